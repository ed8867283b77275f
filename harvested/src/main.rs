//! Crates harvested from crates.io for the mutants of their own code (docs/harvest.md): each
//! release with its schemata and coverage copies, compiled into one binary whose units are
//! `Subject@version+mutants`. `testspace corpus fetch harvested` writes `releases.rs` and
//! `../Cargo.toml`.

mod releases;

// testspace's allocator, so that a worker's `worker-memory` counts the bytes it holds.
#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

fn main() -> std::process::ExitCode {
    match releases::units() {
        Ok(units) => testspace::main(units),
        Err(err) => {
            eprintln!("error: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}
