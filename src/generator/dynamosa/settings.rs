//! `dynamosa`'s parameters, with EvoSuite's defaults (`Properties.java`).

use crate::kernel::parameters::{ParameterError, Parameters, Probability};

/// `dynamosa`'s parameters in an experiment file's `[phase.run.params]`. The longest test
/// case is the experiment's length n (EvoSuite's `chromosome_length`, 40).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct DynamosaSettings {
    /// Tests per generation (EvoSuite `population`: 50).
    pub population: usize,
    /// The chance that a pair of parents is crossed over (`crossover_rate`: 0.75).
    pub crossover_rate: Probability,
    /// The chance that an offspring is mutated (`mutation_rate`: 0.75).
    pub mutation_rate: Probability,
    /// Tests drawn per tournament, the best by (rank, distance) winning (`tournament_size`: 10).
    pub tournament_size: usize,
    /// The share of the population added as new random tests each generation (the
    /// reference note's POPULATION·0.1).
    pub random_share: Probability,
    /// Random `int` arguments are drawn from [−max-int, max-int] (`max_int`: 2048).
    pub max_int: i32,
    /// An `int` argument is changed by at most this much (`max_delta`: 20).
    pub max_delta: i32,
    /// The chance that a changed `int` is drawn anew instead (`random_perturbation`: 0.2).
    pub random_perturbation: Probability,
    /// Insertion goes on with probability alpha^k after k insertions
    /// (`p_statement_insertion`: 0.5).
    pub statement_insertion: Probability,
    /// Whether fitness reads the coverage copy's branch distances (default); `false` counts
    /// every missed branch as a flag (K = 1), leaving the approach level alone to guide
    /// the search — the ablation that shows what the distances add.
    pub branch_distance: bool,
}

impl Default for DynamosaSettings {
    fn default() -> Self {
        DynamosaSettings {
            population: 50,
            crossover_rate: Probability(0.75),
            mutation_rate: Probability(0.75),
            tournament_size: 10,
            random_share: Probability(0.1),
            max_int: 2048,
            max_delta: 20,
            random_perturbation: Probability(0.2),
            statement_insertion: Probability(0.5),
            branch_distance: true,
        }
    }
}

impl Parameters for DynamosaSettings {
    fn check(&self) -> Result<(), ParameterError> {
        let invalid = |key: &str, message: String| {
            Err(ParameterError::Invalid {
                key: key.into(),
                message,
            })
        };
        if self.population < 2 {
            return invalid(
                "population",
                format!("expected at least 2 tests, found {}", self.population),
            );
        }
        if self.tournament_size < 1 {
            return invalid(
                "tournament-size",
                "expected at least 1 test, found 0".into(),
            );
        }
        if self.max_int < 0 {
            return invalid("max-int", format!("expected ≥ 0, found {}", self.max_int));
        }
        if self.max_delta < 1 {
            return invalid(
                "max-delta",
                format!("expected ≥ 1, found {}", self.max_delta),
            );
        }
        if self.statement_insertion.0 >= 1.0 {
            return invalid(
                "statement-insertion",
                "expected a probability below 1 (insertion must end)".into(),
            );
        }
        Ok(())
    }
}
