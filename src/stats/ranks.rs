//! Mid-ranks ("average" ranks) of a sample, with the sizes of its tie groups.
//!
//! Contract: for values v₀ … v_{N−1} (no NaN; ±∞ allowed, they are ordinal), the rank of vᵢ is
//! its 1-based position in ascending order, and a group of t equal values occupying sorted
//! positions s+1 … s+t shares the mid-rank
//!
//! ```text
//! r = s + (t + 1)/2,
//! ```
//!
//! so that Σ rᵢ = N(N+1)/2 always (scipy's `rankdata(method="average")`). Every rank is a
//! multiple of ½, hence exact in f64 for N < 2⁵². `-0.0` and `0.0` are equal, hence tied.
//! The tie-group sizes t ≥ 2 feed the tie correction Σ(t³ − t) of the Mann–Whitney variance.
//! Cost: O(N log N) time, O(N) space.

use super::{Result, StatsError};

/// Mid-ranks of a sample and the sizes of its groups of tied values.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranks {
    /// `ranks[i]` is the mid-rank of the i-th input value (1-based; a multiple of ½).
    pub ranks: Vec<f64>,
    /// The size t ≥ 2 of every group of equal values, in ascending order of the value; empty
    /// when all values are distinct.
    pub tie_sizes: Vec<usize>,
}

impl Ranks {
    /// Σ (t³ − t) over the tie groups, the tie term of the Mann–Whitney variance, as f64
    /// (computed in u128, so exact whenever the result is representable).
    pub fn tie_term(&self) -> f64 {
        self.tie_sizes
            .iter()
            .map(|&t| {
                let t = t as u128;
                t * t * t - t
            })
            .sum::<u128>() as f64
    }
}

/// The mid-ranks of `values` (see the module docs). Errors: NaN → [`StatsError::NaN`]
/// (with `which = "values"`). An empty input gives empty ranks.
pub fn mid_ranks(values: &[f64]) -> Result<Ranks> {
    if let Some(index) = values.iter().position(|v| v.is_nan()) {
        return Err(StatsError::NaN {
            which: "values",
            index,
        });
    }
    let n = values.len();
    let mut order: Vec<usize> = (0..n).collect();
    // total_cmp puts every -0.0 before every 0.0, so equal values stay adjacent.
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; n];
    let mut tie_sizes = Vec::new();
    let mut start = 0;
    while start < n {
        let v = values[order[start]];
        let mut end = start + 1;
        while end < n && values[order[end]] == v {
            end += 1;
        }
        // Positions start+1 … end (1-based) share r = (start+1 + end)/2.
        let r = (start + 1 + end) as f64 / 2.0;
        for &i in &order[start..end] {
            ranks[i] = r;
        }
        if end - start >= 2 {
            tie_sizes.push(end - start);
        }
        start = end;
    }
    Ok(Ranks { ranks, tie_sizes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn hand_computed_mid_ranks() {
        // Sorted: 1 (pos 1), 2 2 (pos 2,3 → 2.5), 3 (pos 4), 5 5 5 (pos 5,6,7 → 6).
        let r = mid_ranks(&[5.0, 2.0, 1.0, 5.0, 3.0, 2.0, 5.0]).unwrap();
        assert_eq!(r.ranks, [6.0, 2.5, 1.0, 6.0, 4.0, 2.5, 6.0]);
        assert_eq!(r.tie_sizes, [2, 3]);
        // Σ(t³ − t) = (8 − 2) + (27 − 3) = 30.
        assert_eq!(r.tie_term(), 30.0);
    }

    #[test]
    fn signed_zeros_and_infinities() {
        let r = mid_ranks(&[0.0, f64::INFINITY, -0.0, f64::NEG_INFINITY]).unwrap();
        assert_eq!(r.ranks, [2.5, 4.0, 2.5, 1.0]);
        assert_eq!(r.tie_sizes, [2]);
    }

    #[test]
    fn nan_is_rejected_and_empty_is_empty() {
        assert_eq!(
            mid_ranks(&[1.0, f64::NAN]),
            Err(StatsError::NaN {
                which: "values",
                index: 1
            })
        );
        let r = mid_ranks(&[]).unwrap();
        assert!(r.ranks.is_empty() && r.tie_sizes.is_empty());
    }

    proptest! {
        #[test]
        fn rank_sum_and_tie_structure(v in prop::collection::vec(0i32..10, 0..60)) {
            let x: Vec<f64> = v.iter().map(|&a| a as f64).collect();
            let r = mid_ranks(&x).unwrap();
            let n = x.len() as f64;
            prop_assert_eq!(r.ranks.iter().sum::<f64>(), n * (n + 1.0) / 2.0);
            // Each tie group of size t removes t − 1 distinct values.
            let mut distinct = v.clone();
            distinct.sort_unstable();
            distinct.dedup();
            let merged: usize = r.tie_sizes.iter().map(|&t| t - 1).sum();
            prop_assert_eq!(distinct.len(), x.len() - merged);
            prop_assert!(r.tie_sizes.iter().all(|&t| t >= 2));
            for i in 0..x.len() {
                // rank = #{smaller} + (#{equal} + 1)/2.
                let less = x.iter().filter(|&&b| b < x[i]).count() as f64;
                let eq = x.iter().filter(|&&b| b == x[i]).count() as f64;
                prop_assert_eq!(r.ranks[i], less + (eq + 1.0) / 2.0);
            }
        }
    }
}
