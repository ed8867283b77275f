//! `testspace plot`'s work: the paper's Figures 4–6, the measured failure density beside
//! the Φ model, and the tables of Figure 3 and of failures per CPU second, from a results
//! folder of `testspace run`, written into a folder.
//!
//! Every figure is written as PNG, SVG and a CSV of the plotted numbers (`charts.rs`
//! chooses the charts, `frames.rs` the CSV tables); every table as CSV and Markdown, and
//! kept as text to print. The data come from [`crate::report`]; a figure whose data are
//! missing (no comparison phase, no `be` cells, …) is skipped with a note. All files
//! appear together or none does ([`StagedFiles`]); a folder that is not a results folder
//! is an error naming it, and nothing is written.

mod charts;
mod frames;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context as _;

use crate::context::TestContext;
use crate::plot::bar::BarChart;
use crate::plot::{Chart, LineChart, PlotError};
use crate::report::coverage::{self, CoverageCurves};
use crate::report::figures::{self, DensityModel};
use crate::report::replicated::{self, Cost, KillCurves};
use crate::report::tables::{self, UnitInfo};
use crate::report::{Cells, read_cells};
use crate::subject::registry;
use crate::table::{OutputPlace, StagedFiles, Table, markdown_table, text_table, write_csv_file};

/// What [`plot_folder`] wrote: the folder, its files, and the tables as text.
#[derive(Debug)]
pub struct Plotted {
    /// The folder written into.
    pub folder: PathBuf,
    /// The files written, in the order they were staged.
    pub written: Vec<PathBuf>,
    /// The tables (and the Φ-model fits), as text to print.
    pub tables: String,
}

impl Plotted {
    /// The report `testspace plot` prints: the tables, then the files written.
    pub fn text(&self) -> String {
        let mut text = self.tables.clone();
        let _ = writeln!(
            text,
            "wrote {} files to {}:",
            self.written.len(),
            self.folder.display()
        );
        for path in &self.written {
            let _ = writeln!(
                text,
                "  {}",
                path.file_name().unwrap_or_default().to_string_lossy()
            );
        }
        text
    }
}

/// Draws the figures and tables of the results folder `results` into `out` (default: the
/// results folder itself, unless it is a committed reference run), the kill and coverage
/// curves those of `phase`; `notes` receives each note on a skipped figure or series (a
/// line for stderr) as it arises.
///
/// # Errors
/// A folder that is not a results folder or a damaged one (named, nothing written), a
/// committed reference run as the output folder, or a file that cannot be written.
pub fn plot_folder(
    results: &Path,
    out: Option<&Path>,
    phase: &str,
    notes: &mut dyn FnMut(&str),
) -> anyhow::Result<Plotted> {
    let cells =
        read_cells(results).with_context(|| format!("cannot plot {}", results.display()))?;
    let out = match out {
        Some(out) => out.to_path_buf(),
        None => {
            crate::runner::output::refuse_reference(results)?;
            results.to_path_buf()
        }
    };
    // The results folder is plot's default place: it writes only its figures' names there.
    let default = out == results;
    let mut output = Output {
        staged: StagedFiles::claim(OutputPlace::Folder(&out), "plot", default)?,
        folder: out.clone(),
        tables: String::new(),
    };
    let mut note = |text: &str| notes(&format!("note: {text}"));
    output.paper_figures(&cells, &mut note)?;
    output.tables(&cells, &mut note)?;
    output.curves(&cells, phase, &mut note)?;
    let written = output.staged.commit()?;
    Ok(Plotted {
        folder: out,
        written,
        tables: output.tables,
    })
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

/// Stages `chart` as `{stem}.png` and `{stem}.svg` in `staged`, whose files go into
/// `folder`: an error names the file by the path it was to have there.
///
/// # Errors
/// The chart cannot be drawn or its file written.
pub fn stage_chart(
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
    fn csv(&mut self, name: &str, table: Table) -> anyhow::Result<()> {
        write_csv_file(&table, &self.staged.stage(name))?;
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

    /// Figures 4, 5 and 6 and the density model, each skipped with a note when its data
    /// are missing.
    fn paper_figures(&mut self, cells: &Cells, note: &mut dyn FnMut(&str)) -> anyhow::Result<()> {
        match figures::figure4(cells) {
            Some(figure) => {
                if figure.excluded_cells > 0 {
                    note(&format!(
                        "figure 4: {} r cells of the comparison phase timed out, crashed or ran \
                         no test and are left out",
                        figure.excluded_cells
                    ));
                }
                let bands = replicated::figure4_bands(cells);
                self.csv("figure4.csv", frames::figure4(&figure, &bands))?;
                let (overall, units) = charts::figure4(&figure, &bands);
                self.line_chart("figure4", &overall)?;
                self.line_chart("figure4_units", &units)?;
            }
            None => note("figure 4 skipped: the comparison phase has no completed r cell"),
        }
        match figures::figure5(cells) {
            Some(points) => {
                let bands = replicated::figure5_bands(cells);
                self.csv("figure5.csv", frames::figure5(&points, &bands))?;
                self.bar_chart("figure5", &charts::figure5(&points, &bands))?;
            }
            None => note(
                "figure 5 skipped: the comparison phase has no length with a be cell and an r \
                 cell that killed",
            ),
        }
        match figures::figure6(cells) {
            Some(figure) => {
                for strategy in figures::STRATEGY_ORDER {
                    if !figure.curves.iter().any(|c| c.strategy == strategy) {
                        note(&format!(
                            "figure 6: no {strategy} cells in the comparison phase, series skipped"
                        ));
                    }
                }
                let bands = replicated::figure6_bands(cells);
                self.csv("figure6.csv", frames::figure6(&figure, &bands))?;
                self.line_chart("figure6", &charts::figure6(&figure, &bands))?;
            }
            None => note("figure 6 skipped: the results have no comparison phase"),
        }
        match figures::density_model(cells, &paper_j) {
            Some(model) => {
                if !model.skipped_units.is_empty() {
                    note(&format!(
                        "density model: units without a j in the registry (or without a \
                         positive measured density) skipped: {}",
                        model.skipped_units.join(", ")
                    ));
                }
                self.density_model(&model)?;
            }
            None => note(
                "density model skipped: no r density measured in the comparison phase for a \
                 unit of the registry",
            ),
        }
        Ok(())
    }

    /// The density model's CSV and chart, and its fits among the printed tables.
    fn density_model(&mut self, model: &DensityModel) -> anyhow::Result<()> {
        self.csv("density_model.csv", frames::density_model(model))?;
        self.line_chart("density_model", &charts::density_model(model))?;
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

    /// The kill curves of replicated results and the coverage curves of `phase`, each
    /// skipped with a note when the phase has none.
    fn curves(
        &mut self,
        cells: &Cells,
        phase: &str,
        note: &mut dyn FnMut(&str),
    ) -> anyhow::Result<()> {
        if replicated::replicates(cells) > 1 {
            let charts: Vec<KillCurves> = [Cost::Tests, Cost::CpuSeconds, Cost::MethodCalls]
                .into_iter()
                .flat_map(|cost| replicated::kill_curves(cells, cost, phase))
                .collect();
            if charts.is_empty() {
                note(&format!(
                    "kill curves skipped: the results have no phase `{phase}`"
                ));
            } else {
                self.kill_curves(&charts)?;
            }
        }
        let coverage = coverage::coverage_curves(cells, phase);
        if coverage.is_empty() {
            note(&format!(
                "coverage curves skipped: the phase `{phase}` recorded no branch coverage"
            ));
        } else {
            self.coverage_curves(&coverage)?;
        }
        Ok(())
    }

    /// Kill curves of replicated results: `kill_curves.csv` with every point, and one chart
    /// per cost and length, `kill_curves_{tests,cpu_seconds}_n{n}.{png,svg}`.
    fn kill_curves(&mut self, charts: &[KillCurves]) -> anyhow::Result<()> {
        self.csv("kill_curves.csv", frames::kill_curves(charts))?;
        for chart in charts {
            self.line_chart(
                &format!("kill_curves_{}_n{}", chart.cost.name(), chart.n),
                &charts::kill_curves(chart),
            )?;
        }
        Ok(())
    }

    /// Coverage curves: `coverage_curves.csv` with every point, and one chart per length,
    /// `coverage_n{n}.{png,svg}` (bands over replicates where there are several).
    fn coverage_curves(&mut self, charts: &[CoverageCurves]) -> anyhow::Result<()> {
        self.csv("coverage_curves.csv", frames::coverage_curves(charts))?;
        for chart in charts {
            self.line_chart(
                &format!("coverage_n{}", chart.n),
                &charts::coverage_curves(chart),
            )?;
        }
        Ok(())
    }

    /// Figure 3 and the failures per CPU second (skipped with a note without a comparison
    /// phase).
    fn tables(&mut self, cells: &Cells, note: &mut dyn FnMut(&str)) -> anyhow::Result<()> {
        let figure3 = tables::figure3_table(&tables::figure3(cells, &unit_info));
        self.table(
            "figure3",
            "Figure 3: subjects, mutants and non-equivalent mutants (paper_*: the paper's numbers)",
            figure3,
        )?;
        let rates = tables::failures_per_cpu_second(cells);
        if rates.is_empty() {
            note("failures per CPU second skipped: the results have no comparison phase");
            return Ok(());
        }
        self.table(
            "failures_per_cpu_second",
            "Failures per CPU second in the comparison phase (kills / CPU seconds until the first \
             failure; paper_*: the values Section 6.4 states)",
            tables::failures_per_cpu_second_table(&rates),
        )
    }

    fn table(&mut self, stem: &str, title: &str, table: Table) -> anyhow::Result<()> {
        write_csv_file(&table, &self.staged.stage(&format!("{stem}.csv")))?;
        let markdown = format!("{title}\n\n{}", markdown_table(&table));
        self.staged.write(&format!("{stem}.md"), markdown)?;
        self.tables
            .push_str(&format!("{title}\n{}\n", text_table(&table)));
        Ok(())
    }
}
