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
//! replicates. Pure: no I/O.

use std::collections::{BTreeMap, BTreeSet};

use super::figures::strategy_rank;
use super::replicated::{Band, CurveBand, replicates};
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
}
