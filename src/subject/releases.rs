//! Releases of a crate as one unit: gold is a fixed release, each target a buggy release of
//! the same subject — a real fault (issue 42; docs/corpus.md).
//!
//! Both releases are compiled into the same binary (the corpus crate depends on each
//! release under its own name) and declare the same wrapper type, so they share one method
//! table: a test case runs on gold and on a fault exactly as on gold and a mutant, and every
//! oracle, table and statistic is the one of mutants.

use std::sync::Arc;

use super::harness::{CallTable, Session};
use super::mutant_id::{GOLD, MutantId};
use super::mutation::MutantInfo;
use super::probes::{CoverageSession, ProbeTable};
use super::registry::{MethodInfo, Unit};

/// A real fault of a crate: its id and kind, the release it is in and the one that fixed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaultInfo {
    /// The fault's id in the corpus (`smallvec-insert-many-overflow`).
    pub id: String,
    /// The crate.
    pub krate: String,
    /// The last release with the fault.
    pub buggy: String,
    /// The first release without it: gold.
    pub fixed: String,
    /// panic, wrong-result, memory or hang.
    pub kind: String,
}

/// Why releases cannot form one unit.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReleasesError {
    /// The buggy release's subject declares other methods than gold's.
    #[error(
        "fault {fault}: {detail}; the wrapper must compile to the same methods against both releases"
    )]
    Methods {
        /// The fault.
        fault: String,
        /// The subject, the releases and the first difference.
        detail: String,
    },
    /// A release that fixed a fault of gold's own declares other methods than gold's.
    #[error(
        "{unit}, corrected in {release}: {detail}; the wrapper must compile to the same methods against both releases"
    )]
    CorrectionMethods {
        /// The unit (`Subject@fixed`).
        unit: String,
        /// The later release.
        release: String,
        /// The subject, the releases and the first difference.
        detail: String,
    },
    /// The coverage copy of gold's release declares other methods than gold.
    #[error(
        "{unit}, coverage copy: {detail}; the copy is gold's release instrumented and must declare its methods"
    )]
    CoverageMethods {
        /// The unit (`Subject@fixed`).
        unit: String,
        /// The first difference.
        detail: String,
    },
    /// A fault's fixed release is not the unit's.
    #[error("fault {fault} is fixed in {krate} {fixed}, not in {gold}, the release of this unit")]
    Fixed {
        /// The fault.
        fault: String,
        /// The crate.
        krate: String,
        /// The fault's fixed release.
        fixed: String,
        /// The unit's release.
        gold: String,
    },
}

/// A subject at a fixed release (gold) with the buggy releases of its faults as targets,
/// target k (from 1) the k-th fault added. Its class name is `Subject@fixed`.
pub struct Releases {
    class: &'static str,
    krate: String,
    release: String,
    gold: Box<dyn Unit>,
    faults: Vec<(FaultInfo, Box<dyn Unit>)>,
    /// The releases that fixed gold's own faults, with their subjects.
    corrections: Vec<(String, Box<dyn Unit>)>,
    /// Gold's release instrumented for coverage (its subject) and the copy's probes.
    coverage: Option<(Box<dyn Unit>, ProbeTable)>,
    targets: Vec<MutantInfo>,
    sloc: usize,
}

impl Releases {
    /// The subject `gold` of `krate` at `release`; `sloc` is the size of the release's
    /// source (the code the subject reaches, at most).
    pub fn new(gold: Box<dyn Unit>, krate: &str, release: &str, sloc: usize) -> Self {
        let class: &'static str = format!("{}@{release}", gold.class()).leak();
        Releases {
            class,
            krate: krate.to_string(),
            release: release.to_string(),
            gold,
            faults: Vec::new(),
            corrections: Vec::new(),
            coverage: None,
            targets: Vec::new(),
            sloc,
        }
    }

    /// Adds `fault`, whose buggy release declares the subject as `buggy`.
    ///
    /// # Errors
    /// A fault fixed in another release, or a subject whose methods differ between the
    /// releases.
    pub fn fault(mut self, fault: FaultInfo, buggy: Box<dyn Unit>) -> Result<Self, ReleasesError> {
        if fault.fixed != self.release {
            return Err(ReleasesError::Fixed {
                fault: fault.id,
                krate: self.krate,
                fixed: fault.fixed,
                gold: self.release,
            });
        }
        if let Some(difference) = method_difference(self.gold.methods(), buggy.methods()) {
            return Err(ReleasesError::Methods {
                detail: format!(
                    "the subject {} of {} {} declares other methods than in {} ({difference})",
                    self.gold.class(),
                    self.krate,
                    fault.buggy,
                    fault.fixed
                ),
                fault: fault.id,
            });
        }
        self.targets.push(MutantInfo::fault(
            self.faults.len() as MutantId + 1,
            &fault.id,
            &format!("{}@{}", fault.krate, fault.buggy),
            &format!("{}@{}", fault.krate, fault.fixed),
        ));
        self.faults.push((fault, buggy));
        Ok(self)
    }

    /// The faults, in target order (target k is the k-th, from 1).
    pub fn faults(&self) -> impl Iterator<Item = &FaultInfo> {
        self.faults.iter().map(|(fault, _)| fault)
    }

    /// Adds `release`, whose subject is `later`, as a release that fixed a fault of gold's
    /// own (gold is the buggy release of a later fault of the same subject, or of a chain
    /// of them): a target's difference from gold that `later` shares is gold's fault, not
    /// the target's ([`Unit::gold_corrections`]).
    ///
    /// # Errors
    /// A subject whose methods differ between gold's release and `release`.
    pub fn corrected_in(
        mut self,
        release: &str,
        later: Box<dyn Unit>,
    ) -> Result<Self, ReleasesError> {
        if let Some(difference) = method_difference(self.gold.methods(), later.methods()) {
            return Err(ReleasesError::CorrectionMethods {
                unit: self.class.to_string(),
                release: release.to_string(),
                detail: format!(
                    "the subject {} of {} {release} declares other methods than in {} ({difference})",
                    self.gold.class(),
                    self.krate,
                    self.release
                ),
            });
        }
        self.corrections.push((release.to_string(), later));
        Ok(self)
    }

    /// Gives gold a coverage copy: `copy` is the subject declared against gold's release
    /// instrumented by `testspace corpus fetch` (`<crate>-<fixed>+coverage`), `table` its
    /// probes. [`Unit::coverage_session`] then runs gold through the copy, so that the
    /// strategies steered by coverage (fcrt, dynamosa, greybox, GRT's Bloodhound) run on
    /// the unit; the targets still run the plain releases.
    ///
    /// # Errors
    /// A copy whose subject declares other methods than gold's.
    pub fn with_coverage(
        mut self,
        copy: Box<dyn Unit>,
        table: ProbeTable,
    ) -> Result<Self, ReleasesError> {
        if let Some(difference) = method_difference(self.gold.methods(), copy.methods()) {
            return Err(ReleasesError::CoverageMethods {
                unit: self.class.to_string(),
                detail: format!(
                    "the subject {} of {} {} declares other methods in the copy ({difference})",
                    self.gold.class(),
                    self.krate,
                    self.release
                ),
            });
        }
        self.coverage = Some((copy, table));
        Ok(self)
    }

    /// The releases that fixed gold's own faults, in the order added.
    pub fn corrections(&self) -> impl Iterator<Item = &str> {
        self.corrections.iter().map(|(release, _)| release.as_str())
    }
}

/// The first difference between two method lists, as a sentence; `None` when they are equal.
fn method_difference(gold: &[MethodInfo], buggy: &[MethodInfo]) -> Option<String> {
    for (g, b) in gold.iter().zip(buggy) {
        if g != b {
            return Some(format!("{} against {}", g.signature, b.signature));
        }
    }
    match gold.len().cmp(&buggy.len()) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => Some(format!("{} is missing", gold[buggy.len()].signature)),
        std::cmp::Ordering::Less => Some(format!("{} is extra", buggy[gold.len()].signature)),
    }
}

impl Unit for Releases {
    fn class(&self) -> &'static str {
        self.class
    }
    fn java_class(&self) -> &'static str {
        self.gold.java_class()
    }
    fn methods(&self) -> &[MethodInfo] {
        self.gold.methods()
    }
    fn session(&self, context: Arc<dyn CallTable>) -> Box<dyn Session> {
        self.gold.session(context)
    }
    fn mutants(&self) -> &[MutantInfo] {
        &self.targets
    }
    fn mutant_session(
        &self,
        context: Arc<dyn CallTable>,
        mutant: MutantId,
    ) -> Option<Box<dyn Session>> {
        if mutant == GOLD {
            return Some(self.gold.session(context));
        }
        let (_, buggy) = self.faults.get((mutant as usize).checked_sub(1)?)?;
        Some(buggy.session(context))
    }
    fn gold_corrections(&self, context: Arc<dyn CallTable>) -> Vec<Box<dyn Session>> {
        self.corrections
            .iter()
            .map(|(_, later)| later.session(context.clone()))
            .collect()
    }
    fn sloc(&self) -> usize {
        self.sloc
    }
    fn probes(&self) -> Option<ProbeTable> {
        self.coverage.as_ref().map(|(_, table)| *table)
    }
    fn coverage_session(&self, context: Arc<dyn CallTable>) -> Option<CoverageSession> {
        let (copy, table) = self.coverage.as_ref()?;
        Some(CoverageSession::new(copy.session(context), *table))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subject::SubjectUnit;
    use crate::subjects::{array_list::ArrayList, linked_list::LinkedList, vector::Vector};

    fn fault(id: &str, fixed: &str) -> FaultInfo {
        FaultInfo {
            id: id.into(),
            krate: "lists".into(),
            buggy: "1.0.0".into(),
            fixed: fixed.into(),
            kind: "wrong-result".into(),
        }
    }

    #[test]
    fn targets_are_the_faults_in_order_and_sessions_come_from_their_releases() {
        let releases = Releases::new(
            Box::new(SubjectUnit::<ArrayList>::new()),
            "lists",
            "1.0.1",
            7,
        )
        .fault(
            fault("lists-a", "1.0.1"),
            Box::new(SubjectUnit::<ArrayList>::new()),
        )
        .unwrap()
        .fault(
            fault("lists-b", "1.0.1"),
            Box::new(SubjectUnit::<ArrayList>::new()),
        )
        .unwrap();
        assert_eq!(releases.class(), "ArrayList@1.0.1");
        assert_eq!(releases.sloc(), 7);
        let ids: Vec<_> = releases
            .mutants()
            .iter()
            .map(|m| (m.id, m.operator_name()))
            .collect();
        assert_eq!(ids, [(1, "lists-a"), (2, "lists-b")]);
        assert_eq!(releases.mutants()[0].location, "lists@1.0.0");
        let context: Arc<dyn CallTable> =
            Arc::new(crate::context::TestContext::paper(&releases).unwrap());
        assert!(releases.mutant_session(context.clone(), GOLD).is_some());
        assert!(releases.mutant_session(context.clone(), 2).is_some());
        assert!(releases.mutant_session(context, 3).is_none());
    }

    #[test]
    fn a_buggy_release_with_other_methods_or_another_fix_is_refused() {
        let gold = || Box::new(SubjectUnit::<ArrayList>::new());
        let other = Releases::new(gold(), "lists", "1.0.1", 0).fault(
            fault("lists-a", "1.0.1"),
            Box::new(SubjectUnit::<LinkedList>::new()),
        );
        let Err(ReleasesError::Methods { detail, .. }) = other else {
            panic!("not refused: {:?}", other.map(|r| r.class()));
        };
        assert!(detail.contains(" against "), "{detail}");
        let later = Releases::new(gold(), "lists", "1.0.1", 0).fault(
            fault("lists-a", "1.0.2"),
            Box::new(SubjectUnit::<Vector>::new()),
        );
        assert!(matches!(later, Err(ReleasesError::Fixed { .. })));
        let corrected = Releases::new(gold(), "lists", "1.0.1", 0)
            .corrected_in("1.0.2", Box::new(SubjectUnit::<LinkedList>::new()));
        let Err(error @ ReleasesError::CorrectionMethods { .. }) = corrected else {
            panic!("not refused: {:?}", corrected.map(|r| r.class()));
        };
        assert!(
            error
                .to_string()
                .starts_with("ArrayList@1.0.1, corrected in 1.0.2: "),
            "{error}"
        );
    }

    #[test]
    fn gold_s_corrections_are_sessions_of_the_later_releases_in_order() {
        let gold = || Box::new(SubjectUnit::<ArrayList>::new());
        let plain = Releases::new(gold(), "lists", "1.0.1", 0);
        let context: Arc<dyn CallTable> =
            Arc::new(crate::context::TestContext::paper(&plain).unwrap());
        assert!(plain.gold_corrections(context.clone()).is_empty());
        let corrected = plain
            .corrected_in("1.0.2", gold())
            .unwrap()
            .corrected_in("1.0.3", gold())
            .unwrap();
        assert_eq!(
            corrected.corrections().collect::<Vec<_>>(),
            ["1.0.2", "1.0.3"]
        );
        assert_eq!(corrected.gold_corrections(context).len(), 2);
    }

    #[test]
    fn a_coverage_copy_gives_gold_probes_and_one_with_other_methods_is_refused() {
        use crate::subjects::coverage::array_list::{
            ArrayList as Copy, TESTSPACE_PROBE_FILE, TESTSPACE_PROBES,
        };
        let table = ProbeTable {
            file: TESTSPACE_PROBE_FILE,
            probes: TESTSPACE_PROBES,
        };
        let gold = || Box::new(SubjectUnit::<ArrayList>::new());
        let plain = Releases::new(gold(), "lists", "1.0.1", 0);
        let context: Arc<dyn CallTable> =
            Arc::new(crate::context::TestContext::paper(&plain).unwrap());
        assert!(plain.probes().is_none());
        assert!(plain.coverage_session(context.clone()).is_none());
        let covered = plain
            .with_coverage(Box::new(SubjectUnit::<Copy>::new()), table)
            .unwrap();
        assert_eq!(
            covered.probes().unwrap().probes.len(),
            TESTSPACE_PROBES.len()
        );
        // Gold's calls run through the copy: a test case of the first calls of M_C (a
        // constructor among them) reaches its probes.
        let case: Vec<u32> = (0..20).collect();
        let mut session = covered.coverage_session(context).unwrap();
        let _ = crate::oracle::trace(&mut session, &case, false);
        let mut reached = 0;
        session.reached(|_| reached += 1);
        assert!(reached > 0, "gold reached no probe of the copy");
        let other = Releases::new(gold(), "lists", "1.0.1", 0)
            .with_coverage(Box::new(SubjectUnit::<LinkedList>::new()), table);
        let Err(error @ ReleasesError::CoverageMethods { .. }) = other else {
            panic!("not refused: {:?}", other.map(|r| r.class()));
        };
        assert!(
            error
                .to_string()
                .starts_with("ArrayList@1.0.1, coverage copy: "),
            "{error}"
        );
    }
}
