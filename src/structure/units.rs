//! The finitizations of the registered units that have one: which scope a unit name and a
//! number of nodes stand for, for `testspace fe` and the experiments.
//!
//! Contract: [`finitization`] knows exactly the units with a [`CnfEncoding`]
//! (LinkedList and TreeMap); a unit's scope of n nodes is fixed by n alone.

use super::{CnfEncoding, LinkedListScope, TreeMapScope};

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
}

impl UnitFinitization {
    /// The scope of `nodes` nodes.
    pub fn scope(&self, nodes: usize) -> Box<dyn CnfEncoding> {
        (self.build)(nodes)
    }
}

/// Every unit with a finitization.
pub const FINITIZATIONS: [UnitFinitization; 2] = [
    UnitFinitization {
        unit: "LinkedList",
        values: "size 0..=n, items null, 0, 1",
        encoding_limit: LinkedListScope::ENCODING_LIMIT,
        build: |n| Box::new(LinkedListScope::new(n, vec![0, 1]).expect("ranges fit the port")),
    },
    UnitFinitization {
        unit: "TreeMap",
        values: "size 0..=n, keys 0..n, values null",
        encoding_limit: TreeMapScope::ENCODING_LIMIT,
        build: |n| {
            let keys = (0..n.max(1) as i32).collect();
            Box::new(TreeMapScope::new(n, keys, vec![]).expect("ranges fit the port"))
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
}
