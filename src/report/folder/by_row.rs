//! A checked table's columns read by row, in their types.

use polars_core::prelude::{
    ChunkedArray, Column, DataFrame, Float64Type, PolarsDataType, PolarsNumericType, StringType,
    UInt32Type, UInt64Type,
};

/// A typed column of a checked table, if the table has it.
pub(crate) fn numbers<'a, T: PolarsNumericType>(
    frame: &'a DataFrame,
    name: &str,
    get: impl Fn(&'a Column) -> Option<&'a ChunkedArray<T>>,
) -> Option<&'a ChunkedArray<T>> {
    frame.column(name).ok().and_then(get)
}

/// A column's values by row, read from its one array directly where it has one
/// (`ChunkedArray::get` looks for the row's chunk every time: slow in unoptimized builds
/// on tables of a million cells).
pub(crate) struct ByRow<'a, T: PolarsDataType> {
    values: &'a ChunkedArray<T>,
    single: Option<&'a T::Array>,
}

impl<'a, T: PolarsDataType> ByRow<'a, T> {
    pub(crate) fn new(values: &'a ChunkedArray<T>) -> Self {
        let single = (values.chunks().len() == 1)
            .then(|| values.downcast_iter().next())
            .flatten();
        ByRow { values, single }
    }
}

macro_rules! by_row_of_numbers {
    ($($type:ty => $native:ty),*) => {$(
        impl ByRow<'_, $type> {
            pub(crate) fn get(&self, row: usize) -> Option<$native> {
                match self.single {
                    Some(array) => array
                        .validity()
                        .is_none_or(|valid| valid.get_bit(row))
                        .then(|| array.values()[row]),
                    None => self.values.get(row),
                }
            }
        }
    )*};
}

by_row_of_numbers!(UInt32Type => u32, UInt64Type => u64, Float64Type => f64);

impl<'a> ByRow<'a, StringType> {
    pub(crate) fn get(&self, row: usize) -> Option<&'a str> {
        match self.single {
            // The validity through the chunk as `dyn Array` (its type is not exported).
            Some(array) => self.values.chunks()[0]
                .is_valid(row)
                .then(|| array.value(row)),
            None => self.values.get(row),
        }
    }
}
