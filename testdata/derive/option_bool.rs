//! `Option<bool>`: the bool pool holds no null.

#[derive(Clone, Debug)]
pub struct Ring {
    items: Vec<i32>,
}

#[testspace::subject]
impl Ring {
    pub fn new() -> Self {
        Ring { items: Vec::new() }
    }
    pub fn first_is_even(&self) -> Option<bool> {
        self.items.first().map(|x| x % 2 == 0)
    }
}

fn main() {}
