//! The witness rule (`corpus::witness::replay` in this process, `replay_isolated` in worker
//! processes), through `testspace corpus witnesses`, on the fixture crate
//! testdata/corpus/crates/register: releases of the `Register` fixture compiled into
//! testspace (TESTSPACE_FIXTURE_SUBJECTS=1), so no crates.io. Its committed witnesses hold;
//! each of the others, put in place of one of them, is refused for its reason: it passes on
//! the buggy release, it shows gold's own fault, it fails another way than its `fails`
//! says, or it is not 1-minimal.

use std::path::Path;

use assert_cmd::Command;

/// The fixture corpus, the experiment whose workers replay witnesses with `fails`.
const CORPUS: &str = "testdata/corpus";
const EXPERIMENT: &str = "testdata/experiments/register-releases.toml";

/// `corpus witnesses` on a copy of the fixture corpus whose witnesses file has `from`
/// replaced by `to` (once; `from` must occur): its exit status and its stdout.
fn witnesses_with(from: &str, to: &str) -> (Option<i32>, String) {
    let copy = tempfile::tempdir().unwrap();
    let folder = copy.path().join("crates/register");
    std::fs::create_dir_all(&folder).unwrap();
    for entry in std::fs::read_dir(Path::new(CORPUS).join("crates/register")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), folder.join(entry.file_name())).unwrap();
    }
    let file = folder.join("witnesses.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains(from), "the witnesses file has no `{from}`");
    std::fs::write(&file, text.replacen(from, to, 1)).unwrap();
    let output = Command::cargo_bin("testspace")
        .unwrap()
        .env("TESTSPACE_FIXTURE_SUBJECTS", "1")
        .args(["corpus", "witnesses"])
        .arg(copy.path())
        .args(["--experiment", EXPERIMENT, "--watchdog", "1"])
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// The line of `fault` in `corpus witnesses`' output, without the fault.
fn line_of<'a>(stdout: &'a str, fault: &str) -> &'a str {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{fault}\t")))
        .unwrap_or_else(|| panic!("no line for {fault}:\n{stdout}"))
}

#[test]
fn the_committed_witnesses_hold_in_this_process_and_in_workers() {
    let (status, stdout) = witnesses_with("", "");
    assert_eq!(status, Some(0), "{stdout}");
    for (fault, how) in [
        ("register-inc-adds-two", "holds\t[0, 3, 4]"),
        (
            "register-inc-aborts-at-three",
            "holds (crash, in a worker)\t[0, 3, 3, 3, 3]",
        ),
        (
            "register-get-spins-at-two",
            "holds (hang, in a worker)\t[0, 3, 3, 4]",
        ),
        ("register-get-zero-at-hundred", "holds\t[0, 2, 4]"),
    ] {
        assert_eq!(line_of(&stdout, fault), how, "{stdout}");
    }
    // A witness that says it differs is replayed in a worker too.
    let (status, stdout) = witnesses_with(
        "calls = [0, 3, 4]\n",
        "calls = [0, 3, 4]\nfails = \"differs\"\n",
    );
    assert_eq!(status, Some(0), "{stdout}");
    assert_eq!(
        line_of(&stdout, "register-inc-adds-two"),
        "holds (differs, in a worker)\t[0, 3, 4]"
    );
}

/// Each refused witness, in place of a committed one: the fault, the replacement and the
/// verdict printed.
#[test]
fn a_witness_is_refused_for_each_way_it_can_be_wrong() {
    let differs = |calls: &str| format!("calls = {calls}\nfails = \"differs\"\n");
    let cases: Vec<(&str, &str, String, &str)> = vec![
        // Passing on the buggy release: Register(), get() — inc() adds nothing yet.
        (
            "register-inc-adds-two",
            "calls = [0, 3, 4]\n",
            "calls = [0, 4]\n".into(),
            "PASSES on the buggy release",
        ),
        (
            "register-inc-aborts-at-three",
            "calls = [0, 3, 3, 3, 3]",
            "calls = [0, 3, 3, 3]".into(),
            "PASSES on the buggy release (crash, in a worker)",
        ),
        // Gold's own fault: set(100), get() tells 0.1.0 from gold 0.2.0 only through
        // 0.2.0's own fault (get() answers 0 at 100), which 0.3.0 fixed.
        (
            "register-inc-adds-two",
            "calls = [0, 3, 4]\n",
            "calls = [0, 2, 4]\n".into(),
            "shows gold's own fault register-get-zero-at-hundred: gold and \
             register-get-zero-at-hundred's fix differ on it",
        ),
        (
            "register-inc-adds-two",
            "calls = [0, 3, 4]\n",
            differs("[0, 2, 4]"),
            "shows gold's own fault register-get-zero-at-hundred: gold and \
             register-get-zero-at-hundred's fix differ on it (differs, in a worker)",
        ),
        // Another failure than declared: a crash said to hang, a hang said to crash, a
        // crash said to differ.
        (
            "register-inc-aborts-at-three",
            "fails = \"crash\"",
            "fails = \"hang\"".into(),
            "fails otherwise than it says: crash alone in a worker (hang, in a worker)",
        ),
        (
            "register-get-spins-at-two",
            "fails = \"hang\"",
            "fails = \"crash\"".into(),
            "fails otherwise than it says: hang alone in a worker (crash, in a worker)",
        ),
        (
            "register-inc-aborts-at-three",
            "fails = \"crash\"",
            "fails = \"differs\"".into(),
            "fails otherwise than it says: crash alone in a worker (differs, in a worker)",
        ),
        // Not 1-minimal: one inc() too many, one get() too many.
        (
            "register-inc-adds-two",
            "calls = [0, 3, 4]\n",
            "calls = [0, 3, 3, 4]\n".into(),
            "NOT 1-minimal",
        ),
        (
            "register-get-spins-at-two",
            "calls = [0, 3, 3, 4]",
            "calls = [0, 3, 3, 4, 4]".into(),
            "NOT 1-minimal (hang, in a worker)",
        ),
        (
            "register-inc-aborts-at-three",
            "calls = [0, 3, 3, 3, 3]",
            "calls = [0, 3, 3, 3, 3, 3]".into(),
            "NOT 1-minimal (crash, in a worker)",
        ),
    ];
    for (fault, from, to, verdict) in cases {
        let (status, stdout) = witnesses_with(from, &to);
        let line = line_of(&stdout, fault);
        assert!(
            line.starts_with(&format!("{verdict}\t")),
            "{fault} with `{to}`: {line}"
        );
        assert_eq!(status, Some(1), "{fault} with `{to}`:\n{stdout}");
        assert_eq!(
            stdout.matches("\tholds").count(),
            3,
            "the other witnesses still hold:\n{stdout}"
        );
    }
}
