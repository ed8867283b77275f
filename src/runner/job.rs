//! Jobs: a contiguous range of one cell's test cases, executed on gold and on a mutant.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::coverage::curve::RangeCoverage;
use crate::experiment::{OracleKind, Until};
use crate::oracle::{Verdict, judge, trace};
use crate::strategy::StrategyKind;
use crate::subject::{MutantId, Unit};

/// One job: the test cases `start..start + count` (or until the walk ends) of a strategy
/// at length n, run on gold and on one mutant of one subject.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// The subject's class name.
    pub subject: String,
    /// The mutant.
    pub mutant: MutantId,
    /// The strategy.
    pub strategy: StrategyKind,
    /// n.
    pub n: usize,
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
/// judged by the oracle.
pub fn execute(
    job: &Job,
    unit: &dyn Unit,
    context: &Arc<crate::context::TestContext>,
) -> Result<JobResult, JobError> {
    // Gold runs through the coverage copy (the same fuel as through the schemata) when
    // coverage is asked for and the unit has one.
    let mut covered = job
        .coverage
        .then(|| unit.coverage_session(Arc::clone(context)))
        .flatten();
    let mut schemata_gold = match covered {
        Some(_) => None,
        None => Some(
            unit.mutant_session(Arc::clone(context), crate::subject::GOLD)
                .expect("every unit has a gold version"),
        ),
    };
    let probes = covered.as_ref().map_or(0, |c| c.table().probes.len());
    let mut range = covered.as_ref().map(|_| RangeCoverage::new(probes));
    let mut mutant = unit
        .mutant_session(Arc::clone(context), job.mutant)
        .ok_or_else(|| JobError::UnknownMutant {
            subject: job.subject.clone(),
            mutant: job.mutant,
        })?;
    let strategy = job.strategy.build(context.call_space(), job.n, job.seed);
    let strict = job.oracle == OracleKind::Strict;
    let cpu_start = process_cpu_seconds();
    let started = Instant::now();
    let deadline = job.seconds.map(|s| started + Duration::from_secs_f64(s));
    let mut cursor = strategy.cursor(job.start);
    let mut case = vec![0u32; job.n];
    let mut result = JobResult::lost(Stop::Budget, 0.0);
    let gold: &mut dyn crate::subject::Session = match (&mut covered, &mut schemata_gold) {
        (Some(c), _) => c,
        (None, Some(s)) => s.as_mut(),
        (None, None) => unreachable!("one gold session"),
    };
    gold.set_fuel_budget(crate::subject::guard::GOLD_FUEL_BUDGET);
    loop {
        if job.count.is_some_and(|c| result.tests_run >= c) {
            result.stop = Stop::Budget;
            break;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            result.stop = Stop::Time;
            break;
        }
        if !cursor.next_case(&mut case) {
            result.stop = Stop::Exhausted;
            break;
        }
        let counter = job.start + result.tests_run;
        result.tests_run += 1;
        let gold_trace = trace(gold, &case, strict);
        if let Some(range) = range.as_mut() {
            // The coverage session's reset cleared the thread's flags for this test case.
            crate::subject::coverage::reached(probes, |id| {
                range.covered.insert(id);
            });
            range.end_of_test_case(counter + 1);
        }
        if gold_trace.guard.is_some() {
            result.abandoned_tests += 1;
            continue;
        }
        result.method_calls += job.n as u64;
        // The mutant's fuel budget follows gold's fuel on the same test case.
        if let Some(fuel) = gold.fuel_used() {
            mutant.set_fuel_budget(crate::subject::guard::mutant_budget(fuel));
        }
        let mutant_trace = trace(mutant.as_mut(), &case, strict);
        match judge(job.oracle, &gold_trace, &mutant_trace) {
            Verdict::Pass => {}
            Verdict::Guarded => result.guarded_tests += 1,
            Verdict::Fail => {
                result.failing_tests += 1;
                if result.first_failure.is_none() {
                    result.first_failure_cpu_seconds = Some(process_cpu_seconds() - cpu_start);
                    result.first_failure = Some(counter);
                    result.first_failure_index = Some(
                        context
                            .codec(job.n)
                            .encode(&case)
                            .expect("valid digits")
                            .to_string(),
                    );
                }
                if job.until == Until::FirstFailure {
                    result.stop = Stop::Failure;
                    break;
                }
            }
        }
    }
    result.cpu_seconds = process_cpu_seconds() - cpu_start;
    result.coverage = range;
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::TestContext;
    use crate::subject::{GOLD, registry};

    /// Vector's R(1024) test cases include some that grow the vector to millions of
    /// elements (`setSize` with a large `int`, `addAll` of itself) and scan it
    /// quadratically; their gold runs exceed [`GOLD_FUEL_BUDGET`] and are abandoned, the
    /// rest are judged (gold against gold: never a failure).
    ///
    /// [`GOLD_FUEL_BUDGET`]: crate::subject::guard::GOLD_FUEL_BUDGET
    #[test]
    fn test_cases_whose_gold_run_exceeds_its_fuel_are_abandoned_not_judged() {
        let unit = registry().find("Vector").unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let job = Job {
            subject: "Vector".into(),
            mutant: GOLD,
            strategy: StrategyKind::Random,
            n: 1024,
            seed: 2010,
            start: 0,
            count: Some(100),
            until: Until::Budget,
            seconds: None,
            oracle: OracleKind::Paper,
            coverage: false,
        };
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
