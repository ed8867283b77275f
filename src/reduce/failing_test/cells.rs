//! The cells of a results folder that found a failing test case: from its checked cells
//! table, or from the journal of an unfinished run.

use std::io::BufRead as _;
use std::path::Path;

use anyhow::Context as _;

use crate::report::{ReportError, folder};
use crate::runner::CellRecord;
use crate::table::Table;

/// A cell that found a failing test: what `show-test` needs of it.
pub struct FailingCell {
    /// The replicate.
    pub replicate: u32,
    /// The phase's position in the experiment.
    pub phase_index: usize,
    /// The phase's name.
    pub phase: String,
    /// The run's position in its phase.
    pub run: usize,
    /// The subject's class name.
    pub subject: String,
    /// The mutant id.
    pub mutant: u32,
    /// The strategy, as the `strategy` column names it.
    pub strategy: String,
    /// n.
    pub n: u64,
    /// E(n): the position of the first failing test case (from 1).
    pub first_failure: u64,
    /// The index of that test case, in decimal.
    pub first_failure_index: Option<String>,
    /// Whether the cell's target crashed its worker (outcome `crash`) instead: its failing
    /// test case is then the last it ran, the one the crash was placed on, and no index was
    /// recorded.
    pub crashed: bool,
}

/// The cells of a results folder that found a failing test: from its cells table
/// (`cells.parquet` or `cells.csv`, what `run` leaves and what is committed), read and
/// checked by [`crate::report::folder::open`], or, while a run is unfinished (its tables,
/// if any, those of an earlier run), from its `journal.jsonl`. `phases` are the
/// experiment's phase names, in order. With `crashes`, also the cells whose target crashed
/// its worker after running some test cases ([`FailingCell::crashed`]).
pub(super) fn failing_cells(
    results: &Path,
    phases: &[&str],
    crashes: bool,
) -> anyhow::Result<Vec<FailingCell>> {
    let has_table = [folder::PARQUET, folder::CSV]
        .iter()
        .any(|table| results.join(table).exists());
    if has_table {
        match folder::open(results) {
            Ok(checked) => {
                return failing_cells_of_table(&checked.cells, phases, crashes)
                    .with_context(|| format!("reading the cells table of {}", results.display()));
            }
            Err(ReportError::Unfinished { .. }) => {}
            Err(error) => {
                return Err(anyhow::Error::new(error)
                    .context(format!("cannot read the cells of {}", results.display())));
            }
        }
    }
    let journal = results.join("journal.jsonl");
    let file = std::fs::File::open(&journal).with_context(|| {
        format!(
            "cannot read {} (and there is no cells table)",
            journal.display()
        )
    })?;
    let mut cells = Vec::new();
    for line in std::io::BufReader::new(file).lines() {
        let Ok(record) = serde_json::from_str::<CellRecord>(&line?) else {
            break; // a line cut short by an interruption ends the journal
        };
        let crashed = crashes
            && record.first_failure.is_none()
            && record.outcome == "crash"
            && record.tests_run > 0;
        let first_failure = record.first_failure.or(crashed.then_some(record.tests_run));
        if let Some(first_failure) = first_failure {
            cells.push(FailingCell {
                replicate: record.replicate,
                phase_index: record.phase_index,
                phase: record.phase,
                run: record.run,
                subject: record.subject,
                mutant: record.mutant,
                strategy: record.strategy,
                n: record.n,
                first_failure,
                first_failure_index: record.first_failure_index,
                crashed,
            });
        }
    }
    Ok(cells)
}

/// The rows of a cells table with a `first_failure` (with `crashes`, also those whose
/// outcome is `crash` after some test cases).
fn failing_cells_of_table(
    table: &Table,
    phases: &[&str],
    crashes: bool,
) -> anyhow::Result<Vec<FailingCell>> {
    let column = |name: &str| {
        table
            .column(name)
            .map(|c| &c.values)
            .with_context(|| format!("no column `{name}`"))
    };
    let text = |name: &str| -> anyhow::Result<Vec<Option<String>>> { Ok(column(name)?.to_texts()) };
    let count = |name: &str| -> anyhow::Result<Vec<Option<u64>>> {
        column(name)?
            .to_u64s()
            .with_context(|| format!("column `{name}`"))
    };
    let (phase, subject, strategy, index, outcome) = (
        text("phase")?,
        text("subject")?,
        text("strategy")?,
        text("first_failure_index")?,
        text("outcome")?,
    );
    let (run, mutant, n, first_failure, tests_run) = (
        count("run")?,
        count("mutant")?,
        count("n")?,
        count("first_failure")?,
        count("tests_run")?,
    );
    // Tables written before replicates existed have no `replicate` column: replicate 0.
    let replicate = match table.column("replicate") {
        Some(_) => Some(count("replicate")?),
        None => None,
    };
    let mut cells = Vec::new();
    for row in 0..table.height() {
        let crashed = crashes
            && first_failure[row].is_none()
            && outcome[row].as_deref() == Some("crash")
            && tests_run[row].is_some_and(|t| t > 0);
        let Some(failure) = first_failure[row].or(tests_run[row].filter(|_| crashed)) else {
            continue;
        };
        let get = |values: &[Option<String>], name: &str| {
            values[row]
                .clone()
                .with_context(|| format!("row {row}: no `{name}`"))
        };
        let phase = get(&phase, "phase")?;
        cells.push(FailingCell {
            replicate: replicate.as_ref().and_then(|r| r[row]).unwrap_or(0) as u32,
            phase_index: phases
                .iter()
                .position(|p| *p == phase)
                .unwrap_or(usize::MAX),
            phase,
            run: run[row].unwrap_or(0) as usize,
            subject: get(&subject, "subject")?,
            mutant: u32::try_from(mutant[row].context("no `mutant`")?)?,
            strategy: get(&strategy, "strategy")?,
            n: n[row].context("no `n`")?,
            first_failure: failure,
            first_failure_index: index[row].clone(),
            crashed,
        });
    }
    Ok(cells)
}
