//! `reproduce`'s work: the paper's experiment (experiments/andrews2010.toml, embedded in
//! the binary) run, its figures and tables drawn into its results folder, and the results
//! compared with the committed reference run where there is one.

use std::path::Path;

use crate::report::plots::{Plotted, plot_folder};
use crate::report::reference::ReferenceCheck;
use crate::runner::output;
use crate::runner::{RunOptions, RunReport, run_experiment_source};

/// The paper's experiment (experiments/andrews2010.toml), embedded: what `reproduce` runs.
pub const ANDREWS2010: &str = include_str!("../experiments/andrews2010.toml");

/// The name the embedded experiment goes by in messages and the manifest.
pub const ANDREWS2010_PATH: &str = "experiments/andrews2010.toml";

/// What [`reproduce`] did, in the order it is reported.
#[derive(Debug)]
pub struct Reproduction {
    /// The figures and tables drawn from the results.
    pub plotted: Plotted,
    /// The run.
    pub run: RunReport,
    /// The results against the committed reference run.
    pub reference: ReferenceCheck,
}

/// Runs the embedded andrews2010 experiment with `options` (results in runs/andrews2010,
/// or runs/andrews2010-PROFILE for another profile, unless `options.out`), draws its
/// figures and tables into its results folder (the kill and coverage curves of the
/// comparison phase; `notes` receives each note on a skipped figure, a line for stderr),
/// and compares the results with the committed reference run (results/andrews2010,
/// results/andrews2010-PROFILE) where there is one.
///
/// # Errors
/// The run's or the drawing's; a failed comparison is the [`ReferenceCheck`]'s.
pub fn reproduce(
    options: &RunOptions,
    notes: &mut dyn FnMut(&str),
) -> anyhow::Result<Reproduction> {
    let run = run_experiment_source(Path::new(ANDREWS2010_PATH), ANDREWS2010, options)?;
    let plotted = plot_folder(&run.output, None, crate::report::COMPARISON_PHASE, notes)?;
    let reference = ReferenceCheck::of_run(&run);
    Ok(Reproduction {
        plotted,
        run,
        reference,
    })
}

/// What `run` and `reproduce` print after a run: the summary of its cells, then a line
/// with the cell counts, the folder and the times.
pub fn run_summary(report: &RunReport) -> String {
    format!(
        "{}{} cells ({} run now) in {}; this invocation: {} wall-clock, {} CPU in cells\n",
        output::summary(&report.cells),
        report.cells.len(),
        report.executed,
        report.output.display(),
        output::seconds(report.wall_seconds),
        output::seconds(report.cpu_seconds)
    )
}
