//! Generation plus gold execution of FDRT and FCRT against R's, per method call executed on
//! gold (issue 16's target: FDRT ≤ 3× R on ArrayList, HashMap and TreeMap).
//!
//! R's side: test cases of n = 100 calls drawn from the counter and run on gold through the
//! schemata copy (what a cell of `r` does for gold). The generators' side: a suite generated
//! within a budget of cost units (method calls executed on gold by the candidates, kept or
//! not), with everything generation does besides: choosing inputs, building and
//! canonicalising sequences, the duplicate check, the contract checks, the equality filter.
//! Both sides run the same number of calls, alternated, so the ratio printed is per call.

use std::cell::Cell;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group};
use testspace::context::TestContext;
use testspace::generator::{FcrtParams, FdrtParams, GeneratorConfig, SuiteBudget, generate_suite};
use testspace::oracle::trace;
use testspace::strategy::StrategyKind;
use testspace::subject::{GOLD, Unit, guard, registry};

/// Calls per iteration on each side.
const CALLS: u64 = 20_000;
/// R's test-case length (Randoop's longest sequence).
const N: usize = 100;

fn plan(class: &str) -> (&'static dyn Unit, Arc<TestContext>) {
    let unit = registry().find(class).unwrap();
    (unit, Arc::new(TestContext::paper(unit).unwrap()))
}

/// R: CALLS / N test cases generated and run on gold.
fn random_on_gold(unit: &dyn Unit, context: &Arc<TestContext>, seed: u64) -> u64 {
    let strategy = StrategyKind::Random.build(context.call_space(), N, seed);
    let mut session = unit.mutant_session(Arc::clone(context), GOLD).unwrap();
    session.set_fuel_budget(guard::GOLD_FUEL_BUDGET);
    let mut case = vec![0u32; N];
    let mut exceptions = 0u64;
    for k in 0..CALLS / N as u64 {
        strategy.case_into(k, &mut case);
        exceptions += u64::from(trace(session.as_mut(), &case, false).exceptions);
    }
    exceptions
}

/// A generator's suite within CALLS cost units.
fn generated(
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
        .cases
        .len()
}

fn per_call(c: &mut Criterion) {
    let mut group = c.benchmark_group("generators");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    let configs = [
        GeneratorConfig::Fdrt(FdrtParams::default()),
        GeneratorConfig::Fcrt(FcrtParams::default()),
    ];
    for class in ["ArrayList", "HashMap", "TreeMap"] {
        let (unit, context) = plan(class);
        for config in &configs {
            // Each iteration a new seed on both sides, the same sequence of seeds for both.
            let seed = Cell::new(0u64);
            let totals = Cell::new((Duration::ZERO, Duration::ZERO, 0u64));
            group.bench_function(format!("{}-vs-r/{class}", config.name()), |bencher| {
                bencher.iter_custom(|iters| {
                    let (mut tg, mut tr) = (Duration::ZERO, Duration::ZERO);
                    for _ in 0..iters {
                        seed.set(seed.get() + 1);
                        let t = Instant::now();
                        black_box(generated(unit, &context, config, seed.get()));
                        tg += t.elapsed();
                        let t = Instant::now();
                        black_box(random_on_gold(unit, &context, seed.get()));
                        tr += t.elapsed();
                    }
                    let (sg, sr, n) = totals.get();
                    totals.set((sg + tg, sr + tr, n + iters));
                    tg
                })
            });
            let (tg, tr, iters) = totals.get();
            let micros = |t: Duration| t.as_secs_f64() * 1e6 / (CALLS * iters.max(1)) as f64;
            println!(
                "{} / r on {class}, per call on gold: {:.2} ({:.3} µs vs {:.3} µs; alternated)\n",
                config.name(),
                tg.as_secs_f64() / tr.as_secs_f64(),
                micros(tg),
                micros(tr),
            );
        }
    }
    group.finish();
}

criterion_group!(benches, per_call);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
