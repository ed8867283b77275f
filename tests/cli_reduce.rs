//! `testspace reduce` and `show-test --minimal` end to end, on the Register fixture subject
//! (TESTSPACE_FIXTURE_SUBJECTS=1): mutant 2's `get()` answers 0 when the value is 100, so
//! its 1-minimal failing test cases are a constructor, `set(100)` and `get()`.

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

mod common;
use common::success_stdout as stdout;

fn testspace() -> Command {
    let mut cmd = Command::cargo_bin("testspace").unwrap();
    cmd.env("TESTSPACE_FIXTURE_SUBJECTS", "1");
    cmd
}

/// The register experiment, run into `out`.
fn run(out: &Path) {
    testspace()
        .args(["run", "testdata/experiments/register.toml", "--quiet"])
        .args(["--watchdog", "2", "--out"])
        .arg(out)
        .assert()
        .success();
}

fn reduce_args(results: &Path, mutant: &str, n: &str) -> Vec<String> {
    let mut args = vec!["reduce".to_string(), results.display().to_string()];
    for (flag, value) in [
        ("--subject", "Register"),
        ("--mutant", mutant),
        ("--strategy", "r"),
        ("--n", n),
    ] {
        args.extend([flag.to_string(), value.to_string()]);
    }
    args
}

#[test]
fn reduce_prints_a_minimal_failing_test_that_decode_and_encode_agree_on() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("register");
    run(&out);
    let mut args = reduce_args(&out, "2", "8");
    args.extend(["--format".into(), "json".into()]);
    let text = stdout(testspace().args(&args));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["original_calls"], 8);
    let calls: Vec<u64> = json["calls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    assert_eq!(json["k"], calls.len());
    assert_eq!(calls.len(), 3, "constructor, set(100), get(): {text}");
    // Deterministic: the same output on a second run.
    assert_eq!(stdout(testspace().args(&args)), text);
    // The reduced test case is a canonical-form test case of the same context.
    let context = dir.path().join("context.toml");
    std::fs::write(&context, json["context"].as_str().unwrap()).unwrap();
    let list: Vec<String> = calls.iter().map(u64::to_string).collect();
    let encoded = stdout(testspace().arg("encode").arg(&context).args([
        "--n",
        "3",
        "--calls",
        &list.join(","),
    ]));
    assert_eq!(encoded.trim(), json["index"].as_str().unwrap());
    let decoded = stdout(testspace().arg("decode").arg(&context).args([
        "--n",
        "3",
        "--index",
        json["index"].as_str().unwrap(),
    ]));
    assert!(
        decoded.contains("Register::new()")
            && decoded.contains(".set(")
            && decoded.contains(".get()"),
        "{decoded}"
    );
    // The code format and show-test --minimal print the same #[test].
    let code = stdout(testspace().args(reduce_args(&out, "2", "8")));
    assert!(
        code.contains("fn register_mutant_2_r_n8_minimal_diverges_from_gold()")
            && code.contains("Reduced from 8 to k = 3 calls")
            && code.contains(&format!("let calls: [u32; 3] = [{}];", list.join(", "))),
        "{code}"
    );
    let mut show = reduce_args(&out, "2", "8");
    show[0] = "show-test".into();
    show.push("--minimal".into());
    assert_eq!(stdout(testspace().args(&show)), code);
}

#[test]
fn bad_cells_are_refused_with_nothing_on_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("register");
    run(&out);
    let refused = |args: Vec<String>, message: &str| {
        testspace()
            .args(args)
            .assert()
            .failure()
            .stdout(predicate::str::is_empty())
            .stderr(predicate::str::contains(message));
    };
    // Mutant 3 is equivalent: no cell killed it.
    refused(
        reduce_args(&out, "3", "8"),
        "no cell of Register killed mutant 3",
    );
    refused(
        reduce_args(&out, "2", "9"),
        "no cell of Register killed mutant 2",
    );
    let mut unknown_subject = reduce_args(&out, "2", "8");
    unknown_subject[3] = "Nothing".into();
    refused(unknown_subject, "no cell of Nothing");
    let mut unknown_strategy = reduce_args(&out, "2", "8");
    unknown_strategy[7] = "sideways".into();
    refused(unknown_strategy, "sideways");
    refused(
        reduce_args(&dir.path().join("missing"), "2", "8"),
        "is not a results folder",
    );
}

#[test]
fn minimal_writes_the_per_mutant_tables_deterministically() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("register");
    run(&out);
    let minimal = |folder: &Path| {
        let mut command = testspace();
        command
            .arg("minimal")
            .arg(&out)
            .arg("--out")
            .arg(folder)
            .args(["--leaf-n", "1..=4", "--leaf-tests", "200", "--plant-n", "8"]);
        stdout(&mut command)
    };
    let (first, second) = (dir.path().join("first"), dir.path().join("second"));
    let printed = minimal(&first);
    assert!(printed.contains("no masking by later calls"), "{printed}");
    minimal(&second);
    for file in [
        "minimal.csv",
        "phi_per_mutant.csv",
        "phi_summary.csv",
        "assumptions.csv",
        "reductions.csv",
    ] {
        let text = std::fs::read_to_string(first.join(file)).unwrap();
        assert_eq!(
            text,
            std::fs::read_to_string(second.join(file)).unwrap(),
            "{file}"
        );
    }
    for figure in ["phi_per_mutant.png", "phi_per_mutant.svg"] {
        assert!(first.join(figure).is_file(), "{figure}");
    }
    // Mutants 1 and 2 are killed; 2's minimal sequence is constructor, set(100), get().
    let table = std::fs::read_to_string(first.join("minimal.csv")).unwrap();
    let rows: Vec<Vec<&str>> = table.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(
        rows[0][..6],
        ["subject", "mutant", "operator", "j", "k", "sequences"]
    );
    assert_eq!(rows.len(), 3, "{table}");
    let mutant_2 = rows.iter().find(|r| r[1] == "2").unwrap();
    assert_eq!(mutant_2[4], "3", "{table}");
    // One prediction per measured (strategy, n): R's from the cells table, r-leaf's measured.
    let predictions = std::fs::read_to_string(first.join("phi_per_mutant.csv")).unwrap();
    assert!(predictions.lines().next().unwrap().starts_with(
        "subject,mutant,strategy,n,k,sequences,model,predicted,failing,judged,measured,low,high,inside"
    ));
    assert!(
        predictions.lines().any(|l| l.contains(",r-leaf,"))
            && predictions.lines().any(|l| l.contains(",r,"))
    );
}

#[test]
fn minimal_refuses_a_reference_folder_and_an_unknown_subject() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("register");
    run(&out);
    let reference = dir.path().join("reference");
    std::fs::create_dir(&reference).unwrap();
    std::fs::write(reference.join("REFERENCE.md"), "reference").unwrap();
    testspace()
        .arg("minimal")
        .arg(&out)
        .arg("--out")
        .arg(&reference)
        .assert()
        .failure()
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains("committed reference run"));
    let target = dir.path().join("nothing");
    testspace()
        .arg("minimal")
        .arg(&out)
        .arg("--out")
        .arg(&target)
        .args(["--subject", "Nothing"])
        .assert()
        .failure()
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains("Nothing is not a subject"));
    assert!(!target.exists(), "nothing written");
}

#[test]
fn a_mutant_no_comparison_r_cell_killed_is_reduced_from_its_first_killing_cell() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("register");
    run(&out);
    // Without mutant 1's comparison-phase R cells (and no r-leaf test cases), its only
    // failing test cases are those of the equivalence phase.
    std::fs::remove_file(out.join("cells.parquet")).unwrap();
    let table = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    let kept: Vec<&str> = table
        .lines()
        .filter(|line| !(line.starts_with("comparison,0,0,") && line.contains(",Register,1,")))
        .collect();
    assert!(kept.len() < table.lines().count(), "rows removed");
    std::fs::write(out.join("cells.csv"), kept.join("\n") + "\n").unwrap();
    // The manifest counts the cells of the tables: readers refuse a table that lost rows.
    let manifest = out.join("manifest.json");
    let mut value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    value["cells"] = (kept.len() - 1).into();
    std::fs::write(&manifest, value.to_string()).unwrap();
    let folder = dir.path().join("minimal");
    stdout(
        testspace()
            .arg("minimal")
            .arg(&out)
            .arg("--out")
            .arg(&folder)
            .args(["--leaf-tests", "0", "--plant-n", "8"]),
    );
    let minimal = std::fs::read_to_string(folder.join("minimal.csv")).unwrap();
    let row: Vec<&str> = minimal
        .lines()
        .find(|line| line.starts_with("Register,1,"))
        .expect("mutant 1 is surveyed")
        .split(',')
        .collect();
    // inc() adds 2 in mutant 1: a constructor, inc(), get() — k = 3, one failure reduced.
    assert_eq!((row[4], row[10]), ("3", "1"), "{minimal}");
    let reductions = std::fs::read_to_string(folder.join("reductions.csv")).unwrap();
    assert!(
        reductions
            .lines()
            .any(|line| line.starts_with("Register,1,") && !line.contains(",r-leaf,")),
        "{reductions}"
    );
}

/// `reduce --isolate` judges each candidate alone in a worker process: on a killed cell it
/// reduces to what the in-process reduction gives; on a cell whose target crashed its worker
/// (mutant 4's `inc()` aborts at value 3), which the in-process reduction cannot take, it
/// reduces to a 1-minimal test case that crashes.
#[test]
fn isolated_reduction_agrees_in_process_and_takes_crashes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("register");
    run(&out);
    let json_of = |mutant: &str, isolate: bool| {
        let mut args = reduce_args(&out, mutant, "8");
        args.extend(["--format".into(), "json".into()]);
        if isolate {
            args.push("--isolate".into());
        }
        let text = stdout(testspace().args(&args));
        serde_json::from_str::<serde_json::Value>(&text).unwrap()
    };
    let (in_process, isolated) = (json_of("2", false), json_of("2", true));
    assert_eq!(in_process["calls"], isolated["calls"]);
    assert_eq!(isolated["fails"], "differs");
    assert_eq!(isolated["crashed"], false);

    // The crash: no cell killed mutant 4, so the in-process reduction finds none.
    testspace()
        .args(reduce_args(&out, "4", "8"))
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains(
            "no cell of Register killed mutant 4",
        ));
    let crash = json_of("4", true);
    assert_eq!(crash["crashed"], true);
    assert_eq!(crash["fails"], "crash");
    let calls = crash["calls"].as_array().unwrap();
    assert!(!calls.is_empty() && calls.len() < 8, "{crash}");
}

/// A failing candidate must also pass the targets given with `--must-pass`: a test case
/// that fails one of them is refused, and the options are checked.
#[test]
fn isolated_reduction_refuses_a_test_case_failing_a_target_it_must_pass() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("register");
    run(&out);
    let mut args = reduce_args(&out, "2", "8");
    args.extend([
        "--isolate".into(),
        "--must-pass".into(),
        "Register:2".into(),
    ]);
    testspace()
        .args(&args)
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains(
            "also fails Register mutant 2 (differs), which it must pass",
        ));
    for (extra, message) in [
        (
            vec!["--isolate", "--must-pass", "Register"],
            "not SUBJECT:MUTANT",
        ),
        (
            vec!["--isolate", "--must-pass", "Nope:1"],
            "subject Nope is not in the experiment",
        ),
        (
            vec!["--isolate", "--watchdog", "0"],
            "must be a number of seconds from 0.1 to 1e9",
        ),
        (vec!["--watchdog", "3"], "--isolate"),
    ] {
        let mut args = reduce_args(&out, "2", "8");
        args.extend(extra.iter().map(|s| s.to_string()));
        testspace()
            .args(&args)
            .assert()
            .failure()
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
}

/// Reducing a killed cell of swarm at n = 1024 on ArrayList, whose test cases can double the
/// one list by `addAll` of itself: `reduce` and `show-test --minimal` run every candidate
/// under gold's guards, finish, and report the candidates abandoned on gold's side (here
/// none is: the killing test case is short-lived; a candidate that explodes is abandoned
/// and counted in `src/reduce/mutant_failure.rs`,
/// `a_candidate_whose_gold_run_explodes_is_abandoned_not_run_unguarded`).
#[test]
fn reducing_a_swarm_cell_at_n_1024_finishes_and_counts_what_it_abandons() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("swarm");
    testspace()
        .args([
            "run",
            "testdata/experiments/swarm-1024.toml",
            "--quiet",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
    let cells = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    let header: Vec<&str> = cells.lines().next().unwrap().split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let killed: Vec<String> = cells
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect::<Vec<_>>())
        .filter(|row| row[column("outcome")] == "killed")
        .map(|row| row[column("mutant")].clone())
        .collect();
    assert!(!killed.is_empty(), "{cells}");
    let args = |command: &str| -> Vec<String> {
        let mut args = vec![command.to_string(), out.display().to_string()];
        for (flag, value) in [
            ("--subject", "ArrayList"),
            ("--mutant", killed[0].as_str()),
            ("--strategy", "swarm"),
            ("--n", "1024"),
        ] {
            args.extend([flag.to_string(), value.to_string()]);
        }
        args
    };
    let mut json = args("reduce");
    json.extend(["--format".into(), "json".into()]);
    let reduced: serde_json::Value =
        serde_json::from_str(&stdout(testspace().args(&json))).unwrap();
    assert_eq!(reduced["original_calls"], 1024);
    assert!(reduced["abandoned"].is_u64(), "{reduced}");
    assert!(reduced["k"].as_u64().unwrap() < 1024, "{reduced}");
    // show-test --minimal reduces the same way, under the same guards.
    let mut show = args("show-test");
    show.push("--minimal".into());
    let code = stdout(testspace().args(&show));
    assert_eq!(code, stdout(testspace().args(args("reduce"))));
    assert!(
        code.contains(&format!("Reduced from 1024 to k = {} calls", reduced["k"])),
        "{code}"
    );
}
