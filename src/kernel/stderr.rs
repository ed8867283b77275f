//! Messages on stderr that never end the process: `eprintln!` panics when stderr cannot
//! be written (its reader gone, a full disk behind a redirect), which left a run
//! unfinished; a message that cannot be written is dropped and the command goes on.

/// `eprintln!` that drops a message stderr does not take, instead of panicking.
macro_rules! stderr_line {
    ($($argument:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($argument)*);
    }};
}
pub(crate) use stderr_line;
