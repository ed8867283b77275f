//! The cells against the folder's copy of the experiment file, when it holds one: every
//! cell's phase, run, strategy (or label) and subject are the experiment's.

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::Path;

use super::by_row::{small_counts, texts};
use super::{At, EXPERIMENT, ReportError, TableFile, damaged, io_error};
use crate::runner::output::Manifest;

/// The phases of a recorded experiment file: name, and each run's cell name (its label,
/// else its strategy); and its subjects if it lists them (for the manifest's profile).
struct Outline {
    phases: Vec<(String, Vec<String>)>,
    subjects: Option<BTreeSet<String>>,
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
            names.push(name.to_string());
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
    let outline = outline(&path, &text, &manifest.profile)?;
    let cells = &table.table;
    let text_of = |name: &str| texts(cells, name).expect("required and typed");
    let (phase, strategy, subject) = (text_of("phase"), text_of("strategy"), text_of("subject"));
    let run = small_counts(cells, "run").expect("required and typed");
    let listed = |names: &[String]| {
        names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
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
        let Some(expected) = runs.get(r) else {
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
        let strategy_value = strategy.get(row).unwrap_or_default();
        if strategy_value != expected {
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
    use crate::report::folder::test_folders::{refused, with_field};

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
