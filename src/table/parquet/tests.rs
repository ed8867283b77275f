//! Claims about the Parquet writer and reader: what is written reads back; what polars
//! (an independent implementation) wrote reads as written (fixtures); and the writer
//! writes the file that Python's polars is checked to read in CI
//! (`notebooks/check_parquet.py`).

use std::path::{Path, PathBuf};

use proptest::prelude::*;

use super::*;
use crate::table::column::{Column, Values};

fn sample() -> Vec<Column> {
    vec![
        Column::new(
            "phase",
            Values::from(vec![Some("comparison"), None, Some("é")]),
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

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/table")
        .join(name)
}

/// [`sample`] repeated 401 times, as the polars fixtures hold it.
fn repeated() -> Vec<Column> {
    let mut columns = sample();
    for column in &mut columns {
        let rows = column.values.clone();
        for _ in 0..400 {
            match (&mut column.values, &rows) {
                (Values::Text(v), Values::Text(r)) => v.extend(r.iter()),
                (Values::U32(v), Values::U32(r)) => v.extend(r.iter().cloned()),
                (Values::U64(v), Values::U64(r)) => v.extend(r.iter().cloned()),
                (Values::I64(v), Values::I64(r)) => v.extend(r.iter().cloned()),
                (Values::F64(v), Values::F64(r)) => v.extend(r.iter().cloned()),
                (Values::Bool(v), Values::Bool(r)) => v.extend(r.iter().cloned()),
                _ => unreachable!(),
            }
        }
    }
    columns
}

#[test]
fn a_written_table_reads_back_equal() {
    let columns = sample();
    assert_eq!(read_parquet(&written(&columns)).unwrap(), columns);
}

#[test]
fn the_writer_writes_the_file_python_polars_is_checked_to_read() {
    // notebooks/check_parquet.py reads this file with Python's polars in CI and checks
    // its names, types and values against testspace-sample.csv.
    let (parquet, csv) = (
        fixture("testspace-sample.parquet"),
        fixture("testspace-sample.csv"),
    );
    if std::env::var_os("TESTSPACE_REWRITE_FIXTURES").is_some() {
        std::fs::write(&parquet, written(&sample())).unwrap();
        let table = crate::table::Table::new(sample());
        std::fs::write(&csv, crate::table::csv_text(&table)).unwrap();
    }
    let committed = std::fs::read(&parquet).unwrap();
    assert!(
        written(&sample()) == committed,
        "the writer's output changed: rewrite testdata/table/testspace-sample.parquet \
         (TESTSPACE_REWRITE_FIXTURES=1) and check it with notebooks/check_parquet.py"
    );
}

#[test]
fn what_polars_wrote_reads_as_it_was_written() {
    let columns = repeated();
    for codec in ["uncompressed", "gzip", "zstd"] {
        let bytes = std::fs::read(fixture(&format!("polars-{codec}.parquet"))).unwrap();
        assert_eq!(read_parquet(&bytes).unwrap(), columns, "{codec}");
    }
    let snappy = std::fs::read(fixture("polars-snappy.parquet")).unwrap();
    let refused = read_parquet(&snappy).unwrap_err().to_string();
    assert!(refused.contains("SNAPPY"), "{refused}");
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
        prop::collection::vec(prop::option::of("[a-zé ]{0,12}"), rows).prop_map(Values::from),
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
