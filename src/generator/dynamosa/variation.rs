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
use crate::generator::call_space::CallSpace;
use crate::generator::sequence::{Input, Sequence};
use crate::kernel::rng::{below, unit_draw};
use crate::subject::MethodInfo;

/// The operators for one unit and M_C.
pub struct Variation {
    space: CallSpace,
    settings: DynamosaSettings,
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
        Variation {
            space: CallSpace::new(methods, callable, max_length, settings.max_int),
            settings: settings.clone(),
        }
    }

    /// A random test ([`CallSpace::random_test`]).
    pub fn random_test(&self, rng: &mut impl Rng) -> Sequence {
        self.space.random_test(rng)
    }

    /// `head[..keep]` followed by `tail[from..]`, references repaired.
    fn spliced(&self, head: &Sequence, keep: usize, tail: &Sequence, from: usize) -> Sequence {
        let mut out = head.clone();
        self.space.splice(&mut out, keep, tail, from);
        out
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
            self.spliced(a, cut_a, b, cut_b),
            self.spliced(b, cut_b, a, cut_a),
        )
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
                    self.space.delete(test, i);
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
                if !self.space.insert_random(rng, test, position) {
                    break;
                }
                chance *= alpha;
            }
        }
        if test.is_empty() {
            self.space.insert_random(rng, test, 0);
        }
    }

    /// Changes call `i`: one of its inputs (an `int` moved by a delta in
    /// [−max-delta, max-delta], or drawn anew with probability random-perturbation; a
    /// `boolean` flipped; another seed `String`; another earlier object or `null`), or, for
    /// a call without inputs, another random call in its place.
    fn change(&self, rng: &mut impl Rng, test: &mut Sequence, i: usize) {
        let count = test.statements[i].inputs.len();
        if count == 0 {
            let replacement = self.space.nearest_object(test, i);
            let old = test.statements[i].clone();
            let method = self.space.callable[below(rng, self.space.callable.len() as u64) as usize];
            let new = self.space.call(rng, method, test, i);
            let lost = self.space.returns_object(&old) && !self.space.returns_object(&new);
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
                    Input::Int(self.space.random_int(rng))
                } else {
                    let delta = i64::from(self.settings.max_delta);
                    let step = below(rng, 2 * delta as u64) as i64 - delta;
                    let step = if step >= 0 { step + 1 } else { step };
                    Input::Int(value.wrapping_add(step as i32))
                }
            }
            Input::Bool(value) => Input::Bool(!value),
            Input::Str(_) => self.space.random_string(rng),
            Input::Result(_) | Input::Null => self.space.object_input(rng, test, i, true),
        };
        test.statements[i].inputs[k] = changed;
    }
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
                    (*i as usize) < p && v.space.returns_object(&test.statements[*i as usize])
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
