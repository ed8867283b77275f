//! The workload of the schemata overhead measurements, shared (through `#[path]`) by
//! `benches/schemata.rs` and `examples/schemata_callgrind.rs`: [`CASES`] R(1024) test cases
//! of the paper's context, each call uniform in [0, j), seeded.

use testspace::context::TestContext;
use testspace::kernel::rng::{below, case_rng};
use testspace::subject::Session;

/// Test cases per iteration.
pub const CASES: u64 = 8;
/// Calls per test case.
pub const N: usize = 1024;

/// The test cases (method-call indices) of one iteration for `context`.
pub fn cases(context: &TestContext) -> Vec<Vec<u32>> {
    (0..CASES)
        .map(|k| {
            let mut rng = case_rng(7, k);
            (0..N)
                .map(|_| below(&mut rng, u64::from(context.j())) as u32)
                .collect()
        })
        .collect()
}

/// Runs every test case from a reset session; the number of calls that threw.
pub fn run(session: &mut dyn Session, cases: &[Vec<u32>]) -> usize {
    let mut thrown = 0;
    for calls in cases {
        session.reset();
        for &call in calls {
            thrown += usize::from(session.step(call).is_err());
        }
    }
    thrown
}
