//! `LinkedHashMap`: a port of JDK 17's `java.util.LinkedHashMap<Integer, Integer>`:
//! a [`HashMap`] whose entries are also on a doubly linked list, in insertion order or
//! (optionally) access order.
//!
//! # What is ported
//! The entry list ([`Links`]: `head`, `tail` and each entry's `before`/`after`, as arena
//! indices parallel to the map's node arena) with Java's `linkNodeLast` (from `newNode`),
//! `afterNodeRemoval`, `afterNodeAccess` (moves an accessed entry to the tail in access
//! order and counts as a structural modification), `reinitialize` and `clear`'s list
//! reset; iteration (`toString`, `equals`, `hashCode`, `putAll` and `clone` of another
//! map, `containsValue`) follows the list. `afterNodeInsertion` never evicts:
//! `removeEldestEntry` is `protected` and returns `false`. Everything else is
//! `HashMap`'s code (see [`crate::subjects::hash_map`]), which calls these hooks.
//! M_C: `LinkedHashMap(int)`, `LinkedHashMap()`, `LinkedHashMap(LinkedHashMap)`, then the
//! instance methods of `HashMap`'s M_C ([`map_methods`]), with `LinkedHashMap`'s
//! overrides of `get`, `getOrDefault`, `containsValue` and `clear`.
//!
//! # What is left out, and why
//! * `LinkedHashMap(int, float)` and `LinkedHashMap(int, float, boolean)`: `float` is not
//!   a type of interest. The second is the only way to get an access-ordered map, so
//!   access order is not reachable through M_C; it is ported all the same and reachable
//!   from Rust through [`LinkedHashMap::with_access_order`] (tests pin JDK 17's
//!   behaviour). With access order, `x.putAll(x)` in Java moves entries while iterating
//!   and throws `ConcurrentModificationException`; here the argument is a snapshot.
//! * `keySet`, `values`, `entrySet` (views), `forEach`, `replaceAll` (lambdas),
//!   `removeEldestEntry` (protected), and everything `HashMap` leaves out (its module doc).

use crate::subjects::hash_map::{EntryLinks, HashMap};
use crate::subject::JavaException;

/// `java.util.LinkedHashMap<Integer, Integer>`: a [`HashMap`] with an entry list.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinkedHashMap(pub(crate) HashMap);

impl Default for LinkedHashMap {
    fn default() -> Self {
        Self::new()
    }
}

impl LinkedHashMap {
    /// `new LinkedHashMap()`: insertion order.
    pub fn new() -> Self {
        LinkedHashMap(HashMap::init(0, Some(Links::empty(false))))
    }

    /// `new LinkedHashMap(int initialCapacity)`: negative throws `IllegalArgumentException`.
    pub fn with_capacity(initial_capacity: i32) -> Result<Self, JavaException> {
        Self::with_access_order(initial_capacity, false)
    }

    /// `new LinkedHashMap(initialCapacity, 0.75f, accessOrder)` (not in M_C: see the
    /// module documentation).
    pub fn with_access_order(initial_capacity: i32, access_order: bool) -> Result<Self, JavaException> {
        HashMap::with_capacity_linked(initial_capacity, Some(Links::empty(access_order))).map(LinkedHashMap)
    }

    /// `new LinkedHashMap(Map m)`: insertion order, `m`'s entries in `m`'s order; `null`
    /// throws `NullPointerException`.
    pub fn from_map(m: Option<&LinkedHashMap>) -> Result<Self, JavaException> {
        HashMap::from_map_linked(m.map(|m| &m.0), Some(Links::empty(false))).map(LinkedHashMap)
    }
}

/// The doubly linked entry list of a `LinkedHashMap` (Java's `head`, `tail` and each
/// `LinkedHashMap.Entry`'s `before`/`after`): `before`/`after` of the entry whose node has
/// arena index `i` in the map core are `before[i]`/`after[i]`.
#[derive(Clone, Debug, Default)]
pub struct Links {
    head: Option<usize>,
    tail: Option<usize>,
    before: Vec<Option<usize>>,
    after: Vec<Option<usize>>,
    access_order: bool,
}

impl Links {
    /// An empty list for the map core; `access_order` is `LinkedHashMap.accessOrder`.
    pub fn empty(access_order: bool) -> Box<dyn EntryLinks> {
        Box::new(Links { access_order, ..Links::default() })
    }
}

impl EntryLinks for Links {
    /// `linkNodeLast(p)`: a new entry (with `before = after = null`) goes to the tail.
    fn link_node_last(&mut self, p: usize) {
        if self.before.len() <= p {
            self.before.resize(p + 1, None);
            self.after.resize(p + 1, None);
        }
        (self.before[p], self.after[p]) = (None, None);
        let last = self.tail;
        self.tail = Some(p);
        match last {
            None => self.head = Some(p),
            Some(last) => {
                self.before[p] = Some(last);
                self.after[last] = Some(p);
            }
        }
    }

    /// `afterNodeRemoval(e)`: unlinks the entry.
    fn after_node_removal(&mut self, p: usize) {
        let (b, a) = (self.before[p], self.after[p]);
        (self.before[p], self.after[p]) = (None, None);
        match b {
            None => self.head = a,
            Some(b) => self.after[b] = a,
        }
        match a {
            None => self.tail = b,
            Some(a) => self.before[a] = b,
        }
    }

    /// `afterNodeAccess(e)`: in access order, moves the entry to the tail; whether it
    /// moved (the caller then increments `modCount`).
    fn after_node_access(&mut self, p: usize) -> bool {
        let mut last = self.tail;
        if !self.access_order || last == Some(p) {
            return false;
        }
        let (b, a) = (self.before[p], self.after[p]);
        self.after[p] = None;
        match b {
            None => self.head = a,
            Some(b) => self.after[b] = a,
        }
        match a {
            Some(a) => self.before[a] = b,
            None => last = b,
        }
        match last {
            None => self.head = Some(p),
            Some(last) => {
                self.before[p] = Some(last);
                self.after[last] = Some(p);
            }
        }
        self.tail = Some(p);
        true
    }

    /// `head = tail = null` (from `clear()`).
    fn clear(&mut self) {
        (self.head, self.tail) = (None, None);
    }

    /// The entries from `head` along `after`: the iteration order.
    fn order(&self) -> Vec<usize> {
        std::iter::successors(self.head, |&e| self.after[e]).collect()
    }

    /// `reinitialize()` (for `clone`): an empty list with the same ordering mode.
    fn reinitialize(&self) -> Box<dyn EntryLinks> {
        Links::empty(self.access_order)
    }

    fn clone_links(&self) -> Box<dyn EntryLinks> {
        Box::new(self.clone())
    }
}

impl std::ops::Deref for LinkedHashMap {
    type Target = HashMap;
    fn deref(&self) -> &HashMap {
        &self.0
    }
}

impl std::ops::DerefMut for LinkedHashMap {
    fn deref_mut(&mut self) -> &mut HashMap {
        &mut self.0
    }
}

impl crate::subjects::hash_map::MapUnit for LinkedHashMap {
    fn map(&self) -> &HashMap {
        &self.0
    }
    fn map_mut(&mut self) -> &mut HashMap {
        &mut self.0
    }
    fn wrap(map: HashMap) -> Self {
        LinkedHashMap(map)
    }
}

impl crate::subject::Subject for LinkedHashMap {
    const CLASS: &'static str = "LinkedHashMap";
    const JAVA_CLASS: &'static str = "java.util.LinkedHashMap";

    fn methods() -> Vec<crate::subject::Method<Self>> {
        use crate::subject::{Method, Param::{Int, Object}};
        #[rustfmt::skip]
        let mut methods = vec![
            Method::constructor("LinkedHashMap", &[Int], |a| LinkedHashMap::with_capacity(a.int(0))),
            Method::constructor("LinkedHashMap", &[], |_| Ok(LinkedHashMap::new())),
            Method::constructor("LinkedHashMap", &[Object], |a| LinkedHashMap::from_map(a.object(0))),
        ];
        methods.extend(crate::subjects::hash_map::map_methods());
        methods
    }

    fn to_java_string(&self) -> String {
        self.0.to_java_string()
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::context::TestContext;
    use crate::subject::{Subject, SubjectUnit};
    use crate::subjects::hash_map::MapUnit;
    use crate::subjects::hash_map::tests::{check_map_sequence, op};

    type E = JavaException;

    fn linked_of(keys: &[i32]) -> LinkedHashMap {
        let mut map = LinkedHashMap::new();
        for &k in keys {
            map.put(Some(k), Some(k)).unwrap();
        }
        map
    }

    #[test]
    fn insertion_order_survives_updates_and_a_removed_key_comes_back_last() {
        let mut map = linked_of(&[100, 0, 65536, 1, -1]);
        map.put(Some(0), Some(5)).unwrap();
        map.remove(Some(65536)).unwrap();
        map.put(Some(65536), Some(1)).unwrap();
        // JDK 17: {100=100, 0=5, 1=1, -1=-1, 65536=1} clone {100=100, 0=5, 1=1, -1=-1, 65536=1}
        assert_eq!(map.to_java_string(), "{100=100, 0=5, 1=1, -1=-1, 65536=1}");
        let clone = LinkedHashMap::wrap(map.clone_map().unwrap());
        assert_eq!(clone.to_java_string(), "{100=100, 0=5, 1=1, -1=-1, 65536=1}");
    }

    #[test]
    fn access_order_moves_read_and_written_entries_to_the_end() {
        let mut map = LinkedHashMap::with_access_order(16, true).unwrap();
        for k in 1..=5 {
            map.put(Some(k), Some(k)).unwrap();
        }
        let mod_count = map.mod_count();
        map.get(Some(1)).unwrap();
        assert_eq!(map.mod_count(), mod_count + 1, "an access is a structural modification");
        map.put(Some(2), Some(20)).unwrap();
        map.get_or_default(Some(3), Some(0)).unwrap();
        map.get_or_default(Some(9), Some(0)).unwrap();
        map.contains_key(Some(4)).unwrap();
        map.replace(Some(4), Some(40)).unwrap();
        map.put(Some(6), Some(6)).unwrap();
        map.put_if_absent(Some(5), Some(50)).unwrap();
        map.remove(Some(3)).unwrap();
        // JDK 17, new LinkedHashMap<>(16, 0.75f, true) and the same calls; clone and
        // copy constructor iterate the original's order
        assert_eq!(map.to_java_string(), "{1=1, 2=20, 4=40, 6=6, 5=5}");
        let clone = map.clone_map().unwrap();
        assert_eq!(clone.to_java_string(), "{1=1, 2=20, 4=40, 6=6, 5=5}");
        assert_eq!(LinkedHashMap::from_map(Some(&map)).unwrap().to_java_string(), "{1=1, 2=20, 4=40, 6=6, 5=5}");
    }

    #[test]
    fn insertion_order_ignores_accesses() {
        let mut map = linked_of(&[3, 1, 2]);
        let mod_count = map.mod_count();
        map.get(Some(3)).unwrap();
        map.replace(Some(3), Some(9)).unwrap();
        assert_eq!((map.to_java_string(), map.mod_count()), ("{3=9, 1=1, 2=2}".into(), mod_count));
    }

    #[test]
    fn clear_empties_the_list_and_insertion_starts_over() {
        let mut map = linked_of(&[1, 2, 3]);
        map.clear();
        assert_eq!(map.to_java_string(), "{}");
        map.put(Some(2), None).unwrap();
        map.put(Some(1), None).unwrap();
        assert_eq!(map.to_java_string(), "{2=null, 1=null}");
    }

    #[test]
    fn constructors_throw_like_java() {
        assert_eq!(LinkedHashMap::with_capacity(-1).err(), Some(E::IllegalArgument));
        assert_eq!(LinkedHashMap::from_map(None).err(), Some(E::NullPointer));
        assert_eq!(LinkedHashMap::with_capacity(3).unwrap().capacity(), 4);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn port_matches_an_insertion_ordered_entry_list_on_random_operation_sequences(
            initial in prop::option::of(-2..40i32),
            ops in prop::collection::vec(op(), 0..80),
        ) {
            check_map_sequence(true, initial, &ops)?;
        }
    }

    #[test]
    fn paper_context_has_j_89() {
        // The same M_C shape as HashMap's (HashMap::tests::paper_context_has_j_89):
        //   constructors 2 + 1 + 1; size 2, isEmpty 2, get 4, containsKey 4, put 8,
        //   putAll 1, remove(Integer) 4, clear 1, containsValue 4, getOrDefault 8,
        //   putIfAbsent 8, remove(Integer,Integer) 8, replace(Integer,Integer,Integer) 16,
        //   replace(Integer,Integer) 8, clone 1, equals 2, hashCode 2, toString 2 — j = 89
        let unit = SubjectUnit::<LinkedHashMap>::new();
        let context = TestContext::paper(&unit).unwrap();
        assert_eq!(context.methods().len(), 21);
        assert_eq!(context.j(), 89);
        let unit = crate::subject::registry().find("LinkedHashMap").unwrap();
        assert_eq!(unit.java_class(), "java.util.LinkedHashMap");
    }
}
