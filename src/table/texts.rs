//! A column of texts stored end to end in one buffer: one allocation for any number of
//! rows, and neighbouring rows neighbours in memory (a million cells read, checked and
//! compared without a million strings).

use std::fmt;

/// Texts, each row a text or a null.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Texts {
    /// Every text, end to end.
    bytes: String,
    /// Where row i ends in `bytes` (it starts where row i − 1 ends); a null ends where
    /// the row before it does.
    ends: Vec<usize>,
    /// Whether row i holds a text.
    present: Vec<bool>,
}

impl Texts {
    /// No rows.
    pub fn new() -> Self {
        Self::default()
    }

    /// No rows, with room for `rows` rows of `bytes` bytes in all.
    pub fn with_capacity(rows: usize, bytes: usize) -> Self {
        Texts {
            bytes: String::with_capacity(bytes),
            ends: Vec::with_capacity(rows),
            present: Vec::with_capacity(rows),
        }
    }

    /// `rows` nulls.
    pub fn nulls(rows: usize) -> Self {
        Texts {
            bytes: String::new(),
            ends: vec![0; rows],
            present: vec![false; rows],
        }
    }

    /// Appends a row.
    pub fn push(&mut self, text: Option<&str>) {
        if let Some(text) = text {
            self.bytes.push_str(text);
        }
        self.ends.push(self.bytes.len());
        self.present.push(text.is_some());
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Row `row`'s text (`None`: a null).
    ///
    /// # Panics
    /// If there is no row `row`.
    pub fn get(&self, row: usize) -> Option<&str> {
        if !self.present[row] {
            return None;
        }
        let start = if row == 0 { 0 } else { self.ends[row - 1] };
        Some(&self.bytes[start..self.ends[row]])
    }

    /// Whether row `row` is a null.
    ///
    /// # Panics
    /// If there is no row `row`.
    pub fn is_null(&self, row: usize) -> bool {
        !self.present[row]
    }

    /// The rows in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Option<&str>> + '_ {
        (0..self.len()).map(|row| self.get(row))
    }
}

impl fmt::Debug for Texts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> Extend<Option<&'a str>> for Texts {
    fn extend<I: IntoIterator<Item = Option<&'a str>>>(&mut self, rows: I) {
        for row in rows {
            self.push(row);
        }
    }
}

impl<S: AsRef<str>> FromIterator<Option<S>> for Texts {
    fn from_iter<I: IntoIterator<Item = Option<S>>>(rows: I) -> Self {
        let mut texts = Texts::new();
        for row in rows {
            texts.push(row.as_ref().map(AsRef::as_ref));
        }
        texts
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #[test]
        fn rows_read_back_as_pushed(rows in prop::collection::vec(prop::option::of(".{0,8}"), 0..50)) {
            let texts: Texts = rows.iter().cloned().collect();
            prop_assert_eq!(texts.len(), rows.len());
            for (row, expected) in rows.iter().enumerate() {
                prop_assert_eq!(texts.get(row), expected.as_deref());
                prop_assert_eq!(texts.is_null(row), expected.is_none());
            }
            // Equal content, equal texts, however they were built.
            let mut pushed = Texts::with_capacity(1, 1);
            pushed.extend(rows.iter().map(|r| r.as_deref()));
            prop_assert_eq!(pushed, texts);
        }
    }

    #[test]
    fn a_null_and_an_empty_text_differ() {
        let a: Texts = [Some(""), None].into_iter().collect();
        let b: Texts = [None, Some("")].into_iter().collect();
        assert_ne!(a, b);
        assert_eq!(a.get(0), Some(""));
        assert_eq!(Texts::nulls(2), [None::<&str>, None].into_iter().collect());
    }
}
