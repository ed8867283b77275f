//! The columns of a cells table: what each holds, and a table's header checked against
//! them (shared by the CSV and Parquet readers).

use std::path::Path;

use super::{At, ReportError, damaged};

/// What a column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Non-empty text.
    Text,
    /// A test-case index: decimal digits (indices exceed every integer type).
    Index,
    /// A non-negative integer below 2³².
    U32,
    /// A non-negative integer below 2⁶⁴.
    U64,
    /// A finite non-negative number (seconds).
    Seconds,
}

impl Kind {
    /// What a value must be, for messages.
    pub(crate) fn expected(self) -> &'static str {
        match self {
            Kind::Text => "text",
            Kind::Index => "a test-case index (decimal digits)",
            Kind::U32 => "a count (an integer from 0 to 4294967295)",
            Kind::U64 => "a count (a non-negative integer)",
            Kind::Seconds => "seconds (a finite non-negative number)",
        }
    }
}

/// A column of the cells table: its kind and whether it may be empty.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spec {
    pub(crate) kind: Kind,
    pub(crate) nullable: bool,
}

/// The columns [`crate::runner::output::cells_table`] writes, in its order (the
/// coverage checkpoints apart): kind, whether a value may be empty, whether every table
/// has the column (the optional ones came with later versions: replicates, abandoned
/// tests, coverage; or appear only where needed: crash causes, the coverage area).
const COLUMNS: [(&str, Kind, bool, bool); 25] = [
    // (name, kind, nullable, required)
    ("phase", Kind::Text, false, true),
    ("run", Kind::U32, false, true),
    ("replicate", Kind::U32, false, false),
    ("seed", Kind::U64, false, false),
    ("subject", Kind::Text, false, true),
    ("mutant", Kind::U32, false, true),
    ("operator", Kind::Text, false, true),
    ("strategy", Kind::Text, false, true),
    ("n", Kind::U64, false, true),
    ("test_budget", Kind::U64, true, true),
    ("tests_run", Kind::U64, false, true),
    ("failing_tests", Kind::U64, false, true),
    ("guarded_tests", Kind::U64, false, true),
    ("abandoned_tests", Kind::U64, false, false),
    ("first_failure", Kind::U64, true, true),
    ("first_failure_index", Kind::Index, true, true),
    ("method_calls", Kind::U64, false, true),
    ("cpu_seconds", Kind::Seconds, false, true),
    ("first_failure_cpu_seconds", Kind::Seconds, true, true),
    ("outcome", Kind::Text, false, true),
    ("stop", Kind::Text, false, true),
    ("branches_total", Kind::U64, true, false),
    ("branches_covered", Kind::U64, true, false),
    ("crash_cause", Kind::Text, true, false),
    ("branches_area", Kind::U64, true, false),
];

/// The column `name`'s spec, if it is a column of the cells table.
pub(crate) fn spec(name: &str) -> Option<Spec> {
    let spec = |(_, kind, nullable, _): (&str, Kind, bool, bool)| Spec { kind, nullable };
    COLUMNS
        .iter()
        .find(|c| c.0 == name)
        .map(|c| spec(*c))
        .or_else(|| {
            crate::coverage::curve::CHECKPOINT_COLUMNS
                .contains(&name)
                .then_some(Spec {
                    kind: Kind::U64,
                    nullable: true,
                })
        })
}

/// The specs of a table's columns `names`, each known and none twice, every required
/// column among them (`line`: the CSV header's line, for messages).
pub(crate) fn header_specs(
    path: &Path,
    names: &[String],
    line: Option<usize>,
) -> Result<Vec<Spec>, ReportError> {
    let at = line.map(At::Line);
    let mut specs = Vec::with_capacity(names.len());
    for (index, name) in names.iter().enumerate() {
        if names[..index].contains(name) {
            return Err(damaged(
                path,
                at,
                Some(name),
                "the column occurs twice".into(),
            ));
        }
        let Some(spec) = spec(name) else {
            return Err(damaged(
                path,
                at,
                Some(name),
                "not a column of a cells table (a damaged header?)".into(),
            ));
        };
        specs.push(spec);
    }
    let missing: Vec<&str> = COLUMNS
        .iter()
        .filter(|c| c.3 && !names.iter().any(|n| n == c.0))
        .map(|c| c.0)
        .collect();
    if !missing.is_empty() {
        return Err(damaged(
            path,
            at,
            None,
            format!(
                "the table lacks the column{} {}",
                if missing.len() == 1 { "" } else { "s" },
                missing.join(", ")
            ),
        ));
    }
    Ok(specs)
}

#[cfg(test)]
mod tests {
    use crate::report::folder::test_folders::{refused, register_csv};

    #[test]
    fn a_damaged_header_is_named() {
        let text = register_csv();
        assert_eq!(
            refused(&text.replacen("outcome", "outcom", 1)),
            "line 1, column `outcom`: not a column of a cells table (a damaged header?)"
        );
        assert_eq!(
            refused(&text.replacen("phase,run,", "phase,phase,", 1)),
            "line 1, column `phase`: the column occurs twice"
        );
        assert_eq!(
            refused("phase,subject\ncomparison,A\n"),
            "line 1: the table lacks the columns run, mutant, operator, strategy, n, test_budget, \
             tests_run, failing_tests, guarded_tests, first_failure, first_failure_index, \
             method_calls, cpu_seconds, first_failure_cpu_seconds, outcome, stop"
        );
    }
}
