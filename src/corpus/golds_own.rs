//! Cells that found gold's own fault instead of their target's.
//!
//! The oracle sees that two releases differ, not which one is wrong. When gold, fixed release
//! X of a fault W → X, is itself the buggy release of a later fault X → Y of the same subject,
//! a cell of the first fault may have found X's own fault: its first failing test case is then
//! one on which W *agrees* with Y, so the difference from X is X's deviation alone. Y may hold
//! a fault of its own too, fixed in Z: agreeing with Z says the same. This module replays each
//! such cell's first failing test case with W against every later release of that chain, in
//! this process (the cell's worker ran the same test case on W without dying).
//!
//! Runs made since units carry their corrections (`Unit::gold_corrections`) judge a failure
//! against them as it happens, so none of their cells should count here: on them the survey
//! is a check; on older runs, a count.

use std::collections::BTreeMap;
use std::path::Path;

use super::Corpus;
use super::entry::{CrateEntry, Fault};
use crate::oracle::Verdict;
use crate::reduce::MutantFailure;
use crate::reduce::failing_test::{killed_cells, regenerate};
use crate::subject::Registry;

/// What the killed cells of one fault and run found, over its replicates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FaultCells {
    /// Killed cells.
    pub killed: u64,
    /// Of those, cells whose first failing test case shows gold's own fault (W agrees with a
    /// later release).
    pub golds_own: u64,
    /// Cells whose test case could not be regenerated (a generated suite not kept), with the
    /// first reason.
    pub unchecked: u64,
    /// Why the first unchecked cell could not be checked.
    pub reason: Option<String>,
}

/// The key of a row: phase, fault id, strategy, n.
pub type RowKey = (String, String, String, u64);

/// The killed cells of `results` whose fault's gold holds a fault of its own in `corpus`, by
/// (phase, fault, strategy, n): how many found the target's fault and how many gold's own.
///
/// # Errors
/// A folder that cannot be read, or a cell whose unit or fault the corpus does not know.
pub fn survey(
    results: &Path,
    corpus: &Corpus,
    registry: &Registry,
) -> anyhow::Result<BTreeMap<RowKey, FaultCells>> {
    let (experiment, cells) = killed_cells(results)?;
    let mut rows: BTreeMap<RowKey, FaultCells> = BTreeMap::new();
    for cell in cells {
        let unit = registry.find(&cell.subject)?;
        let Some((krate, fault)) = fault_of(corpus, unit, cell.mutant) else {
            continue;
        };
        let later = krate.corrections(&fault.subject, &fault.fixed);
        if later.is_empty() {
            continue;
        }
        let key = (
            cell.phase.clone(),
            fault.id.clone(),
            cell.strategy.clone(),
            cell.n,
        );
        let row = rows.entry(key).or_default();
        row.killed += 1;
        let query = cell.query(results);
        let test = match regenerate(&query, &experiment, cell) {
            Ok(test) => test,
            Err(error) => {
                row.unchecked += 1;
                row.reason.get_or_insert(format!("{error:#}"));
                continue;
            }
        };
        // The releases of a subject share one method table (`subject::releases`), so the
        // cell's context serves the later release's session too.
        let mut shown = false;
        for release in &later {
            let later = registry.find(&format!("{}@{release}", fault.subject))?;
            let buggy = unit
                .mutant_session(test.context.clone(), test.cell.mutant)
                .expect("the cell's target");
            let mut against =
                MutantFailure::between(later.session(test.context.clone()), buggy, test.oracle);
            shown |= against.verdict(&test.calls) == Some(Verdict::Pass);
        }
        row.golds_own += u64::from(shown);
    }
    Ok(rows)
}

/// The corpus's fault that `unit`'s target `mutant` carries (`None`: gold, or a unit that is
/// no corpus release).
fn fault_of<'a>(
    corpus: &'a Corpus,
    unit: &dyn crate::subject::Unit,
    mutant: u32,
) -> Option<(&'a CrateEntry, &'a Fault)> {
    let id = unit
        .mutants()
        .iter()
        .find(|m| m.id == mutant)?
        .fault
        .clone()?;
    corpus.faults().find(|(_, f)| f.id == id)
}
