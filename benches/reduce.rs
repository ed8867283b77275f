//! Reduction time per mutant at n = 1024 (issue 20: median ≤ 1 s): the first failing
//! R(1024) test case of the comparison phase of the committed reference run
//! `results/andrews2010`, regenerated from its seed, reduced to a 1-minimal failing test
//! case (ddmin, then earlier calls) under the paper's oracle with the job's guards. One
//! benchmark per mutant, for every 10th of the 239 mutants R(1024) killed (24 mutants of
//! all units), in table order; the median of their times is the figure to compare.

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use testspace::experiment::file::parse_experiment_profile;
use testspace::reduce::{MutantFailure, default_passes, reduce};
use testspace::walk::WalkKind;

const RESULTS: &str = "results/andrews2010";
const N: u64 = 1024;

fn reduction(c: &mut Criterion) {
    let folder = Path::new(RESULTS);
    let path = folder.join("experiment.toml");
    let source = std::fs::read_to_string(&path).expect("the reference run's experiment file");
    let experiment = parse_experiment_profile(&path, &source, "default").expect("a valid file");
    let cells = testspace::report::read_cells(folder).expect("the reference run's cells");
    let killed: Vec<_> = cells
        .phase("comparison")
        .filter(|cell| cell.strategy == "r" && cell.n == N && cell.first_failure.is_some())
        .collect();
    let mut group = c.benchmark_group("reduce_n1024");
    group.sample_size(10);
    for cell in killed.iter().step_by(10) {
        let plan = experiment
            .subjects
            .iter()
            .find(|plan| plan.unit.class() == cell.subject)
            .expect("a subject of the experiment");
        let strategy = WalkKind::RANDOM.build(&plan.context, N as usize, experiment.seed);
        let mut calls = vec![0u32; N as usize];
        let counter = cell.first_failure.expect("killed") - 1;
        assert!(strategy.case_into(counter, &mut calls));
        let mutant = u32::try_from(cell.mutant).expect("a mutant id");
        let mut check = MutantFailure::new(
            plan.unit,
            &Arc::clone(&plan.context),
            mutant,
            experiment.oracle,
        )
        .expect("a mutant of the unit");
        let passes = default_passes();
        group.bench_function(BenchmarkId::new(&cell.subject, cell.mutant), |b| {
            b.iter(|| black_box(reduce(&calls, &mut check, &passes).expect("it fails")))
        });
    }
    group.finish();
}

criterion_group!(benches, reduction);
criterion_main!(benches);
