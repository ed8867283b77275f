//! A `&mut Self` parameter: the pool lends objects as snapshots.

#[derive(Clone, Debug)]
pub struct Ring {
    items: Vec<i32>,
}

#[testspace::subject]
impl Ring {
    pub fn new() -> Self {
        Ring { items: Vec::new() }
    }
    pub fn drain_into(&mut self, other: &mut Self) {
        other.items.append(&mut self.items);
    }
}

fn main() {}
