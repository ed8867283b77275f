// Harvested by `testspace harvest` from heapless 0.9.4: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `heapless::CString`: no subject, because it has 0 usable methods besides its constructors, fewer than 3.

// `heapless::CapacityError`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

/// Fixed capacity [`IndexMap`](https://docs.rs/indexmap/2/indexmap/map/struct.IndexMap.html)
///
/// `heapless::IndexMap` with K = i32, V = i32, S = i32, N = 8.
#[derive(Clone, Debug)]
pub struct HeaplessIndexMapOfInts(pub heapless::IndexMap<i32, i32, i32, 8>);

#[testspace::subject]
impl HeaplessIndexMapOfInts {
    pub fn default() -> Self {
        Self(<heapless::IndexMap<i32, i32, i32, 8>>::default())
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    /// Harvested: result discarded: it returns `ValuesMut<'_, i32, i32>`, which no pool holds.
    pub fn values_mut(&mut self) {
        let _ = self.0.values_mut();
    }
    /// Harvested: result discarded: it returns `IterMut<'_, i32, i32>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
    /// Harvested: result discarded: it returns `Option<(&i32, &mut i32)>`, which no pool holds.
    pub fn first_mut(&mut self) {
        let _ = self.0.first_mut();
    }
    /// Harvested: result discarded: it returns `Option<(&i32, &mut i32)>`, which no pool holds.
    pub fn last_mut(&mut self) {
        let _ = self.0.last_mut();
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
}
// Skipped methods of `heapless::IndexMap`:
// - `new`: it is in an impl for `IndexMap<K, V, BuildHasherDefault<S>, N>` only
// - `keys`: it returns `Keys<'_, i32, i32>`, which no pool holds
// - `values`: it returns `Values<'_, i32, i32>`, which no pool holds
// - `iter`: it returns `Iter<'_, i32, i32>`, which no pool holds
// - `first`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `last`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `get_index`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `retain`: it is generic over `F`
// - `truncate`: it does not compile with K = i32, V = i32, S = i32, N = 8: the method `truncate` exists for struct `IndexMap<i32, i32, i32, 8>`, but its trait bounds were not satisfied
// - `shift_remove_index`: it does not compile with K = i32, V = i32, S = i32, N = 8: the method `shift_remove_index` exists for struct `IndexMap<i32, i32, i32, 8>`, but its trait bounds were not satisfied
// - `shift_remove_entry`: it does not compile with K = i32, V = i32, S = i32, N = 8: the method `shift_remove_entry` exists for struct `IndexMap<i32, i32, i32, 8>`, but its trait bounds were not satisfied
// - `shift_remove`: it does not compile with K = i32, V = i32, S = i32, N = 8: the method `shift_remove` exists for struct `IndexMap<i32, i32, i32, 8>`, but its trait bounds were not satisfied
// - `swap_remove`: it does not compile with K = i32, V = i32, S = i32, N = 8: the method `swap_remove` exists for struct `IndexMap<i32, i32, i32, 8>`, but its trait bounds were not satisfied
// - `remove`: it does not compile with K = i32, V = i32, S = i32, N = 8: the method `remove` exists for struct `IndexMap<i32, i32, i32, 8>`, but its trait bounds were not satisfied
// - `insert`: it does not compile with K = i32, V = i32, S = i32, N = 8: the method `insert` exists for struct `IndexMap<i32, i32, i32, 8>`, but its trait bounds were not satisfied
// - `get_index_of`: it does not compile with K = i32, V = i32, S = i32, N = 8: the method `get_index_of` exists for struct `IndexMap<i32, i32, i32, 8>`, but its trait bounds were not satisfied
// - `get_index_mut`: it does not compile with K = i32, V = i32, S = i32, N = 8: the method `get_index_mut` exists for struct `IndexMap<i32, i32, i32, 8>`, but its trait bounds were not satisfied
// - `get_mut`: it does not compile with K = i32, V = i32, S = i32, N = 8: the method `get_mut` exists for struct `IndexMap<i32, i32, i32, 8>`, but its trait bounds were not satisfied
// - `contains_key`: it does not compile with K = i32, V = i32, S = i32, N = 8: the method `contains_key` exists for struct `IndexMap<i32, i32, i32, 8>`, but its trait bounds were not satisfied
// - `get`: it does not compile with K = i32, V = i32, S = i32, N = 8: the method `get` exists for struct `IndexMap<i32, i32, i32, 8>`, but its trait bounds were not satisfied
// - `entry`: it does not compile with K = i32, V = i32, S = i32, N = 8: the method `entry` exists for struct `IndexMap<i32, i32, i32, 8>`, but its trait bounds were not satisfied

/// Fixed capacity [`IndexSet`](https://docs.rs/indexmap/2/indexmap/set/struct.IndexSet.html).
///
/// `heapless::IndexSet` with T = i32, S = i32, N = 8.
#[derive(Clone, Debug)]
pub struct HeaplessIndexSetOfInts(pub heapless::IndexSet<i32, i32, 8>);

#[testspace::subject]
impl HeaplessIndexSetOfInts {
    pub fn default() -> Self {
        Self(<heapless::IndexSet<i32, i32, 8>>::default())
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn first(&self) -> Option<i32> {
        self.0.first().copied()
    }
    pub fn last(&self) -> Option<i32> {
        self.0.last().copied()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
}
// Skipped methods of `heapless::IndexSet`:
// - `new`: it is in an impl for `IndexSet<T, BuildHasherDefault<S>, N>` only
// - `iter`: it returns `Iter<'_, i32>`, which no pool holds
// - `difference`: it is generic over `S2`
// - `symmetric_difference`: it is generic over `S2`
// - `intersection`: it is generic over `S2`
// - `union`: it is generic over `S2`
// - `is_disjoint`: it is generic over `S2`
// - `is_subset`: it is generic over `S2`
// - `is_superset`: it is generic over `S2`
// - `retain`: it is generic over `F`
// - `shift_remove`: it does not compile with T = i32, S = i32, N = 8: the method `shift_remove` exists for struct `IndexSet<i32, i32, 8>`, but its trait bounds were not satisfied
// - `swap_remove`: it does not compile with T = i32, S = i32, N = 8: the method `swap_remove` exists for struct `IndexSet<i32, i32, 8>`, but its trait bounds were not satisfied
// - `remove`: it does not compile with T = i32, S = i32, N = 8: the method `remove` exists for struct `IndexSet<i32, i32, 8>`, but its trait bounds were not satisfied
// - `insert`: it does not compile with T = i32, S = i32, N = 8: the method `insert` exists for struct `IndexSet<i32, i32, 8>`, but its trait bounds were not satisfied
// - `contains`: it does not compile with T = i32, S = i32, N = 8: the method `contains` exists for struct `IndexSet<i32, i32, 8>`, but its trait bounds were not satisfied

// `heapless::OldestOrdered`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::binary_heap::BinaryHeapInner`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::binary_heap::Max`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::binary_heap::Min`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::binary_heap::PeekMutInner`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::c_string::ExtendError`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::c_string::IntoStringError`: no subject, because it has no public constructor the pools can call.

// `heapless::deque::DequeInner`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::deque::IntoIter`: no subject, because it has no public constructor the pools can call.

// `heapless::deque::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::deque::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::history_buf::HistoryBufInner`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::index_map::Entry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::index_map::IntoIter`: no subject, because it has no public constructor the pools can call.

// `heapless::index_map::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::index_map::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::index_map::Keys`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::index_map::OccupiedEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::index_map::VacantEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::index_map::Values`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::index_map::ValuesMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::index_set::Difference`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::index_set::Intersection`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::index_set::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::linear_map::Entry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::linear_map::IntoIter`: no subject, because it has no public constructor the pools can call.

// `heapless::linear_map::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::linear_map::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::linear_map::LinearMapInner`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::linear_map::OccupiedEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::linear_map::VacantEntry`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::mpmc::QueueInner`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::pool::arc::Arc`: no subject, because it has no public constructor the pools can call.

// `heapless::pool::arc::ArcBlock`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::pool::arc::ArcPoolImpl`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::pool::boxed::Box`: no subject, because it has no public constructor the pools can call.

// `heapless::pool::boxed::BoxBlock`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::pool::boxed::BoxPoolImpl`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::pool::object::Object`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::pool::object::ObjectBlock`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::pool::object::ObjectPoolImpl`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::sorted_linked_list::FindMutView`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::sorted_linked_list::IterView`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::sorted_linked_list::Max`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::sorted_linked_list::Min`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::sorted_linked_list::Node`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::sorted_linked_list::SortedLinkedListInner`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::spsc::Consumer`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::spsc::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::spsc::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::spsc::Producer`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::spsc::QueueInner`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::storage::OwnedStorage`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::storage::ViewStorage`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::string::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::string::FromUtf16Error`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::string::StringInner`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `heapless::vec::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `heapless::vec::IntoIter`: no subject, because it has no public constructor the pools can call.

// `heapless::vec::VecInner`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).
