//! `testspace context`: M_C with nc(m), T_I with vps, j and z.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde_json::json;

use super::args::load_context;
use crate::subject::PoolType;

/// Output formats of `testspace context`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ContextFormat {
    /// A table for people.
    Text,
    /// One JSON object for scripts.
    Json,
}

/// Arguments of `testspace context`.
#[derive(Debug, Args)]
pub struct ContextArgs {
    /// The test-context file (TOML).
    pub context: PathBuf,
    /// n: the number of method calls per test case.
    #[arg(long)]
    pub n: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ContextFormat::Text)]
    pub format: ContextFormat,
}

/// Runs `testspace context`.
pub fn run(args: &ContextArgs) -> anyhow::Result<()> {
    let context = load_context(&args.context)?;
    let z = context.z(args.n);
    match args.format {
        ContextFormat::Text => {
            println!("{context}");
            for line in origins(&context) {
                println!("{line}");
            }
            println!("n = {}", args.n);
            println!("z = j^n = {z}");
        }
        ContextFormat::Json => {
            let pools = context.pools();
            let methods: Vec<_> = context
                .methods()
                .iter()
                .map(|m| {
                    json!({
                        "name": m.info.name,
                        "signature": m.info.signature,
                        "kind": m.info.kind.to_string(),
                        "slots": m.info.slots.iter().map(|t| t.key()).collect::<Vec<_>>(),
                        "nc": m.nc,
                    })
                })
                .collect();
            let types: Vec<_> = context
                .types_of_interest()
                .iter()
                .map(|&t| {
                    let init = match t {
                        PoolType::Int => json!(pools.ints),
                        PoolType::Bool => json!(pools.bools),
                        PoolType::Str => json!(pools.strings),
                        PoolType::Object => serde_json::Value::Null,
                    };
                    let origins = code_origins(&context, t);
                    json!({ "type": t.key(), "vps": pools.size(t), "init": init, "origins": origins })
                })
                .collect();
            let doc = json!({
                "subject": context.class(),
                "n": args.n,
                "j": context.j(),
                "z": z.to_str_radix(10),
                "methods": methods,
                "types": types,
            });
            println!("{}", serde_json::to_string_pretty(&doc)?);
        }
    }
    Ok(())
}

/// Where each value of `pool` comes from, when the context's pool is the one seeded from the
/// subject's code ([`crate::subject::Unit::code_pools`]); `None` otherwise.
fn code_origins(context: &crate::context::TestContext, pool: PoolType) -> Option<Vec<String>> {
    let code = crate::subject::registry()
        .find(context.class())
        .ok()?
        .code_pools()?;
    let pools = context.pools();
    match pool {
        PoolType::Int if pools.ints == code.int_values() => Some(
            code.ints
                .iter()
                .map(|(_, origin)| origin.to_string())
                .collect(),
        ),
        PoolType::Str if pools.strings == code.string_values() => Some(
            code.strings
                .iter()
                .map(|(_, origin)| origin.to_string())
                .collect(),
        ),
        _ => None,
    }
}

/// Lines naming the origin of each value of the pools seeded from the code.
fn origins(context: &crate::context::TestContext) -> Vec<String> {
    let pools = context.pools();
    let mut lines = Vec::new();
    for (pool, values) in [
        (
            PoolType::Int,
            pools.ints.iter().map(i32::to_string).collect::<Vec<_>>(),
        ),
        (
            PoolType::Str,
            pools.strings.iter().map(|s| format!("{s:?}")).collect(),
        ),
    ] {
        if let Some(origins) = code_origins(context, pool) {
            let listed: Vec<String> = values
                .iter()
                .zip(&origins)
                .map(|(value, origin)| format!("{value} ({origin})"))
                .collect();
            lines.push(format!(
                "{} pool from the code: {}",
                pool.key(),
                listed.join(", ")
            ));
        }
    }
    lines
}
