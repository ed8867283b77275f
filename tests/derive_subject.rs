//! `#[testspace::subject]` end to end: subjects declared by the attribute have the method
//! tables their signatures say (kinds, parameters, returns, skipped and private methods
//! left out, the class name override, an alias of a generic type), and their calls run
//! through real sessions with the documented conversions and exceptions; a planted bug
//! in one is found by a runner job of random testing.

use std::sync::Arc;

use testspace::context::{MethodSelection, PoolInit, TestContext};
use testspace::experiment::Until;
use testspace::oracle::OracleKind;
use testspace::runner::job::{Job, execute};
use testspace::subject::{
    CallTable, Declared, JavaException as E, MethodInfo, MethodKind, MutantId, Param, Return,
    Session, Subject, Unit,
};
use testspace::walk::WalkKind;

/// The error of [`Ring`]s.
#[derive(Clone, Debug, PartialEq)]
pub enum RingError {
    /// `push` on a full ring.
    Full,
    /// `new(0)`.
    TooSmall(u8),
}

/// A struct error: its exception is named after the type alone.
#[derive(Debug)]
pub struct NotANumber {
    /// The text that did not parse.
    pub text: String,
}

/// A bounded stack of ints, declared twice: `Ring` as intended, and `BuggyRing` whose
/// `push` lets one element too many in (the planted bug).
macro_rules! ring {
    ($ring:ident, $slack:expr) => {
        /// A bounded stack of ints.
        #[derive(Clone, Debug)]
        pub struct $ring {
            items: Vec<i32>,
            capacity: usize,
        }

        #[testspace::subject]
        impl $ring {
            /// A ring of `capacity` ≥ 1 elements.
            pub fn new(capacity: u8) -> Result<Self, RingError> {
                if capacity == 0 {
                    return Err(RingError::TooSmall(capacity));
                }
                Ok(Self {
                    items: Vec::new(),
                    capacity: capacity.into(),
                })
            }
            /// Adds `x`; `Full` if there is no room.
            pub fn push(&mut self, x: i32) -> Result<(), RingError> {
                if self.items.len() == self.capacity + $slack {
                    return Err(RingError::Full);
                }
                self.items.push(x);
                Ok(())
            }
            /// Takes the last element.
            pub fn pop(&mut self) -> Option<i32> {
                self.items.pop()
            }
            /// The number of elements.
            pub fn len(&self) -> usize {
                self.items.len()
            }
            /// Whether there are no elements.
            pub fn is_empty(&self) -> bool {
                self.items.is_empty()
            }
            #[allow(dead_code)]
            fn helper(&self) {}
            /// The elements (no pool holds an iterator).
            #[testspace(skip)]
            pub fn iter(&self) -> std::slice::Iter<'_, i32> {
                self.items.iter()
            }
        }
    };
}

ring!(Ring, 0);
ring!(BuggyRing, 1);

/// Every mapped type: one method per group of parameter types, and per return type.
#[derive(Clone, Debug, Default)]
pub struct Kit {
    text: String,
    n: i64,
}

#[testspace::subject(name = "Kitchen")]
impl Kit {
    /// The empty kit.
    pub fn new() -> Self {
        Self::default()
    }
    /// `None` (a constructor that fails) for a negative `n`.
    pub fn numbered(n: i64) -> Option<Self> {
        (n >= 0).then(|| Kit {
            text: String::new(),
            n,
        })
    }
    /// Adds the signed arguments to `n`.
    pub fn signed(&mut self, a: i8, b: i16, c: i32, d: i64, e: i128, f: isize) -> i64 {
        self.n += i64::from(a) + i64::from(b) + i64::from(c) + d + e as i64 + f as i64;
        self.n
    }
    /// The sum of the unsigned arguments.
    pub fn unsigned(&self, a: u8, b: u16, c: u32, d: u64, e: u128, f: usize) -> u64 {
        u64::from(a) + u64::from(b) + u64::from(c) + d + e as u64 + f as u64
    }
    /// `a`, else `b`.
    pub fn integers(&self, a: Option<i32>, b: Option<u16>) -> Option<i32> {
        a.or(b.map(i32::from))
    }
    /// Not `b`.
    pub fn flag(&self, b: bool) -> bool {
        !b
    }
    /// The arguments joined by `/` (`null` for `None`), kept as the text.
    pub fn strings(&mut self, a: String, b: &str, c: Option<String>, d: Option<&str>) -> String {
        let c = c.unwrap_or_else(|| "null".into());
        self.text = format!("{a}/{b}/{c}/{}", d.unwrap_or("null"));
        self.text.clone()
    }
    /// `b`, else `a` upper-cased.
    pub fn chars(&self, a: char, b: Option<char>) -> Option<char> {
        b.or(a.to_uppercase().next())
    }
    /// The sum of the `n`s of the arguments present.
    pub fn objects(&self, a: Self, b: &Self, c: Option<&Self>, d: Option<Self>) -> i32 {
        let sum = a.n + b.n + c.map_or(0, |c| c.n) + d.map_or(0, |d| d.n);
        sum as i32
    }
    /// `x` truncated to `i8`.
    pub fn narrow(&self, x: i32) -> i8 {
        x as i8
    }
    /// `x` million: beyond `int` for |x| > 2147.
    pub fn wide(&self, x: i32) -> i64 {
        i64::from(x) * 1_000_000
    }
    /// `x` as a `usize`, `None` if negative.
    pub fn maybe_wide(&self, x: i32) -> Option<usize> {
        usize::try_from(x).ok()
    }
    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }
    /// The text if it is not empty.
    pub fn maybe_text(&self) -> Option<&str> {
        (!self.text.is_empty()).then_some(&self.text)
    }
    /// The first character of the text.
    pub fn first(&self) -> Option<char> {
        self.text.chars().next()
    }
    /// A copy.
    pub fn copy(&self) -> Self {
        self.clone()
    }
    /// Increments `n`, builder style.
    pub fn bump(&mut self) -> &mut Self {
        self.n += 1;
        self
    }
    /// Itself if `keep`, else `None`.
    pub fn maybe(&self, keep: bool) -> Option<&Self> {
        keep.then_some(self)
    }
    /// Itself, bumped, if `keep`, else `None` (a nullable `&mut Self`).
    pub fn maybe_bump(&mut self, keep: bool) -> Option<&mut Self> {
        keep.then(|| self.bump())
    }
    /// `n + other.n`, consuming this kit (the harness passes a clone).
    pub fn merged(mut self, other: &Self) -> Self {
        self.n += other.n;
        self.n *= 10;
        self
    }
    /// `text` as an int; `NotANumber` if it is not one.
    pub fn parse(text: &str) -> Result<i32, NotANumber> {
        text.parse().map_err(|_| NotANumber { text: text.into() })
    }
    /// `Ok` of the text's length as a `u128`, or `Err(Full)` for an empty text.
    pub fn length(&self) -> Result<u128, RingError> {
        match self.text.len() {
            0 => Err(RingError::Full),
            len => Ok(len as u128),
        }
    }
}

/// A generic stack; its instance for ints is declared through an alias.
#[derive(Clone, Debug, Default)]
pub struct Stack<T> {
    items: Vec<T>,
}

impl<T: Clone> Stack<T> {
    fn empty() -> Self {
        Stack { items: Vec::new() }
    }
    fn push_item(&mut self, item: T) {
        self.items.push(item);
    }
}

/// The stack of ints.
pub type IntStack = Stack<i32>;

#[testspace::subject]
impl IntStack {
    /// An empty stack.
    pub fn new() -> Self {
        Self::empty()
    }
    /// Pushes `x` (a wrapper of the generic method).
    pub fn push(&mut self, x: i32) {
        self.push_item(x);
    }
    /// The top element.
    pub fn peek(&self) -> Option<i32> {
        self.items.last().copied()
    }
}

fn info<'a>(unit: &'a dyn Unit, name: &str) -> &'a MethodInfo {
    unit.methods()
        .iter()
        .find(|m| m.name == name)
        .unwrap_or_else(|| panic!("no method {name}"))
}

#[test]
fn the_method_table_follows_the_signatures() {
    let unit = Ring::unit();
    assert_eq!(unit.class(), "Ring");
    assert_eq!(unit.java_class(), "derive_subject::Ring");
    let table: Vec<(&str, MethodKind, Vec<Param>, Return)> = unit
        .methods()
        .iter()
        .map(|m| (m.name, m.kind, m.params.clone(), m.returns))
        .collect();
    assert_eq!(
        table,
        [
            (
                "new",
                MethodKind::Constructor,
                vec![Param::Int],
                Return::Object
            ),
            ("push", MethodKind::Instance, vec![Param::Int], Return::Void),
            ("pop", MethodKind::Instance, vec![], Return::Int),
            ("len", MethodKind::Instance, vec![], Return::Int),
            ("is_empty", MethodKind::Instance, vec![], Return::Bool),
        ]
    );
    assert_eq!(info(&*unit, "new").signature, "new(int)");

    let kit = Kit::unit();
    assert_eq!((Kit::CLASS, kit.class()), ("Kitchen", "Kitchen"));
    assert_eq!(kit.java_class(), "derive_subject::Kitchen");
    let signatures: Vec<&str> = kit.methods().iter().map(|m| &*m.signature).collect();
    assert_eq!(
        signatures,
        [
            "new()",
            "numbered(int)",
            "signed(int,int,int,int,int,int)",
            "unsigned(int,int,int,int,int,int)",
            "integers(Integer,Integer)",
            "flag(boolean)",
            "strings(String,String,String,String)",
            "chars(String,String)",
            "objects(Kitchen,Kitchen,Kitchen,Kitchen)",
            "narrow(int)",
            "wide(int)",
            "maybe_wide(int)",
            "text()",
            "maybe_text()",
            "first()",
            "copy()",
            "bump()",
            "maybe(boolean)",
            "maybe_bump(boolean)",
            "merged(Kitchen)",
            "parse(String)",
            "length()",
        ]
    );
    let kinds_and_returns: Vec<(MethodKind, Return)> =
        kit.methods().iter().map(|m| (m.kind, m.returns)).collect();
    use {MethodKind as K, Return as R};
    assert_eq!(
        kinds_and_returns,
        [
            (K::Constructor, R::Object),
            (K::Constructor, R::Object),
            (K::Instance, R::Int),
            (K::Instance, R::Int),
            (K::Instance, R::Int),
            (K::Instance, R::Bool),
            (K::Instance, R::Str),
            (K::Instance, R::Str),
            (K::Instance, R::Int),
            (K::Instance, R::Int),
            (K::Instance, R::Int),
            (K::Instance, R::Int),
            (K::Instance, R::Str),
            (K::Instance, R::Str),
            (K::Instance, R::Str),
            (K::Instance, R::Object),
            (K::Instance, R::Object),
            (K::Instance, R::Object),
            (K::Instance, R::Object),
            (K::Instance, R::Object),
            (K::Static, R::Int),
            (K::Instance, R::Int),
        ]
    );

    let stack = IntStack::unit();
    assert_eq!(stack.class(), "IntStack");
    let signatures: Vec<&str> = stack.methods().iter().map(|m| &*m.signature).collect();
    assert_eq!(signatures, ["new()", "push(int)", "peek()"]);
}

/// A session of `unit` over these pools, with `objects` object slots.
fn session(
    unit: &dyn Unit,
    ints: Vec<i32>,
    strings: &[&str],
    objects: usize,
) -> (Arc<TestContext>, Box<dyn Session>) {
    let pools = PoolInit {
        ints,
        bools: vec![false, true],
        strings: strings.iter().map(|s| s.to_string()).collect(),
        objects,
    };
    let context = Arc::new(TestContext::new(unit, &MethodSelection::All, pools).unwrap());
    let mut session = unit.session(context.clone() as Arc<dyn CallTable>);
    session.reset();
    (context, session)
}

/// Runs method `name` of `unit` with the parameter-tuple `slots`.
fn call(session: &mut dyn Session, unit: &dyn Unit, name: &str, slots: &[u32]) -> Result<(), E> {
    session.step_slots(info(unit, name).number, slots)
}

#[test]
fn ring_calls_convert_their_arguments_and_name_their_errors() {
    let unit = Ring::unit();
    let unit = &*unit;
    // ints {1, 0, 300, -4}; objects 0 and 1.
    let (_, mut s) = session(unit, vec![1, 0, 300, -4], &["a"], 2);
    let s = &mut *s;
    // new(int_vp[1] = 0): Err(TooSmall(0)); new(300) and new(-4) do not fit u8.
    assert_eq!(
        call(s, unit, "new", &[1, 0]),
        Err(E::Thrown("RingError::TooSmall"))
    );
    assert_eq!(call(s, unit, "new", &[2, 0]), Err(E::IllegalArgument));
    assert_eq!(call(s, unit, "new", &[3, 0]), Err(E::IllegalArgument));
    assert!(s.is_null(0));
    // A null target: NullPointer from the harness.
    assert_eq!(call(s, unit, "len", &[0, 0]), Err(E::NullPointer));
    // new(1), push(1) twice: the second is Full.
    call(s, unit, "new", &[0, 0]).unwrap();
    call(s, unit, "push", &[0, 0]).unwrap();
    let full = call(s, unit, "push", &[2, 0]).unwrap_err();
    assert_eq!(
        (full, full.java_name()),
        (E::Thrown("RingError::Full"), "RingError::Full")
    );
    // int_vp[3] = len(), int_vp[1] = pop(), int_vp[2] = pop() (null).
    call(s, unit, "len", &[0, 3]).unwrap();
    call(s, unit, "pop", &[0, 1]).unwrap();
    call(s, unit, "pop", &[0, 2]).unwrap();
    call(s, unit, "is_empty", &[0, 0]).unwrap();
    let pools = s.primitives();
    assert_eq!(pools.ints, [Some(1), Some(1), None, Some(1)]);
    assert_eq!(pools.bools, [true, true]);
    // A null in the int slot of push: NullPointer (unboxing) before the method runs.
    assert_eq!(call(s, unit, "push", &[2, 0]), Err(E::NullPointer));
}

/// The Kit session of the next tests: ints {0, 7, -1, 3000, 65536}, strings {"a", "bc",
/// "", "42", "x"}, objects 0 (`new()`), 1 (`numbered(7)`) and 2 (null).
fn kit_session() -> (Box<dyn Unit>, Box<dyn Session>) {
    let unit = Kit::unit();
    let (_, mut s) = session(
        &*unit,
        vec![0, 7, -1, 3000, 65536],
        &["a", "bc", "", "42", "x"],
        3,
    );
    call(&mut *s, &*unit, "new", &[0]).unwrap();
    call(&mut *s, &*unit, "numbered", &[1, 1]).unwrap();
    (unit, s)
}

#[test]
fn integer_arguments_must_fit_and_wide_results_must_fit_int() {
    let (unit, mut s) = kit_session();
    let (unit, s) = (&*unit, &mut *s);
    // numbered(-1) is None: the constructor throws IllegalArgument.
    assert_eq!(call(s, unit, "numbered", &[2, 2]), Err(E::IllegalArgument));
    // signed(7, 7, 7, 7, 7, 7) on object 1 (n = 7) → int_vp[0] = 49.
    call(s, unit, "signed", &[1, 1, 1, 1, 1, 1, 1, 0]).unwrap();
    assert_eq!(s.int_at(0), Some(49));
    // signed with 3000 for the i8: IllegalArgument, and the method did not run.
    let before = s.primitives();
    assert_eq!(
        call(s, unit, "signed", &[3, 1, 1, 1, 1, 1, 1, 0]),
        Err(E::IllegalArgument)
    );
    assert_eq!(s.primitives(), before);
    // unsigned: -1 never fits; 65536 does not fit u16 but fits u32.
    assert_eq!(
        call(s, unit, "unsigned", &[1, 1, 1, 1, 1, 2, 0, 0]),
        Err(E::IllegalArgument)
    );
    assert_eq!(
        call(s, unit, "unsigned", &[1, 4, 1, 1, 1, 1, 0, 0]),
        Err(E::IllegalArgument)
    );
    call(s, unit, "unsigned", &[1, 1, 4, 1, 1, 1, 0, 0]).unwrap();
    assert_eq!(s.int_at(0), Some(7 * 5 + 65536));
    // integers(null, 7) → 7 (int_vp[0] = null first, from pop-like results: maybe_wide(-1)).
    call(s, unit, "maybe_wide", &[2, 0, 0]).unwrap();
    assert_eq!(s.int_at(0), None);
    call(s, unit, "integers", &[0, 1, 0, 2]).unwrap();
    assert_eq!(s.int_at(2), Some(7));
    assert_eq!(
        call(s, unit, "integers", &[0, 4, 0, 1]),
        Err(E::IllegalArgument)
    );
    // narrow truncates in the method; wide(3000) = 3e9 does not fit int: Arithmetic.
    call(s, unit, "narrow", &[4, 0, 0]).unwrap();
    assert_eq!(s.int_at(0), Some(0));
    call(s, unit, "wide", &[1, 0, 0]).unwrap();
    assert_eq!(s.int_at(0), Some(7_000_000));
    assert_eq!(call(s, unit, "wide", &[3, 0, 0]), Err(E::Arithmetic));
    call(s, unit, "maybe_wide", &[1, 0, 0]).unwrap();
    assert_eq!(s.int_at(0), Some(7));
    // flag(true) → false.
    call(s, unit, "flag", &[1, 0, 1]).unwrap();
    assert!(!s.bool_at(1));
}

#[test]
fn strings_chars_and_objects_are_checked_for_null_and_shape() {
    let (unit, mut s) = kit_session();
    let (unit, s) = (&*unit, &mut *s);
    // strings("a", "bc", "", "42") → string_vp[2].
    call(s, unit, "strings", &[0, 1, 2, 3, 0, 2]).unwrap();
    assert_eq!(s.string_at(2).as_deref(), Some("a/bc//42"));
    // first() of object 1 (empty text): null → string_vp[4]; then String and &str nulls.
    call(s, unit, "first", &[1, 4]).unwrap();
    assert_eq!(s.string_at(4), None);
    for slots in [[4, 1, 2, 0, 0, 2], [0, 4, 2, 0, 0, 2]] {
        assert_eq!(call(s, unit, "strings", &slots), Err(E::NullPointer));
    }
    call(s, unit, "strings", &[0, 1, 4, 4, 0, 1]).unwrap();
    assert_eq!(s.string_at(1).as_deref(), Some("a/bc/null/null"));
    // chars: "a" → 'A'; "bc" and "" are not one char; null for the char: NullPointer.
    call(s, unit, "chars", &[0, 4, 0, 0]).unwrap();
    assert_eq!(s.string_at(0).as_deref(), Some("A"));
    assert_eq!(
        call(s, unit, "chars", &[1, 4, 0, 0]),
        Err(E::IllegalArgument)
    );
    assert_eq!(
        call(s, unit, "chars", &[0, 2, 0, 0]),
        Err(E::IllegalArgument)
    );
    assert_eq!(call(s, unit, "chars", &[4, 0, 0, 0]), Err(E::NullPointer));
    // text() and maybe_text() of object 0 (text "a/bc/null/null"); length() of object 1
    // (empty text) is Err(Full).
    call(s, unit, "maybe_text", &[0, 0]).unwrap();
    assert_eq!(s.string_at(0).as_deref(), Some("a/bc/null/null"));
    call(s, unit, "maybe_text", &[1, 0]).unwrap();
    assert_eq!(s.string_at(0), None);
    call(s, unit, "text", &[0, 0]).unwrap();
    assert_eq!(s.string_at(0).as_deref(), Some("a/bc/null/null"));
    call(s, unit, "length", &[0, 0]).unwrap();
    assert_eq!(s.int_at(0), Some(14));
    assert_eq!(
        call(s, unit, "length", &[1, 0]),
        Err(E::Thrown("RingError::Full"))
    );
    // parse (static): "42" → 42; "bc" → the struct error's name.
    call(s, unit, "parse", &[3, 1]).unwrap();
    assert_eq!(s.int_at(1), Some(42));
    let err = call(s, unit, "parse", &[1, 1]).unwrap_err();
    assert_eq!(err.java_name(), "NotANumber");
    // objects(a = 1, b = 1, c = null, d = 1): 21; null for a or b: NullPointer.
    call(s, unit, "objects", &[1, 1, 2, 1, 0, 0]).unwrap();
    assert_eq!(s.int_at(0), Some(21));
    for slots in [[2, 1, 1, 1, 0, 0], [1, 2, 1, 1, 0, 0]] {
        assert_eq!(call(s, unit, "objects", &slots), Err(E::NullPointer));
    }
    call(s, unit, "objects", &[0, 0, 2, 2, 0, 0]).unwrap();
    assert_eq!(s.int_at(0), Some(0));
}

#[test]
fn object_results_are_copies_and_by_value_receivers_leave_the_target() {
    let (unit, mut s) = kit_session();
    let (unit, s) = (&*unit, &mut *s);
    let n = |s: &dyn Session, slot: usize| s.object(slot).map(|o| o.downcast::<Kit>().unwrap().n);
    // bump() on object 1 (n 7) → object 2 is a copy with n 8; the target is bumped too.
    call(s, unit, "bump", &[1, 2]).unwrap();
    assert_eq!((n(s, 1), n(s, 2)), (Some(8), Some(8)));
    call(s, unit, "bump", &[2, 2]).unwrap();
    assert_eq!((n(s, 1), n(s, 2)), (Some(8), Some(9)));
    // merged(self, &other) runs on a clone: object 1 unchanged, object 0 = (8 + 9) * 10.
    call(s, unit, "merged", &[2, 1, 0]).unwrap();
    assert_eq!((n(s, 0), n(s, 1)), (Some(170), Some(8)));
    // maybe_bump(true) on object 2 → object 1 (n 9 + 1); maybe_bump(false) → null.
    call(s, unit, "maybe_bump", &[1, 2, 1]).unwrap();
    assert_eq!((n(s, 1), n(s, 2)), (Some(10), Some(10)));
    call(s, unit, "maybe_bump", &[0, 2, 1]).unwrap();
    assert_eq!((n(s, 1), n(s, 2)), (None, Some(10)));
    // maybe(false) stores null; copy() a copy.
    call(s, unit, "maybe", &[0, 0, 2]).unwrap();
    assert_eq!(n(s, 2), None);
    call(s, unit, "copy", &[0, 2]).unwrap();
    assert_eq!(n(s, 2), Some(170));
    // to_java_string is the Debug form.
    let rendered = s.render_pools();
    let objects = &rendered
        .iter()
        .find(|(pool, _)| pool == "Kitchen")
        .unwrap()
        .1;
    assert_eq!(objects[2], "Kit { text: \"\", n: 170 }", "{rendered:?}");
}

#[test]
fn an_alias_of_a_generic_type_is_a_subject() {
    let unit = IntStack::unit();
    let unit = &*unit;
    let (_, mut s) = session(unit, vec![5, 6], &["a"], 1);
    let s = &mut *s;
    call(s, unit, "new", &[0]).unwrap();
    call(s, unit, "push", &[1, 0]).unwrap();
    call(s, unit, "peek", &[0, 0]).unwrap();
    assert_eq!(s.int_at(0), Some(6));
}

/// [`Ring`] as gold and [`BuggyRing`] as its only mutant (id 1).
struct Planted {
    gold: Box<dyn Unit>,
    buggy: Box<dyn Unit>,
}

impl Unit for Planted {
    fn class(&self) -> &'static str {
        self.gold.class()
    }
    fn java_class(&self) -> &'static str {
        self.gold.java_class()
    }
    fn methods(&self) -> &[MethodInfo] {
        self.gold.methods()
    }
    fn session(&self, context: Arc<dyn CallTable>) -> Box<dyn Session> {
        self.gold.session(context)
    }
    fn mutant_session(
        &self,
        context: Arc<dyn CallTable>,
        mutant: MutantId,
    ) -> Option<Box<dyn Session>> {
        match mutant {
            0 => Some(self.gold.session(context)),
            1 => Some(self.buggy.session(context)),
            _ => None,
        }
    }
}

#[test]
fn random_testing_finds_the_bug_planted_in_a_declared_subject() {
    let unit = Planted {
        gold: Ring::unit(),
        buggy: BuggyRing::unit(),
    };
    assert_eq!(unit.methods(), unit.buggy.methods());
    let pools = PoolInit {
        ints: vec![1, 2, 0],
        bools: vec![false, true],
        strings: vec!["a".into()],
        objects: 2,
    };
    let context = Arc::new(TestContext::new(&unit, &MethodSelection::All, pools).unwrap());
    let job = |mutant| random_job("Ring", mutant);
    let found = execute(&job(1), &unit, &context).unwrap();
    assert!(found.failing_tests > 0, "{found:?}");
    assert!(found.first_failure.is_some());
    // Gold against itself: no failure.
    let gold = execute(&job(0), &unit, &context).unwrap();
    assert_eq!(gold.failing_tests, 0, "{gold:?}");
}

/// A ledger whose `withdraw` lets the balance go below zero without a panic (the planted
/// wrong result): its invariant `solvent` turns that into a failure of the call.
#[derive(Clone, Debug, Default)]
pub struct Ledger {
    balance: i64,
    entries: u32,
}

#[testspace::subject]
impl Ledger {
    pub fn new() -> Self {
        Ledger {
            balance: 0,
            entries: 0,
        }
    }
    /// Opens with a balance; an invariant is checked on what a constructor made too.
    pub fn opened(balance: i64) -> Option<Self> {
        Some(Ledger {
            balance,
            entries: 0,
        })
    }
    pub fn deposit(&mut self, amount: u16) -> &mut Self {
        self.balance += i64::from(amount);
        self.entries += 1;
        self
    }
    /// The planted wrong result: no check against the balance.
    pub fn withdraw(&mut self, amount: u16) -> Result<i64, LedgerError> {
        if amount == 0 {
            return Err(LedgerError::Nothing);
        }
        self.balance -= i64::from(amount);
        self.entries += 1;
        Ok(self.balance)
    }
    pub fn balance(&self) -> i64 {
        self.balance
    }
    #[testspace(invariant)]
    fn solvent(&self) -> bool {
        self.balance >= 0
    }
    #[testspace(invariant)]
    fn counted(&self) -> Result<(), LedgerError> {
        if self.entries < 1000 {
            Ok(())
        } else {
            Err(LedgerError::Nothing)
        }
    }
}

/// What `withdraw` throws.
#[derive(Clone, Debug)]
pub enum LedgerError {
    /// A withdrawal of nothing.
    Nothing,
}

#[test]
fn an_invariant_broken_by_a_call_fails_the_call_and_is_not_a_method() {
    let unit = Ledger::unit();
    let unit = &*unit;
    let names: Vec<&str> = unit.methods().iter().map(|m| m.name).collect();
    assert_eq!(names, ["new", "opened", "deposit", "withdraw", "balance"]);
    // ints {5, 3, -1, 0}; objects 0 and 1.
    let (_, mut s) = session(unit, vec![5, 3, -1, 0], &[], 2);
    let s = &mut *s;
    call(s, unit, "new", &[0]).unwrap();
    // deposit(5) into object 0, its `&mut Self` result into object 1; withdraw(3) into
    // int slot 3.
    call(s, unit, "deposit", &[0, 0, 1]).unwrap();
    call(s, unit, "withdraw", &[1, 0, 3]).unwrap();
    assert_eq!(s.primitives().ints[3], Some(2));
    // withdraw(3) again: the balance would be -1, a wrong result without a panic; the
    // invariant `solvent` turns it into a failing call.
    assert_eq!(call(s, unit, "withdraw", &[1, 0, 3]), Err(E::Panic));
    // A constructor's object is checked too: opened(-1) is not solvent; opened(5) is.
    assert_eq!(call(s, unit, "opened", &[2, 1]), Err(E::Panic));
    call(s, unit, "opened", &[0, 1]).unwrap();
    // A call that throws is checked as well, and passes on a solvent ledger: after a reset,
    // withdraw(0) from a new ledger throws `Nothing`, not a violation.
    s.reset();
    call(s, unit, "new", &[0]).unwrap();
    assert_eq!(
        call(s, unit, "withdraw", &[3, 0, 3]),
        Err(E::Thrown("LedgerError::Nothing"))
    );
}

/// The runner's crash oracle on gold as the target finds the planted wrong result through
/// the invariant, where without one no oracle could.
#[test]
fn random_testing_finds_a_wrong_result_through_an_invariant() {
    let unit = Ledger::unit();
    let context = Arc::new(
        TestContext::new(
            &*unit,
            &MethodSelection::All,
            PoolInit {
                ints: vec![0, 1, 2, 7],
                bools: vec![false, true],
                strings: vec![],
                objects: 1,
            },
        )
        .unwrap(),
    );
    // Gold as the target (`[mutants] gold = true`) is judged by the crash oracle.
    let job = random_job("Ledger", testspace::subject::GOLD);
    let found = execute(&job, &*unit, &context).unwrap();
    assert!(found.failing_tests > 0, "{found:?}");
}

/// Code shows a Rust subject's constructors by their own names, and a port's (named after
/// the class, as Java's) as `Class::new`.
#[test]
fn constructors_are_rendered_by_their_own_names() {
    let unit = Ledger::unit();
    let (context, _) = session(&*unit, vec![5], &[], 1);
    let rendered: Vec<String> = (0..context.j()).map(|c| context.render_call(c)).collect();
    assert!(
        rendered.contains(&"object_vp[0] = Ledger::new();".to_string()),
        "{rendered:?}"
    );
    assert!(
        rendered.contains(&"object_vp[0] = Ledger::opened(int_vp[0]);".to_string()),
        "{rendered:?}"
    );
    // Every port's constructors carry its class's name, so they render as before.
    for port in testspace::subject::registry().units() {
        for method in port.methods() {
            if method.kind == MethodKind::Constructor {
                assert_eq!(method.name, port.class(), "{}", method.signature);
            }
        }
    }
}

/// A job of 2,000 R(8) test cases of `subject`'s `mutant` (seed 2010, the paper's oracle).
fn random_job(subject: &str, mutant: MutantId) -> Job {
    Job {
        subject: subject.into(),
        mutant,
        strategy: testspace::strategy::Strategy::Walk(testspace::walk::WalkConfig::of(
            WalkKind::RANDOM,
        )),
        n: 8,
        suite: None,
        max_guarded: None,
        abandon: Vec::new(),
        refused: Vec::new(),
        seed: 2010,
        start: 0,
        count: Some(2000),
        until: Until::Budget,
        seconds: None,
        oracle: OracleKind::Paper,
        coverage: false,
    }
}
