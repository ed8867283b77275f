//! Ratios of two benchmarks measured alternately, shared (through `#[path]`) by the runner
//! bench and the corpus's fault bench.

use std::cell::Cell;
use std::time::{Duration, Instant};

use criterion::BenchmarkGroup;
use criterion::measurement::WallTime;

/// Benchmarks `a` as `<group>/<name>` while running `b` after every run of `a`, and
/// prints the ratio of their total times (`a / b`). The machine's speed drifts by tens of
/// percent from one second to the next (a shared host), which skews ratios of benchmarks
/// run one after the other; alternating the two sides exposes both to the same drift.
/// Returns the ratio (`None` if `b` took no time).
pub fn paired(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    meaning: &str,
    mut a: impl FnMut(),
    mut b: impl FnMut(),
) -> Option<f64> {
    let totals = Cell::new((Duration::ZERO, Duration::ZERO));
    group.bench_function(name, |bencher| {
        bencher.iter_custom(|iters| {
            let (mut ta, mut tb) = (Duration::ZERO, Duration::ZERO);
            for _ in 0..iters {
                let t = Instant::now();
                a();
                ta += t.elapsed();
                let t = Instant::now();
                b();
                tb += t.elapsed();
            }
            let (sa, sb) = totals.get();
            totals.set((sa + ta, sb + tb));
            ta
        })
    });
    let (ta, tb) = totals.get();
    if tb == Duration::ZERO {
        return None;
    }
    let ratio = ta.as_secs_f64() / tb.as_secs_f64();
    println!(
        "{name}: {meaning} = {ratio:.2} (alternated, totals {:.3} s / {:.3} s)\n",
        ta.as_secs_f64(),
        tb.as_secs_f64()
    );
    Some(ratio)
}
