//! AFL's havoc stage on call sequences (`fuzz_one`'s "havoc" and "splice" stages in
//! `afl-fuzz.c`; Zalewski, "Technical details", section 5): each run stacks 2^k edits, k
//! uniform in 1..=`havoc-stack-pow2`, each edit one operator drawn uniformly. AFL's byte
//! edits become edits of calls and of their argument slots: insert a call (AFL's block
//! insertion), delete one (block deletion), replace one (random byte), duplicate one
//! (block cloning), splice in another queue entry's tail (the splice stage), and change
//! one argument — an `int` by ±1..=`arith-max` (arithmetics), to one of AFL's interesting
//! values or a random one, a `boolean` flipped (bit flip), another seed `String`, another
//! earlier object or `null`.
//!
//! A result reference (`Input::Result`) always names an earlier call that returns an
//! object: an edit that removes or moves the call a reference names points it at the
//! nearest earlier object, or at `null` where there is none.

use rand::Rng;

use super::settings::GreyboxSettings;
use crate::generator::call_space::{CallSpace, insert_at};
use crate::generator::sequence::{Input, Sequence};
use crate::kernel::rng::below;
use crate::subject::MethodInfo;

/// AFL's interesting values (`INTERESTING_8`, `_16`, `_32` of `config.h`).
pub(crate) const INTERESTING: [i32; 27] = [
    -128,
    -1,
    0,
    1,
    16,
    32,
    64,
    100,
    127,
    -32768,
    -129,
    128,
    255,
    256,
    512,
    1000,
    1024,
    4096,
    32767,
    i32::MIN,
    -100_663_046,
    -32769,
    32768,
    65535,
    65536,
    100_663_045,
    i32::MAX,
];

/// One havoc edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Operator {
    /// A random call of M_C inserted at a random position.
    Insert,
    /// A call deleted.
    Delete,
    /// A call replaced by a random call of M_C.
    Replace,
    /// A call's copy inserted at a later position.
    Duplicate,
    /// The head of the sequence before a random point, then another entry's tail.
    Splice,
    /// One argument slot of a call changed.
    ChangeArgument,
}

impl Operator {
    /// Every operator, in the order draws index them.
    pub(crate) const ALL: [Operator; 6] = [
        Operator::Insert,
        Operator::Delete,
        Operator::Replace,
        Operator::Duplicate,
        Operator::Splice,
        Operator::ChangeArgument,
    ];
}

/// The havoc operators for one unit and M_C.
pub(crate) struct Havoc {
    space: CallSpace,
    stack_pow2: u32,
    arith_max: i32,
}

impl Havoc {
    /// The operators over `callable` (M_C's methods among the unit's `methods`), at most
    /// `max_length` calls per sequence.
    pub(crate) fn new(
        methods: &[MethodInfo],
        callable: &[&MethodInfo],
        settings: &GreyboxSettings,
        max_length: usize,
    ) -> Self {
        Havoc {
            space: CallSpace::new(methods, callable, max_length, settings.max_int),
            stack_pow2: settings.havoc_stack_pow2,
            arith_max: settings.arith_max,
        }
    }

    /// A random sequence ([`CallSpace::random_test`]).
    pub(crate) fn random_test(&self, rng: &mut impl Rng) -> Sequence {
        self.space.random_test(rng)
    }

    /// One havoc run on `parent`: 2^k edits stacked, `partner` the other queue entry the
    /// splices take their tails from (`None`: no splice). Never empty, never longer than
    /// the maximum length.
    pub(crate) fn run(
        &self,
        rng: &mut impl Rng,
        parent: &Sequence,
        partner: Option<&Sequence>,
    ) -> Sequence {
        let mut test = parent.clone();
        let edits = 1u32 << (1 + below(rng, u64::from(self.stack_pow2)) as u32);
        for _ in 0..edits {
            let operator = Operator::ALL[below(rng, Operator::ALL.len() as u64) as usize];
            self.apply(rng, operator, &mut test, partner);
        }
        if test.is_empty() {
            self.space.insert_random(rng, &mut test, 0);
        }
        test
    }

    /// Applies `operator` once to `test` (a no-op where it cannot apply: a deletion from
    /// one call, an insertion at the maximum length, a splice without a partner).
    pub(crate) fn apply(
        &self,
        rng: &mut impl Rng,
        operator: Operator,
        test: &mut Sequence,
        partner: Option<&Sequence>,
    ) {
        let position = |rng: &mut _, len: usize| below(rng, len.max(1) as u64) as usize;
        match operator {
            Operator::Insert => {
                let at = below(rng, test.len() as u64 + 1) as usize;
                self.space.insert_random(rng, test, at);
            }
            Operator::Delete if test.len() > 1 => {
                let at = position(rng, test.len());
                self.space.delete(test, at);
            }
            Operator::Replace if !test.is_empty() => {
                let at = position(rng, test.len());
                self.replace(rng, test, at);
            }
            Operator::Duplicate if !test.is_empty() && test.len() < self.space.max_length => {
                let at = position(rng, test.len());
                let to = at + 1 + below(rng, (test.len() - at) as u64) as usize;
                let copy = test.statements[at].clone();
                insert_at(test, to, copy);
            }
            Operator::Splice => {
                if let Some(partner) = partner.filter(|p| !p.is_empty()) {
                    let keep = below(rng, test.len() as u64 + 1) as usize;
                    let from = position(rng, partner.len());
                    self.space.splice(test, keep, partner, from);
                }
            }
            Operator::ChangeArgument => self.change_argument(rng, test),
            Operator::Delete | Operator::Replace | Operator::Duplicate => {}
        }
    }

    /// Replaces call `i` by a random call of M_C; references to it repaired if the new
    /// call returns no object.
    fn replace(&self, rng: &mut impl Rng, test: &mut Sequence, i: usize) {
        let method = self.space.callable[below(rng, self.space.callable.len() as u64) as usize];
        let new = self.space.call(rng, method, test, i);
        let lost =
            self.space.returns_object(&test.statements[i]) && !self.space.returns_object(&new);
        test.statements[i] = new;
        if lost {
            let replacement = self.space.nearest_object(test, i);
            for statement in &mut test.statements[i + 1..] {
                for input in &mut statement.inputs {
                    if *input == Input::Result(i as u32) {
                        *input = replacement.clone();
                    }
                }
            }
        }
    }

    /// Changes one argument slot of a call that has inputs: the call drawn uniformly, or
    /// the first after it (cyclically) that has inputs (none: a no-op).
    fn change_argument(&self, rng: &mut impl Rng, test: &mut Sequence) {
        if test.is_empty() {
            return;
        }
        let start = below(rng, test.len() as u64) as usize;
        let Some(i) = (0..test.len())
            .map(|d| (start + d) % test.len())
            .find(|&i| !test.statements[i].inputs.is_empty())
        else {
            return;
        };
        let k = below(rng, test.statements[i].inputs.len() as u64) as usize;
        let changed = match test.statements[i].inputs[k].clone() {
            Input::Int(value) => Input::Int(match below(rng, 3) {
                0 => {
                    let max = self.arith_max as u64;
                    let step = 1 + below(rng, max) as i32;
                    if below(rng, 2) == 0 {
                        value.wrapping_add(step)
                    } else {
                        value.wrapping_sub(step)
                    }
                }
                1 => INTERESTING[below(rng, INTERESTING.len() as u64) as usize],
                _ => self.space.random_int(rng),
            }),
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
    use crate::generator::sequence::Statement;
    use crate::kernel::rng::case_rng;
    use crate::subject::{MethodKind, Param, registry};
    use proptest::prelude::*;

    fn havoc(class: &str, max_length: usize) -> Havoc {
        let unit = registry().find(class).unwrap();
        let methods = unit.methods();
        let callable: Vec<&MethodInfo> = methods.iter().collect();
        Havoc::new(methods, &callable, &GreyboxSettings::default(), max_length)
    }

    /// Every call is of a method of the unit with as many inputs as it takes (the
    /// receiver included), each of its parameter's kind, and every reference names an
    /// earlier call that returns an object.
    fn valid(h: &Havoc, test: &Sequence) -> bool {
        test.statements.iter().enumerate().all(|(p, s)| {
            let Some(info) = h.space.methods.get(s.method as usize) else {
                return false;
            };
            let receiver = usize::from(info.kind == MethodKind::Instance);
            s.inputs.len() == info.params.len() + receiver
                && s.inputs.iter().enumerate().all(|(k, input)| {
                    let object = k >= info.params.len() || info.params[k] == Param::Object;
                    match input {
                        Input::Result(i) => {
                            object
                                && (*i as usize) < p
                                && h.space.returns_object(&test.statements[*i as usize])
                        }
                        Input::Null => object,
                        Input::Int(_) => {
                            matches!(info.params.get(k), Some(Param::Int | Param::Integer))
                        }
                        Input::Bool(_) => info.params.get(k) == Some(&Param::Bool),
                        Input::Str(_) => info.params.get(k) == Some(&Param::Str),
                    }
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Each operator alone, applied many times, keeps sequences valid against the
        /// method table and within the maximum length.
        #[test]
        fn each_operator_keeps_sequences_valid(
            seed in 0u64..1_000, class in 0usize..3, operator in 0usize..6,
            max_length in 1usize..30,
        ) {
            let class = ["ArrayList", "TreeMap", "LinkedList"][class];
            let h = havoc(class, max_length);
            let mut rng = case_rng(seed, 0);
            let partner = h.random_test(&mut rng);
            let mut test = h.random_test(&mut rng);
            prop_assert!(valid(&h, &test) && valid(&h, &partner));
            for _ in 0..50 {
                h.apply(&mut rng, Operator::ALL[operator], &mut test, Some(&partner));
                prop_assert!(valid(&h, &test), "{:?} on {}: {:?}", Operator::ALL[operator], class, test);
                prop_assert!(!test.is_empty() && test.len() <= max_length);
            }
            let run = h.run(&mut rng, &test, Some(&partner));
            prop_assert!(valid(&h, &run) && !run.is_empty() && run.len() <= max_length);
        }
    }

    /// A splice keeps a head of the sequence and a tail of its partner.
    #[test]
    fn a_splice_combines_two_parents() {
        let h = havoc("ArrayList", 1_000);
        let mut rng = case_rng(4, 0);
        let a = h.random_test(&mut rng);
        let b = h.random_test(&mut rng);
        let mut spliced = a.clone();
        h.space
            .splice(&mut spliced, 2.min(a.len()), &b, b.len() / 2);
        let keep = 2.min(a.len());
        assert_eq!(spliced.statements[..keep], a.statements[..keep]);
        assert_eq!(spliced.len(), keep + b.len() - b.len() / 2);
        let methods = |t: &[Statement]| t.iter().map(|s| s.method).collect::<Vec<_>>();
        assert_eq!(
            methods(&spliced.statements[keep..]),
            methods(&b.statements[b.len() / 2..])
        );
    }

    /// Duplication copies a call to a later position; deletion removes one and repairs
    /// the references to it.
    #[test]
    fn duplication_and_deletion_move_calls_and_repair_references() {
        let h = havoc("LinkedList", 50);
        let mut rng = case_rng(9, 0);
        for _ in 0..200 {
            let test = h.random_test(&mut rng);
            let mut copy = test.clone();
            h.apply(&mut rng, Operator::Duplicate, &mut copy, None);
            if test.len() < 50 {
                assert_eq!(copy.len(), test.len() + 1);
                let twice = |i: usize| {
                    (i + 1..copy.len()).any(|j| copy.statements[i] == copy.statements[j])
                };
                assert!((0..copy.len()).any(twice));
            }
            let mut shorter = test.clone();
            h.apply(&mut rng, Operator::Delete, &mut shorter, None);
            assert_eq!(shorter.len(), test.len() - usize::from(test.len() > 1));
            assert!(valid(&h, &copy) && valid(&h, &shorter));
        }
    }

    #[test]
    fn a_havoc_run_stacks_two_to_the_k_edits() {
        let settings = GreyboxSettings {
            havoc_stack_pow2: 1,
            ..GreyboxSettings::default()
        };
        let unit = registry().find("ArrayList").unwrap();
        let callable: Vec<&MethodInfo> = unit.methods().iter().collect();
        let h = Havoc::new(unit.methods(), &callable, &settings, 1_000);
        let mut rng = case_rng(1, 0);
        let parent = h.random_test(&mut rng);
        // Two edits at most: a length changes by at most two insertions of two calls.
        for _ in 0..100 {
            let child = h.run(&mut rng, &parent, Some(&parent));
            assert!(child.len() <= 2 * parent.len() + 4);
        }
    }
}
