//! `PriorityQueue`: a port of JDK 17's `java.util.PriorityQueue<Integer>`, a binary heap.
//!
//! # What is ported
//! Java's min-heap in an explicit array `queue` (the [`ElementData`] of
//! [`crate::subjects::java_array`], as in `ArrayList`) under the natural ordering of `Integer` (no comparator):
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

use crate::subjects::java_array::{ElementData, new_length};
use crate::subjects::vector::ok;
use crate::subject::{JavaException, Method, Param, Return, Subject};

type Result<T> = std::result::Result<T, JavaException>;

/// `PriorityQueue.DEFAULT_INITIAL_CAPACITY`.
pub const DEFAULT_INITIAL_CAPACITY: i32 = 11;

/// `java.util.PriorityQueue<Integer>` with natural ordering.
///
/// The Rust methods are Java's, in snake case; `remove(Object)` is
/// [`remove`](Self::remove) and `remove()` is [`remove_head`](Self::remove_head).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::context::TestContext;
    use crate::subject::SubjectUnit;

    type E = JavaException;

    fn queue_of(elements: &[i32]) -> PriorityQueue {
        let mut q = PriorityQueue::new();
        for &e in elements {
            q.add(Some(e)).unwrap();
        }
        q
    }

    fn rendered(q: &PriorityQueue) -> String {
        q.to_java_string_checked().unwrap()
    }

    /// The heap array's elements, in index order.
    fn array(q: &PriorityQueue) -> Vec<i32> {
        (0..q.size()).map(|i| q.queue.get(i).unwrap().unwrap()).collect()
    }

    fn is_heap(q: &PriorityQueue) -> bool {
        let a = array(q);
        (1..a.len()).all(|i| a[(i - 1) / 2] <= a[i])
    }

    #[test]
    fn to_string_is_the_heap_array_like_java() {
        // JDK 17: adding 5, 3, 8, 1, 9, 2, 7, 3, 0 prints [0, 1, 2, 3, 9, 8, 7, 5, 3];
        // poll() → 0, [1, 3, 2, 3, 9, 8, 7, 5]; remove(3) → [1, 3, 2, 5, 9, 8, 7];
        // remove(8) → [1, 3, 2, 5, 9, 7].
        let mut q = queue_of(&[5, 3, 8, 1, 9, 2, 7, 3, 0]);
        assert_eq!(rendered(&q), "[0, 1, 2, 3, 9, 8, 7, 5, 3]");
        assert_eq!(q.poll(), Ok(Some(0)));
        assert_eq!(rendered(&q), "[1, 3, 2, 3, 9, 8, 7, 5]");
        assert_eq!(q.remove(Some(3)), Ok(true));
        assert_eq!(rendered(&q), "[1, 3, 2, 5, 9, 8, 7]");
        assert_eq!(q.remove(Some(8)), Ok(true));
        assert_eq!(rendered(&q), "[1, 3, 2, 5, 9, 7]");
        assert_eq!(PriorityQueue::new().to_java_string(), "[]");
    }

    #[test]
    fn remove_at_sifts_the_moved_element_up_when_it_cannot_go_down() {
        // [1, 5, 2, 6, 7, 3, 4]: removing 6 (a leaf) moves 4 into its slot, below 5: up
        // (JDK 17 prints the same two arrays).
        let mut q = queue_of(&[1, 5, 2, 6, 7, 3, 4]);
        assert_eq!(rendered(&q), "[1, 5, 2, 6, 7, 3, 4]");
        q.remove(Some(6)).unwrap();
        assert_eq!(rendered(&q), "[1, 4, 2, 5, 7, 3]");
        assert!(is_heap(&q));
    }

    #[test]
    fn bulk_remove_compacts_then_heapifies_like_java() {
        // JDK 17: 1..=10, removeAll([2, 4, 1]) → [3, 5, 6, 7, 8, 9, 10];
        // retainAll([9, 3, 10, 7]) → [3, 7, 9, 10].
        let mut q = queue_of(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        assert_eq!(q.remove_all(Some(&queue_of(&[2, 4, 1]))), Ok(true));
        assert_eq!(rendered(&q), "[3, 5, 6, 7, 8, 9, 10]");
        assert_eq!(q.retain_all(Some(&queue_of(&[9, 3, 10, 7]))), Ok(true));
        assert_eq!(rendered(&q), "[3, 7, 9, 10]");
        assert_eq!(q.retain_all(Some(&queue_of(&[9, 3, 10, 7]))), Ok(false));
        assert_eq!(q.remove_all(None), Err(E::NullPointer));
        assert_eq!(PriorityQueue::new().retain_all(None), Err(E::NullPointer));
    }

    #[test]
    fn capacity_starts_at_eleven_and_grows_by_double_plus_two_then_half() {
        // JDK 17 (queue.length, via reflection) while adding 200 elements:
        // [11, 24, 50, 102, 153, 229].
        let mut q = PriorityQueue::new();
        let mut capacities = vec![q.capacity()];
        for i in 0..200 {
            q.add(Some(200 - i)).unwrap();
            if capacities.last() != Some(&q.capacity()) {
                capacities.push(q.capacity());
            }
        }
        assert_eq!(capacities, [11, 24, 50, 102, 153, 229]);
        assert!(is_heap(&q));
        // JDK 17: the copy constructor's array is trimmed: 200 slots; of an empty queue 1.
        assert_eq!(PriorityQueue::from_priority_queue(Some(&q)).unwrap().capacity(), 200);
        let empty = PriorityQueue::from_priority_queue(Some(&PriorityQueue::new())).unwrap();
        assert_eq!(empty.capacity(), 1);
    }

    #[test]
    fn illegal_capacities_and_null_arguments_throw_like_java() {
        // JDK 17: new PriorityQueue(0) IAE; add(null) NPE; contains(null), remove(null)
        // false; new PriorityQueue((PriorityQueue) null) NPE.
        assert_eq!(PriorityQueue::with_capacity(0).err(), Some(E::IllegalArgument));
        assert_eq!(PriorityQueue::with_capacity(1).unwrap().capacity(), 1);
        let mut q = queue_of(&[1]);
        assert_eq!(q.add(None), Err(E::NullPointer));
        assert_eq!(q.offer(None), Err(E::NullPointer));
        assert_eq!(q.contains(None), Ok(false));
        assert_eq!(q.remove(None), Ok(false));
        assert_eq!(PriorityQueue::from_priority_queue(None).err(), Some(E::NullPointer));
        assert_eq!(q.add_all(None), Err(E::NullPointer));
        assert_eq!(q.contains_all(None), Err(E::NullPointer));
    }

    #[test]
    fn remove_and_element_on_an_empty_queue_throw_no_such_element_but_poll_and_peek_are_null() {
        let mut q = PriorityQueue::new();
        assert_eq!(q.remove_head(), Err(E::NoSuchElement));
        assert_eq!(q.element(), Err(E::NoSuchElement));
        assert_eq!((q.poll(), q.peek()), (Ok(None), Ok(None)));
        q.add(Some(4)).unwrap();
        q.add(Some(2)).unwrap();
        assert_eq!(q.element(), Ok(Some(2)));
        assert_eq!(q.remove_head(), Ok(Some(2)));
        q.clear().unwrap();
        assert!(q.is_empty());
    }

    #[test]
    fn add_all_adds_in_the_other_queues_array_order() {
        let mut q = queue_of(&[4]);
        assert_eq!(q.add_all(Some(&queue_of(&[3, 1, 2]))), Ok(true));
        // other's array [1, 3, 2]: add 1 → [1, 4]; 3 → [1, 4, 3]; 2 → [1, 2, 3, 4].
        assert_eq!(rendered(&q), "[1, 2, 3, 4]");
        assert_eq!(q.add_all(Some(&PriorityQueue::new())), Ok(false));
        assert_eq!(q.contains_all(Some(&queue_of(&[4, 1]))), Ok(true));
        assert_eq!(q.contains_all(Some(&queue_of(&[5]))), Ok(false));
    }

    // ---- differential: the port against a sorted-Vec model of the multiset ----

    #[derive(Clone, Debug)]
    enum Op {
        Add(Option<i32>),
        Poll,
        Peek,
        Remove(Option<i32>),
        Contains(Option<i32>),
        RemoveHead,
        Element,
        Size,
        Clear,
        AddAll(Vec<i32>),
        RemoveAll(Vec<i32>),
        RetainAll(Vec<i32>),
        ContainsAll(Vec<i32>),
    }

    fn element() -> impl Strategy<Value = Option<i32>> {
        prop_oneof![1 => Just(None), 8 => (-3..6).prop_map(Some), 1 => any::<i32>().prop_map(Some)]
    }

    fn op() -> impl Strategy<Value = Op> {
        let c = || prop::collection::vec(-3..6i32, 0..5);
        prop_oneof![
            8 => element().prop_map(Op::Add),
            3 => Just(Op::Poll),
            1 => Just(Op::Peek),
            3 => element().prop_map(Op::Remove),
            1 => element().prop_map(Op::Contains),
            1 => Just(Op::RemoveHead),
            1 => Just(Op::Element),
            1 => Just(Op::Size),
            1 => Just(Op::Clear),
            1 => c().prop_map(Op::AddAll),
            1 => c().prop_map(Op::RemoveAll),
            1 => c().prop_map(Op::RetainAll),
            1 => c().prop_map(Op::ContainsAll),
        ]
    }

    fn run_port(q: &mut PriorityQueue, op: &Op) -> std::result::Result<String, E> {
        let shown = |x: &dyn std::fmt::Debug| format!("{x:?}");
        Ok(match op {
            Op::Add(e) => shown(&q.add(*e)?),
            Op::Poll => shown(&q.poll()?),
            Op::Peek => shown(&q.peek()?),
            Op::Remove(e) => shown(&q.remove(*e)?),
            Op::Contains(e) => shown(&q.contains(*e)?),
            Op::RemoveHead => shown(&q.remove_head()?),
            Op::Element => shown(&q.element()?),
            Op::Size => shown(&q.size()),
            Op::Clear => shown(&q.clear()?),
            Op::AddAll(c) => shown(&q.add_all(Some(&queue_of(c)))?),
            Op::RemoveAll(c) => shown(&q.remove_all(Some(&queue_of(c)))?),
            Op::RetainAll(c) => shown(&q.retain_all(Some(&queue_of(c)))?),
            Op::ContainsAll(c) => shown(&q.contains_all(Some(&queue_of(c)))?),
        })
    }

    /// The model: a sorted `Vec` (the multiset; its first element is the head).
    fn run_model(m: &mut Vec<i32>, op: &Op) -> std::result::Result<String, E> {
        let shown = |x: &dyn std::fmt::Debug| format!("{x:?}");
        let head = |m: &Vec<i32>| m.first().copied();
        let out = match op {
            Op::Add(e) => {
                m.push(e.ok_or(E::NullPointer)?);
                shown(&true)
            }
            Op::Poll => shown(&(!m.is_empty()).then(|| m.remove(0))),
            Op::Peek => shown(&head(m)),
            Op::Remove(e) => {
                let at = m.iter().position(|x| Some(*x) == *e);
                shown(&at.map(|i| m.remove(i)).is_some())
            }
            Op::Contains(e) => shown(&e.is_some_and(|e| m.contains(&e))),
            Op::RemoveHead if m.is_empty() => return Err(E::NoSuchElement),
            Op::RemoveHead => shown(&Some(m.remove(0))),
            Op::Element => shown(&Some(head(m).ok_or(E::NoSuchElement)?)),
            Op::Size => shown(&(m.len() as i32)),
            Op::Clear => shown(&m.clear()),
            Op::AddAll(c) => {
                m.extend(c);
                shown(&!c.is_empty())
            }
            Op::RemoveAll(c) | Op::RetainAll(c) => {
                let keep_members = matches!(op, Op::RetainAll(_));
                let before = m.len();
                m.retain(|e| c.contains(e) == keep_members);
                shown(&(m.len() != before))
            }
            Op::ContainsAll(c) => shown(&c.iter().all(|e| m.contains(e))),
        };
        m.sort_unstable();
        Ok(out)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn port_matches_a_sorted_multiset_model_and_keeps_the_heap_invariant(
            capacity in 0..4i32,
            ops in prop::collection::vec(op(), 0..80),
        ) {
            let Ok(mut q) = PriorityQueue::with_capacity(capacity) else {
                prop_assert_eq!(capacity, 0);
                return Ok(());
            };
            let mut model = vec![];
            for (step, op) in ops.iter().enumerate() {
                prop_assert_eq!(run_port(&mut q, op), run_model(&mut model, op), "step {} {:?}", step, op);
                prop_assert!(is_heap(&q), "not a heap after {:?}: {}", op, rendered(&q));
                let mut sorted = array(&q);
                sorted.sort_unstable();
                prop_assert_eq!(&sorted, &model);
            }
        }
    }

    #[test]
    fn paper_context_has_j_43() {
        // vps: int 2, boolean 2, String 2, PriorityQueue 1. nc(m) over the slots
        // (parameters, then target, then result):
        //   PriorityQueue() 1   PriorityQueue(int) 2   PriorityQueue(PriorityQueue) 1   = 4
        //   add(Integer) 2·1·2 = 4  offer 4  peek 1·2 = 2  remove(Integer) 4  contains 4
        //   size 2  clear 1  poll 2  removeAll 1·1·2 = 2  retainAll 2                   = 27
        //   remove() 2  element() 2  addAll 2  isEmpty 2  containsAll 2  toString 2    = 12
        // j = 4 + 27 + 12 = 43
        let unit = SubjectUnit::<PriorityQueue>::new();
        let context = TestContext::paper(&unit).unwrap();
        assert_eq!(context.methods().len(), 19);
        assert_eq!(context.j(), 43);
    }

    #[test]
    fn harness_add_of_a_null_result_throws_null_pointer() {
        let unit = crate::subject::registry().find("PriorityQueue").unwrap();
        assert_eq!(unit.java_class(), "java.util.PriorityQueue");
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let call = |signature: &str, slots: &[u32]| {
            let m = context.methods().iter().position(|m| m.info.signature == signature);
            context.call_space().encode_call(m.unwrap(), slots).unwrap()
        };
        let mut session = unit.session(context.clone());
        // object_vp[0] = new PriorityQueue(int_vp[0]);  capacity 0 → IAE
        assert_eq!(session.step(call("PriorityQueue(int)", &[0, 0])), Err(E::IllegalArgument));
        session.step(call("PriorityQueue()", &[0])).unwrap();
        // int_vp[0] = object_vp[0].poll();  → null
        session.step(call("poll()", &[0, 0])).unwrap();
        assert_eq!(session.primitives().ints, [None, Some(100)]);
        // bool_vp[0] = object_vp[0].add(int_vp[0]);  add(null) → NPE
        assert_eq!(session.step(call("add(Integer)", &[0, 0, 0])), Err(E::NullPointer));
        session.step(call("add(Integer)", &[1, 0, 0])).unwrap();
        assert_eq!(session.render_pools()[3], ("PriorityQueue".into(), vec!["[100]".into()]));
    }
}
