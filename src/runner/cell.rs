//! One row of a run's results, a cell, and what identifies it.

use serde::{Deserialize, Serialize};

use crate::coverage::curve::CHECKPOINTS;

/// One row of the results: one cell (replicate, phase, run, subject, mutant, strategy, n).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CellRecord {
    /// The replicate (0-based) this cell belongs to.
    #[serde(default)]
    pub replicate: u32,
    /// The strategy seed of the replicate ([`Experiment::replicate_seed`]).
    #[serde(default)]
    pub seed: u64,
    /// Position of the phase in the experiment.
    pub phase_index: usize,
    /// The phase's name.
    pub phase: String,
    /// Position of the run in its phase.
    pub run: usize,
    /// The subject's class name.
    pub subject: String,
    /// The mutant's id.
    pub mutant: u32,
    /// The mutant's operator class.
    pub operator: String,
    /// The strategy (`be`, `r`, …).
    pub strategy: String,
    /// n.
    pub n: u64,
    /// The test budget of the cell (`None`: unlimited).
    pub test_budget: Option<u64>,
    /// Test cases run (up to and including the first failing one when stopping there).
    pub tests_run: u64,
    /// Failing test cases.
    pub failing_tests: u64,
    /// Test cases cut short by a harness guard in the mutant.
    pub guarded_tests: u64,
    /// Test cases abandoned because gold hit a guard (not judged; in `tests_run`).
    #[serde(default)]
    pub abandoned_tests: u64,
    /// E(n): the 1-based position of the first failing test case.
    pub first_failure: Option<u64>,
    /// The first failing test case's index, in decimal.
    pub first_failure_index: Option<String>,
    /// Method calls executed (on the mutant; gold executes as many).
    pub method_calls: u64,
    /// CPU seconds (gold and mutant executions, up to the cell's stopping point).
    pub cpu_seconds: f64,
    /// CPU seconds until the first failing test case was found (included).
    pub first_failure_cpu_seconds: Option<f64>,
    /// `killed`, `survived`, `timeout` or `crash`.
    pub outcome: String,
    /// Why the cell stopped: `failure`, `exhausted`, `budget`, `time`, `crash`, `watchdog`.
    pub stop: String,
    /// For a `crash`: how the worker died, the signal or exit status and the last lines it
    /// wrote on stderr (a failed check's message, where one was printed); else `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crash_cause: Option<String>,
    /// Branch probes of the unit's coverage copy (`None`: the run's coverage is off, or
    /// the unit has no coverage copy).
    #[serde(default)]
    pub branches_total: Option<u64>,
    /// Branch probes that gold reached in the cell's test cases (`None` as above).
    #[serde(default)]
    pub branches_covered: Option<u64>,
    /// Branch probes reached after 1, 10, 100, … test cases
    /// ([`crate::coverage::curve::CHECKPOINTS`]; `None` past the cell's end).
    #[serde(default)]
    pub branches_at: [Option<u64>; CHECKPOINTS.len()],
    /// The area under the cell's branch-coverage curve, Σ_{k ≤ tests_run} (branch probes
    /// reached by the first k test cases); only where the experiment asks for it
    /// (`coverage-area = true`), else `None`, and then no column of the cells table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub branches_area: Option<u64>,
}

/// What identifies a cell: (replicate, phase, run, subject, mutant, n).
pub(super) type CellKey = (u32, usize, usize, String, u32, u64);

impl CellRecord {
    pub(super) fn key(&self) -> CellKey {
        (
            self.replicate,
            self.phase_index,
            self.run,
            self.subject.clone(),
            self.mutant,
            self.n,
        )
    }
}

#[cfg(test)]
mod tests {
    /// The journal is read back and checked against the cells table (`merge`), so its
    /// numbers must come back bit for bit: serde_json parses floats exactly only with its
    /// `float_roundtrip` feature (0.16350895000000001 came back one unit in the last place
    /// off without it).
    #[test]
    fn floats_written_to_the_journal_read_back_bit_for_bit() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut values = vec![0.163_508_950_000_000_01_f64, 1e-300, 5e-324, 1.0 / 3.0];
        for _ in 0..20_000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let x = f64::from_bits(state >> 2);
            if x.is_finite() {
                values.push(x);
            }
        }
        for x in values {
            let text = serde_json::to_string(&x).unwrap();
            let back: f64 = serde_json::from_str(&text).unwrap();
            assert_eq!(back.to_bits(), x.to_bits(), "{text}");
        }
    }
}
