//! Supervised worker processes: jobs run in child processes (`testspace worker`), so a
//! mutant that aborts the process (stack overflow, failed allocation) or hangs costs one
//! job, recorded as `crash` or `timeout`, and the run goes on.
//!
//! A worker's death is recorded as the mutant's crash only when it is confirmed: the job is
//! run again in a fresh worker, and it is a crash when [`CONFIRMING_DEATHS`] workers died
//! of their own accord (a signal the process raises itself, such as SIGABRT or SIGSEGV, or
//! a non-zero exit) running it. A worker killed from outside (SIGKILL from an OOM killer or
//! a cluster's memory enforcement, SIGTERM, SIGINT, SIGHUP) says nothing about the mutant:
//! its job is run again, and after [`ATTEMPTS`] attempts without a result or a confirmed
//! crash it is [`Lost`] — reported, never journaled.
//!
//! Protocol, one JSON document per line: the supervisor first sends a [`Handshake`] (the
//! experiment file's path and text), then one [`Request`] per line (a [`Job`], a [`Check`]
//! of one given test case, or a [`SuiteOrder`] for a generated run's suite); the worker
//! answers each with one [`Reply`].

use std::collections::{BTreeSet, HashMap};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::beacon::{BEACON_VARIABLE, BeaconFile, Side, Site};
use super::check::{Check, CheckOutcome, execute_check};
use super::gold::{DEFAULT_LIMIT_BYTES, GoldCache, GoldKey};
use super::job::{Job, JobResult, Stop, execute_with};
use super::suite_making::{SuiteOrder, make_suite, mark_on_beacon};
use crate::experiment::Experiment;
use crate::experiment::file::{parse_experiment_profile, parse_recorded_experiment};

/// Caps the memory this worker may hold at `bytes`: a thread of its own reads the
/// worker's resident size every [`MEMORY_WATCH_PERIOD`], and once it is above `bytes` —
/// and, under testspace's allocator ([`crate::Allocator`]), the bytes the program asked
/// for and holds are too ([`crate::allocator::live`]), so that pages the allocator kept
/// after a free do not count — it says so on stderr and aborts the worker: a death of its
/// own accord ([`Death::is_out_of_memory`]), which the beacon places on gold's side (the
/// test case is abandoned) or the target's (a harness guard: guarded). Without it, a gold
/// asked to write what an argument says (`ArcStr::repeat(s, n)` with a large `n`) grows
/// the worker until the kernel's OOM killer ends it, or another process.
///
/// A single request past the session's guard (`subject::guard::SESSION_MEMORY_LIMIT`, or
/// `bytes` if less) made in a subject's call is refused at once (`crate::allocator`): the
/// guard would judge that call anyway, and refused, it cannot write gigabytes first.
///
/// # Errors
/// The watching thread cannot be started.
pub fn limit_memory(bytes: u64) -> anyhow::Result<()> {
    let guard = crate::subject::guard::SESSION_MEMORY_LIMIT as u64;
    crate::Allocator::refuse_requests_over(bytes.min(guard));
    let counted = crate::Allocator::count_live();
    let cap = i64::try_from(bytes).unwrap_or(i64::MAX);
    std::thread::Builder::new()
        .name("memory watch".into())
        .spawn(move || {
            loop {
                std::thread::sleep(MEMORY_WATCH_PERIOD);
                let Some(resident) = resident_bytes() else {
                    return;
                };
                let live = crate::allocator::live() as i64;
                if resident > cap && (!counted || live > cap) {
                    crate::kernel::stderr_line!(
                        "{WORKER_MEMORY_EXCEEDED}: {resident} bytes resident and {live} asked for, past {cap}"
                    );
                    std::process::abort();
                }
            }
        })
        .context("cannot start the worker's memory watch")?;
    Ok(())
}

/// How often a worker's memory watch reads its resident size.
pub const MEMORY_WATCH_PERIOD: Duration = Duration::from_millis(10);

/// What a worker's memory watch says before it aborts the worker.
const WORKER_MEMORY_EXCEEDED: &str = "worker-memory exceeded";

/// This process's resident size in bytes (Linux: `/proc/self/statm`; `None` elsewhere).
fn resident_bytes() -> Option<i64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: i64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf only reads a system constant.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(pages * page as i64)
}

/// Whether a death's text is the memory watch's or Rust's report of a failed allocation.
fn says_out_of_memory(text: &str) -> bool {
    text.contains(WORKER_MEMORY_EXCEEDED) || says_allocation_failed(text)
}

fn says_allocation_failed(text: &str) -> bool {
    text.contains("memory allocation of ") && text.contains(" bytes failed")
}

/// Whether a death's text is a request refused for its size in a watched call and not
/// done without: deterministic, so one such death places the call.
fn says_refused_request(text: &str) -> bool {
    text.contains(crate::allocator::REFUSED_REQUEST) && says_allocation_failed(text)
}

/// How a test case on which the worker died is counted when the job runs on around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Skipped {
    /// Gold's side: not judged.
    Abandoned,
    /// The target ran out of memory: a harness guard, no verdict.
    Guarded,
}

/// The first line a worker reads.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Handshake {
    /// The experiment file's path (for messages).
    pub path: String,
    /// Its text.
    pub source: String,
    /// The profile.
    pub profile: String,
    /// The walk runs' parameter values a results folder's manifest records, when the
    /// experiment is that folder's copy (`None`: the file as it stands).
    #[serde(default)]
    pub walk_parameters: Option<std::collections::BTreeMap<String, serde_json::Value>>,
}

impl Handshake {
    /// The experiment it names, parsed as the worker does.
    ///
    /// # Errors
    /// The experiment file's errors, located.
    pub fn experiment(&self) -> anyhow::Result<Experiment> {
        let path = Path::new(&self.path);
        Ok(match &self.walk_parameters {
            Some(recorded) => {
                parse_recorded_experiment(path, &self.source, &self.profile, recorded)?
            }
            None => parse_experiment_profile(path, &self.source, &self.profile)?,
        })
    }
}

/// What the supervisor asks a worker, one per line.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Request {
    /// Run a job.
    Job(Job),
    /// Judge one given test case.
    Check(Check),
    /// Make a generated run's suite file.
    Suite(SuiteOrder),
}

/// A worker's answer to one request.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reply {
    /// The job ran.
    Done(JobResult),
    /// The check ran.
    Checked(CheckOutcome),
    /// The suite file is in place.
    Made,
    /// The job could not run (a bug or an inconsistent experiment).
    Error(String),
}

/// The body of `testspace worker`: serves jobs on stdin/stdout until stdin closes.
pub fn serve() -> anyhow::Result<()> {
    die_with_parent();
    super::beacon::attach_from_env();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let Some(first) = lines.next() else {
        return Ok(());
    };
    let handshake: Handshake = serde_json::from_str(&first?)?;
    let experiment = handshake.experiment()?;
    limit_memory(experiment.worker_memory)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut gold = GoldCache::new(DEFAULT_LIMIT_BYTES);
    let kill = InjectedSignal::from_env("TESTSPACE_FAULT_KILL_WORKER", "TESTSPACE_FAULT_KILL_ONCE");
    let pause =
        InjectedSignal::from_env("TESTSPACE_FAULT_PAUSE_WORKER", "TESTSPACE_FAULT_PAUSE_ONCE");
    for line in lines {
        let reply = match serde_json::from_str(&line?)? {
            Request::Job(job) => {
                if let Some(fault) = &kill {
                    fault.strike(&job, libc::SIGKILL);
                }
                if let Some(fault) = &pause {
                    fault.strike(&job, libc::SIGSTOP);
                }
                match plan_of(&experiment, &job.subject) {
                    Err(message) => Reply::Error(message),
                    Ok(plan) => match execute_with(&job, plan.unit, &plan.context, &mut gold) {
                        Ok(result) => Reply::Done(result),
                        Err(e) => Reply::Error(e.to_string()),
                    },
                }
            }
            Request::Check(check) => serve_check(&experiment, &check),
            Request::Suite(order) => serve_suite(&experiment, &order),
        };
        serde_json::to_writer(&mut out, &reply)?;
        out.write_all(b"\n")?;
        out.flush()?;
    }
    Ok(())
}

/// The plan of `subject` in `experiment`, or the message saying it is not there.
fn plan_of<'a>(
    experiment: &'a Experiment,
    subject: &str,
) -> Result<&'a crate::experiment::SubjectPlan, String> {
    experiment
        .subjects
        .iter()
        .find(|s| s.unit.class() == subject)
        .ok_or_else(|| format!("subject {subject} is not in the experiment"))
}

/// A worker's answer to a check of a subject of `experiment`.
fn serve_check(experiment: &Experiment, check: &Check) -> Reply {
    match plan_of(experiment, &check.subject) {
        Err(message) => Reply::Error(message),
        Ok(plan) => match execute_check(check, plan.unit, &plan.context) {
            Ok(outcome) => Reply::Checked(outcome),
            Err(e) => Reply::Error(e.to_string()),
        },
    }
}

/// A worker's answer to a suite order for a subject of `experiment`: gold's calls marked on
/// the beacon (a fault injected for testing may end the process in one of them).
fn serve_suite(experiment: &Experiment, order: &SuiteOrder) -> Reply {
    let injected = InjectedGoldStop::from_env().is_some_and(|stop| stop.subject == order.subject);
    let mark: fn(u64) = if injected {
        mark_with_injected_stop
    } else {
        mark_on_beacon
    };
    match plan_of(experiment, &order.subject) {
        Err(message) => Reply::Error(message),
        Ok(plan) => match make_suite(order, plan.unit, &plan.context, mark) {
            Ok(()) => Reply::Made,
            Err(e) => Reply::Error(format!("{e:#}")),
        },
    }
}

/// A fault injected for testing (docs/faults.md, "Gold during generation"): gold's calls
/// that end the process while a suite of one subject is made, as an abort or a loop
/// without end would, or that stop it (SIGSTOP, once: as a cgroup freeze or a suspended
/// job would; continued from outside). Read from the environment:
/// `TESTSPACE_FAULT_STOP_GOLD=SUBJECT:abort:K,K…`, `SUBJECT:hang:K,K…` or
/// `SUBJECT:pause:K,K…` (with `TESTSPACE_FAULT_PAUSE_ONCE=FILE`, only the first time).
struct InjectedGoldStop {
    subject: String,
    kind: GoldStopKind,
    calls: Vec<u64>,
}

/// What an [`InjectedGoldStop`] does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum GoldStopKind {
    Abort,
    Hang,
    Pause,
}

impl InjectedGoldStop {
    fn from_env() -> Option<&'static InjectedGoldStop> {
        static STOP: std::sync::OnceLock<Option<InjectedGoldStop>> = std::sync::OnceLock::new();
        let read = || {
            let text = std::env::var("TESTSPACE_FAULT_STOP_GOLD").ok()?;
            let mut parts = text.splitn(3, ':');
            let subject = parts.next()?.to_string();
            let kind = match parts.next()? {
                "abort" => GoldStopKind::Abort,
                "hang" => GoldStopKind::Hang,
                "pause" => GoldStopKind::Pause,
                _ => return None,
            };
            let calls = parts
                .next()?
                .split(',')
                .map(str::parse)
                .collect::<Result<_, _>>()
                .ok()?;
            Some(InjectedGoldStop {
                subject,
                kind,
                calls,
            })
        };
        STOP.get_or_init(read).as_ref()
    }
}

/// [`mark_on_beacon`], then the injected stop if this call is one of it (the suite's
/// subject is the injected one).
fn mark_with_injected_stop(call: u64) {
    mark_on_beacon(call);
    let Some(stop) = InjectedGoldStop::from_env() else {
        return;
    };
    if stop.calls.contains(&call) {
        match stop.kind {
            GoldStopKind::Hang => loop {
                std::thread::sleep(Duration::from_secs(3600));
            },
            GoldStopKind::Abort => std::process::abort(),
            GoldStopKind::Pause => {
                if first_strike(std::env::var_os("TESTSPACE_FAULT_PAUSE_ONCE").as_deref()) {
                    raise(libc::SIGSTOP);
                }
            }
        }
    }
}

/// Whether an injected fault limited to its first time by `marker` (none: every time)
/// strikes now: whichever worker creates `marker` strikes.
fn first_strike(marker: Option<&std::ffi::OsStr>) -> bool {
    marker.is_none_or(|marker| {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(marker)
            .is_ok()
    })
}

/// Sends `signal` to this process.
fn raise(signal: i32) {
    #[cfg(unix)]
    // SAFETY: raise takes a signal number.
    unsafe {
        libc::raise(signal);
    }
}

/// A fault injected for testing (docs/faults.md): on receiving a job of one mutant, the
/// worker kills itself with SIGKILL, as an OOM killer would
/// (`TESTSPACE_FAULT_KILL_WORKER=SUBJECT:MUTANT`), or stops itself with SIGSTOP, as a
/// cgroup freeze or a suspended job would, until something continues it
/// (`TESTSPACE_FAULT_PAUSE_WORKER=SUBJECT:MUTANT`). With `TESTSPACE_FAULT_KILL_ONCE=FILE`
/// (`TESTSPACE_FAULT_PAUSE_ONCE=FILE`), only the first time (whichever worker creates FILE
/// strikes).
struct InjectedSignal {
    subject: String,
    mutant: u32,
    once: Option<std::path::PathBuf>,
}

impl InjectedSignal {
    fn from_env(target: &str, once: &str) -> Option<InjectedSignal> {
        let target = std::env::var(target).ok()?;
        let (subject, mutant) = target.rsplit_once(':')?;
        Some(InjectedSignal {
            subject: subject.to_string(),
            mutant: mutant.parse().ok()?,
            once: std::env::var_os(once).map(Into::into),
        })
    }

    fn strike(&self, job: &Job, signal: i32) {
        if job.subject == self.subject
            && job.mutant == self.mutant
            && first_strike(self.once.as_deref().map(std::path::Path::as_os_str))
        {
            raise(signal);
        }
    }
}

/// Asks the kernel to kill this worker when its supervisor dies (Linux), so a worker stuck
/// in a hanging mutant never outlives an interrupted run.
fn die_with_parent() {
    #[cfg(target_os = "linux")]
    // SAFETY: prctl(PR_SET_PDEATHSIG) takes a signal number and has no memory effects.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        if libc::getppid() == 1 {
            libc::_exit(0); // the supervisor is already gone
        }
    }
}

/// Attempts at one job before it is given up as [`Lost`].
pub const ATTEMPTS: usize = 3;

/// Deaths of their own accord that confirm a job crashes its worker (the mutant's crash).
pub const CONFIRMING_DEATHS: usize = 2;

/// How long a worker whose output closed is given to exit before it is killed.
const EXIT_GRACE: Duration = Duration::from_secs(5);

/// How [`Death::watchdog_stop`]'s text begins.
const WATCHDOG_STOP: &str = "stopped by the watchdog";

/// How a worker process ended while running a job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Death {
    /// It ended itself: a signal the process raises (SIGABRT, SIGSEGV, SIGBUS, SIGILL,
    /// SIGFPE, SIGSYS, SIGTRAP) or a non-zero exit; what a crashing mutant does.
    Own(String),
    /// Something outside killed it (SIGKILL, SIGTERM, SIGINT, SIGHUP, SIGQUIT, …), or its
    /// end could not be observed.
    Outside(String),
}

impl Death {
    /// Classifies an exit status (`None`: it could not be read).
    pub fn of(status: Option<ExitStatus>) -> Death {
        let Some(status) = status else {
            return Death::Outside("its exit status could not be read".into());
        };
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            if let Some(signal) = status.signal() {
                let name = signal_name(signal);
                let text = format!("killed by signal {signal} ({name})");
                return if matches!(
                    signal,
                    libc::SIGABRT
                        | libc::SIGSEGV
                        | libc::SIGBUS
                        | libc::SIGILL
                        | libc::SIGFPE
                        | libc::SIGSYS
                        | libc::SIGTRAP
                ) {
                    Death::Own(text)
                } else {
                    Death::Outside(text)
                };
            }
        }
        match status.code() {
            Some(0) => Death::Outside("exited with status 0 before answering".into()),
            Some(code) => Death::Own(format!("exited with status {code}")),
            None => Death::Outside(format!("ended ({status})")),
        }
    }

    /// A watchdog stop after `seconds` of its clock, to be confirmed by another one (an
    /// [`Death::Outside`]: the worker was killed by its supervisor).
    pub fn watchdog_stop(seconds: f64) -> Death {
        Death::Outside(format!("{WATCHDOG_STOP} after {seconds:.1} s"))
    }

    /// Whether this is a [`Death::watchdog_stop`].
    pub fn is_watchdog_stop(&self) -> bool {
        matches!(self, Death::Outside(text) if text.starts_with(WATCHDOG_STOP))
    }

    /// Whether the worker aborted for memory: its watch saw it past `worker-memory`
    /// ([`limit_memory`]), or an allocation failed (past what the machine would give).
    /// Both say so on stderr, which the death's text ends with.
    pub fn is_out_of_memory(&self) -> bool {
        matches!(self, Death::Own(text) if says_out_of_memory(text))
    }

    /// Whether the worker aborted on a single request past what a call may ask for, made
    /// in a subject's call (`crate::allocator`): it depends on the call alone, so it needs no
    /// second death to confirm it.
    pub fn is_refused_request(&self) -> bool {
        matches!(self, Death::Own(text) if says_refused_request(text))
    }

    /// The description (e.g. "killed by signal 9 (SIGKILL)").
    pub fn text(&self) -> &str {
        match self {
            Death::Own(text) | Death::Outside(text) => text,
        }
    }
}

/// The name of a signal number, for messages.
fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => "a signal",
    }
}

/// One attempt at a job in one worker process.
#[derive(Debug)]
pub enum Attempt {
    /// The worker answered.
    Done(JobResult),
    /// The job was still running after the watchdog time; the worker was killed.
    Watchdog(f64),
    /// The worker died before answering, after the given wall-clock seconds, at the place
    /// its beacon shows (if it marked one).
    Died(Death, f64, Option<Site>),
}

/// How an attempt at a suite in one worker process ended without one.
#[derive(Debug)]
pub enum SuiteStop {
    /// Still running after the stall time in one place, where its beacon was.
    Watchdog(Option<Site>),
    /// The worker died, where its beacon was.
    Died(Death, Option<Site>),
}

/// How long the supervisor waits for a worker's answer.
#[derive(Clone, Copy, Debug)]
enum Wait {
    /// At most this long in all.
    Total(Duration),
    /// As long as the beacon moves: until it has shown the same place this long.
    Stalled(Duration),
}

/// How often the supervisor looks at a worker it waits for.
const TICK: Duration = Duration::from_millis(100);

/// A tick that comes this much later than asked means the supervisor itself was stopped
/// (SIGSTOP, a frozen cgroup, a suspended job or machine) in between.
const PAUSED_GAP: Duration = Duration::from_secs(1);

/// The watchdog's clock (docs/faults.md, "Stops that do not count"): wall-clock time in
/// which both the supervisor and the worker could run. A tick that comes more than
/// [`PAUSED_GAP`] late counts as one tick (the supervisor was stopped: its stop is not
/// the worker's hang); a tick in which the worker's CPU time did not move and the worker
/// was stopped (state `T`) or frozen (its cgroup's `frozen 1`) counts nothing.
struct WatchClock {
    pid: u32,
    period: Duration,
    last: Instant,
    cpu: Option<u64>,
    counted: Duration,
}

impl WatchClock {
    fn new(pid: u32, period: Duration) -> Self {
        WatchClock {
            pid,
            period,
            last: Instant::now(),
            cpu: worker_activity(pid).map(|a| a.cpu_ticks),
            counted: Duration::ZERO,
        }
    }

    /// Takes in the time since the last tick; what of it counts.
    fn tick(&mut self) -> Duration {
        let now = Instant::now();
        let gap = now.saturating_duration_since(self.last);
        self.last = now;
        let activity = worker_activity(self.pid);
        let cpu = activity.as_ref().map(|a| a.cpu_ticks);
        let ran = cpu.is_some() && cpu != self.cpu;
        self.cpu = cpu;
        let counts = if gap > self.period + PAUSED_GAP {
            self.period
        } else if !ran && activity.is_some_and(|a| a.paused) {
            Duration::ZERO
        } else {
            gap
        };
        self.counted += counts;
        counts
    }
}

/// What `/proc` says of a worker process: its CPU time (user and system, in clock ticks)
/// and whether it is stopped or frozen.
struct Activity {
    cpu_ticks: u64,
    paused: bool,
}

/// The activity of process `pid` (`None` where `/proc` cannot tell, e.g. off Linux).
fn worker_activity(pid: u32) -> Option<Activity> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (state, cpu_ticks) = parse_stat(&stat)?;
    let paused = matches!(state, 'T' | 't') || (state != 'R' && cgroup_frozen(pid));
    Some(Activity { cpu_ticks, paused })
}

/// The state letter and utime + stime of a `/proc/PID/stat` line.
fn parse_stat(stat: &str) -> Option<(char, u64)> {
    let fields: Vec<&str> = stat
        .get(stat.rfind(')')? + 1..)?
        .split_whitespace()
        .collect();
    let state = fields.first()?.chars().next()?;
    let (user, system): (u64, u64) = (fields.get(11)?.parse().ok()?, fields.get(12)?.parse().ok()?);
    Some((state, user + system))
}

/// Whether process `pid`'s cgroup (version 2) is frozen.
fn cgroup_frozen(pid: u32) -> bool {
    let Ok(groups) = std::fs::read_to_string(format!("/proc/{pid}/cgroup")) else {
        return false;
    };
    let Some(path) = groups.lines().find_map(|l| l.strip_prefix("0::")) else {
        return false;
    };
    std::fs::read_to_string(format!("/sys/fs/cgroup{path}/cgroup.events"))
        .is_ok_and(|events| events.lines().any(|l| l == "frozen 1"))
}

/// The answer on `receiver`, waited for on `clock` ([`WatchClock`]): a timeout once
/// `wait`'s time has counted (with [`Wait::Stalled`], since `beacon` last moved).
fn wait_for_answer(
    receiver: &Receiver<String>,
    mut beacon: Option<&mut BeaconFile>,
    clock: &mut WatchClock,
    wait: Wait,
) -> Result<String, RecvTimeoutError> {
    let (limit, stalled) = match wait {
        Wait::Total(limit) => (limit, false),
        Wait::Stalled(stall) => (stall, true),
    };
    let mut seen = beacon.as_mut().and_then(|b| b.read());
    let mut since = Duration::ZERO;
    loop {
        match receiver.recv_timeout(clock.period) {
            Err(RecvTimeoutError::Timeout) => {
                since += clock.tick();
                if stalled {
                    let now = beacon.as_mut().and_then(|b| b.read());
                    if now != seen {
                        seen = now;
                        since = Duration::ZERO;
                    }
                }
                if since >= limit {
                    return Err(RecvTimeoutError::Timeout);
                }
            }
            answer => return answer,
        }
    }
}

/// What came back from a worker for one request.
enum Exchange {
    /// Its reply.
    Answer(Reply),
    /// The watchdog stopped it after the given seconds of its clock ([`WatchClock`]), where
    /// its beacon was.
    Watchdog(f64, Option<Site>),
    /// It died before answering, after the given wall-clock seconds, where its beacon was.
    Died(Death, f64, Option<Site>),
}

/// A job given up: every attempt's worker died without confirming a crash.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("its worker died on each of {attempts} attempts ({deaths})", deaths = deaths.join("; "))]
pub struct Lost {
    /// The attempts made.
    pub attempts: usize,
    /// How each attempt's worker died.
    pub deaths: Vec<String>,
}

/// What became of a job after its attempts.
#[derive(Debug)]
pub struct Settled {
    /// Its result (a confirmed crash is a result), or why it was given up.
    pub result: Result<JobResult, Lost>,
    /// Deaths that were not confirmed as the mutant's crash (to be reported).
    pub unconfirmed: Vec<Death>,
    /// Where a confirmed crash happened, when every confirming death was marked at the
    /// same place.
    pub site: Option<Site>,
}

/// Settles a job from its attempts: `attempt(i)` runs attempt i (each in a fresh worker
/// after the first). A result ends it; a hang is confirmed by [`CONFIRMING_DEATHS`]
/// watchdog stops, a crash by as many deaths of the worker's own accord; after
/// [`ATTEMPTS`] attempts with neither, the job is [`Lost`]. Pure in its attempts, so it is
/// tested without processes.
pub fn settle(
    mut attempt: impl FnMut(usize) -> anyhow::Result<Attempt>,
) -> anyhow::Result<Settled> {
    let mut deaths: Vec<Death> = Vec::new();
    let mut sites: Vec<Option<Site>> = Vec::new();
    let mut watchdog_stops = 0;
    for i in 0..ATTEMPTS {
        match attempt(i)? {
            Attempt::Done(result) => {
                return Ok(Settled {
                    result: Ok(result),
                    unconfirmed: deaths,
                    site: None,
                });
            }
            Attempt::Watchdog(seconds) => {
                watchdog_stops += 1;
                if watchdog_stops >= CONFIRMING_DEATHS {
                    deaths.retain(|d| !d.is_watchdog_stop());
                    return Ok(Settled {
                        result: Ok(JobResult::lost(Stop::Watchdog, seconds)),
                        unconfirmed: deaths,
                        site: None,
                    });
                }
                deaths.push(Death::watchdog_stop(seconds));
            }
            Attempt::Died(death, seconds, site) => {
                let confirming = if death.is_refused_request() {
                    1
                } else {
                    CONFIRMING_DEATHS
                };
                if matches!(death, Death::Own(_)) {
                    sites.push(site);
                }
                deaths.push(death);
                let last = &sites[sites.len().saturating_sub(confirming)..];
                let placed = last.iter().all(|s| *s == last[0]);
                // Deaths placed apart may come from what the first, reused worker held
                // (an allocation past `worker-memory` depends on it): a fresh worker
                // more, while attempts are left, places the crash.
                if sites.len() >= confirming && (placed || i + 1 == ATTEMPTS) {
                    let cause = deaths.last().map(|d| d.text().to_string());
                    deaths.retain(|d| matches!(d, Death::Outside(_)));
                    return Ok(Settled {
                        result: Ok(JobResult {
                            crash_cause: cause,
                            ..JobResult::lost(Stop::Crash, seconds)
                        }),
                        unconfirmed: deaths,
                        site: last[0].filter(|_| placed),
                    });
                }
            }
        }
    }
    Ok(Settled {
        result: Err(Lost {
            attempts: ATTEMPTS,
            deaths: deaths.iter().map(|d| d.text().to_string()).collect(),
        }),
        unconfirmed: deaths,
        site: None,
    })
}

/// A running worker process: the process, its input, its answers, and the thread that
/// reads its stderr, which ends with the last lines it read.
type Running = (
    Child,
    ChildStdin,
    Receiver<String>,
    std::thread::JoinHandle<Vec<String>>,
);

/// Lines of a worker's stderr kept for the cause of its death.
const STDERR_LINES: usize = 16;

/// Reads a worker's stderr to its end, keeping its last [`STDERR_LINES`] lines.
fn read_stderr(stderr: std::process::ChildStderr) -> Vec<String> {
    let mut lines = std::collections::VecDeque::with_capacity(STDERR_LINES);
    for line in BufReader::new(stderr).lines() {
        let Ok(line) = line else { break };
        if lines.len() == STDERR_LINES {
            lines.pop_front();
        }
        lines.push_back(line);
    }
    lines.into()
}

/// What a dead worker's last stderr lines say of its death: the last three lines that are
/// not blank, not Rust's hints (`note: run with RUST_BACKTRACE…`, the sentence after a
/// failed check of an unsafe precondition), each cut to 300 characters, joined by " / ";
/// `None` when nothing is left.
pub fn last_words(lines: &[String]) -> Option<String> {
    let said: Vec<String> = lines
        .iter()
        .map(|l| l.trim())
        .filter(|l| {
            !l.is_empty()
                && !l.starts_with("note: run with `RUST_BACKTRACE")
                && !l.starts_with("This indicates a bug in the program.")
        })
        .map(|l| l.chars().take(300).collect())
        .collect();
    let last = &said[said.len().saturating_sub(3)..];
    (!last.is_empty()).then(|| last.join(" / "))
}

/// The supervisor's handle on one worker process, restarted after a death.
pub struct WorkerProcess {
    handshake: String,
    child: Option<Running>,
    /// Where its processes mark their test case (made at the first start; `None` if the
    /// file could not be made: deaths are then placed nowhere, as before beacons).
    beacon: Option<BeaconFile>,
    /// Per walk (its gold key from counter 0), the test cases on which gold ended a worker
    /// of its own accord, not for memory the worker held: the same test case ends every
    /// worker, so later jobs of the walk abandon it without running ([`Job::abandon`]).
    gold_deaths: HashMap<GoldKey, BTreeSet<u64>>,
    /// Per subject, the keys of calls with primitive inputs whose refused request ended a
    /// worker on gold: later jobs of the subject do not make them on gold
    /// ([`crate::subject::refusals`], [`Job::refused`]).
    refused_calls: HashMap<String, BTreeSet<u64>>,
    /// Requests the running process has answered since it started.
    answered: u64,
}

impl WorkerProcess {
    /// A handle that starts its process at the first job.
    pub fn new(handshake: &Handshake) -> Self {
        WorkerProcess {
            handshake: serde_json::to_string(handshake).expect("serializable"),
            child: None,
            beacon: None,
            gold_deaths: HashMap::new(),
            refused_calls: HashMap::new(),
            answered: 0,
        }
    }

    fn start(&mut self) -> anyhow::Result<()> {
        let exe = std::env::current_exe().context("cannot find testspace's own executable")?;
        if self.beacon.is_none() {
            self.beacon = BeaconFile::new().ok();
        }
        let mut command = Command::new(&exe);
        // A worker's stderr is read for its last words only: a backtrace there (the
        // allocation error handler prints one under RUST_BACKTRACE=1) would push out the
        // lines that say how it died.
        command.env("RUST_BACKTRACE", "0");
        if let Some(beacon) = &self.beacon {
            command.env(BEACON_VARIABLE, beacon.path());
        }
        let mut child = command
            .arg("worker")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .with_context(|| format!("cannot start a worker process ({})", exe.display()))?;
        let mut stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        let (sender, receiver) = channel();
        let reader = std::thread::Builder::new().spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let last_lines = std::thread::Builder::new().spawn(move || read_stderr(stderr));
        let last_lines = match (reader, last_lines) {
            (Ok(_), Ok(last_lines)) => last_lines,
            (Err(e), _) | (_, Err(e)) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(e).context("cannot start a thread to read a worker's output");
            }
        };
        // A worker that dies at once is seen at the job's first read.
        let _ = writeln!(stdin, "{}", self.handshake);
        self.child = Some((child, stdin, receiver, last_lines));
        self.answered = 0;
        Ok(())
    }

    /// Kills the worker (if it still runs) and waits for it.
    fn kill(&mut self) {
        if let Some((mut child, stdin, ..)) = self.child.take() {
            drop(stdin);
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// How the worker whose output closed ended: waits up to [`EXIT_GRACE`] for it to
    /// exit, then kills it (its death is then an outside one). A death of its own says,
    /// after the signal or status, what its last stderr lines said ([`last_words`]).
    fn reap(&mut self) -> Death {
        let Some((mut child, stdin, _, last_lines)) = self.child.take() else {
            return Death::of(None);
        };
        drop(stdin);
        let death = Self::wait_for_end(&mut child);
        // The process has ended, so its stderr is closed and the reader ends.
        let words = last_lines.join().ok().and_then(|lines| last_words(&lines));
        match (death, words) {
            (Death::Own(text), Some(words)) => Death::Own(format!("{text}: {words}")),
            (death, _) => death,
        }
    }

    /// How `child` ended (see [`WorkerProcess::reap`]).
    fn wait_for_end(child: &mut Child) -> Death {
        let deadline = Instant::now() + EXIT_GRACE;
        loop {
            match child.try_wait() {
                Ok(Some(status)) => return Death::of(Some(status)),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                _ => {
                    let _ = child.kill();
                    let status = child.wait().ok();
                    return match Death::of(status) {
                        Death::Own(text) => Death::Own(text),
                        Death::Outside(_) => {
                            Death::Outside("closed its output without exiting".into())
                        }
                    };
                }
            }
        }
    }

    /// Sends `request` to this worker (started if needed) and waits for its answer: the
    /// reply, a watchdog stop (the worker killed after `watchdog`; seconds are then the
    /// wall-clock time), or its death; with the place its beacon marked, if any.
    ///
    /// An error answered (or a reply that does not read) by a process that had answered
    /// earlier requests is asked again of a fresh process: a request no worker can serve
    /// fails the same way there, but a mutant that wrote over the memory of the process it
    /// ran in without ending it (a crate's unsafe code whose invariants a mutant of its
    /// safe code breaks) can leave a process that answers the next request with nonsense
    /// (docs/faults.md, "A worker its mutant wrote over").
    fn exchange(&mut self, request: &Request, wait: Wait) -> anyhow::Result<Exchange> {
        let fresh = self.child.is_none() || self.answered == 0;
        match self.exchange_once(request, wait) {
            Ok(Exchange::Answer(Reply::Error(_))) | Err(_) if !fresh => {
                self.kill();
                self.exchange_once(request, wait)
            }
            other => other,
        }
    }

    /// [`WorkerProcess::exchange`] without asking again.
    fn exchange_once(&mut self, request: &Request, wait: Wait) -> anyhow::Result<Exchange> {
        if self.child.is_none() {
            self.start()?;
        }
        if let Some(beacon) = self.beacon.as_mut() {
            beacon.clear().context("cannot clear a worker's beacon")?;
        }
        let started = Instant::now();
        let (child, stdin, receiver, _) = self.child.as_mut().expect("started");
        let limit = match wait {
            Wait::Total(limit) | Wait::Stalled(limit) => limit,
        };
        let mut clock = WatchClock::new(child.id(), TICK.min(limit).max(Duration::from_millis(1)));
        let sent = serde_json::to_string(request)
            .map(|line| writeln!(stdin, "{line}").and_then(|()| stdin.flush()));
        let answer = match sent {
            Ok(Ok(())) => wait_for_answer(receiver, self.beacon.as_mut(), &mut clock, wait),
            _ => Err(RecvTimeoutError::Disconnected),
        };
        match answer {
            Ok(line) => {
                self.answered += 1;
                Ok(Exchange::Answer(serde_json::from_str::<Reply>(&line)?))
            }
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                let site = self.beacon.as_mut().and_then(BeaconFile::read);
                Ok(Exchange::Watchdog(clock.counted.as_secs_f64(), site))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let death = self.reap();
                let site = self.beacon.as_mut().and_then(BeaconFile::read);
                Ok(Exchange::Died(death, started.elapsed().as_secs_f64(), site))
            }
        }
    }

    /// Runs a job once in this worker (started if needed): its answer, a watchdog stop (the
    /// worker killed after `watchdog`; seconds are then the wall-clock time), or its death.
    pub fn attempt(&mut self, job: &Job, watchdog: Duration) -> anyhow::Result<Attempt> {
        match self.exchange(&Request::Job(job.clone()), Wait::Total(watchdog))? {
            Exchange::Answer(Reply::Done(result)) => Ok(Attempt::Done(result)),
            Exchange::Answer(Reply::Error(message)) => anyhow::bail!("worker: {message}"),
            Exchange::Answer(Reply::Checked(_) | Reply::Made) => {
                anyhow::bail!("a worker answered a job with another request's answer")
            }
            Exchange::Watchdog(seconds, _) => Ok(Attempt::Watchdog(seconds)),
            Exchange::Died(death, seconds, site) => Ok(Attempt::Died(death, seconds, site)),
        }
    }

    /// Judges `check` in this worker (started if needed): its outcome, or a stop placed by
    /// the beacon. A stop is run again in a fresh worker: it is the target's hang when
    /// [`CONFIRMING_DEATHS`] watchdog stops, its crash when as many deaths of the worker's
    /// own accord, were all marked on the target's side. A stop on
    /// gold's side, or unplaced, abandons the check. [`Lost`] after [`ATTEMPTS`]
    /// attempts with neither.
    ///
    /// # Errors
    /// A worker that cannot be started, or that answers with an error (an unknown subject
    /// or target).
    pub fn check(
        &mut self,
        check: &Check,
        watchdog: Duration,
    ) -> anyhow::Result<Result<CheckOutcome, Lost>> {
        let request = Request::Check(check.clone());
        let (mut deaths, mut sides, mut hangs) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..ATTEMPTS {
            match self.exchange(&request, Wait::Total(watchdog))? {
                Exchange::Answer(Reply::Checked(outcome)) => return Ok(Ok(outcome)),
                Exchange::Answer(Reply::Error(message)) => anyhow::bail!("worker: {message}"),
                Exchange::Answer(Reply::Done(_) | Reply::Made) => {
                    anyhow::bail!("a worker answered a check with another request's answer")
                }
                Exchange::Watchdog(seconds, site) => {
                    hangs.push(site.and_then(|s| s.side));
                    deaths.push(Death::watchdog_stop(seconds).text().to_string());
                    if hangs.len() >= CONFIRMING_DEATHS {
                        let side = hangs[0].filter(|_| hangs.iter().all(|s| *s == hangs[0]));
                        return Ok(Ok(CheckOutcome::of_stop(side, true)));
                    }
                }
                Exchange::Died(death, _, site) => {
                    let confirmed = death.is_refused_request();
                    if matches!(death, Death::Own(_)) {
                        sides.push(site.and_then(|s| s.side));
                    }
                    deaths.push(death.text().to_string());
                    if confirmed {
                        sides.drain(..sides.len() - 1);
                    }
                    if confirmed || sides.len() >= CONFIRMING_DEATHS {
                        let side = sides[0].filter(|_| sides.iter().all(|s| *s == sides[0]));
                        if side == Some(Side::Target)
                            && says_out_of_memory(&deaths[deaths.len() - 1])
                        {
                            return Ok(Ok(CheckOutcome::Guarded));
                        }
                        return Ok(Ok(CheckOutcome::of_stop(side, false)));
                    }
                }
            }
        }
        Ok(Err(Lost {
            attempts: ATTEMPTS,
            deaths,
        }))
    }

    /// Makes the suite `order` asks for in this worker (started if needed), stopped when
    /// its beacon has not moved for `stall`: made (`Ok`), or where the worker was when it
    /// was stopped or died.
    ///
    /// # Errors
    /// A worker that cannot be started, or that answers with an error.
    pub fn make_suite(
        &mut self,
        order: &SuiteOrder,
        stall: Duration,
    ) -> anyhow::Result<Result<(), SuiteStop>> {
        match self.exchange(&Request::Suite(order.clone()), Wait::Stalled(stall))? {
            Exchange::Answer(Reply::Made) => Ok(Ok(())),
            Exchange::Answer(Reply::Error(message)) => anyhow::bail!("worker: {message}"),
            Exchange::Answer(Reply::Done(_) | Reply::Checked(_)) => {
                anyhow::bail!("a worker answered a suite order with another request's answer")
            }
            Exchange::Watchdog(_, site) => Ok(Err(SuiteStop::Watchdog(site))),
            Exchange::Died(death, _, site) => Ok(Err(SuiteStop::Died(death, site))),
        }
    }

    /// Runs a job until it is settled ([`settle`]): after a death, again in a fresh worker.
    /// A crash placed on the target's side of a test case counts the test cases up to it;
    /// one placed on gold's side is not the target's: that test case is abandoned, and the
    /// test cases before and after it run as jobs of their own ([`around_crash`]). A
    /// target that ran out of memory ([`Death::is_out_of_memory`]) hit the harness's memory
    /// guard, not a fault of its own (gold's run of the same test case shares the worker):
    /// that test case is guarded, no verdict, and the others run around it likewise.
    ///
    /// [`around_crash`]: Self::around_crash
    pub fn run(&mut self, job: &Job, watchdog: Duration) -> anyhow::Result<Settled> {
        let walk = GoldKey {
            start: 0,
            ..job.gold_key()
        };
        let refused = self.refused_calls.get(&job.subject);
        let job = &Job {
            abandon: self.gold_deaths_in(&walk, job),
            refused: refused.map_or_else(Vec::new, |keys| keys.iter().copied().collect()),
            ..job.clone()
        };
        let mut settled = settle(|_| self.attempt(job, watchdog))?;
        let (Ok(result), Some(site)) = (&mut settled.result, settled.site) else {
            return Ok(settled);
        };
        if result.stop != Stop::Crash || site.counter < job.start {
            return Ok(settled);
        }
        let out_of_memory = result
            .crash_cause
            .as_deref()
            .is_some_and(says_out_of_memory);
        let skipped = match site.side {
            Some(Side::Gold) => Some(Skipped::Abandoned),
            _ if out_of_memory => Some(Skipped::Guarded),
            _ => None,
        };
        if skipped == Some(Skipped::Abandoned) {
            self.learn_gold_death(walk, &job.subject, result.crash_cause.as_deref(), site);
        }
        match skipped {
            Some(skipped) => {
                settled.result = self.around_crash(
                    job,
                    (site.counter, skipped),
                    watchdog,
                    &mut settled.unconfirmed,
                )?;
            }
            None => result.tests_run = site.counter - job.start + 1,
        }
        Ok(settled)
    }

    /// Learns from a death on gold's side of `subject`'s walk `walk` at `site`, its cause
    /// `cause`: the test case ends every worker, unless the worker died of the memory it
    /// held; and a call with primitive inputs whose request was refused ends every worker
    /// that makes it, in any walk of the subject.
    fn learn_gold_death(&mut self, walk: GoldKey, subject: &str, cause: Option<&str>, site: Site) {
        if cause.is_some_and(|cause| cause.contains(WORKER_MEMORY_EXCEEDED)) {
            return;
        }
        self.gold_deaths
            .entry(walk)
            .or_default()
            .insert(site.counter);
        if let (true, Some(key)) = (cause.is_some_and(says_refused_request), site.call) {
            self.refused_calls
                .entry(subject.to_string())
                .or_default()
                .insert(key);
        }
    }

    /// The test cases of `job`'s range on which gold ended a worker in an earlier job of
    /// `walk`, ascending.
    fn gold_deaths_in(&self, walk: &GoldKey, job: &Job) -> Vec<u64> {
        let Some(deaths) = self.gold_deaths.get(walk) else {
            return Vec::new();
        };
        let end = job
            .count
            .map_or(u64::MAX, |count| job.start.saturating_add(count));
        deaths.range(job.start..end).copied().collect()
    }

    /// `job` with its test case `crashed` skipped as `skipped` says (gold crashed the
    /// worker on it, or the target ran out of memory): the test cases before it and after
    /// it, each run as a job, merged in counter order. The job's `max-guarded-tests` counts
    /// across the parts.
    fn around_crash(
        &mut self,
        job: &Job,
        (crashed, skipped): (u64, Skipped),
        watchdog: Duration,
        unconfirmed: &mut Vec<Death>,
    ) -> anyhow::Result<Result<JobResult, Lost>> {
        let before = crashed - job.start;
        let mut parts = Vec::new();
        let mut guarded = 0;
        if before > 0 {
            let head = Job {
                count: Some(before),
                ..job.clone()
            };
            let settled = self.run(&head, watchdog)?;
            unconfirmed.extend(settled.unconfirmed);
            let result = match settled.result {
                Ok(result) => result,
                Err(lost) => return Ok(Err(lost)),
            };
            let complete = result.stop == Stop::Budget && result.tests_run == before;
            guarded = result.guarded_tests;
            parts.push((result, complete));
            if !complete {
                return Ok(Ok(super::merge_chunks(parts)));
            }
        }
        let mut one = JobResult::lost(Stop::Budget, 0.0);
        one.tests_run = 1;
        match skipped {
            Skipped::Abandoned => one.abandoned_tests = 1,
            Skipped::Guarded => {
                one.guarded_tests = 1;
                guarded += 1;
            }
        }
        let guards_left = job.max_guarded.map(|most| most.saturating_sub(guarded));
        if guards_left == Some(0) {
            one.stop = Stop::Guarded;
            parts.push((one, false));
            return Ok(Ok(super::merge_chunks(parts)));
        }
        let left = job.count.map(|count| count.saturating_sub(before + 1));
        parts.push((one, left != Some(0)));
        if left != Some(0) {
            let tail = Job {
                start: crashed + 1,
                count: left,
                max_guarded: guards_left,
                ..job.clone()
            };
            let settled = self.run(&tail, watchdog)?;
            unconfirmed.extend(settled.unconfirmed);
            match settled.result {
                Ok(result) => parts.push((result, false)),
                Err(lost) => return Ok(Err(lost)),
            }
        }
        Ok(Ok(super::merge_chunks(parts)))
    }
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        if let Some((mut child, stdin, ..)) = self.child.take() {
            drop(stdin); // the worker exits at end of input
            let _ = child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn done() -> Attempt {
        Attempt::Done(JobResult::lost(Stop::Budget, 1.0))
    }

    fn own() -> Attempt {
        Attempt::Died(Death::Own("killed by signal 6 (SIGABRT)".into()), 0.5, None)
    }

    fn own_at(counter: u64, side: Side) -> Attempt {
        let site = Site {
            counter,
            side: Some(side),
            call: None,
        };
        Attempt::Died(
            Death::Own("killed by signal 6 (SIGABRT)".into()),
            0.5,
            Some(site),
        )
    }

    fn outside() -> Attempt {
        Attempt::Died(
            Death::Outside("killed by signal 9 (SIGKILL)".into()),
            0.5,
            None,
        )
    }

    fn settled(attempts: Vec<Attempt>) -> (Settled, usize) {
        let mut attempts = attempts.into_iter();
        let mut made = 0;
        let settled = settle(|_| {
            made += 1;
            Ok(attempts.next().expect("no more attempts than scripted"))
        })
        .unwrap();
        (settled, made)
    }

    #[test]
    fn a_worker_killed_from_outside_is_rerun_and_its_result_kept() {
        let (s, made) = settled(vec![outside(), done()]);
        assert_eq!(made, 2);
        assert_eq!(s.result.unwrap().stop, Stop::Budget);
        assert_eq!(s.unconfirmed.len(), 1);
    }

    #[test]
    fn a_refused_request_is_a_crash_placed_by_one_death() {
        let text = format!(
            "killed by signal 6 (SIGABRT): {} / memory allocation of 68719476736 bytes failed",
            crate::allocator::REFUSED_REQUEST
        );
        let site = Site {
            counter: 5,
            side: Some(Side::Target),
            call: None,
        };
        let refused = Attempt::Died(Death::Own(text.clone()), 0.5, Some(site));
        let (s, made) = settled(vec![refused]);
        assert_eq!(made, 1);
        let result = s.result.unwrap();
        assert_eq!(result.stop, Stop::Crash);
        assert_eq!(result.crash_cause.as_deref(), Some(text.as_str()));
        assert_eq!(s.site, Some(site));
        assert!(says_out_of_memory(&text), "it is a memory death too");
        assert!(!says_refused_request("memory allocation of 8 bytes failed"));
        assert!(!says_refused_request(crate::allocator::REFUSED_REQUEST));
    }

    /// A refused request on gold's side teaches the test case to its walk and the call's
    /// key to every later job of the subject; a death of the memory the worker held
    /// teaches nothing, and a death without a call key teaches only the test case.
    #[test]
    fn a_gold_death_of_a_refused_call_is_learned_for_the_subject() {
        let handshake = Handshake {
            path: String::new(),
            source: String::new(),
            profile: String::new(),
            walk_parameters: None,
        };
        let mut worker = WorkerProcess::new(&handshake);
        let walk = |seed| GoldKey {
            subject: "Reserve".into(),
            strategy: "r".into(),
            suite: None,
            n: 3,
            seed,
            start: 0,
            strict: false,
            coverage: false,
        };
        let at = |counter, call| Site {
            counter,
            side: Some(Side::Gold),
            call,
        };
        let refused = format!(
            "killed by signal 6 (SIGABRT): {} / memory allocation of 2147483648 bytes failed",
            crate::allocator::REFUSED_REQUEST
        );
        let held = format!("killed by signal 6 (SIGABRT): {WORKER_MEMORY_EXCEEDED}");
        worker.learn_gold_death(walk(1), "Reserve", Some(&held), at(3, Some(9)));
        assert!(worker.gold_deaths.is_empty() && worker.refused_calls.is_empty());
        worker.learn_gold_death(
            walk(1),
            "Reserve",
            Some("killed by signal 11"),
            at(4, Some(9)),
        );
        assert!(worker.refused_calls.is_empty(), "not a refused request");
        worker.learn_gold_death(walk(1), "Reserve", Some(&refused), at(7, Some(42)));
        assert_eq!(worker.gold_deaths[&walk(1)], BTreeSet::from([4, 7]));
        assert_eq!(worker.refused_calls["Reserve"], BTreeSet::from([42]));
        worker.learn_gold_death(walk(2), "Reserve", Some(&refused), at(5, None));
        assert_eq!(worker.refused_calls["Reserve"], BTreeSet::from([42]));
        assert_eq!(worker.gold_deaths[&walk(2)], BTreeSet::from([5]));
    }

    #[test]
    fn a_crash_is_recorded_only_when_a_fresh_worker_dies_of_it_again() {
        let (s, made) = settled(vec![own(), own()]);
        assert_eq!(made, 2);
        assert_eq!(s.result.unwrap().stop, Stop::Crash);
        assert!(s.unconfirmed.is_empty());
        let (s, made) = settled(vec![own(), outside(), own()]);
        assert_eq!(made, 3);
        let result = s.result.unwrap();
        assert_eq!(result.stop, Stop::Crash);
        assert_eq!(s.unconfirmed.len(), 1);
        // The confirming death's description is the crash's cause, not the outside one's.
        assert_eq!(
            result.crash_cause.as_deref(),
            Some("killed by signal 6 (SIGABRT)")
        );
        let (s, _) = settled(vec![outside(), done()]);
        assert_eq!(s.result.unwrap().crash_cause, None);
    }

    /// A failed check of an unsafe precondition, as a worker's stderr ends with it: the
    /// message without Rust's hints.
    #[test]
    fn a_dead_worker_s_last_words_are_its_last_lines_without_hints() {
        let stderr: Vec<String> = [
            "warning: an earlier line",
            "thread 'main' panicked at library/core/src/panicking.rs:225:5:",
            "unsafe precondition(s) violated: ptr::copy_nonoverlapping requires that both \
             pointer arguments are aligned and non-null and the specified memory ranges do not \
             overlap",
            "",
            "This indicates a bug in the program. This Undefined Behavior check is optional, \
             and cannot be relied on for safety.",
            "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
            "thread caused non-unwinding panic. aborting.",
        ]
        .map(String::from)
        .to_vec();
        let words = last_words(&stderr).unwrap();
        assert!(
            words.starts_with("thread 'main' panicked at library/core/src/panicking.rs:225:5: / unsafe precondition(s) violated: ptr::copy_nonoverlapping requires"),
            "{words}"
        );
        assert!(
            words.ends_with(" / thread caused non-unwinding panic. aborting."),
            "{words}"
        );
        assert_eq!(last_words(&[String::new(), "  ".into()]), None);
        assert_eq!(last_words(&["x".repeat(400)]).unwrap().len(), 300);
    }

    /// A crash is placed only where both confirming deaths were marked alike; two deaths
    /// placed apart call for a third attempt, whose place stands if it repeats the second.
    #[test]
    fn a_confirmed_crash_is_placed_where_both_deaths_were() {
        let (s, _) = settled(vec![
            own_at(7, Side::Gold),
            outside(),
            own_at(7, Side::Gold),
        ]);
        assert_eq!(
            s.site,
            Some(Site {
                counter: 7,
                side: Some(Side::Gold),
                call: None,
            })
        );
        let (s, made) = settled(vec![
            own_at(7, Side::Gold),
            own_at(7, Side::Target),
            own_at(7, Side::Target),
        ]);
        assert_eq!(made, 3);
        assert_eq!(s.site.and_then(|s| s.side), Some(Side::Target));
        assert_eq!(s.result.unwrap().stop, Stop::Crash);
        let (s, made) = settled(vec![own_at(7, Side::Target), own(), own_at(7, Side::Gold)]);
        assert_eq!(made, 3);
        assert_eq!(s.site, None);
        assert_eq!(s.result.unwrap().stop, Stop::Crash);
        let (s, made) = settled(vec![own_at(7, Side::Target), outside(), own()]);
        assert_eq!(made, 3);
        assert_eq!(s.site, None);
    }

    #[test]
    fn a_death_that_does_not_repeat_is_not_a_crash() {
        let (s, _) = settled(vec![own(), done()]);
        assert_eq!(s.result.unwrap().stop, Stop::Budget);
        assert_eq!(
            s.unconfirmed,
            vec![Death::Own("killed by signal 6 (SIGABRT)".into())]
        );
    }

    #[test]
    fn a_job_whose_workers_keep_being_killed_is_lost_not_recorded() {
        let (s, made) = settled(vec![outside(), outside(), outside()]);
        assert_eq!(made, ATTEMPTS);
        let lost = s.result.unwrap_err();
        assert_eq!(lost.attempts, ATTEMPTS);
        assert!(lost.to_string().contains("SIGKILL"), "{lost}");
        let (s, _) = settled(vec![own(), outside(), outside()]);
        assert!(s.result.is_err());
    }

    #[test]
    fn a_watchdog_stop_is_a_timeout_only_when_a_fresh_worker_is_stopped_again() {
        let (s, made) = settled(vec![Attempt::Watchdog(7.0), Attempt::Watchdog(7.0)]);
        assert_eq!(made, 2);
        assert_eq!(s.result.unwrap().stop, Stop::Watchdog);
        assert!(s.unconfirmed.is_empty());
        // A stop that does not repeat (the machine, not the mutant) is not recorded.
        let (s, made) = settled(vec![Attempt::Watchdog(7.0), done()]);
        assert_eq!(made, 2);
        assert_eq!(s.result.unwrap().stop, Stop::Budget);
        assert_eq!(s.unconfirmed, vec![Death::watchdog_stop(7.0)]);
        assert!(s.unconfirmed[0].is_watchdog_stop());
        let (s, _) = settled(vec![
            Attempt::Watchdog(7.0),
            outside(),
            Attempt::Watchdog(7.0),
        ]);
        assert_eq!(s.result.unwrap().stop, Stop::Watchdog);
        assert_eq!(s.unconfirmed.len(), 1);
    }

    #[test]
    fn a_stat_line_gives_the_state_and_the_cpu_time() {
        let line = "4242 (a (strange) name) T 1 4242 4242 0 -1 4194560 100 0 0 0 \
                    17 25 0 0 20 0 1 0 100 1000 10 18446744073709551615";
        assert_eq!(parse_stat(line), Some(('T', 42)));
        assert_eq!(parse_stat("4242 (cut"), None);
    }

    /// A stopped process is seen as paused, and seen running again once continued.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_stopped_process_is_paused_for_the_watchdog() {
        let mut child = Command::new("sleep").arg("30").spawn().unwrap();
        let pid = child.id();
        let state = |want: bool| {
            (0..1000).any(|_| {
                let paused = worker_activity(pid).unwrap().paused;
                if paused != want {
                    std::thread::sleep(Duration::from_millis(2));
                }
                paused == want
            })
        };
        assert!(state(false));
        // SAFETY: kill takes a process id and a signal number.
        unsafe { libc::kill(pid as i32, libc::SIGSTOP) };
        assert!(state(true), "stopped");
        // SAFETY: as above.
        unsafe { libc::kill(pid as i32, libc::SIGCONT) };
        assert!(state(false), "continued");
        let _ = child.kill();
        let _ = child.wait();
    }

    #[cfg(unix)]
    #[test]
    fn exit_statuses_are_classified_by_who_ended_the_process() {
        use std::os::unix::process::ExitStatusExt;
        let signalled = |s: i32| Death::of(Some(ExitStatus::from_raw(s)));
        assert!(matches!(signalled(libc::SIGABRT), Death::Own(_)));
        assert!(matches!(signalled(libc::SIGSEGV), Death::Own(_)));
        assert!(matches!(signalled(libc::SIGKILL), Death::Outside(_)));
        assert!(matches!(signalled(libc::SIGTERM), Death::Outside(_)));
        assert_eq!(
            signalled(libc::SIGKILL).text(),
            "killed by signal 9 (SIGKILL)"
        );
        assert!(matches!(
            Death::of(Some(ExitStatus::from_raw(1 << 8))),
            Death::Own(_)
        ));
        assert!(matches!(Death::of(None), Death::Outside(_)));
    }
}
