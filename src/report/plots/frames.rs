//! The CSV tables of `testspace plot`'s figures: the plotted numbers, with each row's band
//! over replicates where the results are replicated.

use std::collections::BTreeMap;

use crate::report::coverage::CoverageCurves;
use crate::report::figures::{self, DensityModel, Figure4, Figure5Point, Figure6};
use crate::report::replicated::{Band, CurveBand, KillCurves};
use crate::table::{Column, Table};

/// `figure4.csv`: the mean density per unit and n (`all` for every unit), and on the `all`
/// rows the band over replicates.
pub fn figure4(figure: &Figure4, bands: &BTreeMap<u64, Band>) -> Table {
    let curves: Vec<&figures::DensityCurve> = std::iter::once(&figure.overall)
        .chain(&figure.units)
        .collect();
    let rows = || {
        curves
            .iter()
            .flat_map(|c| c.points.iter().map(move |p| (c, p)))
    };
    let table = Table::new(vec![
        Column::new(
            "unit",
            rows().map(|(c, _)| c.unit.as_str()).collect::<Vec<_>>(),
        ),
        Column::new("n", rows().map(|(_, p)| p.n).collect::<Vec<_>>()),
        Column::new(
            "mutants",
            rows().map(|(_, p)| p.mutants as u64).collect::<Vec<_>>(),
        ),
        Column::new(
            "mean_failure_density",
            rows().map(|(_, p)| p.mean_density).collect::<Vec<_>>(),
        ),
    ]);
    let per_row: Vec<Option<&Band>> = rows()
        .map(|(c, p)| (c.unit == "all").then(|| bands.get(&p.n)).flatten())
        .collect();
    with_band_columns(table, "replicates", !bands.is_empty(), &per_row)
}

/// `figure5.csv`: BE's wins and ties per n, with the percentage's band over replicates.
pub fn figure5(points: &[Figure5Point], bands: &BTreeMap<u64, Band>) -> Table {
    let table = Table::new(vec![
        Column::new("n", points.iter().map(|p| p.n).collect::<Vec<_>>()),
        Column::new(
            "cases",
            points.iter().map(|p| p.cases as u64).collect::<Vec<_>>(),
        ),
        Column::new(
            "be_wins",
            points.iter().map(|p| p.be_wins as u64).collect::<Vec<_>>(),
        ),
        Column::new(
            "ties",
            points.iter().map(|p| p.ties as u64).collect::<Vec<_>>(),
        ),
        Column::new(
            "be_missing",
            points
                .iter()
                .map(|p| p.be_missing as u64)
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "be_wins_percent",
            points.iter().map(|p| p.percentage).collect::<Vec<_>>(),
        ),
    ]);
    let per_row: Vec<Option<&Band>> = points.iter().map(|p| bands.get(&p.n)).collect();
    with_band_columns(table, "be_wins_percent", !bands.is_empty(), &per_row)
}

/// `figure6.csv`: the mutants killed per strategy and n, with their band over replicates.
pub fn figure6(figure: &Figure6, bands: &BTreeMap<(String, u64), Band>) -> Table {
    let rows = || {
        figure
            .curves
            .iter()
            .flat_map(|c| c.points.iter().map(move |p| (c, p)))
    };
    let table = Table::new(vec![
        Column::new(
            "strategy",
            rows().map(|(c, _)| c.strategy.as_str()).collect::<Vec<_>>(),
        ),
        Column::new("n", rows().map(|(_, p)| p.n).collect::<Vec<_>>()),
        Column::new(
            "mutants_run",
            rows()
                .map(|(_, p)| p.mutants_run as u64)
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "killed",
            rows().map(|(_, p)| p.killed as u64).collect::<Vec<_>>(),
        ),
        Column::new(
            "non_equivalent",
            rows()
                .map(|_| figure.non_equivalent as u64)
                .collect::<Vec<_>>(),
        ),
    ]);
    let per_row: Vec<Option<&Band>> = rows()
        .map(|(c, p)| bands.get(&(c.strategy.clone(), p.n)))
        .collect();
    with_band_columns(table, "killed", !bands.is_empty(), &per_row)
}

/// `density_model.csv`: the pooled curves (measured and model) and each unit's fit.
pub fn density_model(model: &DensityModel) -> Table {
    // (series, unit, j, k, n, mutants, density, rmse)
    type Row = (
        String,
        String,
        Option<u32>,
        Option<u32>,
        u64,
        Option<u64>,
        f64,
        Option<f64>,
    );
    let mut rows: Vec<Row> = Vec::new();
    for curve in &model.pooled {
        let k = curve
            .series
            .strip_prefix("model-k")
            .and_then(|k| k.parse().ok());
        for &(n, mutants, density) in &curve.points {
            rows.push((
                curve.series.clone(),
                "all".into(),
                None,
                k,
                n,
                Some(mutants as u64),
                density,
                None,
            ));
        }
    }
    for fit in &model.fits {
        for &(n, measured, predicted) in &fit.points {
            rows.push((
                "measured".into(),
                fit.unit.clone(),
                Some(fit.j),
                None,
                n,
                None,
                measured,
                None,
            ));
            rows.push((
                "model-fitted".into(),
                fit.unit.clone(),
                Some(fit.j),
                Some(fit.k),
                n,
                None,
                predicted,
                Some(fit.rmse_log10),
            ));
        }
    }
    Table::new(vec![
        Column::new(
            "series",
            rows.iter().map(|r| r.0.as_str()).collect::<Vec<_>>(),
        ),
        Column::new(
            "unit",
            rows.iter().map(|r| r.1.as_str()).collect::<Vec<_>>(),
        ),
        Column::new("j", rows.iter().map(|r| r.2).collect::<Vec<_>>()),
        Column::new("k", rows.iter().map(|r| r.3).collect::<Vec<_>>()),
        Column::new("n", rows.iter().map(|r| r.4).collect::<Vec<_>>()),
        Column::new("mutants", rows.iter().map(|r| r.5).collect::<Vec<_>>()),
        Column::new(
            "failure_density",
            rows.iter().map(|r| r.6).collect::<Vec<_>>(),
        ),
        Column::new(
            "fit_rmse_log10",
            rows.iter().map(|r| r.7).collect::<Vec<_>>(),
        ),
    ])
}

/// `kill_curves.csv`: every point of every kill curve, with its band.
pub fn kill_curves(charts: &[KillCurves]) -> Table {
    let rows = || curve_points(charts, |chart| &chart.curves);
    let table = Table::new(vec![
        Column::new(
            "cost",
            rows().map(|(c, ..)| c.cost.name()).collect::<Vec<_>>(),
        ),
        Column::new("n", rows().map(|(c, ..)| c.n).collect::<Vec<_>>()),
        Column::new(
            "strategy",
            rows()
                .map(|(_, k, ..)| k.strategy.as_str())
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "replicates",
            rows().map(|(c, ..)| c.replicates).collect::<Vec<_>>(),
        ),
        Column::new("x", rows().map(|(_, _, x, _)| x).collect::<Vec<_>>()),
    ]);
    let bands: Vec<Option<&Band>> = rows().map(|(.., b)| Some(b)).collect();
    with_band_columns(table, "killed", true, &bands)
}

/// `coverage_curves.csv`: every point of every coverage curve, with its band.
pub fn coverage_curves(charts: &[CoverageCurves]) -> Table {
    let rows =
        || curve_points(charts, |chart| &chart.curves).map(|(c, k, x, b)| (c, k, x as u64, b));
    let table = Table::new(vec![
        Column::new("n", rows().map(|(c, ..)| c.n).collect::<Vec<_>>()),
        Column::new(
            "strategy",
            rows()
                .map(|(_, k, ..)| k.strategy.as_str())
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "replicates",
            rows().map(|(c, ..)| c.replicates).collect::<Vec<_>>(),
        ),
        Column::new(
            "units",
            rows().map(|(c, ..)| c.units as u64).collect::<Vec<_>>(),
        ),
        Column::new("tests", rows().map(|(_, _, x, _)| x).collect::<Vec<_>>()),
    ]);
    let bands: Vec<Option<&Band>> = rows().map(|(.., b)| Some(b)).collect();
    with_band_columns(table, "coverage", true, &bands)
}

/// `table` with the columns `{prefix}_median`, `{prefix}_q1` and `{prefix}_q3` of each
/// row's band over replicates (empty where a row has none), when the results are
/// replicated; else `table` as it is.
fn with_band_columns(
    mut table: Table,
    prefix: &str,
    replicated: bool,
    per_row: &[Option<&Band>],
) -> Table {
    if replicated {
        for (suffix, of) in [
            ("median", (|b: &Band| b.median) as fn(&Band) -> f64),
            ("q1", |b: &Band| b.q1),
            ("q3", |b: &Band| b.q3),
        ] {
            let values: Vec<Option<f64>> = per_row.iter().map(|b| b.map(of)).collect();
            table = table.with_column(Column::new(format!("{prefix}_{suffix}"), values));
        }
    }
    table
}

/// Every point of every curve of `charts`, in order: (chart, curve, x, band).
fn curve_points<'a, C>(
    charts: &'a [C],
    curves: fn(&'a C) -> &'a [CurveBand],
) -> impl Iterator<Item = (&'a C, &'a CurveBand, f64, &'a Band)> {
    charts.iter().flat_map(move |chart| {
        curves(chart).iter().flat_map(move |curve| {
            curve
                .points
                .iter()
                .map(move |(x, band)| (chart, curve, *x, band))
        })
    })
}
