//! End-to-end execution cost (issue: the runner's performance targets).
//!
//! - `calls/<unit>`: one job of R(1024, 20) run on gold and on a "mutant" (gold again, so
//!   every test passes and the whole budget runs): method calls per second per core are
//!   `2 · 20 · 1024 / time` (gold + mutant).
//! - `overhead/array_list_*`: 20 test cases of R(1024) over a small M_C of ArrayList
//!   (six methods), through the harness ([`through_harness`]: reset, `Session::step` per
//!   call, exceptions counted, primitive pools read) vs a hand-written loop doing the same
//!   work with direct calls ([`hand_written`]: pools reset, each call decoded through the
//!   same call table, arguments from the pools, `null` checks, results stored, each call
//!   under `catch_unwind`, exceptions counted). The setup asserts that both compute the
//!   same exception counts and final pools. `overhead/array_list_bare` is the floor for
//!   reference: calls decoded beforehand, fixed-size pools, no `catch_unwind`.
//! - `strategy/<s>`: one job of [`STRATEGY_TESTS`] test cases at n = 1024 on ArrayList for
//!   r, r-leaf, bobw and bobw-prime (index walk + decode + execution end to end; divide by
//!   [`STRATEGY_TESTS`] for the cost per test). The cost of a test case is heavy-tailed
//!   (most take ~150 µs, a few hit the gold fuel budget after milliseconds), so the mean
//!   needs hundreds of test cases to settle. r-leaf draws calls as bobw does (uniformly
//!   over the j method calls, i.e. uniformly over the leaves of the search tree, where r
//!   follows the paper's R and draws the method first), so it separates what bobw's test
//!   cases cost to execute from what its walk costs.
//! - `threads/<k>`: 32 jobs of R(1024, 10) on ArrayList, TreeMap, HashMap, LinkedList (8
//!   seeds each) run on a rayon pool of k threads, in-process.
//! - `scaling/jobs_<k>` and `scaling/paired`: the runner itself, [`run_experiment_source`]
//!   on [`SCALING_EXPERIMENT`] with `--jobs k`: k supervised worker processes (this bench
//!   binary serves as the worker, see [`main`]), journal, tables and manifest written to a
//!   fresh folder. Each run starts its own workers, so alternating k = 1 and k = 2 is fair.
//! - `<group>/paired*`: ratios of two of the above measured alternately ([`paired`]):
//!   harness / hand-written, bobw / r and bobw / r-leaf (on ArrayList, HashMap, TreeMap
//!   and LinkedList), and the runner's `--jobs 1` / `--jobs 2`. (Not `threads`: alternating two in-process pools puts each pass of one
//!   behind an idle spell of the other's threads, a wake-up and cold-cache cost a runner,
//!   whose workers stay busy, does not pay.)

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

#[path = "support/paired.rs"]
mod paired;
use paired::paired;

use std::hint::black_box;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use criterion::{Criterion, SamplingMode, criterion_group};
use rayon::prelude::*;
use testspace::context::{MethodSelection, PoolInit, TestContext};
use testspace::experiment::Until;
use testspace::oracle::OracleKind;
use testspace::runner::job::{Job, execute};
use testspace::runner::{RunOptions, run_experiment_source};
use testspace::subject::{JavaException, Session, Unit, registry};
use testspace::subjects::abstract_collection::{AbstractCollection, AbstractList};
use testspace::subjects::array_list::ArrayList;
use testspace::walk::WalkKind;

fn plan(class: &str) -> (&'static dyn Unit, Arc<TestContext>) {
    let unit = registry().find(class).unwrap();
    (unit, Arc::new(TestContext::paper(unit).unwrap()))
}

fn job(class: &str, strategy: WalkKind, n: usize, tests: u64) -> Job {
    Job {
        subject: class.into(),
        mutant: 0,
        strategy: testspace::strategy::Strategy::Walk(testspace::walk::WalkConfig::of(strategy)),
        suite: None,
        max_guarded: None,
        abandon: Vec::new(),
        refused: Vec::new(),
        n,
        seed: 2010,
        start: 0,
        count: Some(tests),
        until: Until::Budget,
        seconds: None,
        oracle: OracleKind::Paper,
        coverage: false,
    }
}

fn calls(c: &mut Criterion) {
    let mut group = c.benchmark_group("calls");
    group.sample_size(10);
    for class in ["ArrayList", "HashMap", "TreeMap"] {
        let (unit, context) = plan(class);
        let j = job(class, WalkKind::RANDOM, 1024, 20);
        group.bench_function(class, |b| {
            b.iter(|| black_box(execute(&j, unit, &context).unwrap()))
        });
    }
    group.finish();
}

/// M_C = ArrayList(), add(Integer), get(int), size(), remove(Integer), contains(Integer).
const SMALL: [&str; 6] = [
    "ArrayList()",
    "add(Integer)",
    "get(int)",
    "size()",
    "remove(Integer)",
    "contains(Integer)",
];

/// What a test case leaves for the paper's oracle: the exceptions thrown and the
/// primitive pools at the end (`int`, `bool`; [`SMALL`] has no `String` parameter).
type Outcome = (u32, Vec<Option<i32>>, Vec<bool>);

/// The harness side of `overhead`: the runner's path for one test case. `Session::reset`
/// restores the initial pools; for each method-call index, `Session::step` (a dynamic
/// call) decodes it through the context's call table, looks the method up, checks
/// `int` arguments for `null`, runs the declared body (a function pointer, arguments
/// read from the pools through `Args`) under `catch_unwind`, and stores the result in its
/// pool slot; an `Err` is counted as an exception.
fn through_harness(session: &mut dyn Session, case: &[u32]) -> Outcome {
    session.reset();
    let exceptions = case
        .iter()
        .filter(|&&call| session.step(call).is_err())
        .count();
    let pools = session.primitives();
    (exceptions as u32, pools.ints, pools.bools)
}

/// The hand-written side of `overhead`: the same work without the harness's generality.
/// The pools are reset from the context's initial values (buffers reused); each
/// method-call index is decoded through the same call table (`TestContext::call`); a
/// `match` on the method calls the port's method directly, with its arguments read from
/// the pool slots, `NullPointerException` for a `null` target or a `null` unboxed `int`,
/// the result stored in its pool slot, each call under `catch_unwind` (as the harness
/// must survive a panicking subject), and every `Err` or panic counted as an exception.
fn hand_written(context: &TestContext, pools: &mut DirectPools, case: &[u32]) -> u32 {
    let init = context.pools();
    let DirectPools {
        ints,
        bools,
        objects,
    } = pools;
    ints.clear();
    ints.extend(init.ints.iter().map(|&v| Some(v)));
    bools.clear();
    bools.extend_from_slice(&init.bools);
    objects.clear();
    objects.resize_with(init.objects, || None);
    let mut exceptions = 0;
    for &index in case {
        let call = context.call(index);
        let s = call.slots();
        let slot = |i: usize| s[i] as usize;
        let outcome = catch_unwind(AssertUnwindSafe(|| -> Result<(), JavaException> {
            match call.position {
                0 => objects[slot(0)] = Some(ArrayList::new()),
                1 => bools[slot(2)] = target(objects, slot(1))?.add(ints[slot(0)])?,
                2 => {
                    let index = ints[slot(0)].ok_or(JavaException::NullPointer)?;
                    ints[slot(2)] = target(objects, slot(1))?.get(index)?;
                }
                3 => ints[slot(1)] = Some(target(objects, slot(0))?.size()),
                4 => bools[slot(2)] = target(objects, slot(1))?.remove(ints[slot(0)])?,
                _ => bools[slot(2)] = target(objects, slot(1))?.contains(ints[slot(0)])?,
            }
            Ok(())
        }));
        if !matches!(outcome, Ok(Ok(()))) {
            exceptions += 1;
        }
    }
    exceptions
}

/// The object in `slot`, or `NullPointerException` for `null` (the hand-written loop's
/// target check).
fn target(objects: &mut [Option<ArrayList>], slot: usize) -> Result<&mut ArrayList, JavaException> {
    objects[slot].as_mut().ok_or(JavaException::NullPointer)
}

/// The hand-written loop's value pools (reused from test case to test case).
#[derive(Default)]
struct DirectPools {
    ints: Vec<Option<i32>>,
    bools: Vec<bool>,
    objects: Vec<Option<ArrayList>>,
}

fn overhead(c: &mut Criterion) {
    let unit = registry().find("ArrayList").unwrap();
    let selection = MethodSelection::Signatures(SMALL.iter().map(|s| s.to_string()).collect());
    let context = Arc::new(TestContext::new(unit, &selection, PoolInit::paper()).unwrap());
    let strategy = WalkKind::RANDOM.build(&context, 1024, 7);
    let cases: Vec<Vec<u32>> = (0..20)
        .map(|k| {
            let mut case = vec![0; 1024];
            strategy.case_into(k, &mut case);
            case
        })
        .collect();
    let mut session = unit.session(context.clone());
    let mut pools = DirectPools::default();
    // Both sides must do the same work: the same exceptions and the same final pools.
    for case in &cases {
        let exceptions = hand_written(&context, &mut pools, case);
        assert_eq!(
            through_harness(session.as_mut(), case),
            (exceptions, pools.ints.clone(), pools.bools.clone()),
            "the hand-written loop must compute what the harness computes"
        );
    }
    let mut group = c.benchmark_group("overhead");
    group.bench_function("array_list_harness", |b| {
        b.iter(|| {
            for case in &cases {
                black_box(through_harness(session.as_mut(), case));
            }
        })
    });
    group.bench_function("array_list_direct", |b| {
        b.iter(|| {
            for case in &cases {
                black_box(hand_written(&context, &mut pools, case));
                black_box((&pools.ints, &pools.bools));
            }
        })
    });
    paired(
        &mut group,
        "paired",
        "harness / hand-written",
        || {
            for case in &cases {
                black_box(through_harness(session.as_mut(), case));
            }
        },
        || {
            for case in &cases {
                black_box(hand_written(&context, &mut pools, case));
            }
        },
    );
    // The floor, for reference: the calls decoded beforehand, fixed-size pools, no
    // `catch_unwind`, exceptions not counted (less work than the harness must do).
    let decoded: Vec<Vec<(usize, Vec<u32>)>> = cases
        .iter()
        .map(|case| {
            case.iter()
                .map(|&d| {
                    let call = context.call(d);
                    (call.position, call.slots().to_vec())
                })
                .collect()
        })
        .collect();
    group.bench_function("array_list_bare", |b| {
        b.iter(|| {
            for case in &decoded {
                black_box(bare(case));
            }
        })
    });
    group.finish();
}

/// The bare loop of `overhead/array_list_bare` over one pre-decoded test case (one
/// object slot, the paper's two-value primitive pools).
fn bare(case: &[(usize, Vec<u32>)]) -> ([Option<i32>; 2], [bool; 2]) {
    let mut ints: [Option<i32>; 2] = [Some(0), Some(100)];
    let mut bools = [false, true];
    let mut list: Option<ArrayList> = None;
    for (method, slots) in case {
        let s = |i: usize| slots[i] as usize;
        let _ = black_box(match method {
            0 => {
                list = Some(ArrayList::new());
                Ok(())
            }
            _ => match list.as_mut() {
                None => Err(()),
                Some(l) => match method {
                    1 => l.add(ints[s(0)]).map(|v| bools[s(2)] = v).map_err(|_| ()),
                    2 => match ints[s(0)] {
                        None => Err(()),
                        Some(i) => l.get(i).map(|v| ints[s(2)] = v).map_err(|_| ()),
                    },
                    3 => {
                        ints[s(1)] = Some(l.size());
                        Ok(())
                    }
                    4 => l
                        .remove(ints[s(0)])
                        .map(|v| bools[s(2)] = v)
                        .map_err(|_| ()),
                    _ => l
                        .contains(ints[s(0)])
                        .map(|v| bools[s(2)] = v)
                        .map_err(|_| ()),
                },
            },
        });
    }
    (ints, bools)
}

/// Test cases per job in `strategy/*`.
const STRATEGY_TESTS: u64 = 1000;

fn strategies(c: &mut Criterion) {
    let (unit, context) = plan("ArrayList");
    let mut group = c.benchmark_group("strategy");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    for strategy in [
        WalkKind::RANDOM,
        WalkKind::RANDOM_LEAF,
        WalkKind::PERMUTATION_WALK,
        WalkKind::PRIME_STEP,
    ] {
        let j = job("ArrayList", strategy, 1024, STRATEGY_TESTS);
        group.bench_function(strategy.name(), |b| {
            b.iter(|| black_box(execute(&j, unit, &context).unwrap()))
        });
    }
    // bobw against r and r-leaf on four units: how much bobw / r depends on the unit is
    // how much its M_C's methods differ in nc(m) (see docs/performance.md).
    for class in ["ArrayList", "HashMap", "TreeMap", "LinkedList"] {
        let (unit, context) = plan(class);
        let context = &context;
        let run = |strategy| {
            let j = job(class, strategy, 1024, STRATEGY_TESTS);
            move || {
                black_box(execute(&j, unit, context).unwrap());
            }
        };
        for other in [WalkKind::RANDOM, WalkKind::RANDOM_LEAF] {
            paired(
                &mut group,
                &format!("paired-{}/{class}", other.name()),
                &format!("{class}: bobw / {}", other.name()),
                run(WalkKind::PERMUTATION_WALK),
                run(other),
            );
        }
    }
    group.finish();
}

fn threads(c: &mut Criterion) {
    let classes = ["ArrayList", "TreeMap", "HashMap", "LinkedList"];
    let plans: Vec<_> = classes.iter().map(|c| plan(c)).collect();
    let jobs: Vec<(usize, Job)> = (0..32)
        .map(|i| {
            let mut j = job(classes[i % 4], WalkKind::RANDOM, 1024, 10);
            j.seed += (i / 4) as u64;
            (i % 4, j)
        })
        .collect();
    let mut group = c.benchmark_group("threads");
    group.sample_size(10);
    for k in [1usize, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(k)
            .build()
            .unwrap();
        group.bench_function(k.to_string(), |b| {
            b.iter(|| {
                pool.install(|| {
                    jobs.par_iter().for_each(|(p, j)| {
                        let (unit, context) = &plans[*p];
                        black_box(execute(j, *unit, context).unwrap());
                    })
                })
            })
        });
    }
    group.finish();
}

/// The experiment of `scaling/*`: 4 units × 6 sampled mutants × (r and bobw at n = 64, 256,
/// 1024) = 144 cells of 200 test cases each (about 3 s of work on one core).
const SCALING_EXPERIMENT: &str = r#"
name = "scaling"
seed = 2010
subjects = ["ArrayList", "HashMap", "TreeMap", "LinkedList"]

[context]
methods = "all"

[context.pools]
int = { size = 2, init = [0, 100] }
bool = { size = 2, init = [false, true] }
string = { size = 2, init = ["a", "b"] }
object = { size = 1 }

[mutants]
sample = 6
seed = 2010

[[phase]]
name = "scaling"

[[phase.run]]
strategy = "r"
n = [64, 256, 1024]
tests = 200
until = "budget"

[[phase.run]]
strategy = "bobw"
n = [64, 256, 1024]
tests = 200
until = "budget"
"#;

fn scaling(c: &mut Criterion) {
    let run = |jobs: usize| {
        move || {
            let out = tempfile::tempdir().unwrap();
            let options = RunOptions {
                jobs,
                resume: false,
                resume_other_version: false,
                out: Some(out.path().to_path_buf()),
                watchdog: None,
                progress: testspace::runner::progress::ProgressMode::Off,
                shard: None,
                profile: "default".into(),
            };
            let report = run_experiment_source(
                std::path::Path::new("scaling.toml"),
                SCALING_EXPERIMENT,
                &options,
            )
            .unwrap();
            assert_eq!(report.cells.len(), 144, "every cell runs");
            black_box(report);
        }
    };
    let mut group = c.benchmark_group("scaling");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    for jobs in [1, 2] {
        group.bench_function(format!("jobs_{jobs}"), |b| b.iter(run(jobs)));
    }
    paired(
        &mut group,
        "paired",
        "--jobs 1 / --jobs 2 (the speed-up)",
        run(1),
        run(2),
    );
    group.finish();
}

criterion_group!(benches, calls, overhead, strategies, threads, scaling);

/// criterion's `main`, but the runner starts its worker processes as
/// `current_exe() worker`, and under `cargo bench` the current executable is this bench:
/// with the argument `worker` it serves jobs as `testspace worker` does.
fn main() {
    if std::env::args().nth(1).as_deref() == Some("worker") {
        testspace::runner::worker::serve().unwrap();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
