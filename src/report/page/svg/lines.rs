//! Step charts over a cost axis (kill counts, coverage and survival change only at
//! observed costs): one line per strategy with an optional band (the interquartile range
//! over replicates) drawn beneath it and its strategy's marker at its end, a legend on the
//! right.

use super::axis::{Scale, linear_ticks, log_ticks, tick_label};
use super::colour::StrategyStyle;
use super::{Anchor, Svg, text_width};

const FONT: f64 = 11.0;

/// One line.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Series {
    /// Its name in the legend.
    pub(crate) name: String,
    /// Its points, in increasing x: each value holds until the next point's x.
    pub(crate) points: Vec<(f64, f64)>,
    /// Its band: (x, low, high) in increasing x (empty: none).
    pub(crate) band: Vec<(f64, f64, f64)>,
    /// How it is drawn: its strategy's style.
    pub(crate) style: StrategyStyle,
}

/// A step function's points as a staircase: each value held until the next x.
pub(crate) fn staircase<T: Copy>(points: &[(f64, T)]) -> Vec<(f64, T)> {
    let mut stairs = Vec::with_capacity(2 * points.len());
    for (i, &(x, value)) in points.iter().enumerate() {
        if i > 0 {
            stairs.push((x, points[i - 1].1));
        }
        stairs.push((x, value));
    }
    stairs
}

/// A chart to draw.
#[derive(Clone, Debug)]
pub(crate) struct LineChart<'a> {
    /// The x axis' title.
    pub(crate) x_title: &'a str,
    /// The y axis' title.
    pub(crate) y_title: &'a str,
    /// Whether x is drawn in log scale (values ≤ 0 at the left edge).
    pub(crate) log_x: bool,
    /// The y range (`None`: 0 to the largest value).
    pub(crate) y_range: Option<(f64, f64)>,
    /// The lines, in legend order.
    pub(crate) series: &'a [Series],
}

/// The chart as SVG text.
pub(crate) fn line_chart(chart: &LineChart<'_>) -> String {
    let (plot_x, plot_y, plot_w, plot_h): (f64, f64, f64, f64) = (64.0, 14.0, 560.0, 320.0);
    let legend_w = chart
        .series
        .iter()
        .map(|s| text_width(&s.name, FONT))
        .fold(60.0, f64::max)
        + 40.0;
    let width = plot_x + plot_w + 20.0 + legend_w;
    let height = (plot_y + plot_h + 48.0).max(plot_y + 16.0 * chart.series.len() as f64 + 20.0);
    let xs = || {
        chart.series.iter().flat_map(|s| {
            s.points
                .iter()
                .map(|p| p.0)
                .chain(s.band.iter().map(|b| b.0))
        })
    };
    let x_high = xs().fold(1.0, f64::max);
    let (x_scale, x_ticks) = if chart.log_x {
        let low = xs()
            .filter(|x| *x > 0.0)
            .fold(f64::INFINITY, f64::min)
            .min(x_high);
        let low = if low.is_finite() { low.min(1.0) } else { 1.0 };
        (
            Scale::log(low, x_high, plot_x, plot_x + plot_w),
            log_ticks(low, x_high),
        )
    } else {
        (
            Scale::linear(0.0, x_high, plot_x, plot_x + plot_w),
            linear_ticks(0.0, x_high),
        )
    };
    let (y_low, y_high) = chart.y_range.unwrap_or_else(|| {
        let high = chart
            .series
            .iter()
            .flat_map(|s| {
                s.points
                    .iter()
                    .map(|p| p.1)
                    .chain(s.band.iter().map(|b| b.2))
            })
            .fold(1.0, f64::max);
        (0.0, high)
    });
    let y_scale = Scale::linear(y_low, y_high, plot_y + plot_h, plot_y);
    let mut svg = Svg::new(width, height);
    axes(
        &mut svg,
        chart,
        (&x_scale, &x_ticks),
        (&y_scale, y_low, y_high),
        (plot_x, plot_y, plot_w, plot_h),
    );
    for (i, s) in chart.series.iter().enumerate() {
        let style = s.style;
        let colour = style.colour.hex();
        if !s.band.is_empty() {
            let band: Vec<(f64, (f64, f64))> =
                s.band.iter().map(|&(x, l, h)| (x, (l, h))).collect();
            let band = staircase(&band);
            let upper = band
                .iter()
                .map(|&(x, (_, h))| (x_scale.at(x), y_scale.at(h)));
            let lower = band
                .iter()
                .rev()
                .map(|&(x, (l, _))| (x_scale.at(x), y_scale.at(l)));
            let outline: Vec<(f64, f64)> = upper.chain(lower).collect();
            svg.polygon(
                &outline,
                &format!("fill:{colour};fill-opacity:0.1;stroke:none"),
            );
        }
        let points: Vec<(f64, f64)> = staircase(&s.points)
            .into_iter()
            .map(|(x, y)| (x_scale.at(x), y_scale.at(y)))
            .collect();
        svg.polyline(
            &points,
            &format!("stroke:{colour};stroke-width:1.6;{}", style.dash),
        );
        if let Some(&end) = points.last() {
            svg.marker(end, style.marker, style.colour);
        }
        let y = plot_y + 8.0 + 16.0 * i as f64;
        let x = plot_x + plot_w + 20.0;
        svg.line(
            (x, y),
            (x + 22.0, y),
            &format!("stroke:{colour};stroke-width:2;{}", style.dash),
        );
        svg.marker((x + 11.0, y), style.marker, style.colour);
        svg.text((x + 28.0, y + 4.0), &s.name, FONT, Anchor::Start);
    }
    svg.finish()
}

fn axes(
    svg: &mut Svg,
    chart: &LineChart<'_>,
    (x_scale, x_ticks): (&Scale, &[f64]),
    (y_scale, y_low, y_high): (&Scale, f64, f64),
    (plot_x, plot_y, plot_w, plot_h): (f64, f64, f64, f64),
) {
    let bottom = plot_y + plot_h;
    for &tick in x_ticks {
        let x = x_scale.at(tick);
        svg.line((x, plot_y), (x, bottom), "stroke:#eee");
        svg.text(
            (x, bottom + 14.0),
            &tick_label(tick),
            FONT - 1.0,
            Anchor::Middle,
        );
    }
    for tick in linear_ticks(y_low, y_high) {
        let y = y_scale.at(tick);
        svg.line((plot_x, y), (plot_x + plot_w, y), "stroke:#eee");
        svg.text(
            (plot_x - 6.0, y + 4.0),
            &tick_label(tick),
            FONT - 1.0,
            Anchor::End,
        );
    }
    svg.rect(
        (plot_x, plot_y),
        (plot_w, plot_h),
        "fill:none;stroke:#222",
        "",
    );
    svg.text(
        (plot_x + plot_w / 2.0, bottom + 34.0),
        chart.x_title,
        FONT,
        Anchor::Middle,
    );
    svg.vertical_text(
        (16.0, plot_y + plot_h / 2.0),
        chart.y_title,
        FONT,
        Anchor::Middle,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_staircase_holds_each_value_until_the_next_x() {
        let stairs = staircase(&[(0.0, 1.0), (2.0, 0.5), (5.0, 0.25)]);
        assert_eq!(
            stairs,
            [(0.0, 1.0), (2.0, 1.0), (2.0, 0.5), (5.0, 0.5), (5.0, 0.25)]
        );
    }
}
