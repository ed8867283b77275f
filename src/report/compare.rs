//! Strategies compared with a baseline over replicates: per subject (and pooled over
//! subjects) and n, one value of a metric per replicate for each side, then the
//! Mann–Whitney U test, Holm–Bonferroni across subjects, and the Vargha–Delaney Â12 with a
//! bootstrap interval ([`crate::stats`]).
//!
//! **The unit of observation is a replicate** (an independent run of the whole experiment
//! with its own seed). In replicate ρ, for subject s and length n, the *matched mutants*
//! are those with a cell of both the strategy and the baseline in the phase compared
//! (e.g. BE's `E(r)` cells exist only where R killed at that n, so BE against R is judged
//! on those mutants — Figure 5's cases); a metric is computed over the matched mutants of
//! each side, giving one value per replicate. The pooled row (`subject` = `all`) takes the
//! matched mutants of every subject together. A replicate without matched mutants gives no
//! value; `replicates` counts those that do.
//!
//! Metrics (the `metric` column):
//! - `kills`: matched mutants killed (outcome `killed`); larger is better.
//! - `tests_to_first_failure`: the mean over matched mutants of the 1-based position of the
//!   first failing test case; **a mutant not killed counts as its cell's budget + 1**
//!   (`test_budget`, or `tests_run` for a cell without a budget); smaller is better.
//! - `cpu_to_first_failure`: the mean over matched mutants of `first_failure_cpu_seconds`;
//!   a mutant not killed counts as the cell's whole `cpu_seconds` (the CPU spent without
//!   finding it); smaller is better. Machine-dependent, unlike the others.
//! - `kill_curve_area`: the area under the kill curve — the fraction of matched mutants
//!   killed within t test cases — over log t ∈ [0, log B], divided by log B
//!   ([`crate::stats::kill_curve_area`]), with B the largest cell budget of the row (both
//!   sides, all replicates), so that every value of a row has the same scale; in [0, 1],
//!   larger is better.
//! - `coverage_curve_area`: per subject, the area under the branch-coverage curve of the
//!   side's longest cell over test cases 1..B, (1/B) Σ_{k ≤ B} covered_k / branches
//!   (Poulding and Feldt's f_eff of one test set, normalised; B as for `kill_curve_area`),
//!   averaged over the subjects; a longest cell that ran T < B test cases (every matched
//!   mutant killed early) counts its final coverage for k > T, a lower bound. Needs the
//!   column `branches_area` (`coverage-area = true`); larger is better.
//! - `failure_density`: the mean over matched mutants of failing / judged test cases;
//!   only for runs that ran their whole budget (`until = "budget"`), where it is measured;
//!   larger means failures are easier to hit.
//!
//! **Direction**: `a12` is Â12(strategy, baseline), the probability that a replicate of the
//! strategy has the *larger* value (ties half); read it with `larger_is_better`. The
//! interval is the percentile bootstrap (`resamples`, `confidence`), seeded by the
//! comparison's seed and the row's identity, so it is the same on every run; it resamples
//! the two sides independently, or, in a row tested on paired differences (below), whole
//! replicates, keeping each replicate's two values together.
//!
//! **The test** (`test`, `statistic`, `p_value`, `method`) depends on whether a side's
//! strategy is *seed-free* ([`CompareSpec::seed_free`]: its test cases do not depend on the
//! replicate's seed, e.g. `be`, `bobw-prime`, `fe-sat`):
//! - `mann-whitney` — both sides seeded: their replicates are two independent samples; the
//!   two-sided Mann–Whitney U test (exact without ties when a sample has at most 8 values,
//!   else the normal approximation with tie and continuity corrections: scipy's
//!   `method="auto"`); `statistic` is the strategy's U1.
//! - `signed-rank` — a side seed-free: its replicates are not a sample of anything (a
//!   seed-free strategy gives the same value in every replicate, or one that varies only
//!   with the other side's replicate, e.g. BE within R's E(n)), so the p-value of the
//!   Mann–Whitney test, which would count its copies as independent draws, is too small.
//!   The unit of observation is then the replicate's *difference* (strategy − baseline) and
//!   the test the two-sided Wilcoxon signed-rank test of those differences (scipy's
//!   `wilcoxon` with `method="auto"`: zeros dropped; exact, by every sign flip up to 13
//!   replicates when there are zeros or ties, or asymptotic); `statistic` is W = min(R₊, R₋).
//!   Against a constant it tests whether the seeded side's values lie symmetrically about it;
//!   with 10 replicates its smallest p is 2/2¹⁰ ≈ 0.002.
//! - `none` — both sides seed-free and the same difference in every replicate: nothing in
//!   the row is random and there is no sample, so there is neither an effect size nor a
//!   test: `statistic` is that exact difference, and `a12`, its interval, `p_value` and
//!   `p_holm` are empty (`None`), `method` `none`. Such rows join no Holm family.
//!
//! `p_holm` adjusts the p-values of the subjects of one (n, strategy, metric) for their
//! number (Holm); the pooled row is a family of its own (`p_holm` = `p_value`). A
//! comparison restricted to some subjects ([`CompareSpec::subjects`]) reads only their
//! cells: its pooled row pools them, and Holm adjusts for their number. Pure: no I/O.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::str::FromStr;

use rayon::prelude::*;
use thiserror::Error;

use super::{Cell, Cells};
use crate::kernel::rng::mix64;
use crate::stats::{self, Method, SignedRankMethod, StatsError};

/// What is compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Metric {
    /// `kills`: matched mutants killed.
    Kills,
    /// `tests_to_first_failure`: mean first-failure position (not killed: budget + 1).
    TestsToFirstFailure,
    /// `cpu_to_first_failure`: mean CPU seconds to the first failure (not killed: all).
    CpuToFirstFailure,
    /// `kill_curve_area`: normalised area under the kill curve, log test cases.
    KillCurveArea,
    /// `failure_density`: mean failing / judged test cases (budget runs only).
    FailureDensity,
    /// `calls_to_first_failure`: mean method calls up to and including the first failing
    /// test case (not killed: all the cell's calls + 1; runs that stop at the first
    /// failure only).
    CallsToFirstFailure,
    /// `branch_coverage`: per subject, the largest fraction of branch probes gold reached
    /// in one of the side's cells (a cell that ran its whole budget reached all its test
    /// cases reach), averaged over the subjects.
    BranchCoverage,
    /// `coverage_curve_area`: per subject, the normalised area under the longest cell's
    /// branch-coverage curve (the paper's f_eff), averaged over the subjects.
    CoverageCurveArea,
}

impl Metric {
    /// Every metric, in the order of the tables.
    pub const ALL: [Metric; 8] = [
        Metric::Kills,
        Metric::TestsToFirstFailure,
        Metric::CpuToFirstFailure,
        Metric::KillCurveArea,
        Metric::FailureDensity,
        Metric::CallsToFirstFailure,
        Metric::BranchCoverage,
        Metric::CoverageCurveArea,
    ];

    /// The name in the `metric` column and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Kills => "kills",
            Metric::TestsToFirstFailure => "tests_to_first_failure",
            Metric::CpuToFirstFailure => "cpu_to_first_failure",
            Metric::KillCurveArea => "kill_curve_area",
            Metric::FailureDensity => "failure_density",
            Metric::CallsToFirstFailure => "calls_to_first_failure",
            Metric::BranchCoverage => "branch_coverage",
            Metric::CoverageCurveArea => "coverage_curve_area",
        }
    }

    /// Whether a larger value is the better one for a testing strategy.
    pub fn larger_is_better(self) -> bool {
        matches!(
            self,
            Metric::Kills
                | Metric::KillCurveArea
                | Metric::FailureDensity
                | Metric::BranchCoverage
                | Metric::CoverageCurveArea
        )
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Metric {
    type Err = CompareError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Metric::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| CompareError::UnknownMetric(s.to_string()))
    }
}

/// Why a comparison cannot be made.
#[derive(Debug, Error, PartialEq)]
pub enum CompareError {
    /// The results hold fewer than two replicates.
    #[error(
        "the results hold {replicates} replicate(s): a comparison needs replicated runs \
         (replicates = N ≥ 2 in the experiment file)"
    )]
    NoReplicates {
        /// Replicates found.
        replicates: u32,
    },
    /// The phase is not in the results.
    #[error("no phase `{phase}` in the results (phases: {known})")]
    UnknownPhase {
        /// The phase asked for.
        phase: String,
        /// The phases there are, comma-separated.
        known: String,
    },
    /// A strategy (or the baseline) has no cells in the phase.
    #[error("no cells of strategy `{strategy}` in phase `{phase}` (strategies there: {known})")]
    UnknownWalk {
        /// The strategy asked for.
        strategy: String,
        /// The phase.
        phase: String,
        /// The strategies there are, comma-separated.
        known: String,
    },
    /// A subject asked for has no cells in the phase.
    #[error("no cells of subject `{subject}` in phase `{phase}` (subjects there: {known})")]
    UnknownSubject {
        /// The subject asked for.
        subject: String,
        /// The phase.
        phase: String,
        /// The subjects there are, comma-separated.
        known: String,
    },
    /// A metric name that is not one of [`Metric::ALL`].
    #[error(
        "unknown metric `{0}` (metrics: kills, tests_to_first_failure, cpu_to_first_failure, \
         kill_curve_area, failure_density, calls_to_first_failure, branch_coverage, \
         coverage_curve_area)"
    )]
    UnknownMetric(String),
    /// A metric that does not apply to a strategy's runs.
    #[error("metric `{metric}` does not apply to `{strategy}` in phase `{phase}`: {reason}")]
    MetricDoesNotApply {
        /// The metric.
        metric: &'static str,
        /// The strategy.
        strategy: String,
        /// The phase.
        phase: String,
        /// Why.
        reason: String,
    },
    /// The baseline was also named as a strategy to compare.
    #[error("`{0}` is the baseline; compare it with other strategies")]
    BaselineAsStrategy(String),
    /// A statistic could not be computed (its message in this one's: not also as its
    /// source, which would print it twice).
    #[error("statistics: {0}")]
    Stats(StatsError),
}

impl From<StatsError> for CompareError {
    fn from(error: StatsError) -> Self {
        CompareError::Stats(error)
    }
}

/// What to compare and how.
#[derive(Clone, Debug)]
pub struct CompareSpec {
    /// The phase whose cells are compared.
    pub phase: String,
    /// The baseline strategy.
    pub baseline: String,
    /// The strategies compared with it (none: every other strategy of the phase).
    pub strategies: Vec<String>,
    /// The subjects compared (none: every subject of the phase).
    pub subjects: Vec<String>,
    /// The metrics (none: every metric that applies to all the strategies).
    pub metrics: Vec<Metric>,
    /// The runs (phase, run index) that ran their whole budget (`until = "budget"`).
    pub budget_runs: BTreeSet<(String, u32)>,
    /// Bootstrap resamples for the Â12 interval.
    pub resamples: usize,
    /// Confidence of the Â12 interval.
    pub confidence: f64,
    /// Seed of the bootstrap.
    pub seed: u64,
    /// The strategies (names in the `strategy` column) whose test cases do not depend on
    /// the replicate's seed: a row with one of them on a side is tested on the replicates'
    /// paired differences (see the module docs).
    pub seed_free: BTreeSet<String>,
}

/// One row of the comparison: a strategy against the baseline on one subject (or `all`)
/// at one n, in one metric.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ComparisonRow {
    /// The subject, or `all` for the pooled row.
    pub subject: String,
    /// n.
    pub n: u64,
    /// The strategy.
    pub strategy: String,
    /// The baseline.
    pub baseline: String,
    /// The metric's name.
    pub metric: &'static str,
    /// Whether a larger value of the metric is better.
    pub larger_is_better: bool,
    /// Replicates with a value on both sides.
    pub replicates: usize,
    /// Median over replicates of the strategy's values.
    pub median: f64,
    /// Its first quartile.
    pub q1: f64,
    /// Its third quartile.
    pub q3: f64,
    /// Median over replicates of the baseline's values.
    pub baseline_median: f64,
    /// Its first quartile.
    pub baseline_q1: f64,
    /// Its third quartile.
    pub baseline_q3: f64,
    /// Â12(strategy, baseline) (`None` for the test `none`: no sample).
    pub a12: Option<f64>,
    /// Lower end of its bootstrap interval.
    pub a12_low: Option<f64>,
    /// Upper end of its bootstrap interval.
    pub a12_high: Option<f64>,
    /// The test: `mann-whitney`, `signed-rank` or `none` (see the module docs).
    pub test: &'static str,
    /// Its statistic: the strategy's U1 (`mann-whitney`), W = min(R₊, R₋) of the
    /// differences (`signed-rank`), or the exact difference (`none`).
    pub statistic: f64,
    /// The two-sided p-value (`None` for the test `none`).
    pub p_value: Option<f64>,
    /// The Holm-adjusted p-value across the subjects (the pooled row: `p_value`).
    pub p_holm: Option<f64>,
    /// How the p-value was computed: `exact`, `permutation` (every sign flip) or
    /// `asymptotic`; `none` for the test `none`.
    pub method: &'static str,
}

/// The test of one row and its outcome.
#[derive(Clone, Copy, Debug, PartialEq)]
struct RowTest {
    test: &'static str,
    statistic: f64,
    p_value: Option<f64>,
    method: &'static str,
}

/// The test of the strategy's values `x` against the baseline's `y`, one of each per
/// replicate in the same order; `fixed` says which sides are seed-free (strategy,
/// baseline). See the module docs.
fn row_test(x: &[f64], y: &[f64], fixed: (bool, bool)) -> Result<RowTest, StatsError> {
    if !is_paired(fixed) {
        let test = stats::mann_whitney_u(x, y, Method::Auto)?;
        return Ok(RowTest {
            test: "mann-whitney",
            statistic: test.u1,
            p_value: Some(test.p_value),
            method: match test.method_used {
                Method::Exact => "exact",
                _ => "asymptotic",
            },
        });
    }
    let differences: Vec<f64> = x.iter().zip(y).map(|(a, b)| a - b).collect();
    if fixed.0 && fixed.1 && differences.iter().all(|d| *d == differences[0]) {
        return Ok(RowTest {
            test: "none",
            statistic: differences[0],
            p_value: None,
            method: "none",
        });
    }
    let test = stats::signed_rank(&differences, SignedRankMethod::Auto)?;
    Ok(RowTest {
        test: "signed-rank",
        statistic: test.statistic,
        p_value: Some(test.p_value),
        method: match test.method_used {
            SignedRankMethod::Exact => "exact",
            SignedRankMethod::Permutation => "permutation",
            _ => "asymptotic",
        },
    })
}

/// Whether a row with seed-free sides `fixed` (strategy, baseline) is judged on the
/// replicates' paired differences: when either side is seed-free.
fn is_paired(fixed: (bool, bool)) -> bool {
    fixed.0 || fixed.1
}

/// The subject of pooled rows.
pub const ALL_SUBJECTS: &str = "all";

/// The cells of one (subject, n, strategy, replicate), by mutant.
type Group<'a> = BTreeMap<u64, &'a Cell>;

/// The cells of a phase indexed for matching: (subject, n, strategy) → replicate → mutant.
struct Index<'a> {
    groups: HashMap<(String, u64, String), BTreeMap<u32, Group<'a>>>,
}

impl<'a> Index<'a> {
    fn new(cells: impl Iterator<Item = &'a Cell>) -> Self {
        let mut groups: HashMap<(String, u64, String), BTreeMap<u32, Group>> = HashMap::new();
        for cell in cells {
            let group = groups
                .entry((cell.subject.clone(), cell.n, cell.strategy.clone()))
                .or_default()
                .entry(cell.replicate)
                .or_default();
            // Two runs of one strategy at one n in a phase: the earlier run counts.
            group
                .entry(cell.mutant)
                .and_modify(|c: &mut &Cell| {
                    if cell.run < c.run {
                        *c = cell;
                    }
                })
                .or_insert(cell);
        }
        Index { groups }
    }

    /// Per replicate, the matched (strategy cell, baseline cell) pairs of the subjects.
    fn matched(
        &self,
        subjects: &[&'a str],
        n: u64,
        strategy: &str,
        baseline: &str,
        replicates: u32,
    ) -> Vec<Vec<(&'a Cell, &'a Cell)>> {
        (0..replicates)
            .map(|replicate| {
                let mut pairs = Vec::new();
                for subject in subjects {
                    let side = |s: &str| {
                        self.groups
                            .get(&(subject.to_string(), n, s.to_string()))
                            .and_then(|by| by.get(&replicate))
                    };
                    if let (Some(a), Some(b)) = (side(strategy), side(baseline)) {
                        for (mutant, cell) in a {
                            if let Some(base) = b.get(mutant) {
                                pairs.push((*cell, *base));
                            }
                        }
                    }
                }
                pairs
            })
            .collect()
    }
}

/// A cell's budget: `test_budget`, or `tests_run` for a cell without one.
fn budget(cell: &Cell) -> u64 {
    cell.test_budget.unwrap_or(cell.tests_run)
}

/// The value of `metric` over some cells (one side of one replicate); `log_budget_b` is the
/// kill-curve budget of the row.
fn value(metric: Metric, cells: &[&Cell], kill_curve_budget: f64) -> Result<f64, StatsError> {
    let mean =
        |f: &dyn Fn(&Cell) -> f64| cells.iter().map(|c| f(c)).sum::<f64>() / cells.len() as f64;
    Ok(match metric {
        Metric::Kills => cells.iter().filter(|c| c.killed()).count() as f64,
        Metric::TestsToFirstFailure => mean(&|c| match (c.killed(), c.first_failure) {
            (true, Some(position)) => position as f64,
            _ => (budget(c) + 1) as f64,
        }),
        Metric::CpuToFirstFailure => mean(&|c| match (c.killed(), c.first_failure_cpu_seconds) {
            (true, Some(seconds)) => seconds,
            _ => c.cpu_seconds,
        }),
        Metric::KillCurveArea => {
            let costs: Vec<Option<f64>> = cells
                .iter()
                .map(|c| c.first_failure.filter(|_| c.killed()).map(|p| p as f64))
                .collect();
            stats::kill_curve_area(&costs, kill_curve_budget, true)?
        }
        Metric::FailureDensity => mean(&|c| {
            let judged = c.judged_tests();
            if judged == 0 {
                0.0
            } else {
                c.failing_tests as f64 / judged as f64
            }
        }),
        Metric::CallsToFirstFailure => mean(&|c| {
            let calls = c.method_calls.unwrap_or(0) as f64;
            if c.killed() { calls } else { calls + 1.0 }
        }),
        Metric::BranchCoverage => {
            let mut best: BTreeMap<&str, f64> = BTreeMap::new();
            for c in cells {
                let fraction = match (c.branches_covered, c.branches_total) {
                    (Some(covered), Some(total)) if total > 0 => covered as f64 / total as f64,
                    _ => 0.0,
                };
                let entry = best.entry(c.subject.as_str()).or_insert(0.0);
                *entry = entry.max(fraction);
            }
            best.values().sum::<f64>() / best.len().max(1) as f64
        }
        Metric::CoverageCurveArea => {
            let mut longest: BTreeMap<&str, &Cell> = BTreeMap::new();
            for c in cells {
                let entry = longest.entry(c.subject.as_str()).or_insert(c);
                if c.tests_run > entry.tests_run {
                    *entry = c;
                }
            }
            let areas: Vec<f64> = longest
                .values()
                .map(|c| coverage_curve_area(c, kill_curve_budget))
                .collect();
            areas.iter().sum::<f64>() / areas.len().max(1) as f64
        }
    })
}

/// The normalised area under `cell`'s branch-coverage curve over test cases 1..`budget`
/// (see the module docs): 0 for a cell without coverage.
fn coverage_curve_area(cell: &Cell, budget: f64) -> f64 {
    let (Some(area), Some(covered), Some(total)) = (
        cell.branches_area,
        cell.branches_covered,
        cell.branches_total,
    ) else {
        return 0.0;
    };
    if total == 0 {
        return 0.0;
    }
    let beyond = (budget - cell.tests_run as f64).max(0.0);
    (area as f64 + beyond * covered as f64) / (budget * total as f64)
}

/// A stable 64-bit hash of a row's identity, for its bootstrap seed.
fn row_seed(seed: u64, parts: &[&str]) -> u64 {
    parts.iter().fold(mix64(seed), |h, part| {
        part.bytes()
            .chain(std::iter::once(0xff))
            .fold(h, |h, b| mix64(h ^ u64::from(b)))
    })
}

/// Which of `metrics` apply to `strategy` in `phase`: `failure_density` only where every
/// cell of the strategy in the phase comes from a run that ran its whole budget.
fn check_applies(
    metric: Metric,
    strategy: &str,
    phase_cells: &[&Cell],
    spec: &CompareSpec,
) -> Result<(), CompareError> {
    let cells: Vec<&Cell> = phase_cells
        .iter()
        .copied()
        .filter(|c| c.strategy == strategy)
        .collect();
    let budget_run = |c: &Cell| spec.budget_runs.contains(&(c.phase.clone(), c.run));
    let any = |f: &dyn Fn(&Cell) -> bool| cells.iter().any(|c| f(c));
    let reason = match metric {
        Metric::FailureDensity if any(&|c| !budget_run(c)) => {
            "its runs stop at the first failure (failure density is measured only by runs \
             with until = \"budget\")"
        }
        Metric::CallsToFirstFailure if any(&|c| budget_run(c)) => {
            "its runs go on after the first failure (calls to the first failure are counted \
             only by runs with until = \"first-failure\")"
        }
        Metric::CallsToFirstFailure if any(&|c| c.method_calls.is_none()) => {
            "the results have no method_calls column"
        }
        Metric::BranchCoverage if any(&|c| c.branches_total.is_none()) => {
            "its cells recorded no branch coverage (coverage = false, or a unit without a \
             coverage copy)"
        }
        Metric::CoverageCurveArea if any(&|c| c.branches_area.is_none()) => {
            "its cells recorded no area under their coverage curve (coverage-area = true in \
             the experiment file records it)"
        }
        _ => return Ok(()),
    };
    Err(CompareError::MetricDoesNotApply {
        metric: metric.name(),
        strategy: strategy.to_string(),
        phase: spec.phase.clone(),
        reason: reason.to_string(),
    })
}

/// The metrics of `spec` (or, when it names none, every metric that applies to the
/// baseline and all the strategies), checked against the phase's cells.
fn metrics(
    spec: &CompareSpec,
    strategies: &[String],
    phase_cells: &[&Cell],
) -> Result<Vec<Metric>, CompareError> {
    let sides: Vec<&str> = std::iter::once(spec.baseline.as_str())
        .chain(strategies.iter().map(String::as_str))
        .collect();
    let applies = |metric: Metric| -> Result<(), CompareError> {
        sides
            .iter()
            .try_for_each(|s| check_applies(metric, s, phase_cells, spec))
    };
    if spec.metrics.is_empty() {
        Ok(Metric::ALL
            .into_iter()
            .filter(|m| applies(*m).is_ok())
            .collect())
    } else {
        for metric in &spec.metrics {
            applies(*metric)?;
        }
        Ok(spec.metrics.clone())
    }
}

/// Why a strategy of `spec` gets no row at an n where it has cells: one sentence per
/// (strategy, n), in that order. Rows pair cells of one n, so a strategy at an n the
/// baseline did not run (BE at n = 5 against r at n = 10) has none; said rather than left
/// out in silence. Empty when every (strategy, n) has rows, or `spec` names no phase or
/// strategy of `cells` (then [`compare`] says so).
pub fn missing_rows(cells: &Cells, spec: &CompareSpec) -> Vec<String> {
    let phase: Vec<&Cell> = cells
        .phase(&spec.phase)
        .filter(|c| spec.subjects.is_empty() || spec.subjects.contains(&c.subject))
        .collect();
    let lengths = |strategy: &str| -> BTreeSet<u64> {
        phase
            .iter()
            .filter(|c| c.strategy == strategy)
            .map(|c| c.n)
            .collect()
    };
    let baseline = lengths(&spec.baseline);
    let listed = |ns: &BTreeSet<u64>| ns.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    let strategies: BTreeSet<&str> = if spec.strategies.is_empty() {
        phase.iter().map(|c| c.strategy.as_str()).collect()
    } else {
        spec.strategies.iter().map(String::as_str).collect()
    };
    let targets: std::collections::HashSet<(u32, &str, u64, u64)> = phase
        .iter()
        .filter(|c| c.strategy == spec.baseline)
        .map(|c| (c.replicate, c.subject.as_str(), c.n, c.mutant))
        .collect();
    let mut notes = Vec::new();
    for strategy in strategies.into_iter().filter(|s| *s != spec.baseline) {
        for n in lengths(strategy) {
            let paired = phase.iter().any(|a| {
                a.strategy == strategy
                    && a.n == n
                    && targets.contains(&(a.replicate, a.subject.as_str(), n, a.mutant))
            });
            if paired || baseline.is_empty() {
                continue;
            }
            notes.push(if baseline.contains(&n) {
                format!(
                    "{strategy} at n = {n} has no row: no target has a cell of both it and the \
                     baseline {} in one replicate",
                    spec.baseline
                )
            } else {
                format!(
                    "{strategy} at n = {n} has no row: rows pair cells of one n, and the \
                     baseline {} ran at n = {} only; compare with a baseline that ran at \
                     n = {n}",
                    spec.baseline,
                    listed(&baseline)
                )
            });
        }
    }
    notes
}

/// Compares the strategies of `spec` with its baseline (see the module docs). Rows are in
/// the order metric, strategy, subject (units by name, then `all`), n.
///
/// # Errors
/// [`CompareError`]: fewer than two replicates, an unknown phase, strategy or metric, a
/// metric that does not apply, or invalid bootstrap parameters.
pub fn compare(cells: &Cells, spec: &CompareSpec) -> Result<Vec<ComparisonRow>, CompareError> {
    let mut phase_cells: Vec<&Cell> = cells.phase(&spec.phase).collect();
    if !spec.subjects.is_empty() {
        let known: BTreeSet<&str> = phase_cells.iter().map(|c| c.subject.as_str()).collect();
        if let Some(missing) = spec.subjects.iter().find(|s| !known.contains(s.as_str())) {
            return Err(CompareError::UnknownSubject {
                subject: missing.clone(),
                phase: spec.phase.clone(),
                known: known.into_iter().collect::<Vec<_>>().join(", "),
            });
        }
        phase_cells.retain(|c| spec.subjects.contains(&c.subject));
    }
    if phase_cells.is_empty() {
        let phases: BTreeSet<&str> = cells.rows.iter().map(|c| c.phase.as_str()).collect();
        return Err(CompareError::UnknownPhase {
            phase: spec.phase.clone(),
            known: phases.into_iter().collect::<Vec<_>>().join(", "),
        });
    }
    let replicates = phase_cells
        .iter()
        .map(|c| c.replicate + 1)
        .max()
        .unwrap_or(0);
    if replicates < 2 {
        return Err(CompareError::NoReplicates { replicates });
    }
    let present: BTreeSet<&str> = phase_cells.iter().map(|c| c.strategy.as_str()).collect();
    let unknown = |strategy: &str| CompareError::UnknownWalk {
        strategy: strategy.to_string(),
        phase: spec.phase.clone(),
        known: present.iter().copied().collect::<Vec<_>>().join(", "),
    };
    if !present.contains(spec.baseline.as_str()) {
        return Err(unknown(&spec.baseline));
    }
    let strategies: Vec<String> = if spec.strategies.is_empty() {
        present
            .iter()
            .filter(|s| **s != spec.baseline)
            .map(|s| s.to_string())
            .collect()
    } else {
        for strategy in &spec.strategies {
            if *strategy == spec.baseline {
                return Err(CompareError::BaselineAsStrategy(strategy.clone()));
            }
            if !present.contains(strategy.as_str()) {
                return Err(unknown(strategy));
            }
        }
        spec.strategies.clone()
    };
    let metrics = metrics(spec, &strategies, &phase_cells)?;
    let index = Index::new(phase_cells.iter().copied());
    let subjects: BTreeSet<&str> = phase_cells.iter().map(|c| c.subject.as_str()).collect();
    let lengths: BTreeSet<u64> = phase_cells.iter().map(|c| c.n).collect();

    // One task per (strategy, subject or all, n): its rows for every metric.
    let mut tasks: Vec<(usize, Option<&str>, u64)> = Vec::new();
    for s in 0..strategies.len() {
        for subject in subjects.iter().map(|s| Some(*s)).chain([None]) {
            for &n in &lengths {
                tasks.push((s, subject, n));
            }
        }
    }
    let rows: Vec<Vec<(usize, ComparisonRow)>> = tasks
        .par_iter()
        .map(|&(s, subject, n)| {
            let strategy = &strategies[s];
            let pool: Vec<&str> = match subject {
                Some(one) => vec![one],
                None => subjects.iter().copied().collect(),
            };
            let matched = index.matched(&pool, n, strategy, &spec.baseline, replicates);
            let matched: Vec<&Vec<(&Cell, &Cell)>> =
                matched.iter().filter(|pairs| !pairs.is_empty()).collect();
            if matched.is_empty() {
                return Ok(Vec::new());
            }
            let kill_curve_budget = matched
                .iter()
                .flat_map(|pairs| pairs.iter().flat_map(|(a, b)| [budget(a), budget(b)]))
                .max()
                .unwrap_or(1)
                .max(1) as f64;
            // Per replicate, the strategy's cells and the baseline's, matched.
            let sides: Vec<(Vec<&Cell>, Vec<&Cell>)> = matched
                .iter()
                .map(|pairs| pairs.iter().copied().unzip())
                .collect();
            let mut out = Vec::new();
            for (m, &metric) in metrics.iter().enumerate() {
                let mut x = Vec::with_capacity(sides.len());
                let mut y = Vec::with_capacity(sides.len());
                for (a, b) in &sides {
                    x.push(value(metric, a, kill_curve_budget)?);
                    y.push(value(metric, b, kill_curve_budget)?);
                }
                let subject_name = subject.unwrap_or(ALL_SUBJECTS);
                let fixed = (
                    spec.seed_free.contains(strategy),
                    spec.seed_free.contains(&spec.baseline),
                );
                let test = row_test(&x, &y, fixed)?;
                // Paired rows resample replicates, keeping each one's two values together.
                let resampling = if is_paired(fixed) {
                    stats::Resampling::Pairs
                } else {
                    stats::Resampling::Independent
                };
                let sampled = test.p_value.is_some();
                let interval = sampled
                    .then(|| {
                        stats::a12_bootstrap_ci(
                            &x,
                            &y,
                            resampling,
                            spec.resamples,
                            spec.confidence,
                            row_seed(
                                spec.seed,
                                &[
                                    subject_name,
                                    &n.to_string(),
                                    strategy,
                                    &spec.baseline,
                                    metric.name(),
                                ],
                            ),
                        )
                    })
                    .transpose()?;
                let a12 = sampled.then(|| stats::a12(&x, &y)).transpose()?;
                let (sx, sy) = (stats::summary(&x)?, stats::summary(&y)?);
                out.push((
                    m,
                    ComparisonRow {
                        subject: subject_name.to_string(),
                        n,
                        strategy: strategy.clone(),
                        baseline: spec.baseline.clone(),
                        metric: metric.name(),
                        larger_is_better: metric.larger_is_better(),
                        replicates: x.len(),
                        median: sx.median,
                        q1: sx.q1,
                        q3: sx.q3,
                        baseline_median: sy.median,
                        baseline_q1: sy.q1,
                        baseline_q3: sy.q3,
                        a12,
                        a12_low: interval.map(|i| i.low),
                        a12_high: interval.map(|i| i.high),
                        test: test.test,
                        statistic: test.statistic,
                        p_value: test.p_value,
                        p_holm: test.p_value,
                        method: test.method,
                    },
                ));
            }
            Ok(out)
        })
        .collect::<Result<_, CompareError>>()?;
    let mut rows: Vec<(usize, usize, ComparisonRow)> = rows
        .into_iter()
        .zip(&tasks)
        .flat_map(|(rows, &(s, _, _))| rows.into_iter().map(move |(m, row)| (m, s, row)))
        .collect();
    rows.sort_by(|a, b| {
        (a.0, a.1, a.2.subject == ALL_SUBJECTS, &a.2.subject, a.2.n).cmp(&(
            b.0,
            b.1,
            b.2.subject == ALL_SUBJECTS,
            &b.2.subject,
            b.2.n,
        ))
    });
    let mut rows: Vec<ComparisonRow> = rows.into_iter().map(|(_, _, row)| row).collect();
    adjust_across_subjects(&mut rows)?;
    Ok(rows)
}

/// Holm–Bonferroni over the tested subjects of each (metric, strategy, n); pooled rows
/// keep their p-value, untested rows have none.
fn adjust_across_subjects(rows: &mut [ComparisonRow]) -> Result<(), StatsError> {
    let mut families: BTreeMap<(&'static str, String, u64), Vec<usize>> = BTreeMap::new();
    for (i, row) in rows.iter().enumerate() {
        if row.subject != ALL_SUBJECTS && row.p_value.is_some() {
            families
                .entry((row.metric, row.strategy.clone(), row.n))
                .or_default()
                .push(i);
        }
    }
    for members in families.values() {
        let p: Vec<f64> = members.iter().filter_map(|&i| rows[i].p_value).collect();
        for (&i, adjusted) in members.iter().zip(stats::holm(&p)?) {
            rows[i].p_holm = Some(adjusted);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_tables::budget_cell;

    /// A cell of the comparison phase.
    /// A cell of the comparison phase at n = 4 (see [`budget_cell`]).
    fn cell(
        replicate: u32,
        subject: &str,
        mutant: u64,
        strategy: &str,
        first_failure: Option<u64>,
    ) -> Cell {
        budget_cell(replicate, subject, mutant, strategy, 4, first_failure)
    }

    fn spec() -> CompareSpec {
        CompareSpec {
            phase: "comparison".into(),
            baseline: "r".into(),
            strategies: vec![],
            subjects: vec![],
            metrics: vec![],
            budget_runs: BTreeSet::new(),
            resamples: 2000,
            confidence: 0.95,
            seed: 1,
            seed_free: BTreeSet::new(),
        }
    }

    /// Two units, two mutants each, four replicates: `fast` finds every mutant at test 2,
    /// `r` at test 10 + replicate, except that r misses mutant 2 of B in replicate 0.
    fn cells() -> Cells {
        let mut rows = Vec::new();
        for replicate in 0..4 {
            for subject in ["A", "B"] {
                for mutant in 1..=2 {
                    rows.push(cell(replicate, subject, mutant, "fast", Some(2)));
                    let r = (subject, mutant, replicate) != ("B", 2, 0);
                    rows.push(cell(
                        replicate,
                        subject,
                        mutant,
                        "r",
                        r.then_some(10 + u64::from(replicate)),
                    ));
                }
            }
        }
        Cells { rows }
    }

    fn row<'a>(rows: &'a [ComparisonRow], subject: &str, metric: &str) -> &'a ComparisonRow {
        rows.iter()
            .find(|r| r.subject == subject && r.metric == metric)
            .unwrap()
    }

    #[test]
    fn per_replicate_values_give_medians_quartiles_a12_and_p_values() {
        let rows = compare(&cells(), &spec()).unwrap();
        // Budget runs are not declared: failure density does not apply; no coverage was
        // recorded: branch coverage does not either; five metrics.
        let metrics: BTreeSet<&str> = rows.iter().map(|r| r.metric).collect();
        assert_eq!(metrics.len(), 5, "{metrics:?}");
        // Calls to the first failure: n = 4 calls per test case, fast's at test 2.
        let calls = row(&rows, "A", "calls_to_first_failure");
        assert_eq!((calls.median, calls.baseline_median), (8.0, 4.0 * 11.5));
        assert!(!calls.larger_is_better);
        // Unit A, tests to first failure: fast 2 in every replicate, r 10, 11, 12, 13.
        let a = row(&rows, "A", "tests_to_first_failure");
        assert_eq!((a.replicates, a.median, a.baseline_median), (4, 2.0, 11.5));
        assert_eq!((a.baseline_q1, a.baseline_q3), (10.75, 12.25));
        assert_eq!(a.a12, Some(0.0), "fast is smaller in every pair");
        assert_eq!(a.method, "asymptotic", "x has ties (four 2s)");
        // Unit B, replicate 0: r misses mutant 2, which counts as budget + 1 = 101, so
        // r's mean is (10 + 101) / 2 = 55.5 there; the others are 11, 12, 13, so the
        // third quartile (type 7: h = 3 · 0.75 = 2.25) is 13 + 0.25 · (55.5 − 13).
        let b = row(&rows, "B", "tests_to_first_failure");
        assert_eq!(b.baseline_q3, 13.0 + 0.25 * (55.5 - 13.0));
        // Kills: fast 2 everywhere; r 1 in B's replicate 0.
        let kills = row(&rows, "B", "kills");
        assert_eq!((kills.median, kills.baseline_median), (2.0, 2.0));
        assert_eq!(kills.a12, Some((3.0 * 0.5 + 1.0) / 4.0));
        assert!(kills.larger_is_better);
        // The pooled row takes four mutants per replicate.
        let all = row(&rows, ALL_SUBJECTS, "kills");
        assert_eq!((all.median, all.baseline_median), (4.0, 4.0));
        assert_eq!(rows.last().unwrap().subject, ALL_SUBJECTS);
    }

    /// The coverage-curve area is, per subject, the longest cell's curve summed test case
    /// by test case to the budget (its last value held past its end), over budget times
    /// branches, averaged over the subjects; it needs the area column in every cell.
    #[test]
    fn the_coverage_curve_area_is_the_longest_cells_curve_summed_to_the_budget() {
        // Branches covered after k test cases, 10 branches: the same for every mutant's cell
        // of one (replicate, subject, strategy), as test case k does not depend on it.
        let curve = |c: &Cell, k: u64| match (c.strategy.as_str(), c.subject.as_str()) {
            ("fast", _) => (2 * k).min(8),
            (_, "A") => k.min(6),
            _ => (k / 3).min(9 - u64::from(c.replicate)),
        };
        let mut table = cells();
        for c in &mut table.rows {
            c.branches_total = Some(10);
            c.branches_covered = Some(curve(c, c.tests_run));
            c.branches_area = Some((1..=c.tests_run).map(|k| curve(c, k)).sum());
        }
        let spec = CompareSpec {
            metrics: vec![Metric::CoverageCurveArea],
            ..spec()
        };
        let rows = compare(&table, &spec).unwrap();
        // By brute force: per replicate, per subject, the longest cell's curve at each of
        // test cases 1..=100, held at its last value past the cell's end.
        let brute = |strategy: &str, subjects: &[&str], replicate: u32| {
            let per_subject: Vec<f64> = subjects
                .iter()
                .map(|subject| {
                    let longest = table
                        .rows
                        .iter()
                        .filter(|c| {
                            (c.strategy.as_str(), c.subject.as_str(), c.replicate)
                                == (strategy, *subject, replicate)
                        })
                        .max_by_key(|c| c.tests_run)
                        .unwrap();
                    let sum: u64 = (1..=100)
                        .map(|k| curve(longest, k.min(longest.tests_run)))
                        .sum();
                    sum as f64 / 1000.0
                })
                .collect();
            per_subject.iter().sum::<f64>() / per_subject.len() as f64
        };
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        for (subject, subjects) in [
            ("A", vec!["A"]),
            ("B", vec!["B"]),
            (ALL_SUBJECTS, vec!["A", "B"]),
        ] {
            let row = row(&rows, subject, "coverage_curve_area");
            assert!(row.larger_is_better);
            let fast: Vec<f64> = (0..4).map(|r| brute("fast", &subjects, r)).collect();
            let r: Vec<f64> = (0..4).map(|r| brute("r", &subjects, r)).collect();
            assert!(
                close(row.median, crate::stats::median(&fast).unwrap()),
                "{subject}"
            );
            assert!(
                close(row.baseline_median, crate::stats::median(&r).unwrap()),
                "{subject}"
            );
        }
        // r on B in replicate 0 ran all 100 test cases: 9 branches by test case 27.
        assert!(close(
            brute("r", &["B"], 0),
            (0..=100u64).map(|k| (k / 3).min(9)).sum::<u64>() as f64 / 1000.0
        ));
        table.rows[3].branches_area = None;
        assert!(matches!(
            compare(&table, &spec),
            Err(CompareError::MetricDoesNotApply { .. })
        ));
    }

    /// A comparison of some subjects reads their cells only: the pooled row pools them and
    /// Holm adjusts for their number; a subject without cells is named in the error.
    #[test]
    fn a_comparison_of_some_subjects_pools_and_adjusts_over_them_only() {
        let both = compare(&cells(), &spec()).unwrap();
        let spec = CompareSpec {
            subjects: vec!["B".into()],
            ..spec()
        };
        let only_b = compare(&cells(), &spec).unwrap();
        assert!(
            only_b
                .iter()
                .all(|r| r.subject == "B" || r.subject == ALL_SUBJECTS)
        );
        for metric in ["kills", "tests_to_first_failure"] {
            let b = row(&only_b, "B", metric);
            let all = row(&only_b, ALL_SUBJECTS, metric);
            assert_eq!(
                (all.median, all.baseline_median),
                (b.median, b.baseline_median)
            );
            assert_eq!(b.p_holm, b.p_value, "one subject: nothing to adjust");
            assert_eq!(row(&both, "B", metric).p_value, b.p_value);
        }
        let unknown = CompareSpec {
            subjects: vec!["B".into(), "C".into()],
            ..spec
        };
        let error = compare(&cells(), &unknown).unwrap_err();
        assert_eq!(
            error.to_string(),
            "no cells of subject `C` in phase `comparison` (subjects there: A, B)"
        );
    }

    /// Branch coverage is per subject the best cell's fraction, averaged over subjects; it
    /// needs coverage in every cell, and calls to the first failure need runs that stop
    /// there.
    #[test]
    fn branch_coverage_takes_each_subjects_best_cell_and_needs_coverage() {
        let mut table = cells();
        for (i, c) in table.rows.iter_mut().enumerate() {
            c.branches_total = Some(10);
            c.branches_covered = Some(if c.subject == "A" {
                4 + (i % 3) as u64
            } else {
                8
            });
        }
        let spec = CompareSpec {
            metrics: vec![Metric::BranchCoverage],
            ..spec()
        };
        let rows = compare(&table, &spec).unwrap();
        let a = row(&rows, "A", "branch_coverage");
        assert_eq!(a.median, 0.6, "the best of 4, 5 and 6 of 10 probes");
        let all = row(&rows, ALL_SUBJECTS, "branch_coverage");
        assert_eq!(all.median, (0.6 + 0.8) / 2.0);
        table.rows[0].branches_total = None;
        assert!(matches!(
            compare(&table, &spec),
            Err(CompareError::MetricDoesNotApply { .. })
        ));
        let budget = CompareSpec {
            metrics: vec![Metric::CallsToFirstFailure],
            budget_runs: BTreeSet::from([("comparison".to_string(), 0)]),
            ..spec
        };
        assert!(matches!(
            compare(&cells(), &budget),
            Err(CompareError::MetricDoesNotApply { .. })
        ));
    }

    /// A seed-free side makes the replicates' paired differences the observations: `fast`
    /// finds unit A's mutants at test 2 in every replicate, r at 10, 11, 12, 13.
    #[test]
    fn a_seed_free_side_is_tested_on_paired_differences() {
        let independent = row(
            &compare(&cells(), &spec()).unwrap(),
            "A",
            "tests_to_first_failure",
        )
        .clone();
        assert_eq!(independent.test, "mann-whitney");
        let spec = CompareSpec {
            seed_free: BTreeSet::from(["fast".to_string()]),
            ..spec()
        };
        let rows = compare(&cells(), &spec).unwrap();
        let a = row(&rows, "A", "tests_to_first_failure");
        // Differences −8, −9, −10, −11: all negative, distinct, so exact: 2 of 2⁴ patterns
        // are as extreme. Mann–Whitney, taking the four 2s as four draws, claims more.
        assert_eq!((a.test, a.method), ("signed-rank", "exact"));
        assert_eq!((a.statistic, a.p_value), (0.0, Some(2.0 / 16.0)));
        assert!(independent.p_value < a.p_value, "{:?}", independent.p_value);
        // The effect size and the summaries do not depend on the test.
        assert_eq!((a.a12, a.median), (independent.a12, independent.median));
        // Unit B's kills: differences 1, 0, 0, 0 — three zeros, so every sign flip.
        let b = row(&rows, "B", "kills");
        assert_eq!(
            (b.test, b.method, b.p_value),
            ("signed-rank", "permutation", Some(1.0))
        );
    }

    /// Both sides seed-free and the same difference in every replicate: exact, with neither
    /// an effect size nor a test, and outside the Holm family.
    #[test]
    fn two_seed_free_sides_with_one_difference_are_not_tested() {
        let mut table = cells();
        for c in table.rows.iter_mut().filter(|c| c.strategy == "r") {
            c.first_failure = Some(10);
            c.outcome = "killed".into();
        }
        let spec = CompareSpec {
            seed_free: BTreeSet::from(["fast".to_string(), "r".to_string()]),
            ..spec()
        };
        let rows = compare(&table, &spec).unwrap();
        let tests = row(&rows, "A", "tests_to_first_failure");
        assert_eq!((tests.test, tests.method), ("none", "none"));
        assert_eq!(
            (tests.statistic, tests.p_value, tests.p_holm),
            (-8.0, None, None)
        );
        assert_eq!(
            (tests.a12, tests.a12_low, tests.a12_high),
            (None, None, None)
        );
        let kills = row(&rows, "A", "kills");
        assert_eq!(
            (kills.test, kills.statistic, kills.p_value, kills.a12),
            ("none", 0.0, None, None)
        );
    }

    #[test]
    fn holm_adjusts_across_subjects_and_leaves_the_pooled_row() {
        let rows = compare(&cells(), &spec()).unwrap();
        for metric in ["kills", "tests_to_first_failure"] {
            let (a, b) = (row(&rows, "A", metric), row(&rows, "B", metric));
            let adjusted = stats::holm(&[a.p_value.unwrap(), b.p_value.unwrap()]).unwrap();
            assert_eq!((a.p_holm, b.p_holm), (Some(adjusted[0]), Some(adjusted[1])));
            let all = row(&rows, ALL_SUBJECTS, metric);
            assert_eq!(all.p_holm, all.p_value);
        }
    }

    #[test]
    fn the_bootstrap_interval_is_seeded_by_the_row() {
        let one = compare(&cells(), &spec()).unwrap();
        assert_eq!(one, compare(&cells(), &spec()).unwrap());
        let a = row(&one, "A", "kill_curve_area");
        let (low, high) = (a.a12_low.unwrap(), a.a12_high.unwrap());
        assert!(0.0 <= low && low <= high && high <= 1.0);
        let other = compare(&cells(), &CompareSpec { seed: 2, ..spec() }).unwrap();
        assert_eq!(row(&other, "A", "kills").a12, row(&one, "A", "kills").a12);
    }

    #[test]
    fn failure_density_needs_budget_runs_on_both_sides() {
        let mut budget = spec();
        budget.metrics = vec![Metric::FailureDensity];
        let e = compare(&cells(), &budget).unwrap_err();
        assert!(matches!(e, CompareError::MetricDoesNotApply { .. }), "{e}");
        budget.budget_runs = [("comparison".to_string(), 0)].into_iter().collect();
        let rows = compare(&cells(), &budget).unwrap();
        let a = row(&rows, "A", "failure_density");
        // fast: 1 failing test in 2 run; r: 1 in 10..13.
        assert_eq!(a.median, 0.5);
    }

    #[test]
    fn a_strategy_at_an_n_the_baseline_did_not_run_is_named() {
        let mut cells = cells();
        let mut be = cells.rows[0].clone();
        (be.strategy, be.n) = ("be".into(), 99);
        cells.rows.push(be);
        let notes = missing_rows(&cells, &spec());
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].starts_with("be at n = 99 has no row: rows pair cells of one n"),
            "{notes:?}"
        );
    }

    #[test]
    fn bad_requests_are_errors_naming_what_exists() {
        let one_replicate = Cells {
            rows: cells()
                .rows
                .into_iter()
                .filter(|c| c.replicate == 0)
                .collect(),
        };
        assert_eq!(
            compare(&one_replicate, &spec()).unwrap_err(),
            CompareError::NoReplicates { replicates: 1 }
        );
        let e = compare(
            &cells(),
            &CompareSpec {
                baseline: "be".into(),
                ..spec()
            },
        )
        .unwrap_err();
        assert!(e.to_string().contains("strategies there: fast, r"), "{e}");
        let e = compare(
            &cells(),
            &CompareSpec {
                phase: "x".into(),
                ..spec()
            },
        )
        .unwrap_err();
        assert!(e.to_string().contains("phases: comparison"), "{e}");
        let e = compare(
            &cells(),
            &CompareSpec {
                strategies: vec!["r".into()],
                ..spec()
            },
        )
        .unwrap_err();
        assert_eq!(e, CompareError::BaselineAsStrategy("r".into()));
        assert!("speed".parse::<Metric>().is_err());
    }
}
