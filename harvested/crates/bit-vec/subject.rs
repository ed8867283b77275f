// Harvested by `testspace harvest` from bit-vec 0.8.0: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// The bitvector type.
#[derive(Clone, Debug)]
pub struct BitVec(pub bit_vec::BitVec);

#[testspace::subject]
impl BitVec {
    pub fn new() -> Self {
        Self(<bit_vec::BitVec>::new())
    }
    pub fn from_elem(nbits: usize, bit: bool) -> Self {
        Self(<bit_vec::BitVec>::from_elem(nbits, bit))
    }
    pub fn with_capacity(nbits: usize) -> Self {
        Self(<bit_vec::BitVec>::with_capacity(nbits))
    }
    pub fn default() -> Self {
        Self(<bit_vec::BitVec>::default())
    }
    /// Harvested: result discarded: it returns `Option<MutBorrowedBit<B>>`, which no pool holds.
    pub fn get_mut(&mut self, index: usize) {
        let _ = self.0.get_mut(index);
    }
    pub fn set(&mut self, i: usize, x: bool) {
        self.0.set(i, x);
    }
    pub fn set_all(&mut self) {
        self.0.set_all();
    }
    pub fn negate(&mut self) {
        self.0.negate();
    }
    pub fn union(&mut self, other: &Self) -> bool {
        self.0.union(&other.0)
    }
    pub fn intersect(&mut self, other: &Self) -> bool {
        self.0.intersect(&other.0)
    }
    pub fn or(&mut self, other: &Self) -> bool {
        self.0.or(&other.0)
    }
    pub fn and(&mut self, other: &Self) -> bool {
        self.0.and(&other.0)
    }
    pub fn difference(&mut self, other: &Self) -> bool {
        self.0.difference(&other.0)
    }
    pub fn xor(&mut self, other: &Self) -> bool {
        self.0.xor(&other.0)
    }
    pub fn nand(&mut self, other: &Self) -> bool {
        self.0.nand(&other.0)
    }
    pub fn nor(&mut self, other: &Self) -> bool {
        self.0.nor(&other.0)
    }
    pub fn xnor(&mut self, other: &Self) -> bool {
        self.0.xnor(&other.0)
    }
    pub fn all(&self) -> bool {
        self.0.all()
    }
    pub fn count_ones(&self) -> u64 {
        self.0.count_ones()
    }
    pub fn count_zeros(&self) -> u64 {
        self.0.count_zeros()
    }
    /// Harvested: result discarded: it returns `IterMut<B>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
    pub fn split_off(&mut self, at: usize) -> Self {
        Self(self.0.split_off(at))
    }
    pub fn none(&self) -> bool {
        self.0.none()
    }
    pub fn any(&self) -> bool {
        self.0.any()
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn reserve_exact(&mut self, additional: usize) {
        self.0.reserve_exact(additional);
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn grow(&mut self, n: usize, value: bool) {
        self.0.grow(n, value);
    }
    /// Harvested: result discarded: it returns `Option<bool>`, which no pool holds.
    pub fn pop(&mut self) {
        let _ = self.0.pop();
    }
    pub fn push(&mut self, elem: bool) {
        self.0.push(elem);
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
    pub fn insert(&mut self, at: usize, bit: bool) {
        self.0.insert(at, bit);
    }
}
// Skipped methods of `bit_vec::BitVec`:
// - `from_bytes`: parameter `bytes` has type `&[u8]`, which no pool holds
// - `from_fn`: it is generic over `F`
// - `blocks`: it returns `Blocks<B>`, which no pool holds
// - `storage`: it returns `&[B]`, which no pool holds
// - `storage_mut`: it is `unsafe`
// - `get`: it returns `Option<bool>`, which no pool holds
// - `get_unchecked`: it is `unsafe`
// - `get_unchecked_mut`: it is `unsafe`
// - `iter`: it returns `Iter<B>`, which no pool holds
// - `append`: parameter `other` has type `&mut bit_vec::BitVec`: a change through it would be lost
// - `to_bytes`: it returns `Vec<u8>`, which no pool holds
// - `eq_vec`: parameter `v` has type `&[bool]`, which no pool holds
// - `set_len`: it is `unsafe`

// `bit_vec::Blocks`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `bit_vec::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `bit_vec::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `bit_vec::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `bit_vec::MutBorrowedBit`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
