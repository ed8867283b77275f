//! The subject interface: how a unit under test declares its methods to the harness,
//! and how the harness calls method number m with arguments taken from value pools.
//!
//! A subject is one Rust type implementing [`Subject`]: a class name and a list of
//! [`Method`]s (constructors, static and instance methods, each with parameter and
//! return types drawn from the types of interest). Registering it takes one line in
//! `subjects/mod.rs`. The harness ([`harness`]) owns the value pools of one test case,
//! runs calls by their method-call index, turns `null` targets and unboxed `null`s into
//! `NullPointerException`, and catches panics silently, recording them as
//! [`JavaException::Panic`] (or, for the mutant guards of [`guard`], as `Timeout`,
//! `RecursionLimit` or `AllocationLimit`).

/// Run-time helpers of the code `#[testspace::subject]` generates.
pub mod derive;
mod exception;
pub mod fixtures;
pub use testspace_instrument::glue;
pub mod guard;
pub mod harness;
pub mod heap;
mod method;
mod mutant_id;
pub mod mutation;
mod pool_init;
pub mod previous;
pub mod probes;
pub mod refusals;
mod registry;
mod releases;
mod sloc;
pub mod state;

pub use exception::JavaException;
pub use harness::{CallTable, Harness, Pools, PrimitivePools, SchemataSession, Session};
pub use method::{Args, Body, Method, MethodKind, Param, PoolType, Return, Value};
pub use mutant_id::{GOLD, MutantId};
pub use mutation::{MutantInfo, MutationOperator};
pub use pool_init::PoolInit;
pub use previous::Previous;
pub use registry::{
    CatalogState, Declared, InstallError, MethodInfo, MutantsSource, Registry, SchemataMutant,
    SchemataUnit, SubjectError, SubjectUnit, Unit, install, registry,
};
pub use releases::{FaultInfo, Releases, ReleasesError};
pub use sloc::{is_code_line, sloc};

/// A unit under test: a Rust port of a class, with the methods the harness may call.
///
/// Contract: `methods()` returns the same list, in the same order, on every call; the
/// order defines the method numbering of M_C (and so the test-case indices). Method
/// signatures ([`Method::signature`]) are unique within the subject. Method bodies are
/// deterministic functions of their target and arguments.
pub trait Subject: Clone + Send + Sync + 'static {
    /// The simple class name, as used in context files and on the command line
    /// (`"ArrayList"`).
    const CLASS: &'static str;
    /// The Java class this ports (`"java.util.ArrayList"`).
    const JAVA_CLASS: &'static str;
    /// The methods the harness may call; the default M_C is all of them.
    fn methods() -> Vec<Method<Self>>;
    /// Java's `toString()` of the instance, used when showing value pools.
    fn to_java_string(&self) -> String;
    /// The pools seeded from the subject's code, the default of a context that declares
    /// no `int` or `string` pool (`#[testspace::subject]` fills it); `None`: the paper's.
    const CODE_POOLS: Option<CodePools> = None;
}

/// Pools seeded from a subject's code (the crate `testspace-pools`): the defaults, the
/// boundary values of its integer parameter types and the literals of its code, each
/// with where it comes from (`u8's largest`, `a constant of the crate (3 times)`). A pool
/// no parameter of the subject draws from is empty (the paper's default applies).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodePools {
    /// The `int` pool's values and origins.
    pub ints: &'static [(i32, &'static str)],
    /// The `string` pool's values and origins.
    pub strings: &'static [(&'static str, &'static str)],
}

impl CodePools {
    /// The `int` values.
    pub fn int_values(&self) -> Vec<i32> {
        self.ints.iter().map(|&(value, _)| value).collect()
    }

    /// The `string` values.
    pub fn string_values(&self) -> Vec<String> {
        self.strings
            .iter()
            .map(|&(value, _)| value.to_string())
            .collect()
    }
}
