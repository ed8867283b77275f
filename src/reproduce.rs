//! `reproduce`'s work: the paper's experiment (experiments/andrews2010.toml, embedded in
//! the binary) run, its figures and tables drawn into its results folder, and the results
//! compared with the committed reference run of the source tree the binary was built from.

use std::path::{Path, PathBuf};

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

/// The source tree the binary was built from, where the committed reference runs are.
pub const SOURCE_TREE: &str = env!("CARGO_MANIFEST_DIR");

/// Where the committed reference run at `relative` (results/andrews2010[-PROFILE]) is
/// looked for, in order: in the source tree the binary was built from, then — should that
/// tree be gone — in the working directory.
pub fn reference_candidates(relative: &Path) -> Vec<PathBuf> {
    let in_source_tree = Path::new(SOURCE_TREE).join(relative);
    let same = matches!(
        (in_source_tree.canonicalize(), relative.canonicalize()),
        (Ok(a), Ok(b)) if a == b
    );
    if same {
        vec![in_source_tree]
    } else {
        vec![in_source_tree, relative.to_path_buf()]
    }
}

/// Runs the embedded andrews2010 experiment with `options` (results in runs/andrews2010,
/// or runs/andrews2010-PROFILE for another profile, unless `options.out`), draws its
/// figures and tables into its results folder (the kill and coverage curves of the
/// comparison phase; `notes` receives each note on a skipped figure, a line for stderr),
/// and compares the results with `reference` if given, else with the committed reference
/// run (results/andrews2010, results/andrews2010-PROFILE) found by
/// [`reference_candidates`] (`notes` says so when it is the working directory's).
///
/// # Errors
/// The run's or the drawing's; a failed comparison is the [`ReferenceCheck`]'s.
pub fn reproduce(
    options: &RunOptions,
    reference: Option<&Path>,
    notes: &mut dyn FnMut(&str),
) -> anyhow::Result<Reproduction> {
    let run = run_experiment_source(Path::new(ANDREWS2010_PATH), ANDREWS2010, options)?;
    let plotted = plot_folder(&run.output, None, crate::report::COMPARISON_PHASE, notes)?;
    let reference = match (run.shard, reference) {
        (Some(_), _) => ReferenceCheck::of_run(&run),
        (None, Some(folder)) => ReferenceCheck::of_folder(&run.output, folder),
        (None, None) => {
            let candidates = reference_candidates(&run.reference);
            let check = ReferenceCheck::of_first_folder(&run.output, &candidates);
            if let ReferenceCheck::Compared { reference, .. } = &check
                && *reference != candidates[0]
            {
                notes(&format!(
                    "note: the source tree this binary was built from has no reference run at \
                     {}; comparing with {} in the working directory",
                    candidates[0].display(),
                    reference.display()
                ));
            }
            check
        }
    };
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
