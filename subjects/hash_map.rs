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
//! `LinkedHashMap` ([`super::linked_hash_map::Links`]) otherwise; `LinkedHashMap`'s
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

use super::array_list::HEAP_ARRAY_LIMIT;
use super::linked_hash_map::Links;
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
#[derive(Clone, Debug)]
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
#[derive(Clone, Debug)]
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
#[derive(Clone, Debug)]
pub struct HashMap {
    table: Option<Table>,
    nodes: Vec<Node>,
    free: Vec<usize>,
    size: i32,
    mod_count: i32,
    threshold: i32,
    links: Option<Links>,
}

impl Default for HashMap {
    fn default() -> Self {
        Self::new()
    }
}

impl HashMap {
    /// An empty map with no table, the given `threshold` and, for a `LinkedHashMap`, an
    /// empty entry list.
    pub(crate) fn init(threshold: i32, links: Option<Links>) -> Self {
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
    pub(crate) fn with_capacity_linked(initial_capacity: i32, links: Option<Links>) -> Result<Self> {
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
    pub(crate) fn from_map_linked(m: Option<&HashMap>, links: Option<Links>) -> Result<Self> {
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
        let links = self.links.as_ref().map(Links::reinitialize);
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
        Method::instance("clear", &[], R::Void, |m, _| ok(Ok(m.map_mut().clear()))),
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
