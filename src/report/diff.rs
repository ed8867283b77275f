//! Whether two cells tables hold the same results: cell by cell, in every column but the
//! CPU-time ones and the crash causes.
//!
//! A cell is identified by its *key columns* ([`KEY_COLUMNS`] that either table has:
//! phase, run, subject, mutant, n, and `replicate` where present); every other column
//! that is not left out ([`is_ignored_column`]: a name ending in `cpu_seconds`, which
//! depends on the machine's speed, and `crash_cause`, the dying worker's words, which
//! depend on the toolchain and the allocator) is compared as text, so a table read from
//! `cells.parquet` and one read from `cells.csv` compare equal when they hold the same
//! values. Pure: the tables come in as tables, the verdict goes out as a [`TableDiff`].

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::ReportError;
use crate::table::Table;

/// The columns that identify a cell, in the order a key is printed.
pub const KEY_COLUMNS: [&str; 6] = ["phase", "run", "replicate", "subject", "mutant", "n"];

/// Whether a column is left out of the comparison: the CPU-time columns and the crash
/// causes (a table that has them and one that does not may still be identical).
pub fn is_ignored_column(name: &str) -> bool {
    name.ends_with("cpu_seconds") || name == "crash_cause"
}

/// One column of one cell that differs.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ColumnDifference {
    /// The column.
    pub column: String,
    /// Its value on the left (`None`: empty).
    pub left: Option<String>,
    /// Its value on the right (`None`: empty).
    pub right: Option<String>,
}

/// A cell present on both sides whose values differ.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CellDifference {
    /// The cell's key, e.g. `phase=comparison run=0 subject=ArrayList mutant=12 n=8`.
    pub cell: String,
    /// The columns that differ, in table order.
    pub columns: Vec<ColumnDifference>,
}

/// The comparison of two cells tables.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct TableDiff {
    /// Cells on the left.
    pub left_cells: usize,
    /// Cells on the right.
    pub right_cells: usize,
    /// The columns compared (besides the key columns).
    pub compared_columns: Vec<String>,
    /// The columns of the left table left out ([`is_ignored_column`]).
    pub ignored_columns: Vec<String>,
    /// Columns only the left table has (the tables then differ).
    pub columns_only_left: Vec<String>,
    /// Columns only the right table has.
    pub columns_only_right: Vec<String>,
    /// Keys of cells only on the left.
    pub cells_only_left: Vec<String>,
    /// Keys of cells only on the right.
    pub cells_only_right: Vec<String>,
    /// Cells on both sides that differ.
    pub differing_cells: Vec<CellDifference>,
    /// Keys that occur more than once in a table (a table should not have any).
    pub duplicate_keys: Vec<String>,
}

impl TableDiff {
    /// Whether the two tables hold the same cells with the same values.
    pub fn identical(&self) -> bool {
        self.columns_only_left.is_empty()
            && self.columns_only_right.is_empty()
            && self.cells_only_left.is_empty()
            && self.cells_only_right.is_empty()
            && self.differing_cells.is_empty()
            && self.duplicate_keys.is_empty()
    }

    /// Cells that are on both sides and equal.
    pub fn equal_cells(&self) -> usize {
        self.left_cells - self.cells_only_left.len() - self.differing_cells.len()
    }

    /// A plain-text report: the verdict, then at most `max_cells` cells of each kind of
    /// difference by name and a count of the rest. `left` and `right` name the sides.
    pub fn render(&self, left: &str, right: &str, max_cells: usize) -> String {
        let mut out = String::new();
        let ignored = if self.ignored_columns.is_empty() {
            "every column".to_string()
        } else {
            format!("every column but {}", self.ignored_columns.join(" and "))
        };
        if self.identical() {
            let _ = writeln!(
                out,
                "identical: all {} cells of {left} equal those of {right} in {ignored}",
                self.left_cells
            );
            return out;
        }
        let _ = writeln!(
            out,
            "DIFFERENT: {left} ({} cells) and {right} ({} cells), compared in {ignored}:",
            self.left_cells, self.right_cells
        );
        let _ = writeln!(
            out,
            "  {} cells equal, {} differ, {} only in {left}, {} only in {right}",
            self.equal_cells(),
            self.differing_cells.len(),
            self.cells_only_left.len(),
            self.cells_only_right.len()
        );
        if !self.columns_only_left.is_empty() {
            let _ = writeln!(
                out,
                "  columns only in {left}: {}",
                self.columns_only_left.join(", ")
            );
        }
        if !self.columns_only_right.is_empty() {
            let _ = writeln!(
                out,
                "  columns only in {right}: {}",
                self.columns_only_right.join(", ")
            );
        }
        let show = |out: &mut String, title: &str, lines: Vec<String>| {
            if lines.is_empty() {
                return;
            }
            let _ = writeln!(out, "  {title}:");
            for line in lines.iter().take(max_cells) {
                let _ = writeln!(out, "    {line}");
            }
            if lines.len() > max_cells {
                let _ = writeln!(out, "    … and {} more", lines.len() - max_cells);
            }
        };
        let value = |v: &Option<String>| v.clone().unwrap_or_else(|| "(empty)".to_string());
        show(
            &mut out,
            "cells that differ",
            self.differing_cells
                .iter()
                .map(|d| {
                    let columns: Vec<String> = d
                        .columns
                        .iter()
                        .map(|c| format!("{} {} ≠ {}", c.column, value(&c.left), value(&c.right)))
                        .collect();
                    format!("{}: {}", d.cell, columns.join(", "))
                })
                .collect(),
        );
        show(
            &mut out,
            &format!("cells only in {left}"),
            self.cells_only_left.clone(),
        );
        show(
            &mut out,
            &format!("cells only in {right}"),
            self.cells_only_right.clone(),
        );
        show(
            &mut out,
            "keys that occur more than once",
            self.duplicate_keys.clone(),
        );
        out
    }
}

/// A table's cells as key → values of the compared columns, every value as text.
struct Keyed {
    rows: BTreeMap<String, Vec<Option<String>>>,
    duplicates: Vec<String>,
    height: usize,
}

/// Every value of column `name` as text (`None` for empty values).
fn text_column(table: &Table, name: &str) -> Result<Vec<Option<String>>, ReportError> {
    let column = table.column(name).ok_or_else(|| ReportError::Column {
        column: "(any)",
        reason: format!("{name}: no such column"),
    })?;
    Ok(column.values.to_texts())
}

fn keyed(table: &Table, keys: &[&str], compared: &[String]) -> Result<Keyed, ReportError> {
    let key_values: Vec<Vec<Option<String>>> = keys
        .iter()
        .map(|k| text_column(table, k))
        .collect::<Result<_, _>>()?;
    let values: Vec<Vec<Option<String>>> = compared
        .iter()
        .map(|c| text_column(table, c))
        .collect::<Result<_, _>>()?;
    let mut rows = BTreeMap::new();
    let mut duplicates = Vec::new();
    for row in 0..table.height() {
        let key = keys
            .iter()
            .zip(&key_values)
            .map(|(k, v)| format!("{k}={}", v[row].as_deref().unwrap_or("")))
            .collect::<Vec<_>>()
            .join(" ");
        let row_values = values.iter().map(|v| v[row].clone()).collect();
        if rows.insert(key.clone(), row_values).is_some() {
            duplicates.push(key);
        }
    }
    Ok(Keyed {
        rows,
        duplicates,
        height: table.height(),
    })
}

/// Compares two cells tables (see the module docs).
///
/// # Errors
/// [`ReportError::Column`] if a table lacks one of the key columns `phase`, `subject`,
/// `mutant` or `n`, or a column cannot be read as text.
pub fn diff_tables(left: &Table, right: &Table) -> Result<TableDiff, ReportError> {
    let names =
        |table: &Table| -> Vec<String> { table.names().into_iter().map(str::to_string).collect() };
    let (left_names, right_names) = (names(left), names(right));
    let has = |names: &[String], c: &str| names.iter().any(|n| n == c);
    // Cells are matched on the key columns both tables have; a key column of one table
    // only (e.g. `replicate` against a table written before replicates existed) is a
    // column only that table has.
    let keys: Vec<&str> = KEY_COLUMNS
        .iter()
        .copied()
        .filter(|k| has(&left_names, k) && has(&right_names, k))
        .collect();
    for required in ["phase", "subject", "mutant", "n"] {
        for (side, names) in [("left", &left_names), ("right", &right_names)] {
            if !has(names, required) {
                return Err(ReportError::Column {
                    column: "(key)",
                    reason: format!(
                        "the {side} table has no column `{required}` to identify cells"
                    ),
                });
            }
        }
    }
    let is_key = |c: &str| keys.contains(&c);
    let mut diff = TableDiff {
        left_cells: left.height(),
        right_cells: right.height(),
        ..TableDiff::default()
    };
    for name in left_names.iter().filter(|n| !is_key(n)) {
        if is_ignored_column(name) {
            diff.ignored_columns.push(name.clone());
        } else if has(&right_names, name) {
            diff.compared_columns.push(name.clone());
        } else {
            diff.columns_only_left.push(name.clone());
        }
    }
    for name in right_names.iter().filter(|n| !is_key(n)) {
        if !has(&left_names, name) && !is_ignored_column(name) {
            diff.columns_only_right.push(name.clone());
        }
    }
    let a = keyed(left, &keys, &diff.compared_columns)?;
    let b = keyed(right, &keys, &diff.compared_columns)?;
    debug_assert_eq!((a.height, b.height), (diff.left_cells, diff.right_cells));
    diff.duplicate_keys = a.duplicates.into_iter().chain(b.duplicates).collect();
    for (key, left_values) in &a.rows {
        match b.rows.get(key) {
            None => diff.cells_only_left.push(key.clone()),
            Some(right_values) => {
                let columns: Vec<ColumnDifference> = diff
                    .compared_columns
                    .iter()
                    .zip(left_values.iter().zip(right_values))
                    .filter(|(_, (l, r))| l != r)
                    .map(|(column, (l, r))| ColumnDifference {
                        column: column.clone(),
                        left: l.clone(),
                        right: r.clone(),
                    })
                    .collect();
                if !columns.is_empty() {
                    diff.differing_cells.push(CellDifference {
                        cell: key.clone(),
                        columns,
                    });
                }
            }
        }
    }
    diff.cells_only_right = b
        .rows
        .keys()
        .filter(|k| !a.rows.contains_key(*k))
        .cloned()
        .collect();
    Ok(diff)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Column;

    fn table(rows: &[(&str, u64, u64, u64, f64)]) -> Table {
        Table::new(vec![
            Column::new(
                "phase",
                rows.iter().map(|r| r.0.to_string()).collect::<Vec<_>>(),
            ),
            Column::new("subject", vec!["ArrayList"; rows.len()]),
            Column::new("mutant", rows.iter().map(|r| r.1).collect::<Vec<_>>()),
            Column::new("n", rows.iter().map(|r| r.2).collect::<Vec<_>>()),
            Column::new("tests_run", rows.iter().map(|r| r.3).collect::<Vec<_>>()),
            Column::new("cpu_seconds", rows.iter().map(|r| r.4).collect::<Vec<_>>()),
        ])
    }

    #[test]
    fn tables_that_differ_only_in_cpu_time_and_row_order_are_identical() {
        let a = table(&[("p", 1, 4, 10, 0.5), ("p", 2, 4, 20, 0.7)]);
        let b = table(&[("p", 2, 4, 20, 9.0), ("p", 1, 4, 10, 3.0)]);
        let diff = diff_tables(&a, &b).unwrap();
        assert!(diff.identical(), "{diff:?}");
        assert_eq!(diff.ignored_columns, ["cpu_seconds"]);
        assert_eq!(diff.compared_columns, ["tests_run"]);
        assert_eq!(diff.equal_cells(), 2);
        assert!(
            diff.render("a", "b", 5)
                .starts_with("identical: all 2 cells")
        );
    }

    #[test]
    fn a_changed_value_and_missing_cells_are_named() {
        let a = table(&[
            ("p", 1, 4, 10, 0.5),
            ("p", 2, 4, 20, 0.7),
            ("p", 3, 4, 1, 0.0),
        ]);
        let b = table(&[
            ("p", 1, 4, 11, 0.5),
            ("p", 2, 4, 20, 0.7),
            ("p", 4, 4, 1, 0.0),
        ]);
        let diff = diff_tables(&a, &b).unwrap();
        assert!(!diff.identical());
        assert_eq!(
            diff.differing_cells,
            [CellDifference {
                cell: "phase=p subject=ArrayList mutant=1 n=4".into(),
                columns: vec![ColumnDifference {
                    column: "tests_run".into(),
                    left: Some("10".into()),
                    right: Some("11".into()),
                }],
            }]
        );
        assert_eq!(
            diff.cells_only_left,
            ["phase=p subject=ArrayList mutant=3 n=4"]
        );
        assert_eq!(
            diff.cells_only_right,
            ["phase=p subject=ArrayList mutant=4 n=4"]
        );
        assert_eq!(diff.equal_cells(), 1);
        let text = diff.render("new", "reference", 5);
        assert!(text.contains("1 cells equal, 1 differ, 1 only in new, 1 only in reference"));
        assert!(text.contains("mutant=1 n=4: tests_run 10 ≠ 11"), "{text}");
    }

    /// Each way two tables can differ, alone, makes them differ: the verdict, the report's
    /// first word and its counts say so. Rows in another order (and CPU times) do not.
    #[test]
    fn every_kind_of_difference_alone_makes_the_tables_differ() {
        let base = [("p", 1, 4, 10, 0.5), ("p", 2, 4, 20, 0.7)];
        let a = table(&base);
        let extra = || a.clone().with_column(Column::new("extra", vec![1u64, 2]));
        let cases: [(&str, Table, Table, &str); 6] = [
            (
                "a cell only on the left",
                a.clone(),
                table(&base[..1]),
                "1 cells equal, 0 differ, 1 only in left, 0 only in right",
            ),
            (
                "a cell only on the right",
                table(&base[..1]),
                a.clone(),
                "1 cells equal, 0 differ, 0 only in left, 1 only in right",
            ),
            (
                "a value",
                a.clone(),
                table(&[base[0], ("p", 2, 4, 21, 0.7)]),
                "1 cells equal, 1 differ, 0 only in left, 0 only in right",
            ),
            (
                "a column only on the left",
                extra(),
                a.clone(),
                "columns only in left: extra",
            ),
            (
                "a column only on the right",
                a.clone(),
                extra(),
                "columns only in right: extra",
            ),
            (
                "a key twice",
                table(&[base[0], base[1], base[1]]),
                a.clone(),
                "keys that occur more than once:\n    phase=p subject=ArrayList mutant=2 n=4",
            ),
        ];
        for (what, left, right, line) in cases {
            let diff = diff_tables(&left, &right).unwrap();
            assert!(!diff.identical(), "{what}: {diff:?}");
            let text = diff.render("left", "right", 5);
            assert!(text.starts_with("DIFFERENT: left"), "{what}: {text}");
            assert!(text.contains(line), "{what}: {text}");
        }
        let reordered = table(&[base[1], base[0]]);
        let diff = diff_tables(&a, &reordered).unwrap();
        assert!(diff.identical(), "rows in another order: {diff:?}");
        assert_eq!(diff.equal_cells(), 2);
    }

    #[test]
    fn the_report_names_a_handful_of_cells_then_counts_the_rest() {
        let a = table(&(0..12).map(|m| ("p", m, 1, 1, 0.0)).collect::<Vec<_>>());
        let b = table(&(0..12).map(|m| ("p", m, 1, 2, 0.0)).collect::<Vec<_>>());
        let text = diff_tables(&a, &b).unwrap().render("a", "b", 5);
        assert_eq!(text.matches("tests_run 1 ≠ 2").count(), 5, "{text}");
        assert!(text.contains("… and 7 more"), "{text}");
    }

    #[test]
    fn a_column_on_one_side_only_makes_the_tables_differ() {
        let a = table(&[("p", 1, 4, 10, 0.5)]);
        let b = a.clone().with_column(Column::new("extra", vec![1u64]));
        let diff = diff_tables(&a, &b).unwrap();
        assert!(!diff.identical());
        assert_eq!(diff.columns_only_right, ["extra"]);
    }

    /// A crash's cause, like CPU time, is the machine's and the toolchain's: the tables
    /// are identical whether it differs or one of them lacks it.
    #[test]
    fn crash_causes_are_left_out_like_cpu_time() {
        let a = table(&[("p", 1, 4, 10, 0.5)]);
        let cause = |text: &str| Column::new("crash_cause", vec![Some(text.to_string())]);
        let b = a.clone().with_column(cause("killed by signal 6 (SIGABRT)"));
        let c = a
            .clone()
            .with_column(cause("killed by signal 11 (SIGSEGV)"));
        for (left, right) in [(&a, &b), (&b, &a), (&b, &c)] {
            let diff = diff_tables(left, right).unwrap();
            assert!(diff.identical(), "{diff:?}");
        }
        assert_eq!(
            diff_tables(&b, &a).unwrap().ignored_columns,
            ["cpu_seconds", "crash_cause"]
        );
    }

    #[test]
    fn a_key_column_on_one_side_only_is_a_difference_not_an_error() {
        let a = table(&[("p", 1, 4, 10, 0.5)]);
        let b = a.clone().with_column(Column::new("replicate", vec![0u32]));
        let diff = diff_tables(&a, &b).unwrap();
        assert!(!diff.identical());
        assert_eq!(diff.columns_only_right, ["replicate"]);
        assert!(diff.differing_cells.is_empty() && diff.cells_only_left.is_empty());
    }

    #[test]
    fn repeated_keys_are_reported() {
        let a = table(&[("p", 1, 4, 10, 0.5), ("p", 1, 4, 10, 0.5)]);
        let b = table(&[("p", 1, 4, 10, 0.5)]);
        let diff = diff_tables(&a, &b).unwrap();
        assert!(!diff.identical());
        assert_eq!(
            diff.duplicate_keys,
            ["phase=p subject=ArrayList mutant=1 n=4"]
        );
    }
}
