// Harvested by `testspace harvest` from thin-vec 0.2.21: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `thin_vec::AutoThinVec`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `thin_vec::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `thin_vec::ExtractIf`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `thin_vec::IntoIter`: no subject, because it has no public constructor the pools can call.

// `thin_vec::Splice`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

/// See the crate's top level documentation for a description of this type.
///
/// `thin_vec::ThinVec` with T = i32.
#[derive(Clone, Debug)]
pub struct ThinVecOfInts(pub thin_vec::ThinVec<i32>);

#[testspace::subject]
impl ThinVecOfInts {
    pub fn new() -> Self {
        Self(<thin_vec::ThinVec<i32>>::new())
    }
    pub fn with_capacity(cap: usize) -> Self {
        Self(<thin_vec::ThinVec<i32>>::with_capacity(cap))
    }
    pub fn default() -> Self {
        Self(<thin_vec::ThinVec<i32>>::default())
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
    pub fn has_capacity(&self) -> bool {
        self.0.has_capacity()
    }
    pub fn push(&mut self, val: i32) {
        self.0.push(val);
    }
    pub fn pop(&mut self) -> Option<i32> {
        self.0.pop()
    }
    pub fn insert(&mut self, idx: usize, elem: i32) {
        self.0.insert(idx, elem);
    }
    pub fn remove(&mut self, idx: usize) -> i32 {
        self.0.remove(idx)
    }
    pub fn swap_remove(&mut self, idx: usize) -> i32 {
        self.0.swap_remove(idx)
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    /// Harvested: result discarded: it returns `&mut [i32]`, which no pool holds.
    pub fn as_mut_slice(&mut self) {
        let _ = self.0.as_mut_slice();
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn reserve_exact(&mut self, additional: usize) {
        self.0.reserve_exact(additional);
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
    pub fn split_off(&mut self, at: usize) -> Self {
        Self(self.0.split_off(at))
    }
    pub fn resize(&mut self, new_len: usize, value: i32) {
        self.0.resize(new_len, value);
    }
    pub fn dedup(&mut self) {
        self.0.dedup();
    }
}
// Skipped methods of `thin_vec::ThinVec`:
// - `set_len`: it is `unsafe`
// - `as_slice`: it returns `&[i32]`, which no pool holds
// - `retain`: it is generic over `F`
// - `retain_mut`: it is generic over `F`
// - `dedup_by_key`: it is generic over `F`
// - `dedup_by`: it is generic over `F`
// - `append`: parameter `other` has type `&mut ThinVec<i32>`: a change through it would be lost
// - `drain`: it is generic over `R`
// - `splice`: it is generic over `R`
// - `extract_if`: it is generic over `F`
// - `extend_from_slice`: parameter `other` has type `&[i32]`, which no pool holds
// - `reserve`: it does not compile with T = i32: duplicate definitions with name `reserve`
