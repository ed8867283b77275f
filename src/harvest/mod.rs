//! Harvesting a crate (docs/harvest.md): its source found — a folder, or a release brought
//! from crates.io through Cargo with its checksum — its public types planned as subjects
//! (`testspace-harvest`), and the plans checked by compiling the wrappers against the crate
//! alone, each method the compiler refuses skipped with the compiler's message.

use std::path::{Path, PathBuf};
use std::process::Command;

use testspace_harvest::{
    CheckError, TypePlan, check_file, plan_functions, plan_type, prune, read_api,
};
use testspace_instrument::generate::Mutant;

use crate::corpus::fetch::{lock_checksum, source_folder};

pub mod own_code;

pub use own_code::OwnCodeCheck;

/// Where a crate's source comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A crate's folder (its `Cargo.toml` and `src/lib.rs`).
    Folder(PathBuf),
    /// A release on crates.io, `NAME@VERSION`, with the checksum it must have, if known.
    Registry {
        /// The crate's name.
        name: String,
        /// The exact version.
        version: String,
        /// The checksum the release must have (`None`: recorded as found).
        checksum: Option<String>,
    },
}

impl Source {
    /// `NAME@VERSION` names a release on crates.io; anything else a folder.
    pub fn parse(text: &str, checksum: Option<String>) -> Source {
        match text.split_once('@') {
            Some((name, version))
                if !name.is_empty()
                    && !version.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                    && !Path::new(text).exists() =>
            {
                Source::Registry {
                    name: name.to_string(),
                    version: version.to_string(),
                    checksum,
                }
            }
            _ => Source::Folder(PathBuf::from(text)),
        }
    }
}

/// A harvested crate: its release, the checksum it was brought with, and its plans after
/// the compile check.
#[derive(Clone, Debug)]
pub struct Harvest {
    /// The crate's name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// The checksum of the release brought from crates.io (`None` for a folder).
    pub checksum: Option<String>,
    /// One plan per public type, then one of the crate's free functions where it has any.
    pub plans: Vec<TypePlan>,
    /// The crate's public free functions.
    pub functions: usize,
    /// Compile checks run (one more than the rounds that skipped methods).
    pub checks: usize,
    /// The crate's own code instrumented and compile-checked (`None`: not asked for).
    pub own_code: Option<OwnCodeCheck>,
    /// The literal constants of the crate's code, which seed the contexts' pools.
    pub constants: testspace_harvest::Constants,
    /// The manifest's `description` and `repository`, where it has them.
    pub description: Option<String>,
    /// See `description`.
    pub repository: Option<String>,
    /// Files of modules under a `#[cfg]` the release does not hold, left out.
    pub unread: Vec<String>,
    /// Per subject, what its methods reach of the crate's own code (empty without it).
    pub reach: Vec<own_code::SubjectReach>,
}

/// What [`harvest`] does besides planning the subjects.
#[derive(Clone, Debug)]
pub struct HarvestOptions {
    /// Instrument the crate's own code and compile-check its copies, building testspace
    /// (from [`crate::reproduce::SOURCE_TREE`]) into this target folder; `None`: skip.
    pub own_code_target: Option<PathBuf>,
}

impl HarvestOptions {
    /// The target folder of the own-code check by default: `harvest-check` inside
    /// `$CARGO_TARGET_DIR` when set, else inside the source tree's `target/`.
    pub fn default_target() -> PathBuf {
        match std::env::var_os("CARGO_TARGET_DIR") {
            Some(dir) => PathBuf::from(dir).join("harvest-check"),
            None => Path::new(crate::reproduce::SOURCE_TREE).join("target/harvest-check"),
        }
    }
}

impl Harvest {
    /// `slab 0.4.11`.
    pub fn release(&self) -> String {
        format!("{} {}", self.name, self.version)
    }
}

/// Why a crate cannot be harvested.
#[derive(Debug, thiserror::Error)]
pub enum HarvestFailure {
    /// Cargo failed to resolve, download or check.
    #[error("{release}: cargo {step} failed: {message}")]
    Cargo {
        /// The release.
        release: String,
        /// `metadata` or `check`.
        step: &'static str,
        /// What it said.
        message: String,
    },
    /// The release's checksum is not the one asked for.
    #[error("{release}: has checksum {found} on crates.io, not {expected} (--checksum)")]
    Checksum {
        /// The release.
        release: String,
        /// What the registry has.
        found: String,
        /// What was asked for.
        expected: String,
    },
    /// The crate's manifest lacks its name or version.
    #[error("{path}: {message}")]
    Manifest {
        /// The manifest.
        path: String,
        /// What is wrong.
        message: String,
    },
    /// The source cannot be read.
    #[error(transparent)]
    Read(#[from] testspace_harvest::HarvestError),
    /// The crate does not build, or the compiler refuses what no wrapper holds.
    #[error("{release}: does not build: {message}")]
    DoesNotBuild {
        /// The release.
        release: String,
        /// The compiler's first message.
        message: String,
    },
    /// Scratch files cannot be written.
    #[error("{path}: {cause}")]
    Io {
        /// The file or folder.
        path: String,
        /// The I/O error.
        cause: std::io::Error,
    },
    /// The written wrappers cannot be read back for the reach analysis (a bug).
    #[error("the reach of the wrappers: {0}")]
    Reach(String),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> HarvestFailure + '_ {
    move |cause| HarvestFailure::Io {
        path: path.display().to_string(),
        cause,
    }
}

/// Compile checks at most; each one skips at least one method or refuses a wrapper.
const MAX_CHECKS: usize = 12;

/// The identifier the scratch crate names the harvested crate by.
fn identifier(name: &str) -> String {
    name.replace('-', "_")
}

/// Harvests `source` in a scratch crate under `scratch` (a folder this call creates and
/// removes; it must not exist).
///
/// # Errors
/// See [`HarvestFailure`].
pub fn harvest(
    source: &Source,
    scratch: &Path,
    options: &HarvestOptions,
) -> Result<Harvest, HarvestFailure> {
    std::fs::create_dir_all(scratch.join("src")).map_err(io(scratch))?;
    let result = harvest_in(source, scratch, options);
    let _ = std::fs::remove_dir_all(scratch);
    result
}

fn harvest_in(
    source: &Source,
    scratch: &Path,
    options: &HarvestOptions,
) -> Result<Harvest, HarvestFailure> {
    let (name, version, dependency) = match source {
        Source::Folder(folder) => {
            let (name, version) = package(folder)?;
            let absolute = std::fs::canonicalize(folder).map_err(io(folder))?;
            let dependency = format!("path = {:?}", absolute.display().to_string());
            (name, version, dependency)
        }
        Source::Registry { name, version, .. } => (
            name.clone(),
            version.clone(),
            format!("version = \"={version}\""),
        ),
    };
    let release = format!("{name} {version}");
    let manifest = format!(
        "[package]\nname = \"testspace-harvest-check\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n[workspace]\n\n[dependencies]\n{} = {{ package = \"{name}\", {dependency} }}\n",
        identifier(&name)
    );
    write(&scratch.join("Cargo.toml"), &manifest)?;
    write(&scratch.join("src/lib.rs"), "")?;
    if let Source::Registry {
        checksum: Some(checksum),
        ..
    } = source
    {
        write(
            &scratch.join("Cargo.lock"),
            &format!(
                "version = 4\n\n[[package]]\nname = \"{name}\"\nversion = \"{version}\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"{checksum}\"\n"
            ),
        )?;
    }
    let metadata = cargo(
        scratch,
        &release,
        "metadata",
        &["metadata", "--format-version", "1"],
    )?;
    let metadata: serde_json::Value =
        serde_json::from_slice(&metadata).map_err(|e| HarvestFailure::Cargo {
            release: release.clone(),
            step: "metadata",
            message: format!("unreadable output: {e}"),
        })?;
    let (folder, checksum) = match source {
        Source::Folder(folder) => (folder.clone(), None),
        Source::Registry { checksum, .. } => {
            let folder =
                source_folder(&metadata, &name, &version).ok_or_else(|| HarvestFailure::Cargo {
                    release: release.clone(),
                    step: "metadata",
                    message: "the release is not among the packages".to_string(),
                })?;
            let lock_path = scratch.join("Cargo.lock");
            let lock = std::fs::read_to_string(&lock_path).map_err(io(&lock_path))?;
            let found = toml::from_str(&lock)
                .ok()
                .and_then(|lock: toml::Value| lock_checksum(&lock, &name, &version));
            if let (Some(expected), Some(found)) = (checksum, &found)
                && expected != found
            {
                return Err(HarvestFailure::Checksum {
                    release,
                    found: found.clone(),
                    expected: expected.clone(),
                });
            }
            (folder, found)
        }
    };
    let api = read_api(&folder)?;
    let constants = testspace_harvest::mine_constants(&folder, &api.files)?;
    let krate = identifier(&name);
    let mut plans: Vec<TypePlan> = api
        .types
        .iter()
        .map(|t| plan_type(&api, &krate, t, None))
        .collect();
    plans.extend(plan_functions(&api, &krate));
    let checks = check_until_it_builds(scratch, &release, &mut plans)?;
    let own_code = match &options.own_code_target {
        // A crate without a subject gets nothing written, its own code no copies.
        Some(_) if plans.iter().all(|p| p.refused.is_some()) => None,
        Some(target) => Some(own_code::check_own_code(
            &folder,
            &api.files,
            &release,
            Path::new(crate::reproduce::SOURCE_TREE),
            &scratch.join("own-code"),
            target,
        )?),
        None => None,
    };
    let reach = match &own_code {
        Some(own) => {
            let compiled: Vec<Mutant> = own
                .mutants
                .iter()
                .filter(|m| !own.not_compiling.contains(&m.id))
                .cloned()
                .collect();
            let made: Vec<String> = plans
                .iter()
                .filter(|p| p.refused.is_none())
                .map(|p| p.wrapper.clone())
                .collect();
            own_code::unreachable_mutants(
                &folder,
                &api.files,
                &compiled,
                Path::new("subject.rs"),
                &testspace_harvest::subject_file(&release, &plans),
                &made,
            )
            .map_err(|e| HarvestFailure::Reach(format!("{e:#}")))?
        }
        None => Vec::new(),
    };
    Ok(Harvest {
        name,
        version,
        checksum,
        plans,
        functions: api.functions.len(),
        checks,
        own_code,
        constants,
        description: package_field(&folder, "description"),
        repository: package_field(&folder, "repository"),
        unread: api.unread.clone(),
        reach,
    })
}

/// Compiles the wrappers against the crate until they build, skipping what the compiler
/// refuses; the number of checks run.
fn check_until_it_builds(
    scratch: &Path,
    release: &str,
    plans: &mut [TypePlan],
) -> Result<usize, HarvestFailure> {
    for round in 1..=MAX_CHECKS {
        if plans.iter().all(|p| p.refused.is_some()) {
            return Ok(round - 1);
        }
        let (source, placements) = check_file(plans);
        write(&scratch.join("src/lib.rs"), &source)?;
        let errors = compile_errors(scratch, release)?;
        if errors.is_empty() {
            return Ok(round);
        }
        let unplaced = prune(plans, &placements, &errors);
        if unplaced.len() == errors.len() {
            return Err(HarvestFailure::DoesNotBuild {
                release: release.to_string(),
                message: unplaced[0].message.clone(),
            });
        }
    }
    Err(HarvestFailure::DoesNotBuild {
        release: release.to_string(),
        message: format!("the wrappers still do not build after {MAX_CHECKS} checks"),
    })
}

/// The errors `cargo check` reports in the scratch crate's `src/lib.rs`; a failure of the
/// harvested crate itself is [`HarvestFailure::DoesNotBuild`].
fn compile_errors(scratch: &Path, release: &str) -> Result<Vec<CheckError>, HarvestFailure> {
    let target = scratch.join("target");
    let target = target.to_string_lossy();
    let output = cargo_output(
        scratch,
        &[
            "check",
            "--message-format=json",
            "--quiet",
            "--target-dir",
            &target,
        ],
    )
    .map_err(io(scratch))?;
    let mut errors = Vec::new();
    for error in cargo_errors(&output.stdout) {
        if error.target != "testspace_harvest_check" {
            return Err(HarvestFailure::DoesNotBuild {
                release: release.to_string(),
                message: error.message,
            });
        }
        let primary = error
            .spans
            .iter()
            .find(|(file, _, primary)| *primary && file == Path::new("src/lib.rs"));
        if let Some((_, line, _)) = primary {
            errors.push(CheckError {
                line: *line,
                message: error.message,
            });
        }
    }
    if errors.is_empty() && !output.status.success() {
        return Err(HarvestFailure::Cargo {
            release: release.to_string(),
            step: "check",
            message: String::from_utf8_lossy(&output.stderr).trim().to_string(),
        });
    }
    Ok(errors)
}

/// One error of `cargo check --message-format=json`.
pub(crate) struct CargoError {
    /// The target it is in (`testspace_harvest_check`, a crate's library).
    pub(crate) target: String,
    /// The message's first line.
    pub(crate) message: String,
    /// The message as the compiler renders it.
    pub(crate) rendered: String,
    /// Its spans: file as cargo names it, first line, whether primary; primary first.
    pub(crate) spans: Vec<(PathBuf, usize, bool)>,
}

/// The errors in cargo's JSON messages `stdout`.
pub(crate) fn cargo_errors(stdout: &[u8]) -> Vec<CargoError> {
    let mut errors = Vec::new();
    for line in String::from_utf8_lossy(stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if message["reason"] != "compiler-message" || message["message"]["level"] != "error" {
            continue;
        }
        let text = |key: &str| {
            message["message"][key]
                .as_str()
                .unwrap_or_default()
                .to_string()
        };
        let mut spans: Vec<(PathBuf, usize, bool)> = message["message"]["spans"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|s| {
                Some((
                    PathBuf::from(s["file_name"].as_str()?),
                    s["line_start"].as_u64()? as usize,
                    s["is_primary"] == true,
                ))
            })
            .collect();
        spans.sort_by_key(|s| !s.2);
        errors.push(CargoError {
            target: message["target"]["name"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            message: text("message"),
            rendered: text("rendered"),
            spans,
        });
    }
    errors
}

fn cargo_output(scratch: &Path, args: &[&str]) -> std::io::Result<std::process::Output> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    Command::new(cargo)
        .args(args)
        .arg("--manifest-path")
        .arg(scratch.join("Cargo.toml"))
        .env_remove("CARGO_TARGET_DIR")
        .output()
}

/// Runs cargo in the scratch crate; its standard output.
fn cargo(
    scratch: &Path,
    release: &str,
    step: &'static str,
    args: &[&str],
) -> Result<Vec<u8>, HarvestFailure> {
    let output = cargo_output(scratch, args).map_err(io(scratch))?;
    if !output.status.success() {
        return Err(HarvestFailure::Cargo {
            release: release.to_string(),
            step,
            message: String::from_utf8_lossy(&output.stderr).trim().to_string(),
        });
    }
    Ok(output.stdout)
}

fn write(path: &Path, text: &str) -> Result<(), HarvestFailure> {
    std::fs::write(path, text).map_err(io(path))
}

/// A text field of `[package]` in `folder`'s `Cargo.toml`, if it has one.
fn package_field(folder: &Path, key: &str) -> Option<String> {
    let text = std::fs::read_to_string(folder.join("Cargo.toml")).ok()?;
    let table: toml::Table = toml::from_str(&text).ok()?;
    Some(table.get("package")?.get(key)?.as_str()?.to_string())
}

/// The package name and version in `folder`'s `Cargo.toml`.
pub fn package(folder: &Path) -> Result<(String, String), HarvestFailure> {
    let manifest = folder.join("Cargo.toml");
    let failure = |message: String| HarvestFailure::Manifest {
        path: manifest.display().to_string(),
        message,
    };
    let text =
        std::fs::read_to_string(&manifest).map_err(|e| failure(format!("cannot be read: {e}")))?;
    let table: toml::Table =
        toml::from_str(&text).map_err(|e| failure(format!("is not a TOML manifest: {e}")))?;
    let field = |key: &str| {
        table
            .get("package")
            .and_then(|p| p.get(key))
            .and_then(|v| v.as_str())
            .map(str::to_string)
            .ok_or_else(|| failure(format!("field `package.{key}` is missing")))
    };
    Ok((field("name")?, field("version")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_at_a_version_is_a_release_and_anything_else_a_folder() {
        assert_eq!(
            Source::parse("slab@0.4.11", None),
            Source::Registry {
                name: "slab".to_string(),
                version: "0.4.11".to_string(),
                checksum: None
            }
        );
        assert_eq!(
            Source::parse("testdata/harvest/store", None),
            Source::Folder(PathBuf::from("testdata/harvest/store"))
        );
        assert_eq!(
            Source::parse("@1.0", None),
            Source::Folder(PathBuf::from("@1.0"))
        );
        assert_eq!(
            Source::parse("a/b@1.0", None),
            Source::Folder(PathBuf::from("a/b@1.0"))
        );
    }
}
