//! `TreeMap`'s scope and invariant: a red-black binary search tree.

use crate::subject::heap::FieldValue;
use crate::subjects::tree_map::TreeMap;

use super::cnf::{Bit, Literal, ScopeCnf, Unary, negate};
use super::heap_scope::{FieldRange, HeapScope, ScopeError};
use super::{CnfEncoding, FieldReader, Finitization, Invariant};

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

impl TreeMapScope {
    /// The largest scope [`CnfEncoding`] is built for (the subtree relation and the key
    /// order take about n³/3 and n²·keys clauses): Algorithm 1 takes about 10 s there
    /// (docs/structures.md).
    pub const ENCODING_LIMIT: usize = 40;
}

/// The red-black tree in CNF, in the canonical numbering: the child links (`left` then
/// `right` of node 0, of node 1, …) that are not `null` point to nodes 1, 2, … in order,
/// each only once the node holding it has been pointed to (a unary counter of the links
/// before each one), so a tree of L nodes is numbered breadth first as Korat's search and
/// [`canonical`](crate::subject::heap::canonical) number it; node i is reachable when at
/// least i links are set (and the root is); `parent` mirrors the child links; `size` is
/// one more than the links. Keys are in the order encoding per node; "j is in the left
/// (right) subtree of i" is forced by the child links and the parents (BFS numbers put
/// ancestors first), and implies a smaller (larger) key. Colours: the root black, no red
/// parent of a red entry, and the black count from the root (a unary number per node, the
/// parent's plus the entry's own) equal to one global black height at every `null` link.
impl CnfEncoding for TreeMapScope {
    fn encoding_limit(&self) -> usize {
        Self::ENCODING_LIMIT
    }

    fn encode_within_limit(&self) -> ScopeCnf {
        let s = &self.scope;
        let n = s.nodes();
        let mut encoded = ScopeCnf::new(s.domains());
        let position = |node: usize, field: usize| s.node_field(node, field);
        let root = s.header_field(ROOT);
        for v in 2..=n as u32 {
            let clause = [!encoded.value(root, v)];
            encoded.cnf.clause(clause);
        }
        let rooted = if n == 0 {
            return encoded;
        } else {
            encoded.value(root, 1)
        };
        // Child slot 2i + side; before[k]: the links set among slots < k.
        let slot = |k: usize| position(k / 2, LEFT + k % 2);
        let mut before: Vec<Unary> = vec![encoded.cnf.unary(0)];
        for k in 0..2 * n {
            let set = !encoded.value(slot(k), 0);
            let next = encoded.cnf.unary(n - 1);
            next.equals_plus(&mut encoded.cnf, &[], &before[k], Some(set));
            before.push(next);
        }
        let links = &before[2 * n];
        let reachable: Vec<Literal> = (0..n)
            .map(|i| match i {
                0 => rooted,
                _ => links.at_least(i).expect("i < n"),
            })
            .collect();
        for (i, &r) in reachable.iter().enumerate() {
            encoded.owned_by(s.node_fields(i), r);
        }
        for (k, counted) in before.iter().enumerate().take(2 * n) {
            let (i, field) = (k / 2, slot(k));
            // A node's links are set only once it was pointed to (the root: once rooted).
            let set = !encoded.value(field, 0);
            encoded.cnf.implies([set], [reachable[i]]);
            for j in 0..n {
                let target = encoded.value(field, j as u32 + 1);
                if j <= i {
                    encoded.cnf.clause([!target]);
                    continue;
                }
                // slot k points to node j ⟺ set ∧ exactly j − 1 links before it.
                let (low, high) = (counted.at_least(j - 1), negate(counted.at_least(j)));
                encoded.cnf.rule(&[Ok(target)], &[low]);
                encoded.cnf.rule(&[Ok(target)], &[high]);
                encoded.cnf.rule(&[Ok(set), low, high], &[Ok(target)]);
            }
        }
        // parent mirrors the child links; the root's is null.
        let child = |encoded: &ScopeCnf, i: usize, side: usize, j: usize| {
            encoded.value(position(i, LEFT + side), j as u32 + 1)
        };
        encoded.cnf.clause([encoded.value(position(0, PARENT), 0)]);
        for (j, &reached) in reachable.iter().enumerate().skip(1) {
            let parent = position(j, PARENT);
            encoded.cnf.equivalent(encoded.value(parent, 0), !reached);
            for i in 0..n {
                let up = encoded.value(parent, i as u32 + 1);
                if i >= j {
                    encoded.cnf.clause([!up]);
                    continue;
                }
                let (left, right) = (child(&encoded, i, 0, j), child(&encoded, i, 1, j));
                encoded.cnf.implies([left], [up]);
                encoded.cnf.implies([right], [up]);
                encoded.cnf.implies([up], [left, right]);
            }
        }
        // size: 0 without a root, else one more than the links.
        let size = s.header_field(SIZE);
        encoded.cnf.equivalent(encoded.value(size, 0), !rooted);
        for l in 1..=n {
            let is = encoded.value(size, l as u32);
            let conjuncts: [Bit; 3] =
                [Ok(rooted), links.at_least(l - 1), negate(links.at_least(l))];
            for c in conjuncts {
                encoded.cnf.rule(&[Ok(is)], &[c]);
            }
            encoded.cnf.rule(&conjuncts, &[Ok(is)]);
        }
        self.encode_keys(&mut encoded);
        self.encode_colours(&mut encoded, &reachable);
        encoded
    }
}

impl TreeMapScope {
    /// The search-tree order: a unary key rank per node, and the subtree relation.
    #[allow(clippy::needless_range_loop)] // i < m < j: nodes by number, as the relation
    fn encode_keys(&self, encoded: &mut ScopeCnf) {
        let s = &self.scope;
        let n = s.nodes();
        let key_values: Vec<i32> = (0..encoded.values(s.node_field(0, KEY)).len() as u32)
            .map(|v| {
                s.value_of(s.node_field(0, KEY), v)
                    .int()
                    .expect("keys are ints")
            })
            .collect();
        let mut distinct = key_values.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let rank = |v: usize| distinct.partition_point(|&d| d < key_values[v]);
        let ranks: Vec<Unary> = (0..n)
            .map(|i| {
                let field = s.node_field(i, KEY);
                let unary = encoded.cnf.unary(distinct.len() - 1);
                for t in 1..distinct.len() {
                    let at_least = unary.at_least(t).expect("t in range");
                    let keys = |above: bool| -> Vec<Literal> {
                        (0..key_values.len())
                            .filter(|&v| (rank(v) >= t) == above)
                            .map(|v| encoded.value(field, v as u32))
                            .collect()
                    };
                    let (above, below) = (keys(true), keys(false));
                    encoded.cnf.implies([at_least], above.iter().copied());
                    encoded.cnf.implies([!at_least], below.iter().copied());
                    for &l in &above {
                        encoded.cnf.implies([l], [at_least]);
                    }
                    for &l in &below {
                        encoded.cnf.implies([l], [!at_least]);
                    }
                }
                unary
            })
            .collect();
        // within[side][i][j]: j is in i's left (side 0) or right (side 1) subtree.
        let mut within = vec![vec![vec![None; n]; n]; 2];
        for (side, relation) in within.iter_mut().enumerate() {
            for j in 1..n {
                for i in 0..j {
                    let x = encoded.cnf.variable();
                    let child = encoded.value(s.node_field(i, LEFT + side), j as u32 + 1);
                    encoded.cnf.implies([child], [x]);
                    for m in i + 1..j {
                        let up = encoded.value(s.node_field(j, PARENT), m as u32 + 1);
                        let through: Literal = relation[i][m].expect("m < j set");
                        encoded.cnf.implies([up, through], [x]);
                    }
                    relation[i][j] = Some(x);
                    // left: key j < key i; right: key i < key j.
                    let (smaller, larger) = if side == 0 { (j, i) } else { (i, j) };
                    for t in 0..distinct.len() {
                        let premise = ranks[smaller].at_least(t);
                        let conclusion = ranks[larger].at_least(t + 1);
                        encoded.cnf.rule(&[Ok(x), premise], &[conclusion]);
                    }
                }
            }
        }
    }

    /// Red-black colours: root black, no red parent of a red entry, one black height.
    fn encode_colours(&self, encoded: &mut ScopeCnf, reachable: &[Literal]) {
        let s = &self.scope;
        let n = s.nodes();
        let black = |encoded: &ScopeCnf, i: usize| encoded.value(s.node_field(i, COLOR), 1);
        encoded.cnf.implies([reachable[0]], [black(encoded, 0)]);
        // A red-black tree of L entries has black height h with 2^h − 1 ≤ L.
        let most = (usize::BITS - (n + 1).leading_zeros() - 1) as usize;
        let height = encoded.cnf.unary(most);
        let zero = encoded.cnf.unary(0);
        let depth: Vec<Unary> = (0..n).map(|_| encoded.cnf.unary(most)).collect();
        let root_black = black(encoded, 0);
        depth[0].equals_plus(&mut encoded.cnf, &[reachable[0]], &zero, Some(root_black));
        for j in 1..n {
            for i in 0..j {
                let up = encoded.value(s.node_field(j, PARENT), i as u32 + 1);
                let (black_i, black_j) = (black(encoded, i), black(encoded, j));
                encoded.cnf.implies([up], [black_i, black_j]);
                depth[j].equals_plus(&mut encoded.cnf, &[up], &depth[i], Some(black_j));
            }
        }
        for i in 0..n {
            for side in 0..2 {
                let null = encoded.value(s.node_field(i, LEFT + side), 0);
                depth[i].equals_plus(&mut encoded.cnf, &[reachable[i], null], &height, None);
            }
        }
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
