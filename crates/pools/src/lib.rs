//! # testspace-pools
//!
//! Pools seeded from the code: the literal constants of a crate's own code and the boundary
//! values of a subject's parameter types join the small default values, so that a guard such
//! as `if amount > 100` or a `u8` that wraps at 255 is reachable without hand-picked pools.
//!
//! Constants are the integer and string literals of the crate's functions (its module tree,
//! tests left out), counted; literals inside macro calls (format strings, `assert!`
//! messages), attributes, patterns, types and array lengths are not read. The most frequent ones are taken
//! (ties by value), up to [`MAX_INT_CONSTANTS`] and [`MAX_STRING_CONSTANTS`]. Boundaries are
//! the smallest and largest value of each integer parameter type, where the `int` pool (an
//! `i32`) can hold them: `u8` gives 255, `i8` −128 and 127, `i16` and `u16` theirs, signed
//! types of 32 bits or more `i32::MIN` and `i32::MAX`; an unsigned type of 32 bits or more
//! has no largest value an `int` holds, and its smallest, 0, is a default already.

#![warn(missing_docs)]

use std::collections::BTreeMap;

use syn::visit::{self, Visit};

/// The `int` pool's values before any seeding.
pub const DEFAULT_INTS: [i32; 4] = [0, 1, 2, -1];
/// The `string` pool's values before any seeding.
pub const DEFAULT_STRINGS: [&str; 3] = ["", "a", "ab"];
/// Integer constants taken at most.
pub const MAX_INT_CONSTANTS: usize = 6;
/// String constants taken at most.
pub const MAX_STRING_CONSTANTS: usize = 3;
/// The longest string constant taken, in characters.
pub const MAX_STRING_LENGTH: usize = 24;

/// The literals of a crate's code, each with the number of times it occurs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Constants {
    /// Integer literals that fit an `i32`.
    pub ints: BTreeMap<i32, usize>,
    /// String literals of at most [`MAX_STRING_LENGTH`] characters.
    pub strings: BTreeMap<String, usize>,
}

/// A pool value and where it comes from, for the context file's comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seeded<T> {
    /// The value.
    pub value: T,
    /// `default`, `u8's largest`, `a constant of the crate (3 times)`.
    pub origin: String,
}

/// The literals of `node` (a file, a module, an impl block: any syntax `visit` walks),
/// added to `constants`.
pub fn mine<N: ?Sized>(constants: &mut Constants, node: &N, visit: fn(&mut Miner, &N)) {
    let mut miner = Miner {
        constants: std::mem::take(constants),
    };
    visit(&mut miner, node);
    *constants = miner.constants;
}

/// The literals of an impl block ([`mine`]).
pub fn impl_constants(block: &syn::ItemImpl) -> Constants {
    let mut constants = Constants::default();
    mine(&mut constants, block, |m, b| m.visit_item_impl(b));
    constants
}

/// The visitor that counts literals ([`mine`]).
#[derive(Default)]
pub struct Miner {
    constants: Constants,
}

fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| a.path().is_ident("test"))
        || testspace_instrument::syntax::is_cfg_test(attrs)
}

impl<'ast> Visit<'ast> for Miner {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs: &[syn::Attribute] = match item {
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Const(c) => &c.attrs,
            syn::Item::Static(s) => &s.attrs,
            _ => &[],
        };
        if !is_test_only(attrs) {
            visit::visit_item(self, item);
        }
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        if !is_test_only(&f.attrs) {
            visit::visit_impl_item_fn(self, f);
        }
    }

    fn visit_lit(&mut self, lit: &'ast syn::Lit) {
        match lit {
            syn::Lit::Int(int) => {
                if let Ok(value) = int.base10_parse::<i32>() {
                    *self.constants.ints.entry(value).or_default() += 1;
                }
            }
            syn::Lit::Str(text) => {
                let value = text.value();
                if value.chars().count() <= MAX_STRING_LENGTH {
                    *self.constants.strings.entry(value).or_default() += 1;
                }
            }
            _ => {}
        }
    }

    fn visit_expr_unary(&mut self, unary: &'ast syn::ExprUnary) {
        // `-5` is a literal 5 under a negation: count it as −5.
        if let (syn::UnOp::Neg(_), syn::Expr::Lit(lit)) = (&unary.op, &*unary.expr)
            && let syn::Lit::Int(int) = &lit.lit
        {
            if let Ok(value) = int.base10_parse::<i64>()
                && let Ok(value) = i32::try_from(-value)
            {
                *self.constants.ints.entry(value).or_default() += 1;
            }
            return;
        }
        visit::visit_expr_unary(self, unary);
    }

    fn visit_expr_repeat(&mut self, repeat: &'ast syn::ExprRepeat) {
        // `[x; N]`: N is a length, like an array type's.
        self.visit_expr(&repeat.expr);
    }

    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
    fn visit_pat(&mut self, _: &'ast syn::Pat) {}
    fn visit_type(&mut self, _: &'ast syn::Type) {}
    fn visit_macro(&mut self, _: &'ast syn::Macro) {}
}

/// The smallest and largest value of an integer type that an `int` pool can hold and is
/// not a default, with the origin's wording.
fn boundaries(ty: &str) -> Vec<(i32, String)> {
    let both = |min: i32, max: i32| {
        vec![
            (min, format!("{ty}'s smallest")),
            (max, format!("{ty}'s largest")),
        ]
    };
    match ty {
        "u8" => vec![(255, "u8's largest".to_string())],
        "i8" => both(-128, 127),
        "u16" => vec![(65535, "u16's largest".to_string())],
        "i16" => both(-32768, 32767),
        "i32" | "i64" | "i128" | "isize" => both(i32::MIN, i32::MAX),
        _ => Vec::new(),
    }
}

/// The `int` pool of a subject whose parameters have the types `types` (as written, in
/// order of first use; `Option<u8>` counts as `u8`): the defaults, the boundaries of the
/// integer types, then the most frequent integer constants; no value twice.
pub fn int_pool(types: &[String], constants: &Constants) -> Vec<Seeded<i32>> {
    let mut pool: Vec<Seeded<i32>> = DEFAULT_INTS
        .iter()
        .map(|&value| Seeded {
            value,
            origin: "default".to_string(),
        })
        .collect();
    let add = |pool: &mut Vec<Seeded<i32>>, value: i32, origin: String| {
        if !pool.iter().any(|s| s.value == value) {
            pool.push(Seeded { value, origin });
        }
    };
    for ty in types {
        let ty = ty.trim_start_matches("Option<").trim_end_matches('>');
        for (value, origin) in boundaries(ty) {
            add(&mut pool, value, origin);
        }
    }
    let mut frequent: Vec<(&i32, &usize)> = constants
        .ints
        .iter()
        .filter(|(value, _)| !pool.iter().any(|s| s.value == **value))
        .collect();
    frequent.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (&value, &count) in frequent.into_iter().take(MAX_INT_CONSTANTS) {
        add(&mut pool, value, occurrences(count));
    }
    pool
}

/// The `string` pool: the defaults, then the crate's most frequent string constants.
pub fn string_pool(constants: &Constants) -> Vec<Seeded<String>> {
    let mut pool: Vec<Seeded<String>> = DEFAULT_STRINGS
        .iter()
        .map(|value| Seeded {
            value: value.to_string(),
            origin: "default".to_string(),
        })
        .collect();
    let mut frequent: Vec<(&String, &usize)> = constants
        .strings
        .iter()
        .filter(|(value, _)| !DEFAULT_STRINGS.contains(&value.as_str()))
        .collect();
    frequent.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (value, &count) in frequent.into_iter().take(MAX_STRING_CONSTANTS) {
        pool.push(Seeded {
            value: value.clone(),
            origin: occurrences(count),
        });
    }
    pool
}

fn occurrences(count: usize) -> String {
    match count {
        1 => "a constant of the crate (once)".to_string(),
        n => format!("a constant of the crate ({n} times)"),
    }
}
