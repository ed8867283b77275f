//! The subjects: Rust ports of the `java.util` units of the paper's experiment.
//!
//! Adding a subject: write one file here with a type implementing
//! [`crate::subject::Subject`], then add one line to [`all`]. `README.md` in this
//! directory lists every unit with its size, M_C, T_I and j.

pub mod array_list;

use crate::subject::{SubjectUnit, Unit};

/// Every registered subject, in registration order.
pub fn all() -> Vec<Box<dyn Unit>> {
    vec![Box::new(SubjectUnit::<array_list::ArrayList>::new())]
}
