//! # testspace
//!
//! A research workbench for comparing *explorative* unit-testing strategies, after
//! Andrews, Zhang & Groce, *Comparing Automated Unit Testing Strategies* (2010).
//!
//! A [`context::TestContext`] (methods M_C, types of interest T_I, value-pool sizes
//! vps(t) and initial values) plus a length n defines a search tree of canonical-form
//! test cases with z = jⁿ leaves. [`encoding`] maps each leaf to its test-case index
//! and back; [`strategy`] walks the tree (BE, R, BOBW, …); [`subject`] declares the
//! units under test; [`analysis`] holds the failure-density mathematics of Section 5.
#![warn(missing_docs)]

// The code the syntax pass writes names the run time as `::testspace::…`, in user crates
// and in the ports compiled into this one alike.
extern crate self as testspace;

pub mod allocator;
pub mod analysis;
pub mod cli;
pub mod context;
pub mod corpus;
pub mod coverage;
pub mod demo;
pub mod encoding;
pub mod experiment;
pub mod generator;
pub mod harvest;
pub mod kernel;
pub mod mutant;
pub mod oracle;
pub mod plot;
pub mod reduce;
pub mod report;
pub mod reproduce;
pub mod runner;
pub mod spec;
pub mod stats;
pub mod strategy;
pub mod structure;
pub mod subject;
pub mod table;
pub mod tune;
pub mod walk;

pub use allocator::Allocator;

/// The whole command line over a crate's own subjects: installs `units` as the registry
/// ([`subject::install`]) and runs the `testspace` CLI (run, compare, plot, reduce,
/// show-test, coverage, mutate, the worker processes, shards and Slurm). A crate's binary
/// is one line:
///
/// ```ignore
/// fn main() -> std::process::ExitCode {
///     testspace::main(testspace::subjects![Ring, Ledger])
/// }
/// ```
pub fn main(units: Vec<Box<dyn subject::Unit>>) -> std::process::ExitCode {
    if let Err(err) = subject::install(units) {
        crate::kernel::stderr_line!("error: {err}");
        return std::process::ExitCode::FAILURE;
    }
    cli::main()
}

/// The units of types declared by `#[testspace::subject]`, in the order given, for
/// [`main`]: `testspace::subjects![Ring, Ledger]`.
#[macro_export]
macro_rules! subjects {
    ($($subject:ty),* $(,)?) => {
        ::std::vec![$(<$subject as $crate::subject::Declared>::unit()),*]
    };
}

pub use testspace_macros::{mutants, previous, subject};

/// Whether `debug_assert!`s in code under `#[testspace::subject]` and
/// `#[testspace::mutants]` are checked in every build, release too (the feature
/// `live-assertions`, on by default; `docs/own-crate.md`, "Live assertions").
pub const LIVE_ASSERTIONS: bool = cfg!(feature = "live-assertions");

/// `debug_assert!` in a subject's code: checked when the crate being built has debug
/// assertions or [`LIVE_ASSERTIONS`] is on. The attributes write it; not for direct use.
#[doc(hidden)]
#[macro_export]
macro_rules! __live_debug_assert {
    ($($arg:tt)*) => {
        if ::core::cfg!(debug_assertions) || $crate::LIVE_ASSERTIONS {
            ::core::assert!($($arg)*);
        }
    };
}

/// `debug_assert_eq!` in a subject's code (see [`__live_debug_assert`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __live_debug_assert_eq {
    ($($arg:tt)*) => {
        if ::core::cfg!(debug_assertions) || $crate::LIVE_ASSERTIONS {
            ::core::assert_eq!($($arg)*);
        }
    };
}

/// `debug_assert_ne!` in a subject's code (see [`__live_debug_assert`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __live_debug_assert_ne {
    ($($arg:tt)*) => {
        if ::core::cfg!(debug_assertions) || $crate::LIVE_ASSERTIONS {
            ::core::assert_ne!($($arg)*);
        }
    };
}

/// The Rust ports of the paper's `java.util` subjects (sources under `subjects/`).
// The ports keep the JDK's nesting: their mutant catalogs are made from their text.
#[allow(clippy::collapsible_if)]
#[path = "../subjects/mod.rs"]
pub mod subjects;
