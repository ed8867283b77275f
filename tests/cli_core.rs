//! Command-line contract of `testspace context`, `decode`, `encode` and `sample`.

mod common;

use common::{stdout_of, testspace};
use predicates::prelude::*;

const PAPER: &str = "testdata/contexts/array_list_paper.toml";

#[test]
fn context_json_reports_j_z_and_nc_per_method() {
    let text = stdout_of(&["context", PAPER, "--n", "3", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let j = doc["j"].as_u64().unwrap();
    let nc_sum: u64 = doc["methods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["nc"].as_u64().unwrap())
        .sum();
    assert_eq!(j, nc_sum);
    assert_eq!(doc["z"].as_str().unwrap(), (j * j * j).to_string());
    assert_eq!(doc["subject"], "ArrayList");
    assert!(
        doc["types"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["type"] == "int" && t["vps"] == 2)
    );
}

#[test]
fn decode_then_encode_gives_back_the_index() {
    for index in ["0", "1", "123456789", "1804229350"] {
        let code = stdout_of(&["decode", PAPER, "--n", "5", "--index", index]);
        assert!(code.contains("let mut int_vp"), "{code}");
        assert_eq!(code.matches("// mc_").count(), 5);
        let back = testspace()
            .args(["encode", PAPER, "--n", "5", "--code", "-"])
            .write_stdin(code)
            .output()
            .unwrap();
        assert!(
            back.status.success(),
            "{}",
            String::from_utf8_lossy(&back.stderr)
        );
        assert_eq!(String::from_utf8(back.stdout).unwrap().trim(), index);
    }
}

#[test]
fn encode_from_call_indices_is_the_base_j_number_with_the_first_call_lowest() {
    let j: u64 = serde_json::from_str::<serde_json::Value>(&stdout_of(&[
        "context", PAPER, "--n", "1", "--format", "json",
    ]))
    .unwrap()["j"]
        .as_u64()
        .unwrap();
    let out = stdout_of(&["encode", PAPER, "--n", "3", "--calls", "1, 2 3"]);
    assert_eq!(out.trim(), (1 + 2 * j + 3 * j * j).to_string());
}

#[test]
fn an_index_out_of_range_is_a_clear_error() {
    testspace()
        .args(["decode", PAPER, "--n", "2", "--index", "5041"])
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains("out of range").and(predicate::str::contains("5041")));
    testspace()
        .args(["decode", PAPER, "--n", "2", "--index", "-3"])
        .assert()
        .failure();
    testspace()
        .args(["encode", PAPER, "--n", "2", "--calls", "0,71"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("mc_2").or(predicate::str::contains("position 2")));
}

#[test]
fn sample_prints_only_decimal_indices_one_per_line() {
    for strategy in ["be", "r", "r-leaf", "bobw", "bobw-prime"] {
        let out = stdout_of(&[
            "sample",
            PAPER,
            "--strategy",
            strategy,
            "--n",
            "4",
            "--count",
            "50",
            "--seed",
            "7",
        ]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 50, "{strategy}");
        assert!(
            lines
                .iter()
                .all(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit())),
            "{strategy}: {out}"
        );
        let again = stdout_of(&[
            "sample",
            PAPER,
            "--strategy",
            strategy,
            "--n",
            "4",
            "--count",
            "50",
            "--seed",
            "7",
        ]);
        assert_eq!(out, again, "{strategy} is not reproducible");
    }
}

#[test]
fn sample_be_stops_after_z_and_counts_in_depth_first_order() {
    let out = stdout_of(&[
        "sample",
        PAPER,
        "--strategy",
        "be",
        "--n",
        "1",
        "--count",
        "1000",
    ]);
    let indices: Vec<u64> = out.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(indices, (0..71).collect::<Vec<u64>>());
    let out = stdout_of(&[
        "sample",
        PAPER,
        "--strategy",
        "be",
        "--n",
        "2",
        "--count",
        "3",
    ]);
    assert_eq!(out, "0\n71\n142\n");
}

#[test]
fn bad_context_files_name_file_line_and_field_and_exit_non_zero() {
    testspace()
        .args([
            "context",
            "testdata/contexts/bad_init_length.toml",
            "--n",
            "2",
        ])
        .assert()
        .failure()
        .stdout("")
        .stderr(
            predicate::str::contains("testdata/contexts/bad_init_length.toml:5:")
                .and(predicate::str::contains("pools.int.init")),
        );
    testspace()
        .args([
            "context",
            "testdata/contexts/unknown_subject.toml",
            "--n",
            "2",
        ])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("unknown_subject.toml:2:")
                .and(predicate::str::contains("unknown subject")),
        );
    testspace()
        .args([
            "context",
            "testdata/contexts/does_not_exist.toml",
            "--n",
            "2",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("does_not_exist.toml"));
    testspace()
        .args([
            "sample",
            PAPER,
            "--strategy",
            "dfs",
            "--n",
            "2",
            "--count",
            "1",
        ])
        .assert()
        .failure();
}
