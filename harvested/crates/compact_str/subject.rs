// Harvested by `testspace harvest` from compact_str 0.10.0: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// A [`CompactString`] is a compact string type that can be used almost anywhere a [`String`] or [`str`] can be used.
#[derive(Clone, Debug)]
pub struct CompactString(pub compact_str::CompactString);

#[testspace::subject]
impl CompactString {
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<compact_str::CompactString>::with_capacity(capacity))
    }
    pub fn try_with_capacity(capacity: usize) -> Result<Self, compact_str::ReserveError> {
        <compact_str::CompactString>::try_with_capacity(capacity).map(|value| Self(value))
    }
    pub fn from_string_buffer(s: String) -> Self {
        Self(<compact_str::CompactString>::from_string_buffer(s))
    }
    pub fn from_str_to_lowercase(input: &str) -> Self {
        Self(<compact_str::CompactString>::from_str_to_lowercase(input))
    }
    pub fn from_str_to_uppercase(input: &str) -> Self {
        Self(<compact_str::CompactString>::from_str_to_uppercase(input))
    }
    pub fn default() -> Self {
        Self(<compact_str::CompactString>::default())
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
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn try_reserve(&mut self, additional: usize) -> Result<(), compact_str::ReserveError> {
        self.0.try_reserve(additional)
    }
    pub fn as_str(&self) -> String {
        self.0.as_str().to_string()
    }
    pub fn as_mut_str(&mut self) -> String {
        self.0.as_mut_str().to_string()
    }
    pub fn push(&mut self, ch: char) {
        self.0.push(ch);
    }
    pub fn pop(&mut self) -> Option<char> {
        self.0.pop()
    }
    pub fn push_str(&mut self, s: &str) {
        self.0.push_str(s);
    }
    pub fn remove(&mut self, idx: usize) -> char {
        self.0.remove(idx)
    }
    pub fn is_heap_allocated(&self) -> bool {
        self.0.is_heap_allocated()
    }
    pub fn repeat(&self, n: usize) -> Self {
        Self(self.0.repeat(n))
    }
    pub fn truncate(&mut self, new_len: usize) {
        self.0.truncate(new_len);
    }
    /// Harvested: result discarded: it returns `* mut u8`, which no pool holds.
    pub fn as_mut_ptr(&mut self) {
        let _ = self.0.as_mut_ptr();
    }
    pub fn insert_str(&mut self, idx: usize, string: &str) {
        self.0.insert_str(idx, string);
    }
    pub fn insert(&mut self, idx: usize, ch: char) {
        self.0.insert(idx, ch);
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn split_off(&mut self, at: usize) -> Self {
        Self(self.0.split_off(at))
    }
    pub fn shrink_to(&mut self, min_capacity: usize) {
        self.0.shrink_to(min_capacity);
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
    pub fn into_string(&self) -> String {
        self.0.clone().into_string()
    }
    pub fn to_ascii_lowercase(&self) -> Self {
        Self(self.0.to_ascii_lowercase())
    }
    pub fn to_ascii_uppercase(&self) -> Self {
        Self(self.0.to_ascii_uppercase())
    }
    pub fn to_lowercase(&self) -> Self {
        Self(self.0.to_lowercase())
    }
    pub fn to_uppercase(&self) -> Self {
        Self(self.0.to_uppercase())
    }
}
// Skipped methods of `compact_str::CompactString`:
// - `from_utf8_buf`: it is generic over `B: Buf`
// - `from_utf8_buf_unchecked`: it is `unsafe`
// - `into_bytes`: it returns `SmallVec<[u8; MAX_SIZE]>`, which no pool holds
// - `new`: it is generic over `T: AsRef<str>`
// - `try_new`: it is generic over `T: AsRef<str>`
// - `as_static_str`: it returns a `'static` borrow, which a call makes by leaking what it holds (or hands out static data): memory no session takes back
// - `from_utf8`: it is generic over `B: AsRef<[u8]>`
// - `from_utf8_unchecked`: it is `unsafe`
// - `from_utf16`: it is generic over `B: AsRef<[u16]>`
// - `from_utf16_lossy`: it is generic over `B: AsRef<[u16]>`
// - `spare_capacity_mut`: it is `unsafe`
// - `as_bytes`: it returns `&[u8]`, which no pool holds
// - `as_mut_bytes`: it is `unsafe`
// - `set_len`: it is `unsafe`
// - `replace_range`: parameter `range` is an `impl Trait`
// - `as_ptr`: it returns `* const u8`, which no pool holds
// - `drain`: parameter `range` is an `impl Trait`
// - `retain`: parameter `predicate` is an `impl Trait`
// - `from_utf8_lossy`: parameter `v` has type `&[u8]`, which no pool holds
// - `from_utf16le`: parameter `v` is an `impl Trait`
// - `from_utf16be`: parameter `v` is an `impl Trait`
// - `from_utf16le_lossy`: parameter `v` is an `impl Trait`
// - `from_utf16be_lossy`: parameter `v` is an `impl Trait`
// - `const_new`: it does not compile: borrowed data escapes outside of associated function

// `compact_str::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `compact_str::ReserveError`: no subject, because it has no public constructor the pools can call.

// `compact_str::ToCompactStringError`: no subject, because it has no public constructor the pools can call.

// `compact_str::Utf16Error`: no subject, because it has no public constructor the pools can call.
