//! Drives the [`schedule`](super::schedule) with worker processes: `--jobs` threads, each
//! with its own supervised worker, take the next piece of work from the scheduler, run it,
//! and give its result back; a finished cell is journaled and recorded at once, and its unit
//! planned on as soon as its step is recorded. Everything but running a job happens under
//! one lock, so planning sees every record of the unit (see the scheduler's contract).

use std::collections::HashMap;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use super::estimate::Estimate;
use super::job::{Job, JobResult, Stop};
use super::progress::{Account, Progress};
use super::schedule::{CellId, Done, Order, Plan, Scheduler, Units, Work, expected_cost};
use super::worker::{Lost, Settled, WorkerProcess};
use super::{
    Cell, CellRecord, Journal, Runner, SharedIdentity, WorkUnit, cell_record, chunk_complete,
    chunk_range, merge_chunks,
};

/// A cell handed to the scheduler.
struct Flight {
    unit: usize,
    step: usize,
    cell: Cell,
    /// Cells of other replicates' units that take this cell's record (a seed-free strategy).
    followers: Vec<(usize, Cell)>,
    /// The end of its time cap, from its first chunk on.
    deadline: Option<Instant>,
    /// Its expected cost for the progress estimate, of `tests` test cases
    /// ([`State::estimate_budget`]), and the part of it its jobs ended so far covered.
    cost: f64,
    tests: Option<u64>,
    covered: f64,
    /// The first of its jobs given up (its chunk, or `None` for an unchunked cell).
    lost: Option<(Option<u64>, Lost)>,
}

/// A cell that could not be completed: its job's workers kept dying without confirming
/// a crash (killed from outside). It is not journaled; a later `--resume` runs it.
#[derive(Clone, Debug)]
pub struct LostCell {
    /// The cell, as people read it (phase, strategy, subject, mutant, replicate, n).
    pub cell: String,
    /// Why it was given up.
    pub lost: Lost,
    /// Cells of other replicates that were to copy its record (a seed-free strategy).
    pub followers: usize,
}

/// The state of a run, under the lock.
struct State<'a, 'j> {
    runner: Runner<'a>,
    journal: &'j Journal,
    units: Vec<WorkUnit>,
    /// The experiment's (phase, run) pairs in order.
    steps: Vec<(usize, usize)>,
    /// Per step, the (n, test budget) of the cells a unit may have in it (an `E(r)` budget
    /// as its run's budget, which bounds it).
    nominal: Vec<Vec<(u64, Option<u64>)>>,
    progress: Units,
    scheduler: Scheduler<(JobResult, bool)>,
    flights: Vec<Flight>,
    /// Seed-free cells handed to the scheduler and not yet recorded, by (step, identity).
    leaders: HashMap<(usize, SharedIdentity), CellId>,
    display: Progress,
    /// What the display shows, kept up to date (see [`Progress`]).
    account: Account,
    /// The estimate of the work left, by step ([`Estimate`]).
    estimate: Estimate,
    /// Per unit: whether it is the first of its (subject, mutant) in this invocation, the
    /// one whose seed-free cells the others are expected to copy ([`State::foresee`]).
    first_replicate: Vec<bool>,
    /// Units that have yet to plan their last step, and per unit whether it has.
    units_planning: usize,
    done_planning: Vec<bool>,
    /// Per unit: test cases of its recorded cells, and how many of them hit a guard or were
    /// abandoned (what [`expected_cost`] reads).
    counts: Vec<(u64, u64)>,
    executed: usize,
    cpu_seconds: f64,
    failed: bool,
    lost: Vec<LostCell>,
}

/// What [`run`] did: the runner with every record, the cells executed and their CPU
/// seconds, and the cells lost.
pub(super) struct Driven<'a> {
    pub runner: Runner<'a>,
    pub executed: usize,
    pub cpu_seconds: f64,
    pub lost: Vec<LostCell>,
}

/// Runs every cell of `runner`'s experiment that has no record yet. A lost cell stops its
/// unit (its later steps need its record); the other units run on.
pub(super) fn run<'a>(runner: Runner<'a>, journal: &Journal) -> anyhow::Result<Driven<'a>> {
    let jobs = runner.options.jobs.max(1);
    let (handshake, watchdog) = (runner.handshake.clone(), runner.watchdog);
    let mut state = State::new(runner, journal);
    for unit in 0..state.units.len() {
        state.advance(unit)?;
    }
    let shared = (Mutex::new(state), Condvar::new());
    let outcomes: Vec<anyhow::Result<()>> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..jobs)
            .map(|w| {
                let (shared, handshake) = (&shared, &handshake);
                std::thread::Builder::new().spawn_scoped(scope, move || {
                    let _sentinel = Sentinel(shared);
                    serve(shared, handshake, watchdog, w)
                })
            })
            .collect();
        threads
            .into_iter()
            .map(|t| match t {
                Ok(thread) => thread.join().unwrap_or_else(|panic| {
                    let text = panic
                        .downcast_ref::<String>()
                        .map(String::as_str)
                        .or_else(|| panic.downcast_ref::<&str>().copied())
                        .unwrap_or("a panic");
                    Err(anyhow::anyhow!("a runner thread failed: {text}"))
                }),
                Err(e) => {
                    stop_all(&shared);
                    Err(anyhow::Error::new(e).context("cannot start a runner thread"))
                }
            })
            .collect()
    });
    let state = shared
        .0
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    state.display.finish();
    outcomes.into_iter().collect::<anyhow::Result<()>>()?;
    Ok(Driven {
        runner: state.runner,
        executed: state.executed,
        cpu_seconds: state.cpu_seconds,
        lost: state.lost,
    })
}

/// Stops every runner thread at its next look at the state (a thread failed).
fn stop_all(shared: &(Mutex<State<'_, '_>>, Condvar)) {
    let mut state = shared
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    state.failed = true;
    shared.1.notify_all();
}

/// Stops the other runner threads when its thread unwinds from a panic, so that none
/// waits for work forever.
struct Sentinel<'s, 'a, 'j>(&'s (Mutex<State<'a, 'j>>, Condvar));

impl Drop for Sentinel<'_, '_, '_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            stop_all(self.0);
        }
    }
}

/// Runner thread `w`: takes work until there is none left (or another thread failed).
fn serve(
    shared: &(Mutex<State<'_, '_>>, Condvar),
    handshake: &super::worker::Handshake,
    watchdog: Duration,
    w: usize,
) -> anyhow::Result<()> {
    let (lock, wake) = shared;
    let mut worker = WorkerProcess::new(handshake);
    let mut state = lock.lock().expect("runner lock");
    loop {
        if state.failed {
            return Ok(());
        }
        let Some(work) = state.scheduler.take() else {
            if state.scheduler.is_idle() {
                wake.notify_all();
                return Ok(());
            }
            state = wake.wait(state).expect("runner lock");
            continue;
        };
        let job = state.job(work);
        let label = if state.display.shows_workers() {
            state.label(work.cell, work.chunk)
        } else {
            String::new()
        };
        state.display.working(w, Some(&label));
        drop(state);
        let began = Instant::now();
        let result = match &job {
            Some(job) => {
                let limit = job
                    .seconds
                    .map_or(watchdog, |s| Duration::from_secs_f64(s) + watchdog);
                worker.run(job, limit)
            }
            None => Ok(Settled {
                result: Ok(JobResult::lost(Stop::Time, 0.0)),
                unconfirmed: Vec::new(),
                site: None,
            }),
        };
        let seconds = began.elapsed().as_secs_f64();
        state = lock.lock().expect("runner lock");
        state.display.working(w, None);
        if let Err(e) = result.and_then(|r| state.finish(work, job.as_ref(), r, seconds)) {
            state.failed = true;
            wake.notify_all();
            return Err(e);
        }
        wake.notify_all();
    }
}

impl<'a, 'j> State<'a, 'j> {
    fn new(runner: Runner<'a>, journal: &'j Journal) -> Self {
        let experiment = runner.experiment;
        let steps: Vec<(usize, usize)> = experiment
            .phases
            .iter()
            .enumerate()
            .flat_map(|(p, phase)| (0..phase.runs.len()).map(move |r| (p, r)))
            .collect();
        let units = runner.units();
        let unit_count = units.len();
        let steps_count = steps.len();
        let nominal = steps
            .iter()
            .map(|&(p, r)| {
                let phase = &experiment.phases[p];
                let lengths = phase.runs[r].lengths.iter();
                lengths
                    .map(|&n| (n as u64, nominal_budget(phase, r, n as u64)))
                    .collect()
            })
            .collect();
        let display = Progress::start(runner.options.progress, runner.options.jobs.max(1));
        let lookahead = 2 * runner.options.jobs.max(1) as u64;
        let index: HashMap<(u32, &str, u32), usize> = units
            .iter()
            .enumerate()
            .map(|(i, u)| {
                let subject = experiment.subjects[u.subject].unit.class();
                let mutant = runner.mutants[u.subject][u.mutant].id;
                ((u.replicate, subject, mutant), i)
            })
            .collect();
        let first_replicate = (0..units.len())
            .map(|i| {
                i == 0
                    || (units[i - 1].subject, units[i - 1].mutant)
                        != (units[i].subject, units[i].mutant)
            })
            .collect();
        let subject_of = units.iter().map(|u| u.subject).collect();
        let mut counts = vec![(0, 0); units.len()];
        for rec in runner.records.values() {
            if let Some(&unit) = index.get(&(rec.replicate, rec.subject.as_str(), rec.mutant)) {
                count(&mut counts[unit], rec);
            }
        }
        State {
            counts,
            progress: Units::new(units.len(), steps.len()),
            units,
            steps,
            nominal,
            scheduler: Scheduler::new(Order::LongestFirst, lookahead),
            flights: Vec::new(),
            leaders: HashMap::new(),
            display,
            account: Account::start(),
            estimate: Estimate::new(subject_of, steps_count),
            first_replicate,
            units_planning: unit_count,
            done_planning: vec![false; unit_count],
            runner,
            journal,
            executed: 0,
            cpu_seconds: 0.0,
            failed: false,
            lost: Vec::new(),
        }
    }

    /// Plans `unit`'s cells at its step, passing the steps where it has none waiting.
    fn advance(&mut self, unit: usize) -> anyhow::Result<()> {
        let experiment = self.runner.experiment;
        while self.progress.step(unit) < self.steps.len() {
            let step = self.progress.step(unit);
            let (p, r) = self.steps[step];
            let phase = &experiment.phases[p];
            self.foresee(unit, step);
            self.estimate.enter(unit, step);
            let cells = self
                .runner
                .plan(&self.units[unit], p, phase, r, &phase.runs[r]);
            self.account.cells_planned += cells.len() as u64;
            self.foresee(unit, step + 1);
            let mut waiting = 0;
            for cell in cells {
                waiting += usize::from(self.place(unit, step, cell)?);
            }
            if waiting > 0 {
                self.progress.planned(unit, waiting);
                self.refresh();
                return Ok(());
            }
            self.progress.pass(unit);
        }
        self.foresee(unit, self.steps.len());
        self.refresh();
        Ok(())
    }

    /// Notes the expected cost of `unit`'s steps from `from` on (`steps.len()`: none), and
    /// whether it has planned its last step (`from` past it). A seed-free run's cells are
    /// foreseen for the first replicate only: the others copy its records; a phase its
    /// records already rule out ([`Runner::rules_out`]) is foreseen empty.
    fn foresee(&mut self, unit: usize, from: usize) {
        let experiment = self.runner.experiment;
        let class = experiment.subjects[self.units[unit].subject].unit.class();
        let at_phase = self.steps.get(from).map(|&(p, _)| p);
        let mut ruled_out: Vec<Option<bool>> = vec![None; experiment.phases.len()];
        let later: Vec<f64> = (0..self.steps.len())
            .map(|s| {
                let (p, r) = self.steps[s];
                let run = &experiment.phases[p].runs[r];
                let earlier_done = at_phase.is_some_and(|at| at >= p);
                let unit_of = &self.units[unit];
                let out = *ruled_out[p]
                    .get_or_insert_with(|| self.runner.rules_out(unit_of, p, earlier_done));
                let copied = !run.strategy.uses_seed()
                    && !self.first_replicate[unit]
                    && !matches!(run.tests, crate::experiment::TestBudget::FirstFailureOf(_));
                let cells = if s >= from && run.runs_on(class) && !copied && !out {
                    &self.nominal[s][..]
                } else {
                    &[]
                };
                cells
                    .iter()
                    .map(|&(n, budget)| {
                        let budget = self.estimate_budget(unit, s, n, budget);
                        expected_cost(n, budget, self.counts[unit])
                    })
                    .sum()
            })
            .collect();
        self.estimate.foresee(unit, later);
        if from >= self.steps.len() && !std::mem::replace(&mut self.done_planning[unit], true) {
            self.units_planning -= 1;
        }
    }

    /// The test budget the progress estimate assumes of a cell of `step` at length `n`
    /// in `unit`: its budget, at most z = jⁿ for a walk without replacement (a walk that
    /// ends there, where the scheduler's ordering assumes an unlimited cell's default).
    fn estimate_budget(
        &self,
        unit: usize,
        step: usize,
        n: u64,
        budget: Option<u64>,
    ) -> Option<u64> {
        let (p, r) = self.steps[step];
        let experiment = self.runner.experiment;
        let j = experiment.subjects[self.units[unit].subject].context.j();
        match experiment.phases[p].runs[r].strategy.distinct_cases(j, n) {
            Some(z) => Some(budget.map_or(z, |b| b.min(z))),
            None => budget,
        }
    }

    /// Shows the account as it is now.
    fn refresh(&mut self) {
        self.account.open = self.units_planning > 0;
        self.account.seconds_left = self.estimate.seconds_left();
        self.account.seconds_done = self.estimate.seconds_done();
        let account = self.account.clone();
        self.display.update(|shown| *shown = account);
    }

    /// Hands `cell` to the scheduler, or to the seed-free cell of another replicate it
    /// copies (running, or recorded: then it is recorded at once); true if it waits.
    fn place(&mut self, unit: usize, step: usize, cell: Cell) -> anyhow::Result<bool> {
        let (p, r) = self.steps[step];
        let run = &self.runner.experiment.phases[p].runs[r];
        if !run.strategy.uses_seed() {
            if let Some(record) = self.runner.identical_record(p, r, &cell) {
                let copy = record.for_replicate(&cell);
                self.journal.append(&copy)?;
                self.account.cells_done += 1;
                count(&mut self.counts[unit], &copy);
                self.runner.record(copy);
                return Ok(false);
            }
            if let Some(&leader) = self.leaders.get(&(step, cell.identity())) {
                self.flights[leader].followers.push((unit, cell));
                return Ok(true);
            }
        }
        let plan = Plan {
            cost: self.expected_cost(unit, &cell),
            after: self.after(unit, step),
            chunks: self.runner.chunks(run, &cell),
        };
        let budget = self.estimate_budget(unit, step, cell.n as u64, cell.budget);
        let cost = expected_cost(cell.n as u64, budget, self.counts[unit]);
        self.estimate.planned(unit, step, cost);
        let id = self.scheduler.add(plan);
        if !run.strategy.uses_seed() {
            self.leaders.insert((step, cell.identity()), id);
        }
        debug_assert_eq!(id, self.flights.len(), "cell ids follow the flights");
        self.flights.push(Flight {
            unit,
            step,
            cell,
            followers: Vec::new(),
            deadline: None,
            cost,
            tests: budget,
            covered: 0.0,
            lost: None,
        });
        Ok(true)
    }

    /// [`expected_cost`] of `cell`, from the counts of `unit`'s cells recorded so far.
    fn expected_cost(&self, unit: usize, cell: &Cell) -> f64 {
        expected_cost(cell.n as u64, cell.budget, self.counts[unit])
    }

    /// The expected cost of every cell `unit` may have in the steps after `step` ([`Plan::after`]).
    fn after(&self, unit: usize, step: usize) -> f64 {
        let cells = self.nominal[step + 1..].iter().flatten();
        cells
            .map(|&(n, budget)| expected_cost(n, budget, self.counts[unit]))
            .sum()
    }

    /// The job of `work` (`None`: a chunk whose cell's time cap is already over).
    fn job(&mut self, work: Work) -> Option<Job> {
        let flight = &mut self.flights[work.cell];
        let (p, r) = self.steps[flight.step];
        let run = &self.runner.experiment.phases[p].runs[r];
        let Some(chunk) = work.chunk else {
            let budget = flight.cell.budget;
            return Some(self.runner.job(run, &flight.cell, 0, budget, run.seconds));
        };
        if chunk == 0 {
            flight.deadline = run
                .seconds
                .map(|s| Instant::now() + Duration::from_secs_f64(s));
        }
        let remaining = flight
            .deadline
            .map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64());
        if remaining.is_some_and(|t| t <= 0.0) {
            return None;
        }
        let (start, count) = chunk_range(flight.cell.budget, chunk);
        Some(
            self.runner
                .job(run, &flight.cell, start, Some(count), remaining),
        )
    }

    /// Takes the settled result of `work` (from `job`; `None`: none ran), on which a worker
    /// spent `seconds` of wall-clock time; records its cell and its followers when the cell
    /// is finished, or sets the cell aside as lost when a job it needs was given up.
    fn finish(
        &mut self,
        work: Work,
        job: Option<&Job>,
        settled: Settled,
        seconds: f64,
    ) -> anyhow::Result<()> {
        for death in &settled.unconfirmed {
            self.display.warn(&format!(
                "warning: a worker process was {} running {}; the job ran again in a fresh worker",
                death.text(),
                self.describe(work.cell, work.chunk),
            ));
        }
        let result = match settled.result {
            Ok(result) => result,
            Err(lost) => {
                self.display.warn(&format!(
                    "error: {} was given up: {lost}; it is not recorded (see the end of the run)",
                    self.describe(work.cell, work.chunk),
                ));
                let flight = &mut self.flights[work.cell];
                if flight.lost.as_ref().is_none_or(|(c, _)| work.chunk < *c) {
                    flight.lost = Some((work.chunk, lost));
                }
                // Closes a chunked cell at this chunk; never recorded (below).
                JobResult::lost(Stop::Crash, 0.0)
            }
        };
        let complete = job.is_some_and(|j| chunk_complete(j, &result));
        let tests = result.tests_run;
        let done = self.scheduler.finish(work, (result, complete), complete);
        let flight = &mut self.flights[work.cell];
        let (unit, step, cost) = (flight.unit, flight.step, flight.cost);
        if !matches!(done, Done::Discarded) {
            // A chunk covers its share of the cell's test cases; a whole job, the cell.
            let share = match (work.chunk, flight.tests) {
                (Some(_), Some(all)) if all > 0 => tests as f64 / all as f64,
                (Some(_), _) => 0.0,
                (None, _) => 1.0,
            };
            let piece = (cost * share).min(cost - flight.covered).max(0.0);
            flight.covered += piece;
            self.estimate.piece(unit, step, piece, seconds);
        }
        let Done::Finished(results) = done else {
            self.refresh();
            return Ok(());
        };
        let flight = &mut self.flights[work.cell];
        let uncovered = (flight.cost - flight.covered).max(0.0);
        // A lost chunk matters only if the merge reaches it (no earlier chunk ended the cell).
        if let Some((chunk, lost)) = flight.lost.take()
            && chunk.is_none_or(|c| c < results.len() as u64)
        {
            let followers = std::mem::take(&mut flight.followers).len();
            let identity = flight.cell.identity();
            self.leaders.remove(&(step, identity));
            self.estimate.dropped(unit, step, uncovered);
            // Its unit plans no more (its later steps need the record).
            self.foresee(unit, self.steps.len());
            let cell = self.describe(work.cell, None);
            self.lost.push(LostCell {
                cell,
                lost,
                followers,
            });
            return Ok(());
        }
        let merged = match work.chunk {
            Some(_) => merge_chunks(results),
            None => results.into_iter().next().expect("one result").0,
        };
        let flight = &mut self.flights[work.cell];
        let followers = std::mem::take(&mut flight.followers);
        let (p, r) = self.steps[step];
        let phase = &self.runner.experiment.phases[p];
        let coverage = self.runner.cell_coverage(&flight.cell.subject, &merged);
        let record = cell_record(
            (p, phase, r, &phase.runs[r]),
            &flight.cell,
            merged,
            coverage,
            self.runner.experiment.coverage_area,
        )?;
        self.leaders.remove(&(step, flight.cell.identity()));
        self.estimate.finished(unit, step, uncovered);
        self.executed += 1;
        self.cpu_seconds += record.cpu_seconds;
        for (follower, cell) in followers {
            self.keep(follower, record.for_replicate(&cell))?;
        }
        self.keep(unit, record)
    }

    /// A cell (and chunk) for messages: phase, run, subject, mutant, replicate, n.
    fn describe(&self, cell: usize, chunk: Option<u64>) -> String {
        format!("the cell of {}", self.label(cell, chunk))
    }

    /// A cell (and chunk) as the worker lines show it.
    fn label(&self, cell: usize, chunk: Option<u64>) -> String {
        let flight = &self.flights[cell];
        let (p, r) = self.steps[flight.step];
        let phase = &self.runner.experiment.phases[p];
        let chunk = chunk.map_or(String::new(), |c| format!(", chunk {c}"));
        format!(
            "phase `{}`, run `{}`, subject {}, mutant {}, replicate {}, n = {}{chunk}",
            phase.name,
            phase.runs[r].name(),
            flight.cell.subject,
            flight.cell.mutant.id,
            flight.cell.replicate,
            flight.cell.n,
        )
    }

    /// Journals and records a finished cell of `unit`; plans the unit on if that was the
    /// last cell of its step.
    fn keep(&mut self, unit: usize, record: CellRecord) -> anyhow::Result<()> {
        self.journal.append(&record)?;
        self.account.cells_done += 1;
        count(&mut self.counts[unit], &record);
        self.runner.record(record);
        if self.progress.recorded(unit) {
            self.progress.pass(unit);
            self.advance(unit)?;
        } else {
            self.refresh();
        }
        Ok(())
    }
}

/// The test budget of run `r` of `phase` at length `n` for planning's cost estimates: an
/// `E(r)` budget is at most the budget of the run it names; a cost or a suite's cost
/// counts as test cases of n calls.
fn nominal_budget(phase: &crate::experiment::Phase, r: usize, n: u64) -> Option<u64> {
    use crate::experiment::TestBudget;
    match &phase.runs[r].tests {
        TestBudget::Fixed(b) => Some(*b),
        TestBudget::Cost(c) => Some(c / n.max(1)),
        TestBudget::Suite(b) => b.tests.or(b.cost.map(|c| c / n.max(1))),
        TestBudget::Structures | TestBudget::Unlimited => None,
        TestBudget::FirstFailureOf(kind) => phase.runs[..r]
            .iter()
            .position(|x| x.strategy.is(*kind))
            .and_then(|earlier| nominal_budget(phase, earlier, n)),
    }
}

/// Adds a record's test cases and guarded or abandoned ones to a unit's counts.
fn count(counts: &mut (u64, u64), record: &CellRecord) {
    counts.0 += record.tests_run;
    counts.1 += record.guarded_tests + record.abandoned_tests;
}
