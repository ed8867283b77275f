//! Failure-density analytics (Section 5 of the paper): Φ(j, k, n), FD, FDpmc.
