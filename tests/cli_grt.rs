//! GRT at the command line: the ma2015 experiment parses in every profile with each
//! component alone as a labelled run; a small experiment with a labelled GRT run goes
//! through run, compare and show-test by its label, the same for one job or two; an unknown
//! component or parameter is refused where the file names it; `grt-activity` counts each
//! component alone and all together, the same for any number of jobs.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use common::{refused_run, run_into, success_stdout, testspace};
use testspace::experiment::{TestBudget, file::parse_experiment_profile};
use testspace::strategy::Strategy;

const EXPERIMENT: &str = "testdata/experiments/grt.toml";

#[test]
fn the_ma2015_experiment_parses_in_every_profile_with_each_component_alone() {
    let path = Path::new("experiments/ma2015.toml");
    let source = std::fs::read_to_string(path).unwrap();
    let components = [
        "constant-mining",
        "impurity",
        "elephant-brain",
        "detective",
        "orienteering",
        "bloodhound",
    ];
    for (profile, cost) in [("default", 60_000), ("full", 60_000), ("smoke", 6_000)] {
        let experiment = parse_experiment_profile(path, &source, profile).unwrap();
        let runs = &experiment.phases[0].runs;
        let names: Vec<&str> = runs.iter().map(|r| r.name()).collect();
        let mut expected = vec!["grt"];
        expected.extend(components);
        expected.extend(["fdrt", "r"]);
        assert_eq!(names, expected, "{profile}");
        for run in runs {
            let budget = match &run.tests {
                TestBudget::Cost(c) => *c,
                TestBudget::Suite(budget) => budget.cost.unwrap(),
                other => panic!("{other:?}"),
            };
            assert_eq!((budget, run.lengths.as_slice()), (cost, &[100][..]));
            // A labelled run is grt with that component alone.
            if let (Some(label), Strategy::Generator(config)) = (&run.label, &run.strategy) {
                let json = config.params.as_json();
                assert!(
                    json.contains(&format!(r#""components":["{label}"]"#)),
                    "{json}"
                );
            }
        }
    }
}

/// The rows of `out/cells.csv` as named fields.
fn cells(out: &Path) -> Vec<BTreeMap<String, String>> {
    let text = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|line| {
            let fields = line.split(',').map(String::from);
            header.iter().map(|h| h.to_string()).zip(fields).collect()
        })
        .collect()
}

#[test]
fn a_labelled_grt_run_is_run_compared_and_shown_by_its_label() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    run_into(EXPERIMENT, &one, "1", false);
    run_into(EXPERIMENT, &two, "2", false);
    assert_eq!(
        common::cells_without_timing(&one),
        common::cells_without_timing(&two)
    );
    assert_eq!(common::suite_files(&one), common::suite_files(&two));
    let rows = cells(&one);
    for strategy in ["grt", "impurity", "fdrt"] {
        // 2 replicates × 2 units × 6 mutants.
        let count = rows.iter().filter(|r| r["strategy"] == strategy).count();
        assert_eq!(count, 24, "{strategy}");
    }
    let compared = success_stdout(testspace().arg("compare").arg(&one).args([
        "--baseline",
        "fdrt",
        "--format",
        "csv",
    ]));
    assert!(compared.contains(",impurity,fdrt,kills,"), "{compared}");
    let killed = rows
        .iter()
        .find(|r| r["strategy"] == "impurity" && r["outcome"] == "killed")
        .expect("a kill");
    let shown = success_stdout(
        testspace()
            .arg("show-test")
            .arg(&one)
            .args([
                "--subject",
                &killed["subject"],
                "--mutant",
                &killed["mutant"],
            ])
            .args(["--strategy", "impurity", "--n", "20"])
            .args(["--replicate", &killed["replicate"]]),
    );
    assert!(
        shown.contains("#[test]") && shown.contains("impurity"),
        "{shown}"
    );
}

#[test]
fn unknown_components_and_parameters_are_refused_where_the_file_names_them() {
    let message = refused_run(
        EXPERIMENT,
        r#"components = ["impurity"]"#,
        r#"components = ["impurity", "telepathy"]"#,
    );
    assert!(message.contains("bad.toml"), "{message}");
    assert!(
        message.contains("phase[0].run[1].params.components"),
        "{message}"
    );
    assert!(message.contains("telepathy"), "{message}");
    let message = refused_run(
        EXPERIMENT,
        r#"components = ["impurity"]"#,
        "fuzz-sigma = 3.0",
    );
    assert!(
        message.contains("phase[0].run[1].params.fuzz-sigma"),
        "{message}"
    );
    let message = refused_run(EXPERIMENT, r#"label = "impurity""#, r#"label = "fdrt""#);
    assert!(message.contains("phase[0].run[1].label"), "{message}");
}

/// `grt-activity`'s CSV rows of `args` (after the experiment).
fn activity_rows(args: &[&str]) -> Vec<Vec<String>> {
    let out = success_stdout(
        testspace()
            .args(["grt-activity", EXPERIMENT, "--format", "csv"])
            .args(args),
    );
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some("unit,run,component,suites,asked,changed,part_asked,part_changed")
    );
    lines
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

#[test]
fn grt_activity_counts_each_alone_run_and_the_components_together_for_any_jobs() {
    let one = activity_rows(&["--together", "--jobs", "1"]);
    assert_eq!(one, activity_rows(&["--together", "--jobs", "2"]));
    // Per unit: Impurity's alone run, then the six components of the unlabelled run.
    assert_eq!(one.len(), 2 * 7, "{one:?}");
    for row in &one {
        let (asked, changed): (u64, u64) = (row[4].parse().unwrap(), row[5].parse().unwrap());
        assert_eq!(row[3], "2", "two replicates: {row:?}");
        assert!(changed <= asked, "{row:?}");
        let (part_asked, part_changed): (u64, u64) =
            (row[6].parse().unwrap(), row[7].parse().unwrap());
        assert!(part_changed <= part_asked.max(changed), "{row:?}");
        if row[2] == "impurity" {
            assert!(changed > 0, "Impurity fuzzes: {row:?}");
            assert!(part_changed <= changed && part_asked <= asked, "{row:?}");
        }
    }
    // Without --together, the alone rows only, and the same counts; one replicate counts less.
    let alone = activity_rows(&["HashMap"]);
    assert_eq!(alone.len(), 1);
    assert!(one.contains(&alone[0]));
    let first = activity_rows(&["HashMap", "--replicates", "1"]);
    assert_eq!(first[0][3], "1");
    assert!(first[0][4].parse::<u64>().unwrap() < alone[0][4].parse::<u64>().unwrap());
}

#[test]
fn grt_activity_refuses_experiments_without_alone_runs_and_unknown_units() {
    let refusal = |args: &[&str]| {
        let output = testspace().arg("grt-activity").args(args).output().unwrap();
        assert!(!output.status.success());
        assert!(output.stdout.is_empty());
        String::from_utf8(output.stderr).unwrap()
    };
    let message = refusal(&["testdata/experiments/choice.toml"]);
    assert!(
        message.contains("no grt run of one component alone"),
        "{message}"
    );
    let message = refusal(&[EXPERIMENT, "Nowhere"]);
    assert!(message.contains("unit `Nowhere`"), "{message}");
    let message = refusal(&["testdata/experiments/choice.toml", "--together"]);
    assert!(message.contains("choice.toml"), "{message}");
}
