//! A candidate's canonical form composed from its parts' canonical forms instead of read
//! statement by statement: FDRT's candidate is its chosen sequences concatenated, then one
//! call, and each chosen sequence was a test case whose canonical form is at hand.
//!
//! In canonical form 3 a sequence's pools hold its distinct literals in order of first
//! use, then one slot per result (per type, in statement order), then, for objects, one
//! `null` slot. Concatenation keeps every order: the first part's literals come first,
//! each later part adds the literals not seen yet, and the call adds its own; results
//! follow part after part. So a part's calls carry over with their slots moved — a
//! literal to its number among the merged literals, a result past the literals and the
//! earlier parts' results, `null` to the merged null slot — and the first part's calls,
//! most often, not at all. [`compose`] gives what [`super::sequence::canonical_form`]
//! gives for the concatenated statements (a debug build checks each candidate).

use super::sequence::{Input, Statement};
use super::{GeneratedCall, GeneratedCase, Slots};
use crate::context::PoolInit;
use crate::encoding::MAX_SLOTS;
use crate::subject::{MethodInfo, MethodKind, PoolType};

/// What a canonical form's pools hold before padding: per primitive type (`int`,
/// `boolean`, `String`) its literals, per type (the same, then objects) its results,
/// and whether an input is `null` (the object pool's last slot).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shape {
    /// Distinct literals of each primitive type.
    pub literals: [u32; 3],
    /// Results of each type: `int`, `boolean`, `String`, object.
    pub results: [u32; 4],
    /// Whether an input is `null`.
    pub uses_null: bool,
}

/// A test case in canonical form with its [`Shape`]: a part later candidates are composed
/// from.
#[derive(Clone, Debug)]
pub(crate) struct ShapedCase {
    /// The canonical form.
    pub case: GeneratedCase,
    /// Its pools' contents before padding.
    pub shape: Shape,
}

/// Slot kinds: an input from pool `INPUT + p`, or the result into pool `RESULT + p` (`p`:
/// `int`, `boolean`, `String`, object, so `p < OBJECT` is a primitive).
const INPUT: u8 = 0;
const RESULT: u8 = 4;
const OBJECT: u8 = 3;
/// A primitive input, an object input, a primitive result (an object result is the rest).
const PRIMITIVE_INPUT: std::ops::Range<u8> = INPUT..INPUT + OBJECT;
const OBJECT_INPUT: u8 = INPUT + OBJECT;
const PRIMITIVE_RESULT: std::ops::Range<u8> = RESULT..RESULT + OBJECT;

/// Per method of a unit, the kind of each slot of its parameter tuple (the parameters,
/// the receiver, the result) and the pool of its result.
pub(crate) struct SlotKinds(Vec<MethodSlots>);

struct MethodSlots {
    kinds: [u8; MAX_SLOTS],
    /// The result's pool (`None`: `void`).
    result: Option<u8>,
}

impl SlotKinds {
    /// The kinds of `methods`' slots.
    pub fn of(methods: &[MethodInfo]) -> Self {
        SlotKinds(
            methods
                .iter()
                .map(|info| {
                    let receiver = (info.kind == MethodKind::Instance).then_some(PoolType::Object);
                    let inputs = info.params.iter().map(|p| p.pool()).chain(receiver);
                    let result = info.returns.pool().map(pool_index);
                    let slots = inputs
                        .map(|pool| INPUT + pool_index(pool))
                        .chain(result.map(|pool| RESULT + pool));
                    let mut kinds = [0u8; MAX_SLOTS];
                    for (kind, slot) in kinds.iter_mut().zip(slots) {
                        *kind = slot;
                    }
                    MethodSlots { kinds, result }
                })
                .collect(),
        )
    }
}

/// The canonical form of `parts` concatenated, then `call` (its `Result` inputs numbered
/// within the concatenation), with its shape: what
/// [`super::sequence::canonical_form`] gives for those statements, read from the parts'
/// canonical forms (at most [`MAX_SLOTS`] parts). `needed` and `padding` as there.
pub(crate) fn compose<'a>(
    parts: impl Iterator<Item = (&'a GeneratedCase, &'a Shape)> + Clone,
    call: &Statement,
    kinds: &SlotKinds,
    needed: &[PoolType],
    padding: &PoolInit,
) -> ShapedCase {
    let call_kinds = &kinds.0[call.method as usize];
    // Each pool allocated once: at most every part's slots, the call's literals and
    // result, and a padding slot.
    let mut capacity = [0usize; 3];
    for (_, shape) in parts.clone() {
        for (t, size) in capacity.iter_mut().enumerate() {
            *size += (shape.literals[t] + shape.results[t]) as usize;
        }
    }
    for input in &call.inputs {
        match input {
            Input::Int(_) => capacity[0] += 1,
            Input::Bool(_) => capacity[1] += 1,
            Input::Str(_) => capacity[2] += 1,
            Input::Null | Input::Result(_) => {}
        }
    }
    if let Some(t) = call_kinds.result.filter(|&t| t < OBJECT) {
        capacity[t as usize] += 1;
    }
    for &pool in needed {
        if pool != PoolType::Object {
            capacity[pool_index(pool) as usize] += 1;
        }
    }
    let mut pools = PoolInit {
        ints: Vec::with_capacity(capacity[0]),
        bools: Vec::with_capacity(capacity[1]),
        strings: Vec::with_capacity(capacity[2]),
        objects: 0,
    };
    let mut uses_null = false;
    // The literals of each later part by their merged numbers, per type (the first
    // part's keep theirs).
    let mut renumbered: Vec<u32> = Vec::new();
    let mut renumbered_from = [[0usize; 3]; MAX_SLOTS];
    for (j, (case, shape)) in parts.clone().enumerate() {
        let [ints, bools, strings] = shape.literals.map(|n| n as usize);
        if j == 0 {
            pools.ints.extend_from_slice(&case.pools.ints[..ints]);
            pools.bools.extend_from_slice(&case.pools.bools[..bools]);
            pools
                .strings
                .extend_from_slice(&case.pools.strings[..strings]);
        } else {
            renumbered_from[j] = [
                renumbered.len(),
                renumbered.len() + ints,
                renumbered.len() + ints + bools,
            ];
            for v in &case.pools.ints[..ints] {
                renumbered.push(find_or_push(&mut pools.ints, v));
            }
            for v in &case.pools.bools[..bools] {
                renumbered.push(find_or_push(&mut pools.bools, v));
            }
            for v in &case.pools.strings[..strings] {
                renumbered.push(find_or_push_str(&mut pools.strings, v));
            }
        }
        uses_null |= shape.uses_null;
    }
    // The call's literals numbered now; its results and `null` once the objects are
    // counted.
    let mut own = Slots::default();
    for input in &call.inputs {
        own.push(match input {
            Input::Int(v) => find_or_push(&mut pools.ints, v),
            Input::Bool(v) => find_or_push(&mut pools.bools, v),
            Input::Str(v) => find_or_push_str(&mut pools.strings, v),
            Input::Null => {
                uses_null = true;
                0
            }
            Input::Result(_) => 0,
        });
    }
    let literals = [
        pools.ints.len() as u32,
        pools.bools.len() as u32,
        pools.strings.len() as u32,
    ];
    let null_slot = parts
        .clone()
        .map(|(_, shape)| shape.results[3])
        .sum::<u32>()
        + u32::from(call_kinds.result == Some(OBJECT));
    let mut results = [0u32; 4];
    let mut calls: Vec<GeneratedCall> = Vec::with_capacity(
        parts
            .clone()
            .map(|(case, _)| case.calls.len())
            .sum::<usize>()
            + 1,
    );
    for (j, (case, shape)) in parts.enumerate() {
        // A primitive result moves past the merged literals and the earlier parts'
        // results; an object past the earlier parts' objects.
        let moved = [0, 1, 2].map(|t| literals[t] + results[t] - shape.literals[t]);
        let object_base = results[3];
        let own_null = shape.results[3];
        let null_moves = shape.uses_null && own_null != null_slot;
        if j == 0 && moved == [0; 3] && !null_moves {
            calls.extend_from_slice(&case.calls);
        } else {
            let from = renumbered_from[j];
            for call in &case.calls {
                let mut call = call.clone();
                let kinds = &kinds.0[call.method as usize].kinds;
                for (slot, &kind) in call.slots.as_mut_slice().iter_mut().zip(kinds) {
                    *slot = match kind {
                        k if PRIMITIVE_INPUT.contains(&k) && j > 0 => {
                            renumbered[from[(k - INPUT) as usize] + *slot as usize]
                        }
                        k if PRIMITIVE_INPUT.contains(&k) => *slot,
                        OBJECT_INPUT if shape.uses_null && *slot == own_null => null_slot,
                        OBJECT_INPUT => *slot + object_base,
                        k if PRIMITIVE_RESULT.contains(&k) => *slot + moved[(k - RESULT) as usize],
                        _ => *slot + object_base,
                    };
                }
                calls.push(call);
            }
        }
        for (total, &count) in results.iter_mut().zip(&shape.results) {
            *total += count;
        }
    }
    // The call's object inputs: a result's merged slot, or the null slot.
    for (slot, input) in own.as_mut_slice().iter_mut().zip(&call.inputs) {
        match input {
            Input::Null => *slot = null_slot,
            Input::Result(position) => *slot = calls[*position as usize].slots.final_slot(),
            _ => {}
        }
    }
    if let Some(t) = call_kinds.result {
        let t = t as usize;
        own.push(if t < 3 {
            literals[t] + results[t]
        } else {
            results[t]
        });
        results[t] += 1;
    }
    calls.push(GeneratedCall {
        method: call.method,
        slots: own,
    });
    pools.objects = null_slot as usize + usize::from(uses_null);
    pools.ints.resize((literals[0] + results[0]) as usize, 0);
    pools
        .bools
        .resize((literals[1] + results[1]) as usize, false);
    pools
        .strings
        .resize((literals[2] + results[2]) as usize, String::new());
    super::sequence::pad(&mut pools, needed, padding);
    ShapedCase {
        case: GeneratedCase { pools, calls },
        shape: Shape {
            literals,
            results,
            uses_null,
        },
    }
}

/// The position of `v` in `values`, pushed if absent.
fn find_or_push<T: PartialEq + Copy>(values: &mut Vec<T>, v: &T) -> u32 {
    match values.iter().position(|x| x == v) {
        Some(position) => position as u32,
        None => {
            values.push(*v);
            values.len() as u32 - 1
        }
    }
}

/// The position of `v` in `values`, pushed if absent.
fn find_or_push_str(values: &mut Vec<String>, v: &str) -> u32 {
    match values.iter().position(|x| x == v) {
        Some(position) => position as u32,
        None => {
            values.push(v.to_string());
            values.len() as u32 - 1
        }
    }
}

fn pool_index(pool: PoolType) -> u8 {
    super::sequence::pool_index(pool) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::TestContext;
    use crate::generator::sequence::{Sequence, canonical_form_shaped};
    use crate::strategy::rng::{below, case_rng};
    use crate::subject::{Param, registry};

    /// A random call of `methods` whose object inputs are results among `objects`
    /// (statement numbers) or `null`; `None` if it needs an object and there is none.
    fn random_call(
        rng: &mut rand_pcg::Pcg64Mcg,
        methods: &[MethodInfo],
        objects: &[u32],
    ) -> Option<Statement> {
        let info = &methods[below(rng, methods.len() as u64) as usize];
        let object = |rng: &mut rand_pcg::Pcg64Mcg, nullable: bool| {
            if nullable && below(rng, 4) == 0 {
                return Some(Input::Null);
            }
            let k = below(rng, objects.len() as u64 + 1) as usize;
            objects.get(k.checked_sub(1)?).map(|&i| Input::Result(i))
        };
        let mut inputs = Vec::new();
        for param in &info.params {
            inputs.push(match param {
                Param::Int | Param::Integer => Input::Int(below(rng, 5) as i32 - 1),
                Param::Bool => Input::Bool(below(rng, 2) == 1),
                Param::Str => Input::Str(["", "a", "hi!"][below(rng, 3) as usize].into()),
                Param::Object => object(rng, true)?,
            });
        }
        if info.kind == MethodKind::Instance {
            inputs.push(object(rng, false)?);
        }
        Some(Statement {
            method: info.number as u32,
            inputs,
        })
    }

    /// A random sequence of up to `calls` calls.
    fn random_sequence(
        rng: &mut rand_pcg::Pcg64Mcg,
        methods: &[MethodInfo],
        calls: usize,
    ) -> Sequence {
        let mut sequence = Sequence::default();
        let mut objects = Vec::new();
        for _ in 0..calls * 4 {
            if sequence.len() == calls {
                break;
            }
            if let Some(statement) = random_call(rng, methods, &objects) {
                if methods[statement.method as usize].returns.pool() == Some(PoolType::Object) {
                    objects.push(sequence.len() as u32);
                }
                sequence.statements.push(statement);
            }
        }
        sequence
    }

    /// For units with every kind of parameter and result, random parts (sharing some
    /// literals, some with `null` inputs) and a random last call on their objects: the
    /// composed canonical form is the one of the concatenated statements, padding and
    /// shape included.
    #[test]
    fn composing_parts_gives_the_canonical_form_of_their_concatenation() {
        let padding = PoolInit::paper();
        for class in ["ArrayList", "TreeMap", "Properties", "HashSet"] {
            let unit = registry().find(class).unwrap();
            let context = TestContext::paper(unit).unwrap();
            let methods = unit.methods();
            let kinds = SlotKinds::of(methods);
            let needed = context.types_of_interest();
            let mut composed_from_several = 0;
            for trial in 0..400 {
                let mut rng = case_rng(17, trial);
                let count = 1 + below(&mut rng, 3) as usize;
                let parts: Vec<Sequence> = (0..count)
                    .map(|_| {
                        let calls = 1 + below(&mut rng, 8) as usize;
                        random_sequence(&mut rng, methods, calls)
                    })
                    .collect();
                let shaped: Vec<ShapedCase> = parts
                    .iter()
                    .map(|p| canonical_form_shaped(p.statements.iter(), methods, needed, &padding))
                    .collect();
                let mut whole = Sequence::default();
                for part in &parts {
                    whole.append(part);
                }
                let objects: Vec<u32> = (0..whole.len() as u32)
                    .filter(|&i| {
                        let method = whole.statements[i as usize].method as usize;
                        methods[method].returns.pool() == Some(PoolType::Object)
                    })
                    .collect();
                let Some(call) = (0..20).find_map(|_| random_call(&mut rng, methods, &objects))
                else {
                    continue;
                };
                whole.statements.push(call.clone());
                let expected =
                    canonical_form_shaped(whole.statements.iter(), methods, needed, &padding);
                let got = compose(
                    shaped.iter().map(|s| (&s.case, &s.shape)),
                    &call,
                    &kinds,
                    needed,
                    &padding,
                );
                assert_eq!(got.case, expected.case, "{class}, trial {trial}");
                assert_eq!(got.shape, expected.shape, "{class}, trial {trial}");
                composed_from_several += usize::from(count > 1);
            }
            assert!(
                composed_from_several > 100,
                "{class}: {composed_from_several}"
            );
        }
    }
}
