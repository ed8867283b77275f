//! `HashMap`: a port of JDK 17's `java.util.HashMap<Integer, Integer>`, and the map core
//! that `HashSet`, `LinkedHashMap` and `LinkedHashSet` build on, as Java's do.
//!
//! # What is ported
//! Java's own algorithm: `hash(key) = (h = key.hashCode()) ^ (h >>> 16)` (`null` → 0), a
//! table of power-of-two length created lazily by the first `resize()` (default capacity
//! 16, load factor 0.75, `threshold`, an initial capacity parked in `threshold` by
//! `tableSizeFor`), `resize()` splitting each bucket into lo/hi lists that keep their
//! relative order, new nodes appended at the tail of their bucket, `putVal`,
//! `removeNode`, `getNode`, `putMapEntries` (pre-sizing an unallocated table, doubling an
//! allocated one while the source is larger than `threshold`), `clone` (`reinitialize`
//! then `putMapEntries`, so a clone may get a smaller table and another iteration order),
//! `modCount`, `treeifyBin`'s resize of tables shorter than `MIN_TREEIFY_CAPACITY`, and
//! the `AbstractMap` methods `HashMap` inherits (`equals`, `hashCode`, `toString`).
//! The hooks `afterNodeAccess`, `afterNodeInsertion`, `afterNodeRemoval` and `newNode`'s
//! `linkNodeLast` do nothing for a plain `HashMap` and maintain the entry list of a
//! `LinkedHashMap` (through [`EntryLinks`], implemented in `linked_hash_map.rs`) otherwise; `LinkedHashMap`'s
//! overrides of `get`/`getOrDefault` (`afterNodeAccess` in access order), `clear` and
//! `reinitialize` are folded into the methods here, where they are no-ops for a plain map.
//! M_C, in the order of the Java source: `HashMap(int)`, `HashMap()`, `HashMap(HashMap)`,
//! `size`, `isEmpty`, `get`, `containsKey`, `put`, `putAll`, `remove(Object)`, `clear`,
//! `containsValue`, `getOrDefault`, `putIfAbsent`, `remove(Object,Object)`,
//! `replace(K,V,V)`, `replace(K,V)`, `clone`, `equals`, `hashCode`, `toString`.
//! Keys and values are `Integer` (`Option<i32>`; `Integer.hashCode()` is the value).
//!
//! # What is left out, and why
//! * `HashMap(int, float)` and every other use of a load factor but 0.75: `float` is not
//!   a type of interest, so the load factor is the constant [`DEFAULT_LOAD_FACTOR`].
//! * `keySet`, `values`, `entrySet` (views backed by the map), `compute*`, `merge`,
//!   `forEach`, `replaceAll` (lambdas): not types of interest / not representable in the
//!   object pool. With no iterator in M_C, `modCount` is never checked; it is kept (and
//!   readable through [`HashMap::mod_count`]) so that mutants of it are real.
//! * Treeification of long chains: a bucket reaching `TREEIFY_THRESHOLD` (8) nodes in a
//!   table of at least `MIN_TREEIFY_CAPACITY` (64) slots stays a list here, where Java
//!   turns it into a red-black tree whose `next` order differs (the root moves to the
//!   front, new nodes follow their tree parent). Lookups give the same answers; only the
//!   iteration order (`toString`, `putAll`, `clone`, `equals` order) of such a bucket can
//!   differ. It needs 8 distinct keys whose spread hashes agree in their low 6 (or more)
//!   bits in one map of 64+ slots: impossible with the paper's int pool {0, 100} alone,
//!   where a map holds at most the keys 0, 100, `null` and the few ints results put in
//!   the pool (sizes, hash codes, values), and extremely unlikely in random tests.
//!   Short tables (< 64 slots) are resized instead, exactly as in Java.
//! * Exception messages: [`JavaException`] carries the class only.
//!
//! # Modelling decisions
//! * Nodes live in an arena (`Vec` plus a free list); a bucket chain is a list of arena
//!   indices. The table ([`Table`]) is a length plus its non-empty slots, so
//!   `new HashMap(100_000_000)` costs no memory. A table of
//!   [`HEAP_ARRAY_LIMIT`] (2^28) or more slots throws `OutOfMemoryError`, as for
//!   `ArrayList` (a JVM with about 1 GiB of heap); as in Java, `resize()` has already
//!   updated `threshold` when the allocation fails. A differential test should avoid
//!   initial capacities above 2^26.
//! * Object-pool arguments are snapshots (clones), so `o == this` in `equals` is never
//!   true, which gives the same answer.

use std::collections::BTreeMap;

use crate::subjects::java_array::HEAP_ARRAY_LIMIT;
use crate::subject::{JavaException, Method, Param, Return, Subject, Value};

/// `DEFAULT_INITIAL_CAPACITY`: the table length of `new HashMap()` at its first `put`.
pub const DEFAULT_INITIAL_CAPACITY: i32 = 1 << 4;
/// `MAXIMUM_CAPACITY`: the largest table length.
pub const MAXIMUM_CAPACITY: i32 = 1 << 30;
/// `DEFAULT_LOAD_FACTOR`, the only load factor of the port.
pub const DEFAULT_LOAD_FACTOR: f32 = 0.75;
/// `TREEIFY_THRESHOLD`: bucket length at which `treeifyBin` is called.
pub const TREEIFY_THRESHOLD: i32 = 8;
/// `MIN_TREEIFY_CAPACITY`: shorter tables are resized instead of treeified.
pub const MIN_TREEIFY_CAPACITY: i32 = 64;

type Result<T> = std::result::Result<T, JavaException>;

/// `HashMap.hash(key)`: the key's hash code with its high half spread into the low half.
pub fn hash(key: Option<i32>) -> i32 {
    key.map_or(0, |h| h ^ ((h as u32) >> 16) as i32)
}

/// `HashMap.tableSizeFor(cap)`: the least power of two ≥ `cap`, within [1, 2^30].
pub fn table_size_for(cap: i32) -> i32 {
    let n = (u32::MAX.wrapping_shr(cap.wrapping_sub(1).leading_zeros())) as i32;
    if n < 0 {
        1
    } else if n >= MAXIMUM_CAPACITY {
        MAXIMUM_CAPACITY
    } else {
        n + 1
    }
}

/// `HashMap.Node`: one mapping, chained to the next node of its bucket.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Node {
    hash: i32,
    key: Option<i32>,
    value: Option<i32>,
    next: Option<usize>,
}

impl Node {
    /// `p.hash == hash && ((k = p.key) == key || (key != null && key.equals(k)))`.
    fn matches(&self, hash: i32, key: Option<i32>) -> bool {
        self.hash == hash && self.key == key
    }
}

/// `Node[] table`: a Java array of `length` slots, storing only the non-null ones
/// (slot index → arena index of the bucket's first node).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Table {
    length: i32,
    bins: BTreeMap<i32, usize>,
}

impl Table {
    /// `new Node[length]`.
    fn new_array(length: i32) -> Result<Table> {
        if length < 0 {
            return Err(JavaException::NegativeArraySize);
        }
        if length >= HEAP_ARRAY_LIMIT {
            return Err(JavaException::OutOfMemory); // "Java heap space"
        }
        Ok(Table {
            length,
            bins: BTreeMap::new(),
        })
    }

    /// The slot index, if it lies within the array.
    fn check(&self, i: i32) -> Result<i32> {
        if i < 0 || i >= self.length {
            return Err(JavaException::IndexOutOfBounds); // ArrayIndexOutOfBoundsException
        }
        Ok(i)
    }

    /// `tab[i]`.
    fn get(&self, i: i32) -> Result<Option<usize>> {
        Ok(self.bins.get(&self.check(i)?).copied())
    }

    /// `tab[i] = node`.
    fn set(&mut self, i: i32, node: Option<usize>) -> Result<()> {
        let i = self.check(i)?;
        match node {
            Some(node) => self.bins.insert(i, node),
            None => self.bins.remove(&i),
        };
        Ok(())
    }
}

/// `java.util.HashMap<Integer, Integer>`, also the state of a `LinkedHashMap` (with an
/// entry list) and of the hash sets.
///
/// The Rust methods are Java's, in snake case; overloads get distinct names
/// (`remove`/`remove_mapping`, `replace`/`replace_mapping`). Methods that read the table
/// return a `Result`, because a mutant of them may throw.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HashMap {
    table: Option<Table>,
    nodes: Vec<Node>,
    free: Vec<usize>,
    size: i32,
    mod_count: i32,
    threshold: i32,
    links: Option<Box<dyn EntryLinks>>,
}

impl Default for HashMap {
    fn default() -> Self {
        Self::new()
    }
}

impl HashMap {
    /// An empty map with no table, the given `threshold` and, for a `LinkedHashMap`, an
    /// empty entry list.
    pub(crate) fn init(threshold: i32, links: Option<Box<dyn EntryLinks>>) -> Self {
        HashMap {
            table: None,
            nodes: Vec::new(),
            free: Vec::new(),
            size: 0,
            mod_count: 0,
            threshold,
            links,
        }
    }

    /// `new HashMap()`: no table until the first `put`, which allocates 16 slots.
    pub fn new() -> Self {
        Self::init(0, None)
    }

    /// `new HashMap(int initialCapacity)`: a negative capacity throws
    /// `IllegalArgumentException`; the capacity, rounded up to a power of two, waits in
    /// `threshold` for the first `resize()`.
    pub fn with_capacity(initial_capacity: i32) -> Result<Self> {
        Self::with_capacity_linked(initial_capacity, None)
    }

    /// `HashMap(int initialCapacity, 0.75f)` for a plain map or a `LinkedHashMap`.
    pub(crate) fn with_capacity_linked(initial_capacity: i32, links: Option<Box<dyn EntryLinks>>) -> Result<Self> {
        if initial_capacity < 0 {
            // "Illegal initial capacity: " + initialCapacity
            return Err(JavaException::IllegalArgument);
        }
        let capacity = initial_capacity.min(MAXIMUM_CAPACITY);
        Ok(Self::init(table_size_for(capacity), links))
    }

    /// `new HashMap(Map m)`: `null` throws `NullPointerException`.
    pub fn from_map(m: Option<&HashMap>) -> Result<Self> {
        Self::from_map_linked(m, None)
    }

    /// The copy constructor of a plain map or of a `LinkedHashMap`.
    pub(crate) fn from_map_linked(m: Option<&HashMap>, links: Option<Box<dyn EntryLinks>>) -> Result<Self> {
        let mut map = Self::init(0, links);
        map.put_map_entries(m.ok_or(JavaException::NullPointer)?)?;
        Ok(map)
    }

    /// `putMapEntries(Map m, boolean evict)`.
    fn put_map_entries(&mut self, m: &HashMap) -> Result<()> {
        let s = m.size;
        if s > 0 {
            if self.table.is_none() {
                // pre-size
                let ft = s as f32 / DEFAULT_LOAD_FACTOR + 1.0;
                let t = if ft < MAXIMUM_CAPACITY as f32 { ft as i32 } else { MAXIMUM_CAPACITY };
                if t > self.threshold {
                    self.threshold = table_size_for(t);
                }
            } else {
                // Because of linked-list bucket constraints, we cannot expand all at once,
                // but can reduce total resize effort by repeated doubling now vs later
                while s > self.threshold && self.table_length() < MAXIMUM_CAPACITY {
                    self.resize()?;
                }
            }
            for (key, value) in m.entries() {
                self.put_val(hash(key), key, value, false)?;
            }
        }
        Ok(())
    }

    /// The table's length, 0 before the first `resize()`.
    fn table_length(&self) -> i32 {
        self.table.as_ref().map_or(0, |t| t.length)
    }

    /// The table, for code that Java runs after `resize()` created it.
    fn table_mut(&mut self) -> Result<&mut Table> {
        self.table.as_mut().ok_or(JavaException::NullPointer)
    }

    /// `HashMap.capacity()` (package-private in Java): the table length, or the length
    /// the first `resize()` will allocate.
    pub fn capacity(&self) -> i32 {
        match &self.table {
            Some(table) => table.length,
            None if self.threshold > 0 => self.threshold,
            None => DEFAULT_INITIAL_CAPACITY,
        }
    }

    /// `modCount` (not Java API: for tests).
    pub fn mod_count(&self) -> i32 {
        self.mod_count
    }

    /// `size()`.
    pub fn size(&self) -> i32 {
        self.size
    }

    /// `isEmpty()`.
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// `get(Object key)`: the value, or `null` if there is no mapping (or it maps to
    /// `null`); in an access-ordered `LinkedHashMap` the entry moves to the end.
    pub fn get(&mut self, key: Option<i32>) -> Result<Option<i32>> {
        self.get_or_default(key, None)
    }

    /// `getNode(Object key)`: the arena index of the key's node.
    fn get_node(&self, key: Option<i32>) -> Result<Option<usize>> {
        let hash = hash(key);
        let Some(tab) = &self.table else {
            return Ok(None);
        };
        if tab.length == 0 {
            return Ok(None);
        }
        let mut e = tab.get((tab.length - 1) & hash)?;
        while let Some(i) = e {
            if self.nodes[i].matches(hash, key) {
                return Ok(Some(i));
            }
            e = self.nodes[i].next;
        }
        Ok(None)
    }

    /// `containsKey(Object key)`.
    pub fn contains_key(&self, key: Option<i32>) -> Result<bool> {
        Ok(self.get_node(key)?.is_some())
    }

    /// `put(K key, V value)`: the previous value, or `null`.
    pub fn put(&mut self, key: Option<i32>, value: Option<i32>) -> Result<Option<i32>> {
        self.put_val(hash(key), key, value, false)
    }

    /// A fresh arena node (`newNode`), linked last in a `LinkedHashMap`'s entry list.
    fn new_node(&mut self, hash: i32, key: Option<i32>, value: Option<i32>) -> usize {
        let node = Node { hash, key, value, next: None };
        let p = match self.free.pop() {
            Some(p) => {
                self.nodes[p] = node;
                p
            }
            None => {
                self.nodes.push(node);
                self.nodes.len() - 1
            }
        };
        if let Some(links) = &mut self.links {
            links.link_node_last(p);
        }
        p
    }

    /// `putVal(int hash, K key, V value, boolean onlyIfAbsent, boolean evict)`.
    /// `afterNodeInsertion(evict)` does nothing: `removeEldestEntry` is always `false`.
    fn put_val(&mut self, hash: i32, key: Option<i32>, value: Option<i32>, only_if_absent: bool) -> Result<Option<i32>> {
        if self.table_length() == 0 {
            self.resize()?;
        }
        let i = (self.table_length() - 1) & hash;
        match self.table_mut()?.get(i)? {
            None => {
                let node = self.new_node(hash, key, value);
                self.table_mut()?.set(i, Some(node))?;
            }
            Some(mut p) => {
                let mut e = Some(p).filter(|&p| self.nodes[p].matches(hash, key));
                let mut bin_count = 0;
                while e.is_none() {
                    match self.nodes[p].next {
                        None => {
                            let node = self.new_node(hash, key, value);
                            self.nodes[p].next = Some(node);
                            if bin_count >= TREEIFY_THRESHOLD - 1 {
                                // -1 for 1st
                                self.treeify_bin()?;
                            }
                            break;
                        }
                        Some(next) if self.nodes[next].matches(hash, key) => e = Some(next),
                        Some(next) => p = next,
                    }
                    bin_count += 1;
                }
                if let Some(e) = e {
                    // existing mapping for key
                    let old_value = self.nodes[e].value;
                    if !only_if_absent || old_value.is_none() {
                        self.nodes[e].value = value;
                    }
                    self.after_node_access(e);
                    return Ok(old_value);
                }
            }
        }
        self.mod_count = self.mod_count.wrapping_add(1);
        self.size = self.size.wrapping_add(1);
        if self.size > self.threshold {
            self.resize()?;
        }
        Ok(None)
    }

    /// `resize()`: allocates the first table, or doubles it, splitting every bucket into
    /// a lo list (same index) and a hi list (index + old capacity), each in its old order.
    fn resize(&mut self) -> Result<()> {
        let old_cap = self.table_length();
        let old_thr = self.threshold;
        let mut new_thr = 0;
        let new_cap = if old_cap > 0 {
            if old_cap >= MAXIMUM_CAPACITY {
                self.threshold = i32::MAX;
                return Ok(());
            }
            if old_cap << 1 < MAXIMUM_CAPACITY && old_cap >= DEFAULT_INITIAL_CAPACITY {
                new_thr = old_thr << 1; // double threshold
            }
            old_cap << 1
        } else if old_thr > 0 {
            old_thr // initial capacity was placed in threshold
        } else {
            // zero initial threshold signifies using defaults
            new_thr = (DEFAULT_LOAD_FACTOR * DEFAULT_INITIAL_CAPACITY as f32) as i32;
            DEFAULT_INITIAL_CAPACITY
        };
        if new_thr == 0 {
            let ft = new_cap as f32 * DEFAULT_LOAD_FACTOR;
            new_thr = if new_cap < MAXIMUM_CAPACITY && ft < MAXIMUM_CAPACITY as f32 { ft as i32 } else { i32::MAX };
        }
        self.threshold = new_thr;
        let Some(old_tab) = self.table.replace(Table::new_array(new_cap)?) else {
            return Ok(());
        };
        let new_tab = self.table.as_mut().ok_or(JavaException::NullPointer)?;
        for (&j, &head) in &old_tab.bins {
            let nodes = &mut self.nodes;
            if nodes[head].next.is_none() {
                new_tab.set(nodes[head].hash & (new_cap - 1), Some(head))?;
                continue;
            }
            // preserve order
            let [mut lo_head, mut lo_tail, mut hi_head, mut hi_tail] = [None::<usize>; 4];
            let mut e = Some(head);
            while let Some(i) = e {
                e = nodes[i].next;
                let (list_head, list_tail) = if nodes[i].hash & old_cap == 0 {
                    (&mut lo_head, &mut lo_tail)
                } else {
                    (&mut hi_head, &mut hi_tail)
                };
                match *list_tail {
                    None => *list_head = Some(i),
                    Some(t) => nodes[t].next = Some(i),
                }
                *list_tail = Some(i);
            }
            if let Some(t) = lo_tail {
                nodes[t].next = None;
                new_tab.set(j, lo_head)?;
            }
            if let Some(t) = hi_tail {
                nodes[t].next = None;
                new_tab.set(j + old_cap, hi_head)?;
            }
        }
        Ok(())
    }

    /// `treeifyBin(tab, hash)`: a table shorter than `MIN_TREEIFY_CAPACITY` is resized;
    /// a longer one would turn the bucket into a tree, which is left out (module doc).
    fn treeify_bin(&mut self) -> Result<()> {
        if self.table_length() < MIN_TREEIFY_CAPACITY {
            self.resize()?;
        }
        Ok(())
    }

    /// `putAll(Map m)`: `null` throws `NullPointerException`.
    pub fn put_all(&mut self, m: Option<&HashMap>) -> Result<()> {
        self.put_map_entries(m.ok_or(JavaException::NullPointer)?)
    }

    /// `remove(Object key)`: the removed value, or `null`.
    pub fn remove(&mut self, key: Option<i32>) -> Result<Option<i32>> {
        Ok(self.remove_node(hash(key), key, None, false)?.flatten())
    }

    /// `removeNode(int hash, Object key, Object value, boolean matchValue, boolean
    /// movable)`: the removed node's value, if a node was removed.
    fn remove_node(&mut self, hash: i32, key: Option<i32>, value: Option<i32>, match_value: bool) -> Result<Option<Option<i32>>> {
        let Some(tab) = self.table.as_mut() else {
            return Ok(None);
        };
        if tab.length == 0 {
            return Ok(None);
        }
        let index = (tab.length - 1) & hash;
        let (mut p, mut node) = (None, tab.get(index)?);
        while let Some(i) = node {
            if self.nodes[i].matches(hash, key) {
                break;
            }
            (p, node) = (node, self.nodes[i].next);
        }
        let Some(node) = node else {
            return Ok(None);
        };
        if match_value && self.nodes[node].value != value {
            return Ok(None);
        }
        let next = self.nodes[node].next;
        match p {
            None => tab.set(index, next)?,
            Some(p) => self.nodes[p].next = next,
        }
        self.mod_count = self.mod_count.wrapping_add(1);
        self.size -= 1;
        if let Some(links) = &mut self.links {
            links.after_node_removal(node);
        }
        self.free.push(node);
        Ok(Some(self.nodes[node].value))
    }

    /// `clear()`: empties the table, keeping its length.
    pub fn clear(&mut self) {
        self.mod_count = self.mod_count.wrapping_add(1);
        if let Some(tab) = &mut self.table {
            if self.size > 0 {
                self.size = 0;
                tab.bins.clear();
                self.nodes.clear();
                self.free.clear();
            }
        }
        if let Some(links) = &mut self.links {
            links.clear();
        }
    }

    /// `containsValue(Object value)`.
    pub fn contains_value(&self, value: Option<i32>) -> bool {
        self.iteration_order().into_iter().any(|i| self.nodes[i].value == value)
    }

    /// The nodes in iteration order: the table's buckets in index order, each from its
    /// head, or a `LinkedHashMap`'s entry list.
    fn iteration_order(&self) -> Vec<usize> {
        if let Some(links) = &self.links {
            return links.order();
        }
        let mut order = Vec::with_capacity(self.size.max(0) as usize);
        for &head in self.table.iter().flat_map(|t| t.bins.values()) {
            let mut e = Some(head);
            while let Some(i) = e {
                order.push(i);
                e = self.nodes[i].next;
            }
        }
        order
    }

    /// The mappings as `entrySet()` iterates them (not Java API: for the sets and tests).
    pub fn entries(&self) -> Vec<(Option<i32>, Option<i32>)> {
        self.iteration_order()
            .into_iter()
            .map(|i| (self.nodes[i].key, self.nodes[i].value))
            .collect()
    }

    /// `getOrDefault(Object key, V defaultValue)` (and `LinkedHashMap`'s override, which
    /// calls `afterNodeAccess` in access order).
    pub fn get_or_default(&mut self, key: Option<i32>, default_value: Option<i32>) -> Result<Option<i32>> {
        let Some(e) = self.get_node(key)? else {
            return Ok(default_value);
        };
        self.after_node_access(e);
        Ok(self.nodes[e].value)
    }

    /// `putIfAbsent(K key, V value)`: puts unless the key maps to a non-null value.
    pub fn put_if_absent(&mut self, key: Option<i32>, value: Option<i32>) -> Result<Option<i32>> {
        self.put_val(hash(key), key, value, true)
    }

    /// `remove(Object key, Object value)`: removes the mapping only if it maps to `value`.
    pub fn remove_mapping(&mut self, key: Option<i32>, value: Option<i32>) -> Result<bool> {
        Ok(self.remove_node(hash(key), key, value, true)?.is_some())
    }

    /// `replace(K key, V oldValue, V newValue)`: replaces only if the key maps to `oldValue`.
    pub fn replace_mapping(&mut self, key: Option<i32>, old_value: Option<i32>, new_value: Option<i32>) -> Result<bool> {
        match self.get_node(key)? {
            Some(e) if self.nodes[e].value == old_value => {
                self.nodes[e].value = new_value;
                self.after_node_access(e);
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// `replace(K key, V value)`: the previous value if the key was mapped, else `null`
    /// (and nothing is put).
    pub fn replace(&mut self, key: Option<i32>, value: Option<i32>) -> Result<Option<i32>> {
        let Some(e) = self.get_node(key)? else {
            return Ok(None);
        };
        let old_value = std::mem::replace(&mut self.nodes[e].value, value);
        self.after_node_access(e);
        Ok(old_value)
    }

    /// `afterNodeAccess(e)`: in an access-ordered `LinkedHashMap`, moves the entry to the
    /// end (a structural modification).
    fn after_node_access(&mut self, e: usize) {
        if self.links.as_mut().is_some_and(|links| links.after_node_access(e)) {
            self.mod_count = self.mod_count.wrapping_add(1);
        }
    }

    /// `clone()`: a copy built by `reinitialize()` and `putMapEntries(this)`, so its
    /// table is sized for the current size, not copied.
    pub fn clone_map(&self) -> Result<HashMap> {
        let links = self.links.as_ref().map(|links| links.reinitialize());
        let mut result = Self::init(0, links);
        result.put_map_entries(self)?;
        Ok(result)
    }

    /// `equals(Object o)` (from `AbstractMap`): same size and every mapping of this map
    /// is in `o`; `null` is never equal.
    pub fn equals(&self, o: Option<&HashMap>) -> Result<bool> {
        let Some(m) = o else {
            return Ok(false); // null instanceof Map
        };
        if m.size() != self.size() {
            return Ok(false);
        }
        for (key, value) in self.entries() {
            let other = m.get_node(key)?;
            if other.map(|e| m.nodes[e].value) != Some(value) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `hashCode()` (from `AbstractMap`): the wrapping sum of `key.hashCode() ^
    /// value.hashCode()` over the entries (`null` hashes to 0).
    pub fn hash_code(&self) -> i32 {
        self.entries().into_iter().fold(0i32, |h, (k, v)| {
            h.wrapping_add(k.unwrap_or(0) ^ v.unwrap_or(0))
        })
    }

    /// `toString()` (from `AbstractMap`): `{1=2, null=3}` in iteration order.
    pub fn to_java_string(&self) -> String {
        let shown = |v: Option<i32>| v.map_or("null".into(), |v| v.to_string());
        let entries: Vec<String> = self
            .entries()
            .into_iter()
            .map(|(k, v)| format!("{}={}", shown(k), shown(v)))
            .collect();
        format!("{{{}}}", entries.join(", "))
    }
}

/// A method's outcome as the harness stores it.
pub(crate) fn ok<S, T: Into<Value<S>>>(outcome: Result<T>) -> Result<Value<S>> {
    outcome.map(Into::into)
}

/// A subject whose state is a [`HashMap`]: `HashMap` itself and `LinkedHashMap`, which
/// share their instance methods ([`map_methods`]).
pub trait MapUnit: Subject {
    /// The map.
    fn map(&self) -> &HashMap;
    /// The map, mutably.
    fn map_mut(&mut self) -> &mut HashMap;
    /// Wraps a map built by the core (`clone()`) as an instance of this subject.
    fn wrap(map: HashMap) -> Self;
}

/// The instance methods of M_C shared by `HashMap` and `LinkedHashMap`, in the order of
/// `HashMap`'s source, then `AbstractMap`'s `equals`, `hashCode` and `toString`.
pub fn map_methods<M: MapUnit>() -> Vec<Method<M>> {
    use Param::{Integer, Object};
    use Return as R;
    #[rustfmt::skip]
    let methods: Vec<Method<M>> = vec![
        Method::instance("size", &[], R::Int, |m, _| ok(Ok(m.map().size()))),
        Method::instance("isEmpty", &[], R::Bool, |m, _| ok(Ok(m.map().is_empty()))),
        Method::instance("get", &[Integer], R::Int, |m, a| ok(m.map_mut().get(a.integer(0)))),
        Method::instance("containsKey", &[Integer], R::Bool, |m, a| ok(m.map().contains_key(a.integer(0)))),
        Method::instance("put", &[Integer, Integer], R::Int, |m, a| ok(m.map_mut().put(a.integer(0), a.integer(1)))),
        Method::instance("putAll", &[Object], R::Void, |m, a| ok(m.map_mut().put_all(a.object(0).map(M::map)))),
        Method::instance("remove", &[Integer], R::Int, |m, a| ok(m.map_mut().remove(a.integer(0)))),
        Method::instance("clear", &[], R::Void, |m, _| { m.map_mut().clear(); Ok(Value::Void) }),
        Method::instance("containsValue", &[Integer], R::Bool, |m, a| ok(Ok(m.map().contains_value(a.integer(0))))),
        Method::instance("getOrDefault", &[Integer, Integer], R::Int, |m, a| ok(m.map_mut().get_or_default(a.integer(0), a.integer(1)))),
        Method::instance("putIfAbsent", &[Integer, Integer], R::Int, |m, a| ok(m.map_mut().put_if_absent(a.integer(0), a.integer(1)))),
        Method::instance("remove", &[Integer, Integer], R::Bool, |m, a| ok(m.map_mut().remove_mapping(a.integer(0), a.integer(1)))),
        Method::instance("replace", &[Integer, Integer, Integer], R::Bool, |m, a| ok(m.map_mut().replace_mapping(a.integer(0), a.integer(1), a.integer(2)))),
        Method::instance("replace", &[Integer, Integer], R::Int, |m, a| ok(m.map_mut().replace(a.integer(0), a.integer(1)))),
        Method::instance("clone", &[], R::Object, |m, _| Ok(Value::Object(Some(M::wrap(m.map().clone_map()?))))),
        Method::instance("equals", &[Object], R::Bool, |m, a| ok(m.map().equals(a.object(0).map(M::map)))),
        Method::instance("hashCode", &[], R::Int, |m, _| ok(Ok(m.map().hash_code()))),
        Method::instance("toString", &[], R::Str, |m, _| ok(Ok(m.map().to_java_string()))),
    ];
    methods
}

impl MapUnit for HashMap {
    fn map(&self) -> &HashMap {
        self
    }
    fn map_mut(&mut self) -> &mut HashMap {
        self
    }
    fn wrap(map: HashMap) -> Self {
        map
    }
}

impl Subject for HashMap {
    const CLASS: &'static str = "HashMap";
    const JAVA_CLASS: &'static str = "java.util.HashMap";

    fn methods() -> Vec<Method<Self>> {
        use Param::{Int, Object};
        #[rustfmt::skip]
        let mut methods = vec![
            Method::constructor("HashMap", &[Int], |a| HashMap::with_capacity(a.int(0))),
            Method::constructor("HashMap", &[], |_| Ok(HashMap::new())),
            Method::constructor("HashMap", &[Object], |a| HashMap::from_map(a.object(0))),
        ];
        methods.extend(map_methods());
        methods
    }

    fn to_java_string(&self) -> String {
        HashMap::to_java_string(self)
    }
}

/// `LinkedHashMap`'s side of the map core: the hooks `HashMap` calls and `LinkedHashMap`
/// overrides (`newNode`'s `linkNodeLast`, `afterNodeAccess`, `afterNodeRemoval`,
/// `reinitialize`, `clear`'s list reset) and its iteration order along the entry list. A
/// plain `HashMap` has none (Java's hooks are empty there). Implemented by
/// [`crate::subjects::linked_hash_map::Links`] (and by its schemata copy, whose mutants
/// thereby run inside this core).
pub trait EntryLinks: std::fmt::Debug + Send + Sync {
    /// `linkNodeLast(p)`: the new node `p` goes to the tail.
    fn link_node_last(&mut self, p: usize);
    /// `afterNodeRemoval(p)`: unlinks node `p`.
    fn after_node_removal(&mut self, p: usize);
    /// `afterNodeAccess(p)`: whether node `p` moved to the tail (access order); the
    /// caller counts a move as a structural modification.
    fn after_node_access(&mut self, p: usize) -> bool;
    /// `head = tail = null` (from `clear()`).
    fn clear(&mut self);
    /// The nodes from `head` along the list: the iteration order.
    fn order(&self) -> Vec<usize>;
    /// `reinitialize()` (for `clone`): an empty list with the same ordering mode.
    fn reinitialize(&self) -> Box<dyn EntryLinks>;
    /// A copy of the list (for Rust's `Clone` of the map).
    fn clone_links(&self) -> Box<dyn EntryLinks>;
}

impl Clone for Box<dyn EntryLinks> {
    fn clone(&self) -> Self {
        self.clone_links()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::context::TestContext;
    use crate::subject::{SubjectUnit, Unit};
    use crate::subjects::linked_hash_map::Links;

    type E = JavaException;
    type Entries = Vec<(Option<i32>, Option<i32>)>;

    fn map_of(entries: &[(i32, i32)]) -> HashMap {
        let mut map = HashMap::new();
        for &(k, v) in entries {
            map.put(Some(k), Some(v)).unwrap();
        }
        map
    }

    // ---- Java semantics, as claims (expected strings printed by JDK 17) ----

    #[test]
    fn hash_spreads_the_high_half_into_the_low_half() {
        assert_eq!(hash(None), 0);
        assert_eq!(hash(Some(100)), 100);
        assert_eq!(hash(Some(65536)), 65537);
        assert_eq!(hash(Some(-1)), -65536);
        assert_eq!(hash(Some(i32::MIN)), i32::MIN | 0x8000);
    }

    #[test]
    fn table_size_for_rounds_up_to_a_power_of_two_within_limits() {
        let sizes: Vec<i32> = [-5, 0, 1, 2, 3, 16, 17, 100, MAXIMUM_CAPACITY, i32::MAX]
            .iter()
            .map(|&c| table_size_for(c))
            .collect();
        assert_eq!(sizes, [1, 1, 1, 2, 4, 16, 32, 128, MAXIMUM_CAPACITY, MAXIMUM_CAPACITY]);
    }

    #[test]
    fn to_string_lists_buckets_in_table_order_like_java() {
        let mut map = HashMap::new();
        for k in [100, 0, 65536, 1, -1, 17, 16, 33] {
            map.put(Some(k), Some(k * 2)).unwrap();
        }
        map.put(None, None).unwrap();
        // JDK 17: the same puts on a java.util.HashMap
        assert_eq!(
            map.to_java_string(),
            "{0=0, -1=-2, 16=32, null=null, 65536=131072, 1=2, 17=34, 33=66, 100=200}"
        );
        assert_eq!(map.capacity(), 16);
        assert_eq!(HashMap::new().to_java_string(), "{}");
    }

    #[test]
    fn resize_keeps_bucket_order_like_java() {
        let mut map = HashMap::new();
        for k in 0..13 {
            map.put(Some(k * 16 + k % 2), Some(k)).unwrap();
        }
        // JDK 17: the 13th put resizes 16 → 32, splitting buckets 0 and 1 into lo/hi lists
        assert_eq!(
            map.to_java_string(),
            "{0=0, 32=2, 64=4, 96=6, 128=8, 160=10, 192=12, 17=1, 49=3, 81=5, 113=7, 145=9, 177=11}"
        );
        assert_eq!(map.capacity(), 32);
    }

    #[test]
    fn table_is_created_lazily_and_grows_at_load_factor_three_quarters() {
        let mut map = HashMap::with_capacity(0).unwrap();
        assert_eq!(map.capacity(), 1, "tableSizeFor(0) waits in threshold");
        let mut capacities = vec![];
        for k in 0..14 {
            map.put(Some(k), Some(k)).unwrap();
            capacities.push(map.capacity());
        }
        // JDK 17, HashMap.capacity() after each put on new HashMap(0)
        assert_eq!(capacities, [2, 4, 4, 8, 8, 8, 16, 16, 16, 16, 16, 16, 32, 32]);
        assert_eq!(HashMap::new().capacity(), DEFAULT_INITIAL_CAPACITY);
        assert_eq!(HashMap::with_capacity(100).unwrap().capacity(), 128);
    }

    #[test]
    fn nine_colliding_keys_resize_a_short_table_instead_of_treeifying() {
        let mut map = HashMap::new();
        let mut capacities = vec![];
        for k in 0..9 {
            map.put(Some(k * 128), Some(k)).unwrap();
            capacities.push(map.capacity());
        }
        // JDK 17: the 9th node in one bucket calls treeifyBin, which resizes (16 < 64)
        assert_eq!(capacities, [16, 16, 16, 16, 16, 16, 16, 16, 32]);
        assert_eq!(
            map.to_java_string(),
            "{0=0, 128=1, 256=2, 384=3, 512=4, 640=5, 768=6, 896=7, 1024=8}"
        );
    }

    #[test]
    fn negative_initial_capacity_throws_illegal_argument() {
        assert_eq!(HashMap::with_capacity(-1).err(), Some(E::IllegalArgument));
        assert_eq!(HashMap::with_capacity(i32::MAX).unwrap().capacity(), MAXIMUM_CAPACITY);
    }

    #[test]
    fn huge_tables_throw_out_of_memory_after_updating_the_threshold() {
        let mut map = HashMap::with_capacity(HEAP_ARRAY_LIMIT).unwrap();
        assert_eq!(map.put(Some(1), Some(1)), Err(E::OutOfMemory));
        assert_eq!((map.size(), map.to_java_string()), (0, "{}".to_string()));
        // resize() stored newThr = 0.75 · 2^28 before `new Node[2^28]` failed
        assert_eq!(map.capacity(), 201_326_592);
        assert_eq!(HashMap::with_capacity(HEAP_ARRAY_LIMIT - 1).unwrap().capacity(), HEAP_ARRAY_LIMIT);
    }

    #[test]
    fn put_on_existing_key_returns_the_old_value_without_a_structural_modification() {
        let mut map = map_of(&[(1, 10)]);
        let mod_count = map.mod_count();
        assert_eq!(map.put(Some(1), Some(11)), Ok(Some(10)));
        assert_eq!(map.mod_count(), mod_count);
        assert_eq!(map.put(Some(2), None), Ok(None));
        assert_eq!(map.mod_count(), mod_count + 1);
        assert_eq!(map.put(Some(2), Some(3)), Ok(None), "the old value was null");
        assert_eq!(map.to_java_string(), "{1=11, 2=3}");
    }

    #[test]
    fn null_keys_and_values_are_allowed() {
        let mut map = HashMap::new();
        assert_eq!(map.put(None, Some(1)), Ok(None));
        assert_eq!(map.get(None), Ok(Some(1)));
        assert_eq!(map.contains_key(None), Ok(true));
        map.put(Some(2), None).unwrap();
        assert!(map.contains_value(None));
        assert_eq!(map.get(Some(2)), Ok(None));
        assert_eq!(map.get_or_default(Some(2), Some(9)), Ok(None), "mapped to null");
        assert_eq!(map.get_or_default(Some(3), Some(9)), Ok(Some(9)));
        assert_eq!(map.remove(None), Ok(Some(1)));
        assert_eq!(map.to_java_string(), "{2=null}");
    }

    #[test]
    fn put_if_absent_replace_and_conditional_remove_follow_java() {
        // JDK 17: null 3 {1=3} null {1=3} false true {1=5}
        let mut map = HashMap::new();
        map.put(Some(1), None).unwrap();
        assert_eq!(map.put_if_absent(Some(1), Some(3)), Ok(None));
        assert_eq!(map.put_if_absent(Some(1), Some(4)), Ok(Some(3)));
        assert_eq!(map.replace(Some(2), Some(1)), Ok(None));
        assert_eq!(map.to_java_string(), "{1=3}");
        assert_eq!(map.remove_mapping(Some(1), Some(4)), Ok(false));
        assert_eq!(map.replace_mapping(Some(1), Some(3), Some(5)), Ok(true));
        assert_eq!(map.to_java_string(), "{1=5}");
        assert_eq!(map.remove_mapping(Some(1), Some(5)), Ok(true));
        assert!(map.is_empty());
    }

    #[test]
    fn clone_is_resized_for_its_size_and_may_iterate_in_another_order() {
        let mut map = HashMap::with_capacity(64).unwrap();
        map.put(Some(9), Some(1)).unwrap();
        map.put(Some(2), Some(2)).unwrap();
        let clone = map.clone_map().unwrap();
        let copy = HashMap::from_map(Some(&map)).unwrap();
        // JDK 17: {2=2, 9=1} 64 clone {9=1, 2=2} 4 eq true copy {9=1, 2=2} 4
        assert_eq!((map.to_java_string(), map.capacity()), ("{2=2, 9=1}".into(), 64));
        assert_eq!((clone.to_java_string(), clone.capacity()), ("{9=1, 2=2}".into(), 4));
        assert_eq!((copy.to_java_string(), copy.capacity()), ("{9=1, 2=2}".into(), 4));
        assert_eq!(map.equals(Some(&clone)), Ok(true));
        assert_eq!(clone.mod_count(), 2);
        assert_eq!(HashMap::from_map(None).err(), Some(E::NullPointer));
    }

    #[test]
    fn put_all_doubles_an_allocated_table_until_the_source_fits() {
        let mut source = HashMap::new();
        for k in 0..30 {
            source.put(Some(k * 7), Some(k)).unwrap();
        }
        let mut target = map_of(&[(5, 5)]);
        target.put_all(Some(&source)).unwrap();
        let mut fresh = HashMap::new();
        fresh.put_all(Some(&source)).unwrap();
        // JDK 17: both 64
        assert_eq!((target.capacity(), fresh.capacity()), (64, 64));
        assert_eq!(
            target.to_java_string(),
            "{0=0, 196=28, 5=5, 133=19, 70=10, 7=1, 203=29, 140=20, 77=11, 14=2, 147=21, \
             84=12, 21=3, 154=22, 91=13, 28=4, 161=23, 98=14, 35=5, 168=24, 105=15, 42=6, \
             175=25, 112=16, 49=7, 182=26, 119=17, 56=8, 189=27, 126=18, 63=9}"
        );
        assert_eq!(target.put_all(None), Err(E::NullPointer));
    }

    #[test]
    fn negative_keys_land_in_buckets_by_their_spread_hash() {
        let mut map = HashMap::with_capacity(2).unwrap();
        for (k, v) in [(-16, 1), (-1, 2), (i32::MIN, 3), (-65536, 4)] {
            map.put(Some(k), Some(v)).unwrap();
        }
        // JDK 17
        assert_eq!(map.to_java_string(), "{-1=2, -2147483648=3, -16=1, -65536=4}");
        assert_eq!(map.capacity(), 8);
    }

    #[test]
    fn hash_code_sums_key_xor_value_with_wrapping() {
        let mut map = map_of(&[(i32::MAX, i32::MAX - 1), (-5, 3)]);
        map.put(None, Some(7)).unwrap();
        map.put(Some(8), None).unwrap();
        // JDK 17: 8 {2147483647=2147483646, null=7, -5=3, 8=null}
        assert_eq!(map.hash_code(), 8);
        assert_eq!(map.to_java_string(), "{2147483647=2147483646, null=7, -5=3, 8=null}");
    }

    #[test]
    fn equals_tells_a_null_value_from_a_missing_key() {
        let mut a = HashMap::new();
        a.put(Some(1), None).unwrap();
        let mut b = HashMap::new();
        b.put(Some(2), None).unwrap();
        assert_eq!(a.equals(Some(&b)), Ok(false));
        assert_eq!(a.equals(None), Ok(false));
        assert_eq!(HashMap::new().equals(Some(&HashMap::with_capacity(3).unwrap())), Ok(true));
    }

    #[test]
    fn clear_keeps_the_table_and_the_arena_is_reused() {
        let mut map = map_of(&[(1, 1), (2, 2), (3, 3)]);
        map.remove(Some(2)).unwrap();
        map.put(Some(4), Some(4)).unwrap();
        assert_eq!(map.to_java_string(), "{1=1, 3=3, 4=4}");
        map.clear();
        assert_eq!((map.size(), map.capacity(), map.to_java_string()), (0, 16, "{}".into()));
        assert_eq!(map.get(Some(1)), Ok(None));
    }

    // ---- differential: the port against a model on std collections ----

    /// One call of the map API; `Option<Entries>` arguments are maps from the object pool
    /// (`None` = `null`), as the entries to put into a fresh map of the same kind.
    #[derive(Clone, Debug)]
    pub(crate) enum Op {
        Put(Option<i32>, Option<i32>),
        Get(Option<i32>),
        ContainsKey(Option<i32>),
        ContainsValue(Option<i32>),
        Remove(Option<i32>),
        GetOrDefault(Option<i32>, Option<i32>),
        PutIfAbsent(Option<i32>, Option<i32>),
        RemoveMapping(Option<i32>, Option<i32>),
        ReplaceMapping(Option<i32>, Option<i32>, Option<i32>),
        Replace(Option<i32>, Option<i32>),
        PutAll(Option<Entries>),
        Equals(Option<Entries>),
        Size,
        IsEmpty,
        Clear,
        HashCode,
        Clone,
    }

    /// Keys and values: small ints, multiples of 16 (bucket collisions), `null`, any int.
    pub(crate) fn key() -> impl Strategy<Value = Option<i32>> {
        prop_oneof![
            1 => Just(None),
            6 => (-2..40).prop_map(Some),
            2 => (-4..12).prop_map(|k| Some(k * 16)),
            1 => any::<i32>().prop_map(Some),
        ]
    }

    fn entries() -> impl Strategy<Value = Option<Entries>> {
        prop::option::weighted(0.9, prop::collection::vec((key(), key()), 0..20))
    }

    pub(crate) fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            10 => (key(), key()).prop_map(|(k, v)| Op::Put(k, v)),
            2 => key().prop_map(Op::Get),
            2 => key().prop_map(Op::ContainsKey),
            1 => key().prop_map(Op::ContainsValue),
            3 => key().prop_map(Op::Remove),
            1 => (key(), key()).prop_map(|(k, v)| Op::GetOrDefault(k, v)),
            2 => (key(), key()).prop_map(|(k, v)| Op::PutIfAbsent(k, v)),
            1 => (key(), key()).prop_map(|(k, v)| Op::RemoveMapping(k, v)),
            1 => (key(), key(), key()).prop_map(|(k, o, v)| Op::ReplaceMapping(k, o, v)),
            1 => (key(), key()).prop_map(|(k, v)| Op::Replace(k, v)),
            2 => entries().prop_map(Op::PutAll),
            1 => entries().prop_map(Op::Equals),
            1 => Just(Op::Size),
            1 => Just(Op::IsEmpty),
            1 => Just(Op::Clear),
            1 => Just(Op::HashCode),
            1 => Just(Op::Clone),
        ]
    }

    /// A map of the given kind holding `entries` (put in order).
    fn build(linked: bool, entries: &[(Option<i32>, Option<i32>)]) -> HashMap {
        let mut map = HashMap::init(0, linked.then(|| Links::empty(false)));
        for &(k, v) in entries {
            map.put(k, v).unwrap();
        }
        map
    }

    /// Runs `op` on the port; results rendered with `{:?}` to compare with the model's.
    fn run_port(map: &mut HashMap, linked: bool, op: &Op) -> std::result::Result<String, E> {
        let other = |c: &Option<Entries>| c.as_deref().map(|c| build(linked, c));
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        Ok(match op {
            Op::Put(k, v) => shown(&map.put(*k, *v)?),
            Op::Get(k) => shown(&map.get(*k)?),
            Op::ContainsKey(k) => shown(&map.contains_key(*k)?),
            Op::ContainsValue(v) => shown(&map.contains_value(*v)),
            Op::Remove(k) => shown(&map.remove(*k)?),
            Op::GetOrDefault(k, d) => shown(&map.get_or_default(*k, *d)?),
            Op::PutIfAbsent(k, v) => shown(&map.put_if_absent(*k, *v)?),
            Op::RemoveMapping(k, v) => shown(&map.remove_mapping(*k, *v)?),
            Op::ReplaceMapping(k, o, v) => shown(&map.replace_mapping(*k, *o, *v)?),
            Op::Replace(k, v) => shown(&map.replace(*k, *v)?),
            Op::PutAll(c) => shown(&map.put_all(other(c).as_ref())?),
            Op::Equals(c) => shown(&map.equals(other(c).as_ref())?),
            Op::Size => shown(&map.size()),
            Op::IsEmpty => shown(&map.is_empty()),
            Op::Clear => shown(&map.clear()),
            Op::HashCode => shown(&map.hash_code()),
            Op::Clone => shown(&sorted(map.clone_map()?.entries())),
        })
    }

    fn sorted(mut entries: Entries) -> Entries {
        entries.sort();
        entries
    }

    /// The model: a `Vec` of entries in insertion order (a `LinkedHashMap` in insertion
    /// order, and a `HashMap` up to order), with `std`'s `HashMap` for `equals`.
    fn run_model(v: &mut Entries, op: &Op) -> std::result::Result<String, E> {
        let shown = |x: &dyn std::fmt::Debug| format!("{x:?}");
        let find = |v: &Entries, k: Option<i32>| v.iter().position(|e| e.0 == k);
        let put = |v: &mut Entries, k, val, only_if_absent: bool| match find(v, k) {
            Some(i) => {
                let old = v[i].1;
                if !only_if_absent || old.is_none() {
                    v[i].1 = val;
                }
                old
            }
            None => {
                v.push((k, val));
                None
            }
        };
        let model_of = |c: &Entries| {
            let mut m = Entries::new();
            for &(k, val) in c {
                put(&mut m, k, val, false);
            }
            m
        };
        Ok(match op {
            Op::Put(k, val) => shown(&put(v, *k, *val, false)),
            Op::Get(k) => shown(&find(v, *k).and_then(|i| v[i].1)),
            Op::ContainsKey(k) => shown(&find(v, *k).is_some()),
            Op::ContainsValue(val) => shown(&v.iter().any(|e| e.1 == *val)),
            Op::Remove(k) => shown(&find(v, *k).and_then(|i| v.remove(i).1)),
            Op::GetOrDefault(k, d) => shown(&find(v, *k).map_or(*d, |i| v[i].1)),
            Op::PutIfAbsent(k, val) => shown(&put(v, *k, *val, true)),
            Op::RemoveMapping(k, val) => {
                let i = find(v, *k).filter(|&i| v[i].1 == *val);
                shown(&i.map(|i| v.remove(i)).is_some())
            }
            Op::ReplaceMapping(k, o, val) => {
                let i = find(v, *k).filter(|&i| v[i].1 == *o);
                shown(&i.map(|i| v[i].1 = *val).is_some())
            }
            Op::Replace(k, val) => shown(&find(v, *k).and_then(|i| std::mem::replace(&mut v[i].1, *val))),
            Op::PutAll(c) => {
                for (k, val) in model_of(c.as_ref().ok_or(E::NullPointer)?) {
                    put(v, k, val, false);
                }
                shown(&())
            }
            Op::Equals(c) => {
                let as_std = |e: &Entries| e.iter().copied().collect::<std::collections::HashMap<_, _>>();
                shown(&c.as_ref().is_some_and(|c| as_std(&model_of(c)) == as_std(v)))
            }
            Op::Size => shown(&(v.len() as i32)),
            Op::IsEmpty => shown(&v.is_empty()),
            Op::Clear => shown(&v.clear()),
            Op::HashCode => shown(&v.iter().fold(0i32, |h, (k, val)| {
                h.wrapping_add(k.unwrap_or(0) ^ val.unwrap_or(0))
            })),
            Op::Clone => shown(&sorted(v.clone())),
        })
    }

    /// Runs `ops` on a map of the given kind (`initial`: a capacity, or `None` for the
    /// default constructor) and on the model, comparing every result and the contents:
    /// in insertion order for a `LinkedHashMap`; for a `HashMap`, up to order, with the
    /// entries in ascending bucket order.
    pub(crate) fn check_map_sequence(linked: bool, initial: Option<i32>, ops: &[Op]) -> std::result::Result<(), TestCaseError> {
        let links = || linked.then(|| Links::empty(false));
        let mut map = match initial {
            None => HashMap::init(0, links()),
            Some(capacity) => match HashMap::with_capacity_linked(capacity, links()) {
                Ok(map) => map,
                Err(thrown) => {
                    prop_assert!(capacity < 0 && thrown == E::IllegalArgument);
                    return Ok(());
                }
            },
        };
        let mut model = Entries::new();
        for (step, op) in ops.iter().enumerate() {
            let got = run_port(&mut map, linked, op);
            let want = run_model(&mut model, op);
            prop_assert_eq!(&got, &want, "step {} {:?}", step, op);
            let entries = map.entries();
            prop_assert_eq!(entries.len() as i32, map.size());
            if linked {
                prop_assert_eq!(&entries, &model);
            } else {
                prop_assert_eq!(sorted(entries.clone()), sorted(model.clone()));
                let bucket = |k: Option<i32>| (map.capacity() - 1) & hash(k);
                prop_assert!(entries.windows(2).all(|w| bucket(w[0].0) <= bucket(w[1].0)));
                prop_assert!(map.size() <= map.capacity() * 3 / 4 || map.capacity() >= MAXIMUM_CAPACITY);
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn port_matches_an_entry_list_model_on_random_operation_sequences(
            initial in prop::option::of(-2..40i32),
            ops in prop::collection::vec(op(), 0..80),
        ) {
            check_map_sequence(false, initial, &ops)?;
        }
    }

    // ---- through the harness, in the paper's default context ----

    #[test]
    fn paper_context_has_j_89() {
        // vps: int 2, boolean 2, String 2, HashMap 1. nc(m) = product over the slots
        // (parameters, then target, then result):
        //   HashMap(int) 2   HashMap() 1   HashMap(HashMap) 1
        //   size() 1·2 = 2   isEmpty() 2   get(Integer) 2·1·2 = 4   containsKey 4
        //   put(Integer,Integer) 2·2·1·2 = 8   putAll(HashMap) 1·1 = 1   remove(Integer) 4
        //   clear() 1   containsValue 4   getOrDefault 8   putIfAbsent 8
        //   remove(Integer,Integer) 8   replace(Integer,Integer,Integer) 2·2·2·1·2 = 16
        //   replace(Integer,Integer) 8   clone() 1·1 = 1   equals(HashMap) 1·1·2 = 2
        //   hashCode() 2   toString() 2
        // j = 4 + (2+2+4+4) + (8+1+4+1+4) + (8+8+8+16+8) + (1+2+2+2) = 4+12+18+48+7 = 89
        let unit = SubjectUnit::<HashMap>::new();
        let context = TestContext::paper(&unit).unwrap();
        assert_eq!(context.methods().len(), 21);
        assert_eq!(context.j(), 89);
    }

    #[test]
    fn harness_runs_put_and_to_string_and_registry_finds_hash_map() {
        let unit = crate::subject::registry().find("HashMap").unwrap();
        assert_eq!(unit.java_class(), "java.util.HashMap");
        let unit = SubjectUnit::<HashMap>::new();
        let context = Arc::new(TestContext::paper(&unit).unwrap());
        let call = |signature: &str, slots: &[u32]| {
            let m = context.methods().iter().position(|m| m.info.signature == signature).unwrap();
            context.call_space().encode_call(m, slots).unwrap()
        };
        let mut session = unit.session(context.clone());
        session.step(call("HashMap()", &[0])).unwrap();
        // int_vp[0] = object_vp[0].put(int_vp[1], int_vp[0]);  → null
        session.step(call("put(Integer,Integer)", &[1, 0, 0, 0])).unwrap();
        assert_eq!(session.primitives().ints, [None, Some(100)]);
        // int_vp[1] = object_vp[0].put(int_vp[0], int_vp[1]);  put(null, 100) → null
        session.step(call("put(Integer,Integer)", &[0, 1, 0, 1])).unwrap();
        session.step(call("toString()", &[0, 0])).unwrap();
        assert_eq!(session.primitives().strings[0].as_deref(), Some("{null=100, 100=0}"));
        // object_vp[0] = new HashMap(int_vp[1]);  unboxing null throws
        assert_eq!(session.step(call("HashMap(int)", &[1, 0])), Err(E::NullPointer));
    }
}
