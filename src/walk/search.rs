//! Running a strategy until the first failure or a budget.

use std::time::{Duration, Instant};

use super::Walk;

/// Limits on a search: at most this many test cases and/or this much wall-clock time.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Budget {
    /// Maximum number of test cases to run.
    pub max_tests: Option<u64>,
    /// Maximum wall-clock time.
    pub max_time: Option<Duration>,
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// A test case failed.
    Failure,
    /// Every test case of the walk was run (BE, BOBW: all z of them).
    Exhausted,
    /// The test budget was used up.
    TestBudget,
    /// The time budget was used up.
    TimeBudget,
}

/// The result of [`search`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOutcome {
    /// Number of test cases run (including the failing one).
    pub tests_run: u64,
    /// Counter (0-based) and digits of the first failing test case, if any.
    pub first_failure: Option<(u64, Vec<u32>)>,
    /// Why the search stopped.
    pub stopped: StopReason,
}

/// Runs `strategy`'s test cases from counter `start` through `run` (which returns `true`
/// when the test case fails) until the first failure, the end of the walk, or the budget.
pub fn search(
    strategy: &dyn Walk,
    start: u64,
    budget: Budget,
    mut run: impl FnMut(&[u32]) -> bool,
) -> SearchOutcome {
    let began = Instant::now();
    let mut cursor = strategy.cursor(start);
    let mut case = vec![0u32; strategy.length()];
    let mut tests_run = 0u64;
    loop {
        if budget.max_tests.is_some_and(|max| tests_run >= max) {
            return SearchOutcome {
                tests_run,
                first_failure: None,
                stopped: StopReason::TestBudget,
            };
        }
        if let Some(limit) = budget.max_time
            && began.elapsed() >= limit
        {
            return SearchOutcome {
                tests_run,
                first_failure: None,
                stopped: StopReason::TimeBudget,
            };
        }
        if !cursor.next_case(&mut case) {
            return SearchOutcome {
                tests_run,
                first_failure: None,
                stopped: StopReason::Exhausted,
            };
        }
        tests_run += 1;
        if run(&case) {
            return SearchOutcome {
                tests_run,
                first_failure: Some((start + tests_run - 1, case)),
                stopped: StopReason::Failure,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walk::BoundedExhaustive;

    #[test]
    fn be_stops_at_the_first_failure() {
        let be = BoundedExhaustive::new(3, 3);
        let outcome = search(&be, 0, Budget::default(), |case| case == [1, 0, 2]);
        assert_eq!(outcome.stopped, StopReason::Failure);
        assert_eq!(outcome.first_failure, Some((9 + 2, vec![1, 0, 2])));
        assert_eq!(outcome.tests_run, 12);
    }

    #[test]
    fn search_respects_the_test_budget_and_exhaustion() {
        let be = BoundedExhaustive::new(3, 3);
        let outcome = search(
            &be,
            0,
            Budget {
                max_tests: Some(5),
                max_time: None,
            },
            |_| false,
        );
        assert_eq!(
            (outcome.tests_run, outcome.stopped),
            (5, StopReason::TestBudget)
        );
        let outcome = search(&be, 0, Budget::default(), |_| false);
        assert_eq!(
            (outcome.tests_run, outcome.stopped),
            (27, StopReason::Exhausted)
        );
    }

    #[test]
    fn search_respects_the_time_budget() {
        let be = BoundedExhaustive::new(300, 8);
        let budget = Budget {
            max_tests: None,
            max_time: Some(Duration::from_millis(20)),
        };
        let outcome = search(&be, 0, budget, |_| false);
        assert_eq!(outcome.stopped, StopReason::TimeBudget);
    }
}
