//! docs/yatoh2015.md's ablation table, recomputed from the committed compare table
//! (`results/yatoh2015-ablation/compare_ablation_score-uniqueness.csv`, the `all` rows), so
//! that the page cannot drift from the run it reads.

use std::collections::BTreeMap;

const PAGE: &str = "docs/yatoh2015.md";
const TABLE: &str = "results/yatoh2015-ablation/compare_ablation_score-uniqueness.csv";
const BASELINE: &str = "score-uniqueness";
const RUNS: [&str; 4] = [
    BASELINE,
    "uniform-uniqueness",
    "score-random",
    "uniform-random",
];
/// The metrics of the table's columns, with their decimals (0: thousands separated).
const METRICS: [(&str, usize); 3] = [
    ("branch_coverage", 4),
    ("kills", 1),
    ("calls_to_first_failure", 0),
];

type Row = BTreeMap<String, String>;

fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(TABLE).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|l| {
            header
                .iter()
                .map(|h| h.to_string())
                .zip(l.split(',').map(String::from))
                .collect()
        })
        .collect()
}

fn number(row: &Row, column: &str) -> f64 {
    row[column].parse().unwrap()
}

/// A value as the page writes it: `decimals` places (kills: whole or two places at most),
/// or rounded with thousands separated.
fn value(x: f64, decimals: usize) -> String {
    match decimals {
        0 => {
            // Counts below a million: one separator at most.
            let x = x.round() as u64;
            assert!(x < 1_000_000, "{x}");
            if x >= 1000 {
                format!("{},{:03}", x / 1000, x % 1000)
            } else {
                x.to_string()
            }
        }
        1 if x.fract() == 0.0 => format!("{x:.0}"),
        1 => format!("{x:.2}").trim_end_matches('0').to_string(),
        d => format!("{x:.d$}"),
    }
}

/// Two significant digits, as the page writes p.
fn two_significant(p: f64) -> String {
    let digits = (1 - p.log10().floor() as i32).max(0) as usize;
    let text = format!("{p:.digits$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// The page's cell of `run` for `metric`, from the `all` row.
fn expected(rows: &[Row], run: &str, metric: &str, decimals: usize) -> String {
    let strategy = if run == BASELINE { RUNS[1] } else { run };
    let row = rows
        .iter()
        .find(|r| r["subject"] == "all" && r["metric"] == metric && r["strategy"] == strategy)
        .unwrap_or_else(|| panic!("no all row for {run} {metric}"));
    let prefix = if run == BASELINE { "baseline_" } else { "" };
    let spread = format!(
        "{} [{}, {}]",
        value(number(row, &format!("{prefix}median")), decimals),
        value(number(row, &format!("{prefix}q1")), decimals),
        value(number(row, &format!("{prefix}q3")), decimals)
    );
    if run == BASELINE {
        return spread;
    }
    format!(
        "{spread}, Â12 {:.2} [{:.2}, {:.2}], p {}",
        number(row, "a12"),
        number(row, "a12_low"),
        number(row, "a12_high"),
        two_significant(number(row, "p_holm"))
    )
}

#[test]
fn the_ablation_table_is_the_committed_compare_table() {
    let page = std::fs::read_to_string(PAGE).unwrap();
    let lines: Vec<&str> = page.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("| run (select / delete) |"))
        .expect("the ablation table");
    let rows = rows();
    for (k, run) in RUNS.iter().enumerate() {
        let cells: Vec<String> = lines[at + 2 + k]
            .trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_string())
            .collect();
        assert_eq!(cells[0], format!("`{run}`"));
        for (cell, (metric, decimals)) in cells[1..].iter().zip(METRICS) {
            assert_eq!(
                cell,
                &expected(&rows, run, metric, decimals),
                "{run} {metric}"
            );
        }
    }
}

#[test]
fn two_significant_digits_as_the_page_writes_them() {
    assert_eq!(two_significant(0.000_72), "0.00072");
    assert_eq!(two_significant(0.0638), "0.064");
    assert_eq!(two_significant(0.9123), "0.91");
    assert_eq!(value(190_983.0, 0), "190,983");
    assert_eq!(value(252.5, 1), "252.5");
}
