// Harvested by `testspace harvest` from indexmap 2.7.0: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// A hash table where the iteration order of the key-value pairs is independent of the hash values of the keys.
///
/// `indexmap::IndexMap` with K = i32, V = i32.
#[derive(Clone, Debug)]
pub struct IndexMapOfInts(pub indexmap::IndexMap<i32, i32>);

#[testspace::subject]
impl IndexMapOfInts {
    pub fn new() -> Self {
        Self(<indexmap::IndexMap<i32, i32>>::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        Self(<indexmap::IndexMap<i32, i32>>::with_capacity(n))
    }
    pub fn default() -> Self {
        Self(<indexmap::IndexMap<i32, i32>>::default())
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
    /// Harvested: result discarded: it returns `IterMut<'_, i32, i32>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
    /// Harvested: result discarded: it returns `ValuesMut<'_, i32, i32>`, which no pool holds.
    pub fn values_mut(&mut self) {
        let _ = self.0.values_mut();
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }
    pub fn split_off(&mut self, at: usize) -> Self {
        Self(self.0.split_off(at))
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn reserve_exact(&mut self, additional: usize) {
        self.0.reserve_exact(additional);
    }
    pub fn try_reserve(&mut self, additional: usize) -> Result<(), indexmap::TryReserveError> {
        self.0.try_reserve(additional)
    }
    pub fn try_reserve_exact(&mut self, additional: usize) -> Result<(), indexmap::TryReserveError> {
        self.0.try_reserve_exact(additional)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
    pub fn shrink_to(&mut self, min_capacity: usize) {
        self.0.shrink_to(min_capacity);
    }
    pub fn insert(&mut self, key: i32, value: i32) -> Option<i32> {
        self.0.insert(key, value)
    }
    /// Harvested: result discarded: it returns `(usize, Option<i32>)`, which no pool holds.
    pub fn insert_full(&mut self, key: i32, value: i32) {
        let _ = self.0.insert_full(key, value);
    }
    /// Harvested: result discarded: it returns `(usize, Option<i32>)`, which no pool holds.
    pub fn insert_sorted(&mut self, key: i32, value: i32) {
        let _ = self.0.insert_sorted(key, value);
    }
    /// Harvested: result discarded: it returns `(usize, Option<i32>)`, which no pool holds.
    pub fn insert_before(&mut self, index: usize, key: i32, value: i32) {
        let _ = self.0.insert_before(index, key, value);
    }
    pub fn shift_insert(&mut self, index: usize, key: i32, value: i32) -> Option<i32> {
        self.0.shift_insert(index, key, value)
    }
    /// Harvested: result discarded: it returns `Entry<'_, i32, i32>`, which no pool holds.
    pub fn entry(&mut self, key: i32) {
        let _ = self.0.entry(key);
    }
    pub fn contains_key(&self, key: i32) -> bool {
        self.0.contains_key(&key)
    }
    pub fn get(&self, key: i32) -> Option<i32> {
        self.0.get(&key).copied()
    }
    pub fn get_index_of(&self, key: i32) -> Option<usize> {
        self.0.get_index_of(&key)
    }
    pub fn get_mut(&mut self, key: i32) -> Option<i32> {
        self.0.get_mut(&key).copied()
    }
    /// Harvested: result discarded: it returns `Option<(usize, &i32, &mut i32)>`, which no pool holds.
    pub fn get_full_mut(&mut self, key: i32) {
        let _ = self.0.get_full_mut(&key);
    }
    pub fn remove(&mut self, key: i32) -> Option<i32> {
        self.0.remove(&key)
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn remove_entry(&mut self, key: i32) {
        let _ = self.0.remove_entry(&key);
    }
    pub fn swap_remove(&mut self, key: i32) -> Option<i32> {
        self.0.swap_remove(&key)
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn swap_remove_entry(&mut self, key: i32) {
        let _ = self.0.swap_remove_entry(&key);
    }
    /// Harvested: result discarded: it returns `Option<(usize, i32, i32)>`, which no pool holds.
    pub fn swap_remove_full(&mut self, key: i32) {
        let _ = self.0.swap_remove_full(&key);
    }
    pub fn shift_remove(&mut self, key: i32) -> Option<i32> {
        self.0.shift_remove(&key)
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn shift_remove_entry(&mut self, key: i32) {
        let _ = self.0.shift_remove_entry(&key);
    }
    /// Harvested: result discarded: it returns `Option<(usize, i32, i32)>`, which no pool holds.
    pub fn shift_remove_full(&mut self, key: i32) {
        let _ = self.0.shift_remove_full(&key);
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn pop(&mut self) {
        let _ = self.0.pop();
    }
    pub fn sort_keys(&mut self) {
        self.0.sort_keys();
    }
    pub fn sort_unstable_keys(&mut self) {
        self.0.sort_unstable_keys();
    }
    pub fn reverse(&mut self) {
        self.0.reverse();
    }
    /// Harvested: result discarded: it returns `&mut Slice<i32, i32>`, which no pool holds.
    pub fn as_mut_slice(&mut self) {
        let _ = self.0.as_mut_slice();
    }
    /// Harvested: result discarded: it returns `Option<(&i32, &mut i32)>`, which no pool holds.
    pub fn get_index_mut(&mut self, index: usize) {
        let _ = self.0.get_index_mut(index);
    }
    /// Harvested: result discarded: it returns `Option<IndexedEntry<'_, i32, i32>>`, which no pool holds.
    pub fn get_index_entry(&mut self, index: usize) {
        let _ = self.0.get_index_entry(index);
    }
    /// Harvested: result discarded: it returns `Option<(&i32, &mut i32)>`, which no pool holds.
    pub fn first_mut(&mut self) {
        let _ = self.0.first_mut();
    }
    /// Harvested: result discarded: it returns `Option<IndexedEntry<'_, i32, i32>>`, which no pool holds.
    pub fn first_entry(&mut self) {
        let _ = self.0.first_entry();
    }
    /// Harvested: result discarded: it returns `Option<(&i32, &mut i32)>`, which no pool holds.
    pub fn last_mut(&mut self) {
        let _ = self.0.last_mut();
    }
    /// Harvested: result discarded: it returns `Option<IndexedEntry<'_, i32, i32>>`, which no pool holds.
    pub fn last_entry(&mut self) {
        let _ = self.0.last_entry();
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn swap_remove_index(&mut self, index: usize) {
        let _ = self.0.swap_remove_index(index);
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn shift_remove_index(&mut self, index: usize) {
        let _ = self.0.shift_remove_index(index);
    }
    pub fn move_index(&mut self, from: usize, to: usize) {
        self.0.move_index(from, to);
    }
    pub fn swap_indices(&mut self, a: usize, b: usize) {
        self.0.swap_indices(a, b);
    }
}
// Skipped methods of `indexmap::IndexMap`:
// - `with_capacity_and_hasher`: parameter `hash_builder` has type `S`, which no pool holds
// - `with_hasher`: parameter `hash_builder` has type `S`, which no pool holds
// - `hasher`: it returns `&S`, which no pool holds
// - `iter`: it returns `Iter<'_, i32, i32>`, which no pool holds
// - `keys`: it returns `Keys<'_, i32, i32>`, which no pool holds
// - `into_keys`: it returns `IntoKeys<i32, i32>`, which no pool holds
// - `values`: it returns `Values<'_, i32, i32>`, which no pool holds
// - `into_values`: it returns `IntoValues<i32, i32>`, which no pool holds
// - `drain`: it is generic over `R`
// - `splice`: it is generic over `R`
// - `append`: it is generic over `S2`
// - `get_key_value`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `get_full`: it returns `Option<(usize, &i32, &i32)>`, which no pool holds
// - `retain`: it is generic over `F`
// - `sort_by`: it is generic over `F`
// - `sorted_by`: it is generic over `F`
// - `sort_unstable_by`: it is generic over `F`
// - `sorted_unstable_by`: it is generic over `F`
// - `sort_by_cached_key`: it is generic over `T`
// - `binary_search_keys`: its error type `usize` is not public
// - `binary_search_by`: it is generic over `F`
// - `binary_search_by_key`: it is generic over `B`
// - `partition_point`: it is generic over `P`
// - `as_slice`: it returns `&Slice<i32, i32>`, which no pool holds
// - `into_boxed_slice`: it returns `Box<Slice<i32, i32>>`, which no pool holds
// - `get_index`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `get_range`: it is generic over `R: RangeBounds<usize>`
// - `get_range_mut`: it is generic over `R: RangeBounds<usize>`
// - `first`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `last`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `par_keys`: it returns `ParKeys<'_, i32, i32>`, which no pool holds
// - `par_values`: it returns `ParValues<'_, i32, i32>`, which no pool holds
// - `par_eq`: it is generic over `V2`
// - `par_sort_by`: it is generic over `F`
// - `par_sorted_by`: it is generic over `F`
// - `par_sort_unstable_by`: it is generic over `F`
// - `par_sorted_unstable_by`: it is generic over `F`
// - `par_sort_by_cached_key`: it is generic over `T`
// - `par_sort_unstable_keys`: it does not compile with K = i32, V = i32: no method named `par_sort_unstable_keys` found for struct `IndexMap<K, V, S>` in the current scope
// - `par_sort_keys`: it does not compile with K = i32, V = i32: no method named `par_sort_keys` found for struct `IndexMap<K, V, S>` in the current scope
// - `par_values_mut`: it does not compile with K = i32, V = i32: no method named `par_values_mut` found for struct `IndexMap<K, V, S>` in the current scope

/// A hash set where the iteration order of the values is independent of their hash values.
///
/// `indexmap::IndexSet` with T = i32.
#[derive(Clone, Debug)]
pub struct IndexSetOfInts(pub indexmap::IndexSet<i32>);

#[testspace::subject]
impl IndexSetOfInts {
    pub fn new() -> Self {
        Self(<indexmap::IndexSet<i32>>::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        Self(<indexmap::IndexSet<i32>>::with_capacity(n))
    }
    pub fn default() -> Self {
        Self(<indexmap::IndexSet<i32>>::default())
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
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }
    pub fn split_off(&mut self, at: usize) -> Self {
        Self(self.0.split_off(at))
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn reserve_exact(&mut self, additional: usize) {
        self.0.reserve_exact(additional);
    }
    pub fn try_reserve(&mut self, additional: usize) -> Result<(), indexmap::TryReserveError> {
        self.0.try_reserve(additional)
    }
    pub fn try_reserve_exact(&mut self, additional: usize) -> Result<(), indexmap::TryReserveError> {
        self.0.try_reserve_exact(additional)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
    pub fn shrink_to(&mut self, min_capacity: usize) {
        self.0.shrink_to(min_capacity);
    }
    pub fn insert(&mut self, value: i32) -> bool {
        self.0.insert(value)
    }
    /// Harvested: result discarded: it returns `(usize, bool)`, which no pool holds.
    pub fn insert_full(&mut self, value: i32) {
        let _ = self.0.insert_full(value);
    }
    /// Harvested: result discarded: it returns `(usize, bool)`, which no pool holds.
    pub fn insert_sorted(&mut self, value: i32) {
        let _ = self.0.insert_sorted(value);
    }
    /// Harvested: result discarded: it returns `(usize, bool)`, which no pool holds.
    pub fn insert_before(&mut self, index: usize, value: i32) {
        let _ = self.0.insert_before(index, value);
    }
    pub fn shift_insert(&mut self, index: usize, value: i32) -> bool {
        self.0.shift_insert(index, value)
    }
    pub fn replace(&mut self, value: i32) -> Option<i32> {
        self.0.replace(value)
    }
    /// Harvested: result discarded: it returns `(usize, Option<i32>)`, which no pool holds.
    pub fn replace_full(&mut self, value: i32) {
        let _ = self.0.replace_full(value);
    }
    pub fn contains(&self, value: i32) -> bool {
        self.0.contains(&value)
    }
    pub fn get(&self, value: i32) -> Option<i32> {
        self.0.get(&value).copied()
    }
    pub fn get_index_of(&self, value: i32) -> Option<usize> {
        self.0.get_index_of(&value)
    }
    pub fn remove(&mut self, value: i32) -> bool {
        self.0.remove(&value)
    }
    pub fn swap_remove(&mut self, value: i32) -> bool {
        self.0.swap_remove(&value)
    }
    pub fn shift_remove(&mut self, value: i32) -> bool {
        self.0.shift_remove(&value)
    }
    pub fn take(&mut self, value: i32) -> Option<i32> {
        self.0.take(&value)
    }
    pub fn swap_take(&mut self, value: i32) -> Option<i32> {
        self.0.swap_take(&value)
    }
    pub fn shift_take(&mut self, value: i32) -> Option<i32> {
        self.0.shift_take(&value)
    }
    /// Harvested: result discarded: it returns `Option<(usize, i32)>`, which no pool holds.
    pub fn swap_remove_full(&mut self, value: i32) {
        let _ = self.0.swap_remove_full(&value);
    }
    /// Harvested: result discarded: it returns `Option<(usize, i32)>`, which no pool holds.
    pub fn shift_remove_full(&mut self, value: i32) {
        let _ = self.0.shift_remove_full(&value);
    }
    pub fn pop(&mut self) -> Option<i32> {
        self.0.pop()
    }
    pub fn sort(&mut self) {
        self.0.sort();
    }
    pub fn sort_unstable(&mut self) {
        self.0.sort_unstable();
    }
    pub fn reverse(&mut self) {
        self.0.reverse();
    }
    pub fn get_index(&self, index: usize) -> Option<i32> {
        self.0.get_index(index).copied()
    }
    pub fn first(&self) -> Option<i32> {
        self.0.first().copied()
    }
    pub fn last(&self) -> Option<i32> {
        self.0.last().copied()
    }
    pub fn swap_remove_index(&mut self, index: usize) -> Option<i32> {
        self.0.swap_remove_index(index)
    }
    pub fn shift_remove_index(&mut self, index: usize) -> Option<i32> {
        self.0.shift_remove_index(index)
    }
    pub fn move_index(&mut self, from: usize, to: usize) {
        self.0.move_index(from, to);
    }
    pub fn swap_indices(&mut self, a: usize, b: usize) {
        self.0.swap_indices(a, b);
    }
}
// Skipped methods of `indexmap::IndexSet`:
// - `with_capacity_and_hasher`: parameter `hash_builder` has type `S`, which no pool holds
// - `with_hasher`: parameter `hash_builder` has type `S`, which no pool holds
// - `hasher`: it returns `&S`, which no pool holds
// - `iter`: it returns `Iter<'_, i32>`, which no pool holds
// - `drain`: it is generic over `R`
// - `difference`: it is generic over `S2`
// - `symmetric_difference`: it is generic over `S2`
// - `intersection`: it is generic over `S2`
// - `union`: it is generic over `S2`
// - `splice`: it is generic over `R`
// - `append`: it is generic over `S2`
// - `get_full`: it returns `Option<(usize, &i32)>`, which no pool holds
// - `retain`: it is generic over `F`
// - `sort_by`: it is generic over `F`
// - `sorted_by`: it is generic over `F`
// - `sort_unstable_by`: it is generic over `F`
// - `sorted_unstable_by`: it is generic over `F`
// - `sort_by_cached_key`: it is generic over `K`
// - `binary_search`: its error type `usize` is not public
// - `binary_search_by`: it is generic over `F`
// - `binary_search_by_key`: it is generic over `B`
// - `partition_point`: it is generic over `P`
// - `as_slice`: it returns `&Slice<i32>`, which no pool holds
// - `into_boxed_slice`: it returns `Box<Slice<i32>>`, which no pool holds
// - `get_range`: it is generic over `R: RangeBounds<usize>`
// - `is_disjoint`: it is generic over `S2`
// - `is_subset`: it is generic over `S2`
// - `is_superset`: it is generic over `S2`
// - `par_difference`: it is generic over `S2`
// - `par_symmetric_difference`: it is generic over `S2`
// - `par_intersection`: it is generic over `S2`
// - `par_union`: it is generic over `S2`
// - `par_eq`: it is generic over `S2`
// - `par_is_disjoint`: it is generic over `S2`
// - `par_is_superset`: it is generic over `S2`
// - `par_is_subset`: it is generic over `S2`
// - `par_sort_by`: it is generic over `F`
// - `par_sorted_by`: it is generic over `F`
// - `par_sort_unstable_by`: it is generic over `F`
// - `par_sorted_unstable_by`: it is generic over `F`
// - `par_sort_by_cached_key`: it is generic over `K`
// - `par_sort_unstable`: it does not compile with T = i32: no method named `par_sort_unstable` found for struct `IndexSet<T, S>` in the current scope
// - `par_sort`: it does not compile with T = i32: no method named `par_sort` found for struct `IndexSet<T, S>` in the current scope

// `indexmap::TryReserveError`: no subject, because it has no public constructor the pools can call.

// `indexmap::map::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `indexmap::map::IntoIter`: no subject, because it has 1 usable method besides its constructors, fewer than 3.

// `indexmap::map::IntoKeys`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `indexmap::map::IntoValues`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `indexmap::map::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `indexmap::map::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `indexmap::map::IterMut2`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `indexmap::map::Keys`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `indexmap::map::Slice`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `indexmap::map::Splice`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `indexmap::map::Values`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `indexmap::map::ValuesMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `indexmap::set::Difference`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `indexmap::set::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `indexmap::set::Intersection`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `indexmap::set::IntoIter`: no subject, because it has 1 usable method besides its constructors, fewer than 3.

// `indexmap::set::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `indexmap::set::Slice`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `indexmap::set::Splice`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `indexmap::set::SymmetricDifference`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `indexmap::set::Union`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
