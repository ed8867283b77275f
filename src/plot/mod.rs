//! Charts drawn with plotters, as PNG or SVG, with a bundled font (DejaVu Sans), so
//! text renders on machines without system fonts: [`LineChart`] here, [`bar::BarChart`]
//! in its own module.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;
use plotters::style::{FontStyle, register_font};
use thiserror::Error;

pub mod bar;
pub mod scatter;

/// DejaVu Sans (Bitstream Vera licence, freely redistributable).
static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// The size of every chart, in pixels.
pub(crate) const SIZE: (u32, u32) = (1100, 700);

/// Failure to draw a chart.
#[derive(Debug, Error)]
pub enum PlotError {
    /// The chart had no point to draw (on a logarithmic axis, no positive point).
    #[error("chart \"{title}\" has no point to draw")]
    NoData {
        /// The chart's title.
        title: String,
    },
    /// The bundled font could not be registered.
    #[error("the bundled font could not be loaded")]
    Font,
    /// plotters failed while drawing or writing the file.
    #[error("could not draw {path}: {message}")]
    Drawing {
        /// The output file.
        path: PathBuf,
        /// plotters' description of the failure.
        message: String,
    },
}

/// Line colours (the "tab10" palette: distinct, and legible on white, then darker and
/// lighter variants for charts with many series), reused cyclically.
const PALETTE: [RGBColor; 18] = [
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
    RGBColor(0xe3, 0x77, 0xc2),
    RGBColor(0x7f, 0x7f, 0x7f),
    RGBColor(0xbc, 0xbd, 0x22),
    RGBColor(0x17, 0xbe, 0xcf),
    RGBColor(0x00, 0x00, 0x00),
    RGBColor(0x0b, 0x3c, 0x5d),
    RGBColor(0x8b, 0x00, 0x00),
    RGBColor(0x1b, 0x5e, 0x20),
    RGBColor(0xb3, 0x58, 0x06),
    RGBColor(0x4a, 0x23, 0x5a),
    RGBColor(0xf7, 0xb6, 0xd2),
    RGBColor(0x9e, 0xda, 0xe5),
];

pub(crate) fn color(index: usize) -> RGBColor {
    PALETTE[index % PALETTE.len()]
}

/// Where the legend box goes inside the plot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Corner {
    /// Top left.
    UpperLeft,
    /// Top right.
    UpperRight,
    /// Bottom left.
    LowerLeft,
    /// Bottom right.
    LowerRight,
}

/// How an axis maps values to positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// Evenly spaced values.
    Linear,
    /// Evenly spaced powers of ten; only positive values are drawn.
    Logarithmic,
}

/// One labelled line of a chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// The legend entry.
    pub label: String,
    /// The (x, y) points, drawn joined in the given order.
    pub points: Vec<(f64, f64)>,
}

/// A highlighted point, drawn as a large dot in the colour of its series with its own
/// legend entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    /// The legend entry.
    pub label: String,
    /// The index of the series whose colour the marker takes.
    pub series: usize,
    /// Where the marker is.
    pub point: (f64, f64),
}

/// A shaded range around a series (e.g. the interquartile range of replicates), drawn in
/// the series' colour, lighter, beneath the lines.
#[derive(Debug, Clone, PartialEq)]
pub struct Band {
    /// The index of the series whose colour the band takes.
    pub series: usize,
    /// (x, low, high) in increasing x.
    pub points: Vec<(f64, f64, f64)>,
}

/// A line chart: title, axis labels and scales, series, markers and bands.
#[derive(Debug, Clone, PartialEq)]
pub struct LineChart {
    /// The title above the plot.
    pub title: String,
    /// The label of the horizontal axis.
    pub x_label: String,
    /// The label of the vertical axis.
    pub y_label: String,
    /// The scale of the horizontal axis.
    pub x_scale: Scale,
    /// The scale of the vertical axis.
    pub y_scale: Scale,
    /// The lines, one legend entry each.
    pub series: Vec<Series>,
    /// Highlighted points.
    pub markers: Vec<Marker>,
    /// Shaded ranges around series.
    pub bands: Vec<Band>,
    /// Where the legend goes (best where the lines are not).
    pub legend: Corner,
}

/// A chart that can be drawn into a file: [`LineChart`], [`bar::BarChart`],
/// [`scatter::ScatterChart`].
pub trait Chart {
    /// Draws the chart on a plotters drawing area that writes `path` (the bundled font
    /// registered: [`Chart::write_png`] and [`Chart::write_svg`] do it).
    ///
    /// # Errors
    /// [`PlotError`] if there is nothing to draw, the font fails or the file cannot be
    /// written.
    fn draw<Backend: DrawingBackend>(
        &self,
        area: DrawingArea<Backend, plotters::coord::Shift>,
        path: &Path,
    ) -> Result<(), PlotError>;

    /// Draws the chart into a PNG file.
    ///
    /// # Errors
    /// As [`Chart::draw`].
    fn write_png(&self, path: &Path) -> Result<(), PlotError> {
        register_bundled_font()?;
        self.draw(BitMapBackend::new(path, SIZE).into_drawing_area(), path)
    }

    /// Draws the chart into an SVG file.
    ///
    /// # Errors
    /// As [`Chart::draw`].
    fn write_svg(&self, path: &Path) -> Result<(), PlotError> {
        register_bundled_font()?;
        self.draw(SVGBackend::new(path, SIZE).into_drawing_area(), path)
    }
}

/// Ends a chart's drawing: a plotters error becomes [`PlotError::Drawing`] naming `path`;
/// otherwise the area is presented (the file written).
pub(crate) fn present<Backend: DrawingBackend>(
    area: &DrawingArea<Backend, plotters::coord::Shift>,
    drawn: Result<(), DrawingAreaErrorKind<Backend::ErrorType>>,
    path: &Path,
) -> Result<(), PlotError> {
    let failure = |error: &dyn std::fmt::Display| PlotError::Drawing {
        path: path.to_path_buf(),
        message: error.to_string(),
    };
    drawn.map_err(|error| failure(&error))?;
    area.present().map_err(|error| failure(&error))
}

/// The legend box every chart draws the same way, at `position`.
pub(crate) fn draw_legend<'a, Backend, Coordinates>(
    chart: &mut ChartContext<'a, Backend, Coordinates>,
    position: SeriesLabelPosition,
) -> Result<(), DrawingAreaErrorKind<Backend::ErrorType>>
where
    Backend: DrawingBackend + 'a,
    Coordinates: CoordTranslate,
{
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 18))
        .draw()
}

/// The axes every chart draws the same way: labels, fonts, numbers by [`short_number`].
pub(crate) fn draw_axes<Backend, X, Y>(
    chart: &mut ChartContext<'_, Backend, Cartesian2d<X, Y>>,
    x_label: &str,
    y_label: &str,
) -> Result<(), DrawingAreaErrorKind<Backend::ErrorType>>
where
    Backend: DrawingBackend,
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc(y_label)
        .axis_desc_style(("sans-serif", 22))
        .label_style(("sans-serif", 17))
        .x_label_formatter(&|value| short_number(*value))
        .y_label_formatter(&|value| short_number(*value))
        .draw()
}

impl LineChart {
    /// The corner whose legend-sized box (the outer 45% of the width, 30% of the height)
    /// the lines cross least, judged on the axes the chart will draw (each segment is
    /// sampled at 50 points); ties go to the upper left, then upper right, lower left.
    pub fn emptiest_corner(&self) -> Corner {
        let drawable = |point: &(f64, f64)| {
            point.0.is_finite()
                && point.1.is_finite()
                && (self.x_scale == Scale::Linear || point.0 > 0.0)
                && (self.y_scale == Scale::Linear || point.1 > 0.0)
        };
        let (mut x, mut y) = (Extent::default(), Extent::default());
        let all = self.series.iter().flat_map(|series| &series.points);
        for point in all.clone().filter(|point| drawable(point)) {
            x.include(point.0);
            y.include(point.1);
        }
        let (Some(x_range), Some(y_range)) = (x.range(self.x_scale), y.range(self.y_scale)) else {
            return self.legend;
        };
        let unit = |value: f64, range: &Range<f64>, scale: Scale| match scale {
            Scale::Linear => (value - range.start) / (range.end - range.start),
            Scale::Logarithmic => {
                (value.log10() - range.start.log10()) / (range.end.log10() - range.start.log10())
            }
        };
        let corners = [
            Corner::UpperLeft,
            Corner::UpperRight,
            Corner::LowerLeft,
            Corner::LowerRight,
        ];
        let mut crossings = [0usize; 4];
        for series in &self.series {
            let points: Vec<(f64, f64)> = series
                .points
                .iter()
                .filter(|point| drawable(point))
                .map(|point| {
                    (
                        unit(point.0, &x_range, self.x_scale),
                        unit(point.1, &y_range, self.y_scale),
                    )
                })
                .collect();
            let samples = points.windows(2).flat_map(|pair| {
                (0..50).map(move |step| {
                    let t = f64::from(step) / 50.0;
                    (
                        pair[0].0 + t * (pair[1].0 - pair[0].0),
                        pair[0].1 + t * (pair[1].1 - pair[0].1),
                    )
                })
            });
            for (px, py) in samples.chain(points.last().copied()) {
                let (left, right) = (px <= 0.45, px >= 0.55);
                let (top, bottom) = (py >= 0.7, py <= 0.3);
                for (count, inside) in crossings.iter_mut().zip([
                    left && top,
                    right && top,
                    left && bottom,
                    right && bottom,
                ]) {
                    *count += usize::from(inside);
                }
            }
        }
        let best = (0..4).min_by_key(|&index| crossings[index]).unwrap_or(0);
        corners[best]
    }

    fn draw_in<Backend, X, Y>(
        &self,
        area: &DrawingArea<Backend, plotters::coord::Shift>,
        x_range: X,
        y_range: Y,
        drawable: &dyn Fn(&(f64, f64)) -> bool,
    ) -> Result<(), DrawingAreaErrorKind<Backend::ErrorType>>
    where
        Backend: DrawingBackend,
        X: AsRangedCoord<Value = f64>,
        Y: AsRangedCoord<Value = f64>,
        X::CoordDescType: ValueFormatter<f64>,
        Y::CoordDescType: ValueFormatter<f64>,
    {
        area.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, ("sans-serif", 30))
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(110)
            .build_cartesian_2d(x_range, y_range)?;
        draw_axes(&mut chart, &self.x_label, &self.y_label)?;
        for band in &self.bands {
            let lower = band.points.iter().map(|&(x, low, _)| (x, low));
            let upper = band.points.iter().rev().map(|&(x, _, high)| (x, high));
            let outline: Vec<(f64, f64)> = lower.chain(upper).filter(|p| drawable(p)).collect();
            if outline.len() >= 3 {
                chart.draw_series([Polygon::new(outline, color(band.series).mix(0.2).filled())])?;
            }
        }
        for (index, series) in self.series.iter().enumerate() {
            let color = color(index);
            let points = series
                .points
                .iter()
                .copied()
                .filter(|point| drawable(point));
            chart
                .draw_series(LineSeries::new(points, color.stroke_width(3)))?
                .label(&series.label)
                .legend(move |(x, y)| {
                    PathElement::new([(x, y), (x + 24, y)], color.stroke_width(3))
                });
        }
        for marker in self.markers.iter().filter(|marker| drawable(&marker.point)) {
            let color = color(marker.series);
            chart
                .draw_series([Circle::new(marker.point, 8, color.filled())])?
                .label(&marker.label)
                .legend(move |(x, y)| Circle::new((x + 12, y), 6, color.filled()));
        }
        draw_legend(
            &mut chart,
            match self.legend {
                Corner::UpperLeft => SeriesLabelPosition::UpperLeft,
                Corner::UpperRight => SeriesLabelPosition::UpperRight,
                Corner::LowerLeft => SeriesLabelPosition::LowerLeft,
                Corner::LowerRight => SeriesLabelPosition::LowerRight,
            },
        )?;
        Ok(())
    }
}

impl Chart for LineChart {
    fn draw<Backend: DrawingBackend>(
        &self,
        area: DrawingArea<Backend, plotters::coord::Shift>,
        path: &Path,
    ) -> Result<(), PlotError> {
        let drawable = |point: &(f64, f64)| {
            point.0.is_finite()
                && point.1.is_finite()
                && (self.x_scale == Scale::Linear || point.0 > 0.0)
                && (self.y_scale == Scale::Linear || point.1 > 0.0)
        };
        let points = self
            .series
            .iter()
            .flat_map(|series| &series.points)
            .copied()
            .chain(self.markers.iter().map(|marker| marker.point))
            .chain(self.bands.iter().flat_map(|band| {
                band.points
                    .iter()
                    .flat_map(|&(x, low, high)| [(x, low), (x, high)])
            }))
            .filter(|point| drawable(point));
        let (mut x, mut y) = (Extent::default(), Extent::default());
        for point in points {
            x.include(point.0);
            y.include(point.1);
        }
        let no_data = || PlotError::NoData {
            title: self.title.clone(),
        };
        let x_range = x.range(self.x_scale).ok_or_else(no_data)?;
        let y_range = y.range(self.y_scale).ok_or_else(no_data)?;
        let drawn = match (self.x_scale, self.y_scale) {
            (Scale::Linear, Scale::Linear) => self.draw_in(&area, x_range, y_range, &drawable),
            (Scale::Linear, Scale::Logarithmic) => {
                self.draw_in(&area, x_range, y_range.log_scale(), &drawable)
            }
            (Scale::Logarithmic, Scale::Linear) => {
                self.draw_in(&area, x_range.log_scale(), y_range, &drawable)
            }
            (Scale::Logarithmic, Scale::Logarithmic) => {
                self.draw_in(&area, x_range.log_scale(), y_range.log_scale(), &drawable)
            }
        };
        present(&area, drawn, path)
    }
}

/// The smallest and largest value seen.
#[derive(Debug, Default)]
struct Extent {
    bounds: Option<(f64, f64)>,
}

impl Extent {
    fn include(&mut self, value: f64) {
        self.bounds = Some(match self.bounds {
            None => (value, value),
            Some((low, high)) => (low.min(value), high.max(value)),
        });
    }

    /// The axis range: a little wider than the data, never empty.
    fn range(&self, scale: Scale) -> Option<Range<f64>> {
        let (low, high) = self.bounds?;
        Some(match scale {
            Scale::Linear => {
                let pad = if high > low {
                    (high - low) * 0.05
                } else {
                    low.abs().max(1.0) * 0.5
                };
                (low - pad)..(high + pad)
            }
            Scale::Logarithmic => {
                // Whole decades, so that every axis has labelled powers of ten.
                let low = 10f64.powf(low.log10().floor());
                let high = 10f64.powf(high.log10().ceil());
                low..if high > low { high } else { high * 10.0 }
            }
        })
    }
}

/// Axis label text: plain for moderate magnitudes, scientific otherwise.
pub(crate) fn short_number(value: f64) -> String {
    let magnitude = value.abs();
    if value == 0.0 {
        "0".to_string()
    } else if (1e-3..1e5).contains(&magnitude) {
        let text = format!("{value:.3}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        let text = format!("{value:.2e}");
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        let mantissa = mantissa.trim_end_matches('0').trim_end_matches('.');
        format!("{mantissa}e{exponent}")
    }
}

pub(crate) fn register_bundled_font() -> Result<(), PlotError> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let registered =
        *REGISTERED.get_or_init(|| register_font("sans-serif", FontStyle::Normal, FONT).is_ok());
    if registered {
        Ok(())
    } else {
        Err(PlotError::Font)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(x_scale: Scale, y_scale: Scale) -> LineChart {
        LineChart {
            title: "Test chart".into(),
            x_label: "n".into(),
            y_label: "value".into(),
            x_scale,
            y_scale,
            series: vec![
                Series {
                    label: "square".into(),
                    points: (1..=50).map(|n| (f64::from(n), f64::from(n * n))).collect(),
                },
                Series {
                    label: "zero at first".into(),
                    points: (0..=50).map(|n| (f64::from(n), f64::from(n))).collect(),
                },
            ],
            markers: vec![Marker {
                label: "marked".into(),
                series: 0,
                point: (10.0, 100.0),
            }],
            bands: vec![Band {
                series: 0,
                points: (1..=50)
                    .map(|n| (f64::from(n), f64::from(n * n) * 0.8, f64::from(n * n) * 1.2))
                    .collect(),
            }],
            legend: Corner::UpperLeft,
        }
    }

    #[test]
    fn png_and_svg_are_written_with_text_for_every_scale() {
        let directory = tempfile::tempdir().unwrap();
        for (index, (x_scale, y_scale)) in [
            (Scale::Linear, Scale::Linear),
            (Scale::Logarithmic, Scale::Linear),
            (Scale::Linear, Scale::Logarithmic),
            (Scale::Logarithmic, Scale::Logarithmic),
        ]
        .into_iter()
        .enumerate()
        {
            let chart = chart(x_scale, y_scale);
            let png = directory.path().join(format!("{index}.png"));
            let svg = directory.path().join(format!("{index}.svg"));
            chart.write_png(&png).unwrap();
            chart.write_svg(&svg).unwrap();
            assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
            let svg_text = std::fs::read_to_string(&svg).unwrap();
            for text in ["Test chart", "square", "zero at first", "marked"] {
                assert!(svg_text.contains(text), "{text} missing from the SVG");
            }
        }
    }

    #[test]
    fn chart_without_positive_points_on_a_log_axis_is_an_error() {
        let mut chart = chart(Scale::Linear, Scale::Logarithmic);
        for series in &mut chart.series {
            series.points.iter_mut().for_each(|point| point.1 = 0.0);
        }
        chart.markers.clear();
        chart.bands.clear();
        let path = tempfile::tempdir().unwrap().path().join("empty.png");
        assert!(matches!(
            chart.write_png(&path),
            Err(PlotError::NoData { .. })
        ));
    }

    #[test]
    fn the_emptiest_corner_is_where_no_line_passes() {
        // A rising line from the lower left to the upper right leaves the other two
        // corners free and the upper left wins the tie; a falling one frees the upper right
        // and lower left, and the upper right wins.
        let mut chart = chart(Scale::Linear, Scale::Linear);
        chart.markers.clear();
        chart.series = vec![Series {
            label: "rising".into(),
            points: vec![(0.0, 0.0), (10.0, 10.0)],
        }];
        assert_eq!(chart.emptiest_corner(), Corner::UpperLeft);
        chart.series[0].points = vec![(0.0, 10.0), (10.0, 0.0)];
        assert_eq!(chart.emptiest_corner(), Corner::UpperRight);
        // On log axes, positions are logarithmic.
        chart.series[0].points = vec![(1.0, 1.0), (10.0, 1.0), (100.0, 1.0), (1000.0, 1000.0)];
        chart.y_scale = Scale::Logarithmic;
        chart.x_scale = Scale::Logarithmic;
        assert_eq!(chart.emptiest_corner(), Corner::UpperLeft);
        chart.series[0].points = vec![
            (1.0, 1000.0),
            (10.0, 1000.0),
            (100.0, 1000.0),
            (1000.0, 1.0),
        ];
        assert_eq!(chart.emptiest_corner(), Corner::LowerLeft);
    }

    #[test]
    fn axis_labels_are_short() {
        assert_eq!(short_number(1000.0), "1000");
        assert_eq!(short_number(0.5), "0.5");
        assert_eq!(short_number(1e-12), "1e-12");
        assert_eq!(short_number(2.5e7), "2.5e7");
    }
}
