//! `greybox`'s parameters, with AFL's and AFLFast's defaults (AFL `config.h`; AFLFast
//! `config.h` and `afl-fuzz.c`, Böhme, Pham, Roychoudhury, CCS 2016).

use crate::kernel::parameters::{ParameterError, Parameters};

/// AFLFast's power schedules (`-p`): the factor a seed's AFL score is multiplied by, from
/// s(i), the times seed i was picked before, and f(i), the inputs generated so far that
/// exercised i's path (`schedule.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PowerSchedule {
    /// min(2^s / f, M) / β: exponential in the picks, inverse in the path's frequency
    /// (AFLFast's default, FAST).
    #[default]
    Fast,
    /// 2^s like `fast` for seeds on paths exercised at most the mean μ of f, else 0 (COE).
    Coe,
    /// 1 / β: AFL's score alone, scaled by β (EXPLORE).
    Explore,
    /// AFL's score alone (EXPLOIT: AFL's own schedule).
    Exploit,
    /// min(s / f, M) / β (LIN).
    Lin,
    /// min(s² / f, M) / β (QUAD).
    Quad,
}

/// `greybox`'s parameters in an experiment file's `[phase.run.params]`. The longest
/// sequence is the experiment's length n (AFL's `MAX_FILE`, in calls).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct GreyboxSettings {
    /// The power schedule (AFLFast `-p`: `fast`).
    pub schedule: PowerSchedule,
    /// AFLFast's β (`POWER_BETA`: 1): every schedule but `exploit` divides its factor by it.
    pub power_beta: u32,
    /// AFLFast's M (`MAX_FACTOR` = β·32): the largest factor a schedule gives.
    pub max_factor: u32,
    /// Havoc runs of a seed per 100 score points (AFL `HAVOC_CYCLES`: 256).
    pub havoc_cycles: u32,
    /// The same on a seed's first pick (AFL `HAVOC_CYCLES_INIT`: 1024, the first pass).
    pub havoc_cycles_init: u32,
    /// The fewest havoc runs of a seed picked with a factor above 0 (AFL `HAVOC_MIN`: 16).
    pub havoc_min: u32,
    /// Each havoc run stacks 2^k edits, k uniform in 1..=this (AFL `HAVOC_STACK_POW2`: 7).
    pub havoc_stack_pow2: u32,
    /// The largest score a seed gets (AFL `HAVOC_MAX_MULT` × 100: 1600).
    pub max_score: u32,
    /// An `int` argument's arithmetic edit adds or subtracts 1..=this (AFL `ARITH_MAX`: 35).
    pub arith_max: i32,
    /// New `int` arguments are a seed value (½) or uniform in [−max-int, max-int]
    /// (EvoSuite's `max_int`: 2048, as `dynamosa`).
    pub max_int: i32,
    /// Random sequences run first, the queue's seeds (AFL starts from the user's inputs;
    /// the house's choice: 10, each of a length uniform in 1..=n).
    pub initial_tests: u32,
    /// Whether a probe's hit count entering a new bucket (1, 2, 3, 4–7, 8–15, 16–31,
    /// 32–127, 128+) counts as new coverage, as in AFL (default); `false` counts newly
    /// reached probes only — the ablation that shows what the buckets add.
    pub hit_counts: bool,
}

impl Default for GreyboxSettings {
    fn default() -> Self {
        GreyboxSettings {
            schedule: PowerSchedule::Fast,
            power_beta: 1,
            max_factor: 32,
            havoc_cycles: 256,
            havoc_cycles_init: 1024,
            havoc_min: 16,
            havoc_stack_pow2: 7,
            max_score: 1600,
            arith_max: 35,
            max_int: 2048,
            initial_tests: 10,
            hit_counts: true,
        }
    }
}

impl Parameters for GreyboxSettings {
    fn check(&self) -> Result<(), ParameterError> {
        let invalid = |key: &str, message: String| {
            Err(ParameterError::Invalid {
                key: key.into(),
                message,
            })
        };
        let at_least_one = [
            ("power-beta", self.power_beta),
            ("max-factor", self.max_factor),
            ("havoc-cycles", self.havoc_cycles),
            ("havoc-cycles-init", self.havoc_cycles_init),
            ("havoc-min", self.havoc_min),
            ("max-score", self.max_score),
            ("initial-tests", self.initial_tests),
        ];
        for (key, value) in at_least_one {
            if value < 1 {
                return invalid(key, "expected at least 1, found 0".into());
            }
        }
        if !(1..=16).contains(&self.havoc_stack_pow2) {
            return invalid(
                "havoc-stack-pow2",
                format!("expected 1 to 16, found {}", self.havoc_stack_pow2),
            );
        }
        if self.arith_max < 1 {
            return invalid(
                "arith-max",
                format!("expected ≥ 1, found {}", self.arith_max),
            );
        }
        if self.max_int < 0 {
            return invalid("max-int", format!("expected ≥ 0, found {}", self.max_int));
        }
        Ok(())
    }
}
