//! Supervised worker processes: jobs run in child processes (`testspace worker`), so a
//! mutant that aborts the process (stack overflow, failed allocation) or hangs costs one
//! job, recorded as `crash` or `timeout`, and the run goes on.
//!
//! Protocol, one JSON document per line: the supervisor first sends a [`Handshake`] (the
//! experiment file's path and text), then one [`Job`] per line; the worker answers each
//! job with one [`Reply`].

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::gold::{DEFAULT_LIMIT_BYTES, GoldCache};
use super::job::{Job, JobResult, Stop, execute_with};
use crate::experiment::file::parse_experiment_profile;

/// The first line a worker reads.
#[derive(Debug, Serialize, Deserialize)]
pub struct Handshake {
    /// The experiment file's path (for messages).
    pub path: String,
    /// Its text.
    pub source: String,
    /// The profile.
    pub profile: String,
}

/// A worker's answer to one job.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reply {
    /// The job ran.
    Done(JobResult),
    /// The job could not run (a bug or an inconsistent experiment).
    Error(String),
}

/// The body of `testspace worker`: serves jobs on stdin/stdout until stdin closes.
pub fn serve() -> anyhow::Result<()> {
    die_with_parent();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let Some(first) = lines.next() else {
        return Ok(());
    };
    let handshake: Handshake = serde_json::from_str(&first?)?;
    let experiment = parse_experiment_profile(
        Path::new(&handshake.path),
        &handshake.source,
        &handshake.profile,
    )?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut gold = GoldCache::new(DEFAULT_LIMIT_BYTES);
    for line in lines {
        let job: Job = serde_json::from_str(&line?)?;
        let reply = match experiment
            .subjects
            .iter()
            .find(|s| s.unit.class() == job.subject)
        {
            None => Reply::Error(format!("subject {} is not in the experiment", job.subject)),
            Some(plan) => match execute_with(&job, plan.unit, &plan.context, &mut gold) {
                Ok(result) => Reply::Done(result),
                Err(e) => Reply::Error(e.to_string()),
            },
        };
        serde_json::to_writer(&mut out, &reply)?;
        out.write_all(b"\n")?;
        out.flush()?;
    }
    Ok(())
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

/// The supervisor's handle on one worker process, restarted after a crash.
pub struct WorkerProcess {
    handshake: String,
    child: Option<(Child, ChildStdin, Receiver<String>)>,
}

impl WorkerProcess {
    /// A handle that starts its process at the first job.
    pub fn new(handshake: &Handshake) -> Self {
        WorkerProcess {
            handshake: serde_json::to_string(handshake).expect("serializable"),
            child: None,
        }
    }

    fn start(&mut self) -> anyhow::Result<()> {
        let exe = std::env::current_exe()?;
        let mut child = Command::new(exe)
            .arg("worker")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let mut stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (sender, receiver) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        writeln!(stdin, "{}", self.handshake)?;
        self.child = Some((child, stdin, receiver));
        Ok(())
    }

    fn kill(&mut self) {
        if let Some((mut child, stdin, _)) = self.child.take() {
            drop(stdin);
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Runs a job in the worker; a dead worker gives [`Stop::Crash`], a job still running
    /// after `watchdog` is killed and gives [`Stop::Watchdog`] (CPU seconds are then the
    /// job's wall-clock time).
    pub fn run(&mut self, job: &Job, watchdog: Duration) -> anyhow::Result<JobResult> {
        if self.child.is_none() {
            self.start()?;
        }
        let started = Instant::now();
        let (_, stdin, receiver) = self.child.as_mut().expect("started");
        let sent = serde_json::to_string(job)
            .map(|line| writeln!(stdin, "{line}").and_then(|()| stdin.flush()));
        let answer = match sent {
            Ok(Ok(())) => receiver.recv_timeout(watchdog),
            _ => Err(RecvTimeoutError::Disconnected),
        };
        match answer {
            Ok(line) => match serde_json::from_str::<Reply>(&line)? {
                Reply::Done(result) => Ok(result),
                Reply::Error(message) => anyhow::bail!("worker: {message}"),
            },
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                Ok(JobResult::lost(
                    Stop::Watchdog,
                    started.elapsed().as_secs_f64(),
                ))
            }
            Err(RecvTimeoutError::Disconnected) => {
                self.kill();
                Ok(JobResult::lost(
                    Stop::Crash,
                    started.elapsed().as_secs_f64(),
                ))
            }
        }
    }
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        if let Some((mut child, stdin, _)) = self.child.take() {
            drop(stdin); // the worker exits at end of input
            let _ = child.wait();
        }
    }
}
