//! Parquet files of typed columns, written and read without a table library: one row
//! group, one data page per column, every column optional (definition levels of one bit),
//! values PLAIN, pages GZIP-compressed (DEFLATE, `miniz_oxide`).
//!
//! The writer's schema is the one the notebooks and pandas read: unsigned integers as
//! INT32/INT64 with the unsigned INTEGER logical type, texts as UTF-8 byte arrays, numbers
//! as DOUBLE, booleans as BOOLEAN. The reader takes the same subset from any writer, plus
//! REQUIRED columns, several row groups and pages, dictionary-encoded pages, data pages of
//! version 2, and uncompressed or ZSTD-compressed pages (`ruzstd`); other codecs and
//! encodings are refused by name.

mod gzip;
mod levels;
mod read;
mod thrift;
mod write;
mod zstd;

pub use read::read_parquet;
pub use write::write_parquet;

/// A Parquet file that cannot be written or read.
#[derive(Debug, thiserror::Error)]
pub enum ParquetError {
    /// The columns do not make a table (lengths differ, no columns, too many rows).
    #[error("cannot encode the table: {0}")]
    Encoding(String),
    /// The file is not Parquet, or uses what this reader does not read.
    #[error("{0}")]
    Format(String),
    /// The file could not be read or written.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

impl From<thrift::DecodeError> for ParquetError {
    fn from(error: thrift::DecodeError) -> Self {
        ParquetError::Format(error.0)
    }
}

/// Parquet's physical types.
mod physical {
    pub const BOOLEAN: i32 = 0;
    pub const INT32: i32 = 1;
    pub const INT64: i32 = 2;
    pub const FLOAT: i32 = 4;
    pub const DOUBLE: i32 = 5;
    pub const BYTE_ARRAY: i32 = 6;
}

/// Parquet's encodings.
mod encoding {
    pub const PLAIN: i32 = 0;
    pub const PLAIN_DICTIONARY: i32 = 2;
    pub const RLE: i32 = 3;
    pub const RLE_DICTIONARY: i32 = 8;
}

/// Parquet's compression codecs.
mod codec {
    pub const UNCOMPRESSED: i32 = 0;
    pub const GZIP: i32 = 2;
    pub const ZSTD: i32 = 6;
    pub const NAMES: [&str; 8] = [
        "UNCOMPRESSED",
        "SNAPPY",
        "GZIP",
        "LZO",
        "BROTLI",
        "LZ4",
        "ZSTD",
        "LZ4_RAW",
    ];
}

/// Parquet's page types.
mod page {
    pub const DATA: i32 = 0;
    pub const DICTIONARY: i32 = 2;
    pub const DATA_V2: i32 = 3;
}

/// Parquet's converted types used here.
mod converted {
    pub const UTF8: i32 = 0;
    pub const UINT_32: i32 = 13;
    pub const UINT_64: i32 = 14;
}

/// The magic bytes at both ends of a Parquet file.
const MAGIC: &[u8; 4] = b"PAR1";

#[cfg(test)]
mod tests;
