//! Pools seeded from the code, for harvested subjects: the shared logic is the crate
//! `testspace-pools` (also used by `#[testspace::subject]`); this module reads a crate's
//! module tree for it and names a plan's parameter types.

use syn::visit::Visit;
pub use testspace_pools::{
    Constants, DEFAULT_INTS, DEFAULT_STRINGS, MAX_INT_CONSTANTS, MAX_STRING_CONSTANTS,
    MAX_STRING_LENGTH, Seeded, string_pool,
};

use crate::adapt::TypePlan;
use crate::api::{HarvestError, ModuleFile, SourceTree, read_module_file};

/// Counts the literals of the files `files` of `tree` (a crate's module tree).
///
/// # Errors
/// A file that is missing or does not parse.
pub fn mine_constants(
    tree: &dyn SourceTree,
    files: &[ModuleFile],
) -> Result<Constants, HarvestError> {
    let mut constants = Constants::default();
    for file in files {
        let (_, parsed) = read_module_file(tree, file)?;
        testspace_pools::mine(&mut constants, &parsed, |m, f| m.visit_file(f));
    }
    Ok(constants)
}

/// The integer types of `plan`'s parameters, in order of first use.
fn parameter_types(plan: &TypePlan) -> Vec<String> {
    let mut types: Vec<String> = Vec::new();
    for method in &plan.methods {
        for (_, ty) in &method.parameters {
            if !types.contains(ty) {
                types.push(ty.clone());
            }
        }
    }
    types
}

/// The `int` pool of `plan`'s context ([`testspace_pools::int_pool`]).
pub fn int_pool(plan: &TypePlan, constants: &Constants) -> Vec<Seeded<i32>> {
    testspace_pools::int_pool(&parameter_types(plan), constants)
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
