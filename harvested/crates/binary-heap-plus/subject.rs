// Harvested by `testspace harvest` from binary-heap-plus 0.5.0: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// A priority queue implemented with a binary heap.
///
/// `binary_heap_plus::BinaryHeap` with T = i32.
#[derive(Clone, Debug)]
pub struct BinaryHeapOfInts(pub binary_heap_plus::BinaryHeap<i32>);

#[testspace::subject]
impl BinaryHeapOfInts {
    pub fn new() -> Self {
        Self(<binary_heap_plus::BinaryHeap<i32>>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<binary_heap_plus::BinaryHeap<i32>>::with_capacity(capacity))
    }
    pub fn default() -> Self {
        Self(<binary_heap_plus::BinaryHeap<i32>>::default())
    }
    /// Harvested: result discarded: it returns `Option<PeekMut<'_, i32, C>>`, which no pool holds.
    pub fn peek_mut(&mut self) {
        let _ = self.0.peek_mut();
    }
    pub fn pop(&mut self) -> Option<i32> {
        self.0.pop()
    }
    pub fn push(&mut self, item: i32) {
        self.0.push(item);
    }
    pub fn peek(&self) -> Option<i32> {
        self.0.peek().copied()
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
    pub fn shrink_to(&mut self, min_capacity: usize) {
        self.0.shrink_to(min_capacity);
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Harvested: result discarded: it returns `Drain<'_, i32>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
}
// Skipped methods of `binary_heap_plus::BinaryHeap`:
// - `from_vec`: parameter `vec` has type `Vec<i32>`, which no pool holds
// - `from_vec_cmp`: parameter `vec` has type `Vec<i32>`, which no pool holds
// - `from_vec_cmp_raw`: it is `unsafe`
// - `new_by`: parameter `f` has type `F`, which no pool holds
// - `with_capacity_by`: parameter `f` has type `F`, which no pool holds
// - `new_by_key`: parameter `f` has type `F`, which no pool holds
// - `with_capacity_by_key`: parameter `f` has type `F`, which no pool holds
// - `replace_cmp`: parameter `cmp` has type `C`, which no pool holds
// - `replace_cmp_raw`: it is `unsafe`
// - `into_sorted_vec`: it returns `Vec<i32>`, which no pool holds
// - `append`: parameter `other` has type `&mut binary_heap_plus::BinaryHeap<i32>`: a change through it would be lost
// - `iter`: it returns `Iter<'_, i32>`, which no pool holds
// - `into_iter_sorted`: it returns `IntoIterSorted<i32, C>`, which no pool holds
// - `into_vec`: it returns `Vec<i32>`, which no pool holds
// - `with_capacity_min`: it does not compile with T = i32: no function or associated item named `with_capacity_min` found for struct `binary_heap_plus::BinaryHeap<i32>` in the current scope
// - `new_min`: it does not compile with T = i32: no function or associated item named `new_min` found for struct `binary_heap_plus::BinaryHeap<i32>` in the current scope

// `binary_heap_plus::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `binary_heap_plus::FnComparator`: no subject, because it has 0 usable methods besides its constructors, fewer than 3.

// `binary_heap_plus::IntoIter`: no subject, because it has no public constructor the pools can call.

// `binary_heap_plus::IntoIterSorted`: no subject, because it has no public constructor the pools can call.

// `binary_heap_plus::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `binary_heap_plus::KeyComparator`: no subject, because it has 0 usable methods besides its constructors, fewer than 3.

// `binary_heap_plus::MaxComparator`: no subject, because it has 0 usable methods besides its constructors, fewer than 3.

// `binary_heap_plus::MinComparator`: no subject, because it has 0 usable methods besides its constructors, fewer than 3.

// `binary_heap_plus::PeekMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
