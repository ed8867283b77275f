//! `testspace mutate`: regenerate the mutant catalogs under `mutants/` (or check them),
//! and `testspace mutants summary`.

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::{Args, Subcommand, ValueEnum};

use crate::mutant::catalog::Catalog;
use crate::mutant::regenerate::{self, CompileFlags};
use crate::mutant::sample::DEFAULT_MAX;
use crate::mutant::summary;
use crate::subject::registry;

/// Arguments of `testspace mutate`.
#[derive(Debug, Args)]
pub struct MutateArgs {
    /// The crate root (holding `subjects/mod.rs` and `mutants/`); default: the current
    /// directory.
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
    /// Do not write: fail if `mutants/` differs from what the sources give, or if this
    /// binary's schemata do not hold exactly the catalogs' compiling mutants. Without
    /// `--full` the compile flags are taken from the committed catalogs (fast).
    #[arg(long)]
    pub check: bool,
    /// With `--check`: also redo the compile check (rounds of `cargo check`).
    #[arg(long, requires = "check")]
    pub full: bool,
}

/// Runs `testspace mutate`.
pub fn run(args: &MutateArgs) -> Result<()> {
    let flags = if args.check && !args.full {
        CompileFlags::Committed
    } else {
        CompileFlags::Check
    };
    let catalogs = regenerate::catalogs(&args.root, flags, |line| eprintln!("{line}"))?;
    if args.check {
        let diffs = regenerate::differences(&args.root, &catalogs, registry());
        if !diffs.is_empty() {
            bail!("mutant catalogs are not current:\n  {}", diffs.join("\n  "));
        }
        println!("{} mutant catalogs are current", catalogs.len());
        return Ok(());
    }
    for path in regenerate::write(&args.root, &catalogs)? {
        println!("wrote {path}");
    }
    for c in &catalogs {
        println!(
            "{}: {} mutants, {} compile",
            c.unit, c.generated, c.compiled
        );
    }
    println!("rebuild to compile the new schemata");
    Ok(())
}

/// Arguments of `testspace mutants`.
#[derive(Debug, Args)]
pub struct MutantsArgs {
    /// What to show.
    #[command(subcommand)]
    pub command: MutantsCommand,
}

/// Subcommands of `testspace mutants`.
#[derive(Debug, Subcommand)]
pub enum MutantsCommand {
    /// Per unit: SLOC, mutants generated, compiled and sampled, by operator class.
    Summary(SummaryArgs),
}

/// Output formats of `testspace mutants summary`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SummaryFormat {
    /// An aligned table.
    Table,
    /// CSV with a header line.
    Csv,
}

/// Arguments of `testspace mutants summary`.
#[derive(Debug, Args)]
pub struct SummaryArgs {
    /// The crate root (holding `subjects/mod.rs` and `mutants/`).
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SummaryFormat::Table)]
    pub format: SummaryFormat,
    /// At most this many mutants sampled per unit.
    #[arg(long, default_value_t = DEFAULT_MAX)]
    pub max: usize,
    /// Seed of the sample.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// Runs `testspace mutants …`.
pub fn run_mutants(args: &MutantsArgs) -> Result<()> {
    let MutantsCommand::Summary(args) = &args.command;
    let rows: Vec<summary::Row> = regenerate::units(&args.root)?
        .iter()
        .map(|u| {
            Catalog::read(&args.root, &u.module).map(|c| summary::row(&c, args.max, args.seed))
        })
        .collect::<Result<_>>()?;
    print!(
        "{}",
        match args.format {
            SummaryFormat::Table => summary::table(&rows),
            SummaryFormat::Csv => summary::csv(&rows),
        }
    );
    Ok(())
}
