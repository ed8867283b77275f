#[derive(Clone, Debug)]
pub struct Ring {
    len: usize,
}

#[derive(Debug, PartialEq)]
pub struct RingModel(usize);

impl RingModel {
    pub fn new() -> Self {
        RingModel(0)
    }
}

#[testspace::subject(model = RingModel)]
impl Ring {
    pub fn new() -> Self {
        Ring { len: 0 }
    }
}

fn main() {}
