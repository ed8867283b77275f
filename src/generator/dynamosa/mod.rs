//! `dynamosa`: DynaMOSA (Panichella, Kifetew, Tonella, TSE 2018), the many-objective
//! search EvoSuite runs by default and RustyUnit brought to Rust, over method-call
//! sequences of one unit, with branch feedback from its coverage copy.
//!
//! One objective per probe of the coverage copy ([`targets`]); the search starts with the
//! targets without control dependency (the functions' entries) and widens along the
//! control-dependence forest as targets are covered. A test's fitness for a target is its
//! approach level plus its normalised branch distance ([`fitness`]), the distances read
//! from the coverage copy's comparison probes. Each generation ranks parents and offspring
//! by preference sorting and non-dominated sorting on the current targets ([`ranking`]),
//! keeps the best, and breeds by tournament, crossover and mutation ([`variation`]); an
//! [`archive`] keeps the shortest test covering each target.
//!
//! The suite it emits is every test it evaluates, in evaluation order: a generated suite
//! is what the generator ran on gold, and the budget in cost units is spent as the
//! search spends it (method calls of evaluated tests). A test of two calls or more is
//! written as a derivation from a one-call test of its first call: the first time a first
//! call is met, it is run and emitted alone just before (cost one call).

mod archive;
mod fitness;
mod ranking;
mod settings;
mod targets;
mod variation;

use std::collections::VecDeque;
use std::sync::Arc;

use rand_pcg::Pcg64Mcg;

pub use archive::Archive;
pub use settings::DynamosaSettings;
pub use targets::ControlDependence;

use super::emitter::Emitter;
use super::gold::GoldExecutor;
use super::sequence::Sequence;
use super::{CaseKind, FeedbackGenerator, Generated};
use crate::kernel::rng::{case_rng, unit_draw};
use crate::subject::MethodInfo;
use crate::subject::probes;
use ranking::Ranks;
use variation::Variation;

/// What one evaluation of a test on gold reached.
#[derive(Clone, Debug)]
struct Evaluated {
    test: Arc<Sequence>,
    /// Per probe, whether the test reached it.
    reached: Vec<bool>,
    /// Per probe, the smallest branch distance recorded (∞: none).
    distances: Vec<f64>,
}

/// The search state, made on the first call from gold's unit.
struct Search {
    variation: Variation,
    graph: ControlDependence,
    archive: Archive,
    /// Per target, whether it is a current target (covered or not).
    current: Vec<bool>,
    population: Vec<Evaluated>,
    ranks: Ranks,
    offspring: Vec<Evaluated>,
    /// Tests bred and waiting to be evaluated.
    queue: VecDeque<Sequence>,
}

/// DynaMOSA over call sequences; see the module documentation.
pub struct Dynamosa {
    settings: DynamosaSettings,
    max_length: usize,
    rng: Pcg64Mcg,
    search: Option<Search>,
    /// The evaluated tests as test cases of the suite.
    emitter: Emitter,
}

impl FeedbackGenerator for Dynamosa {
    const NAME: &'static str = "dynamosa";
    const SUMMARY: &'static str =
        "DynaMOSA: many-objective search on branches, approach level and branch distance";
    const NEEDS_COVERAGE: bool = true;
    type Params = DynamosaSettings;

    fn build(params: &DynamosaSettings, max_length: usize, seed: u64) -> Self {
        Dynamosa {
            settings: params.clone(),
            max_length: max_length.max(1),
            rng: case_rng(seed, 0),
            search: None,
            emitter: Emitter::default(),
        }
    }

    fn next_case(&mut self, gold: &mut GoldExecutor<'_>) -> Option<Generated> {
        if let Some(generated) = self.emitter.pop() {
            return Some(generated);
        }
        if self.search.is_none() {
            self.search = Some(Search::new(gold, &self.settings, self.max_length)?);
        }
        let search = self.search.as_mut().expect("made above");
        let test = search.next_test(&mut self.rng, &self.settings);
        let (kind, mut evaluated) = evaluate(gold, test);
        if !self.settings.branch_distance {
            evaluated.distances.fill(f64::INFINITY);
        }
        self.emitter.emit(gold, kind, &evaluated.test);
        self.search.as_mut().expect("made above").record(evaluated);
        self.emitter.pop()
    }
}

/// Runs `test` on gold with branch distances recorded.
fn evaluate(gold: &mut GoldExecutor<'_>, test: Sequence) -> (CaseKind, Evaluated) {
    let count = gold.probes();
    probes::record_distances(true, count);
    let (_, execution) = gold.run(&test);
    let mut distances = vec![f64::INFINITY; count];
    probes::distances(count, |id, d| distances[id] = d);
    probes::record_distances(false, count);
    let mut reached = vec![false; count];
    for &probe in &execution.covered {
        reached[probe as usize] = true;
    }
    let evaluated = Evaluated {
        test: Arc::new(test),
        reached,
        distances,
    };
    (CaseKind::of(&execution), evaluated)
}

impl Search {
    /// The search for gold's unit and M_C; `None` without probes or callable methods.
    fn new(
        gold: &GoldExecutor<'_>,
        settings: &DynamosaSettings,
        max_length: usize,
    ) -> Option<Self> {
        let table = gold.unit().probes().filter(|_| gold.probes() > 0)?;
        let callable: Vec<&MethodInfo> = gold.context.methods().iter().map(|m| &m.info).collect();
        if callable.is_empty() {
            return None;
        }
        let graph = ControlDependence::of(&table);
        let mut current = vec![false; graph.len()];
        graph.roots().for_each(|t| current[t] = true);
        Some(Search {
            variation: Variation::new(gold.methods, &callable, settings, max_length),
            archive: Archive::new(graph.len()),
            graph,
            current,
            population: Vec::new(),
            ranks: Ranks::default(),
            offspring: Vec::new(),
            queue: VecDeque::new(),
        })
    }

    /// The next test to evaluate: the initial population's random tests, then each
    /// generation's offspring (a generation ends, and the next is bred, when its queue is
    /// empty).
    fn next_test(&mut self, rng: &mut Pcg64Mcg, settings: &DynamosaSettings) -> Sequence {
        if self.queue.is_empty() {
            if self.population.is_empty() && self.offspring.is_empty() {
                for _ in 0..settings.population {
                    self.queue.push_back(self.variation.random_test(rng));
                }
            } else {
                self.select(settings.population);
                self.breed(rng, settings);
            }
        }
        self.queue
            .pop_front()
            .expect("a generation breeds at least one test")
    }

    /// Keeps `evaluated` as an offspring and offers it to the archive, widening the
    /// current targets past each target it covers first.
    fn record(&mut self, evaluated: Evaluated) {
        for target in 0..self.graph.len() {
            if evaluated.reached[target] && self.archive.offer(target, &evaluated.test) {
                self.widen(target);
            }
        }
        self.offspring.push(evaluated);
    }

    /// Makes the uncovered targets that depend on covered `target` current, looking
    /// through those already covered.
    fn widen(&mut self, target: usize) {
        let children: Vec<usize> = self.graph.children(target).collect();
        for child in children {
            self.current[child] = true;
            if self.archive.covers(child) {
                self.widen(child);
            }
        }
    }

    /// The current targets not yet covered.
    fn open_targets(&self) -> Vec<usize> {
        (0..self.graph.len())
            .filter(|&t| self.current[t] && !self.archive.covers(t))
            .collect()
    }

    /// The next population: the best `size` of parents and offspring, ranked.
    fn select(&mut self, size: usize) {
        let mut union = std::mem::take(&mut self.population);
        union.append(&mut self.offspring);
        let targets = self.open_targets();
        let objectives: Vec<Vec<f64>> = union
            .iter()
            .map(|e| {
                targets
                    .iter()
                    .map(|&t| fitness::fitness(&self.graph, t, &e.reached, &e.distances))
                    .collect()
            })
            .collect();
        let lengths: Vec<usize> = union.iter().map(|e| e.test.len()).collect();
        let (chosen, ranks) = ranking::survivors(&objectives, &lengths, size);
        let mut union: Vec<Option<Evaluated>> = union.into_iter().map(Some).collect();
        self.population = chosen
            .into_iter()
            .map(|i| union[i].take().expect("chosen once"))
            .collect();
        self.ranks = ranks;
    }

    /// Queues the next generation's offspring: population/2 pairs of tournament winners,
    /// crossed over and mutated at their rates, then the random tests.
    fn breed(&mut self, rng: &mut Pcg64Mcg, settings: &DynamosaSettings) {
        let pick = |rng: &mut Pcg64Mcg, this: &Self| {
            let winner = ranking::tournament(rng, &this.ranks, settings.tournament_size);
            Sequence::clone(&this.population[winner].test)
        };
        for _ in 0..settings.population.div_ceil(2) {
            let (a, b) = (pick(rng, self), pick(rng, self));
            let (mut a, mut b) = if unit_draw(rng) < settings.crossover_rate.0 {
                self.variation.crossover(rng, &a, &b)
            } else {
                (a, b)
            };
            for child in [&mut a, &mut b] {
                if unit_draw(rng) < settings.mutation_rate.0 {
                    self.variation.mutate(rng, child);
                }
            }
            self.queue.push_back(a);
            self.queue.push_back(b);
        }
        let random = (settings.population as f64 * settings.random_share.0).round() as usize;
        for _ in 0..random {
            self.queue.push_back(self.variation.random_test(rng));
        }
    }
}

#[cfg(test)]
mod tests;
