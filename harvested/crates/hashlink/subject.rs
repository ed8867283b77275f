// Harvested by `testspace harvest` from hashlink 0.12.2: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `hashlink::DefaultHashBuilder`: no subject, because it has 0 usable methods besides its constructors, fewer than 3.

// `hashlink::DefaultHasher`: no subject, because it is not `Debug` (the pools show objects as `{:?}` renders them).

/// A version of `HashMap` that has a user controllable order for its entries.
///
/// `hashlink::LinkedHashMap` with K = i32, V = i32.
#[derive(Clone, Debug)]
pub struct HashlinkLinkedHashMapOfInts(pub hashlink::LinkedHashMap<i32, i32>);

#[testspace::subject]
impl HashlinkLinkedHashMapOfInts {
    pub fn new() -> Self {
        Self(<hashlink::LinkedHashMap<i32, i32>>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<hashlink::LinkedHashMap<i32, i32>>::with_capacity(capacity))
    }
    pub fn default() -> Self {
        Self(<hashlink::LinkedHashMap<i32, i32>>::default())
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    /// Harvested: result discarded: it returns `IterMut<'_, i32, i32>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
    /// Harvested: result discarded: it returns `Drain<'_, i32, i32>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
    }
    /// Harvested: result discarded: it returns `ValuesMut<'_, i32, i32>`, which no pool holds.
    pub fn values_mut(&mut self) {
        let _ = self.0.values_mut();
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    /// Harvested: result discarded: it returns `Entry<'_, i32, i32, S>`, which no pool holds.
    pub fn entry(&mut self, key: i32) {
        let _ = self.0.entry(key);
    }
    /// Harvested: result discarded: it returns `Option<RawOccupiedEntryMut<'_, i32, i32, S>>`, which no pool holds.
    pub fn back_entry(&mut self) {
        let _ = self.0.back_entry();
    }
    /// Harvested: result discarded: it returns `Option<RawOccupiedEntryMut<'_, i32, i32, S>>`, which no pool holds.
    pub fn front_entry(&mut self) {
        let _ = self.0.front_entry();
    }
    pub fn get(&self, k: i32) -> Option<i32> {
        self.0.get(&k).copied()
    }
    pub fn contains_key(&self, k: i32) -> bool {
        self.0.contains_key(&k)
    }
    pub fn get_mut(&mut self, k: i32) -> Option<i32> {
        self.0.get_mut(&k).copied()
    }
    pub fn insert(&mut self, k: i32, v: i32) -> Option<i32> {
        self.0.insert(k, v)
    }
    pub fn insert_front(&mut self, k: i32, v: i32) -> Option<i32> {
        self.0.insert_front(k, v)
    }
    pub fn replace(&mut self, k: i32, v: i32) -> Option<i32> {
        self.0.replace(k, v)
    }
    pub fn remove(&mut self, k: i32) -> Option<i32> {
        self.0.remove(&k)
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn remove_entry(&mut self, k: i32) {
        let _ = self.0.remove_entry(&k);
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn pop_front(&mut self) {
        let _ = self.0.pop_front();
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn pop_back(&mut self) {
        let _ = self.0.pop_back();
    }
    pub fn to_front(&mut self, k: i32) -> Option<i32> {
        self.0.to_front(&k).copied()
    }
    pub fn to_back(&mut self, k: i32) -> Option<i32> {
        self.0.to_back(&k).copied()
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    /// Harvested: result discarded: its error type `TryReserveError` is not `Debug` (results are shown as `{:?}` renders them).
    pub fn try_reserve(&mut self, additional: usize) {
        let _ = self.0.try_reserve(additional);
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
    /// Harvested: result discarded: it returns `CursorMut<'_, i32, i32, S>`, which no pool holds.
    pub fn cursor_front_mut(&mut self) {
        let _ = self.0.cursor_front_mut();
    }
    /// Harvested: result discarded: it returns `CursorMut<'_, i32, i32, S>`, which no pool holds.
    pub fn cursor_back_mut(&mut self) {
        let _ = self.0.cursor_back_mut();
    }
    /// Harvested: result discarded: it returns `RawEntryBuilderMut<'_, i32, i32, S>`, which no pool holds.
    pub fn raw_entry_mut(&mut self) {
        let _ = self.0.raw_entry_mut();
    }
}
// Skipped methods of `hashlink::LinkedHashMap`:
// - `with_hasher`: parameter `hash_builder` has type `S`, which no pool holds
// - `with_capacity_and_hasher`: parameter `hash_builder` has type `S`, which no pool holds
// - `iter`: it returns `Iter<'_, i32, i32>`, which no pool holds
// - `keys`: it returns `Keys<'_, i32, i32>`, which no pool holds
// - `values`: it returns `Values<'_, i32, i32>`, which no pool holds
// - `front`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `back`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `retain`: it is generic over `F`
// - `hasher`: it returns `&S`, which no pool holds
// - `get_key_value`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `retain_with_order`: it is generic over `F`
// - `raw_entry`: it returns `RawEntryBuilder<'_, i32, i32, S>`, which no pool holds

///
/// `hashlink::LinkedHashSet` with T = i32.
#[derive(Clone, Debug)]
pub struct HashlinkLinkedHashSetOfInts(pub hashlink::LinkedHashSet<i32>);

#[testspace::subject]
impl HashlinkLinkedHashSetOfInts {
    pub fn default() -> Self {
        Self(<hashlink::LinkedHashSet<i32>>::default())
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Harvested: result discarded: it returns `Drain<'_, i32>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    /// Harvested: result discarded: its error type `TryReserveError` is not `Debug` (results are shown as `{:?}` renders them).
    pub fn try_reserve(&mut self, additional: usize) {
        let _ = self.0.try_reserve(additional);
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
    pub fn contains(&self, value: i32) -> bool {
        self.0.contains(&value)
    }
    pub fn get(&self, value: i32) -> Option<i32> {
        self.0.get(&value).copied()
    }
    pub fn get_or_insert(&mut self, value: i32) -> i32 {
        *self.0.get_or_insert(value)
    }
    pub fn insert(&mut self, value: i32) -> bool {
        self.0.insert(value)
    }
    pub fn replace(&mut self, value: i32) -> Option<i32> {
        self.0.replace(value)
    }
    pub fn remove(&mut self, value: i32) -> bool {
        self.0.remove(&value)
    }
    pub fn take(&mut self, value: i32) -> Option<i32> {
        self.0.take(&value)
    }
    pub fn front(&self) -> Option<i32> {
        self.0.front().copied()
    }
    pub fn pop_front(&mut self) -> Option<i32> {
        self.0.pop_front()
    }
    pub fn back(&self) -> Option<i32> {
        self.0.back().copied()
    }
    pub fn pop_back(&mut self) -> Option<i32> {
        self.0.pop_back()
    }
    pub fn to_front(&mut self, value: i32) -> bool {
        self.0.to_front(&value)
    }
    pub fn to_back(&mut self, value: i32) -> bool {
        self.0.to_back(&value)
    }
}
// Skipped methods of `hashlink::LinkedHashSet`:
// - `new`: it returns `LinkedHashSet<i32, DefaultHashBuilder>`, which no pool holds
// - `with_capacity`: it returns `LinkedHashSet<i32, DefaultHashBuilder>`, which no pool holds
// - `iter`: it returns `Iter<'_, i32>`, which no pool holds
// - `retain`: it is generic over `F`
// - `with_hasher`: parameter `hasher` has type `S`, which no pool holds
// - `with_capacity_and_hasher`: parameter `hasher` has type `S`, which no pool holds
// - `hasher`: it returns `&S`, which no pool holds
// - `difference`: parameter `other` has type `&'a LinkedHashSet<i32, S>`, which no pool holds
// - `symmetric_difference`: parameter `other` has type `&'a LinkedHashSet<i32, S>`, which no pool holds
// - `intersection`: parameter `other` has type `&'a LinkedHashSet<i32, S>`, which no pool holds
// - `union`: parameter `other` has type `&'a LinkedHashSet<i32, S>`, which no pool holds
// - `get_or_insert_with`: it is generic over `F`
// - `is_disjoint`: parameter `other` has type `&LinkedHashSet<i32, S>`, which no pool holds
// - `is_subset`: parameter `other` has type `&LinkedHashSet<i32, S>`, which no pool holds
// - `is_superset`: parameter `other` has type `&LinkedHashSet<i32, S>`, which no pool holds
// - `retain_with_order`: it is generic over `F`

///
/// `hashlink::LruCache` with K = i32, V = i32.
#[derive(Clone, Debug)]
pub struct HashlinkLruCacheOfInts(pub hashlink::LruCache<i32, i32>);

#[testspace::subject]
impl HashlinkLruCacheOfInts {
    pub fn new(capacity: usize) -> Self {
        Self(<hashlink::LruCache<i32, i32>>::new(capacity))
    }
    pub fn new_unbounded() -> Self {
        Self(<hashlink::LruCache<i32, i32>>::new_unbounded())
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    /// Harvested: result discarded: it returns `IterMut<'_, i32, i32>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
    /// Harvested: result discarded: it returns `Drain<'_, i32, i32>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
    }
    pub fn contains_key(&self, key: i32) -> bool {
        self.0.contains_key(&key)
    }
    pub fn insert(&mut self, k: i32, v: i32) -> Option<i32> {
        self.0.insert(k, v)
    }
    pub fn peek(&self, k: i32) -> Option<i32> {
        self.0.peek(&k).copied()
    }
    pub fn peek_mut(&mut self, k: i32) -> Option<i32> {
        self.0.peek_mut(&k).copied()
    }
    pub fn get(&mut self, k: i32) -> Option<i32> {
        self.0.get(&k).copied()
    }
    pub fn get_mut(&mut self, k: i32) -> Option<i32> {
        self.0.get_mut(&k).copied()
    }
    /// Harvested: result discarded: it returns `Entry<'_, i32, i32, S>`, which no pool holds.
    pub fn entry(&mut self, key: i32) {
        let _ = self.0.entry(key);
    }
    /// Harvested: result discarded: it returns `RawEntryBuilderMut<'_, i32, i32, S>`, which no pool holds.
    pub fn raw_entry_mut(&mut self) {
        let _ = self.0.raw_entry_mut();
    }
    pub fn remove(&mut self, k: i32) -> Option<i32> {
        self.0.remove(&k)
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn remove_entry(&mut self, k: i32) {
        let _ = self.0.remove_entry(&k);
    }
    pub fn set_capacity(&mut self, capacity: usize) {
        self.0.set_capacity(capacity);
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn remove_lru(&mut self) {
        let _ = self.0.remove_lru();
    }
}
// Skipped methods of `hashlink::LruCache`:
// - `with_hasher`: parameter `hash_builder` has type `S`, which no pool holds
// - `iter`: it returns `Iter<'_, i32, i32>`, which no pool holds
// - `retain`: it is generic over `F`
// - `raw_entry`: it returns `RawEntryBuilder<'_, i32, i32, S>`, which no pool holds

// `hashlink::linked_hash_map::CursorMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_map::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_map::Entry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_map::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `hashlink::linked_hash_map::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_map::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_map::Keys`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_map::OccupiedEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_map::RawEntryBuilder`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_map::RawEntryBuilderMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_map::RawEntryMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_map::RawOccupiedEntryMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_map::RawVacantEntryMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_map::TryReserveError`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `hashlink::linked_hash_map::VacantEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_map::Values`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_map::ValuesMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_set::Difference`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_set::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_set::Intersection`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_set::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `hashlink::linked_hash_set::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_set::SymmetricDifference`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `hashlink::linked_hash_set::Union`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
