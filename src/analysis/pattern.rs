//! Φ for arbitrary failing sequences, beyond the assumptions of Section 5.1.
//!
//! A test case fails when it contains any of a set of failing sequences ("patterns"),
//! which may overlap themselves (`0 0`, `0 1 0`) and each other. The count is exact: an
//! Aho–Corasick automaton over the patterns (for a single pattern, the KMP automaton)
//! tracks, for every test-case prefix, the longest suffix that is a prefix of some
//! pattern; a dynamic program over n counts the test cases in each automaton state in
//! [`BigUint`] arithmetic, and those that have reached a pattern are absorbed into Φ.
//!
//! Calls that occur in no pattern all lead back to the start state, so they are treated
//! as one class weighted by their number: a step costs O(states × distinct calls in the
//! patterns) big-integer operations, independently of j.

use std::collections::VecDeque;

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::AnalysisError;
use super::phi::FailureCounts;

/// Whether a non-empty proper prefix of `pattern` is also a suffix of it (the pattern
/// overlaps itself, so two occurrences can share calls). The Section 5.1 recurrence
/// overcounts such patterns.
pub fn overlaps_itself(pattern: &[u32]) -> bool {
    // KMP prefix function: border[i] = the longest proper border of pattern[..=i].
    let mut border = vec![0usize; pattern.len()];
    for index in 1..pattern.len() {
        let mut candidate = border[index - 1];
        while candidate > 0 && pattern[index] != pattern[candidate] {
            candidate = border[candidate - 1];
        }
        if pattern[index] == pattern[candidate] {
            candidate += 1;
        }
        border[index] = candidate;
    }
    border.last().is_some_and(|&longest| longest > 0)
}

/// Where the automaton goes on one class of calls from a live state.
#[derive(Debug, Clone, Copy)]
struct Edge {
    /// The live state reached, or `None` once a pattern has occurred.
    target: Option<usize>,
    /// How many of the j calls take this edge.
    calls: u64,
}

/// The exact count Φ(n) of test cases of length n (over j calls) that contain at least
/// one of a set of failing sequences, streaming over n = 0, 1, 2, …
#[derive(Debug, Clone)]
pub struct PatternCounter {
    calls: u32,
    /// For each live (pattern-free) automaton state, its edges, merged by target.
    edges: Vec<Vec<Edge>>,
    length: u64,
    /// Test cases of length n that contain no pattern, by automaton state.
    avoiding: Vec<BigUint>,
    failing: BigUint,
    all_test_cases: BigUint,
    scratch: Vec<BigUint>,
}

impl PatternCounter {
    /// Starts at n = 0 for j distinct calls (numbered 0..j) and a set of failing
    /// sequences of calls.
    ///
    /// # Errors
    /// [`AnalysisError::NoMethodCalls`] if j = 0, [`AnalysisError::NoFailingSequences`]
    /// for an empty set, [`AnalysisError::EmptyFailingSequence`] for an empty pattern,
    /// [`AnalysisError::CallOutOfRange`] for a call index ≥ j.
    pub fn new(calls: u32, patterns: &[Vec<u32>]) -> Result<Self, AnalysisError> {
        Self::check(calls, patterns)?;
        let edges = live_state_edges(calls, patterns);
        let mut avoiding = vec![BigUint::zero(); edges.len()];
        avoiding[0] = BigUint::one();
        Ok(Self {
            calls,
            scratch: vec![BigUint::zero(); edges.len()],
            edges,
            length: 0,
            avoiding,
            failing: BigUint::zero(),
            all_test_cases: BigUint::one(),
        })
    }

    /// Checks j ≥ 1 and a non-empty set of non-empty patterns over calls 0..j.
    fn check(calls: u32, patterns: &[Vec<u32>]) -> Result<(), AnalysisError> {
        if calls == 0 {
            return Err(AnalysisError::NoMethodCalls);
        }
        if patterns.is_empty() {
            return Err(AnalysisError::NoFailingSequences);
        }
        for pattern in patterns {
            if pattern.is_empty() {
                return Err(AnalysisError::EmptyFailingSequence);
            }
            if let Some(&symbol) = pattern.iter().find(|&&symbol| symbol >= calls) {
                return Err(AnalysisError::CallOutOfRange { symbol, j: calls });
            }
        }
        Ok(())
    }

    /// j, the number of distinct method calls.
    pub fn calls(&self) -> u32 {
        self.calls
    }

    /// The number of automaton states in which no pattern has occurred yet.
    pub fn live_states(&self) -> usize {
        self.edges.len()
    }
}

impl FailureCounts for PatternCounter {
    fn length(&self) -> u64 {
        self.length
    }

    fn failing(&self) -> &BigUint {
        &self.failing
    }

    fn all_test_cases(&self) -> &BigUint {
        &self.all_test_cases
    }

    fn advance(&mut self) {
        self.failing *= self.calls;
        for count in &mut self.scratch {
            count.set_zero();
        }
        for (state, edges) in self.edges.iter().enumerate() {
            let count = &self.avoiding[state];
            if count.is_zero() {
                continue;
            }
            for edge in edges {
                let target = match edge.target {
                    Some(live) => &mut self.scratch[live],
                    None => &mut self.failing,
                };
                if edge.calls == 1 {
                    *target += count;
                } else {
                    *target += count * edge.calls;
                }
            }
        }
        std::mem::swap(&mut self.avoiding, &mut self.scratch);
        self.all_test_cases *= self.calls;
        self.length += 1;
    }
}

/// The Aho–Corasick automaton of a set of patterns, restricted to its live states (those
/// in which no pattern has occurred yet; state 0 is the start).
struct Automaton {
    /// The calls that occur in some pattern, sorted: one class each.
    symbols: Vec<u32>,
    /// For each live state and each class, the live state reached, or `None` once a
    /// pattern has occurred. Every call outside the patterns leads to the start.
    live: Vec<Vec<Option<usize>>>,
}

impl Automaton {
    fn new(patterns: &[Vec<u32>]) -> Self {
        let mut symbols: Vec<u32> = patterns.iter().flatten().copied().collect();
        symbols.sort_unstable();
        symbols.dedup();
        let (transition, accepting) = complete_transitions(&symbols, patterns);
        // Renumber the live states densely (the start is never accepting: no pattern is empty).
        let mut live_index = vec![None; transition.len()];
        let mut live = 0;
        for (node, &accepted) in accepting.iter().enumerate() {
            if !accepted {
                live_index[node] = Some(live);
                live += 1;
            }
        }
        let live = (0..transition.len())
            .filter(|&node| !accepting[node])
            .map(|node| {
                transition[node]
                    .iter()
                    .map(|&target| live_index[target])
                    .collect()
            })
            .collect();
        Automaton { symbols, live }
    }

    /// For each live state, its outgoing edges merged by target, each class weighted by
    /// `weight(symbol)` and the calls outside every pattern by `other`.
    fn merged_edges<W>(&self, weight: impl Fn(u32) -> W, other: W) -> Vec<Vec<(Option<usize>, W)>>
    where
        W: Copy + PartialEq + Default + std::ops::AddAssign,
    {
        self.live
            .iter()
            .map(|targets| {
                let mut edges: Vec<(Option<usize>, W)> = Vec::new();
                let mut add = |target: Option<usize>, value: W| {
                    if value == W::default() {
                        return;
                    }
                    match edges.iter_mut().find(|edge| edge.0 == target) {
                        Some(edge) => edge.1 += value,
                        None => edges.push((target, value)),
                    }
                };
                for (class, &target) in targets.iter().enumerate() {
                    add(target, weight(self.symbols[class]));
                }
                add(Some(0), other);
                edges
            })
            .collect()
    }
}

/// The trie of `patterns` over the classes of `symbols`, completed with failure links
/// (breadth first): the transition of every node on every class, and which nodes have
/// matched a pattern (directly or through a failure link).
fn complete_transitions(symbols: &[u32], patterns: &[Vec<u32>]) -> (Vec<Vec<usize>>, Vec<bool>) {
    let class_of = |symbol: u32| {
        symbols
            .binary_search(&symbol)
            .expect("symbol is in a pattern")
    };
    let mut children: Vec<Vec<Option<usize>>> = vec![vec![None; symbols.len()]];
    let mut accepting = vec![false];
    for pattern in patterns {
        let mut node = 0;
        for &symbol in pattern {
            let class = class_of(symbol);
            node = match children[node][class] {
                Some(child) => child,
                None => {
                    children.push(vec![None; symbols.len()]);
                    accepting.push(false);
                    let child = children.len() - 1;
                    children[node][class] = Some(child);
                    child
                }
            };
        }
        accepting[node] = true;
    }
    let nodes = children.len();
    let mut transition = vec![vec![0usize; symbols.len()]; nodes];
    let mut failure = vec![0usize; nodes];
    let mut queue = VecDeque::new();
    for class in 0..symbols.len() {
        if let Some(child) = children[0][class] {
            transition[0][class] = child;
            queue.push_back(child);
        }
    }
    while let Some(node) = queue.pop_front() {
        accepting[node] |= accepting[failure[node]];
        for class in 0..symbols.len() {
            match children[node][class] {
                Some(child) => {
                    failure[child] = transition[failure[node]][class];
                    transition[node][class] = child;
                    queue.push_back(child);
                }
                None => transition[node][class] = transition[failure[node]][class],
            }
        }
    }
    (transition, accepting)
}

/// Builds the automaton of `patterns` and returns, for each live state (state 0 is the
/// start), its outgoing edges merged by target, weighted by the number of calls.
fn live_state_edges(calls: u32, patterns: &[Vec<u32>]) -> Vec<Vec<Edge>> {
    let automaton = Automaton::new(patterns);
    let other_calls = u64::from(calls) - automaton.symbols.len() as u64;
    automaton
        .merged_edges(|_| 1u64, other_calls)
        .into_iter()
        .map(|edges| {
            edges
                .into_iter()
                .map(|(target, calls)| Edge { target, calls })
                .collect()
        })
        .collect()
}

/// The failure density of a set of failing sequences when the calls of a test case are
/// drawn independently with *unequal* probabilities p(c) (Σ p(c) = 1) — the paper's R,
/// which picks the method uniformly and then its parameter list, gives call c of method m
/// the probability 1/(|M_C|·nc(m)). With p(c) = 1/j it is Φ/jⁿ of [`PatternCounter`].
///
/// The same automaton, in `f64` probabilities: the probability of reaching each live state
/// after n calls, and the mass absorbed once a pattern occurs (accumulated directly, not as
/// 1 − the live mass, so that small densities keep their relative precision).
#[derive(Debug, Clone)]
pub struct WeightedPatternDensity {
    edges: Vec<Vec<(Option<usize>, f64)>>,
    length: u64,
    avoiding: Vec<f64>,
    failing: f64,
    scratch: Vec<f64>,
}

impl WeightedPatternDensity {
    /// Starts at n = 0 for the call probabilities `probabilities` (call c has probability
    /// `probabilities[c]`, j = their number) and a set of failing sequences.
    ///
    /// # Errors
    /// As [`PatternCounter::new`], and [`AnalysisError::NotADistribution`] when a
    /// probability is negative or not finite or they do not sum to 1 (within 10⁻⁹).
    pub fn new(probabilities: &[f64], patterns: &[Vec<u32>]) -> Result<Self, AnalysisError> {
        let calls = u32::try_from(probabilities.len()).unwrap_or(u32::MAX);
        // The same validation as the exact counter.
        PatternCounter::check(calls, patterns)?;
        let total: f64 = probabilities.iter().sum();
        if probabilities.iter().any(|p| !p.is_finite() || *p < 0.0) || (total - 1.0).abs() > 1e-9 {
            return Err(AnalysisError::NotADistribution { total });
        }
        let automaton = Automaton::new(patterns);
        let other: f64 = probabilities
            .iter()
            .enumerate()
            .filter(|(call, _)| automaton.symbols.binary_search(&(*call as u32)).is_err())
            .map(|(_, p)| p)
            .sum();
        let edges = automaton.merged_edges(|symbol| probabilities[symbol as usize], other);
        let mut avoiding = vec![0.0; edges.len()];
        avoiding[0] = 1.0;
        Ok(Self {
            scratch: vec![0.0; edges.len()],
            edges,
            length: 0,
            avoiding,
            failing: 0.0,
        })
    }

    /// n, the current length.
    pub fn length(&self) -> u64 {
        self.length
    }

    /// The failure density at the current length: the probability that a test case of
    /// length n contains a failing sequence.
    pub fn density(&self) -> f64 {
        self.failing
    }

    /// One call more: n → n + 1.
    pub fn advance(&mut self) {
        self.scratch.iter_mut().for_each(|p| *p = 0.0);
        for (state, edges) in self.edges.iter().enumerate() {
            let mass = self.avoiding[state];
            if mass == 0.0 {
                continue;
            }
            for &(target, probability) in edges {
                match target {
                    Some(live) => self.scratch[live] += mass * probability,
                    None => self.failing += mass * probability,
                }
            }
        }
        std::mem::swap(&mut self.avoiding, &mut self.scratch);
        self.length += 1;
    }

    /// Advances to length n (no-op if already there or beyond).
    pub fn advance_to(&mut self, n: u64) {
        while self.length < n {
            self.advance();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::brute_force;
    use crate::analysis::phi::FailureCountRecurrence;
    use proptest::prelude::*;
    use rand::RngExt;
    use rand_core::SeedableRng;
    use rand_pcg::Pcg64;

    fn counts(calls: u32, patterns: &[Vec<u32>], up_to: u64) -> Vec<BigUint> {
        let mut counter = PatternCounter::new(calls, patterns).unwrap();
        let mut result = vec![counter.failing().clone()];
        for _ in 0..up_to {
            counter.advance();
            result.push(counter.failing().clone());
        }
        result
    }

    #[test]
    fn automaton_matches_brute_force_for_every_pattern_including_overlapping_ones() {
        let mut overlapping = 0;
        for calls in 1..=4u32 {
            for length in 1..=3 {
                for pattern in brute_force::all_sequences(calls, length) {
                    overlapping += usize::from(overlaps_itself(&pattern));
                    let patterns = [pattern];
                    for (n, count) in counts(calls, &patterns, 8).iter().enumerate() {
                        let expected = brute_force::count_containing(calls, n, &patterns);
                        assert_eq!(
                            count,
                            &BigUint::from(expected),
                            "j = {calls}, {patterns:?}, n = {n}"
                        );
                    }
                }
            }
        }
        assert!(
            overlapping > 20,
            "only {overlapping} overlapping patterns checked"
        );
    }

    #[test]
    fn automaton_matches_brute_force_for_every_pair_of_patterns() {
        for calls in 1..=3u32 {
            let patterns: Vec<Vec<u32>> = (1..=3)
                .flat_map(|length| brute_force::all_sequences(calls, length))
                .collect();
            for (index, first) in patterns.iter().enumerate() {
                for second in &patterns[index + 1..] {
                    let pair = [first.clone(), second.clone()];
                    for (n, count) in counts(calls, &pair, 6).iter().enumerate() {
                        let expected = brute_force::count_containing(calls, n, &pair);
                        assert_eq!(
                            count,
                            &BigUint::from(expected),
                            "j = {calls}, {pair:?}, n = {n}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn automaton_agrees_with_the_recurrence_when_its_assumptions_hold() {
        for (calls, pattern) in [
            (300u32, vec![0u32, 1, 2, 3, 4]),
            (2, vec![0, 0, 1]),
            (1000, vec![7, 7, 3]),
        ] {
            let mut counter = PatternCounter::new(calls, std::slice::from_ref(&pattern)).unwrap();
            let mut recurrence = FailureCountRecurrence::new(calls, pattern.len() as u32).unwrap();
            for n in 0..=300 {
                counter.advance_to(n);
                recurrence.advance_to(n);
                assert_eq!(
                    counter.failing(),
                    recurrence.failing(),
                    "j = {calls}, n = {n}"
                );
            }
        }
    }

    #[test]
    fn self_overlap_is_detected() {
        assert!(overlaps_itself(&[0, 0]));
        assert!(overlaps_itself(&[0, 1, 0]));
        assert!(overlaps_itself(&[1, 2, 1, 2]));
        assert!(overlaps_itself(&[0, 1, 0, 0, 1]));
        assert!(!overlaps_itself(&[0]));
        assert!(!overlaps_itself(&[0, 1]));
        assert!(!overlaps_itself(&[0, 0, 1]));
        assert!(!overlaps_itself(&[0, 1, 0, 1, 1]));
    }

    #[test]
    fn invalid_pattern_sets_are_rejected() {
        assert_eq!(
            PatternCounter::new(0, &[vec![0]]).unwrap_err(),
            AnalysisError::NoMethodCalls
        );
        assert_eq!(
            PatternCounter::new(3, &[]).unwrap_err(),
            AnalysisError::NoFailingSequences
        );
        assert_eq!(
            PatternCounter::new(3, &[vec![0], vec![]]).unwrap_err(),
            AnalysisError::EmptyFailingSequence
        );
        assert_eq!(
            PatternCounter::new(3, &[vec![0, 3]]).unwrap_err(),
            AnalysisError::CallOutOfRange { symbol: 3, j: 3 }
        );
    }

    /// The fraction of `samples` random test cases of length n that contain `pattern`.
    fn sampled_density(calls: u32, pattern: &[u32], length: usize, samples: u32, seed: u64) -> f64 {
        let mut random = Pcg64::seed_from_u64(seed);
        let mut test_case = vec![0u32; length];
        let mut hits = 0u32;
        for _ in 0..samples {
            test_case
                .iter_mut()
                .for_each(|call| *call = random.random_range(0..calls));
            hits += u32::from(
                test_case
                    .windows(pattern.len())
                    .any(|window| window == pattern),
            );
        }
        f64::from(hits) / f64::from(samples)
    }

    #[test]
    fn monte_carlo_estimate_of_the_failure_density_covers_the_exact_value() {
        // 99.99 % normal confidence interval around the sampled density.
        const SAMPLES: u32 = 40_000;
        const Z: f64 = 3.89;
        let cases: [(u32, &[u32], usize); 3] = [
            (3, &[0, 1, 2], 30),
            (4, &[0, 1, 0], 40),
            (2, &[1, 1, 1, 1], 20),
        ];
        for (calls, pattern, length) in cases {
            let mut counter = PatternCounter::new(calls, &[pattern.to_vec()]).unwrap();
            counter.advance_to(length as u64);
            let exact = counter.failure_density().to_f64();
            let sampled = sampled_density(calls, pattern, length, SAMPLES, 2010);
            let half_width = Z * (sampled * (1.0 - sampled) / f64::from(SAMPLES)).sqrt();
            assert!(
                (sampled - exact).abs() <= half_width,
                "j = {calls}, {pattern:?}, n = {length}: sampled {sampled} ± {half_width}, exact {exact}"
            );
        }
    }

    #[test]
    fn monte_carlo_estimate_rules_out_the_recurrence_for_an_overlapping_pattern() {
        const SAMPLES: u32 = 40_000;
        const Z: f64 = 3.89;
        let (calls, pattern, length) = (2u32, [1u32, 1, 1, 1], 20usize);
        let mut recurrence = FailureCountRecurrence::new(calls, 4).unwrap();
        recurrence.advance_to(length as u64);
        let claimed = recurrence.failure_density().to_f64();
        let sampled = sampled_density(calls, &pattern, length, SAMPLES, 2010);
        let half_width = Z * (sampled * (1.0 - sampled) / f64::from(SAMPLES)).sqrt();
        assert!(
            (sampled - claimed).abs() > half_width,
            "sampled {sampled} ± {half_width}, recurrence {claimed}"
        );
    }

    fn pattern_set() -> impl Strategy<Value = (u32, Vec<Vec<u32>>)> {
        (1u32..=4).prop_flat_map(|calls| {
            (
                Just(calls),
                prop::collection::vec(prop::collection::vec(0..calls, 1..=4), 1..=3),
            )
        })
    }

    #[test]
    fn uniform_weights_give_the_exact_density() {
        for (calls, patterns) in [
            (300u32, vec![vec![0u32, 1, 2]]),
            (2, vec![vec![1, 1, 1, 1]]),
            (5, vec![vec![0, 1, 0], vec![2, 2]]),
        ] {
            let mut exact = PatternCounter::new(calls, &patterns).unwrap();
            let uniform = vec![1.0 / f64::from(calls); calls as usize];
            let mut weighted = WeightedPatternDensity::new(&uniform, &patterns).unwrap();
            for n in [0u64, 1, 3, 10, 64, 200] {
                exact.advance_to(n);
                weighted.advance_to(n);
                let expected = exact.failure_density().to_f64();
                let got = weighted.density();
                assert!(
                    (got - expected).abs() <= 1e-12 * expected.max(1e-300),
                    "j = {calls}, {patterns:?}, n = {n}: {got} vs {expected}"
                );
            }
        }
    }

    /// Σ over all sequences of length n of their probability, for those containing a
    /// pattern: the weighted density by enumeration.
    fn enumerated_weighted_density(probabilities: &[f64], patterns: &[Vec<u32>], n: usize) -> f64 {
        brute_force::all_sequences(probabilities.len() as u32, n)
            .filter(|sequence| {
                patterns.iter().any(|pattern| {
                    sequence
                        .windows(pattern.len())
                        .any(|window| window == pattern.as_slice())
                })
            })
            .map(|sequence| {
                sequence
                    .iter()
                    .map(|&c| probabilities[c as usize])
                    .product::<f64>()
            })
            .sum()
    }

    #[test]
    fn weighted_density_matches_enumeration() {
        let probabilities = [0.5, 0.25, 0.125, 0.125];
        for patterns in [
            vec![vec![0u32, 1]],
            vec![vec![1, 1]],
            vec![vec![2, 0, 2], vec![3]],
        ] {
            let mut weighted = WeightedPatternDensity::new(&probabilities, &patterns).unwrap();
            for n in 0..=6 {
                weighted.advance_to(n as u64);
                let expected = enumerated_weighted_density(&probabilities, &patterns, n);
                assert!(
                    (weighted.density() - expected).abs() < 1e-14,
                    "{patterns:?}, n = {n}"
                );
            }
        }
    }

    #[test]
    fn probabilities_that_are_no_distribution_are_rejected() {
        assert_eq!(
            WeightedPatternDensity::new(&[0.5, 0.4], &[vec![0]]).unwrap_err(),
            AnalysisError::NotADistribution { total: 0.9 }
        );
        assert!(WeightedPatternDensity::new(&[1.5, -0.5], &[vec![0]]).is_err());
        assert_eq!(
            WeightedPatternDensity::new(&[0.5, 0.5], &[vec![2]]).unwrap_err(),
            AnalysisError::CallOutOfRange { symbol: 2, j: 2 }
        );
    }

    proptest! {
        #[test]
        fn automaton_matches_brute_force_for_random_pattern_sets((calls, patterns) in pattern_set()) {
            for (n, count) in counts(calls, &patterns, 7).iter().enumerate() {
                let expected = brute_force::count_containing(calls, n, &patterns);
                prop_assert_eq!(count, &BigUint::from(expected));
            }
        }

        #[test]
        fn weighted_density_matches_enumeration_for_random_distributions(
            (calls, patterns) in pattern_set(),
            raw in prop::collection::vec(1u32..100, 4),
        ) {
            let raw = &raw[..calls as usize];
            let total: u32 = raw.iter().sum();
            let probabilities: Vec<f64> =
                raw.iter().map(|&w| f64::from(w) / f64::from(total)).collect();
            let mut weighted = WeightedPatternDensity::new(&probabilities, &patterns).unwrap();
            for n in 0..=5usize {
                weighted.advance_to(n as u64);
                let expected = enumerated_weighted_density(&probabilities, &patterns, n);
                prop_assert!((weighted.density() - expected).abs() < 1e-12);
            }
        }

        #[test]
        fn live_and_failing_test_cases_partition_all_test_cases(
            (calls, patterns) in pattern_set(),
            extra_calls in 0u32..1000,
            steps in 0u64..60,
        ) {
            let mut counter = PatternCounter::new(calls + extra_calls, &patterns).unwrap();
            counter.advance_to(steps);
            let live: BigUint = counter.avoiding.iter().sum();
            prop_assert_eq!(live + counter.failing(), counter.all_test_cases().clone());
        }
    }
}
