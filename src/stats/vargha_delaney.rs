//! The Vargha–Delaney Â12 effect size and its percentile-bootstrap confidence interval.
//!
//! Contract: for samples x (size m) and y (size n), non-empty and NaN-free (±∞ allowed),
//!
//! ```text
//! Â12(x, y) = (#{(i, j): xᵢ > yⱼ} + ½·#{(i, j): xᵢ = yⱼ}) / (m·n)
//! ```
//!
//! the probability that a random x beats a random y, ties counting half (Vargha & Delaney,
//! 2000). **Direction**: Â12 > ½ means x tends to be *larger* than y, Â12 < ½ smaller, ½ no
//! tendency; Â12(x, y) + Â12(y, x) = 1. (For "cost to kill", smaller is better: Â12 < ½ then
//! favours x.) Computed in O((m + n) log(m + n)) from the mid-ranks of the pooled sample, with
//! R1 the rank sum of x:
//!
//! ```text
//! Â12 = (R1/m − (m+1)/2)/n = U1/(m·n),   U1 = R1 − m(m+1)/2  (the Mann–Whitney U of x)
//! ```
//!
//! evaluated as U1/(m·n): U1 is an exact half-integer, so the result is the correctly rounded
//! quotient, bit-identical to the direct O(mn) count.
//!
//! [`a12_bootstrap_ci`] is the **percentile bootstrap** (Efron): B resamples, each drawing m
//! values from x and, independently, n values from y, uniformly with replacement; Â12 of
//! every resample; the interval is the type-7 quantiles (see `summary`) at α/2 and 1 − α/2,
//! α = 1 − confidence, of those B values. No bias correction (not BCa). Resample b draws from
//! its own generator `case_rng(seed, b)` (first the m indices into x, then the n into y, each
//! by `below`), so the interval is a deterministic function of (x, y, B, confidence, seed).
//!
//! [`Resampling::Pairs`] is the same for paired samples (xᵢ and yᵢ from one replicate,
//! m = n): each resample draws n *pairs* (one index i, taking xᵢ and yᵢ together), so a
//! dependence between the two sides within a pair is kept; the estimate is still Â12 of the
//! resampled x against the resampled y. Resample b draws its n indices from `case_rng(seed, b)`
//! by `below`. When one side is constant the two bootstraps have the same distribution (not
//! the same draws).

use super::summary::quantile_unchecked;
use super::{Result, StatsError, check_confidence, check_sample, mid_ranks};
use crate::kernel::rng::{below, case_rng};

/// The smallest number of bootstrap resamples [`a12_bootstrap_ci`] accepts.
pub const MIN_RESAMPLES: usize = 100;

/// A closed interval [low, high].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// Lower end.
    pub low: f64,
    /// Upper end (≥ low).
    pub high: f64,
}

/// Â12(x, y) from ranks (see the module docs). Errors: empty x or y, NaN.
pub fn a12(x: &[f64], y: &[f64]) -> Result<f64> {
    check_sample(x, "x")?;
    check_sample(y, "y")?;
    let (m, n) = (x.len(), y.len());
    let pooled: Vec<f64> = x.iter().chain(y).copied().collect();
    let ranks = mid_ranks(&pooled)?;
    let r1: f64 = ranks.ranks[..m].iter().sum();
    let u1 = r1 - (m * (m + 1)) as f64 / 2.0;
    Ok(u1 / (m * n) as f64)
}

#[cfg(test)]
/// Â12 of two ascending sorted samples by one merge pass: 2·U1 = 2·#{x > y} + #{x = y}
/// counted exactly in integers, then U1/(m·n) — the same bits as [`a12`].
fn a12_sorted(xs: &[f64], ys: &[f64]) -> f64 {
    let (mut below_x, mut not_above_x) = (0usize, 0usize); // #{y < x}, #{y ≤ x}
    let mut twice_u1: u64 = 0;
    for &v in xs {
        while below_x < ys.len() && ys[below_x] < v {
            below_x += 1;
        }
        not_above_x = not_above_x.max(below_x);
        while not_above_x < ys.len() && ys[not_above_x] <= v {
            not_above_x += 1;
        }
        twice_u1 += (below_x + not_above_x) as u64; // 2·#{y < v} + #{y = v}
    }
    (twice_u1 as f64 / 2.0) / (xs.len() * ys.len()) as f64
}

/// How a bootstrap resample draws from x and y.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resampling {
    /// m values from x, then, independently, n from y.
    Independent,
    /// n pairs (xᵢ, yᵢ) of paired samples (m = n), each pair drawn whole.
    Pairs,
}

/// Percentile-bootstrap interval for Â12(x, y) at `confidence` ∈ (0, 1) from `resamples` ≥
/// [`MIN_RESAMPLES`] resamples drawn as `resampling` says, seeded by `seed` (see the module
/// docs; 2000 or more resamples are advisable for a 95% interval). Both ends lie in [0, 1]
/// and low ≤ high. Errors: empty or NaN samples, `resamples` < 100
/// ([`StatsError::TooFewResamples`]), `confidence` ∉ (0, 1) ([`StatsError::OutOfRange`]),
/// pairs of samples of different lengths ([`StatsError::LengthMismatch`]).
pub fn a12_bootstrap_ci(
    x: &[f64],
    y: &[f64],
    resampling: Resampling,
    resamples: usize,
    confidence: f64,
    seed: u64,
) -> Result<Interval> {
    let paired = resampling == Resampling::Pairs;
    if paired && x.len() != y.len() {
        return Err(StatsError::LengthMismatch {
            x: x.len(),
            y: y.len(),
        });
    }
    check_sample(x, "x")?;
    check_sample(y, "y")?;
    if resamples < MIN_RESAMPLES {
        return Err(StatsError::TooFewResamples {
            resamples,
            min: MIN_RESAMPLES,
        });
    }
    check_confidence(confidence)?;
    // A resample is a multiset of indices; its Â12 needs no sorting. With y sorted once,
    // the y draws are counted by sorted position (prefix sums P), and every x draw i adds
    // #{y* < xᵢ} + #{y* ≤ xᵢ} = P[lt(i)] + P[le(i)] to 2·U1, lt(i) and le(i) being the
    // numbers of sorted y below and not above xᵢ. The draws are those of the plain
    // algorithm (x's m indices, then y's n; or the pairs' n), so the estimates are the same
    // bits as resampling, sorting and merging (`a12_sorted`, kept as the tests' reference).
    let (m, n) = (x.len(), y.len());
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_unstable_by(|&a, &b| y[a].total_cmp(&y[b]));
    let mut position = vec![0usize; n];
    for (p, &j) in order.iter().enumerate() {
        position[j] = p;
    }
    let sorted_y: Vec<f64> = order.iter().map(|&j| y[j]).collect();
    let below_x: Vec<usize> = x
        .iter()
        .map(|&v| sorted_y.partition_point(|&w| w < v))
        .collect();
    let not_above_x: Vec<usize> = x
        .iter()
        .map(|&v| sorted_y.partition_point(|&w| w <= v))
        .collect();
    let mut x_draws = vec![0usize; m];
    let mut y_counts = vec![0u64; n + 1];
    let mut estimates = Vec::with_capacity(resamples);
    for b in 0..resamples {
        let mut rng = case_rng(seed, b as u64);
        for draw in x_draws.iter_mut() {
            *draw = below(&mut rng, m as u64) as usize;
        }
        y_counts.iter_mut().for_each(|c| *c = 0);
        if paired {
            for &i in &x_draws {
                y_counts[position[i] + 1] += 1;
            }
        } else {
            for _ in 0..n {
                y_counts[position[below(&mut rng, n as u64) as usize] + 1] += 1;
            }
        }
        for p in 1..=n {
            y_counts[p] += y_counts[p - 1]; // y_counts[p] = #{y* among the p smallest}
        }
        let twice_u1: u64 = x_draws
            .iter()
            .map(|&i| y_counts[below_x[i]] + y_counts[not_above_x[i]])
            .sum();
        estimates.push((twice_u1 as f64 / 2.0) / (m * n) as f64);
    }
    estimates.sort_unstable_by(f64::total_cmp);
    let alpha = 1.0 - confidence;
    Ok(Interval {
        low: quantile_unchecked(&estimates, alpha / 2.0),
        high: quantile_unchecked(&estimates, 1.0 - alpha / 2.0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The plain percentile bootstrap: resample (m values of x, then n of y; or n pairs),
    /// sort, merge — the reference the counting implementation must match bit for bit.
    fn bootstrap_by_sorting(
        x: &[f64],
        y: &[f64],
        resampling: Resampling,
        resamples: usize,
        seed: u64,
    ) -> Vec<f64> {
        let (m, n) = (x.len(), y.len());
        let mut estimates = Vec::new();
        for b in 0..resamples {
            let mut rng = case_rng(seed, b as u64);
            let x_draws: Vec<usize> = (0..m).map(|_| below(&mut rng, m as u64) as usize).collect();
            let y_draws: Vec<usize> = match resampling {
                Resampling::Pairs => x_draws.clone(),
                Resampling::Independent => {
                    (0..n).map(|_| below(&mut rng, n as u64) as usize).collect()
                }
            };
            let mut xs: Vec<f64> = x_draws.iter().map(|&i| x[i]).collect();
            let mut ys: Vec<f64> = y_draws.iter().map(|&j| y[j]).collect();
            xs.sort_unstable_by(f64::total_cmp);
            ys.sort_unstable_by(f64::total_cmp);
            estimates.push(a12_sorted(&xs, &ys));
        }
        estimates.sort_unstable_by(f64::total_cmp);
        estimates
    }

    #[test]
    fn the_paired_bootstrap_keeps_pairs_together() {
        // y tracks x closely: every pair has x just above y, but the pairs spread widely.
        // Resampled by pairs, x beats y in the pair and the ranking of the others comes along;
        // the interval is narrower than the independent one's.
        let x: Vec<f64> = (0..10).map(|i| f64::from(i) * 10.0 + 1.0).collect();
        let y: Vec<f64> = (0..10).map(|i| f64::from(i) * 10.0).collect();
        let paired = a12_bootstrap_ci(&x, &y, Resampling::Pairs, 2000, 0.95, 7).unwrap();
        let independent = a12_bootstrap_ci(&x, &y, Resampling::Independent, 2000, 0.95, 7).unwrap();
        assert!(
            paired.high - paired.low < independent.high - independent.low,
            "{paired:?} {independent:?}"
        );
        assert_eq!(
            a12_bootstrap_ci(&x, &y[1..], Resampling::Pairs, 200, 0.95, 7),
            Err(StatsError::LengthMismatch { x: 10, y: 9 })
        );
    }

    proptest! {
        #[test]
        fn the_counting_paired_bootstrap_is_the_plain_one(
            pairs in proptest::collection::vec((0u8..6, 0u8..6), 1..25),
            seed in any::<u64>(),
        ) {
            let x: Vec<f64> = pairs.iter().map(|p| f64::from(p.0)).collect();
            let y: Vec<f64> = pairs.iter().map(|p| f64::from(p.1)).collect();
            let plain = bootstrap_by_sorting(&x, &y, Resampling::Pairs, 200, seed);
            let interval = a12_bootstrap_ci(&x, &y, Resampling::Pairs, 200, 0.9, seed).unwrap();
            let alpha = 1.0 - 0.9;
            prop_assert_eq!(interval.low, quantile_unchecked(&plain, alpha / 2.0));
            prop_assert_eq!(interval.high, quantile_unchecked(&plain, 1.0 - alpha / 2.0));
        }

        #[test]
        fn the_counting_bootstrap_is_the_plain_one(
            x in proptest::collection::vec(0u8..6, 1..25),
            y in proptest::collection::vec(0u8..6, 1..25),
            seed in any::<u64>(),
        ) {
            let x: Vec<f64> = x.into_iter().map(f64::from).collect();
            let y: Vec<f64> = y.into_iter().map(f64::from).collect();
            let plain = bootstrap_by_sorting(&x, &y, Resampling::Independent, 200, seed);
            let interval = a12_bootstrap_ci(&x, &y, Resampling::Independent, 200, 0.9, seed).unwrap();
            let alpha = 1.0 - 0.9;
            prop_assert_eq!(interval.low, quantile_unchecked(&plain, alpha / 2.0));
            prop_assert_eq!(interval.high, quantile_unchecked(&plain, 1.0 - alpha / 2.0));
        }
    }

    /// The O(mn) definition.
    fn a12_direct(x: &[f64], y: &[f64]) -> f64 {
        let mut twice = 0u64;
        for a in x {
            for b in y {
                twice += if a > b {
                    2
                } else if a == b {
                    1
                } else {
                    0
                };
            }
        }
        (twice as f64 / 2.0) / (x.len() * y.len()) as f64
    }

    #[test]
    fn hand_computed() {
        // x = [1, 2, 3], y = [2, 4]: pairs with x > y: (3,2) → 1; ties: (2,2) → ½.
        // Â12 = 1.5/6 = 0.25. Ranks of [1,2,3,2,4]: 1, 2.5, 4, 2.5, 5 → R1 = 7.5,
        // (7.5/3 − 2)/2 = 0.25 as well. Â21 = 4.5/6 = 0.75.
        assert_eq!(a12(&[1.0, 2.0, 3.0], &[2.0, 4.0]).unwrap(), 0.25);
        assert_eq!(a12(&[2.0, 4.0], &[1.0, 2.0, 3.0]).unwrap(), 0.75);
        // x larger than y everywhere: Â12 = 1 (x tends to be larger).
        assert_eq!(a12(&[10.0, 11.0], &[1.0]).unwrap(), 1.0);
        assert_eq!(a12(&[5.0; 4], &[5.0; 3]).unwrap(), 0.5);
    }

    #[test]
    fn errors() {
        assert_eq!(
            a12(&[], &[1.0]),
            Err(StatsError::EmptySample { which: "x" })
        );
        assert_eq!(
            a12(&[1.0], &[2.0, f64::NAN]),
            Err(StatsError::NaN {
                which: "y",
                index: 1
            })
        );
        assert_eq!(
            a12_bootstrap_ci(&[1.0], &[2.0], Resampling::Independent, 99, 0.95, 1),
            Err(StatsError::TooFewResamples {
                resamples: 99,
                min: 100
            })
        );
        for c in [0.0, 1.0, f64::NAN, 1.5] {
            assert!(matches!(
                a12_bootstrap_ci(&[1.0], &[2.0], Resampling::Independent, 100, c, 1),
                Err(StatsError::OutOfRange {
                    which: "confidence",
                    ..
                })
            ));
        }
    }

    #[test]
    fn bootstrap_is_pinned() {
        // Separated samples: every resample has Â12 = 1.
        let ci = a12_bootstrap_ci(
            &[5.0, 6.0, 7.0],
            &[1.0, 2.0],
            Resampling::Independent,
            200,
            0.95,
            3,
        )
        .unwrap();
        assert_eq!(
            ci,
            Interval {
                low: 1.0,
                high: 1.0
            }
        );
        // Overlapping samples: a plausible interval around Â12 = 0.634, fixed by the seed.
        let x = [3.0, 5.0, 6.0, 7.0, 9.0, 10.0, 12.0, 13.0];
        let y = [1.0, 2.0, 4.0, 5.0, 8.0, 11.0, 14.0];
        let ci = a12_bootstrap_ci(&x, &y, Resampling::Independent, 2000, 0.95, 42).unwrap();
        let again = a12_bootstrap_ci(&x, &y, Resampling::Independent, 2000, 0.95, 42).unwrap();
        assert_eq!(ci, again);
        assert!(ci.low < 0.5 && ci.high > 0.8 && ci.high <= 1.0, "{ci:?}");
        // Pinned: a change here means the resampling stream (or the quantile rule) changed.
        // Values are multiples of 1/56 (m·n = 56): 18/56 and 50/56.
        assert_eq!(
            ci,
            Interval {
                low: 18.0 / 56.0,
                high: 50.0 / 56.0
            }
        );
        assert_ne!(
            ci,
            a12_bootstrap_ci(&x, &y, Resampling::Independent, 2000, 0.95, 43).unwrap()
        );
    }

    proptest! {
        #[test]
        fn rank_formula_equals_direct_and_is_antisymmetric(
            x in prop::collection::vec(-5i32..5, 1..30),
            y in prop::collection::vec(-5i32..5, 1..30),
        ) {
            let xf: Vec<f64> = x.iter().map(|&a| f64::from(a)).collect();
            let yf: Vec<f64> = y.iter().map(|&a| f64::from(a)).collect();
            let a = a12(&xf, &yf).unwrap();
            prop_assert_eq!(a, a12_direct(&xf, &yf));
            let (mut xs, mut ys) = (xf.clone(), yf.clone());
            xs.sort_by(f64::total_cmp);
            ys.sort_by(f64::total_cmp);
            prop_assert_eq!(a, a12_sorted(&xs, &ys));
            let b = a12(&yf, &xf).unwrap();
            prop_assert!((a + b - 1.0).abs() <= 1e-15);
            prop_assert!((0.0..=1.0).contains(&a));
        }

        #[test]
        fn bootstrap_interval_is_ordered_bounded_and_deterministic(
            x in prop::collection::vec(0i32..20, 1..12),
            y in prop::collection::vec(0i32..20, 1..12),
            seed in any::<u64>(),
            confidence in 0.5f64..0.99,
        ) {
            let xf: Vec<f64> = x.iter().map(|&a| f64::from(a)).collect();
            let yf: Vec<f64> = y.iter().map(|&a| f64::from(a)).collect();
            let ci = a12_bootstrap_ci(&xf, &yf, Resampling::Independent, 100, confidence, seed).unwrap();
            prop_assert!(0.0 <= ci.low && ci.low <= ci.high && ci.high <= 1.0);
            prop_assert_eq!(ci, a12_bootstrap_ci(&xf, &yf, Resampling::Independent, 100, confidence, seed).unwrap());
        }
    }
}
