//! Statistics for the claims tests, written out here rather than taken from the library,
//! so that a wrong statistic in the report fails a test: mid-ranks, ln Γ, the regularised
//! upper incomplete gamma, the normal tail, scipy's asymptotic Mann–Whitney p and Holm's
//! step-down adjustment. `tests/tournament_claims.rs` checks them against hand-worked values.

/// Mid-ranks (1-based) of `values`, ascending, and Σ (t³ − t) over tied groups.
pub fn mid_ranks(values: &[f64]) -> (Vec<f64>, f64) {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut ties = 0.0;
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let t = (j - i + 1) as f64;
        ties += t * t * t - t;
        for &k in &order[i..=j] {
            ranks[k] = (i + j) as f64 / 2.0 + 1.0;
        }
        i = j + 1;
    }
    (ranks, ties)
}

/// ln Γ(x), x > 0 (Lanczos, g = 7, nine terms).
pub fn ln_gamma(x: f64) -> f64 {
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    let x = x - 1.0;
    let t = x + 7.5;
    let sum = C[0] + (1..9).map(|i| C[i] / (x + i as f64)).sum::<f64>();
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

/// The regularised upper incomplete gamma Q(a, x): a series below a + 1, else a continued
/// fraction (modified Lentz).
pub fn upper_gamma(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let front = (a * x.ln() - x - ln_gamma(a)).exp();
    if x < a + 1.0 {
        let (mut term, mut sum, mut ap) = (1.0 / a, 1.0 / a, a);
        while term.abs() > sum.abs() * 1e-17 {
            ap += 1.0;
            term *= x / ap;
            sum += term;
        }
        1.0 - front * sum
    } else {
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..10_000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            d = if d.abs() < tiny { tiny } else { d };
            c = b + an / c;
            c = if c.abs() < tiny { tiny } else { c };
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < 1e-16 {
                break;
            }
        }
        front * h
    }
}

/// The standard normal's upper tail, P(Z > z) = erfc(z/√2)/2 with erfc(y) = Q(½, y²).
pub fn normal_upper_tail(z: f64) -> f64 {
    if z == f64::INFINITY {
        0.0
    } else if z == f64::NEG_INFINITY {
        1.0
    } else if z >= 0.0 {
        upper_gamma(0.5, z * z / 2.0) / 2.0
    } else {
        1.0 - upper_gamma(0.5, z * z / 2.0) / 2.0
    }
}

/// Two-sided Mann–Whitney p, scipy's asymptotic form (tie and continuity corrections), the
/// form scipy's `auto` takes for these samples (both larger than 8).
pub fn mann_whitney_p(x: &[f64], y: &[f64]) -> f64 {
    let (n1, n2) = (x.len() as f64, y.len() as f64);
    assert!(n1 > 8.0 && n2 > 8.0, "the exact form is not written here");
    let pooled: Vec<f64> = x.iter().chain(y).copied().collect();
    let (ranks, ties) = mid_ranks(&pooled);
    let r1: f64 = ranks[..x.len()].iter().sum();
    let u1 = r1 - n1 * (n1 + 1.0) / 2.0;
    let u = u1.max(n1 * n2 - u1);
    let n = n1 + n2;
    let sigma = (n1 * n2 / 12.0 * ((n + 1.0) - ties / (n * (n - 1.0)))).sqrt();
    if sigma == 0.0 {
        return 1.0;
    }
    (2.0 * normal_upper_tail((u - n1 * n2 / 2.0 - 0.5) / sigma)).min(1.0)
}

/// Holm's step-down adjustment, in the order given.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..p.len()).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut adjusted = vec![0.0; p.len()];
    let mut running: f64 = 0.0;
    for (j, &i) in order.iter().enumerate() {
        running = running.max(((p.len() - j) as f64 * p[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// Two-sided Wilcoxon signed-rank p of paired differences `d` (zeros dropped, mid-ranks of
/// the rest's absolute values), by enumerating every sign pattern of the non-zero values:
/// min(1, 2·min(P(R₊ ≥ r), P(R₊ ≤ r))) with r the observed R₊ — scipy's `auto` for up to 13
/// differences (its exact and permutation forms are this enumeration).
pub fn signed_rank_p(d: &[f64]) -> f64 {
    assert!(d.len() <= 13, "the asymptotic form is not written here");
    let nonzero: Vec<f64> = d.iter().copied().filter(|v| *v != 0.0).collect();
    if nonzero.is_empty() {
        return 1.0;
    }
    let magnitudes: Vec<f64> = nonzero.iter().map(|v| v.abs()).collect();
    let (ranks, _) = mid_ranks(&magnitudes);
    let observed: f64 = nonzero
        .iter()
        .zip(&ranks)
        .filter(|(v, _)| **v > 0.0)
        .map(|(_, r)| r)
        .sum();
    let patterns = 1u32 << nonzero.len();
    let (mut at_least, mut at_most) = (0u32, 0u32);
    for pattern in 0..patterns {
        let sum: f64 = (0..nonzero.len())
            .filter(|i| pattern & (1 << i) != 0)
            .map(|i| ranks[i])
            .sum();
        at_least += u32::from(sum >= observed);
        at_most += u32::from(sum <= observed);
    }
    (2.0 * f64::from(at_least.min(at_most)) / f64::from(patterns)).min(1.0)
}
