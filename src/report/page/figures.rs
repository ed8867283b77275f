//! The page's figures: each part of the model drawn as an SVG document with its file name
//! and the text the page gives it.

use crate::report::replicated::{Cost, CurveBand};

use super::kill_matrix::KillMatrix;
use super::model::{Pairwise, ReportModel, SubjectReport};
use super::ranking::Ranking;
use super::survival::SurvivalCurve;
use super::svg::boxplot::{BoxRow, box_plot};
use super::svg::cd::cd_diagram;
use super::svg::colour::{diverging, sequential, strategy_style};
use super::svg::heatmap::{HeatCell, Heatmap, heatmap};
use super::svg::lines::{LineChart, Series, line_chart};

/// One figure of the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// Its file name beside `index.html`.
    pub file: String,
    /// The SVG document.
    pub svg: String,
    /// Its alternative text.
    pub alt: String,
}

/// The critical-difference diagram of `ranking`, if it has a Nemenyi test.
pub(crate) fn cd_figure(ranking: &Ranking) -> Option<Figure> {
    let cd = ranking.nemenyi.as_ref().ok()?;
    Some(Figure {
        file: "ranking-cd.svg".into(),
        svg: cd_diagram(
            &ranking.strategies,
            &ranking.friedman.average_ranks,
            cd.cd,
            &cd.groups,
        ),
        alt: format!(
            "Critical-difference diagram: average ranks of {} strategies over {} subjects, \
             CD = {:.3} at α = {}",
            ranking.strategies.len(),
            ranking.subjects.len(),
            cd.cd,
            cd.alpha
        ),
    })
}

/// The figures of subject number `index` (`sNN-…` file names), in the page's order,
/// keyed by part: `kills`, `pairwise`, `growth`, `coverage`, `matrix`, `survival`.
pub(crate) fn subject_figures(
    model: &ReportModel,
    index: usize,
    subject: &SubjectReport,
) -> Vec<(&'static str, Figure)> {
    let file = |part: &str| format!("s{index:02}-{part}.svg");
    let cost = cost_title(model.cost);
    let (plural, singular, verb) = (
        model.targets.plural(),
        model.targets.singular(),
        model.targets.verb(),
    );
    let mut figures = Vec::new();
    let rows: Vec<BoxRow<'_>> = model
        .strategies
        .iter()
        .zip(&subject.kills)
        .filter_map(|(label, kills)| {
            kills.as_ref().map(|k| BoxRow {
                label,
                values: &k.per_replicate,
                summary: k.summary,
            })
        })
        .collect();
    figures.push((
        "kills",
        Figure {
            file: file("kills"),
            svg: box_plot(&rows, &format!("{plural} {verb} per replicate")),
            alt: format!(
                "{plural} of {} {verb} per replicate, per strategy",
                subject.name
            ),
        },
    ));
    if let Ok(pairwise) = &subject.pairwise {
        figures.push((
            "pairwise",
            pairwise_figure(&model.strategies, pairwise, file("pairwise")),
        ));
    }
    if let Ok(curves) = &subject.kill_growth {
        let y_title = format!("{plural} {verb} (median, IQR band)");
        figures.push((
            "growth",
            curve_figure(curves, cost, &y_title, None, file("growth")),
        ));
    }
    if let Ok(curves) = &subject.coverage {
        let y_title = "branch coverage, % (median, IQR band)";
        let figure = curve_figure(curves, cost, y_title, Some((0.0, 100.0)), file("coverage"));
        figures.push(("coverage", figure));
    }
    figures.push((
        "matrix",
        matrix_figure(&subject.kill_matrix, (singular, verb), file("matrix")),
    ));
    figures.push((
        "survival",
        survival_figure(&subject.survival, cost, (plural, verb), file("survival")),
    ));
    figures
}

/// The cost axis' title.
pub(crate) fn cost_title(cost: Cost) -> &'static str {
    match cost {
        Cost::MethodCalls => "method calls",
        Cost::CpuSeconds => "CPU seconds",
        Cost::Tests => "test cases",
    }
}

/// The most strategies whose pairwise heatmap has the values written in its cells; beyond,
/// colours and significance dots only (thousands of texts make a figure slow to draw).
pub(crate) const MAX_LABELLED: usize = 30;

fn pairwise_figure(strategies: &[String], pairwise: &Pairwise, file: String) -> Figure {
    let present: Vec<usize> = (0..strategies.len())
        .filter(|&i| pairwise.cells[i].iter().any(Option::is_some))
        .collect();
    let labels: Vec<String> = present.iter().map(|&i| strategies[i].clone()).collect();
    let labelled = labels.len() <= MAX_LABELLED;
    let cells: Vec<Vec<Option<HeatCell>>> = present
        .iter()
        .map(|&i| {
            present
                .iter()
                .map(|&j| {
                    let cell = pairwise.cells[i][j]?;
                    let p_text = cell.p_holm.map_or("p n/a".to_string(), p_label);
                    Some(HeatCell {
                        fill: diverging(cell.a12),
                        lines: if labelled {
                            vec![format!("{:.2}", cell.a12), p_text]
                        } else {
                            Vec::new()
                        },
                        marked: cell.p_holm.is_some_and(|p| p < 0.05),
                    })
                })
                .collect()
        })
        .collect();
    Figure {
        file,
        svg: heatmap(&Heatmap {
            rows: &labels,
            columns: &labels,
            cells: &cells,
            cell: if labelled { (50.0, 30.0) } else { (16.0, 16.0) },
            legend: (
                if labelled {
                    "Â12 (row vs column; bold: Holm p < 0.05)"
                } else {
                    "Â12 (row vs column; dot: Holm p < 0.05)"
                },
                diverging,
                ["0", "0.5", "1"],
            ),
        }),
        alt: "Pairwise Â12 (row strategy against column strategy) with Holm-adjusted \
              Mann–Whitney p-values"
            .into(),
    }
}

/// A p-value as the heatmap writes it.
pub(crate) fn p_label(p: f64) -> String {
    if p < 0.001 {
        "p<.001".into()
    } else {
        format!("p={:.3}", p).replace("=0.", "=.")
    }
}

fn curve_figure(
    curves: &[CurveBand],
    x_title: &str,
    y_title: &str,
    y_range: Option<(f64, f64)>,
    file: String,
) -> Figure {
    let series: Vec<Series> = curves
        .iter()
        .map(|c| Series {
            name: c.strategy.clone(),
            points: c.points.iter().map(|(x, b)| (*x, b.median)).collect(),
            band: c.points.iter().map(|(x, b)| (*x, b.q1, b.q3)).collect(),
            style: strategy_style(&c.strategy),
        })
        .collect();
    Figure {
        file,
        svg: line_chart(&LineChart {
            x_title,
            y_title,
            log_x: true,
            y_range,
            series: &series,
        }),
        alt: format!("{y_title} against {x_title}, per strategy"),
    }
}

fn matrix_figure(matrix: &KillMatrix, (singular, verb): (&str, &str), file: String) -> Figure {
    let rows: Vec<String> = matrix
        .mutants
        .iter()
        .map(|m| format!("{singular} {m}"))
        .collect();
    let caption = format!("share of replicates that {verb} the {singular} (grey: no cell)");
    let cells: Vec<Vec<Option<HeatCell>>> = matrix
        .shares
        .iter()
        .map(|row| {
            row.iter()
                .map(|share| {
                    share.map(|s| HeatCell {
                        fill: sequential(s.fraction()),
                        lines: Vec::new(),
                        marked: false,
                    })
                })
                .collect()
        })
        .collect();
    Figure {
        file,
        svg: heatmap(&Heatmap {
            rows: &rows,
            columns: &matrix.strategies,
            cells: &cells,
            cell: (16.0, 14.0),
            legend: (&caption, sequential, ["0", "0.5", "1"]),
        }),
        alt: format!(
            "Kill matrix: per {singular} and strategy, the share of replicates that {verb} it"
        ),
    }
}

fn survival_figure(
    curves: &[SurvivalCurve],
    cost: &str,
    (plural, verb): (&str, &str),
    file: String,
) -> Figure {
    let series: Vec<Series> = curves
        .iter()
        .map(|c| {
            let mut points = c.steps.clone();
            let last = c.steps.last().map_or(1.0, |p| p.1);
            points.push((c.end.max(points.last().map_or(0.0, |p| p.0)), last));
            Series {
                name: format!("{} ({}/{} {verb})", c.strategy, c.killed, c.cells),
                points,
                band: Vec::new(),
                style: strategy_style(&c.strategy),
            }
        })
        .collect();
    Figure {
        file,
        svg: line_chart(&LineChart {
            x_title: cost,
            y_title: &format!("share of {plural} not yet {verb}"),
            log_x: true,
            y_range: Some((0.0, 1.0)),
            series: &series,
        }),
        alt: format!("Kaplan–Meier survival of the {plural} against {cost}, per strategy"),
    }
}
