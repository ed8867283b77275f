//! Tuning choice models (Poulding and Feldt, ICST 2015; issue 17): a seeded
//! derivative-free optimiser over a model's weights, and the fitness it maximises. The
//! optimiser is pure (points out, fitnesses in); the fitness runs the units' gold and mutant
//! sessions in memory, deterministic in the model and the seeds. Not yet built: the
//! `testspace tune` command (portfolios from an experiment, training and evaluation sets kept
//! disjoint, the model file and fitness trace written).
//!
//! - [`differential_evolution`]: DE/rand/1/bin with ask and tell, so that each batch of
//!   points can be evaluated in parallel and the run stays identical for any thread count.
//! - [`fitness`]: a model's mean kill-curve area over test sets on a portfolio's mutants,
//!   and the model of a point (method weights by interface signature).

pub mod differential_evolution;
pub mod fitness;

pub use differential_evolution::{Evaluation, Optimiser, Settings, maximise};
pub use fitness::{FitnessError, PortfolioUnit, TestSets, dimensions, kill_area, model_of};
