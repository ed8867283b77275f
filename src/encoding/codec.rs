//! Test-case indices ⟷ base-j digit vectors, by divide and conquer over precomputed
//! powers of j.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use super::EncodingError;

/// Converts between test-case indices ⟦mc₁, …, mc_n⟧ ∈ [0, jⁿ) and the digit vector
/// (⟦mc₁⟧, …, ⟦mc_n⟧), least significant digit first.
///
/// Decoding splits the index at a power B^(2^k) of the chunk base B = j^c (the largest power
/// of j that fits in a `u64`), recursing on both halves, and finishes each chunk with
/// native 64-bit arithmetic; encoding mirrors it. Both are O(M(size)·log size) instead of
/// the O(n·size) of one big division per digit.
#[derive(Clone, Debug)]
pub struct TestCaseCodec {
    j: u32,
    n: usize,
    /// Digits per chunk (c), so that B = j^c < 2^64.
    chunk_digits: usize,
    /// B^(2^k) for k = 0, 1, …, while 2^k < number of chunks.
    powers: Vec<BigUint>,
    z: BigUint,
}

impl TestCaseCodec {
    /// A codec for test cases of length `n` over `j ≥ 1` distinct method calls.
    pub fn new(j: u32, n: usize) -> Result<Self, EncodingError> {
        if j == 0 {
            return Err(EncodingError::NoCalls);
        }
        let chunk_digits = if j == 1 {
            n.max(1)
        } else {
            let mut c = 1usize;
            let mut b: u64 = j as u64;
            while let Some(next) = b.checked_mul(j as u64) {
                b = next;
                c += 1;
            }
            c
        };
        let chunks = n.div_ceil(chunk_digits).max(1);
        let mut powers = Vec::new();
        if j > 1 {
            let mut p = BigUint::from(j).pow(chunk_digits as u32);
            let mut span = 1usize;
            while span < chunks {
                let next = &p * &p;
                powers.push(p);
                p = next;
                span *= 2;
            }
        }
        let z = BigUint::from(j).pow(n as u32);
        Ok(TestCaseCodec {
            j,
            n,
            chunk_digits,
            powers,
            z,
        })
    }

    /// j: the number of distinct method calls.
    pub fn j(&self) -> u32 {
        self.j
    }

    /// n: the number of method calls per test case.
    pub fn n(&self) -> usize {
        self.n
    }

    /// z = jⁿ: the number of test cases.
    pub fn z(&self) -> &BigUint {
        &self.z
    }

    /// The digits of test-case `index`: `out[i]` = ⟦mc_{i+1}⟧.
    pub fn decode(&self, index: &BigUint) -> Result<Vec<u32>, EncodingError> {
        let mut out = vec![0u32; self.n];
        self.decode_into(index, &mut out)?;
        Ok(out)
    }

    /// Like [`TestCaseCodec::decode`], into a caller-provided buffer of length n.
    pub fn decode_into(&self, index: &BigUint, out: &mut [u32]) -> Result<(), EncodingError> {
        if out.len() != self.n {
            return Err(EncodingError::WrongLength {
                got: out.len(),
                n: self.n,
            });
        }
        if index >= &self.z {
            return Err(EncodingError::IndexOutOfRange {
                index: index.clone(),
                j: self.j,
                n: self.n,
                z: self.z.clone(),
            });
        }
        if self.j == 1 || self.n == 0 {
            out.fill(0);
            return Ok(());
        }
        let chunks = self.n.div_ceil(self.chunk_digits);
        self.decode_chunks(index.clone(), 0, chunks, out);
        Ok(())
    }

    fn decode_chunks(&self, value: BigUint, first: usize, count: usize, out: &mut [u32]) {
        if count == 1 {
            let lo = first * self.chunk_digits;
            let hi = (lo + self.chunk_digits).min(self.n);
            let v = value.to_u64().expect("a chunk is below j^c < 2^64");
            digits_of_u64(v, self.j, &mut out[lo..hi]);
            return;
        }
        let level = usize::BITS as usize - 1 - (count - 1).leading_zeros() as usize; // 2^level < count ≤ 2^(level+1)
        let half = 1usize << level;
        let (high, low) = value.div_rem(&self.powers[level]);
        self.decode_chunks(low, first, half, out);
        self.decode_chunks(high, first + half, count - half, out);
    }

    /// The test-case index of the digits (`digits[i]` = ⟦mc_{i+1}⟧).
    pub fn encode(&self, digits: &[u32]) -> Result<BigUint, EncodingError> {
        if digits.len() != self.n {
            return Err(EncodingError::WrongLength {
                got: digits.len(),
                n: self.n,
            });
        }
        if let Some((i, &d)) = digits.iter().enumerate().find(|&(_, &d)| d >= self.j) {
            return Err(EncodingError::CallOutOfRange {
                position: i + 1,
                call: d as u64,
                j: self.j,
            });
        }
        if self.j == 1 || self.n == 0 {
            return Ok(BigUint::zero());
        }
        let chunks = self.n.div_ceil(self.chunk_digits);
        Ok(self.encode_chunks(digits, 0, chunks))
    }

    fn encode_chunks(&self, digits: &[u32], first: usize, count: usize) -> BigUint {
        if count == 1 {
            let lo = first * self.chunk_digits;
            let hi = (lo + self.chunk_digits).min(self.n);
            let v = digits[lo..hi]
                .iter()
                .rev()
                .fold(0u64, |acc, &d| acc * self.j as u64 + d as u64);
            return BigUint::from(v);
        }
        let level = usize::BITS as usize - 1 - (count - 1).leading_zeros() as usize;
        let half = 1usize << level;
        let low = self.encode_chunks(digits, first, half);
        let high = self.encode_chunks(digits, first + half, count - half);
        if high.is_zero() {
            low
        } else {
            high * &self.powers[level] + low
        }
    }

    /// The index one past the largest, z = jⁿ, as a decimal string.
    pub fn z_decimal(&self) -> String {
        self.z.to_str_radix(10)
    }

    /// Whether z ≤ `limit` (cheap: compares bit lengths first).
    pub fn z_at_most(&self, limit: u128) -> bool {
        self.z.bits() <= 128 && self.z <= BigUint::from(limit)
    }

    /// z as a `u128`, if it fits.
    pub fn z_u128(&self) -> Option<u128> {
        self.z.to_u128()
    }

    /// The codec's z is 1 exactly when n = 0 or j = 1.
    pub fn is_trivial(&self) -> bool {
        self.z.is_one()
    }
}

/// Writes the base-`j` digits of `value` into `out`, least significant first; digits beyond
/// the value's length are 0. The value must be below j^out.len() (higher digits are dropped).
#[inline]
pub fn digits_of_u64(mut value: u64, j: u32, out: &mut [u32]) {
    let j = j as u64;
    for d in out.iter_mut() {
        *d = (value % j) as u32;
        value /= j;
    }
}

/// The value Σ digits\[i\]·jⁱ if it fits in a `u128`.
pub fn digits_to_u128(digits: &[u32], j: u32) -> Option<u128> {
    digits.iter().rev().try_fold(0u128, |acc, &d| {
        acc.checked_mul(j as u128)?.checked_add(d as u128)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn naive_encode(digits: &[u32], j: u32) -> BigUint {
        digits
            .iter()
            .rev()
            .fold(BigUint::zero(), |acc, &d| acc * j + d)
    }

    #[test]
    fn decode_inverts_encode_for_every_index_below_z_for_small_j_and_n() {
        for j in 1..=6u32 {
            for n in 0..=6usize {
                let codec = TestCaseCodec::new(j, n).unwrap();
                let z = (j as u64).pow(n as u32);
                assert_eq!(codec.z(), &BigUint::from(z));
                for i in 0..z {
                    let digits = codec.decode(&BigUint::from(i)).unwrap();
                    assert_eq!(
                        naive_encode(&digits, j),
                        BigUint::from(i),
                        "j={j} n={n} i={i}"
                    );
                    assert_eq!(codec.encode(&digits).unwrap(), BigUint::from(i));
                }
            }
        }
    }

    #[test]
    fn index_is_sum_of_call_indices_times_powers_of_j() {
        let codec = TestCaseCodec::new(10, 3).unwrap();
        // ⟦mc1⟧ + ⟦mc2⟧·j + ⟦mc3⟧·j²: the first call is the least significant digit.
        assert_eq!(codec.encode(&[1, 2, 3]).unwrap(), BigUint::from(321u32));
        assert_eq!(codec.decode(&BigUint::from(321u32)).unwrap(), vec![1, 2, 3]);
    }

    #[test]
    fn index_at_or_above_z_is_an_error_naming_z() {
        let codec = TestCaseCodec::new(300, 2).unwrap();
        let err = codec.decode(&BigUint::from(90_000u32)).unwrap_err();
        assert!(matches!(err, EncodingError::IndexOutOfRange { .. }));
        assert!(err.to_string().contains("90000"), "{err}");
        assert!(codec.decode(&BigUint::from(89_999u32)).is_ok());
    }

    #[test]
    fn digits_out_of_range_or_wrong_length_are_errors() {
        let codec = TestCaseCodec::new(3, 2).unwrap();
        assert!(matches!(
            codec.encode(&[0, 3]),
            Err(EncodingError::CallOutOfRange {
                position: 2,
                call: 3,
                j: 3
            })
        ));
        assert!(matches!(
            codec.encode(&[0]),
            Err(EncodingError::WrongLength { got: 1, n: 2 })
        ));
    }

    #[test]
    fn large_index_round_trips_at_n_1024_j_300() {
        let codec = TestCaseCodec::new(300, 1024).unwrap();
        let digits: Vec<u32> = (0..1024u32).map(|i| (i * 7919 + 13) % 300).collect();
        let index = codec.encode(&digits).unwrap();
        assert_eq!(index, naive_encode(&digits, 300));
        assert_eq!(codec.decode(&index).unwrap(), digits);
        let last = codec.z() - 1u32;
        assert_eq!(codec.decode(&last).unwrap(), vec![299; 1024]);
    }

    proptest! {
        #[test]
        fn decode_inverts_encode_for_random_shapes(j in 1u32..5000, n in 0usize..300, seed in any::<u64>()) {
            let codec = TestCaseCodec::new(j, n).unwrap();
            let mut x = seed;
            let digits: Vec<u32> = (0..n).map(|_| { x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407); ((x >> 33) % j as u64) as u32 }).collect();
            let index = codec.encode(&digits).unwrap();
            prop_assert_eq!(&index, &naive_encode(&digits, j));
            prop_assert_eq!(codec.decode(&index).unwrap(), digits);
        }

        #[test]
        fn u64_digit_helpers_agree_with_the_codec(j in 2u32..1000, value in any::<u64>()) {
            let mut digits = [0u32; 64];
            digits_of_u64(value, j, &mut digits);
            prop_assert_eq!(digits_to_u128(&digits, j), Some(value as u128));
        }
    }
}
