//! `testspace previous fetch`: the releases that `#[testspace::previous(against =
//! "crates.io:VERSION")]` declarations name, brought from the registry into
//! `.testspace-previous/NAME-VERSION/` beside the crate's manifest, where the attribute reads
//! the module at compile time (a proc macro does not download during a build).
//!
//! Each release is downloaded through Cargo as the corpus's are (`crate::corpus::fetch`: a
//! throw-away manifest, `cargo metadata`, the checksum read from the lock file Cargo writes);
//! its checksum is recorded in `previous.lock` beside the manifest and, on later fetches,
//! given to Cargo in the throw-away lock file and compared again. The command creates
//! `.testspace-previous/` with a mark file and writes nothing into a folder it did not create.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::corpus::fetch::{FetchError, copy_tree, lock_checksum, source_folder};

/// The folder, beside the crate's manifest, holding the fetched releases.
pub const FOLDER: &str = ".testspace-previous";
/// The file, beside the crate's manifest, recording each fetched release's checksum.
pub const LOCK: &str = "previous.lock";
/// The file in [`FOLDER`] and in each release's folder saying this command created it; in
/// a release's folder it holds the checksum.
pub const MARK: &str = ".testspace-checksum";

/// A `crates.io:VERSION` declaration found in the crate's sources.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wanted {
    /// The release.
    pub version: String,
    /// The declaring file, relative to the crate root, and its line.
    pub place: String,
}

/// What one fetch did to a release.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Downloaded and unpacked, with the checksum.
    Fetched(String),
    /// Already unpacked under the recorded checksum.
    Present(String),
}

/// Brings every release the crate at `root` declares; `cargo_args` are passed to each
/// `cargo metadata` (e.g. `--config` replacing the registry source). Returns, per version,
/// what was done.
///
/// # Errors
/// An unreadable manifest, a release Cargo cannot resolve (a version the registry does not
/// have, named with the declaration's place), a checksum other than the recorded one, a
/// folder this command did not create, or files that cannot be written.
pub fn fetch(root: &Path, cargo_args: &[String]) -> Result<BTreeMap<String, Outcome>, FetchError> {
    // Absolute: Cargo runs from the root and is handed paths below it.
    let root = &std::path::absolute(root).map_err(io(root))?;
    let name = package_name(root)?;
    let wanted = declarations(root)?;
    let mut recorded = read_lock(root)?;
    let folder = root.join(FOLDER);
    if !wanted.is_empty() {
        own_folder(&folder)?;
    }
    let mut done = BTreeMap::new();
    for want in &wanted {
        if done.contains_key(&want.version) {
            continue;
        }
        let place = folder.join(format!("{name}-{}", want.version));
        let known = recorded.get(&want.version).cloned();
        let mark = place.join(MARK);
        if place.exists() {
            match std::fs::read_to_string(&mark) {
                Ok(found) if Some(&found) == known.as_ref() => {
                    done.insert(want.version.clone(), Outcome::Present(found));
                    continue;
                }
                Ok(_) => {}
                Err(_) => {
                    return Err(refused(
                        &place,
                        "exists without the mark of `testspace previous fetch`; move it away",
                    ));
                }
            }
        }
        let (source, checksum) = locate(root, &name, want, known.as_deref(), cargo_args)?;
        let staged = folder.join(format!(".{name}-{}.partial", want.version));
        let _ = std::fs::remove_dir_all(&staged);
        copy_tree(&source, &staged)?;
        let staged_mark = staged.join(MARK);
        std::fs::write(&staged_mark, &checksum).map_err(io(&staged_mark))?;
        let _ = std::fs::remove_dir_all(&place);
        std::fs::rename(&staged, &place).map_err(io(&place))?;
        recorded.insert(want.version.clone(), checksum.clone());
        write_lock(root, &name, &recorded)?;
        done.insert(want.version.clone(), Outcome::Fetched(checksum));
    }
    Ok(done)
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> FetchError + '_ {
    move |cause| FetchError::Io {
        path: path.display().to_string(),
        cause,
    }
}

fn refused(path: &Path, why: &str) -> FetchError {
    FetchError::Io {
        path: path.display().to_string(),
        cause: std::io::Error::other(why.to_string()),
    }
}

/// Creates `folder` with its mark, or checks that it carries the mark.
fn own_folder(folder: &Path) -> Result<(), FetchError> {
    let mark = folder.join(MARK);
    if folder.exists() {
        if mark.is_file() {
            return Ok(());
        }
        return Err(refused(
            folder,
            "exists and was not created by `testspace previous fetch`; move it away",
        ));
    }
    std::fs::create_dir_all(folder).map_err(io(folder))?;
    std::fs::write(&mark, "created by `testspace previous fetch`\n").map_err(io(&mark))
}

/// The package name in `root/Cargo.toml`.
fn package_name(root: &Path) -> Result<String, FetchError> {
    let manifest = root.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).map_err(io(&manifest))?;
    toml::from_str::<toml::Value>(&text)
        .ok()
        .and_then(|m| m.get("package")?.get("name")?.as_str().map(str::to_string))
        .ok_or_else(|| refused(&manifest, "has no `package.name`"))
}

/// Every `against = "crates.io:VERSION"` in the Rust files under `root` (leaving out
/// `target/` and hidden folders), in file and line order.
///
/// # Errors
/// Folders or files that cannot be read.
pub fn declarations(root: &Path) -> Result<Vec<Wanted>, FetchError> {
    let mut files = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).map_err(io(&folder))? {
            let path = entry.map_err(io(&folder))?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() {
                if name != "target" && !name.starts_with('.') {
                    folders.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).map_err(io(&file))?;
        let relative = file
            .strip_prefix(root)
            .unwrap_or(&file)
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        for (i, line) in text.lines().enumerate() {
            let Some(at) = line.find("\"crates.io:") else {
                continue;
            };
            if !line[..at].trim_end().ends_with('=') || !line[..at].contains("against") {
                continue;
            }
            let rest = &line[at + "\"crates.io:".len()..];
            let Some(end) = rest.find('"') else { continue };
            found.push(Wanted {
                version: rest[..end].trim().to_string(),
                place: format!("{relative}:{}", i + 1),
            });
        }
    }
    Ok(found)
}

/// The recorded checksums by version.
fn read_lock(root: &Path) -> Result<BTreeMap<String, String>, FetchError> {
    let path = root.join(LOCK);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(BTreeMap::new()),
        Err(e) => return Err(io(&path)(e)),
    };
    let value: toml::Value = toml::from_str(&text)
        .map_err(|e| refused(&path, &format!("is not a lock file of releases: {e}")))?;
    let mut recorded = BTreeMap::new();
    for release in value
        .get("release")
        .and_then(|r| r.as_array())
        .into_iter()
        .flatten()
    {
        let field = |f: &str| release.get(f).and_then(|v| v.as_str()).map(str::to_string);
        match (field("version"), field("checksum")) {
            (Some(version), Some(checksum)) => {
                recorded.insert(version, checksum);
            }
            _ => {
                return Err(refused(
                    &path,
                    "a `[[release]]` lacks `version` or `checksum`",
                ));
            }
        }
    }
    Ok(recorded)
}

fn write_lock(
    root: &Path,
    name: &str,
    recorded: &BTreeMap<String, String>,
) -> Result<(), FetchError> {
    let mut text = String::from(
        "# Written by `testspace previous fetch`: the checksum of each release of this crate\n# that a `crates.io:VERSION` previous-release oracle names. Commit it.\n",
    );
    for (version, checksum) in recorded {
        text.push_str(&format!(
            "\n[[release]]\nname = \"{name}\"\nversion = \"{version}\"\nchecksum = \"{checksum}\"\n"
        ));
    }
    let path = root.join(LOCK);
    std::fs::write(&path, text).map_err(io(&path))
}

/// Downloads `name` `want.version` through a throw-away manifest: where its source is, and
/// its checksum (the `known` one, which Cargo is given and which is compared again).
fn locate(
    root: &Path,
    name: &str,
    want: &Wanted,
    known: Option<&str>,
    cargo_args: &[String],
) -> Result<(PathBuf, String), FetchError> {
    let version = &want.version;
    let release = format!("{name} {version} (declared at {})", want.place);
    let failed = |message: String| FetchError::Cargo {
        releases: release.clone(),
        step: "metadata",
        message,
    };
    let scratch = root
        .join(FOLDER)
        .join(format!(".fetch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(scratch.join("src")).map_err(io(&scratch))?;
    let write = |file: &str, text: &str| {
        let path = scratch.join(file);
        std::fs::write(&path, text).map_err(io(&path))
    };
    write(
        "Cargo.toml",
        &format!(
            "[package]\nname = \"testspace-previous-fetch\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n[workspace]\n\n[dependencies]\nr0 = {{ package = \"{name}\", version = \"={version}\" }}\n"
        ),
    )?;
    write("src/lib.rs", "")?;
    if let Some(checksum) = known {
        // As the corpus does: Cargo refuses a download whose checksum is not the locked one.
        write(
            "Cargo.lock",
            &format!(
                "version = 4\n\n[[package]]\nname = \"{name}\"\nversion = \"{version}\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"{checksum}\"\n"
            ),
        )?;
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    // From the crate's root, so that its Cargo configuration (a mirror, a vendored source)
    // applies wherever the command is run.
    let output = Command::new(cargo)
        .current_dir(root)
        .args(cargo_args)
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(scratch.join("Cargo.toml"))
        .output();
    let lock = std::fs::read_to_string(scratch.join("Cargo.lock"));
    let _ = std::fs::remove_dir_all(&scratch);
    let output = output.map_err(io(&scratch))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let mut message = stderr.trim().to_string();
        if stderr.contains("failed to select a version") {
            message = format!("{name} has no release {version} on the registry: {message}");
        }
        return Err(failed(message));
    }
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout)
        .map_err(|e| failed(format!("unreadable output: {e}")))?;
    let lock: toml::Value = lock
        .ok()
        .and_then(|l| toml::from_str(&l).ok())
        .ok_or_else(|| failed("no readable lock file".into()))?;
    let checksum = lock_checksum(&lock, name, version)
        .ok_or_else(|| failed("the release has no checksum in the lock file".into()))?;
    if let Some(known) = known
        && checksum != known
    {
        return Err(refused(
            &root.join(LOCK),
            &format!(
                "records checksum {known} for {name} {version}, and the registry's release has {checksum}"
            ),
        ));
    }
    let source = source_folder(&metadata, name, version)
        .ok_or_else(|| failed("the release is not among the packages".into()))?;
    Ok((source, checksum))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_found_with_their_places() {
        let root = std::env::temp_dir().join(format!(
            "testspace-previous-declarations-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::create_dir_all(root.join("target")).unwrap();
        std::fs::write(
            root.join("src/lib.rs"),
            "// x\n#[testspace::previous(against = \"crates.io:0.1.0\")]\nmod a {}\n#[testspace::previous(against = \"git:v1\")]\nmod b {}\nconst S: &str = \"crates.io:9\";\n",
        )
        .unwrap();
        std::fs::write(
            root.join("target/x.rs"),
            "#[testspace::previous(against = \"crates.io:0.2.0\")]\n",
        )
        .unwrap();
        let found = declarations(&root).unwrap();
        assert_eq!(
            found,
            [Wanted {
                version: "0.1.0".into(),
                place: "src/lib.rs:2".into()
            }]
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
