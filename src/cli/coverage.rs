//! `testspace coverage`: what a strategy's test cases cover of a unit, per port function,
//! with the uncovered probes and their source lines.

use std::sync::Arc;

use anyhow::Context as _;
use clap::{Args, ValueEnum};
use serde::Serialize;

use super::args::{WalkArgs, load_context};
use crate::coverage::measure::{Measurement, measure};
use crate::subject::registry;
use crate::table::{Column, Table, text_table, write_csv};

/// Output formats of `coverage`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CoverageFormat {
    /// A table per port function, then the uncovered probes with their source lines.
    Table,
    /// One row per port function: method, probes, covered, branches, branches_covered,
    /// uncovered (`line:column:kind` separated by spaces).
    Csv,
    /// Everything, uncovered probes with their source lines included.
    Json,
}

/// Arguments of `testspace coverage`.
#[derive(Debug, Args)]
pub struct CoverageArgs {
    /// The walk.
    #[command(flatten)]
    pub walk: WalkArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CoverageFormat::Table)]
    pub format: CoverageFormat,
}

/// One uncovered probe, located.
#[derive(Debug, Serialize)]
struct UncoveredProbe {
    id: usize,
    line: u32,
    column: u32,
    kind: &'static str,
    source: String,
}

/// One port function's row.
#[derive(Debug, Serialize)]
struct MethodRow {
    method: &'static str,
    probes: usize,
    covered: usize,
    branches: usize,
    branches_covered: usize,
    uncovered: Vec<UncoveredProbe>,
}

/// The whole report.
#[derive(Debug, Serialize)]
struct Report {
    subject: &'static str,
    file: &'static str,
    strategy: String,
    n: usize,
    seed: u64,
    tests_run: u64,
    abandoned_tests: u64,
    probes: usize,
    probes_covered: u64,
    branches_total: u64,
    branches_covered: u64,
    methods: Vec<MethodRow>,
}

/// Runs `testspace coverage`.
pub fn run(args: &CoverageArgs) -> anyhow::Result<()> {
    let (format, args) = (args.format, &args.walk);
    let context = Arc::new(load_context(&args.context)?);
    let unit = registry().find(context.class())?;
    let walk = args.walk(&context)?;
    let measurement = measure(unit, &context, &walk, args.n, args.count, args.seed)
        .with_context(|| format!("cannot measure coverage in {}", args.context.display()))?;
    let report = report(args, unit.class(), unit.source(), &measurement);
    match format {
        CoverageFormat::Table => print!("{}", render_table(&report)),
        CoverageFormat::Csv => write_csv(&csv_table(&report), std::io::stdout().lock())?,
        CoverageFormat::Json => println!("{}", serde_json::to_string_pretty(&report)?),
    }
    Ok(())
}

fn report(args: &WalkArgs, subject: &'static str, source: &str, m: &Measurement) -> Report {
    let lines: Vec<&str> = source.lines().collect();
    let coverage = &m.coverage;
    let methods = coverage
        .by_function()
        .into_iter()
        .map(|f| MethodRow {
            method: f.function,
            probes: f.probes,
            covered: f.covered,
            branches: f.branches,
            branches_covered: f.branches_covered,
            uncovered: f
                .uncovered
                .iter()
                .map(|&id| {
                    let probe = coverage.probe(id);
                    UncoveredProbe {
                        id,
                        line: probe.line,
                        column: probe.column,
                        kind: probe.kind.name(),
                        source: lines
                            .get(probe.line as usize - 1)
                            .map_or_else(String::new, |l| l.trim().to_string()),
                    }
                })
                .collect(),
        })
        .collect();
    Report {
        subject,
        file: coverage.table().file,
        strategy: args.strategy.name().to_string(),
        n: args.n,
        seed: args.seed,
        tests_run: m.tests_run,
        abandoned_tests: m.abandoned,
        probes: coverage.table().probes.len(),
        probes_covered: coverage.covered().len(),
        branches_total: coverage.branches_total(),
        branches_covered: coverage.branches_covered(),
        methods,
    }
}

fn render_table(report: &Report) -> String {
    let percent = |a: u64, b: u64| {
        if b == 0 {
            0.0
        } else {
            100.0 * a as f64 / b as f64
        }
    };
    let mut out = format!(
        "{} ({}): {} test cases of {} at n = {} (seed {}){}\n\
         branches covered: {} of {} ({:.1} %); probes (with function entries): {} of {}\n\n",
        report.subject,
        report.file,
        report.tests_run,
        report.strategy,
        report.n,
        report.seed,
        if report.abandoned_tests > 0 {
            format!(
                ", {} cut short by the gold fuel cap",
                report.abandoned_tests
            )
        } else {
            String::new()
        },
        report.branches_covered,
        report.branches_total,
        percent(report.branches_covered, report.branches_total),
        report.probes_covered,
        report.probes,
    );
    let rows = &report.methods;
    let mut columns = method_columns(rows);
    columns.push(Column::new(
        "branches",
        rows.iter()
            .map(|r| format!("{}/{}", r.branches_covered, r.branches))
            .collect::<Vec<_>>(),
    ));
    out.push_str(&text_table(&Table::new(columns)));
    let uncovered: Vec<(&str, &UncoveredProbe)> = rows
        .iter()
        .flat_map(|r| r.uncovered.iter().map(move |u| (r.method, u)))
        .collect();
    if !uncovered.is_empty() {
        out.push_str("\nuncovered probes (line:column kind — source line):\n");
        for (method, u) in uncovered {
            out.push_str(&format!(
                "  {method}  {}:{} {} — {}\n",
                u.line, u.column, u.kind, u.source
            ));
        }
    }
    out
}

/// The columns method, probes, covered.
fn method_columns(rows: &[MethodRow]) -> Vec<Column> {
    vec![
        Column::new("method", rows.iter().map(|r| r.method).collect::<Vec<_>>()),
        Column::new(
            "probes",
            rows.iter().map(|r| r.probes as u64).collect::<Vec<_>>(),
        ),
        Column::new(
            "covered",
            rows.iter().map(|r| r.covered as u64).collect::<Vec<_>>(),
        ),
    ]
}

fn csv_table(report: &Report) -> Table {
    let rows = &report.methods;
    let mut columns = method_columns(rows);
    columns.extend([
        Column::new(
            "branches",
            rows.iter().map(|r| r.branches as u64).collect::<Vec<_>>(),
        ),
        Column::new(
            "branches_covered",
            rows.iter()
                .map(|r| r.branches_covered as u64)
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "uncovered",
            rows.iter()
                .map(|r| {
                    r.uncovered
                        .iter()
                        .map(|u| format!("{}:{}:{}", u.line, u.column, u.kind))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect::<Vec<_>>(),
        ),
    ]);
    Table::new(columns)
}
