//! `testspace minimal`: minimal failing sequences per killed mutant and the Φ model tested
//! mutant by mutant (`minimal.csv`, `phi_per_mutant.csv`, `assumptions.csv`,
//! `phi_summary.csv`, `reductions.csv`, `phi_per_mutant.{png,svg}`).

use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;

use crate::plot::scatter::{PointSet, ScatterChart};
use crate::reduce::survey::{ReductionRecord, SurveyOptions, survey};
use crate::report::minimal::{
    Prediction, assumptions, assumptions_table, minimal_table, predictions, predictions_table,
    summary, summary_table,
};
use crate::table::{Column, StagedFiles, Table, text_table, write_csv_file};

/// Arguments of `testspace minimal`.
#[derive(Debug, Args)]
pub struct MinimalArgs {
    /// A results folder written by `testspace run` (its cells table is read; its
    /// experiment gives seeds and contexts); R's densities come from its comparison phase's
    /// `r` cells with `until = "budget"`.
    pub results: PathBuf,
    /// The folder to write the tables and the figure into (all files appear together).
    #[arg(long)]
    pub out: PathBuf,
    /// Lengths at which r-leaf's failure density is measured (SPEC: `A..=B`, lists, `paper`).
    #[arg(long, default_value = "1..=8,16,32,64")]
    pub leaf_n: String,
    /// r-leaf test cases per length.
    #[arg(long, default_value_t = 1000)]
    pub leaf_tests: u64,
    /// Length of the test cases the shortest minimal sequence is planted in.
    #[arg(long, default_value_t = 64)]
    pub plant_n: u64,
    /// Planted test cases per mutant, at the start and at a uniform position each.
    #[arg(long, default_value_t = 100)]
    pub plant_tests: u64,
    /// Only this subject (repeatable; default: all).
    #[arg(long)]
    pub subject: Vec<String>,
}

/// Runs `testspace minimal`: the tables and the figure into `--out`, the assumption table
/// on stdout, reduction times on stderr.
pub fn run(args: &MinimalArgs) -> anyhow::Result<()> {
    crate::runner::output::refuse_reference(&args.out)?;
    // The folder checked first: a damaged one is named before anything is read from it.
    let cells = crate::report::read_cells(&args.results)
        .with_context(|| format!("cannot survey {}", args.results.display()))?;
    let experiment = crate::report::folder::read_experiment(&args.results)?;
    for subject in &args.subject {
        anyhow::ensure!(
            experiment
                .subjects
                .iter()
                .any(|p| p.unit.class() == subject),
            "{subject} is not a subject of the experiment in {}",
            args.results.display()
        );
    }
    let options = SurveyOptions {
        leaf_lengths: crate::spec::parse_spec(&args.leaf_n).context("--leaf-n")?,
        leaf_tests: args.leaf_tests,
        plant_length: args.plant_n,
        plant_tests: args.plant_tests,
        subjects: args.subject.clone(),
    };
    let (mutants, records) = survey(&experiment, &cells, &options)
        .with_context(|| format!("surveying {}", args.results.display()))?;
    let rows = predictions(&mutants)?;
    let assumption_rows = assumptions(&mutants, &rows);
    let mut staged = StagedFiles::new(&args.out)?;
    write_csv_file(&minimal_table(&mutants), &staged.stage("minimal.csv"))?;
    write_csv_file(
        &predictions_table(&rows),
        &staged.stage("phi_per_mutant.csv"),
    )?;
    let assumption_table = assumptions_table(&assumption_rows);
    write_csv_file(&assumption_table, &staged.stage("assumptions.csv"))?;
    write_csv_file(
        &summary_table(&summary(&rows)),
        &staged.stage("phi_summary.csv"),
    )?;
    write_csv_file(&reductions_table(&records), &staged.stage("reductions.csv"))?;
    crate::report::plots::stage_chart(&mut staged, &args.out, "phi_per_mutant", &chart(&rows))?;
    staged.commit()?;
    print!("{}", text_table(&assumption_table));
    report_times(&records);
    Ok(())
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

/// The median and largest reduction time at each length, on stderr.
fn report_times(records: &[ReductionRecord]) {
    let mut lengths: Vec<u64> = records.iter().map(|r| r.n).collect();
    lengths.sort_unstable();
    lengths.dedup();
    for n in lengths {
        let mut seconds: Vec<f64> = records
            .iter()
            .filter(|r| r.n == n)
            .map(|r| r.seconds)
            .collect();
        seconds.sort_by(f64::total_cmp);
        let median = seconds[seconds.len() / 2];
        let largest = seconds[seconds.len() - 1];
        eprintln!(
            "reduction time at n = {n}: median {:.3} ms, largest {:.3} ms over {} reductions",
            median * 1e3,
            largest * 1e3,
            seconds.len()
        );
    }
}
