//! Test-only enumeration of all jⁿ test cases, the ground truth for Φ.

/// Every sequence of `length` calls from 0..calls, in lexicographic order.
pub(crate) fn all_sequences(calls: u32, length: usize) -> impl Iterator<Item = Vec<u32>> {
    let total = (calls as u64).pow(length as u32);
    (0..total).map(move |mut index| {
        let mut sequence = vec![0; length];
        for call in sequence.iter_mut().rev() {
            *call = (index % calls as u64) as u32;
            index /= calls as u64;
        }
        sequence
    })
}

/// Whether some non-empty proper prefix of `pattern` is also a suffix of it.
pub(crate) fn overlaps_itself(pattern: &[u32]) -> bool {
    (1..pattern.len()).any(|border| pattern[..border] == pattern[pattern.len() - border..])
}

/// How many of the calls^length test cases contain at least one of `patterns` as a
/// contiguous block.
pub(crate) fn count_containing(calls: u32, length: usize, patterns: &[Vec<u32>]) -> u64 {
    all_sequences(calls, length)
        .filter(|sequence| {
            patterns.iter().any(|pattern| {
                sequence
                    .windows(pattern.len())
                    .any(|window| window == pattern.as_slice())
            })
        })
        .count() as u64
}
