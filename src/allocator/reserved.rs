//! Requests past the ceiling, given address space without memory.
//!
//! A watched call's request larger than the ceiling is served by a private anonymous
//! mapping with no access ([`reserve`]): a capacity only asked for costs nothing, and the
//! call is judged by the session's guard when it returns. The first touch of such a
//! region raises SIGSEGV, which [`install_fault_handler`]'s handler turns into
//! [`TOUCHED_RESERVATION`] on stderr and an abort: the worker ends before it writes
//! gigabytes, always in the call that touched it. Any other fault goes on to the handler
//! that was there before (Rust's stack-overflow report).
//!
//! The regions are kept in a fixed table of atomics, which the fault handler reads without
//! locking or allocating.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// At most this many regions at once; a request beyond them is refused.
const SLOTS: usize = 64;

/// Start addresses of the regions (0: a free slot).
static STARTS: [AtomicUsize; SLOTS] = [const { AtomicUsize::new(0) }; SLOTS];
/// Their lengths in bytes, whole pages.
static LENGTHS: [AtomicUsize; SLOTS] = [const { AtomicUsize::new(0) }; SLOTS];
/// Bytes at each region's start made readable and writable (a copy of a smaller block that
/// grew into it).
static OPEN: [AtomicUsize; SLOTS] = [const { AtomicUsize::new(0) }; SLOTS];

/// What the fault handler writes on stderr before it aborts the worker.
pub const TOUCHED_RESERVATION: &str =
    "testspace: a call touched memory larger than a call may ask for";

fn page() -> usize {
    // SAFETY: sysconf only reads a system constant.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(page).unwrap_or(4096)
}

fn whole_pages(bytes: usize) -> Option<usize> {
    let page = page();
    bytes.checked_add(page - 1).map(|b| b / page * page)
}

/// The slot of the region starting at `ptr`, if it is one.
pub(super) fn slot_of(ptr: *mut u8) -> Option<usize> {
    let address = ptr as usize;
    (0..SLOTS).find(|&i| STARTS[i].load(Ordering::Acquire) == address)
}

/// A region of `size` bytes aligned to `align`, inaccessible but for its first `open` bytes
/// (rounded up to whole pages); null if none can be made.
pub(super) fn reserve(size: usize, align: usize, open: usize) -> *mut u8 {
    if align > page() {
        return std::ptr::null_mut();
    }
    let (Some(length), Some(open)) = (whole_pages(size.max(1)), whole_pages(open)) else {
        return std::ptr::null_mut();
    };
    // SAFETY: a fresh private anonymous mapping; nothing else refers to it.
    let start = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            length,
            libc::PROT_NONE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    if start == libc::MAP_FAILED {
        return std::ptr::null_mut();
    }
    let opened = open == 0
        // SAFETY: the first `open` bytes of the mapping just made (open ≤ length).
        || unsafe { libc::mprotect(start, open.min(length), libc::PROT_READ | libc::PROT_WRITE) } == 0;
    let slot = (0..SLOTS).find(|&i| {
        STARTS[i]
            .compare_exchange(0, start as usize, Ordering::AcqRel, Ordering::Relaxed)
            .is_ok()
    });
    match slot {
        Some(i) if opened => {
            LENGTHS[i].store(length, Ordering::Release);
            OPEN[i].store(open.min(length), Ordering::Release);
            start.cast()
        }
        _ => {
            if let Some(i) = slot {
                STARTS[i].store(0, Ordering::Release);
            }
            // SAFETY: the mapping made above, not handed out.
            unsafe { libc::munmap(start, length) };
            std::ptr::null_mut()
        }
    }
}

/// Bytes at the start of the region in `slot` that can be read (the rest was never
/// written: it reads as zeros).
pub(super) fn open_bytes(slot: usize) -> usize {
    OPEN[slot].load(Ordering::Acquire)
}

/// Unmaps the region in `slot`.
pub(super) fn release(slot: usize) {
    let start = STARTS[slot].load(Ordering::Acquire);
    let length = LENGTHS[slot].load(Ordering::Acquire);
    STARTS[slot].store(0, Ordering::Release);
    // SAFETY: the mapping `reserve` made for this slot, no longer handed out.
    unsafe { libc::munmap(start as *mut libc::c_void, length) };
}

/// Whether `address` lies in a region.
fn reserved(address: usize) -> bool {
    (0..SLOTS).any(|i| {
        let start = STARTS[i].load(Ordering::Acquire);
        start != 0 && address >= start && address - start < LENGTHS[i].load(Ordering::Acquire)
    })
}

static INSTALLED: AtomicBool = AtomicBool::new(false);
/// The SIGSEGV action before ours, put back for a fault outside the regions.
static mut PREVIOUS: std::mem::MaybeUninit<libc::sigaction> = std::mem::MaybeUninit::zeroed();

/// Installs the SIGSEGV handler that ends the process at the first touch of a region
/// (once; later calls do nothing). `false` if it could not be installed.
pub(super) fn install_fault_handler() -> bool {
    if INSTALLED.swap(true, Ordering::AcqRel) {
        return true;
    }
    // SAFETY: `PREVIOUS` is written here once, before the handler that reads it exists;
    // the handler calls only async-signal-safe functions.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_fault as *const () as usize;
        action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
        libc::sigemptyset(&mut action.sa_mask);
        let previous = std::ptr::addr_of_mut!(PREVIOUS).cast::<libc::sigaction>();
        libc::sigaction(libc::SIGSEGV, &action, previous) == 0
    }
}

extern "C" fn on_fault(_: libc::c_int, info: *mut libc::siginfo_t, _: *mut libc::c_void) {
    // SAFETY: the kernel hands a valid siginfo to an SA_SIGINFO handler.
    let address = unsafe { (*info).si_addr() } as usize;
    if reserved(address) {
        for part in [TOUCHED_RESERVATION, "\n"] {
            // SAFETY: writes a static buffer to stderr; a failed write is ignored.
            let _ = unsafe { libc::write(2, part.as_ptr().cast(), part.len()) };
        }
        // SAFETY: async-signal-safe.
        unsafe { libc::abort() };
    }
    // Not ours: the previous action takes the fault when the instruction runs again.
    // SAFETY: `PREVIOUS` was written before this handler was installed.
    unsafe {
        let previous = std::ptr::addr_of!(PREVIOUS).cast::<libc::sigaction>();
        libc::sigaction(libc::SIGSEGV, previous, std::ptr::null_mut());
    }
}
