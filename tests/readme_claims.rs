//! The book's quoted headline numbers (the reproduction pages under docs/), recomputed from
//! the committed tables (issue 39), so a change to a table or to the text cannot leave them
//! contradicting each other unnoticed:
//!
//! - Poulding & Feldt's RQ2 (`self` against the default ensemble) from
//!   `results/poulding2015/compare_main_ensemble.csv`, itself reproduced from the cells here;
//!   the kill-curve-area table's columns against `compare_main_r.csv` and
//!   `compare_main_r-leaf.csv`;
//! - RQ1's effect sizes against the power of both designs (`testspace::stats::power`, the
//!   values `cargo run --example mann_whitney_power` prints);
//! - bobw against R per length from `results/andrews2010/figure6.csv` and, replicated, from
//!   `results/andrews2010-replicated/compare_r.csv`;
//! - LinkedList's SAT suite sizes from `results/ponzio2016/generation.csv`
//!   (docs/ponzio2016.md and docs/structures.md);
//! - ponzio2016's kills and branch coverage per suite, and claim 4's kills mutant by mutant,
//!   counted here from the committed cells (and checked against `mutation.md` and
//!   `beyond_be.md`, which examples/ponzio2016.rs writes from them); fdrt at a
//!   field-exhaustive budget from `equal_budget.md`, and the tests over suites
//!   from the `compare_*_fe-sat-seeded.csv` tables (ignored until the rerun of the current
//!   design is committed: the committed run has none of these).
//!
//! The committed compare tables these claims read are themselves recomputed from the cells by
//! code of this file (`the_*_compare_tables_are_their_cells`: poulding2015's, ponzio2016's and
//! the replicated andrews2010's): per replicate the matched mutants' kills, kill-curve area
//! and f_eff, then the medians, Â12, the Mann–Whitney or signed-rank p and Holm's adjustment
//! from `tests/common/stats.rs`, not the library's, so a wrong statistic in `compare` fails
//! here and every count of units "after Holm" is a count over the cells.
//!
//! Each check builds the sentence the page quotes from the recomputed values and looks for it
//! in the section it belongs to, with runs of whitespace (line breaks) read as one space.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use testspace::report::Cell;
use testspace::stats::{Method, smallest_significant_a12};

mod common;
mod markdown;

use common::a12;
use common::stats::{holm, mann_whitney_p, signed_rank_p};

type Row = BTreeMap<String, String>;

/// A committed CSV table (no quoted fields in these), one map per row.
fn csv(path: &str) -> Vec<Row> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            assert_eq!(cells.len(), header.len(), "{path}: {line}");
            header
                .iter()
                .zip(cells)
                .map(|(h, c)| (h.to_string(), c.to_string()))
                .collect()
        })
        .collect()
}

fn num(row: &Row, column: &str) -> f64 {
    row[column]
        .parse()
        .unwrap_or_else(|e| panic!("{column} = {:?}: {e}", row[column]))
}

/// The text from the line starting with `heading` to the next heading of its level or above
/// (but the top level, whose "# " also starts comment lines in code blocks).
fn section(text: &str, heading: &str) -> String {
    let start = text
        .find(&format!("\n{heading}"))
        .unwrap_or_else(|| panic!("no section {heading:?}"))
        + 1;
    let level = heading.split(' ').next().unwrap();
    let rest = &text[start + heading.len()..];
    let end = (2..=level.len())
        .filter_map(|l| rest.find(&format!("\n{} ", "#".repeat(l))))
        .min()
        .unwrap_or(rest.len());
    text[start..start + heading.len() + end].to_string()
}

/// Runs of whitespace as one space.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The bullet (a line starting with "- " up to the next bullet or blank line) of `text` that
/// contains `marker`, flattened.
fn bullet(text: &str, marker: &str) -> String {
    let at = text.find(marker).unwrap_or_else(|| panic!("no {marker:?}"));
    let start = text[..at].rfind("\n- ").unwrap() + 1;
    let rest = &text[at..];
    let end = [rest.find("\n- "), rest.find("\n\n")]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(rest.len());
    flat(&text[start..at + end])
}

fn contains(haystack: &str, needle: &str, what: &str) {
    assert!(
        haystack.contains(needle),
        "{what}: the page should say {needle:?} (recomputed from the committed tables); it says:\n{haystack}"
    );
}

/// A page of the book (a file under docs/).
fn page(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The members of `subset` in the order of `all`, runs of three or more consecutive members
/// of `all` written "first…last": [2, 3, 4, 5, 7, 8] of 1…8 is "2…5, 7 and 8".
fn lengths(subset: &[u32], all: &[u32]) -> String {
    let mut runs: Vec<Vec<u32>> = Vec::new();
    let mut previous = None;
    for (i, n) in all.iter().enumerate() {
        if !subset.contains(n) {
            continue;
        }
        match (previous, runs.last_mut()) {
            (Some(p), Some(run)) if p + 1 == i => run.push(*n),
            _ => runs.push(vec![*n]),
        }
        previous = Some(i);
    }
    let items: Vec<String> = runs
        .iter()
        .flat_map(|run| {
            if run.len() >= 3 {
                vec![format!("{}…{}", run[0], run[run.len() - 1])]
            } else {
                run.iter().map(u32::to_string).collect()
            }
        })
        .collect();
    and_list(&items)
}

/// Whether `quoted` is `value` rounded to the quoted number's decimals (either way at a tie).
fn rounds_to(quoted: &str, value: f64) -> bool {
    let decimals = quoted.split('.').nth(1).map_or(0, str::len);
    let half_unit = 0.5 * 10f64.powi(-(decimals as i32));
    quoted
        .parse::<f64>()
        .is_ok_and(|q| (q - value).abs() <= half_unit + 1e-9)
}

/// Two significant digits, as the book writes p-values: 0.0013149 → "0.0013".
fn two_significant(p: f64) -> String {
    let decimals = (1 - p.log10().floor() as i32).max(0) as usize;
    format!("{p:.decimals$}")
}

// ---------------------------------------------------------------------------------------------
// The committed compare tables, recomputed from the cells

/// A strategy's cells on one subject at one length: replicate → mutant → cell (the earlier
/// run counts where two runs give one).
type Sides<'a> = BTreeMap<(String, String, u64), BTreeMap<u32, BTreeMap<u64, &'a Cell>>>;

fn sides(cells: &[Cell]) -> Sides<'_> {
    let mut out: Sides<'_> = BTreeMap::new();
    for cell in cells {
        let by_mutant = out
            .entry((cell.subject.clone(), cell.strategy.clone(), cell.n))
            .or_default()
            .entry(cell.replicate)
            .or_default();
        let kept = by_mutant.entry(cell.mutant).or_insert(cell);
        if cell.run < kept.run {
            *kept = cell;
        }
    }
    out
}

/// One replicate's value of `metric` over one side's matched cells, written out here:
/// `kills` counted; `kill_curve_area` as Σ over killed mutants of (ln B − ln max(c, 1))⁺
/// over M ln B (c the first failing test case); `coverage_curve_area` per subject from
/// its longest cell, (area + (B − T)⁺ · covered)/(B · branches), averaged.
fn metric_value(metric: &str, cells: &[&Cell], budget: f64) -> f64 {
    match metric {
        "kills" => cells.iter().filter(|c| c.outcome == "killed").count() as f64,
        "kill_curve_area" => {
            // Summed in the order of the costs, so that replicates with the same costs get
            // the same value to the last bit (a tie, as it is).
            let log_budget = budget.ln();
            let mut costs: Vec<u64> = cells
                .iter()
                .filter(|c| c.outcome == "killed")
                .filter_map(|c| c.first_failure)
                .collect();
            costs.sort_unstable();
            let area: f64 = costs
                .iter()
                .map(|&c| (log_budget - (c.max(1) as f64).ln()).max(0.0))
                .sum();
            area / (cells.len() as f64 * log_budget)
        }
        "coverage_curve_area" => {
            let mut longest: BTreeMap<&str, &Cell> = BTreeMap::new();
            for &c in cells {
                let kept = longest.entry(&c.subject).or_insert(c);
                if c.tests_run > kept.tests_run {
                    *kept = c;
                }
            }
            let areas: Vec<f64> = longest
                .values()
                .map(|c| {
                    let beyond = (budget - c.tests_run as f64).max(0.0);
                    let covered = c.branches_covered.unwrap() as f64;
                    let total = c.branches_total.unwrap() as f64;
                    (c.branches_area.unwrap() as f64 + beyond * covered) / (budget * total)
                })
                .collect();
            areas.iter().sum::<f64>() / areas.len() as f64
        }
        other => panic!("{other}: not recomputed here"),
    }
}

/// One row of a compare table as this file computes it: replicates, the two medians, Â12
/// and p.
struct Compared {
    replicates: usize,
    medians: (f64, f64),
    a12: f64,
    p: f64,
}

/// `strategy` against `baseline` on `subjects` at length `n`: per replicate, the mutants
/// with a cell on both sides; the test the row names (`mann-whitney` on the two samples,
/// `signed-rank` on the replicates' differences).
fn compare_from_cells(
    sides: &Sides<'_>,
    subjects: &[&str],
    (n, strategy, baseline): (u64, &str, &str),
    (metric, test): (&str, &str),
) -> Compared {
    let replicates: BTreeSet<u32> = sides
        .values()
        .flat_map(|by_replicate| by_replicate.keys().copied())
        .collect();
    let mut matched: Vec<(Vec<&Cell>, Vec<&Cell>)> = Vec::new();
    for replicate in replicates {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for subject in subjects {
            let side = |s: &str| {
                sides
                    .get(&(subject.to_string(), s.to_string(), n))
                    .and_then(|by| by.get(&replicate))
            };
            if let (Some(x), Some(y)) = (side(strategy), side(baseline)) {
                for (mutant, cell) in x {
                    if let Some(base) = y.get(mutant) {
                        a.push(*cell);
                        b.push(*base);
                    }
                }
            }
        }
        if !a.is_empty() {
            matched.push((a, b));
        }
    }
    let budget = matched
        .iter()
        .flat_map(|(a, b)| a.iter().chain(b))
        .map(|c| c.test_budget.unwrap_or(c.tests_run))
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let (x, y): (Vec<f64>, Vec<f64>) = matched
        .iter()
        .map(|(a, b)| {
            (
                metric_value(metric, a, budget),
                metric_value(metric, b, budget),
            )
        })
        .unzip();
    let p = match test {
        "mann-whitney" => mann_whitney_p(&x, &y),
        "signed-rank" => {
            let differences: Vec<f64> = x.iter().zip(&y).map(|(a, b)| a - b).collect();
            signed_rank_p(&differences)
        }
        other => panic!("{other}: not recomputed here"),
    };
    Compared {
        replicates: x.len(),
        medians: (median(&x), median(&y)),
        a12: a12(&x, &y),
        p,
    }
}

/// The median, linear between the middle order statistics.
fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let h = (v.len() - 1) as f64 / 2.0;
    (v[h.floor() as usize] + v[h.ceil() as usize]) / 2.0
}

/// Checks every tested row (Mann–Whitney or signed-rank) of a committed compare table of
/// `metrics` against the cells of `folder`'s `phase`: replicates, medians, Â12, p and Holm's
/// p (over the subjects of each (n, strategy, metric); the pooled row `all` alone). Returns
/// the rows checked.
fn compare_table_is_the_cells(folder: &str, phase: &str, table: &str, metrics: &[&str]) -> usize {
    let cells: Vec<Cell> = testspace::report::read_cells(Path::new(folder))
        .unwrap()
        .rows
        .into_iter()
        .filter(|c| c.phase == phase)
        .collect();
    let sides = sides(&cells);
    let rows: Vec<Row> = csv(&format!("{folder}/{table}"))
        .into_iter()
        .filter(|r| r["test"] != "none" && metrics.contains(&r["metric"].as_str()))
        .collect();
    type Family = (String, String, String, String);
    let mut families: BTreeMap<Family, Vec<&Row>> = BTreeMap::new();
    for row in &rows {
        let key = (
            row["n"].clone(),
            row["strategy"].clone(),
            row["baseline"].clone(),
            row["metric"].clone(),
        );
        families.entry(key).or_default().push(row);
    }
    for ((n, strategy, baseline, metric), members) in families {
        let units: Vec<&str> = members
            .iter()
            .map(|r| r["subject"].as_str())
            .filter(|s| *s != "all")
            .collect();
        let what = (n.parse().unwrap(), strategy.as_str(), baseline.as_str());
        let mut p_values = Vec::new();
        for row in &members {
            let pool = if row["subject"] == "all" {
                units.clone()
            } else {
                vec![row["subject"].as_str()]
            };
            let Compared {
                replicates,
                medians,
                a12: a,
                p,
            } = compare_from_cells(&sides, &pool, what, (&metric, &row["test"]));
            let label = format!("{table}: {} {strategy} {metric} n={n}", row["subject"]);
            assert_eq!(num(row, "replicates"), replicates as f64, "{label}");
            assert!(close(num(row, "median"), medians.0), "{label}: median");
            assert!(close(num(row, "baseline_median"), medians.1), "{label}");
            assert!((num(row, "a12") - a).abs() < 1e-9, "{label}: Â12 {a}");
            assert!(close(num(row, "p_value"), p), "{label}: p {p}");
            if row["subject"] == "all" {
                assert!(close(num(row, "p_holm"), p), "{label}: pooled Holm");
            } else {
                p_values.push((row, p));
            }
        }
        let adjusted = holm(&p_values.iter().map(|(_, p)| *p).collect::<Vec<_>>());
        for ((row, _), p) in p_values.iter().zip(adjusted) {
            let label = format!("{table}: {} {strategy} {metric} n={n}", row["subject"]);
            assert!(close(num(row, "p_holm"), p), "{label}: Holm's p {p}");
        }
    }
    rows.len()
}

/// Equal to a relative 10⁻⁷ (the tables print shortest round-trip floats).
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-7 * a.abs().max(b.abs()).max(1e-300)
}

#[test]
fn the_poulding2015_compare_tables_are_their_cells() {
    const METRICS: [&str; 3] = ["kills", "kill_curve_area", "coverage_curve_area"];
    let tables = std::fs::read_dir(POULDING)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.starts_with("compare_main_") && name.ends_with(".csv"));
    let mut checked = 0;
    for table in tables {
        let rows = compare_table_is_the_cells(POULDING, "main", &table, &METRICS);
        assert!(rows > 0, "{table}: no row checked");
        checked += rows;
    }
    assert!(checked >= 9 * 16, "{checked} rows checked");
}

#[test]
fn the_ponzio2016_compare_tables_are_their_cells() {
    for phase in ["andrews-oracle", "structure-oracle"] {
        let table = format!("compare_{phase}_fe-sat-seeded.csv");
        let rows = compare_table_is_the_cells("results/ponzio2016", phase, &table, &["kills"]);
        assert!(rows >= 60, "{table}: {rows} rows checked");
    }
}

#[test]
fn the_andrews2010_replicated_comparison_with_r_is_its_cells() {
    let folder = "results/andrews2010-replicated";
    let phase = csv(&format!("{folder}/compare_r.csv"));
    assert!(
        phase
            .iter()
            .any(|r| r["strategy"] == "bobw" && r["test"] == "mann-whitney")
    );
    // `compare`'s default phase.
    let rows = compare_table_is_the_cells(folder, "comparison", "compare_r.csv", &["kills"]);
    assert!(rows > 0);
}

// ---------------------------------------------------------------------------------------------
// Poulding & Feldt 2015

const POULDING: &str = "results/poulding2015";
/// The metrics of every committed poulding2015 compare table.
const POULDING_METRICS: &str = "kill_curve_area,kills,branch_coverage,coverage_curve_area";
/// The strategies of `compare_main_ensemble.csv`.
const ENSEMBLE_STRATEGIES: &str = "self,library,list-library,set-library,map-library,build-only";
/// The page of the Poulding & Feldt reproduction.
const CHOICE_PAGE: &str = "docs/poulding2015.md";

/// The kill-curve-area rows of one committed compare table, by (subject, strategy).
fn kill_curve_rows(file: &str) -> BTreeMap<(String, String), Row> {
    csv(&format!("{POULDING}/{file}"))
        .into_iter()
        .filter(|r| r["metric"] == "kill_curve_area")
        .map(|r| ((r["subject"].clone(), r["strategy"].clone()), r))
        .collect()
}

/// The rows of the kill-curve-area table: unit → cells after the unit.
fn unit_table(section: &str) -> Vec<(String, Vec<String>)> {
    let header = section
        .lines()
        .position(|l| l.starts_with("| unit | uniform | ensemble (RQ1)"))
        .expect("the kill-curve-area table");
    section
        .lines()
        .skip(header + 2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells = markdown::cells(l);
            (cells[0].clone(), cells[1..].to_vec())
        })
        .collect()
}

/// "**x**" → (x, true).
fn bold(cell: &str) -> (&str, bool) {
    match cell.strip_prefix("**").and_then(|c| c.strip_suffix("**")) {
        Some(inner) => (inner, true),
        None => (cell, false),
    }
}

fn subject_of(unit: &str) -> &str {
    if unit == "pooled" { "all" } else { unit }
}

#[test]
fn poulding2015_rq2_is_self_against_the_default_ensemble() {
    // The committed table is what `compare` makes of the committed cells.
    let fresh = assert_cmd::Command::cargo_bin("testspace")
        .unwrap()
        .args(["compare", POULDING, "--phase", "main", "--format", "csv"])
        .args(["--metric", POULDING_METRICS])
        .args([
            "--baseline",
            "ensemble",
            "--strategies",
            ENSEMBLE_STRATEGIES,
        ])
        .output()
        .unwrap();
    assert!(fresh.status.success());
    let committed = std::fs::read(format!("{POULDING}/compare_main_ensemble.csv")).unwrap();
    assert!(
        fresh.stdout == committed,
        "compare_main_ensemble.csv is not the compare of the cells"
    );

    let table: Vec<Row> = csv(&format!("{POULDING}/compare_main_ensemble.csv"))
        .into_iter()
        .filter(|r| r["strategy"] == "self")
        .collect();
    let of = |metric: &str| -> Vec<&Row> {
        table
            .iter()
            .filter(|r| r["metric"] == metric && r["subject"] != "all")
            .inspect(|r| assert_eq!(&*r["baseline"], "ensemble"))
            .collect()
    };
    let pooled = table
        .iter()
        .find(|r| r["metric"] == "kill_curve_area" && r["subject"] == "all")
        .unwrap();
    let area = of("kill_curve_area");
    assert_eq!(area.len(), 15);
    let names = |rows: Vec<&&Row>| -> String {
        and_list(
            &rows
                .iter()
                .map(|r| r["subject"].clone())
                .collect::<Vec<_>>(),
        )
    };
    let significant = |rows: &[&Row]| -> Vec<String> {
        let better: Vec<&&Row> = rows.iter().filter(|r| num(r, "p_holm") < 0.05).collect();
        assert!(
            better.iter().all(|r| num(r, "a12") > 0.5),
            "a significant loss"
        );
        better
            .iter()
            .map(|r| r["subject"].clone())
            .collect::<Vec<_>>()
    };
    let holm = significant(&area);
    let below_01: Vec<&&Row> = area.iter().filter(|r| num(r, "p_value") < 0.01).collect();
    let below_05 = area.iter().filter(|r| num(r, "p_value") < 0.05).count();
    let at_least_half = area.iter().filter(|r| num(r, "a12") >= 0.5).count();
    let under_half: Vec<String> = area
        .iter()
        .filter(|r| num(r, "a12") < 0.5)
        .map(|r| format!("{} {:.2}", r["subject"], num(r, "a12")))
        .collect();
    let kills = significant(&of("kills"));
    let coverage = significant(&of("branch_coverage"));
    let largest = area
        .iter()
        .max_by(|a, b| num(a, "a12").total_cmp(&num(b, "a12")))
        .unwrap();
    let holm_first_step = smallest_significant_a12(10, 10, 0.05 / 15.0, Method::Asymptotic)
        .unwrap()
        .unwrap();
    assert!(num(largest, "a12") < holm_first_step);

    let choice = page(CHOICE_PAGE);
    let answers = flat(
        choice
            .lines()
            .find(|l| l.starts_with("| RQ2: tuned on the SUT itself vs the default ensemble"))
            .expect("the RQ2 row of the paper's answers"),
    );
    let pooled_text = format!(
        "pooled Â12 {:.2}, p {}",
        num(pooled, "a12"),
        two_significant(num(pooled, "p_value"))
    );
    for claim in [
        format!("kill-curve area: better on {} of 15 after Holm", holm.len()),
        format!(
            "unadjusted p < 0.01 on {} ({}), p < 0.05 on {below_05}",
            below_01.len(),
            names(below_01.clone())
        ),
        format!(
            "Â12 ≥ 0.5 on {at_least_half} of 15 ({})",
            and_list(&under_half)
        ),
        pooled_text,
        format!(
            "Kills: better on {} of 15 ({})",
            kills.len(),
            kills.join(", ")
        ),
        format!(
            "branch coverage: on {} of 15 ({})",
            coverage.len(),
            coverage.join(", ")
        ),
    ] {
        contains(&answers, &claim, "RQ2 in the paper's answers");
    }
    let prose = bullet(
        &choice,
        "**Tuning on the unit itself, against the default ensemble",
    );
    assert!(
        holm.is_empty(),
        "the prose says no unit is better after Holm"
    );
    for claim in [
        "No unit's kill-curve area is better after Holm".to_string(),
        format!("only {}'s has p < 0.01", names(below_01)),
        format!("the gain shows in {at_least_half} of 15 Â12 at or above 0.5"),
        format!(
            "(Â12 {:.2}, p {})",
            num(pooled, "a12"),
            two_significant(num(pooled, "p_value"))
        ),
        format!(
            "no unit reaches the {holm_first_step:.2} Holm's first step needs ({}'s {:.2} is the largest)",
            largest["subject"],
            num(largest, "a12")
        ),
        format!(
            "Kills single out {} units ({})",
            kills.len(),
            kills.join(", ")
        ),
        format!(
            "branch coverage {} ({})",
            coverage.len(),
            coverage.join(", ")
        ),
    ] {
        contains(&prose, &claim, "RQ2's answer");
    }

    // The table's RQ2 column: Â12, bold where Holm's p < 0.05.
    let rows = unit_table(&choice);
    assert_eq!(rows.len(), 16);
    for (unit, cells) in &rows {
        let row = table
            .iter()
            .find(|r| r["metric"] == "kill_curve_area" && r["subject"] == subject_of(unit))
            .unwrap();
        let (quoted, is_bold) = bold(cells.last().unwrap());
        assert!(
            rounds_to(quoted, num(row, "a12")),
            "{unit}: RQ2 Â12 {quoted}"
        );
        assert_eq!(is_bold, num(row, "p_holm") < 0.05, "{unit}: RQ2 bold");
    }
}

/// Per unit (and `all`): uniform's name, the better of r and r-leaf by median kill-curve area.
fn uniform_of(subject: &str) -> &'static str {
    let r_leaf = kill_curve_rows("compare_main_r-leaf.csv");
    let r = &r_leaf[&(subject.to_string(), "r".to_string())];
    // The r row against r-leaf: its median is r's, its baseline median r-leaf's.
    if num(r, "median") >= num(r, "baseline_median") {
        "r"
    } else {
        "r-leaf"
    }
}

#[test]
fn poulding2015_table_columns_are_the_compare_tables() {
    let against = [
        ("r", kill_curve_rows("compare_main_r.csv")),
        ("r-leaf", kill_curve_rows("compare_main_r-leaf.csv")),
    ];
    let choice = page(CHOICE_PAGE);
    let strategies = ["ensemble", "self", "library", "swarm"];
    let mut self_better = 0;
    for (unit, cells) in unit_table(&choice) {
        let subject = subject_of(&unit);
        let uniform = uniform_of(subject);
        let rows = &against.iter().find(|(b, _)| *b == uniform).unwrap().1;
        let any = &rows[&(subject.to_string(), "ensemble".to_string())];
        assert_eq!(
            cells[0],
            format!("{:.3} `{uniform}`", num(any, "baseline_median")),
            "{unit}: uniform"
        );
        for (strategy, cell) in strategies.iter().zip(&cells[1..]) {
            let row = &rows[&(subject.to_string(), strategy.to_string())];
            let (inner, is_bold) = bold(cell);
            let (median, a12) = inner
                .strip_suffix(')')
                .and_then(|c| c.split_once(" ("))
                .unwrap_or_else(|| panic!("{unit}, {strategy}: {cell}"));
            assert!(rounds_to(median, num(row, "median")), "{unit}, {strategy}");
            assert!(rounds_to(a12, num(row, "a12")), "{unit}, {strategy}: Â12");
            assert_eq!(is_bold, num(row, "p_holm") < 0.05, "{unit}, {strategy}");
            if *strategy == "self" && subject != "all" && is_bold {
                assert!(num(row, "a12") > 0.5);
                self_better += 1;
            }
        }
    }
    contains(
        &flat(&choice),
        &format!("`self` is better on {self_better} of 15 units and never worse"),
        "self against uniform",
    );
}

/// The example that prints the power table (`cargo run --example mann_whitney_power`).
#[path = "../examples/mann_whitney_power.rs"]
#[allow(dead_code)] // its `main`
mod mann_whitney_power;

#[test]
fn poulding2015_rq1_effect_sizes_against_each_designs_power() {
    let choice = page(CHOICE_PAGE);
    contains(
        &choice,
        &mann_whitney_power::table().unwrap(),
        "the power table (`cargo run --example mann_whitney_power`)",
    );
    let design = |label: &str| -> (f64, f64) {
        let at = mann_whitney_power::DESIGNS
            .iter()
            .position(|d| d.0 == label)
            .unwrap();
        let (smallest, powered) = mann_whitney_power::thresholds().unwrap()[at];
        (smallest.unwrap(), powered)
    };
    let (ours, ours_powered) = design("ours, one unit");
    let (holm, holm_powered) = design("ours, Holm over 15 units (first step)");
    let (paper, paper_powered) = design("Poulding & Feldt, one SUT");
    let closing = flat(&choice);
    contains(
        &closing,
        &format!(
            "Ten replicates detect reliably only large effects (A12 {ours_powered:.2}), and Holm's adjustment over 15 units raises that to nearly the largest possible ({holm_powered:.2}); the paper's 50 test sets without correction detect an A12 of {paper_powered:.2}"
        ),
        "the power table's reading",
    );

    // The ensemble against uniform, unit by unit.
    let against = [
        ("r", kill_curve_rows("compare_main_r.csv")),
        ("r-leaf", kill_curve_rows("compare_main_r-leaf.csv")),
    ];
    let mut units: Vec<(String, f64, f64, f64)> = Vec::new(); // (unit, Â12, p, Holm's p)
    for (subject, _) in against[0]
        .1
        .keys()
        .filter(|(s, t)| s != "all" && t == "ensemble")
    {
        let uniform = uniform_of(subject);
        let rows = &against.iter().find(|(b, _)| *b == uniform).unwrap().1;
        let row = &rows[&(subject.clone(), "ensemble".to_string())];
        units.push((
            subject.clone(),
            num(row, "a12"),
            num(row, "p_value"),
            num(row, "p_holm"),
        ));
    }
    assert_eq!(units.len(), 15);
    let mut a12s: Vec<f64> = units.iter().map(|u| u.1).collect();
    a12s.sort_by(f64::total_cmp);
    let reach = |t: f64| units.iter().filter(|u| u.1 >= t - 1e-12).count();
    let below_05: Vec<&String> = units.iter().filter(|u| u.2 < 0.05).map(|u| &u.0).collect();
    let reaching_ours: Vec<&String> = units
        .iter()
        .filter(|u| u.1 >= ours - 1e-12)
        .map(|u| &u.0)
        .collect();
    assert_eq!(
        below_05, reaching_ours,
        "the page says the units reaching {ours} are those with p < 0.05"
    );
    let reaching_holm: Vec<&(String, f64, f64, f64)> =
        units.iter().filter(|u| u.1 >= holm - 1e-12).collect();
    assert_eq!(reaching_holm.len(), 1, "the page names one unit");
    let holm_better: Vec<&String> = units.iter().filter(|u| u.3 < 0.05).map(|u| &u.0).collect();
    let p_01 = units.iter().filter(|u| u.2 < 0.01).count();
    let (min, median, max) = (a12s[0], a12s[7], a12s[14]);

    let answers = flat(
        choice
            .lines()
            .find(|l| l.starts_with("| RQ1: default ensemble vs uniform"))
            .expect("the RQ1 row of the paper's answers"),
    );
    for claim in [
        format!("p < 1 % needs an observed Â12 of at least {paper:.2}"),
        format!(
            "better on {} of 15 ({})",
            holm_better.len(),
            and_list(
                &holm_better
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
            )
        ),
        format!("{p_01} of 15 at the paper's unadjusted 1 %"),
        format!(
            "Â12 {min:.2}–{max:.2}, median {median:.2}, at least {paper:.2} on {} of 15",
            reach(paper)
        ),
    ] {
        contains(&answers, &claim, "RQ1 in the paper's answers");
    }
    let prose = bullet(
        &choice,
        "**The untuned default ensemble against uniform (RQ1).**",
    );
    for claim in [
        "One unit of 15 clears our correction where the paper finds 6 of 7 SUTs".to_string(),
        format!("means an observed Â12 of at least {paper:.2} on each of its six SUTs"),
        format!(
            "Ours are {min:.2}–{max:.2} (median {median:.2}): {} of the 15 reach {paper:.2}, {} reach {ours:.2}, our design's unadjusted 5 % (the {} with p < 0.05), and only {} ({:.2}) reaches {holm:.2}, the first step of Holm's adjustment over 15 units",
            reach(paper),
            reaching_ours.len(),
            below_05.len(),
            reaching_holm[0].0,
            reaching_holm[0].1
        ),
    ] {
        contains(&prose, &claim, "RQ1's answer");
    }
    assert_eq!(holm_better.len(), 1, "the prose says one unit of 15");
}

/// The row of `rows` (a compare table) for (metric, strategy, subject).
fn compare_row<'a>(rows: &'a [Row], metric: &str, strategy: &str, subject: &str) -> &'a Row {
    rows.iter()
        .find(|r| r["metric"] == metric && r["strategy"] == strategy && r["subject"] == subject)
        .unwrap_or_else(|| panic!("no row {metric}, {strategy}, {subject}"))
}

/// RQ3's control: the groups and the key of their tuning file and compare table.
const GROUPS: [(&str, &str); 4] = [
    ("List", "list"),
    ("Map", "map"),
    ("Set", "set"),
    ("Properties", "properties"),
];

/// The units of a group of RQ3's control: those its libraries are for, from its tuning file
/// (`subjects` under leave-one-out; Properties' file tunes on the Map units for its `target`).
fn group_units(key: &str) -> Vec<String> {
    let path = format!("experiments/poulding2015/library-{key}.toml");
    let file: toml::Table = std::fs::read_to_string(&path).unwrap().parse().unwrap();
    match file.get("target") {
        Some(target) => vec![target.as_str().unwrap().to_string()],
        None => file["subjects"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect(),
    }
}

#[test]
fn poulding2015_rq3_control_separates_siblings_from_a_generic_effect() {
    const AREA: &str = "kill_curve_area";
    let choice = page(CHOICE_PAGE);
    let table = markdown::table(&choice, "| group (units) | list-library").1;
    assert_eq!(table.len(), GROUPS.len());
    let alternatives = ["list-library", "set-library", "map-library", "build-only"];
    // (group, alternative) → the pooled row; and every unit's row.
    let mut pooled: BTreeMap<(&str, &str), Row> = BTreeMap::new();
    let mut units_rows: Vec<Row> = Vec::new();
    for ((group, key), row) in GROUPS.iter().zip(&table) {
        let units = group_units(key);
        assert_eq!(row[0], format!("{group} ({})", units.len()));
        let rows: Vec<Row> = csv(&format!("{POULDING}/compare_main_library_{key}.csv"))
            .into_iter()
            .filter(|r| r["metric"] == AREA)
            .inspect(|r| assert_eq!(&*r["baseline"], "library"))
            .collect();
        for (alternative, cell) in alternatives.iter().zip(&row[1..]) {
            if !rows.iter().any(|r| r["strategy"] == *alternative) {
                assert_eq!(cell, "—", "{group}, {alternative}");
                continue;
            }
            let all = compare_row(&rows, AREA, alternative, "all");
            let above = units
                .iter()
                .filter(|u| {
                    let r = compare_row(&rows, AREA, alternative, u);
                    num(r, "median") > num(r, "baseline_median")
                })
                .count();
            let interval = format!(
                "{:.2} [{:.2}, {:.2}]",
                num(all, "a12"),
                num(all, "a12_low"),
                num(all, "a12_high")
            );
            let p = num(all, "p_value");
            let interval = if p < 0.05 {
                format!("**{interval}**")
            } else {
                interval
            };
            assert_eq!(
                *cell,
                format!(
                    "{interval} p {}; {above} of {}",
                    two_significant(p),
                    units.len()
                ),
                "{group}, {alternative}"
            );
            pooled.insert((group, alternative), all.clone());
            for unit in &units {
                units_rows.push(compare_row(&rows, AREA, alternative, unit).clone());
            }
        }
    }
    let a12 = |group: &str, alternative: &str| num(&pooled[&(group, alternative)], "a12");
    let significant =
        |group: &str, alternative: &str| num(&pooled[&(group, alternative)], "p_value") < 0.05;

    // The pre-registered readings: siblings' knowledge would put `library` significantly
    // above both unrelated libraries of some group; it does not on any.
    for (group, _) in GROUPS.iter().take(3) {
        let unrelated: Vec<&&str> = alternatives[..3]
            .iter()
            .filter(|a| pooled.contains_key(&(group, a)))
            .collect();
        assert_eq!(unrelated.len(), 2);
        assert!(
            !unrelated
                .iter()
                .all(|a| significant(group, a) && a12(group, a) < 0.5),
            "{group}: the siblings' library beats both unrelated ones"
        );
    }
    // Above both unrelated libraries in Â12 on Map units and Properties, not on List or Set.
    for (group, above_both) in [
        ("List", false),
        ("Map", true),
        ("Set", false),
        ("Properties", true),
    ] {
        let unrelated = alternatives[..3]
            .iter()
            .filter(|a| pooled.contains_key(&(group, **a)));
        assert_eq!(
            unrelated.clone().all(|a| a12(group, a) < 0.5),
            above_both,
            "{group}"
        );
    }
    let ensemble = csv(&format!("{POULDING}/compare_main_ensemble.csv"));
    let against_ensemble = |strategy: &str| {
        let r = compare_row(&ensemble, AREA, strategy, "all");
        format!(
            "{:.2} [{:.2}, {:.2}], p {}",
            num(r, "a12"),
            num(r, "a12_low"),
            num(r, "a12_high"),
            two_significant(num(r, "p_value"))
        )
    };
    assert!(
        num(compare_row(&ensemble, AREA, "build-only", "all"), "a12")
            >= num(compare_row(&ensemble, AREA, "library", "all"), "a12")
    );
    assert!(significant("List", "map-library") && significant("Set", "map-library"));
    assert!(significant("List", "build-only") && significant("Set", "build-only"));
    assert!(!significant("Map", "build-only") && !significant("Properties", "build-only"));
    assert!(significant("Map", "list-library") && significant("Properties", "set-library"));
    assert!(!significant("Map", "set-library") && !significant("Properties", "list-library"));
    // Units where one side is better after Holm within the group.
    let holm = |better_side: bool| -> Vec<(String, String)> {
        units_rows
            .iter()
            .filter(|r| num(r, "p_holm") < 0.05 && (num(r, "a12") > 0.5) == better_side)
            .map(|r| (r["strategy"].clone(), r["subject"].clone()))
            .collect()
    };
    let pair = |a: &str, u: &str| (a.to_string(), u.to_string());
    assert_eq!(
        holm(false),
        [
            pair("list-library", "WeakHashMap"),
            pair("set-library", "WeakHashMap"),
            pair("set-library", "Properties")
        ],
        "where the siblings' library is better"
    );
    let alternative_better = holm(true);
    assert!(alternative_better.iter().all(|(a, _)| a == "map-library"));
    let weak = units_rows
        .iter()
        .find(|r| r["strategy"] == "list-library" && r["subject"] == "WeakHashMap")
        .unwrap();
    let text = flat(&choice);
    for claim in [
        "The data support the generic reading on List and Set units only.".to_string(),
        format!(
            "On Map units and Properties the sibling library is above both unrelated libraries (Â12 {:.2} and {:.2} on Map units, {:.2} and {:.2} on Properties)",
            a12("Map", "list-library"),
            a12("Map", "set-library"),
            a12("Properties", "set-library"),
            a12("Properties", "list-library")
        ),
        format!(
            "the unrelated Map library is significantly better than the siblings' (Â12 {:.2} and {:.2})",
            a12("List", "map-library"),
            a12("Set", "map-library")
        ),
        format!(
            "the untuned `build-only` is better than the siblings' library on List and Set units ({:.2}, {:.2})",
            a12("List", "build-only"),
            a12("Set", "build-only"),
        ),
        format!(
            "`build-only` is not significantly different from it there ({:.2} on Map units, {:.2} on Properties)",
            a12("Map", "build-only"),
            a12("Properties", "build-only")
        ),
        format!(
            "the List library on Map units ({:.2}), driven by WeakHashMap (Â12 {:.2}, Holm p {}), and the Set library on Properties ({:.2}) — while the other unrelated library is not ({:.2} and {:.2})",
            a12("Map", "list-library"),
            num(weak, "a12"),
            two_significant(num(weak, "p_holm")),
            a12("Properties", "set-library"),
            a12("Map", "set-library"),
            a12("Properties", "list-library")
        ),
        format!(
            "`build-only`'s gain (Â12 {}) is at least `library`'s ({})",
            against_ensemble("build-only"),
            against_ensemble("library")
        ),
        format!(
            "`map-library` is significantly better than the sibling library on {}",
            and_list(
                &alternative_better
                    .iter()
                    .map(|(_, u)| u.clone())
                    .collect::<Vec<_>>()
            )
        ),
    ] {
        contains(&text, &claim, "RQ3's control");
    }
}

#[test]
fn poulding2015_the_papers_measure_beside_the_kill_curve_area() {
    const FEFF: &str = "coverage_curve_area";
    const AREA: &str = "kill_curve_area";
    let r = csv(&format!("{POULDING}/compare_main_r.csv"));
    let r_leaf = csv(&format!("{POULDING}/compare_main_r-leaf.csv"));
    let ensemble = csv(&format!("{POULDING}/compare_main_ensemble.csv"));
    // Uniform for a measure: the better of r and r-leaf by that measure's median.
    let uniform = |metric: &str, subject: &str| -> (&str, &[Row]) {
        let row = compare_row(&r_leaf, metric, "r", subject);
        if num(row, "median") >= num(row, "baseline_median") {
            ("r", &r)
        } else {
            ("r-leaf", &r_leaf)
        }
    };
    let a12 = |row: &Row| {
        let value = format!("{:.2}", num(row, "a12"));
        if num(row, "p_holm") < 0.05 {
            format!("**{value}**")
        } else {
            value
        }
    };
    let choice = page(CHOICE_PAGE);
    let table = markdown::table(&choice, "| unit | uniform f_eff |").1;
    assert_eq!(table.len(), 16);
    // Per comparison (RQ1–RQ3) and measure (f_eff, kill area): units better after Holm, and
    // the pooled rows.
    let mut better = vec![vec![Vec::new(); 2]; 3];
    let mut pooled = vec![Vec::new(); 3];
    let mut quoted: BTreeMap<(String, usize), (f64, f64)> = BTreeMap::new();
    for row in &table {
        let subject = subject_of(&row[0]);
        let (name, by_feff) = uniform(FEFF, subject);
        let (_, by_area) = uniform(AREA, subject);
        let ensemble_feff = compare_row(by_feff, FEFF, "ensemble", subject);
        assert_eq!(
            row[1],
            format!("{:.3} `{name}`", num(ensemble_feff, "baseline_median")),
            "{subject}"
        );
        assert_eq!(row[2], format!("{:.3}", num(ensemble_feff, "median")));
        let comparisons = [
            (
                ensemble_feff,
                compare_row(by_area, AREA, "ensemble", subject),
            ),
            (
                compare_row(&ensemble, FEFF, "self", subject),
                compare_row(&ensemble, AREA, "self", subject),
            ),
            (
                compare_row(by_feff, FEFF, "library", subject),
                compare_row(by_area, AREA, "library", subject),
            ),
        ];
        for (i, (feff, area)) in comparisons.iter().enumerate() {
            assert_eq!(
                row[3 + i],
                format!("{} / {}", a12(feff), a12(area)),
                "{subject}"
            );
            quoted.insert(
                (subject.to_string(), i),
                (num(feff, "a12"), num(area, "a12")),
            );
            if subject == "all" {
                assert!(num(feff, "p_value") < 0.05 && num(area, "p_value") < 0.05);
                pooled[i].push(format!("{:.2}", num(feff, "a12")));
                continue;
            }
            for (m, side) in [feff, area].into_iter().enumerate() {
                if num(side, "p_holm") < 0.05 {
                    assert!(num(side, "a12") > 0.5, "{subject}: significantly worse");
                    better[i][m].push(subject.to_string());
                }
            }
        }
    }
    let text = flat(&choice);
    let count = |i: usize, m: usize| better[i][m].len();
    for claim in [
        format!(
            "RQ1 {} units after Holm ({}) against {}, RQ2 {} ({}) against {}, RQ3 {} against {}",
            count(0, 0),
            better[0][0].join(", "),
            count(0, 1),
            count(1, 0),
            better[1][0].join(", "),
            count(1, 1),
            count(2, 0),
            count(2, 1)
        ),
        format!(
            "(f_eff Â12 {})",
            pooled
                .iter()
                .flatten()
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        ),
        format!(
            "HashMap's ensemble (f_eff Â12 {:.2}, kill area {:.2}), TreeMap's `self` against the ensemble ({:.2} against {:.2})",
            quoted[&("HashMap".to_string(), 0)].0,
            quoted[&("HashMap".to_string(), 0)].1,
            quoted[&("TreeMap".to_string(), 1)].0,
            quoted[&("TreeMap".to_string(), 1)].1
        ),
        format!(
            "it finds more significant units for RQ1–RQ3 ({}, {} and {} against {}, {} and {})",
            count(0, 0),
            count(1, 0),
            count(2, 0),
            count(0, 1),
            count(1, 1),
            count(2, 1)
        ),
    ] {
        contains(&text, &claim, "the paper's measure");
    }
}

// ---------------------------------------------------------------------------------------------
// Andrews et al. 2010: bobw against R

#[test]
fn andrews2010_bobw_against_r_per_length() {
    let figure6 = csv("results/andrews2010/figure6.csv");
    let killed = |strategy: &str, n: u32| -> u32 {
        figure6
            .iter()
            .find(|r| r["strategy"] == strategy && r["n"] == n.to_string())
            .map(|r| r["killed"].parse().unwrap())
            .unwrap_or_else(|| panic!("figure6.csv: no {strategy} at n = {n}"))
    };
    let all: Vec<u32> = figure6
        .iter()
        .filter(|r| r["strategy"] == "r")
        .map(|r| r["n"].parse().unwrap())
        .collect();
    let (mut fewer, mut same, mut more) = (Vec::new(), Vec::new(), Vec::new());
    for &n in &all {
        match killed("bobw", n).cmp(&killed("r", n)) {
            std::cmp::Ordering::Less => fewer.push(n),
            std::cmp::Ordering::Equal => same.push(n),
            std::cmp::Ordering::Greater => more.push(n),
        }
    }
    // "X against Y at n = N" quotes bobw's kills against R's.
    let pairs_agree = |text: &str, what: &str| {
        let words: Vec<&str> = text.split_whitespace().collect();
        let mut quoted = 0;
        for i in 1..words.len().saturating_sub(5) {
            if words[i] == "against" && words[i + 2..i + 5] == ["at", "n", "="] {
                let number = |w: &str| -> u32 {
                    w.trim_matches(|c: char| !c.is_ascii_digit())
                        .parse()
                        .unwrap_or_else(|_| panic!("{what}: {w:?}"))
                };
                let (x, y, n) = (
                    number(words[i - 1]),
                    number(words[i + 1]),
                    number(words[i + 5]),
                );
                assert_eq!(
                    (x, y),
                    (killed("bobw", n), killed("r", n)),
                    "{what}: bobw against R at n = {n}"
                );
                quoted += 1;
            }
        }
        assert!(quoted > 0, "{what}: no counts quoted");
    };

    let text = page("docs/andrews2010.md");
    let side_by_side = flat(
        text.lines()
            .find(|l| l.starts_with("| Mutants killed vs n (Figure 6)"))
            .unwrap(),
    );
    let tail = more
        .iter()
        .rev()
        .zip(all.iter().rev())
        .take_while(|(a, b)| a == b);
    let from = *tail.last().expect("bobw ahead at the longest length").0;
    contains(
        &side_by_side,
        &format!("`bobw` kills fewer than R at n = {}", lengths(&fewer, &all)),
        "Figure 6 beside the paper",
    );
    contains(
        &side_by_side,
        &format!("more from n = {from} on"),
        "Figure 6 beside the paper",
    );
    pairs_agree(&side_by_side, "Figure 6 beside the paper");

    let differ = section(&text, "## Where we differ, and why");
    let bobw = bullet(&differ, "**BOBW flat-lines with the prime step");
    assert!(!bobw.contains("as many mutants as R at every length"));
    contains(
        &bobw,
        &format!("kills fewer than R at n = {}", lengths(&fewer, &all)),
        "bobw where we differ",
    );
    contains(
        &bobw,
        &format!("as many at n = {}", lengths(&same, &all)),
        "bobw where we differ",
    );
    contains(
        &bobw,
        &format!("more at n = {}", lengths(&more, &all)),
        "bobw where we differ",
    );
    pairs_agree(&bobw, "bobw where we differ");

    // The replicates: bobw against R on pooled kills, two-sided p < 0.05.
    let replicated = csv("results/andrews2010-replicated/compare_r.csv");
    let (mut r_fewer, mut r_same, mut r_more) = (Vec::new(), Vec::new(), Vec::new());
    let mut replicated_all = Vec::new();
    for row in replicated
        .iter()
        .filter(|r| r["subject"] == "all" && r["strategy"] == "bobw" && r["metric"] == "kills")
    {
        let n: u32 = row["n"].parse().unwrap();
        replicated_all.push(n);
        match (num(row, "p_value") < 0.05, num(row, "a12") > 0.5) {
            (false, _) => r_same.push(n),
            (true, false) => r_fewer.push(n),
            (true, true) => r_more.push(n),
        }
    }
    let r_from = r_more[0];
    assert!(
        replicated_all.ends_with(&r_more),
        "bobw is ahead at every length from {r_from} on"
    );
    let r_fewer_text = lengths(&r_fewer, &replicated_all);
    let r_same_text = lengths(&r_same[1..], &replicated_all);
    assert_eq!(r_same[0], 1, "n = 1: both kill every mutant");
    contains(
        &bobw,
        &format!(
            "find it fewer at n = {r_fewer_text}, the same at n = {r_same_text} and more from n = {r_from} on"
        ),
        "bobw where we differ, replicated",
    );
    let statistics = flat(&section(
        &text,
        "## The paper, answered with statistics (10 replicates)",
    ));
    contains(
        &statistics,
        &format!("bobw kills fewer mutants than R at n = {r_fewer_text}"),
        "bobw replicated",
    );
    contains(
        &statistics,
        &format!("the same at n = {r_same_text} ("),
        "bobw replicated",
    );
    contains(
        &statistics,
        &format!("and more from n = {r_from} on"),
        "bobw replicated",
    );
}

// ---------------------------------------------------------------------------------------------
// Ponzio et al. 2016: LinkedList's SAT suites

#[test]
fn ponzio2016_linked_list_sat_suite_sizes() {
    let rows: Vec<Row> = csv("results/ponzio2016/generation.csv")
        .into_iter()
        .filter(|r| r["unit"] == "LinkedList")
        .collect();
    let scopes: Vec<u32> = rows.iter().map(|r| r["scope"].parse().unwrap()).collect();
    let largest = *scopes.last().unwrap();
    assert_eq!(scopes, (1..=largest).collect::<Vec<_>>());
    let mut exceptions = Vec::new();
    for row in &rows {
        let n = num(row, "scope");
        assert_eq!(num(row, "extension_pairs"), 8.0 * n + 3.0, "Σ|E(f)| at {n}");
        if !row["fe_greedy"].is_empty() {
            assert_eq!(num(row, "fe_greedy"), n + 3.0, "greedy at {n}");
        }
        let sat = num(row, "fe_sat");
        if sat != 3.0 * n + 1.0 {
            assert_eq!(sat, 3.0 * n, "the page says the others are 3n (scope {n})");
            exceptions.push(n as u32);
        }
    }
    let listed = lengths(&exceptions, &scopes);

    let ponzio = flat(&page("docs/ponzio2016.md"));
    assert!(!ponzio.contains("SAT suites are exactly 3n + 1"));
    contains(
        &ponzio,
        &format!(
            "`generation.csv` has 3n + 1 at every scope from 1 to {largest} but {listed}, where they are 3n"
        ),
        "LinkedList's SAT suites",
    );
    contains(&ponzio, "is Σ|E(f)| = 8n + 3", "LinkedList's pairs");

    let docs = flat(&std::fs::read_to_string("docs/structures.md").unwrap());
    contains(
        &docs,
        "3n + 1 SAT structures against n + 3 greedy ones, Σ|E(f)| = 8n + 3",
        "docs/structures.md",
    );
    contains(
        &docs,
        &format!("of the scopes up to {largest}"),
        "docs/structures.md",
    );
    contains(
        &docs,
        &format!("{listed} have SAT suites of 3n structures"),
        "docs/structures.md",
    );
}

/// The rows of ponzio2016's `mutation.md`: (unit, phase, strategy, scope) → its cells.
fn ponzio_mutation() -> BTreeMap<(String, String, String, String), Vec<String>> {
    let text = page("results/ponzio2016/mutation.md");
    text.lines()
        .skip(2)
        .map(|line| {
            let cells = markdown::cells(line);
            let key = (
                cells[0].clone(),
                cells[1].clone(),
                cells[2].clone(),
                cells[3].clone(),
            );
            (key, cells)
        })
        .collect()
}

/// mutation.md's column of kills (median and range over replicates).
const KILLED: usize = 5;
/// mutation.md's column of branch coverage.
const COVERAGE: usize = 8;

/// One (unit, phase, strategy, scope) of the ponzio2016 run.
type PonzioKey = (String, String, String, String);

/// What one replicate's cells of a [`PonzioKey`] add up to.
#[derive(Default)]
struct PonzioReplicate {
    /// Mutants whose cell ended `killed`.
    killed: u64,
    /// Their ids.
    kills: std::collections::BTreeSet<u64>,
    /// Gold's branch coverage of the suite in percent: the most branches a cell covered.
    coverage: Option<f64>,
}

/// The committed ponzio2016 cells (results/ponzio2016/cells.parquet), counted here by
/// (unit, phase, strategy, scope) and replicate, apart from examples/ponzio2016.rs, which
/// writes the tables the page quotes.
fn ponzio_cells() -> BTreeMap<PonzioKey, BTreeMap<u64, PonzioReplicate>> {
    let cells = testspace::report::read_table(std::path::Path::new("results/ponzio2016")).unwrap();
    let text = |name: &str| cells.column(name).unwrap().values.to_texts();
    let number = |name: &str| cells.column(name).unwrap().values.to_f64s().unwrap();
    let (subject, phase, strategy, outcome) = (
        text("subject"),
        text("phase"),
        text("strategy"),
        text("outcome"),
    );
    let (n, replicate, mutant) = (number("n"), number("replicate"), number("mutant"));
    let (covered, total) = (number("branches_covered"), number("branches_total"));
    let mut groups: BTreeMap<PonzioKey, BTreeMap<u64, PonzioReplicate>> = BTreeMap::new();
    for row in 0..cells.height() {
        let key = (
            subject[row].clone().unwrap(),
            phase[row].clone().unwrap(),
            strategy[row].clone().unwrap(),
            (n[row].unwrap() as u64).to_string(),
        );
        let entry = groups
            .entry(key)
            .or_default()
            .entry(replicate[row].unwrap() as u64)
            .or_default();
        if outcome[row].as_deref() == Some("killed") {
            entry.killed += 1;
            entry.kills.insert(mutant[row].unwrap() as u64);
        }
        if let (Some(covered), Some(total)) = (covered[row], total[row]) {
            let percent = 100.0 * covered / total;
            entry.coverage = Some(entry.coverage.map_or(percent, |c| c.max(percent)));
        }
    }
    groups
}

/// A column over replicates as the page writes it: the value when all agree, else the
/// median with the range, `m (lo–hi)`, to `digits` decimals.
fn median_and_range(values: &[f64], digits: usize) -> String {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let (lo, hi) = (sorted[0], sorted[sorted.len() - 1]);
    let half = sorted.len() / 2;
    let median = if sorted.len() % 2 == 1 {
        sorted[half]
    } else {
        (sorted[half - 1] + sorted[half]) / 2.0
    };
    if lo == hi {
        format!("{lo:.digits$}")
    } else {
        format!("{median:.digits$} ({lo:.digits$}–{hi:.digits$})")
    }
}

/// Per (unit, phase, strategy, scope): the kills and the branch coverage over replicates,
/// from the cells.
fn ponzio_kills_and_coverage(
    cells: &BTreeMap<PonzioKey, BTreeMap<u64, PonzioReplicate>>,
) -> BTreeMap<PonzioKey, (String, String)> {
    cells
        .iter()
        .map(|(key, replicates)| {
            let kills: Vec<f64> = replicates.values().map(|r| r.killed as f64).collect();
            let coverage: Vec<f64> = replicates.values().filter_map(|r| r.coverage).collect();
            let coverage = if coverage.is_empty() {
                String::new()
            } else {
                median_and_range(&coverage, 1)
            };
            (key.clone(), (median_and_range(&kills, 0), coverage))
        })
        .collect()
}

#[test]
fn ponzio2016_kills_coverage_and_tests_over_suites() {
    // The kills and coverage the page quotes, from the cells; mutation.md, which
    // examples/ponzio2016.rs wrote from them, must hold the same in every row.
    let cells = ponzio_cells();
    let recomputed = ponzio_kills_and_coverage(&cells);
    let rows = ponzio_mutation();
    assert_eq!(
        rows.keys().collect::<Vec<_>>(),
        recomputed.keys().collect::<Vec<_>>(),
        "mutation.md has a row per unit, phase, strategy and scope of the cells"
    );
    for (key, row) in &rows {
        let (kills, coverage) = &recomputed[key];
        assert_eq!((&row[KILLED], &row[COVERAGE]), (kills, coverage), "{key:?}");
    }
    let cell = |unit: &str, phase: &str, strategy: &str, scope: u32, column: usize| {
        let key = (
            unit.to_string(),
            phase.to_string(),
            strategy.to_string(),
            scope.to_string(),
        );
        let (kills, coverage) = recomputed
            .get(&key)
            .unwrap_or_else(|| panic!("the cells have no {key:?}"));
        match column {
            KILLED => kills.clone(),
            _ => coverage.clone(),
        }
    };
    let ponzio = flat(&page("docs/ponzio2016.md"));
    // The kills table: one row per unit and oracle.
    for unit in ["LinkedList", "TreeMap"] {
        let largest = if unit == "LinkedList" { 9 } else { 10 };
        for (phase, oracle) in [
            ("andrews-oracle", "Andrews's"),
            ("structure-oracle", "structure"),
        ] {
            let kills = |strategy: &str, scope: u32| cell(unit, phase, strategy, scope, KILLED);
            let capped = cell(
                unit,
                &format!("{phase}-capped"),
                "be-structures",
                largest,
                KILLED,
            );
            let fdrt = if phase == "andrews-oracle" {
                cell(unit, phase, "fdrt-as-fe-sat-6", 100, KILLED)
            } else {
                "–".to_string()
            };
            let row = format!(
                "| {unit}, {oracle} | {} | {} | {} | {} | {} | {} | {capped} | {fdrt} |",
                kills("be-structures", 6),
                kills("fe-sat", 6),
                kills("fe-sat-seeded", 6),
                kills("fe-greedy", 6),
                kills("random-structures", 6),
                kills("fe-sat", 12),
            );
            contains(&ponzio, &row, "the kills table");
        }
        // Branch coverage of gold (the same under both oracles' suites: Andrews's phase).
        let coverage =
            |strategy: &str, scope: u32| cell(unit, "andrews-oracle", strategy, scope, COVERAGE);
        let row = format!(
            "| {unit} | {} | {} | {} | {} | {} | {} |",
            coverage("be-structures", 6),
            coverage("fe-sat", 6),
            coverage("fe-sat-seeded", 6),
            coverage("random-structures", 6),
            coverage("fe-sat", 12),
            coverage("fdrt-as-fe-sat-6", 100),
        );
        contains(&ponzio, &row, "the coverage table");
    }
    // fdrt at a field-exhaustive suite's budget: every row of equal_budget.md, its kills,
    // coverage and Â12 (by counting pairs of replicates) from the cells.
    let equal = page("results/ponzio2016/equal_budget.md");
    let kills_of = |unit: &str, strategy: &str, scope: &str| -> Vec<f64> {
        let key = (
            unit.to_string(),
            "andrews-oracle".to_string(),
            strategy.to_string(),
            scope.to_string(),
        );
        cells[&key].values().map(|r| r.killed as f64).collect()
    };
    for line in equal.lines().skip(2) {
        let row = markdown::cells(line);
        let (unit, fdrt, against, scope) = (&row[0], &row[1], &row[2], &row[3]);
        let fdrt_key = (
            unit.clone(),
            "andrews-oracle".into(),
            fdrt.clone(),
            "100".into(),
        );
        let fe_key = (
            unit.clone(),
            "andrews-oracle".into(),
            against.clone(),
            scope.clone(),
        );
        assert_eq!(row[5], recomputed[&fdrt_key].0, "{line}: fdrt kills");
        assert_eq!(row[6], recomputed[&fe_key].0, "{line}: FE kills");
        assert_eq!(row[10], recomputed[&fdrt_key].1, "{line}: fdrt coverage");
        assert_eq!(row[11], recomputed[&fe_key].1, "{line}: FE coverage");
        let (x, y) = (kills_of(unit, fdrt, "100"), kills_of(unit, against, scope));
        let a12 = common::a12(&x, &y);
        assert_eq!(row[7], format!("{a12:.3}"), "{line}: Â12");
        contains(&ponzio, &flat(line), "the equal-budget table");
    }
    // Claim 4 at FE SAT's largest scope, mutant by mutant from the cells: FE's kills, BE's
    // largest scope and its kills at any scope (its phase and the `-capped` one), and the
    // kills of one the other misses; beyond_be.md's rows say the same.
    let kill_set = |unit: &str, phases: &[String], strategy: &str, scope: Option<&str>| {
        let mut kills = std::collections::BTreeSet::new();
        let mut largest = 0;
        for ((u, p, s, n), replicates) in &cells {
            if u == unit && phases.contains(p) && s == strategy && scope.is_none_or(|x| x == n) {
                largest = largest.max(n.parse::<u64>().unwrap());
                kills.extend(replicates.values().flat_map(|r| r.kills.iter().copied()));
            }
        }
        (kills, largest)
    };
    let beyond = page("results/ponzio2016/beyond_be.md");
    for unit in ["LinkedList", "TreeMap"] {
        for oracle in ["andrews-oracle", "structure-oracle"] {
            let (fe, _) = kill_set(unit, &[oracle.to_string()], "fe-sat", Some("12"));
            let be_phases = [oracle.to_string(), format!("{oracle}-capped")];
            let (be, largest) = kill_set(unit, &be_phases, "be-structures", None);
            let row = format!(
                "| {unit} | {oracle} | 12 | {} | {largest} | {} | {} | {} |",
                fe.len(),
                be.len(),
                fe.difference(&be).count(),
                be.difference(&fe).count()
            );
            contains(&beyond, &row, "beyond_be.md");
            contains(&ponzio, &row, "the claim-4 table");
        }
    }
    // BE's lead over the seeded suites where the test finds one, over both oracles.
    let mut leads = Vec::new();
    for phase in ["andrews-oracle", "structure-oracle"] {
        let table = csv(&format!(
            "results/ponzio2016/compare_{phase}_fe-sat-seeded.csv"
        ));
        leads.extend(
            table
                .iter()
                .filter(|r| r["metric"] == "kills" && r["strategy"] == "be-structures")
                .filter(|r| r["subject"] != "all" && num(r, "p_holm") < 0.05)
                .map(|r| num(r, "median") - num(r, "baseline_median")),
        );
    }
    let (least, most) = leads
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &d| (lo.min(d), hi.max(d)));
    contains(
        &ponzio,
        &format!("by {least} to {most} mutants in median"),
        "BE's lead over the seeded suites",
    );
    // Tests over suites: rows of a seeded suite against another with p_holm < 0.05.
    for phase in ["andrews-oracle", "structure-oracle"] {
        let table = csv(&format!(
            "results/ponzio2016/compare_{phase}_fe-sat-seeded.csv"
        ));
        for strategy in ["be-structures", "fe-sat", "random-structures"] {
            let kills: Vec<&Row> = table
                .iter()
                .filter(|r| r["metric"] == "kills" && r["strategy"] == strategy)
                .filter(|r| r["subject"] != "all")
                .collect();
            assert!(
                kills.iter().all(|r| !r["p_value"].is_empty()),
                "a sample on one side"
            );
            let significant = kills.iter().filter(|r| num(r, "p_holm") < 0.05).count();
            contains(
                &ponzio,
                &format!(
                    "{phase}: {strategy} against fe-sat-seeded, {significant} of {} rows",
                    kills.len()
                ),
                "the tests over suites",
            );
        }
    }
}

#[test]
fn list_helpers() {
    let all = [1, 2, 3, 4, 5, 6, 7, 8, 16, 32, 64];
    assert_eq!(lengths(&[2, 3, 4, 5, 7, 8], &all), "2…5, 7 and 8");
    assert_eq!(lengths(&[1, 16, 32], &all), "1, 16 and 32");
    assert_eq!(lengths(&[6, 16, 32, 64], &all), "6 and 16…64");
    assert_eq!(two_significant(0.001_314_9), "0.0013");
    assert_eq!(two_significant(0.076), "0.076");
    assert!(rounds_to("0.62", 0.625) && rounds_to("0.63", 0.625) && !rounds_to("0.61", 0.625));
}

/// `x` with thousands separated by commas, as the book writes counts: 32056 → "32,056".
fn grouped(x: u64) -> String {
    if x < 1000 {
        x.to_string()
    } else {
        format!("{},{:03}", grouped(x / 1000), x % 1000)
    }
}

#[test]
fn andrews2010_reference_run_and_failures_per_cpu_second() {
    let text = flat(&page("docs/andrews2010.md"));
    let cells = csv("results/andrews2010/cells.csv");
    let sum = |column: &str| -> f64 { cells.iter().map(|r| num(r, column)).sum() };
    let (tests, abandoned) = (sum("tests_run"), sum("abandoned_tests"));
    let timeouts = cells.iter().filter(|r| r["outcome"] == "timeout").count();
    let manifest = page("results/andrews2010/manifest.json");
    let commit = manifest
        .split("\"git_commit\": \"")
        .nth(1)
        .map(|rest| &rest[..7])
        .unwrap();
    for claim in [
        format!("commit {commit}, seed 2010"),
        format!(
            "{} cells, {:.1} million test cases, {} CPU seconds",
            grouped(cells.len() as u64),
            tests / 1e6,
            grouped(sum("cpu_seconds").round() as u64)
        ),
        format!("{timeouts} cells ended in `timeout`"),
        format!(
            "{} test cases ({:.4} %) were abandoned",
            grouped(abandoned as u64),
            100.0 * abandoned / tests
        ),
        format!(
            "abandons the {:.4} % of test cases",
            100.0 * abandoned / tests
        ),
    ] {
        contains(&text, &claim, "the reference run");
    }
    let rates = csv("results/andrews2010/failures_per_cpu_second.csv");
    let rate = |strategy: &str, n: &str| {
        let row = rates
            .iter()
            .find(|r| r["strategy"] == strategy && r["n"] == n)
            .unwrap();
        num(row, "kills_per_cpu_second")
    };
    let whole = |x: f64| grouped(x.round() as u64);
    contains(
        &text,
        &format!(
            "R (kills per CPU second charged up to the first failure) {:.1} at n = 1 rising to {} at n = 8; BE {} at n = 2 falling to {} at n = 8",
            rate("r", "1"),
            whole(rate("r", "8")),
            whole(rate("be", "2")),
            whole(rate("be", "8"))
        ),
        "failures per CPU second",
    );
    let paper = |n: &str| {
        let row = rates
            .iter()
            .find(|r| r["strategy"] == "r" && r["n"] == n)
            .unwrap();
        num(row, "paper_failures_per_cpu_second")
    };
    contains(
        &text,
        &format!(
            "on to {} at n = 32, then falling to {} at n = 1024, where each test case costs far more), and our absolute rates are {}–{}× higher",
            whole(rate("r", "32")),
            whole(rate("r", "1024")),
            (rate("r", "1") / paper("1")).round(),
            (rate("r", "8") / paper("8")).round()
        ),
        "R's rate against the paper's",
    );
}

#[test]
fn yatoh2015_coverage_gain_and_spread_are_the_compare_tables() {
    let text = flat(&page("docs/yatoh2015.md"));
    let coverage = |phase: &str, subject: &str| -> Row {
        csv(&format!("results/yatoh2015/compare_{phase}_fdrt.csv"))
            .into_iter()
            .find(|r| {
                r["subject"] == subject
                    && r["strategy"] == "fcrt"
                    && r["metric"] == "branch_coverage"
            })
            .unwrap()
    };
    let gain = |phase: &str| {
        let all = coverage(phase, "all");
        100.0 * (num(&all, "median") - num(&all, "baseline_median"))
    };
    contains(
        &text,
        &format!(
            "(coverage +{:.1} → +{:.1} points)",
            gain("short"),
            gain("long")
        ),
        "FCRT's coverage gain",
    );
    let spread = |phase: &str, subject: &str| {
        let row = coverage(phase, subject);
        100.0 * (num(&row, "q3") - num(&row, "q1"))
    };
    let widest = ["short", "long"]
        .iter()
        .flat_map(|phase| {
            csv(&format!("results/yatoh2015/compare_{phase}_fdrt.csv"))
                .into_iter()
                .filter(|r| r["subject"] != "all")
                .map(|r| r["subject"].clone())
                .collect::<Vec<_>>()
                .into_iter()
                .map(move |s| (spread(phase, &s), s, *phase))
        })
        .fold(
            (0.0, String::new(), ""),
            |a, b| if b.0 > a.0 { b } else { a },
        );
    assert_eq!((widest.1.as_str(), widest.2), ("PriorityQueue", "short"));
    assert!(
        ["HashMap", "WeakHashMap"]
            .iter()
            .all(|s| spread("short", s) == 0.0)
    );
    contains(
        &text,
        &format!(
            "FCRT's is at most {:.2} points wide on those units (ArrayList at 60 s; zero on HashMap and WeakHashMap) and at most {:.2} on any unit (PriorityQueue at 60 s)",
            spread("short", "ArrayList"),
            widest.0
        ),
        "FCRT's spread",
    );
}

#[test]
fn ponzio2016_be_grows_per_node_as_generation_csv_says() {
    let rows = csv("results/ponzio2016/generation.csv");
    let growth = |unit: &str| -> (f64, f64) {
        let sizes: Vec<f64> = rows
            .iter()
            .filter(|r| r["unit"] == unit && !r["be_structures"].is_empty())
            .map(|r| num(r, "be_structures"))
            .collect();
        let ratios: Vec<f64> = sizes.windows(2).map(|w| w[1] / w[0]).collect();
        (
            ratios.iter().copied().fold(f64::MAX, f64::min),
            ratios.iter().copied().fold(f64::MIN, f64::max),
        )
    };
    let (linked, tree) = (growth("LinkedList"), growth("TreeMap"));
    contains(
        &flat(&page("docs/ponzio2016.md")),
        &format!(
            "BE grows {:.1}–{:.2} times per node on LinkedList and {:.1}–{:.1} times on TreeMap",
            linked.0, linked.1, tree.0, tree.1
        ),
        "BE's growth per node",
    );
}
