//! bobw: a counter-based keyed bijection on [0, z) (being written).

use super::Strategy;

/// bobw(n): every index in [0, z) exactly once, in pseudorandom order.
#[derive(Clone, Debug)]
pub struct PermutationWalk {
    n: usize,
}

impl PermutationWalk {
    /// bobw over j distinct method calls, length n, keyed by `seed`.
    pub fn new(_j: u32, n: usize, _seed: u64) -> Self {
        PermutationWalk { n }
    }
}

impl Strategy for PermutationWalk {
    fn name(&self) -> &'static str {
        "bobw"
    }
    fn length(&self) -> usize {
        self.n
    }
    fn limit(&self) -> Option<u64> {
        None
    }
    fn case_into(&self, _counter: u64, _out: &mut [u32]) -> bool {
        unimplemented!("bobw is being written")
    }
}
