//! What `testspace show-test` prints is a test that compiles and fails as its comment says.
//! Below, verbatim but for the `#[should_panic]` line, is its output for TreeMap mutant 7
//! (r, n = 16) of the committed results in `results/andrews2010/`;
//! `show_test_prints_the_test_in_this_file` checks that the command still prints exactly
//! that (after a new run of the paper's experiment, paste the new output here).

use assert_cmd::Command;

/// Reproduces the first failing test of TreeMap mutant 7 (replace-constant at subjects/tree_map.rs:83:21: `-1` → `0`):
/// phase comparison, strategy r, n = 16, test case E(n) = 177 (index 49046554043348677987503810202053); paper oracle.
/// The assertion fails: that is the divergence.
#[test]
#[should_panic(expected = "mutant 7 diverges from gold")]
fn tree_map_mutant_7_r_n16_diverges_from_gold() {
    use std::sync::Arc;
    use testspace::context::file::parse_context;
    use testspace::subject::registry;

    const CONTEXT: &str = r#"
subject = "TreeMap"
methods = [
    "TreeMap()",
    "TreeMap(TreeMap)",
    "size()",
    "containsKey(Integer)",
    "containsValue(Integer)",
    "get(Integer)",
    "firstKey()",
    "lastKey()",
    "putAll(TreeMap)",
    "put(Integer,Integer)",
    "putIfAbsent(Integer,Integer)",
    "remove(Integer)",
    "clear()",
    "clone()",
    "lowerKey(Integer)",
    "floorKey(Integer)",
    "ceilingKey(Integer)",
    "higherKey(Integer)",
    "replace(Integer,Integer,Integer)",
    "replace(Integer,Integer)",
    "isEmpty()",
    "getOrDefault(Integer,Integer)",
    "remove(Integer,Integer)",
    "equals(TreeMap)",
    "hashCode()",
    "toString()",
]

[pools]
int = { size = 2, init = [0, 100] }
bool = { size = 2, init = [false, true] }
string = { size = 2, init = ["a", "b"] }
object = { size = 1 }
"#;
    // The test case in canonical form 3:
    //   // TreeMap test case 49046554043348677987503810202053 of z = j^n = 107^16 (canonical form 3)
    //   let mut int_vp: [Option<i32>; 2] = [Some(0), Some(100)];
    //   let mut bool_vp: [bool; 2] = [false, true];
    //   let mut string_vp: [Option<String>; 2] = [Some("a".to_string()), Some("b".to_string())];
    //   let mut object_vp: [Option<TreeMap>; 1] = [None];
    //   object_vp[0].putAll(object_vp[0]);  // mc_1: putAll(TreeMap)
    //   int_vp[1] = object_vp[0].replace(int_vp[1], int_vp[1]);  // mc_2: replace(Integer,Integer)
    //   object_vp[0] = object_vp[0].clone();  // mc_3: clone()
    //   object_vp[0] = TreeMap::new();  // mc_4: TreeMap()
    //   int_vp[1] = object_vp[0].getOrDefault(int_vp[1], int_vp[1]);  // mc_5: getOrDefault(Integer,Integer)
    //   bool_vp[0] = object_vp[0].containsValue(int_vp[0]);  // mc_6: containsValue(Integer)
    //   int_vp[1] = object_vp[0].putIfAbsent(int_vp[1], int_vp[0]);  // mc_7: putIfAbsent(Integer,Integer)
    //   int_vp[0] = object_vp[0].lastKey();  // mc_8: lastKey()
    //   int_vp[1] = object_vp[0].putIfAbsent(int_vp[0], int_vp[1]);  // mc_9: putIfAbsent(Integer,Integer)
    //   int_vp[1] = object_vp[0].getOrDefault(int_vp[0], int_vp[0]);  // mc_10: getOrDefault(Integer,Integer)
    //   int_vp[0] = object_vp[0].remove(int_vp[1]);  // mc_11: remove(Integer)
    //   bool_vp[0] = object_vp[0].replace(int_vp[0], int_vp[0], int_vp[0]);  // mc_12: replace(Integer,Integer,Integer)
    //   int_vp[1] = object_vp[0].replace(int_vp[0], int_vp[1]);  // mc_13: replace(Integer,Integer)
    //   bool_vp[1] = object_vp[0].containsValue(int_vp[1]);  // mc_14: containsValue(Integer)
    //   bool_vp[0] = object_vp[0].isEmpty();  // mc_15: isEmpty()
    //   int_vp[1] = object_vp[0].firstKey();  // mc_16: firstKey()
    let calls: [u32; 16] = [20, 82, 42, 0, 92, 8, 34, 18, 35, 89, 38, 59, 81, 11, 83, 17];
    let unit = registry().find("TreeMap").unwrap();
    let context = Arc::new(parse_context(std::path::Path::new("context.toml"), CONTEXT).unwrap());
    let run = |mutant| {
        let mut session = unit.mutant_session(context.clone(), mutant).unwrap();
        let exceptions = calls
            .iter()
            .filter(|&&call| session.step(call).is_err())
            .count();
        (exceptions, session.primitives())
    };
    assert_eq!(run(0), run(7), "mutant 7 diverges from gold");
}

/// `testspace show-test <results> --subject TreeMap --mutant 7 --strategy r --n 16`.
fn show_test(results: &std::path::Path) -> String {
    let output = Command::cargo_bin("testspace")
        .unwrap()
        .arg("show-test")
        .arg(results)
        .args([
            "--subject",
            "TreeMap",
            "--mutant",
            "7",
            "--strategy",
            "r",
            "--n",
            "16",
        ])
        .env_remove("TESTSPACE_FIXTURE_SUBJECTS")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The test above, as `show-test` prints it.
fn expected() -> String {
    let this = include_str!("show_test_replay.rs");
    let start = this.find("/// Reproduces").unwrap();
    let end = start + this[start..].find("\n}\n").unwrap() + "\n}\n".len();
    this[start..end].replace(
        "#[should_panic(expected = \"mutant 7 diverges from gold\")]\n",
        "",
    )
}

#[test]
fn show_test_prints_the_test_in_this_file() {
    // The committed folder has cells.parquet and no journal (it is not committed).
    assert_eq!(
        show_test(std::path::Path::new("results/andrews2010")),
        expected()
    );
}

#[test]
fn show_test_reads_a_folder_with_only_the_csv_table() {
    let dir = tempfile::tempdir().unwrap();
    for file in ["experiment.toml", "manifest.json", "cells.csv"] {
        std::fs::copy(
            std::path::Path::new("results/andrews2010").join(file),
            dir.path().join(file),
        )
        .unwrap();
    }
    assert_eq!(show_test(dir.path()), expected());
}
