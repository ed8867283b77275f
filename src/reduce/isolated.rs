//! [`IsolatedFailure`]: a candidate fails when, run alone in a supervised worker process,
//! the target differs from gold, crashes its process or hangs.

use std::time::Duration;

use crate::oracle::OracleKind;
use crate::runner::check::{Check, CheckOutcome};
use crate::runner::worker::{Handshake, WorkerProcess};
use crate::subject::MutantId;

use super::FailureCheck;

/// The check of a reducer or a witness replay whose candidates cannot run in its own
/// process: each is a [`Check`] judged by a worker of the experiment the handshake names,
/// under the same guards as a job, and with the watchdog. A candidate fails when the
/// target differs, crashes its worker (confirmed by a second death) or hangs while gold
/// completed ([`CheckOutcome::fails`]), and passes the checks it must pass.
pub struct IsolatedFailure {
    worker: WorkerProcess,
    template: Check,
    must_pass: Vec<Check>,
    watchdog: Duration,
    error: Option<anyhow::Error>,
    /// Candidates whose check was abandoned (gold's side hit a guard or died).
    abandoned: u64,
}

impl IsolatedFailure {
    /// Candidates of `subject`'s target `mutant` judged by `oracle` in workers of the
    /// experiment `handshake` names, each stopped after `watchdog`.
    pub fn new(
        handshake: &Handshake,
        subject: &str,
        mutant: MutantId,
        oracle: OracleKind,
        watchdog: Duration,
    ) -> Self {
        IsolatedFailure {
            worker: WorkerProcess::new(handshake),
            template: Check {
                subject: subject.to_string(),
                mutant,
                calls: Vec::new(),
                oracle,
            },
            must_pass: Vec::new(),
            watchdog,
            error: None,
            abandoned: 0,
        }
    }

    /// Also requires a failing candidate to pass the check of `subject`'s target `mutant`
    /// (another unit of the experiment): e.g. the corpus's fault of which gold is the buggy
    /// release, so that a reduced test case shows none of gold's own known faults.
    pub fn must_pass(mut self, subject: &str, mutant: MutantId) -> Self {
        self.must_pass.push(Check {
            subject: subject.to_string(),
            mutant,
            ..self.template.clone()
        });
        self
    }

    /// How a candidate came out.
    ///
    /// # Errors
    /// A worker that cannot start or answers with an error, or a check lost to deaths
    /// from outside (every attempt's worker killed).
    pub fn outcome(&mut self, calls: &[u32]) -> anyhow::Result<CheckOutcome> {
        let check = Check {
            calls: calls.to_vec(),
            ..self.template.clone()
        };
        Ok(self.worker.check(&check, self.watchdog)??)
    }

    /// The first of the checks a failing candidate must pass ([`IsolatedFailure::must_pass`])
    /// that it does not pass, with its outcome.
    ///
    /// # Errors
    /// As [`IsolatedFailure::outcome`].
    pub fn shows_other(&mut self, calls: &[u32]) -> anyhow::Result<Option<(Check, CheckOutcome)>> {
        for other in &self.must_pass {
            let check = Check {
                calls: calls.to_vec(),
                ..other.clone()
            };
            let outcome = self.worker.check(&check, self.watchdog)??;
            if outcome != CheckOutcome::Pass {
                return Ok(Some((check, outcome)));
            }
        }
        Ok(None)
    }

    /// Whether a candidate fails and passes every check it must pass.
    fn judge(&mut self, calls: &[u32]) -> anyhow::Result<bool> {
        let outcome = self.outcome(calls)?;
        self.abandoned += u64::from(outcome == CheckOutcome::Abandoned);
        Ok(outcome.fails() && self.shows_other(calls)?.is_none())
    }

    /// The first error a candidate met as a [`FailureCheck`] (which counts it as passing),
    /// taken: a reduction that met one is not to be trusted.
    pub fn take_error(&mut self) -> Option<anyhow::Error> {
        self.error.take()
    }
}

impl FailureCheck for IsolatedFailure {
    fn abandoned(&self) -> u64 {
        self.abandoned
    }

    fn fails(&mut self, calls: &[u32]) -> bool {
        if self.error.is_some() {
            return false;
        }
        match self.judge(calls) {
            Ok(fails) => fails,
            Err(error) => {
                self.error = Some(error);
                false
            }
        }
    }
}
