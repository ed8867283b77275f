//! A parameter type no pool supplies.

#[derive(Clone, Debug)]
pub struct Ring {
    items: Vec<i32>,
}

#[testspace::subject]
impl Ring {
    pub fn new() -> Self {
        Ring { items: Vec::new() }
    }
    pub fn extend(&mut self, more: Vec<i32>) {
        self.items.extend(more);
    }
}

fn main() {}
