//! Which functions of a subject file need the entry guard (`guard::enter`: fuel and the
//! stack check) in its mutant schemata: those through which a call cycle — and so an
//! unbounded recursion of a mutant — can pass without meeting another guarded function.
//!
//! A mutant cannot add calls (it replaces an operator or a constant, negates a decision or
//! deletes a statement), so every call cycle of any mutant is a cycle of the gold file's
//! call graph, counting calls that leave the file (to std, to the shared modules, to
//! other subjects) and come back. Code outside the file can call back into it only
//!
//! * through a trait method implemented or defined in the file (`AbstractCollection`'s
//!   default methods calling `contains`, the map core calling `EntryLinks` hooks, std
//!   calling `Clone`, `PartialEq`, `Iterator`, `Deref`, … implicitly or explicitly),
//! * through a function used as a value (`.map(Self::f)`), or
//! * through a closure, which runs the calls written in its body.
//!
//! So the *entry points* — trait methods, functions used as values, functions called in
//! a closure body (unless the closure goes straight to a combinator of a surely
//! `Option`/`Result` value, which calls it before returning and keeps no reference to it),
//! and functions a macro's tokens name (macro arguments are not parsed) — are always
//! guarded, and every other cycle lies among the file's own functions along
//! calls written by name. Those calls are resolved conservatively: `f(…)` to the free
//! functions named `f`; `Self::f(…)` and `T::f(…)` (for a type `T` with impls in the
//! file) to the functions named `f` of that type's impls; a method call to the methods
//! named `f` of its receiver's type when the file tells that type (`self`, a field of one
//! of the file's structs, an element of such a `Vec` field; references, `Box`, `Rc` and
//! `Arc` dereferenced) — none if that type has no impls in the file — and otherwise to
//! every function of the file named `f`. Then, while that graph without the guarded
//! functions has a cycle, one function on a cycle is guarded (a `pub` one first, then
//! the earliest in the file): every cycle ends up with a guarded function.
//! The others get no entry guard: their loops still tick, so fuel still bounds every
//! non-terminating execution, and every recursion still passes a guarded function (fuel
//! and the stack check) at each turn.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit_mut::{self, VisitMut};
use syn::{Expr, File, ImplItem, Item, TraitItem};

use crate::glue::is_glue;

/// A function's key: the 1-based line and 0-based column of its name.
pub type FnKey = (usize, usize);

/// The key of a function named `ident`.
pub fn key(ident: &syn::Ident) -> FnKey {
    let start = ident.span().start();
    (start.line, start.column)
}

/// Who a function belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Owner {
    /// A free function (at any depth).
    Free,
    /// A method of the impls of the type with this name (last path segment).
    Type(String),
    /// A default method of the trait with this name.
    Trait,
}

struct Function {
    key: FnKey,
    name: String,
    owner: Owner,
    /// A trait impl's or a trait's method: callable from outside the file.
    trait_member: bool,
    /// The signature (its parameters are local bindings of the body).
    sig: syn::Signature,
    /// Declared `pub` (in any form): an API method rather than a helper.
    public: bool,
    body: syn::Block,
}

/// Where the schemata of a file need guards beyond loop ticks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// The functions that need the entry guard (by [`key`]); every other non-`const`
    /// function outside glue can do without.
    pub guarded: BTreeSet<FnKey>,
    /// The closures (by [`closure_key`]) passed straight to a combinator of a surely
    /// `Option`/`Result` value: called at most once per call of their function, they
    /// need no tick of their own.
    pub eager_closures: BTreeSet<FnKey>,
}

/// The key of a closure: the position of its first `|`.
pub fn closure_key(c: &syn::ExprClosure) -> FnKey {
    let start = c.or1_token.span.start();
    (start.line, start.column)
}

/// The guard plan of `file` (after its test items are removed).
pub fn plan(file: &File) -> Plan {
    let mut collector = Collector::default();
    collector.visit_file_mut(&mut file.clone());
    let functions = &collector.functions;

    let mut entries: BTreeSet<usize> = BTreeSet::new();
    let mut eager_closures = BTreeSet::new();
    let mut edges: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); functions.len()];
    for (from, function) in functions.iter().enumerate() {
        if function.trait_member {
            entries.insert(from);
        }
        let mut bindings = Bindings::default();
        for input in &function.sig.inputs {
            if let syn::FnArg::Typed(t) = input {
                bindings.names_in(&t.pat, (0, 0));
            }
        }
        bindings.visit_block_mut(&mut function.body.clone());
        let mut calls = Calls {
            functions,
            types: &collector,
            owner: &function.owner,
            bindings: bindings.0,
            edges: BTreeSet::new(),
            entries: BTreeSet::new(),
            eager_closures: BTreeSet::new(),
            closure_depth: 0,
        };
        calls.visit_block_mut(&mut function.body.clone());
        edges[from] = calls.edges;
        entries.extend(calls.entries);
        eager_closures.extend(calls.eager_closures);
    }

    // Break the remaining cycles: one guarded function per cycle is enough. Guard API
    // methods first (called once per harness call) rather than the helpers they loop
    // over, then the earliest in the file, until no cycle avoids the guarded set.
    let mut guarded = entries;
    while let Some(pick) = on_cycles(&edges, &guarded)
        .into_iter()
        .max_by_key(|&v| (functions[v].public, std::cmp::Reverse(v)))
    {
        guarded.insert(pick);
    }
    Plan {
        guarded: guarded.into_iter().map(|i| functions[i].key).collect(),
        eager_closures,
    }
}

/// The nodes on a cycle of the graph without the `removed` nodes (in a strongly
/// connected component of two or more nodes, or with an edge to themselves).
fn on_cycles(edges: &[BTreeSet<usize>], removed: &BTreeSet<usize>) -> BTreeSet<usize> {
    let n = edges.len();
    let reaches = |from: usize| -> Vec<bool> {
        let mut seen = vec![false; n];
        let mut stack: Vec<usize> = edges[from].iter().copied().collect();
        while let Some(v) = stack.pop() {
            if removed.contains(&v) || seen[v] {
                continue;
            }
            seen[v] = true;
            stack.extend(edges[v].iter().copied());
        }
        seen
    };
    // A node is on a cycle iff it reaches itself (files have a few dozen functions).
    (0..n)
        .filter(|&v| !removed.contains(&v) && reaches(v)[v])
        .collect()
}

/// Collects every instrumented function (not glue, not `const`, with a body), and the
/// field types of the file's structs.
#[derive(Default)]
struct Collector {
    functions: Vec<Function>,
    /// The enclosing impl's self type (and whether it is a trait impl), or trait.
    owner: Option<(Owner, bool)>,
    /// Struct name → field name (or tuple index) → type.
    fields: BTreeMap<String, BTreeMap<String, syn::Type>>,
    /// Names of the file's type aliases (whose methods cannot be told by name).
    aliases: BTreeSet<String>,
}

/// The type whose methods a receiver of type `ty` calls: references and the smart
/// pointers `Box`, `Rc`, `Arc` dereference to their target; otherwise the last path segment.
fn method_type(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Reference(r) => method_type(&r.elem),
        syn::Type::Paren(p) => method_type(&p.elem),
        syn::Type::Path(p) => {
            let last = p.path.segments.last()?;
            if ["Box", "Rc", "Arc"].iter().any(|w| last.ident == w)
                && let syn::PathArguments::AngleBracketed(a) = &last.arguments
                && let Some(syn::GenericArgument::Type(inner)) = a.args.first()
            {
                return method_type(inner);
            }
            Some(last.ident.to_string())
        }
        _ => None,
    }
}

/// The element type of a `Vec<T>`, `VecDeque<T>`, slice or array type.
fn element_type(ty: &syn::Type) -> Option<syn::Type> {
    match ty {
        syn::Type::Reference(r) => element_type(&r.elem),
        syn::Type::Slice(s) => Some((*s.elem).clone()),
        syn::Type::Array(a) => Some((*a.elem).clone()),
        syn::Type::Path(p) => {
            let last = p.path.segments.last()?;
            if last.ident != "Vec" && last.ident != "VecDeque" {
                return None;
            }
            match &last.arguments {
                syn::PathArguments::AngleBracketed(a) => match a.args.first()? {
                    syn::GenericArgument::Type(t) => Some(t.clone()),
                    _ => None,
                },
                _ => None,
            }
        }
        _ => None,
    }
}

fn type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        syn::Type::Reference(r) => type_name(&r.elem),
        _ => None,
    }
}

impl VisitMut for Collector {
    fn visit_item_mut(&mut self, item: &mut Item) {
        if is_glue(item) {
            return;
        }
        match item {
            Item::Struct(st) => {
                let fields = st
                    .fields
                    .iter()
                    .enumerate()
                    .map(|(n, f)| {
                        let name = f.ident.as_ref().map_or(n.to_string(), ToString::to_string);
                        (name, f.ty.clone())
                    })
                    .collect();
                self.fields.insert(st.ident.to_string(), fields);
            }
            Item::Type(t) => {
                self.aliases.insert(t.ident.to_string());
            }
            Item::Impl(i) => {
                let owner = type_name(&i.self_ty).map_or(Owner::Free, Owner::Type);
                let outer = self.owner.replace((owner, i.trait_.is_some()));
                visit_mut::visit_item_impl_mut(self, i);
                self.owner = outer;
            }
            Item::Trait(t) => {
                let outer = self.owner.replace((Owner::Trait, true));
                visit_mut::visit_item_trait_mut(self, t);
                self.owner = outer;
            }
            Item::Fn(f) => {
                let public = !matches!(f.vis, syn::Visibility::Inherited);
                self.function(&f.sig, (Owner::Free, false), public, &mut f.block);
            }
            _ => visit_mut::visit_item_mut(self, item),
        }
    }

    fn visit_impl_item_mut(&mut self, item: &mut ImplItem) {
        if let ImplItem::Fn(f) = item {
            let owner = self.owner.clone().unwrap_or((Owner::Free, false));
            let public = !matches!(f.vis, syn::Visibility::Inherited);
            self.function(&f.sig, owner, public, &mut f.block);
        }
    }

    fn visit_trait_item_mut(&mut self, item: &mut TraitItem) {
        if let TraitItem::Fn(f) = item
            && let Some(block) = &mut f.default
        {
            self.function(&f.sig, (Owner::Trait, true), true, block);
        }
    }
}

impl Collector {
    /// Records a function (unless `const`), then the functions nested in its body, which
    /// are free functions.
    fn function(
        &mut self,
        sig: &syn::Signature,
        (owner, trait_member): (Owner, bool),
        public: bool,
        body: &mut syn::Block,
    ) {
        if sig.constness.is_none() {
            self.functions.push(Function {
                key: key(&sig.ident),
                name: sig.ident.to_string(),
                owner,
                trait_member,
                sig: sig.clone(),
                public,
                body: body.clone(),
            });
        }
        let outer = self.owner.take();
        visit_mut::visit_block_mut(self, body);
        self.owner = outer;
    }
}

/// The local bindings of a function (parameters and every pattern of its body), each
/// name with the positions (line, column) where it is bound.
#[derive(Default)]
struct Bindings(BTreeMap<String, Vec<(usize, usize)>>);

impl Bindings {
    fn names_in(&mut self, pat: &syn::Pat, at: (usize, usize)) {
        match pat {
            syn::Pat::Ident(i) => {
                self.0.entry(i.ident.to_string()).or_default().push(at);
                if let Some((_, sub)) = &i.subpat {
                    self.names_in(sub, at);
                }
            }
            _ => {
                // Any identifier inside a compound pattern may be a binding.
                let mut nested = Bindings::default();
                nested.visit_pat_mut(&mut pat.clone());
                for (name, positions) in nested.0 {
                    self.0.entry(name).or_default().extend(positions);
                }
            }
        }
    }
}

impl VisitMut for Bindings {
    fn visit_pat_ident_mut(&mut self, i: &mut syn::PatIdent) {
        let start = i.ident.span().start();
        self.0
            .entry(i.ident.to_string())
            .or_default()
            .push((start.line, start.column));
        visit_mut::visit_pat_ident_mut(self, i);
    }

    fn visit_item_mut(&mut self, _: &mut Item) {}
}

/// The calls of one function body.
struct Calls<'a> {
    functions: &'a [Function],
    /// The file's struct fields and aliases.
    types: &'a Collector,
    owner: &'a Owner,
    /// The body's local bindings ([`Bindings`]).
    bindings: BTreeMap<String, Vec<(usize, usize)>>,
    /// Callees (indices into `functions`).
    edges: BTreeSet<usize>,
    /// Functions this body makes callable from outside (values, closure callees, macros).
    entries: BTreeSet<usize>,
    /// The closures of this body passed to `Option`/`Result` combinators.
    eager_closures: BTreeSet<FnKey>,
    closure_depth: usize,
}

impl Calls<'_> {
    fn named<'b>(&'b self, name: &'b str) -> impl Iterator<Item = usize> + 'b {
        self.functions
            .iter()
            .enumerate()
            .filter(move |(_, f)| f.name == name)
            .map(|(i, _)| i)
    }

    fn of_owner(&self, owner: &Owner, name: &str) -> Vec<usize> {
        self.named(name)
            .filter(|&i| &self.functions[i].owner == owner)
            .collect()
    }

    fn owns_impls(&self, type_name: &str) -> bool {
        self.functions
            .iter()
            .any(|f| f.owner == Owner::Type(type_name.to_string()))
    }

    /// The type of a method call's receiver, where the file tells it: `self`, a field
    /// of a struct of the file, an element of a `Vec`/slice/array field; `None` if unknown.
    fn receiver_type(&self, e: &Expr) -> Option<syn::Type> {
        match e {
            Expr::Path(p) if p.path.is_ident("self") => match self.owner {
                Owner::Type(name) => syn::parse_str(name).ok(),
                _ => None,
            },
            Expr::Field(f) => {
                let base = self.receiver_type(&f.base)?;
                let member = match &f.member {
                    syn::Member::Named(i) => i.to_string(),
                    syn::Member::Unnamed(i) => i.index.to_string(),
                };
                self.types
                    .fields
                    .get(&method_type(&base)?)?
                    .get(&member)
                    .cloned()
            }
            Expr::Index(i) => element_type(&self.receiver_type(&i.expr)?),
            Expr::Paren(p) => self.receiver_type(&p.expr),
            Expr::Reference(r) => self.receiver_type(&r.expr),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => self.receiver_type(&u.expr),
            _ => None,
        }
    }

    /// Whether an expression is surely an `Option` or a `Result`: `Some(…)`, `None`,
    /// `Ok(…)`, `Err(…)`, a field of such a type, or `as_ref`/`as_mut`/`as_deref`/
    /// `copied`/`cloned`/`take` of one.
    fn option_like(&self, e: &Expr) -> bool {
        let named = |path: &syn::Path, names: &[&str]| {
            path.get_ident()
                .is_some_and(|i| names.iter().any(|n| i == n))
        };
        match e {
            Expr::Call(c) => {
                matches!(&*c.func, Expr::Path(p) if named(&p.path, &["Some", "Ok", "Err"]))
            }
            Expr::Path(p) => named(&p.path, &["None"]),
            Expr::Paren(p) => self.option_like(&p.expr),
            Expr::Reference(r) => self.option_like(&r.expr),
            Expr::MethodCall(m) => {
                ["as_ref", "as_mut", "as_deref", "copied", "cloned", "take"]
                    .iter()
                    .any(|n| m.method == n)
                    && self.option_like(&m.receiver)
            }
            Expr::Field(_) => self
                .receiver_type(e)
                .as_ref()
                .and_then(method_type)
                .is_some_and(|t| t == "Option" || t == "Result"),
            _ => false,
        }
    }

    /// The functions a method call `receiver.name(…)` may call: the named methods of the
    /// receiver's type if the file tells it (none if that type has no impls here: its
    /// methods are outside the file, and calls back in go through trait methods, which
    /// are entry points), else every function of the file with that name.
    fn resolve_method(&self, receiver: &Expr, name: &str) -> Vec<usize> {
        match self.receiver_type(receiver).as_ref().and_then(method_type) {
            Some(t) if !self.types.aliases.contains(&t) => self.of_owner(&Owner::Type(t), name),
            _ => self.named(name).collect(),
        }
    }

    /// The functions a path names: `f` (free functions), `Self::f`, `T::f`.
    fn resolve_path(&self, path: &syn::Path) -> Vec<usize> {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        match segments.as_slice() {
            [name] => self
                .named(name)
                .filter(|&i| self.functions[i].owner == Owner::Free)
                .collect(),
            [owner, name] if owner == "Self" => match self.owner {
                Owner::Type(_) => self.of_owner(self.owner, name),
                _ => self.named(name).collect(),
            },
            [owner, name] if self.owns_impls(owner) => {
                self.of_owner(&Owner::Type(owner.clone()), name)
            }
            _ => Vec::new(),
        }
    }

    fn call(&mut self, callees: Vec<usize>) {
        if self.closure_depth > 0 {
            self.entries.extend(callees.iter().copied());
        }
        self.edges.extend(callees);
    }

    /// Every file function a token stream names (macro arguments are not parsed).
    fn mentioned(&mut self, tokens: TokenStream) {
        for tt in tokens {
            match tt {
                TokenTree::Ident(ident) => {
                    let callees: Vec<usize> = self.named(&ident.to_string()).collect();
                    self.entries.extend(callees.iter().copied());
                    self.edges.extend(callees);
                }
                TokenTree::Group(g) => self.mentioned(g.stream()),
                _ => {}
            }
        }
    }
}

impl VisitMut for Calls<'_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        match e {
            Expr::Call(c) => {
                if let Expr::Path(p) = &*c.func {
                    let callees = self.resolve_path(&p.path);
                    self.call(callees);
                } else {
                    self.visit_expr_mut(&mut c.func);
                }
                for arg in &mut c.args {
                    self.visit_expr_mut(arg);
                }
            }
            Expr::MethodCall(m) => {
                let callees = self.resolve_method(&m.receiver, &m.method.to_string());
                self.call(callees);
                self.visit_expr_mut(&mut m.receiver);
                // `Option`/`Result` combinators call their closure before they return
                // and keep no reference to it: its calls are calls of this function only.
                let eager = self.option_like(&m.receiver);
                for arg in &mut m.args {
                    match arg {
                        Expr::Closure(c) if eager => {
                            self.eager_closures.insert(closure_key(c));
                            self.visit_expr_mut(&mut c.body);
                        }
                        _ => self.visit_expr_mut(arg),
                    }
                }
            }
            Expr::Path(p) => {
                // A function used as a value: callable from anywhere. A single name bound
                // earlier in the function (by source position) is a local, not a function.
                let start = p.path.segments[0].ident.span().start();
                let local = p.path.segments.len() == 1
                    && self
                        .bindings
                        .get(&p.path.segments[0].ident.to_string())
                        .is_some_and(|at| at.iter().any(|&b| b < (start.line, start.column)));
                if local {
                    return;
                }
                let callees = self.resolve_path(&p.path);
                self.entries.extend(callees.iter().copied());
                self.edges.extend(callees);
            }
            Expr::Closure(c) => {
                self.closure_depth += 1;
                self.visit_expr_mut(&mut c.body);
                self.closure_depth -= 1;
            }
            Expr::Macro(m) => self.mentioned(m.mac.tokens.clone()),
            _ => visit_mut::visit_expr_mut(self, e),
        }
    }

    fn visit_stmt_macro_mut(&mut self, m: &mut syn::StmtMacro) {
        self.mentioned(m.mac.tokens.clone());
    }

    fn visit_item_mut(&mut self, _: &mut Item) {
        // Nested items are functions of their own (see `Collector`).
    }
}

/// Whether each function of `file` is guarded, by `Type::name` (or `name` for free
/// functions and trait default methods): for tests and diagnostics.
pub fn describe(file: &File) -> BTreeMap<String, bool> {
    let guarded = plan(file).guarded;
    let mut collector = Collector::default();
    collector.visit_file_mut(&mut file.clone());
    collector
        .functions
        .iter()
        .map(|f| {
            let owner = match &f.owner {
                Owner::Type(t) => format!("{t}::"),
                _ => String::new(),
            };
            (format!("{owner}{}", f.name), guarded.contains(&f.key))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guarded(source: &str) -> BTreeMap<String, bool> {
        describe(&syn::parse_file(source).unwrap())
    }

    #[test]
    fn a_recursive_function_is_guarded_and_a_leaf_helper_is_not() {
        let g = guarded(
            "struct T { n: i32 }
             impl T {
                 pub fn depth(&self, n: i32) -> i32 { if n <= 0 { 0 } else { 1 + self.depth(n - 1) } }
                 fn check(&self, i: i32) -> bool { i < self.n }
                 pub fn get(&self, i: i32) -> i32 { if self.check(i) { i } else { 0 } }
             }
             fn spread(h: i32) -> i32 { let spread = h ^ (h >> 16); spread }",
        );
        assert!(g["T::depth"]);
        assert_eq!(
            (g["T::check"], g["T::get"], g["spread"]),
            (false, false, false)
        );
    }

    #[test]
    fn every_cycle_of_mutual_recursion_gets_one_guard_preferably_the_public_one() {
        let g = guarded(
            "fn helper(n: i32) -> i32 { if n > 0 { api(n - 1) } else { 0 } }
             pub fn api(n: i32) -> i32 { helper(n) + inner(n) }
             fn inner(n: i32) -> i32 { if n > 0 { inner2(n - 1) } else { 0 } }
             fn inner2(n: i32) -> i32 { inner(n) }",
        );
        assert_eq!((g["api"], g["helper"]), (true, false));
        assert_eq!(g["inner"] as u8 + g["inner2"] as u8, 1, "{g:?}");
    }

    #[test]
    fn code_outside_the_file_can_call_back_through_trait_methods_values_closures_and_macros() {
        let g = guarded(
            "struct T;
             impl Iterator for T { type Item = i32; fn next(&mut self) -> Option<i32> { None } }
             fn as_value(x: i32) -> i32 { x }
             fn in_closure(x: i32) -> i32 { x }
             fn in_eager_closure(x: i32) -> i32 { x }
             fn in_macro(x: i32) -> i32 { x }
             fn user(v: Vec<i32>) -> Vec<i32> {
                 let _ = Some(1).map(|x| in_eager_closure(x));
                 let _ = format!(\"{}\", in_macro(1));
                 v.into_iter().map(as_value).map(|x| in_closure(x)).collect()
             }",
        );
        assert!(
            g["T::next"] && g["as_value"] && g["in_closure"] && g["in_macro"],
            "{g:?}"
        );
        assert!(!g["in_eager_closure"] && !g["user"], "{g:?}");
    }

    #[test]
    fn a_method_call_on_an_unknown_receiver_may_call_any_method_of_that_name() {
        // `other.len()` might be `T::len` itself: a possible cycle, so `len` is guarded;
        // `self.items.len()` is `Vec::len` (a field of a known std type): no cycle.
        let g = guarded(
            "struct T { items: Vec<i32> }
             impl T {
                 pub fn len(&self, other: &T) -> usize { other.len(self) }
                 pub fn size(&self) -> usize { self.items.len() }
             }",
        );
        assert_eq!((g["T::len"], g["T::size"]), (true, false));
    }

    #[test]
    fn a_local_binding_that_shadows_a_function_is_not_a_use_of_it_as_a_value() {
        let g = guarded(
            "fn hash(k: i32) -> i32 { k }
             fn get(k: i32) -> i32 { let hash = hash(k); hash + 1 }",
        );
        assert!(!g["hash"]);
    }
}
