//! `IdentityHashMap`: a port of JDK 17's `java.util.IdentityHashMap<Integer, Integer>`.
//!
//! # What is ported
//! Java's linear-probing table: one `Object[] table` holding keys at even and values at
//! odd indices, `2 * capacity` slots with the capacity a power of two
//! (`DEFAULT_CAPACITY = 32`, `MINIMUM_CAPACITY = 4`, `MAXIMUM_CAPACITY = 1 << 29`),
//! `capacity(expectedMaxSize)`, `init`, `hash(x, len) = ((h << 1) - (h << 8)) & (len - 1)`,
//! `nextKeyIndex`, the `NULL_KEY` sentinel (`maskNull`/`unmaskNull`), `put` with its
//! `s + (s << 1) > len` check and `resize(len)`, `putAll`'s conservative pre-expansion,
//! `remove` with `closeDeletion`, `containsMapping`, `modCount`, and `toString` from
//! `AbstractMap` over the `IdentityHashMapIterator` (ascending table index).
//! M_C, in the order of the Java source: `IdentityHashMap()`, `IdentityHashMap(int)`,
//! `IdentityHashMap(IdentityHashMap)`, `size`, `isEmpty`, `get`, `containsKey`,
//! `containsValue`, `put`, `putAll`, `remove`, `clear`, `equals`, `hashCode`, `clone`,
//! `toString`.
//!
//! # What is left out, and why
//! * `keySet`, `values`, `entrySet`, `forEach`, `replaceAll`: views and lambdas are not
//!   types of interest (a view sharing the table cannot live in the object pool).
//! * The `Map` default methods (`getOrDefault`, `putIfAbsent`, `replace`,
//!   `remove(Object,Object)`, `compute*`, `merge`): not in this unit's M_C, as the
//!   task's method list for `IdentityHashMap` has only the class's own methods.
//! * Exception messages: [`JavaException`] carries the class only.
//!
//! # The identity model (read this before comparing with a JVM)
//! * **Identity of an `Integer` is its value.** Java's `==` on two `Integer`s is
//!   reference equality. `Integer.valueOf` returns one cached object per value in
//!   `[-128, 127]`, so there identity and value coincide exactly; the paper's `int`
//!   pool `{0, 100}` and every small `size()` lie in that range. A Java driver that
//!   boxes each pool slot once and stores the very objects methods return gives the
//!   same answers as this model as long as no two *distinct boxings* of one value
//!   outside the cache meet (e.g. two slots filled by separate `hashCode()` calls that
//!   happened to return the same large number): there Java sees two keys, this port one.
//! * **`System.identityHashCode` is replaced by a fixed stand-in**,
//!   [`identity_hash_code`]: a 31-bit mix of the value (`null` → 0, as in Java), and a
//!   constant for `NULL_KEY`. A real JVM's identity hashes depend on every earlier
//!   identity-hash request in the process, so a port cannot compute them. Consequences:
//!   the table positions, hence the **iteration order of `toString()`**, and the value
//!   of **`hashCode()`** (a sum of identity hashes) differ from a real JVM's. A
//!   differential harness must compare `toString()` as a set of `k=v` entries and skip
//!   (or not compare) `hashCode()` results — and any later result computed from an `int`
//!   slot `hashCode()` wrote. Every other result (`get`, `put`, `remove`, `containsKey`,
//!   `containsValue`, `size`, `isEmpty`, `equals`, exceptions) does not depend on the
//!   positions and is reproducible.
//! * Arrays of [`HEAP_ARRAY_LIMIT`] or more slots throw `OutOfMemoryError`, as in
//!   `ArrayList` (a JVM with about 1 GiB of heap); `new IdentityHashMap(n)` for
//!   n ≥ 44,739,243 reaches that limit. The table is stored sparsely, so large legal
//!   tables cost no memory.
//! * Object-pool arguments are snapshots, so `o == this` in `equals` is never true,
//!   which gives the same answer.

use std::collections::BTreeMap;

use crate::subjects::java_array::HEAP_ARRAY_LIMIT;
use crate::subject::{JavaException, Method, Param, Return, Subject, Value};

/// `IdentityHashMap.DEFAULT_CAPACITY`: the capacity of `new IdentityHashMap()`.
pub const DEFAULT_CAPACITY: i32 = 32;
/// `IdentityHashMap.MINIMUM_CAPACITY`.
pub const MINIMUM_CAPACITY: i32 = 4;
/// `IdentityHashMap.MAXIMUM_CAPACITY`.
pub const MAXIMUM_CAPACITY: i32 = 1 << 29;
/// The stand-in identity hash of `IdentityHashMap.NULL_KEY` (see the module docs).
pub const NULL_KEY_IDENTITY_HASH: i32 = 0x2F6E_4A11;

type Result<T> = std::result::Result<T, JavaException>;

/// The stand-in for `System.identityHashCode` of an object known by `seed`: a fixed
/// 31-bit mix, never 0 (HotSpot's identity hashes are 31-bit and non-zero).
pub fn stand_in_identity_hash(seed: u32) -> i32 {
    let mut h = seed.wrapping_add(0x9E37_79B9);
    h = (h ^ (h >> 16)).wrapping_mul(0x85EB_CA6B);
    h = (h ^ (h >> 13)).wrapping_mul(0xC2B2_AE35);
    ((h ^ (h >> 16)) & 0x7FFF_FFFF).max(1) as i32
}

/// `System.identityHashCode(x)` for an `Integer` (identity = value), `null` → 0.
pub fn identity_hash_code(x: Option<i32>) -> i32 {
    x.map_or(0, |v| stand_in_identity_hash(v as u32))
}

/// A key slot's object: the `NULL_KEY` sentinel or an `Integer` (identity = value).
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

    /// `System.identityHashCode(this)`.
    fn identity_hash(self) -> i32 {
        match self {
            Key::NullKey => NULL_KEY_IDENTITY_HASH,
            Key::Integer(v) => identity_hash_code(Some(v)),
        }
    }
}

/// `table`: a Java `Object[]` of `length` slots, stored sparsely. A key slot `i` and its
/// value slot `i + 1` are always written together, so each occupied pair is one entry
/// keyed by the key's index.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Table {
    length: i32,
    pairs: BTreeMap<i32, (Key, Option<i32>)>,
}

impl Table {
    /// `new Object[length]`.
    fn new(length: i32) -> Result<Self> {
        if length < 0 {
            return Err(JavaException::NegativeArraySize);
        }
        if length >= HEAP_ARRAY_LIMIT {
            return Err(JavaException::OutOfMemory); // "Java heap space"
        }
        Ok(Table {
            length,
            pairs: BTreeMap::new(),
        })
    }

    /// Checks that the pair at key index `i` lies within the array.
    fn check(&self, i: i32) -> Result<()> {
        if i < 0 || i >= self.length - 1 {
            return Err(JavaException::IndexOutOfBounds); // ArrayIndexOutOfBoundsException
        }
        Ok(())
    }

    /// `tab[i]` (`None` = `null`).
    fn key(&self, i: i32) -> Result<Option<Key>> {
        self.check(i)?;
        Ok(self.pairs.get(&i).map(|&(k, _)| k))
    }

    /// `tab[i + 1]`.
    fn value(&self, i: i32) -> Result<Option<i32>> {
        self.check(i)?;
        Ok(self.pairs.get(&i).and_then(|&(_, v)| v))
    }

    /// `tab[i] = key; tab[i + 1] = value`.
    fn set(&mut self, i: i32, key: Key, value: Option<i32>) -> Result<()> {
        self.check(i)?;
        self.pairs.insert(i, (key, value));
        Ok(())
    }

    /// `tab[i] = null; tab[i + 1] = null`.
    fn clear_pair(&mut self, i: i32) -> Result<()> {
        self.check(i)?;
        self.pairs.remove(&i);
        Ok(())
    }

    /// The occupied pairs in ascending index order (the iterators' order).
    fn entries(&self) -> Vec<(Key, Option<i32>)> {
        self.pairs.values().copied().collect()
    }
}

/// `hash(Object x, int length)`: the even start index of `x`'s probe sequence.
fn hash(x: Key, length: i32) -> i32 {
    let h = x.identity_hash();
    // Multiply by -127, and left-shift to use least bit as part of hash
    ((h << 1).wrapping_sub(h << 8)) & (length - 1)
}

/// `nextKeyIndex(int i, int len)`: the next key index, wrapping to 0.
fn next_key_index(i: i32, len: i32) -> i32 {
    if i + 2 < len { i + 2 } else { 0 }
}

/// `capacity(int expectedMaxSize)`: the power-of-two capacity for that many mappings.
fn capacity(expected_max_size: i32) -> i32 {
    if expected_max_size > MAXIMUM_CAPACITY / 3 {
        MAXIMUM_CAPACITY
    } else if expected_max_size <= 2 * MINIMUM_CAPACITY / 3 {
        MINIMUM_CAPACITY
    } else {
        highest_one_bit(expected_max_size + (expected_max_size << 1))
    }
}

/// `Integer.highestOneBit(i)` for `i > 0`.
fn highest_one_bit(i: i32) -> i32 {
    i & (i32::MIN as u32 >> i.leading_zeros()) as i32
}

/// `java.util.IdentityHashMap<Integer, Integer>`: keys compared by reference
/// (identity = value, see the module docs), linear probing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IdentityHashMap {
    table: Table,
    size: i32,
    mod_count: i32,
}

impl Default for IdentityHashMap {
    fn default() -> Self {
        Self::new()
    }
}

impl IdentityHashMap {
    /// `new IdentityHashMap()`: capacity 32 (a table of 64 slots).
    pub fn new() -> Self {
        Self::init(DEFAULT_CAPACITY).expect("the default table fits")
    }

    /// `new IdentityHashMap(int expectedMaxSize)`; negative → `IllegalArgumentException`.
    pub fn with_expected_max_size(expected_max_size: i32) -> Result<Self> {
        if expected_max_size < 0 {
            // "expectedMaxSize is negative: " + expectedMaxSize
            return Err(JavaException::IllegalArgument);
        }
        Self::init(capacity(expected_max_size))
    }

    /// `init(int initCapacity)`: `table = new Object[2 * initCapacity]`.
    fn init(init_capacity: i32) -> Result<Self> {
        Ok(IdentityHashMap {
            table: Table::new(2 * init_capacity)?,
            size: 0,
            mod_count: 0,
        })
    }

    /// `new IdentityHashMap(Map m)`: room for a bit of growth, then `putAll(m)`.
    pub fn from_map(m: Option<&IdentityHashMap>) -> Result<Self> {
        let m = m.ok_or(JavaException::NullPointer)?;
        let mut map = Self::with_expected_max_size(((1 + m.size()) as f64 * 1.1) as i32)?;
        map.put_all(Some(m))?;
        Ok(map)
    }

    /// The length of `table` (not Java API: for tests).
    pub fn table_length(&self) -> i32 {
        self.table.length
    }

    /// `size()`.
    pub fn size(&self) -> i32 {
        self.size
    }

    /// `isEmpty()`.
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// The key index holding `k`, or `None` at the first empty slot of its probe run.
    fn find(&self, k: Key) -> Result<Option<i32>> {
        let len = self.table.length;
        let mut i = hash(k, len);
        loop {
            match self.table.key(i)? {
                Some(item) if item == k => return Ok(Some(i)),
                None => return Ok(None),
                Some(_) => i = next_key_index(i, len),
            }
        }
    }

    /// `get(Object key)`: the value mapped to the identical key, or `null`.
    pub fn get(&self, key: Option<i32>) -> Result<Option<i32>> {
        match self.find(Key::mask_null(key))? {
            Some(i) => self.table.value(i),
            None => Ok(None),
        }
    }

    /// `containsKey(Object key)`.
    pub fn contains_key(&self, key: Option<i32>) -> Result<bool> {
        Ok(self.find(Key::mask_null(key))?.is_some())
    }

    /// `containsValue(Object value)`: `tab[i] == value && tab[i - 1] != null` for an odd `i`.
    pub fn contains_value(&self, value: Option<i32>) -> Result<bool> {
        let mut i = 1;
        while i < self.table.length {
            if self.table.value(i - 1)? == value && self.table.key(i - 1)?.is_some() {
                return Ok(true);
            }
            i += 2;
        }
        Ok(false)
    }

    /// `containsMapping(Object key, Object value)`: `key` (already masked) maps to `value`.
    fn contains_mapping(&self, k: Key, value: Option<i32>) -> Result<bool> {
        match self.find(k)? {
            Some(i) => Ok(self.table.value(i)? == value),
            None => Ok(false),
        }
    }

    /// `put(K key, V value)`: the previous value of the identical key, or `null`.
    pub fn put(&mut self, key: Option<i32>, value: Option<i32>) -> Result<Option<i32>> {
        let k = Key::mask_null(key);
        loop {
            // retryAfterResize
            let len = self.table.length;
            let mut i = hash(k, len);
            while let Some(item) = self.table.key(i)? {
                if item == k {
                    let old_value = self.table.value(i)?;
                    self.table.set(i, k, value)?;
                    return Ok(old_value);
                }
                i = next_key_index(i, len);
            }
            let s = self.size.wrapping_add(1);
            // Use optimized form of 3 * s. Next capacity is len, 2 * current capacity.
            if s.wrapping_add(s << 1) > len && self.resize(len)? {
                continue;
            }
            self.mod_count = self.mod_count.wrapping_add(1);
            self.table.set(i, k, value)?;
            self.size = s;
            return Ok(None);
        }
    }

    /// `resize(int newCapacity)`: rehashes into `2 * newCapacity` slots; whether it did.
    fn resize(&mut self, new_capacity: i32) -> Result<bool> {
        let new_length = new_capacity.wrapping_mul(2);
        let old_length = self.table.length;
        if old_length == 2 * MAXIMUM_CAPACITY {
            // can't expand any further
            if self.size == MAXIMUM_CAPACITY - 1 {
                return Err(JavaException::IllegalState); // "Capacity exhausted."
            }
            return Ok(false);
        }
        if old_length >= new_length {
            return Ok(false);
        }
        let mut new_table = Table::new(new_length)?;
        let mut j = 0;
        while j < old_length {
            if let Some(key) = self.table.key(j)? {
                let value = self.table.value(j)?;
                self.table.clear_pair(j)?;
                let mut i = hash(key, new_length);
                while new_table.key(i)?.is_some() {
                    i = next_key_index(i, new_length);
                }
                new_table.set(i, key, value)?;
            }
            j += 2;
        }
        self.table = new_table;
        Ok(true)
    }

    /// `putAll(Map m)`: pre-expands for `m.size()` mappings if that exceeds `size`, then
    /// puts `m`'s entries in its iteration order; `null` → `NullPointerException`.
    pub fn put_all(&mut self, m: Option<&IdentityHashMap>) -> Result<()> {
        let m = m.ok_or(JavaException::NullPointer)?;
        let n = m.size();
        if n == 0 {
            return Ok(());
        }
        if n > self.size {
            self.resize(capacity(n))?; // conservatively pre-expand
        }
        for (k, v) in m.table.entries() {
            self.put(k.unmask_null(), v)?;
        }
        Ok(())
    }

    /// `remove(Object key)`: the removed value, or `null`.
    pub fn remove(&mut self, key: Option<i32>) -> Result<Option<i32>> {
        let Some(i) = self.find(Key::mask_null(key))? else {
            return Ok(None);
        };
        self.mod_count = self.mod_count.wrapping_add(1);
        self.size -= 1;
        let old_value = self.table.value(i)?;
        self.table.clear_pair(i)?;
        self.close_deletion(i)?;
        Ok(old_value)
    }

    /// `closeDeletion(int d)`: moves later entries of the probe run into the hole at `d`.
    fn close_deletion(&mut self, mut d: i32) -> Result<()> {
        let len = self.table.length;
        let mut i = next_key_index(d, len);
        while let Some(item) = self.table.key(i)? {
            // The following test triggers if the item at slot i (which hashes to be at
            // slot r) should take the spot vacated by d.
            let r = hash(item, len);
            if (i < r && (r <= d || d <= i)) || (r <= d && d <= i) {
                let value = self.table.value(i)?;
                self.table.set(d, item, value)?;
                self.table.clear_pair(i)?;
                d = i;
            }
            i = next_key_index(i, len);
        }
        Ok(())
    }

    /// `clear()`: nulls every slot; the table keeps its length.
    pub fn clear(&mut self) {
        self.mod_count = self.mod_count.wrapping_add(1);
        self.table.pairs.clear();
        self.size = 0;
    }

    /// `equals(Object o)`: same size and every mapping of `o` present by identity.
    pub fn equals(&self, o: Option<&IdentityHashMap>) -> Result<bool> {
        let Some(m) = o else {
            return Ok(false); // null instanceof IdentityHashMap
        };
        if m.size() != self.size {
            return Ok(false);
        }
        for (k, v) in m.table.entries() {
            if !self.contains_mapping(k, v)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `hashCode()`: the sum of `identityHashCode(key) ^ identityHashCode(value)` over the
    /// entries (stand-in identity hashes: not a real JVM's value).
    pub fn hash_code(&self) -> i32 {
        let mut result: i32 = 0;
        for (k, v) in self.table.entries() {
            let entry = identity_hash_code(k.unmask_null()) ^ identity_hash_code(v);
            result = result.wrapping_add(entry);
        }
        result
    }

    /// `clone()`: a shallow copy with a copy of the table.
    pub fn clone_map(&self) -> IdentityHashMap {
        self.clone()
    }

    /// `toString()` (from `AbstractMap`): `{k=v, …}` in ascending table order.
    pub fn to_java_string(&self) -> String {
        let shown = |x: Option<i32>| x.map_or("null".into(), |v: i32| v.to_string());
        let entries: Vec<String> = (self.table.entries().into_iter())
            .map(|(k, v)| format!("{}={}", shown(k.unmask_null()), shown(v)))
            .collect();
        format!("{{{}}}", entries.join(", "))
    }
}

/// A method's outcome as the harness stores it.
fn ok<T: Into<Value<IdentityHashMap>>>(outcome: Result<T>) -> Result<Value<IdentityHashMap>> {
    outcome.map(Into::into)
}

impl Subject for IdentityHashMap {
    const CLASS: &'static str = "IdentityHashMap";
    const JAVA_CLASS: &'static str = "java.util.IdentityHashMap";

    fn methods() -> Vec<Method<Self>> {
        use Param::{Int, Integer, Object};
        use Return as R;
        #[rustfmt::skip]
        let methods = vec![
            Method::constructor("IdentityHashMap", &[], |_| Ok(IdentityHashMap::new())),
            Method::constructor("IdentityHashMap", &[Int], |a| IdentityHashMap::with_expected_max_size(a.int(0))),
            Method::constructor("IdentityHashMap", &[Object], |a| IdentityHashMap::from_map(a.object(0))),
            Method::instance("size", &[], R::Int, |m, _| ok(Ok(m.size()))),
            Method::instance("isEmpty", &[], R::Bool, |m, _| ok(Ok(m.is_empty()))),
            Method::instance("get", &[Integer], R::Int, |m, a| ok(m.get(a.integer(0)))),
            Method::instance("containsKey", &[Integer], R::Bool, |m, a| ok(m.contains_key(a.integer(0)))),
            Method::instance("containsValue", &[Integer], R::Bool, |m, a| ok(m.contains_value(a.integer(0)))),
            Method::instance("put", &[Integer, Integer], R::Int, |m, a| ok(m.put(a.integer(0), a.integer(1)))),
            Method::instance("putAll", &[Object], R::Void, |m, a| ok(m.put_all(a.object(0)))),
            Method::instance("remove", &[Integer], R::Int, |m, a| ok(m.remove(a.integer(0)))),
            Method::instance("clear", &[], R::Void, |m, _| { m.clear(); Ok(Value::Void) }),
            Method::instance("equals", &[Object], R::Bool, |m, a| ok(m.equals(a.object(0)))),
            Method::instance("hashCode", &[], R::Int, |m, _| ok(Ok(m.hash_code()))),
            Method::instance("clone", &[], R::Object, |m, _| ok(Ok(m.clone_map()))),
            Method::instance("toString", &[], R::Str, |m, _| ok(Ok(m.to_java_string()))),
        ];
        methods
    }

    fn to_java_string(&self) -> String {
        IdentityHashMap::to_java_string(self)
    }
}

impl From<IdentityHashMap> for Value<IdentityHashMap> {
    /// A map result (`clone()`), stored in the object pool.
    fn from(map: IdentityHashMap) -> Self {
        Value::Object(Some(map))
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

    fn map_of(entries: &[(Option<i32>, Option<i32>)]) -> IdentityHashMap {
        let mut map = IdentityHashMap::new();
        for &(k, v) in entries {
            map.put(k, v).unwrap();
        }
        map
    }

    /// The `k=v` entries of a `toString()`, sorted: what a differential harness can
    /// compare against a real JVM (the order depends on identity hashes).
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

    /// Every occupied pair is reachable from its hash without crossing an empty slot.
    fn probe_invariant_holds(map: &IdentityHashMap) -> bool {
        map.table.pairs.iter().all(|(&i, &(k, _))| {
            let len = map.table.length;
            let mut j = hash(k, len);
            while j != i {
                if !map.table.pairs.contains_key(&j) {
                    return false;
                }
                j = next_key_index(j, len);
            }
            true
        })
    }

    // ---- Java semantics, as claims ----

    #[test]
    fn default_table_has_64_slots_and_doubles_when_three_times_size_exceeds_it() {
        let mut map = IdentityHashMap::new();
        assert_eq!(
            (map.table_length(), map.size(), map.is_empty()),
            (64, 0, true)
        );
        for k in 0..21 {
            map.put(Some(k), Some(k)).unwrap();
        }
        assert_eq!(map.table_length(), 64, "3 * 21 = 63 <= 64");
        map.put(Some(21), None).unwrap();
        assert_eq!(map.table_length(), 128, "3 * 22 = 66 > 64: resize(64)");
        assert_eq!(map.size(), 22);
        assert!(probe_invariant_holds(&map));
    }

    #[test]
    fn expected_max_size_gives_javas_capacity() {
        let lengths: Vec<i32> = [0, 1, 2, 3, 5, 6, 10, 21, 22, 100]
            .iter()
            .map(|&n| {
                IdentityHashMap::with_expected_max_size(n)
                    .unwrap()
                    .table_length()
            })
            .collect();
        // capacity(n): 4 for n <= 2, else highestOneBit(3n); the table has 2 * capacity.
        assert_eq!(lengths, [8, 8, 8, 16, 16, 32, 32, 64, 128, 512]);
        assert_eq!(
            IdentityHashMap::with_expected_max_size(-1).err(),
            Some(E::IllegalArgument)
        );
        assert_eq!(
            IdentityHashMap::with_expected_max_size(i32::MAX).err(),
            Some(E::OutOfMemory),
            "MAXIMUM_CAPACITY: a table of 2^30 slots"
        );
        let big = IdentityHashMap::with_expected_max_size(20_000_000).unwrap();
        assert_eq!(
            big.table_length(),
            1 << 26,
            "stored sparsely: no memory used"
        );
    }

    #[test]
    fn copy_constructor_sizes_for_one_point_one_times_size_plus_one_and_rejects_null() {
        let five = map_of(&[(Some(1), None), (Some(2), Some(2)), (None, Some(3))]);
        let copy = IdentityHashMap::from_map(Some(&five)).unwrap();
        // (int) ((1 + 3) * 1.1) = 4 → capacity(4) = highestOneBit(12) = 8 → 16 slots.
        assert_eq!(copy.table_length(), 16);
        assert_eq!(copy.equals(Some(&five)), Ok(true));
        assert_eq!(
            entry_set(&copy.to_java_string()),
            ["1=null", "2=2", "null=3"]
        );
        assert_eq!(IdentityHashMap::from_map(None).err(), Some(E::NullPointer));
    }

    #[test]
    fn null_key_is_masked_by_null_key_and_null_values_are_stored() {
        let mut map = IdentityHashMap::new();
        assert_eq!(map.put(None, Some(5)), Ok(None));
        assert_eq!(map.put(None, None), Ok(Some(5)));
        assert_eq!(
            (map.get(None), map.contains_key(None)),
            (Ok(None), Ok(true))
        );
        assert_eq!(map.contains_value(None), Ok(true));
        assert_eq!(map.contains_value(Some(5)), Ok(false));
        assert_eq!(map.to_java_string(), "{null=null}");
        assert_eq!(map.remove(None), Ok(None));
        assert_eq!((map.contains_key(None), map.size()), (Ok(false), 0));
    }

    #[test]
    fn empty_value_slots_do_not_count_as_null_values() {
        // containsValue(null) checks tab[i - 1] != null.
        let map = map_of(&[(Some(1), Some(2))]);
        assert_eq!(map.contains_value(None), Ok(false));
        assert_eq!(map.contains_value(Some(2)), Ok(true));
    }

    #[test]
    fn put_returns_the_old_value_and_remove_the_removed_one() {
        let mut map = IdentityHashMap::new();
        assert_eq!(map.put(Some(0), Some(100)), Ok(None));
        assert_eq!(map.put(Some(0), Some(0)), Ok(Some(100)));
        assert_eq!(map.get(Some(0)), Ok(Some(0)));
        assert_eq!(map.get(Some(100)), Ok(None));
        assert_eq!(map.remove(Some(100)), Ok(None));
        assert_eq!(map.remove(Some(0)), Ok(Some(0)));
        assert_eq!((map.size(), map.to_java_string()), (0, "{}".into()));
    }

    #[test]
    fn close_deletion_keeps_colliding_keys_reachable() {
        // In a table of 8 slots many keys share a probe run.
        let mut map = IdentityHashMap::with_expected_max_size(0).unwrap();
        map.put(Some(1), Some(1)).unwrap();
        map.put(Some(2), Some(2)).unwrap();
        for k in 3..40 {
            map.put(Some(k), Some(k)).unwrap();
            map.remove(Some(k - 2)).unwrap();
            assert!(probe_invariant_holds(&map), "after key {k}");
            assert_eq!(map.get(Some(k - 1)), Ok(Some(k - 1)));
        }
        assert_eq!(entry_set(&map.to_java_string()), ["38=38", "39=39"]);
    }

    #[test]
    fn put_all_pre_expands_for_a_larger_map_and_rejects_null() {
        let big = map_of(&(0..30).map(|k| (Some(k), None)).collect::<Vec<_>>());
        let mut small = IdentityHashMap::with_expected_max_size(0).unwrap();
        small.put_all(Some(&big)).unwrap();
        // capacity(30) = highestOneBit(90) = 64 → 128 slots, and no later resize.
        assert_eq!((small.table_length(), small.size()), (128, 30));
        assert_eq!(small.put_all(None), Err(E::NullPointer));
        let mut unchanged = IdentityHashMap::new();
        unchanged.put_all(Some(&IdentityHashMap::new())).unwrap();
        assert_eq!(unchanged.table_length(), 64);
    }

    #[test]
    fn equals_compares_mappings_and_null_is_never_equal() {
        let a = map_of(&[(Some(0), Some(100)), (None, None)]);
        let mut b = IdentityHashMap::with_expected_max_size(50).unwrap();
        b.put(None, None).unwrap();
        b.put(Some(0), Some(100)).unwrap();
        assert_eq!(a.equals(Some(&b)), Ok(true));
        assert_eq!(a.equals(None), Ok(false));
        b.put(Some(0), Some(0)).unwrap();
        assert_eq!(a.equals(Some(&b)), Ok(false));
        assert_eq!(a.equals(Some(&map_of(&[(Some(0), Some(100))]))), Ok(false));
    }

    #[test]
    fn hash_code_sums_stand_in_identity_hashes_with_null_as_zero() {
        assert_eq!(IdentityHashMap::new().hash_code(), 0);
        let map = map_of(&[(Some(0), Some(100)), (None, Some(0))]);
        let want = (identity_hash_code(Some(0)) ^ identity_hash_code(Some(100)))
            .wrapping_add(identity_hash_code(Some(0)));
        assert_eq!(map.hash_code(), want);
        assert_eq!(map_of(&[(None, None)]).hash_code(), 0);
    }

    #[test]
    fn stand_in_identity_hashes_are_positive_31_bit_and_spread() {
        let hashes: Vec<i32> = (-200..200).map(|v| identity_hash_code(Some(v))).collect();
        assert!(hashes.iter().all(|&h| h > 0));
        let mut distinct = hashes.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), hashes.len());
        assert_eq!(identity_hash_code(None), 0);
    }

    #[test]
    fn clone_is_an_independent_copy() {
        let mut map = map_of(&[(Some(1), Some(2))]);
        let copy = map.clone_map();
        map.clear();
        assert_eq!(
            (map.to_java_string(), map.table_length()),
            ("{}".into(), 64)
        );
        assert_eq!(copy.to_java_string(), "{1=2}");
    }

    #[test]
    fn to_string_lists_entries_in_ascending_table_order() {
        let map = map_of(&[(Some(0), Some(100)), (Some(100), None), (None, Some(0))]);
        // A real JVM printed {100=null, 0=100, null=0}: the same entries, in an order
        // fixed by its identity hashes.
        assert_eq!(
            entry_set(&map.to_java_string()),
            entry_set("{100=null, 0=100, null=0}")
        );
        let keys = [Key::Integer(0), Key::Integer(100), Key::NullKey];
        let mut by_index: Vec<(i32, Key)> = keys.iter().map(|&k| (hash(k, 64), k)).collect();
        by_index.sort_by_key(|&(i, _)| i);
        by_index.dedup_by_key(|&mut (i, _)| i);
        assert_eq!(
            by_index.len(),
            3,
            "no collisions: each key sits at its hash"
        );
        let shown = |k: Key| k.unmask_null().map_or("null".into(), |v| v.to_string());
        let first: Vec<String> = (map.to_java_string()[1..].split(", "))
            .map(|e| e.split('=').next().unwrap().to_string())
            .collect();
        let want: Vec<String> = by_index.iter().map(|&(_, k)| shown(k)).collect();
        assert_eq!(first, want);
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
        Clone,
        PutAll(Option<Vec<(Option<i32>, Option<i32>)>>),
        Equals(Option<Vec<(Option<i32>, Option<i32>)>>),
    }

    type Model = BTreeMap<Option<i32>, Option<i32>>;

    fn element() -> impl Strategy<Value = Option<i32>> {
        prop_oneof![1 => Just(None), 6 => (-3..30).prop_map(Some), 1 => any::<i32>().prop_map(Some)]
    }

    fn other_map() -> impl Strategy<Value = Option<Vec<(Option<i32>, Option<i32>)>>> {
        prop::option::weighted(0.9, prop::collection::vec((element(), element()), 0..12))
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            8 => (element(), element()).prop_map(|(k, v)| Op::Put(k, v)),
            2 => element().prop_map(Op::Get),
            2 => element().prop_map(Op::ContainsKey),
            1 => element().prop_map(Op::ContainsValue),
            4 => element().prop_map(Op::Remove),
            1 => Just(Op::Size),
            1 => Just(Op::IsEmpty),
            1 => Just(Op::Clear),
            1 => Just(Op::HashCode),
            1 => Just(Op::ToString),
            1 => Just(Op::Clone),
            1 => other_map().prop_map(Op::PutAll),
            1 => other_map().prop_map(Op::Equals),
        ]
    }

    fn run_port(map: &mut IdentityHashMap, op: &Op) -> std::result::Result<String, E> {
        let other = |c: &Option<Vec<_>>| c.as_deref().map(map_of);
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        Ok(match op {
            Op::Put(k, v) => shown(&map.put(*k, *v)?),
            Op::Get(k) => shown(&map.get(*k)?),
            Op::ContainsKey(k) => shown(&map.contains_key(*k)?),
            Op::ContainsValue(v) => shown(&map.contains_value(*v)?),
            Op::Remove(k) => shown(&map.remove(*k)?),
            Op::Size => shown(&map.size()),
            Op::IsEmpty => shown(&map.is_empty()),
            Op::Clear => shown(&map.clear()),
            Op::HashCode => shown(&map.hash_code()),
            Op::ToString => shown(&entry_set(&map.to_java_string())),
            Op::Clone => shown(&entry_set(&map.clone_map().to_java_string())),
            Op::PutAll(c) => shown(&map.put_all(other(c).as_ref())?),
            Op::Equals(c) => shown(&map.equals(other(c).as_ref())?),
        })
    }

    fn render_model(m: &Model) -> Vec<String> {
        let shown = |x: &Option<i32>| x.map_or("null".into(), |v| v.to_string());
        let rendered: Vec<String> = m
            .iter()
            .map(|(k, v)| format!("{}={}", shown(k), shown(v)))
            .collect();
        entry_set(&format!("{{{}}}", rendered.join(", ")))
    }

    /// The model: `Map` semantics with identity = value.
    fn run_model(m: &mut Model, op: &Op) -> std::result::Result<String, E> {
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        let model_of = |c: &Vec<(Option<i32>, Option<i32>)>| c.iter().copied().collect::<Model>();
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
                h.wrapping_add(identity_hash_code(*k) ^ identity_hash_code(*v))
            })),
            Op::ToString | Op::Clone => shown(&render_model(m)),
            Op::PutAll(c) => {
                m.extend(c.as_ref().ok_or(E::NullPointer)?.iter().copied());
                shown(&())
            }
            Op::Equals(c) => shown(&c.as_ref().is_some_and(|c| model_of(c) == *m)),
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn port_matches_a_btree_map_model_on_random_operation_sequences(
            expected in prop::option::of(0..12i32),
            ops in prop::collection::vec(op(), 0..80),
        ) {
            let mut map = match expected {
                None => IdentityHashMap::new(),
                Some(n) => IdentityHashMap::with_expected_max_size(n).unwrap(),
            };
            let mut model = Model::new();
            for (step, op) in ops.iter().enumerate() {
                let got = run_port(&mut map, op);
                let want = run_model(&mut model, op);
                prop_assert_eq!(&got, &want, "step {} {:?}", step, op);
                prop_assert_eq!(map.size() as usize, map.table.pairs.len());
                prop_assert!(probe_invariant_holds(&map));
                prop_assert!(3 * map.size() <= map.table_length());
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
    fn paper_context_has_j_41() {
        // vps: int 2, boolean 2, String 2, IdentityHashMap 1. nc(m) = product over the
        // slots (parameters, then target, then result):
        //   IdentityHashMap() 1   IdentityHashMap(int) 2·1 = 2   IdentityHashMap(IdentityHashMap) 1
        //   size() 1·2 = 2        isEmpty() 2
        //   get(Integer) 2·1·2 = 4   containsKey(Integer) 4   containsValue(Integer) 4
        //   put(Integer,Integer) 2·2·1·2 = 8   putAll(IdentityHashMap) 1·1 = 1
        //   remove(Integer) 4     clear() 1      equals(IdentityHashMap) 1·1·2 = 2
        //   hashCode() 2          clone() 1·1 = 1   toString() 2
        // j = (1+2+1) + (2+2) + (4+4+4) + (8+1) + (4+1) + (2+2+1) + 2 = 4+4+12+9+5+5+2 = 41
        let unit = SubjectUnit::<IdentityHashMap>::new();
        let context = TestContext::paper(&unit).unwrap();
        assert_eq!(context.methods().len(), 16);
        assert_eq!(context.j(), 41);
    }

    #[test]
    fn harness_runs_puts_and_gets_with_identity_of_pool_values() {
        let unit = crate::subject::registry().find("IdentityHashMap").unwrap();
        assert_eq!(unit.java_class(), "java.util.IdentityHashMap");
        let unit = SubjectUnit::<IdentityHashMap>::new();
        let context = Arc::new(TestContext::paper(&unit).unwrap());
        let mut session = unit.session(context.clone());
        session
            .step(call(&context, "IdentityHashMap()", &[0]))
            .unwrap();
        // int_vp[1] = object_vp[0].put(int_vp[0], int_vp[1]);  put(0, 100) → null
        session
            .step(call(&context, "put(Integer,Integer)", &[0, 1, 0, 1]))
            .unwrap();
        assert_eq!(session.primitives().ints, [Some(0), None]);
        // int_vp[1] = object_vp[0].get(int_vp[0]);  → 100, the object stored
        session
            .step(call(&context, "get(Integer)", &[0, 0, 1]))
            .unwrap();
        assert_eq!(session.primitives().ints, [Some(0), Some(100)]);
        session.step(call(&context, "toString()", &[0, 0])).unwrap();
        assert_eq!(session.primitives().strings[0].as_deref(), Some("{0=100}"));
    }
}
