//! Whether two experiments rank the same strategies alike: Kendall's τ_b between their
//! average ranks, with a percentile bootstrap interval over the subjects of both.
//!
//! Contract: `a` and `b` are blocks × treatments matrices (rows: the subjects of each
//! experiment; columns: the same strategies in the same order, e.g. median kills). Each is
//! ranked as the Friedman test ranks it ([`friedman`](super::friedman()) in `order`), and τ_b
//! and its asymptotic p-value ([`kendall_tau_b`]) compare the two vectors of average ranks.
//! The interval resamples the rows of `a` and, independently, the rows of `b` with
//! replacement (`resamples` times; resample r draws from `case_rng(seed, r)`), recomputes
//! both rankings and τ_b, and takes the (1 − confidence)/2 and (1 + confidence)/2
//! quantiles. A resample whose ranking is constant on a side has no τ_b; it is counted in
//! [`RankAgreement::degenerate`] and left out. Pure and seeded: the same input gives the same
//! bits on any platform.

use super::summary::quantile_unchecked;
use super::{Interval, Order, Result, StatsError, check_confidence, friedman, kendall_tau_b};
use crate::kernel::rng::{below, case_rng};

/// The agreement of two rankings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RankAgreement {
    /// τ_b between the two vectors of average ranks.
    pub tau: f64,
    /// Its asymptotic two-sided p-value (strategies as the sample: few, so coarse).
    pub p_value: f64,
    /// The percentile bootstrap interval of τ_b over subjects.
    pub interval: Interval,
    /// Resamples left out because a side's ranking was constant.
    pub degenerate: usize,
}

/// The rows of `matrix` drawn by `rows` (indices).
fn pick(matrix: &[Vec<f64>], rows: &[usize]) -> Vec<Vec<f64>> {
    rows.iter().map(|&i| matrix[i].clone()).collect()
}

/// τ_b of the average ranks of `a` and `b`, or `None` where a ranking is constant.
fn tau_of(a: &[Vec<f64>], b: &[Vec<f64>], order: Order) -> Result<Option<f64>> {
    let (ra, rb) = (friedman(a, order)?, friedman(b, order)?);
    match kendall_tau_b(&ra.average_ranks, &rb.average_ranks) {
        Ok(k) => Ok(Some(k.tau)),
        Err(StatsError::Degenerate { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The agreement of the rankings of `a` and `b` (see the module docs).
pub fn rank_agreement(
    a: &[Vec<f64>],
    b: &[Vec<f64>],
    order: Order,
    resamples: usize,
    confidence: f64,
    seed: u64,
) -> Result<RankAgreement> {
    check_confidence(confidence)?;
    if resamples < 100 {
        return Err(StatsError::TooFewResamples {
            resamples,
            min: 100,
        });
    }
    let (ra, rb) = (friedman(a, order)?, friedman(b, order)?);
    if ra.treatments != rb.treatments {
        return Err(StatsError::LengthMismatch {
            x: ra.treatments,
            y: rb.treatments,
        });
    }
    let point = kendall_tau_b(&ra.average_ranks, &rb.average_ranks)?;
    let (mut estimates, mut degenerate) = (Vec::with_capacity(resamples), 0);
    for r in 0..resamples {
        let mut rng = case_rng(seed, r as u64);
        let mut draw = |n: usize| -> Vec<usize> {
            (0..n).map(|_| below(&mut rng, n as u64) as usize).collect()
        };
        let (rows_a, rows_b) = (draw(a.len()), draw(b.len()));
        match tau_of(&pick(a, &rows_a), &pick(b, &rows_b), order)? {
            Some(tau) => estimates.push(tau),
            None => degenerate += 1,
        }
    }
    if estimates.is_empty() {
        return Err(StatsError::Degenerate {
            what: "every resample ranks the strategies alike on one side",
        });
    }
    estimates.sort_unstable_by(f64::total_cmp);
    let alpha = 1.0 - confidence;
    Ok(RankAgreement {
        tau: point.tau,
        p_value: point.p_value,
        interval: Interval {
            low: quantile_unchecked(&estimates, alpha / 2.0),
            high: quantile_unchecked(&estimates, 1.0 - alpha / 2.0),
        },
        degenerate,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of kills where strategy j kills about `base[j]` on every subject, jittered.
    fn experiment(base: &[f64], subjects: usize, seed: u64) -> Vec<Vec<f64>> {
        (0..subjects)
            .map(|s| {
                let mut rng = case_rng(seed, s as u64);
                base.iter().map(|b| b + below(&mut rng, 3) as f64).collect()
            })
            .collect()
    }

    #[test]
    fn the_same_clear_ranking_agrees_and_a_reversed_one_disagrees() {
        let base = [10.0, 20.0, 30.0, 40.0, 50.0];
        let a = experiment(&base, 12, 1);
        let b = experiment(&base, 15, 2);
        let same = rank_agreement(&a, &b, Order::HigherIsBetter, 500, 0.95, 7).unwrap();
        assert_eq!(same.tau, 1.0);
        assert!(same.interval.low > 0.5, "{same:?}");
        let reversed: Vec<Vec<f64>> = b
            .iter()
            .map(|r| r.iter().rev().copied().collect())
            .collect();
        let opposite = rank_agreement(&a, &reversed, Order::HigherIsBetter, 500, 0.95, 7).unwrap();
        assert_eq!(opposite.tau, -1.0);
        assert!(opposite.interval.high < -0.5, "{opposite:?}");
    }

    #[test]
    fn noise_gives_an_interval_around_zero_and_the_seed_fixes_it() {
        let flat = [10.0; 6];
        let a = experiment(&flat, 8, 3);
        let b = experiment(&flat, 8, 4);
        let one = rank_agreement(&a, &b, Order::HigherIsBetter, 400, 0.95, 11).unwrap();
        assert!(one.interval.low < 0.0 && one.interval.high > 0.0, "{one:?}");
        let again = rank_agreement(&a, &b, Order::HigherIsBetter, 400, 0.95, 11).unwrap();
        assert_eq!(one, again);
    }

    #[test]
    fn the_point_estimate_is_kendall_of_the_friedman_ranks() {
        let a = experiment(&[1.0, 5.0, 3.0, 4.0], 6, 5);
        let b = experiment(&[2.0, 4.0, 6.0, 1.0], 9, 6);
        let got = rank_agreement(&a, &b, Order::HigherIsBetter, 100, 0.9, 1).unwrap();
        let ra = friedman(&a, Order::HigherIsBetter).unwrap().average_ranks;
        let rb = friedman(&b, Order::HigherIsBetter).unwrap().average_ranks;
        let k = kendall_tau_b(&ra, &rb).unwrap();
        assert_eq!((got.tau, got.p_value), (k.tau, k.p_value));
    }

    #[test]
    fn mismatched_strategies_and_bad_parameters_are_refused() {
        let a = experiment(&[1.0, 2.0, 3.0], 4, 1);
        let b = experiment(&[1.0, 2.0], 4, 2);
        assert!(matches!(
            rank_agreement(&a, &b, Order::HigherIsBetter, 100, 0.95, 1),
            Err(StatsError::LengthMismatch { x: 3, y: 2 })
        ));
        assert!(rank_agreement(&a, &a, Order::HigherIsBetter, 10, 0.95, 1).is_err());
        assert!(rank_agreement(&a, &a, Order::HigherIsBetter, 100, 1.5, 1).is_err());
    }
}
