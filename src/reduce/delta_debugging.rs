//! [`DeltaDebugging`]: ddmin over the calls of a test case.

use super::{FailureCheck, ReductionPass};

/// Zeller and Hildebrandt's ddmin ("Simplifying and isolating failure-inducing input",
/// 2002) over the calls of a test case, order kept.
///
/// Contract: the result fails and is *1-minimal* — removing any single call of it makes
/// it pass (at the finest granularity every one-call complement has been judged and
/// passed). The test case is split into g chunks (g = 2 at first); if a chunk fails alone
/// it becomes the test case (g = 2); else if a complement fails it becomes the test case
/// (g − 1); else g doubles, up to one call per chunk. Deterministic: chunks and
/// complements are tried in order.
#[derive(Clone, Copy, Debug, Default)]
pub struct DeltaDebugging;

impl ReductionPass for DeltaDebugging {
    fn name(&self) -> &'static str {
        "ddmin"
    }

    fn apply(&self, mut calls: Vec<u32>, check: &mut dyn FailureCheck) -> Vec<u32> {
        let mut granularity = 2usize;
        while calls.len() >= 2 {
            let bounds = chunk_bounds(calls.len(), granularity);
            if let Some(chunk) = bounds
                .iter()
                .map(|range| &calls[range.clone()])
                .find(|chunk| check.fails(chunk))
            {
                calls = chunk.to_vec();
                granularity = 2;
                continue;
            }
            let complement = |range: &std::ops::Range<usize>| -> Vec<u32> {
                [&calls[..range.start], &calls[range.end..]].concat()
            };
            // With two chunks, each complement is the other chunk: already judged.
            let reduced = (granularity > 2)
                .then(|| {
                    bounds
                        .iter()
                        .map(complement)
                        .find(|candidate| check.fails(candidate))
                })
                .flatten();
            if let Some(candidate) = reduced {
                calls = candidate;
                granularity = (granularity - 1).max(2);
                continue;
            }
            if granularity >= calls.len() {
                break;
            }
            granularity = (granularity * 2).min(calls.len());
        }
        calls
    }
}

/// `parts` nearly equal, contiguous, non-empty ranges covering `0..length`
/// (2 ≤ parts ≤ length).
fn chunk_bounds(length: usize, parts: usize) -> Vec<std::ops::Range<usize>> {
    (0..parts)
        .map(|part| (part * length / parts)..((part + 1) * length / parts))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_the_test_case_without_gaps() {
        for length in 2..40 {
            for parts in 2..=length {
                let bounds = chunk_bounds(length, parts);
                assert_eq!(bounds.len(), parts);
                assert_eq!(bounds[0].start, 0);
                assert_eq!(bounds[parts - 1].end, length);
                assert!(bounds.windows(2).all(|w| w[0].end == w[1].start));
                assert!(bounds.iter().all(|range| !range.is_empty()));
            }
        }
    }

    #[test]
    fn two_calls_far_apart_are_isolated() {
        let mut calls = vec![0u32; 1000];
        calls[3] = 1;
        calls[998] = 2;
        let mut check = |c: &[u32]| {
            let first = c.iter().position(|&x| x == 1);
            let second = c.iter().position(|&x| x == 2);
            matches!((first, second), (Some(a), Some(b)) if a < b)
        };
        assert_eq!(DeltaDebugging.apply(calls, &mut check), vec![1, 2]);
    }

    #[test]
    fn a_test_case_whose_every_call_is_needed_is_kept_whole() {
        let calls = vec![5u32, 6, 7, 8];
        let mut check = |c: &[u32]| c == [5, 6, 7, 8];
        assert_eq!(DeltaDebugging.apply(calls.clone(), &mut check), calls);
    }
}
