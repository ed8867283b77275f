//! What a run writes: the result tables, the manifest and the summary.
//!
//! The output folder (`runs/<experiment>/` by default; committed reference runs live in
//! `results/<experiment>/` and hold [`REFERENCE_MARKER`], which keeps every writer out):
//!
//! | file | content |
//! |---|---|
//! | `cells.csv`, `cells.parquet` | one row per cell; the columns are [`CellRecord`]'s fields |
//! | `manifest.json` | experiment file, its SHA-256, seed, crate version, git commit, start and end time, machine, the walk runs' parameter values (a `choice` model's contents) |
//! | `experiment.toml` | a copy of the experiment file, for `show-test` and for the record |
//! | `journal.jsonl` | one JSON line per finished cell, appended as cells finish; `--resume` reads it |
//! | `run.lock` | while a run writes into the folder ([`super::lock`]) |
//! | `suites/` | the files generated and structure runs read ([`SUITES_FOLDER`]) |
//!
//! Every file appears whole: the tables, the manifest and the experiment's copy are staged
//! under hidden names and renamed into place together ([`StagedFiles`]), a suite file is
//! written beside its place and renamed ([`write_atomically`]).

use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead as _, BufReader, BufWriter, Write as _};
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::cell::CellRecord;
use crate::experiment::Experiment;
use crate::strategy::Strategy;
use crate::table::{Column, StagedFiles, Table, write_csv_file, write_parquet_file};

/// The file that marks a folder as a committed reference run: `run`, `reproduce` and
/// `plot` refuse to write into a folder that holds it.
pub const REFERENCE_MARKER: &str = "REFERENCE.md";

/// Fails if `folder` is a committed reference run (holds [`REFERENCE_MARKER`]).
pub fn refuse_reference(folder: &Path) -> anyhow::Result<()> {
    if folder.join(REFERENCE_MARKER).exists() {
        anyhow::bail!(
            "{} is a committed reference run (it holds {REFERENCE_MARKER}) and is never written \
             into: write elsewhere with --out DIR (compare with `testspace diff DIR {}`)",
            folder.display(),
            folder.display()
        );
    }
    Ok(())
}

/// `manifest.json`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Manifest {
    /// The experiment's name.
    pub experiment: String,
    /// The experiment file as given.
    pub experiment_file: String,
    /// SHA-256 of the experiment file, hex.
    pub experiment_sha256: String,
    /// The experiment's seed (replicate 0's strategy seed).
    pub seed: u64,
    /// Replicates of the experiment.
    #[serde(default = "one")]
    pub replicates: u32,
    /// The oracle.
    pub oracle: String,
    /// The experiment file's profile.
    #[serde(default = "default_profile")]
    pub profile: String,
    /// testspace's version.
    pub crate_version: String,
    /// `git rev-parse HEAD` where the run started, if available.
    pub git_commit: Option<String>,
    /// Start of the (first) run, UTC, RFC 3339.
    pub started: String,
    /// End of the run, UTC, RFC 3339 (`null` while running).
    pub finished: Option<String>,
    /// Worker processes.
    pub jobs: usize,
    /// The shard of the experiment this run holds (`None`: all of it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<super::shard::Shard>,
    /// The machine.
    pub machine: Machine,
    /// The parameter values of every walk run that sets any, by `phase[i].run[j]`, as read
    /// (a `choice` model's contents included), so that the folder describes its runs.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub walk_parameters: BTreeMap<String, serde_json::Value>,
    /// The cells of the tables written with this manifest, so that a reader can tell a
    /// table that lost rows (`None`: while the run runs, and in folders written before the
    /// count was recorded). [`write_tables`] sets it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cells: Option<u64>,
    /// The versions of testspace that ran earlier parts of the run, when it was resumed
    /// across versions (`run --resume --resume-other-version`); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub earlier_versions: Vec<Version>,
}

/// A version of testspace: its crate version and the commit it was built from.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Version {
    /// testspace's version.
    pub crate_version: String,
    /// `git rev-parse HEAD` where it ran, if available.
    pub git_commit: Option<String>,
}

impl Version {
    /// This testspace's version, at the commit `git rev-parse HEAD` gives here.
    pub fn current() -> Version {
        let git_commit = std::process::Command::new("git")
            .args(["rev-parse", "HEAD"])
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
        Version {
            crate_version: env!("CARGO_PKG_VERSION").to_string(),
            git_commit,
        }
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let commit = self.git_commit.as_deref().unwrap_or("unknown");
        write!(f, "testspace {} at commit {commit}", self.crate_version)
    }
}

/// Where a run ran.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Machine {
    /// Host name.
    pub hostname: String,
    /// Operating system.
    pub os: String,
    /// CPU architecture.
    pub arch: String,
    /// Logical CPUs available.
    pub cpus: usize,
}

/// The parameter values of `experiment`'s walk runs that set any, by `phase[i].run[j]`.
pub(crate) fn walk_parameters(experiment: &Experiment) -> BTreeMap<String, serde_json::Value> {
    let mut values = BTreeMap::new();
    for (p, phase) in experiment.phases.iter().enumerate() {
        for (r, run) in phase.runs.iter().enumerate() {
            let Strategy::Walk(walk) = &run.strategy else {
                continue;
            };
            if walk.params.is_default() {
                continue;
            }
            let json = serde_json::from_str(walk.params.as_json()).expect("canonical JSON");
            values.insert(format!("phase[{p}].run[{r}]"), json);
        }
    }
    values
}

impl Manifest {
    /// The version of testspace that wrote this manifest.
    pub fn version(&self) -> Version {
        Version {
            crate_version: self.crate_version.clone(),
            git_commit: self.git_commit.clone(),
        }
    }

    /// The manifest of a run of `experiment` from the file `path` with text `source`.
    pub fn new(
        path: &Path,
        source: &str,
        experiment: &Experiment,
        jobs: usize,
        started: &str,
        finished: Option<String>,
    ) -> Self {
        let Version {
            crate_version,
            git_commit,
        } = Version::current();
        Manifest {
            experiment: experiment.name.clone(),
            experiment_file: path.display().to_string(),
            experiment_sha256: sha256_hex(source.as_bytes()),
            seed: experiment.seed,
            replicates: experiment.replicates,
            oracle: experiment.oracle.name().to_string(),
            profile: experiment.profile.clone(),
            crate_version,
            git_commit,
            started: started.to_string(),
            finished,
            jobs,
            shard: None,
            walk_parameters: walk_parameters(experiment),
            cells: None,
            earlier_versions: Vec::new(),
            machine: Machine {
                hostname: fs::read_to_string("/etc/hostname")
                    .map(|h| h.trim().to_string())
                    .unwrap_or_default(),
                os: std::env::consts::OS.to_string(),
                arch: std::env::consts::ARCH.to_string(),
                cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
            },
        }
    }
}

fn one() -> u32 {
    1
}

fn default_profile() -> String {
    crate::experiment::file::DEFAULT_PROFILE.to_string()
}

/// SHA-256 of `bytes`, lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

pub use crate::kernel::time::utc_timestamp;

/// Reads `manifest.json` from a results folder.
///
/// # Errors
/// Naming the file: it cannot be read, or is not a manifest.
pub fn read_manifest(output: &Path) -> anyhow::Result<Manifest> {
    let path = output.join("manifest.json");
    let text =
        fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    parse_manifest(&text).with_context(|| format!("{} is not a testspace manifest", path.display()))
}

/// A manifest from its JSON text.
///
/// # Errors
/// serde's, locating the problem by line and column.
pub fn parse_manifest(text: &str) -> Result<Manifest, serde_json::Error> {
    serde_json::from_str(text)
}

/// `manifest` as the text of `manifest.json`.
fn manifest_text(manifest: &Manifest) -> anyhow::Result<String> {
    Ok(serde_json::to_string_pretty(manifest)? + "\n")
}

/// Writes `manifest.json` (atomically).
///
/// # Errors
/// Naming the file or folder that could not be written.
pub fn write_manifest(output: &Path, manifest: &Manifest) -> anyhow::Result<()> {
    let mut staged = StagedFiles::new(output)?;
    staged.write("manifest.json", manifest_text(manifest)?)?;
    staged.commit()?;
    Ok(())
}

/// The cells as a table, one column per [`CellRecord`] field (except `phase_index`), in
/// row order.
pub fn cells_table(cells: &[CellRecord]) -> Table {
    macro_rules! column {
        ($name:literal, $field:ident) => {
            Column::new(
                $name,
                cells.iter().map(|c| c.$field.clone()).collect::<Vec<_>>(),
            )
        };
    }
    let mut columns = vec![
        column!("phase", phase),
        Column::new(
            "run",
            cells.iter().map(|c| c.run as u32).collect::<Vec<_>>(),
        ),
        column!("replicate", replicate),
        column!("seed", seed),
        column!("subject", subject),
        column!("mutant", mutant),
        column!("operator", operator),
        column!("strategy", strategy),
        column!("n", n),
        column!("test_budget", test_budget),
        column!("tests_run", tests_run),
        column!("failing_tests", failing_tests),
        column!("guarded_tests", guarded_tests),
        column!("abandoned_tests", abandoned_tests),
        column!("first_failure", first_failure),
        column!("first_failure_index", first_failure_index),
        column!("method_calls", method_calls),
        column!("cpu_seconds", cpu_seconds),
        column!("first_failure_cpu_seconds", first_failure_cpu_seconds),
        column!("outcome", outcome),
        column!("stop", stop),
        column!("branches_total", branches_total),
        column!("branches_covered", branches_covered),
    ];
    for (i, name) in crate::coverage::curve::CHECKPOINT_COLUMNS
        .iter()
        .enumerate()
    {
        columns.push(Column::new(
            *name,
            cells.iter().map(|c| c.branches_at[i]).collect::<Vec<_>>(),
        ));
    }
    // Only runs with a crash have the column of their causes.
    if cells.iter().any(|c| c.crash_cause.is_some()) {
        columns.push(column!("crash_cause", crash_cause));
    }
    // Only experiments that ask for it (`coverage-area`) have the column.
    if cells.iter().any(|c| c.branches_area.is_some()) {
        columns.push(Column::new(
            "branches_area",
            cells.iter().map(|c| c.branches_area).collect::<Vec<_>>(),
        ));
    }
    Table::new(columns)
}

/// Writes `cells.csv`, `cells.parquet` and the final `manifest.json` together (all three
/// appear, or none does), the manifest recording how many cells the tables hold.
///
/// # Errors
/// Naming the file or folder that could not be written and the operation that failed.
pub fn write_tables(
    output: &Path,
    cells: &[CellRecord],
    manifest: &Manifest,
) -> anyhow::Result<()> {
    let table = cells_table(cells);
    let manifest = Manifest {
        cells: Some(cells.len() as u64),
        ..manifest.clone()
    };
    let mut staged = StagedFiles::new(output)?;
    write_csv_file(&table, &staged.stage("cells.csv"))?;
    write_parquet_file(&table, &staged.stage("cells.parquet"))?;
    staged.write("manifest.json", manifest_text(&manifest)?)?;
    staged.commit()?;
    Ok(())
}

/// The folder of the suite files in an output folder.
pub const SUITES_FOLDER: &str = "suites";

/// Where [`write_atomically`] writes the file `path` before renaming it into place: beside
/// it, its name with `.partial` appended.
pub fn partial_file(path: &Path) -> PathBuf {
    let mut name = path.file_name().expect("a file has a name").to_os_string();
    name.push(".partial");
    path.with_file_name(name)
}

/// Writes a file at `path` through `write`, atomically: into [`partial_file`], synced, then
/// renamed into place (its folder created first).
///
/// # Errors
/// Naming the folder or the file that could not be written.
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<fs::File>) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    let folder = path.parent().expect("suite files are in a folder");
    fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
    let temporary = partial_file(path);
    let attempt = || -> std::io::Result<()> {
        let mut out = BufWriter::new(fs::File::create(&temporary)?);
        write(&mut out)?;
        out.flush()?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        fs::rename(&temporary, path)
    };
    attempt().with_context(|| format!("cannot write {}", path.display()))
}

/// The first line of the file at `path` read as JSON of `T` (`what` names the kind of
/// file in the error), `None` if there is no file: the header of a suite file.
///
/// # Errors
/// A file that cannot be read, or a first line that is not a `T`.
pub fn read_header_line<T: serde::de::DeserializeOwned>(
    path: &Path,
    what: &str,
) -> anyhow::Result<Option<T>> {
    let file = match fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let mut first = String::new();
    BufReader::new(file)
        .read_line(&mut first)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let header =
        serde_json::from_str(&first).with_context(|| format!("{}: not {what}", path.display()))?;
    Ok(Some(header))
}

/// Writes the experiment's text as `experiment.toml` into `output`, atomically.
pub(super) fn write_experiment_copy(output: &Path, source: &str) -> anyhow::Result<()> {
    let target = output.join("experiment.toml");
    let mut staged = StagedFiles::new(output)?;
    let temporary = staged.stage("experiment.toml");
    fs::write(&temporary, source).with_context(|| format!("cannot write {}", target.display()))?;
    staged.commit()?;
    Ok(())
}

/// Removes the temporary files of table writes that an earlier process left in `output`
/// when it died (hidden, named `.NAME.partial-PID.EXT`); the caller holds the folder's lock,
/// so no other process is writing them.
pub(super) fn remove_partial_files(output: &Path) -> anyhow::Result<()> {
    let entries =
        fs::read_dir(output).with_context(|| format!("cannot list {}", output.display()))?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with('.') && name.contains(".partial-") {
            let path = entry.path();
            fs::remove_file(&path)
                .with_context(|| format!("cannot remove the leftover {}", path.display()))?;
        }
    }
    Ok(())
}

/// A duration for people: `12.3 s` under a minute, else as [`clock`].
pub fn seconds(seconds: f64) -> String {
    if seconds < 59.95 {
        format!("{seconds:.1} s")
    } else {
        clock(seconds)
    }
}

/// Seconds as `M:SS` or `H:MM:SS`.
pub fn clock(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    let (h, m, s) = (s / 3600, s % 3600 / 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The end-of-run summary: per phase, mutants killed by strategy and n (cells and kills
/// summed over the replicates).
pub fn summary(cells: &[CellRecord]) -> String {
    use std::collections::BTreeMap;
    use std::fmt::Write as _;
    let mut out = String::new();
    /// (phase index, phase, run, strategy, n) → (cells, killed, timeouts and crashes).
    type Tally = BTreeMap<(usize, String, usize, String, u64), (u64, u64, u64)>;
    let mut by = Tally::new();
    for c in cells {
        let e = by
            .entry((
                c.phase_index,
                c.phase.clone(),
                c.run,
                c.strategy.clone(),
                c.n,
            ))
            .or_default();
        e.0 += 1;
        e.1 += u64::from(c.outcome == "killed");
        e.2 += u64::from(c.outcome == "timeout" || c.outcome == "crash");
    }
    let replicates = cells.iter().map(|c| c.replicate + 1).max().unwrap_or(1);
    if replicates > 1 {
        let _ = writeln!(
            out,
            "cells and kills summed over {replicates} replicates (testspace compare gives \
             the statistics)"
        );
    }
    // Wide enough for the longest strategy or label.
    let width = by.keys().map(|k| k.3.len()).max().unwrap_or(0).max(11);
    let _ = writeln!(
        out,
        "{:<16} {:<width$} {:>6} {:>7} {:>7} {:>16}",
        "phase", "strategy", "n", "cells", "killed", "timeout/crash"
    );
    for ((_, phase, _, strategy, n), (total, killed, lost)) in by {
        let _ = writeln!(
            out,
            "{phase:<16} {strategy:<width$} {n:>6} {total:>7} {killed:>7} {lost:>16}"
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_rfc3339_utc() {
        let t = utc_timestamp();
        assert_eq!(t.len(), 20, "{t}");
        assert!(t.ends_with('Z') && t.as_bytes()[10] == b'T', "{t}");
        assert!(t.starts_with("20"), "{t}");
    }

    #[test]
    fn durations_read_as_clocks_or_seconds() {
        assert_eq!(clock(3723.4), "1:02:03");
        assert_eq!(seconds(12.34), "12.3 s");
        assert_eq!(seconds(75.0), "1:15");
    }

    #[test]
    fn the_tables_and_their_manifest_appear_together_and_count_the_cells() {
        let cell = CellRecord {
            replicate: 0,
            seed: 7,
            phase_index: 0,
            phase: "comparison".into(),
            run: 0,
            subject: "Register".into(),
            mutant: 1,
            operator: "replace-constant".into(),
            strategy: "r".into(),
            n: 4,
            test_budget: Some(10),
            tests_run: 10,
            failing_tests: 0,
            guarded_tests: 0,
            abandoned_tests: 0,
            first_failure: None,
            first_failure_index: None,
            method_calls: 40,
            cpu_seconds: 0.25,
            first_failure_cpu_seconds: None,
            outcome: "survived".into(),
            stop: "budget".into(),
            crash_cause: None,
            branches_total: None,
            branches_covered: None,
            branches_at: [None; crate::coverage::curve::CHECKPOINTS.len()],
            branches_area: None,
        };
        let register = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/results/register");
        let manifest = read_manifest(Path::new(register)).unwrap();
        assert_eq!(manifest.cells, None);
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("run");
        write_tables(
            &out,
            &[cell.clone(), CellRecord { mutant: 2, ..cell }],
            &manifest,
        )
        .unwrap();
        let mut files: Vec<_> = fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        files.sort();
        assert_eq!(files, ["cells.csv", "cells.parquet", "manifest.json"]);
        let written = read_manifest(&out).unwrap();
        assert_eq!(written.cells, Some(2));
        assert_eq!(
            Manifest {
                cells: None,
                ..written
            },
            manifest
        );
        let folder = crate::report::folder::open(&out).unwrap();
        assert_eq!(folder.cells.height(), 2);
    }

    #[test]
    fn sha256_of_a_known_string() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
