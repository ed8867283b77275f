//! docs/tournament.md's tables and claims, recomputed from the committed cells
//! (`results/tournament/cells.parquet`, `corpus/results/realfaults/cells.parquet`) by code of
//! this file and tests/common/stats.rs, not the report's: kills and final coverage per
//! replicate, medians and quartiles, average ranks, the Friedman statistic and its p-value
//! (an incomplete gamma of its own), the Nemenyi critical difference from Demšar's table of
//! q_α, Â12 by counting, Mann–Whitney p (scipy's asymptotic rule) and Holm. Each number is
//! checked twice: against the page, and against a report written now by `testspace report`
//! (so a wrong statistic in the library fails here, not only a stale page), whose CSV tables
//! must also be the committed reports' byte for byte.
//!
//! The page's claims:
//! - the average ranks per budget, in the page's order (by the 10,000-call rank);
//! - the pooled kills (median [q1, q3] of each replicate's kills summed over the units);
//! - the family table: units where the best member of one family kills significantly more
//!   than the best member of another (Holm-adjusted p < 0.05, Â12 > ½; the best member is the
//!   one with the largest median, the first in the report's order on ties);
//! - the Friedman and Nemenyi sentences: p < 10⁻¹¹, the critical difference, every strategy
//!   but `be` within it of every other, and both `be` lengths more than it behind the leader;
//! - the rank agreement of mutants and real faults;
//! - the structure suites' coverage table (median final coverage).

mod common;
use common::a12;
use common::ranking::{Ranking, friedman_ranking, quantile};
use common::stats::{
    holm, mann_whitney_p, mid_ranks, normal_upper_tail, signed_rank_p, upper_gamma,
};
use common::{Row, csv_rows};

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::OnceLock;

use testspace::report::{Cell, Cells};

const PAGE: &str = "docs/tournament.md";
const RESULTS: &str = "results/tournament";
const REAL_FAULTS: &str = "corpus/results/realfaults";
const BUDGETS: [(&str, &str); 3] = [("1k", "1,000"), ("10k", "10,000"), ("100k", "100,000")];
const FAMILIES: [&str; 7] = [
    "walk", "choice", "property", "feedback", "search", "greybox", "be",
];

// ---------------------------------------------------------------------------------------
// The cells, indexed as the page counts them.

/// A strategy's cells on one unit: replicate → mutant → cell (the earlier run of a label
/// and length counts).
type ByReplicate<'a> = BTreeMap<u32, BTreeMap<u64, &'a Cell>>;

/// One phase's cells: (unit, label `name n=N`) → its cells.
struct Phase<'a> {
    by_unit: BTreeMap<(String, String), ByReplicate<'a>>,
}

fn cells(folder: &str) -> &'static Cells {
    static TOURNAMENT: OnceLock<Cells> = OnceLock::new();
    static FAULTS: OnceLock<Cells> = OnceLock::new();
    let cell = if folder == RESULTS {
        &TOURNAMENT
    } else {
        &FAULTS
    };
    cell.get_or_init(|| {
        testspace::report::read_cells(Path::new(folder)).unwrap_or_else(|e| panic!("{folder}: {e}"))
    })
}

fn phase<'a>(cells: &'a Cells, name: &str) -> Phase<'a> {
    let mut by_unit: BTreeMap<(String, String), ByReplicate<'a>> = BTreeMap::new();
    for cell in cells.rows.iter().filter(|c| c.phase == name) {
        let label = format!("{} n={}", cell.strategy, cell.n);
        by_unit
            .entry((cell.subject.clone(), label))
            .or_default()
            .entry(cell.replicate)
            .or_default()
            .entry(cell.mutant)
            .and_modify(|kept| {
                if cell.run < kept.run {
                    *kept = cell;
                }
            })
            .or_insert(cell);
    }
    assert!(!by_unit.is_empty(), "no cells in phase {name}");
    Phase { by_unit }
}

impl Phase<'_> {
    fn units(&self) -> BTreeSet<&str> {
        self.by_unit.keys().map(|(u, _)| u.as_str()).collect()
    }

    fn labels(&self) -> BTreeSet<&str> {
        self.by_unit.keys().map(|(_, l)| l.as_str()).collect()
    }

    fn on(&self, unit: &str, label: &str) -> Option<&ByReplicate<'_>> {
        self.by_unit.get(&(unit.to_string(), label.to_string()))
    }

    /// Mutants killed in each replicate that ran `label` on `unit`, in replicate order.
    fn kills(&self, unit: &str, label: &str) -> Option<Vec<f64>> {
        let by_replicate = self.on(unit, label)?;
        Some(
            by_replicate
                .values()
                .map(|m| m.values().filter(|c| c.outcome == "killed").count() as f64)
                .collect(),
        )
    }

    /// Median over replicates of the final branch coverage in percent: per replicate, the
    /// cell that ran most test cases, its `branches_covered` over `branches_total`.
    fn final_coverage(&self, unit: &str, label: &str) -> Option<f64> {
        let finals: Vec<f64> = self
            .on(unit, label)?
            .values()
            .filter_map(|by_mutant| {
                let longest = by_mutant
                    .values()
                    .filter(|c| c.branches_covered.is_some())
                    .max_by_key(|c| c.tests_run)?;
                Some(100.0 * longest.branches_covered? as f64 / longest.branches_total? as f64)
            })
            .collect();
        (!finals.is_empty()).then(|| quantile(&finals, 0.5))
    }

    /// This file's label (`name n=N`) of the report's label `label` on `unit`: the same, or
    /// for a structure suite the report labels by its name alone (its scope follows the
    /// unit), the suite at its one scope there.
    fn own_label(&self, unit: &str, label: &str) -> String {
        if label.contains(" n=") {
            return label.to_string();
        }
        let scopes: Vec<&str> = self
            .labels()
            .into_iter()
            .filter(|l| l.starts_with(&format!("{label} n=")) && self.on(unit, l).is_some())
            .collect();
        assert_eq!(scopes.len(), 1, "{unit} {label}: {scopes:?}");
        scopes[0].to_string()
    }

    /// The labels with cells on every unit.
    fn everywhere(&self) -> Vec<&str> {
        let units = self.units();
        self.labels()
            .into_iter()
            .filter(|l| units.iter().all(|u| self.on(u, l).is_some()))
            .collect()
    }
}

// ---------------------------------------------------------------------------------------
// Statistics, written out here and in tests/common/stats.rs.

/// The ranking of one phase ([`friedman_ranking`]) over the labels on every unit, each
/// unit's median kills per label.
fn ranking(phase: &Phase<'_>) -> Ranking {
    let labels: Vec<String> = phase.everywhere().into_iter().map(String::from).collect();
    let medians: Vec<Vec<f64>> = phase
        .units()
        .iter()
        .map(|unit| {
            labels
                .iter()
                .map(|l| quantile(&phase.kills(unit, l).unwrap(), 0.5))
                .collect()
        })
        .collect();
    friedman_ranking(labels, &medians)
}

/// Per unit, per ordered pair of labels on it: (Â12, Holm-adjusted Mann–Whitney p), Holm
/// over the unit's unordered pairs.
type Pairs = BTreeMap<(String, String, String), (f64, f64)>;

fn pairs(phase: &Phase<'_>) -> Pairs {
    let mut out = Pairs::new();
    for unit in phase.units() {
        let here: Vec<(&str, Vec<f64>)> = phase
            .labels()
            .into_iter()
            .filter_map(|l| Some((l, phase.kills(unit, l)?)))
            .collect();
        let mut tested = Vec::new();
        for i in 0..here.len() {
            for j in i + 1..here.len() {
                tested.push((i, j, mann_whitney_p(&here[i].1, &here[j].1)));
            }
        }
        let adjusted = holm(&tested.iter().map(|t| t.2).collect::<Vec<_>>());
        for (&(i, j, _), p) in tested.iter().zip(adjusted) {
            for (a, b) in [(i, j), (j, i)] {
                let key = (
                    unit.to_string(),
                    here[a].0.to_string(),
                    here[b].0.to_string(),
                );
                out.insert(key, (a12(&here[a].1, &here[b].1), p));
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// The page, the committed reports and a report written now.

fn number(row: &Row, column: &str) -> f64 {
    row[column]
        .parse()
        .unwrap_or_else(|e| panic!("{column} = {:?}: {e}", row[column]))
}

/// The CSV tables of a report of `budget` written now, by name.
fn fresh(budget: &str) -> &'static BTreeMap<String, String> {
    static REPORTS: OnceLock<BTreeMap<String, BTreeMap<String, String>>> = OnceLock::new();
    let reports = REPORTS.get_or_init(|| {
        let out = tempfile::tempdir().unwrap();
        BUDGETS
            .iter()
            .map(|(b, _)| {
                let folder = out.path().join(b);
                let status = assert_cmd::Command::cargo_bin("testspace")
                    .unwrap()
                    .args(["report", RESULTS, "--phase", &format!("calls-{b}"), "--out"])
                    .arg(&folder)
                    .output()
                    .unwrap();
                assert!(status.status.success(), "{status:?}");
                let tables = ["ranking.csv", "kills.csv", "pairs.csv"].map(|t| {
                    (
                        t.to_string(),
                        std::fs::read_to_string(folder.join(t)).unwrap(),
                    )
                });
                (b.to_string(), tables.into_iter().collect())
            })
            .collect()
    });
    &reports[budget]
}

fn fresh_rows(budget: &str, table: &str) -> Vec<Row> {
    csv_rows(&fresh(budget)[table])
}

fn page() -> String {
    std::fs::read_to_string(PAGE).unwrap()
}

/// The page's text with its line breaks as spaces.
fn flat_page() -> String {
    page().split_whitespace().collect::<Vec<_>>().join(" ")
}

fn assert_on_page(page: &str, line: &str) {
    assert!(
        page.lines().any(|l| l == line),
        "{PAGE} lacks the line\n{line}"
    );
}

fn close(a: f64, b: f64, relative: f64) -> bool {
    a == b || (a - b).abs() <= relative * a.abs().max(b.abs())
}

/// The report's strategy order (its tables list labels so; ties below go to the first).
fn report_order(budget: &str) -> Vec<String> {
    fresh_rows(budget, "ranking.csv")
        .into_iter()
        .map(|r| r["strategy"].clone())
        .collect()
}

fn family(strategy: &str) -> Option<&'static str> {
    match strategy.split(' ').next().unwrap() {
        "r" | "r-leaf" | "bobw" | "swarm" => Some("walk"),
        "ensemble" | "library" => Some("choice"),
        "proptest" => Some("property"),
        "fdrt" | "fcrt" | "grt" => Some("feedback"),
        "dynamosa" => Some("search"),
        "greybox" => Some("greybox"),
        "be" => Some("be"),
        _ => None, // structure suites: two units only
    }
}

fn tournament_phase(budget: &str) -> Phase<'static> {
    phase(cells(RESULTS), &format!("calls-{budget}"))
}

// ---------------------------------------------------------------------------------------
// The claims.

#[test]
fn the_committed_reports_tables_are_a_report_written_now() {
    for (budget, _) in BUDGETS {
        for (table, text) in fresh(budget) {
            let path = format!("{RESULTS}/report-{budget}/{table}");
            let committed = std::fs::read_to_string(&path).unwrap();
            assert!(committed == *text, "{path} is not what `report` writes now");
        }
    }
}

#[test]
fn the_ranking_and_its_tests_are_recomputed_from_the_cells() {
    for (budget, _) in BUDGETS {
        let ranked = ranking(&tournament_phase(budget));
        let rows = fresh_rows(budget, "ranking.csv");
        for row in rows.iter().filter(|r| !r["average_rank"].is_empty()) {
            let j = ranked.labels.iter().position(|l| *l == row["strategy"]);
            let j = j.unwrap_or_else(|| panic!("{budget}: {} ranked", row["strategy"]));
            assert!(close(number(row, "average_rank"), ranked.average[j], 1e-12));
            assert_eq!(number(row, "subjects"), 16.0);
        }
        let ranked_rows = rows
            .iter()
            .filter(|r| !r["average_rank"].is_empty())
            .count();
        assert_eq!(ranked_rows, ranked.labels.len(), "{budget}");
        let row = &rows[0];
        let check = |column: &str, value: f64, relative: f64| {
            let reported = number(row, column);
            assert!(
                close(reported, value, relative),
                "{budget}: the report's {column} {reported} ≠ {value} recomputed"
            );
        };
        check("friedman_chi2", ranked.chi2, 1e-10);
        check("friedman_p", ranked.p, 1e-6);
        check("iman_davenport_f", ranked.iman_davenport, 1e-10);
        // q_α is tabled to three decimals.
        check("nemenyi_cd", ranked.cd, 2e-4);
    }
}

#[test]
fn the_kills_and_final_coverage_are_recomputed_from_the_cells() {
    for (budget, _) in BUDGETS {
        let phase = tournament_phase(budget);
        let everywhere = phase.everywhere();
        for row in fresh_rows(budget, "kills.csv") {
            let (unit, label) = (row["subject"].as_str(), row["strategy"].as_str());
            let kills = if unit == "all" {
                assert!(everywhere.contains(&label));
                let per_unit: Vec<Vec<f64>> = phase
                    .units()
                    .iter()
                    .map(|u| phase.kills(u, label).unwrap())
                    .collect();
                (0..per_unit[0].len())
                    .map(|r| per_unit.iter().map(|k| k[r]).sum())
                    .collect()
            } else {
                let own = phase.own_label(unit, label);
                assert_eq!(
                    own.split_once(" n=").unwrap().1,
                    row["n"],
                    "{budget} {unit} {label}"
                );
                phase.kills(unit, &own).unwrap()
            };
            for (column, p) in [
                ("kills_median", 0.5),
                ("kills_q1", 0.25),
                ("kills_q3", 0.75),
            ] {
                assert_eq!(
                    number(&row, column),
                    quantile(&kills, p),
                    "{budget} {unit} {label}"
                );
            }
            let coverage = (unit != "all")
                .then(|| phase.final_coverage(unit, &phase.own_label(unit, label)))
                .flatten();
            match coverage {
                None => assert_eq!(row["coverage_percent_median"], ""),
                Some(c) => assert!(
                    close(number(&row, "coverage_percent_median"), c, 1e-12),
                    "{budget} {unit} {label}: coverage {} ≠ {c}",
                    row["coverage_percent_median"]
                ),
            }
        }
    }
}

#[test]
fn the_pairwise_tests_are_recomputed_from_the_cells() {
    for (budget, _) in BUDGETS {
        let phase = tournament_phase(budget);
        let recomputed = pairs(&phase);
        let rows = fresh_rows(budget, "pairs.csv");
        assert_eq!(rows.len(), recomputed.len(), "{budget}");
        for row in rows {
            let unit = row["subject"].clone();
            let own = |label: &str| phase.own_label(&unit, label);
            let key = (unit.clone(), own(&row["strategy"]), own(&row["versus"]));
            let (a, p) = recomputed[&key];
            assert_eq!(number(&row, "a12"), a, "{budget} {key:?}");
            assert!(
                close(number(&row, "p_holm"), p, 1e-7),
                "{budget} {key:?}: p_holm {} ≠ {p}",
                row["p_holm"]
            );
        }
    }
}

/// The page's order of strategies: by average rank at 10,000 calls.
fn page_order() -> Vec<String> {
    let ranked = ranking(&tournament_phase("10k"));
    let mut order: Vec<(String, f64)> = ranked.labels.into_iter().zip(ranked.average).collect();
    order.sort_by(|a, b| a.1.total_cmp(&b.1));
    order.into_iter().map(|(s, _)| s).collect()
}

#[test]
fn the_rank_table_is_the_cells_average_ranks() {
    let page = page();
    let by_budget: Vec<BTreeMap<String, f64>> = BUDGETS
        .iter()
        .map(|(b, _)| {
            let r = ranking(&tournament_phase(b));
            r.labels.into_iter().zip(r.average).collect()
        })
        .collect();
    for strategy in page_order() {
        let cells: Vec<String> = by_budget
            .iter()
            .map(|r| format!("{:.2}", r[&strategy]))
            .collect();
        assert_on_page(&page, &format!("| {strategy} | {} |", cells.join(" | ")));
    }
}

#[test]
fn the_pooled_table_is_the_cells_kills_summed_over_the_units() {
    let page = page();
    let phases: Vec<Phase<'_>> = BUDGETS.iter().map(|(b, _)| tournament_phase(b)).collect();
    for strategy in page_order() {
        let cells: Vec<String> = phases
            .iter()
            .map(|phase| {
                let per_unit: Vec<Vec<f64>> = phase
                    .units()
                    .iter()
                    .map(|u| phase.kills(u, &strategy).unwrap())
                    .collect();
                let pooled: Vec<f64> = (0..per_unit[0].len())
                    .map(|r| per_unit.iter().map(|k| k[r]).sum())
                    .collect();
                let [m, q1, q3] = [0.5, 0.25, 0.75].map(|p| quantile(&pooled, p));
                format!("{m} [{q1}, {q3}]")
            })
            .collect();
        assert_on_page(&page, &format!("| {strategy} | {} |", cells.join(" | ")));
    }
}

/// (family, family) → units where the first's best member significantly beats the second's.
fn family_wins(budget: &str) -> BTreeMap<(&'static str, &'static str), usize> {
    let phase = tournament_phase(budget);
    let pairs = pairs(&phase);
    let order = report_order(budget);
    let mut wins = BTreeMap::new();
    for unit in phase.units() {
        let mut best: BTreeMap<&str, (&str, f64)> = BTreeMap::new();
        for label in &order {
            let (Some(f), Some(kills)) = (family(label), phase.kills(unit, label)) else {
                continue;
            };
            let median = quantile(&kills, 0.5);
            if best.get(f).is_none_or(|(_, m)| median > *m) {
                best.insert(f, (label, median));
            }
        }
        for f in FAMILIES {
            for g in FAMILIES.iter().filter(|g| **g != f) {
                let key = (
                    unit.to_string(),
                    best[f].0.to_string(),
                    best[g].0.to_string(),
                );
                let (a, p) = pairs[&key];
                *wins.entry((f, *g)).or_default() += usize::from(p < 0.05 && a > 0.5);
            }
        }
    }
    wins
}

#[test]
fn the_family_table_is_recomputed_from_the_cells() {
    let page = page();
    for (budget, written) in BUDGETS {
        let wins = family_wins(budget);
        for f in FAMILIES {
            let cells: Vec<String> = FAMILIES
                .iter()
                .map(|g| {
                    if *g == f {
                        "–".into()
                    } else {
                        wins[&(f, *g)].to_string()
                    }
                })
                .collect();
            assert_on_page(
                &page,
                &format!("| {written} | {f} | {} |", cells.join(" | ")),
            );
        }
    }
}

#[test]
fn friedman_rejects_everywhere_and_be_falls_beyond_the_critical_difference_of_the_leader() {
    let flat = flat_page();
    let mut cds = BTreeSet::new();
    for (budget, _) in BUDGETS {
        let ranked = ranking(&tournament_phase(budget));
        assert!(ranked.p < 1e-11, "{budget}: Friedman p = {}", ranked.p);
        assert_eq!(ranked.labels.len(), 13, "{budget}");
        cds.insert(format!("{:.2}", ranked.cd));
        let of = |random: bool| -> Vec<(&String, f64)> {
            ranked
                .labels
                .iter()
                .zip(ranked.average.iter().copied())
                .filter(|(s, _)| (family(s) != Some("be")) == random)
                .collect()
        };
        let random = of(true);
        let ranks = random.iter().map(|r| r.1);
        let spread =
            ranks.clone().fold(f64::MIN, f64::max) - ranks.clone().fold(f64::MAX, f64::min);
        assert!(
            spread < ranked.cd,
            "{budget}: random strategies {spread} apart"
        );
        let leader = ranks.fold(f64::MAX, f64::min);
        for (s, rank) in of(false) {
            assert!(
                rank - leader > ranked.cd,
                "{budget}: {s} within the CD of the leader"
            );
        }
    }
    // Within the critical difference of each `be` length: the other strategies per budget.
    let within_3: [(&str, &[&str]); 3] = [
        (
            "1k",
            &["bobw n=20", "greybox n=20", "r-leaf n=20", "swarm n=20"],
        ),
        (
            "10k",
            &["dynamosa n=20", "greybox n=20", "grt n=100", "swarm n=20"],
        ),
        ("100k", &["fdrt n=100"]),
    ];
    let within_2: [&[&str]; 3] = [&["greybox n=20", "swarm n=20"], &[], &[]];
    for ((budget, n3), n2) in within_3.into_iter().zip(within_2) {
        let ranked = ranking(&tournament_phase(budget));
        let rank =
            |label: &str| ranked.average[ranked.labels.iter().position(|l| l == label).unwrap()];
        let within = |be: &str| {
            ranked
                .labels
                .iter()
                .zip(&ranked.average)
                .filter(|(s, r)| family(s) != Some("be") && rank(be) - **r <= ranked.cd)
                .map(|(s, _)| s.as_str())
                .collect::<Vec<_>>()
        };
        assert_eq!(within("be n=3"), n3, "{budget}");
        assert_eq!(within("be n=2"), n2, "{budget}");
    }
    assert!(flat.contains(
        "At 1,000 calls four strategies lie within it of `be n=3` (`bobw`, `greybox`, `r-leaf`, \
         `swarm`) and two of `be n=2` (`greybox`, `swarm`); at 10,000 calls four of `be n=3` \
         (`dynamosa`, `greybox`, `grt`, `swarm`); at 100,000 calls one, `fdrt`, of `be n=3`."
    ));
    assert_eq!(cds.len(), 1, "one critical difference: {cds:?}");
    let cd = cds.first().unwrap();
    assert!(
        flat.contains(&format!("critical difference is {cd} ranks")),
        "{cd}"
    );
    assert!(flat.contains("p < 10⁻¹¹ over 16 units and the 13 strategies"));
}

/// Per unit (rows) the median kills of `strategies` (columns) in `phase`.
fn medians(phase: &Phase<'_>, strategies: &[&str]) -> Vec<Vec<f64>> {
    phase
        .units()
        .iter()
        .map(|u| {
            strategies
                .iter()
                .map(|s| quantile(&phase.kills(u, s).unwrap(), 0.5))
                .collect()
        })
        .collect()
}

/// Kendall's τ_b of two equally long lists.
fn tau_b(x: &[f64], y: &[f64]) -> f64 {
    let (mut concordant, mut discordant, mut tied_x, mut tied_y) = (0.0f64, 0.0, 0.0, 0.0);
    for i in 0..x.len() {
        for j in i + 1..x.len() {
            let (dx, dy) = (x[i] - x[j], y[i] - y[j]);
            match (dx == 0.0, dy == 0.0) {
                (true, true) => {}
                (true, false) => tied_x += 1.0,
                (false, true) => tied_y += 1.0,
                _ if dx.signum() == dy.signum() => concordant += 1.0,
                _ => discordant += 1.0,
            }
        }
    }
    let (pairs_x, pairs_y) = (
        concordant + discordant + tied_y,
        concordant + discordant + tied_x,
    );
    (concordant - discordant) / (pairs_x * pairs_y).sqrt()
}

/// Average ranks (1 = most median kills) of the columns of `medians`.
fn average_ranks(medians: &[Vec<f64>]) -> Vec<f64> {
    let mut sums = vec![0.0; medians[0].len()];
    for row in medians {
        let negated: Vec<f64> = row.iter().map(|m| -m).collect();
        for (sum, r) in sums.iter_mut().zip(mid_ranks(&negated).0) {
            *sum += r;
        }
    }
    sums.iter().map(|s| s / medians.len() as f64).collect()
}

/// The strategies the tournament and the real-fault run share, in the same configuration
/// (the generators differ in n and ran on 19 of the 21 fault units).
const SHARED: [&str; 6] = [
    "r n=20",
    "r-leaf n=20",
    "bobw n=20",
    "swarm n=20",
    "ensemble n=20",
    "be n=3",
];

/// τ_b from the cells by this file's code; the bootstrap interval and the p-value are the
/// library's `rank_agreement` (seeded), given the same medians.
#[test]
fn the_rank_agreement_of_mutants_and_real_faults_is_the_pages() {
    use testspace::stats::{Order, rank_agreement};
    let faults = medians(&phase(cells(REAL_FAULTS), "comparison"), &SHARED);
    assert_eq!(faults.len(), 21);
    let flat = flat_page();
    for (budget, written) in [("10k", "10,000"), ("100k", "100,000")] {
        let mutants = medians(&tournament_phase(budget), &SHARED);
        assert_eq!(mutants.len(), 16);
        let tau = tau_b(&average_ranks(&mutants), &average_ranks(&faults));
        let a = rank_agreement(&mutants, &faults, Order::HigherIsBetter, 2000, 0.95, 42).unwrap();
        assert!(close(a.tau, tau, 1e-12), "{budget}: τ_b {} ≠ {tau}", a.tau);
        let sentence = format!(
            "at {written} calls τ_b = {tau:.2} (95 % interval {:.2} to {:.2}, p = {:.2})",
            a.interval.low, a.interval.high, a.p_value
        );
        assert!(flat.contains(&sentence), "{PAGE} lacks: {sentence}");
        // The same without `be`, last on both sides.
        let walks = |m: &[Vec<f64>]| -> Vec<Vec<f64>> {
            m.iter().map(|r| r[..SHARED.len() - 1].to_vec()).collect()
        };
        let tau = tau_b(
            &average_ranks(&walks(&mutants)),
            &average_ranks(&walks(&faults)),
        );
        let without = format!("τ_b = {tau:.2} at {written} calls");
        assert!(flat.contains(&without), "{PAGE} lacks: {without}");
    }
}

/// The structure suites' table: per unit and budget, the median final branch coverage of
/// `fe-sat` and `be-structures` (with their scopes), and of the strategy with the largest one
/// among the others (the first in the report's order on ties), from the cells.
#[test]
fn the_structure_coverage_table_is_the_cells() {
    let page = page();
    for unit in ["LinkedList", "TreeMap"] {
        for (budget, calls) in BUDGETS {
            let phase = tournament_phase(budget);
            let coverage = |label: &str| phase.final_coverage(unit, label);
            let suite = |kind: &str| {
                let label = phase
                    .labels()
                    .into_iter()
                    .find(|l| l.starts_with(&format!("{kind} ")) && phase.on(unit, l).is_some())
                    .unwrap_or_else(|| panic!("{unit} {budget}: no {kind} cells"));
                let scope = label.split(' ').nth(1).unwrap();
                format!("{:.1} % ({scope})", coverage(label).unwrap())
            };
            let mut best: Option<(&str, f64)> = None;
            let order = report_order(budget);
            for label in order.iter().filter(|l| family(l).is_some()) {
                let Some(c) = coverage(label) else { continue };
                if best.is_none_or(|(_, b)| c > b) {
                    best = Some((label, c));
                }
            }
            let (label, best) = best.unwrap();
            assert_on_page(
                &page,
                &format!(
                    "| {unit} | {calls} | {} | {} | {best:.1} % ({label}) |",
                    suite("fe-sat"),
                    suite("be-structures"),
                ),
            );
        }
    }
}

#[test]
fn the_statistics_of_this_file_can_fail() {
    // Worked by hand with Python's math.erfc: [1..10] against [6..15] has U = 87.5, five
    // tied pairs, σ² = 100/12 · (21 − 30/380), z = 37/σ, p = erfc(z/√2) = 0.005075392315273926;
    // Q(4.5, 3) = erfc(√3) + Σ_{a = ½, 3/2, 5/2, 7/2} 3^a e⁻³/Γ(a + 1) = 0.7399182920946539;
    // P(Z > 1.96) = erfc(1.96/√2)/2 = 0.024997895148220435.
    let x: Vec<f64> = (1..=10).map(f64::from).collect();
    let y: Vec<f64> = (6..=15).map(f64::from).collect();
    assert!(close(
        mann_whitney_p(&x, &y),
        0.005_075_392_315_273_926,
        1e-10
    ));
    assert!(close(upper_gamma(4.5, 3.0), 0.739_918_292_094_653_9, 1e-10));
    assert!(close(
        normal_upper_tail(1.96),
        0.024_997_895_148_220_435,
        1e-10
    ));
    assert_eq!(a12(&[2.0, 1.0], &[1.0]), 0.75);
    assert_eq!(holm(&[0.01, 0.04, 0.03]), [0.03, 0.06, 0.06]);
    assert_eq!(quantile(&[1.0, 2.0, 3.0, 4.0], 0.25), 1.75);
    assert_eq!(mid_ranks(&[3.0, 1.0, 3.0]), (vec![2.5, 1.0, 2.5], 6.0));
    // Signed ranks, by hand: [1, 2, 3] has R₊ = 6, reached by 1 of the 8 sign patterns
    // (scipy's exact p = 0.25); [0, 1, −1, 2] drops the zero, ranks 1.5, 1.5, 3, R₊ = 4.5:
    // 3 patterns reach at least that and 7 at most, p = 2 · 3/8.
    assert_eq!(signed_rank_p(&[1.0, 2.0, 3.0]), 0.25);
    assert_eq!(signed_rank_p(&[0.0, 1.0, -1.0, 2.0]), 0.75);
    assert_eq!(signed_rank_p(&[0.0, 0.0]), 1.0);
}

/// Per budget, the units where the best walk or choice model significantly beats the best
/// generator (as the family table counts), with the difference of their medians.
fn wins_over_the_generators(budget: &str) -> BTreeMap<String, f64> {
    let phase = tournament_phase(budget);
    let pairs = pairs(&phase);
    let order = report_order(budget);
    let mut wins = BTreeMap::new();
    for unit in phase.units() {
        let best = |families: &[&str]| {
            let mut best: Option<(&str, f64)> = None;
            for label in order
                .iter()
                .filter(|l| family(l).is_some_and(|f| families.contains(&f)))
            {
                let Some(kills) = phase.kills(unit, label) else {
                    continue;
                };
                let median = quantile(&kills, 0.5);
                if best.is_none_or(|(_, m)| median > m) {
                    best = Some((label, median));
                }
            }
            best.unwrap()
        };
        let generator = best(&["feedback"]);
        for f in ["walk", "choice"] {
            let winner = best(&[f]);
            let (a, p) = pairs[&(
                unit.to_string(),
                winner.0.to_string(),
                generator.0.to_string(),
            )];
            if p < 0.05 && a > 0.5 {
                let difference = winner.1 - generator.1;
                let kept = wins.entry(unit.to_string()).or_insert(difference);
                *kept = f64::max(*kept, difference);
            }
        }
    }
    wins
}

#[test]
fn where_the_walks_and_choice_models_beat_the_generators_they_win_by_one_or_two() {
    let by_two = |budget: &str| -> Vec<String> {
        let wins = wins_over_the_generators(budget);
        assert!(
            wins.values().all(|d| *d == 1.0 || *d == 2.0),
            "{budget}: {wins:?}"
        );
        wins.into_iter()
            .filter(|(_, d)| *d == 2.0)
            .map(|(u, _)| u)
            .collect()
    };
    assert_eq!(by_two("1k"), ["WeakHashMap"]);
    assert_eq!(by_two("10k"), ["EnumMap", "LinkedHashMap"]);
    assert!(by_two("100k").is_empty());
    let at_100k: Vec<String> = wins_over_the_generators("100k").into_keys().collect();
    assert_eq!(at_100k, ["ArrayList", "Hashtable"]);
    let flat = flat_page();
    assert!(flat.contains(
        "by two on WeakHashMap at 1,000 calls (`ensemble` 13, `fcrt` 11) and on EnumMap and \
         LinkedHashMap at 10,000 (22 against 20, 14 against 12), by one elsewhere. At 100,000 \
         calls this happens on ArrayList and Hashtable,"
    ));
}

#[test]
fn the_tuned_library_model_beats_the_ensemble_on_one_unit_only() {
    let flat = flat_page();
    let mut significant = Vec::new();
    let mut pairs_seen = 0;
    for (budget, written) in BUDGETS {
        let phase = tournament_phase(budget);
        let pairs = pairs(&phase);
        for unit in phase.units() {
            let (Some(library), Some(ensemble)) = (
                phase.kills(unit, "library n=20"),
                phase.kills(unit, "ensemble n=20"),
            ) else {
                continue;
            };
            pairs_seen += 1;
            let (l, e) = (quantile(&library, 0.5), quantile(&ensemble, 0.5));
            assert!((l - e).abs() <= 2.0, "{budget} {unit}: {l} against {e}");
            let key = |a: &str, b: &str| (unit.to_string(), a.to_string(), b.to_string());
            let (a, p) = pairs[&key("library n=20", "ensemble n=20")];
            if p < 0.05 {
                assert!(a > 0.5, "{budget} {unit}: the ensemble significantly ahead");
                significant.push(format!("{unit} at {written}"));
                let text = format!("({l} against {e}, p = {p:.3})");
                assert!(flat.contains(&text), "{PAGE} lacks {text}");
            }
        }
    }
    assert_eq!(pairs_seen, 45);
    assert_eq!(significant, ["LinkedHashMap at 10,000"]);
    assert!(flat.contains("on one of its 45 unit–budget pairs"));
}
