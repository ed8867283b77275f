//! Mutants of the subjects (Section 6.2 of the paper): the generator, the mutant
//! schemata, the per-unit catalogs under `mutants/`, and sampling.
//!
//! [`analysis`] parses a subject file once and derives both its mutant schemata and its
//! coverage copy: [`generate`] finds the mutation points with `syn` and rewrites the file
//! into schemata form, with the entry guard only in the functions [`call_graph`] finds a
//! call cycle can pass, and [`coverage_copy`] writes the coverage copy; both put the fuel and
//! allocation guards of [`guards`] on gold and share the helpers of [`syntax`].
//! [`schemata`] renders the schemata form as Rust text. These files are also compiled
//! into `build.rs`, which writes every registered subject's schemata into
//! `OUT_DIR/schemata/<module>.rs` (included by `subjects/mod.rs`), leaving out the
//! mutants the committed catalog marks as not compiling. [`catalog`] reads and writes the
//! catalogs; [`check`] finds the mutants that do not compile (by `cargo check` of the
//! crate with every mutant enabled, mapping error lines back to mutants); [`sample`]
//! draws at most N mutants per unit. `docs/mutants.md` describes the design and formats.

pub mod analysis;
pub mod call_graph;
pub mod catalog;
pub mod check;
pub mod coverage_copy;
/// The glue rule of the subject interface (`build.rs` includes the file itself).
mod glue {
    pub use crate::subject::glue::{is_glue, names_any};
}
/// The probe kinds, shared with the run time (`build.rs` includes the file itself).
mod probe_kind {
    pub use crate::subject::probes::ProbeKind;
}
pub mod generate;
pub mod guards;
pub mod regenerate;
pub mod sample;
pub mod schemata;
pub mod summary;
pub mod syntax;

#[cfg(test)]
mod tests;
