//! `testspace demo`: a quick look at the strategies on an embedded context (the paper's
//! ArrayList context), gold run under the runner's guards ([`crate::demo`]); the main job is
//! `testspace reproduce`.

use std::sync::Arc;

use anyhow::Context as _;
use clap::Args;

use crate::context::file::parse_context;
use crate::demo::{DemoRow, LENGTHS, row};
use crate::walk::WalkKind;

/// The embedded default context: `java.util.ArrayList` with the paper's pools.
pub const DEFAULT_CONTEXT: &str = include_str!("../../testdata/contexts/array_list_paper.toml");

/// Arguments of `testspace demo`.
#[derive(Debug, Args)]
pub struct DemoArgs {
    /// Test cases per strategy and length.
    #[arg(long, default_value_t = 1000)]
    pub count: u64,
    /// Seed of the random strategies.
    #[arg(long, default_value_t = 2010)]
    pub seed: u64,
    /// Only this strategy (repeatable; default: every registered walk).
    #[arg(long = "strategy", value_name = "NAME")]
    pub strategies: Vec<WalkKind>,
    /// Only this length n (repeatable; default: 1…8, then doubling to 1024).
    #[arg(long = "n", value_name = "N", value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub lengths: Vec<u64>,
}

/// Runs `testspace demo`: for n = 1..8 then doubling to 1024, runs `count` test cases of
/// every strategy on gold of the ArrayList port, under the runner's guards, and prints per
/// (strategy, n) the distinct test cases among them, the distinct end states reached (all
/// value pools, objects by `toString()`), the share of test cases that threw, the test
/// cases abandoned at a guard and the method calls per second (calls of the test cases not
/// abandoned over the row's whole time). bobw-prime's end states stop growing with n: the
/// flat-lining of the paper's Figure 6.
pub fn run(args: &DemoArgs) -> anyhow::Result<()> {
    let context = Arc::new(
        parse_context(
            std::path::Path::new("<embedded default context>"),
            DEFAULT_CONTEXT,
        )
        .context("the embedded default context is invalid")?,
    );
    let unit = crate::subject::registry().find(context.class())?;
    let strategies: &[WalkKind] = if args.strategies.is_empty() {
        WalkKind::ALL
    } else {
        &args.strategies
    };
    let lengths: Vec<usize> = if args.lengths.is_empty() {
        LENGTHS.to_vec()
    } else {
        args.lengths.iter().map(|&n| n as usize).collect()
    };
    println!("{context}");
    println!();
    println!(
        "{:<11} {:>5} {:>8} {:>9} {:>11} {:>12} {:>10} {:>14}",
        "strategy", "n", "tests", "distinct", "end states", "exceptions", "abandoned", "calls/s"
    );
    for &kind in strategies {
        for &n in &lengths {
            print_row(&row(unit, &context, kind, n, args.count, args.seed));
        }
    }
    Ok(())
}

fn print_row(row: &DemoRow) {
    println!(
        "{:<11} {:>5} {:>8} {:>9} {:>11} {:>11.1}% {:>10} {:>14.0}",
        row.strategy,
        row.n,
        row.tests,
        row.distinct,
        row.end_states,
        row.throwing_percent(),
        row.abandoned,
        row.calls_per_second()
    );
}
