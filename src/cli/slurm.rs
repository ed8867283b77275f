//! `testspace slurm EXPERIMENT --shards N`: writes the batch scripts of
//! [`crate::runner::slurm`] (a job array, one task per shard, and a merge job that depends
//! on the whole array); `--submit` submits them with `sbatch`.
//!
//! The folder written (default `runs/<name>[-<profile>]-slurm/`):
//!
//! | file | what |
//! |---|---|
//! | `array.sbatch` | the job array: task I runs shard I/N into `shard-I-of-N/`, resuming from its journal when the folder already holds a run (a failed or preempted task is re-run with `sbatch --array=I array.sbatch`; `--requeue` lets Slurm do it after a preemption) |
//! | `merge.sbatch` | `testspace merge merged shard-1-of-N … shard-N-of-N` |
//! | `submit.sh` | submits the array, then the merge with `--dependency=afterok:<array job>` |
//! | `logs/` | `shard-I.log` per array task, `merge.log` |

use std::path::PathBuf;

use anyhow::{Context as _, bail};
use clap::Args;

use crate::experiment::file::{DEFAULT_PROFILE, parse_experiment_profile};
use crate::runner::slurm::{SlurmPlan, shell_word};

/// Arguments of `testspace slurm`.
#[derive(Debug, Args)]
pub struct SlurmArgs {
    /// The experiment file (TOML).
    pub experiment: PathBuf,
    /// Array tasks, one shard each.
    #[arg(long)]
    pub shards: u32,
    /// The experiment file's profile.
    #[arg(long, default_value = DEFAULT_PROFILE)]
    pub profile: String,
    /// The Slurm partition (default: the cluster's default).
    #[arg(long)]
    pub partition: Option<String>,
    /// The time limit of each array task, in Slurm's syntax (e.g. 2:00:00).
    #[arg(long)]
    pub time: Option<String>,
    /// CPUs per array task (the shard's --jobs).
    #[arg(long, default_value_t = 2)]
    pub cpus: u32,
    /// Where to write the scripts, shard folders, logs and merged results (default:
    /// runs/NAME-slurm or runs/NAME-PROFILE-slurm).
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Seconds a job may go without answering (passed to each shard's `run --watchdog`;
    /// default: the experiment's).
    #[arg(long, value_parser = super::args::seconds)]
    pub watchdog: Option<f64>,
    /// Submit the jobs with sbatch after writing the scripts.
    #[arg(long)]
    pub submit: bool,
}

/// Runs `testspace slurm`.
pub fn run(args: &SlurmArgs) -> anyhow::Result<()> {
    if args.shards == 0 {
        bail!("--shards must be at least 1");
    }
    if args.cpus == 0 {
        bail!("--cpus must be at least 1");
    }
    let source = crate::kernel::file::read_source(&args.experiment)?;
    let experiment = parse_experiment_profile(&args.experiment, &source, &args.profile)?;
    let experiment_path = args
        .experiment
        .canonicalize()
        .with_context(|| format!("cannot resolve {}", args.experiment.display()))?;
    let dir = match &args.dir {
        Some(dir) => dir.clone(),
        None => PathBuf::from(format!("{}-slurm", experiment.output.display())),
    };
    std::fs::create_dir_all(dir.join("logs"))
        .with_context(|| format!("cannot create {}", dir.display()))?;
    let dir = dir.canonicalize()?;
    let testspace = std::env::current_exe().context("cannot locate the testspace binary")?;
    let plan = SlurmPlan {
        experiment: &experiment_path,
        name: &experiment.name,
        profile: &args.profile,
        shards: args.shards,
        cpus: args.cpus,
        time: args.time.as_deref(),
        partition: args.partition.as_deref(),
        watchdog: args.watchdog,
        folder: &dir,
        testspace: &testspace,
    };
    for (file, text) in plan.scripts().files() {
        std::fs::write(dir.join(file), text)
            .with_context(|| format!("cannot write {}", dir.join(file).display()))?;
    }
    println!(
        "wrote {}/array.sbatch ({} array tasks), merge.sbatch and submit.sh; results will be in {}",
        dir.display(),
        args.shards,
        dir.join("merged").display()
    );
    if args.submit {
        let status = std::process::Command::new("bash")
            .arg(dir.join("submit.sh"))
            .status()
            .context("cannot run submit.sh (is bash on the PATH?)")?;
        if !status.success() {
            bail!("submitting with sbatch failed ({status})");
        }
    } else {
        println!("submit with: bash {}", shell_word(&dir.join("submit.sh")));
    }
    Ok(())
}
