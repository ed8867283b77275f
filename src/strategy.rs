//! A strategy, the umbrella word: what a run of an experiment runs. Three families make
//! test cases, each in its own room: counter-based walks ([`crate::walk`]), feedback-driven
//! generators ([`crate::generator`]) and structure suites ([`crate::structure`]). The TOML
//! key `strategy`, the `--strategy` flag and the `strategy` column name any of them.

use crate::generator::GeneratorConfig;
use crate::structure::suite::StructureConfig;
use crate::walk::{WalkConfig, WalkKind};

/// What a run runs: a walk, a generator's suite, or a structure suite.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum Strategy {
    /// A walk of [`crate::walk`]: test case k from (seed, k).
    Walk(WalkConfig),
    /// A generator of [`crate::generator`]: a suite generated once on gold per (subject,
    /// configuration, n, seed), replayed on each mutant.
    Generator(GeneratorConfig),
    /// Structure test cases (field-exhaustive testing, [`crate::structure::suite`]): a
    /// suite of structures built once per (subject, scope, suite, seed where it uses one), each
    /// structure with each call of the context; n is the scope.
    Structures(StructureConfig),
}

impl Strategy {
    /// The name at the edges (`be`, `r`, …, `fdrt`, `fdrt-reset`, `fcrt`).
    pub fn name(&self) -> &'static str {
        match self {
            Self::Walk(walk) => walk.kind.name(),
            Self::Generator(config) => config.name(),
            Self::Structures(config) => config.suite.kind.name(),
        }
    }

    /// Whether it is the walk `kind`.
    pub fn is(&self, kind: WalkKind) -> bool {
        matches!(self, Self::Walk(walk) if walk.kind == kind)
    }

    /// Whether its test cases depend on the seed (every generator's do, and a random
    /// structure suite's).
    pub fn uses_seed(&self) -> bool {
        match self {
            Self::Walk(walk) => walk.kind.uses_seed(),
            Self::Generator(_) => true,
            Self::Structures(config) => config.suite.uses_seed(),
        }
    }

    /// Whether test case k may repeat an earlier one, so that its cells are not split
    /// into chunks (`r`, `r-leaf`).
    pub fn with_replacement(&self) -> bool {
        matches!(self, Self::Walk(walk) if walk.kind.with_replacement())
    }

    /// How many distinct test cases of length `n` over `j` calls it can give before it
    /// ends: z = jⁿ (at most `u64::MAX`) for a walk without replacement, `None` for any
    /// other strategy (its cells end by their budget).
    pub fn distinct_cases(&self, j: u32, n: u64) -> Option<u64> {
        match self {
            Self::Walk(walk) if !walk.kind.with_replacement() => {
                let z = f64::from(j).powf(n as f64);
                Some(if z < u64::MAX as f64 {
                    z as u64
                } else {
                    u64::MAX
                })
            }
            _ => None,
        }
    }
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_walk_without_replacement_has_a_number_of_distinct_cases() {
        let walk = |kind| Strategy::Walk(WalkConfig::of(kind));
        assert_eq!(
            walk(WalkKind::BOUNDED_EXHAUSTIVE).distinct_cases(3, 4),
            Some(81)
        );
        assert_eq!(
            walk(WalkKind::BOUNDED_EXHAUSTIVE).distinct_cases(40, 1024),
            Some(u64::MAX)
        );
        assert_eq!(walk(WalkKind::RANDOM).distinct_cases(3, 4), None);
    }
}
