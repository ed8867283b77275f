//! Copies of the committed fixture folder, damaged as a test needs, for the tests of
//! every stage.

use std::fs;
use std::path::Path;

use super::{CSV, EXPERIMENT, MANIFEST, open};

/// The committed fixture folder (Parquet and CSV, experiment, manifest without a cell
/// count).
pub(crate) const REGISTER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/results/register");

/// A copy of the register folder with `csv` as its only table and its manifest edited
/// by `manifest`.
pub(crate) fn folder(csv: &str, manifest: impl Fn(&str) -> String) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = Path::new(REGISTER);
    fs::copy(from.join(EXPERIMENT), dir.path().join(EXPERIMENT)).unwrap();
    let text = fs::read_to_string(from.join(MANIFEST)).unwrap();
    fs::write(dir.path().join(MANIFEST), manifest(&text)).unwrap();
    fs::write(dir.path().join(CSV), csv).unwrap();
    dir
}

/// The register folder's CSV table.
pub(crate) fn register_csv() -> String {
    fs::read_to_string(Path::new(REGISTER).join(CSV)).unwrap()
}

/// The message of opening a copy of the register folder whose CSV table is `csv`.
pub(crate) fn refused(csv: &str) -> String {
    let dir = folder(csv, str::to_string);
    let message = open(dir.path()).unwrap_err().to_string();
    let prefix = format!("{}, ", dir.path().join(CSV).display());
    message
        .strip_prefix(&prefix)
        .unwrap_or_else(|| panic!("names the file: {message}"))
        .to_string()
}

/// `register_csv()` with the field `column` of data line `line` (2 = first row) set to
/// `value`.
pub(crate) fn with_field(line: usize, column: &str, value: &str) -> String {
    let text = register_csv();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let at = header.iter().position(|h| *h == column).unwrap();
    let lines: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == line {
                let mut fields: Vec<&str> = l.split(',').collect();
                fields[at] = value;
                fields.join(",")
            } else {
                l.to_string()
            }
        })
        .collect();
    lines.join("\n") + "\n"
}
