//! The structure oracle (Ponzio et al.'s postcondition check): a structure test case —
//! a built structure and one method call — run on gold and on a mutant, judged by
//! Andrews's oracle (`paper`: exceptions and primitive results) and, beside it, by
//! comparing the resulting structures and checking the mutant's with the unit's invariant.

use std::sync::Arc;

use crate::context::TestContext;
use crate::oracle::OracleKind;
use crate::oracle::{Corrections, Verdict, judge_guarded};
use crate::subject::heap::{HeapError, HeapFields, canonical};
use crate::subject::{GOLD, MutantId, Session, Unit};

use super::Invariant;

/// The verdicts on one structure test case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StructureVerdict {
    /// Andrews's oracle (`paper`, or the strict one, if asked for): exceptions and primitive
    /// pools.
    pub paper: Verdict,
    /// Andrews's oracle, and then the structures: a mutant also fails when its resulting
    /// instance differs from gold's (in canonical form) or breaks the invariant.
    pub structure: Verdict,
}

/// Why a structure test case could not run.
#[derive(Debug, thiserror::Error)]
pub enum StructureError {
    /// The unit was not registered `[with_heaps]`, or has no such mutant.
    #[error("{unit} cannot start mutant {mutant} from a structure")]
    NoHeapSession {
        /// The unit.
        unit: &'static str,
        /// The mutant.
        mutant: MutantId,
    },
    /// The unit has no coverage copy that starts from structures
    /// ([`Unit::coverage_heap_session`]).
    #[error("{unit} has no coverage copy that starts from a structure")]
    NoCoverageHeapSession {
        /// The unit.
        unit: &'static str,
    },
    /// The structure does not fit the port.
    #[error(transparent)]
    Heap(#[from] HeapError),
}

fn session(
    unit: &dyn Unit,
    context: &Arc<TestContext>,
    mutant: MutantId,
    heap: &HeapFields,
) -> Result<Box<dyn Session>, StructureError> {
    let session = unit.heap_session(context.clone(), mutant, 0, heap).ok_or(
        StructureError::NoHeapSession {
            unit: unit.class(),
            mutant,
        },
    )??;
    Ok(session)
}

/// Gold and a mutant, each starting every test case from the same structure (in object
/// slot 0), for that structure's test cases one call at a time.
pub struct StructureSessions {
    gold: Box<dyn Session>,
    mutant: Box<dyn Session>,
    /// Probes of the coverage copy gold runs through (0: gold runs through the schemata
    /// copy and records none).
    probes: usize,
}

impl StructureSessions {
    /// Sessions of gold and `mutant` that start from `heap`, both through the schemata copy.
    pub fn new(
        unit: &dyn Unit,
        context: &Arc<TestContext>,
        heap: &HeapFields,
        mutant: MutantId,
    ) -> Result<Self, StructureError> {
        Ok(StructureSessions {
            gold: session(unit, context, GOLD, heap)?,
            mutant: session(unit, context, mutant, heap)?,
            probes: 0,
        })
    }

    /// Sessions that start from `heap`: gold through the unit's coverage copy (the same
    /// fuel as through the schemata copy, so the mutant's budgets and the verdicts do not
    /// change), `mutant` through the schemata copy. After each [`StructureSessions::judge`],
    /// [`StructureSessions::gold_reached`] gives the probes gold's call reached; building
    /// the structure reaches none (it is built before any test case, by unprobed glue).
    pub fn with_coverage(
        unit: &dyn Unit,
        context: &Arc<TestContext>,
        heap: &HeapFields,
        mutant: MutantId,
    ) -> Result<Self, StructureError> {
        let gold = unit
            .coverage_heap_session(context.clone(), 0, heap)
            .ok_or(StructureError::NoCoverageHeapSession { unit: unit.class() })??;
        Ok(StructureSessions {
            probes: gold.table().probes.len(),
            gold: Box::new(gold),
            mutant: session(unit, context, mutant, heap)?,
        })
    }

    /// Calls `f` with each probe of the coverage copy that gold's run of the last judged
    /// test case reached, ascending (none for sessions made by [`StructureSessions::new`]).
    /// Read before another coverage session's test case starts on this thread.
    pub fn gold_reached(&self, f: impl FnMut(usize)) {
        crate::subject::probes::reached(self.probes, f);
    }

    /// Runs call `call` of the context on the structure on gold and on the mutant, with the
    /// runner's guards ([`judge_guarded`]), and judges it by `oracle` (`paper` in the
    /// verdict's `paper`) and by the structure oracle over it; `None` when gold's run is
    /// abandoned. `after` is the scope whose invariant the mutant's resulting instance is
    /// checked against (an instance outside it is not checked).
    pub fn judge(
        &mut self,
        call: u32,
        oracle: OracleKind,
        after: &dyn Invariant,
    ) -> Option<StructureVerdict> {
        let paper = judge_guarded(
            self.gold.as_mut(),
            self.mutant.as_mut(),
            &mut Corrections::default(),
            &[call],
            oracle,
        )?;
        let structure = match paper {
            Verdict::Pass => {
                let gold_after = self.gold.object_heap(0).map(|h| canonical(&h));
                let mutant_after = self.mutant.object_heap(0).map(|h| canonical(&h));
                let broken = mutant_after
                    .as_ref()
                    .is_some_and(|h| after.holds(h) == Some(false));
                if broken || gold_after != mutant_after {
                    Verdict::Fail
                } else {
                    Verdict::Pass
                }
            }
            other => other,
        };
        Some(StructureVerdict { paper, structure })
    }
}

/// Runs call `call` of `context` on the structure `heap` (in object slot 0) on gold and on
/// `mutant`, with the runner's guards ([`judge_guarded`]), and judges it by the paper's
/// oracle and the structure oracle ([`StructureSessions::judge`]); `None` when gold's run
/// is abandoned.
pub fn judge_structure(
    unit: &dyn Unit,
    context: &Arc<TestContext>,
    after: &dyn Invariant,
    heap: &HeapFields,
    call: u32,
    mutant: MutantId,
) -> Result<Option<StructureVerdict>, StructureError> {
    Ok(StructureSessions::new(unit, context, heap, mutant)?.judge(call, OracleKind::Paper, after))
}
