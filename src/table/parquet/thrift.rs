//! Thrift's compact protocol, the encoding of Parquet's page headers and file metadata, as
//! far as Parquet uses it: structs, lists, booleans, integers and binary strings.
//!
//! Values are read into a [`Value`] tree and written from one, so that a reader can skip
//! the fields it does not know and a writer sets exactly the fields it means.

use std::collections::BTreeMap;

/// A decoded compact-protocol value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    /// A boolean.
    Bool(bool),
    /// A byte (written as one; read back as [`Value::I32`]).
    Byte(i8),
    /// A byte, a 16- or 32-bit integer (Parquet's enums are 32-bit integers).
    I32(i32),
    /// A 64-bit integer (Parquet's sizes, offsets and counts of values and rows).
    I64(i64),
    /// A double.
    Double(f64),
    /// A binary string (Parquet's names and keys are UTF-8 texts).
    Binary(Vec<u8>),
    /// A list or set.
    List(Vec<Value>),
    /// A struct or union: its fields by id.
    Struct(BTreeMap<i16, Value>),
}

/// What went wrong decoding.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub(crate) struct DecodeError(pub String);

fn malformed(what: &str) -> DecodeError {
    DecodeError(format!("malformed metadata: {what}"))
}

// Compact protocol type codes.
const BOOL_TRUE: u8 = 1;
const BOOL_FALSE: u8 = 2;
const BYTE: u8 = 3;
const I16: u8 = 4;
const I32: u8 = 5;
const I64: u8 = 6;
const DOUBLE: u8 = 7;
const BINARY: u8 = 8;
const LIST: u8 = 9;
const SET: u8 = 10;
const MAP: u8 = 11;
const STRUCT: u8 = 12;

/// Nesting deeper than this is refused (Parquet's metadata nests a few levels).
const MAX_DEPTH: usize = 64;

impl Value {
    /// A struct from `(field id, value)` pairs.
    pub(crate) fn record(fields: impl IntoIterator<Item = (i16, Value)>) -> Value {
        Value::Struct(fields.into_iter().collect())
    }

    /// A text.
    pub(crate) fn text(text: &str) -> Value {
        Value::Binary(text.as_bytes().to_vec())
    }

    /// Field `id` of a struct.
    pub(crate) fn field(&self, id: i16) -> Option<&Value> {
        match self {
            Value::Struct(fields) => fields.get(&id),
            _ => None,
        }
    }

    /// Field `id` as an integer, required.
    pub(crate) fn int(&self, id: i16, what: &str) -> Result<i64, DecodeError> {
        match self.field(id) {
            Some(Value::I32(v)) => Ok(i64::from(*v)),
            Some(Value::I64(v)) => Ok(*v),
            _ => Err(malformed(&format!("{what} missing"))),
        }
    }

    /// Field `id` as a text, required.
    pub(crate) fn string(&self, id: i16, what: &str) -> Result<String, DecodeError> {
        match self.field(id) {
            Some(Value::Binary(bytes)) => String::from_utf8(bytes.clone())
                .map_err(|_| malformed(&format!("{what} is not UTF-8"))),
            _ => Err(malformed(&format!("{what} missing"))),
        }
    }

    /// Field `id` as a list, required.
    pub(crate) fn list(&self, id: i16, what: &str) -> Result<&[Value], DecodeError> {
        match self.field(id) {
            Some(Value::List(items)) => Ok(items),
            _ => Err(malformed(&format!("{what} missing"))),
        }
    }
}

/// Writes `value` (a struct) in the compact protocol.
pub(crate) fn encode(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Struct(fields) => encode_struct(fields, out),
        _ => panic!("only a struct is a message"),
    }
}

fn type_code(value: &Value) -> u8 {
    match value {
        Value::Bool(true) => BOOL_TRUE,
        Value::Bool(false) => BOOL_FALSE,
        Value::Byte(_) => BYTE,
        Value::I32(_) => I32,
        Value::I64(_) => I64,
        Value::Double(_) => DOUBLE,
        Value::Binary(_) => BINARY,
        Value::List(_) => LIST,
        Value::Struct(_) => STRUCT,
    }
}

fn encode_struct(fields: &BTreeMap<i16, Value>, out: &mut Vec<u8>) {
    let mut last = 0i16;
    for (&id, value) in fields {
        let code = type_code(value);
        let delta = id - last;
        if (1..=15).contains(&delta) {
            out.push(((delta as u8) << 4) | code);
        } else {
            out.push(code);
            write_varint(zigzag(i64::from(id)), out);
        }
        if !matches!(value, Value::Bool(_)) {
            encode_body(value, out);
        }
        last = id;
    }
    out.push(0);
}

fn encode_body(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Bool(b) => out.push(if *b { BOOL_TRUE } else { BOOL_FALSE }),
        Value::Byte(v) => out.push(*v as u8),
        Value::I32(v) => write_varint(zigzag(i64::from(*v)), out),
        Value::I64(v) => write_varint(zigzag(*v), out),
        Value::Double(v) => out.extend_from_slice(&v.to_le_bytes()),
        Value::Binary(bytes) => {
            write_varint(bytes.len() as u64, out);
            out.extend_from_slice(bytes);
        }
        Value::List(items) => {
            let element = items.first().map_or(STRUCT, type_code);
            if items.len() < 15 {
                out.push(((items.len() as u8) << 4) | element);
            } else {
                out.push(0xF0 | element);
                write_varint(items.len() as u64, out);
            }
            for item in items {
                encode_body(item, out);
            }
        }
        Value::Struct(fields) => encode_struct(fields, out),
    }
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(v: u64) -> i64 {
    ((v >> 1) as i64) ^ -((v & 1) as i64)
}

/// Writes `v` as an unsigned LEB128 varint.
pub(crate) fn write_varint(mut v: u64, out: &mut Vec<u8>) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// A reader over a byte slice.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    position: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `bytes`.
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, position: 0 }
    }

    /// How many bytes have been read.
    pub(crate) fn position(&self) -> usize {
        self.position
    }

    /// Moves to `position`.
    pub(crate) fn seek(&mut self, position: usize) -> Result<(), DecodeError> {
        if position > self.bytes.len() {
            return Err(malformed("cut off"));
        }
        self.position = position;
        Ok(())
    }

    fn byte(&mut self) -> Result<u8, DecodeError> {
        let b = *self
            .bytes
            .get(self.position)
            .ok_or_else(|| malformed("cut off"))?;
        self.position += 1;
        Ok(b)
    }

    /// An unsigned LEB128 varint.
    pub(crate) fn varint(&mut self) -> Result<u64, DecodeError> {
        let mut value = 0u64;
        for shift in (0..70).step_by(7) {
            let b = self.byte()?;
            if shift == 63 && b > 1 {
                return Err(malformed("a varint beyond 64 bits"));
            }
            value |= u64::from(b & 0x7F) << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(malformed("a varint beyond 64 bits"))
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], DecodeError> {
        let end = self
            .position
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| malformed("cut off"))?;
        let slice = &self.bytes[self.position..end];
        self.position = end;
        Ok(slice)
    }

    /// A struct (the message at the reader's position).
    pub(crate) fn message(&mut self) -> Result<Value, DecodeError> {
        self.read_struct(0)
    }

    fn read_struct(&mut self, depth: usize) -> Result<Value, DecodeError> {
        if depth > MAX_DEPTH {
            return Err(malformed("nested too deeply"));
        }
        let mut fields = BTreeMap::new();
        let mut last = 0i16;
        loop {
            let header = self.byte()?;
            if header == 0 {
                return Ok(Value::Struct(fields));
            }
            let code = header & 0x0F;
            let delta = header >> 4;
            let id = if delta == 0 {
                i16::try_from(unzigzag(self.varint()?)).map_err(|_| malformed("a field id"))?
            } else {
                last.checked_add(i16::from(delta))
                    .ok_or_else(|| malformed("a field id"))?
            };
            let value = match code {
                BOOL_TRUE => Value::Bool(true),
                BOOL_FALSE => Value::Bool(false),
                _ => self.read_value(code, depth + 1)?,
            };
            fields.insert(id, value);
            last = id;
        }
    }

    fn read_value(&mut self, code: u8, depth: usize) -> Result<Value, DecodeError> {
        Ok(match code {
            BOOL_TRUE | BOOL_FALSE => Value::Bool(self.byte()? == BOOL_TRUE),
            BYTE => Value::I32(i32::from(self.byte()? as i8)),
            I16 | I32 => Value::I32(
                i32::try_from(unzigzag(self.varint()?)).map_err(|_| malformed("an i32"))?,
            ),
            I64 => Value::I64(unzigzag(self.varint()?)),
            DOUBLE => {
                let bytes = self.take(8)?;
                Value::Double(f64::from_le_bytes(bytes.try_into().expect("8 bytes")))
            }
            BINARY => {
                let n = usize::try_from(self.varint()?).map_err(|_| malformed("a length"))?;
                Value::Binary(self.take(n)?.to_vec())
            }
            LIST | SET => {
                let header = self.byte()?;
                let element = header & 0x0F;
                let size = match header >> 4 {
                    15 => usize::try_from(self.varint()?).map_err(|_| malformed("a length"))?,
                    n => usize::from(n),
                };
                if size > self.bytes.len() - self.position + 1 {
                    return Err(malformed("a list longer than the file"));
                }
                let mut items = Vec::with_capacity(size);
                for _ in 0..size {
                    items.push(self.read_value(element, depth + 1)?);
                }
                Value::List(items)
            }
            MAP => {
                let size = usize::try_from(self.varint()?).map_err(|_| malformed("a length"))?;
                if size > 0 {
                    let types = self.byte()?;
                    for _ in 0..size {
                        self.read_value(types >> 4, depth + 1)?;
                        self.read_value(types & 0x0F, depth + 1)?;
                    }
                }
                Value::List(Vec::new())
            }
            STRUCT => self.read_struct(depth)?,
            other => return Err(malformed(&format!("unknown type code {other}"))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_struct_reads_back_as_written() {
        let inner = Value::record([(1, Value::I32(-7)), (2, Value::text("é"))]);
        let message = Value::record([
            (1, Value::I32(3)),
            (2, Value::Bool(false)),
            (4, Value::I64(1 << 40)),
            (20, Value::Double(0.25)),
            (21, Value::List(vec![inner.clone(); 20])),
            (22, Value::List(vec![Value::I32(1), Value::I32(-1)])),
            (23, inner),
        ]);
        let mut bytes = Vec::new();
        encode(&message, &mut bytes);
        let mut reader = Reader::new(&bytes);
        assert_eq!(reader.message().unwrap(), message);
        assert_eq!(reader.position(), bytes.len());
    }

    #[test]
    fn known_bytes_decode_as_the_protocol_says() {
        // Field 1 (delta 1, i32) = 150 → zigzag 300 → varint AC 02; field 3 true; stop.
        let bytes = [0x15, 0xAC, 0x02, 0x21, 0x00];
        let value = Reader::new(&bytes).message().unwrap();
        assert_eq!(value.int(1, "a").unwrap(), 150);
        assert_eq!(value.field(3), Some(&Value::Bool(true)));
    }

    #[test]
    fn cut_off_or_hostile_bytes_are_errors_not_panics() {
        for bytes in [
            &[0x15][..],
            &[0x19, 0xF9, 0xFF, 0xFF, 0xFF, 0x0F],
            &[0x1D],
            &[0x18, 0x80],
        ] {
            assert!(Reader::new(bytes).message().is_err(), "{bytes:?}");
        }
    }
}
