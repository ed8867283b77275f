//! `HashSet`: a port of JDK 17's `java.util.HashSet<Integer>`, a set backed by a
//! [`HashMap`] whose values are a dummy `PRESENT`, as Java's is; `LinkedHashSet` is the
//! same set over a `LinkedHashMap`.
//!
//! # What is ported
//! `HashSet`'s own methods, each delegating to the backing map as in Java (`add` is
//! `map.put(e, PRESENT) == null`, `remove` is `map.remove(o) == PRESENT`, `clone` clones
//! the map), the sizing of `HashSet(Collection)` (`max((int) (c.size()/.75f) + 1, 16)`),
//! the package-private `HashSet(int, float, boolean)` that `LinkedHashSet` uses (a
//! `LinkedHashMap` backing map), and the methods inherited from `AbstractSet` (`equals`,
//! `hashCode`, `removeAll` with its size-dependent strategy) and `AbstractCollection`
//! (`addAll`, `retainAll`, `containsAll`, `toString`). Iteration is the map's key order.
//! M_C, in source order: `HashSet()`, `HashSet(HashSet)`, `HashSet(int)`, `size`,
//! `isEmpty`, `contains`, `add`, `remove`, `clear`, `clone`, `equals`, `hashCode`,
//! `removeAll`, `addAll`, `retainAll`, `containsAll`, `toString`.
//!
//! # What is left out, and why
//! * `HashSet(int, float)`: `float` is not a type of interest.
//! * `iterator`, `spliterator`, `toArray`, `stream`, `removeIf`, `forEach`: iterators,
//!   arrays and lambdas are not types of interest. Iterator removal inside `removeAll`
//!   and `retainAll` is flattened to removing the key from the map, which is what
//!   `HashIterator.remove` does.
//! * Everything `HashMap` leaves out (treeification; see [`super::hash_map`]).

use super::hash_map::{HashMap, ok};
use super::linked_hash_map::Links;
use crate::subject::{JavaException, Method, Param, Return, Subject, Value};

type Result<T> = std::result::Result<T, JavaException>;

/// `PRESENT`: the dummy value of every mapping in the backing map.
pub const PRESENT: Option<i32> = Some(0);

/// `java.util.HashSet<Integer>` (and the state of a `LinkedHashSet`).
#[derive(Clone, Debug)]
pub struct HashSet {
    map: HashMap,
}

impl Default for HashSet {
    fn default() -> Self {
        Self::new()
    }
}

impl HashSet {
    /// `new HashSet()`.
    pub fn new() -> Self {
        HashSet { map: HashMap::new() }
    }

    /// `new HashSet(Collection c)`: sized for `c`, then `addAll(c)`; `null` throws
    /// `NullPointerException`.
    pub fn from_collection(c: Option<&HashSet>) -> Result<Self> {
        let c = c.ok_or(JavaException::NullPointer)?;
        let mut set = Self::with_capacity(((c.size() as f32 / 0.75) as i32 + 1).max(16))?;
        set.add_all(Some(c))?;
        Ok(set)
    }

    /// `new HashSet(int initialCapacity)`: negative throws `IllegalArgumentException`.
    pub fn with_capacity(initial_capacity: i32) -> Result<Self> {
        Ok(HashSet { map: HashMap::with_capacity(initial_capacity)? })
    }

    /// `HashSet(int initialCapacity, 0.75f, boolean dummy)`: backed by a `LinkedHashMap`.
    pub fn linked(initial_capacity: i32) -> Result<Self> {
        let links = Some(Links::new(false));
        Ok(HashSet { map: HashMap::with_capacity_linked(initial_capacity, links)? })
    }

    /// The backing map (not Java API: for tests).
    pub fn map(&self) -> &HashMap {
        &self.map
    }

    /// The elements in iteration order (`map.keySet().iterator()`).
    pub fn elements(&self) -> Vec<Option<i32>> {
        self.map.entries().into_iter().map(|(k, _)| k).collect()
    }

    /// `size()`.
    pub fn size(&self) -> i32 {
        self.map.size()
    }

    /// `isEmpty()`.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// `contains(Object o)`.
    pub fn contains(&self, o: Option<i32>) -> Result<bool> {
        self.map.contains_key(o)
    }

    /// `add(E e)`: whether `e` was not yet there.
    pub fn add(&mut self, e: Option<i32>) -> Result<bool> {
        Ok(self.map.put(e, PRESENT)?.is_none())
    }

    /// `remove(Object o)`: whether `o` was there.
    pub fn remove(&mut self, o: Option<i32>) -> Result<bool> {
        Ok(self.map.remove(o)? == PRESENT)
    }

    /// `clear()`.
    pub fn clear(&mut self) {
        self.map.clear();
    }

    /// `clone()`: a set over `map.clone()`.
    pub fn clone_set(&self) -> Result<HashSet> {
        Ok(HashSet { map: self.map.clone_map()? })
    }

    /// `equals(Object o)` (from `AbstractSet`): same size and `containsAll(o)`.
    pub fn equals(&self, o: Option<&HashSet>) -> Result<bool> {
        match o {
            Some(c) if c.size() == self.size() => self.contains_all(Some(c)),
            _ => Ok(false), // not a Set, or another size
        }
    }

    /// `hashCode()` (from `AbstractSet`): the wrapping sum of the elements (`null` → 0).
    pub fn hash_code(&self) -> i32 {
        self.elements().into_iter().fold(0i32, |h, e| h.wrapping_add(e.unwrap_or(0)))
    }

    /// `removeAll(Collection c)` (from `AbstractSet`): removes `c`'s elements, iterating
    /// over the smaller of the two; `null` throws `NullPointerException`.
    pub fn remove_all(&mut self, c: Option<&HashSet>) -> Result<bool> {
        let c = c.ok_or(JavaException::NullPointer)?;
        let mut modified = false;
        if self.size() > c.size() {
            for e in c.elements() {
                modified |= self.remove(e)?;
            }
        } else {
            for e in self.elements() {
                if c.contains(e)? {
                    self.map.remove(e)?; // i.remove()
                    modified = true;
                }
            }
        }
        Ok(modified)
    }

    /// `addAll(Collection c)` (from `AbstractCollection`): adds `c`'s elements in `c`'s
    /// iteration order; whether any was new.
    pub fn add_all(&mut self, c: Option<&HashSet>) -> Result<bool> {
        let mut modified = false;
        for e in c.ok_or(JavaException::NullPointer)?.elements() {
            modified |= self.add(e)?;
        }
        Ok(modified)
    }

    /// `retainAll(Collection c)` (from `AbstractCollection`): removes what `c` lacks.
    pub fn retain_all(&mut self, c: Option<&HashSet>) -> Result<bool> {
        let c = c.ok_or(JavaException::NullPointer)?;
        let mut modified = false;
        for e in self.elements() {
            if !c.contains(e)? {
                self.map.remove(e)?; // it.remove()
                modified = true;
            }
        }
        Ok(modified)
    }

    /// `containsAll(Collection c)` (from `AbstractCollection`).
    pub fn contains_all(&self, c: Option<&HashSet>) -> Result<bool> {
        for e in c.ok_or(JavaException::NullPointer)?.elements() {
            if !self.contains(e)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `toString()` (from `AbstractCollection`): `[1, null]` in iteration order.
    pub fn to_java_string(&self) -> String {
        let shown: Vec<String> = self
            .elements()
            .into_iter()
            .map(|e| e.map_or("null".into(), |e| e.to_string()))
            .collect();
        format!("[{}]", shown.join(", "))
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
        Method::instance("clear", &[], R::Void, |s, _| ok(Ok(s.set_mut().clear()))),
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
