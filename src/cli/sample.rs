//! `testspace sample`: the test-case indices a strategy walks, one per line.

use std::io::{BufWriter, Write as _};
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context as _;
use clap::Args;

use crate::context::TestContext;
use crate::kernel::parameters::ParameterScope;
use crate::walk::WalkConfig;
use crate::walk::WalkKind;

/// The walk both `sample` and `coverage` take: a context, a strategy at length n, how
/// many test cases and the seed.
#[derive(Debug, Args)]
pub struct WalkArgs {
    /// The test-context file (TOML).
    pub context: PathBuf,
    /// The strategy: a registered walk (be, r, r-leaf, bobw, bobw-prime, round-robin, swarm, …).
    #[arg(long)]
    pub strategy: WalkKind,
    /// n: the number of method calls per test case.
    #[arg(long)]
    pub n: usize,
    /// How many test cases (fewer if the walk ends, as BE's does after jⁿ).
    #[arg(long)]
    pub count: u64,
    /// The seed of the strategy's randomness (ignored by be and bobw-prime).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// A choice model file (TOML) for `--strategy choice` (README, "Choice models").
    #[arg(long, value_name = "FILE")]
    pub model: Option<PathBuf>,
}

impl WalkArgs {
    /// The strategy with its parameters (`--model`), checked against `context`.
    ///
    /// # Errors
    /// `--model` for a strategy without a `model` parameter, or a model that the strategy
    /// refuses (naming the model file, line and field).
    pub fn walk(&self, context: &TestContext) -> anyhow::Result<WalkConfig> {
        let Some(model) = &self.model else {
            return Ok(WalkConfig::of(self.strategy));
        };
        anyhow::ensure!(
            self.strategy.parameter_names().iter().any(|p| p == "model"),
            "--model is for --strategy choice; {} takes no model",
            self.strategy
        );
        let file = model.to_str().context("the model's path is not UTF-8")?;
        let table = toml::Table::from_iter([("model".to_string(), file.into())]);
        let contexts = [Arc::new(context.clone())];
        let scope = ParameterScope {
            directory: None,
            contexts: &contexts,
        };
        let params = self.strategy.read_parameters_in(&table, &scope)?;
        Ok(WalkConfig {
            kind: self.strategy,
            params,
        })
    }
}

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
    let context = super::context::load(&args.context)?;
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
