//! The estimate of a run's work left, in CPU seconds, from the scheduler's own cost model
//! ([`super::schedule::expected_cost`]) calibrated on the cells finished so far.
//!
//! The work left is of two kinds, priced apart:
//! - cells planned and not finished (their expected cost is known), priced at the CPU
//!   seconds per unit of expected cost that the step's jobs took so far: the finished
//!   cells, and the chunks of the cells still running (each chunk covers its share of its
//!   cell's test cases), so that a step of long cells is priced from its first chunks;
//! - the steps units have not reached yet (their cells are not known: the "+" of the cell
//!   count), priced at their foreseen expected cost (nominal lengths and budgets) times the
//!   CPU seconds per foreseen unit that the units which passed the step took there. That
//!   ratio holds what the cost model cannot know in advance: the share of units that skip
//!   the step (a mutant killed earlier, a phase only for killed mutants) and cells that end
//!   before their budget (a first failure).
//!
//! A step's ratio from a handful of cells is shrunk towards the ratio pooled over all
//! steps ([`SHRINK`]), so one early cell does not swing the estimate. Nothing here feeds
//! back into scheduling: it only prices the progress display.

/// Pseudo-count of the shrinkage: a step's own ratio weighs n / (n + SHRINK) against the
/// pooled ratio after n observations.
pub(crate) const SHRINK: f64 = 4.0;

/// Observations of one kind in one step: how many, their expected cost, their CPU seconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Tally {
    count: f64,
    cost: f64,
    cpu: f64,
}

impl Tally {
    fn add(&mut self, cost: f64, cpu: f64) {
        self.count += 1.0;
        self.cost += cost;
        self.cpu += cpu;
    }

    /// The CPU seconds per unit of cost, shrunk towards `prior` (`prior` without any cost).
    fn ratio(&self, prior: f64) -> f64 {
        if self.cost <= 0.0 {
            return prior;
        }
        let weight = self.count / (self.count + SHRINK);
        weight * self.cpu / self.cost + (1.0 - weight) * prior
    }
}

/// The pooled ratio of `tallies`: their CPU seconds per unit of cost (`None` without cost).
fn pooled(tallies: &[Tally]) -> Option<f64> {
    let (cost, cpu) = tallies
        .iter()
        .fold((0.0, 0.0), |(c, p), t| (c + t.cost, p + t.cpu));
    (cost > 0.0).then(|| cpu / cost)
}

/// The work of a run, done and left, by step. Contract: a unit goes through its steps in
/// order — [`enter`](Self::enter) a step, [`planned`](Self::planned) its cells,
/// [`finished`](Self::finished) each (or none), then [`pass`](Self::pass) it;
/// [`foresee`](Self::foresee) may be called at any time for the steps it has not entered.
pub(crate) struct Estimate {
    /// Per step: expected cost of its cells planned and not yet covered by jobs ended.
    waiting: Vec<f64>,
    /// Per step: foreseen cost of the units that have not entered it; per unit, its share.
    future: Vec<f64>,
    foreseen: Vec<Vec<f64>>,
    /// Per unit: its foreseen cost of the step it is in, and the CPU seconds of its cells
    /// finished there.
    current: Vec<(f64, f64)>,
    /// Per step: its finished cells (expected cost, CPU seconds).
    cells: Vec<Tally>,
    /// Per step: the units that passed it with a foreseen cost (foreseen cost, CPU seconds).
    passed: Vec<Tally>,
}

impl Estimate {
    /// An estimate of `units` units over `steps` steps with nothing foreseen yet.
    pub(crate) fn new(units: usize, steps: usize) -> Self {
        Estimate {
            waiting: vec![0.0; steps],
            future: vec![0.0; steps],
            foreseen: vec![vec![0.0; steps]; units],
            current: vec![(0.0, 0.0); units],
            cells: vec![Tally::default(); steps],
            passed: vec![Tally::default(); steps],
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
    /// spends there.
    pub(crate) fn enter(&mut self, unit: usize, step: usize) {
        let foreseen = std::mem::take(&mut self.foreseen[unit][step]);
        self.future[step] -= foreseen;
        self.current[unit] = (foreseen, 0.0);
    }

    /// A cell of `step` of expected cost `cost` is planned.
    pub(crate) fn planned(&mut self, step: usize, cost: f64) {
        self.waiting[step] += cost;
    }

    /// A job of a planned cell of `unit` in `step` ended after `cpu` seconds, covering
    /// `cost` of the cell's expected cost (its share of the cell's test cases; the cell
    /// may have more jobs).
    pub(crate) fn piece(&mut self, unit: usize, step: usize, cost: f64, cpu: f64) {
        self.waiting[step] -= cost;
        self.cells[step].add(cost, cpu);
        self.current[unit].1 += cpu;
    }

    /// A planned cell of `step` finished with `uncovered` of its expected cost not covered
    /// by its jobs (it ended before its budget): that cost took no CPU seconds.
    pub(crate) fn finished(&mut self, step: usize, uncovered: f64) {
        self.waiting[step] -= uncovered;
        self.cells[step].cost += uncovered;
    }

    /// A planned cell of `step` was given up (lost) with `uncovered` of its expected cost
    /// not covered by its jobs: it is no longer work left.
    pub(crate) fn dropped(&mut self, step: usize, uncovered: f64) {
        self.waiting[step] -= uncovered;
    }

    /// `unit` leaves `step` (every cell of it recorded, or none planned).
    pub(crate) fn pass(&mut self, unit: usize, step: usize) {
        let (foreseen, cpu) = std::mem::take(&mut self.current[unit]);
        if foreseen > 0.0 {
            self.passed[step].add(foreseen, cpu);
        }
    }

    /// CPU seconds of the jobs ended (of cells finished or not).
    pub(crate) fn cpu_done(&self) -> f64 {
        self.cells.iter().map(|t| t.cpu).sum()
    }

    /// The estimated CPU seconds of the work left (`None` before any job ended: no scale
    /// yet): per step, its cost waiting at the step's own ratio, and its foreseen cost at
    /// the ratio of the units that passed it. Each ratio is shrunk towards a prior: the
    /// pooled ratio of all jobs for a step's cells, the step's own cell ratio for its
    /// foreseen cost (a unit not there yet is assumed to run the step until units that
    /// passed it say how many skip it).
    pub(crate) fn cpu_left(&self) -> Option<f64> {
        let pooled_cells = pooled(&self.cells)?;
        let left = (0..self.waiting.len())
            .map(|s| {
                let cells = self.cells[s].ratio(pooled_cells);
                let waiting = self.waiting[s].max(0.0) * cells;
                let future = self.future[s].max(0.0) * self.passed[s].ratio(cells);
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
    /// every fourth unit has no cells in step 4 (its mutant was killed in an earlier step
    /// of a `stop-when-killed` phase), though all foresee some.
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
    /// cell (CPU seconds done, CPU seconds estimated left).
    fn replay(units: &[SimUnit]) -> Vec<(f64, f64)> {
        let steps = COST.len();
        let mut estimate = Estimate::new(units.len(), steps);
        let mut outstanding = vec![0; units.len()];
        let mut at = vec![0; units.len()];
        let advance = |e: &mut Estimate, u: usize, at: &mut Vec<usize>, out: &mut Vec<usize>| {
            while at[u] < steps {
                let s = at[u];
                let later = (0..steps).map(|t| {
                    if t >= s {
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
                e.pass(u, s);
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
            estimate.piece(u, s, COST[s], end - start);
            estimate.finished(s, 0.0);
            outstanding[u] -= 1;
            if outstanding[u] == 0 {
                estimate.pass(u, s);
                at[u] += 1;
                advance(&mut estimate, u, &mut at, &mut outstanding);
            }
            trace.push((estimate.cpu_done(), estimate.cpu_left().unwrap()));
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
        // a tenth, a quarter and a half, and of 2 up to four fifths (the uncalibrated cost
        // model is off by up to a hundred times, and a quarter of the units skip the
        // dearest step: the longest-first order runs them last, so their skipping is
        // learnt last).
        let ratio = |&(done, left): &(f64, f64)| left / (total - done);
        for share in [0.1, 0.25, 0.5] {
            let at = trace
                .iter()
                .find(|(done, _)| *done >= share * total)
                .unwrap();
            assert!(
                (1.0 / 1.5..=1.5).contains(&ratio(at)),
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
    fn a_steps_price_comes_from_its_jobs_shrunk_towards_the_pooled_price() {
        let mut estimate = Estimate::new(1, 2);
        assert_eq!(estimate.cpu_left(), None, "no scale before a job ends");
        estimate.foresee(0, vec![100.0, 20.0]);
        estimate.enter(0, 0);
        estimate.planned(0, 50.0);
        estimate.planned(0, 50.0);
        // A first chunk covers a tenth of a cell in half a second.
        estimate.piece(0, 0, 5.0, 0.5);
        // Step 0's ratio is the pooled one (0.1 s a unit); step 1, foreseen, takes it too.
        let left = estimate.cpu_left().unwrap();
        assert!((left - (95.0 + 20.0) * 0.1).abs() < 1e-9, "{left}");
        // The cell ends at its next chunk (a failure): the rest of its cost took nothing.
        estimate.piece(0, 0, 1.0, 0.1);
        estimate.finished(0, 44.0);
        let ratio = 0.6 / 50.0;
        let left = estimate.cpu_left().unwrap();
        assert!((left - (50.0 + 20.0) * ratio).abs() < 1e-9, "{left}");
        estimate.piece(0, 0, 50.0, 0.6);
        estimate.finished(0, 0.0);
        estimate.pass(0, 0);
        estimate.enter(0, 1);
        estimate.planned(1, 10.0);
        estimate.planned(1, 10.0);
        estimate.piece(0, 1, 10.0, 10.0);
        estimate.finished(1, 0.0);
        // Alone in its step, a cell a hundred times as dear weighs 1 / (1 + SHRINK) there
        // against the pooled 11.2 s per 110 units.
        let weight = 1.0 / (1.0 + SHRINK);
        let ratio = weight * 1.0 + (1.0 - weight) * 11.2 / 110.0;
        let left = estimate.cpu_left().unwrap();
        assert!((left - 10.0 * ratio).abs() < 1e-9, "{left}");
        assert!((estimate.cpu_done() - 11.2).abs() < 1e-9);
    }
}
