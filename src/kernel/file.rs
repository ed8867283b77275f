//! The located error of every TOML input file, and reading an input file's text.
//!
//! Every input file (a context, experiment, choice model or tuning file) reports what is
//! wrong as a [`FileError`]: the file, the 1-based line and column, and the dotted field.

use std::ops::Range;
use std::path::Path;

/// An error in a TOML input file, located by file, line, column and field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}:{line}:{column}: field `{field}`: {message}")]
pub struct FileError {
    /// The file.
    pub path: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// The dotted path of the offending field (`pools.int.init`), or `(document)`.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl FileError {
    /// An error at byte range `span` of `source`, in the field `field` (if `None`, the field
    /// is inferred from the TOML text around the span).
    pub fn at(
        path: &Path,
        source: &str,
        span: Option<Range<usize>>,
        field: Option<&str>,
        message: impl Into<String>,
    ) -> Self {
        let offset = span.map(|s| s.start.min(source.len())).unwrap_or(0);
        let before = &source[..offset];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        let field = field
            .map(str::to_string)
            .unwrap_or_else(|| field_at(source, offset));
        // A place no key names (e.g. a line that is not a key) is the document's.
        let field = if field.is_empty() {
            "(document)".to_string()
        } else {
            field
        };
        FileError {
            path: path.display().to_string(),
            line,
            column,
            field,
            message: message.into(),
        }
    }

    /// Converts a TOML parse or deserialization error.
    pub fn from_toml(path: &Path, source: &str, err: &toml::de::Error) -> Self {
        Self::at(
            path,
            source,
            err.span(),
            None,
            err.message().trim().to_string(),
        )
    }
}

/// The dotted key path of the TOML field at byte `offset`: the enclosing `[table]`
/// header joined with the key on that line (best effort, for messages).
pub fn field_at(source: &str, offset: usize) -> String {
    let mut table = String::new();
    let mut line_start = 0;
    for line in source.split_inclusive('\n') {
        let end = line_start + line.len();
        let trimmed = line.trim();
        if trimmed.starts_with('[') && offset >= end {
            table = trimmed
                .trim_matches(|c| c == '[' || c == ']')
                .trim()
                .to_string();
        }
        if offset < end || end == source.len() {
            let key = trimmed
                .split('=')
                .next()
                .filter(|_| trimmed.contains('='))
                .map(|k| k.trim().trim_matches('"').to_string());
            // An inline table on this line: name the inner key the offset falls in.
            let column = offset.saturating_sub(line_start).min(line.len());
            let in_inline_table = line[..column].contains('{');
            let word_here: String = line[column..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let after_word = line[column + word_here.len()..].trim_start();
            let inner = if in_inline_table && !word_here.is_empty() && after_word.starts_with('=') {
                Some(word_here.as_str())
            } else {
                line[..column]
                    .rsplit([',', '{'])
                    .next()
                    .and_then(|s| s.split('=').next())
                    .map(str::trim)
                    .filter(|s| !s.is_empty() && in_inline_table)
            };
            let mut parts: Vec<String> = Vec::new();
            if !table.is_empty() && !trimmed.starts_with('[') {
                parts.push(table.clone());
            }
            if let Some(k) = key.filter(|k| !k.is_empty() && !k.starts_with('[')) {
                parts.push(k);
            } else if trimmed.starts_with('[') {
                parts.push(
                    trimmed
                        .trim_matches(|c| c == '[' || c == ']')
                        .trim()
                        .to_string(),
                );
            }
            if let Some(inner) = inner
                && !inner.contains('[')
                && !inner.contains('"')
            {
                parts.push(inner.to_string());
            }
            return if parts.is_empty() {
                "(document)".into()
            } else {
                parts.join(".")
            };
        }
        line_start = end;
    }
    "(document)".into()
}

/// Errors reading an input file (a context, experiment, model or tuning file).
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read (the I/O error is in the message, not a `source()`, so
    /// that a chain of causes says it once).
    #[error("cannot read {path}: {cause}")]
    Io {
        /// The file.
        path: String,
        /// The I/O error.
        cause: std::io::Error,
    },
    /// The file is not a valid context.
    #[error(transparent)]
    Invalid(#[from] FileError),
}

/// Reads a text input file (an experiment, context, model or tuning file): a read error
/// names the file; text that is not UTF-8 is a [`FileError`] at the line and column of
/// its first invalid byte.
pub fn read_source(path: &Path) -> Result<String, LoadError> {
    let bytes = std::fs::read(path).map_err(|cause| LoadError::Io {
        path: path.display().to_string(),
        cause,
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let valid = e.utf8_error().valid_up_to();
        // The valid prefix locates the byte; it is text, so FileError can count in it.
        let prefix = std::str::from_utf8(&bytes[..valid]).expect("valid up to here");
        let located = FileError::at(
            path,
            prefix,
            Some(valid..valid),
            Some("(document)"),
            format!(
                "the file is not UTF-8 text: byte 0x{:02X} cannot stand here",
                bytes[valid]
            ),
        );
        LoadError::Invalid(located)
    })
}
