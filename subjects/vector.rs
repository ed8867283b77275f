//! `Vector`: a port of JDK 17's `java.util.Vector<Integer>`, and the base of `Stack`.
//!
//! # What is ported
//! Java's own algorithms over an explicit backing array `elementData` (the
//! [`ElementData`] of the `ArrayList` port, reused) with `elementCount`,
//! `capacityIncrement`: the four constructors (`Vector()` is
//! `Vector(10)`, `Vector(int)` is `Vector(int, 0)`), `grow` through
//! `ArraysSupport.newLength` with preferred growth `capacityIncrement > 0 ?
//! capacityIncrement : oldCapacity`, `setSize`, the legacy `…Element…` methods with their
//! own bounds checks (a negative index reaches the array and throws
//! `ArrayIndexOutOfBoundsException` there, as in Java), `bulkRemove` (`removeAll`,
//! `retainAll`), and the `AbstractList`/`AbstractCollection` methods `Vector` delegates to
//! (`equals`, `hashCode`, `toString`, `containsAll`).
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

use super::array_list::{ElementData, new_length};
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
#[derive(Clone, Debug)]
pub struct VectorOf<C> {
    element_data: ElementData,
    element_count: i32,
    capacity_increment: i32,
    class: PhantomData<C>,
}

/// The marker of `java.util.Vector` itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

    /// `size()`.
    pub fn size(&self) -> i32 {
        self.element_count
    }

    /// `isEmpty()`.
    pub fn is_empty(&self) -> bool {
        self.element_count == 0
    }

    /// `contains(Object o)`: `indexOf(o, 0) >= 0`.
    pub fn contains(&self, o: Option<i32>) -> Result<bool> {
        Ok(self.index_of_from(o, 0)? >= 0)
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

    /// `get(int index)`.
    pub fn get(&self, index: i32) -> Result<Option<i32>> {
        self.element_at(index)
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

    /// `remove(int index)`: removes and returns the element at `index` (Java repeats
    /// `removeElementAt`'s steps after reading the old value).
    pub fn remove_at(&mut self, index: i32) -> Result<Option<i32>> {
        let old_value = self.element_at(index)?;
        self.remove_element_at(index)?;
        Ok(old_value)
    }

    /// `clear()`: `removeAllElements()`.
    pub fn clear(&mut self) -> Result<()> {
        self.remove_all_elements()
    }

    /// `containsAll(Collection c)` (from `AbstractCollection`).
    pub fn contains_all(&self, c: Option<&Self>) -> Result<bool> {
        for e in c.ok_or(JavaException::NullPointer)?.to_array()? {
            if !self.contains(e)? {
                return Ok(false);
            }
        }
        Ok(true)
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

    /// `removeAll(Collection c)`: `bulkRemove(e -> c.contains(e))`.
    pub fn remove_all(&mut self, c: Option<&Self>) -> Result<bool> {
        self.bulk_remove(c.ok_or(JavaException::NullPointer)?, false)
    }

    /// `retainAll(Collection c)`: `bulkRemove(e -> !c.contains(e))`.
    pub fn retain_all(&mut self, c: Option<&Self>) -> Result<bool> {
        self.bulk_remove(c.ok_or(JavaException::NullPointer)?, true)
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

    /// `equals(Object o)` (from `AbstractList`): `false` for `null`, else element-wise.
    pub fn equals(&self, o: Option<&Self>) -> Result<bool> {
        match o {
            None => Ok(false), // !(o instanceof List)
            Some(other) => Ok(self.to_array()? == other.to_array()?),
        }
    }

    /// `hashCode()` (from `AbstractList`): `31 * h + hash(e)` from `h = 1`, wrapping.
    pub fn hash_code(&self) -> Result<i32> {
        let hash = |h: i32, e: Option<i32>| h.wrapping_mul(31).wrapping_add(e.unwrap_or(0));
        Ok(self.to_array()?.into_iter().fold(1, hash))
    }

    /// `toString()` (from `AbstractCollection`): `[1, 2, null]`.
    pub fn to_java_string_checked(&self) -> Result<String> {
        let shown: Vec<String> = (self.to_array()?.iter())
            .map(|e| e.map_or_else(|| "null".into(), |e| e.to_string()))
            .collect();
        Ok(format!("[{}]", shown.join(", ")))
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
