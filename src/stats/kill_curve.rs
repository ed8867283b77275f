//! Kill curves: how many mutants a strategy has killed after spending a given cost, and the
//! normalised area under that curve.
//!
//! Contract: the input is one entry per mutant, `Some(c)` with c the cost (e.g. test cases
//! run) until its first failure, or `None` if it was never killed. Costs must be finite and
//! ≥ 0 ([`StatsError::NonFinite`], [`StatsError::OutOfRange`]); there must be at least one
//! mutant ([`StatsError::EmptySample`]). With M mutants,
//!
//! ```text
//! kills(t) = #{i : cᵢ ≤ t}                    (a right-continuous step function of t)
//! ```
//!
//! and for a budget B ≥ 1 the area is the mean of kills(t)/M over t ∈ [1, B], uniformly in t
//! (linear) or in ln t (log scale), computed in closed form over the steps (no sampling). A
//! mutant with cost cᵢ contributes the part of [1, B] from max(cᵢ, 1) on; one with cᵢ > B (or
//! `None`) contributes nothing — it is not killed within the budget. Costs below 1 count as
//! killed from t = 1 on. For B > 1:
//!
//! ```text
//! linear:  A = Σ_{cᵢ ≤ B} (B − max(cᵢ, 1))        / ((B − 1)·M)
//! log:     A = Σ_{cᵢ ≤ B} (ln B − ln max(cᵢ, 1))  / (ln B · M)
//! ```
//!
//! A ∈ [0, 1] (clamped against rounding): 1 means every mutant killed at cost ≤ 1, 0 none
//! killed before B. For B = 1 the range is a single point and A is defined as its limit for
//! B → 1⁺ in both scales, A = kills(1)/M. B < 1 or non-finite B → [`StatsError::OutOfRange`] /
//! [`StatsError::NonFinite`].

use super::{Result, StatsError};

/// The kill step function of a set of mutants (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct KillCurve {
    /// Costs of the killed mutants, ascending.
    costs: Vec<f64>,
    /// M, the number of mutants (killed or not).
    mutants: usize,
}

/// `value` if it is finite and at least `low`; else the error naming `which`.
fn finite_at_least(value: f64, low: f64, which: &'static str) -> Result<f64> {
    if !value.is_finite() {
        return Err(StatsError::NonFinite { which, value });
    }
    if value < low {
        return Err(StatsError::OutOfRange {
            which,
            value,
            low,
            high: f64::INFINITY,
        });
    }
    Ok(value)
}

impl KillCurve {
    /// Builds the curve from one entry per mutant (`None` = never killed). Errors: no mutants,
    /// a non-finite or negative cost.
    pub fn new(costs: &[Option<f64>]) -> Result<Self> {
        if costs.is_empty() {
            return Err(StatsError::EmptySample { which: "costs" });
        }
        let mut killed = Vec::with_capacity(costs.len());
        for &c in costs.iter().flatten() {
            killed.push(finite_at_least(c, 0.0, "costs")?);
        }
        killed.sort_unstable_by(f64::total_cmp);
        Ok(Self {
            costs: killed,
            mutants: costs.len(),
        })
    }

    /// M, the number of mutants.
    pub fn mutants(&self) -> usize {
        self.mutants
    }

    /// The number of mutants killed at any cost (kills(∞)).
    pub fn killed(&self) -> usize {
        self.costs.len()
    }

    /// kills(t) = #{i : cᵢ ≤ t} (0 for t = NaN). O(log M).
    pub fn kills_at(&self, t: f64) -> usize {
        self.costs.partition_point(|&c| c <= t)
    }

    /// The normalised area A ∈ [0, 1] under kills(t)/M over [1, `budget`], linear or log
    /// scale (formulas in the module docs). Errors: `budget` non-finite or < 1.
    pub fn area(&self, budget: f64, log_scale: bool) -> Result<f64> {
        let budget = finite_at_least(budget, 1.0, "budget")?;
        let m = self.mutants as f64;
        if budget == 1.0 {
            return Ok(self.kills_at(1.0) as f64 / m);
        }
        let within = &self.costs[..self.kills_at(budget)];
        let area = if log_scale {
            let ln_b = budget.ln();
            within.iter().map(|&c| ln_b - c.max(1.0).ln()).sum::<f64>() / (ln_b * m)
        } else {
            within.iter().map(|&c| budget - c.max(1.0)).sum::<f64>() / ((budget - 1.0) * m)
        };
        Ok(area.clamp(0.0, 1.0))
    }
}

/// The normalised area under the kill curve of `costs` over [1, `budget`] (see the module
/// docs): `KillCurve::new(costs)?.area(budget, log_scale)`.
pub fn kill_curve_area(costs: &[Option<f64>], budget: f64, log_scale: bool) -> Result<f64> {
    KillCurve::new(costs)?.area(budget, log_scale)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-14
    }

    #[test]
    fn hand_computed_linear() {
        // M = 4, B = 11: costs 1 → 10, 6 → 5, never → 0, 20 (> B) → 0.
        // A = (10 + 5)/(10·4) = 0.375. kills(5) = 1, kills(6) = 2, kills(100) = 3.
        let costs = [Some(1.0), Some(6.0), None, Some(20.0)];
        let k = KillCurve::new(&costs).unwrap();
        assert_eq!(
            (k.kills_at(5.0), k.kills_at(6.0), k.kills_at(100.0)),
            (1, 2, 3)
        );
        assert_eq!((k.mutants(), k.killed()), (4, 3));
        assert!(close(k.area(11.0, false).unwrap(), 0.375));
        // Cost below 1 counts from t = 1: [0.2] over [1, 3] → (3 − 1)/(2·1) = 1.
        assert!(close(
            kill_curve_area(&[Some(0.2)], 3.0, false).unwrap(),
            1.0
        ));
        // Cost exactly B: killed at the last point only, area 0.
        assert_eq!(kill_curve_area(&[Some(3.0)], 3.0, false).unwrap(), 0.0);
    }

    #[test]
    fn hand_computed_log() {
        // M = 2, B = 100: costs 10 → ln 100 − ln 10 = ln 10, None → 0.
        // A = ln 10 /(ln 100 · 2) = ¼.
        assert!(close(
            kill_curve_area(&[Some(10.0), None], 100.0, true).unwrap(),
            0.25
        ));
        // Log vs linear differ: cost 10 of B = 100 alone: linear (90/99), log ½.
        assert!(close(
            kill_curve_area(&[Some(10.0)], 100.0, false).unwrap(),
            90.0 / 99.0
        ));
        assert!(close(
            kill_curve_area(&[Some(10.0)], 100.0, true).unwrap(),
            0.5
        ));
    }

    #[test]
    fn budget_one_and_errors() {
        // B = 1: A = kills(1)/M = 1/3 in both scales.
        let costs = [Some(1.0), Some(1.5), None];
        assert!(close(
            kill_curve_area(&costs, 1.0, false).unwrap(),
            1.0 / 3.0
        ));
        assert!(close(
            kill_curve_area(&costs, 1.0, true).unwrap(),
            1.0 / 3.0
        ));
        assert_eq!(
            kill_curve_area(&[], 10.0, false),
            Err(StatsError::EmptySample { which: "costs" })
        );
        assert!(matches!(
            kill_curve_area(&[Some(1.0)], 0.5, false),
            Err(StatsError::OutOfRange {
                which: "budget",
                ..
            })
        ));
        assert!(matches!(
            kill_curve_area(&[Some(1.0)], f64::INFINITY, false),
            Err(StatsError::NonFinite {
                which: "budget",
                ..
            })
        ));
        assert!(matches!(
            kill_curve_area(&[Some(f64::NAN)], 10.0, false),
            Err(StatsError::NonFinite { which: "costs", .. })
        ));
        assert!(matches!(
            kill_curve_area(&[Some(-1.0)], 10.0, false),
            Err(StatsError::OutOfRange { which: "costs", .. })
        ));
        assert_eq!(kill_curve_area(&[None, None], 10.0, true).unwrap(), 0.0);
    }

    /// Midpoint-rule integral of kills(t)/M over [1, B] (in t or ln t), for cross-checking.
    fn numeric_area(k: &KillCurve, budget: f64, log_scale: bool, steps: usize) -> f64 {
        let (a, b) = if log_scale {
            (0.0, budget.ln())
        } else {
            (1.0, budget)
        };
        let h = (b - a) / steps as f64;
        let sum: f64 = (0..steps)
            .map(|i| {
                let s = a + (i as f64 + 0.5) * h;
                let t = if log_scale { s.exp() } else { s };
                k.kills_at(t) as f64
            })
            .sum();
        sum * h / ((b - a) * k.mutants() as f64)
    }

    proptest! {
        #[test]
        fn closed_form_matches_numeric_integration_and_is_bounded(
            costs in prop::collection::vec(prop::option::of(0.0f64..200.0), 1..20),
            budget in 1.5f64..150.0,
            log_scale in any::<bool>(),
        ) {
            let k = KillCurve::new(&costs).unwrap();
            let exact = k.area(budget, log_scale).unwrap();
            prop_assert!((0.0..=1.0).contains(&exact));
            // Each step boundary costs the midpoint rule at most h per mutant: error ≤ 1/steps.
            let approx = numeric_area(&k, budget, log_scale, 20_000);
            prop_assert!((exact - approx).abs() <= 1.0 / 20_000.0 + 1e-12, "{exact} vs {approx}");
            // More budget never lowers kills, and kills(t) is monotone.
            prop_assert!(k.kills_at(budget) <= k.kills_at(budget + 1.0));
        }
    }
}
