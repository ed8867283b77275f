//! What `#[testspace::subject]` and `#[testspace::mutants]` refuse, with the messages users
//! see: one compile-fail case per refused thing under `testdata/derive/` and
//! `testdata/mutants_attribute/`, each with its `.stderr` (regenerate with
//! `TRYBUILD=overwrite cargo test --test derive_errors`, then read them). One test, so that
//! trybuild builds testspace once for all of them.

#[test]
fn refused_code_fails_to_compile_with_a_message_saying_what_to_change() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("testdata/derive/*.rs");
    cases.compile_fail("testdata/mutants_attribute/*.rs");
}
