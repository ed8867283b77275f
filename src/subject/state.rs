//! Exact state comparison of a subject's objects, for units that offer it
//! ([`crate::subject::SchemataUnit::with_states`]): two objects whose every field is equal
//! behave the same under every method, since the ports keep no state outside their
//! objects. Generation uses it to remember the outcome of deterministic checks (Randoop's
//! object contracts, the equality filter) per state instead of running them again.

use std::hash::{Hash, Hasher};

/// Equality and a hash of the whole state of a subject's objects.
pub struct StateFunctions<S> {
    /// Whether two objects are in the same state (every field equal).
    pub same: fn(&S, &S) -> bool,
    /// A hash of the state: equal states hash alike.
    pub hash: fn(&S) -> u64,
}

impl<S> Clone for StateFunctions<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for StateFunctions<S> {}

impl<S: Eq + Hash> StateFunctions<S> {
    /// The functions of a subject that derives `PartialEq`, `Eq` and `Hash` over its
    /// fields.
    pub fn derived() -> Self {
        StateFunctions {
            same: |a, b| a == b,
            hash: |s| {
                let mut hasher = FieldHasher::default();
                s.hash(&mut hasher);
                hasher.finish()
            },
        }
    }
}

/// A fast hasher for derived `Hash` over plain fields (integers, flags, vectors of them):
/// each word is folded in by a multiply–rotate step and the result mixed once.
#[derive(Default)]
struct FieldHasher(u64);

impl FieldHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for FieldHasher {
    fn finish(&self) -> u64 {
        crate::kernel::rng::mix64(self.0)
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        self.add(bytes.len() as u64);
    }
    fn write_u8(&mut self, v: u8) {
        self.add(u64::from(v));
    }
    fn write_u16(&mut self, v: u16) {
        self.add(u64::from(v));
    }
    fn write_u32(&mut self, v: u32) {
        self.add(u64::from(v));
    }
    fn write_u64(&mut self, v: u64) {
        self.add(v);
    }
    fn write_usize(&mut self, v: usize) {
        self.add(v as u64);
    }
}

/// `HashMap`'s entry list (a `LinkedHashMap`'s, in each copy of the port) compared and
/// hashed by its full `Debug` rendering: every field of the list, exactly. Plain
/// `HashMap`s have none, so this costs them nothing.
macro_rules! entry_links_by_debug {
    ($($links:path),* $(,)?) => {$(
        impl PartialEq for dyn $links {
            fn eq(&self, other: &Self) -> bool {
                format!("{self:?}") == format!("{other:?}")
            }
        }
        impl Eq for dyn $links {}
        impl Hash for dyn $links {
            fn hash<H: Hasher>(&self, state: &mut H) {
                format!("{self:?}").hash(state);
            }
        }
    )*};
}

entry_links_by_debug!(
    crate::subjects::hash_map::EntryLinks,
    crate::subjects::schemata::hash_map::EntryLinks,
    crate::subjects::coverage::hash_map::EntryLinks,
);

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::context::TestContext;
    use crate::subject::{GOLD, PoolInit, Session, registry};

    /// Gold's sessions: through the schemata copy, and through the coverage copy.
    const COPIES: [bool; 2] = [false, true];

    /// A session of `class` on gold (through the coverage copy if `coverage`) with two
    /// `int` slots (1, 2), one `boolean` and two object slots.
    fn session(class: &str, coverage: bool) -> (Box<dyn Session>, impl Fn(&str) -> usize) {
        let unit = registry().find(class).unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let mut session: Box<dyn Session> = if coverage {
            Box::new(unit.coverage_session(context).unwrap())
        } else {
            unit.mutant_session(context, GOLD).unwrap()
        };
        session.reset_to(&PoolInit {
            ints: vec![1, 2],
            bools: vec![false],
            strings: vec![],
            objects: 2,
        });
        let number = move |signature: &str| {
            unit.methods()
                .iter()
                .find(|m| m.signature == signature)
                .unwrap_or_else(|| panic!("{signature}"))
                .number
        };
        (session, number)
    }

    /// The units registered with states compare their objects field by field, in gold's
    /// sessions through either copy: a copy is in the same state and hashes alike; after
    /// a `put` the object is not; a `null` slot has no state.
    #[test]
    fn registered_units_compare_object_states_field_by_field() {
        let classes = ["ArrayList", "HashMap", "TreeMap", "LinkedHashMap"];
        for (class, coverage) in classes.into_iter().flat_map(|c| COPIES.map(|k| (c, k))) {
            let (mut session, number) = session(class, coverage);
            let (new, add) = match class {
                "ArrayList" => (number("ArrayList()"), number("add(Integer)")),
                _ => (
                    number(&format!("{class}()")),
                    number("put(Integer,Integer)"),
                ),
            };
            // (value, receiver, result) for `add`; (key, value, receiver, result) for `put`;
            // the first call adds 1, the second 2.
            let (first, second): (&[u32], &[u32]) = match class {
                "ArrayList" => (&[0, 0, 0], &[1, 0, 0]),
                _ => (&[0, 1, 0, 0], &[1, 1, 0, 0]),
            };
            assert_eq!(
                session.object_state_hash(0),
                None,
                "{class} ({coverage}): null slot"
            );
            session.step_slots(new, &[0]).unwrap();
            session.step_slots(add, first).unwrap();
            let copy = session.object(0).unwrap();
            let hash = session.object_state_hash(0).expect(class);
            assert_eq!(session.same_object_state(0, copy.as_ref()), Some(true));
            session.step_slots(add, second).unwrap();
            assert_eq!(
                session.same_object_state(0, copy.as_ref()),
                Some(false),
                "{class}"
            );
            assert_ne!(
                session.object_state_hash(0),
                Some(hash),
                "{class} ({coverage})"
            );
        }
    }

    /// Every port but Hashtable compares states, through either copy: a new object and a
    /// copy of it are in the same state.
    #[test]
    fn every_port_but_hashtable_compares_states() {
        let ports = [
            "ArrayList",
            "EnumMap",
            "HashMap",
            "HashSet",
            "IdentityHashMap",
            "LinkedHashMap",
            "LinkedHashSet",
            "LinkedList",
            "PriorityQueue",
            "Properties",
            "Stack",
            "TreeMap",
            "TreeSet",
            "Vector",
            "WeakHashMap",
        ];
        for (class, coverage) in ports.into_iter().flat_map(|c| COPIES.map(|k| (c, k))) {
            let (mut session, number) = session(class, coverage);
            session
                .step_slots(number(&format!("{class}()")), &[0])
                .unwrap();
            let copy = session.object(0).unwrap();
            assert!(
                session.object_state_hash(0).is_some(),
                "{class}, {coverage}"
            );
            assert_eq!(
                session.same_object_state(0, copy.as_ref()),
                Some(true),
                "{class}, {coverage}"
            );
        }
    }

    /// A unit registered without states offers none, through either copy.
    #[test]
    fn other_units_offer_no_state_comparison() {
        for coverage in COPIES {
            let (mut session, number) = session("Hashtable", coverage);
            session.step_slots(number("Hashtable()"), &[0]).unwrap();
            assert_eq!(session.object_state_hash(0), None);
            let copy = session.object(0).unwrap();
            assert_eq!(session.same_object_state(0, copy.as_ref()), None);
        }
    }
}
