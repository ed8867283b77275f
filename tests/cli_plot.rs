//! Command-line contract of `testspace plot` on the fixture results set
//! `testdata/results/register/` (produced by
//! `TESTSPACE_FIXTURE_SUBJECTS=1 testspace run testdata/experiments/register.toml`).

use std::path::Path;

use assert_cmd::Command;

const FIXTURE: &str = "testdata/results/register";

fn plot(results: &Path, out: &Path, fixture_subjects: bool) -> std::process::Output {
    let mut command = Command::cargo_bin("testspace").unwrap();
    command
        .arg("plot")
        .arg(results)
        .arg("--out")
        .arg(out)
        .env_remove("TESTSPACE_FIXTURE_SUBJECTS");
    if fixture_subjects {
        command.env("TESTSPACE_FIXTURE_SUBJECTS", "1");
    }
    command.output().unwrap()
}

fn header(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn every_figure_and_table_is_written_with_its_header() {
    let out = tempfile::tempdir().unwrap();
    let output = plot(Path::new(FIXTURE), out.path(), true);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    for stem in [
        "figure4",
        "figure4_units",
        "figure5",
        "figure6",
        "density_model",
    ] {
        let png = std::fs::read(out.path().join(format!("{stem}.png"))).unwrap();
        assert!(png.starts_with(b"\x89PNG"), "{stem}.png is not a PNG");
        let svg = std::fs::read_to_string(out.path().join(format!("{stem}.svg"))).unwrap();
        assert!(svg.contains("<svg"), "{stem}.svg is not an SVG");
    }
    let headers = [
        ("figure4.csv", "unit,n,mutants,mean_failure_density"),
        (
            "figure5.csv",
            "n,cases,be_wins,ties,be_missing,be_wins_percent",
        ),
        (
            "figure6.csv",
            "strategy,n,mutants_run,killed,non_equivalent",
        ),
        (
            "density_model.csv",
            "series,unit,j,k,n,mutants,failure_density,fit_rmse_log10",
        ),
        (
            "figure3.csv",
            "unit,sloc,mutants_catalog,mutants_run,non_equivalent,paper_sloc,\
             paper_mutants_compiled,paper_non_equivalent",
        ),
        (
            "failures_per_cpu_second.csv",
            "strategy,n,cells,incomplete_cells,kills,charged_cpu_seconds,\
             kills_per_cpu_second,failing_tests,cpu_seconds,failing_tests_per_cpu_second,\
             paper_failures_per_cpu_second",
        ),
    ];
    for (file, expected) in headers {
        assert_eq!(header(&out.path().join(file)), expected, "{file}");
    }
    for file in ["figure3.md", "failures_per_cpu_second.md"] {
        let text = std::fs::read_to_string(out.path().join(file)).unwrap();
        assert!(text.contains("|---"), "{file} has no Markdown table");
    }
    // 5 charts × 2 + 4 figure CSVs + 2 tables × 2 and plot's output marker: nothing else,
    // no temporary file.
    assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 19);
    // The fixture: mutants 1 and 2 of Register are non-equivalent (3 equivalent, 4 and 5
    // crash or hang); R kills at n = 3 (mutant 1) and n = 4 (both), BE wins 1 of 1 and
    // 1 of 2 of those cases.
    let figure5 = std::fs::read_to_string(out.path().join("figure5.csv")).unwrap();
    assert!(figure5.contains("\n3,1,1,0,0,100.0\n"), "{figure5}");
    assert!(figure5.contains("\n4,2,1,0,0,50.0\n"), "{figure5}");
    let figure3 = std::fs::read_to_string(out.path().join("figure3.csv")).unwrap();
    assert!(
        figure3
            .lines()
            .any(|l| l.starts_with("Register,") && l.contains(",5,2,")),
        "{figure3}"
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("Failures per CPU second"), "{stdout}");
}

#[test]
fn units_unknown_to_the_registry_skip_the_model_with_a_note() {
    let out = tempfile::tempdir().unwrap();
    let output = plot(Path::new(FIXTURE), out.path(), false);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("density model skipped"), "{stderr}");
    assert!(!out.path().join("density_model.png").exists());
    assert!(out.path().join("figure6.png").exists());
}

#[test]
fn a_folder_that_is_not_results_fails_and_writes_nothing() {
    let root = tempfile::tempdir().unwrap();
    let results = root.path().join("broken");
    std::fs::create_dir(&results).unwrap();
    std::fs::write(results.join("manifest.json"), "{}").unwrap();
    std::fs::write(results.join("cells.csv"), "phase,subject\ncomparison,A\n").unwrap();
    let out = root.path().join("out");
    for folder in [results.clone(), root.path().join("missing")] {
        let output = plot(&folder, &out, true);
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("error:"), "{stderr}");
        assert!(!out.exists(), "output written for {}", folder.display());
    }
    let stderr = String::from_utf8_lossy(&plot(&results, &out, true).stderr).to_string();
    assert!(
        stderr.contains("mutant"),
        "the missing column is named: {stderr}"
    );
    let stderr =
        String::from_utf8_lossy(&plot(&root.path().join("missing"), &out, true).stderr).to_string();
    assert!(
        stderr.contains("missing") && stderr.contains("not a testspace results folder"),
        "{stderr}"
    );
}

#[test]
fn without_out_the_files_go_into_the_results_folder() {
    let root = tempfile::tempdir().unwrap();
    for file in ["cells.parquet", "manifest.json"] {
        std::fs::copy(Path::new(FIXTURE).join(file), root.path().join(file)).unwrap();
    }
    let output = Command::cargo_bin("testspace")
        .unwrap()
        .arg("plot")
        .arg(root.path())
        .env("TESTSPACE_FIXTURE_SUBJECTS", "1")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(root.path().join("figure5.svg").exists());
    assert!(root.path().join("cells.parquet").exists());
}

#[test]
fn results_without_a_comparison_phase_give_figure3_and_notes() {
    let root = tempfile::tempdir().unwrap();
    let results = root.path().join("results");
    std::fs::create_dir(&results).unwrap();
    std::fs::copy(
        Path::new(FIXTURE).join("manifest.json"),
        results.join("manifest.json"),
    )
    .unwrap();
    let cells = std::fs::read_to_string(Path::new(FIXTURE).join("cells.csv")).unwrap();
    let equivalence: Vec<&str> = cells
        .lines()
        .filter(|line| !line.starts_with("comparison,"))
        .collect();
    std::fs::write(results.join("cells.csv"), equivalence.join("\n") + "\n").unwrap();
    let out = root.path().join("out");
    let output = plot(&results, &out, true);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    for figure in [
        "figure 4 skipped",
        "figure 5 skipped",
        "figure 6 skipped",
        "density model skipped",
    ] {
        assert!(stderr.contains(figure), "{figure}: {stderr}");
    }
    let mut written: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(written, [".testspace-output", "figure3.csv", "figure3.md"]);
    let figure3 = std::fs::read_to_string(out.join("figure3.csv")).unwrap();
    assert!(figure3.contains("Register,,5,5,2,"), "{figure3}");
}

/// `testspace plot RESULTS --out TEMP`, which must succeed.
fn replot(results: &Path) -> tempfile::TempDir {
    let out = tempfile::tempdir().unwrap();
    let output = plot(results, out.path(), false);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    out
}

/// Each of `files` in `out` equals the committed one in `results`.
fn assert_committed(results: &Path, out: &Path, files: &[&str]) {
    for file in files {
        let committed = std::fs::read_to_string(results.join(file)).unwrap();
        let replotted = std::fs::read_to_string(out.join(file)).unwrap();
        assert!(
            committed == replotted,
            "{file} of {} differs from a fresh plot",
            results.display()
        );
    }
}

/// The committed run of the paper's experiment replots to the committed figures' numbers:
/// the tables under results/andrews2010/ are what `testspace plot` makes of its cells.
#[test]
fn the_committed_paper_results_replot_to_the_committed_numbers() {
    let results = Path::new("results/andrews2010");
    let out = replot(results);
    assert_committed(
        results,
        out.path(),
        &[
            "figure4.csv",
            "figure5.csv",
            "figure6.csv",
            "density_model.csv",
            "failures_per_cpu_second.csv",
            "coverage_curves.csv",
        ],
    );
}

/// The same for the committed replicated run (10 replicates), kill curves included.
#[test]
fn the_committed_replicated_results_replot_to_the_committed_numbers() {
    let results = Path::new("results/andrews2010-replicated");
    let out = replot(results);
    assert_committed(
        results,
        out.path(),
        &[
            "figure4.csv",
            "figure5.csv",
            "figure6.csv",
            "kill_curves.csv",
        ],
    );
}

/// Replicated results (the smoke reference: three replicates) get kill curves against test
/// cases and CPU seconds per n, and Figures 4 and 6 get the median and quartiles over
/// replicates; the committed smoke reference holds exactly what a fresh plot makes.
#[test]
fn replicated_results_get_kill_curves_and_bands() {
    let results = Path::new("results/andrews2010-smoke");
    let out = replot(results);
    assert_eq!(
        header(&out.path().join("kill_curves.csv")),
        "cost,n,strategy,replicates,x,killed_median,killed_q1,killed_q3"
    );
    for chart in ["kill_curves_tests_n8", "kill_curves_cpu_seconds_n256"] {
        for ext in ["png", "svg"] {
            assert!(
                out.path().join(format!("{chart}.{ext}")).is_file(),
                "{chart}.{ext}"
            );
        }
    }
    assert!(
        header(&out.path().join("figure6.csv")).ends_with(",killed_median,killed_q1,killed_q3")
    );
    assert!(
        header(&out.path().join("figure4.csv"))
            .ends_with(",replicates_median,replicates_q1,replicates_q3")
    );
    let curves = std::fs::read_to_string(out.path().join("kill_curves.csv")).unwrap();
    let last_r_tests_n256 = curves
        .lines()
        .rfind(|l| l.starts_with("tests,256,r,3,"))
        .unwrap();
    // At the budget every replicate's r has killed what Figure 6 says it killed at n = 256.
    let figure6 = std::fs::read_to_string(out.path().join("figure6.csv")).unwrap();
    let r256 = figure6.lines().find(|l| l.starts_with("r,256,")).unwrap();
    let median_killed = r256.split(',').nth(5).unwrap();
    assert_eq!(last_r_tests_n256.split(',').nth(5).unwrap(), median_killed);
    assert_committed(
        results,
        out.path(),
        &[
            "figure4.csv",
            "figure5.csv",
            "figure6.csv",
            "kill_curves.csv",
        ],
    );
}

/// Results with coverage columns (the smoke reference) get coverage curves per n: the
/// pooled branch coverage never falls as test cases grow, r's curve reaches what its
/// longest cells covered, and the committed reference holds exactly what a fresh plot makes.
#[test]
fn results_with_coverage_get_coverage_curves_that_never_fall() {
    let results = Path::new("results/andrews2010-smoke");
    let out = replot(results);
    let curves = std::fs::read_to_string(out.path().join("coverage_curves.csv")).unwrap();
    let mut lines = curves.lines();
    assert_eq!(
        lines.next().unwrap(),
        "n,strategy,replicates,units,tests,coverage_median,coverage_q1,coverage_q3"
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    for pair in rows.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        if a[..2] == b[..2] {
            let value = |r: &[&str], i: usize| r[i].parse::<f64>().unwrap();
            assert!(value(b, 4) > value(a, 4), "{a:?} {b:?}");
            assert!(value(b, 5) >= value(a, 5), "coverage fell: {a:?} {b:?}");
        }
    }
    assert!(rows.iter().all(|r| {
        let v: f64 = r[5].parse().unwrap();
        (0.0..=100.0).contains(&v) && r[3] == "3"
    }));
    assert!(
        rows.iter()
            .any(|r| r[0] == "256" && r[1] == "r" && r[4] == "1000")
    );
    for ext in ["png", "svg"] {
        assert!(out.path().join(format!("coverage_n16.{ext}")).is_file());
    }
    assert_committed(results, out.path(), &["coverage_curves.csv"]);
}
