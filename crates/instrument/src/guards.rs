//! The guards of gold code (see `::testspace::subject::guard`): a fuel tick at the head of every
//! loop body and of every closure body std code may call repeatedly, and the allocation
//! cap on the size argument of sizing calls. The schemata's rewriting (`generate.rs`) puts
//! them around its mutation points and in the plain copy of a split function, and the
//! coverage copy (`coverage_copy.rs`) in its own copy, so gold uses the same fuel through
//! every copy.

use std::collections::BTreeSet;

use quote::{ToTokens, quote};
use syn::visit_mut::{self, VisitMut};
use syn::{Block, Expr, Item};

use crate::call_graph::{self, FnKey};

/// The methods whose first argument sizes an allocation.
const ALLOC_METHODS: [&str; 5] = [
    "resize",
    "resize_with",
    "reserve",
    "reserve_exact",
    "repeat",
];
/// The types whose `with_capacity` goes through the allocation cap.
const ALLOC_TYPES: [&str; 5] = ["Vec", "String", "VecDeque", "HashMap", "HashSet"];

/// Puts the guards into a function body without mutation points: the plain copy of a
/// split function (`generate.rs`) and a body of the coverage copy (`coverage_copy.rs`).
/// Mirrors the guards the schemata's rewriting inserts around its mutation points.
pub struct Guards<'a> {
    /// The closures that need no tick ([`call_graph::Plan::eager_closures`]).
    pub eager_closures: &'a BTreeSet<FnKey>,
    /// The body declares items (which the plain copy would duplicate unguarded).
    pub nested_items: bool,
}

impl VisitMut for Guards<'_> {
    fn visit_item_mut(&mut self, _: &mut Item) {
        self.nested_items = true;
    }
    fn visit_macro_mut(&mut self, _: &mut syn::Macro) {}

    fn visit_expr_mut(&mut self, e: &mut Expr) {
        match e {
            Expr::Macro(_) | Expr::Const(_) => {}
            Expr::Closure(c) => {
                self.visit_expr_mut(&mut c.body);
                if !self.eager_closures.contains(&call_graph::closure_key(c)) {
                    tick_closure(c);
                }
            }
            Expr::Repeat(r) => self.visit_expr_mut(&mut r.expr),
            Expr::While(w) => {
                visit_mut::visit_expr_while_mut(self, w);
                tick(&mut w.body);
            }
            Expr::ForLoop(f) => {
                visit_mut::visit_expr_for_loop_mut(self, f);
                tick(&mut f.body);
            }
            Expr::Loop(l) => {
                visit_mut::visit_expr_loop_mut(self, l);
                tick(&mut l.body);
            }
            Expr::MethodCall(c) => {
                visit_mut::visit_expr_method_call_mut(self, c);
                if is_alloc_method(c)
                    && let Some(arg) = c.args.first_mut()
                {
                    alloc_arg(arg);
                }
            }
            Expr::Call(c) => {
                visit_mut::visit_expr_call_mut(self, c);
                if is_with_capacity(c)
                    && let Some(arg) = c.args.first_mut()
                {
                    alloc_arg(arg);
                }
            }
            _ => visit_mut::visit_expr_mut(self, e),
        }
    }
}

/// Starts a loop body with a tick (one unit of fuel per iteration).
pub fn tick(block: &mut Block) {
    block
        .stmts
        .insert(0, syn::parse_quote!(::testspace::subject::guard::tick();));
}

/// A closure's body starts with a tick: std code may call a closure without end (an
/// iterator over links a mutant made circular), and fuel must bound that too. (Not
/// the closures of `Option`/`Result` combinators, [`call_graph::Plan::eager_closures`].)
pub fn tick_closure(c: &mut syn::ExprClosure) {
    let body = &c.body;
    *c.body = Expr::Verbatim(quote!({ ::testspace::subject::guard::tick(); #body }));
}

/// Passes a sizing argument through the allocation cap.
pub fn alloc_arg(arg: &mut Expr) {
    let inner = arg.to_token_stream();
    *arg = Expr::Verbatim(quote!(::testspace::subject::guard::alloc(#inner)));
}

/// `x.resize(n, …)`, `x.reserve(n)`, …: a call whose first argument sizes an allocation.
pub fn is_alloc_method(c: &syn::ExprMethodCall) -> bool {
    ALLOC_METHODS.contains(&c.method.to_string().as_str())
}

/// `Vec::with_capacity(n)` and the like.
pub fn is_with_capacity(c: &syn::ExprCall) -> bool {
    match &*c.func {
        Expr::Path(p) => {
            let s = &p.path.segments;
            s.len() >= 2
                && s[s.len() - 1].ident == "with_capacity"
                && ALLOC_TYPES.contains(&s[s.len() - 2].ident.to_string().as_str())
        }
        _ => false,
    }
}
