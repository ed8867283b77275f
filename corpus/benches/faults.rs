//! What a real fault costs per test case against its crate's gold alone (issue 42's
//! target: at most 1.5 times).
//!
//! For one unit of each crate whose releases neither corrupt memory nor hang (a bench
//! process has no worker to lose), [`TESTS`] test cases of the experiment's first run
//! (R at n = 20, `experiments/realfaults.toml`'s pools) run as a job to the end of its
//! budget on the unit's first fault, three ways:
//! - gold alone: the target is gold itself, with nothing kept between jobs: one execution
//!   of the fixed release per test case (a job whose target is gold judges gold's own run
//!   by the crash oracle), with everything else a job does (walk, traces, verdicts).
//! - `fault/<unit>`: the target is the buggy release and gold's side is computed: what the
//!   first fault of a walk costs in a worker (gold and the buggy release both run).
//! - `fault-replayed/<unit>`: the buggy release with gold's side replayed: what every
//!   further fault of the same unit and walk costs.
//!
//! Each fault row runs alternately with gold alone ([`paired`]) and prints their ratio.
//! Run it from `corpus/` after `corpus fetch`: `cargo bench --bench faults`.

#[path = "../src/releases.rs"]
#[allow(dead_code, clippy::all)]
mod releases;

#[path = "../../benches/support/paired.rs"]
mod paired;

use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

use criterion::Criterion;
use paired::paired;
use testspace::context::TestContext;
use testspace::experiment::Until;
use testspace::experiment::file::load_experiment;
use testspace::runner::gold::GoldCache;
use testspace::runner::job::{Job, execute, execute_with};
use testspace::subject::{GOLD, MutantId, Unit};

/// Test cases of one job.
const TESTS: u64 = 200;

/// One unit per crate; none whose gold or buggy release aborts or loops (smallvec's
/// memory faults, rangemap 1.0.1's `gaps` hang, regex's exponential repetition).
const UNITS: [&str; 8] = [
    "LruCacheOfInts@0.5.3",
    "RangeMapOfInts@1.0.2",
    "RopeText@1.6.0",
    "Symbol@0.1.6",
    "SemVersion@1.0.1",
    "ShellWords@1.2.1",
    "SlabOfInts@0.4.11",
    "Text@0.14.2",
];

fn job(unit: &dyn Unit, template: &Job, mutant: MutantId) -> Job {
    Job {
        subject: unit.class().to_string(),
        mutant,
        ..template.clone()
    }
}

fn main() {
    let units = releases::units().expect("the corpus's units");
    testspace::subject::install(units).expect("installed once");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../experiments/realfaults.toml");
    let (experiment, _) = load_experiment(&path).expect("experiments/realfaults.toml");
    let run = &experiment.phases[0].runs[0];
    let template = Job {
        subject: String::new(),
        mutant: GOLD,
        strategy: run.strategy.clone(),
        n: run.lengths[0],
        suite: None,
        seed: experiment.seed,
        start: 0,
        count: Some(TESTS),
        until: Until::Budget,
        seconds: None,
        oracle: experiment.oracle,
        coverage: false,
        max_guarded: None,
    };
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("faults");
    group.sample_size(10);
    let mut ratios = Vec::new();
    for class in UNITS {
        let plan = experiment
            .subjects
            .iter()
            .find(|s| s.unit.class() == class)
            .unwrap_or_else(|| panic!("{class} is not a subject of realfaults.toml"));
        let (unit, context): (&dyn Unit, &Arc<TestContext>) = (plan.unit, &plan.context);
        let gold = job(unit, &template, GOLD);
        let fault = job(unit, &template, 1);
        let mut gold_alone = || {
            black_box(execute(&gold, unit, context).expect("gold's job"));
        };
        let mut kept = GoldCache::new(usize::MAX);
        execute_with(&gold, unit, context, &mut kept).expect("gold's job");
        let first = paired(
            &mut group,
            &format!("fault/{class}"),
            "fault with gold computed / gold alone",
            || {
                black_box(execute(&fault, unit, context).expect("fault's job"));
            },
            &mut gold_alone,
        );
        let further = paired(
            &mut group,
            &format!("fault-replayed/{class}"),
            "fault with gold replayed / gold alone",
            || {
                black_box(execute_with(&fault, unit, context, &mut kept).expect("fault's job"));
            },
            &mut gold_alone,
        );
        ratios.push((class, first, further));
    }
    group.finish();
    println!("unit: fault / gold alone per test case (gold computed, gold replayed)");
    for (class, first, further) in ratios {
        let show = |r: Option<f64>| r.map_or("-".to_string(), |r| format!("{r:.2}"));
        println!("{class}: {} {}", show(first), show(further));
    }
    criterion.final_summary();
}
