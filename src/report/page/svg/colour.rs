//! Colour scales of the heatmaps: a sequential one for shares (white to dark blue) and a
//! diverging one for Â12 (blue below ½, white at ½, red above), both linear in sRGB
//! between their anchors, and the text colour readable on a fill.

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

/// The colour of the `index`th strategy's line: the house charts' palette
/// ([`crate::plot`]), so that a strategy looks alike in the PNG charts and on the page.
pub(crate) fn series(index: usize) -> String {
    let c = crate::plot::color(index);
    Rgb(c.0, c.1, c.2).hex()
}

/// The dash pattern of the `index`th series (solid for the palette's first round).
pub(crate) fn dash(index: usize) -> &'static str {
    match (index / 18) % 3 {
        0 => "",
        1 => "stroke-dasharray:6 3;",
        _ => "stroke-dasharray:2 2;",
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
}
