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
//!   [`HEAP_ARRAY_LIMIT`](crate::subjects::java_array::HEAP_ARRAY_LIMIT) or more slots throws
//!   `OutOfMemoryError`, which `transfer` catches as Java's does (`sizeCtl = MAX_VALUE`).

use crate::subjects::hashtable::Table;
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Node {
    hash: i32,
    key: String,
    val: String,
}

/// `java.util.concurrent.ConcurrentHashMap<Object,Object>` as one thread sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
    fn put_val(
        &mut self,
        key: Option<&str>,
        value: Option<&str>,
        only_if_absent: bool,
    ) -> Result<Option<String>> {
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
    fn replace_node(
        &mut self,
        key: Option<&str>,
        value: Option<&str>,
        cv: Option<&str>,
    ) -> Result<Option<String>> {
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
        let entries: Vec<String> = self
            .nodes()
            .map(|p| format!("{}={}", p.key, p.val))
            .collect();
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
        Self::with_defaults_and_capacity(defaults, PROPERTIES_CAPACITY)
            .expect("8 is a valid capacity")
    }

    /// The private `Properties(Properties defaults, int initialCapacity)`.
    fn with_defaults_and_capacity(
        defaults: Option<&Properties>,
        initial_capacity: i32,
    ) -> Result<Self> {
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
    pub fn set_property(
        &mut self,
        key: Option<&str>,
        value: Option<&str>,
    ) -> Result<Option<String>> {
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
    pub fn get_property_or(
        &self,
        key: Option<&str>,
        default_value: Option<&str>,
    ) -> Result<Option<String>> {
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
    pub fn get_or_default(
        &self,
        key: Option<&str>,
        default_value: Option<&str>,
    ) -> Result<Option<String>> {
        Ok(self.map.get(key)?.or(default_value).map(str::to_owned))
    }

    /// `putIfAbsent(Object key, Object value)`: the present value, or `null` after adding.
    pub fn put_if_absent(
        &mut self,
        key: Option<&str>,
        value: Option<&str>,
    ) -> Result<Option<String>> {
        self.map.put_val(key, value, true)
    }

    /// `remove(Object key, Object value)`: a `null` key throws, a `null` value is `false`.
    pub fn remove_entry(&mut self, key: Option<&str>, value: Option<&str>) -> Result<bool> {
        let key = key.ok_or(JavaException::NullPointer)?;
        let Some(value) = value else { return Ok(false) };
        Ok(self
            .map
            .replace_node(Some(key), None, Some(value))?
            .is_some())
    }

    /// `replace(K key, V oldValue, V newValue)`: any `null` throws.
    pub fn replace(
        &mut self,
        key: Option<&str>,
        old_value: Option<&str>,
        new_value: Option<&str>,
    ) -> Result<bool> {
        if key.is_none() || old_value.is_none() || new_value.is_none() {
            return Err(JavaException::NullPointer);
        }
        Ok(self.map.replace_node(key, new_value, old_value)?.is_some())
    }

    /// `replace(K key, V value)`: the replaced value, or `null`; any `null` throws.
    pub fn replace_value(
        &mut self,
        key: Option<&str>,
        value: Option<&str>,
    ) -> Result<Option<String>> {
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::context::TestContext;
    use crate::subject::{SubjectUnit, Unit};

    type E = JavaException;

    fn props_of(entries: &[(&str, &str)]) -> Properties {
        let mut p = Properties::new();
        for (k, v) in entries {
            p.set_property(Some(k), Some(v)).unwrap();
        }
        p
    }

    fn numbered(n: i32) -> Properties {
        let mut p = Properties::new();
        for i in 0..n {
            let (k, v) = (format!("k{i}"), format!("v{i}"));
            p.set_property(Some(&k), Some(&v)).unwrap();
        }
        p
    }

    /// Strings whose spread hashes share their low 4 bits (bin 3 of a 16-slot table).
    const COLLIDING: [&str; 9] = ["s6", "s10", "s21", "s32", "s43", "s54", "s65", "s76", "s87"];

    // ---- Java semantics, as claims (outputs pinned from JDK 17.0.15) ----

    #[test]
    fn string_hash_is_javas_over_utf16_code_units() {
        assert_eq!(string_hash(""), 0);
        assert_eq!(string_hash("hello"), 99_162_322);
        assert_eq!(string_hash("é"), 233);
        assert_eq!(string_hash("\u{1F600}"), 1_772_899, "a surrogate pair");
        assert_eq!((spread(-1), spread(0x1_0000)), (0x7fff_0000, 0x1_0001));
        assert_eq!(
            (table_size_for(0), table_size_for(1), table_size_for(11)),
            (1, 1, 16)
        );
        assert_eq!(table_size_for(i32::MAX), MAXIMUM_CAPACITY);
    }

    #[test]
    fn the_map_is_sized_like_concurrent_hash_map_and_allocated_on_first_put() {
        // sizeCtl before the first put: Properties() 16, (0) 2, (1) 2, (100) 256.
        for (capacity, slots) in [(8, 16), (0, 2), (1, 2), (100, 256)] {
            let mut p = Properties::with_capacity(capacity).unwrap();
            assert_eq!(p.capacity(), 0);
            p.set_property(Some("a"), Some("b")).unwrap();
            assert_eq!(p.capacity(), slots, "Properties({capacity})");
        }
        assert_eq!(
            Properties::with_capacity(-1).err(),
            Some(E::IllegalArgument)
        );
        let mut huge = Properties::with_capacity(i32::MAX).unwrap();
        assert_eq!(huge.put(Some("a"), Some("b")), Err(E::OutOfMemory));
        assert_eq!((huge.size(), huge.capacity()), (0, 0));
    }

    #[test]
    fn to_string_follows_concurrent_hash_map_bins_and_the_transfer_split() {
        // 12 puts reach sizeCtl 12 of the 16-slot table: transfer to 32 slots.
        let p = numbered(13);
        assert_eq!(p.capacity(), 32);
        assert_eq!(
            p.to_java_string(),
            "{k0=v0, k1=v1, k2=v2, k3=v3, k4=v4, k5=v5, k11=v11, k6=v6, k10=v10, k7=v7, \
             k8=v8, k12=v12, k9=v9}"
        );
        let p = numbered(20);
        assert_eq!(p.capacity(), 32);
        assert_eq!(
            p.to_java_string(),
            "{k0=v0, k1=v1, k2=v2, k3=v3, k4=v4, k5=v5, k11=v11, k6=v6, k10=v10, k7=v7, \
             k13=v13, k8=v8, k12=v12, k9=v9, k15=v15, k14=v14, k17=v17, k16=v16, k19=v19, \
             k18=v18}"
        );
        assert_eq!(Properties::new().to_java_string(), "{}");
    }

    #[test]
    fn put_all_and_clone_presize_then_reinsert_in_traversal_order() {
        let big = numbered(20);
        let expected = "{k11=v11, k10=v10, k13=v13, k12=v12, k15=v15, k14=v14, k17=v17, \
                        k16=v16, k19=v19, k18=v18, k0=v0, k1=v1, k2=v2, k3=v3, k4=v4, k5=v5, \
                        k6=v6, k7=v7, k8=v8, k9=v9}";
        let mut r = Properties::new();
        r.put_all(Some(&big)).unwrap();
        // tryPresize(20): c = 32 > 16 allocates 32 slots, then 32 > sizeCtl 24 doubles.
        assert_eq!((r.capacity(), r.to_java_string().as_str()), (64, expected));
        let copy = big.clone_properties().unwrap();
        assert_eq!(
            (copy.capacity(), copy.to_java_string().as_str()),
            (64, expected)
        );
        let one = props_of(&[("a", "b")]).clone_properties().unwrap();
        assert_eq!(one.capacity(), 16);
        assert_eq!(r.put_all(None), Err(E::NullPointer));
    }

    #[test]
    fn a_ninth_node_in_a_bin_of_a_small_table_presizes_it_to_128_slots() {
        let mut p = Properties::new();
        for (i, k) in COLLIDING.iter().enumerate() {
            p.set_property(Some(k), Some("x")).unwrap();
            assert_eq!(p.capacity(), if i < 8 { 16 } else { 128 });
        }
        assert_eq!(
            p.to_java_string(),
            "{s32=x, s76=x, s6=x, s43=x, s87=x, s54=x, s10=x, s21=x, s65=x}"
        );
    }

    #[test]
    fn get_property_falls_back_to_defaults_but_map_methods_do_not() {
        let defaults = props_of(&[("a", "1")]);
        let mut q = Properties::with_defaults(Some(&defaults));
        q.set_property(Some("b"), Some("2")).unwrap();
        assert_eq!(q.to_java_string(), "{b=2}");
        assert_eq!(q.get_property(Some("a")), Ok(Some("1".into())));
        assert_eq!(q.get(Some("a")), Ok(None));
        assert_eq!(q.get_or_default(Some("a"), Some("z")), Ok(Some("z".into())));
        assert_eq!(q.contains_key(Some("a")), Ok(false));
        assert_eq!(q.size(), 1);
        assert_eq!(q.equals(Some(&props_of(&[("b", "2")]))), Ok(true));
        assert_eq!(
            q.get_property_or(Some("c"), Some("d")),
            Ok(Some("d".into()))
        );
        assert_eq!(q.get_property_or(Some("c"), None), Ok(None));
        let nested = Properties::with_defaults(Some(&q));
        assert_eq!(nested.get_property(Some("a")), Ok(Some("1".into())));
        assert_eq!(
            nested.clone_properties().unwrap().get_property(Some("b")),
            Ok(Some("2".into()))
        );
    }

    #[test]
    fn null_keys_and_values_throw_null_pointer_like_concurrent_hash_map() {
        let mut p = props_of(&[("a", "b")]);
        assert_eq!(p.set_property(None, Some("b")), Err(E::NullPointer));
        assert_eq!(p.set_property(Some("a"), None), Err(E::NullPointer));
        assert_eq!(p.get_property(None), Err(E::NullPointer));
        assert_eq!(p.get_property_or(None, Some("x")), Err(E::NullPointer));
        assert_eq!(p.contains_key(None), Err(E::NullPointer));
        assert_eq!(p.contains(None), Err(E::NullPointer));
        assert_eq!(p.remove(None), Err(E::NullPointer));
        assert_eq!(p.get_or_default(None, Some("x")), Err(E::NullPointer));
        assert_eq!(p.put_if_absent(Some("a"), None), Err(E::NullPointer));
        assert_eq!(p.remove_entry(None, Some("b")), Err(E::NullPointer));
        assert_eq!(p.remove_entry(Some("a"), None), Ok(false));
        assert_eq!(p.replace(Some("a"), Some("b"), None), Err(E::NullPointer));
        assert_eq!(p.replace_value(Some("a"), None), Err(E::NullPointer));
        assert_eq!(p.get_or_default(Some("z"), None), Ok(None));
        // An empty map has no table, but the key is hashed first.
        assert_eq!(Properties::new().get(None), Err(E::NullPointer));
        assert_eq!(p.to_java_string(), "{a=b}");
    }

    #[test]
    fn map_methods_return_old_values_like_java() {
        let mut p = Properties::new();
        assert_eq!(p.set_property(Some("a"), Some("b")), Ok(None));
        assert_eq!(p.put(Some("a"), Some("c")), Ok(Some("b".into())));
        assert_eq!(p.put_if_absent(Some("a"), Some("d")), Ok(Some("c".into())));
        assert_eq!(p.put_if_absent(Some("b"), Some("d")), Ok(None));
        assert_eq!(p.replace(Some("b"), Some("x"), Some("e")), Ok(false));
        assert_eq!(p.replace(Some("b"), Some("d"), Some("e")), Ok(true));
        assert_eq!(p.replace_value(Some("b"), Some("f")), Ok(Some("e".into())));
        assert_eq!(p.replace_value(Some("z"), Some("f")), Ok(None));
        assert_eq!(p.remove_entry(Some("b"), Some("e")), Ok(false));
        assert_eq!(p.remove_entry(Some("b"), Some("f")), Ok(true));
        assert_eq!(p.remove(Some("a")), Ok(Some("c".into())));
        assert_eq!(p.remove(Some("a")), Ok(None));
        assert!(p.is_empty());
    }

    #[test]
    fn hash_code_equals_contains_and_clear() {
        let mut p = props_of(&[("a", "b")]);
        assert_eq!(
            p.hash_code(),
            3,
            "\"a\".hashCode() ^ \"b\".hashCode() = 97 ^ 98"
        );
        assert_eq!(p.contains(Some("b")), Ok(true));
        assert_eq!(p.contains_value(Some("a")), Ok(false));
        assert_eq!(p.equals(None), Ok(false));
        assert_eq!(p.equals(Some(&props_of(&[("a", "c")]))), Ok(false));
        assert_eq!(p.equals(Some(&numbered(20))), Ok(false));
        let big = numbered(20);
        assert_eq!(big.equals(Some(&big.clone_properties().unwrap())), Ok(true));
        p.clear().unwrap();
        assert_eq!(
            (p.size(), p.capacity(), p.to_java_string().as_str()),
            (0, 16, "{}")
        );
    }

    // ---- the port against a model built on BTreeMap<String, String> ----

    #[derive(Clone, Debug)]
    enum Op {
        Put(Option<String>, Option<String>),
        PutIfAbsent(Option<String>, Option<String>),
        GetProperty(Option<String>),
        Remove(Option<String>),
        RemoveEntry(Option<String>, Option<String>),
        Replace(Option<String>, Option<String>, Option<String>),
        ReplaceValue(Option<String>, Option<String>),
        ContainsKey(Option<String>),
        Contains(Option<String>),
        Size,
        Clear,
        HashCode,
        PutAll(Vec<(String, String)>),
        Equals(Vec<(String, String)>),
        Clone,
    }

    fn key() -> impl Strategy<Value = Option<String>> {
        prop_oneof![
            1 => Just(None),
            6 => "[ab]|k[0-9]{1,2}".prop_map(Some),
            2 => prop::sample::select(&COLLIDING[..]).prop_map(|s| Some(s.to_string())),
        ]
    }

    fn value() -> impl Strategy<Value = Option<String>> {
        prop_oneof![1 => Just(None), 10 => "[abx]".prop_map(Some)]
    }

    fn entries() -> impl Strategy<Value = Vec<(String, String)>> {
        prop::collection::vec(("[ab]|k[0-9]{1,2}", "[abx]"), 0..8)
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            10 => (key(), value()).prop_map(|(k, v)| Op::Put(k, v)),
            2 => (key(), value()).prop_map(|(k, v)| Op::PutIfAbsent(k, v)),
            2 => key().prop_map(Op::GetProperty),
            3 => key().prop_map(Op::Remove),
            1 => (key(), value()).prop_map(|(k, v)| Op::RemoveEntry(k, v)),
            1 => (key(), value(), value()).prop_map(|(k, o, n)| Op::Replace(k, o, n)),
            1 => (key(), value()).prop_map(|(k, v)| Op::ReplaceValue(k, v)),
            1 => key().prop_map(Op::ContainsKey),
            1 => value().prop_map(Op::Contains),
            1 => Just(Op::Size),
            1 => Just(Op::Clear),
            1 => Just(Op::HashCode),
            1 => entries().prop_map(Op::PutAll),
            1 => entries().prop_map(Op::Equals),
            1 => Just(Op::Clone),
        ]
    }

    fn props_from(entries: &[(String, String)]) -> Properties {
        let mut p = Properties::new();
        for (k, v) in entries {
            p.put(Some(k), Some(v)).unwrap();
        }
        p
    }

    fn run_port(p: &mut Properties, op: &Op) -> std::result::Result<String, E> {
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        Ok(match op {
            Op::Put(k, v) => shown(&p.put(k.as_deref(), v.as_deref())?),
            Op::PutIfAbsent(k, v) => shown(&p.put_if_absent(k.as_deref(), v.as_deref())?),
            Op::GetProperty(k) => shown(&p.get_property(k.as_deref())?),
            Op::Remove(k) => shown(&p.remove(k.as_deref())?),
            Op::RemoveEntry(k, v) => shown(&p.remove_entry(k.as_deref(), v.as_deref())?),
            Op::Replace(k, o, n) => shown(&p.replace(k.as_deref(), o.as_deref(), n.as_deref())?),
            Op::ReplaceValue(k, v) => shown(&p.replace_value(k.as_deref(), v.as_deref())?),
            Op::ContainsKey(k) => shown(&p.contains_key(k.as_deref())?),
            Op::Contains(v) => shown(&p.contains(v.as_deref())?),
            Op::Size => shown(&p.size()),
            Op::Clear => shown(&p.clear()?),
            Op::HashCode => shown(&p.hash_code()),
            Op::PutAll(c) => shown(&p.put_all(Some(&props_from(c)))?),
            Op::Equals(c) => shown(&p.equals(Some(&props_from(c)))?),
            Op::Clone => {
                *p = p.clone_properties()?;
                shown(&())
            }
        })
    }

    /// The model: the documented `Map` semantics (null-hostile, as `ConcurrentHashMap`).
    fn run_model(m: &mut BTreeMap<String, String>, op: &Op) -> std::result::Result<String, E> {
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        let nn = |x: &Option<String>| x.clone().ok_or(E::NullPointer);
        Ok(match op {
            Op::Put(k, v) => {
                let (k, v) = (nn(k)?, nn(v)?);
                shown(&m.insert(k, v))
            }
            Op::PutIfAbsent(k, v) => {
                let (k, v) = (nn(k)?, nn(v)?);
                let old = m.get(&k).cloned();
                m.entry(k).or_insert(v);
                shown(&old)
            }
            Op::GetProperty(k) => shown(&m.get(&nn(k)?).cloned()),
            Op::Remove(k) => shown(&m.remove(&nn(k)?)),
            Op::RemoveEntry(k, v) => {
                let k = nn(k)?;
                let hit = v.is_some() && m.get(&k) == v.as_ref();
                if hit {
                    m.remove(&k);
                }
                shown(&hit)
            }
            Op::Replace(k, o, n) => {
                let (k, o, n) = (nn(k)?, nn(o)?, nn(n)?);
                let hit = m.get(&k) == Some(&o);
                if hit {
                    m.insert(k, n);
                }
                shown(&hit)
            }
            Op::ReplaceValue(k, v) => {
                let (k, v) = (nn(k)?, nn(v)?);
                shown(&m.get_mut(&k).map(|x| std::mem::replace(x, v)))
            }
            Op::ContainsKey(k) => shown(&m.contains_key(&nn(k)?)),
            Op::Contains(v) => {
                let v = nn(v)?;
                shown(&m.values().any(|x| *x == v))
            }
            Op::Size => shown(&(m.len() as i32)),
            Op::Clear => shown(&m.clear()),
            Op::HashCode => shown(&m.iter().fold(0i32, |h, (k, v)| {
                h.wrapping_add(string_hash(k) ^ string_hash(v))
            })),
            Op::PutAll(c) => {
                m.extend(c.iter().cloned());
                shown(&())
            }
            Op::Equals(c) => shown(&(c.iter().cloned().collect::<BTreeMap<_, _>>() == *m)),
            Op::Clone => shown(&()),
        })
    }

    fn parsed(s: &str) -> BTreeMap<String, String> {
        let inner = &s[1..s.len() - 1];
        inner
            .split(", ")
            .filter(|e| !e.is_empty())
            .map(|e| {
                let (k, v) = e.split_once('=').unwrap();
                (k.to_string(), v.to_string())
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn port_matches_a_btree_map_model_on_random_operation_sequences(
            capacity in prop_oneof![Just(None), (0..70i32).prop_map(Some)],
            ops in prop::collection::vec(op(), 0..80),
        ) {
            let mut p = capacity.map_or_else(Properties::new, |c| Properties::with_capacity(c).unwrap());
            let mut model = BTreeMap::new();
            for (step, op) in ops.iter().enumerate() {
                let got = run_port(&mut p, op);
                let want = run_model(&mut model, op);
                prop_assert_eq!(&got, &want, "step {} {:?}", step, op);
                let shown = p.to_java_string();
                prop_assert_eq!(parsed(&shown), model.clone());
                prop_assert_eq!(shown.matches('=').count(), model.len());
                prop_assert_eq!(p.map.nodes().count() as i64, p.map.base_count);
            }
        }
    }

    // ---- through the harness, in the paper's default context ----

    #[test]
    fn paper_context_has_j_113() {
        // vps: int 2, boolean 2, String 2, Properties 1. nc(m) = product over the slots
        // (parameters, then target, then result):
        //   Properties() 1                Properties(int) 2·1 = 2   Properties(Properties) 1·1 = 1
        //   setProperty(String,String) 2·2·1·2 = 8                  getProperty(String) 2·1·2 = 4
        //   getProperty(String,String) 8  size() 1·2 = 2            isEmpty() 2
        //   equals(Properties) 1·1·2 = 2  hashCode() 2              toString() 2
        //   contains(String) 4            containsValue(String) 4   containsKey(String) 4
        //   get(String) 4                 put(String,String) 8      remove(String) 4
        //   putAll(Properties) 1·1 = 1    clear() 1                 getOrDefault(String,String) 8
        //   putIfAbsent(String,String) 8  remove(String,String) 8
        //   replace(String,String,String) 2·2·2·1·2 = 16            replace(String,String) 8
        //   clone() 1·1 = 1
        // j = (1+2+1) + (8+4+8) + (2+2) + (2+2+2) + (4+4+4) + (4+8+4) + (1+1) + (8+8+8)
        //     + (16+8) + 1 = 4 + 20 + 4 + 6 + 12 + 16 + 2 + 24 + 24 + 1 = 113
        let unit = SubjectUnit::<Properties>::new();
        let context = TestContext::paper(&unit).unwrap();
        assert_eq!(context.methods().len(), 25);
        assert_eq!(context.j(), 113);
        let types: Vec<String> = context
            .types_of_interest()
            .iter()
            .map(|t| t.to_string())
            .collect();
        assert_eq!(types, ["int", "bool", "string", "object"]);
        let registered = crate::subject::registry().find("Properties").unwrap();
        assert_eq!(registered.java_class(), "java.util.Properties");
    }

    #[test]
    fn harness_set_property_from_the_string_pool_and_to_string_into_it() {
        let unit = SubjectUnit::<Properties>::new();
        let context = Arc::new(TestContext::paper(&unit).unwrap());
        let call = |signature: &str, slots: &[u32]| {
            let position = context
                .methods()
                .iter()
                .position(|m| m.info.signature == signature)
                .unwrap();
            context.call_space().encode_call(position, slots).unwrap()
        };
        let mut session = unit.session(context.clone());
        // object_vp[0] = new Properties();
        session.step(call("Properties()", &[0])).unwrap();
        // string_vp[1] = object_vp[0].setProperty(string_vp[0], string_vp[1]);  "a"="b" → null
        session
            .step(call("setProperty(String,String)", &[0, 1, 0, 1]))
            .unwrap();
        assert_eq!(session.primitives().strings, [Some("a".into()), None]);
        // string_vp[0] = object_vp[0].getProperty(string_vp[1]);  getProperty(null) → NPE
        assert_eq!(
            session.step(call("getProperty(String)", &[1, 0, 0])),
            Err(E::NullPointer)
        );
        // string_vp[1] = object_vp[0].toString();
        session.step(call("toString()", &[0, 1])).unwrap();
        assert_eq!(session.primitives().strings[1].as_deref(), Some("{a=b}"));
        assert_eq!(session.render_pools()[3].1, ["{a=b}"]);
    }
}
