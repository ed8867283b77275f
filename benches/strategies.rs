//! Per-test-case generation cost of the strategies on LinkedList's paper context (44
//! methods, j = 118, nc(m) from 1 to 8): `bobw` (random access and cursor), `bobw-prime` and
//! `be` (their sequential cursors) against `r`, at n = 4 (z < 2⁶⁴: bobw's binary Feistel
//! network) and n = 8, 64, 1024 (its digit Feistel network); `choice` with the default model
//! (R's draws), with weights ∝ nc(m) (`choice-nc`) and with a Markov row besides
//! (`choice-markov`) — the target is at most 1.5 × R's cost per call.
//!
//! Run: `cargo bench --bench strategies -- --warm-up-time 1 --measurement-time 3`.

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use testspace::context::TestContext;
use testspace::subject::registry;
use testspace::walk::choice::model::Model;
use testspace::walk::choice::resolve::interface_signature;
use testspace::walk::{Choice, Walk, WalkKind};

/// LinkedList's paper context.
fn context() -> TestContext {
    let unit = registry().find("LinkedList").expect("a registered unit");
    let context = TestContext::paper(unit).expect("the paper's context");
    assert_eq!(context.j(), 118);
    context
}

/// Weights ∝ nc(m), and with `markov` after `add(Integer)` mostly `get(int)`.
fn weighted_model(context: &TestContext, markov: bool) -> Model {
    let mut model = Model::default();
    for method in context.methods() {
        let weight = method.nc as f64;
        model.methods.insert(interface_signature(method), weight);
    }
    if markov {
        let row = [("get(int)".to_string(), 50.0)].into();
        model.markov.insert("add(Integer)".into(), row);
    }
    model
}

fn strategies(c: &mut Criterion) {
    let context = context();
    let mut group = c.benchmark_group("per_test_case");
    for n in [4usize, 8, 64, 1024] {
        for kind in [
            WalkKind::RANDOM,
            WalkKind::PERMUTATION_WALK,
            WalkKind::PRIME_STEP,
            WalkKind::BOUNDED_EXHAUSTIVE,
            WalkKind::CHOICE,
        ] {
            let strategy: Box<dyn Walk> = kind.build(&context, n, 2010);
            let mut out = vec![0u32; n];
            let random_access = [
                WalkKind::RANDOM,
                WalkKind::PERMUTATION_WALK,
                WalkKind::CHOICE,
            ];
            if random_access.contains(&kind) {
                // Random access: test case k for consecutive k.
                let mut counter = 0u64;
                group.bench_function(BenchmarkId::new(format!("{kind}"), n), |b| {
                    b.iter(|| {
                        counter += 1;
                        black_box(strategy.case_into(black_box(counter), &mut out));
                    })
                });
            }
            if ![WalkKind::RANDOM, WalkKind::CHOICE].contains(&kind) {
                let mut cursor = strategy.cursor(0);
                group.bench_function(BenchmarkId::new(format!("{kind}-cursor"), n), |b| {
                    b.iter(|| black_box(cursor.next_case(&mut out)))
                });
            }
        }
        for (name, markov) in [("choice-nc", false), ("choice-markov", true)] {
            let model = weighted_model(&context, markov);
            let weighted = Choice::new(&model, &context, n, 2010).expect("resolves");
            let mut out = vec![0u32; n];
            let mut counter = 0u64;
            group.bench_function(BenchmarkId::new(name, n), |b| {
                b.iter(|| {
                    counter += 1;
                    black_box(weighted.case_into(black_box(counter), &mut out));
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, strategies);
criterion_main!(benches);
