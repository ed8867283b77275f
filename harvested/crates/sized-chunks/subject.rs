// Harvested by `testspace harvest` from sized-chunks 0.7.0: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// A fixed capacity smart array.
///
/// `sized_chunks::Chunk` with A = i32, N = 8.
#[derive(Clone, Debug)]
pub struct ChunkOfInts(pub sized_chunks::Chunk<i32, 8>);

#[testspace::subject]
impl ChunkOfInts {
    pub fn new() -> Self {
        Self(<sized_chunks::Chunk<i32, 8>>::new())
    }
    pub fn unit(value: i32) -> Self {
        Self(<sized_chunks::Chunk<i32, 8>>::unit(value))
    }
    pub fn pair(left: i32, right: i32) -> Self {
        Self(<sized_chunks::Chunk<i32, 8>>::pair(left, right))
    }
    pub fn default() -> Self {
        Self(<sized_chunks::Chunk<i32, 8>>::default())
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn push_front(&mut self, value: i32) {
        self.0.push_front(value);
    }
    pub fn push_back(&mut self, value: i32) {
        self.0.push_back(value);
    }
    pub fn pop_front(&mut self) -> i32 {
        self.0.pop_front()
    }
    pub fn pop_back(&mut self) -> i32 {
        self.0.pop_back()
    }
    pub fn drop_left(&mut self, index: usize) {
        self.0.drop_left(index);
    }
    pub fn drop_right(&mut self, index: usize) {
        self.0.drop_right(index);
    }
    pub fn split_off(&mut self, index: usize) -> Self {
        Self(self.0.split_off(index))
    }
    pub fn set(&mut self, index: usize, value: i32) -> i32 {
        self.0.set(index, value)
    }
    pub fn insert(&mut self, index: usize, value: i32) {
        self.0.insert(index, value);
    }
    pub fn insert_ordered(&mut self, value: i32) {
        self.0.insert_ordered(value);
    }
    pub fn remove(&mut self, index: usize) -> i32 {
        self.0.remove(index)
    }
    /// Harvested: result discarded: it returns `Drain<'_, i32, N>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    /// Harvested: result discarded: it returns `&mut [i32]`, which no pool holds.
    pub fn as_mut_slice(&mut self) {
        let _ = self.0.as_mut_slice();
    }
}
// Skipped methods of `sized_chunks::Chunk`:
// - `drain_from`: parameter `other` has type `&mut sized_chunks::Chunk<i32, 8>`: a change through it would be lost
// - `collect_from`: it is generic over `I`
// - `from_front`: parameter `other` has type `&mut sized_chunks::Chunk<i32, 8>`: a change through it would be lost
// - `from_back`: parameter `other` has type `&mut sized_chunks::Chunk<i32, 8>`: a change through it would be lost
// - `append`: parameter `other` has type `&mut sized_chunks::Chunk<i32, 8>`: a change through it would be lost
// - `drain_from_front`: parameter `other` has type `&mut sized_chunks::Chunk<i32, 8>`: a change through it would be lost
// - `drain_from_back`: parameter `other` has type `&mut sized_chunks::Chunk<i32, 8>`: a change through it would be lost
// - `insert_from`: it is generic over `Iterable`
// - `as_slice`: it returns `&[i32]`, which no pool holds

/// A fixed capacity array sized to match some other type `T`.
///
/// `sized_chunks::InlineArray` with A = i32, T = i32.
#[derive(Clone, Debug)]
pub struct InlineArrayOfInts(pub sized_chunks::InlineArray<i32, i32>);

#[testspace::subject]
impl InlineArrayOfInts {
    pub fn new() -> Self {
        Self(<sized_chunks::InlineArray<i32, i32>>::new())
    }
    pub fn default() -> Self {
        Self(<sized_chunks::InlineArray<i32, i32>>::default())
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn is_full(&self) -> bool {
        self.0.is_full()
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
    pub fn remove(&mut self, index: usize) -> Option<i32> {
        self.0.remove(index)
    }
    pub fn split_off(&mut self, index: usize) -> Self {
        Self(self.0.split_off(index))
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    /// Harvested: result discarded: it returns `Drain<'_, i32, i32>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
    }
}

// `sized_chunks::RingBuffer`: no subject, because its wrapper does not compile: cannot find type `RingBuffer` in crate `sized_chunks`.

/// A fixed capacity sparse array.
///
/// `sized_chunks::SparseChunk` with A = i32, N = 8.
#[derive(Clone, Debug)]
pub struct SparseChunkOfInts(pub sized_chunks::SparseChunk<i32, 8>);

#[testspace::subject]
impl SparseChunkOfInts {
    pub fn new() -> Self {
        Self(<sized_chunks::SparseChunk<i32, 8>>::new())
    }
    pub fn unit(index: usize, value: i32) -> Self {
        Self(<sized_chunks::SparseChunk<i32, 8>>::unit(index, value))
    }
    pub fn pair(index1: usize, value1: i32, index2: usize, value2: i32) -> Self {
        Self(<sized_chunks::SparseChunk<i32, 8>>::pair(index1, value1, index2, value2))
    }
    pub fn default() -> Self {
        Self(<sized_chunks::SparseChunk<i32, 8>>::default())
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn insert(&mut self, index: usize, value: i32) -> Option<i32> {
        self.0.insert(index, value)
    }
    pub fn remove(&mut self, index: usize) -> Option<i32> {
        self.0.remove(index)
    }
    pub fn pop(&mut self) -> Option<i32> {
        self.0.pop()
    }
    pub fn get(&self, index: usize) -> Option<i32> {
        self.0.get(index).copied()
    }
    pub fn get_mut(&mut self, index: usize) -> Option<i32> {
        self.0.get_mut(index).copied()
    }
    pub fn first_index(&self) -> Option<usize> {
        self.0.first_index()
    }
    /// Harvested: result discarded: it returns `IterMut<'_, i32, N>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
    /// Harvested: result discarded: it returns `OptionIterMut<'_, i32, N>`, which no pool holds.
    pub fn option_iter_mut(&mut self) {
        let _ = self.0.option_iter_mut();
    }
}
// Skipped methods of `sized_chunks::SparseChunk`:
// - `get_unchecked`: it is `unsafe`
// - `get_unchecked_mut`: it is `unsafe`
// - `indices`: it returns `BitmapIter<'_, N>`, which no pool holds
// - `iter`: it returns `Iter<'_, i32, N>`, which no pool holds
// - `drain`: it returns `Drain<i32, N>`, which no pool holds
// - `entries`: it returns `impl Iterator<Item =(usize, &i32)>`, which no pool holds
// - `option_iter`: it returns `OptionIter<'_, i32, N>`, which no pool holds
// - `option_drain`: it returns `OptionDrain<i32, N>`, which no pool holds

// `sized_chunks::inline_array::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `sized_chunks::inline_array::Iter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `sized_chunks::ring_buffer::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `sized_chunks::ring_buffer::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `sized_chunks::ring_buffer::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `sized_chunks::ring_buffer::OwnedIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `sized_chunks::ring_buffer::Slice`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `sized_chunks::ring_buffer::SliceMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `sized_chunks::sized_chunk::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `sized_chunks::sized_chunk::Iter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `sized_chunks::sparse_chunk::Drain`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `sized_chunks::sparse_chunk::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `sized_chunks::sparse_chunk::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `sized_chunks::sparse_chunk::OptionDrain`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `sized_chunks::sparse_chunk::OptionIter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `sized_chunks::sparse_chunk::OptionIterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
