//! The registry of subjects, type-erased behind [`Unit`] so that contexts, strategies and
//! runners can handle any subject by name.

use std::sync::{Arc, OnceLock};

use super::Subject;
use super::harness::{CallTable, Harness, SchemataSession, Session};
use super::heap::{HeapBuild, HeapError, HeapFields, check};
use super::method::{Method, MethodKind, Param, PoolType, Return};
use super::mutant_id::{GOLD, MutantId};
use super::mutation::{MutantInfo, MutationOperator};
use super::probes::{CoverageSession, ProbeTable};
use super::state::StateFunctions;

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
    fn session(&self, context: Arc<dyn CallTable>) -> Box<dyn Session>;
    /// The pools seeded from the subject's code ([`Subject::CODE_POOLS`]): a context's
    /// `int` and `string` pools when it declares none.
    fn code_pools(&self) -> Option<super::CodePools> {
        None
    }
    /// The unit's mutants that are available at run time (compiled into its schemata),
    /// in id order. Empty for a unit without mutants.
    fn mutants(&self) -> &[MutantInfo] {
        &[]
    }
    /// A session that runs mutant `mutant` (0 = gold, through the same schemata build) for
    /// test cases of `context`; `None` if the unit has no such mutant.
    fn mutant_session(
        &self,
        context: Arc<dyn CallTable>,
        mutant: MutantId,
    ) -> Option<Box<dyn Session>> {
        (mutant == crate::subject::GOLD).then(|| self.session(context))
    }
    /// Sessions of the versions that fixed gold's own faults, for test cases of `context`:
    /// a target's difference from gold counts as a failure only when it differs from each
    /// of these too (`oracle::Corrections`). Empty for every unit but a corpus release
    /// whose fixed release holds a later fault of the corpus (`subject::Releases`).
    fn gold_corrections(&self, context: Arc<dyn CallTable>) -> Vec<Box<dyn Session>> {
        let _ = context;
        Vec::new()
    }
    /// The unit as a subject paired with its previous release
    /// (`#[testspace::previous]`, [`super::Previous`]); `None` for every other unit.
    fn previous(&self) -> Option<&super::Previous> {
        None
    }
    /// The text of the port's source file, or `""` when the registry was not told it
    /// (units built with [`SubjectUnit::new`] alone).
    fn source(&self) -> &'static str {
        ""
    }
    /// Where the unit's mutants come from, for a module of a user's crate compiled by
    /// `#[testspace::mutants]`; `None` for the ports and units without mutants.
    fn mutants_source(&self) -> Option<&MutantsSource> {
        None
    }
    /// The port's size in source lines of code, counted by [`super::sloc`] on
    /// [`Unit::source`].
    fn sloc(&self) -> usize {
        super::sloc(self.source())
    }
    /// The probes of the unit's coverage copy (`crates/instrument/src/coverage_copy.rs`); `None` for a
    /// unit without one (a fixture subject).
    fn probes(&self) -> Option<ProbeTable> {
        None
    }
    /// A session running gold through the unit's coverage copy for test cases of
    /// `context`; `None` for a unit without one.
    fn coverage_session(&self, context: Arc<dyn CallTable>) -> Option<CoverageSession> {
        let _ = context;
        None
    }
    /// A session running `mutant` (0 = gold) through the schemata copy, like
    /// [`Unit::mutant_session`], that starts every test case with the structure `heap` in
    /// object slot `slot` and reads objects back with [`Session::object_heap`]. `None` for
    /// a unit that cannot build structures ([`SchemataUnit::with_heaps`]) or has no such
    /// mutant; an error if `heap` does not fit the port's fields.
    fn heap_session(
        &self,
        context: Arc<dyn CallTable>,
        mutant: MutantId,
        slot: usize,
        heap: &HeapFields,
    ) -> Option<Result<Box<dyn Session>, HeapError>> {
        let _ = (context, mutant, slot, heap);
        None
    }
    /// A session running gold through the unit's coverage copy, like
    /// [`Unit::coverage_session`], that starts every test case with the structure `heap` in
    /// object slot `slot` (built once, by the copy's unprobed [`HeapBuild`] glue, before
    /// any test case: building reaches no probe) and reads objects back with
    /// [`Session::object_heap`]. `None` for a unit without a coverage copy that builds
    /// structures ([`SchemataUnit::with_coverage_heaps`]); an error if `heap` does not fit
    /// the port's fields.
    fn coverage_heap_session(
        &self,
        context: Arc<dyn CallTable>,
        slot: usize,
        heap: &HeapFields,
    ) -> Option<Result<CoverageSession, HeapError>> {
        let _ = (context, slot, heap);
        None
    }
}

/// The [`Unit`] of a concrete [`Subject`] type.
pub struct SubjectUnit<S: Subject> {
    methods: Arc<[Method<S>]>,
    infos: Vec<MethodInfo>,
    source: &'static str,
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
        SubjectUnit {
            methods,
            infos,
            source: "",
        }
    }

    /// The same unit, told the text of its source file (for [`Unit::source`] and
    /// [`Unit::sloc`]); `register_subjects!` passes each port's file.
    pub fn with_source(mut self, source: &'static str) -> Self {
        self.source = source;
        self
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
    fn code_pools(&self) -> Option<super::CodePools> {
        S::CODE_POOLS
    }
    fn methods(&self) -> &[MethodInfo] {
        &self.infos
    }
    fn session(&self, context: Arc<dyn CallTable>) -> Box<dyn Session> {
        Box::new(Harness::new(self.methods.clone(), context))
    }
    fn source(&self) -> &'static str {
        self.source
    }
}

/// One row of a schemata copy's table of compiled mutants (`TESTSPACE_MUTANTS`, written
/// by `build.rs`).
#[derive(Clone, Copy, Debug)]
pub struct SchemataMutant {
    /// Stable id within the unit.
    pub id: MutantId,
    /// Operator class name (`replace-operator`, …).
    pub operator: &'static str,
    /// `file:line:column`.
    pub location: &'static str,
    /// The original code.
    pub original: &'static str,
    /// The replacement code.
    pub replacement: &'static str,
}

/// Makes gold sessions of a coverage copy.
type CoverageFactory = Box<dyn Fn(Arc<dyn CallTable>) -> Box<dyn Session> + Send + Sync>;

/// Gold sessions of the coverage copy `copy`, comparing states with `states` if given.
fn coverage_factory<C: Subject>(
    copy: SubjectUnit<C>,
    states: Option<StateFunctions<C>>,
) -> CoverageFactory {
    let methods = copy.methods;
    Box::new(move |context| {
        let session = SchemataSession::new(Arc::clone(&methods), context, GOLD);
        match states {
            Some(states) => Box::new(session.with_states(states)),
            None => Box::new(session),
        }
    })
}

/// How a schemata copy checks, builds and reads structures ([`HeapBuild`] of the copy).
struct HeapFunctions<M> {
    check: fn(&HeapFields) -> Result<(), HeapError>,
    build: fn(&HeapFields) -> M,
    read: fn(&M) -> HeapFields,
}

/// Makes gold sessions of a coverage copy that start from a structure in an object slot.
type CoverageHeapFactory = Box<
    dyn Fn(Arc<dyn CallTable>, usize, &HeapFields) -> Result<Box<dyn Session>, HeapError>
        + Send
        + Sync,
>;

/// Gold sessions of the coverage copy `copy` starting from a structure built by the copy's
/// [`HeapBuild`] (declaration glue, copied without probes).
fn coverage_heap_factory<C: Subject + HeapBuild>(copy: SubjectUnit<C>) -> CoverageHeapFactory {
    let methods = copy.methods;
    Box::new(move |context, slot, heap| {
        check::<C>(heap)?;
        let session = SchemataSession::new(Arc::clone(&methods), context, GOLD).with_object(
            slot,
            C::from_heap(heap),
            C::heap,
        );
        Ok(Box::new(session))
    })
}

/// The [`Unit`] of a subject with mutant schemata: `G` is the plain (gold) port, `M` its
/// schemata copy generated by `build.rs`, in which the compiled mutants are switched at
/// run time. [`Unit::session`] runs `G`; [`Unit::mutant_session`] runs `M` with the
/// mutant (or gold, id 0) active, under the guards; [`Unit::coverage_session`] runs gold
/// through the coverage copy given by [`SchemataUnit::with_coverage`], under the same
/// guards.
pub struct SchemataUnit<G: Subject, M: Subject> {
    gold: SubjectUnit<G>,
    schemata: SubjectUnit<M>,
    mutants: Vec<MutantInfo>,
    coverage: Option<(CoverageFactory, ProbeTable)>,
    heaps: Option<HeapFunctions<M>>,
    /// The coverage copy's structure sessions ([`SchemataUnit::with_coverage_heaps`]).
    coverage_heaps: Option<CoverageHeapFactory>,
    /// The schemata copy's state comparison ([`SchemataUnit::with_states`]).
    states: Option<StateFunctions<M>>,
    /// Where the mutants come from, for a module of a user's crate.
    origin: Option<MutantsSource>,
    /// Its name, when not the port's class name ([`SchemataUnit::with_class`]).
    class: Option<&'static str>,
    /// Its size, when its source is not one file ([`SchemataUnit::with_sloc`]).
    sloc: Option<usize>,
}

impl<G: Subject, M: Subject> SchemataUnit<G, M> {
    /// Pairs the gold port with its schemata copy and the copy's mutant table.
    ///
    /// # Panics
    /// If the two declare different methods, or the table is not in id order or names
    /// an unknown operator class (bugs in the generator).
    pub fn new(table: &[SchemataMutant]) -> Self {
        let gold = SubjectUnit::<G>::new();
        let schemata = SubjectUnit::<M>::new();
        assert_eq!(
            gold.infos,
            schemata.infos,
            "{}: schemata methods differ",
            G::CLASS
        );
        let mutants: Vec<MutantInfo> = table
            .iter()
            .map(|m| MutantInfo {
                id: m.id,
                operator: Some(
                    MutationOperator::from_name(m.operator)
                        .unwrap_or_else(|| panic!("unknown operator class {}", m.operator)),
                ),
                fault: None,
                location: m.location.to_string(),
                original: m.original.to_string(),
                replacement: m.replacement.to_string(),
            })
            .collect();
        assert!(
            mutants.windows(2).all(|w| w[0].id < w[1].id) && mutants.iter().all(|m| m.id > GOLD),
            "{}: mutant table out of order",
            G::CLASS
        );
        SchemataUnit {
            gold,
            schemata,
            mutants,
            coverage: None,
            heaps: None,
            coverage_heaps: None,
            states: None,
            origin: None,
            class: None,
            sloc: None,
        }
    }

    /// The same unit named `class` (a harvested release's mutants,
    /// `SlabOfInts@0.4.11+mutants`) rather than by its port's class name.
    pub fn with_class(mut self, class: &'static str) -> Self {
        self.class = Some(class);
        self
    }

    /// The same unit with `lines` as its size ([`Unit::sloc`]): a harvested release's SLOC,
    /// counted over its module tree when the corpus is fetched.
    pub fn with_sloc(mut self, lines: usize) -> Self {
        self.sloc = Some(lines);
        self
    }

    /// The same unit without the mutants `ids` as targets: those of a harvested release's
    /// own code that lie in functions the subject's methods cannot reach
    /// (`testspace_harvest::reach`), so that no cell is spent on a mutant no test case can
    /// execute.
    pub fn without_mutants(mut self, ids: &[MutantId]) -> Self {
        self.mutants.retain(|m| !ids.contains(&m.id));
        self
    }

    /// The same unit able to start sessions from structures ([`Unit::heap_session`]),
    /// built by the schemata copy's [`HeapBuild`] (declaration glue the generator copies
    /// unmutated from the port, so gold and every mutant build the same instance).
    pub fn with_heaps(mut self) -> Self
    where
        M: HeapBuild,
    {
        self.heaps = Some(HeapFunctions {
            check: check::<M>,
            build: M::from_heap,
            read: M::heap,
        });
        self
    }

    /// The same unit with exact state comparison of its objects in the sessions of
    /// [`Unit::mutant_session`] ([`Session::object_state_hash`],
    /// [`Session::same_object_state`]), from the `PartialEq`, `Eq` and `Hash` its port
    /// derives over every field of its state.
    pub fn with_states(mut self) -> Self
    where
        M: Eq + std::hash::Hash,
    {
        self.states = Some(StateFunctions::derived());
        self
    }

    /// The same unit with the coverage copy `C` of its port (generated by `build.rs`)
    /// and the copy's probes.
    ///
    /// # Panics
    /// If the copy declares other methods than the port (a bug in the generator).
    pub fn with_coverage<C: Subject>(mut self, table: ProbeTable) -> Self {
        let copy = SubjectUnit::<C>::new();
        assert_eq!(
            self.gold.infos,
            copy.infos,
            "{}: coverage copy methods differ",
            G::CLASS
        );
        self.coverage = Some((coverage_factory(copy, None), table));
        self
    }

    /// The same unit able to start gold sessions of its coverage copy `C` from structures
    /// ([`Unit::coverage_heap_session`]), built by the copy's [`HeapBuild`] (the port's
    /// glue, copied without probes), so that a structure run's gold records coverage.
    ///
    /// # Panics
    /// If the unit has no coverage copy yet ([`SchemataUnit::with_coverage`] first).
    pub fn with_coverage_heaps<C: Subject + HeapBuild>(mut self) -> Self {
        assert!(
            self.coverage.is_some(),
            "{}: with_coverage_heaps before with_coverage",
            G::CLASS
        );
        self.coverage_heaps = Some(coverage_heap_factory(SubjectUnit::<C>::new()));
        self
    }

    /// The same unit with exact state comparison of its objects in the sessions of
    /// [`Unit::coverage_session`] too, from the `PartialEq`, `Eq` and `Hash` the coverage
    /// copy `C` derives (the port's, copied with its probes).
    ///
    /// # Panics
    /// If the unit has no coverage copy yet ([`SchemataUnit::with_coverage`] first).
    pub fn with_coverage_states<C: Subject + Eq + std::hash::Hash>(mut self) -> Self {
        let (_, table) = self
            .coverage
            .take()
            .unwrap_or_else(|| panic!("{}: with_coverage_states before with_coverage", G::CLASS));
        let states = StateFunctions::<C>::derived();
        self.coverage = Some((
            coverage_factory(SubjectUnit::<C>::new(), Some(states)),
            table,
        ));
        self
    }

    /// Whether `mutant` is gold or one of the compiled mutants.
    fn knows(&self, mutant: MutantId) -> bool {
        mutant == GOLD || self.mutants.binary_search_by_key(&mutant, |m| m.id).is_ok()
    }

    /// The same unit, told the text of the port's source file (see
    /// [`SubjectUnit::with_source`]).
    pub fn with_source(mut self, source: &'static str) -> Self {
        self.gold = self.gold.with_source(source);
        self
    }

    /// The same unit, told where its mutants come from (`#[testspace::mutants]` writes
    /// this; the ports' come from `subjects/mod.rs`).
    pub fn with_mutants_source(mut self, origin: MutantsSource) -> Self {
        self.origin = Some(origin);
        self
    }
}

/// Where the mutants of a unit of a user's crate come from: a module compiled by
/// `#[testspace::mutants]`. `testspace mutate` run by that crate's binary regenerates the
/// module's catalog from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MutantsSource {
    /// The crate's root directory (its `CARGO_MANIFEST_DIR` when it was compiled).
    pub crate_root: &'static str,
    /// The file holding the module, relative to the crate root (`src/ring.rs`).
    pub file: &'static str,
    /// The module's name, which names its catalog `mutants/<module>.toml`.
    pub module: &'static str,
    /// The module's first line and column (from 0) in the file.
    pub start: (usize, usize),
    /// The line and column (from 0) just past the module's closing brace.
    pub end: (usize, usize),
    /// What the attribute found of the catalog when it compiled the module.
    pub catalog: CatalogState,
}

/// What `#[testspace::mutants]` found of a module's catalog `mutants/<module>.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CatalogState {
    /// Its fingerprint matches the module's mutants: the compiling ones are built in.
    Current,
    /// There is none: the module is built without mutants.
    Missing,
    /// It belongs to another version of the module: built without mutants.
    Stale,
    /// `testspace mutate` is checking which mutants compile: all are built in.
    Checking,
}

impl<G: Subject, M: Subject> Unit for SchemataUnit<G, M> {
    fn class(&self) -> &'static str {
        self.class.unwrap_or(G::CLASS)
    }
    fn java_class(&self) -> &'static str {
        G::JAVA_CLASS
    }
    fn code_pools(&self) -> Option<super::CodePools> {
        G::CODE_POOLS
    }
    fn methods(&self) -> &[MethodInfo] {
        &self.gold.infos
    }
    fn session(&self, context: Arc<dyn CallTable>) -> Box<dyn Session> {
        self.gold.session(context)
    }
    fn mutants(&self) -> &[MutantInfo] {
        &self.mutants
    }
    fn source(&self) -> &'static str {
        self.gold.source()
    }
    fn sloc(&self) -> usize {
        self.sloc.unwrap_or_else(|| super::sloc(self.source()))
    }
    fn mutants_source(&self) -> Option<&MutantsSource> {
        self.origin.as_ref()
    }
    fn mutant_session(
        &self,
        context: Arc<dyn CallTable>,
        mutant: MutantId,
    ) -> Option<Box<dyn Session>> {
        self.knows(mutant).then(|| {
            let session = SchemataSession::new(Arc::clone(&self.schemata.methods), context, mutant);
            match self.states {
                Some(states) => Box::new(session.with_states(states)) as Box<dyn Session>,
                None => Box::new(session) as Box<dyn Session>,
            }
        })
    }
    fn probes(&self) -> Option<ProbeTable> {
        self.coverage.as_ref().map(|(_, table)| *table)
    }
    fn coverage_session(&self, context: Arc<dyn CallTable>) -> Option<CoverageSession> {
        let (factory, table) = self.coverage.as_ref()?;
        Some(CoverageSession::new(factory(context), *table))
    }
    fn heap_session(
        &self,
        context: Arc<dyn CallTable>,
        mutant: MutantId,
        slot: usize,
        heap: &HeapFields,
    ) -> Option<Result<Box<dyn Session>, HeapError>> {
        let heaps = self.heaps.as_ref()?;
        if !self.knows(mutant) {
            return None;
        }
        Some((heaps.check)(heap).map(|()| {
            let session = SchemataSession::new(Arc::clone(&self.schemata.methods), context, mutant)
                .with_object(slot, (heaps.build)(heap), heaps.read);
            Box::new(session) as Box<dyn Session>
        }))
    }
    fn coverage_heap_session(
        &self,
        context: Arc<dyn CallTable>,
        slot: usize,
        heap: &HeapFields,
    ) -> Option<Result<CoverageSession, HeapError>> {
        let factory = self.coverage_heaps.as_ref()?;
        let (_, table) = self.coverage.as_ref()?;
        Some(factory(context, slot, heap).map(|session| CoverageSession::new(session, *table)))
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

/// The process-wide registry: the units [`install`]ed at start-up, or else the ports under
/// `subjects/` (and the fixture units when `TESTSPACE_FIXTURE_SUBJECTS=1`).
pub fn registry() -> &'static Registry {
    REGISTRY.get_or_init(|| {
        let mut units = crate::subjects::all();
        units.extend(super::fixtures::fixture_units());
        Registry::new(units)
    })
}

static REGISTRY: OnceLock<Registry> = OnceLock::new();

/// Why [`install`] refused a list of units.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum InstallError {
    /// The list is empty.
    #[error("no subjects given: list at least one type in `testspace::subjects![…]`")]
    Empty,
    /// Two units share a class name, by which contexts and experiments name them.
    #[error(
        "two subjects are named `{0}`: class names must be unique (rename one type, or wrap it in a type of another name)"
    )]
    Duplicate(String),
    /// The registry was read or installed before.
    #[error("the subjects are installed once, before anything reads the registry")]
    AlreadySet,
    /// The acknowledged changes of a previous-release oracle are invalid or match nothing.
    #[error("{0}")]
    Previous(String),
}

/// Makes `units` the process-wide registry, in place of the ports: what a crate's own
/// binary does before the command line runs (`testspace::main`). Every worker process
/// runs the same binary, so it installs the same units in the same order.
pub fn install(units: Vec<Box<dyn Unit>>) -> Result<(), InstallError> {
    if units.is_empty() {
        return Err(InstallError::Empty);
    }
    for (i, unit) in units.iter().enumerate() {
        if units[..i].iter().any(|u| u.class() == unit.class()) {
            return Err(InstallError::Duplicate(unit.class().to_string()));
        }
    }
    super::previous::check_units(&units).map_err(InstallError::Previous)?;
    REGISTRY
        .set(Registry::new(units))
        .map_err(|_| InstallError::AlreadySet)
}

/// A type declared a subject by `#[testspace::subject]`: how to make its [`Unit`]
/// (with its mutant schemata and coverage copy when it sits in a `#[testspace::mutants]`
/// module). `testspace::subjects![A, B]` lists the units of such types.
pub trait Declared {
    /// The unit of this type.
    fn unit() -> Box<dyn Unit>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn installing_refuses_an_empty_list_and_repeated_names() {
        // (Refused lists leave the process-wide registry unset, so this test cannot disturb
        // the others.)
        assert_eq!(install(Vec::new()), Err(InstallError::Empty));
        let twice: Vec<Box<dyn Unit>> = vec![
            Box::new(SubjectUnit::<crate::subjects::array_list::ArrayList>::new()),
            Box::new(SubjectUnit::<crate::subjects::array_list::ArrayList>::new()),
        ];
        assert_eq!(
            install(twice),
            Err(InstallError::Duplicate("ArrayList".into()))
        );
    }

    #[test]
    fn units_without_a_source_have_no_sloc() {
        let unit = SubjectUnit::<crate::subjects::array_list::ArrayList>::new();
        assert_eq!((unit.source(), unit.sloc()), ("", 0));
    }

    #[test]
    fn registered_units_have_the_sloc_of_their_readme_row() {
        // subjects/README.md's SLOC column (column 4) gives every registered `java.util`
        // unit's count by the rule of `super::sloc`.
        let readme = include_str!("../../subjects/README.md");
        let mut checked = 0;
        for unit in registry().units() {
            let prefix = format!("| {} |", unit.class());
            let Some(row) = readme.lines().find(|l| l.starts_with(&prefix)) else {
                assert!(
                    !unit.java_class().starts_with("java.util."),
                    "no README row for {}",
                    unit.class()
                );
                continue;
            };
            let column = row.split('|').nth(3).unwrap().trim();
            let readme_sloc: usize = column.parse().unwrap();
            assert_eq!(unit.sloc(), readme_sloc, "{}", unit.class());
            checked += 1;
        }
        assert_eq!(checked, 16, "README rows of the 16 units");
    }
}
