// Range maps from ints to ints, the API common to rangemap 1.0.0 to 1.0.3.

/// A map from half-open ranges of ints to ints; touching ranges with equal values coalesce.
#[derive(Clone, Debug)]
pub struct RangeMapOfInts(rangemap::RangeMap<i32, i32>);

#[testspace::subject]
impl RangeMapOfInts {
    pub fn new() -> Self {
        RangeMapOfInts(rangemap::RangeMap::new())
    }
    /// Maps `start..end` to `value` (panics when the range is empty, as `RangeMap::insert` does).
    pub fn insert(&mut self, start: i32, end: i32, value: i32) {
        self.0.insert(start..end, value)
    }
    pub fn remove(&mut self, start: i32, end: i32) {
        self.0.remove(start..end)
    }
    pub fn get(&self, key: i32) -> Option<i32> {
        self.0.get(&key).copied()
    }
    pub fn contains_key(&self, key: i32) -> bool {
        self.0.contains_key(&key)
    }
    /// The stored range containing `key`, as `start..end`.
    pub fn range_of(&self, key: i32) -> Option<String> {
        self.0.get_key_value(&key).map(|(r, _)| format!("{r:?}"))
    }
    /// The gaps of `start..end` not covered by any stored range.
    pub fn gaps(&self, start: i32, end: i32) -> String {
        format!("{:?}", self.0.gaps(&(start..end)).collect::<Vec<_>>())
    }
    /// The number of gaps of `start..end`.
    pub fn gap_count(&self, start: i32, end: i32) -> usize {
        self.0.gaps(&(start..end)).count()
    }
    pub fn ranges(&self) -> String {
        format!("{:?}", self.0.iter().collect::<Vec<_>>())
    }
}

/// A map from closed ranges of ints to ints; adjacent ranges with equal values coalesce.
#[derive(Clone, Debug)]
pub struct RangeInclusiveMapOfInts(rangemap::RangeInclusiveMap<i32, i32>);

#[testspace::subject]
impl RangeInclusiveMapOfInts {
    pub fn new() -> Self {
        RangeInclusiveMapOfInts(rangemap::RangeInclusiveMap::new())
    }
    /// Maps `start..=end` to `value` (panics when the range is empty, as the map's insert does).
    pub fn insert(&mut self, start: i32, end: i32, value: i32) {
        self.0.insert(start..=end, value)
    }
    pub fn remove(&mut self, start: i32, end: i32) {
        self.0.remove(start..=end)
    }
    pub fn get(&self, key: i32) -> Option<i32> {
        self.0.get(&key).copied()
    }
    pub fn contains_key(&self, key: i32) -> bool {
        self.0.contains_key(&key)
    }
    /// The stored range containing `key`, as `start..=end`.
    pub fn range_of(&self, key: i32) -> Option<String> {
        self.0.get_key_value(&key).map(|(r, _)| format!("{r:?}"))
    }
    /// The gaps of `start..=end` not covered by any stored range.
    pub fn gaps(&self, start: i32, end: i32) -> String {
        format!("{:?}", self.0.gaps(&(start..=end)).collect::<Vec<_>>())
    }
    /// The number of gaps of `start..=end`.
    pub fn gap_count(&self, start: i32, end: i32) -> usize {
        self.0.gaps(&(start..=end)).count()
    }
    pub fn ranges(&self) -> String {
        format!("{:?}", self.0.iter().collect::<Vec<_>>())
    }
}
