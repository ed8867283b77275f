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

#[path = "../benches/support/generation_workload.rs"]
mod workload;

use testspace::generator::{GeneratorConfig, GeneratorKind};
use workload::{N, generated, plan, random_on_gold};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [side, class, seeds] = &args[..] else {
        eprintln!("usage: generation_callgrind fdrt|r UNIT SEEDS");
        std::process::exit(2);
    };
    let seeds: u64 = seeds.parse().expect("SEEDS: a number");
    let (unit, context) = plan(class);
    let fdrt = GeneratorConfig::of(GeneratorKind::FDRT, N);
    let made: u64 = (1..=seeds)
        .map(|seed| match side.as_str() {
            "fdrt" => generated(unit, &context, &fdrt, seed) as u64,
            "r" => random_on_gold(unit, &context, seed).calls,
            other => panic!("side {other}: fdrt or r"),
        })
        .sum();
    println!("{made}");
}
