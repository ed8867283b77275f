/// Not `Clone`.
#[derive(Debug)]
pub struct Opaque;
