// A list of shell words: split from command lines with POSIX-shell quoting rules,
// pushed one by one, and quoted back into a command line.

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ShellWords {
    words: Vec<String>,
}

#[derive(Debug)]
pub enum SplitError {
    // The line ends inside quotes or after a lone backslash.
    Unbalanced,
}

#[testspace::subject]
impl ShellWords {
    /// No words.
    pub fn new() -> Self {
        ShellWords::default()
    }

    /// The words of a command line such as `grep -e 'a b' "$file"`.
    pub fn split(line: &str) -> Result<Self, SplitError> {
        let words = shlex::split(line).ok_or(SplitError::Unbalanced)?;
        Ok(ShellWords { words })
    }

    /// Appends the words of another command line.
    pub fn append_line(&mut self, line: &str) -> Result<(), SplitError> {
        let words = shlex::split(line).ok_or(SplitError::Unbalanced)?;
        self.words.extend(words);
        Ok(())
    }

    /// Appends one word as it is.
    pub fn push(&mut self, word: &str) {
        self.words.push(word.to_string());
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn get(&self, index: usize) -> Option<String> {
        self.words.get(index).cloned()
    }

    /// The word quoted so that a shell reads it back as one word.
    pub fn quote(word: &str) -> String {
        shlex::quote(word).into_owned()
    }

    /// The words quoted and joined by single spaces.
    pub fn to_command_line(&self) -> String {
        self.words.iter().map(|w| shlex::quote(w).into_owned()).collect::<Vec<_>>().join(" ")
    }

    /// Whether splitting `to_command_line()` gives back the same words.
    pub fn round_trips(&self) -> bool {
        shlex::split(&self.to_command_line()).as_ref() == Some(&self.words)
    }
}
