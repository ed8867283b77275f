//! The suites of an experiment's generated runs: generated on gold once per (subject,
//! configuration, n, replicate seed) before any cell runs ([`needed`], a
//! [`Preparation`] each, made in a worker process: `suite_making`), stored in the output
//! folder, replayed by the workers on each mutant ([`SuiteCases`]).
//!
//! One suite serves every run of the experiment with the same generator, parameters and n:
//! it is generated within all their budgets at once, and each run replays the prefix its
//! own budget gives ([`Suite::prefix`](crate::generator::Suite::prefix)). A suite is
//! written atomically ([`output::write_atomically`]), so a file under `suites/` is always
//! complete; a resumed run generates only the suites missing there or lacking a budget.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{Context as _, bail};

use super::output::{self, SUITES_FOLDER};
use super::source::{CallCases, Opening, Preparation, SourceError, Tests};
use super::suite_making::{SuiteOrder, SuiteWorkers};
use crate::context::TestContext;
use crate::experiment::{Experiment, TestBudget};
use crate::generator::{GeneratedCase, SuiteReader};
use crate::generator::{GeneratorConfig, SuiteBudget, SuiteHeader};
use crate::oracle::Trace;
use crate::strategy::Strategy;
use crate::subject::{Session, Unit};

/// What identifies a suite: the subject, the configuration at its n, and the seed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SuiteKey {
    /// The subject's class name.
    pub subject: String,
    /// The configuration as JSON (n included as its longest test case).
    pub config: String,
    /// The replicate's seed.
    pub seed: u64,
    /// The generator's name and n, for the file name.
    generator: &'static str,
    n: usize,
}

impl SuiteKey {
    /// The key of `config` at `n` for `subject` and `seed`.
    pub fn new(subject: &str, config: &GeneratorConfig, n: usize, seed: u64) -> Self {
        SuiteKey {
            subject: subject.to_string(),
            config: serde_json::to_string(&config.with_max_length(n))
                .expect("configurations serialise"),
            seed,
            generator: config.name(),
            n,
        }
    }

    /// Its file, relative to the output folder:
    /// `suites/<subject>/<generator>-n<n>-<configuration digest>-seed<seed>.jsonl`.
    pub fn file(&self) -> PathBuf {
        let digest = output::sha256_hex(self.config.as_bytes());
        PathBuf::from(SUITES_FOLDER)
            .join(&self.subject)
            .join(format!(
                "{}-n{}-{}-seed{}.jsonl",
                self.generator,
                self.n,
                &digest[..12],
                self.seed
            ))
    }
}

/// A suite to have in place: its key, its subject, the configuration at n and every budget
/// a run asks of it.
struct Needed<'a> {
    key: SuiteKey,
    config: GeneratorConfig,
    budgets: Vec<SuiteBudget>,
    workers: &'a SuiteWorkers,
}

/// The suites the generated runs of `experiment` need for the (subject, replicate) pairs
/// in `pairs`, in key order, each to be made by one of `workers`.
pub fn needed<'a>(
    experiment: &'a Experiment,
    pairs: &[(usize, u32)],
    workers: &'a SuiteWorkers,
) -> Vec<Box<dyn Preparation + 'a>> {
    let mut needed: BTreeMap<SuiteKey, Needed<'a>> = BTreeMap::new();
    for run in experiment.phases.iter().flat_map(|phase| &phase.runs) {
        let (Strategy::Generator(config), TestBudget::Suite(budget)) = (&run.strategy, &run.tests)
        else {
            continue;
        };
        for &(subject, replicate) in pairs {
            let plan = &experiment.subjects[subject];
            if !run.runs_on(plan.unit.class()) {
                continue;
            }
            let seed = experiment.replicate_seed(replicate);
            for &n in &run.lengths {
                let key = SuiteKey::new(plan.unit.class(), config, n, seed);
                let entry = needed.entry(key.clone()).or_insert_with(|| Needed {
                    key,
                    config: config.with_max_length(n),
                    budgets: Vec::new(),
                    workers,
                });
                if !entry.budgets.contains(budget) {
                    entry.budgets.push(*budget);
                }
            }
        }
    }
    needed
        .into_values()
        .map(|need| Box::new(need) as Box<dyn Preparation>)
        .collect()
}

impl Preparation for Needed<'_> {
    fn file(&self) -> PathBuf {
        self.key.file()
    }

    fn found(&self, path: &Path) -> anyhow::Result<Option<Tests>> {
        Ok(read_header(path)?
            .filter(|header| self.budgets.iter().all(|b| header.budgets.contains(b)))
            .map(|header| header_tests(&header)))
    }

    fn make(&self, path: &Path) -> anyhow::Result<Tests> {
        self.workers.make(SuiteOrder {
            subject: self.key.subject.clone(),
            config: self.config.clone(),
            seed: self.key.seed,
            budgets: self.budgets.clone(),
            path: path.to_path_buf(),
            skipped: Vec::new(),
        })
    }
}

/// What the suite a worker just made at `path` gives each budget.
///
/// # Errors
/// A file that is not there or has no header.
pub(super) fn made_tests(path: &Path) -> anyhow::Result<Tests> {
    let header = read_header(path)?
        .with_context(|| format!("{}: a worker made no suite there", path.display()))?;
    Ok(header_tests(&header))
}

/// The test cases a suite file gives each budget its header records: its prefix.
fn header_tests(header: &SuiteHeader) -> Tests {
    header
        .budgets
        .iter()
        .zip(&header.prefixes)
        .map(|(&b, &k)| (TestBudget::Suite(b), k as u64))
        .collect()
}

/// The header of the suite file at `path`, `None` if there is none.
fn read_header(path: &Path) -> anyhow::Result<Option<SuiteHeader>> {
    let Some(header) = output::read_header_line::<SuiteHeader>(path, "a suite file")? else {
        return Ok(None);
    };
    if header.prefixes.len() != header.budgets.len() {
        bail!("{}: a prefix per budget expected", path.display());
    }
    Ok(Some(header))
}

/// Opens the suite file at `path` for `unit` and its experiment `context`, to be read only
/// as far as jobs go.
///
/// # Errors
/// A file that cannot be opened, or whose header does not fit the unit.
pub fn open_reader(
    path: &Path,
    unit: &dyn Unit,
    context: &TestContext,
) -> Result<SuiteReader, SourceError> {
    let failed = |message: String| SourceError {
        path: path.display().to_string(),
        message,
    };
    let file = std::fs::File::open(path).map_err(|e| failed(e.to_string()))?;
    SuiteReader::open(unit, context, std::io::BufReader::new(file))
        .map_err(|e| failed(e.to_string()))
}

/// A generated suite's test cases from a position on, read from its file as far as the
/// job goes.
pub struct SuiteCases<'a> {
    reader: Arc<Mutex<SuiteReader>>,
    path: String,
    /// The position of the next test case.
    next: usize,
    current: Option<Arc<GeneratedCase>>,
    unit: &'a dyn Unit,
    context: &'a Arc<TestContext>,
}

impl<'a> SuiteCases<'a> {
    /// The test cases of the suite `reader` reads from `path`, from the opening's counter.
    pub fn new(reader: Arc<Mutex<SuiteReader>>, path: &Path, at: Opening<'a>) -> Self {
        SuiteCases {
            reader,
            path: path.display().to_string(),
            next: at.start as usize,
            current: None,
            unit: at.unit,
            context: at.context,
        }
    }

    fn current(&self) -> &GeneratedCase {
        self.current.as_ref().expect("advanced to a test case")
    }
}

impl CallCases for SuiteCases<'_> {
    fn advance(&mut self) -> Result<bool, SourceError> {
        let mut reader = self.reader.lock().expect("a job's reader is not poisoned");
        if reader.cases().len() <= self.next {
            reader.read_to(self.next + 1).map_err(|e| SourceError {
                path: self.path.clone(),
                message: e.to_string(),
            })?;
        }
        self.current = reader.cases().get(self.next).cloned();
        self.next += usize::from(self.current.is_some());
        Ok(self.current.is_some())
    }
    fn calls(&self) -> u64 {
        self.current().len() as u64
    }
    fn run(&self, session: &mut dyn Session, strict: bool) -> Trace {
        self.current().trace(session, strict)
    }
    fn digits(&self) -> Option<&[u32]> {
        None
    }
    fn index(&self) -> Option<String> {
        let case = self.current();
        let own = case.context(self.unit, self.context).ok()?;
        let indices = case.indices(&own).ok()?;
        Some(own.codec(indices.len()).encode(&indices).ok()?.to_string())
    }
}
