//! Finding the mutants that do not compile: `cargo check` of the crate with every
//! mutant compiled in, attributing each error to mutants through the line map written
//! next to each schemata file, excluding them, and checking again until the crate
//! compiles. For testspace's ports, `build.rs` reads `TESTSPACE_MUTANTS=all` and the
//! exclusions `TESTSPACE_MUTANTS_EXCLUDE` and writes into its `OUT_DIR`; for a user's
//! crate ([`OwnCrate`]), `#[testspace::mutants]` reads `TESTSPACE_CHECK_DIR` (where it
//! writes) and `TESTSPACE_CHECK_EXCLUDE`.
//!
//! Attribution, innermost first: the arm containing an error's span (that one mutant);
//! else the point whose rewrite contains it (all of the point's mutants); else the
//! function containing it (all mutants in the function). Every span of an error is
//! tried, primary first. An error that no span attributes to a still-enabled mutant
//! stops the check (it is a bug of the port or the generator, not of a mutant).
//!
//! Run it from a built binary, not under `cargo run` or `cargo test` of this crate: it
//! runs `cargo` itself on the same target directory.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use super::schemata::Rendered;
use crate::subject::MutantId;

/// The most `cargo check` rounds before giving up.
pub const MAX_ROUNDS: usize = 40;

/// Ids that do not compile, per module.
pub type Exclusions = BTreeMap<String, BTreeSet<MutantId>>;

/// One error `cargo check` reported: its spans (file, line), primary first, and text.
#[derive(Clone, Debug, Default)]
struct CompileError {
    spans: Vec<(PathBuf, usize)>,
    rendered: String,
}

/// The outcome of one `cargo check`.
struct Round {
    out_dir: Option<PathBuf>,
    errors: Vec<CompileError>,
    success: bool,
}

fn cargo_check(root: &Path, exclude_file: &Path, own: Option<&OwnCrate>) -> Result<Round> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command.arg("check").current_dir(root);
    match own {
        // testspace's own library holds the ports; build.rs reads these variables.
        None => command
            .arg("--lib")
            .env("TESTSPACE_MUTANTS", "all")
            .env("TESTSPACE_MUTANTS_EXCLUDE", exclude_file),
        // The attribute reads these, which cargo does not track: touching the files makes it
        // expand the modules again.
        Some(own) => {
            own.touch()?;
            command
                .env("TESTSPACE_CHECK_DIR", &own.schemata_dir)
                .env("TESTSPACE_CHECK_EXCLUDE", exclude_file)
        }
    };
    let output = command
        .arg("--message-format=json")
        .output()
        .context("running cargo check")?;
    let mut round = Round {
        out_dir: None,
        errors: Vec::new(),
        success: false,
    };
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(msg) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let is_ours = own.is_some()
            || msg["package_id"]
                .as_str()
                .is_some_and(|p| p.contains("testspace"));
        match msg["reason"].as_str() {
            Some("build-script-executed") if is_ours => {
                round.out_dir = msg["out_dir"].as_str().map(PathBuf::from);
            }
            Some("compiler-message") if is_ours => {
                let m = &msg["message"];
                if m["level"].as_str() != Some("error") {
                    continue;
                }
                let mut spans: Vec<(bool, PathBuf, usize)> = m["spans"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|s| {
                        Some((
                            !s["is_primary"].as_bool().unwrap_or(false),
                            PathBuf::from(s["file_name"].as_str()?),
                            s["line_start"].as_u64()? as usize,
                        ))
                    })
                    .collect();
                spans.sort_by_key(|s| s.0);
                if spans.is_empty() {
                    continue; // "aborting due to …"
                }
                round.errors.push(CompileError {
                    spans: spans.into_iter().map(|(_, f, l)| (f, l)).collect(),
                    rendered: m["rendered"].as_str().unwrap_or_default().to_string(),
                });
            }
            Some("build-finished") => round.success = msg["success"].as_bool() == Some(true),
            _ => {}
        }
    }
    if !round.success && round.errors.is_empty() {
        bail!(
            "cargo check failed without compiler errors:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    Ok(round)
}

fn exclusion_text(excluded: &Exclusions) -> String {
    let mut out = String::new();
    for (module, ids) in excluded {
        let _ = write!(out, "{module}");
        for id in ids {
            let _ = write!(out, " {id}");
        }
        out.push('\n');
    }
    out
}

/// The module a schemata file belongs to (`<dir>/<module>.rs`).
fn schemata_module(file: &Path, dir: &Path) -> Option<String> {
    if !file.is_absolute() {
        return None;
    }
    (file.parent()? == dir).then(|| file.file_stem()?.to_str().map(str::to_string))?
}

/// A user's crate whose `#[testspace::mutants]` modules are checked: the files holding
/// them, and where the attribute writes their schemata while checking.
#[derive(Clone, Debug)]
pub struct OwnCrate {
    /// The source files holding the modules, absolute.
    pub files: Vec<PathBuf>,
    /// The directory of the schemata texts and line maps (`TESTSPACE_CHECK_DIR`).
    pub schemata_dir: PathBuf,
}

impl OwnCrate {
    /// Sets the files' modification time to now, so that cargo compiles them again (and
    /// the attribute reads the environment again).
    pub fn touch(&self) -> Result<()> {
        for file in &self.files {
            std::fs::File::options()
                .append(true)
                .open(file)
                .and_then(|f| f.set_modified(std::time::SystemTime::now()))
                .with_context(|| format!("touching {}", file.display()))?;
        }
        Ok(())
    }
}

/// Finds the mutants of `modules` that do not compile, by rounds of `cargo check` in
/// the crate at `root` (testspace itself, or the user's crate `own`); `log` receives one
/// line a round.
pub fn not_compiling(
    root: &Path,
    modules: &[String],
    own: Option<&OwnCrate>,
    mut log: impl FnMut(&str),
) -> Result<Exclusions> {
    let mut excluded: Exclusions = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    let exclude_file =
        std::env::temp_dir().join(format!("testspace-mutate-{}.txt", std::process::id()));
    let outcome = rounds(root, &exclude_file, own, &mut excluded, &mut log);
    let _ = std::fs::remove_file(&exclude_file);
    outcome.map(|()| excluded)
}

fn rounds(
    root: &Path,
    exclude_file: &Path,
    own: Option<&OwnCrate>,
    excluded: &mut Exclusions,
    log: &mut impl FnMut(&str),
) -> Result<()> {
    for round_number in 1..=MAX_ROUNDS {
        std::fs::write(exclude_file, exclusion_text(excluded))?;
        let round = cargo_check(root, exclude_file, own)?;
        if round.success {
            log(&format!("round {round_number}: compiles"));
            return Ok(());
        }
        let dir = match own {
            Some(own) => own.schemata_dir.clone(),
            None => round
                .out_dir
                .context("cargo check reported no build-script output directory")?
                .join("schemata"),
        };
        let mut maps: BTreeMap<String, Rendered> = BTreeMap::new();
        let mut newly = 0usize;
        let mut stuck = Vec::new();
        for error in &round.errors {
            let mut attributed = false;
            for (file, line) in &error.spans {
                let Some(module) = schemata_module(file, &dir) else {
                    continue;
                };
                let Some(set) = excluded.get_mut(&module) else {
                    continue;
                };
                if !maps.contains_key(&module) {
                    let map_path = dir.join(format!("{module}.map"));
                    let text = std::fs::read_to_string(&map_path)
                        .with_context(|| format!("reading {}", map_path.display()))?;
                    let map = Rendered::from_map_text(&text)
                        .with_context(|| format!("parsing {}", map_path.display()))?;
                    maps.insert(module.clone(), map);
                }
                let ids = maps[&module].attribute(*line);
                if !ids.is_empty() {
                    for id in ids {
                        newly += usize::from(set.insert(id));
                    }
                    attributed = true;
                    break;
                }
            }
            if !attributed {
                stuck.push(error.rendered.clone());
            }
        }
        log(&format!(
            "round {round_number}: {} errors, {newly} mutants excluded",
            round.errors.len()
        ));
        if newly == 0 {
            bail!(
                "errors not attributable to any mutant:\n{}",
                if stuck.is_empty() {
                    round
                        .errors
                        .iter()
                        .map(|e| e.rendered.as_str())
                        .collect::<Vec<_>>()
                        .join("\n")
                } else {
                    stuck.join("\n")
                }
            );
        }
    }
    bail!("still not compiling after {MAX_ROUNDS} rounds of cargo check")
}
