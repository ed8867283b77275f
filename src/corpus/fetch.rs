//! Bringing a corpus's releases from crates.io into `releases/`, through Cargo itself: a
//! throw-away manifest per round (at most one release of each crate: Cargo resolves one
//! semver-compatible release of a crate per source) with a lock file pinning each release
//! to its recorded checksum (so yanked releases resolve too), `cargo metadata` to download
//! and locate the sources, and the checksum compared again after.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::{Corpus, Release};

/// Why a release cannot be brought.
#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    /// Cargo failed.
    #[error("{releases}: cargo {step} failed: {message}")]
    Cargo {
        /// The releases of the round.
        releases: String,
        /// `metadata`.
        step: &'static str,
        /// What it said.
        message: String,
    },
    /// The checksum differs from the recorded one.
    #[error(
        "{entry}: field `checksums.\"{version}\"`: {krate} {version} has checksum {found} on crates.io, not {recorded}"
    )]
    Checksum {
        /// The crate entry.
        entry: String,
        /// The crate.
        krate: String,
        /// The release.
        version: String,
        /// What the index says.
        found: String,
        /// What the entry says.
        recorded: String,
    },
    /// Files could not be read or written.
    #[error("{path}: {cause}")]
    Io {
        /// The file or folder.
        path: String,
        /// The I/O error.
        cause: std::io::Error,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> FetchError + '_ {
    move |cause| FetchError::Io {
        path: path.display().to_string(),
        cause,
    }
}

/// The file in a release's folder that records the checksum it was brought with.
const MARK: &str = ".testspace-checksum";

/// Brings every release of `corpus` that `releases/` lacks (or holds under another
/// checksum); `progress` hears of each release brought. Returns each release's SLOC by
/// its [`Release::ident`].
///
/// # Errors
/// Cargo failing to resolve or download a release, a checksum other than the recorded one
/// (naming the entry and the field), or files that cannot be written.
pub fn fetch(
    corpus: &Corpus,
    mut progress: impl FnMut(&str),
) -> Result<BTreeMap<String, usize>, FetchError> {
    let target = corpus.root.join("releases");
    std::fs::create_dir_all(&target).map_err(io(&target))?;
    let missing: Vec<Release<'_>> = corpus
        .releases()
        .into_iter()
        .filter(|r| {
            let mark = target.join(r.folder_name()).join(MARK);
            std::fs::read_to_string(mark).ok().as_deref() != Some(r.checksum())
        })
        .collect();
    for round in rounds(&missing) {
        let located = locate(&round, &target)?;
        for (release, source) in round.iter().zip(located) {
            install(release, &source, &target)?;
            progress(&release.folder_name());
        }
    }
    let mut sizes = BTreeMap::new();
    for release in corpus.releases() {
        let folder = target.join(release.folder_name());
        sizes.insert(release.ident(), source_lines(&library_folder(&folder)?)?);
    }
    Ok(sizes)
}

/// The releases in rounds holding at most one release of each crate.
fn rounds<'a, 'b>(releases: &'b [Release<'a>]) -> Vec<Vec<&'b Release<'a>>> {
    let mut rounds: Vec<Vec<&Release<'_>>> = Vec::new();
    for release in releases {
        match rounds
            .iter_mut()
            .find(|round| round.iter().all(|r| r.krate.name != release.krate.name))
        {
            Some(round) => round.push(release),
            None => rounds.push(vec![release]),
        }
    }
    rounds
}

/// Downloads one round's releases through a throw-away manifest; where each one's source
/// is, in round order, checked against its recorded checksum.
fn locate(round: &[&Release<'_>], target: &Path) -> Result<Vec<PathBuf>, FetchError> {
    let names: Vec<String> = round.iter().map(|r| r.folder_name()).collect();
    let scratch = target.join(format!(".fetch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(scratch.join("src")).map_err(io(&scratch))?;
    let mut manifest = String::from(
        "[package]\nname = \"testspace-corpus-fetch\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n[workspace]\n\n[dependencies]\n",
    );
    for (i, r) in round.iter().enumerate() {
        manifest.push_str(&format!(
            "r{i} = {{ package = \"{}\", version = \"={}\" }}\n",
            r.krate.name, r.version
        ));
    }
    let write = |name: &str, text: &str| {
        let path = scratch.join(name);
        std::fs::write(&path, text).map_err(io(&path))
    };
    // A lock file naming each release with its recorded checksum: Cargo keeps a locked
    // release even when it is yanked (several corpus releases are), and refuses a download
    // whose checksum is not the locked one.
    let mut lock = String::from("version = 4\n");
    for r in round {
        lock.push_str(&format!(
            "\n[[package]]\nname = \"{}\"\nversion = \"{}\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"{}\"\n",
            r.krate.name,
            r.version,
            r.checksum()
        ));
    }
    write("Cargo.toml", &manifest)?;
    write("Cargo.lock", &lock)?;
    write("src/lib.rs", "")?;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(scratch.join("Cargo.toml"))
        .output()
        .map_err(io(&scratch))?;
    let failed = |message: String| FetchError::Cargo {
        releases: names.join(", "),
        step: "metadata",
        message,
    };
    if !output.status.success() {
        let _ = std::fs::remove_dir_all(&scratch);
        return Err(failed(
            String::from_utf8_lossy(&output.stderr).trim().to_string(),
        ));
    }
    let lock_path = scratch.join("Cargo.lock");
    let lock = std::fs::read_to_string(&lock_path).map_err(io(&lock_path))?;
    let _ = std::fs::remove_dir_all(&scratch);
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout)
        .map_err(|e| failed(format!("unreadable output: {e}")))?;
    let lock: toml::Value =
        toml::from_str(&lock).map_err(|e| failed(format!("unreadable lock file: {e}")))?;
    round
        .iter()
        .map(|r| {
            let checksum = lock_checksum(&lock, &r.krate.name, &r.version).ok_or_else(|| {
                failed(format!(
                    "{} has no checksum in the lock file",
                    r.folder_name()
                ))
            })?;
            if checksum != r.checksum() {
                return Err(FetchError::Checksum {
                    entry: r.krate.folder.join("crate.toml").display().to_string(),
                    krate: r.krate.name.clone(),
                    version: r.version.clone(),
                    found: checksum,
                    recorded: r.checksum().to_string(),
                });
            }
            source_folder(&metadata, &r.krate.name, &r.version)
                .ok_or_else(|| failed(format!("{} is not among the packages", r.folder_name())))
        })
        .collect()
}

pub(crate) fn lock_checksum(lock: &toml::Value, name: &str, version: &str) -> Option<String> {
    lock.get("package")?
        .as_array()?
        .iter()
        .find(|p| {
            p.get("name").and_then(|n| n.as_str()) == Some(name)
                && p.get("version").and_then(|v| v.as_str()) == Some(version)
        })?
        .get("checksum")?
        .as_str()
        .map(str::to_string)
}

pub(crate) fn source_folder(
    metadata: &serde_json::Value,
    name: &str,
    version: &str,
) -> Option<PathBuf> {
    let package = metadata["packages"]
        .as_array()?
        .iter()
        .find(|p| p["name"] == name && p["version"] == version)?;
    Path::new(package["manifest_path"].as_str()?)
        .parent()
        .map(Path::to_path_buf)
}

/// Copies a release's source into `target`, whole or not at all, with its checksum mark.
fn install(release: &Release<'_>, source: &Path, target: &Path) -> Result<(), FetchError> {
    let place = target.join(release.folder_name());
    let staged = target.join(format!(".{}.partial", release.folder_name()));
    let _ = std::fs::remove_dir_all(&staged);
    copy_tree(source, &staged)?;
    let mark = staged.join(MARK);
    std::fs::write(&mark, release.checksum()).map_err(io(&mark))?;
    let _ = std::fs::remove_dir_all(&place);
    std::fs::rename(&staged, &place).map_err(io(&place))
}

pub(crate) fn copy_tree(from: &Path, to: &Path) -> Result<(), FetchError> {
    std::fs::create_dir_all(to).map_err(io(to))?;
    for entry in std::fs::read_dir(from).map_err(io(from))? {
        let entry = entry.map_err(io(from))?;
        let path = entry.path();
        let name = entry.file_name();
        if name == ".cargo-ok" {
            continue;
        }
        let kind = entry.file_type().map_err(io(&path))?;
        if kind.is_dir() {
            copy_tree(&path, &to.join(&name))?;
        } else if kind.is_file() {
            std::fs::copy(&path, to.join(&name)).map_err(io(&path))?;
        }
    }
    Ok(())
}

/// The folder of a release's library root (`src` unless its manifest's `[lib] path` says
/// otherwise).
fn library_folder(release: &Path) -> Result<PathBuf, FetchError> {
    let root = release.join(library_root(release)?);
    Ok(root.parent().unwrap_or(release).to_path_buf())
}

/// The library's root file of the release in `release`, relative to it: its manifest's
/// `[lib] path`, else `src/lib.rs`.
///
/// # Errors
/// A manifest that cannot be read.
pub(crate) fn library_root(release: &Path) -> Result<PathBuf, FetchError> {
    let manifest = release.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).map_err(io(&manifest))?;
    Ok(toml::from_str::<toml::Value>(&text)
        .ok()
        .and_then(|m| m.get("lib")?.get("path")?.as_str().map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("src/lib.rs")))
}

/// SLOC of the Rust files under a library's folder ([`code_lines`] of each), leaving out
/// tests, benches, examples and build scripts.
fn source_lines(src: &Path) -> Result<usize, FetchError> {
    let mut total = 0;
    let mut folders = vec![src.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).map_err(io(&folder))? {
            let path = entry.map_err(io(&folder))?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if matches!(
                name,
                "tests" | "benches" | "examples" | "build.rs" | "target"
            ) {
                continue;
            }
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).map_err(io(&path))?;
                total += code_lines(&text);
            }
        }
    }
    Ok(total)
}

/// Source lines of code of a release's file: lines that are neither blank nor comments
/// (`//`, including doc comments), outside items marked `#[cfg(test)]`. (The ports' rule,
/// [`crate::subject::sloc`], stops at the first `#[cfg(test)]` and leaves out declaration
/// glue; a crate's test modules may stand anywhere.)
pub fn code_lines(text: &str) -> usize {
    let tests: Vec<(usize, usize)> = syn::parse_file(text)
        .map(|file| {
            file.items
                .iter()
                .filter(|item| is_test_only(item))
                .map(|item| {
                    use syn::spanned::Spanned as _;
                    let span = item.span();
                    (span.start().line, span.end().line)
                })
                .collect()
        })
        .unwrap_or_default();
    text.lines()
        .enumerate()
        .filter(|(i, line)| {
            crate::subject::is_code_line(line)
                && !tests
                    .iter()
                    .any(|&(from, to)| (from..=to).contains(&(i + 1)))
        })
        .count()
}

fn is_test_only(item: &syn::Item) -> bool {
    let attrs = match item {
        syn::Item::Mod(m) => &m.attrs,
        syn::Item::Fn(f) => &f.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Use(u) => &u.attrs,
        _ => return false,
    };
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Ident>()
                .is_ok_and(|ident| ident == "test")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_lines_leave_out_blanks_comments_and_test_items_wherever_they_stand() {
        let text = "//! Docs.\nfn a() {}\n\n#[cfg(test)]\nmod tests {\n    fn t() {}\n}\n/// b\nfn b() {\n    // c\n    let _ = 1;\n}\n";
        assert_eq!(code_lines(text), 4);
        assert_eq!(
            code_lines("fn broken( {\n\n// x\n}"),
            2,
            "unparsed: every code line"
        );
    }
}
