//! The structure oracle (Ponzio et al.'s postcondition check): a structure test case —
//! a built structure and one method call — run on gold and on a mutant, judged by the
//! paper's oracle and, beside it, by comparing the resulting structures and checking the
//! mutant's with the unit's invariant.

use std::sync::Arc;

use crate::context::TestContext;
use crate::experiment::OracleKind;
use crate::oracle::{Verdict, judge_guarded};
use crate::subject::heap::{HeapError, HeapFields, canonical};
use crate::subject::{GOLD, MutantId, Session, Unit};

use super::Invariant;

/// The verdicts on one structure test case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StructureVerdict {
    /// The paper's oracle: exceptions and primitive pools.
    pub paper: Verdict,
    /// The paper's oracle, and then the structures: a mutant also fails when its resulting
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
    let session = unit
        .heap_session(Arc::clone(context), mutant, 0, heap)
        .ok_or(StructureError::NoHeapSession {
            unit: unit.class(),
            mutant,
        })??;
    Ok(session)
}

/// Runs call `call` of `context` on the structure `heap` (in object slot 0) on gold and on
/// `mutant`, with the runner's guards ([`judge_guarded`]), and judges it; `None` when gold's run is abandoned. `after` is the scope whose
/// invariant the mutant's resulting instance is checked against (an instance outside it is
/// not checked).
pub fn judge_structure(
    unit: &dyn Unit,
    context: &Arc<TestContext>,
    after: &dyn Invariant,
    heap: &HeapFields,
    call: u32,
    mutant: MutantId,
) -> Result<Option<StructureVerdict>, StructureError> {
    let mut gold = session(unit, context, GOLD, heap)?;
    let mut mutated = session(unit, context, mutant, heap)?;
    let Some(paper) = judge_guarded(gold.as_mut(), mutated.as_mut(), &[call], OracleKind::Paper)
    else {
        return Ok(None);
    };
    let structure = match paper {
        Verdict::Pass => {
            let gold_after = gold.object_heap(0).map(|h| canonical(&h));
            let mutant_after = mutated.object_heap(0).map(|h| canonical(&h));
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
    Ok(Some(StructureVerdict { paper, structure }))
}
