//! The workload of `benches/schemata.rs` without criterion, for instruction counts under
//! callgrind (a load-independent cross-check of the wall-clock ratios on a shared machine):
//! runs the bench's R(1024) test cases of the paper's context `REPS` times through the plain port
//! (`plain`), through the schemata copy with gold active (`gold`), or through the coverage copy
//! (`coverage`, the workload of `benches/coverage.rs`).
//!
//! ```sh
//! cargo build --release --example schemata_callgrind
//! valgrind --tool=callgrind target/release/examples/schemata_callgrind HashMap gold 3
//! ```
//!
//! Instructions per repetition: the difference of the totals for `REPS` = 3 and 1, halved
//! (which cancels the set-up).

#[path = "../benches/support/schemata_workload.rs"]
mod workload;

use std::sync::Arc;

use testspace::context::TestContext;
use testspace::subject::{GOLD, Session, registry};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, unit, which, reps] = args.as_slice() else {
        eprintln!("usage: schemata_callgrind UNIT plain|gold|coverage REPS");
        std::process::exit(2);
    };
    let unit = registry().find(unit).expect("a registered unit");
    let reps: usize = reps.parse().expect("REPS is a count");
    let context = Arc::new(TestContext::paper(unit).expect("the paper's context"));
    let cases = workload::cases(&context);
    let mut session: Box<dyn Session> = match which.as_str() {
        "plain" => unit.session(context.clone()),
        "gold" => unit
            .mutant_session(context.clone(), GOLD)
            .expect("a schemata copy"),
        "coverage" => Box::new(
            unit.coverage_session(context.clone())
                .expect("a coverage copy"),
        ),
        _ => panic!("plain, gold or coverage, not {which}"),
    };
    let thrown: usize = (0..reps)
        .map(|_| workload::run(&mut *session, &cases))
        .sum();
    println!("{thrown} exceptions");
}
