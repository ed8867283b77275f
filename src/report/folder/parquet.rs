//! `cells.parquet` read into a [`TableFile`]: its header checked, each column converted
//! to its kind's type (a value out of the type's range located by row).

use std::fs;
use std::path::Path;

use super::columns::{Kind, Spec, header_specs};
use super::{ReportError, TableFile, damaged, io_error};
use crate::table::{Column, Table, Texts, Values, parquet};

/// The Parquet table at `path`, every column in its kind's type.
pub(crate) fn read_parquet(path: &Path) -> Result<TableFile, ReportError> {
    let bytes = fs::read(path).map_err(io_error("read", path))?;
    let columns = parquet::read_parquet(&bytes).map_err(|error| match error {
        parquet::ParquetError::Io(source) => io_error("read", path)(source),
        other => damaged(
            path,
            None,
            None,
            format!("not a readable Parquet file ({other})"),
        ),
    })?;
    let mut file = TableFile {
        path: path.to_path_buf(),
        table: Table::default(),
        lines: None,
    };
    let names: Vec<String> = columns.iter().map(|c| c.name.clone()).collect();
    let specs = header_specs(path, &names, None)?;
    let mut typed = Vec::with_capacity(columns.len());
    for (column, spec) in columns.into_iter().zip(specs) {
        typed.push(typed_column(&file, column, spec)?);
    }
    file.table = Table::new(typed);
    Ok(file)
}

/// A Parquet column in the type of its kind: integers of any width (negative ones, or
/// ones too large, located), texts as texts, numbers as numbers; a column of nulls only
/// as nulls of the kind's type.
fn typed_column(file: &TableFile, column: Column, spec: Spec) -> Result<Column, ReportError> {
    let Column { name, values } = column;
    let rows = values.len();
    let wrong_type = || {
        damaged(
            &file.path,
            None,
            Some(&name),
            format!(
                "the column holds {}s, not {}",
                values.type_name(),
                spec.kind.expected()
            ),
        )
    };
    let only_nulls = || values.null_count() == rows;
    let typed = match (spec.kind, &values) {
        (Kind::Text | Kind::Index, Values::Text(_)) | (Kind::Seconds, Values::F64(_)) => values,
        (Kind::Text | Kind::Index, _) if only_nulls() => Values::Text(Texts::nulls(rows)),
        (Kind::U32 | Kind::U64, Values::U32(_) | Values::U64(_) | Values::I64(_)) => {
            counts(file, &name, &values, spec.kind)?
        }
        (Kind::U32, _) if only_nulls() => Values::U32(vec![None; rows]),
        (Kind::U64, _) if only_nulls() => Values::U64(vec![None; rows]),
        (Kind::Seconds, Values::U32(_) | Values::U64(_) | Values::I64(_)) => {
            Values::F64(values.to_f64s().map_err(|_| wrong_type())?)
        }
        (Kind::Seconds, _) if only_nulls() => Values::F64(vec![None; rows]),
        _ => return Err(wrong_type()),
    };
    Ok(Column::new(name, typed))
}

/// Integer `values` as counts of `kind` (`U32` or `U64`): the first negative or too
/// large one located.
fn counts(
    file: &TableFile,
    name: &str,
    values: &Values,
    kind: Kind,
) -> Result<Values, ReportError> {
    let largest = if kind == Kind::U32 {
        u64::from(u32::MAX)
    } else {
        u64::MAX
    };
    let mut wide = Vec::with_capacity(values.len());
    for row in 0..values.len() {
        let value = match values {
            Values::U32(v) => v[row].map(u64::from),
            Values::U64(v) => v[row],
            Values::I64(v) => match v[row] {
                Some(x) if x < 0 => {
                    return Err(file.error(
                        row,
                        name,
                        format!("{x} is negative: expected {}", kind.expected()),
                    ));
                }
                x => x.map(|x| x as u64),
            },
            _ => unreachable!("integers only"),
        };
        if let Some(x) = value.filter(|&x| x > largest) {
            return Err(file.error(
                row,
                name,
                format!("{x} is too large: expected {}", kind.expected()),
            ));
        }
        wide.push(value);
    }
    Ok(if kind == Kind::U32 {
        Values::U32(wide.into_iter().map(|v| v.map(|x| x as u32)).collect())
    } else {
        Values::U64(wide)
    })
}
