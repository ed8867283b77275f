//! The paper's tables from a results folder: Figure 3 (the subjects) and the failures
//! found per CPU second of Section 6.4, each beside the paper's own numbers.

use std::collections::{BTreeMap, BTreeSet};

use super::figures::strategy_rank;
use super::{COMPARISON_PHASE, Cells};
use crate::table::{Column, Table};

/// One row of the paper's Figure 3.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaperSubject {
    /// The unit's class name here (the paper abbreviates some: `IHashMap`).
    pub unit: &'static str,
    /// The paper's SLOC.
    pub sloc: usize,
    /// The paper's "Mutants Compiled".
    pub mutants_compiled: usize,
    /// The paper's "Mutants Non-Equiv.".
    pub non_equivalent: usize,
}

const fn paper(
    unit: &'static str,
    sloc: usize,
    mutants_compiled: usize,
    non_equivalent: usize,
) -> PaperSubject {
    PaperSubject {
        unit,
        sloc,
        mutants_compiled,
        non_equivalent,
    }
}

/// Figure 3 of the paper, in its order (its totals: 3512 SLOC, 1293 mutants compiled,
/// 435 non-equivalent).
pub const PAPER_FIGURE3: [PaperSubject; 16] = [
    paper("ArrayList", 150, 100, 47),
    paper("EnumMap", 239, 100, 0),
    paper("HashMap", 360, 100, 29),
    paper("HashSet", 46, 41, 6),
    paper("Hashtable", 355, 100, 45),
    paper("IdentityHashMap", 392, 100, 30),
    paper("LinkedHashMap", 103, 74, 5),
    paper("LinkedHashSet", 9, 0, 0),
    paper("LinkedList", 227, 100, 44),
    paper("PriorityQueue", 203, 100, 38),
    paper("Properties", 249, 100, 1),
    paper("Stack", 17, 33, 28),
    paper("TreeMap", 562, 100, 24),
    paper("TreeSet", 62, 45, 8),
    paper("Vector", 200, 100, 92),
    paper("WeakHashMap", 338, 100, 38),
];

/// What the registry knows of a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitInfo {
    /// SLOC of the port (`None`: unknown).
    pub sloc: Option<usize>,
    /// Runnable mutants in its catalog (`Unit::mutants()`).
    pub mutants_catalog: usize,
}

/// One row of Figure 3.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure3Row {
    /// The unit's class name, or `Total`.
    pub unit: String,
    /// SLOC of the port (`None`: unit not in the registry).
    pub sloc: Option<usize>,
    /// Runnable mutants in the unit's catalog (`None`: unit not in the registry).
    pub mutants_catalog: Option<usize>,
    /// Distinct mutants with a cell in the results (fewer than the catalog when the
    /// experiment sampled mutants).
    pub mutants_run: usize,
    /// Distinct mutants killed by some cell of any phase.
    pub non_equivalent: usize,
    /// The paper's row (for `Total`: the sums over the paper rows of the listed units).
    pub paper: Option<PaperSubject>,
}

/// Figure 3: one row per unit with a cell in the results (the paper's order first, then
/// by name), and a `Total` row. `info` gives SLOC and catalog size of registered units.
pub fn figure3(cells: &Cells, info: &dyn Fn(&str) -> Option<UnitInfo>) -> Vec<Figure3Row> {
    let mut run: BTreeMap<&str, BTreeSet<u64>> = BTreeMap::new();
    for cell in &cells.rows {
        run.entry(&cell.subject).or_default().insert(cell.mutant);
    }
    let non_equivalent = cells.non_equivalent();
    let mut units: Vec<&str> = run.keys().copied().collect();
    let rank = |unit: &str| {
        PAPER_FIGURE3
            .iter()
            .position(|p| p.unit == unit)
            .unwrap_or(PAPER_FIGURE3.len())
    };
    units.sort_by_key(|unit| (rank(unit), unit.to_string()));
    let mut rows: Vec<Figure3Row> = units
        .into_iter()
        .map(|unit| {
            let info = info(unit);
            Figure3Row {
                unit: unit.to_string(),
                sloc: info.and_then(|i| i.sloc),
                mutants_catalog: info.map(|i| i.mutants_catalog),
                mutants_run: run[unit].len(),
                non_equivalent: non_equivalent.iter().filter(|m| m.0 == unit).count(),
                paper: PAPER_FIGURE3.iter().find(|p| p.unit == unit).copied(),
            }
        })
        .collect();
    let sum = |values: &mut dyn Iterator<Item = Option<usize>>| values.sum::<Option<usize>>();
    let papers: Vec<PaperSubject> = rows.iter().filter_map(|r| r.paper).collect();
    let total = Figure3Row {
        unit: "Total".to_string(),
        sloc: sum(&mut rows.iter().map(|r| r.sloc)),
        mutants_catalog: sum(&mut rows.iter().map(|r| r.mutants_catalog)),
        mutants_run: rows.iter().map(|r| r.mutants_run).sum(),
        non_equivalent: rows.iter().map(|r| r.non_equivalent).sum(),
        paper: (!papers.is_empty()).then(|| PaperSubject {
            unit: "Total",
            sloc: papers.iter().map(|p| p.sloc).sum(),
            mutants_compiled: papers.iter().map(|p| p.mutants_compiled).sum(),
            non_equivalent: papers.iter().map(|p| p.non_equivalent).sum(),
        }),
    };
    rows.push(total);
    rows
}

/// Figure 3 as a table with the columns `unit`, `sloc`, `mutants_catalog`,
/// `mutants_run`, `non_equivalent`, `paper_sloc`, `paper_mutants_compiled`,
/// `paper_non_equivalent` (empty where unknown).
pub fn figure3_table(rows: &[Figure3Row]) -> Table {
    let optional = |name: &str, values: Vec<Option<u64>>| Column::new(name, values);
    let count = |value: usize| value as u64;
    Table::new(vec![
        Column::new(
            "unit",
            rows.iter().map(|r| r.unit.as_str()).collect::<Vec<_>>(),
        ),
        optional("sloc", rows.iter().map(|r| r.sloc.map(count)).collect()),
        optional(
            "mutants_catalog",
            rows.iter().map(|r| r.mutants_catalog.map(count)).collect(),
        ),
        Column::new(
            "mutants_run",
            rows.iter()
                .map(|r| count(r.mutants_run))
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "non_equivalent",
            rows.iter()
                .map(|r| count(r.non_equivalent))
                .collect::<Vec<_>>(),
        ),
        optional(
            "paper_sloc",
            rows.iter()
                .map(|r| r.paper.map(|p| count(p.sloc)))
                .collect(),
        ),
        optional(
            "paper_mutants_compiled",
            rows.iter()
                .map(|r| r.paper.map(|p| count(p.mutants_compiled)))
                .collect(),
        ),
        optional(
            "paper_non_equivalent",
            rows.iter()
                .map(|r| r.paper.map(|p| count(p.non_equivalent)))
                .collect(),
        ),
    ])
}

/// The failures per CPU second that Section 6.4 states: (strategy, n, value). R's
/// lowest (n = 1) and its value at n = 8; BE's highest (n = 2) and lowest (n = 8).
pub const PAPER_FAILURES_PER_CPU_SECOND: [(&str, u64, f64); 4] = [
    ("r", 1, 3.70),
    ("r", 8, 15.44),
    ("be", 2, 0.0014),
    ("be", 8, 0.00018),
];

/// Failures per CPU second of one strategy at one length.
#[derive(Debug, Clone, PartialEq)]
pub struct RateRow {
    /// The strategy.
    pub strategy: String,
    /// The test-case length n.
    pub n: u64,
    /// Completed cells (`killed` or `survived`).
    pub cells: usize,
    /// Cells left out: `timeout` or `crash`.
    pub incomplete_cells: usize,
    /// Completed cells that killed their mutant.
    pub kills: usize,
    /// CPU seconds charged: first_failure_cpu_seconds of killed cells, cpu_seconds of
    /// the others.
    pub charged_cpu_seconds: f64,
    /// kills / charged_cpu_seconds (`None` if no CPU time was charged).
    pub kills_per_cpu_second: Option<f64>,
    /// Failing test cases of the completed cells.
    pub failing_tests: u64,
    /// cpu_seconds of the completed cells (whole runs).
    pub cpu_seconds: f64,
    /// failing_tests / cpu_seconds (`None` if no CPU time was spent).
    pub failing_tests_per_cpu_second: Option<f64>,
    /// The paper's value, where Section 6.4 states one.
    pub paper: Option<f64>,
}

/// Failures per CPU second in the comparison phase, by strategy and n.
///
/// The main measure, `kills_per_cpu_second`, is the number of completed cells that
/// killed their mutant divided by the CPU seconds charged to all completed cells, where
/// a killed cell is charged its CPU time up to and including its first failing test
/// case (`first_failure_cpu_seconds`) and any other cell its whole CPU time
/// (`cpu_seconds`): every strategy is charged until it finds its first failure, as in
/// the paper ("how long R took to find its first failure"), even though `r` runs its
/// whole budget to measure failure density. So it is the rate at which the strategy
/// finds first failures (kills) per second of computation.
///
/// The second measure, `failing_tests_per_cpu_second`, counts every failing test case
/// over the whole CPU time of the completed cells — the other reading of the paper's
/// "failures found per CPU second". It differs from the first only for `r` (whose
/// comparison cells run their whole budget); `be`, `bobw` and `bobw-prime` stop at the
/// first failure.
///
/// Cells that timed out or crashed are left out and counted in `incomplete_cells`.
pub fn failures_per_cpu_second(cells: &Cells) -> Vec<RateRow> {
    let mut rows: BTreeMap<((usize, String), u64), RateRow> = BTreeMap::new();
    for cell in cells.phase(COMPARISON_PHASE) {
        let row = rows
            .entry((strategy_rank(&cell.strategy), cell.n))
            .or_insert_with(|| RateRow {
                strategy: cell.strategy.clone(),
                n: cell.n,
                cells: 0,
                incomplete_cells: 0,
                kills: 0,
                charged_cpu_seconds: 0.0,
                kills_per_cpu_second: None,
                failing_tests: 0,
                cpu_seconds: 0.0,
                failing_tests_per_cpu_second: None,
                paper: PAPER_FAILURES_PER_CPU_SECOND
                    .iter()
                    .find(|p| p.0 == cell.strategy && p.1 == cell.n)
                    .map(|p| p.2),
            });
        if !cell.completed() {
            row.incomplete_cells += 1;
            continue;
        }
        row.cells += 1;
        row.cpu_seconds += cell.cpu_seconds;
        row.failing_tests += cell.failing_tests;
        if cell.killed() {
            row.kills += 1;
            row.charged_cpu_seconds += cell.first_failure_cpu_seconds.unwrap_or(cell.cpu_seconds);
        } else {
            row.charged_cpu_seconds += cell.cpu_seconds;
        }
    }
    let rate = |count: f64, seconds: f64| (seconds > 0.0).then(|| count / seconds);
    rows.into_values()
        .map(|mut row| {
            row.kills_per_cpu_second = rate(row.kills as f64, row.charged_cpu_seconds);
            row.failing_tests_per_cpu_second = rate(row.failing_tests as f64, row.cpu_seconds);
            row
        })
        .collect()
}

/// The rates as a table with the columns `strategy`, `n`, `cells`, `incomplete_cells`,
/// `kills`, `charged_cpu_seconds`, `kills_per_cpu_second`, `failing_tests`,
/// `cpu_seconds`, `failing_tests_per_cpu_second`, `paper_failures_per_cpu_second`.
pub fn failures_per_cpu_second_table(rows: &[RateRow]) -> Table {
    macro_rules! column {
        ($name:literal, $value:expr) => {
            Column::new($name, rows.iter().map($value).collect::<Vec<_>>())
        };
    }
    Table::new(vec![
        column!("strategy", |r| r.strategy.as_str()),
        column!("n", |r| r.n),
        column!("cells", |r| r.cells as u64),
        column!("incomplete_cells", |r| r.incomplete_cells as u64),
        column!("kills", |r| r.kills as u64),
        column!("charged_cpu_seconds", |r| r.charged_cpu_seconds),
        column!("kills_per_cpu_second", |r| r.kills_per_cpu_second),
        column!("failing_tests", |r| r.failing_tests),
        column!("cpu_seconds", |r| r.cpu_seconds),
        column!("failing_tests_per_cpu_second", |r| r
            .failing_tests_per_cpu_second),
        column!("paper_failures_per_cpu_second", |r| r.paper),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_tables::cells;

    const C: &str = COMPARISON_PHASE;

    #[test]
    fn the_paper_table_adds_up_to_its_printed_totals() {
        let sum = |f: fn(&PaperSubject) -> usize| PAPER_FIGURE3.iter().map(f).sum::<usize>();
        assert_eq!(
            (
                sum(|p| p.sloc),
                sum(|p| p.mutants_compiled),
                sum(|p| p.non_equivalent)
            ),
            (3512, 1293, 435)
        );
    }

    #[test]
    fn figure3_counts_mutants_run_and_killed_in_any_phase() {
        let cells = cells(&[
            (
                "equivalence",
                "Stack",
                1,
                "r",
                10,
                5,
                1,
                Some(5),
                0.1,
                Some(0.1),
                "killed",
            ),
            (
                "equivalence",
                "Stack",
                2,
                "r",
                10,
                5,
                0,
                None,
                0.1,
                None,
                "survived",
            ),
            (
                "equivalence",
                "Stack",
                3,
                "r",
                10,
                5,
                0,
                None,
                0.1,
                None,
                "survived",
            ),
            (
                "comparison",
                "Stack",
                3,
                "be",
                3,
                5,
                1,
                Some(2),
                0.1,
                Some(0.1),
                "killed",
            ),
            (
                "equivalence",
                "Zeta",
                1,
                "r",
                10,
                5,
                0,
                None,
                0.1,
                None,
                "crash",
            ),
            (
                "equivalence",
                "ArrayList",
                7,
                "r",
                10,
                5,
                0,
                None,
                0.1,
                None,
                "survived",
            ),
        ]);
        let info = |unit: &str| {
            (unit == "Stack").then_some(UnitInfo {
                sloc: Some(20),
                mutants_catalog: 40,
            })
        };
        let rows = figure3(&cells, &info);
        let units: Vec<&str> = rows.iter().map(|r| r.unit.as_str()).collect();
        assert_eq!(units, ["ArrayList", "Stack", "Zeta", "Total"]);
        let stack = &rows[1];
        assert_eq!(
            (
                stack.sloc,
                stack.mutants_catalog,
                stack.mutants_run,
                stack.non_equivalent
            ),
            (Some(20), Some(40), 3, 2)
        );
        assert_eq!(stack.paper.unwrap().non_equivalent, 28);
        assert_eq!(rows[2].paper, None);
        let total = &rows[3];
        // SLOC and catalog are unknown for two units, so their totals are unknown too.
        assert_eq!(
            (total.sloc, total.mutants_run, total.non_equivalent),
            (None, 5, 2)
        );
        let paper_total = total.paper.unwrap();
        assert_eq!(
            (paper_total.sloc, paper_total.non_equivalent),
            (150 + 17, 47 + 28)
        );
        let table = figure3_table(&rows);
        assert_eq!((table.height(), table.columns().len()), (4, 8));
    }

    #[test]
    fn rates_charge_killed_cells_until_their_first_failure() {
        let cells = cells(&[
            // r, n = 1: one kill after 0.25 s of a 1 s run, one survivor of 0.75 s.
            (
                C,
                "A",
                1,
                "r",
                1,
                100,
                4,
                Some(10),
                1.0,
                Some(0.25),
                "killed",
            ),
            (C, "A", 2, "r", 1, 100, 0, None, 0.75, None, "survived"),
            (C, "A", 3, "r", 1, 0, 0, None, 5.0, None, "timeout"),
            // be, n = 2: one kill in 4 s.
            (C, "A", 1, "be", 2, 9, 1, Some(9), 4.0, Some(4.0), "killed"),
            // not the comparison phase
            (
                "equivalence",
                "A",
                1,
                "r",
                1,
                100,
                4,
                Some(10),
                1.0,
                Some(0.25),
                "killed",
            ),
        ]);
        let rows = failures_per_cpu_second(&cells);
        assert_eq!(rows.len(), 2);
        let r = &rows[0];
        assert_eq!(
            (
                r.strategy.as_str(),
                r.n,
                r.cells,
                r.incomplete_cells,
                r.kills
            ),
            ("r", 1, 2, 1, 1)
        );
        assert_eq!(r.charged_cpu_seconds, 1.0);
        assert_eq!(r.kills_per_cpu_second, Some(1.0));
        assert_eq!(r.failing_tests_per_cpu_second, Some(4.0 / 1.75));
        assert_eq!(r.paper, Some(3.70));
        let be = &rows[1];
        assert_eq!(
            (be.strategy.as_str(), be.kills_per_cpu_second, be.paper),
            ("be", Some(0.25), Some(0.0014))
        );
        let table = failures_per_cpu_second_table(&rows);
        assert_eq!((table.height(), table.columns().len()), (2, 11));
    }
}
