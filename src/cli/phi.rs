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
//! `phi` is the exact decimal Φ when it has at most 60 digits and empty otherwise; `fd`
//! and `fdpmc` are in scientific notation with 17 significant digits. `--out DIR` also
//! writes `phi.csv` and `phi.parquet` (or `optimal.csv`, `optimal.parquet`), and with
//! `--plot` the charts `fd.png`, `fd.svg`, `fdpmc.png` and `fdpmc.svg`. Everything is
//! computed and checked before the first file is written.

use crate::plot::Chart as _;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, ensure};
use clap::{Args, ValueEnum};
use num_bigint::BigUint;
use polars_core::prelude::{Column, DataFrame};

use crate::analysis::float::ScaledDensityRecurrence;
use crate::analysis::optimal::{OptimalLength, optimal_length, optimal_length_exact};
use crate::analysis::pattern::{PatternCounter, overlaps_itself};
use crate::analysis::phi::{FailureCountRecurrence, FailureCounts};
use crate::analysis::scientific::ScientificNumber;
use crate::plot::{Corner, LineChart, Marker, Scale, Series};
use crate::table::{StagedFiles, format_text_table, write_csv, write_csv_file, write_parquet_file};

/// Φ is printed in full only up to this many decimal digits.
const LONGEST_PRINTED_COUNT: usize = 60;

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

/// What a curve counts: the paper's model for a failing length k, or a pattern set.
#[derive(Debug, Clone, PartialEq)]
enum FailingSequences {
    Length(u32),
    Patterns(Vec<Vec<u32>>),
}

impl FailingSequences {
    fn describe(&self) -> String {
        match self {
            Self::Length(k) => format!("k = {k}"),
            Self::Patterns(patterns) => render_patterns(patterns),
        }
    }
}

/// FD and Φ at one n.
#[derive(Debug, Clone)]
struct DensityPoint {
    length: u64,
    failing: Option<String>,
    density: ScientificNumber,
}

impl DensityPoint {
    fn per_call(&self) -> ScientificNumber {
        self.density.divided_by(self.length)
    }
}

/// The rows of one k or one pattern set.
#[derive(Debug, Clone)]
struct Curve {
    sequences: FailingSequences,
    points: Vec<DensityPoint>,
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
            eprintln!(
                "warning: pattern \"{}\" overlaps itself (a proper prefix is also a suffix): the \
                 Section 5.1 recurrence would miscount it, so it is counted by the automaton method",
                render_pattern(pattern)
            );
        }
        vec![pattern_curve(calls, patterns, &lengths)?]
    };
    let mut frame = density_frame(calls, &curves)?;
    let contract_columns = if args.patterns.is_empty() {
        ["j", "k", "n", "phi", "fd", "fdpmc"]
    } else {
        ["j", "pattern", "n", "phi", "fd", "fdpmc"]
    };
    let mut printed = frame.select(contract_columns)?;
    if let Some(directory) = &args.out {
        let charts = if args.plot {
            density_charts(calls, &curves)?
        } else {
            Vec::new()
        };
        write_outputs(directory, "phi", &mut printed, &mut frame, &charts)?;
    }
    print_frame(&mut printed, args.format)
}

fn recurrence_curve(
    calls: u32,
    failing_length: u32,
    lengths: &[u64],
    float: bool,
) -> anyhow::Result<Curve> {
    let context = || format!("j = {calls}, k = {failing_length}");
    let points = if float {
        let mut recurrence =
            ScaledDensityRecurrence::new(calls, failing_length).with_context(context)?;
        lengths
            .iter()
            .map(|&length| {
                recurrence.advance_to(length);
                DensityPoint {
                    length,
                    failing: None,
                    density: recurrence.failure_density(),
                }
            })
            .collect()
    } else {
        let recurrence =
            FailureCountRecurrence::new(calls, failing_length).with_context(context)?;
        exact_points(recurrence, lengths)
    };
    Ok(Curve {
        sequences: FailingSequences::Length(failing_length),
        points,
    })
}

fn pattern_curve(calls: u32, patterns: Vec<Vec<u32>>, lengths: &[u64]) -> anyhow::Result<Curve> {
    let counter = PatternCounter::new(calls, &patterns).with_context(|| format!("j = {calls}"))?;
    Ok(Curve {
        points: exact_points(counter, lengths),
        sequences: FailingSequences::Patterns(patterns),
    })
}

fn exact_points(mut counter: impl FailureCounts, lengths: &[u64]) -> Vec<DensityPoint> {
    lengths
        .iter()
        .map(|&length| {
            counter.advance_to(length);
            DensityPoint {
                length,
                failing: printable_count(counter.failing()),
                density: counter.failure_density(),
            }
        })
        .collect()
}

/// The decimal digits of `count` if there are at most [`LONGEST_PRINTED_COUNT`].
fn printable_count(count: &BigUint) -> Option<String> {
    // 10^60 < 2^200: anything longer than 200 bits has more than 60 digits.
    if count.bits() > 200 {
        return None;
    }
    Some(count.to_string()).filter(|digits| digits.len() <= LONGEST_PRINTED_COUNT)
}

/// All columns: the CSV contract's plus `log10_fd` and `log10_fdpmc` (for Parquet).
fn density_frame(calls: u32, curves: &[Curve]) -> anyhow::Result<DataFrame> {
    let rows = || {
        curves
            .iter()
            .flat_map(|curve| curve.points.iter().map(move |point| (curve, point)))
    };
    let mut columns = vec![Column::new(
        "j".into(),
        rows().map(|_| calls).collect::<Vec<u32>>(),
    )];
    columns.push(match curves.first().map(|curve| &curve.sequences) {
        Some(FailingSequences::Patterns(_)) => Column::new(
            "pattern".into(),
            rows()
                .map(|(curve, _)| curve.sequences.describe())
                .collect::<Vec<String>>(),
        ),
        _ => Column::new(
            "k".into(),
            rows()
                .map(|(curve, _)| match curve.sequences {
                    FailingSequences::Length(k) => k,
                    FailingSequences::Patterns(_) => unreachable!("curves are all of one kind"),
                })
                .collect::<Vec<u32>>(),
        ),
    });
    columns.extend([
        Column::new(
            "n".into(),
            rows().map(|(_, point)| point.length).collect::<Vec<u64>>(),
        ),
        Column::new(
            "phi".into(),
            rows()
                .map(|(_, point)| point.failing.clone())
                .collect::<Vec<Option<String>>>(),
        ),
        Column::new(
            "fd".into(),
            rows()
                .map(|(_, point)| point.density.to_string())
                .collect::<Vec<String>>(),
        ),
        Column::new(
            "fdpmc".into(),
            rows()
                .map(|(_, point)| point.per_call().to_string())
                .collect::<Vec<String>>(),
        ),
        Column::new(
            "log10_fd".into(),
            rows()
                .map(|(_, point)| point.density.log10())
                .collect::<Vec<f64>>(),
        ),
        Column::new(
            "log10_fdpmc".into(),
            rows()
                .map(|(_, point)| point.per_call().log10())
                .collect::<Vec<f64>>(),
        ),
    ]);
    Ok(DataFrame::new_infer_height(columns)?)
}

/// FD against n (one series per curve) and FDpmc against n with the optimum marked.
fn density_charts(calls: u32, curves: &[Curve]) -> anyhow::Result<Vec<(&'static str, LineChart)>> {
    // f64 cannot hold values below ~1e-308: plot log₁₀ on a linear axis then.
    let representable = curves
        .iter()
        .flat_map(|curve| &curve.points)
        .all(|point| point.per_call().is_zero() || point.per_call().log10() > -300.0);
    let (y_scale, value_of, axis): (Scale, fn(ScientificNumber) -> f64, &str) = if representable {
        (Scale::Logarithmic, ScientificNumber::to_f64, "")
    } else {
        (Scale::Linear, ScientificNumber::log10, "log₁₀ ")
    };
    let varying = match curves.first().map(|curve| &curve.sequences) {
        Some(FailingSequences::Patterns(_)) => "patterns",
        _ => "k",
    };
    let series = |measure: fn(&DensityPoint) -> ScientificNumber| -> Vec<Series> {
        curves
            .iter()
            .map(|curve| Series {
                label: curve.sequences.describe(),
                points: curve
                    .points
                    .iter()
                    .filter(|point| !measure(point).is_zero())
                    .map(|point| (point.length as f64, value_of(measure(point))))
                    .collect(),
            })
            .collect()
    };
    let failure_density = LineChart {
        title: format!("Failure density FD(j = {calls}, {varying}, n)"),
        x_label: "test-case length n (calls)".into(),
        y_label: format!("{axis}FD = Φ / jⁿ"),
        x_scale: Scale::Logarithmic,
        y_scale,
        series: series(|point| point.density),
        markers: Vec::new(),
        bands: Vec::new(),
        legend: Corner::UpperLeft,
    };
    let mut markers = Vec::new();
    for (index, curve) in curves.iter().enumerate() {
        let (Some(first), Some(last)) = (curve.points.first(), curve.points.last()) else {
            continue;
        };
        let marker = match &curve.sequences {
            FailingSequences::Length(k) => match optimal_length(calls, *k) {
                Ok(optimum) if (first.length..=last.length).contains(&optimum.length) => {
                    Some(Marker {
                        label: format!("k = {k}: optimum n = {}", optimum.length),
                        series: index,
                        point: (optimum.length as f64, value_of(optimum.density_per_call)),
                    })
                }
                Ok(optimum) => {
                    eprintln!(
                        "note: for k = {k} the optimum n = {} lies outside the plotted lengths",
                        optimum.length
                    );
                    None
                }
                Err(error) => {
                    eprintln!("note: {error}");
                    None
                }
            },
            FailingSequences::Patterns(_) => {
                first_local_maximum(&curve.points).map(|point| Marker {
                    label: format!("first local maximum among these n: n = {}", point.length),
                    series: index,
                    point: (point.length as f64, value_of(point.per_call())),
                })
            }
        };
        markers.extend(marker);
    }
    let per_call = LineChart {
        title: format!("Failure density per method call FDpmc(j = {calls}, {varying}, n)"),
        x_label: "test-case length n (calls)".into(),
        y_label: format!("{axis}FDpmc = FD / n"),
        x_scale: Scale::Logarithmic,
        y_scale,
        series: series(DensityPoint::per_call),
        markers,
        bands: Vec::new(),
        legend: Corner::UpperRight,
    };
    Ok(vec![("fd", failure_density), ("fdpmc", per_call)])
}

/// The first point whose FDpmc exceeds the next point's (among the computed lengths).
fn first_local_maximum(points: &[DensityPoint]) -> Option<&DensityPoint> {
    points
        .windows(2)
        .find(|pair| pair[0].per_call() > pair[1].per_call())
        .map(|pair| &pair[0])
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
    let mut rows: Vec<(u32, u32, Option<OptimalLength>)> = Vec::new();
    for &j in &calls {
        for &k in &failing_lengths {
            let optimum = if args.exact {
                optimal_length_exact(j, k, args.max_n)
            } else {
                optimal_length(j, k)
            };
            match optimum {
                Ok(optimum) => rows.push((j, k, Some(optimum))),
                Err(error @ crate::analysis::AnalysisError::NoMaximumBelowLimit { .. }) => {
                    eprintln!("warning: {error}; its row is left empty");
                    rows.push((j, k, None));
                }
                Err(error) => return Err(error).with_context(|| format!("j = {j}, k = {k}")),
            }
        }
    }
    let text = |value: Option<ScientificNumber>| value.map(|number| number.to_string());
    let mut frame = DataFrame::new_infer_height(vec![
        Column::new(
            "j".into(),
            rows.iter().map(|row| row.0).collect::<Vec<u32>>(),
        ),
        Column::new(
            "k".into(),
            rows.iter().map(|row| row.1).collect::<Vec<u32>>(),
        ),
        Column::new(
            "n_opt".into(),
            rows.iter()
                .map(|row| row.2.map(|optimum| optimum.length))
                .collect::<Vec<Option<u64>>>(),
        ),
        Column::new(
            "fd".into(),
            rows.iter()
                .map(|row| text(row.2.map(|optimum| optimum.failure_density)))
                .collect::<Vec<Option<String>>>(),
        ),
        Column::new(
            "fdpmc".into(),
            rows.iter()
                .map(|row| text(row.2.map(|optimum| optimum.density_per_call)))
                .collect::<Vec<Option<String>>>(),
        ),
    ])?;
    if let Some(directory) = &args.out {
        let mut printed = frame.clone();
        write_outputs(directory, "optimal", &mut printed, &mut frame, &[])?;
    }
    print_frame(&mut frame, args.format)
}

/// Writes `stem.csv` (from `printed`), `stem.parquet` (from `full`) and each chart as
/// PNG and SVG into `directory`, all or nothing.
fn write_outputs(
    directory: &Path,
    stem: &str,
    printed: &mut DataFrame,
    full: &mut DataFrame,
    charts: &[(&str, LineChart)],
) -> anyhow::Result<()> {
    let mut staging =
        StagedFiles::new(directory).with_context(|| format!("--out {}", directory.display()))?;
    write_csv_file(printed, &staging.stage(&format!("{stem}.csv")))?;
    write_parquet_file(full, &staging.stage(&format!("{stem}.parquet")))?;
    for (name, chart) in charts {
        chart.write_png(&staging.stage(&format!("{name}.png")))?;
        chart.write_svg(&staging.stage(&format!("{name}.svg")))?;
    }
    for path in staging.commit()? {
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

fn print_frame(frame: &mut DataFrame, format: Format) -> anyhow::Result<()> {
    let stdout = io::stdout();
    let mut stdout = stdout.lock();
    match format {
        Format::Csv => write_csv(frame, &mut stdout)?,
        Format::Table => stdout.write_all(format_text_table(frame).as_bytes())?,
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

fn render_pattern(pattern: &[u32]) -> String {
    pattern
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn render_patterns(patterns: &[Vec<u32>]) -> String {
    patterns
        .iter()
        .map(|pattern| render_pattern(pattern))
        .collect::<Vec<_>>()
        .join("; ")
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

    #[test]
    fn counts_are_printed_up_to_sixty_digits() {
        let sixty_nines = BigUint::from(10u32).pow(60u32) - 1u32;
        assert_eq!(printable_count(&sixty_nines).unwrap().len(), 60);
        assert_eq!(printable_count(&(sixty_nines + 1u32)), None);
        assert_eq!(printable_count(&BigUint::from(0u32)).as_deref(), Some("0"));
    }
}
