//! The kinds of coverage probes: what outcome of which construct a probe records.
//!
//! Shared by the generator of the coverage copies ([`crate::coverage_copy`]) and testspace's
//! run time (`testspace::subject::probes`).

/// What outcome a probe records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ProbeKind {
    /// A function body was entered.
    Entry,
    /// An `if` condition held.
    IfThen,
    /// An `if` condition failed.
    IfElse,
    /// A `while` condition held.
    WhileBody,
    /// A `while` condition failed.
    WhileExit,
    /// A `for` loop's iterator gave an item.
    ForBody,
    /// A `for` loop's iterator was done.
    ForExit,
    /// A `match` arm was taken.
    MatchArm,
    /// A match guard held.
    GuardTrue,
    /// A match guard failed.
    GuardFalse,
    /// The left operand of `&&` held: the right one is evaluated.
    AndRight,
    /// The left operand of `&&` failed: short circuit.
    AndShort,
    /// The left operand of `||` held: short circuit.
    OrShort,
    /// The left operand of `||` failed: the right one is evaluated.
    OrRight,
    /// `?` went on with the value.
    TryOk,
    /// `?` returned early (an exception, in the ports).
    TryErr,
    /// The pattern of a `let … else` matched.
    LetElseMatch,
    /// The pattern of a `let … else` did not: its `else` block ran.
    LetElseMiss,
}

impl ProbeKind {
    /// Every kind, in declaration order.
    pub const ALL: [ProbeKind; 18] = [
        Self::Entry,
        Self::IfThen,
        Self::IfElse,
        Self::WhileBody,
        Self::WhileExit,
        Self::ForBody,
        Self::ForExit,
        Self::MatchArm,
        Self::GuardTrue,
        Self::GuardFalse,
        Self::AndRight,
        Self::AndShort,
        Self::OrShort,
        Self::OrRight,
        Self::TryOk,
        Self::TryErr,
        Self::LetElseMatch,
        Self::LetElseMiss,
    ];

    /// The kebab-case name (`if-then`, …).
    pub fn name(self) -> &'static str {
        match self {
            Self::Entry => "entry",
            Self::IfThen => "if-then",
            Self::IfElse => "if-else",
            Self::WhileBody => "while-body",
            Self::WhileExit => "while-exit",
            Self::ForBody => "for-body",
            Self::ForExit => "for-exit",
            Self::MatchArm => "match-arm",
            Self::GuardTrue => "guard-true",
            Self::GuardFalse => "guard-false",
            Self::AndRight => "and-right",
            Self::AndShort => "and-short",
            Self::OrShort => "or-short",
            Self::OrRight => "or-right",
            Self::TryOk => "try-ok",
            Self::TryErr => "try-err",
            Self::LetElseMatch => "let-else-match",
            Self::LetElseMiss => "let-else-miss",
        }
    }

    /// Whether the probe is a branch (a decision's outcome); only `entry` is not.
    pub fn is_branch(self) -> bool {
        self != Self::Entry
    }
}
