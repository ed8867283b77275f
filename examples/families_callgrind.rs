//! The workload of `benches/families.rs` (issue 62) without criterion, as a whole process:
//! one family (`r`, `proptest`, `dynamosa` or `greybox`, as the tournament runs it at
//! n = 20) spending 20,000 calls on gold for each of seeds 1 to SEEDS. For instruction
//! counts under callgrind, which do not move with the machine's load:
//!
//! ```sh
//! cargo build --release --example families_callgrind
//! valgrind --tool=callgrind target/release/examples/families_callgrind greybox TreeMap 2
//! valgrind --tool=callgrind target/release/examples/families_callgrind greybox TreeMap 0
//! ```
//!
//! Instructions per call: the difference of the totals for SEEDS and 0 (which cancels the
//! set-up), divided by the calls it prints; a family's against `r`'s is the bench's ratio
//! counted in instructions.

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

#[path = "../benches/support/families_workload.rs"]
mod workload;

use workload::{FAMILIES, plan};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [side, class, seeds] = &args[..] else {
        eprintln!("usage: families_callgrind r|proptest|dynamosa|greybox UNIT SEEDS");
        std::process::exit(2);
    };
    let seeds: u64 = seeds.parse().expect("SEEDS: a number");
    let family = FAMILIES
        .into_iter()
        .find(|f| f.name() == side)
        .unwrap_or_else(|| panic!("family {side}: r, proptest, dynamosa or greybox"));
    let (unit, context) = plan(class);
    let calls: u64 = (1..=seeds)
        .map(|seed| family.run(unit, &context, seed))
        .sum();
    println!("{calls}");
}
