//! bobw-prime: the paper's own BOBW implementation, x ← (x + p) mod z.

use super::{CounterWalk, Cursor};

/// The fixed prime step p = 2⁶¹ − 1 (a Mersenne prime). The paper does not name its
/// prime; this one exceeds every supported j (< 2³²), so it never divides z = jⁿ and the
/// walk always has full period.
pub const PRIME_STEP: u64 = (1 << 61) - 1;

/// bobw-prime(n): the paper's implementation of BOBW (Section 4.3, discussed with
/// Figure 6): test-case index x_k = k·p mod z, with x₀ = 0 and p = `PRIME_STEP`.
///
/// Contract: since gcd(p, z) = 1 the walk visits every index in [0, z) exactly once in its
/// first z steps. It is deterministic (no seed). Its defect, kept on purpose to reproduce
/// the paper's flat-lining: while k·p < z the index never wraps, so only the low
/// ⌈log_j(k·p)⌉ digits — the *first* calls of the test case — vary, and every later call is
/// method-call index 0. For j = 300 and k < 10⁶, only the first ~11 calls vary; test cases
/// of length 2n then repeat those of length n with index-0 calls appended.
///
/// The sequential cursor works in base-j digits: adding p is a digit-wise addition of p's
/// base-j digits with carry, truncated to n digits (which is the reduction mod z = jⁿ).
#[derive(Clone, Debug)]
pub struct PrimeStep {
    j: u32,
    n: usize,
    z: Option<u128>,
    step_digits: Vec<u32>,
}

impl PrimeStep {
    /// bobw-prime over j distinct method calls, length n.
    pub fn new(j: u32, n: usize) -> Self {
        let z = u32::try_from(n)
            .ok()
            .and_then(|n| (j as u128).checked_pow(n));
        let mut step_digits = vec![0u32; n];
        digits_of_u128(PRIME_STEP as u128, j, &mut step_digits);
        PrimeStep {
            j,
            n,
            z,
            step_digits,
        }
    }

    /// x_k = k·p mod z, as a `u128` (k·p < 2¹²⁵ always fits).
    fn index(&self, counter: u64) -> u128 {
        let x = counter as u128 * PRIME_STEP as u128;
        match self.z {
            Some(z) => x % z,
            None => x,
        }
    }
}

/// Writes the base-`j` digits of `value` into `out`, least significant first (higher
/// digits are dropped).
fn digits_of_u128(mut value: u128, j: u32, out: &mut [u32]) {
    if j == 1 {
        out.fill(0);
        return;
    }
    for d in out.iter_mut() {
        if value == 0 {
            *d = 0;
            continue;
        }
        *d = (value % j as u128) as u32;
        value /= j as u128;
    }
}

impl CounterWalk for PrimeStep {
    const NAME: &'static str = "bobw-prime";
    const SUMMARY: &'static str = "BOBW(n) as the paper implemented it: x ← (x + p) mod z";
    const USES_SEED: bool = false;
    const WITH_REPLACEMENT: bool = false;
    type Params = super::NoParameters;

    fn build(
        context: &crate::context::TestContext,
        n: usize,
        _seed: u64,
        _params: &Self::Params,
    ) -> Self {
        PrimeStep::new(context.j(), n)
    }

    fn length(&self) -> usize {
        self.n
    }
    fn limit(&self) -> Option<u64> {
        self.z.and_then(|z| u64::try_from(z).ok())
    }
    fn case_into(&self, counter: u64, out: &mut [u32]) -> bool {
        if self.z.is_some_and(|z| counter as u128 >= z) {
            return false;
        }
        digits_of_u128(self.index(counter), self.j, out);
        true
    }
    fn cursor(&self, start: u64) -> Box<dyn Cursor + '_> {
        Box::new(DigitAdder {
            strategy: self,
            next: start,
            digits: Vec::new(),
        })
    }
}

/// bobw-prime's sequential walk: base-j addition of p's digits with carry.
struct DigitAdder<'a> {
    strategy: &'a PrimeStep,
    next: u64,
    digits: Vec<u32>,
}

impl Cursor for DigitAdder<'_> {
    fn next_case(&mut self, out: &mut [u32]) -> bool {
        let s = self.strategy;
        if s.z.is_some_and(|z| self.next as u128 >= z) || self.next == u64::MAX {
            return false;
        }
        if self.digits.is_empty() {
            self.digits = vec![0; s.n];
            s.case_into(self.next, &mut self.digits);
        } else {
            let j = s.j as u64;
            let mut carry = 0u64;
            for (d, &p) in self.digits.iter_mut().zip(&s.step_digits) {
                let sum = *d as u64 + p as u64 + carry;
                if sum >= j {
                    *d = (sum - j) as u32;
                    carry = 1;
                } else {
                    *d = sum as u32;
                    carry = 0;
                }
            }
        }
        out.copy_from_slice(&self.digits);
        self.next += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn bobw_prime_visits_every_index_of_small_spaces_exactly_once() {
        for (j, n) in [(1, 4), (2, 10), (3, 7), (7, 4), (300, 2), (10, 5)] {
            let walk = PrimeStep::new(j, n);
            let z = walk.limit().unwrap();
            let mut seen = HashSet::new();
            let mut cursor = walk.cursor(0);
            let mut out = vec![0; n];
            while cursor.next_case(&mut out) {
                assert!(seen.insert(out.clone()), "j={j} n={n}: {out:?} twice");
            }
            assert_eq!(seen.len() as u64, z);
        }
    }

    #[test]
    fn cursor_agrees_with_random_access() {
        for (j, n) in [(300, 3), (300, 16), (5, 40)] {
            let walk = PrimeStep::new(j, n);
            let mut cursor = walk.cursor(17);
            let (mut a, mut b) = (vec![0; n], vec![0; n]);
            for k in 17..2000 {
                assert!(cursor.next_case(&mut a));
                walk.case_into(k, &mut b);
                assert_eq!(a, b, "j={j} n={n} k={k}");
            }
        }
    }

    #[test]
    fn at_large_z_only_the_first_calls_vary() {
        // The paper's defect: with j = 300 and n = 1024, 10,000 test cases differ only in
        // their first ⌈log_300(10⁴·p)⌉ = 10 calls; all later calls are index 0.
        let walk = PrimeStep::new(300, 1024);
        let mut out = vec![0; 1024];
        let mut varying = 0;
        for k in 0..10_000 {
            walk.case_into(k, &mut out);
            if let Some(last) = out.iter().rposition(|&d| d != 0) {
                varying = varying.max(last + 1);
            }
        }
        assert!(varying <= 10, "{varying}");
        // And the test cases of length 2n are those of length n with zero calls appended.
        let short = PrimeStep::new(300, 16);
        let long = PrimeStep::new(300, 32);
        let (mut a, mut b) = (vec![0; 16], vec![0; 32]);
        for k in 0..1000 {
            short.case_into(k, &mut a);
            long.case_into(k, &mut b);
            assert_eq!(&b[..16], &a[..]);
            assert!(b[16..].iter().all(|&d| d == 0));
        }
    }
}
