//! # testspace-instrument
//!
//! The syntax pass of testspace: from one parse of a Rust source file, the mutant
//! schemata (every mutant of the file compiled into one copy, switched at run time) and
//! the coverage copy (a probe on every decision outcome), both with the guards that keep
//! a mutant's loops, recursion and allocations bounded.
//!
//! It is used where source is turned into code: by testspace's `build.rs` for the ports
//! under `subjects/`, by the `#[testspace::mutants]` attribute for code of the user's
//! crate, and by testspace itself to write and check mutant catalogs. It depends on `syn`,
//! `quote` and `proc-macro2` only. The code it writes calls testspace's run time through
//! absolute paths (`::testspace::subject::…`), so it compiles in any crate that depends
//! on testspace, and in testspace itself (`extern crate self as testspace`).
//!
//! The stages, in [`analysis::analyse`]'s order: [`syntax`] drops test items;
//! [`call_graph`] plans where the entry guard goes; [`coverage_copy`] writes the probes;
//! [`generate`] finds the mutation points and rewrites the file into schemata form, with
//! the fuel and allocation guards of [`guards`] on gold; [`schemata`] renders the result
//! as text with a line map. [`glue`] says which items only declare a unit to the harness
//! (left unmutated and uninstrumented), [`probe_kind`] names what a probe records, and
//! [`excerpt`] cuts one item out of a file at its place.
#![warn(missing_docs)]

pub mod analysis;
pub mod call_graph;
pub mod coverage_copy;
pub mod excerpt;
pub mod generate;
pub mod glue;
pub mod guards;
pub mod probe_kind;
pub mod schemata;
pub mod syntax;
