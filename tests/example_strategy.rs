//! The README's "Adding a strategy" example (`src/strategy/round_robin.rs`, registered as
//! `round-robin`) is the text the README shows, keeps the walk contract, and is usable by
//! name everywhere a built-in is: `sample`, an experiment file, `run`, `compare`, `plot` and
//! `show-test`, in a small experiment against `r`.

mod common;

use std::path::Path;

use common::{success_stdout, testspace};
use testspace::encoding::CallSpace;
use testspace::strategy::{NoParameters, RoundRobin, Strategy, StrategyKind, Walk};

const EXAMPLE: &str = "src/strategy/round_robin.rs";
const EXPERIMENT: &str = "testdata/experiments/round-robin.toml";

#[test]
fn readme_shows_the_example_strategy_verbatim_in_at_most_40_lines() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let example = std::fs::read_to_string(EXAMPLE).unwrap();
    let body: Vec<&str> = example
        .lines()
        .skip_while(|l| l.starts_with("//!") || l.is_empty())
        .collect();
    assert!(body.len() <= 40, "{} lines", body.len());
    assert!(
        readme.contains(&body.join("\n")),
        "README.md must contain {EXAMPLE} verbatim"
    );
    assert!(readme.contains("ROUND_ROBIN = RoundRobin,"));
}

#[test]
fn round_robin_calls_the_methods_in_turn_and_draws_every_call_of_each() {
    // Three methods with 1, 2 and 12 calls (j = 15).
    let space = CallSpace::new(vec![(0, vec![]), (1, vec![2]), (2, vec![2, 2, 3])]).unwrap();
    let walk = RoundRobin::build(&space, 4, 9, &NoParameters {});
    let mut out = [0u32; 4];
    let mut seen = [false; 15];
    for k in 0..300u64 {
        assert!(walk.case_into(k, &mut out));
        for (i, &call) in out.iter().enumerate() {
            let method = space.decode_call(call).position as u64;
            assert_eq!(method, (4 * k + i as u64) % 3, "test case {k}, call {i}");
            seen[call as usize] = true;
        }
    }
    assert!(seen.iter().all(|&s| s), "every call of every method drawn");
    assert_eq!(StrategyKind::ROUND_ROBIN.name(), "round-robin");
}

#[test]
fn sample_prints_the_walks_test_cases_by_name() {
    let sample = |strategy: &str| {
        common::stdout_of(&[
            "sample",
            "testdata/contexts/array_list_paper.toml",
            "--strategy",
            strategy,
            "--n",
            "3",
            "--count",
            "4",
            "--seed",
            "5",
        ])
    };
    let (printed, r) = (sample("round-robin"), sample("r"));
    assert_eq!(printed.lines().count(), 4, "{printed}");
    assert_ne!(printed, r);
}

/// The cells of `column` = `value`, as rows of named fields.
fn cells(out: &Path) -> Vec<std::collections::BTreeMap<String, String>> {
    let text = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    let header: Vec<String> = text
        .lines()
        .next()
        .unwrap()
        .split(',')
        .map(String::from)
        .collect();
    text.lines()
        .skip(1)
        .map(|line| {
            header
                .iter()
                .cloned()
                .zip(line.split(',').map(String::from))
                .collect()
        })
        .collect()
}

#[test]
fn an_experiment_runs_compares_plots_and_shows_the_example_against_r() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    success_stdout(
        testspace()
            .args(["run", EXPERIMENT, "--quiet", "--out"])
            .arg(&out),
    );
    let rows = cells(&out);
    let ours: Vec<_> = rows
        .iter()
        .filter(|r| r["strategy"] == "round-robin")
        .collect();
    // 3 replicates × 2 units × 8 mutants.
    assert_eq!(ours.len(), 48);
    assert_eq!(rows.len(), 96);
    let compared = success_stdout(testspace().arg("compare").arg(&out).args([
        "--baseline",
        "r",
        "--format",
        "csv",
    ]));
    let lines: Vec<&str> = compared
        .lines()
        .filter(|l| l.contains(",round-robin,r,kills,"))
        .collect();
    assert_eq!(lines.len(), 3, "ArrayList, Stack and all: {compared}");
    let plots = dir.path().join("plots");
    success_stdout(testspace().arg("plot").arg(&out).arg("--out").arg(&plots));
    let curves = std::fs::read_to_string(plots.join("coverage_curves.csv")).unwrap();
    assert!(curves.contains("round-robin"));
    let killed = ours
        .iter()
        .find(|r| r["outcome"] == "killed")
        .expect("a kill");
    let shown = success_stdout(
        testspace()
            .arg("show-test")
            .arg(&out)
            .args([
                "--subject",
                &killed["subject"],
                "--mutant",
                &killed["mutant"],
            ])
            .args(["--strategy", "round-robin", "--n", "10"])
            .args(["--replicate", &killed["replicate"]]),
    );
    assert!(shown.contains("#[test]"), "{shown}");
}

#[test]
fn an_unregistered_strategy_is_refused_with_the_registered_ones_where_the_file_names_it() {
    let message = common::refused_run(
        EXPERIMENT,
        "strategy = \"round-robin\"",
        "strategy = \"round-robbin\"",
    );
    for name in [
        "be",
        "r-leaf",
        "bobw-prime",
        "round-robin",
        "fdrt",
        "fcrt",
        "fe-sat",
    ] {
        assert!(message.contains(name), "{name}: {message}");
    }
}
