//! The workload of the families bench (issue 62), shared (through `#[path]`) by
//! `benches/families.rs` and `examples/families_callgrind.rs`: each family of the
//! tournament's configuration at n = 20 spending [`CALLS`] calls on gold.

use std::sync::Arc;

use testspace::context::TestContext;
use testspace::generator::{
    GeneratorConfig, GeneratorKind, Greybox, GreyboxSettings, SuiteBudget, generate_suite,
};
use testspace::oracle::trace;
use testspace::subject::{GOLD, Unit, guard, registry};
use testspace::walk::WalkKind;

/// Calls on gold per seed on each side.
pub const CALLS: u64 = 20_000;
/// The test-case length of every family (the tournament's n).
pub const N: usize = 20;

/// A family as the tournament runs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// `r`: CALLS / N test cases drawn and run on gold.
    R,
    /// `proptest`: the same, drawn by proptest's state machine.
    Proptest,
    /// `dynamosa` with EvoSuite's defaults, a suite within CALLS cost units.
    Dynamosa,
    /// `greybox` with 16 havoc cycles, a suite within CALLS cost units.
    Greybox,
}

/// The families, `r` first.
pub const FAMILIES: [Family; 4] = [
    Family::R,
    Family::Proptest,
    Family::Dynamosa,
    Family::Greybox,
];

impl Family {
    /// Its strategy's name.
    pub fn name(self) -> &'static str {
        match self {
            Family::R => "r",
            Family::Proptest => "proptest",
            Family::Dynamosa => "dynamosa",
            Family::Greybox => "greybox",
        }
    }

    /// Runs it with `seed`; returns the calls it executed on gold (a generator's: its
    /// cost, CALLS).
    pub fn run(self, unit: &dyn Unit, context: &Arc<TestContext>, seed: u64) -> u64 {
        match self {
            Family::R => walk_on_gold(WalkKind::RANDOM, unit, context, seed),
            Family::Proptest => walk_on_gold(WalkKind::PROPTEST, unit, context, seed),
            Family::Dynamosa => suite(
                unit,
                context,
                &GeneratorConfig::of(GeneratorKind::DYNAMOSA, N),
                seed,
            ),
            Family::Greybox => {
                let settings = GreyboxSettings {
                    havoc_cycles: 16,
                    havoc_cycles_init: 16,
                    ..GreyboxSettings::default()
                };
                let config = GeneratorConfig::with_params::<Greybox>(&settings, N);
                suite(unit, context, &config, seed)
            }
        }
    }
}

/// A registered unit and the paper's context of it (the tournament's).
pub fn plan(class: &str) -> (&'static dyn Unit, Arc<TestContext>) {
    let unit = registry().find(class).unwrap();
    (unit, Arc::new(TestContext::paper(unit).unwrap()))
}

/// CALLS / N test cases of the walk `kind` run on gold through the schemata copy; the calls
/// gold ran.
fn walk_on_gold(kind: WalkKind, unit: &dyn Unit, context: &Arc<TestContext>, seed: u64) -> u64 {
    let walk = kind.build(context, N, seed);
    let mut session = unit.mutant_session(context.clone(), GOLD).unwrap();
    session.set_fuel_budget(guard::GOLD_FUEL_BUDGET);
    let mut case = vec![0u32; N];
    let mut calls = 0;
    for k in 0..CALLS / N as u64 {
        walk.case_into(k, &mut case);
        calls += u64::from(trace(session.as_mut(), &case, false).steps);
    }
    calls
}

/// A generator's suite within CALLS cost units; its cost.
fn suite(unit: &dyn Unit, context: &Arc<TestContext>, config: &GeneratorConfig, seed: u64) -> u64 {
    let budget = SuiteBudget {
        tests: None,
        cost: Some(CALLS),
    };
    let suite = generate_suite(unit, context, config, seed, budget).unwrap();
    std::hint::black_box(suite.len());
    CALLS
}
