//! The critical-difference diagram (Demšar 2006, Fig. 1): an axis of average ranks (1 =
//! best, on the left), the CD as a scale bar above it, each strategy joined to its rank by
//! a line ending at its label (the better half on the left, the rest on the right), and a
//! thick bar under the axis for each group of strategies the Nemenyi test does not
//! separate.

use super::colour::strategy_style;
use super::{Anchor, Svg, text_width};

const FONT: f64 = 12.0;
const ROW: f64 = 18.0;
const AXIS_Y: f64 = 64.0;
const BAR_GAP: f64 = 7.0;

/// The diagram of `labels` at `average_ranks` (same order) with critical difference `cd`
/// and `groups` (indices, as [`crate::stats::indistinct_groups`] gives them): SVG text.
pub(crate) fn cd_diagram(
    labels: &[String],
    average_ranks: &[f64],
    cd: f64,
    groups: &[Vec<usize>],
) -> String {
    let k = labels.len();
    let side = labels
        .iter()
        .map(|l| text_width(&format!("{l} (0.00)"), FONT))
        .fold(120.0, f64::max)
        + 30.0;
    let axis_width = (70.0 * (k as f64 - 1.0)).clamp(300.0, 700.0);
    let width = 2.0 * side + axis_width;
    let x = |rank: f64| side + (rank - 1.0) / ((k as f64 - 1.0).max(1.0)) * axis_width;
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by(|&a, &b| average_ranks[a].total_cmp(&average_ranks[b]));
    let left = k.div_ceil(2);
    let first_row = AXIS_Y + 22.0 + groups.len() as f64 * BAR_GAP;
    let height = first_row + (left as f64) * ROW + 16.0;
    let mut svg = Svg::new(width, height);
    // The axis and its ticks.
    svg.line(
        (x(1.0), AXIS_Y),
        (x(k as f64), AXIS_Y),
        "stroke:#222;stroke-width:1.2",
    );
    let every = k.div_ceil(20).max(1);
    for rank in (1..=k).step_by(every) {
        let at = x(rank as f64);
        svg.line((at, AXIS_Y - 5.0), (at, AXIS_Y), "stroke:#222");
        svg.text(
            (at, AXIS_Y - 8.0),
            &rank.to_string(),
            FONT - 1.0,
            Anchor::Middle,
        );
    }
    // The critical difference as a scale bar.
    let cd_end = x(1.0 + cd).min(x(k as f64).max(x(1.0) + 1.0));
    svg.line(
        (x(1.0), 18.0),
        (cd_end, 18.0),
        "stroke:#b2182b;stroke-width:2",
    );
    for end in [x(1.0), cd_end] {
        svg.line((end, 13.0), (end, 23.0), "stroke:#b2182b;stroke-width:1.5");
    }
    svg.text_styled(
        ((x(1.0) + cd_end) / 2.0, 11.0),
        &format!("CD = {cd:.3}"),
        FONT,
        Anchor::Middle,
        "fill:#b2182b",
    );
    // The groups, one bar each under the axis.
    for (g, members) in groups.iter().enumerate() {
        let ranks = members.iter().map(|&j| average_ranks[j]);
        let low = ranks.clone().fold(f64::INFINITY, f64::min);
        let high = ranks.fold(f64::NEG_INFINITY, f64::max);
        let y = AXIS_Y + 10.0 + g as f64 * BAR_GAP;
        let names: Vec<&str> = members.iter().map(|&j| labels[j].as_str()).collect();
        svg.rect(
            (x(low) - 3.0, y - 2.0),
            (x(high) - x(low) + 6.0, 4.0),
            "fill:#222",
            &format!("group: {}", names.join(", ")),
        );
    }
    // The strategies: the better half to the left, the rest to the right.
    for (position, &j) in order.iter().enumerate() {
        let rank = average_ranks[j];
        let (row, on_left) = if position < left {
            (position, true)
        } else {
            (k - 1 - position, false)
        };
        let y = first_row + row as f64 * ROW;
        let (end, anchor, text_x) = if on_left {
            (side - 10.0, Anchor::End, side - 14.0)
        } else {
            (width - side + 10.0, Anchor::Start, width - side + 14.0)
        };
        svg.polyline(
            &[(x(rank), AXIS_Y), (x(rank), y), (end, y)],
            "stroke:#555;stroke-width:1",
        );
        let style = strategy_style(&labels[j]);
        svg.marker((x(rank), AXIS_Y), style.marker, style.colour);
        svg.marker((end, y), style.marker, style.colour);
        svg.text(
            (text_x + if on_left { -6.0 } else { 6.0 }, y + 4.0),
            &format!("{} ({rank:.2})", labels[j]),
            FONT,
            anchor,
        );
    }
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats;

    /// The members named by each group bar's tooltip, in the order drawn.
    fn drawn_groups(svg: &str) -> Vec<Vec<String>> {
        svg.split("<title>group: ")
            .skip(1)
            .map(|rest| {
                let names = &rest[..rest.find("</title>").unwrap()];
                names.split(", ").map(str::to_string).collect()
            })
            .collect()
    }

    #[test]
    fn the_group_bars_are_the_nemenyi_groups() {
        let labels: Vec<String> = ["r n=1", "r n=2", "bobw n=2", "be n=3", "x<y"]
            .map(String::from)
            .to_vec();
        let ranks = [1.2, 1.9, 3.1, 4.0, 3.8];
        let cd = stats::critical_difference(5, 10, 0.05).unwrap();
        let groups = stats::indistinct_groups(&ranks, cd).unwrap();
        assert!(
            groups.len() >= 2,
            "the example has several groups: {groups:?}"
        );
        let svg = cd_diagram(&labels, &ranks, cd, &groups);
        let expected: Vec<Vec<String>> = groups
            .iter()
            .map(|g| g.iter().map(|&j| labels[j].replace('<', "&lt;")).collect())
            .collect();
        assert_eq!(drawn_groups(&svg), expected);
        assert!(svg.contains(&format!("CD = {cd:.3}")));
        for label in ["r n=1 (1.20)", "x&lt;y (3.80)"] {
            assert!(svg.contains(label), "{label}");
        }
    }

    #[test]
    fn no_groups_draw_no_bars() {
        let labels: Vec<String> = ["a", "b"].map(String::from).to_vec();
        let svg = cd_diagram(&labels, &[1.0, 2.0], 0.5, &[]);
        assert!(drawn_groups(&svg).is_empty());
    }
}
