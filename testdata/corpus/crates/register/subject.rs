// The fixture crate's subject is not a wrapper of a crates.io release: `Register` and its
// releases are compiled into testspace (src/subject/fixtures/register.rs and
// register_releases.rs). `testspace corpus` requires this file of every crate.
