//! `testspace report`: one self-contained HTML page on a results folder — what the
//! experiment was, the ranking of its strategies over subjects (Friedman, Iman–Davenport,
//! Nemenyi's critical-difference diagram), and per subject the kills over replicates,
//! pairwise Â12 with Holm-adjusted Mann–Whitney p-values, kill and coverage growth with
//! bands, the kill matrix and survival curves — with its SVG figures beside it.
//!
//! Computation and rendering are apart: [`build_model`] reads nothing and draws nothing
//! (a [`ReportModel`] of numbers and tables: `index.rs`, `ranking.rs`, `per_subject.rs`,
//! `kill_matrix.rs`, `survival.rs`, `experiment.rs`); [`render`] turns it into files
//! (`figures.rs`, `svg/`, `html.rs`); [`write_page`] reads a folder through the one
//! validating reader ([`crate::report::folder`]) and writes the files staged, all or
//! nothing. The output is a function of the folder only: no clock, no randomness, numbers
//! at a fixed precision. A strategy is a run label at a length (`r n=32`); what cannot be
//! computed (too few replicates, subjects or strategies) is said in a visible note and the
//! rest is written.

pub mod checklist;
mod experiment;
mod figures;
mod html;
mod index;
mod kill_matrix;
mod model;
mod per_subject;
mod ranking;
mod survival;
mod svg;
mod tables;

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use rayon::prelude::*;

pub use self::figures::Figure;
pub use self::kill_matrix::{KillMatrix, Share};
pub use self::model::{
    ExperimentInfo, KillSummary, PairCell, Pairwise, ReportModel, SubjectReport, Targets,
};
pub use self::ranking::{CriticalDifference, Ranking};
pub use self::survival::SurvivalCurve;

use crate::report::replicated::Cost;
use crate::report::{Cell, Cells};
use crate::runner::output::Manifest;
use crate::table::{OUTPUT_MARKER, OutputPlace};

/// The page's file name in the output folder.
pub const PAGE: &str = "index.html";
/// The default output folder's name inside the results folder.
pub const DEFAULT_OUT: &str = "report";

/// `text` with `&`, `<`, `>`, `"` and `'` escaped, for HTML and SVG text and attributes.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The cost axis of the curves: method calls when every cell of the phase recorded them
/// and every killed cell stopped at its first failure (its calls are the calls to it),
/// else test cases.
fn cost_axis<'a>(mut phase: impl Iterator<Item = &'a Cell>) -> Cost {
    let calls = phase
        .all(|c| c.method_calls.is_some() && (!c.killed() || c.first_failure == Some(c.tests_run)));
    if calls {
        Cost::MethodCalls
    } else {
        Cost::Tests
    }
}

/// The report of the results folder `folder` (as named on the page) with `manifest` and
/// `cells`, comparing `phase` (default: see the module docs of `index.rs`: `comparison`,
/// else the phase with the most strategies); `has_copy`: whether the folder holds its
/// experiment file's copy.
///
/// # Errors
/// A phase asked for that the cells do not have, or no cells at all.
pub fn build_model(
    folder: &Path,
    manifest: &Manifest,
    cells: &Cells,
    phase: Option<&str>,
    has_copy: bool,
) -> Result<ReportModel, String> {
    let phase = index::choose_phase(cells, phase)?;
    let index = index::PhaseIndex::new(cells, &phase);
    let cost = cost_axis(cells.phase(&phase));
    let targets = if cells.phase(&phase).all(|c| c.real_fault) {
        Targets::Faults
    } else {
        Targets::Mutants
    };
    let subjects: Vec<SubjectReport> = index
        .subjects
        .par_iter()
        .map(|s| per_subject::subject_report(s, &index.strategies, cost, index.replicates))
        .collect();
    let medians: Vec<(String, Vec<Option<f64>>)> = subjects
        .iter()
        .map(|s| {
            let medians = s.kills.iter().map(|k| k.as_ref().map(|k| k.summary.median));
            (s.name.clone(), medians.collect())
        })
        .collect();
    let ranking = ranking::rank(&index.strategies, &medians);
    let notes = notes(&phase, &index, &ranking);
    Ok(ReportModel {
        experiment: experiment::experiment_info(folder, manifest, cells, has_copy),
        phase,
        strategies: index.strategies,
        targets,
        cost,
        ranking,
        subjects,
        notes,
        budgets: Err("the experiment file was not read".into()),
    })
}

/// The page's notes on what could not be computed.
fn notes(
    phase: &str,
    index: &index::PhaseIndex<'_>,
    ranking: &Result<Ranking, String>,
) -> Vec<String> {
    let mut notes = Vec::new();
    if phase != crate::report::COMPARISON_PHASE {
        notes.push(format!(
            "the folder has no phase `{}`: the phase `{phase}` is compared",
            crate::report::COMPARISON_PHASE
        ));
    }
    if index.replicates < 2 {
        notes.push(format!(
            "the folder holds {} replicate: no Mann–Whitney p-values, no bands over \
             replicates and no kill-growth curves (they need at least 2 replicates); medians \
             are single values",
            index.replicates
        ));
    }
    match ranking {
        Err(why) => notes.push(why.clone()),
        Ok(ranking) => {
            if !ranking.left_out.is_empty() {
                notes.push(format!(
                    "left out of the ranking (no cells on some subject): {}",
                    ranking.left_out.join(", ")
                ));
            }
            match &ranking.nemenyi {
                Err(why) => notes.push(why.clone()),
                Ok(cd) if ranking.friedman.p_value >= cd.alpha => notes.push(format!(
                    "the Friedman test does not reject equal ranks at α = {} (p = {:.4}): the \
                     critical-difference diagram is shown for reference only",
                    cd.alpha, ranking.friedman.p_value
                )),
                Ok(_) => {}
            }
        }
    }
    notes
}

/// The files of `model`'s page: `index.html` first, then its figures, each (name, bytes).
pub fn render(model: &ReportModel) -> Vec<(String, Vec<u8>)> {
    let cd = model.ranking.as_ref().ok().and_then(figures::cd_figure);
    let subjects: Vec<Vec<(&'static str, Figure)>> = model
        .subjects
        .par_iter()
        .enumerate()
        .map(|(i, s)| figures::subject_figures(model, i, s))
        .collect();
    let page = html::page(model, cd.as_ref(), &subjects);
    let mut files = vec![(PAGE.to_string(), page.into_bytes())];
    for figure in cd
        .into_iter()
        .chain(subjects.into_iter().flatten().map(|(_, f)| f))
    {
        files.push((figure.file, figure.svg.into_bytes()));
    }
    for (name, text) in tables::tables(model) {
        files.push((name, text.into_bytes()));
    }
    files
}

/// A page written.
#[derive(Debug)]
pub struct Written {
    /// The output folder.
    pub folder: PathBuf,
    /// Files written (the page and its figures).
    pub files: usize,
    /// The page's notes.
    pub notes: Vec<String>,
    /// The page's evaluation checklist.
    pub checklist: Vec<checklist::CheckItem>,
}

/// The budget per cell of each strategy label of `phase` and the seed-free labels, from the
/// experiment file the folder ran (its copy), or why it cannot be read.
fn budgets(results: &Path, phase: &str) -> checklist::Budgets {
    use crate::experiment::TestBudget;
    use checklist::Budget;
    let experiment = crate::report::folder::read_experiment(results)
        .map_err(|e| format!("the experiment file cannot be read ({e:#})"))?;
    let phase = experiment
        .phases
        .iter()
        .find(|p| p.name == phase)
        .ok_or_else(|| format!("the experiment file has no phase `{phase}`"))?;
    let mut design = checklist::Design::default();
    for run in &phase.runs {
        let walk = matches!(run.strategy, crate::strategy::Strategy::Walk(_));
        let budget_at = |n: usize| match &run.tests {
            TestBudget::Cost(calls) => Budget::Calls(*calls),
            TestBudget::Fixed(tests) => Budget::Tests {
                tests: *tests,
                calls_each: walk.then_some(n as u64),
            },
            TestBudget::Suite(suite) => match (suite.cost, suite.tests) {
                (Some(calls), None) => Budget::Calls(calls),
                (None, Some(tests)) => Budget::Tests {
                    tests,
                    calls_each: None,
                },
                (Some(calls), Some(tests)) => Budget::Other(format!(
                    "a suite of at most {tests} test cases and {calls} calls"
                )),
                (None, None) => Budget::Other("a suite without a limit".into()),
            },
            TestBudget::Structures => Budget::Other("a whole structure suite".into()),
            TestBudget::FirstFailureOf(walk) => {
                Budget::Other(format!("E(n) of the run of {}", walk.name()))
            }
            TestBudget::Unlimited => Budget::Other("no limit".into()),
        };
        let timed = |budget: Budget| match (run.seconds, budget) {
            (Some(seconds), Budget::Other(what)) => {
                Budget::Other(format!("{what}, at most {seconds} s"))
            }
            (Some(seconds), budget) => Budget::Other(format!(
                "{} or {seconds} s, whichever comes first",
                budget.describe()
            )),
            (None, budget) => budget,
        };
        let structure =
            crate::structure::suite::StructureSuiteKind::from_name(run.name()).is_some();
        let mut labels: Vec<(String, usize)> = run
            .lengths
            .iter()
            .map(|&n| (format!("{} n={n}", run.name()), n))
            .collect();
        if structure {
            // Labelled by its name alone where its scope follows the subject.
            labels.push((run.name().to_string(), 0));
        }
        for (label, n) in labels {
            if !run.strategy.uses_seed() {
                design.seed_free.insert(label.clone());
            }
            design.budgets.insert(label, timed(budget_at(n)));
        }
    }
    Ok(design)
}

/// Reads the results folder `results` and writes its page into `out` (default:
/// `results/report/`, refused for a committed reference run): the files are written into
/// a hidden folder beside `out` and renamed into place at the end (an existing `out` is
/// replaced whole if it holds only a report's files, else refused), so that nothing
/// half-written is ever left.
///
/// # Errors
/// A folder that is not a finished, sound results folder (the reader's located message,
/// nothing written), an unknown phase, or a file that cannot be written.
pub fn write_page(
    results: &Path,
    out: Option<&Path>,
    phase: Option<&str>,
) -> anyhow::Result<Written> {
    let (folder, cells, out) =
        crate::report::open_for_output(results, out, DEFAULT_OUT, "report", "DIR")?;
    let default = out == results.join(DEFAULT_OUT);
    // Checked before the work, so a refusal costs nothing.
    refuse_foreign(&out, default)?;
    let has_copy = results.join(crate::report::folder::EXPERIMENT).exists();
    let mut model = build_model(results, &folder.manifest, &cells, phase, has_copy)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("cannot write the report of {}", results.display()))?;
    model.budgets = budgets(results, &model.phase);
    let mut files = render(&model);
    let count = files.len();
    files.push((
        OUTPUT_MARKER.to_string(),
        format!("{COMMAND}\n").into_bytes(),
    ));
    stage_folder(&out, &files, default)?;
    Ok(Written {
        folder: out,
        files: count,
        checklist: checklist::checklist(&model),
        notes: model.notes,
    })
}

/// The command whose output marker a report folder holds.
const COMMAND: &str = "report";

/// Refuses `out` unless `report` may replace it ([`OutputPlace::refusal`]): missing, empty,
/// marked as a report, or, at its `default` place, a report folder written before markers.
fn refuse_foreign(out: &Path, default: bool) -> anyhow::Result<()> {
    let earlier_report = default && is_report_folder(out);
    match OutputPlace::Folder(out).refusal(COMMAND, false) {
        Some(reason) if !earlier_report => anyhow::bail!("{}: {reason}", out.display()),
        _ => Ok(()),
    }
}

/// Whether `folder` is a folder holding only what a report writes (so replacing it
/// loses nothing else).
fn is_report_folder(folder: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return false;
    };
    entries.into_iter().all(|entry| {
        entry.is_ok_and(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            entry.path().is_file()
                && (name == PAGE || name.ends_with(".svg") || name.ends_with(".csv"))
        })
    })
}

/// Writes `files` into a hidden folder beside `out`, then puts it in `out`'s place
/// (`default`: `out` is the report's default place).
fn stage_folder(out: &Path, files: &[(String, Vec<u8>)], default: bool) -> anyhow::Result<()> {
    let name = out
        .file_name()
        .and_then(|n| n.to_str())
        .with_context(|| format!("{} names no folder", out.display()))?;
    let parent = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    refuse_foreign(out, default)?;
    std::fs::create_dir_all(parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let pid = std::process::id();
    let staging = parent.join(format!(".{name}.staging-{pid}"));
    let old = parent.join(format!(".{name}.old-{pid}"));
    let _ = std::fs::remove_dir_all(&staging);
    let written = (|| -> anyhow::Result<()> {
        std::fs::create_dir(&staging)?;
        for (file, bytes) in files {
            std::fs::write(staging.join(file), bytes)
                .with_context(|| format!("cannot write {}", out.join(file).display()))?;
        }
        if out.exists() {
            std::fs::rename(out, &old)?;
        }
        if let Err(error) = std::fs::rename(&staging, out) {
            if old.exists() {
                let _ = std::fs::rename(&old, out);
            }
            return Err(error.into());
        }
        let _ = std::fs::remove_dir_all(&old);
        Ok(())
    })();
    if written.is_err() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    written.with_context(|| format!("cannot write the report into {}", out.display()))
}

#[cfg(test)]
mod tests;
