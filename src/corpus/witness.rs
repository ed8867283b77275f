//! A fault's witness: a 1-minimal failing test case, stored beside the crate's entry in
//! `crates/<crate>/witnesses.toml`, and checked against the corpus's units.
//!
//! ```toml
//! [[witness]]
//! fault = "semver-display-inherits-padding"
//! calls = [0, 498]                   # call indices of M_C in the subject's context file
//! found = "realfaults, r-leaf, replicate 0, test case 1, reduced from 20 calls"
//!
//! [[unreached]]
//! fault = "lru-clear-resize-leak"
//! reason = "a leak: every result is the same, so no oracle sees it"
//!
//! [[witness]]
//! fault = "smallvec-grow-same-capacity"
//! calls = [0, 1, 2, 72]
//! fails = "crash"                    # replayed alone in worker processes: differs, crash or hang
//! found = "..."
//!
//! [[pending]]
//! fault = "regex-empty-repetition-dos"
//! reason = "found, but reducing it runs the hang in-process"
//! ```
//!
//! The context is the crate's context file whose `subject` is the fault's subject, taken at
//! the fault's fixed release: the unit `Subject@fixed`. A witness holds when, on that unit,
//! the paper's oracle judges the fault's buggy release to fail on the calls, and the calls are
//! 1-minimal (without any one of them the test passes). A witness with `fails` is replayed
//! alone in worker processes of the corpus's experiment ([`IsolatedFailure`]): the buggy
//! release must fail that way (differ, crash its process, or hang past the watchdog), which
//! a crash or a hang can only do there. Every fault of the crate has a witness,
//! an `unreached` line saying why no strategy found it, or a `pending` line saying why a fault
//! that was found has no witness yet; errors name the file, line and field.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use super::entry::{CrateEntry, Fault};
use crate::context::TestContext;
use crate::context::file::ContextDecl;
use crate::kernel::file::{FileError, LoadError, read_source};
use crate::oracle::{OracleKind, Verdict};
use crate::reduce::{IsolatedFailure, MutantFailure, is_one_minimal};
use crate::runner::check::CheckOutcome;
use crate::runner::worker::Handshake;
use crate::subject::Registry;

/// What a crate's `witnesses.toml` says of one fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Evidence {
    /// A failing test case.
    Witness {
        /// The calls, as indices of M_C.
        calls: Vec<u32>,
        /// How the buggy release fails on them, alone in a worker process (`None`: it
        /// differs, replayed in this process).
        fails: Option<CheckOutcome>,
        /// Where it was found (informative).
        found: String,
    },
    /// No strategy reached the fault; why.
    Unreached(String),
    /// Found, but no witness stored yet; why.
    Pending(String),
}

/// A fault with its evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaultEvidence {
    /// The fault's id.
    pub fault: String,
    /// Its witness, or why there is none.
    pub evidence: Evidence,
}

/// The file of a crate's witnesses.
pub const WITNESSES: &str = "witnesses.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WitnessesDecl {
    #[serde(default)]
    witness: Vec<WitnessDecl>,
    #[serde(default)]
    unreached: Vec<UnreachedDecl>,
    #[serde(default)]
    pending: Vec<UnreachedDecl>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WitnessDecl {
    fault: Spanned<String>,
    calls: Spanned<Vec<u32>>,
    #[serde(default)]
    fails: Option<Spanned<String>>,
    found: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnreachedDecl {
    fault: Spanned<String>,
    reason: Spanned<String>,
}

/// Reads `crates/<crate>/witnesses.toml` of `entry`: one line of evidence per fault, in the
/// entry's fault order.
///
/// # Errors
/// A missing or unreadable file, or one that names an unknown fault, names a fault twice,
/// leaves one out, has an empty witness or an empty reason: located.
pub fn read_witnesses(entry: &CrateEntry) -> Result<Vec<FaultEvidence>, LoadError> {
    let path = entry.folder.join(WITNESSES);
    let source = read_source(&path)?;
    Ok(parse_witnesses(entry, &path, &source)?)
}

/// Parses and checks a witnesses file's text (`path` for messages).
///
/// # Errors
/// As [`read_witnesses`].
pub fn parse_witnesses(
    entry: &CrateEntry,
    path: &Path,
    source: &str,
) -> Result<Vec<FaultEvidence>, FileError> {
    let decl: WitnessesDecl =
        toml::from_str(source).map_err(|e| FileError::from_toml(path, source, &e))?;
    let err = |span: Range<usize>, field: &str, message: String| {
        FileError::at(path, source, Some(span), Some(field), message)
    };
    let mut found: Vec<(Spanned<String>, Evidence)> = Vec::new();
    for (i, w) in decl.witness.iter().enumerate() {
        if w.calls.get_ref().is_empty() {
            return Err(err(
                w.calls.span(),
                &format!("witness[{i}].calls"),
                "a witness needs at least one call".into(),
            ));
        }
        let fails = match &w.fails {
            None => None,
            Some(fails) => Some(
                [
                    CheckOutcome::Differs,
                    CheckOutcome::Crash,
                    CheckOutcome::Hang,
                ]
                .into_iter()
                .find(|o| o.name() == fails.get_ref())
                .ok_or_else(|| {
                    err(
                        fails.span(),
                        &format!("witness[{i}].fails"),
                        format!(
                            "`{}` is not a way to fail: differs, crash or hang",
                            fails.get_ref()
                        ),
                    )
                })?,
            ),
        };
        let evidence = Evidence::Witness {
            calls: w.calls.get_ref().clone(),
            fails,
            found: w.found.clone(),
        };
        found.push((w.fault.clone(), evidence));
    }
    let reasons = [("unreached", &decl.unreached), ("pending", &decl.pending)];
    for (table, entries) in reasons {
        for (i, u) in entries.iter().enumerate() {
            let reason = u.reason.get_ref().clone();
            if reason.trim().is_empty() {
                return Err(err(
                    u.reason.span(),
                    &format!("{table}[{i}].reason"),
                    "say why there is no witness".into(),
                ));
            }
            let evidence = match table {
                "unreached" => Evidence::Unreached(reason),
                _ => Evidence::Pending(reason),
            };
            found.push((u.fault.clone(), evidence));
        }
    }
    for (i, (fault, _)) in found.iter().enumerate() {
        if !entry.faults.iter().any(|f| &f.id == fault.get_ref()) {
            return Err(err(
                fault.span(),
                "fault",
                format!("{} has no fault `{}`", entry.name, fault.get_ref()),
            ));
        }
        if found[..i]
            .iter()
            .any(|(f, _)| f.get_ref() == fault.get_ref())
        {
            return Err(err(
                fault.span(),
                "fault",
                format!("`{}` is named twice", fault.get_ref()),
            ));
        }
    }
    let mut evidence = Vec::new();
    for fault in &entry.faults {
        let Some((_, e)) = found.iter().find(|(f, _)| f.get_ref() == &fault.id) else {
            return Err(FileError::at(
                path,
                source,
                None,
                Some("witness"),
                format!(
                    "`{}` has no witness, no `unreached` and no `pending` line: give one",
                    fault.id
                ),
            ));
        };
        evidence.push(FaultEvidence {
            fault: fault.id.clone(),
            evidence: e.clone(),
        });
    }
    Ok(evidence)
}

/// The crate's context file whose `subject` is `subject` (`context*.toml` in its folder).
pub fn context_file(entry: &CrateEntry, subject: &str) -> Option<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(&entry.folder)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("context") && n.ends_with(".toml"))
        })
        .collect();
    files.sort();
    files.into_iter().find(|p| {
        std::fs::read_to_string(p)
            .ok()
            .and_then(|text| toml::from_str::<ContextDecl>(&text).ok())
            .is_some_and(|decl| decl.subject.get_ref() == subject)
    })
}

/// The context of `path` built for the unit `class` of `registry` (the file names the
/// subject without its release).
fn context_for(registry: &Registry, class: &str, path: &Path) -> Result<TestContext, LoadError> {
    let source = read_source(path)?;
    let mut decl: ContextDecl =
        toml::from_str(&source).map_err(|e| FileError::from_toml(path, &source, &e))?;
    decl.subject = Spanned::new(decl.subject.span(), class.to_string());
    Ok(decl.build(registry, path, &source)?)
}

/// How a stored witness fared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replay {
    /// It fails on the buggy release and is 1-minimal.
    Holds,
    /// It does not fail (or gold's run was abandoned).
    Passes,
    /// Alone in a worker, it fails otherwise than its `fails` says.
    FailsOtherwise(CheckOutcome),
    /// It fails, but a shorter sequence of its calls fails too.
    NotMinimal,
    /// It shows a fault of gold's own, this one: gold and the release that fixed that fault
    /// do not agree on it.
    GoldsOwn(String),
}

/// Replays `calls` of `fault` (of `entry`) on the unit `Subject@fixed` of `registry`; when
/// gold is the buggy release of another fault of `entry`, gold must also agree with that
/// fault's fixed release on them (the other fault's target passes), or the witness shows
/// gold's own fault.
///
/// # Errors
/// No unit or context for the fault, or no mutant carrying it, or a call index beyond M_C.
pub fn replay(
    registry: &Registry,
    entry: &CrateEntry,
    fault: &Fault,
    calls: &[u32],
) -> anyhow::Result<Replay> {
    let class = format!("{}@{}", fault.subject, fault.fixed);
    let unit = registry.find(&class)?;
    let file = context_file(entry, &fault.subject).ok_or_else(|| {
        anyhow::anyhow!(
            "{} has no context file for {}",
            entry.folder.display(),
            fault.subject
        )
    })?;
    let context = Arc::new(context_for(registry, &class, &file)?);
    let j = context.j();
    if let Some(&call) = calls.iter().find(|&&c| c >= j) {
        anyhow::bail!("call {call} is beyond M_C of {} (j = {j})", file.display());
    }
    let mutant = unit
        .mutants()
        .iter()
        .find(|m| m.fault.as_deref() == Some(fault.id.as_str()))
        .ok_or_else(|| anyhow::anyhow!("{class} has no target for {}", fault.id))?;
    let mut check = MutantFailure::new(unit, &context, mutant.id, OracleKind::Paper)?;
    if check.verdict(calls) != Some(Verdict::Fail) {
        return Ok(Replay::Passes);
    }
    if !is_one_minimal(calls, &mut check) {
        return Ok(Replay::NotMinimal);
    }
    // Gold's own faults: the corpus's faults of this subject whose buggy release is gold;
    // gold must agree with the release that fixed each on the witness.
    for own in golds_own(entry, fault) {
        let (later_class, number) = unit_target(registry, own)?;
        let later = registry.find(&later_class)?;
        let later_context = Arc::new(context_for(registry, &later_class, &file)?);
        let mut own_check = MutantFailure::new(later, &later_context, number, OracleKind::Paper)?;
        if own_check.verdict(calls) != Some(Verdict::Pass) {
            return Ok(Replay::GoldsOwn(own.id.clone()));
        }
    }
    Ok(Replay::Holds)
}

/// Gold's own faults: the faults of `entry` of the same subject whose buggy release is
/// `fault`'s fixed release.
fn golds_own<'a>(entry: &'a CrateEntry, fault: &'a Fault) -> impl Iterator<Item = &'a Fault> {
    entry
        .faults
        .iter()
        .filter(|g| g.subject == fault.subject && g.buggy == fault.fixed)
}

/// The unit `Subject@fixed` of a fault and its target's number there.
fn unit_target(registry: &Registry, fault: &Fault) -> anyhow::Result<(String, u32)> {
    let class = format!("{}@{}", fault.subject, fault.fixed);
    let unit = registry.find(&class)?;
    let mutant = unit
        .mutants()
        .iter()
        .find(|m| m.fault.as_deref() == Some(fault.id.as_str()))
        .ok_or_else(|| anyhow::anyhow!("{class} has no target for {}", fault.id))?;
    Ok((class, mutant.id))
}

/// Replays `calls` of `fault` (of `entry`) alone in workers of the experiment `handshake`
/// names, each stopped after `watchdog`: on the unit `Subject@fixed`, the buggy release must
/// fail as `fails` says, and without any one call the test must pass; gold must show none
/// of its own faults on them (as in [`replay`]).
///
/// # Errors
/// No unit or target for a fault, a worker that cannot start or answers with an error.
pub fn replay_isolated(
    registry: &Registry,
    handshake: &Handshake,
    (entry, fault): (&CrateEntry, &Fault),
    calls: &[u32],
    fails: CheckOutcome,
    watchdog: std::time::Duration,
) -> anyhow::Result<Replay> {
    let (class, mutant) = unit_target(registry, fault)?;
    let mut check = IsolatedFailure::new(handshake, &class, mutant, OracleKind::Paper, watchdog);
    let mut own = Vec::new();
    for g in golds_own(entry, fault) {
        let (later, number) = unit_target(registry, g)?;
        check = check.must_pass(&later, number);
        own.push((later, number, g.id.clone()));
    }
    let outcome = check.outcome(calls)?;
    if !outcome.fails() {
        return Ok(Replay::Passes);
    }
    if outcome != fails {
        return Ok(Replay::FailsOtherwise(outcome));
    }
    if let Some((other, _)) = check.shows_other(calls)? {
        let (_, _, id) = own
            .into_iter()
            .find(|(later, number, _)| *later == other.subject && *number == other.mutant)
            .expect("a check it must pass");
        return Ok(Replay::GoldsOwn(id));
    }
    let minimal = is_one_minimal(calls, &mut check);
    if let Some(error) = check.take_error() {
        return Err(error.context(format!("replaying the witness of {}", fault.id)));
    }
    Ok(if minimal {
        Replay::Holds
    } else {
        Replay::NotMinimal
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry() -> CrateEntry {
        let fault = |id: &str| Fault {
            id: id.into(),
            subject: "S".into(),
            buggy: "1.0.0".into(),
            fixed: "1.0.1".into(),
            kind: super::super::entry::FaultKind::Panic,
            records: vec!["r".into()],
            summary: "s".into(),
            reproduction: None,
        };
        CrateEntry {
            name: "demo".into(),
            folder: PathBuf::from("crates/demo"),
            summary: "s".into(),
            repository: "r".into(),
            subjects: vec!["S".into()],
            checksums: Default::default(),
            faults: vec![fault("demo-a"), fault("demo-b")],
            mutate: None,
            no_coverage: Default::default(),
        }
    }

    fn parse(source: &str) -> Result<Vec<FaultEvidence>, FileError> {
        parse_witnesses(&entry(), Path::new("crates/demo/witnesses.toml"), source)
    }

    const GOOD: &str = "[[witness]]\nfault = \"demo-a\"\ncalls = [0, 3]\nfound = \"x\"\n\n\
                        [[unreached]]\nfault = \"demo-b\"\nreason = \"needs a long input\"\n";

    #[test]
    fn every_fault_gets_its_evidence_in_entry_order() {
        let evidence = parse(GOOD).unwrap();
        assert_eq!(evidence.len(), 2);
        assert_eq!(
            evidence[0].evidence,
            Evidence::Witness {
                calls: vec![0, 3],
                fails: None,
                found: "x".into()
            }
        );
        let crash =
            parse(&GOOD.replace("found = \"x\"", "fails = \"crash\"\nfound = \"x\"")).unwrap();
        assert!(matches!(
            crash[0].evidence,
            Evidence::Witness {
                fails: Some(CheckOutcome::Crash),
                ..
            }
        ));
        assert_eq!(
            evidence[1].evidence,
            Evidence::Unreached("needs a long input".into())
        );
    }

    #[test]
    fn unknown_twice_missing_and_empty_are_located() {
        let e = parse(&GOOD.replace("\"demo-b\"", "\"demo-c\"")).unwrap_err();
        assert!(
            e.message.contains("no fault `demo-c`") && e.line == 7,
            "{e}"
        );
        let e = parse(&GOOD.replace("\"demo-b\"", "\"demo-a\"")).unwrap_err();
        assert!(e.message.contains("named twice"), "{e}");
        let e = parse(&GOOD.replace(
            "[[unreached]]\nfault = \"demo-b\"\nreason = \"needs a long input\"\n",
            "",
        ))
        .unwrap_err();
        assert!(e.message.contains("`demo-b` has no witness"), "{e}");
        let e = parse(&GOOD.replace("[0, 3]", "[]")).unwrap_err();
        assert_eq!(e.field, "witness[0].calls", "{e}");
        let e = parse(&GOOD.replace("needs a long input", " ")).unwrap_err();
        assert_eq!(e.field, "unreached[0].reason", "{e}");
        let e =
            parse(&GOOD.replace("found = \"x\"", "fails = \"abort\"\nfound = \"x\"")).unwrap_err();
        assert_eq!(e.field, "witness[0].fails", "{e}");
        assert!(e.message.contains("differs, crash or hang"), "{e}");
        let e = parse(&GOOD.replace("found = \"x\"", "found = \"x\"\nindex = 3")).unwrap_err();
        assert!(e.message.contains("index"), "{e}");
    }
}
