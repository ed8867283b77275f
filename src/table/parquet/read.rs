//! Reading a Parquet file's columns (the subset of the module's description).

use super::thrift::{Reader, Value};
use super::{MAGIC, ParquetError, codec, converted, encoding, gzip, levels, page, physical, zstd};
use crate::table::column::{Column, Texts, Values};

/// The columns of the Parquet file `bytes`, in schema order. Columns are decoded on as
/// many threads as the machine has cores; the result (and the error of a damaged file:
/// the first in column order) is the same for any number.
pub fn read_parquet(bytes: &[u8]) -> Result<Vec<Column>, ParquetError> {
    let metadata = footer(bytes)?;
    let leaves = schema(&metadata)?;
    let mut groups = Vec::new();
    for group in metadata.list(4, "row groups")? {
        let chunks = group.list(1, "a row group's columns")?;
        if chunks.len() != leaves.len() {
            return Err(format("a row group's columns do not match the schema"));
        }
        let rows = usize::try_from(group.int(3, "a row group's rows")?)
            .map_err(|_| format("a negative row count"))?;
        groups.push((chunks, rows));
    }
    let column = |index: usize| -> Result<Column, ParquetError> {
        let leaf = &leaves[index];
        let mut values = leaf.empty();
        for (chunks, rows) in &groups {
            read_chunk(bytes, &chunks[index], leaf, *rows, &mut values)?;
        }
        Ok(Column::new(leaf.name.clone(), values))
    };
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    crate::kernel::parallel::each_in_parallel(leaves.len(), threads, column)
        .into_iter()
        .collect()
}

fn format(message: &str) -> ParquetError {
    ParquetError::Format(format!("not a Parquet file this reader reads: {message}"))
}

/// The file's metadata, from its footer.
fn footer(bytes: &[u8]) -> Result<Value, ParquetError> {
    let n = bytes.len();
    if n < 12 || &bytes[..4] != MAGIC || &bytes[n - 4..] != MAGIC {
        return Err(ParquetError::Format(
            "not a Parquet file (no PAR1 at its start and end)".into(),
        ));
    }
    let length = u32::from_le_bytes(bytes[n - 8..n - 4].try_into().expect("4 bytes")) as usize;
    let start = (n - 8)
        .checked_sub(length)
        .filter(|&s| s >= 4)
        .ok_or_else(|| format("its footer is longer than the file"))?;
    Ok(Reader::new(&bytes[start..n - 8]).message()?)
}

/// A leaf column of the schema.
struct Leaf {
    name: String,
    physical: i32,
    optional: bool,
    unsigned: bool,
}

impl Leaf {
    fn empty(&self) -> Values {
        match (self.physical, self.unsigned) {
            (physical::INT32, true) => Values::U32(Vec::new()),
            (physical::INT64, true) => Values::U64(Vec::new()),
            (physical::INT32 | physical::INT64, false) => Values::I64(Vec::new()),
            (physical::FLOAT | physical::DOUBLE, _) => Values::F64(Vec::new()),
            (physical::BYTE_ARRAY, _) => Values::Text(Texts::new()),
            _ => Values::Bool(Vec::new()),
        }
    }
}

/// The schema's leaves: a flat table only.
fn schema(metadata: &Value) -> Result<Vec<Leaf>, ParquetError> {
    let elements = metadata.list(2, "the schema")?;
    let (root, leaves) = elements
        .split_first()
        .ok_or_else(|| format("an empty schema"))?;
    if root.int(5, "the number of columns").ok() != Some(leaves.len() as i64) {
        return Err(format("nested columns"));
    }
    leaves.iter().map(leaf).collect()
}

fn leaf(element: &Value) -> Result<Leaf, ParquetError> {
    let name = element.string(4, "a column's name")?;
    let physical = i32::try_from(element.int(1, "a column's type")?).unwrap_or(-1);
    let known = [
        physical::BOOLEAN,
        physical::INT32,
        physical::INT64,
        physical::FLOAT,
        physical::DOUBLE,
        physical::BYTE_ARRAY,
    ];
    if !known.contains(&physical) {
        return Err(format(&format!(
            "column `{name}` has physical type {physical}"
        )));
    }
    let optional = match element.int(3, "a column's repetition")? {
        0 => false,
        1 => true,
        _ => return Err(format(&format!("column `{name}` is repeated"))),
    };
    let converted = element.int(6, "").ok();
    let logical_unsigned = element
        .field(10)
        .and_then(|l| l.field(10))
        .and_then(|i| i.field(2))
        .is_some_and(|signed| *signed == Value::Bool(false));
    let unsigned = logical_unsigned
        || converted.is_some_and(|c| {
            [i64::from(converted::UINT_32), i64::from(converted::UINT_64)].contains(&c)
        });
    Ok(Leaf {
        name,
        physical,
        optional,
        unsigned,
    })
}

/// Appends a column chunk's `rows` values to `out`.
fn read_chunk(
    bytes: &[u8],
    chunk: &Value,
    leaf: &Leaf,
    rows: usize,
    out: &mut Values,
) -> Result<(), ParquetError> {
    let metadata = chunk
        .field(3)
        .ok_or_else(|| format("a column chunk without metadata"))?;
    let codec = metadata.int(4, "a column's codec")?;
    let first = metadata
        .int(11, "")
        .or_else(|_| metadata.int(9, "a column's first page"))?;
    let mut at = usize::try_from(first).map_err(|_| format("a negative offset"))?;
    let mut dictionary: Option<Values> = None;
    let mut read = 0;
    while read < rows {
        let mut reader = Reader::new(
            bytes
                .get(at..)
                .ok_or_else(|| format("a page beyond the file"))?,
        );
        let header = reader.message()?;
        let start = at + reader.position();
        let size = usize::try_from(header.int(3, "a page's size")?)
            .map_err(|_| format("a negative page size"))?;
        let body = bytes
            .get(start..start + size)
            .ok_or_else(|| format("a page beyond the file"))?;
        at = start + size;
        let uncompressed = usize::try_from(header.int(2, "a page's size")?)
            .map_err(|_| format("a negative page size"))?;
        match i32::try_from(header.int(1, "a page's type")?).unwrap_or(-1) {
            page::DICTIONARY => {
                let info = header.field(7).ok_or_else(|| format("a dictionary page"))?;
                let count = count_of(info.int(1, "a dictionary's size")?)?;
                let data = decompress(codec, body, uncompressed)?;
                let mut values = leaf.empty();
                plain(&data, leaf, count, &mut values)?;
                dictionary = Some(values);
            }
            page::DATA => {
                let info = header.field(5).ok_or_else(|| format("a data page"))?;
                check_count(info, rows - read)?;
                let data = decompress(codec, body, uncompressed)?;
                read += data_page_v1(&data, info, leaf, dictionary.as_ref(), out)?;
            }
            page::DATA_V2 => {
                let info = header.field(8).ok_or_else(|| format("a data page"))?;
                check_count(info, rows - read)?;
                read += data_page_v2(
                    body,
                    codec,
                    uncompressed,
                    info,
                    leaf,
                    dictionary.as_ref(),
                    out,
                )?;
            }
            _ => {}
        }
    }
    if read != rows {
        return Err(format("a column holds more values than its row group"));
    }
    Ok(())
}

/// Refuses a data page that claims more values than its row group has left, before
/// anything is allocated for them.
fn check_count(info: &Value, left: usize) -> Result<(), ParquetError> {
    if count_of(info.int(1, "a page's values")?)? > left {
        return Err(format("a page holds more values than its row group"));
    }
    Ok(())
}

fn count_of(n: i64) -> Result<usize, ParquetError> {
    usize::try_from(n).map_err(|_| format("a negative count"))
}

fn decompress(codec: i64, body: &[u8], uncompressed: usize) -> Result<Vec<u8>, ParquetError> {
    match i32::try_from(codec).unwrap_or(-1) {
        codec::UNCOMPRESSED => Ok(body.to_vec()),
        codec::GZIP => gzip::decompress(body, uncompressed).map_err(|m| format(&m)),
        codec::ZSTD => zstd::decompress(body, uncompressed).map_err(|m| format(&m)),
        other => {
            let name = usize::try_from(other)
                .ok()
                .and_then(|i| codec::NAMES.get(i))
                .copied()
                .unwrap_or("unknown");
            Err(format(&format!(
                "pages compressed with {name} (testspace reads UNCOMPRESSED, GZIP and ZSTD)"
            )))
        }
    }
}

/// A version-1 data page: definition levels (if optional) and values; the rows it holds.
fn data_page_v1(
    data: &[u8],
    info: &Value,
    leaf: &Leaf,
    dictionary: Option<&Values>,
    out: &mut Values,
) -> Result<usize, ParquetError> {
    let count = count_of(info.int(1, "a page's values")?)?;
    let (present, rest) = if leaf.optional {
        let length = data
            .get(..4)
            .map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")) as usize)
            .ok_or_else(|| format("a page cut off"))?;
        let levels = data
            .get(4..4 + length)
            .ok_or_else(|| format("a page cut off"))?;
        let present = levels::decode(levels, 1, count).map_err(|m| format(&m))?;
        (present, &data[4 + length..])
    } else {
        (vec![1; count], data)
    };
    let encoding = info.int(2, "a page's encoding")?;
    values_of(rest, encoding, &present, leaf, dictionary, out)?;
    Ok(count)
}

/// A version-2 data page (levels uncompressed ahead of the values); the rows it holds.
fn data_page_v2(
    body: &[u8],
    codec: i64,
    uncompressed: usize,
    info: &Value,
    leaf: &Leaf,
    dictionary: Option<&Values>,
    out: &mut Values,
) -> Result<usize, ParquetError> {
    let count = count_of(info.int(1, "a page's values")?)?;
    let definition = count_of(info.int(5, "a page's levels")?)?;
    let repetition = count_of(info.int(6, "a page's levels")?)?;
    let levels_end = definition + repetition;
    let levels = body
        .get(repetition..levels_end)
        .ok_or_else(|| format("a page cut off"))?;
    let present = if leaf.optional {
        levels::decode(levels, 1, count).map_err(|m| format(&m))?
    } else {
        vec![1; count]
    };
    let compressed = !matches!(info.field(7), Some(Value::Bool(false)));
    let values = &body[levels_end..];
    let values = if compressed {
        let size = uncompressed
            .checked_sub(levels_end)
            .ok_or_else(|| format("a page's levels are longer than the page"))?;
        decompress(codec, values, size)?
    } else {
        values.to_vec()
    };
    let encoding = info.int(4, "a page's encoding")?;
    values_of(&values, encoding, &present, leaf, dictionary, out)?;
    Ok(count)
}

/// Appends the page's values to `out`, a null where `present` is 0.
fn values_of(
    data: &[u8],
    encoding: i64,
    present: &[u32],
    leaf: &Leaf,
    dictionary: Option<&Values>,
    out: &mut Values,
) -> Result<(), ParquetError> {
    let non_null = present.iter().filter(|&&p| p == 1).count();
    let mut page = leaf.empty();
    match i32::try_from(encoding).unwrap_or(-1) {
        encoding::PLAIN => plain(data, leaf, non_null, &mut page)?,
        encoding::PLAIN_DICTIONARY | encoding::RLE_DICTIONARY => {
            let dictionary = dictionary.ok_or_else(|| format("a dictionary page is missing"))?;
            let (&width, indices) = data.split_first().ok_or_else(|| format("a page cut off"))?;
            let indices = levels::decode(indices, width, non_null).map_err(|m| format(&m))?;
            pick(dictionary, &indices, &mut page)?;
        }
        other => return Err(format(&format!("values with encoding {other}"))),
    }
    spread(page, present, out);
    Ok(())
}

/// `count` PLAIN values of the leaf's type, as non-null values.
fn plain(data: &[u8], leaf: &Leaf, count: usize, out: &mut Values) -> Result<(), ParquetError> {
    let cut = || format("a page cut off");
    let fixed = |width: usize| -> Result<std::slice::ChunksExact<'_, u8>, ParquetError> {
        let bytes = data
            .get(..count.checked_mul(width).ok_or_else(cut)?)
            .ok_or_else(cut)?;
        Ok(bytes.chunks_exact(width))
    };
    let word = |c: &[u8]| u32::from_le_bytes(c.try_into().expect("4 bytes"));
    let long = |c: &[u8]| u64::from_le_bytes(c.try_into().expect("8 bytes"));
    match (leaf.physical, out) {
        (physical::INT32, Values::U32(v)) => v.extend(fixed(4)?.map(|c| Some(word(c)))),
        (physical::INT32, Values::I64(v)) => {
            v.extend(fixed(4)?.map(|c| Some(i64::from(word(c) as i32))))
        }
        (physical::INT64, Values::U64(v)) => v.extend(fixed(8)?.map(|c| Some(long(c)))),
        (physical::INT64, Values::I64(v)) => v.extend(fixed(8)?.map(|c| Some(long(c) as i64))),
        (physical::DOUBLE, Values::F64(v)) => {
            v.extend(fixed(8)?.map(|c| Some(f64::from_bits(long(c)))))
        }
        (physical::FLOAT, Values::F64(v)) => {
            v.extend(fixed(4)?.map(|c| Some(f64::from(f32::from_bits(word(c))))))
        }
        (physical::BYTE_ARRAY, Values::Text(v)) => {
            let mut at = 0;
            for _ in 0..count {
                let length = data.get(at..at + 4).map(word).ok_or_else(cut)? as usize;
                let text = data.get(at + 4..at + 4 + length).ok_or_else(cut)?;
                let text =
                    std::str::from_utf8(text).map_err(|_| format("a text that is not UTF-8"))?;
                v.push(Some(text));
                at += 4 + length;
            }
        }
        (physical::BOOLEAN, Values::Bool(v)) => {
            let bytes = data.get(..count.div_ceil(8)).ok_or_else(cut)?;
            v.extend((0..count).map(|i| Some(bytes[i / 8] >> (i % 8) & 1 == 1)));
        }
        _ => return Err(format("a column's values do not match its type")),
    }
    Ok(())
}

/// The dictionary's entries at `indices`.
fn pick(dictionary: &Values, indices: &[u32], out: &mut Values) -> Result<(), ParquetError> {
    fn take<T: Clone>(
        from: &[Option<T>],
        indices: &[u32],
        to: &mut Vec<Option<T>>,
    ) -> Result<(), ParquetError> {
        for &i in indices {
            to.push(
                from.get(i as usize)
                    .cloned()
                    .ok_or_else(|| format("a dictionary index out of range"))?,
            );
        }
        Ok(())
    }
    match (dictionary, out) {
        (Values::U32(d), Values::U32(o)) => take(d, indices, o),
        (Values::U64(d), Values::U64(o)) => take(d, indices, o),
        (Values::I64(d), Values::I64(o)) => take(d, indices, o),
        (Values::F64(d), Values::F64(o)) => take(d, indices, o),
        (Values::Text(d), Values::Text(o)) => {
            for &i in indices {
                let i = i as usize;
                if i >= d.len() {
                    return Err(format("a dictionary index out of range"));
                }
                o.push(d.get(i));
            }
            Ok(())
        }
        (Values::Bool(d), Values::Bool(o)) => take(d, indices, o),
        _ => Err(format("a dictionary of another type")),
    }
}

/// Appends `page`'s non-null values to `out`, with a null wherever `present` is 0.
fn spread(page: Values, present: &[u32], out: &mut Values) {
    fn fill<T>(values: Vec<Option<T>>, present: &[u32], out: &mut Vec<Option<T>>) {
        let mut values = values.into_iter();
        out.extend(present.iter().map(|&p| {
            if p == 1 {
                values.next().flatten()
            } else {
                None
            }
        }));
    }
    match (page, out) {
        (Values::U32(p), Values::U32(o)) => fill(p, present, o),
        (Values::U64(p), Values::U64(o)) => fill(p, present, o),
        (Values::I64(p), Values::I64(o)) => fill(p, present, o),
        (Values::F64(p), Values::F64(o)) => fill(p, present, o),
        (Values::Text(p), Values::Text(o)) => {
            let mut values = p.iter();
            for &p in present {
                o.push(if p == 1 {
                    values.next().flatten()
                } else {
                    None
                });
            }
        }
        (Values::Bool(p), Values::Bool(o)) => fill(p, present, o),
        _ => unreachable!("a page is read in its column's type"),
    }
}
