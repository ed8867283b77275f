//! GRT's Constant mining (Ma et al. 2015): the constants of a port's source, folded, and
//! their tf–idf weights over the java.util ports.
//!
//! GRT mines Java bytecode with constant propagation and folding; testspace mines the Rust
//! port's source with `syn` (the parse the mutant generator uses): each maximal constant
//! expression — integer literals under unary minus, casts, parentheses and the binary
//! arithmetic, bit and shift operators, and paths naming the file's own `const` items — is
//! folded to one `int` constant; string literals are `String` constants. Test code
//! (`#[cfg(test)]`), the harness glue (method tables, declaration traits: strings there
//! are method names, not the unit's data) and attributes (doc comments) are skipped;
//! values outside Java's `int` range are dropped.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, OnceLock};

use syn::visit_mut::VisitMut;
use syn::{BinOp, Expr, Item, Lit, UnOp};

use crate::mutant::syntax::strip_test_items;
use crate::subject::Unit;
use crate::subject::glue::is_glue;

/// The constants of one source file with how often each occurs (tf within the file).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MinedConstants {
    /// `int` constants and their number of occurrences, by value.
    pub ints: BTreeMap<i32, u32>,
    /// `String` constants and their number of occurrences.
    pub strings: BTreeMap<String, u32>,
}

/// Mines the constants of a port's source (see the module). A file `syn` cannot parse has
/// none.
pub fn mine(source: &str) -> MinedConstants {
    let Ok(mut file) = syn::parse_file(source) else {
        return MinedConstants::default();
    };
    strip_test_items(&mut file.items);
    file.items.retain(|item| !is_glue(item));
    let mut miner = Miner::default();
    // `const` items first, in order, so that later ones and the code can name them.
    for item in &file.items {
        if let Item::Const(c) = item {
            let name = c.ident.to_string();
            if let Some(value) = miner.fold(&c.expr) {
                miner.consts.insert(name, value);
            } else if let Expr::Lit(l) = &*c.expr
                && let Lit::Str(s) = &l.lit
            {
                miner.string_consts.insert(name, s.value());
            }
        }
    }
    for item in &mut file.items {
        miner.visit_item_mut(item);
    }
    miner.found
}

#[derive(Default)]
struct Miner {
    /// The file's `const` items that fold to an integer.
    consts: HashMap<String, i128>,
    /// The file's `const` items that are string literals.
    string_consts: HashMap<String, String>,
    found: MinedConstants,
}

impl Miner {
    /// The value of `expr` if it is a constant integer expression.
    fn fold(&self, expr: &Expr) -> Option<i128> {
        match expr {
            Expr::Lit(l) => match &l.lit {
                Lit::Int(i) => i.base10_parse::<i128>().ok(),
                _ => None,
            },
            Expr::Paren(p) => self.fold(&p.expr),
            Expr::Group(g) => self.fold(&g.expr),
            Expr::Cast(c) => self.fold(&c.expr),
            Expr::Unary(u) => match u.op {
                UnOp::Neg(_) => self.fold(&u.expr).map(|v| -v),
                UnOp::Not(_) => self.fold(&u.expr).map(|v| !v),
                _ => None,
            },
            Expr::Path(p) if p.qself.is_none() => {
                let ident = p.path.segments.last()?.ident.to_string();
                self.consts.get(&ident).copied()
            }
            Expr::Binary(b) => {
                let (l, r) = (self.fold(&b.left)?, self.fold(&b.right)?);
                match b.op {
                    BinOp::Add(_) => l.checked_add(r),
                    BinOp::Sub(_) => l.checked_sub(r),
                    BinOp::Mul(_) => l.checked_mul(r),
                    BinOp::Div(_) if r != 0 => Some(l / r),
                    BinOp::Rem(_) if r != 0 => Some(l % r),
                    BinOp::BitAnd(_) => Some(l & r),
                    BinOp::BitOr(_) => Some(l | r),
                    BinOp::BitXor(_) => Some(l ^ r),
                    BinOp::Shl(_) if (0..64).contains(&r) => l.checked_shl(r as u32),
                    BinOp::Shr(_) if (0..64).contains(&r) => Some(l >> r),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn record_int(&mut self, value: i128) {
        if let Ok(value) = i32::try_from(value) {
            *self.found.ints.entry(value).or_default() += 1;
        }
    }
}

impl VisitMut for Miner {
    fn visit_attribute_mut(&mut self, _: &mut syn::Attribute) {}

    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        // A maximal constant expression counts once, folded; a lone path to a `const`
        // item counts as a use of its value.
        if let Some(value) = self.fold(expr) {
            self.record_int(value);
            return;
        }
        let string = match &*expr {
            Expr::Lit(l) => match &l.lit {
                Lit::Str(s) => Some(s.value()),
                _ => None,
            },
            Expr::Path(p) if p.qself.is_none() => p
                .path
                .segments
                .last()
                .and_then(|s| self.string_consts.get(&s.ident.to_string()).cloned()),
            _ => None,
        };
        if let Some(string) = string {
            *self.found.strings.entry(string).or_default() += 1;
            return;
        }
        syn::visit_mut::visit_expr_mut(self, expr);
    }

    fn visit_item_const_mut(&mut self, item: &mut syn::ItemConst) {
        // Its definition is not a use; the code's references to it are.
        let _ = item;
    }
}

/// The tf–idf weight of a constant (Ma et al. 2015; Randoop's `TfIdfSelector`):
/// tf · ln((|D| + 1) / (|D| + 1 − df)), where tf is its number of occurrences over the
/// documents D (here the java.util ports), |D| their number and df the number of them
/// that contain it. Grows with tf and with df: constants many units use weigh most.
pub fn tf_idf(occurrences: u32, documents: usize, containing: usize) -> f64 {
    assert!(containing <= documents && containing > 0);
    let d = documents as f64 + 1.0;
    f64::from(occurrences) * (d / (d - containing as f64)).ln()
}

/// Constants with their weights, per type.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WeightedConstants {
    /// `int` constants and their weights, ascending by value.
    pub ints: Vec<(i32, f64)>,
    /// `String` constants and their weights, ascending.
    pub strings: Vec<(String, f64)>,
}

impl WeightedConstants {
    /// Every constant of `corpus` (documents: a class name and its mined constants) with
    /// its [`tf_idf`] weight over the documents — GRT's global level.
    pub fn over(corpus: &[(String, MinedConstants)]) -> Self {
        let mut ints: BTreeMap<i32, (u32, usize)> = BTreeMap::new();
        let mut strings: BTreeMap<&str, (u32, usize)> = BTreeMap::new();
        for (_, document) in corpus {
            for (&value, &n) in &document.ints {
                let entry = ints.entry(value).or_default();
                *entry = (entry.0 + n, entry.1 + 1);
            }
            for (value, &n) in &document.strings {
                let entry = strings.entry(value).or_default();
                *entry = (entry.0 + n, entry.1 + 1);
            }
        }
        let documents = corpus.len();
        WeightedConstants {
            ints: ints
                .into_iter()
                .map(|(v, (tf, df))| (v, tf_idf(tf, documents, df)))
                .collect(),
            strings: strings
                .into_iter()
                .map(|(v, (tf, df))| (v.to_string(), tf_idf(tf, documents, df)))
                .collect(),
        }
    }
}

/// The java.util ports' constants, mined once per process, and their tf–idf weights. The
/// fixture subjects are never among them, so that a port's weights (and GRT's suites) do
/// not depend on `TESTSPACE_FIXTURE_SUBJECTS`.
fn ports() -> &'static (Corpus, Arc<WeightedConstants>) {
    static PORTS: OnceLock<(Corpus, Arc<WeightedConstants>)> = OnceLock::new();
    PORTS.get_or_init(|| {
        let corpus: Vec<_> = crate::subjects::all()
            .iter()
            .map(|unit| (unit.class().to_string(), mine(unit.source())))
            .collect();
        let weighted = Arc::new(WeightedConstants::over(&corpus));
        (corpus, weighted)
    })
}

/// Documents: a class name and its mined constants.
pub type Corpus = Vec<(String, MinedConstants)>;

/// GRT's documents for `unit`: the ports, with `unit` if it is not one of them.
pub fn corpus_with(unit: &dyn Unit) -> Corpus {
    let mut corpus = ports().0.clone();
    if !corpus.iter().any(|(class, _)| class == unit.class()) {
        corpus.push((unit.class().to_string(), mine(unit.source())));
    }
    corpus
}

/// GRT's two levels for `unit`: its own constants, and every document's constants with
/// their tf–idf weights over [`corpus_with`]`(unit)` (for a port, computed once per
/// process).
pub fn levels_of(unit: &dyn Unit) -> (MinedConstants, Arc<WeightedConstants>) {
    let (corpus, weighted) = ports();
    match corpus.iter().find(|(class, _)| class == unit.class()) {
        Some((_, own)) => (own.clone(), Arc::clone(weighted)),
        None => {
            let corpus = corpus_with(unit);
            let weighted = Arc::new(WeightedConstants::over(&corpus));
            (mine(unit.source()), weighted)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_folded_and_counted_per_maximal_expression() {
        let source = r#"
            const MAXIMUM: i32 = 1 << 30;
            const LOAD: i32 = MAXIMUM / 4;
            const WORD: &str = "hi";
            /// Doc comments are no constants: "not this", 77.
            fn grow(n: i32) -> i32 {
                if n > MAXIMUM { return -1; }
                let s = "[]";
                let t = WORD;
                (n + 7) * 2 + LOAD + 0x10 + (3 - 5)
            }
            #[cfg(test)]
            fn test() { let _ = 424242; }
        "#;
        let mined = mine(source);
        // `1 << 30` is defined, not used; `MAXIMUM` is used once, `-1`, `7`, `2`, `0x10`,
        // `LOAD` and `3 - 5` once each.
        let expected: BTreeMap<i32, u32> = [
            (1 << 30, 1),
            (-1, 1),
            (7, 1),
            (2, 1),
            ((1 << 30) / 4, 1),
            (16, 1),
            (-2, 1),
        ]
        .into();
        assert_eq!(mined.ints, expected);
        assert_eq!(
            mined.strings,
            [("[]".to_string(), 1), ("hi".to_string(), 1)].into()
        );
    }

    #[test]
    fn tf_idf_matches_hand_computed_values() {
        // tf 3 over 4 documents, in 2 of them: 3 · ln(5 / 3).
        assert!((tf_idf(3, 4, 2) - 3.0 * (5.0f64 / 3.0).ln()).abs() < 1e-12);
        // In every document: ln(|D| + 1).
        assert!((tf_idf(1, 16, 16) - 17f64.ln()).abs() < 1e-12);
        // In one: ln((|D| + 1) / |D|), the smallest idf.
        assert!((tf_idf(1, 16, 1) - (17.0f64 / 16.0).ln()).abs() < 1e-12);
    }

    #[test]
    fn constants_weigh_by_their_use_across_the_corpus() {
        let doc = |ints: &[(i32, u32)]| MinedConstants {
            ints: ints.iter().copied().collect(),
            strings: BTreeMap::new(),
        };
        let corpus = vec![
            ("A".to_string(), doc(&[(0, 2), (10, 1)])),
            ("B".to_string(), doc(&[(0, 1)])),
            ("C".to_string(), doc(&[(16, 4)])),
        ];
        let weighted = WeightedConstants::over(&corpus);
        // 0: tf 3 in 2 of 3 documents; 10: tf 1 in 1; 16: tf 4 in 1.
        let expected = [
            (0, 3.0 * 2f64.ln()),
            (10, (4.0f64 / 3.0).ln()),
            (16, 4.0 * (4.0f64 / 3.0).ln()),
        ];
        assert_eq!(weighted.ints.len(), expected.len());
        for ((v, w), (ev, ew)) in weighted.ints.iter().zip(expected) {
            assert_eq!(*v, ev);
            assert!((w - ew).abs() < 1e-12, "{v}: {w} vs {ew}");
        }
    }

    #[test]
    fn the_ports_yield_their_java_constants() {
        let unit = crate::subject::registry().find("HashMap").unwrap();
        let corpus = corpus_with(unit);
        assert_eq!(corpus.len(), crate::subjects::all().len());
        let (_, hash_map) = corpus.iter().find(|(c, _)| c == "HashMap").unwrap();
        // DEFAULT_INITIAL_CAPACITY (16) and MAXIMUM_CAPACITY (1 << 30).
        assert!(hash_map.ints.contains_key(&16), "{hash_map:?}");
        assert!(hash_map.ints.contains_key(&(1 << 30)), "{hash_map:?}");
        let global = WeightedConstants::over(&corpus);
        assert!(global.ints.iter().all(|&(_, w)| w > 0.0 && w.is_finite()));
        // The cached levels are those computed afresh.
        let (own, cached) = levels_of(unit);
        assert_eq!((&own, &*cached), (hash_map, &global));
    }
}
