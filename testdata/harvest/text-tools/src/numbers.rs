//! Numbers in text.

/// Why a number does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Where the first unexpected character is.
    pub at: usize,
}

/// The decimal digits of `n`.
pub fn digits(n: u64) -> u32 {
    let mut count = 1;
    let mut rest = n;
    while rest >= 10 {
        rest /= 10;
        count += 1;
    }
    count
}

/// A number of at most 9 digits, parsed from decimal text.
pub fn parse(text: &str) -> Result<i32, ParseError> {
    let mut value: i32 = 0;
    for (at, c) in text.chars().enumerate() {
        let digit = c.to_digit(10).ok_or(ParseError { at })?;
        if at >= 9 {
            return Err(ParseError { at });
        }
        value = value * 10 + digit as i32;
    }
    Ok(value)
}

/// Whether `text` holds a number of at most 9 digits; a name shared with nothing else.
pub fn is_number(text: &str) -> bool {
    parse(text).is_ok() && !text.is_empty()
}
