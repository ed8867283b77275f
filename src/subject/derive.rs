//! Run-time helpers of the code `#[testspace::subject]` generates: conversions between
//! the value pools and a method's own types, and the names of the errors it returns.
//!
//! The generated method bodies are plain `fn` pointers, so everything they need beyond
//! the method itself lives here. The conversions are the contract documented in
//! `docs/own-crate.md` ("Supported signatures"):
//!
//! * an `int` argument that does not fit the parameter's integer type, or a string
//!   argument for a `char` that is not exactly one character, throws
//!   `IllegalArgumentException` before the method runs;
//! * `null` for a non-`Option` parameter throws `NullPointerException`, as unboxing does;
//! * an integer result that does not fit `int` throws `ArithmeticException` (Java's
//!   `Math.toIntExact`);
//! * a constructor returning `Option<Self>` that returns `None` throws
//!   `IllegalArgumentException` (a constructor refusing its arguments);
//! * an `Err(e)` becomes [`JavaException::Thrown`] named after `e` ([`Thrown::of`]).

use std::collections::BTreeSet;
use std::fmt::Debug;
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, RwLock};

use super::JavaException;

/// The value of a non-nullable parameter: `null` throws `NullPointerException`.
#[inline]
pub fn non_null<T>(value: Option<T>) -> Result<T, JavaException> {
    value.ok_or(JavaException::NullPointer)
}

/// An `int` argument as the parameter's integer type `T`; `IllegalArgumentException`
/// if it does not fit.
#[inline]
pub fn int<T: TryFrom<i32>>(value: i32) -> Result<T, JavaException> {
    T::try_from(value).map_err(|_| JavaException::IllegalArgument)
}

/// A nullable `Integer` argument as `Option<T>`; `IllegalArgumentException` if it does
/// not fit.
#[inline]
pub fn integer<T: TryFrom<i32>>(value: Option<i32>) -> Result<Option<T>, JavaException> {
    value.map(int).transpose()
}

/// A `String` argument as a `char`: it must hold exactly one character, else
/// `IllegalArgumentException`.
#[inline]
pub fn one_char(value: &str) -> Result<char, JavaException> {
    let mut chars = value.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(JavaException::IllegalArgument),
    }
}

/// A nullable `String` argument as `Option<char>` (see [`one_char`]).
#[inline]
pub fn opt_char(value: Option<&str>) -> Result<Option<char>, JavaException> {
    value.map(one_char).transpose()
}

/// An integer result as `int`; `ArithmeticException` if it does not fit (as Java's
/// `Math.toIntExact`).
#[inline]
pub fn int_result<T>(value: T) -> Result<i32, JavaException>
where
    i32: TryFrom<T>,
{
    i32::try_from(value).map_err(|_| JavaException::Arithmetic)
}

/// A nullable integer result as `Integer` (see [`int_result`]).
#[inline]
pub fn integer_result<T>(value: Option<T>) -> Result<Option<i32>, JavaException>
where
    i32: TryFrom<T>,
{
    value.map(int_result).transpose()
}

/// The instance an `Option<Self>` constructor made; `None` throws
/// `IllegalArgumentException`.
#[inline]
pub fn constructed<S>(value: Option<S>) -> Result<S, JavaException> {
    value.ok_or(JavaException::IllegalArgument)
}

/// The one `&'static str` equal to `name`: the first call with a given text leaks one
/// copy, later calls return it.
pub fn intern(name: &str) -> &'static str {
    static NAMES: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut names = NAMES.lock().unwrap_or_else(|poison| poison.into_inner());
    if let Some(&interned) = names.get(name) {
        return interned;
    }
    let interned: &'static str = Box::leak(name.to_owned().into_boxed_str());
    names.insert(interned);
    interned
}

/// The exception name of the error `debug` (`{e:?}`) of the type written `type_name`:
/// `type_name::Variant`, where the variant is `debug` up to the first `(`, `{` or space;
/// the type name alone when that prefix is empty or is the type name itself (a struct).
pub fn thrown_name(type_name: &str, debug: &str) -> String {
    let end = debug.find(['(', '{', ' ']).unwrap_or(debug.len());
    let variant = &debug[..end];
    if variant.is_empty() || variant == type_name {
        type_name.to_owned()
    } else {
        format!("{type_name}::{variant}")
    }
}

/// The names of the errors one method returns, remembered per variant: one per call
/// site of the generated code, so that only the first `Err` of each variant formats it.
///
/// Contract: the name of an error depends only on its variant (as `#[derive(Debug)]`
/// guarantees); a `Debug` that prints different words for values of one variant gets
/// the name of the first one it printed.
#[derive(Debug)]
pub struct Thrown {
    type_name: &'static str,
    seen: RwLock<Vec<(u64, &'static str)>>,
}

impl Thrown {
    /// The names of errors of the type written `type_name` in the signature.
    pub const fn new(type_name: &'static str) -> Self {
        Thrown {
            type_name,
            seen: RwLock::new(Vec::new()),
        }
    }

    /// The exception for the error `error`.
    pub fn of<E: Debug>(&self, error: &E) -> JavaException {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        std::mem::discriminant(error).hash(&mut hasher);
        let key = hasher.finish();
        let seen = self
            .seen
            .read()
            .unwrap_or_else(|poison| poison.into_inner());
        if let Some(&(_, name)) = seen.iter().find(|(k, _)| *k == key) {
            return JavaException::Thrown(name);
        }
        drop(seen);
        let name = intern(&thrown_name(self.type_name, &format!("{error:?}")));
        let mut seen = self
            .seen
            .write()
            .unwrap_or_else(|poison| poison.into_inner());
        if !seen.iter().any(|(k, _)| *k == key) {
            seen.push((key, name));
        }
        JavaException::Thrown(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    #[allow(dead_code)]
    enum RingError {
        Full,
        TooSmall(u8),
        Bad { at: usize },
    }

    #[derive(Debug)]
    struct Refused;

    #[test]
    fn thrown_names_are_the_type_then_the_variant_or_the_struct_alone() {
        let thrown = Thrown::new("RingError");
        assert_eq!(
            thrown.of(&RingError::TooSmall(3)),
            JavaException::Thrown("RingError::TooSmall")
        );
        assert_eq!(thrown.of(&RingError::Full).java_name(), "RingError::Full");
        assert_eq!(
            thrown.of(&RingError::Bad { at: 1 }).to_string(),
            "RingError::Bad"
        );
        // Remembered per variant: a second value of a variant gets the same name.
        assert_eq!(
            thrown.of(&RingError::TooSmall(9)),
            JavaException::Thrown("RingError::TooSmall")
        );
        assert_eq!(Thrown::new("Refused").of(&Refused).java_name(), "Refused");
        assert_eq!(thrown_name("E", "\"text\""), "E::\"text\"");
        assert_eq!(thrown_name("E", "(1, 2)"), "E");
    }

    #[test]
    fn interning_returns_one_copy_per_name() {
        let a = intern(&String::from("X::A"));
        let b = intern(&String::from("X::A"));
        assert!(std::ptr::eq(a, b));
        assert_ne!(intern("X::B"), a);
    }

    #[test]
    fn conversions_throw_as_documented() {
        assert_eq!(int::<u8>(255), Ok(255));
        assert_eq!(int::<u8>(256), Err(JavaException::IllegalArgument));
        assert_eq!(
            integer::<usize>(Some(-1)),
            Err(JavaException::IllegalArgument)
        );
        assert_eq!(integer::<i64>(None), Ok(None));
        assert_eq!(one_char("é"), Ok('é'));
        assert_eq!(one_char(""), Err(JavaException::IllegalArgument));
        assert_eq!(opt_char(Some("ab")), Err(JavaException::IllegalArgument));
        assert_eq!(int_result(u64::MAX), Err(JavaException::Arithmetic));
        assert_eq!(integer_result(Some(-7i64)), Ok(Some(-7)));
        assert_eq!(non_null::<&str>(None), Err(JavaException::NullPointer));
        assert_eq!(constructed::<u8>(None), Err(JavaException::IllegalArgument));
    }
}
