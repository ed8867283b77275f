//! A folder's two tables against each other: the same columns, the same number of rows
//! and the same values, the first difference named.

use super::{CSV, PARQUET, ReportError, TableFile};
use crate::table::Cell;

/// The first difference between the two tables of a folder, if any.
pub(crate) fn agree(parquet: &TableFile, csv: &TableFile) -> Result<(), ReportError> {
    let disagree = |detail: String| ReportError::Disagree {
        csv: csv.path.clone(),
        parquet: parquet.path.clone(),
        detail,
    };
    let names = |t: &TableFile| -> Vec<String> {
        t.table.names().into_iter().map(str::to_string).collect()
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
    let (hp, hc) = (parquet.table.height(), csv.table.height());
    if hp != hc {
        return Err(disagree(format!(
            "{PARQUET} holds {hp} cells, {CSV} {hc}; they part at {}",
            parting(parquet, csv, &p)
        )));
    }
    match first_difference(parquet, csv, &p) {
        Some(detail) => Err(disagree(detail)),
        None => Ok(()),
    }
}

/// Where tables of different lengths part (a row lost or added): the first row not the
/// same in both, in each, `{line} of cells.csv ({row} of cells.parquet)`.
fn parting(parquet: &TableFile, csv: &TableFile, names: &[String]) -> String {
    let (hp, hc) = (parquet.table.height(), csv.table.height());
    let same = |row: usize| {
        names.iter().all(|name| {
            let (a, b) = (
                &parquet.table.column(name).expect("listed").values,
                &csv.table.column(name).expect("listed").values,
            );
            a.cell(row) == b.cell(row)
        })
    };
    let first = (0..hp.min(hc))
        .find(|&row| !same(row))
        .unwrap_or(hp.min(hc));
    let place = |table: &TableFile| {
        if first < table.table.height() {
            table.at(first).to_string()
        } else {
            "its end".to_string()
        }
    };
    format!("{} of {CSV} ({} of {PARQUET})", place(csv), place(parquet))
}

/// The first column, in order, whose values differ between tables of the same length:
/// its first differing row and its two values, and how many rows differ in it.
fn first_difference(parquet: &TableFile, csv: &TableFile, names: &[String]) -> Option<String> {
    let height = parquet.table.height();
    for name in names {
        let (a, b) = (
            &parquet.table.column(name).expect("listed").values,
            &csv.table.column(name).expect("listed").values,
        );
        if a == b {
            continue;
        }
        let differs = |row: &usize| a.cell(*row) != b.cell(*row);
        let Some(row) = (0..height).find(differs) else {
            continue;
        };
        let rows = (0..height).filter(differs).count();
        let shown = |v: Cell<'_>| match v {
            Cell::Null => "empty".to_string(),
            v => format!("`{v}`"),
        };
        return Some(format!(
            "column `{name}` at {} of {CSV} ({} of {PARQUET}): {} in {CSV}, {} in {PARQUET}{}",
            csv.at(row),
            parquet.at(row),
            shown(b.cell(row)),
            shown(a.cell(row)),
            if rows > 1 {
                format!(" ({rows} rows differ in this column)")
            } else {
                String::new()
            }
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::Path;

    use crate::report::folder::test_folders::{REGISTER, folder, register_csv, with_field};
    use crate::report::folder::{CSV, PARQUET, open};

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
}
