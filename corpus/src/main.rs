//! The corpus of real crates and real faults (docs/corpus.md): every release a fault names,
//! compiled into one binary whose units pair a fixed release (gold) with its buggy releases
//! (the targets). `testspace corpus fetch` writes `releases.rs` and `../Cargo.toml`.

mod releases;

fn main() -> std::process::ExitCode {
    match releases::units() {
        Ok(units) => testspace::main(units),
        Err(err) => {
            eprintln!("error: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}
