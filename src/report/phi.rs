//! The tables and charts of `testspace phi` (Section 5 of the paper), from the analysis of
//! [`crate::analysis`]: failure-density curves per failing length k (the Section 5.1
//! recurrence, exact or in floating point) or per pattern set (the automaton), their
//! table (`j,k,n,phi,fd,fdpmc`, or `j,pattern,…`) and FD/FDpmc charts; the optimal-length
//! table (`j,k,n_opt,fd,fdpmc`); the files written all or nothing.
//!
//! `phi` is the exact decimal Φ when it has at most 60 digits and empty otherwise; `fd`
//! and `fdpmc` are in scientific notation with 17 significant digits.

use std::path::{Path, PathBuf};

use anyhow::Context;
use num_bigint::BigUint;

use crate::analysis::float::ScaledDensityRecurrence;
use crate::analysis::optimal::{OptimalLength, optimal_length, optimal_length_exact};
use crate::analysis::pattern::PatternCounter;
use crate::analysis::phi::{FailureCountRecurrence, FailureCounts};
use crate::analysis::scientific::ScientificNumber;
use crate::plot::Chart as _;
use crate::plot::{Corner, LineChart, Marker, Scale, Series};
use crate::table::{Column, OutputPlace, StagedFiles, Table, write_csv_file, write_parquet_file};

/// Φ is printed in full only up to this many decimal digits.
const LONGEST_PRINTED_COUNT: usize = 60;

/// The columns of the density table printed and written as CSV: `k` or `pattern` as the
/// curves count lengths or pattern sets.
pub fn printed_columns(patterns: bool) -> [&'static str; 6] {
    if patterns {
        ["j", "pattern", "n", "phi", "fd", "fdpmc"]
    } else {
        ["j", "k", "n", "phi", "fd", "fdpmc"]
    }
}

/// What a curve counts: the paper's model for a failing length k, or a pattern set.
#[derive(Debug, Clone, PartialEq)]
pub enum FailingSequences {
    /// The paper's model: one failing sequence of length k.
    Length(u32),
    /// A set of failing sequences (call indices).
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

/// The rows of one k or one pattern set, in the order of the lengths asked for.
#[derive(Debug, Clone)]
pub struct Curve {
    sequences: FailingSequences,
    points: Vec<DensityPoint>,
}

/// The curve of failing length `failing_length` at `lengths`: exact by the Section 5.1
/// recurrence, or in floating point (Φ left empty).
///
/// # Errors
/// j or k out of the recurrence's domain (named as `j = …, k = …`).
pub fn recurrence_curve(
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

/// The curve of the pattern set `patterns` at `lengths`, exact by the automaton method.
///
/// # Errors
/// A pattern with a call index not below `calls` (named as `j = …`).
pub fn pattern_curve(
    calls: u32,
    patterns: Vec<Vec<u32>>,
    lengths: &[u64],
) -> anyhow::Result<Curve> {
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

/// All columns: the CSV contract's ([`printed_columns`]) plus `log10_fd` and
/// `log10_fdpmc` (for Parquet).
pub fn density_table(calls: u32, curves: &[Curve]) -> Table {
    let rows = || {
        curves
            .iter()
            .flat_map(|curve| curve.points.iter().map(move |point| (curve, point)))
    };
    let mut columns = vec![Column::new(
        "j",
        rows().map(|_| calls).collect::<Vec<u32>>(),
    )];
    columns.push(match curves.first().map(|curve| &curve.sequences) {
        Some(FailingSequences::Patterns(_)) => Column::new(
            "pattern",
            rows()
                .map(|(curve, _)| curve.sequences.describe())
                .collect::<Vec<String>>(),
        ),
        _ => Column::new(
            "k",
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
            "n",
            rows().map(|(_, point)| point.length).collect::<Vec<u64>>(),
        ),
        Column::new(
            "phi",
            rows()
                .map(|(_, point)| point.failing.clone())
                .collect::<Vec<Option<String>>>(),
        ),
        Column::new(
            "fd",
            rows()
                .map(|(_, point)| point.density.to_string())
                .collect::<Vec<String>>(),
        ),
        Column::new(
            "fdpmc",
            rows()
                .map(|(_, point)| point.per_call().to_string())
                .collect::<Vec<String>>(),
        ),
        Column::new(
            "log10_fd",
            rows()
                .map(|(_, point)| point.density.log10())
                .collect::<Vec<f64>>(),
        ),
        Column::new(
            "log10_fdpmc",
            rows()
                .map(|(_, point)| point.per_call().log10())
                .collect::<Vec<f64>>(),
        ),
    ]);
    Table::new(columns)
}

/// FD against n (one series per curve) and FDpmc against n with the optimum marked, by
/// file stem (`fd`, `fdpmc`); `notes` receives each note (a line for stderr) on an
/// optimum that is not marked.
///
/// # Errors
/// None in practice.
pub fn density_charts(
    calls: u32,
    curves: &[Curve],
    notes: &mut dyn FnMut(&str),
) -> anyhow::Result<Vec<(&'static str, LineChart)>> {
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
                    notes(&format!(
                        "note: for k = {k} the optimum n = {} lies outside the plotted lengths",
                        optimum.length
                    ));
                    None
                }
                Err(error) => {
                    notes(&format!("note: {error}"));
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

/// The optimal-length table, header `j,k,n_opt,fd,fdpmc`, one row per (j, k): by exact
/// steps up to `max_n` or in floating point; a (j, k) without a maximum below the limit
/// gets an empty row and a warning (a line for stderr) to `warnings`.
///
/// # Errors
/// j or k out of the analysis' domain (named as `j = …, k = …`).
pub fn optimal_table(
    calls: &[u32],
    failing_lengths: &[u32],
    exact: bool,
    max_n: u64,
    warnings: &mut dyn FnMut(&str),
) -> anyhow::Result<Table> {
    let mut rows: Vec<(u32, u32, Option<OptimalLength>)> = Vec::new();
    for &j in calls {
        for &k in failing_lengths {
            let optimum = if exact {
                optimal_length_exact(j, k, max_n)
            } else {
                optimal_length(j, k)
            };
            match optimum {
                Ok(optimum) => rows.push((j, k, Some(optimum))),
                Err(error @ crate::analysis::AnalysisError::NoMaximumBelowLimit { .. }) => {
                    warnings(&format!("warning: {error}; its row is left empty"));
                    rows.push((j, k, None));
                }
                Err(error) => return Err(error).with_context(|| format!("j = {j}, k = {k}")),
            }
        }
    }
    let text = |value: Option<ScientificNumber>| value.map(|number| number.to_string());
    Ok(Table::new(vec![
        Column::new("j", rows.iter().map(|row| row.0).collect::<Vec<u32>>()),
        Column::new("k", rows.iter().map(|row| row.1).collect::<Vec<u32>>()),
        Column::new(
            "n_opt",
            rows.iter()
                .map(|row| row.2.map(|optimum| optimum.length))
                .collect::<Vec<Option<u64>>>(),
        ),
        Column::new(
            "fd",
            rows.iter()
                .map(|row| text(row.2.map(|optimum| optimum.failure_density)))
                .collect::<Vec<Option<String>>>(),
        ),
        Column::new(
            "fdpmc",
            rows.iter()
                .map(|row| text(row.2.map(|optimum| optimum.density_per_call)))
                .collect::<Vec<Option<String>>>(),
        ),
    ]))
}

/// Writes `stem.csv` (from `printed`), `stem.parquet` (from `full`) and each chart as
/// PNG and SVG into `directory`, all or nothing; the files written.
///
/// # Errors
/// The folder cannot be made (`--out DIR`), or a file cannot be written.
pub fn write_tables(
    directory: &Path,
    stem: &str,
    printed: &Table,
    full: &Table,
    charts: &[(&str, LineChart)],
) -> anyhow::Result<Vec<PathBuf>> {
    let mut staging = StagedFiles::claim(OutputPlace::Folder(directory), "phi", false)
        .with_context(|| format!("--out {}", directory.display()))?;
    write_csv_file(printed, &staging.stage(&format!("{stem}.csv")))?;
    write_parquet_file(full, &staging.stage(&format!("{stem}.parquet")))?;
    for (name, chart) in charts {
        chart.write_png(&staging.stage(&format!("{name}.png")))?;
        chart.write_svg(&staging.stage(&format!("{name}.svg")))?;
    }
    Ok(staging.commit()?)
}

/// A failing sequence as text: its call indices separated by spaces.
pub fn render_pattern(pattern: &[u32]) -> String {
    pattern
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A pattern set as text: its patterns separated by `; `.
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
    fn counts_are_printed_up_to_sixty_digits() {
        let sixty_nines = BigUint::from(10u32).pow(60u32) - 1u32;
        assert_eq!(printable_count(&sixty_nines).unwrap().len(), 60);
        assert_eq!(printable_count(&(sixty_nines + 1u32)), None);
        assert_eq!(printable_count(&BigUint::from(0u32)).as_deref(), Some("0"));
    }
}
