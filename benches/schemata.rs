//! Schemata overhead on gold execution (issue 5: ≤ 1.3×): R(1024) test cases — random
//! method-call sequences of length n = 1024 in the paper's context — run through the
//! plain port (`Unit::session`) and through the schemata copy with gold active
//! (`Unit::mutant_session(…, GOLD)`: every mutation point switching, fuel and depth
//! guards on). Benchmarks ArrayList, HashMap and TreeMap, plain and schemata back to
//! back. Reported per iteration of 8 test cases. On a shared machine, cross-check with the
//! instruction counts of `examples/schemata_callgrind.rs` (docs/mutants.md, "Costs").

#[path = "support/schemata_workload.rs"]
mod workload;

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

use std::hint::black_box;
use std::sync::Arc;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use testspace::context::TestContext;
use testspace::subject::{GOLD, registry};
use workload::{CASES, run};

fn schemata(c: &mut Criterion) {
    let mut group = c.benchmark_group("schemata");
    group.throughput(Throughput::Elements(CASES));
    for name in ["ArrayList", "HashMap", "TreeMap"] {
        let unit = registry().find(name).expect("a registered unit");
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let cases = workload::cases(&context);
        let mut plain = unit.session(context.clone());
        let mut gold = unit.mutant_session(context.clone(), GOLD).unwrap();
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
