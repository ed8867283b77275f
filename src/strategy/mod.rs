//! strategy
