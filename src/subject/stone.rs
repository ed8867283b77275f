//! `Stone`: the slides' example of FDRT's positive feedback (Yatoh et al., ISSTA 2015,
//! appendix "Bias and Limited Diversity"): a stone is black or not, can be asked, and can
//! be copied. A fixture subject, registered with `TESTSPACE_FIXTURE_SUBJECTS=1`.
//!
//! Under feedback-directed generation a copy's receiver is drawn from the stones made so
//! far, so each black stone makes the next stone more likely black: a Pólya urn, whose
//! black fraction settles at a random level instead of ½.
//!
//! It has no mutants and no schemata; its coverage probes are placed by hand (four: the
//! constructor's and `copy`'s entries, `isBlack`'s two outcomes), so that FCRT's score
//! and uniqueness functions have branches to count.

use super::probes::{Probe, ProbeKind, ProbeTable, ProbedUnit, branch, hit};
use super::{Method, Param, Return, Subject};

/// `fixture.Stone`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stone {
    /// Whether it is black.
    pub black: bool,
}

impl Subject for Stone {
    const CLASS: &'static str = "Stone";
    const JAVA_CLASS: &'static str = "fixture.Stone";

    fn methods() -> Vec<Method<Self>> {
        vec![
            Method::constructor("Stone", &[Param::Bool], |a| {
                hit(0);
                Ok(Stone { black: a.bool(0) })
            }),
            Method::instance("isBlack", &[], Return::Bool, |s, _| {
                Ok(branch(s.black, 1, 2).into())
            }),
            // The slides' `Stone clone()`, declared as the class (java.util's `clone()`
            // returns `Object`, which generators do not use as a receiver).
            Method::instance("copy", &[], Return::Object, |s, _| {
                hit(3);
                Ok(super::Value::Object(Some(s.clone())))
            }),
        ]
    }

    fn to_java_string(&self) -> String {
        if self.black { "black" } else { "white" }.to_string()
    }
}

static PROBES: [Probe; 4] = [
    Probe::by_hand(ProbeKind::Entry, "Stone"),
    Probe::by_hand(ProbeKind::IfThen, "isBlack"),
    Probe::by_hand(ProbeKind::IfElse, "isBlack"),
    Probe::by_hand(ProbeKind::Entry, "copy"),
];

/// The [`Unit`](crate::subject::Unit) of [`Stone`], with its hand-placed probes.
pub type StoneUnit = ProbedUnit<Stone>;

impl StoneUnit {
    /// The unit.
    pub fn new() -> Self {
        ProbedUnit::with_probes(
            ProbeTable {
                file: "src/subject/stone.rs",
                probes: &PROBES,
            },
            include_str!("stone.rs"),
        )
    }
}

impl Default for StoneUnit {
    fn default() -> Self {
        Self::new()
    }
}
