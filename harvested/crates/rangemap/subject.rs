// Harvested by `testspace harvest` from rangemap 1.9.0: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// A map whose keys are stored as ranges bounded inclusively below and above `(start..=end)`.
///
/// `rangemap::RangeInclusiveMap` with K = i32, V = i32.
#[derive(Clone, Debug)]
pub struct RangeInclusiveMapOfInts(pub rangemap::RangeInclusiveMap<i32, i32>);

#[testspace::subject]
impl RangeInclusiveMapOfInts {
    pub fn new() -> Self {
        Self(<rangemap::RangeInclusiveMap<i32, i32>>::new())
    }
    pub fn new_with_step_fns() -> Self {
        Self(<rangemap::RangeInclusiveMap<i32, i32>>::new_with_step_fns())
    }
    pub fn default() -> Self {
        Self(<rangemap::RangeInclusiveMap<i32, i32>>::default())
    }
    pub fn get(&self, key: i32) -> Option<i32> {
        self.0.get(&key).copied()
    }
    pub fn contains_key(&self, key: i32) -> bool {
        self.0.contains_key(&key)
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn insert(&mut self, range_start: i32, range_end: i32, value: i32) {
        self.0.insert(range_start..=range_end, value);
    }
    pub fn remove(&mut self, range_start: i32, range_end: i32) {
        self.0.remove(range_start..=range_end);
    }
    pub fn overlaps(&self, range_start: i32, range_end: i32) -> bool {
        self.0.overlaps(&(range_start..=range_end))
    }
}
// Skipped methods of `rangemap::RangeInclusiveMap`:
// - `iter`: it returns `Iter<'_, i32, i32>`, which no pool holds
// - `get_key_value`: it returns `Option<(&RangeInclusive<i32>, &i32)>`, which no pool holds
// - `gaps`: it returns `Gaps<'a, i32, i32, StepFnsT>`, which no pool holds
// - `overlapping`: it is generic over `R: Borrow<RangeInclusive<K>>`
// - `first_range_value`: it returns `Option<(&RangeInclusive<i32>, &i32)>`, which no pool holds
// - `last_range_value`: it returns `Option<(&RangeInclusive<i32>, &i32)>`, which no pool holds
// - `new_with_step_fns`: it does not compile with K = i32, V = i32: duplicate definitions with name `new_with_step_fns`
// - `new`: it does not compile with K = i32, V = i32: duplicate definitions with name `new`

/// A set whose items are stored as ranges bounded inclusively below and above `(start..=end)`.
///
/// `rangemap::RangeInclusiveSet` with T = i32.
#[derive(Clone, Debug)]
pub struct RangeInclusiveSetOfInts(pub rangemap::RangeInclusiveSet<i32>);

#[testspace::subject]
impl RangeInclusiveSetOfInts {
    pub fn new() -> Self {
        Self(<rangemap::RangeInclusiveSet<i32>>::new())
    }
    pub fn new_with_step_fns() -> Self {
        Self(<rangemap::RangeInclusiveSet<i32>>::new_with_step_fns())
    }
    pub fn default() -> Self {
        Self(<rangemap::RangeInclusiveSet<i32>>::default())
    }
    pub fn contains(&self, value: i32) -> bool {
        self.0.contains(&value)
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn insert(&mut self, range_start: i32, range_end: i32) {
        self.0.insert(range_start..=range_end);
    }
    pub fn remove(&mut self, range_start: i32, range_end: i32) {
        self.0.remove(range_start..=range_end);
    }
    pub fn overlaps(&self, range_start: i32, range_end: i32) -> bool {
        self.0.overlaps(&(range_start..=range_end))
    }
}
// Skipped methods of `rangemap::RangeInclusiveSet`:
// - `get`: it returns `Option<&RangeInclusive<i32>>`, which no pool holds
// - `iter`: it returns `Iter<'_, i32>`, which no pool holds
// - `gaps`: it returns `Gaps<'a, i32, StepFnsT>`, which no pool holds
// - `overlapping`: it is generic over `R: Borrow<RangeInclusive<T>>`
// - `first`: it returns `Option<&RangeInclusive<i32>>`, which no pool holds
// - `last`: it returns `Option<&RangeInclusive<i32>>`, which no pool holds
// - `union`: it returns `Union<'a, i32>`, which no pool holds
// - `intersection`: it returns `Intersection<'a, i32>`, which no pool holds
// - `new_with_step_fns`: it does not compile with T = i32: duplicate definitions with name `new_with_step_fns`
// - `new`: it does not compile with T = i32: duplicate definitions with name `new`

/// A map whose keys are stored as (half-open) ranges bounded inclusively below and exclusively above `(start..end)`.
///
/// `rangemap::RangeMap` with K = i32, V = i32.
#[derive(Clone, Debug)]
pub struct RangeMapOfInts(pub rangemap::RangeMap<i32, i32>);

#[testspace::subject]
impl RangeMapOfInts {
    pub fn new() -> Self {
        Self(<rangemap::RangeMap<i32, i32>>::new())
    }
    pub fn default() -> Self {
        Self(<rangemap::RangeMap<i32, i32>>::default())
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn get(&self, key: i32) -> Option<i32> {
        self.0.get(&key).copied()
    }
    pub fn contains_key(&self, key: i32) -> bool {
        self.0.contains_key(&key)
    }
    pub fn overlaps(&self, range_start: i32, range_end: i32) -> bool {
        self.0.overlaps(&(range_start..range_end))
    }
    pub fn insert(&mut self, range_start: i32, range_end: i32, value: i32) {
        self.0.insert(range_start..range_end, value);
    }
    pub fn remove(&mut self, range_start: i32, range_end: i32) {
        self.0.remove(range_start..range_end);
    }
}
// Skipped methods of `rangemap::RangeMap`:
// - `iter`: it returns `Iter<'_, i32, i32>`, which no pool holds
// - `get_key_value`: it returns `Option<(&Range<i32>, &i32)>`, which no pool holds
// - `gaps`: it returns `Gaps<'a, i32, i32>`, which no pool holds
// - `overlapping`: it is generic over `R: Borrow<Range<K>>`
// - `first_range_value`: it returns `Option<(&Range<i32>, &i32)>`, which no pool holds
// - `last_range_value`: it returns `Option<(&Range<i32>, &i32)>`, which no pool holds
// - `new`: it does not compile with K = i32, V = i32: duplicate definitions with name `new`

/// A set whose items are stored as (half-open) ranges bounded inclusively below and exclusively above `(start..end)`.
///
/// `rangemap::RangeSet` with T = i32.
#[derive(Clone, Debug)]
pub struct RangeSetOfInts(pub rangemap::RangeSet<i32>);

#[testspace::subject]
impl RangeSetOfInts {
    pub fn new() -> Self {
        Self(<rangemap::RangeSet<i32>>::new())
    }
    pub fn default() -> Self {
        Self(<rangemap::RangeSet<i32>>::default())
    }
    pub fn contains(&self, value: i32) -> bool {
        self.0.contains(&value)
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn insert(&mut self, range_start: i32, range_end: i32) {
        self.0.insert(range_start..range_end);
    }
    pub fn remove(&mut self, range_start: i32, range_end: i32) {
        self.0.remove(range_start..range_end);
    }
    pub fn overlaps(&self, range_start: i32, range_end: i32) -> bool {
        self.0.overlaps(&(range_start..range_end))
    }
}
// Skipped methods of `rangemap::RangeSet`:
// - `get`: it returns `Option<&Range<i32>>`, which no pool holds
// - `iter`: it returns `Iter<'_, i32>`, which no pool holds
// - `intersection`: it returns `Intersection<'a, i32>`, which no pool holds
// - `union`: it returns `Union<'a, i32>`, which no pool holds
// - `gaps`: it returns `Gaps<'a, i32>`, which no pool holds
// - `overlapping`: it is generic over `R: Borrow<Range<T>>`
// - `first`: it returns `Option<&Range<i32>>`, which no pool holds
// - `last`: it returns `Option<&Range<i32>>`, which no pool holds
// - `new`: it does not compile with T = i32: duplicate definitions with name `new`

// `rangemap::inclusive_map::Gaps`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `rangemap::inclusive_map::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `rangemap::inclusive_map::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `rangemap::inclusive_map::Overlapping`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `rangemap::inclusive_set::Gaps`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `rangemap::inclusive_set::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `rangemap::inclusive_set::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `rangemap::inclusive_set::Overlapping`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `rangemap::map::Gaps`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `rangemap::map::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `rangemap::map::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `rangemap::map::Overlapping`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `rangemap::set::Gaps`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `rangemap::set::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `rangemap::set::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `rangemap::set::Overlapping`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
