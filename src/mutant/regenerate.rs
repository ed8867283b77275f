//! What `testspace mutate` does: regenerate every registered unit's catalog, or check
//! that the committed catalogs are current.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::Result;

use super::catalog::{self, Catalog, UnitSource};
use super::check::{self, OwnCrate};
use crate::subject::{CatalogState, Registry};

/// How thoroughly to derive the compile flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompileFlags {
    /// Find them by rounds of `cargo check` ([`check::not_compiling`]).
    Check,
    /// Take them from the committed catalogs (by id, as far as the source is unchanged).
    Committed,
}

/// The units whose catalogs `testspace mutate` writes: the ports registered in
/// `subjects/mod.rs` of testspace's tree, or the `#[testspace::mutants]` modules of the
/// user's crate whose binary runs.
#[derive(Clone, Debug)]
pub struct Sources {
    /// The crate root (`mutants/` is under it).
    pub root: PathBuf,
    /// The units, in registration order.
    pub units: Vec<UnitSource>,
    /// Whether they are the modules of a user's crate.
    pub own_crate: bool,
}

impl Sources {
    /// The units of a user's crate in `registry`, if it holds any; else the ports of the
    /// tree at `ports_root`.
    pub fn find(registry: &Registry, ports_root: &Path) -> Result<Sources> {
        Ok(match catalog::user_units(registry)? {
            Some((root, units)) => Sources {
                root,
                units,
                own_crate: true,
            },
            None => Sources {
                root: ports_root.to_path_buf(),
                units: catalog::units(ports_root)?,
                own_crate: false,
            },
        })
    }

    /// The user's crate as the compile check needs it; `None` for the ports.
    pub fn own_crate(&self) -> Option<OwnCrate> {
        self.own_crate.then(|| {
            let files: BTreeSet<PathBuf> = self
                .units
                .iter()
                .map(|u| self.root.join(&u.source))
                .collect();
            OwnCrate {
                files: files.into_iter().collect(),
                schemata_dir: std::env::temp_dir()
                    .join(format!("testspace-mutate-schemata-{}", std::process::id())),
            }
        })
    }
}

/// The catalogs of `sources`, with compile flags as `flags` says; `log` receives
/// progress lines.
pub fn catalogs(
    sources: &Sources,
    flags: CompileFlags,
    mut log: impl FnMut(&str),
) -> Result<Vec<Catalog>> {
    let (root, units) = (&sources.root, &sources.units);
    let mut analysed = Vec::new();
    for unit in units {
        let (analysis, source) = catalog::analyse(root, unit)?;
        log(&format!("{}: {} mutants", unit.unit, analysis.count()));
        analysed.push((analysis, source));
    }
    let excluded = match flags {
        CompileFlags::Check => {
            let modules: Vec<String> = units.iter().map(|u| u.module.clone()).collect();
            let own = sources.own_crate();
            let outcome = check::not_compiling(root, &modules, own.as_ref(), &mut log);
            if let Some(own) = &own {
                let _ = std::fs::remove_dir_all(&own.schemata_dir);
            }
            outcome?
        }
        CompileFlags::Committed => units
            .iter()
            .map(|u| {
                let ids = Catalog::read(root, &u.module)
                    .map(|c| c.not_compiling.into_iter().collect())
                    .unwrap_or_default();
                (u.module.clone(), ids)
            })
            .collect(),
    };
    Ok(units
        .iter()
        .zip(&analysed)
        .map(|(unit, (analysis, source))| {
            let none = BTreeSet::new();
            Catalog::new(
                unit,
                analysis,
                source,
                excluded.get(&unit.module).unwrap_or(&none),
            )
        })
        .collect())
}

/// Writes the catalogs under `root/mutants/`; returns the paths written.
pub fn write(root: &Path, catalogs: &[Catalog]) -> Result<Vec<String>> {
    std::fs::create_dir_all(root.join("mutants"))?;
    let mut written = Vec::new();
    for c in catalogs {
        let path = catalog::path(root, &c.module);
        std::fs::write(&path, c.to_toml())?;
        written.push(path.display().to_string());
    }
    Ok(written)
}

/// The differences between freshly generated catalogs and the committed files, and
/// between the committed compile flags and the mutants compiled into this binary's
/// schemata (`registry`); empty when everything is current.
pub fn differences(root: &Path, fresh: &[Catalog], registry: &Registry) -> Vec<String> {
    let mut diffs = Vec::new();
    for c in fresh {
        let path = catalog::path(root, &c.module);
        match std::fs::read_to_string(&path) {
            Err(_) => diffs.push(format!(
                "{}: missing (run the `mutate` command)",
                path.display()
            )),
            Ok(text) if text != c.to_toml() => {
                let what = match Catalog::parse(&text) {
                    Ok(old) if old.fingerprint != c.fingerprint => {
                        "stale: the mutants differ from the source's"
                    }
                    Ok(old) if old.not_compiling != c.not_compiling => "compile flags differ",
                    Ok(_) => "formatting or counts differ",
                    Err(_) => "unreadable",
                };
                diffs.push(format!(
                    "{}: {what} (run the `mutate` command)",
                    path.display()
                ));
            }
            Ok(_) => {}
        }
        match registry.find(&c.unit) {
            Ok(unit) => {
                let built: Vec<u32> = unit.mutants().iter().map(|m| m.id).collect();
                if built != c.compiled_ids() {
                    let found = match unit.mutants_source().map(|s| s.catalog) {
                        Some(CatalogState::Missing) => "; there was no catalog when it compiled",
                        Some(CatalogState::Stale) => "; its catalog was stale when it compiled",
                        Some(CatalogState::Checking) => "; it was compiled for the compile check",
                        _ => "",
                    };
                    diffs.push(format!(
                        "{}: this binary's schemata hold {} mutants, the catalog says {} compile{found} (rebuild after `mutate`)",
                        c.unit,
                        built.len(),
                        c.compiled
                    ));
                }
            }
            Err(_) => diffs.push(format!("{}: not in this binary's registry", c.unit)),
        }
    }
    diffs
}
