//! `testspace phi`: failure density Φ(j, k, n), FD and FDpmc (to be written).

use clap::Args;

/// Arguments of `testspace phi`.
#[derive(Debug, Args)]
pub struct PhiArgs {}

/// Runs `testspace phi`.
pub fn run(_args: &PhiArgs) -> anyhow::Result<()> {
    anyhow::bail!("testspace phi is not implemented yet")
}
