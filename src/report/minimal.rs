//! The Φ model of Section 5 tested mutant by mutant, from minimal failing sequences
//! (`testspace minimal`): pure computation on what [`crate::reduce::survey`] measured.
//!
//! Section 5.1 counts the test cases of length n over j calls that contain one failing
//! sequence of length k as a contiguous block, Φ(j, k, n), and takes FD = Φ/jⁿ as the
//! failure density of a strategy that draws every leaf alike (our `r-leaf`). Section 5.3
//! names what the count assumes: one failing sequence, that does not overlap itself, and
//! whose every occurrence fails (no later call masks it). Here each killed mutant brings
//! the distinct 1-minimal failing sequences found by reducing its failing test cases, and
//! the densities measured at each n; [`predictions`] sets the model's density beside each
//! measurement:
//! - `r-leaf`: Φ(j, k, n)/jⁿ (the Section 5.1 recurrence) for one sequence that does not
//!   overlap itself, else the exact pattern automaton ([`PatternCounter`]);
//! - `r` (the paper's R: the method uniformly, then its parameters, so call c of method m
//!   has probability 1/(|M_C|·nc(m)), not 1/j): the same containment model with those
//!   probabilities ([`WeightedPatternDensity`]) — Φ itself does not apply to R.

use crate::analysis::AnalysisError;
use crate::analysis::pattern::{PatternCounter, WeightedPatternDensity, overlaps_itself};
use crate::analysis::phi::{FailureCountRecurrence, FailureCounts};
use crate::table::{Column, Table};

/// The failing and judged test cases of one (strategy, n) of a mutant.
#[derive(Debug, Clone, PartialEq)]
pub struct MeasuredDensity {
    /// `r` or `r-leaf`.
    pub strategy: String,
    /// The test-case length.
    pub n: u64,
    /// Test cases that failed.
    pub failing: u64,
    /// Test cases judged (run and not abandoned).
    pub judged: u64,
}

/// Test cases with a minimal failing sequence planted in them, and how many passed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Planted {
    /// Planted test cases judged.
    pub judged: u64,
    /// Of those, the ones that passed although they contain the sequence.
    pub passing: u64,
}

/// What was found about one killed mutant.
#[derive(Debug, Clone, PartialEq)]
pub struct MutantMinimal {
    /// The unit's class name.
    pub subject: String,
    /// The mutant's id.
    pub mutant: u64,
    /// Its operator class.
    pub operator: String,
    /// j, the number of distinct method calls of the context.
    pub calls: u32,
    /// The probability of each method call under R (sums to 1).
    pub random_probabilities: Vec<f64>,
    /// The distinct 1-minimal failing sequences found, shortest first, then by calls.
    pub sequences: Vec<Vec<u32>>,
    /// Failing test cases reduced.
    pub failures_reduced: u64,
    /// Of those, the ones that contain none of the sequences as a contiguous block.
    pub failures_without_block: u64,
    /// The shortest sequence planted at the start of longer test cases: masked by later
    /// calls when one passes.
    pub planted_at_start: Planted,
    /// The shortest sequence planted at a uniform position.
    pub planted_anywhere: Planted,
    /// The densities measured.
    pub measured: Vec<MeasuredDensity>,
}

impl MutantMinimal {
    /// k: the length of the shortest minimal failing sequence (0 when none was found).
    pub fn shortest(&self) -> usize {
        self.sequences.iter().map(Vec::len).min().unwrap_or(0)
    }

    /// Whether some sequence overlaps itself.
    pub fn overlapping(&self) -> bool {
        self.sequences.iter().any(|s| overlaps_itself(s))
    }
}

/// The model's density beside a measured one.
#[derive(Debug, Clone, PartialEq)]
pub struct Prediction {
    /// The unit's class name.
    pub subject: String,
    /// The mutant's id.
    pub mutant: u64,
    /// `r` or `r-leaf`.
    pub strategy: String,
    /// The test-case length.
    pub n: u64,
    /// k of the shortest sequence.
    pub k: usize,
    /// The number of distinct sequences.
    pub sequences: usize,
    /// `phi` (Section 5.1's recurrence), `automaton` (exact, several or overlapping
    /// sequences) or `weighted-automaton` (R's call probabilities).
    pub model: &'static str,
    /// The density the model predicts.
    pub predicted: f64,
    /// The measurement.
    pub failing: u64,
    /// Test cases judged.
    pub judged: u64,
    /// The 95 % Wilson score interval of the measured density.
    pub interval: (f64, f64),
}

impl Prediction {
    /// The measured density.
    pub fn measured(&self) -> f64 {
        if self.judged == 0 {
            0.0
        } else {
            self.failing as f64 / self.judged as f64
        }
    }

    /// Whether the prediction lies in the measurement's 95 % interval.
    pub fn inside(&self) -> bool {
        (self.interval.0..=self.interval.1).contains(&self.predicted)
    }
}

/// The 95 % Wilson score interval of a binomial proportion (z = 1.959964); (0, 1) for no
/// trials.
pub fn wilson_interval(successes: u64, trials: u64) -> (f64, f64) {
    const Z: f64 = 1.959_963_984_540_054;
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let denominator = 1.0 + Z * Z / n;
    let centre = (p + Z * Z / (2.0 * n)) / denominator;
    let half = Z * (p * (1.0 - p) / n + Z * Z / (4.0 * n * n)).sqrt() / denominator;
    // At 0 (or all) successes the bound is 0 (or 1) exactly, not rounding noise.
    let low = if successes == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes == trials {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// The model's density for every measurement of every mutant with a sequence, in input
/// order; measurements of other strategies are skipped.
///
/// # Errors
/// [`AnalysisError`] when a sequence uses a call outside 0..j or R's probabilities are no
/// distribution.
pub fn predictions(mutants: &[MutantMinimal]) -> Result<Vec<Prediction>, AnalysisError> {
    let mut out = Vec::new();
    for mutant in mutants.iter().filter(|m| !m.sequences.is_empty()) {
        let mut leaf = LeafModel::new(mutant)?;
        let mut random =
            WeightedPatternDensity::new(&mutant.random_probabilities, &mutant.sequences)?;
        let mut measured: Vec<&MeasuredDensity> = mutant.measured.iter().collect();
        measured.sort_by_key(|m| m.n);
        for measurement in measured {
            let (model, predicted) = match measurement.strategy.as_str() {
                "r-leaf" => (leaf.name(), leaf.density_at(measurement.n)),
                "r" => {
                    random.advance_to(measurement.n);
                    ("weighted-automaton", random.density())
                }
                _ => continue,
            };
            out.push(Prediction {
                subject: mutant.subject.clone(),
                mutant: mutant.mutant,
                strategy: measurement.strategy.clone(),
                n: measurement.n,
                k: mutant.shortest(),
                sequences: mutant.sequences.len(),
                model,
                predicted,
                failing: measurement.failing,
                judged: measurement.judged,
                interval: wilson_interval(measurement.failing, measurement.judged),
            });
        }
    }
    Ok(out)
}

/// Uniform over leaves: Φ(j, k, n)/jⁿ when Section 5.1's assumptions hold for the found
/// sequences (one, not overlapping itself), the exact automaton otherwise.
enum LeafModel {
    Phi(FailureCountRecurrence),
    Automaton(PatternCounter),
}

impl LeafModel {
    fn new(mutant: &MutantMinimal) -> Result<Self, AnalysisError> {
        Ok(match mutant.sequences.as_slice() {
            [one] if !overlaps_itself(one) && (mutant.calls >= 2 || one.len() == 1) => {
                LeafModel::Phi(FailureCountRecurrence::new(mutant.calls, one.len() as u32)?)
            }
            sequences => LeafModel::Automaton(PatternCounter::new(mutant.calls, sequences)?),
        })
    }

    fn name(&self) -> &'static str {
        match self {
            LeafModel::Phi(_) => "phi",
            LeafModel::Automaton(_) => "automaton",
        }
    }

    /// FD at length n (n must not decrease from call to call).
    fn density_at(&mut self, n: u64) -> f64 {
        match self {
            LeafModel::Phi(counts) => {
                counts.advance_to(n);
                counts.failure_density().to_f64()
            }
            LeafModel::Automaton(counts) => {
                counts.advance_to(n);
                counts.failure_density().to_f64()
            }
        }
    }
}

/// How many mutants break each of Section 5.3's assumptions, and how many the model fits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssumptionRow {
    /// The assumption, or the fit.
    pub assumption: &'static str,
    /// Mutants for which it fails.
    pub violated: u64,
    /// Mutants examined for it.
    pub mutants: u64,
}

/// The assumption table: over the mutants with a minimal failing sequence.
pub fn assumptions(mutants: &[MutantMinimal], predictions: &[Prediction]) -> Vec<AssumptionRow> {
    let with_sequence: Vec<&MutantMinimal> =
        mutants.iter().filter(|m| !m.sequences.is_empty()).collect();
    let count = |test: &dyn Fn(&MutantMinimal) -> bool| AssumptionRow {
        assumption: "",
        violated: with_sequence.iter().filter(|m| test(m)).count() as u64,
        mutants: with_sequence.len() as u64,
    };
    let misfit = |strategy: &str| {
        let examined: Vec<&&MutantMinimal> = with_sequence
            .iter()
            .filter(|m| {
                predictions
                    .iter()
                    .any(|p| p.strategy == strategy && same_mutant(p, m))
            })
            .collect();
        let violated = examined
            .iter()
            .filter(|m| {
                predictions
                    .iter()
                    .any(|p| p.strategy == strategy && same_mutant(p, m) && !p.inside())
            })
            .count();
        (violated as u64, examined.len() as u64)
    };
    let mut rows = vec![
        AssumptionRow {
            assumption: "one failing sequence",
            ..count(&|m| m.sequences.len() > 1)
        },
        AssumptionRow {
            assumption: "no self-overlap",
            ..count(&|m| m.overlapping())
        },
        AssumptionRow {
            assumption: "no masking by later calls",
            ..count(&|m| m.planted_at_start.passing > 0)
        },
        AssumptionRow {
            assumption: "every test case containing a sequence fails",
            ..count(&|m| m.planted_anywhere.passing > 0)
        },
        AssumptionRow {
            assumption: "failures contain a sequence as a block",
            ..count(&|m| m.failures_without_block > 0)
        },
    ];
    for (assumption, strategy) in [
        (
            "r-leaf density within the 95% interval of phi at every n",
            "r-leaf",
        ),
        (
            "r density within the 95% interval of the weighted model at every n",
            "r",
        ),
    ] {
        let (violated, mutants) = misfit(strategy);
        rows.push(AssumptionRow {
            assumption,
            violated,
            mutants,
        });
    }
    rows
}

fn same_mutant(prediction: &Prediction, mutant: &MutantMinimal) -> bool {
    prediction.subject == mutant.subject && prediction.mutant == mutant.mutant
}

/// The model against the measurements at one (strategy, n), over the mutants.
#[derive(Debug, Clone, PartialEq)]
pub struct SummaryRow {
    /// `r` or `r-leaf`.
    pub strategy: String,
    /// The test-case length.
    pub n: u64,
    /// Mutants measured.
    pub mutants: u64,
    /// Of those, the ones whose prediction lies in the 95 % interval of the measurement.
    pub inside: u64,
    /// Mutants with a measured density of 0.
    pub measured_zero: u64,
    /// The median of measured / predicted over the mutants where both are positive
    /// (`None` when there is none).
    pub median_ratio: Option<f64>,
}

/// One row per (strategy, n), strategies in the order `r-leaf`, `r`.
pub fn summary(predictions: &[Prediction]) -> Vec<SummaryRow> {
    let mut keys: Vec<(String, u64)> = predictions
        .iter()
        .map(|p| (p.strategy.clone(), p.n))
        .collect();
    keys.sort_by_key(|(strategy, n)| (strategy != "r-leaf", *n));
    keys.dedup();
    keys.into_iter()
        .map(|(strategy, n)| {
            let at: Vec<&Prediction> = predictions
                .iter()
                .filter(|p| p.strategy == strategy && p.n == n)
                .collect();
            let mut ratios: Vec<f64> = at
                .iter()
                .filter(|p| p.predicted > 0.0 && p.failing > 0)
                .map(|p| p.measured() / p.predicted)
                .collect();
            ratios.sort_by(f64::total_cmp);
            SummaryRow {
                mutants: at.len() as u64,
                inside: at.iter().filter(|p| p.inside()).count() as u64,
                measured_zero: at.iter().filter(|p| p.failing == 0).count() as u64,
                median_ratio: median(&ratios),
                strategy,
                n,
            }
        })
        .collect()
}

/// The median of sorted values (the mean of the middle two for an even count).
fn median(sorted: &[f64]) -> Option<f64> {
    let middle = sorted.len() / 2;
    match sorted.len() {
        0 => None,
        length if length % 2 == 1 => Some(sorted[middle]),
        _ => Some((sorted[middle - 1] + sorted[middle]) / 2.0),
    }
}

/// `phi_summary.csv`.
pub fn summary_table(rows: &[SummaryRow]) -> Table {
    let number = |name: &str, f: &dyn Fn(&SummaryRow) -> u64| {
        Column::new(name, rows.iter().map(f).collect::<Vec<_>>())
    };
    Table::new(vec![
        Column::new(
            "strategy",
            rows.iter().map(|r| r.strategy.as_str()).collect::<Vec<_>>(),
        ),
        number("n", &|r| r.n),
        number("mutants", &|r| r.mutants),
        number("inside", &|r| r.inside),
        number("measured_zero", &|r| r.measured_zero),
        Column::new(
            "median_ratio",
            rows.iter().map(|r| r.median_ratio).collect::<Vec<_>>(),
        ),
    ])
}

/// `minimal.csv`: one row per mutant.
pub fn minimal_table(mutants: &[MutantMinimal]) -> Table {
    let text = |name: &str, f: &dyn Fn(&MutantMinimal) -> String| {
        Column::new(name, mutants.iter().map(f).collect::<Vec<_>>())
    };
    let number = |name: &str, f: &dyn Fn(&MutantMinimal) -> u64| {
        Column::new(name, mutants.iter().map(f).collect::<Vec<_>>())
    };
    let calls = |sequence: &Vec<u32>| {
        sequence
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    Table::new(vec![
        text("subject", &|m| m.subject.clone()),
        number("mutant", &|m| m.mutant),
        text("operator", &|m| m.operator.clone()),
        number("j", &|m| u64::from(m.calls)),
        number("k", &|m| m.shortest() as u64),
        number("sequences", &|m| m.sequences.len() as u64),
        text("lengths", &|m| {
            m.sequences
                .iter()
                .map(|s| s.len().to_string())
                .collect::<Vec<_>>()
                .join(";")
        }),
        Column::new(
            "overlapping",
            mutants.iter().map(|m| m.overlapping()).collect::<Vec<_>>(),
        ),
        text("sequence", &|m| {
            m.sequences.first().map(calls).unwrap_or_default()
        }),
        text("all_sequences", &|m| {
            m.sequences.iter().map(calls).collect::<Vec<_>>().join("; ")
        }),
        number("failures_reduced", &|m| m.failures_reduced),
        number("failures_without_block", &|m| m.failures_without_block),
        number("planted_start_judged", &|m| m.planted_at_start.judged),
        number("planted_start_passing", &|m| m.planted_at_start.passing),
        number("planted_anywhere_judged", &|m| m.planted_anywhere.judged),
        number("planted_anywhere_passing", &|m| m.planted_anywhere.passing),
    ])
}

/// `phi_per_mutant.csv`: one row per prediction.
pub fn predictions_table(rows: &[Prediction]) -> Table {
    let float = |name: &str, f: &dyn Fn(&Prediction) -> f64| {
        Column::new(name, rows.iter().map(f).collect::<Vec<_>>())
    };
    let number = |name: &str, f: &dyn Fn(&Prediction) -> u64| {
        Column::new(name, rows.iter().map(f).collect::<Vec<_>>())
    };
    let text = |name: &str, f: &dyn Fn(&Prediction) -> String| {
        Column::new(name, rows.iter().map(f).collect::<Vec<_>>())
    };
    Table::new(vec![
        text("subject", &|p| p.subject.clone()),
        number("mutant", &|p| p.mutant),
        text("strategy", &|p| p.strategy.clone()),
        number("n", &|p| p.n),
        number("k", &|p| p.k as u64),
        number("sequences", &|p| p.sequences as u64),
        text("model", &|p| p.model.to_string()),
        float("predicted", &|p| p.predicted),
        number("failing", &|p| p.failing),
        number("judged", &|p| p.judged),
        float("measured", &|p| p.measured()),
        float("low", &|p| p.interval.0),
        float("high", &|p| p.interval.1),
        Column::new(
            "inside",
            rows.iter().map(Prediction::inside).collect::<Vec<_>>(),
        ),
    ])
}

/// `assumptions.csv`.
pub fn assumptions_table(rows: &[AssumptionRow]) -> Table {
    Table::new(vec![
        Column::new(
            "assumption",
            rows.iter().map(|r| r.assumption).collect::<Vec<_>>(),
        ),
        Column::new(
            "violated",
            rows.iter().map(|r| r.violated).collect::<Vec<_>>(),
        ),
        Column::new(
            "mutants",
            rows.iter().map(|r| r.mutants).collect::<Vec<_>>(),
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mutant(sequences: Vec<Vec<u32>>, measured: Vec<MeasuredDensity>) -> MutantMinimal {
        MutantMinimal {
            subject: "S".into(),
            mutant: 1,
            operator: "replace-operator".into(),
            calls: 4,
            random_probabilities: vec![0.5, 0.5 / 3.0, 0.5 / 3.0, 0.5 / 3.0],
            sequences,
            failures_reduced: 1,
            failures_without_block: 0,
            planted_at_start: Planted::default(),
            planted_anywhere: Planted::default(),
            measured,
        }
    }

    fn measured(strategy: &str, n: u64, failing: u64, judged: u64) -> MeasuredDensity {
        MeasuredDensity {
            strategy: strategy.into(),
            n,
            failing,
            judged,
        }
    }

    #[test]
    fn wilson_interval_matches_known_values() {
        // 0 of 1000: (0, 0.00383); 500 of 1000: 0.5 ± 0.0309 (statsmodels' proportion_confint).
        let (low, high) = wilson_interval(0, 1000);
        assert_eq!(low, 0.0);
        assert!((high - 0.003_827).abs() < 1e-6, "{high}");
        let (low, high) = wilson_interval(500, 1000);
        assert!(
            (low - 0.469_070).abs() < 1e-6 && (high - 0.530_930).abs() < 1e-6,
            "{low} {high}"
        );
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
    }

    #[test]
    fn one_non_overlapping_sequence_is_predicted_by_phi_and_r_by_its_weights() {
        let m = mutant(
            vec![vec![0, 1]],
            vec![measured("r-leaf", 2, 1, 16), measured("r", 2, 1, 12)],
        );
        let rows = predictions(&[m]).unwrap();
        assert_eq!(rows.len(), 2);
        let leaf = rows.iter().find(|p| p.strategy == "r-leaf").unwrap();
        // Φ(4, 2, 2) = 1 of 16 test cases.
        assert_eq!((leaf.model, leaf.predicted), ("phi", 1.0 / 16.0));
        assert!(leaf.inside());
        let random = rows.iter().find(|p| p.strategy == "r").unwrap();
        assert_eq!(random.model, "weighted-automaton");
        assert!((random.predicted - 0.5 / 6.0).abs() < 1e-15);
    }

    #[test]
    fn several_or_overlapping_sequences_go_to_the_automaton() {
        for sequences in [vec![vec![0, 0]], vec![vec![0, 1], vec![2]]] {
            let rows =
                predictions(&[mutant(sequences, vec![measured("r-leaf", 3, 0, 10)])]).unwrap();
            assert_eq!(rows[0].model, "automaton");
        }
    }

    #[test]
    fn the_summary_gives_the_median_ratio_over_positive_points() {
        let mutants = [
            mutant(vec![vec![0, 1]], vec![measured("r-leaf", 2, 2, 16)]),
            mutant(vec![vec![0, 1]], vec![measured("r-leaf", 2, 8, 16)]),
            mutant(vec![vec![0, 1]], vec![measured("r-leaf", 2, 0, 16)]),
        ];
        let rows = summary(&predictions(&mutants).unwrap());
        assert_eq!(rows.len(), 1);
        // Predicted 1/16: ratios 2 and 8, median 5; the zero is counted apart. With 16
        // test cases the intervals of 2/16 and 0/16 hold 1/16, that of 8/16 does not.
        assert_eq!(rows[0].median_ratio, Some(5.0));
        assert_eq!((rows[0].mutants, rows[0].measured_zero), (3, 1));
        assert_eq!(rows[0].inside, 2);
    }

    #[test]
    fn assumptions_count_the_mutants_that_break_them() {
        let mut masked = mutant(
            vec![vec![0, 1], vec![2, 2]],
            vec![measured("r-leaf", 2, 9, 10)],
        );
        masked.planted_at_start = Planted {
            judged: 10,
            passing: 3,
        };
        masked.failures_without_block = 2;
        let mut plain = mutant(vec![vec![0, 1]], vec![measured("r-leaf", 2, 1, 16)]);
        plain.mutant = 2;
        let mutants = [masked, plain];
        let rows = assumptions(&mutants, &predictions(&mutants).unwrap());
        let get = |name: &str| rows.iter().find(|r| r.assumption == name).unwrap().clone();
        assert_eq!(get("one failing sequence").violated, 1);
        assert_eq!(get("no self-overlap").violated, 1);
        assert_eq!(get("no masking by later calls").violated, 1);
        assert_eq!(get("failures contain a sequence as a block").violated, 1);
        let fit = get("r-leaf density within the 95% interval of phi at every n");
        assert_eq!((fit.violated, fit.mutants), (1, 2));
        assert_eq!(get("no self-overlap").mutants, 2);
    }
}
