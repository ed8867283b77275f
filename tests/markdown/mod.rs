//! Markdown tables of the README and the book's pages, as the claims tests read them.

#![allow(dead_code)] // each test crate uses some of them

/// The cells of a table row, trimmed.
pub fn cells(line: &str) -> Vec<String> {
    line.trim_matches('|')
        .split('|')
        .map(|c| c.trim().to_string())
        .collect()
}

/// The header's cells and the body rows of the first table in `text` whose header line
/// starts with `header` (panics, naming it, where there is none).
pub fn table(text: &str, header: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(header))
        .unwrap_or_else(|| panic!("no table {header:?}"));
    let rows = lines[at + 2..]
        .iter()
        .take_while(|l| l.starts_with('|'))
        .map(|l| cells(l))
        .collect();
    (cells(lines[at]), rows)
}
