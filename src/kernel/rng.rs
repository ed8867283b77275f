//! Explicitly seeded, counter-based randomness for strategies.
//!
//! Every random test case k of a strategy with seed s draws from its own generator,
//! [`case_rng`]`(s, k)`: a PCG-64 (rand_pcg's `Pcg64Mcg`) whose state is a SplitMix64 hash
//! of (s, k). Bounded values use [`below`] (Lemire's multiply-and-reject), defined here
//! rather than borrowed from `rand` so that the sequence is fixed by this crate alone.

use rand::Rng;
use rand_pcg::Pcg64Mcg;

/// SplitMix64's finalizer: a bijective 64-bit mixer.
#[inline]
pub fn mix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The generator of test case `counter` of a strategy seeded with `seed`.
#[inline]
pub fn case_rng(seed: u64, counter: u64) -> Pcg64Mcg {
    let hi = mix64(seed ^ 0x6A09_E667_F3BC_C908);
    let lo = mix64(counter.wrapping_add(mix64(seed)));
    Pcg64Mcg::new(((hi as u128) << 64) | lo as u128)
}

/// A uniform draw in [0, 1) from the top 53 bits of one 64-bit output.
#[inline]
pub fn unit_draw<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// A uniform integer in [0, bound), `bound ≥ 1`, without modulo bias.
#[inline]
pub fn below<R: Rng + ?Sized>(rng: &mut R, bound: u64) -> u64 {
    debug_assert!(bound > 0);
    let mut m = (rng.next_u64() as u128) * (bound as u128);
    if (m as u64) < bound {
        let threshold = bound.wrapping_neg() % bound;
        while (m as u64) < threshold {
            m = (rng.next_u64() as u128) * (bound as u128);
        }
    }
    (m >> 64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = case_rng(1, 2);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[below(&mut rng, 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| (800..1200).contains(&c)), "{seen:?}");
    }

    #[test]
    fn case_generators_differ_by_counter_and_by_seed() {
        let a = case_rng(1, 0).next_u64();
        assert_ne!(a, case_rng(1, 1).next_u64());
        assert_ne!(a, case_rng(2, 0).next_u64());
        assert_eq!(a, case_rng(1, 0).next_u64());
    }

    #[test]
    fn the_sequence_is_fixed_by_this_crate() {
        // Pinned values: a change here changes every R and r-leaf experiment.
        let mut rng = case_rng(42, 7);
        let first: Vec<u64> = (0..4).map(|_| below(&mut rng, 1000)).collect();
        assert_eq!(first, [649, 961, 943, 891]);
    }
}
