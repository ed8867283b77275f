//! `TreeMap`'s scope and invariant: a red-black binary search tree.

use crate::subject::heap::FieldValue;
use crate::subjects::tree_map::TreeMap;

use super::heap_scope::{FieldRange, HeapScope, ScopeError};
use super::{FieldReader, Invariant};

const ROOT: usize = 0;
const SIZE: usize = 1;
const KEY: usize = 0;
const VALUE: usize = 1;
const LEFT: usize = 2;
const RIGHT: usize = 3;
const PARENT: usize = 4;
const COLOR: usize = 5;
/// `color` is `true` for a black entry, as Java's `BLACK`.
const BLACK: FieldValue = FieldValue::Bool(true);

/// `TreeMap` at a scope: up to n entries, `size` ∈ [0, n], keys from the given `int`s,
/// values `null` or from the given `Integer`s.
///
/// Contract of [`TreeMapScope::rep_ok`]: valid when the entries reached from `root` form a
/// tree (none reached twice) whose `parent` links point back up (`root.parent` is `null`),
/// whose keys are strictly increasing in order (a binary search tree), which is
/// red-black as `TreeMap` keeps it (the root black, no red entry with a red child, the
/// same number of black entries on every path from the root to a `null` link), and which
/// holds `size` entries. It reads the reference fields breadth first (`root`, then each
/// reached entry's `left`, `right`, `parent`) and checks each key, colour and link as
/// soon as it is read.
#[derive(Clone, Debug)]
pub struct TreeMapScope {
    scope: HeapScope,
}

/// What an entry's position in the tree demands of it.
#[derive(Clone, Copy, Debug)]
struct Place {
    above: Option<i32>,
    below: Option<i32>,
    parent: Option<usize>,
    /// Black entries on the path from the root, not counting this one.
    blacks: u32,
    parent_red: bool,
}

impl TreeMapScope {
    /// The scope of `entries` entries with the given keys and values.
    pub fn new(entries: usize, keys: Vec<i32>, values: Vec<i32>) -> Result<Self, ScopeError> {
        let size = FieldRange::Ints((0..=entries as i32).collect());
        let scope = HeapScope::new::<TreeMap>(
            entries,
            vec![FieldRange::Node, size],
            vec![
                FieldRange::Ints(keys),
                FieldRange::Integers(values),
                FieldRange::Node,
                FieldRange::Node,
                FieldRange::Node,
                FieldRange::Bool,
            ],
        )?;
        Ok(TreeMapScope { scope })
    }
}

impl Invariant for TreeMapScope {
    fn heap_scope(&self) -> &HeapScope {
        &self.scope
    }

    /// The invariant; see the type's contract.
    fn rep_ok(&self, r: &mut FieldReader<'_>) -> bool {
        let s = &self.scope;
        let mut places: Vec<Option<Place>> = vec![None; s.nodes()];
        let mut queue = Vec::with_capacity(s.nodes());
        if let Some(root) = s.read(r, s.header_field(ROOT)).node() {
            places[root] = Some(Place {
                above: None,
                below: None,
                parent: None,
                blacks: 0,
                parent_red: false,
            });
            queue.push(root);
        }
        let mut black_height = None;
        let mut i = 0;
        while i < queue.len() {
            let x = queue[i];
            i += 1;
            let place = places[x].expect("queued entries are placed");
            let FieldValue::Int(key) = s.read(r, s.node_field(x, KEY)) else {
                return false;
            };
            if place.above.is_some_and(|a| key <= a) || place.below.is_some_and(|b| key >= b) {
                return false;
            }
            let black = s.read(r, s.node_field(x, COLOR)) == BLACK;
            if (place.parent.is_none() || place.parent_red) && !black {
                return false;
            }
            let blacks = place.blacks + u32::from(black);
            for (field, above, below) in [
                (LEFT, place.above, Some(key)),
                (RIGHT, Some(key), place.below),
            ] {
                match s.read(r, s.node_field(x, field)).node() {
                    None => {
                        if *black_height.get_or_insert(blacks) != blacks {
                            return false;
                        }
                    }
                    Some(child) => {
                        if places[child].is_some() {
                            return false;
                        }
                        places[child] = Some(Place {
                            above,
                            below,
                            parent: Some(x),
                            blacks,
                            parent_red: !black,
                        });
                        queue.push(child);
                    }
                }
            }
            if s.read(r, s.node_field(x, PARENT)).node() != place.parent {
                return false;
            }
        }
        for &x in &queue {
            s.read(r, s.node_field(x, VALUE));
        }
        s.read(r, s.header_field(SIZE)) == FieldValue::Int(queue.len() as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subject::Subject;
    use crate::subject::heap::{HeapBuild, canonical};

    /// Red-black colourings of binary-tree shapes with `n` entries (root black), by brute
    /// force over every shape and every colouring.
    fn red_black_trees(n: usize) -> u64 {
        #[derive(Clone)]
        enum Shape {
            Leaf,
            Node(Box<Shape>, Box<Shape>),
        }
        fn shapes(n: usize) -> Vec<Shape> {
            if n == 0 {
                return vec![Shape::Leaf];
            }
            let mut all = Vec::new();
            for l in 0..n {
                for left in shapes(l) {
                    for right in shapes(n - 1 - l) {
                        all.push(Shape::Node(Box::new(left.clone()), Box::new(right)));
                    }
                }
            }
            all
        }
        /// The black height if the subtree is red-black under a parent of colour `parent_red`.
        fn check(
            s: &Shape,
            colours: &mut impl Iterator<Item = bool>,
            parent_red: bool,
        ) -> Option<u32> {
            match s {
                Shape::Leaf => Some(0),
                Shape::Node(l, r) => {
                    let black = colours.next().unwrap();
                    if parent_red && !black {
                        return None;
                    }
                    let (hl, hr) = (check(l, colours, !black), check(r, colours, !black));
                    (hl? == hr?).then_some(hl? + u32::from(black))
                }
            }
        }
        let mut count = 0;
        for shape in shapes(n) {
            for bits in 0..1u32 << n {
                let mut colours = (0..n).map(|i| bits >> i & 1 == 1);
                // The root must be black: a red root is checked as the child of a red parent.
                if check(&shape, &mut colours, true).is_some() {
                    count += 1;
                }
            }
        }
        count
    }

    fn binomial(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |b, i| b * (n - i) / (i + 1))
    }

    #[test]
    fn maps_of_up_to_n_entries_number_the_red_black_trees_over_their_key_sets() {
        for (entries, keys, values) in [
            (0, 3, 1),
            (1, 2, 1),
            (3, 3, 0),
            (4, 4, 0),
            (4, 5, 1),
            (6, 6, 0),
        ] {
            let scope =
                TreeMapScope::new(entries, (0..keys).collect(), (0..values).collect()).unwrap();
            let expected: u64 = (0..=entries as u64)
                .map(|l| {
                    binomial(keys as u64, l)
                        * red_black_trees(l as usize)
                        * (values as u64 + 1).pow(l as u32)
                })
                .sum();
            assert_eq!(
                scope.structures().len() as u64,
                expected,
                "{entries} entries, {keys} keys, {values} values"
            );
        }
    }

    #[test]
    fn every_valid_map_builds_a_port_instance_that_reads_back_and_behaves() {
        let scope = TreeMapScope::new(4, (0..5).collect(), vec![7]).unwrap();
        let larger = TreeMapScope::new(5, (0..5).collect(), vec![7]).unwrap();
        let mut checked = 0;
        for candidate in scope.structures() {
            let heap = scope.heap_scope().heap(&candidate);
            let map = TreeMap::from_heap(&heap);
            let read = canonical(&map.heap());
            assert_eq!(read, canonical(&heap), "{candidate:?}");
            assert_eq!(scope.heap_scope().candidate(&read), Some(candidate.clone()));
            // The port sees a sorted map of `size` entries, and its own operations keep the
            // invariant (TreeMap's put/remove rebalance through the built colours and links).
            let keys: Vec<i32> = (0..5)
                .filter(|&k| map.contains_key(Some(k)).unwrap())
                .collect();
            assert_eq!(keys.len() as i32, map.size(), "{}", map.to_java_string());
            let shown = map.to_java_string();
            let listed: Vec<i32> = shown
                .trim_matches(|c| c == '{' || c == '}')
                .split(", ")
                .filter(|entry| !entry.is_empty())
                .map(|entry| entry.split('=').next().unwrap().parse().unwrap())
                .collect();
            assert_eq!(listed, keys, "toString walks the keys in order: {shown}");
            for key in 0..5 {
                let mut put = map.clone();
                put.put(Some(key), Some(7)).unwrap();
                assert_eq!(
                    larger.holds(&put.heap()),
                    Some(true),
                    "put({key}) on {candidate:?}"
                );
                let mut removed = map.clone();
                removed.remove(Some(key)).unwrap();
                assert_eq!(
                    scope.holds(&removed.heap()),
                    Some(true),
                    "remove({key}) on {candidate:?}"
                );
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked}");
    }
}
