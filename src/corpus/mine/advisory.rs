//! RustSec advisories as the miner reads them: the TOML front matter of each
//! `crates/<crate>/RUSTSEC-*.md` of an advisory-db checkout, and the committed snapshot of
//! that front matter (`corpus/mining/advisories.toml`) that mining reads offline.
//!
//! The snapshot keeps only what mining uses, per advisory: id, package, disclosure date,
//! title, url, categories, informational kind, withdrawal date, patched and unaffected
//! requirements, affected functions, aliases and license (CC0-1.0 unless the advisory names
//! another, as GHSA imports do with CC-BY-4.0).

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

/// Where a snapshot's advisories were read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SnapshotSource {
    /// The advisory database's repository.
    pub repository: String,
    /// The commit read.
    pub commit: String,
    /// The day it was read (YYYY-MM-DD).
    pub read: String,
}

/// One advisory's front matter, as mining keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Advisory {
    /// `RUSTSEC-YYYY-NNNN`.
    pub id: String,
    /// The crates.io package.
    pub package: String,
    /// The day it was disclosed.
    pub date: String,
    /// The Markdown body's first `# ` line.
    pub title: String,
    /// The issue, pull request or changelog it names (empty if none).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub url: String,
    /// RustSec categories (memory-corruption, denial-of-service, …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<String>,
    /// `unsound`, `unmaintained` or `notice` (empty: a vulnerability).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub informational: String,
    /// The day it was withdrawn (empty: in force).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub withdrawn: String,
    /// Cargo requirements of the releases that have the fix (empty: no fix).
    #[serde(default)]
    pub patched: Vec<String>,
    /// Cargo requirements of the releases that never had the fault.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unaffected: Vec<String>,
    /// Affected functions (`crate::Type::method`) with the requirements of their releases.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub functions: BTreeMap<String, Vec<String>>,
    /// The operating systems the fault is confined to (empty: any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub os: Vec<String>,
    /// The architectures the fault is confined to (empty: any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arch: Vec<String>,
    /// CVE and GHSA identifiers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// The advisory's license when it is not CC0-1.0.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub license: String,
}

/// A snapshot of an advisory database.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Snapshot {
    /// Where it was read.
    pub source: SnapshotSource,
    /// The advisories, by id.
    #[serde(rename = "advisory")]
    pub advisories: Vec<Advisory>,
}

/// Why an advisory file or a snapshot cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum AdvisoryError {
    /// No ```toml block at the start.
    #[error("{path}: no ```toml front matter at the start of the file")]
    NoFrontMatter {
        /// The advisory file.
        path: String,
    },
    /// The front matter or the snapshot is not the TOML expected.
    #[error("{path}: {message}")]
    Toml {
        /// The file.
        path: String,
        /// The parser's message, with line and field.
        message: String,
    },
    /// A file or folder that cannot be read.
    #[error("{path}: {cause}")]
    Io {
        /// The file or folder.
        path: String,
        /// The I/O error.
        cause: std::io::Error,
    },
}

/// The front matter as RustSec writes it (only the fields kept are read; others are allowed).
#[derive(Deserialize)]
struct FrontMatter {
    advisory: AdvisorySection,
    #[serde(default)]
    versions: VersionsSection,
    #[serde(default)]
    affected: AffectedSection,
}

#[derive(Deserialize)]
struct AdvisorySection {
    id: String,
    package: String,
    date: toml::Value,
    #[serde(default)]
    url: String,
    #[serde(default)]
    categories: Vec<String>,
    #[serde(default)]
    informational: String,
    #[serde(default)]
    withdrawn: Option<toml::Value>,
    #[serde(default)]
    aliases: Vec<String>,
    #[serde(default)]
    license: String,
}

#[derive(Deserialize, Default)]
struct VersionsSection {
    #[serde(default)]
    patched: Vec<String>,
    #[serde(default)]
    unaffected: Vec<String>,
}

#[derive(Deserialize, Default)]
struct AffectedSection {
    #[serde(default)]
    functions: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    os: Vec<String>,
    #[serde(default)]
    arch: Vec<String>,
}

/// A TOML date or string as text.
fn day(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Parses one advisory file's text (`path` names it in errors).
pub fn parse_advisory(path: &str, text: &str) -> Result<Advisory, AdvisoryError> {
    let body = text.trim_start();
    let no_front = || AdvisoryError::NoFrontMatter {
        path: path.to_string(),
    };
    let rest = body.strip_prefix("```toml").ok_or_else(no_front)?;
    let end = rest.find("\n```").ok_or_else(no_front)?;
    let front: FrontMatter = toml::from_str(&rest[..end]).map_err(|e| AdvisoryError::Toml {
        path: path.to_string(),
        message: e.to_string().trim_end().replace('\n', " "),
    })?;
    let markdown = &rest[end + 4..];
    let title = markdown
        .lines()
        .find_map(|line| line.strip_prefix("# "))
        .unwrap_or("")
        .trim()
        .to_string();
    let a = front.advisory;
    Ok(Advisory {
        id: a.id,
        package: a.package,
        date: day(&a.date),
        title,
        url: a.url,
        categories: a.categories,
        informational: a.informational,
        withdrawn: a.withdrawn.as_ref().map(day).unwrap_or_default(),
        patched: front.versions.patched,
        unaffected: front.versions.unaffected,
        functions: front.affected.functions,
        os: front.affected.os,
        arch: front.affected.arch,
        aliases: a.aliases,
        license: if a.license == "CC0-1.0" {
            String::new()
        } else {
            a.license
        },
    })
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> AdvisoryError + '_ {
    move |cause| AdvisoryError::Io {
        path: path.display().to_string(),
        cause,
    }
}

/// Every advisory under `database/crates/`, sorted by id (the toolchain's, under `rust/`,
/// name no crate and are left out).
pub fn read_database(database: &Path) -> Result<Vec<Advisory>, AdvisoryError> {
    let crates = database.join("crates");
    let mut advisories = Vec::new();
    for folder in std::fs::read_dir(&crates).map_err(io(&crates))? {
        let folder = folder.map_err(io(&crates))?.path();
        if !folder.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&folder).map_err(io(&folder))? {
            let file = file.map_err(io(&folder))?.path();
            let is_advisory = file.extension().is_some_and(|e| e == "md")
                && file
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("RUSTSEC-"));
            if is_advisory {
                let text = std::fs::read_to_string(&file).map_err(io(&file))?;
                advisories.push(parse_advisory(&file.display().to_string(), &text)?);
            }
        }
    }
    advisories.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(advisories)
}

/// The snapshot's text: a header comment saying what it is, then the TOML.
pub fn snapshot_text(snapshot: &Snapshot) -> String {
    let body = toml::to_string(snapshot).expect("a snapshot serializes");
    format!(
        "{SNAPSHOT_HEADER}\n# Advisories are CC0-1.0 unless `license` names another (GHSA imports: CC-BY-4.0,\n# attributed to the GitHub Advisory Database).\n\n{body}"
    )
}

/// The first line of a snapshot written by `testspace corpus advisories`.
pub const SNAPSHOT_HEADER: &str =
    "# The RustSec advisories' front matter, written by `testspace corpus advisories`.";

/// Reads a snapshot (errors located by line and field).
pub fn read_snapshot(path: &Path) -> Result<Snapshot, AdvisoryError> {
    let text = std::fs::read_to_string(path).map_err(io(path))?;
    toml::from_str(&text).map_err(|e| AdvisoryError::Toml {
        path: path.display().to_string(),
        message: e.to_string().trim_end().replace('\n', " "),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALLVEC: &str = "```toml\n[advisory]\nid = \"RUSTSEC-2021-0003\"\npackage = \"smallvec\"\naliases = [\"CVE-2021-25900\"]\ndate = \"2021-01-08\"\nurl = \"https://github.com/servo/rust-smallvec/issues/252\"\ncategories = [\"memory-corruption\"]\nkeywords = [\"buffer-overflow\"]\n\n[versions]\npatched = [\">= 0.6.14, < 1.0.0\", \">= 1.6.1\"]\nunaffected = [\"< 0.6.3\"]\n\n[affected]\nfunctions = { \"smallvec::SmallVec::insert_many\" = [\">= 0.6.3, < 0.6.14\", \">= 1.0.0, < 1.6.1\"] }\n```\n\n# Buffer overflow in SmallVec::insert_many\n\nA bug.\n";

    #[test]
    fn front_matter_and_title_are_read_and_other_fields_ignored() {
        let a = parse_advisory("x.md", SMALLVEC).unwrap();
        assert_eq!(a.id, "RUSTSEC-2021-0003");
        assert_eq!(a.package, "smallvec");
        assert_eq!(a.date, "2021-01-08");
        assert_eq!(a.title, "Buffer overflow in SmallVec::insert_many");
        assert_eq!(a.patched, [">= 0.6.14, < 1.0.0", ">= 1.6.1"]);
        assert_eq!(a.unaffected, ["< 0.6.3"]);
        assert_eq!(a.functions["smallvec::SmallVec::insert_many"].len(), 2);
        assert_eq!(a.categories, ["memory-corruption"]);
        assert!(a.informational.is_empty() && a.withdrawn.is_empty() && a.license.is_empty());
    }

    #[test]
    fn a_file_without_front_matter_or_with_bad_toml_is_named() {
        let e = parse_advisory("a.md", "# title\n").unwrap_err().to_string();
        assert!(e.starts_with("a.md: no ```toml"), "{e}");
        let bad = "```toml\n[advisory]\nid = \"X\"\n```\n";
        let e = parse_advisory("b.md", bad).unwrap_err().to_string();
        assert!(e.starts_with("b.md: ") && e.contains("package"), "{e}");
    }

    #[test]
    fn a_snapshot_reads_back_as_written() {
        let snapshot = Snapshot {
            source: SnapshotSource {
                repository: "https://github.com/rustsec/advisory-db".into(),
                commit: "bf5c0d2".into(),
                read: "2026-12-07".into(),
            },
            advisories: vec![parse_advisory("x.md", SMALLVEC).unwrap()],
        };
        let dir = std::env::temp_dir().join(format!("advisories-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("advisories.toml");
        std::fs::write(&path, snapshot_text(&snapshot)).unwrap();
        assert_eq!(read_snapshot(&path).unwrap(), snapshot);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
