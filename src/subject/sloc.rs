//! Source lines of code of a subject's port: the one counting rule behind the registry's
//! [`Unit::sloc`](super::Unit::sloc) (`testspace subjects`), the `sloc` of the mutant
//! catalogs and `testspace mutants summary`, and the SLOC column of `subjects/README.md`.

use super::glue::glue_lines;

/// Source lines of code of a port's source file: the lines before the first line that
/// starts with `#[cfg(test)]` (the test module), less
///
/// * blank lines,
/// * lines whose first non-blank characters are `//` (comments, including `///` and `//!`
///   doc comments; the ports use no `/* */` comments), and
/// * the lines of glue items ([`super::glue::is_glue`]: `impl Subject`, the
///   other declaration-trait impls and definitions, `impl … for Value<…>`, and functions
///   whose signature names `Method` or `Value`), from an item's first attribute or doc
///   comment to its closing brace — the analogue of the paper's wrapper classes, which the
///   paper did not count.
///
/// A source that does not parse as a Rust file has no glue items (every other rule still
/// applies).
pub fn sloc(source: &str) -> usize {
    let glue = syn::parse_file(source)
        .map(|file| glue_lines(&file))
        .unwrap_or_default();
    let in_glue = |line: usize| glue.iter().any(|&(from, to)| from <= line && line <= to);
    source
        .lines()
        .enumerate()
        .take_while(|(_, text)| !text.starts_with("#[cfg(test)]"))
        .filter(|&(index, text)| !in_glue(index + 1) && is_code_line(text))
        .count()
}

/// Whether a line is code: neither blank nor a `//` comment (doc comments included).
pub fn is_code_line(line: &str) -> bool {
    let text = line.trim_start();
    !text.is_empty() && !text.starts_with("//")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_and_comment_lines_are_not_counted() {
        let source = "//! Module doc.\n\nuse a::b;\n    /// Doc.\n    // note\nfn f() {}\n   \n";
        assert_eq!(sloc(source), 2);
    }

    #[test]
    fn counting_stops_at_the_test_module() {
        let source = "fn f() {}\n#[cfg(test)]\nmod tests {\n    fn g() {}\n}\n";
        assert_eq!(sloc(source), 1);
    }

    #[test]
    fn an_indented_cfg_test_and_code_before_a_trailing_comment_count() {
        // Only a `#[cfg(test)]` at the start of a line ends the count; a line with code
        // before `//` is code. (Not a Rust file: no glue, the other rules apply.)
        let source = "    #[cfg(test)]\nlet x = 1; // one\n";
        assert_eq!(sloc(source), 2);
    }

    #[test]
    fn glue_items_are_not_counted_and_the_port_around_them_is() {
        let source = "\
use crate::subject::{Method, Subject, Value};

pub struct X(i32);

impl X {
    pub fn get(&self) -> i32 {
        self.0
    }
}

/// The declaration.
impl Subject for X {
    fn methods() -> Vec<Method<Self>> {
        vec![]
    }
}

impl From<X> for Value<X> {
    fn from(x: X) -> Self {
        Value::Object(Some(x))
    }
}

fn ok<T: Into<Value<X>>>(t: T) -> Value<X> {
    t.into()
}

impl MapUnit for X {}
pub trait SetUnit: Subject {}
impl Default for X {
    fn default() -> Self {
        X(0)
    }
}
";
        // use, struct, impl X (5 lines), impl Default (5 lines)
        assert_eq!(sloc(source), 1 + 1 + 5 + 5);
    }

    #[test]
    fn an_inherent_impl_or_other_trait_impl_mentioning_value_is_not_glue() {
        let source = "\
impl AbstractCollection for X {
    fn size(&self) -> i32 {
        let value = 1;
        value
    }
}
";
        assert_eq!(sloc(source), 6);
    }

    #[test]
    fn every_unit_is_within_a_factor_of_two_of_the_papers_sloc_and_the_total_is_at_least_2500() {
        use crate::report::tables::PAPER_FIGURE3;
        let mut total = 0;
        for paper in PAPER_FIGURE3 {
            let unit = crate::subject::registry().find(paper.unit).unwrap();
            let sloc = unit.sloc();
            assert!(
                paper.sloc <= 2 * sloc && sloc <= 2 * paper.sloc,
                "{}: {sloc} SLOC, paper {}",
                paper.unit,
                paper.sloc
            );
            total += sloc;
        }
        assert!(total >= 2500, "{total} SLOC in all");
    }
}
