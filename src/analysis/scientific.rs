//! Decimal numbers in scientific notation with an unbounded exponent.
//!
//! FD(j, k, n) = Φ(j, k, n)/jⁿ can be far below the smallest positive `f64`
//! (≈ 4.9·10⁻³²⁴): at j = 10⁶, k = 100 it is about 10⁻⁶⁰⁰. A [`ScientificNumber`]
//! keeps a `f64` mantissa in [1, 10) and an `i64` power of ten, so it neither
//! overflows nor underflows; [`ScientificNumber::from_ratio`] derives it from two big
//! integers using only their top 64 bits and their bit lengths (no big division).

use std::cmp::Ordering;
use std::fmt;

use num_bigint::BigUint;

/// log₁₀ 2 as a fixed-point number with 96 fractional bits (rounded to nearest).
const LOG10_2_FIXED_96: i128 = 0x4d10_4d42_7de7_fbcc_47c4_acd6;

/// A non-negative real number mantissa·10^exponent with mantissa in [1, 10), or zero.
///
/// The mantissa carries `f64` precision: values built by [`Self::from_ratio`] are
/// within a relative error of about 10⁻¹⁵ of the exact ratio.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScientificNumber {
    mantissa: f64,
    exponent: i64,
}

impl ScientificNumber {
    /// The number zero.
    pub const ZERO: Self = Self {
        mantissa: 0.0,
        exponent: 0,
    };

    /// mantissa·10^exponent for any finite non-negative mantissa (renormalised).
    ///
    /// # Panics
    /// If `mantissa` is negative, infinite or NaN.
    pub fn new(mantissa: f64, exponent: i64) -> Self {
        assert!(
            mantissa.is_finite() && mantissa >= 0.0,
            "mantissa must be finite and non-negative, got {mantissa}"
        );
        if mantissa == 0.0 {
            return Self::ZERO;
        }
        let shift = mantissa.log10().floor() as i64;
        // Multiply by 10^|shift| rather than divide by 10^−|shift|: powers of ten up to
        // 10^22 are exact in f64, so this rounds once.
        let scaled = if shift < 0 {
            mantissa * 10f64.powi(-shift as i32)
        } else {
            mantissa / 10f64.powi(shift as i32)
        };
        let mut number = Self {
            mantissa: scaled,
            exponent: exponent + shift,
        };
        // log10 can be off by one at exact powers of ten.
        while number.mantissa >= 10.0 {
            number.mantissa /= 10.0;
            number.exponent += 1;
        }
        while number.mantissa < 1.0 {
            number.mantissa *= 10.0;
            number.exponent -= 1;
        }
        number
    }

    /// The number whose decimal logarithm is `log10` (10^log10).
    ///
    /// # Panics
    /// If `log10` is not finite.
    pub fn from_log10(log10: f64) -> Self {
        assert!(log10.is_finite(), "log10 must be finite, got {log10}");
        let exponent = log10.floor();
        Self::new(10f64.powf(log10 - exponent), exponent as i64)
    }

    /// numerator/denominator, from the top 64 bits and the bit lengths of both.
    ///
    /// Costs O(1) whatever the sizes; the relative error is about 5·10⁻¹⁶.
    ///
    /// # Panics
    /// If `denominator` is zero.
    pub fn from_ratio(numerator: &BigUint, denominator: &BigUint) -> Self {
        assert!(denominator.bits() > 0, "division by zero");
        if numerator.bits() == 0 {
            return Self::ZERO;
        }
        let (numerator_top, numerator_shift) = top_64_bits(numerator);
        let (denominator_top, denominator_shift) = top_64_bits(denominator);
        // ratio·2^binary_exponent, ratio in (1/2, 2).
        let ratio = numerator_top as f64 / denominator_top as f64;
        let binary_exponent = numerator_shift - denominator_shift;
        if binary_exponent.abs() < 1000 {
            // Within the f64 range: scaling by a power of two is exact.
            return Self::new(ratio * 2f64.powi(binary_exponent as i32), 0);
        }
        // binary_exponent·log₁₀2 = whole + fraction, in exact fixed point.
        let product = i128::from(binary_exponent) * LOG10_2_FIXED_96;
        let whole = product >> 96;
        let fraction = (product - (whole << 96)) as f64 / 2f64.powi(96);
        Self::new(ratio * 10f64.powf(fraction), whole as i64)
    }

    /// This number divided by a positive integer.
    ///
    /// # Panics
    /// If `divisor` is zero.
    pub fn divided_by(self, divisor: u64) -> Self {
        assert!(divisor > 0, "division by zero");
        Self::new(self.mantissa / divisor as f64, self.exponent)
    }

    /// Whether this number is zero.
    pub fn is_zero(self) -> bool {
        self.mantissa == 0.0
    }

    /// The mantissa, in [1, 10) (0 for zero).
    pub fn mantissa(self) -> f64 {
        self.mantissa
    }

    /// The power of ten (0 for zero).
    pub fn exponent(self) -> i64 {
        self.exponent
    }

    /// log₁₀ of the number (−∞ for zero).
    pub fn log10(self) -> f64 {
        if self.is_zero() {
            f64::NEG_INFINITY
        } else {
            self.exponent as f64 + self.mantissa.log10()
        }
    }

    /// The nearest `f64`: 0 below the `f64` range, +∞ above it.
    pub fn to_f64(self) -> f64 {
        // Rust's float parser rounds correctly, also for huge exponents.
        format!("{}e{}", self.mantissa, self.exponent)
            .parse()
            .expect("a formatted f64 with an integer exponent parses")
    }
}

impl PartialOrd for ScientificNumber {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        match (self.is_zero(), other.is_zero()) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => match self.exponent.cmp(&other.exponent) {
                Ordering::Equal => self.mantissa.partial_cmp(&other.mantissa),
                unequal => Some(unequal),
            },
        }
    }
}

/// Shows 17 significant digits, `1.2345678901234567e-300`; zero is `0`.
impl fmt::Display for ScientificNumber {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return formatter.write_str("0");
        }
        // Below 10 every f64 rounds to at most 9.9999999999999982 at 16 decimals,
        // so the mantissa never carries into the exponent.
        write!(formatter, "{:.16}e{}", self.mantissa, self.exponent)
    }
}

/// The top 64 bits of a non-zero number and the shift s with value ≈ top·2^s
/// (truncated: top·2^s ≤ value < (top + 1)·2^s); top has its highest bit set.
fn top_64_bits(value: &BigUint) -> (u64, i64) {
    let bits = value.bits();
    let mut digits = value.iter_u64_digits().rev();
    let high = digits.next().unwrap_or(0);
    let low = digits.next().unwrap_or(0);
    let joined = (u128::from(high) << 64) | u128::from(low);
    let top = (joined << joined.leading_zeros() >> 64) as u64;
    (top, bits as i64 - 64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::{One, Pow};
    use proptest::prelude::*;

    /// The first 20 significant digits of numerator/denominator by exact big-integer
    /// division, with the decimal exponent of the leading digit.
    fn exact_digits(numerator: &BigUint, denominator: &BigUint) -> (u128, i64) {
        let ten = BigUint::from(10u32);
        let mut exponent =
            numerator.to_string().len() as i64 - denominator.to_string().len() as i64;
        loop {
            let scaled = if exponent >= 19 {
                numerator / (denominator * ten.clone().pow((exponent - 19) as u32))
            } else {
                numerator * ten.clone().pow((19 - exponent) as u32) / denominator
            };
            let digits: u128 = scaled.try_into().unwrap_or(u128::MAX);
            if digits < 10u128.pow(19) {
                exponent -= 1;
            } else if digits >= 10u128.pow(20) {
                exponent += 1;
            } else {
                return (digits, exponent);
            }
        }
    }

    fn relative_error(
        approximation: ScientificNumber,
        numerator: &BigUint,
        denominator: &BigUint,
    ) -> f64 {
        let (digits, exponent) = exact_digits(numerator, denominator);
        assert_eq!(approximation.exponent(), exponent, "decimal exponent");
        let exact_mantissa = digits as f64 / 1e19;
        (approximation.mantissa() - exact_mantissa).abs() / exact_mantissa
    }

    proptest! {
        #[test]
        fn ratio_of_powers_has_fifteen_correct_digits(
            base in 2u32..1_000_000,
            numerator_power in 1u32..300,
            denominator_power in 1u32..300,
            offset in 1u32..1000,
        ) {
            let numerator = BigUint::from(base).pow(numerator_power) + offset;
            let denominator = BigUint::from(base + 1).pow(denominator_power);
            let ratio = ScientificNumber::from_ratio(&numerator, &denominator);
            prop_assert!(relative_error(ratio, &numerator, &denominator) < 1e-15);
        }

        #[test]
        fn ratio_of_small_integers_matches_f64_division(numerator in 1u64.., denominator in 1u64..) {
            let ratio = ScientificNumber::from_ratio(&numerator.into(), &denominator.into());
            let expected = numerator as f64 / denominator as f64;
            prop_assert!((ratio.to_f64() - expected).abs() <= 1e-15 * expected);
        }

        #[test]
        fn display_round_trips_through_f64_parsing(mantissa in 1.0f64..10.0, exponent in -300i64..300) {
            let number = ScientificNumber::new(mantissa, exponent);
            let parsed: f64 = number.to_string().parse().unwrap();
            prop_assert!((parsed - number.to_f64()).abs() <= 1e-15 * number.to_f64());
        }
    }

    #[test]
    fn ratio_far_below_the_f64_range_keeps_its_exponent() {
        let denominator = BigUint::from(10u32).pow(5000u32);
        let numerator = BigUint::from(3u32);
        let ratio = ScientificNumber::from_ratio(&numerator, &denominator);
        assert_eq!(ratio.exponent(), -5000);
        assert!((ratio.mantissa() - 3.0).abs() < 1e-15);
        assert_eq!(ratio.to_f64(), 0.0);
    }

    #[test]
    fn display_shows_seventeen_significant_digits_and_the_exponent() {
        assert_eq!(
            ScientificNumber::new(2.5, -300).to_string(),
            "2.5000000000000000e-300"
        );
        assert_eq!(
            ScientificNumber::new(25.0, -301).to_string(),
            "2.5000000000000000e-300"
        );
        assert_eq!(
            ScientificNumber::new(1.0, 0).to_string(),
            "1.0000000000000000e0"
        );
        assert_eq!(ScientificNumber::ZERO.to_string(), "0");
    }

    #[test]
    fn simple_fractions_print_without_rounding_noise() {
        let ratio = |numerator: u32, denominator: u32| {
            ScientificNumber::from_ratio(&numerator.into(), &denominator.into()).to_string()
        };
        assert_eq!(ratio(8, 16), "5.0000000000000000e-1");
        assert_eq!(ratio(11, 16), "6.8750000000000000e-1");
        assert_eq!(ratio(3, 1000), "3.0000000000000000e-3");
    }

    #[test]
    fn one_is_one() {
        let one = ScientificNumber::from_ratio(&BigUint::one(), &BigUint::one());
        assert_eq!((one.mantissa(), one.exponent()), (1.0, 0));
    }

    #[test]
    fn ordering_follows_the_values() {
        let small = ScientificNumber::new(9.0, -400);
        let large = ScientificNumber::new(1.0, -399);
        assert!(small < large);
        assert!(ScientificNumber::ZERO < small);
        assert!(ScientificNumber::new(2.0, 5) > ScientificNumber::new(1.5, 5));
    }
}
