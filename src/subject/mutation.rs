//! Run-time mutant switching, for mutant schemata: one compiled copy of a subject in which
//! every mutation point asks [`active`] which mutant (if any) is on for the current thread.
//!
//! The active mutant is a per-thread value, so gold and different mutants run concurrently
//! on different threads with no lock on the hot path. Id 0 is the gold version.

use std::fmt;

use super::mutant_id::{GOLD, MutantId};

/// The mutant active on this thread (0 = gold). It lives in the same thread-local as
/// the guards' state (`super::guard`), so a schemata function entry reads both at once.
#[inline]
pub fn active() -> MutantId {
    super::guard::active()
}

/// Makes `id` the active mutant of this thread.
#[inline]
pub fn set_active(id: MutantId) {
    super::guard::set_active(id);
}

/// The four mutation operator classes of the paper's generator (Section 6.2).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum MutationOperator {
    /// Replace an operator by another of its type-compatible group.
    ReplaceOperator,
    /// Replace a constant (c → 0, 1, −1, c+1, c−1; true ↔ false).
    ReplaceConstant,
    /// Negate the condition of a decision (`if`, `while`, match guard).
    NegateDecision,
    /// Delete an expression statement.
    DeleteStatement,
}

impl MutationOperator {
    /// Every class, in declaration order.
    pub const ALL: [MutationOperator; 4] = [
        Self::ReplaceOperator,
        Self::ReplaceConstant,
        Self::NegateDecision,
        Self::DeleteStatement,
    ];

    /// The class with this name (`replace-operator`, …).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|op| op.name() == name)
    }

    /// The name at the edges (`replace-operator`, …).
    pub fn name(self) -> &'static str {
        match self {
            Self::ReplaceOperator => "replace-operator",
            Self::ReplaceConstant => "replace-constant",
            Self::NegateDecision => "negate-decision",
            Self::DeleteStatement => "delete-statement",
        }
    }
}

impl fmt::Display for MutationOperator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One mutant of a unit, as listed in its catalog.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MutantInfo {
    /// Stable id within the unit (≥ 1; [`GOLD`] for gold itself as a target).
    pub id: MutantId,
    /// Operator class; `None` for gold as a target ([`MutantInfo::gold`]) and for a real
    /// fault ([`MutantInfo::fault`]).
    pub operator: Option<MutationOperator>,
    /// A real fault's id in the corpus; `None` for a mutant and for gold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault: Option<String>,
    /// `file:line:column` of the mutated code in the subject's source.
    pub location: String,
    /// The original code.
    pub original: String,
    /// The replacement code.
    pub replacement: String,
}

impl MutantInfo {
    /// Gold itself as a target of an experiment (`[mutants] gold = true`): its test cases
    /// are judged by the crash oracle (a call that panics fails the test case), not against
    /// another version.
    pub fn gold() -> MutantInfo {
        MutantInfo {
            id: GOLD,
            operator: None,
            fault: None,
            location: String::new(),
            original: String::new(),
            replacement: String::new(),
        }
    }

    /// Target `id`, the real fault `fault`: the release `buggy` (its location) in place of
    /// `fixed` (the original).
    pub fn fault(id: MutantId, fault: &str, buggy: &str, fixed: &str) -> MutantInfo {
        MutantInfo {
            id,
            operator: None,
            fault: Some(fault.to_string()),
            location: buggy.to_string(),
            original: fixed.to_string(),
            replacement: buggy.to_string(),
        }
    }

    /// The operator class's name, a real fault's id, or `gold` for gold as a target.
    pub fn operator_name(&self) -> &str {
        match (&self.operator, &self.fault) {
            (Some(operator), _) => operator.name(),
            (None, Some(fault)) => fault,
            (None, None) => "gold",
        }
    }
}

/// A session that makes its mutant the thread's active one before every call, so a
/// schemata build runs that mutant (gold when the id is [`GOLD`]).
pub struct MutantSession {
    inner: Box<dyn super::Session>,
    mutant: MutantId,
}

impl MutantSession {
    /// Wraps a session of a schemata build.
    pub fn new(inner: Box<dyn super::Session>, mutant: MutantId) -> Self {
        MutantSession { inner, mutant }
    }
}

impl super::Session for MutantSession {
    fn reset(&mut self) {
        self.inner.reset();
    }
    fn step(&mut self, call: u32) -> Result<(), super::JavaException> {
        set_active(self.mutant);
        let outcome = self.inner.step(call);
        set_active(GOLD);
        outcome
    }
    fn reset_to(&mut self, pools: &super::PoolInit) {
        self.inner.reset_to(pools);
    }
    fn step_slots(&mut self, method: usize, slots: &[u32]) -> Result<(), super::JavaException> {
        set_active(self.mutant);
        let outcome = self.inner.step_slots(method, slots);
        set_active(GOLD);
        outcome
    }
    fn object(&self, slot: usize) -> Option<Box<dyn std::any::Any + Send>> {
        self.inner.object(slot)
    }
    fn put_object(&mut self, slot: usize, object: &dyn std::any::Any) {
        self.inner.put_object(slot, object);
    }
    fn primitives(&self) -> super::PrimitivePools {
        self.inner.primitives()
    }
    fn render_pools(&self) -> Vec<(String, Vec<String>)> {
        self.inner.render_pools()
    }
    fn primitives_fingerprint(&self) -> u64 {
        self.inner.primitives_fingerprint()
    }
    fn spend_fuel(&mut self, fuel: u64) {
        self.inner.spend_fuel(fuel);
    }
}
