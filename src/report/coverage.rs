//! Coverage curves of a results folder: the branch coverage the comparison phase's test
//! cases reached, against test cases, per strategy and length.
//!
//! Test case k of a cell is a pure function of (strategy, n, seed, k), whatever the
//! mutant, so every cell of one (replicate, unit, strategy, n) that ran at least c test
//! cases reports the same coverage after c of them. The experiment's coverage after c
//! test cases is that value, taken from the unit's longest cell; where every cell of the
//! unit stopped earlier (each at its mutant's first failure), it is the longest cell's
//! final coverage: the experiment ran no more test cases on that unit. The curve pools the
//! units: covered branches over all branches of the units with coverage columns, in
//! percent, at 1, 10, 100, … test cases up to the largest cell budget at that length. With
//! replicates, the line is the median and the band the interquartile range over
//! replicates (`testspace plot`). The report page's curves ([`coverage_growth`]) are one
//! unit's, on its cost axis and to each cell's end, and its final coverage
//! ([`final_coverage_percent`]) is the longest cell's after its last test case. Pure: no
//! I/O.

use std::collections::{BTreeMap, BTreeSet};

use super::figures::strategy_rank;
use super::replicated::{Band, Cost, CurveBand, replicates};
use super::{Cell, Cells};
use crate::coverage::curve::CHECKPOINTS;

/// The coverage curves of every strategy of the comparison phase at one length.
#[derive(Debug, Clone, PartialEq)]
pub struct CoverageCurves {
    /// n.
    pub n: u64,
    /// Replicates.
    pub replicates: u32,
    /// Units pooled (those with coverage columns at this length).
    pub units: usize,
    /// One curve per strategy, in the figures' strategy order: (test cases, band of branch
    /// coverage in percent).
    pub curves: Vec<CurveBand>,
}

/// The coverage after `c` test cases of the longest of `cells` (one unit's cells of one
/// replicate, strategy and length), as the module docs define it; `None` without coverage.
fn unit_coverage_at(cells: &[&Cell], c: u64) -> Option<u64> {
    let longest = cells
        .iter()
        .filter(|cell| cell.branches_covered.is_some())
        .max_by_key(|cell| cell.tests_run)?;
    if longest.tests_run <= c {
        return longest.branches_covered;
    }
    CHECKPOINTS
        .iter()
        .position(|&checkpoint| checkpoint == c)
        .and_then(|i| longest.branches_at[i])
}

/// The coverage curves of the comparison phase, one per length n with coverage columns
/// (empty if the results have none).
pub fn coverage_curves(cells: &Cells, phase: &str) -> Vec<CoverageCurves> {
    let replicates = replicates(cells);
    let phase: Vec<&Cell> = cells
        .phase(phase)
        .filter(|c| c.branches_total.is_some())
        .collect();
    let lengths: BTreeSet<u64> = phase.iter().map(|c| c.n).collect();
    let mut charts = Vec::new();
    for n in lengths {
        // strategy → unit → replicate → cells
        let mut groups: BTreeMap<&str, BTreeMap<&str, Vec<Vec<&Cell>>>> = BTreeMap::new();
        for &cell in phase.iter().filter(|c| c.n == n) {
            groups
                .entry(cell.strategy.as_str())
                .or_default()
                .entry(cell.subject.as_str())
                .or_insert_with(|| vec![Vec::new(); replicates as usize])[cell.replicate as usize]
                .push(cell);
        }
        let totals: BTreeMap<&str, u64> = phase
            .iter()
            .filter(|c| c.n == n)
            .filter_map(|c| Some((c.subject.as_str(), c.branches_total?)))
            .collect();
        let budget = phase
            .iter()
            .filter(|c| c.n == n)
            .map(|c| c.test_budget.unwrap_or(c.tests_run).max(1))
            .max()
            .unwrap_or(1);
        let checkpoints: Vec<u64> = CHECKPOINTS
            .iter()
            .copied()
            .filter(|&c| c <= budget)
            .collect();
        let all_branches: u64 = totals.values().sum();
        let mut curves: Vec<CurveBand> = groups
            .into_iter()
            .map(|(strategy, units)| {
                let points = checkpoints
                    .iter()
                    .map(|&c| {
                        let per_replicate: Vec<f64> = (0..replicates as usize)
                            .map(|r| {
                                let covered: u64 = units
                                    .values()
                                    .filter_map(|by_replicate| {
                                        unit_coverage_at(&by_replicate[r], c)
                                    })
                                    .sum();
                                100.0 * covered as f64 / all_branches.max(1) as f64
                            })
                            .collect();
                        (c as f64, Band::of(&per_replicate))
                    })
                    .collect();
                CurveBand {
                    strategy: strategy.to_string(),
                    points,
                }
            })
            .collect();
        curves.sort_by_key(|c| strategy_rank(&c.strategy));
        charts.push(CoverageCurves {
            n,
            replicates,
            units: totals.len(),
            curves,
        });
    }
    charts
}

/// The cell of `cells` (one unit's cells of one replicate, strategy and length) whose
/// test cases reach furthest, among those with coverage: every cell of the group runs the
/// same test cases, so its coverage is the group's.
fn longest_covered<'a>(cells: impl IntoIterator<Item = &'a Cell>) -> Option<&'a Cell> {
    cells
        .into_iter()
        .filter(|cell| cell.branches_covered.is_some() && cell.branches_total.is_some())
        .max_by_key(|cell| cell.tests_run)
}

/// The final branch coverage, in percent, of one unit's cells of one replicate, strategy
/// and length: the longest cell's `branches_covered` (after its `tests_run` test cases, the
/// last it ran) over `branches_total`; `None` without coverage columns.
pub fn final_coverage_percent<'a>(cells: impl IntoIterator<Item = &'a Cell>) -> Option<f64> {
    let longest = longest_covered(cells)?;
    let (covered, total) = (longest.branches_covered?, longest.branches_total?);
    Some(100.0 * covered as f64 / total.max(1) as f64)
}

/// Where a cell ends on the cost axis `cost`: its test cases, method calls or CPU seconds
/// (`None`: method calls not recorded).
fn end_on(cost: Cost, cell: &Cell) -> Option<f64> {
    match cost {
        Cost::Tests => Some(cell.tests_run as f64),
        Cost::MethodCalls => cell.method_calls.map(|c| c as f64),
        Cost::CpuSeconds => Some(cell.cpu_seconds),
    }
}

/// One unit's coverage growth over replicates, on the cost axis `cost`, to the cells' end:
/// `replicates` holds each replicate's cells of one strategy and length on the unit.
///
/// Per replicate the longest cell counts. A point per checkpoint of c test cases below the
/// longest cell's end, and a last point at the end: y is the band over replicates of the
/// coverage after c test cases (a replicate that stopped before c gives its final coverage)
/// and, last, of the final coverage ([`final_coverage_percent`]); x is the median over
/// replicates of where c test cases fall on the axis — c itself for test cases, else
/// min(c, tests_run) × the cell's cost per test case (the checkpoints are recorded in test
/// cases, so in method calls and seconds their place is the cell's mean) — and, last, of
/// the cells' ends. `None` without coverage, or in method calls where a cell has none.
pub fn coverage_growth(replicates: &[Vec<&Cell>], cost: Cost) -> Option<Vec<(f64, Band)>> {
    let longest: Vec<&Cell> = replicates
        .iter()
        .filter_map(|cells| longest_covered(cells.iter().copied()))
        .collect();
    let total_of = |cell: &Cell| cell.branches_total.unwrap_or(0).max(1) as f64;
    let ends: Vec<f64> = longest
        .iter()
        .map(|cell| end_on(cost, cell))
        .collect::<Option<_>>()?;
    let furthest = longest.iter().map(|cell| cell.tests_run).max()?;
    let median = |values: &[f64]| Band::of(values).median;
    let mut points = Vec::new();
    for (i, &c) in CHECKPOINTS.iter().enumerate() {
        if c >= furthest {
            break;
        }
        let x: Vec<f64> = longest
            .iter()
            .zip(&ends)
            .map(|(cell, end)| match cost {
                Cost::Tests => c as f64,
                _ => c.min(cell.tests_run) as f64 * end / cell.tests_run.max(1) as f64,
            })
            .collect();
        let y: Vec<f64> = longest
            .iter()
            .map(|cell| {
                let covered = if c < cell.tests_run {
                    cell.branches_at[i].or(cell.branches_covered)
                } else {
                    cell.branches_covered
                };
                100.0 * covered.unwrap_or(0) as f64 / total_of(cell)
            })
            .collect();
        points.push((median(&x), Band::of(&y)));
    }
    let finals: Vec<f64> = longest
        .iter()
        .filter_map(|cell| final_coverage_percent([*cell]))
        .collect();
    points.push((median(&ends), Band::of(&finals)));
    Some(points)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::COMPARISON_PHASE;
    use crate::report::test_tables::budget_cell;

    fn covered(mut cell: Cell, total: u64, at: &[u64], end: u64) -> Cell {
        cell.branches_total = Some(total);
        cell.branches_covered = Some(end);
        for (slot, &value) in cell.branches_at.iter_mut().zip(at) {
            *slot = Some(value);
        }
        cell
    }

    #[test]
    fn a_unit_counts_its_longest_cell_and_keeps_its_final_coverage_after_it_stopped() {
        // Unit A (10 branches): a mutant killed at test case 5 and a survivor of 100 test
        // cases; unit B (30 branches): both mutants killed by test case 7.
        let cells = Cells {
            rows: vec![
                covered(budget_cell(0, "A", 1, "r", 4, Some(5)), 10, &[1], 3),
                covered(budget_cell(0, "A", 2, "r", 4, None), 10, &[1, 4, 8], 8),
                covered(budget_cell(0, "B", 1, "r", 4, Some(7)), 30, &[2], 6),
                covered(budget_cell(0, "B", 2, "r", 4, Some(3)), 30, &[2], 5),
            ],
        };
        let charts = coverage_curves(&cells, COMPARISON_PHASE);
        assert_eq!(charts.len(), 1);
        let chart = &charts[0];
        assert_eq!((chart.n, chart.units, chart.replicates), (4, 2, 1));
        let points: Vec<(f64, f64)> = chart.curves[0]
            .points
            .iter()
            .map(|(x, band)| (*x, band.median))
            .collect();
        // After 1: 1 + 2 of 40; after 10: 4 + 6 (B stopped at 7); after 100: 8 + 6.
        assert_eq!(points, [(1.0, 7.5), (10.0, 25.0), (100.0, 35.0)]);
    }

    #[test]
    fn results_without_coverage_columns_have_no_curves() {
        let cells = Cells {
            rows: vec![budget_cell(0, "A", 1, "r", 4, None)],
        };
        assert!(coverage_curves(&cells, COMPARISON_PHASE).is_empty());
    }
    #[test]
    fn the_final_coverage_is_the_longest_cells_at_its_last_test_case_not_a_checkpoints() {
        // Two replicates of 100 test cases of n = 4 (400 calls), 20 branches: after 1, 10
        // and 100 test cases 2, 5 and 12 (replicate 0) and 4, 9 and 16 (replicate 1); a
        // killed cell of replicate 1 stopped at 5 with 3.
        let replicate_0 = covered(budget_cell(0, "A", 1, "r", 4, None), 20, &[2, 5], 12);
        let replicate_1 = vec![
            covered(budget_cell(1, "A", 1, "r", 4, Some(5)), 20, &[1], 3),
            covered(budget_cell(1, "A", 2, "r", 4, None), 20, &[4, 9], 16),
        ];
        assert_eq!(final_coverage_percent([&replicate_0]), Some(60.0));
        assert_eq!(final_coverage_percent(&replicate_1), Some(80.0));
        let replicates = vec![vec![&replicate_0], replicate_1.iter().collect()];
        let in_calls = coverage_growth(&replicates, Cost::MethodCalls).unwrap();
        let points: Vec<(f64, f64, f64, f64)> = in_calls
            .iter()
            .map(|(x, b)| (*x, b.q1, b.median, b.q3))
            .collect();
        // Checkpoints 1 and 10 at 4 and 40 calls; the end at 400 calls, not at the
        // checkpoint of 100 test cases (the cells' last test case is their 100th here).
        assert_eq!(
            points,
            [
                (4.0, 12.5, 15.0, 17.5),
                (40.0, 30.0, 35.0, 40.0),
                (400.0, 65.0, 70.0, 75.0)
            ]
        );
        let in_tests = coverage_growth(&replicates, Cost::Tests).unwrap();
        let xs: Vec<f64> = in_tests.iter().map(|(x, _)| *x).collect();
        assert_eq!(xs, [1.0, 10.0, 100.0]);
    }

    #[test]
    fn a_budget_between_checkpoints_ends_at_the_last_test_case() {
        // 50 test cases of 20 calls (1,000 calls): the checkpoint of 10 test cases says 7,
        // the end says 9 of 10 branches.
        let mut cell = covered(budget_cell(0, "A", 1, "r", 20, None), 10, &[3, 7], 9);
        cell.tests_run = 50;
        cell.method_calls = Some(1000);
        let points = coverage_growth(&[vec![&cell]], Cost::MethodCalls).unwrap();
        let points: Vec<(f64, f64)> = points.iter().map(|(x, b)| (*x, b.median)).collect();
        assert_eq!(points, [(20.0, 30.0), (200.0, 70.0), (1000.0, 90.0)]);
        assert_eq!(final_coverage_percent([&cell]), Some(90.0));
    }
}
