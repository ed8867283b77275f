//! `testspace diff LEFT RIGHT`: whether two results folders hold the same cells, in every
//! column but the CPU-time ones; exit status 0 when they do, 1 when they differ, 2 when a
//! folder cannot be read.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::{Args, ValueEnum};

use super::ExitWith;
use crate::report::diff::{TableDiff, diff_tables};
use crate::report::folder::{self, ResultsFolder};
use crate::runner::output::Manifest;

/// Cells named one by one in a report before the rest are counted.
pub const SHOWN_CELLS: usize = 5;

/// Output formats of `diff`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DiffFormat {
    /// The verdict and the differing cells, as text.
    Text,
    /// The whole comparison as JSON.
    Json,
}

/// Arguments of `testspace diff`.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// A results folder (manifest.json and cells.parquet or cells.csv).
    pub left: PathBuf,
    /// Another results folder.
    pub right: PathBuf,
    /// Cells of each kind of difference named in the text report before the rest are
    /// counted.
    #[arg(long, default_value_t = SHOWN_CELLS)]
    pub max_cells: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = DiffFormat::Text)]
    pub format: DiffFormat,
}

/// Compares the cells tables of two results folders, each read and checked by
/// [`folder::open`].
///
/// # Errors
/// A folder that is not a results folder, or a damaged one (its manifest or a table,
/// named with the line or row at fault).
pub fn diff_folders(left: &Path, right: &Path) -> anyhow::Result<TableDiff> {
    let (left, right) = (open(left)?, open(right)?);
    Ok(diff_tables(&left.frame, &right.frame)?)
}

/// A results folder, checked.
fn open(folder: &Path) -> anyhow::Result<ResultsFolder> {
    folder::open(folder).with_context(|| format!("cannot compare {}", folder.display()))
}

/// Notes on how two runs' manifests differ in what decides their results (experiment
/// text, profile, seed, oracle); empty when they agree.
fn manifest_notes(a: &Manifest, b: &Manifest) -> String {
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

/// The text report comparing `left` with `right`: manifest notes, then the verdict.
///
/// # Errors
/// As [`diff_folders`].
pub fn compare_folders(left: &Path, right: &Path, max_cells: usize) -> anyhow::Result<String> {
    let (a, b) = (open(left)?, open(right)?);
    let diff = diff_tables(&a.frame, &b.frame)?;
    Ok(manifest_notes(&a.manifest, &b.manifest)
        + &diff.render(
            &left.display().to_string(),
            &right.display().to_string(),
            max_cells,
        ))
}

/// Runs `testspace diff`.
pub fn run(args: &DiffArgs) -> anyhow::Result<()> {
    let trouble = |e: anyhow::Error| ExitWith {
        code: 2,
        message: format!("{e:#}"),
    };
    let (left, right) = (
        open(&args.left).map_err(trouble)?,
        open(&args.right).map_err(trouble)?,
    );
    let diff = diff_tables(&left.frame, &right.frame).map_err(|e| trouble(e.into()))?;
    match args.format {
        DiffFormat::Text => {
            print!("{}", manifest_notes(&left.manifest, &right.manifest));
            print!(
                "{}",
                diff.render(
                    &args.left.display().to_string(),
                    &args.right.display().to_string(),
                    args.max_cells,
                )
            );
        }
        DiffFormat::Json => {
            let mut value = serde_json::to_value(&diff)?;
            value["identical"] = diff.identical().into();
            println!("{}", serde_json::to_string_pretty(&value)?);
        }
    }
    if diff.identical() {
        Ok(())
    } else {
        Err(ExitWith {
            code: 1,
            message: String::new(),
        }
        .into())
    }
}
