//! The cells against the folder's copy of the experiment file, when it holds one: the copy
//! is the file the manifest's `experiment_sha256` names and knows the manifest's profile;
//! every cell's phase, run, strategy (or label), subject and `n` are the experiment's; and
//! its mutant one the experiment could have run: gold (0) only with `[mutants] gold = true`,
//! no more distinct mutants per subject than `[mutants] sample` (for the manifest's profile)
//! where it is set, and — where the manifest names this very build (crate version and
//! commit) and the subject is one of its units — an id of the unit's compiled catalog.

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
    /// `[mutants] gold`.
    gold: bool,
    /// `[mutants] sample` for the profile, if set and read.
    sample: Option<u64>,
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
    let mutants = table.get("mutants");
    let gold = mutants
        .and_then(|m| m.get("gold"))
        .and_then(toml::Value::as_bool)
        .unwrap_or(false);
    let sample = mutants
        .and_then(|m| m.get("sample"))
        .and_then(|s| pick(s, profile))
        .and_then(toml::Value::as_integer)
        .and_then(|i| u64::try_from(i).ok());
    Ok(Outline {
        phases: outline,
        subjects,
        profiles,
        gold,
        sample,
    })
}

/// The mutant ids a subject's cells may hold, when they can be told: the compiled catalog
/// of the unit of that name, where the folder was written by this build.
pub(crate) type Catalogs<'a> = &'a dyn Fn(&str) -> Option<BTreeSet<u64>>;

/// [`Catalogs`], owned.
pub(crate) type OwnedCatalogs = Box<dyn Fn(&str) -> Option<BTreeSet<u64>>>;

/// The catalogs of this build's registered units, if `manifest` names this build: its
/// crate version, and a commit equal to the one `current` gives (asked only when the
/// versions agree); else none.
pub(crate) fn catalogs_of_this_build(
    manifest: &Manifest,
    current: impl FnOnce() -> crate::runner::output::Version,
) -> OwnedCatalogs {
    let same = manifest.crate_version == env!("CARGO_PKG_VERSION")
        && manifest.git_commit.is_some()
        && manifest.git_commit == current().git_commit;
    Box::new(move |subject: &str| {
        if !same {
            return None;
        }
        let unit = crate::subject::registry().find(subject).ok()?;
        Some(unit.mutants().iter().map(|m| u64::from(m.id)).collect())
    })
}

/// Every cell's mutant is one the experiment could have run (see the module).
fn check_mutants(
    table: &TableFile,
    outline: &Outline,
    path: &Path,
    catalogs: Catalogs<'_>,
) -> Result<(), ReportError> {
    let cells = &table.table;
    let subject = texts(cells, "subject").expect("required and typed");
    let mutant = small_counts(cells, "mutant").expect("required and typed");
    let mut seen: std::collections::BTreeMap<&str, BTreeSet<u64>> = Default::default();
    let mut known: std::collections::BTreeMap<&str, Option<BTreeSet<u64>>> = Default::default();
    for row in 0..cells.height() {
        let (id, unit) = (
            u64::from(mutant.get(row).unwrap_or_default()),
            subject.get(row).unwrap_or_default(),
        );
        if id == 0 {
            if !outline.gold {
                return Err(table.error(
                    row,
                    "mutant",
                    format!(
                        "0 is gold, a target only where the experiment says `[mutants] gold = \
                         true`, and {} does not",
                        path.display()
                    ),
                ));
            }
            continue;
        }
        let catalog = known.entry(unit).or_insert_with(|| catalogs(unit));
        if let Some(catalog) = catalog
            && !catalog.contains(&id)
        {
            return Err(table.error(
                row,
                "mutant",
                format!(
                    "{id} is not a mutant of `{unit}` in this build's catalog ({} mutants), \
                     which wrote the folder",
                    catalog.len()
                ),
            ));
        }
        let ids = seen.entry(unit).or_default();
        ids.insert(id);
        if let Some(sample) = outline.sample
            && ids.len() as u64 > sample
        {
            return Err(table.error(
                row,
                "mutant",
                format!(
                    "{id} is the {}th distinct mutant of `{unit}`, but {} samples at most \
                     {sample} per unit (`[mutants] sample`)",
                    ids.len(),
                    path.display()
                ),
            ));
        }
    }
    Ok(())
}

/// Every cell's phase, run, strategy and subject are the recorded experiment's, when the
/// folder holds it.
pub(crate) fn check_against_experiment(
    directory: &Path,
    table: &TableFile,
    manifest: &Manifest,
    catalogs: Catalogs<'_>,
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
    check_mutants(table, &outline, &path, catalogs)
}

#[cfg(test)]
mod tests {
    use crate::report::folder::test_folders::{folder, refused, register_csv, with_field};
    use crate::report::folder::{CSV, EXPERIMENT, MANIFEST, open, open_with};
    use crate::runner::output::{Manifest, Version};

    /// A copy of the register folder whose experiment file gets `[mutants]` `section`, its
    /// manifest naming the new file's SHA-256.
    fn with_mutants_section(csv: &str, section: &str) -> tempfile::TempDir {
        let dir = folder(csv, str::to_string);
        let copy = dir.path().join(EXPERIMENT);
        let old = std::fs::read_to_string(&copy).unwrap();
        let new = old.replacen(
            "\n[[phase]]",
            &format!("\n[mutants]\n{section}\n\n[[phase]]"),
            1,
        );
        std::fs::write(&copy, &new).unwrap();
        let manifest = dir.path().join(MANIFEST);
        let sha = |t: &str| crate::runner::output::sha256_hex(t.as_bytes());
        let text = std::fs::read_to_string(&manifest).unwrap();
        std::fs::write(&manifest, text.replace(&sha(&old), &sha(&new))).unwrap();
        dir
    }

    /// The message of opening `dir`, without its folder's path.
    fn message_of(dir: &tempfile::TempDir) -> String {
        let message = open(dir.path()).unwrap_err().to_string();
        let prefix = format!("{}, ", dir.path().join(CSV).display());
        message
            .strip_prefix(&prefix)
            .unwrap_or(&message)
            .to_string()
    }

    #[test]
    fn gold_as_a_target_is_refused_unless_the_experiment_makes_it_one() {
        let csv = with_field(3, "mutant", "0");
        let message = refused(&csv);
        assert!(
            message.starts_with("line 3, column `mutant`: 0 is gold, a target only where")
                && message.ends_with("experiment.toml does not"),
            "{message}"
        );
        // With `gold = true` the same table reads.
        let dir = with_mutants_section(&csv, "gold = true");
        open(dir.path()).unwrap();
    }

    #[test]
    fn more_mutants_of_a_subject_than_the_sample_are_refused() {
        // The register run's five mutants, against a sample of four and of five.
        let dir = with_mutants_section(&register_csv(), "sample = 4");
        let message = message_of(&dir);
        assert!(
            message.starts_with(
                "line 10, column `mutant`: 5 is the 5th distinct mutant of `Register`"
            ) && message.ends_with("samples at most 4 per unit (`[mutants] sample`)"),
            "{message}"
        );
        let dir = with_mutants_section(&register_csv(), "sample = { default = 5, smoke = 2 }");
        open(dir.path()).unwrap();
    }

    #[test]
    fn a_mutant_outside_the_catalog_of_the_build_that_wrote_the_folder_is_refused() {
        let dir = folder(&register_csv(), str::to_string);
        // This build's catalog of Register, as a test gives it: mutants 1 to 4.
        let catalogs = |_: &Manifest| -> super::OwnedCatalogs {
            Box::new(|unit: &str| (unit == "Register").then(|| (1..=4).collect()))
        };
        let message = open_with(dir.path(), &catalogs).unwrap_err().to_string();
        assert!(
            message.contains(", line 10, column `mutant`: 5 is not a mutant of `Register` in this build's catalog (4 mutants)"),
            "{message}"
        );
        // Another unit, or none of this build: nothing to check against.
        let none = |_: &Manifest| -> super::OwnedCatalogs { Box::new(|_: &str| None) };
        open_with(dir.path(), &none).unwrap();
    }

    #[test]
    fn only_a_folder_of_this_very_build_is_checked_against_its_catalogs() {
        let manifest: Manifest = serde_json::from_str(
            &std::fs::read_to_string(
                std::path::Path::new(crate::report::folder::test_folders::REGISTER).join(MANIFEST),
            )
            .unwrap(),
        )
        .unwrap();
        let build = |commit: &str| {
            let commit = commit.to_string();
            move || Version {
                crate_version: env!("CARGO_PKG_VERSION").to_string(),
                git_commit: Some(commit),
            }
        };
        let recorded = manifest.git_commit.clone().unwrap();
        let this = super::catalogs_of_this_build(&manifest, build(&recorded));
        let array_list = crate::subject::registry().find("ArrayList").unwrap();
        assert_eq!(this("ArrayList").unwrap().len(), array_list.mutants().len());
        assert_eq!(this("NoSuchUnit"), None);
        let other = super::catalogs_of_this_build(&manifest, build("0123"));
        assert_eq!(other("ArrayList"), None);
        let mut older = manifest.clone();
        older.crate_version = "0.0.1".to_string();
        let asked = std::cell::Cell::new(false);
        let older = super::catalogs_of_this_build(&older, || {
            asked.set(true);
            build(&recorded)()
        });
        assert_eq!(older("ArrayList"), None);
        assert!(!asked.get(), "git is not asked for another version");
    }

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
