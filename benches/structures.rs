//! Korat-style enumeration speed (issue 18: ≥ 10⁶ candidates per second): the search over
//! Korat's `BinaryTree` at scopes 8 and 10, and over the unit scopes — LinkedList (items
//! `null`, 0, 1) at scope 7 and the red-black TreeMap (keys 0..n, values `null`) at scopes 7
//! and 8 — reported per candidate the validity predicate ran on (the throughput criterion
//! prints is candidates per second).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use testspace::structure::{BinaryTree, Invariant, LinkedListScope, TreeMapScope, search};

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
    let units: [(&str, usize, Box<dyn Invariant>); 3] = [
        (
            "linked-list",
            7,
            Box::new(LinkedListScope::new(7, vec![0, 1]).unwrap()),
        ),
        (
            "tree-map",
            7,
            Box::new(TreeMapScope::new(7, (0..7).collect(), vec![]).unwrap()),
        ),
        (
            "tree-map",
            8,
            Box::new(TreeMapScope::new(8, (0..8).collect(), vec![]).unwrap()),
        ),
    ];
    for (name, n, scope) in units {
        let run = || {
            search(
                scope.heap_scope(),
                |r| scope.rep_ok(r),
                |c| {
                    black_box(c);
                },
            )
        };
        group.throughput(Throughput::Elements(run().candidates));
        group.bench_function(BenchmarkId::new(name, n), |b| b.iter(|| black_box(run())));
    }
    group.finish();
}

criterion_group!(benches, korat);
criterion_main!(benches);
