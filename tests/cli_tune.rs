//! `testspace tune`: a model tuned on training mutants that the evaluation experiment does
//! not sample, written as a model file `choice` reads, with its fitness trace and a manifest
//! recording the data; the same for any `--jobs`; overlapping training and evaluation data
//! refused where the tuning file says.

mod common;

use common::{success_stdout, testspace};

const TUNING: &str = "testdata/tune/list.toml";

fn tune_into(out: &std::path::Path, jobs: &str) {
    success_stdout(
        testspace()
            .args(["tune", TUNING, "--jobs", jobs, "--out"])
            .arg(out),
    );
}

#[test]
fn a_tuned_model_is_a_model_file_with_its_trace_and_disjoint_data_for_any_jobs() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    tune_into(&one, "1");
    tune_into(&two, "2");
    for file in ["model.toml", "trace.csv"] {
        let read = |d: &std::path::Path| std::fs::read_to_string(d.join(file)).unwrap();
        assert_eq!(read(&one), read(&two), "{file}");
    }
    let trace = std::fs::read_to_string(one.join("trace.csv")).unwrap();
    assert_eq!(trace.lines().count(), 1 + 8, "{trace}");
    assert!(trace.lines().next().unwrap().contains("\"C()\""), "{trace}");
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(one.join("manifest.json")).unwrap()).unwrap();
    let unit = &manifest["units"][0];
    assert_eq!(unit["subject"], "ArrayList");
    let ids = |key: &str| -> Vec<u64> {
        unit[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect()
    };
    let (training, excluded) = (ids("training_mutants"), ids("excluded_mutants"));
    assert_eq!((training.len(), excluded.len()), (4, 6));
    assert!(
        training.iter().all(|m| !excluded.contains(m)),
        "{training:?} {excluded:?}"
    );
    let seeds = |key: &str| manifest[key].as_array().unwrap().clone();
    assert!(
        seeds("test_set_seeds")
            .iter()
            .all(|s| !seeds("evaluation_seeds").contains(s))
    );
    // The model is a model file that `choice` reads.
    samples_three_test_cases_with(&one.join("model.toml"));
}

/// `sample --strategy choice --model MODEL` prints three test cases.
fn samples_three_test_cases_with(model: &std::path::Path) {
    let sampled = success_stdout(
        testspace()
            .args([
                "sample",
                "testdata/contexts/array_list_paper.toml",
                "--strategy",
                "choice",
                "--n",
                "10",
                "--count",
                "3",
                "--model",
            ])
            .arg(model),
    );
    assert_eq!(sampled.lines().count(), 3, "{sampled}");
}

/// `tune` on the tuning file with `from` replaced by `to` fails, naming the field, and
/// writes nothing (the file copied to a folder of its own, its evaluation by absolute path).
fn refused(from: &str, to: &str) -> String {
    common::refused("tune", &movable_tuning(), from, to)
}

/// The tuning file's text with its evaluation named by absolute path, so that it can be
/// written into any folder.
fn movable_tuning() -> String {
    let evaluation = std::fs::canonicalize("testdata/experiments/choice.toml").unwrap();
    std::fs::read_to_string(TUNING).unwrap().replace(
        "\"../experiments/choice.toml\"",
        &format!("{:?}", evaluation.display().to_string()),
    )
}

#[test]
fn overlapping_training_and_evaluation_data_is_refused_where_the_file_says() {
    // The evaluation experiment's seed is its replicate 0's.
    let message = refused("seed = 100", "seed = 16");
    assert!(
        message.contains("line 4") || message.contains(":4:"),
        "{message}"
    );
    assert!(
        message.contains("seed") && message.contains("disjoint"),
        "{message}"
    );
    let message = refused(
        r#"subjects = ["ArrayList"]"#,
        r#"subjects = ["ArrayList", "Stack"]"#,
    );
    assert!(
        message.contains("subjects") && message.contains("held out"),
        "{message}"
    );
    let message = refused(r#"subjects = ["ArrayList"]"#, r#"subjects = ["Vector"]"#);
    assert!(
        message.contains("not a subject of the evaluation"),
        "{message}"
    );
    let message = refused("population = 4", "population = 3");
    assert!(message.contains("optimiser.population"), "{message}");
    let message = refused("tests = 30", "tsets = 30");
    assert!(message.contains("tsets"), "{message}");
}

#[test]
fn coverage_is_the_alternative_fitness_and_other_names_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let source = movable_tuning()
        .replace("test-sets = 3", "test-sets = 3\nfitness = \"coverage\"")
        .replace("mutants = 4\n", "");
    let file = dir.path().join("coverage.toml");
    std::fs::write(&file, &source).unwrap();
    let out = dir.path().join("out");
    success_stdout(testspace().arg("tune").arg(&file).arg("--out").arg(&out));
    let manifest = std::fs::read_to_string(out.join("manifest.json")).unwrap();
    assert!(manifest.contains(r#""fitness": "coverage""#), "{manifest}");
    let model = std::fs::read_to_string(out.join("model.toml")).unwrap();
    assert!(model.contains("coverage-curve area"), "{model}");
    let message = common::refused(
        "tune",
        &source,
        "fitness = \"coverage\"",
        "fitness = \"speed\"",
    );
    assert!(
        message.contains("fitness") && message.contains("speed"),
        "{message}"
    );
    // The coverage fitness draws no training mutants; the kill fitness needs them.
    let manifest: serde_json::Value = serde_json::from_str(&manifest).unwrap();
    assert_eq!(
        manifest["units"][0]["training_mutants"],
        serde_json::json!([])
    );
    let message = common::refused("tune", &source, "n = 10", "n = 10\nmutants = 4");
    assert!(
        message.contains("mutants") && message.contains("coverage fitness uses no mutants"),
        "{message}"
    );
    let message = common::refused(
        "tune",
        &source,
        "fitness = \"coverage\"",
        "fitness = \"kills\"",
    );
    assert!(
        message.contains("mutants") && message.contains("missing"),
        "{message}"
    );
}

#[test]
fn a_target_names_the_one_model_after_a_unit_it_is_not_tuned_on() {
    let dir = tempfile::tempdir().unwrap();
    let source = movable_tuning().replace("held-out = [\"Stack\"]\n", "target = \"Stack\"\n");
    let file = dir.path().join("target.toml");
    std::fs::write(&file, &source).unwrap();
    let out = dir.path().join("out");
    success_stdout(testspace().arg("tune").arg(&file).arg("--out").arg(&out));
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("Stack.manifest.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["model_for"], "Stack");
    assert_eq!(manifest["held_out"], serde_json::json!(["Stack"]));
    assert!(out.join("Stack.toml").exists() && !out.join("model.toml").exists());
    let message = common::refused(
        "tune",
        &source,
        "target = \"Stack\"",
        "target = \"ArrayList\"",
    );
    assert!(
        message.contains("target") && message.contains("training subject"),
        "{message}"
    );
    let message = common::refused(
        "tune",
        &source,
        "target = \"Stack\"",
        "target = \"Stack\"\nscheme = \"each\"",
    );
    assert!(
        message.contains("target") && message.contains("together"),
        "{message}"
    );
}

#[test]
fn an_ensembles_member_weights_and_parameters_are_tuned_beside_the_method_weights() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ensemble");
    let printed = success_stdout(
        testspace()
            .args(["tune", "testdata/tune/list-ensemble.toml", "--out"])
            .arg(&out),
    );
    assert!(
        printed.contains("the ensemble plain (model), fed (feed), built (build)"),
        "{printed}"
    );
    let trace = std::fs::read_to_string(out.join("trace.csv")).unwrap();
    let header = trace.lines().next().unwrap();
    for dimension in [
        "generator.plain.weight",
        "generator.fed.probability",
        "generator.built.stop",
    ] {
        assert!(header.contains(dimension), "{header}");
    }
    let model = std::fs::read_to_string(out.join("model.toml")).unwrap();
    assert_eq!(model.matches("[[generator]]").count(), 3, "{model}");
    let manifest = std::fs::read_to_string(out.join("manifest.json")).unwrap();
    assert!(manifest.contains("models/ensemble.toml"), "{manifest}");
    // The tuned ensemble is a model file `choice` reads.
    samples_three_test_cases_with(&out.join("model.toml"));
}

#[test]
fn a_base_model_that_does_not_fit_the_training_units_is_refused_at_the_model_field() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("stack.toml");
    std::fs::write(
        &base,
        "[[generator]]\nname = \"b\"\nkind = \"build\"\ninsertions = { \"append(Integer)\" = 1 }\n",
    )
    .unwrap();
    let message = refused(
        "name = \"list\"",
        &format!("name = \"list\"\nmodel = {:?}", base.display().to_string()),
    );
    assert!(message.contains("model"), "{message}");
    assert!(
        message.contains("append(Integer)") && message.contains("ArrayList"),
        "{message}"
    );
}

#[test]
fn each_and_leave_one_out_tune_one_model_per_subject_on_itself_or_on_the_others() {
    let dir = tempfile::tempdir().unwrap();
    let source = movable_tuning()
        .replace("held-out = [\"Stack\"]\n", "")
        .replace(
            "subjects = [\"ArrayList\"]",
            "subjects = [\"ArrayList\", \"Stack\"]",
        );
    let manifest = |out: &std::path::Path, subject: &str| -> serde_json::Value {
        let text = std::fs::read_to_string(out.join(format!("{subject}.manifest.json"))).unwrap();
        serde_json::from_str(&text).unwrap()
    };
    let trained = |m: &serde_json::Value| -> Vec<String> {
        m["units"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["subject"].as_str().unwrap().to_string())
            .collect()
    };
    for (scheme, stack_trained_on) in [("each", "Stack"), ("leave-one-out", "ArrayList")] {
        let file = dir.path().join(format!("{scheme}.toml"));
        let text = source.replace(
            "test-sets = 3",
            &format!("test-sets = 3\nscheme = {scheme:?}"),
        );
        std::fs::write(&file, text).unwrap();
        let out = dir.path().join(scheme);
        success_stdout(testspace().arg("tune").arg(&file).arg("--out").arg(&out));
        let stack = manifest(&out, "Stack");
        assert_eq!(stack["model_for"], "Stack");
        assert_eq!(trained(&stack), [stack_trained_on], "{scheme}");
        if scheme == "leave-one-out" {
            assert_eq!(stack["held_out"], serde_json::json!(["Stack"]));
        }
        assert!(out.join("ArrayList.toml").exists() && out.join("Stack.trace.csv").exists());
        // `{subject}` in a model name picks each subject's model.
        samples_three_test_cases_with(&out.join("{subject}.toml"));
    }
    let message = common::refused(
        "tune",
        &source,
        "test-sets = 3",
        "test-sets = 3\nscheme = \"every\"",
    );
    assert!(
        message.contains("scheme") && message.contains("leave-one-out"),
        "{message}"
    );
}

/// Under a base model that chains `addAll` of ArrayList's one list to itself, test cases at
/// n = 1024 double the list call after call. Gold's guards abandon them: `tune` finishes,
/// says how many it abandoned, and its trace counts them per evaluation.
#[test]
fn tune_abandons_test_cases_that_explode_and_says_how_many() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let stdout = success_stdout(
        testspace()
            .args(["tune", "testdata/tune/exploding.toml", "--out"])
            .arg(&out),
    );
    let line = stdout
        .lines()
        .find(|l| l.starts_with("tuned"))
        .unwrap_or_else(|| panic!("{stdout}"));
    let abandoned: u64 = line
        .split("; ")
        .nth(1)
        .and_then(|rest| rest.strip_suffix(" abandoned at gold's guards"))
        .and_then(|count| {
            count
                .strip_suffix(" test cases")
                .or_else(|| count.strip_suffix(" test case"))
        })
        .unwrap_or_else(|| panic!("{line}"))
        .parse()
        .unwrap();
    assert!(abandoned > 0, "{line}");
    let trace = std::fs::read_to_string(out.join("trace.csv")).unwrap();
    let mut rows = trace.lines();
    assert!(
        rows.next()
            .unwrap()
            .starts_with("evaluation,fitness,abandoned,"),
        "{trace}"
    );
    let per_evaluation: Vec<u64> = rows
        .map(|row| row.split(',').nth(2).unwrap().parse().unwrap())
        .collect();
    assert_eq!(per_evaluation.len(), 4, "{trace}");
    assert_eq!(per_evaluation.iter().sum::<u64>(), abandoned, "{trace}");
    // At most one per test case of every evaluation: 4 test cases of 1 set each.
    assert!(per_evaluation.iter().all(|&a| a <= 4), "{trace}");
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["abandoned_tests"], abandoned);
}
