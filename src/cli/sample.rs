//! `testspace sample`: the test-case indices a strategy walks, one per line.

use std::io::{BufWriter, Write as _};

use clap::Args;

use super::args::{WalkArgs, load_context};

/// Arguments of `testspace sample`.
#[derive(Debug, Args)]
pub struct SampleArgs {
    /// The walk.
    #[command(flatten)]
    pub walk: WalkArgs,
    /// The counter of the first test case (0-based), to continue a walk.
    #[arg(long, default_value_t = 0)]
    pub start: u64,
}

/// Runs `testspace sample`: prints one decimal test-case index per line, nothing else.
pub fn run(args: &SampleArgs) -> anyhow::Result<()> {
    let (start, args) = (args.start, &args.walk);
    let context = load_context(&args.context)?;
    let strategy = args.walk(&context)?.build(&context, args.n, args.seed);
    let codec = context.codec(args.n);
    let mut cursor = strategy.cursor(start);
    let mut digits = vec![0u32; args.n];
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for _ in 0..args.count {
        if !cursor.next_case(&mut digits) {
            break;
        }
        writeln!(out, "{}", codec.encode(&digits)?)?;
    }
    out.flush()?;
    Ok(())
}
