//! The `testspace phi` command-line contract: headers, values, warnings, errors, files.

use assert_cmd::Command;
use predicates::prelude::*;

fn phi() -> Command {
    let mut command = Command::cargo_bin("testspace").unwrap();
    command.arg("phi");
    command
}

fn stdout_of(arguments: &[&str]) -> String {
    let output = phi().args(arguments).output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn table_mode_prints_the_contract_header_and_exact_counts() {
    let text = stdout_of(&["--j", "2", "--k", "2", "--n", "1..=6"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "j,k,n,phi,fd,fdpmc");
    let counts: Vec<&str> = lines[1..]
        .iter()
        .map(|line| line.split(',').nth(3).unwrap())
        .collect();
    assert_eq!(counts, ["0", "1", "4", "11", "26", "57"]);
    assert_eq!(
        lines[4],
        "2,2,4,11,6.8750000000000000e-1,1.7187500000000000e-1"
    );
}

#[test]
fn k_spec_gives_one_row_per_k_and_n() {
    let text = stdout_of(&["--j", "300", "--k", "1..=3", "--n", "paper"]);
    assert_eq!(text.lines().count(), 1 + 3 * 15);
}

#[test]
fn counts_longer_than_sixty_digits_are_left_empty() {
    let text = stdout_of(&["--j", "300", "--k", "1", "--n", "16,32"]);
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|line| line.split(',').collect())
        .collect();
    assert_eq!(rows[0][3], "223931271756098852415400767513109204799");
    assert_eq!(rows[1][3], "");
    assert!(rows[1][4].starts_with("1.01334901396037"), "{}", rows[1][4]);
}

#[test]
fn float_and_exact_paths_agree_far_below_the_f64_range() {
    let arguments = ["--j", "1000000", "--k", "60", "--n", "200"];
    let field = |text: &str| {
        text.lines()
            .nth(1)
            .unwrap()
            .split(',')
            .nth(4)
            .unwrap()
            .to_string()
    };
    let exact = field(&stdout_of(&arguments));
    let float = field(&stdout_of(&[&arguments[..], &["--float"]].concat()));
    assert!(exact.ends_with("e-358"), "{exact}");
    assert_eq!(exact[..14], float[..14]);
}

#[test]
fn self_overlapping_pattern_is_counted_exactly_with_a_warning() {
    phi()
        .args(["--j", "2", "--pattern", "0 0", "--n", "4"])
        .assert()
        .success()
        .stdout("j,pattern,n,phi,fd,fdpmc\n2,0 0,4,8,5.0000000000000000e-1,1.2500000000000000e-1\n")
        .stderr(
            predicate::str::contains("overlaps itself").and(predicate::str::contains("recurrence")),
        );
}

#[test]
fn non_overlapping_pattern_gets_no_warning_and_matches_the_recurrence() {
    let pattern = stdout_of(&["--j", "5", "--pattern", "0 1 2", "--n", "1..=40"]);
    let recurrence = stdout_of(&["--j", "5", "--k", "3", "--n", "1..=40"]);
    let tail = |text: &str| -> Vec<String> {
        text.lines()
            .skip(1)
            .map(|line| line.split(',').skip(2).collect::<Vec<_>>().join(","))
            .collect()
    };
    assert_eq!(tail(&pattern), tail(&recurrence));
    phi()
        .args(["--j", "5", "--pattern", "0 1 2", "--n", "3"])
        .assert()
        .success()
        .stderr("");
}

#[test]
fn optimal_mode_prints_one_row_per_j_and_k() {
    let text = stdout_of(&["--j", "2,3", "--k", "1..=2", "--optimal"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "j,k,n_opt,fd,fdpmc");
    let optima: Vec<(&str, &str, &str)> = lines[1..]
        .iter()
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            (fields[0], fields[1], fields[2])
        })
        .collect();
    assert_eq!(
        optima,
        [
            ("2", "1", "1"),
            ("2", "2", "4"),
            ("3", "1", "1"),
            ("3", "2", "5")
        ]
    );
    let optimal_lengths = |text: &str| -> Vec<String> {
        text.lines()
            .map(|line| line.split(',').take(3).collect::<Vec<_>>().join(","))
            .collect()
    };
    let exact = stdout_of(&["--j", "2,3", "--k", "1..=2", "--optimal", "--exact"]);
    assert_eq!(optimal_lengths(&exact), optimal_lengths(&text));
}

#[test]
fn bad_input_fails_with_a_reason() {
    for (arguments, reason) in [
        (vec!["--j", "0", "--k", "2", "--n", "3"], "--j"),
        (vec!["--j", "3", "--k", "2", "--n", "1..4"], "A..=B"),
        (vec!["--j", "3", "--k", "0", "--n", "3"], "--k"),
        (vec!["--j", "3", "--k", "2", "--n", "0..=3"], "at least 1"),
        (vec!["--j", "1", "--k", "2", "--n", "3"], "overlaps itself"),
        (
            vec!["--j", "3", "--pattern", "0 3", "--n", "3"],
            "out of range",
        ),
        (
            vec!["--j", "3", "--pattern", "0 x", "--n", "3"],
            "call index",
        ),
        (vec!["--j", "3", "--k", "2"], "--n"),
    ] {
        phi()
            .args(&arguments)
            .assert()
            .failure()
            .stdout("")
            .stderr(predicate::str::contains(reason));
    }
}

#[test]
fn out_writes_csv_parquet_and_plots_and_nothing_on_error() {
    let root = tempfile::tempdir().unwrap();
    let directory = root.path().join("results");
    let text = stdout_of(&[
        "--j",
        "3",
        "--k",
        "1..=3",
        "--n",
        "1..=50",
        "--out",
        directory.to_str().unwrap(),
        "--plot",
    ]);
    assert_eq!(
        std::fs::read_to_string(directory.join("phi.csv")).unwrap(),
        text
    );
    for name in ["phi.parquet", "fd.png", "fd.svg", "fdpmc.png", "fdpmc.svg"] {
        assert!(directory.join(name).is_file(), "{name} missing");
    }
    // With phi's output marker (docs/faults.md, "Output places").
    assert_eq!(
        std::fs::read_dir(&directory).unwrap().count(),
        7,
        "stray files"
    );

    let failed = root.path().join("failed");
    phi()
        .args([
            "--j",
            "3",
            "--pattern",
            "7",
            "--n",
            "3",
            "--out",
            failed.to_str().unwrap(),
        ])
        .assert()
        .failure();
    assert!(!failed.exists());
}
