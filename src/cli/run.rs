//! `testspace run`: run an experiment file; `testspace reproduce`: run the paper's
//! experiment embedded in the binary, then draw its figures ([`crate::reproduce`]).

use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use super::ExitWith;
use crate::report::reference::{Expectation, ReferenceCheck};
use crate::reproduce::{Reproduction, run_summary};
use crate::runner::progress::ProgressMode;
use crate::runner::{RunOptions, run_experiment};

/// Options shared by `run` and `reproduce`.
#[derive(Debug, Args)]
pub struct RunFlags {
    /// Worker processes running cells in parallel (default: the number of CPUs).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Continue an interrupted run from its journal.
    #[arg(long)]
    pub resume: bool,
    /// With --resume: continue a run that another version of testspace (another commit or
    /// crate version) began; the manifest records both versions.
    #[arg(long, requires = "resume")]
    pub resume_other_version: bool,
    /// Output folder (default: the experiment's `output`, else runs/NAME or
    /// runs/NAME-PROFILE).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Seconds after which a job that does not answer is killed and recorded as
    /// `timeout` (added to a run's time cap; default: the experiment's `watchdog`, else
    /// 600).
    #[arg(long, value_parser = super::args::seconds)]
    pub watchdog: Option<f64>,
    /// No progress bars or lines.
    #[arg(long)]
    pub quiet: bool,
    /// When stderr is not a terminal (CI, nohup, Slurm): seconds between plain progress
    /// lines (a terminal gets progress bars).
    #[arg(long, default_value_t = 30.0, value_name = "SECONDS", value_parser = super::args::seconds)]
    pub progress_every: f64,
    /// The experiment file's profile (values written `{ default = A, full = B }`).
    #[arg(long, default_value = "default")]
    pub profile: String,
    /// Run only shard INDEX of COUNT disjoint parts of the experiment (e.g. 2/4), into
    /// its own folder (default: the output folder with `-shard-INDEX-of-COUNT`); join
    /// the shards with `testspace merge`.
    #[arg(long, value_name = "INDEX/COUNT")]
    pub shard: Option<crate::runner::Shard>,
}

/// Arguments of `testspace run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The experiment file (TOML), e.g. experiments/andrews2010.toml.
    pub experiment: PathBuf,
    /// How to run it.
    #[command(flatten)]
    pub flags: RunFlags,
}

/// Arguments of `testspace reproduce`.
#[derive(Debug, Args)]
pub struct ReproduceArgs {
    /// How to run it.
    #[command(flatten)]
    pub flags: RunFlags,
    /// The results folder to compare with (default: the committed reference run
    /// results/andrews2010[-PROFILE] of the source tree the binary was built from).
    #[arg(long, value_name = "DIR")]
    pub reference: Option<PathBuf>,
}

impl RunFlags {
    fn options(&self) -> anyhow::Result<RunOptions> {
        let jobs = self
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        anyhow::ensure!(jobs >= 1, "--jobs must be at least 1");
        Ok(RunOptions {
            jobs,
            resume: self.resume,
            resume_other_version: self.resume_other_version,
            out: self.out.clone(),
            watchdog: self.watchdog.map(Duration::from_secs_f64),
            progress: if self.quiet {
                ProgressMode::Off
            } else if std::io::stderr().is_terminal() {
                ProgressMode::Bars
            } else {
                ProgressMode::Lines(Duration::from_secs_f64(self.progress_every))
            },
            profile: self.profile.clone(),
            shard: self.shard,
        })
    }
}

/// Prints whether the results equal the committed reference run, then fails as
/// `testspace diff` does when they differ (status 1) or when no comparison was made
/// though one was `expected` (status 2).
fn print_reference(check: ReferenceCheck, expected: Expectation) -> anyhow::Result<()> {
    print!("{}", check.text());
    check
        .into_result(expected)
        .map_err(|failure| ExitWith::from(failure).into())
}

/// Runs `testspace run`.
pub fn run(args: &RunArgs) -> anyhow::Result<()> {
    let outcome = run_experiment(&args.experiment, &args.flags.options()?)?;
    print!("{}", run_summary(&outcome));
    print_reference(ReferenceCheck::of_run(&outcome), Expectation::Optional)
}

/// Runs `testspace reproduce`: the embedded andrews2010 experiment (results in
/// runs/andrews2010, or runs/andrews2010-PROFILE for another profile, unless `--out`),
/// then `testspace plot` on its results folder, then the comparison with the committed
/// reference run (results/andrews2010, results/andrews2010-PROFILE, of the source tree),
/// which must be found and equal.
pub fn reproduce(args: &ReproduceArgs) -> anyhow::Result<()> {
    let Reproduction {
        plotted,
        run,
        reference,
    } = crate::reproduce::reproduce(
        &args.flags.options()?,
        args.reference.as_deref(),
        &mut |note| crate::kernel::stderr_line!("{note}"),
    )?;
    print!("{}", plotted.text());
    print!("{}", run_summary(&run));
    print_reference(reference, Expectation::Required)
}

/// `testspace worker`: serves jobs for a supervising `testspace run` (internal).
pub fn worker() -> anyhow::Result<()> {
    crate::runner::worker::serve()
}
