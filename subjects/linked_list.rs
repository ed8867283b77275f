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
//! Java's loop does. The inherited methods are the shared ones of
//! [`crate::subjects::abstract_collection`]: `AbstractList`'s `equals` and `hashCode` (over
//! `LinkedList`'s own iterator, which follows the `next` links) and `AbstractCollection`'s
//! `toString` and `containsAll`; `AbstractCollection`'s `removeAll`/`retainAll` loop is
//! here, over `LinkedList`'s own `ListItr` (`next()` follows the `next` links,
//! `remove()` unlinks the last returned node), as `iterator()` is `listIterator(0)` in
//! Java; `isEmpty` (`AbstractCollection`'s `size() == 0`) is here too.
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

use crate::subjects::abstract_collection::{AbstractCollection, AbstractList, Iter};
use crate::subjects::vector::ok;
use crate::subject::{JavaException, Method, Param, Return, Subject, Value};

type Result<T> = std::result::Result<T, JavaException>;

/// `LinkedList.Node`: an element and the slot numbers of its neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
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

    /// `equals(Object o)` ([`AbstractList::equals`]): `false` for `null`, else
    /// element-wise.
    pub fn equals(&self, o: Option<&LinkedList>) -> bool {
        AbstractList::equals(self, o).expect("a LinkedList iterator does not throw")
    }

    /// `hashCode()` ([`AbstractList::hash_code`]): `31 * h + hash(e)` from `h = 1`,
    /// wrapping.
    pub fn hash_code(&self) -> i32 {
        AbstractList::hash_code(self).expect("a LinkedList iterator does not throw")
    }

    /// `isEmpty()` (from `AbstractCollection`): `size() == 0`.
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }
}

impl AbstractCollection for LinkedList {
    /// `size()`.
    fn size(&self) -> i32 {
        self.size
    }

    /// `contains(Object o)`: `indexOf(o) >= 0`, as [`LinkedList::contains`].
    fn contains(&self, o: Option<i32>) -> Result<bool> {
        Ok(LinkedList::contains(self, o))
    }

    /// `iterator()`: a `ListItr`, which follows the `next` links from `first`.
    fn iterator(&self) -> Iter<'_> {
        Box::new(self.nodes_forward().map(|x| Ok(self.nodes[x].item)))
    }
}

impl AbstractList for LinkedList {
    /// `get(int index)`.
    fn get(&self, index: i32) -> Result<Option<i32>> {
        self.check_element_index(index)?;
        Ok(self.nodes[self.node(index)].item)
    }

    /// `remove(int index)`: unlinks and returns the element at `index`.
    fn remove_at(&mut self, index: i32) -> Result<Option<i32>> {
        self.check_element_index(index)?;
        Ok(self.unlink(self.node(index)))
    }

    /// `removeAll(Collection c)` (`AbstractCollection`): `Objects.requireNonNull(c)`, then
    /// removes through `LinkedList`'s own iterator what `c` contains.
    fn remove_all(&mut self, c: Option<&Self>) -> Result<bool> {
        let Some(c) = c else {
            return Err(JavaException::NullPointer);
        };
        self.remove_through_list_itr(c, true)
    }

    /// `retainAll(Collection c)` (`AbstractCollection`): `Objects.requireNonNull(c)`, then
    /// removes through `LinkedList`'s own iterator what `c` does not contain.
    fn retain_all(&mut self, c: Option<&Self>) -> Result<bool> {
        let Some(c) = c else {
            return Err(JavaException::NullPointer);
        };
        self.remove_through_list_itr(c, false)
    }
}

impl LinkedList {
    /// The loop of `AbstractCollection.removeAll`/`retainAll` over `iterator()`, which for
    /// a `LinkedList` is `listIterator(0)`, a `ListItr`: `it.remove()` each element `e`
    /// with `c.contains(e) == contained`; whether any was removed. `ListItr(0)` starts at
    /// `node(0)` (`null` when empty); `hasNext()` is `nextIndex < size`; `next()` steps to
    /// `next.next`; `remove()` unlinks `lastReturned` and, unless `next` was that node,
    /// steps `nextIndex` back. `modCount` is not ported: `ListItr.remove()` keeps its
    /// `expectedModCount` in step, so the check cannot fire in this loop.
    fn remove_through_list_itr(&mut self, c: &LinkedList, contained: bool) -> Result<bool> {
        let mut modified = false;
        let mut next = if self.size == 0 {
            None
        } else {
            Some(self.node(0))
        };
        let mut next_index = 0;
        while next_index < self.size {
            let Some(last_returned) = next else {
                return Err(JavaException::NullPointer); // `next.next` with `next == null`
            };
            next = self.nodes[last_returned].next;
            next_index += 1;
            if c.contains(self.nodes[last_returned].item) == contained {
                let last_next = self.nodes[last_returned].next;
                self.unlink(last_returned);
                if next == Some(last_returned) {
                    next = last_next;
                } else {
                    next_index -= 1;
                }
                modified = true;
            }
        }
        Ok(modified)
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
        self.to_java_string_checked().expect("a LinkedList iterator does not throw")
    }
}

/// `LinkedList` field by field (issue 18): the header's `first`, `last` and `size`, each
/// node's `item`, `prev` and `next`.
impl crate::subject::heap::HeapBuild for LinkedList {
    const HEADER: &'static [(&'static str, crate::subject::heap::FieldKind)] = &[
        ("first", crate::subject::heap::FieldKind::Node),
        ("last", crate::subject::heap::FieldKind::Node),
        ("size", crate::subject::heap::FieldKind::Int),
    ];
    const NODE: &'static [(&'static str, crate::subject::heap::FieldKind)] = &[
        ("item", crate::subject::heap::FieldKind::Integer),
        ("prev", crate::subject::heap::FieldKind::Node),
        ("next", crate::subject::heap::FieldKind::Node),
    ];

    fn from_heap(heap: &crate::subject::heap::HeapFields) -> Self {
        let node = |f: &[crate::subject::heap::FieldValue]| Node { item: f[0].int(), prev: f[1].node(), next: f[2].node() };
        LinkedList {
            nodes: heap.nodes.iter().map(|f| node(f)).collect(),
            free: Vec::new(),
            first: heap.header[0].node(),
            last: heap.header[1].node(),
            size: heap.header[2].int().unwrap_or(0),
        }
    }

    fn heap(&self) -> crate::subject::heap::HeapFields {
        // Free slots are stored nodes no link reaches.
        crate::subject::heap::HeapFields {
            header: vec![
                crate::subject::heap::FieldValue::link(self.first),
                crate::subject::heap::FieldValue::link(self.last),
                crate::subject::heap::FieldValue::Int(self.size),
            ],
            nodes: self
                .nodes
                .iter()
                .map(|n| vec![crate::subject::heap::FieldValue::integer(n.item), crate::subject::heap::FieldValue::link(n.prev), crate::subject::heap::FieldValue::link(n.next)])
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::context::TestContext;
    use crate::subject::SubjectUnit;

    type E = JavaException;

    fn list_of(elements: &[Option<i32>]) -> LinkedList {
        let mut list = LinkedList::new();
        for &e in elements {
            list.add(e);
        }
        list
    }

    /// Checks the links: forward and backward walks agree, ends have no outer links.
    fn links_are_consistent(list: &LinkedList) -> bool {
        let forward: Vec<usize> = list.nodes_forward().collect();
        let mut backward: Vec<usize> = list.nodes_backward().collect();
        backward.reverse();
        forward == backward
            && forward.len() == list.size() as usize
            && list.first.is_none_or(|f| list.nodes[f].prev.is_none())
            && list.last.is_none_or(|l| list.nodes[l].next.is_none())
    }

    #[test]
    fn deque_and_list_methods_match_java() {
        // JDK 17: add 1, addFirst 0, add(2, null), push 7, offerLast 1 → [7, 0, 1, null, 1],
        // lastIndexOf(1) 4, indexOf(null) 3, hashCode 35094760; removeLastOccurrence(1)
        // → [7, 0, 1, null]; pollLast() null, pop() 7 → [0, 1];
        // addAll(1, [5, 6]) → [0, 5, 6, 1]; addAll(5, null) IOOBE; addAll(0, null) NPE.
        let mut l = LinkedList::new();
        l.add(Some(1));
        l.add_first(Some(0));
        l.add_at(2, None).unwrap();
        l.push(Some(7));
        assert!(l.offer_last(Some(1)));
        assert_eq!(l.to_java_string(), "[7, 0, 1, null, 1]");
        assert_eq!((l.last_index_of(Some(1)), l.index_of(None)), (4, 3));
        assert_eq!(l.hash_code(), 35_094_760);
        assert!(l.remove_last_occurrence(Some(1)));
        assert_eq!(l.to_java_string(), "[7, 0, 1, null]");
        assert_eq!((l.poll_last(), l.pop()), (None, Ok(Some(7))));
        assert_eq!(l.to_java_string(), "[0, 1]");
        assert_eq!(l.add_all_at(1, Some(&list_of(&[Some(5), Some(6)]))), Ok(true));
        assert_eq!(l.to_java_string(), "[0, 5, 6, 1]");
        assert_eq!(l.add_all_at(5, None), Err(E::IndexOutOfBounds));
        assert_eq!(l.add_all_at(0, None), Err(E::NullPointer));
        assert!(links_are_consistent(&l));
    }

    #[test]
    fn empty_list_throws_no_such_element_where_java_does_and_returns_null_elsewhere() {
        let mut l = LinkedList::new();
        for thrown in [l.get_first(), l.get_last(), l.element()] {
            assert_eq!(thrown, Err(E::NoSuchElement));
        }
        assert_eq!(l.remove_first(), Err(E::NoSuchElement));
        assert_eq!(l.remove_last(), Err(E::NoSuchElement));
        assert_eq!(l.remove_head(), Err(E::NoSuchElement));
        assert_eq!(l.pop(), Err(E::NoSuchElement));
        // JDK 17: new LinkedList().peek() and .pollLast() are null.
        assert_eq!((l.peek(), l.peek_first(), l.peek_last()), (None, None, None));
        assert_eq!((l.poll(), l.poll_first(), l.poll_last()), (None, None, None));
    }

    #[test]
    fn index_methods_check_element_and_position_indices() {
        let mut l = list_of(&[Some(1), Some(2)]);
        assert_eq!(l.get(2), Err(E::IndexOutOfBounds));
        assert_eq!(l.get(-1), Err(E::IndexOutOfBounds));
        assert_eq!(l.set(2, None), Err(E::IndexOutOfBounds));
        assert_eq!(l.remove_at(2), Err(E::IndexOutOfBounds));
        assert_eq!(l.add_at(3, None), Err(E::IndexOutOfBounds));
        assert_eq!(l.add_at(-1, None), Err(E::IndexOutOfBounds));
        l.add_at(2, Some(3)).unwrap();
        assert_eq!(l.set(0, None), Ok(Some(1)));
        assert_eq!(l.remove_at(1), Ok(Some(2)));
        assert_eq!(l.to_java_string(), "[null, 3]");
    }

    #[test]
    fn node_walks_from_the_nearer_end() {
        let l = list_of(&(0..9).map(Some).collect::<Vec<_>>());
        for i in 0..9 {
            assert_eq!(l.get(i), Ok(Some(i)));
        }
        // Slots are reused after unlinking, so list order is not slot order.
        let mut m = l.clone();
        m.remove_at(4).unwrap();
        m.add_first(Some(-1));
        assert_eq!(m.nodes.len(), 9);
        assert_eq!(m.get(0), Ok(Some(-1)));
        assert_eq!(m.get(5), Ok(Some(5)));
        assert!(links_are_consistent(&m));
    }

    #[test]
    fn bulk_methods_equals_and_clone() {
        let c = list_of(&[Some(2), None]);
        let mut l = list_of(&[Some(1), Some(2), None, Some(2), Some(3)]);
        assert_eq!(l.contains_all(Some(&c)), Ok(true));
        assert_eq!(l.remove_all(Some(&c)), Ok(true));
        assert_eq!(l.to_java_string(), "[1, 3]");
        assert_eq!(l.retain_all(Some(&list_of(&[Some(3)]))), Ok(true));
        assert_eq!(l.retain_all(Some(&list_of(&[Some(3)]))), Ok(false));
        assert_eq!(l.remove_all(None), Err(E::NullPointer));
        assert_eq!(l.contains_all(None), Err(E::NullPointer));
        let copy = l.clone_list();
        assert!(copy.equals(Some(&l)) && !copy.equals(None));
        assert!(!copy.equals(Some(&LinkedList::new())));
        let built = LinkedList::from_collection(Some(&c)).unwrap();
        assert_eq!(built.to_java_string(), "[2, null]");
        assert_eq!(LinkedList::from_collection(None).err(), Some(E::NullPointer));
        let mut cleared = built.clone();
        cleared.clear();
        assert!(cleared.is_empty() && links_are_consistent(&cleared));
    }

    // ---- differential: the port against a VecDeque model ----

    #[derive(Clone, Debug)]
    enum Op {
        AddFirst(Option<i32>),
        AddLast(Option<i32>),
        AddAt(i32, Option<i32>),
        Get(i32),
        Set(i32, Option<i32>),
        RemoveAt(i32),
        Remove(Option<i32>),
        RemoveLastOccurrence(Option<i32>),
        RemoveFirst,
        RemoveLast,
        PollFirst,
        PollLast,
        PeekLast,
        IndexOf(Option<i32>),
        LastIndexOf(Option<i32>),
        AddAllAt(i32, Option<Vec<Option<i32>>>),
        RemoveAll(Vec<Option<i32>>),
        RetainAll(Vec<Option<i32>>),
        Equals(Vec<Option<i32>>),
        HashCode,
        Clear,
    }

    fn element() -> impl Strategy<Value = Option<i32>> {
        prop_oneof![1 => Just(None), 5 => (-1..4).prop_map(Some)]
    }

    fn op() -> impl Strategy<Value = Op> {
        let c = || prop::collection::vec(element(), 0..5);
        let i = || -1..12i32;
        prop_oneof![
            3 => element().prop_map(Op::AddFirst),
            4 => element().prop_map(Op::AddLast),
            3 => (i(), element()).prop_map(|(i, e)| Op::AddAt(i, e)),
            3 => i().prop_map(Op::Get),
            1 => (i(), element()).prop_map(|(i, e)| Op::Set(i, e)),
            2 => i().prop_map(Op::RemoveAt),
            1 => element().prop_map(Op::Remove),
            1 => element().prop_map(Op::RemoveLastOccurrence),
            1 => Just(Op::RemoveFirst),
            1 => Just(Op::RemoveLast),
            1 => Just(Op::PollFirst),
            1 => Just(Op::PollLast),
            1 => Just(Op::PeekLast),
            1 => element().prop_map(Op::IndexOf),
            1 => element().prop_map(Op::LastIndexOf),
            1 => (i(), prop::option::weighted(0.9, c())).prop_map(|(i, c)| Op::AddAllAt(i, c)),
            1 => c().prop_map(Op::RemoveAll),
            1 => c().prop_map(Op::RetainAll),
            1 => c().prop_map(Op::Equals),
            1 => Just(Op::HashCode),
            1 => Just(Op::Clear),
        ]
    }

    fn run_port(l: &mut LinkedList, op: &Op) -> std::result::Result<String, E> {
        let shown = |x: &dyn std::fmt::Debug| format!("{x:?}");
        Ok(match op {
            Op::AddFirst(e) => shown(&l.add_first(*e)),
            Op::AddLast(e) => shown(&l.add_last(*e)),
            Op::AddAt(i, e) => shown(&l.add_at(*i, *e)?),
            Op::Get(i) => shown(&l.get(*i)?),
            Op::Set(i, e) => shown(&l.set(*i, *e)?),
            Op::RemoveAt(i) => shown(&l.remove_at(*i)?),
            Op::Remove(e) => shown(&l.remove(*e)),
            Op::RemoveLastOccurrence(e) => shown(&l.remove_last_occurrence(*e)),
            Op::RemoveFirst => shown(&l.remove_first()?),
            Op::RemoveLast => shown(&l.remove_last()?),
            Op::PollFirst => shown(&l.poll_first()),
            Op::PollLast => shown(&l.poll_last()),
            Op::PeekLast => shown(&l.peek_last()),
            Op::IndexOf(e) => shown(&l.index_of(*e)),
            Op::LastIndexOf(e) => shown(&l.last_index_of(*e)),
            Op::AddAllAt(i, c) => shown(&l.add_all_at(*i, c.as_deref().map(list_of).as_ref())?),
            Op::RemoveAll(c) => shown(&l.remove_all(Some(&list_of(c)))?),
            Op::RetainAll(c) => shown(&l.retain_all(Some(&list_of(c)))?),
            Op::Equals(c) => shown(&l.equals(Some(&list_of(c)))),
            Op::HashCode => shown(&l.hash_code()),
            Op::Clear => shown(&l.clear()),
        })
    }

    fn run_model(v: &mut VecDeque<Option<i32>>, op: &Op) -> std::result::Result<String, E> {
        let shown = |x: &dyn std::fmt::Debug| format!("{x:?}");
        let len = v.len() as i32;
        let at = |i: i32| (0..len).contains(&i).then_some(i as usize).ok_or(E::IndexOutOfBounds);
        let gap = |i: i32| (0..=len).contains(&i).then_some(i as usize).ok_or(E::IndexOutOfBounds);
        Ok(match op {
            Op::AddFirst(e) => shown(&v.push_front(*e)),
            Op::AddLast(e) => shown(&v.push_back(*e)),
            Op::AddAt(i, e) => shown(&v.insert(gap(*i)?, *e)),
            Op::Get(i) => shown(&v[at(*i)?]),
            Op::Set(i, e) => shown(&std::mem::replace(&mut v[at(*i)?], *e)),
            Op::RemoveAt(i) => shown(&v.remove(at(*i)?).unwrap()),
            Op::Remove(e) => shown(&v.iter().position(|x| x == e).map(|i| v.remove(i)).is_some()),
            Op::RemoveLastOccurrence(e) => {
                shown(&v.iter().rposition(|x| x == e).map(|i| v.remove(i)).is_some())
            }
            Op::RemoveFirst => shown(&v.pop_front().ok_or(E::NoSuchElement)?),
            Op::RemoveLast => shown(&v.pop_back().ok_or(E::NoSuchElement)?),
            Op::PollFirst => shown(&v.pop_front().flatten()),
            Op::PollLast => shown(&v.pop_back().flatten()),
            Op::PeekLast => shown(&v.back().copied().flatten()),
            Op::IndexOf(e) => shown(&v.iter().position(|x| x == e).map_or(-1, |i| i as i32)),
            Op::LastIndexOf(e) => shown(&v.iter().rposition(|x| x == e).map_or(-1, |i| i as i32)),
            Op::AddAllAt(i, c) => {
                let at = gap(*i)?;
                let c = c.as_ref().ok_or(E::NullPointer)?;
                for (k, e) in c.iter().enumerate() {
                    v.insert(at + k, *e);
                }
                shown(&!c.is_empty())
            }
            Op::RemoveAll(c) | Op::RetainAll(c) => {
                let keep_members = matches!(op, Op::RetainAll(_));
                let before = v.len();
                v.retain(|e| c.contains(e) == keep_members);
                shown(&(v.len() != before))
            }
            Op::Equals(c) => shown(&v.iter().eq(c.iter())),
            Op::HashCode => shown(
                &v.iter()
                    .fold(1i32, |h, e| h.wrapping_mul(31).wrapping_add(e.unwrap_or(0))),
            ),
            Op::Clear => shown(&v.clear()),
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn port_matches_a_vecdeque_model_and_keeps_its_links_consistent(
            initial in prop::collection::vec(element(), 0..6),
            ops in prop::collection::vec(op(), 0..60),
        ) {
            let mut l = LinkedList::from_collection(Some(&list_of(&initial))).unwrap();
            let mut model: VecDeque<Option<i32>> = initial.into();
            for (step, op) in ops.iter().enumerate() {
                prop_assert_eq!(run_port(&mut l, op), run_model(&mut model, op), "step {} {:?}", step, op);
                prop_assert!(links_are_consistent(&l));
                prop_assert_eq!(l.items(), Vec::from(model.clone()));
            }
        }
    }

    #[test]
    fn paper_context_has_j_118() {
        // vps: int 2, boolean 2, String 2, LinkedList 1. nc(m) over the slots
        // (parameters, then target, then result):
        //   LinkedList() 1   LinkedList(LinkedList) 1                                    = 2
        //   getFirst, getLast, removeFirst, removeLast 1·2 = 2 each                      = 8
        //   addFirst(Integer), addLast(Integer) 2·1 = 2 each                             = 4
        //   contains(Integer) 2·1·2 = 4   size 2   add(Integer) 4   remove(Integer) 4    = 14
        //   addAll(LinkedList) 1·1·2 = 2   addAll(int,LinkedList) 2·1·1·2 = 4   clear 1 = 7
        //   get(int) 4   set(int,Integer) 2·2·1·2 = 8   add(int,Integer) 2·2·1 = 4
        //   remove(int) 4   indexOf 4   lastIndexOf 4                                    = 28
        //   peek, element, poll, remove() 2 each                                          = 8
        //   offer, offerFirst, offerLast (Integer → boolean) 4 each                      = 12
        //   peekFirst, peekLast, pollFirst, pollLast 2 each                               = 8
        //   push(Integer) 2   pop() 2   removeFirstOccurrence 4   removeLastOccurrence 4 = 12
        //   clone() 1·1 = 1                                                               = 1
        //   equals 2  hashCode 2  toString 2  containsAll 2  removeAll 2  retainAll 2
        //   isEmpty 2                                                                     = 14
        // j = 2 + 8 + 4 + 14 + 7 + 28 + 8 + 12 + 8 + 12 + 1 + 14 = 118
        let unit = SubjectUnit::<LinkedList>::new();
        let context = TestContext::paper(&unit).unwrap();
        assert_eq!(context.methods().len(), 44);
        assert_eq!(context.j(), 118);
    }

    #[test]
    fn harness_runs_deque_methods_and_stores_clones() {
        let unit = crate::subject::registry().find("LinkedList").unwrap();
        assert_eq!(unit.java_class(), "java.util.LinkedList");
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let call = |signature: &str, slots: &[u32]| {
            let m = context.methods().iter().position(|m| m.info.signature == signature);
            context.call_space().encode_call(m.unwrap(), slots).unwrap()
        };
        let mut session = unit.session(context.clone());
        session.step(call("LinkedList()", &[0])).unwrap();
        // int_vp[0] = object_vp[0].pop();  → NoSuchElementException
        assert_eq!(session.step(call("pop()", &[0, 0])), Err(E::NoSuchElement));
        // object_vp[0].push(int_vp[1]);  int_vp[0] = object_vp[0].peekLast();
        session.step(call("push(Integer)", &[1, 0])).unwrap();
        session.step(call("peekLast()", &[0, 0])).unwrap();
        assert_eq!(session.primitives().ints, [Some(100), Some(100)]);
        // object_vp[0] = object_vp[0].clone();
        session.step(call("clone()", &[0, 0])).unwrap();
        assert_eq!(session.render_pools()[3], ("LinkedList".into(), vec!["[100]".into()]));
    }
}
