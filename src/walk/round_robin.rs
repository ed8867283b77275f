//! `round-robin`: the book's example of adding a counter-based strategy (docs/extending.md,
//! "Adding a strategy"; `tests/example_strategy.rs` checks that the page shows this file).

use super::{CounterWalk, NoParameters};
use crate::context::TestContext;
use crate::kernel::rng::{below, case_rng};

/// Methods in turn (call i of test case k: method (k·n + i) mod |M_C|), slots uniform.
pub struct RoundRobin {
    n: usize,
    seed: u64,
    methods: Vec<(u32, u64)>, // (first call index, nc(m)) of each method with a call
}

impl CounterWalk for RoundRobin {
    const NAME: &'static str = "round-robin";
    const SUMMARY: &'static str = "methods in turn, slots uniform";
    const USES_SEED: bool = true;
    const WITH_REPLACEMENT: bool = true;
    type Params = NoParameters;
    fn build(context: &TestContext, n: usize, seed: u64, _: &NoParameters) -> Self {
        let methods = context.call_space().shapes().iter().filter(|s| s.nc > 0);
        let methods = methods.map(|s| (s.offset as u32, s.nc)).collect();
        RoundRobin { n, seed, methods }
    }

    fn length(&self) -> usize {
        self.n
    }
    fn case_into(&self, k: u64, out: &mut [u32]) -> bool {
        let mut rng = case_rng(self.seed, k);
        for (i, call) in out.iter_mut().enumerate() {
            let c = k.wrapping_mul(self.n as u64).wrapping_add(i as u64);
            let (first, nc) = self.methods[(c % self.methods.len() as u64) as usize];
            *call = first + below(&mut rng, nc) as u32;
        }
        true
    }
}
