//! A checked table's columns read by row, in their types.

use crate::table::{Table, Texts, Values};

/// A typed column's values by row.
pub(crate) struct ByRow<'a, T>(&'a [Option<T>]);

impl<T: Copy> ByRow<'_, T> {
    /// Row `row`'s value (`None`: null).
    pub(crate) fn get(&self, row: usize) -> Option<T> {
        self.0[row]
    }

    /// The rows' values in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = Option<T>> + '_ {
        self.0.iter().copied()
    }
}

/// A text column's values by row.
pub(crate) struct TextByRow<'a>(&'a Texts);

impl<'a> TextByRow<'a> {
    /// Row `row`'s value (`None`: null).
    pub(crate) fn get(&self, row: usize) -> Option<&'a str> {
        self.0.get(row)
    }
}

/// The text column `name`, if the table has it and it holds texts.
pub(crate) fn texts<'a>(table: &'a Table, name: &str) -> Option<TextByRow<'a>> {
    table
        .column(name)
        .and_then(|c| c.values.as_texts())
        .map(TextByRow)
}

/// The 64-bit count column `name`, if the table has it in that type.
pub(crate) fn counts<'a>(table: &'a Table, name: &str) -> Option<ByRow<'a, u64>> {
    typed(table, name, Values::as_u64s)
}

/// The 32-bit count column `name`, if the table has it in that type.
pub(crate) fn small_counts<'a>(table: &'a Table, name: &str) -> Option<ByRow<'a, u32>> {
    typed(table, name, Values::as_u32s)
}

/// The number column `name`, if the table has it in that type.
pub(crate) fn numbers<'a>(table: &'a Table, name: &str) -> Option<ByRow<'a, f64>> {
    typed(table, name, Values::as_f64s)
}

fn typed<'a, T>(
    table: &'a Table,
    name: &str,
    get: impl Fn(&'a Values) -> Option<&'a [Option<T>]>,
) -> Option<ByRow<'a, T>> {
    table.column(name).and_then(|c| get(&c.values)).map(ByRow)
}
