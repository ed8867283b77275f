//! The workload of `benches/schemata.rs` without criterion, for instruction counts under
//! callgrind (a load-independent cross-check of the wall-clock ratios on a shared machine):
//! runs the bench's R(1024) test cases of the paper's context `REPS` times through the plain port
//! (`plain`) or through the schemata copy with gold active (`gold`).
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
use testspace::subject::{GOLD, registry};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, unit, which, reps] = args.as_slice() else {
        eprintln!("usage: schemata_callgrind UNIT plain|gold REPS");
        std::process::exit(2);
    };
    let unit = registry().find(unit).expect("a registered unit");
    let reps: usize = reps.parse().expect("REPS is a count");
    let context = Arc::new(TestContext::paper(unit).expect("the paper's context"));
    let cases = workload::cases(&context);
    let mut session = match which.as_str() {
        "plain" => unit.session(Arc::clone(&context)),
        "gold" => unit
            .mutant_session(Arc::clone(&context), GOLD)
            .expect("a schemata copy"),
        _ => panic!("plain or gold, not {which}"),
    };
    let thrown: usize = (0..reps)
        .map(|_| workload::run(&mut *session, &cases))
        .sum();
    println!("{thrown} exceptions");
}
