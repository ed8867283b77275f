//! Claims about the generator, the rendering and the committed catalogs.

use std::path::Path;

use super::analysis::analyse;
use super::generate::{Mutant, Operator};
use super::regenerate::{self, CompileFlags};
use super::schemata::{Rendered, render};

fn mutants(source: &str) -> Vec<Mutant> {
    analyse(source, "f.rs").unwrap().mutants()
}

fn described(source: &str) -> Vec<String> {
    mutants(source)
        .iter()
        .map(|m| format!("{} {} -> {}", m.operator.name(), m.original, m.replacement))
        .collect()
}

#[test]
fn a_small_function_gets_mutants_of_all_four_classes_in_source_order() {
    let source = "fn f(x: i32) -> i32 {\n    let mut y = x + 2;\n    if y > 0 {\n        y -= 1;\n    }\n    y\n}\n";
    assert_eq!(
        described(source),
        [
            "replace-operator + -> -",
            "replace-operator + -> *",
            "replace-operator + -> /",
            "replace-operator + -> %",
            "replace-constant 2 -> 0",
            "replace-constant 2 -> 1",
            "replace-constant 2 -> -1",
            "replace-constant 2 -> 3",
            "negate-decision y > 0 -> !(y > 0)",
            "replace-operator > -> <",
            "replace-operator > -> <=",
            "replace-operator > -> >=",
            "replace-operator > -> ==",
            "replace-operator > -> !=",
            "replace-constant 0 -> 1",
            "replace-constant 0 -> -1",
            "delete-statement y -= 1; -> ",
            "replace-operator -= -> +=",
            "replace-operator -= -> *=",
            "replace-operator -= -> /=",
            "replace-operator -= -> %=",
            "replace-constant 1 -> 0",
            "replace-constant 1 -> -1",
            "replace-constant 1 -> 2",
        ]
    );
    let ids: Vec<u32> = mutants(source).iter().map(|m| m.id).collect();
    assert_eq!(ids, (1..=24).collect::<Vec<_>>());
    assert_eq!(mutants(source)[8].location, "f.rs:3:8");
}

#[test]
fn negative_literals_are_one_constant_and_booleans_flip() {
    assert_eq!(
        described("fn f() -> (i32, bool) { (-1, true) }"),
        [
            "replace-constant -1 -> 0",
            "replace-constant -1 -> 1",
            "replace-constant -1 -> -2",
            "replace-constant true -> false",
        ]
    );
}

#[test]
fn patterns_consts_types_array_lengths_macros_and_suffixed_literals_are_never_mutated() {
    let source = "
const C: i32 = 1 + 2;
static S: i32 = 3;
enum E { A = 4 }
fn f(x: i32) -> [u8; 5] {
    const D: usize = 6;
    match x { 7 => {}, 8..=9 => {}, _ => {} }
    let _ = [0u8; 10];
    println!(\"{}\", 11 + x);
    let _ = 12i64;
    [0u8; 5]
}
const fn g() -> i32 { 13 + 14 }
";
    assert_eq!(described(source), Vec::<String>::new());
}

#[test]
fn if_let_and_let_chains_are_not_negated_but_match_guards_and_while_conditions_are() {
    let source = "
fn f(o: Option<bool>) {
    if let Some(b) = o {}
    while let Some(_) = o {}
    match o { Some(b) if b => {}, _ => {} }
    while o.is_none() {}
}";
    let negated: Vec<String> = mutants(source)
        .into_iter()
        .filter(|m| m.operator == Operator::NegateDecision)
        .map(|m| m.original)
        .collect();
    assert_eq!(negated, ["b", "o.is_none()"]);
}

#[test]
fn lets_tails_macros_and_type_changing_returns_are_never_deleted() {
    let source = "
fn f(v: &mut Vec<i32>) -> i32 {
    let a = v.len();
    v.clear();
    println!(\"x\");
    if a > 0 {
        return 1;
    }
    loop {
        v.push(0);
        break;
    }
    if v.is_empty() { return 2; } else { return 3; }
}";
    let deleted: Vec<String> = mutants(source)
        .into_iter()
        .filter(|m| m.operator == Operator::DeleteStatement)
        .map(|m| m.original)
        .collect();
    assert_eq!(deleted, ["v.clear();", "return 1;", "v.push(0);", "break;"]);
}

#[test]
fn test_modules_are_dropped_and_subject_glue_is_copied_without_mutants_or_instrumentation() {
    let source = "
fn f() -> i32 { 1 }
impl Subject for X { fn methods() -> i32 { 2 } }
impl From<X> for Value<X> { fn from(x: X) -> Self { 3 } }
impl MapUnit for X { fn wrap(m: i32) -> i32 { m + 5 } }
impl crate::subject::heap::HeapBuild for X { fn from_heap(h: i32) -> i32 { h + 8 } }
pub trait SetUnit: Subject { fn set(&self) -> i32 { 6 } }
fn table<M: MapUnit>() -> Vec<Method<M>> { let n = 7; vec![] }
fn ok<T: Into<Value<X>>>(t: T) -> Value<X> { if true { t.into() } else { t.into() } }
#[cfg(test)]
mod tests { fn t() -> i32 { 4 } }
";
    let analysis = analyse(source, "f.rs").unwrap();
    assert_eq!(analysis.count(), 3, "only f's constant 1");
    let text = render(&analysis, &|_| true).text;
    assert!(!text.contains("mod tests"));
    for glue in ["methods", "from", "wrap", "from_heap", "set", "table", "ok"] {
        assert!(text.contains(&format!("fn {glue}")), "{glue} is copied");
    }
    assert_eq!(
        text.matches("let __ts_a ").count(),
        1,
        "only f is instrumented"
    );
}

#[test]
fn regenerating_from_the_same_source_gives_the_same_ids() {
    let source = std::fs::read_to_string("subjects/array_list.rs").unwrap();
    let a = analyse(&source, "subjects/array_list.rs").unwrap();
    let b = analyse(&source, "subjects/array_list.rs").unwrap();
    assert_eq!(a.mutants(), b.mutants());
    assert_eq!(render(&a, &|_| true).text, render(&b, &|_| true).text);
    let mutants = a.mutants();
    let position = |m: &Mutant| -> (usize, usize) {
        let mut parts = m.location.rsplit(':');
        let column = parts.next().unwrap().parse().unwrap();
        (parts.next().unwrap().parse().unwrap(), column)
    };
    assert!(
        mutants
            .windows(2)
            .all(|w| position(&w[0]) <= position(&w[1])),
        "ids follow source positions"
    );
}

#[test]
fn the_rendered_schemata_are_rust_with_one_arm_per_enabled_mutant_on_lines_of_its_own() {
    let source = std::fs::read_to_string("subjects/array_list.rs").unwrap();
    let analysis = analyse(&source, "subjects/array_list.rs").unwrap();
    let all = render(&analysis, &|_| true);
    syn::parse_file(&all.text).expect("the schemata parse");
    assert_eq!(all.arms.len() as u32, analysis.count());
    let odd = render(&analysis, &|id| id % 2 == 1);
    syn::parse_file(&odd.text).expect("the schemata parse");
    assert!(odd.arms.iter().all(|(id, _)| id % 2 == 1));
    assert_eq!(odd.arms.len() as u32, analysis.count().div_ceil(2));
    // Each arm's lines hold no other arm.
    for (id, (a, b)) in &all.arms {
        assert!(
            all.arms
                .iter()
                .all(|(other, (c, d))| other == id || d < a || c > b),
            "arm {id} shares lines"
        );
    }
    assert!(!all.text.contains("__TS"), "markers are all replaced");
    assert!(!all.text.contains("#[doc"), "doc attributes are dropped");
}

#[test]
fn compiler_errors_are_attributed_to_the_arm_then_the_point_then_the_function() {
    let source = "fn f(x: i32) -> i32 {\n    let y = x + 1;\n    y\n}\n";
    let analysis = analyse(source, "f.rs").unwrap();
    let rendered = render(&analysis, &|_| true);
    let map = Rendered::from_map_text(&rendered.map_text()).unwrap();
    let (id, (line, _)) = map.arms[2];
    assert_eq!(map.attribute(line), [id]);
    let (point_ids, (first, _)) = map.points.iter().find(|(ids, _)| ids.contains(&1)).unwrap();
    assert_eq!(map.attribute(*first), *point_ids, "the point's own line");
    let (fn_ids, (fn_line, _)) = &map.functions[0];
    assert_eq!(map.attribute(*fn_line), *fn_ids);
    assert_eq!(fn_ids.len() as u32, analysis.count());
    assert_eq!(map.attribute(10_000), Vec::<u32>::new());
}

#[test]
fn the_committed_catalogs_are_current_and_built_into_the_registry() {
    // What `testspace mutate --check` verifies in CI (compile flags as committed).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sources = regenerate::Sources {
        root: root.to_path_buf(),
        units: super::catalog::units(root).unwrap(),
        own_crate: false,
    };
    let fresh = regenerate::catalogs(&sources, CompileFlags::Committed, |_| {}).unwrap();
    assert!(!fresh.is_empty());
    let diffs = regenerate::differences(root, &fresh, crate::subject::registry());
    assert!(diffs.is_empty(), "{diffs:#?}");
}

#[test]
fn a_function_runs_its_plain_copy_unless_the_active_mutant_is_one_of_its_own() {
    // f's points: `y > 0` negated (1), `>` (5), `0` (2), `y -= 2;` deleted (1), `-=` (4),
    // `2` (4): ids 1..=17; g's `true`: id 18.
    let source = "fn f(x: i32) -> i32 {\n    let mut y = x;\n    while y > 0 {\n        y -= 2;\n    }\n    y\n}\nfn g() -> bool {\n    true\n}\n";
    let analysis = analyse(source, "f.rs").unwrap();
    assert_eq!(analysis.count(), 18);
    let text = render(&analysis, &|_| true).text;
    assert!(
        text.contains("if __ts_a . wrapping_sub (1 ) > 16 {"),
        "{text}"
    );
    assert!(
        text.contains("if __ts_a . wrapping_sub (18 ) > 0 {"),
        "{text}"
    );
    // The plain copy: the original loop, with its tick; the switched copy out of line.
    assert!(
        text.contains("while y > 0 {\n:: testspace :: subject :: guard :: tick () ; \ny -= 2 ; "),
        "{text}"
    );
    assert_eq!(
        text.matches(":: testspace :: subject :: guard :: switched (move ||")
            .count(),
        2
    );
}

#[test]
fn the_registered_units_are_read_with_their_builder_options_skipped() {
    let mod_rs =
        "register_subjects! {\n    a::A,\n    b_c::BC [with_heaps],\n    d::D [x, y],\n}\n";
    assert_eq!(
        super::generate::registered_units(mod_rs).unwrap(),
        [("a", "A"), ("b_c", "BC"), ("d", "D")].map(|(m, t)| (m.to_string(), t.to_string()))
    );
    assert!(super::generate::registered_units("register_subjects! { a::A [with_heaps }").is_err());
}
