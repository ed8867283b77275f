// Harvested by `testspace harvest` from intmap 3.1.3: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `intmap::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `intmap::Entry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

/// A hashmap that maps an integer based `K` to `V`.
///
/// `intmap::IntMap` with K = i32, V = i32.
#[derive(Clone, Debug)]
pub struct IntMapOfInts(pub intmap::IntMap<i32, i32>);

#[testspace::subject]
impl IntMapOfInts {
    pub fn new() -> Self {
        Self(<intmap::IntMap<i32, i32>>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<intmap::IntMap<i32, i32>>::with_capacity(capacity))
    }
    pub fn default() -> Self {
        Self(<intmap::IntMap<i32, i32>>::default())
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn insert(&mut self, key: i32, value: i32) -> Option<i32> {
        self.0.insert(key, value)
    }
    pub fn insert_checked(&mut self, key: i32, value: i32) -> bool {
        self.0.insert_checked(key, value)
    }
    pub fn get(&self, key: i32) -> Option<i32> {
        self.0.get(key).copied()
    }
    pub fn get_mut(&mut self, key: i32) -> Option<i32> {
        self.0.get_mut(key).copied()
    }
    pub fn remove(&mut self, key: i32) -> Option<i32> {
        self.0.remove(key)
    }
    pub fn contains_key(&self, key: i32) -> bool {
        self.0.contains_key(key)
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Harvested: result discarded: it returns `IterMut<'_, i32, i32>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
    /// Harvested: result discarded: it returns `ValuesMut<'_, i32, i32>`, which no pool holds.
    pub fn values_mut(&mut self) {
        let _ = self.0.values_mut();
    }
    /// Harvested: result discarded: it returns `Drain<'_, i32, i32>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn load(&self) -> u64 {
        self.0.load()
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn assert_count(&self) -> bool {
        self.0.assert_count()
    }
    /// Harvested: result discarded: it returns `Entry<'_, i32, i32>`, which no pool holds.
    pub fn entry(&mut self, key: i32) {
        let _ = self.0.entry(key);
    }
}
// Skipped methods of `intmap::IntMap`:
// - `set_load_factor`: parameter `load_factor` has type `f32`, which no pool holds
// - `get_load_factor`: it returns `f32`, which no pool holds
// - `retain`: it is generic over `F`
// - `iter`: it returns `Iter<'_, i32, i32>`, which no pool holds
// - `keys`: it returns `Keys<'_, i32, i32>`, which no pool holds
// - `values`: it returns `Values<'_, i32, i32>`, which no pool holds
// - `load_rate`: it returns `f64`, which no pool holds
// - `collisions`: it returns `IntMap<u64, u64>`, which no pool holds

// `intmap::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `intmap::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `intmap::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `intmap::Keys`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `intmap::OccupiedEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `intmap::ReadmeDoctests`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `intmap::VacantEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `intmap::Values`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `intmap::ValuesMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
