//! The object checks' outcomes per exact state, within one FDRT pool.
//!
//! Randoop's contracts and the equality filter are deterministic in the state of the
//! object they look at: gold keeps no state outside its objects, and each check runs
//! with a fresh fuel budget. So an object in a state checked before needs no new run: its
//! contracts' outcome is the one remembered, and if an object in that state went through
//! the filter, an equal object is among those seen. States repeat often (a receiver left
//! as it was by a query call), and for units that compare states
//! ([`crate::subject::SchemataUnit::with_states`]) this saves most contract runs; for
//! others every check runs as before. Suites are the same either way
//! (`tests/suite_digests.rs`).

use std::any::Any;

use super::gold::{ContractViolation, GoldExecutor, ObjectSlot};
use super::sequence_store::PremixedMap;

/// The contracts' outcome: `Ok(hashCode())` (`None`: no `hashCode` of the unit's own) or
/// the first contract broken.
pub(crate) type ContractOutcome = Result<Option<i32>, ContractViolation>;

/// One state checked: a copy of an object in it (taken before its checks ran), the
/// contracts' outcome, and whether an object in it went through the equality filter.
struct Checked {
    object: Box<dyn Any + Send>,
    contracts: ContractOutcome,
    filtered: bool,
}

/// Where a state's record is: its hash, and its place in the hash's bucket.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StateRecord {
    key: u64,
    index: usize,
}

/// Every state a pool checked, bucketed by state hash and confirmed field by field.
#[derive(Default)]
pub(crate) struct CheckedStates {
    /// Per state hash (well mixed), the states checked that have it.
    buckets: PremixedMap<Vec<Checked>>,
}

impl CheckedStates {
    /// The contracts' outcome on `object` of the last candidate: the one remembered for
    /// its state, or else the contracts run now (and remembered when the unit compares
    /// states). Also the state's record, for [`CheckedStates::filtered`].
    pub fn contracts(
        &mut self,
        object: ObjectSlot,
        gold: &mut GoldExecutor<'_>,
    ) -> (ContractOutcome, Option<StateRecord>) {
        let Some(key) = gold.state_hash(object) else {
            return (gold.check_contracts(object), None);
        };
        let bucket = self.buckets.entry(key).or_default();
        if let Some(index) = bucket
            .iter()
            .position(|checked| gold.identical_state(object, checked.object.as_ref()))
        {
            return (bucket[index].contracts, Some(StateRecord { key, index }));
        }
        let copy = gold.object(object);
        let contracts = gold.check_contracts(object);
        bucket.push(Checked {
            object: copy,
            contracts,
            filtered: false,
        });
        let index = bucket.len() - 1;
        (contracts, Some(StateRecord { key, index }))
    }

    /// Whether an object in the record's state went through the equality filter (so an
    /// object equal to it is among those seen).
    pub fn filtered(&self, record: StateRecord) -> bool {
        self.buckets[&record.key][record.index].filtered
    }

    /// Notes that an object in the record's state went through the equality filter.
    ///
    /// # Panics
    /// If the record is not one of this pool's (as [`CheckedStates::filtered`]).
    pub fn mark_filtered(&mut self, record: StateRecord) {
        let bucket = self
            .buckets
            .get_mut(&record.key)
            .expect("a record of this pool");
        bucket[record.index].filtered = true;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::context::TestContext;
    use crate::generator::sequence::{Input, Sequence, Statement};
    use crate::subject::registry;

    /// `m = new C(); m.put(k, 7)` for each key on its own map, in one sequence (`C`: a map
    /// unit).
    fn maps(class: &str, keys: &[i32]) -> (GoldExecutor<'static>, Vec<ObjectSlot>) {
        let unit = registry().find(class).unwrap();
        let number = |signature: &str| {
            unit.methods()
                .iter()
                .find(|m| m.signature == signature)
                .unwrap_or_else(|| panic!("{signature}"))
                .number as u32
        };
        let mut statements = Vec::new();
        for &key in keys {
            let map = statements.len() as u32;
            statements.push(Statement {
                method: number(&format!("{class}()")),
                inputs: vec![],
            });
            statements.push(Statement {
                method: number("put(Integer,Integer)"),
                inputs: vec![Input::Int(key), Input::Int(7), Input::Result(map)],
            });
        }
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let mut gold = GoldExecutor::new(unit, context, false);
        let (_, execution) = gold.run(&Sequence { statements });
        let objects = execution
            .objects
            .iter()
            .filter_map(|&(_, object)| object)
            .collect();
        (gold, objects)
    }

    /// Two maps of equal fields share one record, and the second's contracts are the
    /// first's; a map with another key has a record of its own.
    #[test]
    fn an_object_in_a_state_checked_before_gets_the_remembered_outcome() {
        let (mut gold, objects) = maps("TreeMap", &[1, 1, 2]);
        let mut checked = CheckedStates::default();
        let (first, a) = checked.contracts(objects[0], &mut gold);
        let (second, b) = checked.contracts(objects[1], &mut gold);
        let (_, c) = checked.contracts(objects[2], &mut gold);
        let (a, b, c) = (a.unwrap(), b.unwrap(), c.unwrap());
        assert_eq!(first, second);
        assert!(first.is_ok());
        assert_eq!((a.key, a.index), (b.key, b.index));
        assert_ne!((a.key, a.index), (c.key, c.index));
        assert!(!checked.filtered(b));
        checked.mark_filtered(a);
        assert!(checked.filtered(b));
        assert!(!checked.filtered(c));
    }

    /// A unit that does not compare states runs its contracts every time and keeps no
    /// record.
    #[test]
    fn without_state_comparison_every_check_runs() {
        let (mut gold, objects) = maps("Hashtable", &[1, 1]);
        let mut checked = CheckedStates::default();
        let (outcome, record) = checked.contracts(objects[0], &mut gold);
        assert!(outcome.is_ok());
        assert!(record.is_none());
        assert!(checked.buckets.is_empty());
    }
}
