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
struct TuneManifest<'a> {
    tuning_file: String,
    tuning_sha256: String,
    evaluation_file: String,
    evaluation_sha256: String,
    seed: u64,
    fitness: crate::tune::FitnessKind,
    oracle: &'static str,
    optimiser: crate::tune::Settings,
    n: usize,
    tests: usize,
    /// The training test sets' seeds, none of them a replicate seed of the evaluation.
    test_set_seeds: &'a [u64],
    /// The evaluation experiment's replicate seeds.
    evaluation_seeds: &'a [u64],
    held_out: &'a [String],
    /// Per training unit: its training mutants and the evaluation's (excluded) ones.
    units: Vec<UnitRecord>,
    /// The base model's file, if the tuning names one.
    base_model: Option<String>,
    /// The tuned numbers, as the model fields they set.
    dimensions: &'a [String],
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

/// Runs `testspace tune`.
pub fn run(args: &TuneArgs) -> anyhow::Result<()> {
    let source = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let tuning = parse_tuning(&args.file, &source)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("runs").join(format!("tune-{}", tuning.name)));
    let started = std::time::Instant::now();
    let total = tuning.settings.evaluations;
    let (space, optimiser) = tune(&tuning, tuning.seed, args.jobs.max(1), |o| {
        let best = o.best().map_or(f64::NAN, |b| b.fitness);
        eprintln!(
            "tune: {}/{total} evaluations, best fitness {best:.4}",
            o.trace().len()
        );
    })?;
    let best = optimiser.best().context("no evaluation")?;
    let model = space.model_of(&best.point);
    let dimensions = space.names();
    let evaluation_source = std::fs::read(&tuning.evaluation)?;
    let manifest = TuneManifest {
        tuning_file: args.file.display().to_string(),
        tuning_sha256: sha256_hex(source.as_bytes()),
        evaluation_file: tuning.evaluation.display().to_string(),
        evaluation_sha256: sha256_hex(&evaluation_source),
        seed: tuning.seed,
        fitness: tuning.fitness,
        oracle: tuning.oracle.name(),
        optimiser: tuning.settings,
        n: tuning.sets.n,
        tests: tuning.sets.tests,
        test_set_seeds: &tuning.sets.seeds,
        evaluation_seeds: &tuning.evaluation_seeds,
        held_out: &tuning.held_out,
        units: tuning
            .units
            .iter()
            .zip(&tuning.excluded)
            .map(|(u, excluded)| UnitRecord {
                subject: u.unit.class().to_string(),
                training_mutants: u.mutants.clone(),
                excluded_mutants: excluded.clone(),
            })
            .collect(),
        base_model: tuning.base_file.as_ref().map(|f| f.display().to_string()),
        dimensions: &dimensions,
        best_fitness: best.fitness,
        evaluations: optimiser.trace().len(),
        seconds: started.elapsed().as_secs_f64(),
    };
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    let header = format!(
        "# Tuned by `testspace tune {}`: best mean {} area {:.6} on the training data\n# of {} (manifest.json records it).\n",
        args.file.display(),
        match tuning.fitness {
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
    std::fs::write(out.join("model.toml"), header + &model.to_toml())?;
    std::fs::write(
        out.join("trace.csv"),
        trace_csv(&dimensions, optimiser.trace()),
    )?;
    std::fs::write(
        out.join("manifest.json"),
        serde_json::to_string_pretty(&manifest)? + "\n",
    )?;
    println!(
        "tuned {} ({} numbers) in {} evaluations: best fitness {:.4}; model, trace and manifest in {}",
        space.describe(),
        dimensions.len(),
        optimiser.trace().len(),
        best.fitness,
        out.display()
    );
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
