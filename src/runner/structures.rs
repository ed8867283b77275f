//! Structure runs (field-exhaustive testing, issue 18): their suites of structures, built
//! once per (subject, scope, suite, seed where it uses one) before any cell runs ([`needed`], a
//! [`Preparation`] each) and stored in the output folder's `suites/`, and their test cases
//! ([`StructureCases`]): structure `k / j` with call `k mod j` of the context as test case
//! k, on gold and on a mutant.
//!
//! A suite file holds a header line ([`StructureSuiteHeader`]) and one structure per line
//! in the JSON form of [`HeapScope::heap_json`](crate::structure::HeapScope::heap_json).
//! Its content depends only on its key, so the files are the same for any number of jobs
//! and a resumed run builds only the missing ones.

use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context as _, bail};
use serde::{Deserialize, Serialize};

use super::output::{self, SUITES_FOLDER, write_atomically};
use super::source::{Opening, Preparation, SourceError, TestSource, Tests};
use crate::experiment::{Experiment, TestBudget};
use crate::oracle::Verdict;
use crate::strategy::Strategy;
use crate::structure::Invariant;
use crate::structure::oracle::StructureSessions;
use crate::structure::suite::{StructureConfig, StructureOracle};
use crate::structure::suite::{StructureSuiteSpec, structure_suite};
use crate::structure::units::{UnitFinitization, finitization};
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
    /// The replicate's seed, for a suite drawn with one (random, seeded field-exhaustive;
    /// `None`: the suite ignores it).
    pub seed: Option<u64>,
}

impl StructureKey {
    /// The key of `config`'s suite for `subject` at `scope` in the replicate seeded `seed`.
    pub fn new(subject: &str, config: &StructureConfig, scope: usize, seed: u64) -> Self {
        StructureKey {
            subject: subject.to_string(),
            scope,
            spec: config.suite,
            seed: config.suite.uses_seed().then_some(seed),
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
    /// The seed of a suite drawn with one.
    pub seed: Option<u64>,
    /// Structures in the file.
    pub structures: usize,
    /// Candidates Korat ran the invariant on to build it (`None`: no enumeration).
    pub korat_candidates: Option<u64>,
    /// Solver calls of Algorithm 1 to build it (`None`: no SAT suite).
    pub solver_calls: Option<u64>,
}

/// A structure suite to have in place: its key, and j, the calls of its subject's context
/// (each structure gives that many test cases).
struct Needed {
    key: StructureKey,
    calls: u64,
}

/// The structure suites the structure runs of `experiment` need for the (subject,
/// replicate) pairs in `pairs`, in key order.
pub fn needed(experiment: &Experiment, pairs: &[(usize, u32)]) -> Vec<Box<dyn Preparation>> {
    let mut needed = BTreeMap::new();
    for run in experiment.phases.iter().flat_map(|phase| &phase.runs) {
        let Strategy::Structures(config) = &run.strategy else {
            continue;
        };
        for &(subject, replicate) in pairs {
            let plan = &experiment.subjects[subject];
            if !run.runs_on(plan.unit.class()) {
                continue;
            }
            let seed = experiment.replicate_seed(replicate);
            for &scope in &run.lengths {
                let key = StructureKey::new(plan.unit.class(), config, scope, seed);
                needed.insert(key, u64::from(plan.context.j()));
            }
        }
    }
    needed
        .into_iter()
        .map(|(key, calls)| Box::new(Needed { key, calls }) as Box<dyn Preparation>)
        .collect()
}

impl Needed {
    /// The test cases a suite of `structures` gives a structure run's cells.
    fn tests(&self, structures: usize) -> Tests {
        vec![(TestBudget::Structures, structures as u64 * self.calls)]
    }
}

impl Preparation for Needed {
    fn file(&self) -> PathBuf {
        self.key.file()
    }

    fn found(&self, path: &Path) -> anyhow::Result<Option<Tests>> {
        Ok(read_header(path)?.map(|header| self.tests(header.structures)))
    }

    fn make(&self, path: &Path) -> anyhow::Result<Tests> {
        Ok(self.tests(build(&self.key, path)?))
    }
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

/// A structure run's test cases from a counter on: test case k is structure `k / j` of
/// its suite with call `k mod j` of the context, run on gold and on the mutant under the
/// runner's guards and judged by the run's oracle (the structure oracle compares what they
/// leave). Gold runs afresh in every job (a test case is one call): nothing is replayed.
pub struct StructureCases<'a> {
    structures: Arc<[HeapFields]>,
    path: String,
    oracle: StructureOracle,
    /// The scope whose invariant the mutant's resulting instance is checked against.
    after: Box<dyn Invariant>,
    /// j: the calls of the context.
    calls: u64,
    at: Opening<'a>,
    /// The counter of the next test case.
    next: u64,
    /// The current test case's call.
    call: u32,
    /// Gold and the mutant started from the current test case's structure, and its place.
    sessions: Option<(usize, StructureSessions)>,
}

impl<'a> StructureCases<'a> {
    /// The test cases, from the opening's counter on, of the `structures` read from `path`,
    /// judged by `oracle`.
    ///
    /// # Errors
    /// A subject without a finitization.
    pub fn new(
        path: &Path,
        structures: Arc<[HeapFields]>,
        oracle: StructureOracle,
        at: Opening<'a>,
    ) -> Result<Self, SourceError> {
        let subject = at.unit.class();
        let found = finitization(subject).ok_or_else(|| SourceError {
            path: path.display().to_string(),
            message: format!("{subject} has no finitization"),
        })?;
        Ok(StructureCases {
            structures,
            path: path.display().to_string(),
            oracle,
            after: found.after_call(at.n, &at.context.pools().ints),
            calls: u64::from(at.context.j()),
            at,
            next: at.start,
            call: 0,
            sessions: None,
        })
    }
}

impl TestSource for StructureCases<'_> {
    fn advance(&mut self) -> Result<bool, SourceError> {
        let (structure, call) = (
            (self.next / self.calls) as usize,
            (self.next % self.calls) as u32,
        );
        let Some(heap) = self.structures.get(structure) else {
            return Ok(false);
        };
        if self
            .sessions
            .as_ref()
            .is_none_or(|(at, _)| *at != structure)
        {
            let at = self.at;
            let pair =
                StructureSessions::new(at.unit, at.context, heap, at.mutant).map_err(|e| {
                    SourceError {
                        path: self.path.clone(),
                        message: e.to_string(),
                    }
                })?;
            self.sessions = Some((structure, pair));
        }
        self.call = call;
        self.next += 1;
        Ok(true)
    }
    fn judge(&mut self) -> Option<Verdict> {
        let (_, pair) = self.sessions.as_mut().expect("advanced to a test case");
        let verdict = pair.judge(self.call, self.oracle.calls(), self.after.as_ref())?;
        Some(if self.oracle.compares_structures() {
            verdict.structure
        } else {
            verdict.paper
        })
    }
    fn calls(&self) -> u64 {
        1
    }
    fn index(&self) -> Option<String> {
        Some(self.call.to_string())
    }
}
