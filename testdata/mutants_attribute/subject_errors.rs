//! A subject with two refused methods in a mutants module: each error is reported once
//! (by gold's expansion), not once per copy.

#[testspace::mutants]
mod ledger {
    #[derive(Clone, Debug)]
    pub struct Ledger(i64);

    #[testspace::subject]
    impl Ledger {
        pub fn new() -> Self {
            Ledger(0)
        }
        pub fn scale(&mut self, factor: f64) {
            self.0 = (self.0 as f64 * factor) as i64;
        }
        pub fn entries(&self) -> Vec<i64> {
            vec![self.0]
        }
    }
}

fn main() {}
