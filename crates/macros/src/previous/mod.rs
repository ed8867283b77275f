//! `#[testspace::previous(against = "git:REV")]` on the module holding a subject: the same
//! module at revision REV of the crate's git repository, compiled in beside it as a hidden
//! sibling, and the subject's unit pairing the two (`testspace::subject::Previous`;
//! docs/own-crate.md, "The previous release"). `against = "crates.io:VERSION"` reads it in
//! the crate's release VERSION, which `testspace previous fetch` unpacked beforehand into
//! `.testspace-previous/NAME-VERSION/` (a proc macro does not download during a build).
//!
//! The previous module is read with `git show REV:FILE` (nothing is written to disk), its
//! testspace attributes removed (it may carry them or predate them), and an adapter added:
//! a newtype of the previous type whose methods are the current subject's signatures,
//! each calling the previous type's method of the same name, or, where the previous
//! release has no such method or another signature, listed as not compared with the
//! reason.

mod adapter;

use std::path::{Path, PathBuf};
use std::process::Command;

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, format_ident, quote};
use syn::{Item, ItemImpl, ItemMod, LitStr};

/// Expands the attribute.
pub(crate) fn expand(attr: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    let against = parse_against(attr)?;
    let mut module: ItemMod = syn::parse2(item).map_err(|e| {
        syn::Error::new(
            e.span(),
            "#[testspace::previous] goes on an inline module holding the subject: `mod meter { … }`",
        )
    })?;
    let Some((_, items)) = &module.content else {
        return Err(syn::Error::new_spanned(
            &module,
            "#[testspace::previous] needs the module inline (`mod meter { … }`): an attribute cannot read `mod meter;`'s file",
        ));
    };
    if let Some(attr) = module.attrs.iter().find(|a| is_named(a, "mutants")) {
        return Err(syn::Error::new_spanned(
            attr,
            "#[testspace::previous] and #[testspace::mutants] cannot share a module yet: the previous release is an oracle of gold, and the mutants have their own (gold); put the type in two modules, or drop one attribute",
        ));
    }
    let subjects: Vec<&ItemImpl> = items
        .iter()
        .filter_map(|item| match item {
            Item::Impl(i) if i.attrs.iter().any(|a| is_named(a, "subject")) => Some(i),
            _ => None,
        })
        .collect();
    let [subject] = subjects[..] else {
        return Err(syn::Error::new_spanned(
            &module.ident,
            format!(
                "#[testspace::previous] needs exactly one #[testspace::subject] impl block in the module, and it has {}",
                subjects.len()
            ),
        ));
    };
    let subject = subject.clone();
    let file = source_file(&module, &against.literal)?;
    let previous = previous_module(&against, &file, &module.ident)?;
    let class = class_name(&subject)?;
    let adapted = adapter::adapt(&subject, &previous, &class)?;
    mark_without_unit(&mut module);
    let commit = previous.commit.clone();
    let sibling = sibling(&module.ident, previous, &adapted.items);
    let place = Place {
        against: &against,
        file: &file,
        commit: &commit,
    };
    let declared = declared(&module, &subject, &place, &adapted.not_compared);
    Ok(quote!(#module #sibling #declared))
}

/// The declaration `against = "git:REV"` or `against = "crates.io:VERSION"`.
struct Against {
    literal: LitStr,
    source: Source,
}

/// Where the previous release is read.
#[derive(Debug, PartialEq, Eq)]
enum Source {
    /// A revision of the crate's git repository.
    Git(String),
    /// A release of the crate on crates.io, unpacked by `testspace previous fetch`.
    CratesIo(String),
}

fn parse_against(attr: TokenStream) -> syn::Result<Against> {
    let mut literal: Option<LitStr> = None;
    let parser = syn::meta::parser(|meta| {
        if meta.path.is_ident("against") {
            literal = Some(meta.value()?.parse()?);
            Ok(())
        } else {
            Err(meta.error(
                "unknown argument of #[testspace::previous]; it is `against = \"git:REV\"` (a revision of this crate's git repository) or `against = \"crates.io:VERSION\"` (a release of this crate), whose module answers as the reference",
            ))
        }
    });
    syn::parse::Parser::parse2(parser, attr)?;
    let Some(literal) = literal else {
        return Err(syn::Error::new(
            Span::call_site(),
            "#[testspace::previous] needs `against = \"git:REV\"` or `against = \"crates.io:VERSION\"`",
        ));
    };
    let value = literal.value();
    let source = match value.split_once(':') {
        Some(("git", rev)) if !rev.trim().is_empty() && !rev.starts_with('-') => {
            Source::Git(rev.to_string())
        }
        Some(("crates.io", version)) if is_version(version) => {
            Source::CratesIo(version.to_string())
        }
        Some(("crates.io", version)) => {
            return Err(syn::Error::new_spanned(
                &literal,
                format!(
                    "`{version}` is no release: write `crates.io:MAJOR.MINOR.PATCH`, the exact version of this crate on crates.io (e.g. `crates.io:0.3.1`)"
                ),
            ));
        }
        _ => {
            return Err(syn::Error::new_spanned(
                &literal,
                format!(
                    "`{value}` is no revision: write `git:REV`, a commit or tag of this crate's git repository, or `crates.io:VERSION`, a release of this crate"
                ),
            ));
        }
    };
    Ok(Against { literal, source })
}

/// Whether `text` is an exact semver version: `MAJOR.MINOR.PATCH`, then optionally `-PRE`
/// and `+BUILD` of ASCII letters, digits, `.` and `-`.
fn is_version(text: &str) -> bool {
    let (core, rest) = match text.find(['-', '+']) {
        Some(at) => text.split_at(at),
        None => (text, ""),
    };
    let numbers: Vec<&str> = core.split('.').collect();
    numbers.len() == 3
        && numbers
            .iter()
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        && rest.len() != 1
        && rest
            .bytes()
            .skip(1)
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'+'))
}

/// The module's file: relative to the crate root, with `/`, and the root.
struct SourceFile {
    relative: String,
    crate_root: PathBuf,
}

fn source_file(module: &ItemMod, at: &LitStr) -> syn::Result<SourceFile> {
    let refuse = |why: &str| {
        syn::Error::new_spanned(
            at,
            format!("#[testspace::previous] cannot find this module's file: {why}"),
        )
    };
    let path = module
        .ident
        .span()
        .local_file()
        .ok_or_else(|| refuse("it comes from no file on disk"))?;
    let path = match std::env::current_dir() {
        Ok(dir) if path.is_relative() => dir.join(path),
        _ => path,
    };
    let crate_root = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR")
            .ok_or_else(|| refuse("CARGO_MANIFEST_DIR is not set"))?,
    );
    let relative = path
        .strip_prefix(&crate_root)
        .map_err(|_| refuse("it lies outside the crate root"))?
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/");
    Ok(SourceFile {
        relative,
        crate_root,
    })
}

/// Runs git in `root` with `args`: its standard output, or its first line of error.
fn git(root: &Path, args: &[&str]) -> Result<String, String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(args)
        .output()
        .map_err(|e| format!("git could not be run: {e}"))?;
    if output.status.success() {
        return String::from_utf8(output.stdout).map_err(|_| "git's output is not UTF-8".into());
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    Err(stderr.lines().next().unwrap_or("git failed").to_string())
}

/// The module `ident` of the file at the declared revision, with its commit.
struct PreviousModule {
    commit: String,
    module: ItemMod,
}

fn previous_module(
    against: &Against,
    file: &SourceFile,
    ident: &syn::Ident,
) -> syn::Result<PreviousModule> {
    let rev = match &against.source {
        Source::Git(rev) => rev,
        Source::CratesIo(version) => {
            let name = std::env::var("CARGO_PKG_NAME").map_err(|_| {
                syn::Error::new_spanned(&against.literal, "CARGO_PKG_NAME is not set")
            })?;
            return released_module(&name, version, &against.literal, file, ident);
        }
    };
    let at = &against.literal;
    let refuse = |message: String| syn::Error::new_spanned(at, message);
    let commit = git(
        &file.crate_root,
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            &format!("{rev}^{{commit}}"),
        ],
    )
    .map_err(|e| {
        let why = if e == "git failed" {
            String::new()
        } else {
            format!(" ({e})")
        };
        refuse(format!(
            "revision `{rev}` does not exist in the git repository of {}{why}",
            file.crate_root.display()
        ))
    })?;
    let commit = commit.trim().to_string();
    let text = git(
        &file.crate_root,
        &["show", &format!("{commit}:./{}", file.relative)],
    )
    .map_err(|e| {
        refuse(format!(
            "{} does not exist at revision `{rev}` ({}): {e}",
            file.relative,
            &commit[..commit.len().min(12)]
        ))
    })?;
    let parsed = syn::parse_file(&text).map_err(|e| {
        refuse(format!(
            "{} at revision `{rev}` does not parse: {e}",
            file.relative
        ))
    })?;
    let module = find_module(parsed.items, ident).ok_or_else(|| {
        refuse(format!(
            "{} at revision `{rev}` has no inline module `{ident}`",
            file.relative
        ))
    })?;
    Ok(PreviousModule { commit, module })
}

/// The folder, beside the crate's manifest, where `testspace previous fetch` unpacks the
/// releases (`testspace::subject::previous::fetch::FOLDER`), and the mark holding each one's
/// checksum (`…::MARK`).
const FETCHED: &str = ".testspace-previous";
const FETCHED_MARK: &str = ".testspace-checksum";

/// The module `ident` of the file in release `version` of crate `name`, unpacked by
/// `testspace previous fetch`, with the release's checksum in place of a commit.
fn released_module(
    name: &str,
    version: &str,
    at: &LitStr,
    file: &SourceFile,
    ident: &syn::Ident,
) -> syn::Result<PreviousModule> {
    let refuse = |message: String| syn::Error::new_spanned(at, message);
    let release = file
        .crate_root
        .join(FETCHED)
        .join(format!("{name}-{version}"));
    let checksum = std::fs::read_to_string(release.join(FETCHED_MARK)).map_err(|_| {
        refuse(format!(
            "release {version} of {name} has not been fetched yet: run `testspace previous fetch` in {} (it brings the crates.io releases these declarations name into {FETCHED}/, and says so if crates.io has no release {version})",
            file.crate_root.display()
        ))
    })?;
    let text = std::fs::read_to_string(release.join(&file.relative)).map_err(|e| {
        refuse(format!(
            "{} does not exist in release {version} of {name} ({FETCHED}/{name}-{version}): {e}",
            file.relative
        ))
    })?;
    let parsed = syn::parse_file(&text).map_err(|e| {
        refuse(format!(
            "{} in release {version} of {name} does not parse: {e}",
            file.relative
        ))
    })?;
    let module = find_module(parsed.items, ident).ok_or_else(|| {
        refuse(format!(
            "{} in release {version} of {name} has no inline module `{ident}`",
            file.relative
        ))
    })?;
    Ok(PreviousModule {
        commit: checksum.trim().to_string(),
        module,
    })
}

/// The first inline module named `ident` among `items`, depth first.
fn find_module(items: Vec<Item>, ident: &syn::Ident) -> Option<ItemMod> {
    for item in items {
        if let Item::Mod(m) = item {
            if &m.ident == ident && m.content.is_some() {
                return Some(m);
            }
            if let Some((_, inner)) = m.content
                && let Some(found) = find_module(inner, ident)
            {
                return Some(found);
            }
        }
    }
    None
}

/// Whether `attr` is `#[testspace::NAME]` or `#[NAME]`.
fn is_named(attr: &syn::Attribute, name: &str) -> bool {
    let segments: Vec<String> = attr
        .path()
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    segments == [name] || segments == ["testspace", name]
}

/// The subject's class name: its `name = "…"` or its type's last identifier.
fn class_name(subject: &ItemImpl) -> syn::Result<String> {
    let attr = subject
        .attrs
        .iter()
        .find(|a| is_named(a, "subject"))
        .expect("found by it");
    let mut name = None;
    if let syn::Meta::List(_) = &attr.meta {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("name") {
                name = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if meta.input.peek(syn::Token![=]) {
                // Another argument (`model = M`): the subject attribute checks it.
                meta.value()?.parse::<syn::Expr>()?;
            }
            Ok(())
        })?;
    }
    match (name, &*subject.self_ty) {
        (Some(name), _) => Ok(name),
        (None, syn::Type::Path(p)) => {
            Ok(p.path.segments.last().expect("a segment").ident.to_string())
        }
        (None, other) => Err(syn::Error::new_spanned(
            other,
            "#[testspace::previous] needs the subject named by a path (`impl Meter`)",
        )),
    }
}

/// Marks the module's subject `without_unit`: this attribute writes its unit.
fn mark_without_unit(module: &mut ItemMod) {
    for item in &mut module.content.as_mut().expect("inline").1 {
        if let Item::Impl(i) = item {
            for attr in i.attrs.iter_mut().filter(|a| is_named(a, "subject")) {
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

/// The previous module as a hidden sibling `__testspace_previous_NAME`, its testspace
/// attributes removed, with the adapter's items.
fn sibling(ident: &syn::Ident, previous: PreviousModule, adapter: &TokenStream) -> TokenStream {
    let mut module = previous.module;
    strip_testspace(&mut module);
    let name = format_ident!("__testspace_previous_{}", ident);
    let items = &module.content.as_ref().expect("inline").1;
    let cfgs = module.attrs.iter().filter(|a| a.path().is_ident("cfg"));
    quote! {
        #(#cfgs)*
        #[doc(hidden)]
        #[allow(missing_docs, unused, warnings, clippy::all, clippy::pedantic)]
        mod #name {
            #(#items)*
            #adapter
        }
    }
}

/// Removes every testspace attribute (`#[testspace::…]`, `#[testspace(…)]`) in `module`.
fn strip_testspace(module: &mut ItemMod) {
    struct Strip;
    impl syn::visit_mut::VisitMut for Strip {
        fn visit_attributes_mut(&mut self, attrs: &mut Vec<syn::Attribute>) {
            attrs.retain(|a| {
                a.path()
                    .segments
                    .first()
                    .is_none_or(|s| s.ident != "testspace")
            });
        }
    }
    syn::visit_mut::VisitMut::visit_item_mod_mut(&mut Strip, module);
}

/// Where the declaration is and what it resolved to.
struct Place<'a> {
    against: &'a Against,
    file: &'a SourceFile,
    commit: &'a str,
}

/// The `Declared` impl: the current subject paired with the previous release's adapter.
fn declared(
    module: &ItemMod,
    subject: &ItemImpl,
    place: &Place<'_>,
    not_compared: &[(String, String)],
) -> TokenStream {
    let m = &module.ident;
    let sibling = format_ident!("__testspace_previous_{}", m);
    let ty = subject.self_ty.to_token_stream();
    let (names, reasons): (Vec<_>, Vec<_>) = not_compared.iter().cloned().unzip();
    let against_text = place.against.literal.value();
    let line = place.against.literal.span().start().line as u32;
    let relative = &place.file.relative;
    let commit = place.commit;
    quote! {
        impl ::testspace::subject::Declared for #m::#ty {
            fn unit() -> ::std::boxed::Box<dyn ::testspace::subject::Unit> {
                ::std::boxed::Box::new(::testspace::subject::Previous::new(
                    ::std::boxed::Box::new(::testspace::subject::SubjectUnit::<#m::#ty>::new()),
                    ::std::boxed::Box::new(
                        ::testspace::subject::SubjectUnit::<#sibling::__TestspacePrevious>::new(),
                    ),
                    &[#((#names, #reasons)),*],
                    ::testspace::subject::previous::Declaration {
                        against: #against_text,
                        commit: #commit,
                        file: #relative,
                        line: #line,
                        crate_root: ::core::env!("CARGO_MANIFEST_DIR"),
                    },
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn against(text: &str) -> syn::Result<Against> {
        parse_against(quote!(against = #text))
    }

    #[test]
    fn a_git_revision_or_a_crates_io_release_is_a_declaration() {
        assert_eq!(
            against("git:v1.2").unwrap().source,
            Source::Git("v1.2".into())
        );
        for version in ["1.2.3", "0.10.0-alpha.1", "1.0.0+build.5"] {
            assert_eq!(
                against(&format!("crates.io:{version}")).unwrap().source,
                Source::CratesIo(version.into())
            );
        }
        for wrong in ["1.2", "", "v1.2.3", "1.2.3-", "1.x.3", "1.2.3 "] {
            let error = against(&format!("crates.io:{wrong}"))
                .err()
                .unwrap()
                .to_string();
            assert!(
                error.starts_with(&format!("`{wrong}` is no release")),
                "{wrong}: {error}"
            );
        }
        for wrong in ["1.2.3", "git:", "git:--all"] {
            let error = against(wrong).err().unwrap().to_string();
            assert!(error.contains("is no revision"), "{wrong}: {error}");
        }
        let unknown = parse_against(quote!(version = "1")).err().unwrap();
        assert!(
            unknown.to_string().contains("unknown argument"),
            "{unknown}"
        );
    }

    /// A scratch git repository with `src/lib.rs` holding `text`, committed and tagged `v1`.
    fn repository(name: &str, text: &str) -> SourceFile {
        let root = std::env::temp_dir().join(format!(
            "testspace-previous-git-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::write(root.join("src/lib.rs"), text).unwrap();
        for args in [
            &["init", "-q"][..],
            &["add", "."],
            &[
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@t",
                "commit",
                "-qm",
                "v1",
            ],
            &["tag", "v1"],
        ] {
            git(&root, args).unwrap();
        }
        SourceFile {
            relative: "src/lib.rs".into(),
            crate_root: root,
        }
    }

    #[test]
    fn the_module_is_read_at_the_revision_and_every_miss_is_named() {
        let file = repository(
            "read",
            "pub mod outer { pub mod meter { pub struct Meter; } }\n",
        );
        let ident: syn::Ident = syn::parse_quote!(meter);
        let found = previous_module(&against("git:v1").unwrap(), &file, &ident).unwrap();
        assert_eq!(found.commit.len(), 40);
        assert_eq!(found.module.ident, "meter");
        let miss = |rev: &str, file: &SourceFile, ident: &syn::Ident| {
            previous_module(&against(rev).unwrap(), file, ident)
                .err()
                .unwrap()
                .to_string()
        };
        let error = miss("git:v9", &file, &ident);
        assert!(
            error.starts_with("revision `v9` does not exist in the git repository of "),
            "{error}"
        );
        let other: syn::Ident = syn::parse_quote!(gauge);
        let error = miss("git:v1", &file, &other);
        assert_eq!(
            error,
            "src/lib.rs at revision `v1` has no inline module `gauge`"
        );
        let moved = SourceFile {
            relative: "src/main.rs".into(),
            crate_root: file.crate_root.clone(),
        };
        let error = miss("git:v1", &moved, &ident);
        assert!(
            error.starts_with("src/main.rs does not exist at revision `v1` ("),
            "{error}"
        );
        std::fs::remove_dir_all(&file.crate_root).unwrap();
    }

    #[test]
    fn the_module_is_read_in_the_fetched_release_and_every_miss_is_named() {
        let root = std::env::temp_dir().join(format!(
            "testspace-previous-crates-io-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&root);
        let file = SourceFile {
            relative: "src/lib.rs".into(),
            crate_root: root.clone(),
        };
        let at: LitStr = syn::parse_quote!("crates.io:0.1.0");
        let ident: syn::Ident = syn::parse_quote!(meter);
        let read = |version: &str, file: &SourceFile, ident: &syn::Ident| {
            released_module("meterlib", version, &at, file, ident)
        };
        let miss = |version: &str, file: &SourceFile, ident: &syn::Ident| {
            read(version, file, ident).err().unwrap().to_string()
        };
        let error = miss("0.1.0", &file, &ident);
        assert!(
            error.starts_with("release 0.1.0 of meterlib has not been fetched yet: run `testspace previous fetch` in "),
            "{error}"
        );
        let release = root.join(FETCHED).join("meterlib-0.1.0");
        std::fs::create_dir_all(release.join("src")).unwrap();
        std::fs::write(release.join(FETCHED_MARK), "abc123").unwrap();
        std::fs::write(
            release.join("src/lib.rs"),
            "pub mod outer { pub mod meter { pub struct Meter; } }\n",
        )
        .unwrap();
        let found = read("0.1.0", &file, &ident).unwrap();
        assert_eq!(found.commit, "abc123");
        assert_eq!(found.module.ident, "meter");
        let error = miss("0.2.0", &file, &ident);
        assert!(
            error.starts_with("release 0.2.0 of meterlib has not"),
            "{error}"
        );
        let other: syn::Ident = syn::parse_quote!(gauge);
        assert_eq!(
            miss("0.1.0", &file, &other),
            "src/lib.rs in release 0.1.0 of meterlib has no inline module `gauge`"
        );
        let moved = SourceFile {
            relative: "src/main.rs".into(),
            crate_root: root.clone(),
        };
        let error = miss("0.1.0", &moved, &ident);
        assert!(
            error.starts_with(
                "src/main.rs does not exist in release 0.1.0 of meterlib (.testspace-previous/meterlib-0.1.0): "
            ),
            "{error}"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn the_previous_module_loses_its_testspace_attributes() {
        let mut module: ItemMod = syn::parse_quote! {
            mod meter {
                #[testspace::subject(model = M)]
                impl Meter {
                    #[testspace(skip)]
                    pub fn f(&self) {}
                }
            }
        };
        strip_testspace(&mut module);
        let text = module.to_token_stream().to_string();
        assert!(!text.contains("testspace"), "{text}");
    }
}
