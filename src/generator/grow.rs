//! `grow`: the book's example of adding a feedback-driven generator (docs/extending.md,
//! "Adding a strategy"; `tests/example_strategy.rs` checks that the page shows this file).

use super::{CaseKind, FeedbackGenerator, Generated, gold::GoldExecutor, sequence::Sequence};
use crate::kernel::{parameters::NoParameters, rng::case_rng};

/// One sequence grown a random call at a time; a call is kept only if gold threw nothing.
#[derive(Default)]
pub struct Grow {
    seed: u64,
    max_length: usize,
    made: u32,
    kept: (Vec<u32>, Sequence), // the last test case that threw nothing (its position)
}

impl FeedbackGenerator for Grow {
    const NAME: &'static str = "grow";
    const SUMMARY: &'static str = "one sequence grown by the calls that throw nothing";
    const NEEDS_COVERAGE: bool = false;
    type Params = NoParameters;
    fn build(_: &NoParameters, max_length: usize, seed: u64) -> Self {
        let mut grow = Grow::default();
        (grow.seed, grow.max_length) = (seed, max_length);
        grow
    }
    fn next_case(&mut self, gold: &mut GoldExecutor<'_>) -> Option<Generated> {
        if self.kept.1.len() >= self.max_length {
            self.kept = Default::default(); // full: start a new sequence
        }
        let (parts, mut sequence) = self.kept.clone();
        let mut rng = case_rng(self.seed, u64::from(self.made));
        let call = gold.random_call(&mut rng, &gold.last_object(&sequence));
        sequence.statements.push(call.clone());
        let (_, execution) = gold.run(&sequence);
        let kind = CaseKind::of(&execution);
        if kind == CaseKind::Normal {
            self.kept = (vec![self.made], sequence);
        }
        self.made += 1;
        Some(Generated::new(kind, parts, call))
    }
}
