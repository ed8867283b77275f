//! Survival curves of mutants under each strategy (Kaplan–Meier): the share of (mutant,
//! replicate) cells not yet killed against the cost spent, a cell that was not killed
//! censored at its budget (test cases) or at the calls it ran (method calls).

use crate::report::Cell;
use crate::report::replicated::Cost;

use super::index::ByReplicate;

/// One strategy's survival curve on one subject.
#[derive(Clone, Debug, PartialEq)]
pub struct SurvivalCurve {
    /// The strategy's label.
    pub strategy: String,
    /// The step curve: (cost, share not yet killed from that cost on), from (0, 1), one
    /// point per cost at which some cell was killed.
    pub steps: Vec<(f64, f64)>,
    /// The largest cost observed (killed or censored): where the curve ends.
    pub end: f64,
    /// Cells observed.
    pub cells: usize,
    /// Cells killed.
    pub killed: usize,
}

/// A cell's cost to its first kill (`true`) or, not killed, where it was censored
/// (`false`), in `cost` units (test cases or method calls).
pub(crate) fn observation(cell: &Cell, cost: Cost) -> (f64, bool) {
    let killed = cell.killed();
    let time = match cost {
        Cost::MethodCalls => cell.method_calls.unwrap_or(0) as f64,
        _ if killed => cell.first_failure.unwrap_or(cell.tests_run) as f64,
        _ => cell.test_budget.unwrap_or(cell.tests_run) as f64,
    };
    (time, killed)
}

/// The Kaplan–Meier estimate of `observations` (time, event): S(t) = Π over event times
/// tᵢ ≤ t of (1 − dᵢ/nᵢ), dᵢ the events at tᵢ and nᵢ those with a time ≥ tᵢ (censored at
/// tᵢ still at risk there). The steps start at (0, 1) and hold S from each event time on.
pub(crate) fn kaplan_meier(observations: &[(f64, bool)]) -> Vec<(f64, f64)> {
    let mut sorted = observations.to_vec();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut steps = vec![(0.0, 1.0)];
    let mut survival = 1.0;
    let mut i = 0;
    while i < sorted.len() {
        let time = sorted[i].0;
        let at_risk = sorted.len() - i;
        let same = sorted[i..].iter().take_while(|o| o.0 == time).count();
        let events = sorted[i..i + same].iter().filter(|o| o.1).count();
        if events > 0 {
            survival *= 1.0 - events as f64 / at_risk as f64;
            steps.push((time, survival));
        }
        i += same;
    }
    steps
}

/// The survival curves of each strategy with cells in `by_strategy` (labels in
/// `strategies`), over every (mutant, replicate) cell.
pub(crate) fn survival_curves(
    strategies: &[String],
    by_strategy: &[ByReplicate<'_>],
    cost: Cost,
) -> Vec<SurvivalCurve> {
    strategies
        .iter()
        .zip(by_strategy)
        .filter(|(_, cells)| !cells.is_empty())
        .map(|(strategy, cells)| {
            let observations: Vec<(f64, bool)> = cells
                .values()
                .flat_map(|by_mutant| by_mutant.values())
                .map(|cell| observation(cell, cost))
                .collect();
            SurvivalCurve {
                strategy: strategy.clone(),
                steps: kaplan_meier(&observations),
                end: observations.iter().map(|o| o.0).fold(0.0, f64::max),
                cells: observations.len(),
                killed: observations.iter().filter(|o| o.1).count(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_tables::budget_cell;

    #[test]
    fn kaplan_meier_matches_a_hand_computed_example() {
        // Times 1 (killed), 2 (censored), 3 (killed), 3 (killed), 5 (censored):
        // at 1, 5 at risk, one killed: S = 4/5; at 3, 3 at risk (3, 3, 5), two killed:
        // S = 4/5 · 1/3 = 4/15; the censored cells make no step.
        let steps = kaplan_meier(&[
            (3.0, true),
            (1.0, true),
            (5.0, false),
            (2.0, false),
            (3.0, true),
        ]);
        assert_eq!(steps.len(), 3);
        assert_eq!(steps[0], (0.0, 1.0));
        assert_eq!(steps[1].0, 1.0);
        assert!((steps[1].1 - 0.8).abs() < 1e-12);
        assert_eq!(steps[2].0, 3.0);
        assert!((steps[2].1 - 4.0 / 15.0).abs() < 1e-12);
    }

    #[test]
    fn a_censored_cell_at_an_event_time_is_still_at_risk() {
        // At 2: 2 at risk (the killed and the censored one), one killed: S = 1/2.
        let steps = kaplan_meier(&[(2.0, false), (2.0, true)]);
        assert_eq!(steps, [(0.0, 1.0), (2.0, 0.5)]);
    }

    #[test]
    fn survivors_are_censored_at_their_budget() {
        let killed = budget_cell(0, "A", 1, "r", 4, Some(7));
        let survived = budget_cell(0, "A", 2, "r", 4, None);
        assert_eq!(observation(&killed, Cost::Tests), (7.0, true));
        assert_eq!(observation(&survived, Cost::Tests), (100.0, false));
        assert_eq!(observation(&killed, Cost::MethodCalls), (28.0, true));
        assert_eq!(observation(&survived, Cost::MethodCalls), (400.0, false));
    }
}
