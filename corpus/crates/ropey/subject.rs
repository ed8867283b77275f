// A rope of text, the API common to ropey 1.5.0 to 1.6.0 (the faults use 1.5.1 and 1.6.0). Indexes are char indexes.

/// An editable text stored as a rope.
#[derive(Clone, Debug)]
pub struct RopeText(ropey::Rope);

#[testspace::subject]
impl RopeText {
    pub fn new() -> Self {
        RopeText(ropey::Rope::new())
    }
    pub fn from_text(text: &str) -> Self {
        RopeText(ropey::Rope::from_str(text))
    }
    pub fn insert(&mut self, char_idx: usize, text: &str) {
        self.0.insert(char_idx, text)
    }
    /// Removes the chars `start..end`.
    pub fn remove(&mut self, start: usize, end: usize) {
        self.0.remove(start..end)
    }
    pub fn append(&mut self, other: Self) {
        self.0.append(other.0)
    }
    pub fn len_chars(&self) -> usize {
        self.0.len_chars()
    }
    pub fn len_lines(&self) -> usize {
        self.0.len_lines()
    }
    pub fn line(&self, line_idx: usize) -> String {
        self.0.line(line_idx).to_string()
    }
    pub fn char_to_line(&self, char_idx: usize) -> usize {
        self.0.char_to_line(char_idx)
    }
    /// The number of lines of the slice of chars `start..end`.
    pub fn slice_len_lines(&self, start: usize, end: usize) -> usize {
        self.0.slice(start..end).len_lines()
    }
    /// The lines, as the `lines()` iterator yields them.
    pub fn lines(&self) -> String {
        format!("{:?}", self.0.lines().map(|l| l.to_string()).collect::<Vec<_>>())
    }
    pub fn text(&self) -> String {
        self.0.to_string()
    }
    pub fn equals(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
