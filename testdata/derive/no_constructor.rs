//! No constructor: the object pool could never fill.

#[derive(Clone, Debug, Default)]
pub struct Ring {
    items: Vec<i32>,
}

#[testspace::subject]
impl Ring {
    pub fn push(&mut self, x: i32) {
        self.items.push(x);
    }
    pub fn len(&self) -> usize {
        self.items.len()
    }
}

fn main() {}
