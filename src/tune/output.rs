//! What a tuning writes for each tuned model: the model (TOML, headed by the fitness it
//! reached), its fitness trace (CSV, one row per evaluation) and a manifest (JSON) that
//! records the training data and the evaluation data kept apart from it.

use std::path::Path;

use super::file::{Scheme, Tuning};
use super::{Evaluation, FitnessKind, Optimiser, SearchSpace, Settings};

/// The tuning file a model was tuned from, and the evaluation experiment it names.
#[derive(Clone, Debug)]
pub struct TuningSource<'a> {
    /// The tuning file, as given.
    pub file: &'a Path,
    /// Its SHA-256, in hexadecimal.
    pub sha256: String,
    /// The evaluation experiment's SHA-256, in hexadecimal.
    pub evaluation_sha256: String,
}

/// One finished tuning run.
#[derive(Clone, Copy)]
pub struct TunedModel<'a> {
    /// The task tuned (one of [`Tuning::tasks`]).
    pub task: &'a Tuning,
    /// The subject the model is for (`each`, `leave-one-out`), `None` for one model.
    pub target: Option<&'a str>,
    /// The numbers tuned.
    pub space: &'a SearchSpace,
    /// The finished optimiser: its trace and best point.
    pub optimiser: &'a Optimiser,
    /// Per evaluation of the trace, the test cases gold's guards abandoned.
    pub abandoned: &'a [u64],
    /// Wall-clock seconds the run took (recorded only).
    pub seconds: f64,
}

/// What `manifest.json` of a tuning records.
#[derive(serde::Serialize)]
struct TuneManifest {
    tuning_file: String,
    tuning_sha256: String,
    evaluation_file: String,
    evaluation_sha256: String,
    scheme: Scheme,
    /// The subject the model is for (`each`, `leave-one-out`).
    model_for: Option<String>,
    seed: u64,
    fitness: FitnessKind,
    oracle: &'static str,
    optimiser: Settings,
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
    /// Test cases gold's guards abandoned, summed over the evaluations.
    abandoned_tests: u64,
    seconds: f64,
}

#[derive(serde::Serialize)]
struct UnitRecord {
    subject: String,
    training_mutants: Vec<u32>,
    excluded_mutants: Vec<u32>,
}

impl TunedModel<'_> {
    /// The best evaluation, if the run made any.
    pub fn best(&self) -> Option<&Evaluation> {
        self.optimiser.best()
    }

    /// Test cases gold's guards abandoned, over every evaluation.
    pub fn abandoned_tests(&self) -> u64 {
        self.abandoned.iter().sum()
    }

    /// The three files of the model as (file name, content): `model.toml`, `trace.csv`
    /// and `manifest.json`, or `T.toml`, `T.trace.csv` and `T.manifest.json` for a model
    /// of target `T`. `None` if the run made no evaluation.
    ///
    /// # Errors
    /// If the manifest cannot be serialised.
    pub fn files(
        &self,
        source: &TuningSource<'_>,
    ) -> Result<Option<[(String, String); 3]>, serde_json::Error> {
        let Some(best) = self.best() else {
            return Ok(None);
        };
        let (model, trace, manifest_file) = match self.target {
            None => (
                "model.toml".to_string(),
                "trace.csv".to_string(),
                "manifest.json".to_string(),
            ),
            Some(t) => (
                format!("{t}.toml"),
                format!("{t}.trace.csv"),
                format!("{t}.manifest.json"),
            ),
        };
        let manifest = self.manifest(source, best.fitness);
        let subjects: Vec<&str> = manifest.units.iter().map(|u| u.subject.as_str()).collect();
        let header = format!(
            "# Tuned by `testspace tune {}`: best mean {} area {:.6} on the training data\n\
             # of {} ({manifest_file} records it).\n",
            source.file.display(),
            match self.task.fitness {
                FitnessKind::Kills => "kill-curve",
                FitnessKind::Coverage => "coverage-curve",
            },
            best.fitness,
            subjects.join(", "),
        );
        let dimensions = self.space.names();
        Ok(Some([
            (model, header + &self.space.model_of(&best.point).to_toml()),
            (
                trace,
                trace_csv(&dimensions, self.optimiser.trace(), self.abandoned),
            ),
            (
                manifest_file,
                serde_json::to_string_pretty(&manifest)? + "\n",
            ),
        ]))
    }

    fn manifest(&self, source: &TuningSource<'_>, best_fitness: f64) -> TuneManifest {
        let task = self.task;
        TuneManifest {
            tuning_file: source.file.display().to_string(),
            tuning_sha256: source.sha256.clone(),
            evaluation_file: task.evaluation.display().to_string(),
            evaluation_sha256: source.evaluation_sha256.clone(),
            scheme: task.scheme,
            model_for: self.target.map(str::to_string),
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
            dimensions: self.space.names(),
            best_fitness,
            evaluations: self.optimiser.trace().len(),
            abandoned_tests: self.abandoned_tests(),
            seconds: self.seconds,
        }
    }
}

/// The fitness trace: one row per evaluation, in order, with the test cases gold's guards
/// abandoned while its fitness was computed (`abandoned[i]` for evaluation i) and its point.
pub fn trace_csv(dimensions: &[String], trace: &[Evaluation], abandoned: &[u64]) -> String {
    assert_eq!(trace.len(), abandoned.len(), "one count per evaluation");
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut text = String::from("evaluation,fitness,abandoned");
    for s in dimensions {
        text.push(',');
        text.push_str(&quote(s));
    }
    text.push('\n');
    for (i, (e, abandoned)) in trace.iter().zip(abandoned).enumerate() {
        text.push_str(&format!("{},{},{abandoned}", i + 1, e.fitness));
        for w in &e.point {
            text.push_str(&format!(",{w}"));
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trace_has_a_row_per_evaluation_and_quoted_dimensions() {
        let trace = [
            Evaluation {
                point: vec![0.5, 2.0],
                fitness: 0.25,
            },
            Evaluation {
                point: vec![1.0, 0.0],
                fitness: 0.75,
            },
        ];
        let names = ["add(\"x\")".to_string(), "remove".to_string()];
        assert_eq!(
            trace_csv(&names, &trace, &[0, 3]),
            "evaluation,fitness,abandoned,\"add(\"\"x\"\")\",\"remove\"\n1,0.25,0,0.5,2\n2,0.75,3,1,0\n"
        );
    }
}
