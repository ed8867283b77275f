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
//! One kind of request is served otherwise: in a worker, which sets a ceiling
//! ([`Allocator::reserve_requests_over`]: the session's memory guard, at most its
//! `worker-memory`), a single request past it made while a subject's call is watched
//! ([`watch_requests`]) gets address space without memory (`reserved`). The guard judges
//! such a call a harness guard when it returns, so a capacity only asked for costs nothing;
//! a call that writes what it asked for (a `repeat(s, n)` given a large `n`), or reads it,
//! ends the worker at its first touch, before gigabytes are written, always in the same
//! call, saying [`TOUCHED_RESERVATION`]. Where no such region can be made (an alignment
//! past a page, more than 64 at once), the request is refused: [`REFUSED_REQUEST`] on
//! stderr, then Rust reports the failed allocation and aborts (or the caller does without,
//! as `try_reserve` does). Elsewhere a capacity asked of a pooled `int` and never written
//! costs address space only, and the guards above judge what is held.

mod reserved;

pub use reserved::TOUCHED_RESERVATION;

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

/// What the allocator writes on stderr when it refuses a request past the ceiling for which
/// it cannot reserve address space; Rust's own report of the failed allocation ("memory
/// allocation of N bytes failed") follows if the caller cannot do without it.
pub const REFUSED_REQUEST: &str = "testspace refused one request larger than a call may ask for";

thread_local! {
    /// Bytes this thread allocated less those it freed.
    static HELD: Cell<isize> = const { Cell::new(0) };
    /// The largest single request of this thread since [`take_largest_request`].
    static LARGEST: Cell<usize> = const { Cell::new(0) };
    /// The largest request this thread is given memory for now: [`CEILING`] while a call is
    /// watched.
    static ALLOWED: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// Starts watching this thread's requests afresh, before a subject's call: forgets the
/// largest so far ([`take_largest_request`]) and gives requests past the ceiling address
/// space only until [`stop_watching`].
pub fn watch_requests() {
    let _ = LARGEST.try_with(|largest| largest.set(0));
    let _ = ALLOWED.try_with(|allowed| allowed.set(CEILING.load(Ordering::Relaxed)));
}

/// Ends [`watch_requests`]: this thread's requests are given memory whatever their size.
pub fn stop_watching() {
    let _ = ALLOWED.try_with(|allowed| allowed.set(usize::MAX));
}

/// The largest single allocation this thread asked for since the last call (0 where the
/// process's global allocator is another), and starts over.
pub fn take_largest_request() -> usize {
    LARGEST.try_with(|largest| largest.replace(0)).unwrap_or(0)
}

/// Notes a request of `size` bytes on this thread: `true` if it is past what a watched call
/// is given memory for.
#[inline]
fn past_ceiling(size: usize) -> bool {
    let _ = LARGEST.try_with(|largest| {
        if size > largest.get() {
            largest.set(size);
        }
    });
    size > ALLOWED.try_with(Cell::get).unwrap_or(usize::MAX)
}

/// The region's slot if `ptr`, of a block of `size` bytes, is a reserved region.
#[inline]
fn reserved_slot(ptr: *mut u8, size: usize) -> Option<usize> {
    if size <= CEILING.load(Ordering::Relaxed) {
        return None;
    }
    reserved::slot_of(ptr)
}

/// A region for a request past the ceiling (`open` bytes at its start usable at once), or
/// null, said on stderr, if none can be made.
#[cold]
fn reserve(size: usize, align: usize, open: usize) -> *mut u8 {
    let p = reserved::reserve(size, align, open);
    if p.is_null() {
        refused();
    }
    p
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
    /// Gives a single request of more than `bytes` made while a call is watched
    /// ([`watch_requests`]) address space only, and ends the process at its first touch
    /// (`reserved`); a worker sets the session's memory guard, at most its `worker-memory`.
    /// `false` if the fault handler this needs could not be installed (nothing changes).
    pub fn reserve_requests_over(bytes: u64) -> bool {
        if !reserved::install_fault_handler() {
            return false;
        }
        CEILING.store(
            usize::try_from(bytes).unwrap_or(usize::MAX),
            Ordering::Relaxed,
        );
        true
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

// SAFETY: every call is passed to mimalloc with the caller's layout and pointer unchanged,
// but for requests past the ceiling in a watched call, which get a fresh mapping of at
// least the size asked for, page-aligned (larger alignments are refused), unmapped when
// freed; the counts only observe.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        Self::note_use();
        let p = if past_ceiling(layout.size()) {
            reserve(layout.size(), layout.align(), 0)
        } else {
            // SAFETY: the caller's contract, passed on.
            unsafe { MiMalloc.alloc(layout) }
        };
        if !p.is_null() {
            hold(layout.size() as isize);
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        Self::note_use();
        let p = if past_ceiling(layout.size()) {
            // A fresh anonymous mapping reads as zeros once touched.
            reserve(layout.size(), layout.align(), 0)
        } else {
            // SAFETY: the caller's contract, passed on.
            unsafe { MiMalloc.alloc_zeroed(layout) }
        };
        if !p.is_null() {
            hold(layout.size() as isize);
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        hold(-(layout.size() as isize));
        if let Some(slot) = reserved_slot(ptr, layout.size()) {
            reserved::release(slot);
            return;
        }
        // SAFETY: the caller's contract, passed on.
        unsafe { MiMalloc.dealloc(ptr, layout) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let into_region = past_ceiling(new_size);
        let from_region = reserved_slot(ptr, layout.size());
        let p = if into_region || from_region.is_some() {
            // SAFETY: the caller's contract, passed on.
            unsafe { move_block(ptr, layout, new_size, from_region, into_region) }
        } else {
            // SAFETY: the caller's contract, passed on.
            unsafe { MiMalloc.realloc(ptr, layout, new_size) }
        };
        if !p.is_null() {
            hold(new_size as isize - layout.size() as isize);
        }
        p
    }
}

/// `realloc` from or into a reserved region: a new block of `new_size` bytes holding the
/// old block's readable bytes (a region's untouched rest reads as zeros), the old block
/// freed; null, the old block kept, if no new one can be made.
///
/// # Safety
/// `GlobalAlloc::realloc`'s contract; `from_region` is `ptr`'s slot if it is a region.
unsafe fn move_block(
    ptr: *mut u8,
    layout: Layout,
    new_size: usize,
    from_region: Option<usize>,
    into_region: bool,
) -> *mut u8 {
    let old_size = layout.size();
    let readable = from_region
        .map_or(old_size, reserved::open_bytes)
        .min(old_size);
    let kept = readable.min(new_size);
    let new = if into_region {
        reserve(new_size, layout.align(), kept)
    } else {
        // SAFETY: the caller's contract guarantees a valid layout for `new_size`.
        unsafe { MiMalloc.alloc(Layout::from_size_align_unchecked(new_size, layout.align())) }
    };
    if new.is_null() {
        return new;
    }
    // SAFETY: `kept` bytes are readable in the old block and writable in the new one; the
    // blocks are distinct.
    unsafe { std::ptr::copy_nonoverlapping(ptr, new, kept) };
    if !into_region {
        let zeros = old_size.min(new_size).saturating_sub(kept);
        // SAFETY: within the new block's `new_size` bytes.
        unsafe { std::ptr::write_bytes(new.add(kept), 0, zeros) };
    }
    match from_region {
        Some(slot) => reserved::release(slot),
        // SAFETY: the caller's block, freed once.
        None => unsafe { MiMalloc.dealloc(ptr, layout) },
    }
    new
}
