//! A ranking of strategies over units as the report computes it, written out here for the
//! claims tests: average ranks (1 = best, mid-ranks on ties), Friedman's χ² (tie-corrected
//! as scipy) with its p-value, Iman–Davenport's F and the Nemenyi critical difference at
//! α = 0.05 (Demšar 2006).

use super::stats::{mid_ranks, upper_gamma};

/// The p-quantile of `values`, linear between order statistics (numpy's default).
pub fn quantile(values: &[f64], p: f64) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let h = (v.len() - 1) as f64 * p;
    let (low, high) = (h.floor() as usize, h.ceil() as usize);
    v[low] + (h - low as f64) * (v[high] - v[low])
}

/// q_0.05 of the Nemenyi test for k treatments (the studentized range over √2): Demšar
/// 2006, Table 5a, for k ≤ 10; beyond, Harter's (1960) studentized range at infinite degrees
/// of freedom, 4.552, 4.622 and 4.685 for k = 11, 12, 13, over √2.
pub fn nemenyi_q_05(k: usize) -> f64 {
    const Q: [f64; 12] = [
        1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164, 3.219, 3.268, 3.313,
    ];
    Q[k - 2]
}

/// A ranking: the labels, their average ranks, Friedman's χ² and p, Iman–Davenport's F and
/// the Nemenyi critical difference.
pub struct Ranking {
    pub labels: Vec<String>,
    pub average: Vec<f64>,
    pub chi2: f64,
    pub p: f64,
    pub iman_davenport: f64,
    pub cd: f64,
}

/// The ranking of `labels` over units whose scores are the rows of `scores` (one column per
/// label, higher is better).
pub fn friedman_ranking(labels: Vec<String>, scores: &[Vec<f64>]) -> Ranking {
    let (k, blocks) = (labels.len() as f64, scores.len() as f64);
    let mut sums = vec![0.0; labels.len()];
    let mut ties = 0.0;
    for row in scores {
        let negated: Vec<f64> = row.iter().map(|s| -s).collect();
        let (ranks, t) = mid_ranks(&negated);
        ties += t;
        for (sum, r) in sums.iter_mut().zip(ranks) {
            *sum += r;
        }
    }
    let squares: f64 = sums.iter().map(|r| r * r).sum();
    let raw = 12.0 / (blocks * k * (k + 1.0)) * squares - 3.0 * blocks * (k + 1.0);
    let chi2 = raw / (1.0 - ties / (blocks * k * (k * k - 1.0)));
    Ranking {
        average: sums.iter().map(|s| s / blocks).collect(),
        p: upper_gamma((k - 1.0) / 2.0, chi2 / 2.0),
        iman_davenport: (blocks - 1.0) * chi2 / (blocks * (k - 1.0) - chi2),
        cd: nemenyi_q_05(labels.len()) * (k * (k + 1.0) / (6.0 * blocks)).sqrt(),
        chi2,
        labels,
    }
}
