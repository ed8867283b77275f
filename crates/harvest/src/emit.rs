//! The harvester's reviewable files: a wrapper subject and its test context, from a
//! [`TypePlan`].

use std::fmt::Write as _;

use crate::adapt::TypePlan;

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
    let mut out = String::from("#![allow(dead_code, unused_imports, clippy::all)]\n");
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
        let _ = writeln!(out, "// Skipped methods of `{}`:", plan.path);
        for skipped in &plan.skipped {
            let _ = writeln!(out, "// - `{}`: {}", skipped.method, skipped.reason);
        }
    }
}

/// The test context of a harvested subject: every method, an `int` pool of small values
/// (0, 1, 2, -1), a `bool` and a `string` pool where its methods take them, two object
/// slots.
pub fn context_file(release: &str, plan: &TypePlan) -> String {
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
        "# Pools for {}, harvested from {release}: small ints with -1, every method.\n\
         subject = \"{}\"\nmethods = \"all\"\n\n[pools]\n",
        plan.wrapper, plan.wrapper
    );
    out.push_str("int = { size = 4, init = [0, 1, 2, -1] }\n");
    if takes(&["bool"]) {
        out.push_str("bool = { size = 2, init = [false, true] }\n");
    }
    if takes(&["String", "&str", "char"]) {
        out.push_str("string = { size = 3, init = [\"\", \"a\", \"ab\"] }\n");
    }
    out.push_str("object = { size = 2 }\n");
    out
}
