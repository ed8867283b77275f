//! proptest's shrinking of a failing test case, driven by the house's failure check: the
//! loop of proptest's `TestRunner::shrink` over the test case's `SequentialValueTree`.

use std::sync::atomic::Ordering;

use proptest::strategy::ValueTree;

use super::StateMachineWalk;

/// What proptest's shrinking made of a failing test case.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ProptestShrink {
    /// The last candidate that failed (the test case itself if none did), as method-call
    /// indices.
    pub calls: Vec<u32>,
    /// The transitions proptest-state-machine counts as seen: the shortest failing prefix
    /// (a state-machine test stops at the first transition whose postcondition fails).
    pub seen: usize,
    /// Shrink iterations run (proptest's count, at most `max-shrink-iters`).
    pub iterations: u32,
    /// Candidates judged in all: the test case, its prefixes, the iterations.
    pub checks: u64,
}

impl StateMachineWalk {
    /// Shrinks test case `counter` as proptest does after a failure, `fails` judging each
    /// candidate; `None` if the test case does not fail. Contract: deterministic in the
    /// walk, `counter` and `fails`'s answers; the result fails under `fails`.
    pub fn shrink(
        &self,
        counter: u64,
        fails: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Option<ProptestShrink> {
        let mut tree = self.tree(counter);
        let (_, transitions, seen_counter) = tree.current();
        let mut checks = 0u64;
        let mut judge = |calls: &[u32]| {
            checks += 1;
            fails(calls)
        };
        let original = self.encode(&transitions);
        if !judge(&original) {
            return None;
        }
        let seen = (1..=original.len())
            .find(|&k| k == original.len() || judge(&original[..k]))
            .unwrap_or(0);
        if let Some(counter) = seen_counter {
            counter.store(seen, Ordering::SeqCst);
        }
        let mut last_failure = original;
        let mut iterations = 0u32;
        if self.params.max_shrink_iters > 0 && tree.simplify() {
            while iterations < self.params.max_shrink_iters {
                iterations += 1;
                let candidate = self.current(&tree);
                if judge(&candidate) {
                    last_failure = candidate;
                    if !tree.simplify() {
                        break;
                    }
                } else if !tree.complicate() {
                    break;
                }
            }
        }
        Some(ProptestShrink {
            calls: last_failure,
            seen,
            iterations,
            checks,
        })
    }
}
