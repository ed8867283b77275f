//! A walk run's `[phase.run.params]`: read by the walk's registered parameter type
//! ([`crate::kernel::parameters::Parameters`]), every error located at the key it is about.
//!
//! ```toml
//! [[phase.run]]
//! strategy = "my-walk"        # any registered walk (WalkKind::ALL)
//! n = 10
//! tests = 1000
//! [phase.run.params]
//! repeat = 2                  # the walk's own parameters; unknown keys are errors
//! ```
//!
//! A parameter that names a file (`choice`'s `model`) is relative to the experiment file's
//! folder, and parameters that name methods are checked against the subjects' contexts
//! ([`ParameterScope`]) of the subjects the run runs on (its `subjects`, else all). A results folder's copy of the file is read with the values its
//! manifest records instead (`parse_recorded_experiment`).

use std::collections::BTreeSet;
use std::sync::Arc;

use super::Parser;
use super::generator_params::ParamsDecl;
use crate::context::TestContext;
use crate::experiment::names_subject;
use crate::kernel::file::FileError;
use crate::kernel::parameters::{ParameterError, ParameterScope, ParameterValues};
use crate::walk::WalkKind;

impl Parser<'_> {
    /// The parameters of walk `kind` from `params` (each value may be profiled).
    pub(super) fn walk_parameters(
        &self,
        at: &str,
        kind: WalkKind,
        params: Option<&ParamsDecl>,
        subjects: Option<&BTreeSet<String>>,
    ) -> Result<ParameterValues, FileError> {
        let all = self.contexts.get().map_or(&[][..], Vec::as_slice);
        let contexts: Vec<Arc<TestContext>> = all
            .iter()
            .filter(|c| subjects.is_none_or(|s| s.iter().any(|n| names_subject(n, c.class()))))
            .cloned()
            .collect();
        let scope = ParameterScope {
            directory: self.path.parent(),
            contexts: &contexts,
        };
        let recorded = self.recorded.and_then(|r| r.get(at)).map(recorded_table);
        self.registered_parameters(at, kind.name(), params, |table| match recorded {
            _ if self.outline => kind.read_parameters_in(&toml::Table::new(), &scope),
            Some(recorded) => kind.read_parameters_in(&recorded?, &scope),
            None => kind.read_parameters_in(table, &scope),
        })
    }
}

/// Recorded parameter values (canonical JSON) as the table they are read from.
fn recorded_table(values: &serde_json::Value) -> Result<toml::Table, ParameterError> {
    let mut values = values.clone();
    if let serde_json::Value::Object(map) = &mut values {
        map.retain(|_, v| !v.is_null());
    }
    toml::Table::try_from(&values).map_err(|e| ParameterError::Invalid {
        key: "(recorded)".into(),
        message: format!("the manifest's values are not a table: {e}"),
    })
}
