//! A statistical battery for walks over test-case indices: does the sequence of digit
//! vectors a walk produces look like a uniform random sample without structure?
//!
//! [`assess`] (or [`assess_walk`]) reads the first N test cases of a walk — digit vectors
//! of length n over [0, j) — and computes:
//!
//! | statistic | what it catches | field |
//! |---|---|---|
//! | chi-square goodness of fit of each digit position against U[0, j) | digits stuck or skewed (p ≈ 0); digits cycling too regularly, e.g. an LCG's low digit of period j (p ≈ 1) | [`QualityReport::uniformity`] |
//! | lag-1 serial correlation of each position, as a z-score | successive test cases related by a fixed step | [`QualityReport::serial_correlation`] |
//! | chi-square on pairs (digit k of case i, digit k of case i + 1) | any dependence between successive values of a position | [`QualityReport::serial_pairs`] |
//! | chi-square on pairs (digit k, digit k + 1) within a case | dependence between neighbouring calls | [`QualityReport::adjacent_pairs`] |
//! | avalanche: mean fraction of digits that change from case i to case i + 1 | walks that only move a few digits per step (ideal 1 − 1/j) | [`QualityReport::avalanche`] |
//!
//! Each per-position test yields one p-value per position; a [`PValues`] summary tests them
//! at a second level — Kolmogorov–Smirnov against U(0, 1), two-sided, and the most extreme
//! p-value at each end with a Bonferroni correction — so that both p ≈ 0 and p ≈ 1
//! ("too uniform") are flagged. [`QualityReport::passes`] applies the documented
//! thresholds ([`SECOND_LEVEL_EPSILON`], [`EXTREME_ALPHA`], [`AVALANCHE_MAX_Z`]).
//!
//! Pair tables are coarsened to g × g buckets (digit d in bucket ⌊d·g/j⌋, with exact bucket
//! probabilities) so that expected counts stay ≥ 10; the uniformity test likewise uses
//! at most N/5 buckets. The mathematics — the regularized incomplete gamma function (series
//! and Lentz continued fraction, as in *Numerical Recipes*), chi-square and normal tail
//! probabilities, the Kolmogorov distribution — is public for reuse.
//!
//! Validity: the first-level p-values are treated as continuous, which holds when each
//! position's chi-square has many degrees of freedom (the battery is meant for j ≳ 7,
//! such as j = 300). For tiny radices the statistics are visibly discrete — with j = 2 a
//! position showing exactly N/2 ones has p = 1 exactly — and the "too uniform" and KS
//! checks over-reject.

use std::fmt;

use super::Walk;

/// A second-level p-value (Kolmogorov–Smirnov) fails outside [ε, 1 − ε] with this ε.
pub const SECOND_LEVEL_EPSILON: f64 = 1e-6;

/// The most extreme first-level p-values fail when min p < α/m or max p > 1 − α/m
/// (m p-values; Bonferroni), with this α.
pub const EXTREME_ALPHA: f64 = 1e-3;

/// The avalanche fails when it is more than this many standard errors from 1 − 1/j (the
/// standard error of (N − 1)·n independent Bernoulli(1 − 1/j) comparisons).
pub const AVALANCHE_MAX_Z: f64 = 5.0;

/// ln Γ(x) for x > 0 (Lanczos' approximation as in *Numerical Recipes*, relative error
/// below 2·10⁻¹⁰).
pub fn ln_gamma(x: f64) -> f64 {
    const COEFFICIENTS: [f64; 6] = [
        76.180_091_729_471_46,
        -86.505_320_329_416_77,
        24.014_098_240_830_91,
        -1.231_739_572_450_155,
        0.120_865_097_386_617_9e-2,
        -0.539_523_938_495_3e-5,
    ];
    let mut y = x;
    let tmp = x + 5.5;
    let tmp = tmp - (x + 0.5) * tmp.ln();
    let mut series = 1.000_000_000_190_015;
    for c in COEFFICIENTS {
        y += 1.0;
        series += c / y;
    }
    -tmp + (2.506_628_274_631_000_5 * series / x).ln()
}

const GAMMA_EPSILON: f64 = 1e-15;
const GAMMA_TINY: f64 = 1e-300;
const GAMMA_MAX_ITERATIONS: usize = 100_000;

/// The regularized lower incomplete gamma function P(a, x) = γ(a, x)/Γ(a), a > 0, x ≥ 0:
/// by its series when x < a + 1, else as 1 − Q(a, x) by the continued fraction.
pub fn regularized_gamma_p(a: f64, x: f64) -> f64 {
    assert!(
        a > 0.0 && x >= 0.0,
        "P(a, x) needs a > 0, x ≥ 0 (a = {a}, x = {x})"
    );
    if x == 0.0 {
        0.0
    } else if x < a + 1.0 {
        gamma_series(a, x)
    } else {
        1.0 - gamma_continued_fraction(a, x)
    }
}

/// The regularized upper incomplete gamma function Q(a, x) = 1 − P(a, x), computed
/// without cancellation in whichever tail is small.
pub fn regularized_gamma_q(a: f64, x: f64) -> f64 {
    assert!(
        a > 0.0 && x >= 0.0,
        "Q(a, x) needs a > 0, x ≥ 0 (a = {a}, x = {x})"
    );
    if x == 0.0 {
        1.0
    } else if x < a + 1.0 {
        1.0 - gamma_series(a, x)
    } else {
        gamma_continued_fraction(a, x)
    }
}

/// e^(−x)·x^a/Γ(a), the common prefactor.
fn gamma_prefactor(a: f64, x: f64) -> f64 {
    (-x + a * x.ln() - ln_gamma(a)).exp()
}

/// P(a, x) by its power series (converges quickly for x < a + 1).
fn gamma_series(a: f64, x: f64) -> f64 {
    let mut ap = a;
    let mut term = 1.0 / a;
    let mut sum = term;
    for _ in 0..GAMMA_MAX_ITERATIONS {
        ap += 1.0;
        term *= x / ap;
        sum += term;
        if term.abs() < sum.abs() * GAMMA_EPSILON {
            break;
        }
    }
    (sum * gamma_prefactor(a, x)).min(1.0)
}

/// Q(a, x) by its continued fraction, evaluated with the modified Lentz method
/// (converges quickly for x ≥ a + 1).
fn gamma_continued_fraction(a: f64, x: f64) -> f64 {
    let mut b = x + 1.0 - a;
    let mut c = 1.0 / GAMMA_TINY;
    let mut d = 1.0 / b;
    let mut h = d;
    for i in 1..GAMMA_MAX_ITERATIONS {
        let an = -(i as f64) * (i as f64 - a);
        b += 2.0;
        d = an * d + b;
        if d.abs() < GAMMA_TINY {
            d = GAMMA_TINY;
        }
        c = b + an / c;
        if c.abs() < GAMMA_TINY {
            c = GAMMA_TINY;
        }
        d = 1.0 / d;
        let delta = d * c;
        h *= delta;
        if (delta - 1.0).abs() < GAMMA_EPSILON {
            break;
        }
    }
    (gamma_prefactor(a, x) * h).min(1.0)
}

/// The chi-square distribution function with `df` degrees of freedom: P(χ² ≤ x).
pub fn chi_square_cdf(x: f64, df: f64) -> f64 {
    regularized_gamma_p(df / 2.0, x.max(0.0) / 2.0)
}

/// The chi-square upper tail P(χ² ≥ x): the p-value of a goodness-of-fit statistic.
pub fn chi_square_sf(x: f64, df: f64) -> f64 {
    regularized_gamma_q(df / 2.0, x.max(0.0) / 2.0)
}

/// The two-sided standard normal tail P(|Z| ≥ |z|) = Q(1/2, z²/2); 0 for infinite z.
pub fn normal_two_sided_p(z: f64) -> f64 {
    if !z.is_finite() {
        return 0.0;
    }
    regularized_gamma_q(0.5, z * z / 2.0)
}

/// The Kolmogorov distribution's upper tail Q_KS(λ) = 2 Σ_{k≥1} (−1)^(k−1) e^(−2k²λ²),
/// switching to the dual series 1 − (√(2π)/λ) Σ_{k≥1} e^(−(2k−1)²π²/(8λ²)) for small λ,
/// where the first converges slowly.
pub fn kolmogorov_q(lambda: f64) -> f64 {
    if lambda <= 0.0 {
        return 1.0;
    }
    if lambda < 1.18 {
        let base = -std::f64::consts::PI * std::f64::consts::PI / (8.0 * lambda * lambda);
        let sum: f64 = (1..=20)
            .map(|k| {
                let odd = (2 * k - 1) as f64;
                (base * odd * odd).exp()
            })
            .sum();
        (1.0 - (2.0 * std::f64::consts::PI).sqrt() / lambda * sum).clamp(0.0, 1.0)
    } else {
        let mut sum = 0.0;
        let mut sign = 2.0;
        for k in 1..=100 {
            let k = k as f64;
            let term = sign * (-2.0 * k * k * lambda * lambda).exp();
            sum += term;
            if term.abs() < 1e-17 {
                break;
            }
            sign = -sign;
        }
        sum.clamp(0.0, 1.0)
    }
}

/// A one-sample Kolmogorov–Smirnov test against U(0, 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KolmogorovSmirnov {
    /// D = sup |F_m(u) − u|, the largest gap between the empirical and uniform CDFs.
    pub statistic: f64,
    /// Its p-value P(D_m ≥ D), by Q_KS((√m + 0.12 + 0.11/√m)·D) (Stephens' approximation).
    pub p_value: f64,
}

/// The Kolmogorov–Smirnov test of `samples` (values in [0, 1]) against U(0, 1). With no
/// samples, D = 0 and p = 1.
pub fn ks_uniform(samples: &[f64]) -> KolmogorovSmirnov {
    if samples.is_empty() {
        return KolmogorovSmirnov {
            statistic: 0.0,
            p_value: 1.0,
        };
    }
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let m = sorted.len() as f64;
    let statistic = sorted
        .iter()
        .enumerate()
        .map(|(i, &u)| ((i + 1) as f64 / m - u).max(u - i as f64 / m))
        .fold(0.0, f64::max);
    let root = m.sqrt();
    KolmogorovSmirnov {
        statistic,
        p_value: kolmogorov_q((root + 0.12 + 0.11 / root) * statistic),
    }
}

/// The first-level p-values of one per-position test, summarised at the second level.
#[derive(Clone, Debug, PartialEq)]
pub struct PValues {
    /// One p-value per tested position (digit position, or pair of neighbouring positions).
    pub values: Vec<f64>,
    /// The second level: KS of [`PValues::values`] against U(0, 1).
    pub ks: KolmogorovSmirnov,
    /// The smallest p-value (1 when there are none).
    pub min: f64,
    /// The largest p-value (0 when there are none).
    pub max: f64,
}

impl PValues {
    /// Summarises first-level p-values.
    pub fn new(values: Vec<f64>) -> Self {
        let ks = ks_uniform(&values);
        let min = values.iter().copied().fold(1.0, f64::min);
        let max = values.iter().copied().fold(0.0, f64::max);
        PValues {
            values,
            ks,
            min,
            max,
        }
    }

    /// Passes when the KS p-value lies in [ε, 1 − ε] ([`SECOND_LEVEL_EPSILON`]) and no
    /// first-level p-value is below α/m or above 1 − α/m ([`EXTREME_ALPHA`], m p-values).
    /// Vacuously true with no p-values.
    pub fn passes(&self) -> bool {
        let m = self.values.len();
        if m == 0 {
            return true;
        }
        let tail = EXTREME_ALPHA / m as f64;
        (SECOND_LEVEL_EPSILON..=1.0 - SECOND_LEVEL_EPSILON).contains(&self.ks.p_value)
            && self.min >= tail
            && self.max <= 1.0 - tail
    }
}

impl fmt::Display for PValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} p-values, KS D = {:.4} (p = {:.3e}), min p = {:.3e}, max p = 1 − {:.3e} [{}]",
            self.values.len(),
            self.ks.statistic,
            self.ks.p_value,
            self.min,
            1.0 - self.max,
            if self.passes() { "pass" } else { "FAIL" }
        )
    }
}

/// The battery's verdict on the first [`QualityReport::cases`] test cases of a walk.
#[derive(Clone, Debug, PartialEq)]
pub struct QualityReport {
    /// j: the radix of the digits.
    pub j: u32,
    /// n: the number of digits per test case.
    pub length: usize,
    /// N: the number of test cases read.
    pub cases: usize,
    /// Per-position chi-square goodness of fit against U[0, j).
    pub uniformity: PValues,
    /// Per-position lag-1 serial correlation, two-sided normal p-values of its z-score
    /// r·√(N − 1); a constant position counts as p = 0.
    pub serial_correlation: PValues,
    /// The largest |z| of the lag-1 serial correlation over positions.
    pub max_serial_z: f64,
    /// Per-position chi-square on (digit of case i, digit of case i + 1), bucketed.
    pub serial_pairs: PValues,
    /// Per neighbouring-position chi-square on (digit k, digit k + 1) of each case, bucketed.
    pub adjacent_pairs: PValues,
    /// The mean fraction of digit positions that differ between case i and case i + 1.
    pub avalanche: f64,
    /// (avalanche − (1 − 1/j)) in standard errors.
    pub avalanche_z: f64,
}

impl QualityReport {
    /// The avalanche of an ideal walk: 1 − 1/j.
    pub fn ideal_avalanche(&self) -> f64 {
        1.0 - 1.0 / self.j as f64
    }

    /// The names of the failed statistics (empty when the walk passes).
    pub fn failures(&self) -> Vec<&'static str> {
        let mut failed = Vec::new();
        for (name, values) in [
            ("uniformity", &self.uniformity),
            ("serial correlation", &self.serial_correlation),
            ("serial pairs", &self.serial_pairs),
            ("adjacent pairs", &self.adjacent_pairs),
        ] {
            if !values.passes() {
                failed.push(name);
            }
        }
        let avalanche_ok = self.avalanche_z.abs() <= AVALANCHE_MAX_Z; // false for NaN
        if !avalanche_ok {
            failed.push("avalanche");
        }
        failed
    }

    /// Whether every statistic passes: every [`PValues::passes`] and
    /// |[`QualityReport::avalanche_z`]| ≤ [`AVALANCHE_MAX_Z`].
    pub fn passes(&self) -> bool {
        self.failures().is_empty()
    }
}

impl fmt::Display for QualityReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "j = {}, n = {}, N = {} cases: {}",
            self.j,
            self.length,
            self.cases,
            if self.passes() { "PASS" } else { "FAIL" }
        )?;
        writeln!(f, "  uniformity:         {}", self.uniformity)?;
        writeln!(
            f,
            "  serial correlation: {} (max |z| = {:.1})",
            self.serial_correlation, self.max_serial_z
        )?;
        writeln!(f, "  serial pairs:       {}", self.serial_pairs)?;
        writeln!(f, "  adjacent pairs:     {}", self.adjacent_pairs)?;
        write!(
            f,
            "  avalanche:          {:.5} (ideal {:.5}, z = {:.1})",
            self.avalanche,
            self.ideal_avalanche(),
            self.avalanche_z
        )
    }
}

/// Digits into `buckets` classes: d ↦ ⌊d·buckets/j⌋, with the exact class probabilities.
struct Bucketing {
    j: u64,
    buckets: u64,
    probabilities: Vec<f64>,
}

impl Bucketing {
    fn new(j: u32, buckets: u64) -> Self {
        let j = j as u64;
        let buckets = buckets.clamp(1, j);
        // Class b holds the digits d with b·j ≤ d·buckets < (b + 1)·j.
        let first = |b: u64| (b * j).div_ceil(buckets);
        let probabilities = (0..buckets)
            .map(|b| (first(b + 1) - first(b)) as f64 / j as f64)
            .collect();
        Bucketing {
            j,
            buckets,
            probabilities,
        }
    }

    #[inline]
    fn of(&self, digit: u32) -> usize {
        (digit as u64 * self.buckets / self.j) as usize
    }
}

/// Pearson's chi-square p-value of `counts` against `expected` counts (cells with
/// expectation 0 are skipped; df = cells − 1).
fn chi_square_p(counts: &[u32], expected: impl Iterator<Item = f64>) -> f64 {
    let mut statistic = 0.0;
    let mut cells = 0usize;
    for (&c, e) in counts.iter().zip(expected) {
        if e > 0.0 {
            statistic += (c as f64 - e).powi(2) / e;
            cells += 1;
        }
    }
    if cells < 2 {
        return 1.0;
    }
    chi_square_sf(statistic, (cells - 1) as f64)
}

/// Runs the battery on the test cases produced by `next_case` (digit vectors of length `n`
/// over [0, `j`)), reading up to `cases` of them or until `next_case` returns `false`.
///
/// Panics if j < 2 or `next_case` writes a digit ≥ j. Needs at least two cases for the
/// serial statistics (with fewer, those are vacuous).
pub fn assess(
    j: u32,
    n: usize,
    cases: usize,
    mut next_case: impl FnMut(&mut [u32]) -> bool,
) -> QualityReport {
    assert!(j >= 2, "the battery needs j ≥ 2");
    let uniform = Bucketing::new(j, (cases as u64 / 5).max(2));
    let pair_count = cases.saturating_sub(1) as f64;
    let g = ((pair_count / 10.0).sqrt() as u64).clamp(2, 32);
    let pairs = Bucketing::new(j, g);
    let (u, g) = (uniform.buckets as usize, pairs.buckets as usize);

    let mut digit_counts = vec![0u32; n * u];
    let mut serial_counts = vec![0u32; n * g * g];
    let mut adjacent_counts = vec![0u32; n.saturating_sub(1) * g * g];
    // Per position: Σu, Σu², Σ u_i·u_{i+1}, first and last u, with u = (d + ½)/j.
    let mut sum = vec![0.0f64; n];
    let mut sum_squares = vec![0.0f64; n];
    let mut sum_lagged = vec![0.0f64; n];
    let mut first = vec![0.0f64; n];
    let mut changed = 0u64;

    let mut previous = vec![0u32; n];
    let mut current = vec![0u32; n];
    let mut read = 0usize;
    let scale = 1.0 / j as f64;
    while read < cases && next_case(&mut current) {
        for (k, &d) in current.iter().enumerate() {
            assert!(d < j, "digit {d} at position {k} is not below j = {j}");
            let value = (d as f64 + 0.5) * scale;
            digit_counts[k * u + uniform.of(d)] += 1;
            sum[k] += value;
            sum_squares[k] += value * value;
            if read == 0 {
                first[k] = value;
            } else {
                let p = previous[k];
                sum_lagged[k] += value * (p as f64 + 0.5) * scale;
                serial_counts[(k * g + pairs.of(p)) * g + pairs.of(d)] += 1;
                changed += (p != d) as u64;
            }
        }
        for (k, window) in current.windows(2).enumerate() {
            adjacent_counts[(k * g + pairs.of(window[0])) * g + pairs.of(window[1])] += 1;
        }
        std::mem::swap(&mut previous, &mut current);
        read += 1;
    }
    // `previous` now holds the last case.

    let cases_f = read as f64;
    let uniformity = (0..n)
        .map(|k| {
            chi_square_p(
                &digit_counts[k * u..(k + 1) * u],
                uniform.probabilities.iter().map(|p| p * cases_f),
            )
        })
        .collect();

    let pair_expectations = |total: f64| -> Vec<f64> {
        let probabilities = &pairs.probabilities;
        probabilities
            .iter()
            .flat_map(|a| probabilities.iter().map(move |b| a * b * total))
            .collect()
    };
    let lagged = read.saturating_sub(1);
    let serial_expected = pair_expectations(lagged as f64);
    let serial_pairs = if lagged == 0 {
        Vec::new()
    } else {
        (0..n)
            .map(|k| {
                chi_square_p(
                    &serial_counts[k * g * g..(k + 1) * g * g],
                    serial_expected.iter().copied(),
                )
            })
            .collect()
    };
    let adjacent_expected = pair_expectations(cases_f);
    let adjacent_pairs = if read == 0 {
        Vec::new()
    } else {
        (0..n.saturating_sub(1))
            .map(|k| {
                chi_square_p(
                    &adjacent_counts[k * g * g..(k + 1) * g * g],
                    adjacent_expected.iter().copied(),
                )
            })
            .collect()
    };

    let mut max_serial_z: f64 = 0.0;
    let serial_correlation = if lagged == 0 {
        Vec::new()
    } else {
        (0..n)
            .map(|k| {
                let last = (previous[k] as f64 + 0.5) * scale;
                let mean = sum[k] / cases_f;
                let variance = sum_squares[k] / cases_f - mean * mean;
                let lagged_f = lagged as f64;
                let covariance = (sum_lagged[k] - mean * ((sum[k] - last) + (sum[k] - first[k]))
                    + lagged_f * mean * mean)
                    / lagged_f;
                let z = if variance > 1e-12 {
                    covariance / variance * lagged_f.sqrt()
                } else {
                    f64::INFINITY
                };
                max_serial_z = max_serial_z.max(z.abs());
                normal_two_sided_p(z)
            })
            .collect()
    };

    let comparisons = lagged as f64 * n as f64;
    let (avalanche, avalanche_z) = if comparisons > 0.0 {
        let observed = changed as f64 / comparisons;
        let ideal = 1.0 - 1.0 / j as f64;
        let standard_error = (ideal * (1.0 - ideal) / comparisons).sqrt();
        (observed, (observed - ideal) / standard_error)
    } else {
        (0.0, 0.0)
    };

    QualityReport {
        j,
        length: n,
        cases: read,
        uniformity: PValues::new(uniformity),
        serial_correlation: PValues::new(serial_correlation),
        max_serial_z,
        serial_pairs: PValues::new(serial_pairs),
        adjacent_pairs: PValues::new(adjacent_pairs),
        avalanche,
        avalanche_z,
    }
}

/// Runs the battery on the first `cases` test cases of `walk` (its cursor from 0), whose
/// digits are below `j`.
pub fn assess_walk(walk: &dyn Walk, j: u32, cases: usize) -> QualityReport {
    let mut cursor = walk.cursor(0);
    assess(j, walk.length(), cases, |out| cursor.next_case(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    #[test]
    fn ln_gamma_matches_factorials_and_the_half_integer_value() {
        for (x, factorial) in [(1.0, 1.0), (2.0, 1.0), (5.0, 24.0), (11.0, 3_628_800.0)] {
            assert!(close(ln_gamma(x), f64::ln(factorial), 1e-9), "Γ({x})");
        }
        // Γ(1/2) = √π.
        assert!(close(ln_gamma(0.5), std::f64::consts::PI.sqrt().ln(), 1e-9));
    }

    #[test]
    fn chi_square_cdf_matches_tabulated_quantiles() {
        // (x, df, P(χ² ≤ x)) from standard tables.
        for (x, df, p) in [
            (3.841_459, 1.0, 0.95),
            (18.307_04, 10.0, 0.95),
            (2.705_543, 1.0, 0.90),
            (6.634_897, 1.0, 0.99),
            (124.342_1, 100.0, 0.95),
            (0.102_587_3, 2.0, 0.05),
            (1.0, 1.0, 0.682_689_49),
        ] {
            assert!(close(chi_square_cdf(x, df), p, 2e-6), "cdf({x}, {df})");
            assert!(close(chi_square_sf(x, df), 1.0 - p, 2e-6), "sf({x}, {df})");
        }
        // df = 2 is the exponential: P(χ² ≤ x) = 1 − e^(−x/2).
        for x in [0.1, 1.0, 4.0, 30.0] {
            assert!(close(chi_square_cdf(x, 2.0), 1.0 - (-x / 2.0).exp(), 1e-12));
        }
        // The median of χ²(299) is about df − 2/3.
        assert!(close(chi_square_cdf(298.334, 299.0), 0.5, 1e-3));
    }

    #[test]
    fn incomplete_gamma_tails_sum_to_one_on_both_sides_of_the_switch() {
        for a in [0.5, 1.0, 3.7, 149.5] {
            for x in [0.01, a * 0.5, a + 0.999, a + 1.001, a * 2.0 + 10.0] {
                let total = regularized_gamma_p(a, x) + regularized_gamma_q(a, x);
                assert!(close(total, 1.0, 1e-12), "a={a} x={x}: {total}");
            }
        }
    }

    #[test]
    fn normal_tails_match_the_usual_critical_values() {
        assert!(close(normal_two_sided_p(1.959_964), 0.05, 1e-6));
        assert!(close(normal_two_sided_p(-2.575_829), 0.01, 1e-6));
        assert_eq!(normal_two_sided_p(0.0), 1.0);
        assert_eq!(normal_two_sided_p(f64::INFINITY), 0.0);
    }

    #[test]
    fn kolmogorov_distribution_matches_its_critical_values_on_both_series() {
        // Q_KS(1.3581) = 0.05, Q_KS(1.6276) = 0.01, Q_KS(0.8276) = 0.50.
        assert!(close(kolmogorov_q(1.358_1), 0.05, 1e-4));
        assert!(close(kolmogorov_q(1.627_6), 0.01, 1e-4));
        assert!(close(kolmogorov_q(0.827_6), 0.50, 1e-3));
        // The two series agree where they meet.
        let lambda: f64 = 1.18;
        let alternating: f64 = (1..=100)
            .map(|k| {
                let k = k as f64;
                2.0 * (if k as u32 % 2 == 1 { 1.0 } else { -1.0 })
                    * (-2.0 * k * k * lambda * lambda).exp()
            })
            .sum();
        assert!(close(kolmogorov_q(lambda - 1e-12), alternating, 1e-10));
        assert_eq!(kolmogorov_q(0.0), 1.0);
        assert!(kolmogorov_q(0.2) > 0.999_999);
    }

    #[test]
    fn ks_statistic_of_a_known_sample() {
        // Sample {0.1, 0.4, 0.7}: D = max over i of (i/3 − u_(i), u_(i) − (i−1)/3)
        // = max(0.2333, 0.1, 0.2667, 0.0667, 0.3, 0.0333) = 0.3.
        let ks = ks_uniform(&[0.7, 0.1, 0.4]);
        assert!(close(ks.statistic, 0.3, 1e-12), "{}", ks.statistic);
        let root = 3f64.sqrt();
        assert!(close(
            ks.p_value,
            kolmogorov_q((root + 0.12 + 0.11 / root) * 0.3),
            1e-15
        ));
        // The evenly spread sample (i − ½)/m has D = 1/(2m): too uniform to reject H0.
        let even: Vec<f64> = (0..100).map(|i| (i as f64 + 0.5) / 100.0).collect();
        let ks = ks_uniform(&even);
        assert!(close(ks.statistic, 0.005, 1e-12));
        assert!(ks.p_value > 1.0 - 1e-6, "{}", ks.p_value);
        // Everything piled at 0: D = 1.
        let ks = ks_uniform(&[0.0; 50]);
        assert!(close(ks.statistic, 1.0, 1e-12) && ks.p_value < 1e-20);
    }

    #[test]
    fn p_value_summaries_flag_both_ends() {
        use rand::Rng;
        let mut rng = crate::kernel::rng::case_rng(11, 0);
        let fine: Vec<f64> = (0..200)
            .map(|_| (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 0.98 + 0.01)
            .collect();
        assert!(PValues::new(fine.clone()).passes());
        let mut too_small = fine.clone();
        too_small[3] = 1e-9;
        assert!(!PValues::new(too_small).passes());
        let mut too_uniform = fine;
        too_uniform[5] = 1.0 - 1e-9;
        assert!(!PValues::new(too_uniform).passes());
    }

    #[test]
    fn buckets_cover_every_digit_with_exact_probabilities() {
        for (j, buckets) in [(300, 31), (7, 3), (10, 10), (5, 32)] {
            let b = Bucketing::new(j, buckets);
            let mut sizes = vec![0u32; b.buckets as usize];
            for d in 0..j {
                sizes[b.of(d)] += 1;
            }
            for (size, p) in sizes.iter().zip(&b.probabilities) {
                assert!(close(*size as f64 / j as f64, *p, 1e-15), "j={j}");
            }
        }
    }

    #[test]
    fn independent_uniform_digits_pass_and_a_counter_fails() {
        use crate::kernel::rng::{below, case_rng};
        let (j, n) = (37, 24);
        let mut rng = case_rng(5, 0);
        let report = assess(j, n, 3000, |out| {
            out.iter_mut()
                .for_each(|d| *d = below(&mut rng, j as u64) as u32);
            true
        });
        assert!(report.passes(), "{report}");
        assert!(close(report.avalanche, 1.0 - 1.0 / 37.0, 0.01));

        // A plain counter in base j: uniform-looking low digit, everything else wrong.
        let mut k = 0u64;
        let report = assess(j, n, 3000, |out| {
            crate::encoding::digits_of_u64(k, j, out);
            k += 1;
            true
        });
        assert!(!report.passes(), "{report}");
        assert!(report.failures().contains(&"avalanche"));
        assert!(report.failures().contains(&"uniformity"));
    }
}
