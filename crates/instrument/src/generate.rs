//! Finding the mutation points of a subject's source and rewriting it into mutant schemata.
//!
//! One pass of a [`syn::visit_mut::VisitMut`] over the parsed file both records every
//! mutation point ([`Point`]) and rewrites the point into its schemata form, a `match` on
//! the active mutant id whose `_` arm is the original code. Ids are not known during the
//! pass (they are ordered by source position), so the rewritten tokens carry marker
//! identifiers (`__TSBASE_v`, `__TSARM_v_j`, `__TSEND`, `__TSPT_v`, `__TSPTEND`, `__TSFN`,
//! `__TSFNEND`) that [`crate::schemata::render`] replaces by ids, drops, or turns into the
//! line map used to attribute compiler errors to mutants.
//!
//! The four classes (Section 6.2 of the paper), and where they are *not* applied:
//! * replace operator: binary arithmetic (`+ - * / %`), bitwise (`& | ^`), shift
//!   (`<< >>`), relational (`< <= > >= == !=`), logical (`&& ||`) operators and the
//!   compound assignments of the first three groups, each replaced by every other member
//!   of its group; operands are evaluated once, before the switch, and the right operand
//!   of `&&`/`||` stays lazily evaluated;
//! * replace constant: unsuffixed integer literals (with a leading `-` taken as part of
//!   the constant) by 0, 1, −1, c+1, c−1 where these differ from c and from each other,
//!   and `true` ↔ `false`;
//! * negate decision: conditions of `if`, `while` and match guards (not `if let`,
//!   `while let` or let chains);
//! * delete statement: expression statements `expr;` (never `let`, items, macros or a
//!   block's tail expression); a `return`, `break` or `continue` statement only when it
//!   is not the last statement of its block, or its block's value is always `()` (the
//!   body of an `if` without `else`, or of a loop), so that deleting it cannot change the
//!   block's type.
//!
//! Never mutated: patterns, types (array lengths, const generics), `const` and `static`
//! items, enum discriminants, `const fn`s, macro arguments, attributes, items under
//! `#[cfg(test)]` (which are dropped from the schemata), and the glue of a subject
//! ([`is_glue`](crate::glue::is_glue); copied unchanged, without guards — the same items SLOC leaves out).
//!
//! Guards (see `::testspace::subject::guard`): every function body of the schemata copy starts
//! by reading the active mutant once per call into `__ts_a`, through
//! `::testspace::subject::guard::enter()` (fuel and a stack check) in the functions a call
//! cycle can pass ([`crate::call_graph`]) and `::testspace::subject::mutation::active()` in the
//! others; every loop body and every closure body starts with
//! `::testspace::subject::guard::tick();` (fuel); the size argument of `resize`, `resize_with`,
//! `reserve`, `reserve_exact`, `repeat` and `Vec`/`String`/`VecDeque`/`HashMap`/`HashSet`
//! `::with_capacity` calls goes through `::testspace::subject::guard::alloc` (allocation cap).

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use proc_macro2::{Literal, Span, TokenStream};
use quote::{ToTokens, format_ident, quote};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit_mut::{self, VisitMut};
use syn::{BinOp, Block, Expr, File, ImplItem, Item, Lit, Stmt, TraitItem, UnOp};

use crate::call_graph::{self, Plan};
use crate::glue::{is_glue, names_any};
use crate::guards::{self, Guards};
use crate::syntax::{contains_let, inline, strip_test_items};

/// The four mutation operator classes (mirrors `::testspace::subject::MutationOperator`, whose
/// kebab-case names [`Operator::name`] returns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(clippy::enum_variant_names)] // the paper's names
pub enum Operator {
    /// Replace an operator by another of its group.
    ReplaceOperator,
    /// Replace a constant.
    ReplaceConstant,
    /// Negate a decision.
    NegateDecision,
    /// Delete a statement.
    DeleteStatement,
}

impl Operator {
    /// Every class, in declaration order.
    pub const ALL: [Operator; 4] = [
        Self::ReplaceOperator,
        Self::ReplaceConstant,
        Self::NegateDecision,
        Self::DeleteStatement,
    ];

    /// The kebab-case name used in catalogs.
    pub fn name(self) -> &'static str {
        match self {
            Self::ReplaceOperator => "replace-operator",
            Self::ReplaceConstant => "replace-constant",
            Self::NegateDecision => "negate-decision",
            Self::DeleteStatement => "delete-statement",
        }
    }
}

/// One mutation point: a place in the source with one or more mutants (one per
/// replacement), whose ids are `first_id ..  first_id + replacements.len()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// Operator class.
    pub operator: Operator,
    /// 1-based line of the mutated code.
    pub line: usize,
    /// 1-based column (in characters) of the mutated code.
    pub column: usize,
    /// The original code, whitespace-collapsed.
    pub original: String,
    /// The replacements, in id order (empty text = deleted).
    pub replacements: Vec<String>,
    /// The id of the first mutant of this point.
    pub first_id: u32,
}

/// One mutant: a point with one of its replacements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mutant {
    /// Stable id (≥ 1).
    pub id: u32,
    /// Operator class.
    pub operator: Operator,
    /// `file:line:column`.
    pub location: String,
    /// The original code.
    pub original: String,
    /// The replacement code (empty for a deleted statement).
    pub replacement: String,
}

/// A 16-hex-digit FNV-1a hash of the mutant list (ids, classes, locations, texts): a
/// catalog is current for a source iff its fingerprint equals the source's.
pub fn fingerprint(mutants: &[Mutant]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for m in mutants {
        let row = format!(
            "{}\t{}\t{}\t{}\t{}\n",
            m.id,
            m.operator.name(),
            m.location,
            m.original,
            m.replacement
        );
        for byte in row.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// The `module::Type` lines of the `register_subjects! { … }` call in `subjects/mod.rs`
/// (builder options in brackets after an entry, such as `[with_heaps]`, are skipped).
pub fn registered_units(mod_rs: &str) -> syn::Result<Vec<(String, String)>> {
    /// One entry of the list: `module::Type`, then optional builder calls in brackets.
    struct Entry(syn::Path);
    impl syn::parse::Parse for Entry {
        fn parse(input: syn::parse::ParseStream<'_>) -> syn::Result<Self> {
            let path: syn::Path = input.parse()?;
            if input.peek(syn::token::Bracket) {
                let options;
                syn::bracketed!(options in input);
                Punctuated::<syn::Ident, syn::Token![,]>::parse_terminated(&options)?;
            }
            Ok(Entry(path))
        }
    }
    let file = syn::parse_file(mod_rs)?;
    for item in &file.items {
        let Item::Macro(m) = item else { continue };
        if m.mac.path.is_ident("register_subjects") {
            let entries = m
                .mac
                .parse_body_with(Punctuated::<Entry, syn::Token![,]>::parse_terminated)?;
            return entries
                .iter()
                .map(|Entry(p)| match p.segments.len() {
                    2 => Ok((
                        p.segments[0].ident.to_string(),
                        p.segments[1].ident.to_string(),
                    )),
                    _ => Err(syn::Error::new(p.span(), "expected `module::Type`")),
                })
                .collect();
        }
    }
    Err(syn::Error::new(
        Span::call_site(),
        "no register_subjects! { … } call",
    ))
}

/// The ids of an exclusion file of the compile check (lines `module id id …`, written by
/// `testspace mutate`), by module; an error names a word that is not an id.
pub fn exclusions(text: &str) -> Result<BTreeMap<String, BTreeSet<u32>>, String> {
    let mut map: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    for line in text.lines() {
        let mut words = line.split_whitespace();
        if let Some(module) = words.next() {
            let ids = map.entry(module.to_string()).or_default();
            for word in words {
                ids.insert(
                    word.parse()
                        .map_err(|_| format!("exclusion `{word}` of {module} is not an id"))?,
                );
            }
        }
    }
    Ok(map)
}

/// The `fingerprint` and `not-compiling` ids recorded in a catalog file's header (the
/// two lines `build.rs` needs), or `None` if either is missing.
pub fn catalog_header(catalog: &str) -> Option<(String, Vec<u32>)> {
    let mut fingerprint = None;
    let mut excluded = None;
    for line in catalog.lines() {
        if let Some(rest) = line.strip_prefix("fingerprint = \"") {
            fingerprint = Some(rest.trim_end_matches('"').to_string());
        } else if let Some(rest) = line.strip_prefix("not-compiling = [") {
            let ids: Option<Vec<u32>> = rest
                .trim_end_matches(']')
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().ok())
                .collect();
            excluded = ids;
        }
    }
    Some((fingerprint?, excluded?))
}

/// Finds the mutation points of `file` (parsed from `source`, its inner attributes and
/// test items already removed) and rewrites it in place into schemata form with markers,
/// with the entry guards `plan` chooses. Returns the points, with ids ordered by (line,
/// column, class, visit order), and per split function the range of indices into the
/// points of the points inside it (`Analysis::functions`).
pub fn rewrite(file: &mut File, source: &str, plan: Plan) -> (Vec<Point>, Vec<Range<usize>>) {
    let mut finder = Finder {
        lines: source.lines().collect(),
        points: Vec::new(),
        fn_depth: 0,
        closure_depth: 0,
        unit_block: false,
        plan,
        functions: Vec::new(),
    };
    finder.visit_file_mut(file);
    let functions = finder.functions;
    let mut points = finder.points;
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by_key(|&v| (points[v].line, points[v].column, points[v].operator, v));
    let mut next = 1u32;
    for v in order {
        points[v].first_id = next;
        next += points[v].replacements.len() as u32;
    }
    (points, functions)
}

/// The operator groups of replace-operator.
const GROUPS: [&[&str]; 8] = [
    &["+", "-", "*", "/", "%"],
    &["&", "|", "^"],
    &["<<", ">>"],
    &["<", "<=", ">", ">=", "==", "!="],
    &["&&", "||"],
    &["+=", "-=", "*=", "/=", "%="],
    &["&=", "|=", "^="],
    &["<<=", ">>="],
];

/// How a binary operator's point is rewritten.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Operands by value.
    Value,
    /// Operands by reference (comparisons must not move their operands).
    Reference,
    /// `&&`/`||`: lazy right operand.
    Lazy,
    /// Compound assignment.
    Assign,
}

fn group_of(op: &str) -> Option<(&'static [&'static str], Shape)> {
    let (i, group) = GROUPS.iter().enumerate().find(|(_, g)| g.contains(&op))?;
    let shape = match i {
        0..=2 => Shape::Value,
        3 => Shape::Reference,
        4 => Shape::Lazy,
        _ => Shape::Assign,
    };
    Some((group, shape))
}

fn diverges(e: &Expr) -> bool {
    matches!(e, Expr::Return(_) | Expr::Break(_) | Expr::Continue(_))
}

fn marker(name: &str) -> TokenStream {
    format_ident!("{}", name).into_token_stream()
}

struct Finder<'a> {
    lines: Vec<&'a str>,
    points: Vec<Point>,
    fn_depth: usize,
    closure_depth: usize,
    /// The next block visited is one whose value is always `()`.
    unit_block: bool,
    /// Which functions get the entry guard and which closures no tick.
    plan: Plan,
    /// The point ranges of the split functions ([`Analysis::functions`]).
    functions: Vec<Range<usize>>,
}

impl Finder<'_> {
    fn mutating(&self) -> bool {
        self.fn_depth > 0
    }

    /// The source text of a span, whitespace-collapsed.
    fn text(&self, span: Span) -> String {
        let (start, end) = (span.start(), span.end());
        let mut out = String::new();
        for line in start.line..=end.line {
            let Some(text) = self.lines.get(line - 1) else {
                break;
            };
            let chars: Vec<char> = text.chars().collect();
            let from = if line == start.line { start.column } else { 0 };
            let to = if line == end.line {
                end.column.min(chars.len())
            } else {
                chars.len()
            };
            if from < to {
                out.extend(&chars[from..to]);
            }
            out.push(' ');
        }
        out.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    fn register(
        &mut self,
        operator: Operator,
        span: Span,
        original: String,
        replacements: Vec<String>,
    ) -> usize {
        let start = span.start();
        self.points.push(Point {
            operator,
            line: start.line,
            column: start.column + 1,
            original,
            replacements,
            first_id: 0,
        });
        self.points.len() - 1
    }

    /// The switch of point `v`: 0, 1, … for its mutants, anything else for gold.
    fn switch(&self, v: usize) -> TokenStream {
        let base = marker(&format!("__TSBASE_{v}"));
        if self.closure_depth > 0 {
            quote!(::testspace::subject::mutation::active().wrapping_sub(#base))
        } else {
            quote!(__ts_a.wrapping_sub(#base))
        }
    }

    fn arm(v: usize, j: usize, body: TokenStream) -> TokenStream {
        let begin = marker(&format!("__TSARM_{v}_{j}"));
        let pattern = Literal::usize_unsuffixed(j);
        quote!(#begin #pattern => #body, __TSEND)
    }

    fn region(v: usize, body: TokenStream) -> Expr {
        let begin = marker(&format!("__TSPT_{v}"));
        Expr::Verbatim(quote!(#begin (#body) __TSPTEND))
    }

    fn binary(&mut self, e: &mut Expr) {
        let Expr::Binary(b) = e else { unreachable!() };
        let op = b.op.to_token_stream().to_string().replace(' ', "");
        let Some((group, shape)) = group_of(&op) else {
            return visit_mut::visit_expr_mut(self, e);
        };
        // A `let` chain (`if let Some(x) = a && b`) is not a boolean: neither of its sides
        // can be bound to a `bool`, so `&&` is not replaced there.
        if shape == Shape::Lazy
            && (crate::syntax::contains_let(&b.left) || crate::syntax::contains_let(&b.right))
        {
            return visit_mut::visit_expr_mut(self, e);
        }
        let replacements: Vec<String> = group
            .iter()
            .filter(|&&r| r != op)
            .map(|r| r.to_string())
            .collect();
        let v = self.register(
            Operator::ReplaceOperator,
            b.op.span(),
            op.clone(),
            replacements.clone(),
        );
        visit_mut::visit_expr_mut(self, e);
        let Expr::Binary(b) = e else { unreachable!() };
        let (left, right, gold) = (&b.left, &b.right, &b.op);
        let switch = self.switch(v);
        let parse = |r: &str| syn::parse_str::<BinOp>(r).expect("a binary operator");
        let body = match shape {
            Shape::Value | Shape::Reference => {
                let arms = replacements.iter().enumerate().map(|(j, r)| {
                    let op = parse(r);
                    Self::arm(v, j, quote!(__ts_l #op __ts_r))
                });
                let bind = if shape == Shape::Value {
                    quote!(let (__ts_l, __ts_r) = (#left, #right);)
                } else {
                    quote!(let (__ts_l, __ts_r) = (&(#left), &(#right));)
                };
                quote!({ #bind match #switch { #(#arms)* _ => __ts_l #gold __ts_r } })
            }
            Shape::Lazy => {
                let is_or = op == "||";
                let flipped = !is_or;
                let arm = Self::arm(v, 0, quote!(#flipped));
                quote!({
                    let __ts_l: bool = #left;
                    let __ts_o: bool = match #switch { #arm _ => #is_or };
                    if __ts_l != __ts_o { #right } else { __ts_o }
                })
            }
            Shape::Assign => {
                let arms = replacements.iter().enumerate().map(|(j, r)| {
                    let op = parse(r);
                    Self::arm(v, j, quote!(*__ts_p #op __ts_r))
                });
                quote!({
                    let __ts_r = #right;
                    let __ts_p = &mut #left;
                    match #switch { #(#arms)* _ => *__ts_p #gold __ts_r }
                })
            }
        };
        *e = Self::region(v, body);
    }

    fn constant(&mut self, e: &mut Expr) {
        let (value, span, bool_value) = match &*e {
            Expr::Lit(l) => match &l.lit {
                Lit::Int(i) if i.suffix().is_empty() => match i.base10_parse::<i128>() {
                    Ok(c) => (c, i.span(), None),
                    Err(_) => return,
                },
                Lit::Bool(b) => (0, b.span, Some(b.value)),
                _ => return,
            },
            Expr::Unary(u) => match &*u.expr {
                Expr::Lit(l) => match &l.lit {
                    Lit::Int(i) if i.suffix().is_empty() => match i.base10_parse::<i128>() {
                        Ok(c) => (-c, u.span(), None),
                        Err(_) => return,
                    },
                    _ => return,
                },
                _ => return,
            },
            _ => return,
        };
        let original = self.text(span);
        let v;
        let arms: Vec<TokenStream>;
        if let Some(b) = bool_value {
            v = self.register(
                Operator::ReplaceConstant,
                span,
                original,
                vec![(!b).to_string()],
            );
            arms = vec![Self::arm(
                v,
                0,
                if b { quote!(false) } else { quote!(true) },
            )];
        } else {
            let mut values: Vec<i128> = Vec::new();
            for candidate in [
                Some(0),
                Some(1),
                Some(-1),
                value.checked_add(1),
                value.checked_sub(1),
            ]
            .into_iter()
            .flatten()
            {
                if candidate != value && !values.contains(&candidate) {
                    values.push(candidate);
                }
            }
            v = self.register(
                Operator::ReplaceConstant,
                span,
                original,
                values.iter().map(i128::to_string).collect(),
            );
            arms = values
                .iter()
                .enumerate()
                .map(|(j, &c)| {
                    let lit = Literal::i128_unsuffixed(c.abs());
                    let body = if c < 0 { quote!((-#lit)) } else { quote!(#lit) };
                    Self::arm(v, j, body)
                })
                .collect();
        }
        let switch = self.switch(v);
        let gold = e.to_token_stream();
        *e = Self::region(v, quote!(match #switch { #(#arms)* _ => #gold }));
    }

    /// Registers a negate-decision point for `cond` (before its children are visited).
    fn decision(&mut self, cond: &Expr) -> Option<usize> {
        if !self.mutating() || contains_let(cond) {
            return None;
        }
        let text = self.text(cond.span());
        Some(self.register(
            Operator::NegateDecision,
            cond.span(),
            text.clone(),
            vec![format!("!({text})")],
        ))
    }

    fn negate(&self, v: usize, cond: &mut Expr) {
        let switch = self.switch(v);
        let arm = Self::arm(v, 0, quote!(!__ts_c));
        let body = quote!({ let __ts_c: bool = #cond; match #switch { #arm _ => __ts_c } });
        *cond = Self::region(v, body);
    }

    fn unit_block(&mut self, block: &mut Block) {
        self.unit_block = true;
        self.visit_block_mut(block);
    }

    /// Instruments a function body: a prologue that reads the active mutant into `__ts_a`
    /// — through `guard::enter()` (fuel and the stack check) if the function is guarded,
    /// else through `mutation::active()` — then, if the body has mutation points, two
    /// copies of it: the original with only the guards (loop and closure ticks, allocation
    /// caps), run unless the active mutant's id lies in the function's id range, and the
    /// switched copy with every point rewritten. Both consume the same fuel. (A body with
    /// nested items keeps only the switched copy.)
    fn function(&mut self, sig: &syn::Signature, block: &mut Block) -> bool {
        if sig.constness.is_some() {
            return false;
        }
        let mut plain = block.clone();
        let mut guards = Guards {
            eager_closures: &self.plan.eager_closures,
            nested_items: false,
        };
        guards.visit_block_mut(&mut plain);
        let nested_items = guards.nested_items;
        let first = self.points.len();
        self.fn_depth += 1;
        let closures = std::mem::take(&mut self.closure_depth);
        self.visit_block_mut(block);
        self.closure_depth = closures;
        self.fn_depth -= 1;
        let prologue: Stmt = if self.plan.guarded.contains(&call_graph::key(&sig.ident)) {
            syn::parse_quote!(let __ts_a: u32 = ::testspace::subject::guard::enter();)
        } else {
            syn::parse_quote!(let __ts_a: u32 = ::testspace::subject::mutation::active();)
        };
        let points = first..self.points.len();
        if !points.is_empty() && !nested_items {
            let f = self.functions.len();
            self.functions.push(points);
            let (lo, span) = (
                marker(&format!("__TSLO_{f}")),
                marker(&format!("__TSSPAN_{f}")),
            );
            let switched = &block.stmts;
            // The closure's return type, where it can be written, gives the body the
            // expected type the function's own return type gave it (coercions, `?`).
            let output = match &sig.output {
                syn::ReturnType::Type(_, ty) if !names_any(ty.to_token_stream(), &["impl"]) => {
                    quote!(-> #ty)
                }
                _ => quote!(),
            };
            let split: Expr = Expr::Verbatim(quote!(
                if __ts_a.wrapping_sub(#lo) > #span #plain else {
                    ::testspace::subject::guard::switched(move || #output { #(#switched)* })
                }
            ));
            block.stmts = vec![prologue, Stmt::Expr(split, None)];
            true
        } else {
            block.stmts.insert(0, prologue);
            false
        }
    }
}

impl VisitMut for Finder<'_> {
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
            Item::Impl(i) => visit_mut::visit_item_impl_mut(self, i),
            Item::Fn(f) => {
                if self.function(&f.sig, &mut f.block) {
                    inline(&mut f.attrs);
                }
                if f.sig.constness.is_none() {
                    let tokens = f.to_token_stream();
                    *item = Item::Verbatim(quote!(__TSFN #tokens __TSFNEND));
                }
            }
            _ => visit_mut::visit_item_mut(self, item),
        }
    }

    fn visit_impl_item_mut(&mut self, item: &mut ImplItem) {
        match item {
            ImplItem::Fn(f) => {
                if self.function(&f.sig, &mut f.block) {
                    inline(&mut f.attrs);
                }
                if f.sig.constness.is_none() {
                    let tokens = f.to_token_stream();
                    *item = ImplItem::Verbatim(quote!(__TSFN #tokens __TSFNEND));
                }
            }
            ImplItem::Const(_) | ImplItem::Macro(_) | ImplItem::Type(_) => {}
            _ => visit_mut::visit_impl_item_mut(self, item),
        }
    }

    fn visit_trait_item_mut(&mut self, item: &mut TraitItem) {
        let TraitItem::Fn(f) = item else { return };
        let Some(block) = &mut f.default else { return };
        if self.function(&f.sig, block) {
            inline(&mut f.attrs);
        }
        if f.sig.constness.is_none() {
            let tokens = f.to_token_stream();
            *item = TraitItem::Verbatim(quote!(__TSFN #tokens __TSFNEND));
        }
    }

    fn visit_pat_mut(&mut self, _: &mut syn::Pat) {}
    fn visit_type_mut(&mut self, _: &mut syn::Type) {}
    fn visit_generic_argument_mut(&mut self, _: &mut syn::GenericArgument) {}
    fn visit_attribute_mut(&mut self, _: &mut syn::Attribute) {}
    fn visit_macro_mut(&mut self, _: &mut syn::Macro) {}

    fn visit_block_mut(&mut self, block: &mut Block) {
        let unit = std::mem::take(&mut self.unit_block);
        let n = block.stmts.len();
        for (i, stmt) in block.stmts.iter_mut().enumerate() {
            let deletable = self.mutating()
                && match &*stmt {
                    Stmt::Expr(e, Some(_)) => !diverges(e) || unit || i + 1 < n,
                    _ => false,
                };
            let v = deletable.then(|| {
                let span = stmt.span();
                let text = self.text(span);
                self.register(Operator::DeleteStatement, span, text, vec![String::new()])
            });
            self.visit_stmt_mut(stmt);
            if let Some(v) = v {
                let switch = self.switch(v);
                let arm = Self::arm(v, 0, quote!({}));
                let Stmt::Expr(e, _) = &*stmt else {
                    unreachable!()
                };
                let body = quote!(match #switch { #arm _ => { #e; } });
                *stmt = Stmt::Expr(Self::region(v, body), Some(Default::default()));
            }
        }
    }

    fn visit_expr_mut(&mut self, e: &mut Expr) {
        match e {
            Expr::Macro(_) | Expr::Const(_) => {}
            Expr::Closure(c) => {
                self.closure_depth += 1;
                self.visit_expr_mut(&mut c.body);
                self.closure_depth -= 1;
                if !self
                    .plan
                    .eager_closures
                    .contains(&call_graph::closure_key(c))
                {
                    guards::tick_closure(c);
                }
            }
            Expr::Repeat(r) => self.visit_expr_mut(&mut r.expr),
            Expr::Binary(_) if self.mutating() => self.binary(e),
            Expr::Lit(_) if self.mutating() => self.constant(e),
            Expr::Unary(u)
                if self.mutating()
                    && matches!(u.op, UnOp::Neg(_))
                    && matches!(&*u.expr, Expr::Lit(l) if matches!(&l.lit, Lit::Int(i) if i.suffix().is_empty())) =>
            {
                self.constant(e)
            }
            Expr::If(i) => {
                let v = self.decision(&i.cond);
                self.visit_expr_mut(&mut i.cond);
                if i.else_branch.is_none() {
                    self.unit_block(&mut i.then_branch);
                } else {
                    self.visit_block_mut(&mut i.then_branch);
                }
                if let Some((_, els)) = &mut i.else_branch {
                    self.visit_expr_mut(els);
                }
                if let Some(v) = v {
                    self.negate(v, &mut i.cond);
                }
            }
            Expr::While(w) => {
                let v = self.decision(&w.cond);
                self.visit_expr_mut(&mut w.cond);
                self.unit_block(&mut w.body);
                if let Some(v) = v {
                    self.negate(v, &mut w.cond);
                }
                guards::tick(&mut w.body);
            }
            Expr::ForLoop(f) => {
                self.visit_expr_mut(&mut f.expr);
                self.unit_block(&mut f.body);
                guards::tick(&mut f.body);
            }
            Expr::Loop(l) => {
                self.unit_block(&mut l.body);
                guards::tick(&mut l.body);
            }
            Expr::Match(m) => {
                self.visit_expr_mut(&mut m.expr);
                for arm in &mut m.arms {
                    if let Some((_, guard)) = &mut arm.guard {
                        let v = self.decision(guard);
                        self.visit_expr_mut(guard);
                        if let Some(v) = v {
                            self.negate(v, guard);
                        }
                    }
                    self.visit_expr_mut(&mut arm.body);
                }
            }
            Expr::MethodCall(c) => {
                visit_mut::visit_expr_method_call_mut(self, c);
                if self.fn_depth > 0
                    && guards::is_alloc_method(c)
                    && let Some(arg) = c.args.first_mut()
                {
                    guards::alloc_arg(arg);
                }
            }
            Expr::Call(c) => {
                visit_mut::visit_expr_call_mut(self, c);
                if self.fn_depth > 0
                    && guards::is_with_capacity(c)
                    && let Some(arg) = c.args.first_mut()
                {
                    guards::alloc_arg(arg);
                }
            }
            _ => visit_mut::visit_expr_mut(self, e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exclusions_are_read_by_module_and_a_word_that_is_no_id_is_an_error() {
        let map = exclusions("ring 3 5\nledger 4\nring 9\n").unwrap();
        assert_eq!(map["ring"], BTreeSet::from([3, 5, 9]));
        assert_eq!(map["ledger"], BTreeSet::from([4]));
        assert!(!map.contains_key("queue"));
        assert!(exclusions("ring 3 x").unwrap_err().contains("`x`"));
    }

    #[test]
    fn the_and_of_a_let_chain_is_not_replaced_but_a_boolean_and_is() {
        let source = "fn f(a: Option<i32>, b: bool, c: bool) -> i32 {\n\
                      if let Some(x) = a && b { return x; }\n\
                      if b && c { 1 } else { 2 }\n}\n";
        let analysis = crate::analysis::analyse(source, "src/lib.rs").unwrap();
        let ands: Vec<String> = analysis
            .mutants()
            .into_iter()
            .filter(|m| m.original == "&&")
            .map(|m| m.location)
            .collect();
        assert_eq!(ands, ["src/lib.rs:3:6"]);
    }
}
