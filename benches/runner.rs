//! End-to-end execution cost (issue: the runner's performance targets).
//!
//! - `calls/<unit>`: one job of R(1024, 20) run on gold and on a "mutant" (gold again, so
//!   every test passes and the whole budget runs): method calls per second per core are
//!   `2 · 20 · 1024 / time` (gold + mutant).
//! - `overhead/array_list_*`: the same R(1024) sequences over a small M_C of ArrayList,
//!   through the harness (`Session::step`) vs a hand-written loop calling the port's
//!   methods directly on the same pools.
//! - `strategy/<s>`: one job of 20 test cases at n = 1024 on ArrayList for r and bobw
//!   (index walk + decode + execution end to end).
//! - `threads/<k>`: 8 jobs of R(1024, 10) on ArrayList, TreeMap, HashMap, LinkedList run on
//!   a rayon pool of k threads (in-process).

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use rayon::prelude::*;
use testspace::context::{MethodSelection, PoolInit, TestContext};
use testspace::experiment::{OracleKind, Until};
use testspace::runner::job::{Job, execute};
use testspace::strategy::StrategyKind;
use testspace::subject::{Unit, registry};
use testspace::subjects::abstract_collection::{AbstractCollection, AbstractList};
use testspace::subjects::array_list::ArrayList;

fn plan(class: &str) -> (&'static dyn Unit, Arc<TestContext>) {
    let unit = registry().find(class).unwrap();
    (unit, Arc::new(TestContext::paper(unit).unwrap()))
}

fn job(class: &str, strategy: StrategyKind, n: usize, tests: u64) -> Job {
    Job {
        subject: class.into(),
        mutant: 0,
        strategy,
        n,
        seed: 2010,
        start: 0,
        count: Some(tests),
        until: Until::Budget,
        seconds: None,
        oracle: OracleKind::Paper,
    }
}

fn calls(c: &mut Criterion) {
    let mut group = c.benchmark_group("calls");
    group.sample_size(10);
    for class in ["ArrayList", "HashMap", "TreeMap"] {
        let (unit, context) = plan(class);
        let j = job(class, StrategyKind::Random, 1024, 20);
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

fn overhead(c: &mut Criterion) {
    let unit = registry().find("ArrayList").unwrap();
    let selection = MethodSelection::Signatures(SMALL.iter().map(|s| s.to_string()).collect());
    let context = Arc::new(TestContext::new(unit, &selection, PoolInit::paper()).unwrap());
    let strategy = StrategyKind::Random.build(context.call_space(), 1024, 7);
    let cases: Vec<Vec<u32>> = (0..20)
        .map(|k| {
            let mut case = vec![0; 1024];
            strategy.case_into(k, &mut case);
            case
        })
        .collect();
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
    let mut group = c.benchmark_group("overhead");
    group.bench_function("array_list_harness", |b| {
        let mut session = unit.session(Arc::clone(&context));
        b.iter(|| {
            for case in &cases {
                session.reset();
                for &call in case {
                    let _ = black_box(session.step(call));
                }
            }
        })
    });
    group.bench_function("array_list_direct", |b| {
        b.iter(|| {
            for case in &decoded {
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
                black_box((&ints, &bools));
            }
        })
    });
    group.finish();
}

fn strategies(c: &mut Criterion) {
    let (unit, context) = plan("ArrayList");
    let mut group = c.benchmark_group("strategy");
    group.sample_size(10);
    for strategy in [
        StrategyKind::Random,
        StrategyKind::PermutationWalk,
        StrategyKind::PrimeStep,
    ] {
        let j = job("ArrayList", strategy, 1024, 20);
        group.bench_function(strategy.name(), |b| {
            b.iter(|| black_box(execute(&j, unit, &context).unwrap()))
        });
    }
    group.finish();
}

fn threads(c: &mut Criterion) {
    let classes = ["ArrayList", "TreeMap", "HashMap", "LinkedList"];
    let plans: Vec<_> = classes.iter().map(|c| plan(c)).collect();
    let jobs: Vec<(usize, Job)> = (0..8)
        .map(|i| (i % 4, job(classes[i % 4], StrategyKind::Random, 1024, 10)))
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

criterion_group!(benches, calls, overhead, strategies, threads);
criterion_main!(benches);
