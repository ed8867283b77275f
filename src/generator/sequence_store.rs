//! The sequences one FDRT pool has built, each stored as its derivation — earlier
//! sequences of the pool concatenated, then one call — with an exact duplicate check.
//!
//! A sequence's statements read as one run of 32-bit words: per statement a header
//! (method, number of inputs), then one code per input — a literal's number in the pool's
//! literal tables, `null`, or a `Result` reference as its distance back from the statement
//! that holds it. Read that way a statement is the same wherever it sits, so a sequence's
//! run is its parts' runs one after the other, then its own call's words; equal sequences
//! have equal runs. A node keeps only its parts and its own call's words: the run is read
//! through the derivation when it is needed (a fingerprint match, or the statements of a
//! candidate that gold must run in full), so building a sequence costs its own call, not
//! its length. A fingerprint of the statements composes over the concatenation: a
//! polynomial hash modulo 2⁶¹ − 1 with H(A ++ B) = H(A)·B^|B| + H(B), so a candidate's
//! costs one step per part; a fingerprint match is confirmed by comparing the runs.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use smallvec::SmallVec;

use super::sequence::{Input, InputValue, PlacedStatement, Statement};
use crate::kernel::rng::mix64;

/// The modulus of fingerprints: the Mersenne prime 2⁶¹ − 1.
const MODULUS: u64 = (1 << 61) - 1;
/// The base of fingerprints (any residue far from 0 and 1).
const BASE: u64 = 0x0d8e_4e27_c47d_124f % MODULUS;

fn mul_mod(a: u64, b: u64) -> u64 {
    let product = u128::from(a) * u128::from(b);
    // 2⁶¹ ≡ 1: fold the high bits onto the low ones, twice, then at most one subtraction.
    let sum = (product as u64 & MODULUS) + (product >> 61) as u64;
    let sum = (sum & MODULUS) + (sum >> 61);
    if sum >= MODULUS { sum - MODULUS } else { sum }
}

fn add_mod(a: u64, b: u64) -> u64 {
    let sum = a + b; // both below 2⁶¹: no overflow
    if sum >= MODULUS { sum - MODULUS } else { sum }
}

/// Bits of a statement header that hold its number of inputs (at most
/// [`MAX_SLOTS`](crate::encoding::MAX_SLOTS)); the method number is above them.
const ARITY_BITS: u32 = 4;
/// Bits of an input code that hold its kind; the value is above them.
const KIND_BITS: u32 = 3;
const RESULT: u32 = 0;
const NULL: u32 = 1;
const INT: u32 = 2;
const BOOL: u32 = 3;
const STR: u32 = 4;

/// One sequence built: earlier ones concatenated, then one call.
struct Node {
    /// The number of statements.
    len: u32,
    /// Σ h(statement p)·BASE^(len − 1 − p) mod [`MODULUS`], h over a statement's words.
    fingerprint: u64,
    /// BASE^len mod [`MODULUS`].
    power: u64,
    /// The next older node with the same fingerprint.
    same: Option<u32>,
    /// Where its parts start in [`Built::parts`], and how many there are.
    parts_start: u32,
    parts_len: u32,
    /// Where its own call's words start in [`Built::own`], and how many there are.
    own_start: u32,
    own_words: u32,
    /// The number of words of its whole run.
    words: u32,
}

/// A hasher for keys that are well-mixed `u64`s already.
#[derive(Default)]
pub(crate) struct Premixed(u64);

impl Hasher for Premixed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = mix64(self.0 ^ u64::from(byte));
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

/// A map from well-mixed `u64` keys (hashes of their own).
pub(crate) type PremixedMap<V> = HashMap<u64, V, BuildHasherDefault<Premixed>>;

/// Every sequence a pool has built (executed or not), as derivation nodes.
///
/// Contract: [`Built::add`] refuses exactly the sequences longer than the limit and those
/// equal, statement by statement, to one added before — as a set of whole sequences
/// would; the statements [`Built::statements`] yields are those of the sequence added
/// last.
#[derive(Default)]
pub(crate) struct Built {
    nodes: Vec<Node>,
    /// Per mixed fingerprint, the newest node that has it.
    newest: PremixedMap<u32>,
    /// Every node's parts, node after node.
    parts: Vec<u32>,
    /// Every node's own call's words, node after node.
    own: Vec<u32>,
    /// The run of the node added last, read out by [`Built::statements`].
    expanded: Vec<u32>,
    /// The `int` literals by number, and each one's number (keyed by its mix).
    ints: Vec<i32>,
    int_numbers: PremixedMap<u32>,
    /// The `String` literals by number, and each one's number.
    strings: Vec<Arc<str>>,
    string_numbers: HashMap<Arc<str>, u32>,
    /// The node added last.
    last: u32,
}

impl Built {
    /// The number of statements of node `node`.
    pub fn len(&self, node: u32) -> u32 {
        self.nodes[node as usize].len
    }

    /// Adds the sequence of the nodes `parts` concatenated, then `call` (its `Result`
    /// references numbered within that sequence), unless it has more than `max_length`
    /// statements or was added before; returns its node.
    pub fn add(&mut self, parts: &[u32], call: &Statement, max_length: usize) -> Option<u32> {
        self.insert(parts, call, max_length)?.ok()
    }

    /// The node of the sequence of `parts` concatenated, then `call`: the one added before
    /// if there is one, else a new one (`None`: more than `max_length` statements). A
    /// building block of longer sequences (GRT's fuzzed inputs), not a sequence built.
    pub fn intern(&mut self, parts: &[u32], call: &Statement, max_length: usize) -> Option<u32> {
        Some(
            self.insert(parts, call, max_length)?
                .unwrap_or_else(|existing| existing),
        )
    }

    /// `None`: too long; `Ok(new node)`; `Err(the equal node added before)`.
    fn insert(
        &mut self,
        parts: &[u32],
        call: &Statement,
        max_length: usize,
    ) -> Option<Result<u32, u32>> {
        let mut len = 1u32;
        let mut fingerprint = 0u64;
        let mut power = BASE;
        for &part in parts {
            let part = &self.nodes[part as usize];
            len += part.len;
            fingerprint = add_mod(mul_mod(fingerprint, part.power), part.fingerprint);
            power = mul_mod(power, part.power);
        }
        if len as usize > max_length {
            return None;
        }
        let parts_start = self.parts.len();
        let own_start = self.own.len();
        let mut words = 0;
        for &part in parts {
            words += self.nodes[part as usize].words;
        }
        self.encode(call, len - 1);
        let own_words = (self.own.len() - own_start) as u32;
        words += own_words;
        let hash = self.own[own_start..]
            .iter()
            .fold(0x5374_6174u64, |h, &word| mix64(h ^ u64::from(word)));
        fingerprint = add_mod(mul_mod(fingerprint, BASE), hash % MODULUS);
        let key = mix64(fingerprint);
        let mut candidate = self.newest.get(&key).copied();
        while let Some(other) = candidate {
            let node = &self.nodes[other as usize];
            // Equal runs are equal sequences (of equal length).
            if node.words == words && self.same_run(other, parts, own_start) {
                self.own.truncate(own_start);
                return Some(Err(other));
            }
            candidate = node.same;
        }
        self.parts.extend_from_slice(parts);
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            len,
            fingerprint,
            power,
            same: self.newest.insert(key, id),
            parts_start: parts_start as u32,
            parts_len: parts.len() as u32,
            own_start: own_start as u32,
            own_words,
            words,
        });
        self.last = id;
        Some(Ok(id))
    }

    /// Whether node `node`'s run is the run of `parts` concatenated, then the words from
    /// `own_start` on in [`Built::own`] (the candidate's call, not yet a node). A node of
    /// the same parts compares its own call alone; otherwise both runs are read through
    /// their derivations, word by word.
    fn same_run(&self, node: u32, parts: &[u32], own_start: usize) -> bool {
        let own = &self.own[own_start..];
        let existing = &self.nodes[node as usize];
        if self.parts[existing.parts_start as usize..][..existing.parts_len as usize] == *parts {
            return self.own[existing.own_start as usize..][..existing.own_words as usize] == *own;
        }
        let candidate = Chunks::of_parts(self, parts).chain(std::iter::once(own));
        candidate
            .flatten()
            .eq(Chunks::of_parts(self, &[node]).flatten())
    }

    /// Appends the words of `call`, standing at statement `position`.
    ///
    /// # Panics
    /// If a field does not fit its bits (a method number of 2²⁸ or more, more than 15
    /// inputs, a literal number or reference distance of 2²⁹ or more): far beyond any
    /// subject, pool or sequence length.
    fn encode(&mut self, call: &Statement, position: u32) {
        assert!(call.method < 1 << (32 - ARITY_BITS) && call.inputs.len() < 1 << ARITY_BITS);
        self.own
            .push(call.method << ARITY_BITS | call.inputs.len() as u32);
        for input in &call.inputs {
            let (kind, value) = match input {
                Input::Result(i) => (RESULT, position - i),
                Input::Null => (NULL, 0),
                Input::Int(v) => {
                    let ints = &mut self.ints;
                    let number = *self
                        .int_numbers
                        .entry(mix64(u64::from(*v as u32)))
                        .or_insert_with(|| {
                            ints.push(*v);
                            ints.len() as u32 - 1
                        });
                    (INT, number)
                }
                Input::Bool(v) => (BOOL, u32::from(*v)),
                Input::Str(v) => {
                    let number = match self.string_numbers.get(v) {
                        Some(&number) => number,
                        None => {
                            self.strings.push(Arc::clone(v));
                            let number = self.strings.len() as u32 - 1;
                            self.string_numbers.insert(Arc::clone(v), number);
                            number
                        }
                    };
                    (STR, number)
                }
            };
            assert!(
                value < 1 << (32 - KIND_BITS),
                "input code overflow: {value}"
            );
            self.own.push(value << KIND_BITS | kind);
        }
    }

    /// The statements of the sequence added last, in order, for
    /// [`super::sequence::canonical_form`] (a candidate that gold runs in full, not from
    /// its frame): its run read out through its derivation.
    pub fn statements(&mut self) -> Statements<'_> {
        let mut expanded = std::mem::take(&mut self.expanded);
        expanded.clear();
        let remaining = match self.nodes.get(self.last as usize) {
            Some(node) => {
                for chunk in Chunks::of_parts(self, &[self.last]) {
                    expanded.extend_from_slice(chunk);
                }
                node.len
            }
            None => 0,
        };
        self.expanded = expanded;
        Statements {
            built: self,
            words: &self.expanded,
            position: 0,
            remaining,
        }
    }
}

/// The run of a concatenation of nodes, as the slices of their own calls' words in
/// statement order: a depth-first walk of their derivations.
struct Chunks<'a> {
    built: &'a Built,
    /// The nodes of the concatenation still to start, last first.
    pending: SmallVec<[u32; 8]>,
    /// Nodes started: (node, its next part).
    stack: SmallVec<[(u32, u32); 16]>,
}

impl<'a> Chunks<'a> {
    fn of_parts(built: &'a Built, parts: &[u32]) -> Self {
        Chunks {
            built,
            pending: parts.iter().rev().copied().collect(),
            stack: SmallVec::new(),
        }
    }
}

impl<'a> Iterator for Chunks<'a> {
    type Item = &'a [u32];

    fn next(&mut self) -> Option<&'a [u32]> {
        let built = self.built;
        loop {
            let Some((node, next)) = self.stack.last_mut() else {
                let node = self.pending.pop()?;
                self.stack.push((node, 0));
                continue;
            };
            let current = &built.nodes[*node as usize];
            if *next < current.parts_len {
                let part = built.parts[(current.parts_start + *next) as usize];
                *next += 1;
                self.stack.push((part, 0));
                continue;
            }
            self.stack.pop();
            return Some(&built.own[current.own_start as usize..][..current.own_words as usize]);
        }
    }
}

/// The statements of a run, front to back.
pub(crate) struct Statements<'a> {
    built: &'a Built,
    words: &'a [u32],
    position: u32,
    remaining: u32,
}

impl<'a> Iterator for Statements<'a> {
    type Item = RunStatement<'a>;

    fn next(&mut self) -> Option<RunStatement<'a>> {
        let (&header, rest) = self.words.split_first()?;
        let arity = (header & ((1 << ARITY_BITS) - 1)) as usize;
        let (codes, rest) = rest.split_at(arity);
        self.words = rest;
        let statement = RunStatement {
            built: self.built,
            method: header >> ARITY_BITS,
            codes,
            position: self.position,
        };
        self.position += 1;
        self.remaining -= 1;
        Some(statement)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining as usize, Some(self.remaining as usize))
    }
}

/// One statement of a run, at `position` in its sequence.
pub(crate) struct RunStatement<'a> {
    built: &'a Built,
    method: u32,
    codes: &'a [u32],
    position: u32,
}

impl<'a> PlacedStatement<'a> for RunStatement<'a> {
    type Inputs = RunInputs<'a>;

    fn method(&self) -> u32 {
        self.method
    }

    fn inputs(&self) -> RunInputs<'a> {
        RunInputs {
            built: self.built,
            codes: self.codes.iter(),
            position: self.position,
        }
    }
}

/// The inputs of a [`RunStatement`], decoded.
pub(crate) struct RunInputs<'a> {
    built: &'a Built,
    codes: std::slice::Iter<'a, u32>,
    position: u32,
}

impl<'a> Iterator for RunInputs<'a> {
    type Item = InputValue<'a>;

    fn next(&mut self) -> Option<InputValue<'a>> {
        let code = *self.codes.next()?;
        let value = code >> KIND_BITS;
        Some(match code & ((1 << KIND_BITS) - 1) {
            RESULT => InputValue::Result(self.position - value),
            NULL => InputValue::Null,
            INT => InputValue::Int(self.built.ints[value as usize]),
            BOOL => InputValue::Bool(value != 0),
            STR => InputValue::Str(&self.built.strings[value as usize]),
            kind => unreachable!("no input kind {kind}"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::sequence::Sequence;

    fn call(method: u32, inputs: Vec<Input>) -> Statement {
        Statement { method, inputs }
    }

    /// The statements of the sequence added last, decoded from its run.
    fn statements(built: &mut Built) -> Vec<Statement> {
        built
            .statements()
            .map(|statement| {
                let inputs = statement
                    .inputs()
                    .map(|input| match input {
                        InputValue::Result(i) => Input::Result(i),
                        InputValue::Null => Input::Null,
                        InputValue::Int(v) => Input::Int(v),
                        InputValue::Bool(v) => Input::Bool(v),
                        InputValue::Str(v) => Input::Str(v.into()),
                    })
                    .collect();
                call(statement.method(), inputs)
            })
            .collect()
    }

    /// The same sequence built along two derivations is refused the second time; a
    /// sequence differing in one reference is not.
    #[test]
    fn duplicates_are_refused_whatever_their_derivation() {
        let mut built = Built::default();
        let new = built.add(&[], &call(0, vec![]), 100).unwrap();
        let add = built
            .add(&[new], &call(1, vec![Input::Int(3), Input::Result(0)]), 100)
            .unwrap();
        // [new, add(3)] ++ [new] then size() of the first: one derivation.
        let pair = built
            .add(&[add, new], &call(2, vec![Input::Result(0)]), 100)
            .unwrap();
        assert_eq!(built.len(pair), 4);
        assert_eq!(
            statements(&mut built),
            [
                call(0, vec![]),
                call(1, vec![Input::Int(3), Input::Result(0)]),
                call(0, vec![]),
                call(2, vec![Input::Result(0)]),
            ]
        );
        // The same sequence again, by the same derivation.
        assert_eq!(
            built.add(&[add, new], &call(2, vec![Input::Result(0)]), 100),
            None
        );
        // The same sequence by another derivation: [new, add(3)] then new() as one
        // node, then size() of the first object. Its run is read through both
        // derivations, which split it differently.
        let triple = built.add(&[add], &call(0, vec![]), 100).unwrap();
        assert_eq!(
            built.add(&[triple], &call(2, vec![Input::Result(0)]), 100),
            None
        );
        assert_eq!(
            built.intern(&[triple], &call(2, vec![Input::Result(0)]), 100),
            Some(pair),
            "interning finds the node built first"
        );
        // size() of the second object instead: another sequence.
        assert!(
            built
                .add(&[add, new], &call(2, vec![Input::Result(2)]), 100)
                .is_some()
        );
        // ... which, by the other derivation, is a duplicate in turn.
        assert_eq!(
            built.add(&[triple], &call(2, vec![Input::Result(2)]), 100),
            None
        );
        // Too long.
        assert_eq!(built.add(&[pair], &call(2, vec![]), 4), None);
        // A three-statement sequence equal to [new, add(3)] ++ size(r0) as built from
        // `add`, and as built from nothing but its own nodes.
        let size = built
            .add(&[add], &call(2, vec![Input::Result(0)]), 100)
            .unwrap();
        let statements = statements(&mut built);
        assert_eq!(built.len(size), statements.len() as u32);
        let expected = Sequence {
            statements: vec![
                call(0, vec![]),
                call(1, vec![Input::Int(3), Input::Result(0)]),
                call(2, vec![Input::Result(0)]),
            ],
        };
        assert_eq!(statements, expected.statements);
    }

    /// Every kind of input survives its run: literals by value (not by number), `null`,
    /// and references by distance; sequences differing in one literal are not duplicates.
    #[test]
    fn runs_keep_every_input_and_tell_literals_apart() {
        let mut built = Built::default();
        let new = built.add(&[], &call(0, vec![]), 100).unwrap();
        let inputs = |text: &str, flag: bool, v: i32| {
            vec![
                Input::Str(text.into()),
                Input::Bool(flag),
                Input::Int(v),
                Input::Null,
                Input::Result(0),
            ]
        };
        assert!(
            built
                .add(&[new], &call(5, inputs("hi!", true, -7)), 100)
                .is_some()
        );
        assert_eq!(
            statements(&mut built),
            [call(0, vec![]), call(5, inputs("hi!", true, -7))]
        );
        for other in [
            inputs("", true, -7),
            inputs("hi!", false, -7),
            inputs("hi!", true, 7),
        ] {
            assert!(built.add(&[new], &call(5, other), 100).is_some());
        }
        // The same literals again, from new `Arc`s: a duplicate.
        assert_eq!(
            built.add(&[new], &call(5, inputs("hi!", true, -7)), 100),
            None
        );
        // The first sequence again, as a part: its run is copied whole.
        let twice = built.add(&[new, new], &call(2, vec![Input::Result(1)]), 100);
        assert!(twice.is_some());
        assert_eq!(
            statements(&mut built),
            [
                call(0, vec![]),
                call(0, vec![]),
                call(2, vec![Input::Result(1)])
            ]
        );
    }
}
