//! `#[testspace::mutants]` on an inline module: the module as written (gold), its mutant
//! schemata and its coverage copy, by the syntax pass the ports go through in `build.rs`.
//!
//! The attribute reads the module's text from its file, at its place ([`locate`]), so
//! that mutant locations and probes name the user's lines. The two copies become sibling
//! modules `__testspace_schemata_<module>` and `__testspace_coverage_<module>` (siblings,
//! so that `super::` means the same in all three). The one `#[testspace::subject]` impl
//! of the module is declared in each copy without a unit, and the attribute writes the
//! `testspace::subject::Declared` impl itself, pairing gold with its copies.
//!
//! While `testspace mutate` checks which mutants compile, the schemata copy is written to
//! `$TESTSPACE_CHECK_DIR/<module>.rs` with its line map beside it and `include!`d, so that
//! a compiler error's line names its mutant.

mod catalog;
mod locate;

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, format_ident, quote};
use syn::{Item, ItemImpl, ItemMod};
use testspace_instrument::analysis;
use testspace_instrument::{coverage_copy, schemata};

use self::catalog::Selection;
use self::locate::Located;

/// Expands `#[testspace::mutants]` on `item`.
pub(crate) fn expand(attr: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    if !attr.is_empty() {
        return Err(syn::Error::new_spanned(
            attr,
            "#[testspace::mutants] takes no arguments",
        ));
    }
    let module = module(&item)?;
    let subject = subject_impl(&module)?;
    if !subject_declarable(subject) {
        // Gold alone: its subject attribute reports each error once; copies would repeat
        // them, and a unit pairing them would add errors of its own.
        let mut gold = module.clone();
        without_unit(&mut gold);
        return Ok(quote!(#gold));
    }
    let located = locate::locate(&item)?;
    let name = module.ident.to_string();
    // The pass must see the lines and columns of the text it parses, which only
    // proc-macro2's own tokens carry inside a macro; its results leave it as text.
    proc_macro2::fallback::force();
    let copies = copies(&located, &name);
    proc_macro2::fallback::unforce();
    let copies = copies.map_err(|message| syn::Error::new(Span::call_site(), message))?;
    // `include!`d for `testspace mutate`'s compile check, where assertions being live or
    // not compiles alike.
    let schemata_copy = match &copies.schemata_file {
        Some(path) => quote!(::core::include!(#path);),
        None => live(parse(&copies.schemata)?)?,
    };
    let coverage_copy = live(parse(&copies.coverage)?)?;

    let mut gold = module.clone();
    without_unit(&mut gold);
    syn::visit_mut::VisitMut::visit_item_mod_mut(&mut crate::live::Live, &mut gold);
    let track = copies.selection.catalog.as_ref().map(|path| {
        let path = path.display().to_string();
        quote!(
            const _: &[u8] = ::core::include_bytes!(#path);
        )
    });
    let declared = declared(&module, subject, &located, &copies.selection);
    Ok(quote! {
        #gold
        #schemata_copy
        #coverage_copy
        #track
        #declared
    })
}

/// The module's two copies, as text.
struct Copies {
    /// The schemata copy.
    schemata: String,
    /// Where the schemata copy was written, while `testspace mutate` checks.
    schemata_file: Option<String>,
    /// The coverage copy.
    coverage: String,
    /// The mutants compiled in.
    selection: Selection,
}

/// Runs the syntax pass on the module `name` and renders its copies.
fn copies(located: &Located, name: &str) -> Result<Copies, String> {
    let mut analysis = analysis::analyse(&located.text, &located.file)
        .map_err(|e| format!("parsing the module: {e}"))?;
    let mutants = analysis.mutants();
    let selection = catalog::select(&located.crate_root, name, &mutants)?;
    let enabled = |id: u32| selection.enabled(id);
    let schemata_ident = format_ident!("__testspace_schemata_{name}");
    let coverage_ident = format_ident!("__testspace_coverage_{name}");
    let table = schemata::table(&mutants, &enabled);
    prepare_copy(&mut analysis.rewritten, &schemata_ident, &table)?;
    let probes = coverage_copy::table(&analysis.file, &analysis.coverage.probes);
    prepare_copy(&mut analysis.coverage.file, &coverage_ident, &probes)?;
    let rendered = schemata::render(&analysis, &enabled);
    let schemata_file = match std::env::var_os("TESTSPACE_CHECK_DIR") {
        Some(dir) => Some(write_for_check(&dir.into(), name, &rendered)?),
        None => None,
    };
    Ok(Copies {
        schemata: rendered.text,
        schemata_file,
        coverage: schemata::render_plain(&analysis.coverage.file),
        selection,
    })
}

/// Writes the schemata text and its line map into `dir` for the compile check of
/// `testspace mutate` (a compiler error's line in the text names its mutant); returns the
/// text's path.
fn write_for_check(
    dir: &std::path::PathBuf,
    module: &str,
    rendered: &schemata::Rendered,
) -> Result<String, String> {
    let text = dir.join(format!("{module}.rs"));
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&text, &rendered.text))
        .and_then(|()| std::fs::write(dir.join(format!("{module}.map")), rendered.map_text()))
        .map_err(|e| format!("writing the schemata to {}: {e}", dir.display()))?;
    Ok(text.display().to_string())
}

/// The annotated item as an inline module.
fn module(item: &TokenStream) -> syn::Result<ItemMod> {
    let module: ItemMod = syn::parse2(item.clone()).map_err(|_| {
        syn::Error::new(
            Span::call_site(),
            "#[testspace::mutants] goes on an inline module (`mod name { … }`) holding a type \
             and its #[testspace::subject] impl; on an impl block it cannot copy the type, so \
             move both into a module",
        )
    })?;
    if module.content.is_none() {
        return Err(syn::Error::new_spanned(
            &module,
            "#[testspace::mutants] needs the module's items inline (`mod name { … }`), not in \
             a file of their own (`mod name;`)",
        ));
    }
    Ok(module)
}

/// Whether `attr` is `#[testspace::subject]` or `#[subject]` (with or without arguments).
fn is_subject(attr: &syn::Attribute) -> bool {
    let segments: Vec<String> = attr
        .path()
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    matches!(
        segments.iter().map(String::as_str).collect::<Vec<_>>()[..],
        ["testspace", "subject"] | ["subject"]
    )
}

/// The module's one `#[testspace::subject]` impl.
fn subject_impl(module: &ItemMod) -> syn::Result<&ItemImpl> {
    let items = &module.content.as_ref().expect("inline").1;
    let impls: Vec<&ItemImpl> = items
        .iter()
        .filter_map(|item| match item {
            Item::Impl(i) if i.attrs.iter().any(is_subject) => Some(i),
            _ => None,
        })
        .collect();
    match impls[..] {
        [one] => Ok(one),
        [] => Err(syn::Error::new_spanned(
            &module.ident,
            "this #[testspace::mutants] module declares no subject: put #[testspace::subject] \
             on the impl block of the type under test, inside the module",
        )),
        [_, second, ..] => Err(syn::Error::new_spanned(
            &second.self_ty,
            "a #[testspace::mutants] module holds one subject (its catalog is the unit's): put \
             each subject type in a module of its own",
        )),
    }
}

/// Whether the module's subject impl expands without errors.
fn subject_declarable(subject: &ItemImpl) -> bool {
    let args = subject
        .attrs
        .iter()
        .find(|a| is_subject(a))
        .map(|a| match &a.meta {
            syn::Meta::List(list) => list.tokens.clone(),
            _ => TokenStream::new(),
        })
        .unwrap_or_default();
    crate::subject::declarable(subject, args)
}

/// Marks every `#[testspace::subject]` of the module `without_unit`: the attribute's
/// [`declared`] impl is the unit.
fn without_unit(module: &mut ItemMod) {
    for item in &mut module.content.as_mut().expect("inline").1 {
        if let Item::Impl(i) = item {
            for attr in i.attrs.iter_mut().filter(|a| is_subject(a)) {
                let path = attr.path().clone();
                let args = match &attr.meta {
                    syn::Meta::List(list) if !list.tokens.is_empty() => {
                        let tokens = &list.tokens;
                        quote!(#tokens, without_unit)
                    }
                    _ => quote!(without_unit),
                };
                *attr = syn::parse_quote!(#[#path(#args)]);
            }
        }
    }
}

/// Renames the copy of the module in `file` to `ident`, hides it, quiets its lints, marks
/// its subject `without_unit` and appends the items of `table`.
fn prepare_copy(file: &mut syn::File, ident: &syn::Ident, table: &str) -> Result<(), String> {
    let Some(Item::Mod(copy)) = file.items.first_mut() else {
        return Err("the copy lost its module".into());
    };
    copy.ident = ident.clone();
    copy.vis = syn::Visibility::Inherited;
    copy.attrs.retain(|a| a.path().is_ident("cfg"));
    copy.attrs.push(syn::parse_quote!(#[doc(hidden)]));
    copy.attrs.push(syn::parse_quote!(#[allow(
        missing_docs,
        unused,
        warnings,
        clippy::all,
        clippy::pedantic
    )]));
    without_unit(copy);
    let table: syn::File = syn::parse_str(table).map_err(|e| format!("a copy's table: {e}"))?;
    copy.content.as_mut().expect("inline").1.extend(table.items);
    Ok(())
}

/// Rust text as tokens.
fn parse(text: &str) -> syn::Result<TokenStream> {
    text.parse()
        .map_err(|e| syn::Error::new(Span::call_site(), format!("a copy does not lex: {e}")))
}

/// A copy's items with their debug assertions live ([`crate::live`]); the copies are
/// rewritten after rendering, so that their line maps stay those of the user's text.
fn live(copy: TokenStream) -> syn::Result<TokenStream> {
    let mut file: syn::File = syn::parse2(copy)?;
    syn::visit_mut::VisitMut::visit_file_mut(&mut crate::live::Live, &mut file);
    Ok(file.into_token_stream())
}

/// Whether the module defines `name` with derived `Eq` and `Hash` (then sessions compare
/// objects' states exactly, as the ports registered `[with_states]` do).
fn derives_eq_and_hash(module: &ItemMod, name: &syn::Ident) -> bool {
    let items = &module.content.as_ref().expect("inline").1;
    let attrs = items.iter().find_map(|item| match item {
        Item::Struct(s) if &s.ident == name => Some(&s.attrs),
        Item::Enum(e) if &e.ident == name => Some(&e.attrs),
        _ => None,
    });
    let derived: Vec<String> = attrs
        .into_iter()
        .flatten()
        .filter(|a| a.path().is_ident("derive"))
        .flat_map(|a| {
            a.parse_args_with(
                syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
            )
            .map(|paths| paths.into_iter().collect::<Vec<_>>())
            .unwrap_or_default()
        })
        .filter_map(|p| p.segments.last().map(|s| s.ident.to_string()))
        .collect();
    derived.iter().any(|d| d == "Eq") && derived.iter().any(|d| d == "Hash")
}

/// The `Declared` impl of the subject: gold paired with its schemata and coverage copies.
fn declared(
    module: &ItemMod,
    subject: &ItemImpl,
    located: &Located,
    selection: &Selection,
) -> TokenStream {
    let m = &module.ident;
    let schemata = format_ident!("__testspace_schemata_{}", m);
    let coverage = format_ident!("__testspace_coverage_{}", m);
    let ty = subject.self_ty.to_token_stream();
    let type_name = match &*subject.self_ty {
        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.clone()),
        _ => None,
    };
    let states = type_name
        .filter(|name| derives_eq_and_hash(module, name))
        .map(|_| quote!(.with_states().with_coverage_states::<#coverage::#ty>()));
    // The module's text at its lines (earlier lines empty), so that a line number of a
    // probe or a mutant is a line of `Unit::source` too.
    let source = located
        .text
        .trim_end()
        .lines()
        .map(|line| if line.trim().is_empty() { "" } else { line })
        .collect::<Vec<_>>()
        .join("\n");
    let (file, name) = (&located.file, m.to_string());
    let (start_line, start_column) = (located.start.line, located.start.column);
    let (end_line, end_column) = (located.end.line, located.end.column);
    let state = format_ident!("{}", selection.state.name());
    quote! {
        impl ::testspace::subject::Declared for #m::#ty {
            fn unit() -> ::std::boxed::Box<dyn ::testspace::subject::Unit> {
                ::std::boxed::Box::new(
                    ::testspace::subject::SchemataUnit::<#m::#ty, #schemata::#ty>::new(
                        #schemata::TESTSPACE_MUTANTS,
                    )
                    .with_source(#source)
                    .with_coverage::<#coverage::#ty>(::testspace::subject::probes::ProbeTable {
                        file: #coverage::TESTSPACE_PROBE_FILE,
                        probes: #coverage::TESTSPACE_PROBES,
                    })
                    #states
                    .with_mutants_source(::testspace::subject::MutantsSource {
                        crate_root: ::core::env!("CARGO_MANIFEST_DIR"),
                        file: #file,
                        module: #name,
                        start: (#start_line, #start_column),
                        end: (#end_line, #end_column),
                        catalog: ::testspace::subject::CatalogState::#state,
                    }),
                )
            }
        }
    }
}
