// Harvested by `testspace harvest` from fixedbitset 0.5.7: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `fixedbitset::Difference`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

/// `FixedBitSet` is a simple fixed size set of bits that each can be enabled (1 / **true**) or disabled (0 / **false**).
#[derive(Clone, Debug)]
pub struct FixedBitSet(pub fixedbitset::FixedBitSet);

#[testspace::subject]
impl FixedBitSet {
    pub fn new() -> Self {
        Self(<fixedbitset::FixedBitSet>::new())
    }
    pub fn with_capacity(bits: usize) -> Self {
        Self(<fixedbitset::FixedBitSet>::with_capacity(bits))
    }
    pub fn default() -> Self {
        Self(<fixedbitset::FixedBitSet>::default())
    }
    pub fn grow(&mut self, bits: usize) {
        self.0.grow(bits);
    }
    pub fn grow_and_insert(&mut self, bits: usize) {
        self.0.grow_and_insert(bits);
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn is_clear(&self) -> bool {
        self.0.is_clear()
    }
    pub fn minimum(&self) -> Option<usize> {
        self.0.minimum()
    }
    pub fn maximum(&self) -> Option<usize> {
        self.0.maximum()
    }
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn contains(&self, bit: usize) -> bool {
        self.0.contains(bit)
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn insert(&mut self, bit: usize) {
        self.0.insert(bit);
    }
    pub fn remove(&mut self, bit: usize) {
        self.0.remove(bit);
    }
    pub fn put(&mut self, bit: usize) -> bool {
        self.0.put(bit)
    }
    pub fn toggle(&mut self, bit: usize) {
        self.0.toggle(bit);
    }
    pub fn set(&mut self, bit: usize, enabled: bool) {
        self.0.set(bit, enabled);
    }
    pub fn copy_bit(&mut self, from: usize, to: usize) {
        self.0.copy_bit(from, to);
    }
    /// Harvested: result discarded: it returns `&mut [Block]`, which no pool holds.
    pub fn as_mut_slice(&mut self) {
        let _ = self.0.as_mut_slice();
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
    pub fn union_count(&self, other: &Self) -> usize {
        self.0.union_count(&other.0)
    }
    pub fn intersection_count(&self, other: &Self) -> usize {
        self.0.intersection_count(&other.0)
    }
    pub fn difference_count(&self, other: &Self) -> usize {
        self.0.difference_count(&other.0)
    }
    pub fn symmetric_difference_count(&self, other: &Self) -> usize {
        self.0.symmetric_difference_count(&other.0)
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
}
// Skipped methods of `fixedbitset::FixedBitSet`:
// - `with_capacity_and_blocks`: it is generic over `I: IntoIterator<Item = Block>`
// - `contains_unchecked`: it is `unsafe`
// - `insert_unchecked`: it is `unsafe`
// - `remove_unchecked`: it is `unsafe`
// - `put_unchecked`: it is `unsafe`
// - `toggle_unchecked`: it is `unsafe`
// - `set_unchecked`: it is `unsafe`
// - `copy_bit_unchecked`: it is `unsafe`
// - `count_ones`: it is generic over `T: IndexRange`
// - `count_zeroes`: it is generic over `T: IndexRange`
// - `set_range`: it is generic over `T: IndexRange`
// - `insert_range`: it is generic over `T: IndexRange`
// - `remove_range`: it is generic over `T: IndexRange`
// - `toggle_range`: it is generic over `T: IndexRange`
// - `contains_all_in_range`: it is generic over `T: IndexRange`
// - `contains_any_in_range`: it is generic over `T: IndexRange`
// - `as_slice`: it returns `&[Block]`, which no pool holds
// - `ones`: it returns `Ones`, which no pool holds
// - `into_ones`: it returns `IntoOnes`, which no pool holds
// - `zeroes`: it returns `Zeroes`, which no pool holds
// - `intersection`: it returns `Intersection<'a>`, which no pool holds
// - `union`: it returns `Union<'a>`, which no pool holds
// - `difference`: it returns `Difference<'a>`, which no pool holds
// - `symmetric_difference`: it returns `SymmetricDifference<'a>`, which no pool holds

// `fixedbitset::Intersection`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `fixedbitset::IntoOnes`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `fixedbitset::Ones`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `fixedbitset::SymmetricDifference`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `fixedbitset::Union`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `fixedbitset::Zeroes`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
