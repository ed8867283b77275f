//! The compared phase's cells indexed once for every part of the page: per subject, per
//! strategy (a run label at a length, `name n=N`, as `mutation-report` names them; a
//! structure suite whose scope follows the subject — one scope on each, not the same on
//! all, as at the largest scope a budget affords — is one strategy, `name`), per
//! replicate, per mutant. Two runs of one label and length in the phase: the earlier run
//! counts (as `compare` does).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::report::figures::strategy_rank;
use crate::report::{COMPARISON_PHASE, Cell, Cells};
use crate::structure::suite::StructureSuiteKind;

/// A strategy's cells on one subject: replicate → mutant → cell.
pub(crate) type ByReplicate<'a> = BTreeMap<u32, BTreeMap<u64, &'a Cell>>;

/// One subject's cells.
#[derive(Debug)]
pub(crate) struct SubjectCells<'a> {
    /// The unit's class name.
    pub(crate) name: String,
    /// Per strategy (index into [`PhaseIndex::strategies`]).
    pub(crate) by_strategy: Vec<ByReplicate<'a>>,
    /// The mutants with a cell, sorted.
    pub(crate) mutants: BTreeSet<u64>,
}

/// The compared phase's cells.
#[derive(Debug)]
pub(crate) struct PhaseIndex<'a> {
    /// Strategy labels in the page's order (the figures' order of names, then n).
    pub(crate) strategies: Vec<String>,
    /// Subjects by name.
    pub(crate) subjects: Vec<SubjectCells<'a>>,
    /// Replicates of the folder (the largest replicate + 1 over all cells).
    pub(crate) replicates: u32,
}

/// The phase a report compares: `requested` if given (it must exist), else
/// [`COMPARISON_PHASE`] if present, else the phase with the most strategy labels (ties:
/// the first in table order). An error (naming the phases there are) when `requested` is
/// not a phase of the cells, or there are no cells.
pub(crate) fn choose_phase(cells: &Cells, requested: Option<&str>) -> Result<String, String> {
    let mut order: Vec<&str> = Vec::new();
    let mut labels: HashMap<&str, BTreeSet<(&str, u64)>> = HashMap::new();
    for cell in &cells.rows {
        let entry = labels.entry(cell.phase.as_str()).or_insert_with(|| {
            order.push(cell.phase.as_str());
            BTreeSet::new()
        });
        entry.insert((cell.strategy.as_str(), cell.n));
    }
    if order.is_empty() {
        return Err("the cells table is empty".into());
    }
    match requested {
        Some(phase) if labels.contains_key(phase) => Ok(phase.to_string()),
        Some(phase) => Err(format!(
            "no phase `{phase}` in the results (phases: {})",
            order.join(", ")
        )),
        None if labels.contains_key(COMPARISON_PHASE) => Ok(COMPARISON_PHASE.to_string()),
        None => {
            let most = order.iter().map(|p| labels[p].len()).max().unwrap_or(0);
            Ok(order
                .iter()
                .find(|p| labels[*p].len() == most)
                .expect("some phase")
                .to_string())
        }
    }
}

impl<'a> PhaseIndex<'a> {
    /// The cells of `phase` indexed.
    pub(crate) fn new(cells: &'a Cells, phase: &str) -> Self {
        let phase_cells: Vec<&'a Cell> = cells.rows.iter().filter(|c| c.phase == phase).collect();
        let per_subject = per_subject_lengths(&phase_cells);
        fn key<'c>(per_subject: &BTreeSet<&str>, c: &'c Cell) -> (&'c str, Option<u64>) {
            let name = c.strategy.as_str();
            (name, (!per_subject.contains(name)).then_some(c.n))
        }
        let keys: BTreeSet<(&str, Option<u64>)> =
            phase_cells.iter().map(|c| key(&per_subject, c)).collect();
        let mut keys: Vec<(&str, Option<u64>)> = keys.into_iter().collect();
        keys.sort_by_key(|&(name, n)| (strategy_rank(name), n));
        let position: HashMap<(&str, Option<u64>), usize> =
            keys.iter().enumerate().map(|(i, &k)| (k, i)).collect();
        let mut subjects: BTreeMap<&str, SubjectCells<'a>> = BTreeMap::new();
        for cell in phase_cells {
            let subject = subjects
                .entry(cell.subject.as_str())
                .or_insert_with(|| SubjectCells {
                    name: cell.subject.clone(),
                    by_strategy: vec![BTreeMap::new(); keys.len()],
                    mutants: BTreeSet::new(),
                });
            subject.mutants.insert(cell.mutant);
            let strategy = position[&key(&per_subject, cell)];
            subject.by_strategy[strategy]
                .entry(cell.replicate)
                .or_default()
                .entry(cell.mutant)
                .and_modify(|kept: &mut &Cell| {
                    if cell.run < kept.run {
                        *kept = cell;
                    }
                })
                .or_insert(cell);
        }
        PhaseIndex {
            strategies: keys
                .iter()
                .map(|(name, n)| match n {
                    Some(n) => format!("{name} n={n}"),
                    None => name.to_string(),
                })
                .collect(),
            subjects: subjects.into_values().collect(),
            replicates: cells
                .rows
                .iter()
                .map(|c| c.replicate + 1)
                .max()
                .unwrap_or(1),
        }
    }
}

/// The structure suites of `cells` (named by their kind) whose scope follows the subject:
/// one scope on each subject, not the same on all (the largest scope a budget affords).
/// Such a suite is one strategy, labelled by its name alone.
fn per_subject_lengths<'a>(cells: &[&'a Cell]) -> BTreeSet<&'a str> {
    let mut lengths: BTreeMap<&str, BTreeMap<&str, BTreeSet<u64>>> = BTreeMap::new();
    let structure = |c: &Cell| StructureSuiteKind::from_name(&c.strategy).is_some();
    for cell in cells.iter().filter(|c| structure(c)) {
        lengths
            .entry(cell.strategy.as_str())
            .or_default()
            .entry(cell.subject.as_str())
            .or_default()
            .insert(cell.n);
    }
    lengths
        .into_iter()
        .filter(|(_, by_subject)| {
            let all: BTreeSet<u64> = by_subject.values().flatten().copied().collect();
            all.len() > 1 && by_subject.values().all(|n| n.len() == 1)
        })
        .map(|(name, _)| name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_tables::budget_cell;

    #[test]
    fn labels_are_ordered_as_the_figures_then_by_length_and_the_earlier_run_counts() {
        let mut later = budget_cell(0, "A", 1, "r", 2, None);
        later.run = 3;
        let cells = Cells {
            rows: vec![
                later,
                budget_cell(0, "A", 1, "r", 2, Some(5)),
                budget_cell(0, "A", 1, "bobw", 16, Some(5)),
                budget_cell(1, "B", 2, "r", 10, None),
                budget_cell(0, "A", 1, "be", 2, Some(5)),
            ],
        };
        let index = PhaseIndex::new(&cells, COMPARISON_PHASE);
        assert_eq!(index.strategies, ["r n=2", "r n=10", "be n=2", "bobw n=16"]);
        assert_eq!(index.replicates, 2);
        assert_eq!(index.subjects.len(), 2);
        let kept = index.subjects[0].by_strategy[0][&0][&1];
        assert!(kept.killed(), "run 0 counts, not run 3");
    }

    #[test]
    fn the_phase_is_the_comparison_else_the_one_with_most_strategies() {
        let mut cells = Cells {
            rows: vec![budget_cell(0, "A", 1, "r", 2, None)],
        };
        cells.rows[0].phase = "one".into();
        let mut other = budget_cell(0, "A", 1, "r", 3, None);
        other.phase = "two".into();
        cells.rows.push(other.clone());
        other.n = 4;
        cells.rows.push(other);
        assert_eq!(choose_phase(&cells, None).unwrap(), "two");
        assert_eq!(choose_phase(&cells, Some("one")).unwrap(), "one");
        let error = choose_phase(&cells, Some("three")).unwrap_err();
        assert!(error.contains("phases: one, two"), "{error}");
    }

    #[test]
    fn a_label_whose_length_follows_the_subject_is_one_strategy() {
        let cells = Cells {
            rows: vec![
                budget_cell(0, "A", 1, "fe-sat", 2, None),
                budget_cell(0, "B", 1, "fe-sat", 3, None),
                budget_cell(0, "A", 1, "be", 2, None),
                budget_cell(0, "A", 1, "be", 3, None),
                budget_cell(0, "B", 1, "be", 2, None),
                budget_cell(0, "A", 1, "r", 20, None),
                budget_cell(0, "B", 1, "r", 10, None),
            ],
        };
        let index = PhaseIndex::new(&cells, COMPARISON_PHASE);
        // A walk at another length on each subject stays two strategies.
        assert_eq!(
            index.strategies,
            ["r n=10", "r n=20", "be n=2", "be n=3", "fe-sat"]
        );
        let fe_sat = |subject: usize| index.subjects[subject].by_strategy[4][&0][&1].n;
        assert_eq!((fe_sat(0), fe_sat(1)), (2, 3));
    }
}
