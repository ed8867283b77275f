//! Writing columns as a Parquet file (the subset of the module's description).

use std::io::Write;

use super::thrift::{Value, encode};
use super::{MAGIC, ParquetError, codec, converted, encoding, gzip, levels, page, physical};
use crate::table::column::{Column, Values};

/// Writes `columns` (equally long, at least one) to `out` as one Parquet file.
pub fn write_parquet(columns: &[Column], mut out: impl Write) -> Result<(), ParquetError> {
    let rows = rows_of(columns)?;
    let mut file = MAGIC.to_vec();
    let mut chunks = Vec::with_capacity(columns.len());
    for column in columns {
        let offset = file.len();
        let (header, body, uncompressed) = data_page(&column.values, rows)?;
        file.extend_from_slice(&header);
        file.extend_from_slice(&body);
        chunks.push(column_chunk(
            column,
            rows,
            offset,
            &header,
            &body,
            uncompressed,
        ));
    }
    let total: i64 = chunks.iter().map(|(_, size)| *size).sum();
    let metadata = file_metadata(columns, rows, chunks.into_iter().map(|(c, _)| c), total);
    let mut footer = Vec::new();
    encode(&metadata, &mut footer);
    file.extend_from_slice(&footer);
    file.extend_from_slice(&(footer.len() as u32).to_le_bytes());
    file.extend_from_slice(MAGIC);
    out.write_all(&file)?;
    out.flush()?;
    Ok(())
}

/// The common length of the columns.
fn rows_of(columns: &[Column]) -> Result<usize, ParquetError> {
    let first = columns
        .first()
        .ok_or_else(|| ParquetError::Encoding("a table needs a column".into()))?;
    let rows = first.values.len();
    if let Some(other) = columns.iter().find(|c| c.values.len() != rows) {
        return Err(ParquetError::Encoding(format!(
            "column `{}` has {} rows, `{}` {rows}",
            other.name,
            other.values.len(),
            first.name
        )));
    }
    if i32::try_from(rows).is_err() {
        return Err(ParquetError::Encoding(format!("{rows} rows are too many")));
    }
    Ok(rows)
}

/// One data page (version 1) holding a whole column: its header, its compressed body and
/// the body's uncompressed size.
fn data_page(values: &Values, rows: usize) -> Result<(Vec<u8>, Vec<u8>, usize), ParquetError> {
    let mut definition = Vec::new();
    levels::encode_bits((0..rows).map(|row| !values.is_null(row)), &mut definition);
    let mut plain = Vec::with_capacity(8 + definition.len());
    plain.extend_from_slice(&(definition.len() as u32).to_le_bytes());
    plain.extend_from_slice(&definition);
    plain_values(values, &mut plain);
    let body = gzip::compress(&plain);
    let size = |n: usize| {
        i32::try_from(n)
            .map(Value::I32)
            .map_err(|_| ParquetError::Encoding("a column of more than 2 GiB".into()))
    };
    let header = Value::record([
        (1, Value::I32(page::DATA)),
        (2, size(plain.len())?),
        (3, size(body.len())?),
        (
            5,
            Value::record([
                (1, Value::I32(rows as i32)),
                (2, Value::I32(encoding::PLAIN)),
                (3, Value::I32(encoding::RLE)),
                (4, Value::I32(encoding::RLE)),
            ]),
        ),
    ]);
    let mut bytes = Vec::new();
    encode(&header, &mut bytes);
    Ok((bytes, body, plain.len()))
}

/// The non-null values, PLAIN-encoded.
fn plain_values(values: &Values, out: &mut Vec<u8>) {
    match values {
        Values::U32(v) => v.iter().flatten().for_each(|x| out.extend(x.to_le_bytes())),
        Values::U64(v) => v.iter().flatten().for_each(|x| out.extend(x.to_le_bytes())),
        Values::I64(v) => v.iter().flatten().for_each(|x| out.extend(x.to_le_bytes())),
        Values::F64(v) => v.iter().flatten().for_each(|x| out.extend(x.to_le_bytes())),
        Values::Text(v) => {
            for text in v.iter().flatten() {
                out.extend((text.len() as u32).to_le_bytes());
                out.extend_from_slice(text.as_bytes());
            }
        }
        Values::Bool(v) => {
            let bits: Vec<bool> = v.iter().flatten().copied().collect();
            for byte in bits.chunks(8) {
                out.push(
                    byte.iter()
                        .rev()
                        .fold(0u8, |b, &bit| (b << 1) | u8::from(bit)),
                );
            }
        }
    }
}

/// A column's physical type and its logical annotations (converted type, logical type).
fn types_of(values: &Values) -> (i32, Option<i32>, Option<Value>) {
    let integer = |bits: i8, signed: bool| {
        Value::record([(
            10,
            Value::record([(1, Value::Byte(bits)), (2, Value::Bool(signed))]),
        )])
    };
    match values {
        Values::U32(_) => (
            physical::INT32,
            Some(converted::UINT_32),
            Some(integer(32, false)),
        ),
        Values::U64(_) => (
            physical::INT64,
            Some(converted::UINT_64),
            Some(integer(64, false)),
        ),
        Values::I64(_) => (physical::INT64, None, None),
        Values::F64(_) => (physical::DOUBLE, None, None),
        Values::Text(_) => (
            physical::BYTE_ARRAY,
            Some(converted::UTF8),
            Some(Value::record([(1, Value::record([]))])),
        ),
        Values::Bool(_) => (physical::BOOLEAN, None, None),
    }
}

/// A column chunk's metadata, and its size in the file.
fn column_chunk(
    column: &Column,
    rows: usize,
    offset: usize,
    header: &[u8],
    body: &[u8],
    uncompressed: usize,
) -> (Value, i64) {
    let (physical, _, _) = types_of(&column.values);
    let compressed = (header.len() + body.len()) as i64;
    let metadata = Value::record([
        (1, Value::I32(physical)),
        (
            2,
            Value::List(vec![Value::I32(encoding::PLAIN), Value::I32(encoding::RLE)]),
        ),
        (3, Value::List(vec![Value::text(&column.name)])),
        (4, Value::I32(codec::GZIP)),
        (5, Value::I64(rows as i64)),
        (6, Value::I64((header.len() + uncompressed) as i64)),
        (7, Value::I64(compressed)),
        (9, Value::I64(offset as i64)),
    ]);
    let chunk = Value::record([(2, Value::I64(offset as i64)), (3, metadata)]);
    (chunk, compressed)
}

/// The file's metadata: the schema (a root and one optional leaf per column), one row group.
fn file_metadata(
    columns: &[Column],
    rows: usize,
    chunks: impl Iterator<Item = Value>,
    total: i64,
) -> Value {
    let mut schema = vec![Value::record([
        (4, Value::text("schema")),
        (5, Value::I32(columns.len() as i32)),
    ])];
    for column in columns {
        let (physical, converted, logical) = types_of(&column.values);
        let mut element = vec![
            (1, Value::I32(physical)),
            (3, Value::I32(1)),
            (4, Value::text(&column.name)),
        ];
        element.extend(converted.map(|c| (6, Value::I32(c))));
        element.extend(logical.map(|l| (10, l)));
        schema.push(Value::record(element));
    }
    let row_group = Value::record([
        (1, Value::List(chunks.collect())),
        (2, Value::I64(total)),
        (3, Value::I64(rows as i64)),
    ]);
    Value::record([
        (1, Value::I32(1)),
        (2, Value::List(schema)),
        (3, Value::I64(rows as i64)),
        (4, Value::List(vec![row_group])),
        (6, Value::text("testspace")),
    ])
}
