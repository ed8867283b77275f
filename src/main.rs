//! The `testspace` command-line tool; all logic lives in the library.

fn main() -> std::process::ExitCode {
    testspace::cli::main()
}
