// Harvested by `testspace harvest` from multimap 0.10.1: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `multimap::Entry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `multimap::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `multimap::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

///
/// `multimap::MultiMap` with K = i32, V = i32.
#[derive(Clone, Debug)]
pub struct MultiMapOfInts(pub multimap::MultiMap<i32, i32>);

#[testspace::subject]
impl MultiMapOfInts {
    pub fn new() -> Self {
        Self(<multimap::MultiMap<i32, i32>>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<multimap::MultiMap<i32, i32>>::with_capacity(capacity))
    }
    pub fn default() -> Self {
        Self(<multimap::MultiMap<i32, i32>>::default())
    }
    pub fn insert(&mut self, k: i32, v: i32) {
        self.0.insert(k, v);
    }
    pub fn contains_key(&self, k: i32) -> bool {
        self.0.contains_key(&k)
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// Harvested: result discarded: it returns `Option<Vec<i32>>`, which no pool holds.
    pub fn remove(&mut self, k: i32) {
        let _ = self.0.remove(&k);
    }
    pub fn get(&self, k: i32) -> Option<i32> {
        self.0.get(&k).copied()
    }
    pub fn get_mut(&mut self, k: i32) -> Option<i32> {
        self.0.get_mut(&k).copied()
    }
    /// Harvested: result discarded: it returns `Option<&mut Vec<i32>>`, which no pool holds.
    pub fn get_vec_mut(&mut self, k: i32) {
        let _ = self.0.get_vec_mut(&k);
    }
    pub fn is_vec(&self, k: i32) -> bool {
        self.0.is_vec(&k)
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
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
    /// Harvested: result discarded: it returns `IterAllMut<i32, Vec<i32>>`, which no pool holds.
    pub fn iter_all_mut(&mut self) {
        let _ = self.0.iter_all_mut();
    }
    /// Harvested: result discarded: it returns `impl Iterator<Item =(&i32, &mut i32)>`, which no pool holds.
    pub fn flat_iter_mut(&mut self) {
        let _ = self.0.flat_iter_mut();
    }
    /// Harvested: result discarded: it returns `Entry<i32, i32>`, which no pool holds.
    pub fn entry(&mut self, k: i32) {
        let _ = self.0.entry(k);
    }
}
// Skipped methods of `multimap::MultiMap`:
// - `with_hasher`: parameter `hash_builder` has type `S`, which no pool holds
// - `with_capacity_and_hasher`: parameter `hash_builder` has type `S`, which no pool holds
// - `insert_many`: it is generic over `I: IntoIterator<Item = V>`
// - `insert_many_from_slice`: parameter `v` has type `&[i32]`, which no pool holds
// - `get_vec`: it returns `Option<&Vec<i32>>`, which no pool holds
// - `keys`: it returns `Keys<'_, i32, Vec<i32>>`, which no pool holds
// - `iter`: it returns `Iter<i32, i32>`, which no pool holds
// - `iter_all`: it returns `IterAll<i32, Vec<i32>>`, which no pool holds
// - `flat_iter`: it returns `impl Iterator<Item =(&i32, &i32)>`, which no pool holds
// - `retain`: it is generic over `F`

// `multimap::OccupiedEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `multimap::VacantEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
