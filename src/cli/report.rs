//! `testspace report RESULTS [--out DIR] [--phase NAME] [--strict]`: a results folder as one
//! HTML page with its SVG figures ([`crate::report::page`]); the page's path on stdout, its
//! notes and evaluation checklist on stderr; with `--strict`, exit status 3 after writing
//! when the checklist has a violation.

use std::path::PathBuf;

use clap::Args;

use super::ExitWith;
use crate::report::page::checklist::violated;
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
    /// Exit with status 3 (after writing the page) when the evaluation checklist has a
    /// violation: fewer than 10 replicates of a strategy on a subject, or strategies
    /// compared at different stated budgets.
    #[arg(long)]
    pub strict: bool,
}

/// Runs `testspace report`.
pub fn run(args: &ReportArgs) -> anyhow::Result<()> {
    let written = write_page(&args.results, args.out.as_deref(), args.phase.as_deref())?;
    for note in &written.notes {
        crate::kernel::stderr_line!("note: {note}");
    }
    for item in &written.checklist {
        crate::kernel::stderr_line!(
            "checklist: {} — {}: {}",
            item.status.word(),
            item.topic,
            item.text
        );
    }
    crate::kernel::stderr_line!("{} files written", written.files);
    println!("{}", written.folder.join(PAGE).display());
    if args.strict && violated(&written.checklist) {
        return Err(ExitWith {
            code: 3,
            message: "the evaluation checklist has a violation (--strict)".into(),
        }
        .into());
    }
    Ok(())
}
