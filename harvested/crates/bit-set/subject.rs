// Harvested by `testspace harvest` from bit-set 0.11.1: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

#[derive(Clone, Debug)]
pub struct BitSet(pub bit_set::BitSet);

#[testspace::subject]
impl BitSet {
    pub fn new() -> Self {
        Self(<bit_set::BitSet>::new())
    }
    pub fn with_capacity(nbits: usize) -> Self {
        Self(<bit_set::BitSet>::with_capacity(nbits))
    }
    pub fn new_general() -> Self {
        Self(<bit_set::BitSet>::new_general())
    }
    pub fn with_capacity_general(nbits: usize) -> Self {
        Self(<bit_set::BitSet>::with_capacity_general(nbits))
    }
    pub fn default() -> Self {
        Self(<bit_set::BitSet>::default())
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn reserve_len(&mut self, len: usize) {
        self.0.reserve_len(len);
    }
    pub fn reserve_len_exact(&mut self, len: usize) {
        self.0.reserve_len_exact(len);
    }
    /// Harvested: result discarded: it returns `&mut BitVec<B>`, which no pool holds.
    pub fn get_mut(&mut self) {
        let _ = self.0.get_mut();
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
    pub fn union_with(&mut self, other: &Self) {
        self.0.union_with(&other.0);
    }
    pub fn intersect_with(&mut self, other: &Self) {
        self.0.intersect_with(&other.0);
    }
    pub fn difference_with(&mut self, other: &Self) {
        self.0.difference_with(&other.0);
    }
    pub fn symmetric_difference_with(&mut self, other: &Self) {
        self.0.symmetric_difference_with(&other.0);
    }
    pub fn count(&self) -> usize {
        self.0.count()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn make_empty(&mut self) {
        self.0.make_empty();
    }
    pub fn reset(&mut self) {
        self.0.reset();
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn contains(&self, value: usize) -> bool {
        self.0.contains(value)
    }
    pub fn is_disjoint(&self, other: &Self) -> bool {
        self.0.is_disjoint(&other.0)
    }
    pub fn is_subset(&self, other: &Self) -> bool {
        self.0.is_subset(&other.0)
    }
    pub fn is_superset(&self, other: &Self) -> bool {
        self.0.is_superset(&other.0)
    }
    pub fn insert(&mut self, value: usize) -> bool {
        self.0.insert(value)
    }
    pub fn remove(&mut self, value: usize) -> bool {
        self.0.remove(value)
    }
    pub fn truncate(&mut self, element: usize) {
        self.0.truncate(element);
    }
}
// Skipped methods of `bit_set::BitSet`:
// - `union`: it returns `Union<'a, B>`, which no pool holds
// - `intersection`: it returns `Intersection<'a, B>`, which no pool holds
// - `difference`: it returns `Difference<'a, B>`, which no pool holds
// - `symmetric_difference`: it returns `SymmetricDifference<'a, B>`, which no pool holds
// - `iter`: it returns `Iter<'_, B>`, which no pool holds
// - `from_bit_vec`: parameter `bit_vec` has type `BitVec`, which no pool holds
// - `from_bytes`: parameter `bytes` has type `&[u8]`, which no pool holds
// - `from_bit_vec_general`: parameter `bit_vec` has type `BitVec<B>`, which no pool holds
// - `from_bytes_general`: parameter `bytes` has type `&[u8]`, which no pool holds
// - `into_bit_vec`: it returns `BitVec<B>`, which no pool holds
// - `get_ref`: it returns `&BitVec<B>`, which no pool holds

// `bit_set::Difference`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `bit_set::Intersection`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `bit_set::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `bit_set::SymmetricDifference`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `bit_set::Union`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
