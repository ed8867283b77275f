//! `choice` at the edges: `sample --strategy choice` (with and without `--model`), model
//! files refused at their line and field, and an experiment whose runs name a model file.

mod common;

use common::{refused_run, success_stdout, testspace};

const CONTEXT: &str = "testdata/contexts/array_list_paper.toml";
const EXPERIMENT: &str = "testdata/experiments/choice.toml";

/// `testspace sample CONTEXT --strategy STRATEGY --n 6 --count 40 --seed 9 EXTRA…`.
fn sample(strategy: &str, extra: &[&str]) -> assert_cmd::Command {
    let mut command = testspace();
    command.args(["sample", CONTEXT, "--strategy", strategy]);
    command.args(["--n", "6", "--count", "40", "--seed", "9"]);
    command.args(extra);
    command
}

/// The stderr of a command that must fail.
fn failure(mut command: assert_cmd::Command) -> String {
    let out = command.output().unwrap();
    assert!(!out.status.success(), "{command:?} succeeded");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn sample_with_the_default_model_prints_exactly_rs_test_cases() {
    let choice = success_stdout(&mut sample("choice", &[]));
    let r = success_stdout(&mut sample("r", &[]));
    assert_eq!(choice.lines().count(), 40);
    assert_eq!(choice, r);
}

#[test]
fn sample_with_a_model_file_prints_its_test_cases_and_other_strategies_refuse_one() {
    let model = ["--model", "testdata/models/list.toml"];
    let modelled = success_stdout(&mut sample("choice", &model));
    assert_eq!(modelled.lines().count(), 40);
    assert_ne!(modelled, success_stdout(&mut sample("r", &[])));
    assert_eq!(modelled, success_stdout(&mut sample("choice", &model)));
    let refused = failure(sample("r", &model));
    assert!(
        refused.contains("--model is for --strategy choice"),
        "{refused}"
    );
}

#[test]
fn sample_names_the_model_files_line_and_field_at_fault() {
    let negative = failure(sample(
        "choice",
        &["--model", "testdata/models/negative.toml"],
    ));
    assert!(
        negative.contains("testdata/models/negative.toml:4:"),
        "{negative}"
    );
    assert!(negative.contains("methods.\"size()\""), "{negative}");
    let no_unit = failure(sample(
        "choice",
        &["--model", "testdata/models/no-unit.toml"],
    ));
    assert!(
        no_unit.contains("testdata/models/no-unit.toml:4:"),
        "{no_unit}"
    );
    assert!(
        no_unit.contains("names no method of ArrayList nor of any registered unit"),
        "{no_unit}"
    );
}

/// The cells of `out/cells.csv` as (phase, strategy, subject, mutant, replicate, outcome,
/// first failure).
fn cells(out: &std::path::Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let wanted = [
        "phase",
        "strategy",
        "subject",
        "mutant",
        "replicate",
        "outcome",
        "first_failure",
    ];
    let columns: Vec<usize> = wanted
        .iter()
        .map(|w| header.iter().position(|h| h == w).expect(w))
        .collect();
    text.lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            columns.iter().map(|&c| fields[c].to_string()).collect()
        })
        .collect()
}

#[test]
fn an_experiment_runs_choice_with_a_model_file_and_without_one_kills_as_r_does() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    common::run_into(EXPERIMENT, &out, "2", false);
    let rows = cells(&out);
    let of = |phase: &str, strategy: &str| -> Vec<Vec<String>> {
        let mut rows: Vec<Vec<String>> = rows
            .iter()
            .filter(|r| r[0] == phase && r[1] == strategy)
            .map(|r| r[2..].to_vec())
            .collect();
        rows.sort();
        rows
    };
    let (r, modelled, default) = (
        of("model", "r"),
        of("model", "choice"),
        of("default", "choice"),
    );
    assert_eq!(r.len(), 12, "2 units × 6 mutants: {rows:?}");
    assert_eq!(modelled.len(), 12);
    assert_eq!(default, r, "choice without a model is r");
    assert_ne!(modelled, r, "the model changes what is found and when");
    let manifest = std::fs::read_to_string(out.join("manifest.json")).unwrap();
    assert!(
        manifest.contains("add(Integer)"),
        "the model is recorded: {manifest}"
    );
    // The folder's copy of the experiment names ../models/list.toml, which is not there:
    // show-test rebuilds the cell's walk from the recorded model.
    let killed = modelled.iter().find(|c| c[3] == "killed").expect("a kill");
    let shown = success_stdout(
        testspace()
            .arg("show-test")
            .arg(&out)
            .args(["--subject", &killed[0], "--mutant", &killed[1]])
            .args(["--strategy", "choice", "--n", "10", "--phase", "model"]),
    );
    assert!(shown.contains("#[test]"), "{shown}");
}

#[test]
fn an_unknown_choice_parameter_is_refused_where_the_experiment_names_it() {
    let message = refused_run(EXPERIMENT, "model = ", "modle = ");
    assert!(message.contains("bad.toml:30:"), "{message}");
    assert!(
        message.contains("phase[0].run[1].params.modle"),
        "{message}"
    );
    assert!(message.contains("its parameters: model"), "{message}");
}

#[test]
fn a_bad_model_file_is_refused_naming_the_experiment_and_the_model_files_line() {
    let model = std::fs::canonicalize("testdata/models/no-unit.toml").unwrap();
    let to = format!("model = {:?}", model.display().to_string());
    let message = refused_run(EXPERIMENT, "model = \"../models/list.toml\"", &to);
    assert!(message.contains("bad.toml:30:"), "{message}");
    assert!(
        message.contains("phase[0].run[1].params.model"),
        "{message}"
    );
    assert!(message.contains("no-unit.toml:4:"), "{message}");
    assert!(
        message.contains("names no method of ArrayList, Stack nor of any registered unit"),
        "{message}"
    );
}

#[test]
fn resuming_a_run_whose_model_file_has_changed_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    for (from, to) in [
        (EXPERIMENT, "experiments/choice.toml"),
        ("testdata/models/list.toml", "models/list.toml"),
    ] {
        std::fs::create_dir_all(dir.path().join(to).parent().unwrap()).unwrap();
        std::fs::copy(from, dir.path().join(to)).unwrap();
    }
    let experiment = dir.path().join("experiments/choice.toml");
    let out = dir.path().join("out");
    common::run_into(experiment.to_str().unwrap(), &out, "1", false);
    let model = dir.path().join("models/list.toml");
    let text = std::fs::read_to_string(&model).unwrap();
    std::fs::write(
        &model,
        text.replace("\"add(Integer)\" = 4", "\"add(Integer)\" = 5"),
    )
    .unwrap();
    let mut resume = testspace();
    resume
        .arg("run")
        .arg(&experiment)
        .args(["--quiet", "--resume", "--out"])
        .arg(&out);
    let message = failure(resume);
    assert!(message.contains("other walk parameters"), "{message}");
}
