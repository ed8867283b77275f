//! The poulding2015 experiment at the command line: it parses in every profile with one run
//! per question, its smoke profile runs, and its committed tuned models are what its tuning
//! files make again (tuning is deterministic).

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
                "extended"
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
    assert_eq!(pairs.len(), 8 * 3, "{pairs:?}");
    // The same cells for one job as for two.
    let one = dir.path().join("one");
    run_smoke(&one, "1");
    assert_eq!(cells, cells_without_timing(&one));
}

#[test]
fn the_committed_set_libraries_are_what_their_tuning_file_makes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("library");
    success_stdout(
        testspace()
            .args([
                "tune",
                "experiments/poulding2015/library-set.toml",
                "--jobs",
                "1",
                "--out",
            ])
            .arg(&out),
    );
    for unit in ["HashSet", "LinkedHashSet", "TreeSet"] {
        for file in [format!("{unit}.toml"), format!("{unit}.trace.csv")] {
            let committed = Path::new("models/poulding2015/library").join(&file);
            assert_eq!(
                std::fs::read_to_string(out.join(&file)).unwrap(),
                std::fs::read_to_string(committed).unwrap(),
                "{file}"
            );
        }
    }
}
