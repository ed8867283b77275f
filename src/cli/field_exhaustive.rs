//! `testspace fe`: field-exhaustive testing of a unit per scope — Korat's bounded-exhaustive
//! structures (within a candidate budget), the field extensions, and field-exhaustive
//! suites by incremental SAT (the paper's Algorithm 1) and by greedy selection over the
//! bounded-exhaustive structures; the suites optionally written out as JSON.

use std::path::PathBuf;

use anyhow::{Context as _, bail, ensure};
use clap::{Args, ValueEnum};
use serde::Serialize;
use serde_json::json;

use crate::structure::extension::{Extensions, greedy_suite};
use crate::structure::sat::field_exhaustive_suite;
use crate::structure::units::{FINITIZATIONS, UnitFinitization, finitization};
use crate::structure::{CnfEncoding, search_within};
use crate::subject::heap::{HeapFields, canonical};
use crate::subject::registry;
use crate::table::{Column, OutputPlace, StagedFiles, Table, text_table, write_csv};

/// Output formats of `fe`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FeFormat {
    /// An aligned table for people.
    Table,
    /// CSV with the header `scope,fields,be_structures,extension_pairs,fe_sat,fe_greedy,bound`.
    Csv,
    /// The rows as a JSON array of objects.
    Json,
}

/// Arguments of `testspace fe`.
#[derive(Debug, Args)]
pub struct FeArgs {
    /// The unit: a registered unit with a finitization (LinkedList, TreeMap).
    pub unit: String,
    /// The largest scope (nodes); every scope 1..=N is reported.
    #[arg(long, value_name = "N")]
    pub scope: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FeFormat::Table)]
    pub format: FeFormat,
    /// Write every scope's suites (SAT and greedy) into this folder, one JSON file per scope
    /// (all or nothing).
    #[arg(long, value_name = "DIR")]
    pub suites: Option<PathBuf>,
    /// Korat's budget of candidates per scope: beyond it the bounded-exhaustive columns
    /// (`be_structures`, `fe_greedy`) stay empty, for that scope and the larger ones.
    #[arg(long, default_value_t = KORAT_BUDGET)]
    pub korat_budget: u64,
}

/// The default candidate budget of Korat per scope: about 2 s at the measured 5 M
/// candidates per second (TreeMap completes scope 9, LinkedList scope 8).
pub const KORAT_BUDGET: u64 = 10_000_000;

/// One scope's row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FeRow {
    /// n.
    pub scope: usize,
    /// #F: the port's fields, the header's and a node's.
    pub fields: usize,
    /// Valid structures (Korat); `None` beyond the candidate budget.
    pub be_structures: Option<u64>,
    /// Σ_f |E(f)|, the pairs of the field extensions (covered by the SAT suite).
    pub extension_pairs: usize,
    /// Structures in the SAT suite.
    pub fe_sat: usize,
    /// Structures in the greedy suite; `None` where Korat did not finish.
    pub fe_greedy: Option<usize>,
    /// The paper's bound #F · n².
    pub bound: usize,
}

/// One scope's suites, canonical structures.
struct Suites {
    sat: Vec<HeapFields>,
    greedy: Option<Vec<HeapFields>>,
}

/// Checks the unit and scope: the unit's finitization, or an error naming what is wrong.
pub fn check(unit: &str, scope: usize) -> anyhow::Result<&'static UnitFinitization> {
    let known = FINITIZATIONS.map(|f| f.unit).join(", ");
    let Some(found) = finitization(unit) else {
        if registry().find(unit).is_ok() {
            bail!("unit {unit} has no finitization (units with one: {known})");
        }
        bail!("unknown unit {unit} (units with a finitization: {known})");
    };
    if scope == 0 {
        bail!("scope 0 for {unit}: a scope has at least 1 node");
    }
    if scope > found.encoding_limit {
        bail!(
            "scope {scope} for {unit} is beyond its CNF encoding's limit of {} nodes",
            found.encoding_limit
        );
    }
    Ok(found)
}

/// The row and suites of one scope; `korat_budget` `None` skips Korat.
fn scope_row(
    scope: &dyn CnfEncoding,
    korat_budget: Option<u64>,
) -> anyhow::Result<(FeRow, Suites)> {
    let layout = scope.heap_scope();
    let n = layout.nodes();
    let sat = field_exhaustive_suite(scope)?;
    let canonical_of = |c: &[u32]| canonical(&layout.heap(c));
    let sat_structures: Vec<HeapFields> = sat.structures.iter().map(|c| canonical_of(c)).collect();
    let mut all = Vec::new();
    let stats = korat_budget.and_then(|budget| {
        search_within(
            layout,
            |r| scope.rep_ok(r),
            |c| all.push(canonical_of(c)),
            budget,
        )
    });
    let greedy = match stats {
        Some(_) => {
            let enumerated = Extensions::of(&all).pairs();
            ensure!(
                enumerated == sat.covered_pairs,
                "scope {n}: the SAT suite covers {} pairs, the enumeration has {enumerated}",
                sat.covered_pairs
            );
            Some(
                greedy_suite(&all)
                    .into_iter()
                    .map(|i| all[i].clone())
                    .collect::<Vec<_>>(),
            )
        }
        None => None,
    };
    let row = FeRow {
        scope: n,
        fields: layout.fields(),
        be_structures: stats.map(|s| s.valid),
        extension_pairs: sat.covered_pairs,
        fe_sat: sat.structures.len(),
        fe_greedy: greedy.as_ref().map(Vec::len),
        bound: layout.fields() * n * n,
    };
    Ok((
        row,
        Suites {
            sat: sat_structures,
            greedy,
        },
    ))
}

/// The rows of scopes 1..=`scope` of a checked unit, with their suites.
fn rows(
    found: &UnitFinitization,
    scope: usize,
    korat_budget: u64,
) -> anyhow::Result<Vec<(FeRow, Suites)>> {
    let mut korat = Some(korat_budget);
    (1..=scope)
        .map(|n| {
            let (row, suites) = scope_row(found.scope(n).as_ref(), korat)
                .with_context(|| format!("{} at scope {n}", found.unit))?;
            // A scope whose enumeration ran out of budget: larger ones would too.
            if row.be_structures.is_none() {
                korat = None;
            }
            Ok((row, suites))
        })
        .collect()
}

/// The rows as a table, one column per [`FeRow`] field.
fn table(rows: &[FeRow]) -> Table {
    let count = |f: fn(&FeRow) -> usize| rows.iter().map(|r| f(r) as u64).collect::<Vec<_>>();
    let columns = vec![
        Column::new("scope", count(|r| r.scope)),
        Column::new("fields", count(|r| r.fields)),
        Column::new(
            "be_structures",
            rows.iter().map(|r| r.be_structures).collect::<Vec<_>>(),
        ),
        Column::new("extension_pairs", count(|r| r.extension_pairs)),
        Column::new("fe_sat", count(|r| r.fe_sat)),
        Column::new(
            "fe_greedy",
            rows.iter()
                .map(|r| r.fe_greedy.map(|g| g as u64))
                .collect::<Vec<_>>(),
        ),
        Column::new("bound", count(|r| r.bound)),
    ];
    Table::new(columns)
}

/// Writes every scope's suites into `directory`, all files or none.
fn write_suites(
    directory: &std::path::Path,
    found: &UnitFinitization,
    rows: &[(FeRow, Suites)],
) -> anyhow::Result<Vec<PathBuf>> {
    let mut staging = StagedFiles::claim(OutputPlace::Folder(directory), "fe", false)
        .with_context(|| format!("cannot write suites into {}", directory.display()))?;
    for (row, suites) in rows {
        let scope = found.scope(row.scope);
        let list = |s: &[HeapFields]| {
            s.iter()
                .map(|h| scope.heap_scope().heap_json(h))
                .collect::<Vec<_>>()
        };
        let document = json!({
            "unit": found.unit,
            "scope": row.scope,
            "values": found.values,
            "extension_pairs": row.extension_pairs,
            "sat": list(&suites.sat),
            "greedy": suites.greedy.as_deref().map(list),
        });
        let path = staging.stage(&format!("{}-scope-{}.json", found.unit, row.scope));
        std::fs::write(&path, serde_json::to_string_pretty(&document)? + "\n")
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(staging.commit()?)
}

/// Runs `testspace fe`.
pub fn run(args: &FeArgs) -> anyhow::Result<()> {
    let found = check(&args.unit, args.scope)?;
    let rows = rows(found, args.scope, args.korat_budget)?;
    if let Some(directory) = &args.suites {
        let written = write_suites(directory, found, &rows)?;
        crate::kernel::stderr_line!(
            "wrote {} suite files into {}",
            written.len(),
            directory.display()
        );
    }
    let fe_rows: Vec<FeRow> = rows.into_iter().map(|(row, _)| row).collect();
    match args.format {
        FeFormat::Table => print!("{}", text_table(&table(&fe_rows))),
        FeFormat::Csv => write_csv(&table(&fe_rows), std::io::stdout().lock())?,
        FeFormat::Json => println!("{}", serde_json::to_string_pretty(&fe_rows)?),
    }
    Ok(())
}
