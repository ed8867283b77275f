//! `testspace report RESULTS [--out DIR] [--phase NAME]`: a results folder as one HTML page
//! with its SVG figures ([`crate::report::page`]); the page's path on stdout, its notes on
//! stderr.

use std::path::PathBuf;

use clap::Args;

use crate::report::page::{PAGE, write_page};

/// Arguments of `testspace report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// The results folder of `testspace run` (manifest.json and cells.parquet or
    /// cells.csv).
    pub results: PathBuf,
    /// The output folder (default: RESULTS/report, unless RESULTS is a committed
    /// reference run); replaced whole if it holds a report.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The phase compared (default: `comparison`, else the phase with the most
    /// strategies).
    #[arg(long)]
    pub phase: Option<String>,
}

/// Runs `testspace report`.
pub fn run(args: &ReportArgs) -> anyhow::Result<()> {
    let written = write_page(&args.results, args.out.as_deref(), args.phase.as_deref())?;
    for note in &written.notes {
        crate::kernel::stderr_line!("note: {note}");
    }
    crate::kernel::stderr_line!("{} files written", written.files);
    println!("{}", written.folder.join(PAGE).display());
    Ok(())
}
