// Harvested by `testspace harvest` from vob 4.0.1: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `vob::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `vob::IterSetBits`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `vob::IterUnsetBits`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `vob::StorageIter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

/// A Vob is a "vector of bits": a sequence of bits which exposes a `Vec`-like interface. Whereas `Vec<bool>` requires 1 byte of storage per bit, `Vob` requires only 1 bit of storage per bit. For larger numbers of bits, Vobs can lead to a significant memory decrease and performance increase.
#[derive(Clone, Debug)]
pub struct Vob(pub vob::Vob);

#[testspace::subject]
impl Vob {
    pub fn default() -> Self {
        Self(<vob::Vob>::default())
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }
    pub fn push(&mut self, value: bool) {
        self.0.push(value);
    }
    /// Harvested: result discarded: it returns `Option<bool>`, which no pool holds.
    pub fn pop(&mut self) {
        let _ = self.0.pop();
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Harvested: result discarded: it returns `Vob<T>`, which no pool holds.
    pub fn split_off(&mut self, at: usize) {
        let _ = self.0.split_off(at);
    }
    pub fn set(&mut self, index: usize, value: bool) -> bool {
        self.0.set(index, value)
    }
    pub fn resize(&mut self, new_len: usize, value: bool) {
        self.0.resize(new_len, value);
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn set_all(&mut self, value: bool) {
        self.0.set_all(value);
    }
    pub fn negate(&mut self) {
        self.0.negate();
    }
}
// Skipped methods of `vob::Vob`:
// - `new`: it returns `Vob<usize>`, which no pool holds
// - `with_capacity`: it returns `Vob<usize>`, which no pool holds
// - `from_elem`: it returns `Vob<usize>`, which no pool holds
// - `from_bytes`: parameter `slice` has type `&[u8]`, which no pool holds
// - `new_with_storage_type`: it returns `Vob<T>`, which no pool holds
// - `from_elem_with_storage_type`: it returns `Vob<T>`, which no pool holds
// - `get`: it returns `Option<bool>`, which no pool holds
// - `get_unchecked`: it is `unsafe`
// - `set_unchecked`: it is `unsafe`
// - `iter`: it returns `Iter<'_, T>`, which no pool holds
// - `iter_set_bits`: it is generic over `R`
// - `iter_unset_bits`: it is generic over `R`
// - `iter_storage`: it returns `StorageIter<'_, T>`, which no pool holds
// - `extend_from_slice`: parameter `other` has type `&[bool]`, which no pool holds
// - `extend_from_vob`: parameter `other` has type `&Vob<T>`, which no pool holds
// - `and`: parameter `other` has type `&Vob<T>`, which no pool holds
// - `or`: parameter `other` has type `&Vob<T>`, which no pool holds
// - `xor`: parameter `other` has type `&Vob<T>`, which no pool holds
// - `get_storage_mut`: it is `unsafe`
// - `get_storage`: it returns `&[T]`, which no pool holds
// - `set_len`: it is `unsafe`
// - `mask_last_block`: it does not compile: method `mask_last_block` is private
