//! The fitness of a choice model on a portfolio of units (Poulding and Feldt's f_eff): the
//! mean, over units and over test sets, of a normalised area under a curve over the model's
//! first M test cases. Test set s of a unit is the `choice` walk of the model seeded with
//! seed s.
//!
//! - [`FitnessKind::Kills`] ([`kill_area`]): the kill curve of the unit's mutants (in test
//!   cases, linear scale; `stats::kill_curve`); a mutant is killed at the first test case the
//!   oracle calls a failure (`reduce::MutantFailure`: the runner's judgement, guards
//!   included).
//! - [`FitnessKind::Coverage`] ([`coverage_area`]): the branch-coverage curve on gold through
//!   the unit's coverage copy, (1/M) Σ_{i ≤ M} covered_i / branches — the paper's
//!   f_eff = Σ c_i, normalised.
//!
//! Both run gold under the runner's guards: a test case whose gold run hits one (gold's
//! fuel budget, the stack or the allocation bound) is abandoned as the runner abandons it —
//! it fails on no mutant, and adds no coverage beyond what it reached — and counted in
//! [`Fitness::abandoned`].

use std::sync::Arc;

use crate::context::TestContext;
use crate::oracle::OracleKind;
use crate::reduce::MutantFailure;
use crate::stats::kill_curve_area;
use crate::subject::{MutantId, Session, Unit};
use crate::walk::Walk;
use crate::walk::choice::Choice;
use crate::walk::choice::model::Model;

/// A unit of a portfolio with its context and the mutants a fitness counts.
#[derive(Clone)]
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
    /// A coverage fitness on a unit without a coverage copy.
    #[error(transparent)]
    Coverage(#[from] crate::coverage::measure::CoverageError),
}

/// A fitness, with the test cases abandoned while it was computed.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Fitness {
    /// The mean normalised area (see the module).
    pub value: f64,
    /// Test cases whose gold run a guard cut short, summed over units and test sets
    /// (each test case counted once, however many mutants judged it).
    pub abandoned: u64,
}

/// What a fitness measures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FitnessKind {
    /// The area under the kill curve of the training mutants.
    #[default]
    Kills,
    /// The area under the branch-coverage curve.
    Coverage,
}

/// The fitness of kind `kind` (see the module).
///
/// # Errors
/// Those of [`kill_area`] and [`coverage_area`].
pub fn fitness(
    kind: FitnessKind,
    units: &[PortfolioUnit],
    sets: &TestSets,
    model: &Model,
    oracle: OracleKind,
) -> Result<Fitness, FitnessError> {
    match kind {
        FitnessKind::Kills => kill_area(units, sets, model, oracle),
        FitnessKind::Coverage => coverage_area(units, sets, model),
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
) -> Result<Fitness, FitnessError> {
    if units.is_empty() || sets.seeds.is_empty() || sets.tests == 0 {
        return Err(FitnessError::Empty);
    }
    let (mut sum, mut abandoned) = (0.0, 0);
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
            let walk = choice_walk(model, context, sets.n, seed, *unit)?;
            let (costs, cut_short) = first_failures(&walk, &mut checks, sets);
            abandoned += cut_short;
            per_set += kill_curve_area(&costs, sets.tests as f64, false)
                .expect("costs are test counts and the budget at least 1");
        }
        sum += per_set / sets.seeds.len() as f64;
    }
    Ok(Fitness {
        value: sum / units.len() as f64,
        abandoned,
    })
}

/// The coverage fitness of `model` on `units` (see the module); mutants are not used.
///
/// # Errors
/// The model does not apply to a unit, a unit has no coverage copy, or nothing to count.
pub fn coverage_area(
    units: &[PortfolioUnit],
    sets: &TestSets,
    model: &Model,
) -> Result<Fitness, FitnessError> {
    if units.is_empty() || sets.seeds.is_empty() || sets.tests == 0 {
        return Err(FitnessError::Empty);
    }
    let (mut sum, mut abandoned) = (0.0, 0);
    for PortfolioUnit { unit, context, .. } in units {
        let no_copy = || crate::coverage::measure::CoverageError::NoCoverageCopy {
            unit: unit.class().to_string(),
        };
        let table = unit.probes().ok_or_else(no_copy)?;
        let mut session = unit.coverage_session(context.clone()).ok_or_else(no_copy)?;
        session.set_fuel_budget(crate::subject::guard::GOLD_FUEL_BUDGET);
        let mut per_set = 0.0;
        for &seed in &sets.seeds {
            let walk = choice_walk(model, context, sets.n, seed, *unit)?;
            let mut coverage = crate::coverage::Coverage::new(table);
            let branches = coverage.branches_total().max(1) as f64;
            let mut case = vec![0u32; sets.n];
            let mut area = 0.0;
            for k in 0..sets.tests as u64 {
                walk.case_into(k, &mut case);
                let gold = crate::oracle::trace(&mut session, &case, false);
                abandoned += u64::from(gold.guard.is_some());
                coverage.absorb(&session);
                area += coverage.branches_covered() as f64 / branches;
            }
            per_set += area / sets.tests as f64;
        }
        sum += per_set / sets.seeds.len() as f64;
    }
    Ok(Fitness {
        value: sum / units.len() as f64,
        abandoned,
    })
}

/// The `choice` walk of `model` in `unit`'s `context`.
fn choice_walk(
    model: &Model,
    context: &TestContext,
    n: usize,
    seed: u64,
    unit: &dyn Unit,
) -> Result<Choice, FitnessError> {
    Choice::new(model, context, n, seed).map_err(|e| FitnessError::Model {
        unit: unit.class().to_string(),
        message: e.to_string(),
    })
}

/// Per mutant, the 1-based number of the first of the walk's first `sets.tests` test cases
/// that fails on it (`None`: none does); and the test cases judged whose gold run a guard
/// abandoned (gold's run is the same for every mutant, so one check that abandoned a test
/// case counts it).
fn first_failures(
    walk: &Choice,
    checks: &mut [MutantFailure],
    sets: &TestSets,
) -> (Vec<Option<f64>>, u64) {
    use crate::reduce::FailureCheck;
    let mut costs = vec![None; checks.len()];
    let mut case = vec![0u32; sets.n];
    let mut abandoned = 0;
    let abandoned_so_far =
        |checks: &[MutantFailure]| -> u64 { checks.iter().map(FailureCheck::abandoned).sum() };
    for k in 0..sets.tests as u64 {
        if costs.iter().all(Option::is_some) {
            break;
        }
        walk.case_into(k, &mut case);
        let before = abandoned_so_far(checks);
        for (cost, check) in costs.iter_mut().zip(checks.iter_mut()) {
            if cost.is_none() && check.fails(&case) {
                *cost = Some((k + 1) as f64);
            }
        }
        abandoned += u64::from(abandoned_so_far(checks) > before);
    }
    (costs, abandoned)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subject::registry;
    use crate::walk::WalkKind;

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
        let fitness = kill_area(&units, &sets(), &Model::default(), OracleKind::Paper)
            .unwrap()
            .value;
        // The same by hand, from r's test cases.
        let unit = &units[0];
        let mut expected = 0.0;
        for &seed in &sets().seeds {
            let walk = WalkKind::RANDOM.build(&unit.context, 8, seed);
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
    fn the_uniform_model_s_coverage_fitness_is_r_s_coverage_curve_area() {
        let units = [array_list(1)];
        let fitness = coverage_area(&units, &sets(), &Model::default())
            .unwrap()
            .value;
        let unit = &units[0];
        let mut expected = 0.0;
        for &seed in &sets().seeds {
            // r's first k test cases, for each k: the curve point by point.
            let walk = crate::walk::WalkConfig::of(WalkKind::RANDOM);
            let mut area = 0.0;
            for k in 1..=60 {
                let measured =
                    crate::coverage::measure::measure(unit.unit, &unit.context, &walk, 8, k, seed)
                        .unwrap();
                let coverage = measured.coverage;
                area += coverage.branches_covered() as f64 / coverage.branches_total() as f64;
            }
            expected += area / 60.0 / 3.0;
        }
        assert!(
            (fitness - expected).abs() < 1e-12,
            "{fitness} vs {expected}"
        );
        // A model that only calls the constructor covers less.
        let constructing = coverage_area(&units, &sets(), &only_constructing(&units))
            .unwrap()
            .value;
        assert!(constructing < fitness, "{constructing} vs {fitness}");
    }

    #[test]
    fn a_model_that_only_constructs_kills_less_than_the_uniform_one() {
        let units = [array_list(12)];
        let constructing = kill_area(
            &units,
            &sets(),
            &only_constructing(&units),
            OracleKind::Paper,
        )
        .unwrap()
        .value;
        let uniform = kill_area(&units, &sets(), &Model::default(), OracleKind::Paper)
            .unwrap()
            .value;
        assert!(constructing < uniform, "{constructing} vs {uniform}");
    }

    /// The model whose only positive weight is the no-argument constructor's.
    fn only_constructing(units: &[PortfolioUnit]) -> Model {
        let space = crate::tune::SearchSpace::new(units, Model::default());
        assert!(space.signatures().iter().any(|s| s == "C()"));
        let point: Vec<f64> = space
            .signatures()
            .iter()
            .map(|s| f64::from(u8::from(s == "C()")))
            .collect();
        let mut model = space.model_of(&point);
        model.default_weight = 0.0;
        model
    }
}
