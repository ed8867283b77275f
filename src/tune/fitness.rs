//! The fitness of a choice model on a portfolio of units (Poulding and Feldt's f_eff for
//! mutants): the mean, over units and over test sets, of the normalised area under the
//! kill curve of the unit's mutants by the model's first M test cases (kill curves in test
//! cases, linear scale; `stats::kill_curve`). Test set s of a unit is the `choice` walk of
//! the model seeded with seed s; a mutant is killed at the first test case the oracle calls
//! a failure (`reduce::MutantFailure`: the runner's judgement, guards included).

use std::sync::Arc;

use crate::context::TestContext;
use crate::experiment::OracleKind;
use crate::reduce::MutantFailure;
use crate::stats::kill_curve_area;
use crate::strategy::Strategy;
use crate::strategy::choice::Choice;
use crate::strategy::choice::model::Model;
use crate::strategy::choice::resolve::interface_signature;
use crate::subject::{MutantId, Unit};

/// A unit of a portfolio with its context and the mutants a fitness counts.
pub struct PortfolioUnit {
    /// The unit.
    pub unit: &'static dyn Unit,
    /// Its context (M_C and pools).
    pub context: Arc<TestContext>,
    /// Its mutants counted (training or evaluation mutants: disjoint sets).
    pub mutants: Vec<MutantId>,
}

/// The test sets a fitness runs: `seeds.len()` sets of `tests` test cases of `n` calls.
#[derive(Clone, Debug, PartialEq)]
pub struct TestSets {
    /// Calls per test case.
    pub n: usize,
    /// Test cases per set (M).
    pub tests: usize,
    /// One seed per set.
    pub seeds: Vec<u64>,
}

/// Why a fitness could not be computed.
#[derive(Debug, thiserror::Error)]
pub enum FitnessError {
    /// The model does not apply to a unit of the portfolio.
    #[error("the model does not apply to {unit}: {message}")]
    Model {
        /// The unit.
        unit: String,
        /// What is wrong.
        message: String,
    },
    /// A unit lacks a mutant the portfolio names.
    #[error(transparent)]
    Mutant(#[from] crate::reduce::UnknownMutant),
    /// No mutants, no test sets or no test cases.
    #[error("a fitness needs mutants, test sets and test cases")]
    Empty,
}

/// The methods a model over `units` weighs, by interface signature: the signatures of every
/// unit's M_C, sorted and without repeats — the dimensions tuning searches.
pub fn dimensions(units: &[PortfolioUnit]) -> Vec<String> {
    let mut signatures: Vec<String> = units
        .iter()
        .flat_map(|u| u.context.methods().iter().map(interface_signature))
        .collect();
    signatures.sort();
    signatures.dedup();
    signatures
}

/// The model whose method weights are `point`, one per signature of `dimensions` (slots
/// uniform, no Markov rows). A point with no positive weight is the uniform model.
pub fn model_of(dimensions: &[String], point: &[f64]) -> Model {
    assert_eq!(dimensions.len(), point.len(), "one weight per signature");
    if !point.iter().any(|&w| w > 0.0) {
        return Model::default();
    }
    Model {
        methods: dimensions
            .iter()
            .cloned()
            .zip(point.iter().map(|w| w.max(0.0)))
            .collect(),
        ..Model::default()
    }
}

/// The fitness of `model` on `units` (see the module), judged by `oracle`.
///
/// # Errors
/// The model does not apply to a unit, a unit lacks a mutant, or nothing to count.
pub fn kill_area(
    units: &[PortfolioUnit],
    sets: &TestSets,
    model: &Model,
    oracle: OracleKind,
) -> Result<f64, FitnessError> {
    if units.is_empty() || sets.seeds.is_empty() || sets.tests == 0 {
        return Err(FitnessError::Empty);
    }
    let mut sum = 0.0;
    for portfolio_unit in units {
        let PortfolioUnit {
            unit,
            context,
            mutants,
        } = portfolio_unit;
        if mutants.is_empty() {
            return Err(FitnessError::Empty);
        }
        let mut checks = mutants
            .iter()
            .map(|&m| MutantFailure::new(*unit, context, m, oracle))
            .collect::<Result<Vec<_>, _>>()?;
        let mut per_set = 0.0;
        for &seed in &sets.seeds {
            let walk =
                Choice::new(model, context, sets.n, seed).map_err(|e| FitnessError::Model {
                    unit: unit.class().to_string(),
                    message: e.to_string(),
                })?;
            let costs = first_failures(&walk, &mut checks, sets);
            per_set += kill_curve_area(&costs, sets.tests as f64, false)
                .expect("costs are test counts and the budget at least 1");
        }
        sum += per_set / sets.seeds.len() as f64;
    }
    Ok(sum / units.len() as f64)
}

/// Per mutant, the 1-based number of the first of the walk's first `sets.tests` test cases
/// that fails on it (`None`: none does).
fn first_failures(
    walk: &Choice,
    checks: &mut [MutantFailure],
    sets: &TestSets,
) -> Vec<Option<f64>> {
    let mut costs = vec![None; checks.len()];
    let mut case = vec![0u32; sets.n];
    for k in 0..sets.tests as u64 {
        if costs.iter().all(Option::is_some) {
            break;
        }
        walk.case_into(k, &mut case);
        for (cost, check) in costs.iter_mut().zip(checks.iter_mut()) {
            if cost.is_none() && crate::reduce::FailureCheck::fails(check, &case) {
                *cost = Some((k + 1) as f64);
            }
        }
    }
    costs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::StrategyKind;
    use crate::subject::registry;

    fn array_list(mutants: usize) -> PortfolioUnit {
        let unit = registry().find("ArrayList").unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let mutants = unit.mutants().iter().take(mutants).map(|m| m.id).collect();
        PortfolioUnit {
            unit,
            context,
            mutants,
        }
    }

    fn sets() -> TestSets {
        TestSets {
            n: 8,
            tests: 60,
            seeds: vec![1, 2, 3],
        }
    }

    #[test]
    fn the_uniform_model_s_fitness_is_the_kill_curve_area_of_r() {
        let units = [array_list(12)];
        let fitness = kill_area(&units, &sets(), &Model::default(), OracleKind::Paper).unwrap();
        // The same by hand, from r's test cases.
        let unit = &units[0];
        let mut expected = 0.0;
        for &seed in &sets().seeds {
            let walk = StrategyKind::RANDOM.build(&unit.context, 8, seed);
            let mut costs = Vec::new();
            for &m in &unit.mutants {
                let mut check =
                    MutantFailure::new(unit.unit, &unit.context, m, OracleKind::Paper).unwrap();
                let mut case = vec![0u32; 8];
                let first = (0..60u64).find(|&k| {
                    walk.case_into(k, &mut case);
                    crate::reduce::FailureCheck::fails(&mut check, &case)
                });
                costs.push(first.map(|k| (k + 1) as f64));
            }
            expected += kill_curve_area(&costs, 60.0, false).unwrap() / 3.0;
        }
        assert!(
            (fitness - expected).abs() < 1e-12,
            "{fitness} vs {expected}"
        );
        assert!(fitness > 0.0);
    }

    #[test]
    fn a_model_that_only_constructs_kills_less_than_the_uniform_one() {
        let units = [array_list(12)];
        let dimensions = dimensions(&units);
        assert!(dimensions.iter().any(|s| s == "C()"), "{dimensions:?}");
        // Every weight zero but the no-argument constructor's.
        let point: Vec<f64> = dimensions
            .iter()
            .map(|s| f64::from(u8::from(s == "C()")))
            .collect();
        let constructing = kill_area(
            &units,
            &sets(),
            &model_of(&dimensions, &point),
            OracleKind::Paper,
        )
        .unwrap();
        let uniform = kill_area(&units, &sets(), &Model::default(), OracleKind::Paper).unwrap();
        assert!(constructing < uniform, "{constructing} vs {uniform}");
        // No positive weight: the uniform model.
        assert_eq!(
            model_of(&dimensions, &vec![0.0; dimensions.len()]),
            Model::default()
        );
    }
}
