//! Gold's side of generation: candidate sequences run on the gold version (through the
//! unit's coverage copy where it has one), and the object contracts and `equals`/`hashCode`
//! of the unit's own methods evaluated on the objects they leave.

use std::any::Any;
use std::sync::Arc;

use super::sequence::Canonical;
use crate::context::{PoolInit, TestContext};
use crate::subject::{GOLD, JavaException, MethodInfo, Param, PoolType, Session, Unit, guard};

/// The result of one candidate on gold.
pub struct Execution {
    /// Each executed call's outcome, in order (execution stops at a guard event).
    pub outcomes: Vec<Result<(), JavaException>>,
    /// Whether a call hit a harness guard (gold used more than
    /// [`guard::GOLD_FUEL_BUDGET`] fuel, recursed too deep or allocated too much).
    pub guarded: bool,
    /// For each statement asked about, its object result at the end (`None`: `null`, or
    /// not an object).
    pub objects: Vec<(usize, Option<Box<dyn Any + Send>>)>,
    /// The non-null primitive results of the statements asked about.
    pub primitives: Vec<PrimitiveResult>,
    /// The coverage probes reached (empty without a coverage copy).
    pub covered: Vec<u32>,
}

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

/// Runs candidates and object checks on gold for one unit and M_C.
pub struct GoldExecutor<'a> {
    unit: &'a dyn Unit,
    /// The unit's declarations.
    pub methods: &'a [MethodInfo],
    /// The context (M_C).
    pub context: Arc<TestContext>,
    session: Box<dyn Session>,
    /// Probe ids of the coverage copy (0: none).
    probes: usize,
    /// A gold session of the same copy for the object checks, over `probe_pools`; it
    /// leaves the coverage flags alone (they are read before it runs and cleared by the
    /// next candidate).
    checker: Box<dyn Session>,
    /// The pools of the object checks: one slot per primitive type, two objects.
    probe_pools: PoolInit,
    /// The unit's object methods.
    pub object_methods: ObjectMethods,
    /// Cost units used: calls of candidates executed on gold.
    pub cost: u64,
}

impl<'a> GoldExecutor<'a> {
    /// An executor for `unit` and `context`; through the coverage copy when `coverage` is
    /// set and the unit has one.
    pub fn new(unit: &'a dyn Unit, context: Arc<TestContext>, coverage: bool) -> Self {
        // The checker runs the same copy as the session (the coverage copy's objects are
        // of another Rust type than the schemata copy's); coverage is read before it runs.
        let probes = match (coverage, unit.probes()) {
            (true, Some(table)) => table.probes.len(),
            _ => 0,
        };
        let session_of = |clears_coverage: bool| -> Box<dyn Session> {
            let mut session: Box<dyn Session> = if probes > 0 {
                let mut session = unit
                    .coverage_session(Arc::clone(&context))
                    .expect("a unit with probes has a coverage copy");
                session.clear_per_test_case(clears_coverage);
                Box::new(session)
            } else {
                unit.mutant_session(Arc::clone(&context), GOLD)
                    .expect("every unit has a gold version")
            };
            session.set_fuel_budget(guard::GOLD_FUEL_BUDGET);
            session
        };
        let session = session_of(true);
        let checker = session_of(false);
        GoldExecutor {
            unit,
            methods: unit.methods(),
            object_methods: ObjectMethods::of(unit.methods()),
            context,
            session,
            probes,
            checker,
            probe_pools: PoolInit {
                ints: vec![0],
                bools: vec![false],
                strings: vec![String::new()],
                objects: 2,
            },
            cost: 0,
        }
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
    /// statements `wanted`; adds its executed calls to the cost.
    pub fn execute(&mut self, canonical: &Canonical, wanted: &[usize]) -> Execution {
        let case = &canonical.case;
        self.session.reset_to(&case.pools);
        let mut outcomes = Vec::with_capacity(case.calls.len());
        let mut guarded = false;
        for call in &case.calls {
            let outcome = self.session.step_slots(call.method as usize, &call.slots);
            let guard = outcome.as_ref().is_err_and(|e| e.is_guard());
            outcomes.push(outcome);
            if guard {
                guarded = true;
                break;
            }
        }
        self.cost += outcomes.len() as u64;
        let mut covered = Vec::new();
        if self.probes > 0 {
            covered.reserve(self.probes.min(256));
            crate::subject::coverage::reached(self.probes, |id| covered.push(id as u32));
        }
        let session = &self.session;
        let mut objects = Vec::with_capacity(wanted.len());
        let mut primitives = Vec::new();
        for &statement in wanted {
            let mut object = None;
            match canonical.result_slots[statement] {
                Some((PoolType::Object, slot)) => object = session.object(slot as usize),
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
                None => {}
            }
            objects.push((statement, object));
        }
        Execution {
            outcomes,
            guarded,
            objects,
            primitives,
            covered,
        }
    }

    /// Randoop's default unary contracts on `object`: `o.equals(o)`, and `equals`,
    /// `hashCode` and `toString` throw nothing. Returns the first one broken, or, when
    /// none is, what [`GoldExecutor::hash_code`] returns for `object` (gold is
    /// deterministic, and each check runs on a fresh copy, so the `hashCode()` the check
    /// ran gives the same value a later call would).
    pub fn check_contracts(&mut self, object: &dyn Any) -> Result<Option<i32>, ContractViolation> {
        let methods = self.object_methods;
        if let Some(equals) = methods.equals {
            match self.run_on(object, None, equals, &[0, 0, 0]) {
                Err(_) => return Err(ContractViolation::EqualsThrew),
                Ok(()) if !self.checker.bool_at(0) => {
                    return Err(ContractViolation::EqualsNotReflexive);
                }
                Ok(()) => {}
            }
        }
        let mut hash = None;
        if let Some(hash_code) = methods.hash_code {
            if self.run_on(object, None, hash_code, &[0, 0]).is_err() {
                return Err(ContractViolation::HashCodeThrew);
            }
            hash = self.checker.int_at(0);
        }
        if let Some(to_string) = methods.to_string
            && self.run_on(object, None, to_string, &[0, 0]).is_err()
        {
            return Err(ContractViolation::ToStringThrew);
        }
        Ok(hash)
    }

    /// `object.hashCode()` on gold (`None`: the unit declares none, or it threw).
    pub fn hash_code(&mut self, object: &dyn Any) -> Option<i32> {
        let hash_code = self.object_methods.hash_code?;
        self.run_on(object, None, hash_code, &[0, 0]).ok()?;
        self.checker.int_at(0)
    }

    /// `a.equals(b)` on gold; identity (`false` for two stored objects) when the unit
    /// declares no `equals`, and `false` when it throws.
    pub fn equals(&mut self, a: &dyn Any, b: &dyn Any) -> bool {
        let Some(equals) = self.object_methods.equals else {
            return false;
        };
        self.run_on(a, Some(b), equals, &[1, 0, 0]).is_ok() && self.checker.bool_at(0)
    }

    /// Runs `method` on the checker with `object` in slot 0 and `other` in slot 1.
    fn run_on(
        &mut self,
        object: &dyn Any,
        other: Option<&dyn Any>,
        method: usize,
        slots: &[u32],
    ) -> Result<(), JavaException> {
        self.checker.reset_to(&self.probe_pools);
        self.checker.put_object(0, object);
        if let Some(other) = other {
            self.checker.put_object(1, other);
        }
        self.checker.step_slots(method, slots)
    }
}
