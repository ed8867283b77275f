//! The demo's table: per walk and length n, what a walk's first test cases do on gold, run
//! under the runner's guards (`testspace demo`; the README's one-minute look).
//!
//! Gold runs through its schemata copy with the runner's fuel budget
//! ([`GOLD_FUEL_BUDGET`](crate::subject::guard::GOLD_FUEL_BUDGET)), its stack-depth and
//! allocation guards: a test case that hits one (a list that doubles itself by `addAll` of
//! itself, and is then scanned) is *abandoned* as the runner abandons it — counted, not
//! judged, its calls not counted as calls made, its end state not collected. So every row
//! is bounded in time and memory by the count and the budget, whatever the walk draws.

use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::time::Instant;

use crate::context::TestContext;
use crate::oracle::guarded_gold_trace;
use crate::subject::{GOLD, Session, Unit};
use crate::walk::WalkKind;

/// The lengths the demo shows: n = 1…8, then doubling to 1024.
pub const LENGTHS: [usize; 15] = [1, 2, 3, 4, 5, 6, 7, 8, 16, 32, 64, 128, 256, 512, 1024];

/// One row of the demo: a walk's first test cases at one length.
#[derive(Clone, Debug, PartialEq)]
pub struct DemoRow {
    /// The walk's name.
    pub strategy: &'static str,
    /// n, the calls per test case.
    pub n: usize,
    /// Test cases run (fewer than asked when the walk ends, as BE's does after jⁿ).
    pub tests: u64,
    /// Distinct test cases among them.
    pub distinct: usize,
    /// Distinct end states (every value pool, objects as `toString()` renders them) among
    /// the test cases that were not abandoned.
    pub end_states: usize,
    /// Test cases not abandoned in which at least one call threw.
    pub throwing: u64,
    /// Test cases abandoned: gold's run hit a guard (fuel, stack depth or allocation size).
    pub abandoned: u64,
    /// Method calls of the test cases not abandoned.
    pub calls: u64,
    /// The most fuel a test case not abandoned used (at most the runner's budget).
    pub most_fuel: u64,
    /// Wall-clock seconds of the whole row, abandoned test cases included.
    pub seconds: f64,
}

impl DemoRow {
    /// Calls of the test cases not abandoned per wall-clock second of the whole row.
    pub fn calls_per_second(&self) -> f64 {
        self.calls as f64 / self.seconds.max(1e-9)
    }

    /// The share of test cases not abandoned in which a call threw, in percent.
    pub fn throwing_percent(&self) -> f64 {
        let judged = self.tests - self.abandoned;
        100.0 * self.throwing as f64 / judged.max(1) as f64
    }
}

/// Gold's guarded session of `unit`: its schemata copy, whose fuel, stack and allocation
/// guards the runner relies on (a unit without one runs its plain session, unguarded).
pub fn guarded_gold_session(unit: &dyn Unit, context: &Arc<TestContext>) -> Box<dyn Session> {
    unit.mutant_session(context.clone(), GOLD)
        .unwrap_or_else(|| unit.session(context.clone()))
}

/// Runs the first `count` test cases of `kind` at length `n` with `seed` on gold of `unit`
/// under the runner's guards (see the module) and summarises them.
pub fn row(
    unit: &dyn Unit,
    context: &Arc<TestContext>,
    kind: WalkKind,
    n: usize,
    count: u64,
    seed: u64,
) -> DemoRow {
    let strategy = kind.build(context, n, seed);
    let mut session = guarded_gold_session(unit, context);
    let mut cursor = strategy.cursor(0);
    let mut case = vec![0u32; n];
    let mut distinct = HashSet::new();
    // End states by a 128-bit fingerprint of their rendering: a row keeps no rendered pools.
    let mut end_states = HashSet::new();
    let mut row = DemoRow {
        strategy: kind.name(),
        n,
        tests: 0,
        distinct: 0,
        end_states: 0,
        throwing: 0,
        abandoned: 0,
        calls: 0,
        most_fuel: 0,
        seconds: 0.0,
    };
    let started = Instant::now();
    while row.tests < count && cursor.next_case(&mut case) {
        row.tests += 1;
        distinct.insert(case.clone());
        let Some(trace) = guarded_gold_trace(session.as_mut(), &case, false) else {
            row.abandoned += 1;
            continue;
        };
        row.throwing += u64::from(trace.exceptions > 0);
        row.calls += n as u64;
        row.most_fuel = row.most_fuel.max(session.fuel_used().unwrap_or(0));
        end_states.insert(fingerprint(&session.render_pools()));
    }
    row.seconds = started.elapsed().as_secs_f64();
    row.distinct = distinct.len();
    row.end_states = end_states.len();
    row
}

/// A 128-bit fingerprint of `value`: two 64-bit hashes under different prefixes (a
/// collision among a row's at most a few thousand states is beyond reach).
fn fingerprint(value: &impl Hash) -> (u64, u64) {
    let half = |prefix: u8| {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        prefix.hash(&mut hasher);
        value.hash(&mut hasher);
        hasher.finish()
    };
    (half(0), half(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subject::guard::GOLD_FUEL_BUDGET;
    use crate::subject::registry;

    fn array_list() -> (&'static dyn Unit, Arc<TestContext>) {
        let unit = registry().find("ArrayList").unwrap();
        (unit, Arc::new(TestContext::paper(unit).unwrap()))
    }

    /// Swarm's subsets that keep `addAll` double a list per call: at the demo's largest
    /// length such test cases are abandoned at the fuel budget instead of growing, and the
    /// test cases that are judged stay within it.
    #[test]
    fn the_largest_rows_abandon_test_cases_that_explode_rather_than_grow() {
        let (unit, context) = array_list();
        let row = row(unit, &context, WalkKind::SWARM, 1024, 200, 2010);
        assert_eq!(row.tests, 200);
        assert!(row.abandoned > 0, "{row:?}");
        assert!(row.abandoned < row.tests, "{row:?}");
        assert!(row.most_fuel <= GOLD_FUEL_BUDGET, "{row:?}");
        assert_eq!(row.calls, (row.tests - row.abandoned) * 1024);
        assert!(row.end_states as u64 <= row.tests - row.abandoned);
    }

    /// `ArrayList()`, `add(0)`, then 38 × `addAll` of the list to itself: 2³⁸ elements
    /// unguarded. Gold's guarded session gives it up at the fuel budget.
    #[test]
    fn a_list_that_doubles_itself_is_abandoned_at_the_fuel_budget() {
        let (unit, context) = array_list();
        let mut calls = vec![2, 36];
        calls.extend([57; 38]);
        let mut session = guarded_gold_session(unit, &context);
        assert!(guarded_gold_trace(session.as_mut(), &calls, false).is_none());
        assert!(session.fuel_used().unwrap() >= GOLD_FUEL_BUDGET);
        // Ten doublings stay well within it.
        let mut session = guarded_gold_session(unit, &context);
        let trace = guarded_gold_trace(session.as_mut(), &calls[..12], false).unwrap();
        assert_eq!((trace.steps, trace.exceptions), (12, 0));
    }

    /// A row counts what it ran: every test case of a walk that ends (BE(1) has j), none
    /// abandoned on calls that cannot explode, each distinct, the same row twice.
    #[test]
    fn a_row_counts_every_test_case_and_is_deterministic() {
        let (unit, context) = array_list();
        let be = row(
            unit,
            &context,
            WalkKind::BOUNDED_EXHAUSTIVE,
            1,
            1_000_000,
            0,
        );
        assert_eq!(be.tests, u64::from(context.j()));
        assert_eq!(be.distinct as u64, be.tests);
        assert_eq!(be.abandoned, 0);
        assert_eq!(be.calls, be.tests);
        let once = row(unit, &context, WalkKind::RANDOM, 16, 200, 7);
        let twice = row(unit, &context, WalkKind::RANDOM, 16, 200, 7);
        let counts = |r: &DemoRow| (r.tests, r.distinct, r.end_states, r.throwing, r.abandoned);
        assert_eq!(counts(&once), counts(&twice));
        assert!(once.end_states > 1 && once.throwing > 0);
    }
}
