//! Run-time side of the coverage copies (`crates/instrument/src/coverage_copy.rs` writes them): one flag
//! per probe per thread, set by the probes, read and cleared by [`CoverageSession`].
//!
//! The flags live in one thread-local array of [`MAX_PROBES`] cells shared by every
//! coverage copy, and a unit's probes are the first `probes.len()` flags. A flag is a
//! saturating 8-bit hit counter (AFL's trace map, Zalewski's technical details): a probe
//! adds one, a flag is set when its count is not 0, and [`hit_counts`] reads the counts for
//! the greybox fuzzer's hit-count buckets. Between a [`CoverageSession`]'s `reset` and the end of its test
//! case, the thread's flags belong to that session: run one coverage session's test case
//! at a time on a thread (the plain and schemata copies set no flags, so they may
//! interleave freely).
//!
//! Branch distances (Tracey et al. 1998; Korel 1990), for search-based generators: a
//! decision whose condition compares numbers is written by the coverage copy as a
//! [`Condition`] — its value with the distance to make it true and to make it false —
//! and [`decide`] records, per outcome probe, the smallest distance seen since the last
//! clear. Nothing is recorded unless a session asks ([`record_distances`]); otherwise a
//! decision costs one thread-local read more than a plain `if`.

use super::Session;
use super::exception::JavaException;
use super::harness::PrimitivePools;
use std::cell::Cell;
pub use testspace_instrument::probe_kind::ProbeKind;

/// The most probes one coverage copy may have (checked when it is compiled).
pub const MAX_PROBES: usize = 8192;

thread_local! {
    static FLAGS: [Cell<u8>; MAX_PROBES] = const { [const { Cell::new(0) }; MAX_PROBES] };
    /// Per outcome probe, the smallest branch distance to it since the last clear.
    static DISTANCES: [Cell<f64>; MAX_PROBES] =
        const { [const { Cell::new(f64::INFINITY) }; MAX_PROBES] };
    /// Whether [`decide`] records distances on this thread.
    static RECORDING: Cell<bool> = const { Cell::new(false) };
}

/// Records that probe `probe` was reached on this thread once more (its count saturates
/// at 255).
#[inline(always)]
pub fn hit(probe: usize) {
    FLAGS.with(|flags| {
        let flag = &flags[probe];
        flag.set(flag.get().saturating_add(1));
    });
}

/// `condition`, recording probe `yes` if it holds and `no` if not.
#[inline(always)]
pub fn branch(condition: bool, yes: usize, no: usize) -> bool {
    // A store on each path (not a selected index): the compiler can fold the test into
    // the decision that follows.
    if condition {
        hit(yes)
    } else {
        hit(no)
    }
    condition
}

/// What `?` does with a value: go on, or return early.
pub trait Outcome {
    /// Whether `?` goes on with the value (`Ok`, `Some`).
    fn proceeds(&self) -> bool;
}

impl<T, E> Outcome for Result<T, E> {
    #[inline(always)]
    fn proceeds(&self) -> bool {
        self.is_ok()
    }
}

impl<T> Outcome for Option<T> {
    #[inline(always)]
    fn proceeds(&self) -> bool {
        self.is_some()
    }
}

/// `value`, recording probe `ok` if `?` will go on with it and `err` if it will return.
#[inline(always)]
pub fn question<T: Outcome>(value: T, ok: usize, err: usize) -> T {
    if value.proceeds() {
        hit(ok)
    } else {
        hit(err)
    }
    value
}

/// The iterator of a `for` loop of a coverage copy: records probe `body` for each item
/// and `exit` when the iterator is done.
pub struct Loop<I> {
    inner: I,
    body: usize,
    exit: usize,
}

impl<I: Iterator> Loop<I> {
    /// Wraps the loop's iterable.
    #[inline(always)]
    pub fn new(iterable: impl IntoIterator<IntoIter = I>, body: usize, exit: usize) -> Self {
        Loop {
            inner: iterable.into_iter(),
            body,
            exit,
        }
    }
}

impl<I: Iterator> Iterator for Loop<I> {
    type Item = I::Item;
    #[inline(always)]
    fn next(&mut self) -> Option<I::Item> {
        let item = self.inner.next();
        if item.is_some() {
            hit(self.body)
        } else {
            hit(self.exit)
        }
        item
    }
}

/// Clears the thread's first `count` flags (and their distances, when recording).
pub fn clear(count: usize) {
    FLAGS.with(|flags| flags[..count].iter().for_each(|f| f.set(0)));
    if RECORDING.with(Cell::get) {
        clear_distances(count);
    }
}

fn clear_distances(count: usize) {
    DISTANCES.with(|d| d[..count].iter().for_each(|d| d.set(f64::INFINITY)));
}

/// Whether [`decide`] records branch distances on this thread from now on; turning it on
/// or off clears the first `count` distances.
pub fn record_distances(on: bool, count: usize) {
    RECORDING.with(|r| r.set(on));
    clear_distances(count);
}

/// Calls `f` with each of the thread's first `count` distances, by probe id: the smallest
/// distance to that outcome recorded since the last clear (`f64::INFINITY`: none).
pub fn distances(count: usize, mut f: impl FnMut(usize, f64)) {
    DISTANCES.with(|d| {
        d[..count]
            .iter()
            .enumerate()
            .for_each(|(id, d)| f(id, d.get()))
    });
}

/// The distance added for a predicate that is not a numeric comparison and does not hold,
/// or for an operand that a short circuit did not evaluate (EvoSuite's `K`).
pub const K: f64 = 1.0;

/// A decision's condition with its branch distances: how far it is from being true and
/// from being false (0 for the outcome it has). Composed per Tracey et al.: `a && b` sums
/// the distances to true and takes the minimum to false, `a || b` the reverse, and `!`
/// swaps them (negation pushed inward).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Condition {
    /// Whether the condition holds.
    pub holds: bool,
    /// The distance to make it true.
    pub to_true: f64,
    /// The distance to make it false.
    pub to_false: f64,
}

impl Condition {
    /// A predicate with no numeric distance: 0 to its outcome, [`K`] to the other.
    #[inline(always)]
    pub fn flag(holds: bool) -> Self {
        let (to_true, to_false) = if holds { (0.0, K) } else { (K, 0.0) };
        Condition {
            holds,
            to_true,
            to_false,
        }
    }

    /// `!self`.
    #[inline(always)]
    pub fn negate(self) -> Self {
        Condition {
            holds: !self.holds,
            to_true: self.to_false,
            to_false: self.to_true,
        }
    }

    /// `self && right`, both evaluated.
    #[inline(always)]
    pub fn and(self, right: Condition) -> Self {
        Condition {
            holds: self.holds && right.holds,
            to_true: self.to_true + right.to_true,
            to_false: self.to_false.min(right.to_false),
        }
    }

    /// `self && …` cut short (`self` failed): the unevaluated operand counts [`K`] to true.
    #[inline(always)]
    pub fn and_skipped(self) -> Self {
        Condition {
            holds: false,
            to_true: self.to_true + K,
            to_false: self.to_false,
        }
    }

    /// `self || right`, both evaluated.
    #[inline(always)]
    pub fn or(self, right: Condition) -> Self {
        Condition {
            holds: self.holds || right.holds,
            to_true: self.to_true.min(right.to_true),
            to_false: self.to_false + right.to_false,
        }
    }

    /// `self || …` cut short (`self` held): the unevaluated operand counts [`K`] to false.
    #[inline(always)]
    pub fn or_skipped(self) -> Self {
        Condition {
            holds: true,
            to_true: self.to_true,
            to_false: self.to_false + K,
        }
    }
}

/// The operator of a comparison in a condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
    /// `<`
    Less,
    /// `<=`
    LessEqual,
    /// `>`
    Greater,
    /// `>=`
    GreaterEqual,
}

impl Comparison {
    /// The distance to make `left OP right` true (EvoSuite's `ExecutionTracer` table,
    /// K = 1): `==` |a−b|; `!=` K if equal; `<` a−b+K if a ≥ b; `<=` a−b+K if a > b;
    /// `>` b−a+K if a ≤ b; `>=` b−a+K if a < b; else 0.
    pub fn to_true(self, a: f64, b: f64) -> f64 {
        match self {
            Comparison::Equal => (a - b).abs(),
            Comparison::NotEqual => (a == b) as u8 as f64 * K,
            Comparison::Less => {
                if a >= b {
                    a - b + K
                } else {
                    0.0
                }
            }
            Comparison::LessEqual => {
                if a > b {
                    a - b + K
                } else {
                    0.0
                }
            }
            Comparison::Greater => {
                if a <= b {
                    b - a + K
                } else {
                    0.0
                }
            }
            Comparison::GreaterEqual => {
                if a < b {
                    b - a + K
                } else {
                    0.0
                }
            }
        }
    }

    /// The comparison that holds exactly when this one fails.
    pub fn negated(self) -> Comparison {
        match self {
            Comparison::Equal => Comparison::NotEqual,
            Comparison::NotEqual => Comparison::Equal,
            Comparison::Less => Comparison::GreaterEqual,
            Comparison::LessEqual => Comparison::Greater,
            Comparison::Greater => Comparison::LessEqual,
            Comparison::GreaterEqual => Comparison::Less,
        }
    }

    /// The condition `left OP right` whose value is `holds`, with numeric distances. The
    /// outcome that holds is at distance 0; the other at least [`K`]'s fraction above 0
    /// (a distance lost to rounding, or NaN, counts [`K`]).
    #[inline(always)]
    pub fn condition(self, holds: bool, a: f64, b: f64) -> Condition {
        let away = |d: f64| if d > 0.0 { d } else { K };
        if holds {
            Condition {
                holds,
                to_true: 0.0,
                to_false: away(self.negated().to_true(a, b)),
            }
        } else {
            Condition {
                holds,
                to_true: away(self.to_true(a, b)),
                to_false: 0.0,
            }
        }
    }
}

/// The operands of a comparison, for the coverage copy's distance: numeric operands of one
/// type give [`NumericOperands::condition`], any others [`FlagOperands::condition`] (the
/// method call picks the first that applies: autoref specialisation).
pub struct Operands<'a, L: ?Sized, R: ?Sized>(pub &'a L, pub &'a R);

/// A number a branch distance can be measured on.
pub trait Number {
    /// The value as a float.
    fn number(&self) -> f64;
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl Number for $t {
            #[inline(always)]
            fn number(&self) -> f64 {
                *self as f64
            }
        }
    )*};
}
numbers!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, f32, f64
);

impl Number for char {
    #[inline(always)]
    fn number(&self) -> f64 {
        u32::from(*self) as f64
    }
}

impl<T: Number + ?Sized> Number for &T {
    #[inline(always)]
    fn number(&self) -> f64 {
        (**self).number()
    }
}

/// The condition of a comparison of two numbers of one type.
pub trait NumericOperands {
    /// `left OP right`, whose value is `holds`, with numeric distances.
    fn condition(&self, holds: bool, comparison: Comparison) -> Condition;
}

impl<T: Number + ?Sized> NumericOperands for Operands<'_, T, T> {
    #[inline(always)]
    fn condition(&self, holds: bool, comparison: Comparison) -> Condition {
        comparison.condition(holds, self.0.number(), self.1.number())
    }
}

/// The condition of a comparison of anything else: a flag.
pub trait FlagOperands {
    /// `holds` as a flag ([`Condition::flag`]).
    fn condition(&self, holds: bool, comparison: Comparison) -> Condition;
}

impl<L: ?Sized, R: ?Sized> FlagOperands for &Operands<'_, L, R> {
    #[inline(always)]
    fn condition(&self, holds: bool, _: Comparison) -> Condition {
        Condition::flag(holds)
    }
}

/// The value of a decision's `condition`; when recording, keeps its distance to true as
/// probe `yes`'s and its distance to false as probe `no`'s, if smaller than before.
#[inline(always)]
pub fn decide(condition: Condition, yes: usize, no: usize) -> bool {
    if RECORDING.with(Cell::get) {
        record(yes, condition.to_true);
        record(no, condition.to_false);
    }
    condition.holds
}

#[inline(never)]
fn record(probe: usize, distance: f64) {
    DISTANCES.with(|d| {
        let cell = &d[probe];
        if distance < cell.get() {
            cell.set(distance);
        }
    });
}

/// Calls `reached` with the id of each of the thread's first `count` flags that is set.
pub fn reached(count: usize, mut reached: impl FnMut(usize)) {
    const CHUNK: usize = 32;
    FLAGS.with(|flags| {
        // Most flags are clear after one test case: skip them a chunk at a time.
        for (c, chunk) in flags[..count].chunks(CHUNK).enumerate() {
            if chunk.iter().fold(0, |any, flag| any | flag.get()) == 0 {
                continue;
            }
            for (k, flag) in chunk.iter().enumerate() {
                if flag.get() != 0 {
                    reached(c * CHUNK + k);
                }
            }
        }
    });
}

/// Calls `f` with the id and hit count (1 to 255, saturated) of each of the thread's first
/// `count` flags that is set, ascending: how often each probe was reached since the last
/// clear.
pub fn hit_counts(count: usize, mut f: impl FnMut(usize, u8)) {
    FLAGS.with(|flags| {
        for (id, flag) in flags[..count].iter().enumerate() {
            let hits = flag.get();
            if hits != 0 {
                f(id, hits);
            }
        }
    });
}

/// One probe of a coverage copy (a row of its generated `TESTSPACE_PROBES` table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The outcome it records.
    pub kind: ProbeKind,
    /// 1-based line in the port's file.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// The port function it lies in (`ArrayList::add_at`, or a free function's name).
    pub function: &'static str,
    /// The probe it is control dependent on as the syntax nests it (the innermost
    /// enclosing branch outcome, else its function's `entry`; `None` for an `entry`).
    pub parent: Option<usize>,
}

impl Probe {
    /// A probe placed by hand in a fixture subject (no line or column, no parent).
    pub const fn by_hand(kind: ProbeKind, function: &'static str) -> Probe {
        Probe {
            kind,
            line: 0,
            column: 0,
            function,
            parent: None,
        }
    }

    /// This probe, control dependent on probe `parent`.
    pub const fn under(self, parent: usize) -> Probe {
        Probe {
            parent: Some(parent),
            ..self
        }
    }
}

/// The probes of one unit's coverage copy.
#[derive(Clone, Copy, Debug)]
pub struct ProbeTable {
    /// The port's source file (`subjects/array_list.rs`).
    pub file: &'static str,
    /// The probes, by id.
    pub probes: &'static [Probe],
}

/// A session running gold through a unit's coverage copy: a [`Session`] (the same results,
/// exceptions, pools and fuel as gold through the schemata copy) whose `reset` clears the
/// thread's probe flags, so that after a test case [`CoverageSession::reached`] lists the
/// probes it reached — or, after [`CoverageSession::clear_per_test_case`]`(false)`, keeps
/// them until [`CoverageSession::clear`], so that they cover every test case since.
pub struct CoverageSession {
    session: Box<dyn Session>,
    table: ProbeTable,
    clear_on_reset: bool,
}

impl CoverageSession {
    /// Wraps a gold session of a coverage copy with the copy's probes.
    pub fn new(session: Box<dyn Session>, table: ProbeTable) -> Self {
        CoverageSession {
            session,
            table,
            clear_on_reset: true,
        }
    }

    /// Whether `reset` clears the probe flags (the default), or they accumulate over test
    /// cases until [`CoverageSession::clear`] (per cell, say).
    pub fn clear_per_test_case(&mut self, clear: bool) {
        self.clear_on_reset = clear;
    }

    /// Clears the unit's probe flags on this thread.
    pub fn clear(&self) {
        clear(self.table.probes.len());
    }

    /// The probes of the unit.
    pub fn table(&self) -> ProbeTable {
        self.table
    }

    /// Calls `f` with each probe reached since the last reset (on this thread).
    pub fn reached(&self, f: impl FnMut(usize)) {
        reached(self.table.probes.len(), f);
    }
}

impl Session for CoverageSession {
    fn reset(&mut self) {
        self.session.reset();
        if self.clear_on_reset {
            self.clear();
        }
    }
    fn step(&mut self, call: u32) -> Result<(), JavaException> {
        self.session.step(call)
    }
    fn reset_to(&mut self, pools: &super::PoolInit) {
        self.session.reset_to(pools);
        if self.clear_on_reset {
            self.clear();
        }
    }
    fn step_slots(&mut self, method: usize, slots: &[u32]) -> Result<(), JavaException> {
        self.session.step_slots(method, slots)
    }
    fn object(&self, slot: usize) -> Option<Box<dyn std::any::Any + Send>> {
        self.session.object(slot)
    }
    fn object_state_hash(&self, slot: usize) -> Option<u64> {
        self.session.object_state_hash(slot)
    }
    fn same_object_state(&self, slot: usize, other: &dyn std::any::Any) -> Option<bool> {
        self.session.same_object_state(slot, other)
    }
    fn is_null(&self, slot: usize) -> bool {
        self.session.is_null(slot)
    }
    fn refuel(&mut self) {
        self.session.refuel();
    }
    fn put_object(&mut self, slot: usize, object: &dyn std::any::Any) {
        self.session.put_object(slot, object);
    }
    fn primitives(&self) -> PrimitivePools {
        self.session.primitives()
    }
    fn int_at(&self, slot: usize) -> Option<i32> {
        self.session.int_at(slot)
    }
    fn bool_at(&self, slot: usize) -> bool {
        self.session.bool_at(slot)
    }
    fn string_at(&self, slot: usize) -> Option<String> {
        self.session.string_at(slot)
    }
    fn render_pools(&self) -> Vec<(String, Vec<String>)> {
        self.session.render_pools()
    }
    fn primitives_fingerprint(&self) -> u64 {
        self.session.primitives_fingerprint()
    }
    fn fuel_used(&self) -> Option<u64> {
        self.session.fuel_used()
    }
    fn set_fuel_budget(&mut self, budget: u64) {
        self.session.set_fuel_budget(budget);
    }
    fn spend_fuel(&mut self, fuel: u64) {
        self.session.spend_fuel(fuel);
    }
    fn object_heap(&self, slot: usize) -> Option<super::heap::HeapFields> {
        self.session.object_heap(slot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The flags set among the first `count` are read back, each once, ascending;
        /// those beyond `count` are not.
        #[test]
        fn reading_the_flags_finds_exactly_the_probes_reached(
            count in 0usize..300,
            hits in proptest::collection::vec(0usize..320, 0..120),
        ) {
            clear(320);
            for &probe in &hits {
                hit(probe);
            }
            let mut seen = Vec::new();
            reached(count, |id| seen.push(id));
            let want: std::collections::BTreeSet<usize> =
                hits.iter().copied().filter(|&p| p < count).collect();
            prop_assert_eq!(seen, want.into_iter().collect::<Vec<_>>());
            clear(320);
        }

        /// Each probe's hit count is how often it was hit, saturated at 255; the probes
        /// with a count are the probes reached.
        #[test]
        fn hit_counts_count_the_hits_saturated(
            hits in proptest::collection::vec(0usize..40, 0..700),
        ) {
            clear(40);
            for &probe in &hits {
                hit(probe);
            }
            let mut counts = Vec::new();
            hit_counts(40, |id, n| counts.push((id, n)));
            let mut want = std::collections::BTreeMap::new();
            for &probe in &hits {
                *want.entry(probe).or_insert(0usize) += 1;
            }
            let want: Vec<(usize, u8)> =
                want.into_iter().map(|(p, n)| (p, n.min(255) as u8)).collect();
            prop_assert_eq!(counts, want);
            clear(40);
        }
    }

    /// `if x < 10 && !(s == "a") {…}` as the coverage copy writes it, with its `if`
    /// outcomes at probes 0 and 1 and its `&&` at 2 and 3.
    #[allow(clippy::match_single_binding, clippy::needless_borrow)] // as generated
    fn sample(x: i64, s: &str) -> bool {
        use super::{FlagOperands as _, NumericOperands as _};
        let left = match (&x, &10) {
            (a, b) => (&Operands(a, b)).condition(*a < *b, Comparison::Less),
        };
        let condition = if left.holds {
            hit(2);
            left.and(
                match (&s, &"a") {
                    (a, b) => (&Operands(a, b)).condition(*a == *b, Comparison::Equal),
                }
                .negate(),
            )
        } else {
            hit(3);
            left.and_skipped()
        };
        decide(condition, 0, 1)
    }

    fn distances_of(count: usize) -> Vec<f64> {
        let mut all = Vec::new();
        distances(count, |_, d| all.push(d));
        all
    }

    /// Hand-worked: x = 15 misses `x < 10` by 15 − 10 + K = 6, and the skipped operand
    /// adds K: 7 to true, 0 to false; x = 12 brings it to 4; x = 3 with s = "a" holds
    /// `x < 10` (3 from false: 10 − 3 + K = 8), fails `s != "a"` (flag: K to true, 0 to
    /// false): to true 0 + 1 = 1, to false min(8, 0) = 0; x = 3 with s = "b" holds.
    #[test]
    fn decisions_record_the_smallest_branch_distance_per_outcome_while_asked() {
        record_distances(true, 4);
        clear(4);
        assert!(!sample(15, "b"));
        assert_eq!(distances_of(4), [7.0, 0.0, f64::INFINITY, f64::INFINITY]);
        assert!(!sample(12, "b"));
        assert_eq!(distances_of(4)[..2], [4.0, 0.0]);
        assert!(!sample(3, "a"));
        assert_eq!(distances_of(4)[..2], [1.0, 0.0]);
        clear(4);
        assert!(sample(3, "b"));
        // To false: `x < 10` fails at 8, or `s != "a"` at K: the minimum, 1.
        assert_eq!(distances_of(4)[..2], [0.0, 1.0]);
        record_distances(false, 4);
        assert!(!sample(50, "b"));
        assert!(
            distances_of(4).iter().all(|d| d.is_infinite()),
            "not recording"
        );
        clear(4);
    }

    /// EvoSuite's table with K = 1, each comparison's distances to true and to false.
    #[test]
    fn comparisons_measure_distances_by_the_table() {
        use Comparison::*;
        let c = |op: Comparison, a: f64, b: f64| {
            let holds = match op {
                Equal => a == b,
                NotEqual => a != b,
                Less => a < b,
                LessEqual => a <= b,
                Greater => a > b,
                GreaterEqual => a >= b,
            };
            let c = op.condition(holds, a, b);
            (c.to_true, c.to_false)
        };
        assert_eq!(c(Equal, 3.0, 7.0), (4.0, 0.0));
        assert_eq!(c(Equal, 7.0, 7.0), (0.0, 1.0));
        assert_eq!(c(NotEqual, 7.0, 7.0), (1.0, 0.0));
        assert_eq!(c(NotEqual, 2.0, 7.0), (0.0, 5.0));
        assert_eq!(c(Less, 9.0, 7.0), (3.0, 0.0));
        assert_eq!(c(Less, 5.0, 7.0), (0.0, 3.0));
        assert_eq!(c(LessEqual, 7.0, 7.0), (0.0, 1.0));
        assert_eq!(c(LessEqual, 8.0, 7.0), (2.0, 0.0));
        assert_eq!(c(Greater, 7.0, 7.0), (1.0, 0.0));
        assert_eq!(c(GreaterEqual, 5.0, 7.0), (3.0, 0.0));
        assert_eq!(c(GreaterEqual, 7.0, 7.0), (0.0, 1.0));
        // Or and and per Tracey, negation swaps.
        let (t, f) = (Condition::flag(true), Condition::flag(false));
        assert_eq!(f.and(f).to_true, 2.0);
        assert_eq!(f.or(f).to_true, 1.0);
        assert_eq!(t.or(t).to_false, 2.0);
        assert_eq!(t.negate(), f);
    }

    #[test]
    fn probes_set_flags_that_clear_and_read_back_per_thread() {
        clear(16);
        hit(3);
        assert!(!branch(false, 5, 6));
        assert_eq!(question(Err::<(), ()>(()), 7, 8), Err(()));
        assert_eq!(question(Some(1), 9, 10), Some(1));
        let items: Vec<u8> = Loop::new([1u8, 2], 11, 12).collect();
        assert_eq!(items, [1, 2]);
        let mut seen = Vec::new();
        reached(16, |id| seen.push(id));
        assert_eq!(seen, [3, 6, 8, 9, 11, 12]);
        std::thread::spawn(|| {
            let mut other = Vec::new();
            reached(16, |id| other.push(id));
            assert!(other.is_empty(), "flags are per thread");
        })
        .join()
        .unwrap();
        clear(16);
        let mut after = Vec::new();
        reached(16, |id| after.push(id));
        assert!(after.is_empty());
    }
}
