//! `LinkedHashSet`: a port of JDK 17's `java.util.LinkedHashSet<Integer>`: a
//! [`HashSet`] over a `LinkedHashMap` (insertion order), as Java's is.
//!
//! # What is ported
//! The three constructors (`LinkedHashSet()` with capacity 16, `LinkedHashSet(int)`,
//! `LinkedHashSet(LinkedHashSet)` sized `max(2 * c.size(), 11)` then `addAll`), all
//! through `HashSet(int, float, boolean)`: the only methods Java's class declares. Every
//! other method is `HashSet`'s. M_C (declared in [`crate::subjects::declarations`]): the three
//! constructors, then `HashSet`'s instance methods.
//!
//! # What is left out, and why
//! `LinkedHashSet(int, float)`: `float` is not a type of interest; `spliterator` and
//! everything `HashSet` leaves out (see [`crate::subjects::hash_set`]).

use crate::subjects::abstract_collection::{AbstractCollection, MutableCollection};
use crate::subjects::hash_set::HashSet;
use crate::subjects::java_array::{Result, non_null};

/// `java.util.LinkedHashSet<Integer>`: a [`HashSet`] backed by a `LinkedHashMap`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinkedHashSet(pub HashSet);

impl LinkedHashSet {
    /// `new LinkedHashSet()`: `super(16, .75f, true)`.
    pub fn new() -> Result<Self> {
        Self::with_capacity(16)
    }

    /// `new LinkedHashSet(int initialCapacity)`: negative throws `IllegalArgumentException`.
    pub fn with_capacity(initial_capacity: i32) -> Result<Self> {
        HashSet::linked(initial_capacity).map(LinkedHashSet)
    }

    /// `new LinkedHashSet(Collection c)`: `null` throws `NullPointerException`.
    pub fn from_collection(c: Option<&LinkedHashSet>) -> Result<Self> {
        let c = &non_null(c)?.0;
        let mut set = Self::with_capacity((2 * c.size()).max(11))?;
        set.0.add_all(Some(c)).map(|_| set)
    }
}

impl crate::subjects::declarations::SetUnit for LinkedHashSet {
    type Set = HashSet;
    fn set(&self) -> &HashSet {
        &self.0
    }
    fn set_mut(&mut self) -> &mut HashSet {
        &mut self.0
    }
    fn wrap(set: HashSet) -> Self {
        LinkedHashSet(set)
    }
}

impl crate::subject::Subject for LinkedHashSet {
    const CLASS: &'static str = "LinkedHashSet";
    const JAVA_CLASS: &'static str = "java.util.LinkedHashSet";

    fn methods() -> Vec<crate::subject::Method<Self>> {
        use crate::subject::{Method, Param::{Int, Object}};
        #[rustfmt::skip]
        let mut methods = vec![
            Method::constructor("LinkedHashSet", &[Int], |a| LinkedHashSet::with_capacity(a.int(0))),
            Method::constructor("LinkedHashSet", &[], |_| LinkedHashSet::new()),
            Method::constructor("LinkedHashSet", &[Object], |a| LinkedHashSet::from_collection(a.object(0))),
        ];
        methods.extend(crate::subjects::declarations::set_methods());
        methods
    }

    fn to_java_string(&self) -> String {
        self.0.to_java_string()
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::context::TestContext;
    use crate::subject::{JavaException, Subject, SubjectUnit};
    use crate::subjects::declarations::SetCore;
    use crate::subjects::hash_set::tests::{check_set_sequence, op};

    #[test]
    fn insertion_order_and_copy_constructor_sizing_follow_java() {
        let mut set = LinkedHashSet::new().unwrap();
        for e in [Some(100), Some(0), Some(16), Some(5), Some(1), None, Some(100)] {
            set.0.add(e).unwrap();
        }
        let copy = LinkedHashSet::from_collection(Some(&set)).unwrap();
        // JDK 17: [100, 0, 16, 5, 1, null] 16 copy [100, 0, 16, 5, 1, null] 16 clone (same)
        // (max(2 · 6, 11) = 12 → 16)
        assert_eq!(set.to_java_string(), "[100, 0, 16, 5, 1, null]");
        assert_eq!((set.0.map().capacity(), copy.0.map().capacity()), (16, 16));
        assert_eq!(copy.to_java_string(), "[100, 0, 16, 5, 1, null]");
        assert_eq!(set.0.clone_set().unwrap().to_java_string(), "[100, 0, 16, 5, 1, null]");
    }

    #[test]
    fn constructors_throw_like_java() {
        assert_eq!(LinkedHashSet::with_capacity(-1).err(), Some(JavaException::IllegalArgument));
        assert_eq!(LinkedHashSet::from_collection(None).err(), Some(JavaException::NullPointer));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn port_matches_an_insertion_ordered_model_on_random_operation_sequences(
            ops in prop::collection::vec(op(), 0..80),
        ) {
            check_set_sequence(true, &ops)?;
        }
    }

    #[test]
    fn paper_context_has_j_36() {
        // The same M_C shape as HashSet's (hash_set::tests::paper_context_has_j_36):
        // constructors 2 + 1 + 1, then 16 + 6 + 10 — j = 36
        let unit = SubjectUnit::<LinkedHashSet>::new();
        let context = TestContext::paper(&unit).unwrap();
        assert_eq!(context.methods().len(), 17);
        assert_eq!(context.j(), 36);
        let unit = crate::subject::registry().find("LinkedHashSet").unwrap();
        assert_eq!(unit.java_class(), "java.util.LinkedHashSet");
    }
}
