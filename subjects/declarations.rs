//! The method-declaration tables of subjects whose Java class declares few methods
//! itself — the analogue of the paper's wrapper classes, which instantiated each class's
//! type parameter to `Integer` and were not part of the unit under test. A table lists
//! M_C in the order of the Java source; the bodies only call the port.

use crate::subject::{Method, Param, Return, Subject, Value};
use crate::subjects::abstract_collection::{AbstractCollection, MutableCollection};
use crate::subjects::java_array::Result;

/// A method's outcome as the harness stores it.
pub(crate) fn ok<S, T: Into<Value<S>>>(outcome: Result<T>) -> Result<Value<S>> {
    outcome.map(Into::into)
}

/// The operations of `java.util.HashSet` that [`set_methods`] calls beyond those of
/// [`MutableCollection`]: implemented by the `HashSet` port and by its mutant schemata copy
/// (each with its own `HashSet` type), so that both can be declared through [`SetUnit`].
pub trait SetCore: MutableCollection {
    /// `isEmpty()`.
    fn is_empty(&self) -> bool;
    /// `clear()`.
    fn clear(&mut self);
    /// `clone()`: a set with the same elements and backing-map kind.
    fn clone_set(&self) -> Result<Self>;
    /// `equals(Object o)` (from `AbstractSet`).
    fn equals(&self, o: Option<&Self>) -> Result<bool>;
    /// `hashCode()` (from `AbstractSet`).
    fn hash_code(&self) -> i32;
    /// `removeAll(Collection c)` (from `AbstractSet`).
    fn remove_all(&mut self, c: Option<&Self>) -> Result<bool>;
}

/// A subject whose state is a set core ([`SetCore`]): `HashSet` itself and
/// `LinkedHashSet`, which share their instance methods ([`set_methods`]).
pub trait SetUnit: Subject {
    /// The set core: the port's `HashSet`, or its schemata copy's.
    type Set: SetCore;
    /// The set.
    fn set(&self) -> &Self::Set;
    /// The set, mutably.
    fn set_mut(&mut self) -> &mut Self::Set;
    /// Wraps a set built by the core (`clone()`) as an instance of this subject.
    fn wrap(set: Self::Set) -> Self;
}

/// The instance methods of M_C shared by `HashSet` and `LinkedHashSet`, in the order of
/// `HashSet`'s source, then `AbstractSet`'s and `AbstractCollection`'s.
pub fn set_methods<S: SetUnit>() -> Vec<Method<S>> {
    use Param::{Integer, Object};
    use Return as R;
    #[rustfmt::skip]
    let methods: Vec<Method<S>> = vec![
        Method::instance("size", &[], R::Int, |s, _| ok(Ok(s.set().size()))),
        Method::instance("isEmpty", &[], R::Bool, |s, _| ok(Ok(s.set().is_empty()))),
        Method::instance("contains", &[Integer], R::Bool, |s, a| ok(s.set().contains(a.integer(0)))),
        Method::instance("add", &[Integer], R::Bool, |s, a| ok(s.set_mut().add(a.integer(0)))),
        Method::instance("remove", &[Integer], R::Bool, |s, a| ok(s.set_mut().remove(a.integer(0)))),
        Method::instance("clear", &[], R::Void, |s, _| { s.set_mut().clear(); Ok(Value::Void) }),
        Method::instance("clone", &[], R::Object, |s, _| Ok(Value::Object(Some(S::wrap(s.set().clone_set()?))))),
        Method::instance("equals", &[Object], R::Bool, |s, a| ok(s.set().equals(a.object(0).map(S::set)))),
        Method::instance("hashCode", &[], R::Int, |s, _| ok(Ok(s.set().hash_code()))),
        Method::instance("removeAll", &[Object], R::Bool, |s, a| ok(s.set_mut().remove_all(a.object(0).map(S::set)))),
        Method::instance("addAll", &[Object], R::Bool, |s, a| ok(s.set_mut().add_all(a.object(0).map(S::set)))),
        Method::instance("retainAll", &[Object], R::Bool, |s, a| ok(s.set_mut().retain_all(a.object(0).map(S::set)))),
        Method::instance("containsAll", &[Object], R::Bool, |s, a| ok(s.set().contains_all(a.object(0).map(S::set)))),
        Method::instance("toString", &[], R::Str, |s, _| ok(s.set().to_java_string_checked())),
    ];
    methods
}
