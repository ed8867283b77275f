//! The mutation-testing-elements report of a results folder: the JSON format of Stryker,
//! PIT's report plugin and the mutation dashboards (schema version [`SCHEMA_VERSION`],
//! checked against the published schema in `testdata/mutation-testing-elements/`), so
//! that the standard HTML viewer shows a run's mutants.
//!
//! What the report holds, and how it follows from the cells:
//! - one `files` entry per source file named by the mutants' locations
//!   (`subjects/array_list.rs`, or `src/ring.rs` of a user's crate), with the unit's
//!   [`Unit::source`](crate::subject::Unit::source) as its `source` (for a module of a user's crate, the module's text at
//!   the file's lines; two units in one file are merged line by line). A unit registered
//!   without its source is left out with a note: the viewer cannot place its mutants;
//! - one mutant per (subject, mutant) with cells, its id `Subject:id`. Gold as a target
//!   (mutant 0) is not a mutation and is left out with a note, as are subjects the registry
//!   does not know and ids missing from their unit's catalog;
//! - `status`: `Killed` when a cell of *any* phase killed it (as the figures'
//!   non-equivalence), else `Timeout` when a cell timed out, else `RuntimeError` when a
//!   cell crashed, else `Survived`;
//! - the "tests" are the strategies at a length, named `strategy n=N` (runs of the same
//!   strategy and length pooled over phases): `coveredBy` those that ran on the mutant,
//!   `killedBy` those that killed it in some replicate, `testsCompleted` how many ran, and
//!   `statusReason` per test the replicates that killed it out of those that ran it;
//!   `testFiles` lists them, one entry per strategy;
//! - `location`: the catalog's `file:line:column` (1-based, in characters, as the schema's)
//!   starts it; its end (exclusive) is found by matching the catalog's
//!   whitespace-collapsed `original` in the source from there, or, where that fails,
//!   counted from `original`'s text.
//!
//! The output is deterministic: dictionaries sorted by key, mutants by (subject, id).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use serde::Serialize;

use super::{Cell, Cells};
use crate::runner::output::Manifest;
use crate::subject::{MutantInfo, registry};
use crate::table::{OutputPlace, StagedFiles};

/// The report schema's version written (the newest the published schema accepts).
pub(crate) const SCHEMA_VERSION: &str = "2";
/// The report's file name in a results folder.
pub(crate) const FILE_NAME: &str = "mutation-report.json";

/// A mutation-testing-elements report (the schema's `MutationTestResult`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Report {
    schema_version: &'static str,
    thresholds: Thresholds,
    pub(crate) files: BTreeMap<String, FileResult>,
    pub(crate) test_files: BTreeMap<String, TestFile>,
    framework: Framework,
    config: Config,
}

/// The viewer's colour bounds of the mutation score (Stryker's defaults).
#[derive(Debug, Serialize)]
struct Thresholds {
    high: u8,
    low: u8,
}

/// One source file and its mutants.
#[derive(Debug, Serialize)]
pub(crate) struct FileResult {
    language: &'static str,
    pub(crate) source: String,
    pub(crate) mutants: Vec<MutantResult>,
}

/// One mutant.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MutantResult {
    pub(crate) id: String,
    mutator_name: String,
    replacement: String,
    description: String,
    pub(crate) location: Location,
    pub(crate) status: Status,
    status_reason: String,
    pub(crate) killed_by: Vec<String>,
    pub(crate) covered_by: Vec<String>,
    tests_completed: usize,
}

/// Start (inclusive) and end (exclusive) of a mutant's code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Location {
    pub(crate) start: Position,
    pub(crate) end: Position,
}

/// A 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Position {
    pub(crate) line: usize,
    pub(crate) column: usize,
}

/// The schema's mutant statuses that cells can give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub(crate) enum Status {
    /// A cell of some phase killed it.
    Killed,
    /// None killed it and none timed out or crashed.
    Survived,
    /// None killed it; some cell timed out.
    Timeout,
    /// None killed it or timed out; some cell crashed.
    RuntimeError,
}

/// The Timeout convention, said beside the counts when some mutant only timed out: the
/// viewer counts a Timeout as detected, testspace's tables as not killed. Both scores are
/// over the mutants killed, timed out or survived (the viewer leaves a RuntimeError out).
pub(crate) fn timeout_note(counts: &BTreeMap<Status, usize>) -> Option<String> {
    let count = |status| counts.get(&status).copied().unwrap_or(0);
    let (killed, timeout, survived) = (
        count(Status::Killed),
        count(Status::Timeout),
        count(Status::Survived),
    );
    let valid = (killed + timeout + survived) as f64;
    (timeout > 0).then(|| {
        format!(
            "the viewer counts the {timeout} Timeout mutants as detected: its mutation score is \
             {:.1} % ((Killed + Timeout) / (Killed + Timeout + Survived)); testspace's tables \
             count a timeout as not killed: {:.1} % (Killed / the same)",
            100.0 * (killed + timeout) as f64 / valid,
            100.0 * killed as f64 / valid
        )
    })
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// The "tests" of one strategy: one per length.
#[derive(Debug, Serialize)]
pub(crate) struct TestFile {
    pub(crate) tests: Vec<TestDefinition>,
}

/// One "test": a strategy at a length.
#[derive(Debug, Serialize)]
pub(crate) struct TestDefinition {
    pub(crate) id: String,
    name: String,
}

#[derive(Debug, Serialize)]
struct Framework {
    name: &'static str,
    version: String,
}

/// The run, from its manifest.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Config {
    experiment: String,
    experiment_sha256: String,
    seed: u64,
    replicates: u32,
    oracle: String,
    profile: String,
}

/// A "test": a strategy (or run label) at a test-case length.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct TestId {
    strategy: String,
    n: u64,
}

impl fmt::Display for TestId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} n={}", self.strategy, self.n)
    }
}

/// The replicates in which a test ran on a mutant, and those in which it killed it.
#[derive(Debug, Default)]
struct Share {
    ran: BTreeSet<u32>,
    killed: BTreeSet<u32>,
}

/// What the cells of one mutant say.
#[derive(Debug, Default)]
struct Outcomes {
    tests: BTreeMap<TestId, Share>,
    timeouts: usize,
    crashes: usize,
}

impl Outcomes {
    fn add(&mut self, cell: &Cell) {
        let share = self
            .tests
            .entry(TestId {
                strategy: cell.strategy.clone(),
                n: cell.n,
            })
            .or_default();
        share.ran.insert(cell.replicate);
        if cell.killed() {
            share.killed.insert(cell.replicate);
        }
        self.timeouts += usize::from(cell.outcome == "timeout");
        self.crashes += usize::from(cell.outcome == "crash");
    }

    fn status(&self) -> Status {
        if self.tests.values().any(|share| !share.killed.is_empty()) {
            Status::Killed
        } else if self.timeouts > 0 {
            Status::Timeout
        } else if self.crashes > 0 {
            Status::RuntimeError
        } else {
            Status::Survived
        }
    }

    /// Per test, the replicates that killed the mutant out of those that ran it; then the
    /// cells that timed out or crashed.
    fn reason(&self) -> String {
        let shares: Vec<String> = self
            .tests
            .iter()
            .map(|(test, share)| format!("{test} {}/{}", share.killed.len(), share.ran.len()))
            .collect();
        let mut reason = format!(
            "replicates that killed it of those run, per strategy (all phases): {}",
            shares.join("; ")
        );
        for (count, what) in [(self.timeouts, "timed out"), (self.crashes, "crashed")] {
            if count > 0 {
                reason.push_str(&format!("; {count} cell(s) {what}"));
            }
        }
        reason
    }
}

/// What the report needs of a registered unit.
#[derive(Clone, Copy, Debug)]
pub(crate) struct UnitView<'a> {
    /// `Unit::source` (empty: not known).
    pub(crate) source: &'a str,
    /// `Unit::mutants`.
    pub(crate) mutants: &'a [MutantInfo],
}

/// The report of `cells` from a run described by `manifest`, with the units by class name
/// (a subject missing here is unknown); `note` receives a line per thing left out.
pub(crate) fn build(
    manifest: &Manifest,
    cells: &Cells,
    units: &BTreeMap<String, UnitView<'_>>,
    note: &mut dyn FnMut(&str),
) -> Report {
    let mut by_mutant: BTreeMap<(&str, u64), Outcomes> = BTreeMap::new();
    let mut gold_cells = 0;
    for cell in &cells.rows {
        if cell.mutant == u64::from(crate::subject::GOLD) {
            gold_cells += 1;
            continue;
        }
        by_mutant
            .entry((cell.subject.as_str(), cell.mutant))
            .or_default()
            .add(cell);
    }
    if gold_cells > 0 {
        note(&format!(
            "{gold_cells} cell(s) of gold as a target (mutant 0) left out: gold is no mutation"
        ));
    }
    let mut files: BTreeMap<String, FileResult> = BTreeMap::new();
    let mut tests: BTreeSet<TestId> = BTreeSet::new();
    let mut left_out: BTreeMap<String, String> = BTreeMap::new();
    for ((subject, id), outcomes) in &by_mutant {
        let placed = units
            .get(*subject)
            .ok_or_else(|| "the registry does not know it".to_string())
            .and_then(|unit| place(unit, *id));
        let (unit, info, file, start) = match placed {
            Ok(placed) => placed,
            Err(reason) => {
                left_out.entry(subject.to_string()).or_insert(reason);
                continue;
            }
        };
        tests.extend(outcomes.tests.keys().cloned());
        let mutant = mutant_result(subject, info, outcomes, unit.source, start);
        add_to_file(&mut files, file, unit.source, mutant);
    }
    for (subject, reason) in &left_out {
        note(&format!("mutants of {subject} left out: {reason}"));
    }
    Report {
        schema_version: SCHEMA_VERSION,
        thresholds: Thresholds { high: 80, low: 60 },
        files,
        test_files: test_files(&tests),
        framework: Framework {
            name: "testspace",
            version: manifest.crate_version.clone(),
        },
        config: Config {
            experiment: manifest.experiment.clone(),
            experiment_sha256: manifest.experiment_sha256.clone(),
            seed: manifest.seed,
            replicates: manifest.replicates,
            oracle: manifest.oracle.clone(),
            profile: manifest.profile.clone(),
        },
    }
}

/// A mutant of `unit` with its catalog entry, file and start; an error saying why it
/// cannot be placed in a source file.
fn place<'u>(
    unit: &UnitView<'u>,
    id: u64,
) -> Result<(UnitView<'u>, &'u MutantInfo, &'u str, Position), String> {
    if unit.source.is_empty() {
        return Err("the unit was registered without its source".to_string());
    }
    let info = unit
        .mutants
        .iter()
        .find(|m| u64::from(m.id) == id)
        .ok_or_else(|| format!("mutant {id} is not in its catalog"))?;
    let (file, start) = parse_location(&info.location).ok_or_else(|| {
        format!(
            "mutant {id}'s location `{}` is no file:line:column",
            info.location
        )
    })?;
    Ok((*unit, info, file, start))
}

/// `file:line:column` (1-based line and column).
fn parse_location(location: &str) -> Option<(&str, Position)> {
    let mut parts = location.rsplitn(3, ':');
    let column = parts.next()?.parse().ok().filter(|&c| c >= 1)?;
    let line = parts.next()?.parse().ok().filter(|&l| l >= 1)?;
    let file = parts.next().filter(|f| !f.is_empty())?;
    Some((file, Position { line, column }))
}

fn mutant_result(
    subject: &str,
    info: &MutantInfo,
    outcomes: &Outcomes,
    source: &str,
    start: Position,
) -> MutantResult {
    let names = |killed: bool| -> Vec<String> {
        outcomes
            .tests
            .iter()
            .filter(|(_, share)| !killed || !share.killed.is_empty())
            .map(|(test, _)| test.to_string())
            .collect()
    };
    let replacement = if info.replacement.is_empty() {
        "(deleted)".to_string()
    } else {
        format!("`{}`", info.replacement)
    };
    MutantResult {
        id: format!("{subject}:{}", info.id),
        mutator_name: info.operator_name().to_string(),
        replacement: info.replacement.clone(),
        description: format!(
            "{subject} mutant {} ({}): `{}` → {replacement}",
            info.id,
            info.operator_name(),
            info.original
        ),
        location: Location {
            start,
            end: end_position(source, start, &info.original),
        },
        status: outcomes.status(),
        status_reason: outcomes.reason(),
        killed_by: names(true),
        covered_by: names(false),
        tests_completed: outcomes.tests.len(),
    }
}

/// Adds `mutant` to the entry of `file`, created with `source` or merged with it.
fn add_to_file(
    files: &mut BTreeMap<String, FileResult>,
    file: &str,
    source: &str,
    mutant: MutantResult,
) {
    let entry = files.entry(file.to_string()).or_insert_with(|| FileResult {
        language: "rust",
        source: source.to_string(),
        mutants: Vec::new(),
    });
    if entry.source != source {
        entry.source = merge_sources(&entry.source, source);
    }
    entry.mutants.push(mutant);
}

/// Two texts of one file, each with only its module's lines non-empty, as one: per line
/// the first non-empty of the two.
fn merge_sources(a: &str, b: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    (0..a.len().max(b.len()))
        .map(|i| {
            let (x, y) = (a.get(i).copied(), b.get(i).copied());
            x.filter(|line| !line.trim().is_empty())
                .or(y)
                .or(x)
                .unwrap_or("")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where the code `original` (whitespace-collapsed, as catalogs keep it) starting at
/// `start` ends (exclusive): matched character by character in `source`, skipping
/// whitespace; where it does not match, counted from `original` itself (its lines).
pub(crate) fn end_position(source: &str, start: Position, original: &str) -> Position {
    matched_end(source, start, original).unwrap_or_else(|| match original.rsplit_once('\n') {
        Some((before, last)) => Position {
            line: start.line + before.matches('\n').count() + 1,
            column: last.chars().count() + 1,
        },
        None => Position {
            line: start.line,
            column: start.column + original.chars().count(),
        },
    })
}

fn matched_end(source: &str, start: Position, original: &str) -> Option<Position> {
    let mut wanted = original.chars().filter(|c| !c.is_whitespace()).peekable();
    wanted.peek()?;
    for (offset, text) in source.lines().skip(start.line - 1).enumerate() {
        let first = if offset == 0 { start.column } else { 1 };
        for (column, ch) in text.chars().enumerate().skip(first - 1) {
            if ch.is_whitespace() {
                continue;
            }
            if wanted.next() != Some(ch) {
                return None;
            }
            if wanted.peek().is_none() {
                return Some(Position {
                    line: start.line + offset,
                    column: column + 2,
                });
            }
        }
    }
    None
}

/// One test file per strategy, its tests by length.
fn test_files(tests: &BTreeSet<TestId>) -> BTreeMap<String, TestFile> {
    let mut files: BTreeMap<String, TestFile> = BTreeMap::new();
    for test in tests {
        files
            .entry(test.strategy.clone())
            .or_insert_with(|| TestFile { tests: Vec::new() })
            .tests
            .push(TestDefinition {
                id: test.to_string(),
                name: test.to_string(),
            });
    }
    files
}

impl Report {
    /// The report as pretty-printed JSON with a final newline.
    pub(crate) fn to_json(&self) -> Vec<u8> {
        let mut bytes = serde_json::to_vec_pretty(self).expect("the report serializes");
        bytes.push(b'\n');
        bytes
    }

    /// Mutants per status.
    pub(crate) fn counts(&self) -> BTreeMap<Status, usize> {
        let mut counts = BTreeMap::new();
        for mutant in self.files.values().flat_map(|file| &file.mutants) {
            *counts.entry(mutant.status).or_insert(0) += 1;
        }
        counts
    }
}

/// A report written.
#[derive(Debug)]
pub(crate) struct Written {
    /// The file.
    pub(crate) path: PathBuf,
    /// Its mutants per status.
    pub(crate) counts: BTreeMap<Status, usize>,
}

/// The command whose output marker the report file carries.
const COMMAND: &str = "mutation-report";

/// Writes the report of the results folder `results` to `out` (default:
/// `results/mutation-report.json`, refused for a committed reference run), staged so that
/// it appears whole or not at all; `note` receives a line per thing left out.
///
/// # Errors
/// A folder that is not a results folder or a damaged one (located by the folder reader,
/// nothing written), a committed reference run as the default output, or a file that
/// cannot be written.
pub(crate) fn write_report(
    results: &Path,
    out: Option<&Path>,
    note: &mut dyn FnMut(&str),
) -> anyhow::Result<Written> {
    let (folder, cells, out) =
        super::open_for_output(results, out, FILE_NAME, "mutation report", "FILE")?;
    let default = out == results.join(FILE_NAME);
    // Checked before the work, so a refusal costs nothing.
    OutputPlace::File(&out).check(COMMAND, default)?;
    let subjects: BTreeSet<&str> = cells.rows.iter().map(|c| c.subject.as_str()).collect();
    let units: BTreeMap<String, UnitView<'_>> = subjects
        .into_iter()
        .filter_map(|subject| registry().find(subject).ok())
        .map(|unit| {
            let view = UnitView {
                source: unit.source(),
                mutants: unit.mutants(),
            };
            (unit.class().to_string(), view)
        })
        .collect();
    let report = build(&folder.manifest, &cells, &units, note);
    let name = out
        .file_name()
        .and_then(|name| name.to_str())
        .with_context(|| format!("{} names no file", out.display()))?;
    let mut staged = StagedFiles::claim(OutputPlace::File(&out), COMMAND, default)?;
    staged.write(name, report.to_json())?;
    staged.commit()?;
    Ok(Written {
        path: out,
        counts: report.counts(),
    })
}

#[cfg(test)]
mod tests;
