//! Per-test-case generation cost of the strategies at j = 300: `bobw` (random access and
//! cursor), `bobw-prime` and `be` (their sequential cursors) against `r`, at n = 4 (z < 2⁶⁴:
//! bobw's binary Feistel network) and n = 8, 64, 1024 (its digit Feistel network).
//!
//! Run: `cargo bench --bench strategies -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use testspace::encoding::CallSpace;
use testspace::strategy::{Strategy, StrategyKind};

/// 20 methods whose nc(m) sum to j = 300.
fn call_space() -> CallSpace {
    let nc = [
        1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 12, 15, 16, 18, 20, 24, 25, 30, 30, 50,
    ];
    let space = CallSpace::new(nc.iter().enumerate().map(|(m, &c)| (m, vec![c])).collect())
        .expect("a valid call space");
    assert_eq!(space.j(), 300);
    space
}

fn strategies(c: &mut Criterion) {
    let space = call_space();
    let mut group = c.benchmark_group("per_test_case");
    for n in [4usize, 8, 64, 1024] {
        for kind in [
            StrategyKind::RANDOM,
            StrategyKind::PERMUTATION_WALK,
            StrategyKind::PRIME_STEP,
            StrategyKind::BOUNDED_EXHAUSTIVE,
        ] {
            let strategy: Box<dyn Strategy> = kind.build(&space, n, 2010);
            let mut out = vec![0u32; n];
            if [StrategyKind::RANDOM, StrategyKind::PERMUTATION_WALK].contains(&kind) {
                // Random access: test case k for consecutive k.
                let mut counter = 0u64;
                group.bench_function(BenchmarkId::new(format!("{kind}"), n), |b| {
                    b.iter(|| {
                        counter += 1;
                        black_box(strategy.case_into(black_box(counter), &mut out));
                    })
                });
            }
            if kind != StrategyKind::RANDOM {
                let mut cursor = strategy.cursor(0);
                group.bench_function(BenchmarkId::new(format!("{kind}-cursor"), n), |b| {
                    b.iter(|| black_box(cursor.next_case(&mut out)))
                });
            }
        }
    }
    group.finish();
}

criterion_group!(benches, strategies);
criterion_main!(benches);
