//! The value pools' sizes and initial values (vps and init of a test context): what a
//! session's pools start from.

use super::PoolType;

/// Initial value-pool contents: vps(t) and init for every pool type.
///
/// Contract: `ints.len()`, `bools.len()`, `strings.len()` and `objects` are vps(int),
/// vps(bool), vps(string) and vps(object); object slots start as `null`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PoolInit {
    /// init(int): initial values of the `int` pool.
    pub ints: Vec<i32>,
    /// init(bool).
    pub bools: Vec<bool>,
    /// init(string).
    pub strings: Vec<String>,
    /// vps of the object pool.
    pub objects: usize,
}

impl PoolInit {
    /// The paper's context (Section 6.2): every primitive pool has two members with
    /// distinct values (int {0, 100}, bool {false, true}, string {"a", "b"}) and the
    /// object pool has one member.
    pub fn paper() -> Self {
        PoolInit {
            ints: vec![0, 100],
            bools: vec![false, true],
            strings: vec!["a".into(), "b".into()],
            objects: 1,
        }
    }

    /// vps(t).
    pub fn size(&self, pool: PoolType) -> usize {
        match pool {
            PoolType::Int => self.ints.len(),
            PoolType::Bool => self.bools.len(),
            PoolType::Str => self.strings.len(),
            PoolType::Object => self.objects,
        }
    }

    /// Default initial values for a pool of `size` members: ints 0, 100, 200, …;
    /// bools false, true, false, …; strings "a", "b", …, "z", "s26", ….
    pub fn default_ints(size: usize) -> Vec<i32> {
        (0..size).map(|i| (i as i32).saturating_mul(100)).collect()
    }

    /// See [`PoolInit::default_ints`].
    pub fn default_bools(size: usize) -> Vec<bool> {
        (0..size).map(|i| i % 2 == 1).collect()
    }

    /// See [`PoolInit::default_ints`].
    pub fn default_strings(size: usize) -> Vec<String> {
        (0..size)
            .map(|i| {
                if i < 26 {
                    ((b'a' + i as u8) as char).to_string()
                } else {
                    format!("s{i}")
                }
            })
            .collect()
    }
}
