//! Syntax helpers shared by the schemata's rewriting (`generate.rs`) and the coverage copy
//! (`coverage_copy.rs`): which items are tests, which conditions are `let` chains, and the
//! inline hint of a rewritten function.

use quote::ToTokens;
use syn::{BinOp, Expr, Item};

/// Whether the attributes include a `cfg` naming `test`.
fn is_cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs
        .iter()
        .any(|a| a.path().is_ident("cfg") && a.meta.to_token_stream().to_string().contains("test"))
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
