//! What a run writes: the result tables, the manifest, progress bars and the summary.
//!
//! The output folder (`results/<experiment>/` by default):
//!
//! | file | content |
//! |---|---|
//! | `cells.csv`, `cells.parquet` | one row per cell; the columns are [`super::CellRecord`]'s fields |
//! | `manifest.json` | experiment file, its SHA-256, seed, crate version, git commit, start and end time, machine |
//! | `experiment.toml` | a copy of the experiment file, for `show-test` and for the record |
//! | `journal.jsonl` | one JSON line per finished cell, appended as cells finish; `--resume` reads it |

use std::fs;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context as _;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use polars_core::prelude::{Column, DataFrame};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::CellRecord;
use crate::experiment::Experiment;
use crate::table::{StagedFiles, write_csv_file, write_parquet_file};

/// `manifest.json`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Manifest {
    /// The experiment's name.
    pub experiment: String,
    /// The experiment file as given.
    pub experiment_file: String,
    /// SHA-256 of the experiment file, hex.
    pub experiment_sha256: String,
    /// The experiment's seed.
    pub seed: u64,
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
    /// The machine.
    pub machine: Machine,
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

impl Manifest {
    /// The manifest of a run of `experiment` from the file `path` with text `source`.
    pub fn new(
        path: &Path,
        source: &str,
        experiment: &Experiment,
        jobs: usize,
        started: &str,
        finished: Option<String>,
    ) -> Self {
        let git_commit = std::process::Command::new("git")
            .args(["rev-parse", "HEAD"])
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
        Manifest {
            experiment: experiment.name.clone(),
            experiment_file: path.display().to_string(),
            experiment_sha256: sha256_hex(source.as_bytes()),
            seed: experiment.seed,
            oracle: experiment.oracle.name().to_string(),
            profile: experiment.profile.clone(),
            crate_version: env!("CARGO_PKG_VERSION").to_string(),
            git_commit,
            started: started.to_string(),
            finished,
            jobs,
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

/// The current time, UTC, as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn utc_timestamp() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// Reads `manifest.json` from a results folder.
pub fn read_manifest(output: &Path) -> anyhow::Result<Manifest> {
    let path = output.join("manifest.json");
    let text =
        fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    serde_json::from_str(&text)
        .with_context(|| format!("{} is not a testspace manifest", path.display()))
}

/// Writes `manifest.json` (atomically).
pub fn write_manifest(output: &Path, manifest: &Manifest) -> anyhow::Result<()> {
    let mut staged = StagedFiles::new(output)?;
    fs::write(
        staged.stage("manifest.json"),
        serde_json::to_string_pretty(manifest)? + "\n",
    )?;
    staged.commit()?;
    Ok(())
}

/// The cells as a polars DataFrame, one column per [`CellRecord`] field (except
/// `phase_index`), in row order.
pub fn cells_frame(cells: &[CellRecord]) -> anyhow::Result<DataFrame> {
    macro_rules! column {
        ($name:literal, $field:ident) => {
            Column::new(
                $name.into(),
                cells.iter().map(|c| c.$field.clone()).collect::<Vec<_>>(),
            )
        };
    }
    let frame = DataFrame::new_infer_height(vec![
        column!("phase", phase),
        Column::new(
            "run".into(),
            cells.iter().map(|c| c.run as u32).collect::<Vec<_>>(),
        ),
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
    ])?;
    Ok(frame)
}

/// Writes `cells.csv`, `cells.parquet` and the final `manifest.json` together.
pub fn write_tables(
    output: &Path,
    cells: &[CellRecord],
    manifest: &Manifest,
) -> anyhow::Result<()> {
    let mut frame = cells_frame(cells)?;
    let mut staged = StagedFiles::new(output)?;
    write_csv_file(&mut frame, &staged.stage("cells.csv"))?;
    write_parquet_file(&mut frame, &staged.stage("cells.parquet"))?;
    fs::write(
        staged.stage("manifest.json"),
        serde_json::to_string_pretty(manifest)? + "\n",
    )?;
    staged.commit()?;
    Ok(())
}

/// A progress bar of cells done/total with an ETA, drawn on stderr when it is a terminal
/// and `enabled`.
pub fn progress_bar(enabled: bool, total: u64, label: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(
        Some(total),
        if enabled {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        },
    );
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix:>24} [{bar:30}] {pos}/{len} cells  {elapsed} elapsed, ETA {eta}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar.set_prefix(label.to_string());
    bar
}

/// The end-of-run summary: per phase, mutants killed by strategy and n.
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
    let _ = writeln!(
        out,
        "{:<16} {:<11} {:>6} {:>7} {:>7} {:>16}",
        "phase", "strategy", "n", "cells", "killed", "timeout/crash"
    );
    for ((_, phase, _, strategy, n), (total, killed, lost)) in by {
        let _ = writeln!(
            out,
            "{phase:<16} {strategy:<11} {n:>6} {total:>7} {killed:>7} {lost:>16}"
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
    fn sha256_of_a_known_string() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
