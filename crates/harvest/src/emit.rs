//! The harvester's reviewable files: a wrapper subject and its test context, from a
//! [`TypePlan`].

use std::fmt::Write as _;

use crate::adapt::TypePlan;
use crate::pools::{Constants, int_pool, string_pool};

/// The Rust source of the wrapper subjects of `plans` (the refused ones as comments), for
/// `release` (`rangemap 1.0.3`), to be `include!`d where the crate's identifier names the
/// crate (as the corpus's generated `releases.rs` does).
pub fn subject_file(release: &str, plans: &[TypePlan]) -> String {
    let mut out = String::new();
    write_header(&mut out, release);
    for plan in plans {
        out.push('\n');
        match &plan.refused {
            Some(reason) => {
                let _ = writeln!(out, "// `{}`: no subject, because {reason}.", plan.path);
            }
            None => write_subject(&mut out, plan, true, &mut |_, _| {}),
        }
    }
    out
}

/// Where a compile check's error lands: a type's declaration (`method: None`) or one of its
/// wrapper methods, by line (1-based, inclusive).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The plan's index.
    pub plan: usize,
    /// The method's index in the plan (`None`: the wrapper's declaration).
    pub method: Option<usize>,
    /// First line.
    pub first: usize,
    /// Last line.
    pub last: usize,
}

/// The wrappers of the plans that are not refused as plain Rust, without the attribute, for
/// a compile check against the crate alone (named by its identifier), with where each
/// wrapper and method lies.
pub fn check_file(plans: &[TypePlan]) -> (String, Vec<Placement>) {
    // Workers share a subject's unit across threads: a wrapper must be `Send + Sync`.
    let mut out = String::from(
        "#![allow(dead_code, unused_imports, clippy::all)]\nfn shared_across_threads<T: Send + Sync>() {}\n",
    );
    let mut placements = Vec::new();
    for (index, plan) in plans.iter().enumerate() {
        if plan.refused.is_some() {
            continue;
        }
        out.push('\n');
        write_subject(&mut out, plan, false, &mut |method, (first, last)| {
            placements.push(Placement {
                plan: index,
                method,
                first,
                last,
            });
        });
    }
    (out, placements)
}

fn write_header(out: &mut String, release: &str) {
    let _ = writeln!(
        out,
        "// Harvested by `testspace harvest` from {release}: one subject per public type it can\n\
         // drive; reviewable, and a person may edit it (the harvester does not overwrite it)."
    );
}

/// The line `out` ends on (1-based: the next line written is this).
fn next_line(out: &str) -> usize {
    out.matches('\n').count() + 1
}

/// Writes one wrapper (with `#[testspace::subject]` when `attribute`), telling `place`
/// where its declaration and each method lie.
fn write_subject(
    out: &mut String,
    plan: &TypePlan,
    attribute: bool,
    place: &mut dyn FnMut(Option<usize>, (usize, usize)),
) {
    if !plan.summary.is_empty() {
        let _ = writeln!(out, "/// {}", plan.summary);
    }
    if !plan.instantiation.arguments.is_empty() {
        let filled: Vec<String> = plan
            .instantiation
            .arguments
            .iter()
            .map(|(name, value)| format!("{name} = {value}"))
            .collect();
        let _ = writeln!(out, "///\n/// `{}` with {}.", plan.path, filled.join(", "));
    }
    let declaration = next_line(out);
    let _ = writeln!(out, "#[derive(Clone, Debug)]");
    let _ = writeln!(out, "pub struct {}(pub {});", plan.wrapper, plan.target);
    if !attribute {
        let _ = writeln!(
            out,
            "const _: fn() = shared_across_threads::<{}>;",
            plan.wrapper
        );
    }
    let attribute = if attribute {
        "#[testspace::subject]\n"
    } else {
        ""
    };
    let _ = writeln!(out, "\n{attribute}impl {} {{", plan.wrapper);
    place(None, (declaration, next_line(out) - 1));
    for (index, method) in plan.methods.iter().enumerate() {
        let first = next_line(out);
        if let Some(note) = &method.note {
            let _ = writeln!(out, "    /// Harvested: {note}.");
        }
        let mut parameters: Vec<String> = Vec::new();
        if !method.receiver.is_empty() {
            parameters.push(method.receiver.to_string());
        }
        parameters.extend(
            method
                .parameters
                .iter()
                .map(|(name, ty)| format!("{name}: {ty}")),
        );
        let returns = method
            .returns
            .as_ref()
            .map(|r| format!(" -> {r}"))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "    pub fn {}({}){returns} {{\n        {}\n    }}",
            method.name,
            parameters.join(", "),
            method.body
        );
        place(Some(index), (first, next_line(out) - 1));
    }
    out.push_str("}\n");
    if !plan.skipped.is_empty() {
        let what = if plan.is_functions() {
            "functions"
        } else {
            "methods"
        };
        let _ = writeln!(out, "// Skipped {what} of `{}`:", plan.path);
        for skipped in &plan.skipped {
            let _ = writeln!(out, "// - `{}`: {}", skipped.method, skipped.reason);
        }
    }
}

/// The test context of a harvested subject: every method; an `int` pool of the small
/// defaults (0, 1, 2, -1), the boundaries of its parameters' integer types and the crate's
/// most frequent integer constants; a `bool` pool and a `string` pool (defaults and string
/// constants) where its methods take them; two object slots. Each seeded value's origin is
/// said in a comment above its pool.
pub fn context_file(release: &str, plan: &TypePlan, constants: &Constants) -> String {
    let parameter_types: Vec<&str> = plan
        .methods
        .iter()
        .flat_map(|m| m.parameters.iter().map(|(_, ty)| ty.as_str()))
        .collect();
    let takes = |what: &[&str]| {
        parameter_types.iter().any(|ty| {
            what.iter()
                .any(|w| ty.trim_start_matches("Option<").trim_end_matches('>') == *w)
        })
    };
    let mut out = format!(
        "# Pools for {}, harvested from {release}: every method; defaults, the boundaries of\n\
         # the parameter types and the crate's frequent constants (docs/harvest.md).\n\
         subject = \"{}\"\nmethods = \"all\"\n\n[pools]\n",
        plan.wrapper, plan.wrapper
    );
    let ints = int_pool(plan, constants);
    origins(
        &mut out,
        ints.iter().map(|s| (s.value.to_string(), &s.origin)),
    );
    let values: Vec<String> = ints.iter().map(|s| s.value.to_string()).collect();
    let _ = writeln!(
        out,
        "int = {{ size = {}, init = [{}] }}",
        values.len(),
        values.join(", ")
    );
    if takes(&["bool"]) {
        out.push_str("bool = { size = 2, init = [false, true] }\n");
    }
    if takes(&["String", "&str", "char"]) {
        let strings = string_pool(constants);
        origins(
            &mut out,
            strings
                .iter()
                .map(|s| (format!("{:?}", s.value), &s.origin)),
        );
        let values: Vec<String> = strings.iter().map(|s| toml_string(&s.value)).collect();
        let _ = writeln!(
            out,
            "string = {{ size = {}, init = [{}] }}",
            values.len(),
            values.join(", ")
        );
    }
    out.push_str("object = { size = 2 }\n");
    out
}

/// A comment line naming where each value that is not a default comes from.
fn origins<'a>(out: &mut String, values: impl Iterator<Item = (String, &'a String)>) {
    let seeded: Vec<String> = values
        .filter(|(_, origin)| origin.as_str() != "default")
        .map(|(value, origin)| format!("{value}: {origin}"))
        .collect();
    if !seeded.is_empty() {
        let _ = writeln!(out, "# {}", seeded.join("; "));
    }
}

/// `value` as a TOML basic string.
fn toml_string(value: &str) -> String {
    let mut out = String::from("\"");
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
