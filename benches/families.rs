//! Today's families against `r`, side by side in one run (issue 62's target: each within 3×
//! `r` per method call on gold; proptest's overhead measured and stated): per unit and seed,
//! `r`, `proptest`, `dynamosa` and `greybox` each spend `workload::CALLS` (20,000) calls on
//! gold, in the configuration of `experiments/tournament.toml` (n = 20; greybox with
//! AFLFast's `fast` schedule and 16 havoc cycles), one after the other on the same seed,
//! seeds 1 to [`SEEDS`] every iteration. The ratio printed is each family's time per call executed on
//! gold over `r`'s, from the totals of the same iterations.
//!
//! The walks (`r`, `proptest`) draw ⌊CALLS / 20⌋ test cases from the counter and run them on
//! gold through the schemata copy, as a cell does for gold; the generators make a suite
//! within CALLS cost units through the coverage copy, everything they do besides included
//! (`generate_suite`: dynamosa's ranking and breeding, greybox's queue, schedule and havoc).
//! `cargo bench --bench families`; callgrind counts the same work without the machine's
//! noise (`examples/families_callgrind.rs`).

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

use std::cell::Cell;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group};

#[path = "support/families_workload.rs"]
mod workload;
use workload::{FAMILIES, Family, plan};

/// The seeds of every iteration, the same on every side.
const SEEDS: u64 = 4;

fn side_by_side(c: &mut Criterion) {
    let mut group = c.benchmark_group("families");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    for class in ["ArrayList", "HashMap", "TreeMap"] {
        let (unit, context) = plan(class);
        let totals: [Cell<(Duration, u64)>; FAMILIES.len()] = Default::default();
        group.bench_function(class, |bencher| {
            bencher.iter_custom(|iters| {
                let mut all = Duration::ZERO;
                for seed in (0..iters).flat_map(|_| 1..=SEEDS) {
                    for (family, total) in FAMILIES.iter().zip(&totals) {
                        let started = Instant::now();
                        let calls = black_box(family.run(unit, &context, seed));
                        let took = started.elapsed();
                        all += took;
                        let (time, before) = total.get();
                        total.set((time + took, before + calls));
                    }
                }
                all
            })
        });
        let per_call: Vec<f64> = totals
            .iter()
            .map(|t| {
                let (time, calls) = t.get();
                time.as_secs_f64() * 1e9 / calls.max(1) as f64
            })
            .collect();
        if per_call.iter().all(|t| *t == 0.0) {
            continue; // filtered out on the command line
        }
        let r = per_call[FAMILIES.iter().position(|f| *f == Family::R).unwrap()];
        let line: Vec<String> = FAMILIES
            .iter()
            .zip(&per_call)
            .map(|(family, ns)| format!("{} {ns:.0} ns ({:.2}× r)", family.name(), ns / r))
            .collect();
        println!("{class}, per call on gold: {}\n", line.join(", "));
    }
    group.finish();
}

criterion_group!(benches, side_by_side);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
