//! Command-line contract of `testspace fe`.

mod common;

use common::{stdout_of, testspace};
use testspace::structure::extension::{Extensions, greedy_suite};
use testspace::structure::sat::field_exhaustive_suite;
use testspace::structure::{Invariant, LinkedListScope};
use testspace::subject::heap::{FieldKind, FieldValue, HeapBuild, HeapFields, canonical};
use testspace::subjects::linked_list::LinkedList;

#[test]
fn csv_of_linked_list_up_to_scope_3_matches_the_library() {
    let csv = stdout_of(&["fe", "LinkedList", "--scope", "3", "--format", "csv"]);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("scope,fields,be_structures,extension_pairs,fe_sat,fe_greedy,bound")
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 3, "{csv}");
    for (n, row) in (1..=3usize).zip(rows) {
        // The fe command's LinkedList finitization: items null, 0 and 1.
        let scope = LinkedListScope::new(n, vec![0, 1]).unwrap();
        let structures: Vec<HeapFields> = scope
            .structures()
            .iter()
            .map(|c| canonical(&scope.heap_scope().heap(c)))
            .collect();
        // Σ_{l ≤ n} 3^l lists.
        assert_eq!(
            structures.len(),
            (0..=n as u32).map(|l| 3usize.pow(l)).sum::<usize>()
        );
        let sat = field_exhaustive_suite(&scope).unwrap();
        let fields = LinkedList::HEADER.len() + LinkedList::NODE.len();
        let expected = format!(
            "{n},{fields},{},{},{},{},{}",
            structures.len(),
            Extensions::of(&structures).pairs(),
            sat.structures.len(),
            greedy_suite(&structures).len(),
            fields * n * n
        );
        assert_eq!(row, expected);
    }
}

#[test]
fn the_table_and_json_carry_the_same_rows() {
    let table = stdout_of(&["fe", "TreeMap", "--scope", "4"]);
    assert!(table.starts_with("scope"), "{table}");
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "fe", "TreeMap", "--scope", "4", "--format", "json",
    ]))
    .unwrap();
    let rows = json.as_array().unwrap();
    assert_eq!(rows.len(), 4);
    // Red-black maps with keys 0..n, values null: 1 + 1, 1 + 2 + 2, … (docs/structures.md).
    let valid: Vec<u64> = rows
        .iter()
        .map(|r| r["be_structures"].as_u64().unwrap())
        .collect();
    assert_eq!(valid, [2, 5, 12, 29]);
    for (row, line) in rows.iter().zip(table.lines().skip(2)) {
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells[0], row["scope"].to_string());
        assert_eq!(cells[4], row["fe_sat"].to_string());
    }
}

#[test]
fn beyond_the_korat_budget_the_bounded_exhaustive_columns_are_empty() {
    let csv = stdout_of(&[
        "fe",
        "TreeMap",
        "--scope",
        "4",
        "--format",
        "csv",
        "--korat-budget",
        "100",
    ]);
    let rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    // Scope 1 takes 8 candidates, scope 2 61, scope 3 400: the budget ends at scope 3.
    assert_eq!(rows[1][2], "5");
    for row in &rows[2..] {
        assert_eq!((row[2], row[5]), ("", ""), "{row:?}");
        assert!(row[3].parse::<u64>().unwrap() > 0 && row[4].parse::<u64>().unwrap() > 0);
    }
}

/// A structure of a suite file read back: fields by name, node references as numbers.
fn heap_of(structure: &serde_json::Value) -> HeapFields {
    let value = |kind: FieldKind, v: &serde_json::Value| match (kind, v) {
        (_, serde_json::Value::Null) => FieldValue::Null,
        (FieldKind::Node, v) => FieldValue::Node(v.as_u64().unwrap() as usize),
        (FieldKind::Bool, v) => FieldValue::Bool(v.as_bool().unwrap()),
        (_, v) => FieldValue::Int(v.as_i64().unwrap() as i32),
    };
    let object = |fields: &[(&str, FieldKind)], o: &serde_json::Value| {
        fields
            .iter()
            .map(|&(name, kind)| value(kind, &o[name]))
            .collect::<Vec<_>>()
    };
    HeapFields {
        header: object(LinkedList::HEADER, &structure["header"]),
        nodes: structure["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| object(LinkedList::NODE, n))
            .collect(),
    }
}

#[test]
fn suites_are_written_per_scope_as_valid_structures_that_cover_the_extensions() {
    let root = tempfile::tempdir().unwrap();
    let folder = root.path().join("suites");
    let csv = stdout_of(&[
        "fe",
        "LinkedList",
        "--scope",
        "3",
        "--format",
        "csv",
        "--suites",
        folder.to_str().unwrap(),
    ]);
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            ".testspace-output",
            "LinkedList-scope-1.json",
            "LinkedList-scope-2.json",
            "LinkedList-scope-3.json"
        ]
    );
    for (n, row) in (1..=3usize).zip(csv.lines().skip(1)) {
        let cells: Vec<usize> = row.split(',').map(|c| c.parse().unwrap()).collect();
        let text = std::fs::read_to_string(folder.join(format!("LinkedList-scope-{n}.json")));
        let file: serde_json::Value = serde_json::from_str(&text.unwrap()).unwrap();
        assert_eq!(
            (file["unit"].as_str(), file["scope"].as_u64()),
            (Some("LinkedList"), Some(n as u64))
        );
        let scope = LinkedListScope::new(n, vec![0, 1]).unwrap();
        for (suite, size) in [("sat", cells[4]), ("greedy", cells[5])] {
            let heaps: Vec<HeapFields> = file[suite]
                .as_array()
                .unwrap()
                .iter()
                .map(heap_of)
                .collect();
            assert_eq!(heaps.len(), size, "{suite} at scope {n}");
            for heap in &heaps {
                assert_eq!(scope.holds(heap), Some(true), "{suite}: {heap:?}");
            }
            assert_eq!(
                Extensions::of(&heaps).pairs(),
                cells[3],
                "{suite} at scope {n}"
            );
        }
    }
}

/// Runs `fe ARGS` with `--suites` into a fresh folder: it must fail with a message
/// containing each of `mentions`, print nothing on stdout and write no folder.
fn refused(args: &[&str], mentions: &[&str]) {
    let root = tempfile::tempdir().unwrap();
    let folder = root.path().join("suites");
    let out = testspace()
        .arg("fe")
        .args(args)
        .args(["--format", "csv", "--suites", folder.to_str().unwrap()])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} succeeded");
    assert!(
        out.stdout.is_empty(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    for mention in mentions {
        assert!(stderr.contains(mention), "{args:?}: {stderr}");
    }
    assert!(!folder.exists(), "{args:?} wrote {}", folder.display());
}

#[test]
fn a_unit_without_a_finitization_is_refused_by_name() {
    refused(
        &["ArrayList", "--scope", "3"],
        &["ArrayList", "no finitization", "LinkedList, TreeMap"],
    );
    refused(&["Nothing", "--scope", "3"], &["unknown unit Nothing"]);
}

#[test]
fn a_scope_of_zero_or_beyond_the_encoding_is_refused() {
    refused(&["TreeMap", "--scope", "0"], &["scope 0", "TreeMap"]);
    let beyond = (testspace::structure::TreeMapScope::ENCODING_LIMIT + 1).to_string();
    refused(
        &["TreeMap", "--scope", &beyond],
        &[&format!("scope {beyond}"), "TreeMap", "limit"],
    );
    let beyond = (LinkedListScope::ENCODING_LIMIT + 1).to_string();
    refused(
        &["LinkedList", "--scope", &beyond],
        &["LinkedList", "limit"],
    );
}
