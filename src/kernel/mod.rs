//! The ground floor: pieces every family of the house shares and that import nothing of it.
//!
//! - [`rng`]: counter-based random streams, one per (seed, test case);
//! - [`parameters`]: typed strategy parameters and their located reader;
//! - [`file`]: the located error of every TOML input file, and reading an input's text;
//! - [`parallel`]: work spread over threads, results in index order;
//! - [`time`]: the UTC timestamp and date that results and records write;
//! - `named_handle!`: the shared face of a registry's handles;
//! - `stderr_line!`: a line on stderr that never panics.

pub mod file;
mod named_handle;
pub mod parallel;
pub mod parameters;
pub mod rng;
mod stderr;
pub mod time;

pub(crate) use named_handle::named_handle;
pub(crate) use stderr::stderr_line;
