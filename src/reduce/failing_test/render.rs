//! A failing test case as text: a standalone Rust `#[test]` (`render`), a reduction as
//! JSON, a structure test case with what gold and the mutant leave.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context as _, bail};

use super::{FailingCell, FailingTest};
use crate::experiment::Experiment;
use crate::oracle::OracleKind;
use crate::reduce::Reduction;
use crate::report::test_case::render_test_case;
use crate::runner::structures::{StructureKey, read_structures};
use crate::structure::suite::StructureConfig;
use crate::walk::state_machine::ProptestShrink;

/// The cell's failing test case — or, given a reduction, the reduced one — as a
/// standalone Rust `#[test]`.
pub fn render(test: &FailingTest, reduction: Option<&Reduction>) -> String {
    let cell = &test.cell;
    let context = test.context.as_ref();
    let reduced_index;
    let (calls, index) = match reduction {
        Some(reduction) => {
            reduced_index = context
                .codec(reduction.calls.len())
                .encode(&reduction.calls)
                .expect("reduced calls are valid digits")
                .to_string();
            (reduction.calls.as_slice(), reduced_index.as_str())
        }
        None => (test.calls.as_slice(), test.index.as_str()),
    };
    let mut out = String::new();
    let gold = cell.mutant == crate::subject::GOLD;
    let name = format!(
        "{}_{}_{}_n{}{}{}_{}",
        snake(&cell.subject),
        if gold {
            "gold".to_string()
        } else {
            format!("mutant_{}", cell.mutant)
        },
        cell.strategy.replace('-', "_"),
        cell.n,
        if cell.replicate > 0 {
            format!("_replicate{}", cell.replicate)
        } else {
            String::new()
        },
        if reduction.is_some() { "_minimal" } else { "" },
        if gold { "panics" } else { "diverges_from_gold" }
    );
    write_doc_comment(&mut out, test, reduction, index);
    write_panic(&mut out, test, calls);
    let _ = writeln!(out, "#[test]\nfn {name}() {{");
    write_test_body(&mut out, test, calls, index);
    let _ = writeln!(out, "}}");
    out
}

/// The `///` lines above the rendered test: the mutant, the cell, the reduction (to
/// `index`) if there is one.
fn write_doc_comment(
    out: &mut String,
    test: &FailingTest,
    reduction: Option<&Reduction>,
    index: &str,
) {
    let cell = &test.cell;
    let oracle = test.oracle;
    let what = test.mutant_info().map_or(String::new(), |m| {
        format!(
            " ({} at {}: `{}` → `{}`)",
            m.operator_name(),
            m.location,
            m.original,
            m.replacement
        )
    });
    if cell.mutant == crate::subject::GOLD {
        let _ = writeln!(
            out,
            "/// Reproduces the first failing test of {}'s gold, a target judged by the crash oracle:",
            cell.subject
        );
    } else {
        let _ = writeln!(
            out,
            "/// Reproduces the first failing test of {} mutant {}{what}:",
            cell.subject, cell.mutant
        );
    }
    let _ = writeln!(
        out,
        "/// phase {}, strategy {}, n = {}, test case E(n) = {} (index {}); {} oracle.",
        cell.phase,
        cell.strategy,
        cell.n,
        cell.first_failure,
        test.index,
        if cell.mutant == crate::subject::GOLD {
            "crash"
        } else {
            oracle.name()
        }
    );
    if let Some(reduction) = reduction {
        let _ = writeln!(
            out,
            "/// Reduced from {} to k = {} calls (1-minimal: without any one call it passes), \
             index {index} at length {}, after {} candidate test cases.",
            reduction.original_calls,
            reduction.calls.len(),
            reduction.calls.len(),
            reduction.checks()
        );
    }
    let _ = writeln!(
        out,
        "/// The assertion fails: that is the {}.",
        if cell.mutant == crate::subject::GOLD {
            "panic"
        } else {
            "divergence"
        }
    );
}

/// The `///` lines that quote the target's panic on `calls`, if a call panics: the
/// message of the assertion, invariant or reference model that failed.
fn write_panic(out: &mut String, test: &FailingTest, calls: &[u32]) {
    let Some(panic) = super::first_panic(test, calls) else {
        return;
    };
    let _ = writeln!(
        out,
        "/// Call {} (`{}`) panics: {}",
        panic.call,
        panic.method,
        panic.message.lines().next().unwrap_or("")
    );
    for line in panic.message.lines().skip(1) {
        let _ = writeln!(out, "///     {line}");
    }
}

/// The rendered test's body, up to its closing brace: the context, the test case
/// `calls` (index `index`) in canonical form 3 and as indices, and the assertion that
/// gold and the mutant agree under the experiment's oracle (for gold as a target: that
/// no call panics).
fn write_test_body(out: &mut String, test: &FailingTest, calls: &[u32], index: &str) {
    let cell = &test.cell;
    let context = test.context.as_ref();
    // A unit of the user's own crate is not in the registry a test starts with: the test,
    // a unit test of that crate, names its type.
    let own_type = test
        .unit
        .mutants_source()
        .and_then(|_| crate_path(test.unit.java_class()));
    let _ = writeln!(
        out,
        "    use std::sync::Arc;\n    use testspace::context::file::{}\n",
        if own_type.is_some() {
            "parse_context_in;"
        } else {
            "parse_context;\n    use testspace::subject::registry;"
        }
    );
    let _ = writeln!(
        out,
        "    const CONTEXT: &str = r#\"\n{}\"#;",
        context.to_toml()
    );
    let _ = writeln!(out, "    // The test case in canonical form 3:");
    for line in render_test_case(context, &index.parse().expect("decimal"), calls).lines() {
        let _ = writeln!(out, "    //   {line}");
    }
    let list: Vec<String> = calls.iter().map(u32::to_string).collect();
    let _ = writeln!(
        out,
        "    let calls: [u32; {}] = [{}];",
        calls.len(),
        list.join(", ")
    );
    match own_type {
        Some(path) => {
            let _ = writeln!(
                out,
                "    let registry = testspace::subject::Registry::new(vec![\n        <{path} as testspace::subject::Declared>::unit(),\n    ]);\n    let unit = registry.find({:?}).unwrap();\n    let context = Arc::new(\n        parse_context_in(&registry, std::path::Path::new(\"context.toml\"), CONTEXT).unwrap(),\n    );",
                cell.subject
            );
        }
        None => {
            let _ = writeln!(
                out,
                "    let unit = registry().find({:?}).unwrap();\n    let context = Arc::new(parse_context(std::path::Path::new(\"context.toml\"), CONTEXT).unwrap());",
                cell.subject
            );
        }
    }
    if cell.mutant == crate::subject::GOLD {
        let _ = writeln!(
            out,
            "    let mut session = unit.session(context);\n    for (position, &call) in calls.iter().enumerate() {{\n        let outcome = session.step(call);\n        assert_ne!(outcome, Err(testspace::subject::JavaException::Panic), \"call {{position}} panics\");\n    }}"
        );
        return;
    }
    let _ = writeln!(out, "    let run = |mutant| {{");
    let _ = writeln!(
        out,
        "        let mut session = unit.mutant_session(context.clone(), mutant).unwrap();"
    );
    match test.oracle {
        OracleKind::Paper => {
            let _ = writeln!(
                out,
                "        let exceptions = calls\n            .iter()\n            .filter(|&&call| session.step(call).is_err())\n            .count();"
            );
            let _ = writeln!(out, "        (exceptions, session.primitives())");
        }
        OracleKind::Strict => {
            let _ = writeln!(
                out,
                "        calls\n            .iter()\n            .map(|&call| (session.step(call).err(), session.primitives()))\n            .collect::<Vec<_>>()"
            );
        }
    }
    let _ = writeln!(out, "    }};");
    let _ = writeln!(
        out,
        "    assert_eq!(run(0), run({}), \"mutant {} diverges from gold\");",
        cell.mutant, cell.mutant
    );
}

/// The path of a type of the user's crate from inside that crate: its `module_path!()`
/// form (`own_crate::ring::Ring`, the unit's `java_class`) with `crate` for the crate.
fn crate_path(class: &str) -> Option<String> {
    let (_, rest) = class.split_once("::")?;
    Some(format!("crate::{rest}"))
}

/// A class name in snake case, as part of an identifier: `ArrayList` → `array_list`; a
/// corpus subject's release after `_at_` (`SemVersion@1.0.4` → `sem_version_at_1_0_4`).
fn snake(class: &str) -> String {
    let mut out = String::new();
    for (i, c) in class.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        match c {
            '@' => out.push_str("_at_"),
            c if c.is_ascii_alphanumeric() => out.push(c.to_ascii_lowercase()),
            _ => out.push('_'),
        }
    }
    out
}

#[cfg(test)]
mod snake_tests {
    use super::snake;

    #[test]
    fn class_names_become_identifiers() {
        assert_eq!(snake("ArrayList"), "array_list");
        assert_eq!(snake("SemVersion@1.0.4"), "sem_version_at_1_0_4");
    }
}

/// The JSON object of a reduction: `original_calls`, `original_index`, `calls`, `k`,
/// `index` (decimal, at length k), `checks`, `steps`, the cell, the mutant's context
/// as TOML (for `testspace decode`) and `panic`: the first call of the reduced test case on
/// which the target panics, with the message (`null` if none does).
///
/// # Errors
/// None in practice: the reduced calls are valid digits of the context.
pub fn reduction_json(
    test: &FailingTest,
    reduction: &Reduction,
    fails: Option<crate::runner::check::CheckOutcome>,
    proptest: Option<&ProptestShrink>,
) -> anyhow::Result<String> {
    let index = test
        .context
        .codec(reduction.calls.len())
        .encode(&reduction.calls)?;
    let mut value = serde_json::json!({
        "subject": test.cell.subject,
        "mutant": test.cell.mutant,
        "strategy": test.cell.strategy,
        "n": test.cell.n,
        "phase": test.cell.phase,
        "replicate": test.cell.replicate,
        "oracle": test.oracle_name(),
        "first_failure": test.cell.first_failure,
        "original_calls": reduction.original_calls,
        "original_index": test.index,
        "calls": reduction.calls,
        "k": reduction.calls.len(),
        "index": index.to_string(),
        "checks": reduction.checks(),
        "abandoned": reduction.abandoned,
        "steps": reduction.steps,
        "context": test.context.to_toml(),
    });
    value["panic"] = serde_json::to_value(super::first_panic(test, &reduction.calls))?;
    if let Some(fails) = fails {
        value["crashed"] = test.cell.crashed.into();
        value["fails"] = fails.name().into();
    }
    if let Some(shrink) = proptest {
        let index = test
            .context
            .codec(shrink.calls.len())
            .encode(&shrink.calls)?;
        value["proptest"] = serde_json::json!({
            "calls": shrink.calls,
            "k": shrink.calls.len(),
            "index": index.to_string(),
            "seen": shrink.seen,
            "iterations": shrink.iterations,
            "checks": shrink.checks,
        });
    }
    Ok(serde_json::to_string_pretty(&value)?)
}

/// The JSON object of a cell's failing test case (`show-test --format json`): the cell,
/// `calls`, `k`, `index`, the context as TOML and `panic` as in [`reduction_json`].
///
/// # Errors
/// None in practice (serialising JSON values).
pub fn test_json(test: &FailingTest) -> anyhow::Result<String> {
    let value = serde_json::json!({
        "subject": test.cell.subject,
        "mutant": test.cell.mutant,
        "strategy": test.cell.strategy,
        "n": test.cell.n,
        "phase": test.cell.phase,
        "replicate": test.cell.replicate,
        "oracle": test.oracle_name(),
        "first_failure": test.cell.first_failure,
        "calls": test.calls,
        "k": test.calls.len(),
        "index": test.index,
        "context": test.context.to_toml(),
        "panic": super::first_panic(test, &test.calls),
    });
    Ok(serde_json::to_string_pretty(&value)?)
}

/// proptest's own shrink of the cell's test case, as comment lines to print beside the
/// reduced `#[test]`: its size, its counts and its calls in canonical form 3.
pub fn proptest_shrink_code(test: &FailingTest, shrink: &ProptestShrink) -> String {
    let index = test
        .context
        .codec(shrink.calls.len())
        .encode(&shrink.calls)
        .expect("shrunk calls are valid digits");
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// proptest's own shrink of the same test case (SequentialValueTree::simplify and \
         complicate under the same check): k = {} of {} calls, index {index} at length {}; \
         {} transitions seen, {} shrink iterations, {} candidate test cases.",
        shrink.calls.len(),
        test.calls.len(),
        shrink.calls.len(),
        shrink.seen,
        shrink.iterations,
        shrink.checks
    );
    for line in render_test_case(&test.context, &index, &shrink.calls).lines() {
        let _ = writeln!(out, "//   {line}");
    }
    let list: Vec<String> = shrink.calls.iter().map(u32::to_string).collect();
    let _ = writeln!(out, "// proptest's calls: [{}]", list.join(", "));
    out
}

/// The line reporting a reduction's size and wall-clock time (for stderr: stdout is the
/// same on every run).
pub fn reduction_summary(reduction: &Reduction, seconds: f64) -> String {
    let abandoned = match reduction.abandoned {
        0 => String::new(),
        count => format!(" ({count} abandoned on gold's side)"),
    };
    format!(
        "reduced {} calls to {} in {} candidate test cases{abandoned}, {:.3} ms",
        reduction.original_calls,
        reduction.calls.len(),
        reduction.checks(),
        seconds * 1e3
    )
}

/// A structure cell's first failing test case, as text: the structure (from the run's
/// suite file, in the JSON form of `testspace fe --suites`), the call, and the instance
/// gold and the mutant leave (read back and in canonical form).
///
/// # Errors
/// The suite file cannot be read or lacks the structure, or its call is not the one the
/// cell recorded.
pub fn structure_case(
    results: &Path,
    experiment: &Experiment,
    cell: &FailingCell,
    config: &StructureConfig,
) -> anyhow::Result<String> {
    let plan = super::subject_plan(experiment, &cell.subject)?;
    let seed = experiment.replicate_seed(cell.replicate);
    let key = StructureKey::new(&cell.subject, config, cell.n as usize, seed);
    let path = results.join(key.file());
    let calls = u64::from(plan.context.j());
    let counter = cell.first_failure - 1;
    let (structure, call) = ((counter / calls) as usize, (counter % calls) as u32);
    let (_, structures) = read_structures(&path, structure + 1)?;
    let heap = structures
        .get(structure)
        .with_context(|| format!("{} has no structure {structure}", path.display()))?;
    if cell.first_failure_index.as_deref() != Some(call.to_string().as_str()) {
        bail!(
            "the suite's test case does not match the recorded call: was the experiment changed?"
        );
    }
    let layout = crate::structure::units::finitization(&cell.subject)
        .context("a structure run's subject has a finitization")?
        .scope(cell.n as usize);
    let mut sessions = Vec::new();
    for mutant in [crate::subject::GOLD, cell.mutant] {
        let mut session = plan
            .unit
            .heap_session(plan.context.clone(), mutant, 0, heap)
            .context("the unit builds structures")??;
        session.reset();
        let outcome = session.step(call);
        let after = session
            .object_heap(0)
            .map(|h| {
                let canonical = crate::subject::heap::canonical(&h);
                serde_json::to_string(&layout.heap_scope().heap_json(&canonical))
            })
            .transpose()?
            .unwrap_or_else(|| "null".into());
        sessions.push((outcome, after));
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} mutant {}: the first failing test case of {} at scope {} (phase {}, {} oracle), test case {} of {}:",
        cell.subject,
        cell.mutant,
        cell.strategy,
        cell.n,
        cell.phase,
        config.oracle.name(),
        cell.first_failure,
        path.display()
    );
    let _ = writeln!(
        out,
        "structure {structure}: {}",
        serde_json::to_string(&layout.heap_scope().heap_json(heap))?
    );
    let _ = writeln!(out, "call {call}: {}", plan.context.render_call(call));
    for ((outcome, after), who) in sessions.iter().zip(["gold", "mutant"]) {
        let thrown = outcome
            .as_ref()
            .err()
            .map_or(String::new(), |e| format!(" (threw {e:?})"));
        let _ = writeln!(out, "{who} leaves{thrown}: {after}");
    }
    Ok(out)
}

#[cfg(test)]
mod own_type_tests {
    use super::crate_path;

    #[test]
    fn a_type_of_the_users_crate_is_named_from_inside_it() {
        assert_eq!(
            crate_path("own_crate::ring::Ring").as_deref(),
            Some("crate::ring::Ring")
        );
        assert_eq!(crate_path("Ring"), None);
    }
}
