//! `swarm`: swarm testing (Groce, Zhang, Eide, Chen and Regehr, ISSTA 2012) over M_C —
//! each group of test cases gets a random configuration that keeps each method with
//! probability `keep` (½ in the paper) and samples within it as R does.

use super::random::uniform_call;
use super::{CounterWalk, Cursor, Parameters, Probability};
use crate::context::TestContext;
use crate::encoding::CallSpace;
use crate::kernel::rng::{below, case_rng, mix64};
use crate::walk::ParameterError;

/// Tag mixed into the seed of the configuration draws, so that they are independent of the
/// test cases' own streams.
const CONFIGURATION_TAG: u64 = 0x7377_6172_6d00_0001;

/// `swarm`'s parameters.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct SwarmParams {
    /// The probability that a configuration keeps a method (Groce et al.: ½).
    pub keep: Probability,
    /// Test cases per configuration (1: a configuration per test case).
    pub group: u64,
}

impl Default for SwarmParams {
    fn default() -> Self {
        SwarmParams {
            keep: Probability(0.5),
            group: 1,
        }
    }
}

impl Parameters<TestContext> for SwarmParams {
    fn check(&self) -> Result<(), ParameterError> {
        if self.group == 0 {
            return Err(ParameterError::Invalid {
                key: "group".into(),
                message: "expected at least 1 test case per configuration, found 0".into(),
            });
        }
        Ok(())
    }
}

/// Swarm testing: test case k uses configuration ⌊k / group⌋, a subset of M_C drawn with
/// its own stream (each method kept with probability `keep`; a draw that keeps none keeps
/// them all); within it, each call's method is uniform over the kept methods and its slots
/// uniform, drawn from (seed, k) exactly as R draws them — so with `keep = 1` the walk is
/// R's. Contract of [`CounterWalk`]: deterministic in (space, n, seed, parameters) and k.
#[derive(Clone, Debug)]
pub struct Swarm {
    n: usize,
    seed: u64,
    params: SwarmParams,
    /// (first call index, nc(m)) of each method with a call.
    methods: Vec<(u32, u64)>,
}

impl Swarm {
    /// Swarm over the methods of `space`, length n, seeded with `seed`.
    pub fn new(space: &CallSpace, n: usize, seed: u64, params: &SwarmParams) -> Self {
        let methods = space.shapes().iter().filter(|s| s.nc > 0);
        let methods = methods.map(|s| (s.offset as u32, s.nc)).collect();
        let params = params.clone();
        Swarm {
            n,
            seed,
            params,
            methods,
        }
    }

    /// The methods (indices into `methods`) of configuration `group`.
    pub fn configuration(&self, group: u64) -> Vec<usize> {
        let mut rng = case_rng(mix64(self.seed ^ CONFIGURATION_TAG), group);
        // A method is kept when a uniform draw in [0, 2⁵³) falls below keep · 2⁵³.
        let threshold = (self.params.keep.0 * (1u64 << 53) as f64) as u64;
        let kept: Vec<usize> = (0..self.methods.len())
            .filter(|_| below(&mut rng, 1 << 53) < threshold)
            .collect();
        if kept.is_empty() {
            (0..self.methods.len()).collect()
        } else {
            kept
        }
    }
}

impl CounterWalk for Swarm {
    const NAME: &'static str = "swarm";
    const SUMMARY: &'static str =
        "swarm testing: each group of test cases samples like R within a random subset of M_C";
    const USES_SEED: bool = true;
    const WITH_REPLACEMENT: bool = true;
    type Params = SwarmParams;

    fn build(context: &TestContext, n: usize, seed: u64, params: &SwarmParams) -> Self {
        Swarm::new(context.call_space(), n, seed, params)
    }

    fn length(&self) -> usize {
        self.n
    }

    fn case_into(&self, counter: u64, out: &mut [u32]) -> bool {
        let kept = self.configuration(counter / self.params.group);
        self.fill(&kept, counter, out);
        true
    }

    /// Walks on, drawing each group's configuration once rather than per test case.
    fn cursor(&self, start: u64) -> Box<dyn Cursor + '_> {
        Box::new(SwarmCursor {
            swarm: self,
            next: start,
            configuration: None,
        })
    }
}

impl Swarm {
    /// Test case `counter` within configuration `kept`: R's draws from (seed, counter).
    fn fill(&self, kept: &[usize], counter: u64, out: &mut [u32]) {
        let mut rng = case_rng(self.seed, counter);
        for call in out.iter_mut() {
            let method = self.methods[kept[below(&mut rng, kept.len() as u64) as usize]];
            *call = uniform_call(&mut rng, method);
        }
    }
}

/// [`Swarm`]'s sequential walk: the current group's configuration kept between test cases.
struct SwarmCursor<'a> {
    swarm: &'a Swarm,
    next: u64,
    /// (group, its configuration).
    configuration: Option<(u64, Vec<usize>)>,
}

impl Cursor for SwarmCursor<'_> {
    fn next_case(&mut self, out: &mut [u32]) -> bool {
        if self.next == u64::MAX {
            return false;
        }
        let group = self.next / self.swarm.params.group;
        if self.configuration.as_ref().is_none_or(|(g, _)| *g != group) {
            self.configuration = Some((group, self.swarm.configuration(group)));
        }
        let (_, kept) = self.configuration.as_ref().expect("set above");
        self.swarm.fill(kept, self.next, out);
        self.next += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walk::{Random, WalkKind};

    fn space() -> CallSpace {
        let shapes = (0..8).map(|m| (m, vec![2; m % 3])).collect();
        CallSpace::new(shapes).unwrap()
    }

    fn swarm(keep: f64, group: u64) -> Swarm {
        let params = SwarmParams {
            keep: Probability(keep),
            group,
        };
        Swarm::new(&space(), 6, 41, &params)
    }

    #[test]
    fn keeping_every_method_is_exactly_r() {
        let (ours, r) = (swarm(1.0, 1), Random::new(&space(), 6, 41));
        let (mut a, mut b) = ([0u32; 6], [0u32; 6]);
        for k in 0..2_000 {
            assert!(ours.case_into(k, &mut a) && r.case_into(k, &mut b));
            assert_eq!(a, b, "test case {k}");
        }
    }

    #[test]
    fn a_group_stays_within_one_configuration_and_configurations_keep_each_method_half_the_time() {
        let walk = swarm(0.5, 10);
        let space = space();
        let mut kept_count = 0usize;
        let mut distinct = std::collections::BTreeSet::new();
        for group in 0..2_000u64 {
            let kept = walk.configuration(group);
            kept_count += kept.len();
            distinct.insert(kept.clone());
            let mut out = [0u32; 6];
            for k in group * 10..group * 10 + 10 {
                walk.case_into(k, &mut out);
                for &call in &out {
                    assert!(kept.contains(&space.decode_call(call).position), "{group}");
                }
            }
        }
        // 8 methods kept with probability ½ each (an empty draw keeps all 8: 1/256).
        let mean = kept_count as f64 / 2_000.0;
        let expected = 4.0 + 8.0 / 256.0;
        assert!((mean - expected).abs() < 0.15, "{mean}");
        assert!(distinct.len() > 150, "{} configurations", distinct.len());
    }

    #[test]
    fn the_cursor_walks_the_same_test_cases_as_case_into() {
        let walk = swarm(0.5, 7);
        let mut cursor = walk.cursor(5);
        let (mut a, mut b) = ([0u32; 6], [0u32; 6]);
        for k in 5..300 {
            assert!(cursor.next_case(&mut a));
            walk.case_into(k, &mut b);
            assert_eq!(a, b, "test case {k}");
        }
    }

    #[test]
    fn its_parameters_are_read_and_checked_by_key() {
        let read = |text: &str| WalkKind::SWARM.read_parameters(&toml::from_str(text).unwrap());
        assert!(read("keep = 0.25\ngroup = 100").is_ok());
        let e = read("keep = 1.5").unwrap_err();
        assert_eq!(e.key(), "keep");
        assert!(e.to_string().contains("probability"), "{e}");
        assert_eq!(read("group = 0").unwrap_err().key(), "group");
    }
}
