//! Generation plus gold execution of FDRT and FCRT against R's, per method call executed on
//! gold (issue 16's target: FDRT ≤ 3× R on ArrayList, HashMap and TreeMap); GRT and each of
//! its components alone against FDRT (issue 21's: GRT ≤ 2× FDRT; `cargo bench --bench
//! generators -- grt`); DynaMOSA against R (issue 62's: dynamosa ≤ 3× R; `cargo bench
//! --bench generators -- dynamosa`), its side through the coverage copy with branch
//! distances recorded, ranking and breeding included; greybox fuzzing against R (issue
//! 62's: greybox ≤ 3× R; `cargo bench --bench generators -- greybox`), its side through
//! the coverage copy with hit counts read, the queue, schedule and havoc included.
//!
//! R's side: test cases of n = 100 calls drawn from the counter and run on gold through the
//! schemata copy (what a cell of `r` does for gold). The generators' side: a suite generated
//! within a budget of cost units (the calls of the candidates, kept or not, each counted as
//! executed on gold, as Randoop executes every sequence from its first statement), with
//! everything generation does besides: choosing inputs, building sequences, the duplicate
//! check, the contract checks, the equality filter. Both sides
//! run the same number of calls, alternated seed by seed over the same fixed seeds each
//! iteration, so the ratio printed is per call and on the same work every run.
//!
//! Generation runs a candidate's last call only, in a frame of its own: its chosen
//! sequences' objects are restored from copies, their fuel charged and their probes counted
//! (`GoldExecutor::execute_resumed`, the same suites as running them); a suite is its
//! derivations, whose canonical forms the runner rebuilds when it replays them (here, for
//! the replay line below, `Suite::cases` does, untimed). The third line says which share of
//! the cost units' calls gold actually ran.
//!
//! For FDRT a second line splits off two parts of the suite's cost: replaying its test
//! cases on gold in full (the calls the cost counts, as the runner replays them on each
//! mutant) and Randoop's object contracts run on each test case's last receiver and result
//! (`equals`, `hashCode` and `toString` of the port, each once): run every time, and run
//! only on states not met before in the suite, as generation runs them for units that
//! compare states. Replay plus the contracts on new states is what running FDRT's suite
//! from the start costs — a generator that ran every candidate in full could not go below
//! it; one that restores prefixes does.
//! A third line says how much gold work one call does on each side (gold fuel: loop
//! iterations and function entries of the guarded copy), counted once outside the timings:
//! the calls the ratio divides by are not alike (on TreeMap about half of R's calls throw
//! at once, while FDRT's sequences, extended only when normal, grow maps that later calls
//! walk).

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

use std::cell::Cell;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group};

#[path = "support/generation_workload.rs"]
mod workload;
use testspace::context::TestContext;
use testspace::generator::GeneratedCase;
use testspace::generator::gold::GoldExecutor;
use testspace::generator::{GeneratorConfig, GeneratorKind, SuiteBudget, generate_suite};
use testspace::subject::{GOLD, MethodKind, Param, Session, Unit, guard};
use workload::{CALLS, GoldWork, generated, plan, random_on_gold};

/// The seeds of every iteration, 1 to SEEDS on both sides: each iteration does the same
/// work, so a ratio does not depend on which seeds criterion's warm-up used up (a
/// generator's cost per call varies from seed to seed; R's hardly does).
const SEEDS: u64 = 16;

/// The test cases of FDRT's suite within CALLS cost units, in canonical form.
fn fdrt_suite(unit: &dyn Unit, context: &Arc<TestContext>, seed: u64) -> Vec<GeneratedCase> {
    let budget = SuiteBudget {
        tests: None,
        cost: Some(CALLS),
    };
    let config = GeneratorConfig::of(GeneratorKind::FDRT, 100);
    let suite = generate_suite(unit, context, &config, seed, budget).unwrap();
    suite.cases(unit, context)
}

/// The test case's pools with one spare slot per type, for the object methods' results.
fn with_spares(case: &GeneratedCase) -> testspace::context::PoolInit {
    let mut pools = case.pools.clone();
    pools.ints.push(0);
    pools.bools.push(false);
    pools.strings.push(String::new());
    pools.objects += 1;
    pools
}

/// Which object contracts a replay runs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Contracts {
    /// None: the calls alone.
    None,
    /// On every test case's last receiver and result.
    Always,
    /// Only on objects in a state not met before in the replay, by the unit's state hash
    /// where it has one (hashes only, not confirmed field by field), as generation runs
    /// them; always for units that do not compare states.
    NewStates,
}

/// Replays `suite` on gold; with `contracts`, also runs `equals` (reflexive), `hashCode`
/// and `toString` on the last call's receiver and object result. Returns what the calls
/// did (the contracts not counted).
fn replay(
    session: &mut dyn Session,
    unit: &dyn Unit,
    suite: &[GeneratedCase],
    contracts: Contracts,
) -> GoldWork {
    let methods = unit.methods();
    let find = |name: &str, params: &[Param]| {
        methods
            .iter()
            .find(|m| m.name == name && m.params == params)
            .map(|m| m.number)
    };
    let object_methods = [
        find("equals", &[Param::Object]),
        find("hashCode", &[]),
        find("toString", &[]),
    ];
    let mut work = GoldWork::default();
    let mut states = std::collections::HashSet::new();
    for case in suite {
        let pools = with_spares(case);
        session.reset_to(&pools);
        for call in &case.calls {
            work.calls += 1;
            let outcome = session.step_slots(call.method as usize, &call.slots);
            work.exceptions += u64::from(outcome.is_err());
            if outcome.is_err_and(|e| e.is_guard()) {
                break;
            }
        }
        work.fuel += session.fuel_used().expect("a guarded session");
        if contracts == Contracts::None {
            continue;
        }
        let last = case.calls.last().expect("a test case has a call");
        let info = &methods[last.method as usize];
        let mut objects = Vec::new();
        if info.kind == MethodKind::Instance {
            objects.push(last.slots[info.params.len()]);
        }
        if info.returns.pool() == Some(testspace::subject::PoolType::Object) {
            objects.push(*last.slots.last().unwrap());
        }
        let spare = [
            pools.bools.len() as u32 - 1,
            pools.ints.len() as u32 - 1,
            pools.strings.len() as u32 - 1,
        ];
        for object in objects {
            if session.is_null(object as usize) {
                continue;
            }
            if contracts == Contracts::NewStates
                && let Some(hash) = session.object_state_hash(object as usize)
                && !states.insert(hash)
            {
                continue;
            }
            for (method, result) in object_methods.iter().zip(spare) {
                let Some(method) = *method else { continue };
                session.refuel();
                let slots: &[u32] = if methods[method].params.is_empty() {
                    &[object, result]
                } else {
                    &[object, object, result]
                };
                let _ = black_box(session.step_slots(method, slots));
            }
        }
    }
    work
}

/// Times of one floor measurement: replay alone, replay with contracts every time and on
/// new states only, R, calls replayed.
type FloorTimes = (Duration, Duration, Duration, Duration, u64);

/// FDRT's floor on `unit`: replay and contracts against R on the same seed, alternated.
fn floor(unit: &dyn Unit, context: &Arc<TestContext>, seed: u64) -> FloorTimes {
    let mut session = unit.mutant_session(context.clone(), GOLD).unwrap();
    session.set_fuel_budget(guard::GOLD_FUEL_BUDGET);
    let suite = fdrt_suite(unit, context, seed);
    let mut timed = |contracts| {
        let t = Instant::now();
        let work = black_box(replay(session.as_mut(), unit, &suite, contracts));
        (t.elapsed(), work.calls)
    };
    let (replayed, calls) = timed(Contracts::None);
    let (checked, _) = timed(Contracts::Always);
    let (new_states, _) = timed(Contracts::NewStates);
    let t = Instant::now();
    black_box(random_on_gold(unit, context, seed));
    (replayed, checked, new_states, t.elapsed(), calls)
}

/// Gold work per call over seeds 1 to [`SEEDS`], untimed: R's test cases and FDRT's suite
/// replayed, each as (fuel per call, fraction of calls that threw).
fn gold_work(unit: &dyn Unit, context: &Arc<TestContext>) -> [(f64, f64); 2] {
    let mut session = unit.mutant_session(context.clone(), GOLD).unwrap();
    session.set_fuel_budget(guard::GOLD_FUEL_BUDGET);
    let mut totals = [GoldWork::default(); 2];
    for seed in 1..=SEEDS {
        totals[0] += random_on_gold(unit, context, seed);
        let suite = fdrt_suite(unit, context, seed);
        totals[1] += replay(session.as_mut(), unit, &suite, Contracts::None);
    }
    totals.map(|work| {
        let calls = work.calls as f64;
        (work.fuel as f64 / calls, work.exceptions as f64 / calls)
    })
}

/// The share of FDRT's cost units, over seeds 1 to [`SEEDS`], whose calls gold actually ran
/// (the rest were prefixes restored), untimed.
fn share_run(unit: &dyn Unit, context: &Arc<TestContext>) -> f64 {
    let config = GeneratorConfig::of(GeneratorKind::FDRT, 100);
    let (mut run, mut cost) = (0, 0);
    for seed in 1..=SEEDS {
        let mut gold = GoldExecutor::new(unit, Arc::clone(context), false);
        let mut generator = config.build(seed);
        while gold.cost < CALLS && generator.next_case(&mut gold).is_some() {}
        run += gold.calls_run;
        cost += gold.cost;
    }
    run as f64 / cost as f64
}

/// Benchmarks `measured` under `id`, running `against` right after it on the same seed
/// (seeds 1 to [`SEEDS`] each iteration), and prints the ratio of their times per call,
/// both doing CALLS calls per seed.
fn alternated(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: &str,
    label: &str,
    measured: impl Fn(u64) -> usize,
    against: impl Fn(u64) -> usize,
) {
    let totals = Cell::new((Duration::ZERO, Duration::ZERO, 0u64));
    group.bench_function(id, |bencher| {
        bencher.iter_custom(|iters| {
            let (mut tm, mut ta) = (Duration::ZERO, Duration::ZERO);
            for seed in (0..iters).flat_map(|_| 1..=SEEDS) {
                let t = Instant::now();
                black_box(measured(seed));
                tm += t.elapsed();
                let t = Instant::now();
                black_box(against(seed));
                ta += t.elapsed();
            }
            let (sm, sa, n) = totals.get();
            totals.set((sm + tm, sa + ta, n + iters));
            tm
        })
    });
    let (tm, ta, iters) = totals.get();
    if iters == 0 {
        return; // filtered out on the command line
    }
    let micros = |t: Duration| t.as_secs_f64() * 1e6 / (CALLS * SEEDS * iters) as f64;
    println!(
        "{label}, per call on gold: {:.2} ({:.3} µs vs {:.3} µs; alternated)\n",
        tm.as_secs_f64() / ta.as_secs_f64(),
        micros(tm),
        micros(ta),
    );
}

fn per_call(c: &mut Criterion) {
    let mut group = c.benchmark_group("generators");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    let configs = [
        GeneratorConfig::of(GeneratorKind::FDRT, 100),
        GeneratorConfig::of(GeneratorKind::FCRT, 100),
    ];
    for class in ["ArrayList", "HashMap", "TreeMap"] {
        let (unit, context) = plan(class);
        let seeds = Cell::new(0u64);
        let totals = Cell::new(([Duration::ZERO; 4], 0u64));
        group.bench_function(format!("fdrt-floor/{class}"), |bencher| {
            bencher.iter_custom(|iters| {
                let (mut sum, mut calls) = totals.get();
                let mut this = Duration::ZERO;
                for seed in (0..iters).flat_map(|_| 1..=SEEDS) {
                    seeds.set(seeds.get() + 1);
                    let (replayed, checked, new_states, random, replay_calls) =
                        floor(unit, &context, seed);
                    for (total, t) in sum.iter_mut().zip([replayed, checked, new_states, random]) {
                        *total += t;
                    }
                    calls += replay_calls;
                    this += checked;
                }
                totals.set((sum, calls));
                this
            })
        });
        let ([replayed, checked, new_states, random], calls) = totals.get();
        if calls > 0 {
            // R ran CALLS calls per seed, the replays `calls` in all.
            let seeds = seeds.get() as f64;
            let r = random.as_secs_f64() / (seeds * CALLS as f64);
            let per_call = |t: Duration| t.as_secs_f64() / calls as f64 / r;
            println!(
                "fdrt's floor on {class}, per call against r: replay {:.2} + contracts {:.2} = {:.2}; \
                 contracts on new states only {:.2}, so {:.2}\n",
                per_call(replayed),
                per_call(checked.saturating_sub(replayed)),
                per_call(checked),
                per_call(new_states.saturating_sub(replayed)),
                per_call(new_states),
            );
            let [(r_fuel, r_threw), (f_fuel, f_threw)] = gold_work(unit, &context);
            println!(
                "gold work per call on {class} (fuel): r {r_fuel:.2} ({:.0} % of calls threw), \
                 fdrt's suite {f_fuel:.2} ({:.0} %): {:.1}×; fdrt's generation ran {:.1} % \
                 of its cost units' calls (the rest restored)\n",
                100.0 * r_threw,
                100.0 * f_threw,
                f_fuel / r_fuel,
                100.0 * share_run(unit, &context),
            );
        }
        for config in &configs {
            // Each iteration seeds 1 to SEEDS on both sides.
            alternated(
                &mut group,
                &format!("{}-vs-r/{class}", config.name()),
                &format!("{} / r on {class}", config.name()),
                |seed| generated(unit, &context, config, seed),
                |seed| random_on_gold(unit, &context, seed).calls as usize,
            );
        }
    }
    group.finish();
}

/// GRT and each of its components alone against FDRT, per call executed on gold (issue
/// 21's target: GRT ≤ 2× FDRT), alternated on the same seeds.
fn grt_against_fdrt(c: &mut Criterion) {
    use testspace::generator::{Component, Grt, GrtSettings};
    let mut group = c.benchmark_group("grt");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    let fdrt = GeneratorConfig::of(GeneratorKind::FDRT, 100);
    let mut configs = vec![(
        "grt".to_string(),
        GeneratorConfig::of(GeneratorKind::GRT, 100),
    )];
    for component in Component::ALL {
        let settings = GrtSettings {
            components: vec![component],
            ..GrtSettings::default()
        };
        let name = serde_json::to_string(&component).unwrap().replace('"', "");
        configs.push((name, GeneratorConfig::with_params::<Grt>(&settings, 100)));
    }
    for class in ["ArrayList", "HashMap", "TreeMap"] {
        let (unit, context) = plan(class);
        for (name, config) in &configs {
            alternated(
                &mut group,
                &format!("{name}-vs-fdrt/{class}"),
                &format!("{name} / fdrt on {class}"),
                |seed| generated(unit, &context, config, seed),
                |seed| generated(unit, &context, &fdrt, seed),
            );
        }
    }
    group.finish();
}

/// DynaMOSA against R, per call executed on gold (issue 62's target: ≤ 3× R), alternated
/// on the same seeds.
fn dynamosa_against_r(c: &mut Criterion) {
    let mut group = c.benchmark_group("dynamosa");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    let config = GeneratorConfig::of(GeneratorKind::DYNAMOSA, 100);
    for class in ["ArrayList", "HashMap", "TreeMap"] {
        let (unit, context) = plan(class);
        alternated(
            &mut group,
            &format!("dynamosa-vs-r/{class}"),
            &format!("dynamosa / r on {class}"),
            |seed| generated(unit, &context, &config, seed),
            |seed| random_on_gold(unit, &context, seed).calls as usize,
        );
    }
    group.finish();
}

/// Greybox fuzzing against R, per call executed on gold (issue 62's target: ≤ 3× R),
/// alternated on the same seeds; with AFL's defaults, so that within the budget it runs
/// the initial tests and havoc runs of the first entries.
fn greybox_against_r(c: &mut Criterion) {
    let mut group = c.benchmark_group("greybox");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    let config = GeneratorConfig::of(GeneratorKind::GREYBOX, 100);
    for class in ["ArrayList", "HashMap", "TreeMap"] {
        let (unit, context) = plan(class);
        alternated(
            &mut group,
            &format!("greybox-vs-r/{class}"),
            &format!("greybox / r on {class}"),
            |seed| generated(unit, &context, &config, seed),
            |seed| random_on_gold(unit, &context, seed).calls as usize,
        );
    }
    group.finish();
}

criterion_group!(
    benches,
    per_call,
    grt_against_fdrt,
    dynamosa_against_r,
    greybox_against_r
);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
