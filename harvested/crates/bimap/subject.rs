// Harvested by `testspace harvest` from bimap 0.6.3: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// A bimap backed by two `BTreeMap`s.
///
/// `bimap::BiBTreeMap` with L = i32, R = i32.
#[derive(Clone, Debug)]
pub struct BiBTreeMapOfInts(pub bimap::BiBTreeMap<i32, i32>);

#[testspace::subject]
impl BiBTreeMapOfInts {
    pub fn new() -> Self {
        Self(<bimap::BiBTreeMap<i32, i32>>::new())
    }
    pub fn default() -> Self {
        Self(<bimap::BiBTreeMap<i32, i32>>::default())
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
    pub fn get_by_left(&self, left: i32) -> Option<i32> {
        self.0.get_by_left(&left).copied()
    }
    pub fn get_by_right(&self, right: i32) -> Option<i32> {
        self.0.get_by_right(&right).copied()
    }
    pub fn contains_left(&self, left: i32) -> bool {
        self.0.contains_left(&left)
    }
    pub fn contains_right(&self, right: i32) -> bool {
        self.0.contains_right(&right)
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn remove_by_left(&mut self, left: i32) {
        let _ = self.0.remove_by_left(&left);
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn remove_by_right(&mut self, right: i32) {
        let _ = self.0.remove_by_right(&right);
    }
    /// Harvested: result discarded: it returns `Overwritten<i32, i32>`, which no pool holds.
    pub fn insert(&mut self, left: i32, right: i32) {
        let _ = self.0.insert(left, right);
    }
    /// Harvested: result discarded: its error type `(i32,i32)` has no name.
    pub fn insert_no_overwrite(&mut self, left: i32, right: i32) {
        let _ = self.0.insert_no_overwrite(left, right);
    }
}
// Skipped methods of `bimap::BiBTreeMap`:
// - `iter`: it returns `Iter<'_, i32, i32>`, which no pool holds
// - `left_values`: it returns `LeftValues<'_, i32, i32>`, which no pool holds
// - `right_values`: it returns `RightValues<'_, i32, i32>`, which no pool holds
// - `retain`: it is generic over `F`
// - `left_range`: it is generic over `A`
// - `right_range`: it is generic over `A`

/// A bimap backed by two `HashMap`s.
///
/// `bimap::BiHashMap` with L = i32, R = i32.
#[derive(Clone, Debug)]
pub struct BiHashMapOfInts(pub bimap::BiHashMap<i32, i32>);

#[testspace::subject]
impl BiHashMapOfInts {
    pub fn new() -> Self {
        Self(<bimap::BiHashMap<i32, i32>>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<bimap::BiHashMap<i32, i32>>::with_capacity(capacity))
    }
    pub fn default() -> Self {
        Self(<bimap::BiHashMap<i32, i32>>::default())
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn clear(&mut self) {
        self.0.clear();
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
    pub fn get_by_left(&self, left: i32) -> Option<i32> {
        self.0.get_by_left(&left).copied()
    }
    pub fn get_by_right(&self, right: i32) -> Option<i32> {
        self.0.get_by_right(&right).copied()
    }
    pub fn contains_left(&self, left: i32) -> bool {
        self.0.contains_left(&left)
    }
    pub fn contains_right(&self, right: i32) -> bool {
        self.0.contains_right(&right)
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn remove_by_left(&mut self, left: i32) {
        let _ = self.0.remove_by_left(&left);
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn remove_by_right(&mut self, right: i32) {
        let _ = self.0.remove_by_right(&right);
    }
    /// Harvested: result discarded: it returns `Overwritten<i32, i32>`, which no pool holds.
    pub fn insert(&mut self, left: i32, right: i32) {
        let _ = self.0.insert(left, right);
    }
    /// Harvested: result discarded: its error type `(i32,i32)` has no name.
    pub fn insert_no_overwrite(&mut self, left: i32, right: i32) {
        let _ = self.0.insert_no_overwrite(left, right);
    }
}
// Skipped methods of `bimap::BiHashMap`:
// - `iter`: it returns `Iter<'_, i32, i32>`, which no pool holds
// - `left_values`: it returns `LeftValues<'_, i32, i32>`, which no pool holds
// - `right_values`: it returns `RightValues<'_, i32, i32>`, which no pool holds
// - `with_hashers`: parameter `hash_builder_left` has type `LS`, which no pool holds
// - `with_capacity_and_hashers`: parameter `hash_builder_left` has type `LS`, which no pool holds
// - `retain`: it is generic over `F`

// `bimap::Overwritten`: no subject, because it has no public constructor the pools can call.

// `bimap::btree::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `bimap::btree::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `bimap::btree::LeftRange`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `bimap::btree::LeftValues`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `bimap::btree::RightRange`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `bimap::btree::RightValues`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `bimap::hash::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `bimap::hash::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `bimap::hash::LeftValues`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `bimap::hash::RightValues`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
