//! Method declarations: what a subject tells the harness about each method in M_C.

use std::fmt;

use super::JavaException;

/// A type of interest t ∈ T_I: the type of one value pool.
///
/// `Object` is the subject's own class (targets, results of constructors and of methods
/// such as `clone`, arguments of `addAll`/`equals`); its display name is the class name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PoolType {
    /// Java `int` / `Integer`: pool elements are `Option<i32>` (`None` is Java's `null`,
    /// which only a method result can put there).
    Int,
    /// Java `boolean`.
    Bool,
    /// Java `String` (nullable).
    Str,
    /// The subject's own class (nullable object references).
    Object,
}

impl PoolType {
    /// Every pool type, in canonical order (the order of value-pool declarations).
    pub const ALL: [PoolType; 4] = [Self::Int, Self::Bool, Self::Str, Self::Object];

    /// The key of this pool type in a context file's `[pools]` table (`int`, `bool`,
    /// `string`, `object`).
    pub fn key(self) -> &'static str {
        match self {
            Self::Int => "int",
            Self::Bool => "bool",
            Self::Str => "string",
            Self::Object => "object",
        }
    }
}

impl fmt::Display for PoolType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The declared type of one parameter of a method.
///
/// `Int` and `Integer` both draw from the `int` pool; they differ as Java's `int` and
/// `Integer` do: a `null` in the slot makes the harness throw `NullPointerException`
/// (unboxing) for `Int`, and is passed through as `None` for `Integer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Param {
    /// Primitive `int` (unboxed: `null` → `NullPointerException`).
    Int,
    /// Boxed `Integer` (nullable).
    Integer,
    /// Primitive `boolean`.
    Bool,
    /// `String` (nullable).
    Str,
    /// An instance of the subject's own class (nullable: the method decides what `null`
    /// means, as Java's would — `equals(null)` is `false`, `addAll(null)` throws).
    Object,
}

impl Param {
    /// The pool this parameter draws from.
    pub fn pool(self) -> PoolType {
        match self {
            Self::Int | Self::Integer => PoolType::Int,
            Self::Bool => PoolType::Bool,
            Self::Str => PoolType::Str,
            Self::Object => PoolType::Object,
        }
    }

    /// The Java spelling of the type (`int`, `Integer`, `boolean`, `String`, or `class`).
    pub fn java_name(self, class: &str) -> String {
        match self {
            Self::Int => "int".into(),
            Self::Integer => "Integer".into(),
            Self::Bool => "boolean".into(),
            Self::Str => "String".into(),
            Self::Object => class.into(),
        }
    }
}

/// The declared return type of a method: `Void`, or the pool the result is stored in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Return {
    /// No result: the method has no return slot.
    Void,
    /// `int` or `Integer`, stored in the `int` pool.
    Int,
    /// `boolean`, stored in the `bool` pool.
    Bool,
    /// `String`, stored in the `string` pool.
    Str,
    /// An instance of the subject's class, stored in the object pool.
    Object,
}

impl Return {
    /// The pool the result goes to, or `None` for `Void`.
    pub fn pool(self) -> Option<PoolType> {
        match self {
            Self::Void => None,
            Self::Int => Some(PoolType::Int),
            Self::Bool => Some(PoolType::Bool),
            Self::Str => Some(PoolType::Str),
            Self::Object => Some(PoolType::Object),
        }
    }
}

/// Whether a method is a constructor, a static method or an instance method
/// (Section 3.2: this decides whether the parameter tuple has a target slot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MethodKind {
    /// `new C(...)`: no target; the new instance goes to a slot of the object pool.
    Constructor,
    /// `C.m(...)`: no target.
    Static,
    /// `x.m(...)`: the target is taken from the object pool.
    Instance,
}

impl fmt::Display for MethodKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Constructor => "constructor",
            Self::Static => "static",
            Self::Instance => "instance",
        })
    }
}

/// The arguments of one call, read in place from the value pools: the harness passes
/// the pools and the call's parameter slots, and each accessor looks its argument up
/// (no copy per call). Object arguments are the exception: they are snapshots (clones)
/// taken before the call, so that a call such as `x.addAll(x)` sees its argument as
/// Java's `c.toArray()` would.
///
/// The accessors panic if the index or the type does not match the method's declared
/// parameters: that is a bug in the subject declaration, not a test outcome.
///
/// The harness builds them: `params` are the method's parameter types and `slots` their
/// pool slots (one per parameter), `ints`, `bools` and `strings` the primitive pools.
#[derive(Debug)]
pub struct Args<'a, S> {
    pub(crate) params: &'a [Param],
    pub(crate) slots: &'a [u32],
    pub(crate) ints: &'a [Option<i32>],
    pub(crate) bools: &'a [bool],
    pub(crate) strings: &'a [Option<String>],
    /// Snapshots of the object arguments, by parameter position (`None` elsewhere);
    /// may be shorter than `params` after the last object parameter.
    pub(crate) objects: &'a [Option<S>],
}

impl<'a, S> Args<'a, S> {
    /// Number of arguments.
    pub fn len(&self) -> usize {
        self.params.len()
    }

    /// Whether the call has no arguments.
    pub fn is_empty(&self) -> bool {
        self.params.is_empty()
    }

    /// The pool slot of argument `i`, which must draw from `pool`.
    #[inline]
    fn slot(&self, i: usize, pool: PoolType) -> usize {
        let param = self.params[i];
        if param.pool() != pool {
            mismatch(i, param, pool);
        }
        self.slots[i] as usize
    }

    /// Parameter `i` declared as [`Param::Int`]: the harness has already thrown
    /// `NullPointerException` for a `null` slot, so this is the unboxed value.
    pub fn int(&self, i: usize) -> i32 {
        match self.ints[self.slot(i, PoolType::Int)] {
            Some(v) => v,
            None => panic!("argument {i} is not a non-null int: null"),
        }
    }

    /// Parameter `i` declared as [`Param::Integer`] (nullable).
    pub fn integer(&self, i: usize) -> Option<i32> {
        self.ints[self.slot(i, PoolType::Int)]
    }

    /// Parameter `i` declared as [`Param::Bool`].
    pub fn bool(&self, i: usize) -> bool {
        self.bools[self.slot(i, PoolType::Bool)]
    }

    /// Parameter `i` declared as [`Param::Str`] (nullable).
    pub fn string(&self, i: usize) -> Option<&'a str> {
        self.strings[self.slot(i, PoolType::Str)].as_deref()
    }

    /// Parameter `i` declared as [`Param::Object`] (nullable snapshot).
    pub fn object(&self, i: usize) -> Option<&'a S> {
        self.slot(i, PoolType::Object);
        self.objects[i].as_ref()
    }
}

#[cold]
#[inline(never)]
fn mismatch(i: usize, param: Param, pool: PoolType) -> ! {
    panic!("argument {i} is declared {param:?}, not from the {pool} pool")
}

/// The result of a call that returned normally.
#[derive(Clone, Debug, PartialEq)]
pub enum Value<S> {
    /// A `void` method returned.
    Void,
    /// An `int`/`Integer` result (`None` = `null`).
    Int(Option<i32>),
    /// A `boolean` result.
    Bool(bool),
    /// A `String` result (`None` = `null`).
    Str(Option<String>),
    /// An instance of the subject's class (`None` = `null`).
    Object(Option<S>),
}

impl<S> From<()> for Value<S> {
    fn from((): ()) -> Self {
        Value::Void
    }
}
impl<S> From<i32> for Value<S> {
    fn from(v: i32) -> Self {
        Value::Int(Some(v))
    }
}
impl<S> From<Option<i32>> for Value<S> {
    fn from(v: Option<i32>) -> Self {
        Value::Int(v)
    }
}
impl<S> From<bool> for Value<S> {
    fn from(v: bool) -> Self {
        Value::Bool(v)
    }
}
impl<S> From<String> for Value<S> {
    fn from(v: String) -> Self {
        Value::Str(Some(v))
    }
}
impl<S> From<Option<String>> for Value<S> {
    fn from(v: Option<String>) -> Self {
        Value::Str(v)
    }
}

/// The code of a method: how the harness invokes it.
pub enum Body<S> {
    /// `new C(args)`: returns the new instance or throws.
    Constructor(fn(&Args<'_, S>) -> Result<S, JavaException>),
    /// `C.m(args)`.
    Static(fn(&Args<'_, S>) -> Result<Value<S>, JavaException>),
    /// `target.m(args)`; the harness has already thrown `NullPointerException` for a
    /// `null` target.
    Instance(fn(&mut S, &Args<'_, S>) -> Result<Value<S>, JavaException>),
}

/// One method of a subject, as declared to the harness: a member of M_C.
///
/// Its parameter tuple (Section 3.2) is: one slot per parameter, in order, then the
/// target slot for an instance method, then the return slot for a constructor or a
/// non-void method. nc(m) is the product of the sizes of those slots' pools.
pub struct Method<S> {
    /// The Java method name (`add`, `get`, …; the class name for constructors).
    pub name: &'static str,
    /// The declared parameter types, in order.
    pub params: &'static [Param],
    /// The declared return type (constructors: [`Return::Object`]).
    pub returns: Return,
    /// The code.
    pub body: Body<S>,
}

impl<S> Clone for Body<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Body<S> {}

impl<S> Method<S> {
    /// Declares a constructor `new C(params…)`.
    pub fn constructor(
        name: &'static str,
        params: &'static [Param],
        body: fn(&Args<'_, S>) -> Result<S, JavaException>,
    ) -> Self {
        Method {
            name,
            params,
            returns: Return::Object,
            body: Body::Constructor(body),
        }
    }

    /// Declares a static method `C.name(params…)` returning `returns`.
    pub fn static_method(
        name: &'static str,
        params: &'static [Param],
        returns: Return,
        body: fn(&Args<'_, S>) -> Result<Value<S>, JavaException>,
    ) -> Self {
        Method {
            name,
            params,
            returns,
            body: Body::Static(body),
        }
    }

    /// Declares an instance method `x.name(params…)` returning `returns`.
    pub fn instance(
        name: &'static str,
        params: &'static [Param],
        returns: Return,
        body: fn(&mut S, &Args<'_, S>) -> Result<Value<S>, JavaException>,
    ) -> Self {
        Method {
            name,
            params,
            returns,
            body: Body::Instance(body),
        }
    }

    /// The method's kind, from its body.
    pub fn kind(&self) -> MethodKind {
        match self.body {
            Body::Constructor(_) => MethodKind::Constructor,
            Body::Static(_) => MethodKind::Static,
            Body::Instance(_) => MethodKind::Instance,
        }
    }

    /// The Java-style signature that identifies the method within its class, e.g.
    /// `add(int,Integer)`; constructors use the class name, e.g. `ArrayList(int)`.
    pub fn signature(&self, class: &str) -> String {
        let params: Vec<String> = self.params.iter().map(|p| p.java_name(class)).collect();
        format!("{}({})", self.name, params.join(","))
    }

    /// The pools of the parameter tuple's slots, in tuple order: parameters, then target,
    /// then return slot (Section 3.2).
    pub fn slot_pools(&self) -> Vec<PoolType> {
        let mut slots: Vec<PoolType> = self.params.iter().map(|p| p.pool()).collect();
        if self.kind() == MethodKind::Instance {
            slots.push(PoolType::Object);
        }
        if let Some(pool) = self.returns.pool() {
            slots.push(pool);
        }
        slots
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PARAMS: [Param; 5] = [
        Param::Int,
        Param::Integer,
        Param::Bool,
        Param::Str,
        Param::Object,
    ];

    fn with_args<T>(f: impl FnOnce(&Args<'_, &'static str>) -> T) -> T {
        let ints = [Some(7), None, Some(-1)];
        let bools = [false, true];
        let strings = [None, Some("b".to_string())];
        let objects = [None, None, None, None, Some("snapshot")];
        // int_vp[2], int_vp[1], bool_vp[1], string_vp[1], the snapshot of param 4.
        let slots = [2, 1, 1, 1, 0];
        f(&Args {
            params: &PARAMS,
            slots: &slots,
            ints: &ints,
            bools: &bools,
            strings: &strings,
            objects: &objects,
        })
    }

    #[test]
    fn each_argument_is_read_from_its_own_pool_slot() {
        with_args(|a| {
            assert_eq!(a.len(), 5);
            assert_eq!(a.int(0), -1);
            assert_eq!(a.integer(1), None);
            assert!(a.bool(2));
            assert_eq!(a.string(3), Some("b"));
            assert_eq!(a.object(4), Some(&"snapshot"));
        });
    }

    #[test]
    fn an_accessor_of_the_wrong_pool_type_panics() {
        for wrong in [
            |a: &Args<'_, &'static str>| {
                let _ = a.bool(0);
            },
            |a: &Args<'_, &'static str>| {
                let _ = a.integer(2);
            },
            |a: &Args<'_, &'static str>| {
                let _ = a.string(4);
            },
            |a: &Args<'_, &'static str>| {
                let _ = a.object(3);
            },
        ] {
            let outcome = std::panic::catch_unwind(|| with_args(wrong));
            assert!(outcome.is_err());
        }
    }
}
