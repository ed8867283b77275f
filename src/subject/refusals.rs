//! Calls known to be refused: a constructor or static method whose inputs are all
//! primitive (ints, booleans, strings) does the same on every run with the same argument
//! values, so when such a call of gold ended a worker with a refused request (a capacity
//! of 2³¹ elements asked of an infallible constructor), every later run of the same call
//! on gold would end its worker again.
//!
//! While a worker runs a call of that kind, it keeps the call's key ([`call_key`]: the
//! method's number and its argument values, hashed) in a word of its beacon
//! ([`mark_calls_in`]), so that the supervisor learns which call died. Later jobs of the
//! subject carry the keys learned; during gold's runs ([`refusing`]) a call with such a key
//! is not made: the harness answers it as a guard, and the caller treats the test case as
//! the death would have (abandoned, nothing covered). Its result is therefore the same
//! whether the key was learned or not, on any number of workers.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicPtr, AtomicU64, Ordering};

/// The beacon word for the key of the call running (null: no beacon, nothing marked).
static CALL_MARK: AtomicPtr<AtomicU64> = AtomicPtr::new(std::ptr::null_mut());

/// The keys gold's run on this thread does not make (sorted, reused from one run to the
/// next), whether such a run is under way, and whether it met one.
#[derive(Default)]
struct Known {
    active: bool,
    keys: Vec<u64>,
    met: bool,
}

thread_local! {
    static KNOWN: RefCell<Known> = RefCell::new(Known::default());
}

/// Marks the key of each call with primitive inputs in `word` (a worker's beacon) from now.
pub fn mark_calls_in(word: &'static AtomicU64) {
    CALL_MARK.store(std::ptr::from_ref(word).cast_mut(), Ordering::Relaxed);
}

/// Whether keys are wanted at all: marked in a beacon, or checked against known ones.
#[inline]
pub(crate) fn wanted() -> bool {
    !CALL_MARK.load(Ordering::Relaxed).is_null() || KNOWN.with(|known| known.borrow().active)
}

/// The key of a call of method `method` with the argument values `values` hashed in
/// order (never 0: 0 marks no call).
pub fn call_key(method: usize, values: impl FnOnce(&mut dyn Hasher)) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    method.hash(&mut hasher);
    values(&mut hasher);
    hasher.finish().max(1)
}

/// Before the call with `key`: `false` if the call is known to be refused (it is then
/// not to be made), else marks it in the beacon and returns `true`.
pub(crate) fn enter(key: u64) -> bool {
    let known = KNOWN.with(|known| {
        let mut known = known.borrow_mut();
        let refused = known.active && known.keys.binary_search(&key).is_ok();
        known.met |= refused;
        refused
    });
    if known {
        return false;
    }
    mark(key);
    true
}

/// After the call: nothing is marked.
pub(crate) fn leave() {
    mark(0);
}

fn mark(key: u64) {
    let word = CALL_MARK.load(Ordering::Relaxed);
    if !word.is_null() {
        // SAFETY: the pointer came from a `&'static AtomicU64` in `mark_calls_in`.
        unsafe { &*word }.store(key, Ordering::Relaxed);
    }
}

/// Runs `run` (gold's run of one test case) with the calls of `keys` not made, and says
/// whether it met one of them.
pub fn refusing<R>(keys: &[u64], run: impl FnOnce() -> R) -> (R, bool) {
    if keys.is_empty() {
        return (run(), false);
    }
    KNOWN.with(|known| {
        let mut known = known.borrow_mut();
        known.keys.clear();
        known.keys.extend_from_slice(keys);
        known.keys.sort_unstable();
        known.active = true;
        known.met = false;
    });
    let result = run();
    let met = KNOWN.with(|known| {
        let mut known = known.borrow_mut();
        known.active = false;
        known.met
    });
    (result, met)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_key_is_not_entered_and_is_reported_met_only_inside_refusing() {
        let key = call_key(3, |mut h| 7i32.hash(&mut h));
        assert_ne!(key, 0);
        assert!(enter(key), "nothing is known outside refusing");
        leave();
        let ((), met) = refusing(&[key], || {
            assert!(wanted());
            assert!(enter(key + 1));
            leave();
        });
        assert!(!met);
        let (entered, met) = refusing(&[key], || enter(key));
        assert!(!entered && met);
        assert!(enter(key), "refusing forgets the keys when it ends");
        leave();
    }

    #[test]
    fn keys_tell_methods_and_values_apart() {
        let of = |m: usize, v: i32| call_key(m, |mut h| v.hash(&mut h));
        assert_eq!(of(1, 5), of(1, 5));
        assert_ne!(of(1, 5), of(2, 5));
        assert_ne!(of(1, 5), of(1, 6));
    }
}
