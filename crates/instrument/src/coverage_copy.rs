//! The coverage copy of a subject: the port with a probe on function entry and on each
//! outcome of every decision, and the guards of the schemata copy's gold path.
//!
//! It runs on the same parse as the schemata ([`crate::analysis::analyse`]): the same items are left out
//! (tests, glue, `const fn`s, consts, macros) and the same call-graph plan decides where the
//! fuel guards go, so gold run through the coverage copy uses exactly the fuel gold uses
//! through the schemata copy (the runner derives each mutant's fuel budget from it).
//!
//! Probes ([`ProbeSite`], numbered 0, 1, … in visit order) call into
//! `::testspace::subject::probes`, which keeps one flag per probe per thread:
//!
//! | code | probes |
//! |---|---|
//! | a function (or method) body | `entry` |
//! | `if c {…} else {…}`, `if let` (an `else` is added where missing) | `if-then`, `if-else` |
//! | `while c`, `while let P = e` | `while-body` (the condition held), `while-exit` (it failed) |
//! | `for p in e` | `for-body` (the iterator gave an item), `for-exit` (it was done) |
//! | each `match` arm | `match-arm`; a guard adds `guard-true`, `guard-false` |
//! | `a && b` | `and-right` (`a` held, `b` is evaluated), `and-short` |
//! | `a \|\| b` | `or-short` (`a` held), `or-right` |
//! | `e?` | `try-ok`, `try-err` (the early return) |
//! | `let P = e else {…}` | `let-else-match`, `let-else-miss` |
//!
//! An `if`, `while` or match-guard condition built from comparisons (`==`, `!=`, `<`,
//! `<=`, `>`, `>=`) with `&&`, `||`, `!` and parentheses is written as a
//! `probes::Condition` (its value and its distances to true and to false: numeric operands
//! of one type by EvoSuite's table, others as a flag, composed per Tracey et al.) and
//! decided by `probes::decide`, which records the distances of the decision's two outcome
//! probes when a session asks; its `&&`/`||` keep their probes, in the same order. Other
//! conditions are left as they are.
//!
//! A loop left by `break` or `return` records no exit outcome: its condition was never
//! false. `&&`/`||` inside a `let` chain get no probes (the chain's `if` outcomes stand for
//! it).

use proc_macro2::Span;
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::visit_mut::{self, VisitMut};
use syn::{BinOp, Block, Expr, File, ImplItem, Item, Stmt, TraitItem, UnOp};

use crate::call_graph::{self, Plan};
use crate::glue::is_glue;
use crate::guards::Guards;
use crate::probe_kind::ProbeKind;
use crate::syntax::{contains_let, inline, strip_test_items};

/// One probe of the coverage copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbeSite {
    /// The outcome it records.
    pub kind: ProbeKind,
    /// 1-based line of the decision (or of the function's name, for `entry`).
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// The port function it lies in: `Type::name` inside an `impl` or a trait, else `name`.
    pub function: String,
    /// The probe it is control dependent on, as the syntax nests it: the innermost branch
    /// outcome whose code encloses it (an `if`'s then or else block, a loop body, a match
    /// arm, the right operand of `&&`/`||`, a guarded arm's `guard-true`, a `let … else`'s
    /// `else`), or else its function's `entry`; `None` for an `entry`.
    pub parent: Option<usize>,
}

/// The coverage copy of one file: the rewritten file and its probes (index = probe id).
#[derive(Clone)]
pub struct CoverageCopy {
    /// The rewritten file.
    pub file: File,
    /// The probes, by id.
    pub probes: Vec<ProbeSite>,
}

/// Rewrites `file` (already stripped of its test items) into its coverage copy, with the
/// guards that `plan` (the schemata's call-graph plan of the same file) puts on gold.
pub fn instrument(file: File, plan: &Plan) -> CoverageCopy {
    instrument_from(file, plan, 0)
}

/// [`instrument`] with probe ids starting at `first` (a file of a crate whose earlier files
/// hold probes `0..first`); [`CoverageCopy::probes`] still starts at index 0, id `first`.
pub fn instrument_from(mut file: File, plan: &Plan, first: usize) -> CoverageCopy {
    let mut probes = Probes {
        plan,
        first,
        sites: Vec::new(),
        owners: Vec::new(),
        functions: Vec::new(),
        enclosing: Vec::new(),
    };
    probes.visit_file_mut(&mut file);
    CoverageCopy {
        file,
        probes: probes.sites,
    }
}

/// The `TESTSPACE_PROBES` table of a coverage copy of `file` (written after the copy's
/// text by `build.rs`), with a compile-time check of the runtime's probe limit.
pub fn table(file: &str, probes: &[ProbeSite]) -> String {
    use std::fmt::Write as _;
    let mut out = format!(
        "/// The source file of the probes.\n\
         pub static TESTSPACE_PROBE_FILE: &str = {file:?};\n\
         /// The probes of this coverage copy, by id.\n\
         pub static TESTSPACE_PROBES: &[::testspace::subject::probes::Probe] = &[\n"
    );
    for p in probes {
        let _ = writeln!(
            out,
            "    ::testspace::subject::probes::Probe {{ kind: ::testspace::subject::probes::ProbeKind::{:?}, line: {}, column: {}, function: {:?}, parent: {:?} }},",
            p.kind, p.line, p.column, p.function, p.parent
        );
    }
    out.push_str(
        "];\nconst _: () = assert!(TESTSPACE_PROBES.len() <= ::testspace::subject::probes::MAX_PROBES);\n",
    );
    out
}

struct Probes<'a> {
    plan: &'a Plan,
    /// The id of this file's first probe.
    first: usize,
    sites: Vec<ProbeSite>,
    /// The enclosing `impl`'s self type or trait's name, innermost last.
    owners: Vec<String>,
    /// The enclosing port functions, innermost last.
    functions: Vec<String>,
    /// The probes whose code encloses the visit, innermost last (from the function's
    /// `entry`).
    enclosing: Vec<usize>,
}

/// `::testspace::subject::probes::hit(id);`
fn hit(id: usize) -> Stmt {
    let id = proc_macro2::Literal::usize_unsuffixed(id);
    syn::parse_quote!(::testspace::subject::probes::hit(#id);)
}

fn literal(id: usize) -> proc_macro2::Literal {
    proc_macro2::Literal::usize_unsuffixed(id)
}

/// The last segment of a type path (`ArrayList` of `ArrayList<T>`), or the whole type.
fn type_name(ty: &syn::Type) -> String {
    match ty {
        syn::Type::Path(p) => p
            .path
            .segments
            .last()
            .map_or_else(|| ty.to_token_stream().to_string(), |s| s.ident.to_string()),
        _ => ty.to_token_stream().to_string().replace(' ', ""),
    }
}

impl Probes<'_> {
    fn register(&mut self, kind: ProbeKind, span: Span) -> usize {
        let start = span.start();
        self.sites.push(ProbeSite {
            kind,
            line: start.line,
            column: start.column + 1,
            function: self.functions.last().cloned().unwrap_or_default(),
            parent: self.enclosing.last().copied(),
        });
        self.first + self.sites.len() - 1
    }

    /// Runs `visit` with the code it visits nested under probe `probe`.
    fn under<T>(&mut self, probe: usize, visit: impl FnOnce(&mut Self) -> T) -> T {
        self.enclosing.push(probe);
        let out = visit(self);
        self.enclosing.pop();
        out
    }

    /// Instruments one function body: its probes, the guards of the schemata's gold path
    /// (loop and closure ticks, allocation caps, `guard::enter()` where the plan guards the
    /// function), then the entry probe.
    fn function(&mut self, sig: &syn::Signature, block: &mut Block) {
        if sig.constness.is_some() {
            return;
        }
        let name = match self.owners.last() {
            Some(owner) => format!("{owner}::{}", sig.ident),
            None => sig.ident.to_string(),
        };
        self.functions.push(name);
        let enclosing = std::mem::take(&mut self.enclosing);
        let entry = self.register(ProbeKind::Entry, sig.ident.span());
        self.under(entry, |this| this.visit_block_mut(block));
        self.enclosing = enclosing;
        self.functions.pop();
        let mut guards = Guards {
            eager_closures: &self.plan.eager_closures,
            nested_items: false,
        };
        guards.visit_block_mut(block);
        // Only the entry guard costs fuel (and checks the stack); the schemata's read of
        // the active mutant in the other functions is not needed here: nothing switches.
        let mut prologue: Vec<Stmt> = Vec::with_capacity(2);
        if self.plan.guarded.contains(&call_graph::key(&sig.ident)) {
            prologue.push(syn::parse_quote!(::testspace::subject::guard::enter();));
        }
        prologue.push(hit(entry));
        block.stmts.splice(0..0, prologue);
    }

    /// `::testspace::subject::probes::branch(cond, yes, no)`: `cond`, recording `yes` or `no`.
    fn branch(cond: &Expr, yes: usize, no: usize) -> Expr {
        let (yes, no) = (literal(yes), literal(no));
        syn::parse_quote!(::testspace::subject::probes::branch(#cond, #yes, #no))
    }

    /// `probes::branch(probes::decide(condition, yes, no), yes, no)`: the condition's
    /// value, its distances recorded and its outcome probe hit.
    fn decided(condition: &Expr, yes: usize, no: usize) -> Expr {
        let (yes, no) = (literal(yes), literal(no));
        syn::parse_quote!(::testspace::subject::probes::branch(
            ::testspace::subject::probes::decide(#condition, #yes, #no), #yes, #no))
    }

    /// Visits a decision's condition. One built from comparisons (without `let`) comes back
    /// as a `probes::Condition` expression, its `&&`/`||` probes registered as the plain
    /// visit registers them; any other is visited in place (`None`).
    fn decision_condition(&mut self, cond: &mut Expr) -> Option<Expr> {
        if contains_let(cond) || !has_comparison(cond) {
            self.visit_expr_mut(cond);
            return None;
        }
        Some(self.condition(cond))
    }

    /// `e` (visited) as a `probes::Condition` expression.
    fn condition(&mut self, e: &mut Expr) -> Expr {
        const PROBES: &str = "::testspace::subject::probes";
        let probes: syn::Path = syn::parse_str(PROBES).expect("a path");
        match e {
            Expr::Paren(p) => self.condition(&mut p.expr),
            Expr::Unary(u) if matches!(u.op, UnOp::Not(_)) => {
                let inner = self.condition(&mut u.expr);
                syn::parse_quote!((#inner).negate())
            }
            Expr::Binary(b) if matches!(b.op, BinOp::And(_) | BinOp::Or(_)) => {
                let span = b.op.span();
                let and = matches!(b.op, BinOp::And(_));
                // The plain visit's order: both probes, then the left and right operands.
                let (first, second) = if and {
                    (ProbeKind::AndRight, ProbeKind::AndShort)
                } else {
                    (ProbeKind::OrShort, ProbeKind::OrRight)
                };
                let (first, second) = (self.register(first, span), self.register(second, span));
                let evaluated = if and { first } else { second };
                let left = self.condition(&mut b.left);
                let right = self.under(evaluated, |this| this.condition(&mut b.right));
                let (first, second) = (literal(first), literal(second));
                if and {
                    syn::parse_quote!({
                        let __ts_left = #left;
                        if __ts_left.holds {
                            #probes::hit(#first);
                            __ts_left.and(#right)
                        } else {
                            #probes::hit(#second);
                            __ts_left.and_skipped()
                        }
                    })
                } else {
                    syn::parse_quote!({
                        let __ts_left = #left;
                        if __ts_left.holds {
                            #probes::hit(#first);
                            __ts_left.or_skipped()
                        } else {
                            #probes::hit(#second);
                            __ts_left.or(#right)
                        }
                    })
                }
            }
            Expr::Binary(b) if comparison(&b.op).is_some() => {
                self.visit_expr_mut(&mut b.left);
                self.visit_expr_mut(&mut b.right);
                let kind: syn::Ident = syn::parse_str(comparison(&b.op).expect("a comparison"))
                    .expect("an identifier");
                let (left, op, right) = (&b.left, &b.op, &b.right);
                syn::parse_quote!(match (&(#left), &(#right)) {
                    (__ts_a, __ts_b) => {
                        #[allow(unused_imports)]
                        use #probes::{FlagOperands as _, NumericOperands as _};
                        let __ts_holds = *__ts_a #op *__ts_b;
                        (&#probes::Operands(__ts_a, __ts_b))
                            .condition(__ts_holds, #probes::Comparison::#kind)
                    }
                })
            }
            _ => {
                self.visit_expr_mut(e);
                syn::parse_quote!(#probes::Condition::flag(#e))
            }
        }
    }

    fn if_expr(&mut self, i: &mut syn::ExprIf) {
        let span = i.if_token.span;
        let (then, otherwise) = (
            self.register(ProbeKind::IfThen, span),
            self.register(ProbeKind::IfElse, span),
        );
        if let Some(condition) = self.decision_condition(&mut i.cond) {
            let (yes, no) = (literal(then), literal(otherwise));
            *i.cond =
                syn::parse_quote!(::testspace::subject::probes::decide(#condition, #yes, #no));
        }
        self.under(then, |this| this.visit_block_mut(&mut i.then_branch));
        i.then_branch.stmts.insert(0, hit(then));
        match &mut i.else_branch {
            Some((_, els)) => {
                self.under(otherwise, |this| this.visit_expr_mut(els));
                match &mut **els {
                    Expr::Block(b) => b.block.stmts.insert(0, hit(otherwise)),
                    other => {
                        let hit = hit(otherwise);
                        *other = syn::parse_quote!({ #hit #other });
                    }
                }
            }
            None => {
                let hit = hit(otherwise);
                i.else_branch = Some((Default::default(), Box::new(syn::parse_quote!({ #hit }))));
            }
        }
    }

    fn while_expr(&mut self, w: &mut syn::ExprWhile) {
        let span = w.while_token.span;
        let (body, exit) = (
            self.register(ProbeKind::WhileBody, span),
            self.register(ProbeKind::WhileExit, span),
        );
        let condition = self.decision_condition(&mut w.cond);
        self.under(body, |this| this.visit_block_mut(&mut w.body));
        if let Some(condition) = condition {
            *w.cond = Self::decided(&condition, body, exit);
            return;
        }
        match &mut *w.cond {
            Expr::Let(l) => {
                // The scrutinee is evaluated once and tested against the pattern by
                // reference before the `while let` binds it.
                // Its bindings become `_`, so the test moves and borrows nothing.
                let (pat, scrutinee) = (bindings_as_wildcards(&l.pat), &l.expr);
                let (body, exit) = (literal(body), literal(exit));
                *l.expr = syn::parse_quote!({
                    let __ts_v = #scrutinee;
                    ::testspace::subject::probes::hit(if matches!(__ts_v, #pat) { #body } else { #exit });
                    __ts_v
                });
            }
            cond if contains_let(cond) => panic!(
                "coverage: a `while` with a let chain is not supported (line {})",
                span.start().line
            ),
            cond => *cond = Self::branch(cond, body, exit),
        }
    }

    fn for_expr(&mut self, f: &mut syn::ExprForLoop) {
        let span = f.for_token.span;
        let (body, exit) = (
            self.register(ProbeKind::ForBody, span),
            self.register(ProbeKind::ForExit, span),
        );
        self.visit_expr_mut(&mut f.expr);
        self.under(body, |this| this.visit_block_mut(&mut f.body));
        let (iter, body, exit) = (&f.expr, literal(body), literal(exit));
        *f.expr = syn::parse_quote!(::testspace::subject::probes::Loop::new(#iter, #body, #exit));
    }

    fn match_expr(&mut self, m: &mut syn::ExprMatch) {
        self.visit_expr_mut(&mut m.expr);
        for arm in &mut m.arms {
            let mut guard_holds = None;
            if let Some((_, guard)) = &mut arm.guard {
                let span = guard.span();
                let outcomes = (!contains_let(guard)).then(|| {
                    (
                        self.register(ProbeKind::GuardTrue, span),
                        self.register(ProbeKind::GuardFalse, span),
                    )
                });
                guard_holds = outcomes.map(|(yes, _)| yes);
                let condition = match outcomes {
                    Some(_) => self.decision_condition(guard),
                    None => {
                        self.visit_expr_mut(guard);
                        None
                    }
                };
                match (outcomes, condition) {
                    (Some((yes, no)), Some(condition)) => {
                        **guard = Self::decided(&condition, yes, no)
                    }
                    (Some((yes, no)), None) => **guard = Self::branch(guard, yes, no),
                    _ => {}
                }
            }
            let taken = match guard_holds {
                Some(holds) => self.under(holds, |this| {
                    this.register(ProbeKind::MatchArm, arm.pat.span())
                }),
                None => self.register(ProbeKind::MatchArm, arm.pat.span()),
            };
            self.under(taken, |this| this.visit_expr_mut(&mut arm.body));
            let (hit, body) = (hit(taken), &arm.body);
            *arm.body = syn::parse_quote!({ #hit #body });
            arm.comma.get_or_insert_with(Default::default);
        }
    }

    fn short_circuit(&mut self, e: &mut Expr) {
        let Expr::Binary(b) = e else { unreachable!() };
        let and = matches!(b.op, BinOp::And(_));
        let in_let_chain = contains_let(&b.left) || contains_let(&b.right);
        let outcomes = (!in_let_chain).then(|| {
            let span = b.op.span();
            if and {
                let right = self.register(ProbeKind::AndRight, span);
                (right, self.register(ProbeKind::AndShort, span))
            } else {
                let short = self.register(ProbeKind::OrShort, span);
                (short, self.register(ProbeKind::OrRight, span))
            }
        });
        match outcomes {
            Some((yes, no)) => {
                self.visit_expr_mut(&mut b.left);
                let evaluated = if and { yes } else { no };
                self.under(evaluated, |this| this.visit_expr_mut(&mut b.right));
            }
            None => visit_mut::visit_expr_binary_mut(self, b),
        }
        if let Some((yes, no)) = outcomes {
            *b.left = Self::branch(&b.left, yes, no);
        }
    }

    fn try_expr(&mut self, t: &mut syn::ExprTry) {
        let span = t.question_token.span;
        let (ok, err) = (
            self.register(ProbeKind::TryOk, span),
            self.register(ProbeKind::TryErr, span),
        );
        self.visit_expr_mut(&mut t.expr);
        let (inner, ok, err) = (&t.expr, literal(ok), literal(err));
        *t.expr = syn::parse_quote!(::testspace::subject::probes::question(#inner, #ok, #err));
    }

    /// A `let … else`: its `else` block starts with the miss probe; the returned statement
    /// (to follow the `let`) records the match.
    fn let_else(&mut self, local: &mut syn::Local) -> Option<Stmt> {
        let init = local.init.as_mut()?;
        let (_, diverge) = init.diverge.as_mut()?;
        let span = local.let_token.span;
        let (matched, missed) = (
            self.register(ProbeKind::LetElseMatch, span),
            self.register(ProbeKind::LetElseMiss, span),
        );
        self.visit_expr_mut(&mut init.expr);
        self.under(missed, |this| this.visit_expr_mut(diverge));
        let (hit_miss, body) = (hit(missed), &diverge);
        **diverge = syn::parse_quote!({ #hit_miss #body });
        Some(hit(matched))
    }
}

/// The `probes::Comparison` variant of a comparison operator.
fn comparison(op: &BinOp) -> Option<&'static str> {
    Some(match op {
        BinOp::Eq(_) => "Equal",
        BinOp::Ne(_) => "NotEqual",
        BinOp::Lt(_) => "Less",
        BinOp::Le(_) => "LessEqual",
        BinOp::Gt(_) => "Greater",
        BinOp::Ge(_) => "GreaterEqual",
        _ => return None,
    })
}

/// Whether a condition is a comparison, or comparisons and other operands under `&&`,
/// `||`, `!` and parentheses with at least one comparison.
fn has_comparison(e: &Expr) -> bool {
    match e {
        Expr::Paren(p) => has_comparison(&p.expr),
        Expr::Unary(u) if matches!(u.op, UnOp::Not(_)) => has_comparison(&u.expr),
        Expr::Binary(b) if matches!(b.op, BinOp::And(_) | BinOp::Or(_)) => {
            has_comparison(&b.left) || has_comparison(&b.right)
        }
        Expr::Binary(b) => comparison(&b.op).is_some(),
        _ => false,
    }
}

/// Marks an instrumented function `#[inline]` (unless it has an inline attribute): its
/// probes make it larger than the port's function, and without the hint the compiler stops
/// inlining small hot functions (TreeMap's `getEntry`) that it inlines in the port.
fn inline_instrumented(sig: &syn::Signature, attrs: &mut Vec<syn::Attribute>) {
    if sig.constness.is_none() {
        inline(attrs);
    }
}

impl VisitMut for Probes<'_> {
    fn visit_item_mut(&mut self, item: &mut Item) {
        if is_glue(item) {
            return;
        }
        match item {
            Item::Const(_) | Item::Static(_) | Item::Enum(_) | Item::Macro(_) | Item::Use(_) => {}
            Item::Mod(m) => {
                if let Some((_, items)) = &mut m.content {
                    strip_test_items(items);
                }
                visit_mut::visit_item_mod_mut(self, m);
            }
            Item::Impl(i) => {
                self.owners.push(type_name(&i.self_ty));
                visit_mut::visit_item_impl_mut(self, i);
                self.owners.pop();
            }
            Item::Trait(t) => {
                self.owners.push(t.ident.to_string());
                visit_mut::visit_item_trait_mut(self, t);
                self.owners.pop();
            }
            Item::Fn(f) => {
                let owners = std::mem::take(&mut self.owners);
                self.function(&f.sig, &mut f.block);
                self.owners = owners;
                inline_instrumented(&f.sig, &mut f.attrs);
            }
            _ => visit_mut::visit_item_mut(self, item),
        }
    }

    fn visit_impl_item_mut(&mut self, item: &mut ImplItem) {
        if let ImplItem::Fn(f) = item {
            self.function(&f.sig, &mut f.block);
            inline_instrumented(&f.sig, &mut f.attrs);
        }
    }

    fn visit_trait_item_mut(&mut self, item: &mut TraitItem) {
        if let TraitItem::Fn(f) = item
            && let Some(block) = &mut f.default
        {
            self.function(&f.sig, block);
            inline_instrumented(&f.sig, &mut f.attrs);
        }
    }

    fn visit_pat_mut(&mut self, _: &mut syn::Pat) {}
    fn visit_type_mut(&mut self, _: &mut syn::Type) {}
    fn visit_generic_argument_mut(&mut self, _: &mut syn::GenericArgument) {}
    fn visit_attribute_mut(&mut self, _: &mut syn::Attribute) {}
    fn visit_macro_mut(&mut self, _: &mut syn::Macro) {}

    fn visit_block_mut(&mut self, block: &mut Block) {
        let mut stmts = Vec::with_capacity(block.stmts.len());
        for mut stmt in std::mem::take(&mut block.stmts) {
            let after = match &mut stmt {
                Stmt::Local(local) if local.init.as_ref().is_some_and(|i| i.diverge.is_some()) => {
                    self.let_else(local)
                }
                _ => {
                    self.visit_stmt_mut(&mut stmt);
                    None
                }
            };
            stmts.push(stmt);
            stmts.extend(after);
        }
        block.stmts = stmts;
    }

    fn visit_expr_mut(&mut self, e: &mut Expr) {
        match e {
            Expr::Macro(_) | Expr::Const(_) => {}
            Expr::Repeat(r) => self.visit_expr_mut(&mut r.expr),
            Expr::If(i) => self.if_expr(i),
            Expr::While(w) => self.while_expr(w),
            Expr::ForLoop(f) => self.for_expr(f),
            Expr::Match(m) => self.match_expr(m),
            Expr::Try(t) => self.try_expr(t),
            Expr::Binary(b) if matches!(b.op, BinOp::And(_) | BinOp::Or(_)) => {
                self.short_circuit(e)
            }
            _ => visit_mut::visit_expr_mut(self, e),
        }
    }
}

/// `pat` with every binding replaced by `_` (`x @ sub` by `sub`): a pattern that tests the
/// same values but binds nothing, so matching it neither moves nor borrows the scrutinee
/// (`Some(mut node)` on a value that is not `Copy`). An identifier counts as a binding when
/// it has `ref` or `mut`, or starts with a lower-case letter or `_`; `None`, `MAX` and other
/// capitalised names are taken for variants and constants, as Rust's naming says.
fn bindings_as_wildcards(pat: &syn::Pat) -> syn::Pat {
    struct Wildcards;
    impl VisitMut for Wildcards {
        fn visit_pat_mut(&mut self, pat: &mut syn::Pat) {
            if let syn::Pat::Ident(ident) = pat {
                if let Some((_, sub)) = ident.subpat.take() {
                    *pat = *sub;
                    return self.visit_pat_mut(pat);
                }
                let name = ident.ident.to_string();
                let binding = ident.by_ref.is_some()
                    || ident.mutability.is_some()
                    || name.starts_with(|c: char| c.is_lowercase() || c == '_');
                if binding {
                    *pat = syn::Pat::Wild(syn::PatWild {
                        attrs: Vec::new(),
                        underscore_token: Default::default(),
                    });
                }
                return;
            }
            syn::visit_mut::visit_pat_mut(self, pat);
        }

        fn visit_field_pat_mut(&mut self, field: &mut syn::FieldPat) {
            // `Point { x, .. }` is shorthand for `Point { x: x, .. }`; its `x` may become `_`.
            field.colon_token.get_or_insert_with(Default::default);
            self.visit_pat_mut(&mut field.pat);
        }
    }
    let mut pat = pat.clone();
    Wildcards.visit_pat_mut(&mut pat);
    pat
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_while_let_pattern_is_tested_without_its_bindings() {
        let wild = |text: &str| {
            let pat = syn::parse_str::<syn::Expr>(&format!("match v {{ {text} => () }}"))
                .map(|e| match e {
                    syn::Expr::Match(m) => m.arms[0].pat.clone(),
                    _ => unreachable!(),
                })
                .unwrap();
            bindings_as_wildcards(&pat).to_token_stream().to_string()
        };
        assert_eq!(wild("Some(mut node)"), "Some (_)");
        assert_eq!(wild("Some(ref x)"), "Some (_)");
        assert_eq!(wild("(None, Some(&k))"), "(None , Some (& _))");
        assert_eq!(wild("whole @ Some(MAX)"), "Some (MAX)");
        assert_eq!(
            wild("Point { x, y: 0, .. }"),
            "Point { x : _ , y : 0 , .. }"
        );
    }

    use super::*;

    fn probes_of(source: &str) -> (Vec<(ProbeKind, usize, String)>, String) {
        let analysis = crate::analysis::analyse(source, "f.rs").unwrap();
        let probes = analysis
            .coverage
            .probes
            .iter()
            .map(|p| (p.kind, p.line, p.function.clone()))
            .collect();
        let text = crate::schemata::render_plain(&analysis.coverage.file);
        (probes, text)
    }

    #[test]
    fn every_decision_gets_a_probe_per_outcome_and_every_function_an_entry() {
        use ProbeKind::*;
        let source = "struct S;\n\
            impl S {\n\
                fn f(&self, x: i32, v: Vec<i32>) -> Option<i32> {\n\
                    if x > 0 && x < 5 { return None; }\n\
                    for y in v { let _ = y; }\n\
                    while x < 0 || x > 9 { break; }\n\
                    let Some(z) = v2(x) else { return None; };\n\
                    match z { 1 if x == 2 => Some(1), _ => v2(z)?.checked_add(1) }\n\
                }\n\
            }\n\
            fn v2(x: i32) -> Option<i32> { Some(x) }\n";
        let (probes, text) = probes_of(source);
        let kinds: Vec<ProbeKind> = probes.iter().map(|p| p.0).collect();
        assert_eq!(
            kinds,
            [
                Entry,
                IfThen,
                IfElse,
                AndRight,
                AndShort,
                ForBody,
                ForExit,
                WhileBody,
                WhileExit,
                OrShort,
                OrRight,
                LetElseMatch,
                LetElseMiss,
                GuardTrue,
                GuardFalse,
                MatchArm,
                MatchArm,
                TryOk,
                TryErr,
                Entry
            ]
        );
        assert_eq!(probes[0].2, "S::f");
        assert_eq!(probes[1].1, 4, "the `if` probes sit on the `if` line");
        assert_eq!(probes.last().unwrap().2, "v2");
        // The loop keeps its fuel tick; nothing reads the active mutant.
        assert!(
            text.contains(":: testspace :: subject :: guard :: tick ()"),
            "{text}"
        );
        assert!(!text.contains("mutation :: active"), "{text}");
    }

    #[test]
    fn glue_tests_and_const_fns_get_no_probes() {
        let source = "struct S;\n\
            impl Subject for S { fn methods() -> Vec<Method<S>> { if true { vec![] } else { vec![] } } }\n\
            const fn c(x: i32) -> i32 { if x > 0 { 1 } else { 0 } }\n\
            #[cfg(test)] mod tests { fn t() { if true {} } }\n\
            fn g() {}\n";
        let (probes, _) = probes_of(source);
        assert_eq!(probes, [(ProbeKind::Entry, 5, "g".to_string())]);
    }

    #[test]
    fn conditions_with_comparisons_are_decided_with_distances_and_others_are_left_alone() {
        let source = "fn f(x: i32, b: bool, s: &str) -> i32 {\n\
                if !(x > 0 && b) || s == \"a\" { return 1; }\n\
                if b { return 2; }\n\
                while x != 3 { break; }\n\
                match x { y if y <= 2 => 3, _ => 4 }\n\
            }\n";
        let (probes, text) = probes_of(source);
        let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        // The probes of the plain visit, in its order.
        use ProbeKind::*;
        let kinds: Vec<ProbeKind> = probes.iter().map(|p| p.0).collect();
        assert_eq!(
            kinds,
            [
                Entry, IfThen, IfElse, OrShort, OrRight, AndRight, AndShort, IfThen, IfElse,
                WhileBody, WhileExit, GuardTrue, GuardFalse, MatchArm, MatchArm
            ]
        );
        // The first `if`: `||` of a negated `&&` and a string comparison.
        assert!(
            text.contains("probes::decide({let__ts_left=({let__ts_left="),
            "{text}"
        );
        assert!(text.contains("Comparison::Greater"), "{text}");
        assert!(text.contains(".negate()"), "{text}");
        assert!(text.contains("Condition::flag(b)"), "{text}");
        assert!(text.contains("Comparison::Equal"), "{text}");
        assert!(
            text.contains("__ts_left.and(") && text.contains("__ts_left.or("),
            "{text}"
        );
        assert!(
            text.contains(",1,2)"),
            "the first `if`'s outcome probes: {text}"
        );
        // `if b` has no comparison: untouched.
        assert!(text.contains("ifb{"), "{text}");
        // The loop and the guard are decided and hit their probes.
        assert!(text.contains("Comparison::NotEqual"), "{text}");
        assert!(text.contains("Comparison::LessEqual"), "{text}");
        assert_eq!(text.matches("probes::decide(").count(), 3, "{text}");
        assert_eq!(text.matches("probes::branch(").count(), 2, "{text}");
    }

    /// Each probe's parent is the innermost branch outcome whose code holds it, else its
    /// function's entry.
    #[test]
    fn probes_are_control_dependent_on_the_outcome_that_encloses_them() {
        let source = "fn f(x: i32, v: Vec<i32>) -> Option<i32> {\n\
                if x > 0 {\n\
                    for y in v { if y == x && x < 9 { return None; } }\n\
                } else {\n\
                    while x < 0 { break; }\n\
                }\n\
                let Some(z) = Some(x) else { if x == 1 { return None; } return None; };\n\
                match z { 1 if x == 2 => { if x > 5 {} Some(1) }, _ => None }\n\
            }\n\
            fn g() { if true {} }\n";
        let analysis = crate::analysis::analyse(source, "f.rs").unwrap();
        let parents: Vec<(ProbeKind, Option<usize>)> = analysis
            .coverage
            .probes
            .iter()
            .map(|p| (p.kind, p.parent))
            .collect();
        use ProbeKind::*;
        assert_eq!(
            parents,
            [
                (Entry, None),
                (IfThen, Some(0)),       // 1
                (IfElse, Some(0)),       // 2
                (ForBody, Some(1)),      // 3
                (ForExit, Some(1)),      // 4
                (IfThen, Some(3)),       // 5
                (IfElse, Some(3)),       // 6
                (AndRight, Some(3)),     // 7
                (AndShort, Some(3)),     // 8
                (WhileBody, Some(2)),    // 9
                (WhileExit, Some(2)),    // 10
                (LetElseMatch, Some(0)), // 11
                (LetElseMiss, Some(0)),  // 12
                (IfThen, Some(12)),      // 13
                (IfElse, Some(12)),      // 14
                (GuardTrue, Some(0)),    // 15
                (GuardFalse, Some(0)),   // 16
                (MatchArm, Some(15)),    // 17
                (IfThen, Some(17)),      // 18
                (IfElse, Some(17)),      // 19
                (MatchArm, Some(0)),     // 20
                (Entry, None),           // 21
                (IfThen, Some(21)),
                (IfElse, Some(21)),
            ]
        );
    }
}
