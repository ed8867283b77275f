//! `manifest.json`: a manifest, of a finished run; and each table against it — the
//! number of cells it records (runs since the count was added), replicates within its
//! replicates.

use std::fs;
use std::io;
use std::path::Path;

use super::by_row::small_counts;
use super::{At, ReportError, TableFile, damaged, io_error};
use crate::runner::output::{Manifest, parse_manifest};

/// The manifest at `path` of the folder `directory`, parsed, of a finished run, its
/// fields in their domains.
pub(crate) fn read_checked_manifest(
    directory: &Path,
    path: &Path,
) -> Result<Manifest, ReportError> {
    let text = fs::read_to_string(path).map_err(|source| {
        if source.kind() == io::ErrorKind::InvalidData {
            damaged(path, None, None, "not UTF-8 text".into())
        } else {
            io_error("read", path)(source)
        }
    })?;
    let manifest = parse_manifest(&text).map_err(|e| {
        damaged(
            path,
            Some(At::Line(e.line())),
            None,
            format!("not a testspace manifest: {}", serde_message(&e)),
        )
    })?;
    let wrong = |reason: String| damaged(path, None, None, reason);
    if manifest.finished.is_none() {
        return Err(ReportError::Unfinished {
            path: directory.to_path_buf(),
        });
    }
    if manifest.replicates == 0 {
        return Err(wrong("`replicates` is 0".into()));
    }
    let hex = |s: &str| s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit());
    if !hex(&manifest.experiment_sha256) {
        return Err(wrong(format!(
            "`experiment_sha256` is `{}`, not a SHA-256 in hex",
            manifest.experiment_sha256
        )));
    }
    if serde_json::from_value::<crate::oracle::OracleKind>(manifest.oracle.clone().into()).is_err()
    {
        return Err(wrong(format!(
            "`oracle` is `{}`, not an oracle of testspace (`paper`, `strict`)",
            manifest.oracle
        )));
    }
    for (field, value) in [
        ("experiment", &manifest.experiment),
        ("started", &manifest.started),
    ] {
        if value.is_empty() {
            return Err(wrong(format!("`{field}` is empty")));
        }
    }
    Ok(manifest)
}

/// serde's message without the position it appends (the error is located by line).
fn serde_message(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    text.strip_suffix(&suffix).unwrap_or(&text).to_string()
}

/// `table` holds the number of cells `manifest` records, if it records one, and no
/// replicate beyond its replicates.
pub(crate) fn check_against_manifest(
    table: &TableFile,
    manifest: &Manifest,
    manifest_path: &Path,
) -> Result<(), ReportError> {
    let height = table.table.height();
    if let Some(cells) = manifest.cells
        && cells != height as u64
    {
        return Err(damaged(
            &table.path,
            None,
            None,
            format!(
                "it holds {height} cells, but {} records {cells}: rows were {}",
                manifest_path.display(),
                if (height as u64) < cells {
                    "lost"
                } else {
                    "added"
                }
            ),
        ));
    }
    if let Some(replicate) = small_counts(&table.table, "replicate")
        && let Some(row) = replicate
            .iter()
            .position(|r| r.is_some_and(|r| r >= manifest.replicates))
    {
        return Err(table.error(
            row,
            "replicate",
            format!(
                "replicate {} of a run of {} replicates ({})",
                replicate.get(row).unwrap_or_default(),
                manifest.replicates,
                manifest_path.display()
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::folder::test_folders::{folder, register_csv};
    use crate::report::folder::{MANIFEST, open};

    #[test]
    fn an_unknown_oracle_is_refused() {
        let dir = folder(&register_csv(), |m| {
            m.replace("\"oracle\": \"paper\"", "\"oracle\": \"bogus\"")
        });
        let message = open(dir.path()).unwrap_err().to_string();
        assert!(
            message.ends_with(
                "manifest.json: `oracle` is `bogus`, not an oracle of testspace (`paper`, `strict`)"
            ),
            "{message}"
        );
    }

    #[test]
    fn the_manifest_must_be_of_a_finished_run_and_count_the_cells() {
        let text = register_csv();
        let unfinished = folder(&text, |m| {
            m.replace(
                "\"finished\": \"2026-11-22T02:24:16Z\"",
                "\"finished\": null",
            )
        });
        assert!(matches!(
            open(unfinished.path()),
            Err(ReportError::Unfinished { .. })
        ));
        let cut = folder(&text, |m| m[..m.len() / 2].to_string());
        let message = open(cut.path()).unwrap_err().to_string();
        let expected = format!("{}, line 8: ", cut.path().join(MANIFEST).display());
        assert!(
            message.starts_with(&expected)
                && message.contains("not a testspace manifest: EOF while parsing"),
            "{message}"
        );
        let counted = |cells: u64| {
            move |m: &str| {
                m.replace(
                    "\"jobs\": 2,",
                    &format!("\"jobs\": 2,\n  \"cells\": {cells},"),
                )
            }
        };
        assert!(open(folder(&text, counted(35)).path()).is_ok());
        let lost = folder(&text, counted(36));
        let message = open(lost.path()).unwrap_err().to_string();
        assert!(
            message.ends_with(&format!(
                "cells.csv: it holds 35 cells, but {} records 36: rows were lost",
                lost.path().join(MANIFEST).display()
            )),
            "{message}"
        );
    }
}
