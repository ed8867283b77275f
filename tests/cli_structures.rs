//! Structure runs (`fe-sat`, `fe-greedy`, `be-structures`, `random-structures`) through
//! `testspace run`: suites of structures built once in the results folder and tested with
//! every call of the context on every mutant, the same for any `--jobs`, rebuilt on resume
//! only where missing; their failing test cases shown; bad input refused where the file
//! says it.

mod common;

use std::path::Path;

use common::{cells_without_timing, success_stdout, suite_files as suites, testspace};

const EXPERIMENT: &str = "testdata/experiments/structures.toml";

fn run(out: &Path, jobs: &str, resume: bool) {
    common::run_into(EXPERIMENT, out, jobs, resume);
}

/// The calls of the experiment's context for `subject` (j).
fn calls_of(subject: &str) -> u64 {
    use testspace::experiment::file::parse_experiment;
    let source = std::fs::read_to_string(EXPERIMENT).unwrap();
    let experiment = parse_experiment(Path::new(EXPERIMENT), &source).unwrap();
    let plan = experiment
        .subjects
        .iter()
        .find(|s| s.unit.class() == subject);
    u64::from(plan.unwrap().context.j())
}

#[test]
fn structure_suites_and_results_are_the_same_for_one_and_two_jobs_and_resume_rebuilds_only_missing_suites()
 {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    run(&one, "1", false);
    run(&two, "2", false);
    let files = suites(&one);
    // Per subject: fe-sat at scopes 2 and 3 (one suite for both oracles), be-structures at
    // 5, and a random sample at 3 per replicate.
    assert_eq!(files.len(), 2 * (2 + 1 + 2));
    assert_eq!(files, suites(&two));
    let cells = cells_without_timing(&one);
    assert_eq!(cells, cells_without_timing(&two));

    let column = |name: &str| cells[0].iter().position(|c| c == name).unwrap();
    let [phase, strategy, subject, mutant, n, replicate] =
        ["phase", "strategy", "subject", "mutant", "n", "replicate"].map(column);
    let [budget, tests_run, calls, first_failure, outcome] = [
        "test_budget",
        "tests_run",
        "method_calls",
        "first_failure",
        "outcome",
    ]
    .map(column);
    let rows = &cells[1..];
    // 2 replicates × 2 subjects × 5 mutants × (3 + 3) cells.
    assert_eq!(rows.len(), 2 * 2 * 5 * 6);
    for row in rows {
        let j = calls_of(&row[subject]);
        // A cell's budget is its suite's structures, each with every call: the fe-sat
        // sizes of `testspace fe` (TreeMap 5 and 9, LinkedList 7 and 10) and LinkedList's
        // 364 and TreeMap's 74 valid structures at scope 5.
        let structures = match (row[subject].as_str(), row[strategy].as_str(), &*row[n]) {
            ("TreeMap", "fe-sat" | "random-structures", "3") => 9,
            ("TreeMap", "fe-sat", "2") => 5,
            ("LinkedList", "fe-sat" | "random-structures", "3") => 10,
            ("LinkedList", "fe-sat", "2") => 7,
            ("TreeMap", "be-structures", "5") => 74,
            ("LinkedList", "be-structures", "5") => 364,
            other => panic!("unexpected cell {other:?}"),
        };
        assert_eq!(row[budget], (structures * j).to_string(), "{row:?}");
        // A test case is one call on the mutant.
        assert_eq!(row[calls], row[tests_run], "{row:?}");
        if row[outcome] == "survived" {
            assert_eq!(row[tests_run], row[budget], "{row:?}");
        }
    }
    // The structure oracle judges the paper's verdict first: wherever the paper's oracle
    // kills with fe-sat, the structure oracle kills at the same test case or earlier.
    let mut by_paper = 0;
    for row in rows
        .iter()
        .filter(|r| r[phase] == "paper-oracle" && r[strategy] == "fe-sat")
    {
        let twin = rows
            .iter()
            .find(|r| {
                r[phase] == "structure-oracle"
                    && r[strategy] == "fe-sat"
                    && [subject, mutant, n, replicate]
                        .iter()
                        .all(|&c| r[c] == row[c])
            })
            .unwrap();
        if row[outcome] == "killed" {
            by_paper += 1;
            assert_eq!(twin[outcome], "killed", "{twin:?}");
            let at = |r: &Vec<String>| r[first_failure].parse::<u64>().unwrap();
            assert!(at(twin) <= at(row), "{twin:?} against {row:?}");
        }
    }
    assert!(by_paper > 0, "the paper's oracle kills some sampled mutant");

    // A resumed run rebuilds a missing suite, byte for byte, and leaves the others.
    let gone = files
        .keys()
        .find(|p| p.to_string_lossy().contains("random-structures"))
        .unwrap()
        .clone();
    std::fs::remove_file(one.join(&gone)).unwrap();
    let untouched = files.keys().find(|p| **p != gone).unwrap();
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
fn show_test_prints_a_structure_cells_structure_and_call() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    run(&out, "2", false);
    let cells = cells_without_timing(&out);
    let column = |name: &str| cells[0].iter().position(|c| c == name).unwrap();
    let killed = cells[1..]
        .iter()
        .find(|row| {
            row[column("strategy")] == "fe-sat"
                && row[column("phase")] == "structure-oracle"
                && row[column("outcome")] == "killed"
        })
        .expect("fe-sat kills a mutant");
    let shown = success_stdout(
        testspace()
            .arg("show-test")
            .arg(&out)
            .args(["--subject", &killed[column("subject")]])
            .args(["--mutant", &killed[column("mutant")]])
            .args(["--strategy", "fe-sat", "--n", &killed[column("n")]])
            .args(["--phase", "structure-oracle"])
            .args(["--replicate", &killed[column("replicate")]]),
    );
    assert!(shown.contains("structure oracle"), "{shown}");
    assert!(
        shown.contains("structure ") && shown.contains("\"header\""),
        "{shown}"
    );
    assert!(
        shown.contains(&format!("call {}:", killed[column("first_failure_index")])),
        "{shown}"
    );
    assert!(
        shown.contains("gold leaves") && shown.contains("mutant leaves"),
        "{shown}"
    );
}

/// Runs `testspace run` on the fixture with `from` replaced by `to`; the run must fail
/// without writing its output folder, and its message is returned.
fn refused(from: &str, to: &str) -> String {
    common::refused_run(EXPERIMENT, from, to)
}

#[test]
fn a_unit_without_finitization_is_refused_with_file_line_and_field() {
    let message = refused(
        "[\"TreeMap\", \"LinkedList\"]",
        "[\"TreeMap\", \"ArrayList\"]",
    );
    assert!(message.contains("bad.toml:19"), "{message}");
    assert!(message.contains("phase[0].run[0].strategy"), "{message}");
    assert!(
        message.contains("fe-sat tests structures, and ArrayList has no finitization"),
        "{message}"
    );
}

#[test]
fn a_scope_beyond_the_encoding_is_refused_with_file_line_and_field() {
    let message = refused("scope = [2, 3]", "scope = [2, 41]");
    assert!(message.contains("bad.toml:20"), "{message}");
    assert!(message.contains("phase[0].run[0].scope"), "{message}");
    assert!(
        message.contains("scope 41 for TreeMap is beyond its CNF encoding's limit of 40 nodes"),
        "{message}"
    );
}

#[test]
fn unknown_parameters_and_test_budgets_of_structure_runs_are_refused_with_file_line_and_field() {
    let message = refused("oracle = \"structure\"", "orcale = \"structure\"");
    assert!(message.contains("bad.toml:33"), "{message}");
    assert!(
        message.contains("phase[1].run[0].params.orcale"),
        "{message}"
    );
    assert!(
        message.contains("fe-sat has no parameter `orcale` (its parameters: oracle, seeded)"),
        "{message}"
    );
    let message = refused("scope = 3\n", "scope = 3\ntests = 100\n");
    assert!(message.contains("bad.toml:25"), "{message}");
    assert!(message.contains("phase[0].run[1].tests"), "{message}");
    assert!(
        message.contains("random-structures takes no `tests`"),
        "{message}"
    );
    let message = refused("oracle = \"structure\"", "oracle = \"strucutre\"");
    assert!(
        message.contains("phase[1].run[0].params.oracle"),
        "{message}"
    );
    let message = refused(
        "oracle = \"structure\"",
        "oracle = \"structure\"\nseeded = 1",
    );
    assert!(message.contains("bad.toml:34"), "{message}");
    assert!(
        message.contains("`phase[1].run[0].params.seeded`: expected true or false, found 1"),
        "{message}"
    );
    let message = refused(
        "until = \"budget\"\n[phase.run.params]\n",
        "until = \"budget\"\n[phase.run.params]\nseeded = true\n",
    );
    assert!(
        message.contains("be-structures has no parameter `seeded`"),
        "{message}"
    );
}

/// A seeded field-exhaustive run draws its suite with each replicate's seed: one suite
/// file per replicate, each field-exhaustive (the library's tests check the coverage), so
/// its replicates are a sample of suites rather than copies of one.
#[test]
fn a_seeded_field_exhaustive_run_draws_one_suite_per_replicate() {
    let dir = tempfile::tempdir().unwrap();
    let source = std::fs::read_to_string(EXPERIMENT).unwrap();
    let seeded = source.replacen(
        "strategy = \"fe-sat\"\nscope = [2, 3]\n\n",
        "strategy = \"fe-sat\"\nscope = [2, 3]\n[phase.run.params]\nseeded = true\n\n",
        1,
    );
    assert_ne!(seeded, source);
    let file = dir.path().join("seeded.toml");
    std::fs::write(&file, seeded).unwrap();
    let out = dir.path().join("out");
    common::run_into(file.to_str().unwrap(), &out, "2", false);
    let files = suites(&out);
    let seeded_files: Vec<_> = files
        .keys()
        .filter(|p| {
            let name = p.to_string_lossy();
            name.contains("fe-sat-scope3") && name.contains("-seed")
        })
        .collect();
    // Per subject, one seeded suite per replicate at scope 3; the structure oracle's
    // fe-sat stays the one unseeded suite.
    assert_eq!(seeded_files.len(), 2 * 2, "{:?}", files.keys());
    let unseeded = files
        .keys()
        .filter(|p| {
            let name = p.to_string_lossy();
            name.contains("fe-sat-scope3") && !name.contains("-seed")
        })
        .count();
    assert_eq!(unseeded, 2);
    // TreeMap's two replicates drew different suites.
    let tree_map: Vec<&Vec<u8>> = seeded_files
        .iter()
        .filter(|p| p.starts_with("suites/TreeMap"))
        .map(|p| &files[*p])
        .collect();
    let structures = |bytes: &[u8]| {
        let mut lines: Vec<String> = String::from_utf8_lossy(bytes)
            .lines()
            .skip(1)
            .map(str::to_string)
            .collect();
        lines.sort();
        lines
    };
    assert_ne!(structures(tree_map[0]), structures(tree_map[1]));
}

#[test]
fn a_run_limited_to_some_subjects_has_cells_suites_and_models_there_only() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    common::run_into("testdata/experiments/run-subjects.toml", &out, "2", false);
    let cells = cells_without_timing(&out);
    let column = |name: &str| cells[0].iter().position(|c| c == name).unwrap();
    let [strategy, subject] = ["strategy", "subject"].map(column);
    let on = |name: &str| -> std::collections::BTreeSet<&str> {
        cells[1..]
            .iter()
            .filter(|row| row[strategy] == name)
            .map(|row| row[subject].as_str())
            .collect()
    };
    assert_eq!(on("r"), ["LinkedList", "PriorityQueue"].into());
    assert_eq!(on("library"), ["LinkedList"].into());
    assert_eq!(on("fe-sat"), ["LinkedList"].into());
    // 2 replicates × 3 mutants: r on both subjects, the others on one.
    assert_eq!(cells.len() - 1, 2 * 3 * (2 + 1 + 1));
    let suites = suites(&out);
    assert!(!suites.is_empty());
    assert!(
        suites.keys().all(|p| p.starts_with("suites/LinkedList")),
        "{:?}",
        suites.keys()
    );
    // Without `subjects`, the model is looked for on PriorityQueue too, and is missing.
    use testspace::experiment::file::parse_experiment;
    let file = Path::new("testdata/experiments/run-subjects.toml");
    let source = std::fs::read_to_string(file).unwrap();
    assert!(parse_experiment(file, &source).is_ok());
    let everywhere = source.replacen("subjects = [\"LinkedList\"]\n[phase", "[phase", 1);
    assert_ne!(everywhere, source);
    let error = parse_experiment(file, &everywhere).unwrap_err().to_string();
    assert!(error.contains("PriorityQueue.toml"), "{error}");
}

/// Structure cells record branch coverage as every other cell does: gold's calls on the
/// coverage copy started from each structure, the building not counted. The same run with
/// `coverage = false` has the same cells in every other column and empty coverage columns.
#[test]
fn structure_cells_record_branch_coverage_and_nothing_else_changes_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let (on, off) = (dir.path().join("on"), dir.path().join("off"));
    run(&on, "2", false);
    let source = std::fs::read_to_string(EXPERIMENT).unwrap();
    let without = dir.path().join("without-coverage.toml");
    std::fs::write(
        &without,
        source.replacen(
            "name = \"structures\"",
            "coverage = false\nname = \"structures\"",
            1,
        ),
    )
    .unwrap();
    common::run_into(without.to_str().unwrap(), &off, "2", false);

    let (cells, plain) = (cells_without_timing(&on), cells_without_timing(&off));
    let header = &cells[0];
    assert_eq!(header, &plain[0]);
    let coverage: Vec<usize> = (0..header.len())
        .filter(|&c| header[c].starts_with("branches_"))
        .collect();
    let column = |name: &str| header.iter().position(|c| c == name).unwrap();
    let [strategy, subject, tests_run, total, covered] = [
        "strategy",
        "subject",
        "tests_run",
        "branches_total",
        "branches_covered",
    ]
    .map(column);
    let at: Vec<usize> = [
        "branches_at_1",
        "branches_at_10",
        "branches_at_100",
        "branches_at_1000",
    ]
    .map(column)
    .to_vec();
    assert_eq!(cells.len(), plain.len());
    let mut be_cells: std::collections::BTreeMap<&str, Vec<&Vec<String>>> = Default::default();
    for (row, bare) in cells[1..].iter().zip(&plain[1..]) {
        for c in 0..header.len() {
            if coverage.contains(&c) {
                assert_eq!(bare[c], "", "{}: {bare:?}", header[c]);
            } else {
                assert_eq!(row[c], bare[c], "{}: {row:?}", header[c]);
            }
        }
        let unit = testspace::subject::registry().find(&row[subject]).unwrap();
        let branches = testspace::coverage::branch_mask(unit.probes().unwrap()).len();
        assert_eq!(row[total], branches.to_string(), "{row:?}");
        let number = |c: usize| row[c].parse::<u64>().ok();
        let reached = number(covered).expect("branches_covered is filled");
        assert!(reached > 0 && reached <= branches, "{row:?}");
        // The checkpoints grow with the test cases and stop where the cell stopped.
        let tests: u64 = row[tests_run].parse().unwrap();
        let mut before = 0;
        for (&c, checkpoint) in at.iter().zip([1, 10, 100, 1000]) {
            match number(c) {
                Some(value) => {
                    assert!(tests >= checkpoint && before <= value && value <= reached);
                    before = value;
                }
                None => assert!(tests < checkpoint, "{row:?}"),
            }
        }
        if row[strategy] == "be-structures" {
            be_cells.entry(row[subject].as_str()).or_default().push(row);
        }
    }
    // be-structures runs its whole suite (`until = "budget"`) on every mutant: one coverage,
    // gold's, for every cell of a subject.
    for (name, rows) in be_cells {
        let first: Vec<&String> = coverage.iter().map(|&c| &rows[0][c]).collect();
        for row in &rows {
            let these: Vec<&String> = coverage.iter().map(|&c| &row[c]).collect();
            assert_eq!(these, first, "{name}");
        }
    }
}
