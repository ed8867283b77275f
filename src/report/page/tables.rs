//! The page's numbers as CSV tables beside it, so that a text quoting the report can be
//! checked against files rather than against pixels:
//!
//! - `ranking.csv`: per strategy, its average rank (empty if it is left out of the ranking)
//!   and the Friedman, Iman–Davenport and Nemenyi figures of the ranking it is in;
//! - `kills.csv`: per (subject, strategy), its length n there (for the subject `all`, if
//!   the same on every subject), the mutants killed over replicates (median,
//!   quartiles, extremes), the median over replicates of the final branch coverage in percent
//!   (the coverage after the last test case the strategy ran on the subject) and the cells
//!   killed of those observed; the subject `all` sums the kills of each replicate over the
//!   subjects, for the strategies that ran on every subject;
//! - `pairs.csv`: per subject and ordered pair of strategies, Â12 and the Holm-adjusted
//!   Mann–Whitney p.
//!
//! Pure: the text of each file from the model.

use super::model::ReportModel;
use crate::table::{Column, Table, csv_text};

/// The CSV files of `model`'s page, each (name, text).
pub(crate) fn tables(model: &ReportModel) -> Vec<(String, String)> {
    vec![
        ("ranking.csv".into(), ranking(model)),
        ("kills.csv".into(), kills(model)),
        ("pairs.csv".into(), pairs(model)),
    ]
}

fn ranking(model: &ReportModel) -> String {
    let ranked = model.ranking.as_ref().ok();
    let rank_of = |strategy: &String| {
        let ranking = ranked?;
        let j = ranking.strategies.iter().position(|s| s == strategy)?;
        Some(ranking.friedman.average_ranks[j])
    };
    let rows = model.strategies.len();
    let each = |value: Option<f64>| vec![value; rows];
    let friedman = ranked.map(|r| &r.friedman);
    let cd = ranked.and_then(|r| r.nemenyi.as_ref().ok());
    let table = Table::new(vec![
        Column::new("strategy", model.strategies.clone()),
        Column::new(
            "average_rank",
            model.strategies.iter().map(rank_of).collect::<Vec<_>>(),
        ),
        Column::new(
            "subjects",
            vec![ranked.map(|r| r.subjects.len() as u64); rows],
        ),
        Column::new("friedman_chi2", each(friedman.map(|f| f.statistic))),
        Column::new("friedman_p", each(friedman.map(|f| f.p_value))),
        Column::new("iman_davenport_f", each(friedman.map(|f| f.iman_davenport))),
        Column::new(
            "iman_davenport_p",
            each(friedman.map(|f| f.iman_davenport_p_value)),
        ),
        Column::new("nemenyi_cd", each(cd.map(|c| c.cd))),
    ]);
    csv_text(&table)
}

/// One row of `kills.csv`.
struct KillRow {
    subject: String,
    strategy: String,
    n: Option<u64>,
    values: Vec<f64>,
    coverage: Option<f64>,
    killed: Option<(u64, u64)>,
}

fn kill_rows(model: &ReportModel) -> Vec<KillRow> {
    let mut rows = Vec::new();
    for subject in &model.subjects {
        for (j, strategy) in model.strategies.iter().enumerate() {
            let Some(kills) = &subject.kills[j] else {
                continue;
            };
            let survival = subject.survival.iter().find(|c| &c.strategy == strategy);
            rows.push(KillRow {
                subject: subject.name.clone(),
                strategy: strategy.clone(),
                n: subject.lengths[j],
                values: kills.per_replicate.clone(),
                coverage: subject.final_coverage[j],
                killed: survival.map(|c| (c.killed as u64, c.cells as u64)),
            });
        }
    }
    for (j, strategy) in model.strategies.iter().enumerate() {
        let per_subject: Option<Vec<&Vec<f64>>> = model
            .subjects
            .iter()
            .map(|s| s.kills[j].as_ref().map(|k| &k.per_replicate))
            .collect();
        let Some(per_subject) = per_subject else {
            continue;
        };
        let replicates = per_subject.iter().map(|v| v.len()).min().unwrap_or(0);
        if replicates == 0 || per_subject.iter().any(|v| v.len() != replicates) {
            continue;
        }
        let values = (0..replicates)
            .map(|r| per_subject.iter().map(|v| v[r]).sum())
            .collect();
        let killed = model
            .subjects
            .iter()
            .filter_map(|s| s.survival.iter().find(|c| &c.strategy == strategy))
            .fold((0, 0), |(k, c), s| {
                (k + s.killed as u64, c + s.cells as u64)
            });
        let lengths: std::collections::BTreeSet<Option<u64>> =
            model.subjects.iter().map(|s| s.lengths[j]).collect();
        rows.push(KillRow {
            subject: "all".into(),
            strategy: strategy.clone(),
            n: lengths
                .first()
                .copied()
                .flatten()
                .filter(|_| lengths.len() == 1),
            values,
            coverage: None,
            killed: Some(killed),
        });
    }
    rows
}

fn kills(model: &ReportModel) -> String {
    let rows = kill_rows(model);
    let summaries: Vec<Option<crate::stats::Summary>> = rows
        .iter()
        .map(|r| crate::stats::summary(&r.values).ok())
        .collect();
    let of = |f: fn(&crate::stats::Summary) -> f64| -> Vec<Option<f64>> {
        summaries.iter().map(|s| s.as_ref().map(f)).collect()
    };
    let table = Table::new(vec![
        Column::new(
            "subject",
            rows.iter().map(|r| r.subject.clone()).collect::<Vec<_>>(),
        ),
        Column::new(
            "strategy",
            rows.iter().map(|r| r.strategy.clone()).collect::<Vec<_>>(),
        ),
        Column::new("n", rows.iter().map(|r| r.n).collect::<Vec<_>>()),
        Column::new(
            "replicates",
            rows.iter()
                .map(|r| r.values.len() as u64)
                .collect::<Vec<_>>(),
        ),
        Column::new("kills_median", of(|s| s.median)),
        Column::new("kills_q1", of(|s| s.q1)),
        Column::new("kills_q3", of(|s| s.q3)),
        Column::new("kills_min", of(|s| s.min)),
        Column::new("kills_max", of(|s| s.max)),
        Column::new(
            "coverage_percent_median",
            rows.iter().map(|r| r.coverage).collect::<Vec<_>>(),
        ),
        Column::new(
            "cells_killed",
            rows.iter()
                .map(|r| r.killed.map(|k| k.0))
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "cells",
            rows.iter()
                .map(|r| r.killed.map(|k| k.1))
                .collect::<Vec<_>>(),
        ),
    ]);
    csv_text(&table)
}

fn pairs(model: &ReportModel) -> String {
    let (mut subject, mut strategy, mut versus) = (Vec::new(), Vec::new(), Vec::new());
    let (mut a12, mut p_holm) = (Vec::new(), Vec::new());
    for s in &model.subjects {
        let Ok(pairwise) = &s.pairwise else {
            continue;
        };
        for (i, row) in pairwise.cells.iter().enumerate() {
            for (j, cell) in row.iter().enumerate() {
                let Some(cell) = cell else {
                    continue;
                };
                subject.push(s.name.clone());
                strategy.push(model.strategies[i].clone());
                versus.push(model.strategies[j].clone());
                a12.push(cell.a12);
                p_holm.push(cell.p_holm);
            }
        }
    }
    csv_text(&Table::new(vec![
        Column::new("subject", subject),
        Column::new("strategy", strategy),
        Column::new("versus", versus),
        Column::new("a12", a12),
        Column::new("p_holm", p_holm),
    ]))
}
