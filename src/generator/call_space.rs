//! The call space the search-based generators edit sequences in (dynamosa's variation,
//! greybox's havoc): a unit's methods, M_C's callable ones and its constructors, the seed
//! values, a length bound, and the edits both share — random calls and tests, insertion
//! with a constructor where an instance method has no object, deletion and splicing with
//! references repaired.
//!
//! A result reference (`Input::Result`) always names an earlier statement that returns an
//! object; an edit that removes or moves the statement a reference names points it at the
//! nearest earlier object instead, or at `null` where there is none (the ports have one
//! object type).

use rand::Rng;

use crate::generator::Seeds;
use crate::generator::sequence::{Input, Sequence, Statement};
use crate::kernel::rng::below;
use crate::subject::{MethodInfo, MethodKind, Param, PoolType};

/// One unit's methods and M_C, the seeds, and the length bound.
pub(crate) struct CallSpace {
    /// The unit's methods, by number.
    pub(crate) methods: Vec<MethodInfo>,
    /// The numbers of M_C's methods.
    pub(crate) callable: Vec<u32>,
    /// M_C's methods that return an object and take no object input (constructors).
    producers: Vec<u32>,
    /// The seed values new inputs are drawn from.
    pub(crate) seeds: Seeds,
    /// Calls per sequence, at most (at least 1).
    pub(crate) max_length: usize,
    /// New `int`s not drawn from the seeds lie in [−max_int, max_int].
    max_int: i32,
}

impl CallSpace {
    /// The space over `callable` (M_C's methods among the unit's `methods`), at most
    /// `max_length` calls per sequence, fresh `int`s within ±`max_int`.
    pub(crate) fn new(
        methods: &[MethodInfo],
        callable: &[&MethodInfo],
        max_length: usize,
        max_int: i32,
    ) -> Self {
        let producers = callable
            .iter()
            .filter(|m| m.returns.pool() == Some(PoolType::Object))
            .filter(|m| m.kind != MethodKind::Instance && !m.params.contains(&Param::Object))
            .map(|m| m.number as u32)
            .collect();
        CallSpace {
            methods: methods.to_vec(),
            callable: callable.iter().map(|m| m.number as u32).collect(),
            producers,
            seeds: Seeds::default(),
            max_length: max_length.max(1),
            max_int,
        }
    }

    /// Whether `statement`'s method returns an object.
    pub(crate) fn returns_object(&self, statement: &Statement) -> bool {
        self.methods[statement.method as usize].returns.pool() == Some(PoolType::Object)
    }

    /// The positions before `position` whose calls return an object.
    pub(crate) fn objects_before<'t>(
        &'t self,
        test: &'t Sequence,
        position: usize,
    ) -> impl Iterator<Item = u32> + 't {
        (0..position.min(test.len()))
            .filter(|&i| self.returns_object(&test.statements[i]))
            .map(|i| i as u32)
    }

    /// An object input at `position`: one of the earlier objects, uniformly, or `null`
    /// if none (`or_null`: also `null`, as one more choice).
    pub(crate) fn object_input(
        &self,
        rng: &mut impl Rng,
        test: &Sequence,
        position: usize,
        or_null: bool,
    ) -> Input {
        let count = self.objects_before(test, position).count() + usize::from(or_null);
        if count == 0 {
            return Input::Null;
        }
        let k = below(rng, count as u64) as usize;
        self.objects_before(test, position)
            .nth(k)
            .map_or(Input::Null, Input::Result)
    }

    /// The nearest object before `position`, or `null`.
    pub(crate) fn nearest_object(&self, test: &Sequence, position: usize) -> Input {
        (0..position.min(test.len()))
            .rev()
            .find(|&i| self.returns_object(&test.statements[i]))
            .map_or(Input::Null, |i| Input::Result(i as u32))
    }

    /// A new `int`: a seed value with probability ½ (EvoSuite's `primitive_pool`), else
    /// uniform in [−max-int, max-int].
    pub(crate) fn random_int(&self, rng: &mut impl Rng) -> i32 {
        if below(rng, 2) == 0 {
            let ints = &self.seeds.ints;
            ints[below(rng, ints.len() as u64) as usize]
        } else {
            let max = i64::from(self.max_int);
            (below(rng, (2 * max + 1) as u64) as i64 - max) as i32
        }
    }

    /// A seed `String`, uniformly.
    pub(crate) fn random_string(&self, rng: &mut impl Rng) -> Input {
        let strings = &self.seeds.strings;
        Input::Str(
            strings[below(rng, strings.len() as u64) as usize]
                .as_str()
                .into(),
        )
    }

    /// One of M_C's methods, uniformly.
    pub(crate) fn random_method(&self, rng: &mut impl Rng) -> u32 {
        self.callable[below(rng, self.callable.len() as u64) as usize]
    }

    /// A call of `method` at `position` of `test` with random inputs.
    pub(crate) fn call(
        &self,
        rng: &mut impl Rng,
        method: u32,
        test: &Sequence,
        position: usize,
    ) -> Statement {
        let info = &self.methods[method as usize];
        let mut inputs = Vec::with_capacity(info.params.len() + 1);
        for param in &info.params {
            inputs.push(match param {
                Param::Int | Param::Integer => Input::Int(self.random_int(rng)),
                Param::Bool => Input::Bool(below(rng, 2) == 1),
                Param::Str => self.random_string(rng),
                Param::Object => self.object_input(rng, test, position, false),
            });
        }
        if info.kind == MethodKind::Instance {
            inputs.push(self.object_input(rng, test, position, false));
        }
        Statement { method, inputs }
    }

    /// Inserts a random call of M_C at `position`; an instance method with no object
    /// before it gets a constructor inserted first (room permitting). Whether it inserted.
    pub(crate) fn insert_random(
        &self,
        rng: &mut impl Rng,
        test: &mut Sequence,
        position: usize,
    ) -> bool {
        if test.len() >= self.max_length {
            return false;
        }
        let method = self.random_method(rng);
        let mut position = position;
        if self.methods[method as usize].kind == MethodKind::Instance
            && self.objects_before(test, position).next().is_none()
            && !self.producers.is_empty()
            && test.len() + 2 <= self.max_length
        {
            let producer = self.producers[below(rng, self.producers.len() as u64) as usize];
            let statement = self.call(rng, producer, test, position);
            insert_at(test, position, statement);
            position += 1;
        }
        let statement = self.call(rng, method, test, position);
        insert_at(test, position, statement);
        true
    }

    /// A random test: random calls appended up to a length uniform in [1, max length]
    /// (EvoSuite's `RandomLengthTestFactory`).
    pub(crate) fn random_test(&self, rng: &mut impl Rng) -> Sequence {
        let length = 1 + below(rng, self.max_length as u64) as usize;
        let mut test = Sequence::default();
        while test.len() < length {
            let end = test.len();
            if !self.insert_random(rng, &mut test, end) {
                break;
            }
        }
        test
    }

    /// Removes call `i`, references to it repaired and later ones moved down.
    pub(crate) fn delete(&self, test: &mut Sequence, i: usize) {
        let replacement = self.nearest_object(test, i);
        test.statements.remove(i);
        for statement in &mut test.statements[i..] {
            for input in &mut statement.inputs {
                if let Input::Result(j) = input {
                    match (*j as usize).cmp(&i) {
                        std::cmp::Ordering::Equal => *input = replacement.clone(),
                        std::cmp::Ordering::Greater => *j -= 1,
                        std::cmp::Ordering::Less => {}
                    }
                }
            }
        }
    }

    /// Makes `out` its first `keep` calls followed by `tail[from..]`, references repaired,
    /// at most the maximum length.
    pub(crate) fn splice(&self, out: &mut Sequence, keep: usize, tail: &Sequence, from: usize) {
        out.statements.truncate(keep);
        for statement in &tail.statements[from..] {
            if out.len() >= self.max_length {
                break;
            }
            let position = out.len();
            let mut moved = statement.clone();
            for input in &mut moved.inputs {
                if let Input::Result(i) = input {
                    let i = *i as usize;
                    *input = if i >= from {
                        Input::Result((i - from + keep) as u32)
                    } else {
                        self.nearest_object(out, position)
                    };
                }
            }
            out.statements.push(moved);
        }
    }
}

/// Inserts `statement` at `position`, moving later references up.
pub(crate) fn insert_at(test: &mut Sequence, position: usize, statement: Statement) {
    for later in &mut test.statements[position..] {
        for input in &mut later.inputs {
            if let Input::Result(j) = input
                && *j as usize >= position
            {
                *j += 1;
            }
        }
    }
    test.statements.insert(position, statement);
}
