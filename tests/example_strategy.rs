//! The book's "Adding a strategy" examples (docs/extending.md) — the walk `round-robin`
//! (`src/walk/round_robin.rs`) and the generator `grow` (`src/generator/grow.rs`) — are
//! the text the page shows, keep their family's contract, and are usable by name
//! everywhere a built-in is: `sample` (walks), an experiment file, `run`, `compare`, `plot`
//! and `show-test`, in a small experiment against `r`.

mod common;

use std::path::Path;

use common::{success_stdout, testspace};
use std::sync::Arc;

use testspace::context::{MethodSelection, PoolInit, TestContext};
use testspace::generator::{GeneratorConfig, GeneratorKind, SuiteBudget, generate_suite};
use testspace::subject::registry;
use testspace::walk::{CounterWalk, NoParameters, RoundRobin, WalkKind};

const EXAMPLES: [(&str, &str); 2] = [
    ("src/walk/round_robin.rs", "ROUND_ROBIN = RoundRobin,"),
    ("src/generator/grow.rs", "GROW = Grow,"),
];
const EXPERIMENT: &str = "testdata/experiments/round-robin.toml";

#[test]
fn the_book_shows_both_examples_verbatim_in_at_most_40_lines_each() {
    let page = std::fs::read_to_string("docs/extending.md").unwrap();
    for (file, registration) in EXAMPLES {
        let example = std::fs::read_to_string(file).unwrap();
        let body: Vec<&str> = example
            .lines()
            .skip_while(|l| l.starts_with("//!") || l.is_empty())
            .collect();
        assert!(body.len() <= 40, "{file}: {} lines", body.len());
        assert!(
            page.contains(&body.join("\n")),
            "docs/extending.md must contain {file} verbatim"
        );
        assert!(page.contains(registration), "{registration}");
    }
}

#[test]
fn grow_keeps_only_calls_that_throw_nothing_and_its_suite_follows_from_the_seed() {
    let unit = registry().find("ArrayList").unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let config = GeneratorConfig::of(GeneratorKind::GROW, 10);
    let budget = SuiteBudget {
        tests: Some(400),
        cost: None,
    };
    let suite = |seed| generate_suite(unit, &context, &config, seed, budget).unwrap();
    let (a, b, c) = (suite(1), suite(1), suite(2));
    assert_eq!(a, b);
    let cases = a.cases(unit, &context);
    assert_ne!(cases, c.cases(unit, &context));
    assert_eq!(cases.len(), 400);
    assert!(cases.iter().all(|case| case.len() <= 10));
    for (k, derivation) in a.derivations.iter().enumerate() {
        // Each test case extends the last one that threw nothing (or starts afresh).
        if let Some(&part) = derivation.parts.first() {
            assert_eq!(
                a.kinds[part as usize],
                testspace::generator::CaseKind::Normal
            );
            assert_eq!(cases[k].len(), cases[part as usize].len() + 1);
        } else {
            assert_eq!(cases[k].len(), 1);
        }
    }
    let longest = cases.iter().map(|c| c.len()).max().unwrap();
    assert_eq!(longest, 10, "feedback grows sequences to n");
}

#[test]
fn round_robin_calls_the_methods_in_turn_and_draws_every_call_of_each() {
    // Three methods with 1, 2 and 8 calls (j = 11).
    let unit = registry().find("ArrayList").unwrap();
    let methods = ["ArrayList()", "size()", "set(int,Integer)"].map(String::from);
    let selection = MethodSelection::Signatures(methods.to_vec());
    let context = TestContext::new(unit, &selection, PoolInit::paper()).unwrap();
    let space = context.call_space();
    let walk = RoundRobin::build(&context, 4, 9, &NoParameters {});
    let mut out = [0u32; 4];
    let mut seen = [false; 11];
    for k in 0..300u64 {
        assert!(walk.case_into(k, &mut out));
        for (i, &call) in out.iter().enumerate() {
            let method = space.decode_call(call).position as u64;
            assert_eq!(method, (4 * k + i as u64) % 3, "test case {k}, call {i}");
            seen[call as usize] = true;
        }
    }
    assert!(seen.iter().all(|&s| s), "every call of every method drawn");
    assert_eq!(WalkKind::ROUND_ROBIN.name(), "round-robin");
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
fn an_experiment_runs_compares_plots_and_shows_the_examples_against_r() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    success_stdout(
        testspace()
            .args(["run", EXPERIMENT, "--quiet", "--out"])
            .arg(&out),
    );
    let rows = cells(&out);
    for strategy in ["r", "round-robin", "grow"] {
        // 3 replicates × 2 units × 8 mutants.
        let count = rows.iter().filter(|r| r["strategy"] == strategy).count();
        assert_eq!(count, 48, "{strategy}");
    }
    let compared = success_stdout(testspace().arg("compare").arg(&out).args([
        "--baseline",
        "r",
        "--format",
        "csv",
    ]));
    let plots = dir.path().join("plots");
    success_stdout(testspace().arg("plot").arg(&out).arg("--out").arg(&plots));
    let curves = std::fs::read_to_string(plots.join("coverage_curves.csv")).unwrap();
    for strategy in ["round-robin", "grow"] {
        let pattern = format!(",{strategy},r,kills,");
        let lines = compared.lines().filter(|l| l.contains(&pattern)).count();
        assert_eq!(lines, 3, "ArrayList, Stack and all: {compared}");
        assert!(curves.contains(strategy), "{strategy}");
        let killed = rows
            .iter()
            .find(|r| r["strategy"] == strategy && r["outcome"] == "killed")
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
                .args(["--strategy", strategy, "--n", "10"])
                .args(["--replicate", &killed["replicate"]]),
        );
        assert!(shown.contains("#[test]"), "{strategy}: {shown}");
    }
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
        "grow",
        "fe-sat",
    ] {
        assert!(message.contains(name), "{name}: {message}");
    }
}
