//! Figures of replicated results (`replicates = N ≥ 2`): kill curves per length with the
//! median and interquartile range over replicates, and the same bands for Figures 4 and 6.
//!
//! Every number here is a statistic over replicates of a per-replicate value computed as
//! for a single run: the replicate's cells are a run of their own. Bands are the
//! interquartile range (type-7 quartiles, [`crate::stats::summary()`]) of the per-replicate
//! values; the line is their median. Pure: no I/O.

use std::collections::{BTreeMap, BTreeSet};

use super::figures::{figure4, figure5, figure6, strategy_rank};
use super::{Cell, Cells};
use crate::stats;

/// The median and quartiles of per-replicate values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Band {
    /// The median.
    pub median: f64,
    /// The first quartile.
    pub q1: f64,
    /// The third quartile.
    pub q3: f64,
}

impl Band {
    /// The band of `values` (at least one, no NaN).
    pub fn of(values: &[f64]) -> Band {
        let summary = stats::summary(values).expect("per-replicate values are finite");
        Band {
            median: summary.median,
            q1: summary.q1,
            q3: summary.q3,
        }
    }
}

/// The number of replicates of a results table (1 for a table without the column).
pub fn replicates(cells: &Cells) -> u32 {
    cells
        .rows
        .iter()
        .map(|c| c.replicate + 1)
        .max()
        .unwrap_or(1)
}

/// The cells of each replicate, in replicate order.
pub fn by_replicate(cells: &Cells) -> Vec<Cells> {
    let mut split = vec![Cells::default(); replicates(cells) as usize];
    for cell in &cells.rows {
        split[cell.replicate as usize].rows.push(cell.clone());
    }
    split
}

/// What a kill curve's x axis counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cost {
    /// Test cases executed (the position of the first failing test case).
    Tests,
    /// CPU seconds (`first_failure_cpu_seconds`).
    CpuSeconds,
    /// Method calls (`method_calls` of a cell that stopped at its first failure): the cost
    /// unit of runs at equal cost budgets.
    MethodCalls,
}

impl Cost {
    /// The name in file names and the CSV (`tests`, `cpu_seconds`).
    pub fn name(self) -> &'static str {
        match self {
            Cost::Tests => "tests",
            Cost::CpuSeconds => "cpu_seconds",
            Cost::MethodCalls => "method_calls",
        }
    }

    fn of(self, cell: &Cell) -> Option<f64> {
        if !cell.killed() {
            return None;
        }
        match self {
            Cost::Tests => cell.first_failure.map(|p| p as f64),
            Cost::CpuSeconds => cell.first_failure_cpu_seconds,
            Cost::MethodCalls => cell.method_calls.map(|c| c as f64),
        }
    }
}

/// One strategy's curve over replicates: at each x, the band of its values there (mutants
/// killed by then, for a kill curve; branch coverage, for a coverage curve).
#[derive(Debug, Clone, PartialEq)]
pub struct CurveBand {
    /// The strategy.
    pub strategy: String,
    /// (x, band of kills) in increasing x.
    pub points: Vec<(f64, Band)>,
}

/// The kill curves of every strategy of the comparison phase at one length.
#[derive(Debug, Clone, PartialEq)]
pub struct KillCurves {
    /// n.
    pub n: u64,
    /// What x counts.
    pub cost: Cost,
    /// Replicates.
    pub replicates: u32,
    /// One curve per strategy, in the figures' strategy order.
    pub curves: Vec<CurveBand>,
}

/// Points of the x grid: `count` values spaced evenly in log x from `low` to `high`.
fn log_grid(low: f64, high: f64, count: usize) -> Vec<f64> {
    if high <= low {
        return vec![low];
    }
    let (a, b) = (low.ln(), high.ln());
    (0..count)
        .map(|i| (a + (b - a) * i as f64 / (count - 1) as f64).exp())
        .collect()
}

/// Grid points of a kill curve.
pub const GRID_POINTS: usize = 48;

/// Kill curves of `phase` (the paper's: the comparison phase), one chart per length n: for
/// each strategy and replicate, the mutants whose cell at n was killed within x (test
/// cases, CPU seconds or method calls), on a log grid of [`GRID_POINTS`] from 1 test case
/// (or the smallest positive cost) to the largest cell budget (or CPU time, or calls) at
/// that n; the band is over replicates. A replicate counts the mutants of its own phase
/// (those its phase 1 killed). Empty for results with fewer than two replicates; no chart
/// in method calls at an n where a killed cell ran on after its first failure (its calls
/// are not the calls to that failure).
pub fn kill_curves(cells: &Cells, cost: Cost, phase: &str) -> Vec<KillCurves> {
    let replicates = replicates(cells);
    if replicates < 2 {
        return Vec::new();
    }
    let phase: Vec<&Cell> = cells.phase(phase).collect();
    let lengths: BTreeSet<u64> = phase.iter().map(|c| c.n).collect();
    let mut charts = Vec::new();
    for n in lengths {
        let at_n: Vec<&Cell> = phase.iter().copied().filter(|c| c.n == n).collect();
        let (low, high) = match cost {
            Cost::Tests => (
                1.0,
                at_n.iter()
                    .map(|c| c.test_budget.unwrap_or(c.tests_run).max(1) as f64)
                    .fold(1.0, f64::max),
            ),
            Cost::MethodCalls
                if at_n.iter().any(|c| {
                    c.method_calls.is_none() || (c.killed() && c.first_failure != Some(c.tests_run))
                }) =>
            {
                continue;
            }
            Cost::CpuSeconds | Cost::MethodCalls => {
                let total = |c: &&Cell| match cost {
                    Cost::CpuSeconds => c.cpu_seconds,
                    _ => c.method_calls.unwrap_or(0) as f64,
                };
                let positive: Vec<f64> = at_n
                    .iter()
                    .filter_map(|c| cost.of(c))
                    .chain(at_n.iter().map(total))
                    .filter(|s| *s > 0.0)
                    .collect();
                if positive.is_empty() {
                    continue;
                }
                (
                    positive.iter().copied().fold(f64::INFINITY, f64::min),
                    positive.iter().copied().fold(0.0, f64::max),
                )
            }
        };
        let grid = log_grid(low, high, GRID_POINTS);
        // strategy → replicate → sorted costs of killed mutants
        let mut costs: BTreeMap<&str, Vec<Vec<f64>>> = BTreeMap::new();
        for cell in &at_n {
            let per_replicate = costs
                .entry(cell.strategy.as_str())
                .or_insert_with(|| vec![Vec::new(); replicates as usize]);
            if let Some(c) = cost.of(cell) {
                per_replicate[cell.replicate as usize].push(c);
            }
        }
        let mut curves: Vec<CurveBand> = costs
            .into_iter()
            .map(|(strategy, mut per_replicate)| {
                for c in &mut per_replicate {
                    c.sort_by(f64::total_cmp);
                }
                let points = grid
                    .iter()
                    .map(|&x| {
                        let kills: Vec<f64> = per_replicate
                            .iter()
                            .map(|c| c.partition_point(|&v| v <= x) as f64)
                            .collect();
                        (x, Band::of(&kills))
                    })
                    .collect();
                CurveBand {
                    strategy: strategy.to_string(),
                    points,
                }
            })
            .collect();
        curves.sort_by_key(|c| strategy_rank(&c.strategy));
        charts.push(KillCurves {
            n,
            cost,
            replicates,
            curves,
        });
    }
    charts
}

/// Figure 6 over replicates: for each (strategy, n), the band of the mutants killed per
/// replicate. Empty for results with fewer than two replicates.
pub fn figure6_bands(cells: &Cells) -> BTreeMap<(String, u64), Band> {
    per_replicate_bands(cells, |replicate| {
        figure6(replicate)
            .map(|figure| {
                figure
                    .curves
                    .iter()
                    .flat_map(|curve| {
                        curve
                            .points
                            .iter()
                            .map(|p| ((curve.strategy.clone(), p.n), p.killed as f64))
                    })
                    .collect()
            })
            .unwrap_or_default()
    })
}

/// Figure 4 over replicates: for each n, the band of the mean failure density of R over
/// the replicate's mutants. Empty for results with fewer than two replicates.
pub fn figure4_bands(cells: &Cells) -> BTreeMap<u64, Band> {
    per_replicate_bands(cells, |replicate| {
        figure4(replicate)
            .map(|figure| {
                figure
                    .overall
                    .points
                    .iter()
                    .map(|p| (p.n, p.mean_density))
                    .collect()
            })
            .unwrap_or_default()
    })
}

/// Figure 5 over replicates: for each n, the band of the percentage of cases in which
/// BE(n) kills in fewer test cases than R(n), over the replicates that have cases at n.
/// Empty for results with fewer than two replicates.
pub fn figure5_bands(cells: &Cells) -> BTreeMap<u64, Band> {
    per_replicate_bands(cells, |replicate| {
        figure5(replicate)
            .map(|points| {
                points
                    .iter()
                    .filter_map(|p| p.percentage.map(|percent| (p.n, percent)))
                    .collect()
            })
            .unwrap_or_default()
    })
}

/// For each key that `values` gives in some replicate, the band of its values over the
/// replicates that have it.
fn per_replicate_bands<K: Ord>(
    cells: &Cells,
    values: impl Fn(&Cells) -> Vec<(K, f64)>,
) -> BTreeMap<K, Band> {
    if replicates(cells) < 2 {
        return BTreeMap::new();
    }
    let mut gathered: BTreeMap<K, Vec<f64>> = BTreeMap::new();
    for replicate in by_replicate(cells) {
        for (key, value) in values(&replicate) {
            gathered.entry(key).or_default().push(value);
        }
    }
    gathered
        .into_iter()
        .map(|(key, v)| (key, Band::of(&v)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::COMPARISON_PHASE;
    use crate::report::test_tables::budget_cell;

    fn cell(replicate: u32, mutant: u64, strategy: &str, first_failure: Option<u64>) -> Cell {
        budget_cell(replicate, "A", mutant, strategy, 8, first_failure)
    }

    /// Three replicates of two mutants: r kills mutant 1 at test 1 in every replicate and
    /// mutant 2 at test 10, 50 and never.
    fn cells() -> Cells {
        let second = [Some(10), Some(50), None];
        Cells {
            rows: (0..3)
                .flat_map(|r| {
                    [
                        cell(r, 1, "r", Some(1)),
                        cell(r, 2, "r", second[r as usize]),
                    ]
                })
                .collect(),
        }
    }

    #[test]
    fn kill_curves_give_the_median_and_quartiles_of_kills_by_then() {
        let charts = kill_curves(&cells(), Cost::Tests, COMPARISON_PHASE);
        assert_eq!(charts.len(), 1);
        let chart = &charts[0];
        assert_eq!((chart.n, chart.replicates), (8, 3));
        let points = &chart.curves[0].points;
        assert_eq!(points.len(), GRID_POINTS);
        assert_eq!(points[0].0, 1.0);
        assert!((points.last().unwrap().0 - 100.0).abs() < 1e-9);
        // At t = 1 every replicate has killed one mutant.
        assert_eq!(
            points[0].1,
            Band {
                median: 1.0,
                q1: 1.0,
                q3: 1.0
            }
        );
        // At t = 100: kills 2, 2, 1 → median 2, quartiles 1.5 and 2.
        assert_eq!(
            points.last().unwrap().1,
            Band {
                median: 2.0,
                q1: 1.5,
                q3: 2.0
            }
        );
        // Between 10 and 50: kills 2, 1, 1.
        let mid = points.iter().find(|(x, _)| *x > 10.0 && *x < 50.0).unwrap();
        assert_eq!(
            mid.1,
            Band {
                median: 1.0,
                q1: 1.0,
                q3: 1.5
            }
        );
    }

    /// In method calls, a kill at test t of n = 8 calls is at 8t calls; cells that ran on
    /// after their first failure give no such chart.
    #[test]
    fn kill_curves_in_method_calls_need_cells_that_stop_at_their_first_failure() {
        let charts = kill_curves(&cells(), Cost::MethodCalls, COMPARISON_PHASE);
        assert_eq!(charts.len(), 1);
        let points = &charts[0].curves[0].points;
        assert!(
            (points[0].0 - 8.0).abs() < 1e-9,
            "the first kill, at 8 calls"
        );
        assert!(
            (points.last().unwrap().0 - 800.0).abs() < 1e-9,
            "the largest cell"
        );
        let mid = points
            .iter()
            .find(|(x, _)| *x > 80.0 && *x < 400.0)
            .unwrap();
        assert_eq!(mid.1.median, 1.0);
        let mut budget = cells();
        budget.rows[1].tests_run = 100;
        assert!(kill_curves(&budget, Cost::MethodCalls, COMPARISON_PHASE).is_empty());
    }

    #[test]
    fn bands_need_replicates() {
        let single = Cells {
            rows: cells()
                .rows
                .into_iter()
                .filter(|c| c.replicate == 0)
                .collect(),
        };
        assert!(kill_curves(&single, Cost::Tests, COMPARISON_PHASE).is_empty());
        assert!(figure6_bands(&single).is_empty());
        let bands = figure6_bands(&cells());
        assert_eq!(
            bands[&("r".to_string(), 8)],
            Band {
                median: 2.0,
                q1: 1.5,
                q3: 2.0
            }
        );
    }
}
