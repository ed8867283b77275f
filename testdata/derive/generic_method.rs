//! A generic method: the harness calls with values of fixed types.

#[derive(Clone, Debug)]
pub struct Ring {
    items: Vec<i32>,
}

#[testspace::subject]
impl Ring {
    pub fn new() -> Self {
        Ring { items: Vec::new() }
    }
    pub fn push<T: Into<i32>>(&mut self, x: T) {
        self.items.push(x.into());
    }
}

fn main() {}
