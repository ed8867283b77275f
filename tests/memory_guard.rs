//! The harness's memory guard (`subject::guard::SESSION_MEMORY_LIMIT`): a call after which
//! a session holds more than 512 MiB beyond what it held at its last reset fails with
//! `AllocationLimit`, plain sessions too, and a reset gives the memory back. It counts
//! through testspace's allocator, which this test binary declares as the binaries do.

use std::sync::Arc;

use testspace::context::TestContext;
use testspace::subject::fixtures::hoard::HoardUnit;
use testspace::subject::{JavaException, Unit};

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

#[test]
fn a_session_holding_more_than_512_mib_fails_the_call_that_passed_it() {
    let unit = HoardUnit::new();
    let context = Arc::new(TestContext::paper(&unit).unwrap());
    let space = context.call_space();
    // Hoard() into object 0; keep(100) keeps 100 MiB (the paper's ints are 0 and 100).
    let construct = space.encode_call(0, &[0]).unwrap();
    let keep_100 = space.encode_call(1, &[1, 0]).unwrap();
    let mut session = unit.session(context.clone());
    for _ in 0..2 {
        session.reset();
        session.step(construct).unwrap();
        for held in 1..=5 {
            assert_eq!(session.step(keep_100), Ok(()), "{held}00 MiB held");
        }
        assert_eq!(session.step(keep_100), Err(JavaException::AllocationLimit));
    }
    // One request above the limit fails its call even when nothing stays held: the Hoard
    // keeps no block for a negative count, and keep(100) of 100 MiB is below it, so this
    // checks the request path through the allocator's own count.
    assert!(testspace::allocator::take_largest_request() <= 100 << 20);
    let big: Vec<u8> = Vec::with_capacity(600 << 20);
    assert_eq!(testspace::allocator::take_largest_request(), 600 << 20);
    drop(big);
    session.reset();
    let freed = testspace::allocator::held_by_this_thread();
    session.step(construct).unwrap();
    assert_eq!(session.step(keep_100), Ok(()));
    assert!(testspace::allocator::held_by_this_thread() - freed >= 100 << 20);
}
