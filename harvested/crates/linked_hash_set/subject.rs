// Harvested by `testspace harvest` from linked_hash_set 0.1.6: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `linked_hash_set::Difference`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `linked_hash_set::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `linked_hash_set::Intersection`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `linked_hash_set::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `linked_hash_set::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

/// A linked hash set implemented as a `linked_hash_map::LinkedHashMap` where the value is `()`, in a similar way std `HashSet` is implemented from `HashMap`.
///
/// `linked_hash_set::LinkedHashSet` with T = i32.
#[derive(Clone, Debug)]
pub struct LinkedHashSetOfInts(pub linked_hash_set::LinkedHashSet<i32>);

#[testspace::subject]
impl LinkedHashSetOfInts {
    pub fn default() -> Self {
        Self(<linked_hash_set::LinkedHashSet<i32>>::default())
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
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
    /// Harvested: result discarded: it returns `Drain<'_, i32>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn contains(&self, value: i32) -> bool {
        self.0.contains(&value)
    }
    pub fn refresh(&mut self, value: i32) -> bool {
        self.0.refresh(&value)
    }
    pub fn insert(&mut self, value: i32) -> bool {
        self.0.insert(value)
    }
    pub fn insert_if_absent(&mut self, value: i32) -> bool {
        self.0.insert_if_absent(value)
    }
    pub fn remove(&mut self, value: i32) -> bool {
        self.0.remove(&value)
    }
    pub fn front(&self) -> Option<i32> {
        self.0.front().copied()
    }
    pub fn pop_front(&mut self) -> Option<i32> {
        self.0.pop_front()
    }
    pub fn back(&self) -> Option<i32> {
        self.0.back().copied()
    }
    pub fn pop_back(&mut self) -> Option<i32> {
        self.0.pop_back()
    }
}
// Skipped methods of `linked_hash_set::LinkedHashSet`:
// - `new`: it returns `LinkedHashSet<i32, RandomState>`, which no pool holds
// - `with_capacity`: it returns `LinkedHashSet<i32, RandomState>`, which no pool holds
// - `with_hasher`: parameter `hasher` has type `S`, which no pool holds
// - `with_capacity_and_hasher`: parameter `hasher` has type `S`, which no pool holds
// - `hasher`: it returns `&S`, which no pool holds
// - `iter`: it returns `Iter<'_, i32>`, which no pool holds
// - `difference`: parameter `other` has type `&'a LinkedHashSet<i32, S>`, which no pool holds
// - `symmetric_difference`: parameter `other` has type `&'a LinkedHashSet<i32, S>`, which no pool holds
// - `intersection`: parameter `other` has type `&'a LinkedHashSet<i32, S>`, which no pool holds
// - `union`: parameter `other` has type `&'a LinkedHashSet<i32, S>`, which no pool holds
// - `is_disjoint`: parameter `other` has type `&LinkedHashSet<i32, S>`, which no pool holds
// - `is_subset`: parameter `other` has type `&LinkedHashSet<i32, S>`, which no pool holds
// - `is_superset`: parameter `other` has type `&LinkedHashSet<i32, S>`, which no pool holds

// `linked_hash_set::SymmetricDifference`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `linked_hash_set::Union`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `linked_hash_set::serde::LinkedHashSetVisitor`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).
