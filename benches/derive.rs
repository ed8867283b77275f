//! The cost of declaring a subject with `#[testspace::subject]` instead of by hand.
//!
//! One small subject, a bounded stack of ints, is written once (`ring!`) and declared
//! twice: `HandRing` with a hand-written `impl Subject` (a `Method` table of closures
//! calling the methods, errors mapped to fixed exceptions, as the ports do) and
//! `DerivedRing` by the attribute (errors become `JavaException::Thrown`). Both run the
//! same [`CASES`] random test cases of [`LENGTH`] calls through a session.
//!
//! - `derive/hand`, `derive/attribute`: one pass over the test cases each.
//! - `derive/ratio`: [`ROUNDS`] rounds, each timing 20 passes of both sides back to back
//!   in alternating order, in process CPU time (the machine's speed drifts; alternating
//!   exposes both sides to it); it prints the median over rounds of attribute / hand.
//!   The claim is a ratio ≤ 1.1.
//!
//! The setup checks that both sides throw the same number of exceptions and end with the
//! same primitive pools on every test case.

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use testspace::context::{MethodSelection, PoolInit, TestContext};
use testspace::runner::job::process_cpu_seconds;
use testspace::subject::{
    CallTable, Declared, JavaException, Method, Param, Return, Session, Subject, SubjectUnit, Unit,
    Value,
};

/// Test cases per pass.
const CASES: usize = 200;
/// Calls per test case.
const LENGTH: usize = 40;
/// Rounds of `derive/ratio`.
const ROUNDS: usize = 41;

/// The error of the rings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RingError {
    /// `push` on a full ring.
    Full,
    /// `new(0)`.
    TooSmall(u8),
}

/// A bounded stack of ints named `$ring`, with the attributes `$attr` on its methods.
macro_rules! ring {
    ($ring:ident $(, #[$attr:meta])?) => {
        /// A bounded stack of ints.
        #[derive(Clone, Debug)]
        pub struct $ring {
            items: Vec<i32>,
            capacity: usize,
        }

        $(#[$attr])?
        impl $ring {
            /// A ring of `capacity` ≥ 1 elements.
            pub fn new(capacity: u8) -> Result<Self, RingError> {
                if capacity == 0 {
                    return Err(RingError::TooSmall(capacity));
                }
                Ok(Self { items: Vec::with_capacity(capacity.into()), capacity: capacity.into() })
            }
            /// Adds `x`.
            pub fn push(&mut self, x: i32) -> Result<(), RingError> {
                if self.items.len() == self.capacity {
                    return Err(RingError::Full);
                }
                self.items.push(x);
                Ok(())
            }
            /// Takes the last element.
            pub fn pop(&mut self) -> Option<i32> {
                self.items.pop()
            }
            /// The last element.
            pub fn peek(&self) -> Option<i32> {
                self.items.last().copied()
            }
            /// The number of elements.
            pub fn len(&self) -> usize {
                self.items.len()
            }
            /// Whether there are no elements.
            pub fn is_empty(&self) -> bool {
                self.items.is_empty()
            }
            /// Whether `x` is an element.
            pub fn contains(&self, x: Option<i32>) -> bool {
                x.is_some_and(|x| self.items.contains(&x))
            }
            /// Moves the elements of `other` (a snapshot) onto this ring, as far as they fit.
            pub fn append(&mut self, other: &Self) -> usize {
                let room = self.capacity - self.items.len();
                let moved = other.items.len().min(room);
                self.items.extend_from_slice(&other.items[..moved]);
                moved
            }
        }
    };
}

ring!(HandRing);
ring!(DerivedRing, #[testspace::subject]);

/// A count as an `int` result.
fn count(n: usize) -> Result<Value<HandRing>, JavaException> {
    Ok(Value::Int(Some(
        i32::try_from(n).map_err(|_| JavaException::Arithmetic)?,
    )))
}

/// A hand port's exceptions for the ring's errors.
fn exception(error: RingError) -> JavaException {
    match error {
        RingError::Full => JavaException::IllegalState,
        RingError::TooSmall(_) => JavaException::IllegalArgument,
    }
}

impl Subject for HandRing {
    const CLASS: &'static str = "HandRing";
    const JAVA_CLASS: &'static str = "derive::HandRing";

    fn methods() -> Vec<Method<Self>> {
        use {JavaException as E, Param::*, Return as R};
        vec![
            Method::constructor("new", &[Int], |a| {
                let capacity = u8::try_from(a.int(0)).map_err(|_| E::IllegalArgument)?;
                HandRing::new(capacity).map_err(exception)
            }),
            Method::instance("push", &[Int], R::Void, |s, a| {
                s.push(a.int(0)).map(Value::from).map_err(exception)
            }),
            Method::instance("pop", &[], R::Int, |s, _| Ok(s.pop().into())),
            Method::instance("peek", &[], R::Int, |s, _| Ok(s.peek().into())),
            Method::instance("len", &[], R::Int, |s, _| count(s.len())),
            Method::instance("is_empty", &[], R::Bool, |s, _| Ok(s.is_empty().into())),
            Method::instance("contains", &[Integer], R::Bool, |s, a| {
                Ok(s.contains(a.integer(0)).into())
            }),
            Method::instance("append", &[Object], R::Int, |s, a| {
                count(s.append(a.object(0).ok_or(E::NullPointer)?))
            }),
        ]
    }

    fn to_java_string(&self) -> String {
        format!("{self:?}")
    }
}

/// The pools of both contexts: ints {0, 1, 3, -1, 300}, two object slots.
fn context(unit: &dyn Unit) -> Arc<TestContext> {
    let pools = PoolInit {
        ints: vec![0, 1, 3, -1, 300],
        bools: vec![false, true],
        strings: vec!["a".into()],
        objects: 2,
    };
    Arc::new(TestContext::new(unit, &MethodSelection::All, pools).unwrap())
}

/// [`CASES`] test cases of [`LENGTH`] method-call indices below `j`, each starting with
/// a constructor call into each object slot so that most calls have a target.
fn cases(context: &TestContext) -> Vec<Vec<u32>> {
    let mut state = 0x2010_u64;
    let mut next = move || {
        // SplitMix64.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let j = u64::from(context.j());
    let space = context.call_space();
    (0..CASES)
        .map(|_| {
            let mut case = vec![
                space.encode_call(0, &[2, 0]).unwrap(),
                space.encode_call(0, &[2, 1]).unwrap(),
            ];
            case.extend((2..LENGTH).map(|_| (next() % j) as u32));
            case
        })
        .collect()
}

/// Runs every test case on `session`; returns (exceptions, fingerprint of the final
/// primitive pools) per test case.
fn run(session: &mut dyn Session, cases: &[Vec<u32>]) -> Vec<(u32, u64)> {
    cases
        .iter()
        .map(|case| {
            session.reset();
            let exceptions = case
                .iter()
                .filter(|&&call| session.step(call).is_err())
                .count() as u32;
            (exceptions, session.primitives_fingerprint())
        })
        .collect()
}

/// The two sides of the comparison on the same test cases.
struct Sides {
    hand: Box<dyn Session>,
    derived: Box<dyn Session>,
    cases: Vec<Vec<u32>>,
}

/// The sessions of both rings and their test cases.
fn sides() -> Sides {
    let hand = SubjectUnit::<HandRing>::new();
    let derived = DerivedRing::unit();
    let table = |unit: &dyn Unit| {
        let methods = unit.methods().iter();
        methods
            .map(|m| (m.name, m.kind, m.params.clone(), m.returns))
            .collect::<Vec<_>>()
    };
    assert_eq!(table(&hand), table(&*derived));
    let (hand_context, derived_context) = (context(&hand), context(&*derived));
    let cases = cases(&hand_context);
    let mut hand = hand.session(hand_context as Arc<dyn CallTable>);
    let mut derived = derived.session(derived_context as Arc<dyn CallTable>);
    let outcomes = run(&mut *hand, &cases);
    assert_eq!(outcomes, run(&mut *derived, &cases));
    let thrown: u32 = outcomes.iter().map(|&(exceptions, _)| exceptions).sum();
    println!("derive: {} of {} calls throw", thrown, CASES * LENGTH);
    Sides {
        hand,
        derived,
        cases,
    }
}

fn bench(c: &mut Criterion) {
    let Sides {
        mut hand,
        mut derived,
        cases,
    } = sides();
    let mut group = c.benchmark_group("derive");
    group.bench_function("hand", |b| b.iter(|| black_box(run(&mut *hand, &cases))));
    group.bench_function("attribute", |b| {
        b.iter(|| black_box(run(&mut *derived, &cases)))
    });
    group.finish();
    ratio(&mut *hand, &mut *derived, &cases);
}

/// Prints the median over [`ROUNDS`] alternated rounds of attribute / hand.
fn ratio(hand: &mut dyn Session, derived: &mut dyn Session, cases: &[Vec<u32>]) {
    const PASSES: usize = 20;
    // CPU time of the (single-threaded) process: time the host gives the other
    // engineers' processes does not count.
    let time = |session: &mut dyn Session| {
        let start = process_cpu_seconds();
        for _ in 0..PASSES {
            black_box(run(session, cases));
        }
        process_cpu_seconds() - start
    };
    let mut ratios: Vec<f64> = (0..ROUNDS)
        .map(|round| {
            let (h, d) = if round % 2 == 0 {
                let h = time(hand);
                (h, time(derived))
            } else {
                let d = time(derived);
                (time(hand), d)
            };
            d / h
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    println!(
        "derive/ratio: attribute / hand CPU = {:.3} (median of {ROUNDS} alternated rounds; \
         range {:.3}..{:.3})",
        ratios[ROUNDS / 2],
        ratios[0],
        ratios[ROUNDS - 1]
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
