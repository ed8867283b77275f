//! `testspace previous fetch [CRATE]`: the releases that `crates.io:VERSION` previous-release
//! oracles name, brought into the crate's `.testspace-previous/` (docs/own-crate.md, "The
//! previous release").

use std::path::PathBuf;

use anyhow::Context as _;
use clap::{Args, Subcommand};

use crate::subject::previous::fetch::{FOLDER, LOCK, Outcome, fetch};

/// The subcommands of `testspace previous`.
#[derive(Debug, Subcommand)]
pub enum PreviousCommand {
    /// Bring every release that a `#[testspace::previous(against = "crates.io:VERSION")]` in
    /// CRATE's Rust files names from the registry into CRATE/.testspace-previous/NAME-VERSION/
    /// (NAME: CRATE's package), recording its checksum in CRATE/previous.lock and checking it
    /// on later fetches.
    Fetch(PreviousFetchArgs),
}

/// Arguments of `testspace previous fetch`.
#[derive(Debug, Args)]
pub struct PreviousFetchArgs {
    /// The crate's root (holding its Cargo.toml).
    #[arg(default_value = ".")]
    pub krate: PathBuf,
}

/// Runs `testspace previous …`.
///
/// # Errors
/// A release that cannot be brought (see [`fetch`]).
pub fn run(command: &PreviousCommand) -> anyhow::Result<()> {
    match command {
        PreviousCommand::Fetch(args) => {
            let done = fetch(&args.krate, &[]).with_context(|| {
                format!("fetching the previous releases of {}", args.krate.display())
            })?;
            if done.is_empty() {
                println!(
                    "{}: no `crates.io:VERSION` previous release is declared",
                    args.krate.display()
                );
            }
            for (version, outcome) in done {
                match outcome {
                    Outcome::Fetched(sum) => println!(
                        "{version}: fetched into {FOLDER}/ (checksum {sum}, recorded in {LOCK})"
                    ),
                    Outcome::Present(sum) => {
                        println!("{version}: present (checksum {sum})");
                    }
                }
            }
            Ok(())
        }
    }
}
