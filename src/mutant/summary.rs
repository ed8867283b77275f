//! `testspace mutants summary`: per unit, SLOC, mutants generated, compiled and sampled,
//! by operator class (the "Mutants Compiled" column of the paper's Figure 3).

use std::fmt::Write as _;

use super::catalog::Catalog;
use super::sample::sample;
use crate::subject::MutationOperator;

/// One unit's counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Subject type name.
    pub unit: String,
    /// Source lines of code.
    pub sloc: usize,
    /// Mutants generated.
    pub generated: usize,
    /// Mutants that compile.
    pub compiled: usize,
    /// Compiled mutants in the sample.
    pub sampled: usize,
    /// Per class (in [`MutationOperator::ALL`] order): (generated, compiled, sampled).
    pub by_class: [(usize, usize, usize); 4],
}

/// The row of one catalog, sampling at most `max` compiled mutants with `seed`.
pub fn row(catalog: &Catalog, max: usize, seed: u64) -> Row {
    let picked = sample(&catalog.unit, &catalog.compiled_ids(), max, seed);
    let mut by_class = [(0, 0, 0); 4];
    for e in &catalog.mutants {
        let k = MutationOperator::ALL
            .iter()
            .position(|&op| op == e.operator)
            .expect("a class");
        by_class[k].0 += 1;
        by_class[k].1 += usize::from(e.compiles);
        by_class[k].2 += usize::from(picked.binary_search(&e.id).is_ok());
    }
    Row {
        unit: catalog.unit.clone(),
        sloc: catalog.sloc,
        generated: catalog.generated,
        compiled: catalog.compiled,
        sampled: picked.len(),
        by_class,
    }
}

/// CSV: `unit,sloc,generated,compiled,sampled`, then for each class
/// `<class>-generated,<class>-compiled,<class>-sampled`.
pub fn csv(rows: &[Row]) -> String {
    let mut out = String::from("unit,sloc,generated,compiled,sampled");
    for op in MutationOperator::ALL {
        let _ = write!(out, ",{op}-generated,{op}-compiled,{op}-sampled");
    }
    out.push('\n');
    for r in rows {
        let _ = write!(
            out,
            "{},{},{},{},{}",
            r.unit, r.sloc, r.generated, r.compiled, r.sampled
        );
        for (g, c, s) in r.by_class {
            let _ = write!(out, ",{g},{c},{s}");
        }
        out.push('\n');
    }
    out
}

/// A text table; class columns show generated/compiled/sampled.
pub fn table(rows: &[Row]) -> String {
    let mut header = vec![
        "unit".to_string(),
        "SLOC".into(),
        "generated".into(),
        "compiled".into(),
        "sampled".into(),
    ];
    header.extend(
        MutationOperator::ALL
            .iter()
            .map(|op| format!("{op} (g/c/s)")),
    );
    let mut lines = vec![header];
    for r in rows {
        let mut line = vec![
            r.unit.clone(),
            r.sloc.to_string(),
            r.generated.to_string(),
            r.compiled.to_string(),
            r.sampled.to_string(),
        ];
        line.extend(r.by_class.iter().map(|(g, c, s)| format!("{g}/{c}/{s}")));
        lines.push(line);
    }
    let widths: Vec<usize> = (0..lines[0].len())
        .map(|i| {
            lines
                .iter()
                .map(|l| l[i].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for line in &lines {
        let cells: Vec<String> = line
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (cell, &w))| {
                if i == 0 {
                    format!("{cell:<w$}")
                } else {
                    format!("{cell:>w$}")
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}
