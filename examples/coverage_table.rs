//! The book's coverage numbers (docs/coverage.md): branch coverage reached by r, r-leaf, bobw and be on every
//! registered unit at each of the paper's lengths (1..8, 16, …, 1024) with 1,000 test cases
//! in the paper's context (seed 2010), as Markdown; then the branches no strategy reached at
//! any length, by probe kind, and every such branch that is not the early return of a `?`,
//! with its source line.
//!
//! ```sh
//! cargo run --release --example coverage_table > /tmp/coverage.md
//! ```

use std::collections::BTreeMap;
use std::sync::Arc;

use rayon::prelude::*;
use testspace::context::TestContext;
use testspace::coverage::measure::measure;
use testspace::coverage::{Coverage, ProbeSet};
use testspace::spec::paper_lengths;
use testspace::subject::probes::ProbeKind;
use testspace::subject::{Unit, registry};
use testspace::walk::WalkConfig;
use testspace::walk::WalkKind;

const TESTS: u64 = 1000;
const SEED: u64 = 2010;
const STRATEGIES: [WalkKind; 4] = [
    WalkKind::RANDOM,
    WalkKind::RANDOM_LEAF,
    WalkKind::PERMUTATION_WALK,
    WalkKind::BOUNDED_EXHAUSTIVE,
];

/// One unit's results: per strategy, (best coverage, the length reaching it first); the
/// union over strategies and lengths.
struct UnitResult {
    class: &'static str,
    branches: u64,
    best: Vec<(u64, u64)>,
    union: Coverage,
}

fn measure_unit(unit: &'static dyn Unit) -> UnitResult {
    let context = Arc::new(TestContext::paper(unit).expect("the paper's context"));
    let table = unit.probes().expect("a coverage copy");
    let mut union = Coverage::new(table);
    let mut best = Vec::new();
    for strategy in STRATEGIES {
        let mut top = (0, 0);
        for n in paper_lengths() {
            let walk = WalkConfig::of(strategy);
            let m = measure(unit, &context, &walk, n as usize, TESTS, SEED).expect("measured");
            union.absorb_set(m.coverage.covered());
            if m.coverage.branches_covered() > top.0 {
                top = (m.coverage.branches_covered(), n);
            }
        }
        best.push(top);
    }
    UnitResult {
        class: unit.class(),
        branches: union.branches_total(),
        best,
        union,
    }
}

fn percent(a: u64, b: u64) -> f64 {
    100.0 * a as f64 / b.max(1) as f64
}

fn main() {
    let units: Vec<&'static dyn Unit> = registry()
        .units()
        .filter(|u| u.java_class().starts_with("java.util."))
        .collect();
    let results: Vec<UnitResult> = units.par_iter().map(|&u| measure_unit(u)).collect();

    println!(
        "| unit | branches | r | r-leaf | bobw | be | any strategy, any length |\n|---|---|---|---|---|---|---|"
    );
    for r in &results {
        let cells: Vec<String> = r
            .best
            .iter()
            .map(|&(covered, n)| format!("{:.1} % (n = {n})", percent(covered, r.branches)))
            .collect();
        println!(
            "| {} | {} | {} | {:.1} % |",
            r.class,
            r.branches,
            cells.join(" | "),
            percent(r.union.branches_covered(), r.branches)
        );
    }

    println!("\nBranches no strategy reached at any length, by probe kind:\n");
    let kinds: Vec<ProbeKind> = ProbeKind::ALL
        .into_iter()
        .filter(|k| k.is_branch())
        .collect();
    let unreached = |r: &UnitResult| -> Vec<usize> {
        let mask: &ProbeSet = r.union.branch_mask();
        mask.iter()
            .filter(|&id| !r.union.covered().contains(id))
            .collect()
    };
    let mut totals: BTreeMap<&str, u64> = BTreeMap::new();
    for r in &results {
        for id in unreached(r) {
            *totals.entry(r.union.probe(id).kind.name()).or_default() += 1;
        }
    }
    println!(
        "| unit | unreached | {} |\n|---|---|{}",
        kinds
            .iter()
            .filter(|k| totals.contains_key(k.name()))
            .map(|k| k.name())
            .collect::<Vec<_>>()
            .join(" | "),
        "---|".repeat(
            kinds
                .iter()
                .filter(|k| totals.contains_key(k.name()))
                .count()
        )
    );
    for r in &results {
        let ids = unreached(r);
        let counts: Vec<String> = kinds
            .iter()
            .filter(|k| totals.contains_key(k.name()))
            .map(|k| {
                ids.iter()
                    .filter(|&&id| r.union.probe(id).kind == *k)
                    .count()
                    .to_string()
            })
            .collect();
        println!("| {} | {} | {} |", r.class, ids.len(), counts.join(" | "));
    }

    println!("\nUnreached branches other than `try-err`, with their source lines:\n");
    for (r, unit) in results.iter().zip(&units) {
        let lines: Vec<&str> = unit.source().lines().collect();
        for id in unreached(r) {
            let probe = r.union.probe(id);
            if probe.kind == ProbeKind::TryErr {
                continue;
            }
            println!(
                "- {} `{}` {}:{} {} — `{}`",
                r.class,
                probe.function,
                probe.line,
                probe.column,
                probe.kind.name(),
                lines[probe.line as usize - 1].trim()
            );
        }
    }
}
