//! A result cell's first failing test case, found in a results folder and regenerated
//! from the experiment's seeds (what `show-test` and `reduce` show): the cells that
//! failed (`cells.rs`), the test case checked against the index the cell recorded, its
//! reduction to a 1-minimal one, and the texts (`render.rs`: a standalone Rust `#[test]`,
//! JSON, a structure test case).

mod cells;
mod render;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};

use super::{FailureCheck, IsolatedFailure, MutantFailure, Reduction, default_passes, reduce};
use crate::context::TestContext;
use crate::experiment::{Experiment, SubjectPlan};
use crate::generator::GeneratorConfig;
use crate::oracle::OracleKind;
use crate::runner::check::CheckOutcome;
use crate::runner::worker::Handshake;
use crate::strategy::Strategy;
use crate::structure::suite::StructureConfig;
use crate::walk::state_machine::{ProptestShrink, StateMachineWalk};
use crate::walk::{CounterWalk, WalkKind, parameters};

pub use self::cells::FailingCell;
pub use self::render::{
    proptest_shrink_code, reduction_json, reduction_summary, render, structure_case, test_json,
};

/// Which cell's first failing test case: a results folder and the cell's coordinates.
#[derive(Clone, Debug)]
pub struct CellQuery {
    /// A results folder written by `testspace run`.
    pub results: PathBuf,
    /// The subject's class name.
    pub subject: String,
    /// The mutant id.
    pub mutant: u32,
    /// The strategy, as the `strategy` column names it.
    pub strategy: String,
    /// n.
    pub n: u64,
    /// The phase, if several phases ran this cell (none: the first that killed it).
    pub phase: Option<String>,
    /// The replicate.
    pub replicate: u32,
    /// Also the cells whose target crashed its worker ([`FailingCell::crashed`]): what an
    /// isolated reduction can judge.
    pub crashes: bool,
}

/// The first failing test case of a cell, regenerated from the experiment's seeds and
/// checked against the index the cell recorded.
pub struct FailingTest {
    /// The experiment's oracle.
    pub oracle: OracleKind,
    /// The subject's unit.
    pub unit: &'static dyn crate::subject::Unit,
    /// The subject's test context.
    pub context: Arc<TestContext>,
    /// The cell.
    pub cell: FailingCell,
    /// The test case's method-call indices.
    pub calls: Vec<u32>,
    /// Its test-case index, in decimal.
    pub index: String,
    /// Whether the calls index the experiment's own context for the subject (a walk's test
    /// case), so that a worker of the experiment can run them.
    pub in_experiment_context: bool,
    /// The experiment's watchdog, in seconds (`None`: the runner's default).
    pub watchdog: Option<f64>,
    /// The walk of a `proptest` run, whose own shrinking [`proptest_shrink`] shows.
    pub proptest: Option<Arc<StateMachineWalk>>,
}

impl FailingTest {
    /// The name of the oracle that judged the cell: the crash oracle for gold as the target
    /// (`[mutants] gold = true`), else the experiment's.
    pub fn oracle_name(&self) -> &'static str {
        if self.cell.mutant == crate::subject::GOLD {
            "crash"
        } else {
            self.oracle.name()
        }
    }

    /// The catalog entry of the cell's mutant, if the unit lists it.
    pub fn mutant_info(&self) -> Option<&crate::subject::MutantInfo> {
        self.unit
            .mutants()
            .iter()
            .find(|m| m.id == self.cell.mutant)
    }
}

/// The experiment of the results folder `query` names, and the cell of it that found the
/// first failing test case `query` asks for (the earliest phase and run, unless
/// `query.phase` names one).
///
/// # Errors
/// A folder that cannot be read (named), or no such cell (the message names it).
pub fn find_cell(query: &CellQuery) -> anyhow::Result<(Experiment, FailingCell)> {
    let experiment = crate::report::folder::read_experiment(&query.results)?;
    let phases: Vec<&str> = experiment.phases.iter().map(|p| p.name.as_str()).collect();
    let cell = cells::failing_cells(&query.results, &phases, query.crashes)?
        .into_iter()
        .filter(|c| {
            c.subject == query.subject
                && c.mutant == query.mutant
                && c.strategy == query.strategy
                && c.n == query.n
                && c.replicate == query.replicate
                && query.phase.as_ref().is_none_or(|p| *p == c.phase)
        })
        .min_by_key(|c| (c.phase_index, c.run));
    let Some(cell) = cell else {
        bail!(
            "no cell of {} killed mutant {} with {} at n = {}{}{} in {}",
            query.subject,
            query.mutant,
            query.strategy,
            query.n,
            query
                .phase
                .as_ref()
                .map_or(String::new(), |p| format!(" in phase {p}")),
            if query.replicate > 0 {
                format!(" in replicate {}", query.replicate)
            } else {
                String::new()
            },
            query.results.display()
        );
    };
    Ok((experiment, cell))
}

/// The experiment of the results folder `results` and every cell of it that found a
/// failing test case (the cells the oracle killed, not the crashes).
///
/// # Errors
/// A folder whose experiment or cells cannot be read (named).
pub fn killed_cells(results: &Path) -> anyhow::Result<(Experiment, Vec<FailingCell>)> {
    let experiment = crate::report::folder::read_experiment(results)?;
    let phases: Vec<&str> = experiment.phases.iter().map(|p| p.name.as_str()).collect();
    let cells = cells::failing_cells(results, &phases, false)?;
    Ok((experiment, cells))
}

impl FailingCell {
    /// The query that names this cell in the results folder `results`.
    pub fn query(&self, results: &Path) -> CellQuery {
        CellQuery {
            results: results.to_path_buf(),
            subject: self.subject.clone(),
            mutant: self.mutant,
            strategy: self.strategy.clone(),
            n: self.n,
            phase: Some(self.phase.clone()),
            replicate: self.replicate,
            crashes: self.crashed,
        }
    }
}

/// The structure suite of `cell`'s run, if it is a structure run (whose test case is one
/// call on a structure, shown by [`structure_case`]).
pub fn structure_run<'a>(
    experiment: &'a Experiment,
    cell: &FailingCell,
) -> Option<&'a StructureConfig> {
    match &experiment.phases[cell.phase_index].runs[cell.run].strategy {
        Strategy::Structures(config) => Some(config),
        _ => None,
    }
}

/// Finds the first failing test case of the cell `query` names and regenerates it.
///
/// # Errors
/// As [`find_cell`] and [`regenerate`].
pub fn locate(query: &CellQuery) -> anyhow::Result<FailingTest> {
    let (experiment, cell) = find_cell(query)?;
    regenerate(query, &experiment, cell)
}

/// Regenerates the first failing test case of `cell` of `experiment` (found by
/// [`find_cell`] for `query`): a walk's from its seed, a generated run's from its suite
/// file.
///
/// # Errors
/// A structure run's cell, a missing suite, or a test case whose index is not the one
/// the cell recorded (the experiment was changed).
pub fn regenerate(
    query: &CellQuery,
    experiment: &Experiment,
    cell: FailingCell,
) -> anyhow::Result<FailingTest> {
    let plan = subject_plan(experiment, &query.subject)?;
    let n = query.n as usize;
    let counter = cell.first_failure - 1;
    let seed = experiment.replicate_seed(query.replicate);
    let run = &experiment.phases[cell.phase_index].runs[cell.run];
    let mut proptest = None;
    let (context, calls) = match &run.strategy {
        Strategy::Walk(walk) => {
            let context = Arc::clone(&plan.context);
            if walk.kind == WalkKind::PROPTEST {
                let params = parameters::from_values(&walk.params);
                let machine = StateMachineWalk::build(&context, n, seed, &params);
                proptest = Some(Arc::new(machine));
            }
            let strategy = walk.build(&context, n, seed);
            let mut calls = vec![0u32; n];
            anyhow::ensure!(
                strategy.case_into(counter, &mut calls),
                "the strategy has no test case {counter}"
            );
            (context, calls)
        }
        Strategy::Generator(config) => {
            generated_case(&query.results, plan, config, n, seed, counter)?
        }
        Strategy::Structures(_) => bail!(
            "a structure test case is one call on a structure: `show-test` prints it, and there is nothing to reduce"
        ),
    };
    let index = context.codec(calls.len()).encode(&calls)?;
    // A crash records no index: the test case is the one the crash was placed on, and an
    // isolated check confirms that it crashes.
    if !cell.crashed && cell.first_failure_index.as_deref() != Some(index.to_string().as_str()) {
        bail!(
            "the regenerated test case does not match the recorded index: was the experiment changed?"
        );
    }
    Ok(FailingTest {
        oracle: experiment.oracle,
        unit: plan.unit,
        in_experiment_context: matches!(run.strategy, Strategy::Walk(_)),
        watchdog: experiment.watchdog,
        proptest,
        context,
        cell,
        calls,
        index: index.to_string(),
    })
}

/// The plan of `subject` in `experiment`.
fn subject_plan<'a>(experiment: &'a Experiment, subject: &str) -> anyhow::Result<&'a SubjectPlan> {
    experiment
        .subjects
        .iter()
        .find(|s| s.unit.class() == subject)
        .with_context(|| format!("{subject} is not a subject of the experiment"))
}

/// Test case `counter` of a generated run's suite in `results`, as method-call indices of
/// its own context (M_C over the test case's own pools), with that context.
fn generated_case(
    results: &Path,
    plan: &SubjectPlan,
    config: &GeneratorConfig,
    n: usize,
    seed: u64,
    counter: u64,
) -> anyhow::Result<(Arc<TestContext>, Vec<u32>)> {
    let key = crate::runner::suites::SuiteKey::new(plan.unit.class(), config, n, seed);
    let path = results.join(key.file());
    let file = std::fs::File::open(&path)
        .with_context(|| format!("cannot read the suite {}", path.display()))?;
    // Read only as far as the test case: later lines are not needed to rebuild it.
    let reader = crate::generator::SuiteReader::open(
        plan.unit,
        &plan.context,
        std::io::BufReader::new(file),
    )
    .and_then(|mut reader| reader.read_to(counter as usize + 1).map(|()| reader))
    .with_context(|| format!("cannot read the suite {}", path.display()))?;
    let case = reader
        .cases()
        .get(counter as usize)
        .cloned()
        .with_context(|| format!("the suite {} has no test case {counter}", path.display()))?;
    let own = Arc::new(case.context(plan.unit, &plan.context)?);
    let calls = case.indices(&own)?;
    Ok((own, calls))
}

/// Reduces a cell's failing test case under the cell's oracle, gold and mutant guarded as
/// in a job; also the wall-clock seconds it took.
///
/// # Errors
/// The unit has no mutant session for the cell's mutant, or the test case no longer fails.
pub fn reduce_failing_test(test: &FailingTest) -> anyhow::Result<(Reduction, f64)> {
    reduce_under(test, &mut mutant_check(test)?)
}

/// The check of an isolated reduction of `test`, found in the results folder `results`:
/// each candidate judged alone in a worker of the folder's recorded experiment, stopped
/// after `watchdog` (default: the experiment's watchdog, else the runner's).
///
/// # Errors
/// A generated run's test case (its calls index a context of its own, which no worker
/// has), or a folder whose experiment or manifest cannot be read.
pub fn isolated_failure(
    results: &Path,
    test: &FailingTest,
    watchdog: Option<Duration>,
) -> anyhow::Result<IsolatedFailure> {
    anyhow::ensure!(
        test.in_experiment_context,
        "an isolated reduction takes a walk's test case: a generated one indexes a context of its own, which a worker of the experiment does not have"
    );
    let path = results.join(crate::report::folder::EXPERIMENT);
    let source = crate::kernel::file::read_source(&path)?;
    let manifest = crate::runner::output::read_manifest(results)?;
    let handshake = Handshake {
        path: path.display().to_string(),
        source,
        profile: manifest.profile,
        walk_parameters: Some(manifest.walk_parameters),
    };
    let watchdog = watchdog.unwrap_or_else(|| {
        test.watchdog
            .map_or(crate::runner::DEFAULT_WATCHDOG, Duration::from_secs_f64)
    });
    Ok(IsolatedFailure::new(
        &handshake,
        &test.cell.subject,
        test.cell.mutant,
        test.oracle,
        watchdog,
    ))
}

/// Reduces `test` under an isolated check ([`isolated_failure`]) whose failing candidates
/// must also pass the checks of `must_pass` (subject, target) ([`IsolatedFailure::must_pass`]):
/// the reduction, how the reduced test case fails, and the wall-clock seconds it took.
///
/// # Errors
/// As [`isolated_failure`]; a worker that failed during the reduction; or a test case that
/// does not fail alone in a worker.
pub fn reduce_isolated(
    results: &Path,
    test: &FailingTest,
    watchdog: Option<Duration>,
    must_pass: &[(String, u32)],
) -> anyhow::Result<(Reduction, CheckOutcome, f64)> {
    let mut check = isolated_check(results, test, watchdog, must_pass)?;
    if let Some((other, outcome)) = check.shows_other(&test.calls)? {
        bail!(
            "the failing test case also fails {} mutant {} ({}), which it must pass",
            other.subject,
            other.mutant,
            outcome.name()
        );
    }
    let reduced = reduce_under(test, &mut check);
    if let Some(error) = check.take_error() {
        return Err(error.context("a worker failed during the reduction"));
    }
    let (reduction, seconds) = reduced?;
    let fails = check.outcome(&reduction.calls)?;
    Ok((reduction, fails, seconds))
}

/// The check of [`reduce_isolated`]: [`isolated_failure`] whose failing candidates must
/// also pass the checks of `must_pass` (subject, target).
///
/// # Errors
/// As [`isolated_failure`].
pub fn isolated_check(
    results: &Path,
    test: &FailingTest,
    watchdog: Option<Duration>,
    must_pass: &[(String, u32)],
) -> anyhow::Result<IsolatedFailure> {
    let mut check = isolated_failure(results, test, watchdog)?;
    for (subject, mutant) in must_pass {
        check = check.must_pass(subject, *mutant);
    }
    Ok(check)
}

/// The check of [`reduce_failing_test`]: the cell's oracle on gold and the mutant, guarded
/// as in a job, in this process.
///
/// # Errors
/// The unit has no mutant session for the cell's mutant.
pub fn mutant_check(test: &FailingTest) -> anyhow::Result<MutantFailure> {
    Ok(MutantFailure::new(
        test.unit,
        &test.context,
        test.cell.mutant,
        test.oracle,
    )?)
}

/// proptest's own shrink of a `proptest` run's failing test case under `check` (the check
/// testspace's reduction uses), beside that reduction; `None` for other runs.
///
/// # Errors
/// The test case does not fail under `check`.
pub fn proptest_shrink(
    test: &FailingTest,
    check: &mut dyn FailureCheck,
) -> anyhow::Result<Option<ProptestShrink>> {
    let Some(walk) = &test.proptest else {
        return Ok(None);
    };
    let shrink = walk.shrink(test.cell.first_failure - 1, &mut |calls| check.fails(calls));
    shrink.map(Some).with_context(|| {
        format!(
            "proptest's shrink: the failing test case of {} mutant {} does not fail",
            test.cell.subject, test.cell.mutant
        )
    })
}

/// A call of the target (gold, or the cell's mutant) that panicked, with the panic's
/// message: what an assertion, an invariant or a reference model said.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TargetPanic {
    /// The call's position in the test case (0-based, as the rendered test counts).
    pub call: usize,
    /// The method's signature (`push(int)`).
    pub method: String,
    /// The panic's message and location.
    pub message: String,
}

/// The first call of `calls` (of `test`'s context) on which the cell's target panics,
/// run once more with messages recorded; `None` if no call panics (a mutant that only
/// diverges), the unit has no session for the target, or the target crashed its worker
/// (it is not run in this process).
pub fn first_panic(test: &FailingTest, calls: &[u32]) -> Option<TargetPanic> {
    if test.cell.crashed {
        return None;
    }
    let context: Arc<dyn crate::subject::CallTable> = test.context.clone();
    let mut session = test.unit.mutant_session(context, test.cell.mutant)?;
    let space = test.context.call_space();
    crate::subject::harness::recording_panics(|| {
        session.reset();
        for (position, &call) in calls.iter().enumerate() {
            let _ = crate::subject::harness::take_panic_message();
            if session.step(call) == Err(crate::subject::JavaException::Panic) {
                let method = &test.unit.methods()[space.decode_call(call).method];
                return Some(TargetPanic {
                    call: position,
                    method: method.signature.clone(),
                    message: crate::subject::harness::take_panic_message()
                        .unwrap_or_else(|| "(no message)".to_string()),
                });
            }
        }
        None
    })
}

/// Reduces `test` under `check`; also the wall-clock seconds it took.
fn reduce_under(
    test: &FailingTest,
    check: &mut dyn super::FailureCheck,
) -> anyhow::Result<(Reduction, f64)> {
    let started = Instant::now();
    let reduction = reduce(&test.calls, check, &default_passes()).with_context(|| {
        format!(
            "reducing the failing test case of {} mutant {}",
            test.cell.subject, test.cell.mutant
        )
    })?;
    Ok((reduction, started.elapsed().as_secs_f64()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subject::registry;

    /// A failing test of ArrayList's `mutant` under the paper's oracle.
    fn failing(mutant: u32) -> FailingTest {
        let unit = registry().find("ArrayList").unwrap();
        FailingTest {
            oracle: OracleKind::Paper,
            unit,
            context: Arc::new(TestContext::paper(unit).unwrap()),
            cell: FailingCell {
                replicate: 0,
                phase_index: 0,
                phase: "comparison".to_string(),
                run: 0,
                subject: "ArrayList".to_string(),
                mutant,
                strategy: "r".to_string(),
                n: 1,
                first_failure: 1,
                first_failure_index: Some("2".to_string()),
                crashed: false,
            },
            calls: vec![2],
            index: "2".to_string(),
            in_experiment_context: true,
            watchdog: None,
            proptest: None,
        }
    }

    /// Gold as the target is judged by the crash oracle whatever the experiment names, and
    /// the reduction's JSON says so.
    #[test]
    fn gold_as_the_target_names_the_crash_oracle() {
        assert_eq!(failing(crate::subject::GOLD).oracle_name(), "crash");
        assert_eq!(failing(5).oracle_name(), "paper");
        let test = failing(crate::subject::GOLD);
        let reduction = Reduction {
            original_calls: 1,
            calls: vec![2],
            steps: Vec::new(),
            abandoned: 0,
        };
        let json: serde_json::Value =
            serde_json::from_str(&render::reduction_json(&test, &reduction, None, None).unwrap())
                .unwrap();
        assert_eq!(json["oracle"], "crash");
    }
}
