//! Suites: the test cases a generator makes for one (unit, M_C, configuration, seed), in
//! order, with the cost each one had used up by its end.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::gold::GoldExecutor;
use super::{CaseKind, Fcrt, FcrtParams, Fdrt, FdrtParams, GeneratedCase, Generator};
use crate::context::TestContext;
use crate::subject::Unit;

/// A generator and its parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum GeneratorConfig {
    /// `fdrt`, or `fdrt-reset` with [`FdrtParams::reset_every`].
    Fdrt(FdrtParams),
    /// `fcrt`.
    Fcrt(FcrtParams),
}

impl GeneratorConfig {
    /// The name at the edges.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Fdrt(p) if p.reset_every.is_some() => "fdrt-reset",
            Self::Fdrt(_) => "fdrt",
            Self::Fcrt(_) => "fcrt",
        }
    }

    /// The generator, seeded.
    pub fn build(&self, seed: u64) -> Box<dyn Generator> {
        match self {
            Self::Fdrt(p) => Box::new(Fdrt::new(p.clone(), seed)),
            Self::Fcrt(p) => Box::new(Fcrt::new(p.clone(), seed)),
        }
    }

    /// Whether it needs the unit's branch coverage.
    pub fn needs_coverage(&self) -> bool {
        matches!(self, Self::Fcrt(_))
    }
}

/// When generation stops: after `tests` test cases or once `cost` cost units are used,
/// whichever comes first (at least one of them set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuiteBudget {
    /// At most this many test cases.
    pub tests: Option<u64>,
    /// At most this many cost units: no test case starts once they are used up.
    pub cost: Option<u64>,
}

/// A generated suite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Suite {
    /// The generator's name.
    pub generator: String,
    /// Its seed.
    pub seed: u64,
    /// The test cases, in generation order.
    pub cases: Vec<GeneratedCase>,
    /// Per test case, the cost units used by the end of its generation (including
    /// candidates that were not kept).
    pub costs: Vec<u64>,
    /// Per test case, what it did on gold when generated.
    pub kinds: Vec<CaseKind>,
}

/// Errors generating a suite.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The generator needs branch coverage and the unit has no coverage copy.
    #[error("{generator} needs branch coverage, and {unit} has no coverage copy")]
    NoCoverage {
        /// The generator.
        generator: &'static str,
        /// The unit.
        unit: String,
    },
    /// The budget sets neither a test count nor a cost.
    #[error("a suite budget needs a number of tests or a cost")]
    Unbounded,
}

/// Generates the suite of `config` with `seed` for `unit` and `context` (M_C) on gold.
pub fn generate_suite(
    unit: &dyn Unit,
    context: &Arc<TestContext>,
    config: &GeneratorConfig,
    seed: u64,
    budget: SuiteBudget,
) -> Result<Suite, GenerateError> {
    if budget.tests.is_none() && budget.cost.is_none() {
        return Err(GenerateError::Unbounded);
    }
    if config.needs_coverage() && unit.probes().is_none() {
        return Err(GenerateError::NoCoverage {
            generator: config.name(),
            unit: unit.class().to_string(),
        });
    }
    let mut gold = GoldExecutor::new(unit, Arc::clone(context), config.needs_coverage());
    let mut generator = config.build(seed);
    let mut suite = Suite {
        generator: config.name().to_string(),
        seed,
        cases: Vec::new(),
        costs: Vec::new(),
        kinds: Vec::new(),
    };
    while budget.tests.is_none_or(|t| (suite.cases.len() as u64) < t)
        && budget.cost.is_none_or(|c| gold.cost < c)
    {
        let Some((case, kind)) = generator.next_case(&mut gold) else {
            break;
        };
        suite.cases.push(case);
        suite.kinds.push(kind);
        suite.costs.push(gold.cost);
    }
    Ok(suite)
}
