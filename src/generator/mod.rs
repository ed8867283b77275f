//! Generators: sequential, feedback-driven test generation (Pacheco et al. 2007; Yatoh et
//! al. 2015), beside the counter-based walks of [`crate::walk`].
//!
//! A counter-based strategy maps a counter to a test case; a [`Generator`] builds test case
//! k from what gold did on the test cases before it, so its suite is generated once, in
//! order, on gold. Each test case it makes is a [`Derivation`] — earlier test cases
//! concatenated, then one call — whose canonical form is a [`GeneratedCase`]: canonical
//! form 3 over value pools of its own, sized as that test case needs (one slot per literal
//! and per call result), rebuilt from the derivations ([`Suite::cases`], [`SuiteReader`]),
//! so that it can be shown, encoded and replayed on any mutant like the walks' test cases.
//!
//! Contract of every generator: the suite is a function of the unit, M_C, the parameters
//! and the seed alone (no wall clock, no global RNG, no dependence on the thread or
//! machine); every time-based knob of the papers is a number of *cost units* — method calls
//! executed on gold by the generated test cases (docs/generators.md).
//!
//! | CLI / TOML name | type | source |
//! |---|---|---|
//! | `fdrt` | [`Fdrt`] | Pacheco, Lahiri, Ernst, Ball, ICSE 2007 (Randoop) |
//! | `fdrt-reset` | [`Fdrt`] with a reset interval | Yatoh et al.'s second baseline |
//! | `fcrt` | [`Fcrt`] | Yatoh, Sakamoto, Ishikawa, Honiden, ISSTA 2015 |
//! | `dynamosa` | [`Dynamosa`] | Panichella, Kifetew, Tonella, TSE 2018 (EvoSuite's default) |
//! | `greybox` | [`Greybox`] | Zalewski's AFL; Böhme, Pham, Roychoudhury, CCS 2016 (AFLFast) |

mod call_space;
mod checked_states;
pub mod dynamosa;
mod emitter;
mod fcrt;
mod fdrt;
mod fdrt_reset;
pub mod gold;
pub mod greybox;
mod grow;
pub mod grt;
mod guidance;
pub mod sequence;
mod sequence_store;
mod suite;

pub use dynamosa::{Dynamosa, DynamosaSettings};
pub use fcrt::{Fcrt, FcrtParams, FcrtSettings, PoolSelection, Pruning};
pub use fdrt::{Fdrt, FdrtSettings, FdrtStepConfig, Seeds};
pub use fdrt_reset::{FDRT_RESET_EVERY, FdrtReset, FdrtResetSettings};
pub use greybox::{Greybox, GreyboxSettings, PowerSchedule};
pub use grow::Grow;
pub use grt::{Component, Grt, GrtSettings};
pub use suite::{
    GenerateError, GeneratorConfig, Suite, SuiteBudget, SuiteFileError, SuiteHeader, SuiteReader,
    generate_suite, generate_suite_watched, generate_suite_within,
};

use serde::{Deserialize, Serialize};

use crate::context::{MethodSelection, PoolInit, TestContext};
use crate::encoding::{EncodingError, MAX_SLOTS};
use crate::kernel::parameters::{self, ParameterError, ParameterValues, Parameters};
use crate::oracle::{Trace, trace_steps};
use crate::subject::{Session, Unit};

/// Every sequential generator that experiment files, `run`, `compare`, `plot` and
/// `show-test` know by name: one line per generator, `CONSTANT = Type`, the type
/// implementing [`FeedbackGenerator`] in its own file of this folder.
macro_rules! register_generators {
    ($($constant:ident = $generator:ty),* $(,)?) => {
        impl GeneratorKind {
            $(
                #[doc = concat!("`", stringify!($generator), "`.")]
                pub const $constant: GeneratorKind =
                    GeneratorKind(&GeneratorEntry::of::<$generator>());
            )*

            /// Every registered generator, in registration order.
            pub const ALL: &'static [GeneratorKind] = &[$(Self::$constant),*];
        }
    };
}

register_generators! {
    FDRT = Fdrt,
    FDRT_RESET = FdrtReset,
    FCRT = Fcrt,
    GROW = Grow,
    GRT = Grt,
    DYNAMOSA = Dynamosa,
    GREYBOX = Greybox,
}

/// A sequential generator as its file registers it.
///
/// Contract of every implementation: `build` is deterministic in (parameters, max_length,
/// seed); the generator it returns keeps [`Generator`]'s contract in `next_case` (its suite a function of
/// the unit, M_C, the parameters and the seed, with gold's behaviour as its only feedback;
/// no clock and no global random number generator; time-like knobs in cost units) and
/// makes no test case longer than
/// `max_length` calls. [`FeedbackGenerator::NEEDS_COVERAGE`] asks gold to run the unit's
/// coverage copy (branch feedback).
pub trait FeedbackGenerator: Sized + Send + 'static {
    /// The name at the edges: experiment files, the `strategy` column.
    const NAME: &'static str;
    /// One line for listings.
    const SUMMARY: &'static str;
    /// Whether it steers by branch coverage (with its default parameters, or any).
    const NEEDS_COVERAGE: bool;
    /// Its parameters (`[phase.run.params]`); [`crate::kernel::parameters::NoParameters`] if none.
    type Params: Parameters;

    /// The primitive values that pad a test case's empty pools when it is replayed in the
    /// experiment's context (default: Randoop's seed values).
    fn seeds(params: &Self::Params) -> Seeds {
        let _ = params;
        Seeds::default()
    }

    /// Whether it steers by branch coverage with `params`, so that gold must run the unit's
    /// coverage copy (default: [`FeedbackGenerator::NEEDS_COVERAGE`]). A generator whose
    /// parameters can switch its coverage feedback off says so here: it then runs the
    /// schemata copy, cheaper, and on units without a coverage copy.
    fn needs_coverage(params: &Self::Params) -> bool {
        let _ = params;
        Self::NEEDS_COVERAGE
    }

    /// The generator with `params`, at most `max_length` calls per test case, seeded.
    fn build(params: &Self::Params, max_length: usize, seed: u64) -> Self;

    /// The next test case and what it did ([`Generator::next_case`]'s contract).
    fn next_case(&mut self, gold: &mut gold::GoldExecutor<'_>) -> Option<Generated>;
}

/// Every registered generator is a [`Generator`] under its registered name.
impl<G: FeedbackGenerator> Generator for G {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn next_case(&mut self, gold: &mut gold::GoldExecutor<'_>) -> Option<Generated> {
        FeedbackGenerator::next_case(self, gold)
    }
}

/// A registered generator, type-erased. Made by [`GeneratorEntry::of`] in
/// `register_generators!`.
pub struct GeneratorEntry {
    name: &'static str,
    summary: &'static str,
    needs_coverage: fn(&ParameterValues) -> bool,
    parameter_names: fn() -> Vec<String>,
    read: fn(&toml::Table) -> Result<ParameterValues, ParameterError>,
    defaults: fn() -> ParameterValues,
    seeds: fn(&ParameterValues) -> Seeds,
    build: fn(&ParameterValues, usize, u64) -> Box<dyn Generator>,
}

impl GeneratorEntry {
    /// The entry of generator `G`.
    pub const fn of<G: FeedbackGenerator>() -> GeneratorEntry {
        GeneratorEntry {
            name: G::NAME,
            summary: G::SUMMARY,
            needs_coverage: |values| {
                G::needs_coverage(&parameters::from_values::<G::Params>(values))
            },
            parameter_names: parameters::names::<G::Params>,
            read: |table| parameters::read::<G::Params>(table).map(|p| parameters::to_values(&p)),
            defaults: || parameters::to_values(&G::Params::default()),
            seeds: |values| G::seeds(&parameters::from_values::<G::Params>(values)),
            build: |values, max_length, seed| {
                let params = parameters::from_values::<G::Params>(values);
                Box::new(G::build(&params, max_length, seed))
            },
        }
    }
}

/// A registered generator, by name: a handle on its [`GeneratorEntry`].
#[derive(Clone, Copy)]
pub struct GeneratorKind(&'static GeneratorEntry);

crate::kernel::named_handle!(GeneratorKind, UnknownGenerator);

impl GeneratorKind {
    /// The name at the edges.
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// One line for listings.
    pub fn summary(self) -> &'static str {
        self.0.summary
    }

    /// Whether it steers by branch coverage with `params`
    /// ([`FeedbackGenerator::needs_coverage`]).
    pub fn needs_coverage(self, params: &ParameterValues) -> bool {
        (self.0.needs_coverage)(params)
    }

    /// Its parameters from an experiment file's `[phase.run.params]` table, every one
    /// written out (the defaults included: a suite file records all it was made with).
    ///
    /// # Errors
    /// An unknown key or a value it refuses, naming the key.
    pub fn read_parameters(self, table: &toml::Table) -> Result<ParameterValues, ParameterError> {
        (self.0.read)(table)
    }

    /// Its default parameters, every one written out.
    pub fn default_parameters(self) -> ParameterValues {
        (self.0.defaults)()
    }

    /// The seed values its test cases' empty pools are padded with.
    pub fn seeds(self, params: &ParameterValues) -> Seeds {
        (self.0.seeds)(params)
    }

    /// The generator with `params`, at most `max_length` calls per test case, seeded.
    pub fn build(
        self,
        params: &ParameterValues,
        max_length: usize,
        seed: u64,
    ) -> Box<dyn Generator> {
        (self.0.build)(params, max_length, seed)
    }
}

/// An unknown generator name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown generator `{0}` (expected one of: {names})", names = GeneratorKind::names())]
pub struct UnknownGenerator(pub String);

/// One call of a generated test case: the subject's method number and its parameter-tuple
/// slots (parameters, then target, then return slot), as a method-call index decodes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GeneratedCall {
    /// The subject's method number.
    pub method: u32,
    /// Its slots.
    pub slots: Slots,
}

/// The slots of one call, held inline: a parameter tuple has at most [`MAX_SLOTS`]
/// (a suite holds one per generated call, so a heap allocation each would cost more
/// than running the call). Reads as a `[u32]`; serialised as a sequence of numbers.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Slots {
    len: u8,
    /// The slots, then zeros.
    slots: [u32; MAX_SLOTS],
}

impl Slots {
    /// Appends `slot`.
    ///
    /// # Panics
    /// If it already holds [`MAX_SLOTS`].
    pub fn push(&mut self, slot: u32) {
        self.slots[self.len as usize] = slot;
        self.len += 1;
    }

    /// The last slot without a bounds check on the length (a call's result slot, when
    /// it has one; 0 when empty).
    pub fn final_slot(&self) -> u32 {
        self.slots[(self.len as usize).wrapping_sub(1) % MAX_SLOTS]
    }

    /// The slots, in tuple order.
    pub fn as_slice(&self) -> &[u32] {
        &self.slots[..self.len as usize]
    }

    /// The slots, in tuple order, to rewrite in place.
    pub(crate) fn as_mut_slice(&mut self) -> &mut [u32] {
        &mut self.slots[..self.len as usize]
    }
}

impl std::ops::Deref for Slots {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        self.as_slice()
    }
}

impl std::fmt::Debug for Slots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.as_slice().fmt(f)
    }
}

impl Serialize for Slots {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Slots {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let slots = Vec::<u32>::deserialize(deserializer)?;
        if slots.len() > MAX_SLOTS {
            return Err(serde::de::Error::custom(format!(
                "{} slots, at most {MAX_SLOTS}",
                slots.len()
            )));
        }
        let mut inline = Slots::default();
        slots.iter().for_each(|&slot| inline.push(slot));
        Ok(inline)
    }
}

/// A generated test case in canonical form 3, with value pools of its own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GeneratedCase {
    /// Its pools: their sizes and initial values.
    pub pools: PoolInit,
    /// Its calls, in order.
    pub calls: Vec<GeneratedCall>,
}

impl GeneratedCase {
    /// The oracle's trace of this test case on `session`, run from its own pools
    /// ([`crate::oracle::trace`] for a test case by index).
    pub fn trace(&self, session: &mut dyn Session, strict: bool) -> Trace {
        session.reset_to(&self.pools);
        trace_steps(session, self.len(), strict, |session, i| {
            let call = &self.calls[i];
            session.step_slots(call.method as usize, &call.slots)
        })
    }

    /// The number of calls.
    pub fn len(&self) -> usize {
        self.calls.len()
    }

    /// The pool and slot of call `statement`'s result (`None`: `void`); `methods` is the
    /// subject's declaration list.
    pub fn result_slot(
        &self,
        statement: usize,
        methods: &[crate::subject::MethodInfo],
    ) -> Option<(crate::subject::PoolType, u32)> {
        let call = &self.calls[statement];
        let pool = methods[call.method as usize].returns.pool()?;
        Some((pool, call.slots.final_slot()))
    }

    /// Whether it has no calls.
    pub fn is_empty(&self) -> bool {
        self.calls.is_empty()
    }

    /// The test case's own context: `base`'s M_C over this test case's pools.
    pub fn context(
        &self,
        unit: &dyn Unit,
        base: &TestContext,
    ) -> Result<TestContext, crate::context::ContextError> {
        let signatures = base
            .methods()
            .iter()
            .map(|m| m.info.signature.clone())
            .collect();
        TestContext::new(
            unit,
            &MethodSelection::Signatures(signatures),
            self.pools.clone(),
        )
    }

    /// Its method-call indices in `context` (its own, from [`GeneratedCase::context`]).
    pub fn indices(&self, context: &TestContext) -> Result<Vec<u32>, EncodingError> {
        self.calls
            .iter()
            .map(|call| {
                let position = context
                    .methods()
                    .iter()
                    .position(|m| m.info.number == call.method as usize)
                    .ok_or(EncodingError::UnknownMethod {
                        method: call.method as usize,
                        methods: context.methods().len(),
                    })?;
                context.call_space().encode_call(position, &call.slots)
            })
            .collect()
    }
}

/// What a generated test case did on gold when it was generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaseKind {
    /// No call threw and no contract was broken: its new objects became extensible.
    Normal,
    /// A call threw: the sequence is not extended.
    Exception,
    /// A contract was broken: an error sequence (Randoop's failing tests).
    Error(gold::ContractViolation),
}

impl CaseKind {
    /// What an execution that broke no contract was: `Exception` if a call threw (or hit
    /// a harness guard), else `Normal`.
    pub fn of(execution: &gold::Execution) -> Self {
        if execution.threw() {
            CaseKind::Exception
        } else {
            CaseKind::Normal
        }
    }
}

/// How a generated test case was built: the earlier test cases of the suite whose calls it
/// starts with, concatenated in order (Pacheco et al.'s chosen sequences), then one call
/// whose inputs refer to results of that concatenation. A suite is stored as its
/// derivations ([`Suite::write`]): each test case costs a few numbers however long it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Derivation {
    /// Suite positions of the test cases concatenated, in order (all earlier than this one).
    pub parts: Vec<u32>,
    /// Calls placed right after a part's statements, ascending by part (GRT's Impurity:
    /// an object input changed by a state-changing call before it is used); empty for
    /// FDRT.
    pub fuzz: Vec<Fuzz>,
    /// The last call.
    pub call: sequence::Statement,
}

/// A call placed right after the statements of part number `part` of a derivation; its
/// `Result` references count within that part's sequence.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fuzz {
    /// The position in [`Derivation::parts`] of the part it follows.
    pub part: u32,
    /// The call.
    pub call: sequence::Statement,
}

/// One test case a generator made: what it did on gold, and how it was built (its
/// canonical form follows from the derivations: [`Suite::cases`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// What it did on gold.
    pub kind: CaseKind,
    /// How it was built.
    pub derivation: Derivation,
}

impl Generated {
    /// A test case of kind `kind`, built as the test cases at suite positions `parts`
    /// concatenated, then `call`.
    pub fn new(kind: CaseKind, parts: Vec<u32>, call: sequence::Statement) -> Self {
        Generated {
            kind,
            derivation: Derivation {
                parts,
                fuzz: Vec::new(),
                call,
            },
        }
    }
}

/// A sequential, feedback-driven test generator.
///
/// Contract: [`Generator::next_case`] builds candidates, runs them on gold through
/// `gold`, and returns the next test case of the suite, or `None` when it can make no
/// more; the sequence of test cases is determined by the generator's parameters, seed and
/// gold's behaviour, and test case k's [`Derivation`] refers only to test cases before k.
pub trait Generator {
    /// The name at the edges (`fdrt`, `fdrt-reset`, `fcrt`).
    fn name(&self) -> &'static str;

    /// The next test case and what it did; see the trait's contract.
    fn next_case(&mut self, gold: &mut gold::GoldExecutor<'_>) -> Option<Generated>;
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::oracle::trace;
    use crate::subject::{GOLD, registry};

    fn suite_of(class: &str, config: &GeneratorConfig, seed: u64, cost: u64) -> Suite {
        let unit = registry().find(class).unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let budget = SuiteBudget {
            tests: None,
            cost: Some(cost),
        };
        generate_suite(unit, &context, config, seed, budget).unwrap()
    }

    /// The test cases of `suite`, generated for `class`, in canonical form.
    fn cases_of(class: &str, suite: &Suite) -> Vec<GeneratedCase> {
        let unit = registry().find(class).unwrap();
        suite.cases(unit, &TestContext::paper(unit).unwrap())
    }

    fn configs() -> [GeneratorConfig; 3] {
        [
            GeneratorConfig::of(GeneratorKind::FDRT, 100),
            GeneratorConfig::with_params::<FdrtReset>(
                &FdrtResetSettings {
                    reset_every: crate::kernel::parameters::CostUnits(2_000),
                    ..FdrtResetSettings::default()
                },
                100,
            ),
            GeneratorConfig::of(GeneratorKind::FCRT, 100),
        ]
    }

    /// FCRT's ablation settings change its suites, each its own way; written out, the
    /// defaults give the default configuration's suite exactly.
    #[test]
    fn fcrt_ablation_variants_give_their_own_suites_and_the_defaults_the_default() {
        let suite = |pool_selection, pruning| {
            let settings = FcrtSettings {
                add_pool_every: crate::kernel::parameters::CostUnits(300),
                max_pools: 4,
                pool_selection,
                pruning,
                ..FcrtSettings::default()
            };
            let config = GeneratorConfig::with_params::<Fcrt>(&settings, 100);
            format!(
                "{:?}",
                cases_of("TreeMap", &suite_of("TreeMap", &config, 5, 20_000))
            )
        };
        let published = suite(PoolSelection::Score, Pruning::Uniqueness);
        let default = FcrtSettings {
            add_pool_every: crate::kernel::parameters::CostUnits(300),
            max_pools: 4,
            ..FcrtSettings::default()
        };
        let default = GeneratorConfig::with_params::<Fcrt>(&default, 100);
        let default = format!(
            "{:?}",
            cases_of("TreeMap", &suite_of("TreeMap", &default, 5, 20_000))
        );
        assert_eq!(published, default);
        let variants = [
            suite(PoolSelection::Uniform, Pruning::Uniqueness),
            suite(PoolSelection::Score, Pruning::Random),
            suite(PoolSelection::Uniform, Pruning::Random),
        ];
        for (i, variant) in variants.iter().enumerate() {
            assert_ne!(variant, &published, "variant {i}");
            assert!(
                variants[i + 1..].iter().all(|other| other != variant),
                "variant {i}"
            );
        }
    }

    #[test]
    fn every_registered_generator_is_named_uniquely_and_keeps_the_contract_on_a_unit() {
        let mut names: Vec<&str> = GeneratorKind::ALL.iter().map(|k| k.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), GeneratorKind::ALL.len());
        for &kind in GeneratorKind::ALL {
            assert_eq!(kind.name().parse::<GeneratorKind>().unwrap(), kind);
            assert!(
                !crate::walk::WalkKind::ALL
                    .iter()
                    .any(|w| w.name() == kind.name())
            );
            let config = GeneratorConfig::of(kind, 7);
            assert_eq!(config.build(1).name(), kind.name());
            let read = kind.read_parameters(&toml::Table::new()).unwrap();
            assert_eq!(
                read, config.params,
                "{kind}: defaults read from an empty table"
            );
            let suite = suite_of("TreeMap", &config, 4, 3_000);
            assert_eq!(suite, suite_of("TreeMap", &config, 4, 3_000), "{kind}");
            assert!(
                cases_of("TreeMap", &suite)
                    .iter()
                    .all(|c| !c.is_empty() && c.len() <= 7),
                "{kind}"
            );
            for (k, derivation) in suite.derivations.iter().enumerate() {
                assert!(derivation.parts.iter().all(|&p| (p as usize) < k), "{kind}");
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_suite_and_another_seed_another() {
        for config in configs() {
            let a = suite_of("TreeMap", &config, 7, 5_000);
            assert_eq!(
                a,
                suite_of("TreeMap", &config, 7, 5_000),
                "{}",
                config.name()
            );
            let other = suite_of("TreeMap", &config, 8, 5_000);
            assert_ne!(cases_of("TreeMap", &a), cases_of("TreeMap", &other));
            assert!(a.len() > 100, "{} cases", a.len());
            assert!(a.costs.windows(2).all(|w| w[0] <= w[1]) && *a.costs.last().unwrap() >= 5_000);
        }
    }

    #[test]
    fn a_suite_is_generated_identically_on_other_threads() {
        let config = GeneratorConfig::of(GeneratorKind::FCRT, 100);
        let here = suite_of("HashMap", &config, 3, 3_000);
        let there = std::thread::spawn(move || suite_of("HashMap", &config, 3, 3_000))
            .join()
            .unwrap();
        assert_eq!(here, there);
    }

    /// Every generated test case is a canonical-form test case of its own context: its
    /// method-call indices decode to its calls, and running them by index gives the trace
    /// that running the calls directly gives.
    #[test]
    fn generated_test_cases_are_canonical_form_test_cases_of_their_own_context() {
        let unit = registry().find("LinkedList").unwrap();
        let base = Arc::new(TestContext::paper(unit).unwrap());
        let config = GeneratorConfig::of(GeneratorKind::FDRT, 100);
        let suite = suite_of("LinkedList", &config, 11, 3_000);
        let mut direct = unit.mutant_session(base.clone(), GOLD).unwrap();
        for case in cases_of("LinkedList", &suite).iter().step_by(7) {
            let own = Arc::new(case.context(unit, &base).unwrap());
            let indices = case.indices(&own).unwrap();
            for (call, &index) in case.calls.iter().zip(&indices) {
                let decoded = own.call(index);
                assert_eq!(decoded.method, call.method as usize);
                assert_eq!(decoded.slots(), call.slots.as_slice());
            }
            let mut by_index = unit.mutant_session(own.clone(), GOLD).unwrap();
            let expected = trace(by_index.as_mut(), &indices, true);
            assert_eq!(case.trace(direct.as_mut(), true), expected);
        }
    }

    #[test]
    fn no_test_case_is_longer_than_the_maximum_or_built_twice() {
        let config = GeneratorConfig::of(GeneratorKind::FDRT, 12);
        let suite = suite_of("ArrayList", &config, 5, 20_000);
        let cases = cases_of("ArrayList", &suite);
        assert!(cases.iter().all(|c| c.len() <= 12));
        assert!(cases.iter().any(|c| c.len() == 12));
        let distinct: std::collections::HashSet<String> =
            cases.iter().map(|c| format!("{c:?}")).collect();
        assert_eq!(distinct.len(), cases.len());
    }

    /// Restoring a candidate's prefix from copies of its parts' objects, with their fuel
    /// charged and their probes counted, gives exactly what running the prefix again
    /// gives: the same test cases, kinds, derivations and costs, for every generator on
    /// every unit, on the coverage copy where the generator reads coverage (fcrt, grt:
    /// its scores, uniqueness and method weights) and the schemata copy elsewhere, GRT's
    /// fuzz calls run on restored values. Restoring, every candidate also runs again in
    /// full and must give the same execution and object states.
    #[test]
    fn restoring_prefixes_gives_the_suites_running_them_gives() {
        let grt_without_bloodhound = grt::GrtSettings {
            components: grt::Component::ALL[..5].to_vec(),
            ..grt::GrtSettings::default()
        };
        let mut configs = configs().to_vec();
        // FCRT pruning within the budget: a pool's hit counts, the prefix's probes
        // included, decide its uniqueness.
        configs.push(GeneratorConfig::with_params::<Fcrt>(
            &FcrtSettings {
                add_pool_every: crate::kernel::parameters::CostUnits(200),
                max_pools: 2,
                ..FcrtSettings::default()
            },
            100,
        ));
        configs.push(GeneratorConfig::with_params::<Grt>(
            &grt::GrtSettings {
                bloodhound_every: crate::kernel::parameters::CostUnits(500),
                ..grt::GrtSettings::default()
            },
            100,
        ));
        configs.push(GeneratorConfig::with_params::<Grt>(
            &grt_without_bloodhound,
            100,
        ));
        // A short maximum length too: more candidates are discarded as too long.
        configs.push(GeneratorConfig::of(GeneratorKind::FDRT, 8));
        for unit in registry().units() {
            let context = Arc::new(TestContext::paper(unit).unwrap());
            for config in &configs {
                let run = |restore: bool| {
                    let coverage = config.needs_coverage();
                    let mut gold = gold::GoldExecutor::new(unit, Arc::clone(&context), coverage);
                    if restore {
                        gold.check_restores();
                    } else {
                        gold.run_prefixes();
                    }
                    let mut generator = config.build(6);
                    let mut suite = Vec::new();
                    while gold.cost < 4_000 {
                        let Some(generated) = generator.next_case(&mut gold) else {
                            break;
                        };
                        suite.push((generated, gold.cost));
                    }
                    (suite, gold.calls_run, gold.cost)
                };
                let (restored, restoring_ran, restoring_cost) = run(true);
                let (full, full_ran, full_cost) = run(false);
                let name = (unit.class(), config.name());
                assert!(restored.len() > 100, "{name:?}");
                assert!(restored == full, "{name:?}");
                // Restoring left calls out; the reference ran every call it counted.
                assert!(restoring_ran < restoring_cost, "{name:?}");
                assert_eq!(full_ran, full_cost, "{name:?}");
            }
        }
    }

    /// A generator that steers by coverage with its parameters (fcrt; grt with Bloodhound)
    /// refuses a unit without a coverage copy; one that does not (fdrt; grt without
    /// Bloodhound) runs there.
    #[test]
    fn generators_steering_by_coverage_refuse_a_unit_without_coverage() {
        let unit = crate::subject::fixtures::register::RegisterUnit::new();
        let context = Arc::new(TestContext::paper(&unit).unwrap());
        let budget = SuiteBudget {
            tests: Some(10),
            cost: None,
        };
        let grt_without_bloodhound = grt::GrtSettings {
            components: vec![grt::Component::ConstantMining, grt::Component::Orienteering],
            ..grt::GrtSettings::default()
        };
        for (config, refused) in [
            (GeneratorConfig::of(GeneratorKind::FCRT, 100), true),
            (GeneratorConfig::of(GeneratorKind::GRT, 100), true),
            (GeneratorConfig::of(GeneratorKind::FDRT, 100), false),
            (
                GeneratorConfig::with_params::<Grt>(&grt_without_bloodhound, 100),
                false,
            ),
        ] {
            let outcome = generate_suite(&unit, &context, &config, 1, budget);
            if refused {
                assert!(
                    matches!(outcome, Err(GenerateError::NoCoverage { .. })),
                    "{}",
                    config.name()
                );
            } else {
                assert_eq!(outcome.unwrap().len(), 10, "{}", config.name());
            }
        }
    }

    /// A suite file holds derivations only; reading it rebuilds the same canonical test
    /// cases, kinds and costs that generation made.
    #[test]
    fn a_suite_read_back_from_its_file_is_the_suite_generated() {
        for (class, config) in [
            ("TreeMap", GeneratorConfig::of(GeneratorKind::FDRT, 100)),
            ("ArrayList", GeneratorConfig::of(GeneratorKind::FCRT, 100)),
            // GRT's derivations carry fuzz calls.
            ("HashMap", GeneratorConfig::of(GeneratorKind::GRT, 100)),
        ] {
            let unit = registry().find(class).unwrap();
            let context = TestContext::paper(unit).unwrap();
            let suite = suite_of(class, &config, 5, 4_000);
            let header = SuiteHeader {
                subject: class.into(),
                config: config.clone(),
                seed: 5,
                budgets: vec![SuiteBudget {
                    tests: None,
                    cost: Some(4_000),
                }],
                prefixes: vec![suite.len()],
                cases: suite.len(),
                skipped: Vec::new(),
            };
            let mut bytes = Vec::new();
            suite.write(&header, &mut bytes).unwrap();
            let (read_header, read) =
                Suite::read(unit, &context, std::io::Cursor::new(bytes.clone())).unwrap();
            assert_eq!((read_header, read), (header, suite.clone()));
            let cases = suite.cases(unit, &context);
            // Far smaller than the test cases written out.
            let calls: usize = cases.iter().map(|case| case.len()).sum();
            assert!(
                bytes.len() < 20 * calls,
                "{} bytes, {calls} calls",
                bytes.len()
            );
        }
    }

    #[test]
    fn a_damaged_suite_file_is_refused_with_its_line() {
        let unit = registry().find("TreeMap").unwrap();
        let context = TestContext::paper(unit).unwrap();
        let config = GeneratorConfig::of(GeneratorKind::FDRT, 100);
        let suite = suite_of("TreeMap", &config, 5, 500);
        let header = SuiteHeader {
            subject: "TreeMap".into(),
            config,
            seed: 5,
            budgets: vec![],
            prefixes: vec![],
            cases: suite.len() + 1,
            skipped: Vec::new(),
        };
        let mut bytes = Vec::new();
        suite.write(&header, &mut bytes).unwrap();
        let error = Suite::read(unit, &context, std::io::Cursor::new(bytes.clone())).unwrap_err();
        assert!(matches!(error, SuiteFileError::Count { .. }), "{error}");
        let text = String::from_utf8(bytes).unwrap();
        let forward = text.replacen(",[],", ",[999],", 1);
        let error =
            Suite::read(unit, &context, std::io::Cursor::new(forward.into_bytes())).unwrap_err();
        assert!(error.to_string().starts_with("line 2: "), "{error}");
    }

    /// The suite of a smaller budget is a prefix of the suite of a larger one, whatever
    /// mix of test counts and costs the budgets use.
    #[test]
    fn suites_of_smaller_budgets_are_prefixes_of_one_generated_within_all() {
        let unit = registry().find("HashMap").unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let config = GeneratorConfig::of(GeneratorKind::FCRT, 100);
        let budgets = [
            SuiteBudget {
                tests: Some(300),
                cost: None,
            },
            SuiteBudget {
                tests: None,
                cost: Some(6_000),
            },
            SuiteBudget {
                tests: Some(50),
                cost: Some(100_000),
            },
        ];
        let all = generate_suite_within(unit, &context, &config, 9, &budgets).unwrap();
        for budget in budgets {
            let alone = generate_suite(unit, &context, &config, 9, budget).unwrap();
            let k = all.prefix(budget);
            assert_eq!(k, alone.len(), "{budget:?}");
            assert_eq!(all.derivations[..k], alone.derivations[..]);
            assert_eq!(all.kinds[..k], alone.kinds[..]);
            assert_eq!(all.costs[..k], alone.costs[..]);
        }
    }
}
