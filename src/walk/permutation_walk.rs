//! bobw: a counter-based keyed bijection on the test-case indices [0, z), z = jⁿ.

use num_bigint::BigUint;

use crate::encoding::{TestCaseCodec, digits_of_u64};
use crate::kernel::rng::mix64;

/// bobw(n): the paper's BOBW as intended (Section 3.4): every test-case index in
/// [0, z), z = jⁿ, exactly once, in pseudorandom order.
///
/// Contract: test case number k is π_seed(k), where π_seed is a keyed bijection on [0, z)
/// computed from (j, n, seed, k) alone — counter-based, so any range of counters can be
/// handed to another thread or machine, and the same seed gives the same sequence on
/// every machine and for every thread count. The first z counters visit every index
/// exactly once; `case_into(k)` returns `false` for k ≥ z. There is no table of size z:
/// memory is O(n) and spaces of tens of thousands of bits (j = 300, n = 4096) work.
/// Different seeds give (with overwhelming probability) different orders. The inverse
/// π⁻¹ is [`PermutationWalk::invert`].
///
/// Two constructions, both bijections whatever their round function:
///
/// * z ≤ 2⁶⁴ − 1 (every n = 1 space, whatever j is — prime, 2ᵏ ± 1, …): a keyed binary
///   Feistel network over ⌈log₂ z⌉ bits (rounded up to even, split evenly) with cycle
///   walking — re-encrypt until the value falls below z, which happens after fewer than
///   4 rounds of the network in expectation — then base-j digits by native division.
///   [`PermutationWalk::BINARY_ROUNDS`] rounds.
/// * z > 2⁶⁴ − 1: a Feistel network directly on the n base-j digits. The counter enters as
///   its base-j digits (only the low ⌈log_j 2⁶⁴⌉ are non-zero). The digits split into
///   L (the first ⌊n/2⌋) and R (the rest); round r adds, digit-wise mod j, a keyed
///   pseudorandom digit stream F_r(other half) to R (even r) or L (odd r). The first
///   round therefore scrambles R — the half without the counter — from the whole counter.
///   F_r hashes the entire other half (a four-lane multiply–xor–rotate over pairs of
///   digits, finished with SplitMix64's mixer, so every digit of the other half
///   influences every output digit) and expands the hash with a SplitMix64 stream, two
///   digits per 64-bit word by Lemire's multiply-high reduction (a bias below j/2³² is
///   harmless: bijectivity never depends on F). Inverting subtracts the same streams in
///   reverse order. The walk never leaves [0, z), needs no big integers and no cycle
///   walking. [`PermutationWalk::DIGIT_ROUNDS`] rounds.
///
/// z = 2⁶⁴ exactly (e.g. j = 2, n = 64) takes the digit network; `limit()` is then `None`
/// because z does not fit in a `u64`.
#[derive(Clone, Debug)]
pub struct PermutationWalk {
    j: u32,
    n: usize,
    seed: u64,
    /// z when it fits in a `u64`.
    limit: Option<u64>,
    network: Network,
}

/// The two constructions of [`PermutationWalk`].
#[derive(Clone, Debug)]
enum Network {
    /// z ≤ 1: the identity on {0} (or the empty walk when z = 0).
    Trivial,
    /// Binary Feistel over `2·half_bits` bits with cycle walking below `z`.
    Binary {
        z: u64,
        half_bits: u32,
        keys: Vec<u64>,
    },
    /// Feistel on the base-j digits.
    Digits { keys: Vec<u64>, radix: Radix },
}

impl PermutationWalk {
    /// Rounds of the digit Feistel network used when z > 2⁶⁴ − 1.
    ///
    /// Why four: a Feistel network over independent random round functions is a pseudorandom
    /// permutation after three rounds and a *strong* one (indistinguishable even with inverse
    /// queries) after four (Luby–Rackoff). Measured on j = 300, n = 1024 over 10,000 successive
    /// counters (see `docs/strategies.md`): one round leaves the counter's half untouched
    /// (avalanche ≈ 0.5); from two rounds on the avalanche is at its ideal 1 − 1/j and every
    /// statistic of [`super::quality`] passes. Four rounds keep two rounds of margin over that
    /// and cost about as much as [`super::Random`] per test case.
    pub const DIGIT_ROUNDS: u32 = 4;

    /// Rounds of the binary Feistel network used when z ≤ 2⁶⁴ − 1. Its halves can be as short
    /// as one bit, and each round is a single 64-bit mix, so it gets generous margin.
    pub const BINARY_ROUNDS: u32 = 8;

    /// bobw over j distinct method calls, length n, keyed by `seed`.
    pub fn new(j: u32, n: usize, seed: u64) -> Self {
        let network = match super::z_u64(j, n) {
            Some(z) if z <= 1 => Network::Trivial,
            Some(z) => {
                let bits = 64 - (z - 1).leading_zeros();
                let half_bits = bits.div_ceil(2);
                Network::Binary {
                    z,
                    half_bits,
                    keys: round_keys(seed, 0xB1A4, Self::BINARY_ROUNDS),
                }
            }
            None => Network::Digits {
                keys: round_keys(seed, 0xD161, Self::DIGIT_ROUNDS),
                radix: Radix::new(j),
            },
        };
        PermutationWalk {
            j,
            n,
            seed,
            limit: super::z_u64(j, n),
            network,
        }
    }

    /// The digit Feistel network with `rounds` rounds, whatever z is — for studying the
    /// construction (exhaustive bijection checks on small shapes, avalanche against the
    /// number of rounds). A bijection on [0, z) for every `rounds`, j ≥ 1 and n; with
    /// n = 1 the L half is empty and the walk degenerates to adding a keyed constant.
    /// `limit()` is z when it fits in a `u64`. Panics if j = 0. Unlike [`PermutationWalk::new`], this is
    /// not the `bobw` strategy's definition for small z.
    pub fn digit_feistel(j: u32, n: usize, seed: u64, rounds: u32) -> Self {
        assert!(j >= 1, "the digit Feistel network needs j ≥ 1");
        PermutationWalk {
            j,
            n,
            seed,
            limit: super::z_u64(j, n),
            network: Network::Digits {
                keys: round_keys(seed, 0xD161, rounds),
                radix: Radix::new(j),
            },
        }
    }

    /// j: the number of distinct method calls (the radix of the digits).
    pub fn j(&self) -> u32 {
        self.j
    }

    /// The seed keying the permutation.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether this walk uses the digit Feistel network (z > 2⁶⁴ − 1, or
    /// [`PermutationWalk::digit_feistel`]) rather than the binary one.
    pub fn uses_digit_feistel(&self) -> bool {
        matches!(self.network, Network::Digits { .. })
    }

    /// Replaces `digits` (length n, each < j, least significant first: the test-case
    /// index x) by the digits of π(x).
    ///
    /// Panics if `digits.len() != n`; digits ≥ j give unspecified results.
    pub fn permute_digits(&self, digits: &mut [u32]) {
        assert_eq!(digits.len(), self.n, "a test case has n digits");
        match &self.network {
            Network::Trivial => {}
            Network::Binary { z, half_bits, keys } => {
                let x = self.small_index(digits);
                let y = cycle_walk(x, *z, |v| binary_forward(v, *half_bits, keys));
                digits_of_u64(y, self.j, digits);
            }
            Network::Digits { keys, .. } => {
                let (left, right) = digits.split_at_mut(self.n / 2);
                for (round, &key) in keys.iter().enumerate() {
                    if round % 2 == 0 {
                        add_stream(right, round_hash(key, left), self.j);
                    } else {
                        add_stream(left, round_hash(key, right), self.j);
                    }
                }
            }
        }
    }

    /// Replaces `digits` (the digits of π(x)) by the digits of x: the inverse of
    /// [`PermutationWalk::permute_digits`].
    pub fn unpermute_digits(&self, digits: &mut [u32]) {
        assert_eq!(digits.len(), self.n, "a test case has n digits");
        match &self.network {
            Network::Trivial => {}
            Network::Binary { z, half_bits, keys } => {
                let y = self.small_index(digits);
                let x = cycle_walk(y, *z, |v| binary_backward(v, *half_bits, keys));
                digits_of_u64(x, self.j, digits);
            }
            Network::Digits { keys, .. } => {
                let (left, right) = digits.split_at_mut(self.n / 2);
                for (round, &key) in keys.iter().enumerate().rev() {
                    if round % 2 == 0 {
                        subtract_stream(right, round_hash(key, left), self.j);
                    } else {
                        subtract_stream(left, round_hash(key, right), self.j);
                    }
                }
            }
        }
    }

    /// π⁻¹: the counter k whose test case is `digits` (so `case_into(k)` writes `digits`),
    /// as a big integer since it can exceed 2⁶⁴ when z does.
    ///
    /// Panics if `digits.len() != n` or a digit is ≥ j.
    pub fn invert(&self, digits: &[u32]) -> BigUint {
        let mut x = digits.to_vec();
        self.unpermute_digits(&mut x);
        TestCaseCodec::new(self.j.max(1), self.n)
            .and_then(|codec| codec.encode(&x))
            .expect("digits of a test case: length n, each below j")
    }

    /// The index of a digit vector when z fits in a `u64`.
    fn small_index(&self, digits: &[u32]) -> u64 {
        digits
            .iter()
            .rev()
            .fold(0u64, |acc, &d| acc * self.j as u64 + d as u64)
    }
}

impl super::CounterWalk for PermutationWalk {
    const NAME: &'static str = "bobw";
    const SUMMARY: &'static str =
        "BOBW(n) as intended: every test case once in a keyed pseudorandom order";
    const USES_SEED: bool = true;
    const WITH_REPLACEMENT: bool = false;
    type Params = super::NoParameters;

    fn build(
        context: &crate::context::TestContext,
        n: usize,
        seed: u64,
        _params: &Self::Params,
    ) -> Self {
        PermutationWalk::new(context.j(), n, seed)
    }

    fn length(&self) -> usize {
        self.n
    }
    fn limit(&self) -> Option<u64> {
        self.limit
    }
    fn case_into(&self, counter: u64, out: &mut [u32]) -> bool {
        if self.limit.is_some_and(|z| counter >= z) {
            return false;
        }
        match &self.network {
            Network::Trivial => out.fill(0),
            Network::Binary { z, half_bits, keys } => {
                let y = cycle_walk(counter, *z, |v| binary_forward(v, *half_bits, keys));
                digits_of_u64(y, self.j, out);
            }
            Network::Digits { radix, .. } => {
                radix.digits_into(counter, out);
                self.permute_digits(out);
            }
        }
        true
    }
}

/// One key per round, derived from the seed and a construction tag.
fn round_keys(seed: u64, tag: u64, rounds: u32) -> Vec<u64> {
    let base = mix64(seed ^ tag.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    (0..rounds as u64)
        .map(|r| mix64(base.wrapping_add(r.wrapping_mul(0xD1B5_4A32_D192_ED03))))
        .collect()
}

/// Applies `step` (a bijection on [0, 2^b), z ≤ 2^b) until the value falls below z.
/// Terminates because x < z lies on a cycle of `step`, which returns below z at x itself.
#[inline]
fn cycle_walk(x: u64, z: u64, step: impl Fn(u64) -> u64) -> u64 {
    let mut y = step(x);
    while y >= z {
        y = step(y);
    }
    y
}

/// The binary Feistel network on 2·`half_bits` bits: (l, r) → (r, l ⊕ f(r)) per round.
#[inline]
fn binary_forward(x: u64, half_bits: u32, keys: &[u64]) -> u64 {
    let mask = (1u64 << half_bits) - 1;
    let (mut l, mut r) = (x >> half_bits, x & mask);
    for &key in keys {
        (l, r) = (r, l ^ (mix64(key ^ r) & mask));
    }
    (l << half_bits) | r
}

/// The inverse of [`binary_forward`].
#[inline]
fn binary_backward(y: u64, half_bits: u32, keys: &[u64]) -> u64 {
    let mask = (1u64 << half_bits) - 1;
    let (mut l, mut r) = (y >> half_bits, y & mask);
    for &key in keys.iter().rev() {
        (l, r) = (r ^ (mix64(key ^ l) & mask), l);
    }
    (l << half_bits) | r
}

/// Base-j digits of a `u64` by multiply-high with a precomputed reciprocal instead of a
/// hardware division per digit.
#[derive(Clone, Copy, Debug)]
struct Radix {
    j: u64,
    /// ⌊2⁶⁴/j⌋ (0 when j ≤ 1).
    reciprocal: u64,
}

impl Radix {
    fn new(j: u32) -> Self {
        let reciprocal = if j >= 2 {
            ((1u128 << 64) / j as u128) as u64
        } else {
            0
        };
        Radix {
            j: j as u64,
            reciprocal,
        }
    }

    /// Writes the base-j digits of `x` into `out`, least significant first (all 0 when
    /// j ≤ 1; digits beyond `out` are dropped).
    #[inline]
    fn digits_into(&self, mut x: u64, out: &mut [u32]) {
        if self.j <= 1 {
            out.fill(0);
            return;
        }
        let mut i = 0;
        while x != 0 && i < out.len() {
            // ⌊x·⌊2⁶⁴/j⌋/2⁶⁴⌋ is ⌊x/j⌋ or one less.
            let mut q = ((x as u128 * self.reciprocal as u128) >> 64) as u64;
            let mut r = x - q * self.j;
            if r >= self.j {
                q += 1;
                r -= self.j;
            }
            out[i] = r as u32;
            x = q;
            i += 1;
        }
        out[i..].fill(0);
    }
}

/// An odd multiplier for the half hash (the golden ratio's, as in SplitMix64).
const HASH_MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;
/// The stride of the expansion stream (SplitMix64's gamma).
const STREAM_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// A keyed 64-bit hash of a half: (beyond eight digits) four independent lanes each fold pairs of digits with
/// (state ⊕ word)·M, rotated — injective in each word and bijective in the state — and the
/// lanes are chained through SplitMix64's mixer, so any change to the half changes the
/// hash except with probability about 2⁻⁶⁴.
#[inline]
fn round_hash(key: u64, half: &[u32]) -> u64 {
    if half.len() <= 8 {
        // Short halves: one lane.
        let mut lane = key;
        for pair in half.chunks(2) {
            let word = pair[0] as u64 | (*pair.get(1).unwrap_or(&u32::MAX) as u64) << 32;
            lane = ((lane ^ word).wrapping_mul(HASH_MULTIPLIER)).rotate_left(29);
        }
        return mix64(lane ^ half.len() as u64);
    }
    let mut lanes = [
        key,
        key ^ 0x243F_6A88_85A3_08D3,
        key ^ 0x1319_8A2E_0370_7344,
        key ^ 0xA409_3822_299F_31D0,
    ];
    let mut blocks = half.chunks_exact(8);
    for block in &mut blocks {
        for (lane, pair) in lanes.iter_mut().zip(block.chunks_exact(2)) {
            let word = pair[0] as u64 | (pair[1] as u64) << 32;
            *lane = ((*lane ^ word).wrapping_mul(HASH_MULTIPLIER)).rotate_left(29);
        }
    }
    let rest = blocks.remainder();
    for (lane, pair) in lanes.iter_mut().zip(rest.chunks(2)) {
        let word = pair[0] as u64 | (*pair.get(1).unwrap_or(&u32::MAX) as u64) << 32;
        *lane = ((*lane ^ word).wrapping_mul(HASH_MULTIPLIER)).rotate_left(29);
    }
    let mut h = mix64(lanes[0] ^ half.len() as u64);
    for &lane in &lanes[1..] {
        h = mix64(h ^ lane);
    }
    h
}

/// Digit `2t` and `2t + 1` of the stream seeded by `hash`, each in [0, j).
#[inline]
fn stream_pair(hash: u64, t: usize, j: u64) -> (u64, u64) {
    let w = mix64(hash.wrapping_add((t as u64).wrapping_mul(STREAM_GAMMA)));
    (((w & 0xFFFF_FFFF) * j) >> 32, ((w >> 32) * j) >> 32)
}

/// target[i] ← (target[i] + stream_i) mod j.
#[inline]
fn add_stream(target: &mut [u32], hash: u64, j: u32) {
    let j = j as u64;
    let add = |d: &mut u32, f: u64| {
        let s = *d as u64 + f;
        *d = if s >= j { s - j } else { s } as u32;
    };
    let pairs_len = target.len() / 2;
    let mut pairs = target.chunks_exact_mut(2);
    for (t, pair) in (&mut pairs).enumerate() {
        let (a, b) = stream_pair(hash, t, j);
        add(&mut pair[0], a);
        add(&mut pair[1], b);
    }
    if let [last] = pairs.into_remainder() {
        let (a, _) = stream_pair(hash, pairs_len, j);
        add(last, a);
    }
}

/// target[i] ← (target[i] − stream_i) mod j: the inverse of [`add_stream`].
#[inline]
fn subtract_stream(target: &mut [u32], hash: u64, j: u32) {
    let j = j as u64;
    let sub = |d: &mut u32, f: u64| {
        let d64 = *d as u64;
        *d = if d64 >= f { d64 - f } else { d64 + j - f } as u32;
    };
    let pairs_len = target.len() / 2;
    let mut pairs = target.chunks_exact_mut(2);
    for (t, pair) in (&mut pairs).enumerate() {
        let (a, b) = stream_pair(hash, t, j);
        sub(&mut pair[0], a);
        sub(&mut pair[1], b);
    }
    if let [last] = pairs.into_remainder() {
        let (a, _) = stream_pair(hash, pairs_len, j);
        sub(last, a);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::rng::{below, case_rng};
    use crate::walk::PrimeStep;
    use crate::walk::Walk;
    use crate::walk::quality::{QualityReport, assess, assess_walk};
    use num_bigint::BigUint;
    use num_traits::{ToPrimitive, Zero};

    const SEEDS: [u64; 3] = [0, 1, 0xDEAD_BEEF_0BAD_F00D];

    /// Σ digits[i]·jⁱ for small spaces.
    fn index_of(digits: &[u32], j: u32) -> u64 {
        digits
            .iter()
            .rev()
            .fold(0u64, |acc, &d| acc * j as u64 + d as u64)
    }

    /// Asserts that `walk` visits each of its z ≤ 100,000 indices exactly once and that
    /// [`PermutationWalk::invert`] recovers every counter.
    fn assert_visits_every_index_once(walk: &PermutationWalk, z: u64) {
        let n = walk.length();
        let mut seen = vec![false; z as usize];
        let mut out = vec![0; n];
        for counter in 0..z {
            assert!(walk.case_into(counter, &mut out));
            assert!(out.iter().all(|&d| d < walk.j().max(1)));
            let x = index_of(&out, walk.j());
            assert!(!seen[x as usize], "j={} n={n}: index {x} twice", walk.j());
            seen[x as usize] = true;
            if counter % 97 == 0 {
                assert_eq!(walk.invert(&out), BigUint::from(counter));
            }
        }
        assert!(!walk.case_into(z, &mut out), "the walk ends after z cases");
    }

    #[test]
    fn bobw_visits_every_index_of_awkward_small_spaces_exactly_once() {
        // z = 1, 2, 7, 300, 300², a prime, 2¹⁶ ± 1, a power of two, 3¹⁰, 7⁵ — through
        // n = 1 (z = j arbitrary) as well as longer test cases.
        let shapes: [(u32, usize); 14] = [
            (1, 1),
            (1, 6),
            (5, 0),
            (2, 1),
            (7, 1),
            (300, 1),
            (300, 2),
            (99_991, 1),
            (65_537, 1),
            (65_535, 1),
            (2, 16),
            (4_097, 1),
            (3, 10),
            (7, 5),
        ];
        for (j, n) in shapes {
            for seed in SEEDS {
                let walk = PermutationWalk::new(j, n, seed);
                let z = (j as u64).pow(n as u32);
                assert_eq!(walk.limit(), Some(z));
                assert!(!walk.uses_digit_feistel());
                assert_visits_every_index_once(&walk, z);
            }
        }
    }

    #[test]
    fn the_digit_feistel_is_a_bijection_on_small_shapes() {
        for (j, n) in [
            (2, 2),
            (3, 3),
            (2, 9),
            (7, 4),
            (300, 2),
            (10, 5),
            (5, 7),
            (6, 6),
        ] {
            for seed in SEEDS {
                for rounds in [1, PermutationWalk::DIGIT_ROUNDS] {
                    let walk = PermutationWalk::digit_feistel(j, n, seed, rounds);
                    let z = (j as u64).pow(n as u32);
                    assert_eq!(walk.limit(), Some(z));
                    assert_visits_every_index_once(&walk, z);
                }
            }
        }
    }

    #[test]
    fn the_digit_feistel_inverts_on_random_points_of_big_shapes() {
        for (j, n, points) in [
            (300, 4096, 20),
            (300, 1024, 100),
            (2, 100, 500),
            (3, 41, 500),
            (u32::MAX, 3, 500),
            (65_537, 7, 500),
        ] {
            let walk = PermutationWalk::new(j, n, 42);
            assert!(walk.uses_digit_feistel(), "z = {j}^{n} > 2^64");
            assert_eq!(walk.limit(), None);
            let mut rng = case_rng(7, n as u64);
            for _ in 0..points {
                let x: Vec<u32> = (0..n).map(|_| below(&mut rng, j as u64) as u32).collect();
                let mut y = x.clone();
                walk.permute_digits(&mut y);
                assert!(y.iter().all(|&d| d < j), "π stays in the domain");
                assert_ne!(x, y);
                walk.unpermute_digits(&mut y);
                assert_eq!(x, y, "π⁻¹(π(x)) = x at j={j} n={n}");
            }
        }
    }

    #[test]
    fn invert_recovers_the_counter_at_large_z() {
        let walk = PermutationWalk::new(300, 1024, 9);
        let mut out = vec![0; 1024];
        for counter in [0, 1, 2, 299, 300, 1 << 40, u64::MAX - 1] {
            assert!(walk.case_into(counter, &mut out));
            assert_eq!(walk.invert(&out), BigUint::from(counter));
        }
        // And a counter beyond 2⁶⁴: π⁻¹ of an arbitrary test case is some index below z.
        let x = walk.invert(&vec![299; 1024]);
        assert!(x.to_u64().is_none() && !x.is_zero());
    }

    #[test]
    fn different_seeds_give_different_orders() {
        for (j, n) in [(300, 1), (300, 3), (300, 64)] {
            let a = PermutationWalk::new(j, n, 1);
            let b = PermutationWalk::new(j, n, 2);
            let (mut x, mut y) = (vec![0; n], vec![0; n]);
            let differing = (0..100)
                .filter(|&k| {
                    a.case_into(k, &mut x);
                    b.case_into(k, &mut y);
                    x != y
                })
                .count();
            assert!(differing >= 95, "j={j} n={n}: {differing}");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_sequence_and_the_cursor_agrees() {
        for (j, n) in [(300, 2), (300, 8), (300, 64)] {
            let walk = PermutationWalk::new(j, n, 77);
            let again = PermutationWalk::new(j, n, 77);
            let mut cursor = walk.cursor(1000);
            let (mut a, mut b) = (vec![0; n], vec![0; n]);
            // Random access in reverse order, a second instance, and the cursor agree.
            let expected: Vec<Vec<u32>> = (1000..1300)
                .rev()
                .map(|k| {
                    assert!(walk.case_into(k, &mut a));
                    a.clone()
                })
                .collect();
            for (k, e) in (1000..1300).zip(expected.iter().rev()) {
                assert!(cursor.next_case(&mut a));
                assert!(again.case_into(k, &mut b));
                assert_eq!(&a, e, "j={j} n={n} k={k}");
                assert_eq!(&b, e);
            }
        }
        // The cursor stops at z.
        let walk = PermutationWalk::new(7, 2, 3);
        let mut cursor = walk.cursor(47);
        let mut out = [0; 2];
        assert!(cursor.next_case(&mut out) && cursor.next_case(&mut out));
        assert!(!cursor.next_case(&mut out));
    }

    #[test]
    fn counters_enter_as_their_base_j_digits() {
        for j in [2u32, 3, 10, 299, 300, 65_537, u32::MAX - 1, u32::MAX] {
            let radix = Radix::new(j);
            for x in [
                0,
                1,
                j as u64 - 1,
                j as u64,
                1 << 40,
                u64::MAX - 1,
                u64::MAX,
            ] {
                let (mut fast, mut plain) = ([7u32; 70], [0u32; 70]);
                radix.digits_into(x, &mut fast);
                digits_of_u64(x, j, &mut plain);
                assert_eq!(fast, plain, "j={j} x={x}");
            }
        }
    }

    #[test]
    fn the_sequence_is_pinned() {
        // A change here changes every bobw experiment: the order must be the same on
        // every machine and for every thread count.
        let mut small = [0u32; 3];
        PermutationWalk::new(300, 3, 2010).case_into(0, &mut small);
        assert_eq!(small, [202, 96, 67]);
        let mut wide = vec![0u32; 1024];
        PermutationWalk::new(300, 1024, 2010).case_into(0, &mut wide);
        assert_eq!(wide[..4], [147, 117, 264, 287]);
    }

    /// The battery over the first `cases` test cases of a walk at j = 300, n = 1024.
    fn battery(walk: &dyn crate::walk::Walk, cases: usize) -> QualityReport {
        assess_walk(walk, 300, cases)
    }

    #[test]
    fn bobw_passes_the_battery_at_large_z() {
        let walk = PermutationWalk::new(300, 1024, 2010);
        let report = battery(&walk, 10_000);
        assert!(report.passes(), "{report}");
        assert!(
            (report.avalanche - (1.0 - 1.0 / 300.0)).abs() < 1e-3,
            "{report}"
        );
    }

    #[test]
    fn bobw_prime_fails_the_battery_at_large_z() {
        // The paper's defect: only the first ~10 of 1024 calls ever change.
        let report = battery(&PrimeStep::new(300, 1024), 10_000);
        assert!(!report.passes(), "{report}");
        for statistic in ["uniformity", "serial correlation", "avalanche"] {
            assert!(report.failures().contains(&statistic), "{report}");
        }
        assert!(report.avalanche < 0.02, "{report}");
    }

    #[test]
    fn one_round_leaves_the_counter_half_unmixed() {
        let walk = PermutationWalk::digit_feistel(300, 1024, 2010, 1);
        let report = battery(&walk, 2_000);
        assert!(report.failures().contains(&"avalanche"), "{report}");
        assert!((report.avalanche - 0.5).abs() < 0.01, "{report}");
    }

    /// A full-period LCG x_{k+1} = (a·x_k + c) mod z on z = 300¹⁰²⁴ meeting Hull–Dobell:
    /// c coprime to z, a − 1 divisible by every prime factor of z (2, 3, 5) and by 4.
    fn hull_dobell_lcg(cases: usize) -> QualityReport {
        let (j, n) = (300u32, 1024usize);
        let codec = TestCaseCodec::new(j, n).unwrap();
        let z = codec.z().clone();
        let mut rng = case_rng(3, 1);
        let random_below_z = |rng: &mut _| {
            let digits: Vec<u32> = (0..n).map(|_| below(rng, j as u64) as u32).collect();
            codec.encode(&digits).unwrap()
        };
        // a = 60·m + 1; c ≡ 7 (mod 300) makes c coprime to 2, 3, 5.
        let a = (random_below_z(&mut rng) / 60u32) * 60u32 + 1u32;
        let c = (random_below_z(&mut rng) / 300u32) * 300u32 + 7u32;
        assert!(a < z && c < z);
        let mut x = random_below_z(&mut rng);
        assess(j, n, cases, |out| {
            codec.decode_into(&x, out).unwrap();
            x = (&a * &x + &c) % &z;
            true
        })
    }

    #[test]
    fn a_full_period_lcg_fails_the_battery_at_large_z() {
        let report = hull_dobell_lcg(10_000);
        assert!(!report.passes(), "{report}");
        // Its low digits cycle: digit 0 with period exactly j, so it is too uniform, and
        // each digit's successor is a fixed function of it.
        assert!(report.uniformity.max > 1.0 - 1e-9, "{report}");
        for statistic in ["uniformity", "serial pairs"] {
            assert!(report.failures().contains(&statistic), "{report}");
        }
    }
}
