//! `testspace reduce`: the first failing test case of a cell, reduced to a 1-minimal
//! failing one (delta debugging, then earlier calls), as code or JSON (found, reduced and
//! rendered by [`crate::reduce::failing_test`]).

use clap::{Args, ValueEnum};

use super::args::CellArgs;
use crate::reduce::failing_test::{
    isolated_check, locate, mutant_check, proptest_shrink, proptest_shrink_code,
    reduce_failing_test, reduce_isolated, reduction_json, reduction_summary, render,
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
    /// Judge each candidate alone in a supervised worker process: a candidate fails when the
    /// target differs, crashes its process, or hangs past the watchdog while gold completed.
    /// Also takes cells whose target crashed (outcome `crash`). A walk's cells only.
    #[arg(long)]
    pub isolate: bool,
    /// With --isolate, the watchdog in seconds per candidate (default: the experiment's).
    #[arg(long, requires = "isolate", value_parser = super::args::seconds)]
    pub watchdog: Option<f64>,
    /// With --isolate, SUBJECT:MUTANT: a failing candidate must also pass this target of
    /// another unit of the experiment (repeatable). For a corpus fault whose gold holds a
    /// fault of its own: that fault's later unit and number, so that the reduced test case
    /// shows none of gold's own fault.
    #[arg(long = "must-pass", requires = "isolate", value_parser = subject_target)]
    pub must_pass: Vec<(String, u32)>,
}

/// `SUBJECT:MUTANT`, split at the last colon.
fn subject_target(text: &str) -> Result<(String, u32), String> {
    let parsed = text
        .rsplit_once(':')
        .and_then(|(subject, mutant)| Some((subject.to_string(), mutant.parse().ok()?)));
    parsed
        .filter(|(subject, _)| !subject.is_empty())
        .ok_or_else(|| format!("`{text}` is not SUBJECT:MUTANT (e.g. SmallVecOfInts@0.6.14:1)"))
}

/// Runs `testspace reduce`: the result on stdout, the reduction's time on stderr (so that
/// stdout is the same on every run).
pub fn run(args: &ReduceArgs) -> anyhow::Result<()> {
    let mut query = args.cell.query();
    query.crashes = args.isolate;
    let test = locate(&query)?;
    let (reduction, fails, seconds) = if args.isolate {
        let watchdog = args.watchdog.map(std::time::Duration::from_secs_f64);
        let (reduction, fails, seconds) =
            reduce_isolated(&query.results, &test, watchdog, &args.must_pass)?;
        (reduction, Some(fails), seconds)
    } else {
        let (reduction, seconds) = reduce_failing_test(&test)?;
        (reduction, None, seconds)
    };
    // A `proptest` run's test case is also shrunk by proptest itself, under the same check.
    let proptest = match (&test.proptest, args.isolate) {
        (None, _) => None,
        (Some(_), true) => {
            let watchdog = args.watchdog.map(std::time::Duration::from_secs_f64);
            let mut check = isolated_check(&query.results, &test, watchdog, &args.must_pass)?;
            proptest_shrink(&test, &mut check)?
        }
        (Some(_), false) => proptest_shrink(&test, &mut mutant_check(&test)?)?,
    };
    let text = match args.format {
        ReduceFormat::Code => {
            let shrink = proptest.as_ref();
            let beside = shrink.map_or(String::new(), |s| proptest_shrink_code(&test, s));
            format!("{}{beside}", render(&test, Some(&reduction)))
        }
        ReduceFormat::Json => format!(
            "{}\n",
            reduction_json(&test, &reduction, fails, proptest.as_ref())?
        ),
    };
    print!("{text}");
    crate::kernel::stderr_line!("{}", reduction_summary(&reduction, seconds));
    if let Some(fails) = fails {
        crate::kernel::stderr_line!("the reduced test case, alone in a worker: {}", fails.name());
    }
    Ok(())
}
