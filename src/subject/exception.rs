//! Expected exceptions: a Rust mirror of the Java exception classes a `java.util` unit
//! throws, plus the outcomes the harness itself detects (a caught panic, and the three
//! events of the mutant guards).

use std::fmt;

/// An exception thrown by a method call, named after the Java class it mirrors.
///
/// The harness records one of these for every call that does not return normally.
/// `NullPointer` is also produced by the harness itself when a call's target slot, or a
/// primitive `int` parameter slot, holds `null` — exactly where Java would throw.
/// `Panic` records a Rust panic caught inside subject code (the panic message is not
/// printed): in a faithful port it signals a bug, in a mutant it is an ordinary failure.
/// `Thrown` carries the name of an error a subject declared with `#[testspace::subject]`
/// returned (`"RingError::Full"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum JavaException {
    /// `java.lang.IndexOutOfBoundsException` (and its array/string subclasses).
    IndexOutOfBounds,
    /// `java.util.NoSuchElementException`.
    NoSuchElement,
    /// `java.util.EmptyStackException` (a `RuntimeException`, not a
    /// `NoSuchElementException`: `Stack.peek`/`pop` on an empty stack).
    EmptyStack,
    /// `java.lang.IllegalArgumentException`.
    IllegalArgument,
    /// `java.lang.IllegalStateException`.
    IllegalState,
    /// `java.lang.UnsupportedOperationException`.
    Unsupported,
    /// `java.util.ConcurrentModificationException`.
    ConcurrentModification,
    /// `java.lang.NullPointerException`.
    NullPointer,
    /// `java.lang.ClassCastException`.
    ClassCast,
    /// `java.lang.ArithmeticException`.
    Arithmetic,
    /// `java.lang.NegativeArraySizeException`.
    NegativeArraySize,
    /// `java.lang.OutOfMemoryError` (e.g. a requested capacity beyond what a Java array
    /// can hold).
    OutOfMemory,
    /// A Rust panic inside subject code, caught by the harness.
    Panic,
    /// Not a Java exception: a mutant ran out of fuel (a loop or recursion that would
    /// not end within k × the gold run's work), detected by the schemata guards.
    Timeout,
    /// Not a Java exception: a mutant nested schemata calls beyond the depth limit or
    /// ran the stack low (where Java would throw `StackOverflowError` or the process
    /// would abort), detected by the schemata guards.
    RecursionLimit,
    /// Not a Java exception: a mutant asked for an allocation above the limit (where
    /// the process could abort), detected by the schemata guards.
    AllocationLimit,
    /// The `Err` of a method declared with `#[testspace::subject]`, by name: the error
    /// type as written in the signature, then `::` and the variant (`"RingError::Full"`),
    /// or the type alone for a struct. Names are interned once per distinct name
    /// ([`crate::subject::derive::intern`]), so equal names are equal exceptions.
    Thrown(&'static str),
}

impl JavaException {
    /// Every fixed variant, in declaration order (all but [`JavaException::Thrown`],
    /// whose names come from the subjects).
    pub const ALL: [JavaException; 16] = [
        Self::IndexOutOfBounds,
        Self::NoSuchElement,
        Self::EmptyStack,
        Self::IllegalArgument,
        Self::IllegalState,
        Self::Unsupported,
        Self::ConcurrentModification,
        Self::NullPointer,
        Self::ClassCast,
        Self::Arithmetic,
        Self::NegativeArraySize,
        Self::OutOfMemory,
        Self::Panic,
        Self::Timeout,
        Self::RecursionLimit,
        Self::AllocationLimit,
    ];

    /// Whether this outcome is a harness guard event (out of fuel, too deep, too large):
    /// the execution was cut short by the harness rather than by the subject — a distinct
    /// outcome for the oracle, never a kill.
    pub fn is_guard(self) -> bool {
        matches!(
            self,
            Self::Timeout | Self::RecursionLimit | Self::AllocationLimit
        )
    }

    /// Whether the harness detected this outcome itself (a panic or a guard event)
    /// rather than the subject throwing it.
    pub fn is_harness_detected(self) -> bool {
        matches!(
            self,
            Self::Panic | Self::Timeout | Self::RecursionLimit | Self::AllocationLimit
        )
    }

    /// The simple name of the Java class this variant mirrors (`"IndexOutOfBoundsException"`);
    /// `Panic` is rendered as `"RustPanic"`, the guard events as `"Timeout"`,
    /// `"RecursionLimit"` and `"AllocationLimit"`, `Thrown` as its name.
    pub fn java_name(self) -> &'static str {
        match self {
            Self::IndexOutOfBounds => "IndexOutOfBoundsException",
            Self::NoSuchElement => "NoSuchElementException",
            Self::EmptyStack => "EmptyStackException",
            Self::IllegalArgument => "IllegalArgumentException",
            Self::IllegalState => "IllegalStateException",
            Self::Unsupported => "UnsupportedOperationException",
            Self::ConcurrentModification => "ConcurrentModificationException",
            Self::NullPointer => "NullPointerException",
            Self::ClassCast => "ClassCastException",
            Self::Arithmetic => "ArithmeticException",
            Self::NegativeArraySize => "NegativeArraySizeException",
            Self::OutOfMemory => "OutOfMemoryError",
            Self::Panic => "RustPanic",
            Self::Timeout => "Timeout",
            Self::RecursionLimit => "RecursionLimit",
            Self::AllocationLimit => "AllocationLimit",
            Self::Thrown(name) => name,
        }
    }
}

impl fmt::Display for JavaException {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.java_name())
    }
}

impl std::error::Error for JavaException {}
