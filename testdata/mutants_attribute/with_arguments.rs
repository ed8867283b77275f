//! The mutants attribute takes no arguments.

#[testspace::mutants(all)]
mod ring {
    #[derive(Clone, Debug)]
    pub struct Ring(i32);

    #[testspace::subject]
    impl Ring {
        pub fn new(x: i32) -> Self {
            Ring(x)
        }
    }
}

fn main() {}
