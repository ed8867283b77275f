//! Experiment files (TOML).
//!
//! ```toml
//! name = "arraylist-demo"
//! seed = 2010
//! subjects = ["ArrayList"]          # or "all"
//! oracle = "paper"                  # or "strict"
//! replicates = { default = 10, full = 30 } # independent repetitions with their own seeds
//!                                   # (default 1; see `Experiment::replicate_seed`)
//! output = "runs/arraylist-demo"    # default: runs/<name> (runs/<name>-<profile>)
//! watchdog = 60                     # seconds a job may not answer before its worker is
//!                                   # killed (default 600; `--watchdog` overrides)
//! coverage = false                  # cells record gold's branch coverage (default true)
//! coverage-area = true              # cells also record the area under their coverage curve
//!                                   # (column branches_area; default false)
//! max-guarded-tests = 1000          # a cell stops (a timeout) once this many of its test
//!                                   # cases hit a harness guard in the mutant (default: never)
//! worker-memory = 4096              # MiB a worker process may hold resident (default 4096):
//!                                   # past it the worker aborts itself, and the test case is
//!                                   # abandoned (gold) or guarded (target)
//!
//! [context]                         # a test context without `subject` (see context files)
//! methods = "all"
//! [context.pools]
//! int = { size = 2, init = [0, 100] }
//!
//! [mutants]
//! sample = 100                      # at most N mutants per unit (default: all)
//! seed = 1                          # sampling seed (default: the experiment's seed)
//! gold = true                       # gold is a target too, judged by the crash oracle: a
//!                                   # test case fails when a call panics (default: false)
//!
//! [[phase]]
//! name = "equivalence"
//! mutants = "all"                   # or "killed": killed in an earlier phase
//! stop-when-killed = true           # later runs of this phase skip mutants already killed
//!
//! [[phase.run]]
//! strategy = "r"                    # be, r, r-leaf, bobw, bobw-prime, round-robin, swarm,
//!                                   # choice (params: model = "FILE"); fdrt, fdrt-reset, fcrt;
//!                                   # fe-sat, fe-greedy, be-structures, random-structures
//! n = [10, 100, 1000]               # or a SPEC string: "1..=8", "paper"
//! tests = 1000                      # or "E(r)": E(n) of this phase's r run; or "unlimited"
//! cost = 60000                      # instead of tests: ⌊cost / n⌋ test cases of n calls
//! seconds = 60                      # optional time cap per cell
//! until = "first-failure"           # or "budget": run all tests, count the failing ones
//! subjects = ["LinkedList"]         # only these of the experiment's subjects (default: all)
//! ```
//!
//! A generator's run (`fdrt`, `fdrt-reset`, `fcrt`) takes `tests` (test cases generated),
//! `cost` (cost units of generation: method calls on gold) or both, `n` as the most calls
//! in one test case, and its parameters in `[phase.run.params]` (see `generator_params`).
//! A structure run (`fe-sat`, `fe-greedy`, `be-structures`, `random-structures`) takes
//! `scope` instead of `n` and no `tests` or `cost`: it tests each structure of its suite
//! with each call of the context (see `structure_params`).
//!
//! Unknown keys are errors, and every error names the file, line, column and field.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

mod generator_params;
mod structure_params;
mod walk_params;

pub use structure_params::KORAT_BUDGET;

use super::{
    Experiment, MutantSelection, Phase, Run, SubjectPlan, TestBudget, Until, names_subject,
};
use crate::context::file::PoolsDecl;
use crate::context::{MethodSelection, TestContext};
use crate::generator::{GeneratorKind, SuiteBudget};
use crate::kernel::file::FileError;
use crate::oracle::OracleKind;
use crate::strategy::Strategy;
use crate::structure::suite::StructureSuiteKind;
use crate::subject::registry;
use crate::walk::WalkConfig;
use crate::walk::WalkKind;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExperimentDecl {
    name: Spanned<String>,
    seed: Option<Spanned<u64>>,
    subjects: Spanned<toml::Value>,
    oracle: Option<Spanned<String>>,
    replicates: Option<Spanned<toml::Value>>,
    output: Option<Spanned<String>>,
    watchdog: Option<Spanned<toml::Value>>,
    coverage: Option<bool>,
    #[serde(rename = "coverage-area")]
    coverage_area: Option<Spanned<bool>>,
    #[serde(rename = "max-guarded-tests")]
    max_guarded_tests: Option<Spanned<toml::Value>>,
    #[serde(rename = "worker-memory")]
    worker_memory: Option<Spanned<toml::Value>>,
    #[serde(default)]
    context: ContextSection,
    mutants: Option<MutantsSection>,
    #[serde(default)]
    phase: Vec<PhaseDecl>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ContextSection {
    methods: Option<Spanned<toml::Value>>,
    #[serde(default)]
    pools: PoolsDecl,
    /// `[context.subject.NAME]`: the methods and pools of one subject (by class name, or
    /// by the name before `@` for every release of a corpus subject), in place of the
    /// section's own.
    #[serde(default)]
    subject: BTreeMap<Spanned<String>, SubjectContext>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SubjectContext {
    methods: Option<Spanned<toml::Value>>,
    #[serde(default)]
    pools: PoolsDecl,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MutantsSection {
    sample: Option<Spanned<toml::Value>>,
    seed: Option<Spanned<u64>>,
    gold: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct PhaseDecl {
    name: Spanned<String>,
    mutants: Option<Spanned<String>>,
    stop_when_killed: Option<bool>,
    #[serde(default)]
    run: Vec<RunDecl>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RunDecl {
    strategy: Spanned<String>,
    label: Option<Spanned<String>>,
    n: Option<Spanned<toml::Value>>,
    scope: Option<Spanned<toml::Value>>,
    tests: Option<Spanned<toml::Value>>,
    cost: Option<Spanned<toml::Value>>,
    seconds: Option<Spanned<toml::Value>>,
    until: Option<Spanned<String>>,
    subjects: Option<Spanned<toml::Value>>,
    params: Option<generator_params::ParamsDecl>,
}

/// Parses an experiment from TOML text with the `default` profile (`path` is used in
/// messages only); subjects are looked up in the process registry.
pub fn parse_experiment(path: &Path, source: &str) -> Result<Experiment, FileError> {
    parse_experiment_profile(path, source, DEFAULT_PROFILE)
}

/// Where runs go by default: `runs/<name>` (`runs/<name>-<profile>`), git-ignored.
pub const RUNS_FOLDER: &str = "runs";

/// Where committed reference runs live: `results/<name>` (`results/<name>-<profile>`).
pub const REFERENCE_FOLDER: &str = "results";

/// The profile used when none is named.
pub const DEFAULT_PROFILE: &str = "default";

/// Parses an experiment from TOML text with the named profile: a value written as a table
/// `{ default = A, full = B }` (allowed for `subjects`, `replicates`, `n`, `tests`,
/// `seconds`, `watchdog` and `mutants.sample`) takes the entry of the profile, else its
/// `default` entry.
///
/// Every other profile the file names is parsed too, so that a value no run of this
/// profile reads (`tests = { default = 1000.5, smoke = 100 }` under `smoke`) is still an
/// error; the message says which profile it is in.
pub fn parse_experiment_profile(
    path: &Path,
    source: &str,
    profile: &str,
) -> Result<Experiment, FileError> {
    let (experiment, profiles) = parse_with(path, source, profile, None, false)?;
    for other in profiles.iter().filter(|p| p.as_str() != profile) {
        if let Err(mut e) = parse_with(path, source, other, None, false) {
            e.message = format!("(in profile `{other}`) {}", e.message);
            return Err(e);
        }
    }
    Ok(experiment)
}

/// Parses the copy of an experiment file that a results folder holds, with the profile
/// and the walk parameters its manifest records (`recorded`, by `phase[i].run[j]`): each
/// walk run's parameters are the recorded values where there are any, so that a parameter
/// naming a file (a `choice` model) is what the run used, and no file is read.
pub fn parse_recorded_experiment(
    path: &Path,
    source: &str,
    profile: &str,
    recorded: &BTreeMap<String, serde_json::Value>,
) -> Result<Experiment, FileError> {
    parse_with(path, source, profile, Some(recorded), false).map(|(experiment, _)| experiment)
}

/// Parses an experiment's outline (the `default` profile): everything but its walk runs'
/// parameters, which take their defaults unread — so that files a parameter names may be
/// made from the outline (`testspace tune` reads its evaluation experiment so, and the
/// experiment's `choice` runs name the models it tunes). Not for running.
pub fn parse_experiment_outline(path: &Path, source: &str) -> Result<Experiment, FileError> {
    parse_with(path, source, DEFAULT_PROFILE, None, true).map(|(experiment, _)| experiment)
}

/// Parses with `profile` and the `recorded` walk parameters if any, walk parameters left
/// at their defaults if `outline`; with the profiles the file's values name.
fn parse_with(
    path: &Path,
    source: &str,
    profile: &str,
    recorded: Option<&BTreeMap<String, serde_json::Value>>,
    outline: bool,
) -> Result<(Experiment, std::collections::BTreeSet<String>), FileError> {
    let decl: ExperimentDecl =
        toml::from_str(source).map_err(|e| FileError::from_toml(path, source, &e))?;
    let parser = Parser {
        path,
        source,
        profile,
        recorded,
        outline,
        profiles: std::cell::RefCell::new(std::collections::BTreeSet::from([
            DEFAULT_PROFILE.to_string()
        ])),
        contexts: std::cell::OnceCell::new(),
    };
    let name = parser.name(&decl.name)?;
    let seed = decl.seed.as_ref().map_or(0, |s| *s.get_ref());
    let replicates = parser.replicates(decl.replicates.as_ref())?;
    let subjects = parser.subjects(&decl.subjects, &decl.context)?;
    let contexts = subjects.iter().map(|s| Arc::clone(&s.context)).collect();
    parser.contexts.set(contexts).expect("set once");
    let oracle = parser.oracle(decl.oracle.as_ref())?;
    let (mutant_sample, sample_seed) = parser.mutants(decl.mutants.as_ref(), seed)?;
    let gold_target = decl.mutants.as_ref().and_then(|m| m.gold).unwrap_or(false);
    let watchdog = parser.seconds(decl.watchdog.as_ref(), "watchdog", MIN_SECONDS)?;
    let max_guarded_tests = decl
        .max_guarded_tests
        .as_ref()
        .map(|v| {
            let v = parser.pick(v, "max-guarded-tests")?;
            match v.get_ref() {
                toml::Value::Integer(i) if *i >= 1 => Ok(*i as u64),
                other => Err(parser.err(
                    v.span(),
                    "max-guarded-tests",
                    format!("expected a positive number of test cases, found {other}"),
                )),
            }
        })
        .transpose()?;
    let worker_memory = parser.worker_memory(decl.worker_memory.as_ref())?;
    let coverage_area = match &decl.coverage_area {
        Some(area) if *area.get_ref() && decl.coverage == Some(false) => {
            return Err(parser.err(
                area.span(),
                "coverage-area",
                "the area under the coverage curve needs coverage (coverage = false)".into(),
            ));
        }
        Some(area) => *area.get_ref(),
        None => false,
    };
    let phases = parser.phases(&decl.phase, oracle)?;
    parser.check_coverage(&decl.phase, &phases, &subjects)?;
    parser.check_structures(&decl.phase, &phases, &subjects)?;
    parser.check_profile_is_used()?;
    let folder = if profile == DEFAULT_PROFILE {
        name.clone()
    } else {
        format!("{name}-{profile}")
    };
    let output = decl.output.as_ref().map_or_else(
        || PathBuf::from(RUNS_FOLDER).join(&folder),
        |o| PathBuf::from(o.get_ref()),
    );
    let reference = PathBuf::from(REFERENCE_FOLDER).join(&folder);
    let experiment = Experiment {
        profile: profile.to_string(),
        name,
        seed,
        replicates,
        subjects,
        mutant_sample,
        sample_seed,
        gold_target,
        oracle,
        phases,
        output,
        reference,
        watchdog,
        coverage: decl.coverage.unwrap_or(true),
        coverage_area,
        max_guarded_tests,
        worker_memory,
    };
    Ok((experiment, parser.profiles.into_inner()))
}

/// The state of parsing one experiment file with one profile: where errors point, and
/// which profiles the file's values name.
struct Parser<'a> {
    path: &'a Path,
    source: &'a str,
    profile: &'a str,
    profiles: std::cell::RefCell<std::collections::BTreeSet<String>>,
    /// The subjects' test contexts, once read: the scope of parameters that name methods.
    contexts: std::cell::OnceCell<Vec<Arc<TestContext>>>,
    /// Walk parameters recorded by a run, by `phase[i].run[j]` (a results folder's copy).
    recorded: Option<&'a BTreeMap<String, serde_json::Value>>,
    /// Walk parameters are not read: every walk run takes its defaults (an outline).
    outline: bool,
}

impl Parser<'_> {
    /// An error at `span` of the file, about `field`.
    fn err(&self, span: Range<usize>, field: &str, message: String) -> FileError {
        FileError::at(self.path, self.source, Some(span), Some(field), message)
    }

    /// The value of a possibly profiled field: the profile's entry of a table, else its
    /// `default` entry; any other value as it is.
    fn pick(
        &self,
        value: &Spanned<toml::Value>,
        field: &str,
    ) -> Result<Spanned<toml::Value>, FileError> {
        match value.get_ref() {
            toml::Value::Table(table) => {
                self.profiles.borrow_mut().extend(table.keys().cloned());
                table
                    .get(self.profile)
                    .or_else(|| table.get(DEFAULT_PROFILE))
                    .map(|v| Spanned::new(value.span(), v.clone()))
                    .ok_or_else(|| {
                        self.err(
                            value.span(),
                            field,
                            format!("no value for profile `{}` and no `default`", self.profile),
                        )
                    })
            }
            _ => Ok(value.clone()),
        }
    }

    /// Fails if a generator that steers by branch coverage (`fcrt`) runs on a subject
    /// without a coverage copy.
    fn check_coverage(
        &self,
        decls: &[PhaseDecl],
        phases: &[Phase],
        subjects: &[SubjectPlan],
    ) -> Result<(), FileError> {
        for (p, (phase, decl)) in phases.iter().zip(decls).enumerate() {
            for (r, (run, run_decl)) in phase.runs.iter().zip(&decl.run).enumerate() {
                let Strategy::Generator(config) = &run.strategy else {
                    continue;
                };
                let lacking = subjects.iter().find(|s| {
                    run.runs_on(s.unit.class())
                        && config.needs_coverage()
                        && s.unit.probes().is_none()
                });
                if let Some(subject) = lacking {
                    return Err(self.err(
                        run_decl.strategy.span(),
                        &format!("phase[{p}].run[{r}].strategy"),
                        format!(
                            "{} steers by branch coverage, and {} has no coverage copy",
                            config.name(),
                            subject.unit.class()
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Fails if the profile asked for is named by no value of the file.
    fn check_profile_is_used(&self) -> Result<(), FileError> {
        if self.profiles.borrow().contains(self.profile) {
            return Ok(());
        }
        let known: Vec<String> = self.profiles.borrow().iter().cloned().collect();
        Err(FileError::at(
            self.path,
            self.source,
            None,
            Some("(profile)"),
            format!(
                "profile `{}` is not used by any value in this file (profiles: {})",
                self.profile,
                known.join(", ")
            ),
        ))
    }

    /// `name`: usable as a folder name.
    fn name(&self, name: &Spanned<String>) -> Result<String, FileError> {
        let text = name.get_ref().trim().to_string();
        if text.is_empty() || text.contains(['/', '\\']) || text.starts_with('.') {
            return Err(self.err(
                name.span(),
                "name",
                format!("{text:?} is not a usable folder name"),
            ));
        }
        Ok(text)
    }

    /// `replicates`: a positive integer, 1 when absent.
    fn replicates(&self, value: Option<&Spanned<toml::Value>>) -> Result<u32, FileError> {
        let Some(value) = value.map(|v| self.pick(v, "replicates")).transpose()? else {
            return Ok(1);
        };
        match value.get_ref() {
            toml::Value::Integer(i) if (1..=i64::from(MAX_REPLICATES)).contains(i) => Ok(*i as u32),
            other => Err(self.err(
                value.span(),
                "replicates",
                format!("expected an integer from 1 to {MAX_REPLICATES}, found {other}"),
            )),
        }
    }

    /// `subjects` and `[context]`: each subject with its test context.
    fn subjects(
        &self,
        subjects: &Spanned<toml::Value>,
        context: &ContextSection,
    ) -> Result<Vec<SubjectPlan>, FileError> {
        let value = self.pick(subjects, "subjects")?;
        let expected = "expected \"all\" or a list of subject names";
        let names: Vec<String> = match value.get_ref() {
            toml::Value::String(s) if s == "all" => {
                registry().units().map(|u| u.class().to_string()).collect()
            }
            toml::Value::Array(items) => items
                .iter()
                .map(|v| v.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| self.err(value.span(), "subjects", expected.into()))?,
            other => {
                return Err(self.err(
                    value.span(),
                    "subjects",
                    format!("{expected}, found {other}"),
                ));
            }
        };
        if names.is_empty() {
            return Err(self.err(value.span(), "subjects", "no subjects".into()));
        }
        let selection = self.methods(context.methods.as_ref())?;
        // Checked once, even when every subject has pools of its own.
        context.pools.resolve(self.path, self.source, None)?;
        let mut plans = Vec::with_capacity(names.len());
        for (i, subject) in names.iter().enumerate() {
            let unit = registry()
                .find(subject)
                .map_err(|e| self.err(value.span(), "subjects", e.to_string()))?;
            // Listed twice, every cell of the subject would run twice.
            if plans
                .iter()
                .any(|p: &SubjectPlan| p.unit.class() == unit.class())
            {
                return Err(self.err(
                    value.span(),
                    "subjects",
                    format!("{subject} is listed twice (entry {})", i + 1),
                ));
            }
            let own = context
                .subject
                .iter()
                .find(|(name, _)| names_subject(name.get_ref(), subject));
            let (selection, pools, methods) = match own {
                Some((name, own)) => (
                    self.methods(own.methods.as_ref())?,
                    own.pools
                        .resolve(self.path, self.source, unit.code_pools())?,
                    own.methods.as_ref().map_or(name.span(), |m| m.span()),
                ),
                None => (
                    selection.clone(),
                    context
                        .pools
                        .resolve(self.path, self.source, unit.code_pools())?,
                    context.methods.as_ref().map_or(value.span(), |m| m.span()),
                ),
            };
            let context = TestContext::new(unit, &selection, pools)
                .map_err(|e| self.err(methods, "context", format!("{subject}: {e}")))?;
            plans.push(SubjectPlan {
                unit,
                context: Arc::new(context),
            });
        }
        for name in context.subject.keys() {
            // Checked against every subject, not this profile's: a profile may leave one out.
            if !registry()
                .units()
                .any(|u| names_subject(name.get_ref(), u.class()))
            {
                return Err(self.err(
                    name.span(),
                    &format!("context.subject.{}", name.get_ref()),
                    format!("no subject is named {}", name.get_ref()),
                ));
            }
        }
        Ok(plans)
    }

    /// `context.methods`: `"all"` (the default) or a list of signatures.
    fn methods(
        &self,
        methods: Option<&Spanned<toml::Value>>,
    ) -> Result<MethodSelection, FileError> {
        let Some(m) = methods else {
            return Ok(MethodSelection::All);
        };
        match m.get_ref() {
            toml::Value::String(s) if s == "all" => Ok(MethodSelection::All),
            toml::Value::Array(items) => Ok(MethodSelection::Signatures(
                items
                    .iter()
                    .map(|v| v.as_str().map(str::to_string))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| {
                        self.err(
                            m.span(),
                            "context.methods",
                            "expected signature strings".into(),
                        )
                    })?,
            )),
            other => Err(self.err(
                m.span(),
                "context.methods",
                format!("expected \"all\" or a list of signatures, found {other}"),
            )),
        }
    }

    /// `oracle`: `paper` (the default) or `strict`.
    fn oracle(&self, oracle: Option<&Spanned<String>>) -> Result<OracleKind, FileError> {
        let Some(o) = oracle else {
            return Ok(OracleKind::Paper);
        };
        match o.get_ref().as_str() {
            "paper" => Ok(OracleKind::Paper),
            "strict" => Ok(OracleKind::Strict),
            other => Err(self.err(
                o.span(),
                "oracle",
                format!("unknown oracle {other:?} (expected \"paper\" or \"strict\")"),
            )),
        }
    }

    /// `[mutants]`: the sample size (all when absent) and the sampling seed (the
    /// experiment's `seed` when absent).
    fn mutants(
        &self,
        mutants: Option<&MutantsSection>,
        seed: u64,
    ) -> Result<(Option<usize>, u64), FileError> {
        let Some(m) = mutants else {
            return Ok((None, seed));
        };
        let sample = match m
            .sample
            .as_ref()
            .map(|s| self.pick(s, "mutants.sample"))
            .transpose()?
        {
            None => None,
            Some(s) => match s.get_ref() {
                toml::Value::Integer(i) if *i >= 1 => Some(*i as usize),
                other => {
                    return Err(self.err(
                        s.span(),
                        "mutants.sample",
                        format!("expected a positive integer, found {other}"),
                    ));
                }
            },
        };
        Ok((sample, m.seed.as_ref().map_or(seed, |s| *s.get_ref())))
    }

    /// An optional, possibly profiled, number of seconds from `least` (exclusive when 0)
    /// to [`MAX_SECONDS`] ([`bounded_seconds`]).
    fn seconds(
        &self,
        value: Option<&Spanned<toml::Value>>,
        field: &str,
        least: f64,
    ) -> Result<Option<f64>, FileError> {
        let Some(value) = value.map(|v| self.pick(v, field)).transpose()? else {
            return Ok(None);
        };
        let seconds = match value.get_ref() {
            toml::Value::Float(f) => *f,
            toml::Value::Integer(i) => *i as f64,
            _ => f64::NAN,
        };
        bounded_seconds(seconds, least)
            .map(Some)
            .map_err(|message| self.err(value.span(), field, message))
    }

    /// `worker-memory`: MiB a worker may hold resident, as bytes (the default when absent).
    fn worker_memory(&self, value: Option<&Spanned<toml::Value>>) -> Result<u64, FileError> {
        const FIELD: &str = "worker-memory";
        let Some(value) = value.map(|v| self.pick(v, FIELD)).transpose()? else {
            return Ok(DEFAULT_WORKER_MEMORY);
        };
        match value.get_ref() {
            toml::Value::Integer(mib) if (MIN_WORKER_MEMORY_MIB..=MAX_WORKER_MEMORY_MIB).contains(mib) => {
                Ok(*mib as u64 * MIB)
            }
            other => Err(self.err(
                value.span(),
                FIELD,
                format!(
                    "expected MiB between {MIN_WORKER_MEMORY_MIB} and {MAX_WORKER_MEMORY_MIB}, found {other}"
                ),
            )),
        }
    }

    /// The `[[phase]]` tables, in order.
    fn phases(&self, phases: &[PhaseDecl], oracle: OracleKind) -> Result<Vec<Phase>, FileError> {
        if phases.is_empty() {
            return Err(FileError::at(
                self.path,
                self.source,
                None,
                Some("phase"),
                "an experiment needs at least one [[phase]]",
            ));
        }
        for (p, phase) in phases.iter().enumerate() {
            let name = phase.name.get_ref();
            if let Some(first) = phases[..p].iter().position(|x| x.name.get_ref() == name) {
                return Err(self.err(
                    phase.name.span(),
                    &format!("phase[{p}].name"),
                    format!(
                        "phase name {name:?} is already phase[{first}]'s; cells are kept per (phase, strategy, n), so each phase needs a name of its own"
                    ),
                ));
            }
        }
        phases
            .iter()
            .enumerate()
            .map(|(p, phase)| self.phase(p, phase, oracle))
            .collect()
    }

    /// Phase number `p`.
    fn phase(&self, p: usize, phase: &PhaseDecl, oracle: OracleKind) -> Result<Phase, FileError> {
        let field = |f: &str| format!("phase[{p}].{f}");
        let mutants = match phase.mutants.as_ref() {
            None => MutantSelection::All,
            Some(m) => match m.get_ref().as_str() {
                "all" => MutantSelection::All,
                "killed" if p > 0 => MutantSelection::Killed,
                "killed" => {
                    return Err(self.err(
                        m.span(),
                        &field("mutants"),
                        "\"killed\" needs an earlier phase".into(),
                    ));
                }
                other => {
                    return Err(self.err(
                        m.span(),
                        &field("mutants"),
                        format!("expected \"all\" or \"killed\", found {other:?}"),
                    ));
                }
            },
        };
        if phase.run.is_empty() {
            return Err(self.err(
                phase.name.span(),
                &field("run"),
                "a phase needs at least one [[phase.run]]".into(),
            ));
        }
        let mut runs: Vec<Run> = Vec::with_capacity(phase.run.len());
        for (r, decl) in phase.run.iter().enumerate() {
            let run = self.run(&format!("phase[{p}].run[{r}]"), decl, &runs, oracle)?;
            // Cells are keyed by (phase, strategy or label, n, subject): two runs of one name
            // in a phase must not share a length on a subject (runs on disjoint `subjects`
            // may, e.g. to give each subject its own budget).
            let twin = runs.iter().enumerate().find_map(|(i, earlier)| {
                let shared = run.lengths.iter().find(|n| earlier.lengths.contains(n));
                (earlier.name() == run.name() && !disjoint_subjects(earlier, &run))
                    .then_some((i, shared?))
            });
            if let Some((i, n)) = twin {
                let (span, key) = match &decl.label {
                    Some(label) => (label.span(), "label"),
                    None => (decl.strategy.span(), "strategy"),
                };
                return Err(self.err(
                    span,
                    &format!("phase[{p}].run[{r}].{key}"),
                    format!(
                        "{} already runs at n = {n} in this phase (run[{i}]); results are kept per (phase, strategy, n), so give the run a `label` of its own or run it in another phase",
                        run.name()
                    ),
                ));
            }
            runs.push(run);
        }
        Ok(Phase {
            name: phase.name.get_ref().clone(),
            mutants,
            stop_when_killed: phase.stop_when_killed.unwrap_or(false),
            runs,
        })
    }

    /// One `[[phase.run]]` (`at` names it, e.g. `phase[1].run[0]`), after the `earlier`
    /// runs of its phase; `oracle` is the experiment's.
    fn run(
        &self,
        at: &str,
        run: &RunDecl,
        earlier: &[Run],
        oracle: OracleKind,
    ) -> Result<Run, FileError> {
        let field = |f: &str| format!("{at}.{f}");
        let name = run.strategy.get_ref().as_str();
        let seconds = self.seconds(run.seconds.as_ref(), &field("seconds"), 0.0)?;
        let until = self.until(run.until.as_ref(), &field("until"))?;
        let subjects = self.run_subjects(run.subjects.as_ref(), &field("subjects"))?;
        if let Some(kind) = StructureSuiteKind::from_name(name) {
            let lengths = self.scopes(at, run)?;
            let config = self.structures(at, kind, run.params.as_ref(), oracle)?;
            return Ok(Run {
                label: self.label(at, run)?,
                strategy: Strategy::Structures(config),
                lengths,
                tests: TestBudget::Structures,
                seconds,
                until,
                subjects,
            });
        }
        if let Some(scope) = &run.scope {
            return Err(self.err(
                scope.span(),
                &field("scope"),
                format!("{name} takes `n`, not `scope` (structure runs take a scope)"),
            ));
        }
        let n = run.n.as_ref().ok_or_else(|| {
            self.err(
                run.strategy.span(),
                &field("n"),
                format!("{name} needs `n`"),
            )
        })?;
        let lengths = self.lengths(n, &field("n"))?;
        let cost = run
            .cost
            .as_ref()
            .map(|c| {
                let c = self.pick(c, &field("cost"))?;
                Ok((c.span(), self.cost_units(&field("cost"), &c)?))
            })
            .transpose()?;
        let (strategy, tests) = if let Ok(kind) = name.parse::<GeneratorKind>() {
            self.generated(at, kind, run, &lengths, cost.map(|(_, c)| c))?
        } else {
            let kind: WalkKind = name.parse().map_err(|_| {
                self.err(
                    run.strategy.span(),
                    &field("strategy"),
                    format!(
                        "unknown strategy `{name}` (registered: {}, {}, {})",
                        WalkKind::names(),
                        GeneratorKind::names(),
                        StructureSuiteKind::ALL
                            .map(StructureSuiteKind::name)
                            .join(", ")
                    ),
                )
            })?;
            let params = self.walk_parameters(at, kind, run.params.as_ref(), subjects.as_ref())?;
            let tests = match cost {
                None => self.tests(run.tests.as_ref(), &field("tests"), &lengths, earlier)?,
                Some((span, _)) if run.tests.is_some() => {
                    return Err(self.err(
                        span,
                        &field("cost"),
                        "give `tests` or `cost`, not both".into(),
                    ));
                }
                Some((span, c)) => {
                    let longest = *lengths.last().expect("lengths are not empty");
                    if c < longest as u64 {
                        return Err(self.err(
                            span,
                            &field("cost"),
                            format!("a cost of {c} calls fits no test case of n = {longest}"),
                        ));
                    }
                    TestBudget::Cost(c)
                }
            };
            if tests == TestBudget::Unlimited && seconds.is_none() && kind.with_replacement() {
                return Err(self.err(
                    run.strategy.span(),
                    &field("tests"),
                    format!("{name} draws with replacement: give `tests`, `cost` or `seconds`"),
                ));
            }
            (Strategy::Walk(WalkConfig { kind, params }), tests)
        };
        Ok(Run {
            label: self.label(at, run)?,
            strategy,
            lengths,
            tests,
            seconds,
            until,
            subjects,
        })
    }

    /// A run's `subjects`: the experiment's subjects it runs on (a list of class names, or
    /// of names before `@` for every release of a corpus subject; `None`: all of them). A
    /// name must name a registered subject; one the profile's subjects leave out gives the
    /// run no cells there.
    fn run_subjects(
        &self,
        subjects: Option<&Spanned<toml::Value>>,
        field: &str,
    ) -> Result<Option<BTreeSet<String>>, FileError> {
        let Some(subjects) = subjects else {
            return Ok(None);
        };
        let value = self.pick(subjects, field)?;
        let expected = "expected a list of subject names";
        let names = match value.get_ref() {
            toml::Value::Array(items) => items
                .iter()
                .map(|v| v.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| self.err(value.span(), field, expected.into()))?,
            other => {
                return Err(self.err(value.span(), field, format!("{expected}, found {other}")));
            }
        };
        if names.is_empty() {
            return Err(self.err(value.span(), field, "no subjects".into()));
        }
        for (i, name) in names.iter().enumerate() {
            if names[..i].contains(name) {
                return Err(self.err(
                    value.span(),
                    field,
                    format!("{name} is listed twice (entry {})", i + 1),
                ));
            }
            if !registry().units().any(|u| names_subject(name, u.class())) {
                let known = registry().find(name).err().map(|e| e.to_string());
                return Err(self.err(
                    value.span(),
                    field,
                    known.unwrap_or_else(|| format!("no subject is named {name}")),
                ));
            }
        }
        Ok(Some(names.into_iter().collect()))
    }

    /// A run's `label`: the name its cells carry instead of the strategy's, so that one
    /// strategy can run with several parameter settings in a phase. Lower-case letters,
    /// digits and `-`, and no registered strategy's name.
    fn label(&self, at: &str, run: &RunDecl) -> Result<Option<String>, FileError> {
        let Some(label) = &run.label else {
            return Ok(None);
        };
        let text = label.get_ref();
        let well_formed = !text.is_empty()
            && text
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        let registered = text.parse::<WalkKind>().is_ok()
            || text.parse::<GeneratorKind>().is_ok()
            || StructureSuiteKind::from_name(text).is_some();
        let message = if !well_formed {
            format!("expected lower-case letters, digits and `-`, found {text:?}")
        } else if registered {
            format!("`{text}` is a registered strategy's name; a label must differ from every one")
        } else {
            return Ok(Some(text.clone()));
        };
        Err(self.err(label.span(), &format!("{at}.label"), message))
    }

    /// A generator's run: its configuration and its suite budget.
    fn generated(
        &self,
        at: &str,
        kind: GeneratorKind,
        run: &RunDecl,
        lengths: &[usize],
        cost: Option<u64>,
    ) -> Result<(Strategy, TestBudget), FileError> {
        let field = |f: &str| format!("{at}.{f}");
        let name = run.strategy.get_ref().as_str();
        let tests = match run.tests.as_ref() {
            None => None,
            Some(t) => {
                let t = self.pick(t, &field("tests"))?;
                match t.get_ref() {
                    toml::Value::Integer(i) if *i >= 1 => Some(*i as u64),
                    other => {
                        return Err(self.err(
                            t.span(),
                            &field("tests"),
                            format!(
                                "{name} generates a suite: expected a positive number of test cases, found {other}"
                            ),
                        ));
                    }
                }
            }
        };
        if tests.is_none() && cost.is_none() {
            return Err(self.err(
                run.strategy.span(),
                &field("tests"),
                format!("{name} needs `tests` (test cases generated) or `cost` (cost units)"),
            ));
        }
        // The configuration at the first length; each cell sets its own n.
        let config = self.generator(at, kind, lengths[0], run.params.as_ref())?;
        Ok((
            Strategy::Generator(config),
            TestBudget::Suite(SuiteBudget { tests, cost }),
        ))
    }

    /// A run's `until`: `first-failure` (the default) or `budget`.
    fn until(&self, until: Option<&Spanned<String>>, field: &str) -> Result<Until, FileError> {
        match until.map(|u| (u, u.get_ref().as_str())) {
            None | Some((_, "first-failure")) => Ok(Until::FirstFailure),
            Some((_, "budget")) => Ok(Until::Budget),
            Some((u, other)) => Err(self.err(
                u.span(),
                field,
                format!("expected \"first-failure\" or \"budget\", found {other:?}"),
            )),
        }
    }

    /// A run's `n`: one length, a list, or a SPEC string; ascending, each at least 1.
    fn lengths(&self, n: &Spanned<toml::Value>, field: &str) -> Result<Vec<usize>, FileError> {
        let value = self.pick(n, field)?;
        let lengths: Vec<usize> = match value.get_ref() {
            toml::Value::Integer(i) if *i >= 0 => vec![*i as usize],
            toml::Value::String(s) => crate::spec::parse_spec(s)
                .map_err(|e| self.err(value.span(), field, e.to_string()))?
                .into_iter()
                .map(|v| v as usize)
                .collect(),
            toml::Value::Array(items) => {
                let mut v = items
                    .iter()
                    .map(|i| i.as_integer().filter(|&i| i >= 0).map(|i| i as usize))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| {
                        self.err(value.span(), field, "expected non-negative integers".into())
                    })?;
                v.sort_unstable();
                v.dedup();
                v
            }
            other => {
                return Err(self.err(
                    value.span(),
                    field,
                    format!(
                        "expected lengths (a list or a SPEC such as \"1..=8\" or \"paper\"), found {other}"
                    ),
                ));
            }
        };
        if lengths.is_empty() || lengths.contains(&0) {
            return Err(self.err(value.span(), field, "lengths must be at least 1".into()));
        }
        if let Some(n) = lengths.iter().find(|&&n| n > MAX_LENGTH) {
            return Err(self.err(
                value.span(),
                field,
                format!("n = {n} is longer than the runner executes (at most {MAX_LENGTH} calls in a test case)"),
            ));
        }
        Ok(lengths)
    }

    /// A run's `tests`: a positive count, `"unlimited"` (the default) or `"E(strategy)"`
    /// of an `earlier` run of the phase that covers every one of `lengths`.
    fn tests(
        &self,
        tests: Option<&Spanned<toml::Value>>,
        field: &str,
        lengths: &[usize],
        earlier: &[Run],
    ) -> Result<TestBudget, FileError> {
        let Some(t) = tests.map(|t| self.pick(t, field)).transpose()? else {
            return Ok(TestBudget::Unlimited);
        };
        match t.get_ref() {
            toml::Value::Integer(i) if *i >= 1 => Ok(TestBudget::Fixed(*i as u64)),
            toml::Value::String(s) if s == "unlimited" => Ok(TestBudget::Unlimited),
            toml::Value::String(s) if s.starts_with("E(") && s.ends_with(')') => {
                let inner = &s[2..s.len() - 1];
                let kind: WalkKind = inner.parse().map_err(|e: crate::walk::UnknownWalk| {
                    self.err(t.span(), field, e.to_string())
                })?;
                match earlier.iter().find(|run| run.strategy.is(kind)) {
                    Some(run) if lengths.iter().all(|n| run.lengths.contains(n)) => {
                        Ok(TestBudget::FirstFailureOf(kind))
                    }
                    Some(_) => Err(self.err(
                        t.span(),
                        field,
                        format!(
                            "the earlier {inner} run of this phase does not cover every n of this run"
                        ),
                    )),
                    None => Err(self.err(
                        t.span(),
                        field,
                        format!("E({inner}) needs an earlier {inner} run in the same phase"),
                    )),
                }
            }
            other => Err(self.err(
                t.span(),
                field,
                format!(
                    "expected a positive integer, \"unlimited\" or \"E(strategy)\", found {other}"
                ),
            )),
        }
    }
}

/// The most replicates an experiment may ask for.
pub const MAX_REPLICATES: u32 = 10_000;

/// The longest test case a run may ask for (`n`): calls in one test case.
pub const MAX_LENGTH: usize = 1_000_000;

const MIB: u64 = 1 << 20;
/// A worker's memory when the file gives none: 4 GiB.
pub const DEFAULT_WORKER_MEMORY: u64 = 4096 * MIB;
/// The least `worker-memory` a file may give: a worker needs this much to start.
const MIN_WORKER_MEMORY_MIB: i64 = 64;
/// The most `worker-memory` a file may give: 1 TiB.
const MAX_WORKER_MEMORY_MIB: i64 = 1 << 20;

/// The longest time a file or flag may give in seconds (`watchdog`, `seconds`, progress
/// intervals): a billion seconds, some 31 years, within what clocks and timers add.
pub const MAX_SECONDS: f64 = 1e9;

/// The shortest watchdog (and interval) a file or flag may give: the watchdog looks at a
/// worker every 100 ms, so a shorter one would stop every job.
pub const MIN_SECONDS: f64 = 0.1;

/// `seconds` if it lies from `least` (exclusive when 0) to [`MAX_SECONDS`]; else the
/// message saying which numbers are accepted. The one rule for every seconds value of a
/// file or a flag.
pub fn bounded_seconds(seconds: f64, least: f64) -> Result<f64, String> {
    let above = if least == 0.0 {
        seconds > 0.0
    } else {
        seconds >= least
    };
    if above && seconds <= MAX_SECONDS {
        Ok(seconds)
    } else if least == 0.0 {
        Err(format!(
            "must be a positive number of seconds, at most {MAX_SECONDS:e}"
        ))
    } else {
        Err(format!(
            "must be a number of seconds from {least} to {MAX_SECONDS:e}"
        ))
    }
}

/// Reads and parses an experiment file.
pub fn load_experiment(
    path: &Path,
) -> Result<(Experiment, String), crate::kernel::file::LoadError> {
    let source = crate::kernel::file::read_source(path)?;
    let experiment = parse_experiment(path, &source)?;
    Ok((experiment, source))
}

/// Whether two runs name their subjects and no subject is named by both (a name before
/// `@` names every release of a corpus subject).
fn disjoint_subjects(a: &Run, b: &Run) -> bool {
    let base = |name: &str| {
        name.split_once('@')
            .map_or(name, |(base, _)| base)
            .to_string()
    };
    match (&a.subjects, &b.subjects) {
        (Some(a), Some(b)) => {
            let a: BTreeSet<String> = a.iter().map(|n| base(n)).collect();
            b.iter().all(|n| !a.contains(&base(n)))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
name = "t"
seed = 5
subjects = ["ArrayList"]

[context.pools]
int = { size = 2, init = [0, 100] }

[[phase]]
name = "equivalence"
stop-when-killed = true
[[phase.run]]
strategy = "r"
n = [10, 100]
tests = 1000
[[phase.run]]
strategy = "be"
n = "3..=4"
seconds = 1.5

[[phase]]
name = "comparison"
mutants = "killed"
[[phase.run]]
strategy = "r"
n = "paper"
tests = 1000
until = "budget"
[[phase.run]]
strategy = "be"
n = "1..=8"
tests = "E(r)"
"#;

    #[test]
    fn a_two_phase_experiment_parses_into_phases_and_runs() {
        let e = parse_experiment(Path::new("e.toml"), GOOD).unwrap();
        assert_eq!((e.name.as_str(), e.seed, e.subjects.len()), ("t", 5, 1));
        assert_eq!(e.output, PathBuf::from("runs/t"));
        assert_eq!(e.phases.len(), 2);
        assert!(e.phases[0].stop_when_killed);
        assert_eq!(e.phases[0].runs[1].lengths, vec![3, 4]);
        assert_eq!(e.phases[0].runs[1].seconds, Some(1.5));
        assert_eq!(e.phases[1].mutants, MutantSelection::Killed);
        assert_eq!(e.phases[1].runs[0].lengths.len(), 15);
        assert_eq!(e.phases[1].runs[0].until, Until::Budget);
        assert_eq!(
            e.phases[1].runs[1].tests,
            TestBudget::FirstFailureOf(WalkKind::RANDOM)
        );
    }

    fn error_of(source: &str) -> FileError {
        parse_experiment(Path::new("e.toml"), source).unwrap_err()
    }

    #[test]
    fn a_subject_context_replaces_the_sections_for_its_subject_only() {
        let two = GOOD.replacen(
            "subjects = [\"ArrayList\"]",
            "subjects = [\"ArrayList\", \"Vector\"]",
            1,
        );
        let own = two.replacen(
            "[[phase]]",
            "[context.subject.Vector]\nmethods = [\"Vector()\", \"size()\"]\n[context.subject.Vector.pools]\nint = { size = 3, init = [0, 1, 2] }\n\n[[phase]]",
            1,
        );
        let e = parse_experiment(Path::new("e.toml"), &own).unwrap();
        let (array_list, vector) = (&e.subjects[0].context, &e.subjects[1].context);
        assert_eq!(array_list.pools().ints, [0, 100]);
        assert_eq!(vector.pools().ints, [0, 1, 2]);
        assert_eq!(vector.methods().len(), 2);
        assert!(array_list.methods().len() > 2);
        let e = error_of(
            &own.replace("[context.subject.Vector]", "[context.subject.Stacks]")
                .replace(
                    "[context.subject.Vector.pools]",
                    "[context.subject.Stacks.pools]",
                ),
        );
        assert_eq!(e.field, "context.subject.Stacks", "{e}");
        assert!(e.message.contains("no subject is named Stacks"), "{e}");
    }

    #[test]
    fn a_run_with_subjects_runs_on_those_only_and_a_structure_run_needs_no_other_finitization() {
        let two = GOOD.replacen(
            "subjects = [\"ArrayList\"]",
            "subjects = [\"ArrayList\", \"LinkedList\"]\n[context]\nmethods = \"all\"",
            1,
        );
        let with_object = two.replacen(
            "int = { size = 2, init = [0, 100] }",
            "int = { size = 2, init = [0, 100] }\nobject = { size = 1 }",
            1,
        );
        let structures = with_object.replacen(
            "[[phase]]\nname = \"comparison\"",
            "[[phase.run]]\nstrategy = \"fe-sat\"\nscope = [2, 3]\nsubjects = [\"LinkedList\"]\n\n[[phase]]\nname = \"comparison\"",
            1,
        );
        let e = parse_experiment(Path::new("e.toml"), &structures).unwrap();
        let run = &e.phases[0].runs[2];
        assert!(run.runs_on("LinkedList") && !run.runs_on("ArrayList"));
        assert!(e.phases[0].runs[0].runs_on("ArrayList"));
        // Without `subjects`, ArrayList (no finitization) is refused.
        let e = error_of(&structures.replacen("subjects = [\"LinkedList\"]\n", "", 1));
        assert!(e.message.contains("has no finitization"), "{e}");
        // An unknown name is refused where it is written.
        let e = error_of(&structures.replacen("[\"LinkedList\"]\n\n", "[\"LinkList\"]\n\n", 1));
        assert_eq!(e.field, "phase[0].run[2].subjects", "{e}");
        assert!(e.message.contains("LinkList"), "{e}");
        let e = error_of(&structures.replacen("[\"LinkedList\"]\n\n", "\"LinkedList\"\n\n", 1));
        assert!(
            e.message.contains("expected a list of subject names"),
            "{e}"
        );
    }

    #[test]
    fn a_walk_reads_its_registered_parameters_and_refuses_others_where_the_file_says() {
        let with = |params: &str| {
            GOOD.replacen(
                "n = [10, 100]\ntests = 1000",
                &format!("n = [10, 100]\ntests = 1000\n[phase.run.params]\n{params}"),
                1,
            )
        };
        let e = error_of(&with("repeat = 2"));
        assert_eq!(
            (e.field.as_str(), e.line),
            ("phase[0].run[0].params.repeat", 17)
        );
        assert_eq!(
            e.message,
            "r has no parameter `repeat` (it takes no parameters)"
        );
        let e = error_of(&GOOD.replacen("strategy = \"r\"", "strategy = \"walk\"", 1));
        assert_eq!((e.field.as_str(), e.line), ("phase[0].run[0].strategy", 13));
        for name in ["be", "r-leaf", "round-robin", "fdrt", "fcrt", "fe-sat"] {
            assert!(e.message.contains(name), "{e}");
        }
        let e = parse_experiment(Path::new("e.toml"), GOOD).unwrap();
        let Strategy::Walk(walk) = &e.phases[0].runs[0].strategy else {
            panic!("r is a walk")
        };
        assert!(walk.params.is_default());
        // A walk with parameters: read, carried in the run, refused by key where bad.
        let swarm =
            |params: &str| with(params).replacen("strategy = \"r\"", "strategy = \"swarm\"", 1);
        let e = parse_experiment(Path::new("e.toml"), &swarm("keep = 0.25\ngroup = 10")).unwrap();
        let Strategy::Walk(walk) = &e.phases[0].runs[0].strategy else {
            panic!("swarm is a walk")
        };
        assert_eq!(walk.params.as_json(), r#"{"group":10,"keep":0.25}"#);
        let e = error_of(&swarm("keep = 0.25\ngroup = 0"));
        assert_eq!(
            (e.field.as_str(), e.line),
            ("phase[0].run[0].params.group", 18)
        );
        assert!(
            e.message.starts_with("swarm `group`: expected at least 1"),
            "{e}"
        );
    }

    #[test]
    fn grt_reads_its_components_and_refuses_unknown_ones_where_the_file_says() {
        let grt = |params: &str| {
            GOOD.replacen(
                "strategy = \"r\"\nn = [10, 100]\ntests = 1000",
                &format!("strategy = \"grt\"\nn = 100\ncost = 5000\n[phase.run.params]\n{params}"),
                1,
            )
        };
        let e =
            parse_experiment(Path::new("e.toml"), &grt(r#"components = ["impurity"]"#)).unwrap();
        let Strategy::Generator(config) = &e.phases[0].runs[0].strategy else {
            panic!("grt is a generator")
        };
        assert!(
            config
                .params
                .as_json()
                .contains(r#""components":["impurity"]"#),
            "{:?}",
            config.params
        );
        let e = error_of(&grt(r#"components = ["impurity", "telepathy"]"#));
        assert_eq!(
            (e.field.as_str(), e.line),
            ("phase[0].run[0].params.components", 17)
        );
        assert!(e.message.contains("telepathy"), "{e}");
        let e = error_of(&grt("sigma = 3"));
        assert_eq!(
            (e.field.as_str(), e.line),
            ("phase[0].run[0].params.sigma", 17)
        );
        assert!(e.message.contains("fuzz-deviation"), "{e}");
    }

    #[test]
    fn one_strategy_twice_at_the_same_n_in_a_phase_is_refused() {
        let twice = GOOD.replacen(
            "strategy = \"be\"\nn = \"3..=4\"",
            "strategy = \"r\"\nn = [100, 1000]\ntests = 5",
            1,
        );
        let e = error_of(&twice);
        assert_eq!((e.field.as_str(), e.line), ("phase[0].run[1].strategy", 17));
        assert!(e.message.contains("r already runs at n = 100"), "{e}");
        let apart = GOOD.replacen(
            "strategy = \"be\"\nn = \"3..=4\"",
            "strategy = \"r\"\nn = [1000]\ntests = 5",
            1,
        );
        assert!(parse_experiment(Path::new("e.toml"), &apart).is_ok());
        // A label names the second run's cells apart.
        let labelled = twice.replacen(
            "strategy = \"r\"\nn = [100, 1000]",
            "strategy = \"r\"\nlabel = \"r-again\"\nn = [100, 1000]",
            1,
        );
        let e = parse_experiment(Path::new("e.toml"), &labelled).unwrap();
        let names: Vec<&str> = e.phases[0].runs.iter().map(Run::name).collect();
        assert_eq!(names, ["r", "r-again"]);
        // Two runs with one label are twins too; labels are no registered names.
        let e = error_of(&labelled.replacen(
            "strategy = \"r\"\nn",
            "strategy = \"r\"\nlabel = \"r-again\"\nn",
            1,
        ));
        assert_eq!(e.field, "phase[0].run[1].label", "{e}");
        let e = error_of(&labelled.replace("r-again", "fdrt"));
        assert_eq!((e.field.as_str(), e.line), ("phase[0].run[1].label", 18));
        assert!(e.message.contains("registered"), "{e}");
        // Runs of one name on disjoint subjects are no twins (each subject its budget);
        // sharing one subject, they are.
        let two = |first: &str, second: &str| {
            GOOD.replacen("subjects = [\"ArrayList\"]", "subjects = [\"ArrayList\", \"TreeMap\"]", 1)
                .replacen("tests = 1000\n[[phase.run]]\nstrategy = \"be\"\nn = \"3..=4\"", &format!("tests = 1000\nsubjects = {first}\n[[phase.run]]\nstrategy = \"r\"\nn = [100]\ntests = 50\nsubjects = {second}"), 1)
        };
        let apart = two("[\"ArrayList\"]", "[\"TreeMap\"]");
        assert_ne!(apart, GOOD);
        let e = parse_experiment(Path::new("e.toml"), &apart).unwrap();
        assert_eq!(e.phases[0].runs.len(), 2);
        let e = error_of(&two("[\"ArrayList\"]", "[\"TreeMap\", \"ArrayList\"]"));
        assert!(e.message.contains("r already runs at n = 100"), "{e}");
        let e = error_of(&two("[\"ArrayList\"]", "[\"ArrayList\"]"));
        assert!(e.message.contains("r already runs at n = 100"), "{e}");
        let e = error_of(&labelled.replace("r-again", "R Again"));
        assert!(e.message.contains("lower-case"), "{e}");
    }

    #[test]
    fn profiled_values_take_the_profiles_entry_or_the_default() {
        let text = GOOD
            .replace("seconds = 1.5", "seconds = { default = 1.5, full = 1800 }")
            .replace(
                "n = [10, 100]",
                "n = { default = [10], full = [10, 100, 1000] }",
            );
        let e = parse_experiment(Path::new("e.toml"), &text).unwrap();
        assert_eq!(
            (
                e.phases[0].runs[1].seconds,
                e.phases[0].runs[0].lengths.clone()
            ),
            (Some(1.5), vec![10])
        );
        assert_eq!(e.output, PathBuf::from("runs/t"));
        let full = parse_experiment_profile(Path::new("e.toml"), &text, "full").unwrap();
        assert_eq!(full.phases[0].runs[1].seconds, Some(1800.0));
        assert_eq!(full.phases[0].runs[0].lengths, vec![10, 100, 1000]);
        assert_eq!(full.output, PathBuf::from("runs/t-full"));
        let e = parse_experiment_profile(Path::new("e.toml"), &text, "huge").unwrap_err();
        assert!(
            e.message.contains("huge") && e.message.contains("full"),
            "{e}"
        );
    }

    #[test]
    fn coverage_is_on_unless_the_file_turns_it_off_and_must_be_a_boolean() {
        assert!(
            parse_experiment(Path::new("e.toml"), GOOD)
                .unwrap()
                .coverage
        );
        let off = GOOD.replace("seed = 5", "seed = 5\ncoverage = false");
        assert!(
            !parse_experiment(Path::new("e.toml"), &off)
                .unwrap()
                .coverage
        );
        let e = error_of(&GOOD.replace("seed = 5", "seed = 5\ncoverage = \"yes\""));
        assert_eq!((e.field.as_str(), e.line), ("coverage", 4));
        assert!(e.message.contains("boolean"), "{e}");
    }

    #[test]
    fn the_coverage_area_is_off_unless_asked_for_and_needs_coverage() {
        let parse = |text: &str| parse_experiment(Path::new("e.toml"), text).unwrap();
        assert!(!parse(GOOD).coverage_area);
        let on = GOOD.replace("seed = 5", "seed = 5\ncoverage-area = true");
        assert!(parse(&on).coverage_area);
        let e = error_of(&on.replace("seed = 5", "seed = 5\ncoverage = false"));
        assert_eq!((e.field.as_str(), e.line), ("coverage-area", 5));
        assert!(e.message.contains("needs coverage"), "{e}");
        let e = error_of(&GOOD.replace("seed = 5", "seed = 5\ncoverage-area = 1"));
        assert_eq!((e.field.as_str(), e.line), ("coverage-area", 4));
    }

    #[test]
    fn a_subject_listed_twice_is_refused_where_it_is_listed() {
        let e = error_of(&GOOD.replace(
            "subjects = [\"ArrayList\"]",
            "subjects = [\"ArrayList\", \"LinkedList\", \"ArrayList\"]",
        ));
        assert_eq!((e.field.as_str(), e.line), ("subjects", 4));
        assert!(
            e.message.contains("ArrayList is listed twice (entry 3)"),
            "{e}"
        );
        let e = error_of(&GOOD.replace(
            "tests = 1000\n",
            "tests = 1000\nsubjects = [\"ArrayList\", \"ArrayList\"]\n",
        ));
        assert_eq!(e.field, "phase[0].run[0].subjects");
        assert!(e.message.contains("listed twice (entry 2)"), "{e}");
    }

    #[test]
    fn the_watchdog_is_optional_profiled_and_must_be_positive_seconds() {
        assert_eq!(
            parse_experiment(Path::new("e.toml"), GOOD)
                .unwrap()
                .watchdog,
            None
        );
        let text = GOOD.replace(
            "seed = 5",
            "seed = 5\nwatchdog = { default = 30, full = 600.5 }",
        );
        let e = parse_experiment(Path::new("e.toml"), &text).unwrap();
        assert_eq!(e.watchdog, Some(30.0));
        let full = parse_experiment_profile(Path::new("e.toml"), &text, "full").unwrap();
        assert_eq!(full.watchdog, Some(600.5));
        for watchdog in ["-1", "1e-300", "0.05", "1e300", "nan"] {
            let e =
                error_of(&GOOD.replace("seed = 5", &format!("seed = 5\nwatchdog = {watchdog}")));
            assert_eq!((e.field.as_str(), e.line), ("watchdog", 4));
            assert!(e.message.contains("from 0.1 to 1e9"), "{e}");
        }
    }

    #[test]
    fn replicates_default_to_one_are_profiled_and_must_be_positive() {
        assert_eq!(
            parse_experiment(Path::new("e.toml"), GOOD)
                .unwrap()
                .replicates,
            1
        );
        let text = GOOD.replace(
            "seed = 5",
            "seed = 5\nreplicates = { default = 10, full = 30 }",
        );
        assert_eq!(
            parse_experiment(Path::new("e.toml"), &text)
                .unwrap()
                .replicates,
            10
        );
        let full = parse_experiment_profile(Path::new("e.toml"), &text, "full").unwrap();
        assert_eq!(full.replicates, 30);
        for bad in ["0", "-3", "\"many\"", "1.5", "10001"] {
            let e = error_of(&GOOD.replace("seed = 5", &format!("seed = 5\nreplicates = {bad}")));
            assert_eq!((e.field.as_str(), e.line), ("replicates", 4), "{bad}: {e}");
            assert!(e.message.contains("from 1 to 10000"), "{e}");
        }
    }

    #[test]
    fn errors_name_line_and_field() {
        let e = error_of(&GOOD.replace("tests = \"E(r)\"", "tests = \"E(bobw)\""));
        assert_eq!(e.field, "phase[1].run[1].tests");
        assert_eq!(e.line, 32);
        let e = error_of(&GOOD.replace(
            "strategy = \"be\"\nn = \"3..=4\"",
            "strategy = \"dfs\"\nn = \"3..=4\"",
        ));
        assert_eq!((e.field.as_str(), e.line), ("phase[0].run[1].strategy", 17));
        let e = error_of(&GOOD.replace("subjects = [\"ArrayList\"]", "subjects = [\"Nope\"]"));
        assert_eq!((e.field.as_str(), e.line), ("subjects", 4));
        let e = error_of(&GOOD.replace("seed = 5", "seed = 5\ncolour = 1"));
        assert_eq!(e.line, 4);
        assert!(e.message.contains("colour"), "{e}");
        let e = error_of(&GOOD.replace("n = [10, 100]", "n = \"1..5\""));
        assert!(e.message.contains("A..=B"), "{e}");
        let e = error_of(&GOOD.replace("mutants = \"killed\"", "mutants = \"some\""));
        assert_eq!(e.field, "phase[1].mutants");
        let e = error_of(&GOOD.replace("n = [10, 100]\ntests = 1000", "n = [10, 100]"));
        assert!(e.message.contains("replacement"), "{e}");
    }

    const GENERATED: &str = r#"name = "g"
seed = 3
subjects = ["TreeMap"]

[[phase]]
name = "cost"

[[phase.run]]
strategy = "fcrt"
n = 100
cost = 60000
[phase.run.params]
max-pools = 4
add-pool-every = 500

[[phase.run]]
strategy = "r"
n = [50, 100]
cost = 60000
"#;

    #[test]
    fn a_generated_run_takes_its_parameters_and_a_walk_its_share_of_the_cost() {
        let e = parse_experiment(Path::new("e.toml"), GENERATED).unwrap();
        let runs = &e.phases[0].runs;
        let Strategy::Generator(config) = &runs[0].strategy else {
            panic!("{:?}", runs[0].strategy)
        };
        let fcrt: crate::generator::FcrtSettings =
            crate::kernel::parameters::from_values(&config.params);
        assert_eq!(config.kind, crate::generator::GeneratorKind::FCRT);
        assert_eq!((fcrt.max_pools, fcrt.add_pool_every.0), (4, 500));
        assert_eq!((fcrt.initial_pools, fcrt.reset_every.0), (1, 100_000));
        assert_eq!(config.max_length, 100);
        assert_eq!(
            runs[0].tests,
            TestBudget::Suite(SuiteBudget {
                tests: None,
                cost: Some(60_000)
            })
        );
        assert_eq!(runs[1].tests, TestBudget::Cost(60_000));
        let reset = GENERATED.replace("strategy = \"fcrt\"", "strategy = \"fdrt-reset\"");
        let reset = reset.replace("max-pools = 4\nadd-pool-every = 500", "");
        let e = parse_experiment(Path::new("e.toml"), &reset).unwrap();
        let Strategy::Generator(config) = &e.phases[0].runs[0].strategy else {
            panic!()
        };
        let reset: crate::generator::FdrtResetSettings =
            crate::kernel::parameters::from_values(&config.params);
        assert_eq!(config.kind, crate::generator::GeneratorKind::FDRT_RESET);
        assert_eq!(reset.reset_every.0, crate::generator::FDRT_RESET_EVERY);
    }

    #[test]
    fn bad_generator_budgets_and_parameters_are_located() {
        let cases = [
            (
                "cost = 60000\n[phase",
                "cost = 0\n[phase",
                "phase[0].run[0].cost",
                11,
                "positive",
            ),
            (
                "max-pools = 4",
                "max-pools = 1",
                "phase[0].run[0].params.max-pools",
                13,
                "at least 2",
            ),
            (
                "max-pools = 4",
                "max-pools = 4\ninitial-pools = 5",
                "phase[0].run[0].params.initial-pools",
                14,
                "exceeds",
            ),
            (
                "max-pools = 4",
                "max-pools = 4\nmax-poles = 3",
                "phase[0].run[0].params.max-poles",
                14,
                "no parameter",
            ),
            (
                "add-pool-every = 500",
                "add-pool-every = -5",
                "phase[0].run[0].params.add-pool-every",
                14,
                "positive",
            ),
            (
                "max-pools = 4",
                "max-pools = 4\npool-selection = \"best\"",
                "phase[0].run[0].params.pool-selection",
                14,
                "unknown variant",
            ),
            (
                "max-pools = 4",
                "null-ratio = 1.5",
                "phase[0].run[0].params.null-ratio",
                13,
                "probability",
            ),
            (
                "max-pools = 4",
                "seeds = { int = [] }",
                "phase[0].run[0].params.seeds.int",
                13,
                "non-empty",
            ),
            (
                "cost = 60000\n[phase",
                "tests = \"unlimited\"\n[phase",
                "phase[0].run[0].tests",
                11,
                "suite",
            ),
            (
                "cost = 60000\n[phase",
                "until = \"budget\"\n[phase",
                "phase[0].run[0].tests",
                9,
                "needs `tests`",
            ),
            (
                "n = [50, 100]\ncost = 60000",
                "n = [50, 100]\ncost = 60",
                "phase[0].run[1].cost",
                19,
                "fits no test case",
            ),
            (
                "n = [50, 100]\ncost = 60000",
                "n = [50, 100]\ncost = 600\ntests = 5",
                "phase[0].run[1].cost",
                19,
                "not both",
            ),
            (
                "n = [50, 100]\ncost = 60000\n",
                "n = [50, 100]\ncost = 60000\nparams = { k = 1 }\n",
                "phase[0].run[1].params.k",
                20,
                "no parameters",
            ),
        ];
        for (from, to, field, line, message) in cases {
            let source = GENERATED.replacen(from, to, 1);
            assert_ne!(source, GENERATED, "{from:?} not found");
            let e = error_of(&source);
            assert_eq!((e.field.as_str(), e.line), (field, line), "{to:?}: {e}");
            assert!(e.message.contains(message), "{to:?}: {e}");
        }
    }

    #[test]
    fn max_guarded_tests_is_optional_and_positive() {
        let e = parse_experiment(Path::new("e.toml"), GENERATED).unwrap();
        assert_eq!(e.max_guarded_tests, None);
        let capped = GENERATED.replace("seed = 3", "seed = 3\nmax-guarded-tests = 100");
        let e = parse_experiment(Path::new("e.toml"), &capped).unwrap();
        assert_eq!(e.max_guarded_tests, Some(100));
        let e = error_of(&GENERATED.replace("seed = 3", "seed = 3\nmax-guarded-tests = 0"));
        assert_eq!((e.field.as_str(), e.line), ("max-guarded-tests", 3));
    }
}

/// Randomly damaged experiment and context files: the parsers answer with a valid
/// experiment or a located error, never a panic.
#[cfg(test)]
mod damaged_files {
    use std::path::Path;

    use proptest::prelude::*;

    use super::parse_experiment_profile;
    use crate::context::file::parse_context;
    use crate::kernel::file::FileError;

    const EXPERIMENT: &str = r#"name = "t"
seed = 5
subjects = ["ArrayList", "LinkedList"]
replicates = { default = 2, smoke = 1 }
watchdog = 30

[context.pools]
int = { size = 2, init = [0, 100] }

[[phase]]
name = "equivalence"
stop-when-killed = true
[[phase.run]]
strategy = "r"
n = [10, 100]
tests = { default = 1000, smoke = 10 }
[[phase.run]]
strategy = "be"
n = "3..=4"
seconds = 1.5

[[phase]]
name = "comparison"
mutants = "killed"
[[phase.run]]
strategy = "bobw"
n = "1..=8"
tests = "E(r)"
[[phase.run]]
strategy = "r"
n = "1..=8"
tests = 100
"#;

    const CONTEXT: &str = r#"subject = "ArrayList"
methods = ["ArrayList()", "add(Integer)", "remove(Object)", "size()"]
[pools]
int = { size = 3, init = [0, 1, 2] }
object = { size = 2 }
string = { size = 1 }
"#;

    /// Pieces a damaged file may gain: syntax, extreme numbers, keys and values.
    const PIECES: &[&str] = &[
        "=",
        "[",
        "]",
        "{",
        "}",
        "\"",
        "\n",
        ",",
        ".",
        "#",
        "'",
        "1e300",
        "-1",
        "0",
        "nan",
        "inf",
        "99999999999999999999",
        "1000000000000000000",
        "2147483648",
        "true",
        "\"all\"",
        "[[phase]]\nname = \"equivalence\"\n",
        "[[phase.run]]\n",
        "n = ",
        "tests = ",
        "strategy = \"zz\"\n",
        "size = ",
        "init = [",
        "{ default = 1.5 }",
        "\u{0}",
        "é",
    ];

    #[derive(Clone, Debug)]
    enum Damage {
        Delete(usize, usize),
        Insert(usize, usize),
        DuplicateLine(usize),
        SwapLines(usize, usize),
    }

    fn damage() -> impl Strategy<Value = Damage> {
        prop_oneof![
            (any::<usize>(), 1..40usize).prop_map(|(a, n)| Damage::Delete(a, n)),
            (any::<usize>(), 0..PIECES.len()).prop_map(|(a, p)| Damage::Insert(a, p)),
            any::<usize>().prop_map(Damage::DuplicateLine),
            (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Damage::SwapLines(a, b)),
        ]
    }

    /// `text` with `damages` applied in turn (positions taken modulo the current length,
    /// moved back to a character boundary).
    fn apply(text: &str, damages: &[Damage]) -> String {
        let mut text = text.to_string();
        let boundary = |text: &str, at: usize| {
            let mut at = at % (text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            at
        };
        for d in damages {
            match *d {
                Damage::Delete(a, n) => {
                    let start = boundary(&text, a);
                    let end = boundary(&text, (start + n).min(text.len()));
                    text.replace_range(start..end.max(start), "");
                }
                Damage::Insert(a, p) => {
                    let at = boundary(&text, a);
                    text.insert_str(at, PIECES[p]);
                }
                Damage::DuplicateLine(a) => {
                    let mut lines: Vec<&str> = text.lines().collect();
                    let i = a % lines.len().max(1);
                    if let Some(&line) = lines.get(i) {
                        lines.insert(i, line);
                    }
                    text = lines.join("\n");
                }
                Damage::SwapLines(a, b) => {
                    let mut lines: Vec<&str> = text.lines().collect();
                    if !lines.is_empty() {
                        let (i, j) = (a % lines.len(), b % lines.len());
                        lines.swap(i, j);
                    }
                    text = lines.join("\n");
                }
            }
        }
        text
    }

    /// A located error: in the file, at a line and column that exist, with a message.
    fn located(e: &FileError, path: &str, text: &str) -> Result<(), TestCaseError> {
        prop_assert_eq!(&e.path, path);
        prop_assert!(e.line >= 1 && e.line <= text.lines().count() + 1, "{}", e);
        prop_assert!(e.column >= 1, "{}", e);
        prop_assert!(!e.message.is_empty() && !e.field.is_empty(), "{}", e);
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(192))]

        #[test]
        fn a_damaged_experiment_is_parsed_or_refused_at_a_place(
            damages in prop::collection::vec(damage(), 1..5),
            smoke in any::<bool>(),
        ) {
            let text = apply(EXPERIMENT, &damages);
            let profile = if smoke { "smoke" } else { "default" };
            if let Err(e) = parse_experiment_profile(Path::new("e.toml"), &text, profile) {
                located(&e, "e.toml", &text)?;
            }
        }

        #[test]
        fn a_damaged_context_is_parsed_or_refused_at_a_place(
            damages in prop::collection::vec(damage(), 1..5),
        ) {
            let text = apply(CONTEXT, &damages);
            if let Err(e) = parse_context(Path::new("c.toml"), &text) {
                located(&e, "c.toml", &text)?;
            }
        }
    }
}
