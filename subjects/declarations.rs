//! The method-declaration tables of subjects whose Java class declares few methods
//! itself — the analogue of the paper's wrapper classes, which instantiated each class's
//! type parameter to `Integer` and were not part of the unit under test. A table lists
//! M_C in the order of the Java source; the bodies only call the port.

use super::abstract_collection::{AbstractCollection, AbstractList, MutableCollection};
use super::array_list::ArrayList;
use super::hash_set::HashSet;
use super::java_array::Result;
use super::linked_hash_set::LinkedHashSet;
use crate::subject::{Method, Param, Return, Subject, Value};

/// A method's outcome as the harness stores it.
pub(crate) fn ok<S, T: Into<Value<S>>>(outcome: Result<T>) -> Result<Value<S>> {
    outcome.map(Into::into)
}

impl Subject for ArrayList {
    const CLASS: &'static str = "ArrayList";
    const JAVA_CLASS: &'static str = "java.util.ArrayList";

    fn methods() -> Vec<Method<Self>> {
        use Param::{Int, Integer, Object};
        use Return as R;
        #[rustfmt::skip]
        let methods = vec![
            Method::constructor("ArrayList", &[Int], |a| ArrayList::with_capacity(a.int(0))),
            Method::constructor("ArrayList", &[], |_| Ok(ArrayList::new())),
            Method::constructor("ArrayList", &[Object], |a| ArrayList::from_collection(a.object(0))),
            Method::instance("trimToSize", &[], R::Void, |l, _| ok(l.trim_to_size())),
            Method::instance("ensureCapacity", &[Int], R::Void, |l, a| ok(l.ensure_capacity(a.int(0)))),
            Method::instance("size", &[], R::Int, |l, _| ok(Ok(l.size()))),
            Method::instance("isEmpty", &[], R::Bool, |l, _| ok(Ok(l.is_empty()))),
            Method::instance("contains", &[Integer], R::Bool, |l, a| ok(l.contains(a.integer(0)))),
            Method::instance("indexOf", &[Integer], R::Int, |l, a| ok(l.index_of(a.integer(0)))),
            Method::instance("lastIndexOf", &[Integer], R::Int, |l, a| ok(l.last_index_of(a.integer(0)))),
            Method::instance("clone", &[], R::Object, |l, _| ok(l.clone_list())),
            Method::instance("get", &[Int], R::Int, |l, a| ok(l.get(a.int(0)))),
            Method::instance("set", &[Int, Integer], R::Int, |l, a| ok(l.set(a.int(0), a.integer(1)))),
            Method::instance("add", &[Integer], R::Bool, |l, a| ok(l.add(a.integer(0)))),
            Method::instance("add", &[Int, Integer], R::Void, |l, a| ok(l.add_at(a.int(0), a.integer(1)))),
            Method::instance("remove", &[Int], R::Int, |l, a| ok(l.remove_at(a.int(0)))),
            Method::instance("remove", &[Integer], R::Bool, |l, a| ok(l.remove(a.integer(0)))),
            Method::instance("equals", &[Object], R::Bool, |l, a| ok(l.equals(a.object(0)))),
            Method::instance("hashCode", &[], R::Int, |l, _| ok(l.hash_code())),
            Method::instance("clear", &[], R::Void, |l, _| ok(l.clear())),
            Method::instance("addAll", &[Object], R::Bool, |l, a| ok(l.add_all(a.object(0)))),
            Method::instance("addAll", &[Int, Object], R::Bool, |l, a| ok(l.add_all_at(a.int(0), a.object(1)))),
            Method::instance("removeAll", &[Object], R::Bool, |l, a| ok(l.remove_all(a.object(0)))),
            Method::instance("retainAll", &[Object], R::Bool, |l, a| ok(l.retain_all(a.object(0)))),
            Method::instance("containsAll", &[Object], R::Bool, |l, a| ok(l.contains_all(a.object(0)))),
            Method::instance("toString", &[], R::Str, |l, _| ok(l.to_java_string_checked())),
        ];
        methods
    }

    fn to_java_string(&self) -> String {
        self.to_java_string_checked()
            .unwrap_or_else(|thrown| format!("<toString threw {thrown}>"))
    }
}

impl From<ArrayList> for Value<ArrayList> {
    /// A list result (`clone()`), stored in the object pool.
    fn from(list: ArrayList) -> Self {
        Value::Object(Some(list))
    }
}

/// A subject whose state is a [`HashSet`]: `HashSet` itself and `LinkedHashSet`, which
/// share their instance methods ([`set_methods`]).
pub trait SetUnit: Subject {
    /// The set.
    fn set(&self) -> &HashSet;
    /// The set, mutably.
    fn set_mut(&mut self) -> &mut HashSet;
    /// Wraps a set built by the core (`clone()`) as an instance of this subject.
    fn wrap(set: HashSet) -> Self;
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
        Method::instance("toString", &[], R::Str, |s, _| ok(Ok(s.set().to_java_string()))),
    ];
    methods
}

impl SetUnit for HashSet {
    fn set(&self) -> &HashSet {
        self
    }
    fn set_mut(&mut self) -> &mut HashSet {
        self
    }
    fn wrap(set: HashSet) -> Self {
        set
    }
}

impl Subject for HashSet {
    const CLASS: &'static str = "HashSet";
    const JAVA_CLASS: &'static str = "java.util.HashSet";

    fn methods() -> Vec<Method<Self>> {
        use Param::{Int, Object};
        #[rustfmt::skip]
        let mut methods = vec![
            Method::constructor("HashSet", &[], |_| Ok(HashSet::new())),
            Method::constructor("HashSet", &[Object], |a| HashSet::from_collection(a.object(0))),
            Method::constructor("HashSet", &[Int], |a| HashSet::with_capacity(a.int(0))),
        ];
        methods.extend(set_methods());
        methods
    }

    fn to_java_string(&self) -> String {
        HashSet::to_java_string(self)
    }
}

impl SetUnit for LinkedHashSet {
    fn set(&self) -> &HashSet {
        &self.0
    }
    fn set_mut(&mut self) -> &mut HashSet {
        &mut self.0
    }
    fn wrap(set: HashSet) -> Self {
        LinkedHashSet(set)
    }
}

impl Subject for LinkedHashSet {
    const CLASS: &'static str = "LinkedHashSet";
    const JAVA_CLASS: &'static str = "java.util.LinkedHashSet";

    fn methods() -> Vec<Method<Self>> {
        use Param::{Int, Object};
        #[rustfmt::skip]
        let mut methods = vec![
            Method::constructor("LinkedHashSet", &[Int], |a| LinkedHashSet::with_capacity(a.int(0))),
            Method::constructor("LinkedHashSet", &[], |_| LinkedHashSet::new()),
            Method::constructor("LinkedHashSet", &[Object], |a| LinkedHashSet::from_collection(a.object(0))),
        ];
        methods.extend(set_methods());
        methods
    }

    fn to_java_string(&self) -> String {
        self.0.to_java_string()
    }
}
