//! FCRT: feedback-controlled random test generation (Yatoh, Sakamoto, Ishikawa and
//! Honiden, ISSTA 2015, Figure 6): several FDRT pools, each step in the pool of highest
//! score, pools added periodically, the least unique half dropped, a global reset. The
//! paper's ablation (Section 5.1, Table 1) replaces the score by a uniform draw of the pool
//! ([`PoolSelection::Uniform`]) and the uniqueness by a uniform draw of the pools kept
//! ([`Pruning::Random`]).

use rand_pcg::Pcg64Mcg;

use super::fdrt::{
    ComponentPool, FdrtStepConfig, MAX_IDLE_ATTEMPTS, Seeds, check_seeds, generator_rng,
};
use super::gold::GoldExecutor;
use super::{FeedbackGenerator, Generated};
use crate::kernel::parameters::{CostUnits, ParameterError, Parameters, Probability};
use crate::kernel::rng::below;

/// How FCRT chooses the pool each step runs in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PoolSelection {
    /// The pool of highest score, ties to the older pool (the paper's selectPool).
    #[default]
    Score,
    /// A pool drawn uniformly (the paper's ablation: "select random").
    Uniform,
}

/// Which pools FCRT keeps beyond MNP pools; either way ⌈|pools|/2⌉ of them, in their order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pruning {
    /// The most unique (the paper's deletePools).
    #[default]
    Uniqueness,
    /// Drawn uniformly without replacement (the paper's ablation: "delete random").
    Random,
}

/// FCRT's parameters; the intervals are in cost units (calls executed on gold), mapped
/// from the paper's seconds at 1 s ≙ 1,000 calls (docs/generators.md).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct FcrtParams {
    /// The FDRT step each pool runs ([`FdrtStepConfig::reset_every`] is not used).
    pub fdrt: FdrtStepConfig,
    /// INP: pools at the start and after each reset (paper: 1).
    pub initial_pools: u32,
    /// MNP: beyond this many pools the most unique ⌈|pools|/2⌉ are kept (paper: 10).
    pub max_pools: u32,
    /// A new pool every this many cost units (paper: every second).
    pub add_pool_every: u64,
    /// Every pool dropped every this many cost units (paper: 100 s).
    pub reset_every: u64,
    /// How the pool of each step is chosen (paper: by score).
    pub pool_selection: PoolSelection,
    /// Which pools are kept beyond MNP (paper: the most unique).
    pub pruning: Pruning,
}

impl Default for FcrtParams {
    fn default() -> Self {
        FcrtParams {
            fdrt: FdrtStepConfig::default(),
            initial_pools: 1,
            max_pools: 10,
            add_pool_every: 1_000,
            reset_every: 100_000,
            pool_selection: PoolSelection::Score,
            pruning: Pruning::Uniqueness,
        }
    }
}

/// `fcrt`'s parameters in an experiment file's `[phase.run.params]`: FDRT's for each pool,
/// and the pool control, with the paper's defaults.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct FcrtSettings {
    /// The probability of `null` for an object argument (Randoop: 0.05).
    pub null_ratio: Probability,
    /// Whether non-null primitive results join the seed pool (Randoop 4: true).
    pub grow_seeds: bool,
    /// The seed values; a type left out keeps Randoop's.
    pub seeds: Seeds,
    /// Every pool dropped every this many cost units (paper: 100 s).
    pub reset_every: CostUnits,
    /// A new pool every this many cost units (paper: every second).
    pub add_pool_every: CostUnits,
    /// INP: pools at the start and after each reset (paper: 1).
    pub initial_pools: u32,
    /// MNP: beyond this many pools the most unique half is kept (paper: 10; at least 2).
    pub max_pools: u32,
    /// `score` (the paper's method) or `uniform` (its ablation).
    pub pool_selection: PoolSelection,
    /// `uniqueness` (the paper's method) or `random` (its ablation).
    pub pruning: Pruning,
}

impl Default for FcrtSettings {
    fn default() -> Self {
        let p = FcrtParams::default();
        FcrtSettings {
            null_ratio: Probability(p.fdrt.null_ratio),
            grow_seeds: p.fdrt.grow_seeds,
            seeds: p.fdrt.seeds,
            reset_every: CostUnits(p.reset_every),
            add_pool_every: CostUnits(p.add_pool_every),
            initial_pools: p.initial_pools,
            max_pools: p.max_pools,
            pool_selection: p.pool_selection,
            pruning: p.pruning,
        }
    }
}

impl Parameters for FcrtSettings {
    fn check(&self) -> Result<(), ParameterError> {
        check_seeds(&self.seeds)?;
        let invalid = |key: &str, message: String| {
            Err(ParameterError::Invalid {
                key: key.into(),
                message,
            })
        };
        if self.initial_pools < 1 {
            return invalid(
                "initial-pools",
                "expected an integer of at least 1, found 0".into(),
            );
        }
        if self.max_pools < 2 {
            let found = self.max_pools;
            return invalid(
                "max-pools",
                format!("expected an integer of at least 2, found {found}"),
            );
        }
        if self.initial_pools > self.max_pools {
            let (initial, max) = (self.initial_pools, self.max_pools);
            return invalid(
                "initial-pools",
                format!("initial-pools ({initial}) exceeds max-pools ({max})"),
            );
        }
        Ok(())
    }
}

impl FcrtSettings {
    /// FCRT's parameters at `max_length` calls.
    pub fn params(&self, max_length: usize) -> FcrtParams {
        FcrtParams {
            fdrt: FdrtStepConfig {
                max_length,
                null_ratio: self.null_ratio.0,
                reset_every: None,
                seeds: self.seeds.clone(),
                grow_seeds: self.grow_seeds,
            },
            initial_pools: self.initial_pools,
            max_pools: self.max_pools,
            add_pool_every: self.add_pool_every.0,
            reset_every: self.reset_every.0,
            pool_selection: self.pool_selection,
            pruning: self.pruning,
        }
    }
}

impl FeedbackGenerator for Fcrt {
    const NAME: &'static str = "fcrt";
    const SUMMARY: &'static str = "Yatoh et al.'s feedback-controlled random testing";
    const NEEDS_COVERAGE: bool = true;
    type Params = FcrtSettings;

    fn seeds(params: &FcrtSettings) -> Seeds {
        params.seeds.clone()
    }

    fn build(params: &FcrtSettings, max_length: usize, seed: u64) -> Self {
        Fcrt::new(params.params(max_length), seed)
    }

    fn next_case(&mut self, gold: &mut GoldExecutor<'_>) -> Option<Generated> {
        self.step(gold)
    }
}

/// One pool with its branch hit counts.
struct ScoredPool {
    pool: ComponentPool,
    /// count(c, pool): the test cases of this pool that reached probe c.
    hits: Vec<u64>,
    /// Probes with a non-zero count.
    covered: u64,
}

impl ScoredPool {
    fn new(params: &FdrtStepConfig, probes: usize) -> Self {
        ScoredPool {
            pool: ComponentPool::new(&params.seeds),
            hits: vec![0; probes],
            covered: 0,
        }
    }

    /// score(pool) = coverage(pool) / consumed cost; infinite while it covers nothing.
    fn score(&self) -> f64 {
        if self.covered == 0 || self.pool.cost == 0 {
            f64::INFINITY
        } else {
            self.covered as f64 / self.pool.cost as f64
        }
    }
}

/// FCRT (`fcrt`). Needs branch coverage (the unit's coverage copy) for its score and
/// uniqueness functions.
pub struct Fcrt {
    params: FcrtParams,
    rng: Pcg64Mcg,
    /// The draws of [`PoolSelection::Uniform`] and [`Pruning::Random`], a stream apart from
    /// the pools' steps (the defaults draw nothing from it).
    control_rng: Pcg64Mcg,
    pools: Vec<ScoredPool>,
    reset_at: u64,
    added_at: u64,
    started: bool,
    /// Test cases made so far.
    produced: u32,
}

impl Fcrt {
    /// FCRT with `params`, seeded with `seed`.
    pub fn new(params: FcrtParams, seed: u64) -> Self {
        Fcrt {
            params,
            rng: generator_rng(seed, 0x6663_7274),
            control_rng: generator_rng(seed, 0x6663_7274_706f_6f6c),
            pools: Vec::new(),
            reset_at: 0,
            added_at: 0,
            started: false,
            produced: 0,
        }
    }

    fn reset(&mut self, probes: usize, now: u64) {
        self.pools = (0..self.params.initial_pools)
            .map(|_| ScoredPool::new(&self.params.fdrt, probes))
            .collect();
        self.reset_at = now;
        self.added_at = now;
    }

    /// Keeps ⌈|pools|/2⌉ pools, in their order: the most unique, or drawn uniformly.
    fn prune(&mut self) {
        let keep = self.pools.len().div_ceil(2);
        let mut order: Vec<usize> = (0..self.pools.len()).collect();
        match self.params.pruning {
            Pruning::Uniqueness => {
                let scores = uniqueness(&self.pools);
                order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
            }
            Pruning::Random => {
                // A partial Fisher–Yates shuffle: order[..keep] is a uniform sample.
                for i in 0..keep {
                    let j = i + below(&mut self.control_rng, (order.len() - i) as u64) as usize;
                    order.swap(i, j);
                }
            }
        }
        let mut kept: Vec<usize> = order[..keep].to_vec();
        kept.sort_unstable();
        let mut index = 0;
        self.pools.retain(|_| {
            let keep = kept.binary_search(&index).is_ok();
            index += 1;
            keep
        });
    }
}

/// uniqueness(pool) = the mean, over the probes c the pool covered, of
/// count(c, pool) / Σ_p count(c, p); infinite for a pool that covered nothing.
fn uniqueness(pools: &[ScoredPool]) -> Vec<f64> {
    let probes = pools.first().map_or(0, |p| p.hits.len());
    let totals: Vec<u64> = (0..probes)
        .map(|c| pools.iter().map(|p| p.hits[c]).sum())
        .collect();
    pools
        .iter()
        .map(|pool| {
            if pool.covered == 0 {
                return f64::INFINITY;
            }
            let sum: f64 = pool
                .hits
                .iter()
                .zip(&totals)
                .filter(|(hits, _)| **hits > 0)
                .map(|(&hits, &total)| hits as f64 / total as f64)
                .sum();
            sum / pool.covered as f64
        })
        .collect()
}

impl Fcrt {
    /// The pool of the next step: of highest score (ties to the older pool), or uniform.
    fn select(&mut self) -> usize {
        match self.params.pool_selection {
            PoolSelection::Score => (0..self.pools.len())
                .rev()
                .max_by(|&a, &b| self.pools[a].score().total_cmp(&self.pools[b].score()))
                .expect("at least one pool"),
            PoolSelection::Uniform => {
                below(&mut self.control_rng, self.pools.len() as u64) as usize
            }
        }
    }

    /// The next test case ([`FeedbackGenerator::next_case`]).
    fn step(&mut self, gold: &mut GoldExecutor<'_>) -> Option<Generated> {
        let probes = gold.probes();
        if !self.started {
            self.reset(probes, gold.cost);
            self.started = true;
        }
        for _ in 0..MAX_IDLE_ATTEMPTS {
            if gold.cost - self.reset_at >= self.params.reset_every {
                self.reset(probes, gold.cost);
            }
            if gold.cost - self.added_at >= self.params.add_pool_every {
                self.pools.push(ScoredPool::new(&self.params.fdrt, probes));
                self.added_at = gold.cost;
                if self.pools.len() > self.params.max_pools as usize {
                    self.prune();
                }
            }
            let chosen = self.select();
            let pool = &mut self.pools[chosen];
            if let Some(step) = pool.pool.step(
                &mut self.rng,
                gold,
                &self.params.fdrt,
                self.produced,
                &mut super::guidance::Uniform,
            ) {
                self.produced += 1;
                for &c in &step.covered {
                    let count = &mut pool.hits[c as usize];
                    if *count == 0 {
                        pool.covered += 1;
                    }
                    *count += 1;
                }
                return Some(step.generated);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool_with(hits: Vec<u64>) -> ScoredPool {
        let covered = hits.iter().filter(|&&h| h > 0).count() as u64;
        ScoredPool {
            pool: ComponentPool::new(&Default::default()),
            hits,
            covered,
        }
    }

    #[test]
    fn uniqueness_is_the_mean_share_of_the_hits_on_the_branches_a_pool_covered() {
        // Branch 0: 3 and 1 hits; branch 1: only the first pool; branch 2: only the second.
        let pools = [
            pool_with(vec![3, 2, 0]),
            pool_with(vec![1, 0, 4]),
            pool_with(vec![0; 3]),
        ];
        let u = uniqueness(&pools);
        assert!((u[0] - (3.0 / 4.0 + 1.0) / 2.0).abs() < 1e-12);
        assert!((u[1] - (1.0 / 4.0 + 1.0) / 2.0).abs() < 1e-12);
        assert_eq!(u[2], f64::INFINITY);
    }

    #[test]
    fn pruning_keeps_the_more_unique_half_rounded_up_in_order() {
        let mut fcrt = Fcrt::new(FcrtParams::default(), 1);
        fcrt.pools = vec![
            pool_with(vec![5, 0]), // shares branch 0 with the next: 5/10
            pool_with(vec![5, 0]), // 5/10
            pool_with(vec![0, 1]), // alone on branch 1: 1
        ];
        fcrt.prune();
        let hits: Vec<Vec<u64>> = fcrt.pools.iter().map(|p| p.hits.clone()).collect();
        assert_eq!(hits, [vec![5, 0], vec![0, 1]], "ties go to the older pool");
    }

    fn fcrt_with(pool_selection: PoolSelection, pruning: Pruning, seed: u64) -> Fcrt {
        let params = FcrtParams {
            pool_selection,
            pruning,
            ..FcrtParams::default()
        };
        Fcrt::new(params, seed)
    }

    /// Pool i covers probe i alone, i + 1 times: uniqueness 1 for each, kept by index.
    fn distinct_pools(count: usize) -> Vec<ScoredPool> {
        (0..count)
            .map(|i| {
                let mut hits = vec![0; count];
                hits[i] = i as u64 + 1;
                pool_with(hits)
            })
            .collect()
    }

    fn kept_after_pruning(fcrt: &mut Fcrt, count: usize) -> Vec<usize> {
        fcrt.pools = distinct_pools(count);
        fcrt.prune();
        let kept: Vec<usize> = fcrt
            .pools
            .iter()
            .map(|p| p.hits.iter().position(|&h| h > 0).unwrap())
            .collect();
        assert!(kept.windows(2).all(|w| w[0] < w[1]), "in order: {kept:?}");
        kept
    }

    #[test]
    fn the_defaults_are_the_papers_method() {
        let settings = FcrtSettings::default();
        assert_eq!(settings.pool_selection, PoolSelection::Score);
        assert_eq!(settings.pruning, Pruning::Uniqueness);
        assert_eq!(settings.params(100).pool_selection, PoolSelection::Score);
        assert_eq!(settings.params(100).pruning, Pruning::Uniqueness);
        let read: FcrtSettings =
            crate::kernel::parameters::read(&toml::from_str("").unwrap()).unwrap();
        assert_eq!(read, settings);
        let written: FcrtSettings = crate::kernel::parameters::read(
            &toml::from_str("pool-selection = \"uniform\"\npruning = \"random\"").unwrap(),
        )
        .unwrap();
        assert_eq!(
            (written.pool_selection, written.pruning),
            (PoolSelection::Uniform, Pruning::Random)
        );
    }

    #[test]
    fn random_pruning_keeps_half_rounded_up_in_order_drawn_by_the_seed() {
        // Uniqueness keeps the same pools whatever the seed: here every pool is as unique
        // as the others and ties go to the older pools.
        for seed in 0..5 {
            let mut fcrt = fcrt_with(PoolSelection::Score, Pruning::Uniqueness, seed);
            assert_eq!(kept_after_pruning(&mut fcrt, 11), [0, 1, 2, 3, 4, 5]);
        }
        let mut kept_count = [0u32; 11];
        let mut samples = std::collections::HashSet::new();
        for seed in 0..400 {
            let mut fcrt = fcrt_with(PoolSelection::Score, Pruning::Random, seed);
            let kept = kept_after_pruning(&mut fcrt, 11);
            assert_eq!(kept.len(), 6);
            let mut again = fcrt_with(PoolSelection::Score, Pruning::Random, seed);
            assert_eq!(kept_after_pruning(&mut again, 11), kept, "seed {seed}");
            kept.iter().for_each(|&i| kept_count[i] += 1);
            samples.insert(kept);
        }
        // Each pool is kept with probability 6/11 (218 of 400 expected; sd 10).
        assert!(
            kept_count.iter().all(|&k| (170..=266).contains(&k)),
            "{kept_count:?}"
        );
        assert!(samples.len() > 200, "{} distinct samples", samples.len());
        // Successive prunings of one generator draw afresh.
        let mut fcrt = fcrt_with(PoolSelection::Score, Pruning::Random, 7);
        let draws: std::collections::HashSet<Vec<usize>> =
            (0..20).map(|_| kept_after_pruning(&mut fcrt, 9)).collect();
        assert!(draws.len() > 1);
    }

    #[test]
    fn uniform_selection_chooses_every_pool_and_score_only_the_best() {
        let scored = |fcrt: &mut Fcrt| {
            // Scores 1/4, 3/4 and 2/4: the second is the best.
            fcrt.pools = [1, 3, 2]
                .into_iter()
                .map(|covered| {
                    let mut pool = pool_with((0..3).map(|c| u64::from(c < covered)).collect());
                    pool.pool.cost = 4;
                    pool
                })
                .collect();
        };
        let mut fcrt = fcrt_with(PoolSelection::Score, Pruning::Uniqueness, 3);
        scored(&mut fcrt);
        assert!((0..100).all(|_| fcrt.select() == 1));
        let mut fcrt = fcrt_with(PoolSelection::Uniform, Pruning::Uniqueness, 3);
        scored(&mut fcrt);
        let mut chosen = [0u32; 3];
        (0..3000).for_each(|_| chosen[fcrt.select()] += 1);
        // 1,000 each expected (sd 26).
        assert!(
            chosen.iter().all(|&c| (880..=1120).contains(&c)),
            "{chosen:?}"
        );
        let mut other = fcrt_with(PoolSelection::Uniform, Pruning::Uniqueness, 4);
        scored(&mut other);
        let first: Vec<usize> = (0..30).map(|_| fcrt.select()).collect();
        let second: Vec<usize> = (0..30).map(|_| other.select()).collect();
        assert_ne!(first, second, "the draws depend on the seed");
    }

    #[test]
    fn a_new_pool_scores_infinity_and_coverage_per_cost_after() {
        let mut pool = pool_with(vec![0, 0]);
        assert_eq!(pool.score(), f64::INFINITY);
        pool.hits = vec![2, 1];
        pool.covered = 2;
        pool.pool.cost = 8;
        assert_eq!(pool.score(), 0.25);
    }
}
