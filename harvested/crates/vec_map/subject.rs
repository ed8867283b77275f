// Harvested by `testspace harvest` from vec_map 0.8.2: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `vec_map::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `vec_map::Entry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `vec_map::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `vec_map::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `vec_map::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `vec_map::Keys`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `vec_map::OccupiedEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `vec_map::VacantEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `vec_map::Values`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `vec_map::ValuesMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

/// A map optimized for small integer keys.
///
/// `vec_map::VecMap` with V = i32.
#[derive(Clone, Debug)]
pub struct VecMapOfInts(pub vec_map::VecMap<i32>);

#[testspace::subject]
impl VecMapOfInts {
    pub fn new() -> Self {
        Self(<vec_map::VecMap<i32>>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<vec_map::VecMap<i32>>::with_capacity(capacity))
    }
    pub fn default() -> Self {
        Self(<vec_map::VecMap<i32>>::default())
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn reserve_len(&mut self, len: usize) {
        self.0.reserve_len(len);
    }
    pub fn reserve_len_exact(&mut self, len: usize) {
        self.0.reserve_len_exact(len);
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
    /// Harvested: result discarded: it returns `ValuesMut<i32>`, which no pool holds.
    pub fn values_mut(&mut self) {
        let _ = self.0.values_mut();
    }
    /// Harvested: result discarded: it returns `IterMut<i32>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
    pub fn split_off(&mut self, at: usize) -> Self {
        Self(self.0.split_off(at))
    }
    /// Harvested: result discarded: it returns `Drain<i32>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
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
    pub fn get(&self, key: usize) -> Option<i32> {
        self.0.get(key).copied()
    }
    pub fn contains_key(&self, key: usize) -> bool {
        self.0.contains_key(key)
    }
    pub fn get_mut(&mut self, key: usize) -> Option<i32> {
        self.0.get_mut(key).copied()
    }
    pub fn insert(&mut self, key: usize, value: i32) -> Option<i32> {
        self.0.insert(key, value)
    }
    pub fn remove(&mut self, key: usize) -> Option<i32> {
        self.0.remove(key)
    }
    /// Harvested: result discarded: it returns `Entry<i32>`, which no pool holds.
    pub fn entry(&mut self, key: usize) {
        let _ = self.0.entry(key);
    }
}
// Skipped methods of `vec_map::VecMap`:
// - `keys`: it returns `Keys<i32>`, which no pool holds
// - `values`: it returns `Values<i32>`, which no pool holds
// - `iter`: it returns `Iter<i32>`, which no pool holds
// - `append`: parameter `other` has type `&mut vec_map::VecMap<i32>`: a change through it would be lost
// - `retain`: it is generic over `F`
