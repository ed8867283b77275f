//! Command-line contract of `testspace demo`, and the guards every command that executes
//! test cases shares with the runner (issue 67): a test case whose gold run explodes is
//! abandoned, counted and shown, not run until memory runs out.

mod common;

use common::{stdout_of, testspace};

/// The demo's rows (the header left out), each as its eight columns.
fn demo_rows(stdout: &str) -> Vec<Vec<String>> {
    stdout
        .lines()
        .map(|line| {
            line.split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|cells| cells.len() == 8 && cells[0] != "strategy")
        .collect()
}

/// The demo's row `strategy n` as its columns.
fn demo_row(stdout: &str, strategy: &str, n: &str) -> Vec<String> {
    demo_rows(stdout)
        .into_iter()
        .find(|cells| cells[0] == strategy && cells[1] == n)
        .unwrap_or_else(|| panic!("no row {strategy} {n} in\n{stdout}"))
}

/// Swarm at n = 1024 draws subsets that keep `addAll`: some of its test cases double a list
/// per call. The demo abandons them at gold's fuel budget and says how many.
#[test]
fn the_demo_abandons_swarm_test_cases_that_explode_and_shows_them() {
    let stdout = stdout_of(&[
        "demo",
        "--strategy",
        "swarm",
        "--n",
        "1024",
        "--count",
        "200",
    ]);
    let header = stdout.lines().find(|l| l.starts_with("strategy")).unwrap();
    assert!(
        header.contains("abandoned") && header.contains("end states"),
        "{header}"
    );
    let row = demo_row(&stdout, "swarm", "1024");
    assert_eq!(row[2], "200", "{row:?}");
    let abandoned: u64 = row[6].parse().unwrap();
    assert!((1..200).contains(&abandoned), "{row:?}");
    // Only the rows asked for.
    assert_eq!(stdout.lines().filter(|l| l.starts_with("swarm")).count(), 1);
    assert!(!stdout.lines().any(|l| l.starts_with("bobw")));
}

/// The demo's filters repeat, and every row is there in strategy order, then n order.
#[test]
fn the_demo_prints_the_rows_asked_for_in_order() {
    let stdout = stdout_of(&[
        "demo",
        "--strategy",
        "bobw-prime",
        "--strategy",
        "r",
        "--n",
        "2",
        "--n",
        "16",
        "--count",
        "50",
    ]);
    let rows: Vec<(String, String)> = demo_rows(&stdout)
        .into_iter()
        .map(|cells| (cells[0].clone(), cells[1].clone()))
        .collect();
    let expected: Vec<(String, String)> = [
        ("bobw-prime", "2"),
        ("bobw-prime", "16"),
        ("r", "2"),
        ("r", "16"),
    ]
    .iter()
    .map(|(s, n)| (s.to_string(), n.to_string()))
    .collect();
    assert_eq!(rows, expected);
}

#[test]
fn the_demo_refuses_an_unknown_strategy_and_a_length_of_zero() {
    let unknown = testspace()
        .args(["demo", "--strategy", "nope"])
        .assert()
        .failure();
    let stderr = String::from_utf8_lossy(&unknown.get_output().stderr).to_string();
    assert!(stderr.contains("nope"), "{stderr}");
    assert!(unknown.get_output().stdout.is_empty());
    let zero = testspace().args(["demo", "--n", "0"]).assert().failure();
    let stderr = String::from_utf8_lossy(&zero.get_output().stderr).to_string();
    assert!(stderr.contains("--n"), "{stderr}");
}

/// `coverage` runs gold under the same budget: the exploding swarm test cases are cut short
/// and counted, in the table and in JSON.
#[test]
fn coverage_cuts_short_the_test_cases_that_explode_and_counts_them() {
    let args = [
        "coverage",
        "testdata/contexts/array_list_paper.toml",
        "--strategy",
        "swarm",
        "--n",
        "1024",
        "--count",
        "200",
        "--seed",
        "2010",
    ];
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&[&args[..], &["--format", "json"]].concat())).unwrap();
    let abandoned = json["abandoned_tests"].as_u64().unwrap();
    assert!((1..200).contains(&abandoned), "{abandoned}");
    let table = stdout_of(&args);
    assert!(
        table.contains(&format!("{abandoned} cut short by the gold fuel cap")),
        "{table}"
    );
}
