//! Failure-density analytics (Section 5 of the paper): Φ(j, k, n), FD and FDpmc.
//!
//! Notation as in the paper: a test case is a sequence of n method calls, each one of
//! j distinct calls, so there are jⁿ test cases of length n. A *failing sequence* of
//! length k is a sequence of calls whose occurrence (as a contiguous block) anywhere in
//! a test case makes that test case fail.
//!
//! - [`phi::FailureCountRecurrence`]: Φ(j, k, n), the number of failing test cases, by
//!   the Section 5.1 recurrence, exact ([`num_bigint::BigUint`]) and streaming;
//! - [`float::ScaledDensityRecurrence`]: the same failure density FD = Φ/jⁿ in floating
//!   point, through a scaled recurrence that does not underflow;
//! - [`optimal`]: the most cost-effective test length of Section 5.2, the first local
//!   maximum over n of FDpmc = FD/n;
//! - [`pattern::PatternCounter`]: Φ for arbitrary failing sequences (self-overlapping
//!   ones, and sets of several), which Section 5.3 says cannot be handled analytically,
//!   by an exact Aho–Corasick automaton dynamic program;
//! - [`pattern::WeightedPatternDensity`]: the same density when calls are drawn with
//!   unequal probabilities (the paper's R), in `f64`;
//! - [`scientific::ScientificNumber`]: the decimal form of densities far below the
//!   range of `f64`.
//!
//! Everything here is pure mathematics: no I/O, no global random number generator.

use thiserror::Error;

pub mod float;
pub mod optimal;
pub mod pattern;
pub mod phi;
pub mod scientific;

#[cfg(test)]
pub(crate) mod brute_force;

/// Invalid parameters of a failure-density computation.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum AnalysisError {
    /// j, the number of distinct method calls, was zero.
    #[error("the number of distinct method calls j must be at least 1, got 0")]
    NoMethodCalls,
    /// k, the length of the failing sequence, was zero (or a pattern was empty).
    #[error("a failing sequence must contain at least one method call (k ≥ 1)")]
    EmptyFailingSequence,
    /// j = 1 and k ≥ 2: every failing sequence then overlaps itself, which the
    /// recurrence of Section 5.1 assumes away.
    #[error(
        "with j = 1 every failing sequence of length k = {k} overlaps itself, so the \
         recurrence does not apply (count it as a pattern instead)"
    )]
    OnlyOverlappingSequences {
        /// The length of the failing sequence.
        k: u32,
    },
    /// A set of failing sequences had no member.
    #[error("at least one failing sequence is needed")]
    NoFailingSequences,
    /// A failing sequence used a call index outside 0..j.
    #[error("call index {symbol} is out of range: calls are numbered 0..{j} (j = {j})")]
    CallOutOfRange {
        /// The offending call index.
        symbol: u32,
        /// The number of distinct method calls.
        j: u32,
    },
    /// Call probabilities that are not a probability distribution.
    #[error("call probabilities must be finite, non-negative and sum to 1 (they sum to {total})")]
    NotADistribution {
        /// Their sum.
        total: f64,
    },
    /// The search for the optimal length found no maximum below the given limit.
    #[error("no local maximum of FDpmc(j = {j}, k = {k}, n) for n ≤ {limit}")]
    NoMaximumBelowLimit {
        /// The number of distinct method calls.
        j: u32,
        /// The length of the failing sequence.
        k: u32,
        /// The largest length examined.
        limit: u64,
    },
}

/// Checks the parameters of the Section 5.1 model: j ≥ 1, k ≥ 1, and a failing sequence
/// of length k over j calls that does not overlap itself exists (j ≥ 2 or k = 1).
///
/// # Errors
/// [`AnalysisError::NoMethodCalls`], [`AnalysisError::EmptyFailingSequence`] or
/// [`AnalysisError::OnlyOverlappingSequences`].
pub fn check_recurrence_parameters(calls: u32, failing_length: u32) -> Result<(), AnalysisError> {
    match (calls, failing_length) {
        (0, _) => Err(AnalysisError::NoMethodCalls),
        (_, 0) => Err(AnalysisError::EmptyFailingSequence),
        (1, k) if k >= 2 => Err(AnalysisError::OnlyOverlappingSequences { k }),
        _ => Ok(()),
    }
}
