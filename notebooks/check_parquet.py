"""Checks that Python's polars reads a Parquet file testspace wrote as testspace meant it.

Usage: check_parquet.py FILE.parquet FILE.csv

The Parquet file is testdata/table/testspace-sample.parquet, which the Rust test
`table::parquet::tests::the_writer_writes_the_file_python_polars_is_checked_to_read` keeps
equal to the writer's output; the CSV file is the same table as testspace writes CSV. The
check: the column names, the types (text, unsigned 32- and 64-bit integers, signed 64-bit
integers, 64-bit floats, booleans) and every value, nulls included.
"""

import math
import sys

import polars as pl

EXPECTED_TYPES = {
    "phase": pl.String,
    "run": pl.UInt32,
    "seed": pl.UInt64,
    "delta": pl.Int64,
    "cpu_seconds": pl.Float64,
    "killed": pl.Boolean,
}


def main(parquet_path: str, csv_path: str) -> int:
    table = pl.read_parquet(parquet_path)
    twin = pl.read_csv(csv_path, schema=EXPECTED_TYPES)
    problems = []
    if table.columns != list(EXPECTED_TYPES):
        problems.append(f"columns {table.columns}, expected {list(EXPECTED_TYPES)}")
    for name, dtype in EXPECTED_TYPES.items():
        if name in table.columns and table.schema[name] != dtype:
            problems.append(f"column {name} reads as {table.schema[name]}, expected {dtype}")
    if table.height != twin.height:
        problems.append(f"{table.height} rows, the CSV has {twin.height}")
    for name in EXPECTED_TYPES:
        if name not in table.columns:
            continue
        for row, (a, b) in enumerate(zip(table[name].to_list(), twin[name].to_list())):
            same = a == b or (
                isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b)
            )
            if not same:
                problems.append(f"column {name}, row {row + 1}: {a!r} in Parquet, {b!r} in CSV")
    for problem in problems:
        print(f"{parquet_path}: {problem}", file=sys.stderr)
    if not problems:
        print(f"{parquet_path}: {table.height} rows of {table.width} columns read as written")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
