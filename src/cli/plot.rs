//! `testspace plot RESULTS [--out DIR]`: the paper's figures and tables from a results
//! folder of `testspace run` (drawn and written by [`crate::report::plots`]); the tables
//! and the files written on stdout, notes on skipped figures on stderr.

use std::path::PathBuf;

use clap::Args;

use crate::report::plots::plot_folder;

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

/// Runs `testspace plot`.
pub fn run(args: &PlotArgs) -> anyhow::Result<()> {
    let plotted = plot_folder(
        &args.results,
        args.out.as_deref(),
        &args.phase,
        &mut |note| crate::kernel::stderr_line!("{note}"),
    )?;
    print!("{}", plotted.text());
    Ok(())
}
