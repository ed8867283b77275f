//! The previous release as oracle (issue 61, item 4; docs/own-crate.md, "The previous
//! release"): a subject of the user's crate paired with the same module at an earlier
//! revision, which `#[testspace::previous(against = "git:REV")]` compiles in beside it.
//!
//! The unit's gold session runs every call on both: the current code is the target, the
//! previous release answers as the reference. Their outcomes (the exception, or the value
//! returned) are compared call by call; a difference that `oracle-changes.toml` does not
//! acknowledge makes the call a panic of the current code, with a message naming the call
//! and both answers, which the crash oracle judges (`[mutants] gold = true`). Panics both
//! raise alike are no difference. A call of a method the previous release cannot answer
//! (missing, or another signature) ends the comparison for the rest of the test case.

mod changes;
pub mod fetch;

use std::sync::Arc;

pub use changes::{CHANGES_FILE, Change, Changes};

use super::harness::{CallTable, PrimitivePools, Session};
use super::registry::{MethodInfo, Unit};
use super::{JavaException, PoolInit, PoolType, Return};
use crate::encoding::CallSpace;

/// Where the oracle was declared and what it compares against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declaration {
    /// As written: `git:REV` or `crates.io:VERSION`.
    pub against: &'static str,
    /// The commit the revision named when the crate was built (for `crates.io:`, the
    /// release's checksum recorded by `testspace previous fetch`).
    pub commit: &'static str,
    /// The declaring file, relative to the crate root, and its line.
    pub file: &'static str,
    /// The declaration's line.
    pub line: u32,
    /// The crate root (where `oracle-changes.toml` is read).
    pub crate_root: &'static str,
}

/// A subject paired with its previous release; see the module's documentation.
pub struct Previous {
    current: Box<dyn Unit>,
    previous: Box<dyn Unit>,
    declaration: Declaration,
    /// Per method number: why the previous release cannot answer it (`None`: compared).
    not_compared: Vec<Option<&'static str>>,
    changes: Result<Arc<Changes>, String>,
}

impl Previous {
    /// Pairs `current` with `previous` (the generated adapter of the previous release,
    /// with the same method table), `not_compared` the methods it cannot answer by name
    /// with the reason; reads the crate's acknowledged changes.
    ///
    /// # Panics
    /// If the two method tables differ: the attribute writes the adapter from the current
    /// signatures, so they cannot.
    pub fn new(
        current: Box<dyn Unit>,
        previous: Box<dyn Unit>,
        not_compared: &[(&'static str, &'static str)],
        declaration: Declaration,
    ) -> Self {
        let same = |a: &MethodInfo, b: &MethodInfo| a.signature == b.signature;
        assert!(
            current.methods().len() == previous.methods().len()
                && current
                    .methods()
                    .iter()
                    .zip(previous.methods())
                    .all(|(a, b)| same(a, b)),
            "the previous release's adapter of {} declares other methods",
            current.class()
        );
        let not_compared = current
            .methods()
            .iter()
            .map(|m| {
                not_compared
                    .iter()
                    .find(|(name, _)| *name == m.name)
                    .map(|(_, why)| *why)
            })
            .collect();
        let changes = Changes::read(std::path::Path::new(declaration.crate_root))
            .map(Arc::new)
            .map_err(|e| e.to_string());
        Previous {
            current,
            previous,
            declaration,
            not_compared,
            changes,
        }
    }

    /// The declaration.
    pub fn declaration(&self) -> &Declaration {
        &self.declaration
    }

    /// The methods the previous release does not answer, with the reason.
    pub fn not_compared(&self) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
        self.current
            .methods()
            .iter()
            .zip(&self.not_compared)
            .filter_map(|(m, why)| why.map(|why| (m.name, why)))
    }

    /// One line for people: what the subject is compared with, where that was declared,
    /// and the methods not compared with their reasons.
    pub fn describe(&self) -> String {
        let d = &self.declaration;
        let commit = &d.commit[..d.commit.len().min(12)];
        let what = if d.against.starts_with("crates.io:") {
            "checksum"
        } else {
            "commit"
        };
        let mut line = format!(
            "{} is compared with its previous release {} ({what} {commit}, declared at {}:{})",
            self.class(),
            d.against,
            d.file,
            d.line
        );
        let missing: Vec<String> = self
            .not_compared()
            .map(|(name, why)| format!("{name} ({why})"))
            .collect();
        if !missing.is_empty() {
            line.push_str("; not compared: ");
            line.push_str(&missing.join(", "));
        }
        line
    }

    /// The compared methods, by name with their number of parameters.
    fn compared(&self) -> Vec<(&'static str, usize)> {
        self.current
            .methods()
            .iter()
            .zip(&self.not_compared)
            .filter(|(_, why)| why.is_none())
            .map(|(m, _)| (m.name, m.params.len()))
            .collect()
    }
}

/// Checks the acknowledged changes of every unit with the previous-release oracle among
/// `units`: each file valid, and each change matching a compared method of such a unit.
///
/// # Errors
/// The first invalid file or change that matches nothing, located.
pub(crate) fn check_units(units: &[Box<dyn Unit>]) -> Result<(), String> {
    let oracles: Vec<&Previous> = units.iter().filter_map(|u| u.previous()).collect();
    let mut checked: Vec<&std::path::Path> = Vec::new();
    for oracle in &oracles {
        let changes = oracle.changes.as_ref().map_err(Clone::clone)?;
        let Some(path) = changes.path.as_deref() else {
            continue;
        };
        if checked.contains(&path) {
            continue;
        }
        checked.push(path);
        let compared: Vec<(&str, Vec<(&str, usize)>)> = oracles
            .iter()
            .filter(|o| o.declaration.crate_root == oracle.declaration.crate_root)
            .map(|o| (o.class(), o.compared()))
            .collect();
        changes.check(&compared).map_err(|e| e.to_string())?;
    }
    Ok(())
}

impl Unit for Previous {
    fn class(&self) -> &'static str {
        self.current.class()
    }
    fn java_class(&self) -> &'static str {
        self.current.java_class()
    }
    fn methods(&self) -> &[MethodInfo] {
        self.current.methods()
    }
    fn session(&self, context: Arc<dyn CallTable>) -> Box<dyn Session> {
        let changes = self.changes.clone().unwrap_or_default();
        Box::new(PairedSession {
            space: context.call_space(),
            current: self.current.session(context.clone()),
            previous: self.previous.session(context),
            class: self.current.class(),
            methods: self.current.methods().to_vec().into(),
            not_compared: self.not_compared.clone().into(),
            against: self.declaration.against,
            changes,
            comparing: true,
            position: 0,
        })
    }
    fn code_pools(&self) -> Option<super::CodePools> {
        self.current.code_pools()
    }
    fn source(&self) -> &'static str {
        self.current.source()
    }
    fn sloc(&self) -> usize {
        self.current.sloc()
    }
    fn previous(&self) -> Option<&Previous> {
        Some(self)
    }
}

/// A test case run on the current code and the previous release, call by call.
struct PairedSession {
    space: Arc<CallSpace>,
    current: Box<dyn Session>,
    previous: Box<dyn Session>,
    class: &'static str,
    methods: Arc<[MethodInfo]>,
    not_compared: Arc<[Option<&'static str>]>,
    against: &'static str,
    changes: Arc<Changes>,
    /// Whether the previous release still follows the test case (until a call it cannot
    /// answer, a guard of its own, or the first difference).
    comparing: bool,
    /// The call's position in the test case, from 0.
    position: usize,
}

/// What one side answered to a call.
#[derive(Clone, Debug, PartialEq)]
enum Answer {
    Threw(JavaException),
    Returned(Option<String>),
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Threw(JavaException::Panic) => write!(f, "panicked"),
            Answer::Threw(e) => write!(f, "threw {e}"),
            Answer::Returned(None) => write!(f, "returned"),
            Answer::Returned(Some(value)) => write!(f, "returned {value}"),
        }
    }
}

/// Slot `slot` of pool `pool` of `session`, as the oracle shows it.
fn shown(session: &dyn Session, pool: PoolType, slot: u32) -> String {
    let slot = slot as usize;
    match pool {
        PoolType::Int => session
            .int_at(slot)
            .map_or_else(|| "null".into(), |v| v.to_string()),
        PoolType::Bool => session.bool_at(slot).to_string(),
        PoolType::Str => session
            .string_at(slot)
            .map_or_else(|| "null".into(), |s| format!("{s:?}")),
        PoolType::Object if session.is_null(slot) => "null".into(),
        PoolType::Object => "an object".into(),
    }
}

impl PairedSession {
    fn answer(
        session: &dyn Session,
        method: &MethodInfo,
        slots: &[u32],
        outcome: &Result<(), JavaException>,
    ) -> Answer {
        match outcome {
            Err(e) => Answer::Threw(*e),
            Ok(()) => Answer::Returned(match (method.returns, method.returns.pool()) {
                (Return::Void, _) | (_, None) => None,
                (_, Some(pool)) => {
                    let slot = *slots.last().expect("a result has its slot");
                    Some(shown(session, pool, slot))
                }
            }),
        }
    }

    /// Runs method `number` with `slots` on both sides and judges the answers.
    fn step_both(&mut self, number: usize, slots: &[u32]) -> Result<(), JavaException> {
        let position = self.position;
        self.position += 1;
        let method = &self.methods[number];
        // The arguments as they are before the call (a call may overwrite its slots).
        let arguments = |session: &dyn Session| -> Vec<String> {
            method
                .slots
                .iter()
                .zip(slots)
                .take(method.params.len())
                .map(|(&pool, &slot)| shown(session, pool, slot))
                .collect()
        };
        let args = arguments(&*self.current);
        // An acknowledged change that stored another value leaves the pools apart: a call
        // that reads it is given other arguments on each side, and is not comparable.
        if self.comparing
            && (self.not_compared[number].is_some() || arguments(&*self.previous) != args)
        {
            self.comparing = false;
        }
        let outcome = self.current.step_slots(number, slots);
        if !self.comparing || outcome.as_ref().is_err_and(|e| e.is_guard()) {
            return outcome;
        }
        let previous = self.previous.step_slots(number, slots);
        if previous.as_ref().is_err_and(|e| e.is_guard()) {
            self.comparing = false;
            return outcome;
        }
        let now = Self::answer(&*self.current, method, slots, &outcome);
        let before = Self::answer(&*self.previous, method, slots, &previous);
        if now == before || self.changes.find(self.class, method.name, &args).is_some() {
            return outcome;
        }
        if outcome == Err(JavaException::Panic) {
            // The current code's own panic fails the test case already.
            return outcome;
        }
        self.comparing = false;
        super::harness::record_failure(format!(
            "previous release: call {position} `{}({})` {now}, the previous release ({}) {before}",
            method.name,
            args.join(", "),
            self.against
        ));
        Err(JavaException::Panic)
    }
}

impl Session for PairedSession {
    fn reset(&mut self) {
        self.current.reset();
        self.previous.reset();
        (self.comparing, self.position) = (true, 0);
    }
    fn step(&mut self, call: u32) -> Result<(), JavaException> {
        let decoded = self.space.decode_call(call);
        self.step_both(decoded.method, decoded.slots())
    }
    fn reset_to(&mut self, pools: &PoolInit) {
        self.current.reset_to(pools);
        self.previous.reset_to(pools);
        (self.comparing, self.position) = (true, 0);
    }
    fn step_slots(&mut self, method: usize, slots: &[u32]) -> Result<(), JavaException> {
        self.step_both(method, slots)
    }
    fn object(&self, slot: usize) -> Option<Box<dyn std::any::Any + Send>> {
        self.current.object(slot)
    }
    fn is_null(&self, slot: usize) -> bool {
        self.current.is_null(slot)
    }
    fn refuel(&mut self) {
        self.current.refuel();
        self.previous.refuel();
    }
    fn put_object(&mut self, slot: usize, object: &dyn std::any::Any) {
        // The previous release's object cannot be made from the current one's.
        self.comparing = false;
        self.current.put_object(slot, object);
    }
    fn primitives(&self) -> PrimitivePools {
        self.current.primitives()
    }
    fn int_at(&self, slot: usize) -> Option<i32> {
        self.current.int_at(slot)
    }
    fn bool_at(&self, slot: usize) -> bool {
        self.current.bool_at(slot)
    }
    fn string_at(&self, slot: usize) -> Option<String> {
        self.current.string_at(slot)
    }
    fn render_pools(&self) -> Vec<(String, Vec<String>)> {
        self.current.render_pools()
    }
    fn primitives_fingerprint(&self) -> u64 {
        self.current.primitives_fingerprint()
    }
    fn spend_fuel(&mut self, fuel: u64) {
        self.current.spend_fuel(fuel);
    }
}
