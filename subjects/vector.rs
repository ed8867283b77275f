//! `Vector`: a port of JDK 17's `java.util.Vector<Integer>`, and the base of `Stack`.
//!
//! # What is ported
//! Java's own algorithms over an explicit backing array `elementData` (the
//! [`ElementData`] of [`crate::subjects::java_array`], shared with `ArrayList`) with `elementCount`,
//! `capacityIncrement`: the four constructors (`Vector()` is
//! `Vector(10)`, `Vector(int)` is `Vector(int, 0)`), `grow` through
//! `ArraysSupport.newLength` with preferred growth `capacityIncrement > 0 ?
//! capacityIncrement : oldCapacity`, `setSize`, the legacy `…Element…` methods with their
//! own bounds checks (a negative index reaches the array and throws
//! `ArrayIndexOutOfBoundsException` there, as in Java), `bulkRemove` (`removeAll`,
//! `retainAll`), and the iterator `Itr.next()`. `equals`, `hashCode`, `toString` and
//! `containsAll`, which `Vector` overrides only as `synchronized` calls of `super`'s,
//! are the shared `AbstractList`/`AbstractCollection` ones of
//! [`crate::subjects::abstract_collection`].
//!
//! M_C, in the order of the Java source: `Vector(int,int)`, `Vector(int)`, `Vector()`,
//! `Vector(Vector)`, `trimToSize`, `ensureCapacity`, `setSize`, `capacity`, `size`,
//! `isEmpty`, `contains`, `indexOf(Object)`, `indexOf(Object,int)`,
//! `lastIndexOf(Object)`, `lastIndexOf(Object,int)`, `elementAt`, `firstElement`,
//! `lastElement`, `setElementAt`, `removeElementAt`, `insertElementAt`, `addElement`,
//! `removeElement`, `removeAllElements`, `clone`, `get`, `set`, `add(E)`,
//! `remove(Object)`, `add(int,E)`, `remove(int)`, `clear`, `containsAll`, `addAll`,
//! `removeAll`, `retainAll`, `addAll(int,Collection)`, `equals`, `hashCode`, `toString`.
//!
//! # `Stack` is a `Vector`
//! [`VectorOf<C>`] is the class body; the marker `C: `[`Class`] names the Java class and
//! declares its constructors and the methods it adds. [`Vector`] is
//! `VectorOf<VectorClass>`; `Stack` (in `stack.rs`) is `VectorOf<StackClass>`, so it has
//! every `Vector` method, and its M_C is its own methods followed by the inherited ones
//! ([`inherited_methods`]), as Java's `extends Vector` gives it.
//!
//! # What is left out, and why
//! * `copyInto(Object[])`, `toArray`, `elements()` (an `Enumeration`), `iterator`,
//!   `listIterator`, `spliterator`, `stream`, `forEach`, `removeIf`, `replaceAll`, `sort`:
//!   their parameter or return types are not types of interest.
//! * `subList` (and the protected `removeRange`): a view sharing its parent's array cannot
//!   live in the object pool as an independent value.
//! * Exception messages: [`JavaException`] carries the class only. Java's
//!   `ArrayIndexOutOfBoundsException` maps to `IndexOutOfBounds` (its superclass).
//! * Synchronization: single-threaded, so `synchronized` changes nothing.
//! * `modCount`: only iterators and views read it, and none is ported, so no call
//!   sequence could observe it (the `ConcurrentModificationException` checks of
//!   `bulkRemove` cannot fire without them).
//!
//! # Modelling decisions
//! As in the `ArrayList` port: `Integer` is `Option<i32>`, capacities cost no memory and
//! arrays of 2^28 slots or more throw `OutOfMemoryError`; object-pool arguments are
//! snapshots (`c.toArray()`), so `o == this` in `equals` is never true, with the same
//! answer.

use std::marker::PhantomData;

use crate::subjects::abstract_collection::{AbstractCollection, AbstractList, Iter};
use crate::subjects::java_array::{ElementData, new_length, non_null};
use crate::subject::{JavaException, Method, Param, Return, Subject, Value};

type Result<T> = std::result::Result<T, JavaException>;

/// The Java class a [`VectorOf`] is: `Vector` itself or a subclass (`Stack`).
pub trait Class: Clone + std::fmt::Debug + Send + Sync + 'static {
    /// The simple class name (`"Vector"`).
    const CLASS: &'static str;
    /// The Java class (`"java.util.Vector"`).
    const JAVA_CLASS: &'static str;
    /// The class's constructors and the methods it declares beyond `Vector`'s, in
    /// source order; M_C is these followed by [`inherited_methods`].
    fn own_methods() -> Vec<Method<VectorOf<Self>>>;
}

/// The body of `java.util.Vector<Integer>`, for the class `C` (`Vector` or `Stack`).
///
/// The Rust methods are Java's, in snake case; overloads get distinct names
/// (`index_of`/`index_of_from`, `add`/`add_at`, `remove`/`remove_at`, …).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VectorOf<C> {
    element_data: ElementData,
    element_count: i32,
    capacity_increment: i32,
    class: PhantomData<C>,
}

/// The marker of `java.util.Vector` itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VectorClass;

/// `java.util.Vector<Integer>`.
pub type Vector = VectorOf<VectorClass>;

impl<C> Default for VectorOf<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C> VectorOf<C> {
    /// `new Vector()`: `this(10)` (also what `new Stack()` runs).
    pub fn new() -> Self {
        Self::with_capacity(10).expect("10 is a valid capacity")
    }

    /// `new Vector(int initialCapacity)`: `this(initialCapacity, 0)`.
    pub fn with_capacity(initial_capacity: i32) -> Result<Self> {
        Self::with_capacity_and_increment(initial_capacity, 0)
    }

    /// `new Vector(int initialCapacity, int capacityIncrement)`; a negative capacity
    /// throws `IllegalArgumentException`.
    pub fn with_capacity_and_increment(initial_capacity: i32, increment: i32) -> Result<Self> {
        if initial_capacity < 0 {
            return Err(JavaException::IllegalArgument); // "Illegal Capacity: " + initialCapacity
        }
        Ok(VectorOf {
            element_data: ElementData::new_array(initial_capacity)?,
            element_count: 0,
            capacity_increment: increment,
            class: PhantomData,
        })
    }

    /// `new Vector(Collection c)`: an array of exactly `c.size()` slots.
    pub fn from_collection(c: Option<&Self>) -> Result<Self> {
        let a = c.ok_or(JavaException::NullPointer)?.to_array()?;
        let mut v = Self::with_capacity(a.len() as i32)?;
        v.element_data.write(0, &a)?;
        v.element_count = a.len() as i32;
        Ok(v)
    }

    /// `c.toArray()`: `Arrays.copyOf(elementData, elementCount)`.
    fn to_array(&self) -> Result<Vec<Option<i32>>> {
        self.element_data.read(0, self.element_count)
    }

    /// `trimToSize()`: shrinks the array to `elementCount` slots.
    pub fn trim_to_size(&mut self) -> Result<()> {
        if self.element_count < self.element_data.length {
            self.element_data = self.element_data.copy_of(self.element_count)?;
        }
        Ok(())
    }

    /// `ensureCapacity(int minCapacity)`: grows if `minCapacity` exceeds the capacity
    /// (Java's extra `minCapacity > 0` test only guards `modCount`).
    pub fn ensure_capacity(&mut self, min_capacity: i32) -> Result<()> {
        if min_capacity > self.element_data.length {
            self.grow(min_capacity)?;
        }
        Ok(())
    }

    /// `grow(int minCapacity)`: by `capacityIncrement` if positive, else doubling.
    fn grow(&mut self, min_capacity: i32) -> Result<()> {
        let old_capacity = self.element_data.length;
        let new_capacity = new_length(
            old_capacity,
            min_capacity.wrapping_sub(old_capacity), // minimum growth
            if self.capacity_increment > 0 { self.capacity_increment } else { old_capacity },
        )?;
        self.element_data = self.element_data.copy_of(new_capacity)?;
        Ok(())
    }

    /// `setSize(int newSize)`: grows, or nulls the slots from `newSize` on; a negative
    /// size writes `es[newSize]` and throws `ArrayIndexOutOfBoundsException`.
    pub fn set_size(&mut self, new_size: i32) -> Result<()> {
        if new_size > self.element_data.length {
            self.grow(new_size)?;
        }
        for i in new_size..self.element_count {
            self.element_data.set(i, None)?;
        }
        self.element_count = new_size;
        Ok(())
    }

    /// `capacity()`: the length of `elementData`.
    pub fn capacity(&self) -> i32 {
        self.element_data.length
    }

    /// `isEmpty()`.
    pub fn is_empty(&self) -> bool {
        self.element_count == 0
    }

    /// `indexOf(Object o)`: `indexOf(o, 0)`.
    pub fn index_of(&self, o: Option<i32>) -> Result<i32> {
        self.index_of_from(o, 0)
    }

    /// `indexOf(Object o, int index)`: the first index `>= index` holding `o`, or -1.
    pub fn index_of_from(&self, o: Option<i32>, index: i32) -> Result<i32> {
        for i in index..self.element_count {
            if self.element_data.get(i)? == o {
                return Ok(i);
            }
        }
        Ok(-1)
    }

    /// `lastIndexOf(Object o)`: `lastIndexOf(o, elementCount - 1)`.
    pub fn last_index_of(&self, o: Option<i32>) -> Result<i32> {
        self.last_index_of_from(o, self.element_count - 1)
    }

    /// `lastIndexOf(Object o, int index)`: the last index `<= index` holding `o`, or -1;
    /// `index >= size()` throws `IndexOutOfBoundsException`.
    pub fn last_index_of_from(&self, o: Option<i32>, index: i32) -> Result<i32> {
        if index >= self.element_count {
            return Err(JavaException::IndexOutOfBounds); // index + " >= " + elementCount
        }
        for i in (0..=index).rev() {
            if self.element_data.get(i)? == o {
                return Ok(i);
            }
        }
        Ok(-1)
    }

    /// `elementAt(int index)`.
    pub fn element_at(&self, index: i32) -> Result<Option<i32>> {
        self.check_below_count(index)?;
        self.element_data.get(index)
    }

    /// The `index >= elementCount` check of the legacy methods and `get`/`set`/`remove`
    /// (a negative index is left to the array access).
    fn check_below_count(&self, index: i32) -> Result<()> {
        if index >= self.element_count {
            return Err(JavaException::IndexOutOfBounds); // ArrayIndexOutOfBoundsException
        }
        Ok(())
    }

    /// `firstElement()`: `NoSuchElementException` when empty.
    pub fn first_element(&self) -> Result<Option<i32>> {
        if self.element_count == 0 {
            return Err(JavaException::NoSuchElement);
        }
        self.element_data.get(0)
    }

    /// `lastElement()`: `NoSuchElementException` when empty.
    pub fn last_element(&self) -> Result<Option<i32>> {
        if self.element_count == 0 {
            return Err(JavaException::NoSuchElement);
        }
        self.element_data.get(self.element_count - 1)
    }

    /// `setElementAt(E obj, int index)`.
    pub fn set_element_at(&mut self, obj: Option<i32>, index: i32) -> Result<()> {
        self.check_below_count(index)?;
        self.element_data.set(index, obj)
    }

    /// `removeElementAt(int index)`: shifts later elements left.
    pub fn remove_element_at(&mut self, index: i32) -> Result<()> {
        self.check_below_count(index)?;
        if index < 0 {
            return Err(JavaException::IndexOutOfBounds); // ArrayIndexOutOfBoundsException(index)
        }
        let j = self.element_count - index - 1;
        if j > 0 {
            self.element_data.copy_within(index + 1, index, j)?;
        }
        self.element_count -= 1;
        self.element_data.set(self.element_count, None)
    }

    /// `insertElementAt(E obj, int index)`: grows first, so a negative index throws
    /// only after a full array has grown.
    pub fn insert_element_at(&mut self, obj: Option<i32>, index: i32) -> Result<()> {
        if index > self.element_count {
            return Err(JavaException::IndexOutOfBounds); // index + " > " + elementCount
        }
        let s = self.element_count;
        if s == self.element_data.length {
            self.grow(s.wrapping_add(1))?;
        }
        self.element_data.copy_within(index, index + 1, s - index)?;
        self.element_data.set(index, obj)?;
        self.element_count = s + 1;
        Ok(())
    }

    /// `addElement(E obj)` (with the private `add(E, Object[], int)` helper inlined).
    pub fn add_element(&mut self, obj: Option<i32>) -> Result<()> {
        let s = self.element_count;
        if s == self.element_data.length {
            self.grow(s.wrapping_add(1))?;
        }
        self.element_data.set(s, obj)?;
        self.element_count = s + 1;
        Ok(())
    }

    /// `removeElement(Object obj)`: removes the first occurrence; whether there was one.
    pub fn remove_element(&mut self, obj: Option<i32>) -> Result<bool> {
        let i = self.index_of(obj)?;
        if i >= 0 {
            self.remove_element_at(i)?;
        }
        Ok(i >= 0)
    }

    /// `removeAllElements()`: nulls the used slots; the capacity stays.
    pub fn remove_all_elements(&mut self) -> Result<()> {
        let to = self.element_count;
        self.element_count = 0;
        for i in 0..to {
            self.element_data.set(i, None)?;
        }
        Ok(())
    }

    /// `clone()`: same class and `capacityIncrement`, an array of exactly `size()` slots.
    pub fn clone_vector(&self) -> Result<Self> {
        let element_data = self.element_data.copy_of(self.element_count)?;
        Ok(VectorOf { element_data, ..*self })
    }

    /// `set(int index, E element)`: returns the element replaced.
    pub fn set(&mut self, index: i32, element: Option<i32>) -> Result<Option<i32>> {
        self.check_below_count(index)?;
        let old_value = self.element_data.get(index)?;
        self.element_data.set(index, element)?;
        Ok(old_value)
    }

    /// `add(E e)`: appends; always `true`.
    pub fn add(&mut self, e: Option<i32>) -> Result<bool> {
        self.add_element(e).map(|()| true)
    }

    /// `remove(Object o)`: `removeElement(o)`.
    pub fn remove(&mut self, o: Option<i32>) -> Result<bool> {
        self.remove_element(o)
    }

    /// `add(int index, E element)`: `insertElementAt(element, index)`.
    pub fn add_at(&mut self, index: i32, element: Option<i32>) -> Result<()> {
        self.insert_element_at(element, index)
    }

    /// `clear()`: `removeAllElements()`.
    pub fn clear(&mut self) -> Result<()> {
        self.remove_all_elements()
    }

    /// `addAll(Collection c)`: appends `c`'s elements; whether any were added.
    pub fn add_all(&mut self, c: Option<&Self>) -> Result<bool> {
        let index = self.element_count;
        self.insert_all(index, c)
    }

    /// `addAll(int index, Collection c)`: an index outside `[0, size()]` throws
    /// `ArrayIndexOutOfBoundsException` before `c` is looked at.
    pub fn add_all_at(&mut self, index: i32, c: Option<&Self>) -> Result<bool> {
        if index < 0 || index > self.element_count {
            return Err(JavaException::IndexOutOfBounds); // ArrayIndexOutOfBoundsException
        }
        self.insert_all(index, c)
    }

    /// The body shared by both `addAll`s (for `addAll(c)`, `index == elementCount`
    /// and nothing moves).
    fn insert_all(&mut self, index: i32, c: Option<&Self>) -> Result<bool> {
        let a = c.ok_or(JavaException::NullPointer)?.to_array()?;
        let num_new = a.len() as i32;
        if num_new == 0 {
            return Ok(false);
        }
        let s = self.element_count;
        if num_new > self.element_data.length - s {
            self.grow(s.wrapping_add(num_new))?;
        }
        let num_moved = s - index;
        if num_moved > 0 {
            self.element_data.copy_within(index, index + num_new, num_moved)?;
        }
        self.element_data.write(index, &a)?;
        self.element_count = s.wrapping_add(num_new);
        Ok(true)
    }

    /// `bulkRemove(Predicate filter)` with `filter(e) = c.contains(e) != complement`:
    /// marks the doomed elements in a first pass (`deathRow`), then expunges them.
    fn bulk_remove(&mut self, c: &Self, complement: bool) -> Result<bool> {
        let filter = |e| Ok::<bool, JavaException>(c.contains(e)? != complement);
        let end = self.element_count;
        let mut i = 0;
        // Optimize for initial run of survivors
        while i < end && !filter(self.element_data.get(i)?)? {
            i += 1;
        }
        if i >= end {
            return Ok(false);
        }
        let beg = i;
        let mut death_row = vec![true];
        for i in beg + 1..end {
            death_row.push(filter(self.element_data.get(i)?)?);
        }
        let mut w = beg;
        for i in beg..end {
            if !death_row[(i - beg) as usize] {
                let e = self.element_data.get(i)?;
                self.element_data.set(w, e)?;
                w += 1;
            }
        }
        self.element_count = w;
        for i in w..end {
            self.element_data.set(i, None)?;
        }
        Ok(true)
    }
}

impl<C> AbstractCollection for VectorOf<C> {
    /// `size()`.
    fn size(&self) -> i32 {
        self.element_count
    }

    /// `contains(Object o)`: `indexOf(o, 0) >= 0`.
    fn contains(&self, o: Option<i32>) -> Result<bool> {
        Ok(self.index_of_from(o, 0)? >= 0)
    }

    /// `iterator()`: an `Itr`, whose `next()` reads `elementData(cursor)`.
    fn iterator(&self) -> Iter<'_> {
        Box::new((0..self.element_count).map(|i| self.element_data.get(i)))
    }
}

/// `Vector` declares `equals`, `hashCode`, `toString` and `containsAll` only as
/// `synchronized` calls of `super`'s, so they are the shared [`AbstractList`] and
/// [`AbstractCollection`] methods; `removeAll` and `retainAll` are `Vector`'s own.
impl<C> AbstractList for VectorOf<C> {
    /// `get(int index)`.
    fn get(&self, index: i32) -> Result<Option<i32>> {
        self.element_at(index)
    }

    /// `remove(int index)`: removes and returns the element at `index` (Java repeats
    /// `removeElementAt`'s steps after reading the old value).
    fn remove_at(&mut self, index: i32) -> Result<Option<i32>> {
        let old_value = self.element_at(index)?;
        self.remove_element_at(index)?;
        Ok(old_value)
    }

    /// `removeAll(Collection c)` (Vector's override): `bulkRemove(e -> c.contains(e))`.
    fn remove_all(&mut self, c: Option<&Self>) -> Result<bool> {
        self.bulk_remove(non_null(c)?, false)
    }

    /// `retainAll(Collection c)` (Vector's override): `bulkRemove(e -> !c.contains(e))`.
    fn retain_all(&mut self, c: Option<&Self>) -> Result<bool> {
        self.bulk_remove(non_null(c)?, true)
    }
}

/// A method's outcome as the harness stores it.
pub(crate) fn ok<S, T: Into<Value<S>>>(outcome: Result<T>) -> Result<Value<S>> {
    outcome.map(Into::into)
}

/// The instance methods `Vector` declares, in source order: M_C of `Vector` after its
/// constructors, and the inherited part of M_C of a subclass.
pub fn inherited_methods<C: Class>() -> Vec<Method<VectorOf<C>>> {
    use Param::{Int, Integer, Object};
    use Return as R;
    #[rustfmt::skip]
    let methods: Vec<Method<VectorOf<C>>> = vec![
        Method::instance("trimToSize", &[], R::Void, |v, _| ok(v.trim_to_size())),
        Method::instance("ensureCapacity", &[Int], R::Void, |v, a| ok(v.ensure_capacity(a.int(0)))),
        Method::instance("setSize", &[Int], R::Void, |v, a| ok(v.set_size(a.int(0)))),
        Method::instance("capacity", &[], R::Int, |v, _| ok(Ok(v.capacity()))),
        Method::instance("size", &[], R::Int, |v, _| ok(Ok(v.size()))),
        Method::instance("isEmpty", &[], R::Bool, |v, _| ok(Ok(v.is_empty()))),
        Method::instance("contains", &[Integer], R::Bool, |v, a| ok(v.contains(a.integer(0)))),
        Method::instance("indexOf", &[Integer], R::Int, |v, a| ok(v.index_of(a.integer(0)))),
        Method::instance("indexOf", &[Integer, Int], R::Int, |v, a| ok(v.index_of_from(a.integer(0), a.int(1)))),
        Method::instance("lastIndexOf", &[Integer], R::Int, |v, a| ok(v.last_index_of(a.integer(0)))),
        Method::instance("lastIndexOf", &[Integer, Int], R::Int, |v, a| ok(v.last_index_of_from(a.integer(0), a.int(1)))),
        Method::instance("elementAt", &[Int], R::Int, |v, a| ok(v.element_at(a.int(0)))),
        Method::instance("firstElement", &[], R::Int, |v, _| ok(v.first_element())),
        Method::instance("lastElement", &[], R::Int, |v, _| ok(v.last_element())),
        Method::instance("setElementAt", &[Integer, Int], R::Void, |v, a| ok(v.set_element_at(a.integer(0), a.int(1)))),
        Method::instance("removeElementAt", &[Int], R::Void, |v, a| ok(v.remove_element_at(a.int(0)))),
        Method::instance("insertElementAt", &[Integer, Int], R::Void, |v, a| ok(v.insert_element_at(a.integer(0), a.int(1)))),
        Method::instance("addElement", &[Integer], R::Void, |v, a| ok(v.add_element(a.integer(0)))),
        Method::instance("removeElement", &[Integer], R::Bool, |v, a| ok(v.remove_element(a.integer(0)))),
        Method::instance("removeAllElements", &[], R::Void, |v, _| ok(v.remove_all_elements())),
        Method::instance("clone", &[], R::Object, |v, _| ok(v.clone_vector())),
        Method::instance("get", &[Int], R::Int, |v, a| ok(v.get(a.int(0)))),
        Method::instance("set", &[Int, Integer], R::Int, |v, a| ok(v.set(a.int(0), a.integer(1)))),
        Method::instance("add", &[Integer], R::Bool, |v, a| ok(v.add(a.integer(0)))),
        Method::instance("remove", &[Integer], R::Bool, |v, a| ok(v.remove(a.integer(0)))),
        Method::instance("add", &[Int, Integer], R::Void, |v, a| ok(v.add_at(a.int(0), a.integer(1)))),
        Method::instance("remove", &[Int], R::Int, |v, a| ok(v.remove_at(a.int(0)))),
        Method::instance("clear", &[], R::Void, |v, _| ok(v.clear())),
        Method::instance("containsAll", &[Object], R::Bool, |v, a| ok(v.contains_all(a.object(0)))),
        Method::instance("addAll", &[Object], R::Bool, |v, a| ok(v.add_all(a.object(0)))),
        Method::instance("removeAll", &[Object], R::Bool, |v, a| ok(v.remove_all(a.object(0)))),
        Method::instance("retainAll", &[Object], R::Bool, |v, a| ok(v.retain_all(a.object(0)))),
        Method::instance("addAll", &[Int, Object], R::Bool, |v, a| ok(v.add_all_at(a.int(0), a.object(1)))),
        Method::instance("equals", &[Object], R::Bool, |v, a| ok(v.equals(a.object(0)))),
        Method::instance("hashCode", &[], R::Int, |v, _| ok(v.hash_code())),
        Method::instance("toString", &[], R::Str, |v, _| ok(v.to_java_string_checked())),
    ];
    methods
}

impl Class for VectorClass {
    const CLASS: &'static str = "Vector";
    const JAVA_CLASS: &'static str = "java.util.Vector";

    fn own_methods() -> Vec<Method<Vector>> {
        use Param::{Int, Object};
        #[rustfmt::skip]
        let methods = vec![
            Method::constructor("Vector", &[Int, Int], |a| Vector::with_capacity_and_increment(a.int(0), a.int(1))),
            Method::constructor("Vector", &[Int], |a| Vector::with_capacity(a.int(0))),
            Method::constructor("Vector", &[], |_| Ok(Vector::new())),
            Method::constructor("Vector", &[Object], |a| Vector::from_collection(a.object(0))),
        ];
        methods
    }
}

impl<C> From<VectorOf<C>> for Value<VectorOf<C>> {
    /// A vector result (`clone()`), stored in the object pool.
    fn from(v: VectorOf<C>) -> Self {
        Value::Object(Some(v))
    }
}

impl<C: Class> Subject for VectorOf<C> {
    const CLASS: &'static str = C::CLASS;
    const JAVA_CLASS: &'static str = C::JAVA_CLASS;

    fn methods() -> Vec<Method<Self>> {
        let mut methods = C::own_methods();
        methods.extend(inherited_methods());
        methods
    }

    fn to_java_string(&self) -> String {
        self.to_java_string_checked()
            .unwrap_or_else(|thrown| format!("<toString threw {thrown}>"))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::context::TestContext;
    use crate::subject::SubjectUnit;

    type E = JavaException;

    fn vector_of(elements: &[Option<i32>]) -> Vector {
        let mut v = Vector::new();
        for &e in elements {
            v.add(e).unwrap();
        }
        v
    }

    fn rendered(v: &Vector) -> String {
        v.to_java_string_checked().unwrap()
    }

    /// The capacity after each of `n` appends, without repeats.
    fn capacities(mut v: Vector, n: i32) -> Vec<i32> {
        let mut seen: Vec<i32> = vec![];
        for i in 0..n {
            v.add(Some(i)).unwrap();
            if seen.last() != Some(&v.capacity()) {
                seen.push(v.capacity());
            }
        }
        seen
    }

    // ---- Java semantics, as claims (JDK 17 outputs pinned where checked) ----

    #[test]
    fn default_vector_starts_at_ten_and_doubles() {
        // JDK 17: new Vector() after 45 adds went through capacities [10, 20, 40, 80].
        assert_eq!(Vector::new().capacity(), 10);
        assert_eq!(capacities(Vector::new(), 45), [10, 20, 40, 80]);
    }

    #[test]
    fn capacity_increment_grows_by_the_increment_and_non_positive_doubles() {
        // JDK 17: new Vector(3, 2) → [3, 5, 7, 9, 11]; new Vector(4, -3) with 5 → 8.
        let v = Vector::with_capacity_and_increment(3, 2).unwrap();
        assert_eq!(capacities(v, 10), [3, 5, 7, 9, 11]);
        let mut w = Vector::with_capacity_and_increment(4, -3).unwrap();
        for i in 0..5 {
            w.add(Some(i)).unwrap();
        }
        assert_eq!(w.capacity(), 8);
        // ... and clone keeps the increment but trims the array: 5 slots.
        let mut copy = w.clone_vector().unwrap();
        assert_eq!(copy.capacity(), 5);
        copy.add(None).unwrap();
        assert_eq!(copy.capacity(), 10);
    }

    #[test]
    fn zero_capacity_grows_to_one_then_doubles() {
        // JDK 17: new Vector(0) → [1, 2, 4, 4, 8, 8, 8, 8, 16, 16] after each add.
        assert_eq!(
            capacities(Vector::with_capacity(0).unwrap(), 10),
            [1, 2, 4, 8, 16]
        );
    }

    #[test]
    fn negative_initial_capacity_throws_illegal_argument() {
        assert_eq!(Vector::with_capacity(-1).err(), Some(E::IllegalArgument));
        assert_eq!(
            Vector::with_capacity_and_increment(-1, 5).err(),
            Some(E::IllegalArgument)
        );
        assert_eq!(Vector::with_capacity(i32::MAX).err(), Some(E::OutOfMemory));
    }

    #[test]
    fn copy_constructor_sizes_the_array_to_the_elements() {
        // JDK 17: new Vector(List.of(1, 2, 3)).capacity() == 3; of an empty one 0, then 1.
        let v = Vector::from_collection(Some(&vector_of(&[Some(1), Some(2), None]))).unwrap();
        assert_eq!((rendered(&v), v.capacity()), ("[1, 2, null]".into(), 3));
        let mut empty = Vector::from_collection(Some(&Vector::new())).unwrap();
        assert_eq!(empty.capacity(), 0);
        empty.add(Some(1)).unwrap();
        assert_eq!(empty.capacity(), 1);
        assert_eq!(Vector::from_collection(None).err(), Some(E::NullPointer));
    }

    #[test]
    fn set_size_pads_with_null_truncates_and_throws_on_negative() {
        // JDK 17: capacity 4, [1, 2]: setSize(6) → [1, 2, null, null, null, null],
        // capacity 8 (doubling wins over the minimum 6); setSize(1) → [1], capacity 8.
        let mut v = Vector::with_capacity(4).unwrap();
        v.add(Some(1)).unwrap();
        v.add(Some(2)).unwrap();
        v.set_size(6).unwrap();
        assert_eq!((rendered(&v), v.capacity()), ("[1, 2, null, null, null, null]".into(), 8));
        v.set_size(1).unwrap();
        assert_eq!((rendered(&v), v.capacity()), ("[1]".into(), 8));
        // JDK 17: setSize(-1) throws ArrayIndexOutOfBoundsException.
        assert_eq!(v.set_size(-1), Err(E::IndexOutOfBounds));
        assert_eq!(rendered(&v), "[1]");
        // From capacity 2, setSize(6) grows to exactly 6 (the minimum beats doubling).
        let mut w = Vector::with_capacity(2).unwrap();
        w.set_size(6).unwrap();
        assert_eq!(w.capacity(), 6);
    }

    #[test]
    fn ensure_capacity_ignores_small_requests_and_trim_to_size_shrinks() {
        let mut v = Vector::with_capacity(4).unwrap();
        v.ensure_capacity(-5).unwrap();
        v.ensure_capacity(4).unwrap();
        assert_eq!(v.capacity(), 4);
        v.ensure_capacity(5).unwrap();
        assert_eq!(v.capacity(), 8);
        v.ensure_capacity(17).unwrap();
        assert_eq!(v.capacity(), 17);
        v.add(Some(1)).unwrap();
        v.trim_to_size().unwrap();
        assert_eq!(v.capacity(), 1);
    }

    #[test]
    fn index_of_from_a_negative_index_throws_but_last_index_of_returns_minus_one() {
        // JDK 17 on [1, 2]: indexOf(1, -1) AIOOBE, indexOf(1, 5) -1,
        // lastIndexOf(1, 5) IOOBE, lastIndexOf(1, -1) -1.
        let v = vector_of(&[Some(1), Some(2), Some(1), None]);
        assert_eq!(v.index_of_from(Some(1), -1), Err(E::IndexOutOfBounds));
        assert_eq!(v.index_of_from(Some(1), 5), Ok(-1));
        assert_eq!(v.index_of_from(Some(1), 1), Ok(2));
        assert_eq!(v.last_index_of_from(Some(1), 5), Err(E::IndexOutOfBounds));
        assert_eq!(v.last_index_of_from(Some(1), 4), Err(E::IndexOutOfBounds));
        assert_eq!(v.last_index_of_from(Some(1), -1), Ok(-1));
        assert_eq!(v.last_index_of_from(Some(1), 1), Ok(0));
        assert_eq!(v.last_index_of(None), Ok(3));
        assert_eq!(v.index_of(None), Ok(3));
        assert_eq!(Vector::new().last_index_of(Some(1)), Ok(-1));
    }

    #[test]
    fn legacy_element_methods_check_bounds_like_java() {
        let mut v = vector_of(&[Some(1), Some(2)]);
        assert_eq!(v.element_at(-1), Err(E::IndexOutOfBounds));
        assert_eq!(v.element_at(2), Err(E::IndexOutOfBounds));
        assert_eq!(v.remove_element_at(-1), Err(E::IndexOutOfBounds));
        assert_eq!(v.set_element_at(Some(5), 2), Err(E::IndexOutOfBounds));
        v.set_element_at(Some(5), 0).unwrap();
        v.insert_element_at(None, 2).unwrap();
        assert_eq!(v.insert_element_at(None, 4), Err(E::IndexOutOfBounds));
        assert_eq!((v.first_element(), v.last_element()), (Ok(Some(5)), Ok(None)));
        v.remove_element_at(0).unwrap();
        assert_eq!(rendered(&v), "[2, null]");
        assert_eq!(v.remove_element(None), Ok(true));
        assert_eq!(v.remove_element(None), Ok(false));
        v.remove_all_elements().unwrap();
        assert_eq!((rendered(&v), v.capacity()), ("[]".into(), 10));
        // JDK 17: firstElement() on an empty Vector throws NoSuchElementException.
        assert_eq!(v.first_element(), Err(E::NoSuchElement));
        assert_eq!(v.last_element(), Err(E::NoSuchElement));
    }

    #[test]
    fn insert_at_a_negative_index_grows_a_full_array_before_throwing() {
        // JDK 17: Vector(2) [1, 2]: insertElementAt(9, -1) throws AIOOBE, capacity now 4.
        let mut v = Vector::with_capacity(2).unwrap();
        v.add(Some(1)).unwrap();
        v.add(Some(2)).unwrap();
        assert_eq!(v.insert_element_at(Some(9), -1), Err(E::IndexOutOfBounds));
        assert_eq!((rendered(&v), v.capacity()), ("[1, 2]".into(), 4));
        assert_eq!(v.add_at(-1, Some(9)), Err(E::IndexOutOfBounds));
    }

    #[test]
    fn list_methods_get_set_add_remove() {
        let mut v = vector_of(&[Some(100), Some(0)]);
        assert_eq!(v.get(-1), Err(E::IndexOutOfBounds));
        assert_eq!(v.remove_at(-1), Err(E::IndexOutOfBounds));
        assert_eq!(v.set(1, None), Ok(Some(0)));
        assert_eq!(v.remove_at(0), Ok(Some(100)));
        assert_eq!(v.remove(Some(7)), Ok(false));
        assert_eq!(v.add(Some(7)), Ok(true));
        v.add_at(0, Some(3)).unwrap();
        assert_eq!(rendered(&v), "[3, null, 7]");
        assert_eq!(v.contains(None), Ok(true));
        v.clear().unwrap();
        assert!(v.is_empty());
    }

    #[test]
    fn bulk_operations_follow_java() {
        let c = vector_of(&[Some(2), None]);
        let mut v = vector_of(&[Some(1), Some(2), Some(3), Some(2), None]);
        assert_eq!(v.remove_all(Some(&c)), Ok(true));
        assert_eq!(rendered(&v), "[1, 3]");
        assert_eq!(v.remove_all(Some(&c)), Ok(false));
        let mut w = vector_of(&[Some(1), Some(2), Some(3), Some(2), None]);
        assert_eq!(w.retain_all(Some(&c)), Ok(true));
        assert_eq!(rendered(&w), "[2, 2, null]");
        // JDK 17: new Vector().removeAll(null) throws NullPointerException.
        assert_eq!(Vector::new().remove_all(None), Err(E::NullPointer));
        assert_eq!(Vector::new().retain_all(None), Err(E::NullPointer));
        assert_eq!(w.contains_all(Some(&c)), Ok(true));
        assert_eq!(w.contains_all(Some(&v)), Ok(false));
        assert_eq!(w.contains_all(None), Err(E::NullPointer));
        // JDK 17: addAll(-1, empty) AIOOBE before the collection; addAll(0, null) NPE.
        assert_eq!(w.add_all_at(-1, Some(&Vector::new())), Err(E::IndexOutOfBounds));
        assert_eq!(w.add_all_at(0, None), Err(E::NullPointer));
        assert_eq!(w.add_all_at(1, Some(&v)), Ok(true));
        assert_eq!(rendered(&w), "[2, 1, 3, 2, null]");
        assert_eq!(w.add_all(Some(&Vector::new())), Ok(false));
        assert_eq!(w.add_all(None), Err(E::NullPointer));
    }

    #[test]
    fn equals_hash_code_and_to_string_are_javas_list_ones() {
        let a = vector_of(&[Some(1), None]);
        let b = Vector::from_collection(Some(&a)).unwrap();
        assert_eq!(a.equals(Some(&b)), Ok(true));
        assert_eq!(a.equals(None), Ok(false));
        assert_eq!(a.equals(Some(&vector_of(&[Some(1)]))), Ok(false));
        assert_eq!(a.hash_code(), Ok(31 * (31 + 1)));
        // JDK 17: a Vector(4, -3) holding 0..5 hashes to 28660961.
        let c = vector_of(&[Some(0), Some(1), Some(2), Some(3), Some(4)]);
        assert_eq!(c.hash_code(), Ok(28_660_961));
        assert_eq!(rendered(&a), "[1, null]");
        assert_eq!(a.to_java_string(), "[1, null]");
    }

    // ---- differential: the port against a model built on Vec<Option<i32>> ----

    /// One call of the Rust API; `Option<Vec<..>>` arguments are vectors from the object
    /// pool (`None` = `null`).
    #[derive(Clone, Debug)]
    enum Op {
        Add(Option<i32>),
        AddAt(i32, Option<i32>),
        Insert(Option<i32>, i32),
        Set(i32, Option<i32>),
        SetElementAt(Option<i32>, i32),
        Get(i32),
        RemoveAt(i32),
        RemoveElementAt(i32),
        Remove(Option<i32>),
        IndexOfFrom(Option<i32>, i32),
        LastIndexOfFrom(Option<i32>, i32),
        LastIndexOf(Option<i32>),
        Contains(Option<i32>),
        FirstElement,
        LastElement,
        SetSize(i32),
        EnsureCapacity(i32),
        TrimToSize,
        Size,
        Clear,
        HashCode,
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
        let i = || -2..14i32;
        prop_oneof![
            6 => element().prop_map(Op::Add),
            2 => (i(), element()).prop_map(|(i, e)| Op::AddAt(i, e)),
            2 => (element(), i()).prop_map(|(e, i)| Op::Insert(e, i)),
            1 => (i(), element()).prop_map(|(i, e)| Op::Set(i, e)),
            1 => (element(), i()).prop_map(|(e, i)| Op::SetElementAt(e, i)),
            2 => i().prop_map(Op::Get),
            2 => i().prop_map(Op::RemoveAt),
            1 => i().prop_map(Op::RemoveElementAt),
            2 => element().prop_map(Op::Remove),
            1 => (element(), i()).prop_map(|(e, i)| Op::IndexOfFrom(e, i)),
            1 => (element(), i()).prop_map(|(e, i)| Op::LastIndexOfFrom(e, i)),
            1 => element().prop_map(Op::LastIndexOf),
            1 => element().prop_map(Op::Contains),
            1 => Just(Op::FirstElement),
            1 => Just(Op::LastElement),
            1 => (-2..12i32).prop_map(Op::SetSize),
            1 => (-5..40i32).prop_map(Op::EnsureCapacity),
            1 => Just(Op::TrimToSize),
            1 => Just(Op::Size),
            1 => Just(Op::Clear),
            1 => Just(Op::HashCode),
            1 => Just(Op::Clone),
            2 => collection().prop_map(Op::AddAll),
            1 => (i(), collection()).prop_map(|(i, c)| Op::AddAllAt(i, c)),
            1 => collection().prop_map(Op::RemoveAll),
            1 => collection().prop_map(Op::RetainAll),
            1 => collection().prop_map(Op::ContainsAll),
            1 => collection().prop_map(Op::Equals),
        ]
    }

    fn run_port(v: &mut Vector, op: &Op) -> std::result::Result<String, E> {
        let other = |c: &Option<Vec<Option<i32>>>| c.as_deref().map(vector_of);
        let shown = |x: &dyn std::fmt::Debug| format!("{x:?}");
        Ok(match op {
            Op::Add(e) => shown(&v.add(*e)?),
            Op::AddAt(i, e) => shown(&v.add_at(*i, *e)?),
            Op::Insert(e, i) => shown(&v.insert_element_at(*e, *i)?),
            Op::Set(i, e) => shown(&v.set(*i, *e)?),
            Op::SetElementAt(e, i) => shown(&v.set_element_at(*e, *i)?),
            Op::Get(i) => shown(&v.get(*i)?),
            Op::RemoveAt(i) => shown(&v.remove_at(*i)?),
            Op::RemoveElementAt(i) => shown(&v.remove_element_at(*i)?),
            Op::Remove(e) => shown(&v.remove(*e)?),
            Op::IndexOfFrom(e, i) => shown(&v.index_of_from(*e, *i)?),
            Op::LastIndexOfFrom(e, i) => shown(&v.last_index_of_from(*e, *i)?),
            Op::LastIndexOf(e) => shown(&v.last_index_of(*e)?),
            Op::Contains(e) => shown(&v.contains(*e)?),
            Op::FirstElement => shown(&v.first_element()?),
            Op::LastElement => shown(&v.last_element()?),
            Op::SetSize(n) => shown(&v.set_size(*n)?),
            Op::EnsureCapacity(n) => shown(&v.ensure_capacity(*n)?),
            Op::TrimToSize => shown(&v.trim_to_size()?),
            Op::Size => shown(&v.size()),
            Op::Clear => shown(&v.clear()?),
            Op::HashCode => shown(&v.hash_code()?),
            Op::Clone => v.clone_vector()?.to_java_string_checked()?,
            Op::AddAll(c) => shown(&v.add_all(other(c).as_ref())?),
            Op::AddAllAt(i, c) => shown(&v.add_all_at(*i, other(c).as_ref())?),
            Op::RemoveAll(c) => shown(&v.remove_all(other(c).as_ref())?),
            Op::RetainAll(c) => shown(&v.retain_all(other(c).as_ref())?),
            Op::ContainsAll(c) => shown(&v.contains_all(other(c).as_ref())?),
            Op::Equals(c) => shown(&v.equals(other(c).as_ref())?),
        })
    }

    fn render(v: &[Option<i32>]) -> String {
        let items: Vec<String> = v
            .iter()
            .map(|e| e.map_or("null".into(), |x| x.to_string()))
            .collect();
        format!("[{}]", items.join(", "))
    }

    /// The model: Java's documented `Vector` semantics over a `Vec`.
    fn run_model(v: &mut Vec<Option<i32>>, op: &Op) -> std::result::Result<String, E> {
        let shown = |x: &dyn std::fmt::Debug| format!("{x:?}");
        let len = v.len() as i32;
        let at = |i: i32| (0..len).contains(&i).then_some(i as usize).ok_or(E::IndexOutOfBounds);
        let gap = |i: i32| (0..=len).contains(&i).then_some(i as usize).ok_or(E::IndexOutOfBounds);
        let nonempty = |v: &Vec<_>| if v.is_empty() { Err(E::NoSuchElement) } else { Ok(()) };
        Ok(match op {
            Op::Add(e) => {
                v.push(*e);
                shown(&true)
            }
            Op::AddAt(i, e) | Op::Insert(e, i) => shown(&v.insert(gap(*i)?, *e)),
            Op::Set(i, e) => shown(&std::mem::replace(&mut v[at(*i)?], *e)),
            Op::SetElementAt(e, i) => shown(&{
                v[at(*i)?] = *e;
            }),
            Op::Get(i) => shown(&v[at(*i)?]),
            Op::RemoveAt(i) => shown(&v.remove(at(*i)?)),
            Op::RemoveElementAt(i) => shown(&{
                v.remove(at(*i)?);
            }),
            Op::Remove(e) => shown(&v.iter().position(|x| x == e).map(|i| v.remove(i)).is_some()),
            Op::IndexOfFrom(e, i) if *i < 0 => return Err(E::IndexOutOfBounds),
            Op::IndexOfFrom(e, i) => shown(
                &(*i as usize..v.len())
                    .find(|&k| v[k] == *e)
                    .map_or(-1, |k| k as i32),
            ),
            Op::LastIndexOfFrom(_, i) if *i >= len => return Err(E::IndexOutOfBounds),
            Op::LastIndexOfFrom(e, i) => shown(
                &(0..=*i)
                    .rev()
                    .find(|&k| v[k as usize] == *e)
                    .unwrap_or(-1),
            ),
            Op::LastIndexOf(e) => shown(&v.iter().rposition(|x| x == e).map_or(-1, |i| i as i32)),
            Op::Contains(e) => shown(&v.contains(e)),
            Op::FirstElement => {
                nonempty(v)?;
                shown(&v[0])
            }
            Op::LastElement => {
                nonempty(v)?;
                shown(&v[v.len() - 1])
            }
            Op::SetSize(n) if *n < 0 => return Err(E::IndexOutOfBounds),
            Op::SetSize(n) => shown(&v.resize(*n as usize, None)),
            Op::EnsureCapacity(_) | Op::TrimToSize => shown(&()),
            Op::Size => shown(&len),
            Op::Clear => shown(&v.clear()),
            Op::HashCode => shown(
                &v.iter()
                    .fold(1i32, |h, e| h.wrapping_mul(31).wrapping_add(e.unwrap_or(0))),
            ),
            Op::Clone => render(v),
            Op::AddAll(c) => {
                let c = c.as_ref().ok_or(E::NullPointer)?;
                v.extend(c);
                shown(&!c.is_empty())
            }
            Op::AddAllAt(i, c) => {
                let at = gap(*i)?;
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
            capacity in -1..6i32,
            increment in -2..4i32,
            ops in prop::collection::vec(op(), 0..60),
        ) {
            let mut v = match Vector::with_capacity_and_increment(capacity, increment) {
                Ok(v) => v,
                Err(thrown) => {
                    prop_assert!(capacity < 0 && thrown == E::IllegalArgument);
                    return Ok(());
                }
            };
            let mut model = vec![];
            for (step, op) in ops.iter().enumerate() {
                let got = run_port(&mut v, op);
                let want = run_model(&mut model, op);
                prop_assert_eq!(&got, &want, "step {} {:?}", step, op);
                prop_assert_eq!(rendered(&v), render(&model));
                prop_assert!(v.capacity() >= v.size());
            }
        }
    }

    // ---- through the harness, in the paper's default context ----

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
    fn paper_context_has_j_120() {
        // vps: int 2, boolean 2, String 2, Vector 1. nc(m) = product over the slots
        // (parameters, then target, then result):
        //   Vector(int,int) 2·2·1 = 4   Vector(int) 2   Vector() 1   Vector(Vector) 1   = 8
        //   trimToSize 1  ensureCapacity(int) 2  setSize(int) 2  capacity 2  size 2
        //   isEmpty 2                                                                 = 11
        //   contains 2·1·2 = 4  indexOf(Integer) 4  indexOf(Integer,int) 2·2·1·2 = 8
        //   lastIndexOf(Integer) 4  lastIndexOf(Integer,int) 8                        = 28
        //   elementAt(int) 4  firstElement 2  lastElement 2  setElementAt 2·2·1 = 4
        //   removeElementAt 2  insertElementAt 4  addElement 2  removeElement 4
        //   removeAllElements 1                                                       = 25
        //   clone 1  get 4  set(int,Integer) 2·2·1·2 = 8  add(Integer) 4  remove(Integer) 4
        //   add(int,Integer) 4  remove(int) 4  clear 1                                = 30
        //   containsAll 1·1·2 = 2  addAll 2  removeAll 2  retainAll 2
        //   addAll(int,Vector) 2·1·1·2 = 4  equals 2  hashCode 2  toString 2          = 18
        // j = 8 + 11 + 28 + 25 + 30 + 18 = 120
        let unit = SubjectUnit::<Vector>::new();
        let context = TestContext::paper(&unit).unwrap();
        assert_eq!(context.methods().len(), 40);
        assert_eq!(context.j(), 120);
    }

    #[test]
    fn harness_runs_legacy_methods_and_stores_results() {
        let unit = crate::subject::registry().find("Vector").unwrap();
        assert_eq!(unit.java_class(), "java.util.Vector");
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let mut session = unit.session(context.clone());
        // object_vp[0].firstElement() on a null target → NullPointerException
        assert_eq!(
            session.step(call(&context, "firstElement()", &[0, 0])),
            Err(E::NullPointer)
        );
        // object_vp[0] = new Vector(int_vp[0], int_vp[1]);  capacity 0, increment 100
        session
            .step(call(&context, "Vector(int,int)", &[0, 1, 0]))
            .unwrap();
        // object_vp[0].addElement(int_vp[1]);  int_vp[0] = object_vp[0].capacity();
        session
            .step(call(&context, "addElement(Integer)", &[1, 0]))
            .unwrap();
        session.step(call(&context, "capacity()", &[0, 0])).unwrap();
        assert_eq!(session.primitives().ints, [Some(100), Some(100)]);
        // int_vp[1] = object_vp[0].elementAt(int_vp[0]);  elementAt(100) → AIOOBE
        assert_eq!(
            session.step(call(&context, "elementAt(int)", &[0, 0, 1])),
            Err(E::IndexOutOfBounds)
        );
        session.step(call(&context, "toString()", &[0, 1])).unwrap();
        assert_eq!(session.primitives().strings[1].as_deref(), Some("[100]"));
        assert_eq!(session.render_pools()[3], ("Vector".into(), vec!["[100]".into()]));
    }
}
