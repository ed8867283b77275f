// An LRU cache from ints to strings, the API common to lru 0.5.0 to 0.6.3. It keeps the crate's
// default hasher: these releases implement Send and Sync only for it, and the hash values
// never reach a result (the order of `iter` is the recency list's, not the table's).

/// A cache holding at most `cap` entries, evicting the least recently used one.
pub struct LruCacheOfInts(lru::LruCache<i32, String>);

impl Clone for LruCacheOfInts {
    // LruCache has no Clone in these releases: rebuild it from least to most recently used.
    fn clone(&self) -> Self {
        let mut c = lru::LruCache::new(self.0.cap());
        for (k, v) in self.0.iter().collect::<Vec<_>>().into_iter().rev() {
            c.put(*k, v.clone());
        }
        LruCacheOfInts(c)
    }
}

impl std::fmt::Debug for LruCacheOfInts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LruCacheOfInts(cap {}, ", self.0.cap())?;
        f.debug_list().entries(self.0.iter()).finish()?;
        write!(f, ")")
    }
}

#[testspace::subject]
impl LruCacheOfInts {
    pub fn new(cap: usize) -> Self {
        LruCacheOfInts(lru::LruCache::new(cap))
    }
    /// Stores `value` under `key`; the previous value of `key` if it had one.
    pub fn put(&mut self, key: i32, value: &str) -> Option<String> {
        self.0.put(key, value.to_string())
    }
    pub fn get(&mut self, key: i32) -> Option<String> {
        self.0.get(&key).cloned()
    }
    pub fn peek(&self, key: i32) -> Option<String> {
        self.0.peek(&key).cloned()
    }
    pub fn contains(&self, key: i32) -> bool {
        self.0.contains(&key)
    }
    pub fn pop(&mut self, key: i32) -> Option<String> {
        self.0.pop(&key)
    }
    /// Removes the least recently used entry; its key.
    pub fn pop_lru(&mut self) -> Option<i32> {
        self.0.pop_lru().map(|(k, _)| k)
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn cap(&self) -> usize {
        self.0.cap()
    }
    pub fn resize(&mut self, cap: usize) {
        self.0.resize(cap)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    /// The keys from most to least recently used.
    pub fn keys(&self) -> String {
        format!("{:?}", self.0.iter().map(|(k, _)| *k).collect::<Vec<_>>())
    }
}
