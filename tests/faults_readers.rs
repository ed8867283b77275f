//! Damaged results folders (issue 45): a copy of the committed smoke reference, damaged
//! one way at a time — its CSV table cut off mid-row, an outcome misspelt, a row deleted,
//! its manifest cut short or unfinished, its two tables made to disagree, a value of the
//! wrong type, a table that cannot be read — is refused by `diff`, `compare` and `plot`
//! with one message naming the file (and line and column where there is one), a non-zero
//! exit, and nothing written. And what writes a results folder's files names the file it
//! could not write.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The committed folder every test damages a copy of (three replicates, so `compare`
/// accepts it when it is whole).
const SMOKE: &str = "results/andrews2010-smoke";

fn testspace() -> Command {
    Command::cargo_bin("testspace").unwrap()
}

/// A copy of the smoke reference (its tables, manifest and experiment, not its
/// `REFERENCE.md`, so that `plot` would write into it) at `root/results`.
fn copy(root: &Path) -> PathBuf {
    let folder = root.join("results");
    std::fs::create_dir(&folder).unwrap();
    for file in [
        "cells.csv",
        "cells.parquet",
        "manifest.json",
        "experiment.toml",
    ] {
        std::fs::copy(Path::new(SMOKE).join(file), folder.join(file)).unwrap();
    }
    folder
}

/// The files of `folder`, by name.
fn listing(folder: &Path) -> BTreeSet<String> {
    std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// The CSV table's text with `column` of data row `row` (0-based) set to `value`.
fn with_field(text: &str, row: usize, column: &str, value: &str) -> String {
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let at = header.iter().position(|h| *h == column).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut fields: Vec<&str> = lines[row + 1].split(',').collect();
    fields[at] = value;
    lines[row + 1] = fields.join(",");
    lines.join("\n") + "\n"
}

/// Sets `column` of data row `row` (0-based) of `folder`'s CSV table to `value`; the
/// table's text before.
fn set_field(folder: &Path, row: usize, column: &str, value: &str) -> String {
    let path = folder.join("cells.csv");
    let text = read(&path);
    std::fs::write(&path, with_field(&text, row, column, value)).unwrap();
    text
}

/// Runs `diff`, `compare` and `plot` (with `--out`, and into the folder itself) on the
/// damaged `folder`: each must fail with a one-line message holding every one of
/// `needles`, print nothing on stdout and write nothing.
fn refused_by_every_reader(folder: &Path, needles: &[&str]) {
    let root = folder.parent().unwrap();
    let out = root.join("plots");
    let before = listing(folder);
    let runs: [(&str, Vec<std::ffi::OsString>, Option<i32>); 4] = [
        (
            "diff",
            vec![folder.into(), SMOKE.into()],
            Some(2), // 0: identical, 1: different, 2: cannot compare
        ),
        (
            "compare",
            vec![folder.into(), "--resamples".into(), "50".into()],
            None,
        ),
        (
            "plot",
            vec![folder.into(), "--out".into(), (&out).into()],
            None,
        ),
        ("plot", vec![folder.into()], None),
    ];
    for (command, args, code) in runs {
        let output = testspace().arg(command).args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{command} accepted it: {stderr}");
        if let Some(code) = code {
            assert_eq!(output.status.code(), Some(code), "{command}: {stderr}");
        }
        assert!(output.stdout.is_empty(), "{command} printed something");
        for needle in needles {
            assert!(
                stderr.contains(needle),
                "{command}: no `{needle}` in: {stderr}"
            );
        }
        assert_eq!(
            stderr.trim_end().lines().count(),
            1,
            "{command}: one message: {stderr}"
        );
        assert!(!out.exists(), "{command} wrote {}", out.display());
        assert_eq!(listing(folder), before, "{command} wrote into the folder");
    }
}

#[test]
fn the_whole_copy_is_read() {
    let root = tempfile::tempdir().unwrap();
    let folder = copy(root.path());
    testspace()
        .arg("diff")
        .arg(&folder)
        .arg(SMOKE)
        .assert()
        .success();
}

#[test]
fn a_csv_table_cut_off_mid_row_is_refused_at_its_last_line() {
    let root = tempfile::tempdir().unwrap();
    let folder = copy(root.path());
    std::fs::remove_file(folder.join("cells.parquet")).unwrap();
    let text = read(&folder.join("cells.csv"));
    let lines = text.lines().count();
    // Mid-row: a few fields of the last row written, the rest (and its line end) lost.
    let last = text.trim_end().rfind('\n').unwrap() + 1;
    std::fs::write(folder.join("cells.csv"), &text[..last + 40]).unwrap();
    let at = format!(
        "{}, line {lines}: the last line is cut off",
        folder.join("cells.csv").display()
    );
    refused_by_every_reader(&folder, &[&at, "no line end"]);
    // Cut at the very end: every field there, but the last one may be short.
    std::fs::write(folder.join("cells.csv"), &text[..text.len() - 1]).unwrap();
    refused_by_every_reader(
        &folder,
        &[&format!("line {lines}: the last line has no line end")],
    );
}

#[test]
fn a_misspelt_outcome_is_refused_in_either_table_setup() {
    let root = tempfile::tempdir().unwrap();
    let folder = copy(root.path());
    let row = read(&folder.join("cells.csv"))
        .lines()
        .skip(1)
        .position(|l| l.contains(",killed,"))
        .unwrap();
    let text = set_field(&folder, row, "outcome", "kiled");
    let at = format!(
        "{}, line {}, column `outcome`: `kiled` is not an outcome (killed, survived, timeout, crash)",
        folder.join("cells.csv").display(),
        row + 2
    );
    // Beside the Parquet table, and alone.
    refused_by_every_reader(&folder, &[&at]);
    std::fs::remove_file(folder.join("cells.parquet")).unwrap();
    refused_by_every_reader(&folder, &[&at]);
    // A valid outcome its counts contradict.
    let survived = text
        .lines()
        .skip(1)
        .position(|l| l.contains(",survived,"))
        .unwrap();
    std::fs::write(folder.join("cells.csv"), &text).unwrap();
    set_field(&folder, survived, "outcome", "killed");
    refused_by_every_reader(
        &folder,
        &[&format!(
            "line {}, column `outcome`: `killed` contradicts",
            survived + 2
        )],
    );
}

#[test]
fn a_deleted_row_is_refused_against_the_parquet_table_or_the_manifests_count() {
    let root = tempfile::tempdir().unwrap();
    let folder = copy(root.path());
    let text = read(&folder.join("cells.csv"));
    let mut lines: Vec<&str> = text.lines().collect();
    lines.remove(10);
    std::fs::write(folder.join("cells.csv"), lines.join("\n") + "\n").unwrap();
    refused_by_every_reader(
        &folder,
        &[
            "cells.csv and ",
            "cells.parquet disagree: cells.parquet holds 1060 cells, cells.csv 1059; they part \
             at line 11 of cells.csv (row 10 of cells.parquet)",
        ],
    );
    // Without the Parquet table, the manifest's count (runs since it was added record it).
    std::fs::remove_file(folder.join("cells.parquet")).unwrap();
    let manifest = folder.join("manifest.json");
    let mut value: serde_json::Value = serde_json::from_str(&read(&manifest)).unwrap();
    value["cells"] = 1060.into();
    std::fs::write(&manifest, value.to_string()).unwrap();
    refused_by_every_reader(
        &folder,
        &[&format!(
            "{}: it holds 1059 cells, but {} records 1060: rows were lost",
            folder.join("cells.csv").display(),
            manifest.display()
        )],
    );
}

#[test]
fn a_corrupt_or_unfinished_manifest_is_refused() {
    let root = tempfile::tempdir().unwrap();
    let folder = copy(root.path());
    let manifest = folder.join("manifest.json");
    let text = read(&manifest);
    std::fs::write(&manifest, &text[..text.len() / 2]).unwrap();
    refused_by_every_reader(
        &folder,
        &[
            &format!("{}, line ", manifest.display()),
            "not a testspace manifest",
        ],
    );
    std::fs::write(&manifest, text.replace("\"experiment_sha256\"", "\"sha\"")).unwrap();
    refused_by_every_reader(&folder, &["missing field `experiment_sha256`"]);
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["finished"] = serde_json::Value::Null;
    std::fs::write(&manifest, value.to_string()).unwrap();
    refused_by_every_reader(&folder, &["holds an unfinished run"]);
}

#[test]
fn tables_that_disagree_are_named_with_the_first_difference() {
    let root = tempfile::tempdir().unwrap();
    let folder = copy(root.path());
    let text = read(&folder.join("cells.csv"));
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let at = header.iter().position(|h| *h == "method_calls").unwrap();
    let old = text.lines().nth(3).unwrap().split(',').nth(at).unwrap();
    let new = (old.parse::<u64>().unwrap() + 1).to_string();
    set_field(&folder, 2, "method_calls", &new);
    refused_by_every_reader(
        &folder,
        &[&format!(
            "disagree: column `method_calls` at line 4 of cells.csv (row 3 of cells.parquet): \
             `{new}` in cells.csv, `{old}` in cells.parquet"
        )],
    );
}

#[test]
fn a_value_of_the_wrong_type_is_one_located_message_without_advice() {
    let root = tempfile::tempdir().unwrap();
    let folder = copy(root.path());
    std::fs::remove_file(folder.join("cells.parquet")).unwrap();
    set_field(&folder, 4, "seed", "seven");
    refused_by_every_reader(
        &folder,
        &[&format!(
            "{}, line 6, column `seed`: `seven` is not a count (a non-negative integer)",
            folder.join("cells.csv").display()
        )],
    );
}

#[test]
fn a_table_that_cannot_be_read_names_the_file_and_the_error_once() {
    let root = tempfile::tempdir().unwrap();
    let folder = copy(root.path());
    std::fs::remove_file(folder.join("cells.parquet")).unwrap();
    std::fs::create_dir(folder.join("cells.parquet")).unwrap();
    let message = format!(
        "cannot read {}: Is a directory (os error 21)",
        folder.join("cells.parquet").display()
    );
    refused_by_every_reader(&folder, &[&message]);
    let output = testspace()
        .arg("diff")
        .arg(&folder)
        .arg(SMOKE)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.matches("os error 21").count(), 1, "{stderr}");
    // Parquet bytes that are not Parquet.
    std::fs::remove_dir(folder.join("cells.parquet")).unwrap();
    std::fs::write(folder.join("cells.parquet"), "PAR1 not really").unwrap();
    refused_by_every_reader(
        &folder,
        &[&format!(
            "{}: not a readable Parquet file",
            folder.join("cells.parquet").display()
        )],
    );
}

#[test]
fn plot_names_the_file_it_cannot_write_and_leaves_nothing() {
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("plots");
    // In plot's own folder (its marker), a folder where a table is to go: nothing may
    // appear beside it.
    std::fs::create_dir_all(out.join("figure3.csv")).unwrap();
    std::fs::write(out.join(".testspace-output"), "plot\n").unwrap();
    let output = testspace()
        .args(["plot", "testdata/results/register", "--out"])
        .arg(&out)
        .env("TESTSPACE_FIXTURE_SUBJECTS", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains(&format!(
            "error: cannot write {}: it is a folder",
            out.join("figure3.csv").display()
        )),
        "{stderr}"
    );
    assert_eq!(
        listing(&out),
        BTreeSet::from([".testspace-output".to_string(), "figure3.csv".to_string()])
    );
}

#[test]
fn show_test_reduce_and_minimal_refuse_a_damaged_folder_too() {
    let root = tempfile::tempdir().unwrap();
    let folder = copy(root.path());
    std::fs::remove_file(folder.join("cells.parquet")).unwrap();
    set_field(&folder, 0, "stop", "stopped");
    let at = format!(
        "{}, line 2, column `stop`: `stopped` is not a reason to stop",
        folder.join("cells.csv").display()
    );
    let cell = [
        "--subject",
        "ArrayList",
        "--mutant",
        "1",
        "--strategy",
        "r",
        "--n",
        "10",
    ];
    let out = root.path().join("minimal");
    let before = listing(&folder);
    for mut command in [
        {
            let mut c = testspace();
            c.arg("show-test").arg(&folder).args(cell);
            c
        },
        {
            let mut c = testspace();
            c.arg("reduce").arg(&folder).args(cell);
            c
        },
        {
            let mut c = testspace();
            c.arg("minimal").arg(&folder).arg("--out").arg(&out);
            c
        },
    ] {
        let output = command.output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{command:?}");
        assert!(stderr.contains(&at), "{command:?}: {stderr}");
        assert!(output.stdout.is_empty());
    }
    assert!(!out.exists());
    assert_eq!(listing(&folder), before);
}
