//! Tuning files: what `testspace tune` tunes a choice model on, and the experiment that
//! will evaluate it. Training and evaluation data are kept apart here, in code: training
//! mutants are drawn only from mutants the evaluation experiment does not sample, training
//! test-set seeds may not be replicate seeds of the evaluation, and units the file holds out
//! may not be trained on. Every refusal names the file, line and field.
//!
//! ```toml
//! name = "list"                                  # the output folder: runs/tune-list
//! seed = 17                                      # test set s of a fitness has seed `seed + s`
//! evaluation = "../experiments/poulding2015.toml" # its contexts are used; its data excluded
//! subjects = ["ArrayList", "Vector", "LinkedList"] # training units, subjects of the evaluation
//! held-out = ["Stack"]                            # units training must not use (optional)
//! mutants = 12                                   # training mutants per unit (kill fitness only)
//! n = 20                                         # calls per test case
//! tests = 100                                    # test cases per test set (M)
//! test-sets = 20                                 # test sets per fitness
//! fitness = "kills"                              # or "coverage" (optional; default kills)
//! model = "ensemble.toml"                        # a base model (optional; see tune::space)
//! target = "Stack"                              # optional, with "together": the unit the one
//!                                                # model is for (held out; files named after it)
//! scheme = "together"                            # one model for all subjects (the default);
//!                                                # "each": one per subject, tuned on itself;
//!                                                # "leave-one-out": one per subject, tuned
//!                                                # on the other subjects (it held out)
//! [optimiser]                                    # optional; these are the defaults
//! population = 10
//! evaluations = 50
//! weight = 0.5
//! crossover = 0.9
//! ```

use std::collections::BTreeSet;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use toml::Spanned;

use super::differential_evolution::Settings;
use super::fitness::{FitnessKind, PortfolioUnit, TestSets};
use crate::experiment::Experiment;
use crate::kernel::file::FileError;
use crate::oracle::OracleKind;
use crate::runner::sample_mutants;
use crate::subject::MutantId;
use crate::walk::choice::model::{Model, ModelFile};

/// How many models a tuning file makes, and on which units each is tuned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scheme {
    /// One model, tuned on every subject of the file.
    Together,
    /// One model per subject, tuned on that subject alone (Poulding & Feldt's RQ2).
    Each,
    /// One model per subject, tuned on the file's other subjects with it held out (a
    /// library for a unit it has not seen: their RQ3).
    LeaveOneOut,
}

/// A tuning file, read: the training portfolio and everything recorded about its data.
#[derive(Clone)]
pub struct Tuning {
    /// Its name.
    pub name: String,
    /// The training units with their (evaluation) contexts and training mutants.
    pub units: Vec<PortfolioUnit>,
    /// The test sets of each fitness.
    pub sets: TestSets,
    /// The optimiser's settings.
    pub settings: Settings,
    /// The oracle (the evaluation's).
    pub oracle: OracleKind,
    /// The evaluation experiment's file.
    pub evaluation: PathBuf,
    /// Per training unit, the mutants the evaluation samples (excluded from training).
    pub excluded: Vec<Vec<MutantId>>,
    /// The evaluation's replicate seeds (no training seed is one of them).
    pub evaluation_seeds: Vec<u64>,
    /// The units held out.
    pub held_out: Vec<String>,
    /// The seed training mutants are sampled with.
    pub seed: u64,
    /// What the fitness measures.
    pub fitness: FitnessKind,
    /// The base model (`model = FILE`, else the uniform model): the ensemble whose weights
    /// and parameters are tuned, and what tuning keeps ([`super::space`]).
    pub base: Model,
    /// Its file, relative to the current folder.
    pub base_file: Option<PathBuf>,
    /// How many models, tuned on which units.
    pub scheme: Scheme,
    /// `together`'s model is for this unit, not trained on (it is held out): its files are
    /// named after it.
    pub target: Option<String>,
}

impl Tuning {
    /// The tunings the scheme makes, each with the subject its model is for (`None`: the
    /// one model of `together`): `each` keeps one unit, `leave-one-out` drops one and
    /// holds it out.
    pub fn tasks(&self) -> Vec<(Option<String>, Tuning)> {
        let keep = |wanted: &dyn Fn(usize) -> bool, held_out: Option<&str>| {
            let mut task = self.clone();
            let kept = |i: &usize| wanted(*i);
            let indices: Vec<usize> = (0..self.units.len()).filter(kept).collect();
            task.units = indices.iter().map(|&i| self.units[i].clone()).collect();
            task.excluded = indices.iter().map(|&i| self.excluded[i].clone()).collect();
            task.held_out.extend(held_out.map(str::to_string));
            task
        };
        let class = |i: usize| self.units[i].unit.class().to_string();
        match self.scheme {
            Scheme::Together => vec![(self.target.clone(), self.clone())],
            Scheme::Each => (0..self.units.len())
                .map(|i| (Some(class(i)), keep(&|j| j == i, None)))
                .collect(),
            Scheme::LeaveOneOut => (0..self.units.len())
                .map(|i| (Some(class(i)), keep(&|j| j != i, Some(&class(i)))))
                .collect(),
        }
    }
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct TuningDecl {
    name: Spanned<String>,
    seed: Spanned<i64>,
    evaluation: Spanned<String>,
    subjects: Spanned<Vec<Spanned<String>>>,
    #[serde(default)]
    held_out: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    mutants: Option<Spanned<i64>>,
    n: Spanned<i64>,
    tests: Spanned<i64>,
    test_sets: Spanned<i64>,
    #[serde(default)]
    fitness: Option<Spanned<String>>,
    #[serde(default)]
    optimiser: Option<OptimiserDecl>,
    #[serde(default)]
    model: Option<Spanned<String>>,
    #[serde(default)]
    scheme: Option<Spanned<String>>,
    #[serde(default)]
    target: Option<Spanned<String>>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct OptimiserDecl {
    population: Option<Spanned<i64>>,
    evaluations: Option<Spanned<i64>>,
    weight: Option<Spanned<f64>>,
    crossover: Option<Spanned<f64>>,
}

/// Reads the tuning file `path` (text `source`); the evaluation experiment is read relative
/// to its folder (`evaluation`'s default profile).
///
/// # Errors
/// A malformed file, an unknown or out-of-range field, an evaluation that cannot be read,
/// or training data that would overlap the evaluation's, each with file, line and field.
pub fn parse_tuning(path: &Path, source: &str) -> Result<Tuning, FileError> {
    let decl: TuningDecl =
        toml::from_str(source).map_err(|e| FileError::from_toml(path, source, &e))?;
    let err = |span: Range<usize>, field: &str, message: String| {
        FileError::at(path, source, Some(span), Some(field), message)
    };
    let positive = |value: &Spanned<i64>, field: &str| -> Result<usize, FileError> {
        usize::try_from(*value.get_ref())
            .ok()
            .filter(|&v| v >= 1)
            .ok_or_else(|| {
                err(
                    value.span(),
                    field,
                    format!("expected a positive count, found {}", value.get_ref()),
                )
            })
    };
    let name = decl.name.get_ref().clone();
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(err(
            decl.name.span(),
            "name",
            format!("expected letters, digits, `-` and `_`, found {name:?}"),
        ));
    }
    let seed = *decl.seed.get_ref() as u64;
    let (n, tests, test_sets) = (
        positive(&decl.n, "n")?,
        positive(&decl.tests, "tests")?,
        positive(&decl.test_sets, "test-sets")?,
    );
    let settings = optimiser(decl.optimiser.as_ref(), &err)?;
    let fitness = match &decl.fitness {
        None => FitnessKind::default(),
        Some(f) => match f.get_ref().as_str() {
            "kills" => FitnessKind::Kills,
            "coverage" => FitnessKind::Coverage,
            other => {
                return Err(err(
                    f.span(),
                    "fitness",
                    format!("expected \"kills\" or \"coverage\", found {other:?}"),
                ));
            }
        },
    };
    // Training mutants per unit: the kill fitness needs them, the coverage fitness has none.
    let per_unit = match (fitness, &decl.mutants) {
        (FitnessKind::Kills, Some(m)) => Some(positive(m, "mutants")?),
        (FitnessKind::Kills, None) => {
            let message = "missing: the kill fitness needs a number of training mutants per unit";
            return Err(FileError::at(path, source, None, Some("mutants"), message));
        }
        (FitnessKind::Coverage, Some(m)) => {
            let message = "the coverage fitness uses no mutants: remove `mutants`".to_string();
            return Err(err(m.span(), "mutants", message));
        }
        (FitnessKind::Coverage, None) => None,
    };
    let evaluation = path
        .parent()
        .unwrap_or(Path::new(""))
        .join(decl.evaluation.get_ref());
    let experiment = read_evaluation(&evaluation)
        .map_err(|message| err(decl.evaluation.span(), "evaluation", message))?;
    // Training seeds are not the evaluation's.
    let evaluation_seeds: Vec<u64> = (0..experiment.replicates)
        .map(|r| experiment.replicate_seed(r))
        .collect();
    let seeds: Vec<u64> = (0..test_sets as u64)
        .map(|s| seed.wrapping_add(s))
        .collect();
    if let Some(shared) = seeds.iter().find(|s| evaluation_seeds.contains(s)) {
        return Err(err(
            decl.seed.span(),
            "seed",
            format!(
                "test-set seed {shared} is a replicate seed of the evaluation experiment: training and evaluation seeds must be disjoint"
            ),
        ));
    }
    let held_out: Vec<String> = decl
        .held_out
        .as_ref()
        .map(|h| h.get_ref().iter().map(|s| s.get_ref().clone()).collect())
        .unwrap_or_default();
    let mut units = Vec::new();
    let mut excluded = Vec::new();
    let mut seen = BTreeSet::new();
    for subject in decl.subjects.get_ref() {
        let class = subject.get_ref();
        let fail = |message: String| err(subject.span(), "subjects", message);
        if held_out.contains(class) {
            return Err(fail(format!(
                "{class} is held out: training and evaluation units must be disjoint"
            )));
        }
        if !seen.insert(class.clone()) {
            return Err(fail(format!("{class} is named twice")));
        }
        let plan = experiment
            .subjects
            .iter()
            .find(|s| s.unit.class() == class)
            .ok_or_else(|| fail(format!("{class} is not a subject of the evaluation experiment (its contexts are the ones tuned for)")))?;
        let evaluated: Vec<MutantId> = sample_mutants(
            class,
            plan.unit.mutants(),
            experiment.mutant_sample,
            experiment.sample_seed,
        )
        .iter()
        .map(|m| m.id)
        .collect();
        let free: Vec<_> = plan
            .unit
            .mutants()
            .iter()
            .filter(|m| !evaluated.contains(&m.id))
            .cloned()
            .collect();
        let training: Vec<MutantId> = match per_unit {
            None => Vec::new(),
            Some(_) if free.is_empty() => {
                return Err(fail(format!(
                    "the evaluation samples every mutant of {class}: none is left to train on (the coverage fitness needs none)"
                )));
            }
            Some(count) => sample_mutants(class, &free, Some(count), seed)
                .iter()
                .map(|m| m.id)
                .collect(),
        };
        units.push(PortfolioUnit {
            unit: plan.unit,
            context: Arc::clone(&plan.context),
            mutants: training,
        });
        excluded.push(evaluated);
    }
    if units.is_empty() {
        return Err(err(
            decl.subjects.span(),
            "subjects",
            "no training units".into(),
        ));
    }
    let scheme = match &decl.scheme {
        None => Scheme::Together,
        Some(s) => match s.get_ref().as_str() {
            "together" => Scheme::Together,
            "each" => Scheme::Each,
            "leave-one-out" if units.len() >= 2 => Scheme::LeaveOneOut,
            "leave-one-out" => {
                let message =
                    "leave-one-out needs at least 2 subjects (each model is tuned on the others)";
                return Err(err(s.span(), "scheme", message.into()));
            }
            other => {
                return Err(err(
                    s.span(),
                    "scheme",
                    format!(
                        "expected \"together\", \"each\" or \"leave-one-out\", found {other:?}"
                    ),
                ));
            }
        },
    };
    let mut held_out = held_out;
    let target = match &decl.target {
        None => None,
        Some(t) => {
            let class = t.get_ref();
            let message = if scheme != Scheme::Together {
                Some("a target is the one model of scheme \"together\"".to_string())
            } else if seen.contains(class) {
                Some(format!(
                    "{class} is a training subject: a target is a unit the model is not tuned on"
                ))
            } else if !experiment.subjects.iter().any(|s| s.unit.class() == class) {
                Some(format!(
                    "{class} is not a subject of the evaluation experiment"
                ))
            } else {
                None
            };
            if let Some(message) = message {
                return Err(err(t.span(), "target", message));
            }
            if !held_out.contains(class) {
                held_out.push(class.clone());
            }
            Some(class.clone())
        }
    };
    let folder = path.parent().unwrap_or(Path::new(""));
    let (base, base_file) = match &decl.model {
        None => (Model::default(), None),
        Some(name) => {
            let file = folder.join(name.get_ref());
            let model = read_base_model(&file, &units)
                .map_err(|message| err(name.span(), "model", message))?;
            (model, Some(file))
        }
    };
    Ok(Tuning {
        name,
        units,
        sets: TestSets { n, tests, seeds },
        settings,
        oracle: experiment.oracle,
        evaluation,
        excluded,
        evaluation_seeds,
        held_out,
        seed,
        fitness,
        base,
        base_file,
        scheme,
        target,
    })
}

/// The base model at `path`, checked against the training units' contexts, or why not.
fn read_base_model(path: &Path, units: &[PortfolioUnit]) -> Result<Model, String> {
    let file = ModelFile::read(path).map_err(|e| format!("the base model is refused: {e}"))?;
    let contexts: Vec<&crate::context::TestContext> = units.iter().map(|u| &*u.context).collect();
    file.check(&contexts)
        .map_err(|e| format!("the base model does not fit the training units: {e}"))?;
    Ok(file.model)
}

/// The evaluation experiment at `path` (its default profile's outline: its runs may name
/// the models being tuned), or why it cannot be read.
fn read_evaluation(path: &Path) -> Result<Experiment, String> {
    let source = crate::kernel::file::read_source(path).map_err(|e| e.to_string())?;
    crate::experiment::file::parse_experiment_outline(path, &source)
        .map_err(|e| format!("the evaluation experiment is refused: {e}"))
}

/// The optimiser's settings: the defaults, with the file's values.
fn optimiser(
    decl: Option<&OptimiserDecl>,
    err: &impl Fn(Range<usize>, &str, String) -> FileError,
) -> Result<Settings, FileError> {
    let mut settings = Settings::default();
    let Some(decl) = decl else {
        return Ok(settings);
    };
    // A field's value if `valid` accepts it, else an error at it saying what was expected.
    fn checked<T: Copy + std::fmt::Display, U>(
        value: &Option<Spanned<T>>,
        field: &str,
        expected: &str,
        valid: impl Fn(T) -> Option<U>,
        err: &impl Fn(Range<usize>, &str, String) -> FileError,
    ) -> Result<Option<U>, FileError> {
        value
            .as_ref()
            .map(|v| {
                valid(*v.get_ref()).ok_or_else(|| {
                    let message = format!("expected {expected}, found {}", v.get_ref());
                    err(v.span(), &format!("optimiser.{field}"), message)
                })
            })
            .transpose()
    }
    let count = |at_least: usize| move |v: i64| usize::try_from(v).ok().filter(|&v| v >= at_least);
    if let Some(p) = checked(
        &decl.population,
        "population",
        "at least 4 members",
        count(4),
        err,
    )? {
        settings.population = p;
    }
    if let Some(e) = checked(
        &decl.evaluations,
        "evaluations",
        "a positive count",
        count(1),
        err,
    )? {
        settings.evaluations = e;
    }
    let within = |ok: fn(f64) -> bool| move |v: f64| ok(v).then_some(v);
    if let Some(w) = checked(
        &decl.weight,
        "weight",
        "F in (0, 2]",
        within(|v| v > 0.0 && v <= 2.0),
        err,
    )? {
        settings.weight = w;
    }
    if let Some(c) = checked(
        &decl.crossover,
        "crossover",
        "CR in [0, 1]",
        within(|v| (0.0..=1.0).contains(&v)),
        err,
    )? {
        settings.crossover = c;
    }
    Ok(settings)
}
