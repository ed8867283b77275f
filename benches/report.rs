//! `testspace report` on a results folder of a million cells (issue 43's target: at most
//! 10 s on this 2-core machine): the folder read and checked, the report's model computed
//! (60 strategy labels — 4 strategies at 15 lengths — ranked over 16 subjects, 1,770
//! pairwise tests per subject, kill and coverage curves, kill matrices, survival curves)
//! and rendered to HTML and SVG, then the whole command with its staged writing. The folder
//! is `compare`'s (benches/support/million_cells.rs).

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use testspace::report::Cells;
use testspace::report::folder::open;
use testspace::report::page::{build_model, render, write_page};

#[path = "support/million_cells.rs"]
mod million;

fn million_cells(criterion: &mut Criterion) {
    let folder = million::million_cell_folder();
    let out = tempfile::tempdir().unwrap();
    let mut group = criterion.benchmark_group("report");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(60));
    group.bench_function("testspace report on 1008000 cells", |bencher| {
        bencher.iter(|| {
            let written = write_page(folder.path(), Some(&out.path().join("page")), None).unwrap();
            black_box(written.files)
        })
    });
    let read = open(folder.path()).unwrap();
    let cells = Cells::from_table(&read.cells).unwrap();
    group.bench_function("model and render 1008000 cells read", |bencher| {
        bencher.iter(|| {
            let model = build_model(folder.path(), &read.manifest, &cells, None, false).unwrap();
            black_box(render(&model).len())
        })
    });
    group.finish();
}

criterion_group!(benches, million_cells);
criterion_main!(benches);
