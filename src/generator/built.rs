//! The sequences one FDRT pool has built, each stored as its derivation — earlier
//! sequences of the pool concatenated, then one call — with an exact duplicate check.
//!
//! A sequence is never copied out: its statements are its nodes' calls, read in the order
//! of a walk of its derivation (parts first, then the node's own call), and a node's call
//! numbers its `Result` references within the node's own sequence. Read relative to the
//! statement that holds them (`d = position − i`), references are the same wherever the
//! sequence sits in a longer one, so a fingerprint of the relative statements composes:
//! a polynomial hash modulo 2⁶¹ − 1 with H(A ++ B) = H(A)·B^|B| + H(B). A candidate's
//! fingerprint costs one step per part; a fingerprint match is confirmed statement by
//! statement.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::sequence::{Input, Placed, Statement};
use crate::strategy::rng::mix64;

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

/// One sequence built: `parts` concatenated, then its last call.
struct Node {
    /// The last call's method.
    method: u32,
    /// Where the last call's inputs start in [`Built::inputs`]; `Result` references
    /// count from this node's first statement.
    inputs: u32,
    /// The number of the last call's inputs.
    arity: u32,
    /// The number of statements.
    len: u32,
    /// Σ h(statement p)·BASE^(len − 1 − p) mod [`MODULUS`], h over relative references.
    fingerprint: u64,
    /// BASE^len mod [`MODULUS`].
    power: u64,
    /// The next older node with the same fingerprint.
    same: Option<u32>,
    /// Where its statements' nodes start in [`Built::flats`] (`len` of them).
    flat: u32,
}

/// A hasher for keys that are well-mixed `u64`s already.
#[derive(Default)]
struct Premixed(u64);

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

/// Every sequence a pool has built (executed or not), as derivation nodes.
///
/// Contract: [`Built::add`] refuses exactly the sequences longer than the limit and those
/// equal, statement by statement, to one added before — as a set of whole sequences
/// would; the statements [`Built::placed`] yields are those of the sequence added last.
#[derive(Default)]
pub(crate) struct Built {
    nodes: Vec<Node>,
    /// Per mixed fingerprint, the newest node that has it.
    newest: HashMap<u64, u32, BuildHasherDefault<Premixed>>,
    /// Per node, the node of each of its statements, in order: a node's run is its
    /// parts' runs, then itself (4 bytes per statement built, like the suite's own
    /// calls).
    flats: Vec<u32>,
    /// Every node's last call's inputs, node after node (one allocation for them all).
    inputs: Vec<Input>,
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
        fingerprint = add_mod(
            mul_mod(fingerprint, BASE),
            statement_hash(call, len - 1) % MODULUS,
        );
        let id = self.nodes.len() as u32;
        let flat = self.flats.len();
        for &part in parts {
            let part = &self.nodes[part as usize];
            let start = part.flat as usize;
            self.flats
                .extend_from_within(start..start + part.len as usize);
        }
        self.flats.push(id);
        let inputs = self.inputs.len();
        self.inputs.extend_from_slice(&call.inputs);
        self.nodes.push(Node {
            method: call.method,
            inputs: inputs as u32,
            arity: call.inputs.len() as u32,
            len,
            fingerprint,
            power,
            same: None,
            flat: flat as u32,
        });
        let key = mix64(fingerprint);
        let mut candidate = self.newest.get(&key).copied();
        while let Some(other) = candidate {
            let node = &self.nodes[other as usize];
            if node.len == len {
                let start = node.flat as usize;
                let theirs = &self.flats[start..start + len as usize];
                if self.flats[flat..]
                    .iter()
                    .zip(theirs)
                    .all(|(&a, &b)| self.same_statement(a, b))
                {
                    self.nodes.pop();
                    self.flats.truncate(flat);
                    self.inputs.truncate(inputs);
                    return Some(Err(other));
                }
            }
            candidate = node.same;
        }
        self.nodes[id as usize].same = self.newest.insert(key, id);
        self.last = id;
        Some(Ok(id))
    }

    /// The nodes of the statements of the sequence added last.
    fn last_flat(&self) -> &[u32] {
        match self.nodes.get(self.last as usize) {
            Some(node) => &self.flats[node.flat as usize..][..node.len as usize],
            None => &[],
        }
    }

    /// The statements of the sequence added last, in order, placed for
    /// [`super::sequence::canonical_form`].
    pub fn placed(&self) -> impl Iterator<Item = Placed<'_>> + Clone {
        self.last_flat()
            .iter()
            .enumerate()
            .map(|(position, &node)| {
                let node = &self.nodes[node as usize];
                Placed {
                    method: node.method,
                    inputs: self.inputs_of(node),
                    shift: position as u32 + 1 - node.len,
                }
            })
    }

    /// The method of statement `i` of the sequence added last.
    pub fn method_at(&self, i: usize) -> u32 {
        self.nodes[self.last_flat()[i] as usize].method
    }

    /// The inputs of `node`'s last call.
    fn inputs_of(&self, node: &Node) -> &[Input] {
        &self.inputs[node.inputs as usize..][..node.arity as usize]
    }

    /// Whether the last calls of nodes `a` and `b` are the same statement when both stand
    /// at the same position of a sequence.
    fn same_statement(&self, a: u32, b: u32) -> bool {
        let (a, b) = (&self.nodes[a as usize], &self.nodes[b as usize]);
        a.method == b.method
            && a.arity == b.arity
            && self
                .inputs_of(a)
                .iter()
                .zip(self.inputs_of(b))
                .all(|(x, y)| match (x, y) {
                    (Input::Result(i), Input::Result(j)) => a.len - i == b.len - j,
                    _ => x == y,
                })
    }
}

/// A hash of `call` standing at `position`, its `Result` references relative to it.
fn statement_hash(call: &Statement, position: u32) -> u64 {
    let mut h = mix64(u64::from(call.method) ^ 0x5374_6174);
    for input in &call.inputs {
        let code = match input {
            Input::Int(v) => (1 << 40) | u64::from(*v as u32),
            Input::Bool(v) => (2 << 40) | u64::from(*v),
            Input::Str(s) => {
                // FNV-1a
                let bytes = s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                    (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
                });
                (3 << 40) ^ mix64(bytes)
            }
            Input::Result(i) => (4 << 40) | u64::from(position - i),
            Input::Null => 5 << 40,
        };
        h = mix64(h ^ code);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::sequence::Sequence;

    fn call(method: u32, inputs: Vec<Input>) -> Statement {
        Statement { method, inputs }
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
        let flat: Vec<(u32, u32)> = built.placed().map(|p| (p.method, p.shift)).collect();
        assert_eq!(flat, [(0, 0), (1, 0), (0, 2), (2, 0)]);
        // The same sequence again, by the same derivation.
        assert_eq!(
            built.add(&[add, new], &call(2, vec![Input::Result(0)]), 100),
            None
        );
        // size() of the second object instead: another sequence.
        assert!(
            built
                .add(&[add, new], &call(2, vec![Input::Result(2)]), 100)
                .is_some()
        );
        // Too long.
        assert_eq!(built.add(&[pair], &call(2, vec![]), 4), None);
        // A three-statement sequence equal to [new, add(3)] ++ size(r0) as built from
        // `add`, and as built from nothing but its own nodes.
        let size = built
            .add(&[add], &call(2, vec![Input::Result(0)]), 100)
            .unwrap();
        let statements: Vec<Statement> = built
            .placed()
            .map(|p| call(p.method, p.inputs.to_vec()))
            .collect();
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
}
