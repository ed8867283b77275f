//! The analysis of one subject file: from a single parse, its mutation points and
//! schemata form (`generate.rs`) and its coverage copy (`coverage_copy.rs`), both guarded by
//! the same call-graph plan (`call_graph.rs`).

use std::ops::Range;

use syn::File;

use crate::call_graph;
use crate::coverage_copy::{self, CoverageCopy};
use crate::generate::{self, Mutant, Point};
use crate::syntax::strip_test_items;

/// The result of analysing one source file.
pub struct Analysis {
    /// The file name used in locations (e.g. `subjects/array_list.rs`).
    pub file: String,
    /// The mutation points, in visit order (index = the `v` of the markers).
    pub points: Vec<Point>,
    /// The rewritten file, with markers (rendered by `schemata::render`).
    pub rewritten: File,
    /// Per split function (the `f` of the `__TSLO_f`/`__TSSPAN_f` markers), the range of
    /// indices into `points` of the points inside it.
    pub functions: Vec<Range<usize>>,
    /// The coverage copy of the same parse ([`crate::coverage_copy`]).
    pub coverage: CoverageCopy,
}

impl Analysis {
    /// The smallest and largest mutant id inside split function `f` ([`Analysis::functions`]).
    pub fn id_range(&self, f: usize) -> (u32, u32) {
        let points = &self.points[self.functions[f].clone()];
        let first = points.iter().map(|p| p.first_id).min().unwrap_or(1);
        let last = points
            .iter()
            .map(|p| p.first_id + p.replacements.len() as u32 - 1)
            .max()
            .unwrap_or(first);
        (first, last)
    }
}

impl Analysis {
    /// Every mutant, in id order.
    pub fn mutants(&self) -> Vec<Mutant> {
        let mut order: Vec<&Point> = self.points.iter().collect();
        order.sort_by_key(|p| p.first_id);
        order
            .into_iter()
            .flat_map(|p| {
                p.replacements
                    .iter()
                    .enumerate()
                    .map(move |(j, replacement)| Mutant {
                        id: p.first_id + j as u32,
                        operator: p.operator,
                        location: format!("{}:{}:{}", self.file, p.line, p.column),
                        original: p.original.clone(),
                        replacement: replacement.clone(),
                    })
            })
            .collect()
    }

    /// The number of mutants.
    pub fn count(&self) -> u32 {
        self.points
            .iter()
            .map(|p| p.replacements.len() as u32)
            .sum()
    }
}

/// Parses `source` (named `file` in locations), finds its mutation points, assigns ids
/// ordered by (line, column, class, visit order), and rewrites it with markers; writes
/// the coverage copy of the same parse.
pub fn analyse(source: &str, file: &str) -> syn::Result<Analysis> {
    let mut parsed = syn::parse_file(source)?;
    parsed.attrs.clear(); // inner attributes cannot be `include!`d
    Ok(analyse_parsed(parsed, source, file, Numbering::default()))
}

/// Where a file's ids start: the mutants and probes of the files before it in a crate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Numbering {
    /// Mutant ids already taken (this file's first mutant is `mutants + 1`).
    pub mutants: u32,
    /// Probe ids already taken (this file's first probe is `probes`).
    pub probes: usize,
}

/// [`analyse`] of a file already parsed from `source` (its inner attributes as the caller
/// wants them printed), numbered after `numbering`: its mutant ids and probe ids follow
/// those of a crate's earlier files.
pub fn analyse_parsed(
    mut parsed: File,
    source: &str,
    file: &str,
    numbering: Numbering,
) -> Analysis {
    strip_test_items(&mut parsed.items);
    let plan = call_graph::plan(&parsed);
    let coverage = coverage_copy::instrument_from(parsed.clone(), &plan, numbering.probes);
    let (mut points, functions) = generate::rewrite(&mut parsed, source, plan);
    for point in &mut points {
        point.first_id += numbering.mutants;
    }
    Analysis {
        file: file.to_string(),
        points,
        rewritten: parsed,
        functions,
        coverage,
    }
}
