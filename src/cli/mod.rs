//! The command-line interface: argument parsing (clap) and dispatch to one module per
//! subcommand. Each subcommand module turns library results into text on stdout;
//! errors travel up as [`anyhow::Error`] with context and end in a non-zero exit.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub mod phi;

/// testspace: compare explorative unit-testing strategies (BE, R, BOBW) on canonical-form
/// test cases, after Andrews, Zhang & Groce (2010).
#[derive(Debug, Parser)]
#[command(name = "testspace", version, about, long_about = None)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands of `testspace`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Failure density: Φ(j, k, n), FD and FDpmc, the optimal test length, general patterns.
    Phi(phi::PhiArgs),
}

/// Parses the process arguments, runs the subcommand and maps errors to an exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// Runs one parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Phi(args) => phi::run(&args),
    }
}
