//! BE(n): bounded-exhaustive testing, depth first.

use super::{CounterWalk, Cursor, z_u64};

/// BE(n) (Section 3.4): the depth-first traversal of the explorative strategy search tree,
/// executing the test case at every leaf.
///
/// Contract: test case number k is the k-th leaf in lexicographic order of
/// (mc₁, …, mc_n), the *last* call varying fastest: mc_n = k mod j,
/// mc_{n−1} = ⌊k / j⌋ mod j, …. This is not increasing test-case-index order, since the
/// first call is the least significant digit of the index. The walk visits each of the
/// jⁿ leaves exactly once; counters are `u64`, so beyond 2⁶⁴ leaves only the first 2⁶⁴
/// are reachable. BE stops at the first failure or a budget: see [`super::search`].
#[derive(Clone, Debug)]
pub struct BoundedExhaustive {
    j: u32,
    n: usize,
    limit: Option<u64>,
}

impl BoundedExhaustive {
    /// BE(n) over j distinct method calls.
    pub fn new(j: u32, n: usize) -> Self {
        BoundedExhaustive {
            j,
            n,
            limit: z_u64(j, n),
        }
    }
}

impl CounterWalk for BoundedExhaustive {
    const NAME: &'static str = "be";
    const SUMMARY: &'static str = "BE(n): every test case once, depth-first in lexicographic order";
    const USES_SEED: bool = false;
    const WITH_REPLACEMENT: bool = false;
    type Params = super::NoParameters;

    fn build(
        context: &crate::context::TestContext,
        n: usize,
        _seed: u64,
        _params: &Self::Params,
    ) -> Self {
        BoundedExhaustive::new(context.j(), n)
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
        let mut rest = counter;
        for d in out.iter_mut().rev() {
            *d = (rest % self.j as u64) as u32;
            rest /= self.j as u64;
        }
        true
    }
    fn cursor(&self, start: u64) -> Box<dyn Cursor + '_> {
        Box::new(Odometer {
            strategy: self,
            next: start,
            digits: Vec::new(),
        })
    }
}

/// BE's sequential walk: increments the last digit with carry toward the first.
struct Odometer<'a> {
    strategy: &'a BoundedExhaustive,
    next: u64,
    digits: Vec<u32>,
}

impl Cursor for Odometer<'_> {
    fn next_case(&mut self, out: &mut [u32]) -> bool {
        if self.strategy.limit.is_some_and(|z| self.next >= z) || self.next == u64::MAX {
            return false;
        }
        if self.digits.is_empty() {
            self.digits = vec![0; self.strategy.n];
            self.strategy.case_into(self.next, &mut self.digits);
        } else {
            for d in self.digits.iter_mut().rev() {
                *d += 1;
                if *d < self.strategy.j {
                    break;
                }
                *d = 0;
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

    #[test]
    fn be_enumerates_each_leaf_exactly_once_in_lexicographic_order() {
        for (j, n) in [(1, 3), (2, 1), (2, 4), (3, 3), (5, 2), (7, 3)] {
            let be = BoundedExhaustive::new(j, n);
            let z = (j as u64).pow(n as u32);
            assert_eq!(be.limit(), Some(z));
            let mut cursor = be.cursor(0);
            let mut previous: Option<Vec<u32>> = None;
            let mut count = 0u64;
            let mut out = vec![0; n];
            while cursor.next_case(&mut out) {
                if let Some(p) = &previous {
                    assert!(p < &out, "lexicographic order broken: {p:?} then {out:?}");
                }
                let mut random_access = vec![0; n];
                assert!(be.case_into(count, &mut random_access));
                assert_eq!(random_access, out);
                previous = Some(out.clone());
                count += 1;
            }
            // Strictly increasing in lexicographic order and z of them: every leaf once.
            assert_eq!(count, z, "j={j} n={n}");
            assert!(!be.case_into(z, &mut out));
        }
    }

    #[test]
    fn be_varies_the_last_call_fastest() {
        let be = BoundedExhaustive::new(3, 3);
        let mut out = [0; 3];
        be.case_into(1, &mut out);
        assert_eq!(out, [0, 0, 1]);
        be.case_into(3, &mut out);
        assert_eq!(out, [0, 1, 0]);
    }

    #[test]
    fn a_cursor_can_start_in_the_middle() {
        let be = BoundedExhaustive::new(4, 3);
        let mut c = be.cursor(30);
        let mut out = [0; 3];
        let mut expected = [0; 3];
        for k in 30..64 {
            assert!(c.next_case(&mut out));
            be.case_into(k, &mut expected);
            assert_eq!(out, expected);
        }
        assert!(!c.next_case(&mut out));
    }
}
