//! Merging the shards of an experiment (`testspace run … --shard I/N`, one folder each) into
//! one results folder, identical in every column but CPU time to a run of the whole
//! experiment on one machine.
//!
//! Every check comes before anything is written: each folder is a finished shard
//! (`manifest.json` with `shard` and `finished`, and its `journal.jsonl`); all are shards of
//! the same experiment text (SHA-256), profile, commit and shard count; every index from 1
//! to N is there exactly once; each shard's journal holds exactly the cells of its tables,
//! every unit the shard was dealt has its first run's cells and no other unit has any; no
//! cell is in two shards. The output folder is locked as `run` locks it, so two merges
//! into one folder cannot both write. The merged folder holds the
//! tables, a manifest (no shard; earliest start, latest end, jobs summed, the first
//! shard's machine), the experiment file and a journal, so that `--resume`, `show-test`,
//! `plot`, `diff` and `compare` work on it as on any run.

use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};

use super::lock::RunLock;
use super::output::{self, Manifest};
use super::{CellKey, CellRecord};
use crate::experiment::file::parse_recorded_experiment;

/// A shard folder with its manifest.
struct ShardRun {
    folder: PathBuf,
    manifest: Manifest,
}

/// What a merge wrote.
#[derive(Debug)]
pub struct MergeReport {
    /// Cells in the merged tables.
    pub cells: usize,
    /// The merged manifest.
    pub manifest: Manifest,
}

/// Reads and checks the shard folders (see the module docs).
fn check_shards(folders: &[PathBuf]) -> anyhow::Result<Vec<ShardRun>> {
    if folders.is_empty() {
        bail!("no shard folders given");
    }
    let mut runs = Vec::new();
    for folder in folders {
        let manifest = output::read_manifest(folder)
            .with_context(|| format!("{} is not a shard of a run", folder.display()))?;
        let Some(shard) = manifest.shard else {
            bail!(
                "{} holds a run of the whole experiment, not a shard",
                folder.display()
            );
        };
        if manifest.finished.is_none() {
            bail!(
                "{} holds shard {shard}, which has not finished: resume it (testspace run … --shard {shard} --resume --out {})",
                folder.display(),
                folder.display()
            );
        }
        runs.push(ShardRun {
            folder: folder.clone(),
            manifest,
        });
    }
    let first = &runs[0];
    for run in &runs[1..] {
        let (a, b) = (&first.manifest, &run.manifest);
        let differs = |what: &str, x: &dyn std::fmt::Display, y: &dyn std::fmt::Display| {
            anyhow::anyhow!(
                "{} is foreign to {}: {what} {y} ≠ {x}",
                run.folder.display(),
                first.folder.display()
            )
        };
        if a.experiment_sha256 != b.experiment_sha256 {
            return Err(differs(
                "experiment file (sha256)",
                &a.experiment_sha256,
                &b.experiment_sha256,
            ));
        }
        if a.profile != b.profile {
            return Err(differs("profile", &a.profile, &b.profile));
        }
        let commit = |m: &Manifest| m.git_commit.clone().unwrap_or_else(|| "unknown".into());
        if a.git_commit != b.git_commit {
            return Err(differs("commit", &commit(a), &commit(b)));
        }
        let (sa, sb) = (a.shard.expect("checked"), b.shard.expect("checked"));
        if sa.count != sb.count {
            return Err(differs("shard count", &sa.count, &sb.count));
        }
    }
    let count = first.manifest.shard.expect("checked").count;
    let mut by_index: BTreeMap<u32, &ShardRun> = BTreeMap::new();
    for run in &runs {
        let index = run.manifest.shard.expect("checked").index;
        if let Some(other) = by_index.insert(index, run) {
            bail!(
                "shard {index}/{count} is given twice: {} and {}",
                other.folder.display(),
                run.folder.display()
            );
        }
    }
    let missing: Vec<String> = (1..=count)
        .filter(|i| !by_index.contains_key(i))
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        bail!("shards missing: {}", missing.join(", "));
    }
    Ok(runs)
}

/// The records of a shard's journal.
fn journal(folder: &Path) -> anyhow::Result<Vec<CellRecord>> {
    let path = folder.join("journal.jsonl");
    let file = fs::File::open(&path).with_context(|| {
        format!(
            "{} has no journal.jsonl: merge needs the shard folders as `run` left them",
            folder.display()
        )
    })?;
    BufReader::new(file)
        .lines()
        .enumerate()
        .map(|(i, line)| {
            serde_json::from_str(&line?)
                .with_context(|| format!("{}: line {} is not a cell", path.display(), i + 1))
        })
        .collect()
}

/// Where two tables of one height first differ: a column, or a row of a column.
fn first_difference(table: &crate::table::Table, expected: &crate::table::Table) -> String {
    if table.names() != expected.names() {
        return format!("columns {:?} against {:?}", table.names(), expected.names());
    }
    for (read, made) in table.columns().iter().zip(expected.columns()) {
        let (a, b) = (&read.values, &made.values);
        if let Some(row) = (0..b.len()).find(|&row| a.cell(row) != b.cell(row)) {
            return format!(
                "column {}, row {}: {:?} against {:?}",
                made.name,
                row + 1,
                a.cell(row),
                b.cell(row)
            );
        }
        if read != made {
            return format!("column {}: its type", made.name);
        }
    }
    "no column differs".into()
}

/// Checks a finished shard's journal against its cells table and its share of the
/// experiment's units: the records are exactly the table's rows, every unit the shard was
/// dealt has a cell at each length of the first run, and no unit of another shard has any.
fn check_journal(run: &ShardRun, records: &[CellRecord]) -> anyhow::Result<()> {
    let folder = run.folder.display();
    let mut sorted: Vec<&CellRecord> = records.iter().collect();
    sorted.sort_by_key(|r| r.key());
    let owned: Vec<CellRecord> = sorted.into_iter().cloned().collect();
    let expected = output::cells_table(&owned);
    let table = crate::report::read_table(&run.folder)
        .with_context(|| format!("cannot read the cells table of shard {folder}"))?;
    if table.height() != expected.height() {
        bail!(
            "shard {folder} is damaged: its journal.jsonl holds {} cells but its cells table {}; \
             rerun the shard (or restore its journal) before merging",
            expected.height(),
            table.height()
        );
    }
    if table != expected {
        bail!(
            "shard {folder} is damaged: its journal.jsonl and its cells table hold different \
             cells ({}); rerun the shard (or restore its journal) before merging",
            first_difference(&table, &expected)
        );
    }
    let path = run.folder.join("experiment.toml");
    let source =
        fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let experiment = parse_recorded_experiment(
        &path,
        &source,
        &run.manifest.profile,
        &run.manifest.walk_parameters,
    )?;
    let mutants = super::experiment_mutants(&experiment);
    let dealt = super::units_of(&mutants, experiment.replicates, run.manifest.shard);
    let held: std::collections::BTreeSet<(u32, &str, u32)> = dealt
        .iter()
        .map(|u| {
            let subject = experiment.subjects[u.subject].unit.class();
            (u.replicate, subject, mutants[u.subject][u.mutant].id)
        })
        .collect();
    if let Some(stray) = records
        .iter()
        .find(|r| !held.contains(&(r.replicate, r.subject.as_str(), r.mutant)))
    {
        bail!(
            "shard {folder} holds a cell of a unit dealt to another shard (replicate {}, {} \
             mutant {})",
            stray.replicate,
            stray.subject,
            stray.mutant
        );
    }
    let keys: std::collections::BTreeSet<CellKey> = records.iter().map(CellRecord::key).collect();
    let first = &experiment.phases[0].runs[0];
    for &(replicate, subject, mutant) in &held {
        if let Some(n) = first
            .lengths
            .iter()
            .find(|&&n| !keys.contains(&(replicate, 0, 0, subject.to_string(), mutant, n as u64)))
        {
            bail!(
                "shard {folder} is incomplete: it has no cell of phase `{}`, run `{}` for \
                 replicate {replicate}, {subject} mutant {mutant}, n = {n}; rerun the shard \
                 before merging",
                experiment.phases[0].name,
                first.name()
            );
        }
    }
    Ok(())
}

/// Refuses an output folder that already holds a run (a manifest or a journal).
fn refuse_a_run_in(out: &Path) -> anyhow::Result<()> {
    if out.join("manifest.json").exists() || out.join("journal.jsonl").exists() {
        bail!(
            "{} already holds a run: merge into a new folder",
            out.display()
        );
    }
    Ok(())
}

/// Copies the generated suites of a shard (`suites/<subject>/*.jsonl`) into `out`, each
/// file once: shards that share a suite's key (subject, configuration, n, seed) hold the
/// same bytes, since generation is deterministic.
fn copy_suites(folder: &Path, out: &Path) -> anyhow::Result<()> {
    let suites = folder.join(output::SUITES_FOLDER);
    let Ok(subjects) = fs::read_dir(&suites) else {
        return Ok(()); // no generated runs in this shard
    };
    for subject in subjects {
        let subject = subject?.path();
        let target = out
            .join(output::SUITES_FOLDER)
            .join(subject.file_name().expect("a folder entry has a name"));
        fs::create_dir_all(&target)
            .with_context(|| format!("cannot create {}", target.display()))?;
        for file in fs::read_dir(&subject)? {
            let file = file?.path();
            if file.extension().is_none_or(|e| e != "jsonl") {
                continue; // a partial file of an interrupted generation
            }
            let copy = target.join(file.file_name().expect("a file has a name"));
            if !copy.exists() {
                fs::copy(&file, &copy).with_context(|| {
                    format!("cannot copy {} to {}", file.display(), copy.display())
                })?;
            }
        }
    }
    Ok(())
}

/// Merges the shard folders into `out` (see the module docs); the suites of generated
/// runs are copied along, so that `show-test` works on the merged folder.
///
/// # Errors
/// A folder that is not a finished shard, a foreign, missing or repeated shard, a cell in
/// two shards, or an output folder that is a reference or already holds a run; nothing is
/// written then.
pub fn merge(out: &Path, folders: &[PathBuf]) -> anyhow::Result<MergeReport> {
    output::refuse_reference(out)?;
    refuse_a_run_in(out)?;
    let runs = check_shards(folders)?;
    let mut cells: BTreeMap<CellKey, CellRecord> = BTreeMap::new();
    let mut origin: BTreeMap<CellKey, &Path> = BTreeMap::new();
    for run in &runs {
        let records = journal(&run.folder)?;
        check_journal(run, &records)?;
        for record in records {
            let key = record.key();
            if let Some(other) = origin.insert(key.clone(), &run.folder) {
                bail!(
                    "cell (replicate {}, phase {}, run {}, {} mutant {}, n = {}) is in both {} and {}",
                    key.0,
                    record.phase,
                    key.2,
                    key.3,
                    key.4,
                    key.5,
                    other.display(),
                    run.folder.display()
                );
            }
            cells.insert(key, record);
        }
    }
    let source = fs::read_to_string(runs[0].folder.join("experiment.toml"))
        .with_context(|| format!("{} has no experiment.toml", runs[0].folder.display()))?;
    let first = &runs[0].manifest;
    let manifest = Manifest {
        shard: None,
        started: runs
            .iter()
            .map(|r| r.manifest.started.clone())
            .min()
            .unwrap_or_default(),
        finished: runs
            .iter()
            .filter_map(|r| r.manifest.finished.clone())
            .max(),
        jobs: runs.iter().map(|r| r.manifest.jobs).sum(),
        earlier_versions: runs
            .iter()
            .flat_map(|r| r.manifest.earlier_versions.iter().cloned())
            .fold(Vec::new(), |mut versions, version| {
                if !versions.contains(&version) {
                    versions.push(version);
                }
                versions
            }),
        ..first.clone()
    };
    let cells: Vec<CellRecord> = cells.into_values().collect();
    let created = !out.exists();
    fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    // Held while writing: a second merge (or run) into the folder refuses; checked again
    // under the lock, since another merge may have written the folder meanwhile.
    let _lock = match RunLock::acquire(out) {
        Ok(lock) => lock,
        Err(e) => {
            if created {
                let _ = fs::remove_dir(out);
            }
            return Err(e.into());
        }
    };
    refuse_a_run_in(out)?;
    // What this merge creates, removed again if it fails (a full disk): a retry then finds
    // the folder as it was, not one that "already holds a run".
    let made: Vec<PathBuf> = ["experiment.toml", "journal.jsonl", output::SUITES_FOLDER]
        .iter()
        .map(|name| out.join(name))
        .filter(|path| !path.exists())
        .collect();
    let written = (|| -> anyhow::Result<()> {
        output::write_experiment_copy(out, &source)?;
        let (journal, _) = super::Journal::open(&out.join("journal.jsonl"))?;
        for record in &cells {
            journal.append(record)?;
        }
        for run in &runs {
            copy_suites(&run.folder, out)?;
        }
        output::write_tables(out, &cells, &manifest)
    })();
    if let Err(error) = written {
        for path in &made {
            let _ = if path.is_dir() {
                fs::remove_dir_all(path)
            } else {
                fs::remove_file(path)
            };
        }
        drop(_lock);
        if created {
            let _ = fs::remove_dir(out);
        }
        return Err(error);
    }
    Ok(MergeReport {
        cells: cells.len(),
        manifest,
    })
}
