//! The finitizations of the registered units that have one: which scope a unit name and a
//! number of nodes stand for, for `testspace fe` and the experiments.
//!
//! Contract: [`finitization`] knows exactly the units with a [`CnfEncoding`]
//! (LinkedList and TreeMap); a unit's scope of n nodes is fixed by n alone.

use super::{CnfEncoding, Invariant, LinkedListScope, TreeMapScope};

/// A unit's finitization as a function of the scope.
#[derive(Clone, Copy, Debug)]
pub struct UnitFinitization {
    /// The unit's class name, as registered.
    pub unit: &'static str,
    /// The value ranges, in words.
    pub values: &'static str,
    /// The largest scope its CNF encoding is built for.
    pub encoding_limit: usize,
    build: fn(usize) -> Box<dyn CnfEncoding>,
    widened: fn(usize, &[i32]) -> Box<dyn Invariant>,
}

impl UnitFinitization {
    /// The scope of `nodes` nodes.
    pub fn scope(&self, nodes: usize) -> Box<dyn CnfEncoding> {
        (self.build)(nodes)
    }

    /// The scope that the structures a call leaves on one of scope `nodes` are checked
    /// against (the structure oracle): one node more, and every int field's range widened
    /// by `ints` (the call's arguments come from the int pool), with the same invariant.
    pub fn after_call(&self, nodes: usize, ints: &[i32]) -> Box<dyn Invariant> {
        (self.widened)(nodes + 1, ints)
    }
}

/// `base` and `more`, sorted, without repeats.
fn joined(base: impl IntoIterator<Item = i32>, more: &[i32]) -> Vec<i32> {
    let mut all: Vec<i32> = base.into_iter().chain(more.iter().copied()).collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// Every unit with a finitization.
pub const FINITIZATIONS: [UnitFinitization; 2] = [
    UnitFinitization {
        unit: "LinkedList",
        values: "size 0..=n, items null, 0, 1",
        encoding_limit: LinkedListScope::ENCODING_LIMIT,
        build: |n| Box::new(LinkedListScope::new(n, vec![0, 1]).expect("ranges fit the port")),
        widened: |n, ints| {
            Box::new(LinkedListScope::new(n, joined([0, 1], ints)).expect("ranges fit the port"))
        },
    },
    UnitFinitization {
        unit: "TreeMap",
        values: "size 0..=n, keys 0..n, values null",
        encoding_limit: TreeMapScope::ENCODING_LIMIT,
        build: |n| {
            let keys = (0..n.max(1) as i32).collect();
            Box::new(TreeMapScope::new(n, keys, vec![]).expect("ranges fit the port"))
        },
        widened: |n, ints| {
            let keys = joined(0..n.max(1) as i32, ints);
            Box::new(TreeMapScope::new(n, keys, joined([], ints)).expect("ranges fit the port"))
        },
    },
];

/// The finitization of the unit named `unit`, if it has one.
pub fn finitization(unit: &str) -> Option<&'static UnitFinitization> {
    FINITIZATIONS.iter().find(|f| f.unit == unit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subject::registry;

    #[test]
    fn every_finitization_is_of_a_registered_unit_and_encodes_its_own_limit() {
        for f in &FINITIZATIONS {
            assert!(registry().find(f.unit).is_ok(), "{}", f.unit);
            let scope = f.scope(3);
            assert_eq!(scope.heap_scope().nodes(), 3);
            assert_eq!(scope.encoding_limit(), f.encoding_limit);
        }
        assert!(finitization("ArrayList").is_none());
    }

    #[test]
    fn the_scope_after_a_call_holds_every_structure_of_the_scope_and_the_pools_values() {
        use crate::subject::heap::{FieldValue, canonical};
        for f in &FINITIZATIONS {
            let (scope, after) = (f.scope(3), f.after_call(3, &[-7, 100]));
            assert_eq!(after.heap_scope().nodes(), 4);
            let mut structures = Vec::new();
            crate::structure::search(
                scope.heap_scope(),
                |r| scope.rep_ok(r),
                |c| {
                    structures.push(c.to_vec());
                },
            );
            for candidate in &structures {
                let heap = canonical(&scope.heap_scope().heap(candidate));
                assert_eq!(after.holds(&heap), Some(true), "{}: {heap:?}", f.unit);
            }
            // A structure with a pool value in its int fields still fits the scope after.
            let mut heap = canonical(&scope.heap_scope().heap(&structures[1]));
            for field in heap.nodes.iter_mut().flatten() {
                if let FieldValue::Int(_) = field {
                    *field = FieldValue::Int(-7);
                }
            }
            assert!(after.holds(&heap).is_some(), "{}: {heap:?}", f.unit);
        }
    }
}
