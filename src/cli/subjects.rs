//! `testspace subjects`: the registered units with their size, |M_C| and j.

use clap::{Args, ValueEnum};

use crate::context::TestContext;
use crate::subject::{Unit, registry};

/// Output formats of `testspace subjects`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SubjectsFormat {
    /// An aligned table for people.
    Table,
    /// CSV with the header `unit,sloc,methods,j`.
    Csv,
}

/// Arguments of `testspace subjects`.
#[derive(Debug, Args)]
pub struct SubjectsArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = SubjectsFormat::Table)]
    pub format: SubjectsFormat,
}

/// One row of the listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubjectRow {
    /// The unit's class name.
    pub unit: &'static str,
    /// SLOC of the port (`subjects/README.md`'s counting rule).
    pub sloc: usize,
    /// |M_C|: the number of declared methods.
    pub methods: usize,
    /// j of the paper's default context (Section 6.2).
    pub j: u32,
}

/// The row of one unit.
pub fn row(unit: &dyn Unit) -> anyhow::Result<SubjectRow> {
    let context = TestContext::paper(unit)?;
    Ok(SubjectRow {
        unit: unit.class(),
        sloc: unit.sloc(),
        methods: unit.methods().len(),
        j: context.j(),
    })
}

/// Renders the rows in `format`.
pub fn render(rows: &[SubjectRow], format: SubjectsFormat) -> String {
    let mut out = String::new();
    match format {
        SubjectsFormat::Csv => {
            out.push_str("unit,sloc,methods,j\n");
            for r in rows {
                out.push_str(&format!("{},{},{},{}\n", r.unit, r.sloc, r.methods, r.j));
            }
        }
        SubjectsFormat::Table => {
            let width = rows.iter().map(|r| r.unit.len()).max().unwrap_or(0).max(4);
            out.push_str(&format!(
                "{:<width$}  {:>6}  {:>7}  {:>6}\n",
                "unit", "SLOC", "|M_C|", "j"
            ));
            for r in rows {
                out.push_str(&format!(
                    "{:<width$}  {:>6}  {:>7}  {:>6}\n",
                    r.unit, r.sloc, r.methods, r.j
                ));
            }
            let total: usize = rows.iter().map(|r| r.sloc).sum();
            out.push_str(&format!(
                "{} units, {total} SLOC (non-blank, non-comment, non-glue lines before #[cfg(test)]; subjects/README.md)\n",
                rows.len()
            ));
        }
    }
    out
}

/// Runs `testspace subjects`.
pub fn run(args: &SubjectsArgs) -> anyhow::Result<()> {
    let rows = registry()
        .units()
        .map(row)
        .collect::<anyhow::Result<Vec<_>>>()?;
    print!("{}", render(&rows, args.format));
    if args.format == SubjectsFormat::Table {
        for previous in registry().units().filter_map(|u| u.previous()) {
            println!("{}", previous.describe());
        }
    }
    Ok(())
}
