//! Which mutants of a module are compiled in: those its committed catalog
//! `mutants/<module>.toml` marks as compiling, when the catalog is current; all but the
//! excluded ones while `testspace mutate` checks them (`TESTSPACE_CHECK_DIR` set, the
//! exclusions in the file `TESTSPACE_CHECK_EXCLUDE` names); none otherwise. The same rule
//! as `build.rs` applies to the ports, under variables of their own, so that checking a
//! user's crate leaves testspace's build alone.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use testspace_instrument::generate::{self, Mutant};

/// What the attribute found of the catalog, as `testspace::subject::CatalogState` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    Current,
    Missing,
    Stale,
    Checking,
}

impl State {
    /// The variant's name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::Current => "Current",
            Self::Missing => "Missing",
            Self::Stale => "Stale",
            Self::Checking => "Checking",
        }
    }
}

/// The mutants to compile in, and what the catalog said.
pub(crate) struct Selection {
    pub(crate) state: State,
    /// The ids left out (every id when the catalog is missing or stale).
    excluded: Option<BTreeSet<u32>>,
    /// The catalog file, when it exists (its changes must rebuild the crate).
    pub(crate) catalog: Option<PathBuf>,
}

impl Selection {
    /// Whether mutant `id` is compiled in.
    pub(crate) fn enabled(&self, id: u32) -> bool {
        self.excluded.as_ref().is_some_and(|x| !x.contains(&id))
    }
}

/// Selects the mutants of `module` (in the crate at `root`) to compile in; an error when
/// the compile check's exclusion file cannot be read.
pub(crate) fn select(root: &Path, module: &str, mutants: &[Mutant]) -> Result<Selection, String> {
    let path = root.join("mutants").join(format!("{module}.toml"));
    let catalog = path.is_file().then(|| path.clone());
    if checking() {
        let text = match std::env::var("TESTSPACE_CHECK_EXCLUDE") {
            Ok(path) => std::fs::read_to_string(&path)
                .map_err(|e| format!("reading TESTSPACE_CHECK_EXCLUDE {path}: {e}"))?,
            Err(_) => String::new(),
        };
        let excluded = generate::exclusions(&text)?
            .remove(module)
            .unwrap_or_default();
        return Ok(Selection {
            state: State::Checking,
            excluded: Some(excluded),
            catalog,
        });
    }
    let header = std::fs::read_to_string(&path)
        .ok()
        .map(|text| generate::catalog_header(&text));
    let (state, excluded) = match header {
        None => (State::Missing, None),
        Some(Some((fingerprint, ids))) if fingerprint == generate::fingerprint(mutants) => {
            (State::Current, Some(ids.into_iter().collect()))
        }
        Some(_) => (State::Stale, None),
    };
    Ok(Selection {
        state,
        excluded,
        catalog,
    })
}

/// Whether `testspace mutate` is checking which mutants compile.
pub(crate) fn checking() -> bool {
    std::env::var_os("TESTSPACE_CHECK_DIR").is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_catalog_compiles_no_mutant() {
        let dir = std::env::temp_dir().join(format!("testspace-macros-{}", std::process::id()));
        let selection = select(&dir, "nowhere", &[]).unwrap();
        assert_eq!(selection.state, State::Missing);
        assert!(!selection.enabled(1));
        assert!(selection.catalog.is_none());
    }
}
