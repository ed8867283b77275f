//! `testspace mutate --check` and `testspace mutants summary` on the committed catalogs,
//! and `--check` failing on a stale catalog.

use assert_cmd::Command;
use predicates::prelude::*;

fn testspace() -> Command {
    Command::cargo_bin("testspace").unwrap()
}

#[test]
fn mutate_check_passes_on_the_committed_catalogs() {
    testspace()
        .args(["mutate", "--check"])
        .assert()
        .success()
        .stdout(predicate::str::contains("mutant catalogs are current"));
}

#[test]
fn mutate_check_fails_when_a_subject_changed_after_the_catalog() {
    let root = tempfile::tempdir().unwrap();
    for dir in ["subjects", "mutants"] {
        std::fs::create_dir(root.path().join(dir)).unwrap();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            std::fs::copy(&path, root.path().join(dir).join(path.file_name().unwrap())).unwrap();
        }
    }
    let file = root.path().join("subjects/array_list.rs");
    let source = std::fs::read_to_string(&file).unwrap();
    let changed = source.replacen("self.size", "(self.size + 0)", 1);
    assert_ne!(changed, source, "the edit must change the subject");
    std::fs::write(&file, changed).unwrap();
    testspace()
        .args(["mutate", "--check", "--root"])
        .arg(root.path())
        .assert()
        .failure()
        .stderr(predicate::str::contains("array_list.toml: stale"));
}

#[test]
fn mutants_summary_reports_every_registered_unit_with_its_counts_as_csv() {
    let catalog = std::fs::read_to_string("mutants/array_list.toml").unwrap();
    let generated = catalog
        .lines()
        .filter(|l| l.starts_with("  { id = "))
        .count();
    let compiled = catalog
        .lines()
        .filter(|l| l.ends_with("compiles = true },"))
        .count();
    let output = testspace()
        .args(["mutants", "summary", "--format", "csv"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let mut lines = text.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("unit,sloc,generated,compiled,sampled,replace-operator-generated")
    );
    let row: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(row[0], "ArrayList");
    assert_eq!(row[2].parse::<usize>().unwrap(), generated);
    assert_eq!(row[3].parse::<usize>().unwrap(), compiled);
    assert_eq!(row[4], "100", "the paper's cap");
    let by_class: usize = [5, 8, 11, 14]
        .iter()
        .map(|&i| row[i].parse::<usize>().unwrap())
        .sum();
    assert_eq!(by_class, generated);
}
