//! Text functions to harvest in tests (tests/cli_harvest.rs): the signatures the harvester
//! adapts for free functions, and the ones it skips.

use std::borrow::Cow;

pub mod numbers;

/// The text in capitals, with an exclamation mark.
pub fn shout(text: &str) -> String {
    let mut out = text.to_uppercase();
    out.push('!');
    out
}

/// How many of the text's characters are vowels.
pub fn vowels(text: &str) -> usize {
    text.chars().filter(|c| "aeiouAEIOU".contains(*c)).count()
}

/// The text cut to at most `width` characters, borrowed when it already fits.
pub fn truncate(text: &str, width: usize) -> Cow<'_, str> {
    if text.chars().count() <= width {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(text.chars().take(width).collect())
    }
}

/// The share of vowels: a float, which no pool holds.
pub fn vowel_share(text: &str) -> f64 {
    vowels(text) as f64 / text.len().max(1) as f64
}

/// Applies `f` to every character: a closure, which no pool holds.
pub fn each_char<F: FnMut(char)>(text: &str, f: F) {
    text.chars().for_each(f)
}

fn helper_never_called(text: &str) -> usize {
    text.len() * 3
}

/// Not reached by any public function.
pub(crate) fn internal(text: &str) -> usize {
    helper_never_called(text)
}
