//! `testspace grt-activity EXPERIMENT`: how often each of GRT's components acts in the
//! experiment's component-alone `grt` runs ([`crate::runner::grt_activity`]), as Markdown
//! or CSV on stdout.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};

use crate::experiment::file::parse_experiment_profile;
use crate::runner::grt_activity::{ActivitySelection, measure};

/// Output formats of `testspace grt-activity`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ActivityFormat {
    /// Tables of mean counts per suite with the share changed.
    Markdown,
    /// `unit,run,component,suites,asked,changed,part_asked,part_changed`, summed over the
    /// replicates.
    Csv,
}

/// Arguments of `testspace grt-activity`.
#[derive(Debug, Args)]
pub struct GrtActivityArgs {
    /// The experiment file; its `grt` runs with one component (`components = ["…"]`) are
    /// measured.
    pub experiment: PathBuf,
    /// Units (class names; default: every unit those runs run on).
    pub units: Vec<String>,
    /// The experiment file's profile.
    #[arg(long, default_value = "default")]
    pub profile: String,
    /// The first this many replicate seeds (default: all of the experiment's).
    #[arg(long)]
    pub replicates: Option<u32>,
    /// Also the unlabelled `grt` run (the components together).
    #[arg(long)]
    pub together: bool,
    /// Threads.
    #[arg(long, default_value_t = 2)]
    pub jobs: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ActivityFormat::Markdown)]
    pub format: ActivityFormat,
}

/// Runs `testspace grt-activity`.
pub fn run(args: &GrtActivityArgs) -> anyhow::Result<()> {
    let source = crate::kernel::file::read_source(&args.experiment)?;
    let experiment = parse_experiment_profile(&args.experiment, &source, &args.profile)?;
    let selection = ActivitySelection {
        units: args.units.clone(),
        replicates: args.replicates,
        together: args.together,
        jobs: args.jobs,
    };
    let table = measure(&experiment, &selection)
        .with_context(|| format!("{}", args.experiment.display()))?;
    match args.format {
        ActivityFormat::Markdown => print!("{}", table.markdown()),
        ActivityFormat::Csv => print!("{}", table.csv()),
    }
    Ok(())
}
