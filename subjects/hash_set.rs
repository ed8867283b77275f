//! `HashSet`: a port of JDK 17's `java.util.HashSet<Integer>`, a set backed by a
//! [`HashMap`] whose values are a dummy `PRESENT`, as Java's is; `LinkedHashSet` is the
//! same set over a `LinkedHashMap`.
//!
//! # What is ported
//! `HashSet`'s own methods, each delegating to the backing map as in Java (`add` is
//! `map.put(e, PRESENT) == null`, `remove` is `map.remove(o) == PRESENT`, `clone` clones
//! the map), the sizing of `HashSet(Collection)` (`max((int) (c.size()/.75f) + 1, 16)`),
//! the package-private `HashSet(int, float, boolean)` that `LinkedHashSet` uses (a
//! `LinkedHashMap` backing map), and the iterator (the map's key order) with its
//! `remove`. The methods inherited from `AbstractSet` (`equals`, `hashCode`, `removeAll`
//! with its size-dependent strategy) and `AbstractCollection` (`addAll`, `retainAll`,
//! `containsAll`, `toString`) are the shared ones of [`crate::subjects::abstract_collection`], as
//! in Java they live in the superclasses; the method table is in
//! [`crate::subjects::declarations`].
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
//! * Everything `HashMap` leaves out (treeification; see [`crate::subjects::hash_map`]).

use crate::subjects::abstract_collection::{self as ac, AbstractCollection, Iter, MutableCollection};
use crate::subjects::hash_map::HashMap;
use crate::subjects::java_array::{Result, non_null};
use crate::subjects::linked_hash_map::LinkedHashMap;
use crate::subject::{Method, Param, Subject};
use crate::subjects::declarations::{SetCore, SetUnit, set_methods};

/// `PRESENT`: the dummy value of every mapping in the backing map.
pub const PRESENT: Option<i32> = Some(0);

/// `java.util.HashSet<Integer>` (and the state of a `LinkedHashSet`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
        let c = non_null(c)?;
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
        Ok(HashSet { map: LinkedHashMap::with_capacity(initial_capacity)?.0 })
    }

    /// The backing map (not Java API: for tests).
    pub fn map(&self) -> &HashMap {
        &self.map
    }

    /// The elements in iteration order (`map.keySet().iterator()`).
    pub fn elements(&self) -> Vec<Option<i32>> {
        self.map.entries().into_iter().map(|(k, _)| k).collect()
    }

    /// `toString()` (from `AbstractCollection`): `[1, null]` in iteration order.
    pub fn to_java_string(&self) -> String {
        self.to_java_string_checked().expect("a HashSet iterator does not throw")
    }
}

impl AbstractCollection for HashSet {
    /// `size()`.
    fn size(&self) -> i32 {
        self.map.size()
    }

    /// `contains(Object o)`.
    fn contains(&self, o: Option<i32>) -> Result<bool> {
        self.map.contains_key(o)
    }

    /// `iterator()`: `map.keySet().iterator()`.
    fn iterator(&self) -> Iter<'_> {
        Box::new(self.elements().into_iter().map(Ok))
    }
}

impl MutableCollection for HashSet {
    /// `add(E e)`: whether `e` was not yet there.
    fn add(&mut self, e: Option<i32>) -> Result<bool> {
        Ok(self.map.put(e, PRESENT)?.is_none())
    }

    /// `remove(Object o)`: whether `o` was there.
    fn remove(&mut self, o: Option<i32>) -> Result<bool> {
        Ok(self.map.remove(o)? == PRESENT)
    }

    /// The key iterator's `remove()`: `HashIterator.remove` removes the key from the map.
    fn iterator_remove(&mut self, e: Option<i32>) -> Result<()> {
        self.map.remove(e).map(drop)
    }
}

impl SetCore for HashSet {
    /// `isEmpty()`.
    fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// `clear()`.
    fn clear(&mut self) {
        self.map.clear();
    }

    /// `clone()`: a set over `map.clone()`.
    fn clone_set(&self) -> Result<HashSet> {
        Ok(HashSet { map: self.map.clone_map()? })
    }

    /// `equals(Object o)` (from `AbstractSet`).
    fn equals(&self, o: Option<&HashSet>) -> Result<bool> {
        ac::set_equals(self, o)
    }

    /// `hashCode()` (from `AbstractSet`): the wrapping sum of the elements (`null` → 0).
    fn hash_code(&self) -> i32 {
        ac::set_hash_code(self).expect("a HashSet iterator does not throw")
    }

    /// `removeAll(Collection c)` (from `AbstractSet`).
    fn remove_all(&mut self, c: Option<&HashSet>) -> Result<bool> {
        ac::set_remove_all(self, c)
    }
}

impl SetUnit for HashSet {
    type Set = HashSet;
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

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use super::*;
    use crate::context::TestContext;
    use crate::subject::SubjectUnit;
    use crate::subject::JavaException;
    use crate::subjects::hash_map::tests::key;

    type E = JavaException;

    fn set_of(elements: &[Option<i32>]) -> HashSet {
        let mut set = HashSet::new();
        for &e in elements {
            set.add(e).unwrap();
        }
        set
    }

    #[test]
    fn iteration_order_is_the_backing_maps_and_the_copy_constructor_sizes_for_the_source() {
        let keys = [100, 0, 16, 32, 48, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        let set = set_of(&keys.map(Some));
        let copy = HashSet::from_collection(Some(&set)).unwrap();
        // JDK 17: [0, 32, 1, 2, 3, 100, 4, 5, 6, 7, 8, 9, 16, 48] 32, copy the same, 32
        // (max((int) (14 / .75f) + 1, 16) = 19 → 32), hashCode 241
        assert_eq!(set.to_java_string(), "[0, 32, 1, 2, 3, 100, 4, 5, 6, 7, 8, 9, 16, 48]");
        assert_eq!((set.map().capacity(), copy.map().capacity()), (32, 32));
        assert_eq!(copy.to_java_string(), set.to_java_string());
        assert_eq!(set.hash_code(), 241);
        assert_eq!(HashSet::from_collection(Some(&HashSet::new())).unwrap().map().capacity(), 16);
    }

    #[test]
    fn add_and_remove_report_whether_the_set_changed() {
        let mut set = HashSet::new();
        assert_eq!(set.add(None), Ok(true));
        assert_eq!(set.add(None), Ok(false));
        assert_eq!(set.contains(None), Ok(true));
        assert_eq!(set.remove(Some(1)), Ok(false));
        assert_eq!(set.remove(None), Ok(true));
        assert!(set.is_empty());
    }

    #[test]
    fn remove_all_iterates_the_smaller_side_with_the_same_outcome() {
        let mut big = set_of(&[Some(1), Some(2), Some(3), None]);
        assert_eq!(big.remove_all(Some(&set_of(&[Some(2), Some(7)]))), Ok(true));
        assert_eq!(big.to_java_string(), "[null, 1, 3]");
        let mut small = set_of(&[Some(1)]);
        assert_eq!(small.remove_all(Some(&set_of(&[Some(1), Some(2)]))), Ok(true));
        assert_eq!(small.remove_all(Some(&set_of(&[Some(1), Some(2)]))), Ok(false));
        assert_eq!(HashSet::new().remove_all(None), Err(E::NullPointer));
    }

    #[test]
    fn null_collections_throw_and_null_is_never_equal() {
        // JDK 17: retainAll(null), containsAll(null) on an empty set throw NullPointerException
        let mut set = HashSet::new();
        assert_eq!(set.retain_all(None), Err(E::NullPointer));
        assert_eq!(set.contains_all(None), Err(E::NullPointer));
        assert_eq!(set.add_all(None), Err(E::NullPointer));
        assert_eq!(HashSet::from_collection(None).err(), Some(E::NullPointer));
        assert_eq!(HashSet::with_capacity(-1).err(), Some(E::IllegalArgument));
        assert_eq!(set.equals(None), Ok(false));
        assert_eq!(set.equals(Some(&HashSet::with_capacity(64).unwrap())), Ok(true));
    }

    #[test]
    fn retain_all_and_clone_keep_the_elements_of_both_sides() {
        let mut set = set_of(&[Some(1), Some(2), None]);
        assert_eq!(set.retain_all(Some(&set_of(&[None, Some(2), Some(5)]))), Ok(true));
        assert_eq!(set.to_java_string(), "[null, 2]");
        let clone = set.clone_set().unwrap();
        assert_eq!(clone.equals(Some(&set)), Ok(true));
        assert_eq!(set.contains_all(Some(&set_of(&[Some(2)]))), Ok(true));
        assert_eq!(set.contains_all(Some(&set_of(&[Some(1)]))), Ok(false));
    }

    // ---- differential: the port against a model on std collections ----

    /// One call of the set API; `Option<Vec<..>>` arguments are sets from the object pool.
    #[derive(Clone, Debug)]
    pub(crate) enum Op {
        Add(Option<i32>),
        Remove(Option<i32>),
        Contains(Option<i32>),
        Size,
        IsEmpty,
        Clear,
        HashCode,
        Clone,
        Equals(Option<Vec<Option<i32>>>),
        RemoveAll(Option<Vec<Option<i32>>>),
        AddAll(Option<Vec<Option<i32>>>),
        RetainAll(Option<Vec<Option<i32>>>),
        ContainsAll(Option<Vec<Option<i32>>>),
    }

    pub(crate) fn op() -> impl Strategy<Value = Op> {
        let c = || prop::option::weighted(0.9, prop::collection::vec(key(), 0..20));
        prop_oneof![
            10 => key().prop_map(Op::Add),
            3 => key().prop_map(Op::Remove),
            2 => key().prop_map(Op::Contains),
            1 => Just(Op::Size),
            1 => Just(Op::IsEmpty),
            1 => Just(Op::Clear),
            1 => Just(Op::HashCode),
            1 => Just(Op::Clone),
            1 => c().prop_map(Op::Equals),
            2 => c().prop_map(Op::RemoveAll),
            2 => c().prop_map(Op::AddAll),
            1 => c().prop_map(Op::RetainAll),
            1 => c().prop_map(Op::ContainsAll),
        ]
    }

    fn build(linked: bool, elements: &[Option<i32>]) -> HashSet {
        let mut set = if linked { HashSet::linked(16).unwrap() } else { HashSet::new() };
        for &e in elements {
            set.add(e).unwrap();
        }
        set
    }

    fn run_port(set: &mut HashSet, linked: bool, op: &Op) -> std::result::Result<String, E> {
        let other = |c: &Option<Vec<Option<i32>>>| c.as_deref().map(|c| build(linked, c));
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        Ok(match op {
            Op::Add(e) => shown(&set.add(*e)?),
            Op::Remove(e) => shown(&set.remove(*e)?),
            Op::Contains(e) => shown(&set.contains(*e)?),
            Op::Size => shown(&set.size()),
            Op::IsEmpty => shown(&set.is_empty()),
            Op::Clear => shown(&set.clear()),
            Op::HashCode => shown(&set.hash_code()),
            Op::Clone => shown(&set.clone_set()?.elements().into_iter().collect::<BTreeSet<_>>()),
            Op::Equals(c) => shown(&set.equals(other(c).as_ref())?),
            Op::RemoveAll(c) => shown(&set.remove_all(other(c).as_ref())?),
            Op::AddAll(c) => shown(&set.add_all(other(c).as_ref())?),
            Op::RetainAll(c) => shown(&set.retain_all(other(c).as_ref())?),
            Op::ContainsAll(c) => shown(&set.contains_all(other(c).as_ref())?),
        })
    }

    /// The model: a `Vec` in insertion order (a `LinkedHashSet`, and a `HashSet` up to
    /// order), with `BTreeSet`s for the collection arguments.
    fn run_model(v: &mut Vec<Option<i32>>, op: &Op) -> std::result::Result<String, E> {
        let shown = |x: &dyn std::fmt::Debug| format!("{x:?}");
        let arg = |c: &Option<Vec<Option<i32>>>| -> std::result::Result<Vec<Option<i32>>, E> {
            let c = c.as_ref().ok_or(E::NullPointer)?;
            let mut unique = vec![];
            for e in c {
                if !unique.contains(e) {
                    unique.push(*e);
                }
            }
            Ok(unique)
        };
        let before = v.len();
        Ok(match op {
            Op::Add(e) => shown(&(!v.contains(e) && {
                v.push(*e);
                true
            })),
            Op::Remove(e) => {
                v.retain(|x| x != e);
                shown(&(v.len() != before))
            }
            Op::Contains(e) => shown(&v.contains(e)),
            Op::Size => shown(&(before as i32)),
            Op::IsEmpty => shown(&v.is_empty()),
            Op::Clear => shown(&v.clear()),
            Op::HashCode => shown(&v.iter().fold(0i32, |h, e| h.wrapping_add(e.unwrap_or(0)))),
            Op::Clone => shown(&v.iter().copied().collect::<BTreeSet<_>>()),
            Op::Equals(c) => shown(&c.as_ref().is_some_and(|c| {
                c.iter().copied().collect::<BTreeSet<_>>() == v.iter().copied().collect()
            })),
            Op::RemoveAll(c) | Op::RetainAll(c) => {
                let c = arg(c)?;
                let keep_members = matches!(op, Op::RetainAll(_));
                v.retain(|e| c.contains(e) == keep_members);
                shown(&(v.len() != before))
            }
            Op::AddAll(c) => {
                for e in arg(c)? {
                    if !v.contains(&e) {
                        v.push(e);
                    }
                }
                shown(&(v.len() != before))
            }
            Op::ContainsAll(c) => shown(&arg(c)?.iter().all(|e| v.contains(e))),
        })
    }

    /// Runs `ops` on a set of the given kind and on the model, comparing every result and
    /// the elements (in insertion order for a `LinkedHashSet`, up to order otherwise).
    pub(crate) fn check_set_sequence(linked: bool, ops: &[Op]) -> std::result::Result<(), TestCaseError> {
        let mut set = build(linked, &[]);
        let mut model = vec![];
        for (step, op) in ops.iter().enumerate() {
            let got = run_port(&mut set, linked, op);
            let want = run_model(&mut model, op);
            prop_assert_eq!(&got, &want, "step {} {:?}", step, op);
            let elements = set.elements();
            if linked {
                prop_assert_eq!(&elements, &model);
            } else {
                let sorted = |v: &[Option<i32>]| v.iter().copied().collect::<BTreeSet<_>>();
                prop_assert_eq!(elements.len(), model.len());
                prop_assert_eq!(sorted(&elements), sorted(&model));
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn port_matches_a_set_model_on_random_operation_sequences(
            ops in prop::collection::vec(op(), 0..80),
        ) {
            check_set_sequence(false, &ops)?;
        }
    }

    #[test]
    fn paper_context_has_j_36() {
        // vps: int 2, boolean 2, String 2, HashSet 1; nc(m) over parameters, target, result:
        //   HashSet() 1   HashSet(HashSet) 1   HashSet(int) 2
        //   size() 2   isEmpty() 2   contains(Integer) 2·1·2 = 4   add 4   remove 4
        //   clear() 1   clone() 1   equals(HashSet) 1·1·2 = 2   hashCode() 2
        //   removeAll 2   addAll 2   retainAll 2   containsAll 2   toString() 2
        // j = 4 + (2+2+4+4+4) + (1+1+2+2) + (2+2+2+2+2) = 4 + 16 + 6 + 10 = 36
        let unit = SubjectUnit::<HashSet>::new();
        let context = TestContext::paper(&unit).unwrap();
        assert_eq!(context.methods().len(), 17);
        assert_eq!(context.j(), 36);
        let unit = crate::subject::registry().find("HashSet").unwrap();
        assert_eq!(unit.java_class(), "java.util.HashSet");
    }
}
