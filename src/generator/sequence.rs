//! Method-call sequences as feedback-directed generation builds them (Pacheco et al. 2007,
//! Section 2): statements whose inputs are literals or results of earlier statements, and
//! their canonical form (one pool slot per literal value and per call result).

use std::sync::Arc;

use super::{GeneratedCall, GeneratedCase, Slots};
use crate::context::PoolInit;
use crate::subject::{MethodInfo, MethodKind, PoolType};

/// One input of a statement.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Input {
    /// An `int` literal of the seed pool.
    Int(i32),
    /// A `boolean` literal.
    Bool(bool),
    /// A `String` literal.
    Str(Arc<str>),
    /// The result of statement number `i` of the same sequence (an object).
    Result(u32),
    /// `null` for an object parameter.
    Null,
}

/// One call: subject method number `method` with its `inputs` — the parameters in order,
/// then the receiver of an instance method.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Statement {
    /// The subject's method number.
    pub method: u32,
    /// Parameters, then the receiver.
    pub inputs: Vec<Input>,
}

impl Statement {
    /// The statement with its result references moved `offset` statements on: the same
    /// call once the statements it refers to sit `offset` places later in a sequence.
    pub fn shifted(&self, offset: u32) -> Statement {
        Statement {
            method: self.method,
            inputs: self
                .inputs
                .iter()
                .map(|input| match input {
                    Input::Result(i) => Input::Result(i + offset),
                    other => other.clone(),
                })
                .collect(),
        }
    }
}

/// A sequence of statements; equal sequences are the same test up to variable names.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sequence {
    /// The statements in order.
    pub statements: Vec<Statement>,
}

impl Sequence {
    /// The number of calls.
    pub fn len(&self) -> usize {
        self.statements.len()
    }

    /// Whether it has no calls.
    pub fn is_empty(&self) -> bool {
        self.statements.is_empty()
    }

    /// Appends `other`'s statements, renumbering its result references; returns the
    /// offset of `other`'s first statement in `self`.
    pub fn append(&mut self, other: &Sequence) -> u32 {
        let offset = self.statements.len() as u32;
        self.statements.extend(
            other
                .statements
                .iter()
                .map(|statement| statement.shifted(offset)),
        );
        offset
    }

    /// The sequence in canonical form 3 over pools of its own: [`canonical_form`] of its
    /// statements.
    pub fn to_case(
        &self,
        methods: &[MethodInfo],
        needed: &[PoolType],
        padding: &PoolInit,
    ) -> GeneratedCase {
        canonical_form(self.statements.iter(), methods, needed, padding)
    }
}

/// One input of a statement as [`canonical_form`] reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputValue<'a> {
    /// The result of the statement at this position of the sequence (an object).
    Result(u32),
    /// `null`.
    Null,
    /// An `int` literal.
    Int(i32),
    /// A `boolean` literal.
    Bool(bool),
    /// A `String` literal.
    Str(&'a str),
}

/// A statement as [`canonical_form`] reads it, wherever it is stored.
pub trait PlacedStatement<'a> {
    /// Its inputs, in order.
    type Inputs: Iterator<Item = InputValue<'a>>;
    /// The subject's method number.
    fn method(&self) -> u32;
    /// Parameters, then the receiver; results named by their position in the sequence.
    fn inputs(&self) -> Self::Inputs;
}

impl<'a> PlacedStatement<'a> for &'a Statement {
    type Inputs = StatementInputs<'a>;
    fn method(&self) -> u32 {
        self.method
    }
    fn inputs(&self) -> StatementInputs<'a> {
        StatementInputs(self.inputs.iter())
    }
}

/// The inputs of a [`Statement`] as [`InputValue`]s.
pub struct StatementInputs<'a>(std::slice::Iter<'a, Input>);

impl<'a> Iterator for StatementInputs<'a> {
    type Item = InputValue<'a>;
    fn next(&mut self) -> Option<InputValue<'a>> {
        Some(match self.0.next()? {
            Input::Int(v) => InputValue::Int(*v),
            Input::Bool(v) => InputValue::Bool(*v),
            Input::Str(v) => InputValue::Str(v),
            Input::Result(i) => InputValue::Result(*i),
            Input::Null => InputValue::Null,
        })
    }
}

/// The sequence of `statements` in canonical form 3 over pools of its own: each pool
/// holds first the distinct literals of its type in order of first use, then one slot per
/// statement result of its type, in statement order (initially 0, `false`, `""`); the
/// object pool holds one slot per object result, then one `null` slot if an input is
/// `null`. A pool of a type in `needed` that would be empty gets one slot holding
/// `padding`'s first value of its type. `methods` is the subject's declaration list.
///
/// One pass over the statements writes every slot whose number is known at once (a
/// literal's, an object result's: a `Result` input reads the result slot of the call it
/// names); a pass over the calls then moves primitive results past their pool's literals
/// and points `null` inputs at the null slot.
pub fn canonical_form<'a, P: PlacedStatement<'a>>(
    statements: impl Iterator<Item = P>,
    methods: &[MethodInfo],
    needed: &[PoolType],
    padding: &PoolInit,
) -> GeneratedCase {
    let mut pools = PoolInit {
        ints: Vec::new(),
        bools: Vec::new(),
        strings: Vec::new(),
        objects: 0,
    };
    let mut results = [0u32; 4];
    let mut uses_null = false;
    let mut calls: Vec<GeneratedCall> = Vec::with_capacity(statements.size_hint().0);
    for statement in statements {
        let method = statement.method();
        let info = &methods[method as usize];
        // The call is written in place in the vector, its slots as they are found.
        let this = calls.len();
        calls.push(GeneratedCall {
            method,
            slots: Slots::default(),
        });
        let (earlier, last) = calls.split_at_mut(this);
        let slots = &mut last[0].slots;
        let mut count = 0;
        for input in statement.inputs() {
            slots.slots[count] = match input {
                InputValue::Result(i) => {
                    let call = &earlier[i as usize];
                    debug_assert_eq!(
                        methods[call.method as usize].returns.pool(),
                        Some(PoolType::Object),
                        "input from a non-object result"
                    );
                    call.slots.final_slot()
                }
                InputValue::Null => {
                    uses_null = true;
                    NULL_SLOT
                }
                InputValue::Int(v) => find_or_push(&mut pools.ints, |&x| x == v, || v),
                InputValue::Bool(v) => find_or_push(&mut pools.bools, |&x| x == v, || v),
                InputValue::Str(v) => {
                    find_or_push(&mut pools.strings, |x| x == v, || v.to_string())
                }
            };
            count += 1;
        }
        debug_assert_eq!(
            count,
            info.params.len() + usize::from(info.kind == MethodKind::Instance)
        );
        // A result's rank among the results of its pool; primitive ranks move past the
        // literals below.
        if let Some(pool) = info.returns.pool() {
            let rank = &mut results[pool_index(pool)];
            slots.slots[count] = *rank;
            *rank += 1;
            count += 1;
        }
        slots.len = count as u8;
    }
    let null_slot = results[pool_index(PoolType::Object)];
    let offsets = [
        pools.ints.len() as u32,
        pools.bools.len() as u32,
        pools.strings.len() as u32,
        0,
    ];
    if uses_null || offsets[..3].iter().any(|&offset| offset > 0) {
        for call in &mut calls {
            let slots = call.slots.as_mut_slice();
            if uses_null {
                for slot in slots.iter_mut() {
                    if *slot == NULL_SLOT {
                        *slot = null_slot;
                    }
                }
            }
            if let Some(pool) = methods[call.method as usize].returns.pool() {
                call.slots.slots[call.slots.len as usize - 1] += offsets[pool_index(pool)];
            }
        }
    }
    pools.objects = null_slot as usize + usize::from(uses_null);
    pools.ints.resize(pools.ints.len() + results[0] as usize, 0);
    pools
        .bools
        .resize(pools.bools.len() + results[1] as usize, false);
    pools
        .strings
        .resize(pools.strings.len() + results[2] as usize, String::new());
    pad(&mut pools, needed, padding);
    GeneratedCase { pools, calls }
}

/// Gives each pool of a type in `needed` that is empty one slot holding `padding`'s
/// first value of its type (the object pool: one slot).
pub(crate) fn pad(pools: &mut PoolInit, needed: &[PoolType], padding: &PoolInit) {
    for &pool in needed {
        if pools.size(pool) == 0 {
            match pool {
                PoolType::Int => pools.ints.push(padding.ints.first().copied().unwrap_or(0)),
                PoolType::Bool => pools
                    .bools
                    .push(padding.bools.first().copied().unwrap_or(false)),
                PoolType::Str => pools
                    .strings
                    .push(padding.strings.first().cloned().unwrap_or_default()),
                PoolType::Object => pools.objects = 1,
            }
        }
    }
}

/// The position of the first value of `values` that is `same`, else of `new()` pushed:
/// a literal's rank among the distinct literals of its type in order of first use.
fn find_or_push<T>(values: &mut Vec<T>, same: impl Fn(&T) -> bool, new: impl FnOnce() -> T) -> u32 {
    match values.iter().position(same) {
        Some(position) => position as u32,
        None => {
            values.push(new());
            values.len() as u32 - 1
        }
    }
}

/// The placeholder of a `null` input's slot until the null slot's number is known (no
/// pool reaches it: [`MAX_SLOTS`](crate::encoding::MAX_SLOTS) is tiny and pools are
/// far smaller than 2³²).
const NULL_SLOT: u32 = u32::MAX;

/// The position of `pool` among the pools: `int`, `boolean`, `String`, object.
pub(crate) fn pool_index(pool: PoolType) -> usize {
    match pool {
        PoolType::Int => 0,
        PoolType::Bool => 1,
        PoolType::Str => 2,
        PoolType::Object => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subject::registry;

    fn number(signature: &str) -> u32 {
        let unit = registry().find("ArrayList").unwrap();
        unit.methods()
            .iter()
            .find(|m| m.signature == signature)
            .unwrap_or_else(|| panic!("{signature}"))
            .number as u32
    }

    /// `l = new ArrayList(); l.add(10); i = l.size(); l2 = l.clone(); l.equals(null)`.
    fn example() -> Sequence {
        let statement = |signature, inputs| Statement {
            method: number(signature),
            inputs,
        };
        Sequence {
            statements: vec![
                statement("ArrayList()", vec![]),
                statement("add(Integer)", vec![Input::Int(10), Input::Result(0)]),
                statement("size()", vec![Input::Result(0)]),
                statement("clone()", vec![Input::Result(0)]),
                statement("equals(ArrayList)", vec![Input::Null, Input::Result(0)]),
            ],
        }
    }

    #[test]
    fn canonical_form_gives_every_literal_and_every_result_its_own_slot() {
        let unit = registry().find("ArrayList").unwrap();
        let case = example().to_case(unit.methods(), &[], &PoolInit::paper());
        // int: the literal 10, then size()'s result; bool: the results of add and equals;
        // objects: the two object results, then the null slot.
        assert_eq!(case.pools.ints, [10, 0]);
        assert_eq!(case.pools.bools, [false, false]);
        assert!(case.pools.strings.is_empty());
        assert_eq!(case.pools.objects, 3);
        let slots: Vec<&[u32]> = case.calls.iter().map(|c| c.slots.as_slice()).collect();
        assert_eq!(slots, [&[0][..], &[0, 0, 0], &[0, 1], &[0, 1], &[2, 0, 1]]);
        assert_eq!(
            case.result_slot(2, unit.methods()),
            Some((PoolType::Int, 1))
        );
    }

    /// Many distinct literals keep their rank by first use, and a repeated one its
    /// first slot.
    #[test]
    fn many_distinct_literals_keep_their_order_of_first_use() {
        let unit = registry().find("ArrayList").unwrap();
        let mut statements = vec![Statement {
            method: number("ArrayList()"),
            inputs: vec![],
        }];
        let values: Vec<i32> = (0..40).map(|k| 100 - 3 * k).chain([100, 73, 1]).collect();
        for &v in &values {
            statements.push(Statement {
                method: number("add(Integer)"),
                inputs: vec![Input::Int(v), Input::Result(0)],
            });
        }
        let case = Sequence { statements }.to_case(unit.methods(), &[], &PoolInit::paper());
        let distinct: Vec<i32> = (0..40).map(|k| 100 - 3 * k).collect();
        assert_eq!(case.pools.ints, distinct);
        let slots: Vec<u32> = case.calls[1..].iter().map(|c| c.slots[0]).collect();
        let expected: Vec<u32> = (0..40).chain([0, 9, 33]).collect();
        assert_eq!(slots, expected);
        // add's boolean results follow, one slot each.
        assert_eq!(case.pools.bools.len(), values.len());
    }

    #[test]
    fn needed_pools_are_padded_to_one_slot() {
        let unit = registry().find("ArrayList").unwrap();
        let only_new = Sequence {
            statements: vec![example().statements[0].clone()],
        };
        let case = only_new.to_case(
            unit.methods(),
            &[PoolType::Int, PoolType::Str, PoolType::Object],
            &PoolInit::paper(),
        );
        assert_eq!(case.pools.ints, [0]);
        assert_eq!(case.pools.strings, ["a"]);
        assert_eq!(case.pools.objects, 1);
    }

    #[test]
    fn appending_renumbers_result_references() {
        let mut joined = example();
        let offset = joined.append(&example());
        assert_eq!(offset, 5);
        assert_eq!(
            joined.statements[6].inputs,
            [Input::Int(10), Input::Result(5)]
        );
        assert_eq!(joined.len(), 10);
    }
}
