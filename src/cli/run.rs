//! `testspace run`: run an experiment file.

use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use crate::runner::{RunOptions, output, run_experiment};

/// Arguments of `testspace run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The experiment file (TOML), e.g. experiments/andrews2010.toml.
    pub experiment: PathBuf,
    /// Worker processes running cells in parallel (default: the number of CPUs).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Continue an interrupted run from its journal.
    #[arg(long)]
    pub resume: bool,
    /// Output folder (default: the experiment's `output`, else results/<name>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Seconds after which a job that does not answer is killed and recorded as
    /// `timeout` (added to a run's time cap).
    #[arg(long, default_value_t = 600.0)]
    pub watchdog: f64,
    /// No progress bars.
    #[arg(long)]
    pub quiet: bool,
    /// The experiment file's profile (values written `{ default = A, full = B }`).
    #[arg(long, default_value = "default")]
    pub profile: String,
}

/// Runs `testspace run`.
pub fn run(args: &RunArgs) -> anyhow::Result<()> {
    anyhow::ensure!(
        args.watchdog > 0.0 && args.watchdog.is_finite(),
        "--watchdog must be a positive number of seconds"
    );
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    anyhow::ensure!(jobs >= 1, "--jobs must be at least 1");
    let options = RunOptions {
        jobs,
        resume: args.resume,
        out: args.out.clone(),
        watchdog: Duration::from_secs_f64(args.watchdog),
        progress: !args.quiet && std::io::stderr().is_terminal(),
        profile: args.profile.clone(),
    };
    let report = run_experiment(&args.experiment, &options)?;
    print!("{}", output::summary(&report.cells));
    eprintln!(
        "{} cells ({} run now), results in {}",
        report.cells.len(),
        report.executed,
        report.output.display()
    );
    Ok(())
}

/// `testspace worker`: serves jobs for a supervising `testspace run` (internal).
pub fn worker() -> anyhow::Result<()> {
    crate::runner::worker::serve()
}
