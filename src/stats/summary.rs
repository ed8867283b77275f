//! Order statistics: quantiles by linear interpolation, the median, a five-number summary.
//!
//! Contract: inputs must be non-empty and finite (NaN → [`StatsError::NaN`], ±∞ →
//! [`StatsError::NonFinite`]). [`quantile`] takes an already sorted slice and checks it;
//! [`median`] and [`summary`] sort a copy.
//!
//! Quantile definition (Hyndman & Fan 1996, type 7; numpy's default `method="linear"`, R's
//! default `type = 7`): for the sorted sample x₍₀₎ ≤ … ≤ x₍ₙ₋₁₎ (0-based) and q ∈ [0, 1],
//!
//! ```text
//! h = (n − 1)·q,   j = ⌊h⌋,   γ = h − j,
//! Q(q) = x₍ⱼ₎ + γ·(x₍ⱼ₊₁₎ − x₍ⱼ₎)       (x₍ⱼ₊₁₎ := x₍ₙ₋₁₎ when j = n − 1)
//! ```
//!
//! evaluated exactly as numpy's `_lerp` does — `a + (b − a)·γ` when γ < ½ and
//! `b − (b − a)·(1 − γ)` when γ ≥ ½ — so results agree with `numpy.quantile` bit for bit.

use super::{Result, StatsError};

/// Rejects NaN and ±∞ in `values`, naming the input `which`.
pub(crate) fn check_finite(values: &[f64], which: &'static str) -> Result<()> {
    for (index, &v) in values.iter().enumerate() {
        if v.is_nan() {
            return Err(StatsError::NaN { which, index });
        }
        if v.is_infinite() {
            return Err(StatsError::NonFinite { which, value: v });
        }
    }
    Ok(())
}

/// The type-7 quantile Q(q) of an ascending `sorted` sample (see the module docs for the
/// formula). Errors: empty sample, NaN/±∞ element, unsorted input, q ∉ [0, 1].
pub fn quantile(sorted: &[f64], q: f64) -> Result<f64> {
    if sorted.is_empty() {
        return Err(StatsError::EmptySample { which: "sorted" });
    }
    check_finite(sorted, "sorted")?;
    if let Some(index) = (1..sorted.len()).find(|&i| sorted[i] < sorted[i - 1]) {
        return Err(StatsError::NotSorted {
            which: "sorted",
            index,
            value: sorted[index],
        });
    }
    check_q(q, "q")?;
    Ok(quantile_unchecked(sorted, q))
}

/// Rejects q ∉ [0, 1] (and NaN).
pub(crate) fn check_q(q: f64, which: &'static str) -> Result<()> {
    if (0.0..=1.0).contains(&q) {
        Ok(())
    } else {
        Err(StatsError::OutOfRange {
            which,
            value: q,
            low: 0.0,
            high: 1.0,
        })
    }
}

/// [`quantile`] without the checks: `sorted` non-empty, ascending, finite; q ∈ [0, 1].
pub(crate) fn quantile_unchecked(sorted: &[f64], q: f64) -> f64 {
    let n = sorted.len();
    let h = (n - 1) as f64 * q;
    let j = h.floor();
    let gamma = h - j;
    let lo = (j as usize).min(n - 1);
    let hi = (lo + 1).min(n - 1);
    lerp(sorted[lo], sorted[hi], gamma)
}

/// numpy's `_lerp`: a + (b − a)·t, or b − (b − a)·(1 − t) when t ≥ ½ (exact at t = 1).
fn lerp(a: f64, b: f64, t: f64) -> f64 {
    let diff = b - a;
    if t >= 0.5 {
        b - diff * (1.0 - t)
    } else {
        a + diff * t
    }
}

/// A copy of `values`, checked finite and non-empty, sorted ascending.
fn sorted_copy(values: &[f64]) -> Result<Vec<f64>> {
    if values.is_empty() {
        return Err(StatsError::EmptySample { which: "values" });
    }
    check_finite(values, "values")?;
    let mut v = values.to_vec();
    v.sort_unstable_by(f64::total_cmp);
    Ok(v)
}

/// The median, defined as the type-7 quantile Q(½): the middle order statistic for odd n, and
/// for even n the lerp of the two middle ones at γ = ½, i.e. b − (b − a)/2 (equal to
/// `numpy.quantile(x, 0.5)` bit for bit; `numpy.median`'s (a + b)/2 may differ in the last
/// bit). `values` need not be sorted.
pub fn median(values: &[f64]) -> Result<f64> {
    Ok(quantile_unchecked(&sorted_copy(values)?, 0.5))
}

/// Five-number summary of a sample (plus its size). Quartiles are type-7 quantiles.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    /// Sample size n ≥ 1.
    pub n: usize,
    /// Q(½).
    pub median: f64,
    /// First quartile Q(¼).
    pub q1: f64,
    /// Third quartile Q(¾).
    pub q3: f64,
    /// Smallest value x₍₀₎ = Q(0).
    pub min: f64,
    /// Largest value x₍ₙ₋₁₎ = Q(1).
    pub max: f64,
}

/// The [`Summary`] of `values` (any order). Errors: empty, NaN or ±∞.
pub fn summary(values: &[f64]) -> Result<Summary> {
    let v = sorted_copy(values)?;
    Ok(Summary {
        n: v.len(),
        median: quantile_unchecked(&v, 0.5),
        q1: quantile_unchecked(&v, 0.25),
        q3: quantile_unchecked(&v, 0.75),
        min: v[0],
        max: v[v.len() - 1],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn hand_computed_quantiles() {
        // x = [1, 2, 3, 4]: h = 3q. q = ¼ → h = 0.75, j = 0, γ = ¾ ≥ ½ → 2 − 1·¼ = 1.75.
        // q = ½ → h = 1.5 → 3 − 1·½ = 2.5; q = ¾ → h = 2.25 → 3 + 1·¼ = 3.25.
        let x = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(quantile(&x, 0.25).unwrap(), 1.75);
        assert_eq!(quantile(&x, 0.5).unwrap(), 2.5);
        assert_eq!(quantile(&x, 0.75).unwrap(), 3.25);
        assert_eq!(quantile(&x, 0.0).unwrap(), 1.0);
        assert_eq!(quantile(&x, 1.0).unwrap(), 4.0);
        // One element: every quantile is that element.
        assert_eq!(quantile(&[7.0], 0.3).unwrap(), 7.0);
    }

    #[test]
    fn hand_computed_summary() {
        // Sorted: [1, 3, 5, 7, 9], n = 5, h = 4q: Q(¼) = x₍₁₎ = 3, Q(½) = 5, Q(¾) = 7.
        let s = summary(&[9.0, 1.0, 7.0, 3.0, 5.0]).unwrap();
        assert_eq!(
            s,
            Summary {
                n: 5,
                median: 5.0,
                q1: 3.0,
                q3: 7.0,
                min: 1.0,
                max: 9.0
            }
        );
        assert_eq!(median(&[4.0, 1.0]).unwrap(), 2.5);
    }

    #[test]
    fn errors_carry_the_values() {
        assert_eq!(
            summary(&[]),
            Err(StatsError::EmptySample { which: "values" })
        );
        assert_eq!(
            median(&[1.0, f64::NAN]),
            Err(StatsError::NaN {
                which: "values",
                index: 1
            })
        );
        assert!(matches!(
            summary(&[f64::NEG_INFINITY]),
            Err(StatsError::NonFinite { value, .. }) if value == f64::NEG_INFINITY
        ));
        assert_eq!(
            quantile(&[2.0, 1.0], 0.5),
            Err(StatsError::NotSorted {
                which: "sorted",
                index: 1,
                value: 1.0
            })
        );
        assert!(matches!(
            quantile(&[1.0], 1.5),
            Err(StatsError::OutOfRange { value, .. }) if value == 1.5
        ));
        assert!(quantile(&[1.0], f64::NAN).is_err());
    }

    proptest! {
        #[test]
        fn quantiles_are_ordered_and_within_range(
            v in prop::collection::vec(-1e6f64..1e6, 1..50),
            a in 0.0f64..=1.0,
            b in 0.0f64..=1.0,
        ) {
            let mut s = v.clone();
            s.sort_by(f64::total_cmp);
            let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
            let (ql, qh) = (quantile(&s, lo).unwrap(), quantile(&s, hi).unwrap());
            // Monotone up to rounding: the two branches of the lerp meet at γ = ½ within an ulp.
            let le = |a: f64, b: f64| a <= b || a - b <= 1e-12 * a.abs().max(b.abs());
            prop_assert!(le(ql, qh));
            prop_assert!(s[0] <= ql && qh <= s[s.len() - 1]);
            let sum = summary(&v).unwrap();
            prop_assert!(sum.min <= sum.q1 && le(sum.q1, sum.median));
            prop_assert!(le(sum.median, sum.q3) && sum.q3 <= sum.max);
        }
    }
}
