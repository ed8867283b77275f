//! Suites made in supervised worker processes (docs/faults.md, "Gold during generation").
//!
//! A generator runs its candidates on gold. A gold that ends its process (a real fault's
//! fixed release may abort on a violated precondition or loop forever) would end the run
//! if the suite were made in the supervisor. So a worker makes each suite ([`SuiteOrder`])
//! and marks each of gold's calls on its beacon before it runs. When the worker dies of
//! its own accord or is stopped by the watchdog (its time passed without a new call; time in
//! which the supervisor or the worker was stopped does not count) with call k the last
//! marked, twice in a row, the suite is made again from the start with call k answered as
//! a panic without running ([`CallWatch`]); once is enough when the worker refused a single
//! request of call k past its `worker-memory` ([`Death::is_refused_request`]), which
//! depends on the call alone. A death after call k and
//! before the next (in a check of its objects, or when they are dropped) is placed at k
//! too; if skipping k does not prevent it, the next attempt places it at the call before.
//! Generation is deterministic, so every call before k runs as before, and the suite
//! depends only on which calls end the process, not on when or where it is made. The
//! file's header lists those calls.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context as _, bail};
use serde::{Deserialize, Serialize};

use super::beacon::{Side, Site, mark_side, mark_test_case};
use super::output::write_atomically;
use super::source::Tests;
use super::worker::{ATTEMPTS, Death, Handshake, SuiteStop as Stop, WorkerProcess};
use crate::context::TestContext;
use crate::generator::gold::CallWatch;
use crate::generator::{GeneratorConfig, SuiteBudget, SuiteHeader, generate_suite_watched};
use crate::subject::Unit;

/// The most calls of gold one suite may skip before it is given up.
pub const MAX_SKIPPED_CALLS: usize = 1_000;

/// A suite for a worker to make.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SuiteOrder {
    /// The subject's class name.
    pub subject: String,
    /// The generator's configuration at its n.
    pub config: GeneratorConfig,
    /// The replicate's seed.
    pub seed: u64,
    /// Every budget the suite is made within.
    pub budgets: Vec<SuiteBudget>,
    /// Where to write it.
    pub path: PathBuf,
    /// Gold's calls to answer as panics ([`CallWatch::skipped`]), ascending.
    pub skipped: Vec<u64>,
}

/// Makes the suite `order` asks for in this process, for `unit` in `context`, and writes it
/// atomically; gold's calls are told to `mark`.
///
/// # Errors
/// A suite that cannot be generated or written.
pub fn make_suite(
    order: &SuiteOrder,
    unit: &dyn Unit,
    context: &Arc<TestContext>,
    mark: fn(u64),
) -> anyhow::Result<()> {
    let watch = CallWatch {
        skipped: order.skipped.iter().copied().collect(),
        mark: Some(mark),
        ended: BTreeSet::new(),
    };
    let path = &order.path;
    let suite = generate_suite_watched(
        unit,
        context,
        &order.config,
        order.seed,
        &order.budgets,
        watch,
    )
    .with_context(|| format!("cannot generate the suite {}", path.display()))?;
    let header = SuiteHeader {
        subject: order.subject.clone(),
        config: order.config.clone(),
        seed: order.seed,
        budgets: order.budgets.clone(),
        prefixes: order.budgets.iter().map(|&b| suite.prefix(b)).collect(),
        cases: suite.len(),
        skipped: order.skipped.clone(),
    };
    write_atomically(path, |out| suite.write(&header, out))?;
    Ok(())
}

/// A worker's beacon mark of gold's call `call`, about to run: its number, on the target's
/// side (a beacon without a mark is a death before gold's first call).
pub fn mark_on_beacon(call: u64) {
    mark_test_case(call);
    mark_side(Side::Target);
}

/// The worker processes that make an invocation's suites, one per thread at a time.
pub struct SuiteWorkers {
    handshake: Handshake,
    /// How long a worker may stay in one call of gold (the run's watchdog).
    stall: Duration,
    idle: Mutex<Vec<WorkerProcess>>,
}

impl SuiteWorkers {
    /// Workers of the experiment `handshake` names, stopped after `stall` in one call.
    pub fn new(handshake: Handshake, stall: Duration) -> Self {
        SuiteWorkers {
            handshake,
            stall,
            idle: Mutex::new(Vec::new()),
        }
    }

    /// Makes the suite `order` asks for (its `skipped` empty) in a worker, again without
    /// each call of gold that ended the worker; what it gives each budget.
    ///
    /// # Errors
    /// A worker that cannot be started or answers with an error; gold ending the worker
    /// before its first call; more than [`MAX_SKIPPED_CALLS`] such calls; or a
    /// worker killed from outside [`ATTEMPTS`] times.
    pub fn make(&self, order: SuiteOrder) -> anyhow::Result<Tests> {
        let taken = self.idle.lock().expect("not poisoned").pop();
        let mut worker = taken.unwrap_or_else(|| WorkerProcess::new(&self.handshake));
        let made = self.make_in(&mut worker, order);
        self.idle.lock().expect("not poisoned").push(worker);
        made
    }

    fn make_in(&self, worker: &mut WorkerProcess, mut order: SuiteOrder) -> anyhow::Result<Tests> {
        let mut skips = Skips::default();
        loop {
            order.skipped = skips.skipped.iter().copied().collect();
            let Err(stop) = worker.make_suite(&order, self.stall)? else {
                return super::suites::made_tests(&order.path);
            };
            skips
                .after(stop)
                .with_context(|| format!("cannot make the suite {}", order.path.display()))?;
        }
    }
}

/// What the attempts at one suite learnt: the calls to skip, an own death waiting for its
/// confirmation, and the deaths from outside. Pure, so it is tested without processes.
#[derive(Debug, Default)]
struct Skips {
    skipped: BTreeSet<u64>,
    unconfirmed: Option<u64>,
    outside: Vec<String>,
}

impl Skips {
    /// Takes in how the last attempt ended: `Ok` to try again.
    fn after(&mut self, stop: Stop) -> anyhow::Result<()> {
        let in_call = |site: Option<Site>| site.map(|s| s.counter);
        match stop {
            Stop::Died(Death::Outside(text), _) => {
                self.outside.push(text);
                if self.outside.len() >= ATTEMPTS {
                    bail!(
                        "its worker was killed from outside on each of {ATTEMPTS} attempts ({})",
                        self.outside.join("; ")
                    );
                }
                return Ok(());
            }
            Stop::Died(death @ Death::Own(_), site) => {
                let Some(call) = in_call(site) else {
                    bail!(
                        "gold ended the worker before its first call ({})",
                        death.text()
                    );
                };
                if death.is_refused_request() {
                    self.unconfirmed = None;
                    self.skip(call)?;
                } else {
                    self.confirm(call)?;
                }
            }
            Stop::Watchdog(site) => {
                let Some(call) = in_call(site) else {
                    bail!("the worker made no progress before gold's first call");
                };
                self.confirm(call)?;
            }
        }
        Ok(())
    }

    /// A stop (a death of the worker's own accord or a watchdog stop) in `call`: skipped
    /// once a second stop in a row, in a fresh worker, confirms it.
    fn confirm(&mut self, call: u64) -> anyhow::Result<()> {
        if self.unconfirmed.replace(call) != Some(call) {
            return Ok(());
        }
        self.unconfirmed = None;
        self.skip(call)
    }

    fn skip(&mut self, call: u64) -> anyhow::Result<()> {
        if !self.skipped.insert(call) {
            bail!("gold's call {call} ended the worker although it was skipped");
        }
        if self.skipped.len() > MAX_SKIPPED_CALLS {
            bail!("gold ended the worker in more than {MAX_SKIPPED_CALLS} calls");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(counter: u64, side: Side) -> Option<Site> {
        Some(Site {
            counter,
            side: Some(side),
            call: None,
        })
    }

    fn own() -> Death {
        Death::Own("killed by signal 6 (SIGABRT)".into())
    }

    #[test]
    fn an_own_death_in_a_call_is_skipped_once_a_second_one_confirms_it() {
        let mut skips = Skips::default();
        skips.after(Stop::Died(own(), at(7, Side::Target))).unwrap();
        assert!(skips.skipped.is_empty(), "one death is not yet confirmed");
        skips.after(Stop::Died(own(), at(9, Side::Target))).unwrap();
        assert!(
            skips.skipped.is_empty(),
            "another call: confirmed by neither"
        );
        skips.after(Stop::Died(own(), at(9, Side::Target))).unwrap();
        assert_eq!(skips.skipped, BTreeSet::from([9]));
        skips
            .after(Stop::Died(own(), at(12, Side::Target)))
            .unwrap();
        skips
            .after(Stop::Died(own(), at(12, Side::Target)))
            .unwrap();
        assert_eq!(skips.skipped, BTreeSet::from([9, 12]));
    }

    #[test]
    fn a_refused_request_skips_its_call_at_once() {
        let refused = || {
            Death::Own(format!(
                "killed by signal 6 (SIGABRT): {} / memory allocation of 137438953472 bytes failed",
                crate::allocator::REFUSED_REQUEST
            ))
        };
        let mut skips = Skips::default();
        skips.after(Stop::Died(own(), at(4, Side::Target))).unwrap();
        skips
            .after(Stop::Died(refused(), at(6, Side::Target)))
            .unwrap();
        assert_eq!(skips.skipped, BTreeSet::from([6]));
        assert_eq!(skips.unconfirmed, None, "an earlier death waits no more");
        let plain_failure =
            Death::Own("killed by signal 6 (SIGABRT): memory allocation of 8 bytes failed".into());
        skips
            .after(Stop::Died(plain_failure, at(8, Side::Target)))
            .unwrap();
        assert_eq!(
            skips.skipped,
            BTreeSet::from([6]),
            "not refused: to be confirmed"
        );
    }

    #[test]
    fn a_watchdog_stop_in_a_call_is_skipped_once_a_second_one_confirms_it() {
        let mut skips = Skips::default();
        skips.after(Stop::Watchdog(at(3, Side::Target))).unwrap();
        assert!(skips.skipped.is_empty(), "one stop is not yet confirmed");
        skips.after(Stop::Watchdog(at(3, Side::Target))).unwrap();
        assert_eq!(skips.skipped, BTreeSet::from([3]));
        // A hang and a death in one call confirm each other.
        skips.after(Stop::Watchdog(at(5, Side::Target))).unwrap();
        skips.after(Stop::Died(own(), at(5, Side::Target))).unwrap();
        assert_eq!(skips.skipped, BTreeSet::from([3, 5]));
        skips.after(Stop::Watchdog(at(3, Side::Target))).unwrap();
        let again = skips.after(Stop::Watchdog(at(3, Side::Target)));
        assert!(
            again
                .unwrap_err()
                .to_string()
                .contains("although it was skipped")
        );
    }

    #[test]
    fn a_stop_before_any_call_or_kills_from_outside_give_the_suite_up() {
        let error = Skips::default()
            .after(Stop::Died(own(), None))
            .unwrap_err()
            .to_string();
        assert!(error.contains("before its first call"), "{error}");
        let error = Skips::default().after(Stop::Watchdog(None)).unwrap_err();
        assert!(error.to_string().contains("before gold's first call"));
        let mut skips = Skips::default();
        let outside = || Stop::Died(Death::Outside("killed by signal 9 (SIGKILL)".into()), None);
        for _ in 1..ATTEMPTS {
            skips.after(outside()).unwrap();
        }
        let error = skips.after(outside()).unwrap_err().to_string();
        assert!(error.contains("killed from outside"), "{error}");
        assert!(skips.skipped.is_empty());
    }

    #[test]
    fn too_many_calls_give_the_suite_up() {
        let mut skips = Skips::default();
        for call in 0..MAX_SKIPPED_CALLS as u64 {
            for _ in 0..2 {
                skips.after(Stop::Watchdog(at(call, Side::Target))).unwrap();
            }
        }
        skips
            .after(Stop::Watchdog(at(u64::MAX, Side::Target)))
            .unwrap();
        let error = skips
            .after(Stop::Watchdog(at(u64::MAX, Side::Target)))
            .unwrap_err();
        assert!(error.to_string().contains("more than"));
    }
}
