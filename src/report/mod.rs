//! The paper's figures and tables computed from a results folder (`testspace run`).
//!
//! Everything here but [`folder`] (the one reader of a results folder, which refuses a
//! damaged one) is pure computation on the cells table (`cells.parquet`, or
//! `cells.csv`): [`Cells::from_table`] checks and reads the columns it needs into plain
//! rows once, and [`figures`] and [`tables`] derive one plain data structure per figure
//! or table from them. Drawing is done by [`crate::plot`], the files of `testspace plot`
//! by [`plots`]. Beside them, reading and writing files: a cell's first failing test case ([`failing_test`]), a test
//! case as code ([`test_case`]), `phi`'s tables ([`phi`]) and results folders compared
//! with each other or the committed reference run ([`reference`]), and a folder's mutants
//! as a mutation-testing-elements report ([`mutation_elements`]).
//!
//! Conventions shared by all figures (Section 6.3 of the paper):
//! - the *comparison* phase is the phase named [`COMPARISON_PHASE`]; it runs on the
//!   mutants killed in the *equivalence* phase, so every mutant in it is non-equivalent;
//! - a mutant is *non-equivalent* when some cell of any phase killed it (outcome
//!   `killed`); a mutant is identified by (subject, mutant id);
//! - strategies are named as in the `strategy` column: `r`, `be`, `bobw`, `bobw-prime`.

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::table::{Table, Values};

pub mod compare;
pub mod coverage;
pub mod diff;
pub mod figures;
pub mod folder;
pub mod minimal;
pub mod mutation_elements;
pub mod page;
pub mod phi;
pub mod plots;
pub mod reference;
pub mod replicated;
pub mod tables;
pub mod test_case;

/// The name of the phase that compares the strategies on non-equivalent mutants.
pub const COMPARISON_PHASE: &str = "comparison";
/// The name of the phase that separates equivalent from non-equivalent mutants.
pub const EQUIVALENCE_PHASE: &str = "equivalence";

/// Failure to read a results folder or its cells table.
#[derive(Debug, Error)]
pub enum ReportError {
    /// The folder does not look like the output of `testspace run`.
    #[error("{path} is not a testspace results folder: {reason}")]
    NotResults {
        /// The folder given.
        path: PathBuf,
        /// What is missing or wrong.
        reason: String,
    },
    /// The cells table lacks a column or has one of an unusable type.
    #[error("the cells table has no usable column `{column}`: {reason}")]
    Column {
        /// The column's name.
        column: &'static str,
        /// What is wrong with it (its first value that does not convert).
        reason: String,
    },
    /// A file of the folder cannot be read.
    #[error("cannot {operation} {}", path.display())]
    Io {
        /// What was done (`read`).
        operation: &'static str,
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// A file of the folder holds something its writer never writes: located as well as
    /// the file allows.
    #[error("{}{}{}: {reason}", path.display(),
        at.map_or(String::new(), |at| format!(", {at}")),
        column.as_ref().map_or(String::new(), |c| format!(", column `{c}`")))]
    Damaged {
        /// The file.
        path: PathBuf,
        /// The line (CSV) or row (Parquet), when one is at fault.
        at: Option<folder::At>,
        /// The column, when one is at fault.
        column: Option<String>,
        /// What is wrong.
        reason: String,
    },
    /// The folder's two tables hold different cells.
    #[error(
        "{} and {} disagree: {detail}; one of them was changed or damaged after the run \
         wrote both (a run writes them together)", csv.display(), parquet.display()
    )]
    Disagree {
        /// `cells.csv`.
        csv: PathBuf,
        /// `cells.parquet`.
        parquet: PathBuf,
        /// The first difference.
        detail: String,
    },
    /// The run that writes the folder has not finished (or was interrupted).
    #[error(
        "{} holds an unfinished run (its manifest.json has no end time): its tables, if \
         any, are not its results; let it finish, or continue it with `testspace run \
         --resume`", path.display()
    )]
    Unfinished {
        /// The folder.
        path: PathBuf,
    },
}

/// One row of the cells table, restricted to the columns the figures use.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// The replicate (0 when the table has no `replicate` column).
    pub replicate: u32,
    /// The phase's name.
    pub phase: String,
    /// The run's position in its phase (0 when the table has no `run` column).
    pub run: u32,
    /// The unit's class name.
    pub subject: String,
    /// The mutant's id in the unit's catalog.
    pub mutant: u64,
    /// The strategy (`r`, `be`, `bobw`, `bobw-prime`, …).
    pub strategy: String,
    /// The test-case length n.
    pub n: u64,
    /// The cell's test budget (`None`: unlimited, or no `test_budget` column).
    pub test_budget: Option<u64>,
    /// Test cases run.
    pub tests_run: u64,
    /// Test cases that failed.
    pub failing_tests: u64,
    /// Test cases abandoned because gold exceeded its fuel (not judged; 0 when the table
    /// has no `abandoned_tests` column).
    pub abandoned_tests: u64,
    /// E(n): the 1-based position of the first failing test case, if any.
    pub first_failure: Option<u64>,
    /// Method calls executed on the mutant (`None`: no `method_calls` column).
    pub method_calls: Option<u64>,
    /// CPU seconds up to the cell's stopping point.
    pub cpu_seconds: f64,
    /// CPU seconds up to and including the first failing test case, if any.
    pub first_failure_cpu_seconds: Option<f64>,
    /// `killed`, `survived`, `timeout` or `crash`.
    pub outcome: String,
    /// Whether the target is a real fault: the `operator` column holds no mutation
    /// operator's name but a fault's id (false without the column).
    pub real_fault: bool,
    /// Branch probes of the unit (`None`: no coverage recorded, or no such column).
    pub branches_total: Option<u64>,
    /// Branch probes gold covered in the cell's test cases (`None` as above).
    pub branches_covered: Option<u64>,
    /// Branch probes covered after each of the checkpoints
    /// ([`crate::coverage::curve::CHECKPOINTS`]) of test cases (`None` past the cell's end).
    pub branches_at: [Option<u64>; crate::coverage::curve::CHECKPOINTS.len()],
    /// The area under the cell's branch-coverage curve, Σ_{k ≤ tests_run} (branch probes
    /// covered by the first k test cases) (`None`: not recorded, `coverage-area`).
    pub branches_area: Option<u64>,
}

impl Cell {
    /// Whether some test case of the cell failed.
    pub fn killed(&self) -> bool {
        self.outcome == "killed"
    }

    /// Test cases judged by the oracle: run and not abandoned.
    pub fn judged_tests(&self) -> u64 {
        self.tests_run.saturating_sub(self.abandoned_tests)
    }

    /// Whether the cell finished normally (not a `timeout` or `crash`).
    pub fn completed(&self) -> bool {
        self.outcome == "killed" || self.outcome == "survived"
    }
}

/// The rows of a cells table.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Cells {
    /// The rows, in table order.
    pub rows: Vec<Cell>,
}

impl Cells {
    /// Reads the columns `phase`, `subject`, `mutant`, `strategy`, `n`, `tests_run`,
    /// `failing_tests`, `abandoned_tests` (optional), `first_failure`, `cpu_seconds`,
    /// `first_failure_cpu_seconds`, `outcome`, and the optional `replicate`, `run`,
    /// `test_budget`, `method_calls`, `operator` (whether a target is a real fault) and
    /// coverage columns (`branches_total`, `branches_covered`, `branches_at_*`; other
    /// columns are ignored). Numbers may be of any numeric type (or
    /// text holding numbers); nulls are allowed only in `first_failure` and
    /// `first_failure_cpu_seconds`.
    ///
    /// # Errors
    /// [`ReportError::Column`] naming the first missing or unusable column.
    pub fn from_table(table: &Table) -> Result<Self, ReportError> {
        let height = table.height();
        let values = |name: &'static str| -> Result<&Values, ReportError> {
            table
                .column(name)
                .map(|c| &c.values)
                .ok_or_else(|| column_error(name, &"not found"))
        };
        let text = |name: &'static str| -> Result<Vec<String>, ReportError> {
            let values = values(name)?;
            if matches!(values, Values::Bool(_)) {
                return Err(column_error(name, &"it holds booleans"));
            }
            values
                .to_texts()
                .into_iter()
                .map(|value| value.ok_or_else(|| null_error(name)))
                .collect()
        };
        let optional_count = |name: &'static str| -> Result<Vec<Option<u64>>, ReportError> {
            values(name)?.to_u64s().map_err(|e| column_error(name, &e))
        };
        let count = |name: &'static str| -> Result<Vec<u64>, ReportError> {
            optional_count(name)?
                .into_iter()
                .map(|value| value.ok_or_else(|| null_error(name)))
                .collect()
        };
        let optional_real = |name: &'static str| -> Result<Vec<Option<f64>>, ReportError> {
            values(name)?.to_f64s().map_err(|e| column_error(name, &e))
        };
        let optional_column =
            |name: &'static str| -> Result<Option<Vec<Option<u64>>>, ReportError> {
                match table.column(name) {
                    Some(_) => Ok(Some(optional_count(name)?)),
                    None => Ok(None),
                }
            };
        let defaulted = |name: &'static str| -> Result<Vec<u64>, ReportError> {
            match optional_column(name)? {
                Some(values) => values
                    .into_iter()
                    .map(|value| value.ok_or_else(|| null_error(name)))
                    .collect(),
                None => Ok(vec![0; height]),
            }
        };
        let replicate = defaulted("replicate")?;
        let run = defaulted("run")?;
        let test_budget = optional_column("test_budget")?.unwrap_or_else(|| vec![None; height]);
        let mut phase = text("phase")?;
        let mut subject = text("subject")?;
        let mutant = count("mutant")?;
        let mut strategy = text("strategy")?;
        let n = count("n")?;
        let tests_run = count("tests_run")?;
        let failing_tests = count("failing_tests")?;
        let abandoned_tests = if table.column("abandoned_tests").is_some() {
            count("abandoned_tests")?
        } else {
            vec![0; height]
        };
        let first_failure = optional_count("first_failure")?;
        let method_calls = optional_column("method_calls")?.unwrap_or_else(|| vec![None; height]);
        let cpu_seconds = optional_real("cpu_seconds")?
            .into_iter()
            .map(|value| value.ok_or_else(|| null_error("cpu_seconds")))
            .collect::<Result<Vec<_>, _>>()?;
        let first_failure_cpu_seconds = optional_real("first_failure_cpu_seconds")?;
        let mut outcome = text("outcome")?;
        let real_fault: Vec<bool> = match table.column("operator") {
            None => vec![false; height],
            Some(_) => text("operator")?
                .iter()
                .map(|operator| {
                    operator != "gold"
                        && crate::subject::mutation::MutationOperator::from_name(operator).is_none()
                })
                .collect(),
        };
        let nulls = || vec![None; height];
        let branches_total = optional_column("branches_total")?.unwrap_or_else(nulls);
        let branches_covered = optional_column("branches_covered")?.unwrap_or_else(nulls);
        let branches_area = optional_column("branches_area")?.unwrap_or_else(nulls);
        let branches_at = crate::coverage::curve::CHECKPOINT_COLUMNS
            .iter()
            .map(|name| Ok(optional_column(name)?.unwrap_or_else(nulls)))
            .collect::<Result<Vec<_>, ReportError>>()?;
        let rows = (0..height)
            .map(|row| Cell {
                replicate: replicate[row] as u32,
                phase: std::mem::take(&mut phase[row]),
                run: run[row] as u32,
                test_budget: test_budget[row],
                subject: std::mem::take(&mut subject[row]),
                mutant: mutant[row],
                strategy: std::mem::take(&mut strategy[row]),
                n: n[row],
                tests_run: tests_run[row],
                failing_tests: failing_tests[row],
                abandoned_tests: abandoned_tests[row],
                first_failure: first_failure[row],
                method_calls: method_calls[row],
                cpu_seconds: cpu_seconds[row],
                first_failure_cpu_seconds: first_failure_cpu_seconds[row],
                outcome: std::mem::take(&mut outcome[row]),
                real_fault: real_fault[row],
                branches_total: branches_total[row],
                branches_covered: branches_covered[row],
                branches_at: std::array::from_fn(|i| branches_at[i][row]),
                branches_area: branches_area[row],
            })
            .collect();
        Ok(Self { rows })
    }

    /// The cells of one phase.
    pub fn phase<'a>(&'a self, phase: &'a str) -> impl Iterator<Item = &'a Cell> + 'a {
        self.rows.iter().filter(move |cell| cell.phase == phase)
    }

    /// Whether some cell belongs to `phase`.
    pub fn has_phase(&self, phase: &str) -> bool {
        self.phase(phase).next().is_some()
    }

    /// The non-equivalent mutants: (subject, mutant) killed by some cell of any phase,
    /// sorted.
    pub fn non_equivalent(&self) -> std::collections::BTreeSet<(String, u64)> {
        self.rows
            .iter()
            .filter(|cell| cell.killed())
            .map(|cell| (cell.subject.clone(), cell.mutant))
            .collect()
    }
}

fn column_error(column: &'static str, error: &dyn std::fmt::Display) -> ReportError {
    ReportError::Column {
        column,
        reason: error.to_string(),
    }
}

fn null_error(column: &'static str) -> ReportError {
    ReportError::Column {
        column,
        reason: "it has empty values".to_string(),
    }
}

/// The results folder `results` opened and checked ([`folder::open`]), its cells, and
/// where a command writes what it makes of it: `out`, else `results/default_name` —
/// refused for a committed reference run (it holds `REFERENCE.md`), which `--out {flag}`
/// must send elsewhere. `what` names the output in the messages.
///
/// # Errors
/// As [`folder::open`] and [`Cells::from_table`], with `what` as context, or a reference
/// run as the default output.
pub(crate) fn open_for_output(
    results: &Path,
    out: Option<&Path>,
    default_name: &str,
    what: &str,
    flag: &str,
) -> anyhow::Result<(folder::ResultsFolder, Cells, PathBuf)> {
    use crate::runner::output::REFERENCE_MARKER;
    use anyhow::Context as _;
    let context = || format!("cannot write the {what} of {}", results.display());
    let folder = folder::open(results).with_context(context)?;
    let cells = Cells::from_table(&folder.cells).with_context(context)?;
    let out = match out {
        Some(out) => out.to_path_buf(),
        None if results.join(REFERENCE_MARKER).exists() => anyhow::bail!(
            "{} is a committed reference run (it holds {REFERENCE_MARKER}) and is never \
             written into: write elsewhere with --out {flag}",
            results.display()
        ),
        None => results.join(default_name),
    };
    Ok((folder, cells, out))
}

/// Reads the cells table of the results folder `directory`, checked
/// ([`folder::open`]): `cells.parquet`, or `cells.csv` if there is no Parquet file.
///
/// # Errors
/// As [`folder::open`], and [`ReportError::Column`] if a column the figures need is
/// missing.
pub fn read_cells(directory: &Path) -> Result<Cells, ReportError> {
    Cells::from_table(&read_table(directory)?)
}

/// The cells table of the results folder `directory`, checked
/// ([`folder::open`]), every column in its type (`first_failure_index` as text, since
/// indices exceed every integer type; counts as unsigned integers).
///
/// # Errors
/// As [`folder::open`].
pub fn read_table(directory: &Path) -> Result<Table, ReportError> {
    Ok(folder::open(directory)?.cells)
}

#[cfg(test)]
pub(crate) mod test_tables {
    //! Small hand-made cells tables for the tests of the figures and tables.

    use crate::table::{Column, Table};

    /// One hand-written cell: (phase, subject, mutant, strategy, n, tests_run,
    /// failing_tests, first_failure, cpu_seconds, first_failure_cpu_seconds, outcome).
    pub type Row = (
        &'static str,
        &'static str,
        u64,
        &'static str,
        u64,
        u64,
        u64,
        Option<u64>,
        f64,
        Option<f64>,
        &'static str,
    );

    /// A cells table with exactly the columns [`super::Cells::from_table`] reads.
    pub fn table(rows: &[Row]) -> Table {
        Table::new(vec![
            Column::new("phase", rows.iter().map(|r| r.0).collect::<Vec<_>>()),
            Column::new("subject", rows.iter().map(|r| r.1).collect::<Vec<_>>()),
            Column::new("mutant", rows.iter().map(|r| r.2).collect::<Vec<_>>()),
            Column::new("strategy", rows.iter().map(|r| r.3).collect::<Vec<_>>()),
            Column::new("n", rows.iter().map(|r| r.4).collect::<Vec<_>>()),
            Column::new("tests_run", rows.iter().map(|r| r.5).collect::<Vec<_>>()),
            Column::new(
                "failing_tests",
                rows.iter().map(|r| r.6).collect::<Vec<_>>(),
            ),
            Column::new(
                "first_failure",
                rows.iter().map(|r| r.7).collect::<Vec<_>>(),
            ),
            Column::new("cpu_seconds", rows.iter().map(|r| r.8).collect::<Vec<_>>()),
            Column::new(
                "first_failure_cpu_seconds",
                rows.iter().map(|r| r.9).collect::<Vec<_>>(),
            ),
            Column::new("outcome", rows.iter().map(|r| r.10).collect::<Vec<_>>()),
        ])
    }

    /// A cell of the comparison phase with a budget of 100 test cases, killed at
    /// `first_failure` (CPU: a hundredth of a second per test case) or surviving all 100
    /// (one CPU second).
    pub fn budget_cell(
        replicate: u32,
        subject: &str,
        mutant: u64,
        strategy: &str,
        n: u64,
        first_failure: Option<u64>,
    ) -> super::Cell {
        super::Cell {
            replicate,
            phase: super::COMPARISON_PHASE.into(),
            run: 0,
            subject: subject.into(),
            mutant,
            strategy: strategy.into(),
            n,
            test_budget: Some(100),
            tests_run: first_failure.unwrap_or(100),
            failing_tests: u64::from(first_failure.is_some()),
            abandoned_tests: 0,
            first_failure,
            method_calls: Some(n * first_failure.unwrap_or(100)),
            cpu_seconds: 1.0,
            first_failure_cpu_seconds: first_failure.map(|p| p as f64 / 100.0),
            outcome: if first_failure.is_some() {
                "killed"
            } else {
                "survived"
            }
            .into(),
            real_fault: false,
            branches_total: None,
            branches_covered: None,
            branches_at: Default::default(),
            branches_area: None,
        }
    }

    /// The cells of [`table`].
    pub fn cells(rows: &[Row]) -> super::Cells {
        super::Cells::from_table(&table(rows)).unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::test_tables::table;
    use super::*;
    use crate::table::Column;

    #[test]
    fn rows_are_read_with_nulls_where_allowed() {
        let cells_table = table(&[
            (
                "comparison",
                "A",
                1,
                "r",
                2,
                10,
                3,
                Some(4),
                0.5,
                Some(0.2),
                "killed",
            ),
            (
                "comparison",
                "A",
                2,
                "r",
                2,
                10,
                0,
                None,
                0.5,
                None,
                "survived",
            ),
        ]);
        let cells = Cells::from_table(&cells_table).unwrap();
        assert_eq!(cells.rows.len(), 2);
        assert_eq!(cells.rows[0].first_failure, Some(4));
        assert_eq!(cells.rows[1].first_failure_cpu_seconds, None);
        assert!(cells.rows[0].killed() && !cells.rows[1].killed());
        assert_eq!(
            cells.non_equivalent().into_iter().collect::<Vec<_>>(),
            vec![("A".to_string(), 1)]
        );
    }

    #[test]
    fn text_numbers_convert_but_a_missing_column_is_named() {
        let cells_table = table(&[(
            "comparison",
            "A",
            1,
            "r",
            2,
            10,
            3,
            Some(4),
            0.5,
            Some(0.2),
            "killed",
        )]);
        let cells_table = cells_table.with_column(Column::new("n", vec!["2"]));
        assert_eq!(Cells::from_table(&cells_table).unwrap().rows[0].n, 2);
        let cells_table = cells_table.without("outcome");
        let error = Cells::from_table(&cells_table).unwrap_err();
        assert!(matches!(
            error,
            ReportError::Column {
                column: "outcome",
                ..
            }
        ));
    }

    #[test]
    fn a_folder_without_manifest_is_not_results() {
        let directory = tempfile::tempdir().unwrap();
        std::fs::write(directory.path().join("cells.csv"), "phase\n").unwrap();
        let error = read_cells(directory.path()).unwrap_err();
        assert!(error.to_string().contains("manifest.json"), "{error}");
        assert!(
            error
                .to_string()
                .contains(&directory.path().display().to_string())
        );
    }
}
