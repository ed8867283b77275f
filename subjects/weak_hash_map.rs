//! `WeakHashMap`: a port of JDK 17's `java.util.WeakHashMap<Integer, Integer>`.
//!
//! # What is ported
//! WeakHashMap's own table (not `HashMap`'s): `DEFAULT_INITIAL_CAPACITY = 16`,
//! `MAXIMUM_CAPACITY = 1 << 30`, load factor 0.75 (a `float`), the capacity rounded up
//! to a power of two by doubling from 1, `hash(Object k)` (`h ^= (h >>> 20) ^ (h >>> 12);
//! h ^ (h >>> 7) ^ (h >>> 4)`), `indexFor`, each entry's cached `hash`, new entries at
//! the head of their bucket's chain, `put`'s `++size >= threshold` check, `resize` with
//! its restore-the-old-table branch, `transfer` (which reverses chains), `putAll`'s
//! conservative resize-ahead, the `NULL_KEY` sentinel (`maskNull`/`unmaskNull`, `eq`),
//! `modCount`, and from `AbstractMap`: `equals`, `hashCode`, `toString` over
//! `HashIterator`, which walks the buckets from `table.length - 1` **down** to 0 and
//! each chain from its head (checked against JDK 17, see the tests).
//! M_C, in the order of the Java source: `WeakHashMap(int)`, `WeakHashMap()`,
//! `WeakHashMap(WeakHashMap)`, `size`, `isEmpty`, `get`, `containsKey`, `put`, `putAll`,
//! `remove`, `clear`, `containsValue`, then the inherited `equals`, `hashCode`,
//! `toString` and the `Map` defaults `getOrDefault`, `putIfAbsent`, `replace(K,V)`,
//! `replace(K,V,V)`.
//!
//! # What is left out, and why
//! * `WeakHashMap(int, float)`: `float` is not a type of interest (the load factor is
//!   always 0.75 here, so the `loadFactor` field is the constant [`LOAD_FACTOR`]).
//! * `keySet`, `values`, `entrySet`, `forEach`, `replaceAll`, `compute*`, `merge`: views
//!   and lambdas are not types of interest. `remove(Object,Object)` (a `Map` default) is
//!   not in the task's method list.
//! * Exception messages: [`JavaException`] carries the class only.
//!
//! # No garbage collector
//! A real `WeakHashMap` holds its keys through `WeakReference`s registered with a
//! `ReferenceQueue`; after a GC clears a key that is only weakly reachable,
//! `expungeStaleEntries` (called from `size`, `get`, `put`, `remove`, `resize`, …)
//! unlinks its entry, so the mapping silently disappears and `size` drops. Here no key
//! is ever cleared: `expungeStaleEntries` and the queue are left out (they would never
//! find anything), and `transfer`'s branch for cleared keys cannot happen. This equals
//! the JVM's behaviour exactly when every key stays strongly reachable: `Integer`s in
//! `[-128, 127]` are held by the `Integer` cache, so for the paper's `int` pool
//! `{0, 100}` (and every small `size()`) nothing can be cleared. A key outside that
//! range whose last strong reference (a pool slot) is overwritten may vanish at any GC
//! in a real JVM; a differential driver should keep every `Integer` it ever boxed in a
//! list to make the JVM side deterministic.
//!
//! # Not reproducible against a real JVM
//! `NULL_KEY` is a plain `Object`, so the `null` key's hash is its identity hash code,
//! which depends on the JVM's history (a JDK 17 run printed
//! `{null=5, 11=11, 10=10, …}` or `{…, 5=5, null=5, 4=4, …}` depending on how many
//! identity hashes had been requested before). This port uses the stand-in
//! [`NULL_KEY_HASH_CODE`], chosen so that the spread hash is `0x7FFFFFFF`: the `null`
//! key sits in the last bucket of every table, which `toString` visits first. With a
//! `null` key in the map, `toString` must be compared as a set of entries; every other
//! result (including `hashCode`, where the `null` key counts 0) is reproducible.

use std::collections::BTreeMap;

use crate::subjects::java_array::HEAP_ARRAY_LIMIT;
use crate::subject::{JavaException, Method, Param, Return, Subject, Value};

/// `WeakHashMap.DEFAULT_INITIAL_CAPACITY`.
pub const DEFAULT_INITIAL_CAPACITY: i32 = 16;
/// `WeakHashMap.MAXIMUM_CAPACITY`.
pub const MAXIMUM_CAPACITY: i32 = 1 << 30;
/// `DEFAULT_LOAD_FACTOR`, the only load factor M_C can create.
pub const LOAD_FACTOR: f32 = 0.75;
/// The stand-in for `NULL_KEY.hashCode()` (an identity hash in Java; see the module docs).
pub const NULL_KEY_HASH_CODE: i32 = 0x7881_14E7;

type Result<T> = std::result::Result<T, JavaException>;

/// A key as its entry holds it: the `NULL_KEY` sentinel or an `Integer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Key {
    NullKey,
    Integer(i32),
}

impl Key {
    /// `maskNull(key)`.
    fn mask_null(key: Option<i32>) -> Key {
        key.map_or(Key::NullKey, Key::Integer)
    }

    /// `unmaskNull(key)`.
    fn unmask_null(self) -> Option<i32> {
        match self {
            Key::NullKey => None,
            Key::Integer(v) => Some(v),
        }
    }

    /// `hashCode()`: `Integer`'s value, or the stand-in for `NULL_KEY`'s identity hash.
    fn hash_code(self) -> i32 {
        match self {
            Key::NullKey => NULL_KEY_HASH_CODE,
            Key::Integer(v) => v,
        }
    }
}

/// `WeakHashMap.Entry`: the (never cleared) key, the value and the cached hash; `next`
/// is the entry's successor in its bucket's `Vec`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Entry {
    key: Key,
    value: Option<i32>,
    hash: i32,
}

/// `Entry<K,V>[] table`, stored sparsely: bucket index → chain, head first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Table {
    length: i32,
    chains: BTreeMap<i32, Vec<Entry>>,
}

impl Table {
    /// `newTable(int n)`.
    fn new(length: i32) -> Result<Self> {
        if length < 0 {
            return Err(JavaException::NegativeArraySize);
        }
        if length >= HEAP_ARRAY_LIMIT {
            return Err(JavaException::OutOfMemory); // "Java heap space"
        }
        Ok(Table {
            length,
            chains: BTreeMap::new(),
        })
    }

    /// The chain of bucket `i`, head first (`tab[i]`, `tab[i].next`, …).
    fn chain(&self, i: i32) -> Result<&[Entry]> {
        if i < 0 || i >= self.length {
            return Err(JavaException::IndexOutOfBounds); // ArrayIndexOutOfBoundsException
        }
        Ok(self.chains.get(&i).map_or(&[], Vec::as_slice))
    }

    /// `tab[i] = new Entry<>(k, value, queue, h, tab[i])`.
    fn push_head(&mut self, i: i32, e: Entry) -> Result<()> {
        self.chain(i)?;
        self.chains.entry(i).or_default().insert(0, e);
        Ok(())
    }

    /// Unlinks the `n`-th entry of bucket `i` (`tab[i] = next` or `prev.next = next`).
    fn unlink(&mut self, i: i32, n: usize) -> Result<Entry> {
        self.chain(i)?;
        let chain = self.chains.get_mut(&i).ok_or(JavaException::NullPointer)?;
        let e = chain.remove(n);
        if chain.is_empty() {
            self.chains.remove(&i);
        }
        Ok(e)
    }

    /// The entries in `HashIterator` order: buckets from `length - 1` down to 0.
    fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.chains.values().rev().flatten()
    }
}

/// `hash(Object k)`: spreads `k.hashCode()` so that low bits see the high ones.
fn hash(k: Key) -> i32 {
    let mut h = k.hash_code() as u32;
    h ^= (h >> 20) ^ (h >> 12);
    (h ^ (h >> 7) ^ (h >> 4)) as i32
}

/// `indexFor(int h, int length)`.
fn index_for(h: i32, length: i32) -> i32 {
    h & (length - 1)
}

/// `transfer(Entry[] src, Entry[] dest)`: moves every entry of `src` to the head of its
/// bucket in `dest`, bucket by bucket, each chain from its head.
fn transfer(src: &mut Table, dest: &mut Table) -> Result<()> {
    for (_, chain) in std::mem::take(&mut src.chains) {
        for e in chain {
            dest.push_head(index_for(e.hash, dest.length), e)?;
        }
    }
    Ok(())
}

/// `java.util.WeakHashMap<Integer, Integer>` with no garbage collector (see the module
/// docs): a chained hash table with its own hashing and resizing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WeakHashMap {
    table: Table,
    size: i32,
    threshold: i32,
    mod_count: i32,
}

impl Default for WeakHashMap {
    fn default() -> Self {
        Self::new()
    }
}

impl WeakHashMap {
    /// `new WeakHashMap(int initialCapacity)`; negative → `IllegalArgumentException`.
    pub fn with_capacity(initial_capacity: i32) -> Result<Self> {
        if initial_capacity < 0 {
            // "Illegal Initial Capacity: " + initialCapacity
            return Err(JavaException::IllegalArgument);
        }
        let initial_capacity = initial_capacity.min(MAXIMUM_CAPACITY);
        let mut capacity = 1;
        while capacity < initial_capacity {
            capacity <<= 1;
        }
        Ok(WeakHashMap {
            table: Table::new(capacity)?,
            size: 0,
            threshold: (capacity as f32 * LOAD_FACTOR) as i32,
            mod_count: 0,
        })
    }

    /// `new WeakHashMap()`: 16 buckets, threshold 12.
    pub fn new() -> Self {
        Self::with_capacity(DEFAULT_INITIAL_CAPACITY).expect("the default table fits")
    }

    /// `new WeakHashMap(Map m)`: room for `m` at the load factor, then `putAll(m)`.
    pub fn from_map(m: Option<&WeakHashMap>) -> Result<Self> {
        let m = m.ok_or(JavaException::NullPointer)?;
        let capacity = (m.size() as f32 / LOAD_FACTOR + 1.0) as i32;
        let mut map = Self::with_capacity(capacity.max(DEFAULT_INITIAL_CAPACITY))?;
        map.put_all(Some(m))?;
        Ok(map)
    }

    /// The length of `table` (not Java API: for tests).
    pub fn table_length(&self) -> i32 {
        self.table.length
    }

    /// `size()` (`expungeStaleEntries` never finds a cleared key here).
    pub fn size(&self) -> i32 {
        self.size
    }

    /// `isEmpty()`: `size() == 0`.
    pub fn is_empty(&self) -> bool {
        self.size() == 0
    }

    /// `getEntry(Object key)` as (bucket, position in the chain), if mapped.
    fn get_entry(&self, key: Option<i32>) -> Result<Option<(i32, usize)>> {
        let k = Key::mask_null(key);
        let h = hash(k);
        let index = index_for(h, self.table.length);
        let chain = self.table.chain(index)?;
        Ok((chain.iter().position(|e| e.hash == h && e.key == k)).map(|n| (index, n)))
    }

    /// `get(Object key)`: the mapped value, or `null`.
    pub fn get(&self, key: Option<i32>) -> Result<Option<i32>> {
        Ok(match self.get_entry(key)? {
            Some((i, n)) => self.table.chain(i)?[n].value,
            None => None,
        })
    }

    /// `containsKey(Object key)`.
    pub fn contains_key(&self, key: Option<i32>) -> Result<bool> {
        Ok(self.get_entry(key)?.is_some())
    }

    /// `put(K key, V value)`: the previous value, or `null` after adding a new entry at
    /// the head of its chain (and resizing once `++size >= threshold`).
    pub fn put(&mut self, key: Option<i32>, value: Option<i32>) -> Result<Option<i32>> {
        let k = Key::mask_null(key);
        let h = hash(k);
        let i = index_for(h, self.table.length);
        let chain = self.table.chain(i)?;
        if let Some(n) = chain.iter().position(|e| h == e.hash && e.key == k) {
            let old_value = chain[n].value;
            self.table
                .chains
                .get_mut(&i)
                .ok_or(JavaException::NullPointer)?[n]
                .value = value;
            return Ok(old_value);
        }
        self.mod_count = self.mod_count.wrapping_add(1);
        self.table.push_head(
            i,
            Entry {
                key: k,
                value,
                hash: h,
            },
        )?;
        self.size = self.size.wrapping_add(1);
        if self.size >= self.threshold {
            self.resize(self.table.length.wrapping_mul(2))?;
        }
        Ok(None)
    }

    /// `resize(int newCapacity)`: rehashes into `newCapacity` buckets, and moves back to
    /// the old table if fewer than `threshold / 2` entries are left.
    fn resize(&mut self, new_capacity: i32) -> Result<()> {
        if self.table.length == MAXIMUM_CAPACITY {
            self.threshold = i32::MAX;
            return Ok(());
        }
        let mut new_table = Table::new(new_capacity)?;
        transfer(&mut self.table, &mut new_table)?;
        // "If ignoring null elements and processing ref queue caused massive shrinkage,
        // then restore old table": with no GC, only putAll's resize-ahead of a map with
        // fewer than threshold / 2 entries gets here.
        if self.size >= self.threshold / 2 {
            self.table = new_table;
            self.threshold = (new_capacity as f32 * LOAD_FACTOR) as i32;
        } else {
            transfer(&mut new_table, &mut self.table)?;
        }
        Ok(())
    }

    /// `putAll(Map m)`: resizes ahead if `m.size() > threshold`, then puts `m`'s entries
    /// in its iteration order; `null` → `NullPointerException`.
    pub fn put_all(&mut self, m: Option<&WeakHashMap>) -> Result<()> {
        let m = m.ok_or(JavaException::NullPointer)?;
        let num_keys_to_be_added = m.size();
        if num_keys_to_be_added == 0 {
            return Ok(());
        }
        if num_keys_to_be_added > self.threshold {
            let target_capacity =
                ((num_keys_to_be_added as f32 / LOAD_FACTOR + 1.0) as i32).min(MAXIMUM_CAPACITY);
            let mut new_capacity = self.table.length;
            while new_capacity < target_capacity {
                new_capacity <<= 1;
            }
            if new_capacity > self.table.length {
                self.resize(new_capacity)?;
            }
        }
        for e in m.table.entries() {
            self.put(e.key.unmask_null(), e.value)?;
        }
        Ok(())
    }

    /// `remove(Object key)`: the removed value, or `null`.
    pub fn remove(&mut self, key: Option<i32>) -> Result<Option<i32>> {
        let Some((i, n)) = self.get_entry(key)? else {
            return Ok(None);
        };
        self.mod_count = self.mod_count.wrapping_add(1);
        self.size = self.size.wrapping_sub(1);
        Ok(self.table.unlink(i, n)?.value)
    }

    /// `clear()`: empties every bucket; the table keeps its length.
    pub fn clear(&mut self) {
        self.mod_count = self.mod_count.wrapping_add(1);
        self.table.chains.clear();
        self.size = 0;
    }

    /// `containsValue(Object value)` (`containsNullValue` for `null`), scanning the
    /// buckets downwards.
    pub fn contains_value(&self, value: Option<i32>) -> bool {
        self.table.entries().any(|e| e.value == value)
    }

    /// `equals(Object o)` (from `AbstractMap`): same size, and each of this map's
    /// entries is in `o` (a `null` value needs `o.containsKey`).
    pub fn equals(&self, o: Option<&WeakHashMap>) -> Result<bool> {
        let Some(m) = o else {
            return Ok(false); // null instanceof Map
        };
        if m.size() != self.size() {
            return Ok(false);
        }
        for e in self.table.entries() {
            let key = e.key.unmask_null();
            let equal = match e.value {
                None => m.get(key)?.is_none() && m.contains_key(key)?,
                value => value == m.get(key)?,
            };
            if !equal {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `hashCode()` (from `AbstractMap`): the sum of `Objects.hashCode(key) ^
    /// Objects.hashCode(value)` over the entries.
    pub fn hash_code(&self) -> i32 {
        (self.table.entries())
            .map(|e| e.key.unmask_null().unwrap_or(0) ^ e.value.unwrap_or(0))
            .fold(0, i32::wrapping_add)
    }

    /// `toString()` (from `AbstractMap`): `{k=v, …}` in `HashIterator` order.
    pub fn to_java_string(&self) -> String {
        let shown = |x: Option<i32>| x.map_or("null".into(), |v: i32| v.to_string());
        let entries: Vec<String> = (self.table.entries())
            .map(|e| format!("{}={}", shown(e.key.unmask_null()), shown(e.value)))
            .collect();
        format!("{{{}}}", entries.join(", "))
    }

    /// `getOrDefault(Object key, V defaultValue)` (`Map` default).
    pub fn get_or_default(
        &self,
        key: Option<i32>,
        default_value: Option<i32>,
    ) -> Result<Option<i32>> {
        let v = self.get(key)?;
        Ok(if v.is_some() || self.contains_key(key)? {
            v
        } else {
            default_value
        })
    }

    /// `putIfAbsent(K key, V value)` (`Map` default): puts unless mapped to non-`null`.
    pub fn put_if_absent(&mut self, key: Option<i32>, value: Option<i32>) -> Result<Option<i32>> {
        match self.get(key)? {
            None => self.put(key, value),
            v => Ok(v),
        }
    }

    /// `replace(K key, V value)` (`Map` default): puts only if `key` is mapped.
    pub fn replace(&mut self, key: Option<i32>, value: Option<i32>) -> Result<Option<i32>> {
        let cur_value = self.get(key)?;
        if cur_value.is_some() || self.contains_key(key)? {
            return self.put(key, value);
        }
        Ok(cur_value)
    }

    /// `replace(K key, V oldValue, V newValue)` (`Map` default): puts only if `key` is
    /// mapped to `oldValue`.
    pub fn replace_if(
        &mut self,
        key: Option<i32>,
        old_value: Option<i32>,
        new_value: Option<i32>,
    ) -> Result<bool> {
        let cur_value = self.get(key)?;
        if cur_value != old_value || (cur_value.is_none() && !self.contains_key(key)?) {
            return Ok(false);
        }
        self.put(key, new_value)?;
        Ok(true)
    }
}

/// A method's outcome as the harness stores it.
fn ok<T: Into<Value<WeakHashMap>>>(outcome: Result<T>) -> Result<Value<WeakHashMap>> {
    outcome.map(Into::into)
}

impl Subject for WeakHashMap {
    const CLASS: &'static str = "WeakHashMap";
    const JAVA_CLASS: &'static str = "java.util.WeakHashMap";

    fn methods() -> Vec<Method<Self>> {
        use Param::{Int, Integer, Object};
        use Return as R;
        #[rustfmt::skip]
        let methods = vec![
            Method::constructor("WeakHashMap", &[Int], |a| WeakHashMap::with_capacity(a.int(0))),
            Method::constructor("WeakHashMap", &[], |_| Ok(WeakHashMap::new())),
            Method::constructor("WeakHashMap", &[Object], |a| WeakHashMap::from_map(a.object(0))),
            Method::instance("size", &[], R::Int, |m, _| ok(Ok(m.size()))),
            Method::instance("isEmpty", &[], R::Bool, |m, _| ok(Ok(m.is_empty()))),
            Method::instance("get", &[Integer], R::Int, |m, a| ok(m.get(a.integer(0)))),
            Method::instance("containsKey", &[Integer], R::Bool, |m, a| ok(m.contains_key(a.integer(0)))),
            Method::instance("put", &[Integer, Integer], R::Int, |m, a| ok(m.put(a.integer(0), a.integer(1)))),
            Method::instance("putAll", &[Object], R::Void, |m, a| ok(m.put_all(a.object(0)))),
            Method::instance("remove", &[Integer], R::Int, |m, a| ok(m.remove(a.integer(0)))),
            Method::instance("clear", &[], R::Void, |m, _| { m.clear(); Ok(Value::Void) }),
            Method::instance("containsValue", &[Integer], R::Bool, |m, a| ok(Ok(m.contains_value(a.integer(0))))),
            Method::instance("equals", &[Object], R::Bool, |m, a| ok(m.equals(a.object(0)))),
            Method::instance("hashCode", &[], R::Int, |m, _| ok(Ok(m.hash_code()))),
            Method::instance("toString", &[], R::Str, |m, _| ok(Ok(m.to_java_string()))),
            Method::instance("getOrDefault", &[Integer, Integer], R::Int, |m, a| ok(m.get_or_default(a.integer(0), a.integer(1)))),
            Method::instance("putIfAbsent", &[Integer, Integer], R::Int, |m, a| ok(m.put_if_absent(a.integer(0), a.integer(1)))),
            Method::instance("replace", &[Integer, Integer], R::Int, |m, a| ok(m.replace(a.integer(0), a.integer(1)))),
            Method::instance("replace", &[Integer, Integer, Integer], R::Bool, |m, a| ok(m.replace_if(a.integer(0), a.integer(1), a.integer(2)))),
        ];
        methods
    }

    fn to_java_string(&self) -> String {
        WeakHashMap::to_java_string(self)
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

    fn map_of(entries: &[(Option<i32>, Option<i32>)]) -> WeakHashMap {
        let mut map = WeakHashMap::new();
        for &(k, v) in entries {
            map.put(k, v).unwrap();
        }
        map
    }

    /// `for (int i = 0; i < 40; i++) big.put(i * 3, i)` on `new WeakHashMap()`.
    fn big() -> WeakHashMap {
        map_of(&(0..40).map(|i| (Some(i * 3), Some(i))).collect::<Vec<_>>())
    }

    /// The sorted `k=v` entries of a `toString()`.
    fn entry_set(rendered: &str) -> Vec<String> {
        let inner = &rendered[1..rendered.len() - 1];
        let mut entries: Vec<String> = if inner.is_empty() {
            vec![]
        } else {
            inner.split(", ").map(String::from).collect()
        };
        entries.sort();
        entries
    }

    // ---- Java semantics, as claims (outputs pinned from JDK 17) ----

    #[test]
    fn to_string_walks_buckets_downwards_and_chains_from_the_head_like_java() {
        let mut map = WeakHashMap::new();
        for i in [1, 17, 33, 2, 100, 0, 16] {
            map.put(Some(i), Some(i * 10)).unwrap();
        }
        assert_eq!(
            map.to_java_string(),
            "{33=330, 100=1000, 2=20, 16=160, 1=10, 0=0, 17=170}"
        );
        // NULL_KEY's real hash is an identity hash; the stand-in puts it in the last
        // bucket, where this JDK 17 run had it too.
        map.put(None, Some(5)).unwrap();
        assert_eq!(
            map.to_java_string(),
            "{null=5, 33=330, 100=1000, 2=20, 16=160, 1=10, 0=0, 17=170}"
        );
        assert_eq!(index_for(hash(Key::NullKey), 1 << 20), (1 << 20) - 1);
    }

    #[test]
    fn capacity_zero_gives_one_bucket_and_threshold_zero_then_doubles_like_java() {
        let mut map = WeakHashMap::with_capacity(0).unwrap();
        assert_eq!((map.table_length(), map.threshold), (1, 0));
        for i in 0..5 {
            map.put(Some(i), Some(i)).unwrap();
        }
        assert_eq!((map.table_length(), map.threshold), (8, 6));
        assert_eq!(map.to_java_string(), "{4=4, 3=3, 2=2, 1=1, 0=0}");
        assert_eq!(map.hash_code(), 0);
        let hundred = WeakHashMap::with_capacity(100).unwrap();
        assert_eq!((hundred.table_length(), hundred.threshold), (128, 96));
        assert_eq!(
            WeakHashMap::with_capacity(-1).err(),
            Some(E::IllegalArgument)
        );
        assert_eq!(
            WeakHashMap::with_capacity(i32::MAX).err(),
            Some(E::OutOfMemory)
        );
    }

    #[test]
    fn resize_transfers_and_reverses_chains_like_java() {
        let big = big();
        assert_eq!((big.table_length(), big.threshold), (64, 48));
        assert_eq!(
            big.to_java_string(),
            "{60=20, 63=21, 57=19, 114=38, 54=18, 48=16, 117=39, 51=17, 105=35, 45=15, \
             108=36, 111=37, 42=14, 96=32, 36=12, 99=33, 39=13, 33=11, 102=34, 90=30, \
             30=10, 27=9, 24=8, 93=31, 81=27, 21=7, 18=6, 87=29, 84=28, 75=25, 15=5, \
             72=24, 12=4, 78=26, 9=3, 6=2, 66=22, 3=1, 69=23, 0=0}"
        );
    }

    #[test]
    fn put_all_resize_ahead_is_undone_for_a_nearly_empty_map_like_java() {
        // size 1 < threshold / 2 = 6: resize(64) moves back to the old table, and the
        // puts then grow it step by step.
        let mut map = WeakHashMap::new();
        map.put(Some(5), Some(5)).unwrap();
        map.put_all(Some(&big())).unwrap();
        assert_eq!(
            (map.table_length(), map.threshold, map.size()),
            (64, 48, 41)
        );
        assert_eq!(
            map.to_java_string(),
            "{60=20, 63=21, 57=19, 54=18, 114=38, 48=16, 117=39, 51=17, 45=15, 105=35, \
             108=36, 111=37, 42=14, 96=32, 36=12, 99=33, 39=13, 33=11, 102=34, 90=30, \
             30=10, 27=9, 24=8, 93=31, 21=7, 81=27, 18=6, 87=29, 84=28, 15=5, 75=25, \
             12=4, 72=24, 78=26, 9=3, 66=22, 6=2, 5=5, 3=1, 69=23, 0=0}"
        );
    }

    #[test]
    fn put_all_resize_ahead_is_kept_for_a_fuller_map_like_java() {
        let mut map = WeakHashMap::new();
        for i in 0..7 {
            map.put(Some(i * 16), Some(i)).unwrap();
        }
        map.put_all(Some(&big())).unwrap();
        assert_eq!((map.table_length(), map.threshold), (64, 48));
        assert_eq!(
            map.to_java_string(),
            "{60=20, 63=21, 57=19, 54=18, 114=38, 48=16, 117=39, 51=17, 45=15, 105=35, \
             108=36, 111=37, 42=14, 36=12, 96=32, 39=13, 99=33, 33=11, 32=2, 102=34, \
             30=10, 90=30, 27=9, 24=8, 93=31, 80=5, 21=7, 81=27, 18=6, 87=29, 84=28, \
             16=1, 15=5, 75=25, 12=4, 72=24, 78=26, 9=3, 66=22, 6=2, 64=4, 3=1, 69=23, 0=0}"
        );
        assert_eq!(map.put_all(None), Err(E::NullPointer));
    }

    #[test]
    fn copy_constructor_sizes_for_the_load_factor_like_java() {
        let copy = WeakHashMap::from_map(Some(&big())).unwrap();
        assert_eq!((copy.table_length(), copy.threshold), (64, 48));
        assert_eq!(
            copy.to_java_string(),
            "{60=20, 63=21, 57=19, 54=18, 114=38, 48=16, 117=39, 51=17, 45=15, 105=35, \
             108=36, 111=37, 42=14, 36=12, 96=32, 39=13, 99=33, 33=11, 102=34, 30=10, \
             90=30, 27=9, 24=8, 93=31, 21=7, 81=27, 18=6, 87=29, 84=28, 15=5, 75=25, \
             12=4, 72=24, 78=26, 9=3, 66=22, 6=2, 3=1, 69=23, 0=0}"
        );
        assert_eq!(copy.equals(Some(&big())), Ok(true));
        assert_eq!(WeakHashMap::from_map(None).err(), Some(E::NullPointer));
    }

    #[test]
    fn map_defaults_behave_like_java() {
        // JDK 17: null 7 null 3 null 3 false true false {0=6}
        let mut d = map_of(&[(Some(0), None)]);
        assert_eq!(d.get_or_default(Some(0), Some(7)), Ok(None));
        assert_eq!(d.get_or_default(Some(1), Some(7)), Ok(Some(7)));
        assert_eq!(d.put_if_absent(Some(0), Some(3)), Ok(None));
        assert_eq!(d.put_if_absent(Some(0), Some(4)), Ok(Some(3)));
        assert_eq!(d.replace(Some(1), Some(2)), Ok(None));
        assert_eq!(d.replace(Some(0), Some(100)), Ok(Some(3)));
        assert_eq!(d.replace_if(Some(0), Some(5), Some(6)), Ok(false));
        assert_eq!(d.replace_if(Some(0), Some(100), Some(6)), Ok(true));
        assert_eq!(d.replace_if(Some(2), None, Some(1)), Ok(false));
        assert_eq!(d.to_java_string(), "{0=6}");
    }

    #[test]
    fn null_key_and_null_values_are_stored_and_removed() {
        let mut map = WeakHashMap::new();
        assert_eq!(map.put(None, None), Ok(None));
        assert_eq!(
            (map.contains_key(None), map.get(None)),
            (Ok(true), Ok(None))
        );
        assert!(map.contains_value(None));
        assert_eq!(map.put(None, Some(1)), Ok(None));
        assert!(!map.contains_value(None));
        assert_eq!(map.remove(None), Ok(Some(1)));
        assert_eq!(map.remove(None), Ok(None));
        assert!(map.is_empty());
    }

    #[test]
    fn remove_unlinks_from_the_middle_of_a_chain() {
        let mut map = map_of(&[(Some(0), Some(0)), (Some(17), Some(1)), (Some(34), Some(2))]);
        assert_eq!(
            map.table.chain(0).unwrap().len(),
            3,
            "0, 17 and 34 share bucket 0"
        );
        assert_eq!(map.remove(Some(17)), Ok(Some(1)));
        assert_eq!(map.get(Some(0)), Ok(Some(0)));
        assert_eq!(
            (map.size(), map.to_java_string()),
            (2, "{34=2, 0=0}".into())
        );
    }

    #[test]
    fn equals_and_hash_code_are_abstract_maps() {
        let a = map_of(&[(Some(1), None), (None, Some(2))]);
        let b = map_of(&[(None, Some(2)), (Some(1), None)]);
        assert_eq!(a.equals(Some(&b)), Ok(true));
        assert_eq!(a.equals(None), Ok(false));
        assert_eq!(
            a.equals(Some(&map_of(&[(Some(2), None), (None, Some(2))]))),
            Ok(false)
        );
        assert_eq!(a.hash_code(), 1 + 2);
        let mut c = a.clone();
        c.clear();
        assert_eq!((c.to_java_string(), c.table_length()), ("{}".into(), 16));
    }

    // ---- differential: the port against a model built on BTreeMap ----

    #[derive(Clone, Debug)]
    enum Op {
        Put(Option<i32>, Option<i32>),
        Get(Option<i32>),
        ContainsKey(Option<i32>),
        ContainsValue(Option<i32>),
        Remove(Option<i32>),
        Size,
        IsEmpty,
        Clear,
        HashCode,
        ToString,
        GetOrDefault(Option<i32>, Option<i32>),
        PutIfAbsent(Option<i32>, Option<i32>),
        Replace(Option<i32>, Option<i32>),
        ReplaceIf(Option<i32>, Option<i32>, Option<i32>),
        PutAll(Option<Vec<(Option<i32>, Option<i32>)>>),
        Equals(Option<Vec<(Option<i32>, Option<i32>)>>),
    }

    type Model = BTreeMap<Option<i32>, Option<i32>>;

    fn element() -> impl Strategy<Value = Option<i32>> {
        prop_oneof![1 => Just(None), 6 => (-3..40).prop_map(Some), 1 => any::<i32>().prop_map(Some)]
    }

    fn other_map() -> impl Strategy<Value = Option<Vec<(Option<i32>, Option<i32>)>>> {
        prop::option::weighted(0.9, prop::collection::vec((element(), element()), 0..30))
    }

    fn op() -> impl Strategy<Value = Op> {
        let kv = || (element(), element());
        prop_oneof![
            8 => kv().prop_map(|(k, v)| Op::Put(k, v)),
            2 => element().prop_map(Op::Get),
            2 => element().prop_map(Op::ContainsKey),
            1 => element().prop_map(Op::ContainsValue),
            4 => element().prop_map(Op::Remove),
            1 => Just(Op::Size),
            1 => Just(Op::IsEmpty),
            1 => Just(Op::Clear),
            1 => Just(Op::HashCode),
            1 => Just(Op::ToString),
            1 => kv().prop_map(|(k, v)| Op::GetOrDefault(k, v)),
            1 => kv().prop_map(|(k, v)| Op::PutIfAbsent(k, v)),
            1 => kv().prop_map(|(k, v)| Op::Replace(k, v)),
            1 => (element(), kv()).prop_map(|(k, (o, n))| Op::ReplaceIf(k, o, n)),
            1 => other_map().prop_map(Op::PutAll),
            1 => other_map().prop_map(Op::Equals),
        ]
    }

    fn run_port(map: &mut WeakHashMap, op: &Op) -> std::result::Result<String, E> {
        let other = |c: &Option<Vec<_>>| c.as_deref().map(map_of);
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        Ok(match op {
            Op::Put(k, v) => shown(&map.put(*k, *v)?),
            Op::Get(k) => shown(&map.get(*k)?),
            Op::ContainsKey(k) => shown(&map.contains_key(*k)?),
            Op::ContainsValue(v) => shown(&map.contains_value(*v)),
            Op::Remove(k) => shown(&map.remove(*k)?),
            Op::Size => shown(&map.size()),
            Op::IsEmpty => shown(&map.is_empty()),
            Op::Clear => shown(&map.clear()),
            Op::HashCode => shown(&map.hash_code()),
            Op::ToString => shown(&entry_set(&map.to_java_string())),
            Op::GetOrDefault(k, d) => shown(&map.get_or_default(*k, *d)?),
            Op::PutIfAbsent(k, v) => shown(&map.put_if_absent(*k, *v)?),
            Op::Replace(k, v) => shown(&map.replace(*k, *v)?),
            Op::ReplaceIf(k, o, n) => shown(&map.replace_if(*k, *o, *n)?),
            Op::PutAll(c) => shown(&map.put_all(other(c).as_ref())?),
            Op::Equals(c) => shown(&map.equals(other(c).as_ref())?),
        })
    }

    /// The model: `Map` semantics, with `Map`'s documented defaults.
    fn run_model(m: &mut Model, op: &Op) -> std::result::Result<String, E> {
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        let show = |x: &Option<i32>| x.map_or("null".into(), |v| v.to_string());
        Ok(match op {
            Op::Put(k, v) => shown(&m.insert(*k, *v).flatten()),
            Op::Get(k) => shown(&m.get(k).copied().flatten()),
            Op::ContainsKey(k) => shown(&m.contains_key(k)),
            Op::ContainsValue(v) => shown(&m.values().any(|x| x == v)),
            Op::Remove(k) => shown(&m.remove(k).flatten()),
            Op::Size => shown(&(m.len() as i32)),
            Op::IsEmpty => shown(&m.is_empty()),
            Op::Clear => shown(&m.clear()),
            Op::HashCode => shown(&m.iter().fold(0i32, |h, (k, v)| {
                h.wrapping_add(k.unwrap_or(0) ^ v.unwrap_or(0))
            })),
            Op::ToString => {
                let all: Vec<String> = m
                    .iter()
                    .map(|(k, v)| format!("{}={}", show(k), show(v)))
                    .collect();
                shown(&entry_set(&format!("{{{}}}", all.join(", "))))
            }
            Op::GetOrDefault(k, d) => shown(&m.get(k).copied().unwrap_or(*d)),
            Op::PutIfAbsent(k, v) => match m.get(k).copied().flatten() {
                Some(old) => shown(&Some(old)),
                None => shown(&m.insert(*k, *v).flatten()),
            },
            Op::Replace(k, v) => match m.get_mut(k) {
                Some(slot) => shown(&std::mem::replace(slot, *v)),
                None => shown(&None::<i32>),
            },
            Op::ReplaceIf(k, o, n) => match m.get_mut(k) {
                Some(slot) if slot == o => shown(&{
                    *slot = *n;
                    true
                }),
                _ => shown(&false),
            },
            Op::PutAll(c) => {
                m.extend(c.as_ref().ok_or(E::NullPointer)?.iter().copied());
                shown(&())
            }
            Op::Equals(c) => shown(
                &c.as_ref()
                    .is_some_and(|c| c.iter().copied().collect::<Model>() == *m),
            ),
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn port_matches_a_btree_map_model_on_random_operation_sequences(
            capacity in prop::option::of(0..20i32),
            ops in prop::collection::vec(op(), 0..80),
        ) {
            let mut map = match capacity {
                None => WeakHashMap::new(),
                Some(n) => WeakHashMap::with_capacity(n).unwrap(),
            };
            let mut model = Model::new();
            for (step, op) in ops.iter().enumerate() {
                let got = run_port(&mut map, op);
                let want = run_model(&mut model, op);
                prop_assert_eq!(&got, &want, "step {} {:?}", step, op);
                let entries = map.table.chains.iter().flat_map(|(&i, c)| c.iter().map(move |e| (i, e)));
                prop_assert!(entries.clone().all(|(i, e)| index_for(e.hash, map.table_length()) == i && e.hash == hash(e.key)));
                prop_assert_eq!(entries.count(), map.size() as usize);
            }
        }
    }

    // ---- through the harness, in the paper's default context ----

    fn call(context: &TestContext, signature: &str, slots: &[u32]) -> u32 {
        let position = (context.methods().iter())
            .position(|m| m.info.signature == signature)
            .unwrap_or_else(|| panic!("no method {signature}"));
        context.call_space().encode_call(position, slots).unwrap()
    }

    #[test]
    fn paper_context_has_j_80() {
        // vps: int 2, boolean 2, String 2, WeakHashMap 1. nc(m) = product over the slots
        // (parameters, then target, then result):
        //   WeakHashMap(int) 2·1 = 2   WeakHashMap() 1   WeakHashMap(WeakHashMap) 1·1 = 1
        //   size() 1·2 = 2   isEmpty() 2   get(Integer) 2·1·2 = 4   containsKey(Integer) 4
        //   put(Integer,Integer) 2·2·1·2 = 8   putAll(WeakHashMap) 1·1 = 1
        //   remove(Integer) 4   clear() 1   containsValue(Integer) 4
        //   equals(WeakHashMap) 1·1·2 = 2   hashCode() 2   toString() 2
        //   getOrDefault(Integer,Integer) 8   putIfAbsent(Integer,Integer) 8
        //   replace(Integer,Integer) 8   replace(Integer,Integer,Integer) 2·2·2·1·2 = 16
        // j = (2+1+1) + (2+2+4+4+8+1+4+1+4) + (2+2+2) + (8+8+8+16) = 4+30+6+40 = 80
        let unit = SubjectUnit::<WeakHashMap>::new();
        let context = TestContext::paper(&unit).unwrap();
        assert_eq!(context.methods().len(), 19);
        assert_eq!(context.j(), 80);
    }

    #[test]
    fn harness_runs_puts_and_renders_the_map() {
        let unit = crate::subject::registry().find("WeakHashMap").unwrap();
        assert_eq!(unit.java_class(), "java.util.WeakHashMap");
        let unit = SubjectUnit::<WeakHashMap>::new();
        let context = Arc::new(TestContext::paper(&unit).unwrap());
        let mut session = unit.session(context.clone());
        session.step(call(&context, "WeakHashMap()", &[0])).unwrap();
        // int_vp[0] = object_vp[0].put(int_vp[0], int_vp[1]);  put(0, 100) → null
        session
            .step(call(&context, "put(Integer,Integer)", &[0, 1, 0, 0]))
            .unwrap();
        // int_vp[1] = object_vp[0].put(int_vp[1], int_vp[0]);  put(100, null) → null
        session
            .step(call(&context, "put(Integer,Integer)", &[1, 0, 0, 1]))
            .unwrap();
        assert_eq!(session.primitives().ints, [None, None]);
        // bool_vp[0] = object_vp[0].containsValue(int_vp[0]);  containsValue(null) → true
        session
            .step(call(&context, "containsValue(Integer)", &[0, 0, 0]))
            .unwrap();
        assert_eq!(session.primitives().bools, [true, true]);
        assert_eq!(session.render_pools()[3].1, ["{100=null, 0=100}"]);
    }
}
