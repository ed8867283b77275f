//! Loading test contexts from TOML.
//!
//! ```toml
//! subject = "ArrayList"
//! methods = "all"              # or a list of signatures: ["ArrayList()", "add(Integer)"]
//!
//! [pools]
//! int = { size = 2, init = [0, 100] }
//! bool = { size = 2, init = [false, true] }
//! string = { size = 2, init = ["a", "b"] }
//! object = { size = 1 }
//! ```
//!
//! A missing pool gets the paper's default (Section 6.2: two primitive values, one object
//! slot), or for a subject with pools seeded from its code (`#[testspace::subject]`) those
//! for `int` and `string`; a pool with `size` but no `init` gets [`PoolInit::default_ints`] and friends;
//! with `init` but no `size`, vps = the length of `init`. Unknown keys are errors. Every
//! error names the file, the line and column, and the field.

use std::ops::Range;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::{ContextError, MethodSelection, PoolInit, TestContext};
use crate::kernel::file::{FileError, LoadError, read_source};
#[cfg(test)]
use crate::subject::PoolType;
use crate::subject::{Registry, registry};

/// The `[pools]` declaration of one primitive pool.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PrimitivePoolDecl<T> {
    size: Option<Spanned<usize>>,
    init: Option<Spanned<Vec<T>>>,
}

/// The `[pools]` declaration of the object pool.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ObjectPoolDecl {
    size: Spanned<usize>,
}

/// The `[pools]` table.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PoolsDecl {
    int: Option<PrimitivePoolDecl<i32>>,
    bool: Option<PrimitivePoolDecl<bool>>,
    string: Option<PrimitivePoolDecl<String>>,
    object: Option<ObjectPoolDecl>,
}

/// A context as written in a TOML file (or embedded in an experiment file), before it is
/// checked against the subject.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContextDecl {
    /// The subject's class name.
    pub subject: Spanned<String>,
    /// `"all"` or a list of signatures.
    pub methods: Option<Spanned<toml::Value>>,
    /// Value pools.
    #[serde(default)]
    pub pools: PoolsDecl,
}

impl PoolsDecl {
    /// The pools declared, with defaults filled in; errors are located in `source`. An
    /// `int` or `string` pool not declared at all is `code`'s (the pools seeded from the
    /// subject's code, [`crate::subject::Unit::code_pools`]) if given and not empty, else
    /// the paper's.
    pub fn resolve(
        &self,
        path: &Path,
        source: &str,
        code: Option<crate::subject::CodePools>,
    ) -> Result<PoolInit, FileError> {
        let mut paper = PoolInit::paper();
        if let Some(code) = code {
            if !code.ints.is_empty() {
                paper.ints = code.int_values();
            }
            if !code.strings.is_empty() {
                paper.strings = code.string_values();
            }
        }
        let ints = resolve_primitive(
            path,
            source,
            "pools.int",
            self.int.as_ref(),
            paper.ints,
            PoolInit::default_ints,
        )?;
        let bools = resolve_primitive(
            path,
            source,
            "pools.bool",
            self.bool.as_ref(),
            paper.bools,
            PoolInit::default_bools,
        )?;
        let strings = resolve_primitive(
            path,
            source,
            "pools.string",
            self.string.as_ref(),
            paper.strings,
            PoolInit::default_strings,
        )?;
        let objects = match &self.object {
            None => paper.objects,
            Some(decl) => {
                check_pool_size(path, source, "pools.object.size", &decl.size)?;
                *decl.size.get_ref()
            }
        };
        Ok(PoolInit {
            ints,
            bools,
            strings,
            objects,
        })
    }
}

/// The largest value pool a context may declare; far beyond any useful call space, and
/// small enough to build before the call space is checked.
pub const MAX_POOL_SIZE: usize = 1 << 20;

/// Refuses a pool `size` above [`MAX_POOL_SIZE`] before anything is allocated for it.
fn check_pool_size(
    path: &Path,
    source: &str,
    field: &str,
    size: &Spanned<usize>,
) -> Result<(), FileError> {
    if *size.get_ref() <= MAX_POOL_SIZE {
        return Ok(());
    }
    Err(FileError::at(
        path,
        source,
        Some(size.span()),
        Some(field),
        format!(
            "a pool of {} values is larger than testspace supports (at most {MAX_POOL_SIZE})",
            size.get_ref()
        ),
    ))
}

fn resolve_primitive<T: Clone>(
    path: &Path,
    source: &str,
    field: &str,
    decl: Option<&PrimitivePoolDecl<T>>,
    default: Vec<T>,
    defaults_of_size: fn(usize) -> Vec<T>,
) -> Result<Vec<T>, FileError> {
    let Some(decl) = decl else { return Ok(default) };
    if let Some(size) = &decl.size {
        check_pool_size(path, source, &format!("{field}.size"), size)?;
    }
    match (&decl.size, &decl.init) {
        (None, None) => Ok(default),
        (Some(size), None) => Ok(defaults_of_size(*size.get_ref())),
        (None, Some(init)) => Ok(init.get_ref().clone()),
        (Some(size), Some(init)) if init.get_ref().len() != *size.get_ref() => Err(FileError::at(
            path,
            source,
            Some(init.span()),
            Some(&format!("{field}.init")),
            format!(
                "init has {} values but size = {}",
                init.get_ref().len(),
                size.get_ref()
            ),
        )),
        (Some(_), Some(init)) => Ok(init.get_ref().clone()),
    }
}

impl ContextDecl {
    /// Checks the declaration against the subject registry and builds the context.
    pub fn build(
        &self,
        registry: &Registry,
        path: &Path,
        source: &str,
    ) -> Result<TestContext, FileError> {
        let unit = registry.find(self.subject.get_ref()).map_err(|e| {
            FileError::at(
                path,
                source,
                Some(self.subject.span()),
                Some("subject"),
                e.to_string(),
            )
        })?;
        let selection = match &self.methods {
            None => MethodSelection::All,
            Some(spanned) => {
                let err = |span: Range<usize>, msg: String| {
                    FileError::at(path, source, Some(span), Some("methods"), msg)
                };
                match spanned.get_ref() {
                    toml::Value::String(s) if s == "all" => MethodSelection::All,
                    toml::Value::Array(items) => {
                        let mut list = Vec::with_capacity(items.len());
                        for item in items {
                            match item.as_str() {
                                Some(s) => list.push(s.to_string()),
                                None => {
                                    return Err(err(
                                        spanned.span(),
                                        format!("expected a signature string, found {item}"),
                                    ));
                                }
                            }
                        }
                        MethodSelection::Signatures(list)
                    }
                    other => {
                        return Err(err(
                            spanned.span(),
                            format!(
                                "expected \"all\" or a list of method signatures, found {other}"
                            ),
                        ));
                    }
                }
            }
        };
        let pools = self.pools.resolve(path, source, unit.code_pools())?;
        TestContext::new(unit, &selection, pools).map_err(|e| {
            let (span, field) = match &e {
                ContextError::UnknownMethod { .. }
                | ContextError::DuplicateMethod { .. }
                | ContextError::NoMethods => (self.methods.as_ref().map(|m| m.span()), "methods"),
                ContextError::EmptyPool { pool, .. } => (None, pool.key()),
                ContextError::Encoding(_) => (None, "pools"),
            };
            let field = if field == "methods" {
                field.to_string()
            } else {
                format!("pools.{field}")
            };
            let span = span.or_else(|| find_key(source, &field));
            FileError::at(path, source, span, Some(&field), e.to_string())
        })
    }
}

/// The byte range of the last key of dotted `field` in `source`, if it appears literally.
fn find_key(source: &str, field: &str) -> Option<Range<usize>> {
    let key = field.rsplit('.').next()?;
    let at = source.find(&format!("{key} ="))?;
    Some(at..at + key.len())
}

/// Parses a context from TOML text (`path` is used in messages only).
pub fn parse_context(path: &Path, source: &str) -> Result<TestContext, FileError> {
    parse_context_in(registry(), path, source)
}

/// Parses a context from TOML text, its subject looked up in `registry` (a unit test of a
/// crate's own type makes one of that type's unit).
pub fn parse_context_in(
    registry: &Registry,
    path: &Path,
    source: &str,
) -> Result<TestContext, FileError> {
    let decl: ContextDecl =
        toml::from_str(source).map_err(|e| FileError::from_toml(path, source, &e))?;
    decl.build(registry, path, source)
}

/// Reads and parses a context file.
pub fn load_context(path: &Path) -> Result<TestContext, LoadError> {
    let source = read_source(path)?;
    Ok(parse_context(path, &source)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(source: &str) -> FileError {
        parse_context(Path::new("ctx.toml"), source).unwrap_err()
    }

    #[test]
    fn a_malformed_file_names_line_column_and_field() {
        let e = error_of("subject = \"ArrayList\"\n[pools]\nint = { size = 3, color = 2 }\n");
        assert_eq!(
            (e.path.as_str(), e.line, e.field.as_str()),
            ("ctx.toml", 3, "pools.int.color")
        );
        assert!(e.message.contains("unknown field `color`"), "{e}");
        let e = error_of("subject = \"ArrayList\"\n\n[pools]\nint = { size = 3, init = [1, 2] }\n");
        assert_eq!((e.line, e.field.as_str()), (4, "pools.int.init"));
        let e = error_of("subject = \"ArrayList\"\nmethods = [\"size()\", \"foo(int)\"]\n");
        assert_eq!((e.line, e.field.as_str()), (2, "methods"));
        assert!(e.message.contains("foo(int)"));
        let e = error_of("subject = \"NoSuchList\"\n");
        assert_eq!((e.line, e.column, e.field.as_str()), (1, 11, "subject"));
        let e = error_of("subject = \"ArrayList\"\npools = 3 4\n");
        assert_eq!(e.line, 2);
        let e = error_of("subject = \"ArrayList\"\nmystery = 1\n");
        assert_eq!((e.line, e.field.as_str()), (2, "mystery"));
    }

    #[test]
    fn missing_pools_get_the_papers_defaults_and_init_defaults_follow_size() {
        let c = parse_context(Path::new("c.toml"), "subject = \"ArrayList\"\n").unwrap();
        assert_eq!(c.pools(), &PoolInit::paper());
        let c = parse_context(
            Path::new("c.toml"),
            "subject = \"ArrayList\"\n[pools]\nint = { size = 3 }\n",
        )
        .unwrap();
        assert_eq!(c.pools().ints, vec![0, 100, 200]);
        let c = parse_context(
            Path::new("c.toml"),
            "subject = \"ArrayList\"\n[pools]\nint = { init = [7, 8, 9, 10] }\n",
        )
        .unwrap();
        assert_eq!(c.pools().ints, vec![7, 8, 9, 10]);
    }

    #[test]
    fn a_method_list_selects_m_c_in_the_given_order() {
        let c = parse_context(
            Path::new("c.toml"),
            "subject = \"ArrayList\"\nmethods = [\"ArrayList()\", \"add(Integer)\", \"size( )\"]\n",
        )
        .unwrap();
        let names: Vec<&str> = c
            .methods()
            .iter()
            .map(|m| m.info.signature.as_str())
            .collect();
        assert_eq!(names, ["ArrayList()", "add(Integer)", "size()"]);
        // ArrayList(): object return slot (1); add(Integer): int × target × bool return
        // (2·1·2 = 4); size(): target × int return (1·2 = 2).
        assert_eq!(c.j(), 1 + 4 + 2);
        assert_eq!(
            c.types_of_interest(),
            &[PoolType::Int, PoolType::Bool, PoolType::Object]
        );
    }

    #[test]
    fn a_context_written_as_toml_reads_back_equal() {
        let c = parse_context(
            Path::new("c.toml"),
            "subject = \"ArrayList\"\nmethods = [\"add(Integer)\", \"ArrayList()\"]\n[pools]\nint = { init = [3, -4, 5] }\nstring = { init = [\"x y\", \"\\\"q\\\"\"] }\n",
        )
        .unwrap();
        let again = parse_context(Path::new("again.toml"), &c.to_toml()).unwrap();
        assert_eq!(again.pools(), c.pools());
        assert_eq!(again.methods(), c.methods());
        assert_eq!(again.j(), c.j());
    }

    #[test]
    fn duplicate_methods_and_empty_pools_are_rejected() {
        let e = error_of("subject = \"ArrayList\"\nmethods = [\"size()\", \"size()\"]\n");
        assert!(e.message.contains("twice"), "{e}");
        let e = error_of(
            "subject = \"ArrayList\"\nmethods = [\"size()\"]\n[pools]\nobject = { size = 0 }\n",
        );
        assert_eq!(e.field, "pools.object");
        assert!(e.message.contains("size 0"), "{e}");
    }
}
