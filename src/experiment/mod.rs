//! Experiments: which subjects, mutants, strategies and lengths to run, loaded from TOML
//! files under `experiments/`.
//!
//! An experiment is a list of phases run in order. Each phase runs its *runs* (a strategy
//! at a set of lengths with a budget) in order, on every sampled mutant of every subject,
//! or only on the mutants killed in earlier phases. This expresses the paper's two-phase
//! procedure (Section 6.3): an equivalence phase that stops per mutant at the first kill,
//! then a comparison phase on the non-equivalent mutants in which BE(n) gets E(n) of R(n)
//! as its test budget. See `file` for the TOML syntax.

pub mod file;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

use crate::context::TestContext;
use crate::generator::SuiteBudget;
use crate::oracle::OracleKind;
use crate::strategy::Strategy;
use crate::subject::Unit;
use crate::walk::WalkKind;

/// Which mutants a phase runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MutantSelection {
    /// Every sampled mutant.
    All,
    /// The mutants killed in an earlier phase (the paper's non-equivalent mutants).
    Killed,
}

/// When a cell stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Until {
    /// At the first failing test case (or the budget).
    FirstFailure,
    /// After the whole budget, counting failing test cases (failure density).
    Budget,
}

/// The test budget of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TestBudget {
    /// At most this many test cases.
    Fixed(u64),
    /// A walk's share of this many cost units (method calls on gold): ⌊cost / n⌋ test
    /// cases of n calls at length n.
    Cost(u64),
    /// A generator's suite: the test cases generated within this budget.
    Suite(SuiteBudget),
    /// A structure run's whole suite: each structure with each call of the context.
    Structures,
    /// E(n) of the named earlier run of the same phase at the same n, for the same mutant:
    /// the position of its first failing test. Cells where it has none are not run.
    FirstFailureOf(WalkKind),
    /// No limit on the number of test cases (the walk's end or the time cap stops it).
    Unlimited,
}

/// One run: a strategy at several lengths with a budget.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// The name its cells carry instead of the strategy's (`label = "…"`), so that one
    /// strategy can run with several parameter settings in a phase.
    pub label: Option<String>,
    /// The strategy.
    pub strategy: Strategy,
    /// The lengths n, ascending (a generator's: the most calls in one test case).
    pub lengths: Vec<usize>,
    /// The test budget per cell.
    pub tests: TestBudget,
    /// The time cap per cell, in seconds (makes the cell's result depend on speed).
    pub seconds: Option<f64>,
    /// When a cell stops.
    pub until: Until,
    /// The subjects it runs on (`subjects = [...]`: class names, or names before `@` for
    /// every release of a corpus subject); `None`: every subject of the experiment.
    pub subjects: Option<BTreeSet<String>>,
}

impl Run {
    /// The name its cells carry: its label, else its strategy's name.
    pub fn name(&self) -> &str {
        self.label.as_deref().unwrap_or(self.strategy.name())
    }

    /// Whether it runs on the subject of class `class`.
    pub fn runs_on(&self, class: &str) -> bool {
        self.subjects
            .as_ref()
            .is_none_or(|names| names.iter().any(|name| names_subject(name, class)))
    }
}

/// Whether `name` names the subject of class `class`: its class name, or the name before
/// `@` of a corpus subject at a release.
pub(crate) fn names_subject(name: &str, class: &str) -> bool {
    name == class || class.split_once('@').is_some_and(|(base, _)| base == name)
}

/// One phase of an experiment.
#[derive(Clone, Debug, PartialEq)]
pub struct Phase {
    /// Its name (a column of the results).
    pub name: String,
    /// Which mutants it runs on.
    pub mutants: MutantSelection,
    /// Whether a mutant killed by one run of this phase skips the phase's later runs.
    pub stop_when_killed: bool,
    /// The runs, in order.
    pub runs: Vec<Run>,
}

/// One subject of an experiment with its test context.
#[derive(Clone)]
pub struct SubjectPlan {
    /// The registered unit.
    pub unit: &'static dyn Unit,
    /// Its test context.
    pub context: Arc<TestContext>,
}

impl Experiment {
    /// The strategy seed of replicate `replicate`: the experiment's seed for replicate 0
    /// (so a one-replicate experiment runs as it always has), else a SplitMix64 hash of
    /// (seed, replicate) — distinct streams for every replicate, the same on every machine.
    pub fn replicate_seed(&self, replicate: u32) -> u64 {
        replicate_seed(self.seed, replicate)
    }
}

/// See [`Experiment::replicate_seed`].
pub fn replicate_seed(seed: u64, replicate: u32) -> u64 {
    use crate::kernel::rng::mix64;
    if replicate == 0 {
        seed
    } else {
        mix64(seed ^ mix64(0x7265_706c_6963_6174 ^ u64::from(replicate)))
    }
}

impl std::fmt::Debug for SubjectPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "SubjectPlan({}, j = {})",
            self.unit.class(),
            self.context.j()
        )
    }
}

/// A validated experiment.
#[derive(Clone, Debug)]
pub struct Experiment {
    /// The profile its values were taken for (`default` unless named).
    pub profile: String,
    /// Its name (`runs/<name>/` by default).
    pub name: String,
    /// The seed of every random strategy in replicate 0 and of mutant sampling (unless
    /// overridden).
    pub seed: u64,
    /// Independent repetitions of the whole experiment (at least 1), each with its own
    /// strategy seed ([`Experiment::replicate_seed`]) and its own phase dependencies, on the
    /// same sampled mutants.
    pub replicates: u32,
    /// Subjects with their contexts, in the order given.
    pub subjects: Vec<SubjectPlan>,
    /// At most this many mutants per unit (all if `None`).
    pub mutant_sample: Option<usize>,
    /// The seed of mutant sampling.
    pub sample_seed: u64,
    /// Whether gold itself is a target of every subject, before its mutants
    /// ([`MutantInfo::gold`](crate::subject::MutantInfo::gold)): its test cases are judged
    /// by the crash oracle ([`judge_crash`](crate::oracle::judge_crash)), which finds the
    /// faults of the code under test that panic.
    pub gold_target: bool,
    /// The oracle.
    pub oracle: OracleKind,
    /// The phases, in order.
    pub phases: Vec<Phase>,
    /// The output folder (`runs/<name>` unless the file names one).
    pub output: PathBuf,
    /// Where a committed reference run of this experiment and profile would be
    /// (`results/<name>`, `results/<name>-<profile>`), relative to the working directory.
    pub reference: PathBuf,
    /// Seconds a job may go without answering before its worker is killed (`None`: the
    /// runner's default).
    pub watchdog: Option<f64>,
    /// Whether cells record the branch coverage of their gold runs (`coverage = false`
    /// turns it off; default on).
    pub coverage: bool,
    /// Whether cells also record the area under their branch-coverage curve
    /// (`coverage-area = true`; the column `branches_area`; needs `coverage`).
    pub coverage_area: bool,
    /// A cell stops once this many of its test cases hit a harness guard in the mutant
    /// (`max-guarded-tests`; `None`: never). Cells are then not split into chunks, so that
    /// the count is the cell's whatever `--jobs`.
    pub max_guarded_tests: Option<u64>,
    /// Bytes a worker process may hold resident (`worker-memory`, in MiB; default 4 GiB):
    /// past it the worker ends itself, which the supervisor reads as gold's abandoned test
    /// case or the target's guarded one (`runner::worker::limit_memory`).
    pub worker_memory: u64,
}

#[cfg(test)]
mod tests {
    use super::replicate_seed;

    #[test]
    fn replicate_zero_keeps_the_experiments_seed_and_the_others_differ() {
        assert_eq!(replicate_seed(2010, 0), 2010);
        let seeds: std::collections::BTreeSet<u64> =
            (0..1000).map(|r| replicate_seed(2010, r)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_ne!(replicate_seed(2010, 1), replicate_seed(2011, 1));
    }
}
