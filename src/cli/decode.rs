//! `testspace decode`: a test-case index as canonical-form-3 code.

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;
use num_bigint::BigUint;

use crate::context::TestContext;
use crate::subject::PoolType;

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

/// Renders test case `digits` of `context` as canonical-form-3 code (Figure 1(d) of the
/// paper, in Rust syntax): value-pool declarations and initial values, then one
/// statement per method call, each commented with its position and method signature.
pub fn render_test_case(context: &TestContext, index: &BigUint, digits: &[u32]) -> String {
    let mut out = String::new();
    let n = digits.len();
    let _ = writeln!(
        out,
        "// {class} test case {index} of z = j^n = {j}^{n} (canonical form 3)",
        class = context.class(),
        j = context.j()
    );
    let pools = context.pools();
    for &t in context.types_of_interest() {
        let size = pools.size(t);
        let line = match t {
            PoolType::Int => {
                let init: Vec<String> = pools.ints.iter().map(|v| format!("Some({v})")).collect();
                format!(
                    "let mut int_vp: [Option<i32>; {size}] = [{}];",
                    init.join(", ")
                )
            }
            PoolType::Bool => {
                let init: Vec<String> = pools.bools.iter().map(|v| v.to_string()).collect();
                format!("let mut bool_vp: [bool; {size}] = [{}];", init.join(", "))
            }
            PoolType::Str => {
                let init: Vec<String> = pools
                    .strings
                    .iter()
                    .map(|v| format!("Some({v:?}.to_string())"))
                    .collect();
                format!(
                    "let mut string_vp: [Option<String>; {size}] = [{}];",
                    init.join(", ")
                )
            }
            PoolType::Object => {
                let init = vec!["None"; size].join(", ");
                format!(
                    "let mut object_vp: [Option<{}>; {size}] = [{init}];",
                    context.class()
                )
            }
        };
        let _ = writeln!(out, "{line}");
    }
    for (i, &d) in digits.iter().enumerate() {
        let info = &context.methods()[context.call(d).position].info;
        let _ = writeln!(
            out,
            "{}  // mc_{}: {}",
            context.render_call(d),
            i + 1,
            info.signature
        );
    }
    out
}

/// Runs `testspace decode`.
pub fn run(args: &DecodeArgs) -> anyhow::Result<()> {
    let context = super::context::load(&args.context)?;
    let index = parse_index(&args.index)?;
    let digits = context
        .codec(args.n)
        .decode(&index)
        .context("cannot decode --index")?;
    print!("{}", render_test_case(&context, &index, &digits));
    Ok(())
}
