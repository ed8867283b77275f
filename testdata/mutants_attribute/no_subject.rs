//! A mutants module without a subject: nothing would run its mutants.

#[testspace::mutants]
mod ring {
    #[derive(Clone, Debug)]
    pub struct Ring {
        items: Vec<i32>,
    }

    impl Ring {
        pub fn new() -> Self {
            Ring { items: Vec::new() }
        }
    }
}

fn main() {}
