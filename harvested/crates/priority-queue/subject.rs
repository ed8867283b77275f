// Harvested by `testspace harvest` from priority-queue 2.7.0: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// A double priority queue with efficient change function to change the priority of an element.
///
/// `priority_queue::DoublePriorityQueue` with I = i32, P = i32.
#[derive(Clone, Debug)]
pub struct DoublePriorityQueueOfInts(pub priority_queue::DoublePriorityQueue<i32, i32>);

#[testspace::subject]
impl DoublePriorityQueueOfInts {
    pub fn new() -> Self {
        Self(<priority_queue::DoublePriorityQueue<i32, i32>>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<priority_queue::DoublePriorityQueue<i32, i32>>::with_capacity(capacity))
    }
    pub fn with_default_hasher() -> Self {
        Self(<priority_queue::DoublePriorityQueue<i32, i32>>::with_default_hasher())
    }
    pub fn with_capacity_and_default_hasher(capacity: usize) -> Self {
        Self(<priority_queue::DoublePriorityQueue<i32, i32>>::with_capacity_and_default_hasher(capacity))
    }
    pub fn default() -> Self {
        Self(<priority_queue::DoublePriorityQueue<i32, i32>>::default())
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    /// Harvested: result discarded: it returns `Drain<'_, i32, i32>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn reserve_exact(&mut self, additional: usize) {
        self.0.reserve_exact(additional);
    }
    pub fn try_reserve(&mut self, additional: usize) -> Result<(), priority_queue::TryReserveError> {
        self.0.try_reserve(additional)
    }
    pub fn try_reserve_exact(&mut self, additional: usize) -> Result<(), priority_queue::TryReserveError> {
        self.0.try_reserve_exact(additional)
    }
    /// Harvested: result discarded: it returns `IterMut<'_, i32, i32, H>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn pop_min(&mut self) {
        let _ = self.0.pop_min();
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn pop_max(&mut self) {
        let _ = self.0.pop_max();
    }
    /// Harvested: result discarded: it returns `Option<(&mut i32, &i32)>`, which no pool holds.
    pub fn peek_min_mut(&mut self) {
        let _ = self.0.peek_min_mut();
    }
    /// Harvested: result discarded: it returns `Option<(&mut i32, &i32)>`, which no pool holds.
    pub fn peek_max_mut(&mut self) {
        let _ = self.0.peek_max_mut();
    }
    pub fn push(&mut self, item: i32, priority: i32) -> Option<i32> {
        self.0.push(item, priority)
    }
    pub fn push_increase(&mut self, item: i32, priority: i32) -> Option<i32> {
        self.0.push_increase(item, priority)
    }
    pub fn push_decrease(&mut self, item: i32, priority: i32) -> Option<i32> {
        self.0.push_decrease(item, priority)
    }
    pub fn change_priority(&mut self, item: i32, new_priority: i32) -> Option<i32> {
        self.0.change_priority(&item, new_priority)
    }
    pub fn get_priority(&self, item: i32) -> Option<i32> {
        self.0.get_priority(&item).copied()
    }
    pub fn contains(&self, item: i32) -> bool {
        self.0.contains(&item)
    }
    /// Harvested: result discarded: it returns `Option<(&mut i32, &i32)>`, which no pool holds.
    pub fn get_mut(&mut self, item: i32) {
        let _ = self.0.get_mut(&item);
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn remove(&mut self, item: i32) {
        let _ = self.0.remove(&item);
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
}
// Skipped methods of `priority_queue::DoublePriorityQueue`:
// - `with_hasher`: parameter `hash_builder` has type `H`, which no pool holds
// - `with_capacity_and_hasher`: parameter `hash_builder` has type `H`, which no pool holds
// - `iter`: it returns `Iter<'_, i32, i32>`, which no pool holds
// - `peek_min`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `peek_max`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `into_ascending_sorted_vec`: it returns `Vec<i32>`, which no pool holds
// - `into_descending_sorted_vec`: it returns `Vec<i32>`, which no pool holds
// - `into_sorted_iter`: it returns `IntoSortedIter<i32, i32, H>`, which no pool holds
// - `retain`: it is generic over `F`
// - `retain_mut`: it is generic over `F`
// - `extract_if`: it is generic over `F`
// - `pop_min_if`: it is generic over `F`
// - `pop_max_if`: it is generic over `F`
// - `change_priority_by`: it is generic over `F`
// - `get`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `into_vec`: it returns `Vec<i32>`, which no pool holds
// - `append`: parameter `other` has type `&mut priority_queue::DoublePriorityQueue<i32, i32>`: a change through it would be lost

/// A priority queue with efficient change function to change the priority of an element.
///
/// `priority_queue::PriorityQueue` with I = i32, P = i32.
#[derive(Clone, Debug)]
pub struct PriorityQueueOfInts(pub priority_queue::PriorityQueue<i32, i32>);

#[testspace::subject]
impl PriorityQueueOfInts {
    pub fn new() -> Self {
        Self(<priority_queue::PriorityQueue<i32, i32>>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<priority_queue::PriorityQueue<i32, i32>>::with_capacity(capacity))
    }
    pub fn with_default_hasher() -> Self {
        Self(<priority_queue::PriorityQueue<i32, i32>>::with_default_hasher())
    }
    pub fn with_capacity_and_default_hasher(capacity: usize) -> Self {
        Self(<priority_queue::PriorityQueue<i32, i32>>::with_capacity_and_default_hasher(capacity))
    }
    pub fn default() -> Self {
        Self(<priority_queue::PriorityQueue<i32, i32>>::default())
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
    /// Harvested: result discarded: it returns `Drain<'_, i32, i32>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
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
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn reserve_exact(&mut self, additional: usize) {
        self.0.reserve_exact(additional);
    }
    pub fn try_reserve(&mut self, additional: usize) -> Result<(), priority_queue::TryReserveError> {
        self.0.try_reserve(additional)
    }
    pub fn try_reserve_exact(&mut self, additional: usize) -> Result<(), priority_queue::TryReserveError> {
        self.0.try_reserve_exact(additional)
    }
    /// Harvested: result discarded: it returns `IterMut<'_, i32, i32, H>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn pop(&mut self) {
        let _ = self.0.pop();
    }
    pub fn push(&mut self, item: i32, priority: i32) -> Option<i32> {
        self.0.push(item, priority)
    }
    pub fn push_increase(&mut self, item: i32, priority: i32) -> Option<i32> {
        self.0.push_increase(item, priority)
    }
    pub fn push_decrease(&mut self, item: i32, priority: i32) -> Option<i32> {
        self.0.push_decrease(item, priority)
    }
    pub fn change_priority(&mut self, item: i32, new_priority: i32) -> Option<i32> {
        self.0.change_priority(&item, new_priority)
    }
    pub fn get_priority(&self, item: i32) -> Option<i32> {
        self.0.get_priority(&item).copied()
    }
    pub fn contains(&self, item: i32) -> bool {
        self.0.contains(&item)
    }
    /// Harvested: result discarded: it returns `Option<(&mut i32, &i32)>`, which no pool holds.
    pub fn get_mut(&mut self, item: i32) {
        let _ = self.0.get_mut(&item);
    }
    /// Harvested: result discarded: it returns `Option<(&mut i32, &i32)>`, which no pool holds.
    pub fn peek_mut(&mut self) {
        let _ = self.0.peek_mut();
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn remove(&mut self, item: i32) {
        let _ = self.0.remove(&item);
    }
}
// Skipped methods of `priority_queue::PriorityQueue`:
// - `with_hasher`: parameter `hash_builder` has type `H`, which no pool holds
// - `with_capacity_and_hasher`: parameter `hash_builder` has type `H`, which no pool holds
// - `iter`: it returns `Iter<'_, i32, i32>`, which no pool holds
// - `peek`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `into_vec`: it returns `Vec<i32>`, which no pool holds
// - `into_sorted_vec`: it returns `Vec<i32>`, which no pool holds
// - `into_sorted_iter`: it returns `IntoSortedIter<i32, i32, H>`, which no pool holds
// - `retain`: it is generic over `F`
// - `retain_mut`: it is generic over `F`
// - `extract_if`: it is generic over `F`
// - `pop_if`: it is generic over `F`
// - `change_priority_by`: it is generic over `F`
// - `get`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `append`: parameter `other` has type `&mut priority_queue::PriorityQueue<i32, i32>`: a change through it would be lost

// `priority_queue::TryReserveError`: no subject, because it has no public constructor the pools can call.

// `priority_queue::core_iterators::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `priority_queue::core_iterators::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `priority_queue::core_iterators::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `priority_queue::double_priority_queue::iterators::ExtractIf`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `priority_queue::double_priority_queue::iterators::IntoSortedIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `priority_queue::double_priority_queue::iterators::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `priority_queue::priority_queue::iterators::ExtractIf`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `priority_queue::priority_queue::iterators::IntoSortedIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `priority_queue::priority_queue::iterators::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
