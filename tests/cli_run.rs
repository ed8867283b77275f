//! `testspace run` and `testspace show-test` end to end, on the Register fixture subject
//! (enabled by TESTSPACE_FIXTURE_SUBJECTS=1) whose mutants are killed (1, 2), equivalent
//! (3), crash their worker (4) and hang (5).

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use predicates::prelude::*;

const EXPERIMENT: &str = "testdata/experiments/register.toml";
/// The same in three replicates.
const REPLICATED: &str = "testdata/experiments/register-replicated.toml";

fn testspace() -> Command {
    let mut cmd = Command::cargo_bin("testspace").unwrap();
    cmd.env("TESTSPACE_FIXTURE_SUBJECTS", "1");
    cmd
}

fn run(out: &Path, jobs: &str) {
    run_experiment(EXPERIMENT, out, jobs);
}

fn run_experiment(experiment: &str, out: &Path, jobs: &str) {
    run_experiment_watched(experiment, out, jobs, "2");
}

/// As [`run_experiment`] with a watchdog of `watchdog` seconds.
fn run_experiment_watched(experiment: &str, out: &Path, jobs: &str, watchdog: &str) {
    testspace()
        .args([
            "run",
            experiment,
            "--jobs",
            jobs,
            "--watchdog",
            watchdog,
            "--out",
        ])
        .arg(out)
        .assert()
        .success();
}

/// cells.csv without the CPU-time columns (the only columns that depend on timing).
fn table_without_timing(out: &Path) -> String {
    let text = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let timing: Vec<usize> = (0..header.len())
        .filter(|&i| header[i].ends_with("cpu_seconds"))
        .collect();
    assert_eq!(timing.len(), 2);
    text.lines()
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            fields
                .iter()
                .enumerate()
                .filter(|(i, _)| !timing.contains(i))
                .map(|(_, f)| *f)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The rows of cells.csv, each reordered to the columns named in [`COLUMNS`].
fn rows(out: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let order: Vec<usize> = COLUMNS
        .iter()
        .map(|c| {
            header
                .iter()
                .position(|h| h == c)
                .unwrap_or_else(|| panic!("no column {c}"))
        })
        .collect();
    text.lines()
        .skip(1)
        .map(|l| {
            let fields: Vec<&str> = l.split(',').collect();
            order.iter().map(|&i| fields[i].to_string()).collect()
        })
        .collect()
}

/// The columns the tests read, by position in [`rows`].
const COLUMNS: [&str; 18] = [
    "phase",
    "run",
    "subject",
    "mutant",
    "operator",
    "strategy",
    "n",
    "test_budget",
    "tests_run",
    "failing_tests",
    "guarded_tests",
    "abandoned_tests",
    "first_failure",
    "first_failure_index",
    "method_calls",
    "cpu_seconds",
    "outcome",
    "stop",
];

/// The position of a column of `cells.csv`.
fn column(name: &str) -> usize {
    COLUMNS.iter().position(|c| *c == name).unwrap()
}

#[test]
fn kills_survivals_crashes_and_hangs_are_each_recorded_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("register");
    run(&out, "2");
    for file in [
        "cells.csv",
        "cells.parquet",
        "manifest.json",
        "experiment.toml",
        "journal.jsonl",
    ] {
        assert!(out.join(file).exists(), "{file} missing");
    }
    let rows = rows(&out);
    // Columns as in COLUMNS.
    let outcome = |mutant: &str, strategy: &str, n: &str| -> String {
        rows.iter()
            .find(|r| r[0] == "equivalence" && r[3] == mutant && r[5] == strategy && r[6] == n)
            .map(|r| r[column("outcome")].clone())
            .unwrap_or_default()
    };
    assert_eq!(outcome("1", "r", "8"), "killed");
    assert_eq!(outcome("2", "r", "8"), "killed");
    assert_eq!(outcome("3", "r", "8"), "survived");
    assert_eq!(outcome("4", "r", "8"), "crash");
    assert_eq!(outcome("5", "r", "8"), "timeout");
    // The worker marks the test case it runs (its beacon), so the crash is placed: the test
    // cases up to and including the one the mutant aborted on are counted.
    let crash_tests_run: u64 = rows
        .iter()
        .find(|r| r[0] == "equivalence" && r[3] == "4" && r[5] == "r" && r[6] == "8")
        .map(|r| r[column("tests_run")].parse().unwrap())
        .unwrap();
    assert!(crash_tests_run >= 1, "tests_run {crash_tests_run}");
    // The crash cell records its cause: the signal, then what the worker said on stderr
    // before it died; no other cell has one.
    let text = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let cause = header.iter().position(|h| *h == "crash_cause").unwrap();
    let causes: Vec<(String, String)> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect::<Vec<_>>())
        .filter(|f| !f[cause].is_empty())
        .map(|f| {
            (
                f[header.iter().position(|h| *h == "mutant").unwrap()].clone(),
                f[cause].clone(),
            )
        })
        .collect();
    assert!(!causes.is_empty());
    for (mutant, cause) in causes {
        assert_eq!(mutant, "4");
        assert_eq!(
            cause,
            "killed by signal 6 (SIGABRT): Register's mutant 4 aborts: inc() at 3"
        );
    }
    // Killed mutants skip the phase's later runs; the others get BE.
    assert!(
        !rows
            .iter()
            .any(|r| r[0] == "equivalence" && r[3] == "1" && r[5] == "be")
    );
    assert!(
        rows.iter()
            .any(|r| r[0] == "equivalence" && r[3] == "3" && r[5] == "be")
    );
    // The comparison phase runs only on killed mutants, and BE gets E(n) of R as budget.
    assert!(
        rows.iter()
            .filter(|r| r[0] == "comparison")
            .all(|r| r[3] == "1" || r[3] == "2")
    );
    for be in rows.iter().filter(|r| r[0] == "comparison" && r[5] == "be") {
        let r_row = rows
            .iter()
            .find(|r| r[0] == "comparison" && r[5] == "r" && r[3] == be[3] && r[6] == be[6])
            .unwrap();
        assert_eq!(
            be[column("test_budget")],
            r_row[column("first_failure")],
            "BE budget = E(n) of R"
        );
        assert!(be[8].parse::<u64>().unwrap() <= be[7].parse::<u64>().unwrap());
    }
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["seed"], 7);
    assert_eq!(manifest["experiment_sha256"].as_str().unwrap().len(), 64);
    assert!(manifest["finished"].is_string());
}

#[test]
fn results_are_identical_for_one_and_two_jobs() {
    let dir = tempfile::tempdir().unwrap();
    run(&dir.path().join("one"), "1");
    run(&dir.path().join("two"), "2");
    assert_eq!(
        table_without_timing(&dir.path().join("one")),
        table_without_timing(&dir.path().join("two"))
    );
}

/// The scheduler (src/runner/schedule.rs) runs each unit's cells as soon as the unit's
/// earlier runs are recorded, not run by run over all units: the smoke profile of the
/// paper's experiment, in three replicates with seed-free cells shared between them, still
/// gives the records committed by the barrier runner before it (results/andrews2010-smoke)
/// for one and two jobs, and every unit's cells are journaled run after run.
#[test]
fn the_scheduler_gives_the_barrier_runners_records_and_journals_each_unit_in_run_order() {
    let dir = tempfile::tempdir().unwrap();
    for jobs in ["1", "2"] {
        let out = dir.path().join(jobs);
        testspace()
            .args([
                "run",
                "experiments/andrews2010.toml",
                "--profile",
                "smoke",
                "--quiet",
            ])
            .args(["--jobs", jobs, "--out"])
            .arg(&out)
            .assert()
            .success();
        testspace()
            .args(["diff", "results/andrews2010-smoke"])
            .arg(&out)
            .assert()
            .success();
        let journal = std::fs::read_to_string(out.join("journal.jsonl")).unwrap();
        let mut reached: std::collections::HashMap<(u64, String, u64), (u64, u64)> =
            std::collections::HashMap::new();
        for line in journal.lines() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            let unit = (
                record["replicate"].as_u64().unwrap(),
                record["subject"].as_str().unwrap().to_string(),
                record["mutant"].as_u64().unwrap(),
            );
            let step = (
                record["phase_index"].as_u64().unwrap(),
                record["run"].as_u64().unwrap(),
            );
            let last = reached.entry(unit.clone()).or_insert(step);
            assert!(
                *last <= step,
                "{unit:?}: run {step:?} journaled after {last:?}"
            );
            *last = step;
        }
    }
}

/// How a run is interrupted.
#[derive(Clone, Copy)]
enum Interruption {
    /// Ctrl-C in a terminal: SIGINT to the run's whole process group (runner and workers).
    CtrlC,
    /// `kill -9` of the runner alone; its workers die with it (PR_SET_PDEATHSIG).
    SigKill,
}

/// Starts a run with one job, interrupts it once some (not all) cells are journaled, checks
/// that a plain re-run is refused and that `--resume` (with two jobs) completes it with
/// every cell journaled exactly once and the same table as an uninterrupted run.
fn interrupt_then_resume(experiment: &str, interruption: Interruption) {
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    let reference = dir.path().join("reference");
    run_experiment(experiment, &reference, "2");
    let exe = assert_cmd::cargo::cargo_bin("testspace");
    // The signal goes as soon as the first cell is journaled: with one job, the fixture's
    // hanging mutant then holds the run for the watchdog's 2 s after its fourth cell (the
    // 30 cells after it take milliseconds). Should the run still finish before the signal,
    // that attempt says nothing and is repeated (a run that ignored the signal would exit 0
    // in every attempt).
    let mut attempts = 0;
    let out = loop {
        attempts += 1;
        let out = dir.path().join(format!("interrupted-{attempts}"));
        let mut command = std::process::Command::new(&exe);
        command
            .env("TESTSPACE_FIXTURE_SUBJECTS", "1")
            .args(["run", experiment, "--jobs", "1", "--watchdog", "2", "--out"])
            .arg(&out)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0);
        // SIGINT as a terminal's Ctrl-C finds it: a test run started in the background
        // (`cmd &` in a non-interactive shell, as CI scripts may) passes SIGINT on ignored,
        // and an ignored SIGINT would survive the exec.
        // SAFETY: signal(2) is async-signal-safe; nothing else runs between fork and exec.
        unsafe {
            command.pre_exec(|| {
                libc::signal(libc::SIGINT, libc::SIG_DFL);
                Ok(())
            });
        }
        let mut child = command.spawn().unwrap();
        let journal = out.join("journal.jsonl");
        let started = Instant::now();
        loop {
            let lines = std::fs::read_to_string(&journal)
                .map(|t| t.lines().count())
                .unwrap_or(0);
            if lines >= 1 {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "the run never journaled a cell"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        let finished_first = child.try_wait().unwrap().is_some();
        if !finished_first {
            match interruption {
                Interruption::CtrlC => {
                    let group = i32::try_from(child.id()).unwrap();
                    // SAFETY: kill(2) with a negative pid signals that process group; no
                    // memory effects.
                    assert_eq!(unsafe { libc::kill(-group, libc::SIGINT) }, 0);
                }
                Interruption::SigKill => child.kill().unwrap(),
            }
        }
        let status = child.wait().unwrap();
        if !status.success() {
            break out;
        }
        assert!(
            attempts < 3,
            "an interrupted run must not exit 0 (it did in {attempts} attempts)"
        );
    };
    assert!(
        !out.join("cells.csv").exists() && !out.join("cells.parquet").exists(),
        "the interrupted run must not have written tables"
    );
    // Without --resume the folder is refused; with it the run completes.
    testspace()
        .args(["run", experiment, "--watchdog", "2", "--out"])
        .arg(&out)
        .assert()
        .failure()
        .stderr(predicate::str::contains("--resume"));
    testspace()
        .args([
            "run",
            experiment,
            "--jobs",
            "2",
            "--watchdog",
            "2",
            "--resume",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
    assert_eq!(table_without_timing(&out), table_without_timing(&reference));
    let journal_lines = std::fs::read_to_string(out.join("journal.jsonl"))
        .unwrap()
        .lines()
        .count();
    assert_eq!(
        journal_lines,
        rows(&reference).len(),
        "every cell journaled exactly once"
    );
}

#[test]
fn a_run_interrupted_with_ctrl_c_resumes_with_no_cell_lost_or_duplicated() {
    interrupt_then_resume(EXPERIMENT, Interruption::CtrlC);
}

#[test]
fn a_run_killed_with_sigkill_resumes_with_no_cell_lost_or_duplicated() {
    interrupt_then_resume(EXPERIMENT, Interruption::SigKill);
}

#[test]
fn a_replicated_run_killed_with_sigkill_resumes_with_no_cell_lost_or_duplicated() {
    interrupt_then_resume(REPLICATED, Interruption::SigKill);
}

/// The rows of a results folder's cells.csv as maps from column name to value.
fn records(out: &Path) -> Vec<std::collections::BTreeMap<String, String>> {
    let text = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    let mut lines = text.lines();
    let header: Vec<String> = lines
        .next()
        .unwrap()
        .split(',')
        .map(str::to_string)
        .collect();
    lines
        .map(|l| {
            header
                .iter()
                .cloned()
                .zip(l.split(',').map(str::to_string))
                .collect()
        })
        .collect()
}

/// Replicates: each has its own seed (replicate 0 the experiment's), the seeded strategies
/// draw other test cases in each, a cell of a strategy that ignores its seed is executed
/// once and recorded in every replicate that plans it (same CPU time to the bit), and the
/// table is the same for one and two jobs.
#[test]
fn replicates_have_their_own_seeds_and_share_the_cells_that_ignore_the_seed() {
    let dir = tempfile::tempdir().unwrap();
    run_experiment(REPLICATED, &dir.path().join("one"), "1");
    run_experiment(REPLICATED, &dir.path().join("two"), "2");
    assert_eq!(
        table_without_timing(&dir.path().join("one")),
        table_without_timing(&dir.path().join("two"))
    );
    let cells = records(&dir.path().join("two"));
    let seeds: std::collections::BTreeMap<&str, &str> = cells
        .iter()
        .map(|c| (c["replicate"].as_str(), c["seed"].as_str()))
        .collect();
    assert_eq!(seeds.len(), 3, "{seeds:?}");
    assert_eq!(seeds["0"], "7");
    assert!(seeds["1"] != seeds["2"] && seeds["1"] != "7");
    let of = |replicate: &str, strategy: &str, phase: &str| -> Vec<String> {
        cells
            .iter()
            .filter(|c| {
                c["replicate"] == replicate && c["strategy"] == strategy && c["phase"] == phase
            })
            .map(|c| {
                format!(
                    "{} {} {} {} {}",
                    c["mutant"], c["n"], c["tests_run"], c["first_failure_index"], c["cpu_seconds"]
                )
            })
            .collect()
    };
    let r_cells = |replicate| {
        let mut v = of(replicate, "r", "comparison");
        for cell in &mut v {
            cell.truncate(cell.rfind(' ').unwrap()); // without CPU time
        }
        v
    };
    assert_ne!(
        r_cells("0"),
        r_cells("1"),
        "r draws other test cases per replicate"
    );
    let be = of("0", "be", "equivalence");
    assert!(!be.is_empty());
    assert_eq!(be, of("1", "be", "equivalence"), "be cells computed once");
    assert_eq!(be, of("2", "be", "equivalence"), "be cells computed once");
}

/// `testspace show-test <results> --subject Register --mutant <mutant> --strategy r --n 8`.
fn show_test_command(results: &Path, mutant: &str) -> Command {
    let mut command = testspace();
    command.arg("show-test").arg(results).args([
        "--subject",
        "Register",
        "--mutant",
        mutant,
        "--strategy",
        "r",
        "--n",
        "8",
    ]);
    command
}

/// What [`show_test_command`] prints and exits with.
fn show_test(results: &Path, mutant: &str) -> std::process::Output {
    show_test_command(results, mutant).output().unwrap()
}

#[test]
fn show_test_renders_a_test_that_replays_the_recorded_index() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("register");
    run(&out, "2");
    let shown = show_test(&out, "2");
    assert!(
        shown.status.success(),
        "{}",
        String::from_utf8_lossy(&shown.stderr)
    );
    let code = String::from_utf8(shown.stdout).unwrap();
    assert!(
        code.contains("#[test]") && code.contains("fn register_mutant_2_r_n8_diverges_from_gold()"),
        "{code}"
    );
    assert!(code.contains("assert_eq!(run(0), run(2)"), "{code}");
    // The calls it replays encode to the index recorded in the results.
    let calls_line = code
        .lines()
        .find(|l| l.trim_start().starts_with("let calls: [u32; 8] = ["))
        .unwrap();
    let calls = calls_line.split('[').nth(2).unwrap().trim_end_matches("];");
    let context_toml = code
        .split("r#\"")
        .nth(1)
        .unwrap()
        .split("\"#")
        .next()
        .unwrap();
    let context = dir.path().join("context.toml");
    std::fs::write(&context, context_toml).unwrap();
    let encoded = testspace()
        .args(["encode"])
        .arg(&context)
        .args(["--n", "8", "--calls", calls])
        .output()
        .unwrap();
    assert!(
        encoded.status.success(),
        "{}",
        String::from_utf8_lossy(&encoded.stderr)
    );
    let row = rows(&out)
        .into_iter()
        .find(|r| r[0] == "equivalence" && r[3] == "2" && r[5] == "r" && r[6] == "8")
        .unwrap();
    assert_eq!(
        String::from_utf8(encoded.stdout).unwrap().trim(),
        row[column("first_failure_index")]
    );
    // An unfinished run has no tables yet: the journal gives the same test.
    let unfinished = dir.path().join("unfinished");
    std::fs::create_dir(&unfinished).unwrap();
    for file in ["experiment.toml", "manifest.json", "journal.jsonl"] {
        std::fs::copy(out.join(file), unfinished.join(file)).unwrap();
    }
    let from_journal = show_test(&unfinished, "2");
    assert_eq!(String::from_utf8(from_journal.stdout).unwrap(), code);
    // A cell that did not kill has no failing test to show.
    show_test_command(&out, "3")
        .assert()
        .failure()
        .stderr(predicate::str::contains("no cell"));
}

#[test]
fn a_malformed_experiment_is_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    let text = std::fs::read_to_string(EXPERIMENT)
        .unwrap()
        .replace("tests = \"E(r)\"", "tests = \"E(dfs)\"");
    std::fs::write(&bad, text).unwrap();
    let out = dir.path().join("out");
    testspace()
        .args(["run"])
        .arg(&bad)
        .arg("--out")
        .arg(&out)
        .assert()
        .failure()
        .stdout("")
        .stderr(
            predicate::str::contains("bad.toml:")
                .and(predicate::str::contains("phase[1].run[1].tests")),
        );
    assert!(
        !out.exists(),
        "nothing may be written for a malformed experiment"
    );
}

/// `reproduce` runs the embedded experiments/andrews2010.toml: an unknown profile is an
/// error naming that file and the profiles it has, and nothing is written.
#[test]
fn reproduce_parses_the_embedded_paper_experiment_and_rejects_an_unknown_profile() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("a2010");
    let output = testspace()
        .args(["reproduce", "--profile", "huge", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("experiments/andrews2010.toml")
            && stderr.contains("huge")
            && stderr.contains("full"),
        "{stderr}"
    );
    assert!(!out.exists(), "nothing may be written");
    // The embedded text is the committed file.
    assert_eq!(
        testspace::reproduce::ANDREWS2010,
        std::fs::read_to_string("experiments/andrews2010.toml").unwrap()
    );
}

/// Two runs into one output folder at once: the second refuses at once, naming the first,
/// and writes nothing; the first finishes with every cell journaled once and releases the
/// folder.
#[test]
fn a_second_run_into_a_folder_in_use_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("shared");
    let exe = assert_cmd::cargo::cargo_bin("testspace");
    let mut first = std::process::Command::new(&exe)
        .env("TESTSPACE_FIXTURE_SUBJECTS", "1")
        .args(["run", EXPERIMENT, "--jobs", "1", "--watchdog", "2", "--out"])
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let lock = out.join("run.lock");
    let started = Instant::now();
    while !lock.exists() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the first run never took the lock"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let refused_at = Instant::now();
    testspace()
        .args(["run", EXPERIMENT, "--watchdog", "2", "--resume", "--out"])
        .arg(&out)
        .assert()
        .failure()
        .stdout("")
        .stderr(
            predicate::str::contains("is in use by another run")
                .and(predicate::str::contains(format!("process {}", first.id()))),
        );
    assert!(
        refused_at.elapsed() < Duration::from_secs(5),
        "refused at once"
    );
    assert!(first.wait().unwrap().success());
    assert!(!lock.exists(), "the lock is released at the end");
    let journal_lines = std::fs::read_to_string(out.join("journal.jsonl"))
        .unwrap()
        .lines()
        .count();
    assert_eq!(journal_lines, rows(&out).len(), "every cell journaled once");
}

/// Branch coverage of chunked cells (45,000 test cases split into chunks of 20,000 with two
/// jobs) is merged in counter order: the same columns as one job's unchunked cells, with
/// the checkpoints after 1, 10, …, 10,000 test cases filled in and 100,000 empty.
#[test]
fn coverage_of_chunked_cells_equals_that_of_one_job() {
    let dir = tempfile::tempdir().unwrap();
    let experiment = "testdata/experiments/coverage-chunks.toml";
    // One job runs a whole cell of 45,000 test cases: more than the 2 s watchdog of the other
    // tests on a busy machine, and no mutant of this experiment hangs.
    run_experiment_watched(experiment, &dir.path().join("one"), "1", "120");
    run_experiment_watched(experiment, &dir.path().join("two"), "2", "120");
    let one = table_without_timing(&dir.path().join("one"));
    assert_eq!(one, table_without_timing(&dir.path().join("two")));
    let header: Vec<&str> = one.lines().next().unwrap().split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    for row in one.lines().skip(1) {
        let fields: Vec<&str> = row.split(',').collect();
        let at = |name: &str| fields[column(name)].parse::<u64>().ok();
        assert_eq!(at("tests_run"), Some(45_000));
        let curve: Vec<u64> = [
            "branches_at_1",
            "branches_at_10",
            "branches_at_100",
            "branches_at_1000",
            "branches_at_10000",
        ]
        .iter()
        .map(|c| at(c).unwrap())
        .collect();
        assert!(curve.windows(2).all(|w| w[0] <= w[1]), "{curve:?}");
        assert!(at("branches_covered").unwrap() >= curve[4]);
        assert!(at("branches_covered") < at("branches_total"));
        assert_eq!(at("branches_at_100000"), None);
    }
}
