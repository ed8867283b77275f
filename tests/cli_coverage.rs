//! Command-line contract of `testspace coverage`.

mod common;

use common::{stdout_of, testspace};

const PAPER: &str = "testdata/contexts/array_list_paper.toml";

const R_300: [&str; 8] = [
    "coverage",
    PAPER,
    "--strategy",
    "r",
    "--n",
    "10",
    "--count",
    "300",
];

#[test]
fn csv_rows_per_method_add_up_to_the_json_totals() {
    let csv = stdout_of(&[&R_300[..], &["--format", "csv"]].concat());
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "method,probes,covered,branches,branches_covered,uncovered"
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.splitn(6, ',').collect()).collect();
    assert!(rows.iter().any(|r| r[0] == "ArrayList::add_at"));
    let sum =
        |column: usize| -> u64 { rows.iter().map(|r| r[column].parse::<u64>().unwrap()).sum() };
    for r in &rows {
        let (probes, covered): (u64, u64) = (r[1].parse().unwrap(), r[2].parse().unwrap());
        assert!(covered <= probes, "{r:?}");
        assert_eq!(
            r[5].trim_matches('"').split_whitespace().count() as u64,
            probes - covered,
            "{r:?}"
        );
    }
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&[&R_300[..], &["--format", "json"]].concat())).unwrap();
    assert_eq!(json["tests_run"], 300);
    assert_eq!(json["branches_total"].as_u64().unwrap(), sum(3));
    assert_eq!(json["branches_covered"].as_u64().unwrap(), sum(4));
    assert_eq!(json["probes"].as_u64().unwrap(), sum(1));
}

#[test]
fn the_table_lists_uncovered_probes_with_their_source_lines() {
    let table = stdout_of(&R_300);
    assert!(
        table.starts_with("ArrayList (subjects/array_list.rs): 300 test cases of r at n = 10"),
        "{table}"
    );
    let source = std::fs::read_to_string("subjects/array_list.rs").unwrap();
    let uncovered: Vec<&str> = table
        .lines()
        .skip_while(|l| !l.starts_with("uncovered probes"))
        .skip(1)
        .collect();
    assert!(!uncovered.is_empty());
    for line in uncovered {
        // `  Type::function  LINE:COLUMN kind — source`
        let (location, text) = line.split_once(" — ").unwrap();
        let number: usize = location
            .split_whitespace()
            .nth(1)
            .unwrap()
            .split(':')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(
            source.lines().nth(number - 1).unwrap().trim(),
            text,
            "{line}"
        );
    }
}

#[test]
fn more_test_cases_never_cover_less() {
    let covered = |count: &str| -> u64 {
        let text = stdout_of(&[
            "coverage",
            PAPER,
            "--strategy",
            "bobw",
            "--n",
            "8",
            "--count",
            count,
            "--seed",
            "3",
            "--format",
            "json",
        ]);
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        json["branches_covered"].as_u64().unwrap()
    };
    let (few, many) = (covered("5"), covered("500"));
    assert!(few < many, "{few} then {many}");
}

#[test]
fn a_unit_without_a_coverage_copy_is_refused_by_name() {
    let out = testspace()
        .env("TESTSPACE_FIXTURE_SUBJECTS", "1")
        .args([
            "coverage",
            "testdata/contexts/register.toml",
            "--strategy",
            "r",
            "--n",
            "3",
            "--count",
            "10",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "no partial output");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("Register has no coverage copy"), "{stderr}");
    assert!(
        stderr.contains("testdata/contexts/register.toml"),
        "{stderr}"
    );
}
