//! The harvester's reviewable files: a wrapper subject and its test context, from a
//! [`TypePlan`].

use std::fmt::Write as _;

use crate::adapt::TypePlan;

/// The Rust source of the wrapper subjects of `plans` (the refused ones as comments), for
/// `release` (`rangemap 1.0.3`), to be `include!`d where the crate's identifier names the
/// crate (as the corpus's generated `releases.rs` does).
pub fn subject_file(release: &str, plans: &[TypePlan]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// Harvested by `testspace harvest` from {release}: one subject per public type it can\n\
         // drive; reviewable, and a person may edit it (the harvester does not overwrite it)."
    );
    for plan in plans {
        out.push('\n');
        match &plan.refused {
            Some(reason) => {
                let _ = writeln!(out, "// `{}`: no subject, because {reason}.", plan.path);
            }
            None => write_subject(&mut out, plan),
        }
    }
    out
}

fn write_subject(out: &mut String, plan: &TypePlan) {
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
    let _ = writeln!(out, "#[derive(Clone, Debug)]");
    let _ = writeln!(out, "pub struct {}(pub {});", plan.wrapper, plan.target);
    let _ = writeln!(out, "\n#[testspace::subject]\nimpl {} {{", plan.wrapper);
    for method in &plan.methods {
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
