//! The run's scheduler ([`testspace::runner::schedule`]) on cell-cost mixes, simulated
//! (no processes): each mix is run by [`simulate`] on 1, 2 and 4 workers under the
//! dependency-driven policy and under the barrier runner's (every unit's cells of a
//! (phase, run), then the next), and the simulated makespan and busy fraction are printed.
//! Criterion times the simulation itself, which is the scheduler's own work for every
//! cell and chunk of the mix (its overhead in a real run is that divided by the cells).
//!
//! - `reference`: the default reproduction's cells as committed in
//!   `results/andrews2010/cells.csv`, each costing its recorded `cpu_seconds`; a large cell
//!   of `be`, `bobw` or `bobw-prime` runs as chunks of 20,000 test cases, as the runner
//!   runs it with two or more workers; the expected costs are [`expected_cost`]'s, from the
//!   counts of the unit's earlier cells, as the runner computes them (what a unit has after
//!   a step is the sum of its later cells' expected costs: the simulation knows which cells
//!   a unit will have, the runner bounds them by every run's lengths).
//! - `synthetic`: a seeded mix of the same shape (384 units: most killed by a cheap first
//!   run, the survivors through three costlier runs and chunked runs, one unit with a
//!   chain of two 200-second chunked cells, the killed ones through a second phase of
//!   60 small cells with a heavy tail) whose expected costs are the true costs with a
//!   factor-of-four error either way.
//!
//! The barrier policy is an approximation of the runner before the scheduler: the same
//! list scheduling, in planning order, with a barrier after each (phase, run); the old
//! runner ran a chunked cell's chunks in waves of 2 × jobs, which only lowers its
//! utilisation further.

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use testspace::runner::CHUNK_TESTS;
use testspace::runner::schedule::{Policy, SimCell, SimUnit, expected_cost, simulate};

/// CPU centiseconds of the 50 chunks of Properties 226's BE(4) (20,000 test cases each, in
/// counter order), measured one by one in worker processes on the project's 2-core
/// machine (225.7 s in all; the machine was shared). The test cases that run out of fuel
/// come in runs, so some chunks cost ten times others; BE(5)'s first 10⁶ test cases guard
/// as many, and are given the same profile.
const PROPERTIES_226_CHUNKS: [u32; 50] = [
    331, 334, 558, 895, 884, 885, 898, 637, 101, 97, 273, 341, 310, 357, 333, 331, 331, 344, 347,
    311, 343, 311, 323, 328, 325, 329, 292, 317, 276, 173, 94, 147, 887, 893, 907, 896, 857, 120,
    93, 185, 311, 314, 289, 316, 313, 320, 943, 912, 937, 924,
];

/// `seconds` split over `chunks` pieces in the proportions of `profile` (cycled), or
/// equally without one.
fn pieces(seconds: f64, chunks: u64, profile: Option<&[u32]>) -> Vec<f64> {
    let weights: Vec<f64> = (0..chunks as usize)
        .map(|i| profile.map_or(1.0, |p| f64::from(p[i % p.len()])))
        .collect();
    let total: f64 = weights.iter().sum();
    weights.iter().map(|w| seconds * w / total).collect()
}

/// The reference run's cells as simulated units.
fn reference_mix() -> Vec<SimUnit> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/results/andrews2010/cells.csv");
    let text = std::fs::read_to_string(path).expect("the committed reference run");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let (phase, run, replicate, subject, mutant) = (
        col("phase"),
        col("run"),
        col("replicate"),
        col("subject"),
        col("mutant"),
    );
    let (strategy, n, budget, tests, guarded, abandoned, cpu) = (
        col("strategy"),
        col("n"),
        col("test_budget"),
        col("tests_run"),
        col("guarded_tests"),
        col("abandoned_tests"),
        col("cpu_seconds"),
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    // Steps in the order the (sorted) table first shows them; units likewise.
    let mut steps: Vec<(&str, &str)> = Vec::new();
    let mut units: Vec<(&str, &str, &str)> = Vec::new();
    for row in &rows {
        let step = (row[phase], row[run]);
        if !steps.contains(&step) {
            steps.push(step);
        }
        let unit = (row[replicate], row[subject], row[mutant]);
        if !units.contains(&unit) {
            units.push(unit);
        }
    }
    let mut mix = vec![
        SimUnit {
            steps: vec![Vec::new(); steps.len()],
        };
        units.len()
    ];
    let mut counts = vec![(0u64, 0u64); units.len()];
    let number = |s: &str| s.parse::<u64>().unwrap_or(0);
    for (s, &step) in steps.iter().enumerate() {
        let mut recorded = Vec::new();
        for row in rows.iter().filter(|r| (r[phase], r[run]) == step) {
            let u = units
                .iter()
                .position(|&x| x == (row[replicate], row[subject], row[mutant]))
                .expect("listed");
            let limit = (!row[budget].is_empty()).then(|| number(row[budget]));
            let chunked = matches!(row[strategy], "be" | "bobw" | "bobw-prime")
                && limit.is_none_or(|b| b > CHUNK_TESTS);
            let seconds: f64 = row[cpu].parse().expect("cpu_seconds");
            let chunks = number(row[tests]).div_ceil(CHUNK_TESTS).max(1);
            let profile = ((row[subject], row[mutant]) == ("Properties", "226"))
                .then_some(&PROPERTIES_226_CHUNKS[..]);
            mix[u].steps[s].push(SimCell {
                expected: expected_cost(number(row[n]), limit, counts[u]),
                pieces: if chunked {
                    pieces(seconds, chunks, profile)
                } else {
                    vec![seconds]
                },
                chunked,
            });
            recorded.push((
                u,
                number(row[tests]),
                number(row[guarded]) + number(row[abandoned]),
            ));
        }
        for (u, t, g) in recorded {
            counts[u].0 += t;
            counts[u].1 += g;
        }
    }
    mix
}

/// A uniform draw in [0, 1) from a xorshift state.
fn uniform(state: &mut u64) -> f64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state >> 11) as f64 / (1u64 << 53) as f64
}

/// A seeded mix of the reference's shape (see the module docs).
fn synthetic_mix(seed: u64) -> Vec<SimUnit> {
    let mut errors = seed | 1;
    let mut draw = move || uniform(&mut errors);
    // Chunk costs of the heavy unit vary tenfold, in runs (as Properties 226's do).
    let skew: Vec<u32> = (0..50)
        .map(|i| {
            if (i / 5) % 3 == 0 {
                900
            } else {
                100 + (draw() * 200.0) as u32
            }
        })
        .collect();
    let mut cell = |seconds: f64, chunks: Option<u64>, heavy: bool| SimCell {
        expected: seconds * 4f64.powf(2.0 * draw() - 1.0),
        pieces: match chunks {
            Some(k) => pieces(seconds, k, heavy.then_some(&skew[..])),
            None => vec![seconds],
        },
        chunked: chunks.is_some(),
    };
    let mut shape = seed.rotate_left(17) | 1;
    let mut uniform = move || uniform(&mut shape);
    let survives = [0.45, 0.8, 0.97, 1.0, 1.0];
    let costs = [0.001, 0.015, 0.17, 0.4, 2.5, 2.7];
    (0..384)
        .map(|u| {
            let mut steps: Vec<Vec<SimCell>> = vec![Vec::new(); 10];
            let mut killed = false;
            for s in 0..6 {
                let heavy = u == 200 && s >= 4;
                let seconds = if heavy {
                    200.0
                } else {
                    costs[s] * (0.5 + uniform())
                };
                steps[s].push(cell(seconds, (s >= 3).then_some(50), heavy));
                if s < 5 && uniform() > survives[s] {
                    killed = true;
                    break;
                }
            }
            if killed {
                for (s, cells) in [(6, 15), (7, 4), (8, 15), (9, 15)] {
                    for i in 0..cells {
                        let tail = if s == 6 && i == 14 && u % 8 == 0 {
                            4.0
                        } else {
                            0.0
                        };
                        steps[s].push(cell(0.005 * (1.0 + i as f64) + tail, None, false));
                    }
                }
            }
            SimUnit { steps }
        })
        .collect()
}

fn report(name: &str, mix: &[SimUnit]) {
    let cells: usize = mix
        .iter()
        .map(|u| u.steps.iter().map(Vec::len).sum::<usize>())
        .sum();
    let work: f64 = mix
        .iter()
        .flat_map(|u| u.steps.iter().flatten())
        .map(SimCell::seconds)
        .sum();
    println!(
        "{name}: {} units, {cells} cells, {work:.0} s of work",
        mix.len()
    );
    for jobs in [1, 2, 4] {
        for (label, policy) in [
            ("barriers", Policy::Barriers),
            ("scheduler", Policy::Dependencies),
        ] {
            let r = simulate(mix, jobs, policy);
            println!(
                "  jobs {jobs} {label:>9}: makespan {:7.1} s, busy {:5.1} % (lower bound {:.1} s)",
                r.makespan,
                100.0 * r.busy_fraction(jobs),
                work / jobs as f64
            );
        }
    }
}

fn scheduler(c: &mut Criterion) {
    let mixes = [
        ("reference", reference_mix()),
        ("synthetic", synthetic_mix(2010)),
    ];
    let mut group = c.benchmark_group("scheduler");
    group.sample_size(10);
    for (name, mix) in &mixes {
        report(name, mix);
        for policy in [Policy::Dependencies, Policy::Barriers] {
            group.bench_function(format!("{name}/{policy:?}/jobs_2"), |b| {
                b.iter(|| black_box(simulate(mix, 2, policy)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, scheduler);
criterion_main!(benches);
