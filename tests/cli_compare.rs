//! `testspace compare` on the committed smoke reference (three replicates of the paper's
//! experiment on three units): the columns it promises, the test each row takes, and its
//! refusals; and every committed comparison table, reproduced.

use assert_cmd::Command;
use predicates::prelude::*;

const SMOKE: &str = "results/andrews2010-smoke";

fn testspace() -> Command {
    Command::cargo_bin("testspace").unwrap()
}

#[test]
fn the_csv_has_the_promised_columns_and_a_pooled_row_per_comparison() {
    let output = testspace()
        .args(["compare", SMOKE, "--format", "csv", "--resamples", "500"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    for column in [
        "subject",
        "n",
        "strategy",
        "baseline",
        "metric",
        "replicates",
        "median",
        "baseline_median",
        "a12",
        "a12_low",
        "a12_high",
        "test",
        "statistic",
        "p_value",
        "p_holm",
        "method",
    ] {
        assert!(header.contains(&column), "no column {column}: {header:?}");
    }
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    let metrics: std::collections::BTreeSet<&str> = rows.iter().map(|r| r[at("metric")]).collect();
    // Every strategy but r stops at its first failure, so failure_density does not apply
    // to the default comparison and is left out; r does not stop there, so neither does
    // calls_to_first_failure.
    assert_eq!(
        metrics.into_iter().collect::<Vec<_>>(),
        [
            "branch_coverage",
            "cpu_to_first_failure",
            "kill_curve_area",
            "kills",
            "tests_to_first_failure"
        ]
    );
    assert!(
        rows.iter()
            .all(|r| r[at("baseline")] == "r" && r[at("strategy")] != "r")
    );
    assert!(rows.iter().any(|r| r[at("subject")] == "all"));
    // be and bobw-prime are seed-free: their replicates against r's are tested as paired
    // differences; bobw draws with its seed, so its replicates are a sample of their own.
    for row in &rows {
        let want = match row[at("strategy")] {
            "be" | "bobw-prime" => "signed-rank",
            _ => "mann-whitney",
        };
        assert_eq!(row[at("test")], want, "{row:?}");
    }
    for row in &rows {
        let value = |c: &str| row[at(c)].parse::<f64>().unwrap();
        assert!(value("a12_low") <= value("a12_high"));
        assert!(value("p_value") <= value("p_holm") + 1e-15);
        assert!((1.0..=3.0).contains(&value("replicates")));
    }
}

#[test]
fn strategies_and_metrics_can_be_chosen() {
    testspace()
        .args([
            "compare",
            SMOKE,
            "--strategies",
            "bobw",
            "--metric",
            "kills",
            "--format",
            "json",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("\"strategy\": \"bobw\"")
                .and(predicate::str::contains("\"strategy\": \"be\"").not())
                .and(predicate::str::contains("\"metric\": \"tests_to_first_failure\"").not()),
        );
}

/// Each refusal: a non-zero exit, a message naming the problem, nothing on stdout.
fn refused(args: &[&str], message: &str) {
    testspace()
        .arg("compare")
        .args(args)
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains(message));
}

#[test]
fn bad_requests_are_refused_with_one_clear_message() {
    refused(&["results/andrews2010"], "1 replicate(s)");
    refused(&[SMOKE, "--baseline", "dfs"], "no cells of strategy `dfs`");
    refused(
        &[SMOKE, "--strategies", "bobw,nope"],
        "strategies there: be, bobw, bobw-prime, r",
    );
    refused(&[SMOKE, "--metric", "speed"], "unknown metric `speed`");
    refused(
        &[SMOKE, "--strategies", "bobw", "--metric", "failure_density"],
        "does not apply to `bobw`",
    );
    refused(&[SMOKE, "--phase", "third"], "no phase `third`");
    refused(
        &[SMOKE, "--subjects", "ArrayList,Nope"],
        "no cells of subject `Nope` in phase",
    );
    refused(
        &[SMOKE, "--metric", "coverage_curve_area"],
        "coverage-area = true in the experiment file records it",
    );
    refused(&["testdata/contexts"], "testdata/contexts");
}

/// A committed comparison table: (results folder, table, phase, baseline, strategies,
/// metrics, subjects: all when `None`).
type CommittedTable<'a> = (
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    String,
    &'a str,
    Option<&'a str>,
);

/// Every committed comparison table is what `compare` prints for its results folder today
/// (the bootstrap is seeded, so they are the same on every run): a change to `compare` must
/// remake them.
#[test]
fn the_committed_comparison_tables_are_reproduced() {
    const ANDREWS: &str = "kills,tests_to_first_failure,cpu_to_first_failure,kill_curve_area";
    const GENERATORS: &str = "kills,tests_to_first_failure,cpu_to_first_failure,\
                              kill_curve_area,calls_to_first_failure,branch_coverage";
    const STRUCTURES: &str = "kills,tests_to_first_failure,cpu_to_first_failure,\
                              kill_curve_area,calls_to_first_failure";
    const CHOICE: &str = "kill_curve_area,kills,branch_coverage,coverage_curve_area";
    let andrews_r = format!("{ANDREWS},branch_coverage");
    let structures_coverage = format!("{STRUCTURES},branch_coverage");
    let andrews_others = format!("{ANDREWS},calls_to_first_failure,branch_coverage");
    let choice_all = "build-only,ensemble,extended,library,list-library,map-library,r,r-leaf,\
                      self,set-library,swarm";
    let except = |baseline: &str| {
        choice_all
            .split(',')
            .filter(|s| *s != baseline)
            .collect::<Vec<_>>()
            .join(",")
    };
    // (results folder, table, phase, baseline, strategies, metrics)
    let tables: Vec<(&str, &str, &str, &str, String, &str)> = vec![
        (
            "andrews2010-replicated",
            "compare_r.csv",
            "comparison",
            "r",
            "be,bobw,bobw-prime,r-leaf".into(),
            &andrews_r,
        ),
        (
            "andrews2010-replicated",
            "compare_r_leaf.csv",
            "comparison",
            "r-leaf",
            "bobw".into(),
            &andrews_others,
        ),
        (
            "andrews2010-replicated",
            "compare_bobw.csv",
            "comparison",
            "bobw",
            "bobw-prime".into(),
            &andrews_others,
        ),
        (
            "ma2015",
            "compare_main_fdrt.csv",
            "main",
            "fdrt",
            "bloodhound,constant-mining,detective,elephant-brain,grt,impurity,orienteering,r"
                .into(),
            GENERATORS,
        ),
        (
            "yatoh2015",
            "compare_short_fdrt.csv",
            "short",
            "fdrt",
            "fcrt,fdrt-reset,r".into(),
            GENERATORS,
        ),
        (
            "yatoh2015",
            "compare_long_fdrt.csv",
            "long",
            "fdrt",
            "fcrt,fdrt-reset,r".into(),
            GENERATORS,
        ),
        (
            "yatoh2015-ablation",
            "compare_ablation_score-uniqueness.csv",
            "ablation",
            "score-uniqueness",
            "uniform-uniqueness,score-random,uniform-random".into(),
            GENERATORS,
        ),
        (
            "ponzio2016",
            "compare_andrews-oracle_fe-sat-seeded.csv",
            "andrews-oracle",
            "fe-sat-seeded",
            "be-structures,fe-sat,fe-greedy,random-structures".into(),
            &structures_coverage,
        ),
        (
            "ponzio2016",
            "compare_structure-oracle_fe-sat-seeded.csv",
            "structure-oracle",
            "fe-sat-seeded",
            "be-structures,fe-sat,fe-greedy,random-structures".into(),
            &structures_coverage,
        ),
        (
            "poulding2015",
            "compare_main_r.csv",
            "main",
            "r",
            except("r"),
            CHOICE,
        ),
        (
            "poulding2015",
            "compare_main_r-leaf.csv",
            "main",
            "r-leaf",
            except("r-leaf"),
            CHOICE,
        ),
        (
            "poulding2015",
            "compare_main_map-library.csv",
            "main",
            "map-library",
            "extended".into(),
            CHOICE,
        ),
        (
            "poulding2015",
            "compare_main_ensemble.csv",
            "main",
            "ensemble",
            "self,library,list-library,set-library,map-library,build-only".into(),
            CHOICE,
        ),
        (
            "poulding2015",
            "compare_main_self.csv",
            "main",
            "self",
            "library".into(),
            CHOICE,
        ),
    ];
    // RQ3's control, Holm within each group: (table, subjects, strategies against `library`).
    let groups = [
        (
            "compare_main_library_list.csv",
            "ArrayList,Vector,LinkedList,Stack",
            "set-library,map-library,build-only",
        ),
        (
            "compare_main_library_map.csv",
            "HashMap,LinkedHashMap,Hashtable,WeakHashMap,IdentityHashMap,TreeMap,EnumMap",
            "list-library,set-library,build-only",
        ),
        (
            "compare_main_library_set.csv",
            "HashSet,LinkedHashSet,TreeSet",
            "list-library,map-library,build-only",
        ),
        (
            "compare_main_library_properties.csv",
            "Properties",
            "list-library,set-library,build-only",
        ),
    ];
    let mut tables: Vec<CommittedTable> = tables
        .into_iter()
        .map(|(folder, file, phase, baseline, strategies, metrics)| {
            (folder, file, phase, baseline, strategies, metrics, None)
        })
        .collect();
    for (file, subjects, strategies) in groups {
        tables.push((
            "poulding2015",
            file,
            "main",
            "library",
            strategies.into(),
            CHOICE,
            Some(subjects),
        ));
    }
    let committed: usize = std::fs::read_dir("results")
        .unwrap()
        .flat_map(|dir| std::fs::read_dir(dir.unwrap().path()).into_iter().flatten())
        .filter(|f| {
            let name = f.as_ref().unwrap().file_name();
            let name = name.to_string_lossy();
            name.starts_with("compare_") && name.ends_with(".csv")
        })
        .count();
    assert_eq!(
        committed,
        tables.len(),
        "a committed comparison table is not listed here"
    );
    for (folder, file, phase, baseline, strategies, metrics, subjects) in tables {
        let results = format!("results/{folder}");
        let output = testspace()
            .args(["compare", &results, "--format", "csv", "--phase", phase])
            .args(subjects.map(|s| ["--subjects", s]).into_iter().flatten())
            .args([
                "--baseline",
                baseline,
                "--strategies",
                &strategies,
                "--metric",
                metrics,
            ])
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{results}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let committed = std::fs::read_to_string(format!("{results}/{file}")).unwrap();
        assert!(
            committed.as_bytes() == output.stdout.as_slice(),
            "{results}/{file} differs from a fresh compare"
        );
    }
}

/// `compare` accepts what `report`, `diff` and `plot` accept: a folder whose recorded
/// experiment this binary cannot build (here: with the fixture subjects registered,
/// `subjects = "all"` takes in Register, which has no coverage copy for fcrt) is compared
/// from the file's text, to the same table as with the experiment built.
#[test]
fn a_recorded_experiment_this_binary_cannot_build_is_compared_alike() {
    let compared = |fixtures: bool| {
        let mut command = testspace();
        if fixtures {
            command.env("TESTSPACE_FIXTURE_SUBJECTS", "1");
        }
        let output = command
            .args(["compare", "results/yatoh2015", "--format", "csv"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "{stderr}");
        (output.stdout, stderr)
    };
    let (built, quiet) = compared(false);
    let (from_text, noted) = compared(true);
    assert!(quiet.is_empty(), "{quiet}");
    assert!(noted.contains("Register has no coverage copy"), "{noted}");
    assert_eq!(from_text, built);
}
