//! Coverage overhead on gold execution (issue 15: ≤ 1.3× the plain port): R(1024) test
//! cases — random method-call sequences of length n = 1024 in the paper's context — run
//! through the plain port (`Unit::session`), through the schemata copy with gold active
//! (`Unit::mutant_session(…, GOLD)`, what a cell's gold run uses with coverage off) and
//! through the coverage copy (`Unit::coverage_session`, what it uses with coverage on: the
//! schemata's guards plus one probe per decision outcome), back to back, plus the coverage
//! copy with the runner's per-test-case reading of the probes. ArrayList, HashMap and
//! TreeMap; per iteration of 8 test cases. Instruction counts, which do not depend on the
//! machine's load: `examples/schemata_callgrind.rs` with `coverage` (docs/coverage.md).

#[path = "support/schemata_workload.rs"]
mod workload;

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

use std::hint::black_box;
use std::sync::Arc;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use testspace::context::TestContext;
use testspace::coverage::Coverage;
use testspace::subject::{GOLD, Session, registry};
use workload::{CASES, run};

fn coverage(c: &mut Criterion) {
    let mut group = c.benchmark_group("coverage");
    group.throughput(Throughput::Elements(CASES));
    for name in ["ArrayList", "HashMap", "TreeMap"] {
        let unit = registry().find(name).expect("a registered unit");
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let cases = workload::cases(&context);
        let mut plain = unit.session(context.clone());
        let mut gold = unit.mutant_session(context.clone(), GOLD).unwrap();
        let mut covered = unit.coverage_session(context.clone()).unwrap();
        assert_eq!(run(&mut *plain, &cases), run(&mut covered, &cases));
        group.bench_function(BenchmarkId::new("plain", name), |b| {
            b.iter(|| black_box(run(&mut *plain, &cases)))
        });
        group.bench_function(BenchmarkId::new("schemata-gold", name), |b| {
            b.iter(|| black_box(run(&mut *gold, &cases)))
        });
        group.bench_function(BenchmarkId::new("coverage", name), |b| {
            b.iter(|| black_box(run(&mut covered, &cases)))
        });
        let mut coverage = Coverage::new(unit.probes().unwrap());
        group.bench_function(BenchmarkId::new("coverage-accumulated", name), |b| {
            b.iter(|| {
                let mut thrown = 0;
                for calls in &cases {
                    covered.reset();
                    for &call in calls {
                        thrown += usize::from(covered.step(call).is_err());
                    }
                    black_box(coverage.absorb(&covered));
                }
                black_box((thrown, coverage.branches_covered()))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, coverage);
criterion_main!(benches);
