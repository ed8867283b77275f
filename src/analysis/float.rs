//! FD(j, k, n) in floating point through a scaled recurrence.
//!
//! Dividing the Section 5.1 recurrence by jⁿ gives
//! FD(n) = FD(n−1) + j^−k·(1 − FD(n−k)) for n > k, FD(k) = j^−k, FD(n) = 0 for n < k.
//! j^−k underflows for large k (j = 300: from k ≈ 130), so this module iterates
//! H(n) = FD(n)·j^k instead: H(n) = H(n−1) + 1 − j^−k·H(n−k), H(k) = 1, and reports
//! log₁₀ FD = log₁₀ H − k·log₁₀ j. H stays between 0 and min(n, j^k), so nothing
//! overflows, and when j^−k underflows to 0 the result H(n) = n − k + 1 is correct to
//! `f64` precision.

use super::scientific::ScientificNumber;
use super::{AnalysisError, check_recurrence_parameters};

/// The sequence n ↦ FD(j, k, n) for n = 0, 1, 2, … in `f64`, O(1) work per step and
/// O(k) memory.
#[derive(Debug, Clone)]
pub struct ScaledDensityRecurrence {
    calls: u32,
    failing_length: usize,
    length: u64,
    /// j^−k (0 if it underflows).
    single_sequence_density: f64,
    /// k·log₁₀ j.
    log10_scale: f64,
    /// H(m) = FD(m)·j^k at index m mod k, for m in n−k+1..=n.
    recent: Vec<f64>,
}

impl ScaledDensityRecurrence {
    /// Starts at n = 0 for j distinct method calls and a failing sequence of length k.
    ///
    /// # Errors
    /// As [`check_recurrence_parameters`]: j ≥ 1, k ≥ 1, and not j = 1 < k.
    pub fn new(calls: u32, failing_length: u32) -> Result<Self, AnalysisError> {
        check_recurrence_parameters(calls, failing_length)?;
        let log10_scale = f64::from(failing_length) * f64::from(calls).log10();
        Ok(Self {
            calls,
            failing_length: failing_length as usize,
            length: 0,
            single_sequence_density: 10f64.powf(-log10_scale),
            log10_scale,
            recent: vec![0.0; failing_length as usize],
        })
    }

    /// j, the number of distinct method calls.
    pub fn calls(&self) -> u32 {
        self.calls
    }

    /// n, the current test-case length.
    pub fn length(&self) -> u64 {
        self.length
    }

    /// H(n) = FD(j, k, n)·j^k, the scaled failure density.
    pub fn scaled_density(&self) -> f64 {
        self.recent[self.slot(self.length)]
    }

    /// FD(j, k, n), the failure density (relative error about 10⁻¹³ or better).
    pub fn failure_density(&self) -> ScientificNumber {
        let scaled = self.scaled_density();
        if scaled == 0.0 {
            ScientificNumber::ZERO
        } else {
            ScientificNumber::from_log10(scaled.log10() - self.log10_scale)
        }
    }

    /// Moves from n to n + 1.
    pub fn advance(&mut self) {
        let next = self.length + 1;
        if next >= self.failing_length as u64 {
            let oldest = self.slot(next);
            let previous = self.scaled_density();
            self.recent[oldest] =
                previous + 1.0 - self.single_sequence_density * self.recent[oldest];
        }
        self.length = next;
    }

    /// Advances until n = `length` (no-op if already there or beyond).
    pub fn advance_to(&mut self, length: u64) {
        while self.length < length {
            self.advance();
        }
    }

    fn slot(&self, length: u64) -> usize {
        (length % self.failing_length as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::phi::{FailureCountRecurrence, FailureCounts};
    use proptest::prelude::*;

    fn assert_close(float: ScientificNumber, exact: ScientificNumber, tolerance: f64) {
        if exact.is_zero() {
            assert!(float.is_zero(), "float {float} where exact is 0");
        } else {
            let difference = (float.log10() - exact.log10()).abs() * std::f64::consts::LN_10;
            assert!(difference < tolerance, "float {float} vs exact {exact}");
        }
    }

    #[test]
    fn float_path_agrees_with_exact_path_over_a_grid() {
        for (calls, failing_lengths) in [
            (1u32, 1..=1u32),
            (2, 1..=6),
            (3, 1..=6),
            (7, 1..=6),
            (300, 1..=6),
        ] {
            for failing_length in failing_lengths {
                let mut exact = FailureCountRecurrence::new(calls, failing_length).unwrap();
                let mut float = ScaledDensityRecurrence::new(calls, failing_length).unwrap();
                for length in 0..=1500 {
                    exact.advance_to(length);
                    float.advance_to(length);
                    assert_close(float.failure_density(), exact.failure_density(), 1e-12);
                }
            }
        }
    }

    #[test]
    fn float_path_does_not_underflow_for_long_failing_sequences() {
        // j^−k = 300^−200 is far below the f64 range; FD(n) = (n − k + 1)·j^−k here.
        let mut exact = FailureCountRecurrence::new(300, 200).unwrap();
        let mut float = ScaledDensityRecurrence::new(300, 200).unwrap();
        exact.advance_to(450);
        float.advance_to(450);
        let density = float.failure_density();
        assert!(density.exponent() < -490, "{density}");
        assert_close(density, exact.failure_density(), 1e-12);
    }

    proptest! {
        #[test]
        fn float_path_agrees_with_exact_path_at_random_points(
            calls in 2u32..100_000,
            failing_length in 1u32..40,
            length in 0u64..600,
        ) {
            let mut exact = FailureCountRecurrence::new(calls, failing_length).unwrap();
            let mut float = ScaledDensityRecurrence::new(calls, failing_length).unwrap();
            exact.advance_to(length);
            float.advance_to(length);
            assert_close(float.failure_density(), exact.failure_density(), 1e-12);
        }
    }
}
