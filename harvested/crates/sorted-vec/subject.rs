// Harvested by `testspace harvest` from sorted-vec 0.8.11: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `sorted_vec::FindOrInsert`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `sorted_vec::SortedSet`: no subject, because it has 2 usable methods besides its constructors, fewer than 3.

// `sorted_vec::SortedVec`: no subject, because it has 2 usable methods besides its constructors, fewer than 3.

/// Reverse sorted set
///
/// `sorted_vec::partial::ReverseSortedSet` with T = i32.
#[derive(Clone, Debug)]
pub struct ReverseSortedSetOfInts(pub sorted_vec::partial::ReverseSortedSet<i32>);

#[testspace::subject]
impl ReverseSortedSetOfInts {
    pub fn new() -> Self {
        Self(<sorted_vec::partial::ReverseSortedSet<i32>>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<sorted_vec::partial::ReverseSortedSet<i32>>::with_capacity(capacity))
    }
    pub fn default() -> Self {
        Self(<sorted_vec::partial::ReverseSortedSet<i32>>::default())
    }
    pub fn insert(&mut self, element: i32) -> usize {
        self.0.insert(element)
    }
    /// Harvested: result discarded: its error type `usize` is not public.
    pub fn find_or_insert(&mut self, element: i32) {
        let _ = self.0.find_or_insert(element);
    }
    pub fn remove_item(&mut self, item: i32) -> Option<i32> {
        self.0.remove_item(&item)
    }
    pub fn remove_index(&mut self, index: usize) -> i32 {
        self.0.remove_index(index)
    }
    pub fn pop(&mut self) -> Option<i32> {
        self.0.pop()
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
}
// Skipped methods of `sorted_vec::partial::ReverseSortedSet`:
// - `from_unsorted`: parameter `vec` has type `Vec<i32>`, which no pool holds
// - `drain`: it is generic over `R`
// - `retain`: it is generic over `F`
// - `into_vec`: it returns `Vec<i32>`, which no pool holds
// - `mutate_vec`: it is generic over `F`

/// Reverse sorted vector
///
/// `sorted_vec::partial::ReverseSortedVec` with T = i32.
#[derive(Clone, Debug)]
pub struct ReverseSortedVecOfInts(pub sorted_vec::partial::ReverseSortedVec<i32>);

#[testspace::subject]
impl ReverseSortedVecOfInts {
    pub fn new() -> Self {
        Self(<sorted_vec::partial::ReverseSortedVec<i32>>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<sorted_vec::partial::ReverseSortedVec<i32>>::with_capacity(capacity))
    }
    pub fn default() -> Self {
        Self(<sorted_vec::partial::ReverseSortedVec<i32>>::default())
    }
    pub fn insert(&mut self, element: i32) -> usize {
        self.0.insert(element)
    }
    /// Harvested: result discarded: its error type `usize` is not public.
    pub fn find_or_insert(&mut self, element: i32) {
        let _ = self.0.find_or_insert(element);
    }
    pub fn remove_item(&mut self, item: i32) -> Option<i32> {
        self.0.remove_item(&item)
    }
    pub fn remove_index(&mut self, index: usize) -> i32 {
        self.0.remove_index(index)
    }
    pub fn pop(&mut self) -> Option<i32> {
        self.0.pop()
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn dedup(&mut self) {
        self.0.dedup();
    }
}
// Skipped methods of `sorted_vec::partial::ReverseSortedVec`:
// - `from_unsorted`: parameter `vec` has type `Vec<i32>`, which no pool holds
// - `binary_search`: its error type `usize` is not public
// - `dedup_by_key`: it is generic over `F`
// - `drain`: it is generic over `R`
// - `retain`: it is generic over `F`
// - `into_vec`: it returns `Vec<i32>`, which no pool holds
// - `mutate_vec`: it is generic over `F`

// `sorted_vec::partial::SortedSet`: no subject, because its wrapper does not compile: the name `SortedSetOfInts` is defined multiple times.

// `sorted_vec::partial::SortedVec`: no subject, because its wrapper does not compile: the name `SortedVecOfInts` is defined multiple times.
