//! The arguments several subcommands share: a test-context file, a walk (`sample`,
//! `coverage`) and a result cell (`show-test`, `reduce`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context as _;
use clap::Args;

use crate::context::TestContext;
use crate::context::file::load_context as read_context;
use crate::experiment::file::{MIN_SECONDS, bounded_seconds};
use crate::kernel::parameters::ParameterScope;
use crate::reduce::failing_test::CellQuery;
use crate::walk::{WalkConfig, WalkKind};

/// Loads a context file, with the file name in any error.
pub fn load_context(path: &Path) -> anyhow::Result<TestContext> {
    read_context(path).with_context(|| format!("invalid test context {}", path.display()))
}

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
    /// A choice model file (TOML) for `--strategy choice` (docs/strategy-catalog.md, "Choice models").
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

/// Which cell's first failing test case: the arguments `show-test` and `reduce` share.
#[derive(Debug, Args)]
pub struct CellArgs {
    /// A results folder written by `testspace run`.
    pub results: PathBuf,
    /// The subject's class name.
    #[arg(long)]
    pub subject: String,
    /// The mutant id.
    #[arg(long)]
    pub mutant: u32,
    /// The strategy, as the `strategy` column names it (a registered walk or generator, or a structure suite).
    #[arg(long)]
    pub strategy: String,
    /// n.
    #[arg(long)]
    pub n: u64,
    /// The phase, if several phases ran this cell (default: the first that killed it).
    #[arg(long)]
    pub phase: Option<String>,
    /// The replicate of a replicated run.
    #[arg(long, default_value_t = 0)]
    pub replicate: u32,
}

impl CellArgs {
    /// The cell these arguments name.
    pub fn query(&self) -> CellQuery {
        CellQuery {
            results: self.results.clone(),
            subject: self.subject.clone(),
            mutant: self.mutant,
            strategy: self.strategy.clone(),
            n: self.n,
            phase: self.phase.clone(),
            replicate: self.replicate,
            crashes: false,
        }
    }
}

/// Seconds given on the command line (a watchdog, an interval): every seconds flag of
/// every command is read by this one parser, bounded as an experiment file's watchdog is
/// (from [`MIN_SECONDS`] to [`crate::experiment::file::MAX_SECONDS`]).
pub fn seconds(text: &str) -> Result<f64, String> {
    let seconds = text.parse::<f64>().unwrap_or(f64::NAN);
    bounded_seconds(seconds, MIN_SECONDS).map_err(|message| format!("`{text}` {message}"))
}
