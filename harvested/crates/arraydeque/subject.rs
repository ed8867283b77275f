// Harvested by `testspace harvest` from arraydeque 0.5.1: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// A fixed capacity ring buffer.
///
/// `arraydeque::ArrayDeque` with T = i32, CAP = 8.
#[derive(Clone, Debug)]
pub struct ArrayDequeOfInts(pub arraydeque::ArrayDeque<i32, 8>);

#[testspace::subject]
impl ArrayDequeOfInts {
    pub fn default() -> Self {
        Self(<arraydeque::ArrayDeque<i32, 8>>::default())
    }
    /// Harvested: result discarded: its error type `CapacityError<i32>` is generic.
    pub fn push_front(&mut self, element: i32) {
        let _ = self.0.push_front(element);
    }
    /// Harvested: result discarded: its error type `CapacityError<i32>` is generic.
    pub fn push_back(&mut self, element: i32) {
        let _ = self.0.push_back(element);
    }
    /// Harvested: result discarded: its error type `CapacityError<i32>` is generic.
    pub fn insert(&mut self, index: usize, element: i32) {
        let _ = self.0.insert(index, element);
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Harvested: result discarded: it returns `&mut [MaybeUninit<i32>]`, which no pool holds.
    pub fn as_uninit_slice_mut(&mut self) {
        let _ = self.0.as_uninit_slice_mut();
    }
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn contains(&self, x: i32) -> bool {
        self.0.contains(&x)
    }
    pub fn front(&self) -> Option<i32> {
        self.0.front().copied()
    }
    pub fn front_mut(&mut self) -> Option<i32> {
        self.0.front_mut().copied()
    }
    pub fn back(&self) -> Option<i32> {
        self.0.back().copied()
    }
    pub fn back_mut(&mut self) -> Option<i32> {
        self.0.back_mut().copied()
    }
    pub fn get(&self, index: usize) -> Option<i32> {
        self.0.get(index).copied()
    }
    pub fn get_mut(&mut self, index: usize) -> Option<i32> {
        self.0.get_mut(index).copied()
    }
    /// Harvested: result discarded: it returns `IterMut<i32>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
    pub fn linearize(&mut self) {
        self.0.linearize();
    }
    pub fn pop_front(&mut self) -> Option<i32> {
        self.0.pop_front()
    }
    pub fn pop_back(&mut self) -> Option<i32> {
        self.0.pop_back()
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn swap(&mut self, i: usize, j: usize) {
        self.0.swap(i, j);
    }
    pub fn swap_remove_back(&mut self, index: usize) -> Option<i32> {
        self.0.swap_remove_back(index)
    }
    pub fn swap_remove_front(&mut self, index: usize) -> Option<i32> {
        self.0.swap_remove_front(index)
    }
    pub fn remove(&mut self, index: usize) -> Option<i32> {
        self.0.remove(index)
    }
    pub fn split_off(&mut self, at: usize) -> Self {
        Self(self.0.split_off(at))
    }
    /// Harvested: result discarded: it returns `(&mut [i32], &mut [i32])`, which no pool holds.
    pub fn as_mut_slices(&mut self) {
        let _ = self.0.as_mut_slices();
    }
}
// Skipped methods of `arraydeque::ArrayDeque`:
// - `extend_front`: it is generic over `I`
// - `extend_back`: it is generic over `I`
// - `extend_front`: it is generic over `I`
// - `extend_back`: it is generic over `I`
// - `new`: it returns `ArrayDeque<i32, CAP, B>`, which no pool holds
// - `as_uninit_slice`: it returns `&[MaybeUninit<i32>]`, which no pool holds
// - `iter`: it returns `Iter<i32>`, which no pool holds
// - `drain`: it is generic over `R`
// - `retain`: it is generic over `F`
// - `as_slices`: it returns `(&[i32], &[i32])`, which no pool holds
// - `push_back`: it does not compile with T = i32, CAP = 8: duplicate definitions with name `push_back`
// - `push_front`: it does not compile with T = i32, CAP = 8: duplicate definitions with name `push_front`

// `arraydeque::CapacityError`: no subject, because it has no public constructor the pools can call.

// `arraydeque::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `arraydeque::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `arraydeque::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `arraydeque::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `arraydeque::Saturating`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `arraydeque::Wrapping`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).
