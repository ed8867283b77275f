//! Branch coverage of gold runs through a unit's coverage copy
//! (`crates/instrument/src/coverage_copy.rs` writes the copies, [`crate::subject::probes`] holds the
//! probes' per-thread flags).
//!
//! [`Coverage`] accumulates, test case after test case, which probes a sequence of test
//! cases has reached, and answers what a guided strategy asks after each one: the probes
//! it newly covered ([`Coverage::absorb`]) and, per port function, the ratio of probes
//! still uncovered ([`Coverage::uncovered_ratio`]) — both in time linear in the unit's
//! probes, with no allocation per test case. [`ProbeSet`] is the bit set both use, and
//! [`curve`] records coverage at fixed checkpoints of test cases for the runner.
//!
//! *Branches* are the probes on decision outcomes (every kind but `entry`); a function's
//! *probes* also count its entry.

pub mod curve;
pub mod measure;

use serde::{Deserialize, Serialize};

use crate::subject::probes::{CoverageSession, Probe, ProbeTable};

/// A set of probe ids of one unit, as bits.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProbeSet {
    words: Vec<u64>,
}

impl ProbeSet {
    /// The empty set over `probes` ids.
    pub fn empty(probes: usize) -> Self {
        ProbeSet {
            words: vec![0; probes.div_ceil(64)],
        }
    }

    /// The empty set over as many ids as `self`.
    pub fn cleared(&self) -> Self {
        ProbeSet {
            words: vec![0; self.words.len()],
        }
    }

    /// Adds `id`; `true` if it was not in the set.
    pub fn insert(&mut self, id: usize) -> bool {
        let (word, bit) = (id / 64, 1u64 << (id % 64));
        let new = self.words[word] & bit == 0;
        self.words[word] |= bit;
        new
    }

    /// Whether `id` is in the set.
    pub fn contains(&self, id: usize) -> bool {
        self.words
            .get(id / 64)
            .is_some_and(|w| w & (1u64 << (id % 64)) != 0)
    }

    /// Adds every id of `other` (a set over as many ids).
    pub fn union_with(&mut self, other: &ProbeSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    /// The number of ids in the set that are also in `mask`.
    pub fn count_in(&self, mask: &ProbeSet) -> u64 {
        self.words
            .iter()
            .zip(&mask.words)
            .map(|(a, b)| u64::from((a & b).count_ones()))
            .sum()
    }

    /// The number of ids in the set.
    pub fn len(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// The heap memory the set takes, in bytes.
    pub fn heap_bytes(&self) -> usize {
        self.words.capacity() * std::mem::size_of::<u64>()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The ids in the set, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            (0..64)
                .filter(move |b| w & (1u64 << b) != 0)
                .map(move |b| i * 64 + b)
        })
    }
}

/// The branch probes (every kind but `entry`) of a unit, as a set.
pub fn branch_mask(table: ProbeTable) -> ProbeSet {
    let mut mask = ProbeSet::empty(table.probes.len());
    for (id, probe) in table.probes.iter().enumerate() {
        if probe.kind.is_branch() {
            mask.insert(id);
        }
    }
    mask
}

/// The probes of one port function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionProbes {
    /// `Type::name` or a free function's name.
    pub function: &'static str,
    /// Its probe ids, ascending.
    pub probes: Vec<usize>,
}

/// The coverage of one port function.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FunctionCoverage {
    /// `Type::name` or a free function's name.
    pub function: &'static str,
    /// Its probes (entry and branches).
    pub probes: usize,
    /// Those covered.
    pub covered: usize,
    /// Its branch probes.
    pub branches: usize,
    /// Those covered.
    pub branches_covered: usize,
    /// The ids of its uncovered probes, ascending.
    pub uncovered: Vec<usize>,
}

/// What a sequence of test cases has covered of one unit.
#[derive(Clone, Debug)]
pub struct Coverage {
    table: ProbeTable,
    covered: ProbeSet,
    branches: ProbeSet,
    /// The port functions, in the order of their first probe.
    functions: Vec<FunctionProbes>,
    /// Per probe, its function's position in `functions`.
    function_of: Vec<usize>,
    /// Per function, its covered probes.
    function_covered: Vec<usize>,
    /// The probes the last absorbed test case covered first.
    newly: Vec<usize>,
}

impl Coverage {
    /// Nothing covered yet of the unit whose probes are `table`.
    pub fn new(table: ProbeTable) -> Self {
        let mut functions: Vec<FunctionProbes> = Vec::new();
        let mut positions: std::collections::HashMap<&str, usize> = Default::default();
        let mut function_of = Vec::with_capacity(table.probes.len());
        for probe in table.probes {
            let position = *positions.entry(probe.function).or_insert_with(|| {
                functions.push(FunctionProbes {
                    function: probe.function,
                    probes: Vec::new(),
                });
                functions.len() - 1
            });
            functions[position].probes.push(function_of.len());
            function_of.push(position);
        }
        Coverage {
            covered: ProbeSet::empty(table.probes.len()),
            function_covered: vec![0; functions.len()],
            table,
            branches: branch_mask(table),
            functions,
            function_of,
            newly: Vec::new(),
        }
    }

    /// Takes in the probes `session` reached in the test case it just ran (since its last
    /// reset, on this thread) and returns those no earlier test case had reached.
    pub fn absorb(&mut self, session: &CoverageSession) -> &[usize] {
        self.newly.clear();
        let Coverage {
            covered,
            newly,
            function_of,
            function_covered,
            ..
        } = self;
        session.reached(|id| {
            if covered.insert(id) {
                newly.push(id);
                function_covered[function_of[id]] += 1;
            }
        });
        &self.newly
    }

    /// Takes in one covered probe; whether it was new.
    pub fn insert(&mut self, id: usize) -> bool {
        let new = self.covered.insert(id);
        if new {
            self.function_covered[self.function_of[id]] += 1;
        }
        new
    }

    /// Takes in a set of covered probes (of the same unit).
    pub fn absorb_set(&mut self, set: &ProbeSet) {
        for id in set.iter() {
            if self.covered.insert(id) {
                self.function_covered[self.function_of[id]] += 1;
            }
        }
    }

    /// The unit's probes.
    pub fn table(&self) -> ProbeTable {
        self.table
    }

    /// The probe with id `id`.
    pub fn probe(&self, id: usize) -> &'static Probe {
        &self.table.probes[id]
    }

    /// The probes covered so far.
    pub fn covered(&self) -> &ProbeSet {
        &self.covered
    }

    /// The branch probes of the unit, as a set.
    pub fn branch_mask(&self) -> &ProbeSet {
        &self.branches
    }

    /// The unit's branch probes.
    pub fn branches_total(&self) -> u64 {
        self.branches.len()
    }

    /// The branch probes covered so far.
    pub fn branches_covered(&self) -> u64 {
        self.covered.count_in(&self.branches)
    }

    /// The port functions with their probes, in source order of their first probe.
    pub fn functions(&self) -> &[FunctionProbes] {
        &self.functions
    }

    /// The position of `function` in [`Coverage::functions`].
    pub fn function_index(&self, function: &str) -> Option<usize> {
        self.functions.iter().position(|f| f.function == function)
    }

    /// The share of the probes of function number `index` not covered yet (0 when it
    /// has none uncovered), in O(1).
    pub fn uncovered_ratio(&self, index: usize) -> f64 {
        let total = self.functions[index].probes.len();
        (total - self.function_covered[index]) as f64 / total as f64
    }

    /// The coverage of every port function, in [`Coverage::functions`] order.
    pub fn by_function(&self) -> Vec<FunctionCoverage> {
        self.functions
            .iter()
            .map(|f| {
                let uncovered: Vec<usize> = f
                    .probes
                    .iter()
                    .copied()
                    .filter(|&id| !self.covered.contains(id))
                    .collect();
                let branch_ids = || f.probes.iter().filter(|&&id| self.branches.contains(id));
                FunctionCoverage {
                    function: f.function,
                    probes: f.probes.len(),
                    covered: f.probes.len() - uncovered.len(),
                    branches: branch_ids().count(),
                    branches_covered: branch_ids()
                        .filter(|&&id| self.covered.contains(id))
                        .count(),
                    uncovered,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subject::probes::ProbeKind;

    static PROBES: [Probe; 5] = [
        Probe {
            kind: ProbeKind::Entry,
            line: 1,
            column: 1,
            function: "f",
            parent: None,
        },
        Probe {
            kind: ProbeKind::IfThen,
            line: 2,
            column: 5,
            function: "f",
            parent: None,
        },
        Probe {
            kind: ProbeKind::IfElse,
            line: 2,
            column: 5,
            function: "f",
            parent: None,
        },
        Probe {
            kind: ProbeKind::Entry,
            line: 9,
            column: 1,
            function: "g",
            parent: None,
        },
        Probe {
            kind: ProbeKind::TryErr,
            line: 10,
            column: 9,
            function: "f",
            parent: None,
        },
    ];

    fn table() -> ProbeTable {
        ProbeTable {
            file: "f.rs",
            probes: &PROBES,
        }
    }

    #[test]
    fn probe_sets_insert_union_and_count_within_a_mask() {
        let mut a = ProbeSet::empty(130);
        assert!(a.insert(0) && a.insert(129) && !a.insert(0));
        let mut b = ProbeSet::empty(130);
        b.insert(64);
        a.union_with(&b);
        assert_eq!(a.iter().collect::<Vec<_>>(), [0, 64, 129]);
        assert_eq!((a.len(), a.count_in(&b)), (3, 1));
        assert!(!a.contains(1) && a.contains(64) && !a.contains(10_000));
        assert!(ProbeSet::empty(5).is_empty());
    }

    #[test]
    fn functions_group_their_probes_and_branches_leave_out_entries() {
        let mut coverage = Coverage::new(table());
        assert_eq!(coverage.branches_total(), 3);
        assert_eq!(
            coverage
                .functions()
                .iter()
                .map(|f| (f.function, f.probes.clone()))
                .collect::<Vec<_>>(),
            [("f", vec![0, 1, 2, 4]), ("g", vec![3])]
        );
        let mut covered = ProbeSet::empty(5);
        covered.insert(0);
        covered.insert(2);
        coverage.absorb_set(&covered);
        assert_eq!(coverage.branches_covered(), 1);
        assert_eq!(coverage.uncovered_ratio(0), 0.5);
        assert_eq!(coverage.uncovered_ratio(1), 1.0);
        let rows = coverage.by_function();
        assert_eq!(
            (
                rows[0].probes,
                rows[0].covered,
                rows[0].branches,
                rows[0].branches_covered
            ),
            (4, 2, 3, 1)
        );
        assert_eq!(rows[0].uncovered, [1, 4]);
    }
}
