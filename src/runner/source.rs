//! The seam between a run's kind and its jobs. Before any cell runs, each kind prepares
//! the files its jobs read ([`Preparation`], all made by [`prepare`]): a generated suite
//! (`suites.rs`), a structure suite (`structures.rs`); a walk needs none. A job
//! then reads its test cases through a [`TestSource`] — a walk's from (seed, k)
//! ([`WalkCases`]), a generated suite's or a structure run's from its file — and runs each
//! on gold and on its mutant without knowing the kind.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::context::TestContext;
use crate::coverage::curve::RangeCoverage;
use crate::experiment::TestBudget;
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
    /// Passes the current test case over without running it, as abandoned (gold ended a
    /// worker on it in an earlier job of the walk): `false` where a source cannot (the
    /// test case is then judged as usual).
    fn abandon(&mut self) -> bool {
        false
    }
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

/// A file that a run's jobs read, made before any cell runs; its content depends only on
/// what it is made for, so the files are the same for any number of jobs and a resumed
/// run makes only the missing ones.
pub trait Preparation: Sync {
    /// Its place, relative to the output folder.
    fn file(&self) -> PathBuf;
    /// What the file at `path` gives, if it is there and holds all that is needed
    /// (`None`: it is to be made).
    ///
    /// # Errors
    /// A file there that cannot be read.
    fn found(&self, path: &Path) -> anyhow::Result<Option<Tests>>;
    /// Makes the file at `path`, atomically; what it gives.
    ///
    /// # Errors
    /// A file that cannot be made or written.
    fn make(&self, path: &Path) -> anyhow::Result<Tests>;
}

/// The test cases a prepared file gives a cell, by its run's test budget.
pub type Tests = Vec<(TestBudget, u64)>;

/// The files prepared for a run, by their place relative to the output folder: where each
/// is and what it gives.
#[derive(Debug, Default)]
pub struct Prepared {
    files: HashMap<PathBuf, (PathBuf, Tests)>,
}

impl Prepared {
    /// Where the file `file` (relative to the output folder) is.
    pub fn path(&self, file: &Path) -> Option<&Path> {
        self.files.get(file).map(|(path, _)| path.as_path())
    }

    /// The test cases the file `file` gives a cell of a run with test budget `budget`.
    pub fn tests(&self, file: &Path, budget: &TestBudget) -> Option<u64> {
        let (_, tests) = self.files.get(file)?;
        tests.iter().find(|(b, _)| b == budget).map(|&(_, k)| k)
    }
}

/// Makes sure every file in `needed` is in `output`, making the missing ones on `jobs`
/// threads, one file per thread at a time (`progress` hears of each one made, with how
/// many are missing); returns where they are and what they give.
///
/// # Errors
/// A file that cannot be made, or one there that cannot be read.
pub fn prepare(
    needed: &[Box<dyn Preparation + '_>],
    output: &Path,
    jobs: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> anyhow::Result<Prepared> {
    let mut prepared = Prepared::default();
    let mut missing = Vec::new();
    for need in needed {
        let file = need.file();
        let path = output.join(&file);
        match need.found(&path)? {
            Some(tests) => {
                prepared.files.insert(file, (path, tests));
            }
            None => missing.push((need, file, path)),
        }
    }
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let made: Mutex<Vec<anyhow::Result<(PathBuf, PathBuf, Tests)>>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1).min(missing.len()) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((need, file, path)) = missing.get(i) else {
                        break;
                    };
                    // Gold runs in this process while a file is made: a subject whose gold
                    // panics where no session catches it (in a drop, say) fails the run with
                    // an error naming the file, not a panic of the whole scope.
                    let made_file =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| need.make(path)))
                            .unwrap_or_else(|panic| {
                                Err(anyhow::anyhow!(
                                    "{}: gold panicked while the file was made: {}",
                                    file.display(),
                                    panic_message(panic.as_ref())
                                ))
                            });
                    let result = made_file.map(|tests| (file.clone(), path.clone(), tests));
                    made.lock().expect("no thread panicked").push(result);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, missing.len());
                }
            });
        }
    });
    for result in made.into_inner().expect("no thread panicked") {
        let (file, path, tests) = result?;
        prepared.files.insert(file, (path, tests));
    }
    Ok(prepared)
}

/// The text a panic carried, if any.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> &str {
    panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(no message)")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file whose making panics, as a gold that panics outside its session does.
    struct Panicking;

    impl Preparation for Panicking {
        fn file(&self) -> PathBuf {
            PathBuf::from("suites/broken.suite")
        }
        fn found(&self, _: &Path) -> anyhow::Result<Option<Tests>> {
            Ok(None)
        }
        fn make(&self, _: &Path) -> anyhow::Result<Tests> {
            panic!("entered unreachable code")
        }
    }

    #[test]
    fn a_panic_while_a_file_is_made_is_an_error_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let needed: Vec<Box<dyn Preparation>> = vec![Box::new(Panicking)];
        let e = prepare(&needed, dir.path(), 2, &|_, _| {}).unwrap_err();
        assert_eq!(
            e.to_string(),
            "suites/broken.suite: gold panicked while the file was made: entered unreachable code"
        );
    }
}
