//! One item of a source file at its place: the file's text with everything outside the item
//! blanked, so that a parse of the excerpt gives every token of the item the line and
//! column it has in the file. The `#[testspace::mutants]` attribute analyses the module it
//! is on this way, so mutant locations and coverage probes name the user's own lines.

/// A position in a file: line from 1, column from 0 in characters (as `proc_macro2`'s
/// `LineColumn`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 0, in characters.
    pub column: usize,
}

/// `text` with every character before `start` and from `end` on replaced by a space, line
/// breaks kept; `None` if a position lies outside the text or `end` is before `start`.
pub fn excerpt(text: &str, start: Position, end: Position) -> Option<String> {
    if end < start {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let (mut seen_start, mut seen_end) = (false, false);
    for (number, line) in text.split_inclusive('\n').enumerate() {
        let number = number + 1;
        let mut column = 0;
        for c in line.chars() {
            let here = Position {
                line: number,
                column,
            };
            seen_start |= here == start;
            seen_end |= here == end;
            let inside = here >= start && here < end;
            out.push(if inside || c == '\n' || c == '\r' {
                c
            } else {
                ' '
            });
            column += 1;
        }
        // The end may sit just past the last character of a line (the file's last item).
        seen_end |= Position {
            line: number,
            column,
        } == end;
    }
    (seen_start && seen_end).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: usize, column: usize) -> Position {
        Position { line, column }
    }

    #[test]
    fn the_item_keeps_its_lines_and_columns_and_the_rest_is_blank() {
        let text = "use a;\nmod m {\n    fn f() {}\n}\nfn g() {}\n";
        let cut = excerpt(text, at(2, 0), at(4, 1)).unwrap();
        assert_eq!(cut, "      \nmod m {\n    fn f() {}\n}\n         \n");
        let file = syn::parse_file(&cut).unwrap();
        assert_eq!(file.items.len(), 1);
        use syn::spanned::Spanned;
        assert_eq!(file.items[0].span().start().line, 2);
    }

    #[test]
    fn an_item_at_the_very_end_of_the_file_without_a_line_break() {
        let text = "mod m {}";
        assert_eq!(excerpt(text, at(1, 0), at(1, 8)).unwrap(), "mod m {}");
    }

    #[test]
    fn positions_outside_the_text_or_reversed_give_none() {
        let text = "mod m {}\n";
        assert_eq!(excerpt(text, at(3, 0), at(3, 1)), None);
        assert_eq!(excerpt(text, at(1, 5), at(1, 2)), None);
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "// ü\nmod m { /* é */ }\n";
        let cut = excerpt(text, at(2, 0), at(2, 17)).unwrap();
        assert_eq!(cut, "    \nmod m { /* é */ }\n");
    }
}
