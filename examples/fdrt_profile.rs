#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;
// Temporary: FDRT generation statistics.
use std::sync::Arc;
use testspace::context::TestContext;
use testspace::generator::{GeneratorConfig, GeneratorKind, SuiteBudget, generate_suite};
use testspace::subject::registry;
fn main() {
    let class = std::env::args().nth(1).unwrap_or("TreeMap".into());
    let reps: u64 = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(1);
    let unit = registry().find(&class).unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let config = GeneratorConfig::of(GeneratorKind::FDRT, 100);
    let t = std::time::Instant::now();
    let mut cases = 0;
    let mut calls = 0;
    for seed in 0..reps {
        let suite = generate_suite(
            unit,
            &context,
            &config,
            seed + 1,
            SuiteBudget {
                tests: None,
                cost: Some(20_000),
            },
        )
        .unwrap();
        cases += suite.cases.len();
        calls += suite.cases.iter().map(|c| c.calls.len()).sum::<usize>();
    }
    println!(
        "{class}: {cases} cases, {calls} calls, mean length {:.1}, {:.3} µs per call",
        calls as f64 / cases as f64,
        t.elapsed().as_secs_f64() * 1e6 / calls as f64
    );
}
