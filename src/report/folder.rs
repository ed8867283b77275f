//! The one reader of a results folder's cells table, for every command that reads one
//! (`diff`, `compare`, `plot`, `minimal`, `show-test`, `reduce`): a table it returns is
//! one the run wrote, or the command stops with a located message and writes nothing.
//!
//! [`open`] checks, in this order:
//! 1. the tables (`cells.parquet`, `cells.csv`, whichever exist): a CSV file's structure
//!    (every line ends and has the header's fields — a file cut off mid-row is refused at
//!    its last line); every column known, none twice, every required one present; every
//!    value of its type (text, count, test-case index, seconds); and the rows of the
//!    table read (`cells.parquet` if it exists) in their domains (`outcome` one of
//!    [`OUTCOMES`], `stop` one of [`STOPS`], counts within `tests_run`, `outcome` the one
//!    its counts and stop give, …), no cell twice;
//! 2. `manifest.json`: a manifest, of a finished run, and — when it records one (runs
//!    since the count was added) — the number of cells each table holds; replicates
//!    within the manifest's;
//! 3. when both tables exist, that they hold the same values (where they do not, the
//!    other table's rows are checked as in 1, for the more precise message), naming the
//!    first difference;
//! 4. when the folder holds its `experiment.toml`, that every cell's phase, run,
//!    strategy (or label) and subject are the experiment's.
//!
//! A message names the file and, where it can, the line (CSV) or row (Parquet) and the
//! column: `runs/x/cells.csv, line 36, column `outcome`: `kiled` is not an outcome
//! (killed, survived, timeout, crash)`.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

use polars_core::prelude::{
    AnyValue, ChunkedArray, ChunkedBuilder, Column, DataFrame, DataType, Float64Type, IntoColumn,
    PolarsDataType, PolarsNumericType, PrimitiveChunkedBuilder, StringChunkedBuilder, StringType,
    UInt32Type, UInt64Type,
};
use polars_io::prelude::{ParquetReader, SerReader};

use super::ReportError;
use crate::runner::job::{JobResult, Stop};
use crate::runner::output::{Manifest, parse_manifest};
use crate::table::{polars_io_error, polars_message};

/// The CSV cells table.
pub const CSV: &str = "cells.csv";
/// The Parquet cells table.
pub const PARQUET: &str = "cells.parquet";
/// The manifest.
pub const MANIFEST: &str = "manifest.json";
/// The folder's copy of the experiment file.
pub const EXPERIMENT: &str = "experiment.toml";

/// A cell's outcomes, as [`JobResult::outcome`] writes them.
pub const OUTCOMES: [&str; 4] = ["killed", "survived", "timeout", "crash"];

/// Why a cell stopped: the values of [`Stop`] as written (kebab-case).
pub const STOPS: [&str; 7] = [
    "failure",
    "exhausted",
    "budget",
    "time",
    "crash",
    "guarded",
    "watchdog",
];

/// A results folder that passed every check.
#[derive(Debug)]
pub struct ResultsFolder {
    /// The folder.
    pub path: PathBuf,
    /// Its manifest.
    pub manifest: Manifest,
    /// The table the frame was read from (`cells.parquet` when it exists).
    pub table: PathBuf,
    /// The cells, every known column in its type (texts, `UInt32`, `UInt64`, `Float64`),
    /// in the file's column order.
    pub frame: DataFrame,
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

/// What a column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Non-empty text.
    Text,
    /// A test-case index: decimal digits (indices exceed every integer type).
    Index,
    /// A non-negative integer below 2³².
    U32,
    /// A non-negative integer below 2⁶⁴.
    U64,
    /// A finite non-negative number (seconds).
    Seconds,
}

impl Kind {
    /// What a value must be, for messages.
    fn expected(self) -> &'static str {
        match self {
            Kind::Text => "text",
            Kind::Index => "a test-case index (decimal digits)",
            Kind::U32 => "a count (an integer from 0 to 4294967295)",
            Kind::U64 => "a count (a non-negative integer)",
            Kind::Seconds => "seconds (a finite non-negative number)",
        }
    }
}

/// A column of the cells table: its kind and whether it may be empty.
#[derive(Clone, Copy, Debug)]
struct Spec {
    kind: Kind,
    nullable: bool,
}

/// The columns [`crate::runner::output::cells_frame`] writes, in its order (the
/// coverage checkpoints apart): kind, whether a value may be empty, whether every table
/// has the column (the optional ones came with later versions: replicates, abandoned
/// tests, coverage).
const COLUMNS: [(&str, Kind, bool, bool); 23] = [
    // (name, kind, nullable, required)
    ("phase", Kind::Text, false, true),
    ("run", Kind::U32, false, true),
    ("replicate", Kind::U32, false, false),
    ("seed", Kind::U64, false, false),
    ("subject", Kind::Text, false, true),
    ("mutant", Kind::U32, false, true),
    ("operator", Kind::Text, false, true),
    ("strategy", Kind::Text, false, true),
    ("n", Kind::U64, false, true),
    ("test_budget", Kind::U64, true, true),
    ("tests_run", Kind::U64, false, true),
    ("failing_tests", Kind::U64, false, true),
    ("guarded_tests", Kind::U64, false, true),
    ("abandoned_tests", Kind::U64, false, false),
    ("first_failure", Kind::U64, true, true),
    ("first_failure_index", Kind::Index, true, true),
    ("method_calls", Kind::U64, false, true),
    ("cpu_seconds", Kind::Seconds, false, true),
    ("first_failure_cpu_seconds", Kind::Seconds, true, true),
    ("outcome", Kind::Text, false, true),
    ("stop", Kind::Text, false, true),
    ("branches_total", Kind::U64, true, false),
    ("branches_covered", Kind::U64, true, false),
];

/// The column `name`'s spec, if it is a column of the cells table.
fn spec(name: &str) -> Option<Spec> {
    let spec = |(_, kind, nullable, _): (&str, Kind, bool, bool)| Spec { kind, nullable };
    COLUMNS
        .iter()
        .find(|c| c.0 == name)
        .map(|c| spec(*c))
        .or_else(|| {
            crate::coverage::curve::CHECKPOINT_COLUMNS
                .contains(&name)
                .then_some(Spec {
                    kind: Kind::U64,
                    nullable: true,
                })
        })
}

/// One table read and typed, with where its rows are.
struct Table {
    path: PathBuf,
    frame: DataFrame,
    /// The CSV line each row starts on; `None` for Parquet (rows are counted).
    lines: Option<Vec<usize>>,
}

impl Table {
    fn at(&self, row: usize) -> At {
        match &self.lines {
            Some(lines) => At::Line(lines[row]),
            None => At::Row(row + 1),
        }
    }

    fn error(&self, row: usize, column: &str, reason: String) -> ReportError {
        damaged(&self.path, Some(self.at(row)), Some(column), reason)
    }
}

fn damaged(path: &Path, at: Option<At>, column: Option<&str>, reason: String) -> ReportError {
    ReportError::Damaged {
        path: path.to_path_buf(),
        at,
        column: column.map(str::to_string),
        reason,
    }
}

fn io_error(operation: &'static str, path: &Path) -> impl FnOnce(io::Error) -> ReportError {
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
    let parquet = parquet
        .exists()
        .then(|| read_parquet(&parquet))
        .transpose()?;
    let csv = csv.exists().then(|| read_csv(&csv)).transpose()?;
    // The table read on is checked row by row; the other one, if any, must equal it (and
    // is checked row by row only when it does not, for the more precise message).
    check_rows(parquet.as_ref().or(csv.as_ref()).expect("a table was read"))?;
    let manifest = read_checked_manifest(directory, &manifest_path)?;
    for table in parquet.iter().chain(&csv) {
        check_against_manifest(table, &manifest, &manifest_path)?;
    }
    if let (Some(parquet), Some(csv)) = (&parquet, &csv)
        && let Err(disagreement) = agree(parquet, csv)
    {
        check_rows(csv)?;
        return Err(disagreement);
    }
    let table = parquet.or(csv).expect("a table was read");
    check_against_experiment(directory, &table, &manifest)?;
    Ok(ResultsFolder {
        path: directory.to_path_buf(),
        manifest,
        table: table.path,
        frame: table.frame,
    })
}

// ---------------------------------------------------------------------------------------
// Parquet

fn read_parquet(path: &Path) -> Result<Table, ReportError> {
    let file = File::open(path).map_err(io_error("read", path))?;
    let frame =
        ParquetReader::new(file)
            .finish()
            .map_err(|error| match polars_io_error(&error) {
                Some(source) => io_error("read", path)(source),
                None => damaged(
                    path,
                    None,
                    None,
                    format!("not a readable Parquet file ({})", polars_message(&error)),
                ),
            })?;
    let table = Table {
        path: path.to_path_buf(),
        frame: DataFrame::empty(),
        lines: None,
    };
    let names: Vec<String> = frame
        .get_column_names()
        .iter()
        .map(|n| n.to_string())
        .collect();
    let specs = header_specs(path, &names, None)?;
    let mut columns = Vec::with_capacity(names.len());
    for (column, spec) in frame.columns().iter().zip(specs) {
        columns.push(typed_parquet_column(&table, column, spec)?);
    }
    let mut frame = DataFrame::new_infer_height(columns)
        .map_err(|e| damaged(path, None, None, polars_message(&e)))?;
    frame.rechunk_mut();
    Ok(Table { frame, ..table })
}

/// A Parquet column in the type of its kind: integers of any width (negative ones, or
/// ones too large, located), texts as texts, numbers as `Float64`.
fn typed_parquet_column(table: &Table, column: &Column, spec: Spec) -> Result<Column, ReportError> {
    let name = column.name().to_string();
    let dtype = column.dtype().clone();
    let wrong_type = || {
        damaged(
            &table.path,
            None,
            Some(&name),
            format!("the column holds {dtype}, not {}", spec.kind.expected()),
        )
    };
    let cast = |c: &Column, to: &DataType| c.cast(to).map_err(|_| wrong_type());
    let column = column.rechunk();
    match spec.kind {
        Kind::Text | Kind::Index => match dtype {
            DataType::String => Ok(column),
            DataType::Null => cast(&column, &DataType::String),
            _ => Err(wrong_type()),
        },
        Kind::U32 | Kind::U64 => {
            if !(dtype.is_integer() || dtype == DataType::Null) {
                return Err(wrong_type());
            }
            let wide = if dtype.is_signed_integer() {
                let signed = cast(&column, &DataType::Int64)?;
                let values = signed.i64().map_err(|_| wrong_type())?;
                if let Some(row) = values.iter().position(|v| v.is_some_and(|v| v < 0)) {
                    let value = values.get(row).unwrap_or_default();
                    return Err(table.error(
                        row,
                        &name,
                        format!("{value} is negative: expected {}", spec.kind.expected()),
                    ));
                }
                cast(&signed, &DataType::UInt64)?
            } else {
                cast(&column, &DataType::UInt64)?
            };
            if spec.kind == Kind::U64 {
                return Ok(wide);
            }
            let values = wide.u64().map_err(|_| wrong_type())?;
            if let Some(row) = values
                .iter()
                .position(|v| v.is_some_and(|v| v > u64::from(u32::MAX)))
            {
                let value = values.get(row).unwrap_or_default();
                return Err(table.error(
                    row,
                    &name,
                    format!("{value} is too large: expected {}", spec.kind.expected()),
                ));
            }
            cast(&wide, &DataType::UInt32)
        }
        Kind::Seconds => {
            if !(dtype.is_primitive_numeric() || dtype == DataType::Null) {
                return Err(wrong_type());
            }
            cast(&column, &DataType::Float64)
        }
    }
}

// ---------------------------------------------------------------------------------------
// CSV

/// The records of a CSV text: comma-separated fields, `"`-quoted where they hold a
/// comma, quote or line end, each record ended by a line end.
struct Records<'a> {
    text: &'a str,
    position: usize,
    line: usize,
}

/// One record: its first line, whether it lacks its line end (the file's last line cut
/// off).
#[derive(Debug)]
struct Record {
    line: usize,
    unterminated: bool,
}

impl<'a> Records<'a> {
    fn new(text: &'a str) -> Self {
        Records {
            text,
            position: 0,
            line: 1,
        }
    }

    /// The next record's fields into `fields`; `None` at the end of the text.
    fn next_into(
        &mut self,
        fields: &mut Vec<Cow<'a, str>>,
    ) -> Result<Option<Record>, (usize, String)> {
        fields.clear();
        if self.position >= self.text.len() {
            return Ok(None);
        }
        let line = self.line;
        let bytes = self.text.as_bytes();
        loop {
            if bytes.get(self.position) == Some(&b'"') {
                let mut value = String::new();
                let mut at = self.position + 1;
                let mut from = at;
                loop {
                    match bytes.get(at) {
                        None => {
                            return Err((
                                line,
                                "a quoted field is not closed: the file is cut off".into(),
                            ));
                        }
                        Some(b'"') if bytes.get(at + 1) == Some(&b'"') => {
                            value.push_str(&self.text[from..=at]);
                            at += 2;
                            from = at;
                        }
                        Some(b'"') => {
                            value.push_str(&self.text[from..at]);
                            at += 1;
                            break;
                        }
                        Some(b'\n') => {
                            self.line += 1;
                            at += 1;
                        }
                        Some(_) => at += 1,
                    }
                }
                fields.push(Cow::Owned(value));
                self.position = at;
            } else {
                let rest = &self.text[self.position..];
                let end = rest.find([',', '\n']).unwrap_or(rest.len());
                let mut field = &rest[..end];
                if rest[end..].starts_with('\n') {
                    field = field.strip_suffix('\r').unwrap_or(field);
                }
                fields.push(Cow::Borrowed(field));
                self.position += end;
            }
            match bytes.get(self.position) {
                Some(b',') => self.position += 1,
                Some(b'\n') => {
                    self.position += 1;
                    self.line += 1;
                    return Ok(Some(Record {
                        line,
                        unterminated: false,
                    }));
                }
                Some(b'\r') if bytes.get(self.position + 1) == Some(&b'\n') => {
                    self.position += 2;
                    self.line += 1;
                    return Ok(Some(Record {
                        line,
                        unterminated: false,
                    }));
                }
                None => {
                    return Ok(Some(Record {
                        line,
                        unterminated: true,
                    }));
                }
                Some(_) => {
                    return Err((
                        self.line,
                        "a quoted field is followed by more text before the next comma".into(),
                    ));
                }
            }
        }
    }
}

/// A column being read from CSV text, in its kind's type.
enum Builder {
    Text(StringChunkedBuilder),
    U32(PrimitiveChunkedBuilder<UInt32Type>),
    U64(PrimitiveChunkedBuilder<UInt64Type>),
    Seconds(PrimitiveChunkedBuilder<Float64Type>),
}

impl Builder {
    fn new(name: &str, kind: Kind, capacity: usize) -> Self {
        let name = name.into();
        match kind {
            Kind::Text | Kind::Index => Builder::Text(StringChunkedBuilder::new(name, capacity)),
            Kind::U32 => Builder::U32(PrimitiveChunkedBuilder::new(name, capacity)),
            Kind::U64 => Builder::U64(PrimitiveChunkedBuilder::new(name, capacity)),
            Kind::Seconds => Builder::Seconds(PrimitiveChunkedBuilder::new(name, capacity)),
        }
    }

    /// Appends `field` (empty: a null), or says why it is not of the column's kind.
    fn push(&mut self, field: &str, kind: Kind) -> Result<(), String> {
        if field.is_empty() {
            match self {
                Builder::Text(b) => b.append_null(),
                Builder::U32(b) => b.append_null(),
                Builder::U64(b) => b.append_null(),
                Builder::Seconds(b) => b.append_null(),
            }
            return Ok(());
        }
        match self {
            Builder::Text(b) => b.append_value(field),
            Builder::U32(b) => {
                b.append_value(parse_count(field, kind, u64::from(u32::MAX))? as u32)
            }
            Builder::U64(b) => b.append_value(parse_count(field, kind, u64::MAX)?),
            Builder::Seconds(b) => b.append_value(
                field
                    .parse::<f64>()
                    .map_err(|_| format!("`{field}` is not {}", kind.expected()))?,
            ),
        }
        Ok(())
    }

    fn finish(self) -> Column {
        match self {
            Builder::Text(b) => b.finish().into_column(),
            Builder::U32(b) => b.finish().into_column(),
            Builder::U64(b) => b.finish().into_column(),
            Builder::Seconds(b) => b.finish().into_column(),
        }
    }
}

/// A count written in decimal, at most `largest`.
fn parse_count(field: &str, kind: Kind, largest: u64) -> Result<u64, String> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Some(magnitude) = field.strip_prefix('-')
        && digits(magnitude)
    {
        return Err(format!("{field} is negative: expected {}", kind.expected()));
    }
    if !digits(field) {
        return Err(format!("`{field}` is not {}", kind.expected()));
    }
    match field.parse::<u64>() {
        Ok(value) if value <= largest => Ok(value),
        _ => Err(format!(
            "{field} is too large: expected {}",
            kind.expected()
        )),
    }
}

fn read_csv(path: &Path) -> Result<Table, ReportError> {
    let bytes = fs::read(path).map_err(io_error("read", path))?;
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        damaged(path, Some(At::Line(line)), None, "not UTF-8 text".into())
    })?;
    let at_line = |line: usize| Some(At::Line(line));
    let mut records = Records::new(text);
    let mut fields = Vec::new();
    let header = records
        .next_into(&mut fields)
        .map_err(|(line, reason)| damaged(path, at_line(line), None, reason))?;
    let Some(header) = header else {
        return Err(damaged(
            path,
            None,
            None,
            "the file is empty: it has no header line".into(),
        ));
    };
    if header.unterminated {
        return Err(damaged(
            path,
            at_line(header.line),
            None,
            "the header line has no line end: the file is cut off".into(),
        ));
    }
    let names: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
    let specs = header_specs(path, &names, Some(header.line))?;
    // A row takes at least one byte per field.
    let capacity = text.len() / (2 * names.len()).max(1);
    let mut builders: Vec<Builder> = names
        .iter()
        .zip(&specs)
        .map(|(name, spec)| Builder::new(name, spec.kind, capacity))
        .collect();
    let mut lines = Vec::with_capacity(capacity);
    loop {
        let record = records
            .next_into(&mut fields)
            .map_err(|(line, reason)| damaged(path, at_line(line), None, reason))?;
        let Some(record) = record else { break };
        if fields.len() != names.len() {
            let reason = if record.unterminated {
                format!(
                    "the last line is cut off: it has {} of the header's {} fields and no line end",
                    fields.len(),
                    names.len()
                )
            } else if fields.len() == 1 && fields[0].is_empty() {
                "the line is empty".to_string()
            } else {
                format!(
                    "the line has {} fields, the header {}",
                    fields.len(),
                    names.len()
                )
            };
            return Err(damaged(path, at_line(record.line), None, reason));
        }
        if record.unterminated {
            return Err(damaged(
                path,
                at_line(record.line),
                None,
                "the last line has no line end: the file is cut off (its last field may be short)"
                    .into(),
            ));
        }
        for ((builder, field), (name, spec)) in builders
            .iter_mut()
            .zip(&fields)
            .zip(names.iter().zip(&specs))
        {
            builder
                .push(field, spec.kind)
                .map_err(|reason| damaged(path, at_line(record.line), Some(name), reason))?;
        }
        lines.push(record.line);
    }
    let columns = builders.into_iter().map(Builder::finish).collect();
    let frame = DataFrame::new_infer_height(columns)
        .map_err(|e| damaged(path, None, None, polars_message(&e)))?;
    Ok(Table {
        path: path.to_path_buf(),
        frame,
        lines: Some(lines),
    })
}

/// The specs of a table's columns `names`, each known and none twice, every required
/// column among them (`line`: the CSV header's line, for messages).
fn header_specs(
    path: &Path,
    names: &[String],
    line: Option<usize>,
) -> Result<Vec<Spec>, ReportError> {
    let at = line.map(At::Line);
    let mut specs = Vec::with_capacity(names.len());
    for (index, name) in names.iter().enumerate() {
        if names[..index].contains(name) {
            return Err(damaged(
                path,
                at,
                Some(name),
                "the column occurs twice".into(),
            ));
        }
        let Some(spec) = spec(name) else {
            return Err(damaged(
                path,
                at,
                Some(name),
                "not a column of a cells table (a damaged header?)".into(),
            ));
        };
        specs.push(spec);
    }
    let missing: Vec<&str> = COLUMNS
        .iter()
        .filter(|c| c.3 && !names.iter().any(|n| n == c.0))
        .map(|c| c.0)
        .collect();
    if !missing.is_empty() {
        return Err(damaged(
            path,
            at,
            None,
            format!(
                "the table lacks the column{} {}",
                if missing.len() == 1 { "" } else { "s" },
                missing.join(", ")
            ),
        ));
    }
    Ok(specs)
}

// ---------------------------------------------------------------------------------------
// Values and rows

/// A typed column of a checked table, if the table has it.
fn numbers<'a, T: PolarsNumericType>(
    frame: &'a DataFrame,
    name: &str,
    get: impl Fn(&'a Column) -> Option<&'a ChunkedArray<T>>,
) -> Option<&'a ChunkedArray<T>> {
    frame.column(name).ok().and_then(get)
}

/// A column's values by row, read from its one array directly where it has one
/// (`ChunkedArray::get` looks for the row's chunk every time: slow in unoptimized builds
/// on tables of a million cells).
struct ByRow<'a, T: PolarsDataType> {
    values: &'a ChunkedArray<T>,
    single: Option<&'a T::Array>,
}

impl<'a, T: PolarsDataType> ByRow<'a, T> {
    fn new(values: &'a ChunkedArray<T>) -> Self {
        let single = (values.chunks().len() == 1)
            .then(|| values.downcast_iter().next())
            .flatten();
        ByRow { values, single }
    }
}

macro_rules! by_row_of_numbers {
    ($($type:ty => $native:ty),*) => {$(
        impl ByRow<'_, $type> {
            fn get(&self, row: usize) -> Option<$native> {
                match self.single {
                    Some(array) => array
                        .validity()
                        .is_none_or(|valid| valid.get_bit(row))
                        .then(|| array.values()[row]),
                    None => self.values.get(row),
                }
            }
        }
    )*};
}

by_row_of_numbers!(UInt32Type => u32, UInt64Type => u64, Float64Type => f64);

impl<'a> ByRow<'a, StringType> {
    fn get(&self, row: usize) -> Option<&'a str> {
        match self.single {
            // The validity through the chunk as `dyn Array` (its type is not exported).
            Some(array) => self.values.chunks()[0]
                .is_valid(row)
                .then(|| array.value(row)),
            None => self.values.get(row),
        }
    }
}

/// Every value of `table` of its column's domain, and every row's values consistent:
/// see the module docs.
fn check_rows(table: &Table) -> Result<(), ReportError> {
    check_values(table)?;
    check_cells(table)
}

/// Column by column: no empty value where none may be, no empty text, indices in
/// decimal, seconds finite and non-negative.
fn check_values(table: &Table) -> Result<(), ReportError> {
    let height = table.frame.height();
    for column in table.frame.columns() {
        let name = column.name().as_str();
        let spec = spec(name).expect("columns were checked");
        if !spec.nullable
            && column.null_count() > 0
            && let Some(row) =
                (0..height).find(|&row| matches!(column.get(row), Ok(AnyValue::Null)))
        {
            return Err(table.error(
                row,
                name,
                format!("the value is empty: expected {}", spec.kind.expected()),
            ));
        }
        match spec.kind {
            Kind::Text | Kind::Index => {
                let values = column.str().expect("typed");
                for (row, value) in values.iter().enumerate() {
                    match value {
                        Some("") => {
                            return Err(table.error(
                                row,
                                name,
                                format!("the value is empty: expected {}", spec.kind.expected()),
                            ));
                        }
                        Some(value)
                            if spec.kind == Kind::Index
                                && !value.bytes().all(|b| b.is_ascii_digit()) =>
                        {
                            return Err(table.error(
                                row,
                                name,
                                format!("`{value}` is not {}", spec.kind.expected()),
                            ));
                        }
                        _ => {}
                    }
                }
            }
            Kind::Seconds => {
                let values = column.f64().expect("typed");
                if let Some((row, value)) = values.iter().enumerate().find_map(|(row, v)| {
                    v.filter(|v| !(v.is_finite() && *v >= 0.0))
                        .map(|v| (row, v))
                }) {
                    return Err(table.error(
                        row,
                        name,
                        format!("{value} is not {}", spec.kind.expected()),
                    ));
                }
            }
            Kind::U32 | Kind::U64 => {}
        }
    }
    Ok(())
}

/// Row by row: `outcome` and `stop` in their domains and `outcome` the one the row's
/// counts and stop give, counts within `tests_run`, the first failure's columns
/// together, branch counts within `branches_total`, no cell twice.
fn check_cells(table: &Table) -> Result<(), ReportError> {
    let frame = &table.frame;
    let height = frame.height();
    let text = |name: &str| {
        frame
            .column(name)
            .ok()
            .map(|c| ByRow::new(c.str().expect("typed")))
    };
    let count = |name: &str| numbers(frame, name, |c| c.u64().ok()).map(ByRow::new);
    let small = |name: &str| numbers(frame, name, |c| c.u32().ok()).map(ByRow::new);
    let seconds = |name: &str| numbers(frame, name, |c| c.f64().ok()).map(ByRow::new);
    let required = "required columns were checked";
    let (outcome, stop) = (
        text("outcome").expect(required),
        text("stop").expect(required),
    );
    let tests_run = count("tests_run").expect(required);
    let failing = count("failing_tests").expect(required);
    let guarded = count("guarded_tests").expect(required);
    let abandoned = count("abandoned_tests");
    let first_failure = count("first_failure").expect(required);
    let index = text("first_failure_index").expect(required);
    let first_cpu = seconds("first_failure_cpu_seconds").expect(required);
    let branches_total = count("branches_total");
    let branches: Vec<(&str, ByRow<UInt64Type>)> = std::iter::once("branches_covered")
        .chain(crate::coverage::curve::CHECKPOINT_COLUMNS)
        .filter_map(|name| count(name).map(|values| (name, values)))
        .collect();
    let stops: HashMap<&str, Stop> = STOPS
        .iter()
        .map(|s| {
            (
                *s,
                serde_json::from_value(serde_json::Value::from(*s)).expect("a stop"),
            )
        })
        .collect();
    // (replicate, phase, run, subject, mutant, n) → the row that holds it.
    let key_text = (
        text("phase").expect(required),
        text("subject").expect(required),
    );
    let (replicate, run, mutant) = (
        small("replicate"),
        small("run").expect(required),
        small("mutant").expect(required),
    );
    let n = count("n").expect(required);
    let mut keys: HashMap<(u32, &str, u32, &str, u32, u64), usize> = HashMap::with_capacity(height);
    for row in 0..height {
        let error = |column: &str, reason: String| table.error(row, column, reason);
        let outcome_value = outcome.get(row).unwrap_or_default();
        if !OUTCOMES.contains(&outcome_value) {
            return Err(error(
                "outcome",
                format!(
                    "`{outcome_value}` is not an outcome ({})",
                    OUTCOMES.join(", ")
                ),
            ));
        }
        let stop_value = stop.get(row).unwrap_or_default();
        let Some(&stop_kind) = stops.get(stop_value) else {
            return Err(error(
                "stop",
                format!(
                    "`{stop_value}` is not a reason to stop ({})",
                    STOPS.join(", ")
                ),
            ));
        };
        let tests = tests_run.get(row).unwrap_or_default();
        let failing_tests = failing.get(row).unwrap_or_default();
        let guarded_tests = guarded.get(row).unwrap_or_default();
        for (name, value) in [
            ("failing_tests", Some(failing_tests)),
            ("guarded_tests", Some(guarded_tests)),
            (
                "abandoned_tests",
                abandoned.as_ref().and_then(|a| a.get(row)),
            ),
        ] {
            if let Some(value) = value.filter(|&v| v > tests) {
                return Err(error(
                    name,
                    format!("{value} is more than the {tests} test cases run (tests_run)"),
                ));
            }
        }
        let first = first_failure.get(row);
        match first {
            Some(first) if first == 0 || first > tests => {
                return Err(error(
                    "first_failure",
                    format!(
                        "{first} is not a position among the {tests} test cases run (1 to tests_run)"
                    ),
                ));
            }
            Some(_) if failing_tests == 0 => {
                return Err(error(
                    "first_failure",
                    "a first failure, but failing_tests is 0".into(),
                ));
            }
            None if failing_tests > 0 => {
                return Err(error(
                    "first_failure",
                    format!("the value is empty, but failing_tests is {failing_tests}"),
                ));
            }
            _ => {}
        }
        for (name, present) in [
            ("first_failure_index", index.get(row).is_some()),
            ("first_failure_cpu_seconds", first_cpu.get(row).is_some()),
        ] {
            if present != first.is_some() {
                return Err(error(
                    name,
                    if present {
                        "a value, but first_failure is empty".into()
                    } else {
                        "the value is empty, but first_failure is not".into()
                    },
                ));
            }
        }
        let mut result = JobResult::lost(stop_kind, 0.0);
        result.failing_tests = failing_tests;
        result.guarded_tests = guarded_tests;
        let expected = result.outcome();
        if outcome_value != expected {
            return Err(error(
                "outcome",
                format!(
                    "`{outcome_value}` contradicts the cell's counts and stop (failing_tests {failing_tests}, guarded_tests {guarded_tests}, stop `{stop_value}` give `{expected}`)"
                ),
            ));
        }
        let total = branches_total.as_ref().and_then(|b| b.get(row));
        for (name, values) in &branches {
            match (values.get(row), total) {
                (Some(covered), Some(total)) if covered > total => {
                    return Err(error(
                        name,
                        format!(
                            "{covered} is more than the unit's {total} branches (branches_total)"
                        ),
                    ));
                }
                (Some(_), None) => {
                    return Err(error(name, "a value, but branches_total is empty".into()));
                }
                _ => {}
            }
        }
        let key = (
            replicate.as_ref().and_then(|r| r.get(row)).unwrap_or(0),
            key_text.0.get(row).unwrap_or_default(),
            run.get(row).unwrap_or_default(),
            key_text.1.get(row).unwrap_or_default(),
            mutant.get(row).unwrap_or_default(),
            n.get(row).unwrap_or_default(),
        );
        if let Some(earlier) = keys.insert(key, row) {
            return Err(table.error(
                row,
                "phase",
                format!(
                    "the cell (replicate {}, phase {}, run {}, subject {}, mutant {}, n {}) is already at {}",
                    key.0, key.1, key.2, key.3, key.4, key.5,
                    table.at(earlier)
                ),
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Manifest

fn read_checked_manifest(directory: &Path, path: &Path) -> Result<Manifest, ReportError> {
    let text = fs::read_to_string(path).map_err(|source| {
        if source.kind() == io::ErrorKind::InvalidData {
            damaged(path, None, None, "not UTF-8 text".into())
        } else {
            io_error("read", path)(source)
        }
    })?;
    let manifest = parse_manifest(&text).map_err(|e| {
        damaged(
            path,
            Some(At::Line(e.line())),
            None,
            format!("not a testspace manifest: {}", serde_message(&e)),
        )
    })?;
    let wrong = |reason: String| damaged(path, None, None, reason);
    if manifest.finished.is_none() {
        return Err(ReportError::Unfinished {
            path: directory.to_path_buf(),
        });
    }
    if manifest.replicates == 0 {
        return Err(wrong("`replicates` is 0".into()));
    }
    let hex = |s: &str| s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit());
    if !hex(&manifest.experiment_sha256) {
        return Err(wrong(format!(
            "`experiment_sha256` is `{}`, not a SHA-256 in hex",
            manifest.experiment_sha256
        )));
    }
    for (field, value) in [
        ("experiment", &manifest.experiment),
        ("started", &manifest.started),
    ] {
        if value.is_empty() {
            return Err(wrong(format!("`{field}` is empty")));
        }
    }
    Ok(manifest)
}

/// serde's message without the position it appends (the error is located by line).
fn serde_message(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    text.strip_suffix(&suffix).unwrap_or(&text).to_string()
}

fn check_against_manifest(
    table: &Table,
    manifest: &Manifest,
    manifest_path: &Path,
) -> Result<(), ReportError> {
    let height = table.frame.height();
    if let Some(cells) = manifest.cells
        && cells != height as u64
    {
        return Err(damaged(
            &table.path,
            None,
            None,
            format!(
                "it holds {height} cells, but {} records {cells}: rows were {}",
                manifest_path.display(),
                if (height as u64) < cells {
                    "lost"
                } else {
                    "added"
                }
            ),
        ));
    }
    if let Some(replicate) = numbers(&table.frame, "replicate", |c| c.u32().ok())
        && let Some(row) = replicate
            .iter()
            .position(|r| r.is_some_and(|r| r >= manifest.replicates))
    {
        return Err(table.error(
            row,
            "replicate",
            format!(
                "replicate {} of a run of {} replicates ({})",
                replicate.get(row).unwrap_or_default(),
                manifest.replicates,
                manifest_path.display()
            ),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The two tables

/// The first difference between the two tables of a folder, if any.
fn agree(parquet: &Table, csv: &Table) -> Result<(), ReportError> {
    let disagree = |detail: String| ReportError::Disagree {
        csv: csv.path.clone(),
        parquet: parquet.path.clone(),
        detail,
    };
    let names = |t: &Table| -> Vec<String> {
        t.frame
            .get_column_names()
            .iter()
            .map(|n| n.to_string())
            .collect()
    };
    let (p, c) = (names(parquet), names(csv));
    if let Some(name) = p.iter().find(|n| !c.contains(n)) {
        return Err(disagree(format!(
            "the column `{name}` is only in {PARQUET}"
        )));
    }
    if let Some(name) = c.iter().find(|n| !p.contains(n)) {
        return Err(disagree(format!("the column `{name}` is only in {CSV}")));
    }
    let (hp, hc) = (parquet.frame.height(), csv.frame.height());
    if hp != hc {
        // Where a row was lost or added: the first row that is not the same in both.
        let same = |row: usize| {
            p.iter().all(|name| {
                let (a, b) = (
                    parquet.frame.column(name).expect("listed"),
                    csv.frame.column(name).expect("listed"),
                );
                a.get(row).ok() == b.get(row).ok()
            })
        };
        let first = (0..hp.min(hc))
            .find(|&row| !same(row))
            .unwrap_or(hp.min(hc));
        let place = |table: &Table| {
            if first < table.frame.height() {
                table.at(first).to_string()
            } else {
                "its end".to_string()
            }
        };
        return Err(disagree(format!(
            "{PARQUET} holds {hp} cells, {CSV} {hc}; they part at {} of {CSV} ({} of {PARQUET})",
            place(csv),
            place(parquet)
        )));
    }
    for name in &p {
        let (a, b) = (
            parquet.frame.column(name).expect("listed"),
            csv.frame.column(name).expect("listed"),
        );
        if a.equals_missing(b) {
            continue;
        }
        let differs = |row: &usize| a.get(*row).ok() != b.get(*row).ok();
        let Some(row) = (0..hp).find(differs) else {
            continue;
        };
        let rows = (0..hp).filter(differs).count();
        let shown = |v: Result<AnyValue<'_>, _>| match v {
            Ok(AnyValue::Null) => "empty".to_string(),
            Ok(AnyValue::String(s)) => format!("`{s}`"),
            Ok(v) => format!("`{v}`"),
            Err(_) => "?".to_string(),
        };
        return Err(disagree(format!(
            "column `{name}` at {} of {CSV} ({} of {PARQUET}): {} in {CSV}, {} in {PARQUET}{}",
            csv.at(row),
            parquet.at(row),
            shown(b.get(row)),
            shown(a.get(row)),
            if rows > 1 {
                format!(" ({rows} rows differ in this column)")
            } else {
                String::new()
            }
        )));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The experiment

/// The phases of a recorded experiment file: name, and each run's cell name (its label,
/// else its strategy); and its subjects if it lists them (for the manifest's profile).
struct Outline {
    phases: Vec<(String, Vec<String>)>,
    subjects: Option<BTreeSet<String>>,
}

fn outline(path: &Path, text: &str, profile: &str) -> Result<Outline, ReportError> {
    let table: toml::Table = toml::from_str(text).map_err(|e| {
        let line = e
            .span()
            .map(|span| text[..span.start.min(text.len())].matches('\n').count() + 1);
        damaged(
            path,
            line.map(At::Line),
            None,
            format!("not valid TOML: {}", e.message()),
        )
    })?;
    let wrong = |reason: String| damaged(path, None, None, reason);
    let phases = table
        .get("phase")
        .and_then(toml::Value::as_array)
        .ok_or_else(|| wrong("it has no [[phase]]".into()))?;
    let mut outline = Vec::with_capacity(phases.len());
    for (p, phase) in phases.iter().enumerate() {
        let name = phase
            .get("name")
            .and_then(toml::Value::as_str)
            .ok_or_else(|| wrong(format!("phase[{p}] has no name")))?;
        let runs = phase
            .get("run")
            .and_then(toml::Value::as_array)
            .ok_or_else(|| wrong(format!("phase[{p}] has no [[phase.run]]")))?;
        let mut names = Vec::with_capacity(runs.len());
        for (r, run) in runs.iter().enumerate() {
            let name = run
                .get("label")
                .or_else(|| run.get("strategy"))
                .and_then(toml::Value::as_str)
                .ok_or_else(|| wrong(format!("phase[{p}].run[{r}] has no strategy")))?;
            names.push(name.to_string());
        }
        outline.push((name.to_string(), names));
    }
    // `subjects`: "all", a list, or a table by profile of either.
    let mut subjects = table.get("subjects");
    if let Some(toml::Value::Table(by_profile)) = subjects {
        subjects = by_profile
            .get(profile)
            .or_else(|| by_profile.get("default"));
    }
    let subjects = subjects.and_then(toml::Value::as_array).map(|list| {
        list.iter()
            .filter_map(toml::Value::as_str)
            .map(str::to_string)
            .collect()
    });
    Ok(Outline {
        phases: outline,
        subjects,
    })
}

/// Every cell's phase, run, strategy and subject are the recorded experiment's, when the
/// folder holds it.
fn check_against_experiment(
    directory: &Path,
    table: &Table,
    manifest: &Manifest,
) -> Result<(), ReportError> {
    let path = directory.join(EXPERIMENT);
    let text = match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(io_error("read", &path)(e)),
    };
    let outline = outline(&path, &text, &manifest.profile)?;
    let frame = &table.frame;
    let text_of = |name: &str| frame.column(name).expect("required").str().expect("typed");
    let (phase, strategy, subject) = (text_of("phase"), text_of("strategy"), text_of("subject"));
    let run = frame.column("run").expect("required").u32().expect("typed");
    let listed = |names: &[String]| {
        names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let phase_names: Vec<String> = outline.phases.iter().map(|p| p.0.clone()).collect();
    for row in 0..frame.height() {
        let phase_value = phase.get(row).unwrap_or_default();
        let Some((_, runs)) = outline.phases.iter().find(|p| p.0 == phase_value) else {
            return Err(table.error(
                row,
                "phase",
                format!(
                    "`{phase_value}` is not a phase of {} ({})",
                    path.display(),
                    listed(&phase_names)
                ),
            ));
        };
        let r = run.get(row).unwrap_or_default() as usize;
        let Some(expected) = runs.get(r) else {
            return Err(table.error(
                row,
                "run",
                format!(
                    "phase `{phase_value}` of {} has {} run{}, no run {r}",
                    path.display(),
                    runs.len(),
                    if runs.len() == 1 { "" } else { "s" }
                ),
            ));
        };
        let strategy_value = strategy.get(row).unwrap_or_default();
        if strategy_value != expected {
            return Err(table.error(
                row,
                "strategy",
                format!(
                    "`{strategy_value}` is not run {r} of phase `{phase_value}` in {} (`{expected}`)",
                    path.display()
                ),
            ));
        }
        let subject_value = subject.get(row).unwrap_or_default();
        if let Some(subjects) = &outline.subjects
            && !subjects.contains(subject_value)
        {
            return Err(table.error(
                row,
                "subject",
                format!(
                    "`{subject_value}` is not a subject of {} ({})",
                    path.display(),
                    listed(&subjects.iter().cloned().collect::<Vec<_>>())
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed fixture folder (Parquet and CSV, experiment, manifest without a cell
    /// count).
    const REGISTER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/results/register");

    /// A copy of the register folder with `csv` as its only table and its manifest edited
    /// by `manifest`.
    fn folder(csv: &str, manifest: impl Fn(&str) -> String) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let from = Path::new(REGISTER);
        fs::copy(from.join(EXPERIMENT), dir.path().join(EXPERIMENT)).unwrap();
        let text = fs::read_to_string(from.join(MANIFEST)).unwrap();
        fs::write(dir.path().join(MANIFEST), manifest(&text)).unwrap();
        fs::write(dir.path().join(CSV), csv).unwrap();
        dir
    }

    fn register_csv() -> String {
        fs::read_to_string(Path::new(REGISTER).join(CSV)).unwrap()
    }

    /// The message of opening a copy of the register folder whose CSV table is `csv`.
    fn refused(csv: &str) -> String {
        let dir = folder(csv, str::to_string);
        let message = open(dir.path()).unwrap_err().to_string();
        let prefix = format!("{}, ", dir.path().join(CSV).display());
        message
            .strip_prefix(&prefix)
            .unwrap_or_else(|| panic!("names the file: {message}"))
            .to_string()
    }

    /// `register_csv()` with the field `column` of data line `line` (2 = first row) set to
    /// `value`.
    fn with_field(line: usize, column: &str, value: &str) -> String {
        let text = register_csv();
        let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
        let at = header.iter().position(|h| *h == column).unwrap();
        let lines: Vec<String> = text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                if i + 1 == line {
                    let mut fields: Vec<&str> = l.split(',').collect();
                    fields[at] = value;
                    fields.join(",")
                } else {
                    l.to_string()
                }
            })
            .collect();
        lines.join("\n") + "\n"
    }

    #[test]
    fn the_committed_folder_is_read_from_parquet_and_agrees_with_its_csv() {
        let folder = open(Path::new(REGISTER)).unwrap();
        assert_eq!(folder.frame.height(), 35);
        assert!(folder.table.ends_with(PARQUET));
        assert_eq!(folder.manifest.cells, None, "written before the count");
        let csv_only = super::tests::folder(&register_csv(), str::to_string);
        let read = open(csv_only.path()).unwrap();
        assert!(read.frame.equals_missing(&folder.frame));
    }

    #[test]
    fn records_follow_quotes_and_line_ends() {
        let text = "a,b\r\n\"x,\"\"y\"\"\",2\n\"two\nlines\",3\nlast,4";
        let mut records = Records::new(text);
        let mut fields = Vec::new();
        let mut seen = Vec::new();
        while let Some(record) = records.next_into(&mut fields).unwrap() {
            seen.push((record.line, record.unterminated, fields.join("|")));
        }
        assert_eq!(
            seen,
            [
                (1, false, "a|b".to_string()),
                (2, false, "x,\"y\"|2".to_string()),
                (3, false, "two\nlines|3".to_string()),
                (5, true, "last|4".to_string()),
            ]
        );
        let mut open_quote = Records::new("\"cut");
        assert_eq!(open_quote.next_into(&mut fields).unwrap_err().0, 1);
    }

    #[test]
    fn a_table_cut_off_mid_row_is_refused_at_its_last_line() {
        let text = register_csv();
        let cut = &text[..text.len() - 30];
        assert_eq!(
            refused(cut),
            "line 36: the last line is cut off: it has 16 of the header's 18 fields and no line end"
        );
        // Cut in the last field: every field there, but no line end.
        let cut = &text[..text.len() - 3];
        assert!(
            refused(cut).starts_with("line 36: the last line has no line end"),
            "{}",
            refused(cut)
        );
        assert_eq!(
            refused(&(text.clone() + "\n")),
            "line 37: the line is empty"
        );
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines[2].push_str(",1");
        assert_eq!(
            refused(&(lines.join("\n") + "\n")),
            "line 3: the line has 19 fields, the header 18"
        );
    }

    #[test]
    fn a_value_of_the_wrong_type_is_located_without_advice() {
        assert_eq!(
            refused(&with_field(4, "tests_run", "4x")),
            "line 4, column `tests_run`: `4x` is not a count (a non-negative integer)"
        );
        assert_eq!(
            refused(&with_field(4, "failing_tests", "-1")),
            "line 4, column `failing_tests`: -1 is negative: expected a count (a non-negative integer)"
        );
        assert_eq!(
            refused(&with_field(2, "cpu_seconds", "NaN")),
            "line 2, column `cpu_seconds`: NaN is not seconds (a finite non-negative number)"
        );
        assert_eq!(
            refused(&with_field(2, "first_failure_index", "12a")),
            "line 2, column `first_failure_index`: `12a` is not a test-case index (decimal digits)"
        );
        assert_eq!(
            refused(&with_field(3, "mutant", "")),
            "line 3, column `mutant`: the value is empty: expected a count (an integer from 0 to 4294967295)"
        );
    }

    #[test]
    fn values_outside_their_domain_are_refused() {
        assert_eq!(
            refused(&with_field(2, "outcome", "kiled")),
            "line 2, column `outcome`: `kiled` is not an outcome (killed, survived, timeout, crash)"
        );
        assert!(refused(&with_field(2, "stop", "failed")).starts_with(
            "line 2, column `stop`: `failed` is not a reason to stop (failure, exhausted"
        ));
        // A valid outcome that the counts contradict.
        assert_eq!(
            refused(&with_field(6, "outcome", "killed")),
            "line 6, column `outcome`: `killed` contradicts the cell's counts and stop \
             (failing_tests 0, guarded_tests 0, stop `budget` give `survived`)"
        );
        assert_eq!(
            refused(&with_field(2, "first_failure", "12")),
            "line 2, column `first_failure`: 12 is not a position among the 11 test cases run \
             (1 to tests_run)"
        );
        assert_eq!(
            refused(&with_field(2, "failing_tests", "0")),
            "line 2, column `first_failure`: a first failure, but failing_tests is 0"
        );
        // Line 3 made a copy of line 2's cell.
        assert_eq!(
            refused(&with_field(3, "n", "4")),
            "line 3, column `phase`: the cell (replicate 0, phase equivalence, run 0, subject \
             Register, mutant 1, n 4) is already at line 2"
        );
    }

    #[test]
    fn a_damaged_header_is_named() {
        let text = register_csv();
        assert_eq!(
            refused(&text.replacen("outcome", "outcom", 1)),
            "line 1, column `outcom`: not a column of a cells table (a damaged header?)"
        );
        assert_eq!(
            refused(&text.replacen("phase,run,", "phase,phase,", 1)),
            "line 1, column `phase`: the column occurs twice"
        );
        assert_eq!(
            refused("phase,subject\ncomparison,A\n"),
            "line 1: the table lacks the columns run, mutant, operator, strategy, n, test_budget, \
             tests_run, failing_tests, guarded_tests, first_failure, first_failure_index, \
             method_calls, cpu_seconds, first_failure_cpu_seconds, outcome, stop"
        );
    }

    #[test]
    fn the_manifest_must_be_of_a_finished_run_and_count_the_cells() {
        let text = register_csv();
        let unfinished = folder(&text, |m| {
            m.replace(
                "\"finished\": \"2026-11-22T02:24:16Z\"",
                "\"finished\": null",
            )
        });
        assert!(matches!(
            open(unfinished.path()),
            Err(ReportError::Unfinished { .. })
        ));
        let cut = folder(&text, |m| m[..m.len() / 2].to_string());
        let message = open(cut.path()).unwrap_err().to_string();
        let expected = format!("{}, line 8: ", cut.path().join(MANIFEST).display());
        assert!(
            message.starts_with(&expected)
                && message.contains("not a testspace manifest: EOF while parsing"),
            "{message}"
        );
        let counted = |cells: u64| {
            move |m: &str| {
                m.replace(
                    "\"jobs\": 2,",
                    &format!("\"jobs\": 2,\n  \"cells\": {cells},"),
                )
            }
        };
        assert!(open(folder(&text, counted(35)).path()).is_ok());
        let lost = folder(&text, counted(36));
        let message = open(lost.path()).unwrap_err().to_string();
        assert!(
            message.ends_with(&format!(
                "cells.csv: it holds 35 cells, but {} records 36: rows were lost",
                lost.path().join(MANIFEST).display()
            )),
            "{message}"
        );
    }

    #[test]
    fn cells_outside_the_recorded_experiment_are_refused() {
        let message = refused(&with_field(2, "phase", "equivalenc"));
        assert!(
            message.starts_with("line 2, column `phase`: `equivalenc` is not a phase of ")
                && message.ends_with("experiment.toml (`equivalence`, `comparison`)"),
            "{message}"
        );
        let message = refused(&with_field(2, "strategy", "be"));
        assert!(
            message
                .starts_with("line 2, column `strategy`: `be` is not run 0 of phase `equivalence`")
                && message.ends_with("(`r`)"),
            "{message}"
        );
        let message = refused(&with_field(2, "run", "7"));
        assert!(message.ends_with("has 2 runs, no run 7"), "{message}");
        let message = refused(&with_field(2, "subject", "Registers"));
        assert!(message.ends_with("(`Register`)"), "{message}");
    }

    #[test]
    fn csv_and_parquet_that_disagree_are_named() {
        let dir = folder(&with_field(5, "tests_run", "23"), str::to_string);
        fs::copy(Path::new(REGISTER).join(PARQUET), dir.path().join(PARQUET)).unwrap();
        let message = open(dir.path()).unwrap_err().to_string();
        assert!(
            message.contains(
                "disagree: column `tests_run` at line 5 of cells.csv (row 4 of \
                 cells.parquet): `23` in cells.csv, `22` in cells.parquet;"
            ),
            "{message}"
        );
        let text = register_csv();
        let mut lines: Vec<&str> = text.lines().collect();
        lines.remove(6);
        fs::write(dir.path().join(CSV), lines.join("\n") + "\n").unwrap();
        let message = open(dir.path()).unwrap_err().to_string();
        assert!(
            message.contains(
                "disagree: cells.parquet holds 35 cells, cells.csv 34; they part \
                 at line 7 of cells.csv (row 6 of cells.parquet)"
            ),
            "{message}"
        );
    }

    #[test]
    fn the_domains_are_those_the_runner_writes() {
        use Stop::*;
        let all = [Failure, Exhausted, Budget, Time, Crash, Guarded, Watchdog];
        for stop in all {
            // Exhaustive: a new stop fails to compile here until it is listed.
            match stop {
                Failure | Exhausted | Budget | Time | Crash | Guarded | Watchdog => {}
            }
            let written = serde_json::to_value(stop).unwrap();
            assert!(STOPS.contains(&written.as_str().unwrap()), "{written}");
            for failing in [0, 1] {
                for guarded in [0, 1] {
                    let mut result = JobResult::lost(stop, 0.0);
                    result.failing_tests = failing;
                    result.guarded_tests = guarded;
                    assert!(OUTCOMES.contains(&result.outcome()));
                }
            }
        }
        assert_eq!(STOPS.len(), all.len());
    }
}
