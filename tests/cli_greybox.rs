//! Greybox fuzzing at the command line: a small experiment (testdata/experiments/greybox.toml)
//! runs it against r at equal cost; on TreeMap, whose loops and branches the queue keeps
//! inputs for, it covers at least as many branches as r in every replicate; an unknown
//! parameter, a power schedule that does not exist and a subject without a coverage copy
//! are refused where the file names them, before anything runs.

mod common;

use std::collections::BTreeMap;

use common::{refused_run, run_into, testspace};

const EXPERIMENT: &str = "testdata/experiments/greybox.toml";
const RUN: &str = "strategy = \"greybox\"\nn = 20";

#[test]
fn greybox_covers_at_least_as_many_branches_as_r_on_tree_map_in_every_replicate() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    run_into(EXPERIMENT, &out, "2", false);
    let text = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let field =
        |row: &[&str], name: &str| row[header.iter().position(|h| *h == name).unwrap()].to_string();
    // (subject, replicate) → (greybox's, r's) branches covered.
    let mut covered: BTreeMap<(String, String), [u64; 2]> = BTreeMap::new();
    for line in lines {
        let row: Vec<&str> = line.split(',').collect();
        let side = match field(&row, "strategy").as_str() {
            "greybox" => 0,
            "r" => 1,
            other => panic!("{other}"),
        };
        let branches: u64 = field(&row, "branches_covered").parse().unwrap();
        let calls: u64 = field(&row, "method_calls").parse().unwrap();
        assert!((4_900..5_100).contains(&calls), "equal cost: {calls}");
        let key = (field(&row, "subject"), field(&row, "replicate"));
        covered.entry(key).or_default()[side] = branches;
    }
    assert_eq!(covered.len(), 6, "2 units × 3 replicates");
    for ((subject, replicate), [greybox, r]) in &covered {
        assert!(greybox > &0 && r > &0, "{subject} {replicate}");
        if subject == "TreeMap" {
            assert!(greybox >= r, "replicate {replicate}: {greybox} < {r}");
        }
    }
}

/// The same experiment gives the same cells (timings apart) on one worker and on two.
#[test]
fn the_cells_are_the_same_on_one_worker_and_on_two() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    run_into(EXPERIMENT, &one, "1", false);
    run_into(EXPERIMENT, &two, "2", false);
    assert_eq!(
        common::cells_without_timing(&one),
        common::cells_without_timing(&two)
    );
}

#[test]
fn an_unknown_parameter_is_refused_where_the_file_names_it() {
    let message = refused_run(
        EXPERIMENT,
        "params = { schedule = \"fast\",",
        "params = { deterministic = true, schedule = \"fast\",",
    );
    assert!(message.contains("bad.toml"), "{message}");
    assert!(
        message.contains("phase[0].run[0].params.deterministic"),
        "{message}"
    );
    let message = refused_run(
        EXPERIMENT,
        RUN,
        &format!("{RUN}\nparams = {{ havoc-stack-pow2 = 0 }}"),
    );
    assert!(message.contains("bad.toml"), "{message}");
}

#[test]
fn a_power_schedule_that_does_not_exist_is_refused_where_the_file_names_it() {
    let message = refused_run(EXPERIMENT, "schedule = \"fast\"", "schedule = \"fastest\"");
    assert!(message.contains("bad.toml"), "{message}");
    assert!(
        message.contains("phase[0].run[0].params.schedule"),
        "{message}"
    );
    assert!(message.contains("fastest"), "{message}");
}

#[test]
fn a_subject_without_a_coverage_copy_is_refused_where_the_file_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let source = std::fs::read_to_string(EXPERIMENT).unwrap().replace(
        "[\"TreeMap\", \"PriorityQueue\"]",
        "[\"TreeMap\", \"Register\"]",
    );
    let file = dir.path().join("register.toml");
    std::fs::write(&file, source).unwrap();
    let output = testspace()
        .env("TESTSPACE_FIXTURE_SUBJECTS", "1")
        .arg("run")
        .arg(&file)
        .arg("--out")
        .arg(dir.path().join("out"))
        .output()
        .unwrap();
    assert!(!output.status.success());
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("phase[0].run[0].strategy"), "{message}");
    assert!(
        message.contains("greybox steers by branch coverage, and Register has no coverage copy"),
        "{message}"
    );
    assert!(!dir.path().join("out").exists());
}
