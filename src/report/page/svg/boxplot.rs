//! Horizontal box plots, one row per strategy: the box from the first to the third
//! quartile, the median as a thick line, whiskers to the extremes, every replicate's value
//! as a dot, each in its strategy's colour with its marker beside the name.

use super::axis::{Scale, linear_ticks};
use super::colour::strategy_style;
use super::{Anchor, Svg, text_width};
use crate::stats::Summary;

const FONT: f64 = 11.0;
const ROW: f64 = 22.0;

/// One box: a label, the values and their summary.
#[derive(Clone, Debug)]
pub(crate) struct BoxRow<'a> {
    /// The strategy.
    pub(crate) label: &'a str,
    /// Every replicate's value.
    pub(crate) values: &'a [f64],
    /// Their summary.
    pub(crate) summary: Summary,
}

/// Box plots of `rows` with the x axis titled `x_title`: SVG text.
pub(crate) fn box_plot(rows: &[BoxRow<'_>], x_title: &str) -> String {
    let left = rows
        .iter()
        .map(|r| text_width(r.label, FONT))
        .fold(60.0, f64::max)
        + 28.0;
    let plot_w = 520.0;
    let top = 12.0;
    let plot_h = ROW * rows.len().max(1) as f64;
    let width = left + plot_w + 30.0;
    let height = top + plot_h + 52.0;
    let high = rows.iter().map(|r| r.summary.max).fold(1.0, f64::max);
    let scale = Scale::linear(0.0, high, left, left + plot_w);
    let mut svg = Svg::new(width, height);
    let axis_y = top + plot_h + 4.0;
    for tick in linear_ticks(0.0, high) {
        let x = scale.at(tick);
        svg.line((x, top), (x, axis_y), "stroke:#e6e6e6");
        svg.text(
            (x, axis_y + 14.0),
            &super::axis::tick_label(tick),
            FONT - 1.0,
            Anchor::Middle,
        );
    }
    svg.line((left, axis_y), (left + plot_w, axis_y), "stroke:#222");
    svg.text(
        (left + plot_w / 2.0, axis_y + 32.0),
        x_title,
        FONT,
        Anchor::Middle,
    );
    for (i, row) in rows.iter().enumerate() {
        let mid = top + (i as f64 + 0.5) * ROW;
        let s = &row.summary;
        let style = strategy_style(row.label);
        let colour = style.colour.hex();
        svg.text((left - 20.0, mid + 4.0), row.label, FONT, Anchor::End);
        svg.marker((left - 10.0, mid), style.marker, style.colour);
        svg.line(
            (scale.at(s.min), mid),
            (scale.at(s.max), mid),
            "stroke:#555",
        );
        for end in [s.min, s.max] {
            svg.line(
                (scale.at(end), mid - 5.0),
                (scale.at(end), mid + 5.0),
                "stroke:#555",
            );
        }
        svg.rect(
            (scale.at(s.q1), mid - 7.0),
            (scale.at(s.q3) - scale.at(s.q1), 14.0),
            &format!("fill:{colour};fill-opacity:0.25;stroke:{colour}"),
            "",
        );
        svg.line(
            (scale.at(s.median), mid - 7.0),
            (scale.at(s.median), mid + 7.0),
            &format!("stroke:{colour};stroke-width:2.5"),
        );
        for &value in row.values {
            svg.circle(
                (scale.at(value), mid),
                1.8,
                &format!("fill:{colour};fill-opacity:0.7"),
            );
        }
    }
    svg.finish()
}
