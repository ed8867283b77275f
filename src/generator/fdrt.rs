//! FDRT: feedback-directed random test generation (Pacheco, Lahiri, Ernst and Ball, ICSE
//! 2007, Figure 3; the defaults of Randoop 4).

use std::any::Any;
use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;
use std::sync::Arc;

use rand_pcg::Pcg64Mcg;
use smallvec::SmallVec;

use super::checked_states::{CheckedStates, StateRecord};
use super::gold::{
    ContractViolation, GoldExecutor, ObjectResults, ObjectSlot, PrimitiveResult, PrimitiveResults,
    ResultSlot, Resumed, WantedResults,
};
use super::guidance::{CandidateList, Feedback, Guidance, Uniform, pick};
use super::sequence::{Input, Statement, canonical_form};
use super::sequence_store::{Built, Premixed};
use super::{
    CaseKind, Derivation, FeedbackGenerator, Fuzz, Generated, GeneratedCall, GeneratedCase, Slots,
};
use crate::context::PoolInit;
use crate::encoding::MAX_SLOTS;
use crate::kernel::parameters::{ParameterError, Parameters, Probability};
use crate::kernel::rng::{case_rng, mix64};
use crate::subject::{MethodInfo, MethodKind, Param, PoolType};

/// The seed pool of primitive values: Randoop's defaults for `int`, `boolean` and
/// `String` unless given.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Seeds {
    /// `int` (and `Integer`) values.
    #[serde(rename = "int")]
    pub ints: Vec<i32>,
    /// `boolean` values.
    #[serde(rename = "boolean")]
    pub bools: Vec<bool>,
    /// `String` values.
    #[serde(rename = "string")]
    pub strings: Vec<String>,
}

impl Default for Seeds {
    /// Randoop's seed values: int −1, 0, 1, 10, 100; boolean true, false; String "" and
    /// "hi!".
    fn default() -> Self {
        Seeds {
            ints: vec![-1, 0, 1, 10, 100],
            bools: vec![true, false],
            strings: vec![String::new(), "hi!".into()],
        }
    }
}

/// How an FDRT step builds its candidates: the user's [`FdrtSettings`] completed with what
/// the generator that runs the step fixes (the longest sequence, the reset interval).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct FdrtStepConfig {
    /// The longest sequence kept (Randoop: 100 statements); longer candidates are
    /// discarded before execution.
    pub max_length: usize,
    /// The probability of `null` for an object parameter that is not the receiver
    /// (Randoop: 0.05).
    pub null_ratio: f64,
    /// Drop every pool after this many cost units (`fdrt-reset`); `None`: never (`fdrt`).
    pub reset_every: Option<u64>,
    /// The initial seed pool.
    pub seeds: Seeds,
    /// Whether non-null primitive results join the seed pool (Randoop 4 does; the 2007
    /// paper's pools are fixed).
    pub grow_seeds: bool,
}

impl Default for FdrtStepConfig {
    fn default() -> Self {
        FdrtStepConfig {
            max_length: 100,
            null_ratio: 0.05,
            reset_every: None,
            seeds: Seeds::default(),
            grow_seeds: true,
        }
    }
}

/// A non-error sequence with extensible values: statement numbers of its active object
/// results, by the type Java declares for them.
#[derive(Debug)]
struct Extensible {
    /// Its node in [`ComponentPool::built`].
    node: u32,
    /// Its position in the suite.
    case: u32,
    /// Results declared as the class (constructors, methods returning the class).
    class_values: SmallVec<[u32; 2]>,
    /// Results declared `Object` (`clone()`): usable only where `Object` is accepted.
    object_values: SmallVec<[u32; 2]>,
    /// Copies of its active values as it leaves them, by statement number: a candidate
    /// it is part of starts from these instead of running it again.
    values: SmallVec<[ValueCopy; 2]>,
    /// The fuel its run used.
    fuel: u64,
    /// The probes its run reached, ascending (none without a coverage copy).
    covered: Box<[u32]>,
}

/// What a candidate's frame starts from, as [`restored`] finds it: the
/// chosen values' copies (value k in the frame's object slot k), the fuel and probes of
/// their sequences.
#[derive(Default)]
struct Restored<'a> {
    fuel: u64,
    objects: SmallVec<[(u32, &'a dyn Any); 4]>,
    covered: SmallVec<[&'a [u32]; 4]>,
}

/// A copy of an active value: (statement number, the object).
type ValueCopy = (u32, Box<dyn Any + Send>);

/// What the run of a normal candidate left for [`ComponentPool::extend`]: its last call's
/// receiver and result, the fuel it used and the probes it reached.
struct Run {
    objects: ObjectResults,
    fuel: u64,
    covered: Box<[u32]>,
}

impl Extensible {
    /// The copy of the active value of statement `statement`.
    fn value(&self, statement: u32) -> &dyn Any {
        let (_, value) = self
            .values
            .iter()
            .find(|(s, _)| *s == statement)
            .expect("an active value of the sequence");
        value.as_ref()
    }
}

/// One generated test case with what generation learnt from it.
pub(crate) struct Step {
    pub generated: Generated,
    pub covered: Vec<u32>,
}

/// One FDRT pool (the "component set" of the paper): every sequence built, the
/// extensible ones, the objects seen (for the equality filter) and the seed pool.
pub(crate) struct ComponentPool {
    built: Built,
    extensible: Vec<Extensible>,
    /// Indices in `extensible` of the entries with a value declared as the class.
    with_class: Vec<usize>,
    /// Indices of all entries (each has a value of some type).
    with_any: Vec<usize>,
    /// How many entries hold a value declared `Object` (a `clone()` result).
    object_declared: usize,
    /// Objects seen, bucketed by `hashCode()` (all in bucket 0 without one): (index in
    /// `extensible`, position in its `values`).
    seen: HashMap<i32, Vec<(u32, u32)>>,
    /// The object checks' outcomes per state.
    checked: CheckedStates,
    /// The seed pool, each type's values in the order they joined; and the sets of the
    /// `int` and `String` values, which results are looked up in as they join.
    ints: Vec<i32>,
    bools: Vec<bool>,
    strings: Vec<Arc<str>>,
    int_set: HashSet<i32, BuildHasherDefault<Premixed>>,
    string_set: HashSet<Arc<str>>,
    /// The pools that pad a candidate's empty pools of T_I: the initial seed values.
    padding: PoolInit,
    /// The frame of the candidate being executed ([`Resumed::frame`]), its room kept.
    frame: GeneratedCase,
    /// Cost units spent in this pool.
    pub cost: u64,
    /// What this pool's thread held when the pool was made ([`COMPONENT_MEMORY_LIMIT`]).
    memory_baseline: isize,
}

/// Bytes the thread making a suite may hold beyond what it held when the component pool
/// was made before no further sequence becomes extensible: 2 GiB. Stored components are
/// copies of gold's objects, and a harvested release's objects can be large (an `ArcStr`
/// repeated by an `int` that an earlier `len()` returned); without a bound the pool grows
/// until its worker runs out of memory. No run of the ports comes near it.
pub const COMPONENT_MEMORY_LIMIT: isize = 2 << 30;

impl ComponentPool {
    pub fn new(seeds: &Seeds) -> Self {
        ComponentPool {
            built: Built::default(),
            extensible: Vec::new(),
            with_class: Vec::new(),
            with_any: Vec::new(),
            object_declared: 0,
            seen: HashMap::new(),
            checked: CheckedStates::default(),
            ints: seeds.ints.clone(),
            bools: seeds.bools.clone(),
            strings: seeds
                .strings
                .iter()
                .map(|s| Arc::from(s.as_str()))
                .collect(),
            int_set: seeds.ints.iter().copied().collect(),
            string_set: seeds
                .strings
                .iter()
                .map(|s| Arc::from(s.as_str()))
                .collect(),
            padding: PoolInit {
                ints: seeds.ints.clone(),
                bools: seeds.bools.clone(),
                strings: seeds.strings.clone(),
                objects: 1,
            },
            frame: GeneratedCase {
                pools: PoolInit {
                    ints: Vec::new(),
                    bools: Vec::new(),
                    strings: Vec::new(),
                    objects: 0,
                },
                calls: Vec::new(),
            },
            cost: 0,
            memory_baseline: crate::allocator::held_by_this_thread(),
        }
    }

    /// One attempt: a candidate built, and if it is new and short enough, executed on
    /// gold and classified. `None`: nothing executed (no inputs for the method chosen, too
    /// long, a duplicate, or gold hit a guard — the last costs its calls). A step that
    /// returns a test case makes test case number `index` of the suite. `guide` makes the
    /// step's choices ([`Uniform`] for FDRT's).
    pub fn step(
        &mut self,
        rng: &mut Pcg64Mcg,
        gold: &mut GoldExecutor<'_>,
        params: &FdrtStepConfig,
        index: u32,
        guide: &mut impl Guidance,
    ) -> Option<Step> {
        let methods = gold.methods;
        let position = guide.method(rng, gold);
        let info = &methods[gold.context.methods()[position].info.number];
        let call = match self.choose_inputs(rng, info, methods, params, guide) {
            Some(call) => call,
            None => {
                // No object for the method: a producer of one, if the guide knows one.
                let producer = guide.producer(rng, gold)?;
                self.choose_inputs(rng, &methods[producer], methods, params, guide)?
            }
        };
        self.attempt(gold, params, index, guide, call)
    }

    /// A call of `info` with its inputs (parameters, then the receiver) chosen. `None`
    /// when an object input has no candidate.
    fn choose_inputs<G: Guidance>(
        &mut self,
        rng: &mut Pcg64Mcg,
        info: &MethodInfo,
        methods: &[MethodInfo],
        params: &FdrtStepConfig,
        guide: &mut G,
    ) -> Option<ChosenCall> {
        let equals_param = info.name == "equals";
        let mut chosen: SmallVec<[(usize, u32); 4]> = SmallVec::new();
        let mut fuzz: SmallVec<[(usize, Statement); 1]> = SmallVec::new();
        let mut inputs: Vec<Input> = Vec::with_capacity(info.params.len() + 1);
        let mut choose = |this: &mut Self, rng: &mut Pcg64Mcg, any_object: bool, guide: &mut G| {
            let value = this.choose_object(rng, any_object, guide)?;
            chosen.push(value);
            if let Some(method) = guide.object_fuzz(rng) {
                fuzz.push((
                    chosen.len() - 1,
                    this.fuzz_call(rng, &methods[method], value.1),
                ));
            }
            Some(chosen.len() - 1)
        };
        for &param in &info.params {
            let input = match param {
                Param::Int | Param::Integer => Input::Int(guide.int(rng, &self.ints, info)),
                Param::Bool => Input::Bool(self.bools[pick(rng, self.bools.len())]),
                Param::Str => Input::Str(guide.string(rng, &self.strings, info)),
                Param::Object => {
                    if unit_draw(rng) < params.null_ratio {
                        Input::Null
                    } else {
                        Input::Result(choose(self, rng, equals_param, guide)? as u32)
                    }
                }
            };
            inputs.push(input);
        }
        if info.kind == MethodKind::Instance {
            inputs.push(Input::Result(choose(self, rng, false, guide)? as u32));
        }
        Some(ChosenCall {
            method: info.number,
            chosen,
            fuzz,
            inputs,
        })
    }

    /// A call of `method` on the object of statement `value` (of the part it follows),
    /// its primitive arguments uniformly from the seed pool: GRT's object fuzzing.
    fn fuzz_call(&self, rng: &mut Pcg64Mcg, method: &MethodInfo, value: u32) -> Statement {
        let mut inputs: Vec<Input> = method
            .params
            .iter()
            .map(|param| match param {
                Param::Int | Param::Integer => Input::Int(self.ints[pick(rng, self.ints.len())]),
                Param::Bool => Input::Bool(self.bools[pick(rng, self.bools.len())]),
                Param::Str => Input::Str(Arc::clone(&self.strings[pick(rng, self.strings.len())])),
                Param::Object => Input::Null,
            })
            .collect();
        inputs.push(Input::Result(value));
        Statement {
            method: method.number as u32,
            inputs,
        }
    }

    /// The candidate of the chosen sequences concatenated, then the call: built, and
    /// unless too long or built before, executed and classified ([`ComponentPool::step`]).
    ///
    /// Gold runs only the candidate's frame: its fuzz calls and its last call, over pools
    /// of their own, from copies of the chosen values as their sequences left them
    /// ([`GoldExecutor::execute_resumed`]); the candidate's canonical form is made only
    /// where gold must run it in full. A suite stores derivations, from which the runner
    /// rebuilds each test case's canonical form when it replays it.
    fn attempt(
        &mut self,
        gold: &mut GoldExecutor<'_>,
        params: &FdrtStepConfig,
        index: u32,
        guide: &mut impl Guidance,
        call: ChosenCall,
    ) -> Option<Step> {
        let ChosenCall {
            method,
            chosen,
            fuzz,
            mut inputs,
        } = call;
        let methods = gold.methods;
        // The new sequence: the chosen sequences in order, then the call.
        // One part per object input at most: held inline.
        let mut part_nodes = [0u32; MAX_SLOTS];
        let mut offsets = [0u32; MAX_SLOTS];
        let mut length = 0;
        for (k, &(entry, _)) in chosen.iter().enumerate() {
            let mut node = self.extensible[entry].node;
            if let Some((_, call)) = fuzz.iter().find(|(j, _)| *j == k) {
                // The part with its fuzz call: a building block, not a sequence built (an
                // equal sequence is not built again later).
                node = self.built.intern(&[node], call, params.max_length)?;
            }
            part_nodes[k] = node;
            offsets[k] = length;
            length += self.built.len(node);
        }
        let part_nodes = &part_nodes[..chosen.len()];
        // The receiver, the k-th chosen value, while `Result(k)` still says so.
        let receiver = match (methods[method].kind, inputs.last()) {
            (MethodKind::Instance, Some(&Input::Result(k))) => Some(k as usize),
            _ => None,
        };
        for input in &mut inputs {
            if let Input::Result(k) = input {
                let k = *k as usize;
                *input = Input::Result(offsets[k] + chosen[k].1);
            }
        }
        let call = Statement {
            method: method as u32,
            inputs,
        };
        // Too long or built before: discarded (the seed pool and the set of sequences
        // built are as they were).
        let node = self.built.add(part_nodes, &call, params.max_length)?;
        let last = length as usize;
        let value = |statement| {
            let k = (0..chosen.len()).find(|&k| offsets[k] + chosen[k].1 == statement);
            k.expect("a chosen value") as u32
        };
        let result = fill_frame(&mut self.frame, methods, chosen.len(), &fuzz, &call, value);
        // Only the last call's receiver and result can hold new values: the chosen
        // sequences run as they ran before (execution is deterministic and arguments are
        // copies), so every other value equals an object already seen, or was null. Each
        // is said with whether Java declares it `Object` (a `clone()` result).
        let mut wanted = WantedResults::new();
        let mut declared_object: SmallVec<[bool; 2]> = SmallVec::new();
        if let Some(k) = receiver {
            let (entry, value) = chosen[k];
            wanted.push((
                (offsets[k] + value) as usize,
                Some((PoolType::Object, k as u32)),
            ));
            declared_object.push(self.extensible[entry].object_values.contains(&value));
        }
        wanted.push((last, result));
        declared_object.push(is_clone(&methods[method]));
        let before = gold.cost;
        let execution = {
            let restored = restored(&self.extensible, &chosen);
            let resumed = Resumed {
                frame: &self.frame,
                rerun: fuzz.len(),
                calls: last,
                fuel: restored.fuel,
                objects: &restored.objects,
                covered: &restored.covered,
                wanted: &wanted,
            };
            let (built, padding) = (&mut self.built, &self.padding);
            gold.execute_resumed(resumed, |methods, needed| {
                canonical_form(built.statements(), methods, needed, padding)
            })
        };
        self.cost += gold.cost - before;
        if execution.guarded {
            return None;
        }
        let mut checks = [ObjectChecks::default(); 2];
        let classification = self.classify(&call, &execution, gold, &mut checks);
        guide.executed(&Feedback {
            method: call.method,
            kind: &classification,
            execution: &execution,
        });
        if classification == CaseKind::Normal {
            let fuel = execution.fuel;
            let objects = execution.objects;
            let run = Run {
                objects,
                fuel,
                covered: execution.covered.as_slice().into(),
            };
            if let Some(entry) = self.extend(node, index, run, &declared_object, &checks, gold) {
                guide.extended(entry, length + 1, fuel);
            }
            if params.grow_seeds {
                self.grow_seeds(execution.primitives);
            }
        }
        let parts = chosen
            .iter()
            .map(|&(entry, _)| self.extensible[entry].case)
            .collect();
        Some(Step {
            generated: Generated {
                kind: classification,
                derivation: Derivation {
                    parts,
                    fuzz: fuzz
                        .into_iter()
                        .map(|(part, call)| Fuzz {
                            part: part as u32,
                            call,
                        })
                        .collect(),
                    call,
                },
            },
            covered: execution.covered,
        })
    }

    /// An extensible sequence with a value of the wanted type, chosen by `guide`
    /// (uniformly for FDRT), and one of its values of that type uniformly: (index in
    /// `extensible`, statement number).
    fn choose_object(
        &self,
        rng: &mut Pcg64Mcg,
        any_object: bool,
        guide: &mut impl Guidance,
    ) -> Option<(usize, u32)> {
        let any_object = any_object || guide.by_run_time_type(self.object_declared > 0);
        let (entries, list) = if any_object {
            (&self.with_any, CandidateList::AnyObject)
        } else {
            (&self.with_class, CandidateList::Class)
        };
        if entries.is_empty() {
            return None;
        }
        let index = entries[guide.sequence(rng, list, entries)];
        let entry = &self.extensible[index];
        let class = entry.class_values.len();
        let count = if any_object {
            class + entry.object_values.len()
        } else {
            class
        };
        let k = pick(rng, count);
        let value = if k < class {
            entry.class_values[k]
        } else {
            entry.object_values[k - class]
        };
        Some((index, value))
    }

    /// The candidate's kind; for a normal one, `checks` gets what the contracts found on
    /// each object of `execution.objects`.
    fn classify(
        &mut self,
        statement: &Statement,
        execution: &super::gold::Execution,
        gold: &mut GoldExecutor<'_>,
        checks: &mut [ObjectChecks; 2],
    ) -> CaseKind {
        if let Some(Err(crate::subject::JavaException::NullPointer)) = execution.last_outcome
            && !statement.inputs.contains(&Input::Null)
        {
            return CaseKind::Error(ContractViolation::NullPointerWithoutNull);
        }
        // The contracts on the last call's receiver and result.
        for (k, &(_, object)) in execution.objects.iter().enumerate() {
            if let Some(object) = object {
                let (outcome, record) = self.checked.contracts(object, gold);
                checks[k].record = record;
                match outcome {
                    Ok(h) => checks[k].hash = h,
                    Err(violation) => return CaseKind::Error(violation),
                }
            }
        }
        if execution.exception {
            CaseKind::Exception
        } else {
            CaseKind::Normal
        }
    }

    /// Adds the active values of the normal sequence added last (node `node`, test case
    /// `case`; `objects` its last call's receiver and result, `declared_object` whether
    /// Java declares each `Object`; its run used `fuel` and reached `covered`): object
    /// results that are not `null` and equal to no object seen before (by the unit's own
    /// `equals`); `checks` holds what [`ComponentPool::classify`] found on them. Returns
    /// its position in the extensible list if it has a value. Nothing is added once the
    /// thread holds more than [`COMPONENT_MEMORY_LIMIT`] beyond the pool's start.
    fn extend(
        &mut self,
        node: u32,
        case: u32,
        Run {
            objects,
            fuel,
            covered,
        }: Run,
        declared_object: &[bool],
        checks: &[ObjectChecks],
        gold: &mut GoldExecutor<'_>,
    ) -> Option<usize> {
        let held = crate::allocator::held_by_this_thread() - self.memory_baseline;
        if held > COMPONENT_MEMORY_LIMIT {
            return None;
        }
        let index = self.extensible.len();
        let mut class_values = SmallVec::new();
        let mut object_values = SmallVec::new();
        let mut values: SmallVec<[ValueCopy; 2]> = SmallVec::new();
        let checked = declared_object.iter().zip(checks);
        for ((i, object), (&declared_object, &ObjectChecks { hash, record })) in
            objects.into_iter().zip(checked)
        {
            let Some(object) = object else { continue };
            let bucket = hash.unwrap_or(0);
            let filtering = gold.object_methods.equals.is_some();
            // An object in a state filtered before equals an object seen: that one, or
            // the one it was found equal to.
            if filtering && record.is_some_and(|r| self.checked.filtered(r)) {
                continue;
            }
            if filtering && let Some(record) = record {
                self.checked.mark_filtered(record);
            }
            if self.seen_before(object, bucket, (index, &values), gold) {
                continue;
            }
            if declared_object {
                object_values.push(i as u32);
            } else {
                class_values.push(i as u32);
            }
            // Without an `equals` of its own, no object is ever looked up.
            if filtering {
                let seen = (index as u32, values.len() as u32);
                self.seen.entry(bucket).or_default().push(seen);
            }
            values.push((i as u32, gold.object(object)));
        }
        if !class_values.is_empty() {
            self.with_class.push(index);
        }
        if class_values.is_empty() && object_values.is_empty() {
            return None;
        }
        self.with_any.push(index);
        self.object_declared += usize::from(!object_values.is_empty());
        self.extensible.push(Extensible {
            node,
            case,
            class_values,
            object_values,
            values,
            fuel,
            covered,
        });
        Some(index)
    }

    /// Whether `object`, whose `hashCode()` bucket is `bucket`, equals an object seen:
    /// one of an extensible entry, or one of `pending`, the values of entry number
    /// `pending.0` being added.
    fn seen_before(
        &self,
        object: ObjectSlot,
        bucket: i32,
        pending: (usize, &[ValueCopy]),
        gold: &mut GoldExecutor<'_>,
    ) -> bool {
        if gold.object_methods.equals.is_none() {
            return false; // identity: a new object equals no earlier one
        }
        self.seen.get(&bucket).is_some_and(|seen| {
            seen.iter().any(|&(entry, value)| {
                let values = match self.extensible.get(entry as usize) {
                    Some(entry) => &entry.values[..],
                    None => {
                        debug_assert_eq!(entry as usize, pending.0);
                        pending.1
                    }
                };
                gold.equals(object, values[value as usize].1.as_ref())
            })
        })
    }

    /// The numbers of `int` and `String` values in the seed pool.
    pub fn seed_counts(&self) -> (usize, usize) {
        (self.ints.len(), self.strings.len())
    }

    /// Adds the values not in the seed pool yet, in order (GRT's mined constants).
    pub fn add_seeds<'a>(
        &mut self,
        ints: impl Iterator<Item = i32>,
        strings: impl Iterator<Item = &'a str>,
    ) {
        for v in ints {
            self.add_int(v);
        }
        for v in strings {
            self.add_string(v);
        }
    }

    fn grow_seeds(&mut self, results: PrimitiveResults) {
        for result in results {
            match result {
                PrimitiveResult::Int(v) => self.add_int(v),
                PrimitiveResult::Bool(v) if !self.bools.contains(&v) => self.bools.push(v),
                PrimitiveResult::Str(v) if v.len() <= MAX_SEED_STRING => self.add_string(&v),
                _ => {}
            }
        }
    }

    /// Adds `v` to the `int` seed pool unless it holds it.
    fn add_int(&mut self, v: i32) {
        if self.int_set.insert(v) {
            self.ints.push(v);
        }
    }

    /// Adds `v` to the `String` seed pool unless it holds it.
    fn add_string(&mut self, v: &str) {
        if !self.string_set.contains(v) {
            let v: Arc<str> = Arc::from(v);
            self.string_set.insert(Arc::clone(&v));
            self.strings.push(v);
        }
    }
}

/// The longest string result kept as a seed (Randoop's `--string-maxlen` is 1000).
const MAX_SEED_STRING: usize = 1000;

/// What a candidate's frame starts from: the copy of each chosen value (value k goes to
/// the frame's object slot k), with the fuel and probes of its sequence. A fuzz call's
/// fuel and probes are not in these: it runs in the frame.
// Inlined as its predecessor (`restored_prefix`) was: out of line, that one measured
// about 8 % slower on TreeMap (bench, back to back).
#[inline(always)]
fn restored<'a>(extensible: &'a [Extensible], chosen: &[(usize, u32)]) -> Restored<'a> {
    let mut restored = Restored::default();
    for (k, &(entry, value)) in chosen.iter().enumerate() {
        let entry = &extensible[entry];
        restored.fuel += entry.fuel;
        restored.objects.push((k as u32, entry.value(value)));
        restored.covered.push(&entry.covered);
    }
    restored
}

/// Fills `frame` with a candidate's frame ([`Resumed::frame`]): object slots 0 to
/// `values` − 1 for the chosen values, then the `fuzz` calls (each on the value it
/// names: (k, call) on value k; its other object inputs `null`) and `call`, the last
/// call, whose `Result` inputs name statements of the whole candidate that `value` maps
/// to their values; one slot per literal, per result and for `null`. Returns where the
/// last call's result is (`None`: `void`).
fn fill_frame(
    frame: &mut GeneratedCase,
    methods: &[MethodInfo],
    values: usize,
    fuzz: &[(usize, Statement)],
    call: &Statement,
    value: impl Fn(u32) -> u32,
) -> ResultSlot {
    let pools = &mut frame.pools;
    pools.ints.clear();
    pools.bools.clear();
    pools.strings.clear();
    pools.objects = values;
    frame.calls.clear();
    let mut null = None;
    for (k, fuzz_call) in fuzz {
        let info = &methods[fuzz_call.method as usize];
        let (call, _) = frame_call(pools, &mut null, info, &fuzz_call.inputs, |_| *k as u32);
        frame.calls.push(call);
    }
    let info = &methods[call.method as usize];
    let (call, result) = frame_call(pools, &mut null, info, &call.inputs, value);
    frame.calls.push(call);
    result
}

/// A call of `info` with `inputs` in a frame's `pools`: a new slot per literal and for
/// the result, `null` in the slot `null` holds (made on first use), a `Result` input in
/// the object slot `value` gives it. Returns the call and where its result is.
fn frame_call(
    pools: &mut PoolInit,
    null: &mut Option<u32>,
    info: &MethodInfo,
    inputs: &[Input],
    value: impl Fn(u32) -> u32,
) -> (GeneratedCall, ResultSlot) {
    fn push<T>(pool: &mut Vec<T>, v: T) -> u32 {
        pool.push(v);
        pool.len() as u32 - 1
    }
    let new_object = |pools: &mut PoolInit| {
        pools.objects += 1;
        pools.objects as u32 - 1
    };
    let mut slots = Slots::default();
    for input in inputs {
        slots.push(match input {
            Input::Int(v) => push(&mut pools.ints, *v),
            Input::Bool(v) => push(&mut pools.bools, *v),
            Input::Str(v) => push(&mut pools.strings, v.to_string()),
            Input::Null => *null.get_or_insert_with(|| new_object(pools)),
            Input::Result(statement) => value(*statement),
        });
    }
    let result = info.returns.pool().map(|pool| {
        let slot = match pool {
            PoolType::Int => push(&mut pools.ints, 0),
            PoolType::Bool => push(&mut pools.bools, false),
            PoolType::Str => push(&mut pools.strings, String::new()),
            PoolType::Object => new_object(pools),
        };
        slots.push(slot);
        (pool, slot)
    });
    let call = GeneratedCall {
        method: info.number as u32,
        slots,
    };
    (call, result)
}

/// Whether Java declares the result of `info` `Object`: `clone()`.
fn is_clone(info: &MethodInfo) -> bool {
    info.name == "clone" && info.params.is_empty()
}

/// What the contracts found on one object of a candidate: its `hashCode()` (`None`:
/// `null`, or the unit declares none) and where its state's checks are remembered.
#[derive(Clone, Copy, Default)]
struct ObjectChecks {
    hash: Option<i32>,
    record: Option<StateRecord>,
}

/// A call about to be built: subject method number `method`, its inputs, and the
/// (extensible entry, statement) pairs its object inputs refer to.
struct ChosenCall {
    method: usize,
    chosen: SmallVec<[(usize, u32); 4]>,
    /// Fuzz calls: (position in `chosen`, the call on its value within its part).
    fuzz: SmallVec<[(usize, Statement); 1]>,
    /// The inputs, `Result(k)` standing for the k-th chosen value until the sequence is
    /// built.
    inputs: Vec<Input>,
}

pub(crate) use crate::kernel::rng::unit_draw;

/// The generator's one random stream, from its seed.
pub(crate) fn generator_rng(seed: u64, tag: u64) -> Pcg64Mcg {
    case_rng(mix64(seed ^ tag), 0)
}

/// Attempts in a row that execute nothing before a generator gives up (M_C then has no
/// method that can start a sequence, or every short sequence was built).
pub(crate) const MAX_IDLE_ATTEMPTS: u32 = 100_000;

/// FDRT (`fdrt`), and with [`FdrtStepConfig::reset_every`] the pools dropped periodically
/// (`fdrt-reset`).
///
/// Each attempt: a method of M_C uniformly; each primitive parameter from the seed pool;
/// each object parameter `null` with probability [`FdrtStepConfig::null_ratio`] (never the
/// receiver) or an active value of a uniformly chosen extensible sequence; the new
/// sequence is the chosen sequences concatenated plus the call. Too long or already built
/// → discarded; otherwise run on gold. A broken contract makes an error sequence; an
/// exception makes it non-extensible; otherwise its non-null object results that equal no
/// earlier object become extensible values. Every executed candidate is a test case.
pub struct Fdrt {
    params: FdrtStepConfig,
    rng: Pcg64Mcg,
    pool: ComponentPool,
    /// Cost at the last reset.
    reset_at: u64,
    /// Test cases made so far.
    produced: u32,
}

/// `fdrt`'s parameters in an experiment file's `[phase.run.params]` (the test-case length
/// comes from the run's `n`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct FdrtSettings {
    /// The probability of `null` for an object argument (Randoop: 0.05).
    pub null_ratio: Probability,
    /// Whether non-null primitive results join the seed pool (Randoop 4: true).
    pub grow_seeds: bool,
    /// The seed values; a type left out keeps Randoop's.
    pub seeds: Seeds,
}

impl Default for FdrtSettings {
    fn default() -> Self {
        let FdrtStepConfig {
            null_ratio,
            grow_seeds,
            seeds,
            ..
        } = FdrtStepConfig::default();
        FdrtSettings {
            null_ratio: Probability(null_ratio),
            grow_seeds,
            seeds,
        }
    }
}

impl Parameters for FdrtSettings {
    fn check(&self) -> Result<(), ParameterError> {
        check_seeds(&self.seeds)
    }
}

impl FdrtSettings {
    /// FDRT's parameters at `max_length` calls, reset every `reset_every` cost units.
    pub fn params(&self, max_length: usize, reset_every: Option<u64>) -> FdrtStepConfig {
        FdrtStepConfig {
            max_length,
            null_ratio: self.null_ratio.0,
            reset_every,
            seeds: self.seeds.clone(),
            grow_seeds: self.grow_seeds,
        }
    }
}

/// The check every FDRT-based generator's settings share: no empty seed list.
pub(super) fn check_seeds(seeds: &Seeds) -> Result<(), ParameterError> {
    let empty = [
        ("int", seeds.ints.is_empty()),
        ("boolean", seeds.bools.is_empty()),
        ("string", seeds.strings.is_empty()),
    ];
    match empty.iter().find(|(_, e)| *e) {
        Some((kind, _)) => Err(ParameterError::Invalid {
            key: format!("seeds.{kind}"),
            message: "expected a non-empty list, found []".into(),
        }),
        None => Ok(()),
    }
}

impl FeedbackGenerator for Fdrt {
    const NAME: &'static str = "fdrt";
    const SUMMARY: &'static str = "Pacheco et al.'s feedback-directed random testing (Randoop)";
    const NEEDS_COVERAGE: bool = false;
    type Params = FdrtSettings;

    fn seeds(params: &FdrtSettings) -> Seeds {
        params.seeds.clone()
    }

    fn build(params: &FdrtSettings, max_length: usize, seed: u64) -> Self {
        Fdrt::new(params.params(max_length, None), seed)
    }

    fn next_case(&mut self, gold: &mut GoldExecutor<'_>) -> Option<Generated> {
        self.step(gold)
    }
}

impl Fdrt {
    /// FDRT with `params`, seeded with `seed`.
    pub fn new(params: FdrtStepConfig, seed: u64) -> Self {
        Fdrt {
            pool: ComponentPool::new(&params.seeds),
            rng: generator_rng(seed, 0x6664_7274),
            params,
            reset_at: 0,
            produced: 0,
        }
    }
}

impl Fdrt {
    /// The next test case ([`FeedbackGenerator::next_case`]).
    pub(super) fn step(&mut self, gold: &mut GoldExecutor<'_>) -> Option<Generated> {
        for _ in 0..MAX_IDLE_ATTEMPTS {
            if let Some(every) = self.params.reset_every
                && gold.cost - self.reset_at >= every
            {
                self.pool = ComponentPool::new(&self.params.seeds);
                self.reset_at = gold.cost;
            }
            if let Some(step) = self.pool.step(
                &mut self.rng,
                gold,
                &self.params,
                self.produced,
                &mut Uniform,
            ) {
                self.produced += 1;
                return Some(step.generated);
            }
        }
        None
    }
}
