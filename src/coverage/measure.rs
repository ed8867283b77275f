//! Measuring the coverage of a strategy's test cases: run them on gold through the unit's
//! coverage copy, as the runner's gold runs do (the same fuel cap), and accumulate.

use std::sync::Arc;

use super::Coverage;
use crate::context::TestContext;
use crate::oracle::trace;
use crate::subject::{Session, Unit, guard};
use crate::walk::WalkConfig;

/// Errors measuring coverage.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CoverageError {
    /// The unit was built without a coverage copy (a fixture subject, say).
    #[error("{unit} has no coverage copy (only the units under subjects/ have one)")]
    NoCoverageCopy {
        /// The unit's class name.
        unit: String,
    },
}

/// What a strategy's test cases covered.
#[derive(Clone, Debug)]
pub struct Measurement {
    /// The accumulated coverage.
    pub coverage: Coverage,
    /// Test cases run (fewer than asked if the walk ended).
    pub tests_run: u64,
    /// Of those, test cases whose gold run exceeded the runner's fuel cap
    /// ([`guard::GOLD_FUEL_BUDGET`]) and was cut short, as the runner abandons them.
    pub abandoned: u64,
}

/// Runs the first `count` test cases of the walk `strategy` at length `n` with `seed` on gold
/// through `unit`'s coverage copy, in `context` (a context of `unit`).
pub fn measure(
    unit: &dyn Unit,
    context: &Arc<TestContext>,
    strategy: &WalkConfig,
    n: usize,
    count: u64,
    seed: u64,
) -> Result<Measurement, CoverageError> {
    let no_copy = || CoverageError::NoCoverageCopy {
        unit: unit.class().to_string(),
    };
    let table = unit.probes().ok_or_else(no_copy)?;
    let mut session = unit.coverage_session(context.clone()).ok_or_else(no_copy)?;
    session.set_fuel_budget(guard::GOLD_FUEL_BUDGET);
    let mut coverage = Coverage::new(table);
    let walk = strategy.build(context, n, seed);
    let mut cursor = walk.cursor(0);
    let mut case = vec![0u32; n];
    let (mut tests_run, mut abandoned) = (0, 0);
    while tests_run < count && cursor.next_case(&mut case) {
        let gold = trace(&mut session, &case, false);
        abandoned += u64::from(gold.guard.is_some());
        coverage.absorb(&session);
        tests_run += 1;
    }
    Ok(Measurement {
        coverage,
        tests_run,
        abandoned,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subject::registry;
    use crate::walk::WalkKind;

    #[test]
    fn more_test_cases_cover_at_least_as_much_and_be_covers_the_constructor_first() {
        let unit = registry().find("ArrayList").unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let few = measure(unit, &context, &WalkConfig::of(WalkKind::RANDOM), 10, 10, 1).unwrap();
        let many = measure(
            unit,
            &context,
            &WalkConfig::of(WalkKind::RANDOM),
            10,
            300,
            1,
        )
        .unwrap();
        assert_eq!((few.tests_run, many.tests_run), (10, 300));
        assert!(many.coverage.branches_covered() > few.coverage.branches_covered());
        assert!(
            few.coverage
                .covered()
                .iter()
                .all(|id| many.coverage.covered().contains(id))
        );
        // BE(1) has j test cases, one call each: the walk ends there.
        let be = measure(
            unit,
            &context,
            &WalkConfig::of(WalkKind::BOUNDED_EXHAUSTIVE),
            1,
            1_000_000,
            0,
        )
        .unwrap();
        assert_eq!(be.tests_run, u64::from(context.j()));
    }

    #[test]
    fn a_unit_without_a_coverage_copy_is_named_in_the_error() {
        let unit = crate::subject::fixtures::register::RegisterUnit::new();
        let context = Arc::new(TestContext::paper(&unit).unwrap());
        let err = measure(&unit, &context, &WalkConfig::of(WalkKind::RANDOM), 3, 5, 0).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Register has no coverage copy (only the units under subjects/ have one)"
        );
    }
}
