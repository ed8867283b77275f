//! Strategies: walks over the explorative strategy search tree of a context at length n.
//!
//! Every strategy is *counter-based*: test case number k (0-based) is a pure function of
//! the strategy's parameters, its seed and k ([`Strategy::case_into`]). A range of
//! counters can therefore be handed to another thread or machine and the same seed gives
//! the same test cases for any thread count. [`Strategy::cursor`] walks a range
//! sequentially, faster where the strategy allows (BE's odometer, bobw-prime's digit-wise
//! addition).
//!
//! Test cases are digit vectors: `out[i]` = ⟦mc_{i+1}⟧ ∈ [0, j). Big integers are only
//! needed to report a test case's index (see [`crate::encoding::TestCaseCodec`]).
//!
//! | CLI / TOML name | type | the paper's name |
//! |---|---|---|
//! | `be` | [`BoundedExhaustive`] | BE(n) |
//! | `r` | [`Random`] | R(n, q) |
//! | `r-leaf` | [`RandomLeaf`] | — (the model of Section 4.1) |
//! | `bobw` | [`PermutationWalk`] | BOBW(n), as intended |
//! | `bobw-prime` | [`PrimeStep`] | BOBW(n), as implemented in the paper |
//!
//! [`quality`] is a statistical battery for judging how random a walk's order looks.

mod bounded_exhaustive;
mod permutation_walk;
mod prime_step;
pub mod quality;
mod random;
mod random_leaf;
pub mod rng;
mod search;

pub use bounded_exhaustive::BoundedExhaustive;
pub use permutation_walk::PermutationWalk;
pub use prime_step::PrimeStep;
pub use random::Random;
pub use random_leaf::RandomLeaf;
pub use search::{Budget, SearchOutcome, StopReason, search};

use std::fmt;
use std::str::FromStr;

use crate::encoding::CallSpace;

/// A walk over the jⁿ test cases of length n.
///
/// Contract: `case_into(k, out)` writes test case number k into `out` (length n) and
/// returns `true`, or returns `false` when the walk has fewer than k + 1 test cases
/// ([`Strategy::limit`]); it is deterministic in the strategy's parameters, seed and k.
pub trait Strategy: Send + Sync {
    /// The strategy's name at the edges (`be`, `r`, `r-leaf`, `bobw`, `bobw-prime`).
    fn name(&self) -> &'static str;

    /// n: the number of method calls per test case.
    fn length(&self) -> usize;

    /// The number of test cases in the walk when it is finite and fits in a `u64`
    /// (z = jⁿ for walks without replacement); `None` for walks with replacement or
    /// beyond 2⁶⁴ test cases.
    fn limit(&self) -> Option<u64>;

    /// Writes test case number `counter` into `out`; see the trait's contract.
    fn case_into(&self, counter: u64, out: &mut [u32]) -> bool;

    /// A sequential walk from test case number `start`; yields exactly the test cases
    /// `case_into(start)`, `case_into(start + 1)`, ….
    fn cursor(&self, start: u64) -> Box<dyn Cursor + '_> {
        Box::new(CounterCursor {
            strategy: self,
            next: start,
        })
    }
}

/// A sequential walk through a strategy's test cases.
pub trait Cursor {
    /// Writes the next test case into `out` and returns `true`, or returns `false` at the
    /// end of the walk.
    fn next_case(&mut self, out: &mut [u32]) -> bool;
}

/// The default cursor: calls [`Strategy::case_into`] with consecutive counters.
struct CounterCursor<'a, S: ?Sized> {
    strategy: &'a S,
    next: u64,
}

impl<S: Strategy + ?Sized> Cursor for CounterCursor<'_, S> {
    fn next_case(&mut self, out: &mut [u32]) -> bool {
        let ok = self.next != u64::MAX && self.strategy.case_into(self.next, out);
        if ok {
            self.next += 1;
        }
        ok
    }
}

/// The strategies by name.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum StrategyKind {
    /// `be`: [`BoundedExhaustive`].
    #[serde(rename = "be")]
    BoundedExhaustive,
    /// `r`: [`Random`].
    #[serde(rename = "r")]
    Random,
    /// `r-leaf`: [`RandomLeaf`].
    #[serde(rename = "r-leaf")]
    RandomLeaf,
    /// `bobw`: [`PermutationWalk`].
    #[serde(rename = "bobw")]
    PermutationWalk,
    /// `bobw-prime`: [`PrimeStep`].
    #[serde(rename = "bobw-prime")]
    PrimeStep,
}

impl StrategyKind {
    /// Every strategy, in the order above.
    pub const ALL: [StrategyKind; 5] = [
        Self::BoundedExhaustive,
        Self::Random,
        Self::RandomLeaf,
        Self::PermutationWalk,
        Self::PrimeStep,
    ];

    /// The name at the edges.
    pub fn name(self) -> &'static str {
        match self {
            Self::BoundedExhaustive => "be",
            Self::Random => "r",
            Self::RandomLeaf => "r-leaf",
            Self::PermutationWalk => "bobw",
            Self::PrimeStep => "bobw-prime",
        }
    }

    /// Whether the strategy's test cases depend on its seed (`be` and `bobw-prime` walk the
    /// same order for every seed, so a cell of theirs with a given budget has the same
    /// result in every replicate of an experiment).
    pub fn uses_seed(self) -> bool {
        !matches!(self, Self::BoundedExhaustive | Self::PrimeStep)
    }

    /// Builds the strategy for the call space of a context, length `n` and `seed`
    /// (`be` and `bobw-prime` are deterministic and ignore the seed).
    pub fn build(self, space: &CallSpace, n: usize, seed: u64) -> Box<dyn Strategy> {
        match self {
            Self::BoundedExhaustive => Box::new(BoundedExhaustive::new(space.j(), n)),
            Self::Random => Box::new(Random::new(space, n, seed)),
            Self::RandomLeaf => Box::new(RandomLeaf::new(space.j(), n, seed)),
            Self::PermutationWalk => Box::new(PermutationWalk::new(space.j(), n, seed)),
            Self::PrimeStep => Box::new(PrimeStep::new(space.j(), n)),
        }
    }
}

impl fmt::Display for StrategyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown strategy name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown strategy `{0}` (expected one of: be, r, r-leaf, bobw, bobw-prime)")]
pub struct UnknownStrategy(pub String);

impl FromStr for StrategyKind {
    type Err = UnknownStrategy;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| UnknownStrategy(s.to_string()))
    }
}

/// z = jⁿ if it fits in a `u64`.
pub(crate) fn z_u64(j: u32, n: usize) -> Option<u64> {
    let n = u32::try_from(n).ok()?;
    (j as u64).checked_pow(n)
}
