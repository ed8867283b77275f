use std::collections::BTreeMap;
use std::path::PathBuf;

use super::*;
use crate::api::read_api;

fn tree(files: &[(&str, &str)]) -> BTreeMap<PathBuf, String> {
    files
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect()
}

const LIB: &str = "#![no_std]\n#![deny(missing_docs)]\n#![cfg_attr(docsrs, feature(doc_cfg))]\n\
    mod inner;\n#[cfg(feature = \"extra\")] mod extra;\n\
    pub struct Counter { n: i32 }\n\
    impl Counter {\n\
        pub fn bump(&mut self, by: i32) -> i32 { if by > 0 { self.n += by; } self.n }\n\
        pub const fn zero() -> i32 { 0 }\n\
        pub unsafe fn raw(&self) -> i32 { self.n + 1 }\n\
        pub fn peek(&self) -> i32 { let v = unsafe { self.raw() }; v - 1 }\n\
        #[cfg(feature = \"extra\")] pub fn extra(&self) -> i32 { self.n * 2 }\n\
    }\n\
    macro_rules! twice { ($e:expr) => { $e * 2 } }\n";
const INNER: &str = "pub fn half(x: i32) -> i32 { if x < 0 { 0 } else { x / 2 } }\n";
const EXTRA: &str = "pub fn third(x: i32) -> i32 { x / 3 }\n";

fn own_code() -> OwnCode {
    let files = tree(&[
        ("src/lib.rs", LIB),
        ("src/inner.rs", INNER),
        ("src/extra.rs", EXTRA),
    ]);
    let api = read_api(&files).unwrap();
    instrument_crate(&files, &api.files).unwrap()
}

fn lines_of(code: &str, needle: &str) -> Vec<usize> {
    code.lines()
        .enumerate()
        .filter(|(_, l)| l.contains(needle))
        .map(|(i, _)| i + 1)
        .collect()
}

#[test]
fn mutant_ids_run_on_across_the_files_of_the_module_tree() {
    let code = own_code();
    let mutants = code.mutants();
    let ids: Vec<u32> = mutants.iter().map(|m| m.id).collect();
    assert_eq!(ids, (1..=mutants.len() as u32).collect::<Vec<_>>());
    let first_inner = mutants
        .iter()
        .position(|m| m.location.starts_with("src/inner.rs:"))
        .expect("mutants of inner.rs");
    assert!(first_inner > 0, "lib.rs's mutants come first");
    assert!(
        mutants[first_inner..]
            .iter()
            .all(|m| m.location.starts_with("src/inner.rs:")),
        "{mutants:#?}"
    );
    // The #[cfg] module's file is left as it is.
    assert!(
        !mutants
            .iter()
            .any(|m| m.location.starts_with("src/extra.rs"))
    );
}

#[test]
fn unsafe_const_conditional_and_macro_code_is_left_as_it_is_and_counted() {
    let code = own_code();
    assert_eq!(
        code.left,
        LeftAsIs {
            macros: 1,
            const_fns: 1,
            unsafe_blocks: 1,
            unsafe_fns: 1,
            conditional_items: 1,
            conditional_files: 1,
        }
    );
    assert_eq!(
        code.left.describe(),
        "1 macro, 1 const fn, 1 unsafe block, 1 unsafe fn, 1 #[cfg] item, 1 #[cfg] file"
    );
    // No mutant on the lines of the left code: lib.rs lines 9 (const fn), 10 (unsafe fn),
    // 12 (#[cfg] fn), 14 (macro); on line 11 only outside the unsafe block.
    let mutants = code.mutants();
    for line in [9, 10, 12, 14] {
        let at = format!("src/lib.rs:{line}:");
        assert!(
            !mutants.iter().any(|m| m.location.starts_with(&at)),
            "line {line}: {mutants:#?}"
        );
    }
    assert!(
        mutants
            .iter()
            .filter(|m| m.location.starts_with("src/lib.rs:11:"))
            .all(|m| !m.original.contains("raw")),
        "{mutants:#?}"
    );
    assert!(
        mutants
            .iter()
            .any(|m| m.location.starts_with("src/lib.rs:8:"))
    );
}

#[test]
fn the_copies_keep_the_inner_attributes_but_errors_for_lints_and_parse() {
    let code = own_code();
    for files in [code.schemata(&|_| true), code.coverage("counter-0.1.0")] {
        let root = &files[0];
        assert_eq!(root.path, PathBuf::from("src/lib.rs"));
        let first = root.text.lines().next().unwrap();
        assert!(
            first.contains("no_std") && first.contains("doc_cfg"),
            "{first}"
        );
        assert!(!first.contains("deny"), "{first}");
        assert!(first.ends_with("extern crate testspace;"), "{first}");
        for file in &files {
            syn::parse_file(&file.text)
                .unwrap_or_else(|e| panic!("{}: {e}\n{}", file.path.display(), file.text));
        }
        let extra = files
            .iter()
            .find(|f| f.path == std::path::Path::new("src/extra.rs"))
            .unwrap();
        assert_eq!(extra.text, EXTRA);
    }
}

#[test]
fn the_schemata_copy_holds_one_table_and_a_map_of_its_own_lines() {
    let code = own_code();
    let mutants = code.mutants();
    let files = code.schemata(&|id| id % 2 == 1);
    let root = &files[0].text;
    assert_eq!(lines_of(root, "TESTSPACE_MUTANTS").len(), 1);
    assert!(!files[1].text.contains("TESTSPACE_MUTANTS"));
    let listed = root.matches("SchemataMutant {").count();
    assert_eq!(listed, mutants.iter().filter(|m| m.id % 2 == 1).count());
    // The map speaks of the file's lines: the pass's own rendering, one line further down.
    for (file, analysis) in files.iter().zip(&code.files) {
        let (Some(map), Some(analysis)) = (&file.map, &analysis.analysis) else {
            continue;
        };
        let rendered = schemata::render(analysis, &|id| id % 2 == 1);
        assert!(!map.arms.is_empty(), "{}", file.path.display());
        assert_eq!(map.arms.len(), rendered.arms.len());
        let lines: Vec<&str> = file.text.lines().collect();
        let own: Vec<&str> = rendered.text.lines().collect();
        for ((id, (from, to)), (own_id, (own_from, own_to))) in map.arms.iter().zip(&rendered.arms)
        {
            assert_eq!((id, from - 1, to - 1), (own_id, *own_from, *own_to));
            assert_eq!(lines[from - 1], own[own_from - 1]);
        }
    }
}

#[test]
fn probe_ids_run_on_across_the_files_and_name_their_module() {
    let code = own_code();
    let files = code.coverage("counter-0.1.0");
    let in_lib = files[0].text.matches("probes::Probe {").count();
    assert_eq!(in_lib, code.probes());
    let inner = &files[1].text;
    assert!(
        inner.contains(&format!("hit ({} )", lib_probes(&code))),
        "{inner}"
    );
    assert!(files[0].text.contains("function: \"inner::half\""));
    assert!(files[0].text.contains("function: \"Counter::bump\""));
}

/// The probes of the root file (the first file's analysis).
fn lib_probes(code: &OwnCode) -> usize {
    code.files[0]
        .analysis
        .as_ref()
        .unwrap()
        .coverage
        .probes
        .len()
}

#[test]
fn copy_folders_sit_beside_the_release() {
    let (schemata, coverage) = copy_folders(std::path::Path::new("releases/slab-0.4.11"));
    assert_eq!(schemata, PathBuf::from("releases/slab-0.4.11+schemata"));
    assert_eq!(coverage, PathBuf::from("releases/slab-0.4.11+coverage"));
}
