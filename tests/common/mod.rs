//! Helpers shared by the integration tests: the `testspace` binary and its stdout, and for
//! the tests that run the registered units directly (schemata and coverage copies), traces of
//! test cases, random test cases and the `java.util` units.

#![allow(dead_code)] // each test crate uses some of them

pub mod ranking;
pub mod stats;

use std::sync::Arc;

use testspace::context::TestContext;
use testspace::kernel::rng::{below, case_rng};
use testspace::subject::{JavaException, Session, Unit, registry};

/// The `testspace` binary, as a command.
pub fn testspace() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("testspace").unwrap()
}

/// What `testspace ARGS` prints on stdout; it must succeed.
pub fn stdout_of(args: &[&str]) -> String {
    success_stdout(testspace().args(args))
}

/// What a command prints on stdout; it must succeed (its stderr is the failure message).
pub fn success_stdout(command: &mut assert_cmd::Command) -> String {
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{command:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `testspace run EXPERIMENT --quiet --jobs JOBS --out OUT [--resume]`; it must succeed.
pub fn run_into(experiment: &str, out: &std::path::Path, jobs: &str, resume: bool) {
    let mut command = testspace();
    command
        .args(["run", experiment, "--quiet", "--jobs", jobs, "--out"])
        .arg(out);
    if resume {
        command.arg("--resume");
    }
    success_stdout(&mut command);
}

/// Every suite file under `out/suites`, by path relative to `out`, with its bytes.
pub fn suite_files(
    out: &std::path::Path,
) -> std::collections::BTreeMap<std::path::PathBuf, Vec<u8>> {
    let mut files = std::collections::BTreeMap::new();
    for subject in std::fs::read_dir(out.join("suites")).unwrap() {
        for file in std::fs::read_dir(subject.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            files.insert(path.strip_prefix(out).unwrap().to_path_buf(), bytes);
        }
    }
    files
}

/// `out/cells.csv` as rows of fields (header first), without its two CPU-time columns.
pub fn cells_without_timing(out: &std::path::Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    text.lines()
        .map(|line| {
            line.split(',')
                .zip(&header)
                .filter(|(_, column)| !column.ends_with("cpu_seconds"))
                .map(|(field, _)| field.to_string())
                .collect()
        })
        .collect()
}

/// Runs `testspace run` on the experiment file `experiment` with `from` replaced by `to`
/// (written as `bad.toml`); the run must fail without writing its output folder, and its
/// message is returned.
pub fn refused_run(experiment: &str, from: &str, to: &str) -> String {
    let source = std::fs::read_to_string(experiment).unwrap();
    refused("run", &source, from, to)
}

/// Runs `testspace SUBCOMMAND bad.toml --out OUT` on `source` with `from` replaced by `to`;
/// it must fail without writing OUT, and its message is returned.
pub fn refused(subcommand: &str, source: &str, from: &str, to: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    assert!(source.contains(from), "{from}");
    let file = dir.path().join("bad.toml");
    std::fs::write(&file, source.replacen(from, to, 1)).unwrap();
    let out = dir.path().join("out");
    let output = testspace()
        .arg(subcommand)
        .arg(&file)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(!out.exists(), "no output for bad input");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The outcome of every call and every pool, rendered, after each.
pub type Trace = Vec<(Result<(), JavaException>, Vec<(String, Vec<String>)>)>;

/// Runs `calls` on a freshly reset session.
pub fn trace(session: &mut dyn Session, calls: &[u32]) -> Trace {
    session.reset();
    calls
        .iter()
        .map(|&c| (session.step(c), session.render_pools()))
        .collect()
}

/// `cases` test cases of `length` uniformly drawn call indices below `j`.
pub fn random_cases(j: u32, cases: usize, length: usize, seed: u64) -> Vec<Vec<u32>> {
    (0..cases as u64)
        .map(|k| {
            let mut rng = case_rng(seed, k);
            (0..length)
                .map(|_| below(&mut rng, u64::from(j)) as u32)
                .collect()
        })
        .collect()
}

/// The registered ports of `java.util` classes (not the fixture subjects), each with the
/// paper's context.
pub fn java_units() -> Vec<(&'static dyn Unit, Arc<TestContext>)> {
    registry()
        .units()
        .filter(|unit| unit.java_class().starts_with("java.util."))
        .map(|unit| (unit, Arc::new(TestContext::paper(unit).unwrap())))
        .collect()
}

/// The method-call index of the method with signature `sig` on pool slots `slots`.
pub fn call(context: &TestContext, sig: &str, slots: &[u32]) -> u32 {
    let position = context
        .methods()
        .iter()
        .position(|m| m.info.signature == sig)
        .unwrap();
    context.call_space().encode_call(position, slots).unwrap()
}

/// Â12(x, y): P(X > Y) + ½ P(X = Y), counted over every pair.
pub fn a12(x: &[f64], y: &[f64]) -> f64 {
    let wins: f64 = x
        .iter()
        .flat_map(|a| y.iter().map(move |b| (a, b)))
        .map(|(a, b)| {
            if a > b {
                1.0
            } else if a == b {
                0.5
            } else {
                0.0
            }
        })
        .sum();
    wins / (x.len() * y.len()) as f64
}

/// One row of a CSV table, by column name.
pub type Row = std::collections::BTreeMap<String, String>;

/// A CSV table without quoted fields (the report's tables): one map per row.
pub fn csv_rows(text: &str) -> Vec<Row> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    lines
        .map(|line| {
            header
                .iter()
                .map(|h| h.to_string())
                .zip(line.split(',').map(String::from))
                .collect()
        })
        .collect()
}
