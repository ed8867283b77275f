//! A table as typed columns: what result tables are made of, written as CSV, Parquet or
//! text without a table library.

/// A column's values, one per row (`None`: null).
#[derive(Clone, Debug, PartialEq)]
pub enum Values {
    /// Unsigned 32-bit integers.
    U32(Vec<Option<u32>>),
    /// Unsigned 64-bit integers.
    U64(Vec<Option<u64>>),
    /// Signed 64-bit integers.
    I64(Vec<Option<i64>>),
    /// Double-precision numbers.
    F64(Vec<Option<f64>>),
    /// UTF-8 texts.
    Text(Vec<Option<String>>),
    /// Booleans.
    Bool(Vec<Option<bool>>),
}

impl Values {
    /// The number of rows.
    pub fn len(&self) -> usize {
        match self {
            Values::U32(v) => v.len(),
            Values::U64(v) => v.len(),
            Values::I64(v) => v.len(),
            Values::F64(v) => v.len(),
            Values::Text(v) => v.len(),
            Values::Bool(v) => v.len(),
        }
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether row `row` is null.
    pub(crate) fn is_null(&self, row: usize) -> bool {
        match self {
            Values::U32(v) => v[row].is_none(),
            Values::U64(v) => v[row].is_none(),
            Values::I64(v) => v[row].is_none(),
            Values::F64(v) => v[row].is_none(),
            Values::Text(v) => v[row].is_none(),
            Values::Bool(v) => v[row].is_none(),
        }
    }
}

/// A named column.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// Its name.
    pub name: String,
    /// Its values.
    pub values: Values,
}

impl Column {
    /// A column named `name`.
    pub fn new(name: impl Into<String>, values: Values) -> Self {
        Column {
            name: name.into(),
            values,
        }
    }
}

/// Columns of equal length.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    columns: Vec<Column>,
}

impl Table {
    /// A table of `columns`.
    ///
    /// # Panics
    /// If the columns differ in length or two share a name: a table is built by the code
    /// that fills it, so either is a programming error.
    pub fn new(columns: Vec<Column>) -> Self {
        if let Some(first) = columns.first() {
            for column in &columns {
                assert_eq!(
                    column.values.len(),
                    first.values.len(),
                    "column `{}` has another length than `{}`",
                    column.name,
                    first.name
                );
            }
        }
        for (i, column) in columns.iter().enumerate() {
            assert!(
                columns[..i].iter().all(|c| c.name != column.name),
                "two columns named `{}`",
                column.name
            );
        }
        Table { columns }
    }

    /// Its columns, in order.
    pub fn columns(&self) -> &[Column] {
        &self.columns
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.columns.first().map_or(0, |c| c.values.len())
    }

    /// The column named `name`.
    pub fn column(&self, name: &str) -> Option<&Column> {
        self.columns.iter().find(|c| c.name == name)
    }
}
