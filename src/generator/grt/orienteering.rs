//! GRT's Orienteering (Ma et al. 2015; Randoop's `OrienteeringSelection`): an input
//! sequence is chosen with probability proportional to 1 / (k · cost(s) · √calls(s)), where
//! k counts its selections (from 1) and cost is the fuel its execution used on gold — the
//! deterministic stand-in for the papers' execution time, so that cheap, short sequences
//! are reused more and expensive ones still sometimes.

use rand_pcg::Pcg64Mcg;

use crate::generator::fdrt::unit_draw;
use crate::generator::guidance::CandidateList;

/// Orienteering's weight of a sequence selected `k` times so far (k ≥ 1: Randoop counts
/// from one), whose execution used `fuel` (at least 1 counts) and which has `calls`
/// method calls (0 counts as 1, as Randoop's √size).
pub fn weight(k: u32, fuel: u64, calls: u32) -> f64 {
    let size = if calls == 0 {
        1.0
    } else {
        f64::from(calls).sqrt()
    };
    1.0 / (f64::from(k.max(1)) * fuel.max(1) as f64 * size)
}

/// Sums of non-negative weights by position, with O(log n) update and proportional draw
/// (a Fenwick tree).
#[derive(Clone, Debug, Default)]
pub struct WeightTree {
    /// Fenwick sums, 1-based.
    tree: Vec<f64>,
    /// The weights.
    weights: Vec<f64>,
}

impl WeightTree {
    /// The number of positions.
    pub fn len(&self) -> usize {
        self.weights.len()
    }

    /// Whether it has none.
    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }

    /// Appends a position with weight `w`.
    pub fn push(&mut self, w: f64) {
        self.weights.push(0.0);
        self.tree.push(0.0);
        // The new node i covers (i − lowbit(i), i]: rebuild its sum from the children.
        let i = self.tree.len();
        let low = i & i.wrapping_neg();
        let mut sum = 0.0;
        let mut j = i - 1;
        while j > i - low {
            sum += self.tree[j - 1];
            j -= j & j.wrapping_neg();
        }
        self.tree[i - 1] = sum;
        self.set(i - 1, w);
    }

    /// Sets the weight of `position` to `w`.
    pub fn set(&mut self, position: usize, w: f64) {
        let delta = w - self.weights[position];
        self.weights[position] = w;
        let mut i = position + 1;
        while i <= self.tree.len() {
            self.tree[i - 1] += delta;
            i += i & i.wrapping_neg();
        }
    }

    /// The sum of all weights.
    pub fn total(&self) -> f64 {
        let mut i = self.tree.len();
        let mut sum = 0.0;
        while i > 0 {
            sum += self.tree[i - 1];
            i -= i & i.wrapping_neg();
        }
        sum
    }

    /// The position whose cumulative weight range holds `target` ∈ [0, total): the first
    /// position whose prefix sum exceeds it (the last one if rounding leaves none).
    pub fn find(&self, mut target: f64) -> usize {
        let n = self.tree.len();
        let mut position = 0;
        let mut step = n.next_power_of_two();
        while step > 0 {
            let next = position + step;
            if next <= n && self.tree[next - 1] <= target {
                position = next;
                target -= self.tree[next - 1];
            }
            step >>= 1;
        }
        position.min(n - 1)
    }
}

/// Orienteering's state for one pool: each extensible sequence's selections, fuel and
/// length, and a weight tree per candidate list.
#[derive(Default)]
pub struct Orienteering {
    /// Per extensible entry: (selections k, fuel, calls, position in each list).
    entries: Vec<Entry>,
    /// The weight tree of [`CandidateList::Class`] and of [`CandidateList::AnyObject`].
    lists: [WeightTree; 2],
}

#[derive(Clone, Copy, Default)]
struct Entry {
    selected: u32,
    fuel: u64,
    calls: u32,
    position: [Option<u32>; 2],
}

impl Orienteering {
    /// Records extensible entry `entry`: `calls` calls, `fuel` used by its execution.
    pub fn extended(&mut self, entry: usize, calls: u32, fuel: u64) {
        if self.entries.len() <= entry {
            self.entries.resize(entry + 1, Entry::default());
        }
        self.entries[entry] = Entry {
            selected: 1,
            fuel,
            calls,
            position: [None; 2],
        };
    }

    /// Draws one of `candidates` (entries, the pool's list `list`, which only grows)
    /// proportionally to its weight; returns its position in `candidates`, and counts the
    /// selection.
    pub fn choose(
        &mut self,
        rng: &mut Pcg64Mcg,
        list: CandidateList,
        candidates: &[usize],
    ) -> usize {
        let l = list as usize;
        while self.lists[l].len() < candidates.len() {
            let position = self.lists[l].len();
            let entry = &mut self.entries[candidates[position]];
            entry.position[l] = Some(position as u32);
            let w = weight(entry.selected, entry.fuel, entry.calls);
            self.lists[l].push(w);
        }
        let tree = &self.lists[l];
        let position = tree.find(unit_draw(rng) * tree.total());
        let entry = &mut self.entries[candidates[position]];
        entry.selected += 1;
        let w = weight(entry.selected, entry.fuel, entry.calls);
        for (list, at) in entry.position.iter().enumerate() {
            if let Some(at) = at {
                self.lists[list].set(*at as usize, w);
            }
        }
        position
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::rng::case_rng;
    use proptest::prelude::*;

    #[test]
    fn weights_match_hand_computed_values() {
        // k = 1, fuel 8, 4 calls: 1 / (1 · 8 · 2).
        assert_eq!(weight(1, 8, 4), 1.0 / 16.0);
        // k = 3, fuel 10, 9 calls: 1 / (3 · 10 · 3).
        assert!((weight(3, 10, 9) - 1.0 / 90.0).abs() < 1e-15);
        // No calls counts as one, no fuel as one.
        assert_eq!(weight(1, 0, 0), 1.0);
    }

    proptest! {
        #[test]
        fn the_tree_sums_and_finds_like_a_linear_scan(
            weights in proptest::collection::vec(0.0f64..10.0, 1..60),
            updates in proptest::collection::vec((0usize..60, 0.0f64..10.0), 0..20),
            fraction in 0.0f64..1.0,
        ) {
            let mut tree = WeightTree::default();
            let mut plain = weights.clone();
            for &w in &weights {
                tree.push(w);
            }
            for &(i, w) in &updates {
                let i = i % plain.len();
                plain[i] = w;
                tree.set(i, w);
            }
            let total: f64 = plain.iter().sum();
            prop_assert!((tree.total() - total).abs() < 1e-9);
            if total > 0.0 {
                let target = fraction * total;
                let mut acc = 0.0;
                let expected = plain
                    .iter()
                    .position(|&w| { acc += w; acc > target })
                    .unwrap_or(plain.len() - 1);
                let found = tree.find(target);
                // Rounding may move a target that sits on a boundary by one position.
                let mut low = 0.0;
                for w in &plain[..found] { low += w; }
                prop_assert!(found == expected || (low - target).abs() < 1e-9
                    || (low + plain[found] - target).abs() < 1e-9, "{found} vs {expected}");
            }
        }
    }

    #[test]
    fn cheap_short_sequences_are_chosen_more_and_repeated_choices_weigh_less() {
        let mut orienteering = Orienteering::default();
        // Entry 0: 1 call, fuel 1; entry 1: 16 calls, fuel 100.
        orienteering.extended(0, 1, 1);
        orienteering.extended(1, 16, 100);
        let mut rng = case_rng(5, 0);
        let mut counts = [0u32; 2];
        for _ in 0..2_000 {
            counts[orienteering.choose(&mut rng, CandidateList::Class, &[0, 1])] += 1;
        }
        // Weights 1/k against 1/(400 k'): entry 0 is chosen far more often, but entry 1
        // still sometimes, as its rival's k grows.
        assert!(counts[0] > 1_800, "{counts:?}");
        assert!(counts[1] > 0, "{counts:?}");
    }
}
