//! Φ(j, k, n) by the recurrence of Section 5.1, exact and streaming.
//!
//! Φ(j, k, n) = 0 for n < k, 1 for n = k, and
//! j·Φ(j, k, n−1) + j^(n−k) − Φ(j, k, n−k) for n > k.
//!
//! The recurrence is right under the paper's assumptions: one failing sequence that does
//! not overlap itself (no proper prefix of it is also a suffix). For other failing
//! sequences use [`crate::analysis::pattern::PatternCounter`].

use std::mem;

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::scientific::ScientificNumber;
use super::{AnalysisError, check_recurrence_parameters};

/// An exact, streaming count of failing test cases: at each length n = 0, 1, 2, … it
/// knows Φ(n), the number of the jⁿ test cases of length n that contain a failing
/// sequence, and jⁿ itself.
pub trait FailureCounts {
    /// n, the current test-case length.
    fn length(&self) -> u64;

    /// Φ(n): the number of the jⁿ test cases of length n that contain a failing sequence.
    fn failing(&self) -> &BigUint;

    /// jⁿ, the number of test cases of length n.
    fn all_test_cases(&self) -> &BigUint;

    /// Moves from n to n + 1.
    fn advance(&mut self);

    /// FD(n) = Φ(n)/jⁿ, the failure density (relative error about 10⁻¹⁵).
    fn failure_density(&self) -> ScientificNumber {
        ScientificNumber::from_ratio(self.failing(), self.all_test_cases())
    }

    /// Advances until n = `length` (no-op if already there or beyond).
    fn advance_to(&mut self, length: u64) {
        while self.length() < length {
            self.advance();
        }
    }
}

/// The sequence n ↦ Φ(j, k, n) for n = 0, 1, 2, …, computed exactly one n at a time.
///
/// Memory holds the last k values of Φ, j^(n−k+1) and jⁿ, so it does not grow with the
/// number of steps beyond the size of those numbers (O(k·n·log j) bits). Each step is a
/// handful of linear passes (a scalar multiplication by j, an addition, a subtraction).
#[derive(Debug, Clone)]
pub struct FailureCountRecurrence {
    calls: u32,
    failing_length: usize,
    length: u64,
    /// Φ(j, k, m) at index m mod k, for m in n−k+1..=n (zero where m < 0).
    recent: Vec<BigUint>,
    /// j^(n+1−k), the number of test cases of length n+1 that end with the failing
    /// sequence (used from n+1 = k on).
    ending_with_failure: BigUint,
    /// jⁿ, the number of test cases of length n.
    all_test_cases: BigUint,
    scratch: BigUint,
}

impl FailureCountRecurrence {
    /// Starts at n = 0 for j distinct method calls and a failing sequence of length k.
    ///
    /// # Errors
    /// As [`check_recurrence_parameters`]: j ≥ 1, k ≥ 1, and not j = 1 < k.
    pub fn new(calls: u32, failing_length: u32) -> Result<Self, AnalysisError> {
        check_recurrence_parameters(calls, failing_length)?;
        let failing_length = failing_length as usize;
        Ok(Self {
            calls,
            failing_length,
            length: 0,
            recent: vec![BigUint::zero(); failing_length],
            ending_with_failure: BigUint::one(),
            all_test_cases: BigUint::one(),
            scratch: BigUint::zero(),
        })
    }

    /// j, the number of distinct method calls.
    pub fn calls(&self) -> u32 {
        self.calls
    }

    /// k, the length of the failing sequence.
    pub fn failing_length(&self) -> u32 {
        self.failing_length as u32
    }

    fn slot(&self, length: u64) -> usize {
        (length % self.failing_length as u64) as usize
    }
}

impl FailureCounts for FailureCountRecurrence {
    fn length(&self) -> u64 {
        self.length
    }

    /// Φ(j, k, n): the number of the jⁿ test cases of length n that contain the failing
    /// sequence.
    fn failing(&self) -> &BigUint {
        &self.recent[self.slot(self.length)]
    }

    fn all_test_cases(&self) -> &BigUint {
        &self.all_test_cases
    }

    fn advance(&mut self) {
        let next = self.length + 1;
        let oldest = self.slot(next); // holds Φ(n+1−k)
        if next >= self.failing_length as u64 {
            let previous = self.slot(self.length);
            self.scratch.clone_from(&self.recent[previous]);
            self.scratch *= self.calls;
            self.scratch += &self.ending_with_failure;
            self.scratch -= &self.recent[oldest];
            mem::swap(&mut self.scratch, &mut self.recent[oldest]);
            self.ending_with_failure *= self.calls;
        }
        self.all_test_cases *= self.calls;
        self.length = next;
    }
}

/// Φ(j, k, n) for a single n (streams from 0, so costs O(n) steps).
///
/// # Errors
/// As [`FailureCountRecurrence::new`].
pub fn failure_count(
    calls: u32,
    failing_length: u32,
    length: u64,
) -> Result<BigUint, AnalysisError> {
    let mut recurrence = FailureCountRecurrence::new(calls, failing_length)?;
    recurrence.advance_to(length);
    Ok(recurrence.failing().clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::brute_force;
    use proptest::prelude::*;

    #[test]
    fn recurrence_matches_brute_force_for_every_non_overlapping_pattern() {
        let mut checked = 0;
        for calls in 1..=4u32 {
            for failing_length in 1..=3u32 {
                if calls == 1 && failing_length > 1 {
                    continue; // every pattern overlaps itself
                }
                for pattern in brute_force::all_sequences(calls, failing_length as usize) {
                    if brute_force::overlaps_itself(&pattern) {
                        continue;
                    }
                    let mut recurrence =
                        FailureCountRecurrence::new(calls, failing_length).unwrap();
                    for length in 0..=8 {
                        recurrence.advance_to(length);
                        let expected = brute_force::count_containing(
                            calls,
                            length as usize,
                            std::slice::from_ref(&pattern),
                        );
                        assert_eq!(
                            recurrence.failing(),
                            &BigUint::from(expected),
                            "j = {calls}, pattern {pattern:?}, n = {length}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 500, "only {checked} cases checked");
    }

    #[test]
    fn recurrence_overcounts_the_self_overlapping_pattern_zero_zero() {
        // The report's counterexample: pattern "0 0", j = 2, n = 4.
        assert_eq!(failure_count(2, 2, 4).unwrap(), BigUint::from(11u32));
        assert_eq!(brute_force::count_containing(2, 4, &[vec![0, 0]]), 8);
    }

    #[test]
    fn small_values_follow_the_definition() {
        // n < k: 0; n = k: 1; k = 1: jⁿ − (j−1)ⁿ.
        assert_eq!(failure_count(5, 3, 2).unwrap(), BigUint::zero());
        assert_eq!(failure_count(5, 3, 3).unwrap(), BigUint::one());
        assert_eq!(
            failure_count(10, 1, 3).unwrap(),
            BigUint::from(1000u32 - 729)
        );
    }

    #[test]
    fn zero_calls_or_empty_sequence_is_rejected() {
        assert_eq!(
            FailureCountRecurrence::new(0, 2).unwrap_err(),
            AnalysisError::NoMethodCalls
        );
        assert_eq!(
            FailureCountRecurrence::new(3, 0).unwrap_err(),
            AnalysisError::EmptyFailingSequence
        );
        assert_eq!(
            FailureCountRecurrence::new(1, 2).unwrap_err(),
            AnalysisError::OnlyOverlappingSequences { k: 2 }
        );
    }

    proptest! {
        #[test]
        fn failure_density_lies_in_the_unit_interval_and_never_decreases(
            calls in 2u32..1_000_000,
            failing_length in 1u32..6,
            steps in 1u64..300,
        ) {
            let mut recurrence = FailureCountRecurrence::new(calls, failing_length).unwrap();
            let mut previous = recurrence.failure_density();
            for _ in 0..steps {
                recurrence.advance();
                let density = recurrence.failure_density();
                prop_assert!(recurrence.failing() <= recurrence.all_test_cases());
                // FD is non-decreasing up to the ~1e-15 rounding of the conversion.
                prop_assert!(density.log10() >= previous.log10() - 1e-14);
                previous = density;
            }
        }
    }
}
