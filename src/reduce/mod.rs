//! Reduction of failing test cases: from a failing canonical-form test case to a
//! *1-minimal* failing one — removing any single call makes it pass — by delta debugging
//! over calls (Zeller & Hildebrandt's ddmin) and canonical-form simplifications (each
//! call replaced by the smallest method-call index that still fails: earlier methods,
//! lower slot indices).
//!
//! The two concepts, one trait each:
//! - [`FailureCheck`]: does a candidate test case (method-call indices, in order) fail?
//!   [`MutantFailure`] asks the cell's oracle on gold and a mutant under the usual guards;
//!   [`IsolatedFailure`] asks a worker process, where a crash or a hang of the target is
//!   seen as such; any `FnMut(&[u32]) -> bool` is one too (for tests).
//! - [`ReductionPass`]: one way of making a failing test case smaller or simpler while it
//!   keeps failing: [`DeltaDebugging`] and [`EarlierCalls`].
//!
//! [`reduce`] applies the passes in turn until none changes the test case, so the result
//! is 1-minimal *and* no call can be replaced by a smaller index. Everything is
//! deterministic: the same test case and check give the same result and step counts.
//! [`survey`] applies reduction to the failing test cases of a results folder, mutant by
//! mutant (`testspace minimal`).

use thiserror::Error;

mod delta_debugging;
mod earlier_calls;
pub mod failing_test;
mod isolated;
pub mod minimal_files;
mod mutant_failure;
pub mod survey;

pub use delta_debugging::DeltaDebugging;
pub use earlier_calls::EarlierCalls;
pub use isolated::IsolatedFailure;
pub use mutant_failure::{MutantFailure, UnknownMutant};

/// Whether a candidate test case fails (the "interesting" test of delta debugging).
pub trait FailureCheck {
    /// `true` when the test case given by its method-call indices fails.
    fn fails(&mut self, calls: &[u32]) -> bool;
    /// Candidates judged so far whose gold run hit a guard (gold's fuel budget, stack or
    /// allocation): abandoned, counted as not failing (0 for checks without guards).
    fn abandoned(&self) -> u64 {
        0
    }
}

/// Every closure over a test case's calls is a check (used by tests and benches).
impl<F: FnMut(&[u32]) -> bool> FailureCheck for F {
    fn fails(&mut self, calls: &[u32]) -> bool {
        self(calls)
    }
}

/// One reduction pass: from a failing test case to a failing one that is no longer and,
/// at equal length, no larger call by call.
pub trait ReductionPass {
    /// The pass's name in step reports (`ddmin`, `earlier-calls`).
    fn name(&self) -> &'static str;

    /// Reduces `calls`, which fail under `check`; the result fails under `check` too.
    fn apply(&self, calls: Vec<u32>, check: &mut dyn FailureCheck) -> Vec<u32>;
}

/// What one application of a pass did.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PassStep {
    /// The pass's name.
    pub pass: &'static str,
    /// Candidate test cases it had judged.
    pub checks: u64,
    /// The test case's length after it.
    pub calls_after: usize,
}

/// A reduced test case and how it was reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// The length of the test case reduced.
    pub original_calls: usize,
    /// The reduced test case's method-call indices, in order; k = its length.
    pub calls: Vec<u32>,
    /// Every pass applied, in order (the last round changed nothing).
    pub steps: Vec<PassStep>,
    /// Candidates abandoned because gold's run of them hit a guard (see
    /// [`FailureCheck::abandoned`]).
    pub abandoned: u64,
}

impl Reduction {
    /// Candidate test cases judged in all, the initial check included.
    pub fn checks(&self) -> u64 {
        1 + self.steps.iter().map(|step| step.checks).sum::<u64>()
    }
}

/// Why a test case could not be reduced.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReduceError {
    /// The test case to reduce does not fail (e.g. the experiment or the mutant changed).
    #[error("the test case of {calls} calls does not fail, so there is nothing to reduce")]
    DoesNotFail {
        /// Its length.
        calls: usize,
    },
}

/// A check that counts the candidates it judges.
struct Counted<'a> {
    check: &'a mut dyn FailureCheck,
    checks: u64,
}

impl FailureCheck for Counted<'_> {
    fn fails(&mut self, calls: &[u32]) -> bool {
        self.checks += 1;
        self.check.fails(calls)
    }

    fn abandoned(&self) -> u64 {
        self.check.abandoned()
    }
}

/// The passes of [`reduce`], in order: ddmin, then the canonical-form simplification.
pub fn default_passes() -> Vec<Box<dyn ReductionPass>> {
    vec![Box::new(DeltaDebugging), Box::new(EarlierCalls)]
}

/// Reduces a failing test case with `passes`, round after round, until a whole round
/// leaves it unchanged.
///
/// # Errors
/// [`ReduceError::DoesNotFail`] when `calls` does not fail under `check`.
pub fn reduce(
    calls: &[u32],
    check: &mut dyn FailureCheck,
    passes: &[Box<dyn ReductionPass>],
) -> Result<Reduction, ReduceError> {
    let abandoned_before = check.abandoned();
    if !check.fails(calls) {
        return Err(ReduceError::DoesNotFail { calls: calls.len() });
    }
    let mut current = calls.to_vec();
    let mut steps = Vec::new();
    loop {
        let before = current.clone();
        for pass in passes {
            let mut counted = Counted { check, checks: 0 };
            current = pass.apply(current, &mut counted);
            steps.push(PassStep {
                pass: pass.name(),
                checks: counted.checks,
                calls_after: current.len(),
            });
        }
        if current == before {
            break;
        }
    }
    Ok(Reduction {
        original_calls: calls.len(),
        calls: current,
        steps,
        abandoned: check.abandoned() - abandoned_before,
    })
}

/// Whether `calls` is 1-minimal under `check`: it fails, and removing any single call
/// makes it pass (the empty test case never fails, so a one-call failing test case is
/// 1-minimal).
pub fn is_one_minimal(calls: &[u32], check: &mut dyn FailureCheck) -> bool {
    check.fails(calls)
        && (0..calls.len()).all(|removed| {
            let mut shorter = calls.to_vec();
            shorter.remove(removed);
            shorter.is_empty() || !check.fails(&shorter)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Fails when `pattern` occurs in the test case as a subsequence (not necessarily
    /// contiguous), with every call at least the pattern's call ("a larger call does it
    /// too") — a check with a known unique 1-minimal, call-wise smallest answer.
    fn subsequence_check(pattern: Vec<u32>) -> impl FnMut(&[u32]) -> bool {
        move |calls: &[u32]| {
            let mut wanted = pattern.iter().peekable();
            for &call in calls {
                if wanted.peek().is_some_and(|&&w| call >= w) {
                    wanted.next();
                }
            }
            wanted.peek().is_none()
        }
    }

    /// A check that fails candidates holding 1 and 9, and abandons those holding 1 and 2 but
    /// no 5 (as gold's run of a list doubled without its `clear()` is): they do not fail, and
    /// are counted.
    struct Guarded {
        abandoned: u64,
    }

    impl FailureCheck for Guarded {
        fn fails(&mut self, calls: &[u32]) -> bool {
            if calls.contains(&1) && calls.contains(&2) && !calls.contains(&5) {
                self.abandoned += 1;
                return false;
            }
            calls.contains(&1) && calls.contains(&9)
        }

        fn abandoned(&self) -> u64 {
            self.abandoned
        }
    }

    #[test]
    fn a_reduction_counts_the_candidates_its_check_abandons() {
        let mut check = Guarded { abandoned: 3 };
        let reduction = reduce(&[1, 5, 2, 9], &mut check, &default_passes()).unwrap();
        assert_eq!(reduction.calls, [1, 9]);
        // Only this reduction's abandoned candidates, not the check's earlier ones.
        assert!(reduction.abandoned > 0, "{reduction:?}");
        assert_eq!(reduction.abandoned, check.abandoned - 3);
        // A closure check abandons nothing.
        let plain = reduce(
            &[1, 5, 2, 9],
            &mut |c: &[u32]| c.contains(&9),
            &default_passes(),
        )
        .unwrap();
        assert_eq!(plain.abandoned, 0);
    }

    #[test]
    fn a_test_case_that_passes_is_refused() {
        let mut check = |_: &[u32]| false;
        assert_eq!(
            reduce(&[1, 2, 3], &mut check, &default_passes()).unwrap_err(),
            ReduceError::DoesNotFail { calls: 3 }
        );
    }

    #[test]
    fn a_buried_subsequence_is_recovered_exactly() {
        let mut calls: Vec<u32> = (0..1024).map(|i| (i * 7919 % 13) as u32).collect();
        calls[100] = 40;
        calls[700] = 41;
        calls[1000] = 42;
        let mut check = subsequence_check(vec![40, 41, 42]);
        let reduction = reduce(&calls, &mut check, &default_passes()).unwrap();
        assert_eq!(reduction.calls, vec![40, 41, 42]);
        assert_eq!(reduction.original_calls, 1024);
        assert!(reduction.checks() > 1);
    }

    #[test]
    fn calls_are_lowered_to_the_smallest_that_still_fails() {
        let mut check = subsequence_check(vec![3, 5]);
        let reduction = reduce(&[9, 1, 8], &mut check, &default_passes()).unwrap();
        assert_eq!(reduction.calls, vec![3, 5]);
    }

    #[test]
    fn reduction_is_deterministic() {
        let calls: Vec<u32> = (0..300).map(|i| (i * 31 % 17) as u32).collect();
        let run = || {
            let mut check = |c: &[u32]| c.iter().filter(|&&x| x == 16).count() >= 2;
            reduce(&calls, &mut check, &default_passes()).unwrap()
        };
        assert_eq!(run(), run());
    }

    /// A check of several alternative failing patterns (contiguous or not), masks and
    /// order dependence: fails when some pattern is a subsequence and the last call is
    /// not `mask`.
    fn arbitrary_check(patterns: Vec<Vec<u32>>, mask: u32) -> impl FnMut(&[u32]) -> bool {
        move |calls: &[u32]| {
            calls.last() != Some(&mask)
                && patterns.iter().any(|pattern| {
                    let mut wanted = pattern.iter().peekable();
                    for call in calls {
                        if wanted.peek() == Some(&call) {
                            wanted.next();
                        }
                    }
                    wanted.peek().is_none()
                })
        }
    }

    proptest! {
        /// The reduced test case still fails and is 1-minimal, checked by brute force over
        /// every single-call removal; and it is no longer than the original.
        #[test]
        fn the_reduced_test_case_fails_and_is_one_minimal(
            patterns in prop::collection::vec(prop::collection::vec(0u32..6, 1..=4), 1..=3),
            mask in 0u32..8,
            noise in prop::collection::vec(0u32..8, 0..120),
            seed_pattern in 0usize..3,
        ) {
            // Plant one pattern (spread out) in the noise so that the test case fails.
            let planted = &patterns[seed_pattern % patterns.len()];
            let mut calls = noise.clone();
            for (i, &call) in planted.iter().enumerate() {
                let at = (i * (calls.len() + 1)) / planted.len().max(1);
                calls.insert(at.min(calls.len()), call);
            }
            calls.push(7 - (mask == 7) as u32);
            let mut check = arbitrary_check(patterns.clone(), mask);
            prop_assume!(check(&calls));
            let reduction = reduce(&calls, &mut check, &default_passes()).unwrap();
            prop_assert!(reduction.calls.len() <= calls.len());
            prop_assert!(is_one_minimal(&reduction.calls, &mut check));
            // No call can be lowered either.
            for position in 0..reduction.calls.len() {
                for lower in 0..reduction.calls[position] {
                    let mut candidate = reduction.calls.clone();
                    candidate[position] = lower;
                    prop_assert!(!check(&candidate), "{:?} → {:?}", reduction.calls, candidate);
                }
            }
        }
    }
}
