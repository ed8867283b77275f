//! The methods Java's collections inherit from `java.util.AbstractCollection`,
//! `java.util.AbstractSet` and `java.util.AbstractList`, written once over the operations
//! each class implements itself (`size`, `contains`, `iterator`, `add`, `remove`,
//! `Iterator.remove`, `get`, `remove(int)`), as Java's superclasses are. The paper counted
//! and mutated only each class's own source file, so this module belongs to no unit: a
//! unit implements [`AbstractCollection`] (and [`MutableCollection`] or [`AbstractList`])
//! and gets the inherited methods it does not override.

use crate::subject::JavaException;
use crate::subject::guard::tick;
use crate::subjects::java_array::{Result, non_null};

/// A Java `Iterator`: each `next()` may throw (a mutant's iterator can fail mid-way).
pub type Iter<'a> = Box<dyn Iterator<Item = Result<Option<i32>>> + 'a>;

/// `it`, costing one unit of fuel per element (`crate::subject::guard::tick`): this
/// module is not instrumented (it belongs to no unit), but a mutant's iterator may never
/// end, so every loop here that a unit's iterator drives must pay fuel for the schemata
/// guards to stop it.
fn fueled(it: Iter<'_>) -> impl Iterator<Item = Result<Option<i32>>> + '_ {
    it.inspect(|_| tick())
}

/// `AbstractCollection<Integer>`: the abstract methods a class implements, and the
/// read-only methods built on them.
pub trait AbstractCollection: Sized {
    /// `size()`.
    fn size(&self) -> i32;
    /// `contains(Object o)`.
    fn contains(&self, o: Option<i32>) -> Result<bool>;
    /// `iterator()`: the elements in iteration order.
    fn iterator(&self) -> Iter<'_>;

    /// `containsAll(Collection c)`: whether `contains(e)` for each `e` of `c`; `null`
    /// throws `NullPointerException`.
    fn contains_all(&self, c: Option<&Self>) -> Result<bool> {
        for e in fueled(non_null(c)?.iterator()) {
            if !self.contains(e?)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `toString()`: `[1, 2, null]` in iteration order.
    fn to_java_string_checked(&self) -> Result<String> {
        let mut sb = String::from("[");
        for (i, e) in fueled(self.iterator()).enumerate() {
            if i > 0 {
                sb.push_str(", ");
            }
            match e? {
                Some(e) => sb.push_str(&e.to_string()),
                None => sb.push_str("null"),
            }
        }
        sb.push(']');
        Ok(sb)
    }
}

/// A modifiable `AbstractCollection`: `add`, `remove` and `Iterator.remove`, and the
/// bulk operations `AbstractCollection` builds on them.
pub trait MutableCollection: AbstractCollection {
    /// `add(E e)`: whether the collection changed.
    fn add(&mut self, e: Option<i32>) -> Result<bool>;
    /// `remove(Object o)`: whether the collection changed.
    fn remove(&mut self, o: Option<i32>) -> Result<bool>;
    /// `it.remove()` right after `it.next()` returned `e`.
    fn iterator_remove(&mut self, e: Option<i32>) -> Result<()>;

    /// `addAll(Collection c)`: `add`s `c`'s elements in `c`'s iteration order; whether
    /// any `add` changed the collection.
    fn add_all(&mut self, c: Option<&Self>) -> Result<bool> {
        let mut modified = false;
        for e in fueled(non_null(c)?.iterator()) {
            modified |= self.add(e?)?;
        }
        Ok(modified)
    }

    /// `retainAll(Collection c)`: removes through the iterator what `c` does not contain.
    fn retain_all(&mut self, c: Option<&Self>) -> Result<bool> {
        remove_through_iterator(self, non_null(c)?, false)
    }
}

/// The iterator loop of `AbstractCollection.retainAll` and `AbstractSet.removeAll`:
/// `it.remove()` each element `e` with `c.contains(e) == contained`; whether any was
/// removed. The iteration runs over a snapshot, which `Iterator.remove` of the last
/// returned element makes equivalent.
fn remove_through_iterator<C: MutableCollection>(
    this: &mut C,
    c: &C,
    contained: bool,
) -> Result<bool> {
    let mut modified = false;
    for e in fueled(this.iterator()).collect::<Result<Vec<_>>>()? {
        if c.contains(e)? == contained {
            this.iterator_remove(e)?;
            modified = true;
        }
    }
    Ok(modified)
}

/// `AbstractSet.equals(Object o)`: same size and `containsAll(o)`; `null` is never equal,
/// and a `ClassCastException` or `NullPointerException` of `containsAll` means `false`.
pub fn set_equals<S: AbstractCollection>(this: &S, o: Option<&S>) -> Result<bool> {
    let Some(c) = o.filter(|c| c.size() == this.size()) else {
        return Ok(false); // not a Set, or another size
    };
    match this.contains_all(Some(c)) {
        Err(JavaException::ClassCast | JavaException::NullPointer) => Ok(false),
        outcome => outcome,
    }
}

/// `AbstractSet.hashCode()`: the wrapping sum of the elements' hashes (`null` → 0).
pub fn set_hash_code<S: AbstractCollection>(this: &S) -> Result<i32> {
    let mut h = 0i32;
    for e in fueled(this.iterator()) {
        h = h.wrapping_add(e?.unwrap_or(0));
    }
    Ok(h)
}

/// `AbstractSet.removeAll(Collection c)`: `remove`s `c`'s elements if this set is the
/// larger, else removes through the iterator what `c` contains.
pub fn set_remove_all<S: MutableCollection>(this: &mut S, c: Option<&S>) -> Result<bool> {
    let c = non_null(c)?;
    if this.size() > c.size() {
        let mut modified = false;
        for e in fueled(c.iterator()) {
            modified |= this.remove(e?)?;
        }
        return Ok(modified);
    }
    remove_through_iterator(this, c, true)
}

/// `AbstractList<Integer>`: a list with `get(int)` and `remove(int)`, the methods
/// `AbstractList` inherits from `AbstractCollection` and overrides itself that no list of
/// M_C needs to override: `equals` and `hashCode` (`AbstractList`) walk the class's
/// [`iterator`](AbstractCollection::iterator) (Java's `listIterator()`, which yields the same
/// elements), and `removeAll` and `retainAll` (`AbstractCollection`) run over
/// `AbstractList.Itr`, whose `next()` is `get(cursor)` and whose `remove()` is
/// `remove(lastRet)` (a list's own iterator does the same to the same elements).
pub trait AbstractList: AbstractCollection {
    /// `get(int index)`.
    fn get(&self, index: i32) -> Result<Option<i32>>;
    /// `remove(int index)`: removes and returns the element at `index`.
    fn remove_at(&mut self, index: i32) -> Result<Option<i32>>;

    /// `equals(Object o)` (`AbstractList`): `false` for `null` (not a `List`), else
    /// whether both iterators yield equal elements and end together. Object-pool
    /// arguments are snapshots, so the `o == this` fast path never applies (with the same
    /// answer: a list equals itself).
    fn equals(&self, o: Option<&Self>) -> Result<bool> {
        let Some(o) = o else {
            return Ok(false); // !(o instanceof List)
        };
        let (mut e1, mut e2) = (self.iterator(), o.iterator());
        loop {
            tick();
            match (e1.next(), e2.next()) {
                (Some(o1), Some(o2)) => {
                    if o1? != o2? {
                        return Ok(false);
                    }
                }
                (None, None) => return Ok(true),
                _ => return Ok(false), // !(e1.hasNext() || e2.hasNext())
            }
        }
    }

    /// `hashCode()` (`AbstractList`): `31 * h + (e == null ? 0 : e.hashCode())` from
    /// `h = 1`, wrapping.
    fn hash_code(&self) -> Result<i32> {
        let mut hash_code = 1i32;
        for e in fueled(self.iterator()) {
            hash_code = hash_code.wrapping_mul(31).wrapping_add(e?.unwrap_or(0));
        }
        Ok(hash_code)
    }

    /// `removeAll(Collection c)` (`AbstractCollection`): `Objects.requireNonNull(c)`, then
    /// removes through the iterator what `c` contains.
    fn remove_all(&mut self, c: Option<&Self>) -> Result<bool> {
        remove_through_list_iterator(self, non_null(c)?, true)
    }

    /// `retainAll(Collection c)` (`AbstractCollection`): `Objects.requireNonNull(c)`, then
    /// removes through the iterator what `c` does not contain.
    fn retain_all(&mut self, c: Option<&Self>) -> Result<bool> {
        remove_through_list_iterator(self, non_null(c)?, false)
    }
}

/// The iterator loop of `AbstractCollection.removeAll`/`retainAll` over
/// `AbstractList.Itr`: while `cursor != size()`, `next()` is `get(cursor)`; `it.remove()`
/// of an element `e` with `c.contains(e) == contained` is `remove(lastRet)`, which puts
/// the cursor back on `lastRet`. Whether any element was removed.
fn remove_through_list_iterator<L: AbstractList>(
    this: &mut L,
    c: &L,
    contained: bool,
) -> Result<bool> {
    let mut modified = false;
    let mut cursor = 0;
    while cursor != this.size() {
        tick();
        if c.contains(this.get(cursor)?)? == contained {
            this.remove_at(cursor)?;
            modified = true;
        } else {
            cursor += 1;
        }
    }
    Ok(modified)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subjects::array_list::ArrayList;

    fn list_of(elements: &[Option<i32>]) -> ArrayList {
        let mut list = ArrayList::new();
        for &e in elements {
            list.add(e).unwrap();
        }
        list
    }

    #[test]
    fn list_iterator_removal_steps_back_after_each_remove_so_runs_of_matches_all_go() {
        let c = list_of(&[Some(2)]);
        let mut removed = list_of(&[Some(2), Some(2), Some(1), Some(2), Some(2)]);
        assert_eq!(removed.remove_all(Some(&c)), Ok(true));
        assert_eq!(removed.to_java_string_checked(), Ok("[1]".into()));
        let mut retained = list_of(&[Some(1), Some(1), Some(2), None, Some(1)]);
        assert_eq!(retained.retain_all(Some(&c)), Ok(true));
        assert_eq!(retained.to_java_string_checked(), Ok("[2]".into()));
        assert_eq!(retained.retain_all(Some(&c)), Ok(false));
        assert_eq!(retained.remove_all(None), Err(JavaException::NullPointer));
    }

    #[test]
    fn list_equals_needs_both_iterators_to_end_together() {
        let a = list_of(&[Some(1), None]);
        assert_eq!(a.equals(Some(&list_of(&[Some(1), None]))), Ok(true));
        assert_eq!(a.equals(Some(&list_of(&[Some(1)]))), Ok(false));
        assert_eq!(a.equals(Some(&list_of(&[Some(1), None, None]))), Ok(false));
        assert_eq!(list_of(&[]).equals(Some(&list_of(&[]))), Ok(true));
        assert_eq!(a.equals(None), Ok(false));
        // Arrays.asList(1, null).hashCode() == 31 * (31 + 1) + 0 == 992
        assert_eq!(a.hash_code(), Ok(992));
    }
}
