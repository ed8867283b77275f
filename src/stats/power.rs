//! What a two-sample design of the Mann–Whitney U test can detect, as Vargha–Delaney Â12.
//!
//! A design is m values against n, tested two-sided at level α. Two numbers describe it:
//!
//! - [`smallest_significant_a12`]: the smallest *observed* Â12 ≥ ½ that gives p < α. For
//!   untied samples Â12 = U1/(m·n) and the p-value depends on the data only through U1
//!   ([`untied_p_value`]), so scanning U1 upward from ⌈m·n/2⌉ finds it exactly, for the test's
//!   exact or asymptotic p. No pair of samples of these sizes with a smaller Â12 is significant,
//!   whatever the data (ties only lower Â12's resolution).
//! - [`a12_detected_with_power`]: the *true* A12 = P(X > Y) + ½·P(X = Y) at which the test
//!   rejects with probability `power`, by Noether's normal approximation (G. E. Noether,
//!   "Sample size determination for some common nonparametric tests", JASA 82, 1987):
//!
//! ```text
//! N = (z₁₋α/₂ + z_power)² / (12·c·(1 − c)·(A12 − ½)²),   c = m/N,   N = m + n
//! ⇒ A12 = ½ + (z₁₋α/₂ + z_power) / √(12·c·(1 − c)·N)
//! ```
//!
//! with z_q the standard normal q-quantile ([`normal_quantile`], by bisection on
//! [`normal_sf`]). The approximation keeps the variance of U under H₀ where the variance under
//! the alternative is smaller, so for power above ½ it overstates the A12 a design needs, the
//! more so the larger the effect: a yardstick for comparing designs, on the safe side.
//!
//! Holm's adjustment over k tests compares the smallest p-value with α/k: with none of the
//! others significant, a test is significant after Holm only at level α/k (and at most at α,
//! when the k − 1 others are). Pure and deterministic, like the rest of [`crate::stats`].

use super::mann_whitney::{Method, untied_p_value};
use super::normal::normal_sf;
use super::{Result, StatsError};

/// The smallest observed Â12 ≥ ½ at which the two-sided Mann–Whitney test of m untied values
/// against n gives p < `alpha`, with the p-value of `method`; `None` if even complete
/// separation (Â12 = 1) does not. Errors: an empty side, `alpha` outside (0, 1], `Exact`
/// beyond the count limit.
pub fn smallest_significant_a12(
    m: usize,
    n: usize,
    alpha: f64,
    method: Method,
) -> Result<Option<f64>> {
    check_level("alpha", alpha)?;
    let mn = (m * n) as u64;
    for u1 in mn.div_ceil(2)..=mn {
        if untied_p_value(m, n, u1, method)? < alpha {
            return Ok(Some(u1 as f64 / mn as f64));
        }
    }
    Ok(None)
}

/// The true A12 at which the two-sided Mann–Whitney test of m values against n at level
/// `alpha` rejects with probability `power`, by Noether's approximation (module docs); above
/// 1 when no effect is large enough. Errors: an empty side, `alpha` or `power` outside (0, 1).
pub fn a12_detected_with_power(m: usize, n: usize, alpha: f64, power: f64) -> Result<f64> {
    if m == 0 || n == 0 {
        let which = if m == 0 { "x" } else { "y" };
        return Err(StatsError::EmptySample { which });
    }
    check_level("alpha", alpha)?;
    check_level("power", power)?;
    let total = (m + n) as f64;
    let c = m as f64 / total;
    let z = normal_quantile(1.0 - alpha / 2.0)? + normal_quantile(power)?;
    Ok(0.5 + z / (12.0 * c * (1.0 - c) * total).sqrt())
}

/// The standard normal q-quantile, z with P(Z ≤ z) = q, for q in (0, 1): bisection on
/// P(Z > z) = 1 − q over [−40, 40] to the last bit.
pub fn normal_quantile(q: f64) -> Result<f64> {
    if !(q > 0.0 && q < 1.0) {
        return Err(StatsError::OutOfRange {
            which: "q",
            value: q,
            low: 0.0,
            high: 1.0,
        });
    }
    let upper = 1.0 - q;
    let (mut low, mut high) = (-40.0f64, 40.0f64);
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if mid == low || mid == high {
            break;
        }
        // normal_sf falls as z rises: too much tail above mid means z lies above mid.
        if normal_sf(mid) > upper {
            low = mid;
        } else {
            high = mid;
        }
    }
    Ok(0.5 * (low + high))
}

fn check_level(which: &'static str, value: f64) -> Result<()> {
    if value > 0.0 && value <= 1.0 && (which == "alpha" || value < 1.0) {
        Ok(())
    } else {
        Err(StatsError::OutOfRange {
            which,
            value,
            low: 0.0,
            high: 1.0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_of_the_standard_normal() {
        // Published values: z_0.975 = 1.959963984540054, z_0.8 = 0.8416212335729143.
        assert!((normal_quantile(0.975).unwrap() - 1.959_963_984_540_054).abs() < 1e-12);
        assert!((normal_quantile(0.8).unwrap() - 0.841_621_233_572_914_3).abs() < 1e-12);
        assert!((normal_quantile(0.5).unwrap()).abs() < 1e-15);
        assert!(normal_quantile(0.0).is_err() && normal_quantile(1.0).is_err());
    }

    #[test]
    fn ten_against_ten_needs_u_of_77_at_five_percent() {
        // The textbook critical value of the two-sided exact test, m = n = 10, α = 0.05: reject
        // for min(U1, U2) ≤ 23, i.e. Â12 ≥ 77/100.
        let exact = smallest_significant_a12(10, 10, 0.05, Method::Exact).unwrap();
        assert_eq!(exact, Some(0.77));
        let p_76 = untied_p_value(10, 10, 76, Method::Exact).unwrap();
        assert!(p_76 >= 0.05, "{p_76}");
    }

    #[test]
    fn a12_of_one_can_be_too_little() {
        // Two against two: the smallest exact p is 2/6.
        assert_eq!(
            smallest_significant_a12(2, 2, 0.05, Method::Exact).unwrap(),
            None
        );
    }

    /// The share of `reps` seeded normal-shift samples (m = n) with true A12 = `a12` that the
    /// asymptotic test rejects at `alpha`; Box–Muller over the crate's per-counter generator.
    fn simulated_power(n: usize, alpha: f64, a12: f64, reps: u64) -> f64 {
        use crate::kernel::rng::{case_rng, unit_draw};
        // A12 = Φ(δ/√2) for X ~ N(δ, 1), Y ~ N(0, 1).
        let shift = std::f64::consts::SQRT_2 * normal_quantile(a12).unwrap();
        let mut rejected = 0;
        for rep in 0..reps {
            let mut rng = case_rng(39, rep);
            let mut normal = || {
                let (u, v) = (1.0 - unit_draw(&mut rng), unit_draw(&mut rng));
                (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
            };
            let x: Vec<f64> = (0..n).map(|_| normal() + shift).collect();
            let y: Vec<f64> = (0..n).map(|_| normal()).collect();
            let test = super::super::mann_whitney_u(&x, &y, Method::Asymptotic).unwrap();
            rejected += u64::from(test.p_value < alpha);
        }
        rejected as f64 / reps as f64
    }

    #[test]
    fn noether_errs_on_the_safe_side() {
        // At Noether's A12 for 80 % power the simulated power is at least 80 % (more, the
        // larger the effect: the module docs). 2,000 samples: standard error below 0.01.
        for (n, alpha) in [(10, 0.05), (10, 0.05 / 15.0), (50, 0.01)] {
            let a12 = a12_detected_with_power(n, n, alpha, 0.8).unwrap();
            let power = simulated_power(n, alpha, a12.min(0.999), 2000);
            assert!(
                power >= 0.8,
                "n = {n}, α = {alpha}: A12 {a12}, power {power}"
            );
        }
    }

    #[test]
    fn noether_for_equal_sides() {
        // m = n: A12 = ½ + (z₁₋α/₂ + z_power)/√(3N).
        let a = a12_detected_with_power(50, 50, 0.01, 0.8).unwrap();
        let z = normal_quantile(0.995).unwrap() + normal_quantile(0.8).unwrap();
        assert!((a - (0.5 + z / 300f64.sqrt())).abs() < 1e-15);
        // More values per side detect smaller effects.
        assert!(a < a12_detected_with_power(10, 10, 0.01, 0.8).unwrap());
        assert!(a12_detected_with_power(10, 10, 0.0, 0.8).is_err());
    }
}
