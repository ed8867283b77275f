//! Generated runs (`fdrt`, `fdrt-reset`, `fcrt`) through `testspace run`: suites generated
//! once in the results folder and replayed on every mutant, the same for any `--jobs`,
//! regenerated on resume only where missing, and their failing test cases shown.

mod common;

use std::path::Path;

use common::{cells_without_timing, success_stdout, suite_files as suites, testspace};

const EXPERIMENT: &str = "testdata/experiments/generated.toml";

fn run(out: &Path, jobs: &str, resume: bool) {
    common::run_into(EXPERIMENT, out, jobs, resume);
}

#[test]
fn suites_and_results_are_the_same_for_one_and_two_jobs_and_resume_regenerates_only_missing_suites()
{
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    run(&one, "1", false);
    run(&two, "2", false);
    let files = suites(&one);
    // 2 subjects × 2 replicates × 3 generators, each generated once for all its mutants.
    assert_eq!(files.len(), 12);
    assert_eq!(files, suites(&two));
    assert_eq!(cells_without_timing(&one), cells_without_timing(&two));

    // Generated cells replay their suite's prefix; r has ⌊6000 / 50⌋ test cases.
    let cells = cells_without_timing(&one);
    let column = |name: &str| cells[0].iter().position(|c| c == name).unwrap();
    let (strategy, budget, calls) = (
        column("strategy"),
        column("test_budget"),
        column("method_calls"),
    );
    let (outcome, tests_run) = (column("outcome"), column("tests_run"));
    for row in &cells[1..] {
        if row[strategy] == "r" {
            assert_eq!(row[budget], "120");
        } else if row[outcome] == "survived" {
            // A whole suite of 6,000 cost units replays at most 6,000 calls plus the last
            // test case's, which started within the budget (duplicates and guarded
            // candidates cost generation calls that are not in the suite).
            let replayed: u64 = row[calls].parse().unwrap();
            assert!(replayed > 1_000 && replayed < 6_000 + 50, "{row:?}");
            assert_eq!(row[tests_run], row[budget]);
        }
    }
    assert!(
        cells[1..]
            .iter()
            .any(|row| row[strategy] == "fcrt" && row[outcome] == "killed")
    );

    // A resumed run regenerates a missing suite, byte for byte, and leaves the others.
    let gone = files.keys().next().unwrap().clone();
    std::fs::remove_file(one.join(&gone)).unwrap();
    let untouched = files.keys().nth(1).unwrap();
    let before = std::fs::metadata(one.join(untouched))
        .unwrap()
        .modified()
        .unwrap();
    run(&one, "2", true);
    assert_eq!(suites(&one), files);
    let after = std::fs::metadata(one.join(untouched))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(before, after, "{} was written again", untouched.display());
}

#[test]
fn show_test_prints_a_generated_failing_test_case_in_its_own_context() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    run(&out, "2", false);
    let cells = cells_without_timing(&out);
    let column = |name: &str| cells[0].iter().position(|c| c == name).unwrap();
    let killed = cells[1..]
        .iter()
        .find(|row| row[column("strategy")] == "fdrt" && row[column("outcome")] == "killed")
        .expect("fdrt kills a mutant");
    let shown = success_stdout(
        testspace()
            .arg("show-test")
            .arg(&out)
            .args(["--subject", &killed[column("subject")]])
            .args(["--mutant", &killed[column("mutant")]])
            .args(["--strategy", "fdrt", "--n", "50"])
            .args(["--replicate", &killed[column("replicate")]]),
    );
    assert!(shown.contains("strategy fdrt, n = 50"), "{shown}");
    assert!(
        shown.contains(&format!(
            "(index {})",
            killed[column("first_failure_index")]
        )),
        "{shown}"
    );
    assert!(shown.contains("canonical form 3"), "{shown}");
}

#[test]
fn a_generator_with_an_unknown_parameter_is_refused_with_file_line_and_field_and_no_output() {
    let message = common::refused_run(EXPERIMENT, "reset-every = 2000", "reset-evry = 2000");
    assert!(message.contains("bad.toml:25"), "{message}");
    assert!(
        message.contains("phase[0].run[1].params.reset-evry"),
        "{message}"
    );
    assert!(
        message.contains("fdrt-reset has no parameter `reset-evry`"),
        "{message}"
    );
}

#[test]
fn fcrt_on_a_subject_without_coverage_is_refused_where_the_file_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let source = std::fs::read_to_string(EXPERIMENT).unwrap().replace(
        "[\"TreeMap\", \"ArrayList\"]",
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
    assert!(message.contains("register.toml:28"), "{message}");
    assert!(message.contains("phase[0].run[2].strategy"), "{message}");
    assert!(
        message.contains("fcrt steers by branch coverage, and Register has no coverage copy"),
        "{message}"
    );
}

/// The reproduction of Yatoh et al. parses in each of its profiles, with the four
/// strategies at equal cost in both phases.
#[test]
fn the_yatoh2015_experiment_parses_in_every_profile() {
    use testspace::experiment::{TestBudget, file::parse_experiment_profile};
    let path = Path::new("experiments/yatoh2015.toml");
    let source = std::fs::read_to_string(path).unwrap();
    for (profile, long) in [("default", 600_000), ("full", 3_600_000), ("smoke", 60_000)] {
        let experiment = parse_experiment_profile(path, &source, profile).unwrap();
        let phases: Vec<&str> = experiment.phases.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(phases, ["short", "long"]);
        for run in &experiment.phases[1].runs {
            let cost = match &run.tests {
                TestBudget::Cost(c) => *c,
                TestBudget::Suite(budget) => budget.cost.unwrap(),
                other => panic!("{other:?}"),
            };
            assert_eq!(
                (cost, run.lengths.as_slice()),
                (long, &[100][..]),
                "{profile}"
            );
        }
        let names: Vec<&str> = experiment.phases[0]
            .runs
            .iter()
            .map(|r| r.strategy.name())
            .collect();
        assert_eq!(names, ["fdrt", "fdrt-reset", "fcrt", "r"]);
    }
}

/// The yatoh2015 ablation parses in each of its profiles: the paper's four combinations of
/// pool selection and pruning, labelled, with INP 10, MNP 100 and no reset within the budget.
#[test]
fn the_yatoh2015_ablation_parses_in_every_profile() {
    use testspace::experiment::{TestBudget, file::parse_experiment_profile};
    use testspace::generator::{FcrtSettings, PoolSelection, Pruning};
    let path = Path::new("experiments/yatoh2015-ablation.toml");
    let source = std::fs::read_to_string(path).unwrap();
    for (profile, budget, replicates) in [
        ("default", 600_000, 10),
        ("full", 3_600_000, 10),
        ("smoke", 60_000, 3),
    ] {
        let experiment = parse_experiment_profile(path, &source, profile).unwrap();
        assert_eq!(experiment.replicates, replicates, "{profile}");
        let mut settings = Vec::new();
        for run in &experiment.phases[0].runs {
            let testspace::strategy::Strategy::Generator(config) = &run.strategy else {
                panic!("{:?}", run.strategy)
            };
            let fcrt: FcrtSettings = testspace::kernel::parameters::from_values(&config.params);
            assert_eq!(
                run.tests,
                TestBudget::Suite(testspace::generator::SuiteBudget {
                    tests: None,
                    cost: Some(budget),
                })
            );
            assert_eq!((fcrt.initial_pools, fcrt.max_pools), (10, 100));
            assert!(fcrt.reset_every.0 > budget, "{profile}: no reset");
            settings.push((run.name(), fcrt.pool_selection, fcrt.pruning));
        }
        assert_eq!(
            settings,
            [
                (
                    "score-uniqueness",
                    PoolSelection::Score,
                    Pruning::Uniqueness
                ),
                (
                    "uniform-uniqueness",
                    PoolSelection::Uniform,
                    Pruning::Uniqueness
                ),
                ("score-random", PoolSelection::Score, Pruning::Random),
                ("uniform-random", PoolSelection::Uniform, Pruning::Random),
            ]
        );
    }
}

/// Shards of a generated experiment merge into the whole run's tables and suites, and
/// `show-test` works on the merged folder.
#[test]
fn shards_merge_with_their_suites() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole");
    run(&whole, "2", false);
    let shard = |i: usize| dir.path().join(format!("s{i}"));
    for i in 1..=2 {
        success_stdout(
            testspace()
                .args([
                    "run",
                    EXPERIMENT,
                    "--quiet",
                    "--shard",
                    &format!("{i}/2"),
                    "--out",
                ])
                .arg(shard(i)),
        );
    }
    let merged = dir.path().join("merged");
    success_stdout(
        testspace()
            .arg("merge")
            .arg(&merged)
            .args([shard(1), shard(2)]),
    );
    assert_eq!(suites(&merged), suites(&whole));
    assert_eq!(cells_without_timing(&merged), cells_without_timing(&whole));
}
