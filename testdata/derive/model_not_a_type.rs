#[derive(Clone, Debug)]
pub struct Ring {
    len: usize,
}

#[testspace::subject(model = RingModle)]
impl Ring {
    pub fn new() -> Self {
        Ring { len: 0 }
    }
    pub fn len(&self) -> usize {
        self.len
    }
}

fn main() {}
