//! Sampling at most N mutants per unit (the paper used up to 100), chosen by a seed.

use crate::kernel::rng::{below, case_rng, mix64};
use crate::subject::MutantId;

/// The paper's cap on mutants per unit.
pub const DEFAULT_MAX: usize = 100;

/// At most `max` of `ids`, in increasing order: all of them if there are no more than
/// `max`, else a uniform random subset drawn by a partial Fisher–Yates shuffle from a
/// generator seeded with (`seed`, a hash of `unit`), so units draw independently and
/// the same arguments always give the same sample.
pub fn sample(unit: &str, ids: &[MutantId], max: usize, seed: u64) -> Vec<MutantId> {
    let mut pool: Vec<MutantId> = ids.to_vec();
    if pool.len() > max {
        let unit_hash = unit.bytes().fold(0u64, |h, b| mix64(h ^ u64::from(b)));
        let mut rng = case_rng(seed, unit_hash);
        for i in 0..max {
            let j = i + below(&mut rng, (pool.len() - i) as u64) as usize;
            pool.swap(i, j);
        }
        pool.truncate(max);
    }
    pool.sort_unstable();
    pool
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_units_keep_every_mutant() {
        assert_eq!(sample("A", &[3, 1, 2], 100, 7), [1, 2, 3]);
    }

    #[test]
    fn samples_are_distinct_sorted_subsets_fixed_by_the_seed() {
        let ids: Vec<MutantId> = (1..=500).collect();
        let a = sample("ArrayList", &ids, 100, 1);
        assert_eq!(a.len(), 100);
        assert!(a.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(a, sample("ArrayList", &ids, 100, 1));
        assert_ne!(a, sample("ArrayList", &ids, 100, 2));
        assert_ne!(a, sample("HashMap", &ids, 100, 1));
    }
}
