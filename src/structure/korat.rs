//! Korat's bounded-exhaustive search (Boyapati, Khurshid and Marinov, ISSTA 2002): every
//! valid candidate of a finitization, one per isomorphism class.
//!
//! Contract of [`search`]: the validity predicate must be deterministic and decide from the
//! fields it reads (Korat's assumption: two candidates that agree on the fields read, in
//! the order read, get the same verdict). Then the search reports every valid candidate
//! whose objects are numbered in the order the predicate first reaches them (objects of one
//! class appear in increasing order, a new one only as the next unused), with every field
//! the predicate did not read at index 0; every valid structure of the scope is isomorphic
//! to exactly one reported candidate.
//!
//! The walk: run the predicate on the candidate, logging the fields it reads in the order
//! of first reads; then advance the *last* field read to its next value and reset the
//! fields read after it to 0 (candidates that differ only in fields the predicate did not
//! read get the same verdict, so they are skipped — Korat's pruning); a field whose values
//! are exhausted goes back to 0 and the field read before it advances instead. A reference
//! field may only move to an object of its class numbered at most one above the largest
//! such object among the fields read before it (Korat's isomorphism breaking): beyond that
//! lie only renumberings of candidates already covered.

use super::{FieldDomain, FieldReader, Finitization};

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Candidates the predicate was run on.
    pub candidates: u64,
    /// Valid ones (reported).
    pub valid: u64,
}

/// Runs Korat over `finitization` with the validity predicate `valid`, calling `found` with
/// each valid candidate (value indices, one per field); see the module's contract.
pub fn search(
    finitization: &dyn Finitization,
    valid: impl FnMut(&mut FieldReader<'_>) -> bool,
    found: impl FnMut(&[u32]),
) -> SearchStats {
    search_within(finitization, valid, found, u64::MAX).expect("an unlimited search finishes")
}

/// [`search`], given up once the predicate has run on `most_candidates` candidates without
/// the search finishing: `None` then (the candidates found so far were reported).
pub fn search_within(
    finitization: &dyn Finitization,
    mut valid: impl FnMut(&mut FieldReader<'_>) -> bool,
    mut found: impl FnMut(&[u32]),
    most_candidates: u64,
) -> Option<SearchStats> {
    let domains = finitization.domains();
    let mut values = vec![0u32; domains.len()];
    let mut read = vec![false; domains.len()];
    let mut order: Vec<usize> = Vec::with_capacity(domains.len());
    let mut stats = SearchStats::default();
    loop {
        order.clear();
        let verdict = valid(&mut FieldReader {
            values: &values,
            read: &mut read,
            order: &mut order,
        });
        stats.candidates += 1;
        for &field in &order {
            read[field] = false;
        }
        if verdict {
            stats.valid += 1;
            found(&values);
        }
        if !advance(domains, &mut values, &mut order) {
            return Some(stats);
        }
        if stats.candidates >= most_candidates {
            return None;
        }
    }
}

/// Moves `values` to the next candidate along `order` (the fields read, in order of first
/// read); `false` when none is left. Fields popped from `order` are reset to 0.
fn advance(domains: &[FieldDomain], values: &mut [u32], order: &mut Vec<usize>) -> bool {
    while let Some(field) = order.pop() {
        let next = values[field] + 1;
        let allowed = match domains[field] {
            FieldDomain::Primitive { values: size } => next < size,
            FieldDomain::Reference { class, objects } => {
                next <= objects && next <= largest_before(domains, values, order, class) + 1
            }
        };
        if allowed {
            values[field] = next;
            return true;
        }
        values[field] = 0;
    }
    false
}

/// The largest object number (1-based; 0 if none) of `class` among the values of the
/// fields in `earlier`.
fn largest_before(domains: &[FieldDomain], values: &[u32], earlier: &[usize], class: usize) -> u32 {
    earlier
        .iter()
        .filter(|&&f| matches!(domains[f], FieldDomain::Reference { class: c, .. } if c == class))
        .map(|&f| values[f])
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::structure::BinaryTree;

    fn korat(tree: &BinaryTree) -> (SearchStats, Vec<Vec<u32>>) {
        let mut found = Vec::new();
        let stats = search(tree, |r| tree.rep_ok(r), |c| found.push(c.to_vec()));
        (stats, found)
    }

    /// Renumbers the reachable nodes of a valid candidate in breadth-first order and zeroes
    /// the fields of unreachable ones: one representative per isomorphism class.
    fn canonical(tree: &BinaryTree, candidate: &[u32]) -> Vec<u32> {
        let mut number = vec![0u32; tree.nodes()];
        let mut order = Vec::new();
        let mut queue = std::collections::VecDeque::new();
        let object = |v: u32| v.checked_sub(1).map(|o| o as usize);
        if let Some(root) = object(candidate[0]) {
            queue.push_back(root);
        }
        while let Some(node) = queue.pop_front() {
            order.push(node);
            number[node] = order.len() as u32;
            let l = BinaryTree::left(node);
            queue.extend(object(candidate[l]));
            queue.extend(object(candidate[l + 1]));
        }
        let mut out = vec![0u32; candidate.len()];
        out[0] = candidate[0].min(1);
        out[1] = candidate[1];
        for (position, &node) in order.iter().enumerate() {
            let l = BinaryTree::left(node);
            let renumber = |v: u32| object(v).map_or(0, |o| number[o]);
            out[BinaryTree::left(position)] = renumber(candidate[l]);
            out[BinaryTree::left(position) + 1] = renumber(candidate[l + 1]);
        }
        out
    }

    /// Every candidate of the whole space, valid ones by canonical form.
    fn brute_force(tree: &BinaryTree) -> BTreeSet<Vec<u32>> {
        let sizes: Vec<u32> = tree.domains().iter().map(|d| d.size()).collect();
        let mut candidate = vec![0u32; sizes.len()];
        let mut classes = BTreeSet::new();
        loop {
            let (mut read, mut order) = (vec![false; sizes.len()], Vec::new());
            let mut reader = FieldReader {
                values: &candidate,
                read: &mut read,
                order: &mut order,
            };
            if tree.rep_ok(&mut reader) {
                classes.insert(canonical(tree, &candidate));
            }
            // odometer over the full space
            let mut i = 0;
            loop {
                if i == sizes.len() {
                    return classes;
                }
                candidate[i] += 1;
                if candidate[i] < sizes[i] {
                    break;
                }
                candidate[i] = 0;
                i += 1;
            }
        }
    }

    fn catalan(n: u64) -> u64 {
        (0..n).fold(1, |c, k| c * 2 * (2 * k + 1) / (k + 2))
    }

    #[test]
    fn binary_trees_of_up_to_n_nodes_number_the_catalan_sums() {
        // Trees of 0..=n nodes (size ranges over 0..=n): Σ_{k ≤ n} Catalan(k).
        for n in 0..=7u64 {
            let (stats, found) = korat(&BinaryTree::new(n as usize));
            let expected: u64 = (0..=n).map(catalan).sum();
            assert_eq!(stats.valid, expected, "scope {n}");
            assert_eq!(found.len() as u64, expected);
        }
    }

    #[test]
    fn korat_reports_exactly_one_canonical_candidate_per_valid_structure_of_the_full_space() {
        for n in 0..=3 {
            let tree = BinaryTree::new(n);
            let (_, found) = korat(&tree);
            let reported: BTreeSet<Vec<u32>> = found.iter().cloned().collect();
            assert_eq!(reported.len(), found.len(), "scope {n}: no duplicates");
            for candidate in &found {
                assert_eq!(
                    &canonical(&tree, candidate),
                    candidate,
                    "scope {n}: reported already in canonical form"
                );
            }
            assert_eq!(reported, brute_force(&tree), "scope {n}");
        }
    }

    #[test]
    fn a_search_within_a_budget_finishes_or_says_it_did_not() {
        let tree = BinaryTree::new(5);
        let (full, _) = korat(&tree);
        let within = |budget| search_within(&tree, |r| tree.rep_ok(r), |_| {}, budget);
        assert_eq!(within(full.candidates), Some(full));
        assert_eq!(within(full.candidates - 1), None);
    }

    #[test]
    fn pruning_runs_the_predicate_on_far_fewer_candidates_than_the_space_holds() {
        let tree = BinaryTree::new(6);
        let (stats, _) = korat(&tree);
        let space: f64 = tree.domains().iter().map(|d| f64::from(d.size())).product();
        assert!(
            (stats.candidates as f64) < space / 1e6,
            "{} candidates explored of {space:e}",
            stats.candidates
        );
    }

    /// Sorted singly linked lists of exactly n nodes whose values lie in 0..k: the multisets
    /// of n values, C(n + k − 1, n) of them.
    #[test]
    fn sorted_lists_of_n_values_below_k_number_the_multisets() {
        struct SortedList {
            domains: Vec<FieldDomain>,
        }
        impl Finitization for SortedList {
            fn domains(&self) -> &[FieldDomain] {
                &self.domains
            }
        }
        fn binomial(n: u64, k: u64) -> u64 {
            (0..k).fold(1, |b, i| b * (n - i) / (i + 1))
        }
        for (n, k) in [(1, 3), (3, 3), (4, 2), (5, 4)] {
            // header.first, then per node: next, value.
            let reference = FieldDomain::Reference {
                class: 0,
                objects: n as u32,
            };
            let mut domains = vec![reference];
            for _ in 0..n {
                domains.push(reference);
                domains.push(FieldDomain::Primitive { values: k });
            }
            let list = SortedList { domains };
            let rep_ok = |r: &mut FieldReader<'_>| {
                let mut seen = vec![false; n];
                let (mut count, mut previous) = (0, 0);
                let mut node = r.object(0);
                while let Some(current) = node {
                    if std::mem::replace(&mut seen[current], true) {
                        return false;
                    }
                    let value = r.get(2 + 2 * current);
                    if value < previous {
                        return false;
                    }
                    previous = value;
                    count += 1;
                    node = r.object(1 + 2 * current);
                }
                count == n
            };
            let stats = search(&list, rep_ok, |_| {});
            assert_eq!(
                stats.valid,
                binomial(n as u64 + u64::from(k) - 1, n as u64),
                "n = {n}, k = {k}"
            );
        }
    }
}
