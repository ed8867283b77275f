//! Shards: disjoint parts of an experiment, each run on its own and merged after.

use serde::{Deserialize, Serialize};

/// One of `count` disjoint parts of an experiment (`--shard INDEX/COUNT`, 1-based): the
/// cells of the (replicate, subject, mutant) units dealt to it. A unit's cells depend only on
/// its own earlier cells (`mutants = "killed"`, `E(r)`, `stop-when-killed`), so no
/// dependency crosses shards. Units are dealt round-robin in (subject, mutant, replicate)
/// order, so every shard gets an equal share (±1) of every subject's mutants — balanced by
/// expected cost as far as mutants of one unit cost alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// 1-based.
    pub index: u32,
    /// How many shards the experiment is split into.
    pub count: u32,
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad =
            || format!("`{s}` is not a shard: write INDEX/COUNT with 1 ≤ INDEX ≤ COUNT, e.g. 2/4");
        let (index, count) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (u32, u32) = (
            index.trim().parse().map_err(|_| bad())?,
            count.trim().parse().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// Whether the unit at `position` in the deal order belongs to this shard.
    pub fn holds(self, position: usize) -> bool {
        position % self.count as usize == (self.index - 1) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::Shard;

    #[test]
    fn shards_parse_as_index_over_count_and_deal_every_unit_to_exactly_one() {
        assert_eq!("2/4".parse::<Shard>(), Ok(Shard { index: 2, count: 4 }));
        for bad in ["0/4", "5/4", "2", "a/b", "2/0", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let shards: Vec<Shard> = (1..=3).map(|index| Shard { index, count: 3 }).collect();
        for position in 0..100 {
            assert_eq!(shards.iter().filter(|s| s.holds(position)).count(), 1);
        }
        assert_eq!(Shard { index: 2, count: 3 }.to_string(), "2/3");
    }
}
