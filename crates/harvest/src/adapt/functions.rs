//! A crate's public free functions as one stateless subject: a unit wrapper whose methods
//! call the functions with pool values, so that every call's result is compared with gold's
//! (issue 60: "a crate whose API is free functions gets a stateless subject").

use std::collections::BTreeMap;

use super::{Adapter, Inputs, Instantiation, MethodPlan, Skipped, TypePlan};
use crate::api::{CrateApi, PublicFunction};

/// A functions subject needs at least this many usable functions (as a type needs methods).
pub const MIN_FUNCTIONS: usize = super::MIN_METHODS;

/// The stateless subject of `api`'s public free functions, in the crate whose identifier is
/// `krate` (`strsim`): a wrapper `StrsimFunctions` over `()` with a constructor `new` and one
/// `&self` method per function it can call with pool values, named after the function (its
/// public path joined with `_` where two functions share a name or one is named `new`, and
/// `function_new` for a `new` at the crate's root).
/// `None` when the crate has no public free function; refused when fewer than
/// [`MIN_FUNCTIONS`] are usable.
pub fn plan_functions(api: &CrateApi, krate: &str) -> Option<TypePlan> {
    if api.functions.is_empty() {
        return None;
    }
    let mut plan = TypePlan {
        wrapper: format!("{}Functions", upper_camel(krate)),
        target: "()".to_string(),
        path: krate.to_string(),
        instantiation: Instantiation::default(),
        methods: vec![MethodPlan {
            name: "new".to_string(),
            receiver: "",
            parameters: Vec::new(),
            returns: Some("Self".to_string()),
            body: "Self(())".to_string(),
            note: None,
        }],
        skipped: Vec::new(),
        summary: format!(
            "The public free functions of `{krate}`, called with pool values (stateless)."
        ),
        refused: None,
    };
    let adapter = Adapter {
        api,
        krate,
        ty: None,
        plan: &plan,
    };
    let mut methods = Vec::new();
    let mut skipped = Vec::new();
    for function in &api.functions {
        let name = method_name(api, function);
        match adapter.function(function, &name) {
            Ok(method) => methods.push(method),
            Err(reason) => skipped.push(Skipped {
                method: name,
                reason,
            }),
        }
    }
    plan.methods.extend(methods);
    plan.skipped = skipped;
    let usable = plan.methods.len() - 1;
    if usable < MIN_FUNCTIONS {
        plan.refused = Some(format!(
            "it has {usable} public free function{} the pools can call, fewer than {MIN_FUNCTIONS}",
            if usable == 1 { "" } else { "s" }
        ));
    }
    Some(plan)
}

impl Adapter<'_> {
    /// The wrapper method calling one free function, or why none can.
    fn function(&self, function: &PublicFunction, name: &str) -> Result<MethodPlan, String> {
        let (
            Inputs {
                parameters,
                arguments,
                ..
            },
            output,
        ) = self.signature(&function.sig, &BTreeMap::new())?;
        let (returns, transform) = self.result(&output)?;
        let call = format!(
            "{}::{}({})",
            self.krate,
            function.public_path.join("::"),
            arguments.join(", ")
        );
        Ok(MethodPlan {
            name: name.to_string(),
            receiver: "&self",
            parameters,
            returns,
            body: transform.replace("{}", &call),
            note: None,
        })
    }
}

/// The wrapper method's name: the function's, or its public path joined with `_` where
/// another public function has the same name or the name is the constructor's.
fn method_name(api: &CrateApi, function: &PublicFunction) -> String {
    let shared = api
        .functions
        .iter()
        .filter(|f| f.name == function.name)
        .count()
        > 1;
    if !shared && function.name != "new" {
        return function.name.clone();
    }
    match function.public_path.join("_") {
        joined if joined == "new" => "function_new".to_string(),
        joined => joined,
    }
}

/// `unicode_width` as `UnicodeWidth`.
fn upper_camel(identifier: &str) -> String {
    identifier
        .split('_')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect::<String>()
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::api::read_api;

    fn api(lib: &str) -> CrateApi {
        let files: BTreeMap<PathBuf, String> =
            [(PathBuf::from("src/lib.rs"), lib.to_string())].into();
        read_api(&files).unwrap()
    }

    #[test]
    fn free_functions_become_methods_of_a_unit_wrapper() {
        let api = api("/// Edit distance.\n\
             pub fn levenshtein(a: &str, b: &str) -> usize { 0 }\n\
             pub fn hamming(a: &str, b: &str) -> Result<usize, StrSimError> { Ok(0) }\n\
             pub fn encode(data: &str) -> std::borrow::Cow<'_, str> { data.into() }\n\
             pub fn generic<T: AsRef<str>>(t: T) -> usize { 0 }\n\
             pub fn scale(v: &mut Vec<i32>) {}\n\
             fn private(a: i32) -> i32 { a }\n\
             #[derive(Debug, Clone)] pub struct StrSimError;");
        let plan = plan_functions(&api, "str_sim").unwrap();
        assert_eq!(plan.wrapper, "StrSimFunctions");
        assert_eq!(plan.target, "()");
        assert_eq!(plan.refused, None);
        let names: Vec<&str> = plan.methods.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["new", "encode", "hamming", "levenshtein"]);
        let levenshtein = &plan.methods[3];
        assert_eq!(levenshtein.receiver, "&self");
        assert_eq!(levenshtein.body, "str_sim::levenshtein(a, b)");
        assert_eq!(levenshtein.returns.as_deref(), Some("usize"));
        assert_eq!(
            plan.methods[2].returns.as_deref(),
            Some("Result<usize, str_sim::StrSimError>")
        );
        assert_eq!(plan.methods[1].body, "str_sim::encode(data).into_owned()");
        let skipped: Vec<&str> = plan.skipped.iter().map(|s| s.method.as_str()).collect();
        assert_eq!(skipped, ["generic", "scale"]);
    }

    #[test]
    fn shared_names_are_told_apart_by_their_paths_and_few_functions_are_refused() {
        let codes = api(
            "pub mod hex { pub fn encode(n: u32) -> String { String::new() } }\n\
             pub mod octal { pub fn encode(n: u32) -> String { String::new() } }\n\
             pub fn new(n: i32) -> i32 { n }",
        );
        let plan = plan_functions(&codes, "codes").unwrap();
        let names: Vec<&str> = plan.methods.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["new", "hex_encode", "function_new", "octal_encode"]);
        assert_eq!(plan.methods[1].body, "codes::hex::encode(n)");
        assert_eq!(plan.methods[2].body, "codes::new(n)");

        let few = api("pub fn one(a: i32) -> i32 { a }\npub fn two(a: &mut i32) {}");
        let refused = plan_functions(&few, "few").unwrap();
        assert!(refused.refused.unwrap().contains("1 public free function"));
        assert!(plan_functions(&api_without_functions(), "none").is_none());
    }

    fn api_without_functions() -> CrateApi {
        api("pub struct Unit;")
    }
}
