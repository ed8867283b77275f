//! The estimate of a run's work left, in worker seconds (the wall-clock seconds a worker
//! spends on a job, whatever the job records as its cells' CPU time), from the scheduler's
//! own cost model ([`super::schedule::expected_cost`]) calibrated on the cells finished so
//! far.
//!
//! A job's seconds are modelled as its expected cost times a price per step times a factor
//! per subject ([`Estimate`]). The work left is of two kinds, priced apart:
//! - cells planned and not finished (their expected cost is known), priced at the
//!   seconds per unit of expected cost that the step's jobs took so far: the finished
//!   cells, and the chunks of the cells still running (each chunk covers its share of its
//!   cell's test cases), so that a step of long cells is priced from its first chunks,
//!   times the subject's factor;
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

/// Rounds of [`Estimate::fit`]: prices and factors settle within a few (each round makes
/// the model's seconds add up per step, then per subject).
const FIT_ROUNDS: usize = 8;

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

/// The median of `values` (`None` when empty).
fn median(mut values: Vec<f64>) -> Option<f64> {
    values.sort_by(f64::total_cmp);
    let m = values.len();
    match m {
        0 => None,
        _ if m % 2 == 1 => Some(values[m / 2]),
        _ => Some((values[m / 2 - 1] + values[m / 2]) / 2.0),
    }
}

/// The work of a run, done and left, by step and by subject. Contract: a unit goes through
/// its steps in order — [`enter`](Self::enter) a step, then at once
/// [`planned`](Self::planned) its cells (or none), then [`piece`](Self::piece) for their
/// jobs and [`finished`](Self::finished) for each; [`foresee`](Self::foresee) may be called
/// at any time for the steps it has not entered.
///
/// A job's seconds are modelled as its expected cost times its step's price times its
/// subject's factor: the price calibrates the cost model per step (strategy, lengths), the
/// factor per subject (what its calls cost: the harvested `RoaringBitmap`'s cells take a
/// hundred times the seconds of most subjects' at the same expected cost). A subject's
/// factor is the seconds its jobs took over what their steps' own prices say, shrunk towards
/// the median of the subjects' factors ([`SHRINK`]); a subject no job has ended for takes
/// that median.
pub(crate) struct Estimate {
    /// Per unit, its subject (a group of units whose calls cost alike).
    subject_of: Vec<usize>,
    /// Per step and subject: expected cost of cells planned and not yet covered by jobs
    /// ended.
    waiting: Vec<Vec<f64>>,
    /// Per step and subject: foreseen cost of the units that have not entered the step.
    future: Vec<Vec<f64>>,
    /// Per unit and step: its foresight.
    foreseen: Vec<Vec<f64>>,
    /// Per subject and step: its jobs ended (expected cost, seconds).
    subject_cells: Vec<Vec<Tally>>,
    /// Per step: the units that entered it with a foreseen cost.
    entered: Vec<Entries>,
}

impl Estimate {
    /// An estimate of units whose subjects are `subject_of` (unit → subject index, from
    /// 0), over `steps` steps, with nothing foreseen yet.
    pub(crate) fn new(subject_of: Vec<usize>, steps: usize) -> Self {
        let subjects = subject_of.iter().max().map_or(0, |m| m + 1);
        Estimate {
            waiting: vec![vec![0.0; subjects]; steps],
            future: vec![vec![0.0; subjects]; steps],
            foreseen: vec![vec![0.0; steps]; subject_of.len()],
            subject_cells: vec![vec![Tally::default(); steps]; subjects],
            entered: vec![Entries::default(); steps],
            subject_of,
        }
    }

    /// `unit` may still plan cells of expected cost `later[s]` in each step s it has not
    /// entered (the caller gives 0 for the others).
    pub(crate) fn foresee(&mut self, unit: usize, later: Vec<f64>) {
        let subject = self.subject_of[unit];
        for (s, cost) in later.iter().enumerate() {
            self.future[s][subject] += cost - self.foreseen[unit][s];
        }
        self.foreseen[unit] = later;
    }

    /// `unit` enters `step`: its foresight of the step becomes the yardstick of what it
    /// plans there (its cells follow at once, [`planned`](Self::planned)).
    pub(crate) fn enter(&mut self, unit: usize, step: usize) {
        let foreseen = std::mem::take(&mut self.foreseen[unit][step]);
        self.future[step][self.subject_of[unit]] -= foreseen;
        if foreseen > 0.0 {
            self.entered[step].units += 1.0;
            self.entered[step].foreseen += foreseen;
        }
    }

    /// A cell of `step` of expected cost `cost` is planned by `unit`, which entered it last.
    pub(crate) fn planned(&mut self, unit: usize, step: usize, cost: f64) {
        self.waiting[step][self.subject_of[unit]] += cost;
        self.entered[step].planned += cost;
    }

    /// A job of a planned cell of `unit` in `step` ended after `seconds` of a worker's time,
    /// covering `cost` of the cell's expected cost (its share of the cell's test cases; the
    /// cell may have more jobs).
    pub(crate) fn piece(&mut self, unit: usize, step: usize, cost: f64, seconds: f64) {
        let subject = self.subject_of[unit];
        self.waiting[step][subject] -= cost;
        self.subject_cells[subject][step].add(cost, seconds);
    }

    /// A planned cell of `unit` in `step` finished with `uncovered` of its expected cost not
    /// covered by its jobs (it ended before its budget): that cost took no time.
    pub(crate) fn finished(&mut self, unit: usize, step: usize, uncovered: f64) {
        let subject = self.subject_of[unit];
        self.waiting[step][subject] -= uncovered;
        self.subject_cells[subject][step].cost += uncovered;
    }

    /// A planned cell of `unit` in `step` was given up (lost) with `uncovered` of its
    /// expected cost not covered by its jobs: it is no longer work left.
    pub(crate) fn dropped(&mut self, unit: usize, step: usize, uncovered: f64) {
        self.waiting[step][self.subject_of[unit]] -= uncovered;
    }

    /// Worker seconds of the jobs ended (of cells finished or not).
    pub(crate) fn seconds_done(&self) -> f64 {
        self.subject_cells.iter().flatten().map(|t| t.seconds).sum()
    }

    /// The steps' own prices and the subjects' own factors (`None` where no job has ended),
    /// fitted together to the jobs ended: the model's seconds of a step (of a subject) add
    /// up to what its jobs took, given the factors (the prices), by alternating the two
    /// ([`FIT_ROUNDS`] rounds). With one subject its factor is 1 and each price the step's
    /// own ratio.
    fn fit(&self) -> (Vec<Option<f64>>, Vec<Option<f64>>) {
        let steps = self.entered.len();
        let mut factors: Vec<Option<f64>> = vec![Some(1.0); self.subject_cells.len()];
        let mut prices: Vec<Option<f64>> = vec![None; steps];
        for _ in 0..FIT_ROUNDS {
            for (s, price) in prices.iter_mut().enumerate() {
                let (mut seconds, mut modelled) = (0.0, 0.0);
                for (tallies, factor) in self.subject_cells.iter().zip(&factors) {
                    if let Some(factor) = factor {
                        seconds += tallies[s].seconds;
                        modelled += tallies[s].cost * factor;
                    }
                }
                *price = (modelled > 0.0).then(|| seconds / modelled);
            }
            for (tallies, factor) in self.subject_cells.iter().zip(factors.iter_mut()) {
                let (mut seconds, mut modelled) = (0.0, 0.0);
                for (tally, price) in tallies.iter().zip(&prices) {
                    if let Some(price) = price {
                        seconds += tally.seconds;
                        modelled += tally.cost * price;
                    }
                }
                *factor = (modelled > 0.0).then(|| seconds / modelled);
            }
        }
        (prices, factors)
    }

    /// The estimated worker seconds of the work left (`None` before any job ended: no scale
    /// yet): per step and subject, its cost waiting, and its foreseen cost times the share
    /// of their foresight that the units which entered the step planned (shrunk towards all
    /// of it: a unit not there yet is assumed to plan what it foresees until units that
    /// entered say how many skip the step), at the step's own price (shrunk towards the
    /// median of the steps' own prices) times the subject's factor.
    pub(crate) fn seconds_left(&self) -> Option<f64> {
        let (own_prices, own_factors) = self.fit();
        let median_price = median(own_prices.iter().flatten().copied().collect())?;
        let median_factor = median(own_factors.iter().flatten().copied().collect()).unwrap_or(1.0);
        let shrunk = |own: Option<f64>, count: f64, prior: f64| match own {
            Some(own) => {
                let weight = count / (count + SHRINK);
                weight * own + (1.0 - weight) * prior
            }
            None => prior,
        };
        let prices: Vec<f64> = own_prices
            .iter()
            .enumerate()
            .map(|(s, &own)| {
                let count = self.subject_cells.iter().map(|t| t[s].count).sum();
                shrunk(own, count, median_price)
            })
            .collect();
        let factors: Vec<f64> = own_factors
            .iter()
            .zip(&self.subject_cells)
            .map(|(&own, tallies)| {
                let count = tallies.iter().map(|t| t.count).sum();
                shrunk(own, count, median_factor)
            })
            .collect();
        let mut left = 0.0;
        for (s, price) in prices.iter().enumerate() {
            let share = self.entered[s].share();
            for (subject, factor) in factors.iter().enumerate() {
                let cost =
                    self.waiting[s][subject].max(0.0) + self.future[s][subject].max(0.0) * share;
                left += cost * price * factor;
            }
        }
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
        let mut estimate = Estimate::new((0..units.len()).map(|u| u % 5).collect(), steps);
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
                    e.planned(u, s, cell.expected);
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
            estimate.piece(u, s, COST[s], end - start);
            estimate.finished(u, s, 0.0);
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

    /// A run as the harvested experiment's: 64 subjects of 10 mutants each, every unit one
    /// cell of the same expected cost in each of 10 steps (families), a cell of subject g
    /// taking `dearer(g)` milliseconds (± 40 %): the steps cost alike, so that what is
    /// measured is the subjects' difference (the steps' is `the_estimate_converges_…`'s). Feeds the estimate with unit u's
    /// subject `grouped(u)`, cells ending in the simulated scheduler's order on two
    /// workers; returns the largest factor by which the work left misses the truth from a
    /// tenth of the work to nine tenths (over or under).
    fn harvested_miss(dearer: impl Fn(usize) -> f64, grouped: impl Fn(usize) -> usize) -> f64 {
        let (subjects, mutants, steps) = (64, 10, 10);
        let subject = |u: usize| u / mutants;
        let units: Vec<SimUnit> = (0..subjects * mutants)
            .map(|u| SimUnit {
                steps: (0..steps)
                    .map(|s| {
                        let noise = 0.6 + 0.2 * ((u * 7 + s * 3) % 5) as f64;
                        let seconds = 1e-3 * dearer(subject(u)) * noise;
                        vec![SimCell {
                            expected: 1_000.0,
                            pieces: vec![seconds],
                            chunked: false,
                        }]
                    })
                    .collect(),
            })
            .collect();
        let mut estimate = Estimate::new((0..units.len()).map(&grouped).collect(), steps);
        for u in 0..units.len() {
            estimate.foresee(u, vec![1_000.0; steps]);
            estimate.enter(u, 0);
            estimate.planned(u, 0, 1_000.0);
        }
        let mut spans = simulate(&units, 2, Policy::Dependencies).spans;
        spans.sort_by(|a, b| a.3.total_cmp(&b.3));
        let total: f64 = spans.iter().map(|&(_, _, start, end)| end - start).sum();
        let mut done = 0.0;
        let mut worst: f64 = 1.0;
        for (u, s, start, end) in spans {
            estimate.piece(u, s, 1_000.0, end - start);
            estimate.finished(u, s, 0.0);
            if s + 1 < steps {
                estimate.enter(u, s + 1);
                estimate.planned(u, s + 1, 1_000.0);
            }
            done += end - start;
            if (0.1..0.9).contains(&(done / total)) {
                let ratio = estimate.seconds_left().unwrap() / (total - done);
                worst = worst.max(ratio.max(1.0 / ratio));
            }
        }
        worst
    }

    #[test]
    fn a_subject_whose_calls_cost_a_hundred_times_more_is_priced_by_its_own_jobs() {
        // One subject in 64 takes a hundred times the seconds of the others at the same
        // expected cost (the harvested RoaringBitmap against most subjects); the scheduler
        // cannot know it, so its cells are spread over the run. Priced per step alone (all
        // units one subject), the estimate misses by more than 1.5 at some point past a
        // tenth of the work; with a factor per subject it stays within 1.5.
        let dearer = |g: usize| if g == 5 { 100.0 } else { 1.0 };
        let by_subject = harvested_miss(dearer, |u| u / 10);
        let by_step = harvested_miss(dearer, |_| 0);
        assert!(
            by_subject <= 1.5,
            "{by_subject} (per step alone: {by_step})"
        );
        assert!(by_step > 1.5, "per step alone: {by_step}");
    }

    #[test]
    fn a_steps_price_comes_from_its_jobs_shrunk_towards_the_median_step() {
        let mut estimate = Estimate::new(vec![0], 2);
        assert_eq!(estimate.seconds_left(), None, "no scale before a job ends");
        estimate.foresee(0, vec![100.0, 20.0]);
        estimate.enter(0, 0);
        estimate.planned(0, 0, 50.0);
        estimate.planned(0, 0, 50.0);
        // A first chunk covers a tenth of a cell in half a second.
        estimate.piece(0, 0, 5.0, 0.5);
        // Step 0's ratio is the only one (0.1 s a unit); step 1, foreseen, takes it too.
        let left = estimate.seconds_left().unwrap();
        assert!((left - (95.0 + 20.0) * 0.1).abs() < 1e-9, "{left}");
        // The cell ends at its next chunk (a failure): the rest of its cost took nothing.
        estimate.piece(0, 0, 1.0, 0.1);
        estimate.finished(0, 0, 44.0);
        let ratio = 0.6 / 50.0;
        let left = estimate.seconds_left().unwrap();
        assert!((left - (50.0 + 20.0) * ratio).abs() < 1e-9, "{left}");
        estimate.piece(0, 0, 50.0, 0.6);
        estimate.finished(0, 0, 0.0);
        estimate.enter(0, 1);
        estimate.planned(0, 1, 10.0);
        estimate.planned(0, 1, 10.0);
        estimate.piece(0, 1, 10.0, 10.0);
        estimate.finished(0, 1, 0.0);
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
        let mut estimate = Estimate::new(vec![0, 0, 0], 4);
        // Steps 0 and 1 take 0.1 and 0.2 s a unit; step 2's nominal million units end
        // almost at once (its cells skip most of their budget).
        for (unit, (cost, seconds)) in [(10.0, 1.0), (10.0, 2.0), (1e6, 0.01)]
            .into_iter()
            .enumerate()
        {
            estimate.enter(unit, unit);
            estimate.planned(unit, unit, cost);
            estimate.piece(unit, unit, cost, seconds);
            estimate.finished(unit, unit, 0.0);
        }
        // Step 3, not reached by any job, is priced at the median 0.1 s a unit; the pool
        // (3.01 s per 1,000,020 units) would price its 100 units at 0.0003 s.
        estimate.foresee(0, vec![0.0, 0.0, 0.0, 100.0]);
        let left = estimate.seconds_left().unwrap();
        assert!((left - 100.0 * 0.1).abs() < 1e-9, "{left}");
    }

    #[test]
    fn units_that_plan_less_than_they_foresaw_scale_the_future_of_their_step() {
        let mut estimate = Estimate::new(vec![0; 6], 1);
        for unit in 0..6 {
            estimate.foresee(unit, vec![100.0]);
        }
        estimate.enter(0, 0);
        estimate.planned(0, 0, 100.0);
        estimate.piece(0, 0, 100.0, 1.0);
        estimate.finished(0, 0, 0.0);
        // Unit 1 plans nothing (its mutant was killed earlier): two units planned half of
        // what they foresaw, which weighs 2 / (2 + SHRINK) against planning all of it.
        estimate.enter(1, 0);
        let weight = 2.0 / (2.0 + SHRINK);
        let share = weight * 0.5 + (1.0 - weight);
        let left = estimate.seconds_left().unwrap();
        assert!((left - 4.0 * 100.0 * share * 0.01).abs() < 1e-9, "{left}");
    }
}
