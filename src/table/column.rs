//! A table as typed columns: what result tables are made of, written as CSV, Parquet or
//! text without a table library.

pub use super::texts::Texts;

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
    Text(Texts),
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

    /// Row `row` (which must exist).
    pub fn cell(&self, row: usize) -> Cell<'_> {
        fn of<T: Copy>(
            v: &[Option<T>],
            row: usize,
            to: impl Fn(T) -> Cell<'static>,
        ) -> Cell<'static> {
            v[row].map_or(Cell::Null, to)
        }
        match self {
            Values::U32(v) => of(v, row, |x| Cell::U64(u64::from(x))),
            Values::U64(v) => of(v, row, Cell::U64),
            Values::I64(v) => of(v, row, Cell::I64),
            Values::F64(v) => of(v, row, Cell::F64),
            Values::Bool(v) => of(v, row, Cell::Bool),
            Values::Text(v) => v.get(row).map_or(Cell::Null, Cell::Text),
        }
    }

    /// The values if they are unsigned 32-bit integers.
    pub fn as_u32s(&self) -> Option<&[Option<u32>]> {
        match self {
            Values::U32(v) => Some(v),
            _ => None,
        }
    }

    /// The values if they are unsigned 64-bit integers.
    pub fn as_u64s(&self) -> Option<&[Option<u64>]> {
        match self {
            Values::U64(v) => Some(v),
            _ => None,
        }
    }

    /// The values if they are numbers.
    pub fn as_f64s(&self) -> Option<&[Option<f64>]> {
        match self {
            Values::F64(v) => Some(v),
            _ => None,
        }
    }

    /// The values if they are texts.
    pub fn as_texts(&self) -> Option<&Texts> {
        match self {
            Values::Text(v) => Some(v),
            _ => None,
        }
    }

    /// The number of nulls.
    pub fn null_count(&self) -> usize {
        (0..self.len()).filter(|&row| self.is_null(row)).count()
    }

    /// The name of the values' type, as messages show it (`unsigned integer`, …).
    pub fn type_name(&self) -> &'static str {
        match self {
            Values::U32(_) => "32-bit unsigned integer",
            Values::U64(_) => "64-bit unsigned integer",
            Values::I64(_) => "64-bit signed integer",
            Values::F64(_) => "number",
            Values::Text(_) => "text",
            Values::Bool(_) => "boolean",
        }
    }

    /// The values as unsigned integers: integers that are not negative, numbers that are
    /// whole and in range, texts that are such numbers written out, booleans as 0 and 1;
    /// nulls stay nulls.
    ///
    /// # Errors
    /// The first value that is none of these, and its row.
    pub fn to_u64s(&self) -> Result<Vec<Option<u64>>, CastError> {
        let cast = |row: usize, cell: Cell<'_>| -> Result<Option<u64>, CastError> {
            let value = match cell {
                Cell::Null => return Ok(None),
                Cell::U64(x) => Some(x),
                Cell::I64(x) => u64::try_from(x).ok(),
                Cell::F64(x) => (x.fract() == 0.0
                    && (0.0..18_446_744_073_709_551_616.0).contains(&x))
                .then_some(x as u64),
                Cell::Bool(x) => Some(u64::from(x)),
                Cell::Text(x) => x.trim().parse::<u64>().ok(),
            };
            value
                .map(Some)
                .ok_or_else(|| CastError::new(row, cell, "an unsigned integer"))
        };
        (0..self.len())
            .map(|row| cast(row, self.cell(row)))
            .collect()
    }

    /// The values as numbers: any number, integers converted, texts that are numbers
    /// written out; nulls stay nulls.
    ///
    /// # Errors
    /// The first value that is none of these (a boolean), and its row.
    pub fn to_f64s(&self) -> Result<Vec<Option<f64>>, CastError> {
        let cast = |row: usize, cell: Cell<'_>| -> Result<Option<f64>, CastError> {
            let value = match cell {
                Cell::Null => return Ok(None),
                Cell::U64(x) => Some(x as f64),
                Cell::I64(x) => Some(x as f64),
                Cell::F64(x) => Some(x),
                Cell::Bool(_) => None,
                Cell::Text(x) => x.trim().parse::<f64>().ok(),
            };
            value
                .map(Some)
                .ok_or_else(|| CastError::new(row, cell, "a number"))
        };
        (0..self.len())
            .map(|row| cast(row, self.cell(row)))
            .collect()
    }

    /// The values as texts (numbers and booleans as [`Cell`] shows them); nulls stay
    /// nulls.
    pub fn to_texts(&self) -> Vec<Option<String>> {
        (0..self.len())
            .map(|row| match self.cell(row) {
                Cell::Null => None,
                cell => Some(cell.to_string()),
            })
            .collect()
    }

    /// Whether row `row` is null.
    pub(crate) fn is_null(&self, row: usize) -> bool {
        match self {
            Values::U32(v) => v[row].is_none(),
            Values::U64(v) => v[row].is_none(),
            Values::I64(v) => v[row].is_none(),
            Values::F64(v) => v[row].is_none(),
            Values::Text(v) => v.is_null(row),
            Values::Bool(v) => v[row].is_none(),
        }
    }
}

/// One value of a column, borrowed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cell<'a> {
    /// A null.
    Null,
    /// An unsigned integer (of either width).
    U64(u64),
    /// A signed integer.
    I64(i64),
    /// A number.
    F64(f64),
    /// A text.
    Text(&'a str),
    /// A boolean.
    Bool(bool),
}

impl std::fmt::Display for Cell<'_> {
    /// The value as CSV writes it unquoted: integers in decimal, numbers in their shortest
    /// round-trip form, a null as nothing.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Cell::Null => Ok(()),
            Cell::U64(x) => write!(f, "{x}"),
            Cell::I64(x) => write!(f, "{x}"),
            Cell::F64(x) => f.write_str(zmij::Buffer::new().format(*x)),
            Cell::Text(x) => f.write_str(x),
            Cell::Bool(x) => write!(f, "{x}"),
        }
    }
}

/// A value that cannot be converted to the type asked for.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("row {}: {value} is not {expected}", row + 1)]
pub struct CastError {
    /// The value's row (from 0).
    pub row: usize,
    /// The value, as shown in messages (a text in backquotes).
    pub value: String,
    /// What was expected (`an unsigned integer`, …).
    pub expected: &'static str,
}

impl CastError {
    fn new(row: usize, cell: Cell<'_>, expected: &'static str) -> Self {
        let value = match cell {
            Cell::Text(text) => format!("`{text}`"),
            other => other.to_string(),
        };
        CastError {
            row,
            value,
            expected,
        }
    }
}

macro_rules! values_from {
    ($($variant:ident: $type:ty => $stored:ty),* $(,)?) => {$(
        impl From<Vec<$type>> for Values {
            fn from(values: Vec<$type>) -> Self {
                Values::$variant(values.into_iter().map(|v| Some(<$stored>::from(v))).collect())
            }
        }
        impl From<Vec<Option<$type>>> for Values {
            fn from(values: Vec<Option<$type>>) -> Self {
                Values::$variant(values.into_iter().map(|v| v.map(<$stored>::from)).collect())
            }
        }
    )*};
}

values_from!(
    U32: u32 => u32,
    U64: u64 => u64,
    I64: i64 => i64,
    F64: f64 => f64,
    Bool: bool => bool,
);

macro_rules! values_from_texts {
    ($($type:ty),*) => {$(
        impl From<Vec<$type>> for Values {
            fn from(values: Vec<$type>) -> Self {
                Values::Text(values.iter().map(|v| Some(v)).collect())
            }
        }
        impl From<Vec<Option<$type>>> for Values {
            fn from(values: Vec<Option<$type>>) -> Self {
                Values::Text(values.into_iter().collect())
            }
        }
    )*};
}

values_from_texts!(String, &str);

/// A named column.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// Its name.
    pub name: String,
    /// Its values.
    pub values: Values,
}

impl Column {
    /// A column named `name`: `values` a [`Values`] or a vector of any type it is made
    /// from (`Vec<u64>`, `Vec<Option<f64>>`, `Vec<&str>`, …).
    pub fn new(name: impl Into<String>, values: impl Into<Values>) -> Self {
        Column {
            name: name.into(),
            values: values.into(),
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

    /// The names of its columns, in order.
    pub fn names(&self) -> Vec<&str> {
        self.columns.iter().map(|c| c.name.as_str()).collect()
    }

    /// The table with `column` in place of the column of its name, or added at the end.
    ///
    /// # Panics
    /// If the table has columns and `column` is not as long as they are.
    pub fn with_column(mut self, column: Column) -> Self {
        if let Some(first) = self.columns.first() {
            assert_eq!(
                column.values.len(),
                first.values.len(),
                "column `{}` has another length than the table",
                column.name
            );
        }
        match self.columns.iter_mut().find(|c| c.name == column.name) {
            Some(old) => *old = column,
            None => self.columns.push(column),
        }
        self
    }

    /// The table without the column named `name` (the same table if it has none).
    pub fn without(mut self, name: &str) -> Self {
        self.columns.retain(|c| c.name != name);
        self
    }

    /// The columns named `names`, in that order.
    ///
    /// # Errors
    /// The first name the table has no column of.
    pub fn select<'a>(&self, names: impl IntoIterator<Item = &'a str>) -> Result<Table, &'a str> {
        let columns = names
            .into_iter()
            .map(|name| self.column(name).cloned().ok_or(name))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Table::new(columns))
    }
}
