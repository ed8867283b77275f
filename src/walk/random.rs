//! R(n, q): the paper's randomized testing strategy.

use crate::encoding::CallSpace;
use crate::kernel::rng::{below, case_rng};

/// R(n, q) (Section 3.4): each test case is a random path from the root of the explorative
/// strategy search tree to a leaf, choosing the outgoing edge uniformly at every internal
/// node: for each of the n calls, the method uniformly among M_C (methods with nc(m) > 0),
/// then each parameter, target and return slot uniformly in its pool. Test cases are drawn
/// with replacement. Drawing the slots independently is the same as drawing one parameter
/// list index uniformly in [0, nc(m)), which is what this implementation does.
///
/// Contract: case k depends only on (seed, k); the walk is unbounded (q is the caller's
/// budget). Method frequencies are 1/|M_C|; see [`super::RandomLeaf`] for the difference
/// from uniform leaves.
#[derive(Clone, Debug)]
pub struct Random {
    n: usize,
    seed: u64,
    /// (offset, nc) of every method with nc > 0.
    methods: Vec<(u32, u64)>,
}

impl Random {
    /// R over the methods of `space`, length n, seeded with `seed`.
    pub fn new(space: &CallSpace, n: usize, seed: u64) -> Self {
        let methods = space
            .shapes()
            .iter()
            .filter(|s| s.nc > 0)
            .map(|s| (s.offset as u32, s.nc))
            .collect();
        Random { n, seed, methods }
    }
}

impl super::CounterWalk for Random {
    const NAME: &'static str = "r";
    const SUMMARY: &'static str =
        "R(n): each call's method uniformly, then each slot uniformly; with replacement";
    const USES_SEED: bool = true;
    const WITH_REPLACEMENT: bool = true;
    type Params = super::NoParameters;

    fn build(
        context: &crate::context::TestContext,
        n: usize,
        seed: u64,
        _params: &Self::Params,
    ) -> Self {
        Random::new(context.call_space(), n, seed)
    }

    fn length(&self) -> usize {
        self.n
    }
    fn limit(&self) -> Option<u64> {
        None
    }
    fn case_into(&self, counter: u64, out: &mut [u32]) -> bool {
        let mut rng = case_rng(self.seed, counter);
        let count = self.methods.len() as u64;
        for d in out.iter_mut() {
            let method = self.methods[below(&mut rng, count) as usize];
            *d = uniform_call(&mut rng, method);
        }
        true
    }
}

/// The call index of the method at `offset` with `nc` calls, its slots drawn uniformly
/// (no draw when it has one call), as R draws them.
pub(super) fn uniform_call(rng: &mut impl rand::Rng, (offset, nc): (u32, u64)) -> u32 {
    offset + if nc == 1 { 0 } else { below(rng, nc) as u32 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walk::RandomLeaf;
    use crate::walk::Walk;

    /// nc = 1, 2, 12 → j = 15.
    fn space() -> CallSpace {
        CallSpace::new(vec![(0, vec![]), (1, vec![2]), (2, vec![2, 2, 3])]).unwrap()
    }

    fn method_counts(strategy: &dyn crate::walk::Walk, space: &CallSpace, cases: u64) -> Vec<f64> {
        let mut counts = vec![0u64; space.shapes().len()];
        let mut out = vec![0; strategy.length()];
        for k in 0..cases {
            strategy.case_into(k, &mut out);
            for &d in &out {
                counts[space.decode_call(d).position] += 1;
            }
        }
        let total = (cases * strategy.length() as u64) as f64;
        counts.into_iter().map(|c| c as f64 / total).collect()
    }

    #[test]
    fn r_calls_each_method_with_frequency_one_over_the_number_of_methods() {
        let s = space();
        let freq = method_counts(&Random::new(&s, 10, 7), &s, 30_000);
        for f in freq {
            // 300,000 calls: standard error ≈ 0.00086; allow 5 of them.
            assert!((f - 1.0 / 3.0).abs() < 0.0045, "{f}");
        }
    }

    #[test]
    fn r_leaf_calls_each_method_with_frequency_nc_over_j() {
        let s = space();
        let freq = method_counts(&RandomLeaf::new(s.j(), 10, 7), &s, 30_000);
        for (f, expected) in freq.into_iter().zip([1.0 / 15.0, 2.0 / 15.0, 12.0 / 15.0]) {
            assert!((f - expected).abs() < 0.004, "{f} vs {expected}");
        }
    }

    #[test]
    fn r_draws_slots_uniformly_within_a_method() {
        let s = space();
        let r = Random::new(&s, 1, 3);
        let mut counts = [0u64; 12];
        let mut out = [0u32];
        for k in 0..120_000 {
            r.case_into(k, &mut out);
            if out[0] >= 3 {
                counts[(out[0] - 3) as usize] += 1;
            }
        }
        let total: u64 = counts.iter().sum();
        for c in counts {
            let f = c as f64 / total as f64;
            assert!((f - 1.0 / 12.0).abs() < 0.006, "{f}");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_cases_in_any_order() {
        let s = space();
        let r = Random::new(&s, 20, 99);
        let mut a = vec![0; 20];
        let mut b = vec![0; 20];
        r.case_into(500, &mut a);
        for k in (0..500).rev() {
            r.case_into(k, &mut b);
        }
        r.case_into(500, &mut b);
        assert_eq!(a, b);
        let other = Random::new(&s, 20, 100);
        other.case_into(500, &mut b);
        assert_ne!(a, b);
    }
}
