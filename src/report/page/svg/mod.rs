//! The page's figures as standalone SVG documents, written by hand: a small builder
//! ([`Svg`]) with escaped text and coordinates at a fixed precision (so the bytes are a
//! function of the model only), the colour scales ([`colour`]) and one file per kind of
//! figure: the critical-difference diagram, heatmaps, box plots and line charts (curves
//! with bands, step curves).

pub(crate) mod axis;
pub(crate) mod boxplot;
pub(crate) mod cd;
pub(crate) mod colour;
pub(crate) mod heatmap;
pub(crate) mod lines;

use std::fmt::Write as _;

use super::escape;

/// The font stack of every figure: generic families only, so nothing is fetched.
const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// A number as SVG writes it: one decimal, no `-0.0`.
pub(crate) fn num(value: f64) -> String {
    let text = format!("{value:.1}");
    if text == "-0.0" { "0.0".into() } else { text }
}

/// An SVG document under construction, `width` × `height` user units (= CSS pixels).
#[derive(Debug)]
pub(crate) struct Svg {
    width: f64,
    height: f64,
    body: String,
}

/// Where a text is anchored horizontally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Anchor {
    /// At its start.
    Start,
    /// At its middle.
    Middle,
    /// At its end.
    End,
}

impl Anchor {
    fn name(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

impl Svg {
    /// An empty document of the given size.
    pub(crate) fn new(width: f64, height: f64) -> Self {
        Svg {
            width,
            height,
            body: String::new(),
        }
    }

    /// A line from (x1, y1) to (x2, y2).
    pub(crate) fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), style: &str) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" style="{}"/>"#,
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            escape(style)
        );
    }

    /// A rectangle, with an optional tooltip.
    pub(crate) fn rect(
        &mut self,
        (x, y): (f64, f64),
        (w, h): (f64, f64),
        style: &str,
        title: &str,
    ) {
        let _ = write!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" style="{}""#,
            num(x),
            num(y),
            num(w.max(0.0)),
            num(h.max(0.0)),
            escape(style)
        );
        if title.is_empty() {
            self.body.push_str("/>\n");
        } else {
            let _ = writeln!(self.body, "><title>{}</title></rect>", escape(title));
        }
    }

    /// Draws `other`'s elements over this one's.
    pub(crate) fn append(&mut self, other: Svg) {
        self.body.push_str(&other.body);
    }

    /// A path of data `d` (SVG path syntax, written by the caller from numbers).
    pub(crate) fn path(&mut self, d: &str, style: &str) {
        if d.is_empty() {
            return;
        }
        let _ = writeln!(
            self.body,
            r#"<path d="{}" style="{}"/>"#,
            escape(d),
            escape(style)
        );
    }

    /// A circle of radius `r`.
    pub(crate) fn circle(&mut self, (x, y): (f64, f64), r: f64, style: &str) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{}" cy="{}" r="{}" style="{}"/>"#,
            num(x),
            num(y),
            num(r),
            escape(style)
        );
    }

    /// The strategy marker `marker` centred at (x, y), about 8 pixels across, filled with
    /// `colour`.
    pub(crate) fn marker(
        &mut self,
        (x, y): (f64, f64),
        marker: colour::Marker,
        colour: colour::Rgb,
    ) {
        let style = format!("fill:{};stroke:#fff;stroke-width:0.6", colour.hex());
        let (r, p) = (4.0, |dx: f64, dy: f64| {
            format!("{} {}", num(x + dx), num(y + dy))
        });
        let d = match marker {
            colour::Marker::Circle => return self.circle((x, y), r, &style),
            colour::Marker::Square => {
                format!(
                    "M{}H{}V{}H{}z",
                    p(-r + 0.5, -r + 0.5),
                    num(x + r - 0.5),
                    num(y + r - 0.5),
                    num(x - r + 0.5)
                )
            }
            colour::Marker::Triangle => {
                format!("M{}L{}L{}z", p(0.0, -r), p(r, r * 0.8), p(-r, r * 0.8))
            }
            colour::Marker::TriangleDown => {
                format!("M{}L{}L{}z", p(0.0, r), p(r, -r * 0.8), p(-r, -r * 0.8))
            }
            colour::Marker::Diamond => format!(
                "M{}L{}L{}L{}z",
                p(0.0, -r),
                p(r, 0.0),
                p(0.0, r),
                p(-r, 0.0)
            ),
        };
        self.path(&d, &style);
    }

    /// An open polyline through `points` (nothing for fewer than two).
    pub(crate) fn polyline(&mut self, points: &[(f64, f64)], style: &str) {
        if points.len() < 2 {
            return;
        }
        let _ = writeln!(
            self.body,
            r#"<polyline points="{}" style="fill:none;{}"/>"#,
            points_text(points),
            escape(style)
        );
    }

    /// A closed polygon through `points`.
    pub(crate) fn polygon(&mut self, points: &[(f64, f64)], style: &str) {
        if points.len() < 3 {
            return;
        }
        let _ = writeln!(
            self.body,
            r#"<polygon points="{}" style="{}"/>"#,
            points_text(points),
            escape(style)
        );
    }

    /// `text` at (x, y) (its baseline), `size` pixels, anchored as `anchor`.
    pub(crate) fn text(&mut self, (x, y): (f64, f64), text: &str, size: f64, anchor: Anchor) {
        self.text_styled((x, y), text, size, anchor, "fill:#222");
    }

    /// As [`Svg::text`], with a style of its own (e.g. a fill or weight).
    pub(crate) fn text_styled(
        &mut self,
        (x, y): (f64, f64),
        text: &str,
        size: f64,
        anchor: Anchor,
        style: &str,
    ) {
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="{}" style="{}">{}</text>"#,
            num(x),
            num(y),
            num(size),
            anchor.name(),
            escape(style),
            escape(text)
        );
    }

    /// `text` turned by −90° about (x, y) (a vertical axis title or column label).
    pub(crate) fn vertical_text(
        &mut self,
        (x, y): (f64, f64),
        text: &str,
        size: f64,
        anchor: Anchor,
    ) {
        let _ = writeln!(
            self.body,
            r#"<text x="{x}" y="{y}" font-size="{}" text-anchor="{}" transform="rotate(-90 {x} {y})" style="fill:#222">{}</text>"#,
            num(size),
            anchor.name(),
            escape(text),
            x = num(x),
            y = num(y),
        );
    }

    /// The document: XML declaration, the root with its size and view box, a white
    /// background, the elements in the order drawn.
    pub(crate) fn finish(self) -> String {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" \
             width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"{FONT}\">\n\
             <rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" style=\"fill:#fff\"/>\n{}</svg>\n",
            self.body,
            w = num(self.width),
            h = num(self.height),
        )
    }
}

fn points_text(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A rough width in pixels of `text` at `size` pixels (for layout only).
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.6
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_attributes_are_escaped() {
        let mut svg = Svg::new(10.0, 10.0);
        svg.text((1.0, 2.0), "a<b & \"c\"", 10.0, Anchor::Start);
        svg.rect((0.0, 0.0), (1.0, 1.0), "fill:#000", "x > y");
        let document = svg.finish();
        assert!(
            document.contains("a&lt;b &amp; &quot;c&quot;"),
            "{document}"
        );
        assert!(document.contains("<title>x &gt; y</title>"), "{document}");
        assert!(!document.contains("a<b"));
    }

    #[test]
    fn numbers_have_one_decimal_and_no_negative_zero() {
        assert_eq!(num(1.26), "1.3");
        assert_eq!(num(-0.01), "0.0");
        assert_eq!(num(3.0), "3.0");
    }
}
