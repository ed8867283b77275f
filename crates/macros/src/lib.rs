//! # testspace-macros
//!
//! The attributes through which a crate declares its own subjects to testspace; use them
//! as `#[testspace::subject]` and `#[testspace::mutants]` (re-exported by `testspace`).
//!
//! * [`subject`](macro@subject) on an inherent `impl` block derives the subject's method
//!   table from the methods' signatures.
//! * [`mutants`](macro@mutants) on a module compiles its code three times: as written
//!   (gold), as mutant schemata and as a coverage copy, by the syntax pass of
//!   `testspace-instrument`.
//! * [`previous`](macro@previous) on a module pairs its subject with the same module at an
//!   earlier revision of the crate's git repository, the previous release as oracle.
//!
//! The code both write names testspace's run time as `::testspace::…`.
#![warn(missing_docs)]

use proc_macro::TokenStream;

mod live;
mod mutants;
mod previous;
mod subject;

/// Declares the type of an inherent `impl` block a subject: its public methods (and
/// associated functions returning `Self`, its constructors) become the methods M_C the
/// strategies call, with parameters drawn from the value pools their types map to.
/// See `docs/own-crate.md` for the supported signatures.
#[proc_macro_attribute]
pub fn subject(attr: TokenStream, item: TokenStream) -> TokenStream {
    subject::expand(attr.into(), item.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Compiles the annotated module as gold, as mutant schemata and as a coverage copy, with
/// the same mutation operators, guards and catalog (`mutants/<module>.toml`) as the ports.
/// See `docs/own-crate.md`.
#[proc_macro_attribute]
pub fn mutants(attr: TokenStream, item: TokenStream) -> TokenStream {
    mutants::expand(attr.into(), item.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Pairs the subject of the annotated module with the same module at an earlier revision
/// of the crate's git repository (`against = "git:REV"`), compiled in beside it: every
/// call runs on both, and an answer that changed fails the call unless
/// `oracle-changes.toml` acknowledges it. See `docs/own-crate.md`, "The previous release".
#[proc_macro_attribute]
pub fn previous(attr: TokenStream, item: TokenStream) -> TokenStream {
    previous::expand(attr.into(), item.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
