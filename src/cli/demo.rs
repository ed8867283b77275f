//! `testspace demo`: a quick look at the strategies on an embedded context (the paper's
//! ArrayList context); the main job is `testspace reproduce`.

use std::sync::Arc;
use std::time::Instant;

use anyhow::Context as _;
use clap::Args;

use crate::context::file::parse_context;
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
}

/// Runs `testspace demo`: for n = 1..8 then doubling to 1024, runs `count` test cases of
/// every strategy on the ArrayList port and prints, per (strategy, n), the distinct test
/// cases among them, the distinct end states they reached (all value pools, objects by
/// `toString()`), the share of test cases that threw at least one exception, and the method
/// calls executed per second. bobw-prime's end states stop growing with n: the flat-lining
/// of the paper's Figure 6.
pub fn run(args: &DemoArgs) -> anyhow::Result<()> {
    let context = Arc::new(
        parse_context(
            std::path::Path::new("<embedded default context>"),
            DEFAULT_CONTEXT,
        )
        .context("the embedded default context is invalid")?,
    );
    let unit = crate::subject::registry().find(context.class())?;
    println!("{context}");
    println!();
    println!(
        "{:<11} {:>5} {:>8} {:>9} {:>12} {:>14}",
        "strategy", "n", "tests", "distinct", "exceptions", "calls/s"
    );
    let lengths: Vec<usize> = (1..=8).chain([16, 32, 64, 128, 256, 512, 1024]).collect();
    for kind in WalkKind::ALL {
        for &n in &lengths {
            let strategy = kind.build(&context, n, args.seed);
            let mut session = unit.session(context.clone());
            let mut cursor = strategy.cursor(0);
            let mut case = vec![0u32; n];
            let mut distinct = std::collections::HashSet::new();
            let mut end_states = std::collections::HashSet::new();
            let (mut tests, mut throwing, mut calls) = (0u64, 0u64, 0u64);
            let started = Instant::now();
            while tests < args.count && cursor.next_case(&mut case) {
                session.reset();
                let mut threw = false;
                for &call in &case {
                    threw |= session.step(call).is_err();
                }
                throwing += u64::from(threw);
                calls += n as u64;
                tests += 1;
                distinct.insert(case.clone());
                end_states.insert(session.render_pools());
            }
            let seconds = started.elapsed().as_secs_f64().max(1e-9);
            println!(
                "{:<11} {:>5} {:>8} {:>9} {:>11} {:>11.1}% {:>14.0}",
                kind.name(),
                n,
                tests,
                distinct.len(),
                end_states.len(),
                100.0 * throwing as f64 / tests.max(1) as f64,
                calls as f64 / seconds
            );
        }
    }
    Ok(())
}
