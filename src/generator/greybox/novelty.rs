//! What counts as new coverage: AFL's hit-count buckets and its map of the buckets seen
//! so far (`classify_counts` and `has_new_bits` in `afl-fuzz.c`; Zalewski, "Technical
//! details", section 2), over the probes of gold's coverage copy in place of AFL's edges.

use std::collections::HashMap;

/// A probe's hit count's bucket, as a bit: 1, 2, 3, 4–7, 8–15, 16–31, 32–127, 128+ are
/// bits 0 to 7 (AFL's `count_class_lookup8`). `counts` off: every count is bit 0.
pub(crate) fn bucket(hits: u8, counts: bool) -> u8 {
    if !counts {
        return 1;
    }
    let class = match hits {
        0 => return 0,
        1 => 0,
        2 => 1,
        3 => 2,
        4..=7 => 3,
        8..=15 => 4,
        16..=31 => 5,
        32..=127 => 6,
        128..=255 => 7,
    };
    1 << class
}

/// One execution's trace: per probe reached, ascending, its id and its count's bucket bit.
pub(crate) type Trace = Vec<(u32, u8)>;

/// How an execution's trace compares with every trace before it (`has_new_bits`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum News {
    /// Every probe it reached in the bucket it reached it in was seen before.
    Nothing,
    /// A probe reached before entered a new bucket (AFL's 1).
    Bucket,
    /// A probe never reached before (AFL's 2).
    Probe,
}

impl News {
    /// Whether it earns the input a place in the queue.
    pub(crate) fn is_new(self) -> bool {
        self != News::Nothing
    }
}

/// The buckets seen so far per probe (AFL's `virgin_bits`, inverted), and how many
/// generated inputs exercised each path (AFLFast's `n_fuzz`), a path being the whole
/// bucketed trace.
pub(crate) struct CoverageMap {
    /// Per probe, the bucket bits seen.
    seen: Vec<u8>,
    /// Per path met, its number.
    paths: HashMap<Box<[u32]>, u32>,
    /// Per path number, the inputs that exercised it: f.
    frequency: Vec<u64>,
}

impl CoverageMap {
    /// A map of `probes` probes, nothing seen.
    pub(crate) fn new(probes: usize) -> Self {
        CoverageMap {
            seen: vec![0; probes],
            paths: HashMap::new(),
            frequency: Vec::new(),
        }
    }

    /// Adds `trace` to the map: what it brought that is new, and its path's number, whose
    /// frequency goes up by one.
    pub(crate) fn add(&mut self, trace: &Trace) -> (News, u32) {
        let mut news = News::Nothing;
        for &(probe, bit) in trace {
            let seen = &mut self.seen[probe as usize];
            if *seen & bit == 0 {
                news = news.max(if *seen == 0 {
                    News::Probe
                } else {
                    News::Bucket
                });
                *seen |= bit;
            }
        }
        let key: Box<[u32]> = trace
            .iter()
            .map(|&(probe, bit)| probe << 8 | u32::from(bit))
            .collect();
        let next = self.paths.len() as u32;
        let path = *self.paths.entry(key).or_insert(next);
        if path as usize == self.frequency.len() {
            self.frequency.push(0);
        }
        self.frequency[path as usize] += 1;
        (news, path)
    }

    /// f of path number `path`: the inputs that exercised it.
    pub(crate) fn frequency(&self, path: u32) -> u64 {
        self.frequency[path as usize]
    }

    /// The probes reached by some input.
    #[cfg(test)]
    pub(crate) fn covered(&self) -> usize {
        self.seen.iter().filter(|&&bits| bits != 0).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_fall_into_afl_s_eight_buckets() {
        let classes: Vec<u8> = [1u8, 2, 3, 4, 7, 8, 15, 16, 31, 32, 127, 128, 255]
            .iter()
            .map(|&n| bucket(n, true).trailing_zeros() as u8)
            .collect();
        assert_eq!(classes, [0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]);
        assert_eq!(bucket(0, true), 0);
        assert!((1..=255).all(|n| bucket(n, false) == 1));
    }

    /// A probe reached again with a count in a bucket not seen is new coverage (AFL's
    /// hit-count transitions), one in a bucket seen is not; without hit counts only a
    /// probe never reached is.
    #[test]
    fn a_bucket_transition_counts_as_new_coverage() {
        for counts in [true, false] {
            let mut map = CoverageMap::new(4);
            let trace = |hits: &[(u32, u8)]| -> Trace {
                hits.iter().map(|&(p, n)| (p, bucket(n, counts))).collect()
            };
            assert_eq!(map.add(&trace(&[(0, 1), (2, 1)])).0, News::Probe);
            assert_eq!(map.add(&trace(&[(0, 1), (2, 1)])).0, News::Nothing);
            let loop_more = map.add(&trace(&[(0, 1), (2, 5)])).0;
            assert_eq!(loop_more, if counts { News::Bucket } else { News::Nothing });
            // 6 is in 5's bucket, 4–7.
            assert_eq!(map.add(&trace(&[(0, 1), (2, 6)])).0, News::Nothing);
            assert_eq!(map.add(&trace(&[(3, 1)])).0, News::Probe);
            assert_eq!(map.covered(), 3);
        }
    }

    #[test]
    fn each_path_s_frequency_counts_the_inputs_that_exercised_it() {
        let mut map = CoverageMap::new(3);
        let a: Trace = vec![(0, 1), (1, 2)];
        let b: Trace = vec![(0, 1), (1, 4)];
        let (_, pa) = map.add(&a);
        let (_, pb) = map.add(&b);
        assert_ne!(pa, pb);
        assert_eq!(map.add(&a).1, pa);
        assert_eq!((map.frequency(pa), map.frequency(pb)), (2, 1));
    }
}
