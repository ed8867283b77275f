//! `Stack`: a port of JDK 17's `java.util.Stack<Integer>`, a subclass of `Vector`.
//!
//! # What is ported
//! `Stack` is [`VectorOf<StackClass>`](VectorOf): the `Vector` port with the five
//! methods `Stack` adds, each calling `Vector`'s as Java's does (`push` is
//! `addElement`, `pop` is `peek` plus `removeElementAt`, `peek` is `elementAt`, `search`
//! is `lastIndexOf`). `peek` and `pop` on an empty stack throw `EmptyStackException`.
//! M_C: `Stack()`, `push(Integer)`, `pop()`, `peek()`, `empty()`, `search(Integer)`, then
//! every inherited `Vector` method ([`inherited_methods`](crate::subjects::vector::inherited_methods);
//! `Vector`'s constructors are not inherited). Their `Vector`/`Collection` parameters
//! and `clone()`'s result are `Stack`s (`Object.clone` keeps the class).
//!
//! # What is left out, and why
//! What the `Vector` port leaves out (views, iterators, arrays, lambdas).

use crate::subjects::abstract_collection::AbstractCollection;
use crate::subjects::vector::{Class, VectorOf, ok};
use crate::subject::{JavaException, Method, Param, Return};

type Result<T> = std::result::Result<T, JavaException>;

/// The marker of `java.util.Stack`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StackClass;

/// `java.util.Stack<Integer>`: `new Stack()` is [`VectorOf::new`] (`Vector()`).
pub type Stack = VectorOf<StackClass>;

// Each method is one line, as short as Java's.
#[rustfmt::skip]
impl Stack {
    /// `push(E item)`: `addElement(item)`; returns `item`.
    pub fn push(&mut self, item: Option<i32>) -> Result<Option<i32>> { self.add_element(item).map(|()| item) }
    /// `pop()`: `peek()`, then `removeElementAt(len - 1)`.
    pub fn pop(&mut self) -> Result<Option<i32>> { let (len, obj) = (self.size(), self.peek()?); self.remove_element_at(len - 1).map(|()| obj) }
    /// `peek()`: `elementAt(len - 1)`; `EmptyStackException` when empty.
    pub fn peek(&self) -> Result<Option<i32>> { if self.size() == 0 { Err(JavaException::EmptyStack) } else { self.element_at(self.size() - 1) } }
    /// `empty()`: `size() == 0`.
    pub fn empty(&self) -> bool { self.size() == 0 }
    /// `search(Object o)`: the 1-based distance of the topmost `o` from the top, or -1.
    pub fn search(&self, o: Option<i32>) -> Result<i32> { let i = self.last_index_of(o)?; Ok(if i >= 0 { self.size() - i } else { -1 }) }
}

impl Class for StackClass {
    const CLASS: &'static str = "Stack";
    const JAVA_CLASS: &'static str = "java.util.Stack";

    fn own_methods() -> Vec<Method<Stack>> {
        use {Param::Integer, Return as R};
        #[rustfmt::skip]
        let methods = vec![
            Method::constructor("Stack", &[], |_| Ok(Stack::new())),
            Method::instance("push", &[Integer], R::Int, |s, a| ok(s.push(a.integer(0)))),
            Method::instance("pop", &[], R::Int, |s, _| ok(s.pop())),
            Method::instance("peek", &[], R::Int, |s, _| ok(s.peek())),
            Method::instance("empty", &[], R::Bool, |s, _| ok(Ok(s.empty()))),
            Method::instance("search", &[Integer], R::Int, |s, a| ok(s.search(a.integer(0)))),
        ];
        methods
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::context::TestContext;
    use crate::subject::{Subject, SubjectUnit};
    use crate::subjects::abstract_collection::AbstractList;

    type E = JavaException;

    fn rendered(s: &Stack) -> String {
        s.to_java_string_checked().unwrap()
    }

    #[test]
    fn peek_and_pop_on_an_empty_stack_throw_empty_stack_not_no_such_element() {
        // JDK 17: new Stack().pop() and .peek() throw EmptyStackException.
        let mut s = Stack::new();
        assert_eq!(s.pop(), Err(E::EmptyStack));
        assert_eq!(s.peek(), Err(E::EmptyStack));
        assert_eq!(E::EmptyStack.java_name(), "EmptyStackException");
        // ... while the inherited firstElement() throws NoSuchElementException.
        assert_eq!(s.first_element(), Err(E::NoSuchElement));
        assert!(s.empty());
    }

    #[test]
    fn push_returns_the_item_and_pop_takes_the_top() {
        let mut s = Stack::new();
        assert_eq!(s.push(Some(1)), Ok(Some(1)));
        assert_eq!(s.push(None), Ok(None));
        assert_eq!(s.push(Some(2)), Ok(Some(2)));
        assert_eq!(s.peek(), Ok(Some(2)));
        assert_eq!(s.pop(), Ok(Some(2)));
        assert_eq!(s.pop(), Ok(None));
        assert_eq!(rendered(&s), "[1]");
        assert!(!s.empty());
    }

    #[test]
    fn search_is_one_based_from_the_top() {
        // JDK 17: push 1, 2, 1, null: search(1) 2, search(null) 1, search(2) 3,
        // search(7) -1; toString "[1, 2, 1, null]", capacity 10.
        let mut s = Stack::new();
        for e in [Some(1), Some(2), Some(1), None] {
            s.push(e).unwrap();
        }
        assert_eq!(s.search(Some(1)), Ok(2));
        assert_eq!(s.search(None), Ok(1));
        assert_eq!(s.search(Some(2)), Ok(3));
        assert_eq!(s.search(Some(7)), Ok(-1));
        assert_eq!((rendered(&s), s.capacity()), ("[1, 2, 1, null]".into(), 10));
    }

    #[test]
    fn inherited_vector_methods_work_on_stacks_and_clone_is_a_stack() {
        let mut s = Stack::new();
        s.push(Some(3)).unwrap();
        s.insert_element_at(Some(4), 0).unwrap();
        let copy: Stack = s.clone_vector().unwrap();
        assert_eq!(copy.equals(Some(&s)), Ok(true));
        assert_eq!(s.add_all(Some(&copy)), Ok(true));
        assert_eq!(rendered(&s), "[4, 3, 4, 3]");
        assert_eq!(s.pop(), Ok(Some(3)));
        assert_eq!(s.search(Some(4)), Ok(1));
    }

    #[test]
    fn m_c_is_stacks_own_methods_then_vectors_instance_methods() {
        let names: Vec<String> = Stack::methods()
            .iter()
            .map(|m| m.signature("Stack"))
            .collect();
        assert_eq!(
            names[..7],
            ["Stack()", "push(Integer)", "pop()", "peek()", "empty()", "search(Integer)", "trimToSize()"]
        );
        assert!(names.contains(&"addAll(int,Stack)".to_string()));
        assert!(!names.iter().any(|n| n.starts_with("Vector(")));
    }

    #[derive(Clone, Debug)]
    enum Op {
        Push(Option<i32>),
        Pop,
        Peek,
        Empty,
        Search(Option<i32>),
        Insert(Option<i32>, i32),
        RemoveAt(i32),
    }

    fn element() -> impl Strategy<Value = Option<i32>> {
        prop_oneof![1 => Just(None), 4 => (-1..4).prop_map(Some)]
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            4 => element().prop_map(Op::Push),
            3 => Just(Op::Pop),
            2 => Just(Op::Peek),
            1 => Just(Op::Empty),
            2 => element().prop_map(Op::Search),
            1 => (element(), -1..6i32).prop_map(|(e, i)| Op::Insert(e, i)),
            1 => (-1..6i32).prop_map(Op::RemoveAt),
        ]
    }

    fn run_port(s: &mut Stack, op: &Op) -> std::result::Result<String, E> {
        Ok(match op {
            Op::Push(e) => format!("{:?}", s.push(*e)?),
            Op::Pop => format!("{:?}", s.pop()?),
            Op::Peek => format!("{:?}", s.peek()?),
            Op::Empty => format!("{:?}", s.empty()),
            Op::Search(e) => format!("{:?}", s.search(*e)?),
            Op::Insert(e, i) => format!("{:?}", s.insert_element_at(*e, *i)?),
            Op::RemoveAt(i) => format!("{:?}", s.remove_at(*i)?),
        })
    }

    fn run_model(v: &mut Vec<Option<i32>>, op: &Op) -> std::result::Result<String, E> {
        let len = v.len() as i32;
        Ok(match op {
            Op::Push(e) => {
                v.push(*e);
                format!("{e:?}")
            }
            Op::Pop => format!("{:?}", v.pop().ok_or(E::EmptyStack)?),
            Op::Peek => format!("{:?}", v.last().ok_or(E::EmptyStack)?),
            Op::Empty => format!("{:?}", v.is_empty()),
            Op::Search(e) => format!("{:?}", v.iter().rposition(|x| x == e).map_or(-1, |i| len - i as i32)),
            Op::Insert(_, i) | Op::RemoveAt(i) if *i < 0 || *i > len => return Err(E::IndexOutOfBounds),
            Op::RemoveAt(i) if *i == len => return Err(E::IndexOutOfBounds),
            Op::Insert(e, i) => format!("{:?}", v.insert(*i as usize, *e)),
            Op::RemoveAt(i) => format!("{:?}", v.remove(*i as usize)),
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn port_matches_a_vec_model_on_random_stack_operations(ops in prop::collection::vec(op(), 0..60)) {
            let (mut s, mut model) = (Stack::new(), vec![]);
            for (step, op) in ops.iter().enumerate() {
                prop_assert_eq!(run_port(&mut s, op), run_model(&mut model, op), "step {} {:?}", step, op);
                let elements: Vec<_> = (0..s.size()).map(|i| s.get(i).unwrap()).collect();
                prop_assert_eq!(elements, model.clone());
            }
        }
    }

    #[test]
    fn paper_context_has_j_127() {
        // vps: int 2, boolean 2, String 2, Stack 1. Own methods:
        //   Stack() 1   push(Integer) 2·1·2 = 4   pop() 1·2 = 2   peek() 2   empty() 2
        //   search(Integer) 2·1·2 = 4                                              = 15
        // plus Vector's 36 instance methods: j(Vector) 120 − 8 for its constructors = 112
        // j = 15 + 112 = 127
        let unit = SubjectUnit::<Stack>::new();
        let context = TestContext::paper(&unit).unwrap();
        assert_eq!(context.methods().len(), 42);
        assert_eq!(context.j(), 127);
    }

    #[test]
    fn harness_pop_on_an_empty_stack_throws_empty_stack() {
        let unit = crate::subject::registry().find("Stack").unwrap();
        assert_eq!(unit.java_class(), "java.util.Stack");
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let call = |signature: &str, slots: &[u32]| {
            let m = context.methods().iter().position(|m| m.info.signature == signature);
            context.call_space().encode_call(m.unwrap(), slots).unwrap()
        };
        let mut session = unit.session(context.clone());
        session.step(call("Stack()", &[0])).unwrap();
        // int_vp[0] = object_vp[0].pop();  → EmptyStackException
        assert_eq!(session.step(call("pop()", &[0, 0])), Err(E::EmptyStack));
        // int_vp[0] = object_vp[0].push(int_vp[1]);  int_vp[1] = object_vp[0].search(int_vp[0])
        session.step(call("push(Integer)", &[1, 0, 0])).unwrap();
        session.step(call("search(Integer)", &[0, 0, 1])).unwrap();
        assert_eq!(session.primitives().ints, [Some(100), Some(1)]);
        assert_eq!(session.render_pools()[3], ("Stack".into(), vec!["[100]".into()]));
    }
}
