//! What the experiment of a results folder was, from its manifest and cells, and the
//! command line that runs it again.

use std::path::Path;

use crate::report::Cells;
use crate::runner::output::Manifest;

use super::model::ExperimentInfo;

/// The experiment of the folder `folder` (as given) with `manifest` and `cells`;
/// `has_copy`: whether the folder holds its copy of the experiment file.
pub(crate) fn experiment_info(
    folder: &Path,
    manifest: &Manifest,
    cells: &Cells,
    has_copy: bool,
) -> ExperimentInfo {
    let machine = &manifest.machine;
    let calls: Option<u64> = cells
        .rows
        .iter()
        .map(|c| c.method_calls)
        .try_fold(0u64, |sum, calls| Some(sum.saturating_add(calls?)));
    let profile = if manifest.profile == "default" {
        String::new()
    } else {
        format!(" --profile {}", manifest.profile)
    };
    let mut rerun = format!("testspace run {}{profile}", manifest.experiment_file);
    if has_copy {
        rerun.push_str(&format!(
            "\n# or, from the folder's own copy of the file:\ntestspace run {}{profile}",
            folder.join(crate::report::folder::EXPERIMENT).display()
        ));
    }
    ExperimentInfo {
        folder: folder.display().to_string(),
        name: manifest.experiment.clone(),
        file: manifest.experiment_file.clone(),
        sha256: manifest.experiment_sha256.clone(),
        profile: manifest.profile.clone(),
        seed: manifest.seed,
        replicates: manifest.replicates,
        oracle: manifest.oracle.clone(),
        commit: manifest.git_commit.clone(),
        version: manifest.crate_version.clone(),
        machine: format!(
            "{} ({} {}, {} CPUs)",
            machine.hostname, machine.os, machine.arch, machine.cpus
        ),
        jobs: manifest.jobs,
        started: manifest.started.clone(),
        finished: manifest.finished.clone().unwrap_or_default(),
        cells: cells.rows.len(),
        cpu_seconds: cells.rows.iter().map(|c| c.cpu_seconds).sum(),
        method_calls: calls,
        rerun,
    }
}
