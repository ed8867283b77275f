//! `testspace mutate`: regenerate the mutant catalogs under `mutants/` (or check them),
//! and `testspace mutants summary`.

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::{Args, Subcommand, ValueEnum};

use crate::mutant::catalog::Catalog;
use crate::mutant::regenerate::{self, CompileFlags, Sources};
use crate::mutant::sample::DEFAULT_MAX;
use crate::mutant::summary;
use crate::subject::registry;

/// Arguments of `testspace mutate`.
#[derive(Debug, Args)]
pub struct MutateArgs {
    /// The crate root (holding `subjects/mod.rs` and `mutants/`); default: the current
    /// directory. A crate's own binary (`testspace::main`) takes its crate's root instead.
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
    let sources = Sources::find(registry(), &args.root)?;
    let catalogs = regenerate::catalogs(&sources, flags, |line| {
        crate::kernel::stderr_line!("{line}")
    })?;
    if args.check {
        let diffs = regenerate::differences(&sources.root, &catalogs, registry());
        if !diffs.is_empty() {
            bail!("mutant catalogs are not current:\n  {}", diffs.join("\n  "));
        }
        println!("{} mutant catalogs are current", catalogs.len());
        return Ok(());
    }
    for path in regenerate::write(&sources.root, &catalogs)? {
        println!("wrote {path}");
    }
    if let Some(own) = sources.own_crate() {
        // The attribute reads the catalogs when the modules compile again.
        own.touch()?;
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
    /// The crate root (holding `subjects/mod.rs` and `mutants/`); a crate's own binary
    /// takes its crate's root instead.
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
    let sources = Sources::find(registry(), &args.root)?;
    let rows: Vec<summary::Row> = sources
        .units
        .iter()
        .map(|u| {
            Catalog::read(&sources.root, &u.module).map(|c| summary::row(&c, args.max, args.seed))
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
