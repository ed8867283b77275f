//! `testspace encode`: the inverse of `decode`.

use std::io::Read as _;
use std::path::PathBuf;

use anyhow::{Context as _, bail};
use clap::Args;

use super::args::load_context;
use crate::context::TestContext;
use crate::subject::{MethodKind, PoolType};

/// Arguments of `testspace encode`. Exactly one of `--calls` and `--code` is required.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["calls", "code"])))]
pub struct EncodeArgs {
    /// The test-context file (TOML).
    pub context: PathBuf,
    /// n: the number of method calls per test case.
    #[arg(long)]
    pub n: usize,
    /// The method-call indices ⟦mc₁⟧, …, ⟦mc_n⟧, separated by commas or spaces.
    #[arg(long)]
    pub calls: Option<String>,
    /// A file with canonical-form-3 code as printed by `testspace decode` (`-` for stdin).
    #[arg(long)]
    pub code: Option<PathBuf>,
}

/// Parses method-call indices separated by commas and/or whitespace.
pub fn parse_calls(text: &str) -> anyhow::Result<Vec<u64>> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .enumerate()
        .map(|(i, s)| {
            s.parse::<u64>()
                .with_context(|| format!("call {}: {s:?} is not a method-call index", i + 1))
        })
        .collect()
}

/// Parses the statements of canonical-form-3 code (as rendered by `decode`) back into
/// method-call indices. Each statement line ends in `// mc_i: signature`; its value-pool
/// references (`int_vp[1]`, `object_vp[0]`, …) give the slots: the assigned slot is the
/// return slot, the receiver is the target, the arguments are the parameters.
pub fn parse_code(context: &TestContext, code: &str) -> anyhow::Result<Vec<u64>> {
    let mut calls = Vec::new();
    for (line_no, line) in code.lines().enumerate() {
        let Some((statement, comment)) = line.split_once("// mc_") else {
            continue;
        };
        let signature = comment.split_once(':').map(|(_, s)| s.trim()).unwrap_or("");
        let at = || format!("line {}: {}", line_no + 1, line.trim());
        let position = context
            .methods()
            .iter()
            .position(|m| m.info.signature == signature)
            .with_context(|| format!("{}: `{signature}` is not in M_C", at()))?;
        let info = &context.methods()[position].info;
        let refs = pool_refs(statement).with_context(at)?;
        let (assigned, rest) = match statement.split_once('=') {
            Some((lhs, rhs)) => (
                pool_refs(lhs).with_context(at)?,
                pool_refs(rhs).with_context(at)?,
            ),
            None => (Vec::new(), refs),
        };
        let mut rest = rest.into_iter();
        let target = if info.kind == MethodKind::Instance {
            rest.next()
        } else {
            None
        };
        let params: Vec<(PoolType, u32)> = rest.collect();
        let mut slots: Vec<u32> = params.iter().map(|&(_, i)| i).collect();
        slots.extend(target.map(|(_, i)| i));
        slots.extend(assigned.first().map(|&(_, i)| i));
        let found: Vec<PoolType> = params
            .iter()
            .chain(target.iter())
            .chain(assigned.first())
            .map(|&(t, _)| t)
            .collect();
        let expected: Vec<PoolType> = info.slots.clone();
        if found.len() != expected.len() || found.iter().zip(&expected).any(|(a, b)| a != b) {
            bail!(
                "{}: `{signature}` takes slots {expected:?}, the statement has {found:?}",
                at()
            );
        }
        let call = context
            .call_space()
            .encode_call(position, &slots)
            .with_context(at)?;
        calls.push(u64::from(call));
    }
    Ok(calls)
}

/// The `x_vp[k]` references in a piece of code, in order.
fn pool_refs(text: &str) -> anyhow::Result<Vec<(PoolType, u32)>> {
    let mut refs = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("_vp[") {
        let name_start = rest[..at]
            .rfind(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .map_or(0, |i| i + 1);
        let name = &rest[name_start..at];
        let pool = PoolType::ALL
            .into_iter()
            .find(|t| t.key() == name)
            .with_context(|| format!("unknown value pool `{name}_vp`"))?;
        let after = &rest[at + 4..];
        let close = after.find(']').context("unclosed `[`")?;
        let index: u32 = after[..close]
            .trim()
            .parse()
            .with_context(|| format!("bad pool index in `{name}_vp[{}]`", &after[..close]))?;
        refs.push((pool, index));
        rest = &after[close + 1..];
    }
    Ok(refs)
}

/// Runs `testspace encode`.
pub fn run(args: &EncodeArgs) -> anyhow::Result<()> {
    let context = load_context(&args.context)?;
    let calls = match (&args.calls, &args.code) {
        (Some(list), _) => parse_calls(list)?,
        (None, Some(path)) => {
            let mut code = String::new();
            if path.as_os_str() == "-" {
                std::io::stdin()
                    .read_to_string(&mut code)
                    .context("cannot read code from stdin")?;
            } else {
                code = std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
            }
            parse_code(&context, &code).with_context(|| format!("in {}", path.display()))?
        }
        (None, None) => unreachable!("clap requires one of --calls and --code"),
    };
    if calls.len() != args.n {
        bail!("{} method calls given but --n is {}", calls.len(), args.n);
    }
    let space = context.call_space();
    let digits = calls
        .iter()
        .enumerate()
        .map(|(i, &c)| space.checked_decode_call(c, i + 1).map(|_| c as u32))
        .collect::<Result<Vec<u32>, _>>()?;
    let index = context.codec(args.n).encode(&digits)?;
    println!("{index}");
    Ok(())
}
