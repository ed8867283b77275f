//! `LinkedList`: a port of JDK 17's `java.util.LinkedList<Integer>`, a doubly linked list.
//!
//! # What is ported
//! Java's node structure: every element is a [`Node`] with `prev`/`next` links, the list
//! holds `first`, `last` and `size`, and `node(index)` walks from the nearer end (from
//! `first` if `index < size >> 1`, else back from `last`). The nodes live in an arena
//! (`Vec<Node>`, links are slot numbers; unlinked slots go on a free list for reuse).
//! `linkFirst`, `linkLast` and `linkBefore` are one `link(e, pred, succ)`, and
//! `unlinkFirst`/`unlinkLast` are `unlink` of the first/last node: the same link updates.
//! `addAll(int, Collection)` links `c.toArray()`'s elements one by one before `succ`, as
//! Java's loop does. Inherited methods follow `AbstractList` (`equals`, `hashCode`) and
//! `AbstractCollection` (`toString`, `containsAll`, `removeAll`/`retainAll` through the
//! iterator's `remove`, i.e. `unlink`, and `isEmpty`).
//!
//! M_C, in the order of the Java source: `LinkedList()`, `LinkedList(LinkedList)`,
//! `getFirst`, `getLast`, `removeFirst`, `removeLast`, `addFirst`, `addLast`, `contains`,
//! `size`, `add(E)`, `remove(Object)`, `addAll(Collection)`, `addAll(int,Collection)`,
//! `clear`, `get`, `set`, `add(int,E)`, `remove(int)`, `indexOf`, `lastIndexOf`, `peek`,
//! `element`, `poll`, `remove()`, `offer`, `offerFirst`, `offerLast`, `peekFirst`,
//! `peekLast`, `pollFirst`, `pollLast`, `push`, `pop`, `removeFirstOccurrence`,
//! `removeLastOccurrence`, `clone`, then the inherited `equals`, `hashCode`, `toString`,
//! `containsAll`, `removeAll`, `retainAll`, `isEmpty`.
//!
//! # What is left out, and why
//! * `listIterator`, `descendingIterator`, `iterator`, `spliterator`, `toArray`,
//!   `stream`, `forEach`, `removeIf`, `replaceAll`, `sort`: not types of interest.
//! * `subList` (and the protected `removeRange`): a view, which cannot live in the object
//!   pool as an independent value.
//! * `modCount`: only iterators and views read it, and none is ported.
//! * Exception messages: [`JavaException`] carries the class only.

use super::vector::ok;
use crate::subject::{JavaException, Method, Param, Return, Subject, Value};

type Result<T> = std::result::Result<T, JavaException>;

/// `LinkedList.Node`: an element and the slot numbers of its neighbours.
#[derive(Clone, Copy, Debug)]
struct Node {
    item: Option<i32>,
    prev: Option<usize>,
    next: Option<usize>,
}

/// `java.util.LinkedList<Integer>`: a doubly linked list of nullable `Integer`s.
///
/// The Rust methods are Java's, in snake case; overloads get distinct names
/// (`remove(Object)` is [`remove`](Self::remove), `remove(int)`
/// [`remove_at`](Self::remove_at), `remove()` [`remove_head`](Self::remove_head)).
#[derive(Clone, Debug, Default)]
pub struct LinkedList {
    nodes: Vec<Node>,
    free: Vec<usize>,
    size: i32,
    first: Option<usize>,
    last: Option<usize>,
}

impl LinkedList {
    /// `new LinkedList()`.
    pub fn new() -> Self {
        Self::default()
    }

    /// `new LinkedList(Collection c)`: `this(); addAll(c)`.
    pub fn from_collection(c: Option<&LinkedList>) -> Result<Self> {
        let mut list = Self::new();
        list.add_all(c)?;
        Ok(list)
    }

    /// The `next` link of `node`, or `first` for the head (`node == None`).
    fn next_link(&mut self, node: Option<usize>) -> &mut Option<usize> {
        match node {
            None => &mut self.first,
            Some(x) => &mut self.nodes[x].next,
        }
    }

    /// The `prev` link of `node`, or `last` for the tail (`node == None`).
    fn prev_link(&mut self, node: Option<usize>) -> &mut Option<usize> {
        match node {
            None => &mut self.last,
            Some(x) => &mut self.nodes[x].prev,
        }
    }

    /// `linkFirst`/`linkLast`/`linkBefore`: a new node for `e` between `pred` and `succ`.
    fn link(&mut self, e: Option<i32>, pred: Option<usize>, succ: Option<usize>) -> usize {
        let node = Node { item: e, prev: pred, next: succ };
        let new_node = match self.free.pop() {
            Some(slot) => {
                self.nodes[slot] = node;
                slot
            }
            None => {
                self.nodes.push(node);
                self.nodes.len() - 1
            }
        };
        *self.next_link(pred) = Some(new_node);
        *self.prev_link(succ) = Some(new_node);
        self.size += 1;
        new_node
    }

    /// `unlink(Node x)` (also `unlinkFirst`/`unlinkLast`): returns the element.
    fn unlink(&mut self, x: usize) -> Option<i32> {
        let Node { item, prev, next } = self.nodes[x];
        *self.next_link(prev) = next;
        *self.prev_link(next) = prev;
        self.size -= 1;
        self.free.push(x);
        item
    }

    /// The nodes from `first` to `last`.
    fn nodes_forward(&self) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(self.first, |&x| self.nodes[x].next)
    }

    /// The nodes from `last` back to `first`.
    fn nodes_backward(&self) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(self.last, |&x| self.nodes[x].prev)
    }

    /// The elements in order (`toArray()`).
    fn items(&self) -> Vec<Option<i32>> {
        self.nodes_forward().map(|x| self.nodes[x].item).collect()
    }

    /// `getFirst()`: `NoSuchElementException` when empty.
    pub fn get_first(&self) -> Result<Option<i32>> {
        let f = self.first.ok_or(JavaException::NoSuchElement)?;
        Ok(self.nodes[f].item)
    }

    /// `getLast()`: `NoSuchElementException` when empty.
    pub fn get_last(&self) -> Result<Option<i32>> {
        let l = self.last.ok_or(JavaException::NoSuchElement)?;
        Ok(self.nodes[l].item)
    }

    /// `removeFirst()`: `NoSuchElementException` when empty.
    pub fn remove_first(&mut self) -> Result<Option<i32>> {
        let f = self.first.ok_or(JavaException::NoSuchElement)?;
        Ok(self.unlink(f))
    }

    /// `removeLast()`: `NoSuchElementException` when empty.
    pub fn remove_last(&mut self) -> Result<Option<i32>> {
        let l = self.last.ok_or(JavaException::NoSuchElement)?;
        Ok(self.unlink(l))
    }

    /// `addFirst(E e)`: `linkFirst(e)`.
    pub fn add_first(&mut self, e: Option<i32>) {
        self.link(e, None, self.first);
    }

    /// `addLast(E e)`: `linkLast(e)`.
    pub fn add_last(&mut self, e: Option<i32>) {
        self.link(e, self.last, None);
    }

    /// `contains(Object o)`: `indexOf(o) >= 0`.
    pub fn contains(&self, o: Option<i32>) -> bool {
        self.index_of(o) >= 0
    }

    /// `size()`.
    pub fn size(&self) -> i32 {
        self.size
    }

    /// `add(E e)`: `linkLast(e)`; always `true`.
    pub fn add(&mut self, e: Option<i32>) -> bool {
        self.add_last(e);
        true
    }

    /// `remove(Object o)`: unlinks the first occurrence; whether there was one.
    pub fn remove(&mut self, o: Option<i32>) -> bool {
        let found = self.nodes_forward().find(|&x| self.nodes[x].item == o);
        found.map(|x| self.unlink(x)).is_some()
    }

    /// `addAll(Collection c)`: `addAll(size, c)`.
    pub fn add_all(&mut self, c: Option<&LinkedList>) -> Result<bool> {
        self.add_all_at(self.size, c)
    }

    /// `addAll(int index, Collection c)`: checks the position before looking at `c`.
    pub fn add_all_at(&mut self, index: i32, c: Option<&LinkedList>) -> Result<bool> {
        self.check_position_index(index)?;
        let a = c.ok_or(JavaException::NullPointer)?.items();
        let (mut pred, succ) = if index == self.size {
            (self.last, None)
        } else {
            let succ = self.node(index);
            (self.nodes[succ].prev, Some(succ))
        };
        for &e in &a {
            pred = Some(self.link(e, pred, succ));
        }
        Ok(!a.is_empty())
    }

    /// `clear()`: unlinks every node.
    pub fn clear(&mut self) {
        *self = Self::new();
    }

    /// `get(int index)`.
    pub fn get(&self, index: i32) -> Result<Option<i32>> {
        self.check_element_index(index)?;
        Ok(self.nodes[self.node(index)].item)
    }

    /// `set(int index, E element)`: returns the element replaced.
    pub fn set(&mut self, index: i32, element: Option<i32>) -> Result<Option<i32>> {
        self.check_element_index(index)?;
        let x = self.node(index);
        Ok(std::mem::replace(&mut self.nodes[x].item, element))
    }

    /// `add(int index, E element)`: `linkLast` at `size`, else `linkBefore(node(index))`.
    pub fn add_at(&mut self, index: i32, element: Option<i32>) -> Result<()> {
        self.check_position_index(index)?;
        if index == self.size {
            self.add_last(element);
        } else {
            let succ = self.node(index);
            self.link(element, self.nodes[succ].prev, Some(succ));
        }
        Ok(())
    }

    /// `remove(int index)`: unlinks and returns the element at `index`.
    pub fn remove_at(&mut self, index: i32) -> Result<Option<i32>> {
        self.check_element_index(index)?;
        Ok(self.unlink(self.node(index)))
    }

    /// `checkElementIndex(int index)`: `[0, size)`.
    fn check_element_index(&self, index: i32) -> Result<()> {
        if !(0..self.size).contains(&index) {
            return Err(JavaException::IndexOutOfBounds); // "Index: " + index + ", Size: " + size
        }
        Ok(())
    }

    /// `checkPositionIndex(int index)`: `[0, size]`.
    fn check_position_index(&self, index: i32) -> Result<()> {
        if !(0..=self.size).contains(&index) {
            return Err(JavaException::IndexOutOfBounds); // "Index: " + index + ", Size: " + size
        }
        Ok(())
    }

    /// `node(int index)`: walks from `first` if `index` is in the first half, else from
    /// `last`.
    fn node(&self, index: i32) -> usize {
        if index < (self.size >> 1) {
            self.nodes_forward().nth(index as usize)
        } else {
            self.nodes_backward().nth((self.size - 1 - index) as usize)
        }
        .expect("node(index) is called with a checked index")
    }

    /// `indexOf(Object o)`: the first index holding `o`, or -1.
    pub fn index_of(&self, o: Option<i32>) -> i32 {
        let found = self.nodes_forward().position(|x| self.nodes[x].item == o);
        found.map_or(-1, |i| i as i32)
    }

    /// `lastIndexOf(Object o)`: the last index holding `o`, or -1.
    pub fn last_index_of(&self, o: Option<i32>) -> i32 {
        let found = self.nodes_backward().position(|x| self.nodes[x].item == o);
        found.map_or(-1, |i| self.size - 1 - i as i32)
    }

    /// `peek()`: the first element, or `null` when empty.
    pub fn peek(&self) -> Option<i32> {
        self.first.and_then(|f| self.nodes[f].item)
    }

    /// `element()`: `getFirst()`.
    pub fn element(&self) -> Result<Option<i32>> {
        self.get_first()
    }

    /// `poll()`: removes the first element, or returns `null` when empty.
    pub fn poll(&mut self) -> Option<i32> {
        self.first.and_then(|f| self.unlink(f))
    }

    /// `remove()`: `removeFirst()`.
    pub fn remove_head(&mut self) -> Result<Option<i32>> {
        self.remove_first()
    }

    /// `offer(E e)`: `add(e)`.
    pub fn offer(&mut self, e: Option<i32>) -> bool {
        self.add(e)
    }

    /// `offerFirst(E e)`: `addFirst(e)`; `true`.
    pub fn offer_first(&mut self, e: Option<i32>) -> bool {
        self.add_first(e);
        true
    }

    /// `offerLast(E e)`: `addLast(e)`; `true`.
    pub fn offer_last(&mut self, e: Option<i32>) -> bool {
        self.add_last(e);
        true
    }

    /// `peekFirst()`: as `peek()`.
    pub fn peek_first(&self) -> Option<i32> {
        self.peek()
    }

    /// `peekLast()`: the last element, or `null` when empty.
    pub fn peek_last(&self) -> Option<i32> {
        self.last.and_then(|l| self.nodes[l].item)
    }

    /// `pollFirst()`: as `poll()`.
    pub fn poll_first(&mut self) -> Option<i32> {
        self.poll()
    }

    /// `pollLast()`: removes the last element, or returns `null` when empty.
    pub fn poll_last(&mut self) -> Option<i32> {
        self.last.and_then(|l| self.unlink(l))
    }

    /// `push(E e)`: `addFirst(e)`.
    pub fn push(&mut self, e: Option<i32>) {
        self.add_first(e);
    }

    /// `pop()`: `removeFirst()`.
    pub fn pop(&mut self) -> Result<Option<i32>> {
        self.remove_first()
    }

    /// `removeFirstOccurrence(Object o)`: `remove(o)`.
    pub fn remove_first_occurrence(&mut self, o: Option<i32>) -> bool {
        self.remove(o)
    }

    /// `removeLastOccurrence(Object o)`: unlinks the last occurrence, searching from
    /// `last`.
    pub fn remove_last_occurrence(&mut self, o: Option<i32>) -> bool {
        let found = self.nodes_backward().find(|&x| self.nodes[x].item == o);
        found.map(|x| self.unlink(x)).is_some()
    }

    /// `clone()`: a new list to which every element is `add`ed.
    pub fn clone_list(&self) -> LinkedList {
        let mut clone = LinkedList::new();
        for e in self.items() {
            clone.add(e);
        }
        clone
    }

    /// `equals(Object o)` (from `AbstractList`): `false` for `null`, else element-wise.
    pub fn equals(&self, o: Option<&LinkedList>) -> bool {
        o.is_some_and(|other| self.items() == other.items())
    }

    /// `hashCode()` (from `AbstractList`): `31 * h + hash(e)` from `h = 1`, wrapping.
    pub fn hash_code(&self) -> i32 {
        let hash = |h: i32, e: Option<i32>| h.wrapping_mul(31).wrapping_add(e.unwrap_or(0));
        self.items().into_iter().fold(1, hash)
    }

    /// `containsAll(Collection c)` (from `AbstractCollection`).
    pub fn contains_all(&self, c: Option<&LinkedList>) -> Result<bool> {
        let c = c.ok_or(JavaException::NullPointer)?;
        Ok(c.items().into_iter().all(|e| self.contains(e)))
    }

    /// `removeAll(Collection c)` (from `AbstractCollection`).
    pub fn remove_all(&mut self, c: Option<&LinkedList>) -> Result<bool> {
        self.remove_where(c.ok_or(JavaException::NullPointer)?, true)
    }

    /// `retainAll(Collection c)` (from `AbstractCollection`).
    pub fn retain_all(&mut self, c: Option<&LinkedList>) -> Result<bool> {
        self.remove_where(c.ok_or(JavaException::NullPointer)?, false)
    }

    /// The iterator loop of `removeAll`/`retainAll`: `it.remove()` (`unlink`) every
    /// element with `c.contains(e) == member`; whether any was removed.
    fn remove_where(&mut self, c: &LinkedList, member: bool) -> Result<bool> {
        let doomed: Vec<usize> = (self.nodes_forward())
            .filter(|&x| c.contains(self.nodes[x].item) == member)
            .collect();
        for &x in &doomed {
            self.unlink(x);
        }
        Ok(!doomed.is_empty())
    }

    /// `isEmpty()` (from `AbstractCollection`): `size() == 0`.
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }
}

impl From<LinkedList> for Value<LinkedList> {
    /// A list result (`clone()`), stored in the object pool.
    fn from(list: LinkedList) -> Self {
        Value::Object(Some(list))
    }
}

impl Subject for LinkedList {
    const CLASS: &'static str = "LinkedList";
    const JAVA_CLASS: &'static str = "java.util.LinkedList";

    fn methods() -> Vec<Method<Self>> {
        use Param::{Int, Integer, Object};
        use Return as R;
        #[rustfmt::skip]
        let methods = vec![
            Method::constructor("LinkedList", &[], |_| Ok(LinkedList::new())),
            Method::constructor("LinkedList", &[Object], |a| LinkedList::from_collection(a.object(0))),
            Method::instance("getFirst", &[], R::Int, |l, _| ok(l.get_first())),
            Method::instance("getLast", &[], R::Int, |l, _| ok(l.get_last())),
            Method::instance("removeFirst", &[], R::Int, |l, _| ok(l.remove_first())),
            Method::instance("removeLast", &[], R::Int, |l, _| ok(l.remove_last())),
            Method::instance("addFirst", &[Integer], R::Void, |l, a| { l.add_first(a.integer(0)); ok(Ok(())) }),
            Method::instance("addLast", &[Integer], R::Void, |l, a| { l.add_last(a.integer(0)); ok(Ok(())) }),
            Method::instance("contains", &[Integer], R::Bool, |l, a| ok(Ok(l.contains(a.integer(0))))),
            Method::instance("size", &[], R::Int, |l, _| ok(Ok(l.size()))),
            Method::instance("add", &[Integer], R::Bool, |l, a| ok(Ok(l.add(a.integer(0))))),
            Method::instance("remove", &[Integer], R::Bool, |l, a| ok(Ok(l.remove(a.integer(0))))),
            Method::instance("addAll", &[Object], R::Bool, |l, a| ok(l.add_all(a.object(0)))),
            Method::instance("addAll", &[Int, Object], R::Bool, |l, a| ok(l.add_all_at(a.int(0), a.object(1)))),
            Method::instance("clear", &[], R::Void, |l, _| { l.clear(); ok(Ok(())) }),
            Method::instance("get", &[Int], R::Int, |l, a| ok(l.get(a.int(0)))),
            Method::instance("set", &[Int, Integer], R::Int, |l, a| ok(l.set(a.int(0), a.integer(1)))),
            Method::instance("add", &[Int, Integer], R::Void, |l, a| ok(l.add_at(a.int(0), a.integer(1)))),
            Method::instance("remove", &[Int], R::Int, |l, a| ok(l.remove_at(a.int(0)))),
            Method::instance("indexOf", &[Integer], R::Int, |l, a| ok(Ok(l.index_of(a.integer(0))))),
            Method::instance("lastIndexOf", &[Integer], R::Int, |l, a| ok(Ok(l.last_index_of(a.integer(0))))),
            Method::instance("peek", &[], R::Int, |l, _| ok(Ok(l.peek()))),
            Method::instance("element", &[], R::Int, |l, _| ok(l.element())),
            Method::instance("poll", &[], R::Int, |l, _| ok(Ok(l.poll()))),
            Method::instance("remove", &[], R::Int, |l, _| ok(l.remove_head())),
            Method::instance("offer", &[Integer], R::Bool, |l, a| ok(Ok(l.offer(a.integer(0))))),
            Method::instance("offerFirst", &[Integer], R::Bool, |l, a| ok(Ok(l.offer_first(a.integer(0))))),
            Method::instance("offerLast", &[Integer], R::Bool, |l, a| ok(Ok(l.offer_last(a.integer(0))))),
            Method::instance("peekFirst", &[], R::Int, |l, _| ok(Ok(l.peek_first()))),
            Method::instance("peekLast", &[], R::Int, |l, _| ok(Ok(l.peek_last()))),
            Method::instance("pollFirst", &[], R::Int, |l, _| ok(Ok(l.poll_first()))),
            Method::instance("pollLast", &[], R::Int, |l, _| ok(Ok(l.poll_last()))),
            Method::instance("push", &[Integer], R::Void, |l, a| { l.push(a.integer(0)); ok(Ok(())) }),
            Method::instance("pop", &[], R::Int, |l, _| ok(l.pop())),
            Method::instance("removeFirstOccurrence", &[Integer], R::Bool, |l, a| ok(Ok(l.remove_first_occurrence(a.integer(0))))),
            Method::instance("removeLastOccurrence", &[Integer], R::Bool, |l, a| ok(Ok(l.remove_last_occurrence(a.integer(0))))),
            Method::instance("clone", &[], R::Object, |l, _| ok(Ok(l.clone_list()))),
            Method::instance("equals", &[Object], R::Bool, |l, a| ok(Ok(l.equals(a.object(0))))),
            Method::instance("hashCode", &[], R::Int, |l, _| ok(Ok(l.hash_code()))),
            Method::instance("toString", &[], R::Str, |l, _| ok(Ok(l.to_java_string()))),
            Method::instance("containsAll", &[Object], R::Bool, |l, a| ok(l.contains_all(a.object(0)))),
            Method::instance("removeAll", &[Object], R::Bool, |l, a| ok(l.remove_all(a.object(0)))),
            Method::instance("retainAll", &[Object], R::Bool, |l, a| ok(l.retain_all(a.object(0)))),
            Method::instance("isEmpty", &[], R::Bool, |l, _| ok(Ok(l.is_empty()))),
        ];
        methods
    }

    /// `toString()` (from `AbstractCollection`): `[1, 2, null]`.
    fn to_java_string(&self) -> String {
        let shown: Vec<String> = (self.items().iter())
            .map(|e| e.map_or_else(|| "null".into(), |e| e.to_string()))
            .collect();
        format!("[{}]", shown.join(", "))
    }
}
