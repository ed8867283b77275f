//! Guards of the mutant schemata: fuel, stack depth and allocation size, so that a
//! mutant that loops forever, recurses without bound or allocates without bound neither
//! hangs nor kills the process.
//!
//! The generated schemata code (see `crates/instrument/src/generate.rs`) calls [`enter`] at the entry
//! of every function a call cycle can pass (one unit of fuel, a stack check; see
//! `crates/instrument/src/call_graph.rs`), [`tick`] at the head of every loop iteration and of every
//! closure body std code may call repeatedly (one unit of fuel), passes the size argument
//! of `resize`, `reserve`, `with_capacity`, … through [`alloc`], and runs the copy of a
//! function's body with its mutation points through [`switched`]. State is per thread, in
//! one thread-local, so gold and mutants run on different threads at once.
//!
//! When a guard trips it raises `std::panic::panic_any` with [`FuelExhausted`],
//! [`DepthExceeded`] or [`AllocationExceeded`] — but never while the thread is already
//! panicking (a panic during unwinding aborts): then it lets the code run on. The
//! harness's `quietly` catches the payload silently and records it as
//! [`JavaException::Timeout`], [`JavaException::RecursionLimit`] or
//! [`JavaException::AllocationLimit`] ([`classify`]).
//!
//! # What is covered, and what is left to the runner's supervisor
//! * Loops and recursion: every loop iteration, every repeatedly callable closure call and
//!   every call of a function on a call cycle costs fuel, so any non-terminating execution
//!   inside subject code ends with `Timeout` after at most the budget (k × gold fuel + c,
//!   see [`mutant_budget`]).
//! * Recursion: a guarded schemata function (every recursion passes one at each turn)
//!   entered more than [`STACK_BUDGET`] bytes of stack
//!   below the start of the session step (or with less than [`STACK_RED_ZONE`] bytes of
//!   the thread's stack left, per `stacker`) fails with `RecursionLimit` before the stack
//!   overflows. The check compares the stack pointer with a per-thread floor: no depth
//!   counter, no drop guard.
//! * Allocation: single sizing requests above [`DEFAULT_ALLOC_LIMIT`] elements fail
//!   with `AllocationLimit`; growth one element at a time by subject code is bounded by
//!   fuel (every repeated push sits in a loop, a closure or a recursion). Not bounded: std
//!   code filling a collection from a range or iterator that needs no closure (a mutated
//!   `(0..n).collect()`), left to the supervisor like the cases below.
//! * Memory held: a call after which the session's thread holds more than
//!   [`SESSION_MEMORY_LIMIT`] bytes beyond what it held when the session was last reset,
//!   or in which one allocation asked for more than that, fails with `AllocationLimit`, in
//!   every session, plain ones too (a harvested release's gold: strings that double with
//!   each call, a capacity of 2³¹ elements). Counted by testspace's allocator
//!   ([`crate::allocator`]), so only where it is the global one; a call that writes more
//!   than a worker may hold ends the worker instead (`worker-memory`).
//! * Left to the supervisor (issue 6): code that does not go through schemata functions
//!   (std internals, e.g. a `Vec` clone of a huge vector built within budget), stack
//!   overflow in non-instrumented recursion, a real allocation failure (abort), and
//!   anything that takes long per unit of fuel. These abort the process or stall it;
//!   the runner's parent process must survive a crashed worker and time it out.

use std::any::Any;
use std::cell::Cell;

use super::JavaException;
use super::mutant_id::MutantId;

/// Schemata code may use at most this much stack below where a session step starts …
pub const STACK_BUDGET: usize = 1 << 20;
/// … and must leave at least this much of the thread's stack free.
pub const STACK_RED_ZONE: usize = 256 * 1024;
/// Largest element count one sizing call (`resize`, `reserve`, `with_capacity`, …) of
/// schemata code may request.
pub const DEFAULT_ALLOC_LIMIT: u64 = 1 << 22;
/// Fuel the gold run of one test case may use in the runner. A test case whose gold run
/// needs more is *abandoned*: too costly to judge, it is neither a pass nor a failure and
/// its mutant run is skipped. Fuel is a proxy for work (loop iterations, calls, and the
/// element copies of the shared array code), so this bounds the CPU time and memory of
/// one test case: a collection that doubles itself (`addAll` of a list to itself) or grows
/// to millions of elements (`setSize` with a large `int`) and is then scanned quadratically
/// (`retainAll` of itself) is what reaches it — the same pathologies would run for minutes
/// on a JVM. In the paper's context at n = 1024, the median gold test case uses 80 to
/// 10,000 units; 1 in 1,000 of ArrayList's, IdentityHashMap's and LinkedList's and about 5
/// in 100 of Vector's and Stack's (the lists with `setSize` and self-`addAll`) use more
/// than this budget, up to 4 × 10⁹ — over a minute each.
///
/// Fuel is counted only in schemata code. `Stack`'s schemata copy holds `stack.rs` alone:
/// the `Vector` methods it inherits run the plain port and cost no fuel, so a Stack test
/// case that scans a list of a million elements (`removeAll` of itself after
/// self-`addAll`) runs for about a second within budget where Vector's is abandoned.
pub const GOLD_FUEL_BUDGET: u64 = 2_000_000;
/// Fuel of a mutant session whose budget was not set from a gold run.
pub const DEFAULT_MUTANT_FUEL: u64 = 10_000_000;
/// A mutant may use this many times the fuel of the gold run of the same test case …
pub const FUEL_FACTOR: u64 = 10;
/// … plus this much.
pub const FUEL_MARGIN: u64 = 100_000;

/// The fuel budget of a mutant on a test case whose gold run used `gold_fuel`:
/// `FUEL_FACTOR × gold_fuel + FUEL_MARGIN` (saturating).
pub fn mutant_budget(gold_fuel: u64) -> u64 {
    gold_fuel
        .saturating_mul(FUEL_FACTOR)
        .saturating_add(FUEL_MARGIN)
}

/// Panic payload: the fuel budget ran out (a `Timeout`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FuelExhausted;

/// Panic payload: schemata calls used more stack than the budget (unbounded recursion).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DepthExceeded {
    /// The stack address reached.
    pub stack_pointer: usize,
}

/// Panic payload: one sizing call asked for more elements than the limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocationExceeded {
    /// The element count asked for.
    pub requested: u64,
}

struct State {
    active: Cell<MutantId>,
    fuel: Cell<u64>,
    /// Lowest stack address schemata calls may reach (the stack grows down); 0 outside
    /// a session step.
    stack_floor: Cell<usize>,
    alloc_limit: Cell<u64>,
}

thread_local! {
    static STATE: State = const {
        State {
            active: Cell::new(0),
            fuel: Cell::new(u64::MAX),
            stack_floor: Cell::new(0),
            alloc_limit: Cell::new(DEFAULT_ALLOC_LIMIT),
        }
    };
}

/// The active mutant of this thread (what `mutation::active` returns).
#[inline]
pub(crate) fn active() -> MutantId {
    STATE.with(|s| s.active.get())
}

/// Makes `id` the active mutant of this thread.
#[inline]
pub(crate) fn set_active(id: MutantId) {
    STATE.with(|s| s.active.set(id));
}

/// The fuel left on this thread.
pub fn fuel() -> u64 {
    STATE.with(|s| s.fuel.get())
}

/// Bytes a session's calls may leave held beyond what its thread held at its last reset
/// before a call fails with `AllocationLimit`: 512 MiB, far above what a test case of
/// pooled values holds, and low enough that gold and a target together stay well within a
/// worker's default `worker-memory` of 4 GiB.
pub const SESSION_MEMORY_LIMIT: isize = 512 << 20;

/// This thread's held bytes, the baseline of [`holds_too_much`].
pub(crate) fn memory_baseline() -> isize {
    crate::allocator::held_by_this_thread()
}

/// A watch on this thread's requests during one call ([`watch_requests`]); it ends when
/// dropped.
pub(crate) struct RequestWatch(());

/// Starts looking at this thread's requests afresh, before a call: in a worker, a single
/// request past its `worker-memory` is refused until the watch ends (`crate::allocator`).
#[inline]
pub(crate) fn watch_requests() -> RequestWatch {
    crate::allocator::watch_requests();
    RequestWatch(())
}

impl RequestWatch {
    /// Ends the watch: whether this thread holds more than [`SESSION_MEMORY_LIMIT`] bytes
    /// beyond `baseline`, or asked for more than that in one allocation while watched.
    pub(crate) fn holds_too_much(self, baseline: isize) -> bool {
        drop(self);
        let largest = crate::allocator::take_largest_request();
        largest > SESSION_MEMORY_LIMIT as usize
            || crate::allocator::held_by_this_thread().saturating_sub(baseline)
                > SESSION_MEMORY_LIMIT
    }
}

impl Drop for RequestWatch {
    fn drop(&mut self) {
        crate::allocator::stop_watching();
    }
}

/// Sets the fuel left on this thread (`u64::MAX` = practically unlimited).
pub fn set_fuel(fuel: u64) {
    STATE.with(|s| s.fuel.set(fuel));
}

/// Sets this thread's allocation limit (elements per sizing call); returns the previous.
pub fn set_alloc_limit(limit: u64) -> u64 {
    STATE.with(|s| s.alloc_limit.replace(limit))
}

/// The current stack address (approximately: the address of a local).
#[inline(always)]
fn stack_pointer() -> usize {
    let marker = 0u8;
    std::hint::black_box(std::ptr::addr_of!(marker)) as usize
}

/// Entry of a schemata function: costs one unit of fuel, checks the stack, and returns
/// the active mutant (read once per call into the function's `__ts_a`).
///
/// # Panics
/// With [`FuelExhausted`] or [`DepthExceeded`] when a limit is hit (unless already
/// panicking).
#[inline(always)]
pub fn enter() -> MutantId {
    STATE.with(|s| {
        let fuel = s.fuel.get();
        let sp = stack_pointer();
        if fuel == 0 || sp < s.stack_floor.get() {
            trip(fuel == 0, sp);
        }
        s.fuel.set(fuel.saturating_sub(1));
        s.active.get()
    })
}

/// Head of a loop iteration in schemata code: costs one unit of fuel.
///
/// # Panics
/// With [`FuelExhausted`] when the fuel is gone (unless already panicking).
#[inline(always)]
pub fn tick() {
    STATE.with(|s| {
        let fuel = s.fuel.get();
        if fuel == 0 {
            trip(true, 0);
        }
        s.fuel.set(fuel.saturating_sub(1));
    });
}

/// Charges `units` of fuel at once, for work proportional to a size that code outside
/// the schemata does without a loop of its own (copying `units` array elements).
///
/// # Panics
/// With [`FuelExhausted`] when fewer than `units` are left (unless already panicking).
#[inline]
pub fn spend(units: u64) {
    STATE.with(|s| {
        let fuel = s.fuel.get();
        s.fuel.set(fuel.saturating_sub(units));
        if fuel < units {
            trip(true, 0);
        }
    });
}

/// Runs the switched copy of a schemata function's body (the copy with its mutation
/// points, taken only when the active mutant lies in the function): kept out of line and
/// marked cold, so that the function itself stays as small as its plain copy and is
/// inlined like the port's.
#[cold]
#[inline(never)]
pub fn switched<T>(body: impl FnOnce() -> T) -> T {
    body()
}

/// Integer types a sizing argument can have.
pub trait AllocSize: Copy {
    /// The size as an element count (negative values count as 0).
    fn elements(self) -> u64;
}

macro_rules! alloc_size {
    ($($t:ty),*) => {$(
        impl AllocSize for $t {
            #[inline]
            #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation, unused_comparisons)]
            fn elements(self) -> u64 {
                if self < 0 as $t { 0 } else { self as u64 }
            }
        }
    )*};
}
alloc_size!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// The size argument of a sizing call in schemata code, passed through unless it exceeds
/// the limit.
///
/// # Panics
/// With [`AllocationExceeded`] above the limit (unless already panicking).
#[inline]
pub fn alloc<T: AllocSize>(n: T) -> T {
    let requested = n.elements();
    if requested > STATE.with(|s| s.alloc_limit.get()) && !std::thread::panicking() {
        std::panic::panic_any(AllocationExceeded { requested });
    }
    n
}

#[cold]
#[inline(never)]
fn trip(out_of_fuel: bool, stack_pointer: usize) {
    if std::thread::panicking() {
        return;
    }
    if out_of_fuel {
        std::panic::panic_any(FuelExhausted);
    }
    std::panic::panic_any(DepthExceeded { stack_pointer });
}

/// The outcome a caught panic payload stands for: a guard's event, or `Panic`.
pub fn classify(payload: &(dyn Any + Send)) -> JavaException {
    if payload.is::<FuelExhausted>() {
        JavaException::Timeout
    } else if payload.is::<DepthExceeded>() {
        JavaException::RecursionLimit
    } else if payload.is::<AllocationExceeded>() {
        JavaException::AllocationLimit
    } else {
        JavaException::Panic
    }
}

/// The guard state a session installs around one step, and restores afterwards.
pub(crate) struct Installed {
    active: MutantId,
    fuel: u64,
    stack_floor: usize,
}

/// How much stack schemata code may use below the current point on this thread:
/// [`STACK_BUDGET`], less if the thread's stack would then keep under
/// [`STACK_RED_ZONE`] free.
pub(crate) fn usable_stack() -> usize {
    stacker::remaining_stack()
        .map_or(STACK_BUDGET, |left| left.saturating_sub(STACK_RED_ZONE))
        .min(STACK_BUDGET)
}

/// Makes `mutant` active with `fuel` left and a stack floor `usable` bytes below here
/// (from [`usable_stack`]), returning what to restore.
#[inline]
pub(crate) fn install(mutant: MutantId, fuel: u64, usable: usize) -> Installed {
    let sp = stack_pointer();
    STATE.with(|s| Installed {
        active: s.active.replace(mutant),
        fuel: s.fuel.replace(fuel),
        stack_floor: s.stack_floor.replace(sp.saturating_sub(usable)),
    })
}

/// Restores the state `install` replaced; returns the fuel that was left.
#[inline]
pub(crate) fn uninstall(saved: Installed) -> u64 {
    STATE.with(|s| {
        s.active.set(saved.active);
        s.stack_floor.set(saved.stack_floor);
        s.fuel.replace(saved.fuel)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caught(f: impl FnOnce() + std::panic::UnwindSafe) -> JavaException {
        let payload = std::panic::catch_unwind(f).expect_err("the guard must trip");
        classify(&*payload)
    }

    #[test]
    fn ticks_past_the_fuel_raise_a_timeout_and_each_tick_costs_one() {
        let saved = install(0, 3, usable_stack());
        for _ in 0..3 {
            tick();
        }
        assert_eq!(fuel(), 0);
        assert_eq!(caught(tick), JavaException::Timeout);
        uninstall(saved);
    }

    #[test]
    fn spending_more_than_is_left_raises_a_timeout_and_empties_the_tank() {
        let saved = install(0, 10, usable_stack());
        spend(4);
        assert_eq!(fuel(), 6);
        spend(6);
        assert_eq!(fuel(), 0);
        let saved_again = install(0, 5, usable_stack());
        assert_eq!(caught(|| spend(6)), JavaException::Timeout);
        assert_eq!(fuel(), 0);
        uninstall(saved_again);
        uninstall(saved);
    }

    fn recurse(n: u64) -> u64 {
        enter();
        if n == 0 {
            0
        } else {
            1 + std::hint::black_box(recurse(n - 1))
        }
    }

    #[test]
    fn recursion_past_the_stack_budget_raises_recursion_limit() {
        let saved = install(0, u64::MAX, usable_stack());
        assert_eq!(recurse(100), 100);
        assert_eq!(
            caught(|| {
                recurse(u64::MAX);
            }),
            JavaException::RecursionLimit
        );
        assert_eq!(recurse(100), 100, "the same thread recurses again");
        uninstall(saved);
    }

    #[test]
    fn sizes_above_the_allocation_limit_raise_allocation_limit_and_others_pass() {
        assert_eq!(alloc(-5i32), -5);
        assert_eq!(
            alloc(DEFAULT_ALLOC_LIMIT as usize),
            DEFAULT_ALLOC_LIMIT as usize
        );
        assert_eq!(
            caught(|| {
                alloc(DEFAULT_ALLOC_LIMIT as usize + 1);
            }),
            JavaException::AllocationLimit
        );
    }

    #[test]
    fn a_tripped_guard_does_not_panic_again_while_unwinding() {
        struct TicksOnDrop;
        impl Drop for TicksOnDrop {
            fn drop(&mut self) {
                tick(); // fuel is 0 here: must not panic during unwinding
            }
        }
        let saved = install(0, 0, usable_stack());
        let outcome = caught(|| {
            let _d = TicksOnDrop;
            tick();
        });
        assert_eq!(outcome, JavaException::Timeout);
        uninstall(saved);
    }
}
