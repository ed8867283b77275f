//! `testspace diff LEFT RIGHT`: whether two results folders hold the same cells, in every
//! column but the CPU-time ones; exit status 0 when they do, 1 when they differ, 2 when a
//! folder cannot be read.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::ExitWith;
use crate::report::diff::diff_tables;
use crate::report::reference::{SHOWN_CELLS, manifest_notes, open_to_compare};

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

/// Runs `testspace diff`.
pub fn run(args: &DiffArgs) -> anyhow::Result<()> {
    let trouble = |e: anyhow::Error| ExitWith {
        code: 2,
        message: format!("{e:#}"),
    };
    let (left, right) = (
        open_to_compare(&args.left).map_err(trouble)?,
        open_to_compare(&args.right).map_err(trouble)?,
    );
    let diff = diff_tables(&left.cells, &right.cells).map_err(|e| trouble(e.into()))?;
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
