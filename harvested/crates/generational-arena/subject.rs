// Harvested by `testspace harvest` from generational-arena 0.2.9: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// The `Arena` allows inserting and removing elements that are referred to by `Index`.
///
/// `generational_arena::Arena` with T = i32.
#[derive(Clone, Debug)]
pub struct ArenaOfInts(pub generational_arena::Arena<i32>);

#[testspace::subject]
impl ArenaOfInts {
    pub fn new() -> Self {
        Self(<generational_arena::Arena<i32>>::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        Self(<generational_arena::Arena<i32>>::with_capacity(n))
    }
    pub fn default() -> Self {
        Self(<generational_arena::Arena<i32>>::default())
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    /// Harvested: result discarded: its error type `i32` is not public.
    pub fn try_insert(&mut self, value: i32) {
        let _ = self.0.try_insert(value);
    }
    /// Harvested: result discarded: it returns `Index`, which no pool holds.
    pub fn insert(&mut self, value: i32) {
        let _ = self.0.insert(value);
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
    pub fn reserve(&mut self, additional_capacity: usize) {
        self.0.reserve(additional_capacity);
    }
    /// Harvested: result discarded: it returns `IterMut<i32>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
    /// Harvested: result discarded: it returns `Drain<i32>`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
    }
    /// Harvested: result discarded: it returns `Option<(&mut i32, Index)>`, which no pool holds.
    pub fn get_unknown_gen_mut(&mut self, i: usize) {
        let _ = self.0.get_unknown_gen_mut(i);
    }
}
// Skipped methods of `generational_arena::Arena`:
// - `try_insert_with`: it is generic over `F: FnOnce(Index) -> T`
// - `insert_with`: parameter `create` is an `impl Trait`
// - `remove`: parameter `i` has type `Index`, which no pool holds
// - `retain`: parameter `predicate` is an `impl Trait`
// - `contains`: parameter `i` has type `Index`, which no pool holds
// - `get`: parameter `i` has type `Index`, which no pool holds
// - `get_mut`: parameter `i` has type `Index`, which no pool holds
// - `get2_mut`: parameter `i1` has type `Index`, which no pool holds
// - `iter`: it returns `Iter<i32>`, which no pool holds
// - `get_unknown_gen`: it returns `Option<(&i32, Index)>`, which no pool holds

// `generational_arena::Drain`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `generational_arena::Index`: no subject, because it has 0 usable methods besides its constructors, fewer than 3.

// `generational_arena::IntoIter`: no subject, because it has no public constructor the pools can call.

// `generational_arena::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `generational_arena::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.
