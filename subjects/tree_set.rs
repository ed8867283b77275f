//! `TreeSet`: a port of JDK 17's `java.util.TreeSet<Integer>` with natural ordering, on
//! the [`TreeMap`] port, as Java's is on `TreeMap` (every element maps to `PRESENT`).
//!
//! # What is ported
//! `TreeSet`'s own methods, delegating to the backing map as Java's do, including the
//! linear-time `addAll` fast path (an empty set receiving a non-empty `SortedSet` of the
//! same comparator is rebuilt by `TreeMap.addAllForTreeSet`, i.e. `buildFromSorted`),
//! which `TreeSet(SortedSet)` goes through; `clone` copies the map with
//! `new TreeMap(m)`. Of the inherited methods, `equals`, `hashCode` (`AbstractSet`) and
//! `containsAll`, `toString` (`AbstractCollection`) are the shared ones of
//! [`crate::subjects::abstract_collection`] over the set's iterator (the map's
//! `PrivateEntryIterator`); `removeAll` (`AbstractSet`: it iterates over the smaller
//! side), `retainAll` and `addAll`'s general path (`AbstractCollection`) are ported here,
//! with removal through the entry iterator's `remove()` (`TreeMap`'s
//! `remove_last_returned`, which the shared versions, flattening `it.remove()` to a
//! `remove(key)`, would not use).
//!
//! M_C, in the order of the Java source: `TreeSet()`, `TreeSet(TreeSet)` (Java's
//! `TreeSet(SortedSet)` overload, the one `new TreeSet(treeSet)` picks), `size`,
//! `isEmpty`, `contains`, `add`, `remove`, `clear`, `addAll`, `first`, `last`, `lower`,
//! `floor`, `ceiling`, `higher`, `pollFirst`, `pollLast`, `clone`, then the inherited
//! `equals`, `hashCode`, `removeAll`, `containsAll`, `retainAll`, `toString`.
//!
//! # What is left out, and why
//! * Views: `descendingSet`, `subSet`, `headSet`, `tailSet` are live views writing
//!   through to this set; an independent copy in the object pool would diverge after any
//!   later mutation, so they are not represented.
//! * `iterator`, `descendingIterator`, `spliterator`, `toArray`, `stream`, `forEach`,
//!   `removeIf`, `comparator`, `TreeSet(Comparator)`: iterators, arrays, lambdas and
//!   comparators are not types of interest; only natural ordering is ported.
//!   `TreeSet(Collection)`: with a `TreeSet` argument Java picks `TreeSet(SortedSet)`.
//! * `modCount` checks (see the `TreeMap` port) and exception messages.

use crate::subjects::abstract_collection::{self as ac, AbstractCollection, Iter};
use crate::subjects::tree_map::TreeMap;
use crate::subject::{JavaException, Method, Param, Return, Subject, Value};

type Result<T> = std::result::Result<T, JavaException>;

/// `TreeSet.PRESENT`: the value every element maps to (any non-null value).
const PRESENT: Option<i32> = Some(0);

/// `java.util.TreeSet<Integer>` with natural ordering, backed by a [`TreeMap`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TreeSet {
    m: TreeMap,
}

#[rustfmt::skip]
impl TreeSet {
    /// `new TreeSet()`.
    pub fn new() -> Self { TreeSet::default() }
    /// `new TreeSet(SortedSet s)`: `this(s.comparator()); addAll(s)`.
    pub fn from_sorted_set(s: Option<&TreeSet>) -> Result<Self> {
        let mut set = TreeSet::new();
        set.add_all(Some(s.ok_or(JavaException::NullPointer)?))?;
        Ok(set)
    }
    /// `isEmpty()`.
    pub fn is_empty(&self) -> bool { self.m.is_empty() }
    /// `add(E e)`: whether `e` was absent.
    pub fn add(&mut self, e: Option<i32>) -> Result<bool> { Ok(self.m.put(e, PRESENT)?.is_none()) }
    /// `remove(Object o)`: whether `o` was present.
    pub fn remove(&mut self, o: Option<i32>) -> Result<bool> { Ok(self.m.remove(o)? == PRESENT) }
    /// `clear()`.
    pub fn clear(&mut self) { self.m.clear() }
    /// `addAll(Collection c)`: the `buildFromSorted` fast path into an empty set, else
    /// `AbstractCollection.addAll`.
    pub fn add_all(&mut self, c: Option<&TreeSet>) -> Result<bool> {
        let c = c.ok_or(JavaException::NullPointer)?;
        if self.m.size() == 0 && c.size() > 0 {
            // c instanceof SortedSet, m instanceof TreeMap, equal (natural) comparators
            self.m.add_all_for_tree_set(c.size(), c.m.keys()?, PRESENT)?;
            return Ok(true);
        }
        c.m.keys()?.into_iter().try_fold(false, |modified, e| Ok(self.add(Some(e))? | modified))
    }
    /// `first()`: `NoSuchElementException` when empty.
    pub fn first(&self) -> Result<i32> { self.m.first_key() }
    /// `last()`: `NoSuchElementException` when empty.
    pub fn last(&self) -> Result<i32> { self.m.last_key() }
    /// `lower(E e)`.
    pub fn lower(&self, e: Option<i32>) -> Result<Option<i32>> { self.m.lower_key(e) }
    /// `floor(E e)`.
    pub fn floor(&self, e: Option<i32>) -> Result<Option<i32>> { self.m.floor_key(e) }
    /// `ceiling(E e)`.
    pub fn ceiling(&self, e: Option<i32>) -> Result<Option<i32>> { self.m.ceiling_key(e) }
    /// `higher(E e)`.
    pub fn higher(&self, e: Option<i32>) -> Result<Option<i32>> { self.m.higher_key(e) }
    /// `pollFirst()`: the removed first element, or `null` when empty.
    pub fn poll_first(&mut self) -> Result<Option<i32>> { Ok(self.m.poll_first_entry()?.map(|e| e.0)) }
    /// `pollLast()`: the removed last element, or `null` when empty.
    pub fn poll_last(&mut self) -> Result<Option<i32>> { Ok(self.m.poll_last_entry()?.map(|e| e.0)) }
    /// `clone()`: `clone.m = new TreeMap<>(m)`.
    pub fn clone_set(&self) -> Result<TreeSet> { Ok(TreeSet { m: TreeMap::from_sorted_map(Some(&self.m))? }) }
    /// `equals(Object o)` (`AbstractSet`): same size and `containsAll`; `null` is never equal.
    pub fn equals(&self, o: Option<&TreeSet>) -> Result<bool> { ac::set_equals(self, o) }
    /// `hashCode()` (`AbstractSet`): the sum of the elements, wrapping.
    pub fn hash_code(&self) -> Result<i32> { ac::set_hash_code(self) }
    /// `removeAll(Collection c)` (`AbstractSet`): removes `c`'s elements one by one if
    /// this set is larger, else removes through the iterator what `c` contains.
    pub fn remove_all(&mut self, c: Option<&TreeSet>) -> Result<bool> {
        let c = c.ok_or(JavaException::NullPointer)?;
        if self.size() > c.size() {
            return c.m.keys()?.into_iter().try_fold(false, |modified, e| Ok(modified | self.remove(Some(e))?));
        }
        self.remove_through_iterator(c, true)
    }
    /// `retainAll(Collection c)` (`AbstractCollection`): removes through the iterator
    /// what `c` does not contain.
    pub fn retain_all(&mut self, c: Option<&TreeSet>) -> Result<bool> {
        self.remove_through_iterator(c.ok_or(JavaException::NullPointer)?, false)
    }
    /// The iterator loop of `removeAll` and `retainAll`: `it.remove()` each element `e`
    /// with `c.contains(e) == contained`; whether any was removed.
    fn remove_through_iterator(&mut self, c: &TreeSet, contained: bool) -> Result<bool> {
        let mut modified = false;
        let mut it = self.m.iterator()?;
        while it.has_next() {
            if c.contains(Some(self.m.next_entry(&mut it)?.0))? == contained { self.m.remove_last_returned(&mut it)?; modified = true; }
        }
        Ok(modified)
    }
}

#[rustfmt::skip]
impl AbstractCollection for TreeSet {
    /// `size()`.
    fn size(&self) -> i32 { self.m.size() }
    /// `contains(Object o)`.
    fn contains(&self, o: Option<i32>) -> Result<bool> { self.m.contains_key(o) }
    /// `iterator()`: `m.navigableKeySet().iterator()`, a `PrivateEntryIterator` of the map.
    fn iterator(&self) -> Iter<'_> {
        match self.m.iterator() {
            Ok(mut it) => Box::new(std::iter::from_fn(move || it.has_next().then(|| Ok(Some(self.m.next_entry(&mut it)?.0))))),
            Err(thrown) => Box::new(std::iter::once(Err(thrown))),
        }
    }
}

/// A method's outcome as the harness stores it.
fn ok<T: Into<Value<TreeSet>>>(outcome: Result<T>) -> Result<Value<TreeSet>> {
    outcome.map(Into::into)
}

impl Subject for TreeSet {
    const CLASS: &'static str = "TreeSet";
    const JAVA_CLASS: &'static str = "java.util.TreeSet";

    fn methods() -> Vec<Method<Self>> {
        use Param::{Integer, Object};
        use Return as R;
        #[rustfmt::skip]
        let methods = vec![
            Method::constructor("TreeSet", &[], |_| Ok(TreeSet::new())),
            Method::constructor("TreeSet", &[Object], |a| TreeSet::from_sorted_set(a.object(0))),
            Method::instance("size", &[], R::Int, |s, _| ok(Ok(s.size()))),
            Method::instance("isEmpty", &[], R::Bool, |s, _| ok(Ok(s.is_empty()))),
            Method::instance("contains", &[Integer], R::Bool, |s, a| ok(s.contains(a.integer(0)))),
            Method::instance("add", &[Integer], R::Bool, |s, a| ok(s.add(a.integer(0)))),
            Method::instance("remove", &[Integer], R::Bool, |s, a| ok(s.remove(a.integer(0)))),
            Method::instance("clear", &[], R::Void, |s, _| { s.clear(); ok(Ok(())) }),
            Method::instance("addAll", &[Object], R::Bool, |s, a| ok(s.add_all(a.object(0)))),
            Method::instance("first", &[], R::Int, |s, _| ok(s.first())),
            Method::instance("last", &[], R::Int, |s, _| ok(s.last())),
            Method::instance("lower", &[Integer], R::Int, |s, a| ok(s.lower(a.integer(0)))),
            Method::instance("floor", &[Integer], R::Int, |s, a| ok(s.floor(a.integer(0)))),
            Method::instance("ceiling", &[Integer], R::Int, |s, a| ok(s.ceiling(a.integer(0)))),
            Method::instance("higher", &[Integer], R::Int, |s, a| ok(s.higher(a.integer(0)))),
            Method::instance("pollFirst", &[], R::Int, |s, _| ok(s.poll_first())),
            Method::instance("pollLast", &[], R::Int, |s, _| ok(s.poll_last())),
            Method::instance("clone", &[], R::Object, |s, _| ok(s.clone_set())),
            Method::instance("equals", &[Object], R::Bool, |s, a| ok(s.equals(a.object(0)))),
            Method::instance("hashCode", &[], R::Int, |s, _| ok(s.hash_code())),
            Method::instance("removeAll", &[Object], R::Bool, |s, a| ok(s.remove_all(a.object(0)))),
            Method::instance("containsAll", &[Object], R::Bool, |s, a| ok(s.contains_all(a.object(0)))),
            Method::instance("retainAll", &[Object], R::Bool, |s, a| ok(s.retain_all(a.object(0)))),
            Method::instance("toString", &[], R::Str, |s, _| ok(s.to_java_string_checked())),
        ];
        methods
    }

    fn to_java_string(&self) -> String {
        self.to_java_string_checked()
            .unwrap_or_else(|thrown| format!("<toString threw {thrown}>"))
    }
}

impl From<TreeSet> for Value<TreeSet> {
    /// A set result (`clone()`), stored in the object pool.
    fn from(set: TreeSet) -> Self {
        Value::Object(Some(set))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use super::super::tree_map::tests::{check_invariants, shape};
    use super::*;
    use crate::context::TestContext;
    use crate::subject::SubjectUnit;

    type E = JavaException;

    fn set_of(elements: &[i32]) -> TreeSet {
        let mut set = TreeSet::new();
        for &e in elements {
            set.add(Some(e)).unwrap();
        }
        set
    }

    fn rendered(set: &TreeSet) -> String {
        set.to_java_string_checked().unwrap()
    }

    // ---- Java semantics, as claims (pinned outputs come from JDK 17.0.15) ----

    #[test]
    fn copy_constructor_takes_the_build_from_sorted_fast_path() {
        let big = set_of(&(0..11).map(|i| i * 3).collect::<Vec<_>>());
        assert_eq!(
            shape(&big.m),
            "(((. 0B .) 3B (. 6B .)) 9B ((. 12B .) 15B ((. 18B .) 21R ((. 24R .) 27B (. 30R .)))))"
        );
        let copy = TreeSet::from_sorted_set(Some(&big)).unwrap();
        let balanced = "(((. 0B (. 3R .)) 6B (. 9B (. 12R .))) 15B ((. 18B (. 21R .)) 24B \
                        (. 27B (. 30R .))))";
        assert_eq!(shape(&copy.m), balanced);
        assert_eq!(shape(&big.clone_set().unwrap().m), balanced);
        check_invariants(&copy.m).unwrap();
        assert_eq!(TreeSet::from_sorted_set(None).err(), Some(E::NullPointer));
        assert_eq!(rendered(&TreeSet::from_sorted_set(Some(&TreeSet::new())).unwrap()), "[]");
    }

    #[test]
    fn retain_all_removes_through_the_iterator_like_java() {
        let mut set = TreeSet::from_sorted_set(Some(&set_of(&(0..11).map(|i| i * 3).collect::<Vec<_>>()))).unwrap();
        assert_eq!(set.retain_all(Some(&set_of(&[0, 6, 9, 12, 30]))), Ok(true));
        assert_eq!(shape(&set.m), "((. 0B .) 6B ((. 9B .) 12R (. 30B .)))");
        assert_eq!(set.retain_all(Some(&set_of(&[0, 6, 9, 12, 30]))), Ok(false));
        check_invariants(&set.m).unwrap();
    }

    #[test]
    fn remove_all_from_a_larger_set_removes_each_element_of_the_argument() {
        let mut set = TreeSet::from_sorted_set(Some(&set_of(&(0..11).map(|i| i * 3).collect::<Vec<_>>()))).unwrap();
        assert_eq!(set.remove_all(Some(&set_of(&[0, 6, 9, 12, 30]))), Ok(true));
        assert_eq!(shape(&set.m), "((. 3B .) 15B ((. 18B (. 21R .)) 24R (. 27B .)))");
        assert_eq!(rendered(&set), "[3, 15, 18, 21, 24, 27]");
        assert_eq!(set.hash_code(), Ok(108));
        // A set no larger than the argument is filtered through its own iterator.
        let mut small = set_of(&[1, 2, 3]);
        assert_eq!(small.remove_all(Some(&set_of(&[2, 3, 4]))), Ok(true));
        assert_eq!(rendered(&small), "[1]");
        assert_eq!(small.remove_all(Some(&set_of(&[7]))), Ok(false));
    }

    #[test]
    fn null_elements_and_null_collections_throw_like_java() {
        let mut set = TreeSet::new();
        assert_eq!(set.add(None), Err(E::NullPointer));
        assert_eq!(set.contains(None), Err(E::NullPointer));
        assert_eq!(set.remove(None), Err(E::NullPointer));
        assert_eq!(set.add_all(None), Err(E::NullPointer));
        assert_eq!(set.remove_all(None), Err(E::NullPointer));
        assert_eq!(set.retain_all(None), Err(E::NullPointer));
        assert_eq!(set.contains_all(None), Err(E::NullPointer));
        assert_eq!(set.ceiling(None), Ok(None), "an empty set compares nothing");
        set.add(Some(1)).unwrap();
        assert_eq!(set.ceiling(None), Err(E::NullPointer));
        assert_eq!(set.equals(None), Ok(false));
    }

    #[test]
    fn first_last_and_polls_on_an_empty_set() {
        let mut set = TreeSet::new();
        assert_eq!(set.first(), Err(E::NoSuchElement));
        assert_eq!(set.last(), Err(E::NoSuchElement));
        assert_eq!((set.poll_first(), set.poll_last()), (Ok(None), Ok(None)));
        let mut set = set_of(&[5, -1, 9]);
        assert_eq!((set.first(), set.last()), (Ok(-1), Ok(9)));
        assert_eq!((set.poll_first(), set.poll_last()), (Ok(Some(-1)), Ok(Some(9))));
        assert_eq!(rendered(&set), "[5]");
    }

    #[test]
    fn add_and_remove_report_changes_and_navigation_finds_neighbours() {
        let mut set = set_of(&[10, 20]);
        assert_eq!(set.add(Some(10)), Ok(false));
        assert_eq!(set.add(Some(15)), Ok(true));
        assert_eq!(set.lower(Some(15)), Ok(Some(10)));
        assert_eq!(set.floor(Some(15)), Ok(Some(15)));
        assert_eq!(set.higher(Some(15)), Ok(Some(20)));
        assert_eq!(set.ceiling(Some(21)), Ok(None));
        assert_eq!(set.remove(Some(15)), Ok(true));
        assert_eq!(set.remove(Some(15)), Ok(false));
        assert_eq!((set.size(), set.is_empty()), (2, false));
        set.clear();
        assert!(set.is_empty());
    }

    #[test]
    fn add_all_into_a_non_empty_set_adds_one_by_one() {
        let mut set = set_of(&[1]);
        assert_eq!(set.add_all(Some(&set_of(&[1]))), Ok(false));
        assert_eq!(set.add_all(Some(&set_of(&[0, 1, 2]))), Ok(true));
        assert_eq!(rendered(&set), "[0, 1, 2]");
        let mut empty = TreeSet::new();
        assert_eq!(empty.add_all(Some(&TreeSet::new())), Ok(false));
        assert_eq!(empty.add_all(Some(&set_of(&[3, 1, 2, 4]))), Ok(true));
        assert_eq!(shape(&empty.m), "((. 1B .) 2B (. 3B (. 4R .)))");
    }

    #[test]
    fn equals_hash_code_and_to_string_follow_abstract_set() {
        let a = set_of(&[i32::MAX, 1, -7]);
        assert_eq!(rendered(&a), "[-7, 1, 2147483647]");
        assert_eq!(a.hash_code(), Ok(i32::MAX.wrapping_add(1 - 7)));
        assert_eq!(a.equals(Some(&a.clone_set().unwrap())), Ok(true));
        assert_eq!(a.equals(Some(&set_of(&[1, -7]))), Ok(false));
        assert_eq!(a.equals(Some(&set_of(&[1, -7, 0]))), Ok(false));
        assert_eq!(TreeSet::new().to_java_string(), "[]");
        assert_eq!(TreeSet::new().hash_code(), Ok(0));
    }

    // ---- differential: the port against a model built on BTreeSet ----

    type Elements = Option<Vec<i32>>;

    #[derive(Clone, Debug)]
    enum Op {
        Add(Option<i32>),
        Remove(Option<i32>),
        Contains(Option<i32>),
        Size,
        IsEmpty,
        Clear,
        First,
        Last,
        Lower(Option<i32>),
        Floor(Option<i32>),
        Ceiling(Option<i32>),
        Higher(Option<i32>),
        PollFirst,
        PollLast,
        Clone,
        Copy,
        AddAll(Elements),
        RemoveAll(Elements),
        RetainAll(Elements),
        ContainsAll(Elements),
        Equals(Elements),
        HashCode,
        ToString,
    }

    fn element() -> impl Strategy<Value = Option<i32>> {
        prop_oneof![1 => Just(None), 12 => (-2..40).prop_map(Some), 1 => any::<i32>().prop_map(Some)]
    }

    fn elements() -> impl Strategy<Value = Elements> {
        prop::option::weighted(0.9, prop::collection::vec(-2..40, 0..20))
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            10 => element().prop_map(Op::Add),
            6 => element().prop_map(Op::Remove),
            2 => element().prop_map(Op::Contains),
            1 => Just(Op::Size),
            1 => Just(Op::IsEmpty),
            1 => Just(Op::Clear),
            1 => Just(Op::First),
            1 => Just(Op::Last),
            1 => element().prop_map(Op::Lower),
            1 => element().prop_map(Op::Floor),
            1 => element().prop_map(Op::Ceiling),
            1 => element().prop_map(Op::Higher),
            1 => Just(Op::PollFirst),
            1 => Just(Op::PollLast),
            1 => Just(Op::Clone),
            1 => Just(Op::Copy),
            2 => elements().prop_map(Op::AddAll),
            2 => elements().prop_map(Op::RemoveAll),
            2 => elements().prop_map(Op::RetainAll),
            1 => elements().prop_map(Op::ContainsAll),
            1 => elements().prop_map(Op::Equals),
            1 => Just(Op::HashCode),
            1 => Just(Op::ToString),
        ]
    }

    fn run_port(set: &mut TreeSet, op: &Op) -> std::result::Result<String, E> {
        let other = |c: &Elements| c.as_deref().map(set_of);
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        Ok(match op {
            Op::Add(e) => shown(&set.add(*e)?),
            Op::Remove(e) => shown(&set.remove(*e)?),
            Op::Contains(e) => shown(&set.contains(*e)?),
            Op::Size => shown(&set.size()),
            Op::IsEmpty => shown(&set.is_empty()),
            Op::Clear => shown(&set.clear()),
            Op::First => shown(&set.first()?),
            Op::Last => shown(&set.last()?),
            Op::Lower(e) => shown(&set.lower(*e)?),
            Op::Floor(e) => shown(&set.floor(*e)?),
            Op::Ceiling(e) => shown(&set.ceiling(*e)?),
            Op::Higher(e) => shown(&set.higher(*e)?),
            Op::PollFirst => shown(&set.poll_first()?),
            Op::PollLast => shown(&set.poll_last()?),
            Op::Clone => {
                let clone = set.clone_set()?;
                check_invariants(&clone.m).unwrap();
                clone.to_java_string_checked()?
            }
            Op::Copy => {
                *set = TreeSet::from_sorted_set(Some(set))?;
                shown(&())
            }
            Op::AddAll(c) => shown(&set.add_all(other(c).as_ref())?),
            Op::RemoveAll(c) => shown(&set.remove_all(other(c).as_ref())?),
            Op::RetainAll(c) => shown(&set.retain_all(other(c).as_ref())?),
            Op::ContainsAll(c) => shown(&set.contains_all(other(c).as_ref())?),
            Op::Equals(c) => shown(&set.equals(other(c).as_ref())?),
            Op::HashCode => shown(&set.hash_code()?),
            Op::ToString => set.to_java_string_checked()?,
        })
    }

    /// The model: Java's documented `NavigableSet` semantics over a `BTreeSet`.
    fn run_model(s: &mut BTreeSet<i32>, op: &Op) -> std::result::Result<String, E> {
        use std::ops::Bound::{Excluded, Unbounded};
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        let nn = |e: &Option<i32>| e.ok_or(E::NullPointer);
        // Navigation compares only when there is an element to compare with.
        let nav = |s: &BTreeSet<i32>, e: &Option<i32>| {
            if s.is_empty() { Ok(None) } else { nn(e).map(Some) }
        };
        let collection = |c: &Elements| -> std::result::Result<BTreeSet<i32>, E> {
            Ok(c.as_ref().ok_or(E::NullPointer)?.iter().copied().collect())
        };
        let render = |s: &BTreeSet<i32>| {
            let items: Vec<String> = s.iter().map(i32::to_string).collect();
            format!("[{}]", items.join(", "))
        };
        Ok(match op {
            Op::Add(e) => shown(&s.insert(nn(e)?)),
            Op::Remove(e) => shown(&s.remove(&nn(e)?)),
            Op::Contains(e) => shown(&s.contains(&nn(e)?)),
            Op::Size => shown(&(s.len() as i32)),
            Op::IsEmpty => shown(&s.is_empty()),
            Op::Clear => shown(&s.clear()),
            Op::First => shown(s.first().ok_or(E::NoSuchElement)?),
            Op::Last => shown(s.last().ok_or(E::NoSuchElement)?),
            Op::Lower(e) => shown(&nav(s, e)?.and_then(|e| s.range(..e).next_back().copied())),
            Op::Floor(e) => shown(&nav(s, e)?.and_then(|e| s.range(..=e).next_back().copied())),
            Op::Ceiling(e) => shown(&nav(s, e)?.and_then(|e| s.range(e..).next().copied())),
            Op::Higher(e) => shown(
                &nav(s, e)?.and_then(|e| s.range((Excluded(e), Unbounded)).next().copied()),
            ),
            Op::PollFirst => shown(&s.pop_first()),
            Op::PollLast => shown(&s.pop_last()),
            Op::Clone | Op::ToString => render(s),
            Op::Copy => shown(&()),
            Op::AddAll(c) => {
                let before = s.len();
                s.extend(collection(c)?);
                shown(&(s.len() != before))
            }
            Op::RemoveAll(c) | Op::RetainAll(c) => {
                let c = collection(c)?;
                let keep_members = matches!(op, Op::RetainAll(_));
                let before = s.len();
                s.retain(|e| c.contains(e) == keep_members);
                shown(&(s.len() != before))
            }
            Op::ContainsAll(c) => shown(&collection(c)?.is_subset(s)),
            Op::Equals(c) => shown(&(c.is_some() && collection(c)? == *s)),
            Op::HashCode => shown(&s.iter().fold(0i32, |h, e| h.wrapping_add(*e))),
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn port_matches_a_btree_set_model_and_stays_a_red_black_tree(
            initial in prop::collection::vec(-2..40, 0..12),
            ops in prop::collection::vec(op(), 0..80),
        ) {
            let mut set = set_of(&initial);
            let mut model: BTreeSet<i32> = initial.iter().copied().collect();
            for (step, op) in ops.iter().enumerate() {
                let got = run_port(&mut set, op);
                let want = run_model(&mut model, op);
                prop_assert_eq!(&got, &want, "step {} {:?}", step, op);
                if let Err(broken) = check_invariants(&set.m) {
                    prop_assert!(false, "step {} {:?}: {}", step, op, broken);
                }
            }
        }
    }

    // ---- through the harness, in the paper's default context ----

    #[test]
    fn paper_context_has_j_58() {
        // vps: int 2, boolean 2, String 2, TreeSet 1. nc(m) = product over the slots
        // (parameters, then target, then result):
        //   TreeSet() 1   TreeSet(TreeSet) 1·1 = 1   size() 1·2 = 2   isEmpty() 2
        //   contains(Integer) 2·1·2 = 4   add(Integer) 4   remove(Integer) 4   clear() 1
        //   addAll(TreeSet) 1·1·2 = 2   first() 2   last() 2
        //   lower, floor, ceiling, higher(Integer) 4 each = 16   pollFirst() 2   pollLast() 2
        //   clone() 1·1 = 1   equals(TreeSet) 2   hashCode() 2   removeAll(TreeSet) 2
        //   containsAll(TreeSet) 2   retainAll(TreeSet) 2   toString() 1·2 = 2
        // j = 1+1+2+2+4+4+4+1+2+2+2+16+2+2+1+2+2+2+2+2+2 = 58
        let unit = SubjectUnit::<TreeSet>::new();
        let context = TestContext::paper(&unit).unwrap();
        assert_eq!(context.methods().len(), 24);
        assert_eq!(context.j(), 58);
    }

    #[test]
    fn registry_finds_both_tree_units() {
        let registry = crate::subject::registry();
        assert_eq!(registry.find("TreeSet").unwrap().java_class(), "java.util.TreeSet");
        assert_eq!(registry.find("TreeMap").unwrap().java_class(), "java.util.TreeMap");
    }
}
