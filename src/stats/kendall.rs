//! Kendall's rank correlation τ_b of paired values, with its two-sided p-value, for the
//! question whether two rankings of the same strategies agree (on mutants and on real faults).
//!
//! Contract: [`kendall_tau_b`]`(x, y)` equals `scipy.stats.kendalltau(x, y,
//! method="asymptotic")` (variant "b"). Over the n(n − 1)/2 pairs i < j, with P concordant and
//! Q discordant pairs, n₁ = Σ t(t − 1)/2 over tie groups t of x and n₂ likewise of y,
//!
//! ```text
//! τ_b = (P − Q) / √((n₀ − n₁)(n₀ − n₂)),   n₀ = n(n − 1)/2
//! ```
//!
//! The p-value is the normal approximation of S = P − Q with the tie-corrected variance
//!
//! ```text
//! Var S = (v₀ − vₜ − vᵤ)/18 + v₁/(2n(n − 1)) + v₂/(9n(n − 1)(n − 2))
//! v₀ = n(n − 1)(2n + 5),  vₜ = Σ t(t − 1)(2t + 5),  v₁ = Σ t(t − 1) · Σ u(u − 1),
//! v₂ = Σ t(t − 1)(t − 2) · Σ u(u − 1)(u − 2)
//! ```
//!
//! (t over x's tie groups, u over y's), p = 2·P(Z ≥ |S|/√Var S), capped at 1. At least two
//! pairs are needed; a sample that is constant gives no τ_b ([`StatsError::Degenerate`]).
//! O(n²), meant for the tens of strategies of a ranking.

use super::{Result, StatsError, check_count, check_sample, normal_sf};

/// Kendall's τ_b and its asymptotic two-sided p-value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KendallTau {
    /// τ_b in [−1, 1].
    pub tau: f64,
    /// The two-sided p-value of τ_b = 0 (normal approximation with ties).
    pub p_value: f64,
}

/// The sizes of the tie groups of `v` (groups of one left out).
fn tie_groups(v: &[f64]) -> Vec<f64> {
    let mut sorted = v.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mut groups = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let t = sorted[i..].iter().take_while(|&&a| a == sorted[i]).count();
        if t > 1 {
            groups.push(t as f64);
        }
        i += t;
    }
    groups
}

/// Kendall's τ_b of the paired values `x` and `y` (see the module docs).
pub fn kendall_tau_b(x: &[f64], y: &[f64]) -> Result<KendallTau> {
    check_sample(x, "x")?;
    check_sample(y, "y")?;
    if x.len() != y.len() {
        return Err(StatsError::LengthMismatch {
            x: x.len(),
            y: y.len(),
        });
    }
    let n = x.len();
    check_count(n, 2, "pairs")?;
    let mut s = 0.0;
    for i in 0..n {
        for j in i + 1..n {
            let (dx, dy) = (x[i] - x[j], y[i] - y[j]);
            if dx != 0.0 && dy != 0.0 {
                s += (dx * dy).signum();
            }
        }
    }
    let (tx, ty) = (tie_groups(x), tie_groups(y));
    let pairs = |g: &[f64]| g.iter().map(|t| t * (t - 1.0) / 2.0).sum::<f64>();
    let nf = n as f64;
    let n0 = nf * (nf - 1.0) / 2.0;
    let (n1, n2) = (pairs(&tx), pairs(&ty));
    if n1 == n0 || n2 == n0 {
        return Err(StatsError::Degenerate {
            what: "a constant sample has no rank correlation",
        });
    }
    let tau = s / ((n0 - n1) * (n0 - n2)).sqrt();
    let sum = |g: &[f64], f: fn(f64) -> f64| g.iter().map(|&t| f(t)).sum::<f64>();
    let v0 = nf * (nf - 1.0) * (2.0 * nf + 5.0);
    let vt = sum(&tx, |t| t * (t - 1.0) * (2.0 * t + 5.0));
    let vu = sum(&ty, |u| u * (u - 1.0) * (2.0 * u + 5.0));
    let v1 = sum(&tx, |t| t * (t - 1.0)) * sum(&ty, |u| u * (u - 1.0));
    let v2 = sum(&tx, |t| t * (t - 1.0) * (t - 2.0)) * sum(&ty, |u| u * (u - 1.0) * (u - 2.0));
    let mut variance = (v0 - vt - vu) / 18.0 + v1 / (2.0 * nf * (nf - 1.0));
    if n > 2 {
        variance += v2 / (9.0 * nf * (nf - 1.0) * (nf - 2.0));
    }
    let z = s.abs() / variance.sqrt();
    let p_value = (2.0 * normal_sf(z)).min(1.0);
    Ok(KendallTau {
        tau: tau.clamp(-1.0, 1.0),
        p_value,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_orders_give_one_and_reversed_orders_minus_one() {
        let x = [1.0, 2.0, 3.0, 4.0, 5.0];
        let up = kendall_tau_b(&x, &[10.0, 20.0, 30.0, 40.0, 50.0]).unwrap();
        let down = kendall_tau_b(&x, &[5.0, 4.0, 3.0, 2.0, 1.0]).unwrap();
        assert_eq!((up.tau, down.tau), (1.0, -1.0));
        assert_eq!(up.p_value, down.p_value);
        assert!(up.p_value < 0.05);
    }

    #[test]
    fn tau_b_counts_pairs_by_brute_force_with_ties() {
        let x = [1.0, 2.0, 2.0, 3.0, 4.0, 4.0, 5.0];
        let y = [2.0, 1.0, 3.0, 3.0, 5.0, 4.0, 4.0];
        let (mut concordant, mut discordant, mut tied_x, mut tied_y) = (0.0, 0.0, 0.0, 0.0);
        for i in 0..x.len() {
            for j in i + 1..x.len() {
                let (dx, dy) = (x[i] - x[j], y[i] - y[j]);
                match (dx == 0.0, dy == 0.0) {
                    (true, true) => {
                        tied_x += 1.0;
                        tied_y += 1.0;
                    }
                    (true, false) => tied_x += 1.0,
                    (false, true) => tied_y += 1.0,
                    _ if dx * dy > 0.0 => concordant += 1.0,
                    _ => discordant += 1.0,
                }
            }
        }
        let n0: f64 = 21.0;
        let expected = (concordant - discordant) / ((n0 - tied_x) * (n0 - tied_y)).sqrt();
        let got = kendall_tau_b(&x, &y).unwrap();
        assert!((got.tau - expected).abs() < 1e-15, "{got:?} {expected}");
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(matches!(
            kendall_tau_b(&[1.0, 2.0], &[1.0]),
            Err(StatsError::LengthMismatch { x: 2, y: 1 })
        ));
        assert!(matches!(
            kendall_tau_b(&[1.0], &[1.0]),
            Err(StatsError::TooFew { .. })
        ));
        assert!(matches!(
            kendall_tau_b(&[1.0, 1.0, 1.0], &[1.0, 2.0, 3.0]),
            Err(StatsError::Degenerate { .. })
        ));
        assert!(matches!(
            kendall_tau_b(&[1.0, f64::NAN], &[1.0, 2.0]),
            Err(StatsError::NaN { .. })
        ));
    }
}
