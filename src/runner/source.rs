//! The seam between a run's kind and its jobs: a job reads its test cases through a
//! [`TestSource`] — a walk's from (seed, k) ([`WalkCases`]), a generated suite's from its
//! file ([`super::suites`]), a structure run's from its structure suite
//! ([`super::structures`]) — and runs each on gold and on its mutant without knowing the
//! kind.

use std::sync::Arc;

use crate::context::TestContext;
use crate::coverage::curve::RangeCoverage;
use crate::oracle::{Trace, Verdict, trace};
use crate::subject::{MutantId, Session, Unit};
use crate::walk::{Cursor, Walk};

/// Why a job's test cases cannot be read.
#[derive(Debug, thiserror::Error)]
#[error("suite {path}: {message}")]
pub struct SourceError {
    /// The suite file (empty when the job names none).
    pub path: String,
    /// What went wrong.
    pub message: String,
}

/// What a job's source is opened with: the subject's unit and the experiment's context
/// for it, the mutant, n (a structure run's scope) and the first test-case counter.
#[derive(Clone, Copy)]
pub struct Opening<'a> {
    /// The subject's unit.
    pub unit: &'a dyn Unit,
    /// The experiment's context for it.
    pub context: &'a Arc<TestContext>,
    /// The mutant the test cases run on.
    pub mutant: MutantId,
    /// n.
    pub n: usize,
    /// The first test-case counter.
    pub start: u64,
}

/// A job's test cases, one at a time in counter order from its first, each run on gold and
/// on the job's mutant and judged.
pub trait TestSource {
    /// Moves to the next test case; `false` after the last.
    fn advance(&mut self) -> Result<bool, SourceError>;
    /// Runs the current test case on gold and on the mutant and judges it (once per test
    /// case); `None` when gold's run hit a guard: the test case is abandoned, the mutant
    /// not run.
    fn judge(&mut self) -> Option<Verdict>;
    /// Method calls of the current test case.
    fn calls(&self) -> u64;
    /// The current test case's index in decimal, as a cell records its first failure
    /// (`None` where it cannot be told).
    fn index(&self) -> Option<String>;
    /// CPU seconds that the gold runs replayed so far took when an earlier job computed
    /// them (0 for a source whose gold runs in every job).
    fn replayed_cpu_seconds(&self) -> f64 {
        0.0
    }
    /// What gold covered in the test cases so far (`None`: not recorded).
    fn coverage(&mut self) -> Option<RangeCoverage> {
        None
    }
}

/// Test cases that are sequences of calls, run alike on any session: a walk's and a
/// generated suite's. A job runs them on gold, whose runs it keeps for the next mutant, and
/// on the mutant, and compares the traces.
pub trait CallCases {
    /// Moves to the next test case; `false` after the last.
    fn advance(&mut self) -> Result<bool, SourceError>;
    /// Method calls of the current test case.
    fn calls(&self) -> u64;
    /// Runs the current test case on `session`.
    fn run(&self, session: &mut dyn Session, strict: bool) -> Trace;
    /// Its method-call indices in the experiment's context, where it has them (a walk's).
    fn digits(&self) -> Option<&[u32]>;
    /// Its test-case index in decimal: in the experiment's context at length n for a
    /// walk's, in the test case's own context for a generated one (`None` where that
    /// context cannot be built).
    fn index(&self) -> Option<String>;
}

/// A walk's test cases: test case k from (seed, k), from the job's first counter on.
pub struct WalkCases<'a> {
    cursor: Box<dyn Cursor + 'a>,
    case: Vec<u32>,
    context: &'a Arc<TestContext>,
}

impl<'a> WalkCases<'a> {
    /// The test cases of `walk` (built for the job's n and seed) from the opening's counter.
    pub fn new(walk: &'a dyn Walk, at: Opening<'a>) -> Self {
        WalkCases {
            cursor: walk.cursor(at.start),
            case: vec![0u32; at.n],
            context: at.context,
        }
    }
}

impl CallCases for WalkCases<'_> {
    fn advance(&mut self) -> Result<bool, SourceError> {
        Ok(self.cursor.next_case(&mut self.case))
    }
    fn calls(&self) -> u64 {
        self.case.len() as u64
    }
    fn run(&self, session: &mut dyn Session, strict: bool) -> Trace {
        trace(session, &self.case, strict)
    }
    fn digits(&self) -> Option<&[u32]> {
        Some(&self.case)
    }
    fn index(&self) -> Option<String> {
        let codec = self.context.codec(self.case.len());
        Some(codec.encode(&self.case).expect("valid digits").to_string())
    }
}
