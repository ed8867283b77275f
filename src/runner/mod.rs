//! The experiment runner: plans cells (phase × run × subject × mutant × n), executes them
//! in supervised worker processes in parallel ([`schedule`]: each (replicate, subject,
//! mutant) unit moves on as soon as its own earlier cells are recorded, longest work
//! first, chunks of large cells on every worker), journals every finished cell so an
//! interrupted run can resume, and writes the result tables.
//!
//! Determinism: every test case is a pure function of (strategy, seed, counter), every cell
//! is planned from the results of its unit's earlier runs only, and large cells of
//! strategies without replacement are split into fixed-size chunks merged in counter order
//! — so the tables are identical for any number of jobs and any order of execution, except
//! `cpu_seconds` and cells stopped by a time cap.

pub mod beacon;
mod cell;
pub mod check;
mod drive;
mod estimate;
pub mod gold;
pub mod grt_activity;
pub mod job;
pub mod lock;
pub mod merge;
pub mod output;
pub mod progress;
pub mod schedule;
mod shard;
pub mod slurm;
pub mod source;
pub mod structures;
pub mod suite_making;
pub mod suites;
pub mod worker;

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};

use crate::coverage::curve::{self, CHECKPOINTS, RangeCoverage};
use crate::experiment::file::parse_experiment_profile;
use crate::experiment::{Experiment, MutantSelection, Phase, Run, TestBudget};
use crate::kernel::rng::{case_rng, mix64};
use crate::strategy::Strategy;
use crate::subject::MutantInfo;
use cell::CellKey;
pub use cell::CellRecord;
use job::{Job, JobResult, Stop};
pub use shard::Shard;
use worker::Handshake;

/// Test cases per chunk of a large cell.
pub const CHUNK_TESTS: u64 = 20_000;

/// The (replicate, subject, mutant) units of an experiment whose subjects have `mutants`,
/// in the order shards deal them: those of `shard` (all without one).
fn units_of(mutants: &[Vec<MutantInfo>], replicates: u32, shard: Option<Shard>) -> Vec<WorkUnit> {
    let all = mutants.iter().enumerate().flat_map(|(subject, mutants)| {
        (0..mutants.len()).flat_map(move |mutant| {
            (0..replicates).map(move |replicate| WorkUnit {
                replicate,
                subject,
                mutant,
            })
        })
    });
    all.enumerate()
        .filter(|(position, _)| shard.is_none_or(|s| s.holds(*position)))
        .map(|(_, unit)| unit)
        .collect()
}

/// The targets of each subject of `experiment`: gold if the experiment asks for it, then
/// its mutants (its sample, if it asks for one).
fn experiment_mutants(experiment: &Experiment) -> Vec<Vec<MutantInfo>> {
    experiment
        .subjects
        .iter()
        .map(|s| {
            let gold = experiment.gold_target.then(MutantInfo::gold);
            let sample = sample_mutants(
                s.unit.class(),
                s.unit.mutants(),
                experiment.mutant_sample,
                experiment.sample_seed,
            );
            gold.into_iter().chain(sample).collect()
        })
        .collect()
}

/// Refuses an experiment that asks for the mutants of a user's module built without them:
/// its catalog `mutants/<module>.toml` was missing or stale when the module compiled, so
/// the run would test gold alone while saying nothing.
fn refuse_missing_mutants(path: &Path, experiment: &Experiment) -> anyhow::Result<()> {
    for subject in &experiment.subjects {
        let Some(origin) = subject.unit.mutants_source() else {
            continue;
        };
        let catalog = format!("{}/mutants/{}.toml", origin.crate_root, origin.module);
        let why = match origin.catalog {
            crate::subject::CatalogState::Current | crate::subject::CatalogState::Checking => {
                continue;
            }
            crate::subject::CatalogState::Missing => format!("has no mutant catalog ({catalog})"),
            crate::subject::CatalogState::Stale => format!(
                "has a stale mutant catalog ({catalog}: the module changed since `mutate` wrote it)"
            ),
        };
        bail!(
            "{}: subject `{}` {why}, so this build holds none of its mutants and the run \
             would test gold alone; run `mutate`, build again, and run",
            path.display(),
            subject.unit.class()
        );
    }
    Ok(())
}

/// The watchdog of an experiment that names none.
pub const DEFAULT_WATCHDOG: Duration = Duration::from_secs(600);

/// How to run an experiment.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Worker processes (and threads).
    pub jobs: usize,
    /// Continue a run whose journal exists.
    pub resume: bool,
    /// With `resume`: continue a run that another version of testspace (another commit or
    /// crate version) began, recording that version in the manifest.
    pub resume_other_version: bool,
    /// Output folder (default: the experiment's).
    pub out: Option<PathBuf>,
    /// A job still running after this long is killed and recorded as `timeout`
    /// (`None`: the experiment's `watchdog`, else [`DEFAULT_WATCHDOG`]).
    pub watchdog: Option<Duration>,
    /// How to show progress.
    pub progress: progress::ProgressMode,
    /// The experiment file's profile.
    pub profile: String,
    /// Run only this shard of the experiment (`None`: all of it).
    pub shard: Option<Shard>,
}

/// What a finished run leaves.
#[derive(Debug)]
pub struct RunReport {
    /// Every cell, sorted.
    pub cells: Vec<CellRecord>,
    /// The output folder.
    pub output: PathBuf,
    /// Cells executed in this invocation (not loaded from the journal).
    pub executed: usize,
    /// Where a committed reference run of the experiment would be (it may not exist).
    pub reference: PathBuf,
    /// The shard run (`None`: the whole experiment).
    pub shard: Option<Shard>,
    /// Wall-clock seconds of this invocation.
    pub wall_seconds: f64,
    /// CPU seconds of the cells executed in this invocation (sum of `cpu_seconds`).
    pub cpu_seconds: f64,
}

/// At most `sample` of `mutants`, chosen by `seed` (and the unit's name), in id order.
pub fn sample_mutants(
    class: &str,
    mutants: &[MutantInfo],
    sample: Option<usize>,
    seed: u64,
) -> Vec<MutantInfo> {
    let mut chosen: Vec<MutantInfo> = mutants.to_vec();
    if let Some(limit) = sample.filter(|&s| s < chosen.len()) {
        let salt = class.bytes().fold(0u64, |h, b| mix64(h ^ u64::from(b)));
        let mut rng = case_rng(seed ^ salt, 0);
        for i in 0..limit {
            let j = i + crate::kernel::rng::below(&mut rng, (chosen.len() - i) as u64) as usize;
            chosen.swap(i, j);
        }
        chosen.truncate(limit);
        chosen.sort_by_key(|m| m.id);
    }
    chosen
}

struct Journal {
    file: Mutex<File>,
    /// Where it is (for messages).
    path: PathBuf,
}

impl Journal {
    /// Opens `path`, keeping its complete lines (a line cut short by a kill is dropped and
    /// the file truncated after the last complete record), and returns those records.
    fn open(path: &Path) -> anyhow::Result<(Journal, Vec<CellRecord>)> {
        let mut records = Vec::new();
        let mut good_bytes = 0u64;
        if path.exists() {
            let reader = BufReader::new(
                File::open(path).with_context(|| format!("cannot read {}", path.display()))?,
            );
            for line in reader.split(b'\n') {
                let line = line.with_context(|| format!("cannot read {}", path.display()))?;
                match serde_json::from_slice::<CellRecord>(&line) {
                    Ok(record) => {
                        records.push(record);
                        good_bytes += line.len() as u64 + 1;
                    }
                    Err(_) => break,
                }
            }
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open {}", path.display()))?;
        file.set_len(good_bytes)
            .with_context(|| format!("cannot truncate {}", path.display()))?;
        Ok((
            Journal {
                file: Mutex::new(file),
                path: path.to_path_buf(),
            },
            records,
        ))
    }

    fn append(&self, record: &CellRecord) -> anyhow::Result<()> {
        let mut line = serde_json::to_vec(record)?;
        line.push(b'\n');
        let mut file = self.file.lock().expect("journal lock");
        file.write_all(&line)
            .with_context(|| format!("cannot append to {}", self.path.display()))?;
        Ok(())
    }
}

/// A planned cell.
#[derive(Clone, Debug)]
struct Cell {
    replicate: u32,
    seed: u64,
    subject: String,
    mutant: MutantInfo,
    n: usize,
    budget: Option<u64>,
}

/// What identifies the work of a cell of a strategy that ignores its seed, across the
/// replicates of one run of a phase: (subject, mutant, n, budget).
type SharedIdentity = (String, u32, usize, Option<u64>);

impl Cell {
    fn identity(&self) -> SharedIdentity {
        (self.subject.clone(), self.mutant.id, self.n, self.budget)
    }
}

impl CellRecord {
    /// This record as the record of `cell`, an identical cell of another replicate.
    fn for_replicate(&self, cell: &Cell) -> CellRecord {
        CellRecord {
            replicate: cell.replicate,
            seed: cell.seed,
            ..self.clone()
        }
    }
}

/// A unit of the run, whose cells depend only on its own earlier cells: one mutant of one
/// subject in one replicate (indices into the experiment's subjects and their sampled
/// mutants).
#[derive(Clone, Copy, Debug)]
struct WorkUnit {
    replicate: u32,
    subject: usize,
    mutant: usize,
}

/// The shared state of one run.
struct Runner<'a> {
    experiment: &'a Experiment,
    mutants: Vec<Vec<MutantInfo>>,
    records: BTreeMap<CellKey, CellRecord>,
    /// (replicate, subject, mutant) → (phase, run) of every cell that killed it: the
    /// index that planning asks, so that it costs no scan of all records per mutant.
    kills: std::collections::HashMap<(u32, String, u32), Vec<(usize, usize)>>,
    options: &'a RunOptions,
    watchdog: Duration,
    handshake: Handshake,
    /// The files that suite and structure runs read.
    prepared: source::Prepared,
}

impl Runner<'_> {
    /// Keeps a finished cell's record.
    fn record(&mut self, record: CellRecord) {
        if record.failing_tests > 0 {
            self.kills
                .entry((record.replicate, record.subject.clone(), record.mutant))
                .or_default()
                .push((record.phase_index, record.run));
        }
        self.records.insert(record.key(), record);
    }

    /// Whether a cell of `replicate` in a phase `phase` accepts (and, with `run_before`
    /// = (p, r), in phase p before run r) killed the mutant.
    fn killed(
        &self,
        replicate: u32,
        phase: impl Fn(usize) -> bool,
        run_before: Option<(usize, usize)>,
        subject: &str,
        mutant: u32,
    ) -> bool {
        self.kills
            .get(&(replicate, subject.to_string(), mutant))
            .is_some_and(|kills| {
                kills
                    .iter()
                    .any(|&(q, run)| phase(q) && run_before.is_none_or(|(p, r)| q == p && run < r))
            })
    }

    /// Whether the records of `unit` so far already rule out its cells of run `r` of phase
    /// `p`, as [`plan`](Self::plan) will: a `stop-when-killed` phase that killed the
    /// mutant, or a phase for killed mutants when the unit's earlier phases are all done
    /// (`earlier_done`) without a kill. For the progress estimate only.
    fn rules_out(&self, unit: &WorkUnit, p: usize, earlier_done: bool) -> bool {
        let phase = &self.experiment.phases[p];
        let subject = self.experiment.subjects[unit.subject].unit.class();
        let mutant = self.mutants[unit.subject][unit.mutant].id;
        let killed = |phases: &dyn Fn(usize) -> bool| {
            self.killed(unit.replicate, phases, None, subject, mutant)
        };
        (phase.mutants == MutantSelection::Killed && earlier_done && !killed(&|q| q < p))
            || (phase.stop_when_killed && killed(&|q| q == p))
    }

    /// The cells of run `r` of phase `p` of `unit` that have no record yet, given the
    /// records of the unit's earlier runs (no other unit's: see [`schedule`]).
    fn plan(&self, unit: &WorkUnit, p: usize, phase: &Phase, r: usize, run: &Run) -> Vec<Cell> {
        let mut cells = Vec::new();
        let replicate = unit.replicate;
        let key = |run: usize, subject: &str, mutant: u32, n: usize| -> CellKey {
            (replicate, p, run, subject.to_string(), mutant, n as u64)
        };
        let subject = self.experiment.subjects[unit.subject].unit.class();
        let mutant = &self.mutants[unit.subject][unit.mutant];
        if !run.runs_on(subject) {
            return cells;
        }
        if phase.mutants == MutantSelection::Killed
            && !self.killed(replicate, |q| q < p, None, subject, mutant.id)
        {
            return cells;
        }
        if phase.stop_when_killed
            && self.killed(replicate, |q| q == p, Some((p, r)), subject, mutant.id)
        {
            return cells;
        }
        for &n in &run.lengths {
            if self.records.contains_key(&key(r, subject, mutant.id, n)) {
                continue;
            }
            let budget = match &run.tests {
                TestBudget::Fixed(b) => Some(*b),
                TestBudget::Cost(c) => Some(c / n as u64),
                TestBudget::Suite(_) | TestBudget::Structures => {
                    let file = self
                        .source_file(run, subject, n, replicate)
                        .expect("only suite and structure runs have these budgets");
                    Some(
                        self.prepared
                            .tests(&file, &run.tests)
                            .expect("every suite is prepared before cells are planned"),
                    )
                }
                TestBudget::Unlimited => None,
                TestBudget::FirstFailureOf(kind) => {
                    let earlier = phase.runs[..r]
                        .iter()
                        .position(|x| x.strategy.is(*kind))
                        .expect("validated");
                    match self
                        .records
                        .get(&key(earlier, subject, mutant.id, n))
                        .and_then(|rec| rec.first_failure)
                    {
                        Some(e) => Some(e),
                        None => continue,
                    }
                }
            };
            cells.push(Cell {
                replicate,
                seed: self.experiment.replicate_seed(replicate),
                subject: subject.to_string(),
                mutant: mutant.clone(),
                n,
                budget,
            });
        }
        cells
    }

    /// Makes sure the files that the suite and structure runs of this invocation's units
    /// read are in `output` (see [`source::prepare`]).
    fn prepare(&self, output: &Path) -> anyhow::Result<source::Prepared> {
        let mut pairs: Vec<(usize, u32)> = self
            .units()
            .iter()
            .map(|unit| (unit.subject, unit.replicate))
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        let workers = suite_making::SuiteWorkers::new(self.handshake.clone(), self.watchdog);
        let mut needed = suites::needed(self.experiment, &pairs, &workers);
        needed.extend(structures::needed(self.experiment, &pairs));
        let mode = self.options.progress;
        source::prepare(&needed, output, self.options.jobs, &|done, all| {
            if !matches!(mode, progress::ProgressMode::Off) && (done == all || done % 10 == 0) {
                crate::kernel::stderr_line!("suites generated: {done} of {all}");
            }
        })
    }

    /// The units of the run in the deal order of shards ((subject, mutant, replicate)), those
    /// of this invocation's shard only.
    fn units(&self) -> Vec<WorkUnit> {
        units_of(
            &self.mutants,
            self.experiment.replicates,
            self.options.shard,
        )
    }

    /// The record of another replicate's cell identical to `cell` (a seed-free strategy's
    /// cell of run `r` of phase `p` with the same subject, mutant, n and budget), if any.
    fn identical_record(&self, p: usize, r: usize, cell: &Cell) -> Option<&CellRecord> {
        (0..self.experiment.replicates).find_map(|replicate| {
            let key = (
                replicate,
                p,
                r,
                cell.subject.clone(),
                cell.mutant.id,
                cell.n as u64,
            );
            self.records
                .get(&key)
                .filter(|rec| rec.test_budget == cell.budget)
        })
    }

    /// The job of `cell` (of `run`) over the test cases `start..start + count`.
    fn job(
        &self,
        run: &Run,
        cell: &Cell,
        start: u64,
        count: Option<u64>,
        seconds: Option<f64>,
    ) -> Job {
        let suite = self
            .source_file(run, &cell.subject, cell.n, cell.replicate)
            .and_then(|file| self.prepared.path(&file))
            .map(Path::to_path_buf);
        Job {
            subject: cell.subject.clone(),
            mutant: cell.mutant.id,
            strategy: run.strategy.clone(),
            n: cell.n,
            suite,
            seed: cell.seed,
            start,
            count,
            until: run.until,
            seconds,
            oracle: self.experiment.oracle,
            coverage: self.experiment.coverage,
            max_guarded: self.experiment.max_guarded_tests,
            abandon: Vec::new(),
            refused: Vec::new(),
        }
    }

    /// The file, relative to the output folder, that the jobs of `run` read for `subject`
    /// at `n` in `replicate` (`None`: a walk's read none).
    fn source_file(&self, run: &Run, subject: &str, n: usize, replicate: u32) -> Option<PathBuf> {
        let seed = self.experiment.replicate_seed(replicate);
        match &run.strategy {
            Strategy::Walk(_) => None,
            Strategy::Generator(config) => {
                Some(suites::SuiteKey::new(subject, config, n, seed).file())
            }
            Strategy::Structures(config) => {
                Some(structures::StructureKey::new(subject, config, n, seed).file())
            }
        }
    }

    /// How `cell` is run: as one job (`None`), or — a large cell of a strategy without
    /// replacement, with more than one job — as chunks of [`CHUNK_TESTS`] test cases
    /// (`Some(k)`: at most k chunks; `Some(None)`: until one does not run to its end).
    fn chunks(&self, run: &Run, cell: &Cell) -> Option<Option<u64>> {
        let without_replacement = !run.strategy.with_replacement();
        let large = cell.budget.is_none_or(|b| b > CHUNK_TESTS);
        let counts_guards = self.experiment.max_guarded_tests.is_some();
        (without_replacement && large && !counts_guards && self.options.jobs > 1)
            .then(|| cell.budget.map(|b| b.div_ceil(CHUNK_TESTS)))
    }

    /// A cell's branch coverage from what its jobs, merged into `merged`, covered (`None`
    /// if they recorded none).
    fn cell_coverage(&self, subject: &str, merged: &JobResult) -> Option<curve::CellCoverage> {
        let covered = merged.coverage.as_ref()?;
        let unit = self
            .experiment
            .subjects
            .iter()
            .find(|s| s.unit.class() == subject)?
            .unit;
        let branches = crate::coverage::branch_mask(unit.probes()?);
        Some(curve::CellCoverage::of(
            covered,
            &branches,
            merged.tests_run,
        ))
    }
}

/// Adds a chunk's coverage (the next in counter order) to the cell's so far.
fn append_coverage(total: &mut Option<RangeCoverage>, next: Option<RangeCoverage>) {
    match (total.as_mut(), next) {
        (Some(total), Some(next)) => total.append(next),
        (None, next) => *total = next,
        (Some(_), None) => {}
    }
}

/// Chunk `chunk` of a cell with test budget `budget`: (first counter, test cases).
fn chunk_range(budget: Option<u64>, chunk: u64) -> (u64, u64) {
    let start = chunk * CHUNK_TESTS;
    (
        start,
        budget.map_or(CHUNK_TESTS, |b| CHUNK_TESTS.min(b - start)),
    )
}

/// Whether a chunk ran to its end, so that the next chunk's results count.
fn chunk_complete(job: &Job, result: &JobResult) -> bool {
    result.stop == Stop::Budget && Some(result.tests_run) == job.count
}

/// A chunked cell's result: its chunks' results, given in counter order up to and
/// including the first one that did not run to its end (`complete` false), as one.
fn merge_chunks(chunks: Vec<(JobResult, bool)>) -> JobResult {
    let mut total = JobResult::lost(Stop::Budget, 0.0);
    for (mut result, complete) in chunks {
        append_coverage(&mut total.coverage, result.coverage.take());
        total.cpu_seconds += result.cpu_seconds;
        total.tests_run += result.tests_run;
        total.failing_tests += result.failing_tests;
        total.guarded_tests += result.guarded_tests;
        total.abandoned_tests += result.abandoned_tests;
        total.method_calls += result.method_calls;
        if total.first_failure.is_none() {
            total.first_failure_cpu_seconds = result
                .first_failure_cpu_seconds
                .map(|s| s + total.cpu_seconds - result.cpu_seconds);
            total.first_failure = result.first_failure;
            total.first_failure_index = result.first_failure_index.clone();
        }
        if !complete {
            total.stop = result.stop;
            total.crash_cause = result.crash_cause;
            break;
        }
    }
    total
}

/// The record of `cell`, of run `r` of phase `p`, whose job or merged chunks gave `merged`,
/// with the cell's branch coverage `coverage` (from [`Runner::cell_coverage`]) and, if
/// `with_area` (the experiment's `coverage-area`), the area under its coverage curve.
fn cell_record(
    (p, phase, r, run): (usize, &Phase, usize, &Run),
    cell: &Cell,
    merged: JobResult,
    coverage: Option<curve::CellCoverage>,
    with_area: bool,
) -> anyhow::Result<CellRecord> {
    let outcome = merged.outcome();
    let crash_cause = merged.crash_cause.filter(|_| outcome == "crash");
    Ok(CellRecord {
        replicate: cell.replicate,
        seed: cell.seed,
        phase_index: p,
        phase: phase.name.clone(),
        run: r,
        subject: cell.subject.clone(),
        mutant: cell.mutant.id,
        operator: cell.mutant.operator_name().to_string(),
        strategy: run.name().to_string(),
        n: cell.n as u64,
        test_budget: cell.budget,
        tests_run: merged.tests_run,
        failing_tests: merged.failing_tests,
        guarded_tests: merged.guarded_tests,
        abandoned_tests: merged.abandoned_tests,
        first_failure: merged.first_failure.map(|c| c + 1),
        first_failure_index: merged.first_failure_index,
        method_calls: merged.method_calls,
        cpu_seconds: merged.cpu_seconds,
        first_failure_cpu_seconds: merged.first_failure_cpu_seconds,
        outcome: outcome.to_string(),
        stop: serde_json::to_value(merged.stop)?
            .as_str()
            .unwrap_or("?")
            .to_string(),
        crash_cause,
        branches_total: coverage.as_ref().map(|c| c.branches_total),
        branches_covered: coverage.as_ref().map(|c| c.branches_covered),
        branches_area: coverage.as_ref().filter(|_| with_area).map(|c| c.area),
        branches_at: coverage.map_or([None; CHECKPOINTS.len()], |c| c.at),
    })
}

/// Runs the experiment in `path` (see the module docs); on success the output folder holds
/// `cells.csv`, `cells.parquet`, `manifest.json`, `experiment.toml` and `journal.jsonl`.
pub fn run_experiment(path: &Path, options: &RunOptions) -> anyhow::Result<RunReport> {
    let source = crate::kernel::file::read_source(path)?;
    run_experiment_source(path, &source, options)
}

/// Runs the experiment whose TOML text is `source` (`path` names it in messages, the
/// manifest and the handshake with workers, which parse the same text): what
/// [`run_experiment`] does once it has read the file.
pub fn run_experiment_source(
    path: &Path,
    source: &str,
    options: &RunOptions,
) -> anyhow::Result<RunReport> {
    let source = source.to_string();
    let experiment = parse_experiment_profile(path, &source, &options.profile)?;
    refuse_missing_mutants(path, &experiment)?;
    let output = options.out.clone().unwrap_or_else(|| match options.shard {
        Some(shard) => PathBuf::from(format!(
            "{}-shard-{}-of-{}",
            experiment.output.display(),
            shard.index,
            shard.count
        )),
        None => experiment.output.clone(),
    });
    let journal_path = output.join("journal.jsonl");
    let started = output::utc_timestamp();
    let clock = Instant::now();
    output::refuse_reference(&output)?;
    let holds_a_run = output.join("manifest.json").exists() || journal_path.exists();
    fs::create_dir_all(&output).with_context(|| format!("cannot create {}", output.display()))?;
    // Held until the run ends (or its process dies): a second run into the folder refuses.
    let _lock = lock::RunLock::acquire(&output)?;
    output::remove_partial_files(&output)?;
    // A continued run keeps the start of its first invocation.
    let (started, earlier_versions) = if holds_a_run {
        check_resumable(&output, path, &source, &experiment, options)?
    } else {
        (started, Vec::new())
    };
    output::write_manifest(
        &output,
        &output::Manifest {
            shard: options.shard,
            earlier_versions: earlier_versions.clone(),
            ..output::Manifest::new(path, &source, &experiment, options.jobs, &started, None)
        },
    )?;
    output::write_experiment_copy(&output, &source)?;
    let (journal, previous) = Journal::open(&journal_path)?;

    let mutants = experiment_mutants(&experiment);
    let mut runner = Runner {
        experiment: &experiment,
        mutants,
        records: BTreeMap::new(),
        kills: std::collections::HashMap::new(),
        options,
        watchdog: options.watchdog.unwrap_or_else(|| {
            experiment
                .watchdog
                .map_or(DEFAULT_WATCHDOG, Duration::from_secs_f64)
        }),
        handshake: Handshake {
            path: path.display().to_string(),
            source: source.clone(),
            profile: options.profile.clone(),
            walk_parameters: None,
        },
        prepared: source::Prepared::default(),
    };
    runner.prepared = runner.prepare(&output)?;
    for record in previous {
        runner.record(record);
    }
    let drive::Driven {
        runner,
        executed,
        cpu_seconds,
        lost,
    } = drive::run(runner, &journal)?;
    if !lost.is_empty() {
        return Err(lost_cells_error(&output, &lost));
    }
    let cells: Vec<CellRecord> = runner.records.into_values().collect();
    let manifest = output::Manifest {
        shard: options.shard,
        earlier_versions,
        ..output::Manifest::new(
            path,
            &source,
            &experiment,
            options.jobs,
            &started,
            Some(output::utc_timestamp()),
        )
    };
    output::write_tables(&output, &cells, &manifest)?;
    Ok(RunReport {
        cells,
        output,
        executed,
        reference: experiment.reference.clone(),
        shard: options.shard,
        wall_seconds: clock.elapsed().as_secs_f64(),
        cpu_seconds,
    })
}

/// The error that ends a run with lost cells: which, why, and how to go on.
fn lost_cells_error(output: &Path, lost: &[drive::LostCell]) -> anyhow::Error {
    let cells: usize = lost.iter().map(|l| 1 + l.followers).sum();
    let mut message = format!(
        "{cells} cell(s) could not be completed: their worker processes died without \
         confirming a crash of the mutant (killed from outside, e.g. by an OOM killer or a \
         cluster's memory limit); they are not recorded, and the units they belong to stopped \
         there"
    );
    for l in lost {
        let copies = match l.followers {
            0 => String::new(),
            f => format!(" (and {f} replicate(s) sharing it)"),
        };
        message.push_str(&format!("\n  {}{copies}: {}", l.cell, l.lost));
    }
    message.push_str(&format!(
        "\nevery cell finished is journaled in {}; continue the run with --resume",
        output.display()
    ));
    anyhow::anyhow!(message)
}

/// Checks that the run in `output` (it holds a manifest or a journal) may be continued:
/// `--resume` was given, and it is a run of the same profile and experiment text, begun by
/// this version of testspace (its commit and crate version) unless
/// `resume_other_version`. Returns the `started` time its manifest records and the earlier
/// versions to record (those it records, and its own if it differs from this one).
fn check_resumable(
    output: &Path,
    path: &Path,
    source: &str,
    experiment: &Experiment,
    options: &RunOptions,
) -> anyhow::Result<(String, Vec<output::Version>)> {
    let previous = output::read_manifest(output).ok();
    if !options.resume {
        match previous.as_ref().and_then(|m| m.finished.as_ref()) {
            Some(finished) => bail!(
                "{} already holds a finished run (ended {finished}): compare it with \
                 `testspace diff`, write a new run elsewhere with --out DIR, or remove the \
                 folder to run again",
                output.display()
            ),
            None => bail!(
                "{} holds an interrupted run: continue it with --resume, write a new run \
                 elsewhere with --out DIR, or remove the folder",
                output.display()
            ),
        }
    }
    let previous = previous.with_context(|| {
        format!(
            "{} holds a journal but no readable manifest.json: remove the folder to start again",
            output.display()
        )
    })?;
    if previous.shard != options.shard {
        let name = |shard: Option<Shard>| {
            shard.map_or("the whole experiment".to_string(), |s| format!("shard {s}"))
        };
        bail!(
            "{} holds a run of {}, not of {}",
            output.display(),
            name(previous.shard),
            name(options.shard)
        );
    }
    if previous.profile != options.profile {
        bail!(
            "{} holds a run of profile `{}`, not `{}`: resume it with --profile {}",
            output.display(),
            previous.profile,
            options.profile,
            previous.profile
        );
    }
    let hash = output::sha256_hex(source.as_bytes());
    if previous.experiment_sha256 != hash {
        bail!(
            "{} was produced by a different version of {} (sha256 {} ≠ {}): remove the folder to start again",
            output.display(),
            path.display(),
            previous.experiment_sha256,
            hash
        );
    }
    if previous.walk_parameters != output::walk_parameters(experiment) {
        bail!(
            "{} was produced with other walk parameters than {} now reads (a changed model file?): remove the folder to start again",
            output.display(),
            path.display()
        );
    }
    let this = output::Version::current();
    let mut earlier = previous.earlier_versions.clone();
    let theirs = previous.version();
    if theirs != this {
        if !options.resume_other_version {
            bail!(
                "{} holds a run begun by {theirs}, not by this {this}: its cells and this \
                 version's would be recorded as one run; finish it with that version, remove \
                 the folder to start again, or add --resume-other-version to continue it \
                 anyway (the manifest then records both versions)",
                output.display()
            );
        }
        if !earlier.contains(&theirs) {
            earlier.push(theirs);
        }
    }
    Ok((previous.started, earlier))
}
