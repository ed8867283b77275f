//! Plain sequences emitted as a suite's derivations, for generators that keep whole
//! sequences of their own (`dynamosa`, `greybox`) rather than extend earlier test cases.
//!
//! A one-call sequence is a test case as it is. A longer one is written as a derivation
//! from the one-call test case of its first call — its middle calls as fuzz calls after
//! that part, its last call as the derivation's call — so a suite file holds a few numbers
//! per test case however it was built. The first time a first call is met, it is run
//! alone on gold and emitted just before (cost one call).

use std::collections::{HashMap, VecDeque};

use super::gold::GoldExecutor;
use super::sequence::{Sequence, Statement};
use super::{CaseKind, Derivation, Fuzz, Generated};

/// Test cases made from sequences and not yet returned, with the suite positions of the
/// one-call test cases made so far.
#[derive(Default)]
pub(crate) struct Emitter {
    /// Test cases made and not yet returned.
    pending: VecDeque<Generated>,
    /// Test cases returned or pending.
    made: u32,
    /// Suite positions of one-call test cases, by their call.
    single_calls: HashMap<Statement, u32>,
}

impl Emitter {
    /// The next test case made and not yet returned.
    pub(crate) fn pop(&mut self) -> Option<Generated> {
        self.pending.pop_front()
    }

    /// Queues non-empty `test` (of kind `kind` on gold) as test cases of the suite: a
    /// one-call test as it is; a longer one as a derivation from the one-call test of its
    /// first call, made (run on gold) and queued first if it was never made.
    pub(crate) fn emit(&mut self, gold: &mut GoldExecutor<'_>, kind: CaseKind, test: &Sequence) {
        self.emit_owned(gold, kind, test.clone());
    }

    /// [`Emitter::emit`] for a sequence it may take apart.
    pub(crate) fn emit_owned(
        &mut self,
        gold: &mut GoldExecutor<'_>,
        kind: CaseKind,
        test: Sequence,
    ) {
        let mut statements = test.statements;
        if statements.len() == 1 {
            let first = statements.pop().expect("one call");
            self.single_calls.entry(first.clone()).or_insert(self.made);
            self.push(Generated::new(kind, Vec::new(), first));
            return;
        }
        let part = match self.single_calls.get(&statements[0]) {
            Some(&part) => part,
            None => {
                let first = statements[0].clone();
                let alone = Sequence {
                    statements: vec![first.clone()],
                };
                let (_, execution) = gold.run(&alone);
                let part = self.made;
                self.single_calls.insert(first.clone(), part);
                self.push(Generated::new(CaseKind::of(&execution), Vec::new(), first));
                part
            }
        };
        let last = statements.pop().expect("two calls or more");
        self.push(Generated {
            kind,
            derivation: Derivation {
                parts: vec![part],
                fuzz: statements
                    .drain(1..)
                    .map(|call| Fuzz { part: 0, call })
                    .collect(),
                call: last,
            },
        });
    }

    fn push(&mut self, generated: Generated) {
        self.pending.push_back(generated);
        self.made += 1;
    }
}
