//! SPECs: sets of integers written as `A..=B`, comma lists, or `paper`.
//!
//! Used for test lengths n (CLI and experiment files) and for the parameters of
//! `testspace phi`.

/// The most values a SPEC may denote.
pub const LONGEST_SPEC: u64 = 10_000_000;

/// The paper's test lengths (Section 6.3): 1..8, then doubling to 1024.
pub fn paper_lengths() -> Vec<u64> {
    (1..=8).chain((4..=10).map(|power| 1u64 << power)).collect()
}

/// An invalid SPEC.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// An item is not a non-negative integer.
    #[error("{0:?} is not a non-negative integer")]
    NotAnInteger(String),
    /// A range whose end is below its start.
    #[error("empty range {0}")]
    EmptyRange(String),
    /// A range written `A..B`.
    #[error("{0:?}: write ranges as A..=B (both ends included)")]
    ExclusiveRange(String),
    /// More than [`LONGEST_SPEC`] values.
    #[error("more than {LONGEST_SPEC} values")]
    TooLong,
}

/// Parses a SPEC: `paper` ([`paper_lengths`]), or a comma list of integers and inclusive
/// ranges `A..=B`. Returns the values sorted, without repeats.
pub fn parse_spec(text: &str) -> Result<Vec<u64>, SpecError> {
    let number = |item: &str| -> Result<u64, SpecError> {
        item.trim()
            .parse()
            .map_err(|_| SpecError::NotAnInteger(item.trim().to_string()))
    };
    if text.trim() == "paper" {
        return Ok(paper_lengths());
    }
    let mut values = Vec::new();
    for item in text.split(',') {
        if let Some((first, last)) = item.split_once("..=") {
            let (first, last) = (number(first)?, number(last)?);
            if first > last {
                return Err(SpecError::EmptyRange(item.trim().to_string()));
            }
            if last - first >= LONGEST_SPEC {
                return Err(SpecError::TooLong);
            }
            values.extend(first..=last);
        } else if item.contains("..") {
            return Err(SpecError::ExclusiveRange(item.trim().to_string()));
        } else {
            values.push(number(item)?);
        }
        if values.len() as u64 > LONGEST_SPEC {
            return Err(SpecError::TooLong);
        }
    }
    values.sort_unstable();
    values.dedup();
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_accepts_ranges_lists_and_the_paper_lengths() {
        assert_eq!(parse_spec("1..=4").unwrap(), vec![1, 2, 3, 4]);
        assert_eq!(parse_spec("10, 2..=3,2").unwrap(), vec![2, 3, 10]);
        assert_eq!(
            parse_spec("paper").unwrap(),
            vec![1, 2, 3, 4, 5, 6, 7, 8, 16, 32, 64, 128, 256, 512, 1024]
        );
    }

    #[test]
    fn spec_rejects_malformed_items() {
        assert_eq!(
            parse_spec("1..4"),
            Err(SpecError::ExclusiveRange("1..4".into()))
        );
        assert_eq!(
            parse_spec("5..=2"),
            Err(SpecError::EmptyRange("5..=2".into()))
        );
        assert_eq!(parse_spec("x"), Err(SpecError::NotAnInteger("x".into())));
        assert_eq!(parse_spec("0..=99999999"), Err(SpecError::TooLong));
    }
}
