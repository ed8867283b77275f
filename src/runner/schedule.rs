//! The scheduler of a run: which piece of work an idle worker takes next.
//!
//! Contract:
//!
//! - **Dependencies, per unit.** A unit is one (replicate, subject, mutant). Its cells in step
//!   s (the experiment's (phase, run) pairs in file order) are planned only once every cell it
//!   had in the steps before s is recorded, and from those records alone ([`Units`] keeps the
//!   count). Every planning rule of the runner reads only the unit's own records
//!   (`mutants = "killed"`, `stop-when-killed`, `tests = "E(r)"`, resume), so no step waits
//!   for another unit: there is no barrier between steps.
//! - **Longest first.** Among the ready work, an idle worker takes the one that heads the
//!   longest expected path of work: the cell's expected cost ([`expected_cost`]; for a
//!   chunked cell, the cost of its chunks not yet handed out) plus what its unit may still
//!   have to run after it ([`Plan::after`]: the later steps wait for it). So a unit's cheap
//!   first run, which decides whether hours of its later runs happen, is not starved by big
//!   cells of units further on, and a unit found costly early (Properties 226, whose test
//!   cases run out of fuel from its first run on) is pushed through its chain first. Ties
//!   are broken by the order the cells were added. The order changes which worker runs what
//!   and when, never what a cell records.
//! - **Chunks on every core.** A chunked cell (a large cell of a strategy without
//!   replacement) is handed out one chunk at a time, in counter order, to any idle worker,
//!   at most `lookahead` chunks beyond the first one whose result is still missing. Results
//!   are given back in counter order, up to and including the first chunk that did not run
//!   to its end (its first failure, its walk's end, a time cap): the cell then has its
//!   record, no further chunk is handed out, and chunks still running are discarded when
//!   they return. That is the merge of the barrier runner's waves, so the record is the same.
//!
//! The scheduler is pure: it knows costs, chunk counts and units, not processes, so the
//! runner drives it with worker processes and [`simulate`] with a clock.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BinaryHeap};

/// A cell's index in its [`Scheduler`] (the order cells were added).
pub type CellId = usize;

/// A piece of work for one worker: a whole cell, or one chunk of a chunked cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Work {
    /// The cell.
    pub cell: CellId,
    /// The chunk (0-based, in counter order); `None` for a cell run as one job.
    pub chunk: Option<u64>,
}

/// How a cell is to be run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    /// The expected cost (any unit, the same for all cells; see [`expected_cost`]).
    pub cost: f64,
    /// The expected cost of the work its unit may still have after this cell's step (the
    /// rest of its longest path: its later steps wait for this cell).
    pub after: f64,
    /// `None`: one job. `Some(None)`: chunks until one does not run to its end;
    /// `Some(Some(k))`: at most k chunks.
    pub chunks: Option<Option<u64>>,
}

/// What the scheduler says when a piece of work is done.
#[derive(Debug, PartialEq)]
pub enum Done<R> {
    /// The cell has results still missing.
    Pending,
    /// The cell is finished: its results in counter order (one for a cell run as one job;
    /// for a chunked cell, the chunks up to the first one that did not run to its end).
    Finished(Vec<R>),
    /// A chunk beyond the cell's end (its cell had already finished): dropped.
    Discarded,
}

/// The order ready work is taken in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Largest expected cost first (the runner's).
    LongestFirst,
    /// The order the cells were added (the barrier runner's, for [`simulate`]).
    Added,
}

struct Chunked<R> {
    /// At most this many chunks (`None`: until one does not run to its end).
    limit: Option<u64>,
    /// The next chunk to hand out.
    next: u64,
    /// Chunks `0..merged` are given back; results of later chunks wait in `done`.
    merged: u64,
    done: BTreeMap<u64, (R, bool)>,
    /// A chunk did not run to its end: none after it is handed out.
    closed: bool,
}

struct Slot<R> {
    cost: f64,
    after: f64,
    chunked: Option<Chunked<R>>,
    /// Handed out (a cell run as one job), or no chunk left to hand out.
    started: bool,
    /// In the ready queue.
    queued: bool,
    finished: bool,
    results: Vec<R>,
}

/// An entry of the ready queue: the larger priority first, then the smaller cell id.
#[derive(PartialEq)]
struct Ready {
    priority: f64,
    cell: CellId,
}

impl Eq for Ready {}

impl PartialOrd for Ready {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ready {
    fn cmp(&self, other: &Self) -> Ordering {
        self.priority
            .total_cmp(&other.priority)
            .then_with(|| other.cell.cmp(&self.cell))
    }
}

/// The ready queue and the chunk bookkeeping of a run (see the module docs). `R` is what
/// a piece of work yields (the runner's job result).
pub struct Scheduler<R> {
    slots: Vec<Slot<R>>,
    ready: BinaryHeap<Ready>,
    order: Order,
    lookahead: u64,
    waves: bool,
    running: usize,
}

impl<R> Scheduler<R> {
    /// A scheduler handing out at most `lookahead` (≥ 1) chunks of a cell beyond the first
    /// one whose result is missing.
    pub fn new(order: Order, lookahead: u64) -> Self {
        Scheduler {
            slots: Vec::new(),
            ready: BinaryHeap::new(),
            order,
            lookahead: lookahead.max(1),
            waves: false,
            running: 0,
        }
    }

    /// The same, handing out a chunked cell's chunks in waves of `lookahead`, each wave
    /// once the one before is given back (the barrier runner's, for [`simulate`]).
    pub fn in_waves(self) -> Self {
        Scheduler {
            waves: true,
            ..self
        }
    }

    /// Adds a cell ready to run.
    pub fn add(&mut self, plan: Plan) -> CellId {
        let id = self.slots.len();
        self.slots.push(Slot {
            cost: plan.cost,
            after: plan.after,
            chunked: plan.chunks.map(|limit| Chunked {
                limit,
                next: 0,
                merged: 0,
                done: BTreeMap::new(),
                closed: false,
            }),
            started: false,
            queued: false,
            finished: false,
            results: Vec::new(),
        });
        self.enqueue(id);
        id
    }

    /// Pieces of work handed out and not yet done.
    pub fn running(&self) -> usize {
        self.running
    }

    /// Nothing ready and nothing running.
    pub fn is_idle(&self) -> bool {
        self.running == 0 && self.ready.is_empty()
    }

    /// The next piece of work, if any is ready.
    pub fn take(&mut self) -> Option<Work> {
        let Ready { cell, .. } = self.ready.pop()?;
        let slot = &mut self.slots[cell];
        slot.queued = false;
        self.running += 1;
        let Some(chunked) = slot.chunked.as_mut() else {
            slot.started = true;
            return Some(Work { cell, chunk: None });
        };
        let chunk = chunked.next;
        chunked.next += 1;
        if chunked.limit.is_some_and(|k| chunked.next >= k) {
            slot.started = true;
        }
        self.enqueue(cell);
        Some(Work {
            cell,
            chunk: Some(chunk),
        })
    }

    /// Takes the result of `work`; `complete`: a chunk ran to its end (the next chunk's
    /// results count). A cell run as one job finishes with its one result.
    pub fn finish(&mut self, work: Work, result: R, complete: bool) -> Done<R> {
        self.running -= 1;
        let slot = &mut self.slots[work.cell];
        if slot.finished {
            return Done::Discarded;
        }
        let (Some(chunked), Some(chunk)) = (slot.chunked.as_mut(), work.chunk) else {
            slot.finished = true;
            return Done::Finished(vec![result]);
        };
        chunked.done.insert(chunk, (result, complete));
        if !complete {
            chunked.closed = true;
            slot.started = true;
        }
        while let Some((result, complete)) = chunked.done.remove(&chunked.merged) {
            chunked.merged += 1;
            slot.results.push(result);
            let last = chunked.limit.is_some_and(|k| chunked.merged >= k);
            if !complete || last {
                slot.finished = true;
                return Done::Finished(std::mem::take(&mut slot.results));
            }
        }
        self.enqueue(work.cell);
        Done::Pending
    }

    /// Puts `cell` in the ready queue if it has work to hand out now.
    fn enqueue(&mut self, cell: CellId) {
        let (lookahead, waves) = (self.lookahead, self.waves);
        let slot = &mut self.slots[cell];
        let blocked = slot.chunked.as_ref().is_some_and(|c| {
            let wave_over = waves && c.next > c.merged && c.next % lookahead == 0;
            c.closed
                || wave_over
                || c.next >= c.merged + lookahead
                || c.limit.is_some_and(|k| c.next >= k)
        });
        if slot.queued || slot.started || slot.finished || blocked {
            return;
        }
        let remaining = slot.chunked.as_ref().map_or(1.0, |c| {
            c.limit
                .map_or(1.0, |k| (k - c.next) as f64 / k.max(1) as f64)
        });
        let priority = match self.order {
            Order::LongestFirst => slot.cost * remaining + slot.after,
            Order::Added => 0.0,
        };
        slot.queued = true;
        self.ready.push(Ready { priority, cell });
    }
}

/// Which step each unit is at, and how many of its cells there are still unrecorded.
pub struct Units {
    step: Vec<usize>,
    outstanding: Vec<usize>,
    /// Per step, the units that have not passed it yet.
    before: Vec<usize>,
}

impl Units {
    /// `units` units, all at step 0 of `steps`.
    pub fn new(units: usize, steps: usize) -> Self {
        Units {
            step: vec![0; units],
            outstanding: vec![0; units],
            before: vec![units; steps],
        }
    }

    /// The step `unit` is at (`steps` when it has passed them all).
    pub fn step(&self, unit: usize) -> usize {
        self.step[unit]
    }

    /// `cells` cells of `unit` at its step await their records.
    pub fn planned(&mut self, unit: usize, cells: usize) {
        self.outstanding[unit] += cells;
    }

    /// One cell of `unit` is recorded; true when that was the last one of its step (the
    /// unit may then [`pass`](Self::pass) it).
    pub fn recorded(&mut self, unit: usize) -> bool {
        self.outstanding[unit] -= 1;
        self.outstanding[unit] == 0
    }

    /// Moves `unit` (no cell outstanding) to its next step; returns the step it left if no
    /// unit is before or at that step any more (no cell can be planned into it).
    pub fn pass(&mut self, unit: usize) -> Option<usize> {
        assert_eq!(
            self.outstanding[unit], 0,
            "a unit passes a step once it is recorded"
        );
        let left = self.step[unit];
        self.step[unit] += 1;
        self.before[left] -= 1;
        (self.before[left] == 0).then_some(left)
    }
}

/// The expected cost of a cell, in method calls, for ordering only (it decides nothing
/// else): the test cases it may run (its budget; [`UNLIMITED_TESTS`] without one) times
/// what a test case costs — n calls, plus [`GUARDED_TEST_CALLS`] times the share of the
/// unit's earlier test cases that ran out of fuel (a test case that hits a guard runs
/// until its fuel is gone: Properties 226's half-million guarded test cases of BE(4) cost
/// about 2,000 calls' worth each). Built only from deterministic counts, so the order is
/// the same on every run: `earlier` is (test cases, guarded or abandoned test cases) of
/// the unit's cells recorded so far.
pub fn expected_cost(n: u64, budget: Option<u64>, earlier: (u64, u64)) -> f64 {
    let (tests, guarded) = earlier;
    let guard_rate = if tests == 0 {
        0.0
    } else {
        guarded as f64 / tests as f64
    };
    let per_test = n as f64 + GUARDED_TEST_CALLS * guard_rate;
    budget.unwrap_or(UNLIMITED_TESTS) as f64 * per_test
}

/// The cost, in method calls, of a test case that runs out of fuel ([`expected_cost`]).
pub const GUARDED_TEST_CALLS: f64 = 2_000.0;

/// The test cases [`expected_cost`] assumes of a cell without a test budget.
pub const UNLIMITED_TESTS: u64 = 10_000_000;

/// One cell of a simulated run.
#[derive(Clone, Debug, PartialEq)]
pub struct SimCell {
    /// What the scheduler expects it to cost (its [`Plan::cost`]).
    pub expected: f64,
    /// Seconds of one core its pieces of work cost: its chunks in counter order (each runs
    /// to its end), or its one job.
    pub pieces: Vec<f64>,
    /// Whether it is run as chunks.
    pub chunked: bool,
}

impl SimCell {
    /// Seconds of one core the cell costs.
    pub fn seconds(&self) -> f64 {
        self.pieces.iter().sum()
    }
}

/// A simulated unit: its cells, step by step (a step may have none).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimUnit {
    /// `steps[s]`: the unit's cells in step s.
    pub steps: Vec<Vec<SimCell>>,
}

/// How a run is simulated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// This module's: each unit on as soon as its step is recorded, longest first.
    Dependencies,
    /// The barrier runner's: every unit's cells of a step, in unit order, then the next step.
    Barriers,
}

/// What [`simulate`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct SimReport {
    /// Wall-clock seconds until the last piece of work ends.
    pub makespan: f64,
    /// Seconds of work done (all workers).
    pub busy: f64,
    /// Every piece of work: (unit, step, start, end).
    pub spans: Vec<(usize, usize, f64, f64)>,
}

impl SimReport {
    /// The busy fraction of `jobs` workers over the makespan.
    pub fn busy_fraction(&self, jobs: usize) -> f64 {
        self.busy / (jobs as f64 * self.makespan).max(f64::MIN_POSITIVE)
    }
}

/// Runs `units` on `jobs` simulated workers under `policy` with the [`Scheduler`] and
/// [`Units`] of the runner (every chunk runs to its end), and reports the makespan. The
/// barrier policy takes the cells of a step in the order they were added and a chunked
/// cell's chunks in waves of 2 × jobs, as the runner before the scheduler did.
pub fn simulate(units: &[SimUnit], jobs: usize, policy: Policy) -> SimReport {
    Simulation::new(units, jobs, policy).run()
}

struct Simulation<'a> {
    units: &'a [SimUnit],
    jobs: usize,
    policy: Policy,
    scheduler: Scheduler<()>,
    progress: Units,
    /// Per cell id: (unit, step, seconds of each piece of work).
    cells: Vec<(usize, usize, Vec<f64>)>,
    clock: f64,
    report: SimReport,
}

impl<'a> Simulation<'a> {
    fn new(units: &'a [SimUnit], jobs: usize, policy: Policy) -> Self {
        let steps = units.iter().map(|u| u.steps.len()).max().unwrap_or(0);
        let lookahead = 2 * jobs.max(1) as u64;
        let scheduler = match policy {
            Policy::Dependencies => Scheduler::new(Order::LongestFirst, lookahead),
            Policy::Barriers => Scheduler::new(Order::Added, lookahead).in_waves(),
        };
        Simulation {
            units,
            jobs: jobs.max(1),
            policy,
            scheduler,
            progress: Units::new(units.len(), steps),
            cells: Vec::new(),
            clock: 0.0,
            report: SimReport {
                makespan: 0.0,
                busy: 0.0,
                spans: Vec::new(),
            },
        }
    }

    /// Plans `unit`'s cells at its step, passing steps without cells; with barriers, only
    /// up to `limit`.
    fn advance(&mut self, unit: usize, limit: usize) {
        let steps = &self.units[unit].steps;
        while self.progress.step(unit) < steps.len().min(limit) {
            let step = self.progress.step(unit);
            let after: f64 = steps[step + 1..].iter().flatten().map(|c| c.expected).sum();
            for cell in &steps[step] {
                self.cells.push((unit, step, cell.pieces.clone()));
                self.scheduler.add(Plan {
                    cost: cell.expected,
                    after,
                    chunks: cell.chunked.then_some(Some(cell.pieces.len() as u64)),
                });
            }
            self.progress.planned(unit, steps[step].len());
            if !steps[step].is_empty() {
                return;
            }
            self.progress.pass(unit);
        }
    }

    fn run(mut self) -> SimReport {
        let steps = self.progress.before.len();
        let mut barrier = match self.policy {
            Policy::Dependencies => steps,
            Policy::Barriers => 1,
        };
        for unit in 0..self.units.len() {
            self.advance(unit, barrier);
        }
        // (end, work) of the pieces running, earliest end first.
        let mut running: Vec<(f64, Work)> = Vec::new();
        loop {
            while running.len() < self.jobs {
                let Some(work) = self.scheduler.take() else {
                    break;
                };
                let (unit, step, ref pieces) = self.cells[work.cell];
                let seconds = pieces[work.chunk.unwrap_or(0) as usize];
                let end = self.clock + seconds;
                self.report.spans.push((unit, step, self.clock, end));
                self.report.busy += seconds;
                running.push((end, work));
            }
            let Some(first) =
                (0..running.len()).min_by(|&a, &b| running[a].0.total_cmp(&running[b].0))
            else {
                if barrier < steps {
                    barrier += 1;
                    for unit in 0..self.units.len() {
                        self.advance(unit, barrier);
                    }
                    continue;
                }
                break;
            };
            let (end, work) = running.swap_remove(first);
            self.clock = end;
            if let Done::Finished(_) = self.scheduler.finish(work, (), true) {
                let unit = self.cells[work.cell].0;
                if self.progress.recorded(unit) {
                    self.progress.pass(unit);
                    self.advance(unit, barrier);
                }
            }
        }
        self.report.makespan = self.clock;
        self.report
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn whole(cost: f64) -> Plan {
        Plan {
            cost,
            after: 0.0,
            chunks: None,
        }
    }

    #[test]
    fn ready_cells_are_taken_longest_first_and_ties_in_the_order_added() {
        let mut s = Scheduler::<()>::new(Order::LongestFirst, 4);
        for cost in [1.0, 5.0, 3.0, 5.0, 0.5] {
            s.add(whole(cost));
        }
        let taken: Vec<CellId> = std::iter::from_fn(|| s.take()).map(|w| w.cell).collect();
        assert_eq!(taken, [1, 3, 2, 0, 4]);
        let mut s = Scheduler::<()>::new(Order::Added, 4);
        for cost in [1.0, 5.0, 3.0] {
            s.add(whole(cost));
        }
        let taken: Vec<CellId> = std::iter::from_fn(|| s.take()).map(|w| w.cell).collect();
        assert_eq!(taken, [0, 1, 2]);
    }

    #[test]
    fn chunks_are_handed_out_in_counter_order_within_the_lookahead_and_merged_in_order() {
        let mut s = Scheduler::<u64>::new(Order::LongestFirst, 2);
        let cell = s.add(Plan {
            cost: 10.0,
            after: 0.0,
            chunks: Some(Some(5)),
        });
        let a = s.take().unwrap();
        let b = s.take().unwrap();
        assert_eq!((a.chunk, b.chunk), (Some(0), Some(1)));
        assert_eq!(s.take(), None, "two chunks beyond the missing chunk 0");
        assert_eq!(s.finish(b, 1, true), Done::Pending);
        assert_eq!(s.take(), None, "chunk 0 still missing");
        assert_eq!(s.finish(a, 0, true), Done::Pending);
        let c = s.take().unwrap();
        let d = s.take().unwrap();
        assert_eq!((c.chunk, d.chunk, c.cell), (Some(2), Some(3), cell));
        // Chunk 3 finds the failure; chunk 2 runs to its end: the cell ends with chunk 3,
        // chunk 4 is never handed out.
        assert_eq!(s.finish(d, 3, false), Done::Pending);
        assert_eq!(s.take(), None);
        assert_eq!(s.finish(c, 2, true), Done::Finished(vec![0, 1, 2, 3]));
        assert!(s.is_idle());
    }

    #[test]
    fn chunks_beyond_an_incomplete_one_are_discarded_and_a_full_cell_ends_at_its_limit() {
        let mut s = Scheduler::<u64>::new(Order::LongestFirst, 4);
        s.add(Plan {
            cost: 1.0,
            after: 0.0,
            chunks: Some(None),
        });
        let pieces: Vec<Work> = std::iter::from_fn(|| s.take()).collect();
        assert_eq!(
            pieces.len(),
            4,
            "an unlimited cell: lookahead chunks at a time"
        );
        assert_eq!(s.finish(pieces[0], 0, false), Done::Finished(vec![0]));
        for (i, &w) in pieces.iter().enumerate().skip(1) {
            assert_eq!(s.finish(w, i as u64, true), Done::Discarded);
        }
        assert!(s.is_idle());

        let mut s = Scheduler::<u64>::new(Order::LongestFirst, 8);
        s.add(Plan {
            cost: 1.0,
            after: 0.0,
            chunks: Some(Some(3)),
        });
        let pieces: Vec<Work> = std::iter::from_fn(|| s.take()).collect();
        assert_eq!(pieces.len(), 3);
        assert_eq!(s.finish(pieces[2], 2, true), Done::Pending);
        assert_eq!(s.finish(pieces[0], 0, true), Done::Pending);
        assert_eq!(s.finish(pieces[1], 1, true), Done::Finished(vec![0, 1, 2]));
    }

    #[test]
    fn a_cheap_cell_heading_a_long_path_goes_before_a_bigger_cell_with_nothing_after_it() {
        let mut s = Scheduler::<()>::new(Order::LongestFirst, 4);
        s.add(whole(5.0));
        s.add(Plan {
            cost: 0.1,
            after: 10.0,
            chunks: None,
        });
        s.add(Plan {
            cost: 0.1,
            after: 1.0,
            chunks: None,
        });
        let taken: Vec<CellId> = std::iter::from_fn(|| s.take()).map(|w| w.cell).collect();
        assert_eq!(taken, [1, 0, 2]);
    }

    #[test]
    fn in_waves_the_next_chunks_wait_until_the_whole_wave_is_back() {
        let mut s = Scheduler::<u64>::new(Order::Added, 2).in_waves();
        s.add(Plan {
            cost: 1.0,
            after: 0.0,
            chunks: Some(Some(4)),
        });
        let (a, b) = (s.take().unwrap(), s.take().unwrap());
        assert_eq!(s.finish(a, 0, true), Done::Pending);
        assert_eq!(s.take(), None, "chunk 1 of the wave is still out");
        assert_eq!(s.finish(b, 1, true), Done::Pending);
        assert_eq!(s.take().map(|w| w.chunk), Some(Some(2)));
    }

    #[test]
    fn the_remaining_chunks_of_a_cell_compete_with_other_cells_by_their_cost() {
        let mut s = Scheduler::<()>::new(Order::LongestFirst, 8);
        s.add(Plan {
            cost: 10.0,
            after: 0.0,
            chunks: Some(Some(10)),
        });
        s.add(whole(7.5));
        let order: Vec<Work> = std::iter::from_fn(|| s.take()).take(4).collect();
        // 10 → 9 → 8 remaining, then the whole cell of 7.5 beats 7.
        assert_eq!(
            order.iter().map(|w| w.cell).collect::<Vec<_>>(),
            [0, 0, 0, 1]
        );
    }

    #[test]
    fn expected_costs_grow_with_budget_length_and_the_units_guarded_share() {
        assert_eq!(expected_cost(4, Some(1000), (0, 0)), 4000.0);
        assert!(
            expected_cost(4, Some(1000), (100, 50)) > 100.0 * expected_cost(4, Some(1000), (0, 0))
        );
        assert_eq!(expected_cost(1, None, (0, 0)), UNLIMITED_TESTS as f64);
    }

    /// A synthetic mix: `units` units of six steps; most cells cheap, some units with a
    /// long chain of chunked cells (like phase 1's BE runs of Properties 226).
    fn mix(units: usize) -> Vec<SimUnit> {
        (0..units)
            .map(|u| SimUnit {
                steps: (0..6)
                    .map(|s| {
                        let heavy = u % 7 == 3 && s >= 3;
                        let seconds = if heavy { 2.0 } else { 0.1 + (u * s % 5) as f64 };
                        let chunks = if heavy { 20 } else { 1 + usize::from(s >= 3) };
                        (0..1 + (u + s) % 3)
                            .map(|_| SimCell {
                                expected: seconds * chunks as f64,
                                pieces: (0..chunks).map(|i| seconds * (i % 3) as f64).collect(),
                                chunked: s >= 3,
                            })
                            .collect()
                    })
                    .collect(),
            })
            .collect()
    }

    #[test]
    fn a_units_cell_never_starts_before_its_earlier_steps_end() {
        let units = mix(30);
        for jobs in [1, 2, 3] {
            let report = simulate(&units, jobs, Policy::Dependencies);
            for &(unit, step, start, _) in &report.spans {
                let before = report
                    .spans
                    .iter()
                    .filter(|&&(u, s, _, _)| u == unit && s < step)
                    .map(|&(_, _, _, end)| end)
                    .fold(0.0, f64::max);
                assert!(
                    start >= before,
                    "unit {unit} step {step} at {start} < {before}"
                );
            }
            let total: f64 = units
                .iter()
                .flat_map(|u| u.steps.iter().flatten())
                .map(SimCell::seconds)
                .sum();
            assert!((report.busy - total).abs() < 1e-6, "every cell runs once");
        }
    }

    #[test]
    fn without_barriers_the_workers_stay_busier_and_finish_sooner() {
        let units = mix(30);
        let barriers = simulate(&units, 2, Policy::Barriers);
        let dependencies = simulate(&units, 2, Policy::Dependencies);
        assert!((barriers.busy - dependencies.busy).abs() < 1e-6);
        assert!(dependencies.makespan < barriers.makespan);
        assert!(dependencies.busy_fraction(2) > 0.95, "{dependencies:?}");
    }
}
