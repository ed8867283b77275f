//! `testspace decode`: a test-case index as canonical-form-3 code.

use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;
use num_bigint::BigUint;

use super::args::load_context;
use crate::report::test_case::render_test_case;

/// Arguments of `testspace decode`.
#[derive(Debug, Args)]
pub struct DecodeArgs {
    /// The test-context file (TOML).
    pub context: PathBuf,
    /// n: the number of method calls per test case.
    #[arg(long)]
    pub n: usize,
    /// The test-case index, a decimal integer in [0, jⁿ).
    #[arg(long)]
    pub index: String,
}

/// Parses a decimal test-case index.
pub fn parse_index(text: &str) -> anyhow::Result<BigUint> {
    let trimmed = text.trim();
    if trimmed.is_empty() || !trimmed.bytes().all(|b| b.is_ascii_digit()) {
        anyhow::bail!("--index {text:?} is not a non-negative decimal integer");
    }
    Ok(BigUint::parse_bytes(trimmed.as_bytes(), 10).expect("digits only"))
}

/// Runs `testspace decode`.
pub fn run(args: &DecodeArgs) -> anyhow::Result<()> {
    let context = load_context(&args.context)?;
    let index = parse_index(&args.index)?;
    let digits = context
        .codec(args.n)
        .decode(&index)
        .context("cannot decode --index")?;
    print!("{}", render_test_case(&context, &index, &digits));
    Ok(())
}
