//! [`Categorical`]: an exact, deterministic draw from weights, with integer arithmetic only.
//!
//! Weights are turned into integers once: each is multiplied by the one power of two that
//! brings the largest into [2⁵¹, 2⁵²) (or lower, so that their sum fits in 63 bits) and
//! rounded to the nearest integer, a positive weight to at least 1. Multiplying by a power
//! of two and rounding are exact IEEE operations, so every machine gets the same
//! integers; integer weights below 2⁵¹ (such as nc(m)) keep their exact ratios. A draw is
//! then one unbiased [`below`] over the total and a binary search, or, when every positive
//! weight is equal, one `below` over the items drawn — the draw `r` makes.

use super::super::rng::below;

/// A categorical distribution over item indices 0..len.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Categorical {
    /// Uniform over these items (every item with a positive weight, all equal): item
    /// `support[below(len)]`.
    Uniform(Box<[u32]>),
    /// Item i with probability (cumulative[i] − cumulative[i − 1]) / total: the first i
    /// whose cumulative weight exceeds `below(total)`.
    Weighted(Box<[u64]>),
}

impl Categorical {
    /// The distribution with these weights.
    ///
    /// # Panics
    /// If a weight is negative or not finite, or none is positive (the model reader refuses
    /// such weights).
    pub fn new(weights: &[f64]) -> Self {
        assert!(
            weights.iter().all(|w| w.is_finite() && *w >= 0.0) && weights.iter().any(|&w| w > 0.0),
            "weights are finite, at least 0 and not all 0: {weights:?}"
        );
        let integers = integer_weights(weights);
        let first = integers
            .iter()
            .copied()
            .find(|&w| w > 0)
            .expect("a positive weight");
        if integers.iter().all(|&w| w == 0 || w == first) {
            let support = (0..integers.len() as u32).filter(|&i| integers[i as usize] > 0);
            return Categorical::Uniform(support.collect());
        }
        let cumulative = integers.iter().scan(0u64, |total, &w| {
            *total += w;
            Some(*total)
        });
        Categorical::Weighted(cumulative.collect())
    }

    /// One item.
    #[inline]
    pub fn draw(&self, rng: &mut impl rand::Rng) -> u32 {
        match self {
            Categorical::Uniform(support) => support[below(rng, support.len() as u64) as usize],
            Categorical::Weighted(cumulative) => {
                let total = *cumulative.last().expect("at least one item");
                let x = below(rng, total);
                cumulative.partition_point(|&c| c <= x) as u32
            }
        }
    }

    /// The probability of each item (for tests and reports).
    pub fn probabilities(&self, len: usize) -> Vec<f64> {
        let mut p = vec![0.0; len];
        match self {
            Categorical::Uniform(support) => {
                for &i in support.iter() {
                    p[i as usize] = 1.0 / support.len() as f64;
                }
            }
            Categorical::Weighted(cumulative) => {
                let total = *cumulative.last().expect("at least one item") as f64;
                let mut previous = 0;
                for (i, &c) in cumulative.iter().enumerate() {
                    p[i] = (c - previous) as f64 / total;
                    previous = c;
                }
            }
        }
        p
    }
}

/// The weights as integers with the same ratios up to 2⁻⁵¹ of the largest (module doc).
fn integer_weights(weights: &[f64]) -> Vec<u64> {
    let largest = weights.iter().copied().fold(0.0, f64::max);
    // Headroom for the sum: len · 2^top < 2⁶³.
    let top = (62 - (usize::BITS - weights.len().leading_zeros()) as i32).min(52);
    let exponent = ((largest.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let shift = top - 1 - exponent;
    weights
        .iter()
        .map(|&w| {
            if w == 0.0 {
                return 0;
            }
            let scaled = times_power_of_two(w, shift).round();
            (scaled as u64).max(1)
        })
        .collect()
}

/// w · 2^shift, exact unless it leaves the range of normal numbers (two steps, so that each
/// factor is a normal number).
fn times_power_of_two(w: f64, shift: i32) -> f64 {
    let half = shift / 2;
    w * power_of_two(half) * power_of_two(shift - half)
}

/// 2^e for e in [−1022, 1023], from its bits.
fn power_of_two(e: i32) -> f64 {
    let e = e.clamp(-1022, 1023);
    f64::from_bits(((e + 1023) as u64) << 52)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::rng::case_rng;

    #[test]
    fn equal_weights_draw_exactly_as_below_does() {
        let uniform = Categorical::new(&[2.5, 2.5, 2.5]);
        assert_eq!(uniform, Categorical::Uniform(vec![0, 1, 2].into()));
        let (mut a, mut b) = (case_rng(3, 4), case_rng(3, 4));
        for _ in 0..100 {
            assert_eq!(uniform.draw(&mut a) as u64, below(&mut b, 3));
        }
        let subset = Categorical::new(&[0.0, 1.0, 0.0, 1.0]);
        assert_eq!(subset, Categorical::Uniform(vec![1, 3].into()));
    }

    #[test]
    fn integer_weights_keep_their_exact_ratios_and_zero_weights_are_never_drawn() {
        let nc = Categorical::new(&[1.0, 2.0, 12.0, 0.0]);
        let Categorical::Weighted(cumulative) = &nc else {
            panic!("{nc:?}")
        };
        let total = *cumulative.last().unwrap();
        assert_eq!(total % 15, 0);
        assert_eq!(
            nc.probabilities(4),
            [1.0 / 15.0, 2.0 / 15.0, 12.0 / 15.0, 0.0]
        );
        let mut rng = case_rng(1, 1);
        let mut counts = [0u32; 4];
        for _ in 0..15_000 {
            counts[nc.draw(&mut rng) as usize] += 1;
        }
        assert_eq!(counts[3], 0);
        assert!((800..1200).contains(&counts[0]), "{counts:?}");
        assert!((11_600..12_400).contains(&counts[2]), "{counts:?}");
    }

    #[test]
    fn tiny_and_huge_weights_stay_positive_and_in_range() {
        let p = Categorical::new(&[1e-300, 1e300, 3e299]).probabilities(3);
        assert!(p[0] > 0.0 && p[0] < 1e-15, "{p:?}");
        assert!((p[1] / p[2] - 10.0 / 3.0).abs() < 1e-12, "{p:?}");
        let many = vec![1e308; 5000];
        assert!(matches!(Categorical::new(&many), Categorical::Uniform(_)));
    }
}
