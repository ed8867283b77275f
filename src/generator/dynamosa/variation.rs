//! DynaMOSA's variation operators on method-call sequences (EvoSuite's `TestChromosome`,
//! `SinglePointRelativeCrossOver`, `RandomLengthTestFactory`): random tests, single-point
//! relative crossover, and mutation by deletion, change and insertion.
//!
//! A result reference (`Input::Result`) always names an earlier statement that returns an
//! object; an operator that removes or moves the statement a reference names points it at
//! the nearest earlier object instead, or at `null` where there is none (EvoSuite repairs
//! by type the same way; the ports have one object type).

use rand::Rng;

use super::settings::DynamosaSettings;
use crate::generator::Seeds;
use crate::generator::sequence::{Input, Sequence, Statement};
use crate::kernel::rng::{below, unit_draw};
use crate::subject::{MethodInfo, MethodKind, Param, PoolType};

/// The operators for one unit and M_C.
pub struct Variation {
    /// The unit's methods, by number.
    methods: Vec<MethodInfo>,
    /// The numbers of M_C's methods.
    callable: Vec<u32>,
    /// M_C's methods that return an object and take no object input (constructors).
    producers: Vec<u32>,
    settings: DynamosaSettings,
    seeds: Seeds,
    max_length: usize,
}

impl Variation {
    /// The operators over `callable` (M_C's methods, as `MethodInfo`s of the unit, whose
    /// methods are `methods`), at most `max_length` calls per test.
    pub fn new(
        methods: &[MethodInfo],
        callable: &[&MethodInfo],
        settings: &DynamosaSettings,
        max_length: usize,
    ) -> Self {
        let producers = callable
            .iter()
            .filter(|m| m.returns.pool() == Some(PoolType::Object))
            .filter(|m| m.kind != MethodKind::Instance && !m.params.contains(&Param::Object))
            .map(|m| m.number as u32)
            .collect();
        Variation {
            methods: methods.to_vec(),
            callable: callable.iter().map(|m| m.number as u32).collect(),
            producers,
            settings: settings.clone(),
            seeds: Seeds::default(),
            max_length: max_length.max(1),
        }
    }

    fn returns_object(&self, statement: &Statement) -> bool {
        self.methods[statement.method as usize].returns.pool() == Some(PoolType::Object)
    }

    /// The positions before `position` whose statements return an object.
    fn objects_before(&self, test: &Sequence, position: usize) -> Vec<u32> {
        (0..position)
            .filter(|&i| self.returns_object(&test.statements[i]))
            .map(|i| i as u32)
            .collect()
    }

    /// An object input at `position`: an earlier object, uniformly, or `null` if none.
    fn object_input(&self, rng: &mut impl Rng, test: &Sequence, position: usize) -> Input {
        let objects = self.objects_before(test, position);
        if objects.is_empty() {
            Input::Null
        } else {
            Input::Result(objects[below(rng, objects.len() as u64) as usize])
        }
    }

    /// A random `int`: a seed value with probability ½ (EvoSuite's `primitive_pool`), else
    /// uniform in [−max-int, max-int].
    fn random_int(&self, rng: &mut impl Rng) -> i32 {
        if below(rng, 2) == 0 {
            let ints = &self.seeds.ints;
            ints[below(rng, ints.len() as u64) as usize]
        } else {
            let max = i64::from(self.settings.max_int);
            (below(rng, (2 * max + 1) as u64) as i64 - max) as i32
        }
    }

    /// A call of `method` at `position` of `test` with random inputs.
    fn call(&self, rng: &mut impl Rng, method: u32, test: &Sequence, position: usize) -> Statement {
        let info = &self.methods[method as usize];
        let mut inputs = Vec::with_capacity(info.params.len() + 1);
        for param in &info.params {
            inputs.push(match param {
                Param::Int | Param::Integer => Input::Int(self.random_int(rng)),
                Param::Bool => Input::Bool(below(rng, 2) == 1),
                Param::Str => {
                    let strings = &self.seeds.strings;
                    Input::Str(
                        strings[below(rng, strings.len() as u64) as usize]
                            .as_str()
                            .into(),
                    )
                }
                Param::Object => self.object_input(rng, test, position),
            });
        }
        if info.kind == MethodKind::Instance {
            inputs.push(self.object_input(rng, test, position));
        }
        Statement { method, inputs }
    }

    /// Inserts a random call of M_C at `position`; an instance method with no object
    /// before it gets a constructor inserted first (room permitting). Whether it inserted.
    fn insert_random(&self, rng: &mut impl Rng, test: &mut Sequence, position: usize) -> bool {
        if test.len() >= self.max_length {
            return false;
        }
        let method = self.callable[below(rng, self.callable.len() as u64) as usize];
        let mut position = position;
        let needs_object = self.methods[method as usize].kind == MethodKind::Instance;
        if needs_object
            && self.objects_before(test, position).is_empty()
            && !self.producers.is_empty()
            && test.len() + 2 <= self.max_length
        {
            let producer = self.producers[below(rng, self.producers.len() as u64) as usize];
            let statement = self.call(rng, producer, test, position);
            insert(test, position, statement);
            position += 1;
        }
        let statement = self.call(rng, method, test, position);
        insert(test, position, statement);
        true
    }

    /// A random test: random calls appended up to a length uniform in [1, max length]
    /// (EvoSuite's `RandomLengthTestFactory`).
    pub fn random_test(&self, rng: &mut impl Rng) -> Sequence {
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

    /// Single-point relative crossover: one split ratio r, each parent cut after
    /// ⌊(len − 1)·r⌋ + 1 calls, the heads swapped tails (truncated to the maximum length).
    /// Parents shorter than 2 calls are returned as they are.
    pub fn crossover(
        &self,
        rng: &mut impl Rng,
        a: &Sequence,
        b: &Sequence,
    ) -> (Sequence, Sequence) {
        if a.len() < 2 || b.len() < 2 {
            return (a.clone(), b.clone());
        }
        let ratio = unit_draw(rng);
        let cut = |t: &Sequence| ((t.len() - 1) as f64 * ratio).floor() as usize + 1;
        let (cut_a, cut_b) = (cut(a), cut(b));
        (
            self.splice(a, cut_a, b, cut_b),
            self.splice(b, cut_b, a, cut_a),
        )
    }

    /// `head[..keep]` followed by `tail[from..]`, references repaired.
    fn splice(&self, head: &Sequence, keep: usize, tail: &Sequence, from: usize) -> Sequence {
        let mut out = Sequence {
            statements: head.statements[..keep].to_vec(),
        };
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
                        self.nearest_object(&out, position)
                    };
                }
            }
            out.statements.push(moved);
        }
        out
    }

    /// The nearest object before `position`, or `null`.
    fn nearest_object(&self, test: &Sequence, position: usize) -> Input {
        (0..position)
            .rev()
            .find(|&i| self.returns_object(&test.statements[i]))
            .map_or(Input::Null, |i| Input::Result(i as u32))
    }

    /// Mutates `test` in place: deletion, change and insertion, each with probability ⅓
    /// (EvoSuite's `p_test_delete`, `p_test_change`, `p_test_insert`); deletion and change
    /// touch each call with probability 1/length; insertion adds a call, then another with
    /// probability alpha, alpha², … A test left empty gets one random call.
    pub fn mutate(&self, rng: &mut impl Rng, test: &mut Sequence) {
        const THIRD: f64 = 1.0 / 3.0;
        if unit_draw(rng) < THIRD {
            let share = 1.0 / test.len().max(1) as f64;
            for i in (0..test.len()).rev() {
                if unit_draw(rng) < share {
                    self.delete(test, i);
                }
            }
        }
        if unit_draw(rng) < THIRD {
            let share = 1.0 / test.len().max(1) as f64;
            for i in 0..test.len() {
                if unit_draw(rng) < share {
                    self.change(rng, test, i);
                }
            }
        }
        if unit_draw(rng) < THIRD {
            let alpha = self.settings.statement_insertion.0;
            let mut chance = 1.0;
            while unit_draw(rng) < chance {
                let position = below(rng, test.len() as u64 + 1) as usize;
                if !self.insert_random(rng, test, position) {
                    break;
                }
                chance *= alpha;
            }
        }
        if test.is_empty() {
            self.insert_random(rng, test, 0);
        }
    }

    /// Removes call `i`, references to it repaired and later ones moved down.
    fn delete(&self, test: &mut Sequence, i: usize) {
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

    /// Changes call `i`: one of its inputs (an `int` moved by a delta in
    /// [−max-delta, max-delta], or drawn anew with probability random-perturbation; a
    /// `boolean` flipped; another seed `String`; another earlier object or `null`), or, for
    /// a call without inputs, another random call in its place.
    fn change(&self, rng: &mut impl Rng, test: &mut Sequence, i: usize) {
        let count = test.statements[i].inputs.len();
        if count == 0 {
            let replacement = self.nearest_object(test, i);
            let old = test.statements[i].clone();
            let method = self.callable[below(rng, self.callable.len() as u64) as usize];
            let new = self.call(rng, method, test, i);
            let lost = self.returns_object(&old) && !self.returns_object(&new);
            test.statements[i] = new;
            if lost {
                for statement in &mut test.statements[i + 1..] {
                    for input in &mut statement.inputs {
                        if *input == Input::Result(i as u32) {
                            *input = replacement.clone();
                        }
                    }
                }
            }
            return;
        }
        let k = below(rng, count as u64) as usize;
        let input = test.statements[i].inputs[k].clone();
        let changed = match input {
            Input::Int(value) => {
                if unit_draw(rng) < self.settings.random_perturbation.0 {
                    Input::Int(self.random_int(rng))
                } else {
                    let delta = i64::from(self.settings.max_delta);
                    let step = below(rng, 2 * delta as u64) as i64 - delta;
                    let step = if step >= 0 { step + 1 } else { step };
                    Input::Int(value.wrapping_add(step as i32))
                }
            }
            Input::Bool(value) => Input::Bool(!value),
            Input::Str(_) => {
                let strings = &self.seeds.strings;
                Input::Str(
                    strings[below(rng, strings.len() as u64) as usize]
                        .as_str()
                        .into(),
                )
            }
            Input::Result(_) | Input::Null => {
                let mut objects: Vec<Input> = self
                    .objects_before(test, i)
                    .into_iter()
                    .map(Input::Result)
                    .collect();
                objects.push(Input::Null);
                objects[below(rng, objects.len() as u64) as usize].clone()
            }
        };
        test.statements[i].inputs[k] = changed;
    }
}

/// Inserts `statement` at `position`, moving later references up.
fn insert(test: &mut Sequence, position: usize, statement: Statement) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::rng::case_rng;
    use crate::subject::registry;

    fn variation(class: &str, max_length: usize) -> Variation {
        let unit = registry().find(class).unwrap();
        let methods = unit.methods();
        let callable: Vec<&MethodInfo> = methods.iter().collect();
        Variation::new(methods, &callable, &DynamosaSettings::default(), max_length)
    }

    /// Every reference names an earlier statement that returns an object.
    fn well_formed(v: &Variation, test: &Sequence) -> bool {
        test.statements.iter().enumerate().all(|(p, s)| {
            s.inputs.iter().all(|input| match input {
                Input::Result(i) => {
                    (*i as usize) < p && v.returns_object(&test.statements[*i as usize])
                }
                _ => true,
            })
        })
    }

    #[test]
    fn operators_keep_tests_well_formed_within_the_length() {
        for class in ["ArrayList", "TreeMap", "LinkedList"] {
            let v = variation(class, 12);
            let mut rng = case_rng(3, 0);
            let mut tests: Vec<Sequence> = (0..20).map(|_| v.random_test(&mut rng)).collect();
            for round in 0..300 {
                let (a, b) = (round % tests.len(), (round * 7 + 3) % tests.len());
                let (mut x, mut y) = v.crossover(&mut rng, &tests[a], &tests[b]);
                v.mutate(&mut rng, &mut x);
                v.mutate(&mut rng, &mut y);
                for t in [&x, &y] {
                    assert!(!t.is_empty() && t.len() <= 12, "{class}: {}", t.len());
                    assert!(well_formed(&v, t), "{class}: {t:?}");
                }
                tests[a] = x;
                tests[b] = y;
            }
        }
    }

    #[test]
    fn crossover_swaps_tails_at_one_relative_point() {
        let v = variation("ArrayList", 10_000);
        let mut rng = case_rng(1, 1);
        let a = v.random_test(&mut rng);
        let b = v.random_test(&mut rng);
        let (x, y) = v.crossover(&mut rng, &a, &b);
        assert_eq!(x.len() + y.len(), a.len() + b.len());
        assert_eq!(x.statements[0], a.statements[0]);
        assert_eq!(y.statements[0], b.statements[0]);
        assert_eq!(
            x.statements.last().map(|s| s.method),
            b.statements.last().map(|s| s.method)
        );
    }
}
