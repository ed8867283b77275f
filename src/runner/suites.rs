//! The suites of an experiment's generated runs: generated on gold once per (subject,
//! configuration, n, replicate seed) before any cell runs, stored in the output folder,
//! replayed by the workers on each mutant; and likewise the structure runs' suites
//! ([`structures`]).
//!
//! One suite serves every run of the experiment with the same generator, parameters and n:
//! it is generated within all their budgets at once, and each run replays the prefix its
//! own budget gives ([`Suite::prefix`](crate::generator::Suite::prefix)). A suite is written to a temporary file and renamed
//! into place, so a file under `suites/` is always complete; a resumed run generates only
//! the suites missing there. Generation runs on `jobs` threads in this process, one suite
//! per thread at a time; each suite depends only on its key, so the files are the same for
//! any number of jobs.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{Context as _, bail};

use super::output::{self, SUITES_FOLDER, write_atomically};
use super::source::{CallCases, Opening, SourceError};
use super::structures::{self, StructureKey};
use crate::context::TestContext;
use crate::experiment::{Experiment, TestBudget};
use crate::generator::{GeneratedCase, SuiteReader};
use crate::generator::{GeneratorConfig, SuiteBudget, SuiteHeader, generate_suite_within};
use crate::oracle::{Trace, trace_generated};
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

/// The suites of a run: per key, its file and the prefix length of each budget.
#[derive(Debug, Default)]
pub struct Suites {
    suites: HashMap<SuiteKey, SuiteEntry>,
    /// The structure runs' suites: their files and structures.
    structures: HashMap<StructureKey, (PathBuf, usize)>,
}

#[derive(Debug)]
struct SuiteEntry {
    path: PathBuf,
    prefixes: HashMap<SuiteBudget, usize>,
}

impl Suites {
    /// The suite file of `key` (under the output folder).
    pub fn path(&self, key: &SuiteKey) -> Option<&Path> {
        self.suites.get(key).map(|e| e.path.as_path())
    }

    /// The number of test cases of `key`'s suite that `budget` gives.
    pub fn prefix(&self, key: &SuiteKey, budget: SuiteBudget) -> Option<usize> {
        self.suites.get(key)?.prefixes.get(&budget).copied()
    }

    /// The structure suite file of `key` (under the output folder).
    pub fn structure_path(&self, key: &StructureKey) -> Option<&Path> {
        self.structures.get(key).map(|(path, _)| path.as_path())
    }

    /// The structures in `key`'s suite.
    pub fn structure_count(&self, key: &StructureKey) -> Option<usize> {
        self.structures.get(key).map(|&(_, count)| count)
    }

    /// How many suites there are (generated and of structures).
    pub fn len(&self) -> usize {
        self.suites.len() + self.structures.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What must be generated for one key: the subject's position, the configuration at n and
/// every budget a run asks of it.
struct Needed {
    subject: usize,
    config: GeneratorConfig,
    budgets: Vec<SuiteBudget>,
}

/// The suites the generated runs of `experiment` need for the (subject, replicate) pairs
/// in `pairs`.
fn needed(experiment: &Experiment, pairs: &[(usize, u32)]) -> BTreeMap<SuiteKey, Needed> {
    let mut needed: BTreeMap<SuiteKey, Needed> = BTreeMap::new();
    for run in experiment.phases.iter().flat_map(|phase| &phase.runs) {
        let (Strategy::Generator(config), TestBudget::Suite(budget)) = (&run.strategy, &run.tests)
        else {
            continue;
        };
        for &(subject, replicate) in pairs {
            let class = experiment.subjects[subject].unit.class();
            let seed = experiment.replicate_seed(replicate);
            for &n in &run.lengths {
                let entry = needed
                    .entry(SuiteKey::new(class, config, n, seed))
                    .or_insert_with(|| Needed {
                        subject,
                        config: config.with_max_length(n),
                        budgets: Vec::new(),
                    });
                if !entry.budgets.contains(budget) {
                    entry.budgets.push(*budget);
                }
            }
        }
    }
    needed
}

/// Makes sure every suite the experiment needs for `pairs` ((subject, replicate)) is in
/// `output`'s `suites/` folder, generating the missing ones on `jobs` threads (`progress`
/// hears of each one finished); returns where they are and their prefixes.
///
/// # Errors
/// A suite that cannot be generated or written, or a file there that cannot be read.
pub fn prepare(
    experiment: &Experiment,
    pairs: &[(usize, u32)],
    output: &Path,
    jobs: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> anyhow::Result<Suites> {
    let needed = needed(experiment, pairs);
    let mut suites = Suites::default();
    let mut missing = Vec::new();
    for (key, need) in &needed {
        let path = output.join(key.file());
        match read_header(&path)? {
            Some(header) if need.budgets.iter().all(|b| header.budgets.contains(b)) => {
                let prefixes = header_prefixes(&header);
                suites
                    .suites
                    .insert(key.clone(), SuiteEntry { path, prefixes });
            }
            _ => missing.push(Missing::Generated(key, need, path)),
        }
    }
    for key in structures::needed(experiment, pairs) {
        let path = output.join(key.file());
        match structures::read_header(&path)? {
            Some(header) => {
                suites.structures.insert(key, (path, header.structures));
            }
            None => missing.push(Missing::Structures(key, path)),
        }
    }
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let made: Mutex<Vec<anyhow::Result<Made>>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1).min(missing.len()) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(work) = missing.get(i) else {
                        break;
                    };
                    let result = match work {
                        Missing::Generated(key, need, path) => {
                            generate(experiment, key, need, path)
                                .map(|entry| Made::Generated((*key).clone(), entry))
                        }
                        Missing::Structures(key, path) => structures::build(key, path)
                            .map(|count| Made::Structures(key.clone(), path.clone(), count)),
                    };
                    made.lock().expect("no thread panicked").push(result);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, missing.len());
                }
            });
        }
    });
    for result in made.into_inner().expect("no thread panicked") {
        match result? {
            Made::Generated(key, entry) => {
                suites.suites.insert(key, entry);
            }
            Made::Structures(key, path, count) => {
                suites.structures.insert(key, (path, count));
            }
        }
    }
    Ok(suites)
}

/// A suite to make.
enum Missing<'a> {
    /// A generator's, for its key and needs, into its file.
    Generated(&'a SuiteKey, &'a Needed, PathBuf),
    /// A structure run's, into its file.
    Structures(StructureKey, PathBuf),
}

/// A suite made.
enum Made {
    Generated(SuiteKey, SuiteEntry),
    /// Its key, file and number of structures.
    Structures(StructureKey, PathBuf, usize),
}

/// Generates one suite and writes it into place.
fn generate(
    experiment: &Experiment,
    key: &SuiteKey,
    need: &Needed,
    path: &Path,
) -> anyhow::Result<SuiteEntry> {
    let plan = &experiment.subjects[need.subject];
    let suite = generate_suite_within(
        plan.unit,
        &plan.context,
        &need.config,
        key.seed,
        &need.budgets,
    )
    .with_context(|| format!("cannot generate the suite {}", path.display()))?;
    let header = SuiteHeader {
        subject: key.subject.clone(),
        config: need.config.clone(),
        seed: key.seed,
        budgets: need.budgets.clone(),
        prefixes: need.budgets.iter().map(|&b| suite.prefix(b)).collect(),
        cases: suite.len(),
    };
    write_atomically(path, |out| suite.write(&header, out))?;
    Ok(SuiteEntry {
        path: path.to_path_buf(),
        prefixes: header_prefixes(&header),
    })
}

/// The prefixes recorded in a suite file's header.
fn header_prefixes(header: &SuiteHeader) -> HashMap<SuiteBudget, usize> {
    header
        .budgets
        .iter()
        .zip(&header.prefixes)
        .map(|(&b, &k)| (b, k))
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
        trace_generated(session, self.current(), strict)
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
