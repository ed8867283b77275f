//! The harvested crate's own code instrumented and compile-checked: the schemata copy of
//! the release (`testspace-harvest`'s [`OwnCode`]) written into a scratch copy of the
//! release's folder that depends on testspace, checked with `cargo check` round after round,
//! each error attributed to mutants through the file's line map (the arm holding it, else
//! its point, else its function) and those mutants left out, until the copy compiles; then
//! the coverage copy, which must compile as it is.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use testspace_harvest::{LeftAsIs, ModuleFile, OwnCode, instrument_crate};
use testspace_instrument::generate::Mutant;

use super::{HarvestFailure, cargo_errors, io};

/// Rounds of `cargo check` at most before the schemata copy is given up.
pub const MAX_ROUNDS: usize = 40;

/// What the compile check found of a crate's own code.
#[derive(Clone, Debug)]
pub struct OwnCodeCheck {
    /// Every mutant of the crate, in id order.
    pub mutants: Vec<Mutant>,
    /// The ids of those that do not compile.
    pub not_compiling: BTreeSet<u32>,
    /// Probes of the coverage copy.
    pub probes: usize,
    /// What the pass left as it is.
    pub left: LeftAsIs,
    /// Rounds of `cargo check` of the schemata copy.
    pub rounds: usize,
}

impl OwnCodeCheck {
    /// The mutants that compile.
    pub fn compiling(&self) -> usize {
        self.mutants.len() - self.not_compiling.len()
    }

    /// The catalog of the crate's mutants as `harvest` writes it (`mutants.toml`): each
    /// mutant with its operator, place, original and replacement text, and whether it
    /// compiles; then what was left as it is.
    pub fn catalog(&self, release: &str) -> String {
        use std::fmt::Write as _;
        let mut out = format!(
            "# The mutants of {release}'s own code, written by `testspace harvest`.\n\
             mutants = {}\ncompiling = {}\nprobes = {}\n\n[left-as-is]\n\
             macros = {}\nconst-fns = {}\nunsafe-blocks = {}\nunsafe-fns = {}\n\
             conditional-items = {}\nconditional-files = {}\n",
            self.mutants.len(),
            self.compiling(),
            self.probes,
            self.left.macros,
            self.left.const_fns,
            self.left.unsafe_blocks,
            self.left.unsafe_fns,
            self.left.conditional_items,
            self.left.conditional_files,
        );
        for m in &self.mutants {
            let _ = write!(
                out,
                "\n[[mutant]]\nid = {}\noperator = {:?}\nlocation = {:?}\noriginal = {:?}\nreplacement = {:?}\ncompiles = {}\n",
                m.id,
                m.operator.name(),
                m.location,
                m.original,
                m.replacement,
                !self.not_compiling.contains(&m.id)
            );
        }
        out
    }
}

/// Instruments the crate in `folder` (its module tree `files`) and compile-checks both
/// copies in `scratch` (a new folder, removed afterwards), building testspace from
/// `testspace_root` into `target`.
///
/// # Errors
/// A file that cannot be read or parsed, the copy that cannot be written, cargo that fails
/// without errors a mutant explains, or a coverage copy that does not compile.
pub fn check_own_code(
    folder: &Path,
    files: &[ModuleFile],
    release: &str,
    testspace_root: &Path,
    scratch: &Path,
    target: &Path,
) -> Result<OwnCodeCheck, HarvestFailure> {
    let code = instrument_crate(&folder.to_path_buf(), files)?;
    let result = check_copies(&code, folder, release, testspace_root, scratch, target);
    let _ = std::fs::remove_dir_all(scratch);
    result
}

fn check_copies(
    code: &OwnCode,
    folder: &Path,
    release: &str,
    testspace_root: &Path,
    scratch: &Path,
    target: &Path,
) -> Result<OwnCodeCheck, HarvestFailure> {
    let copy = scratch.join("copy");
    copy_release(folder, &copy)?;
    let manifest = copy.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).map_err(io(&manifest))?;
    let rewritten =
        copy_manifest(&text, testspace_root).map_err(|message| HarvestFailure::Manifest {
            path: folder.join("Cargo.toml").display().to_string(),
            message,
        })?;
    std::fs::write(&manifest, rewritten).map_err(io(&manifest))?;
    let mut not_compiling = BTreeSet::new();
    let mut rounds = 0;
    loop {
        rounds += 1;
        if rounds > MAX_ROUNDS {
            return Err(HarvestFailure::DoesNotBuild {
                release: release.to_string(),
                message: format!(
                    "its schemata copy still does not compile after {MAX_ROUNDS} rounds"
                ),
            });
        }
        let files = code.schemata(&|id| !not_compiling.contains(&id));
        for file in &files {
            let path = copy.join(&file.path);
            std::fs::write(&path, &file.text).map_err(io(&path))?;
        }
        let errors = check(&copy, target, release)?;
        if errors.is_empty() {
            break;
        }
        let mut newly = 0;
        let mut unexplained = Vec::new();
        for error in &errors {
            let ids = error
                .spans
                .iter()
                .find_map(|(path, line)| {
                    let file = files.iter().find(|f| &f.path == path)?;
                    let ids = file.map.as_ref()?.attribute(*line);
                    (!ids.is_empty()).then_some(ids)
                })
                .unwrap_or_default();
            if ids.is_empty() {
                unexplained.push(error.message.clone());
            }
            for id in ids {
                newly += usize::from(not_compiling.insert(id));
            }
        }
        if newly == 0 {
            return Err(HarvestFailure::DoesNotBuild {
                release: release.to_string(),
                message: format!(
                    "its schemata copy holds errors no mutant explains: {}",
                    unexplained.first().cloned().unwrap_or_default()
                ),
            });
        }
    }
    for file in code.coverage(release) {
        let path = copy.join(&file.path);
        std::fs::write(&path, &file.text).map_err(io(&path))?;
    }
    if let Some(error) = check(&copy, target, release)?.first() {
        return Err(HarvestFailure::DoesNotBuild {
            release: release.to_string(),
            message: format!("its coverage copy does not compile: {}", error.message),
        });
    }
    Ok(OwnCodeCheck {
        mutants: code.mutants(),
        not_compiling,
        probes: code.probes(),
        left: code.left,
        rounds,
    })
}

/// The release's folder copied into `to` (a new folder), all but `target/`.
fn copy_release(from: &Path, to: &Path) -> Result<(), HarvestFailure> {
    std::fs::create_dir_all(to).map_err(io(to))?;
    for entry in std::fs::read_dir(from).map_err(io(from))? {
        let entry = entry.map_err(io(from))?;
        let (source, name) = (entry.path(), entry.file_name());
        let destination = to.join(&name);
        let kind = entry.file_type().map_err(io(&source))?;
        if kind.is_dir() {
            if name != "target" && name != ".git" {
                copy_release(&source, &destination)?;
            }
        } else if kind.is_file() {
            std::fs::copy(&source, &destination).map_err(io(&source))?;
        }
    }
    Ok(())
}

/// The release's manifest for a copy of its code: a workspace of its own, testspace (at
/// `testspace_root`) among its dependencies, and only its library and build script (no
/// tests, benches, examples, binaries or dev-dependencies, which the copy does not need).
pub fn copy_manifest(text: &str, testspace_root: &Path) -> Result<String, String> {
    let mut table: toml::Table =
        toml::from_str(text).map_err(|e| format!("is not a TOML manifest: {e}"))?;
    for key in [
        "dev-dependencies",
        "bench",
        "test",
        "example",
        "bin",
        "workspace",
    ] {
        table.remove(key);
    }
    if let Some(package) = table.get_mut("package").and_then(|p| p.as_table_mut()) {
        package.remove("workspace");
        package.insert("autobenches".into(), false.into());
        package.insert("autotests".into(), false.into());
        package.insert("autoexamples".into(), false.into());
        package.insert("autobins".into(), false.into());
    } else {
        return Err("field `package` is missing".to_string());
    }
    let dependencies = table
        .entry("dependencies")
        .or_insert_with(|| toml::Value::Table(toml::Table::new()))
        .as_table_mut()
        .ok_or("field `dependencies` is not a table")?;
    let mut testspace = toml::Table::new();
    testspace.insert("path".into(), testspace_root.display().to_string().into());
    dependencies.insert("testspace".into(), toml::Value::Table(testspace));
    table.insert("workspace".into(), toml::Value::Table(toml::Table::new()));
    toml::to_string(&table).map_err(|e| e.to_string())
}

/// One error of `cargo check` in the copy: its spans (path from the crate root, line),
/// primary first, and its message.
struct CopyError {
    spans: Vec<(PathBuf, usize)>,
    message: String,
}

/// `cargo check --lib` of the copy; the errors in its own files. Errors elsewhere
/// (testspace, a dependency) fail the check.
fn check(copy: &Path, target: &Path, release: &str) -> Result<Vec<CopyError>, HarvestFailure> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = std::process::Command::new(cargo)
        .args(["check", "--lib", "--message-format=json", "--quiet"])
        .arg("--manifest-path")
        .arg(copy.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(target)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .map_err(io(copy))?;
    let errors: Vec<CopyError> = cargo_errors(&output.stdout)
        .into_iter()
        .filter(|error| !error.spans.is_empty())
        .map(|error| CopyError {
            spans: error
                .spans
                .into_iter()
                .map(|(file, line, _)| {
                    let relative = file.strip_prefix(copy).map(Path::to_path_buf);
                    (relative.unwrap_or(file), line)
                })
                .collect(),
            message: error.rendered,
        })
        .collect();
    if errors.is_empty() && !output.status.success() {
        return Err(HarvestFailure::Cargo {
            release: release.to_string(),
            step: "check",
            message: String::from_utf8_lossy(&output.stderr).trim().to_string(),
        });
    }
    Ok(errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_manifest_keeps_the_library_and_adds_testspace() {
        let original = "[package]\nname = \"slab\"\nversion = \"0.4.11\"\nedition = \"2018\"\nbuild = \"build.rs\"\nautobenches = true\n\n[lib]\nname = \"slab\"\n\n[[bench]]\nname = \"b\"\npath = \"benches/b.rs\"\n\n[dependencies.serde]\nversion = \"1\"\noptional = true\n\n[dev-dependencies]\nrustversion = \"1\"\n\n[features]\ndefault = [\"std\"]\nstd = []\n";
        let copy = copy_manifest(original, Path::new("/src/testspace")).unwrap();
        let table: toml::Table = toml::from_str(&copy).unwrap();
        assert_eq!(table["package"]["name"].as_str(), Some("slab"));
        assert_eq!(table["package"]["autobenches"].as_bool(), Some(false));
        assert_eq!(table["package"]["build"].as_str(), Some("build.rs"));
        assert!(table.get("bench").is_none() && table.get("dev-dependencies").is_none());
        assert_eq!(
            table["dependencies"]["testspace"]["path"].as_str(),
            Some("/src/testspace")
        );
        assert_eq!(
            table["dependencies"]["serde"]["optional"].as_bool(),
            Some(true)
        );
        assert!(table["workspace"].as_table().unwrap().is_empty());
        assert_eq!(table["features"]["default"][0].as_str(), Some("std"));
        assert!(copy_manifest("[lib]\n", Path::new("/t")).is_err());
    }
}
