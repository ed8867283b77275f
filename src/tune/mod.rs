//! Tuning choice models (Poulding and Feldt, ICST 2015; issue 17): a seeded
//! derivative-free optimiser over a model's weights, and the fitness it maximises. The
//! optimiser is pure (points out, fitnesses in); the fitness runs the units' gold and mutant
//! sessions in memory, deterministic in the model and the seeds; `testspace tune`
//! (`src/cli/tune.rs`) writes the files of [`output`].
//!
//! - [`differential_evolution`]: DE/rand/1/bin with ask and tell, so that each batch of
//!   points can be evaluated in parallel and the run stays identical for any thread count.
//! - [`fitness`](mod@fitness): a model's mean kill-curve area over test sets on a portfolio's mutants
//!   (or its coverage-curve area).
//! - [`space`]: the numbers of a model that tuning sets (method weights by interface
//!   signature, the ensemble's weights and parameters) and the model of a point.
//! - [`file`](mod@file): tuning files, with training data kept apart from the evaluation experiment's.
//! - [`output`]: what a run writes per model: the model, its fitness trace, a manifest.
//! - [`tune`]: the whole run, each batch of fitnesses on several threads.

pub mod differential_evolution;
pub mod file;
pub mod fitness;
pub mod output;
pub mod space;

pub use differential_evolution::{Evaluation, Optimiser, Settings, maximise};
pub use fitness::{
    Fitness, FitnessError, FitnessKind, PortfolioUnit, TestSets, coverage_area, fitness, kill_area,
};
pub use space::SearchSpace;

/// A finished tuning run: its space, the optimiser with its trace, and per evaluation of
/// the trace (in its order) the test cases gold's guards abandoned
/// ([`Fitness::abandoned`]).
pub struct Tuned {
    /// The numbers tuned.
    pub space: SearchSpace,
    /// The finished optimiser.
    pub optimiser: Optimiser,
    /// Per evaluation, the test cases abandoned while its fitness was computed.
    pub abandoned: Vec<u64>,
}

/// Tunes a model on `tuning`'s portfolio: DE over the [`SearchSpace`] of its base model,
/// each batch's fitnesses computed on `jobs` threads (the same run for any number),
/// `progress` told after each batch.
///
/// # Errors
/// A fitness that cannot be computed (a unit lacks a mutant, the model does not apply).
pub fn tune(
    tuning: &file::Tuning,
    seed: u64,
    jobs: usize,
    mut progress: impl FnMut(&Optimiser),
) -> Result<Tuned, FitnessError> {
    let space = SearchSpace::new(&tuning.units, tuning.base.clone());
    let mut optimiser = Optimiser::new(tuning.settings, &space.bounds(), seed);
    let mut abandoned = Vec::new();
    while !optimiser.done() {
        let batch = optimiser.ask();
        let evaluate = |point: &Vec<f64>| {
            let model = space.model_of(point);
            fitness(
                tuning.fitness,
                &tuning.units,
                &tuning.sets,
                &model,
                tuning.oracle,
            )
        };
        let values: Vec<Result<Fitness, FitnessError>> =
            crate::kernel::parallel::each_in_parallel(batch.len(), jobs, |i| evaluate(&batch[i]));
        let values = values.into_iter().collect::<Result<Vec<Fitness>, _>>()?;
        optimiser.tell(&values.iter().map(|f| f.value).collect::<Vec<_>>());
        abandoned.extend(values.iter().map(|f| f.abandoned));
        progress(&optimiser);
    }
    Ok(Tuned {
        space,
        optimiser,
        abandoned,
    })
}
