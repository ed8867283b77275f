//! r-leaf: uniform random sampling of leaves.

use crate::kernel::rng::{below, case_rng};

/// r-leaf(n, q): every test case is drawn uniformly from the jⁿ leaves, with replacement —
/// each call independently uniform over the j method-call indices. This is the model of
/// Section 4.1's failure-density analysis (every test case fails with probability d = f/z).
///
/// It differs from [`super::Random`] (the paper's R) whenever the methods have different
/// numbers of distinct calls nc(m): R picks a method with probability 1/|M_C| and r-leaf
/// with probability nc(m)/j, so under r-leaf methods with many parameter combinations are
/// called more often. When every nc(m) is equal the two have the same distribution (not
/// the same sequence).
///
/// Contract: case k depends only on (seed, k); the walk is unbounded.
#[derive(Clone, Debug)]
pub struct RandomLeaf {
    j: u32,
    n: usize,
    seed: u64,
}

impl RandomLeaf {
    /// r-leaf over j distinct method calls, length n, seeded with `seed`.
    pub fn new(j: u32, n: usize, seed: u64) -> Self {
        RandomLeaf { j, n, seed }
    }
}

impl super::CounterWalk for RandomLeaf {
    const NAME: &'static str = "r-leaf";
    const SUMMARY: &'static str =
        "uniform over the jⁿ leaves (each call uniform in [0, j)); with replacement";
    const USES_SEED: bool = true;
    const WITH_REPLACEMENT: bool = true;
    type Params = super::NoParameters;

    fn build(
        context: &crate::context::TestContext,
        n: usize,
        seed: u64,
        _params: &Self::Params,
    ) -> Self {
        RandomLeaf::new(context.j(), n, seed)
    }

    fn length(&self) -> usize {
        self.n
    }
    fn limit(&self) -> Option<u64> {
        None
    }
    fn case_into(&self, counter: u64, out: &mut [u32]) -> bool {
        let mut rng = case_rng(self.seed, counter);
        for d in out.iter_mut() {
            *d = below(&mut rng, self.j as u64) as u32;
        }
        true
    }
}
