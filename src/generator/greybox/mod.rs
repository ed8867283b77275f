//! `greybox`: coverage-guided greybox fuzzing over method-call sequences — AFL's loop
//! (Zalewski, "Technical details" of american fuzzy lop, and `afl-fuzz.c`) with AFLFast's
//! power schedules (Böhme, Pham, Roychoudhury, "Coverage-based Greybox Fuzzing as Markov
//! Chain", CCS 2016), with branch feedback from gold's coverage copy.
//!
//! A queue of sequences (`queue.rs`) starts with `initial-tests` random ones. An input
//! joins the queue iff it brought new coverage (`novelty.rs`): a probe never reached, or a
//! probe's hit count in a bucket not seen before. The queue's entries are picked in turn,
//! cycle after cycle; each gets an energy — AFL's score times the power schedule's factor
//! (`schedule.rs`) — and that many havoc runs, each its parent with 2^k stacked edits of
//! calls and argument slots, splices with another entry among them (`havoc.rs`).
//!
//! Every input run is a test case of the suite, in order (as `dynamosa`'s): the cost in
//! method calls is the calls the fuzzer ran on gold. Everything is drawn from one random
//! number generator seeded from the run's seed; the queue's turn, paths and frequencies
//! are counts, never times: the suite is a function of the unit, M_C, the parameters and
//! the seed.

mod havoc;
mod novelty;
mod queue;
mod schedule;
mod settings;

use rand_pcg::Pcg64Mcg;

pub use settings::{GreyboxSettings, PowerSchedule};

use super::emitter::Emitter;
use super::gold::GoldExecutor;
use super::sequence::Sequence;
use super::{CaseKind, FeedbackGenerator, Generated};
use crate::kernel::rng::{below, case_rng};
use crate::subject::{MethodInfo, probes};
use havoc::Havoc;
use novelty::{CoverageMap, Trace};
use queue::Queue;

/// The fuzzer's state, made on the first call from gold's unit.
struct Fuzzer {
    havoc: Havoc,
    map: CoverageMap,
    queue: Queue,
    /// Initial random tests still to run.
    initial_left: u32,
    /// The entry being fuzzed, its havoc runs left.
    current: Option<(usize, u64)>,
}

/// AFL's loop with AFLFast's schedules over call sequences; see the module documentation.
pub struct Greybox {
    settings: GreyboxSettings,
    max_length: usize,
    rng: Pcg64Mcg,
    fuzzer: Option<Fuzzer>,
    /// The inputs run, as test cases of the suite.
    emitter: Emitter,
}

impl FeedbackGenerator for Greybox {
    const NAME: &'static str = "greybox";
    const SUMMARY: &'static str =
        "greybox fuzzing: AFL's queue and havoc over call sequences, AFLFast's power schedules";
    const NEEDS_COVERAGE: bool = true;
    type Params = GreyboxSettings;

    fn build(params: &GreyboxSettings, max_length: usize, seed: u64) -> Self {
        Greybox {
            settings: params.clone(),
            max_length: max_length.max(1),
            rng: case_rng(seed, 0),
            fuzzer: None,
            emitter: Emitter::default(),
        }
    }

    fn next_case(&mut self, gold: &mut GoldExecutor<'_>) -> Option<Generated> {
        if let Some(generated) = self.emitter.pop() {
            return Some(generated);
        }
        if self.fuzzer.is_none() {
            self.fuzzer = Some(Fuzzer::new(gold, &self.settings, self.max_length)?);
        }
        let fuzzer = self.fuzzer.as_mut().expect("made above");
        let (input, parent_depth) = fuzzer.next_input(&mut self.rng, &self.settings);
        let (kind, trace, calls) = execute(gold, &input, self.settings.hit_counts);
        fuzzer.record(&input, &trace, calls, parent_depth);
        self.emitter.emit_owned(gold, kind, input);
        self.emitter.pop()
    }
}

/// Runs `test` on gold; its kind, its trace (hit counts bucketed, or not with `counts`
/// off) and the calls it executed.
fn execute(gold: &mut GoldExecutor<'_>, test: &Sequence, counts: bool) -> (CaseKind, Trace, u64) {
    let (_, execution) = gold.run(test);
    let mut trace = Trace::with_capacity(execution.covered.len());
    probes::hit_counts(gold.probes(), |probe, hits| {
        trace.push((probe as u32, novelty::bucket(hits, counts)));
    });
    (CaseKind::of(&execution), trace, execution.executed as u64)
}

impl Fuzzer {
    /// The fuzzer for gold's unit and M_C; `None` without probes or callable methods.
    fn new(gold: &GoldExecutor<'_>, settings: &GreyboxSettings, max_length: usize) -> Option<Self> {
        if gold.probes() == 0 {
            return None;
        }
        let callable: Vec<&MethodInfo> = gold.context.methods().iter().map(|m| &m.info).collect();
        if callable.is_empty() {
            return None;
        }
        Some(Fuzzer {
            havoc: Havoc::new(gold.methods, &callable, settings, max_length),
            map: CoverageMap::new(gold.probes()),
            queue: Queue::default(),
            initial_left: settings.initial_tests,
            current: None,
        })
    }

    /// The next input to run and its parent's depth (0: a random test): the initial
    /// random tests, then havoc runs of the queue's entries in turn, as many as each
    /// one's energy (a random test while the queue is empty).
    fn next_input(&mut self, rng: &mut Pcg64Mcg, settings: &GreyboxSettings) -> (Sequence, u32) {
        if self.initial_left > 0 || self.queue.len() == 0 {
            self.initial_left = self.initial_left.saturating_sub(1);
            return (self.havoc.random_test(rng), 0);
        }
        let seed = loop {
            match self.current {
                Some((seed, runs)) if runs > 0 => {
                    self.current = Some((seed, runs - 1));
                    break seed;
                }
                _ => {
                    let (seed, runs) = self
                        .queue
                        .next_with_energy(&self.map, settings)
                        .expect("the queue is not empty");
                    self.current = Some((seed, runs));
                }
            }
        };
        let partner = (self.queue.len() > 1).then(|| {
            let other = below(rng, self.queue.len() as u64 - 1) as usize;
            let other = if other >= seed { other + 1 } else { other };
            &self.queue.seed(other).test
        });
        let parent = self.queue.seed(seed);
        let input = self.havoc.run(rng, &parent.test, partner);
        (input, parent.stats.depth)
    }

    /// Adds `trace` of `input` (which ran `calls` calls) to the coverage map; the input
    /// joins the queue if it brought new coverage.
    fn record(&mut self, input: &Sequence, trace: &Trace, calls: u64, parent_depth: u32) {
        let (news, path) = self.map.add(trace);
        self.queue.exercised(path);
        if news.is_new() {
            let frequency = self.map.frequency(path);
            let reached = trace.len() as u64;
            self.queue
                .add(input.clone(), calls, reached, path, frequency, parent_depth);
        }
    }
}

#[cfg(test)]
mod tests;
