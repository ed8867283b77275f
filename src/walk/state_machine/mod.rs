//! `proptest`: the proptest crate's state-machine testing (proptest-state-machine) over a
//! context's call space. Test case k is the value of proptest-state-machine's sequential
//! strategy of n transitions ([`machine::CallMachine`]), drawn by a proptest `TestRunner`
//! whose ChaCha generator is seeded from (seed, k); a failing test case is shrunk by
//! proptest's own `ValueTree::simplify`/`complicate` loop against the house's failure
//! check ([`StateMachineWalk::shrink`], `shrink.rs`), shown beside testspace's reduction by
//! `reduce` and `show-test --minimal` (docs/proptest.md).

mod machine;
mod shrink;

pub use machine::{CallMachine, CallSequences, Constructed, MethodCall};
pub use shrink::ProptestShrink;

use std::sync::Arc;

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use rand::Rng;

use super::{CounterWalk, Parameters};
use crate::context::TestContext;
use crate::encoding::CallSpace;
use crate::kernel::rng::case_rng;
use crate::subject::CallTable;

/// Which transitions the reference state machine allows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Precondition {
    /// An instance method's target must be an object slot a constructor filled (the
    /// precondition a proptest user writes for "call a method on an object I made").
    #[default]
    TargetConstructed,
    /// Every call (the default `preconditions` of proptest-state-machine).
    None,
}

/// `proptest`'s parameters.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct ProptestParams {
    /// The reference machine's precondition.
    pub precondition: Precondition,
    /// Shrink iterations (test runs while shrinking) at most; 0 turns shrinking off
    /// (proptest's `max_shrink_iters`: its default `u32::MAX` means `cases` × 4 = 1024).
    pub max_shrink_iters: u32,
}

impl Default for ProptestParams {
    fn default() -> Self {
        ProptestParams {
            precondition: Precondition::TargetConstructed,
            max_shrink_iters: 1024,
        }
    }
}

impl Parameters<TestContext> for ProptestParams {}

/// The proptest runner's configuration for drawing test cases: proptest's defaults for
/// every limit generation reads, written out so that `PROPTEST_*` variables change
/// nothing; no failure persistence.
fn runner_config(params: &ProptestParams) -> Config {
    Config {
        cases: 256,
        max_local_rejects: 65_536,
        max_global_rejects: 1024,
        max_flat_map_regens: 1_000_000,
        max_default_size_range: 100,
        max_shrink_iters: params.max_shrink_iters,
        max_shrink_time: 0,
        failure_persistence: None,
        ..Config::default()
    }
}

/// proptest-state-machine's sequential strategy over a context: test case k drawn by a
/// `TestRunner` with ChaCha seeded from (seed, k). Contract of [`CounterWalk`]:
/// deterministic in (context, n, seed, parameters) and k; every test case n valid calls
/// of the context's call space.
pub struct StateMachineWalk {
    n: usize,
    seed: u64,
    params: ProptestParams,
    config: Config,
    space: Arc<CallSpace>,
    strategy: CallSequences,
}

/// The value tree of one test case: proptest-state-machine's `SequentialValueTree`.
pub type CaseTree = <CallSequences as Strategy>::Tree;

impl StateMachineWalk {
    /// The runner that draws test case `counter`: proptest's runner with a ChaCha
    /// generator seeded by 32 bytes of the house's stream for (seed, counter). (proptest's
    /// own runner seeds each case from one generator in turn; seeding from the counter
    /// keeps the walk counter-based.)
    fn runner(&self, counter: u64) -> TestRunner {
        let mut stream = case_rng(self.seed, counter);
        let mut bytes = [0u8; 32];
        for chunk in bytes.chunks_mut(8) {
            chunk.copy_from_slice(&stream.next_u64().to_le_bytes());
        }
        let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &bytes);
        TestRunner::new_with_rng(self.config.clone(), rng)
    }

    /// The value tree of test case `counter`.
    pub fn tree(&self, counter: u64) -> CaseTree {
        self.strategy
            .new_tree(&mut self.runner(counter))
            .expect("the machine draws only allowed transitions, so it never rejects")
    }

    /// `calls` as method-call indices of the context.
    pub fn encode(&self, calls: &[MethodCall]) -> Vec<u32> {
        calls
            .iter()
            .map(|call| {
                self.space
                    .encode_call(call.position, &call.slots)
                    .expect("the machine draws slots within their pools")
            })
            .collect()
    }

    /// The test case's transitions as the tree holds them now.
    fn current(&self, tree: &CaseTree) -> Vec<u32> {
        self.encode(&tree.current().1)
    }
}

impl CounterWalk for StateMachineWalk {
    const NAME: &'static str = "proptest";
    const SUMMARY: &'static str =
        "proptest-state-machine: n calls drawn by proptest, targets constructed";
    const USES_SEED: bool = true;
    const WITH_REPLACEMENT: bool = true;
    type Params = ProptestParams;

    fn build(context: &TestContext, n: usize, seed: u64, params: &ProptestParams) -> Self {
        let machine = Arc::new(CallMachine::new(context, params.precondition));
        StateMachineWalk {
            n,
            seed,
            params: params.clone(),
            config: runner_config(params),
            space: CallTable::call_space(context),
            strategy: machine.sequential(n),
        }
    }

    fn length(&self) -> usize {
        self.n
    }

    fn case_into(&self, counter: u64, out: &mut [u32]) -> bool {
        if self.n > 0 {
            out.copy_from_slice(&self.current(&self.tree(counter)));
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subject::{MethodKind, registry};

    fn walk(class: &str, n: usize, seed: u64, params: &ProptestParams) -> StateMachineWalk {
        let unit = registry().find(class).unwrap();
        StateMachineWalk::build(&TestContext::paper(unit).unwrap(), n, seed, params)
    }

    fn case(walk: &StateMachineWalk, counter: u64) -> Vec<u32> {
        let mut out = vec![0; walk.n];
        assert!(walk.case_into(counter, &mut out));
        out
    }

    /// Whether every instance call of `calls` targets an object slot a constructor filled
    /// before it (with no object result written over it since).
    fn targets_constructed(context: &TestContext, calls: &[u32]) -> bool {
        let mut constructed = vec![false; context.pools().objects];
        calls.iter().all(|&index| {
            let call = context.call(index);
            let info = &context.methods()[call.position].info;
            let target_ok = info.kind != MethodKind::Instance
                || constructed[call.slots()[info.params.len()] as usize];
            if info.returns.pool() == Some(crate::subject::PoolType::Object) {
                let slot = *call.slots().last().unwrap() as usize;
                constructed[slot] = info.kind == MethodKind::Constructor;
            }
            target_ok
        })
    }

    #[test]
    fn the_same_seed_and_counter_give_the_same_test_case_and_another_seed_another() {
        let params = ProptestParams::default();
        let a = walk("TreeMap", 12, 5, &params);
        let cases: Vec<Vec<u32>> = (0..50).map(|k| case(&a, k)).collect();
        let again = walk("TreeMap", 12, 5, &params);
        assert_eq!(cases, (0..50).map(|k| case(&again, k)).collect::<Vec<_>>());
        let other = walk("TreeMap", 12, 6, &params);
        assert_ne!(cases, (0..50).map(|k| case(&other, k)).collect::<Vec<_>>());
        let distinct: std::collections::HashSet<&Vec<u32>> = cases.iter().collect();
        assert_eq!(distinct.len(), cases.len());
        let there = std::thread::spawn(move || case(&again, 49)).join().unwrap();
        assert_eq!(there, cases[49]);
    }

    /// Every test case is n calls of the context's call space whose targets a constructor
    /// made; without the precondition, calls on `null` targets are drawn too.
    #[test]
    fn test_cases_are_call_sequences_of_the_context_honouring_the_precondition() {
        let unguarded = ProptestParams {
            precondition: Precondition::None,
            ..ProptestParams::default()
        };
        for unit in registry().units() {
            let context = TestContext::paper(unit).unwrap();
            let guarded = StateMachineWalk::build(&context, 8, 3, &ProptestParams::default());
            let free = StateMachineWalk::build(&context, 8, 3, &unguarded);
            let mut unguarded_null_targets = 0;
            for k in 0..100 {
                let calls = case(&guarded, k);
                assert!(calls.iter().all(|&c| c < context.j()), "{}", unit.class());
                assert!(targets_constructed(&context, &calls), "{}", unit.class());
                unguarded_null_targets +=
                    usize::from(!targets_constructed(&context, &case(&free, k)));
            }
            assert!(unguarded_null_targets > 10, "{}", unit.class());
        }
    }

    /// proptest's shrink keeps failing under the check, keeps the precondition, ends no
    /// longer than it began, is deterministic, and stops within `max-shrink-iters`.
    #[test]
    fn the_shrink_still_fails_and_keeps_the_precondition() {
        let unit = registry().find("ArrayList").unwrap();
        let context = TestContext::paper(unit).unwrap();
        let params = ProptestParams::default();
        let walk = StateMachineWalk::build(&context, 20, 9, &params);
        // Fails when some call removes from a list by index after two calls of `add`.
        let remove =
            |call: u32| context.methods()[context.call(call).position].info.name == "remove";
        let add = |call: u32| context.methods()[context.call(call).position].info.name == "add";
        let mut fails = |calls: &[u32]| {
            let adds = calls
                .iter()
                .position(|&c| remove(c))
                .map(|first| calls[..first].iter().filter(|&&c| add(c)).count());
            adds.is_some_and(|adds| adds >= 2)
        };
        let counter = (0..1000)
            .find(|&k| fails(&case(&walk, k)))
            .expect("a failing test case");
        let original = case(&walk, counter);
        let shrink = walk.shrink(counter, &mut fails).unwrap();
        assert!(fails(&shrink.calls), "{shrink:?}");
        assert!(targets_constructed(&context, &shrink.calls), "{shrink:?}");
        assert!(
            shrink.calls.len() <= 4 && shrink.calls.len() < original.len(),
            "{shrink:?}"
        );
        assert!(shrink.seen <= original.len() && shrink.iterations > 0);
        assert_eq!(walk.shrink(counter, &mut fails), Some(shrink.clone()));
        let limited = ProptestParams {
            max_shrink_iters: 2,
            ..params.clone()
        };
        let short = StateMachineWalk::build(&context, 20, 9, &limited);
        let short = short.shrink(counter, &mut fails).unwrap();
        assert_eq!(short.iterations, 2);
        assert!(fails(&short.calls));
        let off = ProptestParams {
            max_shrink_iters: 0,
            ..params
        };
        let off = StateMachineWalk::build(&context, 20, 9, &off);
        let off = off.shrink(counter, &mut fails).unwrap();
        assert_eq!((off.calls, off.iterations), (original, 0));
        assert_eq!(walk.shrink(counter, &mut |_: &[u32]| false), None);
    }
}
