//! The reference state machine of a context for proptest-state-machine: a transition is one
//! method call of M_C (its position and slot tuple), the reference state is which object
//! slots a constructor has filled, and the machine is proptest-state-machine's `Sequential`
//! strategy over them.
//!
//! `ReferenceStateMachine`'s functions take no receiver (`init_state()`,
//! `transitions(&State)`), so a machine whose transitions come from a context known only at
//! run time cannot implement the trait; [`CallMachine::sequential`] builds the strategy the
//! trait's `sequential_strategy` builds, `Sequential::new`, from closures over the context.

use std::sync::{Arc, OnceLock};

use proptest::collection::SizeRange;
use proptest::strategy::{BoxedStrategy, Just, SBoxedStrategy, Strategy, Union};
use proptest_state_machine::Sequential;

use super::Precondition;
use crate::context::TestContext;
use crate::subject::{MethodKind, PoolType};

/// One transition: a call of the method at `position` in M_C with `slots` (parameters,
/// target, return slot, as the call space orders them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MethodCall {
    /// The method's position in M_C.
    pub position: usize,
    /// Its slot tuple.
    pub slots: Vec<u32>,
}

/// The reference state: per object-pool slot, whether a constructor has filled it.
pub type Constructed = Vec<bool>;

/// The state machine strategy of a context: its value is (initial state, transitions,
/// proptest-state-machine's counter of transitions seen).
pub type CallSequences =
    Sequential<Constructed, MethodCall, BoxedStrategy<Constructed>, SBoxedStrategy<MethodCall>>;

/// Up to this many object slots, the transition strategy of every reference state is kept
/// once built (2^slots states).
const CACHED_OBJECT_SLOTS: usize = 12;

/// What the machine knows of one method of M_C with at least one call.
#[derive(Clone, Debug)]
struct MethodModel {
    position: usize,
    radices: Vec<u32>,
    /// The slot (within the tuple) of an instance method's target.
    target: Option<usize>,
    /// The slot of a constructor's new object.
    constructs: Option<usize>,
    /// The slot of another method's object result (it may be `null`).
    returns_object: Option<usize>,
}

/// The reference state machine of one context under one precondition.
///
/// Contract: [`CallMachine::transitions`] draws only transitions that
/// [`CallMachine::preconditions`] accepts, so generation never rejects; the preconditions
/// are what keep shrinking's deletions and simplifications valid.
#[derive(Debug)]
pub struct CallMachine {
    methods: Vec<MethodModel>,
    objects: usize,
    precondition: Precondition,
    /// The transition strategy of each reference state (by its bits), once built; empty
    /// beyond [`CACHED_OBJECT_SLOTS`] object slots.
    strategies: Vec<OnceLock<SBoxedStrategy<MethodCall>>>,
}

impl CallMachine {
    /// The machine of `context`'s M_C, guarding targets as `precondition` says.
    pub fn new(context: &TestContext, precondition: Precondition) -> Self {
        let shapes = context.call_space().shapes();
        let methods = context
            .methods()
            .iter()
            .zip(shapes)
            .enumerate()
            .filter(|(_, (_, shape))| shape.nc > 0)
            .map(|(position, (method, shape))| {
                let info = &method.info;
                let params = info.params.len();
                let result = info.returns.pool().map(|_| info.slots.len() - 1);
                let object_result = result.filter(|&i| info.slots[i] == PoolType::Object);
                let constructor = info.kind == MethodKind::Constructor;
                MethodModel {
                    position,
                    radices: shape.radices.clone(),
                    target: (info.kind == MethodKind::Instance).then_some(params),
                    constructs: object_result.filter(|_| constructor),
                    returns_object: object_result.filter(|_| !constructor),
                }
            })
            .collect();
        let objects = context.pools().objects;
        let cached = if objects <= CACHED_OBJECT_SLOTS {
            1 << objects
        } else {
            0
        };
        CallMachine {
            methods,
            objects,
            precondition,
            strategies: (0..cached).map(|_| OnceLock::new()).collect(),
        }
    }

    /// proptest-state-machine's sequential strategy of exactly `length` transitions over
    /// this machine (`sequential_strategy(length..=length)`).
    pub fn sequential(self: &Arc<Self>, length: usize) -> CallSequences {
        let (init, guard, draw, apply) = (self.clone(), self.clone(), self.clone(), self.clone());
        Sequential::new(
            SizeRange::from(length..=length),
            move || init.init_state(),
            move |state, call| guard.preconditions(state, call),
            move |state| draw.transitions(state),
            move |state, call| apply.apply(state, call),
        )
    }

    /// Every object slot `null`, as a context's pools start.
    pub fn init_state(&self) -> BoxedStrategy<Constructed> {
        Just(vec![false; self.objects]).boxed()
    }

    /// Whether targets are guarded in `state`: with [`Precondition::TargetConstructed`],
    /// unless no method can be called at all (nothing constructed and every method an
    /// instance method), where every call is allowed.
    fn guarded(&self, state: &Constructed) -> bool {
        self.precondition == Precondition::TargetConstructed
            && (state.contains(&true) || self.methods.iter().any(|m| m.target.is_none()))
    }

    /// A uniformly chosen method among those the preconditions allow in `state`, its slots
    /// uniform (a guarded target among the constructed slots): R's draw, restricted.
    pub fn transitions(&self, state: &Constructed) -> SBoxedStrategy<MethodCall> {
        let bits = state
            .iter()
            .enumerate()
            .fold(0usize, |bits, (slot, &filled)| {
                bits | usize::from(filled) << slot
            });
        match self.strategies.get(bits) {
            Some(cached) => cached.get_or_init(|| self.build_transitions(state)).clone(),
            None => self.build_transitions(state),
        }
    }

    fn build_transitions(&self, state: &Constructed) -> SBoxedStrategy<MethodCall> {
        let guarded = self.guarded(state);
        let constructed: Vec<u32> = (0..state.len() as u32)
            .filter(|&slot| state[slot as usize])
            .collect();
        let options: Vec<SBoxedStrategy<MethodCall>> = self
            .methods
            .iter()
            .filter(|m| !guarded || m.target.is_none() || !constructed.is_empty())
            .map(|m| {
                let slots: Vec<SBoxedStrategy<u32>> = (0..m.radices.len())
                    .map(|i| match m.target {
                        Some(target) if guarded && target == i => {
                            proptest::sample::select(constructed.clone()).sboxed()
                        }
                        _ => (0..m.radices[i]).sboxed(),
                    })
                    .collect();
                let position = m.position;
                slots
                    .prop_map(move |slots| MethodCall { position, slots })
                    .sboxed()
            })
            .collect();
        Union::new(options).sboxed()
    }

    /// Whether `call` may follow `state`: its target constructed, when guarded.
    pub fn preconditions(&self, state: &Constructed, call: &MethodCall) -> bool {
        if !self.guarded(state) {
            return true;
        }
        match self.model(call.position).and_then(|m| m.target) {
            Some(target) => state[call.slots[target] as usize],
            None => true,
        }
    }

    /// The state after `call`: a constructor's object slot filled, another object result's
    /// slot no longer known to be filled.
    pub fn apply(&self, mut state: Constructed, call: &MethodCall) -> Constructed {
        if let Some(model) = self.model(call.position) {
            if let Some(slot) = model.constructs {
                state[call.slots[slot] as usize] = true;
            } else if let Some(slot) = model.returns_object {
                state[call.slots[slot] as usize] = false;
            }
        }
        state
    }

    fn model(&self, position: usize) -> Option<&MethodModel> {
        self.methods.iter().find(|m| m.position == position)
    }
}
