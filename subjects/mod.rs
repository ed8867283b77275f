//! Subjects: Rust ports of java.util units.
