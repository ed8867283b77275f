//! The `testspace` command-line tool; all logic lives in the library.

#[global_allocator]
static ALLOCATOR: testspace::Allocator = testspace::Allocator;

fn main() -> std::process::ExitCode {
    testspace::cli::main()
}
