//! `.ci/prune-target.sh`: what it removes from a cargo target directory and what it keeps.

use std::path::Path;
use std::process::Command;

/// Files and folders laid out as cargo lays them out, in `target`.
fn lay_out(target: &Path, entries: &[&str]) {
    for entry in entries {
        let path = target.join(entry);
        if let Some(folder) = entry.strip_suffix('/') {
            std::fs::create_dir_all(target.join(folder).join("output")).unwrap();
        } else {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, b"artifact").unwrap();
        }
    }
}

fn exists(target: &Path, entry: &str) -> bool {
    target.join(entry.trim_end_matches('/')).exists()
}

/// This crate's own builds (its library, binary, test and bench binaries, their
/// fingerprints, build-script output and incremental state, in either profile) go; every
/// dependency's stays, a dependency whose name starts like one of ours included.
#[test]
fn pruning_drops_this_crates_builds_and_keeps_every_dependencys() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path();
    let ours = [
        "debug/deps/libtestspace-0123456789abcdef.rlib",
        "debug/deps/libtestspace-0123456789abcdef.rmeta",
        "debug/deps/testspace-0123456789abcdef",
        "debug/deps/testspace-0123456789abcdef.d",
        "debug/deps/cli_run-fedcba9876543210",
        "debug/deps/suite_digests-0011223344556677",
        "debug/.fingerprint/testspace-0123456789abcdef/",
        "debug/.fingerprint/cli_run-fedcba9876543210/",
        "debug/build/testspace-8899aabbccddeeff/",
        "debug/incremental/cli_run-1h9n4fglpcpbs/",
        "debug/incremental/testspace-2aq91n0rewach/",
        "debug/examples/ponzio2016-0123456789abcdef",
        "release/deps/generators-0123456789abcdef",
        "release/deps/libtestspace-0123456789abcdef.rlib",
    ];
    let theirs = [
        "debug/deps/libpolars_core-df7864707ed29e8c.rlib",
        "debug/deps/libserde-76d5540383584713.rmeta",
        // Names that start like a target of ours ("coverage", "compare", "testspace").
        "debug/deps/libcoverage_tools-0123456789abcdef.rlib",
        "debug/deps/compare_helpers-0123456789abcdef",
        "debug/deps/libtestspace_macros-0123456789abcdef.rlib",
        "debug/.fingerprint/polars-core-df7864707ed29e8c/",
        "debug/.fingerprint/coverage-tools-0123456789abcdef/",
        "debug/build/zstd-sys-c8f4afea3883f0c0/",
        "release/deps/libpolars_core-0123456789abcdef.rlib",
    ];
    lay_out(target, &ours);
    lay_out(target, &theirs);
    let repository = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new("bash")
        .arg(repository.join(".ci/prune-target.sh"))
        .arg(target)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        report.contains(&format!("pruned {} of this crate's", ours.len())),
        "{report}"
    );
    for entry in ours {
        assert!(!exists(target, entry), "kept {entry}");
    }
    for entry in theirs {
        assert!(exists(target, entry), "removed {entry}");
    }
}

/// A target directory that does not exist yet (a fresh machine) is left alone.
#[test]
fn pruning_a_missing_target_directory_does_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("target");
    let status = Command::new("bash")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/prune-target.sh"))
        .arg(&missing)
        .status()
        .unwrap();
    assert!(status.success());
    assert!(!missing.exists());
}
