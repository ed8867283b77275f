//! The workload of `benches/generators.rs` (issue 16's target) without criterion, as a
//! whole process: FDRT's suites within 20,000 cost units (`fdrt`), or as many calls of R's
//! test cases of 100 calls run on gold (`r`), for seeds 1 to SEEDS. For instruction counts
//! under callgrind, which do not move with the machine's load, and for timing the two
//! sides as whole processes, paired.
//!
//! ```sh
//! cargo build --release --example generation_callgrind
//! valgrind --tool=callgrind target/release/examples/generation_callgrind fdrt TreeMap 16
//! valgrind --tool=callgrind target/release/examples/generation_callgrind fdrt TreeMap 0
//! ```
//!
//! Instructions per call: the difference of the totals for SEEDS = 16 and 0 (which cancels
//! the set-up), divided by 16 × 20,000; fdrt's against r's is the bench's ratio counted in
//! instructions. It prints the number of test cases (fdrt) or calls (r) it made.

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

use std::sync::Arc;

use testspace::context::TestContext;
use testspace::generator::{GeneratorConfig, GeneratorKind, SuiteBudget, generate_suite};
use testspace::oracle::trace;
use testspace::strategy::StrategyKind;
use testspace::subject::{GOLD, guard, registry};

/// Cost units (fdrt) or calls (r) per seed, as in the bench.
const CALLS: u64 = 20_000;
/// R's test-case length, and FDRT's longest sequence.
const N: usize = 100;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [side, class, seeds] = &args[..] else {
        eprintln!("usage: generation_callgrind fdrt|r UNIT SEEDS");
        std::process::exit(2);
    };
    let seeds: u64 = seeds.parse().expect("SEEDS: a number");
    let unit = registry()
        .find(class)
        .unwrap_or_else(|e| panic!("no unit {class}: {e}"));
    let context = Arc::new(TestContext::paper(unit).expect("the paper's context"));
    let mut made = 0u64;
    for seed in 1..=seeds {
        made += match side.as_str() {
            "fdrt" => {
                let config = GeneratorConfig::of(GeneratorKind::FDRT, N);
                let budget = SuiteBudget {
                    tests: None,
                    cost: Some(CALLS),
                };
                let suite = generate_suite(unit, &context, &config, seed, budget).unwrap();
                suite.cases.len() as u64
            }
            "r" => {
                let strategy = StrategyKind::RANDOM.build(&context, N, seed);
                let mut session = unit.mutant_session(Arc::clone(&context), GOLD).unwrap();
                session.set_fuel_budget(guard::GOLD_FUEL_BUDGET);
                let mut case = vec![0u32; N];
                let mut calls = 0;
                for k in 0..CALLS / N as u64 {
                    strategy.case_into(k, &mut case);
                    calls += u64::from(trace(session.as_mut(), &case, false).steps);
                }
                calls
            }
            other => panic!("side {other}: fdrt or r"),
        };
    }
    println!("{made}");
}
