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

use std::sync::Arc;

use super::coverage::{CoverageSession, Probe, ProbeKind, ProbeTable, branch, hit};
use super::{Method, MethodInfo, Param, Return, Session, Subject, SubjectUnit, Unit};
use crate::context::TestContext;

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

const fn probe(kind: ProbeKind, function: &'static str) -> Probe {
    Probe {
        kind,
        line: 0,
        column: 0,
        function,
    }
}

static PROBES: [Probe; 4] = [
    probe(ProbeKind::Entry, "Stone"),
    probe(ProbeKind::IfThen, "isBlack"),
    probe(ProbeKind::IfElse, "isBlack"),
    probe(ProbeKind::Entry, "copy"),
];

/// The [`Unit`] of [`Stone`], with its hand-placed probes.
pub struct StoneUnit {
    plain: SubjectUnit<Stone>,
}

impl StoneUnit {
    /// The unit.
    pub fn new() -> Self {
        StoneUnit {
            plain: SubjectUnit::new(),
        }
    }
}

impl Default for StoneUnit {
    fn default() -> Self {
        Self::new()
    }
}

impl Unit for StoneUnit {
    fn class(&self) -> &'static str {
        Stone::CLASS
    }
    fn java_class(&self) -> &'static str {
        Stone::JAVA_CLASS
    }
    fn methods(&self) -> &[MethodInfo] {
        self.plain.methods()
    }
    fn session(&self, context: Arc<TestContext>) -> Box<dyn Session> {
        self.plain.session(context)
    }
    fn probes(&self) -> Option<ProbeTable> {
        Some(ProbeTable {
            file: "src/subject/stone.rs",
            probes: &PROBES,
        })
    }
    fn coverage_session(&self, context: Arc<TestContext>) -> Option<CoverageSession> {
        Some(CoverageSession::new(self.session(context), self.probes()?))
    }
}
