//! The example's second binary: four types whose planted faults are wrong results, not
//! panics, each found through one of the oracles a type of your own can carry
//! (docs/own-crate.md, "Oracles"). Run from `examples/own-crate`:
//!   cargo run --release --bin own-crate-oracles -- run oracles.toml

fn main() -> std::process::ExitCode {
    testspace::main(testspace::subjects![
        wallet::Wallet,
        till::Till,
        stock::Stock,
        meter::Meter
    ])
}

/// A wallet whose balance must never go below zero: an invariant says so.
pub mod wallet {
    #[derive(Clone, Debug, Default)]
    pub struct Wallet {
        balance: i64,
    }

    #[testspace::subject]
    impl Wallet {
        pub fn new() -> Self {
            Self::default()
        }
        pub fn top_up(&mut self, amount: u16) -> i64 {
            self.balance += i64::from(amount);
            self.balance
        }
        /// Spends `amount`, or refuses (`false`) when the balance would go below zero.
        pub fn spend(&mut self, amount: u16) -> bool {
            // The planted fault: amounts above 100 skip the check.
            if amount <= 100 && i64::from(amount) > self.balance {
                return false;
            }
            self.balance -= i64::from(amount);
            true
        }
        /// The oracle: checked after every call.
        #[testspace(invariant)]
        fn solvent(&self) -> bool {
            self.balance >= 0
        }
    }
}

/// A till whose prices must never exceed the amount: a `debug_assert!` postcondition,
/// live in the release build too.
pub mod till {
    #[derive(Clone, Debug, Default)]
    pub struct Till {
        taken: u32,
    }

    #[testspace::subject]
    impl Till {
        pub fn new() -> Self {
            Self::default()
        }
        /// The price of `amount`, 10 % off above 100; adds it to what the till has taken.
        pub fn sell(&mut self, amount: u16) -> u32 {
            let amount = u32::from(amount);
            let price = match amount {
                // The planted fault: above 200 the discount is added, not taken off.
                201.. => amount * 11 / 10,
                101..=200 => amount * 9 / 10,
                _ => amount,
            };
            debug_assert!(price <= amount, "price {price} above the amount {amount}");
            self.taken += price;
            price
        }
    }
}

/// A set of numbers checked against a reference model: a `BTreeSet`.
pub mod stock {
    use std::collections::BTreeSet;

    #[derive(Clone, Debug, Default)]
    pub struct Stock {
        items: Vec<i32>,
    }

    #[testspace::subject(model = StockModel)]
    impl Stock {
        pub fn new() -> Self {
            Self::default()
        }
        /// Adds `x`; whether it was new.
        pub fn add(&mut self, x: i32) -> bool {
            let new = !self.items.contains(&x);
            // The planted fault: a number already there is added again.
            self.items.push(x);
            new
        }
        pub fn remove(&mut self, x: i32) -> bool {
            let before = self.items.len();
            self.items.retain(|&y| y != x);
            self.items.len() < before
        }
        pub fn count(&self) -> usize {
            self.items.len()
        }
    }

    /// The model: the set a stock stands for, with the same methods.
    #[derive(Debug, Default, PartialEq)]
    pub struct StockModel(BTreeSet<i32>);

    /// The abstraction: a stock's state as the model's.
    impl From<&Stock> for StockModel {
        fn from(stock: &Stock) -> Self {
            StockModel(stock.items.iter().copied().collect())
        }
    }

    impl StockModel {
        pub fn new() -> Self {
            Self::default()
        }
        pub fn add(&mut self, x: i32) -> bool {
            self.0.insert(x)
        }
        pub fn remove(&mut self, x: i32) -> bool {
            self.0.remove(&x)
        }
        pub fn count(&self) -> usize {
            self.0.len()
        }
    }
}

/// A meter of readings: how many, the largest and the mean. Its previous release, the
/// commit that added it, answers as the reference model: since then `record` returns the
/// total (on purpose, acknowledged in `oracle-changes.toml`), `clear` is new (not
/// compared), and `mean` rounds to the nearest (the planted wrong result).
#[testspace::previous(against = "git:1ad91b7d0e4f1d1f1784167f1ea3d3e5a68a57c2")]
pub mod meter {
    #[derive(Clone, Debug, Default)]
    pub struct Meter {
        total: u32,
        count: u32,
        peak: u16,
    }

    #[testspace::subject]
    impl Meter {
        pub fn new() -> Self {
            Self::default()
        }
        /// Records a reading; the total so far.
        pub fn record(&mut self, reading: u16) -> u32 {
            self.total = self.total.saturating_add(u32::from(reading));
            self.count += 1;
            self.peak = self.peak.max(reading);
            self.total
        }
        pub fn peak(&self) -> u16 {
            self.peak
        }
        /// The mean reading, rounded down; 0 before any reading.
        pub fn mean(&self) -> u32 {
            // The planted fault: half the count is added first, so the mean rounds to
            // the nearest.
            (self.total.saturating_add(self.count / 2))
                .checked_div(self.count)
                .unwrap_or(0)
        }
        /// Forgets every reading.
        pub fn clear(&mut self) {
            *self = Self::default();
        }
    }
}
