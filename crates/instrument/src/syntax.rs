//! Syntax helpers shared by the schemata's rewriting (`generate.rs`) and the coverage copy
//! (`coverage_copy.rs`): which items are tests, which conditions are `let` chains, and the
//! inline hint of a rewritten function.

use syn::{BinOp, Expr, Item};

/// Whether the attributes include a `#[cfg(…)]` whose predicate can hold only in a test
/// build ([`requires_test`]).
pub fn is_cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(requires_test)
}

/// Whether `attr` is a `#[cfg(…)]` whose predicate is false unless `test` is set: `test`,
/// `all(…, test, …)`, or `any(…)` of such predicates. `not(test)`, `all(loom, not(test))`
/// and `any(test, feature = "x")` can hold outside tests, so they do not.
pub fn requires_test(attr: &syn::Attribute) -> bool {
    if !attr.path().is_ident("cfg") {
        return false;
    }
    attr.parse_args::<syn::Meta>()
        .is_ok_and(|meta| predicate_requires_test(&meta))
}

fn predicate_requires_test(meta: &syn::Meta) -> bool {
    match meta {
        syn::Meta::Path(path) => path.is_ident("test"),
        syn::Meta::List(list) => {
            let Ok(parts) = list.parse_args_with(
                syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
            ) else {
                return false;
            };
            if list.path.is_ident("all") {
                parts.iter().any(predicate_requires_test)
            } else if list.path.is_ident("any") {
                !parts.is_empty() && parts.iter().all(predicate_requires_test)
            } else {
                false
            }
        }
        syn::Meta::NameValue(_) => false,
    }
}

/// Drops the items under `#[cfg(test)]`, in inline modules too.
pub fn strip_test_items(items: &mut Vec<Item>) {
    items.retain(|item| match item {
        Item::Mod(m) => !is_cfg_test(&m.attrs),
        Item::Fn(f) => !is_cfg_test(&f.attrs),
        Item::Impl(i) => !is_cfg_test(&i.attrs),
        Item::Use(u) => !is_cfg_test(&u.attrs),
        _ => true,
    });
    for item in items {
        if let Item::Mod(syn::ItemMod {
            content: Some((_, inner)),
            ..
        }) = item
        {
            strip_test_items(inner);
        }
    }
}

/// Whether a condition is (or chains) a `let`, which negate-decision leaves alone.
pub fn contains_let(e: &Expr) -> bool {
    match e {
        Expr::Let(_) => true,
        Expr::Binary(b) if matches!(b.op, BinOp::And(_)) => {
            contains_let(&b.left) || contains_let(&b.right)
        }
        Expr::Paren(p) => contains_let(&p.expr),
        _ => false,
    }
}

/// Adds `#[inline]` to a function that has no inline attribute. (A split function of the
/// schemata: its plain copy is as small as the port's function, and the switched copy is
/// out of line; an instrumented function of the coverage copy: see `coverage_copy.rs`.)
pub fn inline(attrs: &mut Vec<syn::Attribute>) {
    if !attrs.iter().any(|a| a.path().is_ident("inline")) {
        attrs.push(syn::parse_quote!(#[inline]));
    }
}

#[cfg(test)]
mod tests {
    use super::requires_test;

    #[test]
    fn only_predicates_false_outside_tests_are_test_only() {
        let judged = |text: &str| {
            let attr: syn::Attribute =
                syn::parse_str::<syn::ItemFn>(&format!("{text} fn f() {{}}"))
                    .unwrap()
                    .attrs
                    .remove(0);
            requires_test(&attr)
        };
        for test_only in [
            "#[cfg(test)]",
            "#[cfg(all(test, feature = \"std\"))]",
            "#[cfg(all(loom, test))]",
            "#[cfg(any(test, all(test, miri)))]",
        ] {
            assert!(judged(test_only), "{test_only}");
        }
        for not_test_only in [
            "#[cfg(not(test))]",
            "#[cfg(not(all(loom, test)))]",
            "#[cfg(any(test, feature = \"testing\"))]",
            "#[cfg(feature = \"test\")]",
            "#[cfg(loom)]",
            "#[inline]",
            "#[cfg_attr(test, derive(Debug))]",
        ] {
            assert!(!judged(not_test_only), "{not_test_only}");
        }
    }
}
