//! `LinkedList`'s scope and invariant.

use crate::subject::heap::FieldValue;
use crate::subjects::linked_list::LinkedList;

use super::cnf::{ScopeCnf, negate};
use super::heap_scope::{FieldRange, HeapScope, ScopeError};
use super::{CnfEncoding, FieldReader, Finitization, Invariant};

const FIRST: usize = 0;
const LAST: usize = 1;
const SIZE: usize = 2;
const ITEM: usize = 0;
const PREV: usize = 1;
const NEXT: usize = 2;

/// `LinkedList` at a scope: up to n nodes, `size` ∈ [0, n], each `item` `null` or one of
/// the given `Integer`s.
///
/// Contract of [`LinkedListScope::rep_ok`]: valid when `first` and `last` are both `null`
/// (and `size` is 0) or the nodes following `next` from `first` form a chain, without
/// repeats, that ends at `last`, whose `prev` links mirror the `next` links (`first.prev`
/// and `last.next` `null`), that holds every node reached from the header, and whose
/// length is `size`. It reads the reference fields breadth first (`first`, `last`, then
/// each reached node's `prev` and `next`), so the search numbers nodes as
/// [`canonical`](crate::subject::heap::canonical) does. Valid lists up to isomorphism:
/// Σ_{l ≤ n} (k + 1)^l for k `Integer`s.
#[derive(Clone, Debug)]
pub struct LinkedListScope {
    scope: HeapScope,
}

impl LinkedListScope {
    /// The scope of `nodes` nodes with items `null` or from `items`.
    pub fn new(nodes: usize, items: Vec<i32>) -> Result<Self, ScopeError> {
        let size = FieldRange::Ints((0..=nodes as i32).collect());
        let scope = HeapScope::new::<LinkedList>(
            nodes,
            vec![FieldRange::Node, FieldRange::Node, size],
            vec![
                FieldRange::Integers(items),
                FieldRange::Node,
                FieldRange::Node,
            ],
        )?;
        Ok(LinkedListScope { scope })
    }
}

impl LinkedListScope {
    /// The largest scope [`CnfEncoding`] is built for (about 24n² clauses): Algorithm 1
    /// takes about 4 s there (docs/structures.md).
    pub const ENCODING_LIMIT: usize = 100;
}

/// The invariant in CNF: the nodes numbered breadth first from `first` and `last` through
/// `prev` and `next` ([`ScopeCnf::breadth_first`]); `first` and `last` both `null` or both
/// set; a reachable node's `prev` is `null` exactly when it is `first`, its `next` exactly
/// when it is `last`; `a.next = b` exactly when `b.prev = a`; `size` the reachable nodes.
/// Then the reachable nodes form one chain from `first` to `last`: `next` is a function and
/// its mirror `prev` too, so following `next` from `first` (no predecessor) never repeats a
/// node and stops only at `last`, and every reachable node is reached through the links of
/// that chain.
impl CnfEncoding for LinkedListScope {
    fn encoding_limit(&self) -> usize {
        Self::ENCODING_LIMIT
    }

    fn encode_within_limit(&self) -> ScopeCnf {
        let s = &self.scope;
        let n = s.nodes();
        let mut encoded = ScopeCnf::new(s.domains());
        let (first, last) = (s.header_field(FIRST), s.header_field(LAST));
        let links = |node: usize| vec![s.node_field(node, PREV), s.node_field(node, NEXT)];
        let (reachable, count) =
            encoded.breadth_first(&[first, last], links, |node| s.node_fields(node));
        let empty = |encoded: &ScopeCnf, p: usize| encoded.value(p, 0);
        encoded
            .cnf
            .equivalent(empty(&encoded, first), empty(&encoded, last));
        for (a, &reached) in reachable.iter().enumerate() {
            let node = a as u32 + 1;
            for (end, link) in [(first, PREV), (last, NEXT)] {
                let (is_end, null) = (
                    encoded.value(end, node),
                    empty(&encoded, s.node_field(a, link)),
                );
                encoded.cnf.implies([is_end], [null]);
                encoded.cnf.implies([reached, null], [is_end]);
            }
            for b in 0..n {
                let next = encoded.value(s.node_field(a, NEXT), b as u32 + 1);
                let prev = encoded.value(s.node_field(b, PREV), node);
                encoded.cnf.equivalent(next, prev);
            }
        }
        let size = s.header_field(SIZE);
        for l in 0..=n {
            let is = encoded.value(size, l as u32);
            let conjuncts = [count.at_least(l), negate(count.at_least(l + 1))];
            for c in conjuncts {
                encoded.cnf.rule(&[Ok(is)], &[c]);
            }
            encoded.cnf.rule(&conjuncts, &[Ok(is)]);
        }
        encoded
    }
}

impl Invariant for LinkedListScope {
    fn heap_scope(&self) -> &HeapScope {
        &self.scope
    }

    /// The invariant; see the type's contract.
    fn rep_ok(&self, r: &mut FieldReader<'_>) -> bool {
        let s = &self.scope;
        let first = s.read(r, s.header_field(FIRST)).node();
        let last = s.read(r, s.header_field(LAST)).node();
        if first.is_none() != last.is_none() {
            return false;
        }
        let mut seen = vec![false; s.nodes()];
        let mut queue = Vec::with_capacity(s.nodes());
        let mut discover = |node: Option<usize>, queue: &mut Vec<usize>| {
            if let Some(n) = node
                && !std::mem::replace(&mut seen[n], true)
            {
                queue.push(n);
            }
        };
        discover(first, &mut queue);
        discover(last, &mut queue);
        // prev/next of each node once read (outer None: not read yet).
        let mut prev_of: Vec<Option<Option<usize>>> = vec![None; s.nodes()];
        let mut next_of: Vec<Option<Option<usize>>> = vec![None; s.nodes()];
        let mut i = 0;
        while i < queue.len() {
            let x = queue[i];
            i += 1;
            let prev = s.read(r, s.node_field(x, PREV)).node();
            let mirrored = prev.is_none_or(|w| next_of[w].is_none_or(|n| n == Some(x)));
            if (prev.is_none() != (Some(x) == first)) || !mirrored {
                return false;
            }
            prev_of[x] = Some(prev);
            discover(prev, &mut queue);
            let next = s.read(r, s.node_field(x, NEXT)).node();
            let mirrored = next.is_none_or(|y| prev_of[y].is_none_or(|p| p == Some(x)));
            if (next.is_none() != (Some(x) == last)) || !mirrored {
                return false;
            }
            next_of[x] = Some(next);
            discover(next, &mut queue);
        }
        // The early checks miss a link whose mirror was read later as `null`, or a node
        // that is its own neighbour: walk the chain and check every link both ways.
        let mut length = 0;
        let (mut node, mut before) = (first, None);
        while let Some(x) = node {
            length += 1;
            if length > queue.len() || prev_of[x] != Some(before) {
                return false; // a cycle, or a prev link that does not mirror
            }
            before = Some(x);
            node = next_of[x].expect("every reached node's next was read");
        }
        if length != queue.len() {
            return false;
        }
        for &x in &queue {
            s.read(r, s.node_field(x, ITEM));
        }
        s.read(r, s.header_field(SIZE)) == FieldValue::Int(length as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subject::heap::{HeapBuild, HeapFields, canonical};

    /// Whether a port instance satisfies the invariant in `scope` (`None`: out of scope).

    #[test]
    fn lists_of_up_to_n_nodes_number_the_item_sequences() {
        for (nodes, items) in [(0, 2), (1, 2), (3, 1), (3, 2), (4, 2), (5, 1)] {
            let scope = LinkedListScope::new(nodes, (0..items).collect()).unwrap();
            let expected: usize = (0..=nodes as u32)
                .map(|l| (items as usize + 1).pow(l))
                .sum();
            assert_eq!(
                scope.structures().len(),
                expected,
                "{nodes} nodes, {items} items"
            );
        }
    }

    #[test]
    fn every_valid_list_builds_a_port_instance_that_reads_back_and_behaves() {
        let scope = LinkedListScope::new(4, vec![0, 1]).unwrap();
        let larger = LinkedListScope::new(5, vec![0, 1]).unwrap();
        for candidate in scope.structures() {
            let heap = scope.heap_scope().heap(&candidate);
            let list = LinkedList::from_heap(&heap);
            let read = canonical(&list.heap());
            assert_eq!(read, canonical(&heap), "{candidate:?}");
            assert_eq!(scope.heap_scope().candidate(&read), Some(candidate.clone()));
            // The port's own operations keep the invariant.
            let mut grown = list.clone();
            grown.add_first(Some(1));
            assert_eq!(
                larger.holds(&grown.heap()),
                Some(true),
                "addFirst on {candidate:?}"
            );
            let mut shrunk = list.clone();
            let _ = shrunk.remove_first();
            assert_eq!(
                scope.holds(&shrunk.heap()),
                Some(true),
                "removeFirst on {candidate:?}"
            );
            let mut removed = list;
            removed.remove(Some(0));
            assert_eq!(
                scope.holds(&removed.heap()),
                Some(true),
                "remove(0) on {candidate:?}"
            );
        }
    }

    #[test]
    fn broken_lists_fail_the_invariant() {
        let scope = LinkedListScope::new(2, vec![0]).unwrap();
        let n = |i| FieldValue::Node(i);
        let (null, one) = (FieldValue::Null, FieldValue::Int(0));
        let good = HeapFields {
            header: vec![n(0), n(1), FieldValue::Int(2)],
            nodes: vec![vec![one, null, n(1)], vec![one, n(0), null]],
        };
        let check = |heap: &HeapFields| scope.holds(&LinkedList::from_heap(heap).heap());
        assert_eq!(check(&good), Some(true));
        let mut wrong_size = good.clone();
        wrong_size.header[2] = FieldValue::Int(1);
        let mut one_way = good.clone();
        one_way.nodes[1][1] = null;
        let mut cycle = good.clone();
        cycle.nodes[1][2] = n(0);
        for broken in [wrong_size, one_way, cycle] {
            assert_eq!(check(&broken), Some(false), "{broken:?}");
        }
    }
}
