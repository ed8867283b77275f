//! The data of Figures 4, 5 and 6 of the paper and of the measured-versus-model chart,
//! one function per figure, all on the comparison phase (see [`super`] for the
//! conventions).

use std::collections::{BTreeMap, BTreeSet};

use super::{COMPARISON_PHASE, Cell, Cells};
use crate::analysis::AnalysisError;
use crate::analysis::float::ScaledDensityRecurrence;

/// The strategies of Figure 6 in drawing order; others follow alphabetically.
pub const STRATEGY_ORDER: [&str; 4] = ["r", "be", "bobw", "bobw-prime"];

/// Failure density averaged over mutants at one length.
#[derive(Debug, Clone, PartialEq)]
pub struct DensityPoint {
    /// The test-case length n.
    pub n: u64,
    /// How many mutants the mean is over.
    pub mutants: usize,
    /// The mean over those mutants of failing_tests / (tests_run − abandoned_tests).
    pub mean_density: f64,
}

/// A failure-density curve: one point per length, in increasing n.
#[derive(Debug, Clone, PartialEq)]
pub struct DensityCurve {
    /// `all` for the average over every mutant, else the unit's class name.
    pub unit: String,
    /// The points.
    pub points: Vec<DensityPoint>,
}

/// Figure 4: failure density of R by test-case length.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure4 {
    /// The average over all mutants of all units.
    pub overall: DensityCurve,
    /// The average over the mutants of each unit, by unit name.
    pub units: Vec<DensityCurve>,
    /// R cells of the comparison phase left out because they timed out, crashed or ran
    /// no test case.
    pub excluded_cells: usize,
}

/// Figure 4: the failure density of each mutant at length n is failing_tests /
/// judged tests (tests_run − abandoned_tests) of its `r` cell in the comparison phase (which runs its whole budget, so
/// this is the fraction of R's test cases that fail; several `r` cells of one mutant
/// and length are pooled: total failing over total run). The figure plots the mean of
/// these densities over the mutants, overall and per unit. Cells that did not complete
/// (`timeout`, `crash`) or ran no test case are left out and counted.
///
/// `None` if the comparison phase has no usable `r` cell.
pub fn figure4(cells: &Cells) -> Option<Figure4> {
    // (subject, mutant, n) → (failing, run)
    let mut pooled: BTreeMap<(&str, u64, u64), (u64, u64)> = BTreeMap::new();
    let mut excluded_cells = 0;
    for cell in cells.phase(COMPARISON_PHASE).filter(|c| c.strategy == "r") {
        if !cell.completed() || cell.judged_tests() == 0 {
            excluded_cells += 1;
            continue;
        }
        let entry = pooled
            .entry((&cell.subject, cell.mutant, cell.n))
            .or_default();
        entry.0 += cell.failing_tests;
        entry.1 += cell.judged_tests();
    }
    if pooled.is_empty() {
        return None;
    }
    let densities: Vec<(&str, u64, f64)> = pooled
        .iter()
        .map(|(&(subject, _, n), &(failing, run))| (subject, n, failing as f64 / run as f64))
        .collect();
    let curve = |unit: &str, keep: &dyn Fn(&str) -> bool| {
        let mut by_n: BTreeMap<u64, (usize, f64)> = BTreeMap::new();
        for &(subject, n, density) in &densities {
            if keep(subject) {
                let entry = by_n.entry(n).or_default();
                entry.0 += 1;
                entry.1 += density;
            }
        }
        DensityCurve {
            unit: unit.to_string(),
            points: by_n
                .into_iter()
                .map(|(n, (mutants, sum))| DensityPoint {
                    n,
                    mutants,
                    mean_density: sum / mutants as f64,
                })
                .collect(),
        }
    };
    let units: BTreeSet<&str> = densities.iter().map(|d| d.0).collect();
    Some(Figure4 {
        overall: curve("all", &|_| true),
        units: units
            .into_iter()
            .map(|unit| curve(unit, &|subject| subject == unit))
            .collect(),
        excluded_cells,
    })
}

/// One bar of Figure 5.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure5Point {
    /// The test-case length n.
    pub n: u64,
    /// Cases: mutants whose `r` cell at this n killed them (R's E(n) exists).
    pub cases: usize,
    /// Cases in which BE(n) killed the mutant in fewer test cases than R: its E(n) is
    /// smaller than R's.
    pub be_wins: usize,
    /// Cases in which BE(n) killed the mutant at exactly R's E(n) (not a win).
    pub ties: usize,
    /// Cases without a completed `be` cell (not a win).
    pub be_missing: usize,
    /// 100 · be_wins / cases, `None` without cases.
    pub percentage: Option<f64>,
}

/// Figure 5: for n = 1 up to the largest length of a `be` cell in the comparison phase,
/// the percentage of cases (mutant, n; of every replicate in replicated results) — those where R(n) killed the mutant within its
/// budget, so that R's E(n) exists — in which BE(n) killed the mutant in fewer test
/// cases, that is, its `be` cell of the comparison phase was killed with first_failure
/// < R's E(n). (BE(n) runs at most E(n) test cases, so BE and R tie when BE's first
/// failure is exactly the E(n)-th test; ties and missing BE cells count as not faster.)
///
/// `None` if the comparison phase has no case: no `be` cell, no `r` cell, or no length up
/// to the largest `be` length at which an `r` cell killed.
pub fn figure5(cells: &Cells) -> Option<Vec<Figure5Point>> {
    let comparison: Vec<&Cell> = cells.phase(COMPARISON_PHASE).collect();
    let max_n = comparison
        .iter()
        .filter(|c| c.strategy == "be")
        .map(|c| c.n)
        .max()?;
    // A case is (replicate, subject, mutant, n): replicated results count every
    // replicate's cases.
    let be: BTreeMap<(u32, &str, u64, u64), &Cell> = comparison
        .iter()
        .filter(|c| c.strategy == "be" && c.completed())
        .map(|c| ((c.replicate, c.subject.as_str(), c.mutant, c.n), *c))
        .collect();
    // (replicate, subject, mutant, n) → R's E(n) (the smallest, if several r cells)
    let mut r_first: BTreeMap<(u32, &str, u64, u64), u64> = BTreeMap::new();
    let mut r_lengths = BTreeSet::new();
    for cell in comparison.iter().filter(|c| c.strategy == "r") {
        r_lengths.insert(cell.n);
        if let Some(first) = cell.first_failure {
            let entry = r_first
                .entry((cell.replicate, &cell.subject, cell.mutant, cell.n))
                .or_insert(first);
            *entry = (*entry).min(first);
        }
    }
    if r_lengths.is_empty() {
        return None;
    }
    let points = (1..=max_n)
        .filter(|n| r_lengths.contains(n))
        .map(|n| {
            let mut point = Figure5Point {
                n,
                cases: 0,
                be_wins: 0,
                ties: 0,
                be_missing: 0,
                percentage: None,
            };
            for (&(replicate, subject, mutant, _), &r_first) in
                r_first.iter().filter(|e| e.0.3 == n)
            {
                point.cases += 1;
                match be
                    .get(&(replicate, subject, mutant, n))
                    .map(|c| c.first_failure)
                {
                    None => point.be_missing += 1,
                    Some(Some(first)) if first < r_first => point.be_wins += 1,
                    Some(Some(first)) if first == r_first => point.ties += 1,
                    Some(_) => {}
                }
            }
            if point.cases > 0 {
                point.percentage = Some(100.0 * point.be_wins as f64 / point.cases as f64);
            }
            point
        })
        .collect::<Vec<_>>();
    points.iter().any(|p| p.cases > 0).then_some(points)
}

/// Mutants killed by one strategy at one length.
#[derive(Debug, Clone, PartialEq)]
pub struct KillPoint {
    /// The test-case length n.
    pub n: u64,
    /// Mutants with a cell of this strategy and length.
    pub mutants_run: usize,
    /// Mutants killed by such a cell.
    pub killed: usize,
}

/// Kills of one strategy by length, in increasing n.
#[derive(Debug, Clone, PartialEq)]
pub struct KillCurve {
    /// The strategy's name (`r`, `be`, …).
    pub strategy: String,
    /// The points.
    pub points: Vec<KillPoint>,
}

/// Figure 6: mutants killed by each strategy against n.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure6 {
    /// One curve per strategy present in the comparison phase, in [`STRATEGY_ORDER`]
    /// then alphabetical order.
    pub curves: Vec<KillCurve>,
    /// The number of non-equivalent mutants (killed in any phase): the most that any
    /// strategy could kill.
    pub non_equivalent: usize,
}

/// Figure 6: for each strategy and length in the comparison phase, the number of
/// distinct mutants (subject, mutant) that a cell of that strategy and length killed
/// (outcome `killed`), with the number of non-equivalent mutants as the ceiling.
///
/// `None` if the comparison phase has no cell.
pub fn figure6(cells: &Cells) -> Option<Figure6> {
    // strategy → n → (mutants run, mutants killed)
    type Sets<'a> = BTreeMap<u64, (BTreeSet<(&'a str, u64)>, BTreeSet<(&'a str, u64)>)>;
    let mut by_strategy: BTreeMap<&str, Sets<'_>> = BTreeMap::new();
    for cell in cells.phase(COMPARISON_PHASE) {
        let sets = by_strategy
            .entry(&cell.strategy)
            .or_default()
            .entry(cell.n)
            .or_default();
        sets.0.insert((&cell.subject, cell.mutant));
        if cell.killed() {
            sets.1.insert((&cell.subject, cell.mutant));
        }
    }
    if by_strategy.is_empty() {
        return None;
    }
    let mut curves: Vec<KillCurve> = by_strategy
        .into_iter()
        .map(|(strategy, by_n)| KillCurve {
            strategy: strategy.to_string(),
            points: by_n
                .into_iter()
                .map(|(n, (run, killed))| KillPoint {
                    n,
                    mutants_run: run.len(),
                    killed: killed.len(),
                })
                .collect(),
        })
        .collect();
    curves.sort_by_key(|curve| strategy_rank(&curve.strategy));
    Some(Figure6 {
        curves,
        non_equivalent: cells.non_equivalent().len(),
    })
}

/// The sort key of a strategy name: [`STRATEGY_ORDER`] first, then by name.
pub fn strategy_rank(strategy: &str) -> (usize, String) {
    let position = STRATEGY_ORDER
        .iter()
        .position(|known| *known == strategy)
        .unwrap_or(STRATEGY_ORDER.len());
    (position, strategy.to_string())
}

/// The largest failing-sequence length k tried by [`density_model`].
pub const MAX_FITTED_K: u32 = 8;

/// The reference lengths k drawn for every unit by [`density_model`].
pub const REFERENCE_K: [u32; 3] = [1, 2, 3];

/// The Φ-model fit of one unit.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitFit {
    /// The unit's class name.
    pub unit: String,
    /// j of the unit's paper context.
    pub j: u32,
    /// The fitted failing-sequence length.
    pub k: u32,
    /// Root mean square of log₁₀ measured − log₁₀ FD(j, k, n) over the fitted points.
    pub rmse_log10: f64,
    /// The points fitted (lengths with a positive measured density).
    pub fitted_points: usize,
    /// (n, measured mean density, FD(j, k, n)) for every measured length.
    pub points: Vec<(u64, f64, f64)>,
}

/// One pooled curve of the model chart.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelCurve {
    /// `measured`, `model-fitted` or `model-k<k>`.
    pub series: String,
    /// (n, mutants averaged over, mean failure density).
    pub points: Vec<(u64, usize, f64)>,
}

/// Measured failure density beside the Φ model of Section 5.1.
#[derive(Debug, Clone, PartialEq)]
pub struct DensityModel {
    /// The fits of the units with a known j.
    pub fits: Vec<UnitFit>,
    /// Units left out because their j is unknown (not in the registry).
    pub skipped_units: Vec<String>,
    /// Pooled over the mutants of the fitted units: the measured mean density
    /// (`measured`), the mean of each mutant's unit model FD(j_u, k_u, n)
    /// (`model-fitted`), and the mean of FD(j_u, k, n) for each k of [`REFERENCE_K`]
    /// (`model-k1`, …).
    pub pooled: Vec<ModelCurve>,
}

/// FD(j, k, n) for the given lengths (ascending or not), as `f64` (0 below its range).
///
/// # Errors
/// [`AnalysisError`] for j = 0, k = 0, or j = 1 < k.
pub fn model_densities(j: u32, k: u32, lengths: &[u64]) -> Result<Vec<f64>, AnalysisError> {
    let mut sorted: Vec<u64> = lengths.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut recurrence = ScaledDensityRecurrence::new(j, k)?;
    let mut values = BTreeMap::new();
    for n in sorted {
        recurrence.advance_to(n);
        values.insert(n, recurrence.failure_density().to_f64());
    }
    Ok(lengths.iter().map(|n| values[n]).collect())
}

/// The measured failure density of Figure 4 beside the prediction of the Φ model,
/// FD(j, k, n) = Φ(j, k, n)/jⁿ: the density of a unit whose mutant fails exactly on the
/// test cases that contain one failing sequence of k calls (Section 5.1).
///
/// j is known (the unit's paper context, through `j_of`), k is not: for each unit,
/// k is fitted by least squares on log₁₀ — the integer k in 1..=[`MAX_FITTED_K`]
/// minimising Σₙ (log₁₀ measured(n) − log₁₀ FD(j, k, n))² over the lengths with a
/// positive measured mean density (a k with FD = 0 at such a length, n < k, is not
/// eligible). A log scale because densities span orders of magnitude and the model's
/// claim is about their growth with n. The pooled curves average over the mutants of
/// the fitted units, each mutant taking its own unit's j (and fitted k), weighted as
/// Figure 4's average is, so measured and model are directly comparable. Units with no
/// j (`j_of` returns `None`) are skipped and listed.
///
/// `None` if Figure 4 has no data or no unit has a j.
pub fn density_model(cells: &Cells, j_of: &dyn Fn(&str) -> Option<u32>) -> Option<DensityModel> {
    let figure = figure4(cells)?;
    let mut fits = Vec::new();
    let mut skipped_units = Vec::new();
    for curve in &figure.units {
        let Some(j) = j_of(&curve.unit) else {
            skipped_units.push(curve.unit.clone());
            continue;
        };
        if let Some(fit) = fit_unit(curve, j) {
            fits.push(fit);
        } else {
            skipped_units.push(curve.unit.clone());
        }
    }
    if fits.is_empty() {
        return None;
    }
    let fitted: BTreeMap<&str, &UnitFit> = fits.iter().map(|f| (f.unit.as_str(), f)).collect();
    let unit_curves: Vec<(&DensityCurve, &UnitFit)> = figure
        .units
        .iter()
        .filter_map(|curve| fitted.get(curve.unit.as_str()).map(|fit| (curve, *fit)))
        .collect();
    let lengths: BTreeSet<u64> = unit_curves
        .iter()
        .flat_map(|(curve, _)| curve.points.iter().map(|p| p.n))
        .collect();
    // A pooled curve: Σ over units of mutants·value(unit, point) / Σ mutants.
    let pool = |series: String, value: &dyn Fn(&UnitFit, &DensityPoint) -> f64| {
        let points = lengths
            .iter()
            .map(|&n| {
                let (mut mutants, mut sum) = (0, 0.0);
                for (curve, fit) in &unit_curves {
                    if let Some(point) = curve.points.iter().find(|p| p.n == n) {
                        mutants += point.mutants;
                        sum += point.mutants as f64 * value(fit, point);
                    }
                }
                (n, mutants, sum / mutants as f64)
            })
            .collect();
        ModelCurve { series, points }
    };
    let mut pooled = vec![
        pool("measured".into(), &|_, point| point.mean_density),
        pool("model-fitted".into(), &|fit, point| {
            fit.points
                .iter()
                .find(|p| p.0 == point.n)
                .map_or(0.0, |p| p.2)
        }),
    ];
    for k in REFERENCE_K {
        pooled.push(pool(format!("model-k{k}"), &|fit, point| {
            model_densities(fit.j, k, &[point.n]).map_or(0.0, |v| v[0])
        }));
    }
    Some(DensityModel {
        fits,
        skipped_units,
        pooled,
    })
}

/// The least-squares k of one unit's curve (see [`density_model`]); `None` if no k is
/// eligible or the model is undefined for j.
fn fit_unit(curve: &DensityCurve, j: u32) -> Option<UnitFit> {
    let lengths: Vec<u64> = curve.points.iter().map(|p| p.n).collect();
    let measured: Vec<f64> = curve.points.iter().map(|p| p.mean_density).collect();
    let mut best: Option<(f64, u32, usize, Vec<f64>)> = None;
    for k in 1..=MAX_FITTED_K {
        let Ok(model) = model_densities(j, k, &lengths) else {
            continue;
        };
        let mut sum = 0.0;
        let mut count = 0;
        let mut eligible = true;
        for (&observed, &predicted) in measured.iter().zip(&model) {
            if observed > 0.0 {
                if predicted <= 0.0 {
                    eligible = false;
                    break;
                }
                sum += (observed.log10() - predicted.log10()).powi(2);
                count += 1;
            }
        }
        if !eligible || count == 0 {
            continue;
        }
        if best.as_ref().is_none_or(|b| sum < b.0) {
            best = Some((sum, k, count, model));
        }
    }
    let (sum, k, count, model) = best?;
    Some(UnitFit {
        unit: curve.unit.clone(),
        j,
        k,
        rmse_log10: (sum / count as f64).sqrt(),
        fitted_points: count,
        points: lengths
            .iter()
            .zip(&measured)
            .zip(&model)
            .map(|((&n, &m), &p)| (n, m, p))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_tables::{Row, cells};

    const C: &str = COMPARISON_PHASE;

    fn r(subject: &'static str, mutant: u64, n: u64, failing: u64, first: Option<u64>) -> Row {
        let outcome = if failing > 0 { "killed" } else { "survived" };
        let cpu = first.map(|_| 0.01);
        (
            C, subject, mutant, "r", n, 100, failing, first, 0.1, cpu, outcome,
        )
    }

    fn be(subject: &'static str, mutant: u64, n: u64, run: u64, first: Option<u64>) -> Row {
        let outcome = if first.is_some() {
            "killed"
        } else {
            "survived"
        };
        (
            C,
            subject,
            mutant,
            "be",
            n,
            run,
            u64::from(first.is_some()),
            first,
            0.5,
            first.map(|_| 0.5),
            outcome,
        )
    }

    #[test]
    fn figure4_averages_densities_over_mutants_not_tests() {
        let cells = cells(&[
            r("A", 1, 1, 10, Some(3)),
            r("A", 2, 1, 30, Some(1)),
            r("B", 1, 1, 0, None),
            r("A", 1, 2, 50, Some(1)),
            // timed out: left out; equivalence-phase r cells are not the comparison
            (C, "B", 1, "r", 2, 40, 0, None, 9.0, None, "timeout"),
            (
                "equivalence",
                "A",
                1,
                "r",
                1,
                100,
                100,
                Some(1),
                0.1,
                Some(0.0),
                "killed",
            ),
        ]);
        let figure = figure4(&cells).unwrap();
        let overall: Vec<(u64, usize, f64)> = figure
            .overall
            .points
            .iter()
            .map(|p| (p.n, p.mutants, p.mean_density))
            .collect();
        // n = 1: (0.1 + 0.3 + 0.0) / 3; n = 2: 0.5 from A/1 alone.
        assert_eq!(overall.len(), 2);
        assert_eq!((overall[0].0, overall[0].1), (1, 3));
        assert!((overall[0].2 - 0.4 / 3.0).abs() < 1e-12);
        assert_eq!(overall[1], (2, 1, 0.5));
        assert_eq!(figure.units.len(), 2);
        assert_eq!(figure.units[0].unit, "A");
        assert!((figure.units[0].points[0].mean_density - 0.2).abs() < 1e-12);
        assert_eq!(figure.units[1].points[0].mean_density, 0.0);
        assert_eq!(figure.excluded_cells, 1);
    }

    #[test]
    fn figure4_is_absent_without_comparison_r_cells() {
        let cells = cells(&[(
            "equivalence",
            "A",
            1,
            "r",
            1,
            10,
            1,
            Some(1),
            0.1,
            Some(0.1),
            "killed",
        )]);
        assert_eq!(figure4(&cells), None);
    }

    #[test]
    fn figure5_counts_be_wins_among_cases_r_kills() {
        let cells = cells(&[
            // n = 1: R kills A/1 at E = 5 and A/2 at E = 2; BE wins on A/1, ties on A/2.
            r("A", 1, 1, 3, Some(5)),
            be("A", 1, 1, 4, Some(4)),
            r("A", 2, 1, 3, Some(2)),
            be("A", 2, 1, 2, Some(2)),
            // R does not kill A/3: not a case, even though BE (run otherwise) killed it.
            r("A", 3, 1, 0, None),
            be("A", 3, 1, 1, Some(1)),
            // n = 2: R kills A/1 at E = 9; BE survives its budget. A/2: no BE cell.
            r("A", 1, 2, 3, Some(9)),
            be("A", 1, 2, 9, None),
            r("A", 2, 2, 3, Some(9)),
            // n = 3: R kills nothing (no percentage); n = 9 is beyond BE's lengths.
            r("A", 1, 3, 0, None),
            be("A", 1, 3, 10, None),
            r("A", 1, 9, 5, Some(1)),
        ]);
        let points = figure5(&cells).unwrap();
        let summary: Vec<(u64, usize, usize, usize, usize, Option<f64>)> = points
            .iter()
            .map(|p| (p.n, p.cases, p.be_wins, p.ties, p.be_missing, p.percentage))
            .collect();
        assert_eq!(
            summary,
            vec![
                (1, 2, 1, 1, 0, Some(50.0)),
                (2, 2, 0, 0, 1, Some(0.0)),
                (3, 0, 0, 0, 0, None),
            ]
        );
    }

    #[test]
    fn figure5_is_absent_without_be_cells() {
        assert_eq!(figure5(&cells(&[r("A", 1, 1, 3, Some(5))])), None);
    }

    #[test]
    fn figure6_counts_distinct_killed_mutants_per_strategy_and_length() {
        let cells = cells(&[
            (
                "equivalence",
                "A",
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
                "A",
                2,
                "be",
                3,
                5,
                1,
                Some(5),
                0.1,
                Some(0.1),
                "killed",
            ),
            (
                "equivalence",
                "A",
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
            r("A", 1, 1, 1, Some(1)),
            r("A", 2, 1, 0, None),
            r("A", 1, 2, 1, Some(1)),
            r("A", 2, 2, 1, Some(1)),
            be("A", 1, 1, 1, Some(1)),
            (
                C,
                "A",
                1,
                "bobw-prime",
                1,
                8,
                0,
                None,
                0.1,
                None,
                "survived",
            ),
            (C, "A", 2, "bobw-prime", 1, 0, 0, None, 0.1, None, "crash"),
        ]);
        let figure = figure6(&cells).unwrap();
        assert_eq!(figure.non_equivalent, 2);
        let names: Vec<&str> = figure.curves.iter().map(|c| c.strategy.as_str()).collect();
        assert_eq!(names, ["r", "be", "bobw-prime"]);
        let r_points: Vec<(u64, usize, usize)> = figure.curves[0]
            .points
            .iter()
            .map(|p| (p.n, p.mutants_run, p.killed))
            .collect();
        assert_eq!(r_points, [(1, 2, 1), (2, 2, 2)]);
        assert_eq!(
            figure.curves[2].points,
            [KillPoint {
                n: 1,
                mutants_run: 2,
                killed: 0
            }]
        );
    }

    #[test]
    fn model_densities_follow_the_recurrence() {
        // j = 2, k = 2, failing sequence "ab": the sequences over {a, b} without "ab" are
        // bⁱaʲ, n + 1 of them, so Φ = 2ⁿ − n − 1 and FD = 0, 1/4, 1/2, 11/16 for n = 1..4.
        let values = model_densities(2, 2, &[4, 1, 2, 3]).unwrap();
        let expected = [11.0 / 16.0, 0.0, 0.25, 0.5];
        for (value, expected) in values.iter().zip(expected) {
            assert!((value - expected).abs() < 1e-12, "{values:?}");
        }
    }

    #[test]
    fn density_model_recovers_the_k_that_generated_the_data() {
        // Unit A's mutants have exactly the model densities of j = 3, k = 2 at
        // n = 2, 4, 8; unit B has no j and is skipped.
        let lengths = [2, 4, 8];
        let truth = model_densities(3, 2, &lengths).unwrap();
        let mut rows = Vec::new();
        for (&n, &density) in lengths.iter().zip(&truth) {
            let failing = (density * 100_000.0).round() as u64;
            rows.push((
                C,
                "A",
                1,
                "r",
                n,
                100_000,
                failing,
                Some(1),
                1.0,
                Some(0.1),
                "killed",
            ));
        }
        rows.push(r("B", 1, 2, 50, Some(1)));
        let model = density_model(&cells(&rows), &|unit| (unit == "A").then_some(3)).unwrap();
        assert_eq!(model.skipped_units, ["B"]);
        assert_eq!(model.fits.len(), 1);
        let fit = &model.fits[0];
        assert_eq!((fit.j, fit.k, fit.fitted_points), (3, 2, 3));
        assert!(fit.rmse_log10 < 1e-4, "{}", fit.rmse_log10);
        let series: Vec<&str> = model.pooled.iter().map(|c| c.series.as_str()).collect();
        assert_eq!(
            series,
            [
                "measured",
                "model-fitted",
                "model-k1",
                "model-k2",
                "model-k3"
            ]
        );
        // The pooled model-k2 curve is the truth itself (one unit, one mutant).
        let k2: Vec<f64> = model.pooled[3].points.iter().map(|p| p.2).collect();
        assert_eq!(k2, truth);
        // Measured pooled excludes the skipped unit B.
        assert!(model.pooled[0].points.iter().all(|p| p.1 == 1));
    }

    #[test]
    fn density_model_is_absent_when_no_unit_has_a_j() {
        let cells = cells(&[r("A", 1, 1, 10, Some(1))]);
        assert_eq!(density_model(&cells, &|_| None), None);
    }
}
