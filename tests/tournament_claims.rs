//! docs/tournament.md's tables and headline claims, recomputed from the CSV tables beside the
//! committed reports (`results/tournament/report-*/{ranking,kills,pairs}.csv`), so that the
//! page cannot drift from the run it reads:
//!
//! - the average ranks per budget, in the page's order (by the 10,000-call rank);
//! - the pooled kills (`all` rows: median [q1, q3]);
//! - the family table: units where the best member of one family kills significantly more
//!   than the best member of another (Holm-adjusted p < 0.05, Â12 > ½; the best member is the
//!   one with the largest median, the first in `kills.csv` on ties);
//! - the rank agreement of mutants and real faults (`corpus/results/realfaults/report`);
//! - the structure suites' coverage table (`fe-sat`, `be-structures` and the best other
//!   strategy's median final coverage on LinkedList and TreeMap);
//! - the Friedman and Nemenyi sentences: p < 10⁻¹¹, every random strategy within the critical
//!   difference of every other, and both `be` lengths more than it behind the leader.

use std::collections::BTreeMap;

const PAGE: &str = "docs/tournament.md";
const BUDGETS: [(&str, &str); 3] = [("1k", "1,000"), ("10k", "10,000"), ("100k", "100,000")];
const FAMILIES: [&str; 4] = ["walk", "choice", "feedback", "be"];

type Row = BTreeMap<String, String>;

/// The tournament report's table `name` at `budget`.
fn table(budget: &str, name: &str) -> Vec<Row> {
    rows(&format!("results/tournament/report-{budget}/{name}"))
}

/// A CSV table beside a report: one map per row (no quoted fields in these).
fn rows(path: &str) -> Vec<Row> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    lines
        .map(|line| {
            header
                .iter()
                .map(|h| h.to_string())
                .zip(line.split(',').map(String::from))
                .collect()
        })
        .collect()
}

fn number(row: &Row, column: &str) -> f64 {
    row[column]
        .parse()
        .unwrap_or_else(|e| panic!("{column} = {:?}: {e}", row[column]))
}

fn page() -> String {
    std::fs::read_to_string(PAGE).unwrap()
}

fn assert_on_page(page: &str, line: &str) {
    assert!(
        page.lines().any(|l| l == line),
        "{PAGE} lacks the line\n{line}"
    );
}

/// The ranked strategies of `budget`: (label, average rank).
fn ranks(budget: &str) -> Vec<(String, f64)> {
    table(budget, "ranking.csv")
        .iter()
        .filter(|r| !r["average_rank"].is_empty())
        .map(|r| (r["strategy"].clone(), number(r, "average_rank")))
        .collect()
}

fn family(strategy: &str) -> Option<&'static str> {
    let name = strategy.split(' ').next().unwrap();
    match name {
        "r" | "r-leaf" | "bobw" | "swarm" => Some("walk"),
        "ensemble" | "library" => Some("choice"),
        "fdrt" | "fcrt" | "grt" => Some("feedback"),
        "be" => Some("be"),
        _ => None, // structure suites: two units only
    }
}

/// The page's order of strategies: by average rank at 10,000 calls.
fn order() -> Vec<String> {
    let mut ranked = ranks("10k");
    ranked.sort_by(|a, b| a.1.total_cmp(&b.1));
    ranked.into_iter().map(|(s, _)| s).collect()
}

#[test]
fn the_rank_table_is_the_reports_average_ranks() {
    let page = page();
    let by_budget: Vec<BTreeMap<String, f64>> = BUDGETS
        .iter()
        .map(|(b, _)| ranks(b).into_iter().collect())
        .collect();
    for strategy in order() {
        let cells: Vec<String> = by_budget
            .iter()
            .map(|r| format!("{:.2}", r[&strategy]))
            .collect();
        assert_on_page(&page, &format!("| {strategy} | {} |", cells.join(" | ")));
    }
}

#[test]
fn the_pooled_table_is_the_reports_all_rows() {
    let page = page();
    let pooled: Vec<Vec<Row>> = BUDGETS
        .iter()
        .map(|(b, _)| {
            table(b, "kills.csv")
                .into_iter()
                .filter(|r| r["subject"] == "all")
                .collect()
        })
        .collect();
    for strategy in order() {
        let cells: Vec<String> = pooled
            .iter()
            .map(|rows| {
                let row = rows.iter().find(|r| r["strategy"] == strategy).unwrap();
                let [m, q1, q3] = ["kills_median", "kills_q1", "kills_q3"].map(|c| number(row, c));
                format!("{m} [{q1}, {q3}]")
            })
            .collect();
        assert_on_page(&page, &format!("| {strategy} | {} |", cells.join(" | ")));
    }
}

/// (family, family) → units where the first's best member significantly beats the second's.
fn family_wins(budget: &str) -> BTreeMap<(&'static str, &'static str), usize> {
    let kills = table(budget, "kills.csv");
    let pairs: BTreeMap<(String, String, String), Row> = table(budget, "pairs.csv")
        .into_iter()
        .map(|r| {
            (
                (
                    r["subject"].clone(),
                    r["strategy"].clone(),
                    r["versus"].clone(),
                ),
                r,
            )
        })
        .collect();
    let mut wins = BTreeMap::new();
    let units: std::collections::BTreeSet<&str> = kills
        .iter()
        .map(|r| r["subject"].as_str())
        .filter(|s| *s != "all")
        .collect();
    for unit in units {
        let mut best: BTreeMap<&str, (&str, f64)> = BTreeMap::new();
        for row in kills.iter().filter(|r| r["subject"] == unit) {
            let Some(f) = family(&row["strategy"]) else {
                continue;
            };
            let median = number(row, "kills_median");
            if best.get(f).is_none_or(|(_, m)| median > *m) {
                best.insert(f, (&row["strategy"], median));
            }
        }
        for f in FAMILIES {
            for g in FAMILIES.iter().filter(|g| **g != f) {
                let key = (
                    unit.to_string(),
                    best[f].0.to_string(),
                    best[g].0.to_string(),
                );
                let pair = &pairs[&key];
                let significant = !pair["p_holm"].is_empty()
                    && number(pair, "p_holm") < 0.05
                    && number(pair, "a12") > 0.5;
                *wins.entry((f, *g)).or_default() += usize::from(significant);
            }
        }
    }
    wins
}

#[test]
fn the_family_table_is_recomputed_from_the_pairs() {
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
    let page = page();
    for (budget, _) in BUDGETS {
        let rows = table(budget, "ranking.csv");
        assert!(number(&rows[0], "friedman_p") < 1e-11, "{budget}");
        let cd = number(&rows[0], "nemenyi_cd");
        assert_eq!(format!("{cd:.2}"), "3.39");
        let ranked = ranks(budget);
        let random: Vec<f64> = ranked
            .iter()
            .filter(|(s, _)| family(s) != Some("be"))
            .map(|r| r.1)
            .collect();
        let spread = random.iter().copied().fold(f64::MIN, f64::max)
            - random.iter().copied().fold(f64::MAX, f64::min);
        assert!(spread < cd, "{budget}: random strategies {spread} apart");
        let leader = random.iter().copied().fold(f64::MAX, f64::min);
        for (s, rank) in ranked.iter().filter(|(s, _)| family(s) == Some("be")) {
            assert!(
                rank - leader > cd,
                "{budget}: {s} within the CD of the leader"
            );
        }
    }
    let flat = page.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("critical difference is 3.39 ranks"));
    assert!(flat.contains("p < 10⁻¹¹"));
}

/// Per unit (rows) the median kills of `strategies` (columns) in a report's `kills.csv`.
fn medians(path: &str, strategies: &[&str]) -> Vec<Vec<f64>> {
    let mut units: BTreeMap<String, BTreeMap<String, f64>> = BTreeMap::new();
    for row in rows(path).iter().filter(|r| r["subject"] != "all") {
        let median = number(row, "kills_median");
        units
            .entry(row["subject"].clone())
            .or_default()
            .insert(row["strategy"].clone(), median);
    }
    units
        .values()
        .map(|row| strategies.iter().map(|s| row[*s]).collect())
        .collect()
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

#[test]
fn the_rank_agreement_of_mutants_and_real_faults_is_the_pages() {
    use testspace::stats::{Order, rank_agreement};
    let faults = medians("corpus/results/realfaults/report/kills.csv", &SHARED);
    assert_eq!(faults.len(), 21);
    let flat = page().split_whitespace().collect::<Vec<_>>().join(" ");
    for (budget, written) in [("10k", "10,000"), ("100k", "100,000")] {
        let mutants = medians(
            &format!("results/tournament/report-{budget}/kills.csv"),
            &SHARED,
        );
        assert_eq!(mutants.len(), 16);
        let a = rank_agreement(&mutants, &faults, Order::HigherIsBetter, 2000, 0.95, 42).unwrap();
        let sentence = format!(
            "at {written} calls τ_b = {:.2} (95 % interval {:.2} to {:.2}, p = {:.2})",
            a.tau, a.interval.low, a.interval.high, a.p_value
        );
        assert!(flat.contains(&sentence), "{PAGE} lacks: {sentence}");
        // The same without `be`, last on both sides.
        let walks = &SHARED[..5];
        let ranks = |m: &[Vec<f64>]| {
            let rows: Vec<Vec<f64>> = m.iter().map(|r| r[..walks.len()].to_vec()).collect();
            testspace::stats::friedman(&rows, Order::HigherIsBetter)
                .unwrap()
                .average_ranks
        };
        let tau = testspace::stats::kendall_tau_b(&ranks(&mutants), &ranks(&faults))
            .unwrap()
            .tau;
        let without = format!("τ_b = {tau:.2} at {written} calls");
        assert!(flat.contains(&without), "{PAGE} lacks: {without}");
    }
}

/// The structure suites' table: per unit and budget, the median final branch coverage of
/// `fe-sat` and `be-structures` (with their scopes), and of the strategy with the largest one
/// among the others (the first in `kills.csv` on ties), from each report's `kills.csv`.
#[test]
fn the_structure_coverage_table_is_the_reports() {
    let page = page();
    for unit in ["LinkedList", "TreeMap"] {
        for (budget, calls) in BUDGETS {
            let kills = table(budget, "kills.csv");
            let rows: Vec<&Row> = kills.iter().filter(|r| r["subject"] == unit).collect();
            let coverage = |r: &Row| number(r, "coverage_percent_median");
            let suite = |kind: &str| {
                let row = rows
                    .iter()
                    .find(|r| r["strategy"].starts_with(&format!("{kind} ")))
                    .unwrap_or_else(|| panic!("{unit} {budget}: no {kind} row"));
                let scope = row["strategy"].split(' ').nth(1).unwrap();
                format!("{:.1} % ({scope})", coverage(row))
            };
            let best = rows
                .iter()
                .filter(|r| family(&r["strategy"]).is_some())
                .fold(None::<&&Row>, |best, r| match best {
                    Some(b) if coverage(b) >= coverage(r) => Some(b),
                    _ => Some(r),
                })
                .unwrap();
            assert_on_page(
                &page,
                &format!(
                    "| {unit} | {calls} | {} | {} | {:.1} % ({}) |",
                    suite("fe-sat"),
                    suite("be-structures"),
                    coverage(best),
                    best["strategy"]
                ),
            );
        }
    }
}
