//! `testspace tune`: tunes a choice model's method weights on a tuning file's training units
//! and mutants (`tune::file`), and writes the model, its fitness trace and a manifest.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use crate::runner::output::sha256_hex;
use crate::tune::{Evaluation, file::parse_tuning, tune};

/// Arguments of `testspace tune`.
#[derive(Debug, Args)]
pub struct TuneArgs {
    /// The tuning file (format: `tune::file`, or the README's "Tuning choice models").
    pub file: PathBuf,
    /// The output folder (default: `runs/tune-<name>`).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Threads computing a batch's fitnesses (the result is the same for any number).
    #[arg(long, default_value_t = 2)]
    pub jobs: usize,
}

/// What `manifest.json` of a tuning records.
#[derive(serde::Serialize)]
struct TuneManifest {
    tuning_file: String,
    tuning_sha256: String,
    evaluation_file: String,
    evaluation_sha256: String,
    scheme: crate::tune::file::Scheme,
    /// The subject the model is for (`each`, `leave-one-out`).
    model_for: Option<String>,
    seed: u64,
    fitness: crate::tune::FitnessKind,
    oracle: &'static str,
    optimiser: crate::tune::Settings,
    n: usize,
    tests: usize,
    /// The training test sets' seeds, none of them a replicate seed of the evaluation.
    test_set_seeds: Vec<u64>,
    /// The evaluation experiment's replicate seeds.
    evaluation_seeds: Vec<u64>,
    held_out: Vec<String>,
    /// Per training unit: its training mutants and the evaluation's (excluded) ones.
    units: Vec<UnitRecord>,
    /// The base model's file, if the tuning names one.
    base_model: Option<String>,
    /// The tuned numbers, as the model fields they set.
    dimensions: Vec<String>,
    best_fitness: f64,
    evaluations: usize,
    seconds: f64,
}

#[derive(serde::Serialize)]
struct UnitRecord {
    subject: String,
    training_mutants: Vec<u32>,
    excluded_mutants: Vec<u32>,
}

/// Runs `testspace tune`: every model of the file's scheme is tuned before anything is
/// written.
pub fn run(args: &TuneArgs) -> anyhow::Result<()> {
    let source = crate::kernel::file::read_source(&args.file)?;
    let tuning = parse_tuning(&args.file, &source)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("runs").join(format!("tune-{}", tuning.name)));
    let evaluation_source = std::fs::read(&tuning.evaluation)
        .with_context(|| format!("cannot read {}", tuning.evaluation.display()))?;
    let mut outputs = Vec::new();
    for (target, task) in tuning.tasks() {
        let started = std::time::Instant::now();
        let total = task.settings.evaluations;
        let label = target
            .as_deref()
            .map_or(String::new(), |t| format!(" {t}:"));
        let (space, optimiser) = tune(&task, task.seed, args.jobs.max(1), |o| {
            let best = o.best().map_or(f64::NAN, |b| b.fitness);
            eprintln!(
                "tune:{label} {}/{total} evaluations, best fitness {best:.4}",
                o.trace().len()
            );
        })?;
        let best = optimiser.best().context("no evaluation")?.clone();
        let dimensions = space.names();
        let manifest = TuneManifest {
            tuning_file: args.file.display().to_string(),
            tuning_sha256: sha256_hex(source.as_bytes()),
            evaluation_file: task.evaluation.display().to_string(),
            evaluation_sha256: sha256_hex(&evaluation_source),
            scheme: task.scheme,
            model_for: target.clone(),
            seed: task.seed,
            fitness: task.fitness,
            oracle: task.oracle.name(),
            optimiser: task.settings,
            n: task.sets.n,
            tests: task.sets.tests,
            test_set_seeds: task.sets.seeds.clone(),
            evaluation_seeds: task.evaluation_seeds.clone(),
            held_out: task.held_out.clone(),
            units: task
                .units
                .iter()
                .zip(&task.excluded)
                .map(|(u, excluded)| UnitRecord {
                    subject: u.unit.class().to_string(),
                    training_mutants: u.mutants.clone(),
                    excluded_mutants: excluded.clone(),
                })
                .collect(),
            base_model: task.base_file.as_ref().map(|f| f.display().to_string()),
            dimensions: dimensions.clone(),
            best_fitness: best.fitness,
            evaluations: optimiser.trace().len(),
            seconds: started.elapsed().as_secs_f64(),
        };
        let (model, trace, manifest_file) = match &target {
            None => (
                "model.toml".into(),
                "trace.csv".into(),
                "manifest.json".into(),
            ),
            Some(t) => (
                format!("{t}.toml"),
                format!("{t}.trace.csv"),
                format!("{t}.manifest.json"),
            ),
        };
        let header = format!(
            "# Tuned by `testspace tune {}`: best mean {} area {:.6} on the training data\n# of {} ({manifest_file} records it).\n",
            args.file.display(),
            match task.fitness {
                crate::tune::FitnessKind::Kills => "kill-curve",
                crate::tune::FitnessKind::Coverage => "coverage-curve",
            },
            best.fitness,
            manifest
                .units
                .iter()
                .map(|u| u.subject.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        );
        println!(
            "tuned{label} {} ({} numbers) in {} evaluations: best fitness {:.4}",
            space.describe(),
            dimensions.len(),
            optimiser.trace().len(),
            best.fitness,
        );
        outputs.push([
            (model, header + &space.model_of(&best.point).to_toml()),
            (trace, trace_csv(&dimensions, optimiser.trace())),
            (
                manifest_file,
                serde_json::to_string_pretty(&manifest)? + "\n",
            ),
        ]);
    }
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    for (file, text) in outputs.into_iter().flatten() {
        std::fs::write(out.join(&file), text)
            .with_context(|| format!("cannot write {}", out.join(&file).display()))?;
    }
    println!("models, traces and manifests in {}", out.display());
    Ok(())
}

/// The fitness trace: one row per evaluation, in order, with its point.
fn trace_csv(dimensions: &[String], trace: &[Evaluation]) -> String {
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut text = String::from("evaluation,fitness");
    for s in dimensions {
        text.push(',');
        text.push_str(&quote(s));
    }
    text.push('\n');
    for (i, e) in trace.iter().enumerate() {
        text.push_str(&format!("{},{}", i + 1, e.fitness));
        for w in &e.point {
            text.push_str(&format!(",{w}"));
        }
        text.push('\n');
    }
    text
}
