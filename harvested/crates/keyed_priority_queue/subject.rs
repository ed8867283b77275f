// Harvested by `testspace harvest` from keyed_priority_queue 0.4.2: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `keyed_priority_queue::Entry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

/// A priority queue that support lookup by key.
///
/// `keyed_priority_queue::KeyedPriorityQueue` with TKey = i32, TPriority = i32.
#[derive(Clone, Debug)]
pub struct KeyedPriorityQueueOfInts(pub keyed_priority_queue::KeyedPriorityQueue<i32, i32>);

#[testspace::subject]
impl KeyedPriorityQueueOfInts {
    pub fn new() -> Self {
        Self(<keyed_priority_queue::KeyedPriorityQueue<i32, i32>>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<keyed_priority_queue::KeyedPriorityQueue<i32, i32>>::with_capacity(capacity))
    }
    pub fn default() -> Self {
        Self(<keyed_priority_queue::KeyedPriorityQueue<i32, i32>>::default())
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn push(&mut self, key: i32, priority: i32) -> Option<i32> {
        self.0.push(key, priority)
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn pop(&mut self) {
        let _ = self.0.pop();
    }
    /// Harvested: result discarded: it returns `Entry<i32, i32, S>`, which no pool holds.
    pub fn entry(&mut self, key: i32) {
        let _ = self.0.entry(key);
    }
    pub fn get_priority(&self, key: i32) -> Option<i32> {
        self.0.get_priority(&key).copied()
    }
    pub fn set_priority(&mut self, key: i32, priority: i32) -> Result<i32, keyed_priority_queue::SetPriorityNotFoundError> {
        self.0.set_priority(&key, priority)
    }
    pub fn remove(&mut self, key: i32) -> Option<i32> {
        self.0.remove(&key)
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn remove_entry(&mut self, key: i32) {
        let _ = self.0.remove_entry(&key);
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
}
// Skipped methods of `keyed_priority_queue::KeyedPriorityQueue`:
// - `with_hasher`: parameter `hasher` has type `S`, which no pool holds
// - `with_capacity_and_hasher`: parameter `hasher` has type `S`, which no pool holds
// - `peek`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `iter`: it returns `KeyedPriorityQueueBorrowIter<i32, i32, S>`, which no pool holds

// `keyed_priority_queue::KeyedPriorityQueueBorrowIter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `keyed_priority_queue::KeyedPriorityQueueIterator`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `keyed_priority_queue::OccupiedEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `keyed_priority_queue::ReadmeDoctests`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `keyed_priority_queue::SetPriorityNotFoundError`: no subject, because it has 0 usable methods besides its constructors, fewer than 3.

// `keyed_priority_queue::VacantEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
