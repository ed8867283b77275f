// Harvested by `testspace harvest` from ecow 0.3.1: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// An economical byte buffer with inline storage and clone-on-write semantics.
#[derive(Clone, Debug)]
pub struct EcoBytes(pub ecow::EcoBytes);

#[testspace::subject]
impl EcoBytes {
    pub fn new() -> Self {
        Self(<ecow::EcoBytes>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<ecow::EcoBytes>::with_capacity(capacity))
    }
    pub fn default() -> Self {
        Self(<ecow::EcoBytes>::default())
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn is_inline(&self) -> bool {
        self.0.is_inline()
    }
    /// Harvested: result discarded: it returns `&mut [u8]`, which no pool holds.
    pub fn make_mut(&mut self) {
        let _ = self.0.make_mut();
    }
    pub fn push(&mut self, byte: u8) {
        self.0.push(byte);
    }
    pub fn pop(&mut self) -> Option<u8> {
        self.0.pop()
    }
    pub fn insert(&mut self, index: usize, byte: u8) {
        self.0.insert(index, byte);
    }
    pub fn remove(&mut self, index: usize) -> u8 {
        self.0.remove(index)
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn truncate(&mut self, target: usize) {
        self.0.truncate(target);
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn repeat(&self, n: usize) -> Self {
        Self(self.0.repeat(n))
    }
}
// Skipped methods of `ecow::EcoBytes`:
// - `inline`: parameter `bytes` has type `&[u8]`, which no pool holds
// - `try_inline`: parameter `bytes` has type `&[u8]`, which no pool holds
// - `as_slice`: it returns `&[u8]`, which no pool holds
// - `extend_from_slice`: parameter `bytes` has type `&[u8]`, which no pool holds
// - `insert_slice`: parameter `bytes` has type `&[u8]`, which no pool holds

/// An economical string with inline storage and clone-on-write semantics.
#[derive(Clone, Debug)]
pub struct EcoString(pub ecow::EcoString);

#[testspace::subject]
impl EcoString {
    pub fn new() -> Self {
        Self(<ecow::EcoString>::new())
    }
    pub fn inline(string: &str) -> Self {
        Self(<ecow::EcoString>::inline(string))
    }
    pub fn try_inline(string: &str) -> Option<Self> {
        <ecow::EcoString>::try_inline(string).map(Self)
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<ecow::EcoString>::with_capacity(capacity))
    }
    pub fn default() -> Self {
        Self(<ecow::EcoString>::default())
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn is_inline(&self) -> bool {
        self.0.is_inline()
    }
    pub fn as_str(&self) -> String {
        self.0.as_str().to_string()
    }
    pub fn make_mut(&mut self) -> String {
        self.0.make_mut().to_string()
    }
    pub fn push(&mut self, c: char) {
        self.0.push(c);
    }
    pub fn pop(&mut self) -> Option<char> {
        self.0.pop()
    }
    pub fn push_str(&mut self, string: &str) {
        self.0.push_str(string);
    }
    pub fn insert(&mut self, index: usize, c: char) {
        self.0.insert(index, c);
    }
    pub fn insert_str(&mut self, index: usize, string: &str) {
        self.0.insert_str(index, string);
    }
    pub fn remove(&mut self, index: usize) -> char {
        self.0.remove(index)
    }
    pub fn replace(&self, pat: &str, to: &str) -> Self {
        Self(self.0.replace(pat, to))
    }
    pub fn replacen(&self, pat: &str, to: &str, count: usize) -> Self {
        Self(self.0.replacen(pat, to, count))
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn truncate(&mut self, new_len: usize) {
        self.0.truncate(new_len);
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn to_lowercase(&self) -> Self {
        Self(self.0.to_lowercase())
    }
    pub fn to_uppercase(&self) -> Self {
        Self(self.0.to_uppercase())
    }
    pub fn to_ascii_lowercase(&self) -> Self {
        Self(self.0.to_ascii_lowercase())
    }
    pub fn to_ascii_uppercase(&self) -> Self {
        Self(self.0.to_ascii_uppercase())
    }
    pub fn repeat(&self, n: usize) -> Self {
        Self(self.0.repeat(n))
    }
}

/// An economical vector with clone-on-write semantics.
///
/// `ecow::EcoVec` with T = i32.
#[derive(Clone, Debug)]
pub struct EcoVecOfInts(pub ecow::EcoVec<i32>);

#[testspace::subject]
impl EcoVecOfInts {
    pub fn new() -> Self {
        Self(<ecow::EcoVec<i32>>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<ecow::EcoVec<i32>>::with_capacity(capacity))
    }
    pub fn from_elem(value: i32, n: usize) -> Self {
        Self(<ecow::EcoVec<i32>>::from_elem(value, n))
    }
    pub fn default() -> Self {
        Self(<ecow::EcoVec<i32>>::default())
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    /// Harvested: result discarded: it returns `&mut [i32]`, which no pool holds.
    pub fn make_mut(&mut self) {
        let _ = self.0.make_mut();
    }
    pub fn push(&mut self, value: i32) {
        self.0.push(value);
    }
    pub fn pop(&mut self) -> Option<i32> {
        self.0.pop()
    }
    pub fn insert(&mut self, index: usize, value: i32) {
        self.0.insert(index, value);
    }
    pub fn remove(&mut self, index: usize) -> i32 {
        self.0.remove(index)
    }
    pub fn truncate(&mut self, target: usize) {
        self.0.truncate(target);
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn is_unique(&mut self) -> bool {
        self.0.is_unique()
    }
}
// Skipped methods of `ecow::EcoVec`:
// - `as_slice`: it returns `&[i32]`, which no pool holds
// - `retain`: it is generic over `F`
// - `drain`: it is generic over `R`
// - `splice`: it is generic over `R`
// - `extend_from_slice`: parameter `slice` has type `&[i32]`, which no pool holds
// - `extend_from_trusted`: it is `unsafe`

// `ecow::ReadmeDoctests`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `ecow::vec::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).
