// Harvested by `testspace harvest` from min-max-heap 1.3.0: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `min_max_heap::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `min_max_heap::DrainAsc`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `min_max_heap::DrainDesc`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `min_max_heap::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `min_max_heap::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

/// A double-ended priority queue.
///
/// `min_max_heap::MinMaxHeap` with T = i32.
#[derive(Clone, Debug)]
pub struct MinMaxHeapOfInts(pub min_max_heap::MinMaxHeap<i32>);

#[testspace::subject]
impl MinMaxHeapOfInts {
    pub fn new() -> Self {
        Self(<min_max_heap::MinMaxHeap<i32>>::new())
    }
    pub fn with_capacity(len: usize) -> Self {
        Self(<min_max_heap::MinMaxHeap<i32>>::with_capacity(len))
    }
    pub fn default() -> Self {
        Self(<min_max_heap::MinMaxHeap<i32>>::default())
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn push(&mut self, element: i32) {
        self.0.push(element);
    }
    pub fn peek_min(&self) -> Option<i32> {
        self.0.peek_min().copied()
    }
    /// Harvested: result discarded: it returns `Option<PeekMinMut<i32>>`, which no pool holds.
    pub fn peek_min_mut(&mut self) {
        let _ = self.0.peek_min_mut();
    }
    pub fn peek_max(&self) -> Option<i32> {
        self.0.peek_max().copied()
    }
    /// Harvested: result discarded: it returns `Option<PeekMaxMut<i32>>`, which no pool holds.
    pub fn peek_max_mut(&mut self) {
        let _ = self.0.peek_max_mut();
    }
    pub fn pop_min(&mut self) -> Option<i32> {
        self.0.pop_min()
    }
    pub fn pop_max(&mut self) -> Option<i32> {
        self.0.pop_max()
    }
    pub fn push_pop_min(&mut self, element: i32) -> i32 {
        self.0.push_pop_min(element)
    }
    pub fn push_pop_max(&mut self, element: i32) -> i32 {
        self.0.push_pop_max(element)
    }
    pub fn replace_min(&mut self, element: i32) -> Option<i32> {
        self.0.replace_min(element)
    }
    pub fn replace_max(&mut self, element: i32) -> Option<i32> {
        self.0.replace_max(element)
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn reserve_exact(&mut self, additional: usize) {
        self.0.reserve_exact(additional);
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
    /// Harvested: result discarded: it returns `Drain<i32>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
    }
    /// Harvested: result discarded: it returns `DrainAsc<i32>`, which no pool holds.
    pub fn drain_asc(&mut self) {
        let _ = self.0.drain_asc();
    }
    /// Harvested: result discarded: it returns `DrainDesc<i32>`, which no pool holds.
    pub fn drain_desc(&mut self) {
        let _ = self.0.drain_desc();
    }
}
// Skipped methods of `min_max_heap::MinMaxHeap`:
// - `into_vec_asc`: it returns `Vec<i32>`, which no pool holds
// - `into_vec_desc`: it returns `Vec<i32>`, which no pool holds
// - `into_vec`: it returns `Vec<i32>`, which no pool holds
// - `iter`: it returns `Iter<i32>`, which no pool holds

// `min_max_heap::PeekMaxMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `min_max_heap::PeekMinMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
