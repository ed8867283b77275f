// Harvested by `testspace harvest` from lru 0.19.2: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `lru::IntoIter`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `lru::Iter`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `lru::IterMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

/// An LRU Cache
///
/// `lru::LruCache` with K = i32, V = i32.
#[derive(Clone, Debug)]
pub struct LruCacheOfInts(pub lru::LruCache<i32, i32>);

#[testspace::subject]
impl LruCacheOfInts {
    pub fn unbounded() -> Self {
        Self(<lru::LruCache<i32, i32>>::unbounded())
    }
    pub fn put(&mut self, k: i32, v: i32) -> Option<i32> {
        self.0.put(k, v)
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn push(&mut self, k: i32, v: i32) {
        let _ = self.0.push(k, v);
    }
    pub fn get(&mut self, k: i32) -> Option<i32> {
        self.0.get(&k).copied()
    }
    pub fn get_mut(&mut self, k: i32) -> Option<i32> {
        self.0.get_mut(&k).copied()
    }
    /// Harvested: result discarded: it returns `Option<(&'a i32, &'a i32)>`, which no pool holds.
    pub fn get_key_value(&mut self, k: i32) {
        let _ = self.0.get_key_value(&k);
    }
    /// Harvested: result discarded: it returns `Option<(&'a i32, &'a mut i32)>`, which no pool holds.
    pub fn get_key_value_mut(&mut self, k: i32) {
        let _ = self.0.get_key_value_mut(&k);
    }
    pub fn peek(&self, k: i32) -> Option<i32> {
        self.0.peek(&k).copied()
    }
    pub fn peek_mut(&mut self, k: i32) -> Option<i32> {
        self.0.peek_mut(&k).copied()
    }
    pub fn contains(&self, k: i32) -> bool {
        self.0.contains(&k)
    }
    pub fn pop(&mut self, k: i32) -> Option<i32> {
        self.0.pop(&k)
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn pop_entry(&mut self, k: i32) {
        let _ = self.0.pop_entry(&k);
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn pop_lru(&mut self) {
        let _ = self.0.pop_lru();
    }
    /// Harvested: result discarded: it returns `Option<(i32, i32)>`, which no pool holds.
    pub fn pop_mru(&mut self) {
        let _ = self.0.pop_mru();
    }
    pub fn promote(&mut self, k: i32) -> bool {
        self.0.promote(&k)
    }
    pub fn demote(&mut self, k: i32) -> bool {
        self.0.demote(&k)
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
    /// Harvested: result discarded: it returns `IterMut<'_, i32, i32>`, which no pool holds.
    pub fn iter_mut(&mut self) {
        let _ = self.0.iter_mut();
    }
}
// Skipped methods of `lru::LruCache`:
// - `new`: parameter `cap` has type `NonZeroUsize`, which no pool holds
// - `sparse`: parameter `cap` has type `NonZeroUsize`, which no pool holds
// - `with_hasher`: parameter `cap` has type `NonZeroUsize`, which no pool holds
// - `unbounded_with_hasher`: parameter `hash_builder` has type `S`, which no pool holds
// - `get_or_insert`: it is generic over `F`
// - `get_or_push`: it is generic over `F`
// - `get_or_insert_with_key`: it is generic over `F`
// - `get_or_push_with_key`: it is generic over `F`
// - `get_or_insert_ref`: it is generic over `F`
// - `get_or_push_ref`: it is generic over `F`
// - `try_get_or_insert`: it is generic over `F`
// - `try_get_or_push`: it is generic over `F`
// - `try_get_or_insert_with_key`: it is generic over `F`
// - `try_get_or_push_with_key`: it is generic over `F`
// - `try_get_or_insert_ref`: it is generic over `F`
// - `try_get_or_push_ref`: it is generic over `F`
// - `get_or_insert_mut`: it is generic over `F`
// - `get_or_push_mut`: it is generic over `F`
// - `get_or_insert_mut_with_key`: it is generic over `F`
// - `get_or_push_mut_with_key`: it is generic over `F`
// - `get_or_insert_mut_ref`: it is generic over `F`
// - `get_or_push_mut_ref`: it is generic over `F`
// - `try_get_or_insert_mut`: it is generic over `F`
// - `try_get_or_push_mut`: it is generic over `F`
// - `try_get_or_insert_mut_with_key`: it is generic over `F`
// - `try_get_or_push_mut_with_key`: it is generic over `F`
// - `try_get_or_insert_mut_ref`: it is generic over `F`
// - `try_get_or_push_mut_ref`: it is generic over `F`
// - `peek_lru`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `peek_mru`: it returns `Option<(&i32, &i32)>`, which no pool holds
// - `find_and_promote`: it is generic over `F`
// - `retain`: it is generic over `F`
// - `cap`: it returns `NonZeroUsize`, which no pool holds
// - `resize`: parameter `cap` has type `NonZeroUsize`, which no pool holds
// - `iter`: it returns `Iter<'_, i32, i32>`, which no pool holds
