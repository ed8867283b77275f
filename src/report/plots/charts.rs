//! The charts of `testspace plot`, pure: which charts a results folder's figures make,
//! their series, titles, axes and legends (the data from [`crate::report`], the drawing
//! by [`crate::plot`]).

use std::collections::BTreeMap;

use crate::plot::bar::{Bar, BarChart, ReferenceLine};
use crate::plot::{Band as ChartBand, Corner, LineChart, Scale, Series};
use crate::report::coverage::CoverageCurves;
use crate::report::figures::{self, DensityModel, Figure4, Figure5Point, Figure6};
use crate::report::replicated::{Band, Cost, CurveBand, KillCurves};

/// The x-axis label of charts against n on a log scale.
const LENGTH_LOG_AXIS: &str = "test-case length n (method calls, log scale)";

/// Figure 4: the overall chart (`figure4`) and the chart by unit (`figure4_units`); with
/// `bands` (replicated results) the overall line is the median over replicates of their
/// mean densities, with the interquartile band.
pub fn figure4(figure: &Figure4, bands: &BTreeMap<u64, Band>) -> (LineChart, LineChart) {
    let most = figure
        .overall
        .points
        .iter()
        .map(|p| p.mutants)
        .max()
        .unwrap_or(0);
    let points = |curve: &figures::DensityCurve| {
        curve
            .points
            .iter()
            .map(|p| (p.n as f64, p.mean_density))
            .collect()
    };
    let replicated = !bands.is_empty();
    let overall = LineChart {
        title: if replicated {
            format!(
                "Figure 4: failure density of R(n), median over replicates (band: IQR) of the mean over up to {most} mutants"
            )
        } else {
            format!("Figure 4: failure density of R(n), mean over {most} non-equivalent mutants")
        },
        x_label: LENGTH_LOG_AXIS.into(),
        y_label: "failure density (failing / judged test cases)".into(),
        x_scale: Scale::Logarithmic,
        y_scale: Scale::Linear,
        series: vec![Series {
            label: format!("all units ({most} mutants)"),
            points: if replicated {
                bands.iter().map(|(&n, b)| (n as f64, b.median)).collect()
            } else {
                points(&figure.overall)
            },
        }],
        markers: Vec::new(),
        bands: if replicated {
            vec![ChartBand {
                series: 0,
                points: bands.iter().map(|(&n, b)| (n as f64, b.q1, b.q3)).collect(),
            }]
        } else {
            Vec::new()
        },
        legend: Corner::UpperLeft,
    };
    let units = LineChart {
        title: "Figure 4 by unit: failure density of R(n), mean over each unit's mutants".into(),
        series: figure
            .units
            .iter()
            .map(|curve| Series {
                label: format!(
                    "{} ({} mutants)",
                    curve.unit,
                    curve.points.iter().map(|p| p.mutants).max().unwrap_or(0)
                ),
                points: points(curve),
            })
            .collect(),
        bands: Vec::new(),
        ..overall.clone()
    };
    (overall, units)
}

/// Figure 5; with `bands` (replicated results) each bar is the median over replicates of
/// their percentages with an interquartile whisker (the annotation counts the cases of all
/// replicates).
pub fn figure5(points: &[Figure5Point], bands: &BTreeMap<u64, Band>) -> BarChart {
    BarChart {
        title: if bands.is_empty() {
            "Figure 5: cases where BE(n) kills in fewer tests than R(n)".into()
        } else {
            "Figure 5: BE(n) kills in fewer tests than R(n), median over replicates (whisker: IQR)"
                .into()
        },
        x_label: "test-case length n (method calls); above each bar: BE wins / cases".into(),
        y_label: "% of cases R(n) kills (R's E(n) exists)".into(),
        bar_label: "BE(n) first failure < R's E(n)".into(),
        bars: points
            .iter()
            .map(|p| Bar {
                label: p.n.to_string(),
                value: match bands.get(&p.n) {
                    Some(band) => Some(band.median),
                    None if !bands.is_empty() => None,
                    None => p.percentage,
                },
                annotation: if p.cases == 0 {
                    "no case".into()
                } else {
                    format!("{}/{}", p.be_wins, p.cases)
                },
                range: bands.get(&p.n).map(|band| (band.q1, band.q3)),
            })
            .collect(),
        y_range: 0.0..115.0,
        reference_lines: vec![ReferenceLine {
            label: "50%: break-even".into(),
            value: 50.0,
        }],
    }
}

/// Figure 6; with `bands` (replicated results) each strategy's line is the median over
/// replicates of the mutants it killed, with the interquartile band.
pub fn figure6(figure: &Figure6, bands: &BTreeMap<(String, u64), Band>) -> LineChart {
    let lengths = figure
        .curves
        .iter()
        .flat_map(|c| c.points.iter().map(|p| p.n as f64));
    let (low, high) = lengths.fold((f64::INFINITY, 0.0f64), |(l, h), n| (l.min(n), h.max(n)));
    // The ceiling first, so that the strategies' lines are drawn over it.
    let mut series = vec![Series {
        label: format!("all non-equivalent mutants ({})", figure.non_equivalent),
        points: vec![
            (low, figure.non_equivalent as f64),
            (high, figure.non_equivalent as f64),
        ],
    }];
    let replicated = !bands.is_empty();
    let band_of = |strategy: &str, n: u64| bands.get(&(strategy.to_string(), n));
    series.extend(figure.curves.iter().map(|curve| {
        Series {
            label: strategy_label(&curve.strategy),
            points: curve
                .points
                .iter()
                .map(|p| {
                    let killed = match band_of(&curve.strategy, p.n) {
                        Some(band) if replicated => band.median,
                        _ => p.killed as f64,
                    };
                    (p.n as f64, killed)
                })
                .collect(),
        }
    }));
    let chart_bands = figure
        .curves
        .iter()
        .enumerate()
        .filter(|_| replicated)
        .map(|(index, curve)| ChartBand {
            series: index + 1,
            points: curve
                .points
                .iter()
                .filter_map(|p| band_of(&curve.strategy, p.n).map(|b| (p.n as f64, b.q1, b.q3)))
                .collect(),
        })
        .collect();
    LineChart {
        title: if replicated {
            "Figure 6: mutants killed by strategy and n, median over replicates (band: IQR)".into()
        } else {
            "Figure 6: mutants killed by strategy and test-case length".into()
        },
        x_label: LENGTH_LOG_AXIS.into(),
        y_label: "mutants killed".into(),
        x_scale: Scale::Logarithmic,
        y_scale: Scale::Linear,
        series,
        markers: Vec::new(),
        bands: chart_bands,
        legend: Corner::LowerRight,
    }
}

/// The measured failure density beside the Φ model's curves (the fitted one on top).
pub fn density_model(model: &DensityModel) -> LineChart {
    let mut ks: Vec<u32> = model.fits.iter().map(|f| f.k).collect();
    ks.sort_unstable();
    ks.dedup();
    let fitted_ks = ks
        .iter()
        .map(|k| {
            let units = model.fits.iter().filter(|f| f.k == *k).count();
            format!("k = {k}: {units} unit{}", if units == 1 { "" } else { "s" })
        })
        .collect::<Vec<_>>()
        .join(", ");
    let most = model.pooled[0]
        .points
        .iter()
        .map(|p| p.1)
        .max()
        .unwrap_or(0);
    // The fitted model last, on top of the reference curve with the same k.
    let mut curves: Vec<&figures::ModelCurve> = model.pooled.iter().collect();
    curves.sort_by_key(|curve| curve.series == "model-fitted");
    let series = curves
        .into_iter()
        .map(|curve| Series {
            label: match curve.series.as_str() {
                "measured" => format!("measured, R(n): mean over {most} mutants"),
                "model-fitted" => {
                    format!("Φ model, k fitted per unit ({fitted_ks})")
                }
                other => format!(
                    "Φ model, k = {} for every unit",
                    other.trim_start_matches("model-k")
                ),
            },
            points: curve.points.iter().map(|p| (p.0 as f64, p.2)).collect(),
        })
        .collect();
    LineChart {
        title: "Failure density: measured vs Φ model FD(j, k, n), k by least squares on log FD"
            .into(),
        x_label: LENGTH_LOG_AXIS.into(),
        y_label: "failure density (log scale)".into(),
        x_scale: Scale::Logarithmic,
        y_scale: Scale::Logarithmic,
        series,
        markers: Vec::new(),
        bands: Vec::new(),
        legend: Corner::UpperLeft,
    }
}

/// The kill curves of one cost and length, over replicates (band: IQR).
pub fn kill_curves(chart: &KillCurves) -> LineChart {
    let x_label = match chart.cost {
        Cost::Tests => "test cases executed (log scale)",
        Cost::CpuSeconds => "CPU seconds (log scale)",
        Cost::MethodCalls => "method calls executed (log scale)",
    };
    curve_chart(
        format!(
            "Kill curves at n = {}: median over {} replicates (band: IQR)",
            chart.n, chart.replicates
        ),
        x_label,
        "mutants killed",
        &chart.curves,
    )
}

/// The coverage curves of one length (bands only over several replicates).
pub fn coverage_curves(chart: &CoverageCurves) -> LineChart {
    let title = if chart.replicates > 1 {
        format!(
            "Branch coverage at n = {} ({} units): median over {} replicates (band: IQR)",
            chart.n, chart.units, chart.replicates
        )
    } else {
        format!("Branch coverage at n = {} ({} units)", chart.n, chart.units)
    };
    let mut line = curve_chart(
        title,
        "test cases executed (log scale)",
        "branches covered (% of the units' branches)",
        &chart.curves,
    );
    if chart.replicates < 2 {
        line.bands.clear();
    }
    line
}

/// A chart of curves against a log x axis, one series per strategy (the median) with its
/// band (the interquartile range).
fn curve_chart(title: String, x_label: &str, y_label: &str, curves: &[CurveBand]) -> LineChart {
    LineChart {
        title,
        x_label: x_label.into(),
        y_label: y_label.into(),
        x_scale: Scale::Logarithmic,
        y_scale: Scale::Linear,
        series: curves
            .iter()
            .map(|curve| Series {
                label: strategy_label(&curve.strategy),
                points: curve.points.iter().map(|(x, b)| (*x, b.median)).collect(),
            })
            .collect(),
        markers: Vec::new(),
        bands: curves
            .iter()
            .enumerate()
            .map(|(index, curve)| ChartBand {
                series: index,
                points: curve.points.iter().map(|(x, b)| (*x, b.q1, b.q3)).collect(),
            })
            .collect(),
        legend: Corner::UpperLeft,
    }
}

/// The legend name of a strategy.
fn strategy_label(strategy: &str) -> String {
    match strategy {
        "r" => "R(n)".to_string(),
        "be" => "BE(n), at most E(n) tests".to_string(),
        "bobw" => "bobw (permutation walk)".to_string(),
        "bobw-prime" => "bobw-prime (the paper's prime step)".to_string(),
        other => other.to_string(),
    }
}
