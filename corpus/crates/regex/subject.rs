// A regular expression built from pattern strings (concatenated, repeated, alternated)
// and compiled with the crate's default limits when it is used. `repeat` refuses to nest
// repetitions whose counts multiply past REPEAT_CAP, so that no pattern the wrapper
// builds makes the compiler work for longer than a fraction of a second.

const REPEAT_CAP: u64 = 1_000_000;

#[derive(Debug)]
pub enum RegexError {
    // The pattern does not parse.
    Syntax,
    // The compiled program would exceed the size limit.
    CompiledTooBig,
    // Any other error the crate reports.
    Other,
    // The wrapper's own bound on nested repetition counts.
    RepeatTooLarge,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pattern {
    pattern: String,
    repeat_weight: u64,
}

impl Pattern {
    fn compile(&self) -> Result<regex::Regex, RegexError> {
        regex::Regex::new(&self.pattern).map_err(|e| match e {
            regex::Error::Syntax(_) => RegexError::Syntax,
            regex::Error::CompiledTooBig(_) => RegexError::CompiledTooBig,
            _ => RegexError::Other,
        })
    }
}

#[testspace::subject]
impl Pattern {
    pub fn new(pattern: &str) -> Self {
        Pattern { pattern: pattern.to_string(), repeat_weight: 1 }
    }

    /// Appends `pattern` to this one (a concatenation, unless the texts combine differently).
    pub fn push_str(&mut self, pattern: &str) {
        self.pattern.push_str(pattern);
    }

    /// Replaces the pattern `p` by `(?:p){count}`.
    pub fn repeat(&mut self, count: u16) -> Result<(), RegexError> {
        let weight = self.repeat_weight.saturating_mul(u64::from(count).max(1));
        if weight > REPEAT_CAP {
            return Err(RegexError::RepeatTooLarge);
        }
        self.pattern = format!("(?:{}){{{}}}", self.pattern, count);
        self.repeat_weight = weight;
        Ok(())
    }

    /// Replaces the pattern `p` by `(?:p)|(?:q)` where `q` is `other`'s pattern.
    pub fn alternate(&mut self, other: &Self) {
        self.pattern = format!("(?:{})|(?:{})", self.pattern, other.pattern);
        self.repeat_weight = self.repeat_weight.max(other.repeat_weight);
    }

    /// Whether the pattern compiles.
    pub fn is_valid(&self) -> bool {
        self.compile().is_ok()
    }

    /// Whether the pattern matches somewhere in `text`.
    pub fn is_match(&self, text: &str) -> Result<bool, RegexError> {
        Ok(self.compile()?.is_match(text))
    }

    /// The leftmost-first match in `text`, if any.
    pub fn find(&self, text: &str) -> Result<Option<String>, RegexError> {
        Ok(self.compile()?.find(text).map(|m| m.as_str().to_string()))
    }

    /// The number of capture groups, the whole match included.
    pub fn captures_len(&self) -> Result<usize, RegexError> {
        Ok(self.compile()?.captures_len())
    }

    pub fn as_str(&self) -> String {
        self.pattern.clone()
    }
}
