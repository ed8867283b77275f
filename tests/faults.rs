//! Fault injection (docs/faults.md): what a run, a merge and the parsers promise when things
//! go wrong around them. A worker killed from outside is rerun, never recorded as the
//! mutant's crash; a job whose workers keep being killed is not recorded, the run exits
//! non-zero and `--resume` completes it; merge refuses damaged shards and a second merge
//! into one folder; malformed inputs get located errors and leave nothing behind; a closed
//! stdout ends a command quietly. On the Register fixture subject (mutant 4 crashes its
//! worker, 5 hangs), enabled by TESTSPACE_FIXTURE_SUBJECTS=1.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use assert_cmd::Command;
use predicates::prelude::*;

const EXPERIMENT: &str = "testdata/experiments/register.toml";
const REPLICATED: &str = "testdata/experiments/register-replicated.toml";

fn testspace() -> Command {
    let mut cmd = Command::cargo_bin("testspace").unwrap();
    cmd.env("TESTSPACE_FIXTURE_SUBJECTS", "1");
    cmd
}

fn run(experiment: &str, out: &Path) -> Command {
    let mut cmd = testspace();
    cmd.args(["run", experiment, "--jobs", "2", "--watchdog", "2", "--out"])
        .arg(out);
    cmd
}

/// cells.csv without the CPU-time columns (the only ones that depend on timing).
fn table(out: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let timing: Vec<usize> = (0..header.len())
        .filter(|&i| header[i].ends_with("cpu_seconds"))
        .collect();
    text.lines()
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            let kept: Vec<&str> = (0..fields.len())
                .filter(|i| !timing.contains(i))
                .map(|i| fields[i])
                .collect();
            kept.join(",")
        })
        .collect()
}

/// The outcomes of a mutant's cells.
fn outcomes(out: &Path, mutant: &str) -> Vec<String> {
    let text = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (m, o) = (at("mutant"), at("outcome"));
    text.lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect::<Vec<_>>())
        .filter(|f| f[m] == mutant)
        .map(|f| f[o].clone())
        .collect()
}

/// `testspace ARGS` to start in the background on the fixture subjects, stderr captured.
fn background(args: &[&std::ffi::OsStr]) -> std::process::Command {
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("testspace"));
    command
        .env("TESTSPACE_FIXTURE_SUBJECTS", "1")
        .env("RUST_BACKTRACE", "0")
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    command
}

/// Starts `testspace ARGS` in the background on the fixture subjects, stderr captured.
fn start(args: &[&std::ffi::OsStr]) -> std::process::Child {
    background(args).spawn().unwrap()
}

/// A run of `experiment` into `out` with `jobs` workers, to start in the background.
fn background_run(experiment: &str, jobs: &str, out: &Path) -> std::process::Command {
    let args = [
        "run",
        experiment,
        "--jobs",
        jobs,
        "--watchdog",
        "2",
        "--quiet",
        "--out",
    ];
    let mut args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    args.push(out.as_os_str());
    background(&args)
}

/// Starts a run of `experiment` into `out` with `jobs` workers in the background.
fn start_run(experiment: &str, jobs: &str, out: &Path) -> std::process::Child {
    background_run(experiment, jobs, out).spawn().unwrap()
}

/// One undisturbed run of `experiment`, the reference of the tests below.
fn reference(experiment: &str, dir: &Path) -> PathBuf {
    let out = dir.join("reference");
    run(experiment, &out).arg("--quiet").assert().success();
    out
}

#[test]
fn a_worker_killed_once_is_rerun_and_the_table_is_that_of_an_undisturbed_run() {
    let dir = tempfile::tempdir().unwrap();
    let reference = reference(REPLICATED, dir.path());
    // Mutant 1's cells include seed-free BE cells shared by the three replicates.
    let out = dir.path().join("killed");
    let assert = run(REPLICATED, &out)
        .arg("--quiet")
        .env("TESTSPACE_FAULT_KILL_WORKER", "Register:1")
        .env("TESTSPACE_FAULT_KILL_ONCE", dir.path().join("struck"))
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "warning: a worker process was killed by signal 9 (SIGKILL)",
        ));
    drop(assert);
    assert!(dir.path().join("struck").exists(), "the fault was injected");
    assert_eq!(table(&out), table(&reference));
    assert!(!outcomes(&out, "1").iter().any(|o| o == "crash"));
    // The mutant that does crash its worker is still a crash, confirmed in a fresh one.
    assert!(outcomes(&out, "4").iter().any(|o| o == "crash"));
}

/// The sum of a cells.csv column.
fn column_sum(out: &Path, column: &str) -> u64 {
    let text = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let at = header.iter().position(|h| *h == column).unwrap();
    text.lines()
        .skip(1)
        .map(|l| l.split(',').nth(at).unwrap().parse::<u64>().unwrap())
        .sum()
}

/// The cells tables of `experiment` run with `--jobs 1` and `--jobs 2` into `dir/1` and
/// `dir/2`, under `RUST_BACKTRACE=backtrace`.
fn tables_on_one_and_two_workers(
    experiment: &str,
    dir: &Path,
    backtrace: &str,
) -> Vec<Vec<String>> {
    let mut tables = Vec::new();
    for jobs in ["1", "2"] {
        let out = dir.join(jobs);
        testspace()
            .args(["run", experiment, "--quiet", "--jobs", jobs])
            .arg("--out")
            .arg(&out)
            .env("RUST_BACKTRACE", backtrace)
            .assert()
            .success();
        tables.push(table(&out));
    }
    tables
}

#[test]
fn a_gold_allocating_past_the_worker_memory_abandons_its_test_case_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let tables = tables_on_one_and_two_workers("testdata/experiments/hoard.toml", dir.path(), "0");
    // The cap counts live bytes, so where it trips does not depend on which worker ran what.
    assert_eq!(tables[0], tables[1]);
    let out = dir.path().join("2");
    // keep(2048) asks for 2 GiB against a worker memory of 512 MiB: each test case that
    // reaches it is abandoned, the others are judged, and no cell is a crash.
    let abandoned = column_sum(&out, "abandoned_tests");
    assert!(abandoned > 0, "some test case asked for 2 GiB");
    assert!(abandoned < 80, "the small test cases still run");
    assert_eq!(outcomes(&out, "1"), ["killed"]);
    // Mutant 2 runs out of memory where gold does not: guarded test cases (a timeout, as
    // every harness guard the target hits), never a crash.
    assert_eq!(outcomes(&out, "2"), ["timeout"]);
    assert!(
        column_sum(&out, "guarded_tests") > 0,
        "mutant 2 ran out of memory"
    );
}

#[test]
fn a_job_whose_workers_keep_being_killed_is_not_recorded_and_resume_completes_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let reference = reference(EXPERIMENT, dir.path());
    let out = dir.path().join("lost");
    run(EXPERIMENT, &out)
        .arg("--quiet")
        .env("TESTSPACE_FAULT_KILL_WORKER", "Register:2")
        .assert()
        .failure()
        .stderr(predicate::str::contains("could not be completed"))
        .stderr(predicate::str::contains("mutant 2"))
        .stderr(predicate::str::contains("--resume"));
    assert!(
        !out.join("cells.csv").exists(),
        "no tables for an incomplete run"
    );
    let journal = std::fs::read_to_string(out.join("journal.jsonl")).unwrap();
    assert!(!journal.is_empty(), "the other units' cells are journaled");
    assert!(
        !journal.lines().any(|l| l.contains("\"mutant\":2,")),
        "nothing of mutant 2 is journaled"
    );
    run(EXPERIMENT, &out)
        .args(["--quiet", "--resume"])
        .assert()
        .success();
    assert_eq!(table(&out), table(&reference));
}

/// The state letter of process `pid` (Linux `/proc`), if it still exists.
#[cfg(target_os = "linux")]
fn state_of(pid: i32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat[stat.rfind(')')? + 2..].chars().next()
}

/// Waits until a worker of `run` has stopped itself (an injected pause), then keeps it — or,
/// with `group`, the run's whole process group, supervisor included — stopped for `pause`
/// and continues it: a cgroup freeze or a suspended batch job seen from outside. Whether
/// a stopped worker was found.
#[cfg(target_os = "linux")]
fn continue_after(run: &std::process::Child, pause: std::time::Duration, group: bool) -> bool {
    for _ in 0..6000 {
        let stopped = workers_of(run.id())
            .into_iter()
            .find(|&w| state_of(w) == Some('T'));
        if let Some(worker) = stopped {
            let target = if group { -(run.id() as i32) } else { worker };
            // SAFETY: kill takes a process (group) id and a signal number.
            unsafe {
                if group {
                    assert_eq!(libc::kill(target, libc::SIGSTOP), 0);
                }
                std::thread::sleep(pause);
                // The worker is gone if its watchdog stop was counted (and killed it).
                libc::kill(target, libc::SIGCONT);
            }
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    false
}

/// Starts a run of `experiment` into `out` (`--watchdog 2`) in a process group of its own,
/// with the environment `faults` injects.
#[cfg(target_os = "linux")]
fn start_paused_run(experiment: &str, out: &Path, faults: &[(&str, &Path)]) -> std::process::Child {
    use std::os::unix::process::CommandExt;
    let mut command = background_run(experiment, "2", out);
    command.process_group(0);
    for (name, value) in faults {
        command.env(name, value);
    }
    command.spawn().unwrap()
}

/// A worker stopped (SIGSTOP: a cgroup freeze, a suspended job) for longer than the
/// watchdog, then continued: its time stopped does not count, no cell is a timeout, and
/// the table is that of an undisturbed run.
#[cfg(target_os = "linux")]
#[test]
fn a_worker_stopped_longer_than_the_watchdog_changes_nothing_in_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let reference = reference(EXPERIMENT, dir.path());
    for group in [false, true] {
        let out = dir.path().join(format!("paused-{group}"));
        let once = dir.path().join(format!("struck-{group}"));
        let child = start_paused_run(
            EXPERIMENT,
            &out,
            &[
                ("TESTSPACE_FAULT_PAUSE_WORKER", Path::new("Register:1")),
                ("TESTSPACE_FAULT_PAUSE_ONCE", &once),
            ],
        );
        // The worker alone for 5 s; then the whole run, supervisor included, for 6 s.
        let pause = std::time::Duration::from_secs(if group { 6 } else { 5 });
        let found = continue_after(&child, pause, group);
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(found, "a stopped worker was found");
        assert!(output.status.success(), "{stderr}");
        assert!(!stderr.contains("watchdog"), "{stderr}");
        assert_eq!(table(&out), table(&reference), "group: {group}");
        assert!(!outcomes(&out, "1").iter().any(|o| o == "timeout"));
    }
}

/// The worker processes of the process `parent` (Linux `/proc`).
#[cfg(target_os = "linux")]
fn workers_of(parent: u32) -> Vec<i32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        let Some(rest) = stat.rfind(')').map(|i| &stat[i + 2..]) else {
            continue;
        };
        let ppid: u32 = rest.split_whitespace().nth(1).unwrap().parse().unwrap();
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        if ppid == parent && cmdline.split(|&b| b == 0).any(|arg| arg == b"worker") {
            found.push(pid);
        }
    }
    found
}

#[cfg(target_os = "linux")]
#[test]
fn a_worker_killed_by_a_real_signal_from_outside_changes_nothing_in_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let reference = reference(REPLICATED, dir.path());
    let out = dir.path().join("signalled");
    let child = start_run(REPLICATED, "2", &out);
    let mut killed = 0;
    for _ in 0..400 {
        if let Some(&worker) = workers_of(child.id()).first() {
            std::thread::sleep(std::time::Duration::from_millis(300));
            // SAFETY: kill takes a process id and a signal number.
            if unsafe { libc::kill(worker, libc::SIGKILL) } == 0 {
                killed += 1;
                break;
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert_eq!(killed, 1, "a worker was found and killed");
    assert_eq!(table(&out), table(&reference));
}

/// A finished shard set of the replicated experiment in `dir`: s1, s2.
fn shards(dir: &Path) -> Vec<PathBuf> {
    (1..=2)
        .map(|i| {
            let out = dir.join(format!("s{i}"));
            run(REPLICATED, &out)
                .args(["--quiet", "--shard", &format!("{i}/2")])
                .assert()
                .success();
            out
        })
        .collect()
}

#[test]
fn merge_refuses_a_shard_whose_journal_lost_a_line_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let shards = shards(dir.path());
    let journal = shards[1].join("journal.jsonl");
    let text = std::fs::read_to_string(&journal).unwrap();
    let kept: Vec<&str> = text.lines().skip(1).collect();
    std::fs::write(&journal, kept.join("\n") + "\n").unwrap();
    let merged = dir.path().join("merged");
    testspace()
        .arg("merge")
        .arg(&merged)
        .args(&shards)
        .assert()
        .failure()
        .stderr(predicate::str::contains("is damaged"))
        .stderr(predicate::str::contains("s2"));
    assert!(!merged.exists(), "nothing written");
}

#[test]
fn of_two_merges_into_one_folder_at_once_exactly_one_writes() {
    let dir = tempfile::tempdir().unwrap();
    let shards = shards(dir.path());
    for attempt in 0..4 {
        let merged = dir.path().join(format!("merged-{attempt}"));
        let start = || {
            let mut args = vec![std::ffi::OsStr::new("merge"), merged.as_os_str()];
            args.extend(shards.iter().map(|s| s.as_os_str()));
            start(&args)
        };
        let (a, b) = (start(), start());
        let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
        let successes = [&a, &b].iter().filter(|o| o.status.success()).count();
        assert_eq!(successes, 1, "{a:?} {b:?}");
        let loser = if a.status.success() { &b } else { &a };
        let message = String::from_utf8_lossy(&loser.stderr);
        assert!(
            message.contains("in use by another run") || message.contains("already holds a run"),
            "{message}"
        );
        let journal = std::fs::read_to_string(merged.join("journal.jsonl")).unwrap();
        let mut lines: Vec<&str> = journal.lines().collect();
        let all = lines.len();
        lines.sort_unstable();
        lines.dedup();
        assert_eq!(lines.len(), all, "every journal line once");
    }
}

#[test]
fn two_runs_started_at_once_never_call_the_live_lock_unreadable() {
    let dir = tempfile::tempdir().unwrap();
    for attempt in 0..3 {
        let out = dir.path().join(format!("race-{attempt}"));
        let start = || start_run(EXPERIMENT, "1", &out);
        let (a, b) = (start(), start());
        let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
        for o in [&a, &b] {
            let message = String::from_utf8_lossy(&o.stderr);
            assert!(!message.contains("not a lock"), "{message}");
        }
        assert!(a.status.success() || b.status.success(), "{a:?} {b:?}");
    }
}

#[test]
fn resuming_a_finished_run_keeps_its_start_time() {
    let dir = tempfile::tempdir().unwrap();
    let out = reference(EXPERIMENT, dir.path());
    let started = |out: &Path| -> String {
        let text = std::fs::read_to_string(out.join("manifest.json")).unwrap();
        let manifest: serde_json::Value = serde_json::from_str(&text).unwrap();
        manifest["started"].as_str().unwrap().to_string()
    };
    let before = started(&out);
    std::thread::sleep(std::time::Duration::from_millis(1100));
    run(EXPERIMENT, &out)
        .args(["--quiet", "--resume"])
        .assert()
        .success();
    assert_eq!(started(&out), before);
}

/// Writes `text` as `name` in `dir` and returns its path.
fn file(dir: &Path, name: &str, text: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// An experiment on Register with `extra` keys at the top and `run` as the first run's body.
fn experiment(extra: &str, phases: &str) -> String {
    format!("name = \"bad\"\nseed = 1\nsubjects = [\"Register\"]\n{extra}\n{phases}")
}

const ONE_PHASE: &str =
    "[[phase]]\nname = \"p\"\n\n[[phase.run]]\nstrategy = \"r\"\nn = 4\ntests = 10\n";

/// Runs `run FILE --out OUT [flags]` and checks: exit non-zero, stderr holds every one of
/// `expected`, and OUT was not created.
fn refused(path: &Path, flags: &[&str], expected: &[&str]) {
    let out = path.with_extension("out");
    let assert = testspace()
        .arg("run")
        .arg(path)
        .args(["--quiet", "--out"])
        .arg(&out)
        .args(flags)
        .assert()
        .failure();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    for part in expected {
        assert!(stderr.contains(part), "{part:?} not in {stderr}");
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!out.exists(), "{} was created", out.display());
}

#[test]
fn malformed_experiments_get_located_errors_and_leave_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let twice = format!("{ONE_PHASE}\n{}", ONE_PHASE.replace("n = 4", "n = 5"));
    let f = file(d, "phases.toml", experiment("", &twice).as_bytes());
    refused(
        &f,
        &[],
        &["phases.toml:14:", "phase[1].name", "already phase[0]'s"],
    );

    let huge_n = ONE_PHASE.replace("n = 4", "n = 1000000000000000000");
    let f = file(d, "n.toml", experiment("", &huge_n).as_bytes());
    refused(
        &f,
        &[],
        &["n.toml:10:", "phase[0].run[0].n", "at most 1000000 calls"],
    );

    let f = file(
        d,
        "watchdog.toml",
        experiment("watchdog = 1e300", ONE_PHASE).as_bytes(),
    );
    refused(&f, &[], &["watchdog.toml:4:", "`watchdog`", "to 1e9"]);

    for mib in ["16", "4096.5", "\"4 GiB\""] {
        let f = file(
            d,
            "memory.toml",
            experiment(&format!("worker-memory = {mib}"), ONE_PHASE).as_bytes(),
        );
        refused(
            &f,
            &[],
            &["memory.toml:4:", "worker-memory", "MiB between 64"],
        );
    }

    let f = file(d, "fine.toml", experiment("", ONE_PHASE).as_bytes());
    for flag in ["--watchdog", "--progress-every"] {
        for seconds in ["1e300", "1e-300", "0", "-1", "nan", "inf", "soon"] {
            let given = format!("{flag}={seconds}");
            refused(&f, &[&given], &[flag, "from 0.1 to 1e9"]);
        }
    }

    // A value of a profile other than the one run is checked too.
    let other = ONE_PHASE.replace("tests = 10", "tests = { default = 1000.5, smoke = 100 }");
    let f = file(d, "profiles.toml", experiment("", &other).as_bytes());
    refused(
        &f,
        &["--profile", "smoke"],
        &["profiles.toml:11:", "in profile `default`"],
    );

    let mut bytes = experiment("", ONE_PHASE).into_bytes();
    bytes.splice(20..20, [b'\n', 0xFF, 0xFE]);
    let f = file(d, "utf8.toml", &bytes);
    refused(&f, &[], &["utf8.toml:3:1:", "not UTF-8", "0xFF"]);

    let f = d.join("a-folder.toml");
    std::fs::create_dir(&f).unwrap();
    let assert = testspace().arg("run").arg(&f).assert().failure();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(stderr.contains("cannot read"), "{stderr}");
    assert_eq!(stderr.matches("os error 21").count(), 1, "{stderr}");
}

#[test]
fn a_huge_pool_is_refused_before_it_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let context = file(
        dir.path(),
        "pool.toml",
        b"subject = \"ArrayList\"\n[pools]\nint = { size = 2147483648 }\n",
    );
    testspace()
        .arg("context")
        .arg(&context)
        .args(["--n", "2"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("pool.toml:3:"))
        .stderr(predicate::str::contains("pools.int.size"))
        .stderr(predicate::str::contains("larger than testspace supports"));
}

/// The write end of a pipe whose read end is closed: every write to it fails with EPIPE.
#[cfg(unix)]
fn closed_pipe() -> std::fs::File {
    use std::os::fd::FromRawFd;
    let mut ends = [0; 2];
    // SAFETY: pipe fills two descriptors we then own; the read end is closed at once.
    unsafe {
        assert_eq!(libc::pipe(ends.as_mut_ptr()), 0);
        libc::close(ends[0]);
        std::fs::File::from_raw_fd(ends[1])
    }
}

/// Runs a command whose stdout is a pipe nobody reads any more (as after `| head -1`
/// has exited): every write to it fails with EPIPE.
#[cfg(unix)]
fn with_closed_stdout(args: &[&str]) -> std::process::Output {
    std::process::Command::new(assert_cmd::cargo::cargo_bin("testspace"))
        .args(args)
        .stdout(Stdio::from(closed_pipe()))
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// Runs a command on the fixture subjects whose stderr is a pipe nobody reads any more:
/// every write to it fails with EPIPE.
#[cfg(unix)]
fn with_closed_stderr(args: &[&std::ffi::OsStr]) -> std::process::Output {
    std::process::Command::new(assert_cmd::cargo::cargo_bin("testspace"))
        .env("TESTSPACE_FIXTURE_SUBJECTS", "1")
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::from(closed_pipe()))
        .output()
        .unwrap()
}

/// A stderr nobody reads (a closed terminal, a reader gone) ends no command: `run`
/// (progress lines, warnings), `report`, `mutation-report` and `diff` finish their work
/// and exit as they would (they panicked with status 101, leaving a run unfinished).
#[cfg(unix)]
#[test]
fn a_closed_stderr_ends_no_command() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let os = |args: &[&str]| -> Vec<std::ffi::OsString> { args.iter().map(Into::into).collect() };
    let mut run = os(&["run", EXPERIMENT, "--jobs", "2", "--watchdog", "2"]);
    run.extend(os(&["--progress-every", "0.1", "--out"]));
    run.push(out.clone().into());
    let report = vec!["report".into(), out.clone().into()];
    let mutation_report = vec!["mutation-report".into(), out.clone().into()];
    let diff = vec!["diff".into(), out.clone().into(), out.clone().into()];
    for args in [run, report, mutation_report, diff] {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
        let output = with_closed_stderr(&args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
    }
    assert!(out.join("cells.csv").is_file());
    assert!(out.join("report").join("index.html").is_file());
    assert!(out.join("mutation-report.json").is_file());
}

#[cfg(unix)]
#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    let context = "testdata/contexts/array_list_paper.toml";
    for args in [
        &["context", context, "--n", "2"][..],
        &["demo", "--count", "50"][..],
        &["decode", context, "--n", "2", "--index", "3"][..],
        &[
            "sample",
            context,
            "--strategy",
            "r",
            "--n",
            "2",
            "--count",
            "10",
            "--seed",
            "1",
        ][..],
        &["subjects"][..],
        &["compare", "results/andrews2010-smoke"][..],
    ] {
        let output = with_closed_stdout(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
}

/// An abort of the main process (what a failed allocation does: no unwinding, no `Drop`)
/// releases the run's lock and says so; `--resume` then finishes the run, and removes what
/// a dying table write left behind.
#[cfg(unix)]
#[test]
fn an_aborted_run_releases_its_lock_and_resumes_to_the_same_table() {
    let dir = tempfile::tempdir().unwrap();
    let reference = reference(EXPERIMENT, dir.path());
    let out = dir.path().join("aborted");
    let child = start_run(EXPERIMENT, "2", &out);
    let lock = out.join("run.lock");
    let mut waited = 0;
    while !lock.exists() && waited < 2000 {
        std::thread::sleep(std::time::Duration::from_millis(5));
        waited += 1;
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    // SAFETY: kill takes a process id and a signal number.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGABRT) }, 0);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("released the lock"), "{stderr}");
    assert!(!lock.exists(), "the lock is released");
    std::fs::write(out.join(".cells.partial-4242.csv"), "phase,ru").unwrap();
    run(EXPERIMENT, &out)
        .args(["--quiet", "--resume"])
        .assert()
        .success();
    assert_eq!(table(&out), table(&reference));
    assert!(!out.join(".cells.partial-4242.csv").exists());
}

/// An fdrt run on ArrayList whose suite is made in a worker (docs/faults.md, "Gold during
/// generation").
const GENERATED: &[u8] = b"name = \"generation\"\nseed = 3\nsubjects = [\"ArrayList\"]\n\
[mutants]\nsample = 3\n\n[[phase]]\nname = \"p\"\n\n[[phase.run]]\nstrategy = \"fdrt\"\n\
n = 20\ncost = 3000\n";

/// The one suite file of a run, and its header line as JSON.
fn suite(out: &Path) -> (Vec<u8>, serde_json::Value) {
    let folder = out.join("suites").join("ArrayList");
    let files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let bytes = std::fs::read(&files[0]).unwrap();
    let first = bytes.split(|&b| b == b'\n').next().unwrap();
    (bytes.clone(), serde_json::from_slice(first).unwrap())
}

#[test]
fn gold_that_ends_the_worker_making_a_suite_is_skipped_in_that_call_alike_each_time() {
    let dir = tempfile::tempdir().unwrap();
    let experiment = file(dir.path(), "generation.toml", GENERATED);
    let experiment = experiment.to_str().unwrap();
    let plain = dir.path().join("plain");
    run(experiment, &plain).arg("--quiet").assert().success();
    let (plain_suite, header) = suite(&plain);
    assert!(header.get("skipped").is_none(), "{header}");
    // Gold aborts its worker in calls 5 and 40: each is confirmed by a second death, then
    // answered as a panic; two runs make the same suite and the same table.
    let mut made = Vec::new();
    for name in ["aborts", "aborts-again"] {
        let out = dir.path().join(name);
        run(experiment, &out)
            .arg("--quiet")
            .env("TESTSPACE_FAULT_STOP_GOLD", "ArrayList:abort:5,40")
            .assert()
            .success();
        let (bytes, header) = suite(&out);
        assert_eq!(header["skipped"], serde_json::json!([5, 40]));
        made.push((bytes, table(&out)));
    }
    assert_eq!(made[0], made[1]);
    assert_ne!(made[0].0, plain_suite, "the skipped calls change the suite");
    // A loop without end in call 7: stopped once the watchdog's time passed in that call.
    let hang = dir.path().join("hang");
    run(experiment, &hang)
        .arg("--quiet")
        .env("TESTSPACE_FAULT_STOP_GOLD", "ArrayList:hang:7")
        .assert()
        .success();
    assert_eq!(suite(&hang).1["skipped"], serde_json::json!([7]));
}

/// A worker making a suite stopped in one of gold's calls for longer than the watchdog,
/// then continued: the call is not skipped, and the suite and the table are those of an
/// undisturbed run.
#[cfg(target_os = "linux")]
#[test]
fn a_worker_stopped_while_making_a_suite_makes_the_same_suite() {
    let dir = tempfile::tempdir().unwrap();
    let experiment = file(dir.path(), "generation.toml", GENERATED);
    let experiment = experiment.to_str().unwrap();
    let plain = dir.path().join("plain");
    run(experiment, &plain).arg("--quiet").assert().success();
    let out = dir.path().join("paused");
    let child = start_paused_run(
        experiment,
        &out,
        &[
            ("TESTSPACE_FAULT_STOP_GOLD", Path::new("ArrayList:pause:5")),
            ("TESTSPACE_FAULT_PAUSE_ONCE", &dir.path().join("struck")),
        ],
    );
    let found = continue_after(&child, std::time::Duration::from_secs(5), false);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(found, "a stopped worker was found");
    assert!(output.status.success(), "{stderr}");
    let (bytes, header) = suite(&out);
    assert!(header.get("skipped").is_none(), "{header}");
    assert_eq!(bytes, suite(&plain).0);
    assert_eq!(table(&out), table(&plain));
}

/// `--resume` of a run another version of testspace began (another commit, another crate
/// version) is refused, since its cells and this version's would be recorded as one run;
/// `--resume-other-version` continues it and the manifest records both versions.
#[test]
fn resume_refuses_a_run_of_another_commit_or_version_unless_told() {
    let dir = tempfile::tempdir().unwrap();
    let reference = reference(EXPERIMENT, dir.path());
    let out = dir.path().join("interrupted");
    run(EXPERIMENT, &out)
        .arg("--quiet")
        .env("TESTSPACE_FAULT_KILL_WORKER", "Register:2")
        .assert()
        .failure();
    let manifest_path = out.join("manifest.json");
    let original: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest_path).unwrap()).unwrap();
    let commit = "0123456789abcdef0123456789abcdef01234567";
    for (field, value) in [("git_commit", commit), ("crate_version", "0.0.1")] {
        let mut manifest = original.clone();
        manifest[field] = serde_json::json!(value);
        std::fs::write(&manifest_path, manifest.to_string()).unwrap();
        run(EXPERIMENT, &out)
            .args(["--quiet", "--resume"])
            .assert()
            .failure()
            .stderr(predicate::str::contains(value))
            .stderr(predicate::str::contains("--resume-other-version"));
        assert!(!out.join("cells.csv").exists(), "{field}: nothing written");
    }
    let mut manifest = original.clone();
    manifest["git_commit"] = serde_json::json!(commit);
    std::fs::write(&manifest_path, manifest.to_string()).unwrap();
    run(EXPERIMENT, &out)
        .args(["--quiet", "--resume", "--resume-other-version"])
        .assert()
        .success();
    assert_eq!(table(&out), table(&reference));
    let finished: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest_path).unwrap()).unwrap();
    assert_eq!(
        finished["earlier_versions"],
        serde_json::json!([{"crate_version": original["crate_version"], "git_commit": commit}])
    );
    assert_eq!(finished["git_commit"], original["git_commit"]);
}

/// A copy of the committed Register results folder at `root/results`.
fn register_results(root: &Path) -> PathBuf {
    let folder = root.join("results");
    std::fs::create_dir(&folder).unwrap();
    for entry in std::fs::read_dir("testdata/results/register").unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), folder.join(entry.file_name())).unwrap();
    }
    folder
}

/// Every file under `folder` with its bytes.
fn contents(folder: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(contents(&path));
        } else {
            found.push((path.clone(), std::fs::read(&path).unwrap()));
        }
    }
    found.sort();
    found
}

/// No `--out` overwrites or deletes what its command did not write: a folder of the user's
/// (even one of only .csv and .svg files), a file of the user's, the results folder or one
/// of its own files are refused with nothing changed; the command's own earlier output,
/// known by its marker, is written again.
#[test]
fn no_out_overwrites_what_its_command_did_not_write() {
    let dir = tempfile::tempdir().unwrap();
    let results = register_results(dir.path());
    let user = dir.path().join("user");
    std::fs::create_dir(&user).unwrap();
    std::fs::write(user.join("notes.csv"), "mine\n").unwrap();
    std::fs::write(user.join("drawing.svg"), "<svg/>").unwrap();
    let user_file = dir.path().join("thesis.json");
    std::fs::write(&user_file, "{}").unwrap();
    let before = (contents(dir.path()), contents(&results));
    let refused = |args: &[&std::ffi::OsStr]| {
        testspace()
            .args(args)
            .assert()
            .failure()
            .stderr(predicate::str::contains("never"));
        assert_eq!(
            (contents(dir.path()), contents(&results)),
            before,
            "{args:?}"
        );
    };
    let os = |paths: &[&Path]| -> Vec<std::ffi::OsString> {
        paths.iter().map(|p| p.as_os_str().to_owned()).collect()
    };
    for (command, out) in [
        ("report", user.clone()),
        ("report", results.clone()),
        ("plot", user.clone()),
        ("mutation-report", user_file.clone()),
        ("mutation-report", results.join("manifest.json")),
        ("mutation-report", results.join("cells.csv")),
        ("mutation-report", user.clone()),
    ] {
        let args = os(&[Path::new(command), &results, Path::new("--out"), &out]);
        let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
        refused(&args);
    }
    // Their own earlier output is theirs to write again.
    for (command, out) in [
        ("report", dir.path().join("page")),
        ("plot", dir.path().join("figures")),
        ("mutation-report", dir.path().join("mutants.json")),
    ] {
        for _ in 0..2 {
            testspace()
                .arg(command)
                .arg(&results)
                .arg("--out")
                .arg(&out)
                .assert()
                .success();
        }
    }
    testspace()
        .args(["mutation-report"])
        .arg(&results)
        .assert()
        .success();
    assert!(results.join("mutation-report.json").is_file());
}

/// Every seconds flag of every command is read by one parser and bounded at both ends: a
/// clear error (exit 2), never a panic (`reduce --isolate --watchdog 1e300` panicked) nor a
/// run whose every cell times out (`run --watchdog 1e-300`).
#[test]
fn every_seconds_flag_is_bounded_at_both_ends() {
    let commands: [&[&str]; 5] = [
        &["run", EXPERIMENT, "--watchdog"],
        &["run", EXPERIMENT, "--progress-every"],
        &["slurm", EXPERIMENT, "--shards", "2", "--watchdog"],
        &["corpus", "witnesses", "--watchdog"],
        &[
            "reduce",
            "testdata/results/register",
            "--subject",
            "Register",
            "--mutant",
            "1",
            "--strategy",
            "r",
            "--n",
            "4",
            "--isolate",
            "--watchdog",
        ],
    ];
    for command in commands {
        for seconds in ["1e300", "1e-300", "0.05", "nan"] {
            testspace()
                .args(command)
                .arg(seconds)
                .assert()
                .code(2)
                .stderr(predicate::str::contains(format!(
                    "`{seconds}` must be a number of seconds from 0.1 to 1e9"
                )));
        }
    }
}

/// Runs `testspace ARGS` on the fixture subjects where no file may grow beyond `bytes`
/// (RLIMIT_FSIZE, SIGXFSZ ignored: a write past it fails with EFBIG, as on a full disk).
#[cfg(target_os = "linux")]
fn with_full_disk(args: &[&std::ffi::OsStr], bytes: u64) -> std::process::Output {
    use std::os::unix::process::CommandExt;
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("testspace"));
    command
        .env("TESTSPACE_FIXTURE_SUBJECTS", "1")
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    // SAFETY: between fork and exec only async-signal-safe calls (signal, setrlimit).
    unsafe {
        command.pre_exec(move || {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    command.output().unwrap()
}

/// A disk full when the lock is taken (or when a merge writes) leaves nothing that blocks
/// the next attempt: no empty `run.lock` (the next run was refused for 2 minutes as "not a
/// lock testspace can read"), no half-written merged folder (the retry was refused as
/// "already holds a run").
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_at_the_lock_or_in_a_merge_leaves_nothing_in_the_way() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("full");
    let mut args: Vec<&std::ffi::OsStr> = ["run", EXPERIMENT, "--quiet", "--out"]
        .iter()
        .map(std::ffi::OsStr::new)
        .collect();
    args.push(out.as_os_str());
    let output = with_full_disk(&args, 0);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("cannot lock"), "{stderr}");
    assert!(!out.join("run.lock").exists(), "no empty lock left");
    run(EXPERIMENT, &out).arg("--quiet").assert().success();

    let shards = shards(dir.path());
    let merged = dir.path().join("merged");
    let mut args: Vec<&std::ffi::OsStr> = vec!["merge".as_ref(), merged.as_os_str()];
    args.extend(shards.iter().map(|s| s.as_os_str()));
    // Room for the lock and the experiment's copy, not for the journal.
    let output = with_full_disk(&args, 4096);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(!merged.exists(), "the merge's folder is gone again");
    testspace()
        .arg("merge")
        .arg(&merged)
        .args(&shards)
        .assert()
        .success();
}

#[test]
fn a_call_whose_refused_request_ended_gold_is_not_made_again_and_changes_nothing() {
    // Reserve(2048) asks for 2 GiB in one infallible request; each test case reaching it
    // is abandoned. The first death teaches the call's key, so the run ends in a fraction
    // of a second where one death per such test case took seconds; whichever worker
    // learns it when, the table is the same. RUST_BACKTRACE=1 must not hide how a worker
    // died (its stderr's last lines).
    let dir = tempfile::tempdir().unwrap();
    let tables =
        tables_on_one_and_two_workers("testdata/experiments/refused.toml", dir.path(), "1");
    assert_eq!(tables[0], tables[1]);
    let abandoned = column_sum(&dir.path().join("1"), "abandoned_tests");
    assert!(
        (30..120).contains(&abandoned),
        "{abandoned} of 120 abandoned"
    );
}

#[test]
fn a_worker_left_unable_to_serve_by_its_mutant_is_replaced_and_asked_again() {
    // Once Taint's mutant 1 has run in a worker process, that process answers the mutant's
    // next job with an error (it "has no mutant 1"), as a process a mutant wrote over can:
    // the job is asked again of a fresh process, and every cell is as on a clean worker.
    let dir = tempfile::tempdir().unwrap();
    let tables =
        tables_on_one_and_two_workers("testdata/experiments/tainted.toml", dir.path(), "0");
    assert_eq!(tables[0], tables[1]);
    assert_eq!(outcomes(&dir.path().join("1"), "1"), ["killed"; 4]);
}
