//! `testspace compare` on a results table of a million cells (issue 14's target: at most
//! 10 s on this 2-core machine): reading the Parquet table and computing every comparison
//! row (four metrics, 2,000 bootstrap resamples per row), as the command does.
//!
//! The table is synthetic but shaped like a replicated run of the paper's experiment:
//! 30 replicates × 16 units × 35 mutants × 15 lengths × 4 strategies = 1,008,000 cells of
//! the comparison phase, with first failures drawn from a seeded generator (so every row's
//! samples have ties and distinct values, and the exact and asymptotic tests both occur).
//! `bobw-prime` is declared seed-free, as it is, so its rows take the signed-rank test.

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

use std::collections::BTreeSet;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use testspace::report::compare::{CompareSpec, compare};
use testspace::report::read_cells;

#[path = "support/million_cells.rs"]
mod million;

fn million_cells(criterion: &mut Criterion) {
    let folder = million::million_cell_folder();
    let spec = CompareSpec {
        phase: "comparison".into(),
        baseline: "r".into(),
        strategies: Vec::new(),
        subjects: Vec::new(),
        metrics: Vec::new(),
        budget_runs: BTreeSet::new(),
        resamples: 2000,
        confidence: 0.95,
        seed: 0,
        seed_free: BTreeSet::from(["bobw-prime".to_string()]),
    };
    let mut group = criterion.benchmark_group("compare");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(60));
    group.bench_function("read and compare 1008000 cells, 4 metrics", |bencher| {
        bencher.iter(|| {
            let cells = read_cells(folder.path()).unwrap();
            black_box(compare(&cells, &spec).unwrap().len())
        })
    });
    let cells = read_cells(folder.path()).unwrap();
    group.bench_function("compare 1008000 cells read, 4 metrics", |bencher| {
        bencher.iter(|| black_box(compare(&cells, &spec).unwrap().len()))
    });
    group.finish();
}

criterion_group!(benches, million_cells);
criterion_main!(benches);
