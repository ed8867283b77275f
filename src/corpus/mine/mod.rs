//! The miner of real faults (issue 63), its first stage: candidate (crate, buggy, fixed)
//! pairs, each with its public record, and a reject log of what gave none, with the reason.
//!
//! Stages: [`advisory`] (RustSec's front matter, read from a checkout of advisory-db into a
//! committed snapshot) and [`changelog`] (the fix entries of a crate's changelog) name the
//! faults; [`index`] gives each crate's published releases (crates.io's sparse index,
//! cached); [`pairs`] and [`changelog::changelog_pairs`] turn both into candidates or
//! rejections (pure); [`Mining`] collects them and writes `candidates.toml` and
//! `rejected.toml`. A candidate is no fault yet: verification (a witness that fails on the
//! buggy release and passes on the fixed one, docs/corpus.md) decides.

pub mod advisory;
pub mod changelog;
pub mod index;
pub mod pairs;

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use self::advisory::Snapshot;
use self::index::{Index, IndexError};
use self::pairs::{AdvisoryRejection, advisory_pairs};
use crate::table::{OutputPlace, StagedFiles, TableError};

/// Where a candidate's fault is recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Origin {
    /// A RustSec advisory.
    Advisory,
    /// The fix entries of a changelog.
    Changelog,
}

/// A candidate fault: two published releases of a crate and the record of what the later
/// one fixed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Candidate {
    /// Kebab-case, starting with the crate's name.
    pub id: String,
    /// The crates.io package.
    #[serde(rename = "crate")]
    pub krate: String,
    /// The last release with the fault.
    pub buggy: String,
    /// The first release without it.
    pub fixed: String,
    /// The buggy release's sha256, as crates.io's index has it.
    pub buggy_checksum: String,
    /// The fixed release's sha256.
    pub fixed_checksum: String,
    /// Which of the two releases are yanked.
    pub yanked: Vec<String>,
    /// Whether Cargo treats the two as semver-compatible (if not, an API change may
    /// explain a difference).
    pub compatible: bool,
    /// Where the fault is recorded.
    pub origin: Origin,
    /// The records: an advisory's id, url and aliases, or a changelog's place and entries.
    pub records: Vec<String>,
    /// The kind its record suggests: `memory`, `panic-or-hang` or `unknown` (a witness
    /// decides the kind).
    pub hint: String,
    /// The functions the record names as affected (`crate::Type::method`).
    pub functions: Vec<String>,
    /// The record's title or fix entries.
    pub summary: String,
}

impl Candidate {
    /// The candidate of the pair `buggy` → `fixed` of `krate`, its records, hint,
    /// functions and summary left empty for its origin to fill.
    pub(crate) fn pair(
        id: String,
        krate: &str,
        buggy: &index::Published,
        fixed: &index::Published,
        origin: Origin,
    ) -> Candidate {
        Candidate {
            id,
            krate: krate.to_string(),
            buggy: buggy.version.to_string(),
            fixed: fixed.version.to_string(),
            buggy_checksum: buggy.checksum.clone(),
            fixed_checksum: fixed.checksum.clone(),
            yanked: [buggy, fixed]
                .iter()
                .filter(|r| r.yanked)
                .map(|r| r.version.to_string())
                .collect(),
            compatible: pairs::compatible(&buggy.version, &fixed.version),
            origin,
            records: Vec::new(),
            hint: String::new(),
            functions: Vec::new(),
            summary: String::new(),
        }
    }
}

/// A record that gave no candidate, and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Rejection {
    /// The record: an advisory's id, or a changelog's place.
    pub record: String,
    /// The crate.
    #[serde(rename = "crate")]
    pub krate: String,
    /// The stage that rejected it (`candidates` here; verification adds its own).
    pub stage: String,
    /// The reason's short key, the same for every rejection of its kind.
    pub key: String,
    /// The reason in words.
    pub reason: String,
}

/// What mining found: candidates and rejections, each sorted.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mining {
    /// The candidates, by id.
    pub candidates: Vec<Candidate>,
    /// The rejections, by record.
    pub rejections: Vec<Rejection>,
}

/// Why mining failed as a whole.
#[derive(Debug, thiserror::Error)]
pub enum MiningError {
    /// crates.io's index could not be read (a crate it does not know is a rejection).
    #[error(transparent)]
    Index(#[from] IndexError),
    /// The output could not be written.
    #[error(transparent)]
    Output(#[from] TableError),
}

/// The command that writes candidates (its output marker names it).
pub const COMMAND: &str = "corpus candidates";

impl Mining {
    fn reject(&mut self, record: &str, krate: &str, key: &str, reason: String) {
        self.rejections.push(Rejection {
            record: record.to_string(),
            krate: krate.to_string(),
            stage: "candidates".to_string(),
            key: key.to_string(),
            reason,
        });
    }

    /// Adds the candidates and rejections of every advisory of `snapshot`; `progress` is
    /// told each crate whose releases are read.
    pub fn add_advisories(
        &mut self,
        snapshot: &Snapshot,
        index: &Index,
        mut progress: impl FnMut(&str),
    ) -> Result<(), MiningError> {
        let mut releases = BTreeMap::new();
        for advisory in &snapshot.advisories {
            let reject = |mining: &mut Mining, r: AdvisoryRejection| {
                mining.reject(&advisory.id, &advisory.package, r.key(), r.to_string())
            };
            if let Some(rejection) = pairs::screen(advisory) {
                reject(self, rejection);
                continue;
            }
            if !releases.contains_key(&advisory.package) {
                progress(&advisory.package);
                let read = match index.releases(&advisory.package) {
                    Ok(found) => Some(found),
                    Err(IndexError::NotFound { .. }) => None,
                    Err(other) => return Err(other.into()),
                };
                releases.insert(advisory.package.clone(), read);
            }
            let Some(published) = &releases[&advisory.package] else {
                reject(self, AdvisoryRejection::NotOnCratesIo);
                continue;
            };
            match advisory_pairs(advisory, published) {
                Ok(found) => self.candidates.extend(found),
                Err(rejection) => reject(self, rejection),
            }
        }
        self.sort();
        Ok(())
    }

    /// Adds the candidates and rejections of crate `krate`'s changelog `text` (`file`
    /// names it in records).
    pub fn add_changelog(
        &mut self,
        krate: &str,
        file: &str,
        text: &str,
        index: &Index,
    ) -> Result<(), MiningError> {
        let published = index.releases(krate)?;
        for (section, outcome) in changelog::changelog_pairs(krate, file, text, &published) {
            match outcome {
                Ok(candidate) => self.candidates.push(candidate),
                Err(rejection) => self.reject(
                    &format!("{file}, line {} ({})", section.line, section.version),
                    krate,
                    rejection.key(),
                    rejection.to_string(),
                ),
            }
        }
        self.sort();
        Ok(())
    }

    fn sort(&mut self) {
        self.candidates.sort_by(|a, b| a.id.cmp(&b.id));
        self.candidates.dedup_by(|a, b| a.id == b.id);
        self.rejections
            .sort_by(|a, b| (&a.record, &a.reason).cmp(&(&b.record, &b.reason)));
    }

    /// Rejections counted by key, most first (ties by key).
    pub fn rejection_counts(&self) -> Vec<(String, usize)> {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for r in &self.rejections {
            *counts.entry(&r.key).or_default() += 1;
        }
        let mut counts: Vec<(String, usize)> = counts
            .into_iter()
            .map(|(k, n)| (k.to_string(), n))
            .collect();
        counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        counts
    }

    /// The two files' texts: `candidates.toml` and `rejected.toml`, each under a header
    /// naming `from` (what was mined).
    pub fn texts(&self, from: &str) -> (String, String) {
        #[derive(Serialize)]
        struct Candidates<'a> {
            candidate: &'a [Candidate],
        }
        #[derive(Serialize)]
        struct Rejected<'a> {
            rejected: &'a [Rejection],
        }
        let candidates = toml::to_string(&Candidates {
            candidate: &self.candidates,
        })
        .expect("candidates serialize");
        let rejected = toml::to_string(&Rejected {
            rejected: &self.rejections,
        })
        .expect("rejections serialize");
        let counts: Vec<String> = self
            .rejection_counts()
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        (
            format!(
                "# Candidate faults, written by `testspace {COMMAND}` from {from}.\n# {} candidates; none is a verified fault until a witness fails on its buggy\n# release and passes on its fixed one (docs/corpus.md).\n\n{candidates}",
                self.candidates.len()
            ),
            format!(
                "# Records that gave no candidate, written by `testspace {COMMAND}` from {from}.\n# {} rejected: {}.\n\n{rejected}",
                self.rejections.len(),
                counts.join(", ")
            ),
        )
    }

    /// Writes `candidates.toml` and `rejected.toml` into `folder`, both or neither; a folder
    /// holding anything this command did not write is refused, unless it is the command's
    /// `default` folder (`corpus/mining`, beside the advisories' snapshot).
    pub fn write(&self, folder: &Path, from: &str, default: bool) -> Result<(), MiningError> {
        let (candidates, rejected) = self.texts(from);
        let mut staged = StagedFiles::claim(OutputPlace::Folder(folder), COMMAND, default)?;
        staged.write("candidates.toml", candidates)?;
        staged.write("rejected.toml", rejected)?;
        staged.commit()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::advisory::{Advisory, SnapshotSource};
    use super::*;

    fn advisory(id: &str, package: &str, patched: &[&str], informational: &str) -> Advisory {
        Advisory {
            id: id.into(),
            package: package.into(),
            date: "2021-01-01".into(),
            title: format!("title of {id}"),
            url: String::new(),
            categories: vec![],
            informational: informational.into(),
            withdrawn: String::new(),
            patched: patched.iter().map(|s| s.to_string()).collect(),
            unaffected: vec![],
            functions: Default::default(),
            os: vec![],
            arch: vec![],
            aliases: vec![],
            license: String::new(),
        }
    }

    /// An index cache holding crate `x` (0.1.0, 0.2.0) and knowing `gone` is not on crates.io.
    fn cache(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("mining-{name}-{}", std::process::id()));
        let x = dir.join(index::index_path("x"));
        std::fs::create_dir_all(x.parent().unwrap()).unwrap();
        std::fs::write(
            &x,
            "{\"vers\":\"0.1.0\",\"cksum\":\"a1\"}\n{\"vers\":\"0.2.0\",\"cksum\":\"b2\"}\n",
        )
        .unwrap();
        let gone = dir.join(index::index_path("gone"));
        std::fs::create_dir_all(gone.parent().unwrap()).unwrap();
        std::fs::write(&gone, "not on crates.io").unwrap();
        dir
    }

    #[test]
    fn every_advisory_ends_as_a_candidate_or_a_counted_rejection() {
        let dir = cache("advisories");
        let snapshot = Snapshot {
            source: SnapshotSource {
                repository: "r".into(),
                commit: "c".into(),
                read: "2026-12-07".into(),
            },
            advisories: vec![
                advisory("RUSTSEC-1", "x", &[">= 0.2.0"], ""),
                advisory("RUSTSEC-2", "x", &[], ""),
                advisory("RUSTSEC-3", "gone", &[">= 1.0.0"], ""),
                advisory("RUSTSEC-4", "x", &[">= 0.2.0"], "unmaintained"),
            ],
        };
        let mut mining = Mining::default();
        let mut read = Vec::new();
        mining
            .add_advisories(&snapshot, &Index::new(&dir), |c| read.push(c.to_string()))
            .unwrap();
        assert_eq!(read, ["x", "gone"], "each crate's releases are read once");
        assert_eq!(mining.candidates.len(), 1);
        assert_eq!(mining.candidates[0].id, "x-rustsec-1-0.2.0");
        let keys: Vec<&str> = mining.rejections.iter().map(|r| r.key.as_str()).collect();
        assert_eq!(keys, ["no-fix", "not-on-crates-io", "informational"]);
        let (candidates, rejected) = mining.texts("a test");
        assert!(candidates.contains("# 1 candidates;") && candidates.contains("buggy = \"0.1.0\""));
        assert!(rejected.contains("# 3 rejected: informational 1, no-fix 1, not-on-crates-io 1."));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_files_are_written_together_and_a_foreign_folder_is_refused() {
        let dir = cache("write");
        let mut mining = Mining::default();
        mining
            .add_changelog(
                "x",
                "CHANGELOG.md",
                "## 0.2.0\n- Fix a panic in `pop`\n",
                &Index::new(&dir),
            )
            .unwrap();
        let out = dir.join("out");
        mining.write(&out, "a test", false).unwrap();
        assert!(out.join("candidates.toml").exists() && out.join("rejected.toml").exists());
        mining
            .write(&out, "a test", false)
            .expect("its own output may be written again");
        let foreign = dir.join("foreign");
        std::fs::create_dir_all(&foreign).unwrap();
        std::fs::write(foreign.join("notes.md"), "mine").unwrap();
        let e = mining
            .write(&foreign, "a test", false)
            .unwrap_err()
            .to_string();
        assert!(e.contains("never overwrites"), "{e}");
        assert!(!foreign.join("candidates.toml").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
