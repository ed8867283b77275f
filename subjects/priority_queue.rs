//! `PriorityQueue`: a port of JDK 17's `java.util.PriorityQueue<Integer>`, a binary heap.
//!
//! # What is ported
//! Java's min-heap in an explicit array `queue` (the [`ElementData`] of the `ArrayList`
//! port) under the natural ordering of `Integer` (no comparator):
//! `DEFAULT_INITIAL_CAPACITY = 11`, `grow` through `ArraysSupport.newLength` with
//! preferred growth `oldCapacity < 64 ? oldCapacity + 2 : oldCapacity >> 1`,
//! `siftUpComparable`, `siftDownComparable`, `removeAt` (sift down, then up if the moved
//! element stayed), `heapify`, `bulkRemove` (`removeAll`/`retainAll`: compact the
//! survivors, then heapify), the copy constructor's `initFromPriorityQueue` (the other
//! queue's array, trimmed to its size, at least one slot: `ensureNonEmpty`), and the
//! `AbstractQueue`/`AbstractCollection` methods (`remove()`, `element()`, `addAll`,
//! `containsAll`, `isEmpty`, `toString` in array order). `null` elements throw
//! `NullPointerException`; `PriorityQueue(int)` below 1 throws `IllegalArgumentException`.
//!
//! M_C, in the order of the Java source: `PriorityQueue()`, `PriorityQueue(int)`,
//! `PriorityQueue(PriorityQueue)`, `add`, `offer`, `peek`, `remove(Object)`, `contains`,
//! `size`, `clear`, `poll`, `removeAll`, `retainAll`, then the inherited `remove()`,
//! `element()`, `addAll`, `isEmpty`, `containsAll`, `toString`.
//!
//! # What is left out, and why
//! * `equals` and `hashCode`: `PriorityQueue` does not override `Object`'s. `equals` is
//!   identity, and the harness passes snapshots, so it would always be `false` (JDK 17:
//!   `q.equals(new PriorityQueue<>(q))` is `false`); `hashCode` is an identity hash that
//!   no port can reproduce.
//! * `clone`: `PriorityQueue` is not `Cloneable` and has no public `clone()`.
//! * Constructors taking a `Comparator`, `SortedSet` or another `Collection`, and
//!   `comparator()`, `iterator`, `spliterator`, `toArray`, `forEach`, `removeIf`: not types
//!   of interest.
//! * `modCount`: only iterators read it, and none is ported.
//! * `addAll(this)`: Java throws `IllegalArgumentException` for `q.addAll(q)`; with the
//!   harness's snapshot arguments the argument is never `this`, so it adds a copy.
//! * Exception messages: [`JavaException`] carries the class only.

use super::array_list::{ElementData, new_length};
use super::vector::ok;
use crate::subject::{JavaException, Method, Param, Return, Subject};

type Result<T> = std::result::Result<T, JavaException>;

/// `PriorityQueue.DEFAULT_INITIAL_CAPACITY`.
pub const DEFAULT_INITIAL_CAPACITY: i32 = 11;

/// `java.util.PriorityQueue<Integer>` with natural ordering.
///
/// The Rust methods are Java's, in snake case; `remove(Object)` is
/// [`remove`](Self::remove) and `remove()` is [`remove_head`](Self::remove_head).
#[derive(Clone, Debug)]
pub struct PriorityQueue {
    queue: ElementData,
    size: i32,
}

impl Default for PriorityQueue {
    fn default() -> Self {
        Self::new()
    }
}

/// `Integer.compareTo` on heap slots; a `null` slot (only reachable in a mutant) throws
/// `NullPointerException` as unboxing it would.
fn compare(a: Option<i32>, b: Option<i32>) -> Result<std::cmp::Ordering> {
    Ok(a.ok_or(JavaException::NullPointer)?.cmp(&b.ok_or(JavaException::NullPointer)?))
}

impl PriorityQueue {
    /// `new PriorityQueue()`: capacity 11.
    pub fn new() -> Self {
        Self::with_capacity(DEFAULT_INITIAL_CAPACITY).expect("11 is a valid capacity")
    }

    /// `new PriorityQueue(int initialCapacity)`: below 1 throws `IllegalArgumentException`.
    pub fn with_capacity(initial_capacity: i32) -> Result<Self> {
        if initial_capacity < 1 {
            return Err(JavaException::IllegalArgument);
        }
        let queue = ElementData::new_array(initial_capacity)?;
        Ok(PriorityQueue { queue, size: 0 })
    }

    /// `new PriorityQueue(PriorityQueue c)`: `initFromPriorityQueue(c)`, an array of
    /// `max(c.size(), 1)` slots; `null` throws `NullPointerException`.
    pub fn from_priority_queue(c: Option<&PriorityQueue>) -> Result<Self> {
        let c = c.ok_or(JavaException::NullPointer)?; // c.comparator()
        let es = c.queue.read(0, c.size)?; // c.toArray()
        let mut queue = ElementData::new_array(c.size.max(1))?; // ensureNonEmpty(es)
        queue.write(0, &es)?;
        Ok(PriorityQueue { queue, size: c.size })
    }

    /// The length of `queue` (not Java API: for tests).
    pub fn capacity(&self) -> i32 {
        self.queue.length
    }

    /// `grow(int minCapacity)`: doubles (+2) while small, then by half.
    fn grow(&mut self, min_capacity: i32) -> Result<()> {
        let old_capacity = self.queue.length;
        let new_capacity = new_length(
            old_capacity,
            min_capacity.wrapping_sub(old_capacity), // minimum growth
            if old_capacity < 64 { old_capacity + 2 } else { old_capacity >> 1 },
        )?;
        self.queue = self.queue.copy_of(new_capacity)?;
        Ok(())
    }

    /// `add(E e)`: `offer(e)`.
    pub fn add(&mut self, e: Option<i32>) -> Result<bool> {
        self.offer(e)
    }

    /// `offer(E e)`: `null` throws `NullPointerException`; else sifts up from the end.
    pub fn offer(&mut self, e: Option<i32>) -> Result<bool> {
        let e = e.ok_or(JavaException::NullPointer)?;
        let i = self.size;
        if i >= self.queue.length {
            self.grow(i.wrapping_add(1))?;
        }
        self.sift_up(i, e)?;
        self.size = i + 1;
        Ok(true)
    }

    /// `peek()`: `queue[0]`, `null` when empty.
    pub fn peek(&self) -> Result<Option<i32>> {
        self.queue.get(0)
    }

    /// `indexOf(Object o)`: the first array index holding `o` (never `null`), or -1.
    fn index_of(&self, o: Option<i32>) -> Result<i32> {
        if o.is_some() {
            for i in 0..self.size {
                if self.queue.get(i)? == o {
                    return Ok(i);
                }
            }
        }
        Ok(-1)
    }

    /// `remove(Object o)`: removes one occurrence (the first in array order).
    pub fn remove(&mut self, o: Option<i32>) -> Result<bool> {
        let i = self.index_of(o)?;
        if i != -1 {
            self.remove_at(i)?;
        }
        Ok(i != -1)
    }

    /// `contains(Object o)`: `indexOf(o) >= 0`.
    pub fn contains(&self, o: Option<i32>) -> Result<bool> {
        Ok(self.index_of(o)? >= 0)
    }

    /// `size()`.
    pub fn size(&self) -> i32 {
        self.size
    }

    /// `clear()`: nulls the used slots; the capacity stays.
    pub fn clear(&mut self) -> Result<()> {
        for i in 0..self.size {
            self.queue.set(i, None)?;
        }
        self.size = 0;
        Ok(())
    }

    /// `poll()`: removes and returns the head, `null` when empty.
    pub fn poll(&mut self) -> Result<Option<i32>> {
        let result = self.queue.get(0)?;
        if result.is_some() {
            self.size -= 1;
            let n = self.size;
            let x = self.queue.get(n)?;
            self.queue.set(n, None)?;
            if n > 0 {
                self.sift_down(0, x, n)?;
            }
        }
        Ok(result)
    }

    /// `removeAt(int i)`: moves the last element into slot `i`, sifting it down, or up
    /// if it stayed.
    fn remove_at(&mut self, i: i32) -> Result<()> {
        self.size -= 1;
        let s = self.size;
        if s == i {
            return self.queue.set(i, None); // removed last element
        }
        let moved = self.queue.get(s)?;
        self.queue.set(s, None)?;
        self.sift_down(i, moved, s)?;
        if self.queue.get(i)? == moved {
            self.sift_up(i, moved.ok_or(JavaException::NullPointer)?)?;
        }
        Ok(())
    }

    /// `siftUpComparable(k, x, es)`: moves parents greater than `x` down.
    fn sift_up(&mut self, mut k: i32, x: i32) -> Result<()> {
        while k > 0 {
            let parent = ((k - 1) as u32 >> 1) as i32;
            let e = self.queue.get(parent)?;
            if compare(Some(x), e)?.is_ge() {
                break;
            }
            self.queue.set(k, e)?;
            k = parent;
        }
        self.queue.set(k, Some(x))
    }

    /// `siftDownComparable(k, x, es, n)`: moves the smaller child up while it is less
    /// than `x`.
    fn sift_down(&mut self, mut k: i32, x: Option<i32>, n: i32) -> Result<()> {
        let half = (n as u32 >> 1) as i32;
        while k < half {
            let mut child = (k << 1) + 1;
            let mut c = self.queue.get(child)?;
            let right = child + 1;
            if right < n && compare(c, self.queue.get(right)?)?.is_gt() {
                child = right;
                c = self.queue.get(child)?;
            }
            if compare(x, c)?.is_le() {
                break;
            }
            self.queue.set(k, c)?;
            k = child;
        }
        self.queue.set(k, x)
    }

    /// `heapify()`: sifts down every parent, last first.
    fn heapify(&mut self) -> Result<()> {
        let n = self.size;
        for i in (0..(n as u32 >> 1) as i32).rev() {
            let x = self.queue.get(i)?;
            self.sift_down(i, x, n)?;
        }
        Ok(())
    }

    /// `removeAll(Collection c)`: `bulkRemove(e -> c.contains(e))`.
    pub fn remove_all(&mut self, c: Option<&PriorityQueue>) -> Result<bool> {
        self.bulk_remove(c.ok_or(JavaException::NullPointer)?, false)
    }

    /// `retainAll(Collection c)`: `bulkRemove(e -> !c.contains(e))`.
    pub fn retain_all(&mut self, c: Option<&PriorityQueue>) -> Result<bool> {
        self.bulk_remove(c.ok_or(JavaException::NullPointer)?, true)
    }

    /// `bulkRemove(Predicate filter)` with `filter(e) = c.contains(e) != complement`:
    /// marks the doomed elements (`deathRow`), compacts the survivors, then heapifies.
    fn bulk_remove(&mut self, c: &PriorityQueue, complement: bool) -> Result<bool> {
        let filter = |e| Ok::<bool, JavaException>(c.contains(e)? != complement);
        let end = self.size;
        let mut i = 0;
        // Optimize for initial run of survivors
        while i < end && !filter(self.queue.get(i)?)? {
            i += 1;
        }
        if i >= end {
            return Ok(false);
        }
        let beg = i;
        let mut death_row = vec![true];
        for i in beg + 1..end {
            death_row.push(filter(self.queue.get(i)?)?);
        }
        let mut w = beg;
        for i in beg..end {
            if !death_row[(i - beg) as usize] {
                let e = self.queue.get(i)?;
                self.queue.set(w, e)?;
                w += 1;
            }
        }
        self.size = w;
        for i in w..end {
            self.queue.set(i, None)?;
        }
        self.heapify()?;
        Ok(true)
    }

    /// `remove()` (from `AbstractQueue`): `poll()`, `NoSuchElementException` if `null`.
    pub fn remove_head(&mut self) -> Result<Option<i32>> {
        Ok(Some(self.poll()?.ok_or(JavaException::NoSuchElement)?))
    }

    /// `element()` (from `AbstractQueue`): `peek()`, `NoSuchElementException` if `null`.
    pub fn element(&self) -> Result<Option<i32>> {
        Ok(Some(self.peek()?.ok_or(JavaException::NoSuchElement)?))
    }

    /// `addAll(Collection c)` (from `AbstractQueue`): `add`s `c`'s elements in its
    /// iteration (array) order; whether any was added.
    pub fn add_all(&mut self, c: Option<&PriorityQueue>) -> Result<bool> {
        let c = c.ok_or(JavaException::NullPointer)?;
        let mut modified = false;
        for e in c.queue.read(0, c.size)? {
            modified |= self.add(e)?;
        }
        Ok(modified)
    }

    /// `isEmpty()` (from `AbstractCollection`): `size() == 0`.
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// `containsAll(Collection c)` (from `AbstractCollection`).
    pub fn contains_all(&self, c: Option<&PriorityQueue>) -> Result<bool> {
        let c = c.ok_or(JavaException::NullPointer)?;
        for e in c.queue.read(0, c.size)? {
            if !self.contains(e)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `toString()` (from `AbstractCollection`): the heap array in index order.
    pub fn to_java_string_checked(&self) -> Result<String> {
        let shown: Vec<String> = (self.queue.read(0, self.size)?.iter())
            .map(|e| e.map_or_else(|| "null".into(), |e| e.to_string()))
            .collect();
        Ok(format!("[{}]", shown.join(", ")))
    }
}

impl Subject for PriorityQueue {
    const CLASS: &'static str = "PriorityQueue";
    const JAVA_CLASS: &'static str = "java.util.PriorityQueue";

    fn methods() -> Vec<Method<Self>> {
        use Param::{Int, Integer, Object};
        use Return as R;
        #[rustfmt::skip]
        let methods: Vec<Method<Self>> = vec![
            Method::constructor("PriorityQueue", &[], |_| Ok(PriorityQueue::new())),
            Method::constructor("PriorityQueue", &[Int], |a| PriorityQueue::with_capacity(a.int(0))),
            Method::constructor("PriorityQueue", &[Object], |a| PriorityQueue::from_priority_queue(a.object(0))),
            Method::instance("add", &[Integer], R::Bool, |q, a| ok(q.add(a.integer(0)))),
            Method::instance("offer", &[Integer], R::Bool, |q, a| ok(q.offer(a.integer(0)))),
            Method::instance("peek", &[], R::Int, |q, _| ok(q.peek())),
            Method::instance("remove", &[Integer], R::Bool, |q, a| ok(q.remove(a.integer(0)))),
            Method::instance("contains", &[Integer], R::Bool, |q, a| ok(q.contains(a.integer(0)))),
            Method::instance("size", &[], R::Int, |q, _| ok(Ok(q.size()))),
            Method::instance("clear", &[], R::Void, |q, _| ok(q.clear())),
            Method::instance("poll", &[], R::Int, |q, _| ok(q.poll())),
            Method::instance("removeAll", &[Object], R::Bool, |q, a| ok(q.remove_all(a.object(0)))),
            Method::instance("retainAll", &[Object], R::Bool, |q, a| ok(q.retain_all(a.object(0)))),
            Method::instance("remove", &[], R::Int, |q, _| ok(q.remove_head())),
            Method::instance("element", &[], R::Int, |q, _| ok(q.element())),
            Method::instance("addAll", &[Object], R::Bool, |q, a| ok(q.add_all(a.object(0)))),
            Method::instance("isEmpty", &[], R::Bool, |q, _| ok(Ok(q.is_empty()))),
            Method::instance("containsAll", &[Object], R::Bool, |q, a| ok(q.contains_all(a.object(0)))),
            Method::instance("toString", &[], R::Str, |q, _| ok(q.to_java_string_checked())),
        ];
        methods
    }

    fn to_java_string(&self) -> String {
        self.to_java_string_checked()
            .unwrap_or_else(|thrown| format!("<toString threw {thrown}>"))
    }
}
