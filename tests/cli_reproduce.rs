//! The first-contact path: `testspace reproduce` on a fresh copy of the repository, the
//! committed reference runs it compares with, and `testspace diff`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn testspace() -> Command {
    let mut cmd = Command::cargo_bin("testspace").unwrap();
    cmd.env_remove("TESTSPACE_FIXTURE_SUBJECTS");
    cmd
}

/// A copy of the files git tracks (what a clone has: no build outputs, no journal) in a
/// temporary folder.
fn committed_tree() -> tempfile::TempDir {
    let listing = std::process::Command::new("git")
        .args(["ls-files", "-z"])
        .output()
        .expect("git is needed to list the committed tree");
    assert!(listing.status.success(), "git ls-files failed");
    let copy = tempfile::tempdir().unwrap();
    for file in listing.stdout.split(|&b| b == 0).filter(|f| !f.is_empty()) {
        let file = Path::new(std::str::from_utf8(file).unwrap());
        if !file.exists() {
            continue; // deleted in the working tree, not yet committed
        }
        let target = copy.path().join(file);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(file, &target).unwrap();
    }
    copy
}

/// Every file below `folder` with its bytes.
fn snapshot(folder: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            files.insert(path.clone(), std::fs::read(&path).unwrap());
        }
    }
    files
}

/// A newcomer's first run: the smoke profile of the paper's experiment on a fresh copy of
/// the committed tree runs to the end, draws its figures into runs/, leaves the committed
/// reference untouched, prints plain progress lines (stderr is no terminal here) and ends
/// with the verdict of its comparison with the reference of the source tree it was built
/// from. Run again, it refuses to mix into the finished run; resumed, it has nothing left
/// to run.
#[test]
fn reproduce_on_a_fresh_copy_runs_to_the_end_and_compares_with_the_committed_reference() {
    let tree = committed_tree();
    let reference = tree.path().join("results/andrews2010-smoke");
    assert!(
        reference.join("REFERENCE.md").is_file(),
        "the smoke reference is committed"
    );
    let before = snapshot(&reference);

    let output = testspace()
        .current_dir(tree.path())
        .args(["reproduce", "--profile", "smoke", "--progress-every", "1"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    let run = tree.path().join("runs/andrews2010-smoke");
    for file in ["cells.csv", "cells.parquet", "manifest.json", "figure6.png"] {
        assert!(run.join(file).is_file(), "{file} missing from runs/");
    }
    assert!(
        stderr.contains("% of the expected cost") && stderr.contains("cells in "),
        "{stderr}"
    );
    // The reference is the source tree's (the copy's is the same).
    let source_reference = Path::new(env!("CARGO_MANIFEST_DIR")).join("results/andrews2010-smoke");
    let last = stdout.trim_end().lines().last().unwrap_or_default();
    assert!(
        last.starts_with("identical: all ")
            && last.contains(&format!(
                "runs/andrews2010-smoke equal those of {}",
                source_reference.display()
            )),
        "the output ends with the comparison:\n{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "comparison with the committed reference run {}",
            source_reference.display()
        )),
        "{stdout}"
    );
    assert!(stdout.contains("wall-clock"), "{stdout}");
    assert_eq!(before, snapshot(&reference), "the reference was written to");

    testspace()
        .current_dir(tree.path())
        .args(["reproduce", "--profile", "smoke"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("already holds a finished run"));
    testspace()
        .current_dir(tree.path())
        .args(["reproduce", "--profile", "smoke", "--resume", "--quiet"])
        .assert()
        .success()
        .stdout(predicate::str::contains("(0 run now)").and(predicate::str::contains("identical")));
}

/// The reference is the source tree's, wherever `reproduce` runs: from an empty working
/// directory it still compares (and passes); against a tampered reference it prints
/// `DIFFERENT` and exits 1, as `run` does against a tampered reference in its working
/// directory; with no reference to be found it says the comparison was skipped and exits 2.
#[test]
fn reproduce_fails_unless_it_finds_the_reference_and_equals_it() {
    let elsewhere = tempfile::tempdir().unwrap();
    let run = elsewhere.path().join("run");
    let source_reference = Path::new(env!("CARGO_MANIFEST_DIR")).join("results/andrews2010-smoke");
    let reproduce = |extra: &[&std::ffi::OsStr]| {
        let mut cmd = testspace();
        cmd.current_dir(elsewhere.path())
            .args(["reproduce", "--profile", "smoke", "--quiet", "--out"])
            .arg(&run)
            .args(extra);
        cmd.output().unwrap()
    };
    let first = reproduce(&[]);
    let stdout = String::from_utf8_lossy(&first.stdout);
    assert!(
        first.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert!(
        stdout.contains(&format!(
            "comparison with the committed reference run {}",
            source_reference.display()
        )) && stdout.contains("identical: all "),
        "{stdout}"
    );

    let tampered = edited_copy(|text| first_cell_tampered(text).join("\n") + "\n");
    let resume = std::ffi::OsStr::new("--resume");
    let reference = std::ffi::OsStr::new("--reference");
    let different = reproduce(&[resume, reference, tampered.path().as_os_str()]);
    let stdout = String::from_utf8_lossy(&different.stdout);
    let stderr = String::from_utf8_lossy(&different.stderr);
    assert_eq!(different.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("DIFFERENT:") && stdout.contains(" ≠ 999999"),
        "{stdout}"
    );
    assert!(
        stderr.contains("the results differ from the committed reference run"),
        "{stderr}"
    );

    let nowhere = elsewhere.path().join("no-such-reference");
    let skipped = reproduce(&[resume, reference, nowhere.as_os_str()]);
    let stdout = String::from_utf8_lossy(&skipped.stdout);
    let stderr = String::from_utf8_lossy(&skipped.stderr);
    assert_eq!(skipped.status.code(), Some(2), "{stdout}\n{stderr}");
    assert!(stdout.contains("no committed reference run at"), "{stdout}");
    assert!(stderr.contains("was skipped"), "{stderr}");

    // `run` finds its reference in the working directory: there, the tampered copy.
    let in_working_directory = elsewhere.path().join("results/andrews2010-smoke");
    std::fs::create_dir_all(&in_working_directory).unwrap();
    for entry in std::fs::read_dir(tampered.path()).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), in_working_directory.join(entry.file_name())).unwrap();
    }
    let output = testspace()
        .current_dir(elsewhere.path())
        .arg("run")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/andrews2010.toml"))
        .args(["--profile", "smoke", "--quiet", "--resume", "--out"])
        .arg(&run)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("DIFFERENT:"), "{stdout}");
}

/// No command writes into a committed reference run.
#[test]
fn run_and_plot_refuse_to_write_into_a_reference_run() {
    let reference = Path::new("results/andrews2010-smoke");
    let before = snapshot(reference);
    testspace()
        .args(["reproduce", "--profile", "smoke", "--resume", "--out"])
        .arg(reference)
        .assert()
        .failure()
        .stderr(predicate::str::contains("is a committed reference run"));
    testspace()
        .arg("plot")
        .arg(reference)
        .assert()
        .failure()
        .stderr(predicate::str::contains("--out"));
    assert_eq!(before, snapshot(reference));
}

#[test]
fn diff_of_a_folder_with_itself_is_identical_and_exits_0() {
    testspace()
        .args([
            "diff",
            "results/andrews2010-smoke",
            "results/andrews2010-smoke",
        ])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("identical: all "));
}

/// A copy of the smoke reference with its Parquet table removed (so the CSV is read) and
/// `edit` applied to the CSV's text.
fn edited_copy(edit: impl Fn(&str) -> String) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for file in ["manifest.json", "cells.csv", "experiment.toml"] {
        std::fs::copy(
            Path::new("results/andrews2010-smoke").join(file),
            dir.path().join(file),
        )
        .unwrap();
    }
    let csv = dir.path().join("cells.csv");
    let text = std::fs::read_to_string(&csv).unwrap();
    std::fs::write(&csv, edit(&text)).unwrap();
    dir
}

/// The lines of a cells CSV with the first cell's `tests_run` made 999999.
fn first_cell_tampered(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    let tests_run = header.iter().position(|h| *h == "tests_run").unwrap();
    let mut fields: Vec<String> = lines[1].split(',').map(str::to_string).collect();
    fields[tests_run] = "999999".to_string();
    lines[1] = fields.join(",");
    lines
}

#[test]
fn diff_reads_csv_against_parquet_and_ignores_only_cpu_time() {
    // Every CPU time changed: still identical.
    let copy = edited_copy(|text| {
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let mut out = header.join(",") + "\n";
        for line in lines {
            let fields: Vec<String> = line
                .split(',')
                .zip(&header)
                .map(|(f, h)| {
                    if h.ends_with("cpu_seconds") && !f.is_empty() {
                        "123.5".to_string()
                    } else {
                        f.to_string()
                    }
                })
                .collect();
            out += &(fields.join(",") + "\n");
        }
        out
    });
    testspace()
        .arg("diff")
        .arg(copy.path())
        .arg("results/andrews2010-smoke")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "every column but cpu_seconds and first_failure_cpu_seconds",
        ));
}

#[test]
fn diff_names_a_changed_cell_and_a_missing_one_and_exits_1() {
    let copy = edited_copy(|text| {
        let mut lines = first_cell_tampered(text);
        lines.remove(2);
        lines.join("\n") + "\n"
    });
    let output = testspace()
        .arg("diff")
        .arg(copy.path())
        .arg("results/andrews2010-smoke")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("DIFFERENT:"), "{stdout}");
    assert!(stdout.contains("1 differ, 0 only in"), "{stdout}");
    assert!(stdout.contains("tests_run 999999 ≠ "), "{stdout}");
    assert!(
        stdout.contains("cells only in results/andrews2010-smoke:\n    phase="),
        "{stdout}"
    );
    let json = testspace()
        .args(["diff", "--format", "json"])
        .arg(copy.path())
        .arg("results/andrews2010-smoke")
        .output()
        .unwrap();
    assert_eq!(json.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["identical"], false);
    assert_eq!(value["differing_cells"].as_array().unwrap().len(), 1);
    assert_eq!(value["cells_only_right"].as_array().unwrap().len(), 1);
}

#[test]
fn diff_of_a_folder_that_is_not_a_results_folder_exits_2_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    testspace()
        .arg("diff")
        .arg(dir.path())
        .arg("results/andrews2010-smoke")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(dir.path().display().to_string()));
}

/// `show-test --replicate R` regenerates the failing test case of replicate R with that
/// replicate's seed, and checks it against the recorded index.
#[test]
fn show_test_takes_the_replicate_of_a_replicated_run() {
    let text = std::fs::read_to_string("results/andrews2010-smoke/cells.csv").unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let row: Vec<&str> = lines
        .map(|l| l.split(',').collect::<Vec<_>>())
        .find(|r| {
            r[at("replicate")] == "2"
                && r[at("strategy")] == "r"
                && r[at("phase")] == "comparison"
                && r[at("outcome")] == "killed"
                && r[at("n")] == "16"
        })
        .expect("a killed r cell of replicate 2");
    let show = |replicate: &str| {
        testspace()
            .args(["show-test", "results/andrews2010-smoke", "--subject"])
            .arg(row[at("subject")])
            .args([
                "--mutant",
                row[at("mutant")],
                "--strategy",
                "r",
                "--n",
                "16",
            ])
            .args(["--phase", "comparison", "--replicate", replicate])
            .assert()
    };
    show("2").success().stdout(
        predicate::str::contains(row[at("first_failure_index")]).and(predicate::str::contains(
            "_n16_replicate2_diverges_from_gold",
        )),
    );
    show("7")
        .failure()
        .stderr(predicate::str::contains("in replicate 7"));
}
