//! The crate's own code instrumented: from the files of its module tree ([`ModuleFile`]),
//! the mutant schemata copy and the coverage copy of the whole crate, by the same syntax
//! pass as the ports (`testspace-instrument`), with mutant and probe ids numbered across
//! the crate's files, and what the pass leaves as it is counted.
//!
//! Left as it is (never mutated, no probes), and counted in [`LeftAsIs`]:
//!
//! | code | why |
//! |---|---|
//! | `macro_rules!` definitions and item-level macro calls | their bodies are tokens, not syntax the pass can read |
//! | `const fn`s (and consts, statics) | evaluated at compile time, where no mutant is active |
//! | `unsafe` blocks and `unsafe fn`s | a mutant there could break the memory safety the block promises |
//! | items under `#[cfg(…)]` (other than `cfg(test)`, which is dropped) | compiled only under some configurations |
//! | files of modules declared under `#[cfg(…)]` | the same, for a whole file |
//!
//! Each copy keeps the crate's inner attributes (but its `deny` and `forbid` lints: the
//! rewritten code is not the crate's to lint) on the first line of each file, with `extern
//! crate testspace;` in the root so the run-time paths resolve in any edition; the rest of
//! a file is the pass's rendering, whose line map ([`Rendered`]) is one line behind.

use std::path::{Path, PathBuf};

use quote::ToTokens;
use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, Expr, ImplItem, Item};
use testspace_instrument::analysis::{self, Analysis, Numbering};
use testspace_instrument::coverage_copy;
use testspace_instrument::generate::Mutant;
use testspace_instrument::schemata::{self, Rendered};

use crate::api::{HarvestError, ModuleFile, SourceTree, read_module_file};

/// The code the pass leaves as it is, by kind (see the module).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeftAsIs {
    /// `macro_rules!` definitions and item-level macro calls.
    pub macros: usize,
    /// `const fn`s.
    pub const_fns: usize,
    /// `unsafe { … }` blocks.
    pub unsafe_blocks: usize,
    /// `unsafe fn`s.
    pub unsafe_fns: usize,
    /// Items under a `#[cfg(…)]` other than `cfg(test)`.
    pub conditional_items: usize,
    /// Files of modules declared under a `#[cfg(…)]`.
    pub conditional_files: usize,
}

impl LeftAsIs {
    /// One line for a summary: `3 macros, 1 unsafe block, …` (`nothing` when none).
    pub fn describe(&self) -> String {
        let parts: Vec<String> = [
            (self.macros, "macro", "macros"),
            (self.const_fns, "const fn", "const fns"),
            (self.unsafe_blocks, "unsafe block", "unsafe blocks"),
            (self.unsafe_fns, "unsafe fn", "unsafe fns"),
            (self.conditional_items, "#[cfg] item", "#[cfg] items"),
            (self.conditional_files, "#[cfg] file", "#[cfg] files"),
        ]
        .into_iter()
        .filter(|(n, _, _)| *n > 0)
        .map(|(n, one, many)| format!("{n} {}", if n == 1 { one } else { many }))
        .collect();
        if parts.is_empty() {
            "nothing".to_string()
        } else {
            parts.join(", ")
        }
    }
}

/// One file of the crate, analysed.
pub struct InstrumentedFile {
    /// Its path from the crate's root.
    pub path: PathBuf,
    /// The module it holds.
    pub module: Vec<String>,
    /// Its inner attributes as the copies keep them, on one line.
    inner_attributes: String,
    /// The pass's analysis; `None` for a file left as it is (a `#[cfg]` module's).
    analysis: Option<Analysis>,
    /// The file's text, for a file left as it is.
    text: String,
}

/// A crate's own code instrumented: its files, numbered in module-tree order.
pub struct OwnCode {
    /// The files, the root first.
    pub files: Vec<InstrumentedFile>,
    /// What the pass left as it is.
    pub left: LeftAsIs,
}

/// One file of a copy: its path from the crate root and its text; for the schemata copy
/// also the line map of the text (lines of the file, the first line included).
pub struct CopiedFile {
    /// The path from the crate's root.
    pub path: PathBuf,
    /// The file's text.
    pub text: String,
    /// Which mutants each line holds (schemata copy only).
    pub map: Option<Rendered>,
}

/// Analyses every file of `files` (a crate's module tree, the root first, as
/// [`crate::read_api`] lists it) read from `tree`.
///
/// # Errors
/// A file that is missing or does not parse.
pub fn instrument_crate(
    tree: &dyn SourceTree,
    files: &[ModuleFile],
) -> Result<OwnCode, HarvestError> {
    let mut left = LeftAsIs::default();
    let mut numbering = Numbering::default();
    let mut out = Vec::with_capacity(files.len());
    for (index, file) in files.iter().enumerate() {
        let (text, mut parsed) = read_module_file(tree, file)?;
        let inner_attributes = kept_attributes(&parsed.attrs, index == 0);
        if file.conditional {
            left.conditional_files += 1;
            out.push(InstrumentedFile {
                path: file.path.clone(),
                module: file.module.clone(),
                inner_attributes,
                analysis: None,
                text,
            });
            continue;
        }
        parsed.attrs.clear();
        let mut hider = Hider { left: &mut left };
        hider.visit_file_mut(&mut parsed);
        let name = file.path.display().to_string();
        let mut analysis = analysis::analyse_parsed(parsed, &text, &name, numbering);
        if !file.module.is_empty() {
            let prefix = file.module.join("::");
            for probe in &mut analysis.coverage.probes {
                probe.function = format!("{prefix}::{}", probe.function);
            }
        }
        numbering.mutants += analysis.count();
        numbering.probes += analysis.coverage.probes.len();
        out.push(InstrumentedFile {
            path: file.path.clone(),
            module: file.module.clone(),
            inner_attributes,
            analysis: Some(analysis),
            text: String::new(),
        });
    }
    Ok(OwnCode { files: out, left })
}

impl OwnCode {
    /// Every mutant of the crate, in id order (ids 1, 2, … across the files).
    pub fn mutants(&self) -> Vec<Mutant> {
        self.analyses().flat_map(Analysis::mutants).collect()
    }

    /// The number of probes of the coverage copy.
    pub fn probes(&self) -> usize {
        self.analyses().map(|a| a.coverage.probes.len()).sum()
    }

    fn analyses(&self) -> impl Iterator<Item = &Analysis> {
        self.files.iter().filter_map(|f| f.analysis.as_ref())
    }

    /// The schemata copy's files with the mutants for which `enabled` holds compiled in;
    /// the root ends with the `TESTSPACE_MUTANTS` table of those mutants.
    pub fn schemata(&self, enabled: &dyn Fn(u32) -> bool) -> Vec<CopiedFile> {
        let mutants = self.mutants();
        self.files
            .iter()
            .enumerate()
            .map(|(index, file)| {
                let Some(analysis) = &file.analysis else {
                    return file.unchanged();
                };
                let mut rendered = schemata::render(analysis, enabled);
                let mut text = format!("{}\n{}", file.inner_attributes, rendered.text);
                if index == 0 {
                    text.push_str(&schemata::table(&mutants, enabled));
                }
                rendered.shift(1);
                rendered.text = String::new();
                CopiedFile {
                    path: file.path.clone(),
                    text,
                    map: Some(rendered),
                }
            })
            .collect()
    }

    /// The coverage copy's files; the root ends with the probe table, its file named
    /// `label` (the crate and release, say).
    pub fn coverage(&self, label: &str) -> Vec<CopiedFile> {
        let probes: Vec<_> = self
            .analyses()
            .flat_map(|a| a.coverage.probes.iter().cloned())
            .collect();
        self.files
            .iter()
            .enumerate()
            .map(|(index, file)| {
                let Some(analysis) = &file.analysis else {
                    return file.unchanged();
                };
                let mut text = format!(
                    "{}\n{}",
                    file.inner_attributes,
                    schemata::render_plain(&analysis.coverage.file)
                );
                if index == 0 {
                    text.push_str(&coverage_copy::table(label, &probes));
                }
                CopiedFile {
                    path: file.path.clone(),
                    text,
                    map: None,
                }
            })
            .collect()
    }
}

impl InstrumentedFile {
    fn unchanged(&self) -> CopiedFile {
        CopiedFile {
            path: self.path.clone(),
            text: self.text.clone(),
            map: None,
        }
    }
}

/// The inner attributes a copy keeps, on one line (with `extern crate testspace;` in the
/// root): all but lint levels that turn warnings into errors.
fn kept_attributes(attrs: &[Attribute], root: bool) -> String {
    let mut line: Vec<String> = attrs
        .iter()
        .filter(|a| {
            let text = a.to_token_stream().to_string().replace(' ', "");
            !(text.contains("deny(") || text.contains("forbid("))
        })
        .map(|a| a.to_token_stream().to_string())
        .collect();
    if root {
        line.push("extern crate testspace;".to_string());
    }
    line.join(" ")
}

/// Whether `attrs` hold a `#[cfg(…)]` that is not about tests (those items are dropped).
fn conditional(attrs: &[Attribute]) -> bool {
    attrs
        .iter()
        .any(|a| a.path().is_ident("cfg") && !testspace_instrument::syntax::requires_test(a))
}

/// Turns the code the pass must leave as it is into verbatim tokens (which it neither
/// mutates nor probes), counting it.
struct Hider<'a> {
    left: &'a mut LeftAsIs,
}

fn verbatim(tokens: &impl ToTokens) -> proc_macro2::TokenStream {
    tokens.to_token_stream()
}

impl VisitMut for Hider<'_> {
    fn visit_item_mut(&mut self, item: &mut Item) {
        let attrs: &[Attribute] = match item {
            Item::Fn(f) => &f.attrs,
            Item::Impl(i) => &i.attrs,
            Item::Mod(m) => &m.attrs,
            Item::Trait(t) => &t.attrs,
            Item::Struct(s) => &s.attrs,
            Item::Enum(e) => &e.attrs,
            _ => &[],
        };
        if conditional(attrs) {
            // Data types under cfg hold no code; only code-bearing items count, and a module
            // in a file of its own counts as a conditional file.
            let inline_module = matches!(item, Item::Mod(m) if m.content.is_some());
            if matches!(item, Item::Fn(_) | Item::Impl(_) | Item::Trait(_)) || inline_module {
                self.left.conditional_items += 1;
                *item = Item::Verbatim(verbatim(item));
            }
            return;
        }
        match item {
            Item::Macro(_) => self.left.macros += 1,
            Item::Fn(f) if f.sig.unsafety.is_some() => {
                self.left.unsafe_fns += 1;
                *item = Item::Verbatim(verbatim(item));
            }
            Item::Fn(f) if f.sig.constness.is_some() => self.left.const_fns += 1,
            _ => visit_mut::visit_item_mut(self, item),
        }
    }

    fn visit_impl_item_mut(&mut self, item: &mut ImplItem) {
        match item {
            ImplItem::Fn(f) if conditional(&f.attrs) => {
                self.left.conditional_items += 1;
                *item = ImplItem::Verbatim(verbatim(item));
            }
            ImplItem::Fn(f) if f.sig.unsafety.is_some() => {
                self.left.unsafe_fns += 1;
                *item = ImplItem::Verbatim(verbatim(item));
            }
            ImplItem::Fn(f) if f.sig.constness.is_some() => self.left.const_fns += 1,
            ImplItem::Macro(_) => self.left.macros += 1,
            _ => visit_mut::visit_impl_item_mut(self, item),
        }
    }

    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        if let Expr::Unsafe(_) = expr {
            self.left.unsafe_blocks += 1;
            *expr = Expr::Verbatim(verbatim(expr));
            return;
        }
        visit_mut::visit_expr_mut(self, expr);
    }
}

/// Where the copies of a release are written beside it: `<release>+schemata` and
/// `<release>+coverage` (`releases/slab-0.4.11+schemata`).
pub fn copy_folders(release: &Path) -> (PathBuf, PathBuf) {
    let name = release
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    (
        release.with_file_name(format!("{name}+schemata")),
        release.with_file_name(format!("{name}+coverage")),
    )
}

#[cfg(test)]
mod tests;
