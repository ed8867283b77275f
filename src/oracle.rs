//! The oracle (Section 6.2): run a test case on the gold version and on a mutant, and judge
//! whether the mutant failed.
//!
//! A test case's execution is summarised in a [`Trace`]; two traces are compared by an
//! [`OracleKind`]. The paper's oracle compares the number of exceptions and the primitive
//! value pools at the end; the strict oracle also compares the exception kind and position
//! of every call and the primitive pools after every call (through a running fingerprint).

use std::hash::{Hash, Hasher};

use crate::subject::{JavaException, Session};

/// How a test case's gold and mutant executions are compared (Section 6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OracleKind {
    /// The paper's oracle: a failure when the number of exceptions or the primitive value
    /// pools differ at the end of the test case.
    Paper,
    /// Exception kind and position of every call, and the primitive pools after every call.
    Strict,
}

impl OracleKind {
    /// The name at the edges.
    pub fn name(self) -> &'static str {
        match self {
            Self::Paper => "paper",
            Self::Strict => "strict",
        }
    }
}

/// What one execution of a test case leaves for the oracle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// Number of calls that threw.
    pub exceptions: u32,
    /// Fingerprint of the primitive pools at the end.
    pub final_pools: u64,
    /// Fingerprint of (position, exception kind, primitive pools) after every call.
    pub history: u64,
    /// Whether a call hit a harness guard (see [`JavaException::is_guard`]) — the
    /// execution was cut short.
    pub guard: Option<JavaException>,
    /// Calls executed: all of them, or up to and including the one that hit the guard.
    pub steps: u32,
    /// Calls that panicked ([`JavaException::Panic`]): what the crash oracle judges.
    pub panics: u32,
}

/// The verdict of the oracle on one test case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Gold and mutant agree.
    Pass,
    /// They differ: the test case kills the mutant.
    Fail,
    /// The mutant hit a guard (out of fuel, too deep, too big): neither pass nor fail.
    Guarded,
}

/// Runs `calls` on a freshly reset session and summarises the execution.
///
/// The strict fingerprint is only computed when `strict` is set (it costs a hash of the
/// primitive pools per call). Execution stops at the first guard event.
pub fn trace(session: &mut dyn Session, calls: &[u32], strict: bool) -> Trace {
    session.reset();
    trace_steps(session, calls.len(), strict, |session, i| {
        session.step(calls[i])
    })
}

/// Runs `len` steps on a session just reset (`step(session, i)` makes call i) and
/// summarises them as [`trace`] does: the trace of a test case of any form.
#[inline]
pub fn trace_steps(
    session: &mut dyn Session,
    len: usize,
    strict: bool,
    mut step: impl FnMut(&mut dyn Session, usize) -> Result<(), crate::subject::JavaException>,
) -> Trace {
    let mut exceptions = 0u32;
    let mut history = std::collections::hash_map::DefaultHasher::new();
    let mut guard = None;
    let mut steps = 0u32;
    let mut panics = 0u32;
    for position in 0..len {
        steps += 1;
        let outcome = step(session, position);
        if let Err(e) = outcome {
            exceptions += 1;
            panics += u32::from(e == JavaException::Panic);
            if e.is_guard() {
                guard = Some(e);
                break;
            }
        }
        if strict {
            (position, outcome.err()).hash(&mut history);
            session.primitives_fingerprint().hash(&mut history);
        }
    }
    Trace {
        exceptions,
        final_pools: session.primitives_fingerprint(),
        history: history.finish(),
        guard,
        steps,
        panics,
    }
}

/// Judges a test case of gold itself as a target (`[mutants] gold = true`) by the crash
/// oracle: it fails when a call panicked — a failed assertion, an index out of bounds, an
/// overflow in a debug build, an `unwrap` of `None` in the code under test. Nothing else
/// is compared: there is no other version to compare with.
pub fn judge_crash(gold: &Trace) -> Verdict {
    if gold.panics > 0 {
        Verdict::Fail
    } else {
        Verdict::Pass
    }
}

/// Judges a mutant's trace against the gold trace of the same test case.
pub fn judge(oracle: OracleKind, gold: &Trace, mutant: &Trace) -> Verdict {
    if mutant.guard.is_some() {
        return Verdict::Guarded;
    }
    let differs = match oracle {
        OracleKind::Paper => {
            gold.exceptions != mutant.exceptions || gold.final_pools != mutant.final_pools
        }
        OracleKind::Strict => {
            gold.exceptions != mutant.exceptions
                || gold.final_pools != mutant.final_pools
                || gold.history != mutant.history
        }
    };
    if differs {
        Verdict::Fail
    } else {
        Verdict::Pass
    }
}

/// The versions that fixed gold's own faults ([`Unit::gold_corrections`]): when gold is a
/// release that holds a later fault of its own, a target that differs from gold may only
/// be showing gold's fault. A failure counts when the target also differs from every
/// correction; a target that agrees with one passes the test case. Empty (and free) for
/// every unit whose gold has no known fault.
///
/// [`Unit::gold_corrections`]: crate::subject::Unit::gold_corrections
#[derive(Default)]
pub struct Corrections {
    sessions: Vec<Box<dyn Session>>,
}

impl Corrections {
    /// Corrections running in `sessions` (none: every failure counts).
    pub fn new(sessions: Vec<Box<dyn Session>>) -> Self {
        Corrections { sessions }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.sessions.is_empty()
    }

    /// `verdict` (the target's against gold) with gold's own faults taken out: a failure
    /// whose target trace agrees under `oracle` with a correction's trace of the same test
    /// case passes. `run` runs the test case on a session; each correction runs within
    /// [`GOLD_FUEL_BUDGET`](crate::subject::guard::GOLD_FUEL_BUDGET), and one that hits a
    /// guard explains nothing. Corrections run only on failures.
    pub fn judge(
        &mut self,
        oracle: OracleKind,
        verdict: Verdict,
        target: &Trace,
        mut run: impl FnMut(&mut dyn Session) -> Trace,
    ) -> Verdict {
        if verdict != Verdict::Fail {
            return verdict;
        }
        for session in &mut self.sessions {
            session.set_fuel_budget(crate::subject::guard::GOLD_FUEL_BUDGET);
            let correction = run(session.as_mut());
            if correction.guard.is_none() && judge(oracle, &correction, target) == Verdict::Pass {
                return Verdict::Pass;
            }
        }
        Verdict::Fail
    }
}

/// Runs `calls` on gold and on a mutant as a runner job does, and judges them: gold within
/// [`GOLD_FUEL_BUDGET`](crate::subject::guard::GOLD_FUEL_BUDGET) (a test case whose gold run
/// hits a guard is abandoned: `None`), the mutant within the budget gold's fuel gives it
/// ([`mutant_budget`](crate::subject::guard::mutant_budget)), a failure then judged against
/// gold's `corrections` ([`Corrections::judge`]). Both sessions are left in the state the
/// test case ends in.
pub fn judge_guarded(
    gold: &mut dyn Session,
    mutant: &mut dyn Session,
    corrections: &mut Corrections,
    calls: &[u32],
    oracle: OracleKind,
) -> Option<Verdict> {
    let strict = oracle == OracleKind::Strict;
    let gold_trace = guarded_gold_trace(gold, calls, strict)?;
    let mutant_trace = budgeted_trace(gold, mutant, calls, strict);
    let verdict = judge(oracle, &gold_trace, &mutant_trace);
    Some(
        corrections.judge(oracle, verdict, &mutant_trace, |session| {
            trace(session, calls, strict)
        }),
    )
}

/// Gold's half of [`judge_guarded`]: its trace within
/// [`GOLD_FUEL_BUDGET`](crate::subject::guard::GOLD_FUEL_BUDGET), `None` when it hits a guard.
pub fn guarded_gold_trace(gold: &mut dyn Session, calls: &[u32], strict: bool) -> Option<Trace> {
    gold.set_fuel_budget(crate::subject::guard::GOLD_FUEL_BUDGET);
    let gold_trace = trace(gold, calls, strict);
    gold_trace.guard.is_none().then_some(gold_trace)
}

/// The mutant's half of [`judge_guarded`]: its trace within the budget that the fuel gold
/// just used gives it.
pub fn budgeted_trace(
    gold: &dyn Session,
    mutant: &mut dyn Session,
    calls: &[u32],
    strict: bool,
) -> Trace {
    if let Some(fuel) = gold.fuel_used() {
        mutant.set_fuel_budget(crate::subject::guard::mutant_budget(fuel));
    }
    trace(mutant, calls, strict)
}

/// Gold as a target: its run within
/// [`GOLD_FUEL_BUDGET`](crate::subject::guard::GOLD_FUEL_BUDGET) judged by the crash oracle
/// ([`judge_crash`]); `None` when it hits a guard.
pub fn judge_gold_target(gold: &mut dyn Session, calls: &[u32]) -> Option<Verdict> {
    gold.set_fuel_budget(crate::subject::guard::GOLD_FUEL_BUDGET);
    let run = trace(gold, calls, false);
    run.guard.is_none().then(|| judge_crash(&run))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trace_of(exceptions: u32, final_pools: u64, history: u64) -> Trace {
        Trace {
            exceptions,
            final_pools,
            history,
            guard: None,
            steps: 0,
            panics: 0,
        }
    }

    #[test]
    fn the_paper_oracle_compares_exception_counts_and_final_pools_only() {
        let gold = trace_of(2, 7, 100);
        assert_eq!(
            judge(OracleKind::Paper, &gold, &trace_of(2, 7, 999)),
            Verdict::Pass
        );
        assert_eq!(
            judge(OracleKind::Paper, &gold, &trace_of(3, 7, 100)),
            Verdict::Fail
        );
        assert_eq!(
            judge(OracleKind::Paper, &gold, &trace_of(2, 8, 100)),
            Verdict::Fail
        );
    }

    #[test]
    fn the_strict_oracle_also_compares_the_history() {
        let gold = trace_of(2, 7, 100);
        assert_eq!(
            judge(OracleKind::Strict, &gold, &trace_of(2, 7, 999)),
            Verdict::Fail
        );
        assert_eq!(
            judge(OracleKind::Strict, &gold, &trace_of(2, 7, 100)),
            Verdict::Pass
        );
    }

    #[test]
    fn the_crash_oracle_fails_a_test_case_of_gold_exactly_when_a_call_panicked() {
        let mut gold = trace_of(3, 7, 100);
        assert_eq!(
            judge_crash(&gold),
            Verdict::Pass,
            "other exceptions are outcomes"
        );
        gold.panics = 1;
        assert_eq!(judge_crash(&gold), Verdict::Fail);
    }

    #[test]
    fn a_failure_that_a_correction_shares_passes_and_only_failures_run_corrections() {
        use crate::subject::{SubjectUnit, Unit};
        use crate::subjects::array_list::ArrayList;
        let unit = SubjectUnit::<ArrayList>::new();
        let context: std::sync::Arc<dyn crate::subject::CallTable> =
            std::sync::Arc::new(crate::context::TestContext::paper(&unit).unwrap());
        let sessions = || vec![unit.session(context.clone()), unit.session(context.clone())];
        let target = trace_of(1, 9, 9);
        let mut corrections = Corrections::new(sessions());
        // The second correction agrees with the target: gold's own fault explains it.
        let mut runs = [trace_of(0, 1, 1), trace_of(1, 9, 5)].into_iter();
        let verdict = corrections.judge(OracleKind::Paper, Verdict::Fail, &target, |_| {
            runs.next().unwrap()
        });
        assert_eq!(verdict, Verdict::Pass);
        // Under the strict oracle the histories differ: the target's own failure.
        let mut runs = [trace_of(0, 1, 1), trace_of(1, 9, 5)].into_iter();
        let verdict = corrections.judge(OracleKind::Strict, Verdict::Fail, &target, |_| {
            runs.next().unwrap()
        });
        assert_eq!(verdict, Verdict::Fail);
        // A guarded correction explains nothing.
        let mut guarded = target.clone();
        guarded.guard = Some(JavaException::Panic);
        let verdict = corrections.judge(OracleKind::Paper, Verdict::Fail, &target, |_| {
            guarded.clone()
        });
        assert_eq!(verdict, Verdict::Fail);
        for other in [Verdict::Pass, Verdict::Guarded] {
            let verdict = corrections.judge(OracleKind::Paper, other, &target, |_| {
                panic!("a correction ran on {other:?}")
            });
            assert_eq!(verdict, other);
        }
        let verdict = Corrections::default().judge(
            OracleKind::Paper,
            Verdict::Fail,
            &target,
            |_| unreachable!(),
        );
        assert_eq!(
            verdict,
            Verdict::Fail,
            "no corrections: every failure counts"
        );
    }

    #[test]
    fn a_guarded_mutant_is_neither_killed_nor_surviving() {
        let gold = trace_of(0, 1, 1);
        let mut mutant = trace_of(5, 2, 3);
        mutant.guard = Some(JavaException::Panic);
        assert_eq!(judge(OracleKind::Paper, &gold, &mutant), Verdict::Guarded);
    }
}
