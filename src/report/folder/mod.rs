//! The one reader of a results folder's cells table, for every command that reads one
//! (`diff`, `compare`, `plot`, `minimal`, `show-test`, `reduce`): a table it returns is
//! one the run wrote, or the command stops with a located message and writes nothing.
//!
//! [`open`] checks, in this order (the file of this folder that does it in brackets):
//! 1. the tables (`cells.parquet`, `cells.csv`, whichever exist; `parquet.rs`, `csv.rs`):
//!    a CSV file's structure (every line ends and has the header's fields — a file cut
//!    off mid-row is refused at its last line); every column known, none twice, every
//!    required one present (`columns.rs`); every value of its type (text, count,
//!    test-case index, seconds; `values.rs`); and the rows of the table read
//!    (`cells.parquet` if it exists) in their domains (`outcome` one of [`OUTCOMES`],
//!    `stop` one of [`STOPS`], counts within `tests_run`, `outcome` the one its counts
//!    and stop give, …), no cell twice (`cells.rs`);
//! 2. `manifest.json` (`manifest.rs`): a manifest, of a finished run, and — when it
//!    records one (runs since the count was added) — the number of cells each table
//!    holds; replicates within the manifest's;
//! 3. when both tables exist, that they hold the same values (`agreement.rs`; where they
//!    do not, the other table's rows are checked as in 1, for the more precise message),
//!    naming the first difference;
//! 4. when the folder holds its `experiment.toml`, that every cell's phase, run,
//!    strategy (or label), subject and `n` are the experiment's, and its mutant one the
//!    experiment could have run: gold only with `[mutants] gold = true`, no more mutants
//!    per subject than `[mutants] sample`, and — in a folder this very build wrote (the
//!    manifest's crate version and commit) — an id of the unit's catalog (`experiment.rs`).
//!
//! `by_row.rs` reads a checked table's columns by row; the tests share copies of the
//! committed fixture folder (`test_folders.rs`). [`read_experiment`] (`recorded.rs`)
//! reads the experiment a folder ran back from its copy of the experiment file.
//!
//! A message names the file and, where it can, the line (CSV) or row (Parquet) and the
//! column: `runs/x/cells.csv, line 36, column `outcome`: `kiled` is not an outcome
//! (killed, survived, timeout, crash)`.

mod agreement;
mod by_row;
mod cells;
mod columns;
mod csv;
mod experiment;
mod manifest;
mod parquet;
mod recorded;
#[cfg(test)]
mod test_folders;
mod values;

use std::io;
use std::path::{Path, PathBuf};

use super::ReportError;
use crate::runner::output::Manifest;
use crate::table::Table;

pub use self::cells::{OUTCOMES, STOPS};
pub use self::recorded::read_experiment;

/// The CSV cells table.
pub const CSV: &str = "cells.csv";
/// The Parquet cells table.
pub const PARQUET: &str = "cells.parquet";
/// The manifest.
pub const MANIFEST: &str = "manifest.json";
/// The folder's copy of the experiment file.
pub const EXPERIMENT: &str = "experiment.toml";

/// A results folder that passed every check.
#[derive(Debug)]
pub struct ResultsFolder {
    /// The folder.
    pub path: PathBuf,
    /// Its manifest.
    pub manifest: Manifest,
    /// The file the cells were read from (`cells.parquet` when it exists).
    pub source: PathBuf,
    /// The cells, every known column in its type (texts, 32- and 64-bit unsigned
    /// integers, numbers), in the file's column order.
    pub cells: Table,
}

/// Where in a table: a CSV file's line (1-based, the header is line 1) or a Parquet
/// file's row (1-based, data rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// A line of a CSV file.
    Line(usize),
    /// A data row of a Parquet file.
    Row(usize),
}

impl std::fmt::Display for At {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            At::Line(line) => write!(f, "line {line}"),
            At::Row(row) => write!(f, "row {row}"),
        }
    }
}

/// One table file read and typed, with where its rows are.
pub(crate) struct TableFile {
    pub(crate) path: PathBuf,
    pub(crate) table: Table,
    /// The CSV line each row starts on; `None` for Parquet (rows are counted).
    pub(crate) lines: Option<Vec<usize>>,
}

impl TableFile {
    /// Where row `row` (0-based) of the table is in its file.
    pub(crate) fn at(&self, row: usize) -> At {
        match &self.lines {
            Some(lines) => At::Line(lines[row]),
            None => At::Row(row + 1),
        }
    }

    /// The table's content is wrong at row `row` (0-based), in `column`.
    pub(crate) fn error(&self, row: usize, column: &str, reason: String) -> ReportError {
        damaged(&self.path, Some(self.at(row)), Some(column), reason)
    }
}

/// The file at `path` holds what its writer never writes, located as far as `at` and
/// `column` go.
pub(crate) fn damaged(
    path: &Path,
    at: Option<At>,
    column: Option<&str>,
    reason: String,
) -> ReportError {
    ReportError::Damaged {
        path: path.to_path_buf(),
        at,
        column: column.map(str::to_string),
        reason,
    }
}

/// The operating system's error on `operation` of the file at `path`.
pub(crate) fn io_error(
    operation: &'static str,
    path: &Path,
) -> impl FnOnce(io::Error) -> ReportError {
    let path = path.to_path_buf();
    move |source| ReportError::Io {
        operation,
        path,
        source,
    }
}

/// Reads and checks the results folder `directory` (see the module docs).
///
/// # Errors
/// [`ReportError::NotResults`] if it is not a folder or lacks the manifest or both
/// tables, [`ReportError::Io`] if a file cannot be read, [`ReportError::Damaged`] naming
/// the file (and line or row, and column) whose content is wrong,
/// [`ReportError::Disagree`] if the two tables differ, [`ReportError::Unfinished`] if
/// the run has not finished.
pub fn open(directory: &Path) -> Result<ResultsFolder, ReportError> {
    open_with(directory, &|manifest: &Manifest| {
        experiment::catalogs_of_this_build(manifest, crate::runner::output::Version::current)
    })
}

/// The catalogs a folder's mutants are checked against, given its manifest.
type CatalogsOf<'a> = &'a dyn Fn(&Manifest) -> experiment::OwnedCatalogs;

/// [`open`], the units' catalogs given by `catalogs` (tests give their own).
fn open_with(directory: &Path, catalogs: CatalogsOf<'_>) -> Result<ResultsFolder, ReportError> {
    let not_results = |reason: &str| ReportError::NotResults {
        path: directory.to_path_buf(),
        reason: reason.to_string(),
    };
    if !directory.exists() {
        return Err(not_results("no such folder"));
    }
    if !directory.is_dir() {
        return Err(not_results("it is not a folder"));
    }
    let manifest_path = directory.join(MANIFEST);
    if !manifest_path.exists() {
        return Err(not_results("it has no manifest.json"));
    }
    let (parquet, csv) = (directory.join(PARQUET), directory.join(CSV));
    if !parquet.exists() && !csv.exists() {
        return Err(not_results("it has neither cells.parquet nor cells.csv"));
    }
    let (parquet, csv) = read_tables(&parquet, &csv)?;
    let manifest = manifest::read_checked_manifest(directory, &manifest_path)?;
    for table in parquet.iter().chain(&csv) {
        manifest::check_against_manifest(table, &manifest, &manifest_path)?;
    }
    if let (Some(parquet), Some(csv)) = (&parquet, &csv)
        && let Err(disagreement) = agreement::agree(parquet, csv)
    {
        check_rows(csv)?;
        return Err(disagreement);
    }
    let table = parquet.or(csv).expect("a table was read");
    let catalogs = catalogs(&manifest);
    experiment::check_against_experiment(directory, &table, &manifest, &*catalogs)?;
    Ok(ResultsFolder {
        path: directory.to_path_buf(),
        manifest,
        source: table.path,
        cells: table.table,
    })
}

/// The folder's tables (`None` for a file that does not exist), the one read on checked
/// row by row ([`check_rows`]): the Parquet file, or the CSV file if there is none. The
/// CSV file is read beside the Parquet file and its check; errors come as if one step
/// followed the other (reading the Parquet file, reading the CSV file, the check).
fn read_tables(
    parquet: &Path,
    csv: &Path,
) -> Result<(Option<TableFile>, Option<TableFile>), ReportError> {
    let (parquet, checked, csv) = std::thread::scope(|scope| {
        let csv = csv
            .exists()
            .then(|| scope.spawn(|| self::csv::read_csv(csv)));
        let parquet = parquet
            .exists()
            .then(|| self::parquet::read_parquet(parquet))
            .transpose();
        let checked = match &parquet {
            Ok(Some(table)) => Some(check_rows(table)),
            _ => None,
        };
        let csv = csv
            .map(|reading| reading.join().expect("the CSV reader panicked"))
            .transpose();
        (parquet, checked, csv)
    });
    let (parquet, csv) = (parquet?, csv?);
    match checked {
        Some(checked) => checked?,
        None => check_rows(csv.as_ref().expect("a table was read"))?,
    }
    Ok((parquet, csv))
}

/// Every value of `table` of its column's domain, and every row's values consistent:
/// see the module docs.
fn check_rows(table: &TableFile) -> Result<(), ReportError> {
    values::check_values(table)?;
    cells::check_cells(table)
}

#[cfg(test)]
mod tests {
    use super::test_folders::{REGISTER, register_csv};
    use super::*;

    #[test]
    fn the_committed_folder_is_read_from_parquet_and_agrees_with_its_csv() {
        let folder = open(Path::new(REGISTER)).unwrap();
        assert_eq!(folder.cells.height(), 35);
        assert!(folder.source.ends_with(PARQUET));
        assert_eq!(folder.manifest.cells, None, "written before the count");
        let csv_only = test_folders::folder(&register_csv(), str::to_string);
        let read = open(csv_only.path()).unwrap();
        assert_eq!(read.cells, folder.cells);
    }
}
