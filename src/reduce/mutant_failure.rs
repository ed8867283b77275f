//! [`MutantFailure`]: a candidate fails when the cell's oracle says the mutant diverges.

use std::sync::Arc;

use crate::context::TestContext;
use crate::oracle::OracleKind;
use crate::oracle::{Corrections, Verdict, judge_gold_target, judge_guarded};
use crate::subject::{MutantId, Session, Unit};

use super::FailureCheck;

/// The check of a job (`runner::job`), candidate by candidate ([`judge_guarded`]): a
/// candidate whose gold run hits a guard is abandoned (does not fail); the mutant runs
/// within the budget gold's fuel gives it; the candidate fails when the oracle's verdict is
/// [`Verdict::Fail`] (a guarded mutant run is no failure). With gold itself as the target,
/// the candidate fails when a call of gold panics ([`judge_crash`]). A failure that gold's
/// own fault explains passes ([`Corrections`]).
pub struct MutantFailure {
    gold: Box<dyn Session>,
    mutant: Box<dyn Session>,
    corrections: Corrections,
    oracle: OracleKind,
    gold_target: bool,
    /// Test cases judged whose gold run hit a guard.
    abandoned: u64,
}

/// A mutant that the unit does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{subject} has no mutant {mutant}")]
pub struct UnknownMutant {
    /// The unit's class name.
    pub subject: String,
    /// The mutant id asked for.
    pub mutant: MutantId,
}

impl MutantFailure {
    /// Gold and `mutant` of `unit` in `context`, judged by `oracle`.
    ///
    /// # Errors
    /// [`UnknownMutant`] when the unit has no such mutant.
    pub fn new(
        unit: &dyn Unit,
        context: &Arc<TestContext>,
        mutant: MutantId,
        oracle: OracleKind,
    ) -> Result<Self, UnknownMutant> {
        let session = |id| unit.mutant_session(context.clone(), id);
        let unknown = || UnknownMutant {
            subject: unit.class().to_string(),
            mutant,
        };
        let gold = session(crate::subject::GOLD).ok_or_else(unknown)?;
        Ok(MutantFailure {
            gold_target: mutant == crate::subject::GOLD,
            gold,
            mutant: session(mutant).ok_or_else(unknown)?,
            corrections: Corrections::new(unit.gold_corrections(context.clone())),
            oracle,
            abandoned: 0,
        })
    }

    /// Two sessions judged by `oracle`, `gold` as the reference: the releases of one subject
    /// that no unit pairs (a witness checked against the release that fixed gold's own
    /// fault).
    pub fn between(gold: Box<dyn Session>, mutant: Box<dyn Session>, oracle: OracleKind) -> Self {
        MutantFailure {
            gold,
            mutant,
            corrections: Corrections::default(),
            oracle,
            gold_target: false,
            abandoned: 0,
        }
    }

    /// The oracle's verdict on a test case, or `None` when gold's run was abandoned.
    pub fn verdict(&mut self, calls: &[u32]) -> Option<Verdict> {
        let verdict = if self.gold_target {
            judge_gold_target(self.gold.as_mut(), calls)
        } else {
            judge_guarded(
                self.gold.as_mut(),
                self.mutant.as_mut(),
                &mut self.corrections,
                calls,
                self.oracle,
            )
        };
        self.abandoned += u64::from(verdict.is_none());
        verdict
    }
}

impl FailureCheck for MutantFailure {
    fn fails(&mut self, calls: &[u32]) -> bool {
        self.verdict(calls) == Some(Verdict::Fail)
    }

    fn abandoned(&self) -> u64 {
        self.abandoned
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::{default_passes, is_one_minimal, reduce};
    use crate::subject::{GOLD, registry};
    use crate::walk::WalkKind;

    /// The first failing R(64) test case of ArrayList mutant `mutant`, if any in 1,000.
    fn first_failing(
        check: &mut MutantFailure,
        context: &TestContext,
        n: usize,
    ) -> Option<Vec<u32>> {
        let strategy = WalkKind::RANDOM.build(context, n, 2010);
        let mut calls = vec![0u32; n];
        (0..1000).find_map(|counter| {
            strategy.case_into(counter, &mut calls);
            check.fails(&calls).then(|| calls.clone())
        })
    }

    #[test]
    fn two_sessions_are_judged_as_gold_and_a_mutant_of_one_unit() {
        let unit = registry().find("ArrayList").unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let strategy = WalkKind::RANDOM.build(&context, 16, 7);
        let mut calls = vec![0u32; 16];
        for info in unit.mutants().iter().take(20) {
            let mut pair = MutantFailure::new(unit, &context, info.id, OracleKind::Paper).unwrap();
            let session = |id| unit.mutant_session(context.clone(), id).unwrap();
            let mut between =
                MutantFailure::between(session(GOLD), session(info.id), OracleKind::Paper);
            for counter in 0..50 {
                strategy.case_into(counter, &mut calls);
                assert_eq!(pair.verdict(&calls), between.verdict(&calls), "{}", info.id);
            }
        }
    }

    /// A candidate whose gold run explodes (a list that doubles itself 38 times) is
    /// abandoned, for a mutant and for gold as a target, rather than run unguarded: a
    /// reduction (`reduce`, `show-test --minimal`, `minimal`, `tune`) never grows it.
    #[test]
    fn a_candidate_whose_gold_run_explodes_is_abandoned_not_run_unguarded() {
        let unit = registry().find("ArrayList").unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let mut calls = vec![2, 36];
        calls.extend([57; 38]);
        let mutant = unit.mutants()[0].id;
        for id in [mutant, GOLD] {
            let mut check = MutantFailure::new(unit, &context, id, OracleKind::Paper).unwrap();
            assert_eq!(check.verdict(&calls), None, "{id}");
            assert!(!check.fails(&calls));
            // Both judgements were abandoned, and a reduction reports the count.
            assert_eq!(check.abandoned(), 2);
            assert!(check.verdict(&calls[..12]).is_some());
            assert_eq!(check.abandoned(), 2);
        }
    }

    #[test]
    fn real_mutants_reduce_to_short_one_minimal_failing_test_cases() {
        let unit = registry().find("ArrayList").unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let mut reduced = 0;
        for info in unit.mutants().iter().take(12) {
            let mut check = MutantFailure::new(unit, &context, info.id, OracleKind::Paper).unwrap();
            let Some(calls) = first_failing(&mut check, &context, 64) else {
                continue;
            };
            let reduction = reduce(&calls, &mut check, &default_passes()).unwrap();
            assert!(reduction.calls.len() < 64, "mutant {}", info.id);
            assert!(
                is_one_minimal(&reduction.calls, &mut check),
                "mutant {}: {:?}",
                info.id,
                reduction.calls
            );
            reduced += 1;
        }
        assert!(reduced >= 3, "only {reduced} mutants killed");
    }

    #[test]
    fn gold_as_the_target_of_a_port_that_never_panics_never_fails_and_unknown_mutants_are_refused()
    {
        let unit = registry().find("ArrayList").unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let mut gold =
            MutantFailure::new(unit, &context, crate::subject::GOLD, OracleKind::Paper).unwrap();
        assert_eq!(first_failing(&mut gold, &context, 32), None);
        let missing = MutantFailure::new(unit, &context, 999_999, OracleKind::Paper);
        assert_eq!(
            missing.err(),
            Some(UnknownMutant {
                subject: "ArrayList".into(),
                mutant: 999_999
            })
        );
    }
}
