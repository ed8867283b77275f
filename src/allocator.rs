//! The global allocator of testspace's binaries and benches: mimalloc, counting what the
//! program holds.
//!
//! Each binary declares it with
//! `#[global_allocator] static ALLOCATOR: testspace::Allocator = testspace::Allocator;`.
//! Generation and replay allocate many small, short-lived buffers (argument snapshots,
//! nodes of the ports' structures, test cases), which mimalloc serves faster than the system
//! allocator (CHANGELOG.md has the measurement). Results do not depend on it: nothing reads
//! an address.
//!
//! Three counts, in bytes asked for (not what the operating system maps):
//! * per thread, the largest single request since the thread last asked
//!   ([`take_largest_request`]): a call that asked for more than a session may hold is
//!   stopped by the harness's guard even if it freed it again, as a JVM throws
//!   `OutOfMemoryError` for it;
//! * per thread, always ([`held_by_this_thread`]): what the thread allocated less what it
//!   freed, so that a session can tell what its own calls hold (the harness's memory guard,
//!   `subject::guard::SESSION_MEMORY_LIMIT`) whatever other threads do; a thread that frees
//!   what another allocated counts it as freed;
//! * per process, once [`Allocator::count_live`] is called ([`live`]): what a worker's
//!   memory watch compares with `worker-memory` beside the resident size
//!   (`runner::worker::limit_memory`).
//!
//! Allocations fail for their size in one case only: in a worker, which sets a ceiling
//! ([`Allocator::refuse_requests_over`]: the session's memory guard, at most its
//! `worker-memory`), a single request past it made while a subject's call is watched
//! ([`watch_requests`]) gets no memory. The guard judges such a call a harness guard
//! whatever it does next, and a call that writes what it asked for (a `repeat(s, n)` given
//! a large `n`) would take the worker past its bound. Refused at once, it ends the worker
//! before anything is written, always in the same call, and says so on stderr
//! ([`REFUSED_REQUEST`]) before Rust reports the failed allocation and aborts (or the caller
//! does without, as `try_reserve` does). Elsewhere a capacity asked of a pooled `int` and
//! never written costs address space only, and the guards above judge what is held.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicUsize, Ordering};

use mimalloc::MiMalloc;

/// mimalloc, counting the bytes each thread, and on request the process, holds.
pub struct Allocator;

/// Whether [`LIVE`] counts.
static COUNTING: AtomicBool = AtomicBool::new(false);
/// Bytes allocated and not freed since counting began (negative: more freed, of what was
/// allocated before).
static LIVE: AtomicIsize = AtomicIsize::new(0);
/// Whether this allocator is the process's global one (it has served a call).
static IN_USE: AtomicBool = AtomicBool::new(false);
/// The largest single request a watched call may make ([`Allocator::refuse_requests_over`]).
static CEILING: AtomicUsize = AtomicUsize::new(usize::MAX);

/// What the allocator writes on stderr when it refuses a request; Rust's own report of the
/// failed allocation ("memory allocation of N bytes failed") follows if the caller cannot
/// do without it.
pub const REFUSED_REQUEST: &str = "testspace refused one request larger than a call may ask for";

thread_local! {
    /// Bytes this thread allocated less those it freed.
    static HELD: Cell<isize> = const { Cell::new(0) };
    /// The largest single request of this thread since [`take_largest_request`].
    static LARGEST: Cell<usize> = const { Cell::new(0) };
    /// The largest request this thread is given now: [`CEILING`] while a call is watched.
    static ALLOWED: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// Starts watching this thread's requests afresh, before a subject's call: forgets the
/// largest so far ([`take_largest_request`]) and refuses requests past the ceiling until
/// [`stop_watching`].
pub fn watch_requests() {
    let _ = LARGEST.try_with(|largest| largest.set(0));
    let _ = ALLOWED.try_with(|allowed| allowed.set(CEILING.load(Ordering::Relaxed)));
}

/// Ends [`watch_requests`]: this thread's requests are given whatever their size.
pub fn stop_watching() {
    let _ = ALLOWED.try_with(|allowed| allowed.set(usize::MAX));
}

/// The largest single allocation this thread asked for since the last call (0 where the
/// process's global allocator is another), and starts over.
pub fn take_largest_request() -> usize {
    LARGEST.try_with(|largest| largest.replace(0)).unwrap_or(0)
}

/// Notes a request of `size` bytes on this thread: `false` if it is refused.
#[inline]
fn asked(size: usize) -> bool {
    let _ = LARGEST.try_with(|largest| {
        if size > largest.get() {
            largest.set(size);
        }
    });
    if size <= ALLOWED.try_with(Cell::get).unwrap_or(usize::MAX) {
        return true;
    }
    refused();
    false
}

/// Says [`REFUSED_REQUEST`] on stderr, without allocating.
#[cold]
fn refused() {
    for part in [REFUSED_REQUEST, "\n"] {
        // SAFETY: writes a static buffer to the standard error descriptor; a failed write
        // is ignored.
        let _ = unsafe { libc::write(2, part.as_ptr().cast(), part.len()) };
    }
}

/// Bytes this thread allocated less those it freed, through [`Allocator`] (0 where the
/// process's global allocator is another).
pub fn held_by_this_thread() -> isize {
    HELD.try_with(Cell::get).unwrap_or(0)
}

/// Bytes the process allocated and has not freed since [`Allocator::count_live`].
pub fn live() -> isize {
    LIVE.load(Ordering::Relaxed)
}

/// Counts `delta` more bytes held: on this thread, and in [`LIVE`] while counting.
#[inline]
fn hold(delta: isize) {
    let _ = HELD.try_with(|held| held.set(held.get().wrapping_add(delta)));
    if COUNTING.load(Ordering::Relaxed) {
        LIVE.fetch_add(delta, Ordering::Relaxed);
    }
}

impl Allocator {
    /// Refuses a single request of more than `bytes` made while a call is watched
    /// ([`watch_requests`]); a worker sets the session's memory guard, at most its
    /// `worker-memory`.
    pub fn refuse_requests_over(bytes: u64) {
        CEILING.store(
            usize::try_from(bytes).unwrap_or(usize::MAX),
            Ordering::Relaxed,
        );
    }

    /// Starts counting the bytes the process holds ([`live`]), from zero: `true` if this
    /// allocator is the process's global one (else nothing is counted).
    pub fn count_live() -> bool {
        LIVE.store(0, Ordering::Relaxed);
        COUNTING.store(true, Ordering::Relaxed);
        IN_USE.load(Ordering::Relaxed)
    }

    #[inline]
    fn note_use() {
        if !IN_USE.load(Ordering::Relaxed) {
            IN_USE.store(true, Ordering::Relaxed);
        }
    }
}

// SAFETY: every call is passed to mimalloc with the caller's layout and pointer unchanged;
// the counts only observe.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        Self::note_use();
        if !asked(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { MiMalloc.alloc(layout) };
        if !p.is_null() {
            hold(layout.size() as isize);
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        Self::note_use();
        if !asked(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { MiMalloc.alloc_zeroed(layout) };
        if !p.is_null() {
            hold(layout.size() as isize);
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        hold(-(layout.size() as isize));
        // SAFETY: the caller's contract, passed on.
        unsafe { MiMalloc.dealloc(ptr, layout) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if !asked(new_size) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { MiMalloc.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            hold(new_size as isize - layout.size() as isize);
        }
        p
    }
}
