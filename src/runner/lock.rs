//! The lock of an output folder: one run at a time writes into it.
//!
//! A run creates `run.lock` in its output folder with `O_CREAT | O_EXCL` (atomic on a local
//! file system and on NFS v3+), writes who holds it (host, process id, the process's start
//! time in clock ticks since boot, and a timestamp), refreshes the file's modification time
//! every [`HEARTBEAT`] while it runs, and removes it when it ends. A second run finds the
//! file and refuses at once, naming the holder — unless the holder is gone:
//! - on the same host, when no process with that id and start time is alive (a run killed
//!   with `kill -9` leaves its lock behind; the start time guards against a reused id);
//! - on another host (a cluster's shared file system), when the file has not been
//!   refreshed for [`STALE_AFTER`].
//!
//! A stale lock is removed and taken over.

use std::fs::{self, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The lock file's name in an output folder.
pub const LOCK_FILE: &str = "run.lock";

/// How often a running holder refreshes its lock.
pub const HEARTBEAT: Duration = Duration::from_secs(30);

/// How long a lock of another host may go unrefreshed before it counts as abandoned.
pub const STALE_AFTER: Duration = Duration::from_secs(120);

/// Who holds a lock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holder {
    /// The host name.
    pub host: String,
    /// The process id.
    pub pid: u32,
    /// The process's start time, clock ticks since boot (`/proc/<pid>/stat`, field 22).
    pub start_ticks: u64,
    /// When the lock was taken, UTC.
    pub since: String,
}

/// Why a lock could not be taken.
#[derive(Debug, Error)]
pub enum LockError {
    /// Another live run holds it.
    #[error(
        "{folder} is in use by another run (process {pid} on {host}, since {since}): wait for \
         it to end, or write elsewhere with --out DIR{hint}",
        pid = .holder.pid,
        host = .holder.host,
        since = .holder.since,
        hint = held_hint(.holder)
    )]
    Held {
        /// The output folder.
        folder: PathBuf,
        /// The holder.
        holder: Holder,
    },
    /// The lock file exists but cannot be read as a lock, and is fresh.
    #[error(
        "{path} exists and is not a lock testspace can read (remove it if no run is using the folder)"
    )]
    Unreadable {
        /// The lock file.
        path: PathBuf,
    },
    /// The file system refused.
    #[error("cannot lock {path}")]
    Io {
        /// The lock file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
}

/// What to add to the message about a lock of another host.
fn held_hint(holder: &Holder) -> &'static str {
    if holder.host == this_host() {
        ""
    } else {
        " (a lock of another host counts as abandoned once it has gone unrefreshed for 2 minutes)"
    }
}

/// A held lock; dropping it stops the heartbeat and removes the file.
pub struct RunLock {
    path: PathBuf,
    stop: Option<mpsc::Sender<()>>,
    heartbeat: Option<JoinHandle<()>>,
}

/// This machine's host name.
pub fn this_host() -> String {
    let mut buffer = [0u8; 256];
    // SAFETY: gethostname writes at most `len` bytes into the buffer we own.
    let status = unsafe { libc::gethostname(buffer.as_mut_ptr().cast(), buffer.len()) };
    if status != 0 {
        return String::new();
    }
    let end = buffer.iter().position(|&b| b == 0).unwrap_or(buffer.len());
    String::from_utf8_lossy(&buffer[..end]).into_owned()
}

/// The start time of process `pid` in clock ticks since boot, if it is alive.
fn start_ticks(pid: u32) -> Option<u64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest = &stat[stat.rfind(')')? + 2..];
    rest.split_whitespace().nth(19)?.parse().ok()
}

/// Whether the holder of a lock, last refreshed at `modified`, is gone.
fn abandoned(holder: &Holder, modified: SystemTime) -> bool {
    if holder.host == this_host() {
        start_ticks(holder.pid) != Some(holder.start_ticks)
    } else {
        modified.elapsed().unwrap_or_default() > STALE_AFTER
    }
}

impl RunLock {
    /// Takes the lock of `folder` (which must exist), or fails naming its live holder.
    ///
    /// # Errors
    /// [`LockError::Held`] if a live run holds it, [`LockError::Unreadable`] for a fresh
    /// file that is not a lock, [`LockError::Io`] if the file system refuses.
    pub fn acquire(folder: &Path) -> Result<RunLock, LockError> {
        let path = folder.join(LOCK_FILE);
        let io = |source| LockError::Io {
            path: path.clone(),
            source,
        };
        // Two rounds: the second after removing an abandoned lock.
        for _ in 0..2 {
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(mut file) => {
                    let pid = std::process::id();
                    let holder = Holder {
                        host: this_host(),
                        pid,
                        start_ticks: start_ticks(pid).unwrap_or(0),
                        since: super::output::utc_timestamp(),
                    };
                    let text = serde_json::to_string(&holder).expect("a holder serializes");
                    file.write_all(text.as_bytes()).map_err(io)?;
                    file.sync_all().map_err(io)?;
                    return Ok(RunLock::with_heartbeat(path));
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let modified = fs::metadata(&path)
                        .and_then(|m| m.modified())
                        .unwrap_or_else(|_| SystemTime::now());
                    let holder = fs::read_to_string(&path)
                        .ok()
                        .and_then(|text| serde_json::from_str::<Holder>(&text).ok());
                    match holder {
                        Some(holder) if !abandoned(&holder, modified) => {
                            return Err(LockError::Held {
                                folder: folder.to_path_buf(),
                                holder,
                            });
                        }
                        None if modified.elapsed().unwrap_or_default() <= STALE_AFTER => {
                            return Err(LockError::Unreadable { path });
                        }
                        _ => match fs::remove_file(&path) {
                            Ok(()) => {}
                            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                            Err(e) => return Err(io(e)),
                        },
                    }
                }
                Err(e) => return Err(io(e)),
            }
        }
        // Someone else took the abandoned lock between our removal and our creation.
        match fs::read_to_string(&path)
            .ok()
            .and_then(|text| serde_json::from_str::<Holder>(&text).ok())
        {
            Some(holder) => Err(LockError::Held {
                folder: folder.to_path_buf(),
                holder,
            }),
            None => Err(LockError::Unreadable { path }),
        }
    }

    fn with_heartbeat(path: PathBuf) -> RunLock {
        let (stop, stopped) = mpsc::channel::<()>();
        let touched = path.clone();
        let heartbeat = std::thread::spawn(move || {
            while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(HEARTBEAT) {
                if let Ok(file) = OpenOptions::new().append(true).open(&touched) {
                    let _ = file.set_modified(SystemTime::now());
                }
            }
        });
        RunLock {
            path,
            stop: Some(stop),
            heartbeat: Some(heartbeat),
        }
    }
}

impl Drop for RunLock {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(heartbeat) = self.heartbeat.take() {
            let _ = heartbeat.join();
        }
        let _ = fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_of_a_held_folder_is_refused_and_the_first_is_released_on_drop() {
        let folder = tempfile::tempdir().unwrap();
        let lock = RunLock::acquire(folder.path()).unwrap();
        let holder: Holder =
            serde_json::from_str(&fs::read_to_string(folder.path().join(LOCK_FILE)).unwrap())
                .unwrap();
        assert_eq!(holder.pid, std::process::id());
        assert_eq!(holder.host, this_host());
        match RunLock::acquire(folder.path()) {
            Err(LockError::Held { holder: h, .. }) => assert_eq!(h, holder),
            other => panic!("expected Held, got {:?}", other.err()),
        }
        drop(lock);
        assert!(!folder.path().join(LOCK_FILE).exists());
        drop(RunLock::acquire(folder.path()).unwrap());
    }

    #[test]
    fn the_lock_of_a_dead_process_on_this_host_is_taken_over() {
        let folder = tempfile::tempdir().unwrap();
        let holder = Holder {
            host: this_host(),
            pid: std::process::id(),
            // Our id, another start time: a reused id, so the holder is gone.
            start_ticks: start_ticks(std::process::id()).unwrap() + 1,
            since: "then".into(),
        };
        fs::write(
            folder.path().join(LOCK_FILE),
            serde_json::to_string(&holder).unwrap(),
        )
        .unwrap();
        drop(RunLock::acquire(folder.path()).unwrap());
    }

    #[test]
    fn another_hosts_lock_holds_until_it_goes_unrefreshed() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join(LOCK_FILE);
        let holder = Holder {
            host: format!("{}-elsewhere", this_host()),
            pid: 1,
            start_ticks: 0,
            since: "then".into(),
        };
        fs::write(&path, serde_json::to_string(&holder).unwrap()).unwrap();
        assert!(matches!(
            RunLock::acquire(folder.path()),
            Err(LockError::Held { .. })
        ));
        let long_ago = SystemTime::now() - STALE_AFTER - Duration::from_secs(1);
        fs::File::options()
            .append(true)
            .open(&path)
            .unwrap()
            .set_modified(long_ago)
            .unwrap();
        drop(RunLock::acquire(folder.path()).unwrap());
    }

    #[test]
    fn this_process_has_a_start_time() {
        assert!(start_ticks(std::process::id()).is_some());
        assert_eq!(start_ticks(u32::MAX), None);
    }
}
