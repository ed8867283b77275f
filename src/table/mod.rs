//! Result tables: polars [`DataFrame`]s written as CSV (to any writer or a file),
//! Parquet, or an aligned text table, and a staging area that makes a set of output
//! files appear all together or not at all.

use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use polars_core::prelude::{AnyValue, DataFrame, PolarsError};
use polars_io::prelude::{CsvWriter, ParquetWriter, SerWriter};
use thiserror::Error;

/// Failure to write a table.
#[derive(Debug, Error)]
pub enum TableError {
    /// polars could not encode the frame.
    #[error("could not encode the table")]
    Encoding(#[from] PolarsError),
    /// A file could not be created or written.
    #[error("could not write {path}")]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
}

/// Writes `frame` as CSV (header line, comma separated, nulls as empty fields) to `writer`.
///
/// # Errors
/// [`TableError::Encoding`] if polars fails, including on write errors of `writer`.
pub fn write_csv(frame: &mut DataFrame, writer: impl Write) -> Result<(), TableError> {
    CsvWriter::new(writer).include_header(true).finish(frame)?;
    Ok(())
}

/// Writes `frame` as CSV to the file `path` (created or truncated).
///
/// # Errors
/// [`TableError::Io`] if the file cannot be created, [`TableError::Encoding`] otherwise.
pub fn write_csv_file(frame: &mut DataFrame, path: &Path) -> Result<(), TableError> {
    write_csv(frame, create(path)?)
}

/// Writes `frame` as Parquet (polars' default compression) to the file `path`.
///
/// # Errors
/// [`TableError::Io`] if the file cannot be created, [`TableError::Encoding`] otherwise.
pub fn write_parquet_file(frame: &mut DataFrame, path: &Path) -> Result<(), TableError> {
    ParquetWriter::new(create(path)?).finish(frame)?;
    Ok(())
}

/// Renders every row of `frame` as a text table: a header line, a rule, and one line per
/// row, columns separated by two spaces, numbers right-aligned, text left-aligned,
/// nulls blank.
pub fn format_text_table(frame: &DataFrame) -> String {
    let columns = frame.columns();
    let header: Vec<String> = columns
        .iter()
        .map(|column| column.name().to_string())
        .collect();
    let rows: Vec<Vec<String>> = (0..frame.height())
        .map(|row| {
            columns
                .iter()
                .map(|column| {
                    column
                        .get(row)
                        .map(|value| cell_text(&value))
                        .unwrap_or_default()
                })
                .collect()
        })
        .collect();
    let widths: Vec<usize> = (0..columns.len())
        .map(|index| {
            rows.iter()
                .chain([&header])
                .map(|cells| cells[index].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let numeric: Vec<bool> = columns
        .iter()
        .map(|column| column.dtype().is_primitive_numeric())
        .collect();
    let rule: Vec<String> = widths.iter().map(|&width| "-".repeat(width)).collect();
    let mut text = String::new();
    let mut line = |cells: &[String], aligned: bool| {
        let fields: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(index, cell)| {
                let width = widths[index];
                if aligned && numeric[index] {
                    format!("{cell:>width$}")
                } else {
                    format!("{cell:<width$}")
                }
            })
            .collect();
        let _ = writeln!(text, "{}", fields.join("  ").trim_end());
    };
    line(&header, true);
    line(&rule, false);
    for cells in &rows {
        line(cells, true);
    }
    text
}

/// Renders every row of `frame` as a GitHub-flavoured Markdown table: numeric columns
/// right-aligned, floating-point numbers with at most four significant digits
/// (scientific below 0.001, trailing zeros dropped), nulls as empty cells, `|` in text escaped.
pub fn format_markdown_table(frame: &DataFrame) -> String {
    let columns = frame.columns();
    let mut text = String::new();
    let header: Vec<String> = columns
        .iter()
        .map(|column| column.name().to_string())
        .collect();
    let _ = writeln!(text, "| {} |", header.join(" | "));
    let rule: Vec<&str> = columns
        .iter()
        .map(|column| {
            if column.dtype().is_primitive_numeric() {
                "---:"
            } else {
                "---"
            }
        })
        .collect();
    let _ = writeln!(text, "|{}|", rule.join("|"));
    for row in 0..frame.height() {
        let cells: Vec<String> = columns
            .iter()
            .map(|column| match column.get(row) {
                Ok(AnyValue::Float64(value)) => significant(value),
                Ok(AnyValue::Float32(value)) => significant(f64::from(value)),
                Ok(value) => cell_text(&value).replace('|', "\\|"),
                Err(_) => String::new(),
            })
            .collect();
        let _ = writeln!(text, "| {} |", cells.join(" | "));
    }
    text
}

/// `value` with four significant digits: plain from 0.001 up, scientific below.
fn significant(value: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return value.to_string();
    }
    let text = if value.abs() < 1e-3 {
        format!("{value:.3e}")
    } else {
        let decimals = (3 - value.abs().log10().floor() as i32).max(0) as usize;
        format!("{value:.decimals$}")
    };
    // Trailing zeros of the fraction carry no information: 3.700 → 3.7, 1.500e-4 → 1.5e-4.
    let (mantissa, exponent) = text
        .split_once('e')
        .map_or((text.as_str(), None), |(m, e)| (m, Some(e)));
    let mantissa = if mantissa.contains('.') {
        mantissa.trim_end_matches('0').trim_end_matches('.')
    } else {
        mantissa
    };
    match exponent {
        Some(exponent) => format!("{mantissa}e{exponent}"),
        None => mantissa.to_string(),
    }
}

fn cell_text(value: &AnyValue<'_>) -> String {
    match value {
        AnyValue::Null => String::new(),
        AnyValue::String(text) => (*text).to_string(),
        AnyValue::StringOwned(text) => text.to_string(),
        other => other.to_string(),
    }
}

fn create(path: &Path) -> Result<File, TableError> {
    File::create(path).map_err(|source| TableError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// A set of output files in one directory that appear together: each is first written
/// under a hidden temporary name, and [`StagedFiles::commit`] renames them all into
/// place. Dropped without a commit, it removes the temporary files (and the directory,
/// if it created it and it is empty), so a failed run leaves nothing partial behind.
#[derive(Debug)]
pub struct StagedFiles {
    directory: PathBuf,
    created_directory: bool,
    /// (temporary path, final path)
    staged: Vec<(PathBuf, PathBuf)>,
}

impl StagedFiles {
    /// Prepares to write into `directory`, creating it (and its parents) if missing.
    ///
    /// # Errors
    /// [`TableError::Io`] if the directory cannot be created or is not a directory.
    pub fn new(directory: &Path) -> Result<Self, TableError> {
        let io_error = |source| TableError::Io {
            path: directory.to_path_buf(),
            source,
        };
        let created_directory = !directory.exists();
        fs::create_dir_all(directory).map_err(io_error)?;
        if !directory.is_dir() {
            return Err(io_error(io::Error::new(
                io::ErrorKind::AlreadyExists,
                "not a directory",
            )));
        }
        Ok(Self {
            directory: directory.to_path_buf(),
            created_directory,
            staged: Vec::new(),
        })
    }

    /// The temporary path to write the future `directory/file_name` to: hidden, and
    /// with the same extension (some writers choose the format by extension).
    pub fn stage(&mut self, file_name: &str) -> PathBuf {
        let (stem, extension) = file_name.rsplit_once('.').unwrap_or((file_name, ""));
        let temporary = self.directory.join(format!(
            ".{stem}.partial-{}.{extension}",
            std::process::id()
        ));
        self.staged
            .push((temporary.clone(), self.directory.join(file_name)));
        temporary
    }

    /// Renames every staged file into place and returns the final paths.
    ///
    /// # Errors
    /// [`TableError::Io`] if a rename fails (files renamed before it stay in place).
    pub fn commit(mut self) -> Result<Vec<PathBuf>, TableError> {
        let staged = std::mem::take(&mut self.staged);
        let mut written = Vec::with_capacity(staged.len());
        for (temporary, destination) in staged {
            fs::rename(&temporary, &destination).map_err(|source| TableError::Io {
                path: destination.clone(),
                source,
            })?;
            written.push(destination);
        }
        self.created_directory = false;
        Ok(written)
    }
}

impl Drop for StagedFiles {
    fn drop(&mut self) {
        for (temporary, _) in &self.staged {
            let _ = fs::remove_file(temporary);
        }
        if self.created_directory {
            let _ = fs::remove_dir(&self.directory);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use polars_core::prelude::*;
    use polars_io::prelude::{ParquetReader, SerReader};

    fn sample() -> DataFrame {
        DataFrame::new_infer_height(vec![
            Column::new("n".into(), [1u64, 20, 300]),
            Column::new("phi".into(), [Some("1"), None, Some("12345")]),
            Column::new("fd".into(), ["1e-3", "2.5e-300", "0"]),
        ])
        .unwrap()
    }

    #[test]
    fn csv_has_a_header_and_empty_fields_for_nulls() {
        let mut bytes = Vec::new();
        write_csv(&mut sample(), &mut bytes).unwrap();
        assert_eq!(
            String::from_utf8(bytes).unwrap(),
            "n,phi,fd\n1,1,1e-3\n20,,2.5e-300\n300,12345,0\n"
        );
    }

    #[test]
    fn text_table_aligns_numbers_right_and_text_left() {
        let text = format_text_table(&sample());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "  n  phi    fd");
        assert_eq!(lines[1], "---  -----  --------");
        assert_eq!(lines[3], " 20         2.5e-300");
        assert_eq!(lines.len(), 5);
    }

    #[test]
    fn markdown_table_aligns_numbers_and_rounds_floats() {
        let frame = DataFrame::new_infer_height(vec![
            Column::new("name".into(), ["a|b", "c"]),
            Column::new("count".into(), [Some(3u64), None]),
            Column::new("rate".into(), [15.4437, 0.000_15]),
        ])
        .unwrap();
        assert_eq!(
            format_markdown_table(&frame),
            "| name | count | rate |\n|---|---:|---:|\n| a\\|b | 3 | 15.44 |\n| c |  | 1.5e-4 |\n"
        );
    }

    #[test]
    fn staged_files_appear_only_on_commit_and_parquet_round_trips() {
        let root = tempfile::tempdir().unwrap();
        let directory = root.path().join("out");
        let mut staging = StagedFiles::new(&directory).unwrap();
        let temporary = staging.stage("table.parquet");
        write_parquet_file(&mut sample(), &temporary).unwrap();
        assert!(!directory.join("table.parquet").exists());
        let written = staging.commit().unwrap();
        assert_eq!(written, vec![directory.join("table.parquet")]);
        let read = ParquetReader::new(File::open(&written[0]).unwrap())
            .finish()
            .unwrap();
        assert!(read.equals_missing(&sample()));
        assert_eq!(
            fs::read_dir(&directory).unwrap().count(),
            1,
            "no temporary file left"
        );
    }

    #[test]
    fn dropped_staging_leaves_nothing_behind() {
        let root = tempfile::tempdir().unwrap();
        let directory = root.path().join("new");
        {
            let mut staging = StagedFiles::new(&directory).unwrap();
            write_csv_file(&mut sample(), &staging.stage("table.csv")).unwrap();
        }
        assert!(!directory.exists());
    }
}
