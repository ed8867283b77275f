//! Differential evolution (Storn and Price 1997; DE/rand/1/bin), the derivative-free
//! optimiser Poulding and Feldt tune choice models with (through BlackBoxOptim.jl): pure and
//! seeded, maximising a fitness over a box, within a budget of fitness evaluations.
//!
//! Ask and tell: [`Optimiser::ask`] hands out the next batch of points — the initial
//! population, then one trial per population member — whose fitnesses may be computed in
//! any order or in parallel and are handed back with [`Optimiser::tell`]; the points depend
//! only on the seed and the fitnesses told, so the same seed and fitness give the same run
//! on any number of threads.

use rand_pcg::Pcg64Mcg;

use crate::kernel::rng::{below, case_rng, mix64, unit_draw};

/// The optimiser's settings.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Settings {
    /// Population size NP (at least 4: a mutant needs three others).
    pub population: usize,
    /// Differential weight F ∈ (0, 2].
    pub weight: f64,
    /// Crossover probability CR ∈ [0, 1].
    pub crossover: f64,
    /// Fitness evaluations in all, the initial population's included.
    pub evaluations: usize,
}

impl Default for Settings {
    /// NP = 10, F = 0.5, CR = 0.9 (Storn and Price's usual setting), 50 evaluations (the
    /// paper's budget; BlackBoxOptim's default population of 50 would spend it all on the
    /// initial population).
    fn default() -> Self {
        Settings {
            population: 10,
            weight: 0.5,
            crossover: 0.9,
            evaluations: 50,
        }
    }
}

/// One fitness evaluation: the point and its fitness, in the order they were told.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Evaluation {
    /// The point.
    pub point: Vec<f64>,
    /// Its fitness.
    pub fitness: f64,
}

/// A DE run in progress (see the module).
#[derive(Clone, Debug)]
pub struct Optimiser {
    settings: Settings,
    bounds: Vec<(f64, f64)>,
    rng: Pcg64Mcg,
    /// The population with its fitnesses (empty until the initial batch is told).
    population: Vec<Evaluation>,
    /// The points handed out and not yet told, with the member each one challenges.
    pending: Vec<(Option<usize>, Vec<f64>)>,
    trace: Vec<Evaluation>,
}

impl Optimiser {
    /// A run over the box `bounds` (lower ≤ upper per dimension) with `settings`, seeded.
    ///
    /// # Panics
    /// Fewer than 4 members, no dimension, a bound pair out of order, or F or CR outside
    /// their ranges: the caller checks settings where they are read.
    pub fn new(settings: Settings, bounds: &[(f64, f64)], seed: u64) -> Self {
        assert!(
            settings.population >= 4,
            "DE needs a population of at least 4"
        );
        assert!(!bounds.is_empty() && bounds.iter().all(|(l, h)| l <= h));
        assert!(settings.weight > 0.0 && settings.weight <= 2.0);
        assert!((0.0..=1.0).contains(&settings.crossover));
        Optimiser {
            settings,
            bounds: bounds.to_vec(),
            rng: case_rng(mix64(seed ^ 0x6465_6f70), 0),
            population: Vec::new(),
            pending: Vec::new(),
            trace: Vec::new(),
        }
    }

    /// Whether the evaluation budget is spent (nothing pending).
    pub fn done(&self) -> bool {
        self.pending.is_empty() && self.trace.len() >= self.settings.evaluations
    }

    /// The next points to evaluate (empty when done): first the initial population, drawn
    /// uniformly in the box, then one DE/rand/1/bin trial per member, at most as many as
    /// the budget has left.
    ///
    /// # Panics
    /// If the previous batch was not told.
    pub fn ask(&mut self) -> Vec<Vec<f64>> {
        assert!(self.pending.is_empty(), "tell the previous batch first");
        let left = self.settings.evaluations.saturating_sub(self.trace.len());
        if self.population.is_empty() {
            let count = self.settings.population.min(left);
            for _ in 0..count {
                let point = self
                    .bounds
                    .iter()
                    .map(|&(l, h)| l + (h - l) * unit_draw(&mut self.rng))
                    .collect();
                self.pending.push((None, point));
            }
        } else {
            for target in 0..self.population.len().min(left) {
                let trial = self.trial(target);
                self.pending.push((Some(target), trial));
            }
        }
        self.pending.iter().map(|(_, p)| p.clone()).collect()
    }

    /// The fitnesses of the points of the last [`Optimiser::ask`], in its order: the
    /// initial ones become the population; a trial replaces the member it challenges if it
    /// is at least as fit.
    ///
    /// # Panics
    /// If the count differs from the batch's.
    pub fn tell(&mut self, fitnesses: &[f64]) {
        assert_eq!(
            fitnesses.len(),
            self.pending.len(),
            "one fitness per point asked"
        );
        for ((target, point), &fitness) in self.pending.drain(..).zip(fitnesses) {
            let evaluation = Evaluation { point, fitness };
            self.trace.push(evaluation.clone());
            match target {
                None => self.population.push(evaluation),
                // NaN never wins.
                Some(i) if fitness >= self.population[i].fitness => self.population[i] = evaluation,
                Some(_) => {}
            }
        }
    }

    /// The fittest point evaluated so far (the earliest of equals), if any.
    pub fn best(&self) -> Option<&Evaluation> {
        self.trace
            .iter()
            .fold(None, |best: Option<&Evaluation>, e| match best {
                Some(b) if b.fitness >= e.fitness || e.fitness.is_nan() => Some(b),
                _ => Some(e),
            })
    }

    /// Every evaluation in the order told: the fitness trace.
    pub fn trace(&self) -> &[Evaluation] {
        &self.trace
    }

    /// DE/rand/1/bin's trial for member `target`: v = x_r1 + F·(x_r2 − x_r3) with r1, r2,
    /// r3 distinct members other than the target, crossed with the target dimension by
    /// dimension with probability CR (one uniformly chosen dimension always from v); a
    /// coordinate beyond a bound is put halfway between the target's and that bound.
    fn trial(&mut self, target: usize) -> Vec<f64> {
        let n = self.population.len();
        let pick = |rng: &mut Pcg64Mcg, taken: &[usize]| loop {
            let r = below(rng, n as u64) as usize;
            if !taken.contains(&r) {
                return r;
            }
        };
        let r1 = pick(&mut self.rng, &[target]);
        let r2 = pick(&mut self.rng, &[target, r1]);
        let r3 = pick(&mut self.rng, &[target, r1, r2]);
        let dimensions = self.bounds.len();
        let forced = below(&mut self.rng, dimensions as u64) as usize;
        let (x, a, b, c) = (
            &self.population[target].point,
            &self.population[r1].point,
            &self.population[r2].point,
            &self.population[r3].point,
        );
        (0..dimensions)
            .map(|d| {
                let cross = d == forced || unit_draw(&mut self.rng) < self.settings.crossover;
                if !cross {
                    return x[d];
                }
                let v = a[d] + self.settings.weight * (b[d] - c[d]);
                let (low, high) = self.bounds[d];
                if v < low {
                    (x[d] + low) / 2.0
                } else if v > high {
                    (x[d] + high) / 2.0
                } else {
                    v
                }
            })
            .collect()
    }
}

/// Runs DE to the end of its budget, evaluating each batch with `fitness` in order.
pub fn maximise(
    settings: Settings,
    bounds: &[(f64, f64)],
    seed: u64,
    mut fitness: impl FnMut(&[f64]) -> f64,
) -> Optimiser {
    let mut optimiser = Optimiser::new(settings, bounds, seed);
    while !optimiser.done() {
        let batch = optimiser.ask();
        let values: Vec<f64> = batch.iter().map(|p| fitness(p)).collect();
        optimiser.tell(&values);
    }
    optimiser
}

#[cfg(test)]
mod tests {
    use super::*;

    /// −Σ (xᵢ − cᵢ)², maximal (0) at c.
    fn sphere(x: &[f64]) -> f64 {
        let centre = [0.3, -1.2, 2.5, 0.0, 4.0];
        -x.iter()
            .zip(centre)
            .map(|(a, c)| (a - c).powi(2))
            .sum::<f64>()
    }

    fn bounds() -> Vec<(f64, f64)> {
        vec![(-5.0, 5.0); 5]
    }

    #[test]
    fn it_finds_the_optimum_of_a_smooth_function_given_the_evaluations() {
        let settings = Settings {
            population: 20,
            evaluations: 4_000,
            ..Settings::default()
        };
        let run = maximise(settings, &bounds(), 7, sphere);
        let best = run.best().unwrap();
        assert!(best.fitness > -1e-6, "{best:?}");
        assert_eq!(run.trace().len(), 4_000);
    }

    #[test]
    fn the_default_budget_improves_on_its_initial_population() {
        let run = maximise(Settings::default(), &bounds(), 3, sphere);
        let trace = run.trace();
        assert_eq!(trace.len(), 50);
        let initial = trace[..10]
            .iter()
            .map(|e| e.fitness)
            .fold(f64::MIN, f64::max);
        assert!(run.best().unwrap().fitness > initial, "no progress");
    }

    #[test]
    fn every_point_stays_in_the_box_and_the_run_follows_from_the_seed() {
        let narrow = vec![(0.0, 0.1), (-1.0, -0.9), (3.0, 3.0), (0.0, 1.0), (4.0, 9.0)];
        let run = |seed| maximise(Settings::default(), &narrow, seed, sphere);
        let a = run(11);
        for e in a.trace() {
            assert!(
                e.point
                    .iter()
                    .zip(&narrow)
                    .all(|(x, (l, h))| l <= x && x <= h),
                "{e:?}"
            );
        }
        assert_eq!(a.trace(), run(11).trace());
        assert_ne!(a.trace(), run(12).trace());
    }

    #[test]
    fn fitnesses_told_in_batches_give_the_same_run_as_the_closure() {
        let whole = maximise(Settings::default(), &bounds(), 5, sphere);
        let mut stepwise = Optimiser::new(Settings::default(), &bounds(), 5);
        let mut batches = 0;
        while !stepwise.done() {
            let batch = stepwise.ask();
            // Evaluated back to front, as threads might finish: told in the asked order.
            let mut values = vec![0.0; batch.len()];
            for i in (0..batch.len()).rev() {
                values[i] = sphere(&batch[i]);
            }
            stepwise.tell(&values);
            batches += 1;
        }
        assert_eq!(whole.trace(), stepwise.trace());
        // The initial population, then four generations of ten.
        assert_eq!(batches, 5);
    }

    #[test]
    fn a_trial_replaces_its_member_only_when_at_least_as_fit() {
        let mut run = Optimiser::new(Settings::default(), &bounds(), 1);
        let initial = run.ask();
        run.tell(&vec![1.0; initial.len()]);
        let trials = run.ask();
        // Member 0's trial is worse, member 1's equal, the rest better.
        let mut values = vec![2.0; trials.len()];
        values[0] = 0.5;
        values[1] = 1.0;
        run.tell(&values);
        assert_eq!(run.population[0].point, initial[0]);
        assert_eq!(run.population[1].point, trials[1]);
        assert_eq!(run.population[2].point, trials[2]);
        assert_eq!(run.best().unwrap().point, trials[2]);
    }
}
