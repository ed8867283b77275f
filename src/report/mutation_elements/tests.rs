//! Tests of the mutation-testing-elements report: statuses and tests from hand-made
//! cells, locations, the committed smoke run, and the report's structure against the
//! committed published schema.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use super::*;
use crate::report::test_tables::budget_cell;
use crate::subject::MutationOperator;

const SMOKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/results/andrews2010-smoke");
const SCHEMA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/testdata/mutation-testing-elements/mutation-testing-report-schema.json"
);

/// A file with a statement over two lines (`let b = a +` / `1;`).
const SOURCE: &str = "fn f(a: i32) -> i32 {\n    let b = a +\n        1;\n    b\n}\n";

fn info(id: u32, operator: MutationOperator, location: &str, original: &str) -> MutantInfo {
    MutantInfo {
        id,
        operator: Some(operator),
        fault: None,
        location: location.to_string(),
        original: original.to_string(),
        replacement: if operator == MutationOperator::DeleteStatement {
            String::new()
        } else {
            "-".to_string()
        },
    }
}

fn catalog() -> Vec<MutantInfo> {
    use MutationOperator::*;
    vec![
        info(1, ReplaceOperator, "src/f.rs:2:15", "+"),
        info(2, DeleteStatement, "src/f.rs:2:5", "let b = a + 1;"),
        info(3, ReplaceConstant, "src/f.rs:3:9", "1"),
        // Not what the source holds there: its end is counted from the text.
        info(4, ReplaceOperator, "src/f.rs:4:5", "zz"),
    ]
}

fn manifest() -> Manifest {
    let text = std::fs::read_to_string(Path::new(SMOKE).join("manifest.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// A cell of `subject`'s `mutant` with `outcome`.
fn cell(
    phase: &str,
    replicate: u32,
    subject: &str,
    mutant: u64,
    strategy: &str,
    outcome: &str,
) -> Cell {
    let mut cell = budget_cell(replicate, subject, mutant, strategy, 2, None);
    cell.phase = phase.to_string();
    cell.outcome = outcome.to_string();
    cell
}

fn cells() -> Cells {
    Cells {
        rows: vec![
            cell("equivalence", 0, "F", 0, "r", "killed"),
            cell("equivalence", 0, "F", 1, "r", "killed"),
            cell("equivalence", 1, "F", 1, "r", "survived"),
            cell("comparison", 0, "F", 1, "be", "survived"),
            cell("equivalence", 0, "F", 2, "r", "crash"),
            cell("equivalence", 1, "F", 2, "r", "timeout"),
            cell("equivalence", 0, "F", 3, "r", "crash"),
            cell("equivalence", 0, "F", 4, "r", "survived"),
            cell("equivalence", 0, "F", 9, "r", "killed"),
            cell("equivalence", 0, "Unknown", 1, "r", "killed"),
            cell("equivalence", 0, "Sourceless", 1, "r", "killed"),
        ],
    }
}

/// The report of [`cells`] (rows in `order`) and its notes.
fn report_of(order: &[usize]) -> (Report, Vec<String>) {
    let catalog = catalog();
    let units = BTreeMap::from([
        (
            "F".to_string(),
            UnitView {
                source: SOURCE,
                mutants: &catalog,
            },
        ),
        (
            "Sourceless".to_string(),
            UnitView {
                source: "",
                mutants: &catalog,
            },
        ),
    ]);
    let all = cells();
    let cells = Cells {
        rows: order.iter().map(|&i| all.rows[i].clone()).collect(),
    };
    let mut notes = Vec::new();
    let report = build(&manifest(), &cells, &units, &mut |n| {
        notes.push(n.to_string())
    });
    (report, notes)
}

fn in_order() -> Vec<usize> {
    (0..cells().rows.len()).collect()
}

fn mutant<'r>(report: &'r Report, id: &str) -> &'r MutantResult {
    report.files["src/f.rs"]
        .mutants
        .iter()
        .find(|m| m.id == id)
        .unwrap_or_else(|| panic!("no mutant {id}"))
}

#[test]
fn status_is_killed_by_any_phase_else_timeout_crash_or_survived() {
    let (report, _) = report_of(&in_order());
    let statuses: Vec<(&str, Status)> = report.files["src/f.rs"]
        .mutants
        .iter()
        .map(|m| (m.id.as_str(), m.status))
        .collect();
    assert_eq!(
        statuses,
        vec![
            ("F:1", Status::Killed),
            ("F:2", Status::Timeout),
            ("F:3", Status::RuntimeError),
            ("F:4", Status::Survived),
        ]
    );
    let killed = mutant(&report, "F:1");
    assert_eq!(killed.killed_by, vec!["r n=2"]);
    assert_eq!(killed.covered_by, vec!["be n=2", "r n=2"]);
    assert!(killed.status_reason.contains("be n=2 0/1; r n=2 1/2"));
    assert!(
        mutant(&report, "F:2")
            .status_reason
            .contains("1 cell(s) timed out; 1 cell(s) crashed")
    );
    assert!(mutant(&report, "F:4").killed_by.is_empty());
    assert_eq!(report.files["src/f.rs"].source, SOURCE);
    let strategies: Vec<&String> = report.test_files.keys().collect();
    assert_eq!(strategies, ["be", "r"]);
    assert_eq!(report.test_files["r"].tests[0].id, "r n=2");
}

#[test]
fn gold_unknown_subjects_and_ids_and_sourceless_units_are_left_out_with_notes() {
    let (report, notes) = report_of(&in_order());
    assert_eq!(report.files.len(), 1);
    assert_eq!(report.files["src/f.rs"].mutants.len(), 4);
    assert_eq!(notes.len(), 4, "{notes:?}");
    assert!(notes[0].contains("1 cell(s) of gold"), "{notes:?}");
    assert!(
        notes
            .iter()
            .any(|n| n.contains("F left out: mutant 9 is not in its catalog"))
    );
    assert!(
        notes
            .iter()
            .any(|n| n.contains("Unknown left out: the registry does not know it"))
    );
    assert!(
        notes
            .iter()
            .any(|n| n.contains("Sourceless left out: the unit was registered without its source"))
    );
}

#[test]
fn the_same_cells_in_any_order_give_the_same_bytes() {
    let (report, _) = report_of(&in_order());
    let mut reversed = in_order();
    reversed.reverse();
    let (again, _) = report_of(&reversed);
    assert_eq!(report.to_json(), again.to_json());
}

#[test]
fn locations_end_where_the_original_ends_in_the_source() {
    let (report, _) = report_of(&in_order());
    let span = |id| {
        let l = mutant(&report, id).location;
        ((l.start.line, l.start.column), (l.end.line, l.end.column))
    };
    assert_eq!(span("F:1"), ((2, 15), (2, 16)));
    assert_eq!(span("F:2"), ((2, 5), (3, 11)), "over two lines");
    assert_eq!(span("F:3"), ((3, 9), (3, 10)));
    assert_eq!(
        span("F:4"),
        ((4, 5), (4, 7)),
        "counted where it does not match"
    );
    let start = Position { line: 7, column: 3 };
    let counted = end_position("", start, "a {\n  b\n}c");
    assert_eq!(
        (counted.line, counted.column),
        (9, 3),
        "lines of the text counted"
    );
}

#[test]
fn two_modules_of_one_file_are_merged_line_by_line() {
    assert_eq!(
        merge_sources("mod a;\n\n", "\n\nmod b;"),
        "mod a;\n\nmod b;"
    );
    assert_eq!(merge_sources("x", "x\ny"), "x\ny");
}

/// Checks `value` against `schema`, the subset of JSON Schema the report schema uses
/// (type, required, properties, additionalProperties, items, enum, minimum,
/// maximum, pattern-free strings and local `$ref`s); errors name the path.
fn check(value: &Value, schema: &Value, root: &Value, path: &str, errors: &mut Vec<String>) {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.strip_prefix("#/definitions/").unwrap();
        return check(value, &root["definitions"][name], root, path, errors);
    }
    let kind = schema["type"].as_str().unwrap_or("any");
    let fits = match kind {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "integer" => value.is_u64() || value.is_i64(),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        _ => true,
    };
    if !fits {
        return errors.push(format!("{path}: not of type {kind}"));
    }
    if let Some(allowed) = schema["enum"].as_array().filter(|a| !a.contains(value)) {
        errors.push(format!("{path}: {value} not one of {allowed:?}"));
    }
    for (bound, below) in [("minimum", true), ("maximum", false)] {
        if let (Some(bound), Some(v)) = (schema[bound].as_f64(), value.as_f64())
            && (if below { v < bound } else { v > bound })
        {
            errors.push(format!("{path}: {v} beyond the {bound} bound"));
        }
    }
    for field in schema["required"].as_array().into_iter().flatten() {
        if value.get(field.as_str().unwrap()).is_none() {
            errors.push(format!("{path}: `{field}` missing"));
        }
    }
    if let Some(object) = value.as_object() {
        for (key, item) in object {
            let sub = schema["properties"]
                .get(key)
                .or(schema.get("additionalProperties"));
            if let Some(sub) = sub.filter(|s| s.is_object()) {
                check(item, sub, root, &format!("{path}/{key}"), errors);
            }
        }
    }
    for (i, item) in value.as_array().into_iter().flatten().enumerate() {
        check(item, &schema["items"], root, &format!("{path}/{i}"), errors);
    }
}

fn schema_errors(report: &Value) -> Vec<String> {
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(SCHEMA).unwrap()).unwrap();
    let mut errors = Vec::new();
    check(report, &schema, &schema, "", &mut errors);
    errors
}

#[test]
fn the_report_has_the_published_schemas_required_fields_and_values() {
    let (report, _) = report_of(&in_order());
    let value: Value = serde_json::from_slice(&report.to_json()).unwrap();
    assert_eq!(schema_errors(&value), Vec::<String>::new());
    let mut broken = value.clone();
    broken["files"]["src/f.rs"]["mutants"][0]["status"] = "Dead".into();
    broken["files"]["src/f.rs"]["mutants"][1]["location"]["start"]["column"] = 0.into();
    broken.as_object_mut().unwrap().remove("thresholds");
    let errors = schema_errors(&broken);
    assert_eq!(errors.len(), 3, "{errors:?}");
}

#[test]
fn the_smoke_run_gives_one_mutant_per_mutant_of_its_cells() {
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("report.json");
    let written = write_report(Path::new(SMOKE), Some(&file), &mut |_| {}).unwrap();
    let cells = crate::report::read_cells(Path::new(SMOKE)).unwrap();
    let mutants: BTreeSet<(&str, u64)> = cells
        .rows
        .iter()
        .map(|c| (c.subject.as_str(), c.mutant))
        .collect();
    let killed = cells.non_equivalent().len();
    let counts = &written.counts;
    assert_eq!(counts[&Status::Killed], killed);
    assert_eq!(counts.values().sum::<usize>(), mutants.len());
    assert_eq!(
        counts
            .iter()
            .map(|(s, n)| (s.to_string(), *n))
            .collect::<Vec<_>>(),
        [
            ("Killed".into(), 12),
            ("Survived".into(), 5),
            ("Timeout".into(), 1)
        ]
    );
    let bytes = std::fs::read(&file).unwrap();
    let value: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(schema_errors(&value), Vec::<String>::new());
    let files: Vec<&String> = value["files"].as_object().unwrap().keys().collect();
    assert_eq!(
        files,
        [
            "subjects/array_list.rs",
            "subjects/hash_map.rs",
            "subjects/tree_map.rs"
        ]
    );
    write_report(Path::new(SMOKE), Some(&file), &mut |_| {}).unwrap();
    assert_eq!(std::fs::read(&file).unwrap(), bytes, "deterministic");
}

#[test]
fn a_folder_that_is_not_results_is_refused_and_nothing_is_written() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("out").join("report.json");
    let error = write_report(folder.path(), Some(&out), &mut |_| {}).unwrap_err();
    let message = format!("{error:#}");
    assert!(
        message.contains("is not a testspace results folder: it has no manifest.json"),
        "{message}"
    );
    assert!(!out.exists() && !folder.path().join("out").exists());
    let error = write_report(Path::new(SMOKE), None, &mut |_| {}).unwrap_err();
    assert!(
        error.to_string().contains("committed reference run"),
        "{error}"
    );
    assert!(!Path::new(SMOKE).join(FILE_NAME).exists());
}

#[test]
fn the_timeout_convention_is_said_with_both_scores() {
    let counts: BTreeMap<Status, usize> = [
        (Status::Killed, 12),
        (Status::Timeout, 1),
        (Status::Survived, 5),
        (Status::RuntimeError, 2),
    ]
    .into_iter()
    .collect();
    let note = timeout_note(&counts).unwrap();
    // 13 of 18 detected for the viewer, 12 of 18 killed for testspace.
    assert!(note.contains("its mutation score is 72.2 %"), "{note}");
    assert!(
        note.contains("count a timeout as not killed: 66.7 %"),
        "{note}"
    );
    let no_timeout: BTreeMap<Status, usize> = [(Status::Killed, 1)].into_iter().collect();
    assert_eq!(timeout_note(&no_timeout), None);
}
