//! Holm–Bonferroni step-down adjustment of p-values for multiple comparisons.
//!
//! Contract: [`holm`]`(p)` returns the adjusted p-values in the input order, equal to
//! statsmodels' `multipletests(p, method="holm")[1]` and R's `p.adjust(p, "holm")`. With the
//! m raw p-values sorted ascending, p₍₁₎ ≤ … ≤ p₍ₘ₎ (1-based),
//!
//! ```text
//! p̃₍ᵢ₎ = min(1, max_{j ≤ i} (m − j + 1)·p₍ⱼ₎)
//! ```
//!
//! so the adjusted values are monotone in the raw ones, p̃ᵢ ≥ pᵢ, and p̃ᵢ ≤ 1. Rejecting
//! every hypothesis with p̃ᵢ ≤ α controls the family-wise error rate at α. Ties among the raw
//! values get equal adjusted values whatever their order. Inputs must lie in [0, 1]: NaN →
//! [`StatsError::NaN`], others outside → [`StatsError::OutOfRange`] (R would skip NaN; we
//! refuse). An empty input gives an empty output. O(m log m).

use super::{Result, StatsError};

/// Holm-adjusted p-values, in the order of `p_values` (see the module docs).
pub fn holm(p_values: &[f64]) -> Result<Vec<f64>> {
    for (index, &p) in p_values.iter().enumerate() {
        if p.is_nan() {
            return Err(StatsError::NaN {
                which: "p_values",
                index,
            });
        }
        if !(0.0..=1.0).contains(&p) {
            return Err(StatsError::OutOfRange {
                which: "p_values",
                value: p,
                low: 0.0,
                high: 1.0,
            });
        }
    }
    let m = p_values.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p_values[a].total_cmp(&p_values[b]));
    let mut adjusted = vec![0.0; m];
    let mut running = 0.0f64;
    for (j, &i) in order.iter().enumerate() {
        // 0-based j: factor m − j = (m − (j+1) + 1).
        running = running.max((m - j) as f64 * p_values[i]);
        adjusted[i] = running.min(1.0);
    }
    Ok(adjusted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn hand_computed() {
        // p = [0.01, 0.04, 0.03, 0.005], m = 4. Sorted: 0.005 (×4 = 0.02), 0.01 (×3 = 0.03),
        // 0.03 (×2 = 0.06), 0.04 (×1 = 0.04 → running max 0.06).
        let a = holm(&[0.01, 0.04, 0.03, 0.005]).unwrap();
        let want = [0.03, 0.06, 0.06, 0.02];
        for (g, w) in a.iter().zip(want) {
            assert!((g - w).abs() < 1e-15, "{a:?}");
        }
        // Capped at 1: [0.5, 0.6] → [min(1, 1.0), max(1.0, 0.6)] = [1, 1].
        assert_eq!(holm(&[0.5, 0.6]).unwrap(), [1.0, 1.0]);
        assert!(holm(&[]).unwrap().is_empty());
    }

    #[test]
    fn invalid_input() {
        assert_eq!(
            holm(&[0.1, f64::NAN]),
            Err(StatsError::NaN {
                which: "p_values",
                index: 1
            })
        );
        assert!(matches!(holm(&[1.5]), Err(StatsError::OutOfRange { value, .. }) if value == 1.5));
        assert!(holm(&[-0.1]).is_err());
    }

    proptest! {
        #[test]
        fn monotone_bounded_and_above_raw(p in prop::collection::vec(0.0f64..=1.0, 0..40)) {
            let a = holm(&p).unwrap();
            prop_assert_eq!(a.len(), p.len());
            for i in 0..p.len() {
                prop_assert!(a[i] >= p[i] && a[i] <= 1.0);
                for j in 0..p.len() {
                    if p[i] <= p[j] {
                        prop_assert!(a[i] <= a[j]);
                    }
                }
            }
        }
    }
}
