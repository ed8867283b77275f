//! The batch scripts that run an experiment on a Slurm cluster: a job array with one task
//! per shard (`run --shard I/N`, resuming from its journal when re-run), a merge job, and
//! a script that submits the merge to depend on the whole array (`afterok`). Pure: the
//! scripts are text made from a [`SlurmPlan`]; writing and submitting them is the caller's.

use std::fmt::Write as _;
use std::path::Path;

/// What the scripts run and where.
#[derive(Clone, Debug)]
pub struct SlurmPlan<'a> {
    /// The experiment file, as an absolute path.
    pub experiment: &'a Path,
    /// The experiment's name (the jobs are named after it).
    pub name: &'a str,
    /// The experiment file's profile.
    pub profile: &'a str,
    /// Array tasks, one shard each (at least 1).
    pub shards: u32,
    /// CPUs per array task: each shard's `--jobs` unless Slurm says otherwise.
    pub cpus: u32,
    /// Each array task's time limit, in Slurm's syntax.
    pub time: Option<&'a str>,
    /// The partition (`None`: the cluster's default).
    pub partition: Option<&'a str>,
    /// Each shard's `run --watchdog` (`None`: the experiment's).
    pub watchdog: Option<f64>,
    /// The folder of the scripts, shard folders, `logs/` and `merged/`, absolute.
    pub folder: &'a Path,
    /// The testspace binary the jobs run.
    pub testspace: &'a Path,
}

/// The three scripts of a [`SlurmPlan`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlurmScripts {
    /// `array.sbatch`: the job array.
    pub array: String,
    /// `merge.sbatch`: `testspace merge` of every shard's folder into `merged/`.
    pub merge: String,
    /// `submit.sh`: submits the array, then the merge once every task succeeded.
    pub submit: String,
}

impl SlurmScripts {
    /// The scripts with their file names, in the order they are written.
    pub fn files(&self) -> [(&'static str, &str); 3] {
        [
            ("array.sbatch", &self.array),
            ("merge.sbatch", &self.merge),
            ("submit.sh", &self.submit),
        ]
    }
}

/// A path as a single-quoted shell word.
pub fn shell_word(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', r"'\''"))
}

impl SlurmPlan<'_> {
    /// The folder of shard `shard` (from 1).
    pub fn shard_folder(&self, shard: u32) -> std::path::PathBuf {
        self.folder
            .join(format!("shard-{shard}-of-{}", self.shards))
    }

    /// The scripts.
    pub fn scripts(&self) -> SlurmScripts {
        SlurmScripts {
            array: self.array(),
            merge: self.merge(),
            submit: self.submit(),
        }
    }

    fn array(&self) -> String {
        let n = self.shards;
        let mut text = format!(
            "#!/bin/bash\n\
             # testspace slurm: shard I/{n} of {experiment} ({profile} profile) per array task.\n\
             #SBATCH --job-name=testspace-{name}\n\
             #SBATCH --array=1-{n}\n\
             #SBATCH --output={logs}/shard-%a.log\n\
             #SBATCH --cpus-per-task={cpus}\n\
             #SBATCH --requeue\n",
            experiment = self.experiment.display(),
            profile = self.profile,
            name = self.name,
            logs = self.folder.join("logs").display(),
            cpus = self.cpus,
        );
        if let Some(time) = self.time {
            let _ = writeln!(text, "#SBATCH --time={time}");
        }
        if let Some(partition) = self.partition {
            let _ = writeln!(text, "#SBATCH --partition={partition}");
        }
        let _ = write!(
            text,
            "set -euo pipefail\n\
             shard=\"${{SLURM_ARRAY_TASK_ID:?run me with sbatch, or set SLURM_ARRAY_TASK_ID}}\"\n\
             out={folder}/\"shard-${{shard}}-of-{n}\"\n\
             # A re-run of a failed or preempted task continues from its journal.\n\
             resume=()\n\
             if [ -e \"$out/manifest.json\" ] || [ -e \"$out/journal.jsonl\" ]; then resume=(--resume); fi\n\
             exec {testspace} run {experiment} --profile '{profile}' --shard \"${{shard}}/{n}\" \\\n\
             \x20   --jobs \"${{SLURM_CPUS_PER_TASK:-{cpus}}}\" --out \"$out\"{watchdog} \"${{resume[@]}}\"\n",
            folder = shell_word(self.folder),
            testspace = shell_word(self.testspace),
            experiment = shell_word(self.experiment),
            profile = self.profile,
            cpus = self.cpus,
            watchdog = self
                .watchdog
                .map_or(String::new(), |w| format!(" --watchdog {w}")),
        );
        text
    }

    fn merge(&self) -> String {
        let mut text = format!(
            "#!/bin/bash\n\
             # testspace slurm: the {n} shards of {experiment} joined into merged/.\n\
             #SBATCH --job-name=testspace-{name}-merge\n\
             #SBATCH --output={logs}/merge.log\n\
             #SBATCH --cpus-per-task=1\n",
            n = self.shards,
            experiment = self.experiment.display(),
            name = self.name,
            logs = self.folder.join("logs").display(),
        );
        if let Some(partition) = self.partition {
            let _ = writeln!(text, "#SBATCH --partition={partition}");
        }
        let shards: Vec<String> = (1..=self.shards)
            .map(|i| shell_word(&self.shard_folder(i)))
            .collect();
        let _ = write!(
            text,
            "set -euo pipefail\n\
             exec {testspace} merge {merged} {shards}\n",
            testspace = shell_word(self.testspace),
            merged = shell_word(&self.folder.join("merged")),
            shards = shards.join(" "),
        );
        text
    }

    fn submit(&self) -> String {
        format!(
            "#!/bin/bash\n\
             # Submits the array, then the merge once every array task has succeeded.\n\
             set -euo pipefail\n\
             array=$(sbatch --parsable {array})\n\
             array=\"${{array%%;*}}\"\n\
             merge=$(sbatch --parsable --dependency=afterok:\"$array\" {merge})\n\
             echo \"submitted array job $array ({n} tasks) and merge job $merge\"\n",
            array = shell_word(&self.folder.join("array.sbatch")),
            merge = shell_word(&self.folder.join("merge.sbatch")),
            n = self.shards,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan<'a>(folder: &'a Path, time: Option<&'a str>) -> SlurmPlan<'a> {
        SlurmPlan {
            experiment: Path::new("/exp/andrews 2010's.toml"),
            name: "andrews2010",
            profile: "smoke",
            shards: 3,
            cpus: 4,
            time,
            partition: None,
            watchdog: Some(30.0),
            folder,
            testspace: Path::new("/bin/testspace"),
        }
    }

    #[test]
    fn the_array_runs_one_shard_per_task_and_quotes_every_path() {
        let scripts = plan(Path::new("/runs/x"), Some("2:00:00")).scripts();
        assert!(scripts.array.contains("#SBATCH --array=1-3\n"));
        assert!(scripts.array.contains("#SBATCH --time=2:00:00\n"));
        assert!(!scripts.array.contains("--partition"));
        assert!(
            scripts.array.contains(
                "'/exp/andrews 2010'\\''s.toml' --profile 'smoke' --shard \"${shard}/3\""
            ),
            "{}",
            scripts.array
        );
        assert!(scripts.array.contains("--watchdog 30"));
        assert!(
            scripts.merge.contains(
                "merge '/runs/x/merged' '/runs/x/shard-1-of-3' '/runs/x/shard-2-of-3' \
                 '/runs/x/shard-3-of-3'\n"
            ),
            "{}",
            scripts.merge
        );
        assert!(
            scripts
                .submit
                .contains("--dependency=afterok:\"$array\" '/runs/x/merge.sbatch'")
        );
        let without_time = plan(Path::new("/runs/x"), None).scripts();
        assert!(!without_time.array.contains("--time"));
    }
}
