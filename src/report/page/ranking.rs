//! The ranking of the strategies over the subjects (Demšar 2006): per subject, each
//! strategy's median over replicates of the mutants it killed; the strategies ranked within
//! each subject (1 = most killed, ties mid-ranked); the Friedman test with the
//! Iman–Davenport F; the Nemenyi critical difference at [`ALPHA`] and the groups a
//! critical-difference diagram joins ([`crate::stats::nemenyi`]).

use crate::stats::{self, Friedman, Order};

/// The level of the Nemenyi critical difference.
pub const ALPHA: f64 = 0.05;

/// What is ranked, as the page says it, for cells testing `targets`.
pub fn metric(targets: super::model::Targets) -> String {
    format!(
        "per subject, the median over replicates of the {} {} (cells with outcome killed) in \
         the compared phase; larger is better",
        targets.plural(),
        targets.verb()
    )
}

/// The ranking of the strategies that ran on every subject.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranking {
    /// The strategies ranked (labels), in the page's order.
    pub strategies: Vec<String>,
    /// The subjects (blocks).
    pub subjects: Vec<String>,
    /// `medians[s][j]`: subject s, strategy j.
    pub medians: Vec<Vec<f64>>,
    /// The Friedman test (its average ranks in the order of `strategies`).
    pub friedman: Friedman,
    /// The Nemenyi critical difference and groups, or why there are none.
    pub nemenyi: Result<CriticalDifference, String>,
    /// Strategies left out because some subject has no cells of them.
    pub left_out: Vec<String>,
}

/// A critical-difference diagram's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct CriticalDifference {
    /// The level.
    pub alpha: f64,
    /// CD: average ranks closer than this are not significantly different.
    pub cd: f64,
    /// The groups joined by a bar (indices into [`Ranking::strategies`], by rank).
    pub groups: Vec<Vec<usize>>,
}

/// The ranking of `strategies` over the subjects, each subject given as its name and, per
/// strategy, its median kills (`None`: no cells of it there). An error saying why when
/// fewer than two subjects or fewer than two strategies on every subject remain.
pub(crate) fn rank(
    strategies: &[String],
    subjects: &[(String, Vec<Option<f64>>)],
) -> Result<Ranking, String> {
    let kept: Vec<usize> = (0..strategies.len())
        .filter(|&j| subjects.iter().all(|(_, medians)| medians[j].is_some()))
        .collect();
    let left_out: Vec<String> = (0..strategies.len())
        .filter(|j| !kept.contains(j))
        .map(|j| strategies[j].clone())
        .collect();
    if subjects.len() < 2 {
        return Err(format!(
            "no ranking: the Friedman test needs at least 2 subjects, the phase has {}",
            subjects.len()
        ));
    }
    if kept.len() < 2 {
        return Err(format!(
            "no ranking: the Friedman test needs at least 2 strategies that ran on every \
             subject, the phase has {}",
            kept.len()
        ));
    }
    let medians: Vec<Vec<f64>> = subjects
        .iter()
        .map(|(_, m)| kept.iter().map(|&j| m[j].expect("kept")).collect())
        .collect();
    let friedman =
        stats::friedman(&medians, Order::HigherIsBetter).map_err(|e| format!("no ranking: {e}"))?;
    let nemenyi = critical_difference(&friedman);
    Ok(Ranking {
        strategies: kept.iter().map(|&j| strategies[j].clone()).collect(),
        subjects: subjects.iter().map(|(name, _)| name.clone()).collect(),
        medians,
        friedman,
        nemenyi,
        left_out,
    })
}

fn critical_difference(friedman: &Friedman) -> Result<CriticalDifference, String> {
    let fail = |e: stats::StatsError| format!("no Nemenyi test: {e}");
    let cd =
        stats::critical_difference(friedman.treatments, friedman.blocks, ALPHA).map_err(fail)?;
    let groups = stats::indistinct_groups(&friedman.average_ranks, cd).map_err(fail)?;
    Ok(CriticalDifference {
        alpha: ALPHA,
        cd,
        groups,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subjects(rows: &[&[Option<f64>]]) -> Vec<(String, Vec<Option<f64>>)> {
        rows.iter()
            .enumerate()
            .map(|(i, row)| (format!("S{i}"), row.to_vec()))
            .collect()
    }

    #[test]
    fn ranks_follow_the_medians_and_groups_are_nemenyis() {
        let names: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let rows: Vec<[Option<f64>; 3]> = (0..6)
            .map(|i| [Some(10.0), Some(5.0 + f64::from(i % 2)), Some(1.0)])
            .collect();
        let rows: Vec<&[Option<f64>]> = rows.iter().map(|r| &r[..]).collect();
        let ranking = rank(&names, &subjects(&rows)).unwrap();
        assert_eq!(ranking.friedman.average_ranks, [1.0, 2.0, 3.0]);
        let cd = ranking.nemenyi.unwrap();
        let expected = stats::critical_difference(3, 6, ALPHA).unwrap();
        assert_eq!(cd.cd, expected);
        // CD ≈ 1.35 for k = 3, N = 6: a–b and b–c are closer than that, a–c is not.
        assert!(cd.cd > 1.3 && cd.cd < 1.4, "{}", cd.cd);
        assert_eq!(cd.groups, [vec![0, 1], vec![1, 2]]);
        assert_eq!(
            cd.groups,
            stats::indistinct_groups(&ranking.friedman.average_ranks, cd.cd).unwrap()
        );
    }

    #[test]
    fn a_strategy_missing_on_a_subject_is_left_out() {
        let names: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let ranking = rank(
            &names,
            &subjects(&[
                &[Some(1.0), Some(2.0), None],
                &[Some(3.0), Some(1.0), Some(0.0)],
            ]),
        )
        .unwrap();
        assert_eq!(ranking.strategies, ["a", "b"]);
        assert_eq!(ranking.left_out, ["c"]);
    }

    #[test]
    fn too_few_subjects_or_strategies_say_so() {
        let names: Vec<String> = ["a", "b"].map(String::from).to_vec();
        let one = rank(&names, &subjects(&[&[Some(1.0), Some(2.0)]])).unwrap_err();
        assert!(
            one.contains("at least 2 subjects, the phase has 1"),
            "{one}"
        );
        let names: Vec<String> = vec!["a".into()];
        let lone = rank(&names, &subjects(&[&[Some(1.0)], &[Some(2.0)]])).unwrap_err();
        assert!(lone.contains("at least 2 strategies"), "{lone}");
    }
}
