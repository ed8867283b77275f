//! Schemata overhead on gold execution (issue 5: ≤ 1.3×): R(1024) test cases — random
//! method-call sequences of length n = 1024 in the paper's context — run through the
//! plain port (`Unit::session`) and through the schemata copy with gold active
//! (`Unit::mutant_session(…, GOLD)`: every mutation point switching, fuel and depth
//! guards on). Benchmarks ArrayList, HashMap and TreeMap, plain and schemata back to
//! back. Reported per iteration of 8 test cases. On a shared machine, cross-check with the
//! instruction counts of `examples/schemata_callgrind.rs` (docs/mutants.md, "Costs").

use std::hint::black_box;
use std::sync::Arc;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use testspace::context::TestContext;
use testspace::strategy::rng::{below, case_rng};
use testspace::subject::{GOLD, Session, registry};

const N: usize = 1024;
const CASES: u64 = 8;

fn run(session: &mut dyn Session, cases: &[Vec<u32>]) -> usize {
    let mut thrown = 0;
    for calls in cases {
        session.reset();
        for &call in calls {
            thrown += usize::from(session.step(call).is_err());
        }
    }
    thrown
}

fn schemata(c: &mut Criterion) {
    let mut group = c.benchmark_group("schemata");
    group.throughput(Throughput::Elements(CASES));
    for name in ["ArrayList", "HashMap", "TreeMap"] {
        let unit = registry().find(name).expect("a registered unit");
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let cases: Vec<Vec<u32>> = (0..CASES)
            .map(|k| {
                let mut rng = case_rng(7, k);
                (0..N)
                    .map(|_| below(&mut rng, u64::from(context.j())) as u32)
                    .collect()
            })
            .collect();
        let mut plain = unit.session(Arc::clone(&context));
        let mut gold = unit.mutant_session(Arc::clone(&context), GOLD).unwrap();
        assert_eq!(run(&mut *plain, &cases), run(&mut *gold, &cases));
        group.bench_function(BenchmarkId::new("plain", name), |b| {
            b.iter(|| black_box(run(&mut *plain, &cases)))
        });
        group.bench_function(BenchmarkId::new("schemata-gold", name), |b| {
            b.iter(|| black_box(run(&mut *gold, &cases)))
        });
    }
    group.finish();
}

criterion_group!(benches, schemata);
criterion_main!(benches);
