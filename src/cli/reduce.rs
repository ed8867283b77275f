//! `testspace reduce`: the first failing test case of a cell, reduced to a 1-minimal
//! failing one (delta debugging, then earlier calls), as code or JSON.

use std::time::Instant;

use anyhow::Context as _;
use clap::{Args, ValueEnum};

use super::show_test::{CellArgs, FailingTest, locate, render};
use crate::reduce::{MutantFailure, Reduction, default_passes, reduce};

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
    let test = locate(&args.cell)?;
    let (reduction, seconds) = reduce_failing_test(&test)?;
    let text = match args.format {
        ReduceFormat::Code => render(&test, Some(&reduction)),
        ReduceFormat::Json => format!("{}\n", json(&test, &reduction)?),
    };
    print!("{text}");
    report_time(&reduction, seconds);
    Ok(())
}

/// The reduction's size and wall-clock time, on stderr (kept out of stdout, which is the
/// same on every run).
pub(crate) fn report_time(reduction: &Reduction, seconds: f64) {
    eprintln!(
        "reduced {} calls to {} in {} candidate test cases, {:.3} ms",
        reduction.original_calls,
        reduction.calls.len(),
        reduction.checks(),
        seconds * 1e3
    );
}

/// Reduces a cell's failing test case under the cell's oracle, gold and mutant guarded as
/// in a job; also the wall-clock seconds it took.
pub(crate) fn reduce_failing_test(test: &FailingTest) -> anyhow::Result<(Reduction, f64)> {
    let mut check = MutantFailure::new(test.unit, &test.context, test.cell.mutant, test.oracle)?;
    let started = Instant::now();
    let reduction = reduce(&test.calls, &mut check, &default_passes()).with_context(|| {
        format!(
            "reducing the failing test case of {} mutant {}",
            test.cell.subject, test.cell.mutant
        )
    })?;
    Ok((reduction, started.elapsed().as_secs_f64()))
}

/// The JSON object of a reduction: `original_calls`, `original_index`, `calls`, `k`,
/// `index` (decimal, at length k), `checks`, `steps`, the cell and the mutant's context
/// as TOML (for `testspace decode`).
fn json(test: &FailingTest, reduction: &Reduction) -> anyhow::Result<String> {
    let index = test
        .context
        .codec(reduction.calls.len())
        .encode(&reduction.calls)?;
    let value = serde_json::json!({
        "subject": test.cell.subject,
        "mutant": test.cell.mutant,
        "strategy": test.cell.strategy,
        "n": test.cell.n,
        "phase": test.cell.phase,
        "replicate": test.cell.replicate,
        "oracle": test.oracle.name(),
        "first_failure": test.cell.first_failure,
        "original_calls": reduction.original_calls,
        "original_index": test.index,
        "calls": reduction.calls,
        "k": reduction.calls.len(),
        "index": index.to_string(),
        "checks": reduction.checks(),
        "steps": reduction.steps,
        "context": test.context.to_toml(),
    });
    Ok(serde_json::to_string_pretty(&value)?)
}
