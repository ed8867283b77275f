//! The Friedman test of k treatments (strategies) over N blocks (subjects), with average ranks.
//!
//! Contract: the input is an N × k matrix, row i the measurements of every treatment on block
//! i (all rows of equal length k; no NaN; ±∞ are ordinal). Within each row the treatments get
//! 1-based mid-ranks r_ij (see [`mid_ranks`]) in the direction [`Order`] states, so that rank 1
//! is the best. With the average ranks R_j = (1/N) Σᵢ r_ij (Demšar 2006, §3.2.2),
//!
//! ```text
//! χ²_F = [12N / (k(k+1)) · (Σⱼ R_j² − k(k+1)²/4)] / C,   C = 1 − Σ(t³ − t) / (N·k·(k² − 1)),
//! ```
//!
//! the sum Σ(t³ − t) over the groups of t tied values within rows (the tie correction of
//! `scipy.stats.friedmanchisquare`), and p = P(χ²(k − 1) > χ²_F) ([`chi_square_sf`]). χ²_F
//! does not depend on [`Order`]; the average ranks of the two orders add up to k + 1.
//! Σⱼ R_j = k(k+1)/2 exactly.
//!
//! χ²_F is computed from integers (every 2·r_ij is an integer) with a single rounding, so it is
//! exact to ½ ulp; scipy's agrees to a few ulps. Where every row is entirely tied (C = 0),
//! scipy returns NaN; here χ²_F = 0 and p = 1 (no treatment differs from any other).
//!
//! The Iman–Davenport variant (Demšar 2006, eq. after the Friedman statistic), less
//! conservative than χ²_F, is reported beside it:
//!
//! ```text
//! F_F = (N − 1)·χ²_F / (N(k − 1) − χ²_F),   p = P(F(k − 1, (k − 1)(N − 1)) > F_F)  ([`f_sf`]),
//! ```
//!
//! with F_F = +∞ and p = 0 where every block ranks the treatments alike (χ²_F = N(k − 1)).

use super::beta::f_sf;
use super::gamma::chi_square_sf;
use super::{Result, StatsError, check_count, mid_ranks};

/// Which direction of a measurement is better; rank 1 goes to the best treatment of a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Larger values are better (kill rates, coverage): ranks are given descending.
    HigherIsBetter,
    /// Smaller values are better (times, costs): ranks are given ascending.
    LowerIsBetter,
}

/// The Friedman test of a blocks × treatments matrix.
#[derive(Debug, Clone, PartialEq)]
pub struct Friedman {
    /// N, the number of blocks (rows).
    pub blocks: usize,
    /// k, the number of treatments (columns).
    pub treatments: usize,
    /// R_j, the mean over blocks of treatment j's rank (1 = best), in column order.
    pub average_ranks: Vec<f64>,
    /// Σ(t³ − t) over every group of t ≥ 2 tied values within a row.
    pub tie_term: f64,
    /// χ²_F with the tie correction (0 when every row is entirely tied).
    pub statistic: f64,
    /// P(χ²(k − 1) ≥ χ²_F).
    pub p_value: f64,
    /// The Iman–Davenport statistic F_F (+∞ when all blocks agree).
    pub iman_davenport: f64,
    /// P(F(k − 1, (k − 1)(N − 1)) ≥ F_F).
    pub iman_davenport_p_value: f64,
}

/// (F_F, p) of the Iman–Davenport variant for χ²_F over N blocks and k treatments.
fn iman_davenport(statistic: f64, n: usize, k: usize) -> Result<(f64, f64)> {
    let (n, df1) = (n as f64, (k - 1) as f64);
    let room = n * df1 - statistic;
    if room <= 0.0 {
        return Ok((f64::INFINITY, 0.0));
    }
    let f = (n - 1.0) * statistic / room;
    Ok((f, f_sf(f, df1, df1 * (n - 1.0))?))
}

/// Validates the matrix shape (N ≥ 2 rows, k ≥ 2 columns, rows of equal length, no NaN) and
/// returns (N, k). NaN is reported with `which = "matrix"` and index i·k + j.
fn check_matrix<R: AsRef<[f64]>>(rows: &[R]) -> Result<(usize, usize)> {
    check_count(rows.len(), 2, "blocks")?;
    let k = rows[0].as_ref().len();
    check_count(k, 2, "treatments")?;
    for (i, row) in rows.iter().enumerate() {
        let row = row.as_ref();
        if row.len() != k {
            return Err(StatsError::Ragged {
                row: i,
                len: row.len(),
                expected: k,
            });
        }
        if let Some(j) = row.iter().position(|v| v.is_nan()) {
            return Err(StatsError::NaN {
                which: "matrix",
                index: i * k + j,
            });
        }
    }
    Ok((rows.len(), k))
}

/// The Friedman test of `rows` (one row per block, one column per treatment), ranking each row
/// in the direction `order` (see the module docs). Errors: fewer than 2 rows or columns →
/// [`StatsError::TooFew`]; rows of different lengths → [`StatsError::Ragged`]; NaN →
/// [`StatsError::NaN`].
pub fn friedman<R: AsRef<[f64]>>(rows: &[R], order: Order) -> Result<Friedman> {
    let (n, k) = check_matrix(rows)?;
    // Twice the rank sums, integers (mid-ranks are multiples of ½).
    let mut twice_sums = vec![0u128; k];
    let mut tie_term = 0u128;
    let mut keyed = vec![0.0; k];
    for row in rows {
        for (key, &v) in keyed.iter_mut().zip(row.as_ref()) {
            *key = match order {
                Order::LowerIsBetter => v,
                Order::HigherIsBetter => -v,
            };
        }
        let ranks = mid_ranks(&keyed)?;
        for (sum, r) in twice_sums.iter_mut().zip(&ranks.ranks) {
            *sum += (2.0 * r) as u128;
        }
        tie_term += ranks
            .tie_sizes
            .iter()
            .map(|&t| (t as u128).pow(3) - t as u128)
            .sum::<u128>();
    }
    let (nn, kk) = (n as u128, k as u128);
    // With S_j = 2·(rank sum of j): 12/(Nk(k+1))·Σ(S_j/2)² − 3N(k+1)
    //   = (3ΣS_j² − 3N²k(k+1)²) / (Nk(k+1)), and dividing by C = (Nk(k²−1) − T)/(Nk(k²−1))
    // gives χ²_F = (3ΣS_j² − 3N²k(k+1)²)(k − 1) / (Nk(k²−1) − T).
    let sum_sq: u128 = twice_sums.iter().map(|&s| s * s).sum();
    let numerator = (3 * sum_sq - 3 * nn * nn * kk * (kk + 1) * (kk + 1)) * (kk - 1);
    let denominator = nn * kk * (kk * kk - 1) - tie_term;
    let (statistic, p_value) = if denominator == 0 {
        (0.0, 1.0)
    } else {
        let s = numerator as f64 / denominator as f64;
        (s, chi_square_sf(s, (k - 1) as f64)?)
    };
    let (iman_davenport, iman_davenport_p_value) = iman_davenport(statistic, n, k)?;
    Ok(Friedman {
        blocks: n,
        treatments: k,
        average_ranks: twice_sums
            .iter()
            .map(|&s| s as f64 / (2 * n) as f64)
            .collect(),
        tie_term: tie_term as f64,
        statistic,
        p_value,
        iman_davenport,
        iman_davenport_p_value,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn hand_computed_example() {
        // Lower is better. Row ranks: [1,2,3], [1,2,3], [2,1,3] → R = [4/3, 5/3, 3].
        let rows = [[1.0, 2.0, 3.0], [0.5, 0.7, 0.9], [5.0, 4.0, 6.0]];
        let f = friedman(&rows, Order::LowerIsBetter).unwrap();
        assert_eq!((f.blocks, f.treatments), (3, 3));
        let want = [4.0 / 3.0, 5.0 / 3.0, 3.0];
        for (r, w) in f.average_ranks.iter().zip(want) {
            assert!((r - w).abs() < 1e-15);
        }
        // χ²_F = 12·3/(3·4)·(16/9 + 25/9 + 9 − 12) = 3·(14/9) = 14/3; χ²(2) sf = e^(−7/3).
        assert!((f.statistic - 14.0 / 3.0).abs() < 1e-14);
        assert!((f.p_value - (-7.0f64 / 3.0).exp()).abs() < 1e-14);
        assert_eq!(f.tie_term, 0.0);
        // F_F = 2·(14/3)/(6 − 14/3) = 7 on (2, 4) df: P(F(2, 4) > 7) = (1 + 7·2/4)^(−2) = 4/81.
        assert!((f.iman_davenport - 7.0).abs() < 1e-13);
        assert!((f.iman_davenport_p_value - 4.0 / 81.0).abs() < 1e-14);
        // Higher is better reverses the ranks, not the statistic.
        let g = friedman(&rows, Order::HigherIsBetter).unwrap();
        for (a, b) in f.average_ranks.iter().zip(&g.average_ranks) {
            assert_eq!(a + b, 4.0);
        }
        assert_eq!(f.statistic, g.statistic);
    }

    #[test]
    fn ties_and_fully_tied_rows() {
        // Row 2 ties two treatments: T = 2³ − 2 = 6, C = 1 − 6/(2·3·8) = 7/8.
        let rows = [vec![1.0, 2.0, 3.0], vec![1.0, 1.0, 3.0]];
        let f = friedman(&rows, Order::LowerIsBetter).unwrap();
        assert_eq!(f.tie_term, 6.0);
        assert_eq!(f.average_ranks, [1.25, 1.75, 3.0]);
        // 12·2/12·(1.5625 + 3.0625 + 9 − 12) / (7/8) = 2·1.625·8/7 = 26/7.
        assert!((f.statistic - 26.0 / 7.0).abs() < 1e-14);
        let all_tied = friedman(&[[2.0, 2.0], [7.0, 7.0]], Order::HigherIsBetter).unwrap();
        assert_eq!((all_tied.statistic, all_tied.p_value), (0.0, 1.0));
        assert_eq!(all_tied.average_ranks, [1.5, 1.5]);
        assert_eq!(
            (all_tied.iman_davenport, all_tied.iman_davenport_p_value),
            (0.0, 1.0)
        );
        // Every block ranks alike: χ²_F = N(k − 1), F_F = ∞.
        let agree = friedman(&[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], Order::LowerIsBetter).unwrap();
        assert_eq!(agree.statistic, 4.0);
        assert_eq!(
            (agree.iman_davenport, agree.iman_davenport_p_value),
            (f64::INFINITY, 0.0)
        );
    }

    #[test]
    fn invalid_input() {
        let one_row = [[1.0, 2.0]];
        assert_eq!(
            friedman(&one_row, Order::LowerIsBetter),
            Err(StatsError::TooFew {
                which: "blocks",
                got: 1,
                min: 2
            })
        );
        let one_col = [[1.0], [2.0]];
        assert!(matches!(
            friedman(&one_col, Order::LowerIsBetter),
            Err(StatsError::TooFew {
                which: "treatments",
                ..
            })
        ));
        let ragged = [vec![1.0, 2.0, 3.0], vec![1.0, 2.0]];
        assert_eq!(
            friedman(&ragged, Order::LowerIsBetter),
            Err(StatsError::Ragged {
                row: 1,
                len: 2,
                expected: 3
            })
        );
        let nan = [[1.0, 2.0], [f64::NAN, 0.0]];
        assert_eq!(
            friedman(&nan, Order::LowerIsBetter),
            Err(StatsError::NaN {
                which: "matrix",
                index: 2
            })
        );
        let empty: [Vec<f64>; 0] = [];
        assert!(friedman(&empty, Order::LowerIsBetter).is_err());
    }

    fn matrix() -> impl Strategy<Value = Vec<Vec<f64>>> {
        (2usize..8, 2usize..12).prop_flat_map(|(k, n)| {
            prop::collection::vec(prop::collection::vec((0i32..5).prop_map(f64::from), k), n)
        })
    }

    proptest! {
        #[test]
        fn rank_sums_p_range_and_permutation(rows in matrix(), rot in 0usize..8) {
            let f = friedman(&rows, Order::HigherIsBetter).unwrap();
            let (n, k) = (f.blocks as f64, f.treatments as f64);
            // Mid-ranks of every row sum to k(k+1)/2, so the rank sums total N·k(k+1)/2.
            let total: f64 = f.average_ranks.iter().map(|r| r * n).sum();
            prop_assert!((total - n * k * (k + 1.0) / 2.0).abs() < 1e-9);
            prop_assert!(f.statistic >= 0.0);
            prop_assert!((0.0..=1.0).contains(&f.p_value));
            prop_assert!((0.0..=1.0).contains(&f.iman_davenport_p_value));
            // Permuting the treatments (a rotation of the columns) permutes the average ranks
            // and leaves the statistic unchanged.
            let kk = f.treatments;
            let rotated: Vec<Vec<f64>> = rows
                .iter()
                .map(|r| (0..kk).map(|j| r[(j + rot) % kk]).collect())
                .collect();
            let g = friedman(&rotated, Order::HigherIsBetter).unwrap();
            for j in 0..kk {
                prop_assert_eq!(g.average_ranks[j], f.average_ranks[(j + rot) % kk]);
            }
            prop_assert_eq!(g.statistic, f.statistic);
        }
    }
}
