//! Minimal failing sequences mutant by mutant (`testspace minimal`): for every mutant that
//! the paper's R killed in a results folder's comparison phase, reduce failing test cases,
//! measure r-leaf's failure density, and plant the shortest sequence in longer test cases;
//! the result is [`MutantMinimal`] for [`crate::report::minimal`].
//!
//! Every test case is regenerated from the experiment's seeds, so the survey is
//! deterministic: R's first failing test case of each comparison cell (counter
//! `first_failure − 1`, the cell's seed), r-leaf's test cases 0..T at each length (the
//! experiment's seed), and the planted test cases (r-leaf test cases of their own seed,
//! [`PLANT_SEED_SALT`], the position drawn from the same per-test-case generator).

use std::collections::BTreeSet;
use std::time::Instant;

use crate::experiment::{Experiment, SubjectPlan};
use crate::kernel::rng::{below, case_rng};
use crate::oracle::Verdict;
use crate::report::minimal::{MeasuredDensity, MutantMinimal, Planted};
use crate::report::{COMPARISON_PHASE, Cells};
use crate::walk::WalkKind;

use super::{MutantFailure, ReduceError, default_passes, reduce};

/// Mixed into the experiment's seed for the planted test cases, so that they are not
/// r-leaf's measured ones.
pub const PLANT_SEED_SALT: u64 = 0x5EED_F00D_9A77_E2A5;

/// What the survey runs besides the reductions of R's first failures.
#[derive(Debug, Clone, PartialEq)]
pub struct SurveyOptions {
    /// The lengths at which r-leaf's density is measured (its first failing test case at
    /// each is reduced too).
    pub leaf_lengths: Vec<u64>,
    /// r-leaf test cases per length.
    pub leaf_tests: u64,
    /// The length of the planted test cases (at least k).
    pub plant_length: u64,
    /// Planted test cases per mutant, at the start and at a uniform position each.
    pub plant_tests: u64,
    /// Only these subjects (empty: all).
    pub subjects: Vec<String>,
}

/// One reduction done by the survey: deterministic fields, and its wall-clock time apart.
#[derive(Debug, Clone, PartialEq)]
pub struct ReductionRecord {
    /// The unit's class name.
    pub subject: String,
    /// The mutant.
    pub mutant: u64,
    /// The strategy whose failing test case was reduced.
    pub strategy: &'static str,
    /// Its length.
    pub n: u64,
    /// k of the result.
    pub k: usize,
    /// Candidate test cases judged.
    pub checks: u64,
    /// Wall-clock seconds (not a result: machine-dependent).
    pub seconds: f64,
}

/// Errors of the survey.
#[derive(Debug, thiserror::Error)]
pub enum SurveyError {
    /// A subject of the cells table is not in the experiment.
    #[error("{subject} is in the cells table but not a subject of the experiment")]
    UnknownSubject {
        /// The subject.
        subject: String,
    },
    /// The unit has no such mutant.
    #[error(transparent)]
    UnknownMutant(#[from] super::mutant_failure::UnknownMutant),
    /// A recorded first failure does not fail when regenerated.
    #[error(
        "{subject} mutant {mutant}: R's recorded first failing test case at n = {n} does not \
         fail when regenerated (was the experiment or the build changed?)"
    )]
    NotReproduced {
        /// The subject.
        subject: String,
        /// The mutant.
        mutant: u64,
        /// The length.
        n: u64,
        /// Why.
        source: ReduceError,
    },
    /// No cell (of replicate 0, of the subjects asked for) killed a mutant.
    #[error("no cell of the cells table killed a mutant (of the subjects asked for)")]
    NothingKilled,
    /// A cell names a strategy this build does not know.
    #[error("unknown strategy `{strategy}` in the cells table")]
    UnknownWalk {
        /// The name in the table.
        strategy: String,
    },
}

/// The survey of every mutant some cell of replicate 0 killed, in (subject, mutant) order,
/// and the reductions it did. A mutant whose comparison-phase R cells and r-leaf test cases
/// found no failure is reduced from the first failing test case of its first killing cell
/// (in phase and run order), of whatever strategy.
///
/// # Errors
/// [`SurveyError`].
pub fn survey(
    experiment: &Experiment,
    cells: &Cells,
    options: &SurveyOptions,
) -> Result<(Vec<MutantMinimal>, Vec<ReductionRecord>), SurveyError> {
    let mut killed = BTreeSet::new();
    for cell in &cells.rows {
        let wanted = options.subjects.is_empty() || options.subjects.contains(&cell.subject);
        if cell.replicate == 0 && cell.first_failure.is_some() && wanted {
            killed.insert((cell.subject.clone(), cell.mutant));
        }
    }
    if killed.is_empty() {
        return Err(SurveyError::NothingKilled);
    }
    let mut mutants = Vec::new();
    let mut records = Vec::new();
    for (subject, mutant) in killed {
        let plan = experiment
            .subjects
            .iter()
            .find(|plan| plan.unit.class() == subject)
            .ok_or_else(|| SurveyError::UnknownSubject {
                subject: subject.clone(),
            })?;
        let mut one = MutantSurvey::new(experiment, plan, mutant)?;
        mutants.push(one.run(cells, options, &mut records)?);
    }
    Ok((mutants, records))
}

/// The survey of one mutant.
struct MutantSurvey<'a> {
    experiment: &'a Experiment,
    plan: &'a SubjectPlan,
    mutant: u64,
    check: MutantFailure,
    /// The failing test cases found, to reduce: (strategy, n, calls).
    failures: Vec<(&'static str, u64, Vec<u32>)>,
}

impl<'a> MutantSurvey<'a> {
    fn new(
        experiment: &'a Experiment,
        plan: &'a SubjectPlan,
        mutant: u64,
    ) -> Result<Self, SurveyError> {
        let unknown = || super::mutant_failure::UnknownMutant {
            subject: plan.unit.class().to_string(),
            mutant: u32::MAX,
        };
        let id = u32::try_from(mutant).map_err(|_| unknown())?;
        let check = MutantFailure::new(plan.unit, &plan.context, id, experiment.oracle)?;
        Ok(Self {
            experiment,
            plan,
            mutant,
            check,
            failures: Vec::new(),
        })
    }

    fn run(
        &mut self,
        cells: &Cells,
        options: &SurveyOptions,
        records: &mut Vec<ReductionRecord>,
    ) -> Result<MutantMinimal, SurveyError> {
        let mut measured = self.random_cells(cells);
        for &n in &options.leaf_lengths {
            measured.push(self.measure_leaf(n, options.leaf_tests));
        }
        if self.failures.is_empty() {
            self.first_killing_cell(cells)?;
        }
        let sequences = self.reduce_failures(records)?;
        let without_block = self
            .failures
            .iter()
            .filter(|(_, _, calls)| !sequences.iter().any(|s| contains_block(calls, s)))
            .count() as u64;
        let shortest = &sequences[0];
        let plant_length = options.plant_length.max(shortest.len() as u64);
        Ok(MutantMinimal {
            subject: self.plan.unit.class().to_string(),
            mutant: self.mutant,
            operator: self.operator(),
            calls: self.plan.context.j(),
            random_probabilities: random_call_probabilities(&self.plan.context),
            failures_reduced: self.failures.len() as u64,
            failures_without_block: without_block,
            planted_at_start: self.plant(shortest, plant_length, options.plant_tests, false),
            planted_anywhere: self.plant(shortest, plant_length, options.plant_tests, true),
            sequences,
            measured,
        })
    }

    /// Reduces every failing test case found; the distinct results, shortest first, then
    /// by calls.
    fn reduce_failures(
        &mut self,
        records: &mut Vec<ReductionRecord>,
    ) -> Result<Vec<Vec<u32>>, SurveyError> {
        let mut sequences = BTreeSet::new();
        let passes = default_passes();
        for (strategy, n, calls) in &self.failures {
            let started = Instant::now();
            let reduction = reduce(calls, &mut self.check, &passes).map_err(|source| {
                SurveyError::NotReproduced {
                    subject: self.plan.unit.class().to_string(),
                    mutant: self.mutant,
                    n: *n,
                    source,
                }
            })?;
            records.push(ReductionRecord {
                subject: self.plan.unit.class().to_string(),
                mutant: self.mutant,
                strategy,
                n: *n,
                k: reduction.calls.len(),
                checks: reduction.checks(),
                seconds: started.elapsed().as_secs_f64(),
            });
            sequences.insert((reduction.calls.len(), reduction.calls));
        }
        Ok(sequences.into_iter().map(|(_, s)| s).collect())
    }

    fn operator(&self) -> String {
        self.plan
            .unit
            .mutants()
            .iter()
            .find(|m| u64::from(m.id) == self.mutant)
            .map_or_else(String::new, |m| m.operator_name().to_string())
    }

    /// R's densities from the cells table, and R's first failing test cases regenerated.
    fn random_cells(&mut self, cells: &Cells) -> Vec<MeasuredDensity> {
        let subject = self.plan.unit.class();
        let mut measured = Vec::new();
        for cell in cells.phase(COMPARISON_PHASE).filter(|c| {
            c.strategy == "r" && c.replicate == 0 && c.subject == subject && c.mutant == self.mutant
        }) {
            measured.push(MeasuredDensity {
                strategy: "r".into(),
                n: cell.n,
                failing: cell.failing_tests,
                judged: cell.judged_tests(),
            });
            if let Some(first) = cell.first_failure {
                let seed = self.experiment.replicate_seed(0);
                let calls = self.case(WalkKind::RANDOM, cell.n, seed, first - 1);
                self.failures.push(("r", cell.n, calls));
            }
        }
        measured
    }

    /// The first failing test case of the mutant's first killing cell (phase order, then
    /// run), regenerated with its strategy.
    fn first_killing_cell(&mut self, cells: &Cells) -> Result<(), SurveyError> {
        let subject = self.plan.unit.class();
        let phase_order = |name: &str| {
            self.experiment
                .phases
                .iter()
                .position(|phase| phase.name == name)
                .unwrap_or(usize::MAX)
        };
        let first = cells
            .rows
            .iter()
            .filter(|c| c.replicate == 0 && c.subject == subject && c.mutant == self.mutant)
            .filter(|c| c.first_failure.is_some())
            .min_by_key(|c| (phase_order(&c.phase), c.run, c.n));
        let Some(cell) = first else {
            return Ok(());
        };
        let strategy: WalkKind = cell
            .strategy
            .parse()
            .map_err(|_| SurveyError::UnknownWalk {
                strategy: cell.strategy.clone(),
            })?;
        let counter = cell.first_failure.expect("a killing cell") - 1;
        let calls = self.case(strategy, cell.n, self.experiment.replicate_seed(0), counter);
        self.failures.push((strategy.name(), cell.n, calls));
        Ok(())
    }

    /// r-leaf's density at length n over `tests` test cases; its first failing one is
    /// kept for reduction.
    fn measure_leaf(&mut self, n: u64, tests: u64) -> MeasuredDensity {
        let (mut failing, mut judged, mut first) = (0, 0, None);
        let seed = self.experiment.replicate_seed(0);
        for counter in 0..tests {
            let calls = self.case(WalkKind::RANDOM_LEAF, n, seed, counter);
            match self.check.verdict(&calls) {
                None => continue,
                Some(Verdict::Fail) => {
                    failing += 1;
                    first.get_or_insert(calls);
                }
                Some(_) => {}
            }
            judged += 1;
        }
        if let Some(calls) = first {
            self.failures.push(("r-leaf", n, calls));
        }
        MeasuredDensity {
            strategy: "r-leaf".into(),
            n,
            failing,
            judged,
        }
    }

    /// `sequence` written over r-leaf test cases of length `length` (at the start, or at a
    /// uniform position); how many of them were judged and passed.
    fn plant(&mut self, sequence: &[u32], length: u64, tests: u64, anywhere: bool) -> Planted {
        let seed = self.experiment.replicate_seed(0) ^ PLANT_SEED_SALT;
        let mut planted = Planted::default();
        for counter in 0..tests {
            let mut calls = self.case(WalkKind::RANDOM_LEAF, length, seed, counter);
            let room = calls.len() - sequence.len() + 1;
            let at = if anywhere {
                below(&mut case_rng(seed, counter), room as u64) as usize
            } else {
                0
            };
            calls[at..at + sequence.len()].copy_from_slice(sequence);
            match self.check.verdict(&calls) {
                None => {}
                Some(verdict) => {
                    planted.judged += 1;
                    planted.passing += u64::from(verdict != Verdict::Fail);
                }
            }
        }
        planted
    }

    fn case(&self, strategy: WalkKind, n: u64, seed: u64, counter: u64) -> Vec<u32> {
        let walk = strategy.build(&self.plan.context, n as usize, seed);
        let mut calls = vec![0u32; n as usize];
        walk.case_into(counter, &mut calls);
        calls
    }
}

/// Whether `sequence` occurs in `calls` as a contiguous block.
pub fn contains_block(calls: &[u32], sequence: &[u32]) -> bool {
    !sequence.is_empty()
        && calls
            .windows(sequence.len())
            .any(|window| window == sequence)
}

/// The probability of each method call under the paper's R: the method uniformly among
/// those with nc(m) > 0, then its parameter list uniformly — 1/(|M_C|·nc(m)).
pub fn random_call_probabilities(context: &crate::context::TestContext) -> Vec<f64> {
    let shapes = context.call_space().shapes();
    let methods = shapes.iter().filter(|s| s.nc > 0).count() as f64;
    let mut probabilities = vec![0.0; context.j() as usize];
    for shape in shapes.iter().filter(|s| s.nc > 0) {
        let each = 1.0 / (methods * shape.nc as f64);
        let start = shape.offset as usize;
        probabilities[start..start + shape.nc as usize].fill(each);
    }
    probabilities
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::TestContext;
    use crate::subject::registry;
    use std::sync::Arc;

    #[test]
    fn blocks_are_contiguous_occurrences() {
        assert!(contains_block(&[5, 1, 2, 3], &[1, 2]));
        assert!(!contains_block(&[1, 5, 2], &[1, 2]));
        assert!(!contains_block(&[1], &[1, 2]));
        assert!(!contains_block(&[1, 2], &[]));
    }

    #[test]
    fn random_call_probabilities_match_the_strategys_frequencies() {
        let unit = registry().find("ArrayList").unwrap();
        let context = Arc::new(TestContext::paper(unit).unwrap());
        let probabilities = random_call_probabilities(&context);
        assert!((probabilities.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // Sampled frequencies of R(1) over 200,000 test cases, per call, within 5 σ.
        let walk = WalkKind::RANDOM.build(&context, 1, 3);
        let mut counts = vec![0u64; probabilities.len()];
        let mut call = [0u32];
        let samples = 200_000u64;
        for counter in 0..samples {
            walk.case_into(counter, &mut call);
            counts[call[0] as usize] += 1;
        }
        for (c, &p) in probabilities.iter().enumerate() {
            let expected = p * samples as f64;
            let sigma = (expected * (1.0 - p)).sqrt().max(1.0);
            assert!(
                (counts[c] as f64 - expected).abs() < 5.0 * sigma,
                "call {c}: {} vs {expected}",
                counts[c]
            );
        }
    }
}
