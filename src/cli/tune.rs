//! `testspace tune`: tunes a choice model's method weights on a tuning file's training units
//! and mutants (`tune::file`), and writes the model, its fitness trace and a manifest.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use crate::runner::output::sha256_hex;
use crate::table::{OutputPlace, StagedFiles};
use crate::tune::output::{TunedModel, TuningSource};
use crate::tune::{file::parse_tuning, tune};

/// Arguments of `testspace tune`.
#[derive(Debug, Args)]
pub struct TuneArgs {
    /// The tuning file (format: `tune::file`, or docs/strategy-catalog.md, "Tuning a model").
    pub file: PathBuf,
    /// The output folder (default: `runs/tune-<name>`).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Threads computing a batch's fitnesses (the result is the same for any number).
    #[arg(long, default_value_t = 2)]
    pub jobs: usize,
}

/// Runs `testspace tune`: every model of the file's scheme is tuned before anything is
/// written, and the files appear together or not at all.
pub fn run(args: &TuneArgs) -> anyhow::Result<()> {
    let source = crate::kernel::file::read_source(&args.file)?;
    let tuning = parse_tuning(&args.file, &source)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("runs").join(format!("tune-{}", tuning.name)));
    // Checked before the work, so a refusal costs nothing.
    let default = args.out.is_none();
    OutputPlace::Folder(&out).check("tune", default)?;
    let evaluation_source = std::fs::read(&tuning.evaluation)
        .with_context(|| format!("cannot read {}", tuning.evaluation.display()))?;
    let origin = TuningSource {
        file: &args.file,
        sha256: sha256_hex(source.as_bytes()),
        evaluation_sha256: sha256_hex(&evaluation_source),
    };
    let mut outputs = Vec::new();
    for (target, task) in tuning.tasks() {
        let started = std::time::Instant::now();
        let total = task.settings.evaluations;
        let label = target
            .as_deref()
            .map_or(String::new(), |t| format!(" {t}:"));
        let tuned = tune(&task, task.seed, args.jobs.max(1), |o| {
            let best = o.best().map_or(f64::NAN, |b| b.fitness);
            crate::kernel::stderr_line!(
                "tune:{label} {}/{total} evaluations, best fitness {best:.4}",
                o.trace().len()
            );
        })?;
        let (space, optimiser) = (&tuned.space, &tuned.optimiser);
        let tuned = TunedModel {
            task: &task,
            target: target.as_deref(),
            space,
            optimiser,
            abandoned: &tuned.abandoned,
            seconds: started.elapsed().as_secs_f64(),
        };
        let files = tuned.files(&origin)?.context("no evaluation")?;
        println!(
            "tuned{label} {} ({} numbers) in {} evaluations: best fitness {:.4}; \
             {} abandoned at gold's guards",
            space.describe(),
            space.names().len(),
            optimiser.trace().len(),
            tuned.best().map_or(f64::NAN, |b| b.fitness),
            match tuned.abandoned_tests() {
                1 => "1 test case".to_string(),
                n => format!("{n} test cases"),
            },
        );
        outputs.push(files);
    }
    let mut staging = StagedFiles::claim(OutputPlace::Folder(&out), "tune", default)?;
    for (file, text) in outputs.into_iter().flatten() {
        staging.write(&file, text)?;
    }
    staging.commit()?;
    println!("models, traces and manifests in {}", out.display());
    Ok(())
}
