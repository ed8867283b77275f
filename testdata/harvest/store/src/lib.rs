//! A crate to harvest in tests (tests/cli_harvest.rs): a generic store with the signatures
//! the harvester adapts and the ones it skips, a type that is not `Clone`, an iterator.

mod store;
pub use store::{Iter, Store, StoreError};

/// Counts without a constructor.
#[derive(Debug)]
pub struct Unclonable(u32);
