//! `oracle-changes.toml`: the behaviour changes a developer made on purpose, which the
//! previous-release oracle does not count as differences (docs/own-crate.md, "The previous
//! release"). Read from the crate root; every error located by file, line and field.
//!
//! ```toml
//! [[change]]
//! subject = "Meter"          # the class name
//! method = "reading"         # a method the oracle compares
//! args = ["_", "65535"]      # optional: the call's arguments as shown, "_" any one
//! reason = "readings above 60000 are capped since 0.2"
//! ```

use std::path::{Path, PathBuf};

use toml::Spanned;

use crate::kernel::file::{FileError, LoadError, read_source};

/// The file's name, in the crate root.
pub const CHANGES_FILE: &str = "oracle-changes.toml";

/// One acknowledged change: calls of `method` of `subject` (with these arguments, if
/// given) may answer otherwise than the previous release.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The subject's class name.
    pub subject: String,
    /// The method's name.
    pub method: String,
    /// The arguments as the oracle shows them (`"_"`: any one); `None`: any arguments.
    pub args: Option<Vec<String>>,
    /// Why it changed.
    pub reason: String,
    /// Where it is written (`oracle-changes.toml:3`), for the report of one that matches
    /// nothing.
    pub line: usize,
}

impl Change {
    /// Whether a call of `method` with `args` (shown as the oracle shows them) is this
    /// change.
    pub fn covers(&self, method: &str, args: &[String]) -> bool {
        self.method == method
            && self.args.as_ref().is_none_or(|pattern| {
                pattern.len() == args.len()
                    && pattern.iter().zip(args).all(|(p, a)| p == "_" || p == a)
            })
    }
}

/// The acknowledged changes of a crate, with where they were read from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// The file (none: the crate has no acknowledgements file).
    pub path: Option<PathBuf>,
    /// Its changes, in file order.
    pub changes: Vec<Change>,
    /// The file's text, to locate errors found after reading.
    source: String,
    /// Each change's spans: subject, method, args.
    spans: Vec<[std::ops::Range<usize>; 3]>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    change: Vec<RawChange>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChange {
    subject: Spanned<String>,
    method: Spanned<String>,
    args: Option<Spanned<Vec<String>>>,
    reason: Spanned<String>,
}

impl Changes {
    /// Reads `crate_root/oracle-changes.toml`; no file means no acknowledged change.
    ///
    /// # Errors
    /// An unreadable file, or one that is not a list of `[[change]]` tables each with a
    /// subject, a method and a reason that is not empty.
    pub fn read(crate_root: &Path) -> Result<Self, LoadError> {
        let path = crate_root.join(CHANGES_FILE);
        if !path.exists() {
            return Ok(Changes::default());
        }
        let source = read_source(&path)?;
        Ok(Self::parse(&path, &source)?)
    }

    /// Parses the text of the file at `path`.
    ///
    /// # Errors
    /// As [`Changes::read`].
    pub fn parse(path: &Path, source: &str) -> Result<Self, FileError> {
        let raw: RawFile =
            toml::from_str(source).map_err(|e| FileError::from_toml(path, source, &e))?;
        let mut changes = Changes {
            path: Some(path.to_path_buf()),
            source: source.to_string(),
            ..Changes::default()
        };
        for (i, change) in raw.change.into_iter().enumerate() {
            let field = |name: &str| format!("change[{i}].{name}");
            let empty = |value: &Spanned<String>, name: &str| {
                value.get_ref().trim().is_empty().then(|| {
                    FileError::at(
                        path,
                        source,
                        Some(value.span()),
                        Some(&field(name)),
                        format!("the {name} is empty"),
                    )
                })
            };
            for (value, name) in [
                (&change.subject, "subject"),
                (&change.method, "method"),
                (&change.reason, "reason"),
            ] {
                if let Some(error) = empty(value, name) {
                    return Err(error);
                }
            }
            let line = source[..change.subject.span().start].matches('\n').count() + 1;
            let args_span = change
                .args
                .as_ref()
                .map_or(change.method.span(), Spanned::span);
            changes
                .spans
                .push([change.subject.span(), change.method.span(), args_span]);
            changes.changes.push(Change {
                subject: change.subject.into_inner(),
                method: change.method.into_inner(),
                args: change.args.map(Spanned::into_inner),
                reason: change.reason.into_inner(),
                line,
            });
        }
        Ok(changes)
    }

    /// Checks that every change names a subject of `oracles` (class name, then each
    /// compared method with its number of parameters) and a method it compares, with as
    /// many arguments as the method takes: a change that matches nothing is an error.
    ///
    /// # Errors
    /// The first change that matches nothing, located at its field.
    pub fn check(&self, oracles: &[(&str, Vec<(&str, usize)>)]) -> Result<(), FileError> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        for (i, (change, spans)) in self.changes.iter().zip(&self.spans).enumerate() {
            let at = |span: &std::ops::Range<usize>, name: &str, message: String| {
                FileError::at(
                    path,
                    &self.source,
                    Some(span.clone()),
                    Some(&format!("change[{i}].{name}")),
                    message,
                )
            };
            let Some((_, methods)) = oracles.iter().find(|(s, _)| *s == change.subject) else {
                let known: Vec<&str> = oracles.iter().map(|(s, _)| *s).collect();
                return Err(at(
                    &spans[0],
                    "subject",
                    format!(
                        "`{}` is no subject with the previous-release oracle, so this change matches nothing (those with it: {})",
                        change.subject,
                        if known.is_empty() {
                            "none".to_string()
                        } else {
                            known.join(", ")
                        }
                    ),
                ));
            };
            let Some((_, arity)) = methods.iter().find(|(m, _)| *m == change.method) else {
                let known: Vec<&str> = methods.iter().map(|(m, _)| *m).collect();
                return Err(at(
                    &spans[1],
                    "method",
                    format!(
                        "`{}` is no method of {} that the previous release answers, so this change matches nothing (compared: {})",
                        change.method,
                        change.subject,
                        known.join(", ")
                    ),
                ));
            };
            if let Some(args) = &change.args
                && args.len() != *arity
            {
                return Err(at(
                    &spans[2],
                    "args",
                    format!(
                        "{} arguments, but `{}` takes {arity}, so this change matches nothing",
                        args.len(),
                        change.method
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The change of `subject` that covers a call of `method` with `args`, if any.
    pub fn find(&self, subject: &str, method: &str, args: &[String]) -> Option<&Change> {
        self.changes
            .iter()
            .find(|c| c.subject == subject && c.covers(method, args))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Changes, FileError> {
        Changes::parse(Path::new("oracle-changes.toml"), text)
    }

    const TWO: &str = "[[change]]\nsubject = \"Meter\"\nmethod = \"reading\"\nreason = \"capped\"\n\n[[change]]\nsubject = \"Meter\"\nmethod = \"add\"\nargs = [\"_\", \"7\"]\nreason = \"sevens count twice\"\n";

    #[test]
    fn a_change_covers_its_method_and_the_arguments_its_pattern_allows() {
        let changes = parse(TWO).unwrap();
        assert_eq!(changes.changes.len(), 2);
        assert_eq!(changes.changes[1].line, 7);
        assert!(changes.find("Meter", "reading", &[]).is_some());
        let add = |a: &str, b: &str| changes.find("Meter", "add", &[a.into(), b.into()]);
        assert_eq!(add("1", "7").unwrap().reason, "sevens count twice");
        assert!(add("7", "1").is_none());
        assert!(changes.find("Other", "reading", &[]).is_none());
    }

    #[test]
    fn errors_name_the_file_line_and_field() {
        let error =
            parse("[[change]]\nsubject = \"Meter\"\nmethod = \"reading\"\nreason = \" \"\n")
                .unwrap_err();
        assert_eq!(
            error.to_string(),
            "oracle-changes.toml:4:10: field `change[0].reason`: the reason is empty"
        );
        let error = parse("[[change]]\nsubject = \"Meter\"\nmethod = \"reading\"\nwhy = \"x\"\n")
            .unwrap_err();
        assert_eq!((error.line, error.field.as_str()), (4, "change.why"));
        assert!(error.message.contains("unknown field"), "{error}");
    }

    #[test]
    fn a_change_that_matches_nothing_is_refused_at_its_field() {
        let changes = parse(TWO).unwrap();
        let methods = vec![("reading", 0), ("add", 2)];
        assert!(changes.check(&[("Meter", methods.clone())]).is_ok());
        let error = changes.check(&[("Gauge", methods)]).unwrap_err();
        assert_eq!((error.line, error.field.as_str()), (2, "change[0].subject"));
        let error = changes
            .check(&[("Meter", vec![("reading", 0), ("add", 1)])])
            .unwrap_err();
        assert_eq!((error.line, error.field.as_str()), (9, "change[1].args"));
        let error = changes.check(&[("Meter", vec![("add", 2)])]).unwrap_err();
        assert!(error.message.contains("compared: add"), "{error}");
        assert_eq!(error.field, "change[0].method");
    }

    #[test]
    fn no_file_is_no_change() {
        let dir = std::env::temp_dir().join(format!("testspace-changes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let changes = Changes::read(&dir).unwrap();
        assert!(changes.changes.is_empty() && changes.check(&[]).is_ok());
        std::fs::remove_dir(&dir).unwrap();
    }
}
