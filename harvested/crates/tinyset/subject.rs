// Harvested by `testspace harvest` from tinyset 0.5.4: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// A set type that can store any type that fits in a `u64`.
///
/// `tinyset::Set64` with T = i32.
#[derive(Clone, Debug)]
pub struct Set64OfInts(pub tinyset::Set64<i32>);

#[testspace::subject]
impl Set64OfInts {
    pub fn new() -> Self {
        Self(<tinyset::Set64<i32>>::new())
    }
    pub fn with_capacity(_cap: usize) -> Self {
        Self(<tinyset::Set64<i32>>::with_capacity(_cap))
    }
    pub fn default() -> Self {
        Self(<tinyset::Set64<i32>>::default())
    }
    pub fn insert(&mut self, elem: i32) -> bool {
        self.0.insert(elem)
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn remove(&mut self, value: i32) -> bool {
        self.0.remove(&value)
    }
    /// Harvested: result discarded: it returns `impl Iterator<Item = i32> + 'a`, which no pool holds.
    pub fn drain(&mut self) {
        let _ = self.0.drain();
    }
}
// Skipped methods of `tinyset::Set64`:
// - `contains`: it is generic over `R: std::borrow::Borrow<T>`
// - `iter`: it returns `impl Iterator<Item = i32> + 'a`, which no pool holds

// `tinyset::SetU32`: no subject, because it is not `Debug` (the pools show objects as `{:?}` renders them).

// `tinyset::SetU64`: no subject, because it is not `Debug` (the pools show objects as `{:?}` renders them).

// `tinyset::SetUsize`: no subject, because it is not `Debug` (the pools show objects as `{:?}` renders them).

// `tinyset::set64::IntoIter`: no subject, because it is not `Debug` (the pools show objects as `{:?}` renders them).

// `tinyset::setu32::IntoIter`: no subject, because it has no public constructor the pools can call.

// `tinyset::setu64::IntoIter`: no subject, because it has no public constructor the pools can call.

// `tinyset::setusize::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).
