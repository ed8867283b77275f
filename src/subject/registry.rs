//! The registry of subjects, type-erased behind [`Unit`] so that contexts, strategies and
//! runners can handle any subject by name.

use std::sync::{Arc, OnceLock};

use super::Subject;
use super::harness::{Harness, Session};
use super::method::{Method, MethodKind, Param, PoolType, Return};
use super::mutation::{MutantId, MutantInfo};
use crate::context::TestContext;

/// What a context needs to know about one method, independent of the subject's type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MethodInfo {
    /// Position in the subject's method list.
    pub number: usize,
    /// Java method name.
    pub name: &'static str,
    /// Unique signature within the class, e.g. `add(int,Integer)`.
    pub signature: String,
    /// Constructor, static or instance.
    pub kind: MethodKind,
    /// Declared parameter types.
    pub params: Vec<Param>,
    /// Declared return type.
    pub returns: Return,
    /// Pools of the parameter-tuple slots: parameters, then target, then return slot.
    pub slots: Vec<PoolType>,
}

/// A registered subject, type-erased.
pub trait Unit: Send + Sync {
    /// Simple class name (`ArrayList`).
    fn class(&self) -> &'static str;
    /// The Java class it ports (`java.util.ArrayList`).
    fn java_class(&self) -> &'static str;
    /// All declared methods, in declaration order.
    fn methods(&self) -> &[MethodInfo];
    /// A fresh execution session for test cases of `context` (which must have been built
    /// for this unit).
    fn session(&self, context: Arc<TestContext>) -> Box<dyn Session>;
    /// The unit's mutants that are available at run time (compiled into its schemata),
    /// in id order. Empty for a unit without mutants.
    fn mutants(&self) -> &[MutantInfo] {
        &[]
    }
    /// A session that runs mutant `mutant` (0 = gold, through the same schemata build) for
    /// test cases of `context`; `None` if the unit has no such mutant.
    fn mutant_session(
        &self,
        context: Arc<TestContext>,
        mutant: MutantId,
    ) -> Option<Box<dyn Session>> {
        (mutant == crate::subject::GOLD).then(|| self.session(context))
    }
}

/// The [`Unit`] of a concrete [`Subject`] type.
pub struct SubjectUnit<S: Subject> {
    methods: Arc<[Method<S>]>,
    infos: Vec<MethodInfo>,
}

impl<S: Subject> SubjectUnit<S> {
    /// Collects the subject's method declarations.
    ///
    /// # Panics
    /// If two methods share a signature (a bug in the subject declaration).
    pub fn new() -> Self {
        let methods: Arc<[Method<S>]> = S::methods().into();
        let infos: Vec<MethodInfo> = methods
            .iter()
            .enumerate()
            .map(|(number, m)| MethodInfo {
                number,
                name: m.name,
                signature: m.signature(S::CLASS),
                kind: m.kind(),
                params: m.params.to_vec(),
                returns: m.returns,
                slots: m.slot_pools(),
            })
            .collect();
        for (i, a) in infos.iter().enumerate() {
            if let Some(b) = infos[..i].iter().find(|b| b.signature == a.signature) {
                panic!(
                    "subject {} declares {} twice (methods {} and {})",
                    S::CLASS,
                    a.signature,
                    b.number,
                    a.number
                );
            }
        }
        SubjectUnit { methods, infos }
    }
}

impl<S: Subject> Default for SubjectUnit<S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Subject> Unit for SubjectUnit<S> {
    fn class(&self) -> &'static str {
        S::CLASS
    }
    fn java_class(&self) -> &'static str {
        S::JAVA_CLASS
    }
    fn methods(&self) -> &[MethodInfo] {
        &self.infos
    }
    fn session(&self, context: Arc<TestContext>) -> Box<dyn Session> {
        Box::new(Harness::new(self.methods.clone(), context))
    }
}

/// Errors looking up subjects.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SubjectError {
    /// No subject is registered under this name.
    #[error("unknown subject `{name}` (known subjects: {known})")]
    Unknown {
        /// The name asked for.
        name: String,
        /// The registered names, comma-separated.
        known: String,
    },
}

/// All registered subjects, in registration order.
pub struct Registry {
    units: Vec<Box<dyn Unit>>,
}

impl Registry {
    /// A registry of the given units.
    pub fn new(units: Vec<Box<dyn Unit>>) -> Self {
        Registry { units }
    }

    /// The registered units.
    pub fn units(&self) -> impl Iterator<Item = &dyn Unit> {
        self.units.iter().map(|u| u.as_ref())
    }

    /// The unit with this class name (case-sensitive, e.g. `ArrayList`).
    pub fn find(&self, name: &str) -> Result<&dyn Unit, SubjectError> {
        self.units()
            .find(|u| u.class() == name)
            .ok_or_else(|| SubjectError::Unknown {
                name: name.to_string(),
                known: self
                    .units()
                    .map(|u| u.class())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

/// The process-wide registry of the subjects under `subjects/`.
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut units = crate::subjects::all();
        units.extend(super::fixture::fixture_units());
        Registry::new(units)
    })
}
