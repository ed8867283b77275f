//! The two-sided Mann–Whitney U test (Wilcoxon rank-sum test), as scipy computes it.
//!
//! Contract: [`mann_whitney_u`]`(x, y, method)` returns what
//! `scipy.stats.mannwhitneyu(x, y, use_continuity=True, alternative="two-sided", method=…)`
//! returns (scipy 1.17.1), statistic and p-value, to ~1e-14 relative (the fixture
//! `testdata/stats/scipy_cases.json` checks 1e-12), with two documented differences:
//! [`Method::Exact`] on tied data is an error here (scipy silently truncates a non-integer U),
//! and exact counts are limited to C(n1 + n2, n1) < 2¹²⁷ (see below).
//!
//! Notation: x has n1 values, y has n2, n = n1 + n2. With the mid-ranks of the pooled sample
//! (x first), R1 = Σ ranks of x and
//!
//! ```text
//! U1 = R1 − n1(n1+1)/2      (the statistic of x = #{xᵢ > yⱼ} + ½·#{xᵢ = yⱼ}; scipy's `statistic`)
//! U2 = n1·n2 − U1           (the statistic of y)
//! U  = max(U1, U2)
//! ```
//!
//! **Exact** (no ties): under H₀ every one of the C(n, n1) arrangements is equally likely, and
//! the number of arrangements with U1 = u is the coefficient of q^u in the Gaussian binomial
//! [n choose n1]_q = Π_{i=1}^{m} (1 − q^{M+i})/(1 − q^i), m = min(n1, n2), M = max(n1, n2)
//! (equivalently the counting recurrence f(u; m, M) = f(u − M; m − 1, M) + f(u; m, M − 1)).
//! The polynomial is built factor by factor, truncated at degree k = min(U1, U2), in i128:
//! exact, O(m·k) time, O(k) space; it needs C(n, n1) < 2¹²⁷ (e.g. n1 = n2 ≤ 65, or
//! min(n1, n2) = 8 with max ≤ ≈ 2·10⁵), else [`StatsError::ExactTooLarge`]. By symmetry of
//! the distribution about n1·n2/2,
//!
//! ```text
//! p = min(1, 2·P(U1 ≤ k)) = min(1, 2·min(P(U1 ≤ u), P(U1 ≥ u)))   with u the observed U1.
//! ```
//!
//! **Asymptotic**: normal approximation with tie correction and continuity correction ½,
//!
//! ```text
//! μ = n1·n2/2,   σ² = n1·n2/12 · ((n + 1) − Σ(t³ − t)/(n(n − 1)))   (t: tie-group sizes)
//! z = (U − μ − ½)/σ,   p = min(1, 2·P(Z > z)) = min(1, erfc(z/√2))
//! ```
//!
//! evaluated in scipy's order of floating-point operations; P(Z > z) comes from
//! [`normal_sf`], which does not underflow before ≈ 1e-320. When all n values are equal,
//! σ = 0 and U = μ, so z = −½/0 = −∞ and p = 1; scipy computes the same (2·Φ(∞) = 2, clipped
//! to 1), and so does this module.
//!
//! **Auto** is scipy 1.17's `method="auto"` rule (`_mwu_choose_method`): exact when
//! min(n1, n2) ≤ 8 and there are no ties; asymptotic otherwise (either both sizes exceed 8,
//! or there are ties). One divergence: if that rule picks exact but C(n, n1) ≥ 2¹²⁷ (only for
//! min ≤ 8 and max ≳ 2·10⁵, where the two methods agree closely anyway), `Auto` falls back to
//! asymptotic and says so in [`MannWhitney::method_used`], where scipy would compute the
//! exact p in floating point.

use super::normal::normal_sf;
use super::ranks::mid_ranks;
use super::{Result, StatsError, check_sample};

/// How the p-value is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// scipy's `auto`: [`Method::Exact`] if min(n1, n2) ≤ 8 and no ties, else
    /// [`Method::Asymptotic`] (see the module docs for the one fallback).
    Auto,
    /// The exact null distribution of U (untied data only).
    Exact,
    /// Normal approximation with tie and continuity corrections.
    Asymptotic,
}

/// Result of a two-sided Mann–Whitney U test.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MannWhitney {
    /// U1 = R1 − n1(n1+1)/2, the U statistic of x (scipy's `statistic`); U2 = n1·n2 − U1.
    pub u1: f64,
    /// Two-sided p-value in [0, 1].
    pub p_value: f64,
    /// [`Method::Exact`] or [`Method::Asymptotic`]: the method actually used.
    pub method_used: Method,
    /// Whether the pooled sample has tied values.
    pub ties: bool,
}

/// Two-sided Mann–Whitney U test of x against y (see the module docs for formulas and the
/// `Auto` rule). Errors: an empty sample ([`StatsError::EmptySample`] with `which` "x" or
/// "y"), NaN ([`StatsError::NaN`]), `Exact` with ties ([`StatsError::ExactWithTies`]) or
/// beyond the count limit ([`StatsError::ExactTooLarge`]). ±∞ are allowed (ordinal).
pub fn mann_whitney_u(x: &[f64], y: &[f64], method: Method) -> Result<MannWhitney> {
    let (n1, n2) = (x.len(), y.len());
    check_sample(x, "x")?;
    check_sample(y, "y")?;
    let pooled: Vec<f64> = x.iter().chain(y).copied().collect();
    let ranks = mid_ranks(&pooled)?;
    let r1: f64 = ranks.ranks[..n1].iter().sum();
    let u1 = r1 - (n1 * (n1 + 1)) as f64 / 2.0;
    let n1n2 = (n1 * n2) as f64;
    let u2 = n1n2 - u1;
    let ties = !ranks.tie_sizes.is_empty();

    let (p_value, method_used) = match method {
        Method::Exact => {
            if ties {
                return Err(StatsError::ExactWithTies {
                    tie_groups: ranks.tie_sizes.len(),
                });
            }
            let p =
                exact_p(n1, n2, u1.min(u2) as u64).ok_or(StatsError::ExactTooLarge { n1, n2 })?;
            (p, Method::Exact)
        }
        Method::Asymptotic => (
            asymptotic_p(n1, n2, u1.max(u2), ranks.tie_term()),
            Method::Asymptotic,
        ),
        Method::Auto => {
            let exact = n1.min(n2) <= 8 && !ties;
            match exact.then(|| exact_p(n1, n2, u1.min(u2) as u64)).flatten() {
                Some(p) => (p, Method::Exact),
                None => (
                    asymptotic_p(n1, n2, u1.max(u2), ranks.tie_term()),
                    Method::Asymptotic,
                ),
            }
        }
    };
    Ok(MannWhitney {
        u1,
        p_value,
        method_used,
        ties,
    })
}

/// The two-sided p-value [`mann_whitney_u`] gives two untied samples of sizes n1 and n2 whose
/// statistic is U1 = `u1` (≤ n1·n2), without the samples: with no ties the p-value depends on
/// the data only through U1. For critical values and power ([`super::power`]). Errors: an
/// empty side ([`StatsError::EmptySample`]), U1 > n1·n2 ([`StatsError::OutOfRange`]), `Exact`
/// beyond the count limit ([`StatsError::ExactTooLarge`]); `Auto` follows the same rule as
/// [`mann_whitney_u`] on untied data.
pub fn untied_p_value(n1: usize, n2: usize, u1: u64, method: Method) -> Result<f64> {
    if n1 == 0 || n2 == 0 {
        let which = if n1 == 0 { "x" } else { "y" };
        return Err(StatsError::EmptySample { which });
    }
    let n1n2 = (n1 * n2) as u64;
    if u1 > n1n2 {
        return Err(StatsError::OutOfRange {
            which: "u1",
            value: u1 as f64,
            low: 0.0,
            high: n1n2 as f64,
        });
    }
    let u2 = n1n2 - u1;
    let asymptotic = || asymptotic_p(n1, n2, u1.max(u2) as f64, 0.0);
    match method {
        Method::Exact => exact_p(n1, n2, u1.min(u2)).ok_or(StatsError::ExactTooLarge { n1, n2 }),
        Method::Asymptotic => Ok(asymptotic()),
        Method::Auto => Ok(if n1.min(n2) <= 8 {
            exact_p(n1, n2, u1.min(u2)).unwrap_or_else(asymptotic)
        } else {
            asymptotic()
        }),
    }
}

/// p = min(1, 2·P(Z > z)) for U = max(U1, U2), in scipy's order of operations.
fn asymptotic_p(n1: usize, n2: usize, u: f64, tie_term: f64) -> f64 {
    let n = n1 + n2;
    let mu = (n1 * n2) as f64 / 2.0;
    let inner = ((n + 1) as f64 - tie_term / ((n * (n - 1)) as f64)).max(0.0);
    let s = ((n1 * n2) as f64 / 12.0 * inner).sqrt();
    // σ = 0 (all values equal): z = −½/0 = −∞, sf = 1, p = 2 → 1, as in scipy.
    let z = (u - mu - 0.5) / s;
    (2.0 * normal_sf(z)).clamp(0.0, 1.0)
}

/// p = min(1, 2·P(U1 ≤ k)) for untied sizes (n1, n2), k ≤ n1·n2/2; None past the i128 limit.
fn exact_p(n1: usize, n2: usize, k: u64) -> Option<f64> {
    let (count, total) = exact_cdf_counts(n1, n2, k as usize)?;
    Some((2.0 * (count as f64 / total as f64)).min(1.0))
}

/// C(m + big, m) in u128 if it is below 2¹²⁷ (the i128 range).
fn arrangements(m: usize, big: usize) -> Option<u128> {
    let mut c: u128 = 1;
    for i in 1..=m as u128 {
        // C(big+i, i) = c·(big+i)/i is an integer; with g = gcd(c, i), i/g divides big+i, so
        // (c/g)·((big+i)/(i/g)) overflows only if the result does.
        let g = gcd(c, i);
        c = (c / g).checked_mul((big as u128 + i) / (i / g))?;
    }
    (c <= i128::MAX as u128).then_some(c)
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// (#arrangements with U1 ≤ k, C(n1 + n2, n1)) under H₀, untied; None past the i128 limit.
///
/// Coefficients of [M + i choose i]_q for i = 1 … m, truncated at degree k: multiply by
/// (1 − q^{M+i}) (descending pass), then divide by (1 − q^i) (ascending prefix pass).
fn exact_cdf_counts(n1: usize, n2: usize, k: usize) -> Option<(u128, u128)> {
    let (m, big) = (n1.min(n2), n1.max(n2));
    let total = arrangements(m, big)?;
    let mut c = vec![0i128; k + 1];
    c[0] = 1;
    for i in 1..=m {
        let shift = big + i;
        for d in (shift..=k).rev() {
            c[d] -= c[d - shift];
        }
        for d in i..=k {
            c[d] += c[d - i];
        }
    }
    let count: i128 = c.iter().sum();
    Some((count as u128, total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-14 * b.abs().max(1e-300)
    }

    #[test]
    fn complete_separation_three_by_three() {
        // x = [1,2,3], y = [4,5,6]: R1 = 6, U1 = 6 − 3·4/2 = 0, U2 = 9.
        // Only 1 of C(6,3) = 20 arrangements has U1 ≤ 0: exact p = 2·(1/20) = 0.1.
        let r = mann_whitney_u(&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0], Method::Auto).unwrap();
        assert_eq!(r.u1, 0.0);
        assert!(close(r.p_value, 0.1));
        assert_eq!(r.method_used, Method::Exact);
        assert!(!r.ties);
    }

    #[test]
    fn scipy_docstring_example() {
        // males = [19,22,16,29,24], females = [20,11,17,12]: U1 = 17, scipy exact p = 1/9
        // (counts: P(U ≤ 3) over C(9,4) = 126 arrangements = 7/126 → p = 14/126 = 0.111…),
        // asymptotic p = 0.11134688653314041 (scipy's doc).
        let m = [19.0, 22.0, 16.0, 29.0, 24.0];
        let f = [20.0, 11.0, 17.0, 12.0];
        let e = mann_whitney_u(&m, &f, Method::Exact).unwrap();
        assert_eq!(e.u1, 17.0);
        assert!(close(e.p_value, 0.111_111_111_111_111_1));
        let a = mann_whitney_u(&m, &f, Method::Asymptotic).unwrap();
        assert!(close(a.p_value, 0.111_346_886_533_140_41));
        assert_eq!(a.method_used, Method::Asymptotic);
    }

    #[test]
    fn exact_counts_small_table() {
        // m = n = 2: arrangements of {x,x,y,y} by U1: u=0:1, 1:1, 2:2, 3:1, 4:1 (total 6).
        let cum: Vec<u128> = (0..=4)
            .map(|k| exact_cdf_counts(2, 2, k).unwrap().0)
            .collect();
        assert_eq!(cum, [1, 2, 4, 5, 6]);
        assert_eq!(exact_cdf_counts(2, 2, 0).unwrap().1, 6);
        // (1, 10): U1 is uniform on 0..=10, P(U1 ≤ k) = (k+1)/11.
        for k in 0..=5 {
            assert_eq!(exact_cdf_counts(1, 10, k).unwrap(), (k as u128 + 1, 11));
        }
    }

    #[test]
    fn exact_limit() {
        // C(130, 65) ≈ 9.5e37 < 2^127 ≈ 1.7e38; C(134, 67) ≈ 1.5e39 is not.
        assert!(arrangements(65, 65).is_some());
        assert!(arrangements(67, 67).is_none());
        let x: Vec<f64> = (0..67).map(|i| i as f64).collect();
        let y: Vec<f64> = (67..134).map(|i| i as f64).collect();
        assert_eq!(
            mann_whitney_u(&x, &y, Method::Exact),
            Err(StatsError::ExactTooLarge { n1: 67, n2: 67 })
        );
        // Auto with small min size but a huge other sample falls back to asymptotic.
        let big: Vec<f64> = (0..300_000).map(|i| i as f64 + 0.5).collect();
        let r = mann_whitney_u(
            &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0],
            &big,
            Method::Auto,
        )
        .unwrap();
        assert_eq!(r.method_used, Method::Asymptotic);
    }

    #[test]
    fn ties_and_degenerate_cases() {
        // All values equal: U1 = U2 = 4.5, σ = 0, p = 1 (as scipy).
        let r = mann_whitney_u(&[3.0; 3], &[3.0; 3], Method::Auto).unwrap();
        assert_eq!(
            (r.u1, r.p_value, r.method_used, r.ties),
            (4.5, 1.0, Method::Asymptotic, true)
        );
        assert_eq!(
            mann_whitney_u(&[1.0, 2.0], &[2.0, 3.0], Method::Exact),
            Err(StatsError::ExactWithTies { tie_groups: 1 })
        );
        // Single observations: x = [1], y = [2]: U1 = 0, exact p = 2·½ = 1.
        let r = mann_whitney_u(&[1.0], &[2.0], Method::Auto).unwrap();
        assert_eq!((r.u1, r.p_value), (0.0, 1.0));
        assert_eq!(
            mann_whitney_u(&[], &[1.0], Method::Auto),
            Err(StatsError::EmptySample { which: "x" })
        );
        assert_eq!(
            mann_whitney_u(&[1.0], &[f64::NAN], Method::Auto),
            Err(StatsError::NaN {
                which: "y",
                index: 0
            })
        );
    }

    #[test]
    fn extreme_separation_keeps_tiny_p() {
        // x = 0..200, y = 200..400: U1 = 0, z ≈ 17.3, p ≈ 5e-67, far from 0.
        let x: Vec<f64> = (0..200).map(f64::from).collect();
        let y: Vec<f64> = (200..400).map(f64::from).collect();
        let r = mann_whitney_u(&x, &y, Method::Auto).unwrap();
        assert!(r.p_value > 0.0 && r.p_value < 1e-60, "{}", r.p_value);
    }

    proptest! {
        #[test]
        fn invariants(
            x in prop::collection::vec(0i32..12, 1..14),
            y in prop::collection::vec(0i32..12, 1..14),
        ) {
            let xf: Vec<f64> = x.iter().map(|&a| f64::from(a)).collect();
            let yf: Vec<f64> = y.iter().map(|&a| f64::from(a)).collect();
            let (m, n) = (x.len() as f64, y.len() as f64);
            let r = mann_whitney_u(&xf, &yf, Method::Auto).unwrap();
            let s = mann_whitney_u(&yf, &xf, Method::Auto).unwrap();
            prop_assert_eq!(r.u1 + s.u1, m * n);
            prop_assert!((0.0..=1.0).contains(&r.p_value));
            prop_assert!((r.p_value - s.p_value).abs() <= 1e-12);
            // U1 = #{x > y} + ½ #{x = y}.
            let direct: f64 = x.iter().flat_map(|a| y.iter().map(move |b| {
                if a > b { 1.0 } else if a == b { 0.5 } else { 0.0 }
            })).sum();
            prop_assert_eq!(r.u1, direct);
            let a = mann_whitney_u(&xf, &yf, Method::Asymptotic).unwrap();
            prop_assert!((0.0..=1.0).contains(&a.p_value));
        }

        #[test]
        fn untied_p_value_is_the_tests_p_value(
            values in proptest::collection::btree_set(0u32..1000, 2..40),
            split in any::<proptest::sample::Index>(),
            order in any::<u64>(),
        ) {
            // Distinct values dealt into two sides by a seeded shuffle: no ties.
            let mut values: Vec<f64> = values.into_iter().map(f64::from).collect();
            let mut state = order | 1;
            for i in (1..values.len()).rev() {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                values.swap(i, (state >> 33) as usize % (i + 1));
            }
            let cut = 1 + split.index(values.len() - 1);
            let (x, y) = values.split_at(cut);
            for method in [Method::Auto, Method::Exact, Method::Asymptotic] {
                let test = mann_whitney_u(x, y, method).unwrap();
                let p = untied_p_value(x.len(), y.len(), test.u1 as u64, method).unwrap();
                prop_assert_eq!(p, test.p_value);
            }
        }

        #[test]
        fn exact_counts_sum_to_the_arrangements(m in 1usize..12, n in 1usize..12) {
            // P(U1 ≤ mn) = 1, and the distribution is symmetric: #(U1 ≤ k) = #(U1 ≥ mn − k).
            let mn = m * n;
            let (all, total) = exact_cdf_counts(m, n, mn).unwrap();
            prop_assert_eq!(all, total);
            for k in 0..mn {
                let below = exact_cdf_counts(m, n, k).unwrap().0;
                let upper = total - exact_cdf_counts(m, n, mn - k - 1).unwrap().0;
                prop_assert_eq!(below, upper);
            }
        }
    }
}
