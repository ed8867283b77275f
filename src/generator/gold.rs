//! Gold's side of generation: candidate sequences run on the gold version (through the
//! unit's coverage copy where it has one), and the object contracts and `equals`/`hashCode`
//! of the unit's own methods evaluated on the objects they leave.

use std::any::Any;
use std::collections::BTreeSet;
use std::sync::Arc;

use smallvec::SmallVec;

use super::GeneratedCase;
use super::sequence::{Input, Sequence, Statement};
use crate::context::{PoolInit, TestContext};
use crate::subject::{
    GOLD, JavaException, MethodInfo, MethodKind, Param, PoolType, Session, Unit, guard,
};

/// The result of one candidate on gold.
#[derive(Debug, PartialEq)]
pub struct Execution {
    /// The number of calls executed (all of them, unless one hit a guard).
    pub executed: usize,
    /// Whether an executed call threw (a guard event included).
    pub exception: bool,
    /// The last executed call's outcome (`None`: no call).
    pub last_outcome: Option<Result<(), JavaException>>,
    /// Whether a call hit a harness guard (gold used more than
    /// [`guard::GOLD_FUEL_BUDGET`] fuel, recursed too deep or allocated too much).
    pub guarded: bool,
    /// For each statement asked about, where its object result is at the end (`None`:
    /// `null`, or not an object).
    pub objects: ObjectResults,
    /// The non-null primitive results of the statements asked about.
    pub primitives: PrimitiveResults,
    /// The coverage probes reached (empty without a coverage copy).
    pub covered: Vec<u32>,
    /// The probes the last call reached, when the executor attributes probes to the last
    /// call ([`GoldExecutor::attribute_last_call`]; empty otherwise).
    pub last_call_covered: Vec<u32>,
    /// The fuel gold used (loop iterations and function entries of its guarded copy); the
    /// number of calls for a unit without guards.
    pub fuel: u64,
    /// Whether the last call changed its receiver, when the executor observes receivers
    /// ([`GoldExecutor::observe_receivers`]), the last call is an instance method that
    /// returned normally, and the unit declares `equals` or `toString` to compare with.
    pub receiver_changed: Option<bool>,
}

impl Execution {
    /// Whether a call threw (or hit a harness guard).
    pub fn threw(&self) -> bool {
        self.guarded || self.exception
    }
}

/// Statements asked about and where their object results are (`None`: `null`, or not an
/// object).
pub type ObjectResults = SmallVec<[(usize, Option<ObjectSlot>); 2]>;

/// Where a statement's result is: its pool and slot (`None`: `void`).
pub type ResultSlot = Option<(PoolType, u32)>;

/// Statements asked about, each with where its result is.
pub type WantedResults = SmallVec<[(usize, ResultSlot); 2]>;

/// The non-null primitive results of statements asked about.
pub type PrimitiveResults = SmallVec<[PrimitiveResult; 2]>;

/// A non-null primitive result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrimitiveResult {
    /// An `int`.
    Int(i32),
    /// A `boolean`.
    Bool(bool),
    /// A `String`.
    Str(String),
}

/// The unit's `equals(Object)`, `hashCode()` and `toString()`, by method number, whether
/// or not M_C holds them (`None`: the unit does not declare one, so Java's `Object`
/// version applies: identity, which never throws).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ObjectMethods {
    /// `equals(Object)`.
    pub equals: Option<usize>,
    /// `hashCode()`.
    pub hash_code: Option<usize>,
    /// `toString()`.
    pub to_string: Option<usize>,
}

impl ObjectMethods {
    /// Looks them up in the unit's declarations.
    pub fn of(methods: &[MethodInfo]) -> Self {
        let find = |name: &str, params: &[Param]| {
            methods
                .iter()
                .find(|m| m.name == name && m.params == params)
                .map(|m| m.number)
        };
        ObjectMethods {
            equals: find("equals", &[Param::Object]),
            hash_code: find("hashCode", &[]),
            to_string: find("toString", &[]),
        }
    }
}

/// Which default Randoop contract an object broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ContractViolation {
    /// A call threw `NullPointerException` though none of its inputs was `null`.
    NullPointerWithoutNull,
    /// `o.equals(o)` returned `false`.
    EqualsNotReflexive,
    /// `equals` threw.
    EqualsThrew,
    /// `hashCode` threw.
    HashCodeThrew,
    /// `toString` threw.
    ToStringThrew,
}

/// How a generation in a supervised worker process watches gold's calls: a gold that ends
/// the process (an abort, a loop without end) cannot be caught in it, so the supervisor
/// makes the suite again from the start with that call answered as a panic, which is
/// deterministic (docs/faults.md, "Gold during generation").
#[derive(Clone, Debug, Default)]
pub struct CallWatch {
    /// Gold's calls, by their number among the calls run ([`GoldExecutor::calls_run`]
    /// before the call), that ended the process in an earlier attempt: each is answered
    /// with [`JavaException::Panic`] without running.
    pub skipped: BTreeSet<u64>,
    /// Told k before gold's call k runs, so that a death is placed at the last call that
    /// ran: in it, or after it (a check of its objects, or their drop when the next
    /// candidate's pools are loaded) before the next one.
    pub mark: Option<fn(u64)>,
    /// Methods without inputs (constructors and static methods without parameters) one of
    /// whose calls is skipped: every later call of theirs is the same call, which would end
    /// the process again, and is answered as a panic without running.
    pub ended: BTreeSet<usize>,
}

/// Runs candidates and object checks on gold for one unit and M_C.
///
/// The object checks run in place, on the objects the last candidate left in the
/// session's pools, as Randoop runs its contracts on the live objects of a sequence. Each
/// check gets a fresh fuel budget (as a test case of its own would), and its result goes
/// to a spare slot of its type beyond the candidate's pools, so the candidate's values are
/// untouched by a check unless the check itself changes its receiver (gold's `equals`,
/// `hashCode` and `toString` do not: tests/object_methods.rs).
pub struct GoldExecutor<'a> {
    unit: &'a dyn Unit,
    /// The unit's declarations.
    pub methods: &'a [MethodInfo],
    /// The context (M_C).
    pub context: Arc<TestContext>,
    session: Box<dyn Session>,
    /// Probe ids of the coverage copy (0: none).
    probes: usize,
    /// The pools the last candidate ran from: its own, then one spare slot per type.
    pools: PoolInit,
    /// The unit's object methods.
    pub object_methods: ObjectMethods,
    /// Cost units used: calls of candidates executed on gold, a restored prefix's
    /// included ([`GoldExecutor::execute_resumed`]).
    pub cost: u64,
    /// The calls of candidates that gold actually ran (at most `cost`: a restored
    /// prefix's calls are not run again).
    pub calls_run: u64,
    /// Whether [`Execution::last_call_covered`] is filled.
    attribute_last_call: bool,
    /// Whether [`Execution::receiver_changed`] is filled.
    observe_receivers: bool,
    /// Whether [`GoldExecutor::execute_resumed`] may restore a prefix instead of running it.
    restore_prefixes: bool,
    /// Whether each restored execution is checked against a full run.
    #[cfg(test)]
    check_restores: bool,
    /// Calls answered without running, and where to mark calls.
    watch: CallWatch,
}

impl<'a> GoldExecutor<'a> {
    /// An executor for `unit` and `context`; through the coverage copy when `coverage` is
    /// set and the unit has one.
    pub fn new(unit: &'a dyn Unit, context: Arc<TestContext>, coverage: bool) -> Self {
        let probes = match (coverage, unit.probes()) {
            (true, Some(table)) => table.probes.len(),
            _ => 0,
        };
        let mut session: Box<dyn Session> = if probes > 0 {
            let mut session = unit
                .coverage_session(context.clone())
                .expect("a unit with probes has a coverage copy");
            session.clear_per_test_case(true);
            Box::new(session)
        } else {
            unit.mutant_session(context.clone(), GOLD)
                .expect("every unit has a gold version")
        };
        session.set_fuel_budget(guard::GOLD_FUEL_BUDGET);
        GoldExecutor {
            unit,
            methods: unit.methods(),
            object_methods: ObjectMethods::of(unit.methods()),
            context,
            session,
            probes,
            pools: PoolInit {
                ints: Vec::new(),
                bools: Vec::new(),
                strings: Vec::new(),
                objects: 0,
            },
            cost: 0,
            calls_run: 0,
            attribute_last_call: false,
            observe_receivers: false,
            restore_prefixes: true,
            #[cfg(test)]
            check_restores: false,
            watch: CallWatch::default(),
        }
    }

    /// From now on, gold's calls are marked and the skipped ones answered as panics
    /// ([`CallWatch`]).
    pub fn watch(&mut self, watch: CallWatch) {
        self.watch = watch;
    }

    /// Runs a candidate's call on gold as the watch says, counting it in
    /// [`GoldExecutor::calls_run`].
    fn step(&mut self, method: usize, slots: &[u32]) -> Result<(), JavaException> {
        let call = self.calls_run;
        self.calls_run += 1;
        if self.watch.skipped.contains(&call) {
            let info = &self.methods[method];
            if info.kind != MethodKind::Instance && info.params.is_empty() {
                self.watch.ended.insert(method);
            }
            return Err(JavaException::Panic);
        }
        if self.watch.ended.contains(&method) {
            return Err(JavaException::Panic);
        }
        if let Some(mark) = self.watch.mark {
            mark(call);
        }
        self.session.step_slots(method, slots)
    }

    /// From now on, each execution also reports whether its last call changed its
    /// receiver ([`Execution::receiver_changed`]): the receiver is copied before the call
    /// and compared with the unit's own `equals` afterwards (`toString` for a unit without
    /// `equals`) — a run-time observation of impurity.
    pub fn observe_receivers(&mut self) {
        self.observe_receivers = true;
    }

    /// From now on, each execution also reports the probes its last call reached on its
    /// own ([`Execution::last_call_covered`]): the probe flags are read and cleared before
    /// the last call. A no-op without coverage.
    pub fn attribute_last_call(&mut self) {
        self.attribute_last_call = self.probes > 0;
    }

    /// The unit.
    pub fn unit(&self) -> &'a dyn Unit {
        self.unit
    }

    /// The number of coverage probes (0: no coverage).
    pub fn probes(&self) -> usize {
        self.probes
    }

    /// Runs a candidate on gold from its own pools and reads the results of the
    /// statements `wanted`; adds its executed calls to the cost. Its objects stay in the
    /// session for [`GoldExecutor::check_contracts`], [`GoldExecutor::equals`] and
    /// [`GoldExecutor::object`] until the next candidate runs.
    pub fn execute(&mut self, case: &GeneratedCase, wanted: &[usize]) -> Execution {
        let slots = result_slots(case, wanted.iter().copied(), self.methods);
        let execution = self
            .run_case(case, None, &slots)
            .expect("a full run is an execution");
        self.cost += execution.executed as u64;
        execution
    }

    /// [`GoldExecutor::execute`] for a candidate whose leading calls ran before, as
    /// `resumed` describes: gold runs only the calls of its frame, from copies of the
    /// objects the prefix left, the prefix's fuel charged and its probes counted as
    /// reached, and reads the results of the statements [`Resumed::wanted`] names.
    /// `full` makes the candidate's canonical form (from the unit's methods and T_I),
    /// run from its first call instead when the prefix's fuel exhausts the budget, when
    /// a call of the prefix that did not run before ([`Resumed::rerun`]) hits a guard
    /// (to trip the guard where a full run trips it), and where restoring is off
    /// ([`GoldExecutor::run_prefixes`]). The cost and [`Execution`] are a full run's
    /// either way (object slots apart: they are the frame's): the prefix's calls count
    /// as executed, as Randoop, which runs every sequence from its start, spends time on
    /// them.
    pub fn execute_resumed(
        &mut self,
        resumed: Resumed<'_>,
        full: impl FnOnce(&[MethodInfo], &[PoolType]) -> GeneratedCase,
    ) -> Execution {
        let restoring = self.restore_prefixes && resumed.fuel < guard::GOLD_FUEL_BUDGET;
        let restored = if restoring {
            self.run_case(resumed.frame, Some(&resumed), resumed.wanted)
        } else {
            None
        };
        let execution = match restored {
            Some(execution) => {
                #[cfg(test)]
                if self.check_restores {
                    let case = full(self.methods, self.context.types_of_interest());
                    self.check_restored(&case, resumed.wanted, &execution);
                    // The frame again, so that the session holds what it left.
                    let calls_run = self.calls_run;
                    let again = self.run_case(resumed.frame, Some(&resumed), resumed.wanted);
                    self.calls_run = calls_run;
                    assert_eq!(again.as_ref(), Some(&execution), "a frame run twice");
                }
                execution
            }
            // Not restored, or a call of the prefix run after the others' fuel was
            // charged hit a guard, which a full run may hit elsewhere or not at all.
            None => {
                let case = full(self.methods, self.context.types_of_interest());
                let statements = resumed.wanted.iter().map(|&(statement, _)| statement);
                let slots = result_slots(&case, statements, self.methods);
                self.run_case(&case, None, &slots)
                    .expect("a full run is an execution")
            }
        };
        self.cost += execution.executed as u64;
        execution
    }

    /// Runs the calls of `case` from its pools, after restoring what `resumed` says the
    /// prefix left (`None`: `case` is a whole candidate, run from its first call), and
    /// reads the results at `wanted` (per statement asked about, its result's pool and
    /// slot in `case`); `None` when a call of the prefix hits a guard.
    fn run_case(
        &mut self,
        case: &GeneratedCase,
        resumed: Option<&Resumed<'_>>,
        wanted: &[(usize, ResultSlot)],
    ) -> Option<Execution> {
        self.load(case);
        let mut executed = 0;
        let mut rerun = 0;
        if let Some(resumed) = resumed {
            for &(slot, object) in resumed.objects {
                self.session.put_object(slot as usize, object);
            }
            // Copying an object can reach probes (a port's own `Clone`): not the
            // candidate's.
            crate::subject::probes::clear(self.probes);
            self.session.spend_fuel(resumed.fuel);
            executed = resumed.calls;
            rerun = resumed.rerun;
        }
        // The calls of the whole candidate.
        let total = executed + case.calls.len() - rerun;
        let mut exception = false;
        let mut last_outcome = None;
        let mut guarded = false;
        let mut covered = Vec::new();
        let last = case.calls.len().saturating_sub(1);
        let mut receiver_before = None;
        for (i, call) in case.calls.iter().enumerate() {
            if i == last {
                if self.attribute_last_call {
                    self.read_probes(&mut covered);
                    crate::subject::probes::clear(self.probes);
                }
                if self.observe_receivers {
                    receiver_before = self.receiver_of(call.method as usize, &call.slots);
                }
            }
            let outcome = self.step(call.method as usize, &call.slots);
            exception |= outcome.is_err();
            let guard = outcome.as_ref().is_err_and(|e| e.is_guard());
            last_outcome = Some(outcome);
            if i < rerun {
                if guard {
                    return None;
                }
                continue; // counted in the prefix
            }
            executed += 1;
            if guard {
                guarded = true;
                break;
            }
        }
        let fuel = self.session.fuel_used().unwrap_or(executed as u64);
        let mut last_call_covered = Vec::new();
        if self.attribute_last_call && executed == total {
            self.read_probes(&mut last_call_covered);
            covered = merge_ascending(&covered, &last_call_covered);
        } else if self.probes > 0 {
            self.read_probes(&mut covered);
        }
        if let Some(resumed) = resumed
            && self.probes > 0
        {
            // The flags were cleared when the pools were loaded: they hold what the
            // calls run here reached.
            covered = resumed
                .covered
                .iter()
                .fold(covered, |union, part| merge_ascending(&union, part));
        }
        let receiver_changed = match receiver_before {
            Some((slot, before)) if executed == total && !exception => {
                self.same_state(slot, before.as_ref()).map(|same| !same)
            }
            _ => None,
        };
        let (objects, primitives) = self.results(wanted);
        Some(Execution {
            executed,
            exception,
            last_outcome,
            guarded,
            objects,
            primitives,
            covered,
            last_call_covered,
            fuel,
            receiver_changed,
        })
    }

    /// Runs `case`, the candidate whose frame gave `restored`, again from its first call
    /// and panics unless that gives the same execution (the slots of its objects apart)
    /// and leaves the objects asked about (the statements of `wanted`) in the same states. Counts nothing: the cost is
    /// as before.
    #[cfg(test)]
    fn check_restored(
        &mut self,
        case: &GeneratedCase,
        wanted: &[(usize, ResultSlot)],
        restored: &Execution,
    ) {
        let copies: Vec<_> = restored
            .objects
            .iter()
            .map(|&(_, slot)| slot.map(|slot| self.object(slot)))
            .collect();
        let calls_run = self.calls_run;
        let statements = wanted.iter().map(|&(statement, _)| statement);
        let slots = result_slots(case, statements, self.methods);
        let mut full = self.run_case(case, None, &slots).expect("a full run");
        self.calls_run = calls_run;
        let full_slots = full.objects.clone();
        for ((_, slot), &(_, restored_slot)) in full.objects.iter_mut().zip(&restored.objects) {
            if slot.is_some() && restored_slot.is_some() {
                *slot = restored_slot;
            }
        }
        assert_eq!(&full, restored, "a restored prefix gave another execution");
        for (&(statement, slot), copy) in full_slots.iter().zip(copies) {
            if let (Some(slot), Some(copy)) = (slot, copy) {
                let same = match self
                    .session
                    .same_object_state(slot.0 as usize, copy.as_ref())
                {
                    Some(same) => same,
                    None => self.equals(slot, copy.as_ref()),
                };
                assert!(
                    same,
                    "statement {statement}: another state after a restored prefix"
                );
            }
        }
    }

    /// From now on each candidate whose prefix is restored runs again in full, and the
    /// two executions must agree ([`GoldExecutor::check_restored`]).
    #[cfg(test)]
    pub(crate) fn check_restores(&mut self) {
        self.check_restores = true;
    }

    /// From now on every candidate runs from its first call, even where
    /// [`GoldExecutor::execute_resumed`] could restore its prefix (the reference its
    /// restoring is checked against).
    pub fn run_prefixes(&mut self) {
        self.restore_prefixes = false;
    }

    /// Sets the session's pools to the candidate's own, plus one spare slot per type.
    fn load(&mut self, case: &GeneratedCase) {
        self.pools.ints.clone_from(&case.pools.ints);
        self.pools.ints.push(0);
        self.pools.bools.clone_from(&case.pools.bools);
        self.pools.bools.push(false);
        self.pools.strings.clone_from(&case.pools.strings);
        self.pools.strings.push(String::new());
        self.pools.objects = case.pools.objects + 1;
        self.session.reset_to(&self.pools);
    }

    /// Where the object results of the statements asked about (`wanted`: each with its
    /// result's pool and slot) of the candidate just run are, and their non-null
    /// primitive results.
    fn results(&self, wanted: &[(usize, ResultSlot)]) -> (ObjectResults, PrimitiveResults) {
        let session = &self.session;
        let mut objects = SmallVec::with_capacity(wanted.len());
        let mut primitives = SmallVec::new();
        for &(statement, result) in wanted {
            let mut object = None;
            match result {
                Some((PoolType::Object, slot)) if !session.is_null(slot as usize) => {
                    object = Some(ObjectSlot(slot));
                }
                Some((PoolType::Object, _)) | None => {}
                Some((PoolType::Int, slot)) => {
                    if let Some(v) = session.int_at(slot as usize) {
                        primitives.push(PrimitiveResult::Int(v));
                    }
                }
                Some((PoolType::Bool, slot)) => {
                    primitives.push(PrimitiveResult::Bool(session.bool_at(slot as usize)));
                }
                Some((PoolType::Str, slot)) => {
                    if let Some(v) = session.string_at(slot as usize) {
                        primitives.push(PrimitiveResult::Str(v));
                    }
                }
            }
            objects.push((statement, object));
        }
        (objects, primitives)
    }

    /// The receiver's slot of a call of `method` with `slots`, and a copy of the object
    /// there (`None`: not an instance method, or a `null` receiver).
    fn receiver_of(
        &self,
        method: usize,
        slots: &[u32],
    ) -> Option<(ObjectSlot, Box<dyn Any + Send>)> {
        let info = &self.methods[method];
        if info.kind != crate::subject::MethodKind::Instance {
            return None;
        }
        let slot = slots[info.params.len()];
        let object = self.session.object(slot as usize)?;
        Some((ObjectSlot(slot), object))
    }

    /// Whether the object in `slot` is in the state of `before` by the unit's `equals`,
    /// or else by its `toString` (`None`: it declares neither, or they throw).
    fn same_state(&mut self, slot: ObjectSlot, before: &dyn Any) -> Option<bool> {
        if self.object_methods.equals.is_some() {
            return Some(self.equals(slot, before));
        }
        let to_string = self.object_methods.to_string?;
        let spare = self.spare_object();
        self.session.put_object(spare as usize, before);
        let render = |this: &mut Self, object: u32| {
            this.run_check(to_string, &[object, this.spare_string()])
                .ok()?;
            this.session.string_at(this.spare_string() as usize)
        };
        let old = render(self, spare)?;
        let new = render(self, slot.0)?;
        Some(old == new)
    }

    /// Appends the probes reached since the last clear to `out`.
    fn read_probes(&self, out: &mut Vec<u32>) {
        out.reserve(self.probes.min(256));
        crate::subject::probes::reached(self.probes, |id| out.push(id as u32));
    }

    /// Runs `sequence` on gold in its canonical form (pools of the context's types that it
    /// leaves empty padded with Randoop's seed values), reading every statement's result:
    /// the step a generator that keeps plain sequences needs. Adds the calls to the cost.
    pub fn run(&mut self, sequence: &Sequence) -> (GeneratedCase, Execution) {
        let seeds = super::Seeds::default();
        let padding = PoolInit {
            ints: seeds.ints,
            bools: seeds.bools,
            strings: seeds.strings,
            objects: 1,
        };
        let context = Arc::clone(&self.context);
        let canonical = sequence.to_case(self.methods, context.types_of_interest(), &padding);
        let wanted: Vec<usize> = (0..sequence.len()).collect();
        let execution = self.execute(&canonical, &wanted);
        (canonical, execution)
    }

    /// A call of M_C chosen uniformly with `rng`: `int` arguments 0, 1 or 2, `boolean`
    /// ones `false` or `true`, `String` ones `"a"`, and `object` for every object input
    /// (the receiver included). A building block for small generators (`grow`).
    pub fn random_call(&self, rng: &mut impl rand::Rng, object: &Input) -> Statement {
        use crate::kernel::rng::below;
        let methods = self.context.methods();
        let info = &methods[below(rng, methods.len() as u64) as usize].info;
        let mut inputs: Vec<Input> = Vec::with_capacity(info.params.len() + 1);
        for param in &info.params {
            inputs.push(match param {
                Param::Int | Param::Integer => Input::Int(below(rng, 3) as i32),
                Param::Bool => Input::Bool(below(rng, 2) == 1),
                Param::Str => Input::Str("a".into()),
                Param::Object => object.clone(),
            });
        }
        if info.kind == crate::subject::MethodKind::Instance {
            inputs.push(object.clone());
        }
        Statement {
            method: info.number as u32,
            inputs,
        }
    }

    /// The last statement of `sequence` whose result is an object, as an input (`null`
    /// if none).
    pub fn last_object(&self, sequence: &Sequence) -> Input {
        let returns = |s: &Statement| self.methods[s.method as usize].returns.pool();
        match sequence
            .statements
            .iter()
            .rposition(|s| returns(s) == Some(PoolType::Object))
        {
            Some(i) => Input::Result(i as u32),
            None => Input::Null,
        }
    }

    /// Randoop's default unary contracts on the object in `slot` of the last candidate:
    /// `o.equals(o)`, and `equals`, `hashCode` and `toString` throw nothing. Returns the
    /// first one broken, or, when none is, `o.hashCode()` (`None`: the unit declares
    /// none).
    pub fn check_contracts(&mut self, slot: ObjectSlot) -> Result<Option<i32>, ContractViolation> {
        let methods = self.object_methods;
        let o = slot.0;
        if let Some(equals) = methods.equals {
            match self.run_check(equals, &[o, o, self.spare_bool()]) {
                Err(_) => return Err(ContractViolation::EqualsThrew),
                Ok(()) if !self.session.bool_at(self.spare_bool() as usize) => {
                    return Err(ContractViolation::EqualsNotReflexive);
                }
                Ok(()) => {}
            }
        }
        let mut hash = None;
        if let Some(hash_code) = methods.hash_code {
            if self.run_check(hash_code, &[o, self.spare_int()]).is_err() {
                return Err(ContractViolation::HashCodeThrew);
            }
            hash = self.session.int_at(self.spare_int() as usize);
        }
        if let Some(to_string) = methods.to_string
            && self
                .run_check(to_string, &[o, self.spare_string()])
                .is_err()
        {
            return Err(ContractViolation::ToStringThrew);
        }
        Ok(hash)
    }

    /// `a.equals(other)` on gold for the object `a` in `slot` of the last candidate;
    /// identity (`false`: `other` is another object) when the unit declares no `equals`,
    /// and `false` when it throws.
    pub fn equals(&mut self, slot: ObjectSlot, other: &dyn Any) -> bool {
        let Some(equals) = self.object_methods.equals else {
            return false;
        };
        let spare = self.spare_object();
        self.session.put_object(spare as usize, other);
        self.run_check(equals, &[spare, slot.0, self.spare_bool()])
            .is_ok()
            && self.session.bool_at(self.spare_bool() as usize)
    }

    /// A hash of the whole state of the object in `slot` of the last candidate (`None`:
    /// the unit offers no state comparison, [`crate::subject::SchemataUnit::with_states`]).
    pub fn state_hash(&self, slot: ObjectSlot) -> Option<u64> {
        self.session.object_state_hash(slot.0 as usize)
    }

    /// Whether the object in `slot` of the last candidate is in the state of `other`, a
    /// copy [`GoldExecutor::object`] made (every field equal).
    pub fn identical_state(&self, slot: ObjectSlot, other: &dyn Any) -> bool {
        self.session.same_object_state(slot.0 as usize, other) == Some(true)
    }

    /// A copy of the object in `slot` of the last candidate.
    pub fn object(&self, slot: ObjectSlot) -> Box<dyn Any + Send> {
        self.session
            .object(slot.0 as usize)
            .expect("an object slot the last execution filled")
    }

    /// Runs an object method with `slots` under a fresh fuel budget.
    fn run_check(&mut self, method: usize, slots: &[u32]) -> Result<(), JavaException> {
        self.session.refuel();
        self.session.step_slots(method, slots)
    }

    fn spare_int(&self) -> u32 {
        self.pools.ints.len() as u32 - 1
    }

    fn spare_bool(&self) -> u32 {
        self.pools.bools.len() as u32 - 1
    }

    fn spare_string(&self) -> u32 {
        self.pools.strings.len() as u32 - 1
    }

    fn spare_object(&self) -> u32 {
        self.pools.objects as u32 - 1
    }
}

/// The union of two ascending lists without repeats, ascending.
fn merge_ascending(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut merged = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let next = a[i].min(b[j]);
        merged.push(next);
        i += usize::from(a[i] == next);
        j += usize::from(b[j] == next);
    }
    merged.extend_from_slice(&a[i..]);
    merged.extend_from_slice(&b[j..]);
    merged
}

/// Per statement of `case` in `wanted`, its result's pool and slot (`None`: `void`).
fn result_slots(
    case: &GeneratedCase,
    wanted: impl Iterator<Item = usize>,
    methods: &[MethodInfo],
) -> WantedResults {
    wanted
        .map(|statement| (statement, case.result_slot(statement, methods)))
        .collect()
}

/// A candidate whose leading calls ran before, as parts of earlier candidates, as
/// [`GoldExecutor::execute_resumed`] runs it: only the calls after that prefix, over
/// pools of their own (its *frame*), from copies of the objects the prefix left.
pub struct Resumed<'p> {
    /// The frame: its calls — first [`Resumed::rerun`] calls of the prefix that did not
    /// run before (GRT's fuzz calls, each on a value of its part), then the calls after
    /// the prefix — and pools holding only what they read and write (the restored
    /// objects, their literals, their results, a `null` slot).
    pub frame: &'p GeneratedCase,
    /// How many of the frame's first calls belong to the prefix.
    pub rerun: usize,
    /// The number of the prefix's calls (its reruns included).
    pub calls: usize,
    /// The fuel the prefix's calls that ran before used (the calls for a unit without
    /// guards).
    pub fuel: u64,
    /// The objects the frame's calls read: (object slot of the frame, a copy of the
    /// object as the prefix leaves it).
    pub objects: &'p [(u32, &'p dyn Any)],
    /// The probes the prefix's parts reached, each part's ascending (none without a
    /// coverage copy). The reruns' probes and fuel are not in these: they run.
    pub covered: &'p [&'p [u32]],
    /// The statements asked about, numbered in the whole candidate, each with its
    /// result's pool and slot in the frame (`None`: `void`), in the order of `wanted`.
    pub wanted: &'p [(usize, ResultSlot)],
}

/// A non-null object result of the last candidate: its slot in the session's pools.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObjectSlot(u32);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subject::fixtures::register::RegisterUnit;

    /// A skipped call of a method without inputs ends every later call of that method; a
    /// skipped call of a method with a receiver ends only itself.
    #[test]
    fn a_skipped_call_without_inputs_is_skipped_at_every_later_call() {
        let unit = RegisterUnit::new();
        let context = Arc::new(TestContext::paper(&unit).unwrap());
        let mut gold = GoldExecutor::new(&unit, context, false);
        let (constructor, inc) = (0, 2);
        assert_eq!(unit.methods()[inc].name, "inc");
        gold.watch(CallWatch {
            skipped: BTreeSet::from([1, 3]),
            ..CallWatch::default()
        });
        assert_eq!(gold.step(constructor, &[0]), Ok(()));
        assert_eq!(gold.step(constructor, &[0]), Err(JavaException::Panic));
        assert_eq!(gold.step(constructor, &[0]), Err(JavaException::Panic));
        assert_eq!(gold.step(inc, &[0]), Err(JavaException::Panic));
        assert_eq!(
            gold.step(inc, &[0]),
            Ok(()),
            "a call with a receiver runs again"
        );
        assert_eq!(gold.watch.ended, BTreeSet::from([constructor]));
        assert_eq!(gold.calls_run, 5);
    }

    /// Merging two ascending probe lists gives their sorted union without repeats, as
    /// sorting the concatenation and dropping repeats would.
    #[test]
    fn merging_ascending_lists_is_their_sorted_union() {
        use crate::kernel::rng::{below, case_rng};
        for trial in 0..500 {
            let mut rng = case_rng(3, trial);
            let list = |rng: &mut rand_pcg::Pcg64Mcg| {
                let mut list: Vec<u32> =
                    (0..below(rng, 12)).map(|_| below(rng, 20) as u32).collect();
                list.sort_unstable();
                list.dedup();
                list
            };
            let (a, b) = (list(&mut rng), list(&mut rng));
            let mut expected = [a.clone(), b.clone()].concat();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(merge_ascending(&a, &b), expected, "{a:?} {b:?}");
        }
    }
}
