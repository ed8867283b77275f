//! Structure runs (field-exhaustive testing, issue 18): their suites of structures, built
//! once per (subject, scope, suite, seed where random) before any cell runs and stored in
//! the output folder's `suites/`, and their jobs, which test structure `k / j` with call
//! `k mod j` of the context as test case k, on gold and on a mutant.
//!
//! A suite file holds a header line ([`StructureSuiteHeader`]) and one structure per line
//! in the JSON form of [`HeapScope::heap_json`](crate::structure::HeapScope::heap_json).
//! Its content depends only on its key, so the files are the same for any number of jobs
//! and a resumed run builds only the missing ones.

use std::collections::BTreeSet;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use serde::{Deserialize, Serialize};

use super::job::{Job, JobError, JobResult, Stop, process_cpu_seconds};
use super::output::{self, SUITES_FOLDER, write_atomically};
use crate::context::TestContext;
use crate::experiment::Experiment;
use crate::strategy::Strategy;
use crate::structure::oracle::StructureSessions;
use crate::structure::suite::StructureConfig;
use crate::structure::suite::{StructureSuiteSpec, structure_suite};
use crate::structure::units::{UnitFinitization, finitization};
use crate::subject::Unit;
use crate::subject::heap::HeapFields;

/// What identifies a structure suite.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StructureKey {
    /// The subject's class name.
    pub subject: String,
    /// The scope (nodes).
    pub scope: usize,
    /// What the suite is asked to be.
    pub spec: StructureSuiteSpec,
    /// The replicate's seed, for a random suite only (`None`: the suite ignores it).
    pub seed: Option<u64>,
}

impl StructureKey {
    /// The key of `config`'s suite for `subject` at `scope` in the replicate seeded `seed`.
    pub fn new(subject: &str, config: &StructureConfig, scope: usize, seed: u64) -> Self {
        StructureKey {
            subject: subject.to_string(),
            scope,
            spec: config.suite,
            seed: config.suite.kind.uses_seed().then_some(seed),
        }
    }

    /// Its file, relative to the output folder:
    /// `suites/<subject>/<kind>-scope<n>-<spec digest>[-seed<seed>].jsonl`.
    pub fn file(&self) -> PathBuf {
        let spec = serde_json::to_string(&self.spec).expect("specs serialise");
        let digest = output::sha256_hex(spec.as_bytes());
        let seed = self.seed.map_or(String::new(), |s| format!("-seed{s}"));
        PathBuf::from(SUITES_FOLDER)
            .join(&self.subject)
            .join(format!(
                "{}-scope{}-{}{seed}.jsonl",
                self.spec.kind.name(),
                self.scope,
                &digest[..12],
            ))
    }

    fn finitization(&self) -> anyhow::Result<&'static UnitFinitization> {
        finitization(&self.subject).with_context(|| format!("{} has no finitization", self.subject))
    }
}

/// The first line of a structure suite file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StructureSuiteHeader {
    /// The subject's class name.
    pub subject: String,
    /// The scope.
    pub scope: usize,
    /// What the suite was asked to be.
    pub spec: StructureSuiteSpec,
    /// The seed of a random suite.
    pub seed: Option<u64>,
    /// Structures in the file.
    pub structures: usize,
    /// Candidates Korat ran the invariant on to build it (`None`: no enumeration).
    pub korat_candidates: Option<u64>,
    /// Solver calls of Algorithm 1 to build it (`None`: no SAT suite).
    pub solver_calls: Option<u64>,
}

/// The structure suites the structure runs of `experiment` need for the (subject,
/// replicate) pairs in `pairs`.
pub fn needed(experiment: &Experiment, pairs: &[(usize, u32)]) -> BTreeSet<StructureKey> {
    let mut needed = BTreeSet::new();
    for run in experiment.phases.iter().flat_map(|phase| &phase.runs) {
        let Strategy::Structures(config) = &run.strategy else {
            continue;
        };
        for &(subject, replicate) in pairs {
            let class = experiment.subjects[subject].unit.class();
            let seed = experiment.replicate_seed(replicate);
            for &scope in &run.lengths {
                needed.insert(StructureKey::new(class, config, scope, seed));
            }
        }
    }
    needed
}

/// Builds `key`'s suite and writes it to `path` atomically; returns its structures.
///
/// # Errors
/// A suite that cannot be built (Korat beyond its budget) or written.
pub fn build(key: &StructureKey, path: &Path) -> anyhow::Result<usize> {
    let scope = key.finitization()?.scope(key.scope);
    let suite = structure_suite(scope.as_ref(), &key.spec, key.seed.unwrap_or(0))
        .with_context(|| format!("{}: cannot build the structure suite", key.subject))?;
    let header = StructureSuiteHeader {
        subject: key.subject.clone(),
        scope: key.scope,
        spec: key.spec,
        seed: key.seed,
        structures: suite.structures.len(),
        korat_candidates: suite.korat_candidates,
        solver_calls: suite.solver_calls,
    };
    write_atomically(path, |out| {
        serde_json::to_writer(&mut *out, &header)?;
        out.write_all(b"\n")?;
        for structure in &suite.structures {
            serde_json::to_writer(&mut *out, &scope.heap_scope().heap_json(structure))?;
            out.write_all(b"\n")?;
        }
        Ok(())
    })?;
    Ok(header.structures)
}

/// The header of the structure suite file at `path`, `None` if there is none.
pub fn read_header(path: &Path) -> anyhow::Result<Option<StructureSuiteHeader>> {
    output::read_header_line(path, "a structure suite file")
}

/// The structures of the suite file at `path`, the first `most` of them at most.
///
/// # Errors
/// A file that cannot be read, or a line that is not a structure of its subject's port.
pub fn read_structures(
    path: &Path,
    most: usize,
) -> anyhow::Result<(StructureSuiteHeader, Vec<HeapFields>)> {
    let file = fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut lines = BufReader::new(file).lines();
    let first = lines.next().transpose()?.unwrap_or_default();
    let header: StructureSuiteHeader = serde_json::from_str(&first)
        .with_context(|| format!("{}: not a structure suite file", path.display()))?;
    let key = StructureKey {
        subject: header.subject.clone(),
        scope: header.scope,
        spec: header.spec,
        seed: header.seed,
    };
    let scope = key.finitization()?.scope(header.scope);
    let mut structures = Vec::new();
    for (i, line) in lines.take(most.min(header.structures)).enumerate() {
        let line = line.with_context(|| format!("cannot read {}", path.display()))?;
        let json: serde_json::Value = serde_json::from_str(&line)
            .with_context(|| format!("{}: structure {i} is not JSON", path.display()))?;
        let Some(structure) = scope.heap_scope().heap_from_json(&json) else {
            bail!(
                "{}: structure {i} does not fit {}",
                path.display(),
                header.subject
            );
        };
        structures.push(structure);
    }
    if structures.len() < most.min(header.structures) {
        bail!(
            "{}: {} structures announced, {} found",
            path.display(),
            header.structures,
            structures.len()
        );
    }
    Ok((header, structures))
}

/// Executes a structure run's job: its test cases `start..start + count` (test case k is
/// structure `k / j` of `structures` with call `k mod j` of `context`), each on gold and
/// on the job's mutant under the runner's guards, judged by `config`'s oracle. Gold runs
/// afresh in every job (it is not cached: a test case is one call); its CPU time counts.
pub fn execute(
    job: &Job,
    config: &StructureConfig,
    unit: &dyn Unit,
    context: &Arc<TestContext>,
    structures: &[HeapFields],
) -> Result<JobResult, JobError> {
    let failed = |message: String| JobError::Suite {
        path: job
            .suite
            .as_ref()
            .map_or_else(String::new, |p| p.display().to_string()),
        message,
    };
    let found = finitization(&job.subject)
        .ok_or_else(|| failed(format!("{} has no finitization", job.subject)))?;
    let after = found.after_call(job.n, &context.pools().ints);
    let calls = u64::from(context.j());
    let cpu_start = process_cpu_seconds();
    let deadline = job
        .seconds
        .map(|s| Instant::now() + Duration::from_secs_f64(s));
    let mut result = JobResult::lost(Stop::Budget, 0.0);
    let mut sessions: Option<(usize, StructureSessions)> = None;
    loop {
        if let Some(stop) = result.limit(job, deadline) {
            result.stop = stop;
            break;
        }
        let counter = job.start + result.tests_run;
        let (structure, call) = ((counter / calls) as usize, (counter % calls) as u32);
        let Some(heap) = structures.get(structure) else {
            result.stop = Stop::Exhausted;
            break;
        };
        let pair = match &mut sessions {
            Some((at, pair)) if *at == structure => pair,
            _ => {
                let pair = StructureSessions::new(unit, context, heap, job.mutant)
                    .map_err(|e| failed(e.to_string()))?;
                &mut sessions.insert((structure, pair)).1
            }
        };
        result.tests_run += 1;
        let Some(verdict) = pair.judge(call, config.oracle.calls(), after.as_ref()) else {
            result.abandoned_tests += 1;
            continue;
        };
        result.method_calls += 1;
        let verdict = if config.oracle.compares_structures() {
            verdict.structure
        } else {
            verdict.paper
        };
        let cpu = || process_cpu_seconds() - cpu_start;
        if let Some(stop) = result.tally(verdict, job, counter, cpu, || Some(call.to_string())) {
            result.stop = stop;
            break;
        }
    }
    result.cpu_seconds = process_cpu_seconds() - cpu_start;
    Ok(result)
}
