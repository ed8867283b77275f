//! Mutant ids: the one name the guards' per-thread state (`guard.rs`) and the mutant
//! switching of schemata code (`mutation.rs`) share.

/// A mutant's id within its unit; [`GOLD`] (0) is the unmutated version.
pub type MutantId = u32;

/// The id of the gold (unmutated) version.
pub const GOLD: MutantId = 0;
