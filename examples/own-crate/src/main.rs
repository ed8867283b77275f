//! Two types of this crate under test: `Ring`, with a planted fault, and `Ledger`.

#[rustfmt::skip]
#[testspace::mutants]
mod ring {
    /// A ring buffer of numbers: its slots, where the first is and how many there are.
    #[derive(Clone, Debug)]
    pub struct Ring { slots: Vec<i32>, head: usize, len: usize }

    #[testspace::subject]
    impl Ring {
        pub fn new(capacity: u8) -> Self { Ring { slots: vec![0; usize::from(capacity.max(1))], head: 0, len: 0 } }
        pub fn pop(&mut self) -> Option<i32> {
            let x = (self.len > 0).then(|| self.slots[self.head])?;
            (self.head, self.len) = ((self.head + 1) % self.slots.len(), self.len - 1);
            Some(x)
        }
        /// Adds `x` at the end, unless the ring is full.
        pub fn push(&mut self, x: i32) {
            let (capacity, tail) = (self.slots.len(), self.head + self.len);
            if self.len == capacity { return; }
            // The planted fault: `>` where `>=` is right, so a tail that wraps exactly at the end panics.
            self.slots[if tail > capacity { tail - capacity } else { tail }] = x;
            self.len += 1;
        }
    }
}

#[rustfmt::skip]
#[testspace::mutants]
mod ledger {
    /// Balances by name.
    #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
    pub struct Ledger { balances: std::collections::BTreeMap<String, u32> }

    #[testspace::subject]
    impl Ledger {
        pub fn new() -> Self { Self::default() }
        pub fn deposit(&mut self, name: &str, amount: u8) { *self.balances.entry(name.into()).or_default() += u32::from(amount) }
        /// The balance left, or `None` (and no change) if it would fall below zero.
        pub fn withdraw(&mut self, name: &str, amount: u8) -> Option<u32> {
            let left = self.balances.get(name).copied().unwrap_or(0).checked_sub(u32::from(amount))?;
            self.balances.insert(name.into(), left);
            Some(left)
        }
    }
}

fn main() -> std::process::ExitCode {
    testspace::main(testspace::subjects![ring::Ring, ledger::Ledger])
}
