//! Two results folders compared as `diff` shows them (the manifests' notes, then the
//! verdict of [`super::diff`]), and a run's results against the committed reference run
//! of its experiment and profile (the last words of `run`, `reproduce` and `merge`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context as _;

use crate::report::diff::diff_tables;
use crate::report::folder::{self, ResultsFolder};
use crate::runner::output::Manifest;
use crate::runner::{RunReport, Shard};

/// Cells named one by one in a report before the rest are counted.
pub const SHOWN_CELLS: usize = 5;

/// A results folder, checked by [`folder::open`], to be compared.
///
/// # Errors
/// A folder that is not a results folder, or a damaged one ("cannot compare FOLDER", with
/// the file, line or row at fault).
pub fn open_to_compare(folder: &Path) -> anyhow::Result<ResultsFolder> {
    folder::open(folder).with_context(|| format!("cannot compare {}", folder.display()))
}

/// Notes on how two runs' manifests differ in what decides their results (experiment
/// text, profile, seed, oracle); empty when they agree.
pub fn manifest_notes(a: &Manifest, b: &Manifest) -> String {
    let mut out = String::new();
    let mut note = |what: &str, x: &dyn std::fmt::Display, y: &dyn std::fmt::Display| {
        let _ = writeln!(out, "note: the runs differ in {what}: {x} and {y}");
    };
    if a.experiment_sha256 != b.experiment_sha256 {
        note(
            "their experiment files (sha256)",
            &a.experiment_sha256,
            &b.experiment_sha256,
        );
    }
    if a.profile != b.profile {
        note("profile", &a.profile, &b.profile);
    }
    if a.seed != b.seed {
        note("seed", &a.seed, &b.seed);
    }
    if a.oracle != b.oracle {
        note("oracle", &a.oracle, &b.oracle);
    }
    out
}

/// The text report comparing `left` with `right`: manifest notes, then the verdict, at
/// most `max_cells` cells of each kind of difference named.
///
/// # Errors
/// As [`open_to_compare`], or tables that cannot be compared.
pub fn compare_folders(left: &Path, right: &Path, max_cells: usize) -> anyhow::Result<String> {
    let (a, b) = (open_to_compare(left)?, open_to_compare(right)?);
    let diff = diff_tables(&a.cells, &b.cells)?;
    Ok(manifest_notes(&a.manifest, &b.manifest)
        + &diff.render(
            &left.display().to_string(),
            &right.display().to_string(),
            max_cells,
        ))
}

/// Whether a run's results equal the committed reference run of the same experiment and
/// profile: what is printed after the run.
#[derive(Debug)]
pub enum ReferenceCheck {
    /// The run was one shard: it is compared after `testspace merge`.
    Shard(Shard),
    /// There is no committed reference run at this folder.
    NoReference(PathBuf),
    /// The results are the reference run's folder itself: nothing to say.
    SameFolder,
    /// Compared with the reference run at `reference`: the report of
    /// [`compare_folders`], or why it could not be made.
    Compared {
        /// The reference run's folder.
        reference: PathBuf,
        /// The report, or the error.
        report: anyhow::Result<String>,
    },
}

impl ReferenceCheck {
    /// The check of a finished run (of its shard, if it ran one).
    pub fn of_run(report: &RunReport) -> Self {
        match report.shard {
            Some(shard) => Self::Shard(shard),
            None => Self::of_folder(&report.output, &report.reference),
        }
    }

    /// The check of the results in `output` against the reference run at `reference`.
    pub fn of_folder(output: &Path, reference: &Path) -> Self {
        if !reference.join("manifest.json").is_file() {
            return Self::NoReference(reference.to_path_buf());
        }
        let same_folder = match (reference.canonicalize(), output.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if same_folder {
            return Self::SameFolder;
        }
        Self::Compared {
            reference: reference.to_path_buf(),
            report: compare_folders(output, reference, SHOWN_CELLS),
        }
    }

    /// The lines to print: the verdict, or — when the comparison failed — the line that
    /// introduces it (the error is [`Self::into_result`]'s).
    pub fn text(&self) -> String {
        match self {
            Self::Shard(shard) => format!(
                "shard {shard} of the experiment: compare it with the reference after `testspace merge`\n"
            ),
            Self::NoReference(reference) => format!(
                "no committed reference run at {} to compare with\n",
                reference.display()
            ),
            Self::SameFolder => String::new(),
            Self::Compared { reference, report } => {
                let mut text = format!(
                    "comparison with the committed reference run {}:\n",
                    reference.display()
                );
                if let Ok(report) = report {
                    text.push_str(report);
                }
                text
            }
        }
    }

    /// The comparison's failure, if it failed.
    ///
    /// # Errors
    /// The error of [`compare_folders`] against the reference run.
    pub fn into_result(self) -> anyhow::Result<()> {
        match self {
            Self::Compared { report, .. } => report.map(drop),
            _ => Ok(()),
        }
    }
}
