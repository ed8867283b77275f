//! `testspace compare` on the committed smoke reference (three replicates of the paper's
//! experiment on three units): the columns it promises, and its refusals.

use assert_cmd::Command;
use predicates::prelude::*;

const SMOKE: &str = "results/andrews2010-smoke";

fn testspace() -> Command {
    Command::cargo_bin("testspace").unwrap()
}

#[test]
fn the_csv_has_the_promised_columns_and_a_pooled_row_per_comparison() {
    let output = testspace()
        .args(["compare", SMOKE, "--format", "csv", "--resamples", "500"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    for column in [
        "subject",
        "n",
        "strategy",
        "baseline",
        "metric",
        "replicates",
        "median",
        "baseline_median",
        "a12",
        "a12_low",
        "a12_high",
        "test",
        "statistic",
        "p_value",
        "p_holm",
        "method",
    ] {
        assert!(header.contains(&column), "no column {column}: {header:?}");
    }
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    let metrics: std::collections::BTreeSet<&str> = rows.iter().map(|r| r[at("metric")]).collect();
    // Every strategy but r stops at its first failure, so failure_density does not apply
    // to the default comparison and is left out; r does not stop there, so neither does
    // calls_to_first_failure.
    assert_eq!(
        metrics.into_iter().collect::<Vec<_>>(),
        [
            "branch_coverage",
            "cpu_to_first_failure",
            "kill_curve_area",
            "kills",
            "tests_to_first_failure"
        ]
    );
    assert!(
        rows.iter()
            .all(|r| r[at("baseline")] == "r" && r[at("strategy")] != "r")
    );
    assert!(rows.iter().any(|r| r[at("subject")] == "all"));
    // be and bobw-prime are seed-free: their replicates against r's are tested as paired
    // differences; bobw draws with its seed, so its replicates are a sample of their own.
    for row in &rows {
        let want = match row[at("strategy")] {
            "be" | "bobw-prime" => "signed-rank",
            _ => "mann-whitney",
        };
        assert_eq!(row[at("test")], want, "{row:?}");
    }
    for row in &rows {
        let value = |c: &str| row[at(c)].parse::<f64>().unwrap();
        assert!(value("a12_low") <= value("a12_high"));
        assert!(value("p_value") <= value("p_holm") + 1e-15);
        assert!((1.0..=3.0).contains(&value("replicates")));
    }
}

#[test]
fn strategies_and_metrics_can_be_chosen() {
    testspace()
        .args([
            "compare",
            SMOKE,
            "--strategies",
            "bobw",
            "--metric",
            "kills",
            "--format",
            "json",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("\"strategy\": \"bobw\"")
                .and(predicate::str::contains("\"strategy\": \"be\"").not())
                .and(predicate::str::contains("\"metric\": \"tests_to_first_failure\"").not()),
        );
}

/// Each refusal: a non-zero exit, a message naming the problem, nothing on stdout.
fn refused(args: &[&str], message: &str) {
    testspace()
        .arg("compare")
        .args(args)
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains(message));
}

#[test]
fn bad_requests_are_refused_with_one_clear_message() {
    refused(&["results/andrews2010"], "1 replicate(s)");
    refused(&[SMOKE, "--baseline", "dfs"], "no cells of strategy `dfs`");
    refused(
        &[SMOKE, "--strategies", "bobw,nope"],
        "strategies there: be, bobw, bobw-prime, r",
    );
    refused(&[SMOKE, "--metric", "speed"], "unknown metric `speed`");
    refused(
        &[SMOKE, "--strategies", "bobw", "--metric", "failure_density"],
        "does not apply to `bobw`",
    );
    refused(&[SMOKE, "--phase", "third"], "no phase `third`");
    refused(&["testdata/contexts"], "testdata/contexts");
}

/// The committed replicated run's comparison tables are what `compare` prints for it (the
/// bootstrap is seeded, so they are the same on every run).
#[test]
fn the_committed_comparison_tables_are_reproduced() {
    let results = "results/andrews2010-replicated";
    for (file, extra) in [
        ("compare_r.csv", &[][..]),
        (
            "compare_r_leaf.csv",
            &["--baseline", "r-leaf", "--strategies", "bobw"][..],
        ),
        (
            "compare_bobw.csv",
            &["--baseline", "bobw", "--strategies", "bobw-prime"][..],
        ),
    ] {
        let output = testspace()
            .args(["compare", results, "--format", "csv"])
            .args(extra)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let committed = std::fs::read_to_string(format!("{results}/{file}")).unwrap();
        assert!(
            committed.as_bytes() == output.stdout.as_slice(),
            "{file} differs from a fresh compare"
        );
    }
}
