//! Expected exceptions: a Rust mirror of the Java exception classes a `java.util` unit
//! throws, plus the outcomes the harness itself detects (a caught panic).

use std::fmt;

/// An exception thrown by a method call, named after the Java class it mirrors.
///
/// The harness records one of these for every call that does not return normally.
/// `NullPointer` is also produced by the harness itself when a call's target slot, or a
/// primitive `int` parameter slot, holds `null` — exactly where Java would throw.
/// `Panic` records a Rust panic caught inside subject code (the panic message is not
/// printed): in a faithful port it signals a bug, in a mutant it is an ordinary failure.
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
}

impl JavaException {
    /// Every variant, in declaration order.
    pub const ALL: [JavaException; 13] = [
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
    ];

    /// Whether this outcome is a harness guard event (the execution was cut short by the
    /// harness rather than by the subject) — a distinct outcome for the oracle, never a
    /// kill. No guard exists yet in this build: the mutant-schemata guards add them.
    pub fn is_guard(self) -> bool {
        false
    }

    /// The simple name of the Java class this variant mirrors (`"IndexOutOfBoundsException"`);
    /// `Panic` is rendered as `"RustPanic"`.
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
        }
    }
}

impl fmt::Display for JavaException {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.java_name())
    }
}

impl std::error::Error for JavaException {}
