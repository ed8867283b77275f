//! Run-time side of the coverage copies (`crates/instrument/src/coverage_copy.rs` writes them): one flag
//! per probe per thread, set by the probes, read and cleared by [`CoverageSession`].
//!
//! The flags live in one thread-local array of [`MAX_PROBES`] cells shared by every
//! coverage copy: a probe is a plain store, and a unit's probes are the first
//! `probes.len()` flags. Between a [`CoverageSession`]'s `reset` and the end of its test
//! case, the thread's flags belong to that session: run one coverage session's test case
//! at a time on a thread (the plain and schemata copies set no flags, so they may
//! interleave freely).

use super::Session;
use super::exception::JavaException;
use super::harness::PrimitivePools;
use std::cell::Cell;
pub use testspace_instrument::probe_kind::ProbeKind;

/// The most probes one coverage copy may have (checked when it is compiled).
pub const MAX_PROBES: usize = 8192;

thread_local! {
    static FLAGS: [Cell<bool>; MAX_PROBES] = const { [const { Cell::new(false) }; MAX_PROBES] };
}

/// Records that probe `probe` was reached on this thread.
#[inline(always)]
pub fn hit(probe: usize) {
    FLAGS.with(|flags| flags[probe].set(true));
}

/// `condition`, recording probe `yes` if it holds and `no` if not.
#[inline(always)]
pub fn branch(condition: bool, yes: usize, no: usize) -> bool {
    // A store on each path (not a selected index): the compiler can fold the test into
    // the decision that follows.
    if condition {
        hit(yes)
    } else {
        hit(no)
    }
    condition
}

/// What `?` does with a value: go on, or return early.
pub trait Outcome {
    /// Whether `?` goes on with the value (`Ok`, `Some`).
    fn proceeds(&self) -> bool;
}

impl<T, E> Outcome for Result<T, E> {
    #[inline(always)]
    fn proceeds(&self) -> bool {
        self.is_ok()
    }
}

impl<T> Outcome for Option<T> {
    #[inline(always)]
    fn proceeds(&self) -> bool {
        self.is_some()
    }
}

/// `value`, recording probe `ok` if `?` will go on with it and `err` if it will return.
#[inline(always)]
pub fn question<T: Outcome>(value: T, ok: usize, err: usize) -> T {
    if value.proceeds() {
        hit(ok)
    } else {
        hit(err)
    }
    value
}

/// The iterator of a `for` loop of a coverage copy: records probe `body` for each item
/// and `exit` when the iterator is done.
pub struct Loop<I> {
    inner: I,
    body: usize,
    exit: usize,
}

impl<I: Iterator> Loop<I> {
    /// Wraps the loop's iterable.
    #[inline(always)]
    pub fn new(iterable: impl IntoIterator<IntoIter = I>, body: usize, exit: usize) -> Self {
        Loop {
            inner: iterable.into_iter(),
            body,
            exit,
        }
    }
}

impl<I: Iterator> Iterator for Loop<I> {
    type Item = I::Item;
    #[inline(always)]
    fn next(&mut self) -> Option<I::Item> {
        let item = self.inner.next();
        if item.is_some() {
            hit(self.body)
        } else {
            hit(self.exit)
        }
        item
    }
}

/// Clears the thread's first `count` flags.
pub fn clear(count: usize) {
    FLAGS.with(|flags| flags[..count].iter().for_each(|f| f.set(false)));
}

/// Calls `reached` with the id of each of the thread's first `count` flags that is set.
pub fn reached(count: usize, mut reached: impl FnMut(usize)) {
    const CHUNK: usize = 32;
    FLAGS.with(|flags| {
        // Most flags are clear after one test case: skip them a chunk at a time.
        for (c, chunk) in flags[..count].chunks(CHUNK).enumerate() {
            if !chunk.iter().fold(false, |any, flag| any | flag.get()) {
                continue;
            }
            for (k, flag) in chunk.iter().enumerate() {
                if flag.get() {
                    reached(c * CHUNK + k);
                }
            }
        }
    });
}

/// One probe of a coverage copy (a row of its generated `TESTSPACE_PROBES` table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The outcome it records.
    pub kind: ProbeKind,
    /// 1-based line in the port's file.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// The port function it lies in (`ArrayList::add_at`, or a free function's name).
    pub function: &'static str,
}

impl Probe {
    /// A probe placed by hand in a fixture subject (no line or column).
    pub const fn by_hand(kind: ProbeKind, function: &'static str) -> Probe {
        Probe {
            kind,
            line: 0,
            column: 0,
            function,
        }
    }
}

/// The probes of one unit's coverage copy.
#[derive(Clone, Copy, Debug)]
pub struct ProbeTable {
    /// The port's source file (`subjects/array_list.rs`).
    pub file: &'static str,
    /// The probes, by id.
    pub probes: &'static [Probe],
}

/// A session running gold through a unit's coverage copy: a [`Session`] (the same results,
/// exceptions, pools and fuel as gold through the schemata copy) whose `reset` clears the
/// thread's probe flags, so that after a test case [`CoverageSession::reached`] lists the
/// probes it reached — or, after [`CoverageSession::clear_per_test_case`]`(false)`, keeps
/// them until [`CoverageSession::clear`], so that they cover every test case since.
pub struct CoverageSession {
    session: Box<dyn Session>,
    table: ProbeTable,
    clear_on_reset: bool,
}

impl CoverageSession {
    /// Wraps a gold session of a coverage copy with the copy's probes.
    pub fn new(session: Box<dyn Session>, table: ProbeTable) -> Self {
        CoverageSession {
            session,
            table,
            clear_on_reset: true,
        }
    }

    /// Whether `reset` clears the probe flags (the default), or they accumulate over test
    /// cases until [`CoverageSession::clear`] (per cell, say).
    pub fn clear_per_test_case(&mut self, clear: bool) {
        self.clear_on_reset = clear;
    }

    /// Clears the unit's probe flags on this thread.
    pub fn clear(&self) {
        clear(self.table.probes.len());
    }

    /// The probes of the unit.
    pub fn table(&self) -> ProbeTable {
        self.table
    }

    /// Calls `f` with each probe reached since the last reset (on this thread).
    pub fn reached(&self, f: impl FnMut(usize)) {
        reached(self.table.probes.len(), f);
    }
}

impl Session for CoverageSession {
    fn reset(&mut self) {
        self.session.reset();
        if self.clear_on_reset {
            self.clear();
        }
    }
    fn step(&mut self, call: u32) -> Result<(), JavaException> {
        self.session.step(call)
    }
    fn reset_to(&mut self, pools: &super::PoolInit) {
        self.session.reset_to(pools);
        if self.clear_on_reset {
            self.clear();
        }
    }
    fn step_slots(&mut self, method: usize, slots: &[u32]) -> Result<(), JavaException> {
        self.session.step_slots(method, slots)
    }
    fn object(&self, slot: usize) -> Option<Box<dyn std::any::Any + Send>> {
        self.session.object(slot)
    }
    fn object_state_hash(&self, slot: usize) -> Option<u64> {
        self.session.object_state_hash(slot)
    }
    fn same_object_state(&self, slot: usize, other: &dyn std::any::Any) -> Option<bool> {
        self.session.same_object_state(slot, other)
    }
    fn is_null(&self, slot: usize) -> bool {
        self.session.is_null(slot)
    }
    fn refuel(&mut self) {
        self.session.refuel();
    }
    fn put_object(&mut self, slot: usize, object: &dyn std::any::Any) {
        self.session.put_object(slot, object);
    }
    fn primitives(&self) -> PrimitivePools {
        self.session.primitives()
    }
    fn int_at(&self, slot: usize) -> Option<i32> {
        self.session.int_at(slot)
    }
    fn bool_at(&self, slot: usize) -> bool {
        self.session.bool_at(slot)
    }
    fn string_at(&self, slot: usize) -> Option<String> {
        self.session.string_at(slot)
    }
    fn render_pools(&self) -> Vec<(String, Vec<String>)> {
        self.session.render_pools()
    }
    fn primitives_fingerprint(&self) -> u64 {
        self.session.primitives_fingerprint()
    }
    fn fuel_used(&self) -> Option<u64> {
        self.session.fuel_used()
    }
    fn set_fuel_budget(&mut self, budget: u64) {
        self.session.set_fuel_budget(budget);
    }
    fn spend_fuel(&mut self, fuel: u64) {
        self.session.spend_fuel(fuel);
    }
    fn object_heap(&self, slot: usize) -> Option<super::heap::HeapFields> {
        self.session.object_heap(slot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The flags set among the first `count` are read back, each once, ascending;
        /// those beyond `count` are not.
        #[test]
        fn reading_the_flags_finds_exactly_the_probes_reached(
            count in 0usize..300,
            hits in proptest::collection::vec(0usize..320, 0..120),
        ) {
            clear(320);
            for &probe in &hits {
                hit(probe);
            }
            let mut seen = Vec::new();
            reached(count, |id| seen.push(id));
            let want: std::collections::BTreeSet<usize> =
                hits.iter().copied().filter(|&p| p < count).collect();
            prop_assert_eq!(seen, want.into_iter().collect::<Vec<_>>());
            clear(320);
        }
    }

    #[test]
    fn probes_set_flags_that_clear_and_read_back_per_thread() {
        clear(16);
        hit(3);
        assert!(!branch(false, 5, 6));
        assert_eq!(question(Err::<(), ()>(()), 7, 8), Err(()));
        assert_eq!(question(Some(1), 9, 10), Some(1));
        let items: Vec<u8> = Loop::new([1u8, 2], 11, 12).collect();
        assert_eq!(items, [1, 2]);
        let mut seen = Vec::new();
        reached(16, |id| seen.push(id));
        assert_eq!(seen, [3, 6, 8, 9, 11, 12]);
        std::thread::spawn(|| {
            let mut other = Vec::new();
            reached(16, |id| other.push(id));
            assert!(other.is_empty(), "flags are per thread");
        })
        .join()
        .unwrap();
        clear(16);
        let mut after = Vec::new();
        reached(16, |id| after.push(id));
        assert!(after.is_empty());
    }
}
