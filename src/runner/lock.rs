//! The lock of an output folder: one run at a time writes into it.
//!
//! A run writes who holds the lock (host, process id, the process's start time in clock
//! ticks since boot, and a timestamp) into a file of its own in the output folder, then
//! links it as `run.lock` (a hard link fails if the name exists: atomic on a local file
//! system and on NFS v3+), so `run.lock` is never seen empty or half-written; where the file
//! system has no hard links it creates `run.lock` with `O_CREAT | O_EXCL` and readers give
//! a young file a moment to fill. The holder refreshes the file's modification time
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
        let pid = std::process::id();
        let holder = Holder {
            host: this_host(),
            pid,
            start_ticks: start_ticks(pid).unwrap_or(0),
            since: super::output::utc_timestamp(),
        };
        let text = serde_json::to_string(&holder).expect("a holder serializes");
        // Two rounds: the second after removing an abandoned lock.
        for _ in 0..2 {
            if create(&path, &text).map_err(io)? {
                return Ok(RunLock::with_heartbeat(path));
            }
            let modified = fs::metadata(&path)
                .and_then(|m| m.modified())
                .unwrap_or_else(|_| SystemTime::now());
            match read_holder(&path) {
                Some(holder) if !abandoned(&holder, modified) => {
                    return Err(LockError::Held {
                        folder: folder.to_path_buf(),
                        holder,
                    });
                }
                None if path.exists() && modified.elapsed().unwrap_or_default() <= STALE_AFTER => {
                    return Err(LockError::Unreadable { path });
                }
                _ => match fs::remove_file(&path) {
                    Ok(()) => {}
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                    Err(e) => return Err(io(e)),
                },
            }
        }
        // Someone else took the abandoned lock between our removal and our creation.
        match read_holder(&path) {
            Some(holder) => Err(LockError::Held {
                folder: folder.to_path_buf(),
                holder,
            }),
            None => Err(LockError::Unreadable { path }),
        }
    }

    fn with_heartbeat(path: PathBuf) -> RunLock {
        abort_guard::register(&path);
        let (stop, stopped) = mpsc::channel::<()>();
        let touched = path.clone();
        // Without a thread to spare the lock still holds on this host (by process id);
        // on another host it counts as abandoned after STALE_AFTER.
        let heartbeat = std::thread::Builder::new()
            .spawn(move || {
                while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(HEARTBEAT) {
                    if let Ok(file) = OpenOptions::new().append(true).open(&touched) {
                        let _ = file.set_modified(SystemTime::now());
                    }
                }
            })
            .ok();
        RunLock {
            path,
            stop: Some(stop),
            heartbeat,
        }
    }
}

/// Creates the lock file at `path` holding `text`, whole from the start; false if it
/// exists.
fn create(path: &Path, text: &str) -> std::io::Result<bool> {
    static ATTEMPT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let attempt = ATTEMPT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let own = path.with_file_name(format!(".{LOCK_FILE}.{}.{attempt}", std::process::id()));
    let written = (|| {
        let mut file = OpenOptions::new().write(true).create_new(true).open(&own)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()
    })();
    // A file that cannot be written (a full disk) leaves nothing behind, no empty lock.
    if let Err(e) = written {
        let _ = fs::remove_file(&own);
        return Err(e);
    }
    let linked = fs::hard_link(&own, path);
    let _ = fs::remove_file(&own);
    match linked {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        // No hard links here: create the name itself; removed again if it cannot be
        // written whole.
        Err(_) => match OpenOptions::new().write(true).create_new(true).open(path) {
            Ok(mut file) => {
                let whole = file
                    .write_all(text.as_bytes())
                    .and_then(|()| file.sync_all());
                if let Err(e) = whole {
                    let _ = fs::remove_file(path);
                    return Err(e);
                }
                Ok(true)
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
            Err(e) => Err(e),
        },
    }
}

/// The holder a lock file names; a file that is empty or cut short is read again for a
/// moment (a holder without hard links may be writing it), `None` if it stays unreadable
/// or is gone.
fn read_holder(path: &Path) -> Option<Holder> {
    for attempt in 0..20 {
        let text = fs::read_to_string(path).ok()?;
        if let Ok(holder) = serde_json::from_str::<Holder>(&text) {
            return Some(holder);
        }
        if attempt < 19 {
            std::thread::sleep(Duration::from_millis(25));
        }
    }
    None
}

impl Drop for RunLock {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(heartbeat) = self.heartbeat.take() {
            let _ = heartbeat.join();
        }
        abort_guard::unregister(&self.path);
        let _ = fs::remove_file(&self.path);
    }
}

/// Releases held locks when the process aborts (a failed allocation aborts without
/// unwinding, so no `Drop` runs): a SIGABRT handler removes every registered lock file
/// and says so on stderr, then lets the abort go on. Only async-signal-safe calls run in
/// the handler; the paths are kept as C strings made when the lock was taken.
mod abort_guard {
    use std::ffi::{CString, c_char};
    use std::path::Path;
    use std::sync::Once;
    use std::sync::atomic::{AtomicPtr, Ordering};

    /// Locks one process may hold at once and still have released on abort.
    const SLOTS: usize = 8;

    static HELD: [AtomicPtr<c_char>; SLOTS] =
        [const { AtomicPtr::new(std::ptr::null_mut()) }; SLOTS];

    /// Registers the lock file at `path` (and installs the handler once).
    pub(super) fn register(path: &Path) {
        static INSTALL: Once = Once::new();
        INSTALL.call_once(install);
        let Ok(text) = CString::new(path.as_os_str().as_encoded_bytes()) else {
            return;
        };
        let raw = text.into_raw();
        for slot in &HELD {
            if slot
                .compare_exchange(
                    std::ptr::null_mut(),
                    raw,
                    Ordering::AcqRel,
                    Ordering::Acquire,
                )
                .is_ok()
            {
                return;
            }
        }
        // SAFETY: `raw` came from `CString::into_raw` above and was stored nowhere.
        drop(unsafe { CString::from_raw(raw) });
    }

    /// Forgets the lock file at `path` (it is being removed the ordinary way).
    pub(super) fn unregister(path: &Path) {
        let Ok(wanted) = CString::new(path.as_os_str().as_encoded_bytes()) else {
            return;
        };
        for slot in &HELD {
            let current = slot.load(Ordering::Acquire);
            // SAFETY: a non-null slot holds a CString's pointer until swapped out here.
            if !current.is_null()
                && unsafe { std::ffi::CStr::from_ptr(current) } == wanted.as_c_str()
                && slot
                    .compare_exchange(
                        current,
                        std::ptr::null_mut(),
                        Ordering::AcqRel,
                        Ordering::Acquire,
                    )
                    .is_ok()
            {
                // SAFETY: swapped out, so no one else frees or reads it (the handler only
                // reads slots while the process is ending).
                drop(unsafe { CString::from_raw(current) });
                return;
            }
        }
    }

    fn install() {
        // SAFETY: sigaction with a handler that only calls async-signal-safe functions.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_abort as *const () as usize;
            action.sa_flags = libc::SA_RESETHAND;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(libc::SIGABRT, &action, std::ptr::null_mut());
        }
    }

    fn say(bytes: &[u8]) {
        // SAFETY: write(2) on stderr with a valid buffer.
        unsafe { libc::write(2, bytes.as_ptr().cast(), bytes.len()) };
    }

    extern "C" fn on_abort(_signal: libc::c_int) {
        for slot in &HELD {
            let path = slot.load(Ordering::Acquire);
            if path.is_null() {
                continue;
            }
            // SAFETY: a registered C string, alive until unregistered.
            unsafe {
                libc::unlink(path);
                say(b"error: testspace aborted (out of memory, if the line above says an allocation failed); released the lock ");
                say(std::slice::from_raw_parts(
                    path.cast::<u8>(),
                    libc::strlen(path),
                ));
                say(b"; every finished cell is in the journal: continue with --resume\n");
            }
        }
        // SA_RESETHAND restored the default action: abort as asked.
        // SAFETY: raise is async-signal-safe.
        unsafe { libc::raise(libc::SIGABRT) };
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
    fn of_many_threads_racing_for_one_folder_exactly_one_wins_and_the_rest_name_it() {
        for _ in 0..20 {
            let folder = tempfile::tempdir().unwrap();
            let barrier = std::sync::Barrier::new(8);
            let outcomes: Vec<Result<RunLock, LockError>> = std::thread::scope(|scope| {
                let racers: Vec<_> = (0..8)
                    .map(|_| {
                        scope.spawn(|| {
                            barrier.wait();
                            RunLock::acquire(folder.path())
                        })
                    })
                    .collect();
                racers.into_iter().map(|r| r.join().unwrap()).collect()
            });
            assert_eq!(outcomes.iter().filter(|o| o.is_ok()).count(), 1);
            for outcome in &outcomes {
                if let Err(e) = outcome {
                    assert!(matches!(e, LockError::Held { .. }), "{e}");
                }
            }
            let leftovers: Vec<_> = fs::read_dir(folder.path()).unwrap().collect();
            assert_eq!(leftovers.len(), 1, "only run.lock is left");
        }
    }

    #[test]
    fn a_lock_file_being_written_is_waited_for_not_called_unreadable() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join(LOCK_FILE);
        fs::write(&path, "").unwrap();
        let holder = Holder {
            host: this_host(),
            pid: std::process::id(),
            start_ticks: start_ticks(std::process::id()).unwrap(),
            since: "now".into(),
        };
        let text = serde_json::to_string(&holder).unwrap();
        let writer = {
            let path = path.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                fs::write(&path, text).unwrap();
            })
        };
        match RunLock::acquire(folder.path()) {
            Err(LockError::Held { holder: h, .. }) => assert_eq!(h, holder),
            other => panic!("expected Held, got {:?}", other.err()),
        }
        writer.join().unwrap();
    }

    #[test]
    fn this_process_has_a_start_time() {
        assert!(start_ticks(std::process::id()).is_some());
        assert_eq!(start_ticks(u32::MAX), None);
    }
}
