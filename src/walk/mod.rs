//! Strategies: walks over the explorative strategy search tree of a context at length n.
//!
//! Every strategy is *counter-based*: test case number k (0-based) is a pure function of
//! the strategy's parameters, its seed and k ([`Walk::case_into`]). A range of
//! counters can therefore be handed to another thread or machine and the same seed gives
//! the same test cases for any thread count. [`Walk::cursor`] walks a range
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
//! | `round-robin` | [`RoundRobin`] | — (the book's example of adding a strategy) |
//! | `swarm` | [`Swarm`] | swarm testing (Groce et al., ISSTA 2012) over M_C |
//! | `choice` | [`Choice`] | a choice model (Poulding & Feldt, ICST 2015); by default R |
//! | `proptest` | [`StateMachineWalk`] | proptest-state-machine's sequential strategy |
//!
//! Each is registered in `register_walks!` below through its [`CounterWalk`] implementation;
//! [`WalkKind`] names a registered one.
//!
//! [`quality`] is a statistical battery for judging how random a walk's order looks.

mod bounded_exhaustive;
pub mod choice;
mod permutation_walk;
mod prime_step;
pub mod quality;
mod random;
mod random_leaf;
mod round_robin;
mod search;
pub mod state_machine;
mod swarm;

pub use crate::kernel::parameters::{
    self, CostUnits, NoParameters, ParameterError, ParameterScope, ParameterValues, Parameters,
    Probability,
};
pub use bounded_exhaustive::BoundedExhaustive;
pub use choice::{Choice, ChoiceParams};
pub use permutation_walk::PermutationWalk;
pub use prime_step::PrimeStep;
pub use random::Random;
pub use random_leaf::RandomLeaf;
pub use round_robin::RoundRobin;
pub use search::{Budget, SearchOutcome, StopReason, search};
pub use state_machine::{ProptestParams, StateMachineWalk};
pub use swarm::{Swarm, SwarmParams};

use crate::context::TestContext;

/// Every counter-based strategy that experiment files, `sample`, `run`, `compare`, `plot`
/// and `show-test` know by name: one line per strategy, `CONSTANT = Type`, the type
/// implementing [`CounterWalk`] in its own file of this folder. Adding a strategy is that file
/// and one line here (docs/extending.md, "Adding a strategy").
macro_rules! register_walks {
    ($($constant:ident = $walk:ty),* $(,)?) => {
        impl WalkKind {
            $(
                #[doc = concat!("`", stringify!($walk), "`.")]
                pub const $constant: WalkKind = WalkKind(&WalkEntry::of::<$walk>());
            )*

            /// Every registered walk, in registration order.
            pub const ALL: &'static [WalkKind] = &[$(Self::$constant),*];
        }
    };
}

register_walks! {
    BOUNDED_EXHAUSTIVE = BoundedExhaustive,
    RANDOM = Random,
    RANDOM_LEAF = RandomLeaf,
    PERMUTATION_WALK = PermutationWalk,
    PRIME_STEP = PrimeStep,
    ROUND_ROBIN = RoundRobin,
    SWARM = Swarm,
    CHOICE = Choice,
    PROPTEST = StateMachineWalk,
}

/// A walk over the jⁿ test cases of length n, as the rest of testspace drives it (the
/// object-safe face of every [`CounterWalk`], implemented for them all at once).
///
/// Contract: `case_into(k, out)` writes test case number k into `out` (length n) and
/// returns `true`, or returns `false` when the walk has fewer than k + 1 test cases
/// ([`Walk::limit`]); it is deterministic in the walk's parameters, seed and k.
pub trait Walk: Send + Sync {
    /// The walk's name at the edges (`be`, `r`, `r-leaf`, `bobw`, `bobw-prime`, …).
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
    fn cursor(&self, start: u64) -> Box<dyn Cursor + '_>;
}

/// A sequential walk through a walk's test cases.
pub trait Cursor {
    /// Writes the next test case into `out` and returns `true`, or returns `false` at the
    /// end of the walk.
    fn next_case(&mut self, out: &mut [u32]) -> bool;
}

/// The default cursor: calls [`Walk::case_into`] with consecutive counters.
struct CounterCursor<'a, W: ?Sized> {
    walk: &'a W,
    next: u64,
}

impl<W: Walk + ?Sized> Cursor for CounterCursor<'_, W> {
    fn next_case(&mut self, out: &mut [u32]) -> bool {
        let ok = self.next != u64::MAX && self.walk.case_into(self.next, out);
        if ok {
            self.next += 1;
        }
        ok
    }
}

/// A counter-based walk as its file writes it: what the rest of testspace needs to know by
/// name, how to build it, and its test cases; [`Walk`] follows from it.
///
/// Contract of every implementation (checked for the registered ones by the tests of this
/// module): `build` is deterministic in (context, n, seed, parameters), the walk it returns
/// keeps [`Walk`]'s contract, its test cases are canonical-form digit vectors of length n
/// over the context's j call indices ([`TestContext::call_space`]), and nothing in it reads
/// a clock or a global random number generator. [`CounterWalk::USES_SEED`] is false only if
/// the seed changes nothing; [`CounterWalk::WITH_REPLACEMENT`] is true if test case k may
/// repeat an earlier one (its cells are then not split into chunks).
pub trait CounterWalk: Sized + Send + Sync + 'static {
    /// The name at the edges: experiment files, `--strategy`, the `strategy` column.
    const NAME: &'static str;
    /// One line for listings.
    const SUMMARY: &'static str;
    /// Whether test cases depend on the seed.
    const USES_SEED: bool;
    /// Whether test case k may repeat an earlier one.
    const WITH_REPLACEMENT: bool;
    /// Its parameters (`[phase.run.params]`); [`NoParameters`] if it has none.
    type Params: Parameters<TestContext>;

    /// The walk over `context`'s test cases of length `n` with `seed` and `params` (most
    /// walks need only [`TestContext::call_space`]; `choice` also reads the methods'
    /// signatures).
    fn build(context: &TestContext, n: usize, seed: u64, params: &Self::Params) -> Self;

    /// n: the number of method calls per test case.
    fn length(&self) -> usize;

    /// [`Walk::limit`]; `None` by default.
    fn limit(&self) -> Option<u64> {
        None
    }

    /// [`Walk::case_into`].
    fn case_into(&self, counter: u64, out: &mut [u32]) -> bool;

    /// [`Walk::cursor`]; by default [`CounterWalk::case_into`] with consecutive counters.
    fn cursor(&self, start: u64) -> Box<dyn Cursor + '_> {
        Box::new(CounterCursor {
            walk: self,
            next: start,
        })
    }
}

impl<W: CounterWalk> Walk for W {
    fn name(&self) -> &'static str {
        W::NAME
    }

    fn length(&self) -> usize {
        CounterWalk::length(self)
    }

    fn limit(&self) -> Option<u64> {
        CounterWalk::limit(self)
    }

    fn case_into(&self, counter: u64, out: &mut [u32]) -> bool {
        CounterWalk::case_into(self, counter, out)
    }

    fn cursor(&self, start: u64) -> Box<dyn Cursor + '_> {
        CounterWalk::cursor(self, start)
    }
}

/// A walk run: the registered walk and its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct WalkConfig {
    /// The walk.
    pub kind: WalkKind,
    /// Its parameters (`[phase.run.params]`), empty for the defaults.
    #[serde(default, skip_serializing_if = "ParameterValues::is_default")]
    pub params: ParameterValues,
}

impl WalkConfig {
    /// `kind` with its default parameters.
    pub fn of(kind: WalkKind) -> Self {
        WalkConfig {
            kind,
            params: ParameterValues::default(),
        }
    }

    /// Builds the walk over `context`'s test cases at length `n` with `seed`.
    pub fn build(&self, context: &TestContext, n: usize, seed: u64) -> Box<dyn Walk> {
        self.kind.build_with(context, n, seed, &self.params)
    }
}

/// A registered walk, type-erased: its name and properties, its parameter reader and its
/// constructor. Made by [`WalkEntry::of`] in `register_walks!`.
pub struct WalkEntry {
    name: &'static str,
    summary: &'static str,
    uses_seed: bool,
    with_replacement: bool,
    parameter_names: fn() -> Vec<String>,
    read: fn(
        &toml::Table,
        &ParameterScope<'_, TestContext>,
    ) -> Result<ParameterValues, ParameterError>,
    build: fn(&TestContext, usize, u64, &ParameterValues) -> Box<dyn Walk>,
}

impl WalkEntry {
    /// The entry of walk `W`.
    pub const fn of<W: CounterWalk>() -> WalkEntry {
        WalkEntry {
            name: W::NAME,
            summary: W::SUMMARY,
            uses_seed: W::USES_SEED,
            with_replacement: W::WITH_REPLACEMENT,
            parameter_names: parameters::names::<W::Params>,
            read: |table, scope| {
                if table.is_empty() {
                    return Ok(ParameterValues::default());
                }
                parameters::read_in::<TestContext, W::Params>(table, scope)
                    .map(|p| parameters::to_values(&p))
            },
            build: |context, n, seed, values| {
                let params = parameters::from_values::<W::Params>(values);
                Box::new(W::build(context, n, seed, &params))
            },
        }
    }
}

/// A registered counter-based strategy, by name: a handle on its [`WalkEntry`]. Compared,
/// ordered, hashed and serialised by name.
#[derive(Clone, Copy)]
pub struct WalkKind(&'static WalkEntry);

impl WalkKind {
    /// The name at the edges.
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// One line for listings.
    pub fn summary(self) -> &'static str {
        self.0.summary
    }

    /// Whether the strategy's test cases depend on its seed (`be` and `bobw-prime` walk the
    /// same order for every seed, so a cell of theirs with a given budget has the same
    /// result in every replicate of an experiment).
    pub fn uses_seed(self) -> bool {
        self.0.uses_seed
    }

    /// Whether test case k may repeat an earlier one (`r`, `r-leaf`).
    pub fn with_replacement(self) -> bool {
        self.0.with_replacement
    }

    /// Its parameters from an experiment file's `[phase.run.params]` table.
    ///
    /// # Errors
    /// An unknown key or a value it refuses, naming the key.
    pub fn read_parameters(self, table: &toml::Table) -> Result<ParameterValues, ParameterError> {
        self.read_parameters_in(table, &ParameterScope::default())
    }

    /// Its parameters from `table`, resolved in `scope` (files relative to its directory,
    /// checked against its contexts; [`Parameters::resolve`]).
    ///
    /// # Errors
    /// An unknown key or a value it refuses, naming the key.
    pub fn read_parameters_in(
        self,
        table: &toml::Table,
        scope: &ParameterScope<'_, TestContext>,
    ) -> Result<ParameterValues, ParameterError> {
        (self.0.read)(table, scope)
    }

    /// Builds the strategy with its default parameters for a context, length `n` and
    /// `seed`.
    pub fn build(self, context: &TestContext, n: usize, seed: u64) -> Box<dyn Walk> {
        self.build_with(context, n, seed, &ParameterValues::default())
    }

    /// Builds the strategy with `params` (read by [`WalkKind::read_parameters_in`] for
    /// this context among others).
    pub fn build_with(
        self,
        context: &TestContext,
        n: usize,
        seed: u64,
        params: &ParameterValues,
    ) -> Box<dyn Walk> {
        (self.0.build)(context, n, seed, params)
    }
}

crate::kernel::named_handle!(WalkKind, UnknownWalk);

/// An unknown walk name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown walk `{0}` (expected one of: {names})", names = WalkKind::names())]
pub struct UnknownWalk(pub String);

/// The paper's pools with M_C = `signatures` of the registered unit `class` (for tests).
#[cfg(test)]
pub(crate) fn test_context(class: &str, signatures: &[&str]) -> TestContext {
    let unit = crate::subject::registry()
        .find(class)
        .expect("a registered unit");
    let selection = crate::context::MethodSelection::Signatures(
        signatures.iter().map(|s| s.to_string()).collect(),
    );
    TestContext::new(unit, &selection, crate::context::PoolInit::paper()).expect("a context")
}

/// z = jⁿ if it fits in a `u64`.
pub(crate) fn z_u64(j: u32, n: usize) -> Option<u64> {
    let n = u32::try_from(n).ok()?;
    (j as u64).checked_pow(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three methods with 1, 2 and 8 calls (j = 11).
    fn context() -> TestContext {
        test_context("ArrayList", &["ArrayList()", "size()", "set(int,Integer)"])
    }

    fn cases(kind: WalkKind, n: usize, seed: u64, count: u64) -> Vec<Vec<u32>> {
        let strategy = kind.build(&context(), n, seed);
        let mut out = vec![0; n];
        (0..count)
            .map_while(|k| strategy.case_into(k, &mut out).then(|| out.clone()))
            .collect()
    }

    #[test]
    fn every_registered_walk_has_a_unique_name_that_its_strategy_reports_and_parses_back() {
        let mut names: Vec<&str> = WalkKind::ALL.iter().map(|k| k.name()).collect();
        for kind in WalkKind::ALL {
            assert_eq!(kind.build(&context(), 3, 1).name(), kind.name());
            assert_eq!(kind.name().parse::<WalkKind>().unwrap(), *kind);
            let json = serde_json::to_string(kind).unwrap();
            assert_eq!(json, format!("\"{}\"", kind.name()));
            assert_eq!(serde_json::from_str::<WalkKind>(&json).unwrap(), *kind);
            assert!(!kind.summary().is_empty());
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), WalkKind::ALL.len());
        let unknown = "walk".parse::<WalkKind>().unwrap_err().to_string();
        assert_eq!(
            unknown,
            "unknown walk `walk` (expected one of: be, r, r-leaf, bobw, bobw-prime, round-robin, swarm, choice, proptest)"
        );
    }

    #[test]
    fn every_registered_walk_is_deterministic_and_keeps_its_declared_properties() {
        let context = context();
        for &kind in WalkKind::ALL {
            let (a, b) = (cases(kind, 3, 7, 200), cases(kind, 3, 7, 200));
            assert_eq!(a, b, "{kind}: the same seed gives the same test cases");
            assert!(a.iter().flatten().all(|&d| d < context.j()), "{kind}");
            let other = cases(kind, 3, 8, 200);
            assert_eq!(a != other, kind.uses_seed(), "{kind}: uses_seed");
            let limit = kind.build(&context, 3, 7).limit();
            assert_eq!(
                limit.is_none(),
                kind.with_replacement(),
                "{kind}: with_replacement"
            );
            if let Some(z) = limit {
                let mut all = cases(kind, 3, 7, z + 1);
                assert_eq!(all.len() as u64, z, "{kind}: exactly z test cases");
                all.sort_unstable();
                all.dedup();
                assert_eq!(all.len() as u64, z, "{kind}: each once");
            }
        }
    }

    #[test]
    fn a_walk_without_parameters_refuses_any() {
        let table: toml::Table = toml::from_str("repeat = 2").unwrap();
        let e = WalkKind::RANDOM.read_parameters(&table).unwrap_err();
        assert_eq!(
            e.to_string(),
            "has no parameter `repeat` (it takes no parameters)"
        );
        let empty = toml::Table::new();
        assert!(
            WalkKind::RANDOM
                .read_parameters(&empty)
                .unwrap()
                .is_default()
        );
    }
}
