// Harvested by `testspace harvest` from uluru 3.1.0: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `uluru::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

/// A LRU cache using a statically-sized array for storage.
///
/// `uluru::LRUCache` with T = i32, N = 8.
#[derive(Clone, Debug)]
pub struct LRUCacheOfInts(pub uluru::LRUCache<i32, 8>);

#[testspace::subject]
impl LRUCacheOfInts {
    pub fn new() -> Self {
        Self(<uluru::LRUCache<i32, 8>>::new())
    }
    pub fn default() -> Self {
        Self(<uluru::LRUCache<i32, 8>>::default())
    }
    pub fn insert(&mut self, val: i32) -> Option<i32> {
        self.0.insert(val)
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
    pub fn front(&self) -> Option<i32> {
        self.0.front().copied()
    }
    pub fn front_mut(&mut self) -> Option<i32> {
        self.0.front_mut().copied()
    }
    pub fn get(&self, index: usize) -> Option<i32> {
        self.0.get(index).copied()
    }
}
// Skipped methods of `uluru::LRUCache`:
// - `find`: it is generic over `F`
// - `lookup`: it is generic over `F`
// - `touch`: it is generic over `F`
// - `iter`: it returns `Iter<'_, i32, N>`, which no pool holds
