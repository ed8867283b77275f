// A symbol name as a linker sees it (`_ZN4core3fmt5write17h…E`, `_RNvCs…_5hello4main`),
// built from strings, and what rustc-demangle makes of it. The demangled text is written
// into a writer that refuses to hold more than OUTPUT_CAP bytes, so that a symbol whose
// demangling would be enormous ends the call instead of exhausting time and memory.

const OUTPUT_CAP: usize = 1 << 22;

struct CappedWriter {
    text: String,
    written: usize,
}

impl std::fmt::Write for CappedWriter {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if self.written + s.len() > OUTPUT_CAP {
            return Err(std::fmt::Error);
        }
        self.written += s.len();
        self.text.push_str(s);
        Ok(())
    }
}

#[derive(Debug)]
pub enum DemangleError {
    // The demangler's Display returned an error (the symbol is too deep or too long for it).
    Format,
    // The demangled text would be longer than the wrapper's cap.
    TooLong,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Symbol {
    text: String,
}

impl Symbol {
    fn render(&self, alternate: bool) -> (Result<String, DemangleError>, usize) {
        use std::fmt::Write;
        let mut out = CappedWriter { text: String::new(), written: 0 };
        let demangled = rustc_demangle::demangle(&self.text);
        let done = if alternate { write!(out, "{:#}", demangled) } else { write!(out, "{}", demangled) };
        let written = out.written;
        match done {
            Ok(()) => (Ok(out.text), written),
            Err(_) if written + 64 > OUTPUT_CAP => (Err(DemangleError::TooLong), written),
            Err(_) => (Err(DemangleError::Format), written),
        }
    }
}

#[testspace::subject]
impl Symbol {
    pub fn new(text: &str) -> Self {
        Symbol { text: text.to_string() }
    }

    /// Appends `s` to the symbol.
    pub fn push_str(&mut self, s: &str) {
        self.text.push_str(s);
    }

    /// Keeps the first `len` bytes (nothing happens if `len` is not a character boundary).
    pub fn truncate(&mut self, len: usize) {
        if self.text.is_char_boundary(len) {
            self.text.truncate(len);
        }
    }

    /// The demangled name with its hash (`{}`), or the symbol itself if it is not mangled.
    pub fn demangle(&self) -> Result<String, DemangleError> {
        self.render(false).0
    }

    /// The demangled name without its hash (`{:#}`).
    pub fn demangle_without_hash(&self) -> Result<String, DemangleError> {
        self.render(true).0
    }

    /// How many bytes the demangler wrote before it finished or stopped.
    pub fn output_len(&self) -> usize {
        self.render(false).1
    }

    /// Whether `try_demangle` recognises the symbol as mangled.
    pub fn is_mangled(&self) -> bool {
        rustc_demangle::try_demangle(&self.text).is_ok()
    }

    pub fn len(&self) -> usize {
        self.text.len()
    }
}
