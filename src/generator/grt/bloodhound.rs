//! GRT's Bloodhound (Ma et al. 2015; Randoop's `Bloodhound`): methods are chosen with
//! weights that favour those whose code is not yet covered and those that succeeded less,
//! decaying with each selection; coverage enters the weights only when they are
//! recomputed, every so many cost units (the papers: every 50 s).
//!
//! w(m, 0) = α · uncovRatio(m) + (1 − α) · (1 − succ(m) / maxSucc), and after k ≥ 1
//! selections since the last recomputation w(m, k) = max(−3 / ln(1 − p) · pᵏ / k,
//! 1 / ln(|M| + 3)) · w(m, 0); α = 0.9, p = 0.99; succ(m) counts m's normal test cases,
//! maxSucc the largest count (at least 1).
//!
//! uncovRatio(m): JaCoCo gives a Java method its own branches. The ports share code
//! between methods (`AbstractList`, helpers), so here a method's code is the set of port
//! functions its calls were seen to reach (any probe of the function reached while the
//! call ran), and uncovRatio(m) the share of those functions' probes not covered by the
//! suite so far; a method not run yet gets Randoop's 0.5 for methods without coverage
//! data.

use rand_pcg::Pcg64Mcg;

use crate::coverage::Coverage;
use crate::generator::fdrt::unit_draw;
use crate::subject::probes::ProbeTable;

/// The initial weight w(m, 0).
pub fn initial_weight(alpha: f64, uncovered_ratio: f64, successes: u64, max_successes: u64) -> f64 {
    alpha * uncovered_ratio + (1.0 - alpha) * (1.0 - successes as f64 / max_successes.max(1) as f64)
}

/// The weight after `k` selections since the last recomputation, of `methods` methods:
/// w(m, 0) for k = 0.
pub fn decayed_weight(initial: f64, k: u32, p: f64, methods: usize) -> f64 {
    if k == 0 {
        return initial;
    }
    let decay = -3.0 / (1.0 - p).ln() * p.powi(k as i32) / f64::from(k);
    let floor = 1.0 / (methods as f64 + 3.0).ln();
    decay.max(floor) * initial
}

/// Bloodhound's state over the methods of M_C (by position).
pub struct Bloodhound {
    alpha: f64,
    p: f64,
    /// Recompute every this many cost units.
    every: u64,
    /// Cost at the last recomputation (`None`: never).
    recomputed_at: Option<u64>,
    /// The suite's coverage so far.
    coverage: Coverage,
    /// Per probe, its function's position in `coverage.functions()`.
    function_of: Vec<usize>,
    /// Per method, whether each function was seen reached by one of its calls.
    reached: Vec<Vec<bool>>,
    /// Per method: subject method number, successes, selections since recomputation,
    /// w(m, 0), current weight.
    methods: Vec<MethodState>,
    max_successes: u64,
}

#[derive(Clone, Copy, Debug)]
struct MethodState {
    number: u32,
    successes: u64,
    selected: u32,
    initial: f64,
    weight: f64,
}

impl Bloodhound {
    /// Bloodhound over the methods `numbers` (subject method numbers of M_C, in order) of
    /// a unit with probes `table`, with α, p and the recomputation interval.
    pub fn new(numbers: &[u32], table: ProbeTable, alpha: f64, p: f64, every: u64) -> Self {
        let coverage = Coverage::new(table);
        let mut function_of = vec![0; table.probes.len()];
        for (f, function) in coverage.functions().iter().enumerate() {
            for &probe in &function.probes {
                function_of[probe] = f;
            }
        }
        let functions = coverage.functions().len();
        Bloodhound {
            alpha,
            p,
            every,
            recomputed_at: None,
            coverage,
            function_of,
            reached: vec![vec![false; functions]; numbers.len()],
            methods: numbers
                .iter()
                .map(|&number| MethodState {
                    number,
                    successes: 0,
                    selected: 0,
                    initial: 0.0,
                    weight: 0.0,
                })
                .collect(),
            max_successes: 1,
        }
    }

    /// uncovRatio of method `m` (see the module): 0.5 before any of its calls was seen.
    pub fn uncovered_ratio(&self, m: usize) -> f64 {
        let (mut total, mut uncovered) = (0usize, 0.0);
        for (f, _) in self.reached[m].iter().enumerate().filter(|(_, r)| **r) {
            let probes = self.coverage.functions()[f].probes.len();
            total += probes;
            uncovered += self.coverage.uncovered_ratio(f) * probes as f64;
        }
        if total == 0 {
            0.5
        } else {
            uncovered / total as f64
        }
    }

    /// Chooses a method (its position in M_C) at total cost `cost`, recomputing the
    /// weights first if the interval has passed; and says whether all weights were equal
    /// at the draw (the draw is then uniform).
    pub fn choose(&mut self, rng: &mut Pcg64Mcg, cost: u64) -> (usize, bool) {
        if self
            .recomputed_at
            .is_none_or(|at| cost.saturating_sub(at) >= self.every)
        {
            self.recompute(cost);
        }
        let total: f64 = self.methods.iter().map(|m| m.weight).sum();
        let first = self.methods[0].weight;
        let equal = self.methods.iter().all(|m| m.weight == first);
        let mut target = unit_draw(rng) * total;
        let mut chosen = self.methods.len() - 1;
        for (i, method) in self.methods.iter().enumerate() {
            if target < method.weight {
                chosen = i;
                break;
            }
            target -= method.weight;
        }
        let count = self.methods.len();
        let method = &mut self.methods[chosen];
        method.selected += 1;
        method.weight = decayed_weight(method.initial, method.selected, self.p, count);
        (chosen, equal)
    }

    /// Recomputes every w(m, 0) from the coverage so far and restarts the selection counts.
    fn recompute(&mut self, cost: u64) {
        self.recomputed_at = Some(cost);
        for m in 0..self.methods.len() {
            let ratio = self.uncovered_ratio(m);
            let method = &mut self.methods[m];
            method.selected = 0;
            method.initial =
                initial_weight(self.alpha, ratio, method.successes, self.max_successes);
            method.weight = method.initial;
        }
        // All weights zero (everything covered and every method as successful as the
        // most): choose uniformly.
        if self.methods.iter().all(|m| m.weight <= 0.0) {
            self.methods.iter_mut().for_each(|m| {
                m.initial = 1.0;
                m.weight = 1.0;
            });
        }
    }

    /// Takes in an executed test case: its last call's subject method number, whether it
    /// was normal, the probes it covered and those its last call reached.
    pub fn executed(&mut self, method: u32, normal: bool, covered: &[u32], last_call: &[u32]) {
        for &probe in covered {
            self.coverage.insert(probe as usize);
        }
        let Some(m) = self.methods.iter().position(|s| s.number == method) else {
            return; // a producer outside M_C (Detective)
        };
        for &probe in last_call {
            self.reached[m][self.function_of[probe as usize]] = true;
        }
        if normal {
            let state = &mut self.methods[m];
            state.successes += 1;
            self.max_successes = self.max_successes.max(state.successes);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::rng::case_rng;
    use crate::subject::probes::{Probe, ProbeKind};

    static PROBES: [Probe; 4] = [
        Probe::by_hand(ProbeKind::Entry, "f"),
        Probe::by_hand(ProbeKind::IfThen, "f"),
        Probe::by_hand(ProbeKind::Entry, "g"),
        Probe::by_hand(ProbeKind::IfThen, "g"),
    ];

    fn table() -> ProbeTable {
        ProbeTable {
            file: "test",
            probes: &PROBES,
        }
    }

    #[test]
    fn methods_whose_code_is_covered_lose_their_weight_at_the_next_recomputation() {
        // Methods 10 and 11; recomputed every 100 cost units.
        let mut hound = Bloodhound::new(&[10, 11], table(), 0.9, 0.99, 100);
        let mut rng = case_rng(1, 0);
        // Before any data: both 0.5, so both get chosen.
        let mut counts = [0; 2];
        for _ in 0..200 {
            counts[hound.choose(&mut rng, 0).0] += 1;
        }
        assert!(counts.iter().all(|&c| c > 50), "{counts:?}");
        // Method 10 ran all of f; method 11 reached g but only its entry.
        hound.executed(10, true, &[0, 1], &[0, 1]);
        hound.executed(11, true, &[2], &[2]);
        assert_eq!(hound.uncovered_ratio(0), 0.0);
        assert_eq!(hound.uncovered_ratio(1), 0.5);
        // Not before the interval has passed …
        let mut counts = [0; 2];
        for _ in 0..200 {
            counts[hound.choose(&mut rng, 50).0] += 1;
        }
        assert!(counts[0] > 0, "{counts:?}");
        // … then method 10 weighs 0.9 · 0 + 0.1 · (1 − 1/1) = 0 and is never chosen.
        let mut counts = [0; 2];
        for _ in 0..200 {
            counts[hound.choose(&mut rng, 100).0] += 1;
        }
        assert_eq!(counts, [0, 200]);
        // A success of method 11 alone gives method 10 weight 0.1 · (1 − 1/2) back at
        // the next recomputation.
        hound.executed(11, true, &[], &[2]);
        hound.choose(&mut rng, 200);
        assert!((hound.methods[0].initial - 0.05).abs() < 1e-12);
    }

    #[test]
    fn weights_match_hand_computed_values() {
        // α = 0.9, uncovRatio 0.5, 3 of at most 6 successes: 0.45 + 0.1 · 0.5.
        assert!((initial_weight(0.9, 0.5, 3, 6) - 0.5).abs() < 1e-15);
        // No successes yet (maxSucc counts as 1).
        assert!((initial_weight(0.9, 1.0, 0, 0) - 1.0).abs() < 1e-15);
        // p = 0.99, k = 1, 20 methods: max(−3/ln 0.01 · 0.99, 1/ln 23) · w.
        let expected = (-3.0 / 0.01f64.ln() * 0.99).max(1.0 / 23f64.ln()) * 0.8;
        assert!((decayed_weight(0.8, 1, 0.99, 20) - expected).abs() < 1e-15);
        assert!((expected - 0.8 * 0.644_928).abs() < 1e-5);
        // k = 5: 0.99⁵ / 5 · 0.6514 = 0.1239 < 1/ln 23 = 0.3189: the floor.
        assert!((decayed_weight(0.8, 5, 0.99, 20) - 0.8 / 23f64.ln()).abs() < 1e-15);
        assert_eq!(decayed_weight(0.8, 0, 0.99, 20), 0.8);
    }
}
