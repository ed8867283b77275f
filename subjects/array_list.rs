//! `ArrayList`: a port of JDK 17's `java.util.ArrayList<Integer>`, the first subject unit.
//!
//! # What is ported
//! Java's own algorithms over an explicit backing array `elementData` with a capacity of
//! its own: `DEFAULT_CAPACITY = 10`, the two empty-array sentinels (`EMPTY_ELEMENTDATA`
//! and `DEFAULTCAPACITY_EMPTY_ELEMENTDATA`, which only differ in how the first `grow`
//! sizes the array), `grow` through `ArraysSupport.newLength`/`hugeLength`, `modCount`,
//! `ensureCapacity`, `trimToSize`, `rangeCheckForAdd`, `fastRemove`, `batchRemove`, and
//! the `AbstractCollection` methods `ArrayList` inherits (`containsAll`, `toString`).
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
//! # What is left out, and why
//! * `iterator`, `listIterator`, `spliterator`, `stream`, `toArray`, `forEach`,
//!   `removeIf`, `replaceAll`, `sort`: their parameter or return types (iterators,
//!   arrays, lambdas, comparators) are not types of interest.
//! * `subList`: a view sharing the parent's array and `modCount` cannot be stored in the
//!   object pool faithfully (pool values are independent instances), so `removeRange`,
//!   which only `subList(..).clear()` reaches, is left out too (it is `protected`).
//! * Exception messages (`"Index: 5, Size: 0"`, …): [`JavaException`] carries the class
//!   only, as the paper's oracle compares only the number of exceptions. The Java message
//!   is noted in a comment at each throw site.
//! * Iterators that `toString` and `containsAll` use are flattened to index loops, with
//!   the same `ConcurrentModificationException` checks against the array length.
//!
//! # Modelling decisions
//! * `Integer` elements are `Option<i32>` (`None` = `null`); Java `int` arithmetic that
//!   can overflow in the original (`hashCode`, capacity arithmetic) uses `wrapping_*`.
//! * The backing array ([`ElementData`]) is a length plus the slots written so far, so
//!   `new ArrayList(100_000_000)` or `ensureCapacity` costs no memory. Allocating an
//!   array of [`HEAP_ARRAY_LIMIT`] or more slots throws `OutOfMemoryError`: a JVM whose
//!   heap cannot hold an `Object[]` of 2^28 references (1 GiB with compressed oops,
//!   e.g. `-Xmx1g`) fails there, and `hugeLength` throws it for lengths beyond
//!   `Integer.MAX_VALUE`. A real JVM's boundary depends on its heap size, so a
//!   differential test should avoid lengths between 2^27 and 2^29.
//! * Reading or writing outside the array throws `IndexOutOfBoundsException` (Java's
//!   `ArrayIndexOutOfBoundsException` is a subclass): it never happens in this port, but
//!   it does in mutants, exactly where the mutated Java would throw.
//! * Object-pool arguments are snapshots, as `c.toArray()` is in Java; `o == this` in
//!   `equals` is therefore never true, which gives the same answer (a list equals itself).

use crate::subject::{JavaException, Method, Param, Return, Subject, Value};

/// `ArrayList.DEFAULT_CAPACITY`: the capacity of the first array of a list built by
/// `new ArrayList()`.
pub const DEFAULT_CAPACITY: i32 = 10;

/// `ArraysSupport.SOFT_MAX_ARRAY_LENGTH`: the largest length `newLength` prefers.
pub const SOFT_MAX_ARRAY_LENGTH: i32 = i32::MAX - 8;

/// Arrays of this many slots or more cannot be allocated: `OutOfMemoryError` (see the
/// module documentation).
pub const HEAP_ARRAY_LIMIT: i32 = 1 << 28;

type Result<T> = std::result::Result<T, JavaException>;

/// `elementData`: a Java `Object[]` of `length` slots, stored lazily: slots beyond
/// `written` hold `null`.
#[derive(Clone, Debug)]
struct ElementData {
    written: Vec<Option<i32>>,
    length: i32,
    /// Whether this is the shared `DEFAULTCAPACITY_EMPTY_ELEMENTDATA` sentinel (the
    /// only array Java compares by identity).
    default_capacity_empty: bool,
}

impl ElementData {
    /// `EMPTY_ELEMENTDATA` (any other zero-length array behaves the same).
    const EMPTY_ELEMENTDATA: ElementData = ElementData {
        written: Vec::new(),
        length: 0,
        default_capacity_empty: false,
    };

    /// `DEFAULTCAPACITY_EMPTY_ELEMENTDATA`.
    const DEFAULTCAPACITY_EMPTY_ELEMENTDATA: ElementData = ElementData {
        written: Vec::new(),
        length: 0,
        default_capacity_empty: true,
    };

    /// `new Object[length]`.
    fn new_array(length: i32) -> Result<Self> {
        if length < 0 {
            return Err(JavaException::NegativeArraySize);
        }
        if length >= HEAP_ARRAY_LIMIT {
            return Err(JavaException::OutOfMemory); // "Java heap space"
        }
        Ok(ElementData {
            length,
            ..Self::EMPTY_ELEMENTDATA
        })
    }

    /// `Arrays.copyOf(this, newLength)`.
    fn copy_of(&self, new_length: i32) -> Result<Self> {
        let mut copy = Self::new_array(new_length)?;
        copy.written = self
            .written
            .iter()
            .take(new_length as usize)
            .copied()
            .collect();
        Ok(copy)
    }

    /// The first of `count` slots from `index`, if they lie within the array.
    fn check(&self, index: i32, count: i32) -> Result<usize> {
        if index < 0 || count < 0 || index > self.length - count {
            return Err(JavaException::IndexOutOfBounds); // ArrayIndexOutOfBoundsException
        }
        Ok(index as usize)
    }

    /// `es[index]`.
    fn get(&self, index: i32) -> Result<Option<i32>> {
        let i = self.check(index, 1)?;
        Ok(self.written.get(i).copied().flatten())
    }

    /// `es[index] = value`.
    fn set(&mut self, index: i32, value: Option<i32>) -> Result<()> {
        let i = self.check(index, 1)?;
        if i >= self.written.len() {
            if value.is_none() {
                return Ok(());
            }
            self.written.resize(i + 1, None);
        }
        self.written[i] = value;
        Ok(())
    }

    /// The `count` slots from `index` (the source side of `System.arraycopy`).
    fn read(&self, index: i32, count: i32) -> Result<Vec<Option<i32>>> {
        let start = self.check(index, count)?;
        let slot = |i: usize| self.written.get(i).copied().flatten();
        Ok((start..start + count as usize).map(slot).collect())
    }

    /// Writes `values` from `index` on (the destination side of `System.arraycopy`).
    fn write(&mut self, index: i32, values: &[Option<i32>]) -> Result<()> {
        self.check(index, values.len() as i32)?;
        for (offset, &value) in values.iter().enumerate() {
            self.set(index + offset as i32, value)?;
        }
        Ok(())
    }

    /// `System.arraycopy(es, srcPos, es, destPos, length)`: overlapping ranges copy as
    /// if through a temporary array.
    fn copy_within(&mut self, src_pos: i32, dest_pos: i32, length: i32) -> Result<()> {
        self.check(dest_pos, length)?;
        let moved = self.read(src_pos, length)?;
        self.write(dest_pos, &moved)
    }
}

/// `ArraysSupport.newLength(oldLength, minGrowth, prefGrowth)`.
fn new_length(old_length: i32, min_growth: i32, pref_growth: i32) -> Result<i32> {
    let pref_length = old_length.wrapping_add(min_growth.max(pref_growth)); // might overflow
    if 0 < pref_length && pref_length <= SOFT_MAX_ARRAY_LENGTH {
        Ok(pref_length)
    } else {
        huge_length(old_length, min_growth)
    }
}

/// `ArraysSupport.hugeLength(oldLength, minGrowth)`.
fn huge_length(old_length: i32, min_growth: i32) -> Result<i32> {
    let min_length = old_length.wrapping_add(min_growth);
    if min_length < 0 {
        // "Required array length " + oldLength + " + " + minGrowth + " is too large"
        Err(JavaException::OutOfMemory)
    } else if min_length <= SOFT_MAX_ARRAY_LENGTH {
        Ok(SOFT_MAX_ARRAY_LENGTH)
    } else {
        Ok(min_length)
    }
}

/// `java.util.ArrayList<Integer>`: a resizable array of nullable `Integer`s.
///
/// The Rust methods are Java's, in snake case; overloads get distinct names
/// (`add`/`add_at`, `remove`/`remove_at`, `add_all`/`add_all_at`). Every method that
/// reads the backing array returns a `Result`, because a mutant of it may throw.
#[derive(Clone, Debug)]
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
        let element_data = if initial_capacity > 0 {
            ElementData::new_array(initial_capacity)?
        } else if initial_capacity == 0 {
            ElementData::EMPTY_ELEMENTDATA
        } else {
            // "Illegal Capacity: " + initialCapacity
            return Err(JavaException::IllegalArgument);
        };
        Ok(ArrayList {
            element_data,
            ..Self::new()
        })
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

    /// `size()`.
    pub fn size(&self) -> i32 {
        self.size
    }

    /// `isEmpty()`.
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// `contains(Object o)`.
    pub fn contains(&self, o: Option<i32>) -> Result<bool> {
        Ok(self.index_of(o)? >= 0)
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

    /// `get(int index)`.
    pub fn get(&self, index: i32) -> Result<Option<i32>> {
        check_index(index, self.size)?;
        self.element_data.get(index)
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

    /// `remove(int index)`: removes and returns the element at `index`.
    pub fn remove_at(&mut self, index: i32) -> Result<Option<i32>> {
        check_index(index, self.size)?;
        let old_value = self.element_data.get(index)?;
        self.fast_remove(index)?;
        Ok(old_value)
    }

    /// `equals(Object o)`: `false` for `null`, else element-wise `Objects.equals`.
    pub fn equals(&self, o: Option<&ArrayList>) -> Result<bool> {
        let Some(other) = o else {
            return Ok(false); // null instanceof List
        };
        let expected_mod_count = self.mod_count;
        let equal = self.equals_array_list(other)?;
        self.check_for_comodification(expected_mod_count)?;
        Ok(equal)
    }

    /// `equalsArrayList(ArrayList other)`.
    fn equals_array_list(&self, other: &ArrayList) -> Result<bool> {
        let other_mod_count = other.mod_count;
        let s = self.size;
        let mut equal = s == other.size;
        if equal {
            let other_es = &other.element_data;
            let es = &self.element_data;
            if s > es.length || s > other_es.length {
                return Err(JavaException::ConcurrentModification);
            }
            for i in 0..s {
                if es.get(i)? != other_es.get(i)? {
                    equal = false;
                    break;
                }
            }
        }
        other.check_for_comodification(other_mod_count)?;
        Ok(equal)
    }

    /// `checkForComodification(int expectedModCount)`.
    fn check_for_comodification(&self, expected_mod_count: i32) -> Result<()> {
        if self.mod_count != expected_mod_count {
            return Err(JavaException::ConcurrentModification);
        }
        Ok(())
    }

    /// `hashCode()`: `31 * h + (e == null ? 0 : e.hashCode())` from `h = 1`, wrapping.
    pub fn hash_code(&self) -> Result<i32> {
        let expected_mod_count = self.mod_count;
        let hash = self.hash_code_range(0, self.size)?;
        self.check_for_comodification(expected_mod_count)?;
        Ok(hash)
    }

    /// `hashCodeRange(int from, int to)`.
    fn hash_code_range(&self, from: i32, to: i32) -> Result<i32> {
        let es = &self.element_data;
        if to > es.length {
            return Err(JavaException::ConcurrentModification);
        }
        let mut hash_code: i32 = 1;
        for i in from..to {
            let e = es.get(i)?;
            hash_code = hash_code.wrapping_mul(31).wrapping_add(e.unwrap_or(0));
        }
        Ok(hash_code)
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

    /// `removeAll(Collection c)`: removes every element `c` contains.
    pub fn remove_all(&mut self, c: Option<&ArrayList>) -> Result<bool> {
        self.batch_remove(c, false, 0, self.size)
    }

    /// `retainAll(Collection c)`: removes every element `c` does not contain.
    pub fn retain_all(&mut self, c: Option<&ArrayList>) -> Result<bool> {
        self.batch_remove(c, true, 0, self.size)
    }

    /// `batchRemove(Collection c, boolean complement, int from, int end)`: keeps the
    /// elements of `[from, end)` for which `c.contains(e) == complement`.
    fn batch_remove(
        &mut self,
        c: Option<&ArrayList>,
        complement: bool,
        from: i32,
        end: i32,
    ) -> Result<bool> {
        let c = c.ok_or(JavaException::NullPointer)?; // Objects.requireNonNull(c)
        let mut r = from;
        // Optimize for initial run of survivors
        loop {
            if r == end {
                return Ok(false);
            }
            if c.contains(self.element_data.get(r)?)? != complement {
                break;
            }
            r += 1;
        }
        let mut w = r;
        r += 1;
        let mut outcome = self.keep_survivors(c, complement, &mut r, &mut w, end);
        if let Err(thrown) = outcome {
            // catch (Throwable ex): preserve the unexamined tail, then rethrow
            outcome = match self.element_data.copy_within(r, w, end - r) {
                Ok(()) => {
                    w += end - r;
                    Err(thrown)
                }
                Err(again) => Err(again),
            };
        }
        // finally
        self.mod_count = self.mod_count.wrapping_add(end - w);
        self.shift_tail_over_gap(w, end)?;
        outcome.map(|()| true)
    }

    /// The `try` block of `batchRemove`: moves the survivors among `[r, end)` down to
    /// `w`, advancing both.
    fn keep_survivors(
        &mut self,
        c: &ArrayList,
        complement: bool,
        r: &mut i32,
        w: &mut i32,
        end: i32,
    ) -> Result<()> {
        while *r < end {
            let e = self.element_data.get(*r)?;
            if c.contains(e)? == complement {
                self.element_data.set(*w, e)?;
                *w += 1;
            }
            *r += 1;
        }
        Ok(())
    }

    /// `shiftTailOverGap(Object[] es, int lo, int hi)`: closes the gap `[lo, hi)`.
    fn shift_tail_over_gap(&mut self, lo: i32, hi: i32) -> Result<()> {
        self.element_data.copy_within(hi, lo, self.size - hi)?;
        let to = self.size;
        self.size -= hi - lo;
        for i in self.size..to {
            self.element_data.set(i, None)?;
        }
        Ok(())
    }

    /// `containsAll(Collection c)` (from `AbstractCollection`).
    pub fn contains_all(&self, c: Option<&ArrayList>) -> Result<bool> {
        let c = c.ok_or(JavaException::NullPointer)?;
        for i in 0..c.size {
            if !self.contains(c.iterator_next(i)?)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The `i`-th `Itr.next()`: `ConcurrentModificationException` past the array.
    fn iterator_next(&self, i: i32) -> Result<Option<i32>> {
        if i >= self.element_data.length {
            return Err(JavaException::ConcurrentModification);
        }
        self.element_data.get(i)
    }

    /// `toString()` (from `AbstractCollection`): `[1, 2, null]`.
    pub fn to_java_string_checked(&self) -> Result<String> {
        let mut sb = String::from("[");
        for i in 0..self.size {
            if i > 0 {
                sb.push_str(", ");
            }
            match self.iterator_next(i)? {
                Some(e) => sb.push_str(&e.to_string()),
                None => sb.push_str("null"),
            }
        }
        sb.push(']');
        Ok(sb)
    }
}

/// `Objects.checkIndex(index, length)`.
fn check_index(index: i32, length: i32) -> Result<()> {
    if index < 0 || index >= length {
        // "Index " + index + " out of bounds for length " + length
        return Err(JavaException::IndexOutOfBounds);
    }
    Ok(())
}

impl Subject for ArrayList {
    const CLASS: &'static str = "ArrayList";
    const JAVA_CLASS: &'static str = "java.util.ArrayList";

    fn methods() -> Vec<Method<Self>> {
        use Param::{Int, Integer, Object};
        vec![
            Method::constructor("ArrayList", &[Int], |a| ArrayList::with_capacity(a.int(0))),
            Method::constructor("ArrayList", &[], |_| Ok(ArrayList::new())),
            Method::constructor("ArrayList", &[Object], |a| {
                ArrayList::from_collection(a.object(0))
            }),
            Method::instance("trimToSize", &[], Return::Void, |l, _| {
                l.trim_to_size().map(Value::from)
            }),
            Method::instance("ensureCapacity", &[Int], Return::Void, |l, a| {
                l.ensure_capacity(a.int(0)).map(Value::from)
            }),
            Method::instance("size", &[], Return::Int, |l, _| Ok(l.size().into())),
            Method::instance("isEmpty", &[], Return::Bool, |l, _| Ok(l.is_empty().into())),
            Method::instance("contains", &[Integer], Return::Bool, |l, a| {
                l.contains(a.integer(0)).map(Value::from)
            }),
            Method::instance("indexOf", &[Integer], Return::Int, |l, a| {
                l.index_of(a.integer(0)).map(Value::from)
            }),
            Method::instance("lastIndexOf", &[Integer], Return::Int, |l, a| {
                l.last_index_of(a.integer(0)).map(Value::from)
            }),
            Method::instance("clone", &[], Return::Object, |l, _| {
                l.clone_list().map(|c| Value::Object(Some(c)))
            }),
            Method::instance("get", &[Int], Return::Int, |l, a| {
                l.get(a.int(0)).map(Value::from)
            }),
            Method::instance("set", &[Int, Integer], Return::Int, |l, a| {
                l.set(a.int(0), a.integer(1)).map(Value::from)
            }),
            Method::instance("add", &[Integer], Return::Bool, |l, a| {
                l.add(a.integer(0)).map(Value::from)
            }),
            Method::instance("add", &[Int, Integer], Return::Void, |l, a| {
                l.add_at(a.int(0), a.integer(1)).map(Value::from)
            }),
            Method::instance("remove", &[Int], Return::Int, |l, a| {
                l.remove_at(a.int(0)).map(Value::from)
            }),
            Method::instance("remove", &[Integer], Return::Bool, |l, a| {
                l.remove(a.integer(0)).map(Value::from)
            }),
            Method::instance("equals", &[Object], Return::Bool, |l, a| {
                l.equals(a.object(0)).map(Value::from)
            }),
            Method::instance("hashCode", &[], Return::Int, |l, _| {
                l.hash_code().map(Value::from)
            }),
            Method::instance("clear", &[], Return::Void, |l, _| {
                l.clear().map(Value::from)
            }),
            Method::instance("addAll", &[Object], Return::Bool, |l, a| {
                l.add_all(a.object(0)).map(Value::from)
            }),
            Method::instance("addAll", &[Int, Object], Return::Bool, |l, a| {
                l.add_all_at(a.int(0), a.object(1)).map(Value::from)
            }),
            Method::instance("removeAll", &[Object], Return::Bool, |l, a| {
                l.remove_all(a.object(0)).map(Value::from)
            }),
            Method::instance("retainAll", &[Object], Return::Bool, |l, a| {
                l.retain_all(a.object(0)).map(Value::from)
            }),
            Method::instance("containsAll", &[Object], Return::Bool, |l, a| {
                l.contains_all(a.object(0)).map(Value::from)
            }),
            Method::instance("toString", &[], Return::Str, |l, _| {
                l.to_java_string_checked().map(Value::from)
            }),
        ]
    }

    fn to_java_string(&self) -> String {
        self.to_java_string_checked()
            .unwrap_or_else(|thrown| format!("<toString threw {thrown}>"))
    }
}
