//! The published releases of a crate, from crates.io's sparse index
//! (`https://index.crates.io/<prefix>/<name>`, one JSON object per release), fetched with
//! curl into a cache folder that later mining reads instead (delete a crate's file there to
//! read the index anew).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Deserialize;

/// One published release.
#[derive(Clone, Debug, PartialEq)]
pub struct Published {
    /// Its version.
    pub version: semver::Version,
    /// The sha256 of its `.crate` file, as the index has it.
    pub checksum: String,
    /// Whether it is yanked (a lock file pinning its checksum still resolves it).
    pub yanked: bool,
}

/// Why a crate's releases cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum IndexError {
    /// The index has no such crate.
    #[error("{name}: no such crate on crates.io")]
    NotFound {
        /// The crate.
        name: String,
    },
    /// The index could not be reached.
    #[error("{name}: cannot read crates.io's index ({url}): {message}")]
    Unreachable {
        /// The crate.
        name: String,
        /// The address.
        url: String,
        /// What curl said.
        message: String,
    },
    /// A line of the index that is not a release.
    #[error("{path}:{line}: not a release of crates.io's index: {message}")]
    Line {
        /// The cached file.
        path: String,
        /// Its line, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The cache cannot be read or written.
    #[error("{path}: {cause}")]
    Io {
        /// The file or folder.
        path: String,
        /// The I/O error.
        cause: std::io::Error,
    },
}

/// The path of a crate's file in the index (`1/a`, `2/ab`, `3/a/abc`, `sm/al/smallvec`).
pub fn index_path(name: &str) -> String {
    let name = name.to_ascii_lowercase();
    match name.len() {
        1 => format!("1/{name}"),
        2 => format!("2/{name}"),
        3 => format!("3/{}/{name}", &name[..1]),
        _ => format!("{}/{}/{name}", &name[..2], &name[2..4]),
    }
}

#[derive(Deserialize)]
struct Line {
    vers: String,
    cksum: String,
    #[serde(default)]
    yanked: bool,
}

/// The releases of an index file's text, in the index's order (`path` names it in errors).
pub fn parse_index(path: &str, text: &str) -> Result<Vec<Published>, IndexError> {
    let mut releases = Vec::new();
    for (k, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let error = |message: String| IndexError::Line {
            path: path.to_string(),
            line: k + 1,
            message,
        };
        let parsed: Line = serde_json::from_str(line).map_err(|e| error(e.to_string()))?;
        let version = semver::Version::parse(&parsed.vers)
            .map_err(|e| error(format!("version `{}`: {e}", parsed.vers)))?;
        releases.push(Published {
            version,
            checksum: parsed.cksum,
            yanked: parsed.yanked,
        });
    }
    Ok(releases)
}

/// crates.io's index behind a cache folder.
pub struct Index {
    cache: PathBuf,
}

impl Index {
    /// The index, its files cached in `cache` (created when needed).
    pub fn new(cache: &Path) -> Self {
        Index {
            cache: cache.to_path_buf(),
        }
    }

    /// The default cache: `$XDG_CACHE_HOME/testspace/crates-index` (or `~/.cache/…`).
    pub fn default_cache() -> PathBuf {
        let base = std::env::var_os("XDG_CACHE_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
            .unwrap_or_else(std::env::temp_dir);
        base.join("testspace").join("crates-index")
    }

    /// The releases of crate `name`: from the cache, else from crates.io (then cached).
    pub fn releases(&self, name: &str) -> Result<Vec<Published>, IndexError> {
        let file = self.cache.join(index_path(name));
        if !file.exists() {
            self.download(name, &file)?;
        }
        let text = std::fs::read_to_string(&file).map_err(|cause| IndexError::Io {
            path: file.display().to_string(),
            cause,
        })?;
        if text.trim() == NOT_FOUND {
            return Err(IndexError::NotFound {
                name: name.to_string(),
            });
        }
        parse_index(&file.display().to_string(), &text)
    }

    /// Brings the index file of `name` into `file` (a crate crates.io does not know is
    /// cached as such), written whole or not at all.
    fn download(&self, name: &str, file: &Path) -> Result<(), IndexError> {
        let url = format!("https://index.crates.io/{}", index_path(name));
        let io = |path: &Path| {
            let path = path.display().to_string();
            move |cause| IndexError::Io { path, cause }
        };
        let folder = file.parent().expect("an index path has a folder");
        std::fs::create_dir_all(folder).map_err(io(folder))?;
        let partial = file.with_extension("partial");
        let output = Command::new("curl")
            .args(["-sS", "--max-time", "60", "-o"])
            .arg(&partial)
            .args(["-w", "%{http_code}", &url])
            .output()
            .map_err(|e| IndexError::Unreachable {
                name: name.to_string(),
                url: url.clone(),
                message: format!("cannot run curl: {e}"),
            })?;
        let code = String::from_utf8_lossy(&output.stdout).trim().to_string();
        match code.as_str() {
            "200" => std::fs::rename(&partial, file).map_err(io(file)),
            "404" | "410" => {
                let _ = std::fs::remove_file(&partial);
                std::fs::write(file, NOT_FOUND).map_err(io(file))
            }
            _ => {
                let _ = std::fs::remove_file(&partial);
                Err(IndexError::Unreachable {
                    name: name.to_string(),
                    url,
                    message: format!(
                        "HTTP {code}: {}",
                        String::from_utf8_lossy(&output.stderr).trim()
                    ),
                })
            }
        }
    }
}

/// What the cache holds for a crate crates.io does not know.
const NOT_FOUND: &str = "not on crates.io";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_paths_follow_cargos_layout() {
        assert_eq!(index_path("a"), "1/a");
        assert_eq!(index_path("ab"), "2/ab");
        assert_eq!(index_path("abc"), "3/a/abc");
        assert_eq!(index_path("SmallVec"), "sm/al/smallvec");
    }

    #[test]
    fn index_lines_become_releases_and_a_bad_line_is_located() {
        let text = "{\"name\":\"x\",\"vers\":\"0.1.0\",\"deps\":[],\"cksum\":\"aa\",\"features\":{},\"yanked\":false}\n\n{\"name\":\"x\",\"vers\":\"0.2.0-beta.1\",\"cksum\":\"bb\",\"yanked\":true}\n";
        let releases = parse_index("x", text).unwrap();
        assert_eq!(releases.len(), 2);
        assert_eq!(releases[1].version.to_string(), "0.2.0-beta.1");
        assert!(releases[1].yanked && !releases[0].yanked);
        let e = parse_index("x", "{\"vers\":\"1\",\"cksum\":\"a\"}")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("x:1: ") && e.contains("version `1`"), "{e}");
    }

    #[test]
    fn a_cached_unknown_crate_is_not_found_without_the_network() {
        let dir = std::env::temp_dir().join(format!("index-{}", std::process::id()));
        let file = dir.join(index_path("nosuchcrate"));
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, NOT_FOUND).unwrap();
        let e = Index::new(&dir).releases("nosuchcrate").unwrap_err();
        assert!(matches!(e, IndexError::NotFound { .. }), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
