//! `testspace merge OUT SHARD_DIR…`: the shards of an experiment joined into one results
//! folder ([`crate::runner::merge`]), then compared with the committed reference run where
//! there is one.

use std::path::PathBuf;

use clap::Args;

use super::ExitWith;
use crate::experiment::file::{DEFAULT_PROFILE, REFERENCE_FOLDER};
use crate::report::reference::{Expectation, ReferenceCheck};

/// Arguments of `testspace merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The results folder to write (new).
    pub out: PathBuf,
    /// The shard folders, one per shard (`testspace run … --shard I/N`).
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
}

/// Runs `testspace merge`.
pub fn run(args: &MergeArgs) -> anyhow::Result<()> {
    let report = crate::runner::merge::merge(&args.out, &args.shards)?;
    let manifest = &report.manifest;
    println!(
        "merged {} shards, {} cells, into {}",
        args.shards.len(),
        report.cells,
        args.out.display()
    );
    let folder = if manifest.profile == DEFAULT_PROFILE {
        manifest.experiment.clone()
    } else {
        format!("{}-{}", manifest.experiment, manifest.profile)
    };
    let check = ReferenceCheck::of_folder(&args.out, &PathBuf::from(REFERENCE_FOLDER).join(folder));
    print!("{}", check.text());
    check
        .into_result(Expectation::Optional)
        .map_err(|failure| ExitWith::from(failure).into())
}
