//! Coverage at fixed checkpoints of test cases, for the runner: a job records what its
//! range of a cell's test cases covered ([`RangeCoverage`]), and the ranges of a cell,
//! appended in counter order, give the cell's coverage after 1, 10, 100, … test cases and
//! the area under its whole coverage curve ([`CellCoverage`]).

use serde::{Deserialize, Serialize};

use super::ProbeSet;

/// The checkpoints: coverage is recorded after this many test cases of a cell.
pub const CHECKPOINTS: [u64; 7] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];

/// The columns of the cells table that hold the covered branches after each of
/// [`CHECKPOINTS`] test cases.
pub const CHECKPOINT_COLUMNS: [&str; CHECKPOINTS.len()] = [
    "branches_at_1",
    "branches_at_10",
    "branches_at_100",
    "branches_at_1000",
    "branches_at_10000",
    "branches_at_100000",
    "branches_at_1000000",
];

/// What the test cases `start..start + k` of one cell covered, with the covered set after
/// each checkpoint that falls in the range (counting the cell's test cases from 1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RangeCoverage {
    /// The probes the range's test cases covered.
    pub covered: ProbeSet,
    /// (checkpoint, probes covered by the range's test cases up to it).
    pub checkpoints: Vec<(u64, ProbeSet)>,
    /// (probe, the cell's 1-based test case that first reached it), for each probe of
    /// `covered`, in the order they were reached.
    #[serde(default)]
    pub first_reached: Vec<(u32, u64)>,
}

impl RangeCoverage {
    /// Nothing covered yet, over `probes` ids.
    pub fn new(probes: usize) -> Self {
        RangeCoverage {
            covered: ProbeSet::empty(probes),
            checkpoints: Vec::new(),
            first_reached: Vec::new(),
        }
    }

    /// Appends the range that follows this one in counter order: afterwards `self` is the
    /// coverage of both, its checkpoint sets counted from this range's start.
    pub fn append(&mut self, next: RangeCoverage) {
        for (checkpoint, mut set) in next.checkpoints {
            set.union_with(&self.covered);
            self.checkpoints.push((checkpoint, set));
        }
        let covered = &self.covered;
        self.first_reached.extend(
            next.first_reached
                .into_iter()
                .filter(|&(probe, _)| !covered.contains(probe as usize)),
        );
        self.covered.union_with(&next.covered);
    }

    /// Adds `probe`, reached by the cell's `test`-th test case (1-based).
    pub fn reach(&mut self, probe: u32, test: u64) {
        if !self.covered.contains(probe as usize) {
            self.covered.insert(probe as usize);
            self.first_reached.push((probe, test));
        }
    }

    /// Notes the end of the cell's `tests`-th test case (1-based), after its probes were
    /// added to `covered`.
    pub fn end_of_test_case(&mut self, tests: u64) {
        if CHECKPOINTS.contains(&tests) {
            self.checkpoints.push((tests, self.covered.clone()));
        }
    }
}

/// A cell's branch coverage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellCoverage {
    /// Branch probes of the unit.
    pub branches_total: u64,
    /// Branch probes covered by the cell's test cases.
    pub branches_covered: u64,
    /// Branch probes covered after each of [`CHECKPOINTS`] test cases (`None` where the
    /// cell ran fewer).
    pub at: [Option<u64>; CHECKPOINTS.len()],
    /// The area under the cell's branch-coverage curve: Σ_{k ≤ T} (branch probes covered
    /// after k test cases), T the cell's test cases. Divided by T · `branches_total` it is
    /// Poulding and Feldt's f_eff of the cell's test cases, normalised.
    pub area: u64,
}

impl CellCoverage {
    /// The coverage of a cell whose `tests` test cases, from the first, covered `covered`
    /// (its jobs' ranges appended in counter order, [`RangeCoverage::append`]);
    /// `branches`: the unit's branch probes.
    pub fn of(covered: &RangeCoverage, branches: &ProbeSet, tests: u64) -> CellCoverage {
        let mut at = [None; CHECKPOINTS.len()];
        for (checkpoint, set) in &covered.checkpoints {
            if let Some(slot) = CHECKPOINTS.iter().position(|c| c == checkpoint) {
                at[slot] = Some(set.count_in(branches));
            }
        }
        // A branch first reached by test case k counts in the curve from k to `tests`.
        let area = covered
            .first_reached
            .iter()
            .filter(|&&(probe, _)| branches.contains(probe as usize))
            .map(|&(_, test)| tests.saturating_sub(test - 1))
            .sum();
        CellCoverage {
            branches_total: branches.len(),
            branches_covered: covered.covered.count_in(branches),
            at,
            area,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoint_columns_name_their_checkpoints() {
        for (column, checkpoint) in CHECKPOINT_COLUMNS.iter().zip(CHECKPOINTS) {
            assert_eq!(*column, format!("branches_at_{checkpoint}"));
        }
    }

    fn set(ids: &[usize]) -> ProbeSet {
        let mut s = ProbeSet::empty(100);
        for &id in ids {
            s.insert(id);
        }
        s
    }

    /// A cell's test cases 1..=15 as one range and as the ranges 1..=5, 6..=15: the
    /// checkpoints after 1 and 10 test cases agree.
    #[test]
    fn ranges_merged_in_counter_order_give_the_coverage_of_one_range() {
        let branches = set(&(1..100).collect::<Vec<_>>());
        let cases: Vec<ProbeSet> = (0..15).map(|k| set(&[k % 7, 20 + k])).collect();
        let run = |from: u64, to: u64| {
            let mut range = RangeCoverage::new(100);
            for k in from..to {
                for probe in cases[k as usize].iter() {
                    range.reach(probe as u32, k + 1);
                }
                range.end_of_test_case(k + 1);
            }
            range
        };
        let mut appended = run(0, 5);
        appended.append(run(5, 15));
        assert_eq!(appended, run(0, 15));
        let whole = CellCoverage::of(&appended, &branches, 15);
        // Probe 0 is no branch: test case 1 covers probe 20 only; by 10 test cases, 1..=6
        // and 20..=29.
        assert_eq!(whole.at[..3], [Some(1), Some(16), None]);
        assert_eq!((whole.branches_total, whole.branches_covered), (99, 21));
    }

    /// The area of a cell, whole or cut into two ranges anywhere, is the sum over its test
    /// cases of the branches covered up to each, counted one test case at a time.
    #[test]
    fn the_area_is_the_sum_of_the_coverage_after_each_test_case() {
        let branches = set(&(0..60).filter(|id| id % 3 != 0).collect::<Vec<_>>());
        // Pseudo-random test cases over 80 probes, some of them no branch or out of the mask.
        let mut state = 17u64;
        let cases: Vec<Vec<usize>> = (0..40)
            .map(|_| {
                (0..3)
                    .map(|_| {
                        state = state
                            .wrapping_mul(6_364_136_223_846_793_005)
                            .wrapping_add(1);
                        ((state >> 33) % 80) as usize
                    })
                    .collect()
            })
            .collect();
        let mut brute = 0;
        let mut seen = ProbeSet::empty(100);
        for case in &cases {
            for &probe in case {
                seen.insert(probe);
            }
            brute += seen.count_in(&branches);
        }
        assert!(brute > 0);
        for cut in [1, 7, 39] {
            let range = |from: usize, to: usize| {
                let mut range = RangeCoverage::new(100);
                for (k, case) in cases.iter().enumerate().take(to).skip(from) {
                    for &probe in case {
                        range.reach(probe as u32, k as u64 + 1);
                    }
                    range.end_of_test_case(k as u64 + 1);
                }
                range
            };
            let mut cell = range(0, cut);
            cell.append(range(cut, cases.len()));
            let coverage = CellCoverage::of(&cell, &branches, cases.len() as u64);
            assert_eq!(coverage.area, brute, "cut after {cut}");
            assert_eq!(coverage.branches_covered, seen.count_in(&branches));
        }
    }
}
