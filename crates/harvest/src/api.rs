//! Reading a crate's public API from its source: the module tree from `src/lib.rs`, the
//! public types, what traits they have, the public methods of their inherent impls, and the
//! public free functions.
//!
//! A type (or function) is public when it is declared `pub` in a module whose whole path is `pub`, or
//! re-exported by a `pub use` (a name or a glob) in such a module; its public path is the
//! shortest of these. Items under `#[cfg(test)]` are not read. Macro-generated items are
//! not seen (a `macro_rules!` body is not expanded): what the harvester cannot read, it
//! cannot offer.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::{Attribute, Generics, ImplItem, ImplItemFn, Item, UseTree, Visibility};

/// Why a crate's API cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum HarvestError {
    /// A source file the module tree names is missing or unreadable.
    #[error("{path}: cannot be read (named by `mod {module}` in {from})")]
    Missing {
        /// The file looked for (the first of the candidates).
        path: String,
        /// The module.
        module: String,
        /// The file declaring it.
        from: String,
    },
    /// A source file does not parse.
    #[error("{path}:{line}:{column}: does not parse: {message}")]
    Parse {
        /// The file.
        path: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What syn said.
        message: String,
    },
}

/// Where the crate's source files come from: a folder on disk, or files in memory (tests).
pub trait SourceTree {
    /// The text of `path` (relative to the crate's root, e.g. `src/lib.rs`), if it exists.
    fn read(&self, path: &Path) -> Option<String>;
}

/// A crate's folder on disk.
impl SourceTree for PathBuf {
    fn read(&self, path: &Path) -> Option<String> {
        std::fs::read_to_string(self.join(path)).ok()
    }
}

impl SourceTree for BTreeMap<PathBuf, String> {
    fn read(&self, path: &Path) -> Option<String> {
        self.get(path).cloned()
    }
}

/// A crate's public API, as far as its source says.
#[derive(Clone, Debug, Default)]
pub struct CrateApi {
    /// Public types, by public path.
    pub types: Vec<PublicType>,
    /// Public free functions, by public path.
    pub functions: Vec<PublicFunction>,
    /// Type aliases of the crate, public or not, by name; a name declared twice (in two
    /// modules) is left out, as a signature's alias cannot then be told by its name alone.
    pub aliases: BTreeMap<String, TypeAlias>,
    /// The source files of the module tree, the root first, in the order they were read.
    pub files: Vec<ModuleFile>,
    /// Files of modules under a `#[cfg(…)]` or `#[cfg_attr(…)]` that the release does not
    /// hold (a path chosen by a configuration), left out.
    pub unread: Vec<String>,
}

/// One source file of a crate's module tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleFile {
    /// Its path from the crate's root (`src/lib.rs`, `src/map/entry.rs`).
    pub path: PathBuf,
    /// The module it holds, from the crate root (empty for `src/lib.rs`).
    pub module: Vec<String>,
    /// Whether a `mod` on its way from the root carries a `#[cfg(…)]` (compiled only under
    /// some configurations).
    pub conditional: bool,
}

/// Struct or enum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeKind {
    /// A `struct`.
    Struct,
    /// An `enum`.
    Enum,
}

/// One public type and what the harvester needs of it.
#[derive(Clone, Debug)]
pub struct PublicType {
    /// Its name.
    pub name: String,
    /// Its shortest public path below the crate root, the name last (`["map", "RangeMap"]`).
    pub public_path: Vec<String>,
    /// Struct or enum.
    pub kind: TypeKind,
    /// Its generic parameters as declared.
    pub generics: Generics,
    /// Traits it derives or implements, by last path segment (`Clone`, `Debug`, `Default`).
    pub traits: BTreeSet<String>,
    /// Its inherent impl blocks.
    pub impls: Vec<InherentImpl>,
    /// The first line of its doc comment.
    pub summary: String,
}

/// One public free function: its signature and where it is public.
#[derive(Clone, Debug)]
pub struct PublicFunction {
    /// Its name.
    pub name: String,
    /// Its shortest public path below the crate root, the name last (`["cases", "to_snake"]`).
    pub public_path: Vec<String>,
    /// Its signature as declared.
    pub sig: syn::Signature,
    /// The first line of its doc comment.
    pub summary: String,
}

/// A type alias: `type Result<T> = std::result::Result<T, Error>;`.
#[derive(Clone, Debug)]
pub struct TypeAlias {
    /// Its type parameters, in order, each with its default if it has one.
    pub parameters: Vec<(String, Option<syn::Type>)>,
    /// The type it stands for.
    pub aliased: syn::Type,
}

/// One inherent impl block of a type.
#[derive(Clone, Debug)]
pub struct InherentImpl {
    /// The impl's generic parameters and where clause.
    pub generics: Generics,
    /// The self type as written (`RangeMap<K, V>`).
    pub self_ty: syn::Type,
    /// Its methods: all of them, public or not (the planner keeps the public ones).
    pub methods: Vec<ImplItemFn>,
}

/// A declared type before its public path is known.
struct Declared {
    module: Vec<String>,
    public_module: bool,
    public_item: bool,
    item: PublicType,
}

/// A `pub use` in a public module: the names it exposes there.
struct ReExport {
    /// The module the `use` is in.
    module: Vec<String>,
    /// The path it names, from that module (a leading `crate`, `self`, `super` resolved).
    target: Vec<String>,
    /// The name it exposes (`None`: a glob).
    exposed: Option<String>,
}

/// A declared free function before its public path is known.
struct DeclaredFunction {
    module: Vec<String>,
    public_module: bool,
    item: PublicFunction,
}

#[derive(Default)]
struct Collected {
    declared: Vec<Declared>,
    functions: Vec<DeclaredFunction>,
    /// Type aliases by name (`None`: declared more than once).
    aliases: BTreeMap<String, Option<TypeAlias>>,
    re_exports: Vec<ReExport>,
    /// (type name, impl).
    impls: Vec<(String, InherentImpl)>,
    /// (type name, trait name).
    trait_impls: Vec<(String, String)>,
    files: Vec<ModuleFile>,
    unread: Vec<String>,
}

/// Reads the public API of the crate whose root `tree` is (`src/lib.rs` and the modules it
/// declares).
///
/// # Errors
/// A file the module tree names is missing or does not parse.
pub fn read_api(tree: &dyn SourceTree) -> Result<CrateApi, HarvestError> {
    read_api_from(tree, Path::new("src/lib.rs"))
}

/// [`read_api`] of a crate whose library root is `root` (relative to the crate's root: the
/// manifest's `[lib] path`, such as smallvec 0.6's `lib.rs`); its child modules' files are
/// looked up beside it.
///
/// # Errors
/// A file the module tree names is missing or does not parse.
pub fn read_api_from(tree: &dyn SourceTree, root: &Path) -> Result<CrateApi, HarvestError> {
    let mut collected = Collected::default();
    let root = root.to_path_buf();
    let text = tree.read(&root).ok_or_else(|| HarvestError::Missing {
        path: root.display().to_string(),
        module: "crate".to_string(),
        from: "the crate's manifest".to_string(),
    })?;
    let file = parse(&root, &text)?;
    collected.files.push(ModuleFile {
        path: root.clone(),
        module: Vec::new(),
        conditional: false,
    });
    let scope = Scope {
        module: Vec::new(),
        public: true,
        conditional: false,
        file: root.clone(),
        directory: root.parent().map(Path::to_path_buf).unwrap_or_default(),
    };
    collect_items(tree, &file.items, &scope, &mut collected)?;
    Ok(resolve(collected))
}

/// The text of a module-tree file and its parse.
///
/// # Errors
/// The file is missing or does not parse.
pub(crate) fn read_module_file(
    tree: &dyn SourceTree,
    file: &ModuleFile,
) -> Result<(String, syn::File), HarvestError> {
    let text = tree.read(&file.path).ok_or_else(|| HarvestError::Missing {
        path: file.path.display().to_string(),
        module: file.module.join("::"),
        from: "the module tree".to_string(),
    })?;
    let parsed = parse(&file.path, &text)?;
    Ok((text, parsed))
}

fn parse(path: &Path, text: &str) -> Result<syn::File, HarvestError> {
    syn::parse_file(text).map_err(|e| {
        let start = e.span().start();
        HarvestError::Parse {
            path: path.display().to_string(),
            line: start.line,
            column: start.column + 1,
            message: e.to_string(),
        }
    })
}

/// Where a list of items sits.
struct Scope {
    module: Vec<String>,
    /// Whether the module's whole path is `pub`.
    public: bool,
    /// Whether a `mod` on the module's path carries a `#[cfg(…)]`.
    conditional: bool,
    /// The file the items are in.
    file: PathBuf,
    /// The folder the module's child modules' files are in.
    directory: PathBuf,
}

fn collect_items(
    tree: &dyn SourceTree,
    items: &[Item],
    scope: &Scope,
    out: &mut Collected,
) -> Result<(), HarvestError> {
    for item in items {
        if test_only(item_attributes(item)) {
            continue;
        }
        match item {
            Item::Struct(s) => declare(
                out,
                scope,
                &s.vis,
                &s.ident,
                &s.generics,
                &s.attrs,
                TypeKind::Struct,
            ),
            Item::Enum(e) => declare(
                out,
                scope,
                &e.vis,
                &e.ident,
                &e.generics,
                &e.attrs,
                TypeKind::Enum,
            ),
            Item::Impl(block) => collect_impl(block, out),
            Item::Type(alias) => {
                let parameters = alias
                    .generics
                    .params
                    .iter()
                    .filter_map(|p| match p {
                        syn::GenericParam::Type(t) => {
                            Some((t.ident.to_string(), t.default.clone()))
                        }
                        _ => None,
                    })
                    .collect();
                let found = TypeAlias {
                    parameters,
                    aliased: (*alias.ty).clone(),
                };
                out.aliases
                    .entry(alias.ident.to_string())
                    .and_modify(|known| *known = None)
                    .or_insert(Some(found));
            }
            Item::Fn(f) if is_pub(&f.vis) => out.functions.push(DeclaredFunction {
                module: scope.module.clone(),
                public_module: scope.public,
                item: PublicFunction {
                    name: f.sig.ident.to_string(),
                    public_path: Vec::new(),
                    sig: f.sig.clone(),
                    summary: summary(&f.attrs),
                },
            }),
            Item::Use(u) if is_pub(&u.vis) && scope.public => {
                let mut prefix = Vec::new();
                flatten_use(&u.tree, &mut prefix, &scope.module, &mut out.re_exports);
            }
            Item::Mod(m) => collect_module(tree, m, scope, out)?,
            _ => {}
        }
    }
    Ok(())
}

fn declare(
    out: &mut Collected,
    scope: &Scope,
    vis: &Visibility,
    ident: &syn::Ident,
    generics: &Generics,
    attrs: &[Attribute],
    kind: TypeKind,
) {
    out.declared.push(Declared {
        module: scope.module.clone(),
        public_module: scope.public,
        public_item: is_pub(vis),
        item: PublicType {
            name: ident.to_string(),
            public_path: Vec::new(),
            kind,
            generics: generics.clone(),
            traits: derived(attrs),
            impls: Vec::new(),
            summary: summary(attrs),
        },
    });
}

fn collect_module(
    tree: &dyn SourceTree,
    module: &syn::ItemMod,
    scope: &Scope,
    out: &mut Collected,
) -> Result<(), HarvestError> {
    let name = module.ident.to_string();
    let mut path = scope.module.clone();
    path.push(name.clone());
    let public = scope.public && is_pub(&module.vis);
    let conditional = scope.conditional
        || module
            .attrs
            .iter()
            .any(|a| a.path().is_ident("cfg") || a.path().is_ident("cfg_attr"));
    if let Some((_, items)) = &module.content {
        // An inline module's children lie in its own folder, or in the one `#[path]` names.
        let directory = match path_attribute(&module.attrs) {
            Some(explicit) => scope.directory.join(explicit),
            None => scope.directory.join(&name),
        };
        let inner = Scope {
            module: path,
            public,
            conditional,
            file: scope.file.clone(),
            directory,
        };
        return collect_items(tree, items, &inner, out);
    }
    let candidates = match path_attribute(&module.attrs) {
        Some(explicit) => vec![scope.directory.join(explicit)],
        None => vec![
            scope.directory.join(format!("{name}.rs")),
            scope.directory.join(&name).join("mod.rs"),
        ],
    };
    let Some((file, text)) = candidates
        .iter()
        .find_map(|candidate| tree.read(candidate).map(|text| (candidate.clone(), text)))
    else {
        if conditional {
            // Compiled only under some configurations, and its file is chosen by one this
            // release does not ship or a `cfg_attr(…, path = …)`: left out, and listed.
            out.unread.push(candidates[0].display().to_string());
            return Ok(());
        }
        return Err(HarvestError::Missing {
            path: candidates[0].display().to_string(),
            module: name,
            from: scope.file.display().to_string(),
        });
    };
    let parsed = parse(&file, &text)?;
    out.files.push(ModuleFile {
        path: file.clone(),
        module: path.clone(),
        conditional,
    });
    // A module file `a/b.rs` keeps its children in `a/b/`; `a/b/mod.rs` in `a/b/`.
    let directory = scope.directory.join(&name);
    let inner = Scope {
        module: path,
        public,
        conditional,
        file,
        directory,
    };
    collect_items(tree, &parsed.items, &inner, out)
}

fn collect_impl(block: &syn::ItemImpl, out: &mut Collected) {
    let Some(name) = last_segment(&block.self_ty) else {
        return;
    };
    if let Some((_, trait_path, _)) = &block.trait_ {
        if let Some(last) = trait_path.segments.last() {
            out.trait_impls.push((name, last.ident.to_string()));
        }
        return;
    }
    let methods = block
        .items
        .iter()
        .filter_map(|item| match item {
            ImplItem::Fn(f) if !test_only(&f.attrs) => Some(f.clone()),
            _ => None,
        })
        .collect();
    out.impls.push((
        name,
        InherentImpl {
            generics: block.generics.clone(),
            self_ty: (*block.self_ty).clone(),
            methods,
        },
    ));
}

/// Flattens a `pub use` tree into re-exports, paths resolved against `module`.
fn flatten_use(
    tree: &UseTree,
    prefix: &mut Vec<String>,
    module: &[String],
    out: &mut Vec<ReExport>,
) {
    match tree {
        UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten_use(&p.tree, prefix, module, out);
            prefix.pop();
        }
        UseTree::Name(n) => {
            let mut target = prefix.clone();
            target.push(n.ident.to_string());
            push_re_export(out, module, target, Some(n.ident.to_string()));
        }
        UseTree::Rename(r) => {
            let mut target = prefix.clone();
            target.push(r.ident.to_string());
            push_re_export(out, module, target, Some(r.rename.to_string()));
        }
        UseTree::Glob(_) => push_re_export(out, module, prefix.clone(), None),
        UseTree::Group(g) => {
            for item in &g.items {
                flatten_use(item, prefix, module, out);
            }
        }
    }
}

fn push_re_export(
    out: &mut Vec<ReExport>,
    module: &[String],
    target: Vec<String>,
    exposed: Option<String>,
) {
    let Some(target) = absolute(module, &target) else {
        return;
    };
    out.push(ReExport {
        module: module.to_vec(),
        target,
        exposed,
    });
}

/// `path` as written in `module`, from the crate root (`None`: another crate's path).
fn absolute(module: &[String], path: &[String]) -> Option<Vec<String>> {
    let mut resolved: Vec<String> = module.to_vec();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => {
            resolved.clear();
            rest = &path[1..];
        }
        Some("self") => rest = &path[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                resolved.pop()?;
                rest = &rest[1..];
            }
        }
        // Edition 2018 and later: a path starting with a child module of this one.
        Some(_) => {}
        None => return None,
    }
    resolved.extend(rest.iter().cloned());
    Some(resolved)
}

/// Joins declarations, re-exports, impls and trait impls into public types and functions.
fn resolve(collected: Collected) -> CrateApi {
    let Collected {
        declared,
        functions: declared_functions,
        aliases,
        re_exports,
        impls,
        trait_impls,
        files,
        unread,
    } = collected;
    let mut types = Vec::new();
    for Declared {
        module,
        public_module,
        public_item,
        mut item,
    } in declared
    {
        if !public_item {
            continue;
        }
        let Some(shortest) = public_path(&module, public_module, &item.name, &re_exports) else {
            continue;
        };
        // A type declared twice under exclusive `#[cfg]`s (`std` and `no_std`) is one type.
        if types.iter().any(|t: &PublicType| t.public_path == shortest) {
            continue;
        }
        item.public_path = shortest;
        for (name, block) in &impls {
            if *name == item.name {
                item.impls.push(block.clone());
            }
        }
        for (name, trait_name) in &trait_impls {
            if *name == item.name {
                item.traits.insert(trait_name.clone());
            }
        }
        types.push(item);
    }
    types.sort_by(|a, b| a.public_path.cmp(&b.public_path));
    let mut functions: Vec<PublicFunction> = Vec::new();
    for DeclaredFunction {
        module,
        public_module,
        mut item,
    } in declared_functions
    {
        let Some(shortest) = public_path(&module, public_module, &item.name, &re_exports) else {
            continue;
        };
        if functions.iter().any(|f| f.public_path == shortest) {
            continue;
        }
        item.public_path = shortest;
        functions.push(item);
    }
    functions.sort_by(|a, b| a.public_path.cmp(&b.public_path));
    CrateApi {
        types,
        functions,
        aliases: aliases
            .into_iter()
            .filter_map(|(name, alias)| Some((name, alias?)))
            .collect(),
        files,
        unread,
    }
}

/// The shortest public path of the item `name` declared `pub` in `module` (`None`: it is
/// not reachable from outside the crate).
fn public_path(
    module: &[String],
    public_module: bool,
    name: &str,
    re_exports: &[ReExport],
) -> Option<Vec<String>> {
    let mut paths: Vec<Vec<String>> = Vec::new();
    if public_module {
        paths.push([module.to_vec(), vec![name.to_string()]].concat());
    }
    for re in re_exports {
        let names_it = match &re.exposed {
            Some(_) => re
                .target
                .split_last()
                .is_some_and(|(last, parent)| *last == name && parent == module),
            None => re.target == module,
        };
        if names_it {
            let exposed = re.exposed.clone().unwrap_or_else(|| name.to_string());
            paths.push([re.module.clone(), vec![exposed]].concat());
        }
    }
    paths.into_iter().min_by_key(|p| (p.len(), p.clone()))
}

fn is_pub(vis: &Visibility) -> bool {
    matches!(vis, Visibility::Public(_))
}

fn item_attributes(item: &Item) -> &[Attribute] {
    match item {
        Item::Struct(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        _ => &[],
    }
}

/// Whether `attrs` hold a `#[cfg(...)]` that names `test` (the item is for the crate's own
/// tests).
fn test_only(attrs: &[Attribute]) -> bool {
    testspace_instrument::syntax::is_cfg_test(attrs)
}

/// The traits a `#[derive(...)]` lists, by last segment.
fn derived(attrs: &[Attribute]) -> BTreeSet<String> {
    let mut traits = BTreeSet::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("derive")) {
        let _ = attr.parse_nested_meta(|meta| {
            if let Some(last) = meta.path.segments.last() {
                traits.insert(last.ident.to_string());
            }
            Ok(())
        });
    }
    traits
}

/// The first paragraph of the doc comment in `attrs`, its lines joined.
fn summary(attrs: &[Attribute]) -> String {
    let lines = attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value().trim().to_string()),
                _ => None,
            },
            _ => None,
        });
    let paragraph: Vec<String> = lines
        .skip_while(|line| line.is_empty())
        .take_while(|line| !line.is_empty())
        .collect();
    paragraph.join(" ")
}

/// `#[path = "..."]` of a module.
fn path_attribute(attrs: &[Attribute]) -> Option<String> {
    attrs
        .iter()
        .find(|a| a.path().is_ident("path"))
        .and_then(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        })
}

/// The last path segment of a type (`RangeMap` of `crate::map::RangeMap<K, V>`).
pub(crate) fn last_segment(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => {
            p.path.segments.last().map(|s| s.ident.to_string())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn tree(files: &[(&str, &str)]) -> BTreeMap<PathBuf, String> {
        files
            .iter()
            .map(|(path, text)| (PathBuf::from(path), text.to_string()))
            .collect()
    }

    fn names(api: &CrateApi) -> Vec<String> {
        api.types.iter().map(|t| t.public_path.join("::")).collect()
    }

    #[test]
    fn public_types_are_found_through_public_modules_and_re_exports() {
        let files = tree(&[
            (
                "src/lib.rs",
                "mod map; pub mod set; mod hidden;\n\
                 pub use map::RangeMap;\n\
                 pub use crate::hidden::*;\n\
                 /// A counter\n/// of things.\n///\n/// More.\n#[derive(Clone, Debug, Default)] pub struct Counter(u32);\n\
                 struct Private;\n\
                 #[cfg(test)] mod tests;",
            ),
            (
                "src/map.rs",
                "pub struct RangeMap<K, V> { k: K, v: V }\npub struct Unexported;",
            ),
            (
                "src/set/mod.rs",
                "pub struct RangeSet<T>(T); mod inner; pub use self::inner::Deep as Renamed;",
            ),
            ("src/set/inner.rs", "pub struct Deep;"),
            ("src/hidden.rs", "pub enum Globbed { A, B }"),
        ]);
        let api = read_api(&files).unwrap();
        assert_eq!(
            names(&api),
            [
                "Counter",
                "Globbed",
                "RangeMap",
                "set::RangeSet",
                "set::Renamed"
            ]
        );
        assert_eq!(api.files.len(), 5);
        let counter = &api.types[0];
        assert_eq!(counter.summary, "A counter of things.");
        assert!(counter.traits.contains("Clone") && counter.traits.contains("Default"));
        assert_eq!(api.types[1].kind, TypeKind::Enum);
    }

    #[test]
    fn inherent_impls_and_trait_impls_join_their_type() {
        let files = tree(&[(
            "src/lib.rs",
            "pub struct Stack<T>(Vec<T>);\n\
             impl<T> Stack<T> { pub fn new() -> Self { Stack(Vec::new()) } fn helper(&self) {} #[cfg(test)] pub fn only_in_tests() {} }\n\
             impl<T: Clone> Clone for Stack<T> { fn clone(&self) -> Self { Stack(self.0.clone()) } }\n\
             impl<T: Ord> Stack<T> { pub fn push(&mut self, value: T) {} }",
        )]);
        let api = read_api(&files).unwrap();
        let stack = &api.types[0];
        assert_eq!(stack.impls.len(), 2);
        let methods: Vec<String> = stack
            .impls
            .iter()
            .flat_map(|i| i.methods.iter().map(|m| m.sig.ident.to_string()))
            .collect();
        assert_eq!(methods, ["new", "helper", "push"]);
        assert!(stack.traits.contains("Clone"));
    }

    #[test]
    fn a_missing_module_file_and_a_syntax_error_are_located() {
        let missing = read_api(&tree(&[("src/lib.rs", "pub mod gone;")])).unwrap_err();
        assert_eq!(
            missing.to_string(),
            "src/gone.rs: cannot be read (named by `mod gone` in src/lib.rs)"
        );
        let broken = read_api(&tree(&[
            ("src/lib.rs", "pub mod m;"),
            ("src/m.rs", "\npub struct {"),
        ]))
        .unwrap_err();
        assert!(broken.to_string().starts_with("src/m.rs:2:"), "{broken}");
        let no_lib = read_api(&tree(&[])).unwrap_err();
        assert!(no_lib.to_string().starts_with("src/lib.rs: cannot be read"));
    }

    #[test]
    fn a_library_root_outside_src_finds_its_modules_beside_it() {
        let files = tree(&[("lib.rs", "pub mod m;"), ("m.rs", "pub struct S;")]);
        let api = read_api_from(&files, Path::new("lib.rs")).unwrap();
        let paths: Vec<_> = api
            .files
            .iter()
            .map(|f| f.path.display().to_string())
            .collect();
        assert_eq!(paths, ["lib.rs", "m.rs"]);
        assert!(read_api(&files).is_err(), "read_api starts from src/lib.rs");
    }

    #[test]
    fn a_conditional_module_without_its_file_is_listed_and_a_path_on_an_inline_module_is_followed()
    {
        let files = tree(&[
            (
                "src/lib.rs",
                "#[cfg_attr(arm, path = \"imp/llsc.rs\")] mod imp;\n\
                 #[cfg(feature = \"x\")] mod gone;\n\
                 #[path = \"shared\"] mod inline { pub mod traits; }\n\
                 pub mod kept;",
            ),
            ("src/imp/llsc.rs", "pub struct OnlyOnArm;"),
            ("src/shared/traits.rs", "pub struct Found;"),
            ("src/kept.rs", "pub struct Kept;"),
        ]);
        let api = read_api(&files).unwrap();
        assert_eq!(api.unread, ["src/imp.rs", "src/gone.rs"]);
        let paths: Vec<String> = api
            .files
            .iter()
            .map(|f| f.path.display().to_string())
            .collect();
        assert_eq!(paths, ["src/lib.rs", "src/shared/traits.rs", "src/kept.rs"]);
        assert!(!api.files[1].conditional && !api.files[2].conditional);
    }
}
