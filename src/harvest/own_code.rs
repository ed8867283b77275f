//! The harvested crate's own code instrumented and compile-checked: the schemata copy of
//! the release (`testspace-harvest`'s [`OwnCode`]) written into a scratch copy of the
//! release's folder that depends on testspace, checked with `cargo check` round after round,
//! each error attributed to mutants through the file's line map (the arm holding it, else
//! its point, else its function) and those mutants left out, until the copy compiles; then
//! the coverage copy, which must compile as it is.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use testspace_harvest::{LeftAsIs, ModuleFile, OwnCode, instrument_crate};
use testspace_instrument::generate::{Mutant, fingerprint};

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
             fingerprint = \"{}\"\nmutants = {}\ncompiling = {}\nprobes = {}\n\n[left-as-is]\n\
             macros = {}\nconst-fns = {}\nunsafe-blocks = {}\nunsafe-fns = {}\n\
             conditional-items = {}\nconditional-files = {}\n",
            fingerprint(&self.mutants),
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
    drop_features_of_removed_dependencies(&mut table);
    table.insert("workspace".into(), toml::Value::Table(toml::Table::new()));
    toml::to_string(&table).map_err(|e| e.to_string())
}

/// Removes from `[features]` the entries that name a dependency the manifest no longer has
/// (`dev-only/feature`, `dev-only?/feature`, `dep:dev-only`): a feature may enable a
/// dev-dependency's feature, which Cargo refuses once the dev-dependencies are gone.
fn drop_features_of_removed_dependencies(table: &mut toml::Table) {
    let mut known: BTreeSet<String> = BTreeSet::new();
    let mut add = |deps: Option<&toml::Value>| {
        if let Some(deps) = deps.and_then(toml::Value::as_table) {
            for (name, spec) in deps {
                known.insert(name.clone());
                if let Some(package) = spec.get("package").and_then(toml::Value::as_str) {
                    known.insert(package.to_string());
                }
            }
        }
    };
    add(table.get("dependencies"));
    add(table.get("build-dependencies"));
    if let Some(targets) = table.get("target").and_then(toml::Value::as_table) {
        for target in targets.values() {
            add(target.get("dependencies"));
            add(target.get("build-dependencies"));
        }
    }
    let Some(features) = table
        .get_mut("features")
        .and_then(toml::Value::as_table_mut)
    else {
        return;
    };
    for (_, entries) in features.iter_mut() {
        if let Some(list) = entries.as_array_mut() {
            list.retain(|entry| {
                let Some(entry) = entry.as_str() else {
                    return true;
                };
                let dependency = match entry.strip_prefix("dep:") {
                    Some(name) => Some(name),
                    None => entry.split_once('/').map(|(d, _)| d.trim_end_matches('?')),
                };
                dependency.is_none_or(|name| known.contains(name))
            });
        }
    }
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
        // A feature naming a dev-dependency loses that entry, and only that one.
        let with_dev_feature = "[package]\nname = \"h\"\nversion = \"1.0.0\"\n\
            [dependencies]\nfoldhash = { version = \"0.2\", optional = true }\n\
            [dev-dependencies]\nbumpalo = \"3\"\n\
            [features]\nnightly = [\"foldhash?/nightly\", \"bumpalo/allocator_api\", \"dep:bumpalo\", \"std\"]\nstd = []\n";
        let copied: toml::Table =
            toml::from_str(&copy_manifest(with_dev_feature, Path::new("/t")).unwrap()).unwrap();
        let nightly: Vec<&str> = copied["features"]["nightly"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(toml::Value::as_str)
            .collect();
        assert_eq!(nightly, ["foldhash?/nightly", "std"]);
    }
}

/// What a committed `mutants.toml` says the copies are built from: the fingerprint of the
/// mutant list it was made for, and the ids that do not compile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnCodeCatalog {
    /// [`fingerprint`] of the crate's mutants when the catalog was written.
    pub fingerprint: String,
    /// The mutants that do not compile.
    pub not_compiling: BTreeSet<u32>,
}

impl OwnCodeCatalog {
    /// Reads `mutants.toml` as [`OwnCodeCheck::catalog`] writes it.
    ///
    /// # Errors
    /// A file that cannot be read, is not TOML, or lacks a field (named).
    pub fn read(path: &Path) -> anyhow::Result<OwnCodeCatalog> {
        use anyhow::Context as _;
        let text = std::fs::read_to_string(path).with_context(|| {
            format!(
                "{}: cannot be read (write it with `testspace harvest`)",
                path.display()
            )
        })?;
        let table: toml::Table = toml::from_str(&text)
            .with_context(|| format!("{}: is not a mutants catalog", path.display()))?;
        let field = |key: &str| {
            anyhow::anyhow!("{}: field `{key}` is missing or malformed", path.display())
        };
        let fingerprint = table
            .get("fingerprint")
            .and_then(toml::Value::as_str)
            .ok_or_else(|| field("fingerprint"))?
            .to_string();
        let mut not_compiling = BTreeSet::new();
        for (i, mutant) in table
            .get("mutant")
            .and_then(toml::Value::as_array)
            .ok_or_else(|| field("mutant"))?
            .iter()
            .enumerate()
        {
            let id = mutant.get("id").and_then(toml::Value::as_integer);
            let compiles = mutant.get("compiles").and_then(toml::Value::as_bool);
            let (Some(id), Some(compiles)) = (id, compiles) else {
                return Err(field(&format!("mutant[{i}].id/compiles")));
            };
            if !compiles {
                not_compiling
                    .insert(u32::try_from(id).map_err(|_| field(&format!("mutant[{i}].id")))?);
            }
        }
        Ok(OwnCodeCatalog {
            fingerprint,
            not_compiling,
        })
    }
}

/// Writes the schemata and coverage copies of the release in `release` (its module tree
/// `files`) beside it (`<release>+schemata`, `<release>+coverage`) with the mutants that
/// `catalog` says compile, each copy a package of its own (`<name>-testspace-schemata`)
/// depending on testspace at `testspace_root` (relative to the copy); a file is rewritten
/// only when its text changes, so cargo rebuilds only what changed. Returns the compiled
/// mutants, in id order.
///
/// # Errors
/// A catalog made for other code (its fingerprint differs: harvest the release again), or
/// files that cannot be read or written.
pub fn write_copies(
    release: &Path,
    files: &[ModuleFile],
    catalog: &OwnCodeCatalog,
    label: &str,
    testspace_root: &Path,
) -> anyhow::Result<Vec<Mutant>> {
    let code = instrument_crate(&release.to_path_buf(), files)?;
    let mutants = code.mutants();
    let found = fingerprint(&mutants);
    anyhow::ensure!(
        found == catalog.fingerprint,
        "{label}: its mutants.toml was written for other code (fingerprint {}, the release's is {found}): harvest it again",
        catalog.fingerprint
    );
    let enabled = |id: u32| !catalog.not_compiling.contains(&id);
    let (schemata_folder, coverage_folder) = testspace_harvest::copies::copy_folders(release);
    write_copy(
        release,
        &schemata_folder,
        "schemata",
        code.schemata(&enabled),
        testspace_root,
    )?;
    write_copy(
        release,
        &coverage_folder,
        "coverage",
        code.coverage(label),
        testspace_root,
    )?;
    Ok(mutants.into_iter().filter(|m| enabled(m.id)).collect())
}

/// What [`write_coverage_copy`] did with a release.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverageCopy {
    /// The copy is written (or was current), with this many probes.
    Written(usize),
    /// The copy would have more probes than one copy may have
    /// ([`crate::subject::probes::MAX_PROBES`]): none is written, and an old one is removed.
    TooManyProbes(usize),
}

/// Writes the coverage copy alone of the release in `release` (its module tree `files`)
/// beside it (`<release>+coverage`), a package of its own as [`write_copies`] writes it;
/// a file is rewritten only when its text changes. A corpus's fixed releases get one so
/// that gold runs through it ([`crate::subject::Releases::with_coverage`]).
///
/// # Errors
/// Files that cannot be read, parsed or written.
pub fn write_coverage_copy(
    release: &Path,
    files: &[ModuleFile],
    label: &str,
    testspace_root: &Path,
) -> anyhow::Result<CoverageCopy> {
    let code = instrument_crate(&release.to_path_buf(), files)?;
    let (_, folder) = testspace_harvest::copies::copy_folders(release);
    let probes = code.probes();
    if probes > crate::subject::probes::MAX_PROBES {
        if folder.exists() {
            std::fs::remove_dir_all(&folder)
                .map_err(|e| anyhow::anyhow!("removing {}: {e}", folder.display()))?;
        }
        return Ok(CoverageCopy::TooManyProbes(probes));
    }
    write_copy(
        release,
        &folder,
        "coverage",
        code.coverage(label),
        testspace_root,
    )?;
    Ok(CoverageCopy::Written(probes))
}

/// Writes the `kind` copy `copied` of the release in `release` into `folder`: the
/// release's other files mirrored, its manifest renamed ([`renamed_manifest`]).
fn write_copy(
    release: &Path,
    folder: &Path,
    kind: &str,
    copied: Vec<testspace_harvest::copies::CopiedFile>,
    testspace_root: &Path,
) -> anyhow::Result<()> {
    use anyhow::Context as _;
    let manifest_path = release.join("Cargo.toml");
    let manifest = std::fs::read_to_string(&manifest_path)
        .with_context(|| format!("reading {}", manifest_path.display()))?;
    let manifest = renamed_manifest(&manifest, testspace_root, kind)
        .map_err(|message| anyhow::anyhow!("{}: {message}", manifest_path.display()))?;
    let rewritten: BTreeSet<PathBuf> = copied
        .iter()
        .map(|f| folder.join(&f.path))
        .chain([folder.join("Cargo.toml")])
        .collect();
    mirror(release, folder, &rewritten)?;
    write_if_changed(&folder.join("Cargo.toml"), &manifest)?;
    for file in copied {
        write_if_changed(&folder.join(&file.path), &file.text)?;
    }
    Ok(())
}

/// What the subjects of a wrapper file can reach of a release's own code
/// ([`testspace_harvest::reach`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubjectReach {
    /// The subject (the wrapper's name).
    pub subject: String,
    /// The crate's functions, and how many of them the subject's methods reach.
    pub functions: usize,
    /// How many of them the subject's methods reach.
    pub reached: usize,
    /// The compiled mutants in functions it cannot reach, in id order.
    pub unreachable: Vec<u32>,
}

/// For each of `subjects`, declared in `subject_source` (the crate's `subject.rs`), the
/// mutants of `compiled` that lie in functions of the release (its module tree `files` in
/// `release`) that none of the subject's methods can reach.
///
/// # Errors
/// A file of the release that cannot be read or parsed, or a subject without an impl in
/// `subject_source` (`subject_path` names the file in the message).
pub fn unreachable_mutants(
    release: &Path,
    files: &[ModuleFile],
    compiled: &[Mutant],
    subject_path: &Path,
    subject_source: &str,
    subjects: &[String],
) -> anyhow::Result<Vec<SubjectReach>> {
    let graph = testspace_harvest::CallGraph::read(&release.to_path_buf(), files)?;
    subjects
        .iter()
        .map(|subject| {
            let roots = testspace_harvest::wrapper_mentions(subject_source, subject)
                .map_err(|message| anyhow::anyhow!("{}: {message}", subject_path.display()))?;
            let reach = graph.reach(&roots);
            Ok(SubjectReach {
                subject: subject.clone(),
                functions: graph.len(),
                reached: reach.reached(),
                unreachable: compiled
                    .iter()
                    .filter(|m| !reach.reaches(&m.location))
                    .map(|m| m.id)
                    .collect(),
            })
        })
        .collect()
}

/// The package name of a release's `kind` copy (`slab-testspace-schemata`).
pub fn copy_package(name: &str, kind: &str) -> String {
    format!("{name}-testspace-{kind}")
}

/// [`copy_manifest`] of a copy in a workspace beside other releases: renamed to
/// [`copy_package`] (its library keeps the crate's name) and without `links`, so that it
/// coexists with the release it copies.
fn renamed_manifest(text: &str, testspace_root: &Path, kind: &str) -> Result<String, String> {
    let mut table: toml::Table =
        toml::from_str(&copy_manifest(text, testspace_root)?).map_err(|e| e.to_string())?;
    table.remove("workspace");
    let package = table
        .get_mut("package")
        .and_then(toml::Value::as_table_mut)
        .ok_or("field `package` is missing")?;
    let name = package
        .get("name")
        .and_then(toml::Value::as_str)
        .ok_or("field `package.name` is missing")?
        .to_string();
    package.insert("name".into(), copy_package(&name, kind).into());
    package.remove("links");
    let lib = table
        .entry("lib")
        .or_insert_with(|| toml::Value::Table(toml::Table::new()))
        .as_table_mut()
        .ok_or("field `lib` is not a table")?;
    lib.entry("name")
        .or_insert_with(|| name.replace('-', "_").into());
    toml::to_string(&table).map_err(|e| e.to_string())
}

/// Makes `to` hold every file of `from` (but `target/` and the files `rewritten` names in
/// `to`) that it lacks or holds otherwise.
fn mirror(from: &Path, to: &Path, rewritten: &BTreeSet<PathBuf>) -> anyhow::Result<()> {
    use anyhow::Context as _;
    std::fs::create_dir_all(to).with_context(|| format!("creating {}", to.display()))?;
    for entry in std::fs::read_dir(from).with_context(|| format!("reading {}", from.display()))? {
        let entry = entry?;
        let (source, name) = (entry.path(), entry.file_name());
        if entry.file_type()?.is_dir() {
            if name != "target" {
                mirror(&source, &to.join(&name), rewritten)?;
            }
        } else if !rewritten.contains(&to.join(&name)) {
            let text =
                std::fs::read(&source).with_context(|| format!("reading {}", source.display()))?;
            let destination = to.join(&name);
            if std::fs::read(&destination).ok().as_deref() != Some(&text[..]) {
                std::fs::write(&destination, &text)
                    .with_context(|| format!("writing {}", destination.display()))?;
            }
        }
    }
    Ok(())
}

fn write_if_changed(path: &Path, text: &str) -> anyhow::Result<()> {
    use anyhow::Context as _;
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}
