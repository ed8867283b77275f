//! `cells.csv` read into a [`TableFile`] by a parser of its own, so that every error names
//! the line it is on: the records (a file cut off mid-row refused at its last line), the
//! header checked, each field parsed into its column's kind.

use std::borrow::Cow;
use std::fs;
use std::path::Path;

use super::columns::{Kind, Spec, header_specs};
use super::{At, ReportError, TableFile, damaged, io_error};
use crate::table::{Column, Table, Texts, Values};

/// The records of a CSV text: comma-separated fields, `"`-quoted where they hold a
/// comma, quote or line end, each record ended by a line end.
struct Records<'a> {
    text: &'a str,
    position: usize,
    line: usize,
}

/// One record: its first line, whether it lacks its line end (the file's last line cut
/// off).
#[derive(Debug)]
struct Record {
    line: usize,
    unterminated: bool,
}

/// A malformed record: the line it is found on, and what is wrong.
type RecordError = (usize, String);

impl<'a> Records<'a> {
    fn new(text: &'a str) -> Self {
        Records {
            text,
            position: 0,
            line: 1,
        }
    }

    /// The next record's fields into `fields`; `None` at the end of the text.
    fn next_into(&mut self, fields: &mut Vec<Cow<'a, str>>) -> Result<Option<Record>, RecordError> {
        fields.clear();
        if self.position >= self.text.len() {
            return Ok(None);
        }
        let line = self.line;
        let bytes = self.text.as_bytes();
        loop {
            if bytes.get(self.position) == Some(&b'"') {
                fields.push(Cow::Owned(self.quoted_field(line)?));
            } else {
                fields.push(Cow::Borrowed(self.plain_field()));
            }
            match bytes.get(self.position) {
                Some(b',') => self.position += 1,
                Some(b'\n') => {
                    self.position += 1;
                    self.line += 1;
                    return Ok(Some(Record {
                        line,
                        unterminated: false,
                    }));
                }
                Some(b'\r') if bytes.get(self.position + 1) == Some(&b'\n') => {
                    self.position += 2;
                    self.line += 1;
                    return Ok(Some(Record {
                        line,
                        unterminated: false,
                    }));
                }
                None => {
                    return Ok(Some(Record {
                        line,
                        unterminated: true,
                    }));
                }
                Some(_) => {
                    return Err((
                        self.line,
                        "a quoted field is followed by more text before the next comma".into(),
                    ));
                }
            }
        }
    }

    /// The quoted field at the position (on its opening quote), unquoted; the position
    /// moves past its closing quote, the line past its line ends. `line`: the record's
    /// first line, for the error of a quote never closed.
    fn quoted_field(&mut self, line: usize) -> Result<String, RecordError> {
        let bytes = self.text.as_bytes();
        let mut value = String::new();
        let mut at = self.position + 1;
        let mut from = at;
        loop {
            match bytes.get(at) {
                None => {
                    return Err((
                        line,
                        "a quoted field is not closed: the file is cut off".into(),
                    ));
                }
                Some(b'"') if bytes.get(at + 1) == Some(&b'"') => {
                    value.push_str(&self.text[from..=at]);
                    at += 2;
                    from = at;
                }
                Some(b'"') => {
                    value.push_str(&self.text[from..at]);
                    at += 1;
                    break;
                }
                Some(b'\n') => {
                    self.line += 1;
                    at += 1;
                }
                Some(_) => at += 1,
            }
        }
        self.position = at;
        Ok(value)
    }

    /// The unquoted field at the position, without the `\r` of a CRLF line end; the
    /// position moves to the comma or line end after it.
    fn plain_field(&mut self) -> &'a str {
        let text = self.text;
        let rest = &text[self.position..];
        let end = rest.find([',', '\n']).unwrap_or(rest.len());
        let mut field = &rest[..end];
        if rest[end..].starts_with('\n') {
            field = field.strip_suffix('\r').unwrap_or(field);
        }
        self.position += end;
        field
    }
}

/// A column being read from CSV text, in its kind's type.
struct Builder {
    name: String,
    values: Values,
}

impl Builder {
    fn new(name: &str, kind: Kind, capacity: usize) -> Self {
        let values = match kind {
            Kind::Text | Kind::Index => Values::Text(Texts::with_capacity(capacity, 0)),
            Kind::U32 => Values::U32(Vec::with_capacity(capacity)),
            Kind::U64 => Values::U64(Vec::with_capacity(capacity)),
            Kind::Seconds => Values::F64(Vec::with_capacity(capacity)),
        };
        Builder {
            name: name.to_string(),
            values,
        }
    }

    /// Appends `field` (empty: a null), or says why it is not of the column's kind.
    fn push(&mut self, field: &str, kind: Kind) -> Result<(), String> {
        let null = field.is_empty();
        match &mut self.values {
            Values::Text(v) => v.push((!null).then_some(field)),
            Values::U32(v) => v.push(if null {
                None
            } else {
                Some(parse_count(field, kind, u64::from(u32::MAX))? as u32)
            }),
            Values::U64(v) => v.push(if null {
                None
            } else {
                Some(parse_count(field, kind, u64::MAX)?)
            }),
            Values::F64(v) => v.push(if null {
                None
            } else {
                Some(
                    field
                        .parse::<f64>()
                        .map_err(|_| format!("`{field}` is not {}", kind.expected()))?,
                )
            }),
            Values::I64(_) | Values::Bool(_) => unreachable!("no kind is read as these"),
        }
        Ok(())
    }

    fn finish(self) -> Column {
        Column::new(self.name, self.values)
    }
}

/// A count written in decimal, at most `largest`.
fn parse_count(field: &str, kind: Kind, largest: u64) -> Result<u64, String> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Some(magnitude) = field.strip_prefix('-')
        && digits(magnitude)
    {
        return Err(format!("{field} is negative: expected {}", kind.expected()));
    }
    if !digits(field) {
        return Err(format!("`{field}` is not {}", kind.expected()));
    }
    match field.parse::<u64>() {
        Ok(value) if value <= largest => Ok(value),
        _ => Err(format!(
            "{field} is too large: expected {}",
            kind.expected()
        )),
    }
}

/// The CSV table at `path`, every column in its kind's type, with each row's line.
pub(crate) fn read_csv(path: &Path) -> Result<TableFile, ReportError> {
    let bytes = fs::read(path).map_err(io_error("read", path))?;
    let text = utf8_text(path, &bytes)?;
    let mut records = Records::new(text);
    let mut fields = Vec::new();
    let (names, specs) = read_header(path, &mut records, &mut fields)?;
    // A row takes at least one byte per field.
    let capacity = text.len() / (2 * names.len()).max(1);
    let mut builders: Vec<Builder> = names
        .iter()
        .zip(&specs)
        .map(|(name, spec)| Builder::new(name, spec.kind, capacity))
        .collect();
    let mut lines = Vec::with_capacity(capacity);
    while let Some(record) = next_record(path, &mut records, &mut fields)? {
        check_complete(path, &record, &fields, names.len())?;
        for ((builder, field), (name, spec)) in builders
            .iter_mut()
            .zip(&fields)
            .zip(names.iter().zip(&specs))
        {
            builder
                .push(field, spec.kind)
                .map_err(|reason| damaged(path, Some(At::Line(record.line)), Some(name), reason))?;
        }
        lines.push(record.line);
    }
    let columns = builders.into_iter().map(Builder::finish).collect();
    Ok(TableFile {
        path: path.to_path_buf(),
        table: Table::new(columns),
        lines: Some(lines),
    })
}

/// `bytes` as text, or the line of its first byte that is not UTF-8.
fn utf8_text<'a>(path: &Path, bytes: &'a [u8]) -> Result<&'a str, ReportError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        damaged(path, Some(At::Line(line)), None, "not UTF-8 text".into())
    })
}

/// The next record of the file at `path`, its fields into `fields`; a malformed one
/// located.
fn next_record<'a>(
    path: &Path,
    records: &mut Records<'a>,
    fields: &mut Vec<Cow<'a, str>>,
) -> Result<Option<Record>, ReportError> {
    records
        .next_into(fields)
        .map_err(|(line, reason)| damaged(path, Some(At::Line(line)), None, reason))
}

/// The header's column names and their specs: the first record, ended by a line end.
fn read_header<'a>(
    path: &Path,
    records: &mut Records<'a>,
    fields: &mut Vec<Cow<'a, str>>,
) -> Result<(Vec<String>, Vec<Spec>), ReportError> {
    let Some(header) = next_record(path, records, fields)? else {
        return Err(damaged(
            path,
            None,
            None,
            "the file is empty: it has no header line".into(),
        ));
    };
    if header.unterminated {
        return Err(damaged(
            path,
            Some(At::Line(header.line)),
            None,
            "the header line has no line end: the file is cut off".into(),
        ));
    }
    let names: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
    let specs = header_specs(path, &names, Some(header.line))?;
    Ok((names, specs))
}

/// A data record has the header's `width` fields and its line end: a record that does
/// not is refused at its line (the last one, cut off, or an empty or a damaged one).
fn check_complete(
    path: &Path,
    record: &Record,
    fields: &[Cow<'_, str>],
    width: usize,
) -> Result<(), ReportError> {
    let at = Some(At::Line(record.line));
    if fields.len() != width {
        let reason = if record.unterminated {
            format!(
                "the last line is cut off: it has {} of the header's {} fields and no line end",
                fields.len(),
                width
            )
        } else if fields.len() == 1 && fields[0].is_empty() {
            "the line is empty".to_string()
        } else {
            format!("the line has {} fields, the header {}", fields.len(), width)
        };
        return Err(damaged(path, at, None, reason));
    }
    if record.unterminated {
        return Err(damaged(
            path,
            at,
            None,
            "the last line has no line end: the file is cut off (its last field may be short)"
                .into(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::folder::test_folders::{refused, register_csv};

    #[test]
    fn records_follow_quotes_and_line_ends() {
        let text = "a,b\r\n\"x,\"\"y\"\"\",2\n\"two\nlines\",3\nlast,4";
        let mut records = Records::new(text);
        let mut fields = Vec::new();
        let mut seen = Vec::new();
        while let Some(record) = records.next_into(&mut fields).unwrap() {
            seen.push((record.line, record.unterminated, fields.join("|")));
        }
        assert_eq!(
            seen,
            [
                (1, false, "a|b".to_string()),
                (2, false, "x,\"y\"|2".to_string()),
                (3, false, "two\nlines|3".to_string()),
                (5, true, "last|4".to_string()),
            ]
        );
        let mut open_quote = Records::new("\"cut");
        assert_eq!(open_quote.next_into(&mut fields).unwrap_err().0, 1);
    }

    #[test]
    fn a_table_cut_off_mid_row_is_refused_at_its_last_line() {
        let text = register_csv();
        let cut = &text[..text.len() - 30];
        assert_eq!(
            refused(cut),
            "line 36: the last line is cut off: it has 16 of the header's 18 fields and no line end"
        );
        // Cut in the last field: every field there, but no line end.
        let cut = &text[..text.len() - 3];
        assert!(
            refused(cut).starts_with("line 36: the last line has no line end"),
            "{}",
            refused(cut)
        );
        assert_eq!(
            refused(&(text.clone() + "\n")),
            "line 37: the line is empty"
        );
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines[2].push_str(",1");
        assert_eq!(
            refused(&(lines.join("\n") + "\n")),
            "line 3: the line has 19 fields, the header 18"
        );
    }
}
