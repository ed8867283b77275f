//! The `proptest` walk end to end (docs/proptest.md): testdata/experiments/proptest.toml
//! runs proptest-state-machine's strategy beside r on two ports and kills mutants, `reduce`
//! shows proptest's own shrink of a killed cell's test case beside testspace's reduction,
//! and proptest's shrunk test case still fails; a misspelt parameter is refused where the
//! experiment names it.

use std::path::Path;
use std::sync::Arc;

use testspace::context::TestContext;
use testspace::oracle::OracleKind;
use testspace::reduce::{FailureCheck, MutantFailure};
use testspace::subject::registry;

mod common;
use common::{cells_without_timing, refused_run, run_into, success_stdout, testspace};

const EXPERIMENT: &str = "testdata/experiments/proptest.toml";

/// The cells of `strategy` that killed their mutant: (subject, mutant).
fn killed(out: &Path, strategy: &str) -> Vec<(String, String)> {
    let rows = cells_without_timing(out);
    let column = |name: &str| rows[0].iter().position(|c| c == name).unwrap();
    let (subject, mutant) = (column("subject"), column("mutant"));
    let (label, outcome, replicate) = (column("strategy"), column("outcome"), column("replicate"));
    rows[1..]
        .iter()
        .filter(|r| r[label] == strategy && r[outcome] == "killed" && r[replicate] == "0")
        .map(|r| (r[subject].clone(), r[mutant].clone()))
        .collect()
}

fn calls_of(value: &serde_json::Value) -> Vec<u32> {
    let calls = value.as_array().unwrap().iter();
    calls.map(|c| c.as_u64().unwrap() as u32).collect()
}

#[test]
fn proptest_runs_from_an_experiment_kills_mutants_and_shows_its_shrink_beside_the_reduction() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("proptest");
    run_into(EXPERIMENT, &out, "2", false);
    let kills = killed(&out, "proptest");
    assert!(kills.len() >= 5, "proptest kills mutants: {kills:?}");
    assert!(!killed(&out, "proptest-unguarded").is_empty());
    // The same seed, the same cells.
    let again = dir.path().join("again");
    run_into(EXPERIMENT, &again, "1", false);
    assert_eq!(cells_without_timing(&out), cells_without_timing(&again));

    let (subject, mutant) = &kills[0];
    let reduce = |format: &str| {
        success_stdout(
            testspace()
                .arg("reduce")
                .arg(&out)
                .args(["--subject", subject, "--mutant", mutant])
                .args(["--strategy", "proptest", "--n", "10", "--format", format]),
        )
    };
    let json: serde_json::Value = serde_json::from_str(&reduce("json")).unwrap();
    let shrink = &json["proptest"];
    let shrunk = calls_of(&shrink["calls"]);
    assert!(!shrunk.is_empty() && shrunk.len() <= 10, "{json}");
    assert_eq!(shrink["k"], shrunk.len());
    assert!(shrink["iterations"].as_u64().unwrap() > 0, "{json}");
    assert!(shrink["checks"].as_u64().unwrap() > shrink["iterations"].as_u64().unwrap());
    // proptest's shrunk test case still fails the cell's check, as testspace's does.
    let unit = registry().find(subject).unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let mutant_id = mutant.parse().unwrap();
    let mut check = MutantFailure::new(unit, &context, mutant_id, OracleKind::Paper).unwrap();
    assert!(check.fails(&shrunk), "proptest's shrink fails: {json}");
    assert!(check.fails(&calls_of(&json["calls"])));
    // Judged alone in workers, the same shrink.
    let isolated: serde_json::Value = serde_json::from_str(&success_stdout(
        testspace()
            .arg("reduce")
            .arg(&out)
            .args(["--subject", subject, "--mutant", mutant])
            .args([
                "--strategy",
                "proptest",
                "--n",
                "10",
                "--format",
                "json",
                "--isolate",
            ]),
    ))
    .unwrap();
    assert_eq!(isolated["proptest"], json["proptest"]);
    // As code: testspace's reduced #[test], then proptest's shrink beside it.
    let code = reduce("code");
    let (test, beside) = code.split_once("// proptest's own shrink").expect(&code);
    assert!(test.contains("#[test]"), "{code}");
    assert!(
        beside.contains(&format!("{:?}", shrunk).replace('[', "calls: [")),
        "{code}"
    );
    assert_eq!(reduce("code"), code, "deterministic");
    // show-test --minimal shows it too.
    let shown = success_stdout(
        testspace()
            .arg("show-test")
            .arg(&out)
            .args(["--subject", subject, "--mutant", mutant])
            .args(["--strategy", "proptest", "--n", "10", "--minimal"]),
    );
    assert!(shown.ends_with(beside), "{shown}");
    // An r cell has no proptest shrink.
    let (subject, mutant) = &killed(&out, "r")[0];
    let r: serde_json::Value = serde_json::from_str(&success_stdout(
        testspace()
            .arg("reduce")
            .arg(&out)
            .args(["--subject", subject, "--mutant", mutant])
            .args(["--strategy", "r", "--n", "10", "--format", "json"]),
    ))
    .unwrap();
    assert!(r.get("proptest").is_none(), "{r}");
}

#[test]
fn an_unknown_proptest_parameter_is_refused_where_the_experiment_names_it() {
    let message = refused_run(
        EXPERIMENT,
        "params = { precondition = \"none\" }",
        "params = { max-shrink-iter = 3 }",
    );
    assert!(message.contains("bad.toml:36:"), "{message}");
    assert!(
        message.contains("phase[0].run[2].params.max-shrink-iter"),
        "{message}"
    );
    assert!(
        message.contains("precondition") && message.contains("max-shrink-iters"),
        "{message}"
    );
    let message = refused_run(
        EXPERIMENT,
        "precondition = \"none\"",
        "precondition = \"always\"",
    );
    assert!(
        message.contains("phase[0].run[2].params.precondition"),
        "{message}"
    );
}
