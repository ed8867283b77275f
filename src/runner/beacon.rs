//! Where a worker is: the test case it runs and on which side (gold or the target), marked in
//! a small file the worker maps into memory, so that after the worker died its supervisor
//! knows where (docs/faults.md). A gold that crashes the worker (a real fault's fixed release
//! may hold another fault) then abandons that test case instead of being taken for the
//! target's crash, and a target's crash is placed at its test case.
//!
//! The worker marks with two relaxed stores per test case; without a beacon (a job run in
//! process: tests, benches, `reduce`) marking does nothing.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// The environment variable naming a worker's beacon file.
pub const BEACON_VARIABLE: &str = "TESTSPACE_BEACON";

/// Which version a test case was running on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Gold (a fault's fixed release).
    Gold,
    /// The target: a mutant, a fault's buggy release, or gold as a target.
    Target,
}

/// Where a worker was: a test case's counter, the side it ran, and the key of the
/// constructor or static call it was in (`guard::call_key`), if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Site {
    /// The test case's counter.
    pub counter: u64,
    /// The side, if it was marked.
    pub side: Option<Side>,
    /// The key of the call with only primitive inputs that was running, if one was.
    pub call: Option<u64>,
}

const WORDS: usize = 3;
const BYTES: usize = WORDS * 8;

static PAGE: OnceLock<Option<&'static [AtomicU64; WORDS]>> = OnceLock::new();

/// Maps the beacon the supervisor named in [`BEACON_VARIABLE`], if any (a worker, at its
/// start). Without one, or when it cannot be mapped, marking does nothing.
pub fn attach_from_env() {
    let page = PAGE.get_or_init(|| {
        let path = std::env::var_os(BEACON_VARIABLE)?;
        map(Path::new(&path))
    });
    if let Some(page) = page {
        crate::subject::refusals::mark_calls_in(&page[2]);
    }
}

#[cfg(unix)]
fn map(path: &Path) -> Option<&'static [AtomicU64; WORDS]> {
    use std::os::fd::AsRawFd;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .ok()?;
    // SAFETY: a shared mapping of the file's first BYTES bytes (the supervisor made it that
    // long), never unmapped: it lives as long as the process. Both processes only ever
    // access it as u64 words, which the page alignment of the mapping keeps aligned.
    unsafe {
        let address = libc::mmap(
            std::ptr::null_mut(),
            BYTES,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_SHARED,
            file.as_raw_fd(),
            0,
        );
        if address == libc::MAP_FAILED {
            return None;
        }
        Some(&*(address as *const [AtomicU64; WORDS]))
    }
}

#[cfg(not(unix))]
fn map(_: &Path) -> Option<&'static [AtomicU64; WORDS]> {
    None
}

/// Marks the start of the test case `counter` (its side not yet known).
#[inline]
pub fn mark_test_case(counter: u64) {
    if let Some(Some(page)) = PAGE.get() {
        page[1].store(0, Ordering::Relaxed);
        page[2].store(0, Ordering::Relaxed);
        page[0].store(counter + 1, Ordering::Relaxed);
    }
}

/// Marks the side the current test case runs on from now.
#[inline]
pub fn mark_side(side: Side) {
    if let Some(Some(page)) = PAGE.get() {
        let code = match side {
            Side::Gold => 1,
            Side::Target => 2,
        };
        page[1].store(code, Ordering::Relaxed);
    }
}

/// The supervisor's end of a worker's beacon: a file in the temporary folder, removed when
/// dropped.
#[derive(Debug)]
pub struct BeaconFile {
    path: PathBuf,
    file: File,
}

impl BeaconFile {
    /// A fresh beacon file, zeroed.
    ///
    /// # Errors
    /// A file that cannot be made.
    pub fn new() -> std::io::Result<BeaconFile> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let path = std::env::temp_dir().join(format!(
            "testspace-beacon-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)?;
        let mut beacon = BeaconFile { path, file };
        beacon.clear()?;
        Ok(beacon)
    }

    /// Its path, for [`BEACON_VARIABLE`].
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Clears it before a job.
    ///
    /// # Errors
    /// A file that cannot be written.
    pub fn clear(&mut self) -> std::io::Result<()> {
        self.file.seek(SeekFrom::Start(0))?;
        self.file.write_all(&[0; BYTES])?;
        self.file.flush()
    }

    /// Where the worker was, if it marked a test case since the last clear.
    pub fn read(&mut self) -> Option<Site> {
        let mut bytes = [0u8; BYTES];
        self.file.seek(SeekFrom::Start(0)).ok()?;
        self.file.read_exact(&mut bytes).ok()?;
        let word =
            |i: usize| u64::from_ne_bytes(bytes[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
        let counter = word(0).checked_sub(1)?;
        let side = match word(1) {
            1 => Some(Side::Gold),
            2 => Some(Side::Target),
            _ => None,
        };
        let call = (word(2) != 0).then(|| word(2));
        Some(Site {
            counter,
            side,
            call,
        })
    }
}

impl Drop for BeaconFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worker's marks, made through a mapping of the file, are what the supervisor
    /// reads back through the file, and a clear forgets them.
    #[test]
    fn marks_through_the_mapping_are_read_through_the_file() {
        let mut beacon = BeaconFile::new().unwrap();
        assert_eq!(beacon.read(), None);
        let page = map(beacon.path()).expect("mapped");
        page[0].store(42 + 1, Ordering::Relaxed);
        page[1].store(1, Ordering::Relaxed);
        assert_eq!(
            beacon.read(),
            Some(Site {
                counter: 42,
                side: Some(Side::Gold),
                call: None,
            })
        );
        page[2].store(7, Ordering::Relaxed);
        assert_eq!(beacon.read().unwrap().call, Some(7));
        page[1].store(2, Ordering::Relaxed);
        assert_eq!(beacon.read().unwrap().side, Some(Side::Target));
        beacon.clear().unwrap();
        assert_eq!(
            page[0].load(Ordering::Relaxed),
            0,
            "the mapping sees the clear"
        );
        assert_eq!(beacon.read(), None);
        let path = beacon.path().to_path_buf();
        drop(beacon);
        assert!(!path.exists());
    }
}
