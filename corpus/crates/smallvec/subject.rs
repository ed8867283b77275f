// A `SmallVec` of ints with one inline slot, the API common to smallvec 0.6.2 to 0.6.14.

/// A vector of ints that keeps its first item inline and spills to the heap after.
#[derive(Clone, Debug)]
pub struct SmallVecOfInts(smallvec::SmallVec<[i32; 1]>);

#[testspace::subject]
impl SmallVecOfInts {
    pub fn new() -> Self {
        SmallVecOfInts(smallvec::SmallVec::new())
    }
    pub fn push(&mut self, x: i32) {
        self.0.push(x)
    }
    pub fn pop(&mut self) -> Option<i32> {
        self.0.pop()
    }
    pub fn insert(&mut self, index: usize, x: i32) {
        self.0.insert(index, x)
    }
    pub fn remove(&mut self, index: usize) -> i32 {
        self.0.remove(index)
    }
    /// Inserts the even numbers below `n` at `index`, from a filtering iterator (whose
    /// lower size hint is 0, as every `filter` iterator's is).
    pub fn insert_evens(&mut self, index: usize, n: u8) {
        self.0.insert_many(index, (0..i32::from(n)).filter(|x| x % 2 == 0))
    }
    /// Inserts `0..n` at `index` from an iterator that panics when it reaches `stop`
    /// (the item a fallible producer fails on); its size hint is exact.
    pub fn insert_until_panic(&mut self, index: usize, n: u8, stop: u8) {
        self.0.insert_many(index, (0..i32::from(n)).map(move |x| {
            assert!(x != i32::from(stop), "producer failed at {stop}");
            x
        }))
    }
    pub fn grow(&mut self, new_cap: usize) {
        self.0.grow(new_cap)
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn get(&self, index: usize) -> Option<i32> {
        self.0.get(index).copied()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn spilled(&self) -> bool {
        self.0.spilled()
    }
    pub fn contents(&self) -> String {
        format!("{:?}", &self.0[..])
    }
}
