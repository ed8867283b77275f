//! Statistics for comparing testing strategies: order statistics, ranks, the Mann–Whitney U
//! test and its power, the Wilcoxon signed-rank test, Holm–Bonferroni adjustment, the Vargha–Delaney Â12 effect size with a bootstrap
//! interval, the area under a kill curve, and the Friedman test with the Nemenyi post-hoc
//! test for ranking many strategies over many subjects.
//!
//! Contract of the whole module: every function is pure. No I/O, no global or thread-local
//! random generator, no clock; the one randomised procedure
//! ([`a12_bootstrap_ci`]) takes an explicit seed and draws through
//! `crate::kernel::rng::{case_rng, below}`, so equal inputs give bit-identical outputs on
//! every platform. Invalid input (empty samples, NaN, out-of-range parameters) is reported as a
//! [`StatsError`] carrying the offending values, never by a panic or a NaN result.
//!
//! Conventions shared by the files: samples are `&[f64]`; x is the first sample (size m or
//! n1), y the second (size n or n2); ranks are 1-based mid-ranks; quantiles are Hyndman–Fan
//! type 7 (numpy's default); a blocks × treatments matrix is a slice of rows, one per block.
//! The results are cross-checked against scipy 1.17.1 (and scikit-posthocs 0.17.1 for Nemenyi)
//! by the fixture `testdata/stats/scipy_cases.json` (see `scipy_check.rs` and
//! `notebooks/check_stats.py`).
//!
//! One concept per file:
//! - [`summary`](mod@summary): [`quantile`], [`median`], [`Summary`] and [`summary`](fn@summary).
//! - [`ranks`]: [`mid_ranks`] with tie-group sizes.
//! - [`normal`]: [`erfc`] and the standard normal survival function [`normal_sf`].
//! - [`mann_whitney`]: [`mann_whitney_u`], two-sided, exact or asymptotic like scipy, and
//!   [`untied_p_value`], its p-value of untied samples from U1 alone.
//! - [`power`]: what a design detects: [`smallest_significant_a12`] (exact scan of U1) and
//!   [`a12_detected_with_power`] (Noether's approximation), with [`normal_quantile`].
//! - [`signed_rank`](mod@signed_rank): [`signed_rank`](fn@signed_rank), two-sided, exact,
//!   by sign flips or asymptotic like scipy's `wilcoxon`.
//! - [`holm`](mod@holm): [`holm`](fn@holm) step-down adjusted p-values.
//! - [`kendall`]: Kendall's rank correlation [`kendall_tau_b`] with its asymptotic p-value.
//! - [`rank_agreement`](mod@rank_agreement): whether two experiments rank the same strategies
//!   alike: τ_b of their Friedman average ranks with a bootstrap interval over subjects.
//! - [`vargha_delaney`]: [`a12`] and [`a12_bootstrap_ci`] (independent or paired
//!   [`Resampling`]).
//! - [`kill_curve`]: [`KillCurve`] and [`kill_curve_area`].
//! - [`gamma`]: [`ln_gamma`], the regularized upper incomplete gamma [`gamma_q`] and
//!   [`chi_square_sf`].
//! - [`beta`]: the regularized incomplete beta [`beta_i`] and the F survival [`f_sf`].
//! - [`friedman`](mod@friedman): [`friedman`](fn@friedman) test of a blocks × treatments
//!   matrix ranked in a stated [`Order`], with average ranks, scipy's tie correction and the
//!   Iman–Davenport F variant.
//! - [`studentized_range`]: [`studentized_range_sf`] and [`studentized_range_isf`] of k
//!   normals (df = ∞), by a one-dimensional integral.
//! - [`nemenyi`](mod@nemenyi): [`nemenyi`](fn@nemenyi) pairwise p-values (as scikit-posthocs),
//!   [`critical_difference`], [`nemenyi_q_alpha`] and the [`indistinct_groups`] of a CD diagram.

pub mod beta;
pub mod friedman;
pub mod gamma;
pub mod holm;
pub mod kendall;
pub mod kill_curve;
pub mod mann_whitney;
pub mod nemenyi;
pub mod normal;
pub mod power;
pub mod rank_agreement;
pub mod ranks;
pub mod signed_rank;
pub mod studentized_range;
pub mod summary;
pub mod vargha_delaney;

#[cfg(test)]
mod scipy_check;

pub use beta::{beta_i, f_sf};
pub use friedman::{Friedman, Order, friedman};
pub use gamma::{chi_square_sf, gamma_q, ln_gamma};
pub use holm::holm;
pub use kendall::{KendallTau, kendall_tau_b};
pub use kill_curve::{KillCurve, kill_curve_area};
pub use mann_whitney::{MannWhitney, Method, mann_whitney_u, untied_p_value};
pub use nemenyi::{Nemenyi, critical_difference, indistinct_groups, nemenyi, nemenyi_q_alpha};
pub use normal::{erfc, normal_sf};
pub use power::{a12_detected_with_power, normal_quantile, smallest_significant_a12};
pub use rank_agreement::{RankAgreement, rank_agreement};
pub use ranks::{Ranks, mid_ranks};
pub use signed_rank::{SignedRank, SignedRankMethod, signed_rank};
pub use studentized_range::{studentized_range_isf, studentized_range_sf};
pub use summary::{Summary, median, quantile, summary};
pub use vargha_delaney::{Interval, Resampling, a12, a12_bootstrap_ci};

/// Rejects an empty sample ([`StatsError::EmptySample`]) or one containing NaN
/// ([`StatsError::NaN`]); ±∞ pass (they are ordinal).
pub(crate) fn check_sample(v: &[f64], which: &'static str) -> Result<()> {
    if v.is_empty() {
        return Err(StatsError::EmptySample { which });
    }
    match v.iter().position(|a| a.is_nan()) {
        Some(index) => Err(StatsError::NaN { which, index }),
        None => Ok(()),
    }
}

/// Rejects a confidence level outside (0, 1) as [`StatsError::OutOfRange`].
pub(crate) fn check_confidence(confidence: f64) -> Result<()> {
    if !(confidence > 0.0 && confidence < 1.0) {
        return Err(StatsError::OutOfRange {
            which: "confidence",
            value: confidence,
            low: 0.0,
            high: 1.0,
        });
    }
    Ok(())
}

/// Rejects fewer than `min` items as [`StatsError::TooFew`] (`which` names them).
pub(crate) fn check_count(got: usize, min: usize, which: &'static str) -> Result<()> {
    if got < min {
        return Err(StatsError::TooFew { which, got, min });
    }
    Ok(())
}

/// |a − b|/|b| (0 when equal), the relative difference the tests state their claims in.
#[cfg(test)]
pub(crate) fn rel(a: f64, b: f64) -> f64 {
    if a == b { 0.0 } else { (a - b).abs() / b.abs() }
}

/// The result type of this module.
pub type Result<T> = std::result::Result<T, StatsError>;

/// Why a statistic could not be computed. Each variant carries the values involved.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum StatsError {
    /// A sample (or list of p-values, or of mutants) that must be non-empty is empty.
    #[error("{which} is empty")]
    EmptySample {
        /// Which input: "x", "y", "values", "costs", ….
        which: &'static str,
    },
    /// A sample contains NaN, which has no place in an order.
    #[error("{which}[{index}] is NaN")]
    NaN {
        /// Which input.
        which: &'static str,
        /// Position of the (first) NaN.
        index: usize,
    },
    /// A value that must be finite is ±∞ (or NaN, for scalar parameters).
    #[error("{which} = {value} is not finite")]
    NonFinite {
        /// Which input.
        which: &'static str,
        /// The offending value.
        value: f64,
    },
    /// A value lies outside its admissible interval (NaN counts as outside).
    #[error("{which} = {value} is outside [{low}, {high}]")]
    OutOfRange {
        /// Which input: "q", "confidence", "p_values", "budget", ….
        which: &'static str,
        /// The offending value.
        value: f64,
        /// Lower end of the admissible interval (bounds as stated in the item's docs).
        low: f64,
        /// Upper end of the admissible interval.
        high: f64,
    },
    /// A slice documented as sorted ascending is not.
    #[error("{which} is not sorted ascending: element {index} = {value} is below its predecessor")]
    NotSorted {
        /// Which input.
        which: &'static str,
        /// Position of the first element smaller than its predecessor.
        index: usize,
        /// That element.
        value: f64,
    },
    /// Fewer items than a test needs (treatments or blocks of a Friedman test, …).
    #[error("{got} {which} given; at least {min} are required")]
    TooFew {
        /// What is counted: "treatments", "blocks".
        which: &'static str,
        /// How many were given.
        got: usize,
        /// The minimum accepted.
        min: usize,
    },
    /// A row of a matrix differs in length from the first row.
    #[error("row {row} has {len} values; the first row has {expected}")]
    Ragged {
        /// Index of the first offending row.
        row: usize,
        /// Its length.
        len: usize,
        /// The length of row 0.
        expected: usize,
    },
    /// Paired samples of different lengths.
    #[error("paired samples differ in length: x has {x} values, y has {y}")]
    LengthMismatch {
        /// Length of x.
        x: usize,
        /// Length of y.
        y: usize,
    },
    /// Fewer bootstrap resamples than the minimum were requested.
    #[error("{resamples} bootstrap resamples requested; at least {min} are required")]
    TooFewResamples {
        /// Requested number of resamples.
        resamples: usize,
        /// The minimum accepted.
        min: usize,
    },
    /// [`Method::Exact`] was requested for samples with ties; the exact null distribution of U
    /// is that of untied data.
    #[error("the exact Mann–Whitney distribution needs untied data; {tie_groups} tie groups found")]
    ExactWithTies {
        /// Number of groups of equal values (of size ≥ 2) in the pooled sample.
        tie_groups: usize,
    },
    /// [`SignedRankMethod::Exact`] was requested for differences with zeros or tied absolute
    /// values; the exact null distribution of R₊ is that of distinct non-zero differences.
    #[error(
        "the exact signed-rank distribution needs distinct non-zero differences; {zeros} zeros \
         and {tie_groups} tie groups found"
    )]
    SignedRankExactWithTies {
        /// Differences equal to zero.
        zeros: usize,
        /// Groups of equal absolute values (of size ≥ 2) among the non-zero differences.
        tie_groups: usize,
    },
    /// [`Method::Exact`] was requested for sizes whose count C(n1 + n2, n1) of arrangements
    /// exceeds the exact integer arithmetic used (i128, i.e. C(n1 + n2, n1) < 2¹²⁷).
    #[error("exact Mann–Whitney counts overflow for sizes ({n1}, {n2}): C(n1+n2, n1) ≥ 2^127")]
    ExactTooLarge {
        /// Size of x.
        n1: usize,
        /// Size of y.
        n2: usize,
    },
    /// The statistic is undefined for this input (e.g. a rank correlation of a constant).
    #[error("{what}")]
    Degenerate {
        /// What is undefined, and why.
        what: &'static str,
    },
}
