//! The two-sided Wilcoxon signed-rank test of paired differences, as scipy computes it.
//!
//! Contract: [`signed_rank`]`(d, method)` returns what
//! `scipy.stats.wilcoxon(d, zero_method="wilcox", correction=False, alternative="two-sided",
//! method=…)` returns (scipy 1.17.1), statistic and p-value, to ~1e-14 relative (the fixture
//! `testdata/stats/scipy_cases.json` checks 1e-12), with two documented differences:
//! [`SignedRankMethod::Exact`] on differences with zeros or ties is an error here (scipy rounds
//! the statistic), and when every difference is zero the p-value is 1 at any size (scipy gives
//! NaN beyond 13 values, where it falls back to the normal approximation with σ = 0).
//!
//! Notation: d₁ … d_N are the differences (strategy − baseline, one per replicate). Zeros are
//! dropped (Wilcoxon's treatment, scipy's `zero_method="wilcox"`), leaving n non-zero values;
//! with the mid-ranks rᵢ of their absolute values,
//!
//! ```text
//! R₊ = Σ_{dᵢ > 0} rᵢ,   R₋ = Σ_{dᵢ < 0} rᵢ = n(n+1)/2 − R₊,   W = min(R₊, R₋) (scipy's `statistic`)
//! ```
//!
//! **Exact** (no zeros, no ties): under H₀ (the differences are symmetric about 0) each of the
//! 2ⁿ sign patterns is equally likely, so R₊ is the sum of a random subset of {1, …, n}; its
//! counts are built subset-sum style in u64 (exact for n ≤ 62; this module allows n ≤ 50,
//! scipy's own limit for `auto`), and
//!
//! ```text
//! p = min(1, 2·min(P(R₊ ≥ r), P(R₊ ≤ r)))   with r the observed R₊
//! ```
//!
//! Every probability is a count over 2ⁿ, so p is exact in f64 (as scipy's sums of dyadic
//! probabilities are).
//!
//! **Permutation** (scipy's choice for data with zeros or ties and N ≤ 13): the same
//! two-sided p over all 2^N sign flips of the observed differences, whose absolute values —
//! and so mid-ranks — stay fixed. Flipping a zero changes nothing, so this is the
//! distribution of Σ sᵢ·rᵢ over the n non-zero values with independent fair sᵢ ∈ {0, 1},
//! counted on doubled ranks (integers) and again exact. scipy enumerates the 2^N flips
//! (its `permutation_test` does so when 2^N ≤ 9,999 resamples) and compares with a relative
//! tolerance of 100 ulps, which equality of half-integers makes exact as well.
//!
//! **Asymptotic**: normal approximation with tie correction, no continuity correction,
//!
//! ```text
//! μ = n(n+1)/4,   σ² = (n(n+1)(2n+1) − Σ(t³ − t)/2)/24   (t: tie groups of |dᵢ| ≠ 0)
//! z = (R₊ − μ)/σ,   p = 2·P(Z > |z|)
//! ```
//!
//! **Auto** is scipy 1.17's rule: asymptotic when N > 50; else exact without zeros and ties;
//! else permutation when N ≤ 13; else asymptotic.

use super::normal::normal_sf;
use super::ranks::mid_ranks;
use super::{Result, StatsError, check_sample};

/// How the p-value of the signed-rank test is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SignedRankMethod {
    /// scipy's `auto` (see the module docs).
    Auto,
    /// The exact null distribution of R₊ (no zeros, no ties, n ≤ 50).
    Exact,
    /// Every sign flip of the observed differences (N ≤ 20 here; scipy's auto uses it for
    /// N ≤ 13 with zeros or ties).
    Permutation,
    /// Normal approximation with tie correction.
    Asymptotic,
}

/// Result of a two-sided Wilcoxon signed-rank test.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SignedRank {
    /// R₊, the rank sum of the positive differences.
    pub r_plus: f64,
    /// W = min(R₊, R₋) (scipy's `statistic`).
    pub statistic: f64,
    /// Two-sided p-value in [0, 1].
    pub p_value: f64,
    /// The method actually used (never [`SignedRankMethod::Auto`]).
    pub method_used: SignedRankMethod,
    /// Differences equal to zero (dropped).
    pub zeros: usize,
    /// Whether the non-zero |dᵢ| have ties.
    pub ties: bool,
}

/// The largest n for [`SignedRankMethod::Exact`].
pub const EXACT_MAX: usize = 50;
/// The largest N for [`SignedRankMethod::Permutation`] (2^N sign patterns, counted in
/// O(N · Σ ranks) all the same).
pub const PERMUTATION_MAX: usize = 20;

/// Two-sided Wilcoxon signed-rank test of the differences `d` (see the module docs).
///
/// # Errors
/// [`StatsError::EmptySample`] / [`StatsError::NaN`] for an empty `d` or one with NaN;
/// [`StatsError::SignedRankExactWithTies`] for [`SignedRankMethod::Exact`] with zeros or
/// ties;
/// [`StatsError::OutOfRange`] (`which` = "n") for exact beyond [`EXACT_MAX`] non-zero values
/// or permutation beyond [`PERMUTATION_MAX`] differences.
pub fn signed_rank(d: &[f64], method: SignedRankMethod) -> Result<SignedRank> {
    check_sample(d, "d")?;
    let nonzero: Vec<f64> = d.iter().copied().filter(|&v| v != 0.0).collect();
    let zeros = d.len() - nonzero.len();
    let magnitudes: Vec<f64> = nonzero.iter().map(|v| v.abs()).collect();
    let ranks = if nonzero.is_empty() {
        None
    } else {
        Some(mid_ranks(&magnitudes)?)
    };
    let ties = ranks.as_ref().is_some_and(|r| !r.tie_sizes.is_empty());
    let n = nonzero.len();
    let total = (n * (n + 1)) as f64 / 2.0;
    // An empty f64 sum is −0.0; adding +0.0 makes it 0, as scipy prints it.
    let r_plus: f64 = match &ranks {
        Some(r) => {
            nonzero
                .iter()
                .zip(&r.ranks)
                .filter(|(v, _)| **v > 0.0)
                .map(|(_, r)| r)
                .sum::<f64>()
                + 0.0
        }
        None => 0.0,
    };
    let statistic = r_plus.min(total - r_plus);
    let method_used = match method {
        SignedRankMethod::Auto if d.len() > EXACT_MAX => SignedRankMethod::Asymptotic,
        SignedRankMethod::Auto if zeros == 0 && !ties => SignedRankMethod::Exact,
        SignedRankMethod::Auto if d.len() <= 13 => SignedRankMethod::Permutation,
        SignedRankMethod::Auto => SignedRankMethod::Asymptotic,
        other => other,
    };
    let out_of_range = |value: usize, high: usize| StatsError::OutOfRange {
        which: "n",
        value: value as f64,
        low: 1.0,
        high: high as f64,
    };
    let result = |p_value: f64| SignedRank {
        r_plus,
        statistic,
        p_value,
        method_used,
        zeros,
        ties,
    };
    let Some(ranks) = ranks else {
        // No non-zero difference: no evidence of a shift.
        return Ok(result(1.0));
    };
    let p_value = match method_used {
        SignedRankMethod::Exact => {
            if zeros > 0 || ties {
                return Err(StatsError::SignedRankExactWithTies {
                    zeros,
                    tie_groups: ranks.tie_sizes.len(),
                });
            }
            if n > EXACT_MAX {
                return Err(out_of_range(n, EXACT_MAX));
            }
            let doubled: Vec<u64> = (1..=n as u64).map(|r| 2 * r).collect();
            two_sided_flip_p(&doubled, (2.0 * r_plus) as u64)
        }
        SignedRankMethod::Permutation => {
            if d.len() > PERMUTATION_MAX {
                return Err(out_of_range(d.len(), PERMUTATION_MAX));
            }
            // Mid-ranks are multiples of ½: doubled, they are integers.
            let doubled: Vec<u64> = ranks.ranks.iter().map(|r| (2.0 * r) as u64).collect();
            two_sided_flip_p(&doubled, (2.0 * r_plus) as u64)
        }
        SignedRankMethod::Asymptotic | SignedRankMethod::Auto => {
            let n = n as f64;
            let mean = n * (n + 1.0) * 0.25;
            let variance = n * (n + 1.0) * (2.0 * n + 1.0);
            let sigma = ((variance - ranks.tie_term() / 2.0) / 24.0).sqrt();
            let z = (r_plus - mean) / sigma;
            (2.0 * normal_sf(z.abs())).min(1.0)
        }
    };
    Ok(result(p_value))
}

/// min(1, 2·min(P(S ≥ observed), P(S ≤ observed))) for S = Σ sᵢ·wᵢ with independent fair
/// sᵢ ∈ {0, 1}: the counts of every sum over the 2ⁿ patterns (n = `weights.len()` ≤ 62),
/// built one weight at a time.
fn two_sided_flip_p(weights: &[u64], observed: u64) -> f64 {
    let top: u64 = weights.iter().sum();
    let mut counts = vec![0u64; top as usize + 1];
    counts[0] = 1;
    let mut reach = 0usize;
    for &w in weights {
        let w = w as usize;
        for s in (0..=reach).rev() {
            counts[s + w] += counts[s];
        }
        reach += w;
    }
    // The observed sum is itself a subset sum, so it lies within 0..=reach.
    let observed = observed as usize;
    let below: u64 = counts[..=observed].iter().sum();
    let above: u64 = counts[observed..].iter().sum();
    let patterns = (1u64 << weights.len()) as f64;
    (2.0 * below.min(above) as f64 / patterns).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// R₊'s null distribution by enumerating every sign pattern.
    fn brute_force_p(d: &[f64]) -> f64 {
        let nonzero: Vec<f64> = d.iter().copied().filter(|&v| v != 0.0).collect();
        let ranks = mid_ranks(&nonzero.iter().map(|v| v.abs()).collect::<Vec<_>>()).unwrap();
        let observed: f64 = nonzero
            .iter()
            .zip(&ranks.ranks)
            .filter(|(v, _)| **v > 0.0)
            .map(|(_, r)| r)
            .sum();
        let (mut below, mut above) = (0u64, 0u64);
        let n = nonzero.len();
        for pattern in 0u64..(1 << n) {
            let sum: f64 = (0..n)
                .filter(|i| pattern >> i & 1 == 1)
                .map(|i| ranks.ranks[i])
                .sum();
            below += u64::from(sum <= observed);
            above += u64::from(sum >= observed);
        }
        (2.0 * below.min(above) as f64 / (1u64 << n) as f64).min(1.0)
    }

    #[test]
    fn exact_and_permutation_p_values_equal_the_enumeration_of_sign_patterns() {
        let cases: [&[f64]; 5] = [
            &[1.0, -2.0, 3.0, 4.0, -5.0, 6.0, 7.0],
            &[2.0, 2.0, -1.0, 3.0, 0.0, 0.0, 5.5, -5.5],
            &[-1.0, -2.0, -3.0],
            &[4.0; 9],
            &[
                0.5, -0.25, 8.0, 8.0, 8.0, -1.0, 2.0, 0.0, 3.0, 3.0, -9.0, 1.5,
            ],
        ];
        for d in cases {
            let auto = signed_rank(d, SignedRankMethod::Auto).unwrap();
            assert_eq!(auto.p_value, brute_force_p(d), "{d:?}");
            let perm = signed_rank(d, SignedRankMethod::Permutation).unwrap();
            assert_eq!(perm.p_value, auto.p_value, "{d:?}");
        }
    }

    #[test]
    fn ten_differences_of_one_sign_give_two_in_two_to_the_ten() {
        // The smallest two-sided p that 10 paired replicates can give.
        let test = signed_rank(&[3.0; 10], SignedRankMethod::Auto).unwrap();
        assert_eq!(test.method_used, SignedRankMethod::Permutation);
        assert_eq!(test.p_value, 2.0 / 1024.0);
        assert_eq!((test.r_plus, test.statistic), (55.0, 0.0));
        let negative = signed_rank(&[-3.0; 10], SignedRankMethod::Auto).unwrap();
        assert!(negative.statistic.is_sign_positive(), "0, not −0");
        let distinct: Vec<f64> = (1..=10).map(|i| -f64::from(i)).collect();
        let test = signed_rank(&distinct, SignedRankMethod::Auto).unwrap();
        assert_eq!(test.method_used, SignedRankMethod::Exact);
        assert_eq!(test.p_value, 2.0 / 1024.0);
    }

    #[test]
    fn the_statistic_is_symmetric_in_the_sign_of_the_differences() {
        let d = [
            1.0, -2.0, 2.0, 0.0, 7.0, -3.5, 4.0, 4.0, 9.0, -1.0, 6.0, 8.0, 11.0, 12.0,
        ];
        let negated: Vec<f64> = d.iter().map(|v| -v).collect();
        for method in [SignedRankMethod::Auto, SignedRankMethod::Asymptotic] {
            let (a, b) = (
                signed_rank(&d, method).unwrap(),
                signed_rank(&negated, method).unwrap(),
            );
            assert_eq!((a.statistic, a.p_value), (b.statistic, b.p_value));
        }
    }

    #[test]
    fn zeros_alone_are_no_evidence_and_bad_input_is_refused() {
        for n in [1, 5, 30, 60] {
            let test = signed_rank(&vec![0.0; n], SignedRankMethod::Auto).unwrap();
            assert_eq!((test.p_value, test.zeros), (1.0, n));
        }
        assert!(matches!(
            signed_rank(&[], SignedRankMethod::Auto),
            Err(StatsError::EmptySample { which: "d" })
        ));
        assert!(matches!(
            signed_rank(&[1.0, f64::NAN], SignedRankMethod::Auto),
            Err(StatsError::NaN {
                which: "d",
                index: 1
            })
        ));
        assert!(matches!(
            signed_rank(&[1.0, 1.0, 2.0], SignedRankMethod::Exact),
            Err(StatsError::SignedRankExactWithTies {
                zeros: 0,
                tie_groups: 1
            })
        ));
        assert!(matches!(
            signed_rank(&[1.0; 21], SignedRankMethod::Permutation),
            Err(StatsError::OutOfRange { which: "n", .. })
        ));
    }
}
