//! [`ScatterChart`]: points on logarithmic axes against the diagonal y = x.

use std::path::Path;

use plotters::prelude::*;

use super::{Chart, Extent, PlotError, Scale, color, draw_axes, draw_legend, present};

/// One labelled set of points.
#[derive(Debug, Clone, PartialEq)]
pub struct PointSet {
    /// The legend entry.
    pub label: String,
    /// The (x, y) points; those not positive and finite are left out.
    pub points: Vec<(f64, f64)>,
}

/// A scatter chart on log–log axes of equal range, with the diagonal y = x drawn: for a
/// prediction (x) against a measurement (y), points above the diagonal were measured
/// higher than predicted.
///
/// Contract: every positive finite point of every set is drawn as a dot in its set's
/// colour; both axes span the same whole decades, covering all of them.
#[derive(Debug, Clone, PartialEq)]
pub struct ScatterChart {
    /// The title above the plot.
    pub title: String,
    /// The label of the horizontal axis.
    pub x_label: String,
    /// The label of the vertical axis.
    pub y_label: String,
    /// The point sets, one legend entry each.
    pub sets: Vec<PointSet>,
}

impl ScatterChart {
    fn drawable(point: &(f64, f64)) -> bool {
        point.0.is_finite() && point.1.is_finite() && point.0 > 0.0 && point.1 > 0.0
    }

    fn draw_in<Backend: DrawingBackend>(
        &self,
        area: &DrawingArea<Backend, plotters::coord::Shift>,
        range: std::ops::Range<f64>,
    ) -> Result<(), DrawingAreaErrorKind<Backend::ErrorType>> {
        area.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, ("sans-serif", 30))
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(110)
            .build_cartesian_2d(range.clone().log_scale(), range.clone().log_scale())?;
        draw_axes(&mut chart, &self.x_label, &self.y_label)?;
        chart
            .draw_series(LineSeries::new(
                [(range.start, range.start), (range.end, range.end)],
                BLACK.stroke_width(1),
            ))?
            .label("y = x")
            .legend(|(x, y)| PathElement::new([(x, y), (x + 24, y)], BLACK.stroke_width(1)));
        for (index, set) in self.sets.iter().enumerate() {
            let color = color(index);
            let points = set.points.iter().copied().filter(Self::drawable);
            chart
                .draw_series(points.map(|point| Circle::new(point, 3, color.mix(0.6).filled())))?
                .label(&set.label)
                .legend(move |(x, y)| Circle::new((x + 12, y), 5, color.filled()));
        }
        draw_legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
        Ok(())
    }
}

/// [`PlotError::NoData`] when no point is positive and finite.
impl Chart for ScatterChart {
    fn draw<Backend: DrawingBackend>(
        &self,
        area: DrawingArea<Backend, plotters::coord::Shift>,
        path: &Path,
    ) -> Result<(), PlotError> {
        let mut extent = Extent::default();
        for point in self.sets.iter().flat_map(|set| &set.points) {
            if Self::drawable(point) {
                extent.include(point.0);
                extent.include(point.1);
            }
        }
        let range = extent
            .range(Scale::Logarithmic)
            .ok_or_else(|| PlotError::NoData {
                title: self.title.clone(),
            })?;
        let drawn = self.draw_in(&area, range);
        present(&area, drawn, path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_without_positive_points_is_refused_and_one_with_them_is_drawn() {
        let dir = tempfile::tempdir().unwrap();
        let mut chart = ScatterChart {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            sets: vec![PointSet {
                label: "a".into(),
                points: vec![(0.0, 0.5), (0.1, 0.0)],
            }],
        };
        assert!(matches!(
            chart.write_svg(&dir.path().join("none.svg")),
            Err(PlotError::NoData { .. })
        ));
        chart.sets[0].points.push((1e-4, 0.2));
        let path = dir.path().join("some.svg");
        chart.write_svg(&path).unwrap();
        let svg = std::fs::read_to_string(path).unwrap();
        assert_eq!(
            svg.matches("<circle").count(),
            2,
            "one point and its legend dot"
        );
    }
}
