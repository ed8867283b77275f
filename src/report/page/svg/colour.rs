//! Colour scales of the heatmaps: a sequential one for shares (white to dark blue) and a
//! diverging one for Â12 (blue below ½, white at ½, red above), both linear in sRGB
//! between their anchors, and the text colour readable on a fill; and each strategy's
//! style (colour, marker, dash), keyed by its label.

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rgb(pub(crate) u8, pub(crate) u8, pub(crate) u8);

impl Rgb {
    /// `#rrggbb`.
    pub(crate) fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Relative luminance (WCAG), in [0, 1].
    pub(crate) fn luminance(self) -> f64 {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(self.0) + 0.7152 * linear(self.1) + 0.0722 * linear(self.2)
    }

    /// The text colour readable on this fill: white on dark, near-black on light.
    pub(crate) fn text_on(self) -> &'static str {
        if self.luminance() < 0.35 {
            "#fff"
        } else {
            "#111"
        }
    }
}

const WHITE: Rgb = Rgb(255, 255, 255);
const BLUE: Rgb = Rgb(8, 48, 107);
const DIVERGING_BLUE: Rgb = Rgb(33, 102, 172);
const DIVERGING_RED: Rgb = Rgb(178, 24, 43);

fn mix(a: Rgb, b: Rgb, t: f64) -> Rgb {
    let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
    let channel = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * t).round() as u8;
    Rgb(channel(a.0, b.0), channel(a.1, b.1), channel(a.2, b.2))
}

/// The sequential scale at `share` ∈ [0, 1] (clamped): white at 0, dark blue at 1; its
/// luminance falls as the share grows.
pub(crate) fn sequential(share: f64) -> Rgb {
    mix(WHITE, BLUE, share)
}

/// The diverging scale at `a12` ∈ [0, 1] (clamped): blue at 0, white at ½, red at 1; the
/// farther from ½, the darker.
pub(crate) fn diverging(a12: f64) -> Rgb {
    if a12 < 0.5 {
        mix(WHITE, DIVERGING_BLUE, (0.5 - a12) * 2.0)
    } else {
        mix(WHITE, DIVERGING_RED, (a12 - 0.5) * 2.0)
    }
}

/// How a strategy is drawn in every figure of every report: a colour for its name, and a
/// marker and dash for its length, so that one label looks alike on every subject, in every
/// report and beside any other strategies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StrategyStyle {
    /// The line, box and marker colour.
    pub(crate) colour: Rgb,
    /// The marker drawn at a line's end, in its legend and beside its name.
    pub(crate) marker: Marker,
    /// The line's dash pattern (an SVG style fragment; empty: solid).
    pub(crate) dash: &'static str,
}

/// A marker's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Marker {
    /// ●
    Circle,
    /// ■
    Square,
    /// ▲
    Triangle,
    /// ◆
    Diamond,
    /// ▼
    TriangleDown,
}

const MARKERS: [Marker; 5] = [
    Marker::Circle,
    Marker::Square,
    Marker::Triangle,
    Marker::Diamond,
    Marker::TriangleDown,
];

const DASHES: [&str; 4] = [
    "",
    "stroke-dasharray:6 3;",
    "stroke-dasharray:2 2;",
    "stroke-dasharray:8 3 2 3;",
];

/// The colours of the strategies testspace knows, by name.
const KNOWN: [(&str, Rgb); 20] = [
    ("r", Rgb(0, 114, 178)),
    ("r-leaf", Rgb(86, 180, 233)),
    ("bobw", Rgb(0, 158, 115)),
    ("bobw-prime", Rgb(102, 166, 30)),
    ("swarm", Rgb(230, 159, 0)),
    ("round-robin", Rgb(148, 103, 189)),
    ("choice", Rgb(194, 165, 207)),
    ("ensemble", Rgb(204, 121, 167)),
    ("library", Rgb(123, 50, 148)),
    ("fdrt", Rgb(213, 94, 0)),
    ("fcrt", Rgb(188, 189, 34)),
    ("grt", Rgb(231, 41, 138)),
    ("be", Rgb(68, 68, 68)),
    ("fe-sat", Rgb(140, 86, 75)),
    ("fe-greedy", Rgb(196, 156, 148)),
    ("be-structures", Rgb(127, 127, 127)),
    ("random-structures", Rgb(23, 190, 207)),
    ("dynamosa", Rgb(227, 26, 28)),
    ("greybox", Rgb(40, 40, 150)),
    ("proptest", Rgb(177, 89, 40)),
];

/// The lengths whose marker and dash are fixed (the commonest first); others by a hash.
const KNOWN_LENGTHS: [u64; 17] = [
    20, 1, 2, 3, 4, 5, 6, 7, 8, 16, 32, 64, 128, 256, 512, 1024, 100,
];

/// FNV-1a: a hash that is the same in every build and on every machine.
fn stable_hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The style of the strategy label `label` (`name n=N`, or a name alone): the colour of
/// the name (fixed for the names testspace knows, else by a hash of the name) and the marker
/// and dash of the length (fixed for the usual lengths — 20, 1 to 8, the powers of two to
/// 1,024, 100 — each of those with its own pair, else by a hash of the length). A function
/// of the label alone: the same on every subject and in every report.
pub(crate) fn strategy_style(label: &str) -> StrategyStyle {
    let (name, n) = match label.split_once(" n=") {
        Some((name, n)) => (name, n.parse::<u64>().ok()),
        None => (label, None),
    };
    let colour = KNOWN.iter().find(|(known, _)| *known == name).map_or_else(
        || {
            // Other names: the house charts' palette ([`crate::plot`]), by a hash.
            let c = crate::plot::color(stable_hash(name.as_bytes()) as usize);
            Rgb(c.0, c.1, c.2)
        },
        |(_, colour)| *colour,
    );
    let variant = match n {
        None => 0,
        Some(n) => KNOWN_LENGTHS
            .iter()
            .position(|&known| known == n)
            .unwrap_or_else(|| stable_hash(&n.to_le_bytes()) as usize),
    } % (MARKERS.len() * DASHES.len());
    StrategyStyle {
        colour,
        marker: MARKERS[variant % MARKERS.len()],
        dash: DASHES[variant % DASHES.len()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequential_scale_darkens_monotonically() {
        let mut last = f64::INFINITY;
        for step in 0..=100 {
            let luminance = sequential(f64::from(step) / 100.0).luminance();
            assert!(luminance <= last, "step {step}: {luminance} > {last}");
            last = luminance;
        }
        assert_eq!(sequential(0.0), WHITE);
        assert_eq!(sequential(1.0), BLUE);
        assert!(sequential(0.0).luminance() > sequential(1.0).luminance() + 0.5);
    }

    #[test]
    fn the_diverging_scale_darkens_away_from_one_half_in_both_directions() {
        assert_eq!(diverging(0.5), WHITE);
        let (mut below, mut above) = (f64::INFINITY, f64::INFINITY);
        for step in 0..=50 {
            let d = f64::from(step) / 100.0;
            let (low, high) = (diverging(0.5 - d), diverging(0.5 + d));
            assert!(low.luminance() <= below && high.luminance() <= above, "{d}");
            assert!(low.2 >= low.0, "below ½ is blue: {low:?}");
            assert!(high.0 >= high.2, "above ½ is red: {high:?}");
            (below, above) = (low.luminance(), high.luminance());
        }
    }

    #[test]
    fn text_stays_readable() {
        assert_eq!(sequential(1.0).text_on(), "#fff");
        assert_eq!(sequential(0.0).text_on(), "#111");
    }

    #[test]
    fn a_strategys_style_is_its_labels_alone() {
        let r = strategy_style("r n=20");
        assert_eq!(r, strategy_style("r n=20"));
        assert_eq!(r.colour, Rgb(0, 114, 178));
        // Another length of one name: the name's colour, another marker or dash.
        let (be2, be3) = (strategy_style("be n=2"), strategy_style("be n=3"));
        assert_eq!(be2.colour, be3.colour);
        assert!((be2.marker, be2.dash) != (be3.marker, be3.dash));
        // Every usual length of one name is drawn differently from every other.
        let mut seen = std::collections::BTreeSet::new();
        for n in KNOWN_LENGTHS {
            let style = strategy_style(&format!("r n={n}"));
            assert!(seen.insert((style.marker as usize, style.dash)), "n = {n}");
        }
        // The known names have colours of their own.
        let colours: std::collections::BTreeSet<(u8, u8, u8)> =
            KNOWN.iter().map(|(_, c)| (c.0, c.1, c.2)).collect();
        assert_eq!(colours.len(), KNOWN.len());
        // An unknown name is hashed: fixed, and a name alone is drawn solid with circles.
        let unknown = strategy_style("my-walk");
        assert_eq!(unknown, strategy_style("my-walk"));
        assert_eq!((unknown.marker, unknown.dash), (Marker::Circle, ""));
        assert_eq!(
            stable_hash(b"a"),
            0xaf63_dc4c_8601_ec8c,
            "FNV-1a's published value"
        );
    }
}
