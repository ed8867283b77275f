//! `testspace phi`: failure density Φ(j, k, n), FD and FDpmc (Section 5 of the paper).
//!
//! Three modes, chosen by the flags:
//! - table: `--j J --k SPEC --n SPEC [--exact|--float]`, header `j,k,n,phi,fd,fdpmc`,
//!   one row per (k, n), by the Section 5.1 recurrence;
//! - optimal: `--j SPEC --k SPEC --optimal [--exact|--float]`, header
//!   `j,k,n_opt,fd,fdpmc`, one row per (j, k);
//! - pattern: `--j J --pattern "0 1 0" [--pattern …] --n SPEC`, header
//!   `j,pattern,n,phi,fd,fdpmc`, by the exact automaton method.
//!
//! The tables and charts come from [`crate::report::phi`]. `--out DIR` also
//! writes `phi.csv` and `phi.parquet` (or `optimal.csv`, `optimal.parquet`), and with
//! `--plot` the charts `fd.png`, `fd.svg`, `fdpmc.png` and `fdpmc.svg`. Everything is
//! computed and checked before the first file is written.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow, ensure};
use clap::{Args, ValueEnum};

use crate::analysis::pattern::overlaps_itself;
use crate::plot::LineChart;
use crate::report::phi::{
    Curve, density_charts, density_table, optimal_table, pattern_curve, printed_columns,
    recurrence_curve, render_pattern, write_tables,
};
use crate::table::{Table, text_table, write_csv};

/// Arguments of `testspace phi`.
#[derive(Debug, Args)]
pub struct PhiArgs {
    /// j, the number of distinct method calls: one value, or a SPEC with --optimal.
    #[arg(long = "j", value_name = "J")]
    pub calls: String,

    /// k, the length of the failing sequence: a SPEC (`A..=B`, a comma list of values
    /// and ranges, or `paper`); one row (and curve) per k.
    #[arg(long = "k", value_name = "SPEC", conflicts_with = "patterns")]
    pub failing_lengths: Option<String>,

    /// n, the test-case lengths: a SPEC (`A..=B`, a comma list, or `paper` = 1..8 then
    /// doubling to 1024, as in Section 6.3).
    #[arg(long = "n", value_name = "SPEC")]
    pub lengths: Option<String>,

    /// A failing sequence of call indices in 0..J, e.g. "0 1 0" (repeat for a set);
    /// counted exactly by an automaton, self-overlapping sequences allowed.
    #[arg(long = "pattern", value_name = "CALLS")]
    pub patterns: Vec<String>,

    /// Report the most cost-effective length n_opt (first local maximum of FDpmc) for
    /// every (j, k) instead of a table over n.
    #[arg(long, conflicts_with_all = ["lengths", "patterns"])]
    pub optimal: bool,

    /// Exact big-integer arithmetic (the default for tables; with --optimal, steps n up
    /// to --max-n).
    #[arg(long, conflicts_with = "float")]
    pub exact: bool,

    /// Floating point (the default with --optimal; phi is then left empty in tables).
    #[arg(long)]
    pub float: bool,

    /// The largest n the exact optimal search examines.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub max_n: u64,

    /// Output format on stdout.
    #[arg(long, value_enum, default_value_t = Format::Csv)]
    pub format: Format,

    /// Also write the table as CSV and Parquet into this directory.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// With --out: also draw FD and FDpmc against n as PNG and SVG.
    #[arg(long, requires = "out")]
    pub plot: bool,
}

/// The format of the table on stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Comma-separated values with a header line.
    Csv,
    /// An aligned text table.
    Table,
}

/// Runs `testspace phi`.
pub fn run(args: &PhiArgs) -> anyhow::Result<()> {
    if args.optimal {
        run_optimal(args)
    } else {
        run_densities(args)
    }
}

fn run_densities(args: &PhiArgs) -> anyhow::Result<()> {
    let calls = parse_calls(&args.calls).context("--j")?;
    let lengths = parse_spec(
        args.lengths
            .as_deref()
            .context("--n SPEC is required (or use --optimal)")?,
    )
    .context("--n")?;
    ensure!(
        lengths[0] >= 1,
        "--n: lengths must be at least 1 (FDpmc = FD/n)"
    );
    let curves = if args.patterns.is_empty() {
        let spec = args
            .failing_lengths
            .as_deref()
            .context("--k SPEC or --pattern is required")?;
        let failing_lengths = parse_spec(spec).context("--k")?;
        let failing_lengths = failing_lengths
            .iter()
            .map(|&k| {
                u32::try_from(k)
                    .ok()
                    .filter(|&k| k >= 1)
                    .with_context(|| format!("--k: {k} is not in 1..=2^32-1"))
            })
            .collect::<anyhow::Result<Vec<u32>>>()?;
        failing_lengths
            .into_iter()
            .map(|k| recurrence_curve(calls, k, &lengths, args.float))
            .collect::<anyhow::Result<Vec<Curve>>>()?
    } else {
        ensure!(
            !args.float,
            "--float is not available with --pattern (the automaton is exact)"
        );
        let patterns = args
            .patterns
            .iter()
            .map(|text| parse_pattern(text).with_context(|| format!("--pattern {text:?}")))
            .collect::<anyhow::Result<Vec<_>>>()?;
        for pattern in patterns.iter().filter(|pattern| overlaps_itself(pattern)) {
            crate::kernel::stderr_line!(
                "warning: pattern \"{}\" overlaps itself (a proper prefix is also a suffix): the \
                 Section 5.1 recurrence would miscount it, so it is counted by the automaton method",
                render_pattern(pattern)
            );
        }
        vec![pattern_curve(calls, patterns, &lengths)?]
    };
    let table = density_table(calls, &curves);
    let printed = table
        .select(printed_columns(!args.patterns.is_empty()))
        .map_err(|name| anyhow!("the density table has no column `{name}`"))?;
    if let Some(directory) = &args.out {
        let charts = if args.plot {
            density_charts(calls, &curves, &mut |note| {
                crate::kernel::stderr_line!("{note}")
            })?
        } else {
            Vec::new()
        };
        write_outputs(directory, "phi", &printed, &table, &charts)?;
    }
    print_table(&printed, args.format)
}

fn run_optimal(args: &PhiArgs) -> anyhow::Result<()> {
    ensure!(!args.plot, "--plot is not available with --optimal");
    let calls = parse_spec(&args.calls).context("--j")?;
    let calls = calls
        .iter()
        .map(|&j| {
            u32::try_from(j)
                .ok()
                .filter(|&j| j >= 1)
                .with_context(|| format!("--j: {j} is not in 1..=2^32-1"))
        })
        .collect::<anyhow::Result<Vec<u32>>>()?;
    let failing_lengths = parse_spec(
        args.failing_lengths
            .as_deref()
            .context("--optimal needs --k SPEC")?,
    )
    .context("--k")?
    .into_iter()
    .map(|k| {
        u32::try_from(k)
            .ok()
            .filter(|&k| k >= 1)
            .with_context(|| format!("--k: {k} is not in 1..=2^32-1"))
    })
    .collect::<anyhow::Result<Vec<u32>>>()?;
    let table = optimal_table(
        &calls,
        &failing_lengths,
        args.exact,
        args.max_n,
        &mut |warning| crate::kernel::stderr_line!("{warning}"),
    )?;
    if let Some(directory) = &args.out {
        write_outputs(directory, "optimal", &table, &table, &[])?;
    }
    print_table(&table, args.format)
}

/// Writes the tables and charts ([`write_tables`]), naming each file written on stderr.
fn write_outputs(
    directory: &Path,
    stem: &str,
    printed: &Table,
    full: &Table,
    charts: &[(&str, LineChart)],
) -> anyhow::Result<()> {
    for path in write_tables(directory, stem, printed, full, charts)? {
        crate::kernel::stderr_line!("wrote {}", path.display());
    }
    Ok(())
}

fn print_table(table: &Table, format: Format) -> anyhow::Result<()> {
    let stdout = io::stdout();
    let mut stdout = stdout.lock();
    match format {
        Format::Csv => write_csv(table, &mut stdout)?,
        Format::Table => stdout.write_all(text_table(table).as_bytes())?,
    }
    stdout.flush()?;
    Ok(())
}

fn parse_calls(text: &str) -> anyhow::Result<u32> {
    let value: u64 = text
        .trim()
        .parse()
        .with_context(|| format!("{text:?} is not a single non-negative integer"))?;
    u32::try_from(value)
        .ok()
        .filter(|&j| j >= 1)
        .with_context(|| format!("{value} is not in 1..=2^32-1"))
}

/// Parses a SPEC (see [`crate::spec::parse_spec`]).
fn parse_spec(text: &str) -> anyhow::Result<Vec<u64>> {
    Ok(crate::spec::parse_spec(text)?)
}

/// Parses a failing sequence: call indices separated by spaces or commas.
fn parse_pattern(text: &str) -> anyhow::Result<Vec<u32>> {
    let pattern = text
        .split(|character: char| character.is_whitespace() || character == ',')
        .filter(|item| !item.is_empty())
        .map(|item| {
            item.parse()
                .with_context(|| format!("{item:?} is not a call index (a non-negative integer)"))
        })
        .collect::<anyhow::Result<Vec<u32>>>()?;
    ensure!(
        !pattern.is_empty(),
        "a pattern needs at least one call index"
    );
    Ok(pattern)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_accepts_ranges_lists_and_the_paper_lengths() {
        assert_eq!(parse_spec("1..=4").unwrap(), vec![1, 2, 3, 4]);
        assert_eq!(parse_spec("10, 2..=3,2").unwrap(), vec![2, 3, 10]);
        assert_eq!(
            parse_spec("paper").unwrap(),
            vec![1, 2, 3, 4, 5, 6, 7, 8, 16, 32, 64, 128, 256, 512, 1024]
        );
    }

    #[test]
    fn spec_rejects_malformed_input_with_a_reason() {
        for (spec, reason) in [
            ("1..4", "A..=B"),
            ("5..=2", "empty range"),
            ("x", "not a non-negative integer"),
            ("", "not a non-negative integer"),
            ("-3", "not a non-negative integer"),
            ("0..=99999999999", "more than"),
        ] {
            let error = format!("{:#}", parse_spec(spec).unwrap_err());
            assert!(error.contains(reason), "{spec:?}: {error}");
        }
    }

    #[test]
    fn pattern_accepts_spaces_and_commas() {
        assert_eq!(parse_pattern("0 1  0").unwrap(), vec![0, 1, 0]);
        assert_eq!(parse_pattern("2,2").unwrap(), vec![2, 2]);
        assert!(parse_pattern("  ").is_err());
        assert!(parse_pattern("0 a").is_err());
    }
}
