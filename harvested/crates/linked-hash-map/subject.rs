// Harvested by `testspace harvest` from linked-hash-map 0.5.6: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `linked_hash_map::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `linked_hash_map::Entries`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `linked_hash_map::Entry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `linked_hash_map::IntoIter`: no subject, because it is not `Debug` (the pools show objects as `{:?}` renders them).

// `linked_hash_map::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `linked_hash_map::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `linked_hash_map::Keys`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

/// A linked hash map.
///
/// `linked_hash_map::LinkedHashMap` with K = i32, V = i32.
#[derive(Clone, Debug)]
pub struct LinkedHashMapOfInts(pub linked_hash_map::LinkedHashMap<i32, i32>);

#[testspace::subject]
impl LinkedHashMapOfInts {
    pub fn new() -> Self {
        Self(<linked_hash_map::LinkedHashMap<i32, i32>>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<linked_hash_map::LinkedHashMap<i32, i32>>::with_capacity(capacity))
    }
    pub fn default() -> Self {
        Self(<linked_hash_map::LinkedHashMap<i32, i32>>::default())
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
    /// Harvested: result discarded: it returns `Entry<i32, i32, S>`, which no pool holds.
    pub fn entry(&mut self, k: i32) {
        let _ = self.0.entry(k);
    }
    /// Harvested: result discarded: it returns `Entries<i32, i32, S>`, which no pool holds.
    pub fn entries(&mut self) {
        let _ = self.0.entries();
    }
    pub fn insert(&mut self, k: i32, v: i32) -> Option<i32> {
        self.0.insert(k, v)
    }
    pub fn contains_key(&self, k: i32) -> bool {
        self.0.contains_key(&k)
    }
    pub fn get(&self, k: i32) -> Option<i32> {
        self.0.get(&k).copied()
    }
    pub fn get_mut(&mut self, k: i32) -> Option<i32> {
        self.0.get_mut(&k).copied()
    }
    pub fn get_refresh(&mut self, k: i32) -> Option<i32> {
        self.0.get_refresh(&k).copied()
    }
    pub fn remove(&mut self, k: i32) -> Option<i32> {
        self.0.remove(&k)
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn pop_front(&mut self) {
        let _ = self.0.pop_front();
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn pop_back(&mut self) {
        let _ = self.0.pop_back();
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
    /// Harvested: result discarded: it returns `IterMut<i32, i32>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
    /// Harvested: result discarded: it returns `Drain<i32, i32>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
    }
}
// Skipped methods of `linked_hash_map::LinkedHashMap`:
// - `with_hasher`: parameter `hash_builder` has type `S`, which no pool holds
// - `with_capacity_and_hasher`: parameter `hash_builder` has type `S`, which no pool holds
// - `front`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `back`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `hasher`: it returns `&S`, which no pool holds
// - `iter`: it returns `Iter<i32, i32>`, which no pool holds
// - `keys`: it returns `Keys<i32, i32>`, which no pool holds
// - `values`: it returns `Values<i32, i32>`, which no pool holds

// `linked_hash_map::OccupiedEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `linked_hash_map::VacantEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `linked_hash_map::Values`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `linked_hash_map::serde::LinkedHashMapVisitor`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).
