// Harvested by `testspace harvest` from arrayvec 0.7.6: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// A string with a fixed capacity.
///
/// `arrayvec::ArrayString` with CAP = 8.
#[derive(Clone, Debug)]
pub struct ArrayStringOfInts(pub arrayvec::ArrayString<8>);

#[testspace::subject]
impl ArrayStringOfInts {
    pub fn new() -> Self {
        Self(<arrayvec::ArrayString<8>>::new())
    }
    pub fn new_const() -> Self {
        Self(<arrayvec::ArrayString<8>>::new_const())
    }
    pub fn zero_filled() -> Self {
        Self(<arrayvec::ArrayString<8>>::zero_filled())
    }
    pub fn default() -> Self {
        Self(<arrayvec::ArrayString<8>>::default())
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
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn remaining_capacity(&self) -> usize {
        self.0.remaining_capacity()
    }
    pub fn push(&mut self, c: char) {
        self.0.push(c);
    }
    /// Harvested: result discarded: its error type `CapacityError<char>` is generic.
    pub fn try_push(&mut self, c: char) {
        let _ = self.0.try_push(c);
    }
    pub fn push_str(&mut self, s: &str) {
        self.0.push_str(s);
    }
    /// Harvested: result discarded: its error type `CapacityError<&'astr>` is generic.
    pub fn try_push_str(&mut self, s: &str) {
        let _ = self.0.try_push_str(s);
    }
    pub fn pop(&mut self) -> Option<char> {
        self.0.pop()
    }
    pub fn truncate(&mut self, new_len: usize) {
        self.0.truncate(new_len);
    }
    pub fn remove(&mut self, idx: usize) -> char {
        self.0.remove(idx)
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn as_str(&self) -> String {
        self.0.as_str().to_string()
    }
    pub fn as_mut_str(&mut self) -> String {
        self.0.as_mut_str().to_string()
    }
    /// Harvested: result discarded: it returns `* mut u8`, which no pool holds.
    pub fn as_mut_ptr(&mut self) {
        let _ = self.0.as_mut_ptr();
    }
}
// Skipped methods of `arrayvec::ArrayString`:
// - `from`: its error type `CapacityError<&str>` is generic
// - `from_byte_string`: parameter `b` has type `&[u8; CAP]`, which no pool holds
// - `set_len`: it is `unsafe`
// - `as_ptr`: it returns `* const u8`, which no pool holds

/// A vector with a fixed capacity.
///
/// `arrayvec::ArrayVec` with T = i32, CAP = 8.
#[derive(Clone, Debug)]
pub struct ArrayVecOfInts(pub arrayvec::ArrayVec<i32, 8>);

#[testspace::subject]
impl ArrayVecOfInts {
    pub fn new() -> Self {
        Self(<arrayvec::ArrayVec<i32, 8>>::new())
    }
    pub fn new_const() -> Self {
        Self(<arrayvec::ArrayVec<i32, 8>>::new_const())
    }
    pub fn default() -> Self {
        Self(<arrayvec::ArrayVec<i32, 8>>::default())
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
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn remaining_capacity(&self) -> usize {
        self.0.remaining_capacity()
    }
    pub fn push(&mut self, element: i32) {
        self.0.push(element);
    }
    /// Harvested: result discarded: its error type `CapacityError<i32>` is generic.
    pub fn try_push(&mut self, element: i32) {
        let _ = self.0.try_push(element);
    }
    pub fn truncate(&mut self, new_len: usize) {
        self.0.truncate(new_len);
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn insert(&mut self, index: usize, element: i32) {
        self.0.insert(index, element);
    }
    /// Harvested: result discarded: its error type `CapacityError<i32>` is generic.
    pub fn try_insert(&mut self, index: usize, element: i32) {
        let _ = self.0.try_insert(index, element);
    }
    pub fn pop(&mut self) -> Option<i32> {
        self.0.pop()
    }
    pub fn swap_remove(&mut self, index: usize) -> i32 {
        self.0.swap_remove(index)
    }
    pub fn swap_pop(&mut self, index: usize) -> Option<i32> {
        self.0.swap_pop(index)
    }
    pub fn remove(&mut self, index: usize) -> i32 {
        self.0.remove(index)
    }
    pub fn pop_at(&mut self, index: usize) -> Option<i32> {
        self.0.pop_at(index)
    }
    pub fn take(&mut self) -> Self {
        Self(self.0.take())
    }
    /// Harvested: result discarded: it returns `&mut [i32]`, which no pool holds.
    pub fn as_mut_slice(&mut self) {
        let _ = self.0.as_mut_slice();
    }
    /// Harvested: result discarded: it returns `* mut i32`, which no pool holds.
    pub fn as_mut_ptr(&mut self) {
        let _ = self.0.as_mut_ptr();
    }
}
// Skipped methods of `arrayvec::ArrayVec`:
// - `push_unchecked`: it is `unsafe`
// - `retain`: it is generic over `F`
// - `set_len`: it is `unsafe`
// - `try_extend_from_slice`: parameter `other` has type `&[i32]`, which no pool holds
// - `drain`: it is generic over `R`
// - `into_inner`: its error type `arrayvec::ArrayVec<i32,8>` is generic
// - `into_inner_unchecked`: it is `unsafe`
// - `as_slice`: it returns `&[i32]`, which no pool holds
// - `as_ptr`: it returns `* const i32`, which no pool holds

// `arrayvec::CapacityError`: no subject, because it has no public constructor the pools can call.

// `arrayvec::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `arrayvec::IntoIter`: no subject, because it has no public constructor the pools can call.
