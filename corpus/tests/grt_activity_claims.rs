//! docs/ma2015.md's activity bullets ("On real faults"), recomputed from the suites of the
//! committed real-faults run: every component-alone `grt` run of the phase
//! `grt-components` generated again here through the library's generator
//! (`runner::grt_activity::suite_activity`, one suite at a time), with the run's units,
//! lengths, budgets and replicate seeds read by this test from the experiment (the generator
//! is deterministic per seed, so these are the run's own suites), and GRT's activity
//! counters selected and summed by this test. The linked
//! `grt_activity.csv` must hold the same counts.
//!
//! It needs the corpus's releases (`testspace corpus fetch`), so it runs in the corpus's
//! own `cargo test` (CI's corpus step), not in the workbench's.

use std::collections::BTreeMap;
use std::path::Path;

use testspace::experiment::file::parse_experiment_profile;
use testspace::experiment::{Experiment, TestBudget};
use testspace::generator::grt::activity::Activity;
use testspace::generator::{Component, GeneratorKind, GrtSettings};
use testspace::kernel::parallel::each_in_parallel;
use testspace::kernel::parameters::from_values;
use testspace::runner::grt_activity::suite_activity;
use testspace::strategy::Strategy;

#[allow(dead_code)]
#[path = "../src/releases.rs"]
mod releases;

const EXPERIMENT: &str = "../experiments/realfaults.toml";
const PAGE: &str = "../docs/ma2015.md";
const CSV: &str = "results/realfaults/grt_activity.csv";

fn experiment() -> Experiment {
    testspace::subject::install(releases::units().unwrap()).unwrap();
    let path = Path::new(EXPERIMENT);
    let source = std::fs::read_to_string(path).unwrap();
    parse_experiment_profile(path, &source, "default").unwrap()
}

/// One component-alone `grt` run: its component's name, settings, length and budget,
/// and the units it runs on.
struct AloneRun {
    component: Component,
    settings: GrtSettings,
    n: usize,
    budget: testspace::generator::SuiteBudget,
    units: Vec<usize>,
}

fn alone_runs(experiment: &Experiment) -> Vec<AloneRun> {
    let mut runs = Vec::new();
    for run in experiment.phases.iter().flat_map(|phase| &phase.runs) {
        let (Strategy::Generator(config), TestBudget::Suite(budget)) = (&run.strategy, &run.tests)
        else {
            continue;
        };
        if config.kind != GeneratorKind::GRT {
            continue;
        }
        let settings: GrtSettings = from_values(&config.params);
        let [component] = settings.components[..] else {
            continue;
        };
        let units = (0..experiment.subjects.len())
            .filter(|&u| run.runs_on(experiment.subjects[u].unit.class()))
            .collect();
        runs.push(AloneRun {
            component,
            settings,
            n: config.max_length,
            budget: *budget,
            units,
        });
    }
    runs
}

/// A component's name as the experiment and the CSV write it.
fn name(component: Component) -> String {
    testspace::runner::grt_activity::component_name(component)
}

/// Per (unit, run): the replicates' suites counted, and their activity summed.
fn regenerated() -> BTreeMap<(String, String), (u64, Activity)> {
    let experiment = experiment();
    let runs = alone_runs(&experiment);
    assert_eq!(runs.len(), 5, "one alone run per component but bloodhound");
    let seeds: Vec<u64> = (0..experiment.replicates)
        .map(|r| experiment.replicate_seed(r))
        .collect();
    let work: Vec<(usize, usize, u64)> = runs
        .iter()
        .enumerate()
        .flat_map(|(r, run)| run.units.iter().map(move |&u| (r, u)))
        .flat_map(|(r, u)| seeds.iter().map(move |&s| (r, u, s)))
        .collect();
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let activities = each_in_parallel(work.len(), jobs, |i| {
        let (r, u, seed) = work[i];
        let (run, plan) = (&runs[r], &experiment.subjects[u]);
        suite_activity(&run.settings, run.n, run.budget, plan, seed)
    });
    let mut sums: BTreeMap<(String, String), (u64, Activity)> = BTreeMap::new();
    for (&(r, u, _), activity) in work.iter().zip(activities) {
        let key = (
            experiment.subjects[u].unit.class().to_string(),
            name(runs[r].component),
        );
        let entry = sums.entry(key).or_default();
        entry.0 += 1;
        entry.1 += activity;
    }
    sums
}

/// The CSV's columns for a run's own component: (suites, asked, changed, part asked,
/// part changed).
fn columns(component: &str, suites: u64, activity: &Activity) -> [u64; 5] {
    let component = Component::ALL
        .into_iter()
        .find(|&c| name(c) == component)
        .unwrap();
    let count = activity.of(component);
    let (part_asked, part_changed) = match component {
        Component::ConstantMining => (0, activity.global_constants),
        Component::Impurity => (activity.object_inputs.asked, activity.object_inputs.changed),
        _ => (0, 0),
    };
    [suites, count.asked, count.changed, part_asked, part_changed]
}

/// `x` as the page writes a count: rounded, thousands separated by commas (below a million).
fn whole(x: f64) -> String {
    let x = x.round() as u64;
    if x >= 1000 {
        format!("{},{:03}", x / 1000, x % 1000)
    } else {
        x.to_string()
    }
}

#[test]
fn the_activity_bullets_and_the_csv_are_the_run_s_own_suites() {
    let per_unit: BTreeMap<(String, String), [u64; 5]> = regenerated()
        .into_iter()
        .map(|((unit, run), (suites, activity))| {
            let row = columns(&run, suites, &activity);
            ((unit, run), row)
        })
        .collect();
    // The committed CSV's alone rows are these counts, unit by unit.
    let text = std::fs::read_to_string(CSV).unwrap();
    let committed: BTreeMap<(String, String), [u64; 5]> = text
        .lines()
        .skip(1)
        .map(|line| line.split(',').collect::<Vec<_>>())
        .filter(|fields| fields[1] == fields[2])
        .map(|fields| {
            let mut row = [0; 5];
            for (slot, field) in row.iter_mut().zip(&fields[3..]) {
                *slot = field.parse().unwrap();
            }
            ((fields[0].to_string(), fields[1].to_string()), row)
        })
        .collect();
    assert_eq!(committed, per_unit, "{CSV} against the regenerated suites");
    // Summed over the units, per run.
    let mut sums: BTreeMap<&str, [u64; 5]> = BTreeMap::new();
    for ((_, run), row) in &per_unit {
        let sum = sums.entry(run.as_str()).or_default();
        for (s, x) in sum.iter_mut().zip(row) {
            *s += x;
        }
    }
    let page = std::fs::read_to_string(PAGE).unwrap();
    let start = page.find("**On real faults.**").expect("the section");
    let end = page[start..]
        .find("**Differences from the paper")
        .map_or(page.len(), |e| start + e);
    let section = page[start..end]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let per_suite = |run: &str, k: usize| sums[run][k] as f64 / sums[run][0] as f64;
    let share = |run: &str| 100.0 * sums[run][2] as f64 / sums[run][1] as f64;
    let claims = [
        format!(
            "acts on none of {} object inputs a suite",
            whole(per_suite("elephant-brain", 1))
        ),
        format!("acts {:.1} times a suite", per_suite("detective", 2)),
        format!(
            "supplies {:.1} % of the primitive arguments",
            share("constant-mining")
        ),
        format!("fuzzes {:.1} % of the inputs", share("impurity")),
        format!(
            "only {} of {} object inputs a suite",
            whole(per_suite("impurity", 4)),
            whole(per_suite("impurity", 3))
        ),
        format!("in {:.1} % of its draws", share("orienteering")),
    ];
    for claim in claims {
        assert!(section.contains(&claim), "{PAGE} lacks {claim:?}");
    }
    assert_eq!(sums["elephant-brain"][2], 0, "Elephant brain never acts");
    // "all of them through its global level"
    assert_eq!(sums["constant-mining"][2], sums["constant-mining"][4]);
}
