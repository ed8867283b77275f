//! Row by row: `outcome` and `stop` in their domains and `outcome` the one the row's
//! counts and stop give, counts within `tests_run`, the first failure's columns
//! together, branch counts within `branches_total`, no cell twice.

use std::collections::HashMap;

use super::by_row::{ByRow, TextByRow, counts, numbers, small_counts, texts};
use super::{ReportError, TableFile};
use crate::runner::job::{JobResult, Stop};

/// A cell's outcomes, as [`JobResult::outcome`] writes them.
pub const OUTCOMES: [&str; 4] = ["killed", "survived", "timeout", "crash"];

/// Why a cell stopped: the values of [`Stop`] as written (kebab-case).
pub const STOPS: [&str; 7] = [
    "failure",
    "exhausted",
    "budget",
    "time",
    "crash",
    "guarded",
    "watchdog",
];

/// Every row of `table` (its values already of their kinds) consistent: the first row
/// at fault is refused at the first check it fails (domains, counts, first failure,
/// outcome, branches, key).
pub(crate) fn check_cells(table: &TableFile) -> Result<(), ReportError> {
    let columns = CellColumns::new(table);
    let stops = stops_by_name();
    let mut keys = CellKeys::new(table);
    for row in 0..table.table.height() {
        let ending = columns.check_domains(row, &stops)?;
        let counts = columns.check_counts(row)?;
        columns.check_first_failure(row, counts)?;
        columns.check_outcome(row, ending, counts)?;
        columns.check_branches(row)?;
        keys.check_unique(row)?;
    }
    Ok(())
}

/// [`STOPS`], each with the [`Stop`] it names.
fn stops_by_name() -> HashMap<&'static str, Stop> {
    STOPS
        .iter()
        .map(|s| {
            (
                *s,
                serde_json::from_value(serde_json::Value::from(*s)).expect("a stop"),
            )
        })
        .collect()
}

/// Why a required column is there: the header was checked on reading.
const REQUIRED: &str = "required columns were checked";

/// A row's `outcome` and `stop`, each in its domain.
#[derive(Clone, Copy)]
struct Ending<'a> {
    outcome: &'a str,
    stop: &'a str,
    stop_kind: Stop,
}

/// A row's counts of test cases.
#[derive(Clone, Copy)]
struct Counts {
    tests_run: u64,
    failing_tests: u64,
    guarded_tests: u64,
}

/// The columns of a table the checks of a row's values read, by row.
struct CellColumns<'a> {
    table: &'a TableFile,
    outcome: TextByRow<'a>,
    stop: TextByRow<'a>,
    tests_run: ByRow<'a, u64>,
    failing_tests: ByRow<'a, u64>,
    guarded_tests: ByRow<'a, u64>,
    abandoned_tests: Option<ByRow<'a, u64>>,
    first_failure: ByRow<'a, u64>,
    first_failure_index: TextByRow<'a>,
    first_failure_cpu_seconds: ByRow<'a, f64>,
    branches_total: Option<ByRow<'a, u64>>,
    /// `branches_covered` and the coverage checkpoints, those the table has.
    branches: Vec<(&'static str, ByRow<'a, u64>)>,
    /// The area under the coverage curve, if the table has it.
    branches_area: Option<ByRow<'a, u64>>,
}

impl<'a> CellColumns<'a> {
    fn new(table: &'a TableFile) -> Self {
        let cells = &table.table;
        CellColumns {
            table,
            outcome: texts(cells, "outcome").expect(REQUIRED),
            stop: texts(cells, "stop").expect(REQUIRED),
            tests_run: counts(cells, "tests_run").expect(REQUIRED),
            failing_tests: counts(cells, "failing_tests").expect(REQUIRED),
            guarded_tests: counts(cells, "guarded_tests").expect(REQUIRED),
            abandoned_tests: counts(cells, "abandoned_tests"),
            first_failure: counts(cells, "first_failure").expect(REQUIRED),
            first_failure_index: texts(cells, "first_failure_index").expect(REQUIRED),
            first_failure_cpu_seconds: numbers(cells, "first_failure_cpu_seconds").expect(REQUIRED),
            branches_total: counts(cells, "branches_total"),
            branches: std::iter::once("branches_covered")
                .chain(crate::coverage::curve::CHECKPOINT_COLUMNS)
                .filter_map(|name| counts(cells, name).map(|values| (name, values)))
                .collect(),
            branches_area: counts(cells, "branches_area"),
        }
    }

    /// `outcome` one of [`OUTCOMES`], `stop` one of [`STOPS`].
    fn check_domains(
        &self,
        row: usize,
        stops: &HashMap<&str, Stop>,
    ) -> Result<Ending<'a>, ReportError> {
        let outcome_value = self.outcome.get(row).unwrap_or_default();
        if !OUTCOMES.contains(&outcome_value) {
            return Err(self.table.error(
                row,
                "outcome",
                format!(
                    "`{outcome_value}` is not an outcome ({})",
                    OUTCOMES.join(", ")
                ),
            ));
        }
        let stop_value = self.stop.get(row).unwrap_or_default();
        let Some(&stop_kind) = stops.get(stop_value) else {
            return Err(self.table.error(
                row,
                "stop",
                format!(
                    "`{stop_value}` is not a reason to stop ({})",
                    STOPS.join(", ")
                ),
            ));
        };
        Ok(Ending {
            outcome: outcome_value,
            stop: stop_value,
            stop_kind,
        })
    }

    /// `failing_tests`, `guarded_tests` and `abandoned_tests` (if any) within
    /// `tests_run`.
    fn check_counts(&self, row: usize) -> Result<Counts, ReportError> {
        let tests = self.tests_run.get(row).unwrap_or_default();
        let failing_tests = self.failing_tests.get(row).unwrap_or_default();
        let guarded_tests = self.guarded_tests.get(row).unwrap_or_default();
        for (name, value) in [
            ("failing_tests", Some(failing_tests)),
            ("guarded_tests", Some(guarded_tests)),
            (
                "abandoned_tests",
                self.abandoned_tests.as_ref().and_then(|a| a.get(row)),
            ),
        ] {
            if let Some(value) = value.filter(|&v| v > tests) {
                return Err(self.table.error(
                    row,
                    name,
                    format!("{value} is more than the {tests} test cases run (tests_run)"),
                ));
            }
        }
        Ok(Counts {
            tests_run: tests,
            failing_tests,
            guarded_tests,
        })
    }

    /// `first_failure` a position among the tests run, there exactly when a test failed;
    /// `first_failure_index` and `first_failure_cpu_seconds` there exactly when it is.
    fn check_first_failure(&self, row: usize, counts: Counts) -> Result<(), ReportError> {
        let error = |column: &str, reason: String| self.table.error(row, column, reason);
        let (tests, failing_tests) = (counts.tests_run, counts.failing_tests);
        let first = self.first_failure.get(row);
        match first {
            Some(first) if first == 0 || first > tests => {
                return Err(error(
                    "first_failure",
                    format!(
                        "{first} is not a position among the {tests} test cases run (1 to tests_run)"
                    ),
                ));
            }
            Some(_) if failing_tests == 0 => {
                return Err(error(
                    "first_failure",
                    "a first failure, but failing_tests is 0".into(),
                ));
            }
            None if failing_tests > 0 => {
                return Err(error(
                    "first_failure",
                    format!("the value is empty, but failing_tests is {failing_tests}"),
                ));
            }
            _ => {}
        }
        for (name, present) in [
            (
                "first_failure_index",
                self.first_failure_index.get(row).is_some(),
            ),
            (
                "first_failure_cpu_seconds",
                self.first_failure_cpu_seconds.get(row).is_some(),
            ),
        ] {
            if present != first.is_some() {
                return Err(error(
                    name,
                    if present {
                        "a value, but first_failure is empty".into()
                    } else {
                        "the value is empty, but first_failure is not".into()
                    },
                ));
            }
        }
        Ok(())
    }

    /// `outcome` the one [`JobResult::outcome`] gives for the row's counts and stop.
    fn check_outcome(
        &self,
        row: usize,
        ending: Ending<'_>,
        counts: Counts,
    ) -> Result<(), ReportError> {
        let mut result = JobResult::lost(ending.stop_kind, 0.0);
        result.failing_tests = counts.failing_tests;
        result.guarded_tests = counts.guarded_tests;
        let expected = result.outcome();
        if ending.outcome != expected {
            let (outcome_value, stop_value) = (ending.outcome, ending.stop);
            let (failing_tests, guarded_tests) = (counts.failing_tests, counts.guarded_tests);
            return Err(self.table.error(
                row,
                "outcome",
                format!(
                    "`{outcome_value}` contradicts the cell's counts and stop (failing_tests {failing_tests}, guarded_tests {guarded_tests}, stop `{stop_value}` give `{expected}`)"
                ),
            ));
        }
        Ok(())
    }

    /// Each branch count within `branches_total`, the area within `branches_total` times
    /// `tests_run`, and none without `branches_total`.
    fn check_branches(&self, row: usize) -> Result<(), ReportError> {
        let total = self.branches_total.as_ref().and_then(|b| b.get(row));
        let area = self.branches_area.as_ref().and_then(|a| a.get(row));
        if let Some(area) = area {
            let tests = self.tests_run.get(row).unwrap_or_default();
            let message = match total {
                None => Some("a value, but branches_total is empty".to_string()),
                Some(total) if area > total.saturating_mul(tests) => Some(format!(
                    "{area} is more than the unit's {total} branches (branches_total) times \
                     {tests} test cases (tests_run)"
                )),
                Some(_) => None,
            };
            if let Some(message) = message {
                return Err(self.table.error(row, "branches_area", message));
            }
        }
        for (name, values) in &self.branches {
            match (values.get(row), total) {
                (Some(covered), Some(total)) if covered > total => {
                    return Err(self.table.error(
                        row,
                        name,
                        format!(
                            "{covered} is more than the unit's {total} branches (branches_total)"
                        ),
                    ));
                }
                (Some(_), None) => {
                    return Err(self.table.error(
                        row,
                        name,
                        "a value, but branches_total is empty".into(),
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// The key of a cell: (replicate, phase, run, subject, mutant, n).
type CellKey<'a> = (u32, &'a str, u32, &'a str, u32, u64);

/// The columns of a table that name its cells, and the row of each cell seen so far.
struct CellKeys<'a> {
    table: &'a TableFile,
    /// Absent from tables of one replicate: replicate 0.
    replicate: Option<ByRow<'a, u32>>,
    phase: TextByRow<'a>,
    run: ByRow<'a, u32>,
    subject: TextByRow<'a>,
    mutant: ByRow<'a, u32>,
    n: ByRow<'a, u64>,
    rows: HashMap<CellKey<'a>, usize>,
}

impl<'a> CellKeys<'a> {
    fn new(table: &'a TableFile) -> Self {
        let cells = &table.table;
        CellKeys {
            table,
            replicate: small_counts(cells, "replicate"),
            phase: texts(cells, "phase").expect(REQUIRED),
            run: small_counts(cells, "run").expect(REQUIRED),
            subject: texts(cells, "subject").expect(REQUIRED),
            mutant: small_counts(cells, "mutant").expect(REQUIRED),
            n: counts(cells, "n").expect(REQUIRED),
            rows: HashMap::with_capacity(cells.height()),
        }
    }

    /// The cell of `row` is at no earlier row.
    fn check_unique(&mut self, row: usize) -> Result<(), ReportError> {
        let key = (
            self.replicate
                .as_ref()
                .and_then(|r| r.get(row))
                .unwrap_or(0),
            self.phase.get(row).unwrap_or_default(),
            self.run.get(row).unwrap_or_default(),
            self.subject.get(row).unwrap_or_default(),
            self.mutant.get(row).unwrap_or_default(),
            self.n.get(row).unwrap_or_default(),
        );
        if let Some(earlier) = self.rows.insert(key, row) {
            return Err(self.table.error(
                row,
                "phase",
                format!(
                    "the cell (replicate {}, phase {}, run {}, subject {}, mutant {}, n {}) is already at {}",
                    key.0, key.1, key.2, key.3, key.4, key.5,
                    self.table.at(earlier)
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::folder::test_folders::{refused, with_field};

    #[test]
    fn values_outside_their_domain_are_refused() {
        assert_eq!(
            refused(&with_field(2, "outcome", "kiled")),
            "line 2, column `outcome`: `kiled` is not an outcome (killed, survived, timeout, crash)"
        );
        assert!(refused(&with_field(2, "stop", "failed")).starts_with(
            "line 2, column `stop`: `failed` is not a reason to stop (failure, exhausted"
        ));
        // A valid outcome that the counts contradict.
        assert_eq!(
            refused(&with_field(6, "outcome", "killed")),
            "line 6, column `outcome`: `killed` contradicts the cell's counts and stop \
             (failing_tests 0, guarded_tests 0, stop `budget` give `survived`)"
        );
        assert_eq!(
            refused(&with_field(2, "first_failure", "12")),
            "line 2, column `first_failure`: 12 is not a position among the 11 test cases run \
             (1 to tests_run)"
        );
        assert_eq!(
            refused(&with_field(2, "failing_tests", "0")),
            "line 2, column `first_failure`: a first failure, but failing_tests is 0"
        );
        // Line 3 made a copy of line 2's cell.
        assert_eq!(
            refused(&with_field(3, "n", "4")),
            "line 3, column `phase`: the cell (replicate 0, phase equivalence, run 0, subject \
             Register, mutant 1, n 4) is already at line 2"
        );
    }

    #[test]
    fn the_domains_are_those_the_runner_writes() {
        use Stop::*;
        let all = [Failure, Exhausted, Budget, Time, Crash, Guarded, Watchdog];
        for stop in all {
            // Exhaustive: a new stop fails to compile here until it is listed.
            match stop {
                Failure | Exhausted | Budget | Time | Crash | Guarded | Watchdog => {}
            }
            let written = serde_json::to_value(stop).unwrap();
            assert!(STOPS.contains(&written.as_str().unwrap()), "{written}");
            for failing in [0, 1] {
                for guarded in [0, 1] {
                    let mut result = JobResult::lost(stop, 0.0);
                    result.failing_tests = failing;
                    result.guarded_tests = guarded;
                    assert!(OUTCOMES.contains(&result.outcome()));
                }
            }
        }
        assert_eq!(STOPS.len(), all.len());
    }
}
