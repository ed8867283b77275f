/// Values under keys,
/// with a capacity.
#[derive(Clone, Debug, Default)]
pub struct Store<T> {
    values: Vec<T>,
}

/// What `take` says of a missing key.
#[derive(Debug)]
pub struct StoreError;

/// The values in key order.
pub struct Iter<'a, T>(std::slice::Iter<'a, T>);

impl<T: Clone> Store<T> {
    pub fn new() -> Self {
        Store { values: Vec::new() }
    }
    pub fn with_capacity(capacity: usize) -> Store<T> {
        Store { values: Vec::with_capacity(capacity) }
    }
    pub fn insert(&mut self, value: T) -> usize {
        self.values.push(value);
        self.values.len() - 1
    }
    pub fn get(&self, key: usize) -> Option<&T> {
        self.values.get(key)
    }
    pub fn take(&mut self, key: usize) -> Result<T, StoreError> {
        (key < self.values.len()).then(|| self.values.remove(key)).ok_or(StoreError)
    }
    pub fn name(&self) -> &str {
        "store"
    }
    pub fn iter(&self) -> Iter<'_, T> {
        Iter(self.values.iter())
    }
    pub fn retain<F: FnMut(&T) -> bool>(&mut self, keep: F) {
        self.values.retain(keep)
    }
}

/// Something with a weight.
pub trait Weighted {
    fn weight(&self) -> u32;
}

impl<T: Clone + Weighted> Store<T> {
    /// The heaviest value: `i32` is not `Weighted`, so the compile check skips it.
    pub fn heaviest(&self) -> Option<&T> {
        self.values.iter().max_by_key(|v| v.weight())
    }
}
