//! `testspace reduce`: the first failing test case of a cell, reduced to a 1-minimal
//! failing one (delta debugging, then earlier calls), as code or JSON (found, reduced and
//! rendered by [`crate::reduce::failing_test`]).

use clap::{Args, ValueEnum};

use super::args::CellArgs;
use crate::reduce::failing_test::{
    locate, reduce_failing_test, reduction_json, reduction_summary, render,
};

/// Output formats of `testspace reduce`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReduceFormat {
    /// The reduced test case as a standalone Rust `#[test]` (as `show-test --minimal`).
    Code,
    /// One JSON object: the cell, the original and reduced test cases, the steps.
    Json,
}

/// Arguments of `testspace reduce`.
#[derive(Debug, Args)]
pub struct ReduceArgs {
    /// The cell.
    #[command(flatten)]
    pub cell: CellArgs,
    /// The output format.
    #[arg(long, value_enum, default_value_t = ReduceFormat::Code)]
    pub format: ReduceFormat,
}

/// Runs `testspace reduce`: the result on stdout, the reduction's time on stderr (so that
/// stdout is the same on every run).
pub fn run(args: &ReduceArgs) -> anyhow::Result<()> {
    let test = locate(&args.cell.query())?;
    let (reduction, seconds) = reduce_failing_test(&test)?;
    let text = match args.format {
        ReduceFormat::Code => render(&test, Some(&reduction)),
        ReduceFormat::Json => format!("{}\n", reduction_json(&test, &reduction)?),
    };
    print!("{text}");
    eprintln!("{}", reduction_summary(&reduction, seconds));
    Ok(())
}
