//! The Nemenyi post-hoc test after a Friedman test: pairwise p-values, the critical difference
//! of average ranks and the groups of treatments it does not separate.
//!
//! Contract (Demšar 2006, §3.2.2, notation as there): k treatments ranked over N blocks, R_j
//! their average ranks (any direction; only differences matter). Two treatments differ
//! significantly at level α when |R_i − R_j| ≥ CD, the critical difference
//!
//! ```text
//! CD = q_α · √(k(k+1) / (6N)),   q_α = q_{α; k, ∞} / √2,
//! ```
//!
//! q_{α; k, ∞} the upper-α quantile of the studentized range of k normals
//! ([`studentized_range_isf`]; Demšar's Table 5 lists q_α rounded to three decimals, e.g. 2.569
//! for k = 4, α = 0.05). The pairwise p-value is that of scikit-posthocs'
//! `posthoc_nemenyi_friedman`,
//!
//! ```text
//! p_ij = P(range of k normals > √2 · |R_i − R_j| / √(k(k+1)/(6N)))   ([`studentized_range_sf`]),
//! ```
//!
//! so p_ij < α exactly when |R_i − R_j| > CD (up to rounding). The cliques a critical-difference
//! diagram draws as bars are [`indistinct_groups`]: the maximal runs, in order of average rank,
//! whose largest and smallest R differ by less than CD.

use super::studentized_range::{studentized_range_isf, studentized_range_sf};
use super::{Result, StatsError, check_count};

/// Pairwise Nemenyi p-values of k treatments.
#[derive(Debug, Clone, PartialEq)]
pub struct Nemenyi {
    /// The average ranks R_j tested, in the caller's order.
    pub average_ranks: Vec<f64>,
    /// N, the number of blocks the ranks average over.
    pub blocks: usize,
    /// √(k(k+1)/(6N)), the standard error of a difference of average ranks.
    pub standard_error: f64,
    /// k × k symmetric matrix of p_ij, with p_jj = 1.
    pub p_values: Vec<Vec<f64>>,
}

/// Checks k ≥ 2 finite average ranks, each in [1, k], and N ≥ 2 blocks.
fn check_ranks(average_ranks: &[f64], blocks: usize) -> Result<()> {
    let k = average_ranks.len();
    check_count(k, 2, "treatments")?;
    check_count(blocks, 2, "blocks")?;
    for &r in average_ranks {
        if !(1.0..=k as f64).contains(&r) {
            return Err(StatsError::OutOfRange {
                which: "average_ranks",
                value: r,
                low: 1.0,
                high: k as f64,
            });
        }
    }
    Ok(())
}

/// √(k(k+1)/(6N)).
fn standard_error(k: usize, blocks: usize) -> f64 {
    let k = k as f64;
    (k * (k + 1.0) / (6.0 * blocks as f64)).sqrt()
}

/// The Nemenyi p-values of `average_ranks` (e.g. [`Friedman::average_ranks`](super::Friedman))
/// over `blocks` blocks. Errors: fewer than 2 ranks or blocks → [`StatsError::TooFew`]; a rank
/// outside [1, k] or NaN → [`StatsError::OutOfRange`].
pub fn nemenyi(average_ranks: &[f64], blocks: usize) -> Result<Nemenyi> {
    check_ranks(average_ranks, blocks)?;
    let k = average_ranks.len();
    let se = standard_error(k, blocks);
    let mut p_values = vec![vec![1.0; k]; k];
    for i in 0..k {
        for j in i + 1..k {
            let q = (average_ranks[i] - average_ranks[j]).abs() / se;
            let p = studentized_range_sf(q * std::f64::consts::SQRT_2, k)?;
            p_values[i][j] = p;
            p_values[j][i] = p;
        }
    }
    Ok(Nemenyi {
        average_ranks: average_ranks.to_vec(),
        blocks,
        standard_error: se,
        p_values,
    })
}

/// q_α = q_{α; k, ∞}/√2, Demšar's Table 5 entry for k treatments at level α. Errors: k < 2 →
/// [`StatsError::TooFew`]; α outside (0, 1) → [`StatsError::OutOfRange`].
pub fn nemenyi_q_alpha(treatments: usize, alpha: f64) -> Result<f64> {
    Ok(studentized_range_isf(alpha, treatments)? / std::f64::consts::SQRT_2)
}

/// CD = q_α · √(k(k+1)/(6N)) for k `treatments`, N `blocks`, level `alpha`. Errors: k or N
/// below 2 → [`StatsError::TooFew`]; α outside (0, 1) → [`StatsError::OutOfRange`].
pub fn critical_difference(treatments: usize, blocks: usize, alpha: f64) -> Result<f64> {
    check_count(blocks, 2, "blocks")?;
    Ok(nemenyi_q_alpha(treatments, alpha)? * standard_error(treatments, blocks))
}

/// The maximal groups of treatments (indices into `average_ranks`, in ascending order of rank,
/// ties by index) whose average ranks span less than `cd`; only groups of two or more are
/// returned, ordered by their first member's rank. Errors: a NaN rank → [`StatsError::NaN`];
/// `cd` NaN or negative → [`StatsError::OutOfRange`].
pub fn indistinct_groups(average_ranks: &[f64], cd: f64) -> Result<Vec<Vec<usize>>> {
    if let Some(index) = average_ranks.iter().position(|r| r.is_nan()) {
        return Err(StatsError::NaN {
            which: "average_ranks",
            index,
        });
    }
    if cd.is_nan() || cd < 0.0 {
        return Err(StatsError::OutOfRange {
            which: "cd",
            value: cd,
            low: 0.0,
            high: f64::INFINITY,
        });
    }
    let mut order: Vec<usize> = (0..average_ranks.len()).collect();
    order.sort_by(|&a, &b| average_ranks[a].total_cmp(&average_ranks[b]));
    let mut groups = Vec::new();
    let mut last_end = 0;
    for start in 0..order.len() {
        let low = average_ranks[order[start]];
        let end = start
            + order[start..]
                .iter()
                .take_while(|&&j| average_ranks[j] - low < cd)
                .count();
        // A run ending where the previous one ended is contained in it.
        if end - start >= 2 && end > last_end {
            groups.push(order[start..end].to_vec());
        }
        last_end = last_end.max(end);
    }
    Ok(groups)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Demšar 2006, Table 5 (q_α for k = 2..10), three decimals. The printed entries are off by
    /// up to 7e-4 (2.343 for k = 3, α = 0.05, where q_{0.05; 3, ∞}/√2 = 2.34370; 2.949 for
    /// 2.94832), hence the tolerance 1e-3; the exact values are checked against scipy in
    /// `scipy_check.rs`.
    const TABLE5_05: [f64; 9] = [
        1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164,
    ];
    const TABLE5_10: [f64; 9] = [
        1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920,
    ];

    #[test]
    fn q_alpha_matches_demsar_table_5() {
        for (i, (&q05, &q10)) in TABLE5_05.iter().zip(&TABLE5_10).enumerate() {
            let k = i + 2;
            assert!(
                (nemenyi_q_alpha(k, 0.05).unwrap() - q05).abs() < 1e-3,
                "k = {k}"
            );
            assert!(
                (nemenyi_q_alpha(k, 0.10).unwrap() - q10).abs() < 1e-3,
                "k = {k}"
            );
        }
    }

    #[test]
    fn demsar_worked_example() {
        // Demšar 2006, §4: four classifiers on 14 data sets, CD = 1.25 at α = 0.05 and 1.12
        // at α = 0.10; average ranks 3.143, 2.000, 2.893, 1.964.
        assert!((critical_difference(4, 14, 0.05).unwrap() - 1.25).abs() < 5e-3);
        assert!((critical_difference(4, 14, 0.10).unwrap() - 1.12).abs() < 5e-3);
        let ranks = [3.143, 2.000, 2.893, 1.964];
        let cd = critical_difference(4, 14, 0.05).unwrap();
        // The largest difference, 3.143 − 1.964 = 1.179, is below CD: no pair differs at 0.05.
        assert_eq!(indistinct_groups(&ranks, cd).unwrap(), [vec![3, 1, 2, 0]]);
        let n = nemenyi(&ranks, 14).unwrap();
        assert!(n.p_values.iter().flatten().all(|&p| p > 0.05));
        // At 0.10, C4.5 (index 0) is worse than C4.5+m (1) and C4.5+m+cf (3).
        let cd10 = critical_difference(4, 14, 0.10).unwrap();
        assert_eq!(
            indistinct_groups(&ranks, cd10).unwrap(),
            [vec![3, 1, 2], vec![2, 0]]
        );
    }

    #[test]
    fn cd_is_monotone_in_n_k_and_alpha() {
        for k in 2..=12 {
            let mut prev = f64::INFINITY;
            for n in 2..40 {
                let cd = critical_difference(k, n, 0.05).unwrap();
                assert!(cd < prev, "k = {k}, N = {n}");
                assert!(critical_difference(k, n, 0.10).unwrap() < cd);
                assert!(critical_difference(k + 1, n, 0.05).unwrap() > cd);
                prev = cd;
            }
        }
    }

    #[test]
    fn p_values_agree_with_cd() {
        let ranks = [1.2, 2.0, 3.1, 3.9, 4.8];
        let n = nemenyi(&ranks, 10).unwrap();
        let cd = critical_difference(5, 10, 0.05).unwrap();
        for i in 0..5 {
            assert_eq!(n.p_values[i][i], 1.0);
            for j in 0..5 {
                let p = n.p_values[i][j];
                assert!((0.0..=1.0).contains(&p));
                assert_eq!(p, n.p_values[j][i]);
                assert_eq!(p < 0.05, (ranks[i] - ranks[j]).abs() > cd, "{i} vs {j}");
            }
        }
    }

    #[test]
    fn groups_are_maximal_runs() {
        // Sorted: 0 (1.0), 2 (1.5), 1 (2.2), 3 (3.0), 4 (4.5).
        let ranks = [1.0, 2.2, 1.5, 3.0, 4.5];
        assert_eq!(
            indistinct_groups(&ranks, 1.3).unwrap(),
            [vec![0, 2, 1], vec![1, 3]]
        );
        assert!(indistinct_groups(&ranks, 0.4).unwrap().is_empty());
        assert_eq!(
            indistinct_groups(&ranks, 10.0).unwrap(),
            [vec![0, 2, 1, 3, 4]]
        );
        assert!(indistinct_groups(&[1.0, f64::NAN], 1.0).is_err());
        assert!(indistinct_groups(&ranks, -1.0).is_err());
    }

    #[test]
    fn invalid_input() {
        assert!(matches!(nemenyi(&[1.0], 5), Err(StatsError::TooFew { .. })));
        assert!(matches!(
            nemenyi(&[1.0, 2.0], 1),
            Err(StatsError::TooFew { .. })
        ));
        assert!(matches!(
            nemenyi(&[1.0, f64::NAN], 4),
            Err(StatsError::OutOfRange { .. })
        ));
        assert!(matches!(
            nemenyi(&[0.5, 2.5], 4),
            Err(StatsError::OutOfRange { .. })
        ));
        assert!(matches!(
            critical_difference(1, 5, 0.05),
            Err(StatsError::TooFew { .. })
        ));
        assert!(matches!(
            critical_difference(3, 5, 1.5),
            Err(StatsError::OutOfRange { .. })
        ));
    }
}
