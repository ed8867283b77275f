//! Korat-style enumeration speed (issue 18: ≥ 10⁶ candidates per second): the search over
//! Korat's `BinaryTree` at scopes 8 and 10, and over the unit scopes — LinkedList (items
//! `null`, 0, 1) at scope 7 and the red-black TreeMap (keys 0..n, values `null`) at scopes 7
//! and 8 — reported per candidate the validity predicate ran on (the throughput criterion
//! prints is candidates per second). And the paper's Algorithm 1 (issue 18: the TreeMap
//! suite at scope 20 in ≤ 5 s): the field-exhaustive suite by incremental SAT for TreeMap
//! (keys 0..n, values `null`) at scopes 10, 15 and 20 and LinkedList (items `null`, 0, 1)
//! at scope 20, encoding and solving included.

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use testspace::structure::sat::field_exhaustive_suite;
use testspace::structure::{
    BinaryTree, CnfEncoding, Invariant, LinkedListScope, TreeMapScope, search,
};

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

fn field_exhaustive_sat(c: &mut Criterion) {
    let mut group = c.benchmark_group("fe-sat");
    group.sample_size(10);
    let tree = |n: usize| TreeMapScope::new(n, (0..n as i32).collect(), vec![]).unwrap();
    let units: [(&str, usize, Box<dyn CnfEncoding>); 4] = [
        ("tree-map", 10, Box::new(tree(10))),
        ("tree-map", 15, Box::new(tree(15))),
        ("tree-map", 20, Box::new(tree(20))),
        (
            "linked-list",
            20,
            Box::new(LinkedListScope::new(20, vec![0, 1]).unwrap()),
        ),
    ];
    for (name, n, scope) in units {
        let suite = field_exhaustive_suite(scope.as_ref()).unwrap();
        eprintln!(
            "{name} at scope {n}: {} structures, {} pairs, {} variables, {} clauses",
            suite.structures.len(),
            suite.covered_pairs,
            suite.variables,
            suite.clauses
        );
        group.bench_function(BenchmarkId::new(name, n), |b| {
            b.iter(|| black_box(field_exhaustive_suite(scope.as_ref()).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, korat, field_exhaustive_sat);
criterion_main!(benches);
