//! What `testspace mutate` does: regenerate every registered unit's catalog, or check
//! that the committed catalogs are current.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::Result;

use super::catalog::{self, Catalog, UnitSource};
use super::check;
use crate::subject::Registry;

/// How thoroughly to derive the compile flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompileFlags {
    /// Find them by rounds of `cargo check` ([`check::not_compiling`]).
    Check,
    /// Take them from the committed catalogs (by id, as far as the source is unchanged).
    Committed,
}

/// The catalogs of every unit registered under `root`, with compile flags as `flags`
/// says; `log` receives progress lines.
pub fn catalogs(
    root: &Path,
    flags: CompileFlags,
    mut log: impl FnMut(&str),
) -> Result<Vec<Catalog>> {
    let units = catalog::units(root)?;
    let mut analysed = Vec::new();
    for unit in &units {
        let (analysis, source) = catalog::analyse(root, unit)?;
        log(&format!("{}: {} mutants", unit.unit, analysis.count()));
        analysed.push((analysis, source));
    }
    let excluded = match flags {
        CompileFlags::Check => {
            let modules: Vec<String> = units.iter().map(|u| u.module.clone()).collect();
            check::not_compiling(root, &modules, &mut log)?
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
                "{}: missing (run `testspace mutate`)",
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
                    "{}: {what} (run `testspace mutate`)",
                    path.display()
                ));
            }
            Ok(_) => {}
        }
        match registry.find(&c.unit) {
            Ok(unit) => {
                let built: Vec<u32> = unit.mutants().iter().map(|m| m.id).collect();
                if built != c.compiled_ids() {
                    diffs.push(format!(
                        "{}: this binary's schemata hold {} mutants, the catalog says {} compile (rebuild after `testspace mutate`)",
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

/// The units registered under `root` (re-exported for the CLI).
pub fn units(root: &Path) -> Result<Vec<UnitSource>> {
    catalog::units(root)
}
