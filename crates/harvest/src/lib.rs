//! The harvester: a crate's public API, read from its source with `syn`, turned into
//! subjects testspace can drive (issue 60, docs/harvest.md).
//!
//! Four stages, one file each:
//! 1. [`api`] reads the crate: its module tree from `src/lib.rs`, the public types (declared
//!    in public modules or re-exported), their generic parameters, the traits they derive
//!    or implement, the public methods of their inherent impls, and the public free
//!    functions.
//! 2. [`adapt`] decides, per type, an instantiation of its generic parameters with pool
//!    types, and per method whether and how a wrapper can call it: each parameter and
//!    result mapped to a type the value pools hold (`i32`, `bool`, `String`, the subject),
//!    with the expression that converts it; every other method is kept with the reason it
//!    is skipped; and the crate's free functions as one stateless subject.
//! 3. [`emit`] writes the reviewable files: a wrapper subject (`#[testspace::subject]` over
//!    a newtype of the instantiated type) and its test context; and, for a compile check
//!    against the crate alone, the same wrappers without the attribute, with where each
//!    method lies, so that [`prune`] can skip the methods the crate's bounds refuse.
//!
//! 4. [`copies`] instruments the crate's own code: the mutant schemata and coverage copies of
//!    every file of its module tree, numbered across the crate, with what the pass leaves
//!    as it is counted.
//!
//! Beside them, [`pools`] seeds a context's pools from the crate's literal constants and
//! the boundary values of the parameter types, and [`reach`] decides which of the crate's
//! functions (and so which mutants) a subject's methods can reach.
//!
//! Pure: reading files is the caller's (a [`SourceTree`]), and the output is text.
#![warn(missing_docs)]

pub mod adapt;
pub mod api;
pub mod copies;
pub mod emit;
pub mod pools;
pub mod reach;

pub use adapt::{
    CheckError, Instantiation, MethodPlan, Skipped, TypePlan, plan_functions, plan_type, prune,
};
pub use api::{
    CrateApi, HarvestError, ModuleFile, PublicFunction, PublicType, SourceTree, TypeAlias,
    read_api, read_api_from,
};
pub use copies::{LeftAsIs, OwnCode, instrument_crate};
pub use emit::{Placement, check_file, context_file, subject_file};
pub use pools::{Constants, mine_constants};
pub use reach::{CallGraph, Reach, wrapper_mentions};
