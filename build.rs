//! Writes the mutant schemata of every subject registered in `subjects/mod.rs` into
//! `OUT_DIR/schemata/<module>.rs` (plus `<module>.map`, the line map `testspace mutate`
//! uses to attribute compiler errors to mutants), and of the planted test subject under
//! `testdata/mutant_subject/`; and, from the same parse, each subject's coverage copy
//! (probes on every decision outcome, `src/mutant/coverage_copy.rs`) into
//! `OUT_DIR/coverage/<module>.rs`. See `docs/mutants.md` and `docs/coverage.md`.
//!
//! Which mutants are compiled in:
//! * normally, every mutant except those the committed catalog `mutants/<module>.toml`
//!   lists as `not-compiling`, provided the catalog's fingerprint matches the source;
//!   if the catalog is missing or stale, none (gold only), with a warning to run
//!   `testspace mutate`;
//! * with `TESTSPACE_MUTANTS=all` (set by `testspace mutate`), every mutant except the
//!   ids listed in the file named by `TESTSPACE_MUTANTS_EXCLUDE` (lines `module id…`).

#[path = "src/mutant/analysis.rs"]
#[allow(dead_code)]
mod analysis;
#[path = "src/mutant/call_graph.rs"]
#[allow(dead_code)]
mod call_graph;
#[path = "src/mutant/coverage_copy.rs"]
#[allow(dead_code)]
mod coverage_copy;
#[path = "src/mutant/generate.rs"]
#[allow(dead_code)]
mod generate;
#[path = "src/subject/glue.rs"]
#[allow(dead_code)]
mod glue;
#[path = "src/mutant/guards.rs"]
#[allow(dead_code)]
mod guards;
#[path = "src/subject/probe_kind.rs"]
#[allow(dead_code)]
mod probe_kind;
#[path = "src/mutant/schemata.rs"]
#[allow(dead_code)]
mod schemata;
#[path = "src/mutant/syntax.rs"]
#[allow(dead_code)]
mod syntax;

use std::collections::{BTreeMap, BTreeSet};
use std::env;
use std::fs;
use std::path::Path;

fn main() {
    for path in [
        "subjects",
        "mutants",
        "testdata/mutant_subject",
        "src/mutant/analysis.rs",
        "src/mutant/call_graph.rs",
        "src/mutant/coverage_copy.rs",
        "src/subject/glue.rs",
        "src/subject/probe_kind.rs",
        "src/mutant/generate.rs",
        "src/mutant/guards.rs",
        "src/mutant/schemata.rs",
        "src/mutant/syntax.rs",
    ] {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-env-changed=TESTSPACE_MUTANTS");
    println!("cargo:rerun-if-env-changed=TESTSPACE_MUTANTS_EXCLUDE");

    let out_dir = Path::new(&env::var("OUT_DIR").expect("OUT_DIR")).to_path_buf();
    let out = out_dir.join("schemata");
    let coverage_out = out_dir.join("coverage");
    for dir in [&out, &coverage_out] {
        fs::create_dir_all(dir).expect("create OUT_DIR/schemata and OUT_DIR/coverage");
    }
    let all = env::var("TESTSPACE_MUTANTS").is_ok_and(|v| v == "all");
    let extra = env::var("TESTSPACE_MUTANTS_EXCLUDE")
        .ok()
        .filter(|p| !p.is_empty())
        .map(|p| {
            println!("cargo:rerun-if-changed={p}");
            exclusions(&fs::read_to_string(&p).expect("read TESTSPACE_MUTANTS_EXCLUDE"))
        })
        .unwrap_or_default();

    let mod_rs = fs::read_to_string("subjects/mod.rs").expect("read subjects/mod.rs");
    let units = generate::registered_units(&mod_rs).expect("parse register_subjects!");
    for (module, _subject) in &units {
        let file = format!("subjects/{module}.rs");
        let source = fs::read_to_string(&file).unwrap_or_else(|e| panic!("read {file}: {e}"));
        let analysis =
            analysis::analyse(&source, &file).unwrap_or_else(|e| panic!("parse {file}: {e}"));
        let mutants = analysis.mutants();
        let excluded: Option<BTreeSet<u32>> = if all {
            Some(extra.get(module).cloned().unwrap_or_default())
        } else {
            let catalog = fs::read_to_string(format!("mutants/{module}.toml")).ok();
            match catalog.as_deref().and_then(generate::catalog_header) {
                Some((fingerprint, ids)) if fingerprint == generate::fingerprint(&mutants) => {
                    Some(ids.into_iter().collect())
                }
                _ => {
                    println!(
                        "cargo:warning=mutants/{module}.toml is missing or stale: {module} is built without mutants; run `testspace mutate`"
                    );
                    None
                }
            }
        };
        let enabled = |id: u32| excluded.as_ref().is_some_and(|x| !x.contains(&id));
        write(&out, module, &analysis, &mutants, &enabled);
        write_coverage(&coverage_out, module, &analysis);
    }

    // The planted subject of the guard tests: every mutant compiled in.
    let file = "testdata/mutant_subject/planted.rs";
    let source = fs::read_to_string(file).expect("read the planted subject");
    let analysis = analysis::analyse(&source, file).expect("parse the planted subject");
    let mutants = analysis.mutants();
    write(&out, "testdata_planted", &analysis, &mutants, &|_| true);
}

fn write(
    out: &Path,
    name: &str,
    analysis: &analysis::Analysis,
    mutants: &[generate::Mutant],
    enabled: &dyn Fn(u32) -> bool,
) {
    let rendered = schemata::render(analysis, enabled);
    let text = format!(
        "{}// @generated by build.rs from {}: mutant schemata (do not edit).\n{}",
        rendered.text,
        analysis.file,
        schemata::table(mutants, enabled)
    );
    fs::write(out.join(format!("{name}.rs")), text).expect("write schemata");
    fs::write(out.join(format!("{name}.map")), rendered.map_text()).expect("write map");
}

/// Writes the coverage copy of an analysed file (`src/mutant/coverage_copy.rs`) and its probe
/// table into `OUT_DIR/coverage/<name>.rs`.
fn write_coverage(out: &Path, name: &str, analysis: &analysis::Analysis) {
    let text = format!(
        "{}// @generated by build.rs from {}: coverage copy (do not edit).\n{}",
        schemata::render_plain(&analysis.coverage.file),
        analysis.file,
        coverage_copy::table(&analysis.file, &analysis.coverage.probes)
    );
    fs::write(out.join(format!("{name}.rs")), text).expect("write coverage copy");
}

/// Parses the exclusion file: lines `module id id …`.
fn exclusions(text: &str) -> BTreeMap<String, BTreeSet<u32>> {
    let mut map: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    for line in text.lines() {
        let mut words = line.split_whitespace();
        if let Some(module) = words.next() {
            let ids = words.map(|w| w.parse::<u32>().expect("exclusion id"));
            map.entry(module.to_string()).or_default().extend(ids);
        }
    }
    map
}
