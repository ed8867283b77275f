//! The previous release from crates.io as oracle, end to end (docs/own-crate.md, "A release
//! from crates.io"): this crate carries the package name of a real published crate,
//! competitive-programming-rs, and its `BitSet` is compared call by call with release 0.10.2
//! as crates.io serves it. `.ci/previous-cratesio.sh` fetches the release, builds this crate
//! and runs `previous.toml`, which must find the planted wrong result in `set`.

mod data_structure {
    // As in the release: the file `bitset.rs` holds `pub mod bitset { … }`.
    #[allow(clippy::module_inception)]
    pub mod bitset;
}

fn main() -> std::process::ExitCode {
    testspace::main(testspace::subjects![data_structure::bitset::bitset::BitSet])
}
