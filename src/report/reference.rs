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

/// Two results folders compared: the text report and its verdict.
#[derive(Debug)]
pub struct Comparison {
    /// Manifest notes, then the verdict, at most `max_cells` cells of each kind of
    /// difference named.
    pub text: String,
    /// Whether the two folders hold the same cells ([`crate::report::diff::TableDiff::identical`]).
    pub identical: bool,
}

/// The comparison of `left` with `right`, at most `max_cells` cells of each kind of
/// difference named in its text.
///
/// # Errors
/// As [`open_to_compare`], or tables that cannot be compared.
pub fn compare_folders(left: &Path, right: &Path, max_cells: usize) -> anyhow::Result<Comparison> {
    let (a, b) = (open_to_compare(left)?, open_to_compare(right)?);
    let diff = diff_tables(&a.cells, &b.cells)?;
    Ok(Comparison {
        text: manifest_notes(&a.manifest, &b.manifest)
            + &diff.render(
                &left.display().to_string(),
                &right.display().to_string(),
                max_cells,
            ),
        identical: diff.identical(),
    })
}

/// Whether a missing reference run fails the command: `reproduce` always has one (the
/// committed run of the paper's experiment), `run` and `merge` only where the experiment
/// and profile have one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// No reference run: the comparison is skipped and the command fails.
    Required,
    /// No reference run: nothing to compare with, and that is no failure.
    Optional,
}

/// Why a [`ReferenceCheck`] fails its command.
#[derive(Debug, thiserror::Error)]
pub enum ReferenceFailure {
    /// The results differ from the reference run's (the differences are in the text).
    #[error("the results differ from the committed reference run {}", .0.display())]
    Different(PathBuf),
    /// A required reference run was not found at any of these folders.
    #[error(
        "the comparison with the committed reference run was skipped: no results folder at {}",
        .0.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(" or ")
    )]
    Missing(Vec<PathBuf>),
    /// The comparison could not be made.
    #[error(transparent)]
    Unreadable(anyhow::Error),
}

impl ReferenceFailure {
    /// The exit status, as `testspace diff`'s: 1 when the results differ, 2 when no
    /// comparison was made.
    pub fn exit_status(&self) -> u8 {
        match self {
            Self::Different(_) => 1,
            Self::Missing(_) | Self::Unreadable(_) => 2,
        }
    }
}

/// Whether a run's results equal the committed reference run of the same experiment and
/// profile: what is printed after the run.
#[derive(Debug)]
pub enum ReferenceCheck {
    /// The run was one shard: it is compared after `testspace merge`.
    Shard(Shard),
    /// There is no committed reference run at any of these folders.
    NoReference(Vec<PathBuf>),
    /// The results are the reference run's folder itself: nothing to say.
    SameFolder,
    /// Compared with the reference run at `reference`: the report of
    /// [`compare_folders`], or why it could not be made.
    Compared {
        /// The reference run's folder.
        reference: PathBuf,
        /// The comparison, or the error.
        report: anyhow::Result<Comparison>,
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
        Self::of_first_folder(output, &[reference.to_path_buf()])
    }

    /// The check of the results in `output` against the first of `candidates` that holds
    /// a results folder (a `manifest.json`).
    pub fn of_first_folder(output: &Path, candidates: &[PathBuf]) -> Self {
        let Some(reference) = candidates
            .iter()
            .find(|c| c.join("manifest.json").is_file())
        else {
            return Self::NoReference(candidates.to_vec());
        };
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
            Self::NoReference(candidates) => format!(
                "no committed reference run at {} to compare with\n",
                candidates
                    .iter()
                    .map(|c| c.display().to_string())
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            Self::SameFolder => String::new(),
            Self::Compared { reference, report } => {
                let mut text = format!(
                    "comparison with the committed reference run {}:\n",
                    reference.display()
                );
                if let Ok(report) = report {
                    text.push_str(&report.text);
                }
                text
            }
        }
    }

    /// The check's verdict: passed when the results are identical to the reference
    /// run's, when they are the reference run's folder, when the run was one shard, and
    /// when there is no reference run and none is `expected`.
    ///
    /// # Errors
    /// [`ReferenceFailure::Different`] when the results differ,
    /// [`ReferenceFailure::Missing`] when a [`Expectation::Required`] reference run is
    /// missing, [`ReferenceFailure::Unreadable`] with the error of [`compare_folders`].
    pub fn into_result(self, expected: Expectation) -> Result<(), ReferenceFailure> {
        match self {
            Self::Compared { report, reference } => match report {
                Ok(comparison) if comparison.identical => Ok(()),
                Ok(_) => Err(ReferenceFailure::Different(reference)),
                Err(error) => Err(ReferenceFailure::Unreadable(error)),
            },
            Self::NoReference(candidates) if expected == Expectation::Required => {
                Err(ReferenceFailure::Missing(candidates))
            }
            Self::NoReference(_) | Self::SameFolder | Self::Shard(_) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smoke reference run, committed.
    fn smoke() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("results/andrews2010-smoke")
    }

    #[test]
    fn a_missing_reference_fails_only_where_one_is_required() {
        let nowhere = tempfile::tempdir().unwrap();
        let missing = || ReferenceCheck::of_folder(&smoke(), &nowhere.path().join("results"));
        assert!(missing().into_result(Expectation::Optional).is_ok());
        let failure = missing()
            .into_result(Expectation::Required)
            .expect_err("a required reference is missing");
        assert!(matches!(failure, ReferenceFailure::Missing(_)));
        assert_eq!(failure.exit_status(), 2);
        assert!(failure.to_string().contains("skipped"), "{failure}");
    }

    #[test]
    fn the_first_candidate_holding_a_results_folder_is_compared() {
        let nowhere = tempfile::tempdir().unwrap();
        let check =
            ReferenceCheck::of_first_folder(&smoke(), &[nowhere.path().to_path_buf(), smoke()]);
        // The smoke reference compared with itself by another path: the same folder.
        assert!(matches!(check, ReferenceCheck::SameFolder), "{check:?}");
        assert!(check.into_result(Expectation::Required).is_ok());
    }
}
