//! Ranking a population on the current targets (Panichella et al., TSE 2018, Sections
//! 3–4): preference sorting puts, per target, its best test in front 0; the others are
//! sorted into non-dominated fronts; within a front, EvoSuite's fast epsilon-dominance
//! distance breaks ties. All fitness values are minimised.

use rand::Rng;

use crate::kernel::rng::below;

/// The fronts of a population: `objectives[i][j]` is test i's fitness for current target
/// j, `lengths[i]` its number of calls. Front 0 holds, per target, the test with the
/// lowest fitness (ties: the shorter, then the earlier); the rest are sorted into
/// non-dominated fronts on `sorted` (the same tests on the targets that can decide
/// dominance: `objectives` itself, or without the targets on which all tests are equal).
/// Each front lists tests in ascending order.
pub fn preference_sort(
    objectives: &[Vec<f64>],
    sorted: &[Vec<f64>],
    lengths: &[usize],
) -> Vec<Vec<usize>> {
    let targets = objectives.first().map_or(0, Vec::len);
    let mut preferred = vec![false; objectives.len()];
    for j in 0..targets {
        let best = (0..objectives.len()).min_by(|&a, &b| {
            objectives[a][j]
                .total_cmp(&objectives[b][j])
                .then(lengths[a].cmp(&lengths[b]))
                .then(a.cmp(&b))
        });
        if let Some(best) = best {
            preferred[best] = true;
        }
    }
    let front: Vec<usize> = (0..objectives.len()).filter(|&i| preferred[i]).collect();
    let rest: Vec<usize> = (0..objectives.len()).filter(|&i| !preferred[i]).collect();
    let mut fronts = Vec::with_capacity(4);
    if !front.is_empty() {
        fronts.push(front);
    }
    fronts.extend(non_dominated_sort(sorted, &rest));
    fronts
}

/// Whether `a` dominates `b`: no worse on every objective, better on one.
pub fn dominates(a: &[f64], b: &[f64]) -> bool {
    let mut better = false;
    for (x, y) in a.iter().zip(b) {
        if x > y {
            return false;
        }
        better |= x < y;
    }
    better
}

/// Deb et al.'s fast non-dominated sorting of the tests `members`: front k holds those
/// dominated only by tests of fronts before it (ascending within a front).
pub fn non_dominated_sort(objectives: &[Vec<f64>], members: &[usize]) -> Vec<Vec<usize>> {
    let n = members.len();
    let mut dominated_by = vec![0usize; n];
    let mut dominating: Vec<Vec<usize>> = vec![Vec::new(); n];
    for a in 0..n {
        for b in a + 1..n {
            let (x, y) = (&objectives[members[a]], &objectives[members[b]]);
            if dominates(x, y) {
                dominating[a].push(b);
                dominated_by[b] += 1;
            } else if dominates(y, x) {
                dominating[b].push(a);
                dominated_by[a] += 1;
            }
        }
    }
    let mut fronts = Vec::new();
    let mut current: Vec<usize> = (0..n).filter(|&a| dominated_by[a] == 0).collect();
    while !current.is_empty() {
        let mut next = Vec::new();
        for &a in &current {
            for &b in &dominating[a] {
                dominated_by[b] -= 1;
                if dominated_by[b] == 0 {
                    next.push(b);
                }
            }
        }
        next.sort_unstable();
        fronts.push(current.iter().map(|&a| members[a]).collect());
        current = next;
    }
    fronts
}

/// EvoSuite's fast epsilon-dominance distance within `front` (`MOSA`'s
/// `subvectorDominance` successor): per target, the tests at the front's minimum score
/// (|F| − |minima|) / |F|; each test keeps its largest score (0 if never a minimum).
#[allow(clippy::needless_range_loop)] // j indexes every test's objectives
pub fn front_distances(objectives: &[Vec<f64>], front: &[usize]) -> Vec<f64> {
    let mut distances = vec![0.0; front.len()];
    let targets = objectives.first().map_or(0, Vec::len);
    let size = front.len() as f64;
    for j in 0..targets {
        let minimum = front
            .iter()
            .map(|&i| objectives[i][j])
            .fold(f64::INFINITY, f64::min);
        let minima = front
            .iter()
            .filter(|&&i| objectives[i][j] == minimum)
            .count();
        let score = (size - minima as f64) / size;
        for (k, &i) in front.iter().enumerate() {
            if objectives[i][j] == minimum && score > distances[k] {
                distances[k] = score;
            }
        }
    }
    distances
}

/// A ranked population: per test, its front and its distance within the front.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ranks {
    /// Per test, its front (0 best).
    pub front: Vec<usize>,
    /// Per test, its distance within its front (larger better).
    pub distance: Vec<f64>,
}

/// The `size` tests that survive, fronts filled in order and the last one cut by distance
/// (larger first, ties by position), with their ranks in the order returned.
pub fn survivors(objectives: &[Vec<f64>], lengths: &[usize], size: usize) -> (Vec<usize>, Ranks) {
    // A target on which every test is equal decides no dominance and no distance: only
    // the preference criterion reads it.
    let varying = varying_columns(objectives);
    let reduced: Vec<Vec<f64>> = objectives
        .iter()
        .map(|row| varying.iter().map(|&j| row[j]).collect())
        .collect();
    let mut chosen = Vec::with_capacity(size);
    let mut ranks = Ranks::default();
    let fronts = preference_sort(objectives, &reduced, lengths);
    for (f, front) in fronts.into_iter().enumerate() {
        if chosen.len() >= size {
            break;
        }
        let distances = front_distances(&reduced, &front);
        let mut order: Vec<usize> = (0..front.len()).collect();
        if chosen.len() + front.len() > size {
            order.sort_by(|&a, &b| distances[b].total_cmp(&distances[a]).then(a.cmp(&b)));
            order.truncate(size - chosen.len());
        }
        for k in order {
            chosen.push(front[k]);
            ranks.front.push(f);
            ranks.distance.push(distances[k]);
        }
    }
    (chosen, ranks)
}

/// The targets (columns) on which not every test has the same fitness.
fn varying_columns(objectives: &[Vec<f64>]) -> Vec<usize> {
    let Some(first) = objectives.first() else {
        return Vec::new();
    };
    (0..first.len())
        .filter(|&j| objectives.iter().any(|row| row[j] != first[j]))
        .collect()
}

/// A tournament of `size` draws (with replacement) among the ranked tests: the lowest
/// front wins, then the largest distance, then the first drawn.
pub fn tournament(rng: &mut impl Rng, ranks: &Ranks, size: usize) -> usize {
    let count = ranks.front.len() as u64;
    let mut best = below(rng, count) as usize;
    for _ in 1..size {
        let other = below(rng, count) as usize;
        let better = ranks.front[other] < ranks.front[best]
            || (ranks.front[other] == ranks.front[best]
                && ranks.distance[other] > ranks.distance[best]);
        if better {
            best = other;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn population() -> impl Strategy<Value = (Vec<Vec<f64>>, Vec<usize>)> {
        (1usize..12, 0usize..5).prop_flat_map(|(tests, targets)| {
            let values = prop::collection::vec(
                prop::collection::vec((0u8..4).prop_map(f64::from), targets),
                tests,
            );
            (values, prop::collection::vec(1usize..4, tests))
        })
    }

    /// Brute-force fronts: repeatedly peel off the tests no remaining test dominates.
    fn peel(objectives: &[Vec<f64>], members: &[usize]) -> Vec<Vec<usize>> {
        let mut left: Vec<usize> = members.to_vec();
        let mut fronts = Vec::new();
        while !left.is_empty() {
            let front: Vec<usize> = left
                .iter()
                .copied()
                .filter(|&a| {
                    !left
                        .iter()
                        .any(|&b| dominates(&objectives[b], &objectives[a]))
                })
                .collect();
            left.retain(|a| !front.contains(a));
            fronts.push(front);
        }
        fronts
    }

    proptest! {
        /// Fast non-dominated sorting gives the brute-force fronts.
        #[test]
        fn non_dominated_sorting_matches_peeling((objectives, _) in population()) {
            let all: Vec<usize> = (0..objectives.len()).collect();
            prop_assert_eq!(non_dominated_sort(&objectives, &all), peel(&objectives, &all));
        }

        /// Front 0 is exactly, per target, a test of least fitness that no other test of
        /// least fitness beats by length (or position); the other fronts peel the rest.
        #[test]
        fn preference_sorting_matches_brute_force((objectives, lengths) in population()) {
            let fronts = preference_sort(&objectives, &objectives, &lengths);
            let targets = objectives[0].len();
            let mut front0: Vec<usize> = (0..targets)
                .map(|j| {
                    let mut best = 0;
                    for i in 1..objectives.len() {
                        let key = |i: usize| (objectives[i][j], lengths[i]);
                        if key(i) < key(best) {
                            best = i;
                        }
                    }
                    best
                })
                .collect();
            front0.sort_unstable();
            front0.dedup();
            let rest: Vec<usize> =
                (0..objectives.len()).filter(|i| !front0.contains(i)).collect();
            let mut expected = Vec::new();
            if !front0.is_empty() {
                expected.push(front0);
            }
            expected.extend(peel(&objectives, &rest));
            prop_assert_eq!(&fronts, &expected);
            // Every test is in exactly one front.
            let mut all: Vec<usize> = fronts.concat();
            all.sort_unstable();
            prop_assert_eq!(all, (0..objectives.len()).collect::<Vec<_>>());
        }

        /// Survivors: as many as asked (or all), whole fronts before any later one.
        #[test]
        fn survivors_fill_fronts_in_order(
            (objectives, lengths) in population(),
            size in 1usize..14,
        ) {
            let (chosen, ranks) = survivors(&objectives, &lengths, size);
            prop_assert_eq!(chosen.len(), size.min(objectives.len()));
            prop_assert!(ranks.front.windows(2).all(|w| w[0] <= w[1]));
            let fronts = preference_sort(&objectives, &objectives, &lengths);
            // Leaving out the targets on which all tests are equal changes no front.
            let varying = varying_columns(&objectives);
            let reduced: Vec<Vec<f64>> = objectives
                .iter()
                .map(|row| varying.iter().map(|&j| row[j]).collect())
                .collect();
            prop_assert_eq!(&preference_sort(&objectives, &reduced, &lengths), &fronts);
            let last = *ranks.front.last().unwrap();
            for front in &fronts[..last] {
                prop_assert!(front.iter().all(|i| chosen.contains(i)));
            }
        }
    }

    /// Hand-worked distances: in a front of 4 on two targets, the sole minimum of target
    /// 0 scores 3/4, the two minima of target 1 score 2/4, the fourth test 0.
    #[test]
    fn front_distances_score_the_minima_per_target() {
        let objectives = vec![
            vec![0.0, 5.0],
            vec![1.0, 2.0],
            vec![1.0, 2.0],
            vec![3.0, 3.0],
        ];
        assert_eq!(
            front_distances(&objectives, &[0, 1, 2, 3]),
            [0.75, 0.5, 0.5, 0.0]
        );
    }
}
