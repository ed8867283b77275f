// A text, built from strings, and what textwrap makes of it: filled and wrapped
// to a width, indented, dedented, and its display width.

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Text {
    text: String,
}

#[testspace::subject]
impl Text {
    pub fn new(text: &str) -> Self {
        Text { text: text.to_string() }
    }

    /// Appends `s` to the text.
    pub fn push_str(&mut self, s: &str) {
        self.text.push_str(s);
    }

    /// Appends a newline and then `line`.
    pub fn push_line(&mut self, line: &str) {
        self.text.push('\n');
        self.text.push_str(line);
    }

    /// The text wrapped to lines of at most `width` columns, joined by newlines.
    pub fn fill(&self, width: u16) -> String {
        textwrap::fill(&self.text, usize::from(width))
    }

    /// How many lines wrapping to `width` columns gives.
    pub fn wrap_count(&self, width: u16) -> usize {
        textwrap::wrap(&self.text, usize::from(width)).len()
    }

    /// Every non-blank line prefixed by `prefix`.
    pub fn indent(&self, prefix: &str) -> String {
        textwrap::indent(&self.text, prefix)
    }

    /// The text with the whitespace common to the start of its lines removed.
    pub fn dedent(&self) -> String {
        textwrap::dedent(&self.text)
    }

    /// The columns the text takes on a terminal.
    pub fn display_width(&self) -> usize {
        textwrap::core::display_width(&self.text)
    }

    pub fn len(&self) -> usize {
        self.text.len()
    }
}
