//! Command-line contract of `testspace mutation-report`: the committed smoke run's report,
//! and folders that are not (sound) results folders refused with nothing written.

use std::path::Path;

use assert_cmd::Command;

const SMOKE: &str = "results/andrews2010-smoke";
const REGISTER: &str = "testdata/results/register";

fn mutation_report(results: &Path, out: &Path) -> std::process::Output {
    Command::cargo_bin("testspace")
        .unwrap()
        .arg("mutation-report")
        .arg(results)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

#[test]
fn the_smoke_run_is_written_with_its_mutants_per_status() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report.json");
    let output = mutation_report(Path::new(SMOKE), &out);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        out.display().to_string()
    );
    assert!(
        stderr.contains("mutants: Killed 12, Survived 5, Timeout 1"),
        "{stderr}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(report["schemaVersion"], "2");
    assert_eq!(report["files"].as_object().unwrap().len(), 3);
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    // The report and its marker (docs/faults.md, "Output places").
    assert_eq!(names.len(), 2, "no staging file left: {names:?}");
    assert!(dir.path().join(".report.json.testspace-output").is_file());
}

#[test]
fn a_folder_that_is_not_results_fails_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report.json");
    let output = mutation_report(dir.path(), &out);
    assert!(!output.status.success());
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("is not a testspace results folder: it has no manifest.json"),
        "{stderr}"
    );
    assert!(!out.exists());
}

#[test]
fn a_damaged_table_is_refused_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("results");
    std::fs::create_dir(&results).unwrap();
    for file in ["manifest.json", "experiment.toml"] {
        std::fs::copy(Path::new(REGISTER).join(file), results.join(file)).unwrap();
    }
    let csv = std::fs::read_to_string(Path::new(REGISTER).join("cells.csv")).unwrap();
    let damaged = csv.replacen(",killed,", ",kiled,", 1);
    assert_ne!(damaged, csv);
    std::fs::write(results.join("cells.csv"), damaged).unwrap();
    let out = dir.path().join("report.json");
    let output = mutation_report(&results, &out);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cells.csv, line ") && stderr.contains("`kiled` is not an outcome"),
        "{stderr}"
    );
    assert!(!out.exists());
}
