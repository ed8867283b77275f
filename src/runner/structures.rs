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
use crate::coverage::curve::RangeCoverage;
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
/// With coverage, gold runs through the unit's coverage copy started from the same
/// structure, and a test case covers the probes its one call reaches: building the
/// structure is set-up, not the unit's code at work, and counts for nothing.
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
    /// What gold covered in the job's test cases so far (`None`: not recorded).
    range: Option<RangeCoverage>,
}

impl<'a> StructureCases<'a> {
    /// The test cases, from the opening's counter on, of the `structures` read from `path`,
    /// judged by `oracle`; with `coverage`, what gold covers is recorded if the unit has a
    /// coverage copy that starts from structures ([`crate::subject::Unit::coverage_heap_session`]).
    ///
    /// # Errors
    /// A subject without a finitization.
    pub fn new(
        path: &Path,
        structures: Arc<[HeapFields]>,
        oracle: StructureOracle,
        at: Opening<'a>,
        coverage: bool,
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
            range: coverage
                .then(|| at.unit.probes())
                .flatten()
                .map(|table| RangeCoverage::new(table.probes.len())),
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
            let pair = if self.range.is_some() {
                StructureSessions::with_coverage(at.unit, at.context, heap, at.mutant)
            } else {
                StructureSessions::new(at.unit, at.context, heap, at.mutant)
            };
            let pair = pair.map_err(|e| SourceError {
                path: self.path.clone(),
                message: e.to_string(),
            })?;
            self.sessions = Some((structure, pair));
        }
        self.call = call;
        self.next += 1;
        Ok(true)
    }
    fn judge(&mut self) -> Option<Verdict> {
        let (_, pair) = self.sessions.as_mut().expect("advanced to a test case");
        let verdict = pair.judge(self.call, self.oracle.calls(), self.after.as_ref());
        // Gold's call ran (an abandoned one too, as for the other sources): its probes
        // count, and this test case is the cell's `next`-th.
        if let Some(range) = self.range.as_mut() {
            pair.gold_reached(|id| {
                range.covered.insert(id);
            });
            range.end_of_test_case(self.next);
        }
        let verdict = verdict?;
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
    fn coverage(&mut self) -> Option<RangeCoverage> {
        self.range.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::TestContext;
    use crate::coverage::curve::CellCoverage;
    use crate::coverage::{ProbeSet, branch_mask};
    use crate::experiment::Until;
    use crate::oracle::OracleKind;
    use crate::runner::job::{Job, execute};
    use crate::structure::suite::StructureSuiteKind;
    use crate::subject::heap::HeapBuild;
    use crate::subject::{Session, guard, probes, registry};

    fn config(kind: StructureSuiteKind, structures: Option<u64>) -> StructureConfig {
        StructureConfig {
            suite: StructureSuiteSpec {
                kind,
                structures,
                korat_budget: 10_000_000,
                seeded: false,
            },
            oracle: StructureOracle::Structure,
        }
    }

    /// The suite file of `config` for `subject` at `scope`, built into `dir`.
    fn suite_file(dir: &Path, subject: &str, config: &StructureConfig, scope: usize) -> PathBuf {
        let key = StructureKey::new(subject, config, scope, 7);
        let path = dir.join(key.file());
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        build(&key, &path).unwrap();
        path
    }

    /// A job over the test cases `start..start + count` of the suite at `path`, on the
    /// unit's first mutant, to the end of its budget, recording coverage.
    fn job(subject: &str, config: StructureConfig, scope: usize, path: &Path) -> Job {
        let unit = registry().find(subject).unwrap();
        Job {
            subject: subject.into(),
            mutant: unit.mutants()[0].id,
            strategy: Strategy::Structures(config),
            n: scope,
            suite: Some(path.to_path_buf()),
            seed: 7,
            start: 0,
            count: None,
            until: Until::Budget,
            seconds: None,
            oracle: OracleKind::Paper,
            coverage: true,
            max_guarded: None,
            abandon: Vec::new(),
            refused: Vec::new(),
        }
    }

    /// What the job's test cases covered, run by the runner.
    fn covered(job: &Job) -> RangeCoverage {
        let unit = registry().find(&job.subject).unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        execute(job, unit, &context).unwrap().coverage.unwrap()
    }

    /// The same test cases run by hand: a plain coverage session of the unit's coverage
    /// copy `C` (not a structure session), the structure built by `C`'s own glue and put
    /// into object slot 0 after each reset, then the call; probes read after each call.
    fn covered_by_hand<C: HeapBuild + Send + 'static>(subject: &str, path: &Path) -> RangeCoverage {
        let unit = registry().find(subject).unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let mut session = unit.coverage_session(context.clone()).unwrap();
        session.set_fuel_budget(guard::GOLD_FUEL_BUDGET);
        let (_, structures) = read_structures(path, usize::MAX).unwrap();
        let mut expected = RangeCoverage::new(unit.probes().unwrap().probes.len());
        let mut tests = 0;
        for heap in &structures {
            let object = C::from_heap(heap);
            for call in 0..context.j() {
                session.reset();
                session.put_object(0, &object);
                let _ = session.step(call);
                session.reached(|id| {
                    expected.covered.insert(id);
                });
                tests += 1;
                expected.end_of_test_case(tests);
            }
        }
        expected
    }

    type LinkedListCopy = crate::subjects::coverage::linked_list::LinkedList;
    type TreeMapCopy = crate::subjects::coverage::tree_map::TreeMap;

    #[test]
    fn a_structure_cell_covers_what_its_calls_cover_on_the_coverage_copy_from_its_structures() {
        let dir = tempfile::tempdir().unwrap();
        let sat = config(StructureSuiteKind::FieldExhaustiveSat, None);
        for (subject, scope) in [("LinkedList", 3), ("TreeMap", 4)] {
            let path = suite_file(dir.path(), subject, &sat, scope);
            let whole = covered(&job(subject, sat, scope, &path));
            let by_hand = if subject == "LinkedList" {
                covered_by_hand::<LinkedListCopy>(subject, &path)
            } else {
                covered_by_hand::<TreeMapCopy>(subject, &path)
            };
            assert_eq!(whole, by_hand, "{subject}");
            let unit = registry().find(subject).unwrap();
            let (_, structures) = read_structures(&path, usize::MAX).unwrap();
            let j = TestContext::paper(unit).unwrap().j();
            let tests = structures.len() as u64 * u64::from(j);
            let cell = CellCoverage::of(&whole, &branch_mask(unit.probes().unwrap()), tests);
            assert!(cell.branches_covered > 10, "{subject}: {cell:?}");
            assert!(cell.at[2].is_some(), "{subject}: past 100 test cases");
            // In two chunks, appended in counter order, as the runner merges a cell.
            let mut first = job(subject, sat, scope, &path);
            first.count = Some(37);
            let mut rest = job(subject, sat, scope, &path);
            rest.start = 37;
            let mut chunks = covered(&first);
            chunks.append(covered(&rest));
            assert_eq!(chunks, whole, "{subject} in chunks");
        }
    }

    #[test]
    fn an_empty_structure_suite_covers_nothing_and_building_a_structure_reaches_no_probe() {
        let dir = tempfile::tempdir().unwrap();
        let none = config(StructureSuiteKind::Random, Some(0));
        let sat = config(StructureSuiteKind::FieldExhaustiveSat, None);
        for subject in ["LinkedList", "TreeMap"] {
            let unit = registry().find(subject).unwrap();
            let path = suite_file(dir.path(), subject, &none, 3);
            let empty = covered(&job(subject, none, 3, &path));
            let cell = CellCoverage::of(&empty, &branch_mask(unit.probes().unwrap()), 0);
            assert_eq!(cell.branches_covered, 0, "{subject}");
            assert_eq!(cell.at, [None; 7], "{subject}");
            assert!(cell.branches_total > 0);

            let context = Arc::new(TestContext::paper(unit).unwrap());
            let (_, structures) =
                read_structures(&suite_file(dir.path(), subject, &sat, 3), usize::MAX).unwrap();
            let probes = unit.probes().unwrap().probes.len();
            for heap in &structures {
                probes::clear(probes);
                let mut session = unit
                    .coverage_heap_session(context.clone(), 0, heap)
                    .unwrap()
                    .unwrap();
                let mut reached = Vec::new();
                probes::reached(probes, |id| reached.push(id));
                session.reset();
                session.reached(|id| reached.push(id));
                assert!(
                    reached.is_empty(),
                    "{subject}: building {heap:?} reached {reached:?}"
                );
                assert_eq!(session.object_heap(0).as_ref(), Some(heap), "{subject}");
            }
        }
    }

    #[test]
    fn bounded_exhaustive_suites_cover_at_least_what_smaller_scopes_cover() {
        let dir = tempfile::tempdir().unwrap();
        let be = config(StructureSuiteKind::BoundedExhaustive, None);
        for subject in ["LinkedList", "TreeMap"] {
            let unit = registry().find(subject).unwrap();
            let branches = branch_mask(unit.probes().unwrap());
            let mut smaller: Option<ProbeSet> = None;
            let mut counts = Vec::new();
            for scope in 0..=4 {
                let path = suite_file(dir.path(), subject, &be, scope);
                // Coverage is gold's: the mutant does not matter.
                let mut cell = job(subject, be, scope, &path);
                cell.mutant = crate::subject::GOLD;
                let covered = covered(&cell).covered;
                if let Some(smaller) = &smaller {
                    let mut union = covered.clone();
                    union.union_with(smaller);
                    assert_eq!(
                        union,
                        covered,
                        "{subject}: scope {scope} misses some of {}",
                        scope - 1
                    );
                }
                counts.push(covered.count_in(&branches));
                smaller = Some(covered);
            }
            assert!(counts[4] > counts[1], "{subject}: {counts:?}");
        }
    }
}
