//! `Properties`: a port of JDK 17's `java.util.Properties` with `String` keys and values.
//!
//! # What is ported
//! Since JDK 9 `Properties extends Hashtable<Object,Object>` but keeps its entries in a
//! private `ConcurrentHashMap<Object,Object> map` (created with initial capacity 8) and
//! delegates every `Map` method to it; the inherited `Hashtable` table is never used.
//! So this is a single-threaded port of JDK 17's [`ConcurrentHashMap`] algorithms:
//! `spread(h) = (h ^ (h >>> 16)) & HASH_BITS`, power-of-two tables sized by
//! `tableSizeFor`, `sizeCtl`, lazy `initTable`, `putVal` appending at the TAIL of a
//! bin, `addCount` resizing when the count reaches `sizeCtl` (¾ of the table),
//! `transfer` splitting each bin into `ln`/`hn` lists (the `lastRun` tail keeps its
//! order, the nodes before it are pushed in front, reversed), `tryPresize` (used by
//! `putAll` and by `treeifyBin` on tables under 64 slots), `replaceNode`, `clear`, the
//! `Traverser` order (slot 0 up, each bin from its head) of `toString`, `equals`,
//! `hashCode` and `putAll`. `String.hashCode()` is Java's, over UTF-16 code units.
//! M_C, in the order of the Java source: `Properties()`, `Properties(int)` (JDK 10+),
//! `Properties(Properties defaults)`, `setProperty`, `getProperty(String)`,
//! `getProperty(String,String)` (both fall back to `defaults`), then the `Map` methods
//! `Properties` overrides in JDK 17 with `Object` keys and values taken as `String`s:
//! `size`, `isEmpty`, `equals`, `hashCode`, `toString`, `contains`, `containsValue`,
//! `containsKey`, `get`, `put`, `remove(Object)`, `putAll` (a `Properties` from the
//! object pool), `clear`, `getOrDefault`, `putIfAbsent`, `remove(Object,Object)`,
//! `replace(K,V,V)`, `replace(K,V)`, `clone`. `null` keys and values throw
//! `NullPointerException` where `ConcurrentHashMap` does.
//!
//! # What is left out, and why
//! * `load`, `store`, `loadFromXML`, `storeToXML`, `list`, `save` (streams, readers,
//!   writers), `propertyNames`, `keys`, `elements` (enumerations), `stringPropertyNames`
//!   (a `Set`), `keySet`, `entrySet`, `values` (views), `forEach`, `replaceAll`,
//!   `compute*`, `merge` (lambdas): their types are not types of interest.
//! * `rehash()` is `protected` and empty in `Properties`.
//! * Bins of 8 or more nodes in a table of 64 or more slots: Java converts them to a
//!   red-black `TreeBin`, whose later insertions go to the head of its node list; here
//!   such a bin stays a list (insertions at the tail). Only the iteration order of such
//!   a bin can differ, and only with 8 keys colliding in one bin of a 64-slot table.
//!   (`treeifyBin`'s other branch, resizing tables under 64 slots, is ported.)
//! * Concurrency: no counter cells, forwarding nodes or resize helping; a resize runs to
//!   completion inside the call that starts it, which is what one thread sees in Java.
//! * Exception messages: [`JavaException`] carries the class only.
//!
//! # Modelling decisions
//! * `defaults`: Java shares the `Properties` object passed to `Properties(Properties)`
//!   by reference, so later changes to it show through `getProperty`; here the harness
//!   passes a snapshot (a clone of the pool object), so the defaults are frozen at
//!   construction. `clone()` copies the defaults as Java's shallow clone shares them.
//! * Tables are stored sparsely (see `Hashtable`); allocating one of
//!   [`HEAP_ARRAY_LIMIT`](super::array_list::HEAP_ARRAY_LIMIT) or more slots throws
//!   `OutOfMemoryError`, which `transfer` catches as Java's does (`sizeCtl = MAX_VALUE`).

use super::hashtable::Table;
use crate::subject::{JavaException, Method, Param, Return, Subject, Value};

/// `ConcurrentHashMap.MAXIMUM_CAPACITY`.
const MAXIMUM_CAPACITY: i32 = 1 << 30;

/// `ConcurrentHashMap.DEFAULT_CAPACITY`.
const DEFAULT_CAPACITY: i32 = 16;

/// `ConcurrentHashMap.LOAD_FACTOR`.
const LOAD_FACTOR: f32 = 0.75;

/// `ConcurrentHashMap.TREEIFY_THRESHOLD`.
const TREEIFY_THRESHOLD: i32 = 8;

/// `ConcurrentHashMap.MIN_TREEIFY_CAPACITY`.
const MIN_TREEIFY_CAPACITY: i32 = 64;

/// `ConcurrentHashMap.HASH_BITS`: usable bits of a normal node hash.
const HASH_BITS: i32 = 0x7fff_ffff;

/// The initial capacity `Properties` gives its map.
const PROPERTIES_CAPACITY: i32 = 8;

type Result<T> = std::result::Result<T, JavaException>;

/// `String.hashCode()`: `s[0]*31^(n-1) + … + s[n-1]` over UTF-16 code units, wrapping.
pub fn string_hash(s: &str) -> i32 {
    s.encode_utf16()
        .fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(i32::from(c)))
}

/// `ConcurrentHashMap.spread(int h)`: `(h ^ (h >>> 16)) & HASH_BITS`.
fn spread(h: i32) -> i32 {
    (h ^ ((h as u32) >> 16) as i32) & HASH_BITS
}

/// `ConcurrentHashMap.tableSizeFor(int c)`: the least power of two ≥ `c`, in `[1, 2^30]`.
fn table_size_for(c: i32) -> i32 {
    let n = u32::MAX.wrapping_shr(c.wrapping_sub(1).leading_zeros()) as i32;
    if n < 0 {
        1
    } else if n >= MAXIMUM_CAPACITY {
        MAXIMUM_CAPACITY
    } else {
        n + 1
    }
}

/// A `ConcurrentHashMap.Node`: spread hash, key and value (never `null`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    hash: i32,
    key: String,
    val: String,
}

/// `java.util.concurrent.ConcurrentHashMap<Object,Object>` as one thread sees it.
#[derive(Clone, Debug)]
pub struct ConcurrentHashMap {
    table: Table<Node>,
    base_count: i64,
    size_ctl: i32,
}

impl ConcurrentHashMap {
    /// `new ConcurrentHashMap(initialCapacity, 0.75f, 1)` (what JDK 17's
    /// `ConcurrentHashMap(int)` calls): a negative capacity throws.
    pub fn with_capacity(initial_capacity: i32) -> Result<Self> {
        if initial_capacity < 0 {
            return Err(JavaException::IllegalArgument);
        }
        let initial_capacity = initial_capacity.max(1); // at least concurrencyLevel bins
        let size = (1.0 + f64::from(initial_capacity as f32 / LOAD_FACTOR)) as i64;
        let cap = if size >= i64::from(MAXIMUM_CAPACITY) {
            MAXIMUM_CAPACITY
        } else {
            table_size_for(size as i32)
        };
        Ok(Self::with_size_ctl(cap))
    }

    /// A map with no table yet and the given `sizeCtl`.
    fn with_size_ctl(size_ctl: i32) -> Self {
        let table = Table::default();
        ConcurrentHashMap {
            table,
            base_count: 0,
            size_ctl,
        }
    }

    /// `new ConcurrentHashMap(Map m)`: `sizeCtl = DEFAULT_CAPACITY`, then `putAll(m)`.
    pub fn from_map(m: &ConcurrentHashMap) -> Result<Self> {
        let mut map = Self::with_size_ctl(DEFAULT_CAPACITY);
        map.put_all(m)?;
        Ok(map)
    }

    /// The table's length, 0 before the first insertion (not Java API: for tests).
    pub fn capacity(&self) -> i32 {
        self.table.length
    }

    /// `size()`: the count, clamped to `int`.
    pub fn size(&self) -> i32 {
        self.base_count.clamp(0, i64::from(i32::MAX)) as i32
    }

    /// `isEmpty()`.
    pub fn is_empty(&self) -> bool {
        self.base_count <= 0
    }

    /// The nodes in `Traverser` order: slot 0 up, each bin from its head.
    fn nodes(&self) -> impl Iterator<Item = &Node> {
        self.table.chains().flat_map(|(_, bin)| bin)
    }

    /// The bin index of a spread hash: `(n - 1) & h`.
    fn bin_of(&self, hash: i32) -> i32 {
        (self.table.length - 1) & hash
    }

    /// `get(Object key)`: the value, or `null`; a `null` key throws.
    pub fn get(&self, key: Option<&str>) -> Result<Option<&str>> {
        let key = key.ok_or(JavaException::NullPointer)?;
        let h = spread(string_hash(key));
        if self.table.length == 0 {
            return Ok(None);
        }
        let bin = self.table.chain(self.bin_of(h))?;
        let found = bin.iter().find(|e| e.hash == h && e.key == key);
        Ok(found.map(|e| e.val.as_str()))
    }

    /// `containsValue(Object value)`: a `null` value throws.
    pub fn contains_value(&self, value: Option<&str>) -> Result<bool> {
        let value = value.ok_or(JavaException::NullPointer)?;
        Ok(self.nodes().any(|p| p.val == value))
    }

    /// `putVal(K key, V value, boolean onlyIfAbsent)`: the previous value, or `null`.
    fn put_val(&mut self, key: Option<&str>, value: Option<&str>, only_if_absent: bool) -> Result<Option<String>> {
        let (Some(key), Some(value)) = (key, value) else {
            return Err(JavaException::NullPointer);
        };
        let hash = spread(string_hash(key));
        if self.table.length == 0 {
            self.init_table()?;
        }
        let i = self.bin_of(hash);
        let bin = self.table.chain_mut(i)?;
        let node = || Node {
            hash,
            key: key.to_owned(),
            val: value.to_owned(),
        };
        let Some(f) = bin.first() else {
            bin.push(node()); // casTabAt(tab, i, null, new Node(hash, key, value))
            self.add_count(1, 0)?;
            return Ok(None);
        };
        if only_if_absent && f.hash == hash && f.key == key {
            return Ok(Some(f.val.clone()));
        }
        let mut old_val = None;
        let mut bin_count = bin.len() as i32;
        if let Some(p) = bin.iter().position(|e| e.hash == hash && e.key == key) {
            bin_count = p as i32 + 1;
            let e = &mut bin[p];
            old_val = Some(if only_if_absent {
                e.val.clone()
            } else {
                std::mem::replace(&mut e.val, value.to_owned())
            });
        } else {
            bin.push(node()); // pred.next = new Node(hash, key, value)
        }
        if bin_count >= TREEIFY_THRESHOLD {
            self.treeify_bin()?;
        }
        if old_val.is_some() {
            return Ok(old_val);
        }
        self.add_count(1, bin_count)?;
        Ok(None)
    }

    /// `initTable()`: `sizeCtl` slots (16 if 0), then `sizeCtl = n - n/4`.
    fn init_table(&mut self) -> Result<()> {
        let sc = self.size_ctl;
        let n = if sc > 0 { sc } else { DEFAULT_CAPACITY };
        self.table = Table::new(n)?; // on OutOfMemoryError, `finally` restores sizeCtl
        self.size_ctl = n - (n >> 2);
        Ok(())
    }

    /// `addCount(long x, int check)`: adds to the count; if `check >= 0`, resizes while
    /// the count has reached `sizeCtl`.
    fn add_count(&mut self, x: i64, check: i32) -> Result<()> {
        self.base_count += x;
        let mut s = self.base_count;
        if check >= 0 {
            while s >= i64::from(self.size_ctl)
                && self.table.length != 0
                && self.table.length < MAXIMUM_CAPACITY
            {
                self.transfer()?;
                s = self.base_count;
            }
        }
        Ok(())
    }

    /// `treeifyBin(tab, index)` on a table under 64 slots: `tryPresize(n << 1)`.
    /// (On larger tables Java builds a `TreeBin`: not ported, see the module doc.)
    fn treeify_bin(&mut self) -> Result<()> {
        let n = self.table.length;
        if n < MIN_TREEIFY_CAPACITY {
            self.try_presize(n << 1)?;
        }
        Ok(())
    }

    /// `tryPresize(int size)`: grows the table to hold `size` entries without resizing.
    fn try_presize(&mut self, size: i32) -> Result<()> {
        let c = if size >= (MAXIMUM_CAPACITY >> 1) {
            MAXIMUM_CAPACITY
        } else {
            table_size_for(size + (size >> 1) + 1)
        };
        while self.size_ctl >= 0 {
            let sc = self.size_ctl;
            let n = self.table.length;
            if n == 0 {
                let n = sc.max(c);
                self.table = Table::new(n)?; // on OutOfMemoryError, `finally` restores sizeCtl
                self.size_ctl = n - (n >> 2);
            } else if c <= sc || n >= MAXIMUM_CAPACITY {
                break;
            } else {
                self.transfer()?;
            }
        }
        Ok(())
    }

    /// `transfer(tab, null)`: doubles the table, splitting bin `i` into `ln` (slot `i`)
    /// and `hn` (slot `i + n`) by the hash bit `n`, bins from the last down.
    fn transfer(&mut self) -> Result<()> {
        let n = self.table.length;
        let Ok(mut next_tab) = Table::new(n << 1) else {
            self.size_ctl = i32::MAX; // catch (Throwable ex): try to cope with OOME
            return Ok(());
        };
        for (i, f) in self.table.take_chains().into_iter().rev() {
            let mut run_bit = f[0].hash & n;
            let mut last_run = 0;
            for (p, node) in f.iter().enumerate().skip(1) {
                let b = node.hash & n;
                if b != run_bit {
                    run_bit = b;
                    last_run = p;
                }
            }
            let (mut ln, mut hn) = (vec![], vec![]);
            if run_bit == 0 {
                ln = f[last_run..].to_vec();
            } else {
                hn = f[last_run..].to_vec();
            }
            for node in &f[..last_run] {
                let list = if node.hash & n == 0 { &mut ln } else { &mut hn };
                list.insert(0, node.clone()); // new Node(ph, pk, pv, ln): pushed in front
            }
            next_tab.set(i, ln)?;
            next_tab.set(i + n, hn)?;
        }
        self.table = next_tab;
        self.size_ctl = (n << 1) - (n >> 1);
        Ok(())
    }

    /// `replaceNode(Object key, V value, Object cv)`: if `key` is present and `cv` is
    /// `null` or its value, replaces the value by `value` (or removes the node if `value`
    /// is `null`); returns the old value, or `null`.
    fn replace_node(&mut self, key: Option<&str>, value: Option<&str>, cv: Option<&str>) -> Result<Option<String>> {
        let key = key.ok_or(JavaException::NullPointer)?;
        let hash = spread(string_hash(key));
        if self.table.length == 0 {
            return Ok(None);
        }
        let i = self.bin_of(hash);
        let bin = self.table.chain(i)?;
        let Some(p) = bin.iter().position(|e| e.hash == hash && e.key == key) else {
            return Ok(None);
        };
        let ev = bin[p].val.clone();
        if cv.is_some_and(|cv| cv != ev) {
            return Ok(None);
        }
        match value {
            Some(value) => self.table.chain_mut(i)?[p].val = value.to_owned(),
            None => {
                self.table.unlink(i, p)?;
                self.add_count(-1, -1)?;
            }
        }
        Ok(Some(ev))
    }

    /// `putAll(Map m)`: `tryPresize(m.size())`, then `putVal` of each entry of `m`.
    pub fn put_all(&mut self, m: &ConcurrentHashMap) -> Result<()> {
        self.try_presize(m.size())?;
        for e in m.nodes() {
            self.put_val(Some(&e.key), Some(&e.val), false)?;
        }
        Ok(())
    }

    /// `clear()`: every bin emptied; the table keeps its length.
    pub fn clear(&mut self) -> Result<()> {
        let delta = -(self.nodes().count() as i64);
        self.table.clear();
        if delta != 0 {
            self.add_count(delta, -1)?;
        }
        Ok(())
    }

    /// `toString()`: `{k=v, …}` in traversal order.
    pub fn to_java_string(&self) -> String {
        let entries: Vec<String> = self.nodes().map(|p| format!("{}={}", p.key, p.val)).collect();
        format!("{{{}}}", entries.join(", "))
    }

    /// `equals(Object o)` with `o` a map backed by `m`: every node of this map is in `m`
    /// with an equal value, and every entry of `m` is in this map.
    pub fn equals(&self, m: &ConcurrentHashMap) -> Result<bool> {
        for p in self.nodes() {
            if m.get(Some(&p.key))? != Some(p.val.as_str()) {
                return Ok(false);
            }
        }
        for e in m.nodes() {
            if self.get(Some(&e.key))? != Some(e.val.as_str()) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `hashCode()`: the sum of `key.hashCode() ^ val.hashCode()`.
    pub fn hash_code(&self) -> i32 {
        self.nodes().fold(0i32, |h, p| {
            h.wrapping_add(string_hash(&p.key) ^ string_hash(&p.val))
        })
    }
}

/// `java.util.Properties`: string properties with optional defaults, kept in a
/// [`ConcurrentHashMap`].
///
/// The Rust methods are Java's, in snake case; overloads get distinct names
/// (`get_property`/`get_property_or`, `remove`/`remove_entry`,
/// `replace`/`replace_value`).
#[derive(Clone, Debug)]
pub struct Properties {
    defaults: Option<Box<Properties>>,
    map: ConcurrentHashMap,
}

impl Properties {
    /// `new Properties()`: no defaults, a map of initial capacity 8.
    pub fn new() -> Self {
        Self::with_defaults_and_capacity(None, PROPERTIES_CAPACITY).expect("8 is a valid capacity")
    }

    /// `new Properties(int initialCapacity)`: negative throws `IllegalArgumentException`.
    pub fn with_capacity(initial_capacity: i32) -> Result<Self> {
        Self::with_defaults_and_capacity(None, initial_capacity)
    }

    /// `new Properties(Properties defaults)` (`null`: no defaults); see the module doc
    /// on the snapshot.
    pub fn with_defaults(defaults: Option<&Properties>) -> Self {
        Self::with_defaults_and_capacity(defaults, PROPERTIES_CAPACITY).expect("8 is a valid capacity")
    }

    /// The private `Properties(Properties defaults, int initialCapacity)`.
    fn with_defaults_and_capacity(defaults: Option<&Properties>, initial_capacity: i32) -> Result<Self> {
        Ok(Properties {
            map: ConcurrentHashMap::with_capacity(initial_capacity)?,
            defaults: defaults.map(|d| Box::new(d.clone())),
        })
    }

    /// The map's table length (not Java API: for tests).
    pub fn capacity(&self) -> i32 {
        self.map.capacity()
    }

    /// `setProperty(String key, String value)`: `put(key, value)`.
    pub fn set_property(&mut self, key: Option<&str>, value: Option<&str>) -> Result<Option<String>> {
        self.put(key, value)
    }

    /// `getProperty(String key)`: the value, else the defaults' `getProperty(key)`.
    pub fn get_property(&self, key: Option<&str>) -> Result<Option<String>> {
        let sval = self.map.get(key)?; // every value is a String
        match (sval, &self.defaults) {
            (None, Some(defaults)) => defaults.get_property(key),
            (sval, _) => Ok(sval.map(str::to_owned)),
        }
    }

    /// `getProperty(String key, String defaultValue)`.
    pub fn get_property_or(&self, key: Option<&str>, default_value: Option<&str>) -> Result<Option<String>> {
        let val = self.get_property(key)?;
        Ok(val.or_else(|| default_value.map(str::to_owned)))
    }

    /// `size()`.
    pub fn size(&self) -> i32 {
        self.map.size()
    }

    /// `isEmpty()`.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// `equals(Object o)`: `map.equals(o)`, so defaults do not count; `null` is unequal.
    pub fn equals(&self, o: Option<&Properties>) -> Result<bool> {
        o.map_or(Ok(false), |o| self.map.equals(&o.map))
    }

    /// `hashCode()`: `map.hashCode()`.
    pub fn hash_code(&self) -> i32 {
        self.map.hash_code()
    }

    /// `toString()`: `map.toString()`, in `ConcurrentHashMap` order.
    pub fn to_java_string(&self) -> String {
        self.map.to_java_string()
    }

    /// `contains(Object value)`: `map.contains(value)`, i.e. `containsValue`.
    pub fn contains(&self, value: Option<&str>) -> Result<bool> {
        self.map.contains_value(value)
    }

    /// `containsValue(Object value)`.
    pub fn contains_value(&self, value: Option<&str>) -> Result<bool> {
        self.map.contains_value(value)
    }

    /// `containsKey(Object key)`: `map.get(key) != null`.
    pub fn contains_key(&self, key: Option<&str>) -> Result<bool> {
        Ok(self.map.get(key)?.is_some())
    }

    /// `get(Object key)` (no defaults).
    pub fn get(&self, key: Option<&str>) -> Result<Option<String>> {
        Ok(self.map.get(key)?.map(str::to_owned))
    }

    /// `put(Object key, Object value)`: the previous value, or `null`.
    pub fn put(&mut self, key: Option<&str>, value: Option<&str>) -> Result<Option<String>> {
        self.map.put_val(key, value, false)
    }

    /// `remove(Object key)`: the removed value, or `null`.
    pub fn remove(&mut self, key: Option<&str>) -> Result<Option<String>> {
        self.map.replace_node(key, None, None)
    }

    /// `putAll(Map t)`: `map.putAll(t)`; `null` throws.
    pub fn put_all(&mut self, t: Option<&Properties>) -> Result<()> {
        self.map.put_all(&t.ok_or(JavaException::NullPointer)?.map)
    }

    /// `clear()`.
    pub fn clear(&mut self) -> Result<()> {
        self.map.clear()
    }

    /// `getOrDefault(Object key, Object defaultValue)` (no `defaults` lookup).
    pub fn get_or_default(&self, key: Option<&str>, default_value: Option<&str>) -> Result<Option<String>> {
        Ok(self.map.get(key)?.or(default_value).map(str::to_owned))
    }

    /// `putIfAbsent(Object key, Object value)`: the present value, or `null` after adding.
    pub fn put_if_absent(&mut self, key: Option<&str>, value: Option<&str>) -> Result<Option<String>> {
        self.map.put_val(key, value, true)
    }

    /// `remove(Object key, Object value)`: a `null` key throws, a `null` value is `false`.
    pub fn remove_entry(&mut self, key: Option<&str>, value: Option<&str>) -> Result<bool> {
        let key = key.ok_or(JavaException::NullPointer)?;
        let Some(value) = value else { return Ok(false) };
        Ok(self.map.replace_node(Some(key), None, Some(value))?.is_some())
    }

    /// `replace(K key, V oldValue, V newValue)`: any `null` throws.
    pub fn replace(&mut self, key: Option<&str>, old_value: Option<&str>, new_value: Option<&str>) -> Result<bool> {
        if key.is_none() || old_value.is_none() || new_value.is_none() {
            return Err(JavaException::NullPointer);
        }
        Ok(self.map.replace_node(key, new_value, old_value)?.is_some())
    }

    /// `replace(K key, V value)`: the replaced value, or `null`; any `null` throws.
    pub fn replace_value(&mut self, key: Option<&str>, value: Option<&str>) -> Result<Option<String>> {
        if key.is_none() || value.is_none() {
            return Err(JavaException::NullPointer);
        }
        self.map.replace_node(key, value, None)
    }

    /// `clone()`: shares (here: copies) the defaults, `map = new ConcurrentHashMap<>(map)`.
    pub fn clone_properties(&self) -> Result<Properties> {
        Ok(Properties {
            defaults: self.defaults.clone(),
            map: ConcurrentHashMap::from_map(&self.map)?,
        })
    }
}

impl Default for Properties {
    fn default() -> Self {
        Self::new()
    }
}

/// A method's outcome as the harness stores it.
fn ok<T: Into<Value<Properties>>>(outcome: Result<T>) -> Result<Value<Properties>> {
    outcome.map(Into::into)
}

impl Subject for Properties {
    const CLASS: &'static str = "Properties";
    const JAVA_CLASS: &'static str = "java.util.Properties";

    fn methods() -> Vec<Method<Self>> {
        use Param::{Int, Object, Str};
        use Return as R;
        #[rustfmt::skip]
        let methods = vec![
            Method::constructor("Properties", &[], |_| Ok(Properties::new())),
            Method::constructor("Properties", &[Int], |a| Properties::with_capacity(a.int(0))),
            Method::constructor("Properties", &[Object], |a| Ok(Properties::with_defaults(a.object(0)))),
            Method::instance("setProperty", &[Str, Str], R::Str, |p, a| ok(p.set_property(a.string(0), a.string(1)))),
            Method::instance("getProperty", &[Str], R::Str, |p, a| ok(p.get_property(a.string(0)))),
            Method::instance("getProperty", &[Str, Str], R::Str, |p, a| ok(p.get_property_or(a.string(0), a.string(1)))),
            Method::instance("size", &[], R::Int, |p, _| ok(Ok(p.size()))),
            Method::instance("isEmpty", &[], R::Bool, |p, _| ok(Ok(p.is_empty()))),
            Method::instance("equals", &[Object], R::Bool, |p, a| ok(p.equals(a.object(0)))),
            Method::instance("hashCode", &[], R::Int, |p, _| ok(Ok(p.hash_code()))),
            Method::instance("toString", &[], R::Str, |p, _| ok(Ok(p.to_java_string()))),
            Method::instance("contains", &[Str], R::Bool, |p, a| ok(p.contains(a.string(0)))),
            Method::instance("containsValue", &[Str], R::Bool, |p, a| ok(p.contains_value(a.string(0)))),
            Method::instance("containsKey", &[Str], R::Bool, |p, a| ok(p.contains_key(a.string(0)))),
            Method::instance("get", &[Str], R::Str, |p, a| ok(p.get(a.string(0)))),
            Method::instance("put", &[Str, Str], R::Str, |p, a| ok(p.put(a.string(0), a.string(1)))),
            Method::instance("remove", &[Str], R::Str, |p, a| ok(p.remove(a.string(0)))),
            Method::instance("putAll", &[Object], R::Void, |p, a| ok(p.put_all(a.object(0)))),
            Method::instance("clear", &[], R::Void, |p, _| ok(p.clear())),
            Method::instance("getOrDefault", &[Str, Str], R::Str, |p, a| ok(p.get_or_default(a.string(0), a.string(1)))),
            Method::instance("putIfAbsent", &[Str, Str], R::Str, |p, a| ok(p.put_if_absent(a.string(0), a.string(1)))),
            Method::instance("remove", &[Str, Str], R::Bool, |p, a| ok(p.remove_entry(a.string(0), a.string(1)))),
            Method::instance("replace", &[Str, Str, Str], R::Bool, |p, a| ok(p.replace(a.string(0), a.string(1), a.string(2)))),
            Method::instance("replace", &[Str, Str], R::Str, |p, a| ok(p.replace_value(a.string(0), a.string(1)))),
            Method::instance("clone", &[], R::Object, |p, _| ok(p.clone_properties())),
        ];
        methods
    }

    fn to_java_string(&self) -> String {
        self.to_java_string()
    }
}

impl From<Properties> for Value<Properties> {
    /// A `Properties` result (`clone()`), stored in the object pool.
    fn from(properties: Properties) -> Self {
        Value::Object(Some(properties))
    }
}
