//! `cells.parquet` read into a [`Table`]: its header checked, each column cast to its
//! kind's type (a value out of the type's range located by row).

use std::fs::File;
use std::path::Path;

use polars_core::prelude::{Column, DataFrame, DataType};
use polars_io::prelude::{ParquetReader, SerReader};

use super::columns::{Kind, Spec, header_specs};
use super::{ReportError, Table, damaged, io_error};
use crate::table::{polars_io_error, polars_message};

/// The Parquet table at `path`, every column in its kind's type.
pub(crate) fn read_parquet(path: &Path) -> Result<Table, ReportError> {
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
