//! subject
