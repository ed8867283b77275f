//! A [`Table`] as text: CSV, an aligned text table and a Markdown table, byte for byte as
//! testspace has always written them (numbers in CSV in their shortest round-trip form,
//! large and small ones with an exponent; in text tables as the earlier table library
//! showed them).

use std::fmt::Write as _;

use super::column::{Table, Values};

/// The table as CSV: a header line, then one line per row; fields with a comma, a quote
/// or a line break quoted (a quote doubled), nulls empty.
pub fn csv_text(table: &Table) -> String {
    let mut text = String::new();
    let names: Vec<String> = table.columns().iter().map(|c| csv_field(&c.name)).collect();
    text.push_str(&names.join(","));
    text.push('\n');
    for row in 0..table.height() {
        for (i, column) in table.columns().iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            text.push_str(&csv_cell(&column.values, row));
        }
        text.push('\n');
    }
    text
}

fn csv_cell(values: &Values, row: usize) -> String {
    match values {
        Values::U32(v) => v[row].map(|x| x.to_string()).unwrap_or_default(),
        Values::U64(v) => v[row].map(|x| x.to_string()).unwrap_or_default(),
        Values::I64(v) => v[row].map(|x| x.to_string()).unwrap_or_default(),
        Values::F64(v) => v[row]
            .map(|x| zmij::Buffer::new().format(x).to_string())
            .unwrap_or_default(),
        Values::Text(v) => v.get(row).map(csv_field).unwrap_or_default(),
        Values::Bool(v) => v[row].map(|x| x.to_string()).unwrap_or_default(),
    }
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Row `row` of `values` as a text table shows it: blank for a null.
fn cell_text(values: &Values, row: usize) -> String {
    match values {
        Values::F64(v) => v[row].map(shown_number).unwrap_or_default(),
        Values::Text(v) => v.get(row).unwrap_or_default().to_string(),
        other => csv_cell(other, row),
    }
}

/// Whether a column is numeric (right-aligned).
fn numeric(values: &Values) -> bool {
    matches!(
        values,
        Values::U32(_) | Values::U64(_) | Values::I64(_) | Values::F64(_)
    )
}

/// Where a number shown in a text table takes an exponent.
const SCIENTIFIC_BOUND: f64 = 999_999.0;

/// A number as text tables show it: whole numbers below a million with one decimal; a
/// number whose plain form is longer than nine characters with four decimals of an
/// exponent outside [10⁻⁶, 999,999], else with at most six decimals, trailing zeros
/// dropped; any other as its plain form (whole ones with an exponent).
pub(crate) fn shown_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < SCIENTIFIC_BOUND {
        return format!("{v:.1}");
    }
    if format!("{v}").len() <= 9 {
        return if v.fract() == 0.0 {
            format!("{v:e}")
        } else {
            format!("{v}")
        };
    }
    if !(0.000_001..=SCIENTIFIC_BOUND).contains(&v.abs()) {
        return format!("{v:.4e}");
    }
    let text = format!("{v:.6}");
    if !text.ends_with('0') {
        return text;
    }
    let trimmed = text.trim_end_matches('0');
    if trimmed.ends_with('.') {
        format!("{trimmed}0")
    } else {
        trimmed.to_string()
    }
}

/// Every row as a text table: a header line, a rule, and one line per row, columns
/// separated by two spaces, numbers right-aligned, text left-aligned, nulls blank.
pub fn text_table(table: &Table) -> String {
    let columns = table.columns();
    let header: Vec<String> = columns.iter().map(|c| c.name.clone()).collect();
    let rows: Vec<Vec<String>> = (0..table.height())
        .map(|row| columns.iter().map(|c| cell_text(&c.values, row)).collect())
        .collect();
    let widths: Vec<usize> = (0..columns.len())
        .map(|index| {
            rows.iter()
                .chain([&header])
                .map(|cells| cells[index].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let right: Vec<bool> = columns.iter().map(|c| numeric(&c.values)).collect();
    let rule: Vec<String> = widths.iter().map(|&width| "-".repeat(width)).collect();
    let mut text = String::new();
    let mut line = |cells: &[String], aligned: bool| {
        let fields: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(index, cell)| {
                let width = widths[index];
                if aligned && right[index] {
                    format!("{cell:>width$}")
                } else {
                    format!("{cell:<width$}")
                }
            })
            .collect();
        let _ = writeln!(text, "{}", fields.join("  ").trim_end());
    };
    line(&header, true);
    line(&rule, false);
    for cells in &rows {
        line(cells, true);
    }
    text
}

/// Every row as a GitHub-flavoured Markdown table: numeric columns right-aligned,
/// numbers with at most four significant digits (scientific below 0.001, trailing zeros
/// dropped), nulls as empty cells, `|` in text escaped.
pub fn markdown_table(table: &Table) -> String {
    let columns = table.columns();
    let mut text = String::new();
    let header: Vec<&str> = columns.iter().map(|c| c.name.as_str()).collect();
    let _ = writeln!(text, "| {} |", header.join(" | "));
    let rule: Vec<&str> = columns
        .iter()
        .map(|c| if numeric(&c.values) { "---:" } else { "---" })
        .collect();
    let _ = writeln!(text, "|{}|", rule.join("|"));
    for row in 0..table.height() {
        let cells: Vec<String> = columns
            .iter()
            .map(|c| match &c.values {
                Values::F64(v) => v[row].map(significant).unwrap_or_default(),
                other => cell_text(other, row).replace('|', "\\|"),
            })
            .collect();
        let _ = writeln!(text, "| {} |", cells.join(" | "));
    }
    text
}

/// `value` with four significant digits: plain from 0.001 up, scientific below.
fn significant(value: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return value.to_string();
    }
    let text = if value.abs() < 1e-3 {
        format!("{value:.3e}")
    } else {
        let decimals = (3 - value.abs().log10().floor() as i32).max(0) as usize;
        format!("{value:.decimals$}")
    };
    // Trailing zeros of the fraction carry no information: 3.700 → 3.7, 1.500e-4 → 1.5e-4.
    let (mantissa, exponent) = text
        .split_once('e')
        .map_or((text.as_str(), None), |(m, e)| (m, Some(e)));
    let mantissa = if mantissa.contains('.') {
        mantissa.trim_end_matches('0').trim_end_matches('.')
    } else {
        mantissa
    };
    match exponent {
        Some(exponent) => format!("{mantissa}e{exponent}"),
        None => mantissa.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::column::Column;

    /// The fixtures written by polars 0.55.2, the table library testspace used before
    /// (testdata/table/README.md).
    fn fixture(name: &str) -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("testdata/table")
            .join(name);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    fn sample() -> Table {
        Table::new(vec![
            Column::new(
                "phase",
                vec![Some("a,b"), None, Some("say \"x\""), Some("é|z")],
            ),
            Column::new(
                "run",
                Values::U32(vec![Some(0), Some(u32::MAX), None, Some(7)]),
            ),
            Column::new(
                "seed",
                Values::U64(vec![Some(u64::MAX), None, Some(2010), Some(0)]),
            ),
            Column::new(
                "delta",
                Values::I64(vec![Some(-5), Some(i64::MIN), None, Some(3)]),
            ),
            Column::new(
                "seconds",
                Values::F64(vec![
                    Some(6.734999999997299e-6),
                    Some(0.000011782000000001848),
                    None,
                    Some(1e300),
                ]),
            ),
            Column::new(
                "killed",
                Values::Bool(vec![Some(true), None, Some(false), Some(true)]),
            ),
        ])
    }

    #[test]
    fn csv_text_is_byte_for_byte_what_polars_wrote() {
        assert_eq!(csv_text(&sample()), fixture("polars-sample.csv"));
    }

    #[test]
    fn numbers_are_shown_and_written_as_polars_did() {
        let text = fixture("polars-numbers.csv");
        let mut checked = 0;
        for line in text.lines().skip(1) {
            let fields: Vec<&str> = line.split(',').collect();
            let x = f64::from_bits(u64::from_str_radix(fields[0], 16).unwrap());
            assert_eq!(shown_number(x), fields[1], "{x:e} shown");
            let csv = csv_text(&Table::new(vec![Column::new("x", vec![x])]));
            assert_eq!(csv, format!("x\n{}\n", fields[2]), "{x:e} in CSV");
            checked += 1;
        }
        assert!(checked > 2000, "{checked} numbers");
    }
}
