//! The workload of the generators bench (issue 16's target), shared (through `#[path]`)
//! by `benches/generators.rs` and `examples/generation_callgrind.rs`: a generator's suite
//! within [`CALLS`] cost units, and as many calls of R's test cases of [`N`] calls run on
//! gold.

use std::sync::Arc;

use testspace::context::TestContext;
use testspace::generator::{GeneratorConfig, SuiteBudget, generate_suite};
use testspace::oracle::trace;
use testspace::subject::{GOLD, Unit, guard, registry};
use testspace::walk::WalkKind;

/// Calls per seed on each side.
pub const CALLS: u64 = 20_000;
/// R's test-case length (Randoop's longest sequence).
pub const N: usize = 100;

/// A registered unit and the paper's context of it.
pub fn plan(class: &str) -> (&'static dyn Unit, Arc<TestContext>) {
    let unit = registry().find(class).unwrap();
    (unit, Arc::new(TestContext::paper(unit).unwrap()))
}

/// What a run of test cases did on gold: calls executed, calls that threw, fuel used
/// (loop iterations and function entries of the guarded copy).
#[derive(Clone, Copy, Default)]
pub struct GoldWork {
    /// Calls executed.
    pub calls: u64,
    /// Calls that threw.
    pub exceptions: u64,
    /// Fuel used.
    pub fuel: u64,
}

impl std::ops::AddAssign for GoldWork {
    fn add_assign(&mut self, other: GoldWork) {
        self.calls += other.calls;
        self.exceptions += other.exceptions;
        self.fuel += other.fuel;
    }
}

/// R: CALLS / N test cases generated and run on gold.
pub fn random_on_gold(unit: &dyn Unit, context: &Arc<TestContext>, seed: u64) -> GoldWork {
    let strategy = WalkKind::RANDOM.build(context, N, seed);
    let mut session = unit.mutant_session(context.clone(), GOLD).unwrap();
    session.set_fuel_budget(guard::GOLD_FUEL_BUDGET);
    let mut case = vec![0u32; N];
    let mut work = GoldWork::default();
    for k in 0..CALLS / N as u64 {
        strategy.case_into(k, &mut case);
        let trace = trace(session.as_mut(), &case, false);
        work.calls += u64::from(trace.steps);
        work.exceptions += u64::from(trace.exceptions);
        work.fuel += session.fuel_used().expect("a guarded session");
    }
    work
}

/// A generator's suite within CALLS cost units.
pub fn generated(
    unit: &dyn Unit,
    context: &Arc<TestContext>,
    config: &GeneratorConfig,
    seed: u64,
) -> usize {
    let budget = SuiteBudget {
        tests: None,
        cost: Some(CALLS),
    };
    generate_suite(unit, context, config, seed, budget)
        .unwrap()
        .len()
}
