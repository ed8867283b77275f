//! `testspace mutation-report RESULTS [--out FILE]`: a results folder's mutants as a
//! mutation-testing-elements report ([`crate::report::mutation_elements`]); the file
//! written on stdout, the mutants per status, the Timeout convention and notes on what was
//! left out on stderr.

use std::path::PathBuf;

use clap::Args;

use crate::report::mutation_elements::{timeout_note, write_report};

/// Arguments of `testspace mutation-report`.
#[derive(Debug, Args)]
pub struct MutationReportArgs {
    /// The results folder of `testspace run` (manifest.json and cells.parquet or
    /// cells.csv).
    pub results: PathBuf,
    /// The report file (default: RESULTS/mutation-report.json, unless RESULTS is a
    /// committed reference run).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Runs `testspace mutation-report`.
pub fn run(args: &MutationReportArgs) -> anyhow::Result<()> {
    let written = write_report(&args.results, args.out.as_deref(), &mut |note| {
        crate::kernel::stderr_line!("note: {note}")
    })?;
    let counts: Vec<String> = written
        .counts
        .iter()
        .map(|(status, count)| format!("{status} {count}"))
        .collect();
    crate::kernel::stderr_line!("mutants: {}", counts.join(", "));
    if let Some(note) = timeout_note(&written.counts) {
        crate::kernel::stderr_line!("note: {note}");
    }
    println!("{}", written.path.display());
    Ok(())
}
