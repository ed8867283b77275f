//! A return type no pool holds.

#[derive(Clone, Debug)]
pub struct Ring {
    items: Vec<i32>,
}

#[testspace::subject]
impl Ring {
    pub fn new() -> Self {
        Ring { items: Vec::new() }
    }
    pub fn average(&self) -> f64 {
        self.items.iter().map(|&x| f64::from(x)).sum::<f64>() / self.items.len() as f64
    }
}

fn main() {}
