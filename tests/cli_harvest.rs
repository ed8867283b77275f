//! Command-line contract of `testspace harvest` (docs/harvest.md): a crate's public types
//! as wrapper subjects and contexts in a new folder, every refusal said.

mod common;

use common::testspace;

#[test]
fn a_crate_is_harvested_into_a_new_folder_with_a_subject_and_a_context() {
    let scratch = tempfile::tempdir().unwrap();
    let out = scratch.path().join("store");
    let assert = testspace()
        .args(["harvest", "testdata/harvest/store", "--out"])
        .arg(&out)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    assert!(
        stdout.starts_with("key-store 1.2.3: 4 public types, 2 compile checks\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("key_store::Store                         StoreOfInts (3 constructors, 4 methods, 3 skipped)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("key_store::Unclonable                    no subject: it is not `Clone`"),
        "{stdout}"
    );
    assert!(
        stdout.contains("key_store::Iter                          no subject: it borrows data"),
        "{stdout}"
    );
    let mut files: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "context-StoreOfInts.toml",
            "harvest.toml",
            "mutants.toml",
            "subject.rs"
        ]
    );
    let subject = std::fs::read_to_string(out.join("subject.rs")).unwrap();
    syn::parse_file(&subject).unwrap();
    for line in [
        "/// Values under keys, with a capacity.",
        "pub struct StoreOfInts(pub key_store::Store<i32>);",
        "    pub fn get(&self, key: usize) -> Option<i32> {\n        self.0.get(key).copied()\n    }",
        "    pub fn take(&mut self, key: usize) -> Result<i32, key_store::StoreError> {",
        "// - `retain`: it is generic over `F: FnMut(&T) -> bool`",
        "// - `iter`: it returns `Iter<'_, i32>`, which no pool holds",
        // The compile check against the crate: i32 is not `Weighted`.
        "// - `heaviest`: it does not compile with T = i32: the method `heaviest` exists for struct `Store<i32>`, but its trait bounds were not satisfied",
    ] {
        assert!(subject.contains(line), "no {line:?} in\n{subject}");
    }
    assert!(!subject.contains("pub fn heaviest"));
    let record = std::fs::read_to_string(out.join("harvest.toml")).unwrap();
    let record: toml::Table = toml::from_str(&record).unwrap();
    assert_eq!(record["crate"].as_str(), Some("key-store"));
    assert_eq!(record["source"].as_str(), Some("folder"));
    let subject_record = &record["subject"].as_array().unwrap()[0];
    assert_eq!(subject_record["instantiation"]["T"].as_str(), Some("i32"));
    assert_eq!(subject_record["methods"].as_integer(), Some(4));
    let context = std::fs::read_to_string(out.join("context-StoreOfInts.toml")).unwrap();
    assert!(context.contains("subject = \"StoreOfInts\""), "{context}");
    // Pools seeded from the code: `insert(value: i32)` gives i32's bounds, the crate's
    // constants 64 (twice) and 48 follow the defaults.
    assert!(
        context.contains(
            "# -2147483648: i32's smallest; 2147483647: i32's largest; 64: a constant of the crate (2 times); 48: a constant of the crate (once)\n\
             int = { size = 8, init = [0, 1, 2, -1, -2147483648, 2147483647, 64, 48] }"
        ),
        "{context}"
    );
    // Nothing but the folder was written beside it.
    assert_eq!(std::fs::read_dir(scratch.path()).unwrap().count(), 1);
    own_code_is_instrumented_and_compile_checked(&stdout, &out);
}

/// The crate's own code, mutated and probed file by file, its copies compiled: what does
/// not compile is recorded as such, what the pass cannot rewrite is counted.
fn own_code_is_instrumented_and_compile_checked(stdout: &str, out: &std::path::Path) {
    let catalog: toml::Table =
        toml::from_str(&std::fs::read_to_string(out.join("mutants.toml")).unwrap()).unwrap();
    let mutants = catalog["mutant"].as_array().unwrap();
    assert_eq!(catalog["mutants"].as_integer(), Some(mutants.len() as i64));
    let refused: Vec<&toml::Value> = mutants
        .iter()
        .filter(|m| m["compiles"].as_bool() == Some(false))
        .collect();
    // `self.values.len() - 1` on a usize: `- -1` does not compile.
    assert!(
        refused
            .iter()
            .any(|m| m["location"].as_str() == Some("src/store.rs:24:29")
                && m["replacement"].as_str() == Some("-1")),
        "{refused:#?}"
    );
    let compiling = mutants.len() - refused.len();
    assert_eq!(catalog["compiling"].as_integer(), Some(compiling as i64));
    assert!(compiling >= 10, "{compiling}");
    // Ids run on from lib.rs into store.rs; nothing is mutated in the code left as it is.
    let ids: Vec<i64> = mutants
        .iter()
        .map(|m| m["id"].as_integer().unwrap())
        .collect();
    assert_eq!(ids, (1..=mutants.len() as i64).collect::<Vec<_>>());
    // The unsafe block inside the unsafe fn is inside what is left, not counted again.
    let left = &catalog["left-as-is"];
    for (kind, count) in [
        ("macros", 1),
        ("const-fns", 1),
        ("unsafe-blocks", 1),
        ("unsafe-fns", 1),
        ("conditional-items", 1),
        ("conditional-files", 0),
    ] {
        assert_eq!(left[kind].as_integer(), Some(count), "{kind}");
    }
    let store = std::fs::read_to_string("testdata/harvest/store/src/store.rs").unwrap();
    let lines: Vec<&str> = store.lines().collect();
    for m in mutants {
        let location = m["location"].as_str().unwrap();
        let line: usize = location.split(':').nth(1).unwrap().parse().unwrap();
        if location.starts_with("src/store.rs:") {
            let text = lines[line - 1];
            assert!(
                !["n * 2", "unsafe", "len() + 1"]
                    .iter()
                    .any(|t| text.contains(t)),
                "{location} is mutated: {text}"
            );
        }
    }
    assert!(
        stdout.contains(&format!(
            "  own code: {} mutants, {compiling} compile (2 check rounds)",
            mutants.len()
        )) && stdout.contains(
            "left as it is: 1 macro, 1 const fn, 1 unsafe block, 1 unsafe fn, 1 #[cfg] item\n"
        ),
        "{stdout}"
    );
}

#[test]
fn harvest_never_writes_into_an_existing_folder() {
    let scratch = tempfile::tempdir().unwrap();
    std::fs::write(scratch.path().join("mine.txt"), "a user's file").unwrap();
    let assert = testspace()
        .args(["harvest", "testdata/harvest/store", "--out"])
        .arg(scratch.path())
        .assert()
        .failure();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(
        stderr.contains("exists; harvest writes into a new folder only"),
        "{stderr}"
    );
    assert!(assert.get_output().stdout.is_empty());
    assert_eq!(std::fs::read_dir(scratch.path()).unwrap().count(), 1);
}

#[test]
fn a_crate_without_a_usable_type_and_a_broken_source_are_refused_with_nothing_written() {
    let scratch = tempfile::tempdir().unwrap();
    let out = scratch.path().join("nothing");
    let assert = testspace()
        .args(["harvest", "testdata/harvest/nothing", "--out"])
        .arg(&out)
        .assert()
        .failure();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(
        stderr.contains("nothing 0.1.0: none of its 1 public types can be a subject"),
        "{stderr}"
    );
    assert!(!out.exists());
    let broken = scratch.path().join("broken");
    std::fs::create_dir_all(broken.join("src")).unwrap();
    std::fs::write(
        broken.join("Cargo.toml"),
        "[package]\nname = \"broken\"\nversion = \"0.0.1\"\n",
    )
    .unwrap();
    std::fs::write(broken.join("src/lib.rs"), "pub mod gone;\n").unwrap();
    let assert = testspace()
        .arg("harvest")
        .arg(&broken)
        .arg("--out")
        .arg(scratch.path().join("out"))
        .assert()
        .failure();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(
        stderr.contains("src/gone.rs: cannot be read (named by `mod gone` in src/lib.rs)"),
        "{stderr}"
    );
    assert!(!scratch.path().join("out").exists());
}

#[test]
fn a_checksum_is_refused_for_a_folder_and_a_missing_folder_is_named() {
    let scratch = tempfile::tempdir().unwrap();
    let out = scratch.path().join("out");
    let assert = testspace()
        .args([
            "harvest",
            "testdata/harvest/store",
            "--checksum",
            "00",
            "--out",
        ])
        .arg(&out)
        .assert()
        .failure();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(
        stderr.contains("--checksum is for a release on crates.io"),
        "{stderr}"
    );
    let assert = testspace()
        .args(["harvest", "testdata/harvest/no-such-crate", "--out"])
        .arg(&out)
        .assert()
        .failure();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(
        stderr.contains("testdata/harvest/no-such-crate/Cargo.toml: cannot be read"),
        "{stderr}"
    );
    assert!(!out.exists());
}

#[test]
fn a_crate_of_free_functions_becomes_one_stateless_subject() {
    let scratch = tempfile::tempdir().unwrap();
    let out = scratch.path().join("text-tools");
    let assert = testspace()
        .args(["harvest", "testdata/harvest/text-tools", "--out"])
        .arg(&out)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    for line in [
        "text-tools 0.2.0: 1 public types, 8 public free functions, 1 compile check\n",
        "  text_tools (free functions)              TextToolsFunctions (1 constructors, 6 methods, 2 skipped)\n",
        // `internal` is `pub(crate)`, and it alone calls `helper_never_called`: their
        // mutants are unreachable.
        "  TextToolsFunctions: 6 of 10 functions reached, 67 of 81 compiling mutants reachable\n",
    ] {
        assert!(stdout.contains(line), "no {line:?} in\n{stdout}");
    }
    let subject = std::fs::read_to_string(out.join("subject.rs")).unwrap();
    syn::parse_file(&subject).unwrap();
    for line in [
        "pub struct TextToolsFunctions(pub ());",
        "    pub fn new() -> Self {\n        Self(())\n    }",
        // A function of a public module, called by its path; its error type by its own.
        "    pub fn parse(&self, text: &str) -> Result<i32, text_tools::numbers::ParseError> {\n        text_tools::numbers::parse(text)\n    }",
        // `Cow<str>` is owned text.
        "    pub fn truncate(&self, text: &str, width: usize) -> String {\n        text_tools::truncate(text, width).into_owned()\n    }",
        "// Skipped functions of `text_tools`:",
        "// - `each_char`: it is generic over `F: FnMut(char)`",
        "// - `vowel_share`: it returns `f64`, which no pool holds",
    ] {
        assert!(subject.contains(line), "no {line:?} in\n{subject}");
    }
    let context = std::fs::read_to_string(out.join("context-TextToolsFunctions.toml")).unwrap();
    assert!(
        context.contains("subject = \"TextToolsFunctions\""),
        "{context}"
    );
    assert!(context.contains("\nstring = { size = "), "{context}");
}
