//! `fdrt-reset`: FDRT with every pool dropped every R cost units (Yatoh et al.'s second
//! baseline; R = 100 s ≙ 100,000 calls by default, docs/generators.md).

use super::fdrt::{Fdrt, FdrtStepConfig, Seeds, check_seeds};
use super::gold::GoldExecutor;
use super::{FeedbackGenerator, Generated};
use crate::kernel::parameters::{CostUnits, ParameterError, Parameters, Probability};

/// `fdrt-reset`'s interval when none is given: Yatoh et al.'s 100 s at 1 s ≙ 1,000 calls.
pub const FDRT_RESET_EVERY: u64 = 100_000;

/// FDRT whose pools are dropped every `reset-every` cost units.
pub struct FdrtReset(Fdrt);

/// `fdrt-reset`'s parameters: `fdrt`'s and the reset interval. `fdrt`'s three fields are
/// written out again rather than flattened: serde cannot combine `flatten` with
/// `deny_unknown_fields`, and unknown keys must stay errors.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct FdrtResetSettings {
    /// The probability of `null` for an object argument (Randoop: 0.05).
    pub null_ratio: Probability,
    /// Whether non-null primitive results join the seed pool (Randoop 4: true).
    pub grow_seeds: bool,
    /// The seed values; a type left out keeps Randoop's.
    pub seeds: Seeds,
    /// Every pool dropped every this many cost units.
    pub reset_every: CostUnits,
}

impl Default for FdrtResetSettings {
    fn default() -> Self {
        let FdrtStepConfig {
            null_ratio,
            grow_seeds,
            seeds,
            ..
        } = FdrtStepConfig::default();
        FdrtResetSettings {
            null_ratio: Probability(null_ratio),
            grow_seeds,
            seeds,
            reset_every: CostUnits(FDRT_RESET_EVERY),
        }
    }
}

impl Parameters for FdrtResetSettings {
    fn check(&self) -> Result<(), ParameterError> {
        check_seeds(&self.seeds)
    }
}

impl FeedbackGenerator for FdrtReset {
    const NAME: &'static str = "fdrt-reset";
    const SUMMARY: &'static str = "FDRT with every pool dropped every R cost units";
    const NEEDS_COVERAGE: bool = false;
    type Params = FdrtResetSettings;

    fn seeds(params: &FdrtResetSettings) -> Seeds {
        params.seeds.clone()
    }

    fn build(params: &FdrtResetSettings, max_length: usize, seed: u64) -> Self {
        let fdrt = FdrtStepConfig {
            max_length,
            null_ratio: params.null_ratio.0,
            reset_every: Some(params.reset_every.0),
            seeds: params.seeds.clone(),
            grow_seeds: params.grow_seeds,
        };
        FdrtReset(Fdrt::new(fdrt, seed))
    }

    fn next_case(&mut self, gold: &mut GoldExecutor<'_>) -> Option<Generated> {
        self.0.step(gold)
    }
}
