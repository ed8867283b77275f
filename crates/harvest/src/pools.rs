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

use std::collections::BTreeMap;

use syn::visit::{self, Visit};

use crate::adapt::TypePlan;
use crate::api::{HarvestError, ModuleFile, SourceTree, read_module_file};

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

/// Counts the literals of the files `files` of `tree` (a crate's module tree).
///
/// # Errors
/// A file that is missing or does not parse.
pub fn mine_constants(
    tree: &dyn SourceTree,
    files: &[ModuleFile],
) -> Result<Constants, HarvestError> {
    let mut miner = Miner::default();
    for file in files {
        let (_, parsed) = read_module_file(tree, file)?;
        miner.visit_file(&parsed);
    }
    Ok(miner.constants)
}

#[derive(Default)]
struct Miner {
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

/// The integer types of `plan`'s parameters, in order of first use (`Option<u8>` is `u8`).
fn parameter_types(plan: &TypePlan) -> Vec<String> {
    let mut types: Vec<String> = Vec::new();
    for method in &plan.methods {
        for (_, ty) in &method.parameters {
            let ty = ty
                .trim_start_matches("Option<")
                .trim_end_matches('>')
                .to_string();
            if !types.contains(&ty) {
                types.push(ty);
            }
        }
    }
    types
}

/// The `int` pool of `plan`'s context: the defaults, the boundaries of its parameters'
/// integer types, then the crate's most frequent integer constants; no value twice.
pub fn int_pool(plan: &TypePlan, constants: &Constants) -> Vec<Seeded<i32>> {
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
    for ty in parameter_types(plan) {
        for (value, origin) in boundaries(&ty) {
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::PathBuf;

    use super::*;
    use crate::api::read_api;

    fn constants(lib: &str) -> Constants {
        let tree: BTreeMap<PathBuf, String> =
            [(PathBuf::from("src/lib.rs"), lib.to_string())].into();
        let api = read_api(&tree).unwrap();
        mine_constants(&tree, &api.files).unwrap()
    }

    #[test]
    fn literals_of_code_are_counted_but_not_those_of_macros_attributes_patterns_or_tests() {
        let found = constants(
            r#"
            #[repr(align(64))] pub struct Account { balance: i64 }
            const LIMIT: i64 = 100;
            impl Account {
                pub fn deposit(&mut self, amount: i64) -> bool {
                    if amount > 100 { return false; }
                    match amount { 7 => {}, _ => {} }
                    let _: [u8; 16] = [0; 16];
                    self.balance += amount - 100 + -3;
                    assert!(amount != 999, "no {}", 998);
                    let _ = "owner";
                    true
                }
            }
            #[cfg(test)] mod tests { fn t() { let _ = 555; } }
            "#,
        );
        assert_eq!(found.ints.get(&100), Some(&3), "{found:?}");
        assert_eq!(found.ints.get(&-3), Some(&1), "{found:?}");
        assert_eq!(
            found.ints.get(&0),
            Some(&1),
            "the repeat operand only: {found:?}"
        );
        for absent in [64, 7, 16, 999, 998, 555, 3] {
            assert!(!found.ints.contains_key(&absent), "{absent}: {found:?}");
        }
        assert_eq!(found.strings.get("owner"), Some(&1));
        assert!(!found.strings.contains_key("no {}"));
    }

    fn plan_with(parameters: &[&str]) -> TypePlan {
        let methods = parameters
            .iter()
            .map(|ty| crate::adapt::MethodPlan {
                name: "m".into(),
                receiver: "&mut self",
                parameters: vec![("x".into(), ty.to_string())],
                returns: None,
                body: String::new(),
                note: None,
            })
            .collect();
        TypePlan {
            wrapper: "T".into(),
            target: "t::T".into(),
            path: "t::T".into(),
            instantiation: crate::adapt::Instantiation {
                arguments: Vec::new(),
            },
            methods,
            skipped: Vec::new(),
            summary: String::new(),
            refused: None,
        }
    }

    #[test]
    fn boundaries_of_the_parameter_types_join_the_defaults_then_frequent_constants() {
        let mut constants = Constants::default();
        for (value, count) in [
            (100, 3),
            (255, 9),
            (7, 1),
            (8, 1),
            (9, 1),
            (10, 1),
            (11, 1),
            (12, 1),
            (1, 50),
        ] {
            constants.ints.insert(value, count);
        }
        let pool = int_pool(
            &plan_with(&["usize", "Option<u8>", "i64", "u8"]),
            &constants,
        );
        let values: Vec<i32> = pool.iter().map(|s| s.value).collect();
        // Defaults; u8's 255 (once, though also a constant); i64's bounds; then 100 (3
        // times) and the five most frequent others, ties by value.
        assert_eq!(
            values,
            [0, 1, 2, -1, 255, i32::MIN, i32::MAX, 100, 7, 8, 9, 10, 11]
        );
        assert_eq!(pool[4].origin, "u8's largest");
        assert_eq!(pool[7].origin, "a constant of the crate (3 times)");
        assert_eq!(pool[8].origin, "a constant of the crate (once)");
        // No integer parameter, no constant: the defaults alone.
        let plain = int_pool(&plan_with(&["String"]), &Constants::default());
        assert_eq!(plain.len(), DEFAULT_INTS.len());
    }

    #[test]
    fn frequent_short_strings_join_the_string_pool() {
        let mut constants = Constants::default();
        for (value, count) in [("owner", 2), ("a", 9), ("x", 1), ("y", 1), ("z", 1)] {
            constants.strings.insert(value.to_string(), count);
        }
        let values: Vec<String> = string_pool(&constants)
            .into_iter()
            .map(|s| s.value)
            .collect();
        assert_eq!(values, ["", "a", "ab", "owner", "x", "y"]);
    }
}
