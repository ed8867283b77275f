//! `Vault`: a fixture subject with one branch for each of GRT's components to reach that
//! plain FDRT does not (Ma et al., ASE 2015; `src/generator/grt/`). Registered with
//! `TESTSPACE_FIXTURE_SUBJECTS=1`.
//!
//! * `tryOpen(int)` opens only for [`SECRET`], a constant of this file that Randoop's seed
//!   values never produce (Constant mining), and `say(String)` only for [`WORD`];
//! * `near(int)` is true for 100 < x < 1000: no seed value is, but 100 moved by Gaussian
//!   noise often is (Impurity; no method returns an `int`, so FDRT's seed pool never grows);
//! * `copy()` is declared `Object`, like `clone()`, and `isCopy()` is true only on a copy:
//!   FDRT types a copy as declared and never calls a method on it (Elephant brain);
//! * a context without the constructor has no object to call anything on (Detective).
//!
//! Its probes are placed by hand (no mutants, no schemata): the constructor's entry, then
//! both outcomes of each of the four queries.

use super::probes::{Probe, ProbeKind, ProbeTable, ProbedUnit, branch, hit};
use super::{Method, Param, Return, Subject};

/// The code that opens a vault.
pub const SECRET: i32 = 4242;
/// The word a vault answers to.
pub const WORD: &str = "sesame";

/// `fixture.Vault`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vault {
    /// Copies made on the way to this one.
    pub generation: u32,
}

impl Vault {
    fn try_open(&self, guess: i32) -> bool {
        branch(guess == SECRET, 1, 2)
    }

    fn near(&self, guess: i32) -> bool {
        branch(guess > 100 && guess < 1000, 3, 4)
    }

    fn say(&self, word: Option<&str>) -> bool {
        branch(word == Some(WORD), 5, 6)
    }

    fn is_copy(&self) -> bool {
        branch(self.generation > 0, 7, 8)
    }
}

impl Subject for Vault {
    const CLASS: &'static str = "Vault";
    const JAVA_CLASS: &'static str = "fixture.Vault";

    fn methods() -> Vec<Method<Self>> {
        vec![
            Method::constructor("Vault", &[], |_| {
                hit(0);
                Ok(Vault { generation: 0 })
            }),
            Method::instance("tryOpen", &[Param::Int], Return::Bool, |v, a| {
                Ok(v.try_open(a.int(0)).into())
            }),
            Method::instance("near", &[Param::Int], Return::Bool, |v, a| {
                Ok(v.near(a.int(0)).into())
            }),
            Method::instance("say", &[Param::Str], Return::Bool, |v, a| {
                Ok(v.say(a.string(0)).into())
            }),
            Method::instance("isCopy", &[], Return::Bool, |v, _| Ok(v.is_copy().into())),
            // Declared `Object`, as java.util's `clone()`.
            Method::instance("clone", &[], Return::Object, |v, _| {
                Ok(super::Value::Object(Some(Vault {
                    generation: v.generation + 1,
                })))
            }),
        ]
    }

    fn to_java_string(&self) -> String {
        format!("vault #{}", self.generation)
    }
}

static PROBES: [Probe; 9] = [
    Probe::by_hand(ProbeKind::Entry, "Vault"),
    Probe::by_hand(ProbeKind::IfThen, "tryOpen"),
    Probe::by_hand(ProbeKind::IfElse, "tryOpen"),
    Probe::by_hand(ProbeKind::IfThen, "near"),
    Probe::by_hand(ProbeKind::IfElse, "near"),
    Probe::by_hand(ProbeKind::IfThen, "say"),
    Probe::by_hand(ProbeKind::IfElse, "say"),
    Probe::by_hand(ProbeKind::IfThen, "isCopy"),
    Probe::by_hand(ProbeKind::IfElse, "isCopy"),
];

/// The [`Unit`](crate::subject::Unit) of [`Vault`], with its hand-placed probes.
pub type VaultUnit = ProbedUnit<Vault>;

impl VaultUnit {
    /// The unit.
    pub fn new() -> Self {
        ProbedUnit::with_probes(
            ProbeTable {
                file: "src/subject/vault.rs",
                probes: &PROBES,
            },
            include_str!("vault.rs"),
        )
    }
}

impl Default for VaultUnit {
    fn default() -> Self {
        Self::new()
    }
}
