//! Canonical-form indexing (Section 4.3): method-call indices and test-case indices.
//!
//! Given a test context, every method m ∈ M_C has a parameter tuple of slots (parameters,
//! then target, then return slot) with radices vps(t₁), …, vps(t_k), and
//! nc(m) = vps(t₁)·…·vps(t_k) distinct calls. With j = Σ nc(m):
//!
//! * the parameter-list index is ⟦v₁, …, v_k⟧ = v₁ + vps(t₁)·(v₂ + vps(t₂)·(… + vps(t_{k−1})·v_k));
//! * the method-call index is ⟦m_p(v…)⟧ = nc(m₁) + … + nc(m_{p−1}) + ⟦v…⟧, in [0, j);
//! * the test-case index is ⟦mc₁, …, mc_n⟧ = ⟦mc₁⟧ + ⟦mc₂⟧·j + … + ⟦mc_n⟧·j^(n−1), in [0, z), z = jⁿ.
//!
//! [`CallSpace`] handles the first two (native integers); [`TestCaseCodec`] converts
//! between a test-case index (`BigUint`) and its n base-j digits. Strategies work on digit
//! vectors directly — `digits[i]` is ⟦mc_{i+1}⟧ — so big integers stay off the hot path.
//! Everything here is pure: no I/O, no randomness.

mod call_space;
mod codec;

pub use call_space::{CallSpace, DecodedCall, MAX_SLOTS, MethodShape};
pub use codec::{TestCaseCodec, digits_of_u64, digits_to_u128};

use num_bigint::BigUint;

/// Errors of canonical-form indexing, carrying the values involved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EncodingError {
    /// j = Σ nc(m) does not fit in 32 bits (digits are `u32`).
    #[error("j = {j} distinct method calls exceeds the supported maximum of {max}")]
    TooManyCalls {
        /// The number of distinct method calls (may be saturated).
        j: u128,
        /// The largest supported j.
        max: u64,
    },
    /// The context has no method call at all (j = 0), so there are no test cases.
    #[error("the context has no method calls (j = 0): every method needs non-empty value pools")]
    NoCalls,
    /// A method's parameter tuple has more slots than supported.
    #[error("method {method} has {slots} parameter-tuple slots; at most {max} are supported")]
    TooManySlots {
        /// Position of the method in M_C.
        method: usize,
        /// Its number of slots.
        slots: usize,
        /// The maximum.
        max: usize,
    },
    /// A test-case index is not below z = jⁿ.
    #[error("test-case index {index} is out of range: it must be below z = j^n = {j}^{n} = {z}")]
    IndexOutOfRange {
        /// The index given.
        index: BigUint,
        /// j.
        j: u32,
        /// n.
        n: usize,
        /// z = jⁿ.
        z: BigUint,
    },
    /// A method-call index is not below j.
    #[error(
        "method-call index {call} at position {position} is out of range: it must be below j = {j}"
    )]
    CallOutOfRange {
        /// Position in the test case (1-based, as mc_i).
        position: usize,
        /// The index given.
        call: u64,
        /// j.
        j: u32,
    },
    /// A test case has the wrong number of calls.
    #[error("the test case has {got} method calls but n = {n}")]
    WrongLength {
        /// Calls given.
        got: usize,
        /// Expected n.
        n: usize,
    },
    /// A method number is not in M_C.
    #[error("method {method} is not in M_C (which has {methods} methods)")]
    UnknownMethod {
        /// The method position given.
        method: usize,
        /// |M_C|.
        methods: usize,
    },
    /// A slot value is outside its pool.
    #[error("slot {slot} of method {method} has value {value}, but its pool has size {size}")]
    SlotOutOfRange {
        /// Position of the method in M_C.
        method: usize,
        /// Slot number in the parameter tuple.
        slot: usize,
        /// The value given.
        value: u32,
        /// vps of the slot's pool.
        size: u32,
    },
    /// A slot count does not match the method's parameter tuple.
    #[error("method {method} takes {expected} parameter-tuple slots, {got} given")]
    WrongSlotCount {
        /// Position of the method in M_C.
        method: usize,
        /// Slots expected.
        expected: usize,
        /// Slots given.
        got: usize,
    },
}
