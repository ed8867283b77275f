#[derive(Clone, Debug)]
pub struct Ring {
    len: usize,
}

#[derive(Debug, PartialEq)]
pub struct RingModel(usize);

impl From<&Ring> for RingModel {
    fn from(ring: &Ring) -> Self {
        RingModel(ring.len)
    }
}

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
    pub fn spin(&mut self) -> usize {
        self.len += 1;
        self.len
    }
}

fn main() {}
