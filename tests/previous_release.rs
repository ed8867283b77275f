//! The previous release as oracle (issue 61, item 4): a subject paired with an earlier
//! version of itself answers each call on both sides; a changed answer fails the call with
//! a message naming it and both answers, unless `oracle-changes.toml` acknowledges it;
//! panics both raise alike pass; a method the previous release cannot answer ends the
//! comparison; a change that matches nothing refuses the units.

use std::sync::Arc;

use testspace::context::TestContext;
use testspace::subject::harness::{recording_panics, take_panic_message};
use testspace::subject::previous::Declaration;
use testspace::subject::{CallTable, JavaException, Previous, SubjectUnit, Unit};

mod now {
    #[derive(Clone, Debug, Default)]
    pub struct Meter {
        total: u32,
    }

    #[testspace::subject(without_unit)]
    impl Meter {
        pub fn new() -> Self {
            Self::default()
        }
        pub fn record(&mut self, reading: u16) -> u32 {
            self.total += u32::from(reading);
            self.total
        }
        /// Changed: doubled.
        pub fn twice(&self) -> u32 {
            self.total * 3
        }
        pub fn fail(&self) -> u32 {
            panic!("as before")
        }
        pub fn fresh(&mut self) {}
    }
}

mod before {
    #[derive(Clone, Debug, Default)]
    pub struct Meter {
        total: u32,
    }

    #[testspace::subject(without_unit)]
    impl Meter {
        pub fn new() -> Self {
            Self::default()
        }
        pub fn record(&mut self, reading: u16) -> u32 {
            self.total += u32::from(reading);
            self.total
        }
        pub fn twice(&self) -> u32 {
            self.total * 2
        }
        pub fn fail(&self) -> u32 {
            panic!("as before")
        }
        pub fn fresh(&mut self) {
            self.total = 7;
        }
    }
}

/// A scratch crate root holding `changes` as its acknowledgements file (none if empty).
fn crate_root(name: &str, changes: &str) -> &'static str {
    let dir =
        std::env::temp_dir().join(format!("testspace-previous-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    if !changes.is_empty() {
        std::fs::write(dir.join("oracle-changes.toml"), changes).unwrap();
    }
    dir.to_str().unwrap().to_string().leak()
}

fn paired(root: &'static str) -> Previous {
    Previous::new(
        Box::new(SubjectUnit::<now::Meter>::new()),
        Box::new(SubjectUnit::<before::Meter>::new()),
        &[("fresh", "its body differs on purpose in this test")],
        Declaration {
            against: "git:v1",
            commit: "0123",
            file: "src/main.rs",
            line: 3,
            crate_root: root,
        },
    )
}

/// Runs methods by name (arguments from slot 1 of their pools, the target and the result
/// in slot 0) and returns each call's outcome with the message kept for it.
fn run(unit: &Previous, names: &[&str]) -> Vec<(Result<(), JavaException>, Option<String>)> {
    let context: Arc<dyn CallTable> = Arc::new(TestContext::paper(unit).unwrap());
    let mut session = unit.session(context);
    session.reset();
    recording_panics(|| {
        names
            .iter()
            .map(|name| {
                let method = unit.methods().iter().find(|m| m.name == *name).unwrap();
                let slots: Vec<u32> = (0..method.slots.len())
                    .map(|i| u32::from(i < method.params.len()))
                    .collect();
                let _ = take_panic_message();
                (
                    session.step_slots(method.number, &slots),
                    take_panic_message(),
                )
            })
            .collect()
    })
}

#[test]
fn a_changed_answer_fails_the_call_naming_it_and_both_answers() {
    let root = crate_root("changed", "");
    let unit = paired(root);
    let outcomes = run(&unit, &["new", "record", "twice"]);
    assert_eq!(outcomes[0].0, Ok(()));
    assert_eq!(outcomes[1].0, Ok(()), "record answers alike");
    assert_eq!(outcomes[2].0, Err(JavaException::Panic));
    let message = outcomes[2].1.as_deref().unwrap();
    assert!(
        message.starts_with("previous release: call 2 `twice()` returned ")
            && message.contains(", the previous release (git:v1) returned "),
        "{message}"
    );
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn an_acknowledged_change_and_a_panic_both_raise_are_no_difference() {
    let changes = "[[change]]\nsubject = \"Meter\"\nmethod = \"twice\"\nreason = \"triple now\"\n";
    let root = crate_root("acknowledged", changes);
    let unit = paired(root);
    let outcomes = run(&unit, &["new", "record", "twice", "fail", "twice"]);
    let results: Vec<_> = outcomes.iter().map(|(r, _)| *r).collect();
    assert_eq!(
        results,
        [Ok(()), Ok(()), Ok(()), Err(JavaException::Panic), Ok(())]
    );
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_method_the_previous_release_cannot_answer_ends_the_comparison() {
    let root = crate_root("not-compared", "");
    let unit = paired(root);
    assert_eq!(
        unit.not_compared().collect::<Vec<_>>(),
        [("fresh", "its body differs on purpose in this test")]
    );
    assert_eq!(
        unit.describe(),
        "Meter is compared with its previous release git:v1 (commit 0123, declared at \
         src/main.rs:3); not compared: fresh (its body differs on purpose in this test)"
    );
    let outcomes = run(&unit, &["new", "fresh", "twice"]);
    assert!(outcomes.iter().all(|(r, _)| r.is_ok()), "{outcomes:?}");
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_crates_io_release_is_described_with_its_checksum() {
    let root = crate_root("described", "");
    let unit = Previous::new(
        Box::new(SubjectUnit::<now::Meter>::new()),
        Box::new(SubjectUnit::<before::Meter>::new()),
        &[],
        Declaration {
            against: "crates.io:0.1.0",
            commit: FIXTURE_CHECKSUM,
            file: "src/lib.rs",
            line: 3,
            crate_root: root,
        },
    );
    assert_eq!(
        unit.describe(),
        "Meter is compared with its previous release crates.io:0.1.0 (checksum 5f3a1c0e9b8d, \
         declared at src/lib.rs:3)"
    );
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_change_that_matches_nothing_refuses_the_units_at_its_line_and_field() {
    let changes = "[[change]]\nsubject = \"Meter\"\nmethod = \"fresh\"\nreason = \"r\"\n";
    let root = crate_root("nothing", changes);
    let error = testspace::subject::install(vec![Box::new(paired(root))]).unwrap_err();
    let text = error.to_string();
    assert!(
        text.starts_with(&format!("{root}/oracle-changes.toml:3:"))
            && text.contains("field `change[0].method`")
            && text.contains("matches nothing"),
        "{text}"
    );
    let broken = crate_root("broken", "[[change]]\nsubject = \"Meter\"\n");
    let error = testspace::subject::install(vec![Box::new(paired(broken))]).unwrap_err();
    assert!(
        error.to_string().contains("missing field `method`"),
        "{error}"
    );
    std::fs::remove_dir_all(root).unwrap();
    std::fs::remove_dir_all(broken).unwrap();
}

/// A scratch crate `testspace-meter-fixture` declaring `crates.io:VERSION` at src/lib.rs:3.
fn declaring_crate(name: &str, version: &str) -> std::path::PathBuf {
    let root = std::path::PathBuf::from(crate_root(name, ""));
    declaring_crate_at(&root, version);
    root
}

/// Writes the crate of [`declaring_crate`] at `root`.
fn declaring_crate_at(root: &std::path::Path, version: &str) {
    std::fs::create_dir_all(root.join("src")).unwrap();
    std::fs::write(
        root.join("Cargo.toml"),
        "[package]\nname = \"testspace-meter-fixture\"\nversion = \"0.2.0\"\nedition = \"2024\"\n",
    )
    .unwrap();
    std::fs::write(
        root.join("src/lib.rs"),
        format!(
            "//! Now.\n\n#[testspace::previous(against = \"crates.io:{version}\")]\npub mod meter {{}}\n"
        ),
    )
    .unwrap();
}

/// Cargo's options replacing crates.io by the vendored release under testdata/.
fn vendored() -> Vec<String> {
    let vendor = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/previous/vendor");
    vec![
        "--config".into(),
        "source.crates-io.replace-with=\"fixture\"".into(),
        "--config".into(),
        format!("source.fixture.directory={:?}", vendor.to_str().unwrap()),
        "--config".into(),
        "net.offline=true".into(),
    ]
}

const FIXTURE_CHECKSUM: &str = "5f3a1c0e9b8d7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a21";

#[test]
fn a_release_is_fetched_unpacked_and_its_checksum_recorded_then_verified() {
    use testspace::subject::previous::fetch::{FOLDER, LOCK, MARK, Outcome, fetch};
    let root = declaring_crate("fetch", "0.1.0");
    let done = fetch(&root, &vendored()).unwrap();
    assert_eq!(
        done.get("0.1.0"),
        Some(&Outcome::Fetched(FIXTURE_CHECKSUM.into()))
    );
    let release = root.join(FOLDER).join("testspace-meter-fixture-0.1.0");
    let vendored_lib = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/previous/vendor/testspace-meter-fixture-0.1.0/src/lib.rs");
    assert_eq!(
        std::fs::read_to_string(release.join("src/lib.rs")).unwrap(),
        std::fs::read_to_string(vendored_lib).unwrap()
    );
    assert_eq!(
        std::fs::read_to_string(release.join(MARK)).unwrap(),
        FIXTURE_CHECKSUM
    );
    let lock = std::fs::read_to_string(root.join(LOCK)).unwrap();
    assert!(
        lock.contains(&format!(
            "name = \"testspace-meter-fixture\"\nversion = \"0.1.0\"\nchecksum = \"{FIXTURE_CHECKSUM}\""
        )),
        "{lock}"
    );
    // Again: present, nothing downloaded.
    let again = fetch(&root, &vendored()).unwrap();
    assert_eq!(
        again.get("0.1.0"),
        Some(&Outcome::Present(FIXTURE_CHECKSUM.into()))
    );
    // A recorded checksum the registry's release does not have is refused, and the
    // unpacked release is kept.
    let other = "0".repeat(64);
    std::fs::write(root.join(LOCK), lock.replace(FIXTURE_CHECKSUM, &other)).unwrap();
    let error = fetch(&root, &vendored()).unwrap_err().to_string();
    assert!(
        error.contains("testspace-meter-fixture 0.1.0 (declared at src/lib.rs:3)")
            && error.contains("checksum for `testspace-meter-fixture v0.1.0` changed"),
        "{error}"
    );
    assert!(release.join("src/lib.rs").is_file());
    std::fs::remove_dir_all(&root).unwrap();
}

/// `to` as a path relative to `from` (both absolute).
fn relative(from: &std::path::Path, to: &std::path::Path) -> std::path::PathBuf {
    let (from, to) = (from.canonicalize().unwrap(), to.canonicalize().unwrap());
    let common = from
        .components()
        .zip(to.components())
        .take_while(|(a, b)| a == b)
        .count();
    let mut path: std::path::PathBuf = from.components().skip(common).map(|_| "..").collect();
    path.extend(to.components().skip(common));
    path
}

#[test]
fn a_crate_named_by_a_relative_path_is_fetched() {
    use testspace::subject::previous::fetch::{Outcome, fetch};
    let here = std::env::current_dir().unwrap();
    // One level deeper than the working directory: the relative path, were it read again from
    // the crate's own root (where Cargo runs), would then name another folder.
    let base = std::path::PathBuf::from(crate_root("fetch-relative", ""));
    let mut root = base.clone();
    while root.components().count() <= here.components().count() {
        root.push("deeper");
    }
    declaring_crate_at(&root, "0.1.0");
    let named = relative(&here, &root);
    assert!(named.is_relative(), "{named:?}");
    let done = fetch(&named, &vendored()).unwrap();
    assert_eq!(
        done.get("0.1.0"),
        Some(&Outcome::Fetched(FIXTURE_CHECKSUM.into()))
    );
    std::fs::remove_dir_all(&base).unwrap();
}

#[test]
fn a_version_the_registry_lacks_is_refused_naming_the_declaration() {
    use testspace::subject::previous::fetch::{FOLDER, LOCK, fetch};
    let root = declaring_crate("fetch-missing", "0.9.0");
    let error = fetch(&root, &vendored()).unwrap_err().to_string();
    assert!(
        error.contains("testspace-meter-fixture 0.9.0 (declared at src/lib.rs:3)")
            && error.contains("has no release 0.9.0"),
        "{error}"
    );
    assert!(!root.join(LOCK).exists());
    assert!(
        std::fs::read_dir(root.join(FOLDER)).unwrap().all(|e| e
            .unwrap()
            .file_name()
            .to_string_lossy()
            .starts_with('.')),
        "nothing unpacked"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_folder_the_command_did_not_create_is_left_alone() {
    use testspace::subject::previous::fetch::{FOLDER, fetch};
    let root = declaring_crate("fetch-foreign", "0.1.0");
    std::fs::create_dir_all(root.join(FOLDER)).unwrap();
    std::fs::write(root.join(FOLDER).join("mine.txt"), "mine").unwrap();
    let error = fetch(&root, &vendored()).unwrap_err().to_string();
    assert!(error.contains("was not created by"), "{error}");
    assert_eq!(
        std::fs::read_to_string(root.join(FOLDER).join("mine.txt")).unwrap(),
        "mine"
    );
    std::fs::remove_dir_all(&root).unwrap();
}
