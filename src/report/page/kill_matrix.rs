//! The kill matrix of one subject: per mutant and strategy, the replicates whose cell
//! killed the mutant out of those with a cell; and the mutants exactly one strategy kills.

use std::collections::BTreeSet;

use super::index::ByReplicate;

/// Replicates that killed a mutant out of those that ran it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    /// Replicates whose cell killed it.
    pub killed: u32,
    /// Replicates with a cell.
    pub ran: u32,
}

impl Share {
    /// killed / ran.
    pub fn fraction(self) -> f64 {
        f64::from(self.killed) / f64::from(self.ran.max(1))
    }
}

/// One subject's kill matrix.
#[derive(Clone, Debug, PartialEq)]
pub struct KillMatrix {
    /// The strategies with cells on the subject (labels, the page's order).
    pub strategies: Vec<String>,
    /// The mutants with cells, ascending.
    pub mutants: Vec<u64>,
    /// `shares[m][j]`: mutant m under strategy j (`None`: no cell).
    pub shares: Vec<Vec<Option<Share>>>,
    /// (mutant, the one strategy that killed it in some replicate).
    pub only_one: Vec<(u64, String)>,
}

/// The kill matrix of the strategies `strategies` (labels) with cells `by_strategy` over
/// `mutants`; strategies without cells here are left out.
pub(crate) fn kill_matrix(
    strategies: &[String],
    by_strategy: &[ByReplicate<'_>],
    mutants: &BTreeSet<u64>,
) -> KillMatrix {
    let present: Vec<usize> = (0..strategies.len())
        .filter(|&j| !by_strategy[j].is_empty())
        .collect();
    let mutants: Vec<u64> = mutants.iter().copied().collect();
    let shares: Vec<Vec<Option<Share>>> = mutants
        .iter()
        .map(|mutant| {
            present
                .iter()
                .map(|&j| {
                    let mut share = Share { killed: 0, ran: 0 };
                    for cell in by_strategy[j].values().filter_map(|m| m.get(mutant)) {
                        share.ran += 1;
                        share.killed += u32::from(cell.killed());
                    }
                    (share.ran > 0).then_some(share)
                })
                .collect()
        })
        .collect();
    let only_one = mutants
        .iter()
        .zip(&shares)
        .filter_map(|(&mutant, row)| {
            let mut killers = row
                .iter()
                .enumerate()
                .filter(|(_, s)| s.is_some_and(|s| s.killed > 0));
            match (killers.next(), killers.next()) {
                (Some((j, _)), None) => Some((mutant, strategies[present[j]].clone())),
                _ => None,
            }
        })
        .collect();
    KillMatrix {
        strategies: present.iter().map(|&j| strategies[j].clone()).collect(),
        mutants,
        shares,
        only_one,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Cells;
    use crate::report::test_tables::budget_cell;

    #[test]
    fn shares_count_replicates_and_single_killers_are_listed() {
        let cells = Cells {
            rows: vec![
                budget_cell(0, "A", 1, "r", 2, Some(3)),
                budget_cell(1, "A", 1, "r", 2, None),
                budget_cell(0, "A", 1, "bobw", 2, Some(3)),
                budget_cell(0, "A", 2, "r", 2, None),
                budget_cell(0, "A", 2, "bobw", 2, Some(9)),
                budget_cell(1, "A", 2, "bobw", 2, Some(9)),
                budget_cell(0, "A", 3, "r", 2, None),
            ],
        };
        let index = super::super::index::PhaseIndex::new(&cells, crate::report::COMPARISON_PHASE);
        let subject = &index.subjects[0];
        let matrix = kill_matrix(&index.strategies, &subject.by_strategy, &subject.mutants);
        assert_eq!(matrix.strategies, ["r n=2", "bobw n=2"]);
        assert_eq!(matrix.mutants, [1, 2, 3]);
        assert_eq!(matrix.shares[0][0], Some(Share { killed: 1, ran: 2 }));
        assert_eq!(matrix.shares[1][1], Some(Share { killed: 2, ran: 2 }));
        assert_eq!(matrix.shares[2][1], None);
        assert_eq!(matrix.only_one, [(2, "bobw n=2".to_string())]);
    }
}
