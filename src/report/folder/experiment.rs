//! The cells against the folder's copy of the experiment file, when it holds one: the copy
//! is the file the manifest's `experiment_sha256` names and knows the manifest's profile;
//! every cell's phase, run, strategy (or label), subject and `n` are the experiment's.

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::Path;

use super::by_row::{counts, small_counts, texts};
use super::{At, EXPERIMENT, ReportError, TableFile, damaged, io_error};
use crate::runner::output::Manifest;

/// The phases of a recorded experiment file: name, and each run's cell name (its label,
/// else its strategy) with its lengths (`None`: it names none, or not in a form read
/// here); its subjects if it lists them (for the manifest's profile); the profiles its
/// values name.
struct Outline {
    phases: Vec<(String, Vec<RunOutline>)>,
    subjects: Option<BTreeSet<String>>,
    profiles: BTreeSet<String>,
}

/// A run's cell name and its lengths, if read.
type RunOutline = (String, Option<BTreeSet<u64>>);

/// The profiled fields of an experiment file, at its top and in a run (as the parser
/// reads them: `experiment::file`).
const PROFILED: [&str; 4] = ["max-guarded-tests", "replicates", "subjects", "watchdog"];
const RUN_PROFILED: [&str; 5] = ["cost", "subjects", "tests", "n", "seconds"];

/// The profiles a value names (a table's keys), added to `profiles`.
fn profiles_of(value: Option<&toml::Value>, profiles: &mut BTreeSet<String>) {
    if let Some(toml::Value::Table(by_profile)) = value {
        profiles.extend(by_profile.keys().cloned());
    }
}

/// The value of `profile` of a possibly profiled value (else its `default`).
fn pick<'v>(value: &'v toml::Value, profile: &str) -> Option<&'v toml::Value> {
    match value {
        toml::Value::Table(by_profile) => by_profile
            .get(profile)
            .or_else(|| by_profile.get(crate::experiment::file::DEFAULT_PROFILE)),
        other => Some(other),
    }
}

/// A run's lengths from its `n` (one length, a list or a SPEC), for `profile`.
fn lengths(n: &toml::Value, profile: &str) -> Option<BTreeSet<u64>> {
    match pick(n, profile)? {
        toml::Value::Integer(i) => Some(BTreeSet::from([u64::try_from(*i).ok()?])),
        toml::Value::String(spec) => crate::spec::parse_spec(spec).ok().map(BTreeSet::from_iter),
        toml::Value::Array(items) => items
            .iter()
            .map(|i| i.as_integer().and_then(|i| u64::try_from(i).ok()))
            .collect(),
        _ => None,
    }
}

/// The outline of the experiment file `text` (at `path`), its subjects those of the
/// manifest's `profile`.
fn outline(path: &Path, text: &str, profile: &str) -> Result<Outline, ReportError> {
    let table: toml::Table = toml::from_str(text).map_err(|e| {
        let line = e
            .span()
            .map(|span| text[..span.start.min(text.len())].matches('\n').count() + 1);
        damaged(
            path,
            line.map(At::Line),
            None,
            format!("not valid TOML: {}", e.message()),
        )
    })?;
    let wrong = |reason: String| damaged(path, None, None, reason);
    let phases = table
        .get("phase")
        .and_then(toml::Value::as_array)
        .ok_or_else(|| wrong("it has no [[phase]]".into()))?;
    let mut outline = Vec::with_capacity(phases.len());
    let mut profiles = BTreeSet::from([crate::experiment::file::DEFAULT_PROFILE.to_string()]);
    for field in PROFILED {
        profiles_of(table.get(field), &mut profiles);
    }
    profiles_of(
        table.get("mutants").and_then(|m| m.get("sample")),
        &mut profiles,
    );
    for (p, phase) in phases.iter().enumerate() {
        let name = phase
            .get("name")
            .and_then(toml::Value::as_str)
            .ok_or_else(|| wrong(format!("phase[{p}] has no name")))?;
        let runs = phase
            .get("run")
            .and_then(toml::Value::as_array)
            .ok_or_else(|| wrong(format!("phase[{p}] has no [[phase.run]]")))?;
        let mut names = Vec::with_capacity(runs.len());
        for (r, run) in runs.iter().enumerate() {
            let name = run
                .get("label")
                .or_else(|| run.get("strategy"))
                .and_then(toml::Value::as_str)
                .ok_or_else(|| wrong(format!("phase[{p}].run[{r}] has no strategy")))?;
            for field in RUN_PROFILED {
                profiles_of(run.get(field), &mut profiles);
            }
            let n = run.get("n").and_then(|n| lengths(n, profile));
            names.push((name.to_string(), n));
        }
        outline.push((name.to_string(), names));
    }
    // `subjects`: "all", a list, or a table by profile of either.
    let mut subjects = table.get("subjects");
    if let Some(toml::Value::Table(by_profile)) = subjects {
        subjects = by_profile
            .get(profile)
            .or_else(|| by_profile.get("default"));
    }
    let subjects = subjects.and_then(toml::Value::as_array).map(|list| {
        list.iter()
            .filter_map(toml::Value::as_str)
            .map(str::to_string)
            .collect()
    });
    Ok(Outline {
        phases: outline,
        subjects,
        profiles,
    })
}

/// Every cell's phase, run, strategy and subject are the recorded experiment's, when the
/// folder holds it.
pub(crate) fn check_against_experiment(
    directory: &Path,
    table: &TableFile,
    manifest: &Manifest,
) -> Result<(), ReportError> {
    let path = directory.join(EXPERIMENT);
    let text = match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(io_error("read", &path)(e)),
    };
    let listed = |names: &[String]| {
        names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let sha256 = crate::runner::output::sha256_hex(text.as_bytes());
    if sha256 != manifest.experiment_sha256 {
        return Err(damaged(
            &path,
            None,
            None,
            format!(
                "its SHA-256 is {sha256}, not the manifest's `experiment_sha256` {}: it is not \
                 the experiment file the run read",
                manifest.experiment_sha256
            ),
        ));
    }
    let outline = outline(&path, &text, &manifest.profile)?;
    if !outline.profiles.contains(&manifest.profile) {
        let known: Vec<String> = outline.profiles.iter().cloned().collect();
        return Err(damaged(
            &directory.join(super::MANIFEST),
            None,
            None,
            format!(
                "`profile` is `{}`, a profile {} does not name ({})",
                manifest.profile,
                path.display(),
                listed(&known)
            ),
        ));
    }
    let cells = &table.table;
    let text_of = |name: &str| texts(cells, name).expect("required and typed");
    let (phase, strategy, subject) = (text_of("phase"), text_of("strategy"), text_of("subject"));
    let run = small_counts(cells, "run").expect("required and typed");
    let n = counts(cells, "n").expect("required and typed");
    let phase_names: Vec<String> = outline.phases.iter().map(|p| p.0.clone()).collect();
    for row in 0..cells.height() {
        let phase_value = phase.get(row).unwrap_or_default();
        let Some((_, runs)) = outline.phases.iter().find(|p| p.0 == phase_value) else {
            return Err(table.error(
                row,
                "phase",
                format!(
                    "`{phase_value}` is not a phase of {} ({})",
                    path.display(),
                    listed(&phase_names)
                ),
            ));
        };
        let r = run.get(row).unwrap_or_default() as usize;
        let Some((expected, lengths)) = runs.get(r) else {
            return Err(table.error(
                row,
                "run",
                format!(
                    "phase `{phase_value}` of {} has {} run{}, no run {r}",
                    path.display(),
                    runs.len(),
                    if runs.len() == 1 { "" } else { "s" }
                ),
            ));
        };
        let n_value = n.get(row).unwrap_or_default();
        if let Some(lengths) = lengths
            && !lengths.contains(&n_value)
        {
            return Err(table.error(
                row,
                "n",
                format!(
                    "{n_value} is not a length of run {r} of phase `{phase_value}` in {}",
                    path.display()
                ),
            ));
        }
        let strategy_value = strategy.get(row).unwrap_or_default();
        if strategy_value != *expected {
            return Err(table.error(
                row,
                "strategy",
                format!(
                    "`{strategy_value}` is not run {r} of phase `{phase_value}` in {} (`{expected}`)",
                    path.display()
                ),
            ));
        }
        let subject_value = subject.get(row).unwrap_or_default();
        if let Some(subjects) = &outline.subjects
            && !subjects.contains(subject_value)
        {
            return Err(table.error(
                row,
                "subject",
                format!(
                    "`{subject_value}` is not a subject of {} ({})",
                    path.display(),
                    listed(&subjects.iter().cloned().collect::<Vec<_>>())
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::report::folder::test_folders::{folder, refused, register_csv, with_field};
    use crate::report::folder::{EXPERIMENT, open};

    #[test]
    fn a_length_the_run_never_ran_is_refused() {
        let message = refused(&with_field(2, "n", "5"));
        assert!(
            message.starts_with("line 2, column `n`: 5 is not a length of run 0 of phase")
                && message.ends_with("experiment.toml"),
            "{message}"
        );
    }

    #[test]
    fn an_experiment_copy_the_manifest_does_not_name_or_an_unknown_profile_is_refused() {
        let dir = folder(&register_csv(), str::to_string);
        let copy = dir.path().join(EXPERIMENT);
        let text = std::fs::read_to_string(&copy).unwrap();
        std::fs::write(&copy, text.replace("seed = 7", "seed = 8")).unwrap();
        let message = open(dir.path()).unwrap_err().to_string();
        assert!(
            message.contains("experiment.toml: its SHA-256 is")
                && message.contains("not the manifest's `experiment_sha256`"),
            "{message}"
        );
        let dir = folder(&register_csv(), |m| {
            m.replace("\"profile\": \"default\"", "\"profile\": \"bogus\"")
        });
        let message = open(dir.path()).unwrap_err().to_string();
        assert!(
            message.contains("manifest.json: `profile` is `bogus`, a profile")
                && message.ends_with("does not name (`default`)"),
            "{message}"
        );
    }

    #[test]
    fn cells_outside_the_recorded_experiment_are_refused() {
        let message = refused(&with_field(2, "phase", "equivalenc"));
        assert!(
            message.starts_with("line 2, column `phase`: `equivalenc` is not a phase of ")
                && message.ends_with("experiment.toml (`equivalence`, `comparison`)"),
            "{message}"
        );
        let message = refused(&with_field(2, "strategy", "be"));
        assert!(
            message
                .starts_with("line 2, column `strategy`: `be` is not run 0 of phase `equivalence`")
                && message.ends_with("(`r`)"),
            "{message}"
        );
        let message = refused(&with_field(2, "run", "7"));
        assert!(message.ends_with("has 2 runs, no run 7"), "{message}");
        let message = refused(&with_field(2, "subject", "Registers"));
        assert!(message.ends_with("(`Register`)"), "{message}");
    }
}
