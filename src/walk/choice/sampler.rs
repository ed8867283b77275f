//! [`Categorical`]: an exact, deterministic draw from weights, with integer arithmetic only.
//!
//! Weights are turned into integers once: each is multiplied by the one power of two that
//! brings the largest into [2⁵¹, 2⁵²) (or lower, so that their sum fits in 63 bits) and
//! rounded to the nearest integer, a positive weight to at least 1. Multiplying by a power
//! of two and rounding are exact IEEE operations, so every machine gets the same
//! integers; integer weights below 2⁵¹ (such as nc(m)) keep their exact ratios. A draw is
//! then one unbiased [`below`] over the total and a guide-table search (the first item whose
//! cumulative weight exceeds the draw), or, when every positive weight is equal, one `below`
//! over the items drawn — the draw `r` makes.

use crate::kernel::rng::below;

/// A categorical distribution over item indices 0..len.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Categorical {
    /// Uniform over every item: `below(len)`, exactly `r`'s draw of a method.
    All(u32),
    /// Uniform over these items (every item with a positive weight, all equal, some weights
    /// 0): item `support[below(len)]`.
    Uniform(Box<[u32]>),
    /// Item i with probability (cumulative\[i\] − cumulative\[i − 1\]) / total.
    Weighted(Weighted),
}

/// Integer weights and a guide table: for x = `below(total)`, the item is the first i with
/// cumulative\[i\] > x; the search starts at `guide[x >> shift]`, the first item whose
/// cumulative weight exceeds the start of x's bucket (16 to 32 buckets per item, so that
/// the search rarely steps at all and its branch is predictable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weighted {
    cumulative: Box<[u64]>,
    /// The last cumulative weight, the bound of the draw.
    total: u64,
    /// 2⁶⁴ mod total: [`below`]'s rejection threshold, computed once (see [`below_total`]).
    threshold: u64,
    shift: u32,
    guide: Box<[u32]>,
}

impl Weighted {
    fn new(integers: &[u64]) -> Self {
        let cumulative: Box<[u64]> = integers
            .iter()
            .scan(0u64, |total, &w| {
                *total += w;
                Some(*total)
            })
            .collect();
        let total = *cumulative.last().expect("at least one item");
        let bucket_bits = (16 * integers.len()).next_power_of_two().trailing_zeros();
        let shift = (u64::BITS - total.leading_zeros()).saturating_sub(bucket_bits);
        let buckets = ((total - 1) >> shift) + 1;
        let guide = (0..buckets)
            .map(|b| cumulative.partition_point(|&c| c <= b << shift) as u32)
            .collect();
        Weighted {
            cumulative,
            total,
            threshold: total.wrapping_neg() % total,
            shift,
            guide,
        }
    }

    /// One item: inlined into the walk's loop, so that the generator stays in registers.
    #[inline(always)]
    pub fn draw(&self, rng: &mut impl rand::Rng) -> u32 {
        let x = below_total(rng, self.total, self.threshold);
        let mut item = self.guide[(x >> self.shift) as usize] as usize;
        while self.cumulative[item] <= x {
            item += 1;
        }
        item as u32
    }
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
        if integers.iter().all(|&w| w == first) {
            return Categorical::All(integers.len() as u32);
        }
        if integers.iter().all(|&w| w == 0 || w == first) {
            let support = (0..integers.len() as u32).filter(|&i| integers[i as usize] > 0);
            return Categorical::Uniform(support.collect());
        }
        Categorical::Weighted(Weighted::new(&integers))
    }

    /// One item (inlined, as [`Weighted::draw`] is).
    #[inline(always)]
    pub fn draw(&self, rng: &mut impl rand::Rng) -> u32 {
        match self {
            Categorical::All(len) => below(rng, u64::from(*len)) as u32,
            Categorical::Uniform(support) => support[below(rng, support.len() as u64) as usize],
            Categorical::Weighted(weighted) => weighted.draw(rng),
        }
    }

    /// The probability of each item (for tests and reports).
    pub fn probabilities(&self) -> Vec<f64> {
        match self {
            Categorical::All(len) => vec![1.0 / f64::from(*len); *len as usize],
            Categorical::Uniform(support) => {
                let len = support.iter().max().map_or(0, |&i| i as usize + 1);
                let mut p = vec![0.0; len];
                for &i in support.iter() {
                    p[i as usize] = 1.0 / support.len() as f64;
                }
                p
            }
            Categorical::Weighted(weighted) => {
                let total = weighted.total as f64;
                let mut previous = 0;
                let mut p = Vec::with_capacity(weighted.cumulative.len());
                for &c in weighted.cumulative.iter() {
                    p.push((c - previous) as f64 / total);
                    previous = c;
                }
                p
            }
        }
    }
}

/// [`below`]`(rng, total)` with its rejection threshold 2⁶⁴ mod total given: the same
/// draw without a division. (`below` computes the threshold only when the low word is
/// below `total`, and redraws while it is below the threshold; as the threshold is less
/// than `total`, testing it alone decides the same.)
#[inline(always)]
fn below_total(rng: &mut impl rand::Rng, total: u64, threshold: u64) -> u64 {
    let mut m = u128::from(rng.next_u64()) * u128::from(total);
    while (m as u64) < threshold {
        m = u128::from(rng.next_u64()) * u128::from(total);
    }
    (m >> 64) as u64
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
    use rand::Rng;

    use super::*;
    use crate::kernel::rng::case_rng;

    #[test]
    fn equal_weights_draw_exactly_as_below_does() {
        let uniform = Categorical::new(&[2.5, 2.5, 2.5]);
        assert_eq!(uniform, Categorical::All(3));
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
        assert_eq!(
            nc.probabilities(),
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
    fn a_draw_below_a_total_with_its_threshold_is_below_s_draw() {
        // 2⁶³ + 1 rejects almost half the words: the loop runs often.
        for total in [1, 3, 1 << 40, 118 << 48, (1 << 63) + 1, u64::MAX] {
            let threshold = total.wrapping_neg() % total;
            let (mut a, mut b) = (case_rng(7, total), case_rng(7, total));
            for _ in 0..1000 {
                assert_eq!(below_total(&mut a, total, threshold), below(&mut b, total));
            }
            assert_eq!(a.next_u64(), b.next_u64(), "as many words drawn");
        }
    }

    #[test]
    fn the_guide_table_finds_the_item_a_search_of_the_cumulative_weights_finds() {
        let weights: Vec<u64> = (0..37).map(|i| (i * 7919 % 101) * (1 << (i % 5))).collect();
        let weighted = Weighted::new(&weights);
        let total = weighted.total;
        assert_eq!(total, *weighted.cumulative.last().unwrap());
        let mut rng = case_rng(5, 6);
        let edges = weighted
            .cumulative
            .iter()
            .flat_map(|&c| [c.saturating_sub(1), c]);
        let xs: Vec<u64> = edges
            .chain((0..2_000).map(|_| below(&mut rng, total)))
            .collect();
        for x in xs.into_iter().filter(|&x| x < total) {
            let mut item = weighted.guide[(x >> weighted.shift) as usize] as usize;
            while weighted.cumulative[item] <= x {
                item += 1;
            }
            let searched = weighted.cumulative.partition_point(|&c| c <= x);
            assert_eq!(item, searched, "x = {x}");
            assert!(weights[item] > 0);
        }
    }

    #[test]
    fn tiny_and_huge_weights_stay_positive_and_in_range() {
        let p = Categorical::new(&[1e-300, 1e300, 3e299]).probabilities();
        assert!(p[0] > 0.0 && p[0] < 1e-15, "{p:?}");
        assert!((p[1] / p[2] - 10.0 / 3.0).abs() < 1e-12, "{p:?}");
        let many = vec![1e308; 5000];
        assert_eq!(Categorical::new(&many), Categorical::All(5000));
    }
}
