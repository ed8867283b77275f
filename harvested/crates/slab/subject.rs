// Harvested by `testspace harvest` from slab 0.4.11: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `slab::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `slab::GetDisjointMutError`: no subject, because it has no public constructor the pools can call.

// `slab::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `slab::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `slab::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

/// Pre-allocated storage for a uniform data type
///
/// `slab::Slab` with T = i32.
#[derive(Clone, Debug)]
pub struct SlabOfInts(pub slab::Slab<i32>);

#[testspace::subject]
impl SlabOfInts {
    pub fn new() -> Self {
        Self(<slab::Slab<i32>>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<slab::Slab<i32>>::with_capacity(capacity))
    }
    pub fn default() -> Self {
        Self(<slab::Slab<i32>>::default())
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn reserve_exact(&mut self, additional: usize) {
        self.0.reserve_exact(additional);
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Harvested: result discarded: it returns `IterMut<'_, i32>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
    pub fn get(&self, key: usize) -> Option<i32> {
        self.0.get(key).copied()
    }
    pub fn get_mut(&mut self, key: usize) -> Option<i32> {
        self.0.get_mut(key).copied()
    }
    /// Harvested: result discarded: it returns `Option<(&mut i32, &mut i32)>`, which no pool holds.
    pub fn get2_mut(&mut self, key1: usize, key2: usize) {
        let _ = self.0.get2_mut(key1, key2);
    }
    pub fn key_of(&self, present_element: i32) -> usize {
        self.0.key_of(&present_element)
    }
    pub fn insert(&mut self, val: i32) -> usize {
        self.0.insert(val)
    }
    pub fn vacant_key(&self) -> usize {
        self.0.vacant_key()
    }
    /// Harvested: result discarded: it returns `VacantEntry<'_, i32>`, which no pool holds.
    pub fn vacant_entry(&mut self) {
        let _ = self.0.vacant_entry();
    }
    pub fn try_remove(&mut self, key: usize) -> Option<i32> {
        self.0.try_remove(key)
    }
    pub fn remove(&mut self, key: usize) -> i32 {
        self.0.remove(key)
    }
    pub fn contains(&self, key: usize) -> bool {
        self.0.contains(key)
    }
    /// Harvested: result discarded: it returns `Drain<'_, i32>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
    }
}
// Skipped methods of `slab::Slab`:
// - `compact`: it is generic over `F`
// - `iter`: it returns `Iter<'_, i32>`, which no pool holds
// - `get_disjoint_mut`: it is generic over the constant `N`
// - `get_unchecked`: it is `unsafe`
// - `get_unchecked_mut`: it is `unsafe`
// - `get2_unchecked_mut`: it is `unsafe`
// - `retain`: it is generic over `F`

// `slab::VacantEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
