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

/// Code the instrument pass leaves as it is, one of each kind (docs/harvest.md).
const fn doubled(n: usize) -> usize {
    n * 2
}

macro_rules! first_or {
    ($values:expr, $default:expr) => {
        $values.first().cloned().unwrap_or($default)
    };
}

impl<T: Clone + Default> Store<T> {
    #[allow(dead_code)]
    fn first(&self) -> T {
        first_or!(self.values, T::default())
    }
    #[allow(dead_code)]
    fn spare(&self) -> usize {
        // SAFETY: reading a length has no precondition; the block is here for the pass.
        let spare = unsafe { self.values.capacity() - self.values.len() };
        doubled(spare)
    }
    #[allow(dead_code)]
    unsafe fn first_unchecked(&self) -> &T {
        unsafe { self.values.get_unchecked(0) }
    }
    #[cfg(feature = "never")]
    fn never(&self) -> usize {
        self.values.len() + 1
    }
    /// Constants of the crate's code seed the pools (docs/harvest.md).
    #[allow(dead_code)]
    fn is_full(&self) -> bool {
        self.values.len() >= 64 || self.values.len() == 48 || self.values.capacity() == 64
    }
}
