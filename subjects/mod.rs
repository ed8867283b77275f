//! The subjects: Rust ports of the `java.util` units of the paper's experiment.
//!
//! Adding a subject: write one file here with a type implementing
//! [`crate::subject::Subject`], then add one line to [`all`].

use crate::subject::{SubjectUnit, Unit};

/// Every registered subject, in registration order.
pub fn all() -> Vec<Box<dyn Unit>> {
    vec![]
}

#[allow(unused_imports)]
use SubjectUnit as _;
