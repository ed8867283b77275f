//! The estimate of a run's work left, in worker seconds (the wall-clock seconds a worker
//! spends on a job, whatever the job records as its cells' CPU time), from the scheduler's
//! own cost model ([`super::schedule::expected_cost`]) calibrated on the cells finished so
//! far.
//!
//! The work left is of two kinds, priced apart:
//! - cells planned and not finished (their expected cost is known), priced at the
//!   seconds per unit of expected cost that the step's jobs took so far: the finished
//!   cells, and the chunks of the cells still running (each chunk covers its share of its
//!   cell's test cases), so that a step of long cells is priced from its first chunks;
//! - the steps units have not reached yet (their cells are not known: the "+" of the cell
//!   count), priced at their foreseen expected cost (nominal lengths and budgets) times the
//!   share of their foresight that the units which entered the step planned there, times
//!   the step's price. The share holds what the foresight cannot know: a unit that plans
//!   no cells there (a mutant killed earlier) or cells that copy another replicate's record;
//!   cells that end before their budget (a first failure) lower the step's price.
//!
//! A step's ratio from a handful of cells is shrunk towards the median of the steps' own
//! ratios ([`SHRINK`]), so one early cell does not swing the estimate; a step no job has
//! ended in yet takes that median. The median, not the ratio pooled over all jobs, because
//! the pool is ruled by the step of the largest nominal cost, which is often the one whose
//! cells skip most of it (guarded prefixes, a first failure). Nothing here feeds
//! back into scheduling: it only prices the progress display.

/// Pseudo-count of the shrinkage: a step's own ratio weighs n / (n + SHRINK) against the
/// median of the steps' ratios after n observations.
pub(crate) const SHRINK: f64 = 4.0;

/// Observations of one kind in one step: how many, their expected cost, their worker seconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Tally {
    count: f64,
    cost: f64,
    seconds: f64,
}

impl Tally {
    fn add(&mut self, cost: f64, seconds: f64) {
        self.count += 1.0;
        self.cost += cost;
        self.seconds += seconds;
    }

    /// The seconds per unit of cost, shrunk towards `prior` (`prior` without any cost).
    fn ratio(&self, prior: f64) -> f64 {
        if self.cost <= 0.0 {
            return prior;
        }
        let weight = self.count / (self.count + SHRINK);
        weight * self.seconds / self.cost + (1.0 - weight) * prior
    }
}

/// The units that entered one step with a foreseen cost: how many, their foreseen cost,
/// and the expected cost of the cells they planned there (less where a mutant killed
/// earlier skips the step or a cell copies another replicate's record).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Entries {
    units: f64,
    foreseen: f64,
    planned: f64,
}

impl Entries {
    /// The share of its foreseen cost a unit plans, shrunk towards 1 (all of it).
    fn share(&self) -> f64 {
        if self.foreseen <= 0.0 {
            return 1.0;
        }
        let weight = self.units / (self.units + SHRINK);
        weight * self.planned / self.foreseen + (1.0 - weight)
    }
}

/// The median of the own ratios of `tallies` that have a cost: seconds per unit of cost
/// (`None` without any).
fn median_ratio(tallies: &[Tally]) -> Option<f64> {
    let mut ratios: Vec<f64> = tallies
        .iter()
        .filter(|t| t.cost > 0.0)
        .map(|t| t.seconds / t.cost)
        .collect();
    ratios.sort_by(f64::total_cmp);
    let m = ratios.len();
    match m {
        0 => None,
        _ if m % 2 == 1 => Some(ratios[m / 2]),
        _ => Some((ratios[m / 2 - 1] + ratios[m / 2]) / 2.0),
    }
}

/// The work of a run, done and left, by step. Contract: a unit goes through its steps in
/// order — [`enter`](Self::enter) a step, then at once [`planned`](Self::planned) its cells
/// (or none), then [`piece`](Self::piece) for their jobs and [`finished`](Self::finished)
/// for each; [`foresee`](Self::foresee) may be called at any time for the steps it has not
/// entered.
pub(crate) struct Estimate {
    /// Per step: expected cost of its cells planned and not yet covered by jobs ended.
    waiting: Vec<f64>,
    /// Per step: foreseen cost of the units that have not entered it; per unit, its share.
    future: Vec<f64>,
    foreseen: Vec<Vec<f64>>,
    /// Per step: its finished cells (expected cost, seconds).
    cells: Vec<Tally>,
    /// Per step: the units that entered it with a foreseen cost.
    entered: Vec<Entries>,
}

impl Estimate {
    /// An estimate of `units` units over `steps` steps with nothing foreseen yet.
    pub(crate) fn new(units: usize, steps: usize) -> Self {
        Estimate {
            waiting: vec![0.0; steps],
            future: vec![0.0; steps],
            foreseen: vec![vec![0.0; steps]; units],
            cells: vec![Tally::default(); steps],
            entered: vec![Entries::default(); steps],
        }
    }

    /// `unit` may still plan cells of expected cost `later[s]` in each step s it has not
    /// entered (the caller gives 0 for the others).
    pub(crate) fn foresee(&mut self, unit: usize, later: Vec<f64>) {
        for (s, cost) in later.iter().enumerate() {
            self.future[s] += cost - self.foreseen[unit][s];
        }
        self.foreseen[unit] = later;
    }

    /// `unit` enters `step`: its foresight of the step becomes the yardstick of what it
    /// plans there (its cells follow at once, [`planned`](Self::planned)).
    pub(crate) fn enter(&mut self, unit: usize, step: usize) {
        let foreseen = std::mem::take(&mut self.foreseen[unit][step]);
        self.future[step] -= foreseen;
        if foreseen > 0.0 {
            self.entered[step].units += 1.0;
            self.entered[step].foreseen += foreseen;
        }
    }

    /// A cell of `step` of expected cost `cost` is planned by the unit that entered it last.
    pub(crate) fn planned(&mut self, step: usize, cost: f64) {
        self.waiting[step] += cost;
        self.entered[step].planned += cost;
    }

    /// A job of a planned cell of `step` ended after `seconds` of a worker's time, covering
    /// `cost` of the cell's expected cost (its share of the cell's test cases; the cell may
    /// have more jobs).
    pub(crate) fn piece(&mut self, step: usize, cost: f64, seconds: f64) {
        self.waiting[step] -= cost;
        self.cells[step].add(cost, seconds);
    }

    /// A planned cell of `step` finished with `uncovered` of its expected cost not covered
    /// by its jobs (it ended before its budget): that cost took no time.
    pub(crate) fn finished(&mut self, step: usize, uncovered: f64) {
        self.waiting[step] -= uncovered;
        self.cells[step].cost += uncovered;
    }

    /// A planned cell of `step` was given up (lost) with `uncovered` of its expected cost
    /// not covered by its jobs: it is no longer work left.
    pub(crate) fn dropped(&mut self, step: usize, uncovered: f64) {
        self.waiting[step] -= uncovered;
    }

    /// Worker seconds of the jobs ended (of cells finished or not).
    pub(crate) fn seconds_done(&self) -> f64 {
        self.cells.iter().map(|t| t.seconds).sum()
    }

    /// The estimated worker seconds of the work left (`None` before any job ended: no scale
    /// yet): per step, its cost waiting at the step's own ratio (shrunk towards the median
    /// of the steps' own ratios), and its foreseen cost at the same ratio times the share of
    /// their foresight that the units which entered the step planned (shrunk towards all of
    /// it: a unit not there yet is assumed to plan what it foresees until units that entered
    /// say how many skip the step).
    pub(crate) fn seconds_left(&self) -> Option<f64> {
        let median = median_ratio(&self.cells)?;
        let left = (0..self.waiting.len())
            .map(|s| {
                let cells = self.cells[s].ratio(median);
                let waiting = self.waiting[s].max(0.0) * cells;
                let future = self.future[s].max(0.0) * self.entered[s].share() * cells;
                waiting + future
            })
            .sum();
        Some(left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::schedule::{Policy, SimCell, SimUnit, simulate};

    /// Step s of every unit foresees `1 + (u + s) % 3` cells of `COST[s]` each; a cell
    /// really takes `COST[s] · SECONDS[s]` seconds (± 40 %), so the cost model is off by a
    /// different factor in each step (step 3's cells end long before their budget), and
    /// every fourth unit has no cells in step 4 (its mutant was killed in step 3 of a
    /// `stop-when-killed` phase), though all foresee some until they have passed step 3.
    const COST: [f64; 6] = [10.0, 100.0, 1_000.0, 100_000.0, 100_000.0, 50.0];
    const SECONDS: [f64; 6] = [1e-3, 2e-3, 1e-3, 1e-5, 1e-3, 3e-3];

    fn cells(u: usize, s: usize) -> usize {
        1 + (u + s) % 3
    }

    fn runs(u: usize, s: usize) -> bool {
        s != 4 || !u.is_multiple_of(4)
    }

    fn seconds(u: usize, s: usize) -> f64 {
        let noise = 1.0 + 0.2 * ((u * 7 + s * 3) % 5) as f64 - 0.4;
        COST[s] * SECONDS[s] * noise
    }

    fn units(count: usize) -> Vec<SimUnit> {
        (0..count)
            .map(|u| SimUnit {
                steps: (0..COST.len())
                    .map(|s| {
                        let cell = SimCell {
                            expected: COST[s],
                            pieces: vec![seconds(u, s)],
                            chunked: false,
                        };
                        vec![cell; if runs(u, s) { cells(u, s) } else { 0 }]
                    })
                    .collect(),
            })
            .collect()
    }

    /// Feeds `estimate` the run of `units` as the runner would, its cells finishing in the
    /// order the simulated scheduler ends them on two workers; returns after each finished
    /// cell (seconds done, seconds estimated left).
    fn replay(units: &[SimUnit]) -> Vec<(f64, f64)> {
        let steps = COST.len();
        let mut estimate = Estimate::new(units.len(), steps);
        let mut outstanding = vec![0; units.len()];
        let mut at = vec![0; units.len()];
        let advance = |e: &mut Estimate, u: usize, at: &mut Vec<usize>, out: &mut Vec<usize>| {
            while at[u] < steps {
                let s = at[u];
                // Past step 3, a unit killed there foresees step 4 empty (the runner
                // rules out the rest of a `stop-when-killed` phase for a killed mutant).
                let later = (0..steps).map(|t| {
                    if t >= s && (runs(u, t) || s <= 3) {
                        COST[t] * cells(u, t) as f64
                    } else {
                        0.0
                    }
                });
                e.foresee(u, later.collect());
                e.enter(u, s);
                for cell in &units[u].steps[s] {
                    e.planned(s, cell.expected);
                }
                out[u] = units[u].steps[s].len();
                if out[u] > 0 {
                    return;
                }
                at[u] += 1;
            }
            e.foresee(u, vec![0.0; steps]);
        };
        for u in 0..units.len() {
            advance(&mut estimate, u, &mut at, &mut outstanding);
        }
        let mut spans = simulate(units, 2, Policy::Dependencies).spans;
        spans.sort_by(|a, b| a.3.total_cmp(&b.3));
        let mut trace = Vec::new();
        for (u, s, start, end) in spans {
            estimate.piece(s, COST[s], end - start);
            estimate.finished(s, 0.0);
            outstanding[u] -= 1;
            if outstanding[u] == 0 {
                at[u] += 1;
                advance(&mut estimate, u, &mut at, &mut outstanding);
            }
            trace.push((estimate.seconds_done(), estimate.seconds_left().unwrap()));
        }
        trace
    }

    #[test]
    fn the_estimate_converges_on_the_work_actually_left() {
        let units = units(60);
        let trace = replay(&units);
        let total: f64 = units
            .iter()
            .flat_map(|u| u.steps.iter().flatten())
            .map(SimCell::seconds)
            .sum();
        let (done, left) = *trace.last().unwrap();
        assert!(
            (done - total).abs() < 1e-9 && left.abs() < 1e-9,
            "{done} {left}"
        );
        // Past a tenth of the work, the work left is within a factor of 1.5 of the truth at
        // a half, and at a tenth and a quarter no more than 1.6 times it (nor under 1 / 1.5);
        // within a factor of 2 up to four fifths. The uncalibrated cost model is off by up
        // to a hundred times, and a quarter of the units skip the dearest step: the
        // longest-first order runs their step-3 cells last, so until then their share of
        // step 4 (a third of what the others will spend there) counts as work left.
        let ratio = |&(done, left): &(f64, f64)| left / (total - done);
        for (share, most) in [(0.1, 1.6), (0.25, 1.6), (0.5, 1.5)] {
            let at = trace
                .iter()
                .find(|(done, _)| *done >= share * total)
                .unwrap();
            assert!(
                (1.0 / 1.5..=most).contains(&ratio(at)),
                "{share}: {at:?} of {total}"
            );
        }
        let late = trace
            .iter()
            .filter(|(d, _)| (0.1..0.8).contains(&(*d / total)));
        for at in late {
            assert!((0.5..=2.0).contains(&ratio(at)), "{at:?} of {total}");
        }
    }

    #[test]
    fn a_steps_price_comes_from_its_jobs_shrunk_towards_the_median_step() {
        let mut estimate = Estimate::new(1, 2);
        assert_eq!(estimate.seconds_left(), None, "no scale before a job ends");
        estimate.foresee(0, vec![100.0, 20.0]);
        estimate.enter(0, 0);
        estimate.planned(0, 50.0);
        estimate.planned(0, 50.0);
        // A first chunk covers a tenth of a cell in half a second.
        estimate.piece(0, 5.0, 0.5);
        // Step 0's ratio is the only one (0.1 s a unit); step 1, foreseen, takes it too.
        let left = estimate.seconds_left().unwrap();
        assert!((left - (95.0 + 20.0) * 0.1).abs() < 1e-9, "{left}");
        // The cell ends at its next chunk (a failure): the rest of its cost took nothing.
        estimate.piece(0, 1.0, 0.1);
        estimate.finished(0, 44.0);
        let ratio = 0.6 / 50.0;
        let left = estimate.seconds_left().unwrap();
        assert!((left - (50.0 + 20.0) * ratio).abs() < 1e-9, "{left}");
        estimate.piece(0, 50.0, 0.6);
        estimate.finished(0, 0.0);
        estimate.enter(0, 1);
        estimate.planned(1, 10.0);
        estimate.planned(1, 10.0);
        estimate.piece(1, 10.0, 10.0);
        estimate.finished(1, 0.0);
        // Alone in its step, a cell a hundred times as dear weighs 1 / (1 + SHRINK) there
        // against the median of the two steps' ratios (1.2 s per 100 units, 1 s a unit).
        let weight = 1.0 / (1.0 + SHRINK);
        let ratio = weight * 1.0 + (1.0 - weight) * (0.012 + 1.0) / 2.0;
        let left = estimate.seconds_left().unwrap();
        assert!((left - 10.0 * ratio).abs() < 1e-9, "{left}");
        assert!((estimate.seconds_done() - 11.2).abs() < 1e-9);
    }

    #[test]
    fn a_step_without_jobs_takes_the_median_step_not_the_pool_of_the_largest() {
        let mut estimate = Estimate::new(3, 4);
        // Steps 0 and 1 take 0.1 and 0.2 s a unit; step 2's nominal million units end
        // almost at once (its cells skip most of their budget).
        for (unit, (cost, seconds)) in [(10.0, 1.0), (10.0, 2.0), (1e6, 0.01)]
            .into_iter()
            .enumerate()
        {
            estimate.enter(unit, unit);
            estimate.planned(unit, cost);
            estimate.piece(unit, cost, seconds);
            estimate.finished(unit, 0.0);
        }
        // Step 3, not reached by any job, is priced at the median 0.1 s a unit; the pool
        // (3.01 s per 1,000,020 units) would price its 100 units at 0.0003 s.
        estimate.foresee(0, vec![0.0, 0.0, 0.0, 100.0]);
        let left = estimate.seconds_left().unwrap();
        assert!((left - 100.0 * 0.1).abs() < 1e-9, "{left}");
    }

    #[test]
    fn units_that_plan_less_than_they_foresaw_scale_the_future_of_their_step() {
        let mut estimate = Estimate::new(6, 1);
        for unit in 0..6 {
            estimate.foresee(unit, vec![100.0]);
        }
        estimate.enter(0, 0);
        estimate.planned(0, 100.0);
        estimate.piece(0, 100.0, 1.0);
        estimate.finished(0, 0.0);
        // Unit 1 plans nothing (its mutant was killed earlier): two units planned half of
        // what they foresaw, which weighs 2 / (2 + SHRINK) against planning all of it.
        estimate.enter(1, 0);
        let weight = 2.0 / (2.0 + SHRINK);
        let share = weight * 0.5 + (1.0 - weight);
        let left = estimate.seconds_left().unwrap();
        assert!((left - 4.0 * 100.0 * share * 0.01).abs() < 1e-9, "{left}");
    }
}
