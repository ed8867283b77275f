//! Benchmarks of the failure-density paths (issue 3's performance target: exact FD for
//! every n ≤ 100,000 at j = 300, k = 5 in under 10 s; the float path in milliseconds).

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use testspace::analysis::float::ScaledDensityRecurrence;
use testspace::analysis::optimal::optimal_length;
use testspace::analysis::pattern::PatternCounter;
use testspace::analysis::phi::{FailureCountRecurrence, FailureCounts};
use testspace::analysis::scientific::ScientificNumber;

const CALLS: u32 = 300;
const FAILING_LENGTH: u32 = 5;
const LONGEST: u64 = 100_000;

/// Steps an exact counter to `LONGEST`, converting FD at every n; returns the last FD.
fn every_exact_density(counter: &mut impl FailureCounts) -> ScientificNumber {
    let mut density = ScientificNumber::ZERO;
    while counter.length() < LONGEST {
        counter.advance();
        density = black_box(counter.failure_density());
    }
    density
}

fn exact(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("exact");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30));
    group.bench_function("recurrence fd every n<=100000 j=300 k=5", |bencher| {
        bencher.iter(|| {
            let mut recurrence = FailureCountRecurrence::new(CALLS, FAILING_LENGTH).unwrap();
            every_exact_density(&mut recurrence)
        })
    });
    group.bench_function(
        "automaton fd every n<=100000 j=300 pattern 0 1 2 3 4",
        |bencher| {
            bencher.iter(|| {
                let mut counter = PatternCounter::new(CALLS, &[vec![0, 1, 2, 3, 4]]).unwrap();
                every_exact_density(&mut counter)
            })
        },
    );
    group.finish();
}

fn float(criterion: &mut Criterion) {
    criterion.bench_function("float fd every n<=100000 j=300 k=5", |bencher| {
        bencher.iter(|| {
            let mut recurrence = ScaledDensityRecurrence::new(CALLS, FAILING_LENGTH).unwrap();
            let mut density = ScientificNumber::ZERO;
            while recurrence.length() < LONGEST {
                recurrence.advance();
                density = black_box(recurrence.failure_density());
            }
            density
        })
    });
    criterion.bench_function("optimal length j=300 k=5", |bencher| {
        bencher.iter(|| optimal_length(black_box(CALLS), black_box(FAILING_LENGTH)).unwrap())
    });
}

criterion_group!(benches, exact, float);
criterion_main!(benches);
