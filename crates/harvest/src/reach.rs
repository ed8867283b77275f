//! Which of a crate's functions a subject's methods can reach, and so which of its mutants no
//! test case of the subject can execute (issue 60: "mutants whose code the public API cannot
//! reach are recorded as such").
//!
//! The analysis is by name and errs on the side of reaching: a function reaches every
//! function of the crate whose name appears anywhere in its body (calls, method calls,
//! paths used as values, tokens of macro calls), whatever type it belongs to. Reached from
//! the start are the functions the wrapper names, every method of a trait impl (called by
//! the language or by std: `drop`, `clone`, `fmt`, `eq`, `next`, operators), and every
//! function named inside a `macro_rules!` definition (its expansions are not read). A mutant
//! is unreachable when the innermost function holding it is not reached; a mutant outside
//! every function counts as reached. So "unreachable" is sound up to code the syntax does
//! not show (macro-generated functions, which carry no mutants either), and "reached" may
//! include functions no call sequence executes.

use std::collections::BTreeSet;

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::visit::Visit;

use crate::api::{HarvestError, ModuleFile, SourceTree, read_module_file};

/// A function of the crate, where it lies and the names its body mentions.
#[derive(Clone, Debug)]
struct Function {
    name: String,
    file: String,
    /// (line, column), both 1-based, of `fn` and of the body's closing brace.
    start: (usize, usize),
    end: (usize, usize),
    mentions: BTreeSet<String>,
    /// A method of a trait impl: called by the language or std, so reached from the start.
    implicit: bool,
}

/// The crate's functions and the names each mentions.
#[derive(Clone, Debug, Default)]
pub struct CallGraph {
    functions: Vec<Function>,
    /// Identifiers inside `macro_rules!` definitions.
    macro_mentions: BTreeSet<String>,
}

/// What [`CallGraph::reach`] found for one set of roots.
#[derive(Clone, Debug)]
pub struct Reach<'a> {
    graph: &'a CallGraph,
    reached: Vec<bool>,
}

impl CallGraph {
    /// Reads every file of `files` (a crate's module tree, as [`crate::read_api`] lists it)
    /// from `tree`; files under a `#[cfg(…)]` are left out, like the instrument pass does.
    ///
    /// # Errors
    /// A file that is missing or does not parse.
    pub fn read(tree: &dyn SourceTree, files: &[ModuleFile]) -> Result<CallGraph, HarvestError> {
        let mut graph = CallGraph::default();
        for file in files.iter().filter(|f| !f.conditional) {
            let (_, parsed) = read_module_file(tree, file)?;
            let mut reader = Reader {
                file: file.path.display().to_string(),
                in_trait_impl: false,
                graph: &mut graph,
            };
            reader.visit_file(&parsed);
        }
        Ok(graph)
    }

    /// The number of functions read.
    pub fn len(&self) -> usize {
        self.functions.len()
    }

    /// Whether no function was read.
    pub fn is_empty(&self) -> bool {
        self.functions.is_empty()
    }

    /// The functions reached from the functions named in `roots` (and the implicit roots of
    /// the module documentation), following mentions to a fixed point.
    pub fn reach(&self, roots: &BTreeSet<String>) -> Reach<'_> {
        let mut reached: Vec<bool> = self
            .functions
            .iter()
            .map(|f| f.implicit || roots.contains(&f.name) || self.macro_mentions.contains(&f.name))
            .collect();
        let mut names: BTreeSet<&str> = BTreeSet::new();
        let mut frontier: Vec<usize> = (0..self.functions.len()).filter(|&i| reached[i]).collect();
        while let Some(i) = frontier.pop() {
            for name in &self.functions[i].mentions {
                if !names.insert(name.as_str()) {
                    continue;
                }
                for (j, f) in self.functions.iter().enumerate() {
                    if !reached[j] && f.name == *name {
                        reached[j] = true;
                        frontier.push(j);
                    }
                }
            }
        }
        Reach {
            graph: self,
            reached,
        }
    }
}

impl Reach<'_> {
    /// How many functions were reached.
    pub fn reached(&self) -> usize {
        self.reached.iter().filter(|&&r| r).count()
    }

    /// Whether the code at `location` (`src/lib.rs:317:19`, as mutant catalogs write it) lies
    /// in a reached function, or in no function at all. An unreadable location counts as
    /// reached.
    pub fn reaches(&self, location: &str) -> bool {
        let Some((file, line, column)) = split_location(location) else {
            return true;
        };
        let innermost = self
            .graph
            .functions
            .iter()
            .enumerate()
            .filter(|(_, f)| f.file == file && f.start <= (line, column) && (line, column) <= f.end)
            .max_by_key(|(_, f)| f.start);
        innermost.is_none_or(|(i, _)| self.reached[i])
    }
}

/// The names mentioned in the bodies of the inherent impls of `wrapper` in `subject_source`
/// (a `subject.rs`, harvested or written by hand): the wrapper's calls into the crate.
///
/// # Errors
/// The source does not parse (the message names the line and column), or holds no impl of
/// `wrapper`.
pub fn wrapper_mentions(subject_source: &str, wrapper: &str) -> Result<BTreeSet<String>, String> {
    let file = syn::parse_file(subject_source).map_err(|e| {
        let start = e.span().start();
        format!("{}:{}: {e}", start.line, start.column + 1)
    })?;
    let mut mentions = BTreeSet::new();
    let mut found = false;
    for item in &file.items {
        let syn::Item::Impl(block) = item else {
            continue;
        };
        let syn::Type::Path(path) = block.self_ty.as_ref() else {
            continue;
        };
        if block.trait_.is_some() || !path.path.is_ident(wrapper) {
            continue;
        }
        found = true;
        for impl_item in &block.items {
            if let syn::ImplItem::Fn(method) = impl_item {
                collect_idents(method.block.to_token_stream(), &mut mentions);
            }
        }
    }
    if found {
        Ok(mentions)
    } else {
        Err(format!("no `impl {wrapper}` block"))
    }
}

fn split_location(location: &str) -> Option<(&str, usize, usize)> {
    let mut parts = location.rsplitn(3, ':');
    let column = parts.next()?.parse().ok()?;
    let line = parts.next()?.parse().ok()?;
    Some((parts.next()?, line, column))
}

fn collect_idents(tokens: TokenStream, into: &mut BTreeSet<String>) {
    for tree in tokens {
        match tree {
            TokenTree::Ident(ident) => {
                into.insert(ident.to_string().trim_start_matches("r#").to_string());
            }
            TokenTree::Group(group) => collect_idents(group.stream(), into),
            TokenTree::Punct(_) | TokenTree::Literal(_) => {}
        }
    }
}

struct Reader<'g> {
    file: String,
    in_trait_impl: bool,
    graph: &'g mut CallGraph,
}

impl Reader<'_> {
    fn record(&mut self, name: &syn::Ident, fn_token: &syn::token::Fn, block: &syn::Block) {
        let start = fn_token.span.start();
        let end = block.brace_token.span.close().end();
        let mut mentions = BTreeSet::new();
        collect_idents(block.to_token_stream(), &mut mentions);
        self.graph.functions.push(Function {
            name: name.to_string(),
            file: self.file.clone(),
            start: (start.line, start.column + 1),
            end: (end.line, end.column + 1),
            mentions,
            implicit: self.in_trait_impl,
        });
    }
}

impl<'ast> Visit<'ast> for Reader<'_> {
    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        let outer = std::mem::replace(&mut self.in_trait_impl, item.trait_.is_some());
        syn::visit::visit_item_impl(self, item);
        self.in_trait_impl = outer;
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        self.record(&item.sig.ident, &item.sig.fn_token, &item.block);
        let outer = std::mem::replace(&mut self.in_trait_impl, false);
        syn::visit::visit_impl_item_fn(self, item);
        self.in_trait_impl = outer;
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        let outer = std::mem::replace(&mut self.in_trait_impl, false);
        self.record(&item.sig.ident, &item.sig.fn_token, &item.block);
        syn::visit::visit_item_fn(self, item);
        self.in_trait_impl = outer;
    }

    fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
        if let Some(block) = &item.default {
            self.record(&item.sig.ident, &item.sig.fn_token, block);
        }
        syn::visit::visit_trait_item_fn(self, item);
    }

    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        if item.mac.path.is_ident("macro_rules") {
            collect_idents(item.mac.tokens.clone(), &mut self.graph.macro_mentions);
        }
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if testspace_instrument::syntax::is_cfg_test(&item.attrs) {
            return;
        }
        syn::visit::visit_item_mod(self, item);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::PathBuf;

    use super::*;
    use crate::api::read_api;

    const CRATE: &str = "pub struct Stack(Vec<i32>);\n\
impl Stack {\n\
    pub fn new() -> Self { Stack(Vec::new()) }\n\
    pub fn push(&mut self, v: i32) { self.grow(); self.0.push(v) }\n\
    fn grow(&mut self) { let x = 1 + 1; }\n\
    pub fn sum(&self) -> i32 { helper(&self.0) }\n\
}\n\
fn helper(v: &[i32]) -> i32 { v.iter().sum::<i32>() + 0 }\n\
fn orphan() -> i32 { 7 + 1 }\n\
impl Clone for Stack { fn clone(&self) -> Self { Stack(copy(&self.0)) } }\n\
fn copy(v: &[i32]) -> Vec<i32> { v.to_vec() }\n\
macro_rules! m { () => { via_macro() } }\n\
fn via_macro() -> i32 { 3 - 1 }\n";

    fn graph() -> CallGraph {
        let files: BTreeMap<PathBuf, String> = [
            (
                "Cargo.toml",
                "[package]\nname = \"stack\"\nversion = \"1.0.0\"\n",
            ),
            ("src/lib.rs", CRATE),
        ]
        .into_iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect();
        let api = read_api(&files).expect("reads");
        CallGraph::read(&files, &api.files).expect("parses")
    }

    fn names(reach: &Reach<'_>) -> Vec<String> {
        reach
            .graph
            .functions
            .iter()
            .zip(&reach.reached)
            .filter(|(_, r)| **r)
            .map(|(f, _)| f.name.clone())
            .collect()
    }

    #[test]
    fn calls_are_followed_from_the_wrapper_names_and_the_implicit_roots() {
        let graph = graph();
        assert_eq!(graph.len(), 9);
        let roots: BTreeSet<String> = ["push".to_string()].into();
        let reach = graph.reach(&roots);
        assert_eq!(
            names(&reach),
            ["push", "grow", "clone", "copy", "via_macro"]
        );
    }

    #[test]
    fn a_location_is_judged_by_its_innermost_function() {
        let graph = graph();
        let reach = graph.reach(&["sum".to_string()].into());
        // `helper`'s `+ 0` on line 8 is reached through `sum`; `orphan`'s `7 + 1` on line 9 is not.
        let helper = CRATE.lines().nth(7).unwrap().find("+ 0").unwrap() + 1;
        let orphan = CRATE.lines().nth(8).unwrap().find("7 + 1").unwrap() + 1;
        assert!(reach.reaches(&format!("src/lib.rs:8:{helper}")));
        assert!(!reach.reaches(&format!("src/lib.rs:9:{orphan}")));
        // `grow` is not reached from `sum` alone.
        let grow = CRATE.lines().nth(4).unwrap().find("1 + 1").unwrap() + 1;
        assert!(!reach.reaches(&format!("src/lib.rs:5:{grow}")));
        // Outside every function, in another file, or unreadable: reached.
        assert!(reach.reaches("src/lib.rs:1:1"));
        assert!(reach.reaches("src/other.rs:9:12"));
        assert!(reach.reaches("nonsense"));
    }

    #[test]
    fn the_wrapper_mentions_come_from_its_own_impl_only() {
        let source = "pub struct S(pub stack::Stack);\n\
            impl Clone for S { fn clone(&self) -> Self { S(self.0.clone()) } }\n\
            #[testspace::subject]\nimpl S {\n    pub fn new() -> Self { S(stack::Stack::new()) }\n    pub fn push(&mut self, v: i32) { self.0.push(v) }\n}\n\
            impl Other { fn sum(&self) {} }";
        let mentions = wrapper_mentions(source, "S").expect("parses");
        assert!(mentions.contains("push") && mentions.contains("new"));
        assert!(!mentions.contains("sum") && !mentions.contains("clone"));
        assert!(wrapper_mentions(source, "Missing").is_err());
        assert!(
            wrapper_mentions("impl {", "S")
                .unwrap_err()
                .starts_with("1:")
        );
    }
}
