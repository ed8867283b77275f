//! What `#[testspace::subject]` refuses, with the messages users see: one compile-fail
//! case per refused thing under `testdata/derive/`, each with its `.stderr`
//! (regenerate with `TRYBUILD=overwrite cargo test --test derive_errors`, then read them).

#[test]
fn refused_signatures_fail_to_compile_with_a_message_saying_what_to_change() {
    trybuild::TestCases::new().compile_fail("testdata/derive/*.rs");
}
