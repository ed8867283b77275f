//! One subject's section: mutants killed per strategy over replicates (medians with
//! spread), pairwise Â12 with Holm-adjusted Mann–Whitney p-values, kill growth with bands
//! over replicates ([`crate::report::replicated`]), coverage growth to each cell's end and
//! the final coverage ([`crate::report::coverage`]), the kill matrix and the survival curves.

use crate::report::coverage::{coverage_growth, final_coverage_percent};
use crate::report::replicated::{Band, Cost, CurveBand, kill_curves};
use crate::report::{Cell, Cells};
use crate::stats::{self, Method};

use super::index::{ByReplicate, SubjectCells};
use super::kill_matrix::kill_matrix;
use super::model::{KillSummary, PairCell, Pairwise, SubjectReport};
use super::survival::survival_curves;

/// The section of `subject` for the strategies `strategies` (labels), curves over `cost`,
/// in a folder of `replicates` replicates.
pub(crate) fn subject_report(
    subject: &SubjectCells<'_>,
    strategies: &[String],
    cost: Cost,
    replicates: u32,
) -> SubjectReport {
    let kills = kills(&subject.by_strategy);
    let relabelled = relabelled(strategies, &subject.by_strategy);
    let kill_growth = if replicates < 2 {
        Err(format!(
            "no kill growth with bands: the folder has {replicates} replicate (bands need at \
             least 2)"
        ))
    } else {
        let charts = kill_curves(&relabelled, cost, RELABELLED_PHASE);
        charts
            .into_iter()
            .next()
            .map(|chart| in_page_order(chart.curves, strategies))
            .ok_or_else(|| "no kill growth: no cell has a cost to plot".to_string())
    };
    let coverage: Vec<CurveBand> = strategies
        .iter()
        .zip(&subject.by_strategy)
        .filter_map(|(label, by_replicate)| {
            let replicates = in_replicates(by_replicate);
            Some(CurveBand {
                strategy: label.clone(),
                points: coverage_growth(&replicates, cost)?,
            })
        })
        .collect();
    let final_coverage = subject
        .by_strategy
        .iter()
        .map(|by_replicate| {
            let finals: Vec<f64> = by_replicate
                .values()
                .filter_map(|by_mutant| final_coverage_percent(by_mutant.values().copied()))
                .collect();
            (!finals.is_empty()).then(|| Band::of(&finals).median)
        })
        .collect();
    let coverage = if coverage.is_empty() {
        Err("no coverage growth: the cells recorded no branch coverage".to_string())
    } else {
        Ok(coverage)
    };
    SubjectReport {
        name: subject.name.clone(),
        mutants: subject.mutants.len(),
        pairwise: pairwise(&kills),
        kills,
        kill_growth,
        coverage,
        final_coverage,
        lengths: subject
            .by_strategy
            .iter()
            .map(|by_replicate| {
                let mut cells = by_replicate
                    .values()
                    .flat_map(|by_mutant| by_mutant.values());
                cells.next().map(|cell| cell.n)
            })
            .collect(),
        kill_matrix: kill_matrix(strategies, &subject.by_strategy, &subject.mutants),
        survival: survival_curves(strategies, &subject.by_strategy, cost),
    }
}

/// Per strategy, mutants killed in each replicate that ran it, and their summary.
pub(crate) fn kills(by_strategy: &[ByReplicate<'_>]) -> Vec<Option<KillSummary>> {
    by_strategy
        .iter()
        .map(|by_replicate| {
            let per_replicate: Vec<f64> = by_replicate
                .values()
                .map(|by_mutant| by_mutant.values().filter(|c| c.killed()).count() as f64)
                .collect();
            let summary = stats::summary(&per_replicate).ok()?;
            Some(KillSummary {
                per_replicate,
                summary,
            })
        })
        .collect()
}

/// Â12 of every ordered pair of strategies with values, and the Mann–Whitney p-values of
/// the unordered pairs with two or more replicates on both sides, Holm-adjusted together.
pub(crate) fn pairwise(kills: &[Option<KillSummary>]) -> Result<Pairwise, String> {
    let present = kills.iter().filter(|k| k.is_some()).count();
    if present < 2 {
        return Err(format!(
            "no pairwise comparison: {present} strategy ran on this subject"
        ));
    }
    let k = kills.len();
    let mut cells = vec![vec![None; k]; k];
    let mut tested: Vec<((usize, usize), f64)> = Vec::new();
    let mut untested = false;
    for i in 0..k {
        for j in 0..k {
            let (Some(x), Some(y)) = (&kills[i], &kills[j]) else {
                continue;
            };
            if i == j {
                continue;
            }
            let (x, y) = (&x.per_replicate, &y.per_replicate);
            let a12 = stats::a12(x, y).expect("non-empty finite samples");
            cells[i][j] = Some(PairCell { a12, p_holm: None });
            if i < j {
                if x.len() >= 2 && y.len() >= 2 {
                    let test = stats::mann_whitney_u(x, y, Method::Auto)
                        .expect("non-empty finite samples");
                    tested.push(((i, j), test.p_value));
                } else {
                    untested = true;
                }
            }
        }
    }
    let p: Vec<f64> = tested.iter().map(|(_, p)| *p).collect();
    let adjusted = stats::holm(&p).expect("p-values in [0, 1]");
    for (((i, j), _), p_holm) in tested.iter().zip(adjusted) {
        for (a, b) in [(*i, *j), (*j, *i)] {
            if let Some(cell) = &mut cells[a][b] {
                cell.p_holm = Some(p_holm);
            }
        }
    }
    Ok(Pairwise {
        cells,
        note: untested.then(|| {
            "no Mann–Whitney p-values where a strategy has fewer than 2 replicates (Â12 \
             only)"
                .to_string()
        }),
    })
}

/// A strategy's cells on the subject, one list per replicate that ran it.
fn in_replicates<'a>(by_replicate: &ByReplicate<'a>) -> Vec<Vec<&'a Cell>> {
    by_replicate
        .values()
        .map(|by_mutant| by_mutant.values().copied().collect())
        .collect()
}

/// The phase of the relabelled cells.
const RELABELLED_PHASE: &str = "report";

/// The subject's kept cells with each strategy's label as its strategy and n = 0, so
/// that the figures' curves of one length draw every label in one chart.
fn relabelled(strategies: &[String], by_strategy: &[ByReplicate<'_>]) -> Cells {
    let rows = strategies
        .iter()
        .zip(by_strategy)
        .flat_map(|(label, by_replicate)| {
            by_replicate
                .values()
                .flat_map(|by_mutant| by_mutant.values())
                .map(move |cell: &&Cell| Cell {
                    phase: RELABELLED_PHASE.to_string(),
                    strategy: label.clone(),
                    n: 0,
                    ..(*cell).clone()
                })
        })
        .collect();
    Cells { rows }
}

/// `curves` in the order of `strategies`.
fn in_page_order(mut curves: Vec<CurveBand>, strategies: &[String]) -> Vec<CurveBand> {
    curves.sort_by_key(|c| strategies.iter().position(|s| *s == c.strategy));
    curves
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(values: &[f64]) -> Option<KillSummary> {
        Some(KillSummary {
            per_replicate: values.to_vec(),
            summary: stats::summary(values).unwrap(),
        })
    }

    #[test]
    fn pairs_get_a12_both_ways_and_holm_over_the_subjects_pairs() {
        let kills = [
            summary(&[5.0, 6.0, 7.0, 8.0]),
            summary(&[1.0, 2.0, 3.0, 4.0]),
            None,
            summary(&[1.0, 2.0, 3.0, 9.0]),
        ];
        let pairwise = pairwise(&kills).unwrap();
        let cell = |i: usize, j: usize| pairwise.cells[i][j].unwrap();
        assert_eq!(cell(0, 1).a12, 1.0);
        assert_eq!(cell(1, 0).a12, 0.0);
        assert!(pairwise.cells[0][2].is_none() && pairwise.cells[0][0].is_none());
        let raw: Vec<f64> = [(0, 1), (0, 3), (1, 3)]
            .iter()
            .map(|&(i, j)| {
                let (x, y) = (&kills[i].as_ref().unwrap(), &kills[j].as_ref().unwrap());
                stats::mann_whitney_u(&x.per_replicate, &y.per_replicate, Method::Auto)
                    .unwrap()
                    .p_value
            })
            .collect();
        let holm = stats::holm(&raw).unwrap();
        assert_eq!(cell(0, 1).p_holm, Some(holm[0]));
        assert_eq!(cell(3, 0).p_holm, Some(holm[1]));
        assert_eq!(cell(1, 3).p_holm, Some(holm[2]));
        assert!(pairwise.note.is_none());
    }

    #[test]
    fn one_replicate_gives_a12_without_p_values_and_a_note() {
        let pairwise = pairwise(&[summary(&[3.0]), summary(&[2.0])]).unwrap();
        assert_eq!(pairwise.cells[0][1].unwrap().a12, 1.0);
        assert_eq!(pairwise.cells[0][1].unwrap().p_holm, None);
        assert!(pairwise.note.unwrap().contains("fewer than 2 replicates"));
    }
}
