//! Claims about the Parquet writer and reader: what is written reads back, and polars (an
//! independent implementation) reads what is written and writes what is read.

use std::io::Cursor;

use polars_core::prelude::{AnyValue, DataFrame};
use polars_io::prelude::{ParquetCompression, ParquetReader, ParquetWriter, SerReader};
use proptest::prelude::*;

use super::*;
use crate::table::column::{Column, Values};

fn sample() -> Vec<Column> {
    vec![
        Column::new(
            "phase",
            Values::Text(vec![Some("comparison".into()), None, Some("é".into())]),
        ),
        Column::new("run", Values::U32(vec![Some(0), Some(u32::MAX), None])),
        Column::new("seed", Values::U64(vec![Some(u64::MAX), None, Some(2010)])),
        Column::new("delta", Values::I64(vec![Some(-5), Some(i64::MIN), None])),
        Column::new(
            "cpu_seconds",
            Values::F64(vec![None, Some(0.1), Some(-0.0)]),
        ),
        Column::new("killed", Values::Bool(vec![Some(true), None, Some(false)])),
    ]
}

fn written(columns: &[Column]) -> Vec<u8> {
    let mut bytes = Vec::new();
    write_parquet(columns, &mut bytes).unwrap();
    bytes
}

fn value_strings(frame: &DataFrame) -> Vec<Vec<String>> {
    frame
        .columns()
        .iter()
        .map(|c| {
            (0..c.len())
                .map(|i| match c.get(i).unwrap() {
                    AnyValue::Null => "null".to_string(),
                    AnyValue::String(s) => s.to_string(),
                    v => v.to_string(),
                })
                .collect()
        })
        .collect()
}

fn our_strings(columns: &[Column]) -> Vec<Vec<String>> {
    fn show<T: ToString>(v: &[Option<T>]) -> Vec<String> {
        v.iter()
            .map(|x| x.as_ref().map_or("null".into(), T::to_string))
            .collect()
    }
    columns
        .iter()
        .map(|c| match &c.values {
            Values::U32(v) => show(v),
            Values::U64(v) => show(v),
            Values::I64(v) => show(v),
            Values::F64(v) => v
                .iter()
                .map(|x| x.map_or("null".into(), |x| format!("{x:?}")))
                .collect(),
            Values::Text(v) => show(v),
            Values::Bool(v) => show(v),
        })
        .collect()
}

#[test]
fn a_written_table_reads_back_equal() {
    let columns = sample();
    assert_eq!(read_parquet(&written(&columns)).unwrap(), columns);
}

#[test]
fn polars_reads_what_is_written_with_the_same_names_types_and_values() {
    let columns = sample();
    let frame = ParquetReader::new(Cursor::new(written(&columns)))
        .finish()
        .unwrap();
    let names: Vec<String> = frame
        .get_column_names()
        .iter()
        .map(|n| n.to_string())
        .collect();
    assert_eq!(
        names,
        ["phase", "run", "seed", "delta", "cpu_seconds", "killed"]
    );
    let types: Vec<String> = frame.dtypes().iter().map(|t| t.to_string()).collect();
    assert_eq!(types, ["str", "u32", "u64", "i64", "f64", "bool"]);
    assert_eq!(value_strings(&frame), our_strings(&columns));
}

#[test]
fn what_polars_writes_uncompressed_or_gzip_reads_back_equal() {
    let mut columns = sample();
    // Long enough for polars to dictionary-encode the repeated texts.
    for column in &mut columns {
        let rows = column.values.clone();
        for _ in 0..400 {
            match (&mut column.values, &rows) {
                (Values::Text(v), Values::Text(r)) => v.extend(r.iter().cloned()),
                (Values::U32(v), Values::U32(r)) => v.extend(r.iter().cloned()),
                (Values::U64(v), Values::U64(r)) => v.extend(r.iter().cloned()),
                (Values::I64(v), Values::I64(r)) => v.extend(r.iter().cloned()),
                (Values::F64(v), Values::F64(r)) => v.extend(r.iter().cloned()),
                (Values::Bool(v), Values::Bool(r)) => v.extend(r.iter().cloned()),
                _ => unreachable!(),
            }
        }
    }
    let mut frame = ParquetReader::new(Cursor::new(written(&columns)))
        .finish()
        .unwrap();
    for compression in [
        ParquetCompression::Uncompressed,
        ParquetCompression::Gzip(None),
    ] {
        let mut bytes = Vec::new();
        ParquetWriter::new(&mut bytes)
            .with_compression(compression)
            .finish(&mut frame)
            .unwrap();
        assert_eq!(read_parquet(&bytes).unwrap(), columns, "{compression:?}");
    }
    let mut zstd = Vec::new();
    ParquetWriter::new(&mut zstd).finish(&mut frame).unwrap();
    let refused = read_parquet(&zstd).unwrap_err().to_string();
    assert!(refused.contains("ZSTD"), "{refused}");
}

#[test]
fn columns_of_unequal_length_or_none_are_refused() {
    let mut columns = sample();
    columns.push(Column::new("short", Values::U32(vec![Some(1)])));
    let error = write_parquet(&columns, Vec::new()).unwrap_err().to_string();
    assert_eq!(
        error,
        "cannot encode the table: column `short` has 1 rows, `phase` 3"
    );
    assert!(write_parquet(&[], Vec::new()).is_err());
}

#[test]
fn damaged_files_are_errors_not_panics() {
    let bytes = written(&sample());
    for cut in [0, 3, 11, bytes.len() / 2, bytes.len() - 9, bytes.len() - 1] {
        let mut damaged = bytes[..cut].to_vec();
        damaged.extend_from_slice(&bytes[bytes.len() - 8..]);
        let _ = read_parquet(&damaged);
    }
    for at in (0..bytes.len()).step_by(7) {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0x5A;
        let _ = read_parquet(&damaged);
    }
    assert!(read_parquet(b"PAR1PAR1").is_err());
}

fn values_strategy() -> impl Strategy<Value = Values> {
    let rows = 0..300usize;
    prop_oneof![
        prop::collection::vec(any::<Option<u32>>(), rows.clone()).prop_map(Values::U32),
        prop::collection::vec(any::<Option<u64>>(), rows.clone()).prop_map(Values::U64),
        prop::collection::vec(any::<Option<i64>>(), rows.clone()).prop_map(Values::I64),
        prop::collection::vec(any::<Option<bool>>(), rows.clone()).prop_map(Values::Bool),
        prop::collection::vec(prop::option::of("[a-zé ]{0,12}"), rows).prop_map(Values::Text),
    ]
}

proptest! {
    #[test]
    fn any_column_reads_back_equal(values in values_strategy(), name in "[a-z_]{1,20}") {
        let columns = vec![Column::new(name, values)];
        prop_assert_eq!(read_parquet(&written(&columns)).unwrap(), columns);
    }

    #[test]
    fn any_numbers_read_back_bit_for_bit(bits in prop::collection::vec(prop::option::of(any::<u64>()), 0..200)) {
        let values = Values::F64(bits.iter().map(|b| b.map(f64::from_bits)).collect());
        let read = read_parquet(&written(&[Column::new("x", values)])).unwrap();
        let Values::F64(read) = &read[0].values else { panic!("a number column") };
        let read: Vec<Option<u64>> = read.iter().map(|v| v.map(f64::to_bits)).collect();
        prop_assert_eq!(read, bits);
    }
}
