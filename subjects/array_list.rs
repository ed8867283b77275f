//! `ArrayList`: a port of JDK 17's `java.util.ArrayList<Integer>`, the first subject unit.
//!
//! # What is ported
//! Java's own algorithms over an explicit backing array `elementData` with a capacity of
//! its own: `DEFAULT_CAPACITY = 10`, the two empty-array sentinels (`EMPTY_ELEMENTDATA`
//! and `DEFAULTCAPACITY_EMPTY_ELEMENTDATA`, which only differ in how the first `grow`
//! sizes the array), `grow` through `ArraysSupport.newLength`/`hugeLength`, `modCount`,
//! `ensureCapacity`, `trimToSize`, `rangeCheckForAdd`, `fastRemove`, and the iterator
//! `Itr.next()`. What Java keeps outside `ArrayList.java` is shared: the array,
//! `System.arraycopy`, `Arrays.copyOf`, `ArraysSupport` and `Objects.checkIndex` in
//! [`crate::subjects::java_array`]; the inherited methods in [`crate::subjects::abstract_collection`]; the
//! method table (the wrapper class) in [`crate::subjects::declarations`].
//! M_C holds every public method whose parameter and return types are `int`, `Integer`,
//! `boolean`, `String` or `ArrayList`, in the order of the Java source:
//! the three constructors, `trimToSize`, `ensureCapacity`, `size`, `isEmpty`,
//! `contains`, `indexOf`, `lastIndexOf`, `clone`, `get`, `set`, `add(E)`, `add(int,E)`,
//! `remove(int)`, `remove(Object)`, `equals`, `hashCode`, `clear`, `addAll(Collection)`,
//! `addAll(int,Collection)`, `removeAll`, `retainAll`, `containsAll`, `toString`.
//! `Object` parameters are `Integer` (the paper's wrapper classes instantiate the type
//! parameter to `Integer`); `Collection`/`Object` parameters of `equals`, `addAll`, … are
//! `ArrayList`s from the object pool.
//!
//! # Inherited methods, as in JDK 1.5
//! `equals` and `hashCode` are [`AbstractList`]'s (a walk of both iterators; `31 * h + e`
//! over the iterator), `removeAll` and `retainAll` are `AbstractCollection`'s
//! (`Objects.requireNonNull(c)`, then `it.remove()`, i.e. `remove(int)`, of every element
//! that `c` contains, or does not), and `containsAll` and `toString` are
//! [`AbstractCollection`]'s. This is the structure of JDK 1.5's `ArrayList.java`, which the
//! paper's SLOC counts and which inherited all six. JDK 17 overrides `equals`
//! (`equalsRange`, `equalsArrayList`), `hashCode` (`hashCodeRange`) and `removeAll`/
//! `retainAll` (`batchRemove`, `shiftTailOverGap`) with faster versions whose observable
//! results are the same for M_C: they differ only in their `modCount` checks, which
//! cannot fire without iterators or views in M_C and with object-pool arguments that are
//! snapshots, and in how `batchRemove` compacts the array, which leaves the same elements,
//! size and capacity. Those overrides are omitted.
//!
//! # What is left out, and why
//! * `iterator`, `listIterator`, `spliterator`, `stream`, `toArray`, `forEach`,
//!   `removeIf`, `replaceAll`, `sort`: their parameter or return types (iterators,
//!   arrays, lambdas, comparators) are not types of interest.
//! * `subList`: a view sharing the parent's array and `modCount` cannot be stored in the
//!   object pool faithfully (pool values are independent instances), so `removeRange`,
//!   which only `subList(..).clear()` reaches, is left out too (it is `protected`).
//! * JDK 17's overrides of `equals`, `hashCode`, `removeAll` and `retainAll` (and their
//!   helpers `equalsRange`, `equalsArrayList`, `checkForComodification`,
//!   `hashCodeRange`, `batchRemove`, `shiftTailOverGap`): the inherited versions are
//!   ported instead, as JDK 1.5 had them (see above).
//! * Exception messages (`"Index: 5, Size: 0"`, …): [`JavaException`] carries the class
//!   only, as the paper's oracle compares only the number of exceptions. The Java message
//!   is noted in a comment at each throw site.
//! * Iterators that `toString`, `containsAll`, `equals` and `hashCode` use are flattened
//!   to index loops, with the same `ConcurrentModificationException` checks against the
//!   array length.
//!
//! # Modelling decisions
//! * `Integer` elements are `Option<i32>` (`None` = `null`); Java `int` arithmetic that
//!   can overflow in the original (`hashCode`, capacity arithmetic) uses `wrapping_*`.
//! * The backing array ([`ElementData`]) is a length plus the slots written so far, so
//!   `new ArrayList(100_000_000)` or `ensureCapacity` costs no memory; arrays of
//!   [`HEAP_ARRAY_LIMIT`](crate::subjects::java_array::HEAP_ARRAY_LIMIT) or more slots throw
//!   `OutOfMemoryError`, and reading or writing outside the array throws
//!   `IndexOutOfBoundsException` (only in mutants, exactly where the mutated Java would
//!   throw); see [`crate::subjects::java_array`].
//! * Object-pool arguments are snapshots, as `c.toArray()` is in Java; `o == this` in
//!   `equals` is therefore never true, which gives the same answer (a list equals itself).

use crate::subjects::abstract_collection::{AbstractCollection, AbstractList, Iter};
use crate::subjects::java_array::{ElementData, Result, check_index, new_length};
use crate::subject::JavaException;
use crate::subject::{Method, Param, Return, Subject, Value};
use crate::subjects::declarations::ok;

/// `ArrayList.DEFAULT_CAPACITY`: the capacity of the first array of a list built by
/// `new ArrayList()`.
pub const DEFAULT_CAPACITY: i32 = 10;

/// `java.util.ArrayList<Integer>`: a resizable array of nullable `Integer`s.
///
/// The Rust methods are Java's, in snake case; overloads get distinct names
/// (`add`/`add_at`, `remove`/`remove_at`, `add_all`/`add_all_at`). Every method that
/// reads the backing array returns a `Result`, because a mutant of it may throw.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ArrayList {
    element_data: ElementData,
    size: i32,
    mod_count: i32,
}

impl Default for ArrayList {
    fn default() -> Self {
        Self::new()
    }
}

impl ArrayList {
    /// `new ArrayList()`: empty, with the default-capacity sentinel array.
    pub fn new() -> Self {
        ArrayList {
            element_data: ElementData::DEFAULTCAPACITY_EMPTY_ELEMENTDATA,
            size: 0,
            mod_count: 0,
        }
    }

    /// `new ArrayList(int initialCapacity)`; a negative capacity throws
    /// `IllegalArgumentException`.
    pub fn with_capacity(initial_capacity: i32) -> Result<Self> {
        let element_data = match initial_capacity {
            1.. => ElementData::new_array(initial_capacity)?,
            0 => ElementData::EMPTY_ELEMENTDATA,
            _ => return Err(JavaException::IllegalArgument), // "Illegal Capacity: " + initialCapacity
        };
        Ok(ArrayList { element_data, ..Self::new() })
    }

    /// `new ArrayList(Collection c)`; `null` throws `NullPointerException`.
    pub fn from_collection(c: Option<&ArrayList>) -> Result<Self> {
        let a = c.ok_or(JavaException::NullPointer)?.to_array()?;
        let mut list = Self::new();
        list.size = a.len() as i32;
        if list.size != 0 {
            list.element_data = ElementData::new_array(list.size)?;
            list.element_data.write(0, &a)?;
        } else {
            list.element_data = ElementData::EMPTY_ELEMENTDATA;
        }
        Ok(list)
    }

    /// `c.toArray()`: `Arrays.copyOf(elementData, size)`.
    fn to_array(&self) -> Result<Vec<Option<i32>>> {
        let copy = self.element_data.copy_of(self.size)?;
        copy.read(0, copy.length)
    }

    /// The length of `elementData` (not Java API: for tests and pool rendering).
    pub fn capacity(&self) -> i32 {
        self.element_data.length
    }

    /// `trimToSize()`: shrinks the array to `size` slots.
    pub fn trim_to_size(&mut self) -> Result<()> {
        self.mod_count = self.mod_count.wrapping_add(1);
        if self.size < self.element_data.length {
            self.element_data = if self.size == 0 {
                ElementData::EMPTY_ELEMENTDATA
            } else {
                self.element_data.copy_of(self.size)?
            };
        }
        Ok(())
    }

    /// `ensureCapacity(int minCapacity)`.
    pub fn ensure_capacity(&mut self, min_capacity: i32) -> Result<()> {
        if min_capacity > self.element_data.length
            && !(self.element_data.default_capacity_empty && min_capacity <= DEFAULT_CAPACITY)
        {
            self.mod_count = self.mod_count.wrapping_add(1);
            self.grow(min_capacity)?;
        }
        Ok(())
    }

    /// `grow(int minCapacity)`: by half the old capacity, at least to `minCapacity`.
    fn grow(&mut self, min_capacity: i32) -> Result<()> {
        let old_capacity = self.element_data.length;
        if old_capacity > 0 || !self.element_data.default_capacity_empty {
            let new_capacity = new_length(
                old_capacity,
                min_capacity.wrapping_sub(old_capacity), // minimum growth
                old_capacity >> 1,                       // preferred growth
            )?;
            self.element_data = self.element_data.copy_of(new_capacity)?;
        } else {
            self.element_data = ElementData::new_array(DEFAULT_CAPACITY.max(min_capacity))?;
        }
        Ok(())
    }

    /// `grow()`: room for one more element.
    fn grow_one(&mut self) -> Result<()> {
        self.grow(self.size.wrapping_add(1))
    }

    /// `isEmpty()`.
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// `indexOf(Object o)`: the first index holding `o`, or -1.
    pub fn index_of(&self, o: Option<i32>) -> Result<i32> {
        self.index_of_range(o, 0, self.size)
    }

    /// `indexOfRange(Object o, int start, int end)`.
    fn index_of_range(&self, o: Option<i32>, start: i32, end: i32) -> Result<i32> {
        let es = &self.element_data;
        for i in start..end {
            if es.get(i)? == o {
                return Ok(i);
            }
        }
        Ok(-1)
    }

    /// `lastIndexOf(Object o)`: the last index holding `o`, or -1.
    pub fn last_index_of(&self, o: Option<i32>) -> Result<i32> {
        self.last_index_of_range(o, 0, self.size)
    }

    /// `lastIndexOfRange(Object o, int start, int end)`.
    fn last_index_of_range(&self, o: Option<i32>, start: i32, end: i32) -> Result<i32> {
        let es = &self.element_data;
        for i in (start..end).rev() {
            if es.get(i)? == o {
                return Ok(i);
            }
        }
        Ok(-1)
    }

    /// `clone()`: a shallow copy whose array has exactly `size` slots.
    pub fn clone_list(&self) -> Result<ArrayList> {
        let mut v = self.clone();
        v.element_data = self.element_data.copy_of(self.size)?;
        v.mod_count = 0;
        Ok(v)
    }

    /// `set(int index, E element)`: returns the element replaced.
    pub fn set(&mut self, index: i32, element: Option<i32>) -> Result<Option<i32>> {
        check_index(index, self.size)?;
        let old_value = self.element_data.get(index)?;
        self.element_data.set(index, element)?;
        Ok(old_value)
    }

    /// The private `add(E e, Object[] elementData, int s)` helper.
    fn append(&mut self, e: Option<i32>, s: i32) -> Result<()> {
        if s == self.element_data.length {
            self.grow_one()?;
        }
        self.element_data.set(s, e)?;
        self.size = s + 1;
        Ok(())
    }

    /// `add(E e)`: appends; always `true`.
    pub fn add(&mut self, e: Option<i32>) -> Result<bool> {
        self.mod_count = self.mod_count.wrapping_add(1);
        self.append(e, self.size)?;
        Ok(true)
    }

    /// `add(int index, E element)`: inserts, shifting later elements right.
    pub fn add_at(&mut self, index: i32, element: Option<i32>) -> Result<()> {
        self.range_check_for_add(index)?;
        self.mod_count = self.mod_count.wrapping_add(1);
        let s = self.size;
        if s == self.element_data.length {
            self.grow_one()?;
        }
        self.element_data.copy_within(index, index + 1, s - index)?;
        self.element_data.set(index, element)?;
        self.size = s + 1;
        Ok(())
    }

    /// `remove(Object o)`: removes the first occurrence of `o`; whether there was one.
    pub fn remove(&mut self, o: Option<i32>) -> Result<bool> {
        let size = self.size;
        let mut i = 0;
        while i < size {
            if self.element_data.get(i)? == o {
                self.fast_remove(i)?;
                return Ok(true);
            }
            i += 1;
        }
        Ok(false)
    }

    /// `fastRemove(Object[] es, int i)`: removes slot `i` without bounds checks.
    fn fast_remove(&mut self, i: i32) -> Result<()> {
        self.mod_count = self.mod_count.wrapping_add(1);
        let new_size = self.size - 1;
        if new_size > i {
            self.element_data.copy_within(i + 1, i, new_size - i)?;
        }
        self.size = new_size;
        self.element_data.set(new_size, None)
    }

    /// `clear()`: nulls every used slot; the capacity stays.
    pub fn clear(&mut self) -> Result<()> {
        self.mod_count = self.mod_count.wrapping_add(1);
        let to = self.size;
        self.size = 0;
        for i in 0..to {
            self.element_data.set(i, None)?;
        }
        Ok(())
    }

    /// `addAll(Collection c)`: appends `c`'s elements; whether any were added.
    pub fn add_all(&mut self, c: Option<&ArrayList>) -> Result<bool> {
        let a = c.ok_or(JavaException::NullPointer)?.to_array()?;
        self.mod_count = self.mod_count.wrapping_add(1);
        let num_new = a.len() as i32;
        if num_new == 0 {
            return Ok(false);
        }
        let s = self.size;
        if num_new > self.element_data.length - s {
            self.grow(s.wrapping_add(num_new))?;
        }
        self.element_data.write(s, &a)?;
        self.size = s.wrapping_add(num_new);
        Ok(true)
    }

    /// `addAll(int index, Collection c)`: inserts `c`'s elements at `index`.
    pub fn add_all_at(&mut self, index: i32, c: Option<&ArrayList>) -> Result<bool> {
        self.range_check_for_add(index)?;
        let a = c.ok_or(JavaException::NullPointer)?.to_array()?;
        self.mod_count = self.mod_count.wrapping_add(1);
        let num_new = a.len() as i32;
        if num_new == 0 {
            return Ok(false);
        }
        let s = self.size;
        if num_new > self.element_data.length - s {
            self.grow(s.wrapping_add(num_new))?;
        }
        let num_moved = s - index;
        if num_moved > 0 {
            self.element_data
                .copy_within(index, index + num_new, num_moved)?;
        }
        self.element_data.write(index, &a)?;
        self.size = s.wrapping_add(num_new);
        Ok(true)
    }

    /// `rangeCheckForAdd(int index)`: an insertion index must lie in `[0, size]`.
    fn range_check_for_add(&self, index: i32) -> Result<()> {
        if index > self.size || index < 0 {
            // "Index: " + index + ", Size: " + size
            return Err(JavaException::IndexOutOfBounds);
        }
        Ok(())
    }

    /// The `i`-th `Itr.next()`: `ConcurrentModificationException` past the array.
    fn iterator_next(&self, i: i32) -> Result<Option<i32>> {
        if i >= self.element_data.length {
            return Err(JavaException::ConcurrentModification);
        }
        self.element_data.get(i)
    }
}

impl AbstractCollection for ArrayList {
    /// `size()`.
    fn size(&self) -> i32 {
        self.size
    }

    /// `contains(Object o)`.
    fn contains(&self, o: Option<i32>) -> Result<bool> {
        Ok(self.index_of(o)? >= 0)
    }

    /// `iterator()`: an `Itr`, whose `next()` is [`ArrayList::iterator_next`].
    fn iterator(&self) -> Iter<'_> {
        Box::new((0..self.size).map(|i| self.iterator_next(i)))
    }
}

impl AbstractList for ArrayList {
    /// `get(int index)`.
    fn get(&self, index: i32) -> Result<Option<i32>> {
        check_index(index, self.size)?;
        self.element_data.get(index)
    }

    /// `remove(int index)`: removes and returns the element at `index`.
    fn remove_at(&mut self, index: i32) -> Result<Option<i32>> {
        check_index(index, self.size)?;
        let old_value = self.element_data.get(index)?;
        self.fast_remove(index)?;
        Ok(old_value)
    }
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

#[cfg(test)]
mod tests {
    use std::process::Command;
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::context::TestContext;
    use crate::subjects::java_array::HEAP_ARRAY_LIMIT;
    use crate::subject::{Body, Harness, Session, Subject, SubjectUnit, Unit};

    type E = JavaException;

    fn list_of(elements: &[Option<i32>]) -> ArrayList {
        let mut list = ArrayList::new();
        for &e in elements {
            list.add(e).unwrap();
        }
        list
    }

    fn rendered(list: &ArrayList) -> String {
        list.to_java_string_checked().unwrap()
    }

    // ---- Java semantics, as claims ----

    #[test]
    fn new_list_is_empty_with_zero_capacity_until_first_add_allocates_ten() {
        let mut list = ArrayList::new();
        assert_eq!(
            (list.size(), list.capacity(), list.is_empty()),
            (0, 0, true)
        );
        list.add(Some(1)).unwrap();
        assert_eq!((list.size(), list.capacity()), (1, DEFAULT_CAPACITY));
    }

    #[test]
    fn capacity_grows_by_half_from_ten() {
        let mut list = ArrayList::new();
        let mut capacities = vec![];
        for i in 0..34 {
            list.add(Some(i)).unwrap();
            if capacities.last() != Some(&list.capacity()) {
                capacities.push(list.capacity());
            }
        }
        assert_eq!(capacities, [10, 15, 22, 33, 49]);
    }

    #[test]
    fn zero_initial_capacity_grows_one_at_a_time_then_by_half() {
        // EMPTY_ELEMENTDATA, unlike the default sentinel, grows by newLength(0, 1, 0).
        let mut list = ArrayList::with_capacity(0).unwrap();
        let mut capacities = vec![];
        for i in 0..7 {
            list.add(Some(i)).unwrap();
            capacities.push(list.capacity());
        }
        assert_eq!(capacities, [1, 2, 3, 4, 6, 6, 9]);
    }

    #[test]
    fn negative_initial_capacity_throws_illegal_argument() {
        assert_eq!(ArrayList::with_capacity(-1).err(), Some(E::IllegalArgument));
        assert_eq!(ArrayList::with_capacity(7).unwrap().capacity(), 7);
    }

    #[test]
    fn ensure_capacity_up_to_ten_is_ignored_on_a_default_list_but_not_on_an_empty_one() {
        let mut default = ArrayList::new();
        default.ensure_capacity(5).unwrap();
        assert_eq!(default.capacity(), 0);
        default.ensure_capacity(11).unwrap();
        assert_eq!(default.capacity(), 11);
        let mut empty = ArrayList::with_capacity(0).unwrap();
        empty.ensure_capacity(5).unwrap();
        assert_eq!(empty.capacity(), 5);
        empty.ensure_capacity(-3).unwrap();
        assert_eq!(empty.capacity(), 5);
        // grow(6) from 5 prefers 5 + 5/2 = 7.
        empty.ensure_capacity(6).unwrap();
        assert_eq!(empty.capacity(), 7);
    }

    #[test]
    fn huge_capacity_requests_throw_out_of_memory_without_allocating_or_changing_the_list() {
        let mut list = list_of(&[Some(1), Some(2)]);
        assert_eq!(list.ensure_capacity(i32::MAX), Err(E::OutOfMemory));
        assert_eq!(list.ensure_capacity(HEAP_ARRAY_LIMIT), Err(E::OutOfMemory));
        assert_eq!((rendered(&list), list.capacity()), ("[1, 2]".into(), 10));
        assert_eq!(
            ArrayList::with_capacity(i32::MAX).err(),
            Some(E::OutOfMemory)
        );
        // Below the limit the capacity is only a number: no memory is used.
        let mut big = ArrayList::with_capacity(HEAP_ARRAY_LIMIT - 1).unwrap();
        big.add(None).unwrap();
        assert_eq!(
            (big.capacity(), rendered(&big)),
            (HEAP_ARRAY_LIMIT - 1, "[null]".into())
        );
    }

    #[test]
    fn trim_to_size_shrinks_the_array_to_the_size() {
        let mut list = list_of(&[Some(1), Some(2), Some(3)]);
        list.trim_to_size().unwrap();
        assert_eq!(list.capacity(), 3);
        list.clear().unwrap();
        assert_eq!(list.capacity(), 3, "clear keeps the array");
        list.trim_to_size().unwrap();
        assert_eq!(list.capacity(), 0);
        list.add(Some(4)).unwrap();
        assert_eq!(
            list.capacity(),
            1,
            "trimmed to EMPTY_ELEMENTDATA, not the default"
        );
    }

    #[test]
    fn clone_and_copy_constructor_have_capacity_equal_to_size() {
        let list = list_of(&[Some(1), None]);
        let copy = list.clone_list().unwrap();
        assert_eq!((rendered(&copy), copy.capacity()), ("[1, null]".into(), 2));
        let built = ArrayList::from_collection(Some(&list)).unwrap();
        assert_eq!(
            (rendered(&built), built.capacity()),
            ("[1, null]".into(), 2)
        );
        let mut from_empty = ArrayList::from_collection(Some(&ArrayList::new())).unwrap();
        from_empty.add(Some(1)).unwrap();
        assert_eq!(from_empty.capacity(), 1);
        assert_eq!(ArrayList::from_collection(None).err(), Some(E::NullPointer));
    }

    #[test]
    fn add_at_size_plus_one_throws_index_out_of_bounds() {
        let mut list = list_of(&[Some(1), Some(2)]);
        assert_eq!(list.add_at(3, Some(9)), Err(E::IndexOutOfBounds));
        assert_eq!(list.add_at(-1, Some(9)), Err(E::IndexOutOfBounds));
        list.add_at(2, Some(3)).unwrap();
        list.add_at(0, Some(0)).unwrap();
        list.add_at(2, None).unwrap();
        assert_eq!(rendered(&list), "[0, 1, null, 2, 3]");
    }

    #[test]
    fn get_past_size_throws_even_within_capacity() {
        let mut list = ArrayList::with_capacity(10).unwrap();
        list.add(Some(5)).unwrap();
        assert_eq!(list.get(0), Ok(Some(5)));
        assert_eq!(list.get(1), Err(E::IndexOutOfBounds));
        assert_eq!(list.get(-1), Err(E::IndexOutOfBounds));
        assert_eq!(list.set(1, Some(6)), Err(E::IndexOutOfBounds));
        assert_eq!(list.remove_at(1), Err(E::IndexOutOfBounds));
    }

    #[test]
    fn set_returns_the_old_value_and_can_store_null() {
        let mut list = list_of(&[Some(1), Some(2)]);
        assert_eq!(list.set(1, None), Ok(Some(2)));
        assert_eq!(list.set(1, Some(7)), Ok(None));
        assert_eq!(rendered(&list), "[1, 7]");
    }

    #[test]
    fn remove_by_index_and_remove_by_value_are_distinct_overloads() {
        let mut list = list_of(&[Some(100), Some(0), Some(100), None]);
        assert_eq!(list.remove_at(0), Ok(Some(100)));
        assert_eq!(rendered(&list), "[0, 100, null]");
        assert_eq!(list.remove(Some(0)), Ok(true));
        assert_eq!(list.remove(Some(0)), Ok(false));
        assert_eq!(list.remove(None), Ok(true));
        assert_eq!(rendered(&list), "[100]");
    }

    #[test]
    fn index_of_and_last_index_of_find_null_and_values() {
        let list = list_of(&[None, Some(1), None, Some(1)]);
        assert_eq!(list.index_of(None), Ok(0));
        assert_eq!(list.last_index_of(None), Ok(2));
        assert_eq!(list.index_of(Some(1)), Ok(1));
        assert_eq!(list.last_index_of(Some(1)), Ok(3));
        assert_eq!(list.index_of(Some(2)), Ok(-1));
        assert_eq!(list.contains(Some(2)), Ok(false));
        assert_eq!(list.contains(None), Ok(true));
    }

    #[test]
    fn to_string_renders_nulls_like_java() {
        assert_eq!(rendered(&ArrayList::new()), "[]");
        assert_eq!(
            rendered(&list_of(&[Some(1), Some(2), None])),
            "[1, 2, null]"
        );
        assert_eq!(list_of(&[Some(-3)]).to_java_string(), "[-3]");
    }

    #[test]
    fn hash_code_is_javas_list_hash_with_wrapping_overflow() {
        assert_eq!(ArrayList::new().hash_code(), Ok(1));
        assert_eq!(list_of(&[None]).hash_code(), Ok(31));
        // Arrays.asList(1, 2, 3).hashCode() == 30817
        assert_eq!(list_of(&[Some(1), Some(2), Some(3)]).hash_code(), Ok(30817));
        // Arrays.asList(MAX_VALUE, MAX_VALUE).hashCode() == 929 (wraps twice)
        assert_eq!(list_of(&[Some(i32::MAX); 2]).hash_code(), Ok(929));
        assert_eq!(
            list_of(&[Some(100_000); 10]).hash_code(),
            Ok(-1_587_095_871)
        );
    }

    #[test]
    fn equals_compares_elements_not_capacity_and_null_is_never_equal() {
        let a = list_of(&[Some(1), None]);
        let mut b = ArrayList::with_capacity(50).unwrap();
        b.add(Some(1)).unwrap();
        b.add(None).unwrap();
        assert_eq!(a.equals(Some(&b)), Ok(true));
        assert_eq!(a.equals(Some(&a.clone())), Ok(true));
        assert_eq!(a.equals(None), Ok(false));
        assert_eq!(a.equals(Some(&list_of(&[Some(1)]))), Ok(false));
        assert_eq!(a.equals(Some(&list_of(&[Some(1), Some(0)]))), Ok(false));
    }

    #[test]
    fn add_all_appends_grows_to_fit_and_rejects_null() {
        let mut list = list_of(&[Some(1)]);
        assert_eq!(list.add_all(None), Err(E::NullPointer));
        assert_eq!(list.add_all(Some(&ArrayList::new())), Ok(false));
        let twenty = list_of(&[Some(2); 20]);
        assert_eq!(list.add_all(Some(&twenty)), Ok(true));
        // grow(21) from 10: newLength(10, 11, 5) = 21.
        assert_eq!((list.size(), list.capacity()), (21, 21));
        let mut fresh = ArrayList::new();
        fresh.add_all(Some(&list_of(&[Some(3); 15]))).unwrap();
        assert_eq!(fresh.capacity(), 15, "default sentinel: max(10, 15)");
        // x.addAll(x) sees a snapshot, as c.toArray() does in Java.
        let mut twice = list_of(&[Some(1), Some(2)]);
        let snapshot = twice.clone();
        twice.add_all(Some(&snapshot)).unwrap();
        assert_eq!(rendered(&twice), "[1, 2, 1, 2]");
    }

    #[test]
    fn add_all_at_checks_the_index_before_the_collection() {
        let mut list = list_of(&[Some(1), Some(2)]);
        assert_eq!(list.add_all_at(3, None), Err(E::IndexOutOfBounds));
        assert_eq!(
            list.add_all_at(-1, Some(&list.clone())),
            Err(E::IndexOutOfBounds)
        );
        assert_eq!(list.add_all_at(0, None), Err(E::NullPointer));
        assert_eq!(
            list.add_all_at(1, Some(&list_of(&[None, Some(9)]))),
            Ok(true)
        );
        assert_eq!(rendered(&list), "[1, null, 9, 2]");
        assert_eq!(list.add_all_at(4, Some(&list_of(&[Some(5)]))), Ok(true));
        assert_eq!(rendered(&list), "[1, null, 9, 2, 5]");
    }

    #[test]
    fn remove_all_and_retain_all_keep_order_and_reject_null_even_when_empty() {
        let c = list_of(&[Some(2), None]);
        let mut removed = list_of(&[Some(1), Some(2), Some(3), Some(2), None]);
        assert_eq!(removed.remove_all(Some(&c)), Ok(true));
        assert_eq!(rendered(&removed), "[1, 3]");
        assert_eq!(removed.remove_all(Some(&c)), Ok(false));
        let mut retained = list_of(&[Some(1), Some(2), Some(3), Some(2), None]);
        assert_eq!(retained.retain_all(Some(&c)), Ok(true));
        assert_eq!(rendered(&retained), "[2, 2, null]");
        assert_eq!(retained.retain_all(Some(&c)), Ok(false));
        assert_eq!(retained.capacity(), 10, "removal through the iterator keeps the array");
        assert_eq!(ArrayList::new().remove_all(None), Err(E::NullPointer));
        assert_eq!(ArrayList::new().retain_all(None), Err(E::NullPointer));
    }

    #[test]
    fn contains_all_of_null_throws_and_of_empty_is_true() {
        let list = list_of(&[Some(1), None]);
        assert_eq!(list.contains_all(None), Err(E::NullPointer));
        assert_eq!(list.contains_all(Some(&ArrayList::new())), Ok(true));
        assert_eq!(
            list.contains_all(Some(&list_of(&[None, Some(1)]))),
            Ok(true)
        );
        assert_eq!(list.contains_all(Some(&list_of(&[Some(2)]))), Ok(false));
    }

    #[test]
    fn clear_empties_the_list_but_keeps_the_capacity() {
        let mut list = list_of(&[Some(1); 11]);
        list.clear().unwrap();
        assert_eq!(
            (list.size(), list.capacity(), rendered(&list)),
            (0, 15, "[]".into())
        );
    }

    // ---- differential: the port against a model built on Vec<Option<i32>> ----

    /// One call of the Rust API; `Option<Vec<..>>` arguments are collections from the
    /// object pool (`None` = `null`).
    #[derive(Clone, Debug)]
    enum Op {
        Add(Option<i32>),
        AddAt(i32, Option<i32>),
        Set(i32, Option<i32>),
        Get(i32),
        RemoveAt(i32),
        Remove(Option<i32>),
        IndexOf(Option<i32>),
        LastIndexOf(Option<i32>),
        Contains(Option<i32>),
        Size,
        IsEmpty,
        Clear,
        HashCode,
        ToString,
        EnsureCapacity(i32),
        TrimToSize,
        Clone,
        AddAll(Option<Vec<Option<i32>>>),
        AddAllAt(i32, Option<Vec<Option<i32>>>),
        RemoveAll(Option<Vec<Option<i32>>>),
        RetainAll(Option<Vec<Option<i32>>>),
        ContainsAll(Option<Vec<Option<i32>>>),
        Equals(Option<Vec<Option<i32>>>),
    }

    fn element() -> impl Strategy<Value = Option<i32>> {
        prop_oneof![1 => Just(None), 4 => (-1..4).prop_map(Some), 1 => any::<i32>().prop_map(Some)]
    }

    fn collection() -> impl Strategy<Value = Option<Vec<Option<i32>>>> {
        prop::option::weighted(0.9, prop::collection::vec(element(), 0..6))
    }

    fn op() -> impl Strategy<Value = Op> {
        let index = -2..14i32;
        prop_oneof![
            6 => element().prop_map(Op::Add),
            3 => (index.clone(), element()).prop_map(|(i, e)| Op::AddAt(i, e)),
            2 => (index.clone(), element()).prop_map(|(i, e)| Op::Set(i, e)),
            2 => index.clone().prop_map(Op::Get),
            2 => index.clone().prop_map(Op::RemoveAt),
            2 => element().prop_map(Op::Remove),
            1 => element().prop_map(Op::IndexOf),
            1 => element().prop_map(Op::LastIndexOf),
            1 => element().prop_map(Op::Contains),
            1 => Just(Op::Size),
            1 => Just(Op::IsEmpty),
            1 => Just(Op::Clear),
            1 => Just(Op::HashCode),
            1 => Just(Op::ToString),
            1 => (-5..40i32).prop_map(Op::EnsureCapacity),
            1 => Just(Op::TrimToSize),
            1 => Just(Op::Clone),
            2 => collection().prop_map(Op::AddAll),
            2 => (index, collection()).prop_map(|(i, c)| Op::AddAllAt(i, c)),
            1 => collection().prop_map(Op::RemoveAll),
            1 => collection().prop_map(Op::RetainAll),
            1 => collection().prop_map(Op::ContainsAll),
            1 => collection().prop_map(Op::Equals),
        ]
    }

    /// Runs `op` on the port; results rendered with `{:?}` so they compare with the model's.
    fn run_port(list: &mut ArrayList, op: &Op) -> std::result::Result<String, E> {
        let other = |c: &Option<Vec<Option<i32>>>| c.as_deref().map(list_of);
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        Ok(match op {
            Op::Add(e) => shown(&list.add(*e)?),
            Op::AddAt(i, e) => shown(&list.add_at(*i, *e)?),
            Op::Set(i, e) => shown(&list.set(*i, *e)?),
            Op::Get(i) => shown(&list.get(*i)?),
            Op::RemoveAt(i) => shown(&list.remove_at(*i)?),
            Op::Remove(e) => shown(&list.remove(*e)?),
            Op::IndexOf(e) => shown(&list.index_of(*e)?),
            Op::LastIndexOf(e) => shown(&list.last_index_of(*e)?),
            Op::Contains(e) => shown(&list.contains(*e)?),
            Op::Size => shown(&list.size()),
            Op::IsEmpty => shown(&list.is_empty()),
            Op::Clear => shown(&list.clear()?),
            Op::HashCode => shown(&list.hash_code()?),
            Op::ToString => list.to_java_string_checked()?,
            Op::EnsureCapacity(n) => shown(&list.ensure_capacity(*n)?),
            Op::TrimToSize => shown(&list.trim_to_size()?),
            Op::Clone => list.clone_list()?.to_java_string_checked()?,
            Op::AddAll(c) => shown(&list.add_all(other(c).as_ref())?),
            Op::AddAllAt(i, c) => shown(&list.add_all_at(*i, other(c).as_ref())?),
            Op::RemoveAll(c) => shown(&list.remove_all(other(c).as_ref())?),
            Op::RetainAll(c) => shown(&list.retain_all(other(c).as_ref())?),
            Op::ContainsAll(c) => shown(&list.contains_all(other(c).as_ref())?),
            Op::Equals(c) => shown(&list.equals(other(c).as_ref())?),
        })
    }

    /// The model: Java's documented `List` semantics over a `Vec`.
    fn run_model(v: &mut Vec<Option<i32>>, op: &Op) -> std::result::Result<String, E> {
        let shown = |x: &dyn std::fmt::Debug| format!("{x:?}");
        let len = v.len() as i32;
        let element_index = |i: i32| {
            if (0..len).contains(&i) {
                Ok(i as usize)
            } else {
                Err(E::IndexOutOfBounds)
            }
        };
        let insert_index = |i: i32| {
            if (0..=len).contains(&i) {
                Ok(i as usize)
            } else {
                Err(E::IndexOutOfBounds)
            }
        };
        let render = |v: &[Option<i32>]| {
            let items: Vec<String> = v
                .iter()
                .map(|e| e.map_or("null".into(), |x| x.to_string()))
                .collect();
            format!("[{}]", items.join(", "))
        };
        let position = |v: &[Option<i32>], e| v.iter().position(|x| *x == e);
        Ok(match op {
            Op::Add(e) => {
                v.push(*e);
                shown(&true)
            }
            Op::AddAt(i, e) => {
                v.insert(insert_index(*i)?, *e);
                shown(&())
            }
            Op::Set(i, e) => shown(&std::mem::replace(&mut v[element_index(*i)?], *e)),
            Op::Get(i) => shown(&v[element_index(*i)?]),
            Op::RemoveAt(i) => shown(&v.remove(element_index(*i)?)),
            Op::Remove(e) => shown(&position(v, *e).map(|i| v.remove(i)).is_some()),
            Op::IndexOf(e) => shown(&position(v, *e).map_or(-1, |i| i as i32)),
            Op::LastIndexOf(e) => shown(&v.iter().rposition(|x| x == e).map_or(-1, |i| i as i32)),
            Op::Contains(e) => shown(&v.contains(e)),
            Op::Size => shown(&len),
            Op::IsEmpty => shown(&v.is_empty()),
            Op::Clear => shown(&v.clear()),
            Op::HashCode => shown(
                &v.iter()
                    .fold(1i32, |h, e| h.wrapping_mul(31).wrapping_add(e.unwrap_or(0))),
            ),
            Op::ToString | Op::Clone => render(v),
            Op::EnsureCapacity(_) | Op::TrimToSize => shown(&()),
            Op::AddAll(c) => {
                let c = c.as_ref().ok_or(E::NullPointer)?;
                v.extend(c);
                shown(&!c.is_empty())
            }
            Op::AddAllAt(i, c) => {
                let at = insert_index(*i)?;
                let c = c.as_ref().ok_or(E::NullPointer)?;
                v.splice(at..at, c.iter().copied());
                shown(&!c.is_empty())
            }
            Op::RemoveAll(c) | Op::RetainAll(c) => {
                let c = c.as_ref().ok_or(E::NullPointer)?;
                let keep_members = matches!(op, Op::RetainAll(_));
                let before = v.len();
                v.retain(|e| c.contains(e) == keep_members);
                shown(&(v.len() != before))
            }
            Op::ContainsAll(c) => shown(
                &c.as_ref()
                    .ok_or(E::NullPointer)?
                    .iter()
                    .all(|e| v.contains(e)),
            ),
            Op::Equals(c) => shown(&(c.as_ref() == Some(&*v))),
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn port_matches_a_vec_model_on_random_operation_sequences(
            initial in prop_oneof![
                Just(None),
                (-3..12i32).prop_map(|n| Some(Err(n))),
                prop::collection::vec(element(), 0..5).prop_map(|c| Some(Ok(c))),
            ],
            ops in prop::collection::vec(op(), 0..60),
        ) {
            let (mut list, mut model) = match initial {
                None => (ArrayList::new(), vec![]),
                Some(Err(capacity)) => match ArrayList::with_capacity(capacity) {
                    Ok(list) => (list, vec![]),
                    Err(thrown) => {
                        prop_assert!(capacity < 0 && thrown == E::IllegalArgument);
                        return Ok(());
                    }
                },
                Some(Ok(c)) => (ArrayList::from_collection(Some(&list_of(&c))).unwrap(), c),
            };
            for (step, op) in ops.iter().enumerate() {
                let got = run_port(&mut list, op);
                let want = run_model(&mut model, op);
                prop_assert_eq!(&got, &want, "step {} {:?}", step, op);
                prop_assert_eq!(rendered(&list), run_model(&mut model.clone(), &Op::ToString).unwrap());
                prop_assert!(list.capacity() >= list.size());
            }
        }
    }

    // ---- through the harness, in the paper's default context ----

    fn paper_context(unit: &dyn Unit) -> TestContext {
        TestContext::paper(unit).expect("the paper's context builds for ArrayList")
    }

    /// The method-call index of `signature` with the given slot values.
    fn call(context: &TestContext, signature: &str, slots: &[u32]) -> u32 {
        let position = context
            .methods()
            .iter()
            .position(|m| m.info.signature == signature)
            .unwrap_or_else(|| panic!("no method {signature}"));
        context.call_space().encode_call(position, slots).unwrap()
    }

    #[test]
    fn paper_context_has_j_71() {
        // vps: int 2, boolean 2, String 2, ArrayList 1. nc(m) = product over the slots
        // (parameters, then target, then result):
        //   ArrayList(int) 2·1 = 2        ArrayList() 1             ArrayList(ArrayList) 1·1 = 1
        //   trimToSize() 1                ensureCapacity(int) 2·1 = 2
        //   size() 1·2 = 2                isEmpty() 1·2 = 2
        //   contains(Integer) 2·1·2 = 4   indexOf(Integer) 4        lastIndexOf(Integer) 4
        //   clone() 1·1 = 1               get(int) 2·1·2 = 4        set(int,Integer) 2·2·1·2 = 8
        //   add(Integer) 2·1·2 = 4        add(int,Integer) 2·2·1 = 4
        //   remove(int) 2·1·2 = 4         remove(Integer) 2·1·2 = 4
        //   equals(ArrayList) 1·1·2 = 2   hashCode() 1·2 = 2        clear() 1
        //   addAll(ArrayList) 1·1·2 = 2   addAll(int,ArrayList) 2·1·1·2 = 4
        //   removeAll 2  retainAll 2  containsAll 2                 toString() 1·2 = 2
        // j = (2+1+1) + (1+2) + (2+2) + (4+4+4) + (1+4+8) + (4+4) + (4+4) + (2+2+1)
        //     + (2+4) + (2+2+2) + 2 = 4+3+4+12+13+8+8+5+6+6+2 = 71
        let unit = SubjectUnit::<ArrayList>::new();
        let context = paper_context(&unit);
        assert_eq!(context.methods().len(), 26);
        assert_eq!(context.j(), 71);
        let types: Vec<String> = context
            .types_of_interest()
            .iter()
            .map(|t| t.to_string())
            .collect();
        assert_eq!(types, ["int", "bool", "string", "object"]);
    }

    #[test]
    fn registry_finds_array_list() {
        let unit = crate::subject::registry().find("ArrayList").unwrap();
        assert_eq!(unit.java_class(), "java.util.ArrayList");
    }

    #[test]
    fn harness_throws_null_pointer_on_a_null_target() {
        let unit = SubjectUnit::<ArrayList>::new();
        let context = Arc::new(paper_context(&unit));
        let mut session = unit.session(context.clone());
        // object_vp[0] starts as null: int_vp[0] = object_vp[0].size();
        assert_eq!(
            session.step(call(&context, "size()", &[0, 0])),
            Err(E::NullPointer)
        );
        assert_eq!(session.primitives().ints, [Some(0), Some(100)]);
    }

    #[test]
    fn harness_get_on_an_empty_list_throws_index_out_of_bounds_and_add_stores_results() {
        let unit = SubjectUnit::<ArrayList>::new();
        let context = Arc::new(paper_context(&unit));
        let mut session = unit.session(context.clone());
        // object_vp[0] = new ArrayList();
        session.step(call(&context, "ArrayList()", &[0])).unwrap();
        // int_vp[1] = object_vp[0].get(int_vp[0]);  on [] → IndexOutOfBounds, int_vp kept
        assert_eq!(
            session.step(call(&context, "get(int)", &[0, 0, 1])),
            Err(E::IndexOutOfBounds)
        );
        assert_eq!(session.primitives().ints, [Some(0), Some(100)]);
        // bool_vp[0] = object_vp[0].add(int_vp[1]);  → [100], true
        session
            .step(call(&context, "add(Integer)", &[1, 0, 0]))
            .unwrap();
        assert_eq!(session.primitives().bools, [true, true]);
        // int_vp[0] = object_vp[0].get(int_vp[0]);  → 100
        session
            .step(call(&context, "get(int)", &[0, 0, 0]))
            .unwrap();
        assert_eq!(session.primitives().ints, [Some(100), Some(100)]);
        // string_vp[0] = object_vp[0].toString();
        session.step(call(&context, "toString()", &[0, 0])).unwrap();
        assert_eq!(session.primitives().strings[0].as_deref(), Some("[100]"));
        // int_vp[0] = object_vp[0].get(int_vp[0]);  get(100) → IndexOutOfBounds
        assert_eq!(
            session.step(call(&context, "get(int)", &[0, 0, 0])),
            Err(E::IndexOutOfBounds)
        );
        assert_eq!(session.render_pools()[3].1, ["[100]"]);
        session.reset();
        assert_eq!(session.render_pools()[3].1, ["null"]);
    }

    /// The child half of the panic test: a harness whose `size()` panics.
    fn step_a_panicking_size() -> std::result::Result<(), E> {
        let unit = SubjectUnit::<ArrayList>::new();
        let context = Arc::new(paper_context(&unit));
        let mut methods = ArrayList::methods();
        let size = methods.iter_mut().find(|m| m.name == "size").unwrap();
        size.body = Body::Instance(|_, _| panic!("size() exploded"));
        let mut harness = Harness::new(methods.into(), context.clone());
        harness.step(call(&context, "ArrayList()", &[0]))?;
        harness.step(call(&context, "size()", &[0, 1]))
    }

    #[test]
    fn panic_inside_a_method_is_recorded_as_panic_without_output() {
        const CHILD: &str = "TESTSPACE_ARRAY_LIST_PANIC_CHILD";
        if std::env::var_os(CHILD).is_some() {
            assert_eq!(step_a_panicking_size(), Err(E::Panic));
            return;
        }
        // Rerun this test alone in a child process with output uncaptured, and check
        // that the panic message never reached stderr.
        let path = module_path!().split_once("::").unwrap().1;
        let name = format!("{path}::panic_inside_a_method_is_recorded_as_panic_without_output");
        let output = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", &name, "--nocapture", "--test-threads=1"])
            .env(CHILD, "1")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "child failed:\n{stdout}\n{stderr}");
        assert!(stdout.contains("1 passed"), "child ran no test:\n{stdout}");
        assert!(!stderr.contains("exploded"), "panic was printed:\n{stderr}");
        assert!(!stdout.contains("exploded"), "panic was printed:\n{stdout}");
    }
}
