//! Heatmaps: rows × columns of coloured cells with labels on the left and (turned) on top,
//! optional text in each cell and a colour legend. No tooltips: a figure shown as an image
//! has none, and they slow its drawing.

use std::collections::BTreeMap;

use super::colour::Rgb;
use super::{Anchor, Svg, num, text_width};

/// The fill of an empty cell.
const EMPTY: &str = "#eee";

/// One cell of a heatmap.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HeatCell {
    /// Its fill.
    pub(crate) fill: Rgb,
    /// Lines of text drawn in it (none for a compact heatmap).
    pub(crate) lines: Vec<String>,
    /// Whether it is marked (e.g. a significant difference): its text bold, or a dot
    /// where it has none.
    pub(crate) marked: bool,
}

/// A heatmap to draw.
#[derive(Clone, Debug)]
pub(crate) struct Heatmap<'a> {
    /// Row labels.
    pub(crate) rows: &'a [String],
    /// Column labels.
    pub(crate) columns: &'a [String],
    /// `cells[r][c]` (`None`: drawn empty, hatched grey).
    pub(crate) cells: &'a [Vec<Option<HeatCell>>],
    /// Cell width and height in pixels.
    pub(crate) cell: (f64, f64),
    /// The legend: caption, the colour scale over [0, 1], labels at 0, ½ and 1.
    pub(crate) legend: (&'a str, fn(f64) -> Rgb, [&'a str; 3]),
}

const FONT: f64 = 11.0;
/// The legend's colour bar: steps of this width.
const LEGEND_STEP: f64 = 12.0;
/// The legend's colour bar: this many steps.
const LEGEND_STEPS: usize = 20;

/// The heatmap as SVG text.
pub(crate) fn heatmap(map: &Heatmap<'_>) -> String {
    let (cw, ch) = map.cell;
    let left = map
        .rows
        .iter()
        .map(|l| text_width(l, FONT))
        .fold(40.0, f64::max)
        + 12.0;
    let top = map
        .columns
        .iter()
        .map(|l| text_width(l, FONT))
        .fold(40.0, f64::max)
        + 12.0;
    let grid_w = cw * map.columns.len() as f64;
    let grid_h = ch * map.rows.len() as f64;
    // Wide enough for the grid and for the legend: its caption and its colour bar.
    let legend_w = text_width(map.legend.0, FONT).max(LEGEND_STEP * LEGEND_STEPS as f64 + 12.0);
    let width = (left + grid_w + 20.0)
        .max(left + legend_w + 20.0)
        .max(320.0);
    let height = top + grid_h + 60.0;
    let mut svg = Svg::new(width, height);
    for (c, label) in map.columns.iter().enumerate() {
        let x = left + (c as f64 + 0.5) * cw + 4.0;
        svg.vertical_text((x, top - 6.0), label, FONT, Anchor::Start);
    }
    // One path per fill and one for the grid lines: a picture of thousands of cells drawn
    // as thousands of elements is slow to load.
    let mut fills: BTreeMap<String, String> = BTreeMap::new();
    let (mut grid, mut marks) = (String::new(), Svg::new(width, height));
    for (r, label) in map.rows.iter().enumerate() {
        let y = top + (r as f64 + 0.5) * ch + 4.0;
        svg.text((left - 6.0, y), label, FONT, Anchor::End);
        for c in 0..map.columns.len() {
            let (x, y) = (left + c as f64 * cw, top + r as f64 * ch);
            let cell = map.cells[r].get(c).and_then(Option::as_ref);
            let fill = cell.map_or_else(|| EMPTY.to_string(), |cell| cell.fill.hex());
            let square = format!(
                "M{} {}h{}v{}h{}z",
                num(x),
                num(y),
                num(cw),
                num(ch),
                num(-cw)
            );
            fills.entry(fill).or_default().push_str(&square);
            if let Some(cell) = cell {
                grid.push_str(&square);
                draw_marks(&mut marks, (x, y), (cw, ch), cell);
            }
        }
    }
    for (fill, d) in &fills {
        svg.path(d, &format!("fill:{fill}"));
    }
    svg.path(&grid, "fill:none;stroke:#ddd;stroke-width:0.5");
    svg.append(marks);
    legend(&mut svg, (left, top + grid_h + 18.0), map.legend);
    svg.finish()
}

/// A cell's dot or text, drawn over its fill.
fn draw_marks(svg: &mut Svg, (x, y): (f64, f64), (cw, ch): (f64, f64), cell: &HeatCell) {
    if cell.marked && cell.lines.is_empty() {
        let r = cw.min(ch) / 6.0;
        svg.circle(
            (x + cw / 2.0, y + ch / 2.0),
            r,
            &format!("fill:{}", cell.fill.text_on()),
        );
    }
    let lines = cell.lines.len() as f64;
    for (i, line) in cell.lines.iter().enumerate() {
        let baseline = y + ch / 2.0 + (i as f64 - (lines - 1.0) / 2.0) * (FONT - 1.0) + 3.5;
        let weight = if cell.marked { ";font-weight:bold" } else { "" };
        svg.text_styled(
            (x + cw / 2.0, baseline),
            line,
            FONT - 2.0,
            Anchor::Middle,
            &format!("fill:{}{weight}", cell.fill.text_on()),
        );
    }
}

/// A colour bar of 20 steps of the legend's scale.
fn legend(
    svg: &mut Svg,
    (x, y): (f64, f64),
    (caption, scale, ends): (&str, fn(f64) -> Rgb, [&str; 3]),
) {
    svg.text((x, y - 4.0), caption, FONT, Anchor::Start);
    let (step, steps) = (LEGEND_STEP, LEGEND_STEPS);
    for i in 0..steps {
        let t = i as f64 / (steps - 1) as f64;
        let fill = scale(t);
        svg.rect(
            (x + i as f64 * step, y),
            (step, 12.0),
            &format!("fill:{}", fill.hex()),
            "",
        );
    }
    svg.rect(
        (x, y),
        (step * steps as f64, 12.0),
        "fill:none;stroke:#999",
        "",
    );
    for (i, label) in ends.iter().enumerate() {
        let at = x + step * steps as f64 * i as f64 / 2.0;
        svg.text((at, y + 26.0), label, FONT - 1.0, Anchor::Middle);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::page::svg::colour::diverging;

    #[test]
    fn cells_of_one_colour_share_one_path_and_a_big_map_stays_a_few_elements() {
        let labels: Vec<String> = (0..40).map(|i| format!("s{i}")).collect();
        let colours = [diverging(0.0), diverging(0.5), diverging(1.0)];
        let cells: Vec<Vec<Option<HeatCell>>> = (0..40)
            .map(|r| {
                (0..40)
                    .map(|c| {
                        (r != c).then(|| HeatCell {
                            fill: colours[(r + c) % 3],
                            lines: Vec::new(),
                            marked: false,
                        })
                    })
                    .collect()
            })
            .collect();
        let svg = heatmap(&Heatmap {
            rows: &labels,
            columns: &labels,
            cells: &cells,
            cell: (8.0, 8.0),
            legend: ("Â12", diverging, ["0", "0.5", "1"]),
        });
        // Three fills, the empty diagonal and the grid: five paths for 1,600 cells.
        assert_eq!(svg.matches("<path").count(), 5, "{svg}");
        let paths: Vec<&str> = svg.lines().filter(|l| l.starts_with("<path")).collect();
        for colour in colours {
            let fill = format!("fill:{}\"", colour.hex());
            assert_eq!(
                paths.iter().filter(|p| p.contains(&fill)).count(),
                1,
                "{fill}"
            );
        }
        // Each cell is one subpath of its fill, and each coloured one also of the grid.
        let subpaths: usize = paths.iter().map(|p| p.matches('M').count()).sum();
        assert_eq!(subpaths, 1600 + 1560);
    }

    #[test]
    fn the_legend_fits_however_narrow_the_grid() {
        let (rows, columns) = (vec!["mutant 1".to_string()], vec!["r n=20".to_string()]);
        let caption = "share of replicates that killed the mutant (grey: no cell)";
        let svg = heatmap(&Heatmap {
            rows: &rows,
            columns: &columns,
            cells: &[vec![None]],
            cell: (16.0, 14.0),
            legend: (caption, diverging, ["0", "0.5", "1"]),
        });
        let width: f64 = svg
            .split("width=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap()
            .parse()
            .unwrap();
        let text = svg.lines().find(|l| l.contains(caption)).unwrap();
        let x: f64 = text
            .split("x=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            x + text_width(caption, FONT) <= width,
            "{x} + caption > {width}"
        );
    }
}
