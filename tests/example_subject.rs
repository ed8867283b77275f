//! The book's "Adding a subject" example (docs/extending.md) compiles, runs through the
//! harness, and is the same text as on that page.

use std::sync::Arc;

use testspace::context::TestContext;
use testspace::subject::{JavaException, SubjectUnit, Unit};

/// `crate::subject` inside the example resolves here, as it does for files in `subjects/`.
pub use testspace::subject;

#[path = "../testdata/example_subject/counter.rs"]
mod counter;

#[test]
fn the_book_shows_the_example_subject_verbatim() {
    let page = std::fs::read_to_string("docs/extending.md").unwrap();
    let example = std::fs::read_to_string("testdata/example_subject/counter.rs").unwrap();
    let body: String = example
        .lines()
        .skip_while(|l| l.starts_with("//!") || l.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        page.contains(&body),
        "docs/extending.md must contain testdata/example_subject/counter.rs verbatim"
    );
}

#[test]
fn the_example_subject_runs_through_the_harness() {
    let unit = SubjectUnit::<counter::Counter>::new();
    let context = Arc::new(TestContext::paper(&unit).unwrap());
    // Counter(): 1 (return slot); add(int): 2·1·2 = 4; divide(int): 2·1 = 2; isZero(): 1·2 = 2.
    assert_eq!(context.j(), 9);
    let mut session = unit.session(context.clone());
    let space = context.call_space();
    let call = |position: usize, slots: &[u32]| space.encode_call(position, slots).unwrap();
    assert_eq!(
        session.step(call(1, &[1, 0, 0])),
        Err(JavaException::NullPointer),
        "null target"
    );
    session.step(call(0, &[0])).unwrap(); // object_vp[0] = Counter::new()
    session.step(call(1, &[1, 0, 0])).unwrap(); // int_vp[0] = object_vp[0].add(int_vp[1]) = 100
    assert_eq!(session.primitives().ints, vec![Some(100), Some(100)]);
    session.reset();
    session.step(call(0, &[0])).unwrap();
    assert_eq!(
        session.step(call(2, &[0, 0])),
        Err(JavaException::Arithmetic),
        "divide by int_vp[0] = 0"
    );
}
