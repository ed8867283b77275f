//! The experiment a results folder ran, read back from its copy of the experiment file.

use std::path::Path;

use crate::experiment::Experiment;
use crate::experiment::file::parse_recorded_experiment;

/// The experiment a results folder ran: its copy of the experiment file
/// ([`super::EXPERIMENT`]), read with the profile and walk parameters its manifest
/// records.
///
/// # Errors
/// A folder without `experiment.toml` ("is not a results folder"), an unreadable file or
/// manifest, or an experiment that no longer parses (located).
pub fn read_experiment(results: &Path) -> anyhow::Result<Experiment> {
    let experiment_path = results.join(super::EXPERIMENT);
    let source = std::fs::read_to_string(&experiment_path).map_err(|error| {
        if error.kind() == std::io::ErrorKind::NotFound {
            anyhow::anyhow!(
                "{} is not a results folder (no experiment.toml)",
                results.display()
            )
        } else {
            anyhow::Error::new(error).context(format!("cannot read {}", experiment_path.display()))
        }
    })?;
    let manifest = crate::runner::output::read_manifest(results)?;
    Ok(parse_recorded_experiment(
        &experiment_path,
        &source,
        &manifest.profile,
        &manifest.walk_parameters,
    )?)
}
