// A slab of ints, the API common to slab 0.4.10 and 0.4.11.

/// Pre-allocated storage for ints, each stored under the key `insert` returns.
#[derive(Clone, Debug)]
pub struct SlabOfInts(slab::Slab<i32>);

#[testspace::subject]
impl SlabOfInts {
    pub fn new() -> Self {
        SlabOfInts(slab::Slab::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        SlabOfInts(slab::Slab::with_capacity(capacity))
    }
    /// Stores `value`; its key.
    pub fn insert(&mut self, value: i32) -> usize {
        self.0.insert(value)
    }
    /// Removes and returns the value of `key` (panics when `key` is vacant, as `Slab::remove` does).
    pub fn remove(&mut self, key: usize) -> i32 {
        self.0.remove(key)
    }
    pub fn try_remove(&mut self, key: usize) -> Option<i32> {
        self.0.try_remove(key)
    }
    pub fn get(&self, key: usize) -> Option<i32> {
        self.0.get(key).copied()
    }
    pub fn contains(&self, key: usize) -> bool {
        self.0.contains(key)
    }
    /// The key the next `insert` will use.
    pub fn vacant_key(&self) -> usize {
        self.0.vacant_key()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    /// Swaps the values of two keys through `get_disjoint_mut`.
    pub fn swap_values(&mut self, a: usize, b: usize) -> Result<(), slab::GetDisjointMutError> {
        let [x, y] = self.0.get_disjoint_mut([a, b])?;
        std::mem::swap(x, y);
        Ok(())
    }
}
