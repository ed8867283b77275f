//! Field extensions and field-exhaustive suites (Ponzio et al., FSE 2016).
//!
//! A *pair* of a structure is (object, field, value) for a field of an object reachable in
//! it: in [`canonical`](crate::subject::heap::canonical) form every object left is the
//! header or a reachable node, so a structure's pairs are all its fields. The *field
//! extension* E(f) of a field is the set of (object, value) pairs that some valid
//! structure of the scope has for f; a suite is *field-exhaustive* when it covers every pair
//! of every extension. Here the extensions come from the bounded-exhaustive structures
//! (exact wherever Korat's enumeration finishes), and a suite is chosen greedily from them.

use std::collections::{BTreeMap, BTreeSet};

use crate::subject::heap::{FieldValue, HeapFields};

/// An object of a canonical structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Object {
    /// The header (the port instance itself).
    Header,
    /// Node i, in breadth-first numbering.
    Node(usize),
}

/// A field of the port: a header field or a node field, by its index in the port's
/// declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    /// [`HeapBuild::HEADER`](crate::subject::heap::HeapBuild::HEADER)`[i]`.
    Header(usize),
    /// [`HeapBuild::NODE`](crate::subject::heap::HeapBuild::NODE)`[i]`.
    Node(usize),
}

/// One (object, field, value) pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pair {
    /// The field.
    pub field: Field,
    /// The object.
    pub object: Object,
    /// Its value.
    pub value: FieldValue,
}

/// The pairs of a structure in canonical form.
pub fn pairs(canonical: &HeapFields) -> impl Iterator<Item = Pair> + '_ {
    let header = canonical.header.iter().enumerate().map(|(f, &value)| Pair {
        field: Field::Header(f),
        object: Object::Header,
        value,
    });
    let nodes = canonical.nodes.iter().enumerate().flat_map(|(n, fields)| {
        fields.iter().enumerate().map(move |(f, &value)| Pair {
            field: Field::Node(f),
            object: Object::Node(n),
            value,
        })
    });
    header.chain(nodes)
}

/// The field extensions of a set of structures: per field, the (object, value) pairs some
/// structure has.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extensions {
    per_field: BTreeMap<Field, BTreeSet<(Object, FieldValue)>>,
}

impl Extensions {
    /// The extensions of `structures` (each in canonical form).
    pub fn of<'a>(structures: impl IntoIterator<Item = &'a HeapFields>) -> Self {
        let mut per_field: BTreeMap<Field, BTreeSet<(Object, FieldValue)>> = BTreeMap::new();
        for structure in structures {
            for pair in pairs(structure) {
                per_field
                    .entry(pair.field)
                    .or_default()
                    .insert((pair.object, pair.value));
            }
        }
        Extensions { per_field }
    }

    /// E(f) for every field that has pairs.
    pub fn fields(&self) -> impl Iterator<Item = (Field, &BTreeSet<(Object, FieldValue)>)> {
        self.per_field.iter().map(|(&f, e)| (f, e))
    }

    /// Σ_f |E(f)|: the pairs a field-exhaustive suite must cover, and a bound on its size.
    pub fn pairs(&self) -> usize {
        self.per_field.values().map(BTreeSet::len).sum()
    }

    /// Whether `suite` covers every pair.
    pub fn covered_by<'a>(&self, suite: impl IntoIterator<Item = &'a HeapFields>) -> bool {
        Extensions::of(suite) == *self
    }
}

/// A field-exhaustive suite chosen greedily from `structures` (canonical forms): the
/// structure covering most pairs not yet covered, the earliest on ties, until all are.
/// Returns indices into `structures`, in the order chosen.
pub fn greedy_suite(structures: &[HeapFields]) -> Vec<usize> {
    let all: Vec<BTreeSet<Pair>> = structures.iter().map(|s| pairs(s).collect()).collect();
    let mut uncovered: BTreeSet<Pair> = all.iter().flatten().copied().collect();
    let mut suite = Vec::new();
    while !uncovered.is_empty() {
        let (best, gain) = all
            .iter()
            .enumerate()
            .map(|(i, p)| (i, p.iter().filter(|pair| uncovered.contains(pair)).count()))
            .fold(
                (0, 0),
                |best, next| if next.1 > best.1 { next } else { best },
            );
        debug_assert!(gain > 0, "every uncovered pair comes from some structure");
        for pair in &all[best] {
            uncovered.remove(pair);
        }
        suite.push(best);
    }
    suite
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::structure::{Invariant, LinkedListScope, TreeMapScope};
    use crate::subject::heap::canonical;

    fn structures(scope: &dyn Invariant, candidates: &[Vec<u32>]) -> Vec<HeapFields> {
        candidates
            .iter()
            .map(|c| canonical(&scope.heap_scope().heap(c)))
            .collect()
    }

    #[test]
    fn the_greedy_suite_covers_every_extension_pair_within_the_papers_bound() {
        let tree = TreeMapScope::new(5, (0..5).collect(), vec![]).unwrap();
        let list = LinkedListScope::new(5, vec![0, 1]).unwrap();
        for (name, all) in [
            ("TreeMap", structures(&tree, &tree.structures())),
            ("LinkedList", structures(&list, &list.structures())),
        ] {
            let extensions = Extensions::of(&all);
            let suite: Vec<HeapFields> = greedy_suite(&all)
                .into_iter()
                .map(|i| all[i].clone())
                .collect();
            assert!(extensions.covered_by(&suite), "{name}");
            assert!(suite.len() <= extensions.pairs(), "{name}: |S| ≤ Σ|E(f)|");
            assert!(
                suite.len() < all.len(),
                "{name}: {} of {} structures",
                suite.len(),
                all.len()
            );
        }
    }

    #[test]
    fn a_lists_last_node_is_numbered_second_and_its_items_cover_every_value() {
        let list = LinkedListScope::new(3, vec![0]).unwrap();
        let all = structures(&list, &list.structures());
        let extensions = Extensions::of(&all);
        let e: BTreeMap<Field, &BTreeSet<(Object, FieldValue)>> = extensions.fields().collect();
        // first is null or node 0; last is null, node 0 (one element) or node 1 (breadth
        // first: the header's `last` is read second).
        let last = e[&Field::Header(1)];
        assert_eq!(
            last.iter().map(|&(_, v)| v).collect::<Vec<_>>(),
            vec![FieldValue::Null, FieldValue::Node(0), FieldValue::Node(1)]
        );
        // every node's item takes both values: null and 0.
        let items = e[&Field::Node(0)];
        assert_eq!(items.len(), 3 * 2);
    }
}
