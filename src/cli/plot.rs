//! `testspace plot RESULTS [--out DIR]`: the paper's Figures 4–6, the measured failure
//! density beside the Φ model, and the tables of Figure 3 and of failures per CPU
//! second, from a results folder of `testspace run`.
//!
//! Every figure is written as PNG, SVG and a CSV of the plotted numbers; every table as
//! CSV and Markdown, and printed. The data come from [`crate::report`]; a figure whose
//! data are missing (no comparison phase, no `be` cells, …) is skipped with a note on
//! stderr. All files appear together or none does ([`StagedFiles`]); a folder that is
//! not a results folder is an error naming it, and nothing is written.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::Args;
use polars_core::prelude::{Column, DataFrame};

use crate::context::TestContext;
use crate::plot::bar::{Bar, BarChart, ReferenceLine};
use crate::plot::{Band as ChartBand, Chart, Corner, LineChart, PlotError, Scale, Series};
use crate::report::coverage::{self, CoverageCurves};
use crate::report::figures::{self, DensityModel, Figure4, Figure5Point, Figure6};
use crate::report::replicated::{self, Band, Cost, CurveBand, KillCurves};
use crate::report::tables::{self, UnitInfo};
use crate::report::{Cells, read_cells};
use crate::subject::registry;
use crate::table::{StagedFiles, format_markdown_table, format_text_table, write_csv_file};

/// Arguments of `testspace plot`.
#[derive(Debug, Args)]
pub struct PlotArgs {
    /// The results folder of `testspace run` (manifest.json and cells.parquet or
    /// cells.csv).
    pub results: PathBuf,
    /// Where to write the figures and tables (default: the results folder, unless it is a
    /// committed reference run).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The phase whose kill and coverage curves are drawn (the paper's figures always
    /// come from the `comparison` phase).
    #[arg(long, default_value = crate::report::COMPARISON_PHASE)]
    pub phase: String,
}

/// The x-axis label of charts against n on a log scale.
const LENGTH_LOG_AXIS: &str = "test-case length n (method calls, log scale)";

/// Runs `testspace plot`.
pub fn run(args: &PlotArgs) -> anyhow::Result<()> {
    let cells = read_cells(&args.results)
        .with_context(|| format!("cannot plot {}", args.results.display()))?;
    let out = match &args.out {
        Some(out) => out.clone(),
        None => {
            crate::runner::output::refuse_reference(&args.results)?;
            args.results.clone()
        }
    };
    let mut output = Output {
        staged: StagedFiles::new(&out)?,
        folder: out.clone(),
        tables: String::new(),
    };
    let note = |text: &str| eprintln!("note: {text}");

    match figures::figure4(&cells) {
        Some(figure) => {
            if figure.excluded_cells > 0 {
                note(&format!(
                    "figure 4: {} r cells of the comparison phase timed out, crashed or ran \
                     no test and are left out",
                    figure.excluded_cells
                ));
            }
            output.figure4(&figure, &replicated::figure4_bands(&cells))?;
        }
        None => note("figure 4 skipped: the comparison phase has no completed r cell"),
    }
    match figures::figure5(&cells) {
        Some(points) => output.figure5(&points, &replicated::figure5_bands(&cells))?,
        None => note("figure 5 skipped: the comparison phase has no be cell or no r cell"),
    }
    match figures::figure6(&cells) {
        Some(figure) => {
            for strategy in figures::STRATEGY_ORDER {
                if !figure.curves.iter().any(|c| c.strategy == strategy) {
                    note(&format!(
                        "figure 6: no {strategy} cells in the comparison phase, series skipped"
                    ));
                }
            }
            output.figure6(&figure, &replicated::figure6_bands(&cells))?;
        }
        None => note("figure 6 skipped: the results have no comparison phase"),
    }
    match figures::density_model(&cells, &paper_j) {
        Some(model) => {
            if !model.skipped_units.is_empty() {
                note(&format!(
                    "density model: units without a j in the registry (or without a \
                     positive measured density) skipped: {}",
                    model.skipped_units.join(", ")
                ));
            }
            output.density_model(&model)?;
        }
        None => note(
            "density model skipped: no r density measured in the comparison phase for a \
             unit of the registry",
        ),
    }
    output.tables(&cells)?;
    let replicates = replicated::replicates(&cells);
    if replicates > 1 {
        let charts: Vec<KillCurves> = [Cost::Tests, Cost::CpuSeconds, Cost::MethodCalls]
            .into_iter()
            .flat_map(|cost| replicated::kill_curves(&cells, cost, &args.phase))
            .collect();
        if charts.is_empty() {
            note(&format!(
                "kill curves skipped: the results have no phase `{}`",
                args.phase
            ));
        } else {
            output.kill_curves(&charts)?;
        }
    }

    let coverage = coverage::coverage_curves(&cells, &args.phase);
    if coverage.is_empty() {
        note(&format!(
            "coverage curves skipped: the phase `{}` recorded no branch coverage",
            args.phase
        ));
    } else {
        output.coverage_curves(&coverage)?;
    }

    let written = output.staged.commit()?;
    print!("{}", output.tables);
    println!("wrote {} files to {}:", written.len(), out.display());
    for path in written {
        println!(
            "  {}",
            path.file_name().unwrap_or_default().to_string_lossy()
        );
    }
    Ok(())
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

/// j of the paper's context for a registered unit.
fn paper_j(unit: &str) -> Option<u32> {
    let unit = registry().find(unit).ok()?;
    TestContext::paper(unit).ok().map(|context| context.j())
}

/// SLOC and catalog size of a registered unit.
fn unit_info(unit: &str) -> Option<UnitInfo> {
    let unit = registry().find(unit).ok()?;
    Some(UnitInfo {
        // A unit registered without its source (the fixture subjects) has no SLOC.
        sloc: Some(unit.sloc()).filter(|&sloc| sloc > 0),
        mutants_catalog: unit.mutants().len(),
    })
}

/// `frame` with the columns `{prefix}_median`, `{prefix}_q1` and `{prefix}_q3` of each
/// row's band over replicates (empty where a row has none), when the results are
/// replicated; else `frame` as it is.
fn with_band_columns(
    mut frame: DataFrame,
    prefix: &str,
    replicated: bool,
    per_row: &[Option<&Band>],
) -> polars_core::prelude::PolarsResult<DataFrame> {
    if replicated {
        for (suffix, of) in [
            ("median", (|b: &Band| b.median) as fn(&Band) -> f64),
            ("q1", |b: &Band| b.q1),
            ("q3", |b: &Band| b.q3),
        ] {
            let values: Vec<Option<f64>> = per_row.iter().map(|b| b.map(of)).collect();
            frame.with_column(Column::new(format!("{prefix}_{suffix}").into(), values))?;
        }
    }
    Ok(frame)
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

/// Stages `chart` as `{stem}.png` and `{stem}.svg` in `staged`, whose files go into
/// `folder`: an error names the file by the path it was to have there.
pub(crate) fn stage_chart(
    staged: &mut StagedFiles,
    folder: &Path,
    stem: &str,
    chart: &impl Chart,
) -> anyhow::Result<()> {
    for extension in ["png", "svg"] {
        let name = format!("{stem}.{extension}");
        let path = staged.stage(&name);
        let written = if extension == "png" {
            chart.write_png(&path)
        } else {
            chart.write_svg(&path)
        };
        let destination = folder.join(&name);
        written.map_err(|error| match error {
            PlotError::Drawing { message, .. } => {
                anyhow::anyhow!("cannot write {}: {message}", destination.display())
            }
            other => {
                anyhow::Error::new(other).context(format!("cannot write {}", destination.display()))
            }
        })?;
    }
    Ok(())
}

/// The staged output files and the text of the tables printed at the end.
struct Output {
    staged: StagedFiles,
    /// Where the staged files go.
    folder: PathBuf,
    tables: String,
}

impl Output {
    fn csv(&mut self, name: &str, mut frame: DataFrame) -> anyhow::Result<()> {
        write_csv_file(&mut frame, &self.staged.stage(name))?;
        Ok(())
    }

    /// Writes the chart with its legend in the corner its lines cross least.
    fn line_chart(&mut self, stem: &str, chart: &LineChart) -> anyhow::Result<()> {
        let chart = &LineChart {
            legend: chart.emptiest_corner(),
            ..chart.clone()
        };
        stage_chart(&mut self.staged, &self.folder, stem, chart)
    }

    fn bar_chart(&mut self, stem: &str, chart: &BarChart) -> anyhow::Result<()> {
        stage_chart(&mut self.staged, &self.folder, stem, chart)
    }

    /// Figure 4; with `bands` (replicated results) the overall line is the median over
    /// replicates of their mean densities, with the interquartile band, and the CSV's
    /// `all` rows carry them.
    fn figure4(&mut self, figure: &Figure4, bands: &BTreeMap<u64, Band>) -> anyhow::Result<()> {
        let curves: Vec<&figures::DensityCurve> = std::iter::once(&figure.overall)
            .chain(&figure.units)
            .collect();
        let rows = || {
            curves
                .iter()
                .flat_map(|c| c.points.iter().map(move |p| (c, p)))
        };
        self.csv(
            "figure4.csv",
            DataFrame::new_infer_height(vec![
                Column::new(
                    "unit".into(),
                    rows().map(|(c, _)| c.unit.as_str()).collect::<Vec<_>>(),
                ),
                Column::new("n".into(), rows().map(|(_, p)| p.n).collect::<Vec<_>>()),
                Column::new(
                    "mutants".into(),
                    rows().map(|(_, p)| p.mutants as u64).collect::<Vec<_>>(),
                ),
                Column::new(
                    "mean_failure_density".into(),
                    rows().map(|(_, p)| p.mean_density).collect::<Vec<_>>(),
                ),
            ])
            .and_then(|frame| {
                let per_row: Vec<Option<&Band>> = rows()
                    .map(|(c, p)| (c.unit == "all").then(|| bands.get(&p.n)).flatten())
                    .collect();
                with_band_columns(frame, "replicates", !bands.is_empty(), &per_row)
            })?,
        )?;
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
                format!(
                    "Figure 4: failure density of R(n), mean over {most} non-equivalent mutants"
                )
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
        self.line_chart("figure4", &overall)?;
        let units = LineChart {
            title: "Figure 4 by unit: failure density of R(n), mean over each unit's mutants"
                .into(),
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
            ..overall
        };
        self.line_chart("figure4_units", &units)
    }

    /// Figure 5; with `bands` (replicated results) each bar is the median over replicates
    /// of their percentages with an interquartile whisker (the annotation counts the cases
    /// of all replicates), and the CSV carries them.
    fn figure5(
        &mut self,
        points: &[Figure5Point],
        bands: &BTreeMap<u64, Band>,
    ) -> anyhow::Result<()> {
        self.csv(
            "figure5.csv",
            DataFrame::new_infer_height(vec![
                Column::new("n".into(), points.iter().map(|p| p.n).collect::<Vec<_>>()),
                Column::new(
                    "cases".into(),
                    points.iter().map(|p| p.cases as u64).collect::<Vec<_>>(),
                ),
                Column::new(
                    "be_wins".into(),
                    points.iter().map(|p| p.be_wins as u64).collect::<Vec<_>>(),
                ),
                Column::new(
                    "ties".into(),
                    points.iter().map(|p| p.ties as u64).collect::<Vec<_>>(),
                ),
                Column::new(
                    "be_missing".into(),
                    points
                        .iter()
                        .map(|p| p.be_missing as u64)
                        .collect::<Vec<_>>(),
                ),
                Column::new(
                    "be_wins_percent".into(),
                    points.iter().map(|p| p.percentage).collect::<Vec<_>>(),
                ),
            ])
            .and_then(|frame| {
                let per_row: Vec<Option<&Band>> = points.iter().map(|p| bands.get(&p.n)).collect();
                with_band_columns(frame, "be_wins_percent", !bands.is_empty(), &per_row)
            })?,
        )?;
        let chart = BarChart {
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
        };
        self.bar_chart("figure5", &chart)
    }

    /// Figure 6; with `bands` (replicated results) each strategy's line is the median over
    /// replicates of the mutants it killed, with the interquartile band, and the CSV
    /// carries them (`killed` then counts the mutants killed in any replicate).
    fn figure6(
        &mut self,
        figure: &Figure6,
        bands: &BTreeMap<(String, u64), Band>,
    ) -> anyhow::Result<()> {
        let rows = || {
            figure
                .curves
                .iter()
                .flat_map(|c| c.points.iter().map(move |p| (c, p)))
        };
        self.csv(
            "figure6.csv",
            DataFrame::new_infer_height(vec![
                Column::new(
                    "strategy".into(),
                    rows().map(|(c, _)| c.strategy.as_str()).collect::<Vec<_>>(),
                ),
                Column::new("n".into(), rows().map(|(_, p)| p.n).collect::<Vec<_>>()),
                Column::new(
                    "mutants_run".into(),
                    rows()
                        .map(|(_, p)| p.mutants_run as u64)
                        .collect::<Vec<_>>(),
                ),
                Column::new(
                    "killed".into(),
                    rows().map(|(_, p)| p.killed as u64).collect::<Vec<_>>(),
                ),
                Column::new(
                    "non_equivalent".into(),
                    rows()
                        .map(|_| figure.non_equivalent as u64)
                        .collect::<Vec<_>>(),
                ),
            ])
            .and_then(|frame| {
                let per_row: Vec<Option<&Band>> = rows()
                    .map(|(c, p)| bands.get(&(c.strategy.clone(), p.n)))
                    .collect();
                with_band_columns(frame, "killed", !bands.is_empty(), &per_row)
            })?,
        )?;
        let lengths = rows().map(|(_, p)| p.n as f64);
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
        let chart = LineChart {
            title: if replicated {
                "Figure 6: mutants killed by strategy and n, median over replicates (band: IQR)"
                    .into()
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
        };
        self.line_chart("figure6", &chart)
    }

    fn density_model(&mut self, model: &DensityModel) -> anyhow::Result<()> {
        // (series, unit, j, k, n, mutants, density, rmse)
        type Row = (
            String,
            String,
            Option<u32>,
            Option<u32>,
            u64,
            Option<u64>,
            f64,
            Option<f64>,
        );
        let mut rows: Vec<Row> = Vec::new();
        for curve in &model.pooled {
            let k = curve
                .series
                .strip_prefix("model-k")
                .and_then(|k| k.parse().ok());
            for &(n, mutants, density) in &curve.points {
                rows.push((
                    curve.series.clone(),
                    "all".into(),
                    None,
                    k,
                    n,
                    Some(mutants as u64),
                    density,
                    None,
                ));
            }
        }
        for fit in &model.fits {
            for &(n, measured, predicted) in &fit.points {
                rows.push((
                    "measured".into(),
                    fit.unit.clone(),
                    Some(fit.j),
                    None,
                    n,
                    None,
                    measured,
                    None,
                ));
                rows.push((
                    "model-fitted".into(),
                    fit.unit.clone(),
                    Some(fit.j),
                    Some(fit.k),
                    n,
                    None,
                    predicted,
                    Some(fit.rmse_log10),
                ));
            }
        }
        self.csv(
            "density_model.csv",
            DataFrame::new_infer_height(vec![
                Column::new(
                    "series".into(),
                    rows.iter().map(|r| r.0.as_str()).collect::<Vec<_>>(),
                ),
                Column::new(
                    "unit".into(),
                    rows.iter().map(|r| r.1.as_str()).collect::<Vec<_>>(),
                ),
                Column::new("j".into(), rows.iter().map(|r| r.2).collect::<Vec<_>>()),
                Column::new("k".into(), rows.iter().map(|r| r.3).collect::<Vec<_>>()),
                Column::new("n".into(), rows.iter().map(|r| r.4).collect::<Vec<_>>()),
                Column::new(
                    "mutants".into(),
                    rows.iter().map(|r| r.5).collect::<Vec<_>>(),
                ),
                Column::new(
                    "failure_density".into(),
                    rows.iter().map(|r| r.6).collect::<Vec<_>>(),
                ),
                Column::new(
                    "fit_rmse_log10".into(),
                    rows.iter().map(|r| r.7).collect::<Vec<_>>(),
                ),
            ])?,
        )?;
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
        let chart = LineChart {
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
        };
        self.line_chart("density_model", &chart)?;
        let mut fits = String::from(
            "Φ-model fits (j of the paper context, k by least squares on log10 FD):\n",
        );
        for fit in &model.fits {
            fits.push_str(&format!(
                "  {}: j = {}, k = {}, rmse(log10) = {:.3} over {} lengths\n",
                fit.unit, fit.j, fit.k, fit.rmse_log10, fit.fitted_points
            ));
        }
        self.tables.push_str(&fits);
        self.tables.push('\n');
        Ok(())
    }

    /// Kill curves of replicated results: `kill_curves.csv` with every point, and one chart
    /// per cost and length, `kill_curves_{tests,cpu_seconds}_n{n}.{png,svg}`.
    fn kill_curves(&mut self, charts: &[KillCurves]) -> anyhow::Result<()> {
        let rows = || curve_points(charts, |chart| &chart.curves);
        let frame = DataFrame::new_infer_height(vec![
            Column::new(
                "cost".into(),
                rows().map(|(c, ..)| c.cost.name()).collect::<Vec<_>>(),
            ),
            Column::new("n".into(), rows().map(|(c, ..)| c.n).collect::<Vec<_>>()),
            Column::new(
                "strategy".into(),
                rows()
                    .map(|(_, k, ..)| k.strategy.as_str())
                    .collect::<Vec<_>>(),
            ),
            Column::new(
                "replicates".into(),
                rows().map(|(c, ..)| c.replicates).collect::<Vec<_>>(),
            ),
            Column::new("x".into(), rows().map(|(_, _, x, _)| x).collect::<Vec<_>>()),
        ])?;
        let bands: Vec<Option<&Band>> = rows().map(|(.., b)| Some(b)).collect();
        self.csv(
            "kill_curves.csv",
            with_band_columns(frame, "killed", true, &bands)?,
        )?;
        for chart in charts {
            let x_label = match chart.cost {
                Cost::Tests => "test cases executed (log scale)",
                Cost::CpuSeconds => "CPU seconds (log scale)",
                Cost::MethodCalls => "method calls executed (log scale)",
            };
            let line = curve_chart(
                format!(
                    "Kill curves at n = {}: median over {} replicates (band: IQR)",
                    chart.n, chart.replicates
                ),
                x_label,
                "mutants killed",
                &chart.curves,
            );
            self.line_chart(
                &format!("kill_curves_{}_n{}", chart.cost.name(), chart.n),
                &line,
            )?;
        }
        Ok(())
    }

    /// Coverage curves: `coverage_curves.csv` with every point, and one chart per length,
    /// `coverage_n{n}.{png,svg}` (bands over replicates where there are several).
    fn coverage_curves(&mut self, charts: &[CoverageCurves]) -> anyhow::Result<()> {
        let rows =
            || curve_points(charts, |chart| &chart.curves).map(|(c, k, x, b)| (c, k, x as u64, b));
        let frame = DataFrame::new_infer_height(vec![
            Column::new("n".into(), rows().map(|(c, ..)| c.n).collect::<Vec<_>>()),
            Column::new(
                "strategy".into(),
                rows()
                    .map(|(_, k, ..)| k.strategy.as_str())
                    .collect::<Vec<_>>(),
            ),
            Column::new(
                "replicates".into(),
                rows().map(|(c, ..)| c.replicates).collect::<Vec<_>>(),
            ),
            Column::new(
                "units".into(),
                rows().map(|(c, ..)| c.units as u64).collect::<Vec<_>>(),
            ),
            Column::new(
                "tests".into(),
                rows().map(|(_, _, x, _)| x).collect::<Vec<_>>(),
            ),
        ])?;
        let bands: Vec<Option<&Band>> = rows().map(|(.., b)| Some(b)).collect();
        self.csv(
            "coverage_curves.csv",
            with_band_columns(frame, "coverage", true, &bands)?,
        )?;
        for chart in charts {
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
            self.line_chart(&format!("coverage_n{}", chart.n), &line)?;
        }
        Ok(())
    }

    fn tables(&mut self, cells: &Cells) -> anyhow::Result<()> {
        let figure3 = tables::figure3_frame(&tables::figure3(cells, &unit_info))?;
        self.table(
            "figure3",
            "Figure 3: subjects, mutants and non-equivalent mutants (paper_*: the paper's numbers)",
            figure3,
        )?;
        let rates = tables::failures_per_cpu_second(cells);
        if rates.is_empty() {
            eprintln!(
                "note: failures per CPU second skipped: the results have no comparison phase"
            );
            return Ok(());
        }
        self.table(
            "failures_per_cpu_second",
            "Failures per CPU second in the comparison phase (kills / CPU seconds until the first \
             failure; paper_*: the values Section 6.4 states)",
            tables::failures_per_cpu_second_frame(&rates)?,
        )
    }

    fn table(&mut self, stem: &str, title: &str, mut frame: DataFrame) -> anyhow::Result<()> {
        write_csv_file(&mut frame, &self.staged.stage(&format!("{stem}.csv")))?;
        let markdown = format!("{title}\n\n{}", format_markdown_table(&frame));
        self.staged.write(&format!("{stem}.md"), markdown)?;
        self.tables
            .push_str(&format!("{title}\n{}\n", format_text_table(&frame)));
        Ok(())
    }
}

/// Every point of every curve of `charts`, in order: (chart, curve, x, band).
fn curve_points<'a, C>(
    charts: &'a [C],
    curves: fn(&'a C) -> &'a [CurveBand],
) -> impl Iterator<Item = (&'a C, &'a CurveBand, f64, &'a Band)> {
    charts.iter().flat_map(move |chart| {
        curves(chart).iter().flat_map(move |curve| {
            curve
                .points
                .iter()
                .map(move |(x, band)| (chart, curve, *x, band))
        })
    })
}
