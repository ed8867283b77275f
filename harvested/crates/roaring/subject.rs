// Harvested by `testspace harvest` from roaring 0.12.0: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `roaring::IntegerTooSmall`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `roaring::NonSortedIntegers`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

/// A compressed bitmap using the [Roaring bitmap compression scheme](https://roaringbitmap.org/).
#[derive(Clone, Debug)]
pub struct RoaringBitmap(pub roaring::RoaringBitmap);

#[testspace::subject]
impl RoaringBitmap {
    pub fn new() -> Self {
        Self(<roaring::RoaringBitmap>::new())
    }
    pub fn full() -> Self {
        Self(<roaring::RoaringBitmap>::full())
    }
    pub fn default() -> Self {
        Self(<roaring::RoaringBitmap>::default())
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
    pub fn insert(&mut self, value: u32) -> bool {
        self.0.insert(value)
    }
    pub fn try_push(&mut self, value: u32) -> Result<(), roaring::IntegerTooSmall> {
        self.0.try_push(value)
    }
    pub fn remove(&mut self, value: u32) -> bool {
        self.0.remove(value)
    }
    pub fn contains(&self, value: u32) -> bool {
        self.0.contains(value)
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn len(&self) -> u64 {
        self.0.len()
    }
    pub fn min(&self) -> Option<u32> {
        self.0.min()
    }
    pub fn max(&self) -> Option<u32> {
        self.0.max()
    }
    pub fn rank(&self, value: u32) -> u64 {
        self.0.rank(value)
    }
    pub fn select(&self, n: u32) -> Option<u32> {
        self.0.select(n)
    }
    pub fn remove_smallest(&mut self, n: u64) {
        self.0.remove_smallest(n);
    }
    pub fn remove_biggest(&mut self, n: u64) {
        self.0.remove_biggest(n);
    }
    pub fn optimize(&mut self) -> bool {
        self.0.optimize()
    }
    pub fn remove_run_compression(&mut self) -> bool {
        self.0.remove_run_compression()
    }
    pub fn intersection_len(&self, other: &Self) -> u64 {
        self.0.intersection_len(&other.0)
    }
    pub fn union_len(&self, other: &Self) -> u64 {
        self.0.union_len(&other.0)
    }
    pub fn difference_len(&self, other: &Self) -> u64 {
        self.0.difference_len(&other.0)
    }
    pub fn symmetric_difference_len(&self, other: &Self) -> u64 {
        self.0.symmetric_difference_len(&other.0)
    }
    pub fn serialized_size(&self) -> usize {
        self.0.serialized_size()
    }
}
// Skipped methods of `roaring::RoaringBitmap`:
// - `statistics`: it returns `Statistics`, which no pool holds
// - `from_lsb0_bytes`: parameter `bytes` has type `&[u8]`, which no pool holds
// - `insert_range`: it is generic over `R`
// - `remove_range`: it is generic over `R`
// - `contains_range`: it is generic over `R`
// - `range_cardinality`: it is generic over `R`
// - `retain`: parameter `f` is an `impl Trait`
// - `internal_validate`: it returns a `'static` borrow, which a call makes by leaking what it holds (or hands out static data): memory no session takes back
// - `iter`: it returns `Iter<'_>`, which no pool holds
// - `range`: it is generic over `R`
// - `into_range`: it is generic over `R`
// - `from_sorted_iter`: it is generic over `I: IntoIterator<Item = u32>`
// - `append`: it is generic over `I: IntoIterator<Item = u32>`
// - `intersection_with_serialized_unchecked`: it is generic over `R`
// - `serialize_into`: it is generic over `W: io::Write`
// - `deserialize_from`: it is generic over `R: io::Read`
// - `deserialize_unchecked_from`: it is generic over `R: io::Read`

/// A compressed bitmap with u64 values. Implemented as a `BTreeMap` of `RoaringBitmap`s.
#[derive(Clone, Debug)]
pub struct RoaringTreemap(pub roaring::RoaringTreemap);

#[testspace::subject]
impl RoaringTreemap {
    pub fn new() -> Self {
        Self(<roaring::RoaringTreemap>::new())
    }
    pub fn full() -> Self {
        Self(<roaring::RoaringTreemap>::full())
    }
    pub fn default() -> Self {
        Self(<roaring::RoaringTreemap>::default())
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
    pub fn insert(&mut self, value: u64) -> bool {
        self.0.insert(value)
    }
    pub fn try_push(&mut self, value: u64) -> Result<(), roaring::IntegerTooSmall> {
        self.0.try_push(value)
    }
    pub fn remove(&mut self, value: u64) -> bool {
        self.0.remove(value)
    }
    pub fn contains(&self, value: u64) -> bool {
        self.0.contains(value)
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn len(&self) -> u64 {
        self.0.len()
    }
    pub fn optimize(&mut self) -> bool {
        self.0.optimize()
    }
    pub fn min(&self) -> Option<u64> {
        self.0.min()
    }
    pub fn max(&self) -> Option<u64> {
        self.0.max()
    }
    pub fn rank(&self, value: u64) -> u64 {
        self.0.rank(value)
    }
    pub fn select(&self, n: u64) -> Option<u64> {
        self.0.select(n)
    }
    pub fn union_len(&self, other: &Self) -> u64 {
        self.0.union_len(&other.0)
    }
    pub fn intersection_len(&self, other: &Self) -> u64 {
        self.0.intersection_len(&other.0)
    }
    pub fn difference_len(&self, other: &Self) -> u64 {
        self.0.difference_len(&other.0)
    }
    pub fn symmetric_difference_len(&self, other: &Self) -> u64 {
        self.0.symmetric_difference_len(&other.0)
    }
    pub fn serialized_size(&self) -> usize {
        self.0.serialized_size()
    }
}
// Skipped methods of `roaring::RoaringTreemap`:
// - `insert_range`: it is generic over `R: RangeBounds<u64>`
// - `remove_range`: it is generic over `R`
// - `contains_range`: it is generic over `R`
// - `range_cardinality`: it is generic over `R`
// - `retain`: parameter `f` is an `impl Trait`
// - `iter`: it returns `Iter<'_>`, which no pool holds
// - `bitmaps`: it returns `BitmapIter<'_>`, which no pool holds
// - `from_bitmaps`: it is generic over `I: IntoIterator<Item =(u32, RoaringBitmap)>`
// - `from_sorted_iter`: it is generic over `I: IntoIterator<Item = u64>`
// - `append`: it is generic over `I: IntoIterator<Item = u64>`
// - `serialize_into`: it is generic over `W: io::Write`
// - `deserialize_from`: it is generic over `R: io::Read`
// - `deserialize_unchecked_from`: it is generic over `R: io::Read`

// `roaring::bitmap::IntoIter`: no subject, because it is not `Debug` (the pools show objects as `{:?}` renders them).

// `roaring::bitmap::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `roaring::bitmap::Statistics`: no subject, because it has no public constructor the pools can call.

// `roaring::treemap::BitmapIter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `roaring::treemap::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `roaring::treemap::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
