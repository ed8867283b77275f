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
//! `HashMap`'s code (see [`super::hash_map`]), which calls these hooks.
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

use super::hash_map::{HashMap, MapUnit, map_methods};
use crate::subject::{JavaException, Method, Param, Subject};

/// The doubly linked entry list of a `LinkedHashMap`: `before`/`after` of the entry whose
/// node has arena index `i` are `before[i]`/`after[i]`.
#[derive(Clone, Debug, Default)]
pub struct Links {
    head: Option<usize>,
    tail: Option<usize>,
    before: Vec<Option<usize>>,
    after: Vec<Option<usize>>,
    access_order: bool,
}

impl Links {
    /// An empty list; `access_order` is `LinkedHashMap.accessOrder`.
    pub fn new(access_order: bool) -> Self {
        Links {
            access_order,
            ..Links::default()
        }
    }

    /// `reinitialize()` (for `clone`): an empty list with the same ordering mode.
    pub fn reinitialize(&self) -> Self {
        Self::new(self.access_order)
    }

    /// `linkNodeLast(p)`: a new entry (with `before = after = null`) goes to the tail.
    pub fn link_node_last(&mut self, p: usize) {
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
    pub fn after_node_removal(&mut self, p: usize) {
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
    pub fn after_node_access(&mut self, p: usize) -> bool {
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
    pub fn clear(&mut self) {
        (self.head, self.tail) = (None, None);
    }

    /// The entries from `head` along `after`: the iteration order.
    pub fn order(&self) -> Vec<usize> {
        std::iter::successors(self.head, |&e| self.after[e]).collect()
    }
}

/// `java.util.LinkedHashMap<Integer, Integer>`: a [`HashMap`] with an entry list.
#[derive(Clone, Debug)]
pub struct LinkedHashMap(HashMap);

impl Default for LinkedHashMap {
    fn default() -> Self {
        Self::new()
    }
}

impl LinkedHashMap {
    /// `new LinkedHashMap()`: insertion order.
    pub fn new() -> Self {
        LinkedHashMap(HashMap::init(0, Some(Links::new(false))))
    }

    /// `new LinkedHashMap(int initialCapacity)`: negative throws `IllegalArgumentException`.
    pub fn with_capacity(initial_capacity: i32) -> Result<Self, JavaException> {
        Self::with_access_order(initial_capacity, false)
    }

    /// `new LinkedHashMap(initialCapacity, 0.75f, accessOrder)` (not in M_C: see the
    /// module documentation).
    pub fn with_access_order(initial_capacity: i32, access_order: bool) -> Result<Self, JavaException> {
        HashMap::with_capacity_linked(initial_capacity, Some(Links::new(access_order))).map(LinkedHashMap)
    }

    /// `new LinkedHashMap(Map m)`: insertion order, `m`'s entries in `m`'s order; `null`
    /// throws `NullPointerException`.
    pub fn from_map(m: Option<&LinkedHashMap>) -> Result<Self, JavaException> {
        HashMap::from_map_linked(m.map(|m| &m.0), Some(Links::new(false))).map(LinkedHashMap)
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

impl MapUnit for LinkedHashMap {
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

impl Subject for LinkedHashMap {
    const CLASS: &'static str = "LinkedHashMap";
    const JAVA_CLASS: &'static str = "java.util.LinkedHashMap";

    fn methods() -> Vec<Method<Self>> {
        use Param::{Int, Object};
        #[rustfmt::skip]
        let mut methods = vec![
            Method::constructor("LinkedHashMap", &[Int], |a| LinkedHashMap::with_capacity(a.int(0))),
            Method::constructor("LinkedHashMap", &[], |_| Ok(LinkedHashMap::new())),
            Method::constructor("LinkedHashMap", &[Object], |a| LinkedHashMap::from_map(a.object(0))),
        ];
        methods.extend(map_methods());
        methods
    }

    fn to_java_string(&self) -> String {
        self.0.to_java_string()
    }
}
