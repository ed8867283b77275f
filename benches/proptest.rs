//! The `proptest` walk's overhead per method call on gold against `r` (issue 62: measured
//! and stated, docs/proptest.md). Each side draws test cases of n calls from the counter
//! and runs them on gold through the schemata copy, as a cell does for gold, for the same
//! number of calls, the two sides alternated (`support/paired.rs`) so that the ratio
//! printed is per call on the same machine state. A second pair times drawing alone (no
//! gold): what proptest's runner, its strategies and its value trees cost per call.
//! `cargo bench --bench proptest`.

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

#[path = "support/paired.rs"]
mod paired;
use paired::paired;

use std::cell::Cell;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group};
use testspace::context::TestContext;
use testspace::oracle::trace;
use testspace::subject::{GOLD, Unit, guard, registry};
use testspace::walk::{Walk, WalkKind};

/// Calls per iteration on each side.
const CALLS: u64 = 10_000;
/// The test-case length.
const N: usize = 20;

fn plan(class: &str) -> (&'static dyn Unit, Arc<TestContext>) {
    let unit = registry().find(class).unwrap();
    (unit, Arc::new(TestContext::paper(unit).unwrap()))
}

/// CALLS / N test cases of `walk` drawn, and run on gold when `session` is given; the
/// calls gold ran.
fn draw_and_run(walk: &dyn Walk, mut session: Option<&mut dyn testspace::subject::Session>) -> u64 {
    let mut case = vec![0u32; N];
    let mut calls = 0;
    for k in 0..CALLS / N as u64 {
        walk.case_into(k, &mut case);
        match session.as_deref_mut() {
            Some(session) => calls += u64::from(trace(session, &case, false).steps),
            None => calls += black_box(&case).len() as u64,
        }
    }
    calls
}

/// `side` timed into `total` (time, calls), for the absolute time per call.
fn timed(total: &Cell<(Duration, u64)>, side: impl FnOnce() -> u64) {
    let started = Instant::now();
    let calls = side();
    let (time, before) = total.get();
    total.set((time + started.elapsed(), before + calls));
}

/// The time per call of `totals` (proptest's, then r's), printed.
fn print_per_call(what: &str, totals: [&Cell<(Duration, u64)>; 2]) {
    let [proptest, random] = totals.map(|total| {
        let (time, calls) = total.get();
        time.as_secs_f64() * 1e9 / calls.max(1) as f64
    });
    println!("{what}: proptest {proptest:.1} ns per call, r {random:.1} ns per call\n");
}

fn per_call(c: &mut Criterion) {
    let mut group = c.benchmark_group("proptest");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    for class in ["ArrayList", "HashMap", "TreeMap"] {
        let (unit, context) = plan(class);
        let proptest = WalkKind::PROPTEST.build(&context, N, 1);
        let random = WalkKind::RANDOM.build(&context, N, 1);
        let session = || {
            let mut session = unit.mutant_session(context.clone(), GOLD).unwrap();
            session.set_fuel_budget(guard::GOLD_FUEL_BUDGET);
            session
        };
        let (mut a, mut b) = (session(), session());
        let totals = [Cell::default(), Cell::default()];
        paired(
            &mut group,
            &format!("on-gold/{class}"),
            &format!("proptest / r per call on gold, {class}"),
            || {
                timed(&totals[0], || {
                    draw_and_run(proptest.as_ref(), Some(a.as_mut()))
                })
            },
            || {
                timed(&totals[1], || {
                    draw_and_run(random.as_ref(), Some(b.as_mut()))
                })
            },
        );
        print_per_call(&format!("on gold, {class}"), [&totals[0], &totals[1]]);
        let totals = [Cell::default(), Cell::default()];
        paired(
            &mut group,
            &format!("drawing/{class}"),
            &format!("proptest / r per call drawn, {class}"),
            || timed(&totals[0], || draw_and_run(proptest.as_ref(), None)),
            || timed(&totals[1], || draw_and_run(random.as_ref(), None)),
        );
        print_per_call(&format!("drawn, {class}"), [&totals[0], &totals[1]]);
    }
    group.finish();
}

criterion_group!(benches, per_call);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
