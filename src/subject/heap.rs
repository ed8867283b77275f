//! Heaps: a port instance described field by field — a header object and its nodes — so
//! that an input structure can be built directly (field-exhaustive testing, issue 18) and a
//! resulting one read back and compared.
//!
//! A port that supports it implements [`HeapBuild`] in its own file, as declaration glue
//! (the mutant generator copies it unmutated into the schemata and coverage copies, so gold
//! and every mutant build the same instance from the same description). Descriptions are
//! compared in [`canonical`] form: nodes numbered breadth first from the header, following
//! reference fields in declaration order (the paper's symmetry breaking), unreachable
//! nodes dropped.

use std::collections::VecDeque;

/// The type of a field of a heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// A reference to a node, or `null`.
    Node,
    /// An `int`.
    Int,
    /// An `Integer`: an `int` or `null`.
    Integer,
    /// A `boolean`.
    Bool,
}

/// The value of a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FieldValue {
    /// `null` (a [`FieldKind::Node`] or [`FieldKind::Integer`] field).
    Null,
    /// A node, by its number in the description.
    Node(usize),
    /// An `int` or non-null `Integer`.
    Int(i32),
    /// A `boolean`.
    Bool(bool),
}

impl FieldValue {
    /// A node link from an optional node number.
    pub fn link(node: Option<usize>) -> Self {
        node.map_or(Self::Null, Self::Node)
    }

    /// An `Integer` from an optional `int`.
    pub fn integer(value: Option<i32>) -> Self {
        value.map_or(Self::Null, Self::Int)
    }

    /// The node a reference field points to (`None` for `null` or a non-reference).
    pub fn node(self) -> Option<usize> {
        match self {
            Self::Node(node) => Some(node),
            _ => None,
        }
    }

    /// The `int` of an `int` or `Integer` field (`None` for `null` or another kind).
    pub fn int(self) -> Option<i32> {
        match self {
            Self::Int(value) => Some(value),
            _ => None,
        }
    }
}

/// A port instance field by field: the header object's fields and each node's, in the
/// order of [`HeapBuild::HEADER`] and [`HeapBuild::NODE`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeapFields {
    /// The header's fields.
    pub header: Vec<FieldValue>,
    /// Each node's fields.
    pub nodes: Vec<Vec<FieldValue>>,
}

/// A description that does not fit the port's fields.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeapError {
    /// The header or a node has the wrong number of fields.
    #[error("{object} has {found} fields, the port declares {expected}")]
    FieldCount {
        /// `header` or `node i`.
        object: String,
        /// Fields given.
        found: usize,
        /// Fields declared.
        expected: usize,
    },
    /// A field's value is not of its declared kind.
    #[error("{object}.{field} = {value:?} is not a {kind:?}")]
    Kind {
        /// `header` or `node i`.
        object: String,
        /// The field's name.
        field: &'static str,
        /// The value given.
        value: FieldValue,
        /// The declared kind.
        kind: FieldKind,
    },
    /// A reference to a node the description does not have.
    #[error("{object}.{field} refers to node {node}, but there are {nodes} nodes")]
    Dangling {
        /// `header` or `node i`.
        object: String,
        /// The field's name.
        field: &'static str,
        /// The node referred to.
        node: usize,
        /// Nodes in the description.
        nodes: usize,
    },
}

/// A port whose instances can be built from, and read as, a [`HeapFields`] description.
///
/// Contract: `from_heap` accepts every description that [`check`] accepts (whatever its
/// shape: validity is the caller's business, and a cyclic or inconsistent heap is built as
/// given) and `heap()` reads back what was built: `canonical(&T::from_heap(h)?.heap())
/// == canonical(h)` for every checked `h`. Neither may allocate nodes beyond the
/// description's.
pub trait HeapBuild: Sized {
    /// The header's fields: name and kind.
    const HEADER: &'static [(&'static str, FieldKind)];
    /// A node's fields: name and kind.
    const NODE: &'static [(&'static str, FieldKind)];

    /// The instance `heap` describes (`heap` passed [`check`]).
    fn from_heap(heap: &HeapFields) -> Self;

    /// This instance, its nodes numbered as the port stores them (every stored node,
    /// reachable or not).
    fn heap(&self) -> HeapFields;
}

/// Checks a description against a port's fields.
pub fn check<T: HeapBuild>(heap: &HeapFields) -> Result<(), HeapError> {
    let objects = std::iter::once(("header".to_string(), &heap.header, T::HEADER)).chain(
        heap.nodes
            .iter()
            .enumerate()
            .map(|(i, fields)| (format!("node {i}"), fields, T::NODE)),
    );
    for (object, fields, declared) in objects {
        if fields.len() != declared.len() {
            return Err(HeapError::FieldCount {
                object,
                found: fields.len(),
                expected: declared.len(),
            });
        }
        for (&value, &(field, kind)) in fields.iter().zip(declared) {
            let fits = matches!(
                (kind, value),
                (FieldKind::Node, FieldValue::Null | FieldValue::Node(_))
                    | (FieldKind::Int, FieldValue::Int(_))
                    | (FieldKind::Integer, FieldValue::Null | FieldValue::Int(_))
                    | (FieldKind::Bool, FieldValue::Bool(_))
            );
            if !fits {
                return Err(HeapError::Kind {
                    object,
                    field,
                    value,
                    kind,
                });
            }
            if let FieldValue::Node(node) = value
                && node >= heap.nodes.len()
            {
                return Err(HeapError::Dangling {
                    object,
                    field,
                    node,
                    nodes: heap.nodes.len(),
                });
            }
        }
    }
    Ok(())
}

/// The node number [`canonical`] gives a reference to a node the description does not
/// have (which a mutant's broken instance can hold; a checked description never does).
pub const DANGLING: usize = usize::MAX;

/// The canonical form of a description: the nodes reachable from the header, numbered in
/// breadth-first order (the header's reference fields in order, then each reached node's),
/// every reference renumbered ([`DANGLING`] for one to a node the description lacks),
/// unreachable nodes dropped.
pub fn canonical(heap: &HeapFields) -> HeapFields {
    let mut number: Vec<Option<usize>> = vec![None; heap.nodes.len()];
    let mut order = Vec::new();
    let mut queue = VecDeque::new();
    let mut reach = |value: FieldValue, queue: &mut VecDeque<usize>, order: &mut Vec<usize>| {
        if let FieldValue::Node(node) = value
            && node < number.len()
            && number[node].is_none()
        {
            number[node] = Some(order.len());
            order.push(node);
            queue.push_back(node);
        }
    };
    for &value in &heap.header {
        reach(value, &mut queue, &mut order);
    }
    while let Some(node) = queue.pop_front() {
        for &value in &heap.nodes[node] {
            reach(value, &mut queue, &mut order);
        }
    }
    let renumber = |value: FieldValue| match value {
        FieldValue::Node(node) => {
            FieldValue::Node(number.get(node).map_or(DANGLING, |n| n.expect("reached")))
        }
        other => other,
    };
    HeapFields {
        header: heap.header.iter().copied().map(renumber).collect(),
        nodes: order
            .iter()
            .map(|&node| heap.nodes[node].iter().copied().map(renumber).collect())
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use FieldValue::{Int, Node, Null};

    #[test]
    fn canonical_form_numbers_reachable_nodes_breadth_first_and_drops_the_rest() {
        // header → 2; 2 → (0, 3); 3 → 0 again; node 1 unreachable.
        let heap = HeapFields {
            header: vec![Node(2), Int(3)],
            nodes: vec![
                vec![Null, Null, Int(10)],
                vec![Node(0), Null, Int(11)],
                vec![Node(0), Node(3), Int(12)],
                vec![Node(0), Null, Int(13)],
            ],
        };
        let canonical = canonical(&heap);
        assert_eq!(canonical.header, vec![Node(0), Int(3)]);
        assert_eq!(
            canonical.nodes,
            vec![
                vec![Node(1), Node(2), Int(12)],
                vec![Null, Null, Int(10)],
                vec![Node(1), Null, Int(13)],
            ]
        );
        assert_eq!(super::canonical(&canonical), canonical, "idempotent");
    }

    #[test]
    fn a_reference_to_a_missing_node_is_kept_as_dangling() {
        let heap = HeapFields {
            header: vec![Node(0)],
            nodes: vec![vec![Node(7), Int(1)]],
        };
        assert_eq!(canonical(&heap).nodes, vec![vec![Node(DANGLING), Int(1)]]);
    }
}
