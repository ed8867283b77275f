//! `testspace slurm EXPERIMENT --shards N`: batch scripts that run an experiment on a Slurm
//! cluster as a job array, one array task per shard (`run --shard I/N`), and a merge job
//! that depends on the whole array (`afterok`); `--submit` submits them with `sbatch`.
//!
//! The folder written (default `runs/<name>[-<profile>]-slurm/`):
//!
//! | file | what |
//! |---|---|
//! | `array.sbatch` | the job array: task I runs shard I/N into `shard-I-of-N/`, resuming from its journal when the folder already holds a run (a failed or preempted task is re-run with `sbatch --array=I array.sbatch`; `--requeue` lets Slurm do it after a preemption) |
//! | `merge.sbatch` | `testspace merge merged shard-1-of-N … shard-N-of-N` |
//! | `submit.sh` | submits the array, then the merge with `--dependency=afterok:<array job>` |
//! | `logs/` | `shard-I.log` per array task, `merge.log` |

use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};
use clap::Args;

use crate::experiment::file::{DEFAULT_PROFILE, parse_experiment_profile};

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
    #[arg(long)]
    pub watchdog: Option<f64>,
    /// Submit the jobs with sbatch after writing the scripts.
    #[arg(long)]
    pub submit: bool,
}

/// A path as a single-quoted shell word.
fn quote(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', r"'\''"))
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
    let n = args.shards;
    let shard_folder = |i: u32| dir.join(format!("shard-{i}-of-{n}"));
    let mut array = format!(
        "#!/bin/bash\n\
         # testspace slurm: shard I/{n} of {experiment} ({profile} profile) per array task.\n\
         #SBATCH --job-name=testspace-{name}\n\
         #SBATCH --array=1-{n}\n\
         #SBATCH --output={logs}/shard-%a.log\n\
         #SBATCH --cpus-per-task={cpus}\n\
         #SBATCH --requeue\n",
        experiment = experiment_path.display(),
        profile = args.profile,
        name = experiment.name,
        logs = dir.join("logs").display(),
        cpus = args.cpus,
    );
    if let Some(time) = &args.time {
        array += &format!("#SBATCH --time={time}\n");
    }
    if let Some(partition) = &args.partition {
        array += &format!("#SBATCH --partition={partition}\n");
    }
    array += &format!(
        "set -euo pipefail\n\
         shard=\"${{SLURM_ARRAY_TASK_ID:?run me with sbatch, or set SLURM_ARRAY_TASK_ID}}\"\n\
         out={dir}/\"shard-${{shard}}-of-{n}\"\n\
         # A re-run of a failed or preempted task continues from its journal.\n\
         resume=()\n\
         if [ -e \"$out/manifest.json\" ] || [ -e \"$out/journal.jsonl\" ]; then resume=(--resume); fi\n\
         exec {testspace} run {experiment} --profile '{profile}' --shard \"${{shard}}/{n}\" \\\n\
         \x20   --jobs \"${{SLURM_CPUS_PER_TASK:-{cpus}}}\" --out \"$out\"{watchdog} \"${{resume[@]}}\"\n",
        dir = quote(&dir),
        testspace = quote(&testspace),
        experiment = quote(&experiment_path),
        profile = args.profile,
        cpus = args.cpus,
        watchdog = args
            .watchdog
            .map_or(String::new(), |w| format!(" --watchdog {w}")),
    );
    let shards: Vec<String> = (1..=n).map(|i| quote(&shard_folder(i))).collect();
    let mut merge = format!(
        "#!/bin/bash\n\
         # testspace slurm: the {n} shards of {experiment} joined into merged/.\n\
         #SBATCH --job-name=testspace-{name}-merge\n\
         #SBATCH --output={logs}/merge.log\n\
         #SBATCH --cpus-per-task=1\n",
        experiment = experiment_path.display(),
        name = experiment.name,
        logs = dir.join("logs").display(),
    );
    if let Some(partition) = &args.partition {
        merge += &format!("#SBATCH --partition={partition}\n");
    }
    merge += &format!(
        "set -euo pipefail\n\
         exec {testspace} merge {merged} {shards}\n",
        testspace = quote(&testspace),
        merged = quote(&dir.join("merged")),
        shards = shards.join(" "),
    );
    let submit = format!(
        "#!/bin/bash\n\
         # Submits the array, then the merge once every array task has succeeded.\n\
         set -euo pipefail\n\
         array=$(sbatch --parsable {array})\n\
         array=\"${{array%%;*}}\"\n\
         merge=$(sbatch --parsable --dependency=afterok:\"$array\" {merge})\n\
         echo \"submitted array job $array ({n} tasks) and merge job $merge\"\n",
        array = quote(&dir.join("array.sbatch")),
        merge = quote(&dir.join("merge.sbatch")),
    );
    for (file, text) in [
        ("array.sbatch", &array),
        ("merge.sbatch", &merge),
        ("submit.sh", &submit),
    ] {
        std::fs::write(dir.join(file), text)
            .with_context(|| format!("cannot write {}", dir.join(file).display()))?;
    }
    println!(
        "wrote {}/array.sbatch ({n} array tasks), merge.sbatch and submit.sh; results will be in {}",
        dir.display(),
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
        println!("submit with: bash {}", quote(&dir.join("submit.sh")));
    }
    Ok(())
}
