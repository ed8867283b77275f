//! `testspace show-test`: the first failing test of a cell as a standalone Rust `#[test]`
//! (found and rendered by [`crate::reduce::failing_test`]).

use clap::{Args, ValueEnum};

use super::args::CellArgs;
use crate::reduce::failing_test::{
    find_cell, mutant_check, proptest_shrink, proptest_shrink_code, reduce_failing_test,
    reduction_summary, regenerate, render, structure_case, structure_run, test_json,
};

/// Output formats of `testspace show-test`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShowFormat {
    /// A standalone Rust `#[test]`.
    Code,
    /// One JSON object: the cell, the test case, its context and the target's first panic.
    Json,
}

/// Arguments of `testspace show-test`.
#[derive(Debug, Args)]
pub struct ShowTestArgs {
    /// The cell.
    #[command(flatten)]
    pub cell: CellArgs,
    /// Show the test case reduced to a 1-minimal failing one (as `testspace reduce`); for a
    /// `proptest` run, proptest's own shrink of it beside.
    #[arg(long)]
    pub minimal: bool,
    /// The output format (`json`: not for a structure test case, nor with --minimal, whose
    /// JSON is `reduce --format json`).
    #[arg(long, value_enum, default_value_t = ShowFormat::Code)]
    pub format: ShowFormat,
}

/// Runs `testspace show-test`: the test on stdout, a reduction's time on stderr.
pub fn run(args: &ShowTestArgs) -> anyhow::Result<()> {
    let query = args.cell.query();
    let (experiment, cell) = find_cell(&query)?;
    if let Some(config) = structure_run(&experiment, &cell) {
        anyhow::ensure!(
            !args.minimal,
            "a structure test case is one call on a structure: there is nothing to reduce"
        );
        anyhow::ensure!(
            args.format == ShowFormat::Code,
            "a structure test case is shown as code only"
        );
        print!(
            "{}",
            structure_case(&query.results, &experiment, &cell, config)?
        );
        return Ok(());
    }
    let test = regenerate(&query, &experiment, cell)?;
    if args.format == ShowFormat::Json {
        anyhow::ensure!(
            !args.minimal,
            "show-test --minimal --format json: use `reduce --format json`, which has the reduced test case"
        );
        println!("{}", test_json(&test)?);
        return Ok(());
    }
    let reduction = if args.minimal {
        Some(reduce_failing_test(&test)?)
    } else {
        None
    };
    print!("{}", render(&test, reduction.as_ref().map(|(r, _)| r)));
    // Beside a `proptest` run's reduced test case, proptest's own shrink of it.
    if args.minimal
        && test.proptest.is_some()
        && let Some(shrink) = proptest_shrink(&test, &mut mutant_check(&test)?)?
    {
        print!("{}", proptest_shrink_code(&test, &shrink));
    }
    if let Some((reduction, seconds)) = &reduction {
        crate::kernel::stderr_line!("{}", reduction_summary(reduction, *seconds));
    }
    Ok(())
}
