//! The bias the FCRT slides show (Yatoh et al., ISSTA 2015, appendix): on the `Stone`
//! fixture, FDRT's black-stone fraction spreads across seeds far more than independent
//! coin flips would, and FCRT's spreads less than FDRT's.
//!
//! Numbers (printed with `--nocapture`) are in docs/generators.md.

use std::sync::Arc;

use testspace::context::{MethodSelection, PoolInit, TestContext};
use testspace::generator::{
    Fcrt, FcrtSettings, GeneratorConfig, GeneratorKind, SuiteBudget, generate_suite,
};
use testspace::kernel::parameters::CostUnits;

use testspace::subject::fixtures::stone::{Stone, StoneUnit};
use testspace::subject::{GOLD, Unit};

const SEEDS: u64 = 200;
/// Cost units (gold calls) per suite.
const BUDGET: u64 = 3_000;

/// The fraction of black stones among the stones the suite's test cases make (each test
/// case whose last call returns a stone), and how many there were.
fn black_fraction(
    unit: &StoneUnit,
    context: &Arc<TestContext>,
    config: &GeneratorConfig,
    seed: u64,
) -> (f64, usize) {
    let budget = SuiteBudget {
        tests: None,
        cost: Some(BUDGET),
    };
    let suite = generate_suite(unit, context, config, seed, budget).unwrap();
    let mut session = unit.mutant_session(context.clone(), GOLD).unwrap();
    let (mut black, mut stones) = (0usize, 0usize);
    for case in &suite.cases(unit, context) {
        let last = case.calls.last().unwrap();
        if unit.methods()[last.method as usize].returns.pool()
            != Some(testspace::subject::PoolType::Object)
        {
            continue;
        }
        case.trace(session.as_mut(), false);
        let slot = *last.slots.last().unwrap() as usize;
        let stone = session.object(slot).expect("a stone was made");
        black += usize::from(stone.downcast_ref::<Stone>().unwrap().black);
        stones += 1;
    }
    (black as f64 / stones as f64, stones)
}

/// The across-seed standard deviation of the fractions, and the mean number of stones.
fn spread(config: &GeneratorConfig) -> (f64, f64, f64) {
    let unit = StoneUnit::new();
    let context =
        Arc::new(TestContext::new(&unit, &MethodSelection::All, PoolInit::paper()).unwrap());
    let runs: Vec<(f64, usize)> = (0..SEEDS)
        .map(|seed| black_fraction(&unit, &context, config, seed))
        .collect();
    let mean = runs.iter().map(|r| r.0).sum::<f64>() / SEEDS as f64;
    let variance = runs.iter().map(|r| (r.0 - mean).powi(2)).sum::<f64>() / (SEEDS - 1) as f64;
    let stones = runs.iter().map(|r| r.1 as f64).sum::<f64>() / SEEDS as f64;
    (variance.sqrt(), mean, stones)
}

#[test]
fn fdrt_drifts_from_one_half_and_fcrt_drifts_less() {
    let fdrt = GeneratorConfig::of(GeneratorKind::FDRT, 100);
    let fcrt = GeneratorConfig::with_params::<Fcrt>(
        &FcrtSettings {
            add_pool_every: CostUnits(100),
            reset_every: CostUnits(10_000),
            ..FcrtSettings::default()
        },
        100,
    );
    let (fdrt_sd, fdrt_mean, fdrt_stones) = spread(&fdrt);
    let (fcrt_sd, fcrt_mean, fcrt_stones) = spread(&fcrt);
    // Independent fair coins: sd = ½ / √stones.
    let binomial = 0.5 / fdrt_stones.sqrt();
    println!(
        "fdrt: black fraction mean {fdrt_mean:.3}, across-seed sd {fdrt_sd:.3}, {fdrt_stones:.0} stones per suite, binomial sd {binomial:.3}"
    );
    println!(
        "fcrt: black fraction mean {fcrt_mean:.3}, across-seed sd {fcrt_sd:.3}, {fcrt_stones:.0} stones per suite, binomial sd {:.3}",
        0.5 / fcrt_stones.sqrt()
    );
    assert!(
        fdrt_sd > 4.0 * binomial,
        "FDRT's spread {fdrt_sd} vs binomial {binomial}"
    );
    assert!(
        fcrt_sd < 0.75 * fdrt_sd,
        "FCRT's spread {fcrt_sd} vs FDRT's {fdrt_sd}"
    );
}
