//! Glue: the items of a subject file that only declare the unit to the harness (the
//! analogue of the paper's wrapper classes, which were neither counted nor mutated). The
//! mutant schemata and the coverage copy copy glue unchanged, and SLOC (`testspace::subject::sloc`)
//! leaves its lines out.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::{File, Item};

/// The traits through which a subject declares its methods to the harness: the harness's
/// `Subject`, and the declaration traits of units that share a method table
/// (`SetUnit` in `declarations.rs`, `MapUnit` in `hash_map.rs`, `Class` in `vector.rs`).
pub const DECLARATION_TRAITS: [&str; 5] = ["Subject", "SetUnit", "MapUnit", "Class", "HeapBuild"];

/// The harness types whose presence in a function's signature makes it glue.
const HARNESS_TYPES: [&str; 2] = ["Method", "Value"];

/// Whether `item` is *glue*: code that only declares a unit to the harness, the analogue
/// of the paper's wrapper classes, which were neither counted nor mutated. Glue is
///
/// * an `impl` of one of the [`DECLARATION_TRAITS`], or an `impl` whose self type is
///   `Value<…>` (a result conversion);
/// * the definition of one of the [`DECLARATION_TRAITS`];
/// * a function whose signature names `Method` or `Value` (a method table such as
///   `map_methods`, or an `ok` helper turning a method's result into a harness value).
///
/// Glue is copied into the schemata unchanged (no mutants, no guards) and its lines are
/// not counted as SLOC (`crate::subject::sloc`).
pub fn is_glue(item: &Item) -> bool {
    let last_is = |path: &syn::Path, names: &[&str]| {
        path.segments
            .last()
            .is_some_and(|s| names.iter().any(|n| s.ident == n))
    };
    match item {
        Item::Impl(i) => {
            let declares = i
                .trait_
                .as_ref()
                .is_some_and(|(_, path, _)| last_is(path, &DECLARATION_TRAITS));
            let value = matches!(&*i.self_ty, syn::Type::Path(t) if last_is(&t.path, &["Value"]));
            declares || value
        }
        Item::Trait(t) => DECLARATION_TRAITS.iter().any(|n| t.ident == n),
        Item::Fn(f) => names_any(f.sig.to_token_stream(), &HARNESS_TYPES),
        _ => false,
    }
}

/// Whether `tokens` contain one of the identifiers `names`, at any depth.
pub fn names_any(tokens: TokenStream, names: &[&str]) -> bool {
    tokens.into_iter().any(|tt| match tt {
        proc_macro2::TokenTree::Ident(i) => names.iter().any(|n| i == n),
        proc_macro2::TokenTree::Group(g) => names_any(g.stream(), names),
        _ => false,
    })
}

/// The line ranges (1-based, inclusive, from the first attribute or doc comment to the
/// closing brace) of the glue items ([`is_glue`]) of a parsed file, including those of
/// inline modules.
pub fn glue_lines(file: &File) -> Vec<(usize, usize)> {
    fn collect(items: &[Item], out: &mut Vec<(usize, usize)>) {
        for item in items {
            if is_glue(item) {
                let span = item.span();
                out.push((span.start().line, span.end().line));
            } else if let Item::Mod(m) = item
                && let Some((_, items)) = &m.content
            {
                collect(items, out);
            }
        }
    }
    let mut out = Vec::new();
    collect(&file.items, &mut out);
    out
}
