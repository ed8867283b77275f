//! The poulding2015 experiment at the command line: it parses in every profile with one run
//! per question, its smoke profile runs (each cell's coverage-curve area is the tuning
//! fitness f_eff of its test set), and its committed tuned models are what its tuning files
//! make again (tuning is deterministic).

mod common;

use std::path::Path;

use common::{cells_without_timing, success_stdout, testspace};
use testspace::experiment::file::parse_experiment_profile;

#[test]
fn the_poulding2015_experiment_parses_in_every_profile_with_one_run_per_question() {
    let path = Path::new("experiments/poulding2015.toml");
    let source = std::fs::read_to_string(path).unwrap();
    for (profile, subjects) in [("default", 15), ("full", 15), ("smoke", 3)] {
        let experiment = parse_experiment_profile(path, &source, profile).unwrap();
        assert_eq!(experiment.subjects.len(), subjects, "{profile}");
        let names: Vec<&str> = experiment.phases[0].runs.iter().map(|r| r.name()).collect();
        assert_eq!(
            names,
            [
                "r",
                "r-leaf",
                "swarm",
                "ensemble",
                "self",
                "library",
                "map-library",
                "extended",
                "list-library",
                "set-library",
                "build-only"
            ],
            "{profile}"
        );
    }
}

/// Runs the smoke profile into `out` on `jobs` jobs.
fn run_smoke(out: &Path, jobs: &str) {
    success_stdout(
        testspace()
            .args(["run", "experiments/poulding2015.toml", "--profile", "smoke"])
            .args(["--quiet", "--jobs", jobs, "--out"])
            .arg(out),
    );
}

#[test]
fn the_smoke_profile_runs_every_question_on_every_subject() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("smoke");
    run_smoke(&out, "2");
    let cells = cells_without_timing(&out);
    let header = &cells[0];
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (strategy, subject) = (column("strategy"), column("subject"));
    let mut pairs: Vec<(String, String)> = cells[1..]
        .iter()
        .map(|c| (c[strategy].clone(), c[subject].clone()))
        .collect();
    pairs.sort();
    pairs.dedup();
    assert_eq!(pairs.len(), 11 * 3, "{pairs:?}");
    areas_are_the_tuning_fitness_of_the_replicate_s_test_set(&cells);
    // The same cells for one job as for two.
    let one = dir.path().join("one");
    run_smoke(&one, "1");
    assert_eq!(cells, cells_without_timing(&one));
}

/// The experiment asks for the area under each cell's coverage curve: for every full-length
/// cell of the default ensemble, that area over 100 test cases and the unit's branches is
/// the tuning fitness f_eff (`tune::fitness::coverage_area`, computed apart from the runner)
/// of the one test set the cell's seed draws.
fn areas_are_the_tuning_fitness_of_the_replicate_s_test_set(cells: &[Vec<String>]) {
    let path = Path::new("experiments/poulding2015.toml");
    let source = std::fs::read_to_string(path).unwrap();
    let experiment = parse_experiment_profile(path, &source, "smoke").unwrap();
    let model = testspace::walk::choice::model::ModelFile::read(Path::new("models/ensemble.toml"))
        .unwrap()
        .model;
    let header = &cells[0];
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let mut checked = 0;
    for cell in &cells[1..] {
        let value = |name: &str| cell[column(name)].clone();
        if value("strategy") != "ensemble" || value("tests_run") != "100" {
            continue;
        }
        let subject = experiment
            .subjects
            .iter()
            .find(|s| s.unit.class() == value("subject"))
            .unwrap();
        let unit = testspace::tune::fitness::PortfolioUnit {
            unit: subject.unit,
            context: subject.context.clone(),
            mutants: Vec::new(),
        };
        let sets = testspace::tune::fitness::TestSets {
            n: 20,
            tests: 100,
            seeds: vec![value("seed").parse().unwrap()],
        };
        let fitness = testspace::tune::fitness::coverage_area(&[unit], &sets, &model)
            .unwrap()
            .value;
        let area: f64 = value("branches_area").parse().unwrap();
        let total: f64 = value("branches_total").parse().unwrap();
        let recorded = area / (100.0 * total);
        assert!(
            (recorded - fitness).abs() < 1e-12,
            "{}: {recorded} vs {fitness}",
            value("subject")
        );
        checked += 1;
    }
    assert!(checked >= 3, "{checked} cells checked");
}

/// Tunes `experiments/poulding2015/{tuning}.toml` afresh and compares each of `files` with
/// its committed copy in `models/poulding2015/{committed}/`.
fn tuning_remakes(tuning: &str, committed: &str, files: &[String]) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join(committed);
    success_stdout(
        testspace()
            .arg("tune")
            .arg(format!("experiments/poulding2015/{tuning}.toml"))
            .args(["--jobs", "1", "--out"])
            .arg(&out),
    );
    for file in files {
        let committed = Path::new("models/poulding2015").join(committed).join(file);
        assert_eq!(
            std::fs::read_to_string(out.join(file)).unwrap(),
            std::fs::read_to_string(committed).unwrap(),
            "{tuning}: {file}"
        );
    }
}

#[test]
fn the_committed_set_libraries_are_what_their_tuning_file_makes() {
    let files: Vec<String> = ["HashSet", "LinkedHashSet", "TreeSet"]
        .iter()
        .flat_map(|unit| [format!("{unit}.toml"), format!("{unit}.trace.csv")])
        .collect();
    tuning_remakes("library-set", "library", &files);
}

/// RQ3's control library tuned on the Set units, run on the other groups.
#[test]
fn the_committed_set_group_library_is_what_its_tuning_file_makes() {
    tuning_remakes(
        "group-set",
        "group-set",
        &["model.toml".to_string(), "trace.csv".to_string()],
    );
}
