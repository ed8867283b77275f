//! The harness: value pools of one test case and the execution of method calls by their
//! method-call index.

use std::any::Any;
use std::cell::Cell;
use std::hash::Hash as _;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Arc, Once};

use super::guard;
use super::heap::HeapFields;
use super::method::{Args, Body, Method, Param, Value};
use super::mutant_id::MutantId;
use super::refusals;
use super::state::StateFunctions;
use super::{JavaException, PoolInit, Subject};
use crate::encoding::CallSpace;

/// What a session needs of the test context whose test cases it runs: the value pools'
/// sizes and initial values, and the meaning of each method-call index.
/// `crate::context::TestContext` implements it.
pub trait CallTable: Send + Sync {
    /// vps and init of every pool.
    fn pools(&self) -> &PoolInit;
    /// The decoding of method-call indices (< j), shared: a session keeps it and decodes
    /// each call without asking the table again; `DecodedCall::method` is the subject's
    /// method number.
    fn call_space(&self) -> Arc<CallSpace>;
}

/// The value pools V_t of one test case (canonical form 3, parts 1 and 2).
#[derive(Clone, Debug, PartialEq)]
pub struct Pools<S> {
    /// The `int` pool (`None` = `null`, which only a method result can store).
    pub ints: Vec<Option<i32>>,
    /// The `bool` pool.
    pub bools: Vec<bool>,
    /// The `string` pool.
    pub strings: Vec<Option<String>>,
    /// The object pool of the subject's class; all slots start as `null`.
    pub objects: Vec<Option<S>>,
}

impl<S> Pools<S> {
    /// The initial pools of a context: primitive pools from `init`, object slots `null`.
    pub fn initial(context: &dyn CallTable) -> Self {
        let init = context.pools();
        Pools {
            ints: init.ints.iter().map(|&v| Some(v)).collect(),
            bools: init.bools.clone(),
            strings: init.strings.iter().map(|s| Some(s.clone())).collect(),
            objects: (0..init.objects).map(|_| None).collect(),
        }
    }

    /// A copy of the primitive pools (what the paper's oracle compares).
    pub fn primitives(&self) -> PrimitivePools {
        PrimitivePools {
            ints: self.ints.clone(),
            bools: self.bools.clone(),
            strings: self.strings.clone(),
        }
    }
}

/// A snapshot of the primitive-type value pools (`int`, `bool`, `string`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct PrimitivePools {
    /// The `int` pool.
    pub ints: Vec<Option<i32>>,
    /// The `bool` pool.
    pub bools: Vec<bool>,
    /// The `string` pool.
    pub strings: Vec<Option<String>>,
}

/// Executes the method calls of test cases of one context, one call at a time.
///
/// Contract: after [`Session::reset`] the pools hold the context's initial values;
/// [`Session::step`] runs the call with the given method-call index (which must be
/// below j) and returns the exception it threw, if any. A panic in subject code is
/// caught without printing anything and reported as [`JavaException::Panic`].
pub trait Session: Send {
    /// Restores the initial value pools.
    fn reset(&mut self);
    /// Runs the call with method-call index `call` (0 ≤ call < j).
    fn step(&mut self, call: u32) -> Result<(), JavaException>;
    /// Restores pools of another shape: `pools`' primitive values and `pools.objects`
    /// `null` object slots (a generated test case's own pools; see
    /// [`crate::generator::GeneratedCase`]). The session's context only fixes the subject.
    fn reset_to(&mut self, pools: &PoolInit);
    /// Runs subject method number `method` with its parameter-tuple `slots` (parameters,
    /// then target, then return slot: the decoded form of a method-call index), which must
    /// lie within the current pools.
    fn step_slots(&mut self, method: usize, slots: &[u32]) -> Result<(), JavaException>;
    /// A copy of the object in slot `slot`, type-erased (`None`: a `null` slot).
    fn object(&self, slot: usize) -> Option<Box<dyn Any + Send>>;
    /// Whether object slot `slot` holds `null` (without copying the object).
    fn is_null(&self, slot: usize) -> bool {
        self.object(slot).is_none()
    }
    /// Gives the next calls a fresh fuel budget and stack allowance, as a reset would,
    /// and leaves the pools as they are (no-op for sessions without guards).
    fn refuel(&mut self) {}
    /// Puts a copy of `object` — one that [`Session::object`] returned from a session of
    /// the same unit — in object slot `slot`.
    ///
    /// # Panics
    /// If `object` is of another subject type or the slot does not exist.
    fn put_object(&mut self, slot: usize, object: &dyn Any);
    /// A hash of the whole state of the object in slot `slot` (`None`: a `null` slot, or a
    /// subject without state comparison, [`crate::subject::SchemataUnit::with_states`]).
    /// Equal states hash alike.
    fn object_state_hash(&self, slot: usize) -> Option<u64> {
        let _ = slot;
        None
    }
    /// Whether the object in slot `slot` is in the state of `other`, a copy that
    /// [`Session::object`] returned: every field equal (`None`: a `null` slot, or a
    /// subject without state comparison).
    ///
    /// # Panics
    /// If the subject compares states and `other` is of another subject type.
    fn same_object_state(&self, slot: usize, other: &dyn Any) -> Option<bool> {
        let _ = (slot, other);
        None
    }
    /// The primitive pools now.
    fn primitives(&self) -> PrimitivePools;
    /// The `int` pool's slot `slot` now (`None`: `null`), without copying the pools.
    fn int_at(&self, slot: usize) -> Option<i32> {
        self.primitives().ints[slot]
    }
    /// The `bool` pool's slot `slot` now.
    fn bool_at(&self, slot: usize) -> bool {
        self.primitives().bools[slot]
    }
    /// A copy of the `string` pool's slot `slot` now (`None`: `null`), without copying
    /// the pools.
    fn string_at(&self, slot: usize) -> Option<String> {
        self.primitives().strings[slot].clone()
    }
    /// Every pool, rendered as Java would print it (`toString()` for objects).
    fn render_pools(&self) -> Vec<(String, Vec<String>)>;
    /// A 64-bit fingerprint of the primitive pools now: equal pools give equal
    /// fingerprints (within one process).
    fn primitives_fingerprint(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.primitives().hash(&mut hasher);
        hasher.finish()
    }
    /// The fuel (schemata loop iterations and function entries) used since the last
    /// reset, for sessions that run a schemata copy ([`SchemataSession`]); `None` for
    /// sessions without guards. Feed a gold run's value to [`guard::mutant_budget`] and
    /// that to the mutant session's [`Session::set_fuel_budget`].
    fn fuel_used(&self) -> Option<u64> {
        None
    }
    /// Sets the fuel budget of each test case, effective from the next reset (ignored
    /// by sessions without guards).
    fn set_fuel_budget(&mut self, budget: u64) {
        let _ = budget;
    }
    /// Counts `fuel` as used by the current test case, as though calls that used it had
    /// just run here: the calls after it get what is left of the budget, and
    /// [`Session::fuel_used`] includes it (ignored by sessions without guards). A
    /// generator that restores a prefix's objects instead of running the prefix again
    /// charges the prefix's fuel this way.
    fn spend_fuel(&mut self, fuel: u64) {
        let _ = fuel;
    }
    /// The object in slot `slot` now, field by field, for sessions that start from a
    /// structure ([`crate::subject::Unit::heap_session`]); `None` for other sessions or a
    /// `null` slot.
    fn object_heap(&self, slot: usize) -> Option<HeapFields> {
        let _ = slot;
        None
    }
}

/// The [`Session`] of a concrete subject type.
pub struct Harness<S: Subject> {
    methods: Arc<[Method<S>]>,
    space: Arc<CallSpace>,
    initial: Pools<S>,
    pools: Pools<S>,
    /// Snapshots of the current call's object arguments, by parameter position (a buffer
    /// reused from call to call).
    snapshots: Vec<Option<S>>,
    /// Reads an object field by field (sessions that start from a structure).
    object_reader: Option<fn(&S) -> HeapFields>,
    /// Compares objects' states (units registered with states).
    states: Option<StateFunctions<S>>,
    /// The thread's held bytes at the last reset ([`guard::RequestWatch::holds_too_much`]).
    memory_baseline: isize,
}

impl<S: Subject> Harness<S> {
    /// [`Session::render_pools`] with `object` rendering each non-null object.
    fn render_pools_with(&self, object: impl Fn(&S) -> String) -> Vec<(String, Vec<String>)> {
        let p = &self.pools;
        let null = || "null".to_string();
        vec![
            (
                "int".into(),
                p.ints
                    .iter()
                    .map(|v| v.map_or_else(null, |v| v.to_string()))
                    .collect(),
            ),
            (
                "bool".into(),
                p.bools.iter().map(|v| v.to_string()).collect(),
            ),
            (
                "string".into(),
                p.strings
                    .iter()
                    .map(|v| v.as_ref().map_or_else(null, |s| format!("{s:?}")))
                    .collect(),
            ),
            (
                S::CLASS.into(),
                p.objects
                    .iter()
                    .map(|v| v.as_ref().map_or_else(null, &object))
                    .collect(),
            ),
        ]
    }

    /// A harness for `context`, whose methods are numbered as in `methods`.
    pub fn new(methods: Arc<[Method<S>]>, context: Arc<dyn CallTable>) -> Self {
        install_quiet_panic_hook();
        let initial = Pools::initial(&*context);
        Harness {
            methods,
            space: context.call_space(),
            pools: initial.clone(),
            initial,
            snapshots: Vec::new(),
            object_reader: None,
            states: None,
            memory_baseline: guard::memory_baseline(),
        }
    }

    /// The same harness answering [`Session::object_state_hash`] and
    /// [`Session::same_object_state`] with `states`.
    pub fn with_states(mut self, states: StateFunctions<S>) -> Self {
        self.states = Some(states);
        self
    }

    /// The same harness with `object` in object slot `slot` after every reset, and
    /// [`Session::object_heap`] reading objects with `read`.
    ///
    /// # Panics
    /// If the context has no object slot `slot`.
    pub fn with_object(mut self, slot: usize, object: S, read: fn(&S) -> HeapFields) -> Self {
        self.initial.objects[slot] = Some(object);
        self.pools.clone_from(&self.initial);
        self.object_reader = Some(read);
        self
    }

    /// The current pools.
    pub fn pools(&self) -> &Pools<S> {
        &self.pools
    }

    fn store(&mut self, slot: u32, value: Value<S>, signature: &str) {
        let slot = slot as usize;
        match value {
            Value::Void => unreachable!("{signature}: a void result has no return slot"),
            Value::Int(v) => self.pools.ints[slot] = v,
            Value::Bool(v) => self.pools.bools[slot] = v,
            Value::Str(v) => self.pools.strings[slot] = v,
            Value::Object(v) => self.pools.objects[slot] = v,
        }
    }
}

impl<S: Subject> Session for Harness<S> {
    fn reset(&mut self) {
        self.pools.clone_from(&self.initial);
        self.memory_baseline = guard::memory_baseline();
    }

    fn step(&mut self, call: u32) -> Result<(), JavaException> {
        let decoded = self.space.decode_call(call);
        self.step_slots(decoded.method, decoded.slots())
    }

    fn reset_to(&mut self, init: &PoolInit) {
        let pools = &mut self.pools;
        pools.ints.clear();
        pools.ints.extend(init.ints.iter().map(|&v| Some(v)));
        pools.bools.clone_from(&init.bools);
        pools.strings.clear();
        pools
            .strings
            .extend(init.strings.iter().map(|s| Some(s.clone())));
        pools.objects.clear();
        pools.objects.resize_with(init.objects, || None);
        self.memory_baseline = guard::memory_baseline();
    }

    fn object(&self, slot: usize) -> Option<Box<dyn Any + Send>> {
        let object = self.pools.objects[slot].clone()?;
        Some(Box::new(object))
    }

    fn is_null(&self, slot: usize) -> bool {
        self.pools.objects[slot].is_none()
    }

    fn object_state_hash(&self, slot: usize) -> Option<u64> {
        Some((self.states?.hash)(self.pools.objects[slot].as_ref()?))
    }

    fn same_object_state(&self, slot: usize, other: &dyn Any) -> Option<bool> {
        let states = self.states?;
        let other = other
            .downcast_ref::<S>()
            .unwrap_or_else(|| panic!("same_object_state: not a {}", S::CLASS));
        Some((states.same)(self.pools.objects[slot].as_ref()?, other))
    }

    fn put_object(&mut self, slot: usize, object: &dyn Any) {
        let object = object
            .downcast_ref::<S>()
            .unwrap_or_else(|| panic!("put_object: not a {}", S::CLASS));
        self.pools.objects[slot] = Some(object.clone());
    }

    #[inline]
    fn step_slots(&mut self, method: usize, slots: &[u32]) -> Result<(), JavaException> {
        let number = method;
        let method = &self.methods[method];
        let (params, body, name) = (method.params, method.body, method.name);
        let (arg_slots, rest) = slots.split_at(params.len());
        // Java evaluates the arguments before the call: unboxing a `null` int throws, and
        // an object argument is snapshotted. Primitive arguments are read in place.
        self.snapshots.clear();
        for (position, (&param, &slot)) in params.iter().zip(arg_slots).enumerate() {
            match param {
                Param::Int if self.pools.ints[slot as usize].is_none() => {
                    return Err(JavaException::NullPointer);
                }
                Param::Object => {
                    self.snapshots.resize_with(position, || None);
                    self.snapshots
                        .push(self.pools.objects[slot as usize].clone());
                }
                _ => {}
            }
        }
        let Pools {
            ints,
            bools,
            strings,
            objects,
        } = &mut self.pools;
        let args = Args {
            params,
            slots: arg_slots,
            ints,
            bools,
            strings,
            objects: &self.snapshots,
        };
        let mut rest = rest.iter().map(|&slot| slot as usize);
        let keyed = !matches!(body, Body::Instance(_))
            && !params.contains(&Param::Object)
            && refusals::wanted();
        if keyed {
            let key = refusals::call_key(number, |mut h| {
                for (&param, &slot) in params.iter().zip(arg_slots) {
                    let slot = slot as usize;
                    match param {
                        Param::Int | Param::Integer => ints[slot].hash(&mut h),
                        Param::Bool => bools[slot].hash(&mut h),
                        Param::Str => strings[slot].hash(&mut h),
                        Param::Object => unreachable!("calls with object inputs are not keyed"),
                    }
                }
            });
            if !refusals::enter(key) {
                return Err(JavaException::AllocationLimit);
            }
        }
        let watch = guard::watch_requests();
        let result = match body {
            Body::Constructor(body) => quietly(|| body(&args)).map(|obj| Value::Object(Some(obj))),
            Body::Static(body) => quietly(|| body(&args)),
            Body::Instance(body) => {
                let target = rest.next().expect("instance method has a target slot");
                let Some(target) = objects[target].as_mut() else {
                    return Err(JavaException::NullPointer);
                };
                quietly(|| body(target, &args))
            }
        };
        if keyed {
            refusals::leave();
        }
        if watch.holds_too_much(self.memory_baseline) {
            return Err(JavaException::AllocationLimit);
        }
        let result = result?;
        if let Some(ret_slot) = rest.next() {
            self.store(ret_slot as u32, result, name);
        }
        Ok(())
    }

    fn primitives(&self) -> PrimitivePools {
        self.pools.primitives()
    }

    fn int_at(&self, slot: usize) -> Option<i32> {
        self.pools.ints[slot]
    }

    fn bool_at(&self, slot: usize) -> bool {
        self.pools.bools[slot]
    }

    fn string_at(&self, slot: usize) -> Option<String> {
        self.pools.strings[slot].clone()
    }

    fn primitives_fingerprint(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.pools.ints.hash(&mut hasher);
        self.pools.bools.hash(&mut hasher);
        self.pools.strings.hash(&mut hasher);
        hasher.finish()
    }

    fn render_pools(&self) -> Vec<(String, Vec<String>)> {
        self.render_pools_with(|object| object.to_java_string())
    }

    fn object_heap(&self, slot: usize) -> Option<HeapFields> {
        let object = self.pools.objects.get(slot)?.as_ref()?;
        self.object_reader.map(|read| read(object))
    }
}

/// A session over a schemata copy of a subject with one mutant active (or gold, id 0):
/// every step installs the mutant id and this session's remaining fuel in the thread's
/// guard state, and restores the previous state afterwards, so gold and mutant sessions
/// can alternate on one thread.
///
/// The stack the schemata code may use is measured at creation and at every reset (on
/// the thread doing it; run a test case on one thread).
///
/// Fuel is per test case: [`Session::reset`] refills it to the budget (gold: unlimited;
/// a mutant: [`guard::DEFAULT_MUTANT_FUEL`] until [`Session::set_fuel_budget`]). Once
/// it is exhausted, every further step of the test case ends in `Timeout`.
pub struct SchemataSession<S: Subject> {
    harness: Harness<S>,
    mutant: MutantId,
    budget: u64,
    remaining: u64,
    /// Stack the schemata code may use below a step's start, measured at the last reset
    /// on the thread that ran it.
    usable_stack: usize,
}

impl<S: Subject> SchemataSession<S> {
    /// A session running `mutant` (0 = gold) of the schemata subject `S`.
    pub fn new(methods: Arc<[Method<S>]>, context: Arc<dyn CallTable>, mutant: MutantId) -> Self {
        let budget = if mutant == super::GOLD {
            u64::MAX
        } else {
            guard::DEFAULT_MUTANT_FUEL
        };
        SchemataSession {
            harness: Harness::new(methods, context),
            mutant,
            budget,
            remaining: budget,
            usable_stack: guard::usable_stack(),
        }
    }

    /// The mutant this session runs.
    pub fn mutant(&self) -> MutantId {
        self.mutant
    }

    /// The same session starting every test case with `object` in object slot `slot`
    /// (see [`Harness::with_object`]).
    pub fn with_object(mut self, slot: usize, object: S, read: fn(&S) -> HeapFields) -> Self {
        self.harness = self.harness.with_object(slot, object, read);
        self
    }

    /// The same session comparing objects' states (see [`Harness::with_states`]).
    pub fn with_states(mut self, states: StateFunctions<S>) -> Self {
        self.harness = self.harness.with_states(states);
        self
    }
}

impl<S: Subject> Session for SchemataSession<S> {
    fn reset(&mut self) {
        self.harness.reset();
        self.remaining = self.budget;
        self.usable_stack = guard::usable_stack();
    }

    fn step(&mut self, call: u32) -> Result<(), JavaException> {
        let saved = guard::install(self.mutant, self.remaining, self.usable_stack);
        let outcome = self.harness.step(call);
        self.remaining = guard::uninstall(saved);
        outcome
    }

    fn reset_to(&mut self, pools: &PoolInit) {
        self.harness.reset_to(pools);
        self.remaining = self.budget;
        self.usable_stack = guard::usable_stack();
    }

    fn step_slots(&mut self, method: usize, slots: &[u32]) -> Result<(), JavaException> {
        let saved = guard::install(self.mutant, self.remaining, self.usable_stack);
        let outcome = self.harness.step_slots(method, slots);
        self.remaining = guard::uninstall(saved);
        outcome
    }

    fn object(&self, slot: usize) -> Option<Box<dyn Any + Send>> {
        self.harness.object(slot)
    }

    fn is_null(&self, slot: usize) -> bool {
        self.harness.is_null(slot)
    }

    fn object_state_hash(&self, slot: usize) -> Option<u64> {
        self.harness.object_state_hash(slot)
    }

    fn same_object_state(&self, slot: usize, other: &dyn Any) -> Option<bool> {
        self.harness.same_object_state(slot, other)
    }

    fn refuel(&mut self) {
        self.remaining = self.budget;
        self.usable_stack = guard::usable_stack();
    }

    fn put_object(&mut self, slot: usize, object: &dyn Any) {
        self.harness.put_object(slot, object);
    }

    fn primitives(&self) -> PrimitivePools {
        self.harness.primitives()
    }

    fn int_at(&self, slot: usize) -> Option<i32> {
        self.harness.int_at(slot)
    }

    fn bool_at(&self, slot: usize) -> bool {
        self.harness.bool_at(slot)
    }

    fn string_at(&self, slot: usize) -> Option<String> {
        self.harness.string_at(slot)
    }

    /// Renders the objects as the session's mutant would (`toString()` is mutated too),
    /// under the guards and with a fresh budget per object: a `toString()` that loops,
    /// recurses without end or panics renders as `<Timeout>`, `<RecursionLimit>`, `<RustPanic>`, …
    /// (the outcome's Java name) instead of hanging or crashing the caller.
    fn render_pools(&self) -> Vec<(String, Vec<String>)> {
        self.harness.render_pools_with(|object| {
            let saved = guard::install(self.mutant, self.budget, self.usable_stack);
            let rendered = quietly(|| Ok(object.to_java_string()));
            guard::uninstall(saved);
            rendered.unwrap_or_else(|outcome| format!("<{outcome}>"))
        })
    }

    fn fuel_used(&self) -> Option<u64> {
        Some(self.budget - self.remaining)
    }

    fn set_fuel_budget(&mut self, budget: u64) {
        self.budget = budget;
    }

    fn spend_fuel(&mut self, fuel: u64) {
        self.remaining = self.remaining.saturating_sub(fuel);
    }

    fn object_heap(&self, slot: usize) -> Option<HeapFields> {
        self.harness.object_heap(slot)
    }
}

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
    /// Whether [`recording_panics`] keeps the messages of quiet panics on this thread.
    static RECORDING: Cell<bool> = const { Cell::new(false) };
    /// The message of the last quiet panic while recording (with its location).
    static LAST_PANIC: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with the messages of the panics caught in subject code on this thread kept:
/// [`take_panic_message`] returns the last one. Off by default, so that runs pay nothing
/// for messages nobody reads; `show-test` and `reduce` turn it on to show a failure's panic.
pub fn recording_panics<R>(f: impl FnOnce() -> R) -> R {
    let before = RECORDING.with(|r| r.replace(true));
    let result = f();
    RECORDING.with(|r| r.set(before));
    result
}

/// The message of the last panic caught in subject code on this thread while
/// [`recording_panics`], as `message (at file:line:column)`; clears it.
pub fn take_panic_message() -> Option<String> {
    LAST_PANIC.with(|last| last.borrow_mut().take())
}

/// Keeps `message` as the last panic's, while [`recording_panics`]: a failure an oracle
/// found outside subject code (the previous release's answer differs), quoted as a panic is.
pub(crate) fn record_failure(message: String) {
    if RECORDING.with(Cell::get) {
        LAST_PANIC.with(|last| *last.borrow_mut() = Some(message));
    }
}

/// The messages of the standard library's panics that cannot unwind: the process aborts
/// after them, so they are never an exception of the subject's.
const ABORTING_PANICS: [&str; 3] = [
    "unsafe precondition(s) violated",
    "panic in a function that cannot unwind",
    "panic in a destructor during cleanup",
];

/// Installs (once per process) a panic hook that stays silent while subject code runs
/// on the current thread and defers to the previous hook otherwise, and for a panic that
/// aborts the process ([`ABORTING_PANICS`]): its message on stderr is what a worker's
/// death then says of its cause.
fn install_quiet_panic_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let payload = info.payload();
            let message = payload
                .downcast_ref::<&str>()
                .copied()
                .or_else(|| payload.downcast_ref::<String>().map(String::as_str));
            let aborts = message.is_some_and(|m| ABORTING_PANICS.iter().any(|p| m.starts_with(p)));
            let quiet = QUIET.with(Cell::get);
            if quiet && RECORDING.with(Cell::get) {
                let text = message.unwrap_or("a panic without a message");
                let kept = match info.location() {
                    Some(at) => format!("{text} (at {}:{}:{})", at.file(), at.line(), at.column()),
                    None => text.to_string(),
                };
                LAST_PANIC.with(|last| *last.borrow_mut() = Some(kept));
            }
            if aborts || !quiet {
                previous(info);
            }
        }));
    });
}

/// Runs subject code, turning a panic into [`JavaException::Panic`] without output, or,
/// for a guard's payload, into `Timeout`, `RecursionLimit` or `AllocationLimit`
/// ([`guard::classify`]).
fn quietly<T>(f: impl FnOnce() -> Result<T, JavaException>) -> Result<T, JavaException> {
    QUIET.with(|q| q.set(true));
    let outcome = panic::catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(false));
    outcome.unwrap_or_else(|payload| Err(guard::classify(&*payload)))
}
