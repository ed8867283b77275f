//! The report's numbers and tables, computed from a results folder and rendered by
//! [`super::html`] and [`super::svg`]: nothing here knows HTML or SVG.

use crate::report::replicated::{Cost, CurveBand};
use crate::stats::Summary;

/// Everything the page shows, in the page's order.
#[derive(Clone, Debug, PartialEq)]
pub struct ReportModel {
    /// What the experiment was and how to run it again.
    pub experiment: ExperimentInfo,
    /// The phase compared (`comparison`, or the folder's only or last phase).
    pub phase: String,
    /// The strategies compared, in the page's order (the figures' strategy order, then n).
    pub strategies: Vec<String>,
    /// What the cells' targets are: mutants, or real faults.
    pub targets: Targets,
    /// What the cost axes of the curves count.
    pub cost: Cost,
    /// The ranking over subjects, or why there is none.
    pub ranking: Result<super::ranking::Ranking, String>,
    /// One section per subject, by name.
    pub subjects: Vec<SubjectReport>,
    /// Visible notes on what could not be computed, in the page's order.
    pub notes: Vec<String>,
    /// Each compared strategy's budget per cell and whether it is seed-free, as the
    /// experiment file states them, or why they are unknown ([`super::write_page`] reads
    /// it; [`super::build_model`] reads nothing).
    pub budgets: super::checklist::Budgets,
}

/// What a report's cells test for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Targets {
    /// Mutants of the subjects (seeded faults).
    Mutants,
    /// Real faults: every cell's target is a fault's buggy release (`operator` holds its id).
    Faults,
}

impl Targets {
    /// The plural noun: `mutants`, `faults`.
    pub fn plural(self) -> &'static str {
        match self {
            Targets::Mutants => "mutants",
            Targets::Faults => "faults",
        }
    }

    /// The singular noun: `mutant`, `fault`.
    pub fn singular(self) -> &'static str {
        match self {
            Targets::Mutants => "mutant",
            Targets::Faults => "fault",
        }
    }

    /// What a cell that fails does to its target: `killed`, `found`.
    pub fn verb(self) -> &'static str {
        match self {
            Targets::Mutants => "killed",
            Targets::Faults => "found",
        }
    }
}

/// A results folder's run, from its manifest and cells.
#[derive(Clone, Debug, PartialEq)]
pub struct ExperimentInfo {
    /// The folder as given.
    pub folder: String,
    /// The experiment's name.
    pub name: String,
    /// The experiment file as the run was given it.
    pub file: String,
    /// Its SHA-256.
    pub sha256: String,
    /// The profile run.
    pub profile: String,
    /// The experiment's seed.
    pub seed: u64,
    /// Replicates.
    pub replicates: u32,
    /// The oracle.
    pub oracle: String,
    /// The commit the run started from, if recorded.
    pub commit: Option<String>,
    /// testspace's version.
    pub version: String,
    /// Where it ran: host, OS, architecture, CPUs.
    pub machine: String,
    /// Worker processes.
    pub jobs: usize,
    /// Start and end (UTC, as recorded).
    pub started: String,
    /// End of the run.
    pub finished: String,
    /// Cells of every phase.
    pub cells: usize,
    /// Their CPU seconds added up.
    pub cpu_seconds: f64,
    /// Their method calls added up (`None`: not recorded).
    pub method_calls: Option<u64>,
    /// The command line that runs it again.
    pub rerun: String,
}

/// One subject's section.
#[derive(Clone, Debug, PartialEq)]
pub struct SubjectReport {
    /// The unit's class name.
    pub name: String,
    /// Mutants with a cell in the phase.
    pub mutants: usize,
    /// Per strategy (as [`ReportModel::strategies`]): mutants killed per replicate and
    /// their summary; `None` where the strategy has no cells on this subject.
    pub kills: Vec<Option<KillSummary>>,
    /// Pairwise Â12 and Holm-adjusted p-values, or why there are none.
    pub pairwise: Result<Pairwise, String>,
    /// Kill growth over the cost axis with bands over replicates (the strategies that ran
    /// here), or why there is none.
    pub kill_growth: Result<Vec<CurveBand>, String>,
    /// Branch coverage (percent) over the cost axis to each cell's end
    /// ([`crate::report::coverage::coverage_growth`]), or why there is none.
    pub coverage: Result<Vec<CurveBand>, String>,
    /// Per strategy (as [`ReportModel::strategies`]): the median over replicates of the final
    /// branch coverage in percent (the longest cell's `branches_covered` at its `tests_run`);
    /// `None` without cells or coverage.
    pub final_coverage: Vec<Option<f64>>,
    /// Per strategy (as [`ReportModel::strategies`]): the length n of its cells on this
    /// subject (a strategy labelled by its name alone has one per subject); `None` where it
    /// has no cells here.
    pub lengths: Vec<Option<u64>>,
    /// Mutant × strategy kill shares.
    pub kill_matrix: super::kill_matrix::KillMatrix,
    /// Survival curves per strategy.
    pub survival: Vec<super::survival::SurvivalCurve>,
}

/// A strategy's mutants killed on one subject over replicates.
#[derive(Clone, Debug, PartialEq)]
pub struct KillSummary {
    /// Mutants killed, one value per replicate that ran it (replicate order).
    pub per_replicate: Vec<f64>,
    /// Their summary (median, quartiles, extremes).
    pub summary: Summary,
}

/// Pairwise comparisons of the strategies on one subject.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairwise {
    /// `cells[i][j]`: strategy i against j (`None` on the diagonal or where a side has no
    /// values).
    pub cells: Vec<Vec<Option<PairCell>>>,
    /// Why there are no p-values (too few replicates), if so.
    pub note: Option<String>,
}

/// One strategy against another on one subject.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairCell {
    /// Â12(i, j): the probability that a replicate of i kills more than one of j (ties ½).
    pub a12: f64,
    /// The Mann–Whitney p-value, Holm-adjusted over the subject's pairs (`None`: fewer than
    /// two replicates on a side).
    pub p_holm: Option<f64>,
}
