//! Command-line contract of `testspace subjects`.

use assert_cmd::Command;
use testspace::subject::registry;

fn subjects(args: &[&str]) -> String {
    let out = Command::cargo_bin("testspace")
        .unwrap()
        .arg("subjects")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn csv_has_the_header_and_one_row_per_registered_unit() {
    let text = subjects(&["--format", "csv"]);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("unit,sloc,methods,j"));
    let units: Vec<&str> = lines.map(|l| l.split(',').next().unwrap()).collect();
    let registered: Vec<&str> = registry().units().map(|u| u.class()).collect();
    assert_eq!(units, registered);
}

#[test]
fn csv_row_of_array_list_has_j_71_and_positive_sloc() {
    let text = subjects(&["--format", "csv"]);
    let row = text
        .lines()
        .find(|l| l.starts_with("ArrayList,"))
        .expect("an ArrayList row");
    let fields: Vec<&str> = row.split(',').collect();
    assert_eq!(fields.len(), 4, "{row}");
    let sloc: usize = fields[1].parse().unwrap();
    assert!(sloc > 0, "{row}");
    assert_eq!(fields[2], "26", "{row}");
    assert_eq!(fields[3], "71", "{row}");
}

#[test]
fn table_is_the_default_and_lists_every_unit() {
    let text = subjects(&[]);
    assert!(text.lines().next().unwrap().starts_with("unit"), "{text}");
    for unit in registry().units() {
        assert!(
            text.lines()
                .any(|l| l.split_whitespace().next() == Some(unit.class())),
            "{} missing:\n{text}",
            unit.class()
        );
    }
    assert!(text.contains("units,"), "{text}");
}

#[test]
fn unknown_format_is_rejected() {
    Command::cargo_bin("testspace")
        .unwrap()
        .args(["subjects", "--format", "xml"])
        .assert()
        .failure();
}
