//! The studentized range distribution with infinite degrees of freedom: the range of k
//! independent standard normal variables.
//!
//! Contract: [`studentized_range_sf`]`(q, k) = P(max Zᵢ − min Zᵢ > q)` for k ≥ 2 i.i.d. N(0, 1)
//! variables (scipy's `studentized_range.sf(q, k, np.inf)`), and
//! [`studentized_range_isf`]`(α, k)` the q with sf(q, k) = α (scipy's `ppf(1 − α, k, np.inf)`).
//!
//! Method: conditioning on the smallest variable (Lund & Lund 1983, the df = ∞ case; with
//! m = k − 1, φ and Φ the normal density and distribution),
//!
//! ```text
//! P(range ≤ q) = k ∫ φ(z) [Φ(z) − Φ(z − q)]^m dz,   and since k ∫ φ(z) Φ(z)^m dz = 1,
//! P(range > q) = k ∫ φ(z) [Φ(z)^m − (Φ(z) − Φ(z − q))^m] dz.
//! ```
//!
//! The bracket is evaluated as −Φ(z)^m · expm1(m · ln1p(−Φ(z − q)/Φ(z))), every Φ as an upper
//! tail through [`normal_sf`], so the integrand — and the survival probability — keeps its
//! relative precision far into the upper tail instead of being 1 − cdf (scipy computes 1 − cdf
//! with an absolute tolerance of 1e-11). The integrand is an entire function decaying like a
//! Gaussian, for which the trapezoid rule on the real line converges geometrically in 1/h; it is
//! summed with step h = 1/16 over [−12, q + 12], where it drops below 1e-31 of its peak at both
//! ends. Halving h changes the result by less than 1e-14 relative (a unit test checks this).

use super::{Result, StatsError, check_count, normal_sf};
use std::f64::consts::PI;

/// Trapezoid step of the integral.
const STEP: f64 = 1.0 / 16.0;
/// The integral runs over [−MARGIN, q + MARGIN].
const MARGIN: f64 = 12.0;

fn check_k(k: usize) -> Result<()> {
    check_count(k, 2, "treatments")
}

/// P(range of k standard normals > q) (df = ∞), see the module docs. q ≤ 0 gives 1, q = +∞
/// gives 0. Errors: k < 2 → [`StatsError::TooFew`]; q NaN → [`StatsError::NaN`].
pub fn studentized_range_sf(q: f64, k: usize) -> Result<f64> {
    check_k(k)?;
    if q.is_nan() {
        return Err(StatsError::NaN {
            which: "q",
            index: 0,
        });
    }
    if q <= 0.0 {
        return Ok(1.0);
    }
    if q == f64::INFINITY {
        return Ok(0.0);
    }
    Ok(trapezoid(q, k, STEP).clamp(0.0, 1.0))
}

/// k ∫ φ(z) [Φ(z)^m − (Φ(z) − Φ(z − q))^m] dz by the trapezoid rule with step h.
fn trapezoid(q: f64, k: usize, h: f64) -> f64 {
    let m = (k - 1) as f64;
    let steps = ((q + 2.0 * MARGIN) / h).ceil() as usize;
    let inv_sqrt_2pi = 1.0 / (2.0 * PI).sqrt();
    let mut sum = 0.0;
    for i in 0..=steps {
        let z = -MARGIN + i as f64 * h;
        let upper = normal_sf(-z); // Φ(z)
        let lower = normal_sf(q - z); // Φ(z − q)
        if upper == 0.0 {
            continue;
        }
        let bracket = -upper.powf(m) * (m * (-lower / upper).ln_1p()).exp_m1();
        let weight = if i == 0 || i == steps { 0.5 } else { 1.0 };
        sum += weight * (-0.5 * z * z).exp() * bracket;
    }
    k as f64 * inv_sqrt_2pi * sum * h
}

/// The q with [`studentized_range_sf`]`(q, k) = alpha` (the upper-α quantile), by bisection to
/// a relative width of 4ε. Errors: k < 2 → [`StatsError::TooFew`]; α outside the open
/// interval (0, 1) → [`StatsError::OutOfRange`] (bounds stated as [MIN_POSITIVE, 1 − ε/2]).
pub fn studentized_range_isf(alpha: f64, k: usize) -> Result<f64> {
    check_k(k)?;
    if !(alpha > 0.0 && alpha < 1.0) {
        return Err(StatsError::OutOfRange {
            which: "alpha",
            value: alpha,
            low: f64::MIN_POSITIVE,
            high: 1.0 - f64::EPSILON / 2.0,
        });
    }
    // sf decreases from 1 at q = 0; bracket the root, then bisect.
    let (mut lo, mut hi) = (0.0, 1.0);
    while studentized_range_sf(hi, k)? > alpha {
        lo = hi;
        hi *= 2.0;
    }
    while hi - lo > 4.0 * f64::EPSILON * hi {
        let mid = 0.5 * (lo + hi);
        if studentized_range_sf(mid, k)? > alpha {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok(0.5 * (lo + hi))
}

#[cfg(test)]
mod tests {
    use super::super::rel;
    use super::*;

    #[test]
    fn two_normals_have_a_closed_form() {
        // k = 2: Z₁ − Z₂ ~ N(0, 2), so P(|Z₁ − Z₂| > q) = 2·P(Z > q/√2) = erfc(q/2).
        for q in [0.1, 0.5, 1.0, 2.77, 5.0, 10.0, 20.0, 40.0] {
            let got = studentized_range_sf(q, 2).unwrap();
            let want = super::super::erfc(q / 2.0);
            assert!(rel(got, want) < 1e-13, "q = {q}: {got:e} vs {want:e}");
        }
    }

    #[test]
    fn step_is_converged() {
        for k in [2, 3, 5, 10, 20] {
            for q in [0.3, 1.5, 3.0, 5.0, 8.0, 15.0] {
                let (a, b) = (trapezoid(q, k, STEP), trapezoid(q, k, STEP / 2.0));
                assert!(rel(a, b) < 1e-14, "k = {k}, q = {q}: {a:e} vs {b:e}");
            }
        }
    }

    #[test]
    fn sf_is_a_decreasing_probability_and_grows_with_k() {
        for k in [2, 4, 9, 20] {
            let mut prev = 1.0;
            for i in 0..200 {
                let p = studentized_range_sf(i as f64 / 16.0, k).unwrap();
                assert!((0.0..=prev).contains(&p), "k = {k}, step {i}");
                prev = p;
            }
        }
        // More variables, wider range.
        assert!(studentized_range_sf(3.0, 5).unwrap() > studentized_range_sf(3.0, 4).unwrap());
        assert_eq!(studentized_range_sf(-1.0, 3), Ok(1.0));
        assert_eq!(studentized_range_sf(f64::INFINITY, 3), Ok(0.0));
    }

    #[test]
    fn isf_inverts_sf_and_rejects_bad_input() {
        for (alpha, k) in [(0.05, 2), (0.1, 7), (0.01, 20), (1e-12, 4)] {
            let q = studentized_range_isf(alpha, k).unwrap();
            assert!(rel(studentized_range_sf(q, k).unwrap(), alpha) < 1e-12);
        }
        assert!(matches!(
            studentized_range_sf(1.0, 1),
            Err(StatsError::TooFew { .. })
        ));
        assert!(matches!(
            studentized_range_sf(f64::NAN, 3),
            Err(StatsError::NaN { .. })
        ));
        for alpha in [0.0, 1.0, -0.5, f64::NAN] {
            assert!(matches!(
                studentized_range_isf(alpha, 3),
                Err(StatsError::OutOfRange { .. })
            ));
        }
    }
}
