//! Korat-style enumeration speed (issue 18: ≥ 10⁶ candidates per second): the search over
//! Korat's `BinaryTree` at scopes 8 and 10, reported per candidate the validity predicate
//! ran on (the throughput criterion prints is candidates per second).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use testspace::structure::{BinaryTree, search};

fn korat(c: &mut Criterion) {
    let mut group = c.benchmark_group("korat");
    for nodes in [8, 10] {
        let tree = BinaryTree::new(nodes);
        let stats = search(&tree, |r| tree.rep_ok(r), |_| {});
        group.throughput(Throughput::Elements(stats.candidates));
        group.bench_function(BenchmarkId::new("binary-tree", nodes), |b| {
            b.iter(|| {
                black_box(search(
                    &tree,
                    |r| tree.rep_ok(r),
                    |c| {
                        black_box(c);
                    },
                ))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, korat);
criterion_main!(benches);
