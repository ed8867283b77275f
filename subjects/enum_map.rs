//! `EnumMap`: a port of JDK 17's `java.util.EnumMap<Key, Integer>` over a small enum.
//!
//! # The key type
//! Java's `EnumMap` needs an enum key type; this unit fixes it to
//! `enum Key { K0, K1, K2, K3 }` ([`KEY_UNIVERSE`]). Keys come from the `int` pool like
//! every other unit's: an `int` k in `[0, 4)` denotes the constant `Kk` (ordinal k);
//! any other value (such as 100 in the paper's pool) denotes an `Integer`, which is
//! not a `Key`, and `null` is `null`. Java then behaves as with a wrongly typed key
//! passed through a raw `EnumMap`: `put` throws `ClassCastException` (`typeCheck`) for
//! an `Integer` and `NullPointerException` for `null`; `get`, `containsKey` and
//! `remove` answer `null`/`false` (`isValidKey`). Keys print as their names (`K0`).
//! The Java constructor `EnumMap(Class<K> keyType)` is not expressible (a `Class` is not
//! a type of interest): the no-argument constructor [`EnumMap::new`] stands for
//! `new EnumMap<>(Key.class)`.
//!
//! # What is ported
//! Java's array of values indexed by ordinal: `vals[]` with the `NULL` sentinel for
//! `null` values (`maskNull`/`unmaskNull`; an empty slot is Java `null`), `size`,
//! `isValidKey`, `typeCheck`, `putAll`'s `EnumMap` branch, the private
//! `equals(EnumMap)`, `hashCode` via `entryHashCode`, `clone` (which copies `vals`),
//! and from `AbstractMap`: `isEmpty` and `toString` over the `EntryIterator` (ordinal
//! order, e.g. `{K0=1, K2=null}`, checked against JDK 17).
//! M_C, in the order of the Java source, then the inherited methods: `EnumMap()`,
//! `EnumMap(EnumMap)`, `size`, `containsValue`, `containsKey`, `get`, `put`, `remove`,
//! `putAll`, `clear`, `equals`, `hashCode`, `clone`, `isEmpty`, `toString`.
//!
//! # What is left out, and why
//! * `EnumMap(Class)`: see above. `EnumMap(Map)`: with an `EnumMap` argument Java's
//!   overload resolution picks `EnumMap(EnumMap)`, and the object pool holds only
//!   `EnumMap`s.
//! * `keySet`, `values`, `entrySet` and the `Map` default methods (`getOrDefault`,
//!   `putIfAbsent`, `replace`, …): views are not types of interest, and the defaults are
//!   not in the task's method list for this unit.
//! * Exception messages (`class java.lang.Integer != class Key`): [`JavaException`]
//!   carries the class only.
//!
//! # Not reproducible against a real JVM
//! `Enum.hashCode()` is `Object`'s identity hash, so `entryHashCode`, and hence
//! **`hashCode()`**, differs from run to run of a real JVM. This port uses a fixed
//! stand-in per constant, [`key_hash_code`] (the same mixing as `IdentityHashMap`'s
//! stand-in identity hashes). A differential harness must skip `hashCode()` results
//! (and anything later computed from the `int` slot they were stored in). Everything
//! else, including `toString`, is reproducible.

use crate::subjects::identity_hash_map::stand_in_identity_hash;
use crate::subject::{JavaException, Method, Param, Return, Subject, Value};

/// The constants of the key enum, by ordinal: `Key.values()`.
pub const KEY_UNIVERSE: [&str; 4] = ["K0", "K1", "K2", "K3"];

type Result<T> = std::result::Result<T, JavaException>;

/// The stand-in for `Key.values()[ordinal].hashCode()` (an identity hash in Java).
pub fn key_hash_code(ordinal: usize) -> i32 {
    stand_in_identity_hash(0x4B45_5900 + ordinal as u32)
}

/// What an `Integer` argument denotes as a key: `null`, a `Key` constant (by ordinal),
/// or an `Integer` (which is not a `Key`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum KeyArg {
    Null,
    Constant(usize),
    Integer,
}

impl KeyArg {
    fn of(key: Option<i32>) -> KeyArg {
        match key {
            None => KeyArg::Null,
            Some(k) if (0..KEY_UNIVERSE.len() as i32).contains(&k) => KeyArg::Constant(k as usize),
            Some(_) => KeyArg::Integer,
        }
    }

    /// `isValidKey(key)`: the key's ordinal if it is a non-`null` `Key`.
    fn valid(self) -> Option<usize> {
        match self {
            KeyArg::Constant(ordinal) => Some(ordinal),
            KeyArg::Null | KeyArg::Integer => None,
        }
    }

    /// `typeCheck(key)`: `key.getClass()` throws for `null`, a non-`Key` class is a
    /// `ClassCastException`.
    fn type_check(self) -> Result<usize> {
        match self {
            KeyArg::Constant(ordinal) => Ok(ordinal),
            KeyArg::Null => Err(JavaException::NullPointer),
            KeyArg::Integer => Err(JavaException::ClassCast), // keyClass + " != " + keyType
        }
    }
}

/// A `vals[]` slot: `None` = Java `null` (no mapping), `Some(None)` = the `NULL`
/// sentinel (mapped to `null`), `Some(Some(v))` = mapped to `v`.
type Slot = Option<Option<i32>>;

/// `maskNull(value)`.
fn mask_null(value: Option<i32>) -> Slot {
    Some(value)
}

/// `unmaskNull(value)`: both an empty slot and `NULL` read as `null`.
fn unmask_null(value: Slot) -> Option<i32> {
    value.flatten()
}

/// `java.util.EnumMap<Key, Integer>`: values in an array indexed by the key's ordinal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EnumMap {
    vals: Vec<Slot>,
    size: i32,
}

impl Default for EnumMap {
    fn default() -> Self {
        Self::new()
    }
}

impl EnumMap {
    /// `new EnumMap<>(Key.class)`: `vals = new Object[keyUniverse.length]`.
    pub fn new() -> Self {
        EnumMap {
            vals: vec![None; KEY_UNIVERSE.len()],
            size: 0,
        }
    }

    /// `new EnumMap(EnumMap m)`: a copy of `m`'s `vals` and `size`; `null` →
    /// `NullPointerException`.
    pub fn from_enum_map(m: Option<&EnumMap>) -> Result<Self> {
        let m = m.ok_or(JavaException::NullPointer)?;
        Ok(EnumMap {
            vals: m.vals.clone(),
            size: m.size,
        })
    }

    /// `vals[index]`.
    fn val(&self, index: usize) -> Result<Slot> {
        let slot = self.vals.get(index);
        slot.copied().ok_or(JavaException::IndexOutOfBounds) // ArrayIndexOutOfBoundsException
    }

    /// `vals[index] = value`.
    fn set_val(&mut self, index: usize, value: Slot) -> Result<()> {
        let slot = self.vals.get_mut(index);
        *slot.ok_or(JavaException::IndexOutOfBounds)? = value;
        Ok(())
    }

    /// `size()`.
    pub fn size(&self) -> i32 {
        self.size
    }

    /// `isEmpty()` (from `AbstractMap`): `size() == 0`.
    pub fn is_empty(&self) -> bool {
        self.size() == 0
    }

    /// `containsValue(Object value)`: `maskNull(value).equals(val)` for some slot.
    pub fn contains_value(&self, value: Option<i32>) -> bool {
        let value = mask_null(value);
        self.vals.contains(&value)
    }

    /// `containsKey(Object key)`: a valid key whose slot is not empty.
    pub fn contains_key(&self, key: Option<i32>) -> Result<bool> {
        match KeyArg::of(key).valid() {
            Some(ordinal) => Ok(self.val(ordinal)?.is_some()),
            None => Ok(false),
        }
    }

    /// `get(Object key)`: the value, or `null` (also for keys that are not `Key`s).
    pub fn get(&self, key: Option<i32>) -> Result<Option<i32>> {
        match KeyArg::of(key).valid() {
            Some(ordinal) => Ok(unmask_null(self.val(ordinal)?)),
            None => Ok(None),
        }
    }

    /// `put(K key, V value)`: the previous value; `typeCheck` throws
    /// `ClassCastException` for a non-`Key` and `NullPointerException` for `null`.
    pub fn put(&mut self, key: Option<i32>, value: Option<i32>) -> Result<Option<i32>> {
        let index = KeyArg::of(key).type_check()?;
        let old_value = self.val(index)?;
        self.set_val(index, mask_null(value))?;
        if old_value.is_none() {
            self.size = self.size.wrapping_add(1);
        }
        Ok(unmask_null(old_value))
    }

    /// `remove(Object key)`: the removed value, or `null`.
    pub fn remove(&mut self, key: Option<i32>) -> Result<Option<i32>> {
        let Some(index) = KeyArg::of(key).valid() else {
            return Ok(None);
        };
        let old_value = self.val(index)?;
        self.set_val(index, None)?;
        if old_value.is_some() {
            self.size = self.size.wrapping_sub(1);
        }
        Ok(unmask_null(old_value))
    }

    /// `putAll(Map m)` for an `EnumMap` of the same key type: copies `m`'s non-empty
    /// slots; `null` → `NullPointerException` (from `AbstractMap.putAll`).
    pub fn put_all(&mut self, m: Option<&EnumMap>) -> Result<()> {
        let em = m.ok_or(JavaException::NullPointer)?;
        for i in 0..KEY_UNIVERSE.len() {
            let em_value = em.val(i)?;
            if em_value.is_some() {
                if self.val(i)?.is_none() {
                    self.size = self.size.wrapping_add(1);
                }
                self.set_val(i, em_value)?;
            }
        }
        Ok(())
    }

    /// `clear()`.
    pub fn clear(&mut self) {
        self.vals.fill(None);
        self.size = 0;
    }

    /// `equals(Object o)`: `false` for `null`, else the private `equals(EnumMap)`.
    pub fn equals(&self, o: Option<&EnumMap>) -> Result<bool> {
        let Some(em) = o else {
            return Ok(false); // null instanceof Map
        };
        if em.size != self.size {
            return Ok(false);
        }
        // Key types match, compare each value
        for i in 0..KEY_UNIVERSE.len() {
            let (our_value, his_value) = (self.val(i)?, em.val(i)?);
            if his_value != our_value {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `hashCode()`: the sum of `entryHashCode(i)` over the non-empty slots.
    pub fn hash_code(&self) -> Result<i32> {
        let mut h: i32 = 0;
        for i in 0..KEY_UNIVERSE.len() {
            if self.val(i)?.is_some() {
                h = h.wrapping_add(self.entry_hash_code(i)?);
            }
        }
        Ok(h)
    }

    /// `entryHashCode(int index)`: `keyUniverse[index].hashCode() ^ vals[index].hashCode()`
    /// (`NULL.hashCode()` is 0; the key's hash is the stand-in [`key_hash_code`]).
    fn entry_hash_code(&self, index: usize) -> Result<i32> {
        Ok(key_hash_code(index) ^ unmask_null(self.val(index)?).unwrap_or(0))
    }

    /// `clone()`: a copy with its own `vals`.
    pub fn clone_map(&self) -> EnumMap {
        self.clone()
    }

    /// `toString()` (from `AbstractMap`): `{K0=1, K2=null}`, in ordinal order.
    pub fn to_java_string(&self) -> String {
        let entries: Vec<String> = (self.vals.iter().zip(KEY_UNIVERSE))
            .filter(|(val, _)| val.is_some())
            .map(|(&val, key)| {
                let value = unmask_null(val);
                format!("{key}={}", value.map_or("null".into(), |v| v.to_string()))
            })
            .collect();
        format!("{{{}}}", entries.join(", "))
    }
}

/// A method's outcome as the harness stores it.
fn ok<T: Into<Value<EnumMap>>>(outcome: Result<T>) -> Result<Value<EnumMap>> {
    outcome.map(Into::into)
}

impl Subject for EnumMap {
    const CLASS: &'static str = "EnumMap";
    const JAVA_CLASS: &'static str = "java.util.EnumMap";

    fn methods() -> Vec<Method<Self>> {
        use Param::{Integer, Object};
        use Return as R;
        #[rustfmt::skip]
        let methods = vec![
            Method::constructor("EnumMap", &[], |_| Ok(EnumMap::new())),
            Method::constructor("EnumMap", &[Object], |a| EnumMap::from_enum_map(a.object(0))),
            Method::instance("size", &[], R::Int, |m, _| ok(Ok(m.size()))),
            Method::instance("containsValue", &[Integer], R::Bool, |m, a| ok(Ok(m.contains_value(a.integer(0))))),
            Method::instance("containsKey", &[Integer], R::Bool, |m, a| ok(m.contains_key(a.integer(0)))),
            Method::instance("get", &[Integer], R::Int, |m, a| ok(m.get(a.integer(0)))),
            Method::instance("put", &[Integer, Integer], R::Int, |m, a| ok(m.put(a.integer(0), a.integer(1)))),
            Method::instance("remove", &[Integer], R::Int, |m, a| ok(m.remove(a.integer(0)))),
            Method::instance("putAll", &[Object], R::Void, |m, a| ok(m.put_all(a.object(0)))),
            Method::instance("clear", &[], R::Void, |m, _| { m.clear(); Ok(Value::Void) }),
            Method::instance("equals", &[Object], R::Bool, |m, a| ok(m.equals(a.object(0)))),
            Method::instance("hashCode", &[], R::Int, |m, _| ok(m.hash_code())),
            Method::instance("clone", &[], R::Object, |m, _| ok(Ok(m.clone_map()))),
            Method::instance("isEmpty", &[], R::Bool, |m, _| ok(Ok(m.is_empty()))),
            Method::instance("toString", &[], R::Str, |m, _| ok(Ok(m.to_java_string()))),
        ];
        methods
    }

    fn to_java_string(&self) -> String {
        EnumMap::to_java_string(self)
    }
}

impl From<EnumMap> for Value<EnumMap> {
    /// A map result (`clone()`), stored in the object pool.
    fn from(map: EnumMap) -> Self {
        Value::Object(Some(map))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::context::TestContext;
    use crate::subject::{SubjectUnit, Unit};

    type E = JavaException;

    fn map_of(entries: &[(i32, Option<i32>)]) -> EnumMap {
        let mut map = EnumMap::new();
        for &(k, v) in entries {
            map.put(Some(k), v).unwrap();
        }
        map
    }

    // ---- Java semantics, as claims (outputs pinned from JDK 17) ----

    #[test]
    fn to_string_lists_constants_in_ordinal_order_with_null_values() {
        // JDK 17: m.put(K2, null); m.put(K0, 1) → {K0=1, K2=null}, containsValue(null)
        // true, isEmpty() false.
        let mut map = EnumMap::new();
        assert_eq!(map.to_java_string(), "{}");
        map.put(Some(2), None).unwrap();
        map.put(Some(0), Some(1)).unwrap();
        assert_eq!(map.to_java_string(), "{K0=1, K2=null}");
        assert!(map.contains_value(None));
        assert!(!map.is_empty());
        assert_eq!(map.size(), 2);
    }

    #[test]
    fn integer_keys_outside_the_enum_are_wrongly_typed_keys() {
        // JDK 17 with a raw EnumMap: put(100, 1) → ClassCastException, put(null, 1) →
        // NullPointerException; get(100), get(null), remove(100), remove(null) → null;
        // containsKey(100), containsKey(null) → false.
        let mut map = map_of(&[(0, Some(1))]);
        assert_eq!(map.put(Some(100), Some(1)), Err(E::ClassCast));
        assert_eq!(map.put(Some(4), Some(1)), Err(E::ClassCast));
        assert_eq!(map.put(Some(-1), Some(1)), Err(E::ClassCast));
        assert_eq!(map.put(None, Some(1)), Err(E::NullPointer));
        assert_eq!((map.get(Some(100)), map.get(None)), (Ok(None), Ok(None)));
        assert_eq!(
            (map.remove(Some(100)), map.remove(None)),
            (Ok(None), Ok(None))
        );
        assert_eq!(map.contains_key(Some(100)), Ok(false));
        assert_eq!(map.contains_key(None), Ok(false));
        assert_eq!((map.size(), map.to_java_string()), (1, "{K0=1}".into()));
    }

    #[test]
    fn null_values_are_masked_so_the_key_stays_mapped() {
        let mut map = EnumMap::new();
        assert_eq!(map.put(Some(3), None), Ok(None));
        assert_eq!(map.size(), 1);
        assert_eq!(
            (map.contains_key(Some(3)), map.get(Some(3))),
            (Ok(true), Ok(None))
        );
        assert_eq!(map.put(Some(3), Some(7)), Ok(None));
        assert_eq!(map.size(), 1, "replacing NULL is not a new mapping");
        assert!(!map.contains_value(None));
        assert_eq!(map.remove(Some(3)), Ok(Some(7)));
        assert_eq!(map.remove(Some(3)), Ok(None));
        assert_eq!(map.size(), 0);
    }

    #[test]
    fn put_all_copies_non_empty_slots_and_rejects_null() {
        let mut map = map_of(&[(0, Some(1)), (1, Some(2))]);
        map.put_all(Some(&map_of(&[(1, None), (3, Some(4))])))
            .unwrap();
        assert_eq!(
            (map.size(), map.to_java_string()),
            (3, "{K0=1, K1=null, K3=4}".into())
        );
        assert_eq!(map.put_all(None), Err(E::NullPointer));
        map.put_all(Some(&EnumMap::new())).unwrap();
        assert_eq!(map.size(), 3);
    }

    #[test]
    fn copy_constructor_and_clone_copy_the_values() {
        let mut map = map_of(&[(1, Some(5))]);
        let copy = EnumMap::from_enum_map(Some(&map)).unwrap();
        let clone = map.clone_map();
        map.clear();
        assert_eq!((map.size(), map.to_java_string()), (0, "{}".into()));
        assert_eq!(copy.to_java_string(), "{K1=5}");
        assert_eq!(clone.equals(Some(&copy)), Ok(true));
        assert_eq!(EnumMap::from_enum_map(None).err(), Some(E::NullPointer));
    }

    #[test]
    fn equals_compares_slots_and_null_is_never_equal() {
        let a = map_of(&[(0, None), (2, Some(1))]);
        assert_eq!(
            a.equals(Some(&map_of(&[(2, Some(1)), (0, None)]))),
            Ok(true)
        );
        assert_eq!(
            a.equals(Some(&map_of(&[(1, None), (2, Some(1))]))),
            Ok(false)
        );
        assert_eq!(
            a.equals(Some(&map_of(&[(0, Some(0)), (2, Some(1))]))),
            Ok(false)
        );
        assert_eq!(a.equals(Some(&map_of(&[(2, Some(1))]))), Ok(false));
        assert_eq!(a.equals(None), Ok(false));
    }

    #[test]
    fn hash_code_sums_stand_in_key_hashes_xor_values() {
        assert_eq!(EnumMap::new().hash_code(), Ok(0));
        let map = map_of(&[(0, None), (3, Some(100))]);
        let want = key_hash_code(0).wrapping_add(key_hash_code(3) ^ 100);
        assert_eq!(map.hash_code(), Ok(want));
        let distinct: std::collections::BTreeSet<i32> = (0..4).map(key_hash_code).collect();
        assert_eq!(distinct.len(), 4);
    }

    // ---- differential: the port against a model built on BTreeMap ----

    #[derive(Clone, Debug)]
    enum Op {
        Put(Option<i32>, Option<i32>),
        Get(Option<i32>),
        ContainsKey(Option<i32>),
        ContainsValue(Option<i32>),
        Remove(Option<i32>),
        Size,
        IsEmpty,
        Clear,
        HashCode,
        ToString,
        Clone,
        PutAll(Option<Vec<(i32, Option<i32>)>>),
        Equals(Option<Vec<(i32, Option<i32>)>>),
    }

    /// Ordinal → value.
    type Model = BTreeMap<i32, Option<i32>>;

    fn element() -> impl Strategy<Value = Option<i32>> {
        prop_oneof![1 => Just(None), 6 => (-1..6).prop_map(Some), 1 => any::<i32>().prop_map(Some)]
    }

    fn other_map() -> impl Strategy<Value = Option<Vec<(i32, Option<i32>)>>> {
        prop::option::weighted(0.9, prop::collection::vec((0..4i32, element()), 0..5))
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            6 => (element(), element()).prop_map(|(k, v)| Op::Put(k, v)),
            2 => element().prop_map(Op::Get),
            2 => element().prop_map(Op::ContainsKey),
            1 => element().prop_map(Op::ContainsValue),
            3 => element().prop_map(Op::Remove),
            1 => Just(Op::Size),
            1 => Just(Op::IsEmpty),
            1 => Just(Op::Clear),
            1 => Just(Op::HashCode),
            1 => Just(Op::ToString),
            1 => Just(Op::Clone),
            1 => other_map().prop_map(Op::PutAll),
            1 => other_map().prop_map(Op::Equals),
        ]
    }

    fn run_port(map: &mut EnumMap, op: &Op) -> std::result::Result<String, E> {
        let other = |c: &Option<Vec<_>>| c.as_deref().map(map_of);
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        Ok(match op {
            Op::Put(k, v) => shown(&map.put(*k, *v)?),
            Op::Get(k) => shown(&map.get(*k)?),
            Op::ContainsKey(k) => shown(&map.contains_key(*k)?),
            Op::ContainsValue(v) => shown(&map.contains_value(*v)),
            Op::Remove(k) => shown(&map.remove(*k)?),
            Op::Size => shown(&map.size()),
            Op::IsEmpty => shown(&map.is_empty()),
            Op::Clear => shown(&map.clear()),
            Op::HashCode => shown(&map.hash_code()?),
            Op::ToString => map.to_java_string(),
            Op::Clone => map.clone_map().to_java_string(),
            Op::PutAll(c) => shown(&map.put_all(other(c).as_ref())?),
            Op::Equals(c) => shown(&map.equals(other(c).as_ref())?),
        })
    }

    /// The model: `Map` semantics over ordinals, with Java's rules for keys that are
    /// not `Key`s.
    fn run_model(m: &mut Model, op: &Op) -> std::result::Result<String, E> {
        let shown = |v: &dyn std::fmt::Debug| format!("{v:?}");
        let ordinal = |k: &Option<i32>| k.filter(|k| (0..4).contains(k));
        Ok(match op {
            Op::Put(k, v) => match k {
                None => return Err(E::NullPointer),
                Some(k) if !(0..4).contains(k) => return Err(E::ClassCast),
                Some(k) => shown(&m.insert(*k, *v).flatten()),
            },
            Op::Get(k) => shown(&ordinal(k).and_then(|k| m.get(&k).copied().flatten())),
            Op::ContainsKey(k) => shown(&ordinal(k).is_some_and(|k| m.contains_key(&k))),
            Op::ContainsValue(v) => shown(&m.values().any(|x| x == v)),
            Op::Remove(k) => shown(&ordinal(k).and_then(|k| m.remove(&k).flatten())),
            Op::Size => shown(&(m.len() as i32)),
            Op::IsEmpty => shown(&m.is_empty()),
            Op::Clear => shown(&m.clear()),
            Op::HashCode => shown(&m.iter().fold(0i32, |h, (&k, v)| {
                h.wrapping_add(key_hash_code(k as usize) ^ v.unwrap_or(0))
            })),
            Op::ToString | Op::Clone => {
                let show = |v: &Option<i32>| v.map_or("null".into(), |v| v.to_string());
                let all: Vec<String> = m.iter().map(|(k, v)| format!("K{k}={}", show(v))).collect();
                format!("{{{}}}", all.join(", "))
            }
            Op::PutAll(c) => {
                m.extend(c.as_ref().ok_or(E::NullPointer)?.iter().copied());
                shown(&())
            }
            Op::Equals(c) => shown(
                &c.as_ref()
                    .is_some_and(|c| c.iter().copied().collect::<Model>() == *m),
            ),
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn port_matches_a_btree_map_model_on_random_operation_sequences(
            ops in prop::collection::vec(op(), 0..60),
        ) {
            let mut map = EnumMap::new();
            let mut model = Model::new();
            for (step, op) in ops.iter().enumerate() {
                let got = run_port(&mut map, op);
                let want = run_model(&mut model, op);
                prop_assert_eq!(&got, &want, "step {} {:?}", step, op);
                prop_assert_eq!(map.size() as usize, map.vals.iter().filter(|v| v.is_some()).count());
            }
        }
    }

    // ---- through the harness, in the paper's default context ----

    fn call(context: &TestContext, signature: &str, slots: &[u32]) -> u32 {
        let position = (context.methods().iter())
            .position(|m| m.info.signature == signature)
            .unwrap_or_else(|| panic!("no method {signature}"));
        context.call_space().encode_call(position, slots).unwrap()
    }

    #[test]
    fn paper_context_has_j_39() {
        // vps: int 2, boolean 2, String 2, EnumMap 1. nc(m) = product over the slots
        // (parameters, then target, then result):
        //   EnumMap() 1   EnumMap(EnumMap) 1·1 = 1   size() 1·2 = 2
        //   containsValue(Integer) 2·1·2 = 4   containsKey(Integer) 4   get(Integer) 4
        //   put(Integer,Integer) 2·2·1·2 = 8   remove(Integer) 4   putAll(EnumMap) 1·1 = 1
        //   clear() 1   equals(EnumMap) 1·1·2 = 2   hashCode() 2   clone() 1·1 = 1
        //   isEmpty() 2   toString() 2
        // j = (1+1) + 2 + (4+4+4) + (8+4+1+1) + (2+2+1) + (2+2) = 2+2+12+14+5+4 = 39
        let unit = SubjectUnit::<EnumMap>::new();
        let context = TestContext::paper(&unit).unwrap();
        assert_eq!(context.methods().len(), 15);
        assert_eq!(context.j(), 39);
    }

    #[test]
    fn harness_puts_k0_and_throws_class_cast_for_100() {
        let unit = crate::subject::registry().find("EnumMap").unwrap();
        assert_eq!(unit.java_class(), "java.util.EnumMap");
        let unit = SubjectUnit::<EnumMap>::new();
        let context = Arc::new(TestContext::paper(&unit).unwrap());
        let mut session = unit.session(context.clone());
        session.step(call(&context, "EnumMap()", &[0])).unwrap();
        // int_vp[0] = object_vp[0].put(int_vp[1], int_vp[0]);  put(100, 0) → ClassCast
        assert_eq!(
            session.step(call(&context, "put(Integer,Integer)", &[1, 0, 0, 0])),
            Err(E::ClassCast)
        );
        // int_vp[1] = object_vp[0].put(int_vp[0], int_vp[1]);  put(K0, 100) → null
        session
            .step(call(&context, "put(Integer,Integer)", &[0, 1, 0, 1]))
            .unwrap();
        assert_eq!(session.primitives().ints, [Some(0), None]);
        assert_eq!(session.render_pools()[3].1, ["{K0=100}"]);
    }
}
