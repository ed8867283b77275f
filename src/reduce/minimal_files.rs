//! What `testspace minimal` writes: the tables of [`crate::report::minimal`] for the
//! surveyed mutants (`minimal.csv`, `phi_per_mutant.csv`, `assumptions.csv`,
//! `phi_summary.csv`), every reduction without its time (`reductions.csv`), and the
//! model-against-measurement figure (`phi_per_mutant.{png,svg}`).

use std::path::Path;

use super::survey::ReductionRecord;
use crate::plot::scatter::{PointSet, ScatterChart};
use crate::report::minimal::{
    MutantMinimal, Prediction, assumptions, assumptions_table, minimal_table, predictions,
    predictions_table, summary, summary_table,
};
use crate::table::{Column, StagedFiles, Table, write_csv_file};

/// Stages the files of `minimal` for `mutants` and their `records` into `staged`, whose
/// folder is `folder`; returns the assumption table (which the command prints).
///
/// # Errors
/// A prediction that cannot be computed, or a file that cannot be written (named).
pub fn stage_minimal_files(
    staged: &mut StagedFiles,
    folder: &Path,
    mutants: &[MutantMinimal],
    records: &[ReductionRecord],
) -> anyhow::Result<Table> {
    let rows = predictions(mutants)?;
    let assumption_table = assumptions_table(&assumptions(mutants, &rows));
    write_csv_file(&minimal_table(mutants), &staged.stage("minimal.csv"))?;
    write_csv_file(
        &predictions_table(&rows),
        &staged.stage("phi_per_mutant.csv"),
    )?;
    write_csv_file(&assumption_table, &staged.stage("assumptions.csv"))?;
    write_csv_file(
        &summary_table(&summary(&rows)),
        &staged.stage("phi_summary.csv"),
    )?;
    write_csv_file(&reductions_table(records), &staged.stage("reductions.csv"))?;
    crate::report::plots::stage_chart(staged, folder, "phi_per_mutant", &chart(&rows))?;
    Ok(assumption_table)
}

/// Predicted against measured density, one point per (mutant, n) with both positive.
fn chart(rows: &[Prediction]) -> ScatterChart {
    let set = |strategy: &str, label: &str| PointSet {
        label: label.to_string(),
        points: rows
            .iter()
            .filter(|p| p.strategy == strategy)
            .map(|p| (p.predicted, p.measured()))
            .collect(),
    };
    ScatterChart {
        title: "Failure density per mutant and n: model vs measured".into(),
        x_label: "predicted from the minimal failing sequences".into(),
        y_label: "measured (failing / judged test cases)".into(),
        sets: vec![
            set("r-leaf", "r-leaf vs Φ (uniform over leaves)"),
            set("r", "R vs the weighted model (method first)"),
        ],
    }
}

/// `reductions.csv`: every reduction without its time.
fn reductions_table(records: &[ReductionRecord]) -> Table {
    let number = |name: &str, f: &dyn Fn(&ReductionRecord) -> u64| {
        Column::new(name, records.iter().map(f).collect::<Vec<_>>())
    };
    Table::new(vec![
        Column::new(
            "subject",
            records
                .iter()
                .map(|r| r.subject.as_str())
                .collect::<Vec<_>>(),
        ),
        number("mutant", &|r| r.mutant),
        Column::new(
            "strategy",
            records.iter().map(|r| r.strategy).collect::<Vec<_>>(),
        ),
        number("n", &|r| r.n),
        number("k", &|r| r.k as u64),
        number("checks", &|r| r.checks),
    ])
}
