//! Bar charts: one bar per category, an annotation above each bar, and dashed horizontal
//! reference lines (such as the 50% line of the paper's Figure 5).

use std::ops::Range;
use std::path::Path;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{Chart, PlotError, color, draw_legend, present, short_number};

/// One bar.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    /// The category's label under the axis.
    pub label: String,
    /// The bar's height; `None` draws no bar (only the annotation, at the bottom).
    pub value: Option<f64>,
    /// Text written above the bar (empty: none).
    pub annotation: String,
    /// A range drawn as a whisker through the bar's middle (e.g. the interquartile range
    /// of replicates); `None`: none.
    pub range: Option<(f64, f64)>,
}

/// A dashed horizontal line across the chart, with a legend entry.
#[derive(Debug, Clone, PartialEq)]
pub struct ReferenceLine {
    /// The legend entry.
    pub label: String,
    /// Its height.
    pub value: f64,
}

/// A bar chart on a linear vertical axis.
#[derive(Debug, Clone, PartialEq)]
pub struct BarChart {
    /// The title above the plot.
    pub title: String,
    /// The label of the horizontal (category) axis.
    pub x_label: String,
    /// The label of the vertical axis.
    pub y_label: String,
    /// The legend entry of the bars.
    pub bar_label: String,
    /// The bars, left to right.
    pub bars: Vec<Bar>,
    /// The vertical axis' range.
    pub y_range: Range<f64>,
    /// Reference lines, each in its own colour (the bars take the first colour).
    pub reference_lines: Vec<ReferenceLine>,
}

/// [`PlotError::NoData`] when there is no bar.
impl Chart for BarChart {
    fn draw<Backend: DrawingBackend>(
        &self,
        area: DrawingArea<Backend, plotters::coord::Shift>,
        path: &Path,
    ) -> Result<(), PlotError> {
        if self.bars.is_empty() {
            return Err(PlotError::NoData {
                title: self.title.clone(),
            });
        }
        let drawn = self.draw_in(&area);
        present(&area, drawn, path)
    }
}

impl BarChart {
    fn draw_in<Backend: DrawingBackend>(
        &self,
        area: &DrawingArea<Backend, plotters::coord::Shift>,
    ) -> Result<(), DrawingAreaErrorKind<Backend::ErrorType>> {
        area.fill(&WHITE)?;
        let count = i32::try_from(self.bars.len()).unwrap_or(i32::MAX);
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, ("sans-serif", 30))
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(110)
            .build_cartesian_2d((0..count - 1).into_segmented(), self.y_range.clone())?;
        let label_of = |value: &SegmentValue<i32>| match value {
            SegmentValue::CenterOf(index) => usize::try_from(*index)
                .ok()
                .and_then(|index| self.bars.get(index))
                .map(|bar| bar.label.clone())
                .unwrap_or_default(),
            _ => String::new(),
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(self.bars.len() + 1)
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .axis_desc_style(("sans-serif", 22))
            .label_style(("sans-serif", 17))
            .x_label_formatter(&label_of)
            .y_label_formatter(&|value| short_number(*value))
            .draw()?;
        let bar_color = color(0);
        let rectangles = self.bars.iter().enumerate().filter_map(|(index, bar)| {
            let index = i32::try_from(index).ok()?;
            let value = bar.value?;
            let mut rectangle = Rectangle::new(
                [
                    (SegmentValue::Exact(index), 0.0),
                    (SegmentValue::Exact(index + 1), value),
                ],
                bar_color.mix(0.8).filled(),
            );
            rectangle.set_margin(0, 0, 14, 14);
            Some(rectangle)
        });
        chart
            .draw_series(rectangles)?
            .label(&self.bar_label)
            .legend(move |(x, y)| {
                Rectangle::new([(x, y - 7), (x + 24, y + 7)], bar_color.mix(0.8).filled())
            });
        let whiskers = self.bars.iter().enumerate().filter_map(|(index, bar)| {
            let index = i32::try_from(index).ok()?;
            let (low, high) = bar.range?;
            Some(PathElement::new(
                [
                    (SegmentValue::CenterOf(index), low),
                    (SegmentValue::CenterOf(index), high),
                ],
                BLACK.stroke_width(3),
            ))
        });
        chart.draw_series(whiskers)?;
        let annotation_style = TextStyle::from(("sans-serif", 17).into_font())
            .color(&BLACK)
            .pos(Pos::new(HPos::Center, VPos::Bottom));
        let low = self.y_range.start;
        let lift = (self.y_range.end - self.y_range.start) * 0.01;
        let annotations = self.bars.iter().enumerate().filter_map(|(index, bar)| {
            let index = i32::try_from(index).ok()?;
            let top = bar
                .value
                .unwrap_or(low)
                .max(bar.range.map_or(low, |(_, high)| high))
                .max(low);
            (!bar.annotation.is_empty()).then(|| {
                Text::new(
                    bar.annotation.clone(),
                    (SegmentValue::CenterOf(index), top + lift),
                    annotation_style.clone(),
                )
            })
        });
        chart.draw_series(annotations)?;
        for (number, line) in self.reference_lines.iter().enumerate() {
            let line_color = color(number + 1);
            chart
                .draw_series(DashedLineSeries::new(
                    [
                        (SegmentValue::Exact(0), line.value),
                        (SegmentValue::Last, line.value),
                    ],
                    12,
                    8,
                    line_color.stroke_width(3),
                ))?
                .label(&line.label)
                .legend(move |(x, y)| {
                    PathElement::new([(x, y), (x + 24, y)], line_color.stroke_width(3))
                });
        }
        draw_legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart() -> BarChart {
        BarChart {
            title: "Bar test".into(),
            x_label: "n".into(),
            y_label: "percent".into(),
            bar_label: "share".into(),
            bars: vec![
                Bar {
                    label: "one".into(),
                    value: Some(60.0),
                    annotation: "3/5".into(),
                    range: Some((40.0, 70.0)),
                },
                Bar {
                    label: "two".into(),
                    value: None,
                    annotation: "no cases".into(),
                    range: None,
                },
            ],
            y_range: 0.0..100.0,
            reference_lines: vec![ReferenceLine {
                label: "even".into(),
                value: 50.0,
            }],
        }
    }

    #[test]
    fn png_and_svg_carry_labels_annotations_and_legend() {
        let directory = tempfile::tempdir().unwrap();
        let (png, svg) = (
            directory.path().join("bar.png"),
            directory.path().join("bar.svg"),
        );
        chart().write_png(&png).unwrap();
        chart().write_svg(&svg).unwrap();
        assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
        let text = std::fs::read_to_string(&svg).unwrap();
        for expected in ["Bar test", "one", "two", "3/5", "no cases", "share", "even"] {
            assert!(text.contains(expected), "{expected} missing from the SVG");
        }
    }

    #[test]
    fn a_chart_without_bars_is_an_error() {
        let mut chart = chart();
        chart.bars.clear();
        let path = tempfile::tempdir().unwrap().path().join("empty.svg");
        assert!(matches!(
            chart.write_svg(&path),
            Err(PlotError::NoData { .. })
        ));
    }
}
