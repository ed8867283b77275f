//! The global allocator of testspace's binary and benches: mimalloc, with an optional cap
//! on the bytes live at once, which a worker process sets (`worker-memory`,
//! `runner::worker::limit_memory`).
//!
//! Each binary declares it with
//! `#[global_allocator] static ALLOCATOR: testspace::Allocator = testspace::Allocator;`.
//! Generation and replay allocate many small, short-lived buffers (argument snapshots,
//! nodes of the ports' structures, test cases), which mimalloc serves faster than the system
//! allocator (CHANGELOG.md has the measurement). Results do not depend on it: nothing reads
//! an address.
//!
//! The cap counts the bytes the program asked for, not what the operating system maps
//! (mimalloc reserves a 1 GiB arena at its start, so a limit on mappings would not say
//! which allocation is too many): a test case reaches it at the same allocation in any
//! fresh worker. A reused worker also holds its gold cache of earlier jobs (at most
//! 256 MB), so an allocation near the cap may fail there and pass in a fresh one; the
//! supervisor runs a job whose worker died again in fresh ones. Past the cap an allocation
//! fails, and Rust reports the failure and aborts the process. Until a cap is set, the allocator only reads one word
//! more per call.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicUsize, Ordering};

use mimalloc::MiMalloc;

/// mimalloc with an optional cap on live bytes ([`Allocator::limit`]).
pub struct Allocator;

/// The cap in bytes (0: none).
static CAP: AtomicUsize = AtomicUsize::new(0);
/// Bytes allocated and not freed since the cap was set (negative: more freed, of what was
/// allocated before).
static LIVE: AtomicIsize = AtomicIsize::new(0);
/// Whether this allocator is the process's global one (it has served a call).
static IN_USE: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// Bytes this thread allocated less those it freed.
    static HELD: Cell<isize> = const { Cell::new(0) };
}

/// Bytes this thread allocated less those it freed, through [`Allocator`] (0 where the
/// process's global allocator is another).
pub fn held_by_this_thread() -> isize {
    HELD.try_with(Cell::get).unwrap_or(0)
}

#[inline]
fn hold(delta: isize) {
    let _ = HELD.try_with(|held| held.set(held.get().wrapping_add(delta)));
}

impl Allocator {
    /// Caps the bytes live at once, counted from now, at `bytes`: `true` if this allocator
    /// is the process's global allocator (else the cap means nothing, and the caller must
    /// limit memory otherwise).
    pub fn limit(bytes: usize) -> bool {
        LIVE.store(0, Ordering::Relaxed);
        CAP.store(bytes, Ordering::Relaxed);
        IN_USE.load(Ordering::Relaxed)
    }

    /// Counts `size` more bytes: `false` (and nothing counted) if they would pass the cap.
    #[inline]
    fn take(size: usize) -> bool {
        let cap = CAP.load(Ordering::Relaxed);
        if cap == 0 {
            return true;
        }
        let size = size as isize;
        let before = LIVE.fetch_add(size, Ordering::Relaxed);
        if before.saturating_add(size) > cap as isize {
            LIVE.fetch_sub(size, Ordering::Relaxed);
            return false;
        }
        true
    }

    #[inline]
    fn give_back(size: usize) {
        if CAP.load(Ordering::Relaxed) != 0 {
            LIVE.fetch_sub(size as isize, Ordering::Relaxed);
        }
    }

    #[inline]
    fn note_use() {
        if !IN_USE.load(Ordering::Relaxed) {
            IN_USE.store(true, Ordering::Relaxed);
        }
    }
}

// SAFETY: every call is passed to mimalloc with the caller's layout and pointer unchanged;
// the cap only turns an allocation into a failure (a null pointer), which GlobalAlloc allows.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        Self::note_use();
        if !Self::take(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { MiMalloc.alloc(layout) };
        if p.is_null() {
            Self::give_back(layout.size());
        } else {
            hold(layout.size() as isize);
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        Self::note_use();
        if !Self::take(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { MiMalloc.alloc_zeroed(layout) };
        if p.is_null() {
            Self::give_back(layout.size());
        } else {
            hold(layout.size() as isize);
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        Self::give_back(layout.size());
        hold(-(layout.size() as isize));
        // SAFETY: the caller's contract, passed on.
        unsafe { MiMalloc.dealloc(ptr, layout) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let grows = new_size.saturating_sub(layout.size());
        if grows > 0 && !Self::take(grows) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { MiMalloc.realloc(ptr, layout, new_size) };
        if p.is_null() {
            Self::give_back(grows);
        } else {
            Self::give_back(layout.size().saturating_sub(new_size));
            hold(new_size as isize - layout.size() as isize);
        }
        p
    }
}
