// Harvested by `testspace harvest` from thunderdome 0.6.1: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// Container that can have elements inserted into it and removed from it.
///
/// `thunderdome::Arena` with T = i32.
#[derive(Clone, Debug)]
pub struct ThunderdomeArenaOfInts(pub thunderdome::Arena<i32>);

#[testspace::subject]
impl ThunderdomeArenaOfInts {
    pub fn new() -> Self {
        Self(<thunderdome::Arena<i32>>::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Self(<thunderdome::Arena<i32>>::with_capacity(capacity))
    }
    pub fn default() -> Self {
        Self(<thunderdome::Arena<i32>>::default())
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Harvested: result discarded: it returns `Index`, which no pool holds.
    pub fn insert(&mut self, value: i32) {
        let _ = self.0.insert(value);
    }
    /// Harvested: result discarded: it returns `(Index, Option<i32>)`, which no pool holds.
    pub fn insert_at_slot(&mut self, slot: u32, value: i32) {
        let _ = self.0.insert_at_slot(slot, value);
    }
    /// Harvested: result discarded: it returns `Option<(Index, &mut i32)>`, which no pool holds.
    pub fn get_by_slot_mut(&mut self, slot: u32) {
        let _ = self.0.get_by_slot_mut(slot);
    }
    /// Harvested: result discarded: it returns `Option<(Index, i32)>`, which no pool holds.
    pub fn remove_by_slot(&mut self, slot: u32) {
        let _ = self.0.remove_by_slot(slot);
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    /// Harvested: result discarded: it returns `IterMut<'_, i32>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
    /// Harvested: result discarded: it returns `Drain<'_, i32>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
    }
}
// Skipped methods of `thunderdome::Arena`:
// - `insert_at`: parameter `index` has type `Index`, which no pool holds
// - `contains`: parameter `index` has type `Index`, which no pool holds
// - `contains_slot`: it returns `Option<Index>`, which no pool holds
// - `get`: parameter `index` has type `Index`, which no pool holds
// - `get_mut`: parameter `index` has type `Index`, which no pool holds
// - `get2_mut`: parameter `index1` has type `Index`, which no pool holds
// - `remove`: parameter `index` has type `Index`, which no pool holds
// - `invalidate`: parameter `index` has type `Index`, which no pool holds
// - `get_by_slot`: it returns `Option<(Index, &i32)>`, which no pool holds
// - `iter`: it returns `Iter<'_, i32>`, which no pool holds
// - `retain`: it is generic over `F: FnMut(Index, &mut T) -> bool`

/// Index type for [`Arena`] that has a generation attached to it.
#[derive(Clone, Debug)]
pub struct Index(pub thunderdome::Index);

#[testspace::subject]
impl Index {
    pub fn from_bits(bits: u64) -> Option<Self> {
        <thunderdome::Index>::from_bits(bits).map(Self)
    }
    pub fn to_bits(&self) -> u64 {
        self.0.clone().to_bits()
    }
    pub fn generation(&self) -> u32 {
        self.0.clone().generation()
    }
    pub fn slot(&self) -> u32 {
        self.0.clone().slot()
    }
}

// `thunderdome::iter::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `thunderdome::iter::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `thunderdome::iter::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `thunderdome::iter::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
