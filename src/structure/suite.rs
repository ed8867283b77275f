//! Structure suites: the structures a structure run of an experiment tests, one suite per
//! (unit, scope, kind, seed) — field-exhaustive by the paper's Algorithm 1 or by greedy
//! selection, bounded-exhaustive (every valid structure, Korat), or a seeded random sample
//! of the valid structures (the random control).
//!
//! Deterministic: a suite is a function of the scope, the kind, its size and the seed
//! (read by the random kind, and by a field-exhaustive kind asked to be `seeded`: then
//! each seed draws another suite, as field-exhaustive). The Korat-based kinds give up at a
//! candidate budget, so that a run asks only for what finishes.

use serde::{Deserialize, Serialize};

use super::extension::greedy_suite;
use super::sat::{field_exhaustive_suite, seeded_field_exhaustive_suite};
use super::{BeyondEncoding, CnfEncoding, search_within};
use crate::kernel::rng::{below, case_rng};
use crate::oracle::OracleKind;
use crate::subject::heap::{HeapFields, canonical};

/// How a suite's structures are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum StructureSuiteKind {
    /// Field-exhaustive by incremental SAT (the paper's Algorithm 1).
    #[serde(rename = "fe-sat")]
    FieldExhaustiveSat,
    /// Field-exhaustive by greedy selection over the bounded-exhaustive structures.
    #[serde(rename = "fe-greedy")]
    FieldExhaustiveGreedy,
    /// Every valid structure (Korat).
    #[serde(rename = "be-structures")]
    BoundedExhaustive,
    /// Valid structures drawn uniformly without replacement from the bounded-exhaustive
    /// ones, with a seed.
    #[serde(rename = "random-structures")]
    Random,
}

impl StructureSuiteKind {
    /// Every kind, in the order of [`StructureSuiteKind::name`]s documented for experiments.
    pub const ALL: [Self; 4] = [
        Self::FieldExhaustiveSat,
        Self::FieldExhaustiveGreedy,
        Self::BoundedExhaustive,
        Self::Random,
    ];

    /// The name at the edges (experiment files, the `strategy` column).
    pub fn name(self) -> &'static str {
        match self {
            Self::FieldExhaustiveSat => "fe-sat",
            Self::FieldExhaustiveGreedy => "fe-greedy",
            Self::BoundedExhaustive => "be-structures",
            Self::Random => "random-structures",
        }
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Whether it can draw its suite with a seed (`seeded`): the field-exhaustive kinds.
    pub fn can_be_seeded(self) -> bool {
        matches!(self, Self::FieldExhaustiveSat | Self::FieldExhaustiveGreedy)
    }
}

/// What a suite is asked to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct StructureSuiteSpec {
    /// How its structures are chosen.
    pub kind: StructureSuiteKind,
    /// The random sample's size (`None`: as many structures as the SAT suite of the same
    /// scope has); ignored by the other kinds.
    pub structures: Option<u64>,
    /// Korat's budget of candidates for the kinds that enumerate.
    pub korat_budget: u64,
    /// A field-exhaustive suite drawn with the replicate's seed: the SAT solver's random
    /// polarities and initial activities (`fe-sat`), ties broken in a random order of the
    /// structures (`fe-greedy`). False: the one deterministic suite (left out of the
    /// serialised spec, so that a suite file's name is what it was before the option).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub seeded: bool,
}

impl StructureSuiteSpec {
    /// Whether its suite depends on the seed: a random sample's, a seeded
    /// field-exhaustive suite's.
    pub fn uses_seed(&self) -> bool {
        self.kind == StructureSuiteKind::Random || (self.seeded && self.kind.can_be_seeded())
    }
}

/// A suite of structures and what building it cost, in deterministic units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructureSuite {
    /// The structures, in canonical form, in the order they are tested.
    pub structures: Vec<HeapFields>,
    /// Candidates Korat ran the invariant on (`None`: no enumeration).
    pub korat_candidates: Option<u64>,
    /// Solver calls of Algorithm 1 (`None`: no SAT suite was built).
    pub solver_calls: Option<u64>,
}

/// Why a suite cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StructureSuiteError {
    /// The scope is beyond the unit's CNF encoding.
    #[error(transparent)]
    BeyondEncoding(#[from] BeyondEncoding),
    /// Korat's enumeration did not finish within its budget.
    #[error(
        "{kind} at scope {scope}: Korat's enumeration does not finish within {budget} candidates"
    )]
    KoratBudget {
        /// The suite's kind.
        kind: &'static str,
        /// The scope.
        scope: usize,
        /// The candidate budget.
        budget: u64,
    },
}

/// The suite `spec` asks for at `scope`, drawn with `seed` if it uses one.
pub fn structure_suite(
    scope: &dyn CnfEncoding,
    spec: &StructureSuiteSpec,
    seed: u64,
) -> Result<StructureSuite, StructureSuiteError> {
    let layout = scope.heap_scope();
    let canonical_of = |c: &[u32]| canonical(&layout.heap(c));
    let sat = match (spec.kind, spec.structures) {
        (StructureSuiteKind::FieldExhaustiveSat, _) if spec.seeded => {
            Some(seeded_field_exhaustive_suite(scope, seed)?)
        }
        (StructureSuiteKind::FieldExhaustiveSat, _) | (StructureSuiteKind::Random, None) => {
            Some(field_exhaustive_suite(scope)?)
        }
        _ => None,
    };
    let solver_calls = sat.as_ref().map(|s| s.solver_calls as u64);
    if spec.kind == StructureSuiteKind::FieldExhaustiveSat {
        let sat = sat.expect("built above");
        return Ok(StructureSuite {
            structures: sat.structures.iter().map(|c| canonical_of(c)).collect(),
            korat_candidates: None,
            solver_calls,
        });
    }
    let mut all = Vec::new();
    let stats = search_within(
        layout,
        |r| scope.rep_ok(r),
        |c| all.push(canonical_of(c)),
        spec.korat_budget,
    )
    .ok_or(StructureSuiteError::KoratBudget {
        kind: spec.kind.name(),
        scope: layout.nodes(),
        budget: spec.korat_budget,
    })?;
    let structures = match spec.kind {
        StructureSuiteKind::FieldExhaustiveGreedy => {
            if spec.seeded {
                shuffle(&mut all, seed);
            }
            greedy_suite(&all)
                .into_iter()
                .map(|i| all[i].clone())
                .collect()
        }
        StructureSuiteKind::Random => {
            let wanted = spec
                .structures
                .or(sat.map(|s| s.structures.len() as u64))
                .expect("a size, or the SAT suite's");
            sample(all, wanted, seed)
        }
        _ => all,
    };
    Ok(StructureSuite {
        structures,
        korat_candidates: Some(stats.candidates),
        solver_calls,
    })
}

/// The first `wanted` positions of a Fisher–Yates shuffle of 0..`len` with `seed`.
fn shuffled_positions(len: usize, wanted: usize, seed: u64) -> Vec<usize> {
    let mut rng = case_rng(seed, 0);
    let mut positions: Vec<usize> = (0..len).collect();
    for i in 0..wanted.min(len) {
        let j = i + below(&mut rng, (len - i) as u64) as usize;
        positions.swap(i, j);
    }
    positions.truncate(wanted);
    positions
}

/// `all` in a random order drawn with `seed` (a Fisher–Yates shuffle).
fn shuffle(all: &mut Vec<HeapFields>, seed: u64) {
    let mut taken = std::mem::take(all);
    *all = shuffled_positions(taken.len(), taken.len(), seed)
        .into_iter()
        .map(|p| std::mem::take(&mut taken[p]))
        .collect();
}

/// `wanted` of `all` (all of them if there are fewer) drawn uniformly without replacement
/// with `seed` (a partial Fisher–Yates shuffle), kept in their order in `all`.
fn sample(mut all: Vec<HeapFields>, wanted: u64, seed: u64) -> Vec<HeapFields> {
    let wanted = (wanted as usize).min(all.len());
    let mut positions = shuffled_positions(all.len(), wanted, seed);
    positions.sort_unstable();
    positions
        .into_iter()
        .map(|p| std::mem::take(&mut all[p]))
        .collect()
}

/// A structure run: its suite and how a test case is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct StructureConfig {
    /// The suite of structures (kind, size, Korat's budget).
    pub suite: StructureSuiteSpec,
    /// The oracle.
    pub oracle: StructureOracle,
}

/// How a structure test case is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StructureOracle {
    /// Andrews's oracle on the call (`paper`: exceptions and primitive pools; the paper is
    /// Andrews et al.'s, not Ponzio et al.'s).
    Paper,
    /// The strict oracle on the call.
    Strict,
    /// The structure oracle: Andrews's, and then the structures the call leaves on gold
    /// and mutant compared in canonical form and the mutant's checked with the invariant
    /// (Ponzio et al.'s postcondition check; [`crate::structure::oracle`]).
    Structure,
}

impl StructureOracle {
    /// The oracle judging the call's exceptions and pools.
    pub fn calls(self) -> OracleKind {
        match self {
            Self::Strict => OracleKind::Strict,
            Self::Paper | Self::Structure => OracleKind::Paper,
        }
    }

    /// Whether the resulting structures are judged too.
    pub fn compares_structures(self) -> bool {
        self == Self::Structure
    }

    /// The name at the edges.
    pub fn name(self) -> &'static str {
        match self {
            Self::Paper => "paper",
            Self::Strict => "strict",
            Self::Structure => "structure",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::structure::extension::Extensions;
    use crate::structure::units::finitization;

    fn spec(kind: StructureSuiteKind) -> StructureSuiteSpec {
        StructureSuiteSpec {
            kind,
            structures: None,
            korat_budget: 10_000_000,
            seeded: false,
        }
    }

    #[test]
    fn seeded_field_exhaustive_suites_differ_by_seed_and_each_covers_every_pair() {
        for unit in ["LinkedList", "TreeMap"] {
            let scope = finitization(unit).unwrap().scope(5);
            let be = structure_suite(
                scope.as_ref(),
                &spec(StructureSuiteKind::BoundedExhaustive),
                0,
            )
            .unwrap();
            let extensions = Extensions::of(&be.structures);
            for kind in [
                StructureSuiteKind::FieldExhaustiveSat,
                StructureSuiteKind::FieldExhaustiveGreedy,
            ] {
                let seeded = StructureSuiteSpec {
                    seeded: true,
                    ..spec(kind)
                };
                assert!(seeded.uses_seed() && !spec(kind).uses_seed());
                let draw = |seed| structure_suite(scope.as_ref(), &seeded, seed).unwrap();
                let mut distinct = std::collections::BTreeSet::new();
                for seed in 1..=6 {
                    let suite = draw(seed);
                    assert!(
                        extensions.covered_by(&suite.structures),
                        "{unit} {kind:?} {seed}"
                    );
                    assert!(suite.structures.iter().all(|s| be.structures.contains(s)));
                    assert_eq!(suite, draw(seed), "{unit} {kind:?}: fixed by its seed");
                    let mut sorted = suite.structures.clone();
                    sorted.sort();
                    distinct.insert(sorted);
                }
                assert!(
                    distinct.len() >= 3,
                    "{unit} {kind:?}: {} suites",
                    distinct.len()
                );
            }
        }
    }

    #[test]
    fn the_unseeded_spec_serialises_as_before_the_seeded_option() {
        let json = serde_json::to_string(&spec(StructureSuiteKind::FieldExhaustiveSat)).unwrap();
        assert_eq!(
            json,
            r#"{"kind":"fe-sat","structures":null,"korat_budget":10000000}"#
        );
    }

    #[test]
    fn each_kind_gives_its_suite_and_the_field_exhaustive_ones_cover_every_pair() {
        let scope = finitization("TreeMap").unwrap().scope(5);
        let suite = |kind| structure_suite(scope.as_ref(), &spec(kind), 7).unwrap();
        let be = suite(StructureSuiteKind::BoundedExhaustive);
        let sat = suite(StructureSuiteKind::FieldExhaustiveSat);
        let greedy = suite(StructureSuiteKind::FieldExhaustiveGreedy);
        let random = suite(StructureSuiteKind::Random);
        assert_eq!(be.structures.len(), 74, "docs/structures.md's count");
        let extensions = Extensions::of(&be.structures);
        assert!(extensions.covered_by(&sat.structures));
        assert!(extensions.covered_by(&greedy.structures));
        assert_eq!(
            (sat.structures.len(), greedy.structures.len()),
            (27, 11),
            "the `fe` table's sizes"
        );
        assert_eq!(random.structures.len(), sat.structures.len());
        assert!(random.structures.iter().all(|s| be.structures.contains(s)));
        assert_eq!((sat.solver_calls, sat.korat_candidates), (Some(28), None));
        assert_eq!(be.korat_candidates, Some(11032));
    }

    #[test]
    fn a_random_sample_is_distinct_structures_fixed_by_its_seed() {
        let scope = finitization("LinkedList").unwrap().scope(4);
        let sized = StructureSuiteSpec {
            structures: Some(30),
            ..spec(StructureSuiteKind::Random)
        };
        let draw = |seed| structure_suite(scope.as_ref(), &sized, seed).unwrap();
        let (a, b, c) = (draw(1), draw(1), draw(2));
        assert_eq!(a, b);
        assert_ne!(a.structures, c.structures);
        let distinct: std::collections::BTreeSet<_> = a.structures.iter().collect();
        assert_eq!(distinct.len(), 30);
        let more = StructureSuiteSpec {
            structures: Some(10_000),
            ..sized
        };
        assert_eq!(
            structure_suite(scope.as_ref(), &more, 1)
                .unwrap()
                .structures
                .len(),
            121,
            "no more than the valid structures"
        );
    }

    #[test]
    fn an_enumeration_beyond_its_budget_is_refused_with_the_scope() {
        let scope = finitization("TreeMap").unwrap().scope(6);
        let small = StructureSuiteSpec {
            korat_budget: 1000,
            ..spec(StructureSuiteKind::BoundedExhaustive)
        };
        let error = structure_suite(scope.as_ref(), &small, 0).unwrap_err();
        assert_eq!(
            error.to_string(),
            "be-structures at scope 6: Korat's enumeration does not finish within 1000 candidates"
        );
    }
}
