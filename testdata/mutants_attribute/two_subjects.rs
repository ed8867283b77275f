//! Two subjects in one mutants module: the module's catalog is one unit's.

#[testspace::mutants]
mod shapes {
    #[derive(Clone, Debug)]
    pub struct Square(i32);

    #[derive(Clone, Debug)]
    pub struct Circle(i32);

    #[testspace::subject]
    impl Square {
        pub fn new(side: i32) -> Self {
            Square(side)
        }
    }

    #[testspace::subject]
    impl Circle {
        pub fn new(radius: i32) -> Self {
            Circle(radius)
        }
    }
}

fn main() {}
