//! [`EarlierCalls`]: each call replaced by the smallest method-call index that still fails.

use super::{FailureCheck, ReductionPass};

/// The canonical-form simplification: position by position, from the first call, the
/// call is replaced by the smallest method-call index below it with which the test case
/// still fails. Smaller indices are earlier methods of M_C and, within a method, lower
/// slot indices (the parameter-list index of Section 4.3 grows with every slot's pool
/// index), so the result reads as the simplest calls that fail.
///
/// Contract: the result fails, has the same length, and is no larger at any position;
/// at most Σ calls\[i\] candidates are judged.
#[derive(Clone, Copy, Debug, Default)]
pub struct EarlierCalls;

impl ReductionPass for EarlierCalls {
    fn name(&self) -> &'static str {
        "earlier-calls"
    }

    fn apply(&self, mut calls: Vec<u32>, check: &mut dyn FailureCheck) -> Vec<u32> {
        let mut candidate = calls.clone();
        for position in 0..calls.len() {
            for lower in 0..calls[position] {
                candidate[position] = lower;
                if check.fails(&candidate) {
                    calls[position] = lower;
                    break;
                }
            }
            candidate[position] = calls[position];
        }
        calls
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_call_becomes_the_smallest_that_fails() {
        // Fails when the first call is at least 2 and the second is odd.
        let mut check = |c: &[u32]| c[0] >= 2 && c[1] % 2 == 1;
        assert_eq!(EarlierCalls.apply(vec![9, 7], &mut check), vec![2, 1]);
    }

    #[test]
    fn calls_that_cannot_be_lowered_stay() {
        let mut check = |c: &[u32]| c == [4, 0, 3];
        assert_eq!(EarlierCalls.apply(vec![4, 0, 3], &mut check), vec![4, 0, 3]);
    }
}
