//! `Stack`: a port of JDK 17's `java.util.Stack<Integer>`, a subclass of `Vector`.
//!
//! # What is ported
//! `Stack` is [`VectorOf<StackClass>`](VectorOf): the `Vector` port with the five
//! methods `Stack` adds, each calling `Vector`'s as Java's does (`push` is
//! `addElement`, `pop` is `peek` plus `removeElementAt`, `peek` is `elementAt`, `search`
//! is `lastIndexOf`). `peek` and `pop` on an empty stack throw `EmptyStackException`.
//! M_C: `Stack()`, `push(Integer)`, `pop()`, `peek()`, `empty()`, `search(Integer)`, then
//! every inherited `Vector` method ([`inherited_methods`](super::vector::inherited_methods);
//! `Vector`'s constructors are not inherited). Their `Vector`/`Collection` parameters
//! and `clone()`'s result are `Stack`s (`Object.clone` keeps the class).
//!
//! # What is left out, and why
//! What the `Vector` port leaves out (views, iterators, arrays, lambdas).

use super::vector::{Class, VectorOf, ok};
use crate::subject::{JavaException, Method, Param, Return};

type Result<T> = std::result::Result<T, JavaException>;

/// The marker of `java.util.Stack`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
