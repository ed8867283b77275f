//! The miner's first stage (docs/mining.md): `corpus advisories` and `corpus candidates` on
//! fixtures (an advisory-db checkout of two advisories and an index cache, so no network),
//! their refusals, and the committed mining's figures as the book gives them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn testspace() -> Command {
    Command::cargo_bin("testspace").unwrap()
}

/// A copy of the fixture index cache in `dir` (the miner may add to a cache).
fn index_cache(dir: &Path) -> PathBuf {
    let cache = dir.join("index");
    let folder = cache.join("ti/ny");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::copy(
        "testdata/mining/index/ti/ny/tinyvec",
        folder.join("tinyvec"),
    )
    .unwrap();
    cache
}

/// `corpus candidates` on `snapshot`, the fixture index copied into `dir`, into `out`.
fn candidates(snapshot: &Path, dir: &Path, out: &Path) -> std::process::Output {
    testspace()
        .args(["corpus", "candidates", "--advisories"])
        .arg(snapshot)
        .arg("--index-cache")
        .arg(index_cache(dir))
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

#[test]
fn advisories_become_a_snapshot_and_candidates_with_a_reject_log() {
    let dir = tempfile::tempdir().unwrap();
    let snapshot = dir.path().join("advisories.toml");
    let out = testspace()
        .args([
            "corpus",
            "advisories",
            "testdata/mining/advisory-db",
            "--commit",
            "abc123",
        ])
        .arg("--out")
        .arg(&snapshot)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&snapshot).unwrap();
    assert!(text.contains("commit = \"abc123\"") && text.contains("RUSTSEC-2021-0066"));

    let mined = dir.path().join("mined");
    let out = candidates(&snapshot, dir.path(), &mined);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("1 candidates from 1 crates, 1 rejected"),
        "{stdout}"
    );
    let candidates = std::fs::read_to_string(mined.join("candidates.toml")).unwrap();
    // 1.1.0 is yanked but still the last vulnerable release before the fix.
    for line in [
        "id = \"tinyvec-rustsec-2021-0066-1.1.1\"",
        "buggy = \"1.1.0\"",
        "fixed = \"1.1.1\"",
        "buggy-checksum = \"33\"",
        "yanked = [\"1.1.0\"]",
        "functions = [\"tinyvec::TinyVec::insert\"]",
    ] {
        assert!(candidates.contains(line), "{line} in {candidates}");
    }
    let rejected = std::fs::read_to_string(mined.join("rejected.toml")).unwrap();
    assert!(
        rejected.contains("record = \"RUSTSEC-2022-0001\"")
            && rejected.contains("key = \"informational\"")
    );
}

#[test]
fn bad_input_is_located_and_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    // A snapshot that is not TOML: the file and line are named.
    let broken = dir.path().join("broken.toml");
    std::fs::write(&broken, "[source]\nrepository = \"r\"\ncommit = \n").unwrap();
    let mined = dir.path().join("mined");
    let out = candidates(&broken, dir.path(), &mined);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("broken.toml") && stderr.contains("line 3"),
        "{stderr}"
    );
    assert!(!mined.exists(), "nothing is written");

    // A folder holding what the command did not write is refused, untouched.
    let foreign = dir.path().join("foreign");
    std::fs::create_dir_all(&foreign).unwrap();
    std::fs::write(foreign.join("notes.md"), "mine").unwrap();
    let out = candidates(
        Path::new("corpus/mining/advisories.toml"),
        dir.path(),
        &foreign,
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("never overwrites"));
    assert_eq!(std::fs::read_dir(&foreign).unwrap().count(), 1);

    // A database folder that is not a git checkout needs --commit.
    let out = testspace()
        .args(["corpus", "advisories"])
        .arg(dir.path())
        .arg("--out")
        .arg(dir.path().join("a.toml"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--commit"));
    assert!(!dir.path().join("a.toml").exists());
}

/// The committed files' entries: (origin or key, crate, record) per candidate or rejection.
fn table(file: &str, array: &str) -> Vec<toml::Table> {
    let text = std::fs::read_to_string(Path::new("corpus/mining").join(file)).unwrap();
    let value: toml::Table = toml::from_str(&text).unwrap();
    value[array]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_table().unwrap().clone())
        .collect()
}

#[test]
fn the_committed_mining_gives_the_books_figures() {
    let snapshot = table("advisories.toml", "advisory");
    assert_eq!(snapshot.len(), 1205);
    let candidates = table("candidates.toml", "candidate");
    let field = |t: &toml::Table, k: &str| t[k].as_str().unwrap().to_string();
    let advisory: Vec<_> = candidates
        .iter()
        .filter(|c| field(c, "origin") == "advisory")
        .collect();
    let changelog: Vec<_> = candidates
        .iter()
        .filter(|c| field(c, "origin") == "changelog")
        .collect();
    let distinct = |cs: &[&toml::Table], f: &dyn Fn(&toml::Table) -> String| {
        cs.iter()
            .map(|c| f(c))
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    };
    assert_eq!(candidates.len(), 1053);
    assert_eq!(advisory.len(), 921);
    assert_eq!(changelog.len(), 132);
    let first_record = |c: &toml::Table| {
        c["records"].as_array().unwrap()[0]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(distinct(&advisory, &first_record), 678);
    assert_eq!(distinct(&advisory, &|c| field(c, "crate")), 448);
    assert_eq!(distinct(&changelog, &|c| field(c, "crate")), 19);
    let compatible = |cs: &[&toml::Table]| {
        cs.iter()
            .filter(|c| c["compatible"].as_bool().unwrap())
            .count()
    };
    assert_eq!((compatible(&advisory), compatible(&changelog)), (724, 110));
    let hints = |h: &str| advisory.iter().filter(|c| field(c, "hint") == h).count();
    assert_eq!(
        (hints("memory"), hints("panic-or-hang"), hints("unknown")),
        (366, 148, 407)
    );
    let named = advisory
        .iter()
        .filter(|c| !c["functions"].as_array().unwrap().is_empty())
        .count();
    assert_eq!(named, 259);
    let yanked = candidates
        .iter()
        .filter(|c| !c["yanked"].as_array().unwrap().is_empty())
        .count();
    assert_eq!(yanked, 209);
    // Every advisory ends as candidates or as one rejection.
    let rejected = table("rejected.toml", "rejected");
    let mut keys: BTreeMap<String, usize> = BTreeMap::new();
    for r in &rejected {
        *keys.entry(field(r, "key")).or_default() += 1;
    }
    let expected = [
        ("informational", 264),
        ("no-fix", 138),
        ("malicious", 73),
        ("platform", 23),
        ("withdrawn", 13),
        ("thread-safety", 11),
        ("no-published-fix", 3),
        ("not-published", 2),
        ("no-vulnerable-release", 1),
        ("not-on-crates-io", 1),
    ];
    let expected: BTreeMap<String, usize> =
        expected.iter().map(|(k, n)| (k.to_string(), *n)).collect();
    assert_eq!(keys, expected);
    let rejected_advisories = rejected
        .iter()
        .filter(|r| field(r, "record").starts_with("RUSTSEC-"))
        .count();
    assert_eq!(rejected_advisories + 678, 1205);
}
