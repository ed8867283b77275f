//! Mutants of the subjects (Section 6.2 of the paper): the generator, the mutant
//! schemata, the per-unit catalogs under `mutants/`, and sampling.
//!
//! The syntax pass lives in the crate `testspace-instrument` (re-exported here):
//! [`analysis`] parses a subject file once and derives both its mutant schemata and its
//! coverage copy; [`generate`] finds the mutation points with `syn` and rewrites the file
//! into schemata form, with the entry guard only in the functions [`call_graph`] finds a
//! call cycle can pass, and [`coverage_copy`] writes the coverage copy; both put the fuel and
//! allocation guards of [`guards`] on gold and share the helpers of [`syntax`].
//! [`schemata`] renders the schemata form as Rust text. `build.rs` runs the pass on every
//! registered port and writes its schemata into `OUT_DIR/schemata/<module>.rs` (included by
//! `subjects/mod.rs`), leaving out the mutants the committed catalog marks as not
//! compiling; the `#[testspace::mutants]` attribute runs it on code of the user's crate.
//! [`catalog`] reads and writes the catalogs; [`check`] finds the mutants that do not
//! compile (by `cargo check` of the crate with every mutant enabled, mapping error lines
//! back to mutants); [`sample`] draws at most N mutants per unit. `docs/mutants.md`
//! describes the design and formats.

pub mod catalog;
pub mod check;
pub mod regenerate;
pub mod sample;
pub mod summary;
pub use testspace_instrument::{
    analysis, call_graph, coverage_copy, generate, guards, schemata, syntax,
};

#[cfg(test)]
mod tests;
