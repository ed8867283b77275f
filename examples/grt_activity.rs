//! How often each of GRT's components acts (issue 39, item 9; docs/generators.md, "How often
//! each component acts"): the suites of experiments/ma2015.toml's component-alone runs
//! (`grt` with `components = ["…"]`), with the experiment's units, contexts, n, budget
//! (60,000 cost units) and replicate seeds (those of the committed run, results/ma2015),
//! generated again with `Grt::activity` read at the end; per unit and component, the
//! choices the component was asked to make and those it changed, as mean counts per suite
//! and their share (Markdown). With `--all-six`, the same for the run of all six
//! components together. The suites are the run's own: counting changes no choice.
//!
//! ```sh
//! cargo run --example grt_activity                       # 16 units × 10 seeds
//! cargo run --example grt_activity -- --seeds 2 ArrayList TreeMap
//! ```
//!
//! Options: `--seeds K` (the first K replicate seeds, default all), `--jobs J` (threads,
//! default 2), `--all-six`, then unit names (default all of the experiment's).

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

use std::path::Path;
use std::sync::Arc;

use rayon::prelude::*;
use testspace::experiment::file::load_experiment;
use testspace::experiment::{SubjectPlan, TestBudget};
use testspace::generator::gold::GoldExecutor;
use testspace::generator::grt::activity::Activity;
use testspace::generator::{
    Component, FeedbackGenerator, GeneratorKind, Grt, GrtSettings, SuiteBudget,
};
use testspace::kernel::parameters::from_values;
use testspace::strategy::Strategy;

const EXPERIMENT: &str = "experiments/ma2015.toml";

/// One `grt` run of the experiment: its label, settings, n and budget.
struct GrtRun {
    label: String,
    settings: GrtSettings,
    n: usize,
    budget: SuiteBudget,
}

/// `run`'s activity over one suite of `plan` with `seed`, generated as the runner does.
fn suite_activity(run: &GrtRun, plan: &SubjectPlan, seed: u64) -> Activity {
    let mut generator = Grt::build(&run.settings, run.n, seed);
    let coverage = Grt::needs_coverage(&run.settings);
    let mut gold = GoldExecutor::new(plan.unit, Arc::clone(&plan.context), coverage);
    let mut cases = 0;
    while run.budget.allows(cases, gold.cost) && generator.next_case(&mut gold).is_some() {
        cases += 1;
    }
    generator.activity()
}

fn name(component: Component) -> String {
    serde_json::to_value(component)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// A cell: mean changed and asked per suite, and the share changed.
fn cell(activity: &Activity, component: Component, suites: usize) -> String {
    let count = activity.of(component);
    let per = |x: u64| x as f64 / suites as f64;
    let share = count.share() * 100.0;
    let share = if count.changed == 0 {
        "0".to_string()
    } else if share < 0.1 {
        format!("{share:.3}")
    } else {
        format!("{share:.1}")
    };
    format!(
        "{} / {} ({share} %)",
        thousands(per(count.changed)),
        thousands(per(count.asked))
    )
}

/// `x` rounded, with thousands separated by commas (one decimal below 10).
fn thousands(x: f64) -> String {
    if x > 0.0 && x < 10.0 {
        return format!("{x:.1}");
    }
    let digits = format!("{:.0}", x);
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut seeds, mut jobs, mut all_six, mut units) = (None, 2, false, Vec::new());
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seeds" => seeds = args.next().and_then(|s| s.parse::<u32>().ok()),
            "--jobs" => jobs = args.next().and_then(|s| s.parse().ok()).unwrap_or(2),
            "--all-six" => all_six = true,
            unit => units.push(unit.to_string()),
        }
    }
    let (experiment, _) = load_experiment(Path::new(EXPERIMENT)).expect("the ma2015 experiment");
    let replicates = seeds
        .unwrap_or(experiment.replicates)
        .min(experiment.replicates);
    let seeds: Vec<u64> = (0..replicates)
        .map(|r| experiment.replicate_seed(r))
        .collect();
    let plans: Vec<&SubjectPlan> = experiment
        .subjects
        .iter()
        .filter(|p| units.is_empty() || units.iter().any(|u| u == p.unit.class()))
        .collect();
    let runs: Vec<GrtRun> = experiment
        .phases
        .iter()
        .flat_map(|phase| &phase.runs)
        .filter_map(|run| match (&run.strategy, &run.tests) {
            (Strategy::Generator(config), TestBudget::Suite(budget))
                if config.kind == GeneratorKind::GRT =>
            {
                Some(GrtRun {
                    label: run.name().to_string(),
                    settings: from_values(&config.params),
                    n: config.max_length,
                    budget: *budget,
                })
            }
            _ => None,
        })
        .collect();
    // Each component alone (the run labelled with its name), then all six if asked.
    let alone: Vec<&GrtRun> = Component::ALL
        .iter()
        .map(|&c| {
            let run = runs.iter().find(|r| r.settings.components == [c]);
            run.expect("a run of each component alone")
        })
        .collect();
    let together = runs
        .iter()
        .find(|r| r.settings.components.len() == Component::ALL.len());
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build_global()
        .expect("a thread pool");
    // Per unit: per component its alone run's activity, and all six's.
    let work: Vec<(usize, Option<usize>, u64)> = (0..plans.len())
        .flat_map(|p| {
            let mut runs: Vec<Option<usize>> = (0..alone.len()).map(Some).collect();
            if all_six {
                runs.push(None);
            }
            let seeds = &seeds;
            runs.into_iter()
                .flat_map(move |r| seeds.iter().map(move |&s| (p, r, s)))
        })
        .collect();
    let results: Vec<Activity> = work
        .par_iter()
        .map(|&(p, r, seed)| {
            let run = match r {
                Some(r) => alone[r],
                None => together.expect("an all-six run"),
            };
            let start = std::time::Instant::now();
            let activity = suite_activity(run, plans[p], seed);
            eprintln!(
                "{} {} seed {seed}: {:.1} s",
                plans[p].unit.class(),
                run.label,
                start.elapsed().as_secs_f64()
            );
            activity
        })
        .collect();
    let mut per_unit = vec![(Activity::default(), Activity::default()); plans.len()];
    let mut totals = (Activity::default(), Activity::default());
    for (&(p, r, _), activity) in work.iter().zip(&results) {
        match r {
            // The alone run of component r contributes only r's counts (the others are 0).
            Some(_) => {
                per_unit[p].0 += *activity;
                totals.0 += *activity;
            }
            None => {
                per_unit[p].1 += *activity;
                totals.1 += *activity;
            }
        }
    }
    let header = |title: &str| {
        println!("{title}\n");
        let names: Vec<String> = Component::ALL.iter().map(|&c| name(c)).collect();
        println!("| unit | {} |", names.join(" | "));
        println!("|---|{}", "---|".repeat(names.len()));
    };
    let table = |title: &str, pick: &dyn Fn(&(Activity, Activity)) -> Activity, total: Activity| {
        header(title);
        for (plan, unit) in plans.iter().zip(&per_unit) {
            let activity = pick(unit);
            let cells: Vec<String> = Component::ALL
                .iter()
                .map(|&c| cell(&activity, c, seeds.len()))
                .collect();
            println!("| {} | {} |", plan.unit.class(), cells.join(" | "));
        }
        let suites = seeds.len() * plans.len();
        let cells: Vec<String> = Component::ALL
            .iter()
            .map(|&c| cell(&total, c, suites))
            .collect();
        println!("| **all units** | {} |", cells.join(" | "));
        let per = |x: u64| thousands(x as f64 / suites as f64);
        println!(
            "\nOf the changed counts, per suite over all units: Constant mining's global \
             level {}, Impurity's object inputs {} of {} asked; Bloodhound's draws with \
             unequal weights {}.\n",
            per(total.global_constants),
            per(total.object_inputs.changed),
            per(total.object_inputs.asked),
            per(total.unequal_weights)
        );
    };
    println!(
        "{EXPERIMENT}: {} units, seeds = the first {} replicate seeds, n = {}, budget {} \
         cost units; cells: changed / asked per suite (share changed).\n",
        plans.len(),
        seeds.len(),
        alone[0].n,
        thousands(alone[0].budget.cost.unwrap_or(0) as f64)
    );
    table(
        "Each component alone (its run labelled with its name):",
        &|u| u.0,
        totals.0,
    );
    if all_six {
        let label = together.map_or("grt", |r| r.label.as_str());
        table(
            &format!("All six together (`{label}`):"),
            &|u| u.1,
            totals.1,
        );
    }
}
