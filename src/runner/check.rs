//! Checks: one test case given by its calls, judged alone in a worker process. A reducer or
//! a witness replay asks them ([`crate::reduce::IsolatedFailure`]), so that a target that
//! aborts its process or loops forever is seen as a crash or a hang instead of ending, or
//! stalling, the process that asked.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::beacon::{Side, mark_side, mark_test_case};
use super::job::JobError;
use crate::context::TestContext;
use crate::oracle::{
    Corrections, OracleKind, Verdict, budgeted_trace, guarded_gold_trace, judge, judge_gold_target,
    trace,
};
use crate::subject::{GOLD, MutantId, Unit};

/// A test case to judge alone: its calls on a subject's gold and on one of its targets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Check {
    /// The subject's class name (a unit of the worker's experiment).
    pub subject: String,
    /// The target: a mutant or a fault's buggy release; [`GOLD`] for gold as a target.
    pub mutant: MutantId,
    /// The test case's method-call indices in the subject's context.
    pub calls: Vec<u32>,
    /// The oracle.
    pub oracle: OracleKind,
}

/// How a check came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CheckOutcome {
    /// The oracle saw no difference.
    Pass,
    /// The oracle saw the target differ from gold (with gold as the target: a
    /// call panicked).
    Differs,
    /// The target hit a harness guard (fuel, depth, allocation): no verdict.
    Guarded,
    /// Gold's run hit a guard, crashed its worker or hung: not judged.
    Abandoned,
    /// The target ended its worker process, confirmed by a second death in a fresh one.
    Crash,
    /// The target was still running when the watchdog stopped its worker, after gold had
    /// completed.
    Hang,
}

impl CheckOutcome {
    /// Whether the target fails: it differs, crashes or hangs.
    pub fn fails(self) -> bool {
        matches!(
            self,
            CheckOutcome::Differs | CheckOutcome::Crash | CheckOutcome::Hang
        )
    }

    /// The outcome's name, as the CLI prints it.
    pub fn name(self) -> &'static str {
        match self {
            CheckOutcome::Pass => "pass",
            CheckOutcome::Differs => "differs",
            CheckOutcome::Guarded => "guarded",
            CheckOutcome::Abandoned => "abandoned",
            CheckOutcome::Crash => "crash",
            CheckOutcome::Hang => "hang",
        }
    }

    /// The outcome of a worker that died (`own`: of its own accord, confirmed) or was
    /// stopped by the watchdog, where its beacon placed it: the target's crash or hang;
    /// on gold's side, or unplaced, nothing to judge.
    pub fn of_stop(side: Option<Side>, watchdog: bool) -> CheckOutcome {
        match (side, watchdog) {
            (Some(Side::Target), true) => CheckOutcome::Hang,
            (Some(Side::Target), false) => CheckOutcome::Crash,
            _ => CheckOutcome::Abandoned,
        }
    }
}

/// Runs a check in this process on `unit` in `context` as a job runs a test case (the two
/// halves of [`crate::oracle::judge_guarded`]: a guard in gold's run abandons the check;
/// a failure is judged against gold's corrections, on gold's side);
/// the beacon marks test case 0 and the side running, so that the supervisor places a death
/// or a hang.
///
/// # Errors
/// The subject has no such target.
pub fn execute_check(
    check: &Check,
    unit: &dyn Unit,
    context: &Arc<TestContext>,
) -> Result<CheckOutcome, JobError> {
    let strict = check.oracle == OracleKind::Strict;
    let session = |mutant| unit.mutant_session(context.clone(), mutant);
    let mut target = session(check.mutant).ok_or_else(|| JobError::UnknownMutant {
        subject: check.subject.clone(),
        mutant: check.mutant,
    })?;
    mark_test_case(0);
    if check.mutant == GOLD {
        mark_side(Side::Target);
        return Ok(judge_gold_target(target.as_mut(), &check.calls)
            .map_or(CheckOutcome::Abandoned, verdict_outcome));
    }
    let mut gold_session = session(GOLD).expect("every unit has gold");
    mark_side(Side::Gold);
    let Some(gold) = guarded_gold_trace(gold_session.as_mut(), &check.calls, strict) else {
        return Ok(CheckOutcome::Abandoned);
    };
    mark_side(Side::Target);
    let run = budgeted_trace(gold_session.as_ref(), target.as_mut(), &check.calls, strict);
    let mut verdict = judge(check.oracle, &gold, &run);
    // Gold's session ends, and its corrections run and end, on gold's side: a death there
    // abandons the check. The target's session ends on its own side.
    mark_side(Side::Gold);
    drop(gold_session);
    if verdict == Verdict::Fail {
        let mut corrections = Corrections::new(unit.gold_corrections(context.clone()));
        verdict = corrections.judge(check.oracle, verdict, &run, |session| {
            trace(session, &check.calls, strict)
        });
    }
    mark_side(Side::Target);
    drop(target);
    Ok(verdict_outcome(verdict))
}

fn verdict_outcome(verdict: Verdict) -> CheckOutcome {
    match verdict {
        Verdict::Pass => CheckOutcome::Pass,
        Verdict::Fail => CheckOutcome::Differs,
        Verdict::Guarded => CheckOutcome::Guarded,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::MutantFailure;
    use crate::subject::registry;
    use crate::walk::WalkKind;

    /// In-process, a check judges as the reducer's in-process check does.
    #[test]
    fn a_check_judges_as_the_in_process_failure_check() {
        let unit = registry().find("ArrayList").unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let walk = WalkKind::RANDOM.build(&context, 12, 5);
        let mut calls = vec![0u32; 12];
        let (mut differs, mut passes) = (0, 0);
        for info in unit.mutants().iter().take(15) {
            let mut failure =
                MutantFailure::new(unit, &context, info.id, OracleKind::Paper).unwrap();
            for counter in 0..40 {
                walk.case_into(counter, &mut calls);
                let check = Check {
                    subject: "ArrayList".into(),
                    mutant: info.id,
                    calls: calls.clone(),
                    oracle: OracleKind::Paper,
                };
                let outcome = execute_check(&check, unit, &context).unwrap();
                let expected = match failure.verdict(&calls) {
                    None => CheckOutcome::Abandoned,
                    Some(verdict) => verdict_outcome(verdict),
                };
                assert_eq!(outcome, expected, "mutant {} test case {counter}", info.id);
                differs += usize::from(outcome == CheckOutcome::Differs);
                passes += usize::from(outcome == CheckOutcome::Pass);
            }
        }
        assert!(differs > 0 && passes > 0, "{differs} differ, {passes} pass");
    }

    #[test]
    fn a_stop_is_the_targets_only_where_the_beacon_placed_it() {
        assert_eq!(
            CheckOutcome::of_stop(Some(Side::Target), true),
            CheckOutcome::Hang
        );
        assert_eq!(
            CheckOutcome::of_stop(Some(Side::Target), false),
            CheckOutcome::Crash
        );
        for watchdog in [true, false] {
            assert_eq!(
                CheckOutcome::of_stop(Some(Side::Gold), watchdog),
                CheckOutcome::Abandoned
            );
            assert_eq!(
                CheckOutcome::of_stop(None, watchdog),
                CheckOutcome::Abandoned
            );
        }
        assert!(CheckOutcome::Hang.fails() && CheckOutcome::Crash.fails());
        assert!(!CheckOutcome::Abandoned.fails() && !CheckOutcome::Guarded.fails());
    }
}
