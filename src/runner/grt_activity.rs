//! How often each of GRT's components acts in an experiment's runs (issue 39, item 9;
//! docs/generators.md, "How often each component acts"): the suites of the experiment's
//! `grt` runs of one component alone (`components = ["…"]`), generated again with the
//! runner's units, contexts, lengths, budgets and replicate seeds, and their
//! [`Activity`] read at the end. Counting changes no choice, so these are the run's own
//! suites. Per unit and component: the choices the component was asked to make and those
//! it changed, summed over the replicates.

use std::sync::Arc;

use thiserror::Error;

use crate::experiment::{Experiment, Run, SubjectPlan, TestBudget};
use crate::generator::gold::GoldExecutor;
use crate::generator::grt::activity::Activity;
use crate::generator::{
    Component, FeedbackGenerator, GeneratorKind, Grt, GrtSettings, SuiteBudget,
};
use crate::kernel::parallel::each_in_parallel;
use crate::kernel::parameters::from_values;
use crate::strategy::Strategy;

/// Why an experiment's activity cannot be measured.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ActivityError {
    /// No `grt` run of one component alone.
    #[error("the experiment has no grt run of one component alone (components = [\"…\"])")]
    NoComponentRuns,
    /// A unit asked for is not among the experiment's subjects those runs run on.
    #[error("no grt run of one component alone runs on unit `{0}`")]
    UnknownUnit(String),
    /// `--together` asked for, but the experiment has no unlabelled `grt` run.
    #[error("the experiment has no unlabelled grt run to measure together")]
    NoTogetherRun,
}

/// One `grt` run of the experiment, as the runner generates its suites.
#[derive(Clone, Debug)]
struct GrtRun {
    settings: GrtSettings,
    n: usize,
    budget: SuiteBudget,
    run: Run,
}

impl GrtRun {
    fn of(run: &Run) -> Option<GrtRun> {
        match (&run.strategy, &run.tests) {
            (Strategy::Generator(config), TestBudget::Suite(budget))
                if config.kind == GeneratorKind::GRT =>
            {
                Some(GrtRun {
                    settings: from_values(&config.params),
                    n: config.max_length,
                    budget: *budget,
                    run: run.clone(),
                })
            }
            _ => None,
        }
    }
}

/// What to measure: which units, how many replicates, and whether the unlabelled `grt`
/// run (the components together) too.
#[derive(Clone, Debug, Default)]
pub struct ActivitySelection {
    /// Unit class names (empty: every unit some component-alone run runs on).
    pub units: Vec<String>,
    /// The first this many replicate seeds (`None`: all of the experiment's).
    pub replicates: Option<u32>,
    /// Also measure the unlabelled `grt` run.
    pub together: bool,
    /// Threads.
    pub jobs: usize,
}

/// One unit's row: per component its alone run's activity, and the unlabelled run's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitActivity {
    /// The unit's class name.
    pub unit: String,
    /// Summed over the replicates: component c's counts from its alone run (`None`: no
    /// alone run of c runs on this unit).
    pub alone: Vec<Option<Activity>>,
    /// Summed over the replicates: the unlabelled `grt` run's activity, if measured and
    /// it runs on this unit.
    pub together: Option<Activity>,
}

/// The activity of an experiment's component-alone runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActivityTable {
    /// The experiment's name.
    pub experiment: String,
    /// The components with an alone run, in [`Component::ALL`]'s order (the columns).
    pub components: Vec<Component>,
    /// The components of the unlabelled `grt` run, if it was measured.
    pub together: Vec<Component>,
    /// The replicate seeds used.
    pub seeds: Vec<u64>,
    /// Per unit, in the experiment's order.
    pub units: Vec<UnitActivity>,
}

/// Generates the suite of a `grt` run (`settings`, length `n`, `budget`) on `plan` with
/// `seed` as the runner does and returns GRT's activity over it.
pub fn suite_activity(
    settings: &GrtSettings,
    n: usize,
    budget: SuiteBudget,
    plan: &SubjectPlan,
    seed: u64,
) -> Activity {
    let mut generator = Grt::build(settings, n, seed);
    let coverage = Grt::needs_coverage(settings);
    let mut gold = GoldExecutor::new(plan.unit, Arc::clone(&plan.context), coverage);
    let mut cases = 0;
    while budget.allows(cases, gold.cost) && generator.next_case(&mut gold).is_some() {
        cases += 1;
    }
    generator.activity()
}

/// The first `grt` run of each component alone, over all phases (`None` where there is
/// none), and the first unlabelled `grt` run.
fn component_runs(experiment: &Experiment) -> (Vec<Option<GrtRun>>, Option<GrtRun>) {
    let runs: Vec<GrtRun> = experiment
        .phases
        .iter()
        .flat_map(|phase| &phase.runs)
        .filter_map(GrtRun::of)
        .collect();
    let alone = Component::ALL
        .iter()
        .map(|&c| runs.iter().find(|r| r.settings.components == [c]).cloned())
        .collect();
    let together = runs.iter().find(|r| r.run.label.is_none()).cloned();
    (alone, together)
}

/// Measures the activity of `experiment`'s component-alone runs (and, if selected, of its
/// unlabelled `grt` run). The same for any number of jobs.
pub fn measure(
    experiment: &Experiment,
    selection: &ActivitySelection,
) -> Result<ActivityTable, ActivityError> {
    let (alone, together) = component_runs(experiment);
    let present: Vec<(Component, GrtRun)> = Component::ALL
        .iter()
        .zip(alone)
        .filter_map(|(&c, run)| run.map(|run| (c, run)))
        .collect();
    if present.is_empty() {
        return Err(ActivityError::NoComponentRuns);
    }
    let together = match (selection.together, together) {
        (false, _) => None,
        (true, Some(run)) => Some(run),
        (true, None) => return Err(ActivityError::NoTogetherRun),
    };
    let runs_here = |plan: &SubjectPlan| {
        present
            .iter()
            .any(|(_, run)| run.run.runs_on(plan.unit.class()))
    };
    for unit in &selection.units {
        if !experiment
            .subjects
            .iter()
            .any(|p| p.unit.class() == unit && runs_here(p))
        {
            return Err(ActivityError::UnknownUnit(unit.clone()));
        }
    }
    let plans: Vec<&SubjectPlan> = experiment
        .subjects
        .iter()
        .filter(|p| runs_here(p))
        .filter(|p| {
            selection.units.is_empty() || selection.units.iter().any(|u| u == p.unit.class())
        })
        .collect();
    let replicates = selection
        .replicates
        .unwrap_or(experiment.replicates)
        .min(experiment.replicates);
    let seeds: Vec<u64> = (0..replicates)
        .map(|r| experiment.replicate_seed(r))
        .collect();
    // Work items: (plan, run: Some(column) or None for together, seed).
    let mut work: Vec<(usize, Option<usize>, u64)> = Vec::new();
    for (p, plan) in plans.iter().enumerate() {
        let class = plan.unit.class();
        let columns = present
            .iter()
            .enumerate()
            .filter(|(_, (_, r))| r.run.runs_on(class));
        let mut runs: Vec<Option<usize>> = columns.map(|(k, _)| Some(k)).collect();
        if together.as_ref().is_some_and(|r| r.run.runs_on(class)) {
            runs.push(None);
        }
        for run in runs {
            work.extend(seeds.iter().map(|&s| (p, run, s)));
        }
    }
    let results = each_in_parallel(work.len(), selection.jobs.max(1), |i| {
        let (p, run, seed) = work[i];
        let run = match run {
            Some(k) => &present[k].1,
            None => together.as_ref().expect("a together run"),
        };
        suite_activity(&run.settings, run.n, run.budget, plans[p], seed)
    });
    let mut units: Vec<UnitActivity> = plans
        .iter()
        .map(|plan| UnitActivity {
            unit: plan.unit.class().to_string(),
            alone: vec![None; present.len()],
            together: None,
        })
        .collect();
    for (&(p, run, _), activity) in work.iter().zip(results) {
        let slot = match run {
            Some(k) => &mut units[p].alone[k],
            None => &mut units[p].together,
        };
        *slot.get_or_insert_with(Activity::default) += activity;
    }
    Ok(ActivityTable {
        experiment: experiment.name.clone(),
        components: present.iter().map(|(c, _)| *c).collect(),
        together: together.map_or_else(Vec::new, |r| r.settings.components),
        seeds,
        units,
    })
}

/// A component's name as the experiment file writes it.
pub fn component_name(component: Component) -> String {
    serde_json::to_value(component)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// `x` rounded, thousands separated by commas (one decimal below 10).
fn thousands(x: f64) -> String {
    if x > 0.0 && x < 10.0 {
        return format!("{x:.1}");
    }
    let digits = format!("{x:.0}");
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A Markdown cell: changed / asked per suite (share changed), or `–`.
fn markdown_cell(activity: Option<&Activity>, component: Component, suites: usize) -> String {
    let Some(activity) = activity.filter(|_| suites > 0) else {
        return "–".to_string();
    };
    let count = activity.of(component);
    let per = |x: u64| thousands(x as f64 / suites as f64);
    let share = count.share() * 100.0;
    let share = if count.changed == 0 {
        "0".to_string()
    } else if share < 0.1 {
        format!("{share:.3}")
    } else {
        format!("{share:.1}")
    };
    format!("{} / {} ({share} %)", per(count.changed), per(count.asked))
}

/// The parts of three components' counts, per suite over all units (empty when none of
/// them is a column).
fn parts_line(columns: &[Component], totals: &[(Activity, usize)]) -> String {
    let part = |component: Component, value: &dyn Fn(&Activity) -> u64| {
        let k = columns.iter().position(|&c| c == component)?;
        let (total, suites) = totals[k];
        (suites > 0).then(|| thousands(value(&total) as f64 / suites as f64))
    };
    let mut parts = Vec::new();
    if let Some(x) = part(Component::ConstantMining, &|a| a.global_constants) {
        parts.push(format!("Constant mining's global level supplied {x}"));
    }
    if let (Some(changed), Some(asked)) = (
        part(Component::Impurity, &|a| a.object_inputs.changed),
        part(Component::Impurity, &|a| a.object_inputs.asked),
    ) {
        parts.push(format!(
            "Impurity fuzzed {changed} of {asked} object inputs"
        ));
    }
    if let Some(x) = part(Component::Bloodhound, &|a| a.unequal_weights) {
        parts.push(format!("Bloodhound's weights were unequal at {x} draws"));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("\nPer suite over all units: {}.\n", parts.join("; "))
    }
}

impl ActivityTable {
    /// The activity of `component`'s alone run on `unit`.
    fn alone(&self, unit: &UnitActivity, component: Component) -> Option<Activity> {
        let k = self.components.iter().position(|&c| c == component)?;
        unit.alone[k]
    }

    /// Per column, the sum over units and the number of suites it covers.
    fn column_totals(
        &self,
        columns: &[Component],
        pick: &dyn Fn(&UnitActivity, Component) -> Option<Activity>,
    ) -> Vec<(Activity, usize)> {
        columns
            .iter()
            .map(|&c| {
                let mut total = Activity::default();
                let mut suites = 0;
                for unit in &self.units {
                    if let Some(a) = pick(unit, c) {
                        total += a;
                        suites += self.seeds.len();
                    }
                }
                (total, suites)
            })
            .collect()
    }

    /// One table: a row per unit and one for all units, a column per component of
    /// `columns`, then the parts some components' counts are made of.
    fn markdown_table(
        &self,
        out: &mut String,
        columns: &[Component],
        pick: &dyn Fn(&UnitActivity, Component) -> Option<Activity>,
    ) {
        let names: Vec<String> = columns.iter().map(|&c| component_name(c)).collect();
        out.push_str(&format!(
            "| unit | {} |\n|---|{}\n",
            names.join(" | "),
            "---|".repeat(names.len())
        ));
        for unit in &self.units {
            let cells: Vec<String> = columns
                .iter()
                .map(|&c| markdown_cell(pick(unit, c).as_ref(), c, self.seeds.len()))
                .collect();
            out.push_str(&format!("| {} | {} |\n", unit.unit, cells.join(" | ")));
        }
        let totals = self.column_totals(columns, pick);
        let cells: Vec<String> = columns
            .iter()
            .zip(&totals)
            .map(|(&c, (total, suites))| markdown_cell(Some(total), c, *suites))
            .collect();
        out.push_str(&format!("| **all units** | {} |\n", cells.join(" | ")));
        out.push_str(&parts_line(columns, &totals));
    }

    /// The tables as Markdown: each component alone, then (if measured) together; cells
    /// are changed / asked as means per suite, with the share changed.
    pub fn markdown(&self) -> String {
        let mut out = format!(
            "{}: {} units, the first {} replicate seeds; cells: changed / asked per suite \
             (share changed).\n\nEach component alone (its run labelled with its name):\n\n",
            self.experiment,
            self.units.len(),
            self.seeds.len()
        );
        self.markdown_table(&mut out, &self.components, &|unit, c| self.alone(unit, c));
        if self.units.iter().any(|u| u.together.is_some()) {
            out.push_str("\nTogether (the unlabelled `grt` run):\n\n");
            self.markdown_table(&mut out, &self.together, &|unit, _| unit.together);
        }
        out
    }

    /// The counts as CSV, summed over the replicates, a row per unit, run and component:
    /// `unit,run,component,suites,asked,changed,part_asked,part_changed` (`run` is the
    /// component's name for an alone run, `grt` for the unlabelled one). The part is what
    /// some components' counts are made of, 0 for the others: Constant mining's arguments
    /// from its global level (`part_changed`), Impurity's object inputs, Bloodhound's
    /// draws with unequal weights (`part_asked`).
    pub fn csv(&self) -> String {
        let mut out =
            String::from("unit,run,component,suites,asked,changed,part_asked,part_changed\n");
        let suites = self.seeds.len();
        let row = |out: &mut String, unit: &str, run: &str, c: Component, a: &Activity| {
            let count = a.of(c);
            let (part_asked, part_changed) = match c {
                Component::ConstantMining => (0, a.global_constants),
                Component::Impurity => (a.object_inputs.asked, a.object_inputs.changed),
                Component::Bloodhound => (a.unequal_weights, 0),
                _ => (0, 0),
            };
            out.push_str(&format!(
                "{unit},{run},{},{suites},{},{},{part_asked},{part_changed}\n",
                component_name(c),
                count.asked,
                count.changed
            ));
        };
        for unit in &self.units {
            for (k, &c) in self.components.iter().enumerate() {
                if let Some(a) = &unit.alone[k] {
                    row(&mut out, &unit.unit, &component_name(c), c, a);
                }
            }
            if let Some(a) = &unit.together {
                for &c in &self.together {
                    row(&mut out, &unit.unit, "grt", c, a);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_print_with_thousands_and_one_decimal_below_ten() {
        assert_eq!(thousands(1_234_567.4), "1,234,567");
        assert_eq!(thousands(999.0), "999");
        assert_eq!(thousands(2.44), "2.4");
        assert_eq!(thousands(0.0), "0");
    }

    #[test]
    fn a_cell_is_the_mean_per_suite_with_its_share_or_a_dash_without_a_run() {
        let mut activity = Activity::default();
        activity.count(Component::Impurity).asked = 4_000;
        activity.count(Component::Impurity).changed = 1_000;
        assert_eq!(
            markdown_cell(Some(&activity), Component::Impurity, 2),
            "500 / 2,000 (25.0 %)"
        );
        assert_eq!(
            markdown_cell(Some(&activity), Component::Detective, 2),
            "0 / 0 (0 %)"
        );
        assert_eq!(markdown_cell(None, Component::Impurity, 2), "–");
        assert_eq!(component_name(Component::ElephantBrain), "elephant-brain");
    }
}
