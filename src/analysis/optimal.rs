//! The most cost-effective test length (Section 5.2): the first local maximum over n of
//! FDpmc(j, k, n) = FD(j, k, n)/n.
//!
//! For the paper's model the first local maximum is also the global one on n ≥ k.
//! Write d(n) = FD(n) − FD(n−1) = j^−k·(1 − FD(n−k)) and
//! D(n) = n·d(n+1) − FD(n), so that FDpmc(n+1) < FDpmc(n) ⇔ D(n) < 0. Then
//! D(n+1) − D(n) = (n+1)·(d(n+2) − d(n+1)) ≤ 0 because FD never decreases: once
//! FDpmc declines it declines for ever, and the optimum is the first n ≥ k with D(n) < 0.
//! Near it n is about √(2(k−1)·j^k), far beyond what stepping through n can reach
//! (j = 300, k = 10: about 10¹³), so [`optimal_length`] evaluates D at arbitrary n by
//! powers of the recurrence's transition matrix and binary search, in `f64`.
//! [`optimal_length_exact`] steps through n in exact arithmetic instead.

use num_bigint::BigUint;

use super::phi::{FailureCountRecurrence, FailureCounts};
use super::scientific::ScientificNumber;
use super::{AnalysisError, check_recurrence_parameters};

/// The largest length [`optimal_length`] considers: 2⁵³, below which every integer is
/// exact in `f64`.
pub const FLOAT_SEARCH_LIMIT: u64 = 1 << 53;

/// The first local maximum of FDpmc(j, k, n) over n.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OptimalLength {
    /// j, the number of distinct method calls.
    pub calls: u32,
    /// k, the length of the failing sequence.
    pub failing_length: u32,
    /// n_opt, the first n with FDpmc(n) > FDpmc(n+1) (and FDpmc(n) ≥ FDpmc(m), m < n).
    pub length: u64,
    /// FD(j, k, n_opt).
    pub failure_density: ScientificNumber,
    /// FDpmc(j, k, n_opt) = FD(j, k, n_opt)/n_opt.
    pub density_per_call: ScientificNumber,
}

/// The optimal length by exact arithmetic, stepping n = k, k+1, … up to `limit`.
///
/// Compares FDpmc(n+1) < FDpmc(n) as n·Φ(n+1) < j·(n+1)·Φ(n), so the answer is exact;
/// the cost grows like n_opt² · log j, which is practical up to n_opt ≈ 10⁵.
///
/// # Errors
/// As [`check_recurrence_parameters`]; [`AnalysisError::NoMaximumBelowLimit`] if FDpmc
/// does not decline before n = `limit`.
pub fn optimal_length_exact(
    calls: u32,
    failing_length: u32,
    limit: u64,
) -> Result<OptimalLength, AnalysisError> {
    let mut recurrence = FailureCountRecurrence::new(calls, failing_length)?;
    recurrence.advance_to(u64::from(failing_length));
    while recurrence.length() < limit {
        let length = recurrence.length();
        let current = recurrence.failing().clone();
        let current_density = recurrence.failure_density();
        recurrence.advance();
        let next_scaled: BigUint = recurrence.failing() * length;
        let current_scaled: BigUint = current * (u64::from(calls) * (length + 1));
        if next_scaled < current_scaled {
            return Ok(OptimalLength {
                calls,
                failing_length,
                length,
                failure_density: current_density,
                density_per_call: current_density.divided_by(length),
            });
        }
    }
    Err(AnalysisError::NoMaximumBelowLimit {
        j: calls,
        k: failing_length,
        limit,
    })
}

/// The optimal length in `f64`, for n up to [`FLOAT_SEARCH_LIMIT`].
///
/// Costs O(k³·log n_opt). The sign of D(n) is computed without cancellation of large
/// terms (see the module documentation), so n_opt is exact unless FDpmc is flat at the
/// top to within about 10⁻¹⁵ relative; it agrees with [`optimal_length_exact`] on every
/// case tested.
///
/// # Errors
/// As [`check_recurrence_parameters`]; [`AnalysisError::NoMaximumBelowLimit`] if the
/// optimum lies beyond [`FLOAT_SEARCH_LIMIT`].
pub fn optimal_length(calls: u32, failing_length: u32) -> Result<OptimalLength, AnalysisError> {
    check_recurrence_parameters(calls, failing_length)?;
    let beyond_limit = AnalysisError::NoMaximumBelowLimit {
        j: calls,
        k: failing_length,
        limit: FLOAT_SEARCH_LIMIT,
    };
    let log10_scale = f64::from(failing_length) * f64::from(calls).log10();
    // n_opt ≈ √(2(k−1)·j^k): give up at once when that is far beyond the limit.
    let log10_estimate =
        0.5 * ((2.0 * f64::from(failing_length - 1)).max(1.0).log10() + log10_scale);
    if log10_estimate > (FLOAT_SEARCH_LIMIT as f64).log10() + 1.0 {
        return Err(beyond_limit);
    }
    let system = DensitySystem::new(failing_length as usize, 10f64.powf(-log10_scale));
    let first = u64::from(failing_length);
    let start = system.initial_state();
    if system.declines_after(&start, first) {
        return Ok(system.optimum(calls, failing_length, first, &start, log10_scale));
    }
    // Gallop: powers[i] = T^(2^i) until D(k + 2^i) < 0.
    let mut powers = vec![system.transition()];
    loop {
        let steps = 1u64 << (powers.len() - 1);
        if first + steps > FLOAT_SEARCH_LIMIT {
            return Err(beyond_limit);
        }
        let candidate = powers
            .last()
            .expect("powers starts non-empty")
            .apply(&start);
        if system.declines_after(&candidate, first + steps) {
            break;
        }
        let last = powers.last().expect("powers starts non-empty");
        powers.push(last.multiply(last));
    }
    // Binary lifting: the largest n with D(n) ≥ 0 lies in [k, k + 2^top).
    let top = powers.len() - 1;
    let (mut length, mut state) = (first, start);
    for bit in (0..top).rev() {
        let candidate = powers[bit].apply(&state);
        if !system.declines_after(&candidate, length + (1 << bit)) {
            state = candidate;
            length += 1 << bit;
        }
    }
    let optimum_state = powers[0].apply(&state);
    Ok(system.optimum(
        calls,
        failing_length,
        length + 1,
        &optimum_state,
        log10_scale,
    ))
}

/// The affine recurrence H(n+1) = H(n) + 1 − ε·H(n+1−k) (H = FD·j^k, ε = j^−k) with the
/// running sum G(n) = Σ_{i ≤ n−k} H(i), as a linear map on the state
/// [H(n), H(n−1), …, H(n−k+1), G(n), 1].
struct DensitySystem {
    failing_length: usize,
    single_sequence_density: f64,
}

impl DensitySystem {
    fn new(failing_length: usize, single_sequence_density: f64) -> Self {
        Self {
            failing_length,
            single_sequence_density,
        }
    }

    fn dimension(&self) -> usize {
        self.failing_length + 2
    }

    /// The state at n = k: H(k) = 1, H(m) = 0 for m < k, G(k) = H(0) = 0.
    fn initial_state(&self) -> Vec<f64> {
        let mut state = vec![0.0; self.dimension()];
        state[0] = 1.0;
        state[self.failing_length + 1] = 1.0;
        state
    }

    fn transition(&self) -> Matrix {
        let (k, size) = (self.failing_length, self.dimension());
        let mut matrix = Matrix::zero(size);
        matrix.add(0, 0, 1.0);
        matrix.add(0, k + 1, 1.0);
        matrix.add(0, k - 1, -self.single_sequence_density);
        for row in 1..k {
            matrix.add(row, row - 1, 1.0);
        }
        matrix.add(k, k, 1.0);
        matrix.add(k, k - 1, 1.0);
        matrix.add(k + 1, k + 1, 1.0);
        matrix
    }

    /// Whether FDpmc(n+1) < FDpmc(n), from the state at n, by the sign of
    /// D(n)·j^k = (k−1)·(1 − ε·H(m)) − ε·(m·H(m) − Σ_{i<m} H(i)), m = n − k + 1.
    fn declines_after(&self, state: &[f64], length: u64) -> bool {
        let k = self.failing_length;
        let oldest = length + 1 - k as u64;
        let (scaled, sum_before) = (state[k - 1], state[k]);
        let epsilon = self.single_sequence_density;
        let sign = (k as f64 - 1.0) * (1.0 - epsilon * scaled)
            - epsilon * (oldest as f64 * scaled - sum_before);
        sign < 0.0
    }

    fn optimum(
        &self,
        calls: u32,
        failing_length: u32,
        length: u64,
        state: &[f64],
        log10_scale: f64,
    ) -> OptimalLength {
        let failure_density = ScientificNumber::from_log10(state[0].log10() - log10_scale);
        OptimalLength {
            calls,
            failing_length,
            length,
            failure_density,
            density_per_call: failure_density.divided_by(length),
        }
    }
}

/// A dense square matrix, row-major.
struct Matrix {
    size: usize,
    entries: Vec<f64>,
}

impl Matrix {
    fn zero(size: usize) -> Self {
        Self {
            size,
            entries: vec![0.0; size * size],
        }
    }

    fn add(&mut self, row: usize, column: usize, value: f64) {
        self.entries[row * self.size + column] += value;
    }

    fn multiply(&self, other: &Matrix) -> Matrix {
        let mut product = Matrix::zero(self.size);
        for row in 0..self.size {
            for middle in 0..self.size {
                let left = self.entries[row * self.size + middle];
                if left == 0.0 {
                    continue;
                }
                let other_row = &other.entries[middle * self.size..(middle + 1) * self.size];
                let product_row = &mut product.entries[row * self.size..(row + 1) * self.size];
                for (target, right) in product_row.iter_mut().zip(other_row) {
                    *target += left * right;
                }
            }
        }
        product
    }

    fn apply(&self, vector: &[f64]) -> Vec<f64> {
        self.entries
            .chunks_exact(self.size)
            .map(|row| row.iter().zip(vector).map(|(a, b)| a * b).sum())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::float::ScaledDensityRecurrence;

    #[test]
    fn float_search_agrees_with_exact_search_over_a_grid() {
        for calls in 2..=12u32 {
            for failing_length in 1..=4u32 {
                let exact = optimal_length_exact(calls, failing_length, 100_000).unwrap();
                let float = optimal_length(calls, failing_length).unwrap();
                assert_eq!(
                    float.length, exact.length,
                    "j = {calls}, k = {failing_length}"
                );
                let error = (float.density_per_call.log10() - exact.density_per_call.log10()).abs();
                assert!(error < 1e-12, "j = {calls}, k = {failing_length}");
            }
        }
    }

    #[test]
    fn optimum_is_a_local_maximum_of_the_stepped_float_density() {
        for (calls, failing_length) in [(30u32, 3u32), (100, 3), (10, 5), (300, 2), (7, 7)] {
            let optimum = optimal_length(calls, failing_length).unwrap();
            let mut recurrence = ScaledDensityRecurrence::new(calls, failing_length).unwrap();
            let per_call = |recurrence: &mut ScaledDensityRecurrence, length: u64| {
                recurrence.advance_to(length);
                recurrence.failure_density().divided_by(length).log10()
            };
            let before = per_call(&mut recurrence, optimum.length - 1);
            let at = per_call(&mut recurrence, optimum.length);
            let after = per_call(&mut recurrence, optimum.length + 1);
            assert!(
                before <= at && at > after,
                "j = {calls}, k = {failing_length}"
            );
        }
    }

    #[test]
    fn single_call_failures_are_best_found_by_length_one() {
        for calls in [2u32, 10, 300, 1_000_000] {
            assert_eq!(optimal_length(calls, 1).unwrap().length, 1);
            assert_eq!(optimal_length_exact(calls, 1, 10).unwrap().length, 1);
        }
    }

    #[test]
    fn optimum_tracks_the_asymptotic_estimate_for_large_search_spaces() {
        // n_opt ≈ √(2(k−1)·j^k) when j^k is large.
        let optimum = optimal_length(300, 6).unwrap();
        let estimate = (2.0 * 5.0 * 300f64.powi(6)).sqrt();
        assert!(
            (optimum.length as f64 / estimate - 1.0).abs() < 0.01,
            "{}",
            optimum.length
        );
    }

    #[test]
    fn optimum_beyond_the_search_limit_is_reported() {
        assert_eq!(
            optimal_length(1_000_000, 10).unwrap_err(),
            AnalysisError::NoMaximumBelowLimit {
                j: 1_000_000,
                k: 10,
                limit: FLOAT_SEARCH_LIMIT
            }
        );
        assert!(matches!(
            optimal_length_exact(300, 5, 1000),
            Err(AnalysisError::NoMaximumBelowLimit { limit: 1000, .. })
        ));
    }
}
