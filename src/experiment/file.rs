//! Experiment files (TOML).
//!
//! ```toml
//! name = "arraylist-demo"
//! seed = 2010
//! subjects = ["ArrayList"]          # or "all"
//! oracle = "paper"                  # or "strict"
//! output = "runs/arraylist-demo"    # default: runs/<name> (runs/<name>-<profile>)
//! watchdog = 60                     # seconds a job may not answer before its worker is
//!                                   # killed (default 600; `--watchdog` overrides)
//!
//! [context]                         # a test context without `subject` (see context files)
//! methods = "all"
//! [context.pools]
//! int = { size = 2, init = [0, 100] }
//!
//! [mutants]
//! sample = 100                      # at most N mutants per unit (default: all)
//! seed = 1                          # sampling seed (default: the experiment's seed)
//!
//! [[phase]]
//! name = "equivalence"
//! mutants = "all"                   # or "killed": killed in an earlier phase
//! stop-when-killed = true           # later runs of this phase skip mutants already killed
//!
//! [[phase.run]]
//! strategy = "r"                    # be, r, r-leaf, bobw, bobw-prime
//! n = [10, 100, 1000]               # or a SPEC string: "1..=8", "paper"
//! tests = 1000                      # or "E(r)": E(n) of this phase's r run; or "unlimited"
//! seconds = 60                      # optional time cap per cell
//! until = "first-failure"           # or "budget": run all tests, count the failing ones
//! ```
//!
//! Unknown keys are errors, and every error names the file, line, column and field.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use super::{Experiment, MutantSelection, OracleKind, Phase, Run, SubjectPlan, TestBudget, Until};
use crate::context::file::{FileError, PoolsDecl};
use crate::context::{MethodSelection, TestContext};
use crate::strategy::StrategyKind;
use crate::subject::registry;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExperimentDecl {
    name: Spanned<String>,
    seed: Option<Spanned<u64>>,
    subjects: Spanned<toml::Value>,
    oracle: Option<Spanned<String>>,
    output: Option<Spanned<String>>,
    watchdog: Option<Spanned<toml::Value>>,
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
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MutantsSection {
    sample: Option<Spanned<toml::Value>>,
    seed: Option<Spanned<u64>>,
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
    n: Spanned<toml::Value>,
    tests: Option<Spanned<toml::Value>>,
    seconds: Option<Spanned<toml::Value>>,
    until: Option<Spanned<String>>,
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
/// `{ default = A, full = B }` (allowed for `subjects`, `n`, `tests`, `seconds`,
/// `watchdog` and `mutants.sample`)
/// takes the entry of the profile, else its `default` entry.
pub fn parse_experiment_profile(
    path: &Path,
    source: &str,
    profile: &str,
) -> Result<Experiment, FileError> {
    let decl: ExperimentDecl =
        toml::from_str(source).map_err(|e| FileError::from_toml(path, source, &e))?;
    let err = |span: Range<usize>, field: &str, message: String| {
        FileError::at(path, source, Some(span), Some(field), message)
    };
    let profiles = std::cell::RefCell::new(std::collections::BTreeSet::from([
        DEFAULT_PROFILE.to_string()
    ]));
    // The value of a possibly profiled field.
    let pick =
        |value: &Spanned<toml::Value>, field: &str| -> Result<Spanned<toml::Value>, FileError> {
            match value.get_ref() {
                toml::Value::Table(table) => {
                    profiles.borrow_mut().extend(table.keys().cloned());
                    table
                        .get(profile)
                        .or_else(|| table.get(DEFAULT_PROFILE))
                        .map(|v| Spanned::new(value.span(), v.clone()))
                        .ok_or_else(|| {
                            err(
                                value.span(),
                                field,
                                format!("no value for profile `{profile}` and no `default`"),
                            )
                        })
                }
                _ => Ok(value.clone()),
            }
        };

    let name = decl.name.get_ref().trim().to_string();
    if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
        return Err(err(
            decl.name.span(),
            "name",
            format!("{name:?} is not a usable folder name"),
        ));
    }
    let seed = decl.seed.as_ref().map_or(0, |s| *s.get_ref());

    // Subjects and their contexts.
    let subjects_value = pick(&decl.subjects, "subjects")?;
    let names: Vec<String> = match subjects_value.get_ref() {
        toml::Value::String(s) if s == "all" => {
            registry().units().map(|u| u.class().to_string()).collect()
        }
        toml::Value::Array(items) => items
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| {
                err(
                    subjects_value.span(),
                    "subjects",
                    "expected \"all\" or a list of subject names".into(),
                )
            })?,
        other => {
            return Err(err(
                subjects_value.span(),
                "subjects",
                format!("expected \"all\" or a list of subject names, found {other}"),
            ));
        }
    };
    if names.is_empty() {
        return Err(err(subjects_value.span(), "subjects", "no subjects".into()));
    }
    let selection = match &decl.context.methods {
        None => MethodSelection::All,
        Some(m) => match m.get_ref() {
            toml::Value::String(s) if s == "all" => MethodSelection::All,
            toml::Value::Array(items) => MethodSelection::Signatures(
                items
                    .iter()
                    .map(|v| v.as_str().map(str::to_string))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| {
                        err(
                            m.span(),
                            "context.methods",
                            "expected signature strings".into(),
                        )
                    })?,
            ),
            other => {
                return Err(err(
                    m.span(),
                    "context.methods",
                    format!("expected \"all\" or a list of signatures, found {other}"),
                ));
            }
        },
    };
    let pools = decl.context.pools.resolve(path, source)?;
    let mut subjects = Vec::with_capacity(names.len());
    for subject in &names {
        let unit = registry()
            .find(subject)
            .map_err(|e| err(subjects_value.span(), "subjects", e.to_string()))?;
        let context = TestContext::new(unit, &selection, pools.clone()).map_err(|e| {
            let span = decl
                .context
                .methods
                .as_ref()
                .map_or(subjects_value.span(), |m| m.span());
            err(span, "context", format!("{subject}: {e}"))
        })?;
        subjects.push(SubjectPlan {
            unit,
            context: Arc::new(context),
        });
    }

    let oracle = match decl.oracle.as_ref() {
        None => OracleKind::Paper,
        Some(o) => match o.get_ref().as_str() {
            "paper" => OracleKind::Paper,
            "strict" => OracleKind::Strict,
            other => {
                return Err(err(
                    o.span(),
                    "oracle",
                    format!("unknown oracle {other:?} (expected \"paper\" or \"strict\")"),
                ));
            }
        },
    };
    let (mutant_sample, sample_seed) = match &decl.mutants {
        None => (None, seed),
        Some(m) => {
            let sample = match m
                .sample
                .as_ref()
                .map(|s| pick(s, "mutants.sample"))
                .transpose()?
            {
                None => None,
                Some(s) => match s.get_ref() {
                    toml::Value::Integer(i) if *i >= 1 => Some(*i as usize),
                    other => {
                        return Err(err(
                            s.span(),
                            "mutants.sample",
                            format!("expected a positive integer, found {other}"),
                        ));
                    }
                },
            };
            (sample, m.seed.as_ref().map_or(seed, |s| *s.get_ref()))
        }
    };

    // An optional, possibly profiled, positive number of seconds.
    let seconds_of =
        |value: Option<&Spanned<toml::Value>>, field: &str| -> Result<Option<f64>, FileError> {
            let Some(value) = value.map(|v| pick(v, field)).transpose()? else {
                return Ok(None);
            };
            match value.get_ref() {
                toml::Value::Float(f) if *f > 0.0 && f.is_finite() => Ok(Some(*f)),
                toml::Value::Integer(i) if *i > 0 => Ok(Some(*i as f64)),
                _ => Err(err(
                    value.span(),
                    field,
                    "must be a positive number of seconds".into(),
                )),
            }
        };
    let watchdog = seconds_of(decl.watchdog.as_ref(), "watchdog")?;

    if decl.phase.is_empty() {
        return Err(FileError::at(
            path,
            source,
            None,
            Some("phase"),
            "an experiment needs at least one [[phase]]",
        ));
    }
    let mut phases = Vec::with_capacity(decl.phase.len());
    for (p, phase) in decl.phase.iter().enumerate() {
        let field = |f: &str| format!("phase[{p}].{f}");
        let mutants = match phase.mutants.as_ref() {
            None => MutantSelection::All,
            Some(m) => match m.get_ref().as_str() {
                "all" => MutantSelection::All,
                "killed" if p > 0 => MutantSelection::Killed,
                "killed" => {
                    return Err(err(
                        m.span(),
                        &field("mutants"),
                        "\"killed\" needs an earlier phase".into(),
                    ));
                }
                other => {
                    return Err(err(
                        m.span(),
                        &field("mutants"),
                        format!("expected \"all\" or \"killed\", found {other:?}"),
                    ));
                }
            },
        };
        if phase.run.is_empty() {
            return Err(err(
                phase.name.span(),
                &field("run"),
                "a phase needs at least one [[phase.run]]".into(),
            ));
        }
        let mut runs: Vec<Run> = Vec::with_capacity(phase.run.len());
        for (r, run) in phase.run.iter().enumerate() {
            let field = |f: &str| format!("phase[{p}].run[{r}].{f}");
            let strategy: StrategyKind =
                run.strategy
                    .get_ref()
                    .parse()
                    .map_err(|e: crate::strategy::UnknownStrategy| {
                        err(run.strategy.span(), &field("strategy"), e.to_string())
                    })?;
            let n_value = pick(&run.n, &field("n"))?;
            let lengths: Vec<usize> = match n_value.get_ref() {
                toml::Value::Integer(i) if *i >= 0 => vec![*i as usize],
                toml::Value::String(s) => crate::spec::parse_spec(s)
                    .map_err(|e| err(n_value.span(), &field("n"), e.to_string()))?
                    .into_iter()
                    .map(|v| v as usize)
                    .collect(),
                toml::Value::Array(items) => {
                    let mut v = items
                        .iter()
                        .map(|i| i.as_integer().filter(|&i| i >= 0).map(|i| i as usize))
                        .collect::<Option<Vec<_>>>()
                        .ok_or_else(|| {
                            err(
                                n_value.span(),
                                &field("n"),
                                "expected non-negative integers".into(),
                            )
                        })?;
                    v.sort_unstable();
                    v.dedup();
                    v
                }
                other => {
                    return Err(err(
                        n_value.span(),
                        &field("n"),
                        format!(
                            "expected lengths (a list or a SPEC such as \"1..=8\" or \"paper\"), found {other}"
                        ),
                    ));
                }
            };
            if lengths.is_empty() || lengths.contains(&0) {
                return Err(err(
                    n_value.span(),
                    &field("n"),
                    "lengths must be at least 1".into(),
                ));
            }
            let tests_value = run
                .tests
                .as_ref()
                .map(|t| pick(t, &field("tests")))
                .transpose()?;
            let tests = match tests_value.as_ref() {
                None => TestBudget::Unlimited,
                Some(t) => match t.get_ref() {
                    toml::Value::Integer(i) if *i >= 1 => TestBudget::Fixed(*i as u64),
                    toml::Value::String(s) if s == "unlimited" => TestBudget::Unlimited,
                    toml::Value::String(s) if s.starts_with("E(") && s.ends_with(')') => {
                        let inner = &s[2..s.len() - 1];
                        let kind: StrategyKind =
                            inner
                                .parse()
                                .map_err(|e: crate::strategy::UnknownStrategy| {
                                    err(t.span(), &field("tests"), e.to_string())
                                })?;
                        let earlier = runs.iter().find(|earlier| earlier.strategy == kind);
                        match earlier {
                            Some(earlier)
                                if lengths.iter().all(|n| earlier.lengths.contains(n)) =>
                            {
                                TestBudget::FirstFailureOf(kind)
                            }
                            Some(_) => {
                                return Err(err(
                                    t.span(),
                                    &field("tests"),
                                    format!(
                                        "the earlier {inner} run of this phase does not cover every n of this run"
                                    ),
                                ));
                            }
                            None => {
                                return Err(err(
                                    t.span(),
                                    &field("tests"),
                                    format!(
                                        "E({inner}) needs an earlier {inner} run in the same phase"
                                    ),
                                ));
                            }
                        }
                    }
                    other => {
                        return Err(err(
                            t.span(),
                            &field("tests"),
                            format!(
                                "expected a positive integer, \"unlimited\" or \"E(strategy)\", found {other}"
                            ),
                        ));
                    }
                },
            };
            let seconds = seconds_of(run.seconds.as_ref(), &field("seconds"))?;
            let until = match run.until.as_ref() {
                None => Until::FirstFailure,
                Some(u) => match u.get_ref().as_str() {
                    "first-failure" => Until::FirstFailure,
                    "budget" => Until::Budget,
                    other => {
                        return Err(err(
                            u.span(),
                            &field("until"),
                            format!("expected \"first-failure\" or \"budget\", found {other:?}"),
                        ));
                    }
                },
            };
            let with_replacement =
                matches!(strategy, StrategyKind::Random | StrategyKind::RandomLeaf);
            if tests == TestBudget::Unlimited && seconds.is_none() && with_replacement {
                return Err(err(
                    run.strategy.span(),
                    &field("tests"),
                    format!(
                        "{} draws with replacement: give `tests` or `seconds`",
                        strategy.name()
                    ),
                ));
            }
            runs.push(Run {
                strategy,
                lengths,
                tests,
                seconds,
                until,
            });
        }
        phases.push(Phase {
            name: phase.name.get_ref().clone(),
            mutants,
            stop_when_killed: phase.stop_when_killed.unwrap_or(false),
            runs,
        });
    }
    if !profiles.borrow().contains(profile) {
        let known: Vec<String> = profiles.borrow().iter().cloned().collect();
        return Err(FileError::at(
            path,
            source,
            None,
            Some("(profile)"),
            format!(
                "profile `{profile}` is not used by any value in this file (profiles: {})",
                known.join(", ")
            ),
        ));
    }
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
    Ok(Experiment {
        profile: profile.to_string(),
        name,
        seed,
        subjects,
        mutant_sample,
        sample_seed,
        oracle,
        phases,
        output,
        reference,
        watchdog,
    })
}

/// Reads and parses an experiment file.
pub fn load_experiment(
    path: &Path,
) -> Result<(Experiment, String), crate::context::file::LoadError> {
    let source =
        std::fs::read_to_string(path).map_err(|source| crate::context::file::LoadError::Io {
            path: path.display().to_string(),
            source,
        })?;
    let experiment = parse_experiment(path, &source)?;
    Ok((experiment, source))
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
            TestBudget::FirstFailureOf(StrategyKind::Random)
        );
    }

    fn error_of(source: &str) -> FileError {
        parse_experiment(Path::new("e.toml"), source).unwrap_err()
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
        let e = error_of(&GOOD.replace("seed = 5", "seed = 5\nwatchdog = -1"));
        assert_eq!((e.field.as_str(), e.line), ("watchdog", 4));
        assert!(e.message.contains("positive"), "{e}");
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
}
