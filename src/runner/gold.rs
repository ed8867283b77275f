//! Gold's side of a walk, computed once per worker and replayed for every mutant.
//!
//! Every mutant of a unit walks the same test cases in a run (same strategy, n, seed and
//! counter range), and the oracle needs gold's trace of each. A worker keeps, per walk
//! ([`GoldKey`]), what gold did on each test case — its [`Trace`], the fuel it used (the
//! mutant's fuel budget follows it), the probes it newly covered and the CPU time it took —
//! so the jobs of later mutants run only the mutant. A replay is exact: gold is
//! deterministic, the trace and fuel of a test case depend only on its calls, and the
//! coverage of a range is rebuilt from the same start by adding each test case's newly
//! covered probes in order. The CPU time a test case's gold run took when it was computed
//! is added to every cell that replays it, so `cpu_seconds` keeps meaning "what the cell
//! cost": the gold run and the mutant run of each of its test cases.
//!
//! Memory is bounded: after each job the least recently used walks are dropped until the
//! cache holds at most its byte limit ([`DEFAULT_LIMIT_BYTES`] in a worker). A generated
//! run's walk is its suite, read from its file once and kept while jobs of that suite come.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::coverage::ProbeSet;
use crate::generator::SuiteReader;
use crate::oracle::Trace;
use crate::subject::heap::HeapFields;

/// Bytes of gold runs a worker keeps between jobs (about four million test cases).
pub const DEFAULT_LIMIT_BYTES: usize = 256 << 20;

/// What identifies a walk's test cases and gold's view of them: everything of a job but
/// the mutant, the count and the stopping rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GoldKey {
    pub(super) subject: String,
    /// The strategy with its parameters, as JSON.
    pub(super) strategy: String,
    pub(super) suite: Option<PathBuf>,
    pub(super) n: usize,
    pub(super) seed: u64,
    pub(super) start: u64,
    pub(super) strict: bool,
    pub(super) coverage: bool,
}

/// Gold on one test case of a walk.
#[derive(Clone, Debug)]
pub struct GoldCase {
    /// Gold's trace (with a guard: the test case is abandoned).
    pub trace: Trace,
    /// The fuel gold used.
    pub fuel: Option<u64>,
    /// CPU seconds gold's run took (with its coverage bookkeeping).
    pub cpu_seconds: f64,
    /// End of this test case's newly covered probes in [`GoldRun::newly_covered`].
    covered_end: u32,
}

/// Gold on the first test cases of a walk, in counter order.
#[derive(Debug, Default)]
pub struct GoldRun {
    cases: Vec<GoldCase>,
    /// The probes each test case covered first (from the walk's start), concatenated.
    newly_covered: Vec<u32>,
    /// Everything covered so far (`None`: no coverage recorded).
    covered: Option<ProbeSet>,
    last_used: u64,
}

impl GoldRun {
    /// Test cases recorded.
    pub fn len(&self) -> usize {
        self.cases.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.cases.is_empty()
    }

    /// Gold on the walk's `i`-th test case (0-based from its start).
    pub fn case(&self, i: usize) -> &GoldCase {
        &self.cases[i]
    }

    /// The probes the `i`-th test case covered that no earlier one of the walk had.
    pub fn newly_covered(&self, i: usize) -> &[u32] {
        let begin = i.checked_sub(1).map_or(0, |p| self.cases[p].covered_end) as usize;
        &self.newly_covered[begin..self.cases[i].covered_end as usize]
    }

    /// Records gold on the next test case: its trace, fuel and CPU time, and the probes it
    /// reached (`reached` calls its argument with each; `probes` ids in all, 0 without
    /// coverage).
    pub fn record(
        &mut self,
        trace: Trace,
        fuel: Option<u64>,
        cpu_seconds: f64,
        probes: usize,
        reached: impl FnOnce(&mut dyn FnMut(usize)),
    ) {
        if probes > 0 {
            let covered = self.covered.get_or_insert_with(|| ProbeSet::empty(probes));
            let newly = &mut self.newly_covered;
            reached(&mut |id| {
                if covered.insert(id) {
                    newly.push(id as u32);
                }
            });
        }
        self.cases.push(GoldCase {
            trace,
            fuel,
            cpu_seconds,
            covered_end: self.newly_covered.len() as u32,
        });
    }

    /// Records the next test case as one on which gold ended a worker: a guard trace, no
    /// fuel, nothing covered, so that every job replaying it abandons it.
    pub fn record_abandoned(&mut self) {
        self.cases.push(GoldCase {
            trace: Trace {
                exceptions: 0,
                final_pools: 0,
                history: 0,
                guard: Some(crate::subject::JavaException::AllocationLimit),
                steps: 0,
                panics: 0,
            },
            fuel: None,
            cpu_seconds: 0.0,
            covered_end: self.newly_covered.len() as u32,
        });
    }

    fn bytes(&self) -> usize {
        self.cases.capacity() * std::mem::size_of::<GoldCase>()
            + self.newly_covered.capacity() * 4
            + self.covered.as_ref().map_or(0, ProbeSet::heap_bytes)
    }
}

/// Gold runs kept across one worker's jobs, least recently used dropped first.
#[derive(Debug)]
pub struct GoldCache {
    runs: HashMap<GoldKey, GoldRun>,
    limit_bytes: usize,
    clock: u64,
    /// Suite files being read, by path, with when each was last asked for: up to
    /// [`KEPT_SUITES`], read on as jobs need more of them.
    suites: HashMap<PathBuf, (Arc<Mutex<SuiteReader>>, u64)>,
    /// Structure suites read, by path, likewise.
    structures: HashMap<PathBuf, (Arc<[HeapFields]>, u64)>,
}

/// The value kept under `path`, marked used at `clock`; if none is, `open`'s, kept after
/// first dropping the least recently used entry if `kept` holds [`KEPT_SUITES`].
fn kept<T: Clone, E>(
    kept: &mut HashMap<PathBuf, (T, u64)>,
    path: &Path,
    clock: u64,
    open: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    if let Some((value, used)) = kept.get_mut(path) {
        *used = clock;
        return Ok(value.clone());
    }
    let value = open()?;
    if kept.len() >= KEPT_SUITES
        && let Some(oldest) = kept
            .iter()
            .min_by_key(|(_, (_, used))| *used)
            .map(|(path, _)| path.clone())
    {
        kept.remove(&oldest);
    }
    kept.insert(path.to_path_buf(), (value.clone(), clock));
    Ok(value)
}

/// Suite readers a worker keeps between jobs.
pub const KEPT_SUITES: usize = 16;

impl GoldCache {
    /// A cache that keeps at most `limit_bytes` between jobs (0: nothing, every job
    /// computes gold afresh).
    pub fn new(limit_bytes: usize) -> Self {
        GoldCache {
            runs: HashMap::new(),
            limit_bytes,
            clock: 0,
            suites: HashMap::new(),
            structures: HashMap::new(),
        }
    }

    /// The reader of the suite in the file `path`, opened by `open` once and kept for later
    /// jobs (the least recently asked for dropped beyond [`KEPT_SUITES`]), read only as far
    /// as jobs go.
    pub fn suite<E>(
        &mut self,
        path: &Path,
        open: impl FnOnce() -> Result<SuiteReader, E>,
    ) -> Result<Arc<Mutex<SuiteReader>>, E> {
        self.clock += 1;
        kept(&mut self.suites, path, self.clock, || {
            open().map(|reader| Arc::new(Mutex::new(reader)))
        })
    }

    /// The structures of the structure suite in the file `path`, read by `read` once and
    /// kept for later jobs like the suites of [`GoldCache::suite`].
    pub fn structures<E>(
        &mut self,
        path: &Path,
        read: impl FnOnce() -> Result<Vec<HeapFields>, E>,
    ) -> Result<Arc<[HeapFields]>, E> {
        self.clock += 1;
        kept(&mut self.structures, path, self.clock, || {
            read().map(Into::into)
        })
    }

    /// The gold run of `key`'s walk, empty if none is kept.
    pub fn run(&mut self, key: GoldKey) -> &mut GoldRun {
        self.clock += 1;
        let run = self.runs.entry(key).or_default();
        run.last_used = self.clock;
        run
    }

    /// Drops the least recently used runs until the rest fit the limit.
    pub fn trim(&mut self) {
        let mut total: usize = self.runs.values().map(GoldRun::bytes).sum();
        while total > self.limit_bytes {
            let Some(oldest) = self
                .runs
                .iter()
                .min_by_key(|(_, run)| run.last_used)
                .map(|(key, _)| key.clone())
            else {
                break;
            };
            if let Some(run) = self.runs.remove(&oldest) {
                total -= run.bytes();
            }
        }
    }

    /// Walks kept.
    pub fn len(&self) -> usize {
        self.runs.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trace(exceptions: u32) -> Trace {
        Trace {
            exceptions,
            final_pools: 7,
            history: 0,
            guard: None,
            steps: 3,
            panics: 0,
        }
    }

    /// The key of an R(8) walk of Vector with `seed`.
    fn key(seed: u64) -> GoldKey {
        GoldKey {
            subject: "Vector".into(),
            strategy: r#"{"kind":"r"}"#.into(),
            suite: None,
            n: 8,
            seed,
            start: 0,
            strict: false,
            coverage: true,
        }
    }

    #[test]
    fn each_test_case_keeps_only_the_probes_no_earlier_one_covered() {
        let mut run = GoldRun::default();
        run.record(trace(0), Some(5), 0.5, 10, |reach| {
            [1, 4].into_iter().for_each(reach)
        });
        run.record(trace(1), Some(6), 0.25, 10, |reach| {
            [1, 2, 4, 9].into_iter().for_each(reach)
        });
        run.record(trace(2), None, 0.0, 10, |reach| {
            [2].into_iter().for_each(reach)
        });
        assert_eq!(run.newly_covered(0), [1, 4]);
        assert_eq!(run.newly_covered(1), [2, 9]);
        assert!(run.newly_covered(2).is_empty());
        assert_eq!(
            (run.case(1).fuel, run.case(1).trace.exceptions),
            (Some(6), 1)
        );
    }

    #[test]
    fn trimming_drops_the_least_recently_used_walks_first() {
        // Room for two walks of 400 test cases (Vec capacity 512 each), not three.
        let mut cache = GoldCache::new(std::mem::size_of::<GoldCase>() * 1100);
        for seed in 0..3 {
            let run = cache.run(key(seed));
            for _ in 0..400 {
                run.record(trace(0), Some(1), 0.0, 0, |_| {});
            }
        }
        cache.run(key(0)); // seed 0 used again: seed 1 is now the oldest
        cache.trim();
        assert_eq!(cache.len(), 2, "one walk dropped");
        assert_eq!(cache.run(key(0)).len(), 400);
        assert_eq!(cache.run(key(2)).len(), 400);
    }

    #[test]
    fn a_cache_of_no_bytes_keeps_nothing_between_jobs() {
        let mut cache = GoldCache::new(0);
        cache.run(key(0)).record(trace(0), Some(1), 0.0, 0, |_| {});
        cache.trim();
        assert!(cache.is_empty());
    }
}
