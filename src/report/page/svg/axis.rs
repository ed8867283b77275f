//! Axes: linear and logarithmic scales from data to pixels, and their ticks.

/// A map from data values to pixels.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scale {
    low: f64,
    high: f64,
    from: f64,
    to: f64,
    log: bool,
}

impl Scale {
    /// `low..high` onto `from..to` pixels, linearly.
    pub(crate) fn linear(low: f64, high: f64, from: f64, to: f64) -> Self {
        let high = if high > low { high } else { low + 1.0 };
        Scale {
            low,
            high,
            from,
            to,
            log: false,
        }
    }

    /// `low..high` (positive) onto `from..to` pixels in log scale.
    pub(crate) fn log(low: f64, high: f64, from: f64, to: f64) -> Self {
        let low = low.max(f64::MIN_POSITIVE);
        let high = if high > low { high } else { low * 10.0 };
        Scale {
            low: low.log10(),
            high: high.log10(),
            from,
            to,
            log: true,
        }
    }

    /// The pixel of `value` (clamped to the scale's ends).
    pub(crate) fn at(&self, value: f64) -> f64 {
        let v = if self.log {
            value.max(f64::MIN_POSITIVE).log10()
        } else {
            value
        };
        let t = ((v - self.low) / (self.high - self.low)).clamp(0.0, 1.0);
        self.from + t * (self.to - self.from)
    }
}

/// Ticks of a linear axis from `low` to `high`: multiples of 1, 2 or 5 × 10ᵏ, about six.
pub(crate) fn linear_ticks(low: f64, high: f64) -> Vec<f64> {
    if high <= low {
        return vec![low];
    }
    let rough = (high - low) / 6.0;
    let power = 10f64.powf(rough.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|s| *s >= rough)
        .unwrap_or(10.0 * power);
    let first = (low / step).ceil() as i64;
    let last = (high / step).floor() as i64;
    (first..=last).map(|i| i as f64 * step).collect()
}

/// Ticks of a log axis from `low` to `high` (positive): the powers of ten within.
pub(crate) fn log_ticks(low: f64, high: f64) -> Vec<f64> {
    let (a, b) = (
        low.max(f64::MIN_POSITIVE).log10().ceil() as i32,
        high.log10().floor() as i32,
    );
    (a..=b).map(|e| 10f64.powi(e)).collect()
}

/// A tick's text: integers without decimals, powers of ten from 10⁵ as `1e5`, else up
/// to three significant decimals.
pub(crate) fn tick_label(value: f64) -> String {
    if value != 0.0 && value.abs() >= 1e5 {
        let exponent = value.abs().log10().floor();
        let mantissa = value / 10f64.powf(exponent);
        if (mantissa - mantissa.round()).abs() < 1e-9 {
            return format!("{}e{exponent}", mantissa.round());
        }
        return format!("{mantissa:.2}e{exponent}");
    }
    if (value - value.round()).abs() < 1e-9 {
        return format!("{}", value.round() as i64);
    }
    let text = format!("{value:.3}");
    text.trim_end_matches('0').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_within_the_range() {
        assert_eq!(linear_ticks(0.0, 10.0), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        let labels: Vec<String> = linear_ticks(0.0, 1.0).into_iter().map(tick_label).collect();
        assert_eq!(labels, ["0", "0.2", "0.4", "0.6", "0.8", "1"]);
        assert_eq!(log_ticks(1.0, 1500.0), [1.0, 10.0, 100.0, 1000.0]);
        assert_eq!(tick_label(1000.0), "1000");
        assert_eq!(tick_label(1e6), "1e6");
        assert_eq!(tick_label(0.25), "0.25");
    }

    #[test]
    fn scales_map_their_ends() {
        let s = Scale::log(1.0, 100.0, 0.0, 200.0);
        assert_eq!((s.at(1.0), s.at(10.0), s.at(100.0)), (0.0, 100.0, 200.0));
        assert_eq!(s.at(0.0), 0.0, "clamped");
        let s = Scale::linear(0.0, 4.0, 10.0, 50.0);
        assert_eq!(s.at(2.0), 30.0);
    }
}
