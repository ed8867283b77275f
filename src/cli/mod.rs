//! The command-line interface: argument parsing (clap) and dispatch to one module per
//! subcommand. Each subcommand module parses its arguments, calls the library and prints
//! what it returns; none imports another (the arguments several share are in [`args`]).
//! Errors travel up as [`anyhow::Error`] with context and end in a non-zero exit.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub mod args;
pub mod compare;
pub mod context;
pub mod corpus;
pub mod coverage;
pub mod decode;
pub mod demo;
pub mod diff;
pub mod encode;
pub mod field_exhaustive;
pub mod grt_activity;
pub mod harvest;
pub mod merge;
pub mod minimal;
pub mod mutate;
pub mod mutation_report;
pub mod phi;
pub mod plot;
pub mod previous;
pub mod reduce;
pub mod report;
pub mod run;
pub mod sample;
pub mod show_test;
pub mod slurm;
pub mod subjects;
pub mod tune;

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
    /// Show a test context: M_C with nc(m), T_I with vps, j and z = jⁿ.
    Context(context::ContextArgs),
    /// A short demonstration on the embedded default context (ArrayList, the paper's pools).
    Demo(demo::DemoArgs),
    /// Print the test case with a given index as canonical-form-3 code.
    Decode(decode::DecodeArgs),
    /// A crate's public types as subjects: a wrapper file and a test context per type,
    /// written into a new folder for review (docs/harvest.md).
    Harvest(harvest::HarvestArgs),
    /// Compute the index of a test case given as method-call indices or as code.
    Encode(encode::EncodeArgs),
    /// Run an experiment file: strategies against gold and mutants, results to tables.
    Run(run::RunArgs),
    /// The main job: run the paper's experiment (embedded experiments/andrews2010.toml)
    /// and draw its figures and tables into its results folder.
    Reproduce(run::ReproduceArgs),
    /// Compare strategies with a baseline over the replicates of a results folder:
    /// medians, Vargha–Delaney Â12 with a bootstrap interval, Mann–Whitney U (the
    /// signed-rank test of paired differences where a side is seed-free) with Holm.
    Compare(compare::CompareArgs),
    /// Compare two results folders cell by cell (every column but CPU time); exit 1 when
    /// they differ.
    Diff(diff::DiffArgs),
    /// Join the shards of an experiment (`run --shard I/N`) into one results folder.
    Merge(merge::MergeArgs),
    /// Print the test-case indices a strategy walks, one per line.
    Sample(sample::SampleArgs),
    /// What a strategy's test cases cover of a unit (gold through its coverage copy), per
    /// port function, with the uncovered probes and their source lines.
    Coverage(coverage::CoverageArgs),
    /// Tune a choice model's method weights by differential evolution on a tuning file's
    /// training units and mutants (kept apart from its evaluation experiment's).
    Tune(tune::TuneArgs),
    /// Write (and with --submit, submit) Slurm batch scripts running an experiment as a
    /// job array of shards and a merge job.
    Slurm(slurm::SlurmArgs),
    /// Print the first failing test of a result cell as a standalone Rust #[test].
    ShowTest(show_test::ShowTestArgs),
    /// Reduce the first failing test of a result cell to a 1-minimal failing one.
    Reduce(reduce::ReduceArgs),
    /// Minimal failing sequences of every killed mutant, and the Φ model of Section 5
    /// against the densities of R and r-leaf, mutant by mutant.
    Minimal(minimal::MinimalArgs),
    /// Serve jobs for a supervising `testspace run` (internal).
    #[command(hide = true)]
    Worker,
    /// Failure density: Φ(j, k, n), FD and FDpmc, the optimal test length, general patterns.
    Phi(phi::PhiArgs),
    /// Draw the paper's figures and tables from a results folder of `run`.
    Plot(plot::PlotArgs),
    /// List the registered subject units: SLOC, |M_C| and j of the paper's context.
    Subjects(subjects::SubjectsArgs),
    /// Field-exhaustive testing of a unit with a finitization, per scope 1..=N: Korat's
    /// structures, the field extensions, and field-exhaustive suites by incremental SAT and
    /// greedy selection (written out with --suites).
    Fe(field_exhaustive::FeArgs),
    /// Regenerate the mutant catalogs under mutants/ (or --check them).
    Mutate(mutate::MutateArgs),
    /// Report on the mutants (summary per unit).
    Mutants(mutate::MutantsArgs),
    /// Write a results folder's mutants as a mutation-testing-elements JSON report (the
    /// Stryker report format) for the standard HTML viewer.
    MutationReport(mutation_report::MutationReportArgs),
    /// The corpus of real crates and real faults: bring its releases from crates.io and
    /// write its crate's manifest and units (`fetch`), or list it.
    #[command(subcommand)]
    Corpus(corpus::CorpusCommand),
    /// The previous releases that `crates.io:VERSION` oracles name: bring them from the
    /// registry into the crate's .testspace-previous/ (`fetch`).
    #[command(subcommand)]
    Previous(previous::PreviousCommand),
    /// How often each of GRT's components acts: the suites of an experiment's `grt` runs
    /// of one component alone, generated again, with the choices each component changed.
    GrtActivity(grt_activity::GrtActivityArgs),
    /// Write a results folder as one self-contained HTML page with SVG figures: the
    /// experiment, the strategies' ranking and per-subject statistics.
    Report(report::ReportArgs),
}

/// An outcome that ends the process with an exit status of its own (e.g. `diff`'s 1 for
/// "they differ"), with a message on stderr unless it is empty.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct ExitWith {
    /// The exit status.
    pub code: u8,
    /// What to print after `error: ` (nothing when empty).
    pub message: String,
}

impl From<crate::report::reference::ReferenceFailure> for ExitWith {
    /// A failed comparison with the reference run ends `run`, `reproduce` and `merge` with
    /// `diff`'s status: 1 when the results differ, 2 when no comparison was made.
    fn from(failure: crate::report::reference::ReferenceFailure) -> Self {
        Self {
            code: failure.exit_status(),
            message: format!("{:#}", anyhow::Error::from(failure)),
        }
    }
}

/// Parses the process arguments, runs the subcommand and maps errors to an exit code
/// (1, or the code of an [`ExitWith`]).
pub fn main() -> ExitCode {
    quiet_on_closed_stdout();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_closed_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => match err.downcast_ref::<ExitWith>() {
            Some(exit) => {
                if !exit.message.is_empty() {
                    crate::kernel::stderr_line!("error: {}", exit.message);
                }
                ExitCode::from(exit.code)
            }
            None => {
                crate::kernel::stderr_line!("error: {err:#}");
                ExitCode::FAILURE
            }
        },
    }
}

/// Whether `err` comes from writing to a closed pipe (the reader, e.g. `head`, is gone).
fn is_closed_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Ends the process quietly (status 0) when `print!`/`println!` fail because stdout's
/// reader has gone, as `head` does after its lines; SIGPIPE stays ignored, so a supervisor
/// writing to a dead worker sees an error instead of dying. Other panics are reported as
/// before.
fn quiet_on_closed_stdout() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout") && message.contains("os error 32") {
            std::process::exit(0);
        }
        previous(info);
    }));
}

/// Runs one parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Context(args) => context::run(&args),
        Command::Decode(args) => decode::run(&args),
        Command::Demo(args) => demo::run(&args),
        Command::Harvest(args) => harvest::run(&args),
        Command::Encode(args) => encode::run(&args),
        Command::Run(args) => run::run(&args),
        Command::Reproduce(args) => run::reproduce(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Diff(args) => diff::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::Sample(args) => sample::run(&args),
        Command::Coverage(args) => coverage::run(&args),
        Command::ShowTest(args) => show_test::run(&args),
        Command::Reduce(args) => reduce::run(&args),
        Command::Minimal(args) => minimal::run(&args),
        Command::Slurm(args) => slurm::run(&args),
        Command::Worker => run::worker(),
        Command::Phi(args) => phi::run(&args),
        Command::Plot(args) => plot::run(&args),
        Command::Subjects(args) => subjects::run(&args),
        Command::Fe(args) => field_exhaustive::run(&args),
        Command::Mutate(args) => mutate::run(&args),
        Command::Mutants(args) => mutate::run_mutants(&args),
        Command::MutationReport(args) => mutation_report::run(&args),
        Command::Corpus(command) => corpus::run(&command),
        Command::Previous(command) => previous::run(&command),
        Command::Report(args) => report::run(&args),
        Command::GrtActivity(args) => grt_activity::run(&args),
    }
}
