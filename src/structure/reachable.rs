//! The honesty check of directly built inputs: which valid structures of a scope the
//! unit's own methods reach from a constructed instance.

use std::collections::{BTreeSet, VecDeque};

use crate::subject::heap::{HeapBuild, HeapFields, canonical};
use crate::subject::{Args, Body, Param, Subject};

use super::Invariant;

/// What an exploration found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reached {
    /// The candidates of the target scope reached (each a valid structure in Korat's
    /// canonical form).
    pub structures: BTreeSet<Vec<u32>>,
    /// Distinct structures explored (within the exploration scope).
    pub explored: usize,
    /// Method calls made.
    pub calls: u64,
    /// Structures a call produced that fit the exploration scope but break its invariant
    /// (a port bug, or an invariant that is too strict; 0 expected).
    pub broken: Vec<HeapFields>,
}

/// Explores every structure the unit `T` reaches from its argument-free constructors by
/// single method calls, breadth first, without leaving `explore` (a scope at least as
/// large as `scope`: states beyond it are not expanded), and reports those that fit
/// `scope`.
///
/// A call's arguments range over: for `int`, the given `ints`; for `Integer`, `null` and
/// `ints`; both booleans; `null` and `""` for a `String`; `null` and the instance itself
/// for an object (as `s.addAll(s)`). Constructors with an object parameter copy the current
/// instance. Results other than the instance are ignored; calls that throw leave the
/// instance as the port left it.
pub fn reachable<T: Subject + HeapBuild>(
    scope: &dyn Invariant,
    explore: &dyn Invariant,
    ints: &[i32],
) -> Reached {
    let methods = T::methods();
    let int_pool: Vec<Option<i32>> = std::iter::once(None)
        .chain(ints.iter().map(|&i| Some(i)))
        .collect();
    let bools = [false, true];
    let strings = [None, Some(String::new())];
    let mut reached = Reached::default();
    let mut seen: BTreeSet<HeapFields> = BTreeSet::new();
    let mut queue: VecDeque<T> = VecDeque::new();
    let mut visit = |instance: T, reached: &mut Reached, queue: &mut VecDeque<T>| {
        let heap = canonical(&instance.heap());
        match explore.holds(&heap) {
            None => {}
            Some(false) => reached.broken.push(heap),
            Some(true) if seen.insert(heap.clone()) => {
                if let Some(candidate) = scope.heap_scope().candidate(&heap) {
                    reached.structures.insert(candidate);
                }
                queue.push_back(instance);
            }
            Some(true) => {}
        }
    };
    for method in &methods {
        if let Body::Constructor(body) = method.body
            && method.params.is_empty()
        {
            let args = Args {
                params: method.params,
                slots: &[],
                ints: &int_pool,
                bools: &bools,
                strings: &strings,
                objects: &[],
            };
            reached.calls += 1;
            if let Ok(instance) = body(&args) {
                visit(instance, &mut reached, &mut queue);
            }
        }
    }
    while let Some(state) = queue.pop_front() {
        for method in &methods {
            for slots in argument_slots(method.params, int_pool.len()) {
                let objects: Vec<Option<T>> = method
                    .params
                    .iter()
                    .zip(&slots)
                    .map(|(p, &s)| (*p == Param::Object && s == 1).then(|| state.clone()))
                    .collect();
                let args = Args {
                    params: method.params,
                    slots: &slots,
                    ints: &int_pool,
                    bools: &bools,
                    strings: &strings,
                    objects: &objects,
                };
                reached.calls += 1;
                let next = match method.body {
                    Body::Constructor(body) => body(&args).ok(),
                    Body::Static(_) => None,
                    Body::Instance(body) => {
                        let mut target = state.clone();
                        let _ = body(&mut target, &args);
                        Some(target)
                    }
                };
                if let Some(next) = next {
                    visit(next, &mut reached, &mut queue);
                }
            }
        }
    }
    reached.explored = seen.len();
    reached
}

/// Every tuple of argument slots for `params`: `int` from slot 1 on (never `null`),
/// `Integer` from slot 0 (`null`) on, booleans, strings and objects (0 `null`, 1 the
/// instance) both ways.
fn argument_slots(params: &[Param], ints: usize) -> Vec<Vec<u32>> {
    let mut tuples = vec![Vec::with_capacity(params.len())];
    for &param in params {
        let choices: std::ops::Range<u32> = match param {
            Param::Int => 1..ints as u32,
            Param::Integer => 0..ints as u32,
            Param::Bool | Param::Str | Param::Object => 0..2,
        };
        tuples = tuples
            .into_iter()
            .flat_map(|t: Vec<u32>| {
                choices.clone().map(move |c| {
                    let mut t = t.clone();
                    t.push(c);
                    t
                })
            })
            .collect();
    }
    tuples
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::structure::{LinkedListScope, TreeMapScope};
    use crate::subjects::linked_list::LinkedList;
    use crate::subjects::tree_map::TreeMap;

    #[test]
    fn every_valid_list_is_reached_by_linked_lists_own_methods() {
        let scope = LinkedListScope::new(3, vec![0, 1]).unwrap();
        let explore = LinkedListScope::new(4, vec![0, 1]).unwrap();
        let reached = reachable::<LinkedList>(&scope, &explore, &[0, 1, 2, 3]);
        assert!(reached.broken.is_empty(), "{:?}", reached.broken);
        let valid: BTreeSet<Vec<u32>> = scope.structures().into_iter().collect();
        assert_eq!(reached.structures, valid);
    }

    fn key_sets(scope: &TreeMapScope, structures: &BTreeSet<Vec<u32>>) -> BTreeSet<BTreeSet<i32>> {
        structures
            .iter()
            .map(|c| {
                canonical(&scope.heap_scope().heap(c))
                    .nodes
                    .iter()
                    .filter_map(|n| n[0].int())
                    .collect()
            })
            .collect()
    }

    /// Scope 5, keys 0..5: staying within the scope, TreeMap's methods reach 72 of the 74
    /// red-black trees (every set of keys, not every shape and colouring); allowed a detour
    /// through two more entries and keys −1 and 5, they reach all 74.
    #[test]
    fn treemaps_methods_reach_every_red_black_tree_of_scope_5_only_through_larger_maps() {
        let keys: Vec<i32> = (0..5).collect();
        let scope = TreeMapScope::new(5, keys.clone(), vec![]).unwrap();
        let valid: BTreeSet<Vec<u32>> = scope.structures().into_iter().collect();
        assert_eq!(valid.len(), 74);
        let within = reachable::<TreeMap>(&scope, &scope, &keys);
        assert!(within.broken.is_empty(), "{:?}", within.broken);
        assert!(within.structures.is_subset(&valid));
        assert_eq!(within.structures.len(), 72);
        assert_eq!(
            key_sets(&scope, &within.structures),
            key_sets(&scope, &valid)
        );
        let wide: Vec<i32> = (-1..=5).collect();
        let detour = TreeMapScope::new(7, wide.clone(), vec![]).unwrap();
        let through = reachable::<TreeMap>(&scope, &detour, &wide);
        assert!(through.broken.is_empty(), "{:?}", through.broken);
        assert_eq!(through.structures, valid);
    }
}
