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

/// A job told the key of a constructor call whose refused request ends gold's worker
/// (`subject::refusals`) does not make that call: each test case that reaches it is
/// abandoned as the death would abandon it, and the job's result is that of a job that made
/// it (in process without a ceiling, a request is not refused but judged after it returns,
/// so such a test case is abandoned too), on gold as a target and on a mutant.
#[test]
fn calls_known_to_be_refused_are_not_made_and_change_no_result() {
    use std::hash::Hash as _;
    use testspace::context::MethodSelection;
    use testspace::experiment::Until;
    use testspace::oracle::OracleKind;
    use testspace::runner::job::{Job, execute};
    use testspace::subject::PoolInit;
    use testspace::subject::fixtures::reserve::ReserveUnit;
    use testspace::subject::refusals::call_key;
    let unit = ReserveUnit::new();
    let pools = PoolInit {
        ints: vec![1, 2, 2048],
        ..PoolInit::paper()
    };
    let context = Arc::new(TestContext::new(&unit, &MethodSelection::All, pools).unwrap());
    let reserve_2048 = call_key(0, |mut h| Some(2048i32).hash(&mut h));
    for mutant in [testspace::subject::GOLD, 1] {
        let job = Job {
            subject: "Reserve".into(),
            mutant,
            strategy: testspace::strategy::Strategy::Walk(testspace::walk::WalkConfig::of(
                testspace::walk::WalkKind::RANDOM,
            )),
            n: 3,
            suite: None,
            max_guarded: None,
            abandon: Vec::new(),
            refused: Vec::new(),
            seed: 13,
            start: 0,
            count: Some(200),
            until: Until::Budget,
            seconds: None,
            oracle: OracleKind::Paper,
            coverage: false,
        };
        let made = execute(&job, &unit, &context).unwrap();
        let told = Job {
            refused: vec![reserve_2048],
            ..job.clone()
        };
        // Made now, Reserve(2048)'s request would be refused and end this test binary, as
        // it ends a worker (the other test here asks for at most 600 MiB).
        testspace::Allocator::refuse_requests_over(1 << 30);
        let known = execute(&told, &unit, &context).unwrap();
        testspace::Allocator::refuse_requests_over(u64::MAX);
        assert!(made.abandoned_tests > 20, "{}", made.abandoned_tests);
        assert_eq!(
            (known.tests_run, known.abandoned_tests, known.failing_tests),
            (made.tests_run, made.abandoned_tests, made.failing_tests)
        );
        assert_eq!(known.method_calls, made.method_calls);
    }
}
