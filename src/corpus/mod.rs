//! The corpus of real crates and real faults (issue 42; docs/corpus.md): one folder per
//! crate under `corpus/crates/`, each with its entry (`crate.toml`: the faults, each a pair
//! of published releases with its record), its wrapper types (`subject.rs`) and its
//! context. `fetch` brings each release named by a fault from crates.io into
//! `corpus/releases/` (checked against the recorded checksum) and writes the corpus crate's
//! manifest and unit list (`generate`), so that every release is compiled into one binary.
//!
//! Stages: [`Corpus::read`] (entries, located errors) → [`fetch::fetch`] (releases and
//! their sizes) → [`generate::Generated`] (the manifest and the units, pure) → written or
//! checked.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub mod entry;
pub mod fetch;
pub mod generate;
pub mod golds_own;
pub mod mine;
pub mod witness;

pub use entry::{CrateEntry, Fault, FaultKind, read_entry};

use crate::kernel::file::LoadError;

/// Why a corpus cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum CorpusError {
    /// A folder that cannot be listed.
    #[error("cannot list {path}: {cause}")]
    Io {
        /// The folder.
        path: String,
        /// The I/O error.
        cause: std::io::Error,
    },
    /// A crate entry that cannot be read or is not valid.
    #[error(transparent)]
    Entry(#[from] LoadError),
    /// A crate folder without its wrapper source.
    #[error("{path}: missing: every crate of the corpus declares its subjects in subject.rs")]
    MissingSubject {
        /// The expected file.
        path: String,
    },
    /// Two faults or two subjects share a name.
    #[error(
        "{second}: {what} `{name}` is also declared in {first}: names are unique in the corpus"
    )]
    Duplicate {
        /// `fault` or `subject`.
        what: &'static str,
        /// The name.
        name: String,
        /// The entry that declares it first.
        first: String,
        /// The entry that declares it again.
        second: String,
    },
    /// No crate at all.
    #[error("{path}: no crate folders (each holds a crate.toml)")]
    Empty {
        /// The crates folder.
        path: String,
    },
}

/// The corpus: its folder and its crates, in folder-name order.
#[derive(Clone, Debug)]
pub struct Corpus {
    /// The corpus folder (holding `crates/`, `releases/`, the crate's manifest).
    pub root: PathBuf,
    /// Its crates.
    pub crates: Vec<CrateEntry>,
}

impl Corpus {
    /// Reads every `crates/<crate>/crate.toml` under `root` and checks the names across
    /// them.
    ///
    /// # Errors
    /// The first entry that cannot be read or is not valid, a missing `subject.rs`, or a
    /// fault id or subject name declared twice.
    pub fn read(root: &Path) -> Result<Corpus, CorpusError> {
        let folder = root.join("crates");
        let io = |cause| CorpusError::Io {
            path: folder.display().to_string(),
            cause,
        };
        let mut folders: Vec<PathBuf> = std::fs::read_dir(&folder)
            .map_err(io)?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .map_err(io)?;
        // Every folder is a crate: one without its entry is an error, not skipped.
        folders.retain(|p| p.is_dir());
        folders.sort();
        if folders.is_empty() {
            return Err(CorpusError::Empty {
                path: folder.display().to_string(),
            });
        }
        let mut crates = Vec::new();
        let mut faults: BTreeMap<String, String> = BTreeMap::new();
        let mut subjects: BTreeMap<String, String> = BTreeMap::new();
        for folder in folders {
            let entry = read_entry(&folder)?;
            let here = folder.join("crate.toml").display().to_string();
            if !entry.subject_file().is_file() {
                return Err(CorpusError::MissingSubject {
                    path: entry.subject_file().display().to_string(),
                });
            }
            let names = [
                (
                    "fault",
                    entry
                        .faults
                        .iter()
                        .map(|f| f.id.clone())
                        .collect::<Vec<_>>(),
                    &mut faults,
                ),
                ("subject", entry.subjects.clone(), &mut subjects),
            ];
            for (what, list, seen) in names {
                for name in list {
                    if let Some(first) = seen.insert(name.clone(), here.clone()) {
                        return Err(CorpusError::Duplicate {
                            what,
                            name,
                            first,
                            second: here,
                        });
                    }
                }
            }
            crates.push(entry);
        }
        Ok(Corpus {
            root: root.to_path_buf(),
            crates,
        })
    }

    /// Every (crate, release) a fault names, crate by crate in version order.
    pub fn releases(&self) -> Vec<Release<'_>> {
        self.crates
            .iter()
            .flat_map(|c| {
                c.releases().into_iter().map(move |version| Release {
                    krate: c,
                    version: version.to_string(),
                })
            })
            .collect()
    }

    /// Every fault, crate by crate in file order.
    pub fn faults(&self) -> impl Iterator<Item = (&CrateEntry, &Fault)> {
        self.crates
            .iter()
            .flat_map(|c| c.faults.iter().map(move |f| (c, f)))
    }
}

/// One release of a corpus crate.
#[derive(Clone, Debug)]
pub struct Release<'a> {
    /// Its crate.
    pub krate: &'a CrateEntry,
    /// Its version.
    pub version: String,
}

impl Release<'_> {
    /// The Rust name it is compiled under: `smallvec_1_6_0`.
    pub fn ident(&self) -> String {
        release_ident(&self.krate.name, &self.version)
    }

    /// Its folder under `releases/`: `smallvec-1.6.0`.
    pub fn folder_name(&self) -> String {
        format!("{}-{}", self.krate.name, self.version)
    }

    /// The checksum its crate entry records.
    pub fn checksum(&self) -> &str {
        &self.krate.checksums[&self.version]
    }
}

/// The Rust name of `krate` at `version`: `-`, `.` and `+` become `_`.
pub fn release_ident(krate: &str, version: &str) -> String {
    format!("{krate}_{version}")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}
