//! Column by column: no empty value where none may be, no empty text, indices in
//! decimal, seconds finite and non-negative.

use super::columns::{Kind, Spec, spec};
use super::{ReportError, TableFile};
use crate::table::Column;

/// Every value of `table` of its column's kind (the types were checked on reading).
pub(crate) fn check_values(table: &TableFile) -> Result<(), ReportError> {
    for column in table.table.columns() {
        let spec = spec(&column.name).expect("columns were checked");
        check_filled(table, column, spec)?;
        match spec.kind {
            Kind::Text | Kind::Index => check_texts(table, column, spec)?,
            Kind::Seconds => check_seconds(table, column, spec)?,
            Kind::U32 | Kind::U64 => {}
        }
    }
    Ok(())
}

/// No empty value in a column that may not have one.
fn check_filled(table: &TableFile, column: &Column, spec: Spec) -> Result<(), ReportError> {
    if !spec.nullable
        && let Some(row) = (0..column.values.len()).find(|&row| column.values.is_null(row))
    {
        return Err(table.error(
            row,
            &column.name,
            format!("the value is empty: expected {}", spec.kind.expected()),
        ));
    }
    Ok(())
}

/// No empty text, and an index in decimal digits.
fn check_texts(table: &TableFile, column: &Column, spec: Spec) -> Result<(), ReportError> {
    let values = column.values.as_texts().expect("typed");
    for (row, value) in values.iter().enumerate() {
        match value {
            Some("") => {
                return Err(table.error(
                    row,
                    &column.name,
                    format!("the value is empty: expected {}", spec.kind.expected()),
                ));
            }
            Some(value)
                if spec.kind == Kind::Index && !value.bytes().all(|b| b.is_ascii_digit()) =>
            {
                return Err(table.error(
                    row,
                    &column.name,
                    format!("`{value}` is not {}", spec.kind.expected()),
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Seconds finite and non-negative.
fn check_seconds(table: &TableFile, column: &Column, spec: Spec) -> Result<(), ReportError> {
    let values = column.values.as_f64s().expect("typed");
    if let Some((row, value)) = values.iter().enumerate().find_map(|(row, v)| {
        v.filter(|v| !(v.is_finite() && *v >= 0.0))
            .map(|v| (row, v))
    }) {
        return Err(table.error(
            row,
            &column.name,
            format!("{value} is not {}", spec.kind.expected()),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::report::folder::test_folders::{refused, with_field};

    #[test]
    fn a_value_of_the_wrong_type_is_located_without_advice() {
        assert_eq!(
            refused(&with_field(4, "tests_run", "4x")),
            "line 4, column `tests_run`: `4x` is not a count (a non-negative integer)"
        );
        assert_eq!(
            refused(&with_field(4, "failing_tests", "-1")),
            "line 4, column `failing_tests`: -1 is negative: expected a count (a non-negative integer)"
        );
        assert_eq!(
            refused(&with_field(2, "cpu_seconds", "NaN")),
            "line 2, column `cpu_seconds`: NaN is not seconds (a finite non-negative number)"
        );
        assert_eq!(
            refused(&with_field(2, "first_failure_index", "12a")),
            "line 2, column `first_failure_index`: `12a` is not a test-case index (decimal digits)"
        );
        assert_eq!(
            refused(&with_field(3, "mutant", "")),
            "line 3, column `mutant`: the value is empty: expected a count (an integer from 0 to 4294967295)"
        );
    }
}
