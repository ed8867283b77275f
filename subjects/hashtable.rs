//! `Hashtable`: a port of JDK 17's `java.util.Hashtable<Integer,Integer>`.
//!
//! # What is ported
//! Java's own algorithm: a table of `Entry` chains (`Entry<?,?>[] table`), default
//! capacity 11, load factor 0.75, `index = (hash & 0x7FFFFFFF) % tab.length`, new entries
//! linked at the head of their chain (`addEntry`), `rehash()` to `(oldCapacity << 1) + 1`
//! re-linking every entry at the head of its new chain (which reverses chains, exactly as
//! Java's loop does), `threshold = (int) Math.min(capacity * loadFactor, MAX_ARRAY_SIZE + 1)`,
//! `modCount`, and the `Enumerator` order that `toString`, `equals` and `putAll` iterate:
//! slots from the END of the table down to slot 0, each chain from its head.
//! M_C, in the order of the Java source: `Hashtable(int)`, `Hashtable()`,
//! `Hashtable(Map)` (a `Hashtable` from the object pool), `size`, `isEmpty`, `contains`,
//! `containsValue`, `containsKey`, `get`, `put`, `remove(Object)`, `putAll`, `clear`,
//! `clone`, `toString`, `equals`, `hashCode` (with its `loadFactor` sign trick),
//! `getOrDefault`, `putIfAbsent`, `remove(Object,Object)`, `replace(K,V,V)`,
//! `replace(K,V)`. Keys and values are `Integer`s: `null` keys and values throw
//! `NullPointerException` where Java's code does (`key.hashCode()`,
//! `Objects.requireNonNull(value)`, `value.equals(..)`).
//!
//! # What is left out, and why
//! * `Hashtable(int, float)`: `float` is not a type of interest (the load factor is
//!   always 0.75 here).
//! * `keys`, `elements` (enumerations), `keySet`, `entrySet`, `values` (views), `forEach`,
//!   `replaceAll`, `computeIfAbsent`, `computeIfPresent`, `compute`, `merge` (lambdas):
//!   their parameter or return types are not types of interest, and a view cannot live
//!   in the object pool as an independent value.
//! * `rehash()` is `protected`: reached through `put` only.
//! * Exception messages: [`JavaException`] carries the class only.
//!
//! # Modelling decisions
//! * The table (`Table`) is a length plus the non-empty chains (head first), so a
//!   large `new Hashtable(n)` costs no memory; tables of
//!   [`HEAP_ARRAY_LIMIT`](crate::subjects::java_array::HEAP_ARRAY_LIMIT) or more slots throw
//!   `OutOfMemoryError`, as `ArrayList` does (see its module documentation).
//! * `Integer.hashCode()` is the value itself, so an entry's `hash` is its key.
//! * Object-pool arguments are snapshots: `o == this` in `equals` is never true, which
//!   gives the same answer (a table equals itself).

use std::collections::BTreeMap;

use crate::subjects::java_array::HEAP_ARRAY_LIMIT;
use crate::subject::{JavaException, Method, Param, Return, Subject, Value};

/// `Hashtable.MAX_ARRAY_SIZE`.
const MAX_ARRAY_SIZE: i32 = i32::MAX - 8;

/// The capacity of `new Hashtable()`.
pub const DEFAULT_CAPACITY: i32 = 11;

/// The load factor of every table here (`Hashtable(int)` and `Hashtable()` use 0.75f).
const LOAD_FACTOR: f32 = 0.75;

type Result<T> = std::result::Result<T, JavaException>;

/// A Java array of chains (`Entry<?,?>[]` or `Node<K,V>[]`): `length` slots, stored
/// sparsely as the non-empty chains, each head first. Shared with `Properties`'s
/// `ConcurrentHashMap`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Table<E> {
    pub(crate) length: i32,
    chains: BTreeMap<i32, Vec<E>>,
}

impl<E> Default for Table<E> {
    /// A zero-length array (`ConcurrentHashMap`'s `null` table behaves the same).
    fn default() -> Self {
        let chains = BTreeMap::new();
        Table { length: 0, chains }
    }
}

impl<E> Table<E> {
    /// `new Entry<?,?>[length]`.
    pub(crate) fn new(length: i32) -> Result<Self> {
        if length < 0 {
            return Err(JavaException::NegativeArraySize);
        }
        if length >= HEAP_ARRAY_LIMIT {
            return Err(JavaException::OutOfMemory); // "Java heap space"
        }
        Ok(Table {
            length,
            ..Table::default()
        })
    }

    /// Slot `index` must lie in the array (`ArrayIndexOutOfBoundsException`).
    fn check(&self, index: i32) -> Result<i32> {
        if index < 0 || index >= self.length {
            return Err(JavaException::IndexOutOfBounds);
        }
        Ok(index)
    }

    /// The chain in slot `index`, head first (empty for `null`).
    pub(crate) fn chain(&self, index: i32) -> Result<&[E]> {
        let index = self.check(index)?;
        Ok(self.chains.get(&index).map_or(&[], Vec::as_slice))
    }

    /// The chain in slot `index`, to modify in place.
    pub(crate) fn chain_mut(&mut self, index: i32) -> Result<&mut Vec<E>> {
        let index = self.check(index)?;
        Ok(self.chains.entry(index).or_default())
    }

    /// `tab[index] = chain` (an empty chain is `null`).
    pub(crate) fn set(&mut self, index: i32, chain: Vec<E>) -> Result<()> {
        let index = self.check(index)?;
        if chain.is_empty() {
            self.chains.remove(&index);
        } else {
            self.chains.insert(index, chain);
        }
        Ok(())
    }

    /// Unlinks the entry at `position` of the chain in slot `index`.
    pub(crate) fn unlink(&mut self, index: i32, position: usize) -> Result<E> {
        let chain = self.chain_mut(index)?;
        let e = chain.remove(position);
        if chain.is_empty() {
            self.chains.remove(&index);
        }
        Ok(e)
    }

    /// Every slot set to `null`.
    pub(crate) fn clear(&mut self) {
        self.chains.clear();
    }

    /// The non-empty chains by slot, from slot 0 up.
    pub(crate) fn chains(&self) -> impl DoubleEndedIterator<Item = (i32, &Vec<E>)> {
        self.chains.iter().map(|(&i, c)| (i, c))
    }

    /// The chains, emptying the table (the old array of a rehash).
    pub(crate) fn take_chains(&mut self) -> BTreeMap<i32, Vec<E>> {
        std::mem::take(&mut self.chains)
    }
}

/// `(hash & 0x7FFFFFFF) % tab.length`.
fn index_for(hash: i32, length: i32) -> Result<i32> {
    (hash & 0x7FFF_FFFF)
        .checked_rem(length)
        .ok_or(JavaException::Arithmetic) // "/ by zero"
}

/// One `Hashtable.Entry`: the key's hash, the key and the value (never `null`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    hash: i32,
    key: i32,
    value: i32,
}

impl Entry {
    /// `Entry.hashCode()`: `hash ^ Objects.hashCode(value)`.
    fn hash_code(&self) -> i32 {
        self.hash ^ self.value
    }
}

/// Where a key lives: its hash, the slot of its chain and its position there, if any.
struct Slot {
    key: i32,
    hash: i32,
    index: i32,
    position: Option<usize>,
}

/// `java.util.Hashtable<Integer,Integer>`: a synchronized hash table of chains.
///
/// The Rust methods are Java's, in snake case; overloads get distinct names
/// (`remove`/`remove_entry`, `replace`/`replace_value`).
#[derive(Clone, Debug)]
pub struct Hashtable {
    table: Table<Entry>,
    count: i32,
    threshold: i32,
    load_factor: f32,
    mod_count: i32,
}

impl Default for Hashtable {
    fn default() -> Self {
        Self::new()
    }
}

impl Hashtable {
    /// `new Hashtable(int initialCapacity)`: negative throws `IllegalArgumentException`,
    /// 0 gives one slot.
    pub fn with_capacity(initial_capacity: i32) -> Result<Self> {
        // Hashtable(int initialCapacity, float loadFactor) with loadFactor = 0.75f
        if initial_capacity < 0 {
            // "Illegal Capacity: " + initialCapacity
            return Err(JavaException::IllegalArgument);
        }
        let initial_capacity = if initial_capacity == 0 {
            1
        } else {
            initial_capacity
        };
        Ok(Hashtable {
            table: Table::new(initial_capacity)?,
            count: 0,
            threshold: threshold(initial_capacity, LOAD_FACTOR),
            load_factor: LOAD_FACTOR,
            mod_count: 0,
        })
    }

    /// `new Hashtable()`: 11 slots.
    pub fn new() -> Self {
        Self::with_capacity(DEFAULT_CAPACITY).expect("11 slots always fit")
    }

    /// `new Hashtable(Map t)`: `max(2 * t.size(), 11)` slots, then `putAll(t)`; `null`
    /// throws `NullPointerException`.
    pub fn from_map(t: Option<&Hashtable>) -> Result<Self> {
        let t = t.ok_or(JavaException::NullPointer)?;
        let mut table = Self::with_capacity(t.size().wrapping_mul(2).max(DEFAULT_CAPACITY))?;
        table.put_all(Some(t))?;
        Ok(table)
    }

    /// The number of slots of the table (not Java API: for tests).
    pub fn capacity(&self) -> i32 {
        self.table.length
    }

    /// `size()`.
    pub fn size(&self) -> i32 {
        self.count
    }

    /// `isEmpty()`.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The entries as `Enumerator` returns them: slots from the last down to 0, each
    /// chain from its head.
    fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.table.chains().rev().flat_map(|(_, chain)| chain)
    }

    /// `contains(Object value)`: whether some key maps to `value`; `null` throws.
    pub fn contains(&self, value: Option<i32>) -> Result<bool> {
        let value = value.ok_or(JavaException::NullPointer)?;
        Ok(self.entries().any(|e| e.value == value))
    }

    /// `containsValue(Object value)`: `contains(value)`.
    pub fn contains_value(&self, value: Option<i32>) -> Result<bool> {
        self.contains(value)
    }

    /// Hashes `key` (`key.hashCode()`: `null` throws) and finds its chain and entry.
    fn locate(&self, key: Option<i32>) -> Result<Slot> {
        let key = key.ok_or(JavaException::NullPointer)?;
        let hash = key; // Integer.hashCode()
        let index = index_for(hash, self.table.length)?;
        let chain = self.table.chain(index)?;
        let position = chain.iter().position(|e| e.hash == hash && e.key == key);
        Ok(Slot {
            key,
            hash,
            index,
            position,
        })
    }

    /// The entry a located key was found at.
    fn entry_mut(&mut self, slot: &Slot, position: usize) -> Result<&mut Entry> {
        let chain = self.table.chain_mut(slot.index)?;
        chain
            .get_mut(position)
            .ok_or(JavaException::IndexOutOfBounds)
    }

    /// `containsKey(Object key)`.
    pub fn contains_key(&self, key: Option<i32>) -> Result<bool> {
        Ok(self.locate(key)?.position.is_some())
    }

    /// `get(Object key)`: the value, or `null`.
    pub fn get(&self, key: Option<i32>) -> Result<Option<i32>> {
        let slot = self.locate(key)?;
        let chain = self.table.chain(slot.index)?;
        Ok(slot.position.map(|p| chain[p].value))
    }

    /// `rehash()`: to `(oldCapacity << 1) + 1` slots, re-linking each entry at the head
    /// of its new chain, old slots from the last down.
    fn rehash(&mut self) -> Result<()> {
        let old_capacity = self.table.length;
        let mut new_capacity = old_capacity.wrapping_shl(1).wrapping_add(1);
        if new_capacity.wrapping_sub(MAX_ARRAY_SIZE) > 0 {
            if old_capacity == MAX_ARRAY_SIZE {
                return Ok(()); // Keep running with MAX_ARRAY_SIZE buckets
            }
            new_capacity = MAX_ARRAY_SIZE;
        }
        let new_map = Table::new(new_capacity)?;
        self.mod_count = self.mod_count.wrapping_add(1);
        self.threshold = threshold(new_capacity, self.load_factor);
        let old_map = std::mem::replace(&mut self.table, new_map).take_chains();
        for (_, chain) in old_map.into_iter().rev() {
            for e in chain {
                let index = index_for(e.hash, new_capacity)?;
                self.table.chain_mut(index)?.insert(0, e);
            }
        }
        Ok(())
    }

    /// `addEntry(int hash, K key, V value, int index)`: rehashes first if full.
    fn add_entry(&mut self, mut hash: i32, key: i32, value: i32, mut index: i32) -> Result<()> {
        if self.count >= self.threshold {
            // Rehash the table if the threshold is exceeded
            self.rehash()?;
            hash = key; // key.hashCode()
            index = index_for(hash, self.table.length)?;
        }
        let chain = self.table.chain_mut(index)?;
        chain.insert(0, Entry { hash, key, value });
        self.count = self.count.wrapping_add(1);
        self.mod_count = self.mod_count.wrapping_add(1);
        Ok(())
    }

    /// `put(K key, V value)`: the previous value, or `null`; `null` key or value throws.
    pub fn put(&mut self, key: Option<i32>, value: Option<i32>) -> Result<Option<i32>> {
        let value = value.ok_or(JavaException::NullPointer)?;
        let slot = self.locate(key)?;
        if let Some(position) = slot.position {
            let entry = self.entry_mut(&slot, position)?;
            return Ok(Some(std::mem::replace(&mut entry.value, value)));
        }
        self.add_entry(slot.hash, slot.key, value, slot.index)?;
        Ok(None)
    }

    /// Unlinks a located entry: `modCount++`, `count--`; returns its value.
    fn unlink(&mut self, slot: &Slot, position: usize) -> Result<i32> {
        let e = self.table.unlink(slot.index, position)?;
        self.mod_count = self.mod_count.wrapping_add(1);
        self.count = self.count.wrapping_sub(1);
        Ok(e.value)
    }

    /// `remove(Object key)`: the removed value, or `null`.
    pub fn remove(&mut self, key: Option<i32>) -> Result<Option<i32>> {
        let slot = self.locate(key)?;
        slot.position.map(|p| self.unlink(&slot, p)).transpose()
    }

    /// `putAll(Map t)`: `put` of each of `t`'s entries in its iteration order.
    pub fn put_all(&mut self, t: Option<&Hashtable>) -> Result<()> {
        let t = t.ok_or(JavaException::NullPointer)?;
        for e in t.entries() {
            self.put(Some(e.key), Some(e.value))?;
        }
        Ok(())
    }

    /// `clear()`: every slot `null`; the capacity stays.
    pub fn clear(&mut self) {
        self.table.clear();
        self.mod_count = self.mod_count.wrapping_add(1);
        self.count = 0;
    }

    /// `clone()`: a copy of the table and of every chain, with `modCount` 0.
    pub fn clone_table(&self) -> Hashtable {
        Hashtable {
            mod_count: 0,
            ..self.clone()
        }
    }

    /// `toString()`: `{k=v, …}` in `entrySet().iterator()` order.
    pub fn to_java_string_checked(&self) -> Result<String> {
        let max = self.size() - 1;
        if max == -1 {
            return Ok("{}".into());
        }
        let mut it = self.entries();
        let mut sb = String::from("{");
        for i in 0.. {
            let e = it.next().ok_or(JavaException::NoSuchElement)?;
            sb.push_str(&format!("{}={}", e.key, e.value));
            if i == max {
                break;
            }
            sb.push_str(", ");
        }
        sb.push('}');
        Ok(sb)
    }

    /// `equals(Object o)`: same size and `value.equals(t.get(key))` for every entry.
    pub fn equals(&self, o: Option<&Hashtable>) -> Result<bool> {
        let Some(t) = o else {
            return Ok(false); // null instanceof Map
        };
        if t.size() != self.size() {
            return Ok(false);
        }
        for e in self.entries() {
            match t.get(Some(e.key)) {
                Ok(value) if value == Some(e.value) => {}
                Ok(_) | Err(JavaException::NullPointer | JavaException::ClassCast) => {
                    return Ok(false);
                }
                Err(thrown) => return Err(thrown),
            }
        }
        Ok(true)
    }

    /// `hashCode()`: the sum of `Entry.hashCode()`; a negative `loadFactor` marks the
    /// computation in progress (so a table containing itself hashes to 0 inside).
    pub fn hash_code(&mut self) -> i32 {
        let mut h: i32 = 0;
        if self.count == 0 || self.load_factor < 0.0 {
            return h; // Returns zero
        }
        self.load_factor = -self.load_factor; // Mark hashCode computation in progress
        for (_, chain) in self.table.chains() {
            for entry in chain {
                h = h.wrapping_add(entry.hash_code());
            }
        }
        self.load_factor = -self.load_factor; // Mark hashCode computation complete
        h
    }

    /// `getOrDefault(Object key, V defaultValue)`.
    pub fn get_or_default(
        &self,
        key: Option<i32>,
        default_value: Option<i32>,
    ) -> Result<Option<i32>> {
        let result = self.get(key)?;
        Ok(if result.is_none() {
            default_value
        } else {
            result
        })
    }

    /// `putIfAbsent(K key, V value)`: the present value, or `null` after adding.
    pub fn put_if_absent(&mut self, key: Option<i32>, value: Option<i32>) -> Result<Option<i32>> {
        let value = value.ok_or(JavaException::NullPointer)?; // Objects.requireNonNull(value)
        let slot = self.locate(key)?;
        if let Some(position) = slot.position {
            // the `old == null` branch cannot happen: values are never null
            return Ok(Some(self.entry_mut(&slot, position)?.value));
        }
        self.add_entry(slot.hash, slot.key, value, slot.index)?;
        Ok(None)
    }

    /// `remove(Object key, Object value)`: removes the entry if `key` maps to `value`.
    pub fn remove_entry(&mut self, key: Option<i32>, value: Option<i32>) -> Result<bool> {
        let value = value.ok_or(JavaException::NullPointer)?; // Objects.requireNonNull(value)
        let slot = self.locate(key)?;
        let chain = self.table.chain(slot.index)?;
        let found = chain
            .iter()
            .position(|e| e.hash == slot.hash && e.key == slot.key && e.value == value);
        found
            .map(|p| self.unlink(&slot, p))
            .transpose()
            .map(|v| v.is_some())
    }

    /// `replace(K key, V oldValue, V newValue)`: whether `key` mapped to `oldValue`.
    pub fn replace(
        &mut self,
        key: Option<i32>,
        old_value: Option<i32>,
        new_value: Option<i32>,
    ) -> Result<bool> {
        let old_value = old_value.ok_or(JavaException::NullPointer)?;
        let new_value = new_value.ok_or(JavaException::NullPointer)?;
        let slot = self.locate(key)?;
        let Some(position) = slot.position else {
            return Ok(false);
        };
        let e = self.entry_mut(&slot, position)?;
        if e.value == old_value {
            e.value = new_value;
            return Ok(true);
        }
        Ok(false)
    }

    /// `replace(K key, V value)`: the replaced value, or `null` if `key` is absent.
    pub fn replace_value(&mut self, key: Option<i32>, value: Option<i32>) -> Result<Option<i32>> {
        let value = value.ok_or(JavaException::NullPointer)?;
        let slot = self.locate(key)?;
        let Some(position) = slot.position else {
            return Ok(None);
        };
        let e = self.entry_mut(&slot, position)?;
        Ok(Some(std::mem::replace(&mut e.value, value)))
    }
}

/// `(int) Math.min(capacity * loadFactor, MAX_ARRAY_SIZE + 1)` in `float` arithmetic.
fn threshold(capacity: i32, load_factor: f32) -> i32 {
    (capacity as f32 * load_factor).min((MAX_ARRAY_SIZE + 1) as f32) as i32
}

/// A method's outcome as the harness stores it.
fn ok<T: Into<Value<Hashtable>>>(outcome: Result<T>) -> Result<Value<Hashtable>> {
    outcome.map(Into::into)
}

impl Subject for Hashtable {
    const CLASS: &'static str = "Hashtable";
    const JAVA_CLASS: &'static str = "java.util.Hashtable";

    fn methods() -> Vec<Method<Self>> {
        use Param::{Int, Integer, Object};
        use Return as R;
        #[rustfmt::skip]
        let methods = vec![
            Method::constructor("Hashtable", &[Int], |a| Hashtable::with_capacity(a.int(0))),
            Method::constructor("Hashtable", &[], |_| Ok(Hashtable::new())),
            Method::constructor("Hashtable", &[Object], |a| Hashtable::from_map(a.object(0))),
            Method::instance("size", &[], R::Int, |t, _| ok(Ok(t.size()))),
            Method::instance("isEmpty", &[], R::Bool, |t, _| ok(Ok(t.is_empty()))),
            Method::instance("contains", &[Integer], R::Bool, |t, a| ok(t.contains(a.integer(0)))),
            Method::instance("containsValue", &[Integer], R::Bool, |t, a| ok(t.contains_value(a.integer(0)))),
            Method::instance("containsKey", &[Integer], R::Bool, |t, a| ok(t.contains_key(a.integer(0)))),
            Method::instance("get", &[Integer], R::Int, |t, a| ok(t.get(a.integer(0)))),
            Method::instance("put", &[Integer, Integer], R::Int, |t, a| ok(t.put(a.integer(0), a.integer(1)))),
            Method::instance("remove", &[Integer], R::Int, |t, a| ok(t.remove(a.integer(0)))),
            Method::instance("putAll", &[Object], R::Void, |t, a| ok(t.put_all(a.object(0)))),
            Method::instance("clear", &[], R::Void, |t, _| { t.clear(); ok(Ok(())) }),
            Method::instance("clone", &[], R::Object, |t, _| ok(Ok(t.clone_table()))),
            Method::instance("toString", &[], R::Str, |t, _| ok(t.to_java_string_checked())),
            Method::instance("equals", &[Object], R::Bool, |t, a| ok(t.equals(a.object(0)))),
            Method::instance("hashCode", &[], R::Int, |t, _| ok(Ok(t.hash_code()))),
            Method::instance("getOrDefault", &[Integer, Integer], R::Int, |t, a| ok(t.get_or_default(a.integer(0), a.integer(1)))),
            Method::instance("putIfAbsent", &[Integer, Integer], R::Int, |t, a| ok(t.put_if_absent(a.integer(0), a.integer(1)))),
            Method::instance("remove", &[Integer, Integer], R::Bool, |t, a| ok(t.remove_entry(a.integer(0), a.integer(1)))),
            Method::instance("replace", &[Integer, Integer, Integer], R::Bool, |t, a| ok(t.replace(a.integer(0), a.integer(1), a.integer(2)))),
            Method::instance("replace", &[Integer, Integer], R::Int, |t, a| ok(t.replace_value(a.integer(0), a.integer(1)))),
        ];
        methods
    }

    fn to_java_string(&self) -> String {
        self.to_java_string_checked()
            .unwrap_or_else(|thrown| format!("<toString threw {thrown}>"))
    }
}

impl From<Hashtable> for Value<Hashtable> {
    /// A table result (`clone()`), stored in the object pool.
    fn from(table: Hashtable) -> Self {
        Value::Object(Some(table))
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

    fn table_of(entries: &[(i32, i32)]) -> Hashtable {
        let mut table = Hashtable::new();
        for &(k, v) in entries {
            table.put(Some(k), Some(v)).unwrap();
        }
        table
    }

    fn rendered(table: &Hashtable) -> String {
        table.to_java_string_checked().unwrap()
    }

    // ---- Java semantics, as claims (outputs pinned from JDK 17.0.15) ----

    #[test]
    fn default_table_has_11_slots_and_rehashes_to_23_at_the_ninth_entry() {
        let mut table = Hashtable::new();
        assert_eq!(
            (table.capacity(), table.size(), table.is_empty()),
            (11, 0, true)
        );
        for k in 0..8 {
            table.put(Some(k), Some(k)).unwrap();
        }
        assert_eq!(table.capacity(), 11, "threshold (int)(11 * 0.75f) = 8");
        table.put(Some(8), Some(8)).unwrap();
        assert_eq!((table.capacity(), table.size()), (23, 9));
    }

    #[test]
    fn to_string_walks_the_table_from_its_last_slot_like_java() {
        // for (i = 0; i < 12; i++) ht.put(i * 7, i);  (one rehash, to 23 slots)
        let table = table_of(&(0..12).map(|i| (i * 7, i)).collect::<Vec<_>>());
        assert_eq!(
            rendered(&table),
            "{21=3, 42=6, 63=9, 14=2, 35=5, 56=8, 77=11, 7=1, 28=4, 49=7, 70=10, 0=0}"
        );
        assert_eq!(table.capacity(), 23);
        assert_eq!(Hashtable::new().to_java_string(), "{}");
    }

    #[test]
    fn new_entries_go_to_the_chain_head_and_rehash_reverses_chains_like_java() {
        // 0, 253 and 506 share slot 0 of both the 11- and the 23-slot table.
        let mut table = table_of(&[(0, 0), (253, 1), (506, 2)]);
        assert_eq!(rendered(&table), "{506=2, 253=1, 0=0}");
        for i in 1..=6 {
            table.put(Some(i), Some(i)).unwrap();
        }
        assert_eq!(
            rendered(&table),
            "{6=6, 5=5, 4=4, 3=3, 2=2, 1=1, 0=0, 253=1, 506=2}"
        );
        table.put(Some(7), Some(7)).unwrap();
        assert_eq!(table.hash_code(), 756);
    }

    #[test]
    fn negative_keys_index_by_the_hash_without_its_sign_bit() {
        let mut table = table_of(&[(-1, 5), (i32::MIN, 1), (i32::MAX, 2)]);
        assert_eq!(rendered(&table), "{2147483647=2, -1=5, -2147483648=1}");
        assert_eq!(table.hash_code(), -8);
    }

    #[test]
    fn zero_capacity_gives_one_slot_and_negative_capacity_throws() {
        let mut table = Hashtable::with_capacity(0).unwrap();
        assert_eq!(table.capacity(), 1);
        for (k, v) in [(1, 1), (2, 2), (-5, 3)] {
            table.put(Some(k), Some(v)).unwrap();
        }
        // 1 → 3 → 7 slots: threshold (int)(1 * 0.75f) = 0, then 2.
        assert_eq!(
            (rendered(&table), table.capacity()),
            ("{-5=3, 2=2, 1=1}".into(), 7)
        );
        assert_eq!(table.hash_code(), -8);
        assert_eq!(Hashtable::with_capacity(-1).err(), Some(E::IllegalArgument));
        assert_eq!(
            Hashtable::with_capacity(HEAP_ARRAY_LIMIT).err(),
            Some(E::OutOfMemory)
        );
    }

    #[test]
    fn copy_constructor_reinserts_in_enumeration_order_and_clone_keeps_the_table() {
        let table = table_of(&(0..12).map(|i| (i * 7, i)).collect::<Vec<_>>());
        let copy = Hashtable::from_map(Some(&table)).unwrap();
        assert_eq!(copy.capacity(), 24, "max(2 * 12, 11)");
        assert_eq!(
            rendered(&copy),
            "{70=10, 21=3, 42=6, 63=9, 14=2, 35=5, 56=8, 7=1, 77=11, 28=4, 49=7, 0=0}"
        );
        assert_eq!(rendered(&table.clone_table()), rendered(&table));
        assert_eq!(Hashtable::from_map(None).err(), Some(E::NullPointer));
    }

    #[test]
    fn null_keys_and_values_throw_null_pointer() {
        let mut table = table_of(&[(1, 2)]);
        assert_eq!(table.put(None, Some(1)), Err(E::NullPointer));
        assert_eq!(table.put(Some(1), None), Err(E::NullPointer));
        assert_eq!(table.get(None), Err(E::NullPointer));
        assert_eq!(table.contains_key(None), Err(E::NullPointer));
        assert_eq!(table.contains(None), Err(E::NullPointer));
        assert_eq!(table.contains_value(None), Err(E::NullPointer));
        assert_eq!(table.remove(None), Err(E::NullPointer));
        assert_eq!(table.get_or_default(None, Some(1)), Err(E::NullPointer));
        assert_eq!(table.put_if_absent(Some(1), None), Err(E::NullPointer));
        assert_eq!(table.remove_entry(Some(9), None), Err(E::NullPointer));
        assert_eq!(table.replace(Some(1), None, Some(3)), Err(E::NullPointer));
        assert_eq!(table.replace(Some(1), Some(2), None), Err(E::NullPointer));
        assert_eq!(table.replace_value(None, Some(3)), Err(E::NullPointer));
        assert_eq!(table.put_all(None), Err(E::NullPointer));
        assert_eq!(rendered(&table), "{1=2}");
    }

    #[test]
    fn put_returns_the_old_value_and_remove_the_removed_one() {
        let mut table = Hashtable::new();
        assert_eq!(table.put(Some(1), Some(2)), Ok(None));
        assert_eq!(table.put(Some(1), Some(3)), Ok(Some(2)));
        assert_eq!(table.get(Some(1)), Ok(Some(3)));
        assert_eq!(table.get(Some(12)), Ok(None), "same slot, other key");
        assert_eq!(table.remove(Some(12)), Ok(None));
        assert_eq!(table.remove(Some(1)), Ok(Some(3)));
        assert!(table.is_empty());
    }

    #[test]
    fn conditional_methods_follow_the_map_defaults_hashtable_overrides() {
        let mut table = table_of(&[(1, 2)]);
        assert_eq!(table.get_or_default(Some(5), None), Ok(None));
        assert_eq!(table.get_or_default(Some(1), Some(9)), Ok(Some(2)));
        assert_eq!(table.put_if_absent(Some(1), Some(7)), Ok(Some(2)));
        assert_eq!(table.put_if_absent(Some(3), Some(7)), Ok(None));
        assert_eq!(table.remove_entry(Some(3), Some(6)), Ok(false));
        assert_eq!(table.remove_entry(Some(3), Some(7)), Ok(true));
        assert_eq!(table.remove_entry(None, Some(7)), Err(E::NullPointer));
        assert_eq!(table.replace(Some(1), Some(5), Some(6)), Ok(false));
        assert_eq!(table.replace(Some(1), Some(2), Some(6)), Ok(true));
        assert_eq!(table.replace(Some(4), Some(2), Some(6)), Ok(false));
        assert_eq!(table.replace_value(Some(1), Some(8)), Ok(Some(6)));
        assert_eq!(table.replace_value(Some(4), Some(8)), Ok(None));
        assert_eq!(rendered(&table), "{1=8}");
    }

    #[test]
    fn contains_looks_at_values_and_contains_key_at_keys() {
        let table = table_of(&[(1, 2)]);
        assert_eq!(table.contains(Some(2)), Ok(true));
        assert_eq!(table.contains_value(Some(1)), Ok(false));
        assert_eq!(table.contains_key(Some(1)), Ok(true));
        assert_eq!(table.contains_key(Some(2)), Ok(false));
    }

    #[test]
    fn equals_ignores_capacity_and_order_and_null_is_unequal() {
        let a = table_of(&[(0, 1), (11, 2)]);
        let mut b = Hashtable::with_capacity(100).unwrap();
        b.put(Some(11), Some(2)).unwrap();
        b.put(Some(0), Some(1)).unwrap();
        assert_eq!(a.equals(Some(&b)), Ok(true));
        assert_eq!(a.equals(None), Ok(false));
        assert_eq!(a.equals(Some(&table_of(&[(0, 1)]))), Ok(false));
        assert_eq!(a.equals(Some(&table_of(&[(0, 1), (11, 3)]))), Ok(false));
    }

    #[test]
    fn hash_code_sums_key_xor_value_and_restores_the_load_factor() {
        let mut table = table_of(&[(1, 2), (4, 5)]);
        assert_eq!(table.hash_code(), (1 ^ 2) + (4 ^ 5));
        assert_eq!(table.load_factor, LOAD_FACTOR);
        assert_eq!(Hashtable::new().hash_code(), 0);
    }

    #[test]
    fn clear_keeps_the_capacity() {
        let mut table = table_of(&(0..9).map(|i| (i, i)).collect::<Vec<_>>());
        table.clear();
        assert_eq!(
            (table.size(), table.capacity(), rendered(&table)),
            (0, 23, "{}".into())
        );
    }

    // ---- the port against a model built on BTreeMap<i32, i32> ----

    #[derive(Clone, Debug)]
    enum Op {
        Put(Option<i32>, Option<i32>),
        Get(Option<i32>),
        Remove(Option<i32>),
        ContainsKey(Option<i32>),
        Contains(Option<i32>),
        GetOrDefault(Option<i32>, Option<i32>),
        PutIfAbsent(Option<i32>, Option<i32>),
        RemoveEntry(Option<i32>, Option<i32>),
        Replace(Option<i32>, Option<i32>, Option<i32>),
        ReplaceValue(Option<i32>, Option<i32>),
        Size,
        Clear,
        HashCode,
        PutAll(Vec<(i32, i32)>),
        Equals(Vec<(i32, i32)>),
    }

    fn key() -> impl Strategy<Value = Option<i32>> {
        prop_oneof![1 => Just(None), 8 => (-3..40).prop_map(Some), 1 => any::<i32>().prop_map(Some)]
    }

    fn value() -> impl Strategy<Value = Option<i32>> {
        prop_oneof![1 => Just(None), 12 => (-2..4).prop_map(Some)]
    }

    fn entries() -> impl Strategy<Value = Vec<(i32, i32)>> {
        prop::collection::vec((-3..40, -2..4), 0..8)
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            8 => (key(), value()).prop_map(|(k, v)| Op::Put(k, v)),
            2 => key().prop_map(Op::Get),
            3 => key().prop_map(Op::Remove),
            1 => key().prop_map(Op::ContainsKey),
            1 => value().prop_map(Op::Contains),
            1 => (key(), value()).prop_map(|(k, v)| Op::GetOrDefault(k, v)),
            2 => (key(), value()).prop_map(|(k, v)| Op::PutIfAbsent(k, v)),
            1 => (key(), value()).prop_map(|(k, v)| Op::RemoveEntry(k, v)),
            1 => (key(), value(), value()).prop_map(|(k, o, n)| Op::Replace(k, o, n)),
            1 => (key(), value()).prop_map(|(k, v)| Op::ReplaceValue(k, v)),
            1 => Just(Op::Size),
            1 => Just(Op::Clear),
            1 => Just(Op::HashCode),
            1 => entries().prop_map(Op::PutAll),
            1 => entries().prop_map(Op::Equals),
        ]
    }

    fn run_port(t: &mut Hashtable, op: &Op) -> std::result::Result<String, E> {
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        Ok(match op {
            Op::Put(k, v) => shown(&t.put(*k, *v)?),
            Op::Get(k) => shown(&t.get(*k)?),
            Op::Remove(k) => shown(&t.remove(*k)?),
            Op::ContainsKey(k) => shown(&t.contains_key(*k)?),
            Op::Contains(v) => shown(&t.contains(*v)?),
            Op::GetOrDefault(k, v) => shown(&t.get_or_default(*k, *v)?),
            Op::PutIfAbsent(k, v) => shown(&t.put_if_absent(*k, *v)?),
            Op::RemoveEntry(k, v) => shown(&t.remove_entry(*k, *v)?),
            Op::Replace(k, o, n) => shown(&t.replace(*k, *o, *n)?),
            Op::ReplaceValue(k, v) => shown(&t.replace_value(*k, *v)?),
            Op::Size => shown(&t.size()),
            Op::Clear => shown(&t.clear()),
            Op::HashCode => shown(&t.hash_code()),
            Op::PutAll(c) => shown(&t.put_all(Some(&table_of(c)))?),
            Op::Equals(c) => shown(&t.equals(Some(&table_of(c)))?),
        })
    }

    /// The model: `Hashtable`'s documented semantics over a `BTreeMap`.
    fn run_model(m: &mut BTreeMap<i32, i32>, op: &Op) -> std::result::Result<String, E> {
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        let nn = |x: &Option<i32>| x.ok_or(E::NullPointer);
        Ok(match op {
            Op::Put(k, v) => {
                let v = nn(v)?;
                shown(&m.insert(nn(k)?, v))
            }
            Op::Get(k) => shown(&m.get(&nn(k)?).copied()),
            Op::Remove(k) => shown(&m.remove(&nn(k)?)),
            Op::ContainsKey(k) => shown(&m.contains_key(&nn(k)?)),
            Op::Contains(v) => {
                let v = nn(v)?;
                shown(&m.values().any(|x| *x == v))
            }
            Op::GetOrDefault(k, v) => shown(&m.get(&nn(k)?).copied().or(*v)),
            Op::PutIfAbsent(k, v) => {
                let v = nn(v)?;
                let k = nn(k)?;
                let old = m.get(&k).copied();
                m.entry(k).or_insert(v);
                shown(&old)
            }
            Op::RemoveEntry(k, v) => {
                let v = nn(v)?;
                let k = nn(k)?;
                let hit = m.get(&k) == Some(&v);
                if hit {
                    m.remove(&k);
                }
                shown(&hit)
            }
            Op::Replace(k, o, n) => {
                let (o, n) = (nn(o)?, nn(n)?);
                let k = nn(k)?;
                let hit = m.get(&k) == Some(&o);
                if hit {
                    m.insert(k, n);
                }
                shown(&hit)
            }
            Op::ReplaceValue(k, v) => {
                let v = nn(v)?;
                let k = nn(k)?;
                shown(&m.get_mut(&k).map(|x| std::mem::replace(x, v)))
            }
            Op::Size => shown(&(m.len() as i32)),
            Op::Clear => shown(&m.clear()),
            Op::HashCode => shown(&m.iter().fold(0i32, |h, (k, v)| h.wrapping_add(k ^ v))),
            Op::PutAll(c) => {
                m.extend(c.iter().copied());
                shown(&())
            }
            Op::Equals(c) => shown(&(c.iter().copied().collect::<BTreeMap<_, _>>() == *m)),
        })
    }

    /// The entries a `toString` shows, sorted.
    fn parsed(s: &str) -> BTreeMap<i32, i32> {
        let inner = &s[1..s.len() - 1];
        inner
            .split(", ")
            .filter(|e| !e.is_empty())
            .map(|e| {
                let (k, v) = e.split_once('=').unwrap();
                (k.parse().unwrap(), v.parse().unwrap())
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn port_matches_a_btree_map_model_on_random_operation_sequences(
            capacity in prop_oneof![Just(None), (0..30i32).prop_map(Some)],
            ops in prop::collection::vec(op(), 0..80),
        ) {
            let mut table = capacity.map_or_else(Hashtable::new, |c| Hashtable::with_capacity(c).unwrap());
            let mut model = BTreeMap::new();
            for (step, op) in ops.iter().enumerate() {
                let got = run_port(&mut table, op);
                let want = run_model(&mut model, op);
                prop_assert_eq!(&got, &want, "step {} {:?}", step, op);
                let shown = rendered(&table);
                prop_assert_eq!(parsed(&shown), model.clone());
                prop_assert_eq!(shown.matches('=').count(), model.len());
            }
        }
    }

    // ---- through the harness, in the paper's default context ----

    #[test]
    fn paper_context_has_j_93() {
        // vps: int 2, boolean 2, String 2, Hashtable 1. nc(m) = product over the slots
        // (parameters, then target, then result):
        //   Hashtable(int) 2·1 = 2        Hashtable() 1             Hashtable(Hashtable) 1·1 = 1
        //   size() 1·2 = 2                isEmpty() 1·2 = 2
        //   contains(Integer) 2·1·2 = 4   containsValue(Integer) 4  containsKey(Integer) 4
        //   get(Integer) 2·1·2 = 4        put(Integer,Integer) 2·2·1·2 = 8
        //   remove(Integer) 2·1·2 = 4     putAll(Hashtable) 1·1 = 1 clear() 1
        //   clone() 1·1 = 1               toString() 1·2 = 2        equals(Hashtable) 1·1·2 = 2
        //   hashCode() 1·2 = 2            getOrDefault(Integer,Integer) 8
        //   putIfAbsent(Integer,Integer) 8                          remove(Integer,Integer) 8
        //   replace(Integer,Integer,Integer) 2·2·2·1·2 = 16         replace(Integer,Integer) 8
        // j = (2+1+1) + (2+2) + (4+4+4) + (4+8) + (4+1+1) + (1+2+2) + 2 + (8+8+8) + 16 + 8
        //   = 4 + 4 + 12 + 12 + 6 + 5 + 2 + 24 + 16 + 8 = 93
        let unit = SubjectUnit::<Hashtable>::new();
        let context = TestContext::paper(&unit).unwrap();
        assert_eq!(context.methods().len(), 22);
        assert_eq!(context.j(), 93);
        let registered = crate::subject::registry().find("Hashtable").unwrap();
        assert_eq!(registered.java_class(), "java.util.Hashtable");
    }

    #[test]
    fn harness_put_of_a_null_result_then_get_stores_values_and_null_key_throws() {
        let unit = SubjectUnit::<Hashtable>::new();
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
        // object_vp[0] = new Hashtable();
        session.step(call("Hashtable()", &[0])).unwrap();
        // int_vp[0] = object_vp[0].put(int_vp[1], int_vp[0]);  put(100, 0) → null
        session
            .step(call("put(Integer,Integer)", &[1, 0, 0, 0]))
            .unwrap();
        assert_eq!(session.primitives().ints, [None, Some(100)]);
        // int_vp[1] = object_vp[0].get(int_vp[0]);  get(null) → NullPointerException
        assert_eq!(
            session.step(call("get(Integer)", &[0, 0, 1])),
            Err(E::NullPointer)
        );
        // int_vp[0] = object_vp[0].get(int_vp[1]);  get(100) → 0
        session.step(call("get(Integer)", &[1, 0, 0])).unwrap();
        assert_eq!(session.primitives().ints, [Some(0), Some(100)]);
        assert_eq!(session.render_pools()[3].1, ["{100=0}"]);
    }
}
