//! Jobs: a contiguous range of one cell's test cases, executed on gold and on a mutant.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::gold::{GoldCache, GoldKey, GoldRun};
use super::source::{CallCases, Opening, SourceError, TestSource, WalkCases};
use super::structures::{StructureCases, read_structures};
use super::suites::{SuiteCases, open_reader};
use crate::context::TestContext;
use crate::coverage::curve::RangeCoverage;
use crate::experiment::Until;
use crate::oracle::OracleKind;
use crate::oracle::{Corrections, Trace, Verdict, judge, judge_crash};
use crate::strategy::Strategy;
use crate::subject::refusals::refusing;
use crate::subject::{JavaException, MutantId, Session, Unit};
use crate::walk::Walk;

/// One job: the test cases `start..start + count` (or until the walk ends) of a strategy
/// at length n, run on gold and on one mutant of one subject.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// The subject's class name.
    pub subject: String,
    /// The mutant.
    pub mutant: MutantId,
    /// The strategy.
    pub strategy: Strategy,
    /// n (a generator's: the most calls in one test case).
    pub n: usize,
    /// A generator's or a structure run's suite file (written before any of its jobs run).
    #[serde(default)]
    pub suite: Option<std::path::PathBuf>,
    /// The strategy's seed.
    pub seed: u64,
    /// The first test-case counter.
    pub start: u64,
    /// At most this many test cases (`None`: until the walk ends or the time is up).
    pub count: Option<u64>,
    /// Stop at the first failing test case, or run the whole range.
    pub until: Until,
    /// Wall-clock cap in seconds.
    pub seconds: Option<f64>,
    /// The oracle.
    pub oracle: OracleKind,
    /// Run gold through the unit's coverage copy and record what it covered.
    #[serde(default)]
    pub coverage: bool,
    /// Stop once this many test cases hit a guard in the mutant.
    #[serde(default)]
    pub max_guarded: Option<u64>,
    /// Counters of test cases on which gold ended a worker in an earlier job of the same
    /// walk, ascending: each is abandoned without running (as its death would abandon it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abandon: Vec<u64>,
    /// Keys of calls with primitive inputs whose refused request ended a worker on gold in
    /// an earlier job of the subject: gold does not make them, and a test case that reaches
    /// one is abandoned as its death would abandon it ([`crate::subject::refusals`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refused: Vec<u64>,
}

impl Job {
    /// The walk it runs, as gold's runs are kept under: everything but the mutant, the
    /// count and the stopping rule.
    pub fn gold_key(&self) -> GoldKey {
        GoldKey {
            subject: self.subject.clone(),
            strategy: serde_json::to_string(&self.strategy).expect("strategies serialise"),
            suite: self.suite.clone(),
            n: self.n,
            seed: self.seed,
            start: self.start,
            strict: self.oracle == OracleKind::Strict,
            coverage: self.coverage,
        }
    }

    /// Its suite file; without one, an error saying `missing`.
    fn suite_file(&self, missing: &str) -> Result<&Path, SourceError> {
        self.suite.as_deref().ok_or_else(|| SourceError {
            path: String::new(),
            message: missing.into(),
        })
    }
}

/// Why a job stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stop {
    /// At the first failing test case.
    Failure,
    /// The walk has no more test cases (all z run).
    Exhausted,
    /// The range or budget was used up.
    Budget,
    /// The time cap.
    Time,
    /// The worker process died (a mutant aborted it).
    Crash,
    /// `max-guarded-tests` of its test cases hit a harness guard in the mutant.
    Guarded,
    /// The supervisor killed the worker after the watchdog time.
    Watchdog,
}

/// What a job found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobResult {
    /// Test cases run, counted from the job's start, up to and including the first failing
    /// one when stopping at the first failure.
    pub tests_run: u64,
    /// Failing test cases (the mutant killed).
    pub failing_tests: u64,
    /// Test cases in which the mutant hit a harness guard (fuel, depth, allocation).
    pub guarded_tests: u64,
    /// Test cases abandoned because their gold run hit a guard (more than
    /// [`GOLD_FUEL_BUDGET`](crate::subject::guard::GOLD_FUEL_BUDGET) fuel): not judged, the
    /// mutant not run; counted in `tests_run`.
    #[serde(default)]
    pub abandoned_tests: u64,
    /// Counter of the first failing test case.
    pub first_failure: Option<u64>,
    /// Decimal test-case index of the first failing test case.
    pub first_failure_index: Option<String>,
    /// Method calls executed on the mutant (gold executes as many).
    pub method_calls: u64,
    /// CPU seconds of the job (gold and mutant).
    pub cpu_seconds: f64,
    /// CPU seconds from the job's start to the end of its first failing test case.
    pub first_failure_cpu_seconds: Option<f64>,
    /// Why it stopped.
    pub stop: Stop,
    /// What gold covered (`None`: coverage off, or the unit has no coverage copy).
    #[serde(default)]
    pub coverage: Option<RangeCoverage>,
    /// Why the worker died, for a job that ended in a confirmed crash: the signal or exit
    /// status and the last lines it wrote on stderr ([`crate::runner::worker::Death`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crash_cause: Option<String>,
}

impl JobResult {
    /// The result of a job whose worker died or was killed.
    pub fn lost(stop: Stop, cpu_seconds: f64) -> Self {
        JobResult {
            tests_run: 0,
            failing_tests: 0,
            guarded_tests: 0,
            abandoned_tests: 0,
            first_failure: None,
            first_failure_index: None,
            method_calls: 0,
            cpu_seconds,
            first_failure_cpu_seconds: None,
            stop,
            coverage: None,
            crash_cause: None,
        }
    }

    /// Whether the job stops before its next test case: the stop if its count is used up
    /// or its `deadline` passed.
    pub(super) fn limit(&self, job: &Job, deadline: Option<Instant>) -> Option<Stop> {
        if job.count.is_some_and(|c| self.tests_run >= c) {
            Some(Stop::Budget)
        } else if deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stop::Time)
        } else {
            None
        }
    }

    /// Counts the verdict on the job's test case `counter` (already counted in
    /// `tests_run`): `cpu` gives the CPU seconds so far and `index` the test case's index,
    /// asked for at a first failure only. The stop it calls for, if any: `max-guarded-tests`
    /// reached, or a failure when the job stops at the first.
    pub(super) fn tally(
        &mut self,
        verdict: Verdict,
        job: &Job,
        counter: u64,
        cpu: impl FnOnce() -> f64,
        index: impl FnOnce() -> Option<String>,
    ) -> Option<Stop> {
        match verdict {
            Verdict::Pass => None,
            Verdict::Guarded => {
                self.guarded_tests += 1;
                job.max_guarded
                    .is_some_and(|m| self.guarded_tests >= m)
                    .then_some(Stop::Guarded)
            }
            Verdict::Fail => {
                self.failing_tests += 1;
                if self.first_failure.is_none() {
                    self.first_failure_cpu_seconds = Some(cpu());
                    self.first_failure = Some(counter);
                    self.first_failure_index = index();
                }
                (job.until == Until::FirstFailure).then_some(Stop::Failure)
            }
        }
    }

    /// The outcome a cell with this result records: `killed` if a test case failed,
    /// else `crash` if the worker died, else `timeout` if the watchdog fired or a test
    /// case hit a harness guard (fuel, depth, allocation), else `survived`. Timeouts and
    /// crashes are never counted as kills or survivals.
    pub fn outcome(&self) -> &'static str {
        if self.failing_tests > 0 {
            "killed"
        } else if self.stop == Stop::Crash {
            "crash"
        } else if self.stop == Stop::Watchdog || self.guarded_tests > 0 {
            "timeout"
        } else {
            "survived"
        }
    }
}

/// Errors preparing a job.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// The subject is not in the experiment.
    #[error("subject {0} is not in the experiment")]
    UnknownSubject(String),
    /// The unit has no such mutant.
    #[error("{subject} has no mutant {mutant}")]
    UnknownMutant {
        /// The subject.
        subject: String,
        /// The mutant id.
        mutant: MutantId,
    },
    /// A job without its suite file, or a suite file that cannot be read.
    #[error(transparent)]
    Source(#[from] SourceError),
}

/// CPU time of the calling process, in seconds.
pub fn process_cpu_seconds() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes into the timespec we own; CLOCK_PROCESS_CPUTIME_ID is valid.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    if rc == 0 {
        ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
    } else {
        0.0
    }
}

/// Executes a job in this process: for each test case, a gold trace and a mutant trace,
/// judged by the oracle. Gold is computed afresh (see [`execute_with`] to keep it).
pub fn execute(
    job: &Job,
    unit: &dyn Unit,
    context: &Arc<TestContext>,
) -> Result<JobResult, JobError> {
    execute_with(job, unit, context, &mut GoldCache::new(0))
}

/// Executes a job with gold's runs of its walk taken from `cache` where they were already
/// computed, and kept there for the next mutant (and its suite file read once for the
/// jobs that follow). The result is the same as without the cache in every field but the
/// CPU times, which count each replayed gold run at the CPU time it took when it was
/// computed.
pub fn execute_with(
    job: &Job,
    unit: &dyn Unit,
    context: &Arc<TestContext>,
    cache: &mut GoldCache,
) -> Result<JobResult, JobError> {
    let mut walk = None;
    let result = {
        let mut source = open(job, unit, context, cache, &mut walk)?;
        run(job, source.as_mut())?
    };
    cache.trim();
    Ok(result)
}

/// The source of `job`'s test cases: a walk's (built into `walk`), a generated suite's or
/// a structure run's, its files read through `cache`.
fn open<'a>(
    job: &'a Job,
    unit: &'a dyn Unit,
    context: &'a Arc<TestContext>,
    cache: &'a mut GoldCache,
    walk: &'a mut Option<Box<dyn Walk>>,
) -> Result<Box<dyn TestSource + 'a>, JobError> {
    let at = Opening {
        unit,
        context,
        mutant: job.mutant,
        n: job.n,
        start: job.start,
    };
    let cases: Box<dyn CallCases + 'a> = match &job.strategy {
        Strategy::Walk(config) => {
            let walk: &'a dyn Walk = &**walk.insert(config.build(context, job.n, job.seed));
            Box::new(WalkCases::new(walk, at))
        }
        Strategy::Generator(_) => {
            let path = job.suite_file("a generator's job names no suite file")?;
            let reader = cache.suite(path, || open_reader(path, unit, context))?;
            Box::new(SuiteCases::new(reader, path, at))
        }
        Strategy::Structures(config) => {
            let path = job.suite_file("a structure run's job names no suite file")?;
            let structures = cache.structures(path, || {
                read_structures(path, usize::MAX)
                    .map(|(_, structures)| structures)
                    .map_err(|e| SourceError {
                        path: path.display().to_string(),
                        message: format!("{e:#}"),
                    })
            })?;
            let cases = StructureCases::new(path, structures, config.oracle, at, job.coverage)?;
            return Ok(Box::new(cases));
        }
    };
    let run = cache.run(job.gold_key());
    Ok(Box::new(TracedCases::new(job, at, run, cases)?))
}

/// Runs `source`'s test cases for `job` until its count, its time cap, the source's end,
/// or a stop the verdicts call for.
fn run(job: &Job, source: &mut dyn TestSource) -> Result<JobResult, SourceError> {
    let cpu_start = process_cpu_seconds();
    let started = Instant::now();
    let deadline = job.seconds.map(|s| started + Duration::from_secs_f64(s));
    let mut result = JobResult::lost(Stop::Budget, 0.0);
    loop {
        if let Some(stop) = result.limit(job, deadline) {
            result.stop = stop;
            break;
        }
        if !source.advance()? {
            result.stop = Stop::Exhausted;
            break;
        }
        let counter = job.start + result.tests_run;
        result.tests_run += 1;
        super::beacon::mark_test_case(counter);
        if job.abandon.binary_search(&counter).is_ok() && source.abandon() {
            result.abandoned_tests += 1;
            continue;
        }
        let Some(verdict) = source.judge() else {
            result.abandoned_tests += 1;
            continue;
        };
        result.method_calls += source.calls();
        let cpu = || process_cpu_seconds() - cpu_start + source.replayed_cpu_seconds();
        if let Some(stop) = result.tally(verdict, job, counter, cpu, || source.index()) {
            result.stop = stop;
            break;
        }
    }
    result.cpu_seconds = process_cpu_seconds() - cpu_start + source.replayed_cpu_seconds();
    result.coverage = source.coverage();
    Ok(result)
}

/// Call cases run on gold, replayed from the job's gold run where an earlier job computed
/// it, and on the mutant (its fuel budget from gold's on each test case; a test case
/// starting with calls the mutant was already guarded on is guarded without running);
/// the job's oracle compares the traces.
struct TracedCases<'a> {
    cases: Box<dyn CallCases + 'a>,
    gold: GoldSide<'a>,
    /// Calls gold does not make ([`Job::refused`]).
    refused: Vec<u64>,
    run: &'a mut GoldRun,
    mutant: Box<dyn Session>,
    /// Versions that fixed gold's own faults: a failure they explain passes.
    corrections: Corrections,
    oracle: OracleKind,
    /// Whether the target is gold itself, judged by the crash oracle.
    gold_target: bool,
    guarded_prefix: GuardedPrefix,
    /// The first test-case counter.
    start: u64,
    /// Test cases judged so far.
    judged: usize,
    replayed_cpu: f64,
}

impl<'a> TracedCases<'a> {
    fn new(
        job: &'a Job,
        at: Opening<'a>,
        run: &'a mut GoldRun,
        cases: Box<dyn CallCases + 'a>,
    ) -> Result<Self, JobError> {
        let mutant = at
            .unit
            .mutant_session(at.context.clone(), job.mutant)
            .ok_or_else(|| JobError::UnknownMutant {
                subject: job.subject.clone(),
                mutant: job.mutant,
            })?;
        Ok(TracedCases {
            cases,
            gold: GoldSide::new(job, at.unit, at.context),
            refused: job.refused.clone(),
            run,
            mutant,
            corrections: Corrections::new(at.unit.gold_corrections(at.context.clone())),
            oracle: job.oracle,
            gold_target: job.mutant == crate::subject::GOLD,
            guarded_prefix: GuardedPrefix::default(),
            start: job.start,
            judged: 0,
            replayed_cpu: 0.0,
        })
    }
}

impl TestSource for TracedCases<'_> {
    fn advance(&mut self) -> Result<bool, SourceError> {
        self.cases.advance()
    }
    fn judge(&mut self) -> Option<Verdict> {
        let i = self.judged;
        self.judged += 1;
        let strict = self.oracle == OracleKind::Strict;
        if i < self.run.len() {
            self.replayed_cpu += self.run.case(i).cpu_seconds;
        } else {
            // Gold as a target crashing is the target's crash.
            super::beacon::mark_side(if self.gold_target {
                super::beacon::Side::Target
            } else {
                super::beacon::Side::Gold
            });
            let refused = &self.refused;
            self.gold
                .compute(self.run, self.cases.as_ref(), strict, refused);
        }
        self.gold.add_coverage(self.run, i, self.start + i as u64);
        let gold_case = self.run.case(i);
        if gold_case.trace.guard.is_some() {
            return None;
        }
        if self.gold_target {
            return Some(judge_crash(&gold_case.trace));
        }
        // The mutant's fuel budget follows gold's fuel on the same test case.
        let budget = gold_case.fuel.map(crate::subject::guard::mutant_budget);
        let digits = self.cases.digits();
        if digits.is_some_and(|case| self.guarded_prefix.covers(case, budget)) {
            return Some(Verdict::Guarded);
        }
        if let Some(budget) = budget {
            self.mutant.set_fuel_budget(budget);
        }
        super::beacon::mark_side(super::beacon::Side::Target);
        let mutant_trace = self.cases.run(self.mutant.as_mut(), strict);
        if let Some(case) = digits {
            self.guarded_prefix.note(case, budget, &mutant_trace);
        }
        let verdict = judge(self.oracle, &gold_case.trace, &mutant_trace);
        if verdict == Verdict::Fail && !self.corrections.is_empty() {
            // Corrections are gold's side: a death there abandons the test case.
            super::beacon::mark_side(super::beacon::Side::Gold);
            let cases = self.cases.as_ref();
            let verdict = self
                .corrections
                .judge(self.oracle, verdict, &mutant_trace, |session| {
                    cases.run(session, strict)
                });
            // The target's session ends on its own side, should the job end here.
            super::beacon::mark_side(super::beacon::Side::Target);
            return Some(verdict);
        }
        Some(verdict)
    }
    fn abandon(&mut self) -> bool {
        let i = self.judged;
        self.judged += 1;
        if i >= self.run.len() {
            self.run.record_abandoned();
        }
        self.gold.add_coverage(self.run, i, self.start + i as u64);
        true
    }
    fn calls(&self) -> u64 {
        self.cases.calls()
    }
    fn index(&self) -> Option<String> {
        self.cases.index()
    }
    fn replayed_cpu_seconds(&self) -> f64 {
        self.replayed_cpu
    }
    fn coverage(&mut self) -> Option<RangeCoverage> {
        self.gold.range.take()
    }
}

/// Gold's side of a job: the session that computes what the cache lacks (made at the
/// first test case it lacks), and the coverage of the job's range.
struct GoldSide<'a> {
    unit: &'a dyn Unit,
    context: &'a Arc<TestContext>,
    session: Option<Box<dyn crate::subject::Session>>,
    /// Probe ids of the unit's coverage copy (0: coverage off or no copy).
    probes: usize,
    range: Option<RangeCoverage>,
}

impl<'a> GoldSide<'a> {
    fn new(job: &'a Job, unit: &'a dyn Unit, context: &'a Arc<TestContext>) -> Self {
        let probes = if job.coverage {
            unit.probes().map_or(0, |table| table.probes.len())
        } else {
            0
        };
        GoldSide {
            unit,
            context,
            session: None,
            probes,
            range: (probes > 0).then(|| RangeCoverage::new(probes)),
        }
    }

    /// Runs gold on the current test case of `cases` and records it in `run`; a test case
    /// that reaches a call of `refused` is recorded as one on which gold ended a worker.
    fn compute(&mut self, run: &mut GoldRun, cases: &dyn CallCases, strict: bool, refused: &[u64]) {
        let session = self.session.get_or_insert_with(|| {
            // Gold runs through the coverage copy (the same fuel as through the schemata)
            // when coverage is asked for and the unit has one.
            let mut session: Box<dyn crate::subject::Session> = if self.probes > 0 {
                Box::new(
                    self.unit
                        .coverage_session(self.context.clone())
                        .expect("a unit with probes has a coverage copy"),
                )
            } else {
                self.unit
                    .mutant_session(self.context.clone(), crate::subject::GOLD)
                    .expect("every unit has a gold version")
            };
            session.set_fuel_budget(crate::subject::guard::GOLD_FUEL_BUDGET);
            session
        });
        let cpu_start = process_cpu_seconds();
        let (gold_trace, met) = refusing(refused, || cases.run(session.as_mut(), strict));
        if met {
            run.record_abandoned();
            return;
        }
        let fuel = session.fuel_used();
        // The coverage session's reset cleared the thread's flags for this test case.
        let probes = self.probes;
        let reached = |f: &mut dyn FnMut(usize)| crate::subject::probes::reached(probes, f);
        let cpu = process_cpu_seconds() - cpu_start;
        run.record(gold_trace, fuel, cpu, probes, reached);
    }

    /// Adds the `i`-th test case's coverage (the cell's `counter`-th) to the job's range.
    fn add_coverage(&mut self, run: &GoldRun, i: usize, counter: u64) {
        if let Some(range) = self.range.as_mut() {
            for &id in run.newly_covered(i) {
                range.reach(id, counter + 1);
            }
            range.end_of_test_case(counter + 1);
        }
    }
}

/// The calls of the last test case whose mutant run hit a guard, up to and including the
/// guarded call, and the largest fuel budget it was guarded with. A later test case that
/// starts with the same calls is guarded too, without running: the mutant executes those
/// calls exactly as before (execution is deterministic and the pools start afresh), so a
/// depth or allocation guard trips again, or fuel runs out first; and a budget no larger
/// than one that ran out runs out again, at the same call or an earlier one. Under
/// bounded-exhaustive walks, where the last call varies fastest, this skips whole
/// subtrees of a mutant that loops forever.
#[derive(Debug, Default)]
struct GuardedPrefix {
    /// `None` until the mutant was first guarded.
    last: Option<Guarded>,
}

/// A guarded run: its calls up to the guarded one, and the largest budget that ran out
/// (`None`: a depth or allocation guard, which trips whatever the budget).
#[derive(Debug)]
struct Guarded {
    calls: Vec<u32>,
    timeout_budget: Option<u64>,
}

impl GuardedPrefix {
    /// Whether the mutant is guarded on `case` with `budget`, known without running it.
    fn covers(&self, case: &[u32], budget: Option<u64>) -> bool {
        self.last.as_ref().is_some_and(|last| {
            case.starts_with(&last.calls)
                && match (last.timeout_budget, budget) {
                    (None, _) => true,
                    (Some(ran_out), Some(budget)) => budget <= ran_out,
                    (Some(_), None) => false,
                }
        })
    }

    /// Notes the mutant's run of `case` with `budget`.
    fn note(&mut self, case: &[u32], budget: Option<u64>, mutant: &Trace) {
        let Some(guard) = mutant.guard else { return };
        let prefix = &case[..mutant.steps as usize];
        let timeout_budget = match guard {
            JavaException::Timeout => match budget {
                Some(budget) => Some(budget),
                None => return, // a budget we do not know cannot be compared
            },
            _ => None,
        };
        match &mut self.last {
            Some(last) if last.calls == prefix => {
                last.timeout_budget = last
                    .timeout_budget
                    .zip(timeout_budget)
                    .map(|(a, b)| a.max(b));
            }
            _ => {
                self.last = Some(Guarded {
                    calls: prefix.to_vec(),
                    timeout_budget,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::TestContext;
    use crate::subject::{GOLD, registry};

    fn without_cpu(mut result: JobResult) -> JobResult {
        result.cpu_seconds = 0.0;
        result.first_failure_cpu_seconds = result.first_failure_cpu_seconds.map(|_| 0.0);
        result
    }

    /// Every fifth mutant of ArrayList, each walking the same R(32) test cases (with
    /// coverage, under both oracles, first to the first failure and then to the budget, in
    /// two chunks): the jobs sharing one cache give what fresh jobs give, CPU aside, and
    /// the cache keeps one walk per (oracle, chunk start).
    fn walk_job(mutant: u32, seed: u64) -> Job {
        Job {
            subject: "Vector".into(),
            mutant,
            strategy: Strategy::Walk(crate::walk::WalkConfig::of(crate::walk::WalkKind::RANDOM)),
            n: 8,
            suite: None,
            max_guarded: None,
            abandon: Vec::new(),
            refused: Vec::new(),
            seed,
            start: 0,
            count: Some(10),
            until: Until::Budget,
            seconds: None,
            oracle: OracleKind::Paper,
            coverage: true,
        }
    }

    #[test]
    fn jobs_of_different_mutants_share_one_walk_and_other_seeds_do_not() {
        assert_eq!(walk_job(3, 1).gold_key(), walk_job(9, 1).gold_key());
        assert_ne!(walk_job(3, 1).gold_key(), walk_job(3, 2).gold_key());
        let mut later = walk_job(3, 1);
        later.start = 20_000;
        assert_ne!(walk_job(3, 1).gold_key(), later.gold_key());
    }

    #[test]
    fn jobs_replaying_gold_from_a_shared_cache_give_what_fresh_jobs_give() {
        let unit = registry().find("ArrayList").unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let mut cache = GoldCache::new(crate::runner::gold::DEFAULT_LIMIT_BYTES);
        let mut compared = 0;
        for mutant in unit.mutants().iter().step_by(5).map(|m| m.id) {
            for oracle in [OracleKind::Paper, OracleKind::Strict] {
                for (start, until) in [
                    (0, Until::FirstFailure),
                    (0, Until::Budget),
                    (60, Until::Budget),
                ] {
                    let job = Job {
                        subject: "ArrayList".into(),
                        mutant,
                        strategy: Strategy::Walk(crate::walk::WalkConfig::of(
                            crate::walk::WalkKind::RANDOM,
                        )),
                        suite: None,
                        max_guarded: None,
                        abandon: Vec::new(),
                        refused: Vec::new(),
                        n: 32,
                        seed: 7,
                        start,
                        count: Some(60),
                        until,
                        seconds: None,
                        oracle,
                        coverage: true,
                    };
                    let fresh = execute(&job, unit, &context).unwrap();
                    let replayed = execute_with(&job, unit, &context, &mut cache).unwrap();
                    assert!(fresh.coverage.is_some());
                    assert_eq!(without_cpu(replayed), without_cpu(fresh), "{job:?}");
                    compared += 1;
                }
            }
        }
        assert!(compared > 100, "{compared} jobs");
        assert_eq!(cache.len(), 4, "one walk per oracle and chunk start");
    }

    /// A job judging gold itself on Vector's R(n) walk from `seed`, test cases `start` to
    /// `start + count`.
    fn vector_gold_walk(n: usize, seed: u64, start: u64, count: u64) -> Job {
        Job {
            subject: "Vector".into(),
            mutant: GOLD,
            strategy: Strategy::Walk(crate::walk::WalkConfig::of(crate::walk::WalkKind::RANDOM)),
            suite: None,
            max_guarded: None,
            abandon: Vec::new(),
            refused: Vec::new(),
            n,
            seed,
            start,
            count: Some(count),
            until: Until::Budget,
            seconds: None,
            oracle: OracleKind::Paper,
            coverage: false,
        }
    }

    /// Test cases a job is told to abandon (gold ended a worker on them in an earlier job
    /// of the walk) are counted as abandoned without running, and a later job replaying the
    /// walk's gold from the same cache abandons them too.
    #[test]
    fn test_cases_known_to_end_gold_are_abandoned_without_running() {
        let unit = registry().find("Vector").unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let job = vector_gold_walk(16, 7, 10, 40);
        let plain = execute(&job, unit, &context).unwrap();
        assert_eq!(plain.abandoned_tests, 0);
        let told = Job {
            abandon: vec![13, 17, 60],
            ..job.clone()
        };
        let mut cache = GoldCache::new(usize::MAX);
        let result = execute_with(&told, unit, &context, &mut cache).unwrap();
        assert_eq!((result.tests_run, result.abandoned_tests), (40, 2));
        assert_eq!(result.method_calls, plain.method_calls - 2 * 16);
        let replayed = execute_with(&job, unit, &context, &mut cache).unwrap();
        assert_eq!(
            replayed.abandoned_tests, 2,
            "the cache keeps them abandoned"
        );
    }

    /// Vector's R(1024) test cases include some that grow the vector to millions of
    /// elements (`setSize` with a large `int`, `addAll` of itself) and scan it
    /// quadratically; their gold runs exceed [`GOLD_FUEL_BUDGET`] and are abandoned, the
    /// rest are judged (gold as a target, by the crash oracle: the port never panics).
    ///
    /// [`GOLD_FUEL_BUDGET`]: crate::subject::guard::GOLD_FUEL_BUDGET
    #[test]
    fn test_cases_whose_gold_run_exceeds_its_fuel_are_abandoned_not_judged() {
        let unit = registry().find("Vector").unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let job = vector_gold_walk(1024, 2010, 0, 100);
        let result = execute(&job, unit, &context).unwrap();
        assert_eq!((result.tests_run, result.failing_tests), (100, 0));
        assert!(
            (1..20).contains(&result.abandoned_tests),
            "abandoned {}",
            result.abandoned_tests
        );
        assert_eq!(result.guarded_tests, 0);
        assert_eq!(
            result.method_calls,
            (100 - result.abandoned_tests) * 1024,
            "the mutant runs only the judged test cases"
        );
    }
}
