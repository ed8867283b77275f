//! `TreeMap`: a port of JDK 17's `java.util.TreeMap<Integer, Integer>` with natural
//! ordering, a red-black tree.
//!
//! # What is ported
//! Java's own red-black tree (Cormen, Leiserson and Rivest's algorithm as `TreeMap`
//! writes it): `Entry` nodes with `left`/`right`/`parent` links and a colour bit,
//! `put` with `addEntry`/`addEntryToEmptyMap`, `fixAfterInsertion`, `deleteEntry`
//! (an internal node takes its successor's key and value, then the successor is
//! unlinked), `fixAfterDeletion`, `rotateLeft`/`rotateRight`, the null-safe helpers
//! `colorOf`/`parentOf`/`setColor`/`leftOf`/`rightOf`, `successor`, `getEntry`,
//! `getFirstEntry`/`getLastEntry`, `getCeilingEntry`/`getFloorEntry`/`getHigherEntry`/
//! `getLowerEntry`, `buildFromSorted` (the perfectly balanced tree of the copy
//! constructor, `clone` and `putAll` into an empty map, whose incomplete lowest level is
//! coloured red by `computeRedLevel`) and the `PrivateEntryIterator` (`nextEntry`,
//! `remove`), which `TreeSet` uses. Natural ordering of `Integer` is
//! `compare(k1, k2) = ((Comparable) k1).compareTo(k2)`: a `null` key throws
//! `NullPointerException` wherever Java compares it (also `put(null, v)` on an empty map,
//! through `compare(key, key)`), while `ceilingKey(null)` on an empty map returns `null`.
//!
//! M_C, in the order of the Java source: `TreeMap()`, `TreeMap(TreeMap)` (Java's
//! `TreeMap(SortedMap)` overload, the one `new TreeMap(treeMap)` picks), `size`,
//! `containsKey`, `containsValue`, `get`, `firstKey`, `lastKey`, `putAll`, `put`,
//! `putIfAbsent`, `remove(Object)`, `clear`, `clone`, `lowerKey`, `floorKey`,
//! `ceilingKey`, `higherKey`, `replace(K,V,V)`, `replace(K,V)`, then the inherited
//! `isEmpty`, `getOrDefault`, `remove(Object,Object)` (`Map`'s defaults, which `TreeMap`
//! does not override), `equals`, `hashCode` and `toString` (`AbstractMap`'s).
//!
//! # What is left out, and why
//! * `firstEntry`, `lastEntry`, `pollFirstEntry`, `pollLastEntry`, `lowerEntry`,
//!   `floorEntry`, `ceilingEntry`, `higherEntry`: they return `Map.Entry`, not a type of
//!   interest (`pollFirstEntry`/`pollLastEntry` are ported for `TreeSet`, but not in M_C).
//! * Views: `keySet`, `navigableKeySet`, `descendingKeySet`, `values`, `entrySet`,
//!   `descendingMap`, `headMap`, `tailMap`, `subMap`. They are live views that write
//!   through to the backing map (`m.headMap(5).clear()` empties part of `m`); an
//!   independent copy in the object pool would behave differently after any later
//!   mutation, so they are not represented. With them go `predecessor` (only descending
//!   iterators use it) and the `NavigableSubMap` classes.
//! * `comparator`, `TreeMap(Comparator)`, `forEach`, `replaceAll`, `computeIfAbsent`,
//!   `computeIfPresent`, `compute`, `merge`: comparators and lambdas are not types of
//!   interest; only natural ordering is ported. `TreeMap(Map)`: with a `TreeMap`
//!   argument Java picks `TreeMap(SortedMap)`, which is ported.
//! * `modCount`: only iterators and views check it, and the one iterator here
//!   ([`EntryIterator`]) is never used across another modification, so it is left out.
//! * Exception messages: [`JavaException`] carries the class only.
//!
//! # Modelling decisions
//! * Nodes live in an arena (`Vec<Entry>`), links are `Option<usize>` indices. Every
//!   dereference of a link (`p.left` in Java) goes through [`TreeMap::at`], which throws
//!   `NullPointerException` on `null` exactly as Java would, so a mutant of the
//!   rebalancing code fails as the mutated Java would. Nodes are never reused: an
//!   unlinked entry stays in the arena (as garbage that Java's collector would reclaim)
//!   until `clear()`, so a mutant that keeps an unlinked node reachable still sees it.
//! * Keys are `i32` (a `TreeMap` never stores a `null` key); values are `Option<i32>`.
//!   `Integer.hashCode()` is the value; sums wrap like Java `int`s.

use crate::subject::{JavaException, Method, Param, Return, Subject, Value};

type Result<T> = std::result::Result<T, JavaException>;

/// A link to an entry: an arena index, or `None` for Java's `null`.
type Link = Option<usize>;

/// `TreeMap.RED`.
const RED: bool = false;
/// `TreeMap.BLACK`.
const BLACK: bool = true;

/// `TreeMap.Entry`: one node of the red-black tree.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Entry {
    key: i32,
    value: Option<i32>,
    left: Link,
    right: Link,
    parent: Link,
    color: bool,
}

/// `compare(k1, k2)` under natural ordering: `k1.compareTo(k2)`, `NullPointerException`
/// for a `null` `k1` (Integer.compare: -1, 0 or 1).
fn compare(k1: Option<i32>, k2: i32) -> Result<i32> {
    let k1 = k1.ok_or(JavaException::NullPointer)?;
    Ok(if k1 < k2 { -1 } else { i32::from(k1 != k2) })
}

/// `computeRedLevel(size)`: the level of `buildFromSorted`'s tree whose nodes are red
/// (the lowest level, when it is not full).
fn compute_red_level(size: i32) -> i32 {
    31 - size.wrapping_add(1).leading_zeros() as i32
}

/// `TreeMap.PrivateEntryIterator` (without `modCount`): the next entry and the last
/// returned one, which `remove()` deletes.
#[derive(Clone, Debug)]
pub struct EntryIterator {
    next: Link,
    last_returned: Link,
}

impl EntryIterator {
    /// `hasNext()`.
    pub fn has_next(&self) -> bool {
        self.next.is_some()
    }
}

/// `java.util.TreeMap<Integer, Integer>` with natural ordering: a red-black tree.
///
/// The Rust methods are Java's, in snake case; overloads get distinct names
/// (`remove`/`remove_mapping`, `replace`/`replace_value`). Methods that walk the tree
/// return a `Result`, because a mutant of it may throw.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TreeMap {
    nodes: Vec<Entry>,
    root: Link,
    size: i32,
}

impl TreeMap {
    /// `new TreeMap()`: empty, natural ordering.
    pub fn new() -> Self {
        TreeMap::default()
    }

    /// `new TreeMap(SortedMap m)`: a balanced copy built by `buildFromSorted`;
    /// `null` throws `NullPointerException` (at `m.comparator()`).
    pub fn from_sorted_map(m: Option<&TreeMap>) -> Result<Self> {
        let m = m.ok_or(JavaException::NullPointer)?;
        let mut map = TreeMap::new();
        map.build_from_sorted(m.size, &mut m.entries()?.into_iter())?;
        Ok(map)
    }

    /// The entry a link points to: Java's dereference `p.field`, which throws
    /// `NullPointerException` on `null`.
    fn at(&self, p: Link) -> Result<&Entry> {
        p.map(|i| &self.nodes[i]).ok_or(JavaException::NullPointer)
    }

    /// The entry a link points to, for writing (`p.field = …`).
    fn at_mut(&mut self, p: Link) -> Result<&mut Entry> {
        p.map(|i| &mut self.nodes[i])
            .ok_or(JavaException::NullPointer)
    }

    /// `new Entry<>(key, value, parent)`: black, without children.
    fn new_entry(&mut self, key: i32, value: Option<i32>, parent: Link) -> Link {
        self.nodes.push(Entry {
            key,
            value,
            left: None,
            right: None,
            parent,
            color: BLACK,
        });
        Some(self.nodes.len() - 1)
    }

    /// `size()`.
    pub fn size(&self) -> i32 {
        self.size
    }

    /// `isEmpty()` (from `AbstractMap`).
    pub fn is_empty(&self) -> bool {
        self.size() == 0
    }

    /// `containsKey(Object key)`.
    pub fn contains_key(&self, key: Option<i32>) -> Result<bool> {
        Ok(self.get_entry(key)?.is_some())
    }

    /// `containsValue(Object value)`: a walk from the first entry by `successor`.
    pub fn contains_value(&self, value: Option<i32>) -> Result<bool> {
        let mut e = self.get_first_entry()?;
        while e.is_some() {
            if self.at(e)?.value == value {
                return Ok(true);
            }
            e = self.successor(e)?;
        }
        Ok(false)
    }

    /// `get(Object key)`: the value, or `null` if the key is absent.
    pub fn get(&self, key: Option<i32>) -> Result<Option<i32>> {
        let p = self.get_entry(key)?;
        Ok(if p.is_none() { None } else { self.at(p)?.value })
    }

    /// `firstKey()`: `NoSuchElementException` when empty.
    pub fn first_key(&self) -> Result<i32> {
        self.key(self.get_first_entry()?)
    }

    /// `lastKey()`: `NoSuchElementException` when empty.
    pub fn last_key(&self) -> Result<i32> {
        self.key(self.get_last_entry()?)
    }

    /// `putAll(Map map)`: into an empty map, a sorted map of the same comparator is
    /// copied by `buildFromSorted`; otherwise `AbstractMap.putAll` puts entry by entry.
    pub fn put_all(&mut self, map: Option<&TreeMap>) -> Result<()> {
        let map = map.ok_or(JavaException::NullPointer)?;
        let map_size = map.size();
        if self.size == 0 && map_size != 0 {
            // map instanceof SortedMap, with an equal (natural) comparator
            return self.build_from_sorted(map_size, &mut map.entries()?.into_iter());
        }
        for (key, value) in map.entries()? {
            self.put(Some(key), value)?;
        }
        Ok(())
    }

    /// `getEntry(Object key)`: `NullPointerException` for a `null` key, even when empty.
    fn get_entry(&self, key: Option<i32>) -> Result<Link> {
        let k = key.ok_or(JavaException::NullPointer)?;
        let mut p = self.root;
        while p.is_some() {
            let cmp = compare(Some(k), self.at(p)?.key)?;
            if cmp < 0 {
                p = self.at(p)?.left;
            } else if cmp > 0 {
                p = self.at(p)?.right;
            } else {
                return Ok(p);
            }
        }
        Ok(None)
    }

    /// `getCeilingEntry(K key)`: the entry of the least key ≥ `key`.
    fn get_ceiling_entry(&self, key: Option<i32>) -> Result<Link> {
        let mut p = self.root;
        while p.is_some() {
            let cmp = compare(key, self.at(p)?.key)?;
            if cmp < 0 {
                if self.at(p)?.left.is_none() {
                    return Ok(p);
                }
                p = self.at(p)?.left;
            } else if cmp > 0 {
                if self.at(p)?.right.is_none() {
                    return self.climb_from(p, true);
                }
                p = self.at(p)?.right;
            } else {
                return Ok(p);
            }
        }
        Ok(None)
    }

    /// `getFloorEntry(K key)`: the entry of the greatest key ≤ `key`.
    fn get_floor_entry(&self, key: Option<i32>) -> Result<Link> {
        let mut p = self.root;
        while p.is_some() {
            let cmp = compare(key, self.at(p)?.key)?;
            if cmp > 0 {
                if self.at(p)?.right.is_none() {
                    return Ok(p);
                }
                p = self.at(p)?.right;
            } else if cmp < 0 {
                if self.at(p)?.left.is_none() {
                    return self.climb_from(p, false);
                }
                p = self.at(p)?.left;
            } else {
                return Ok(p);
            }
        }
        Ok(None)
    }

    /// `getHigherEntry(K key)`: the entry of the least key > `key`.
    fn get_higher_entry(&self, key: Option<i32>) -> Result<Link> {
        let mut p = self.root;
        while p.is_some() {
            let cmp = compare(key, self.at(p)?.key)?;
            if cmp < 0 {
                if self.at(p)?.left.is_none() {
                    return Ok(p);
                }
                p = self.at(p)?.left;
            } else {
                if self.at(p)?.right.is_none() {
                    return self.climb_from(p, true);
                }
                p = self.at(p)?.right;
            }
        }
        Ok(None)
    }

    /// `getLowerEntry(K key)`: the entry of the greatest key < `key`.
    fn get_lower_entry(&self, key: Option<i32>) -> Result<Link> {
        let mut p = self.root;
        while p.is_some() {
            let cmp = compare(key, self.at(p)?.key)?;
            if cmp > 0 {
                if self.at(p)?.right.is_none() {
                    return Ok(p);
                }
                p = self.at(p)?.right;
            } else {
                if self.at(p)?.left.is_none() {
                    return self.climb_from(p, false);
                }
                p = self.at(p)?.left;
            }
        }
        Ok(None)
    }

    /// The loop the four `get…Entry` methods share when the search falls off a leaf `p`:
    /// climb while the child is the parent's right (`from_right`) or left child.
    fn climb_from(&self, p: Link, from_right: bool) -> Result<Link> {
        let mut parent = self.at(p)?.parent;
        let mut ch = p;
        while parent.is_some() {
            let side = self.at(parent)?;
            if ch != if from_right { side.right } else { side.left } {
                break;
            }
            ch = parent;
            parent = self.at(parent)?.parent;
        }
        Ok(parent)
    }

    /// `put(K key, V value)`: the previous value, or `null`.
    pub fn put(&mut self, key: Option<i32>, value: Option<i32>) -> Result<Option<i32>> {
        self.put_with(key, value, true)
    }

    /// `putIfAbsent(K key, V value)`: also replaces a `null` value.
    pub fn put_if_absent(&mut self, key: Option<i32>, value: Option<i32>) -> Result<Option<i32>> {
        self.put_with(key, value, false)
    }

    /// `put(K key, V value, boolean replaceOld)`.
    fn put_with(&mut self, key: Option<i32>, value: Option<i32>, replace_old: bool) -> Result<Option<i32>> {
        let mut t = self.root;
        if t.is_none() {
            self.add_entry_to_empty_map(key, value)?;
            return Ok(None);
        }
        let k = key.ok_or(JavaException::NullPointer)?; // Objects.requireNonNull(key)
        let (mut parent, mut cmp);
        loop {
            parent = t;
            cmp = compare(Some(k), self.at(t)?.key)?;
            if cmp < 0 {
                t = self.at(t)?.left;
            } else if cmp > 0 {
                t = self.at(t)?.right;
            } else {
                let old_value = self.at(t)?.value;
                if replace_old || old_value.is_none() {
                    self.at_mut(t)?.value = value;
                }
                return Ok(old_value);
            }
            if t.is_none() {
                break;
            }
        }
        self.add_entry(k, value, parent, cmp < 0)?;
        Ok(None)
    }

    /// `addEntry(key, value, parent, addToLeft)`: links a new leaf and rebalances.
    fn add_entry(&mut self, key: i32, value: Option<i32>, parent: Link, add_to_left: bool) -> Result<()> {
        let e = self.new_entry(key, value, parent);
        if add_to_left {
            self.at_mut(parent)?.left = e;
        } else {
            self.at_mut(parent)?.right = e;
        }
        self.fix_after_insertion(e)?;
        self.size = self.size.wrapping_add(1);
        Ok(())
    }

    /// `addEntryToEmptyMap(key, value)`: `compare(key, key)` checks the key for `null`.
    fn add_entry_to_empty_map(&mut self, key: Option<i32>, value: Option<i32>) -> Result<()> {
        let k = key.ok_or(JavaException::NullPointer)?;
        compare(key, k)?;
        self.root = self.new_entry(k, value, None);
        self.size = 1;
        Ok(())
    }

    /// `remove(Object key)`: the removed value, or `null`.
    pub fn remove(&mut self, key: Option<i32>) -> Result<Option<i32>> {
        let p = self.get_entry(key)?;
        if p.is_none() {
            return Ok(None);
        }
        let old_value = self.at(p)?.value;
        self.delete_entry(p)?;
        Ok(old_value)
    }

    /// `clear()`: every entry becomes garbage.
    pub fn clear(&mut self) {
        self.size = 0;
        self.root = None;
        self.nodes.clear();
    }

    /// `clone()`: a fresh balanced tree built by `buildFromSorted`.
    pub fn clone_map(&self) -> Result<TreeMap> {
        let mut clone = TreeMap::new();
        clone.build_from_sorted(self.size, &mut self.entries()?.into_iter())?;
        Ok(clone)
    }

    /// `pollFirstEntry()`, as its key and value (not in M_C: `Map.Entry`).
    pub fn poll_first_entry(&mut self) -> Result<Option<(i32, Option<i32>)>> {
        let p = self.get_first_entry()?;
        self.poll(p)
    }

    /// `pollLastEntry()`, as its key and value (not in M_C: `Map.Entry`).
    pub fn poll_last_entry(&mut self) -> Result<Option<(i32, Option<i32>)>> {
        let p = self.get_last_entry()?;
        self.poll(p)
    }

    /// The shared body of the `poll…Entry` methods: `exportEntry(p)`, then delete `p`.
    fn poll(&mut self, p: Link) -> Result<Option<(i32, Option<i32>)>> {
        if p.is_none() {
            return Ok(None);
        }
        let result = (self.at(p)?.key, self.at(p)?.value);
        self.delete_entry(p)?;
        Ok(Some(result))
    }

    /// `lowerKey(K key)`: the greatest key < `key`, or `null`.
    pub fn lower_key(&self, key: Option<i32>) -> Result<Option<i32>> {
        self.key_or_null(self.get_lower_entry(key)?)
    }

    /// `floorKey(K key)`: the greatest key ≤ `key`, or `null`.
    pub fn floor_key(&self, key: Option<i32>) -> Result<Option<i32>> {
        self.key_or_null(self.get_floor_entry(key)?)
    }

    /// `ceilingKey(K key)`: the least key ≥ `key`, or `null`.
    pub fn ceiling_key(&self, key: Option<i32>) -> Result<Option<i32>> {
        self.key_or_null(self.get_ceiling_entry(key)?)
    }

    /// `higherKey(K key)`: the least key > `key`, or `null`.
    pub fn higher_key(&self, key: Option<i32>) -> Result<Option<i32>> {
        self.key_or_null(self.get_higher_entry(key)?)
    }

    /// `replace(K key, V oldValue, V newValue)`: whether `key` mapped to `oldValue`.
    pub fn replace(&mut self, key: Option<i32>, old_value: Option<i32>, new_value: Option<i32>) -> Result<bool> {
        let p = self.get_entry(key)?;
        if p.is_some() && old_value == self.at(p)?.value {
            self.at_mut(p)?.value = new_value;
            return Ok(true);
        }
        Ok(false)
    }

    /// `replace(K key, V value)`: the previous value, or `null` if `key` is absent.
    pub fn replace_value(&mut self, key: Option<i32>, value: Option<i32>) -> Result<Option<i32>> {
        let p = self.get_entry(key)?;
        if p.is_some() {
            let old_value = self.at(p)?.value;
            self.at_mut(p)?.value = value;
            return Ok(old_value);
        }
        Ok(None)
    }

    /// `getOrDefault(Object key, V defaultValue)` (`Map`'s default).
    pub fn get_or_default(&self, key: Option<i32>, default_value: Option<i32>) -> Result<Option<i32>> {
        let v = self.get(key)?;
        Ok(if v.is_some() || self.contains_key(key)? { v } else { default_value })
    }

    /// `remove(Object key, Object value)` (`Map`'s default).
    pub fn remove_mapping(&mut self, key: Option<i32>, value: Option<i32>) -> Result<bool> {
        let cur_value = self.get(key)?;
        if cur_value != value || (cur_value.is_none() && !self.contains_key(key)?) {
            return Ok(false);
        }
        self.remove(key)?;
        Ok(true)
    }

    /// `equals(Object o)` (from `AbstractMap`): same size and every entry of this map
    /// maps to an equal value in `o`; `null` is never equal.
    pub fn equals(&self, o: Option<&TreeMap>) -> Result<bool> {
        let Some(m) = o else {
            return Ok(false); // !(o instanceof Map)
        };
        if m.size() != self.size() {
            return Ok(false);
        }
        for (key, value) in self.entries()? {
            let equal = match value {
                None => m.get(Some(key))?.is_none() && m.contains_key(Some(key))?,
                Some(_) => value == m.get(Some(key))?,
            };
            if !equal {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `hashCode()` (from `AbstractMap`): the sum of `key.hashCode() ^ value.hashCode()`.
    pub fn hash_code(&self) -> Result<i32> {
        let mut h: i32 = 0;
        for (key, value) in self.entries()? {
            h = h.wrapping_add(key ^ value.unwrap_or(0));
        }
        Ok(h)
    }

    /// `toString()` (from `AbstractMap`): `{1=2, 3=null}`.
    pub fn to_java_string_checked(&self) -> Result<String> {
        let entries: Vec<String> = self
            .entries()?
            .iter()
            .map(|(k, v)| format!("{k}={}", v.map_or("null".into(), |v| v.to_string())))
            .collect();
        Ok(format!("{{{}}}", entries.join(", ")))
    }

    /// `entrySet().iterator()`, from `getFirstEntry()`.
    pub fn iterator(&self) -> Result<EntryIterator> {
        Ok(EntryIterator {
            next: self.get_first_entry()?,
            last_returned: None,
        })
    }

    /// `nextEntry()`: the next key and value; `NoSuchElementException` past the end.
    pub fn next_entry(&self, it: &mut EntryIterator) -> Result<(i32, Option<i32>)> {
        let e = it.next;
        if e.is_none() {
            return Err(JavaException::NoSuchElement);
        }
        it.next = self.successor(e)?;
        it.last_returned = e;
        Ok((self.at(e)?.key, self.at(e)?.value))
    }

    /// `PrivateEntryIterator.remove()`: deletes the last returned entry. An internal
    /// entry is replaced by its successor's contents, so the iterator visits it again.
    pub fn remove_last_returned(&mut self, it: &mut EntryIterator) -> Result<()> {
        if it.last_returned.is_none() {
            return Err(JavaException::IllegalState);
        }
        if self.at(it.last_returned)?.left.is_some() && self.at(it.last_returned)?.right.is_some() {
            it.next = it.last_returned;
        }
        self.delete_entry(it.last_returned)?;
        it.last_returned = None;
        Ok(())
    }

    /// Every entry, in key order, through the entry iterator.
    fn entries(&self) -> Result<Vec<(i32, Option<i32>)>> {
        let mut it = self.iterator()?;
        let mut entries = Vec::new();
        while it.has_next() {
            entries.push(self.next_entry(&mut it)?);
        }
        Ok(entries)
    }

    /// Every key, in order (`keySet().iterator()`).
    pub fn keys(&self) -> Result<Vec<i32>> {
        Ok(self.entries()?.into_iter().map(|(key, _)| key).collect())
    }

    /// `addAllForTreeSet(set, defaultVal)`: `buildFromSorted` over the set's keys.
    pub fn add_all_for_tree_set(&mut self, set_size: i32, keys: Vec<i32>, default_val: Option<i32>) -> Result<()> {
        self.build_from_sorted(set_size, &mut keys.into_iter().map(|k| (k, default_val)))
    }

    /// `key(Entry e)`: `NoSuchElementException` for `null`.
    fn key(&self, e: Link) -> Result<i32> {
        if e.is_none() {
            return Err(JavaException::NoSuchElement);
        }
        Ok(self.at(e)?.key)
    }

    /// `keyOrNull(Entry e)`.
    fn key_or_null(&self, e: Link) -> Result<Option<i32>> {
        Ok(if e.is_none() { None } else { Some(self.at(e)?.key) })
    }

    /// `getFirstEntry()`: the leftmost entry, or `null` when empty.
    fn get_first_entry(&self) -> Result<Link> {
        let mut p = self.root;
        if p.is_some() {
            while self.at(p)?.left.is_some() {
                p = self.at(p)?.left;
            }
        }
        Ok(p)
    }

    /// `getLastEntry()`: the rightmost entry, or `null` when empty.
    fn get_last_entry(&self) -> Result<Link> {
        let mut p = self.root;
        if p.is_some() {
            while self.at(p)?.right.is_some() {
                p = self.at(p)?.right;
            }
        }
        Ok(p)
    }

    /// `successor(Entry t)`: the entry after `t` in key order, or `null`.
    fn successor(&self, t: Link) -> Result<Link> {
        if t.is_none() {
            Ok(None)
        } else if self.at(t)?.right.is_some() {
            let mut p = self.at(t)?.right;
            while self.at(p)?.left.is_some() {
                p = self.at(p)?.left;
            }
            Ok(p)
        } else {
            let mut p = self.at(t)?.parent;
            let mut ch = t;
            while p.is_some() && ch == self.at(p)?.right {
                ch = p;
                p = self.at(p)?.parent;
            }
            Ok(p)
        }
    }

    /// `colorOf(p)`: `null` is black.
    fn color_of(&self, p: Link) -> bool {
        p.map_or(BLACK, |i| self.nodes[i].color)
    }

    /// `parentOf(p)`: `null` for `null`.
    fn parent_of(&self, p: Link) -> Link {
        p.and_then(|i| self.nodes[i].parent)
    }

    /// `setColor(p, c)`: nothing for `null`.
    fn set_color(&mut self, p: Link, c: bool) {
        if let Some(i) = p {
            self.nodes[i].color = c;
        }
    }

    /// `leftOf(p)`: `null` for `null`.
    fn left_of(&self, p: Link) -> Link {
        p.and_then(|i| self.nodes[i].left)
    }

    /// `rightOf(p)`: `null` for `null`.
    fn right_of(&self, p: Link) -> Link {
        p.and_then(|i| self.nodes[i].right)
    }

    /// `rotateLeft(p)`: `p`'s right child takes its place.
    fn rotate_left(&mut self, p: Link) -> Result<()> {
        if p.is_some() {
            let r = self.at(p)?.right;
            self.at_mut(p)?.right = self.at(r)?.left;
            if self.at(r)?.left.is_some() {
                self.at_mut(self.at(r)?.left)?.parent = p;
            }
            self.at_mut(r)?.parent = self.at(p)?.parent;
            let pp = self.at(p)?.parent;
            if pp.is_none() {
                self.root = r;
            } else if self.at(pp)?.left == p {
                self.at_mut(pp)?.left = r;
            } else {
                self.at_mut(pp)?.right = r;
            }
            self.at_mut(r)?.left = p;
            self.at_mut(p)?.parent = r;
        }
        Ok(())
    }

    /// `rotateRight(p)`: `p`'s left child takes its place.
    fn rotate_right(&mut self, p: Link) -> Result<()> {
        if p.is_some() {
            let l = self.at(p)?.left;
            self.at_mut(p)?.left = self.at(l)?.right;
            if self.at(l)?.right.is_some() {
                self.at_mut(self.at(l)?.right)?.parent = p;
            }
            self.at_mut(l)?.parent = self.at(p)?.parent;
            let pp = self.at(p)?.parent;
            if pp.is_none() {
                self.root = l;
            } else if self.at(pp)?.right == p {
                self.at_mut(pp)?.right = l;
            } else {
                self.at_mut(pp)?.left = l;
            }
            self.at_mut(l)?.right = p;
            self.at_mut(p)?.parent = l;
        }
        Ok(())
    }

    /// `fixAfterInsertion(x)`: CLR's insertion fix-up from the new red leaf `x`.
    fn fix_after_insertion(&mut self, mut x: Link) -> Result<()> {
        self.at_mut(x)?.color = RED;
        while x.is_some() && x != self.root && self.at(self.at(x)?.parent)?.color == RED {
            if self.parent_of(x) == self.left_of(self.parent_of(self.parent_of(x))) {
                let y = self.right_of(self.parent_of(self.parent_of(x)));
                if self.color_of(y) == RED {
                    self.set_color(self.parent_of(x), BLACK);
                    self.set_color(y, BLACK);
                    self.set_color(self.parent_of(self.parent_of(x)), RED);
                    x = self.parent_of(self.parent_of(x));
                } else {
                    if x == self.right_of(self.parent_of(x)) {
                        x = self.parent_of(x);
                        self.rotate_left(x)?;
                    }
                    self.set_color(self.parent_of(x), BLACK);
                    self.set_color(self.parent_of(self.parent_of(x)), RED);
                    self.rotate_right(self.parent_of(self.parent_of(x)))?;
                }
            } else {
                let y = self.left_of(self.parent_of(self.parent_of(x)));
                if self.color_of(y) == RED {
                    self.set_color(self.parent_of(x), BLACK);
                    self.set_color(y, BLACK);
                    self.set_color(self.parent_of(self.parent_of(x)), RED);
                    x = self.parent_of(self.parent_of(x));
                } else {
                    if x == self.left_of(self.parent_of(x)) {
                        x = self.parent_of(x);
                        self.rotate_right(x)?;
                    }
                    self.set_color(self.parent_of(x), BLACK);
                    self.set_color(self.parent_of(self.parent_of(x)), RED);
                    self.rotate_left(self.parent_of(self.parent_of(x)))?;
                }
            }
        }
        self.at_mut(self.root)?.color = BLACK;
        Ok(())
    }

    /// `deleteEntry(p)`: unlinks `p` (or, for an internal `p`, its successor after
    /// copying the successor's key and value into `p`) and rebalances.
    fn delete_entry(&mut self, mut p: Link) -> Result<()> {
        self.size = self.size.wrapping_sub(1);
        // If strictly internal, copy successor's element to p and then make p point to
        // successor.
        if self.at(p)?.left.is_some() && self.at(p)?.right.is_some() {
            let s = self.successor(p)?;
            self.at_mut(p)?.key = self.at(s)?.key;
            self.at_mut(p)?.value = self.at(s)?.value;
            p = s;
        }
        // Start fixup at replacement node, if it exists.
        let replacement = if self.at(p)?.left.is_some() { self.at(p)?.left } else { self.at(p)?.right };
        if replacement.is_some() {
            // Link replacement to parent
            self.at_mut(replacement)?.parent = self.at(p)?.parent;
            let pp = self.at(p)?.parent;
            if pp.is_none() {
                self.root = replacement;
            } else if p == self.at(pp)?.left {
                self.at_mut(pp)?.left = replacement;
            } else {
                self.at_mut(pp)?.right = replacement;
            }
            // Null out links so they are OK to use by fixAfterDeletion.
            let e = self.at_mut(p)?;
            (e.left, e.right, e.parent) = (None, None, None);
            if self.at(p)?.color == BLACK {
                self.fix_after_deletion(replacement)?;
            }
        } else if self.at(p)?.parent.is_none() {
            self.root = None; // return if we are the only node.
        } else {
            // No children. Use self as phantom replacement and unlink.
            if self.at(p)?.color == BLACK {
                self.fix_after_deletion(p)?;
            }
            let pp = self.at(p)?.parent;
            if pp.is_some() {
                if p == self.at(pp)?.left {
                    self.at_mut(pp)?.left = None;
                } else if p == self.at(pp)?.right {
                    self.at_mut(pp)?.right = None;
                }
                self.at_mut(p)?.parent = None;
            }
        }
        Ok(())
    }

    /// `fixAfterDeletion(x)`: CLR's deletion fix-up from the replacement `x`.
    fn fix_after_deletion(&mut self, mut x: Link) -> Result<()> {
        while x != self.root && self.color_of(x) == BLACK {
            if x == self.left_of(self.parent_of(x)) {
                let mut sib = self.right_of(self.parent_of(x));
                if self.color_of(sib) == RED {
                    self.set_color(sib, BLACK);
                    self.set_color(self.parent_of(x), RED);
                    self.rotate_left(self.parent_of(x))?;
                    sib = self.right_of(self.parent_of(x));
                }
                if self.color_of(self.left_of(sib)) == BLACK && self.color_of(self.right_of(sib)) == BLACK {
                    self.set_color(sib, RED);
                    x = self.parent_of(x);
                } else {
                    if self.color_of(self.right_of(sib)) == BLACK {
                        self.set_color(self.left_of(sib), BLACK);
                        self.set_color(sib, RED);
                        self.rotate_right(sib)?;
                        sib = self.right_of(self.parent_of(x));
                    }
                    self.set_color(sib, self.color_of(self.parent_of(x)));
                    self.set_color(self.parent_of(x), BLACK);
                    self.set_color(self.right_of(sib), BLACK);
                    self.rotate_left(self.parent_of(x))?;
                    x = self.root;
                }
            } else {
                // symmetric
                let mut sib = self.left_of(self.parent_of(x));
                if self.color_of(sib) == RED {
                    self.set_color(sib, BLACK);
                    self.set_color(self.parent_of(x), RED);
                    self.rotate_right(self.parent_of(x))?;
                    sib = self.left_of(self.parent_of(x));
                }
                if self.color_of(self.right_of(sib)) == BLACK && self.color_of(self.left_of(sib)) == BLACK {
                    self.set_color(sib, RED);
                    x = self.parent_of(x);
                } else {
                    if self.color_of(self.left_of(sib)) == BLACK {
                        self.set_color(self.right_of(sib), BLACK);
                        self.set_color(sib, RED);
                        self.rotate_left(sib)?;
                        sib = self.left_of(self.parent_of(x));
                    }
                    self.set_color(sib, self.color_of(self.parent_of(x)));
                    self.set_color(self.parent_of(x), BLACK);
                    self.set_color(self.left_of(sib), BLACK);
                    self.rotate_right(self.parent_of(x))?;
                    x = self.root;
                }
            }
        }
        self.set_color(x, BLACK);
        Ok(())
    }

    /// `buildFromSorted(size, it, null, null)`: replaces the tree by a perfectly
    /// balanced one holding the iterator's `size` entries.
    fn build_from_sorted(&mut self, size: i32, it: &mut dyn Iterator<Item = (i32, Option<i32>)>) -> Result<()> {
        self.size = size;
        self.root = self.build_range(0, 0, size.wrapping_sub(1), compute_red_level(size), it)?;
        Ok(())
    }

    /// The recursive `buildFromSorted(level, lo, hi, redLevel, it, …)`: the subtree of
    /// entries `lo..=hi` at depth `level`; nodes at `redLevel` are red.
    fn build_range(
        &mut self,
        level: i32,
        lo: i32,
        hi: i32,
        red_level: i32,
        it: &mut dyn Iterator<Item = (i32, Option<i32>)>,
    ) -> Result<Link> {
        if hi < lo {
            return Ok(None);
        }
        let mid = ((lo as u32).wrapping_add(hi as u32) >> 1) as i32; // (lo + hi) >>> 1
        let mut left = None;
        if lo < mid {
            left = self.build_range(level + 1, lo, mid - 1, red_level, it)?;
        }
        let (key, value) = it.next().ok_or(JavaException::NoSuchElement)?;
        let middle = self.new_entry(key, value, None);
        // color nodes in non-full bottommost level red
        if level == red_level {
            self.at_mut(middle)?.color = RED;
        }
        if left.is_some() {
            self.at_mut(middle)?.left = left;
            self.at_mut(left)?.parent = middle;
        }
        if mid < hi {
            let right = self.build_range(level + 1, mid + 1, hi, red_level, it)?;
            self.at_mut(middle)?.right = right;
            self.at_mut(right)?.parent = middle;
        }
        Ok(middle)
    }
}

/// A method's outcome as the harness stores it.
fn ok<T: Into<Value<TreeMap>>>(outcome: Result<T>) -> Result<Value<TreeMap>> {
    outcome.map(Into::into)
}

impl Subject for TreeMap {
    const CLASS: &'static str = "TreeMap";
    const JAVA_CLASS: &'static str = "java.util.TreeMap";

    fn methods() -> Vec<Method<Self>> {
        use Param::{Integer, Object};
        use Return as R;
        #[rustfmt::skip]
        let methods = vec![
            Method::constructor("TreeMap", &[], |_| Ok(TreeMap::new())),
            Method::constructor("TreeMap", &[Object], |a| TreeMap::from_sorted_map(a.object(0))),
            Method::instance("size", &[], R::Int, |m, _| ok(Ok(m.size()))),
            Method::instance("containsKey", &[Integer], R::Bool, |m, a| ok(m.contains_key(a.integer(0)))),
            Method::instance("containsValue", &[Integer], R::Bool, |m, a| ok(m.contains_value(a.integer(0)))),
            Method::instance("get", &[Integer], R::Int, |m, a| ok(m.get(a.integer(0)))),
            Method::instance("firstKey", &[], R::Int, |m, _| ok(m.first_key())),
            Method::instance("lastKey", &[], R::Int, |m, _| ok(m.last_key())),
            Method::instance("putAll", &[Object], R::Void, |m, a| ok(m.put_all(a.object(0)))),
            Method::instance("put", &[Integer, Integer], R::Int, |m, a| ok(m.put(a.integer(0), a.integer(1)))),
            Method::instance("putIfAbsent", &[Integer, Integer], R::Int, |m, a| ok(m.put_if_absent(a.integer(0), a.integer(1)))),
            Method::instance("remove", &[Integer], R::Int, |m, a| ok(m.remove(a.integer(0)))),
            Method::instance("clear", &[], R::Void, |m, _| { m.clear(); ok(Ok(())) }),
            Method::instance("clone", &[], R::Object, |m, _| ok(m.clone_map())),
            Method::instance("lowerKey", &[Integer], R::Int, |m, a| ok(m.lower_key(a.integer(0)))),
            Method::instance("floorKey", &[Integer], R::Int, |m, a| ok(m.floor_key(a.integer(0)))),
            Method::instance("ceilingKey", &[Integer], R::Int, |m, a| ok(m.ceiling_key(a.integer(0)))),
            Method::instance("higherKey", &[Integer], R::Int, |m, a| ok(m.higher_key(a.integer(0)))),
            Method::instance("replace", &[Integer, Integer, Integer], R::Bool, |m, a| ok(m.replace(a.integer(0), a.integer(1), a.integer(2)))),
            Method::instance("replace", &[Integer, Integer], R::Int, |m, a| ok(m.replace_value(a.integer(0), a.integer(1)))),
            Method::instance("isEmpty", &[], R::Bool, |m, _| ok(Ok(m.is_empty()))),
            Method::instance("getOrDefault", &[Integer, Integer], R::Int, |m, a| ok(m.get_or_default(a.integer(0), a.integer(1)))),
            Method::instance("remove", &[Integer, Integer], R::Bool, |m, a| ok(m.remove_mapping(a.integer(0), a.integer(1)))),
            Method::instance("equals", &[Object], R::Bool, |m, a| ok(m.equals(a.object(0)))),
            Method::instance("hashCode", &[], R::Int, |m, _| ok(m.hash_code())),
            Method::instance("toString", &[], R::Str, |m, _| ok(m.to_java_string_checked())),
        ];
        methods
    }

    fn to_java_string(&self) -> String {
        self.to_java_string_checked()
            .unwrap_or_else(|thrown| format!("<toString threw {thrown}>"))
    }
}

impl From<TreeMap> for Value<TreeMap> {
    /// A map result (`clone()`), stored in the object pool.
    fn from(map: TreeMap) -> Self {
        Value::Object(Some(map))
    }
}

/// `TreeMap` field by field (issue 18): the header's `root` and `size`, each entry's
/// `key`, `value`, `left`, `right`, `parent` and `color` (`true` is `BLACK`, as in Java).
impl crate::subject::heap::HeapBuild for TreeMap {
    const HEADER: &'static [(&'static str, crate::subject::heap::FieldKind)] =
        &[("root", crate::subject::heap::FieldKind::Node), ("size", crate::subject::heap::FieldKind::Int)];
    const NODE: &'static [(&'static str, crate::subject::heap::FieldKind)] = &[
        ("key", crate::subject::heap::FieldKind::Int),
        ("value", crate::subject::heap::FieldKind::Integer),
        ("left", crate::subject::heap::FieldKind::Node),
        ("right", crate::subject::heap::FieldKind::Node),
        ("parent", crate::subject::heap::FieldKind::Node),
        ("color", crate::subject::heap::FieldKind::Bool),
    ];

    fn from_heap(heap: &crate::subject::heap::HeapFields) -> Self {
        let entry = |f: &[crate::subject::heap::FieldValue]| Entry {
            key: f[0].int().unwrap_or(0),
            value: f[1].int(),
            left: f[2].node(),
            right: f[3].node(),
            parent: f[4].node(),
            color: f[5] == crate::subject::heap::FieldValue::Bool(BLACK),
        };
        TreeMap {
            nodes: heap.nodes.iter().map(|f| entry(f)).collect(),
            root: heap.header[0].node(),
            size: heap.header[1].int().unwrap_or(0),
        }
    }

    fn heap(&self) -> crate::subject::heap::HeapFields {
        crate::subject::heap::HeapFields {
            header: vec![crate::subject::heap::FieldValue::link(self.root), crate::subject::heap::FieldValue::Int(self.size)],
            nodes: self
                .nodes
                .iter()
                .map(|e| {
                    vec![
                        crate::subject::heap::FieldValue::Int(e.key),
                        crate::subject::heap::FieldValue::integer(e.value),
                        crate::subject::heap::FieldValue::link(e.left),
                        crate::subject::heap::FieldValue::link(e.right),
                        crate::subject::heap::FieldValue::link(e.parent),
                        crate::subject::heap::FieldValue::Bool(e.color),
                    ]
                })
                .collect(),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::BTreeMap;
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::context::TestContext;
    use crate::subject::{SubjectUnit, Unit};

    type E = JavaException;

    /// Checks the red-black tree of `map`: parent links, BST order, root black, no red
    /// node with a red child, equal black height on every path, and `size`.
    pub(crate) fn check_invariants(map: &TreeMap) -> std::result::Result<(), String> {
        fn walk(
            map: &TreeMap,
            p: Link,
            parent: Link,
            keys: &mut Vec<i32>,
        ) -> std::result::Result<usize, String> {
            let Some(i) = p else { return Ok(1) };
            let e = &map.nodes[i];
            if e.parent != parent {
                return Err(format!("entry {} has parent {:?}, not {parent:?}", e.key, e.parent));
            }
            if e.color == RED && (map.color_of(e.left) == RED || map.color_of(e.right) == RED) {
                return Err(format!("red entry {} has a red child", e.key));
            }
            let left = walk(map, e.left, p, keys)?;
            keys.push(e.key);
            let right = walk(map, e.right, p, keys)?;
            if left != right {
                return Err(format!("black heights {left} and {right} under {}", e.key));
            }
            Ok(left + usize::from(e.color == BLACK))
        }
        if map.color_of(map.root) != BLACK {
            return Err("the root is red".into());
        }
        let mut keys = vec![];
        walk(map, map.root, None, &mut keys)?;
        if keys.windows(2).any(|w| w[0] >= w[1]) {
            return Err(format!("keys out of order: {keys:?}"));
        }
        if keys.len() != map.size as usize {
            return Err(format!("{} entries but size {}", keys.len(), map.size));
        }
        Ok(())
    }

    /// The tree's shape as `(left key+colour right)`, `.` for `null` (the format of the
    /// Java reflection dump the pinned strings come from).
    pub(crate) fn shape(map: &TreeMap) -> String {
        fn dump(map: &TreeMap, p: Link) -> String {
            let Some(i) = p else { return ".".into() };
            let e = &map.nodes[i];
            let color = if e.color == BLACK { "B" } else { "R" };
            format!("({} {}{color} {})", dump(map, e.left), e.key, dump(map, e.right))
        }
        dump(map, map.root)
    }

    fn map_of(entries: &[(i32, Option<i32>)]) -> TreeMap {
        let mut map = TreeMap::new();
        for &(k, v) in entries {
            map.put(Some(k), v).unwrap();
        }
        map
    }

    fn rendered(map: &TreeMap) -> String {
        map.to_java_string_checked().unwrap()
    }

    // ---- Java semantics, as claims (pinned outputs come from JDK 17.0.15) ----

    #[test]
    fn ascending_inserts_and_removals_give_javas_tree_shape() {
        let mut map = map_of(&(0..20).map(|i| (i, Some(i * 10))).collect::<Vec<_>>());
        assert_eq!(
            shape(&map),
            "((((. 0B .) 1B (. 2B .)) 3R ((. 4B .) 5B (. 6B .))) 7B (((. 8B .) 9B (. 10B .)) \
             11R (((. 12B .) 13R (. 14B .)) 15B ((. 16B .) 17R (. 18B (. 19R .))))))"
        );
        for k in [3, 7, 0, 15, 8, 19, 11] {
            map.remove(Some(k)).unwrap();
            check_invariants(&map).unwrap();
        }
        assert_eq!(
            shape(&map),
            "(((. 1B (. 2R .)) 4B (. 5B (. 6R .))) 9B (((. 10R .) 12B .) 13B ((. 14B .) \
             16R ((. 17R .) 18B .))))"
        );
        assert_eq!(
            rendered(&map),
            "{1=10, 2=20, 4=40, 5=50, 6=60, 9=90, 10=100, 12=120, 13=130, 14=140, 16=160, \
             17=170, 18=180}"
        );
        assert_eq!(map.hash_code(), Ok(1301));
        assert_eq!(
            shape(&map.clone_map().unwrap()),
            "(((. 1B (. 2R .)) 4B ((. 5R .) 6B (. 9R .))) 10B ((. 12B (. 13R .)) 14B \
             ((. 16R .) 17B (. 18R .))))"
        );
    }

    #[test]
    fn mixed_inserts_and_removals_rotate_like_java() {
        let keys = [50, 20, 80, 10, 30, 70, 90, 25, 27, 26, 5, 1, 95, 99, 60, 65];
        let mut map = map_of(&keys.map(|k| (k, None)));
        assert_eq!(
            shape(&map),
            "((((. 1R .) 5B (. 10R .)) 20B (. 25B (. 26R .))) 27B ((. 30B .) 50B \
             (((. 60R .) 65B (. 70R .)) 80R ((. 90R .) 95B (. 99R .)))))"
        );
        assert_eq!(map.hash_code(), Ok(753));
        for k in [50, 27, 5, 99, 20] {
            map.remove(Some(k)).unwrap();
        }
        assert_eq!(
            shape(&map),
            "((((. 1R .) 10B .) 25B (. 26B .)) 30B (((. 60B .) 65R (. 70B .)) 80B \
             ((. 90R .) 95B .)))"
        );
    }

    #[test]
    fn copy_constructor_builds_a_balanced_tree_with_a_red_lowest_level() {
        let shapes = [
            "(. 0B .)",
            "(. 0B (. 1R .))",
            "((. 0B .) 1B (. 2B .))",
            "((. 0B .) 1B (. 2B (. 3R .)))",
            "((. 0B (. 1R .)) 2B (. 3B (. 4R .)))",
            "((. 0B (. 1R .)) 2B ((. 3R .) 4B (. 5R .)))",
            "(((. 0B .) 1B (. 2B .)) 3B ((. 4B .) 5B (. 6B .)))",
            "(((. 0B .) 1B (. 2B .)) 3B ((. 4B .) 5B (. 6B (. 7R .))))",
        ];
        for (n, want) in (1..).zip(shapes) {
            let source = map_of(&(0..n).map(|i| (i, Some(i))).collect::<Vec<_>>());
            let copy = TreeMap::from_sorted_map(Some(&source)).unwrap();
            assert_eq!(shape(&copy), want, "copy of {n} entries");
            check_invariants(&copy).unwrap();
        }
        assert_eq!(
            [0, 1, 2, 3, 6, 7, 8].map(compute_red_level),
            [0, 1, 1, 2, 2, 3, 3]
        );
        assert_eq!(TreeMap::from_sorted_map(None).err(), Some(E::NullPointer));
    }

    #[test]
    fn null_keys_throw_null_pointer_even_on_an_empty_map() {
        let mut empty = TreeMap::new();
        assert_eq!(empty.put(None, Some(1)), Err(E::NullPointer));
        assert_eq!(empty.put_if_absent(None, Some(1)), Err(E::NullPointer));
        assert_eq!(empty.get(None), Err(E::NullPointer));
        assert_eq!(empty.contains_key(None), Err(E::NullPointer));
        assert_eq!(empty.remove(None), Err(E::NullPointer));
        assert_eq!(empty.get_or_default(None, Some(1)), Err(E::NullPointer));
        assert_eq!(empty.remove_mapping(None, None), Err(E::NullPointer));
        assert_eq!(empty.replace_value(None, Some(1)), Err(E::NullPointer));
        assert_eq!(empty.size(), 0);
        let mut map = map_of(&[(1, Some(1))]);
        assert_eq!(map.put(None, Some(1)), Err(E::NullPointer));
        assert_eq!(map.ceiling_key(None), Err(E::NullPointer));
        assert_eq!(map.lower_key(None), Err(E::NullPointer));
    }

    #[test]
    fn navigation_with_a_null_key_on_an_empty_map_returns_null() {
        let empty = TreeMap::new();
        assert_eq!(empty.ceiling_key(None), Ok(None));
        assert_eq!(empty.floor_key(None), Ok(None));
        assert_eq!(empty.higher_key(None), Ok(None));
        assert_eq!(empty.lower_key(None), Ok(None));
    }

    #[test]
    fn first_and_last_key_of_an_empty_map_throw_no_such_element() {
        let mut map = TreeMap::new();
        assert_eq!(map.first_key(), Err(E::NoSuchElement));
        assert_eq!(map.last_key(), Err(E::NoSuchElement));
        map.put(Some(3), None).unwrap();
        map.put(Some(-3), None).unwrap();
        assert_eq!((map.first_key(), map.last_key()), (Ok(-3), Ok(3)));
    }

    #[test]
    fn navigation_keys_find_neighbours() {
        let map = map_of(&[(10, None), (20, None), (30, None)]);
        assert_eq!(map.ceiling_key(Some(20)), Ok(Some(20)));
        assert_eq!(map.ceiling_key(Some(21)), Ok(Some(30)));
        assert_eq!(map.ceiling_key(Some(31)), Ok(None));
        assert_eq!(map.higher_key(Some(20)), Ok(Some(30)));
        assert_eq!(map.floor_key(Some(19)), Ok(Some(10)));
        assert_eq!(map.floor_key(Some(9)), Ok(None));
        assert_eq!(map.lower_key(Some(20)), Ok(Some(10)));
        assert_eq!(map.lower_key(Some(100)), Ok(Some(30)));
    }

    #[test]
    fn put_returns_the_old_value_and_put_if_absent_replaces_only_null_values() {
        let mut map = TreeMap::new();
        assert_eq!(map.put(Some(1), None), Ok(None));
        assert_eq!(map.put_if_absent(Some(1), Some(5)), Ok(None));
        assert_eq!(rendered(&map), "{1=5}");
        assert_eq!(map.put_if_absent(Some(1), Some(6)), Ok(Some(5)));
        assert_eq!(map.put(Some(1), Some(7)), Ok(Some(5)));
        assert_eq!(rendered(&map), "{1=7}");
    }

    #[test]
    fn map_defaults_distinguish_a_null_value_from_an_absent_key() {
        let mut map = map_of(&[(1, None)]);
        assert_eq!(map.get_or_default(Some(1), Some(7)), Ok(None));
        assert_eq!(map.get_or_default(Some(2), Some(7)), Ok(Some(7)));
        assert_eq!(map.remove_mapping(Some(2), None), Ok(false));
        assert_eq!(map.remove_mapping(Some(1), Some(5)), Ok(false));
        assert_eq!(map.remove_mapping(Some(1), None), Ok(true));
        assert!(map.is_empty());
        let mut map = map_of(&[(1, Some(2))]);
        assert_eq!(map.replace(Some(1), Some(3), Some(4)), Ok(false));
        assert_eq!(map.replace(Some(1), Some(2), None), Ok(true));
        assert_eq!(map.replace_value(Some(1), Some(9)), Ok(None));
        assert_eq!(map.replace_value(Some(2), Some(9)), Ok(None));
        assert_eq!(rendered(&map), "{1=9}");
    }

    #[test]
    fn to_string_and_hash_code_match_java() {
        let map = map_of(&[(i32::MAX, Some(i32::MAX)), (-5, Some(3)), (7, None)]);
        assert_eq!(rendered(&map), "{-5=3, 7=null, 2147483647=2147483647}");
        assert_eq!(map.hash_code(), Ok(-1));
        assert_eq!(rendered(&TreeMap::new()), "{}");
        assert_eq!(TreeMap::new().to_java_string(), "{}");
    }

    #[test]
    fn equals_compares_mappings_and_null_values_need_the_key() {
        let a = map_of(&[(1, None), (2, Some(2))]);
        assert_eq!(a.equals(Some(&a.clone_map().unwrap())), Ok(true));
        assert_eq!(a.equals(Some(&map_of(&[(1, None), (3, Some(2))]))), Ok(false));
        assert_eq!(a.equals(Some(&map_of(&[(1, Some(0)), (2, Some(2))]))), Ok(false));
        assert_eq!(a.equals(Some(&map_of(&[(1, None)]))), Ok(false));
        assert_eq!(a.equals(None), Ok(false));
    }

    #[test]
    fn put_all_into_an_empty_map_builds_from_sorted_else_puts_each() {
        let source = map_of(&(0..4).map(|i| (i, Some(i))).collect::<Vec<_>>());
        let mut empty = TreeMap::new();
        empty.put_all(Some(&source)).unwrap();
        assert_eq!(shape(&empty), "((. 0B .) 1B (. 2B (. 3R .)))");
        let mut map = map_of(&[(2, None), (9, Some(9))]);
        map.put_all(Some(&source)).unwrap();
        assert_eq!(rendered(&map), "{0=0, 1=1, 2=2, 3=3, 9=9}");
        check_invariants(&map).unwrap();
        assert_eq!(map.put_all(None), Err(E::NullPointer));
        assert_eq!(TreeMap::new().put_all(None), Err(E::NullPointer));
    }

    #[test]
    fn iterator_remove_of_an_internal_entry_revisits_it() {
        let mut map = map_of(&(0..7).map(|i| (i, None)).collect::<Vec<_>>());
        let mut it = map.iterator().unwrap();
        assert_eq!(map.remove_last_returned(&mut it), Err(E::IllegalState));
        let mut seen = vec![];
        while it.has_next() {
            let (key, _) = map.next_entry(&mut it).unwrap();
            seen.push(key);
            if key % 2 == 1 {
                map.remove_last_returned(&mut it).unwrap();
                check_invariants(&map).unwrap();
            }
        }
        assert_eq!(seen, [0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(rendered(&map), "{0=null, 2=null, 4=null, 6=null}");
        assert_eq!(map.next_entry(&mut it), Err(E::NoSuchElement));
    }

    #[test]
    fn poll_first_and_last_entry_remove_the_ends() {
        let mut map = map_of(&[(1, Some(10)), (2, None), (3, Some(30))]);
        assert_eq!(map.poll_first_entry(), Ok(Some((1, Some(10)))));
        assert_eq!(map.poll_last_entry(), Ok(Some((3, Some(30)))));
        assert_eq!(map.poll_last_entry(), Ok(Some((2, None))));
        assert_eq!(map.poll_first_entry(), Ok(None));
    }

    // ---- differential: the port against a model built on BTreeMap ----

    type Entries = Option<Vec<(i32, Option<i32>)>>;

    #[derive(Clone, Debug)]
    enum Op {
        Put(Option<i32>, Option<i32>),
        PutIfAbsent(Option<i32>, Option<i32>),
        Get(Option<i32>),
        ContainsKey(Option<i32>),
        ContainsValue(Option<i32>),
        Remove(Option<i32>),
        RemoveMapping(Option<i32>, Option<i32>),
        Replace(Option<i32>, Option<i32>, Option<i32>),
        ReplaceValue(Option<i32>, Option<i32>),
        GetOrDefault(Option<i32>, Option<i32>),
        FirstKey,
        LastKey,
        LowerKey(Option<i32>),
        FloorKey(Option<i32>),
        CeilingKey(Option<i32>),
        HigherKey(Option<i32>),
        PollFirst,
        PollLast,
        Size,
        IsEmpty,
        Clear,
        Clone,
        Copy,
        PutAll(Entries),
        Equals(Entries),
        HashCode,
        ToString,
    }

    fn key() -> impl Strategy<Value = Option<i32>> {
        prop_oneof![1 => Just(None), 12 => (-2..40).prop_map(Some), 1 => any::<i32>().prop_map(Some)]
    }

    fn value() -> impl Strategy<Value = Option<i32>> {
        prop_oneof![1 => Just(None), 4 => (-1..4).prop_map(Some)]
    }

    fn entries() -> impl Strategy<Value = Entries> {
        prop::option::weighted(0.9, prop::collection::vec(((-2..40), value()), 0..8))
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            10 => (key(), value()).prop_map(|(k, v)| Op::Put(k, v)),
            2 => (key(), value()).prop_map(|(k, v)| Op::PutIfAbsent(k, v)),
            2 => key().prop_map(Op::Get),
            1 => key().prop_map(Op::ContainsKey),
            1 => value().prop_map(Op::ContainsValue),
            6 => key().prop_map(Op::Remove),
            2 => (key(), value()).prop_map(|(k, v)| Op::RemoveMapping(k, v)),
            1 => (key(), value(), value()).prop_map(|(k, o, v)| Op::Replace(k, o, v)),
            1 => (key(), value()).prop_map(|(k, v)| Op::ReplaceValue(k, v)),
            1 => (key(), value()).prop_map(|(k, v)| Op::GetOrDefault(k, v)),
            1 => Just(Op::FirstKey),
            1 => Just(Op::LastKey),
            1 => key().prop_map(Op::LowerKey),
            1 => key().prop_map(Op::FloorKey),
            1 => key().prop_map(Op::CeilingKey),
            1 => key().prop_map(Op::HigherKey),
            1 => Just(Op::PollFirst),
            1 => Just(Op::PollLast),
            1 => Just(Op::Size),
            1 => Just(Op::IsEmpty),
            1 => Just(Op::Clear),
            1 => Just(Op::Clone),
            1 => Just(Op::Copy),
            2 => entries().prop_map(Op::PutAll),
            1 => entries().prop_map(Op::Equals),
            1 => Just(Op::HashCode),
            1 => Just(Op::ToString),
        ]
    }

    fn other(entries: &Entries) -> Option<TreeMap> {
        entries.as_deref().map(map_of)
    }

    fn run_port(map: &mut TreeMap, op: &Op) -> std::result::Result<String, E> {
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        Ok(match op {
            Op::Put(k, v) => shown(&map.put(*k, *v)?),
            Op::PutIfAbsent(k, v) => shown(&map.put_if_absent(*k, *v)?),
            Op::Get(k) => shown(&map.get(*k)?),
            Op::ContainsKey(k) => shown(&map.contains_key(*k)?),
            Op::ContainsValue(v) => shown(&map.contains_value(*v)?),
            Op::Remove(k) => shown(&map.remove(*k)?),
            Op::RemoveMapping(k, v) => shown(&map.remove_mapping(*k, *v)?),
            Op::Replace(k, o, v) => shown(&map.replace(*k, *o, *v)?),
            Op::ReplaceValue(k, v) => shown(&map.replace_value(*k, *v)?),
            Op::GetOrDefault(k, v) => shown(&map.get_or_default(*k, *v)?),
            Op::FirstKey => shown(&map.first_key()?),
            Op::LastKey => shown(&map.last_key()?),
            Op::LowerKey(k) => shown(&map.lower_key(*k)?),
            Op::FloorKey(k) => shown(&map.floor_key(*k)?),
            Op::CeilingKey(k) => shown(&map.ceiling_key(*k)?),
            Op::HigherKey(k) => shown(&map.higher_key(*k)?),
            Op::PollFirst => shown(&map.poll_first_entry()?),
            Op::PollLast => shown(&map.poll_last_entry()?),
            Op::Size => shown(&map.size()),
            Op::IsEmpty => shown(&map.is_empty()),
            Op::Clear => shown(&map.clear()),
            Op::Clone => {
                let clone = map.clone_map()?;
                check_invariants(&clone).unwrap();
                clone.to_java_string_checked()?
            }
            Op::Copy => {
                *map = TreeMap::from_sorted_map(Some(map))?;
                shown(&())
            }
            Op::PutAll(c) => shown(&map.put_all(other(c).as_ref())?),
            Op::Equals(c) => shown(&map.equals(other(c).as_ref())?),
            Op::HashCode => shown(&map.hash_code()?),
            Op::ToString => map.to_java_string_checked()?,
        })
    }

    /// The model: Java's documented `NavigableMap` semantics over a `BTreeMap`.
    fn run_model(m: &mut BTreeMap<i32, Option<i32>>, op: &Op) -> std::result::Result<String, E> {
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        let nn = |k: &Option<i32>| k.ok_or(E::NullPointer);
        // Navigation compares only when there is an entry to compare with.
        let nav = |m: &BTreeMap<i32, Option<i32>>, k: &Option<i32>| {
            if m.is_empty() { Ok(None) } else { nn(k).map(Some) }
        };
        let render = |m: &BTreeMap<i32, Option<i32>>| {
            let items: Vec<String> = m
                .iter()
                .map(|(k, v)| format!("{k}={}", v.map_or("null".into(), |v| v.to_string())))
                .collect();
            format!("{{{}}}", items.join(", "))
        };
        Ok(match op {
            Op::Put(k, v) => shown(&m.insert(nn(k)?, *v).flatten()),
            Op::PutIfAbsent(k, v) => {
                let slot = m.entry(nn(k)?).or_insert(None);
                let old = *slot;
                if old.is_none() {
                    *slot = *v;
                }
                shown(&old)
            }
            Op::Get(k) => shown(&m.get(&nn(k)?).copied().flatten()),
            Op::ContainsKey(k) => shown(&m.contains_key(&nn(k)?)),
            Op::ContainsValue(v) => shown(&m.values().any(|x| x == v)),
            Op::Remove(k) => shown(&m.remove(&nn(k)?).flatten()),
            Op::RemoveMapping(k, v) => {
                let k = nn(k)?;
                let hit = m.get(&k) == Some(v);
                if hit {
                    m.remove(&k);
                }
                shown(&hit)
            }
            Op::Replace(k, o, v) => {
                let slot = m.get_mut(&nn(k)?).filter(|x| *x == o);
                let hit = slot.is_some();
                if let Some(x) = slot {
                    *x = *v;
                }
                shown(&hit)
            }
            Op::ReplaceValue(k, v) => {
                shown(&m.get_mut(&nn(k)?).and_then(|x| std::mem::replace(x, *v)))
            }
            Op::GetOrDefault(k, d) => shown(&m.get(&nn(k)?).copied().unwrap_or(*d)),
            Op::FirstKey => shown(m.keys().next().ok_or(E::NoSuchElement)?),
            Op::LastKey => shown(m.keys().next_back().ok_or(E::NoSuchElement)?),
            Op::LowerKey(k) => {
                shown(&nav(m, k)?.and_then(|k| m.range(..k).next_back().map(|e| *e.0)))
            }
            Op::FloorKey(k) => {
                shown(&nav(m, k)?.and_then(|k| m.range(..=k).next_back().map(|e| *e.0)))
            }
            Op::CeilingKey(k) => shown(&nav(m, k)?.and_then(|k| m.range(k..).next().map(|e| *e.0))),
            Op::HigherKey(k) => shown(&nav(m, k)?.and_then(|k| {
                m.range((std::ops::Bound::Excluded(k), std::ops::Bound::Unbounded))
                    .next()
                    .map(|e| *e.0)
            })),
            Op::PollFirst => shown(&m.pop_first()),
            Op::PollLast => shown(&m.pop_last()),
            Op::Size => shown(&(m.len() as i32)),
            Op::IsEmpty => shown(&m.is_empty()),
            Op::Clear => shown(&m.clear()),
            Op::Clone => render(m),
            Op::Copy => shown(&()),
            Op::PutAll(c) => {
                let c = c.as_ref().ok_or(E::NullPointer)?;
                m.extend(c.iter().copied().collect::<BTreeMap<_, _>>());
                shown(&())
            }
            Op::Equals(c) => shown(&c.as_ref().is_some_and(|c| {
                c.iter().copied().collect::<BTreeMap<_, _>>() == *m
            })),
            Op::HashCode => shown(
                &m.iter()
                    .fold(0i32, |h, (k, v)| h.wrapping_add(k ^ v.unwrap_or(0))),
            ),
            Op::ToString => render(m),
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn port_matches_a_btree_map_model_and_stays_a_red_black_tree(
            initial in prop::collection::vec(((-2..40), value()), 0..12),
            ops in prop::collection::vec(op(), 0..80),
        ) {
            let mut map = map_of(&initial);
            let mut model: BTreeMap<_, _> = initial.iter().copied().collect();
            for (step, op) in ops.iter().enumerate() {
                let got = run_port(&mut map, op);
                let want = run_model(&mut model, op);
                prop_assert_eq!(&got, &want, "step {} {:?}", step, op);
                if let Err(broken) = check_invariants(&map) {
                    prop_assert!(false, "step {} {:?}: {}", step, op, broken);
                }
                prop_assert_eq!(rendered(&map), run_model(&mut model, &Op::ToString).unwrap());
            }
        }
    }

    // ---- through the harness, in the paper's default context ----

    #[test]
    fn paper_context_has_j_107() {
        // vps: int 2, boolean 2, String 2, TreeMap 1. nc(m) = product over the slots
        // (parameters, then target, then result):
        //   TreeMap() 1                    TreeMap(TreeMap) 1·1 = 1
        //   size() 1·2 = 2                 containsKey(Integer) 2·1·2 = 4
        //   containsValue(Integer) 4       get(Integer) 4
        //   firstKey() 2  lastKey() 2      putAll(TreeMap) 1·1 = 1
        //   put(Integer,Integer) 2·2·1·2 = 8   putIfAbsent(Integer,Integer) 8
        //   remove(Integer) 4  clear() 1   clone() 1·1 = 1
        //   lowerKey, floorKey, ceilingKey, higherKey(Integer) 4 each = 16
        //   replace(Integer,Integer,Integer) 2·2·2·1·2 = 16   replace(Integer,Integer) 8
        //   isEmpty() 2   getOrDefault(Integer,Integer) 8   remove(Integer,Integer) 8
        //   equals(TreeMap) 1·1·2 = 2   hashCode() 2   toString() 2
        // j = 1+1+2+4+4+4+2+2+1+8+8+4+1+1+16+16+8+2+8+8+2+2+2 = 107
        let unit = SubjectUnit::<TreeMap>::new();
        let context = TestContext::paper(&unit).unwrap();
        assert_eq!(context.methods().len(), 26);
        assert_eq!(context.j(), 107);
    }

    #[test]
    fn harness_runs_put_and_to_string_on_a_tree_map() {
        let unit = SubjectUnit::<TreeMap>::new();
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
        // object_vp[0] = new TreeMap();
        session.step(call("TreeMap()", &[0])).unwrap();
        // int_vp[0] = object_vp[0].put(int_vp[1], int_vp[0]);  → null
        session
            .step(call("put(Integer,Integer)", &[1, 0, 0, 0]))
            .unwrap();
        assert_eq!(session.primitives().ints, [None, Some(100)]);
        // int_vp[1] = object_vp[0].put(int_vp[0], int_vp[1]);  null key → NPE
        assert_eq!(
            session.step(call("put(Integer,Integer)", &[0, 1, 0, 1])),
            Err(E::NullPointer)
        );
        // string_vp[0] = object_vp[0].toString();
        session.step(call("toString()", &[0, 0])).unwrap();
        assert_eq!(session.primitives().strings[0].as_deref(), Some("{100=0}"));
        assert_eq!(session.render_pools()[3].1, ["{100=0}"]);
    }
}
