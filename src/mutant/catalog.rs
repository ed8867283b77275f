//! Per-unit mutant catalogs: `mutants/<module>.toml`, one per subject registered in
//! `subjects/mod.rs`, written by `testspace mutate` (format in `docs/mutants.md`).
//!
//! A catalog lists every mutant of the unit with its stable id, operator class,
//! `file:line:column`, original and replacement text and whether it compiles. Ids are
//! numbered from 1 in source order (line, column, class, then replacement order), so the
//! same source always gives the same ids and the same file. The header repeats what
//! `build.rs` needs on lines of their own: the `fingerprint` of the mutant list and the
//! `not-compiling` ids.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::Deserialize;

use testspace_instrument::excerpt::{Position, excerpt};

use super::analysis::{self, Analysis};
use super::generate;
use crate::subject::{MutantId, MutantInfo, MutationOperator, Registry};

/// One catalog entry: a mutant and whether it type-checks.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Entry {
    /// Stable id within the unit (≥ 1).
    pub id: MutantId,
    /// Operator class.
    pub operator: MutationOperator,
    /// `file:line:column` of the mutated code.
    pub location: String,
    /// The original code.
    pub original: String,
    /// The replacement code (empty for a deleted statement).
    pub replacement: String,
    /// Whether the mutant compiles (only those are in the schemata).
    pub compiles: bool,
}

impl Entry {
    /// The mutant without its compile flag.
    pub fn info(&self) -> MutantInfo {
        MutantInfo {
            id: self.id,
            operator: Some(self.operator),
            fault: None,
            location: self.location.clone(),
            original: self.original.clone(),
            replacement: self.replacement.clone(),
        }
    }
}

/// The catalog of one unit.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Catalog {
    /// The subject type's name (`ArrayList`).
    pub unit: String,
    /// The module under `subjects/` (`array_list`).
    pub module: String,
    /// The source file, relative to the crate root.
    pub source: String,
    /// [`generate::fingerprint`] of the mutant list.
    pub fingerprint: String,
    /// Source lines of code, counted as in `subjects/README.md` ([`sloc`]).
    pub sloc: usize,
    /// Number of mutants.
    pub generated: usize,
    /// Number of mutants that compile.
    pub compiled: usize,
    /// Ids of the mutants that do not compile.
    pub not_compiling: Vec<MutantId>,
    /// Every mutant, in id order.
    pub mutants: Vec<Entry>,
}

/// A registered unit's source: module, type name, and the path of its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitSource {
    /// Module name (`array_list`).
    pub module: String,
    /// Subject type name (`ArrayList`).
    pub unit: String,
    /// `subjects/<module>.rs`, relative to the crate root.
    pub source: String,
    /// For a module of a user's crate (`#[testspace::mutants]`): where in the file it lies,
    /// from its first character to just past its closing brace. The ports are whole files.
    pub place: Option<(Position, Position)>,
}

/// The units of a user's crate in `registry` (those compiled by `#[testspace::mutants]`)
/// and that crate's root; `None` when the registry holds none (the ports). An error if
/// they come from several crates.
pub fn user_units(registry: &Registry) -> Result<Option<(PathBuf, Vec<UnitSource>)>> {
    let mut root: Option<&str> = None;
    let mut units = Vec::new();
    for unit in registry.units() {
        let Some(origin) = unit.mutants_source() else {
            continue;
        };
        match root {
            Some(r) if r != origin.crate_root => bail!(
                "the subjects' mutants come from two crates ({r} and {}); run `mutate` in each",
                origin.crate_root
            ),
            _ => root = Some(origin.crate_root),
        }
        let at = |(line, column)| Position { line, column };
        units.push(UnitSource {
            module: origin.module.to_string(),
            unit: unit.class().to_string(),
            source: origin.file.to_string(),
            place: Some((at(origin.start), at(origin.end))),
        });
    }
    Ok(root.map(|r| (PathBuf::from(r), units)))
}

/// The units registered in `<root>/subjects/mod.rs`, in registration order.
pub fn units(root: &Path) -> Result<Vec<UnitSource>> {
    let path = root.join("subjects/mod.rs");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let units = generate::registered_units(&text)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    Ok(units
        .into_iter()
        .map(|(module, unit)| UnitSource {
            source: format!("subjects/{module}.rs"),
            module,
            unit,
            place: None,
        })
        .collect())
}

/// Where the catalog of `module` lives.
pub fn path(root: &Path, module: &str) -> PathBuf {
    root.join("mutants").join(format!("{module}.toml"))
}

/// Source lines of code as `subjects/README.md` counts them (the registry's rule).
pub use crate::subject::sloc;

/// Analyses a unit's source under `root`: its file, or its module's place in the file.
pub fn analyse(root: &Path, unit: &UnitSource) -> Result<(Analysis, String)> {
    let path = root.join(&unit.source);
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let text = match unit.place {
        None => text,
        Some((start, end)) => excerpt(&text, start, end).with_context(|| {
            format!(
                "{}: module `{}` is no longer at lines {}–{}; rebuild the crate",
                path.display(),
                unit.module,
                start.line,
                end.line
            )
        })?,
    };
    let analysis = analysis::analyse(&text, &unit.source)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    Ok((analysis, text))
}

impl Catalog {
    /// The catalog of an analysed unit whose mutants in `not_compiling` do not compile.
    pub fn new(
        unit: &UnitSource,
        analysis: &Analysis,
        source: &str,
        not_compiling: &BTreeSet<MutantId>,
    ) -> Catalog {
        let mutants = analysis.mutants();
        let entries: Vec<Entry> = mutants
            .iter()
            .map(|m| Entry {
                id: m.id,
                operator: MutationOperator::from_name(m.operator.name()).expect("same names"),
                location: m.location.clone(),
                original: m.original.clone(),
                replacement: m.replacement.clone(),
                compiles: !not_compiling.contains(&m.id),
            })
            .collect();
        let not_compiling: Vec<MutantId> = entries
            .iter()
            .filter(|e| !e.compiles)
            .map(|e| e.id)
            .collect();
        Catalog {
            unit: unit.unit.clone(),
            module: unit.module.clone(),
            source: unit.source.clone(),
            fingerprint: generate::fingerprint(&mutants),
            sloc: sloc(source),
            generated: entries.len(),
            compiled: entries.len() - not_compiling.len(),
            not_compiling,
            mutants: entries,
        }
    }

    /// Parses a catalog file.
    pub fn parse(text: &str) -> Result<Catalog> {
        let catalog: Catalog = toml::from_str(text)?;
        let flagged: Vec<MutantId> = catalog
            .mutants
            .iter()
            .filter(|e| !e.compiles)
            .map(|e| e.id)
            .collect();
        if flagged != catalog.not_compiling
            || catalog.generated != catalog.mutants.len()
            || catalog.compiled != catalog.generated - flagged.len()
        {
            bail!(
                "inconsistent catalog of {}: counts or not-compiling list disagree with the entries",
                catalog.unit
            );
        }
        Ok(catalog)
    }

    /// Reads the catalog of `module` under `root`.
    pub fn read(root: &Path, module: &str) -> Result<Catalog> {
        let path = path(root, module);
        let text = std::fs::read_to_string(&path).with_context(|| {
            format!(
                "reading {} (the `mutate` command writes the catalogs)",
                path.display()
            )
        })?;
        Catalog::parse(&text).with_context(|| format!("parsing {}", path.display()))
    }

    /// The ids of the mutants that compile.
    pub fn compiled_ids(&self) -> Vec<MutantId> {
        self.mutants
            .iter()
            .filter(|e| e.compiles)
            .map(|e| e.id)
            .collect()
    }

    /// The catalog as TOML: the header, then one inline table a mutant.
    pub fn to_toml(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# Mutant catalog of {}, generated by `testspace mutate` from {}; do not edit.",
            self.unit, self.source
        );
        let _ = writeln!(out, "unit = {}", quoted(&self.unit));
        let _ = writeln!(out, "module = {}", quoted(&self.module));
        let _ = writeln!(out, "source = {}", quoted(&self.source));
        let _ = writeln!(out, "fingerprint = {}", quoted(&self.fingerprint));
        let _ = writeln!(out, "sloc = {}", self.sloc);
        let _ = writeln!(out, "generated = {}", self.generated);
        let _ = writeln!(out, "compiled = {}", self.compiled);
        let ids: Vec<String> = self.not_compiling.iter().map(u32::to_string).collect();
        let _ = writeln!(out, "not-compiling = [{}]", ids.join(", "));
        out.push_str("mutants = [\n");
        for e in &self.mutants {
            let _ = writeln!(
                out,
                "  {{ id = {}, operator = {}, location = {}, original = {}, replacement = {}, compiles = {} }},",
                e.id,
                quoted(e.operator.name()),
                quoted(&e.location),
                quoted(&e.original),
                quoted(&e.replacement),
                e.compiles
            );
        }
        out.push_str("]\n");
        out
    }
}

/// A TOML basic string.
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "\
use crate::subject::JavaException;

/// Doc.
pub fn f(x: i32) -> Result<i32, JavaException> {
    // a comment
    if x > 0 {
        return Err(JavaException::IllegalArgument);
    }
    Ok(x + \"\\\"q\".len() as i32)
}

#[cfg(test)]
mod tests {
    fn not_counted() {}
}
";

    fn unit() -> UnitSource {
        UnitSource {
            module: "f".into(),
            unit: "F".into(),
            source: "subjects/f.rs".into(),
            place: None,
        }
    }

    #[test]
    fn sloc_counts_code_lines_before_the_test_module() {
        assert_eq!(sloc(SOURCE), 7);
    }

    #[test]
    fn a_catalog_survives_writing_and_parsing_and_the_header_feeds_build_rs() {
        let analysis = analysis::analyse(SOURCE, "subjects/f.rs").unwrap();
        let catalog = Catalog::new(&unit(), &analysis, SOURCE, &BTreeSet::from([2, 3]));
        let text = catalog.to_toml();
        assert_eq!(Catalog::parse(&text).unwrap(), catalog);
        assert_eq!(catalog.compiled, catalog.generated - 2);
        let (fingerprint, excluded) = generate::catalog_header(&text).unwrap();
        assert_eq!(fingerprint, generate::fingerprint(&analysis.mutants()));
        assert_eq!(excluded, [2, 3]);
        assert!(
            text.lines().filter(|l| l.starts_with("  { id = ")).count() == catalog.generated,
            "one line a mutant"
        );
    }

    #[test]
    fn parsing_rejects_a_not_compiling_list_that_disagrees_with_the_entries() {
        let analysis = analysis::analyse(SOURCE, "subjects/f.rs").unwrap();
        let text = Catalog::new(&unit(), &analysis, SOURCE, &BTreeSet::from([2]))
            .to_toml()
            .replace("not-compiling = [2]", "not-compiling = [1]");
        assert!(Catalog::parse(&text).is_err());
    }
}
